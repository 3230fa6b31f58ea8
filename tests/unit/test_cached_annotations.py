"""IRDL reads each xDSL or asc_xdsl class's evaluated annotations once
(asc_xdsl/utils/cached_annotations.py)."""

from __future__ import annotations

import inspect

import xdsl.irdl.attributes as irdl_attributes
from xdsl.dialects.builtin import IntegerAttr, IntegerType
from xdsl.ir import ParametrizedAttribute, TypedAttribute

import asc_xdsl  # noqa: F401 -- installs the cache
from asc_xdsl.dialects.ascendc.types import LocalTensorType
from asc_xdsl.utils import cached_annotations
from asc_xdsl.utils.import_hooks import hooks_waiting


def test_irdl_reads_the_cached_function() -> None:
    assert irdl_attributes.get_annotations is cached_annotations.get_annotations
    assert hooks_waiting(cached_annotations.ATTRIBUTES_MODULE) == 0


def test_library_classes_are_evaluated_once_as_inspect_evaluates_them() -> None:
    for cls in (ParametrizedAttribute, TypedAttribute, IntegerAttr, IntegerType, LocalTensorType):
        first = cached_annotations.get_annotations(cls, eval_str=True)
        assert first == inspect.get_annotations(cls, eval_str=True)
        assert cached_annotations.get_annotations(cls, eval_str=True) is first


def test_other_classes_and_unevaluated_reads_are_inspects() -> None:
    class Local:
        x: int

    assert cached_annotations.get_annotations(Local, eval_str=True) == {"x": int}
    assert Local not in cached_annotations._EVALUATED
    assert cached_annotations.get_annotations(IntegerAttr) == inspect.get_annotations(IntegerAttr)
    local = {"int": str}
    assert cached_annotations.get_annotations(Local, eval_str=True, locals=local) == {"x": str}
