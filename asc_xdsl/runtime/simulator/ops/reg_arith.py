"""Semantics of `dialects/ascendc/reg_arith.py`'s Reg ops (registers and masks as in
`ops/reg.py`).

* The multiply-adds (Axpy, MulAddDst, MulDstAdd) round once, as the API appendix
  Reg矢量计算接口精度标准汇总 says ("as Fma(x, y, z)"): the float forms compute in
  float64 (a product of two halves or floats is exact there) and round to T; the
  integer forms wrap (Axpy of int64: the header's Muls + Add). MulsCast is, by the same
  table, cast_to_f16<CAST_ROUND>(x * y): the float product (rounded to float), then
  half by CAST_ROUND (nearest, ties away from zero).
* Mull's products are exact (int64 / uint64); AddC / SubC and Add / Sub with a carry
  out compute on the 32-bit patterns as 33-bit sums, SubC as src0 + ~src1 + carry (the
  carry a "no borrow" flag), as the 3510 headers chain them for 64-bit Add and Sub.
  A carry mask enables element i of a b32 mask (bit 4i, as `CreateMask<int32_t>`).
* The shifts, register and scalar forms (`shift_values`), follow the ShiftLeft(s) /
  ShiftRight(s) pages: unsigned logical, signed arithmetic (a left shift keeps the sign
  bit), a shift of more than the width gives 0 (a signed right shift: -1 for a negative
  element); exactly the width the same, as the headers' 64-bit emulation needs; a
  negative shift in an enabled element is undefined on the hardware (the pages) and an
  error here. 64-bit elements: the header builds them from 32-bit shifts of the two
  words; where that composition and the page disagree (large int64 values, int64 right
  shifts past 32) the result is an error, as in the basic API (`shifts.reg64_checked`).
* Every disabled element of a result is 0 (MaskMergeMode::ZEROING).
* The mask-register Select works bit by bit; Interleave / DeInterleave<T> by the
  elements of T; Pack takes the even bits into one half, UnPack spreads one half over
  the even bits, the odd ones 0 (the Pack / UnPack pages); Pack's other half is 0: the
  pages do not say, but dav_3510's complex64 -> complex32 Cast packs its b32 mask in
  place (`MaskPack(preg, preg)`) and stores a 128-element pair with it, which writes
  only the 64 elements it converted if that half is clear.
* The widening sums (Reduce / ReduceDataBlock of 16-bit integers into 32-bit ones) add
  the enabled elements exactly and wrap to 32 bits.
* MoveMask reads the block's vector mask register (`SetVectorMask`'s bits); Load and
  Store are `reg.load_unalign` / `reg.store_unalign`'s semantics.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects.ascendc.reg_types import VEC_LEN, HighLowPart, RegLayout
from asc_xdsl.runtime.simulator.compile import keyed_hooks
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.ops.reg import (
    _BUILDERS,
    _Elem,
    _elem,
    _wrap,
    _zeroed,
    lanes_of,
    mask_of_lanes,
)
from asc_xdsl.runtime.simulator.vmask import LOW64

_builds = keyed_hooks("reg_arith")

MASK_BITS = VEC_LEN  # (one bit per byte of a register)


def _exact(el: _Elem, x: np.ndarray) -> np.ndarray:
    """Register values for one-rounding arithmetic: floats as float64, integers as
    int64 (64-bit ones wrap there, as the hardware's)."""
    return x.astype(np.float64) if el.dtype.kind == "f" else x.astype(np.int64)


def _rounded(el: _Elem, x: np.ndarray) -> np.ndarray:
    return el.fix(x) if el.dtype.kind == "f" else _wrap(el, x)


# -- multiply-adds ------------------------------------------------------------------------

_FUSED = {
    "axpy": lambda acc, src, s: s * src + acc,
    "mul_add_dst": lambda acc, a, b: a * b + acc,
    "mul_dst_add": lambda acc, a, b: acc * a + b,
}


@_builds("axpy", "mul_add_dst", "mul_dst_add")
def _fused(op, comp):
    el = _elem(op.dst.type)
    f = _FUSED[op.SPEC.mnemonic.removeprefix("reg.")]
    acc, x, y, m, r = (comp.slot(v) for v in (*op.operands, op.dst))
    scalar = op.SPEC.mnemonic == "reg.axpy"

    def run(e, c, _op=op):
        third = np.array([el.scalar(e[y])]) if scalar else e[y]
        value = f(_exact(el, e[acc]), _exact(el, e[x]), _exact(el, third))
        e[r] = _zeroed(el, _rounded(el, value), e[m])

    return run


def half_round_away(x: np.ndarray) -> np.ndarray:
    """float64 values rounded to float16, to nearest with ties away from zero
    (CAST_ROUND; numpy's conversion breaks ties to even)."""
    h = x.astype(np.float16)
    d = x - h.astype(np.float64)
    with np.errstate(invalid="ignore"):
        toward = np.nextafter(h, np.where(d > 0, np.float16(np.inf), np.float16(-np.inf)))
        tie = (d != 0) & (np.abs(toward.astype(np.float64) - x) == np.abs(d))
    return np.where(tie & (np.abs(toward) > np.abs(h)), toward, h)


@_builds("muls_cast")
def _muls_cast(op, comp):
    dst, src = _elem(op.dst.type), _elem(op.src.type)
    slots = np.arange(src.lanes) * 2 + int(RegLayout.from_attr(op.properties["layout"]))
    a, s, m, r = (comp.slot(v) for v in (op.src, op.scalar, op.mask, op.dst))

    def run(e, c, _op=op):
        # (the precision appendix: MulsCast(x, y) = cast_to_f16<CAST_ROUND>(x * y), the
        # float product first, unlike Axpy's "as Fma")
        with np.errstate(over="ignore", invalid="ignore"):
            product = e[a].astype(np.float32) * np.float32(src.scalar(e[s]))
        out = np.zeros(dst.lanes, np.float16)
        rounded = half_round_away(product.astype(np.float64))
        out[slots] = np.where(lanes_of(e[m], src.size), rounded, 0)
        e[r] = out

    return run


# -- Mull and the carry chain ----------------------------------------------------------------


@_builds("mull")
def _mull(op, comp):
    el = _elem(op.dst0.type)
    wide = np.int64 if el.dtype.kind == "i" else np.uint64
    a, b, m, lo, hi = (comp.slot(v) for v in (op.src0, op.src1, op.mask, op.dst0, op.dst1))

    def run(e, c, _op=op):
        p = e[a].astype(wide) * e[b].astype(wide)  # (exact: 32 x 32 bits)
        e[lo] = _zeroed(el, p.astype(el.dtype), e[m])  # (the low 32 bits)
        e[hi] = _zeroed(el, (p >> wide(32)).astype(el.dtype), e[m])

    return run


_U32 = np.uint64(0xFFFFFFFF)
_CARRY = {  # mnemonic -> (src1 inverted, the carry in without a carry_src operand)
    "add_c": (False, None),
    "sub_c": (True, None),
    "add_carry": (False, 0),
    "sub_carry": (True, 1),
}


@_builds("add_c", "sub_c", "add_carry", "sub_carry")
def _carry(op, comp):
    el = _elem(op.dst.type)
    invert, fixed = _CARRY[op.SPEC.mnemonic.removeprefix("reg.")]
    a, b, m, r, k = (comp.slot(v) for v in (op.src0, op.src1, op.mask, op.dst, op.carry))
    cin = None if fixed is not None else comp.slot(op.carry_src)

    def run(e, c, _op=op):
        x = e[a].view(np.uint32).astype(np.uint64)
        y = e[b].view(np.uint32).astype(np.uint64)
        if invert:
            y = ~y & _U32
        carry_in = fixed if cin is None else lanes_of(e[cin], 4).astype(np.uint64)
        total = x + y + np.asarray(carry_in, np.uint64)
        on = lanes_of(e[m], 4)
        e[r] = _zeroed(el, (total & _U32).astype(np.uint32).view(el.dtype), e[m])
        e[k] = mask_of_lanes(on & (total >> np.uint64(32) != 0), 4)

    return run


# -- shifts by a register -----------------------------------------------------------------------


def _shifts(op, e, n_slot: int, m_slot: int, el: _Elem) -> np.ndarray:
    """The shift of each element, as uint64; a negative one in an enabled element is an
    error."""
    n, on = e[n_slot].astype(np.int64), lanes_of(e[m_slot], el.step)[: len(e[n_slot])]
    bad = on & (n < 0)
    if bad.any():
        i = int(np.argmax(bad))
        raise SimulatorError(
            f"{op.SPEC.api}: element {i} is shifted by {int(n[i])}: a negative shift is "
            "undefined on the hardware"
        )
    return np.where(n < 0, 0, n).astype(np.uint64)


def shift_values(x: np.ndarray, n: np.ndarray, el: _Elem, left: bool) -> np.ndarray:
    """x shifted by n (uint64, per element or one), as the ShiftLeft(s) / ShiftRight(s)
    pages say: unsigned logical; signed arithmetic, a left shift keeping the sign bit; a
    shift of more than the width 0, a signed right one -1 for a negative x (the pages'
    constraints). A shift of exactly the width is 0 too (sign-filled right): the 3510
    headers' 64-bit ShiftLeft / ShiftLefts / ShiftRight split into 32-bit vshl / vshr
    by s + 32 and 32 - s, which are right only if a 32-bit shift by 32 gives 0, the
    signed vshl of the high word included."""
    bits = 8 * el.size
    top = np.uint64((1 << bits) - 1)
    sign = np.uint64(1 << (bits - 1))
    unsigned_view = np.dtype(f"u{el.size}")
    big = n >= np.uint64(bits)
    k = np.minimum(n, np.uint64(bits - 1))
    if left:
        u = x.view(unsigned_view).astype(np.uint64)
        moved = np.left_shift(u, k) & top
        if el.dtype.kind == "i":  # (arithmetic: the sign bit stays, the bits below it move)
            moved = (u & sign) | (moved & (top >> np.uint64(1)))
        return np.where(big, np.uint64(0), moved).astype(unsigned_view).view(el.dtype)
    if el.dtype.kind == "i":  # (sign-filled: -1 or 0 once every bit is out)
        return (x.astype(np.int64) >> np.minimum(n, np.uint64(63)).astype(np.int64)).astype(
            el.dtype
        )
    return np.where(big, np.uint64(0), x.astype(np.uint64) >> k).astype(el.dtype)


@_builds("shift_left", "shift_right")
def _shift(op, comp):
    el = _elem(op.dst.type)
    left = op.SPEC.mnemonic == "reg.shift_left"
    a, s, m, r = (comp.slot(v) for v in (op.src0, op.src1, op.mask, op.dst))
    from asc_xdsl.runtime.simulator.ops.shifts import reg64_checked

    def run(e, c, _op=op):
        n = _shifts(_op, e, s, m, el)
        got = shift_values(e[a], n, el, left)
        if el.size == 8:  # (the header's word-by-word composition: ops/shifts.py)
            on = lanes_of(e[m], el.step)[: len(got)]
            got = reg64_checked(_op.SPEC.api, e[a], n, got, left, True, on)
        e[r] = _zeroed(el, got, e[m])

    return run


# -- Unsqueeze, MoveMask, Load / Store --------------------------------------------------------


@_builds("unsqueeze")
def _unsqueeze(op, comp):
    el = _elem(op.dst.type)
    m, r = comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        on = lanes_of(e[m], el.size).astype(np.int64)
        counts = np.concatenate(([0], np.cumsum(on)[:-1]))
        e[r] = _wrap(el, counts)

    return run


@_builds("move_mask")
def _move_mask(op, comp):
    size = _elem(op.properties["dtype"]).size
    n = 128 if size == 2 else 64  # (b16: {MASK1, MASK0}; b32: MASK0)
    r = comp.slot(op.mask)

    def run(e, c, _op=op):
        bits = c.vmask.bits if size == 2 else c.vmask.bits & LOW64
        on = np.array([(bits >> i) & 1 for i in range(n)], bool)
        e[r] = mask_of_lanes(on, size)

    return run


@_builds("mask_select")
def _mask_select(op, comp):
    a, b, m, r = (comp.slot(v) for v in (op.src0, op.src1, op.sel, op.dst))

    def run(e, c, _op=op):
        e[r] = np.where(e[m], e[a], e[b])

    return run


@_builds("mask_interleave", "mask_deinterleave")
def _mask_interleave(op, comp):
    size = _elem(op.properties["dtype"]).size
    interleave = op.SPEC.mnemonic == "reg.mask_interleave"
    a, b, r0, r1 = (comp.slot(v) for v in (op.src0, op.src1, op.dst0, op.dst1))

    def run(e, c, _op=op):
        x, y = lanes_of(e[a], size), lanes_of(e[b], size)
        if interleave:
            both = np.empty(2 * len(x), bool)
            both[0::2], both[1::2] = x, y
            first, second = both[: len(x)], both[len(x) :]
        else:
            both = np.concatenate([x, y])
            first, second = both[0::2], both[1::2]
        e[r0], e[r1] = mask_of_lanes(first, size), mask_of_lanes(second, size)

    return run


_HALF = MASK_BITS // 2


@_builds("mask_pack")
def _mask_pack(op, comp):
    upper = HighLowPart.from_attr(op.properties["part"]) is HighLowPart.HIGHEST
    a, r = comp.slot(op.src), comp.slot(op.dst)

    def run(e, c, _op=op):
        out = np.zeros(MASK_BITS, bool)
        out[_HALF * upper : _HALF * (1 + upper)] = e[a][0::2]
        e[r] = out

    return run


@_builds("mask_unpack")
def _mask_unpack(op, comp):
    upper = HighLowPart.from_attr(op.properties["part"]) is HighLowPart.HIGHEST
    a, r = comp.slot(op.src), comp.slot(op.dst)

    def run(e, c, _op=op):
        out = np.zeros(MASK_BITS, bool)
        out[0::2] = e[a][_HALF * upper : _HALF * (1 + upper)]
        e[r] = out

    return run


@_builds("reduce_widening", "reduce_data_block_widening")
def _reduce_widening(op, comp):
    dst, src = _elem(op.dst.type), _elem(op.src.type)
    per = 32 // src.size if op.SPEC.mnemonic.endswith("data_block_widening") else src.lanes
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        on = lanes_of(e[m], src.size)
        sums = np.where(on, e[a].astype(np.int64), 0).reshape(-1, per).sum(axis=1)
        out = np.zeros(dst.lanes, np.int64)
        out[: len(sums)] = sums
        e[r] = _wrap(dst, out)

    return run


@_builds("load")
def _load(op, comp):
    return _BUILDERS["load_unalign"](op, comp, "")


@_builds("store")
def _store(op, comp):
    return _BUILDERS["store_unalign"](op, comp, "")
