"""Run every pass `asc-opt` lists over every `.mlir` file under tests/filecheck.

    .venv/bin/python tools/pass_sweep.py                  # all passes, all files
    .venv/bin/python tools/pass_sweep.py -k canonicalize  # passes whose name has this
    .venv/bin/python tools/pass_sweep.py --timeout 5 --show 3

Each file is split at `// -----` into chunks and each chunk parsed once, as
`asc-opt --split-input-file --allow-unregistered-dialect` parses it; chunks that do
not parse are left out (they test the parser). Then, for each pass, asc-opt's own
driver (`AscOptMain` made with `-p PASS`) applies the pass to a copy of every chunk --
the same checks, verification and error handling as on the command line, without
parsing the inputs 155 times over. Each (pass, chunk) ends as one of:

- `ok`: the pass ran, or stopped with a diagnostic about the input (a verifier's,
  a pass's own located error);
- `internal`: the driver reported an internal error of the pass (an exception it
  caught and located: "internal error in pass ...");
- `crash`: another exception escaped the driver (a Python traceback for the user);
- `timeout`: it ran longer than `--timeout` seconds.

A pass that cannot be set up without options (`-p PASS` alone is refused as a usage
error) counts as `needs-options`, once. The summary counts each outcome and lists the
passes with crashes, internal errors or timeouts, with their first files and
exceptions; a line per pass goes to stderr as it finishes. The exit status is 1 when
anything crashed or timed out. A pass that crashes half way may leave global state odd
for the next one: the sweep finds bugs, it does not prove their absence.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import signal
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
INTERNAL_MARK = "internal error in "
_SPLIT = re.compile(r"^// -----.*$", re.MULTILINE)


class _Timeout(BaseException):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _Timeout


@dataclass
class Chunk:
    path: Path
    line: int  # of its first line in the file
    module: Any


def load_chunks(files: list[Path]) -> tuple[list[Chunk], int]:
    """The chunks of `files` that parse, and how many did not."""
    from asc_xdsl.opt import AscOptMain

    driver = AscOptMain(args=["--allow-unregistered-dialect"])
    chunks, refused = [], 0
    for path in files:
        text = path.read_text()
        starts = [0] + [m.end() for m in _SPLIT.finditer(text)]
        ends = [m.start() for m in _SPLIT.finditer(text)] + [len(text)]
        for start, end in zip(starts, ends, strict=True):
            line = text.count("\n", 0, start)
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    module = driver.parse_chunk(io.BytesIO(text[start:end].encode()), "mlir", line)
            except BaseException as e:  # parse errors: the parser's tests
                if isinstance(e, KeyboardInterrupt):
                    raise
                refused += 1
                continue
            if module is not None:
                chunks.append(Chunk(path, line + 1, module))
    return chunks, refused


def pass_names() -> list[str]:
    from asc_xdsl.opt import AscOptMain

    return sorted(AscOptMain(args=[]).available_passes)


def driver_for(pass_name: str) -> Any:
    """asc-opt's driver set up to run `pass_name`, or None if it needs options."""
    from asc_xdsl.opt import AscOptMain

    try:
        with contextlib.redirect_stderr(io.StringIO()):
            return AscOptMain(args=["-p", pass_name, "--allow-unregistered-dialect"])
    except BaseException as e:  # a usage error (or argparse's SystemExit)
        if isinstance(e, KeyboardInterrupt):
            raise
        return None


def run_one(driver: Any, chunk: Chunk, timeout: float) -> tuple[str, str]:
    """(outcome, detail) of the driver's pipeline on a copy of `chunk`."""
    from xdsl.utils.exceptions import DiagnosticException

    module = chunk.module.clone()
    driver._spans = {}
    out, err = io.StringIO(), io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            driver.apply_passes(module)
    except _Timeout:
        return "timeout", f"more than {timeout} s"
    except DiagnosticException as e:
        if INTERNAL_MARK in str(e):
            line = next(ln for ln in str(e).splitlines() if INTERNAL_MARK in ln)
            return "internal", line.strip()
        return "ok", ""
    except RecursionError:
        return "ok", ""  # the driver reports nesting too deep as an input error
    except BaseException as e:  # what would reach the user as a traceback
        if isinstance(e, KeyboardInterrupt):
            raise
        first = str(e).splitlines()[0] if str(e) else ""
        return "crash", f"{type(e).__name__}: {first}"[:200]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return "ok", ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-k", default="", help="only passes whose name contains this")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per run")
    parser.add_argument("--show", type=int, default=2, help="examples listed per pass")
    parser.add_argument("-q", "--quiet", action="store_true", help="no line per pass on stderr")
    ns = parser.parse_args(argv)

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    start = time.perf_counter()
    files = sorted(f for f in (ROOT / "tests" / "filecheck").rglob("*.mlir"))
    files = [f for f in files if "Output" not in f.parts]
    chunks, refused = load_chunks(files)
    passes = [p for p in pass_names() if ns.k in p]
    outcomes: Counter[str] = Counter()
    bad: dict[str, list[tuple[str, Chunk, str]]] = defaultdict(list)
    for i, name in enumerate(passes, 1):
        driver = driver_for(name)
        if driver is None:
            outcomes["needs-options"] += 1
            found = "needs options"
        else:
            for chunk in chunks:
                outcome, detail = run_one(driver, chunk, ns.timeout)
                outcomes[outcome] += 1
                if outcome != "ok":
                    bad[name].append((outcome, chunk, detail))
            kinds = Counter(k for k, _, _ in bad.get(name, ()))
            found = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) or "ok"
        if not ns.quiet:
            print(f"[{i}/{len(passes)}] {name}: {found}", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    runs = sum(n for k, n in outcomes.items() if k != "needs-options")
    print(
        f"{len(passes)} passes over {len(chunks)} chunks of {len(files)} files "
        f"({refused} chunks that do not parse left out): {runs} runs in {elapsed:.0f} s"
    )
    print("  " + ", ".join(f"{k} {outcomes[k]}" for k in sorted(outcomes)))
    crashing = sorted(n for n, items in bad.items() if any(k == "crash" for k, _, _ in items))
    internal = sorted(n for n, items in bad.items() if any(k == "internal" for k, _, _ in items))
    print(f"  passes with crashes: {len(crashing)}; with internal errors: {len(internal)}")
    for name, items in sorted(bad.items()):
        kinds = Counter(k for k, _, _ in items)
        print(f"  {name}: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
        for outcome, chunk, detail in items[: ns.show]:
            where = f"{chunk.path.relative_to(ROOT)}:{chunk.line}"
            print(f"      {outcome}: {where}: {detail}")
    return 1 if outcomes["crash"] or outcomes["timeout"] else 0


if __name__ == "__main__":
    sys.exit(main())
