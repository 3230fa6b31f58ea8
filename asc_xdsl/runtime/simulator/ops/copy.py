"""DataCopy and DataCopyPad (docs/ascendc_semantics.md section 2), as byte copies.

* Count form `DataCopy(dst, src, count)`: one burst of count*sizeof(T) bytes. On
  hardware a tail that is not a multiple of 32 bytes is silently dropped; the simulator
  raises an error instead (as CPU debug asserts), or drops it like hardware with the
  launch option `copy_tail="drop"` (or gm_overread="pad", which warns).
* `DataCopyParams{blockCount, blockLen, srcGap, dstGap}`: all in 32-byte units; burst k
  reads `src + k(blockLen+srcGap)*32` and writes `dst + k(blockLen+dstGap)*32`.
* DataCopyPad GM->local (`DataCopyParams` or `DataCopyExtParams` with the pad struct):
  blockLen and srcStride in bytes, dstStride in 32-byte blocks; each burst fills
  RoundUp(left*s + blockLen + right*s, 32) bytes of the destination, the pads with
  the MOV_PAD register: isPad writes paddingValue's bits there first; `SetPadValue<T,
  pos>` writes T's bits of its value (pos is not used on Atlas A2/A3, as the headers
  show); never set, it reads 0 (the docs' "random" filler made deterministic,
  *decision*); the alignment filler after the right pad is left untouched.
* DataCopyPad local->GM: blockLen in bytes, srcStride in 32-byte blocks (local),
  dstStride in bytes (GM); exactly blockLen bytes per burst reach GM.

Strided forms are numpy `as_strided` views over the byte buffers: one assignment per
copy, never a loop over bursts.
"""

from __future__ import annotations

import textwrap

import numpy as np
from numpy.lib.stride_tricks import as_strided

from asc_xdsl.dialects.ascendc.types import LocalTensorType
from asc_xdsl.runtime.simulator import float4, memory
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.ops import handles_spec
from asc_xdsl.runtime.simulator.ops.atomic import put
from asc_xdsl.runtime.simulator.ops.framework import Struct
from asc_xdsl.runtime.simulator.profile import (
    DIRECTIONS,
    DMA_LATENCY,
    I_FIX,
    I_MTE1,
    I_MTE2,
    I_MTE3,
    I_V,
    charge_dma,
    dma_slots,
)

_D = {d: i for i, d in enumerate(DIRECTIONS)}
# (dst memory, src memory) -> (pipe, direction)
ROUTES = {
    ("UB", "GM"): (I_MTE2, _D["GM_UB"]),
    ("L1", "GM"): (I_MTE2, _D["GM_L1"]),
    ("GM", "UB"): (I_MTE3, _D["UB_GM"]),
    ("GM", "L1"): (I_MTE3, _D["UB_GM"]),
    ("GM", "L0C"): (I_FIX, _D["L0C_GM"]),
    ("UB", "UB"): (I_V, _D["UB_UB"]),
    ("L0A", "L1"): (I_MTE1, _D["L1_L0"]),
    ("L0A", "GM"): (I_MTE2, _D["GM_L1"]),
    ("L0B", "GM"): (I_MTE2, _D["GM_L1"]),
    ("L0B", "L1"): (I_MTE1, _D["L1_L0"]),
    ("L1", "UB"): (I_MTE3, _D["UB_L1"]),
    ("UB", "L1"): (I_MTE1, _D["L1_UB"]),
    ("BT", "L1"): (I_MTE1, _D["L1_L0"]),
    ("UB", "L0C"): (I_FIX, _D["L1_UB"]),
    ("L1", "L0C"): (I_FIX, _D["L1_UB"]),
}


# the same, as the counters a copy charges (profile.dma_slots): DataCopy charges inline
CHARGES = {k: dma_slots(*v) for k, v in ROUTES.items()}


def route(dst, src) -> tuple[int, int]:
    """(pipe, direction) of a copy from src's memory to dst's (GlobalTensor's is "GM")."""
    r = ROUTES.get((dst.mem_name, src.mem_name))
    if r is None:
        raise SimulatorError(f"no data path from {src.mem_name} to {dst.mem_name}")
    return r


def window(t, nbytes: int, what: str) -> np.ndarray:
    """uint8 view of the first `nbytes` bytes of tensor `t` (checked)."""
    if t is None:
        raise SimulatorError("tensor used before it was assigned")
    return t.window(nbytes, what)


def _strided(buf: np.ndarray, count: int, length: int, pitch: int) -> np.ndarray:
    return as_strided(buf, shape=(count, length), strides=(pitch, 1))


