"""Operations made without `Operation.__init__`'s generic path.

xDSL's `Operation.__init__` wraps each argument (`SSAValues`, a `list` of successors run
through their setter, a copy of each dict), creates an `UnknownLoc` through an import
statement when no location is given, and checks its name: about 10 us an op, a quarter
of the frontend's build of a kernel. `init_op` sets the same fields directly for what
the compiler builds (operands, result types, properties, regions; no successors), in
the same order and with the same use lists (its results and uses made likewise, their
fields set in their constructors' order), so the op is indistinguishable from one
`Operation.__init__` made, IRDL's defaults for absent properties and attributes
included (tests/unit/dialects/test_fast_build.py compares every field). `irdl_init` is
IRDL's builder for ops with optional or variadic groups, and `append_op` a block's
`add_op` for an op that cannot contain the block.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from itertools import count, repeat
from typing import Any, TypeVar

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects.builtin import UNKNOWN_LOC, DenseArrayBase, LocationAttr, i32
from xdsl.ir import Attribute, Block, Operation, OpResult, Region, SSAValue, SSAValues, Use
from xdsl.irdl import (
    AttrSizedOperandSegments,
    AttrSizedResultSegments,
    IRDLOperation,
    OptionalDef,
    VariadicDef,
)
from xdsl.irdl.operations import (
    AttrSizedRegionSegments,
    AttrSizedSegments,
    AttrSizedSuccessorSegments,
    SameVariadicSize,
)

from asc_xdsl.utils.class_tests import SubclassCache

OpT = TypeVar("OpT", bound=Operation)

_NONE: SSAValues = SSAValues()
_OPERATION_POST_INIT = Operation.__post_init__
"""`Operation.__post_init__` (xDSL's `ImplicitBuilder` replaces it while active)."""
_new = object.__new__


def init_op(
    op: OpT,
    operands: Sequence[SSAValue] = (),
    result_types: Sequence[Attribute] = (),
    properties: Mapping[str, Attribute] | None = None,
    location: LocationAttr = UNKNOWN_LOC,
    regions: Sequence[Region] = (),
    attributes: Mapping[str, Attribute] | None = None,
) -> OpT:
    """What `Operation.__init__(op, operands=..., result_types=..., properties=...,
    location=..., regions=..., attributes=...)` does, for an op without successors."""
    if operands:
        values = SSAValues(operands)
        uses = []
        for index, value in enumerate(values):  # `IRWithUses.add_use`, inline
            first = value.first_use
            use = _new(Use)  # (`Use(op, index, None, first)`: its fields in its order)
            use._operation = op
            use._index = index
            use._prev_use = None
            use._next_use = first
            if first is not None:
                first._prev_use = use
            value.first_use = use
            uses.append(use)
        op._operands = values
        op._operand_uses = tuple(uses)
    else:
        op._operands = _NONE
        op._operand_uses = ()
    if not result_types:
        op.results = _NONE
    elif len(result_types) == 1:  # (most ops)
        result = _new(OpResult)  # (`OpResult(type, op, 0)`: its fields in its order)
        result._type = result_types[0]
        result.op = op
        result.index = 0
        op.results = SSAValues((result,))
    else:
        op.results = SSAValues(map(OpResult, result_types, repeat(op), count()))
    op.properties = dict(properties) if properties else {}
    op.attributes = dict(attributes) if attributes else {}
    op.location = location
    op._successors = ()
    op._successor_uses = ()
    op.regions = ()
    for region in regions:
        op.add_region(region)
    if Operation.__post_init__ is not _OPERATION_POST_INIT:
        op.__post_init__()  # an `ImplicitBuilder` is active: its hook inserts the op
        return op
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
    if method is _OPERATION_POST_INIT:
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


def irdl_init(
    op: IRDLOperation,
    operands: Sequence[SSAValue | Sequence[SSAValue] | None],
    result_types: Sequence[Attribute | Sequence[Attribute] | None],
    properties: Mapping[str, Attribute | None],
) -> bool:
    """IRDL's builder (`IRDLOperation.__init__(op, operands=..., result_types=...,
    properties=...)`) for an op without regions or successors whose operands are
    values (None or a list for an optional or variadic one) and whose result types
    are attributes (likewise): the operands and results flattened, the segment sizes
    set where the class sizes its segments by an attribute. False (nothing done) for
    any other argument, left to IRDL's builder and its messages."""
    plan = _irdl_plan(type(op))
    if plan is None:
        return False
    operand_kinds, result_kinds, operand_segments, result_segments = plan
    flat_operands = _flatten(operands, operand_kinds, _IS_VALUE)
    if flat_operands is None:
        return False
    flat_types = _flatten(result_types, result_kinds, _IS_ATTRIBUTE)
    if flat_types is None:
        return False
    props = {name: value for name, value in properties.items() if value is not None}
    attrs: dict[str, Attribute] = {}
    for segments, sizes in ((operand_segments, flat_operands[1]), (result_segments, flat_types[1])):
        if segments is not None:
            name, as_property = segments
            (props if as_property else attrs)[name] = _sizes_attr(sizes)
    init_op(op, flat_operands[0], flat_types[0], props, attributes=attrs)
    return True


_SINGLE, _OPTIONAL, _VARIADIC = 0, 1, 2


_IS_VALUE = SubclassCache(SSAValue)
_IS_ATTRIBUTE = SubclassCache(Attribute)
_IS_GROUP = SubclassCache((list, tuple))
"""(asked per class: `isinstance` against xDSL's classes and `Sequence` goes through
ABCMeta)"""


def _flatten(
    args: Sequence[Any], kinds: tuple[int, ...], is_item: SubclassCache
) -> tuple[list[Any], tuple[int, ...]] | None:
    """(the items, the size of each group) as IRDL's `irdl_build_arg_list` makes them,
    or None for what only it handles (an `Operation` for its result, a wrong count)."""
    if len(args) != len(kinds):
        return None
    flat: list[Any] = []
    sizes: list[int] = []
    for kind, arg in zip(kinds, args, strict=True):
        if arg is None:
            if kind == _SINGLE:
                return None
            sizes.append(0)
        elif is_item[type(arg)]:
            flat.append(arg)
            sizes.append(1)
        elif _IS_GROUP[type(arg)] or (isinstance(arg, Sequence) and not isinstance(arg, str)):
            n = len(arg)
            if (kind == _SINGLE and n != 1) or (kind == _OPTIONAL and n > 1):
                return None
            for a in arg:
                if not is_item[type(a)]:
                    return None
            flat.extend(arg)
            sizes.append(n)
        else:
            return None
    return flat, tuple(sizes)


@functools.cache
def _sizes_attr(sizes: tuple[int, ...]) -> Attribute:
    """`DenseArrayBase.from_list(i32, sizes)`, made once (attributes are immutable)."""
    return DenseArrayBase.from_list(i32, sizes)


@functools.cache
def _irdl_plan(cls: type[IRDLOperation]) -> Any:
    """(operand kinds, result kinds, operand segment option, result segment option) of
    an op class without regions or successors; each option is (attribute name, is a
    property) or None. None for a class with regions, successors or equal-size
    variadics."""
    op_def = cls.get_irdl_definition()
    if op_def.regions or op_def.successors:
        return None

    def kinds(defs: Sequence[tuple[str, Any]]) -> tuple[int, ...]:
        return tuple(
            _OPTIONAL
            if isinstance(d, OptionalDef)
            else _VARIADIC
            if isinstance(d, VariadicDef)
            else _SINGLE
            for _, d in defs
        )

    def option(kind: type[AttrSizedSegments]) -> tuple[str, bool] | None:
        for o in op_def.options:
            if isinstance(o, kind):
                return o.attribute_name, o.as_property
        return None

    if any(
        isinstance(o, AttrSizedRegionSegments | AttrSizedSuccessorSegments | SameVariadicSize)
        for o in op_def.options
    ):
        return None  # (IRDL's builder checks equal variadic sizes)
    return (
        kinds(op_def.operands),
        kinds(op_def.results),
        option(AttrSizedOperandSegments),
        option(AttrSizedResultSegments),
    )


def append_op(block: Block, op: Operation) -> None:
    """`block.add_op(op)`. For an op without regions (which cannot hold the block) the
    links are set directly: xDSL's also walks up the block's ancestors to refuse an op
    that contains it."""
    if op.regions:
        block.add_op(op)
        return
    if op.parent is not None:
        raise ValueError("Can't add to a block an operation already attached to a block.")
    op.parent = block
    last = block._last_op
    if last is None:
        block._first_op = op
    else:
        last._next_op = op
        op._prev_op = last
    block._last_op = op


_VALID_NAMES: dict[str, str | None] = {}
"""Name -> the form xDSL's `name_hint` setter keeps (None: one it refuses)."""
_UNSEEN = object()


def name_value(value: SSAValue, name: str) -> None:
    """`value.name_hint = name`, with each name's check made once (the setter matches
    two regular expressions every time). A Python identifier xDSL refuses as a value
    name, one that starts with a non-ASCII letter (`αβ`), leaves the value as it was:
    it is a valid kernel variable, and the printer names C++ variables in ASCII anyway."""
    valid = _VALID_NAMES.get(name, _UNSEEN)
    if valid is _UNSEEN:
        try:
            valid = SSAValue.extract_valid_name(name)
        except ValueError:
            valid = None
        if len(_VALID_NAMES) < 65536:  # (a bound for programs that make names)
            _VALID_NAMES[name] = valid
    if valid is not None:
        value._name = valid  # type: ignore[assignment]  # (what the setter sets)
