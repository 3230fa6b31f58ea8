"""Helpers marked `@asc.jit(inline=False)` are their own device functions (func.func +
func.call marked `no_inline`, one per specialisation), in the IR and in the Ascend C: the
JIT pipeline's `inline` pass keeps such calls. Unmarked helpers are inlined by the
frontend."""

import re

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError


@asc.jit(inline=False)
def clamp(v: int, hi: int):
    if v > hi:
        v = hi
    return v * 2


@asc.jit(inline=False)
def store(g: asc.GlobalAddress, i: int, v: int):
    t = asc.GlobalTensor()
    t.set_global_buffer(g, 4)
    t.set_value(i, v)


@asc.jit
def twice(v: int):
    return v + v


@asc.jit
def calls(out: asc.GlobalAddress, n: int):
    a = clamp(n, 5)
    b = clamp(3, 5)  # the same specialisation: one function
    store(out, 0, a)
    store(out, 1, b)
    store(out, 2, twice(n))


CLAMP_IR = """\
  func.func @clamp(%v: i32, %hi: i32) -> i32 {
    %0 = arith.constant 2 : i32
    %1 = arith.cmpi sgt, %v, %hi : i32
    %v_1 = scf.if %1 -> (i32) {
      scf.yield %hi : i32
    } else {
      scf.yield %v : i32
    }
    %2 = arith.muli %v_1, %0 overflow<nsw> : i32
    func.return %2 : i32
  }
"""


def test_function_and_calls_in_the_ir():
    ir = calls.compile(np.zeros(4, np.int32), 9, always_compile=True).asm["ir"]
    assert CLAMP_IR in ir
    assert ir.count("func.func @clamp(") == 1 and ir.count("func.func @store(") == 1
    assert "    %a = func.call @clamp(%n, %0) {no_inline} : (i32, i32) -> i32\n" in ir
    assert "    %b = func.call @clamp(%1, %0) {no_inline} : (i32, i32) -> i32\n" in ir
    assert (
        "func.call @store(%out, %2, %a) {no_inline} : (memref<?xi32, 22 : i64>, i32, i32) -> ()"
        in ir
    )
    assert "twice" not in ir  # inlined: n + n
    assert "arith.addi %n, %n overflow<nsw> : i32" in ir


def test_ascend_c_functions():
    # As IR is given (no passes): each device function is an Ascend C function.
    cpp = calls.compile(np.zeros(4, np.int32), 9, always_compile=True, run_passes=False).asm[
        "ascendc"
    ]
    assert (
        "__inline__ __attribute__((always_inline)) __aicore__ int32_t clamp(int32_t v, int32_t hi) {\n"
        in cpp
    )
    assert (
        "__inline__ __attribute__((always_inline)) __aicore__ void store(__gm__ int32_t* g, "
        "int32_t i, int32_t v) {\n" in cpp
    )
    assert "  int32_t a = clamp(n, c5_i32);\n" in cpp


def test_the_pipeline_keeps_them():
    # The inliner leaves `no_inline` calls; sccp still sees that every call passes
    # hi = 5 (a private function), and symbol-dce keeps what is called.
    k = calls.compile(np.zeros(4, np.int32), 9, always_compile=True)
    assert "func.call @clamp(%n, %0) {no_inline} : (i32, i32) -> i32" in k.asm["lowered_ir"]
    cpp = k.asm["ascendc"]
    assert "int32_t clamp(int32_t v, int32_t hi) {\n" in cpp
    assert "  bool v1 = v > c5_i32;\n" in cpp
    assert "  int32_t a = clamp(n, c5_i32);\n  int32_t b = clamp(c3_i32, c5_i32);\n" in cpp
    assert "  store(out, c0_i32, a);\n" in cpp


@pytest.mark.parametrize(("n", "expect"), [(9, [10, 6, 18, 0]), (2, [4, 6, 4, 0])])
def test_runs_on_the_simulator(n, expect):
    out = np.zeros(4, np.int32)
    calls[1](out, n)
    assert out.tolist() == expect


@asc.jit(inline=False)
def scaled(v: int, factor: asc.ConstExpr[int]):
    return v * factor


