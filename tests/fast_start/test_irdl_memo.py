"""IRDL evaluates each xDSL or asc_xdsl class's annotations and converts each type hint once
(asc_xdsl/utils/irdl_memo.py)."""

from __future__ import annotations

import inspect

import xdsl.irdl.attributes as irdl_attributes
from xdsl.dialects.builtin import IntegerAttr, IntegerType
from xdsl.ir import ParametrizedAttribute, TypedAttribute

import asc_xdsl  # noqa: F401 -- installs the cache
from asc_xdsl.dialects.ascendc.types import LocalTensorType
from asc_xdsl.utils import irdl_memo
from asc_xdsl.utils.import_hooks import hooks_waiting


def test_irdl_reads_the_cached_function() -> None:
    assert irdl_attributes.get_annotations is irdl_memo.get_annotations
    assert hooks_waiting(irdl_memo.ATTRIBUTES_MODULE) == 0


def test_library_classes_are_evaluated_once_as_inspect_evaluates_them() -> None:
    for cls in (ParametrizedAttribute, TypedAttribute, IntegerAttr, IntegerType, LocalTensorType):
        first = irdl_memo.get_annotations(cls, eval_str=True)
        assert first == inspect.get_annotations(cls, eval_str=True)
        assert irdl_memo.get_annotations(cls, eval_str=True) is first


def test_other_classes_and_unevaluated_reads_are_inspects() -> None:
    class Local:
        x: int

    assert irdl_memo.get_annotations(Local, eval_str=True) == {"x": int}
    assert Local not in irdl_memo._EVALUATED
    assert irdl_memo.get_annotations(IntegerAttr) == inspect.get_annotations(IntegerAttr)
    local = {"int": str}
    assert irdl_memo.get_annotations(Local, eval_str=True, locals=local) == {"x": str}


def test_type_hints_convert_once_to_what_irdl_makes() -> None:
    from xdsl.dialects.builtin import ArrayAttr, IntAttr, StringAttr
    from xdsl.ir import Attribute

    convert = irdl_attributes.irdl_to_attr_constraint
    assert getattr(convert, "_irdl_memo", False)
    unwrapped = convert.__closure__[0].cell_contents  # IRDL's own conversion
    for hint in (Attribute, IntegerType, ArrayAttr[IntAttr], IntAttr | StringAttr):
        first = convert(hint)
        assert first == unwrapped(hint)
        assert convert(hint) is first  # kept
    # a union is kept in its own order (unions compare equal in any order)
    assert convert(StringAttr | IntAttr) == unwrapped(StringAttr | IntAttr)
    assert convert(StringAttr | IntAttr) != convert(IntAttr | StringAttr)


def test_constraints_and_errors_are_not_kept() -> None:
    import typing

    import pytest
    from xdsl.irdl.constraints import AnyAttr
    from xdsl.utils.exceptions import PyRDLTypeError

    convert = irdl_attributes.irdl_to_attr_constraint
    constraint = AnyAttr()
    assert convert(constraint) is constraint
    T = typing.TypeVar("T", bound=IntegerType)
    with pytest.raises(PyRDLTypeError, match="TypeVar in unexpected context"):
        convert(T)
    assert convert(T, allow_type_var=True) == convert(T, allow_type_var=True)


def test_the_kept_constraints_are_bounded(monkeypatch) -> None:
    from xdsl.dialects.builtin import ArrayAttr, IntAttr, StringAttr

    convert = irdl_attributes.irdl_to_attr_constraint
    monkeypatch.setattr(irdl_memo, "_CONSTRAINTS", {})
    monkeypatch.setattr(irdl_memo, "_CONSTRAINTS_LIMIT", 2)
    convert(IntAttr)
    convert(StringAttr)
    assert len(irdl_memo._CONSTRAINTS) == 2
    third = convert(ArrayAttr[IntAttr])  # the table starts afresh, then keeps this one
    assert len(irdl_memo._CONSTRAINTS) == 1
    assert convert(ArrayAttr[IntAttr]) is third
