"""Debugging and profiling: `printf`, `dump_tensor`, time stamps, the profiled region."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.language.builder import FormatString, require_jit
from asc_xdsl.language.core.tensor import GlobalTensor, LocalTensor, as_tensor
from asc_xdsl.language.core.utils import check_tensors as _check_tensors
from asc_xdsl.language.core.utils import describe as _describe

if TYPE_CHECKING:
    from asc_xdsl.language._typing import Int
    from asc_xdsl.language.core.types import ShapeInfo


def printf(desc: str, *params: Any) -> None:
    """`AscendC::printf(desc, params...)`; `desc` may be an f-string. Its C escapes
    (`"\\n"`, `"\\t"`, `"\\x41"`, ...) act as pyasc's do (`debug.c_unescape`)."""
    g = require_jit("printf")
    from asc_xdsl.dialects.ascendc.debug import PrintfOp, c_unescape

    if isinstance(desc, FormatString):
        if params:
            g.fail("printf with an f-string takes no further arguments")
        desc, params = desc.fmt, tuple(desc.args)
    if not isinstance(desc, str):
        g.fail(f"printf needs a format string, got {_describe(desc)}")
    try:
        desc = c_unescape(desc)
    except ValueError as err:
        g.fail(f"printf format {desc!r}: {err}")
    g.emit(PrintfOp(desc, [g.printf_arg(p) for p in params]))


def dump_tensor(
    tensor: LocalTensor | GlobalTensor,
    desc: Int,
    dump_size: Int,
    shape_info: ShapeInfo | None = None,
) -> None:
    """`AscendC::DumpTensor(tensor, desc, dump_size[, shape_info])`."""
    g = require_jit("dump_tensor")
    from asc_xdsl.dialects.ascendc.debug import DumpTensorOp

    tensor = as_tensor(tensor)
    _check_tensors(g, "dump_tensor", tensor=tensor, kinds=(LocalTensor, GlobalTensor))
    shape = None if shape_info is None else shape_info.handle
    g.emit(
        DumpTensorOp(
            tensor.handle, g.scalar(desc, dt.uint32), g.scalar(dump_size, dt.uint32), shape
        )
    )


def dump_acc_chk_point(
    tensor: LocalTensor | GlobalTensor, index: Int, count_off: Int, dump_size: Int
) -> None:
    """`AscendC::DumpAccChkPoint(tensor, index, count_off, dump_size)`."""
    g = require_jit("dump_acc_chk_point")
    from asc_xdsl.dialects.ascendc.debug import DumpAccChkPointOp

    tensor = as_tensor(tensor)
    _check_tensors(g, "dump_acc_chk_point", tensor=tensor, kinds=(LocalTensor, GlobalTensor))
    g.emit(
        DumpAccChkPointOp(
            tensor.handle,
            g.scalar(index, dt.uint32),
            g.scalar(count_off, dt.uint32),
            g.scalar(dump_size, dt.uint32),
        )
    )


def print_time_stamp(desc_id: Int) -> None:
    """`AscendC::PrintTimeStamp(desc_id)`."""
    g = require_jit("print_time_stamp")
    from asc_xdsl.dialects.ascendc.debug import PrintTimeStampOp

    g.emit(PrintTimeStampOp(g.scalar(desc_id, dt.uint32)))


def metrics_prof_start() -> None:
    """Start of the region `msprof op` (and the CPU simulator) profiles."""
    g = require_jit("metrics_prof_start")
    from asc_xdsl.dialects.ascendc.debug import MetricsProfStartOp

    g.emit(MetricsProfStartOp())


def metrics_prof_stop() -> None:
    """End of the profiled region."""
    g = require_jit("metrics_prof_stop")
    from asc_xdsl.dialects.ascendc.debug import MetricsProfStopOp

    g.emit(MetricsProfStopOp())
