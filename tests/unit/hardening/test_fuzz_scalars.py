"""Differential fuzzing of scalar expressions: kernels vs plain Python.

Hypothesis builds random expressions over runtime parameters (`a`, `b`: int32; `p`,
`q`: float32) and constants, with every operator the frontend accepts on scalars
(+ - * / // % & | ^ << >>, unary - + ~, comparisons, min, max, float(), `x if c else
y`, `and`, `or`, `not`), mixing
compile-time and runtime operands. Each expression becomes a one-line kernel that
stores it into a GM array; the kernel runs on the CPU simulator and its result is
compared bit for bit with `reference()`, plain Python that states the frontend's
typing rules:

* a subexpression of constants is Python's value (folded at compile time);
* where a runtime value meets it, both take the common type: float32 if either side
  is a float, else int32 (comparisons give bool; bools count as int32 in arithmetic);
* int32 arithmetic wraps; float32 arithmetic rounds like numpy's float32;
* `//` and `%` are Python's on the operands' values (a float division by zero is NaN;
  an integer one is a runtime error); `min`/`max` keep the first argument on ties;
* `x if c else y`, `and` and `or` evaluate only what Python evaluates at run time (a
  guarded division never runs); `and`/`or` give a bool (the kernel's conditions), so
  they are fuzzed as `bool(x and y)`; both operands of a runtime choice are compiled;
* a constant that does not fit the type it meets, or that Python rejects, is a
  compile error (located); so is an operator the type does not have (`~` on floats).

Profiles and the long local run: `fuzzkit.py`.
"""

from __future__ import annotations

import importlib
import itertools
import math
import operator
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fuzzkit import fuzz_settings
from hypothesis import event, example, given
from hypothesis import strategies as st

import asc_xdsl as asc
from asc_xdsl.runtime.simulator import SimulatorError

I32_MIN, I32_MAX = -(2**31), 2**31 - 1
F32_OVERFLOW = float.fromhex("0x1.ffffffp127")
RUNTIME = {"a": "i32", "b": "i32", "p": "f32", "q": "f32"}


class CompileFails(Exception):
    """The kernel must not compile (a located CompileError)."""


class RunFails(Exception):
    """The kernel must stop at run time (integer division by zero)."""


RUN_FAILS: list[str] = []
"""Runtime failures met while evaluating (raised after the whole expression, since a
compile error anywhere in it wins)."""


@dataclass(frozen=True)
class Val:
    kind: str  # "const", "i32", "f32", "bool"
    value: Any

    @property
    def runtime(self) -> bool:
        return self.kind != "const"


def wrap(v: int) -> int:
    return (v - I32_MIN) % 2**32 + I32_MIN


def f32(v: float) -> np.float32:
    with np.errstate(over="ignore"):
        return np.float32(v)


# -- the frontend's typing rules, in plain Python --------------------------------------


def common(x: Val, y: Val) -> str:
    kinds = [v.kind for v in (x, y) if v.runtime]
    if not kinds:  # two constants meeting a runtime choice
        floats = any(isinstance(v.value, float) for v in (x, y))
        return "f32" if floats else "i32"
    const_float = any(
        not v.runtime and isinstance(v.value, float) and not isinstance(v.value, bool)
        for v in (x, y)
    )
    if const_float and "f32" not in kinds:
        return "f32"
    pool = [k for k in kinds if k == "f32"] or kinds
    best = pool[0]
    for k in pool[1:]:
        if k != "bool" and best == "bool":
            best = k
    return "i32" if best == "bool" else best


def convert(v: Val, kind: str) -> Any:
    if not v.runtime:
        c = v.value
        if kind == "f32":
            try:
                number = float(c)
            except OverflowError:
                raise CompileFails from None
            if math.isfinite(number) and abs(number) >= F32_OVERFLOW:
                raise CompileFails
            return f32(number)
        if kind == "bool":
            return bool(c)
        if isinstance(c, float) and not c.is_integer():
            raise CompileFails
        if not I32_MIN <= int(c) <= I32_MAX:
            raise CompileFails
        return int(c)
    if kind == "f32":
        return f32(float(v.value)) if v.kind != "f32" else v.value
    if kind == "i32":
        return int(v.value)
    return bool(v.value)


