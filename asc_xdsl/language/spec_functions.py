"""The kernel-language functions made from op specs, built on first call.

Every op spec with a Python name (`OpSpec.py`) is a function of the language:
`asc.add`, `asc.data_copy`, ...; a name with a namespace (`adv.acos`) belongs to that
namespace (`asc.adv.acos`), and one whose namespace is a class of the language
(`LocalTensor.get_size`, a member op) is a method of that class, its object the op's
first operand. `dialects/ascendc_op_index.py` lists the names and the
family modules that define them, so importing the language loads no xDSL: a
function's forms (`frontend/spec_api.py`) are made when a kernel first calls it.
"""

from __future__ import annotations

import functools
import inspect
import types
from typing import Any

from asc_xdsl.frontend.context import require_jit


class SpecFunction:
    """`asc.<name>`: the spec-derived function, built when a kernel first calls it."""

    __slots__ = ("__name__", "__qualname__", "_fn", "_key", "_modules")

    def __init__(self, key: str, modules: tuple[str, ...]):
        self._key = key  # the spec's Python name, namespace included
        self.__name__ = self.__qualname__ = key.rsplit(".", 1)[-1]
        self._modules = modules
        self._fn: Any = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._fn is None:
            require_jit(self._key)
        return self._built()(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<asc_xdsl kernel function {self._key}>"

    @property
    def forms(self) -> list[inspect.Signature]:
        """The Python signature of each form (overload), in the order calls try them."""
        return [sig for _, _, sig in self._built().forms]

    @property
    def __signature__(self) -> inspect.Signature:
        # what `inspect.signature` and `help()` show: the first form (the usual call)
        return self.forms[0]

    def _built(self) -> Any:
        if self._fn is None:
            self._fn = _build(self._modules, self._key)
        return self._fn


def _build(modules: tuple[str, ...], key: str) -> Any:
    import importlib

    from asc_xdsl.frontend.spec_api import spec_functions

    families = [importlib.import_module(f"asc_xdsl.dialects.ascendc.{m}").FAMILY for m in modules]
    return spec_functions(families, only=key)[key]


def spec_functions(namespace: str = "") -> dict[str, SpecFunction]:
    """The functions of one namespace ("" for `asc.*`, "adv" for `asc.adv.*`), by name."""
    prefix = f"{namespace}." if namespace else ""
    return {
        name: SpecFunction(f"{prefix}{name}", modules)
        for name, modules in _namespaces().get(namespace, ())
    }


@functools.cache
def _namespaces() -> dict[str, list[tuple[str, tuple[str, ...]]]]:
    """Namespace -> (Python name, op modules) of its functions, in the index's order
    (grouped once: `import asc_xdsl` asks for fourteen namespaces)."""
    from asc_xdsl.dialects.ascendc_op_index import PY_FUNCTIONS

    grouped: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for key, modules in PY_FUNCTIONS.items():
        space, _, name = key.rpartition(".")
        grouped.setdefault(space, []).append((name, modules))
    return grouped


def install_methods(cls: type) -> None:
    """Give `cls` a method for each member op whose Python name is `<cls>.<method>`
    (a method the class defines itself wins)."""
    for name, fn in spec_functions(cls.__name__).items():
        if name not in cls.__dict__:
            setattr(cls, name, _method(fn))


class _SpecMethod:
    """A method made from a member op's spec: `fn` with the object as first operand."""

    __slots__ = ("__name__", "__qualname__", "_fn")

    def __init__(self, fn: SpecFunction):
        self._fn = fn
        self.__name__ = self.__qualname__ = fn.__name__

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        return self if obj is None else types.MethodType(self, obj)

    def __call__(self, obj: Any, *args: Any, **kwargs: Any) -> Any:
        return self._fn(obj, *args, **kwargs)

    @property
    def forms(self) -> list[inspect.Signature]:
        """Each form's signature, `self` (the op's first operand) first."""
        return [_with_self(sig) for sig in self._fn.forms]

    @property
    def __signature__(self) -> inspect.Signature:
        return self.forms[0]


def _with_self(sig: inspect.Signature) -> inspect.Signature:
    first, *rest = sig.parameters.values()
    return sig.replace(parameters=[first.replace(name="self"), *rest])


def _method(fn: SpecFunction) -> Any:
    return _SpecMethod(fn)
