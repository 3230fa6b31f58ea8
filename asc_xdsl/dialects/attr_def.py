"""Our parametrized attribute and type classes, defined without per-class generated code.

xDSL's `irdl_attr_definition` makes a class a frozen dataclass (`__repr__`, `__eq__`,
`__hash__`, `__setattr__`, `__delattr__` generated as source text and compiled, five
`exec`s per class) and builds its IRDL definition (annotations evaluated, constraints
converted) as the class is made. For our ~30 types that is a tenth of what `import
asc_xdsl` plus a first compile spend on our own classes, and a kernel uses a handful
of them. `attr_definition` defines our classes (only ours: it is a decorator our
modules apply, nothing else changes) with the same behaviour:

- the IRDL definition (`get_irdl_definition`, and `get_type_index` of a typed
  attribute) is built on first use: a type's first instance (its verifier reads it),
  its first parse or print;
- equality, hashing and `repr` go over the IRDL parameters, made for the class on
  first use (an `attrgetter` of the parameter names): the same as the dataclass
  methods xDSL makes when every parameter is declared in the decorated class. Where
  a parameter was declared in an undecorated base (`TensorType`'s `shape` and
  `element_type`), the dataclass methods saw no field at all: every
  `GlobalTensorType` compared equal to every other and hashed alike. Here they
  compare by their parameters;
- instances are frozen, as a frozen dataclass's (`dataclasses.FrozenInstanceError`),
  and the class is final (`runtime_final`), as xDSL makes it.

What differs: a mistake in a class's parameters (a field without a type, a bad
constraint) is reported when the class is first used, not at its class statement
(tests/unit/test_attr_def.py defines every type of ours), and `dataclasses.fields()`
of our attributes lists no fields (the parameters are
`type(attr).get_irdl_definition().parameters`, as for any xDSL attribute).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError
from operator import attrgetter
from typing import Any, TypeVar

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.ir import Attribute, ParametrizedAttribute, TypedAttribute
from xdsl.irdl.attributes import ParamAttrDef, check_attr_name
from xdsl.utils.exceptions import PyRDLAttrDefinitionError
from xdsl.utils.runtime_final import runtime_final

from asc_xdsl.utils.class_tests import is_subclass

_AttrT = TypeVar("_AttrT", bound=type[ParametrizedAttribute])


class _OnFirstUse:
    """A class attribute made the first time it is looked up (from the class's IRDL
    parameters, which are built on first use too); the value then replaces this in the
    class (the lookup slots of `==`, `hash()` and `repr()` follow)."""

    __slots__ = ("make", "name")

    def __init__(self, name: str, make: Callable[[type], Any]) -> None:
        self.name = name
        self.make = make

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        cls = next(c for c in (owner or type(obj)).__mro__ if vars(c).get(self.name) is self)
        value = self.make(cls)
        type.__setattr__(cls, self.name, value)
        get = getattr(type(value), "__get__", None)
        return value if get is None else get(value, obj, owner)


def _names(cls: type[ParametrizedAttribute]) -> tuple[str, ...]:
    return tuple(name for name, _ in cls.get_irdl_definition().parameters)


def _parameters_of(cls: type[ParametrizedAttribute]) -> Callable[[Any], tuple[Any, ...]]:
    """The instance -> its parameters' tuple (what the dataclass methods compare)."""
    names = _names(cls)
    if len(names) == 1:
        (name,) = names
        return lambda attr: (getattr(attr, name),)
    if not names:
        return lambda attr: ()
    return attrgetter(*names)


def _make_eq(cls: type[ParametrizedAttribute]) -> Callable[[Any, Any], Any]:
    parameters = _parameters_of(cls)

    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return parameters(self) == parameters(other)
        return NotImplemented

    return __eq__


def _make_hash(cls: type[ParametrizedAttribute]) -> Callable[[Any], int]:
    parameters = _parameters_of(cls)

    def __hash__(self: Any) -> int:
        return hash(parameters(self))

    return __hash__


def _make_repr(cls: type[ParametrizedAttribute]) -> Callable[[Any], str]:
    names = _names(cls)

    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


_ATTRIBUTE_POST_INIT = Attribute.__post_init__


def _post_init(self: Any) -> None:
    # `Attribute.__post_init__` less its `isinstance(self, Data | ParametrizedAttribute)`:
    # ours are parametrized attributes by construction (`attr_definition` checks), and
    # ABCMeta's first "no" for Data would visit each of Data's subclasses. Where a
    # program replaced xDSL's (to build IR unverified, say), xDSL's current one runs.
    post_init = Attribute.__post_init__
    if post_init is not _ATTRIBUTE_POST_INIT:
        post_init(self)
        return
    self._verify()


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _definition(cls: type[ParametrizedAttribute]) -> Callable[..., ParamAttrDef]:
    made: list[ParamAttrDef] = []

    def get_irdl_definition(_cls: type) -> ParamAttrDef:
        if not made:
            made.append(ParamAttrDef.from_pyrdl(cls))
        return made[0]

    return classmethod(get_irdl_definition)  # type: ignore[return-value]


def _type_index(cls: type[ParametrizedAttribute]) -> Callable[..., int]:
    found: list[int] = []

    def get_type_index(_cls: type) -> int:
        if not found:
            names = _names(cls)
            if "type" not in names:
                raise PyRDLAttrDefinitionError(
                    f"TypedAttribute {cls.__name__} should have a 'type' parameter."
                )
            found.append(names.index("type"))
        return found[0]

    return classmethod(get_type_index)  # type: ignore[return-value]


def attr_definition(cls: _AttrT) -> _AttrT:
    """Define one of our parametrized attribute or type classes (see the module's
    docstring): as `irdl_attr_definition`, with the definition and the methods made on
    first use."""
    check_attr_name(cls)
    # (`is_subclass`: a "no" from ABCMeta would visit every attribute class)
    if not is_subclass(cls, ParametrizedAttribute):
        raise TypeError(f"{cls.__name__}: attr_definition takes a ParametrizedAttribute")
    cls.get_irdl_definition = _definition(cls)  # type: ignore[method-assign]
    if is_subclass(cls, TypedAttribute):
        cls.get_type_index = _type_index(cls)  # type: ignore[method-assign]
    for name, value in (
        ("__eq__", _OnFirstUse("__eq__", _make_eq)),
        ("__hash__", _OnFirstUse("__hash__", _make_hash)),
        ("__repr__", _OnFirstUse("__repr__", _make_repr)),
        ("__match_args__", _OnFirstUse("__match_args__", _names)),
        ("__post_init__", _post_init),
        ("__setattr__", _frozen_setattr),
        ("__delattr__", _frozen_delattr),
    ):
        type.__setattr__(cls, name, value)
    return runtime_final(cls)