PY_BINARY = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "&": operator.and_, "|": operator.or_,
    "^": operator.xor, "<<": operator.lshift, ">>": operator.rshift,
}  # fmt: skip
PY_COMPARE = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
    "==": operator.eq, "!=": operator.ne,
}  # fmt: skip


def python_const(fn: Any, *args: Any) -> Val:
    try:
        return Val("const", fn(*args))
    except (ArithmeticError, TypeError, ValueError):
        raise CompileFails from None


def binary(op: str, x: Val, y: Val) -> Val:
    if not x.runtime and not y.runtime:
        return python_const(PY_BINARY[op], x.value, y.value)
    kind = common(x, y)
    if op in "&|^" and all(
        v.kind == "bool" if v.runtime else isinstance(v.value, bool) for v in (x, y)
    ):
        kind = "bool"
    if op == "/" and kind != "f32":
        kind = "f32"
    if kind == "f32" and op in ("&", "|", "^", "<<", ">>"):
        raise CompileFails
    a, b = convert(x, kind), convert(y, kind)
    if kind == "bool":
        return Val("bool", bool(PY_BINARY[op](a, b)))
    if kind == "f32":
        if op in ("//", "%"):
            try:
                return Val("f32", f32(PY_BINARY[op](float(a), float(b))))
            except ZeroDivisionError:
                return Val("f32", np.float32("nan"))
        with np.errstate(all="ignore"):
            return Val("f32", np.float32(PY_BINARY[op](a, b)))
    if op in ("//", "%") and b == 0:
        RUN_FAILS.append(op)  # compile errors elsewhere still come first
        return Val("i32", 0)
    if op == "/":
        raise AssertionError("unreachable")
    return Val("i32", wrap(PY_BINARY[op](a, b)))


def compare(op: str, x: Val, y: Val) -> Val:
    if not x.runtime and not y.runtime:
        return python_const(PY_COMPARE[op], x.value, y.value)
    kind = common(x, y)
    a, b = convert(x, kind), convert(y, kind)
    if kind == "f32":
        a, b = float(a), float(b)
    return Val("bool", bool(PY_COMPARE[op](a, b)))


def unary(op: str, x: Val) -> Val:
    if not x.runtime:
        fn = {"-": operator.neg, "+": operator.pos, "~": operator.invert}[op]
        return python_const(fn, x.value)
    if op == "+":
        return x
    if op == "-":
        return Val("f32", -x.value) if x.kind == "f32" else binary("-", Val("const", 0), x)
    if x.kind == "f32":
        raise CompileFails
    return binary("^", x, Val("const", -1))


def minmax(name: str, x: Val, y: Val) -> Val:
    if not x.runtime and not y.runtime:
        return python_const(max if name == "max" else min, x.value, y.value)
    kind = common(x, y)
    picked = compare(">" if name == "max" else "<", y, x).value
    return Val(kind, convert(y if picked else x, kind))


def truth(x: Val) -> Val:
    if not x.runtime:
        return python_const(bool, x.value)
    return Val("bool", bool(float(x.value)) if x.kind == "f32" else bool(x.value))


def run_only_if(executed: bool, evaluate: Any) -> Any:
    """Evaluate (compile errors count), keeping runtime failures only if executed."""
    mark = len(RUN_FAILS)
    value = evaluate()
    if not executed:
        del RUN_FAILS[mark:]
    return value


def if_exp(node: tuple, env: dict[str, Val]) -> Val:
    c = truth(reference(node[1], env))
    if not c.runtime:
        return reference(node[2] if c.value else node[3], env)
    a = run_only_if(c.value, lambda: reference(node[2], env))
    b = run_only_if(not c.value, lambda: reference(node[3], env))
    kind = common(a, b)
    chosen, other = (a, b) if c.value else (b, a)
    convert(other, kind)  # both are converted; a constant that does not fit fails
    return Val(kind, convert(chosen, kind))


def bool_op(is_and: bool, nodes: tuple, env: dict[str, Val]) -> Val:
    result = Val("const", is_and)
    for n in nodes:
        if not result.runtime:
            result = truth(reference(n, env))
            if not result.runtime and result.value is not is_and:
                return result
            continue
        needed = result.value if is_and else not result.value
        v = run_only_if(needed, lambda n=n: truth(reference(n, env)))
        if not v.runtime and v.value is not is_and:
            return v
        result = Val("bool", (result.value and v.value) if is_and else (result.value or v.value))
    return result


