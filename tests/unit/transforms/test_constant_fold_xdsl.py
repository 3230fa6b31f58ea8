"""`sccp`'s folding (transforms/constant_fold.py) against xDSL's interpreter
(`xdsl.interpreters.arith`, what xDSL's `constant-fold-interp` pass folds with), op by op.

xDSL has no SCCP (its dataflow framework does not follow regions), so the solver is
ours; its arithmetic is held to xDSL's where xDSL's interpreter has the op. Every arith
op of every lit input whose operands are constants, and every op `evaluate` knows on a
grid of edge values and types, is folded both ways. Where both fold, the values are the
same (integers as their type stores them, floats to the bit, NaN as NaN). The intended
differences, asserted one by one:

- ours leaves undefined operations to run (`evaluate` gives None) where the interpreter
  computes a value or fails: a shift by the width or more, `INT_MIN / -1`, division by
  zero, a float to integer conversion out of range;
- ours rounds a float result to f16/f32 once (the interpreter keeps the double);
- ours folds ops the interpreter lacks (unsigned division, casts, ...) and `index` in
  64 bits (the device's).
"""

from __future__ import annotations

import functools
import itertools
import math
import struct

from lit_inputs import parsed_lit_chunks
from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, ModuleOp
from xdsl.interpreter import Interpreter
from xdsl.interpreters.arith import ArithFunctions
from xdsl.ir import Attribute, Operation

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.transforms.constant_fold import ROUNDING, attribute, evaluate, number, width
from asc_xdsl.transforms.ir_walk import ops_in

INT_OPS = [
    "addi", "subi", "muli", "andi", "ori", "xori", "divsi", "divui", "remsi", "remui",
    "floordivsi", "ceildivsi", "ceildivui", "maxsi", "minsi", "maxui", "minui",
    "shli", "shrsi", "shrui",
]  # fmt: skip
FLOAT_OPS = ["addf", "subf", "mulf", "divf", "maximumf", "minimumf", "maxnumf", "minnumf"]
INT_TYPES = ["i8", "i32", "index"]
FLOAT_TYPES = ["f16", "f32", "f64"]
INT_VALUES = [0, 1, -1, 7, -8, 127, -128, 2**31 - 1, -(2**63)]
FLOAT_VALUES = [0.0, -0.0, 1.0, -1.5, 0.1, 3.0e38, math.inf, math.nan]


def _grid_ops() -> list[Operation]:
    """Each op on two arguments of each type, each in a module of its own (the
    interpreter's error on an op prints the module around it)."""
    lines = [(t, f"arith.{o} %a, %b : {t}") for t in INT_TYPES for o in INT_OPS]
    lines += [(t, f"arith.cmpi {p}, %a, %b : {t}") for t in INT_TYPES for p in _CMPI]
    lines += [(t, f"arith.{o} %a, %b : {t}") for t in FLOAT_TYPES for o in FLOAT_OPS]
    lines += [(t, f"arith.cmpf {p}, %a, %b : {t}") for t in FLOAT_TYPES for p in _CMPF]
    ops = []
    for t, line in lines:
        module = parse_module(
            f"func.func @f(%a: {t}, %b: {t}) {{\n  %r = {line}\n  func.return\n}}"
        )
        ops.append(module.body.block.first_op.body.block.first_op)
    return ops


_CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
_CMPF = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true",
]  # fmt: skip


def _constant(value: int | float, t: Attribute) -> Attribute:
    found = attribute(value, t)
    assert found is not None
    return found


@functools.cache
def _interpreter_takes_attributes() -> bool:
    """xDSL 0.75's arith interpreter takes and gives attributes (`IntegerAttr`,
    `FloatAttr`); 0.74's takes and gives Python numbers (both are supported releases)."""
    interpreter = Interpreter(ModuleOp([]), index_bitwidth=64)
    interpreter.register_implementations(ArithFunctions())
    [op] = [o for o in _grid_ops() if o.name == "arith.addi"][:1]
    one = _constant(1, op.operands[0].type)
    try:
        interpreter.run_op(op, (one, one))
    except Exception:
        return False
    return True


