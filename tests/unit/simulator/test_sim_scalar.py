"""Scalar arith/math ops against Python/numpy: each result is stored to GM with SetValue."""

from __future__ import annotations

import math as pymath

import numpy as np
import pytest
import simkit


def _run_scalar(op_line: str, operand_types: list[str], result_type: str, args: list):
    np_result = {
        "i32": np.int32,
        "i64": np.int64,
        "f32": np.float32,
        "f16": np.float16,
        "i1": np.int8,
        "f64": np.float64,
        "index": np.int64,
    }[result_type]
    elem = {"i1": "i8", "index": "i64"}.get(result_type, result_type)
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(operand_types))
    store = "%r"
    extra = ""
    if result_type == "i1":
        extra = "%rx = arith.extui %r : i1 to i8\n"
        store = "%rx"
    if result_type == "index":
        extra = "%rx = arith.index_cast %r : index to i64\n"
        store = "%rx"
    text = f"""
func.func @s(%out: memref<?x{elem}, 22>, {params}) attributes {{ascendc.aicore, ascendc.global}} {{
  {op_line}
  {extra}
  %gm = ascendc.global_tensor : !ascendc.global_tensor<*x{elem}>
  ascendc.global_tensor.set_global_buffer %gm, %out : !ascendc.global_tensor<*x{elem}>, memref<?x{elem}, 22>
  %c0 = arith.constant 0 : i32
  ascendc.global_tensor.set_value %gm, %c0, {store} : !ascendc.global_tensor<*x{elem}>, i32, {elem}
  return
}}
"""
    out = np.zeros(4, np_result)
    simkit.kernel(text, "s")[1](out, *args)
    return out[0]


