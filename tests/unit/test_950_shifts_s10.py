"""Ascend 950 (issue 30), session 10: ShiftLeft / ShiftRight by a scalar on both arches,
and the 3510 dtypes of the basic bitwise ops.

- The 3510 count forms of ShiftLeft / ShiftRight take int8 / uint8 / int64 / uint64
  (dav_3510 ShiftLeftImpl's assert); computed against a golden model written from the
  pages (unsigned logical, signed arithmetic with the sign bit kept on a left shift, a
  count above the width 0 / sign fill), the 64-bit ones through the header's 32-bit
  composition, whose disagreements with the page are errors (ops/shifts.py).
- Signed left shifts keep the sign bit on both arches (the ShiftLeft page's example;
  numpy's left_shift, which the simulator used before, does not).
- Counts out of range: a constant is refused at the user's line, a run-time one by the
  simulator, naming the op, the value and the range (Atlas A2/A3: 0..width; 950: >= 0,
  int64 ShiftRight 0..32).
- And / Or / Not take 3510's extra dtypes (int32 mask forms, 8- and 64-bit count forms,
  Not of half / float), and are refused off 950.
The emitted C++ is header-checked through tests/filecheck/ascend950/shifts_s10.mlir.
"""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.runtime.simulator.errors import SimulatorError

SOC = "Ascend950PR_9599"
A2 = "Ascend910B1"
N = 64  # elements of each shifted tensor


def _golden(x: np.ndarray, s: int, left: bool, atlas: bool = False) -> np.ndarray:
    """The pages' shift of each element, in Python integers."""
    bits = 8 * x.dtype.itemsize
    signed = x.dtype.kind == "i"
    out = []
    for v in x.tolist():
        if not left:
            r = v >> min(s, bits) if signed else (v >> s if s < bits else 0)
        elif signed:  # the sign bit stays, the bits below it move
            low = (v << s) & ((1 << (bits - 1)) - 1) if s < bits else 0
            keep = v < 0 and (atlas or s < bits)  # (Atlas A2/A3: the width leaves the sign)
            r = low - (1 << (bits - 1)) if keep else low
        else:
            r = (v << s) % (1 << bits) if s < bits else 0
        out.append(r)
    return np.array(out, dtype=x.dtype)


@asc.jit
def shift_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, s: int, t: int):
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 512)
    pipe.init_buffer(bz, 1024)
    xl = bx.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.shift_left(zl, xl, s, N)
    asc.shift_right(zl[N:], xl, t, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 2 * N)


def _run(
    x: np.ndarray, s: int, platform: str = SOC, t: int | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """x << s and x >> t (t: s if not given)."""
    z = np.zeros(2 * N, x.dtype)
    shift_kernel[1](x, z, s, s if t is None else t, platform=platform)
    return z[:N], z[N:]


def _values(dtype, rng) -> np.ndarray:
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max, N, dtype=dtype, endpoint=True)
    x[:4] = [info.min, info.max, 0, 1]
    return x


@pytest.mark.parametrize(
    ("dtype", "counts"),
    [(np.int8, (3, 8, 9)), (np.uint8, (1, 8, 200)), (np.uint64, (0, 5, 32, 35, 63, 64, 70))],
)
def test_8_and_64_bit_count_forms_match_the_pages(dtype, counts):
    x = _values(dtype, np.random.default_rng(10))
    for s in counts:
        left, right = _run(x, s)
        np.testing.assert_array_equal(left, _golden(x, s, True), err_msg=f"<< {s}")
        np.testing.assert_array_equal(right, _golden(x, s, False), err_msg=f">> {s}")


def test_int64_count_form_follows_the_header_composition_where_the_page_agrees():
    # values under 2**33 in magnitude: the 64-bit composition's right shift by 3 and left
    # shift by 40 (a logical one, on 3510) give the page's results for them
    rng = np.random.default_rng(11)
    x = rng.integers(-(2**22), 2**22, N, dtype=np.int64)
    x[:3] = [-1, 0, 2**22 - 1]
    for s in (0, 3, 31, 40, 64):
        left, _ = _run(x, s, t=0)
        np.testing.assert_array_equal(left, _golden(x, s, True), err_msg=f"<< {s}")
    y = rng.integers(-(2**33), 2**33, N, dtype=np.int64)
    for s in (0, 3, 32):
        _, right = _run(y, 0, t=s)
        np.testing.assert_array_equal(right, _golden(y, s, False), err_msg=f">> {s}")


