"""Core state, HCCL contexts and other single ops, declared as op specs (see `spec.py`),
as pyasc's `OpCommon.td`, `OpHcclContext.td` and `Ops.td` state them: `InitSocState`,
`CheckLocalMemoryIA`, `SetHcclContext`/`GetHcclContext`, `PopStackBuffer`,
`local_tensor_auto` (a virtual tensor pyasc's passes materialize) and `noop`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IntegerAttr,
    IntegerType,
    MemRefType,
    Signedness,
    f32,
    i64,
)
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import GM_MEMORY_SPACE, EmitKind
from asc_xdsl.dialects.ascendc.spec import (
    INT,
    Arity,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    Result,
    SpecOp,
    exact,
    local,
    predicate,
)
from asc_xdsl.dialects.ascendc.struct_types import of_struct
from asc_xdsl.dialects.ascendc.types import LocalTensorType
from asc_xdsl.enums import TPosition

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

FAMILY.add(
    "InitSocStateOp",
    OpSpec(
        "init_soc_state",
        "InitSocState",
        pipe="S",
        py="init_soc_state",
        doc="`AscendC::InitSocState()`: reset the core's global state (atomic mode, mask "
        "mode, ...).",
    ),
)
FAMILY.add(
    "CheckLocalMemoryIAOp",
    OpSpec(
        "check_local_memory_ia",
        "CheckLocalMemoryIA",
        (
            Operand(
                "param",
                of_struct("CheckLocalMemoryIAParamType"),
                py="check_params",
            ),
        ),
        pipe="S",
        py="check_local_memory_ia",
        doc="`AscendC::CheckLocalMemoryIA(param)`: trap accesses to a local memory range.",
    ),
)

# ---------------------------------------------------------------------------
# HCCL contexts: `template <uint32_t index>`, two slots (0 and 1)
# ---------------------------------------------------------------------------

_UI8 = IntegerType(8, Signedness.UNSIGNED)
HCCL_CONTEXT = predicate(
    "a GM pointer to ui8 (memref<?xui8, 22>)",
    lambda t: isinstance(t, MemRefType) and t.element_type == _UI8,
    "__gm__ uint8_t*",
    MemRefType(_UI8, [DYNAMIC_INDEX], memory_space=IntegerAttr(GM_MEMORY_SPACE, 64)),
)
_INDEX = Operand("index", INT, const=True)


class HcclContextOp(SpecOp):
    """The headers keep two contexts and ignore any other index: so must the IR."""

    def verify_(self) -> None:
        super().verify_()
        attr = getattr(self.index.owner, "properties", {}).get("value")  # type: ignore[attr-defined]
        if isinstance(attr, IntegerAttr) and attr.value.data not in (0, 1):
            raise VerifyException(
                f"'{self.name}': index must be 0 or 1 (there are two HCCL contexts), got "
                f"{attr.value.data}"
            )


FAMILY.add(
    "SetHcclContextOp",
    OpSpec(
        "set_hccl_context",
        "SetHcclContext",
        (_INDEX, Operand("context", HCCL_CONTEXT)),
        emit=EmitKind.CUSTOM,
        pipe="S",
        py="set_hccl_context",
        doc="`AscendC::SetHcclContext<index>(context)`: store the communication context "
        "`index` (0 or 1).",
    ),
    HcclContextOp,
)
FAMILY.add(
    "GetHcclContextOp",
    OpSpec(
        "get_hccl_context",
        "GetHcclContext",
        (_INDEX,),
        results=(Result("context", HCCL_CONTEXT, HCCL_CONTEXT.sample({})),),
        emit=EmitKind.CUSTOM,
        format="$index attr-dict `:` type($index) `,` type($context)",
        pipe="S",
        py="get_hccl_context",
        doc="`AscendC::GetHcclContext<index>()`: the communication context `index` (0 or 1).",
    ),
    HcclContextOp,
)

# ---------------------------------------------------------------------------
# Others
# ---------------------------------------------------------------------------

FAMILY.add(
    "PopStackBufferOp",
    OpSpec(
        "pop_stack_buffer",
        "PopStackBuffer",
        (Operand("tensor", local("T"), Effect.WRITE),),
        props=(Prop("pos", TPosition),),
        template=("T", "pos"),
        format="custom<TPosition>($pos) $tensor attr-dict `:` type($tensor)",
        doc="`AscendC::PopStackBuffer<T, pos>(tensor)`: make `tensor` the free space at the "
        "end of the local memory.",
    ),
)


FAMILY.add(
    "NoOp",
    OpSpec(
        "noop",
        "",
        emit=EmitKind.CUSTOM,
        doc="Nothing (an empty statement).",
    ),
)


FAMILY.add(
    "LocalTensorAutoOp",
    OpSpec(
        "local_tensor_auto",
        "LocalTensorAuto",
        (Operand("dynamic_shape", exact(i64), arity=Arity.VARIADIC),),
        props=(Prop("input"), Prop("output")),
        results=(Result("result", local("T"), LocalTensorType(f32)),),
        format="`(` $dynamic_shape `)` (`input` $input^)? (`output` $output^)? attr-dict "
        "`:` custom<LocalTensorType>(type($result))",
        lowered_by="materialize-tensor",
        doc="A local tensor whose buffer is not allocated yet (pyasc's automatic allocation: "
        "its `materialize-tensor` pass gives it one); `input`/`output` mark kernel data.",
    ),
)

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.misc import *  # noqa: F403
