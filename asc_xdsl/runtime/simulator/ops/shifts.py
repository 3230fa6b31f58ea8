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

from asc_xdsl.dialects.ascendc.shift_counts import as_type, count_problem
from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.ops.instr import VectorCall, apply, charge
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


def _reg_shift(x: np.ndarray, count: np.ndarray, left: bool) -> np.ndarray:
    """One vshl(s) / vshr(s) by counts >= 0 (uint64: one, or one per element), as the Reg
    layer computes it."""
    from asc_xdsl.runtime.simulator.ops.reg_arith import shift_values

    el = _elem(8 * x.dtype.itemsize, x.dtype.kind == "i")
    return shift_values(x, count, el, left)


def _atlas(x: np.ndarray, count: int, left: bool) -> np.ndarray:
    """vshl / vshr of Atlas A2/A3, count in [0, width]: below the width the pages' shift
    (the Reg layer's); a count of the width moves every bit out (0, -1 for a negative x
    shifted right), but a signed left shift keeps its sign bit."""
    if count >= 8 * x.dtype.itemsize and left and x.dtype.kind == "i":
        return x & x.dtype.type(np.iinfo(x.dtype).min)  # (the sign bit alone)
    return _reg_shift(x, np.uint64(count), left)


def _top64(signed: bool, left: bool, by_register: bool) -> int | None:
    """The largest count the dav_3510 64-bit composition defines (None: any): int64
    ShiftRight shifts its signed high word left by 32 - s, so 32; ShiftL / ShiftR (a
    register of counts) read each count's low word as int32_t, so 2**31 - 1."""
    if signed and not left:
        return 32
    return 2**31 - 1 if by_register else None


def _word(w: np.ndarray, count, signed: bool, left: bool) -> np.ndarray:
    """A 32-bit vshl(s) (left) / vshr(s) of the words `w` (uint32) by `count` (one, or one
    per word), as uint32; a negative count on an unsigned word shifts the other way (the
    callers refuse one on a signed word first)."""
    count = np.asarray(count, np.int64)
    x = w.view(np.int32) if signed else w
    k = np.abs(count).astype(np.uint64)
    if not (count < 0).any():
        return _reg_shift(x, k, left).view(np.uint32)
    assert not signed, "a negative count on a signed word is refused before"
    there, back = _reg_shift(x, k, left), _reg_shift(x, k, not left)
    return np.where(count < 0, back, there).view(np.uint32)


def _compose64(x: np.ndarray, s, left: bool, by_tensor: bool) -> np.ndarray:
    """ShiftLeftsB64Impl / ShiftRightsB64Impl (a scalar count) or the register form's
    ShiftL / ShiftR (`by_tensor`: a count per element) of x (int64 / uint64), word by word.
    Of int64, the high word's shifts are of the signed word (ShiftLeftsB64Impl's
    `32 + s` one of the unsigned word, ShiftL's of the signed one)."""
    signed = x.dtype.kind == "i"
    u = x.view(np.uint64)
    lo, hi = (u & _W).astype(np.uint32), (u >> np.uint64(32)).astype(np.uint32)
    s = np.asarray(s, np.int64)
    if left:
        new_lo = _word(lo, s, False, True) | _word(hi, 32 + s, signed and by_tensor, True)
        new_hi = _word(lo, 32 - s, False, False) | _word(hi, s, signed, True)
    else:
        new_lo = _word(lo, s, False, False) | _word(hi, 32 - s, signed, True)
        new_hi = _word(lo, 32 + s, False, False) | _word(hi, s, signed, False)
    out = (new_hi.astype(np.uint64) << np.uint64(32)) | new_lo.astype(np.uint64)
    return out.view(x.dtype)


def _agreeing(
    api: str, x: np.ndarray, s, page: np.ndarray, left: bool, by_tensor: bool = False
) -> np.ndarray:
    """`page` where the 64-bit composition gives the same; an error where it does not."""
    composed = _compose64(x, s, left, by_tensor)
    differ = composed != page
    if differ.any():
        i = int(np.argmax(differ))
        k = int(np.broadcast_to(s, x.shape)[i])
        op = "<<" if left else ">>"
        impl = f"Shift{'L' if left else 'R'}" if by_tensor else f"{api}sB64Impl"
        raise SimulatorError(
            f"{api} of {x.dtype}_t on Ascend 950: {x[i]} {op} {k}: the dav_3510 64-bit "
            f"composition ({impl}: 32-bit vshl / vshr of the two words, a signed word's "
            "left shift keeping its sign bit as the Reg ShiftLefts page says) gives "
            f"{composed[i]}, the {api} page's arithmetic shift {page[i]}: the hardware's "
            "result is not established"
        )
    return page


def reg64_checked(
    api: str,
    x: np.ndarray,
    k: np.ndarray,
    page: np.ndarray,
    left: bool,
    by_register: bool,
    enabled: np.ndarray,
) -> np.ndarray:
    """The Reg layer's 64-bit ShiftLeft(s) / ShiftRight(s): `page` (the pages' shift of x
    by the counts k, uint64) where the header's composition for it (ShiftLeftsB64Impl /
    ShiftRightsB64Impl for a scalar, ShiftL / ShiftR for a register of counts: the same
    code the basic API runs) gives the same in every enabled element, else the basic
    API's error: both layers say the same of the same instruction sequence."""
    if not enabled.any():
        return page
    xs, ks = x[enabled], np.broadcast_to(k, x.shape)[enabled].astype(np.int64)
    top = _top64(x.dtype.kind == "i", left, by_register)
    if top is not None and (ks > top).any():
        i = int(np.argmax(ks > top))
        raise SimulatorError(
            f"{api} of {x.dtype}_t on Ascend 950: {xs[i]} shifted by {ks[i]}: out of the "
            f"counts the dav_3510 64-bit composition defines; valid counts are 0..{top}"
        )
    _agreeing(api, xs, ks, page[enabled], left, by_register)
    return page