def test_int64_shift_the_header_and_the_page_disagree_on_is_an_error():
    x = np.full(N, 2**32, np.int64)  # the high word 1: its bit 0 is not its sign bit
    with pytest.raises(SimulatorError) as e:
        _run(x, 1)
    text = str(e.value)
    assert "ShiftRight of int64_t on Ascend 950: 4294967296 >> 1" in text
    assert "gives 0" in text and "2147483648" in text and "not established" in text


def test_signed_left_shift_keeps_the_sign_bit_on_both_arches():
    # The ShiftLeft page: 1010101010101010 (int16_t) << 1 = 1101010101010100, << 3 =
    # 1101010101010000. The simulator computed numpy's 0101010101010100 before.
    x = np.full(N, np.uint16(0b1010101010101010).view(np.int16), np.int16)
    for platform in (SOC, A2):
        left, right = _run(x, 1, platform)
        assert left[0].view(np.uint16) == 0b1101010101010100, platform
        assert right[0].view(np.uint16) == 0b1101010101010101, platform
        left, _ = _run(x, 3, platform)
        assert left[0].view(np.uint16) == 0b1101010101010000, platform


def test_a_shift_by_the_width_on_atlas_a2_a3():
    # The pages' range includes the width (0..16 for int16_t): every bit moves out, the
    # sign bit of a signed left shift stays, a negative element shifted right is -1.
    x = _values(np.int16, np.random.default_rng(12))
    left, right = _run(x, 16, A2)
    np.testing.assert_array_equal(left, _golden(x, 16, True, atlas=True))
    np.testing.assert_array_equal(right, _golden(x, 16, False))
    assert set(left.tolist()) == {0, -(2**15)} and set(right.tolist()) == {0, -1}


@pytest.mark.parametrize(
    ("dtype", "platform", "count", "words"),
    [
        (np.int16, A2, 17, "ShiftLeft of int16_t by 17: Atlas A2/A3 takes a count of 0..16"),
        (np.int64, SOC, 33, "ShiftRight of int64_t by 33: the dav_3510 64-bit composition"),
        (np.uint16, SOC, 40000, "ShiftLeft of uint16_t by 40000 (as the int16_t count"),
        (np.int32, SOC, -2, "ShiftLeft of int32_t by -2: a negative count is undefined"),
    ],
)
def test_a_count_out_of_range_at_run_time_is_a_simulator_error(dtype, platform, count, words):
    with pytest.raises(SimulatorError, match=r"valid counts|takes a count") as e:
        _run(np.zeros(N, dtype), count, platform)
    assert words in str(e.value)


