"""Spec ops' Ascend C call building by operand position (`spec._CallPlan`) gives what
reading every operand through IRDL's accessors gives, on every spec op's sample."""

from collections.abc import Sequence

import pytest
from spec_cases import BY_FAMILY, FAMILIES, check_each

from asc_xdsl.dialects.ascendc.spec import PropKind, SpecOp
from asc_xdsl.dialects.ascendc.spec_samples import sample_op


def _var_type(op, var):
    """The element type of `var`, from the first operand of that variable (by name)."""
    for o in op.SPEC.operands:
        if o.type.var != var:
            continue
        value = getattr(op, o.name)
        if isinstance(value, Sequence):
            value = value[0] if value else None
        if value is None:
            continue
        return getattr(value.type, "element_type", value.type)
    if any(p.name == var and p.kind is PropKind.TYPE for p in op.SPEC.props):
        return op._prop(var)
    return None


def _template(op):
    props = {p.name: p for p in op.SPEC.props}
    out = []
    for item in op.SPEC.template:
        if callable(item):
            out.append(item(op))
        elif item in props:
            out.append(op._prop_value(props[item]))
        else:
            out.append(_var_type(op, item))
    return out


def _call(op):
    spec = op.SPEC
    props = {p.name: p for p in spec.props}
    if spec.call is None:
        return op._operand_call_args()  # every operand through its accessor
    out = []
    for item in spec.call:
        if callable(item):
            out.append(item(op))
        elif item in props:
            value = op._prop_value(props[item])
            out.append(value if hasattr(value, "cpp") else str(value))
        else:
            out.append(getattr(op, item))
    return out


def _same(a, b):
    return len(a) == len(b) and all(x is y or x == y for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("family", FAMILIES)
def test_call_building_by_position_matches_the_accessors(family):
    check_each(BY_FAMILY[family], _call_building_matches)


def _call_building_matches(op_class):
    _module, op = sample_op(op_class)
    if op_class.SPEC.lowered_by is not None:
        return
    if type(op).cpp_template_args is SpecOp.cpp_template_args:
        assert _same(op.cpp_template_args(), _template(op))
    if type(op).cpp_call_args is SpecOp.cpp_call_args:
        assert _same(op.cpp_call_args(), _call(op))
    for var in {o.type.var for o in op_class.SPEC.operands} - {None}:
        assert op.var_type(var) == _var_type(op, var)
