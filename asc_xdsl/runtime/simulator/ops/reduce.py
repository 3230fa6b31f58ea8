"""Reductions in their mask forms (V pipe), by spec key `reduce:<name>`.

Each repeat's enabled elements (mask register, source block/repeat strides) are
reduced; what is written where:

| op | per repeat r | destination |
|---|---|---|
| WholeReduceSum, RepeatReduceSum | sum | element r * dstRepStride |
| WholeReduceMax/Min | value and index in the repeat, by `order` | unit r * dstRepStride (2 elements VALUE_INDEX / INDEX_VALUE, 1 element ONLY_VALUE, 4 bytes ONLY_INDEX) |
| BlockReduceSum/Max/Min | one result per 32-byte block (8) | elements from r * dstRepStride * 8 |
| PairReduceSum | (e0+e1, e2+e3, ...) | elements from r * dstRepStride * Erep/2 |
| ReduceSum/Max/Min | over all repeats | dst[0] (ReduceMax/Min: dst[1] = r * Erep + e as raw bits) |

Sums add adjacent pairs (a binary tree over the repeat, disabled elements as 0) in the
element type; ReduceSum then reduces the repeats' sums with the same tree. Max/Min:
NaN wins, ties give the smallest index; an index is stored as the raw bits of an
unsigned integer of T's width (uint32 alone). A block or pair with no enabled element
gets the identity (0, -inf, +inf) (*decision*: unconfirmed on hardware).
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects.ascendc.enums import ReduceOrder
from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import TensorBoundsError, UnsupportedOpError
from asc_xdsl.runtime.simulator.ops.instr import VectorCall, charge
from asc_xdsl.runtime.simulator.ops.vector import reduce_tmp_elements
from asc_xdsl.runtime.simulator.vmask import Lanes, check_span, indices, lane_ids

IDENTITY = {"sum": 0.0, "max": -np.inf, "min": np.inf}


def tree_sum(v: np.ndarray) -> np.ndarray:
    """Sum along the last axis by adjacent pairs (padded with zeros to a power of 2)."""
    n = v.shape[-1]
    width = 1 << max(n - 1, 0).bit_length()
    if width != n:
        pad = np.zeros((*v.shape[:-1], width - n), v.dtype)
        v = np.concatenate([v, pad], axis=-1)
    while v.shape[-1] > 1:
        v = v[..., 0::2] + v[..., 1::2]
    return v[..., 0]


def _dense(ln: Lanes, src, stride, dt, fill) -> tuple[np.ndarray, np.ndarray]:
    """(repeats, Erep) values with disabled elements = fill, and the enabled mask."""
    si = indices(ln, dt.itemsize, *stride)
    check_span(src, si, "src")
    r, e = lane_ids(ln)
    vals = np.full((ln.repeats, ln.erep), fill, dt)
    en = np.zeros((ln.repeats, ln.erep), bool)
    vals[r, e] = src.arr[si]
    en[r, e] = True
    return vals, en


def _extreme(v: np.ndarray, kind: str) -> int:
    """Index of the max/min of v: the first NaN if any, else the first extreme."""
    nan = np.isnan(v) if v.dtype.kind == "f" else None
    if nan is not None and nan.any():
        return int(np.argmax(nan))
    return int(np.argmax(v) if kind == "max" else np.argmin(v))


def _write(dst, start: int, values: np.ndarray, what: str = "dst") -> None:
    dst.check(0, what)
    if start + values.size > dst.length:
        raise TensorBoundsError(
            f"access past the end of local tensor {what}: the reduction writes element "
            f"{start + values.size - 1} but the tensor holds {dst.length} ({dst.describe()})"
        )
    dst.arr[start : start + values.size] = values


def _index_type(dt: np.dtype) -> np.dtype:
    return np.dtype(np.uint16) if dt.itemsize == 2 else np.dtype(np.uint32)


@sim_hook("reduce")
def _reduce(op, comp, key: str):
    dt = np_dtype(op.dst.type.element_type)
    if key in ("sum", "max", "min"):
        return _reduce_all(op, comp, key, dt)
    kind = key.rsplit("_", 1)[-1]
    family = key.rsplit("_", 1)[0]
    if family not in ("whole_reduce", "block_reduce", "pair_reduce", "repeat_reduce"):
        raise UnsupportedOpError(f"the CPU simulator has no semantics for '{key}'")
    erep = 256 // dt.itemsize
    call = VectorCall(op, comp)
    d, a = comp.slot(op.dst), comp.slot(op.src)
    drs, sbs, srs = (
        comp.slot(v) for v in (op.dst_rep_stride, op.src_blk_stride, op.src_rep_stride)
    )
    order = ReduceOrder.ORDER_VALUE_INDEX
    if "order" in op.properties:
        order = ReduceOrder(int(op.properties["order"].value.data))
    write = {
        "whole_reduce": _whole,
        "repeat_reduce": _whole,
        "block_reduce": _blocks,
        "pair_reduce": _pairs,
    }[family]

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        if not ln.total:
            return
        vals, en = _dense(ln, e[a], (int(e[sbs]), int(e[srs])), dt, IDENTITY[kind])
        write(e[d], vals, en, kind, int(e[drs]), dt, order)
        charge(c, ln, 2)

    return run


def _whole(dst, vals, en, kind, stride, dt, order) -> None:
    if kind == "sum":
        sums = tree_sum(vals)
        for r in range(vals.shape[0]):
            if en[r].any():
                _write(dst, r * stride, sums[r : r + 1])
        return
    it = _index_type(dt)
    for r in range(vals.shape[0]):
        idx = np.flatnonzero(en[r])
        if not idx.size:
            continue
        i = int(idx[_extreme(vals[r, idx], kind)])
        value = vals[r, i : i + 1]
        if order is ReduceOrder.ORDER_ONLY_VALUE:
            _write(dst, r * stride, value)
        elif order is ReduceOrder.ORDER_ONLY_INDEX:
            raw = dst.arr.view(np.uint8)
            dst.check(0, "dst")
            if (r * stride + 1) * 4 > raw.size:
                raise TensorBoundsError(f"access past the end of local tensor dst at index {r}")
            raw[r * stride * 4 : (r * stride + 1) * 4] = np.array([i], np.uint32).view(np.uint8)
        else:
            index = np.array([i], it).view(dt)
            pair = [value, index] if order is ReduceOrder.ORDER_VALUE_INDEX else [index, value]
            _write(dst, 2 * r * stride, np.concatenate(pair))


def _blocks(dst, vals, en, kind, stride, dt, order) -> None:
    eb = 32 // dt.itemsize
    v = vals.reshape(vals.shape[0], 8, eb)
    if kind == "sum":
        out = tree_sum(v)
    else:
        with np.errstate(invalid="ignore"):
            out = (np.max if kind == "max" else np.min)(v, axis=2)
    for r in range(vals.shape[0]):
        if en[r].any():
            _write(dst, r * stride * 8, out[r].astype(dt))


def _pairs(dst, vals, en, kind, stride, dt, order) -> None:
    half = vals.shape[1] // 2
    out = vals[:, 0::2] + vals[:, 1::2]
    for r in range(vals.shape[0]):
        if en[r].any():
            _write(dst, r * stride * half, out[r])


def _reduce_all(op, comp, kind: str, dt: np.dtype):
    """ReduceSum/Max/Min mask forms: over every repeat, the result into dst[0..1]."""
    erep = 256 // dt.itemsize
    call = VectorCall(op, comp)
    d, a, t = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.shared_tmp_buffer)
    srs = comp.slot(op.src_rep_stride)
    ci = comp.slot(op.cal_index) if kind != "sum" else None
    it = _index_type(dt)

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep, max_repeat=2**31 - 1)
        with_index = ci is not None and bool(e[ci])
        tmp = e[t]
        if kind == "sum":
            need = -(-ln.repeats // (32 // dt.itemsize)) * (32 // dt.itemsize)
        else:
            need = reduce_tmp_elements(ln.repeats * erep, dt.itemsize, with_index)
        if need > tmp.length:
            raise TensorBoundsError(
                f"shared_tmp_buffer holds {tmp.length} elements; {op.SPEC.api} of "
                f"{ln.repeats} repeats{' with index' if with_index else ''} needs {need}"
            )
        tmp.check(need, "shared_tmp_buffer")
        if not ln.total:
            return
        vals, en = _dense(ln, e[a], (1, int(e[srs])), dt, IDENTITY[kind])
        if kind == "sum":
            result = tree_sum(vals)
            while result.size > 1:  # the repeats' sums, reduced by the same instruction
                chunks = -(-result.size // erep)
                padded = np.zeros(chunks * erep, dt)
                padded[: result.size] = result
                result = tree_sum(padded.reshape(chunks, erep))
            _write(e[d], 0, result.reshape(1).astype(dt))
        else:
            flat, enf = vals.reshape(-1), en.reshape(-1)
            idx = np.flatnonzero(enf)
            i = int(idx[_extreme(flat[idx], kind)])
            out = [flat[i : i + 1]]
            if with_index:
                out.append(np.array([i], it).view(dt))
            _write(e[d], 0, np.concatenate(out))
        charge(c, ln, 2)

    return run
