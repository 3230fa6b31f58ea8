"""The core's set-up registers and the ops that write and read them: facts the
`ascendc-dedup-state` pass reads.

A set-up op (`SetMaskCount`, `SetVectorMask`, `SetAtomicAdd`, `SetFmatrix`, ...) writes
one or more *fields* of state that later instructions read; the value stays until
something writes the field again. Which instructions read and write which fields
follows the CPU simulator's model of them (runtime/simulator/ops: masks.py, instr.py,
vconv.py, cube.py, system_state.py):

* a vector instruction (pipe V) runs under the mask register and its mode, and one
  that sets its own mask (`isSetMask`, true unless the op says false) writes both
  (a count form leaves normal mode and every bit set behind);
* a cube-side instruction (pipes M, MTE1, FIX) reads the Load3D / Fixpipe / HF32
  set-ups and may write them (LoadData's 3D V2 form programs the feature map itself);
* a GM copy (MTE2, MTE3) reads the atomic mode and the pad value and writes nothing;
* `InitSocState`, the advanced APIs (Matmul, the math library), calls and anything
  not listed here may read and write every field.
"""

from __future__ import annotations

from collections.abc import Mapping

from xdsl.ir import Operation

from asc_xdsl.enums import TPosition

MASK, MASK_MODE = "mask", "mask_mode"
ATOMIC_OP, ATOMIC_TYPE = "atomic_op", "atomic_type"
DEQ_SCALE = "deq_scale"
FMATRIX, LOAD3D_PAD, LOAD3D_REPEAT, LOAD3D_BOUNDARY = (
    "fmatrix",
    "load3d_padding",
    "load3d_repeat",
    "load3d_boundary",
)
HF32, HF32_TRANS = "hf32_mode", "hf32_trans_mode"
FIXPIPE_QUANT, MM_LAYOUT = "fixpipe_pre_quant_flag", "mm_layout_transform"
PAD_VALUE = "pad_value"
PAD_VALUES = frozenset(f"{PAD_VALUE}:{p.value}" for p in TPosition)
"""DataCopyPad's pad value, one field per position `SetPadValue<T, pos>` names."""

FIELDS = frozenset(
    {
        MASK,
        MASK_MODE,
        ATOMIC_OP,
        ATOMIC_TYPE,
        DEQ_SCALE,
        FMATRIX,
        LOAD3D_PAD,
        LOAD3D_REPEAT,
        LOAD3D_BOUNDARY,
        HF32,
        HF32_TRANS,
        FIXPIPE_QUANT,
        MM_LAYOUT,
        *PAD_VALUES,
    }
)

SETTERS: Mapping[str, frozenset[str]] = {
    "ascendc.set_vector_mask_l0": frozenset({MASK}),
    "ascendc.set_vector_mask_l1": frozenset({MASK}),
    "ascendc.reset_mask": frozenset({MASK}),
    "ascendc.set_mask_count": frozenset({MASK_MODE}),
    "ascendc.set_mask_norm": frozenset({MASK_MODE}),
    "ascendc.set_atomic_add": frozenset({ATOMIC_OP, ATOMIC_TYPE}),
    "ascendc.set_atomic_max": frozenset({ATOMIC_OP, ATOMIC_TYPE}),
    "ascendc.set_atomic_min": frozenset({ATOMIC_OP, ATOMIC_TYPE}),
    "ascendc.set_atomic_none": frozenset({ATOMIC_OP}),
    "ascendc.set_atomic_type": frozenset({ATOMIC_TYPE}),
    "ascendc.set_store_atomic_config": frozenset({ATOMIC_OP, ATOMIC_TYPE}),
    "ascendc.set_deq_scale": frozenset({DEQ_SCALE}),
    "ascendc.set_deq_scale_l4": frozenset({DEQ_SCALE}),
    "ascendc.set_fmatrix": frozenset({FMATRIX}),
    "ascendc.set_load_data_padding_value": frozenset({LOAD3D_PAD}),
    "ascendc.set_load_data_repeat": frozenset({LOAD3D_REPEAT}),
    "ascendc.set_load_data_boundary": frozenset({LOAD3D_BOUNDARY}),
    "ascendc.set_hf32_mode": frozenset({HF32}),
    "ascendc.set_hf32_trans_mode": frozenset({HF32_TRANS}),
    "ascendc.set_fixpipe_pre_quant_flag": frozenset({FIXPIPE_QUANT}),
    "ascendc.set_mm_layout_transform": frozenset({MM_LAYOUT}),
    "ascendc.set_pad_value": PAD_VALUES,
}
"""Each set-up op and the fields it may write (`written_fields`: those it does write);
it writes all of each, so a later one of the same fields leaves nothing of an earlier
one's value."""

