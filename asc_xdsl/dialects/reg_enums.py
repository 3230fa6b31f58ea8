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


class GatherMaskMode(_RegEnum):
    """`Squeeze<T, store>`: whether the bytes of the kept elements also go to the AR
    special register (STORE_REG, for the AR form of `StoreUnAlign`)."""

    NO_STORE_REG = 0
    STORE_REG = 1


class HistogramsBinType(_RegEnum):
    """`Histograms<T, U, mode, type>`: which 128 values of the uint8 range a call counts
    (BIN0: 0..127, BIN1: 128..255; the header's BIN2..BIN7 have no uint8 meaning)."""

    BIN0 = 0
    BIN1 = 1


class HistogramsType(_RegEnum):
    """`Histograms`: per-value counts (FREQUENCY) or running counts (ACCUMULATE)."""

    FREQUENCY = 0
    ACCUMULATE = 1


class DivAlgo(AscEnum):
    """`DivSpecificMode::algo` (`AscendC::DivAlgo`): the division algorithm; the
    `*_FTZ_FALSE` ones keep subnormal inputs and results, the others flush them to 0."""

    INTRINSIC = 0
    DIFF_COMPENSATION = 1
    PRECISION_1ULP_FTZ_TRUE = 2
    PRECISION_0ULP_FTZ_TRUE = 3
    PRECISION_0ULP_FTZ_FALSE = 4
    PRECISION_1ULP_FTZ_FALSE = 5


class RegTrait(_RegEnum):
    """`RegTensor<T, trait>`: how many vector registers one RegTensor holds. NUM_TWO
    (b64 only here) is a pair: two registers of VEC_LEN bytes, the elements' low 32 bits
    in the first register and their high 32 bits in the second, so its masks are b32
    masks (`CreateMask<T, pattern, RegTraitNumTwo>`). C++: the constants
    `RegTraitNumOne` / `RegTraitNumTwo`."""

    NUM_ONE = 1
    NUM_TWO = 2

    @property
    def cpp(self) -> str:
        return "AscendC::Reg::RegTraitNum" + ("One" if self is RegTrait.NUM_ONE else "Two")


class ExpAlgo(AscEnum):
    """`ExpSpecificMode::algo` (`AscendC::ExpAlgo`): PRECISION_1ULP_FTZ_FALSE keeps
    subnormal results; the others flush them to zero."""

    INTRINSIC = 0
    PRECISION_1ULP_FTZ_TRUE = 1
    PRECISION_1ULP_FTZ_FALSE = 2


class SqrtAlgo(AscEnum):
    """`SqrtSpecificMode::algo` (`AscendC::SqrtAlgo`): the `*_FTZ_FALSE` algorithms keep
    subnormal inputs (the 3510 implementation scales them into the normal range first);
    INTRINSIC, FAST_INVERSE and PRECISION_1ULP_FTZ_TRUE run the plain instruction, which
    flushes them. PRECISION_0ULP_FTZ_FALSE (like `precisionMode`) is float only."""

    INTRINSIC = 0
    FAST_INVERSE = 1
    PRECISION_1ULP_FTZ_TRUE = 2
    PRECISION_0ULP_FTZ_FALSE = 3
    PRECISION_1ULP_FTZ_FALSE = 4


class LnAlgo(AscEnum):
    """`LnSpecificMode::algo` (`AscendC::LnAlgo`): PRECISION_1ULP_FTZ_FALSE keeps
    subnormal inputs; the others flush them to zero."""

    INTRINSIC = 0
    PRECISION_1ULP_FTZ_TRUE = 1
    PRECISION_1ULP_FTZ_FALSE = 2


class LogAlgo(AscEnum):
    """`LogSpecificMode::algo` (`AscendC::LogAlgo`), as LnAlgo (Log is the natural log)."""

    INTRINSIC = 0
    PRECISION_1ULP_FTZ_TRUE = 1
    PRECISION_1ULP_FTZ_FALSE = 2


class Log2Algo(AscEnum):
    """`Log2SpecificMode::algo` (`AscendC::Log2Algo`), as LnAlgo."""

    INTRINSIC = 0
    PRECISION_1ULP_FTZ_TRUE = 1
    PRECISION_1ULP_FTZ_FALSE = 2


class Log10Algo(AscEnum):
    """`Log10SpecificMode::algo` (`AscendC::Log10Algo`), as LnAlgo."""

    INTRINSIC = 0
    PRECISION_1ULP_FTZ_TRUE = 1
    PRECISION_1ULP_FTZ_FALSE = 2


