"""Helpers marked `@asc.jit(inline=False)` are their own device functions (func.func +
func.call marked `no_inline`, one per specialisation), in the IR and in the Ascend C: the
JIT pipeline's `inline` pass keeps such calls. Unmarked helpers are inlined by the
frontend."""

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


@asc.jit(inline=False)
def pair(v: int):
    return v, v


@asc.jit
def returns_pair(out: asc.GlobalAddress, n: int):
    _a, _b = pair(n)


def test_a_device_function_returns_one_scalar():
    with pytest.raises(
        CompileError, match=r"pair is a device function \(inline=False\): it returns"
    ) as e:
        returns_pair.compile(np.zeros(1, np.int32), 1, always_compile=True)
    assert "test_device_functions.py:" in str(e.value) and "return v, v" in str(e.value)


def test_inline_option_must_be_a_bool():
    def helper(v):
        return v

    with pytest.raises(TypeError, match="option inline must be True or False"):
        asc.jit(inline="no")(helper)
