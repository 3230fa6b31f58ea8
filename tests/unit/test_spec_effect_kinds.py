"""`SpecMemoryEffects.kinds_getter` (what CSE asks spec ops for): the same kinds of effect
as `get_effects`, on every spec op's sample; unverified ops of the wrong arity get
`get_effects`' own answer (or its error)."""

import pytest
from spec_cases import BY_FAMILY, FAMILIES, check_each
from xdsl.ir import Operation

from asc_xdsl.dialects.ascendc.spec import SpecMemoryEffects, _class_effects
from asc_xdsl.dialects.ascendc.spec_samples import sample_op


@pytest.mark.parametrize("family", FAMILIES)
def test_kinds_match_get_effects(family):
    check_each(BY_FAMILY[family], _kinds_match_get_effects)


def _kinds_match_get_effects(op_class):
    _module, op = sample_op(op_class)
    getter = SpecMemoryEffects.kinds_getter(op_class)
    kinds = getter(op)
    effects = SpecMemoryEffects.get_effects(op)
    assert {e.kind for e in kinds} == {e.kind for e in effects}
    if _class_effects(op_class) is not None:  # fixed arity: one set for the class
        assert getter(op) is kinds
        assert len(kinds) == len({e.kind for e in kinds})  # a record per kind
        assert all(e.value is None for e in kinds)


def test_wrong_arity_asks_get_effects():
    from asc_xdsl.dialects.ascendc import AddL2Op

    _module, op = sample_op(AddL2Op)
    short = Operation.__new__(AddL2Op)
    Operation.__init__(short, operands=list(op.operands)[:2])
    getter = SpecMemoryEffects.kinds_getter(AddL2Op)
    with pytest.raises(IndexError):
        getter(short)
