"""`AscendC::LocalMemAllocator`, declared as op specs (see `spec.py`), as pyasc's
`Core/MemoryAllocator.td` states it: an allocator of one physical memory (`Hardware`)
that hands out consecutive local tensors without a TPipe.

    %a = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<1>
    %t = ascendc.local_mem_allocator.alloc %a, vecin, %c256, f32
        : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>

The headers `static_assert` what the verifiers check: the hardware is not GM or MAX,
and `Alloc<pos, ...>` takes a position of the allocator's hardware (VECIN/VECOUT/
VECCALC for UB, A1/B1/C1 for L1, A2 for L0A, B2 for L0B, CO1 for L0C, C2 for BIAS).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Operation
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.object_ops import UI32, ObjectOp
from asc_xdsl.dialects.ascendc.spec import (
    INT,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    PropKind,
    Result,
    local,
    of_type,
)
from asc_xdsl.dialects.ascendc.types import LocalMemAllocatorType, LocalTensorType
from asc_xdsl.enums import Hardware, TPosition

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

HARDWARE_OF_POSITION: dict[TPosition, Hardware] = {
    TPosition.GM: Hardware.GM,
    TPosition.A1: Hardware.L1,
    TPosition.B1: Hardware.L1,
    TPosition.C1: Hardware.L1,
    TPosition.A2: Hardware.L0A,
    TPosition.B2: Hardware.L0B,
    TPosition.CO1: Hardware.L0C,
    TPosition.C2: Hardware.BIAS,
    TPosition.CO2: Hardware.GM,
    TPosition.VECIN: Hardware.UB,
    TPosition.VECOUT: Hardware.UB,
    TPosition.VECCALC: Hardware.UB,
}
"""The memory behind each position on Atlas A2/A3 (the headers' `GetPhyType`, dav-2201)."""

_ALLOCATOR = of_type(LocalMemAllocatorType, lambda v: LocalMemAllocatorType(Hardware.UB))


def _constant_value(operand: Any) -> int | None:
    owner = operand.owner
    value = getattr(owner, "properties", {}).get("value") if isinstance(owner, Operation) else None
    return value.value.data if isinstance(value, IntegerAttr) else None


class LocalMemAllocatorBase(ObjectOp):
    """The allocator's hardware (its type's parameter) is a local memory; a constant
    `hardware` operand names the same one."""

    def verify_(self) -> None:
        super().verify_()
        hard = self.allocator.type.hard  # type: ignore[attr-defined]
        if hard in (Hardware.GM, Hardware.MAX):
            raise VerifyException(
                f"'{self.name}': a LocalMemAllocator cannot be at Hardware::{hard.name} "
                "(the headers static_assert it is a local memory)"
            )
        value = _constant_value(self.hardware)  # type: ignore[attr-defined]
        if value is not None and value != int(hard):
            raise VerifyException(
                f"'{self.name}': hardware operand {value} differs from the type's "
                f"{int(hard)} (Hardware::{hard.name})"
            )


FAMILY.add(
    "LocalMemAllocatorOp",
    OpSpec(
        "local_mem_allocator",
        "LocalMemAllocator",
        (Operand("hardware", INT),),
        results=(Result("allocator", _ALLOCATOR),),
        emit=EmitKind.CONSTRUCTOR,
        call=(),
        format="$hardware attr-dict `:` type($hardware) `,` type($allocator)",
        doc="`AscendC::LocalMemAllocator<hard> a;`: an allocator of a local memory (the "
        "type names it; the operand is pyasc's copy of it).",
    ),
    LocalMemAllocatorBase,
)
FAMILY.add(
    "LocalMemAllocatorGetCurAddrOp",
    OpSpec(
        "local_mem_allocator.get_cur_addr",
        "GetCurAddr",
        (Operand("allocator", _ALLOCATOR),),
        results=(Result("result", INT, UI32),),
        emit=EmitKind.MEMBER_FUNCTION,
        format="$allocator attr-dict `:` type($allocator) `,` type($result)",
        doc="`a.GetCurAddr()`: the address the next tensor starts at (uint32_t).",
        py="LocalMemAllocator.get_cur_addr",
    ),
    ObjectOp,
)


class AllocBase(ObjectOp):
    """`a.Alloc<pos, T[, tileSize]>(...)`: `pos` is in the allocator's memory, T is the
    result's element type."""

    @property
    def position(self) -> TPosition:
        return TPosition.from_attr(self.pos)  # type: ignore[attr-defined, return-value]

    def verify_(self) -> None:
        super().verify_()
        hard = self.allocator.type.hard  # type: ignore[attr-defined]
        if HARDWARE_OF_POSITION.get(self.position) is not hard:
            raise VerifyException(
                f"'{self.name}': position {self.position.keyword} is not in the allocator's "
                f"Hardware::{hard.name}"
            )
        result = self.result.type  # type: ignore[attr-defined]
        dtype = self.properties["dtype"]
        if isinstance(result, LocalTensorType) and result.element_type != dtype:
            raise VerifyException(
                f"'{self.name}': the result's element type {result.element_type} is not "
                f"dtype {dtype}"
            )


for _cls, _m, _const, _doc in (
    (
        "LocalMemAllocatorAllocOp",
        "local_mem_allocator.alloc",
        True,
        "a tensor of `tileSize` (a constant: a template argument) elements",
    ),
    (
        "LocalMemAllocatorAllocDynamicOp",
        "local_mem_allocator.alloc_dynamic",
        False,
        "a tensor of `tileSize` elements",
    ),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            "Alloc",
            (Operand("allocator", _ALLOCATOR), Operand("tile_size", INT, const=_const)),
            props=(Prop("pos", TPosition), Prop("dtype", kind=PropKind.TYPE)),
            results=(Result("result", local("T")),),
            emit=EmitKind.CUSTOM,
            format="$allocator `,` custom<TPosition>($pos) `,` $tile_size `,` $dtype attr-dict "
            "`:` type($allocator) `,` type($tile_size) `,` type($result)",
            example={"pos": TPosition.VECIN, "tile_size": 256},
            doc=f"`a.Alloc<pos, T>(...)`: {_doc} at `pos`, the next free address of the "
            "allocator's memory.",
        ),
        AllocBase,
    )

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.mem_allocator import *  # noqa: F403
