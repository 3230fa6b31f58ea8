"""Operations made without `Operation.__init__`'s generic path.

xDSL's `Operation.__init__` wraps each argument (`SSAValues`, a `list` of successors run
through their setter, a copy of each dict), creates an `UnknownLoc` through an import
statement when no location is given, and checks its name: about 10 us an op, a quarter
of the frontend's build of a kernel. `init_op` sets the same fields directly for what
the compiler builds (operands, result types, properties, regions; no successors), in
the same order and with the same use lists, so the op is indistinguishable from one
`Operation.__init__` made, IRDL's defaults for absent properties and attributes
included (tests/unit/dialects/test_fast_build.py compares every field).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from itertools import count, repeat
from typing import Any, TypeVar

from xdsl.dialects.builtin import UNKNOWN_LOC, LocationAttr
from xdsl.ir import Attribute, Operation, OpResult, Region, SSAValue, SSAValues, Use
from xdsl.irdl import IRDLOperation, OptionalDef

OpT = TypeVar("OpT", bound=Operation)

_NONE: SSAValues = SSAValues()
_new = object.__new__


def init_op(
    op: OpT,
    operands: Sequence[SSAValue] = (),
    result_types: Sequence[Attribute] = (),
    properties: Mapping[str, Attribute] | None = None,
    location: LocationAttr = UNKNOWN_LOC,
    regions: Sequence[Region] = (),
) -> OpT:
    """What `Operation.__init__(op, operands=..., result_types=..., properties=...,
    location=..., regions=...)` does, for an op without successors."""
    if operands:
        values = SSAValues(operands)
        uses = tuple(map(Use, repeat(op), range(len(values))))
        for value, use in zip(values, uses, strict=True):  # `IRWithUses.add_use`, inline
            first = value.first_use
            use._next_use = first
            if first is not None:
                first._prev_use = use
            value.first_use = use
        op._operands = values
        op._operand_uses = uses
    else:
        op._operands = _NONE
        op._operand_uses = ()
    op.results = (
        SSAValues(map(OpResult, result_types, repeat(op), count())) if result_types else _NONE
    )
    op.properties = dict(properties) if properties else {}
    op.attributes = {}
    op.location = location
    op._successors = ()
    op._successor_uses = ()
    op.regions = ()
    for region in regions:
        op.add_region(region)
    post_init = _post_init(type(op))
    if post_init is not None:
        if callable(post_init):
            post_init(op)
        else:  # IRDL's: defaults of the absent properties and attributes
            for field, name, value in post_init:
                given = op.properties if field else op.attributes
                if name not in given:
                    given[name] = value
    return op


@functools.cache
def _post_init(cls: type[Operation]) -> Any:
    """What `cls.__post_init__` adds to an op: None (nothing: `Operation`'s checks
    only that the class has a name), IRDL's defaults as (is a property, name, value)
    triples, or the method itself for a class with its own."""
    method = cls.__post_init__
    if method is Operation.__post_init__:
        return None
    if method is not IRDLOperation.__post_init__:
        return method
    op_def = cls.get_irdl_definition()  # type: ignore[attr-defined]
    defaults = tuple(
        (is_property, name, d.default_value)
        for is_property, defs in ((True, op_def.properties), (False, op_def.attributes))
        for name, d in defs.items()
        if not isinstance(d, OptionalDef) and d.default_value is not None
    )
    return defaults or None


def new_op(
    cls: type[OpT],
    operands: Sequence[SSAValue] = (),
    result_types: Sequence[Attribute] = (),
    properties: Mapping[str, Attribute] | None = None,
    location: LocationAttr = UNKNOWN_LOC,
    regions: Sequence[Region] = (),
) -> OpT:
    """`cls.create(operands=..., result_types=..., properties=..., location=...,
    regions=...)` without `Operation.__init__` (see `init_op`)."""
    return init_op(_new(cls), operands, result_types, properties, location, regions)
