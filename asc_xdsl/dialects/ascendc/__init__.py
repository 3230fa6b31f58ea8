"""The AscendC dialect: Ascend C's kernel API as typed, verified xDSL ops.

Op names, types and textual syntax follow pyasc's `ascendc` dialect, so IR moves
between the two tools. Modules by area: `types`, `enums`, `tensor`, `framework`,
`data_copy`, `vector`, `sync`, `debug`, `construct`.
"""

from xdsl.ir import Dialect

from asc_xdsl.dialects.ascendc.base import AscendCOp, EmitKind
from asc_xdsl.dialects.ascendc.construct import MISC_OPS
from asc_xdsl.dialects.ascendc.data_copy import DATA_COPY_OPS
from asc_xdsl.dialects.ascendc.debug import DEBUG_OPS
from asc_xdsl.dialects.ascendc.enums import HardEvent, Pipe, RoundMode, TPosition
from asc_xdsl.dialects.ascendc.framework import FRAMEWORK_OPS
from asc_xdsl.dialects.ascendc.sync import SYNC_OPS
from asc_xdsl.dialects.ascendc.tensor import TENSOR_OPS
from asc_xdsl.dialects.ascendc.types import ASCENDC_TYPES
from asc_xdsl.dialects.ascendc.vector import VECTOR_OPS

ALL_OPS: list[type[AscendCOp]] = [
    *TENSOR_OPS,
    *FRAMEWORK_OPS,
    *DATA_COPY_OPS,
    *VECTOR_OPS,
    *SYNC_OPS,
    *DEBUG_OPS,
    *MISC_OPS,
]

AscendC = Dialect("ascendc", ALL_OPS, ASCENDC_TYPES)

__all__ = [
    "ALL_OPS",
    "AscendC",
    "AscendCOp",
    "EmitKind",
    "HardEvent",
    "Pipe",
    "RoundMode",
    "TPosition",
]
