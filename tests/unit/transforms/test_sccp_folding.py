"""`sccp` folds arith ops as the simulator computes them: one kernel applies each op to
constant operands (random values and edge cases: 0, +-1, the extremes, -0.0, inf, NaN)
and stores the results; run as written and with the JIT pipeline (where `sccp` folds
every op it may), the kernel stores the same bits."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.runtime.ir_kernel import kernel_from_module

INT_BINARY = [
    "addi",
    "subi",
    "muli",
    "divsi",
    "divui",
    "remsi",
    "remui",
    "floordivsi",
    "ceildivsi",
    "ceildivui",
    "maxsi",
    "minsi",
    "maxui",
    "minui",
    "andi",
    "ori",
    "xori",
    "shli",
    "shrsi",
    "shrui",
]
CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
FLOAT_BINARY = ["addf", "subf", "mulf", "divf", "maximumf", "minimumf", "maxnumf", "minnumf"]
CMPF = [
    "false",
    "oeq",
    "ogt",
    "oge",
    "olt",
    "ole",
    "one",
    "ord",
    "ueq",
    "ugt",
    "uge",
    "ult",
    "ule",
    "une",
    "uno",
    "true",
]
DIVISIONS = {"divsi", "divui", "remsi", "remui", "floordivsi", "ceildivsi", "ceildivui"}
SIGNED_DIVISIONS = {"divsi", "floordivsi", "ceildivsi"}
SHIFTS = {"shli", "shrsi", "shrui"}

INT_EDGES = [0, 1, -1, 2, 31, 32, 2**31 - 1, -(2**31), 12345, -7]
FLOAT_EDGES = [
    0.0,
    -0.0,
    1.0,
    -1.5,
    0.1,
    3.4e38,
    -3.4e38,
    1e-45,
    float("inf"),
    float("-inf"),
    float("nan"),
]


class _Kernel:
    """Builds the kernel's text: constants, then one op per case, its result stored."""

    def __init__(self) -> None:
        self.consts: dict[tuple[str, str], str] = {}
        self.body: list[str] = []
        self.n_int = 0
        self.n_float = 0
        self.foldable: list[bool] = []
        """Per store, in order: whether `sccp` must have folded its value."""

    def const(self, value: object, t: str) -> str:
        text = f"{float(value):.17e}" if t == "f32" else str(value)
        if t == "f32" and value != value:
            text = "0x7FC00000"
        elif t == "f32" and value in (float("inf"), float("-inf")):
            text = "0x7F800000" if value > 0 else "0xFF800000"
        key = (text, t)
        if key not in self.consts:
            self.consts[key] = f"%k{len(self.consts)}"
        return self.consts[key]

    def store(self, value: str, t: str) -> None:
        if t == "i1":
            self.body.append(f"{value}_w = arith.extui {value} : i1 to i32")
            value, t = f"{value}_w", "i32"
        if t == "i32":
            index = self.const(self.n_int, "i32")
            self.body.append(
                f"ascendc.global_tensor.set_value %gi, {index}, {value} : !ascendc.global_tensor<*xi32>, i32, i32"
            )
            self.n_int += 1
        else:
            index = self.const(self.n_float, "i32")
            self.body.append(
                f"ascendc.global_tensor.set_value %gf, {index}, {value} : !ascendc.global_tensor<*xf32>, i32, f32"
            )
            self.n_float += 1

    def op(self, text: str, result: str, foldable: bool = True) -> None:
        name = f"%r{len(self.body)}"
        self.body.append(f"{name} = {text}")
        self.store(name, result)
        self.foldable.append(foldable)

    def text(self) -> str:
        consts = [
            f"{name} = arith.constant {text} : {t}" for (text, t), name in self.consts.items()
        ]
        lines = [
            "%gi = ascendc.global_tensor : !ascendc.global_tensor<*xi32>",
            "ascendc.global_tensor.set_global_buffer %gi, %pi : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>",
            "%gf = ascendc.global_tensor : !ascendc.global_tensor<*xf32>",
            "ascendc.global_tensor.set_global_buffer %gf, %pf : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>",
            *self.body,
            "func.return",
        ]
        return (
            "func.func @fold(%pi: memref<?xi32, 22>, %pf: memref<?xf32, 22>) attributes {ascendc.global} {\n  "
            + "\n  ".join(consts + lines)
            + "\n}\n"
        )


