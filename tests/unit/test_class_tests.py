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
