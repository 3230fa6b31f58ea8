"""Named operands, results and regions of our IRDL ops, read in one call.

`op.lhs` on an xDSL op goes through IRDL's accessor: its `__get__`, the op's `operands`
view (a new object), the accessor's `index`, the view's `__getitem__` and the value
tuple's own `__getitem__`: five Python calls for one tuple item, on every named read
by the verifiers, the passes and the printer. For the common accessor, a single
construct before any variadic one (`BeforeVariadicSingleAccessor`), `apply(cls)` gives
an op class of ours (one defined in an `asc_xdsl` module) a subclass of it whose
`__get__` reads the item straight from the tuple the op keeps it in. Other accessors
(variadic, optional, after a variadic, successors) stay IRDL's. Writing to a named
construct fails as IRDL's does.

Only our classes: xDSL's op classes, and a user's (even one subclassing ours, defined
in the user's module), keep IRDL's accessors; nothing of xDSL's is changed. `fast_verify`
applies it to each op class of ours the first time `verify_module` meets the class, so
the passes and the printer, which run after, read through it.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

OUR_MODULES = ("asc_xdsl.",)
"""Classes defined in these modules are ours (and only they get the fast accessors)."""

_item = tuple.__getitem__
"""The item of a value tuple, without `SSAValues.__getitem__` (a Python call)."""

_FIELDS = {"OPERAND": "_operands", "RESULT": "results", "REGION": "regions"}
"""IRDL construct -> the op's tuple of them (`_operands` is the one behind `operands`)."""

_DONE: set[type] = set()
"""The classes `apply` has seen."""

_ACCESSOR: list[type] = []
"""The fast accessor class, made on first use (it subclasses one of xDSL's)."""


def _accessor_class() -> type:
    if _ACCESSOR:
        return _ACCESSOR[0]
    from xdsl.irdl.operations import BeforeVariadicSingleAccessor

    class SingleAccessor(BeforeVariadicSingleAccessor):
        """The construct at `idx` of the op's tuple of them, read in one call (a
        subclass of IRDL's, whose `index` xDSL's format parser calls)."""

        def __init__(self, construct: Any, idx: int) -> None:
            super().__init__(construct, idx)
            tuple_of = attrgetter(_FIELDS[construct.name])
            object.__setattr__(self, "_tuple", tuple_of)  # (a frozen dataclass)

        def __get__(self, obj: Any, objtype: type | None = None) -> Any:
            if obj is None:
                return self
            return _item(self._tuple(obj), self.idx)

        # (`__set__` is IRDL's: writing to a named construct fails as it does)

    _ACCESSOR.append(SingleAccessor)
    return SingleAccessor


def ours(cls: type) -> bool:
    """Whether `cls` was defined in one of our modules."""
    return cls.__module__.startswith(OUR_MODULES)


def apply(cls: type) -> None:
    """Give op class `cls` the fast accessors, if it is ours (idempotent; any other
    class is left as it is)."""
    if cls in _DONE:
        return
    _DONE.add(cls)
    if not ours(cls):
        return
    fast = _accessor_class()
    single = fast.__base__
    for name, accessor in list(vars(cls).items()):
        if type(accessor) is single and accessor.construct.name in _FIELDS:
            setattr(cls, name, fast(accessor.construct, accessor.idx))
