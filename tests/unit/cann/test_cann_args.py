"""Argument packing: slot sizes, alignment, scalar encodings."""

from __future__ import annotations

import struct

import numpy as np
import pytest
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    IndexType,
    IntegerType,
    Signedness,
    i1,
    i8,
    i32,
    i64,
)

from asc_xdsl.runtime.cann.args import (
    encode_scalar,
    gm_argument,
    pack,
    pointer_slot,
    scalar_slot,
)
from asc_xdsl.runtime.kernel import LaunchError


def test_layout_widens_small_scalars_and_aligns_pointers():
    slots = [
        scalar_slot(encode_scalar(i1, True, 0)),  # 1 byte -> 4-byte slot
        pointer_slot(0x1122334455667788),  # aligned to 8
        scalar_slot(encode_scalar(Float16Type(), 1.0, 2)),  # 2 bytes -> 4
        scalar_slot(encode_scalar(i64, -2, 3)),  # 8 aligned to 8
        scalar_slot(encode_scalar(i32, 7, 4)),
    ]
    blob, offsets = pack(slots)
    assert offsets == [0, 8, 16, 24, 32]
    assert len(blob) == 40
    assert blob[:8] == b"\x01\0\0\0\0\0\0\0"
    assert struct.unpack_from("<Q", blob, 8)[0] == 0x1122334455667788
    assert blob[16:20] == np.float16(1.0).tobytes() + b"\0\0"
    assert struct.unpack_from("<qi", blob, 24) == (-2, 7)


@pytest.mark.parametrize(
    ("t", "value", "expected"),
    [
        (i8, -1, b"\xff"),
        (IntegerType(16, Signedness.UNSIGNED), 65535, b"\xff\xff"),
        (IndexType(), 5, struct.pack("<q", 5)),
        (Float32Type(), 1.5, struct.pack("<f", 1.5)),
        (BFloat16Type(), 1.0, b"\x80\x3f"),
        (BFloat16Type(), 1.00390625, b"\x80\x3f"),  # halfway: rounds to even
        (BFloat16Type(), 1.01171875, b"\x82\x3f"),  # halfway: rounds up to even
        (i32, np.int64(3), struct.pack("<i", 3)),
        (i32, 4.0, struct.pack("<i", 4)),
    ],
)
def test_scalar_encodings(t, value, expected):
    assert encode_scalar(t, value, 0) == expected


def test_scalar_errors():
    with pytest.raises(LaunchError, match=r"argument 1: 2.5 is not an integer"):
        encode_scalar(i32, 2.5, 1)
    with pytest.raises(LaunchError, match=r"argument 0: 300 does not fit in i8"):
        encode_scalar(i8, 300, 0)
    with pytest.raises(
        LaunchError, match=r"argument 2 must be a number for parameter type i32, got str"
    ):
        encode_scalar(i32, "1", 2)


def test_numpy_views_share_memory():
    a = np.zeros(4, np.float32)
    buf = gm_argument(a, 0)
    assert buf.address == a.ctypes.data and buf.nbytes == 16 and buf.original is None
    ro = np.zeros(4, np.float32)
    ro.flags.writeable = False
    assert gm_argument(ro, 0).original is ro