@asc.jit
def specialised(out: asc.GlobalAddress, n: int):
    store(out, 0, scaled(n, 2))
    store(out, 1, scaled(n, 3))
    store(out, 2, scaled(n + 1, 2))


def test_one_function_per_specialisation():
    ir = specialised.compile(np.zeros(4, np.int32), 5, always_compile=True).asm["ir"]
    assert "func.func @scaled(%v: i32) -> i32 {" in ir
    assert "func.func @scaled_1(%v: i32) -> i32 {" in ir
    assert ir.count("func.func @scaled") == 2
    out = np.zeros(4, np.int32)
    specialised[1](out, 5)
    assert out.tolist() == [10, 15, 12, 0]


# -- several results ---------------------------------------------------------


@asc.jit(inline=False)
def floor_divmod(a: int, b: int):
    q = a // b
    return q, a - q * b


@asc.jit(inline=False)
def flags():
    a = 1
    b = True
    return a, b


@asc.jit(inline=False)
def mixed(v: int, f: float):
    # a list of an int, a float, a bool and a constant, merged by a runtime if
    if v > 3:
        return [v, f, v > 10, 1]
    return [v * 2, f * 2.0, False, 2]


@asc.jit(inline=False)
def nothing(v: int):
    return ()


@asc.jit(inline=False)
def single(v: int):
    return (v + 1,)


@asc.jit
def several(out: asc.GlobalAddress, n: int, f: float):
    t = asc.GlobalTensor()
    t.set_global_buffer(out, 12)
    q, r = floor_divmod(n, 3)
    t.set_value(0, q)
    t.set_value(1, r)
    one, yes = flags()
    t.set_value(2, one + yes)
    m = mixed(n, f)
    t.set_value(3, m[0])
    t.set_value(4, int(m[1] * 10.0))
    t.set_value(5, m[2])
    t.set_value(6, m[-1])
    t.set_value(7, floor_divmod(n, 4)[1])
    t.set_value(8, len(nothing(n)) + len(m))
    (s,) = single(n)
    t.set_value(9, s)


def _several(n: int, f: float) -> list[int]:
    """What `several` computes, in Python."""
    q, r = divmod(n, 3)
    m = [n, f, n > 10, 1] if n > 3 else [n * 2, f * 2.0, False, 2]
    values = [q, r, 2, m[0], int(np.float32(m[1]) * np.float32(10.0)), int(m[2]), m[3]]
    return [*values, n % 4, 4, n + 1, 0, 0]


def test_several_results_in_the_ir():
    ir = several.compile(np.zeros(12, np.int32), 7, 1.5, always_compile=True).asm["ir"]
    assert "func.func @floor_divmod(%a: i32, %b: i32) -> (i32, i32) {" in ir
    assert "func.return %q, %1 : i32, i32\n" in ir
    # pyasc's test_func_visit_constant: the constants are the function's
    assert (
        "  func.func @flags() -> (i32, i1) {\n    %0 = arith.constant 1 : i32\n"
        "    %1 = arith.constant true\n    func.return %0, %1 : i32, i1\n  }\n"
    ) in ir
    assert "func.func @mixed(%v: i32, %f: f32) -> (i32, f32, i1, i32) {" in ir
    assert re.search(r"= scf\.if %\w+ -> \(i32, f32, i1, i32\) \{", ir)
    assert "func.func @nothing(%v: i32) {\n    func.return\n  }" in ir
    assert "func.func @single(%v: i32) -> i32 {" in ir
    assert "%q, %r = func.call @floor_divmod(%n, %1) {no_inline} : (i32, i32) -> (i32, i32)" in ir
    assert "%one, %yes = func.call @flags() {no_inline} : () -> (i32, i1)" in ir
    assert "%s = func.call @single(%n) {no_inline} : (i32) -> i32" in ir
    assert ir.count("func.func @floor_divmod") == 1  # one specialisation, called twice


@pytest.mark.parametrize(("n", "f"), [(7, 1.5), (-7, 0.25), (2, -3.0), (11, 2.5), (0, 0.0)])
def test_several_results_run_on_the_simulator(n, f):
    out = np.zeros(12, np.int32)
    several[1](out, n, f)
    assert out.tolist() == _several(n, f)


