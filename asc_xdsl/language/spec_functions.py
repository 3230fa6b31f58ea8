"""The kernel-language functions made from op specs, built on first call.

Every op spec with a Python name (`OpSpec.py`) is a function of the language:
`asc.add`, `asc.data_copy`, ...; a name with a namespace (`adv.acos`) belongs to that
namespace (`asc.adv.acos`), and one whose namespace is a class of the language
(`LocalTensor.get_size`, a member op) is a method of that class, its object the op's
first operand. A function's forms (`spec_forms.py`) are made when a kernel
first calls it, so importing the language loads no xDSL.

Each function and method has a generated `def` (`tools/gen_api.py`: `basic/_spec_api.py`,
`adv/_spec_api.py`, `_spec_methods.py`) with its docstring and typed forms; it calls
its `SpecFunction` (`bind`, `bind_method`). `dialects/ascendc_op_index.py` lists the
names and the family modules that define them (`spec_functions`, `install_methods`).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from typing import Any

from asc_xdsl.language.builder import require_jit


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


class _Forms(Sequence[inspect.Signature]):
    """`fn.forms` of a generated def: its spec function's forms, made when first read.
    A method's (`self` first) is also its def's `__wrapped__`: `inspect.signature`
    reads its `__signature__`, the first form."""

    __slots__ = ("_fn", "_method")

    def __init__(self, fn: SpecFunction, method: bool):
        self._fn, self._method = fn, method

    def _all(self) -> list[inspect.Signature]:
        forms = self._fn.forms
        return [_with_self(sig) for sig in forms] if self._method else forms

    def __getitem__(self, i: Any) -> Any:
        return self._all()[i]

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return repr(self._all())

    @property
    def __signature__(self) -> inspect.Signature:
        return self[0]


def bind(fn: Callable[..., Any], key: str, *modules: str) -> SpecFunction:
    """The spec function `key` (defined in the family `modules`) that the generated def
    `fn` calls; `inspect.signature(fn)` gives its first form and `fn.forms` all of
    them (made when first asked: building needs xDSL)."""
    spec = SpecFunction(key, modules)
    fn.__wrapped__ = spec  # type: ignore[attr-defined]
    fn.forms = _Forms(spec, method=False)  # type: ignore[attr-defined]
    fn._spec = spec  # type: ignore[attr-defined]
    return spec


def bind_method(fn: Callable[..., Any], key: str, *modules: str) -> SpecFunction:
    """`bind` for a generated method (`LocalTensor.get_size`): its forms have `self`,
    the op's first operand, first."""
    spec = SpecFunction(key, modules)
    fn.forms = fn.__wrapped__ = _Forms(spec, method=True)  # type: ignore[attr-defined]
    fn._spec = spec  # type: ignore[attr-defined]
    return spec


def _build(modules: tuple[str, ...], key: str) -> Any:
    import importlib

    from asc_xdsl.language.spec_forms import spec_functions

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
    (grouped once)."""
    from asc_xdsl.dialects.ascendc_op_index import PY_FUNCTIONS

    grouped: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for key, modules in PY_FUNCTIONS.items():
        space, _, name = key.rpartition(".")
        grouped.setdefault(space, []).append((name, modules))
    return grouped


def _with_self(sig: inspect.Signature) -> inspect.Signature:
    first, *rest = sig.parameters.values()
    return sig.replace(parameters=[first.replace(name="self"), *rest])
