"""Semantics of `dialects/ascendc/reg_relayout.py`'s Reg ops (registers and masks as in
`ops/reg.py`: numpy arrays of one register's elements, 256-bit masks).

* Interleave / DeInterleave zip and unzip two registers; the register Gather reads
  `src[index % lanes]`; Squeeze packs the enabled elements to the front.
* Histograms adds the counts of the enabled uint8 values of its bin to uint16 counters
  (wrapping, as the hardware's 16-bit counters do).
* Squeeze<STORE_REG> hands its kept bytes to AR (`c.regs`); the AR-form StoreUnAlign
  that must follow writes them at its address + AR and advances AR, holding the bytes
  past the last 32-byte boundary in its UnalignRegForStore until the next store or
  StoreUnAlignPost (a stream without the Post leaves its tail unwritten, as on the
  hardware). A StoreUnAlign without AR cleared or without a Squeeze before it, and a
  second Squeeze<STORE_REG> before the first one's store, fail (the two alternate).
* Exp with an ExpSpecificMode: PRECISION_1ULP_FTZ_FALSE keeps subnormal results, the
  others (the default INTRINSIC too) flush them to zero.
* Sqrt, Ln, Log, Log2, Log10 with their SpecificMode (and without: INTRINSIC): the
  `*_FTZ_FALSE` algos (Sqrt's precisionMode too) keep subnormal inputs, the others
  flush them to zero first (`unary_math`); each is modelled correctly rounded
  (computed in float64).
* Div with a DivSpecificMode: the `*_FTZ_FALSE` algorithms are IEEE division with
  subnormals kept; the others flush subnormal inputs and results to signed zero and
  give the all-ones-mantissa NaN (0x7FFFFFFF for float, 0x7FFF for half), as the Div
  page's subnormal table shows. Every algorithm is modelled correctly rounded (within
  the documented 0 or 1 ulp). Integer division is C's (toward zero; x / 0 is 0 here).
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects.ascendc.reg_types import (
    DivAlgo,
    ExpAlgo,
    GatherMaskMode,
    HistogramsBinType,
    HistogramsType,
)
from asc_xdsl.runtime.simulator.compile import keyed_hooks, simulates_float4
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.ops.reg import (
    ALIGN,
    _complex_div,
    _elem,
    _int_div,
    _ub,
    _zeroed,
    lanes_of,
)

_builds = keyed_hooks("reg_relayout")
simulates_float4(
    "Interleave / DeInterleave and Gather of a register (bytes, pairs)",
    *(f"ascendc.reg.{m}" for m in ("interleave", "deinterleave", "gather_reg")),
)


@_builds("interleave")
def _interleave(op, comp):
    el = _elem(op.dst0.type)
    a, b, r0, r1 = (comp.slot(v) for v in (op.src0, op.src1, op.dst0, op.dst1))

    def run(e, c, _op=op):
        both = np.empty(2 * el.lanes, el.dtype)
        both[0::2], both[1::2] = e[a], e[b]
        e[r0], e[r1] = both[: el.lanes].copy(), both[el.lanes :].copy()

    return run


@_builds("deinterleave")
def _deinterleave(op, comp):
    a, b, r0, r1 = (comp.slot(v) for v in (op.src0, op.src1, op.dst0, op.dst1))

    def run(e, c, _op=op):
        both = np.concatenate([e[a], e[b]])
        e[r0], e[r1] = both[0::2].copy(), both[1::2].copy()

    return run


@_builds("gather_reg")
def _gather_reg(op, comp):
    el = _elem(op.dst.type)
    s, i, r = comp.slot(op.src), comp.slot(op.index), comp.slot(op.dst)

    def run(e, c, _op=op):
        # (an index past the register wraps: the Gather page's i % (VL / sizeof(T)))
        e[r] = e[s][e[i].astype(np.int64) % el.lanes]

    return run


@_builds("squeeze")
def _squeeze(op, comp):
    el = _elem(op.dst.type)
    to_ar = GatherMaskMode.from_attr(op.properties["store"]) is GatherMaskMode.STORE_REG
    s, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        kept = e[s][lanes_of(e[m], el.size)]
        out = np.zeros(el.lanes, el.dtype)
        out[: len(kept)] = kept
        e[r] = out
        if to_ar:  # (for the next StoreUnAlign's AR form)
            if AR_COUNT in c.regs:
                raise SimulatorError(
                    "Squeeze<STORE_REG>: the last one's bytes were not stored yet (a "
                    "StoreUnAlign of the AR form must come between: they alternate)"
                )
            c.regs[AR_COUNT] = len(kept) * el.size

    return run


@_builds("histograms")
def _histograms(op, comp):
    dst, src = _elem(op.dst.type), _elem(op.src.type)
    low = 128 * int(HistogramsBinType.from_attr(op.properties["bin"]))
    running = HistogramsType.from_attr(op.properties["histType"]) is HistogramsType.ACCUMULATE
    acc, s, m, r = (comp.slot(v) for v in (op.acc, op.src, op.mask, op.dst))

    def run(e, c, _op=op):
        values = e[s][lanes_of(e[m], src.size)].astype(np.int64) - low
        values = values[(values >= 0) & (values < dst.lanes)]
        counts = np.bincount(values, minlength=dst.lanes)
        if running:
            counts = np.cumsum(counts)
        e[r] = (e[acc].astype(np.int64) + counts).astype(dst.dtype)  # (wraps at 2^16)

    return run


_KEEPS_SUBNORMALS = (DivAlgo.PRECISION_0ULP_FTZ_FALSE, DivAlgo.PRECISION_1ULP_FTZ_FALSE)
_NAN_BITS = {
    np.dtype(np.float32): (np.uint32, 0x7FFFFFFF),
    np.dtype(np.float16): (np.uint16, 0x7FFF),
}


def _flush(x: np.ndarray) -> np.ndarray:
    """Subnormals to zero of the same sign."""
    tiny = np.finfo(x.dtype).smallest_normal
    return np.where((np.abs(x) < tiny) & (x != 0), np.copysign(np.zeros_like(x), x), x)


def divide(a: np.ndarray, b: np.ndarray, algo: DivAlgo) -> np.ndarray:
    """Div by `algo`, elementwise (floats: see the module docstring)."""
    if a.dtype.kind in "iu":
        return _int_div(a, b).astype(a.dtype)
    if algo in _KEEPS_SUBNORMALS:
        with np.errstate(divide="ignore", invalid="ignore"):
            return a / b
    with np.errstate(divide="ignore", invalid="ignore"):
        q = _flush(_flush(a) / _flush(b))
    bits, nan = _NAN_BITS[q.dtype]
    return np.where(np.isnan(q), np.array(nan, bits).view(q.dtype), q)


def exponential(x: np.ndarray, algo: ExpAlgo) -> np.ndarray:
    """Exp by `algo` (f16 computed in f32, rounded once); the FTZ algos flush subnormal
    inputs and results to zero."""
    keep = algo is ExpAlgo.PRECISION_1ULP_FTZ_FALSE
    with np.errstate(over="ignore", under="ignore"):
        y = np.exp((x if keep else _flush(x)).astype(np.float32)).astype(x.dtype)
    return y if keep else _flush(y)


@_builds("exp_mode")
def _exp_mode(op, comp):
    el = _elem(op.dst.type)
    algo = ExpAlgo.from_attr(op.properties["algo"])
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        e[r] = _zeroed(el, exponential(e[a], algo), e[m])

    return run


_MATH = {"sqrt": np.sqrt, "ln": np.log, "log": np.log, "log2": np.log2, "log10": np.log10}
_KEEP_ALGOS = {"PRECISION_0ULP_FTZ_FALSE", "PRECISION_1ULP_FTZ_FALSE"}


def unary_math(fn: str, x: np.ndarray, keep: bool) -> np.ndarray:
    """Sqrt, Ln, Log, Log2, Log10 of float `x` (computed in float64, rounded once).
    `keep` (a `*_FTZ_FALSE` algo, Sqrt's precisionMode): subnormal inputs as they are;
    otherwise (INTRINSIC, the default) flushed to zero of the same sign first, as the
    plain instruction does (the 3510 implementation of the FTZ_FALSE algos scales
    subnormal inputs into the normal range around it), and subnormal results too."""
    with np.errstate(divide="ignore", invalid="ignore", under="ignore"):
        y = _MATH[fn]((x if keep else _flush(x)).astype(np.float64)).astype(x.dtype)
    return y if keep else _flush(y)


@_builds("unary_mode")
def _unary_mode(op, comp):
    el = _elem(op.dst.type)
    fn = op.SPEC.mnemonic.removeprefix("reg.").removesuffix("_mode")
    algo = op.SPEC.props[0].enum.from_attr(op.properties["algo"])  # (the op's algo enum)
    keep = algo.name in _KEEP_ALGOS or "precisionMode" in op.properties
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        e[r] = _zeroed(el, unary_math(fn, e[a], keep), e[m])

    return run


@_builds("div_mode")
def _div_mode(op, comp):
    el = _elem(op.dst.type)
    algo = DivAlgo.from_attr(op.properties["algo"])
    a, b, m, r = (comp.slot(v) for v in (op.src0, op.src1, op.mask, op.dst))
    if el.part is not None:  # complex: reg.div's quotient, its part divisions by algo

        def part_div(x, y):
            return divide(x, y, algo)

        def run_complex(e, c, _op=op):
            on = lanes_of(e[m], el.step)[: el.lanes]
            e[r] = el.fix(_complex_div(el, e[a], e[b], on, part_div))

        return run_complex

    def run(e, c, _op=op):
        e[r] = _zeroed(el, divide(e[a], e[b], algo), e[m])

    return run


# -- the AR register and the unaligned-store stream -------------------------------------

AR, AR_COUNT = "AR", "AR_COUNT"  # (c.regs keys: AR's offset; the bytes Squeeze handed it)


class UnalignStore:
    """An `UnalignRegForStore`: the bytes of a store stream past its last 32-byte
    boundary (at UB address `address`), not yet in UB."""

    __slots__ = ("address", "tail")

    def __init__(self):
        self.address = 0
        self.tail = b""


def _put(c, address: int, data: bytes, what: str) -> None:
    if not data:
        return
    # (a write: the race checker records it as one, `_ub`'s last argument)
    np.asarray(_ub(c, address, len(data), what, True))[:] = np.frombuffer(data, np.uint8)
    if c.uninit is not None:
        np.frombuffer(c.ubw, np.uint8)[address : address + len(data)] = 1


@_builds("clear_spr")
def _clear_spr(op, comp):
    def run(e, c, _op=op):
        c.regs[AR] = 0
        c.regs.pop(AR_COUNT, None)

    return run


@_builds("unalign_reg_for_store")
def _unalign_reg(op, comp):
    r = comp.slot(op.ureg)

    def run(e, c, _op=op):
        e[r] = UnalignStore()

    return run


@_builds("store_unalign_ar")
def _store_unalign_ar(op, comp):
    el = _elem(op.src.type)
    p, off, s, u = (comp.slot(v) for v in (op.ptr, op.offset, op.src, op.ureg))
    what = "StoreUnAlign (AR form)"

    def run(e, c, _op=op):
        if AR not in c.regs:
            raise SimulatorError(f"{what}: AR is not set; ClearSpr<AR>() first")
        count = c.regs.pop(AR_COUNT, None)
        if count is None:
            raise SimulatorError(
                f"{what}: no Squeeze<STORE_REG> since the last one (they alternate)"
            )
        start = int(e[p]) + int(e[off]) * el.size + c.regs[AR]
        data = e[s].tobytes()[:count]
        ureg = e[u]
        if ureg.tail and ureg.address + len(ureg.tail) == start:
            start, data = ureg.address, ureg.tail + data  # (the stream continues)
        elif ureg.tail:
            _put(c, ureg.address, ureg.tail, what)  # (a jump: what was held first)
        end = start + len(data)
        keep = end - max(start, end - end % ALIGN)  # the bytes past the last boundary
        _put(c, start, data[: len(data) - keep], what)
        ureg.address, ureg.tail = end - keep, data[len(data) - keep :]
        c.regs[AR] += count

    return run


@_builds("store_unalign_post_ar")
def _store_unalign_post_ar(op, comp):
    u = comp.slot(op.ureg)

    def run(e, c, _op=op):
        ureg = e[u]
        _put(c, ureg.address, ureg.tail, "StoreUnAlignPost (AR form)")
        ureg.tail = b""

    return run