@pytest.mark.parametrize("option", [{"sanitize": "error"}, {"run_passes": False}])
def test_several_results_checked_and_unoptimised(option):
    # the race checker wraps each op (no fused blocks); without passes the calls to
    # `flags` are not folded
    out = np.zeros(12, np.int32)
    several[1](out, 5, -1.25, **option)
    assert out.tolist() == _several(5, -1.25)


def test_several_results_in_ascend_c():
    cpp = several.compile(np.zeros(12, np.int32), 7, 1.5, always_compile=True).asm["ascendc"]
    assert (
        "__aicore__ void floor_divmod(int32_t a, int32_t b, int32_t& result0, int32_t& result1) {"
        in cpp
    )
    assert "  result0 = q;\n" in cpp
    assert "  int32_t q;\n  int32_t r;\n  floor_divmod(n, c3_i32, q, r);\n" in cpp
    assert "__aicore__ void flags(int32_t& result0, bool& result1) {" in cpp
    assert "int32_t& result0, float& result1, bool& result2, int32_t& result3) {" in cpp


@asc.jit(inline=False)
def square(h):
    return h, h * h


@asc.jit(inline=False)
def swapped_square(h):
    a, b = square(h)  # a device function calling another
    return b, a


@asc.jit
def halves(x: asc.GlobalAddress, out: asc.GlobalAddress):
    t = asc.GlobalTensor()
    t.set_global_buffer(x, 4)
    o = asc.GlobalTensor()
    o.set_global_buffer(out, 4)
    a, b = swapped_square(t.get_value(1))
    o.set_value(0, a)
    o.set_value(1, b)


def test_half_results_through_two_device_functions():
    x = np.array([0.5, -1.75, 2.0, 3.0], np.float16)
    out = np.zeros(4, np.float16)
    halves[1](x, out)
    assert out.tolist() == [x[1] * x[1], x[1], 0.0, 0.0]
    ir = halves.compile(x, out, always_compile=True).asm["ir"]
    assert "func.func @swapped_square(%h: f16) -> (f16, f16) {" in ir
    assert "%a, %b = func.call @square(%h) {no_inline} : (f16) -> (f16, f16)" in ir


@asc.jit(inline=False)
def fib_step(a: int, b: int):
    return b, a + b


@asc.jit
def fib(out: asc.GlobalAddress, n: int):
    t = asc.GlobalTensor()
    t.set_global_buffer(out, 4)
    a, b = 0, 1
    for _ in range(n):
        a, b = fib_step(a, b)  # results carried by a runtime loop and merged by an if
        if a > 50:
            a, b = fib_step(0, 1)
    t.set_value(0, a)
    t.set_value(1, b)


