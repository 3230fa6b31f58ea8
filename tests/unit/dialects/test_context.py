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
    # (AscendCCore's one attribute, `#ascendc.matmul_config`, is made on first use:
    # `ascendc.LAZY_ATTRS`)
    assert ours._loaded_types and (ours._loaded_attrs or dialect is AscendCCore)


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


def test_reg_types_are_defined_when_first_named() -> None:
    """The Reg, Matmul, SIMT pair / group and Ascend 950 low-precision float types
    (`ascendc.LAZY_TYPES`) are not in `AscendCCore`: the context and the package's
    `__getattr__` give the very classes of `reg_types`, `reg_address_types`,
    `adv_types`, `simt` and `fp8_types` (its attribute too: `LAZY_ATTRS`)."""
    from asc_xdsl.dialects import ascendc
    from asc_xdsl.dialects.ascendc.adv_types import ADV_TYPES, MatmulConfigAttr, MatmulType
    from asc_xdsl.dialects.ascendc.fp8_types import (
        Float4E1M2Type,
        HiFloat8Type,
        MmadBitModeParamsType,
    )
    from asc_xdsl.dialects.ascendc.reg_address_types import REG_ADDRESS_TYPES
    from asc_xdsl.dialects.ascendc.reg_types import REG_TYPES
    from asc_xdsl.dialects.ascendc.simt import (
        Bfloat16x2Type,
        CoalescedGroupType,
        Half2Type,
        ThreadGroupType,
        VectorType,
    )
    from asc_xdsl.dialects.ir_context import make_context

    simt = (Half2Type, Bfloat16x2Type, CoalescedGroupType, ThreadGroupType, VectorType)
    lowp = (HiFloat8Type, Float4E1M2Type, MmadBitModeParamsType)
    reg = (*REG_TYPES, *REG_ADDRESS_TYPES, MatmulType, *simt, *lowp)
    assert {c.name: c for c in reg} == {
        name: ascendc.lazy_type(*where) for name, where in ascendc.LAZY_TYPES.items()
    }
    assert {MatmulConfigAttr.name: MatmulConfigAttr} == {
        name: ascendc.lazy_type(*where) for name, where in ascendc.LAZY_ATTRS.items()
    }
    assert set(ADV_TYPES) == {MatmulType, MatmulConfigAttr}
    assert ascendc.MatmulConfigAttr is MatmulConfigAttr
    assert not set(ADV_TYPES) & set(ascendc.ASCENDC_TYPES)
    assert all(getattr(ascendc, c.__name__) is c for c in reg)
    assert not set(reg) & set(ascendc.ASCENDC_TYPES)
    assert set(reg) <= set(ascendc.all_types())
    ctx = make_context()
    for c in reg:
        assert ctx.get_optional_type(c.name) is c
    assert ctx.get_optional_type("ascendc.no_such_type") is None


def test_handwritten_ops_are_defined_when_first_named() -> None:
    """The hand-written ops (`ascendc.LAZY_OPS`) are not in `AscendCCore`: the context,
    the package's `__getattr__` and `HANDWRITTEN_OPS` give the very classes of their
    modules, and the whole dialect (`AscendC`, what `xdsl-opt` loads) has them."""
    from asc_xdsl.dialects import ascendc
    from asc_xdsl.dialects.ascendc.construct import ConstructOp
    from asc_xdsl.dialects.ascendc.debug import PrintfOp
    from asc_xdsl.dialects.ascendc.reg_scope import RegVecScopeOp
    from asc_xdsl.dialects.ir_context import make_context

    ops = [PrintfOp, ConstructOp, RegVecScopeOp]
    assert {c.name: c for c in ops} == {
        name: ascendc.lazy_type(*where) for name, where in ascendc.LAZY_OPS.items()
    }
    assert ascendc.HANDWRITTEN_OPS == ascendc.handwritten_ops() == ops
    assert all(getattr(ascendc, c.__name__) is c for c in ops)
    assert not set(ascendc.AscendCCore.operations)
    assert set(ops) <= set(ascendc.AscendC.operations)
    ctx = make_context()
    for c in ops:
        assert ctx.get_optional_op(c.name) is c
    assert ctx.get_optional_op("ascendc.no_such_op") is None