def _cases(seed: int) -> _Kernel:
    rng = random.Random(seed)
    ints = INT_EDGES + [rng.randint(-(2**31), 2**31 - 1) for _ in range(6)]
    floats = FLOAT_EDGES + [rng.uniform(-100, 100) for _ in range(4)]
    k = _Kernel()
    for name in INT_BINARY:
        for _ in range(6):
            a, b = rng.choice(ints), rng.choice(ints)
            if name in DIVISIONS and b == 0:
                continue  # an error on the simulator; never folded
            undefined = (name in SHIFTS and not 0 <= b % 2**32 < 32) or (
                name in SIGNED_DIVISIONS and (a, b) == (-(2**31), -1)
            )
            k.op(
                f"arith.{name} {k.const(a, 'i32')}, {k.const(b, 'i32')} : i32",
                "i32",
                not undefined,
            )
    for pred in CMPI:
        for _ in range(3):
            a, b = rng.choice(ints), rng.choice(ints)
            k.op(f"arith.cmpi {pred}, {k.const(a, 'i32')}, {k.const(b, 'i32')} : i32", "i1")
    for name in FLOAT_BINARY:
        for _ in range(6):
            a, b = rng.choice(floats), rng.choice(floats)
            k.op(f"arith.{name} {k.const(a, 'f32')}, {k.const(b, 'f32')} : f32", "f32")
    for pred in CMPF:
        a, b = rng.choice(floats), rng.choice(floats)
        k.op(f"arith.cmpf {pred}, {k.const(a, 'f32')}, {k.const(b, 'f32')} : f32", "i1")
    for _ in range(4):
        a = rng.choice(ints)
        c = k.const(a, "i32")
        k.op(f"arith.sitofp {c} : i32 to f32", "f32")
        k.op(f"arith.uitofp {c} : i32 to f32", "f32")
        narrow = f"%t{len(k.body)}"
        k.body.append(f"{narrow} = arith.trunci {c} : i32 to i8")
        k.op(f"arith.extsi {narrow} : i8 to i32", "i32")
        k.op(f"arith.extui {narrow} : i8 to i32", "i32")
        x = rng.choice(floats)
        in_range = math.isfinite(x) and -(2**31) <= math.trunc(float(np.float32(x))) < 2**31
        k.op(f"arith.fptosi {k.const(x, 'f32')} : f32 to i32", "i32", in_range)
        f = k.const(rng.choice(floats[:8]), "f32")
        k.op(f"arith.negf {f} : f32", "f32")
        k.op(
            f"arith.select {k.const(rng.randint(0, 1), 'i1')}, {c}, {k.const(7, 'i32')} : i32",
            "i32",
        )
    return k


@pytest.mark.parametrize("seed", [1, 2])
def test_folded_results_are_the_simulators(seed):
    kernel = _cases(seed)
    module = parse_module(kernel.text())
    ints = np.zeros(kernel.n_int, np.int32)
    floats = np.zeros(kernel.n_float, np.float32)
    as_written = kernel_from_module(module.clone(), run_passes=False)
    as_written[1](ints, floats)
    folded = kernel_from_module(module.clone())
    stores = [op for op in folded.module.walk() if op.name == "ascendc.global_tensor.set_value"]
    assert len(stores) == len(kernel.foldable)
    for store, foldable in zip(stores, kernel.foldable, strict=True):
        stored = store.operands[2].owner
        assert (stored.name == "arith.constant") == foldable, str(store)
    ints2 = np.zeros_like(ints)
    floats2 = np.zeros_like(floats)
    folded[1](ints2, floats2)
    np.testing.assert_array_equal(ints2, ints)
    same = (floats2.view(np.int32) == floats.view(np.int32)) | (
        np.isnan(floats2) & np.isnan(floats)
    )
    assert same.all(), [(i, floats[i], floats2[i]) for i in np.flatnonzero(~same)]
