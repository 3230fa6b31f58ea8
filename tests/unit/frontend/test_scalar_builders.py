"""The frontend's fast builders of scalar ops (asc_xdsl/frontend/scalars.py) make the
same ops as xDSL's constructors."""

from __future__ import annotations

import pytest
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    IntegerType,
    Signedness,
    UnrealizedConversionCastOp,
    f16,
    f32,
    i1,
    i16,
    i32,
)
from xdsl.ir import Block
from xdsl.printer import Printer

from asc_xdsl.frontend import scalars


def _generic(op) -> str:
    import io

    out = io.StringIO()
    Printer(stream=out, print_generic_format=True).print_op(op)
    return out.getvalue()


CLASSES = sorted(
    {c for triple in scalars._ARITH.values() for c in triple if c is not None}
    | {arith.FloorDivSIOp, arith.RemSIOp}  # Python's // and % (pyarith.py)
    | {arith.CeilDivSIOp, arith.CeilDivUIOp},  # ceildiv
    key=lambda c: c.name,
)


@pytest.mark.parametrize("op_class", CLASSES, ids=lambda c: c.name)
def test_binary_op_is_the_constructors_op(op_class):
    t = f32 if op_class.name.endswith("f") else i32
    block = Block(arg_types=[t, t])
    a, b = block.args
    fast, slow = scalars._binary_op(op_class, a, b), op_class(a, b)
    assert type(fast) is type(slow)
    assert _generic(fast) == _generic(slow)
    assert fast.properties == slow.properties
    # each op has its own properties
    assert scalars._binary_op(op_class, a, b).properties is not fast.properties
    fast.verify()


@pytest.mark.parametrize("value,width", [(0, 32), (-5, 32), (1, 1), (0, 1), (2**63 - 1, 64)])
def test_int_constant_is_from_int_and_width(value, width):
    fast = scalars._int_constant(value, width)
    slow = arith.ConstantOp.from_int_and_width(value, width)
    assert _generic(fast) == _generic(slow)
    assert fast.value == IntegerAttr(value, IntegerType(width))
    fast.verify()


@pytest.mark.parametrize(
    "op_class,t,predicates",
    [
        (arith.CmpiOp, i32, ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]),
        (arith.CmpfOp, f32, ["oeq", "ogt", "oge", "olt", "ole", "une", "uno"]),
    ],
    ids=["cmpi", "cmpf"],
)
def test_compare_op_is_the_constructors_op(op_class, t, predicates):
    block = Block(arg_types=[t, t])
    a, b = block.args
    for predicate in predicates:
        fast, slow = scalars._compare_op(op_class, a, b, predicate), op_class(a, b, predicate)
        assert _generic(fast) == _generic(slow)
        assert fast.properties == slow.properties
        assert scalars._compare_op(op_class, a, b, predicate).properties is not fast.properties
        fast.verify()


def test_select_op_is_the_constructors_op():
    block = Block(arg_types=[IntegerType(1), i32, i32])
    c, a, b = block.args
    fast, slow = scalars._select_op(c, a, b), arith.SelectOp(c, a, b)
    assert _generic(fast) == _generic(slow)
    fast.verify()


def test_scf_builders_are_the_constructors_ops():
    from xdsl.dialects import scf
    from xdsl.ir import Region

    from asc_xdsl.frontend import control_flow as cf

    block = Block(arg_types=[IntegerType(1), i32, f32])
    c, a, b = block.args
    assert _generic(cf._yield_op([a, b])) == _generic(scf.YieldOp(a, b))
    assert _generic(cf._yield_op([])) == _generic(scf.YieldOp())
    assert _generic(cf._condition_op(c, [a, b])) == _generic(scf.ConditionOp(c, a, b))
    fast = cf._if_op(c, [i32], Block([cf._yield_op([a])]), Block([cf._yield_op([a])]))
    slow = scf.IfOp(c, [i32], Region([Block([scf.YieldOp(a)])]), Region([Block([scf.YieldOp(a)])]))
    assert _generic(fast) == _generic(slow)
    fast.verify()


_CAST_CASES = {
    "index_cast": (arith.IndexCastOp, i32, IndexType()),
    "extui": (arith.ExtUIOp, i1, i32),
    "extsi": (arith.ExtSIOp, i16, i32),
    "trunci": (arith.TruncIOp, i32, i16),
    "extf": (arith.ExtFOp, f16, f32),
    "truncf": (arith.TruncFOp, f32, f16),
    "fptosi": (arith.FPToSIOp, f32, i32),
    "fptoui": (arith.FPToUIOp, f32, i32),
    "sitofp": (arith.SIToFPOp, i32, f32),
    "uitofp": (arith.UIToFPOp, i32, f32),
}


def test_every_cast_op_has_a_case():
    assert {c for c, _, _ in _CAST_CASES.values()} == set(scalars.CAST_OPS)


@pytest.mark.parametrize("case", _CAST_CASES)
def test_cast_op_is_the_constructors_op(case):
    op_class, source, target = _CAST_CASES[case]
    value = Block(arg_types=[source]).args[0]
    fast, slow = scalars._cast_op(op_class, value, target), op_class(value, target)
    assert type(fast) is type(slow)
    assert _generic(fast) == _generic(slow)
    assert fast.properties == slow.properties and fast.attributes == slow.attributes
    fast.verify()


def test_unrealized_cast_is_gets():
    value = Block(arg_types=[i32]).args[0]
    t = IntegerType(32, Signedness.UNSIGNED)
    fast = scalars._cast_op(UnrealizedConversionCastOp, value, t)
    assert _generic(fast) == _generic(UnrealizedConversionCastOp.get([value], [t]))
    fast.verify()
