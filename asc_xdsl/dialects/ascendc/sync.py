"""Synchronisation between pipes (`SetFlag`/`WaitFlag`, `PipeBarrier`) and system values."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, IntegerType, MemRefType, Signedness
from xdsl.irdl import irdl_op_definition, operand_def, prop_def, result_def
from xdsl.irdl.operations import ParsePropInAttrDict
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import (
    AscendCOp,
    CallArg,
    EmitKind,
    HardEventKeyword,
    PipeKeyword,
    enum_value,
    is_scalar_int,
    require_int,
    verify_enum,
)
from asc_xdsl.dialects.ascendc.enums import HardEvent, Pipe
from asc_xdsl.dialects.ascendc.types import TemplateArg


class _FlagOp(AscendCOp):
    """`AscendC::SetFlag/WaitFlag<HardEvent::X_Y>(eventId)`."""

    EMIT_KIND: ClassVar[EmitKind] = EmitKind.FREE_FUNCTION

    event = prop_def(IntegerAttr)
    event_id = operand_def()

    irdl_options = (ParsePropInAttrDict(),)
    custom_directives = (HardEventKeyword,)
    assembly_format = "custom<HardEvent>($event) `,` $event_id attr-dict `:` type($event_id)"

    def __init__(self, event: HardEvent, event_id):
        super().__init__(operands=[event_id], properties={"event": event.attr()})

    @property
    def hard_event(self) -> HardEvent:
        return enum_value(self, "event", HardEvent)  # type: ignore[return-value]

    def verify_(self) -> None:
        event = verify_enum(self, "event", HardEvent)
        if event is HardEvent.MAX:
            raise VerifyException(f"'{self.name}': MAX is not a hardware event")
        require_int(self, self.event_id, "event id")

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        return (self.hard_event,)


@irdl_op_definition
class SetFlagOp(_FlagOp):
    """Signal `event` from its source pipe once earlier work there is done."""

    name = "ascendc.set_flag"
    API_NAME: ClassVar[str] = "SetFlag"


@irdl_op_definition
class WaitFlagOp(_FlagOp):
    """Stall the destination pipe of `event` until the matching flag is set."""

    name = "ascendc.wait_flag"
    API_NAME: ClassVar[str] = "WaitFlag"


@irdl_op_definition
class PipeBarrierOp(AscendCOp):
    """`AscendC::PipeBarrier<PIPE_X>()`: later work of a pipe waits for earlier work."""

    name = "ascendc.pipe_barrier"
    API_NAME: ClassVar[str] = "PipeBarrier"

    pipe = prop_def(IntegerAttr)

    irdl_options = (ParsePropInAttrDict(),)
    custom_directives = (PipeKeyword,)
    assembly_format = "custom<Pipe>($pipe) attr-dict"

    def __init__(self, pipe: Pipe):
        super().__init__(properties={"pipe": pipe.attr()})

    @property
    def pipe_value(self) -> Pipe:
        return enum_value(self, "pipe", Pipe)  # type: ignore[return-value]

    def verify_(self) -> None:
        pipe = verify_enum(self, "pipe", Pipe)
        if pipe is Pipe.PIPE_S:
            raise VerifyException(
                f"'{self.name}': PipeBarrier<PIPE_S> is not allowed (the scalar pipe is "
                "always in order)"
            )

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        return (self.pipe_value,)

    def cpp_call_args(self) -> Sequence[CallArg]:
        return ()


class _SysValueOp(AscendCOp):
    """A system value read with no arguments, returned as an integer."""

    PIPE: ClassVar[str | None] = "S"

    value = result_def()
    assembly_format = "attr-dict `:` type($value)"

    def __init__(self, result_type):
        super().__init__(result_types=[result_type])

    def verify_(self) -> None:
        if not is_scalar_int(self.value.type):
            raise VerifyException(
                f"'{self.name}': result must be an integer, got {self.value.type}"
            )


@irdl_op_definition
class GetBlockIdxOp(_SysValueOp):
    """`AscendC::GetBlockIdx()`: index of this block, in [0, block_num)."""

    name = "ascendc.get_block_idx"
    API_NAME: ClassVar[str] = "GetBlockIdx"


@irdl_op_definition
class GetBlockNumOp(_SysValueOp):
    """`AscendC::GetBlockNum()`: number of blocks of the launch."""

    name = "ascendc.get_block_num"
    API_NAME: ClassVar[str] = "GetBlockNum"


@irdl_op_definition
class SetFftsBaseAddrOp(AscendCOp):
    """`set_ffts_base_addr(*addr)`: the FFTS base address mixed kernels sync cube and vector
    cores through (their hidden `ffts_addr` parameter points at it)."""

    name = "ascendc.set_ffts_base_addr"
    API_NAME: ClassVar[str] = "set_ffts_base_addr"
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.CUSTOM

    address = operand_def(MemRefType)
    assembly_format = "$address attr-dict `:` type($address)"

    def __init__(self, address):
        super().__init__(operands=[address])

    def verify_(self) -> None:
        t = self.address.type
        assert isinstance(t, MemRefType)
        if t.element_type != IntegerType(64, Signedness.UNSIGNED):
            raise VerifyException(f"'{self.name}': the address must point to ui64, got {t}")


SYNC_OPS = [SetFlagOp, WaitFlagOp, PipeBarrierOp, GetBlockIdxOp, GetBlockNumOp, SetFftsBaseAddrOp]
