"""Executable proofs that pyasc's C++ aborts when run in the headers' CPU-debug build.

Some code the headers compile is still refused by them at run time: in CANN's CPU-debug
build (`ASCENDC_CPU_DEBUG`, the mode tools/check_headers.py compiles in) an
`ASCENDC_ASSERT` / `ASCENDC_DEBUG_ASSERT` that fails raises SIGABRT. For the cases
listed here the harness compiles pyasc's expected C++ (`expected_cpp`) against the
headers in that mode, links it with a `main` calling the case's function and runs it.
The proof holds when that run dies of SIGABRT while the *control* (the same program
with the listed CHECK lines changed as `control` says, e.g. `PIPE_S` -> `PIPE_V`)
exits normally: the abort comes from those lines, nothing else in the function (state
the function assumes but does not make, a TBufPool's memory, is added to both runs by
`setup`). The
lines whose call aborts (`check_lines`) are then dropped from the case, as the lines a
header error points at are, and the rest must match.

Linking needs a few symbols that CANN's closed CPU-debug runtime library defines
(`cpu_debug_link.h`): the core-id globals and the intrinsics the run reaches. The
intrinsics are defined as doing nothing (pipes, flags, mask registers: the CPU-debug
headers keep their own bookkeeping) and the three bit intrinsics the TPipe's event-id
allocator uses compute what their names say; none of them can raise SIGABRT, so an
abort comes from the headers' own assertions. A symbol missing from that file shows as
a link error, and the proof is not made.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pyasc_suite.checks import Directive

_LINK = Path(__file__).resolve().parent / "cpu_debug_link.h"
_SIGABRT = -6


@dataclass(frozen=True)
class RuntimeAbort:
    check_lines: tuple[int, ...]  # the CHECK lines (in their test file) whose call aborts
    args: tuple[str, ...]  # C++ arguments of the case's function
    control: tuple[str, str]  # (text, replacement) in those lines: the control run passes
    reason: str  # the header assertion that fires, and where
    control_at: tuple[int, ...] = ()  # the CHECK lines `control` changes (default: check_lines)
    # (CHECK line, statements): what the harness adds after that line in both runs, for
    # state pyasc's function assumes but does not make (a TBufPool given its memory)
    setup: tuple[int, str] | None = None


_TB = "fwk.mlir"
RUNTIME_ABORTS: dict[tuple[str, str], RuntimeAbort] = {
    ("basic/common.mlir", "emit_pipe_barrier"): RuntimeAbort(
        (57,),
        (),
        ("PIPE_S>", "PIPE_V>"),
        "PipeBarrierImpl (impl/basic_api/kernel_reg.h) asserts pipe != PIPE_S on dav-2201 "
        "(a static_assert on dav-3510)",
    ),
    (_TB, "emit_init_buffer"): RuntimeAbort(
        (133,),
        ("1024",),
        ("TPosition::GM", "TPosition::VECCALC"),
        "TPipe::InitBuffer(TBuf<pos>&, len) (impl/basic_api/kernel_tpipe_impl.h) asserts "
        "the buffer's hardware is not GM",
        control_at=(132,),
    ),
    (_TB, "emit_tbuf_pool_init_buffer"): RuntimeAbort(
        (66,),
        ("1024",),
        ("TPosition::GM", "TPosition::VECIN"),
        "TBufPool::InitBuffer(TBuf<bufPos>&, len) (impl/basic_api/kernel_tbufpool_impl.h) "
        "asserts the buffer's hardware is the pool's",
        control_at=(65,),
        setup=(64, "AscendC::TPipe asc_pipe; asc_pipe.InitBufPool(v2, 65536);"),
    ),
}


def _control_lines(group: list[Directive], proof: RuntimeAbort) -> list[Directive]:
    return [d for d in group if d.line in proof.check_lines]


class RuntimeProber:
    """Builds and runs CPU-debug programs, results cached by text under `cache_dir`."""

    def __init__(self, cache_dir: Path | None = None, cxx: str = "g++"):
        self.cache_dir = cache_dir / "cpu_debug_runs" if cache_dir is not None else None
        self.cxx = cxx

    def compile(self, source: str, extra: tuple[str, ...] = ()) -> tuple[str, str]:
        """("ok", "") when `source` compiles in CPU-debug mode (`-fsyntax-only`, the header
        check's flags and `extra`), else ("error", the first error line)."""
        return self._build(source, extra, run=False)

    def run(self, program: str) -> tuple[str, str]:
        """("abort", ...) for SIGABRT, ("ok", "") for exit 0, ("other", how it ended),
        ("error", why it did not build)."""
        return self._build(program, (), run=True)

    def _build(self, program: str, extra: tuple[str, ...], run: bool) -> tuple[str, str]:
        tools = Path(__file__).resolve().parents[1]
        sys.path.insert(0, str(tools))
        from check_headers import Checker, HeadersMissing, find_headers

        try:
            headers = find_headers()
        except HeadersMissing as e:
            return "error", str(e)
        salt = "\0".join(
            [self.cxx, str(headers.devkit.resolve()), str(headers.tools.resolve()), program]
            + ([_LINK.read_text()] if run else ["syntax", *extra])
        )
        key = hashlib.sha256(salt.encode()).hexdigest()
        path = self.cache_dir / f"{key}.json" if self.cache_dir is not None else None
        if path is not None and path.is_file():
            status, text = json.loads(path.read_text())
            return status, text
        if shutil.which(self.cxx) is None:
            return "error", f"no compiler {self.cxx}"
        with Checker(headers) as checker, tempfile.TemporaryDirectory() as tmp:
            cpp, exe = Path(tmp) / "run.cpp", Path(tmp) / "run"
            cpp.write_text(program)
            flags = [f for f in checker.flags("vec") if f != "-fsyntax-only"]
            if run:
                command = [*flags, "-w", "-I", str(_LINK.parent), str(cpp), "-o", str(exe)]
            else:
                command = [*checker.flags("vec"), *extra, str(cpp)]
            built = subprocess.run(
                [self.cxx, *command], capture_output=True, text=True, check=False
            )
            if built.returncode != 0:
                why = [ln for ln in built.stderr.splitlines() if "error" in ln]
                status, text = "error", (why or ["build failed"])[0].strip()
            elif not run:
                status, text = "ok", ""
            else:
                ran = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
                if ran.returncode == _SIGABRT:
                    status, text = "abort", "SIGABRT"
                elif ran.returncode == 0:
                    status, text = "ok", ""
                else:
                    status, text = "other", f"exit status {ran.returncode}"
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps([status, text]))
        return status, text

    def prove(
        self,
        function: str,
        source: str,
        lines: dict[int, list[Directive]],
        group: list[Directive],
        proof: RuntimeAbort,
    ) -> tuple[bool, str, list[Directive]]:
        """(proven?, what was found, the directives whose call aborts)."""
        at = _control_lines(group, proof)
        if len(at) != len(proof.check_lines):
            return False, f"runtime abort: CHECK lines {proof.check_lines} not in the case", []
        wanted = set(proof.control_at or proof.check_lines)
        tu_lines = source.split("\n")
        if proof.setup is not None:
            after, statements = proof.setup
            n = next((n for n, ds in lines.items() if any(d.line == after for d in ds)), None)
            if n is None:
                return False, f"runtime abort: no CHECK line {after} for the setup", []
            tu_lines[n - 1] += " " + statements
            source = "\n".join(tu_lines)
        old, new = proof.control
        changed = 0
        for n, ds in lines.items():
            if any(d.line in wanted for d in ds) and old in tu_lines[n - 1]:
                tu_lines[n - 1] = tu_lines[n - 1].replace(old, new)
                changed += 1
        if changed != len(wanted):
            return False, f"runtime abort: '{old}' is not in CHECK lines {sorted(wanted)}", []
        main = (
            f'\n#include "cpu_debug_link.h"\n'
            f"int main() {{ {function}({', '.join(proof.args)}); return 0; }}\n"
        )
        theirs = self.run(source + main)
        control = self.run("\n".join(tu_lines) + main)
        what = (
            f"CPU-debug run of pyasc's C++: {theirs[0]} {theirs[1]}".rstrip()
            + f"; with {old} -> {new} in CHECK line(s) {sorted(wanted)}: "
            + f"{control[0]} {control[1]}".rstrip()
        )
        if theirs[0] == "abort" and control[0] == "ok":
            return True, f"{what} ({proof.reason})", at
        return False, what, at


__all__ = ["RUNTIME_ABORTS", "RuntimeAbort", "RuntimeProber"]
