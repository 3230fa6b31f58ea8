"""The docstrings of xDSL's and our dataclasses are written when first read, with the
text `dataclasses` itself writes (asc_xdsl/utils/dataclass_docs.py)."""

from __future__ import annotations

import dataclasses

import asc_xdsl  # noqa: F401 -- installs the lazy docstrings
from asc_xdsl.utils.dataclass_docs import SignatureDoc


def _pair(module: str, **options: object) -> tuple[type, type]:
    """The same dataclass made as a class of `module` and of this test module."""

    def make(in_module: str) -> type:
        namespace = {"__module__": in_module, "__annotations__": {"x": int, "y": str}}
        namespace["y"] = "a"
        return dataclasses.dataclass(**options)(type("Point", (), namespace))  # type: ignore[call-overload]

    return make(module), make(__name__)


def test_a_library_class_gets_its_docstring_when_read() -> None:
    lazy, eager = _pair("asc_xdsl.dialects.example")
    assert isinstance(vars(lazy)["__doc__"], SignatureDoc)
    assert vars(eager)["__doc__"] == "Point(x: int, y: str = 'a')"
    assert lazy.__doc__ == eager.__doc__
    assert vars(lazy)["__doc__"] == eager.__doc__  # the text replaced the descriptor


def test_an_instance_reads_the_same_docstring() -> None:
    lazy, eager = _pair("xdsl.dialects.example", frozen=True)
    assert lazy(1).__doc__ == eager(1).__doc__ == "Point(x: int, y: str = 'a')"


def test_slotted_classes_are_made_again_and_still_lazy() -> None:
    lazy, eager = _pair("xdsl.ir.example", slots=True, frozen=True)
    assert "__slots__" in vars(lazy)
    assert isinstance(vars(lazy)["__doc__"], SignatureDoc)
    assert lazy.__doc__ == eager.__doc__


def test_other_modules_and_written_docstrings_are_left_alone() -> None:
    _, eager = _pair("xdsl_lookalike.example")
    assert isinstance(vars(eager)["__doc__"], str)

    @dataclasses.dataclass
    class Documented:
        """Says what it is."""

        x: int

    Documented.__module__ = "asc_xdsl.example"
    assert Documented.__doc__ == "Says what it is."


def test_a_failed_dataclass_leaves_no_placeholder() -> None:
    namespace = {"__module__": "asc_xdsl.example", "__annotations__": {"x": int, "y": int}}
    namespace["x"] = 1  # a field with a default before one without: dataclasses refuses
    cls = type("Broken", (), namespace)
    try:
        dataclasses.dataclass(cls)
    except TypeError:
        pass
    else:
        raise AssertionError("dataclasses accepted a field without a default after one with")
    assert vars(cls)["__doc__"] is None
