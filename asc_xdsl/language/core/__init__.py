"""pyasc's `asc.language.core`: data types, enums, tensors, parameter structs, loops."""

from asc_xdsl.language.core.aipp_types import *  # noqa: F403
from asc_xdsl.language.core.aipp_types import __all__ as _aipp_all
from asc_xdsl.language.core.array import Array, array
from asc_xdsl.language.core.dtype import *  # noqa: F403
from asc_xdsl.language.core.dtype import __all__ as _dtype_all
from asc_xdsl.language.core.enums import *  # noqa: F403
from asc_xdsl.language.core.enums import __all__ as _enums_all
from asc_xdsl.language.core.local_tensor_auto import LocalTensorAuto
from asc_xdsl.language.core.memory_allocator import LocalMemAllocator
from asc_xdsl.language.core.ops import inline, number
from asc_xdsl.language.core.properties import *  # noqa: F403
from asc_xdsl.language.core.properties import __all__ as _properties_all
from asc_xdsl.language.core.range import range, static_range
from asc_xdsl.language.core.tensor import GlobalAddress, GlobalTensor, LocalTensor, MrgSortSrcList
from asc_xdsl.language.core.types import *  # noqa: F403
from asc_xdsl.language.core.types import __all__ as _types_all
from asc_xdsl.language.core.utils import ceildiv, static_assert

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
