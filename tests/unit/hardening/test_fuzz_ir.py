"""Fuzzing `asc-opt` with valid and mutated IR: never a traceback.

The seeds are the chunks of the lit tests (`tests/filecheck/**/*.mlir`, split at
`// -----`): valid IR, and the invalid IR of the diagnostics tests. Hypothesis takes a seed and applies a few mutations -- deleting, repeating,
truncating or swapping text, out-of-range numbers, other types, other op names, nested
brackets -- then runs `asc-opt` on it in-process with one of: no pass, `-p
canonicalize,cse`, `-t ascendc`. Whatever the input, `asc-opt` must either succeed or
exit with status 1 and an error that says where (`file:line:col`); any exception that
escapes `main()` is a failure. Profiles and the long local run: `fuzzkit.py`.
"""

from __future__ import annotations

import contextlib
import functools
import io
import itertools
import re
import signal
from pathlib import Path

from fuzzkit import fuzz_settings
from hypothesis import event, given
from hypothesis import strategies as st

from asc_xdsl.opt import main as asc_opt

ROOT = Path(__file__).resolve().parents[3]
LOCATED = re.compile(r"input\.mlir:\d+:\d+")

NUMBERS = [
    "0", "-1", "1", "255", "65535", "2147483648", "-2147483649", "18446744073709551616",
    "99999999999999999999999", "1.0e10", "1.0e999999", "-0.0", "0x7FF0000000000000",
    "0x7C00", "3.4e38", "1e-50",
]  # fmt: skip
TYPES = [
    "i1", "i8", "i32", "ui32", "i64", "index", "f16", "bf16", "f32", "f64",
    "!ascendc.local_tensor<*xf32>", "!ascendc.global_tensor<*xf16>", "memref<?xf32, 22>",
    "!ascendc.queue<vecin, 2>", "!ascendc.tbuf<veccalc>", "tensor<4xf32>", "none",
]  # fmt: skip
SNIPPETS = [
    "{", "}", "(", ")", "<", ">", "[", "]", ",", ":", "=", "%", "^bb0", "%0", "#loc",
    '"', "loc(", "->", "!ascendc.", "[[[[[[[[", "{{{{", "// -----", "\n", " ", "@f",
    "attributes {x = [[[[1]]]]}", "scf.if %c {", "arith.constant 1 : i32",
]  # fmt: skip
OP_NAMES = [
    "ascendc.add_l2", "ascendc.muls_l2", "ascendc.printf", "ascendc.data_copy_l2",
    "arith.addi", "arith.constant", "scf.yield", "func.return", "ascendc.queue",
    "ascendc.pipe.init_buffer", "emitasc.ptr_offset", "ascendc.unknown_op",
]  # fmt: skip
_TYPE_RE = re.compile(r"\b(i1|i8|i16|i32|i64|ui8|ui16|ui32|ui64|index|f16|bf16|f32|f64)\b")
_NUMBER_RE = re.compile(r"-?\b(0x[0-9a-fA-F]+|\d+(\.\d+)?([eE][+-]?\d+)?)\b")
_OP_RE = re.compile(r"\b(ascendc|arith|scf|func|emitasc|math|memref)\.[a-z_0-9.]+")


@functools.cache
def corpus() -> tuple[str, ...]:
    """The chunks of the lit tests: valid IR and the diagnostics tests' invalid IR."""
    out = []
    for path in sorted((ROOT / "tests" / "filecheck").rglob("*.mlir")):
        for chunk in path.read_text().split("// -----"):
            text = "\n".join(
                line for line in chunk.splitlines() if not line.lstrip().startswith("//")
            )
            if text.strip() and len(text) < 6000:
                out.append(text + "\n")
    return tuple(out)


TIME_LIMIT = 20
"""Seconds asc-opt may take on one input: longer is a hang, and a failure."""


class Hang(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Hang(f"asc-opt ran for more than {TIME_LIMIT} s")


def _run(argv: list[str]) -> tuple[int, str]:
    err, out = io.StringIO(), io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TIME_LIMIT)
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            status = asc_opt(argv)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return status, err.getvalue()


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(corpus()))
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(MUTATIONS))
        text = kind(draw, text)
    return text


def _position(draw: st.DrawFn, text: str) -> int:
    return draw(st.integers(0, max(len(text) - 1, 0)))


def _delete(draw: st.DrawFn, text: str) -> str:
    at = _position(draw, text)
    return text[:at] + text[at + draw(st.integers(1, 12)) :]


