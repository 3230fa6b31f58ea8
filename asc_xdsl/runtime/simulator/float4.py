"""Ascend 950's 4-bit floats on the simulator (docs/fp8.md, "4-bit floats").

A tensor of `fp4x2_e2m1_t` / `fp4x2_e1m2_t` counts 4-bit elements, two a byte, element
2i in the low nibble of byte i (the headers' `GlobalTensor::SetValue` keeps the high
nibble for an even offset; the MX sample's `pack_fp4_to_fp4x2` packs so). The
simulator holds such a tensor as its bytes: `LocalTensor.length` and the byte
arithmetic count bytes (pairs), and the element counts the API takes are halved where
they enter -- `LocalTensor(pos, addr, tileSize)`, `TBuf::Get(len)`, `tensor[i]`,
`GetSize` / `SetSize`, DataCopy's count, Cast's count. An odd count or offset is an
error where the headers require even ones (the tensor constructor's tileSize,
`GetPhyAddr`'s offset, `operator[]` drops the half byte) and, for Cast, because half a
written byte is not modelled. The byte-based forms (DataCopyParams, DataCopyPad's
blockLen, Nd2Nz / Dn2Nz, whose 3510 implementation moves fp4 "based on the b8 type",
and LoadData2DParamsV2's fractals of 16 x 32 bytes) move the bytes as int8's.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects.ascendc.fp8_types import FLOAT4_CLASSES
from asc_xdsl.runtime.simulator.compile import simulates_float4
from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32, f32_to_bf16
from asc_xdsl.runtime.simulator.errors import SimulatorError, TensorBoundsError
from asc_xdsl.utils import float8

# The basic-API ops the simulator runs on 4-bit float tensors, declared here for their
# families (copy, cast, cube, fill, scalar and its control flow, the tensor / queue
# objects), whose 4-bit paths are this module's (`pairs`, `cast`, `PAIR_COUNTS`); the Reg
# families declare theirs. compile.py refuses any other op on 4-bit data, listing these.
simulates_float4(
    "the control flow carrying them (loops, branches, calls)",
    "scf.for", "scf.if", "scf.while", "scf.index_switch", "func.call",
)  # fmt: skip
simulates_float4(
    "the tensor and queue objects (lengths in bytes, counts of elements halved)",
    "ascendc.global_tensor*", "ascendc.local_tensor*", "ascendc.que_bind.*",
    "ascendc.tbuf.*", "ascendc.local_mem_allocator*", "ascendc.reinterpret_cast",
    # (an element's read or write, a print: half a byte, not modelled, nor verified)
    unless=tuple(f"ascendc.{t}_tensor.{m}" for t in ("global", "local")
                 for m in ("get_value", "set_value", "bracket", "print", "to_file")),
)  # fmt: skip
simulates_float4(
    "the data copies (bytes)",
    "ascendc.data_copy_l0", "ascendc.data_copy_l2", "ascendc.data_copy_nd2nz",
    "ascendc.data_copy_pad_l0", "ascendc.data_copy_pad_l2", "ascendc.data_copy_dn2nz",
)  # fmt: skip
simulates_float4("Cast's count form to and from bfloat16", "ascendc.cast_l2")
simulates_float4(
    "LoadData (LoadData2DParamsV2, the MX scale matrix) and MmadMx",
    "ascendc.load_data", "ascendc.load_data_l0_v2", "ascendc.load_data_g2l_v2",
    "ascendc.load_data_mx", "ascendc.mmad_mx", "ascendc.mmad_mx_with_bias",
    "ascendc.mmad_mx_bit_mode", "ascendc.mmad_mx_bit_mode_with_bias",
)  # fmt: skip
simulates_float4(
    "a 4-bit constant (the pair of its value) and Duplicate's count form (pairs)",
    "ascendc.float_constant", "ascendc.duplicate_l2",
)  # fmt: skip


def name_of(t) -> str | None:
    """The 4-bit format of IR element type `t`, or None."""
    return FLOAT4_CLASSES.get(type(t))


def is_float4(t) -> bool:
    return type(t) in FLOAT4_CLASSES


def pairs(count: int, what: str) -> int:
    """The bytes of `count` 4-bit elements (an even count: else `what`'s error)."""
    count = int(count)
    if count % 2:
        raise TensorBoundsError(
            f"{what}: {count} is an odd number of 4-bit elements; fp4x2 tensors hold "
            "elements in pairs (two a byte), so counts and offsets must be even"
        )
    return count // 2


_ROUNDING = {"CAST_RINT": "rint", "CAST_ROUND": "round", "CAST_FLOOR": "floor",
             "CAST_CEIL": "ceil", "CAST_TRUNC": "trunc"}  # fmt: skip
"""Cast bf16 -> fp4's round modes (3510's "round all" list) -> float8.encode's."""


def cast(src_type, dst_type, mode_name: str):
    """`f(src storage, n) -> dst storage` of Cast's count form between bfloat16 and a
    4-bit float: the exact decode one way; the other rounded once by the mode and
    saturated (no NaN or infinity: NaN -> 0, overflow -> the largest value)."""
    s, d = name_of(src_type), name_of(dst_type)
    if s is not None:
        table = float8.fmt(s).table

        def widen(src: np.ndarray, n: int) -> np.ndarray:
            codes = float8.unpack4(src[: n // 2])
            return f32_to_bf16(table[codes].astype(np.float32))  # (exact: bf16 holds them)

        return widen
    rounding = _ROUNDING.get(mode_name)
    if rounding is None:
        raise SimulatorError(f"Cast bfloat16 -> {dst_type} takes no {mode_name}")

    def narrow(src: np.ndarray, n: int) -> np.ndarray:
        values = bf16_to_f32(src[:n])
        return float8.pack4(float8.encode(values, d, rounding, True))  # type: ignore[arg-type]

    return narrow


def reg_cast(op, comp):
    """The Reg layer's `Cast` between bfloat16 and a 4-bit float (`ascendc.reg.cast`): an
    fp4x2 register holds 256 pairs (bytes), a bf16 one 128 lanes; each pair goes with the
    two bf16 lanes of one 32-bit word, in that word's byte `layout` (ZERO..THREE). This is
    how the 3510 basic API's Cast composes it: `LoadAlign<uint8_t, DIST_UNPACK4_B8>` (byte j
    of memory into byte 4j) then Cast with RegLayout::ZERO, and back Cast then
    `StoreAlign<uint8_t, DIST_PACK4_B32>` (byte 4j of each word packed).

    * fp4 -> bf16: lane 2j + h = element h (low nibble first) of byte 4j + layout, exact;
      0 where the bf16 lane's mask bit is off.
    * bf16 -> fp4: lanes 2j, 2j + 1 rounded by the mode (RINT, ROUND, FLOOR, CEIL, TRUNC)
      and saturated (NaN -> 0, infinity and overflow -> the largest value: the formats
      have neither, whatever SatMode says) into byte 4j + layout; the mask's even lanes
      say which pairs are written (the Cast page: "mask valid bits at the even
      positions"); every other byte is 0.
    """
    from asc_xdsl.dialects.ascendc.enums import RoundMode
    from asc_xdsl.dialects.ascendc.spec import element_of
    from asc_xdsl.dialects.reg_enums import RegLayout
    from asc_xdsl.runtime.simulator.ops.reg import lanes_of

    src_t, dst_t = element_of(op.src.type), element_of(op.dst.type)
    layout = int(RegLayout.from_attr(op.properties["layout"]))
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)
    words = np.arange(64) * 4 + layout  # (the byte of each 32-bit word)
    s = name_of(src_t)
    if s is not None:  # fp4 -> bf16
        table = float8.fmt(s).table.astype(np.float32)

        def widen(e, c, _op=op):
            codes = float8.unpack4(e[a][words])  # (lanes 2j, 2j + 1)
            on = lanes_of(e[m], 2)
            e[r] = np.where(on, table[codes], np.float32(0)).astype(np.float32)

        return widen
    d = name_of(dst_t)
    mode = RoundMode.from_attr(op.properties["roundMode"]).name
    rounding = _ROUNDING.get(mode)
    if rounding is None:
        raise SimulatorError(f"Cast bfloat16 -> {dst_t} takes no {mode}")

    def narrow(e, c, _op=op):
        values = np.asarray(e[a], np.float32)  # (bf16 values)
        pairs = float8.pack4(float8.encode(values, d, rounding, True))  # type: ignore[arg-type]
        on = lanes_of(e[m], 2)[0::2]
        out = np.zeros(256, np.uint8)
        out[words] = np.where(on, pairs, 0)
        e[r] = out

    return narrow


PAIR_COUNTS = frozenset({"ascendc.duplicate_l2"})
"""Basic-API ops whose count counts fp4x2 pairs (bytes), not 4-bit elements: Duplicate's
count form (3510's DuplicateImpl has no half-byte branch: `UpdateMask<T>(count)` is a b8
mask, its stores step 256 bytes)."""


def elements_per_byte(op_name: str, t) -> int:
    """How many of a count form's counted units fit a byte of a tensor of element type `t`:
    2 for a 4-bit float (elements), but 1 in the ops that count pairs (`PAIR_COUNTS`)."""
    return 2 if is_float4(t) and op_name not in PAIR_COUNTS else 1
