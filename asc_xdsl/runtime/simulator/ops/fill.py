"""Duplicate (mask forms), Brcb, Gather, Gatherb and Scatter (V pipe).

* **Duplicate** L0/L1: the scalar into the enabled elements, with the destination's
  block and repeat strides (the count form is in `vector.py`).
* **Brcb**: repeat i broadcasts src[8i + j] into destination block j (32 bytes) at
  `i * dstRepStride + j * dstBlkStride` blocks; a block stride of 0 counts as 1.
* **Gather**: dst[k] = src[(srcBaseAddr + srcOffset[k]) / sizeof(T)], offsets in bytes
  (uint32). The mask forms take the offsets of repeat r, element e from srcOffset[r *
  Erep + e] and write dst at r * dstRepStride blocks + e; the count form runs in
  counter mode. An offset that is not element aligned or leaves src is an error.
* **Gatherb**: destination block j of repeat i gets the 32 bytes at byte offset
  offset[8i + j] of src; the destination strides as Brcb's.
* **Scatter** (Atlas inference, 310P: dav-m200's vscatter): the inverse of Gather,
  src element e of repeat r (src read at r * srcRepStride blocks + e; 256 bytes a
  repeat) goes to dst[(dstBaseAddr + dstOffset[r * Erep + e]) / sizeof(T)]; the count
  form runs in counter mode. Atlas A2/A3 do not have it (the headers stop with "not
  supported on current device"): an error there.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.dtypes import f32_to_bf16, is_bf16, np_dtype
from asc_xdsl.runtime.simulator.errors import TensorBoundsError, UnsupportedOpError
from asc_xdsl.runtime.simulator.ops.instr import VectorCall, apply, charge
from asc_xdsl.runtime.simulator.vmask import check_span, full_lanes, indices, lane_ids


def _same(values):
    return values


def _scalar_of(et, dt):
    if is_bf16(et):
        return lambda v: f32_to_bf16(np.float32(v))[()]
    return lambda v: np.array(v).astype(dt)[()]


@sim_hook("duplicate")
def _duplicate(op, comp, key: str):
    et = op.dst.type.element_type
    dt = np_dtype(et)
    erep = 256 // dt.itemsize
    conv = _scalar_of(et, dt)
    call = VectorCall(op, comp)
    d, s = comp.slot(op.dst), comp.slot(op.scalar)
    blk, rep = comp.slot(op.dst_block_stride), comp.slot(op.dst_repeat_stride)

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        v = conv(e[s])
        fill = np.full(ln.total, v, dt)
        apply(ln, e[d], (int(e[blk]), int(e[rep])), [], _same, extras=[fill])
        charge(c, ln)

    return run


def _block_strides(fields) -> tuple[int, int]:
    blk, rep = (int(v) for v in fields[:2])
    return blk or 1, rep


def _block_rows(dst, repeats: int, blk: int, rep: int, what: str) -> np.ndarray:
    """Element index of the first element of destination block j of repeat i: (R, 8)."""
    eb = 32 // dst.itemsize
    starts = (np.arange(repeats)[:, None] * rep + np.arange(8)[None, :] * blk) * eb
    dst.check(0, what)
    if repeats and int(starts.max()) + eb > dst.length:
        raise TensorBoundsError(
            f"access past the end of local tensor {what}: the instruction writes element "
            f"{int(starts.max()) + eb - 1} but the tensor holds {dst.length} ({dst.describe()})"
        )
    return starts


@sim_hook("brcb")
def _brcb(op, comp, key: str):
    d, s = comp.slot(op.dst), comp.slot(op.src0)
    rt, p = comp.slot(op.repeat_times), comp.slot(op.repeat_params)

    def run(e, c, _op=op):
        repeats = int(e[rt])
        dst, src = e[d], e[s]
        starts = _block_rows(dst, repeats, *_block_strides(e[p]), "dst")
        src.check(8 * repeats, "src0")
        eb = 32 // dst.itemsize
        values = src.arr[: 8 * repeats].reshape(repeats, 8).copy()
        idx = starts[:, :, None] + np.arange(eb)[None, None, :]
        dst.arr[idx] = values[:, :, None]
        charge(c, full_lanes(256 // dst.itemsize, repeats))

    return run


@sim_hook("gatherb")
def _gatherb(op, comp, key: str):
    d, s, o = comp.slot(op.dst), comp.slot(op.src0), comp.slot(op.offset)
    rt, p = comp.slot(op.repeat_times), comp.slot(op.repeat_params)

    def run(e, c, _op=op):
        repeats = int(e[rt])
        dst, src, off = e[d], e[s], e[o]
        starts = _block_rows(dst, repeats, *_block_strides(e[p]), "dst")
        off.check(8 * repeats, "offset")
        offs = off.arr[: 8 * repeats].astype(np.int64)
        src_u8 = src.arr.view(np.uint8)
        if offs.size and (int(offs.max()) + 32 > src_u8.size or (offs % src.itemsize).any()):
            bad = int(offs[(offs + 32 > src_u8.size) | (offs % src.itemsize != 0)][0])
            raise TensorBoundsError(
                f"Gatherb offset {bad} bytes: the 32-byte block must lie inside src "
                f"({src_u8.size} bytes) at an element-aligned offset"
            )
        blocks = src_u8[offs[:, None] + np.arange(32)[None, :]].reshape(repeats, 8, 32)
        eb = 32 // dst.itemsize
        idx = starts[:, :, None] + np.arange(eb)[None, None, :]
        dst.arr[idx] = blocks.view(dst.dtype).reshape(repeats, 8, eb)
        charge(c, full_lanes(256 // dst.itemsize, repeats))

    return run


def _offset_elements(name, verb, side, tensor, off, base, ln, dt) -> np.ndarray:
    """Gather's and Scatter's element of `tensor` for each enabled lane (repeat r,
    element e): (base + off[r * Erep + e]) / sizeof(T); side is "src" or "dst", the
    operand names' prefix. An offset that is not element aligned or leaves the tensor
    is an error."""
    r, el = lane_ids(ln)
    oi = r * (256 // dt.itemsize) + el
    check_span(off, oi, f"{side}_offset")
    byte = int(base) + off.arr[oi].astype(np.int64)
    tensor.check(0, side)
    size = tensor.length * dt.itemsize
    bad = (byte % dt.itemsize != 0) | (byte < 0) | (byte >= size)
    if bad.any():
        raise TensorBoundsError(
            f"{name} {verb} {side} byte {int(byte[bad][0])} ({side}BaseAddr + {side}Offset): "
            f"it must be a multiple of {dt.itemsize} inside {side}'s {size} bytes"
        )
    return byte // dt.itemsize


@sim_hook("gather")
def _gather(op, comp, key: str):
    dt = np_dtype(op.dst.type.element_type)
    erep = 256 // dt.itemsize
    call = VectorCall(op, comp)
    d, s, o, base = (comp.slot(v) for v in (op.dst, op.src, op.src_offset, op.src_base_addr))
    rep = comp.slot(op.dst_rep_stride) if call.count is None else None

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        src = e[s]
        values = src.arr[_offset_elements("Gather", "reads", "src", src, e[o], e[base], ln, dt)]
        stride = (1, int(e[rep])) if rep is not None else (1, 8)
        apply(ln, e[d], stride, [], _same, extras=[values])
        charge(c, ln)

    return run


@sim_hook("scatter")
def _scatter(op, comp, key: str):
    dt = np_dtype(op.dst.type.element_type)
    erep = 256 // dt.itemsize
    call = VectorCall(op, comp)
    d, s, o, base = (comp.slot(v) for v in (op.dst, op.src, op.dst_offset, op.dst_base_addr))
    rep = comp.slot(op.src_rep_stride) if call.count is None else None

    def run(e, c, _op=op):
        if c.onchip.platform.split_cores:  # the A2/A3 cores
            raise UnsupportedOpError(
                "Scatter is not supported on Atlas A2/A3 (the Ascend C headers stop with "
                "'Scatter is not supported on current device')"
            )
        ln = call.lanes(e, c, erep)
        dst, src = e[d], e[s]
        di = _offset_elements("Scatter", "writes", "dst", dst, e[o], e[base], ln, dt)
        si = indices(ln, dt.itemsize, 1, int(e[rep]) if rep is not None else 8)
        check_span(src, si, "src")
        dst.arr[di] = src.arr[si]
        charge(c, ln)

    return run
