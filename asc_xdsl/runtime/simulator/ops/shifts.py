"""The basic API's ShiftLeft / ShiftRight by a scalar, per arch (every form: the elements
come from `elementwise.tensor_scalar`'s lanes).

Both arches: unsigned elements shift logically; signed ones arithmetically, a left shift
keeping the sign bit (the ShiftLeft page, for every product it lists:
1010101010101010 << 1 = 1101010101010100 for int16_t, not numpy's 0101010101010100),
a right shift copying it. Which counts are valid: `dialects/ascendc/shift_counts.py`; an
invalid one is an error naming the op, the value and the range.

- Atlas A2/A3 (dav-2201): one vshl / vshr. A count of the width (the pages' range
  includes it) moves every bit out: 0, -1 for a negative element shifted right, and the
  sign bit alone for a signed left shift (the page's arithmetic left shift drops the bit
  below the sign at each step and keeps the sign).
- Ascend 950 (dav-3510): Reg::ShiftLefts / ShiftRights. 8-, 16- and 32-bit elements are
  one vshls / vshrs, computed as the Reg layer computes them (`reg_arith.shift_values`,
  so the two layers agree). 64-bit elements follow the header's composition
  (`kernel_reg_compute_vec_binary_scalar_impl.h` ShiftLeftsB64Impl / ShiftRightsB64Impl)
  word by word: each 32-bit vshls / vshrs as the Reg layer computes it, a negative count
  on an unsigned word shifting the other way (the headers' own uint64_t shifts by 32
  ... 63 in dav_3510/kernel_operator_vec_vconv_impl.h, Clz and the double -> float
  Casts, give the right 64-bit result only so); a negative count on a signed word is
  undefined, so int64_t ShiftRight takes 0..32 (`shift_counts`). The composition's
  result is then compared with the page's 64-bit shift: where they differ (int64_t: the
  composition's left shift by 32 or more is logical, the page's keeps the sign bit; its
  right shift by 1 ... 31 ORs in the high word shifted left as int32_t, which keeps
  that word's sign bit in bit 31) the hardware's result is not established, and the
  simulator says so instead of picking one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np
from xdsl.dialects.builtin import IntegerType, Signedness

from asc_xdsl.dialects.ascendc.shift_counts import as_int16, as_type, count_problem
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.soc import get_soc

_W = np.uint64(0xFFFF_FFFF)


@cache
def arch_of(platform: str) -> int:
    return get_soc(platform).npu_arch


@cache
def _elem(bits: int, signed: bool):
    from asc_xdsl.runtime.simulator.ops.reg import _Elem

    sign = Signedness.SIGNLESS if signed else Signedness.UNSIGNED
    return _Elem(IntegerType(bits, sign))


def _reg_shift(x: np.ndarray, count: int, left: bool) -> np.ndarray:
    """One vshls / vshrs of a count >= 0, as the Reg layer computes it."""
    from asc_xdsl.runtime.simulator.ops.reg_arith import shift_values

    el = _elem(8 * x.dtype.itemsize, x.dtype.kind == "i")
    return shift_values(x, np.uint64(count), el, left)


def _atlas(x: np.ndarray, count: int, left: bool) -> np.ndarray:
    """vshl / vshr of Atlas A2/A3, count in [0, width]."""
    bits = 8 * x.dtype.itemsize
    signed = x.dtype.kind == "i"
    u = x.view(f"u{x.dtype.itemsize}").astype(np.uint64)
    top = np.uint64((1 << bits) - 1)
    k = np.uint64(min(count, bits - 1))
    if not left:
        if signed:
            return np.right_shift(x, x.dtype.type(k))
        return np.zeros_like(x) if count >= bits else np.right_shift(x, x.dtype.type(count))
    moved = np.zeros_like(u) if count >= bits else np.left_shift(u, np.uint64(count)) & top
    if signed:  # (the sign bit stays, the bits below it move)
        sign = np.uint64(1 << (bits - 1))
        moved = (u & sign) | (moved & (top >> np.uint64(1)))
    return moved.astype(f"u{x.dtype.itemsize}").view(x.dtype)


def _word(w: np.ndarray, count: int, signed: bool, left: bool) -> np.ndarray:
    """A 32-bit vshls (left) / vshrs of the words `w` (uint32) by an int16_t count, as
    uint32; a negative count on an unsigned word shifts the other way."""
    count = as_int16(count)
    if count < 0:
        assert not signed, "shift_counts refuses a negative count on a signed word"
        count, left = -count, not left
    x = w.view(np.int32) if signed else w
    return _reg_shift(x, count, left).view(np.uint32)


def _compose64(x: np.ndarray, s: int, left: bool) -> np.ndarray:
    """ShiftLeftsB64Impl / ShiftRightsB64Impl of x (int64 / uint64) by s, word by word."""
    signed = x.dtype.kind == "i"
    u = x.view(np.uint64)
    lo, hi = (u & _W).astype(np.uint32), (u >> np.uint64(32)).astype(np.uint32)
    if left:
        new_lo = _word(lo, s, False, True) | _word(hi, 32 + s, False, True)
        new_hi = _word(lo, 32 - s, False, False) | _word(hi, s, signed, True)
    else:
        new_lo = _word(lo, s, False, False) | _word(hi, 32 - s, signed, True)
        new_hi = _word(lo, 32 + s, False, False) | _word(hi, s, signed, False)
    out = (new_hi.astype(np.uint64) << np.uint64(32)) | new_lo.astype(np.uint64)
    return out.view(x.dtype)


def _950(api: str, left: bool) -> Callable[[np.ndarray, int], np.ndarray]:
    def fn(x: np.ndarray, count: int) -> np.ndarray:
        page = _reg_shift(x, count, left)
        if x.dtype.itemsize != 8:
            return page
        composed = _compose64(x, count, left)
        differ = composed != page
        if differ.any():
            i = int(np.argmax(differ))
            op = "<<" if left else ">>"
            raise SimulatorError(
                f"{api} of {x.dtype}_t on Ascend 950: {x[i]} {op} {count}: the dav_3510 "
                f"64-bit composition ({api}sB64Impl: 32-bit vshls / vshrs of the two words, "
                f"a signed word's left shift keeping its sign bit as the Reg ShiftLefts page "
                f"says) gives {composed[i]}, the {api} page's arithmetic shift {page[i]}: "
                "the hardware's result is not established"
            )
        return page

    return fn


def scalar_shift(
    api: str, dtype: np.dtype, platform: str
) -> Callable[[np.ndarray, int], np.ndarray]:
    """fn(x, scalar): x shifted by the op's scalar operand (any integer: converted to the
    element type, then as the arch takes it), or a SimulatorError for a count out of
    range."""
    arch = arch_of(platform)
    left = api == "ShiftLeft"
    bits, signed = 8 * dtype.itemsize, dtype.kind == "i"
    compute = _950(api, left) if arch == 3510 else (lambda x, k: _atlas(x, k, left))

    def fn(x: np.ndarray, scalar: int) -> np.ndarray:
        count, problem = count_problem(api, arch, bits, signed, as_type(int(scalar), bits, signed))
        if problem is not None:
            raise SimulatorError(problem)
        return compute(x, count)

    return fn
