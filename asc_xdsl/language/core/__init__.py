"""pyasc's `asc.language.core`: data types, enums, tensors, parameter structs, loops."""

from typing import TYPE_CHECKING

from asc_xdsl.language.core.array import Array, array  # (eager: `array` names a module too)
from asc_xdsl.language.core.dtype import *  # noqa: F403
from asc_xdsl.language.core.dtype import __all__ as _dtype_all
from asc_xdsl.language.core.enums import __all__ as _enums_all
from asc_xdsl.language.core.range import range, static_range
from asc_xdsl.language.core.tensor import GlobalAddress, GlobalTensor, LocalTensor, MrgSortSrcList
from asc_xdsl.language.core.utils import ceildiv, static_assert

if TYPE_CHECKING:
    from asc_xdsl.language.core.aipp_types import *  # noqa: F403
    from asc_xdsl.language.core.enums import *  # noqa: F403
    from asc_xdsl.language.core.local_tensor_auto import LocalTensorAuto
    from asc_xdsl.language.core.memory_allocator import LocalMemAllocator
    from asc_xdsl.language.core.ops import inline, number
    from asc_xdsl.language.core.properties import *  # noqa: F403
    from asc_xdsl.language.core.types import *  # noqa: F403

_aipp_all = [
    "AippChannelPaddingParams",
    "AippColorSpaceConvParams",
    "AippDataTypeConvParams",
    "AippPaddingParams",
    "AippParams",
    "AippSingleLineParams",
    "AippSwapParams",
]
_types_all = [
    "BinaryRepeatParams",
    "UnaryRepeatParams",
    "BrcbRepeatParams",
    "GatherRepeatParams",
    "CopyRepeatParams",
    "GatherMaskParams",
    "DataCopyParams",
    "DataCopyExtParams",
    "DataCopyPadParams",
    "DataCopyPadExtParams",
    "InitConstValueParams",
    "MmadParams",
    "LoadData2DParams",
    "LoadData2DParamsV2",
    "LoadData2DMxParams",
    "LoadData2dTransposeParams",
    "LoadData2dTransposeParamsV2",
    "LoadData3DParamsV2Pro",
    "LoadData3DParamsV1",
    "LoadData3DParamsV2",
    "LoadDataRepeatParam",
    "LoadImageToLocalParams",
    "Nd2NzParams",
    "Dn2NzParams",
    "Nz2NdParamsFull",
    "SliceInfo",
    "TransDataTo5HDParams",
    "TransposeParamsExt",
    "FixpipeConfig",
    "MrgSort4Info",
    "VdeqInfo",
    "CheckLocalMemoryIAParam",
    "FixpipeParamsV220",
    "FixpipeParamsArch3510",
    "DataCopyCO12DstParams",
    "DataCopyEnhancedParams",
    "ShapeInfo",
]
_properties_all = [
    "DEFAULT_C0_SIZE",
    "ONE_BLK_SIZE",
    "TOTAL_L0C_SIZE",
    "TOTAL_L1_SIZE",
    "Property",
    "property",
]
_LAZY = {
    "inline": "asc_xdsl.language.core.ops",
    "number": "asc_xdsl.language.core.ops",
    **dict.fromkeys(_aipp_all, "asc_xdsl.language.core.aipp_types"),
    **dict.fromkeys(_enums_all, "asc_xdsl.language.core.enums"),
    **dict.fromkeys(_types_all, "asc_xdsl.language.core.types"),
    **dict.fromkeys(_properties_all, "asc_xdsl.language.core.properties"),
    "LocalMemAllocator": "asc_xdsl.language.core.memory_allocator",
    "LocalTensorAuto": "asc_xdsl.language.core.local_tensor_auto",
}
"""Names looked up in their module when first asked for (`__getattr__`), each list
the `__all__` of its module (tests/unit/test_lazy_imports.py checks they agree): the AIPP
configuration's records, which only an image-preprocessing kernel uses, the enums
(`enums` makes each class when first named), the parameter structs (`types` likewise),
and the modules of `inline`/`number`, the `Property` constants, `LocalMemAllocator`
and `LocalTensorAuto`, which a kernel that names none of them does not load. (A module
named as one of its names, `array`, loads at once: importing it later would make the
package's attribute the module.)"""

