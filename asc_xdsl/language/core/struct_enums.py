"""The enums of the kernel language's own (not the dialect's) that a kernel passes as
parameter-struct fields or to the matmul configuration helpers: `AippInputFormat`,
`BlockMode`, `CO2Layout`, `DataFormat`, `DeqScale`, `QuantModes`, `TransposeType`, `pad_t`,
`MatmulConfigMode`, `MatmulPolicy` (pyasc's `asc.language.core.enums` gives them).

Loaded when one is first named (`asc_xdsl.language.core.enums`' `__getattr__`): a
kernel without those structs never needs them.
"""

from __future__ import annotations

from asc_xdsl.enums import AscEnum


class _Global(AscEnum):
    """An enum of the global namespace (no `AscendC::`)."""

    @classmethod
    def cpp_prefix(cls) -> str:
        return f"{cls.__name__}::"


class AippInputFormat(AscEnum):
    """The image format of AIPP's source (`AscendC::AippInputFormat`)."""

    YUV420SP_U8 = 0
    XRGB8888_U8 = 1
    RGB888_U8 = 4
    YUV400_U8 = 9


class DataFormat(AscEnum):
    """A tensor's data format (`AscendC::DataFormat`)."""

    ND = 0
    NZ = 1
    NCHW = 2
    NC1HWC0 = 3
    NHWC = 4
    NCDHW = 5
    NDC1HWC0 = 6
    FRACTAL_Z_3D = 7


class BlockMode(AscEnum):
    """`DataCopyEnhancedParams`' block mode (`AscendC::BlockMode`)."""

    BLOCK_MODE_NORMAL = 0
    BLOCK_MODE_MATRIX = 1
    BLOCK_MODE_VECTOR = 2
    BLOCK_MODE_SMALL_CHANNEL = 3
    BLOCK_MODE_DEPTHWISE = 4


class CO2Layout(AscEnum):
    """How Fixpipe lays out C (`AscendC::CO2Layout`)."""

    NZ = 0
    ROW_MAJOR = 1
    COLUMN_MAJOR = 2


class DeqScale(AscEnum):
    """`DataCopyEnhancedParams`' dequantisation mode (`AscendC::DeqScale`)."""

    DEQ_NONE = 0
    DEQ = 1
    VDEQ = 2
    DEQ8 = 3
    VDEQ8 = 4
    DEQ16 = 5
    VDEQ16 = 6


class QuantModes(AscEnum):
    """Fixpipe's quantisation mode (the builtin `QuantMode_t`). The first nine are Atlas
    A2/A3's (pyasc's numbers); the rest are Ascend 950's, in the order of the
    FixpipeParamsArch3510 page's listing (`dialects/ascendc/cube.py` `QUANT_MODES`). A
    constant prints as its name (`QuantMode_t::QF322F16_PRE`), not its number."""

    NoQuant = 0
    F322F16 = 1
    F322BF16 = 2
    DEQF16 = 3
    VDEQF16 = 4
    QF322B8_PRE = 5
    VQF322B8_PRE = 6
    REQ8 = 7
    VREQ8 = 8
    QF322FP8_PRE = 9
    VQF322FP8_PRE = 10
    QF322HIF8_PRE = 11
    VQF322HIF8_PRE = 12
    QF322HIF8_PRE_HYBRID = 13
    VQF322HIF8_PRE_HYBRID = 14
    QS322BF16_PRE = 15
    VQS322BF16_PRE = 16
    QF322F16_PRE = 17
    VQF322F16_PRE = 18
    QF322BF16_PRE = 19
    VQF322BF16_PRE = 20
    QF322F32_PRE = 21
    VQF322F32_PRE = 22

    @classmethod
    def cpp_prefix(cls) -> str:
        return "QuantMode_t::"


class TransposeType(AscEnum):
    """The layout change of `Transpose`'s extended form (`AscendC::TransposeType`)."""

    TRANSPOSE_TYPE_NONE = 0
    TRANSPOSE_NZ2ND_0213 = 1
    TRANSPOSE_NZ2NZ_0213 = 2
    TRANSPOSE_NZ2NZ_012_WITH_N = 3
    TRANSPOSE_NZ2ND_012_WITH_N = 4
    TRANSPOSE_NZ2ND_012_WITHOUT_N = 5
    TRANSPOSE_NZ2NZ_012_WITHOUT_N = 6
    TRANSPOSE_ND2ND_ONLY = 7
    TRANSPOSE_ND_UB_GM = 8
    TRANSPOSE_GRAD_ND_UB_GM = 9
    TRANSPOSE_ND2ND_B16 = 10
    TRANSPOSE_NCHW2NHWC = 11
    TRANSPOSE_NHWC2NCHW = 12


class pad_t(_Global):
    """`DataCopyEnhancedParams`' padding mode (the builtin `pad_t`)."""

    PAD_NONE = 0
    PAD_MODE1 = 1
    PAD_MODE2 = 2
    PAD_MODE3 = 3
    PAD_MODE4 = 4
    PAD_MODE5 = 5
    PAD_MODE6 = 6
    PAD_MODE7 = 7
    PAD_MODE8 = 8


class MatmulConfigMode(_Global):
    """Which preset `get_mm_config` starts from (`MatmulConfigMode`; the headers count
    from 0, pyasc's Python enum from 1)."""

    CONFIG_NORM = 0
    CONFIG_MDL = 1
    CONFIG_SPECIALMDL = 2
    CONFIG_IBSHARE = 3


class MatmulPolicy(_Global):
    """The matmul object's policy template (`MatmulPolicy`, ...)."""

    MatmulPolicy = 0
    TrianUpperMatmulPolicy = 1
    TrianLowerMatmulPolicy = 2
    NBuffer33MatmulPolicy = 3
