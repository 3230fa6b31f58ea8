"""Named operands, results and regions of IRDL ops, read in one call.

`op.lhs` on an xDSL op goes through IRDL's accessor: its `__get__`, the op's `operands`
view (a new object), the accessor's `index`, the view's `__getitem__` and the value
tuple's own `__getitem__`: five Python calls for one tuple item, on every named read
by the verifiers, the passes and the printer (3% of a warm compile). For the common
accessor, a single construct before any variadic one (`BeforeVariadicSingleAccessor`),
`install()` gives every op class (those defined already, and those defined from then
on) a subclass of it whose `__get__` reads the item straight from the tuple the op
keeps it in. Other accessors (variadic, optional, after a variadic, successors) stay
IRDL's. Writing to a named construct fails as IRDL's does.

`import asc_xdsl` does not load xDSL: until `xdsl.irdl.operations` is imported,
`install()` only leaves a one-shot import hook that patches it as it loads, before any
op class is defined.
"""

from __future__ import annotations

from operator import attrgetter
from types import ModuleType
from typing import Any

from asc_xdsl.utils.import_hooks import patch_when_imported

OPERATIONS_MODULE = "xdsl.irdl.operations"

_item = tuple.__getitem__
"""The item of a value tuple, without `SSAValues.__getitem__` (a Python call)."""

_FIELDS = {"OPERAND": "_operands", "RESULT": "results", "REGION": "regions"}
"""IRDL construct -> the op's tuple of them (`_operands` is the one behind `operands`)."""


SingleAccessor: type | None = None
"""The fast accessor class, a subclass of IRDL's `BeforeVariadicSingleAccessor` (whose
`index` xDSL's format parser calls), made when xDSL's module is patched."""


def _accessor_class(base: type) -> type:
    class SingleAccessor(base):  # type: ignore[misc,valid-type]
        """The construct at `idx` of the op's tuple of them, read in one call."""

        def __init__(self, construct: Any, idx: int) -> None:
            super().__init__(construct, idx)
            tuple_of = attrgetter(_FIELDS[construct.name])
            object.__setattr__(self, "_tuple", tuple_of)  # (a frozen dataclass)

        def __get__(self, obj: Any, objtype: type | None = None) -> Any:
            if obj is None:
                return self
            return _item(self._tuple(obj), self.idx)

        # (`__set__` is IRDL's: writing to a named construct fails as it does)

    SingleAccessor.__module__ = __name__
    return SingleAccessor


def _patch(module: ModuleType) -> None:
    """Make `module` (xDSL's `xdsl.irdl.operations`) give new op classes the fast
    descriptors."""
    accessors = module.get_accessors_from_op_def
    if getattr(accessors, "_asc_xdsl_fast", False):
        return
    global SingleAccessor
    single = module.BeforeVariadicSingleAccessor
    fast = SingleAccessor = _accessor_class(single)

    def faster(accessor: Any) -> Any:
        """The fast accessor for `accessor`, or None where IRDL's stays."""
        if type(accessor) is single and accessor.construct.name in _FIELDS:
            return fast(accessor.construct, accessor.idx)
        return None

    def get_accessors_from_op_def(op_def: Any, custom_verify: Any | None) -> dict[str, Any]:
        found = accessors(op_def, custom_verify)
        for name, accessor in found.items():
            if (replacement := faster(accessor)) is not None:
                found[name] = replacement
        return found

    get_accessors_from_op_def._asc_xdsl_fast = True  # type: ignore[attr-defined]
    module.get_accessors_from_op_def = get_accessors_from_op_def
    # Op classes defined before (xDSL imported before asc_xdsl) get them too.
    pending = list(module.IRDLOperation.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        for name, accessor in list(vars(cls).items()):
            if (replacement := faster(accessor)) is not None:
                setattr(cls, name, replacement)


def install() -> None:
    """Give op classes, those defined already and those defined from now on, the fast
    accessors (idempotent)."""
    patch_when_imported(OPERATIONS_MODULE, _patch)