VECTOR_FIELDS = frozenset({MASK, MASK_MODE, DEQ_SCALE})
"""What a vector instruction reads (DeqScale: the dequantising casts)."""
VECTOR_WRITES = frozenset({MASK, MASK_MODE})
"""What a vector instruction that sets its own mask writes."""
CUBE_FIELDS = frozenset(
    {
        FMATRIX,
        LOAD3D_PAD,
        LOAD3D_REPEAT,
        LOAD3D_BOUNDARY,
        HF32,
        HF32_TRANS,
        FIXPIPE_QUANT,
        MM_LAYOUT,
    }
)
"""What a cube-side instruction reads and may write."""
COPY_FIELDS = frozenset({ATOMIC_OP, ATOMIC_TYPE, *PAD_VALUES})
"""What a GM copy reads."""

CUBE_PIPES = frozenset({"M", "MTE1", "FIX"})
COPY_PIPES = frozenset({"MTE2", "MTE3"})

INERT_PREFIXES = (
    "ascendc.construct",
    "ascendc.global_tensor",
    "ascendc.local_tensor",
    "ascendc.list_tensor_desc",
    "ascendc.tensor_desc",
    "ascendc.shape_info.",
    "ascendc.slice_info.",
    "ascendc.que_bind",
    "ascendc.queue",
    "ascendc.to_que_bind",
    "ascendc.pipe",
    "ascendc.tbuf",
    "ascendc.tBufPool",
    "ascendc.local_mem_allocator",
    "ascendc.reinterpret_cast",
    "ascendc.get_",
    "ascendc.set_flag",
    "ascendc.wait_flag",
    "ascendc.cross_core_",
    "ascendc.sync_all_",
    "ascendc.ib_",
    "ascendc.data_sync_barrier",
    "ascendc.noop",
    "ascendc.printf",
    "ascendc.print_time_stamp",
    "ascendc.metrics_prof_",
    "ascendc.dump_tensor",
    "ascendc.wait_pre_block",
    "ascendc.notify_next_block",
    "ascendc.ffts_cross_core_sync",
    "ascendc.pop_stack_buffer",
    "ascendc.mutex",
    "arith.",
    "math.",
    "emitasc.",
    "builtin.unrealized_conversion_cast",
    "scf.yield",
    "scf.condition",
)
"""Ops that neither read nor write a set-up (buffers, queues, flags between pipes,
views, scalars, printing). The scalar (S pipe) instructions other than the set-ups and
`InitSocState` are inert too."""

READERS: Mapping[str, frozenset[str]] = {
    "ascendc.get_store_atomic_config": frozenset({ATOMIC_OP, ATOMIC_TYPE}),
}
"""Scalar instructions that read a set-up back."""

CLOBBERS_ALL = frozenset({"ascendc.init_soc_state"})
"""Scalar instructions that reset the set-ups (InitSocState: atomics, Load3D padding,
the mask and its mode)."""


def written_fields(op: Operation) -> frozenset[str]:
    """The fields set-up op `op` writes (SetPadValue: its position's pad value)."""
    if op.name == "ascendc.set_pad_value":
        pos = op.properties.get("pos")
        value = getattr(pos, "value", None)
        if value is not None:
            return frozenset({f"{PAD_VALUE}:{value.data}"})
    return SETTERS[op.name]


def sets_own_mask(op: Operation) -> bool:
    """Whether vector op `op` sets the mask register itself before it runs (`isSetMask`:
    a property of most ops, an operand of Copy; the C++ default, true, when the op has
    neither or the operand is not a constant)."""
    spec = getattr(type(op), "SPEC", None)
    if spec is not None and any(p.name == "isSetMask" for p in spec.props):
        return op.flag("isSetMask")  # type: ignore[attr-defined]
    operand = getattr(op, "is_set_mask", None)
    owner = getattr(operand, "owner", None)
    value = getattr(owner, "value", None)
    if getattr(owner, "name", None) == "arith.constant" and value is not None:
        return bool(value.value.data)
    return True
