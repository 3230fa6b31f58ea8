"""utils/class_tests.py: a SubclassCache answers as isinstance does, ABCs included."""

from xdsl.dialects.builtin import IntegerType, ModuleOp, i32
from xdsl.ir import Attribute, ErasedSSAValue, ParametrizedAttribute, SSAValue

from asc_xdsl.utils.class_tests import SubclassCache


def test_answers_as_isinstance_does():
    values = [i32, IntegerType(8), ModuleOp([]), 3, "x", ErasedSSAValue(i32, None)]
    for bases in (Attribute, ParametrizedAttribute, SSAValue, (int, ModuleOp)):
        cache = SubclassCache(bases)
        for _ in range(2):  # the second round answers from the cache
            assert [cache[type(v)] for v in values] == [isinstance(v, bases) for v in values]
        assert set(cache) == {type(v) for v in values}


def test_is_subclass_answers_as_issubclass_does():
    import collections.abc

    from xdsl.dialects import arith
    from xdsl.ir import Operation
    from xdsl.irdl import IRDLOperation

    from asc_xdsl.utils.class_tests import is_subclass

    classes = [
        int,
        str,
        list,
        tuple,
        IntegerType,
        ModuleOp,
        arith.AddiOp,
        arith.ConstantOp,
        type(i32),
    ]
    bases = [
        Attribute,  # (xDSL's IR classes: answered from the MRO)
        ParametrizedAttribute,
        Operation,
        IRDLOperation,
        arith.SignlessIntegerBinaryOperation,
        SSAValue,
        collections.abc.Sequence,  # (virtual subclasses: list and tuple are registered)
        collections.abc.Hashable,  # (a __subclasshook__)
        int,
    ]
    for base in bases:
        for cls in classes:
            assert is_subclass(cls, base) == issubclass(cls, base), (cls, base)
