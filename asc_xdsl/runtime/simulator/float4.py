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
from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32, f32_to_bf16
from asc_xdsl.runtime.simulator.errors import SimulatorError, TensorBoundsError
from asc_xdsl.utils import float8


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
