"""Debug printing and profiling: printf, DumpTensor, PrintTimeStamp, DumpAccChkPoint,
MetricsProfStart/Stop."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import AnyFloat, IntegerType, MemRefType, StringAttr
from xdsl.ir import Attribute
from xdsl.irdl import (
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    var_operand_def,
)
from xdsl.irdl.operations import ParsePropInAttrDict
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import (
    DEFAULT_FORMAT,
    AscendCOp,
    CallArg,
    EmitKind,
    is_scalar_int,
    require_int,
    require_tensor,
)
from asc_xdsl.dialects.ascendc.types import ShapeInfoType

# printf conversions Ascend C supports, and what each accepts.
_SPEC = re.compile(r"%(%|[-+ #0]*\d*(?:\.\d+)?(ll|l)?([diuxfsp]))")
_INT_CONVERSIONS = "diux"


def printf_conversions(fmt: str) -> list[str]:
    """The conversion letters of `fmt` in order (`%%` excluded)."""
    return [m.group(3) for m in _SPEC.finditer(fmt) if m.group(1) != "%"]


@irdl_op_definition
class PrintfOp(AscendCOp):
    """`AscendC::printf(fmt, args...)` -- `%d %i %u %x %ld %lld %f %s %p`, `\\n` only."""

    name = "ascendc.printf"
    API_NAME: ClassVar[str] = "printf"
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.CUSTOM

    desc = prop_def(StringAttr)
    vars = var_operand_def()

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = DEFAULT_FORMAT

    def __init__(self, desc: str, args: Sequence = ()):
        super().__init__(operands=[list(args)], properties={"desc": StringAttr(desc)})

    def verify_(self) -> None:
        fmt = self.desc.data
        stray = re.sub(_SPEC, "", fmt)
        if "%" in stray:
            raise VerifyException(
                f"'{self.name}': unsupported conversion in format {fmt!r} "
                "(Ascend C printf supports %d %i %u %x %ld %lld %f %s %p)"
            )
        conversions = printf_conversions(fmt)
        if len(conversions) != len(self.vars):
            raise VerifyException(
                f"'{self.name}': format {fmt!r} has {len(conversions)} conversion(s) "
                f"but {len(self.vars)} argument(s) were given"
            )
        for i, (conv, arg) in enumerate(zip(conversions, self.vars, strict=True)):
            t = arg.type
            # index values are int64_t in Ascend C; printf packs each argument with its type.
            if conv in _INT_CONVERSIONS and not is_scalar_int(t):
                raise VerifyException(
                    f"'{self.name}': argument {i} for %{conv} must be an integer, got {t}"
                )
            if conv == "f" and not isinstance(t, AnyFloat):
                raise VerifyException(
                    f"'{self.name}': argument {i} for %f must be a float, got {t}"
                )
            # %s reads a NUL-terminated string: it needs a char pointer (a constant
            # string belongs in the format itself); %p prints an address.
            if conv == "s" and not _is_char_pointer(t):
                raise VerifyException(
                    f"'{self.name}': argument {i} for %s must be a string pointer "
                    f"(memref of i8/ui8), got {t}; put a constant string in the format"
                )
            if conv == "p" and not (isinstance(t, MemRefType) or is_scalar_int(t)):
                raise VerifyException(
                    f"'{self.name}': argument {i} for %p must be a pointer (memref) or an "
                    f"address (integer), got {t}"
                )


def _is_char_pointer(t: Attribute) -> bool:
    if not isinstance(t, MemRefType):
        return False
    element = t.element_type
    return isinstance(element, IntegerType) and element.width.data == 8


@irdl_op_definition
class DumpTensorOp(AscendCOp):
    """`AscendC::DumpTensor(t, desc, dumpSize[, shapeInfo])`; dumpSize counts elements."""

    name = "ascendc.dump_tensor"
    API_NAME: ClassVar[str] = "DumpTensor"

    tensor = operand_def()
    desc = operand_def()
    dump_size = operand_def()
    shape_info = opt_operand_def(ShapeInfoType())

    assembly_format = DEFAULT_FORMAT

    def __init__(self, tensor, desc, dump_size, shape_info=None):
        super().__init__(
            operands=[tensor, desc, dump_size, [shape_info] if shape_info is not None else []]
        )

    def verify_(self) -> None:
        require_tensor(self, self.tensor, "tensor")
        require_int(self, self.desc, "desc")
        require_int(self, self.dump_size, "dumpSize")


@irdl_op_definition
class DumpAccChkPointOp(AscendCOp):
    """`AscendC::DumpAccChkPoint(t, index, countOff, dumpSize)`: DumpTensor from t[countOff]."""

    name = "ascendc.dump_acc_chk_point"
    API_NAME: ClassVar[str] = "DumpAccChkPoint"

    tensor = operand_def()
    index = operand_def()
    count_off = operand_def()
    dump_size = operand_def()

    assembly_format = DEFAULT_FORMAT

    def __init__(self, tensor, index, count_off, dump_size):
        super().__init__(operands=[tensor, index, count_off, dump_size])

    def verify_(self) -> None:
        require_tensor(self, self.tensor, "tensor")
        require_int(self, self.index, "index")
        require_int(self, self.count_off, "countOff")
        require_int(self, self.dump_size, "dumpSize")


@irdl_op_definition
class PrintTimeStampOp(AscendCOp):
    """`AscendC::PrintTimeStamp(descId)` (needs -DASCENDC_TIME_STAMP_ON)."""

    name = "ascendc.print_time_stamp"
    API_NAME: ClassVar[str] = "PrintTimeStamp"

    desc_id = operand_def()
    assembly_format = DEFAULT_FORMAT

    def __init__(self, desc_id):
        super().__init__(operands=[desc_id])

    def verify_(self) -> None:
        require_int(self, self.desc_id, "descId")


class _MetricsProfOp(AscendCOp):
    """Marks of the region `msprof op` collects metrics for; used in pairs in kernels."""

    assembly_format = "attr-dict"

    def __init__(self):
        super().__init__()

    def cpp_call_args(self) -> Sequence[CallArg]:
        return ()


@irdl_op_definition
class MetricsProfStartOp(_MetricsProfOp):
    """`AscendC::MetricsProfStart();`: start of the profiled region."""

    name = "ascendc.metrics_prof_start"
    API_NAME: ClassVar[str] = "MetricsProfStart"


@irdl_op_definition
class MetricsProfStopOp(_MetricsProfOp):
    """`AscendC::MetricsProfStop();`: end of the profiled region."""

    name = "ascendc.metrics_prof_stop"
    API_NAME: ClassVar[str] = "MetricsProfStop"


DEBUG_OPS = [
    PrintfOp,
    DumpTensorOp,
    DumpAccChkPointOp,
    PrintTimeStampOp,
    MetricsProfStartOp,
    MetricsProfStopOp,
]
