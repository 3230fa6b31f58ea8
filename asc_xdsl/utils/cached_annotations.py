"""The evaluated annotations of xDSL's and our attribute classes, evaluated once per class.

IRDL defines a parametrized attribute from the annotations of every class in its MRO,
each evaluated anew (`inspect.get_annotations(cls, eval_str=True)`: an `eval` per
string annotation): `ParametrizedAttribute`, `TypedAttribute`, `Generic` and the other
bases are evaluated again for every attribute class below them, ~600 times in a first
compile for ~130 classes. `install()` gives `xdsl.irdl.attributes` a `get_annotations`
that keeps each class's evaluated annotations (for classes of `xdsl` and `asc_xdsl`
modules, whose annotations do not change once the class exists; others are evaluated as
before). IRDL only reads the dictionary.

`import asc_xdsl` does not load xDSL: until `xdsl.irdl.attributes` is imported,
`install()` only leaves a one-shot import hook that patches it as it loads.
"""

from __future__ import annotations

import inspect
from types import ModuleType
from typing import Any

from asc_xdsl.utils.import_hooks import patch_when_imported

ATTRIBUTES_MODULE = "xdsl.irdl.attributes"
_MODULES = ("xdsl.", "asc_xdsl.")

_EVALUATED: dict[type, dict[str, Any]] = {}
"""Class -> its annotations, evaluated (`get_annotations(cls, eval_str=True)`)."""


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


def _patch(module: ModuleType) -> None:
    module.get_annotations = get_annotations  # type: ignore[attr-defined]


def install() -> None:
    """Keep evaluated annotations for the attribute classes defined from now on
    (idempotent)."""
    patch_when_imported(ATTRIBUTES_MODULE, _patch)