def to_float(x: Val) -> Val:
    if not x.runtime:
        return python_const(float, x.value)
    return Val("f32", convert(x, "f32"))


# -- expressions --------------------------------------------------------------------------


def reference(node: tuple, env: dict[str, Val]) -> Val:
    tag = node[0]
    if tag == "leaf":
        return env[node[1]]
    if tag == "const":
        return Val("const", node[1])
    if tag == "bin":
        return binary(node[1], reference(node[2], env), reference(node[3], env))
    if tag == "cmp":
        return compare(node[1], reference(node[2], env), reference(node[3], env))
    if tag == "un":
        return unary(node[1], reference(node[2], env))
    if tag == "call":
        args = [reference(a, env) for a in node[2:]]
        return to_float(*args) if node[1] == "float" else minmax(node[1], *args)
    if tag == "ifexp":
        return if_exp(node, env)
    if tag == "boolop":  # rendered as bool(x and y ...): and/or give conditions
        return bool_op(node[1] == "and", node[2:], env)
    if tag == "not":
        t = truth(reference(node[1], env))
        return Val("const", not t.value) if not t.runtime else Val("bool", not t.value)
    raise AssertionError(tag)


def render(node: tuple) -> str:
    tag = node[0]
    if tag == "leaf":
        return node[1]
    if tag == "const":
        return f"({node[1]!r})"
    if tag in ("bin", "cmp"):
        return f"({render(node[2])} {node[1]} {render(node[3])})"
    if tag == "un":
        return f"({node[1]}{render(node[2])})"
    if tag == "ifexp":
        return f"({render(node[2])} if {render(node[1])} else {render(node[3])})"
    if tag == "boolop":
        return f"bool({f' {node[1]} '.join(render(a) for a in node[2:])})"
    if tag == "not":
        return f"(not {render(node[1])})"
    return f"{node[1]}({', '.join(render(a) for a in node[2:])})"


INT_CONSTS = st.one_of(
    st.integers(-9, 9),
    st.sampled_from([I32_MIN, I32_MAX, 2**31, -(2**31) - 1, 2**40, 65536, 255]),
)
FLOAT_CONSTS = st.one_of(
    st.sampled_from([0.5, -0.0, 0.1, 2.5, -7.5, 1e30, 3.4e38, 1e-45, 65504.0, 16777217.0]),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.floats(-1e6, 1e6),
)
LEAVES = st.one_of(
    st.sampled_from([("leaf", name) for name in RUNTIME]),
    INT_CONSTS.map(lambda v: ("const", v)),
    FLOAT_CONSTS.map(lambda v: ("const", v)),
    st.booleans().map(lambda v: ("const", v)),
)
ARITH_OPS = ["+", "-", "*", "/", "//", "%", "&", "|", "^"]


def extend(children: st.SearchStrategy) -> st.SearchStrategy:
    return st.one_of(
        st.tuples(st.just("bin"), st.sampled_from(ARITH_OPS), children, children),
        st.tuples(
            st.just("bin"),
            st.sampled_from(["<<", ">>"]),
            children,
            st.integers(0, 31).map(lambda v: ("const", v)),
        ),
        st.tuples(st.just("cmp"), st.sampled_from(list(PY_COMPARE)), children, children),
        st.tuples(st.just("un"), st.sampled_from(["-", "+", "~"]), children),
        st.tuples(st.just("call"), st.sampled_from(["min", "max"]), children, children),
        st.tuples(st.just("call"), st.just("float"), children),
        st.tuples(st.just("ifexp"), children, children, children),
        st.tuples(st.just("boolop"), st.sampled_from(["and", "or"]), children, children),
        st.tuples(st.just("not"), children),
    )


EXPRESSIONS = st.recursive(LEAVES, extend, max_leaves=8)
INT32S = st.one_of(
    st.integers(I32_MIN, I32_MAX), st.sampled_from([0, 1, -1, 2, -2, 7, -7, I32_MIN, I32_MAX])
)
FLOAT32S = st.one_of(
    st.floats(width=32),
    st.sampled_from([0.0, -0.0, 1.0, -1.0, 0.5, 3.0, -7.5, math.inf, -math.inf, math.nan]),
)

