"""The docstrings and methods `dataclasses` writes into xDSL's and our classes are made
when first used, the same as `dataclasses` makes them (asc_xdsl/utils/lazy_dataclasses.py)."""

from __future__ import annotations

import copy
import dataclasses
import sys
import types
from collections.abc import Iterator

import pytest

import asc_xdsl  # noqa: F401 -- installs the lazy docstrings and methods
from asc_xdsl.utils.lazy_dataclasses import LazyMethod, SignatureDoc

LAZY_METHODS = hasattr(dataclasses, "_create_fn")  # (Python 3.13 writes methods in one go)
needs_lazy_methods = pytest.mark.skipif(not LAZY_METHODS, reason="methods stay eager here")


@pytest.fixture
def library() -> Iterator[str]:
    """A module of the `asc_xdsl` package, as `dataclasses` sees one (in `sys.modules`)."""
    name = "asc_xdsl.lazy_dataclasses_example"
    sys.modules[name] = types.ModuleType(name)
    yield name
    del sys.modules[name]


def _point(module: str, **options: object) -> type:
    namespace = {"__module__": module, "__annotations__": {"x": int, "y": str}, "y": "a"}
    return dataclasses.dataclass(**options)(type("Point", (), namespace))  # type: ignore[call-overload]


def _pair(module: str, **options: object) -> tuple[type, type]:
    """The same dataclass made as a class of `module` and of this test module."""
    return _point(module, **options), _point(__name__, **options)


def test_a_library_class_gets_its_docstring_when_read(library: str) -> None:
    lazy, eager = _pair(library)
    assert isinstance(vars(lazy)["__doc__"], SignatureDoc)
    assert vars(eager)["__doc__"] == "Point(x: int, y: str = 'a')"
    assert lazy.__doc__ == eager.__doc__
    assert vars(lazy)["__doc__"] == eager.__doc__  # the text replaced the descriptor


def test_an_instance_reads_the_same_docstring(library: str) -> None:
    lazy, eager = _pair(library, frozen=True)
    assert lazy(1).__doc__ == eager(1).__doc__ == "Point(x: int, y: str = 'a')"


def test_slotted_classes_are_made_again_and_still_lazy(library: str) -> None:
    lazy, eager = _pair(library, slots=True, frozen=True)
    assert "__slots__" in vars(lazy)
    assert isinstance(vars(lazy)["__doc__"], SignatureDoc)
    assert lazy.__doc__ == eager.__doc__
    assert repr(lazy(1)) == repr(eager(1)).replace(eager.__qualname__, lazy.__qualname__)
    assert lazy(1) == lazy(1) and hash(lazy(1)) == hash(eager(1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        lazy(1).x = 2  # type: ignore[misc]


def test_other_modules_and_written_docstrings_are_left_alone() -> None:
    eager = _point("xdsl_lookalike.example")
    assert isinstance(vars(eager)["__doc__"], str)
    assert not any(isinstance(v, LazyMethod) for v in vars(eager).values())

    @dataclasses.dataclass
    class Documented:
        """Says what it is."""

        x: int

    Documented.__module__ = "asc_xdsl.example"
    assert Documented.__doc__ == "Says what it is."


def test_a_failed_dataclass_leaves_no_placeholder(library: str) -> None:
    namespace = {"__module__": library, "__annotations__": {"x": int, "y": int}, "x": 1}
    cls = type("Broken", (), namespace)  # a field with a default before one without
    with pytest.raises(TypeError, match="non-default argument"):
        dataclasses.dataclass(cls)  # (refused as the class is made: __init__ stays eager)
    assert vars(cls)["__doc__"] is None


@needs_lazy_methods
def test_methods_are_made_on_first_use_as_dataclasses_makes_them(library: str) -> None:
    lazy, eager = _pair(library, frozen=True, order=True)
    made = ("__repr__", "__eq__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__")
    for name in (*made, "__setattr__", "__delattr__"):
        assert isinstance(vars(lazy)[name], LazyMethod), name
    a, b = lazy(1), lazy(2)
    assert repr(a) == repr(eager(1)) == "Point(x=1, y='a')"
    assert a == lazy(1) and a != b and a < b and a <= b and b > a and b >= a
    assert hash(a) == hash(eager(1)) and {a, lazy(1)} == {a}
    assert a.__eq__(object()) is NotImplemented
    for name in made:  # each replaced by its function, named as dataclasses names it
        method = vars(lazy)[name]
        assert isinstance(method, types.FunctionType), name
        assert method.__qualname__ == vars(eager)[name].__qualname__ == f"Point.{name}"
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'x'"):
        a.x = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'y'"):
        del a.y  # type: ignore[misc]
    assert copy.copy(a) == a and dataclasses.replace(a, x=2) == b


@needs_lazy_methods
def test_a_subclass_makes_its_base_s_method_in_the_base(library: str) -> None:
    base = _point(library)
    sub = type("Sub", (base,), {"__module__": library})
    assert repr(sub(1)) == "Sub(x=1, y='a')"  # (the text names the instance's class)
    assert isinstance(vars(base)["__repr__"], types.FunctionType)
    assert "__repr__" not in vars(sub)
    assert super(sub, sub(1)).__eq__(sub(1))


@needs_lazy_methods
def test_written_methods_are_kept_and_conflicts_still_refused(library: str) -> None:
    def lt(self: object, other: object) -> bool:
        return True

    namespace = {"__module__": library, "__annotations__": {"x": int}, "__repr__": lambda s: "P"}
    written = dataclasses.dataclass(type("P", (), dict(namespace)))
    assert written(1).__repr__() == "P" and repr(written(1)) == "P"
    with pytest.raises(TypeError, match="Cannot overwrite attribute __lt__"):
        dataclasses.dataclass(order=True)(type("P", (), {**namespace, "__lt__": lt}))
    with pytest.raises(TypeError, match="Cannot overwrite attribute __setattr__"):
        dataclasses.dataclass(frozen=True)(type("P", (), {**namespace, "__setattr__": lt}))


@needs_lazy_methods
def test_xdsl_attributes_compare_hash_and_print_as_before() -> None:
    from xdsl.dialects.builtin import IntAttr, IntegerAttr, i32

    assert IntAttr(3) == IntAttr(3) and hash(IntAttr(3)) == hash(IntAttr(3))
    assert repr(IntAttr(3)) == "IntAttr(data=3)"
    assert IntegerAttr(1, i32) == IntegerAttr(1, i32) != IntegerAttr(2, i32)
    with pytest.raises(dataclasses.FrozenInstanceError):
        IntAttr(3).data = 4  # type: ignore[misc]


@needs_lazy_methods
def test_init_is_made_on_first_call_with_every_kind_of_field(library: str) -> None:
    namespace = {
        "__module__": library,
        "__annotations__": {"x": int, "k": dataclasses.InitVar[int], "items": list, "z": int},
        "items": dataclasses.field(default_factory=list),
        "z": dataclasses.field(default=0, kw_only=True),
        "__post_init__": lambda self, k: setattr(self, "x", self.x + k),
    }
    cls = dataclasses.dataclass(type("Q", (), namespace))
    assert isinstance(vars(cls)["__init__"], LazyMethod)
    q = cls(1, 10, z=5)
    assert (q.x, q.items, q.z) == (11, [], 5) and cls(1, 0).items is not q.items
    assert vars(cls)["__init__"].__qualname__ == "Q.__init__"
    assert str(dataclasses.fields(cls)[0].type) == "<class 'int'>"
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'k'"):
        cls(1)
