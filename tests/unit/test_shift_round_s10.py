"""Session 10: ShiftRight's `roundEn` (the basic API's mask forms' last argument,
`asc.shift_right(dst, src, s, mask, repeat_times, params, round_en=...)`).

- Atlas A2/A3, int16 / int32: the arithmetic shift plus 1 where bit s-1 of the source is
  1 (the ShiftRight page's roundEn row), checked against numpy's round-half-up
  (x + 2**(s-1)) >> s in int64; a shift by 0 adds nothing (there is no bit -1).
- uint16 / uint32: no effect, with a warning (the header's KERNEL_WARN).
- Ascend 950 takes only false: a constant true is refused at the user's line, a run-time
  one by the simulator.
- The keyword is keyword-only: pyasc's positional `is_set_mask` keeps its place.
The emitted C++ is header-checked through tests/filecheck/ascend950/shift_round_s10.mlir.
"""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.ops.shifts import RoundEnWarning

A2 = "Ascend910B1"
SOC = "Ascend950PR_9599"


@asc.jit
def round_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, s: int, r: bool, n: int):
    """z[:n] = x >> s with roundEn r (a continuous mask); z[n:2n] the same with a
    constant true (a bit mask, both words set); z[2n:] without roundEn."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 256)
    pipe.init_buffer(bz, 768)
    xl = bx.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.shift_right(zl, xl, s, n, 1, params, round_en=r)
    full = 2**64 - 1
    asc.shift_right(zl[n:], xl, s, [full, full], 1, params, round_en=True)
    asc.shift_right(zl[2 * n :], xl, s, n, 1, params, True)  # (pyasc's is_set_mask)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 3 * n)


def _run(x: np.ndarray, s: int, r: bool, platform: str = A2) -> np.ndarray:
    n = x.size
    z = np.zeros(3 * n, x.dtype)
    round_kernel[1](x, z, s, r, n, platform=platform)
    return z.reshape(3, n)


def _rounded(x: np.ndarray, s: int) -> np.ndarray:
    if s == 0:
        return x.copy()
    return ((x.astype(np.int64) + (1 << (s - 1))) >> s).astype(x.dtype)


def _values(dtype) -> np.ndarray:
    """One repeat's elements: the type's min / max, -1, 0, 1, the page's 17, values with
    bit s-1 set and clear for small s, and random ones."""
    info = np.iinfo(dtype)
    n = 256 // np.dtype(dtype).itemsize
    x = np.random.default_rng(10).integers(info.min, info.max, n, dtype=dtype, endpoint=True)
    x[:12] = [info.min, info.max, -1, 0, 1, 17, -17, 16, -16, 3, -3, info.min + 1]
    return x


@pytest.mark.parametrize(
    ("dtype", "counts"), [(np.int16, (0, 1, 5, 15, 16)), (np.int32, (1, 5, 31, 32))]
)
def test_round_en_rounds_signed_shifts_as_the_page_says(dtype, counts):
    x = _values(dtype)
    for s in counts:
        on, const_on, plain = _run(x, s, True)
        np.testing.assert_array_equal(on, _rounded(x, s), err_msg=f">> {s}")
        np.testing.assert_array_equal(const_on, on, err_msg=f">> {s} (bit mask)")
        np.testing.assert_array_equal(plain, x >> min(s, x.dtype.itemsize * 8 - 1))
    assert _run(x, 5, True)[0][5] == 1  # the page's example: 17 >> 5 rounds to 1
    off, _, plain = _run(x, 5, False)
    np.testing.assert_array_equal(off, plain)


def test_round_en_has_no_effect_on_unsigned_types_and_warns():
    x = np.arange(64, dtype=np.uint32) * np.uint32(0x0101_0101)
    with pytest.warns(RoundEnWarning, match="uint32_t: roundEn does not take effect"):
        on, const_on, plain = _run(x, 3, True)
    np.testing.assert_array_equal(on, x >> 3)
    np.testing.assert_array_equal(const_on, x >> 3)
    np.testing.assert_array_equal(plain, x >> 3)


def test_round_en_true_on_ascend_950_is_an_error():
    x = np.zeros(128, np.int16)
    with pytest.raises(CompileError) as e:  # the constant true of the bit-mask call
        _run(x, 1, False, SOC)
    text = str(e.value)
    assert "roundEn = true is not supported on Ascend 950" in text
    assert "round_en=True)" in text and "^" in text


@asc.jit
def runtime_950_kernel(x: asc.GlobalAddress, r: bool):
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 512)
    xl = bx.get(x.dtype)
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.duplicate(xl, 7, 128)
    asc.shift_right(xl[128:], xl, 1, 128, 1, params, round_en=r)


def test_round_en_at_run_time_on_ascend_950():
    runtime_950_kernel[1](np.zeros(256, np.int16), False, platform=SOC)
    with pytest.raises(SimulatorError, match="roundEn = true on Ascend 950: not supported"):
        runtime_950_kernel[1](np.zeros(256, np.int16), True, platform=SOC)


def test_round_en_is_keyword_only_and_not_taken_by_the_count_form():
    @asc.jit
    def count_kernel(x: asc.GlobalAddress):
        pipe = asc.TPipe()
        bx = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(bx, 512)
        xl = bx.get(x.dtype)
        asc.shift_right(xl[128:], xl, 1, 128, round_en=True)

    with pytest.raises(CompileError) as e:
        count_kernel[1](np.zeros(256, np.int16), platform=A2)
    assert "repeat_params, is_set_mask=True, *, round_en=None)" in str(e.value)