@pytest.mark.parametrize("n", [0, 1, 9, 10, 12])
def test_results_carried_through_a_loop(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
        if a > 50:
            a, b = 1, 1
    out = np.zeros(4, np.int32)
    fib[1](out, n)
    assert out.tolist() == [a, b, 0, 0]


def _compile_error(kernel, *args) -> str:
    with pytest.raises(CompileError) as e:
        kernel.compile(np.zeros(4, np.int32), *args, always_compile=True)
    text = str(e.value)
    assert "Traceback" not in text and "test_device_functions.py:" in text
    return text


@asc.jit(inline=False)
def arity(v: int):
    if v > 0:
        return v, v
    return v


@asc.jit
def calls_arity(out: asc.GlobalAddress, n: int):
    _a, _b = arity(n)


@asc.jit(inline=False)
def arity_nested(v: int):
    if v > 0:
        return v, v
    elif v < -5:
        return v, v, v
    return v, 1


@asc.jit
def calls_arity_nested(out: asc.GlobalAddress, n: int):
    _a, _b = arity_nested(n)


def test_returns_of_different_arity_are_an_error():
    text = _compile_error(calls_arity, 1)
    assert "this function returns one value here and a tuple of 2 at line" in text
    assert text.endswith("    return v\n    ^^^^^^^^")
    text = _compile_error(calls_arity_nested, 1)
    assert "returns a tuple of 2 here and a tuple of 3 at line" in text
    assert "return v, 1\n" in text


@asc.jit(inline=False)
def returns_tensor(g: asc.GlobalAddress, v: int):
    t = asc.GlobalTensor()
    t.set_global_buffer(g, 4)
    return v, t


@asc.jit
def calls_returns_tensor(out: asc.GlobalAddress, n: int):
    _a, _b = returns_tensor(out, n)


@asc.jit(inline=False)
def returns_nested(v: int):
    return v, (v, v)


@asc.jit
def calls_returns_nested(out: asc.GlobalAddress, n: int):
    _a, _b = returns_nested(n)


@asc.jit(inline=False)
def returns_string(v: int):
    return "done"


@asc.jit
def calls_returns_string(out: asc.GlobalAddress, n: int):
    returns_string(n)


@asc.jit(inline=False)
def returns_int_or_float(v: int, f: float):
    if v > 0:
        return v, f
    return v, v


@asc.jit
def calls_returns_int_or_float(out: asc.GlobalAddress, n: int):
    _a, _b = returns_int_or_float(n, 1.0)


def test_what_a_device_function_cannot_return():
    what = "is a device function (inline=False): it returns nothing, a scalar, or a tuple or list"
    text = _compile_error(calls_returns_tensor, 1)
    assert f"returns_tensor {what}" in text and "item 1 of the returned tuple is" in text
    assert "GlobalTensor" in text and text.endswith("    return v, t\n    ^^^^^^^^^^^")
    text = _compile_error(calls_returns_nested, 1)
    assert "item 1 of the returned tuple is tuple" in text and "return v, (v, v)" in text
    text = _compile_error(calls_returns_string, 1)
    assert "not str 'done'" in text and 'return "done"' in text
    text = _compile_error(calls_returns_int_or_float, 1)
    assert "returns a runtime int32 value (item 1) here and a runtime float32 value" in text
    assert "must be of one kind" in text and "    return v, v\n" in text


@asc.jit
def unpacks_too_few(out: asc.GlobalAddress, n: int):
    _a, _b = flags_and_more(n)


@asc.jit(inline=False)
def flags_and_more(v: int):
    return v, v + 1, v + 2


@asc.jit
def indexes_at_run_time(out: asc.GlobalAddress, n: int):
    t = asc.GlobalTensor()
    t.set_global_buffer(out, 4)
    t.set_value(0, flags_and_more(n)[n])


def test_the_caller_unpacks_as_python_does():
    text = _compile_error(unpacks_too_few, 1)
    assert "cannot unpack 3 values into 2 names" in text
    text = _compile_error(indexes_at_run_time, 1)
    assert "a tuple is indexed at compile time: the index must be a compile-time int, not a" in text
    assert "flags_and_more(n)[n])\n                   ^^^^^^^^^^^^^^^^^^^^\nhint: " in text


# Inlined helpers (the default) merge the tuples their runtime-if branches return item
# by item too; an item both give as the same Python value (a dtype) stays one.
@asc.jit
def inlined_pair(v):
    if v > 0:
        return v, 2, asc.float16
    return v + 1, 3, asc.float16


@asc.jit
def calls_inlined_pair(out: asc.GlobalAddress, n: int):
    t = asc.GlobalTensor()
    t.set_global_buffer(out, 4)
    a, b, d = inlined_pair(n)
    t.set_value(0, a)
    t.set_value(1, b)
    t.set_value(2, d.sizeof())


@pytest.mark.parametrize(("n", "expect"), [(3, [3, 2, 2, 0]), (-3, [-2, 3, 2, 0])])
def test_inlined_helpers_return_tuples_from_runtime_ifs(n, expect):
    out = np.zeros(4, np.int32)
    calls_inlined_pair[1](out, n)
    assert out.tolist() == expect


def test_inline_option_must_be_a_bool():
    def helper(v):
        return v

    with pytest.raises(TypeError, match="option inline must be True or False"):
        asc.jit(inline="no")(helper)