@asc.jit
def constant_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    xl = bx.get(x.dtype)
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    asc.data_copy(xl, xg, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.shift_right(xl[N:], xl, 40, N)


def test_a_constant_count_out_of_range_is_refused_at_the_users_line():
    with pytest.raises(CompileError) as e:
        constant_kernel[1](np.zeros(N, np.int64), np.zeros(N, np.int64), platform=SOC)
    text = str(e.value)
    assert "ShiftRight of int64_t by 40" in text and "valid counts are 0..32" in text
    assert "asc.shift_right(xl[N:], xl, 40, N)" in text and "^" in text
    with pytest.raises(CompileError, match=r"takes a count of 0\.\.32"):
        constant_kernel[1](np.zeros(N, np.int32), np.zeros(N, np.int32), platform=A2)
    # uint64: 40 is in range (the composition's unsigned words shift either way)
    constant_kernel[1](np.zeros(N, np.uint64), np.zeros(N, np.uint64), platform=SOC)


def test_8_and_64_bit_shifts_are_refused_off_ascend_950():
    with pytest.raises(CompileError) as e:
        _run(np.zeros(N, np.int64), 1, A2)
    text = str(e.value)
    assert "ShiftLeft does not support element type i64 on Atlas A2/A3" in text
    assert "asc.shift_left(zl, xl, s, N)" in text


# -- And / Or / Not: 3510's dtypes ---------------------------------------------------------


@asc.jit
def bitwise_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 512)
    pipe.init_buffer(by, 512)
    pipe.init_buffer(bz, 2048)
    xl = bx.get(x.dtype)
    yl = by.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, N)
    asc.data_copy(yl, yg, N)
    asc.data_copy(zl, zg, 4 * N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.bitwise_and(zl, xl, yl, N)
    asc.bitwise_or(zl[N:], xl, yl, N)
    asc.bitwise_not(zl[2 * N :], xl, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 4 * N)


def _bits(a: np.ndarray) -> np.ndarray:
    return a.view(f"u{a.dtype.itemsize}")


@pytest.mark.parametrize("dtype", [np.int8, np.uint64, np.float16])
def test_and_or_not_count_forms_take_3510s_dtypes(dtype):
    rng = np.random.default_rng(13)
    raw = rng.integers(0, 2**63, (2, N), dtype=np.uint64)
    x, y = (r.astype(f"u{np.dtype(dtype).itemsize}").view(dtype) for r in raw)
    z = np.full(4 * N, 7, dtype)
    if dtype == np.float16:  # (Not only: And / Or take no float)
        with pytest.raises(CompileError, match="And does not support element type f16"):
            bitwise_kernel[1](x, y, z, platform=SOC)
        return
    bitwise_kernel[1](x, y, z, platform=SOC)
    np.testing.assert_array_equal(_bits(z[:N]), _bits(x) & _bits(y))
    np.testing.assert_array_equal(_bits(z[N : 2 * N]), _bits(x) | _bits(y))
    np.testing.assert_array_equal(_bits(z[2 * N : 3 * N]), ~_bits(x))
    np.testing.assert_array_equal(z[3 * N :], 7)
    with pytest.raises(CompileError, match="on Atlas A2/A3"):
        bitwise_kernel[1](x, y, z, platform=A2)


@asc.jit
def mask_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 512)
    pipe.init_buffer(by, 512)
    pipe.init_buffer(bz, 2048)
    xl = bx.get(x.dtype)
    yl = by.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, N)
    asc.data_copy(yl, yg, N)
    asc.data_copy(zl, zg, 4 * N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    bp = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    up = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.bitwise_and(zl, xl, yl, 40, 1, bp)
    asc.bitwise_or(zl[N:], xl, yl, [0xFFFF_0000_FFFF, 0], 1, bp)
    asc.bitwise_not(zl[2 * N :], xl, 40, 1, up)
    asc.shift_left(zl[3 * N :], xl, 1, 40, 1, up)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 4 * N)


def test_int32_mask_forms_on_3510():
    rng = np.random.default_rng(14)
    x, y = (rng.integers(-(2**31), 2**31, N, dtype=np.int32) for _ in range(2))
    x[0] = -(2**30) - 1  # 0xBFFFFFFF << 1: the sign bit stays set
    z = np.full(4 * N, 7, np.int32)
    mask_kernel[1](x, y, z, platform=SOC)
    want = np.full(4 * N, 7, np.int32)
    on = np.arange(N) < 40
    bit_on = np.array([(0xFFFF_0000_FFFF >> i) & 1 for i in range(N)], bool)
    want[:N][on] = (x & y)[on]
    want[N : 2 * N][bit_on] = (x | y)[bit_on]
    want[2 * N : 3 * N][on] = (~x)[on]
    want[3 * N :][on] = _golden(x, 1, True)[on]
    np.testing.assert_array_equal(z, want)
    assert z[3 * N] == np.int32(-(2**31) + (x[0] << 1 & 0x7FFF_FFFF))
    with pytest.raises(CompileError, match="And does not support element type i32 on Atlas"):
        mask_kernel[1](x, y, z, platform=A2)


