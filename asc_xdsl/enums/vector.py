"""The modes of the vector compare, select, reduce, gather and mask APIs: `CMPMODE`,
`SelMode`, `ReduceOrder`, `GatherMaskMode`, `MaskMode`.

Loaded when one is first named (`asc_xdsl.enums`' `__getattr__`): a kernel without
those APIs never needs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asc_xdsl.enums import AscEnum

if TYPE_CHECKING:  # xDSL is imported lazily
    from xdsl.dialects.builtin import IntegerAttr


class CMPMODE(AscEnum):
    """Comparison of `Compare` / `CompareScalar` (`AscendC::CMPMODE`).

    pyasc declares it an `I64EnumAttr` whose keywords are the upper-case names, so
    its IR stores `{cmpMode = 0 : i64}` (an untyped `{cmpMode = 0}` is i64 too)."""

    LT = 0
    GT = 1
    EQ = 2
    LE = 3
    GE = 4
    NE = 5

    @property
    def keyword(self) -> str:
        return self.name

    def attr(self) -> IntegerAttr:
        from asc_xdsl.dialects.interned import int_attr

        return int_attr(int(self), "i64")


class SelMode(AscEnum):
    """How `Select` picks (`AscendC::SELMODE`; pyasc's Python name is `SelMode`): by
    the bits of the mask between two tensors reusing the same bits every repeat (0),
    between a tensor and a scalar (1), between two tensors consuming new bits each
    repeat (2)."""

    VSEL_CMPMASK_SPR = 0
    VSEL_TENSOR_SCALAR_MODE = 1
    VSEL_TENSOR_TENSOR_MODE = 2

    @classmethod
    def cpp_prefix(cls) -> str:
        return "AscendC::SELMODE::"

    @property
    def keyword(self) -> str:
        return self.name


class ReduceOrder(AscEnum):
    """What `WholeReduceMax/Min` store per repeat, and in which order (value and index,
    index and value, value only, index only)."""

    ORDER_VALUE_INDEX = 0
    ORDER_INDEX_VALUE = 1
    ORDER_ONLY_VALUE = 2
    ORDER_ONLY_INDEX = 3


class GatherMaskMode(AscEnum):
    """The `GatherMask` mode template argument. pyasc knows only its default, which
    is `AscendC::defaultGatherMaskMode` (the SoC's own version of the instruction)."""

    DEFAULT = 0

    @property
    def cpp(self) -> str:
        return "AscendC::defaultGatherMaskMode"


class MaskMode(AscEnum):
    """How the vector mask is read (`AscendC::MaskMode`): as bits per element (NORMAL),
    or as an element count (COUNTER, after `SetMaskCount`)."""

    NORMAL = 0
    COUNTER = 1
