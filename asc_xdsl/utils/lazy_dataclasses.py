"""What `dataclasses` writes into xDSL's and our classes as they are defined, made when
first used.

Part of the opt-in fast start (`asc_xdsl.utils.fast_start`): nothing here is installed
unless a program asks for it (`asc_xdsl.fast_start()`, `ASC_XDSL_FAST_START=1`, our
own command-line programs).

Making a dataclass is about a tenth of a cold start here (Python start to the first
kernel compiled): ~330 classes of xDSL's and ours, each given a docstring from its
signature and methods generated as source text and compiled (`dataclass_code` keeps the
compiled code, not the text). Most of that is never used in a run: nobody reads the
docstrings, and most attribute classes are never printed, compared or assigned to.
`install()` makes, for a class of an `xdsl` or `asc_xdsl` module:

- its docstring (`Name(...)` from its signature, when it has none) a `SignatureDoc`,
  which writes the text the first time `__doc__` is read and is replaced by it;
- its `__init__`, `__repr__`, `__eq__` (and the order methods), `__hash__` and a frozen
  class's `__setattr__`/`__delattr__` each a `LazyMethod`, which makes the function
  `dataclasses` would have made the first time it is looked up (a call, `repr()`, `==`,
  `hash()`, `getattr`) and puts it in its own place in the class. The one error
  `dataclasses` finds as it writes one (a field without a default after one with) is
  still raised at the class statement. A compile of the vector add (a fresh process)
  makes 92 of 227 such `__init__`s and 41 of 1,264 other methods.

Classes of other modules are left to `dataclasses` as they are. Where the helpers this wraps are not there (Python 3.13
writes a class's methods in one go), only the docstrings are lazy.

One difference: the docstring's signature is the class's when the docstring is first
read, not when the class was made, so a class whose `__init__` is replaced after
`dataclasses` ran shows the `__init__` it ends with.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from collections.abc import Callable
from typing import Any

_MODULES = ("xdsl.", "asc_xdsl.")
_PENDING = object()
"""A class's docstring while `dataclasses` processes it (truthy: it writes none)."""


class SignatureDoc:
    """`__doc__` of a dataclass, as `dataclasses` writes it, on first read."""

    __slots__ = ("owner",)

    def __init__(self, owner: type) -> None:
        self.owner = owner

    def __get__(self, obj: object, owner: type | None = None) -> str:
        cls = self.owner
        try:
            text = str(inspect.signature(cls)).replace(" -> None", "")
        except (TypeError, ValueError):  # (as `dataclasses`: some have no signature)
            text = ""
        doc = cls.__name__ + text
        type.__setattr__(cls, "__doc__", doc)  # (read once: the text replaces this)
        return doc


class LazyMethod:
    """A method `dataclasses` makes, made on first lookup: the function then replaces
    this in the class that holds it (found along the looked-up class's MRO: a subclass
    may be the one looked up), with the `__qualname__` `dataclasses` gives it."""

    __slots__ = ("__name__", "make")

    def __init__(self, name: str, make: Callable[[], Any]) -> None:
        self.__name__ = name
        self.make = make

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        name = self.__name__
        cls = next(c for c in (owner or type(obj)).__mro__ if vars(c).get(name) is self)
        method = self.make()
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        type.__setattr__(cls, name, method)
        return method.__get__(obj, owner)


def _ours(globals: dict[str, Any]) -> bool:
    """Whether `globals` (what `dataclasses` hands its helpers: the class's module's
    namespace) is an `xdsl` or `asc_xdsl` module's."""
    return globals.get("__name__", "").startswith(_MODULES)