@handles_spec("ascendc.data_copy_l2")
def _copy_count(op, comp):
    # The most frequent op of a tiled kernel: one routing lookup, two byte windows (as
    # memoryviews: a third of numpy's cost to slice and copy) sliced inline by the
    # operands' IR types, one assignment, the counters charged inline.
    size = np_dtype(op.dst.type.element_type).itemsize
    count = comp.constant_of(op.cal_count)
    half = float4.is_float4(op.dst.type.element_type)
    if half:  # (count 4-bit elements: count / 2 bytes)
        size = 1
        if type(count) is int and count >= 0:
            count = float4.pairs(count, "DataCopy's count")
    if type(count) is int and count >= 0 and (count * size) % 32 == 0:
        nbytes = count * size  # a constant count: checked once, here
        size_source = f"nbytes = {nbytes}"
        charge = "pipe, cycles, moved, cost = charge"
        costs = {k: (p, cy, mv, DMA_LATENCY + -(-nbytes // bw)) for k, (p, cy, mv, bw) in
                 CHARGES.items()}  # fmt: skip
    else:
        size_source = """
        nbytes = {count} * {size}
        if {half}:
            nbytes = {pairs}(nbytes, "DataCopy's count")
        if nbytes & 31 or nbytes < 0:
            nbytes = {tail}(c, {count}, nbytes)
        """
        charge = f"pipe, cycles, moved, bandwidth = charge\ncost = {DMA_LATENCY} + -(-nbytes // bandwidth)"
        costs = CHARGES
    return comp.inline(
        op,
        ("""
        dst = {dst}
        src = {src}
        """, size_source, """
        charge = {costs}.get((dst.mem_name, src.mem_name))
        if charge is None:
            {route}(dst, src)  # the error
        if c.regs:  # an atomic mode may be set (registers are rarely used: a fast test)
            dw = dst.window(nbytes, "DataCopy writes dst")
            {put}(c, dst, dw, src.window(nbytes, "DataCopy reads src"))
        """, "else:\n" + textwrap.indent(
            _bytes_source("dst", op.dst.type, "dw", "DataCopy writes dst")
            + _bytes_source("src", op.src.type, "sw", "DataCopy reads src")
            + "dw[:] = sw", "    "
        ), charge, """
        k = c.cnt
        k[pipe] += 1
        k[cycles] += cost
        k[moved] += nbytes
        """),
        dst=op.dst, src=op.src, count=op.cal_count, size=size, tail=_tail, costs=costs,
        route=route, put=put, half=half, pairs=float4.pairs,
    )  # fmt: skip


def _bytes_source(t: str, ir_type, out: str, what: str) -> str:
    """Statements setting `out` to a memoryview of the first `nbytes` bytes of tensor `t`
    (a local or global tensor, by `ir_type`), checked as `window` checks them."""
    if isinstance(ir_type, LocalTensorType):
        return (
            f"if not {t}.alloc.live or not {t}.aligned or nbytes > {t}.length * {t}.itemsize:\n"
            f"    {t}._check_window(nbytes, {what!r})\n"
            f"{out} = {t}.mv[{t}.offset : {t}.offset + nbytes]\n"
        )
    return (
        f"{out} = {t}.byte_offset\n"
        f"if {t}.buf is None or {out} < 0 or {out} + nbytes > {t}.buf.nbytes:\n"
        f"    {t}.bytes_at(0, nbytes, {what!r})  # the error (or a padded buffer's pad)\n"
        f"{out} = {t}.buf.mv[{out} : {out} + nbytes]\n"
    )


def _tail(c, count: int, nbytes: int) -> int:
    """The bytes a count-form DataCopy moves when count x sizeof is not a multiple of
    32: an error, or (copy_tail="drop", gm_overread="pad") the tail dropped."""
    if nbytes < 0:
        raise SimulatorError(f"negative DataCopy count {count}")
    if c.copy_tail == "pad":  # gm_overread="pad": dropped, with a warning
        memory.local_overruns.tail(
            f"DataCopy of {count} elements ({nbytes} bytes) dropped its last {nbytes % 32} bytes"
        )
    elif c.copy_tail != "drop":
        raise SimulatorError(
            f"DataCopy of {count} elements ({nbytes} bytes) is not a multiple of 32 "
            f"bytes: the NPU silently drops the last {nbytes % 32} bytes (use "
            "DataCopyPad, or copy_tail='drop' to mimic the hardware)"
        )
    return nbytes - nbytes % 32


@handles_spec("ascendc.data_copy_l0")
def _copy_params(op, comp):
    d, s, p = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.repeat_params)

    def run(e, c, _op=op):
        count, blen, sgap, dgap = e[p][:4]
        copy_bursts(c, e[d], e[s], count, blen, sgap, dgap)

    return run


def copy_bursts(c, dst, src, count: int, blen: int, sgap: int, dgap: int) -> None:
    """DataCopyParams' movement: `count` bursts of `blen` 32-byte blocks, `sgap`/`dgap`
    blocks apart in src/dst, on the pipe the two memories decide (and its cost)."""
    pipe, direction = route(dst, src)
    if count == 0 or blen == 0:
        return
    length = blen * 32
    sp, dp = (blen + sgap) * 32, (blen + dgap) * 32
    sw = window(src, (count - 1) * sp + length, "DataCopy reads src")
    dw = window(dst, (count - 1) * dp + length, "DataCopy writes dst")
    if sgap == 0 and dgap == 0:
        put(c, dst, dw, sw)
    else:
        put(c, dst, _strided(dw, count, length, dp), _strided(sw, count, length, sp))
    charge_dma(c.cnt, pipe, direction, count * length)


PAD_EXT_FIELDS = ("isPad", "leftPadding", "rightPadding", "paddingValue")


@handles_spec("ascendc.data_copy_pad_ext_params")
def _pad_ext_params(op, comp):
    """`DataCopyPadExtParams<T> params;`: the header's member initialisers (no padding)."""
    r = comp.slot(op.params)

    def run(e, c, _op=op):
        value = Struct((False, 0, 0, 0))
        value.names = PAD_EXT_FIELDS
        e[r] = value

    return run


@handles_spec("ascendc.data_copy_pad_l0", "ascendc.data_copy_pad_l0_ext")
def _pad_in(op, comp):
    d, s, p, pp = (
        comp.slot(op.dst),
        comp.slot(op.src),
        comp.slot(op.data_copy_params),
        comp.slot(op.pad_params),
    )
    dtype = np_dtype(op.dst.type.element_type)
    size = dtype.itemsize

    def run(e, c, _op=op):
        dst, src = e[d], e[s]
        count, blen, sstride, dstride = e[p][:4]
        is_pad, left, right, value = e[pp]
        pipe, direction = route(dst, src)
        if count == 0 or blen == 0:
            return
        if blen % size:
            raise SimulatorError(
                f"DataCopyPad blockLen {blen} bytes is not a multiple of sizeof(T)={size}"
            )
        if left * size > 32 or right * size > 32:
            raise SimulatorError(f"DataCopyPad padding {left}/{right} elements exceeds 32 bytes")
        lb, rb = left * size, right * size
        burst = -(-(lb + blen + rb) // 32) * 32
        sp, dp = blen + sstride, burst + dstride * 32
        sw = window(src, (count - 1) * sp + blen, "DataCopyPad reads src")
        dw = window(dst, (count - 1) * dp + burst, "DataCopyPad writes dst")
        dv = _strided(dw, count, burst, dp)
        dv[:, lb : lb + blen] = _strided(sw, count, blen, sp)
        if is_pad:
            c.regs[MOV_PAD] = pad_bits(value, dtype)
        if lb or rb:
            bits = np.array([c.regs.get(MOV_PAD, 0)], np.uint64).view(np.uint8)
            fill = np.resize(bits[:size], max(left, right) * size)
            if lb:
                dv[:, :lb] = fill[:lb]
            if rb:
                dv[:, lb + blen : lb + blen + rb] = fill[:rb]
        charge_dma(c.cnt, pipe, direction, count * blen)

    return run


MOV_PAD = "MOV_PAD"
"""`c.regs` key: the bits DataCopyPad GM -> UB pads with (set_mov_pad_val)."""


def pad_bits(value, dtype: np.dtype) -> int:
    """`GetScalarBitcodeValue`: the value's bits as a T, zero-extended to 64 bits."""
    raw = np.zeros(8, np.uint8)
    if dtype.names:  # complex32: (real, imag) halves, as the C++ union holds them
        value = complex(value)
        bits = np.zeros(1, dtype)
        bits["real"], bits["imag"] = value.real, value.imag
    else:
        bits = np.array([value], dtype)
    raw[: dtype.itemsize] = bits.view(np.uint8)
    return int(raw.view(np.uint64)[0])


@handles_spec("ascendc.set_pad_value")
def _set_pad_value(op, comp):
    v = comp.slot(op.padding_value)
    dtype = np_dtype(op.padding_value.type)

    def run(e, c, _op=op):
        c.regs[MOV_PAD] = pad_bits(e[v], dtype)

    return run


@handles_spec("ascendc.data_copy_pad_l2", "ascendc.data_copy_pad_l2_ext")
def _pad_out(op, comp):
    d, s, p = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.data_copy_params)

    def run(e, c, _op=op):
        dst, src = e[d], e[s]
        count, blen, sstride, dstride = e[p][:4]
        pipe, direction = route(dst, src)
        if count == 0 or blen == 0:
            return
        burst = -(-blen // 32) * 32
        sp, dp = burst + sstride * 32, blen + dstride
        sw = window(src, (count - 1) * sp + blen, "DataCopyPad reads src")
        dw = window(dst, (count - 1) * dp + blen, "DataCopyPad writes dst")
        put(c, dst, _strided(dw, count, blen, dp), _strided(sw, count, blen, sp))
        charge_dma(c.cnt, pipe, direction, count * blen)

    return run
