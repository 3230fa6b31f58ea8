"""Header checks (tools/check_headers.py) of many C++ sources, cached on disk.

A check compiles one translation unit with `g++ -fsyntax-only` against the Ascend C
headers in CPU-debug mode (`-Werror=narrowing`); a source passes when it compiles for
one of the cores (vector or cube; the cube core is tried only when the vector core
fails). Each verdict is stored under a cache folder keyed by a hash of the source text,
the header checkouts and the compiler flags, so a rerun compiles only what changed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

CACHE_ENV = "PYASC_SUITE_CACHE"
# Bump when what a verdict means changes (the cores tried, how errors are read).
_CACHE_VERSION = "1"
CORES = ("vec", "cube")
_ERROR_LINE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):\d+: error: (?P<text>.*)$", re.M)


def default_cache_dir() -> Path:
    if value := os.environ.get(CACHE_ENV):
        return Path(value)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "asc_xdsl" / "pyasc_suite_headers"


@dataclass(frozen=True)
class Verdict:
    """Does a source compile against the headers? If not: its first error."""

    ok: bool
    error: str = ""  # the first `error:` line, without file and position
    line: int = 0  # that error's line in the source (0: in a header, or unknown)
    core: str = ""  # the core it compiled for, or the one whose error is reported
    lines: tuple[int, ...] = ()  # every line of the source an error points at, in order


def error_lines(name: str, message: str) -> tuple[int, ...]:
    """Every line of `name` the compiler's errors point at (directly, or through a
    `required from here` for an error inside a header), in order, without repeats."""
    found = re.findall(
        rf"^{re.escape(name)}:(\d+):\d+:\s+(?:error|required from here)", message, re.M
    )
    return tuple(dict.fromkeys(int(n) for n in found))


def first_error_of(name: str, message: str) -> tuple[str, int]:
    """The compiler's first error (its text, and its line in `name`, 0 if elsewhere),
    and, for an error inside a header, the source line that led there."""
    m = _ERROR_LINE.search(message)
    if m is None:
        text = message.strip().splitlines()[0] if message.strip() else "compiler failed"
        return text, 0
    if m.group("file") == name:
        return m.group("text").strip(), int(m.group("line"))
    # An error inside a header: the last `required from here` / `In function` line of
    # the source before it names where the source asked for it.
    before = message[: m.start()]
    lines = re.findall(rf"^{re.escape(name)}:(\d+):\d+:", before, re.M)
    return m.group("text").strip(), int(lines[-1]) if lines else 0


class HeaderChecks:
    """Verdicts for many sources at once: cached ones read back, the rest compiled (in
    parallel, `jobs` at a time) and stored. `enabled=False` compiles nothing and
    answers None for every source not already cached."""

    def __init__(self, cache_dir: Path | None = None, enabled: bool = True, jobs: int = 2):
        self.cache_dir = cache_dir or default_cache_dir()
        self.enabled = enabled
        self.jobs = jobs
        self.compiled = 0  # sources compiled by this object (cache misses)
        self._salt: str | None = None
        self._error: str | None = None  # why the headers cannot be checked

    @property
    def unavailable(self) -> str | None:
        """Why no header check can run (headers or compiler missing), else None."""
        self._salt_or_error()
        return self._error

    def _salt_or_error(self) -> str | None:
        if self._salt is None and self._error is None:
            tools = Path(__file__).resolve().parents[1]
            sys.path.insert(0, str(tools))
            from check_headers import CXX_FLAGS, HeadersMissing, find_headers

            try:
                headers = find_headers()
            except HeadersMissing as e:
                self._error = str(e)
                return None
            stubs = (tools / "ascendc_stubs" / "stub_fun.h").read_bytes()
            self._headers = headers
            self._salt = "\0".join(
                [
                    _CACHE_VERSION,
                    str(headers.devkit.resolve()),
                    str(headers.tools.resolve()),
                    " ".join(CXX_FLAGS),
                    hashlib.sha256(stubs).hexdigest(),
                ]
            )
        return self._salt

    def _key(self, text: str) -> str:
        return hashlib.sha256(f"{self._salt}\0{text}".encode()).hexdigest()

    def _path(self, key: str) -> Path:
        return self.cache_dir / key[:2] / f"{key}.json"

    def verdicts(self, sources: Sequence[tuple[str, str]]) -> dict[str, Verdict | None]:
        """name -> verdict for (name, C++ text) pairs; None where no check could run."""
        out: dict[str, Verdict | None] = {name: None for name, _ in sources}
        if self._salt_or_error() is None:
            return out
        missing: list[tuple[str, str, str]] = []
        for name, text in sources:
            key = self._key(text)
            path = self._path(key)
            if path.is_file():
                data = json.loads(path.read_text())
                out[name] = Verdict(**{**data, "lines": tuple(data.get("lines", ()))})
            else:
                missing.append((name, text, key))
        if not missing or not self.enabled:
            return out
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        from check_headers import Checker, Source

        with Checker(self._headers) as checker:

            def run(item: tuple[str, str, str]) -> tuple[str, Verdict]:
                _, text, key = item
                name = f"source_{key[:12]}.cpp"  # no ':' to confuse the error lines
                first: Verdict | None = None
                for core in CORES:
                    r = checker.check(Source(name, text, (core,)), core)
                    if r.ok:
                        return key, Verdict(True, core=core)
                    if first is None:
                        err, line = first_error_of(name, r.message)
                        first = Verdict(False, err, line, core, error_lines(name, r.message))
                return key, first

            def store(item: tuple[str, str, str]) -> tuple[str, Verdict]:
                key, verdict = run(item)
                path = self._path(key)  # stored at once: an interrupted run keeps its work
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_suffix(f".{threading.get_ident()}.tmp")
                tmp.write_text(json.dumps({**verdict.__dict__, "lines": list(verdict.lines)}))
                tmp.replace(path)
                return key, verdict

            with ThreadPoolExecutor(max(1, self.jobs)) as pool:
                done = list(pool.map(store, missing))
        for (name, _, _), (_, verdict) in zip(missing, done, strict=True):
            out[name] = verdict
        self.compiled += len(missing)
        return out