def _insert(draw: st.DrawFn, text: str) -> str:
    at = _position(draw, text)
    return text[:at] + draw(st.sampled_from(SNIPPETS)) + text[at:]


def _truncate(draw: st.DrawFn, text: str) -> str:
    return text[: _position(draw, text)]


def _lines(draw: st.DrawFn, text: str) -> str:
    lines = text.splitlines()
    if len(lines) < 2:
        return text
    i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
    if draw(st.booleans()):
        lines[i], lines[j] = lines[j], lines[i]
    else:
        lines.insert(j, lines[i])
    return "\n".join(lines) + "\n"


def _replace(pattern: re.Pattern[str], choices: st.SearchStrategy[str]):
    def mutate(draw: st.DrawFn, text: str) -> str:
        matches = list(pattern.finditer(text))
        if not matches:
            return text
        m = draw(st.sampled_from(matches))
        return text[: m.start()] + draw(choices) + text[m.end() :]

    return mutate


MUTATIONS = [
    _delete,
    _insert,
    _truncate,
    _lines,
    _replace(_NUMBER_RE, st.sampled_from(NUMBERS)),
    _replace(_TYPE_RE, st.sampled_from(TYPES)),
    _replace(_OP_RE, st.sampled_from(OP_NAMES)),
]
MODES = [[], ["-p", "canonicalize,cse"], ["-t", "ascendc"]]


@given(data=st.data())
@fuzz_settings()
def test_fuzz_asc_opt_never_shows_a_traceback(tmp_path_factory, data):
    text = data.draw(mutated(), label="input")
    mode = data.draw(st.sampled_from(MODES), label="mode")
    path = tmp_path_factory.getbasetemp() / "input.mlir"
    path.write_text(text)
    status, err = _run([str(path), *mode])  # an escaping exception fails the test
    assert status in (0, 1)
    event(f"{' '.join(mode) or 'parse+verify'}: {'accepted' if status == 0 else 'error'}")
    if status == 1:
        assert LOCATED.search(err), f"an error without a location:\n{err}"


# -- random valid IR ------------------------------------------------------------------------

INT_TYPES = ["i32", "i64", "index"]
FLOAT_TYPES = ["f32", "f16"]
INT_BINARY = [
    "addi", "subi", "muli", "andi", "ori", "xori", "divsi", "remsi", "floordivsi",
    "ceildivsi", "divui", "remui", "maxsi", "minsi", "shli", "shrsi",
]  # fmt: skip
FLOAT_BINARY = ["addf", "subf", "mulf", "divf", "maximumf", "minimumf"]
CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
CMPF = ["oeq", "one", "olt", "ole", "ogt", "oge", "ueq", "une", "ult", "uge", "ord", "uno"]
CASTS = [  # (source, result, op)
    ("i32", "index", "arith.index_cast"), ("index", "i32", "arith.index_cast"),
    ("i32", "f32", "arith.sitofp"), ("f32", "i32", "arith.fptosi"),
    ("f16", "f32", "arith.extf"), ("f32", "f16", "arith.truncf"),
    ("i32", "i64", "arith.extsi"), ("i64", "i32", "arith.trunci"),
]  # fmt: skip