def _c_div(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


INT_CASES = [
    ("addi", lambda a, b: a + b),
    ("subi", lambda a, b: a - b),
    ("muli", lambda a, b: a * b),
    ("divsi", _c_div),
    ("remsi", lambda a, b: a - b * _c_div(a, b)),
    ("floordivsi", lambda a, b: a // b),
    ("ceildivsi", lambda a, b: -(-a // b)),
    ("andi", lambda a, b: a & b),
    ("ori", lambda a, b: a | b),
    ("xori", lambda a, b: a ^ b),
    ("maxsi", max),
    ("minsi", min),
    ("shli", lambda a, b: a << b),
    ("shrsi", lambda a, b: a >> b),
    ("divui", lambda a, b: (a % 2**32) // (b % 2**32)),
    ("remui", lambda a, b: (a % 2**32) % (b % 2**32)),
    ("shrui", lambda a, b: (a % 2**32) >> b),
]


@pytest.mark.parametrize("name,fn", INT_CASES)
def test_int_binary(name, fn):
    for a, b in ((17, 5), (-17, 5), (17, -5), (-7, 3), (1000, 3)):
        if name.startswith("sh") and b < 0:
            continue
        want = np.int32(np.int64(fn(a, b)).astype(np.int32))
        got = _run_scalar(f"%r = arith.{name} %a0, %a1 : i32", ["i32", "i32"], "i32", [a, b])
        assert got == want, (name, a, b)


@pytest.mark.parametrize(
    "pred,fn",
    [
        ("eq", "__eq__"),
        ("ne", "__ne__"),
        ("slt", "__lt__"),
        ("sle", "__le__"),
        ("sgt", "__gt__"),
        ("sge", "__ge__"),
    ],
)
def test_cmpi_and_select(pred, fn):
    for a, b in ((1, 2), (2, 2), (-3, 2)):
        got = _run_scalar(f"%r = arith.cmpi {pred}, %a0, %a1 : i32", ["i32", "i32"], "i1", [a, b])
        assert bool(got) == getattr(a, fn)(b)
    got = _run_scalar("%r = arith.cmpi ult, %a0, %a1 : i32", ["i32", "i32"], "i1", [-1, 2])
    assert not got  # -1 is 0xffffffff unsigned
    got = _run_scalar(
        "%c = arith.cmpi slt, %a0, %a1 : i32\n%r = arith.select %c, %a0, %a1 : i32",
        ["i32", "i32"],
        "i32",
        [3, 9],
    )
    assert got == 3


FLOAT_CASES = [
    ("arith.addf", np.add),
    ("arith.subf", np.subtract),
    ("arith.mulf", np.multiply),
    ("arith.divf", np.divide),
    ("arith.maximumf", np.maximum),
    ("arith.minimumf", np.minimum),
    ("math.powf", np.power),
]


@pytest.mark.parametrize("name,fn", FLOAT_CASES)
@pytest.mark.parametrize("t", ["f32", "f16"])
def test_float_binary(name, fn, t):
    dtype = np.float32 if t == "f32" else np.float16
    a, b = dtype(1.7), dtype(0.3)
    got = _run_scalar(f"%r = {name} %a0, %a1 : {t}", [t, t], t, [a, b])
    assert got == fn(a, b).astype(dtype)


@pytest.mark.parametrize(
    "name,fn",
    [
        ("exp", np.exp),
        ("log", np.log),
        ("sqrt", np.sqrt),
        ("absf", np.abs),
        ("floor", np.floor),
        ("ceil", np.ceil),
        ("tanh", np.tanh),
        ("sin", np.sin),
        ("cos", np.cos),
        ("rsqrt", lambda x: 1 / np.sqrt(x)),
    ],
)
def test_math_unary(name, fn):
    x = np.float32(2.3)
    got = _run_scalar(f"%r = math.{name} %a0 : f32", ["f32"], "f32", [x])
    assert got == pytest.approx(float(fn(x)), rel=1e-6)
    got = _run_scalar("%r = arith.negf %a0 : f32", ["f32"], "f32", [x])
    assert got == -x


def test_conversions():
    assert _run_scalar("%r = arith.sitofp %a0 : i32 to f32", ["i32"], "f32", [-7]) == -7.0
    assert _run_scalar("%r = arith.fptosi %a0 : f32 to i32", ["f32"], "i32", [-7.9]) == -7
    assert _run_scalar("%r = arith.trunci %a0 : i64 to i32", ["i64"], "i32", [2**32 + 5]) == 5
    assert _run_scalar("%r = arith.extsi %a0 : i32 to i64", ["i32"], "i64", [-5]) == -5
    assert _run_scalar("%r = arith.extui %a0 : i32 to i64", ["i32"], "i64", [-1]) == 2**32 - 1
    assert _run_scalar(
        "%r = arith.extf %a0 : f16 to f32", ["f16"], "f32", [np.float16(0.1)]
    ) == np.float32(np.float16(0.1))
    assert _run_scalar("%r = arith.truncf %a0 : f32 to f16", ["f32"], "f16", [0.1]) == np.float16(
        0.1
    )
    assert _run_scalar("%r = arith.index_cast %a0 : i32 to index", ["i32"], "index", [-3]) == -3
    assert _run_scalar("%r = arith.bitcast %a0 : f32 to i32", ["f32"], "i32", [1.0]) == 0x3F800000
    assert _run_scalar("%r = arith.uitofp %a0 : i32 to f32", ["i32"], "f32", [-1]) == np.float32(
        2**32 - 1
    )
    assert _run_scalar("%r = math.fma %a0, %a0, %a0 : f32", ["f32"], "f32", [2.0]) == 6.0
    assert pymath.isclose(
        _run_scalar("%r = arith.cmpf olt, %a0, %a0 : f32", ["f32"], "i1", [1.0]), 0
    )


@pytest.mark.parametrize(
    ("source", "result", "arg", "want"),
    [
        ("i64", "i32", (1 << 32) + 5, 5),  # wraps to the width
        ("i32", "i64", -3, -3),
        ("f32", "i32", -2.75, -2),  # toward zero
        ("f32", "i32", 1e20, (1 << 31) - 1),  # saturated
        ("i32", "f32", 7, 7.0),
        ("f32", "i1", 0.5, 1),  # (bool) x is x != 0, not its low bit
        ("i32", "i1", 2, 1),
    ],
)
def test_emitasc_cast_is_a_c_cast(source, result, arg, want):
    """`emitasc.cast` (MLIR's `emitc.cast`, pyasc's `(T) x`) converts as C does."""
    got = _run_scalar(f"%r = emitasc.cast %a0 : {source} to {result}", [source], result, [arg])
    assert got == want