def _950(api: str, left: bool) -> Callable[[np.ndarray, int], np.ndarray]:
    def fn(x: np.ndarray, count: int) -> np.ndarray:
        page = _reg_shift(x, np.uint64(count), left)
        return page if x.dtype.itemsize != 8 else _agreeing(api, x, count, page, left)

    return fn


class RoundEnWarning(UserWarning):
    """ShiftRight's roundEn = true of an unsigned type: it has no effect (the header's
    KERNEL_WARN says so)."""


def rounded_right(x: np.ndarray, count: int) -> np.ndarray:
    """ShiftRight with roundEn of a signed x (Atlas A2/A3): the arithmetic shift, plus 1
    where bit count-1 of x is 1 (the ShiftRight page's roundEn row: 17 >> 5 gives 1). A
    count of 0 has no bit count-1: nothing is added (x itself). The count of the type's
    width shifts as `_atlas` does (all sign bits) and adds the sign bit: 0 for every x.
    The result never overflows: a count >= 1 halves x first."""
    shifted = _atlas(x, count, False)
    if count == 0:
        return shifted
    wide = x.astype(np.int64)
    carry = (wide >> np.int64(count - 1)) & np.int64(1)
    return (shifted.astype(np.int64) + carry).astype(x.dtype)


def scalar_shift(
    api: str, dtype: np.dtype, platform: str, round_en: bool = False
) -> Callable[[np.ndarray, int], np.ndarray]:
    """fn(x, scalar): x shifted by the op's scalar operand (any integer: converted to the
    element type, then as the arch takes it), or a SimulatorError for a count out of
    range. `round_en`: ShiftRight's roundEn (its mask forms): rounds a signed x
    (`rounded_right`); of an unsigned one it has no effect (the header's KERNEL_WARN); on
    Ascend 950 a SimulatorError (the page: only false)."""
    arch = arch_of(platform)
    left = api == "ShiftLeft"
    bits, signed = 8 * dtype.itemsize, dtype.kind == "i"
    compute = _950(api, left) if arch == 3510 else (lambda x, k: _atlas(x, k, left))
    if round_en and arch == 3510:
        raise SimulatorError(
            f"ShiftRight of {dtype}_t with roundEn = true on Ascend 950: not supported (the "
            "ShiftRight page: only false; the dav_3510 header ignores it)"
        )
    if round_en and signed:
        compute = rounded_right

    def fn(x: np.ndarray, scalar: int) -> np.ndarray:
        count, problem = count_problem(api, arch, bits, signed, as_type(int(scalar), bits, signed))
        if problem is not None:
            raise SimulatorError(problem)
        return compute(x, count)

    return fn


_LOW32 = np.uint64(0xFFFF_FFFF)


def _tensor_counts(api: str, x: np.ndarray, n: np.ndarray, left: bool) -> np.ndarray:
    """The counts of ShiftLeft / ShiftRight by a tensor, as int64, or an error naming the
    first element whose count the hardware's result is not established for."""
    k = n.astype(np.int64)
    bits = 8 * x.dtype.itemsize
    top = _top64(x.dtype.kind == "i", left, True) if bits == 64 else None
    bad = (k < 0) | (k > top) if top is not None else k < 0
    if bad.any():
        i = int(np.argmax(bad))
        valid = f"0..{top}" if top is not None else "counts >= 0"
        why = (
            "a negative count is undefined (the Reg " + api + " page)"
            if k[i] < 0
            else "out of the counts the dav_3510 64-bit composition (Shift"
            + ("L" if left else "R")
            + ") defines"
        )
        raise SimulatorError(
            f"{api} of {x.dtype}_t by a tensor on Ascend 950: element {i} ({x[i]}) shifted by "
            f"{k[i]}: {why}; valid counts are {valid}"
        )
    return k


def by_tensor(api: str) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """fn(x, n): x shifted by the counts n element by element (ShiftLeft / ShiftRight by a
    tensor, Ascend 950: the Reg ShiftLeft / ShiftRight of each register, as the Reg layer
    computes it; 64-bit elements through the header's composition, as the scalar form)."""
    left = api == "ShiftLeft"

    def fn(x: np.ndarray, n: np.ndarray) -> np.ndarray:
        k = _tensor_counts(api, x, n, left)
        page = _reg_shift(x, k.astype(np.uint64), left)
        return page if x.dtype.itemsize != 8 else _agreeing(api, x, k, page, left, True)

    return fn


@sim_hook("shift_tensor")
def _shift_tensor(op, comp, key: str):
    """ShiftLeft / ShiftRight(dst, src0, src1, count) (Ascend 950): the count form over
    the first `count` elements."""
    from asc_xdsl.runtime.simulator.ops.elementwise import _strides

    dt = np_dtype(op.dst.type.element_type)
    fn = by_tensor(op.SPEC.api)
    call = VectorCall(op, comp)
    d, a, b = comp.slot(op.dst), comp.slot(op.src0), comp.slot(op.src1)
    erep = 256 // dt.itemsize

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        ds, (s0, s1) = _strides(None, 2)
        apply(ln, e[d], ds, [(e[a], s0, "src0"), (e[b], s1, "src1")], fn)
        charge(c, ln)

    return run