def _lazy_method(method: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The wrapper of a helper `make(fields, globals)` that makes method `method`."""

    def wrap(make: Callable[..., Any]) -> Callable[..., Any]:
        def helper(fields: list[Any], globals: dict[str, Any]) -> Any:
            if not _ours(globals):
                return make(fields, globals)
            return LazyMethod(method, functools.partial(make, fields, globals))

        return helper

    return wrap


def _lazy_cmp(make: Callable[..., Any]) -> Callable[..., Any]:
    def cmp_fn(name: str, op: str, self_tuple: str, other_tuple: str, globals: Any) -> Any:
        if not _ours(globals):
            return make(name, op, self_tuple, other_tuple, globals)
        return LazyMethod(name, functools.partial(make, name, op, self_tuple, other_tuple, globals))

    return cmp_fn


def _lazy_frozen(make: Callable[..., Any]) -> Callable[..., Any]:
    def frozen_fns(cls: type, fields: list[Any], globals: dict[str, Any]) -> Any:
        if not _ours(globals):
            return make(cls, fields, globals)
        both = functools.cache(lambda: make(cls, fields, globals))  # (made together)
        return tuple(
            LazyMethod(name, lambda i=i: both()[i])  # type: ignore[misc]
            for i, name in enumerate(("__setattr__", "__delattr__"))
        )

    return frozen_fns


def _lazy_init(make: Callable[..., Any]) -> Callable[..., Any]:
    def init_fn(fields: list[Any], std_fields: list[Any], *rest: Any) -> Any:
        globals = rest[-2]  # (kw_only_fields, frozen, has_post_init, self_name, globals, slots)
        if not _ours(globals):
            return make(fields, std_fields, *rest)
        _check_defaults(std_fields)
        return LazyMethod("__init__", functools.partial(make, fields, std_fields, *rest))

    return init_fn


def _check_defaults(std_fields: list[Any]) -> None:
    """The check `dataclasses` makes as it writes `__init__`: a positional parameter
    without a default may not follow one with (an error of the class statement)."""
    seen_default = False
    for f in std_fields:
        if f.init:
            if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                seen_default = True
            elif seen_default:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")


_METHOD_MAKERS: dict[str, Callable[[Callable[..., Any]], Callable[..., Any]]] = {
    "_init_fn": _lazy_init,
    "_repr_fn": _lazy_method("__repr__"),
    "_hash_fn": _lazy_method("__hash__"),
    "_cmp_fn": _lazy_cmp,
    "_frozen_get_del_attr": _lazy_frozen,
}
"""The `dataclasses` helpers that make a class's methods (each called, by module-global
name, from `_process_class` or `_hash_add`), and what wraps each."""


def _install_docs() -> None:
    process = dataclasses._process_class  # type: ignore[attr-defined]
    if getattr(process, "_signature_docs", False):
        return

    def process_class(cls: type, *args: Any, **kwargs: Any) -> type:
        if not (cls.__dict__.get("__doc__") is None and cls.__module__.startswith(_MODULES)):
            return process(cls, *args, **kwargs)
        cls.__doc__ = _PENDING  # type: ignore[assignment]
        try:
            made = process(cls, *args, **kwargs)
        except BaseException:
            if cls.__dict__.get("__doc__") is _PENDING:
                cls.__doc__ = None  # (as `dataclasses` leaves a class it refuses)
            raise
        for c in {cls, made}:  # (with slots=True, `dataclasses` makes a new class)
            if c.__dict__.get("__doc__") is _PENDING:
                c.__doc__ = SignatureDoc(c)  # type: ignore[assignment]
        return made

    process_class._signature_docs = True  # type: ignore[attr-defined]
    dataclasses._process_class = process_class  # type: ignore[attr-defined]


def _install_methods() -> None:
    if not hasattr(dataclasses, "_create_fn") or not all(
        callable(getattr(dataclasses, name, None)) for name in _METHOD_MAKERS
    ):
        return  # (another layout of `dataclasses`: its methods stay eager)
    for name, wrap in _METHOD_MAKERS.items():
        helper = getattr(dataclasses, name)
        if not getattr(helper, "_lazy_methods", False):
            lazy = wrap(helper)
            lazy._lazy_methods = True  # type: ignore[attr-defined]
            setattr(dataclasses, name, lazy)


def install() -> None:
    """Make the docstrings and methods of xDSL's and our dataclasses when first used
    (idempotent)."""
    _install_docs()
    _install_methods()
