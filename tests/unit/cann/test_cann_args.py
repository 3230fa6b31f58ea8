"""Argument packing: slot sizes, alignment, scalar encodings."""

from __future__ import annotations

import json
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
    assert buf.address == a.ctypes.data and buf.nbytes == 16 and buf.copied_back is None
    ro = np.zeros(4, np.float32)
    ro.flags.writeable = False  # an input: copied to the device from where it lies
    assert gm_argument(ro, 0).address == ro.ctypes.data


_TYPES = [i1, i8, i32, i64, IntegerType(8, Signedness.UNSIGNED), IntegerType(32, Signedness.UNSIGNED),
          IndexType(), Float16Type(), BFloat16Type(), Float32Type()]  # fmt: skip
_VALUES = [0, 1, -1, 2, 2.5, 4.0, 255, 256, -129, 2**31, 2**63, 2**64, 1e39, 70000.0, 65504,
           float("inf"), float("nan"), True, np.int64(3), np.float32(1.5), "1", None]  # fmt: skip


@pytest.mark.parametrize("t", _TYPES, ids=str)
def test_manifest_scalar_rule_is_the_runtime_rule(t):
    """A prebuilt launch checks scalars from the manifest's record (JSON, no IR types):
    the record survives the manifest, so the launch accepts the same values with the
    same error text as runtime.scalars, which the simulator and the JIT launch use."""
    from asc_xdsl.runtime.cann.args import ScalarSpec, check_scalar
    from asc_xdsl.runtime.scalars import scalar_argument, scalar_spec

    spec = ScalarSpec.from_json(json.loads(json.dumps(scalar_spec(t).to_json())))
    assert spec == scalar_spec(t)
    for value in _VALUES:
        try:
            expected = ("ok", scalar_argument(t, value, 2, "p"))
        except LaunchError as e:
            expected = ("error", str(e))
        try:
            got = ("ok", check_scalar(spec, value, 2, "p"))
        except LaunchError as e:
            got = ("error", str(e))
        if expected[0] == "ok" and isinstance(expected[1], float) and expected[1] != expected[1]:
            assert got[0] == "ok" and got[1] != got[1], value  # NaN
        else:
            assert got == expected, value