class SpecialPurposeReg(AscEnum):
    """`ClearSpr<spr>` (`AscendC::SpecialPurposeReg`): AR, the address register that
    `Squeeze<T, STORE_REG>` and the AR form of `StoreUnAlign` share."""

    AR = 0


class MaskLoadDist(_RegEnum):
    """`LoadAlign<T, dist>(mask, ...)`'s `MaskDist` (the mask register's loads): NORM a
    whole mask's VL / 8 bytes; US half of them, each bit twice; DS twice as many, every
    other bit (the even ones). C++ `MaskDist::DIST_US` is 1 as `DIST_PACK` (the header's one enum
    gives both the value 1): the loads' enum names it as the loads do."""

    DIST_NORM = 0
    DIST_US = 1
    DIST_DS = 2

    @classmethod
    def cpp_prefix(cls) -> str:
        return "AscendC::Reg::MaskDist::"


class MaskStoreDist(_RegEnum):
    """`StoreAlign<T, dist>(..., mask)`'s `MaskDist` (the mask register's stores): NORM
    the whole mask (VL / 8 bytes); PACK every other bit (the even ones), half as many. C++
    `MaskDist::DIST_PACK` is 1 as `DIST_US`: the stores' enum prints DIST_PACK."""

    DIST_NORM = 0
    DIST_PACK = 1

    @classmethod
    def cpp_prefix(cls) -> str:
        return "AscendC::Reg::MaskDist::"


class LoadDist(_RegEnum):
    """`LoadAlign<T, dist>`'s distribution mode (`LoadDist`): NORM one register of UB;
    BRC_Bn one element broadcast; US_Bn half a register, each element twice; DS_Bn two
    registers' worth, every other element; UNPACK_Bn half a register, each element
    followed by a zero one (UNPACK4_B8: a quarter, three zeros); BLK one 32-byte
    DataBlock repeated; E2B_Bn eight elements, each filling a DataBlock; DINTLV_Bn and
    BDINTLV, SPLT*CHN are the two-register / channel forms (not modelled here)."""

    DIST_NORM = 0
    DIST_BRC_B8 = 1
    DIST_BRC_B16 = 2
    DIST_BRC_B32 = 3
    DIST_US_B8 = 6
    DIST_US_B16 = 7
    DIST_DS_B8 = 8
    DIST_DS_B16 = 9
    DIST_BDINTLV = 10
    DIST_DINTLV_B8 = 11
    DIST_DINTLV_B16 = 12
    DIST_UNPACK_B8 = 13
    DIST_UNPACK_B16 = 14
    DIST_BLK = 15
    DIST_E2B_B16 = 16
    DIST_E2B_B32 = 17
    DIST_UNPACK_B32 = 18
    DIST_DINTLV_B32 = 19
    DIST_UNPACK4_B8 = 20
    DIST_SPLT4CHN_B8 = 21
    DIST_SPLT2CHN_B8 = 22
    DIST_SPLT2CHN_B16 = 23


class StoreDist(_RegEnum):
    """`StoreAlign<T, dist>`'s distribution mode (`StoreDist`): NORM (NORM_Bn) the
    enabled elements; FIRST_ELEMENT_Bn element 0 alone, mask ignored; PACK_Bn the low
    half of each enabled element, packed (PACK4_B32: the low byte); INTLV_Bn and
    MRG*CHN are the two-register / channel forms (not modelled here)."""

    DIST_NORM_B8 = 0
    DIST_NORM_B16 = 1
    DIST_NORM_B32 = 2
    DIST_FIRST_ELEMENT_B8 = 3
    DIST_FIRST_ELEMENT_B16 = 4
    DIST_FIRST_ELEMENT_B32 = 5
    DIST_PACK_B16 = 6
    DIST_PACK_B32 = 7
    DIST_INTLV_B8 = 8
    DIST_INTLV_B16 = 9
    DIST_PACK_B64 = 10
    DIST_INTLV_B32 = 11
    DIST_PACK4_B32 = 12
    DIST_MRG4CHN_B8 = 13
    DIST_MRG2CHN_B8 = 14
    DIST_MRG2CHN_B16 = 15
    DIST_NORM = 16


REG_ENUMS = (
    MaskPattern,
    MemType,
    ReduceType,
    IndexOrder,
    HighLowPart,
    RegLayout,
    SatMode,
    GatherMaskMode,
    HistogramsBinType,
    HistogramsType,
    DivAlgo,
    ExpAlgo,
    SqrtAlgo,
    LnAlgo,
    LogAlgo,
    Log2Algo,
    Log10Algo,
    RegTrait,
    SpecialPurposeReg,
    LoadDist,
    StoreDist,
    MaskLoadDist,
    MaskStoreDist,
)
