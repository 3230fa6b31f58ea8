"""AscContext (asc_xdsl/dialects/context.py): the dialect loading it does faster than xDSL's
Context gives the same tables."""

from __future__ import annotations

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import Builtin, IntegerAttr, IntegerType, StringAttr
from xdsl.utils.exceptions import AlreadyRegisteredConstructException

from asc_xdsl.dialects.ascendc import AscendCCore
from asc_xdsl.dialects.context import AscContext


@pytest.mark.parametrize("dialect", [Builtin, AscendCCore], ids=lambda d: d.name)
def test_loaded_types_and_attributes_are_xdsls(dialect) -> None:
    ours, theirs = AscContext(), Context()
    ours.load_dialect(dialect)
    theirs.load_dialect(dialect)
    assert ours._loaded_types == theirs._loaded_types
    assert ours._loaded_attrs == theirs._loaded_attrs
    assert ours._loaded_types and ours._loaded_attrs


@pytest.mark.parametrize("attr", [IntegerType, IntegerAttr, StringAttr])
def test_loading_twice_is_xdsls_error(attr) -> None:
    ctx = AscContext()
    ctx.load_attr_or_type(attr)
    with pytest.raises(AlreadyRegisteredConstructException) as ours:
        ctx.load_attr_or_type(attr)
    theirs = Context()
    theirs.load_attr_or_type(attr)
    with pytest.raises(AlreadyRegisteredConstructException) as expected:
        theirs.load_attr_or_type(attr)
    assert str(ours.value) == str(expected.value)