def _theirs(interpreter: Interpreter, op: Operation, args: list[Attribute]) -> Attribute | None:
    """xDSL's interpreter's result, or None where it has no such op or fails."""
    if op.name in ("arith.shli", "arith.shrsi", "arith.shrui") and _undefined(op, args):
        return None  # (xDSL 0.74 shifts exactly: by 2**63 it builds a 2**63-bit number)
    values = tuple(args) if _interpreter_takes_attributes() else tuple(number(a) for a in args)
    try:
        [result] = interpreter.run_op(op, values)
    except Exception:  # not implemented, or an assertion (division by zero, ...)
        return None
    if isinstance(result, FloatAttr):  # (ours rounds once to the result type: so do we here)
        return attribute(result.value.data, op.results[0].type)
    if isinstance(result, bool | int | float):  # (xDSL 0.74: a Python number)
        return attribute(result, op.results[0].type)
    return result if isinstance(result, IntegerAttr) else None


def _same(a: Attribute, b: Attribute) -> bool:
    x, y = number(a), number(b)
    if isinstance(x, float) and isinstance(y, float):
        return (math.isnan(x) and math.isnan(y)) or struct.pack("<d", x) == struct.pack("<d", y)
    if a.type != b.type and {str(a.type), str(b.type)} <= {"i1", "i64"}:  # (a cmp's i1)
        return bool(x) == bool(y)
    return x == y


def _undefined(op: Operation, args: list[Attribute]) -> bool:
    """Where ours deliberately folds nothing: the operation is undefined (poison, UB)."""
    name = op.name.removeprefix("arith.")
    values = [number(a) for a in args]
    w = width(op.results[0].type)
    if name in ("shli", "shrsi", "shrui"):
        return not 0 <= values[1] % (1 << w) < w  # (as unsigned)
    if name in ("divsi", "remsi", "floordivsi", "ceildivsi", "divui", "remui", "ceildivui"):
        lo = -(1 << (w - 1))
        return values[1] == 0 or (values[1] == -1 and values[0] == lo)
    if name == "divf":
        return values[1] == 0
    return False


def _compare(ops: list[Operation], grid: list[list[Attribute]] | None) -> int:
    """How many (op, operands) both fold (asserting the rest is as intended)."""
    interpreter = Interpreter(ModuleOp([]), index_bitwidth=64)
    interpreter.register_implementations(ArithFunctions())
    both = 0
    for op in ops:
        for args in grid if grid is not None else [[o.owner.value for o in op.operands]]:
            mine = evaluate(op, args)
            theirs = _theirs(interpreter, op, args)
            if mine is not None and theirs is not None:
                assert _same(mine[0], theirs), (str(op), args, mine, theirs)
                both += 1
            elif theirs is not None:
                assert _undefined(op, args), (str(op), args, theirs)
    return both


def test_folding_agrees_with_xdsls_interpreter_on_a_grid_of_values():
    both = 0
    grids: dict[Attribute, list[list[Attribute]]] = {}
    for op in _grid_ops():
        t = op.operands[0].type
        grid = grids.get(t)
        if grid is None:
            values = [
                _constant(v, t) for v in (FLOAT_VALUES if type(t) in ROUNDING else INT_VALUES)
            ]
            grid = grids[t] = [list(pair) for pair in itertools.product(values, values)]
        both += _compare([op], grid)
    assert both > 4000, both


def test_folding_agrees_with_xdsls_interpreter_on_the_lit_inputs():
    both = 0
    for _where, module in parsed_lit_chunks():
        ops = [
            o
            for o in ops_in(module)
            if o.name.startswith("arith.")
            and o.name != "arith.constant"
            and o.operands
            and all(isinstance(v.owner, arith.ConstantOp) for v in o.operands)
        ]
        if ops:
            both += _compare(ops, None)
    assert both >= 5, both
