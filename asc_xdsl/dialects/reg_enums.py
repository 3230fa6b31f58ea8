"""The enums of the Reg layer (`kernel_reg_compute_utils.h`), kept free of xDSL so the
kernel language can name them at import time (`asc.reg.MaskPattern.ALL`)."""

from __future__ import annotations

from asc_xdsl.enums import AscEnum
from asc_xdsl.soc import reg_vec_len

VEC_LEN: int = reg_vec_len()
"""Bytes of a vector register of the Reg layer (`GetVecLen()`), as the SoC table
(`asc_xdsl.soc`, the 3510 parts' `vec_len`) states it."""


class _RegEnum(AscEnum):
    @classmethod
    def cpp_prefix(cls) -> str:
        return f"AscendC::Reg::{cls.__name__}::"


class MaskPattern(_RegEnum):
    """`CreateMask`'s pattern: ALL, the first N elements (VLn), every third or fourth
    (M3, M4), the first half (H) or quarter (Q), none (ALLF)."""

    ALL = 0
    VL1 = 1
    VL2 = 2
    VL3 = 3
    VL4 = 4
    VL8 = 5
    VL16 = 6
    VL32 = 7
    VL64 = 8
    VL128 = 9
    M3 = 10
    M4 = 11
    H = 12
    Q = 13
    ALLF = 15


class MemType(_RegEnum):
    """`LocalMemBar<src, dst>`: which accesses the barrier orders."""

    VEC_STORE = 0
    VEC_LOAD = 1
    SCALAR_STORE = 2
    SCALAR_LOAD = 3
    VEC_ALL = 4
    SCALAR_ALL = 5


class ReduceType(AscEnum):
    """`Reduce<type>` (`AscendC::ReduceType`)."""

    SUM = 0
    MAX = 1
    MIN = 2


class IndexOrder(_RegEnum):
    """`Arange<T, order>`."""

    INCREASE_ORDER = 0
    DECREASE_ORDER = 1


class HighLowPart(_RegEnum):
    """`Pack` / `UnPack`: which half of the register the narrow elements occupy."""

    LOWEST = 0
    HIGHEST = 1


class RegLayout(_RegEnum):
    """`CastTrait::layoutMode`: which of the narrow slots an element of a width-changing
    `Cast` takes (ZERO: slot 0 of each group, ...)."""

    ZERO = 0
    ONE = 1
    TWO = 2
    THREE = 3


class SatMode(_RegEnum):
    """`CastTrait::satMode`: whether a float -> integer `Cast` saturates."""

    NO_SAT = 0
    SAT = 1


REG_ENUMS = (MaskPattern, MemType, ReduceType, IndexOrder, HighLowPart, RegLayout, SatMode)