__all__ = [
    "Array",
    "array",
    "ceildiv",
    "inline",
    "number",
    "static_assert",
    *_aipp_all,
    *_dtype_all,
    *_enums_all,
    *_types_all,
    *_properties_all,
    "GlobalAddress",
    "GlobalTensor",
    "LocalMemAllocator",
    "LocalTensor",
    "LocalTensorAuto",
    "MrgSortSrcList",
    "range",
    "static_range",
]
# BEGIN GENERATED __all__ by tools/gen_api.py: the names above, listed for type checkers
if TYPE_CHECKING:
    # fmt: off
    __all__ = ["Array", "array", "ceildiv", "inline", "number", "static_assert", "AippChannelPaddingParams", "AippColorSpaceConvParams", "AippDataTypeConvParams", "AippPaddingParams", "AippParams", "AippSingleLineParams", "AippSwapParams", "DataType", "bfloat16", "bool_", "complex32", "complex64", "double", "float4_e1m2", "float4_e2m1", "float8_e4m3fn", "float8_e5m2", "float8_e8m0", "float16", "float32", "float64", "float_", "half", "hifloat8", "int8", "int16", "int32", "int64", "int_", "uint8", "uint16", "uint32", "uint64", "void", "CMPMODE", "AippInputFormat", "AtomicDtype", "AtomicOp", "BatchMode", "BatchOutMode", "BlockMode", "CO2Layout", "CacheLine", "CacheMode", "CacheRwMode", "CubeFormat", "DataFormat", "DcciDst", "DeqScale", "GatherMaskMode", "HardEvent", "Hardware", "IterateMode", "IterateOrder", "LayoutMode", "MaskMode", "MatmulConfigMode", "MatmulPolicy", "MemDsbT", "PipeID", "QuantModes", "ReduceOrder", "RoundMode", "ScheduleType", "SelMode", "TPosition", "TransposeType", "pad_t", "BinaryRepeatParams", "UnaryRepeatParams", "BrcbRepeatParams", "GatherRepeatParams", "CopyRepeatParams", "GatherMaskParams", "DataCopyParams", "DataCopyExtParams", "DataCopyPadParams", "DataCopyPadExtParams", "InitConstValueParams", "MmadParams", "LoadData2DParams", "LoadData2DParamsV2", "LoadData2DMxParams", "LoadData2dTransposeParams", "LoadData2dTransposeParamsV2", "LoadData3DParamsV2Pro", "LoadData3DParamsV1", "LoadData3DParamsV2", "LoadDataRepeatParam", "LoadImageToLocalParams", "Nd2NzParams", "Dn2NzParams", "Nz2NdParamsFull", "SliceInfo", "TransDataTo5HDParams", "TransposeParamsExt", "FixpipeConfig", "MrgSort4Info", "VdeqInfo", "CheckLocalMemoryIAParam", "FixpipeParamsV220", "FixpipeParamsArch3510", "DataCopyCO12DstParams", "DataCopyEnhancedParams", "ShapeInfo", "DEFAULT_C0_SIZE", "ONE_BLK_SIZE", "TOTAL_L0C_SIZE", "TOTAL_L1_SIZE", "Property", "property", "GlobalAddress", "GlobalTensor", "LocalMemAllocator", "LocalTensor", "LocalTensorAuto", "MrgSortSrcList", "range", "static_range"]  # noqa: F405, RUF022
    # fmt: on
# END GENERATED __all__


if not TYPE_CHECKING:

    def __getattr__(name: str) -> object:
        if name in _LAZY:
            import importlib

            value = globals()[name] = getattr(importlib.import_module(_LAZY[name]), name)
            return value
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted({*globals(), *_LAZY})
