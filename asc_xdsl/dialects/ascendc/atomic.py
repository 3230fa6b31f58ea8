"""Atomic accumulation of data copies into GM, declared as op specs (see `spec.py`):
`SetAtomicAdd/Max/Min/Type<T>()`, `SetAtomicNone()` and the store atomic configuration,
as pyasc's `OpSetAtomic.td` and `OpCommon.td` state them.

While an atomic mode is set, `DataCopy` to GM combines each element with the one in GM
instead of overwriting it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import IntegerType, Signedness

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.spec import OpFamily, OpSpec, Prop, PropKind, Result, exact
from asc_xdsl.enums import AtomicDtype, AtomicOp

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

ATOMIC_DTYPES = ("f16", "f32", "i16", "i32", "i8", "bf16")
"""What the headers' SetAtomicType accepts (half, float, int16/32/8, bfloat16)."""

_DTYPE = Prop("dtype", kind=PropKind.TYPE)
for _cls, _m, _api, _what in (
    ("SetAtomicAddOp", "set_atomic_add", "SetAtomicAdd", "add to GM"),
    ("SetAtomicMaxOp", "set_atomic_max", "SetAtomicMax", "keep the maximum in GM"),
    ("SetAtomicMinOp", "set_atomic_min", "SetAtomicMin", "keep the minimum in GM"),
    ("SetAtomicTypeOp", "set_atomic_type", "SetAtomicType", "use element type `dtype`"),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            _api,
            props=(_DTYPE,),
            template=("dtype",),
            dtypes={"dtype": ATOMIC_DTYPES},
            pipe="S",
            py=_m,
            example={"dtype": "f16"},
            doc=f"`AscendC::{_api}<dtype>()`: later copies to GM {_what}.",
        ),
    )
FAMILY.add(
    "SetAtomicNoneOp",
    OpSpec(
        "set_atomic_none",
        "SetAtomicNone",
        pipe="S",
        py="set_atomic_none",
        doc="`AscendC::SetAtomicNone()`: later copies to GM overwrite again.",
    ),
)
FAMILY.add(
    "SetStoreAtomicConfigOp",
    OpSpec(
        "set_store_atomic_config",
        "SetStoreAtomicConfig",
        props=(Prop("atomicType", AtomicDtype), Prop("atomicOp", AtomicOp)),
        template=("atomicType", "atomicOp"),
        format="custom<AtomicDtype>($atomicType) `,` custom<AtomicOp>($atomicOp) attr-dict",
        pipe="S",
        py="set_store_atomic_config",
        doc="`AscendC::SetStoreAtomicConfig<type, op>()`: the atomic mode of later copies to GM.",
    ),
)


_UI16 = IntegerType(16, Signedness.UNSIGNED)
FAMILY.add(
    "GetStoreAtomicConfigOp",
    OpSpec(
        "get_store_atomic_config",
        "GetStoreAtomicConfig",
        results=(
            Result("atomic_type", exact(_UI16), _UI16),
            Result("atomic_op", exact(_UI16), _UI16),
        ),
        emit=EmitKind.CUSTOM,
        pipe="S",
        py="get_store_atomic_config",
        doc="`AscendC::GetStoreAtomicConfig(type, op)`: the current atomic mode, as two "
        "uint16_t values.",
    ),
)

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.atomic import *  # noqa: F403