class Program:
    """Well-typed IR built from hypothesis draws: values by type, nested regions."""

    def __init__(self, draw: st.DrawFn):
        self.draw = draw
        self.count = itertools.count()
        self.lines: list[str] = []

    def fresh(self) -> str:
        return f"%v{next(self.count)}"

    def emit(self, depth: int, text: str) -> None:
        self.lines.append("  " * depth + text)

    def value(self, scope: dict[str, list[str]], t: str, depth: int) -> str:
        if scope.get(t) and self.draw(st.booleans()):
            return self.draw(st.sampled_from(scope[t]))
        name = self.fresh()
        if t in FLOAT_TYPES:
            literal = repr(self.draw(st.floats(-1e4, 1e4, width=16)))
        elif t == "i1":
            literal = self.draw(st.sampled_from(["true", "false"]))
        else:
            literal = str(self.draw(st.integers(-100, 100)))
        self.emit(depth, f"{name} = arith.constant {literal}" + ("" if t == "i1" else f" : {t}"))
        scope.setdefault(t, []).append(name)
        return name

    def ops(self, scope: dict[str, list[str]], depth: int, budget: int) -> None:
        for _ in range(self.draw(st.integers(1, budget))):
            self.op(scope, depth)

    def op(self, scope: dict[str, list[str]], depth: int) -> None:
        kind = self.draw(
            st.sampled_from(["int", "float", "cmpi", "cmpf", "select", "cast", "if", "for"])
        )
        if kind in ("if", "for") and depth > 4:
            kind = "int"
        name = self.fresh()
        if kind == "int":
            t = self.draw(st.sampled_from(INT_TYPES))
            a, b = self.value(scope, t, depth), self.value(scope, t, depth)
            op = self.draw(st.sampled_from(INT_BINARY))
            self.emit(depth, f"{name} = arith.{op} {a}, {b} : {t}")
        elif kind == "float":
            t = self.draw(st.sampled_from(FLOAT_TYPES))
            a, b = self.value(scope, t, depth), self.value(scope, t, depth)
            op = self.draw(st.sampled_from(FLOAT_BINARY))
            self.emit(depth, f"{name} = arith.{op} {a}, {b} : {t}")
        elif kind in ("cmpi", "cmpf"):
            t = self.draw(st.sampled_from(INT_TYPES if kind == "cmpi" else FLOAT_TYPES))
            a, b = self.value(scope, t, depth), self.value(scope, t, depth)
            pred = self.draw(st.sampled_from(CMPI if kind == "cmpi" else CMPF))
            self.emit(depth, f"{name} = arith.{kind} {pred}, {a}, {b} : {t}")
            t = "i1"
        elif kind == "select":
            t = self.draw(st.sampled_from(INT_TYPES + FLOAT_TYPES))
            c = self.value(scope, "i1", depth)
            a, b = self.value(scope, t, depth), self.value(scope, t, depth)
            self.emit(depth, f"{name} = arith.select {c}, {a}, {b} : {t}")
        elif kind == "cast":
            src, t, op = self.draw(st.sampled_from(CASTS))
            self.emit(depth, f"{name} = {op} {self.value(scope, src, depth)} : {src} to {t}")
        elif kind == "if":
            t = self.draw(st.sampled_from(INT_TYPES + FLOAT_TYPES))
            c = self.value(scope, "i1", depth)
            self.emit(depth, f"{name} = scf.if {c} -> ({t}) {{")
            for branch in ("then", "else"):
                inner = {k: list(v) for k, v in scope.items()}
                self.ops(inner, depth + 1, 3)
                self.emit(depth + 1, f"scf.yield {self.value(inner, t, depth + 1)} : {t}")
                self.emit(depth, "} else {" if branch == "then" else "}")
        else:
            t = self.draw(st.sampled_from(INT_TYPES + FLOAT_TYPES))
            lb, ub = self.value(scope, "index", depth), self.value(scope, "index", depth)
            step = self.fresh()
            self.emit(depth, f"{step} = arith.constant {self.draw(st.integers(1, 4))} : index")
            init = self.value(scope, t, depth)
            iv, acc = self.fresh(), self.fresh()
            self.emit(
                depth,
                f"{name} = scf.for {iv} = {lb} to {ub} step {step} "
                f"iter_args({acc} = {init}) -> ({t}) {{",
            )
            inner = {k: list(v) for k, v in scope.items()}
            inner.setdefault("index", []).append(iv)
            inner.setdefault(t, []).append(acc)
            self.ops(inner, depth + 1, 3)
            self.emit(depth + 1, f"scf.yield {self.value(inner, t, depth + 1)} : {t}")
            self.emit(depth, "}")
        scope.setdefault(t, []).append(name)


@st.composite
def valid_programs(draw: st.DrawFn) -> str:
    program = Program(draw)
    scope = {"i32": ["%a"], "f32": ["%x"], "index": ["%n"], "i1": ["%c"], "f16": ["%h"]}
    program.ops(scope, 1, 8)
    t = draw(st.sampled_from(INT_TYPES + FLOAT_TYPES))
    result = program.value(scope, t, 1)
    body = "\n".join(program.lines)
    return (
        f"func.func @f(%a: i32, %x: f32, %n: index, %c: i1, %h: f16) -> {t} {{\n"
        f"{body}\n  func.return {result} : {t}\n}}\n"
    )


@given(data=st.data())
@fuzz_settings()
def test_fuzz_asc_opt_accepts_random_valid_ir(tmp_path_factory, data):
    text = data.draw(valid_programs(), label="input")
    mode = data.draw(st.sampled_from(MODES), label="mode")
    path = tmp_path_factory.getbasetemp() / "valid.mlir"
    path.write_text(text)
    status, err = _run([str(path), *mode])
    assert status == 0, f"valid IR refused:\n{err}"
