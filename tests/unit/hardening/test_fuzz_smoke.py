"""A few seconds of fuzzing `asc-opt` with the kinds of input that once gave tracebacks.

Where `test_fuzz_ir.py` mutates every lit input blindly, this smoke test aims at what
fuzzing found: very wide integer types (plain, in `dense<>` and `array<>`), a block
label defined twice, a parameterless type written with parameters, names and code that
would inject C++ (printed with and without `--disable-verify`), malformed pass
pipelines and target specs. Each input goes to asc-opt's `main` in this process; the
test asserts only that diagnostics come out: no exception escapes, the status is 0 or
1, an error names where (`file:line:col`, or `asc-opt: error:` for the command line)
and none is an internal error. A fixed (derandomised) set of `EXAMPLES` inputs, each
under `TIME_LIMIT` seconds.
"""

from __future__ import annotations

import contextlib
import io
import re
import signal
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from asc_xdsl.opt import main as asc_opt

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = 30
TIME_LIMIT = 10
LOCATED = re.compile(r"input\.mlir:\d+:\d+|^asc-opt: error: ", re.MULTILINE)

SEEDS = [
    (ROOT / "examples" / "vector_add.mlir").read_text(),
    """\
emitasc.declare_py_struct !emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>
func.func @k(%p: memref<?x!emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, 22>, %a: i32) {
  %n = emitasc.member %p "n" : memref<?x!emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, 22>, i32
  emitasc.call_opaque "AscendC::PipeBarrier<PIPE_ALL>" () : () -> ()
  emitasc.verbatim "$0 = $0 + 1;" %a : i32
  cf.br ^bb1
^bb1:
  return
}
""",
]
WIDE_TYPES = ["i65536", "i100000", "ui16777216", "i99999999999999999999", "i0", "si128"]
DENSE = [
    "dense<1> : tensor<4x{t}>",
    "dense<[1, 2]> : tensor<2x{t}>",
    "array<{t}: 1, 2, 3>",
    "dense<1> : tensor<4611686018427387904xi8>",
]
PARAMETERIZED = ["!ascendc.data_copy_params<1>", "i32<4>", "index<2>", "!ascendc.pipe<vecin>"]
INJECTED = [
    "S; int x", "int x, y", "operator delete", "a /* b", "x = 1; \\\\", "#if 0", "n; };",
    'R\\"(', "a\\nb",
]  # fmt: skip
MODES = [
    [], ["-t", "ascendc"], ["--disable-verify", "-t", "ascendc"], ["-p", "canonicalize,cse"],
    ["-p", "ascendc-plan-memory"], ["-p", "pass{"], ["-p", "canonicalize{max-iterations=1"],
    ["-p", "cse}"], ["-t", "ascendc{"],
]  # fmt: skip
_INT_TYPE = re.compile(r"\b[su]?i(1|8|16|32|64)\b")
_STRING = re.compile(r'"[^"\n]*"')
_TYPE = re.compile(r"!ascendc\.[a-z_]+(<[^<>]*>)?|\bindex\b")


def _replace(pattern: re.Pattern[str], draw: st.DrawFn, text: str, new: str) -> str:
    matches = list(pattern.finditer(text))
    if not matches:
        return text
    m = draw(st.sampled_from(matches))
    return text[: m.start()] + new + text[m.end() :]


def _wide(draw: st.DrawFn, text: str) -> str:
    return _replace(_INT_TYPE, draw, text, draw(st.sampled_from(WIDE_TYPES)))


def _dense(draw: st.DrawFn, text: str) -> str:
    attr = draw(st.sampled_from(DENSE)).format(t=draw(st.sampled_from([*WIDE_TYPES, "i32"])))
    return text.replace(") {", f") attributes {{fuzz = {attr}}} {{", 1)


def _label(draw: st.DrawFn, text: str) -> str:
    lines = text.splitlines()
    at = draw(st.integers(1, max(len(lines) - 1, 1)))
    return "\n".join([*lines[:at], "^bb1:", *lines[at:]]) + "\n"


def _parameters(draw: st.DrawFn, text: str) -> str:
    return _replace(_TYPE, draw, text, draw(st.sampled_from(PARAMETERIZED)))


def _inject(draw: st.DrawFn, text: str) -> str:
    return _replace(_STRING, draw, text, f'"{draw(st.sampled_from(INJECTED))}"')


def _delete(draw: st.DrawFn, text: str) -> str:
    at = draw(st.integers(0, max(len(text) - 1, 0)))
    return text[:at] + text[at + draw(st.integers(1, 8)) :]


MUTATIONS = [_wide, _dense, _label, _parameters, _inject, _delete]


@st.composite
def inputs(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 3))):
        text = draw(st.sampled_from(MUTATIONS))(draw, text)
    return text


class Hang(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Hang(f"asc-opt ran for more than {TIME_LIMIT} s")


@given(data=st.data())
@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
def test_fuzz_smoke_only_diagnostics(tmp_path_factory, data):
    text = data.draw(inputs(), label="input")
    mode = data.draw(st.sampled_from(MODES), label="mode")
    path = tmp_path_factory.getbasetemp() / "input.mlir"
    path.write_text(text)
    out, err = io.StringIO(), io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TIME_LIMIT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = asc_opt([str(path), *mode, "--allow-unregistered-dialect"])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    message = err.getvalue()
    event(f"{' '.join(mode) or 'parse+verify'}: {'accepted' if status == 0 else 'error'}")
    assert status in (0, 1)
    assert "Traceback" not in message
    assert "internal error" not in message, message
    if status == 1:
        assert LOCATED.search(message), f"an error that does not say where:\n{message}"