@asc.jit
def not_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 512)
    pipe.init_buffer(bz, 1024)
    xl = bx.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.bitwise_not(zl, xl, N)
    asc.bitwise_not(zl[N:], xl, [0xFFFF, 0], 1, asc.UnaryRepeatParams(1, 1, 8, 8))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 2 * N)


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_not_of_half_and_float_inverts_the_bits_on_3510(dtype):
    x = np.linspace(-3, 3, N).astype(dtype)
    z = np.zeros(2 * N, dtype)
    not_kernel[1](x, z, platform=SOC)
    np.testing.assert_array_equal(_bits(z[:N]), ~_bits(x))
    np.testing.assert_array_equal(_bits(z[N : N + 16]), ~_bits(x[:16]))
    np.testing.assert_array_equal(z[N + 16 :], 0)
    with pytest.raises(CompileError, match="Not does not support element type f"):
        not_kernel[1](x, z, platform=A2)


# -- ShiftLeft / ShiftRight by a tensor of counts (Ascend 950) -----------------------------


@asc.jit
def by_tensor_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 512)
    pipe.init_buffer(by, 512)
    pipe.init_buffer(bz, 1024)
    xl = bx.get(x.dtype)
    yl = by.get(y.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, N)
    asc.data_copy(yl, yg, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.shift_left(zl, xl, yl, N)
    asc.shift_right(zl[N:], xl, yl, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 2 * N)


def _golden_each(x, counts, left):
    return np.concatenate(
        [_golden(x[i : i + 1], int(k), left) for i, k in enumerate(counts.tolist())]
    )


@pytest.mark.parametrize(
    ("dtype", "udtype", "top"),
    [(np.int8, np.int8, 10), (np.uint16, np.int16, 18), (np.uint64, np.int64, 70)],
)
def test_shift_by_a_tensor_of_counts_matches_the_pages(dtype, udtype, top):
    rng = np.random.default_rng(15)
    x = _values(dtype, rng)
    n = rng.integers(0, top, N, dtype=udtype)
    z = np.zeros(2 * N, dtype)
    by_tensor_kernel[1](x, n, z, platform=SOC)
    np.testing.assert_array_equal(z[:N], _golden_each(x, n, True))
    np.testing.assert_array_equal(z[N:], _golden_each(x, n, False))


def test_shift_by_a_tensor_int64_and_its_refusals():
    rng = np.random.default_rng(16)
    x = rng.integers(-(2**20), 2**20, N, dtype=np.int64)
    n = rng.integers(0, 33, N, dtype=np.int64)  # ShiftRight of int64: 0..32
    z = np.zeros(2 * N, np.int64)
    by_tensor_kernel[1](x, n, z, platform=SOC)
    np.testing.assert_array_equal(z[:N], _golden_each(x, n, True))
    np.testing.assert_array_equal(z[N:], _golden_each(x, n, False))
    n[5] = 40
    with pytest.raises(SimulatorError) as e:
        by_tensor_kernel[1](x, n, z, platform=SOC)
    assert f"element 5 ({x[5]}) shifted by 40" in str(e.value)
    assert "valid counts are 0..32" in str(e.value)
    n[5] = -1
    with pytest.raises(SimulatorError, match="shifted by -1: a negative count is undefined"):
        by_tensor_kernel[1](np.abs(x).astype(np.uint64), n, z.view(np.uint64), platform=SOC)
    with pytest.raises(CompileError, match="ShiftLeft of i32 takes counts of i32"):
        by_tensor_kernel[1](np.zeros(N, np.int32), np.zeros(N, np.int16), z, platform=SOC)
    with pytest.raises(CompileError, match="ShiftLeft by a tensor of counts exists on Ascend 950"):
        by_tensor_kernel[1](np.zeros(N, np.int16), np.zeros(N, np.int16), z, platform=A2)


@asc.jit
def unread_counts_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 512)
    pipe.init_buffer(by, 512)
    xl = bx.get(x.dtype)
    yl = by.get(x.dtype)
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    asc.data_copy(xl, xg, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.shift_left(xl, xl, yl, N)


def test_shift_by_a_tensor_of_unwritten_counts_is_reported():
    from asc_xdsl.runtime.simulator.uninit import UninitializedReadWarning

    with pytest.warns(UninitializedReadWarning, match="shift_left_tensor_l2.*of src1"):
        unread_counts_kernel[1](np.zeros(N, np.int16), np.zeros(N, np.int16), platform=SOC)
