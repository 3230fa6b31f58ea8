"""Transpose and TransDataTo5HD (V pipe), by spec keys `transpose`, `transpose_ext` and
`trans_data_to_5hd`.

* **Transpose(dst, src)**: one 16x16 matrix of 2-byte elements, dst = src.T.
* **Transpose(dst, src, tmp, TransposeParamsExt{n, c, h, w, type})**:
  TRANSPOSE_ND2ND_B16 as above; TRANSPOSE_NCHW2NHWC and TRANSPOSE_NHWC2NCHW as
  numpy transposes of the [n, c, h, w] / [n, h, w, c] tensor. h * w * sizeof(T) must be
  a multiple of 32 bytes and tmp must hold the documented size ((c + 2) or (2c + 1)
  times h0 * w0 * sizeof(T) bytes, h0 = 16 (32 for 8-bit types), w0 = 32 / sizeof(T));
  other transpose types are not available on Atlas A2/A3 (an error).
* **TransDataTo5HD(dstList[16], srcList[16], params)**: each repeat reads one 32-byte
  block from each of the 16 sources (row i of a matrix S) and writes S's columns:
  16-bit: S is 16 x 16, column j to destination j; 32-bit: S is 16 x 8, column j's
  first 8 values to destination 2j and its last 8 to 2j + 1; 8-bit: S is the low
  (srcHighHalf false) or high 16 bytes of each block, 16 x 16, column j to the low or
  high (dstHighHalf) 16 bytes of destination j, whose other half is kept (the layouts
  asc-devkit's CumSum and Matmul ND->NZ code rely on). Repeat k adds k * dstRepStride /
  srcRepStride blocks to every address (repeatTimes 1 adds them once, as the API
  documents). The address forms (16 + 16 uint64 UB addresses, as scalars or
  in two LocalTensor<uint64_t>, from GetPhyAddr: `addresses.py`) move the same blocks
  through the addresses, each checked inside UB.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError, TensorBoundsError, UnsupportedOpError
from asc_xdsl.runtime.simulator.ops.instr import charge
from asc_xdsl.runtime.simulator.vmask import full_lanes

ND2ND_B16, NCHW2NHWC, NHWC2NCHW = 10, 11, 12


def _need(t, n: int, what: str) -> np.ndarray:
    t.check(n, what)
    return t.arr[:n]


def _transpose16(dst, src) -> None:
    s = _need(src, 256, "src").reshape(16, 16).copy()
    _need(dst, 256, "dst")[:] = s.T.reshape(-1)


@sim_hook("transpose")
def _transpose(op, comp, key: str):
    d, s = comp.slot(op.dst), comp.slot(op.src)

    def run(e, c, _op=op):
        _transpose16(e[d], e[s])
        charge(c, full_lanes(128, 4))

    return run


@sim_hook("transpose_ext")
def _transpose_ext(op, comp, key: str):
    d, s, t, p = (comp.slot(v) for v in (op.dst, op.src, op.shared_tmp_buffer, op.params))
    dt = np_dtype(op.dst.type.element_type)

    def run(e, c, _op=op):
        fields = e[p]
        if len(fields) < 5:
            raise SimulatorError(
                "TransposeParamsExt without a transpose type (TRANSPOSE_TYPE_NONE)"
            )
        n, ch, h, w, kind = (int(v) for v in fields[:5])
        dst, src = e[d], e[s]
        if kind == ND2ND_B16:
            if dt.itemsize != 2:
                raise SimulatorError(f"TRANSPOSE_ND2ND_B16 of {dt.itemsize}-byte elements")
            _transpose16(dst, src)
            charge(c, full_lanes(128, 4))
            return
        if kind not in (NCHW2NHWC, NHWC2NCHW):
            raise UnsupportedOpError(
                f"TransposeType {kind} is not available on Atlas A2/A3 (ND2ND_B16, "
                "NCHW2NHWC, NHWC2NCHW are)"
            )
        if h * w * dt.itemsize % 32:
            raise SimulatorError(
                f"hSize * wSize * sizeof(T) = {h * w * dt.itemsize} bytes is not a multiple of 32"
            )
        h0, w0 = (32 if dt.itemsize == 1 else 16), 32 // dt.itemsize
        blocks = ch + 2 if kind == NCHW2NHWC else 2 * ch + 1
        need = blocks * h0 * w0 * dt.itemsize
        tmp = e[t]
        if tmp.length * tmp.itemsize < need:
            raise TensorBoundsError(
                f"shared_tmp_buffer holds {tmp.length * tmp.itemsize} bytes; the transpose "
                f"needs {need}"
            )
        total = n * ch * h * w
        x = _need(src, total, "src")
        if kind == NCHW2NHWC:
            y = x.reshape(n, ch, h, w).transpose(0, 2, 3, 1)
        else:
            y = x.reshape(n, h, w, ch).transpose(0, 3, 1, 2)
        _need(dst, total, "dst")[:] = y.reshape(-1)
        charge(c, full_lanes(256 // dt.itemsize, -(-total * dt.itemsize // 256)))

    return run


def _columns_b16(mat, src_high, dst_high):
    return [(j, 0, mat[:, j]) for j in range(16)]


def _columns_b32(mat, src_high, dst_high):  # 16 x 8: each column fills two blocks
    return [(2 * j + h, 0, mat[8 * h : 8 * h + 8, j]) for j in range(8) for h in (0, 1)]


def _columns_b8(mat, src_high, dst_high):  # 16 x 32: one half of it, into half blocks
    half = mat[:, 16 if src_high else 0 :][:, :16]
    return [(j, 16 if dst_high else 0, half[:, j]) for j in range(16)]


_COLUMNS = {2: _columns_b16, 4: _columns_b32, 1: _columns_b8}
"""Element size -> (matrix of 16 source blocks, srcHighHalf, dstHighHalf) -> the
(destination, element offset in its block, values) it writes."""


@sim_hook("trans_data_to_5hd")
def _trans_data_to_5hd(op, comp, key: str):
    t = op.data_type() if hasattr(op, "data_type") else op.dst_list[0].type.element_type
    dt = np_dtype(t)
    if dt.itemsize not in _COLUMNS:
        raise UnsupportedOpError(
            f"TransDataTo5HD of {t} is invalid on Atlas A2/A3: it moves int8, uint8, "
            "int16, uint16, half, int32, uint32 or float elements"
        )
    columns, blk = _COLUMNS[dt.itemsize], 32 // dt.itemsize
    p = comp.slot(op.params)
    if op.name.endswith("tensor_list"):
        rows = _tensor_rows(op, comp)
    elif op.name.endswith("uint_list"):
        rows = _address_rows(comp.slots_of(op.dst_list), comp.slots_of(op.src_list), None, dt)
    else:  # two LocalTensor<uint64_t> tables of 16 addresses
        rows = _address_rows(comp.slot(op.dst), comp.slot(op.src), 16, dt)

    def run(e, c, _op=op):
        fields = [int(v) for v in e[p]] if e[p] else [0, 0, 0, 0, 0]
        dst_high, src_high, repeats, dstride, sstride = fields[:5]
        read, write = rows(e, c)
        first = 1 if repeats == 1 else 0  # one repeat starts one stride in
        for k in range(first, first + repeats):
            mat = np.stack([read(i, k * sstride * blk, blk) for i in range(16)])
            for j, at, values in columns(mat, src_high, dst_high):
                write(j, k * dstride * blk + at, values)
        charge(c, full_lanes(128, 4 * repeats))

    return run


def _tensor_rows(op, comp):
    """Row accessors of the form that takes 16 + 16 LocalTensors."""
    dl, sl = comp.slots_of(op.dst_list), comp.slots_of(op.src_list)

    def rows(e, c):
        dsts, srcs = [e[i] for i in dl], [e[i] for i in sl]

        def read(i, start, n):
            return _need(srcs[i], start + n, f"src_list[{i}]")[start:].copy()

        def write(j, start, values):
            _need(dsts[j], start + values.size, f"dst_list[{j}]")[start:] = values

        return read, write

    return rows


def _address_rows(dst, src, table: int | None, dt: np.dtype):
    """Row accessors of the address forms: 16 + 16 UB byte addresses, as uint64 scalars
    (`table` None: slot lists) or in two LocalTensor<uint64_t> (slots of the tables)."""
    from asc_xdsl.runtime.simulator.ops.addresses import ub_elements

    def addresses(e, where, name):
        if table is None:
            return [int(e[s]) for s in where]
        return [int(v) for v in _need(e[where], table, name)]

    def rows(e, c):
        dsts, srcs = addresses(e, dst, "dst"), addresses(e, src, "src")

        def read(i, start, n):
            a = srcs[i] + start * dt.itemsize
            return ub_elements(c, a, n, dt, f"TransDataTo5HD src address {i}").copy()

        def write(j, start, values):
            a = dsts[j] + start * dt.itemsize
            ub_elements(c, a, values.size, dt, f"TransDataTo5HD dst address {j}")[:] = values

        return read, write

    return rows
