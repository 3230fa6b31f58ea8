"""IRDL's definition-time conversions, done once per input for xDSL's and our classes.

Part of the opt-in fast start (`asc_xdsl.utils.fast_start`): nothing here is installed
unless a program asks for it (`asc_xdsl.fast_start()`, `ASC_XDSL_FAST_START=1`, our
own command-line programs).

IRDL defines a parametrized attribute from the annotations of every class in its MRO,
each evaluated anew (`inspect.get_annotations(cls, eval_str=True)`: an `eval` per
string annotation), and converts each annotation and each op field's type hint to a
constraint (`irdl_to_attr_constraint`). The bases (`ParametrizedAttribute`,
`TypedAttribute`, `Generic`, ...) are evaluated again for every attribute class below
them, ~600 times in a first compile for ~130 classes, and the same hints (`Attribute`,
`ArrayAttr[IntAttr]`, a type variable, a union) are converted ~800 times for ~150
distinct ones. `install()` gives `xdsl.irdl.attributes` (whose names the rest of IRDL
imports) a `get_annotations` that keeps each class's evaluated annotations, for classes
of `xdsl` and `asc_xdsl` modules (whose annotations do not change once the class
exists; others are evaluated as before), and an `irdl_to_attr_constraint` that keeps
the constraint of each type-level hint (a class, a generic alias, a union, a type
variable; constraints are immutable, so a kept one serves every definition that
names the hint). IRDL only reads what it is given.

The fast start does not load xDSL: until `xdsl.irdl.attributes` is imported,
`install()` only leaves a one-shot import hook that patches it as it loads.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Callable
from types import ModuleType
from typing import Any

from asc_xdsl.utils.import_hooks import patch_when_imported

ATTRIBUTES_MODULE = "xdsl.irdl.attributes"
_MODULES = ("xdsl.", "asc_xdsl.")

_EVALUATED: dict[type, dict[str, Any]] = {}
"""Class -> its annotations, evaluated (`get_annotations(cls, eval_str=True)`)."""

_CONSTRAINTS: dict[tuple[Any, tuple[Any, ...], bool], Any] = {}
"""(type-level hint, its arguments, allow_type_var) -> its constraint
(`irdl_to_attr_constraint`)."""
_CONSTRAINTS_LIMIT = 4096
"""Past this many kept constraints the table starts afresh: a program that defines
classes without end (IRDL definitions made in a loop) must not keep each one's hints
alive (xDSL and our dialects need ~150)."""

_HINT_KINDS = (type, typing.TypeVar, types.GenericAlias, types.UnionType)


def get_annotations(obj: Any, *, eval_str: bool = False, **kwargs: Any) -> dict[str, Any]:
    """`inspect.get_annotations`, kept per class for evaluated annotations of xDSL's
    and our classes."""
    if not eval_str or kwargs or not isinstance(obj, type):
        return inspect.get_annotations(obj, eval_str=eval_str, **kwargs)
    found = _EVALUATED.get(obj)
    if found is None:
        found = inspect.get_annotations(obj, eval_str=True)
        if obj.__module__.startswith(_MODULES):
            _EVALUATED[obj] = found
    return found


def _memo_constraints(convert: Callable[..., Any]) -> Callable[..., Any]:
    def irdl_to_attr_constraint(irdl: Any, *, allow_type_var: bool = False) -> Any:
        """IRDL's conversion, kept per type-level hint (see the module's docstring)."""
        if not (isinstance(irdl, _HINT_KINDS) or type(irdl).__module__ == "typing"):
            return convert(irdl, allow_type_var=allow_type_var)
        key = (irdl, typing.get_args(irdl), allow_type_var)  # (unions equal in any order)
        try:
            found = _CONSTRAINTS.get(key)
        except TypeError:  # (an unhashable hint, e.g. Annotated with a list)
            return convert(irdl, allow_type_var=allow_type_var)
        if found is None:
            found = convert(irdl, allow_type_var=allow_type_var)
            if len(_CONSTRAINTS) >= _CONSTRAINTS_LIMIT:
                _CONSTRAINTS.clear()
            _CONSTRAINTS[key] = found
        return found

    irdl_to_attr_constraint._irdl_memo = True  # type: ignore[attr-defined]
    return irdl_to_attr_constraint


def _patch(module: ModuleType) -> None:
    module.get_annotations = get_annotations  # type: ignore[attr-defined]
    convert = module.irdl_to_attr_constraint  # type: ignore[attr-defined]
    if not getattr(convert, "_irdl_memo", False):
        module.irdl_to_attr_constraint = _memo_constraints(convert)  # type: ignore[attr-defined]


def install() -> None:
    """Keep IRDL's conversions for the definitions made from now on (idempotent)."""
    patch_when_imported(ATTRIBUTES_MODULE, _patch)