KERNEL = """\
import asc_xdsl as asc


@asc.jit
def fuzz(gi: asc.GlobalAddress, gf: asc.GlobalAddress, a: int, b: int, p: float, q: float):
    ti = asc.GlobalTensor()
    ti.set_global_buffer(gi, 4)
    tf = asc.GlobalTensor()
    tf.set_global_buffer(gf, 4)
    v = {expr}
    {target}.set_value(0, v)
"""
_COUNTER = itertools.count()


def kernel_for(expr: str, target: str, folder: Path) -> Any:
    name = f"fuzz_scalar_{next(_COUNTER)}"
    (folder / f"{name}.py").write_text(KERNEL.format(expr=expr, target=target))
    return importlib.import_module(name).fuzz


def same_bits(got: float, want: float) -> bool:
    if math.isnan(want):
        return math.isnan(got)
    return got == want and math.copysign(1.0, got) == math.copysign(1.0, want)


@pytest.fixture(scope="module")
def kernel_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz_scalars")
    sys.path.insert(0, str(folder))
    yield folder
    sys.path.remove(str(folder))


@given(node=EXPRESSIONS, a=INT32S, b=INT32S, p=FLOAT32S, q=FLOAT32S)
@fuzz_settings()
# What the fuzzer found, replayed on every run:
# -0.0 shared the +0.0 constant of the kernel's constant table;
@example(
    node=("ifexp", ("call", "float", ("leaf", "a")), ("leaf", "a"), ("const", -0.0)),
    a=0, b=0, p=0.0, q=0.0,
)  # fmt: skip
# max/min chose the later argument on ties and NaN (Python keeps the first);
@example(node=("call", "max", ("leaf", "p"), ("leaf", "q")), a=0, b=0, p=math.nan, q=1.0)
@example(node=("call", "min", ("leaf", "p"), ("leaf", "q")), a=0, b=0, p=0.0, q=-0.0)
# a guarded division must not run; a compile error wins over a runtime one.
@example(
    node=("ifexp", ("leaf", "b"), ("bin", "//", ("leaf", "a"), ("leaf", "b")), ("const", 1)),
    a=7, b=0, p=0.0, q=0.0,
)  # fmt: skip
@example(
    node=("bin", "+", ("bin", "<<", ("const", I32_MIN), ("const", 1)),
          ("bin", "//", ("leaf", "a"), ("leaf", "a"))),
    a=0, b=0, p=0.0, q=0.0,
)  # fmt: skip
def test_fuzz_scalar_expressions_match_python(kernel_folder, node, a, b, p, q):
    env = {
        "a": Val("i32", a),
        "b": Val("i32", b),
        "p": Val("f32", np.float32(p)),
        "q": Val("f32", np.float32(q)),
    }
    expr = render(node)
    RUN_FAILS.clear()
    try:
        want: Val | type[Exception] = reference(node, env)
        if not want.runtime:  # stored as a constant of the array's type
            kind = "f32" if isinstance(want.value, float) else "i32"
            want = Val(kind, convert(want, kind))
        if RUN_FAILS:
            want = RunFails
    except CompileFails:
        want = CompileFails
    target = "tf" if isinstance(want, Val) and want.kind == "f32" else "ti"
    kernel = kernel_for(expr, target, kernel_folder)
    gi, gf = np.zeros(4, np.int32), np.zeros(4, np.float32)
    try:
        kernel[1](gi, gf, a, b, float(p), float(q), always_compile=True)
    except asc.CompileError as e:
        event("compile error")
        assert want is CompileFails, f"{expr}: compile error, Python gives {want}\n{e}"
        located = ".py:10:" in str(e) or ".py:11:" in str(e)  # the expression or its store
        assert located and "error:" in str(e), str(e)
        return
    except SimulatorError as e:
        event("runtime error")
        assert want is RunFails, f"{expr}: runtime error, Python gives {want}\n{e}"
        assert "integer division by zero" in str(e)
        return
    assert isinstance(want, Val), f"{expr}: ran, but Python says {want.__name__}"
    event(f"ran: {want.kind} result")
    got = float(gf[0]) if want.kind == "f32" else int(gi[0])
    expected = float(want.value) if want.kind == "f32" else int(want.value)
    assert same_bits(got, expected), f"{expr} with a={a} b={b} p={p} q={q}: {got} != {expected}"
