"""The cube core: loads into L0A/L0B, Mmad, Fixpipe out of L0C, ND->NZ copies into L1.

Layouts (Atlas A2/A3, docs/ascendc_semantics.md section 1 and the Ascend C docs' fractal
formats). A fractal is 16 rows of one 32-byte block (C0 = 32 / sizeof(T) elements):

* L1 (what `DataCopy` with `Nd2NzParams` writes): **Nz** -- fractals of 16 x C0,
  column blocks one after another (`dstNzC0Stride` 32 B blocks apart), rows
  `dstNzNStride` blocks apart;
* L0A (Mmad's A, M x K): **Zz** -- fractals row-major over (M/16, K/C0), each row-major;
  on Ascend 950 **Nz** (K/C0 columns of M/16 fractals, each row-major: what LoadData
  with LoadData2DParamsV2 writes, `_load_2d_v2`);
* L0B (Mmad's B, K x N): **Zn** -- fractals row-major over (K/C0, N/16), each
  column-major (the C0 K-values of one N column are contiguous);
* L0C (Mmad's C, M x N, f32/i32): **Nz** with 16 x 16 fractals, column blocks of
  ceil(M/16) fractals.

`LoadData` (2D) moves 512-byte fractals (repeat r reads fractal startIndex + r*srcStride,
writes at r*(1+dstGap) fractals), transposing each 16 x 16 fractal with ifTranspose
(16-bit types). LoadData 3D V2/V2Pro is img2col (`img2col`), 32-bit transposed / into
L0B as asc-devkit's load3d.py model (`_b32_transposed`), after SetLoadDataBoundary's
wrap and SetLoadDataRepeat's 0/1 repeats. `Mmad` computes in float32 (int64 for int8,
wrapped to int32) over the padded fractal grid and keeps the first m x n results.
`Fixpipe` reads the L0C Nz matrix (column blocks `srcStride` rows apart) and writes ND
rows (`dstStride` elements) or Nz (16-column blocks; 8 with the F32 Channel Split, 32
with the Int8 Channel Merge: `nz_blocks`), with ReLU and the conversion its `quantPre`
names on the way. The `copy` hook serves the DataCopy forms that belong here: ND -> NZ,
NZ -> ND, SliceInfo, DataCopyEnhancedParams and out of L0C.

Parameter structs are read by field name (`framework.Struct`), missing members take the
header's initialisers (`*_DEFAULTS`).
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numpy.lib.stride_tricks import as_strided

from asc_xdsl.dialects.ascendc import cube as cube_dialect
from asc_xdsl.dialects.ascendc.fp8_types import float8_name
from asc_xdsl.enums import Pipe
from asc_xdsl.runtime.simulator.compile import handles, sim_hook
from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32, f32_to_bf16, is_bf16, np_dtype
from asc_xdsl.runtime.simulator.errors import (
    AlignmentError,
    SimulatorError,
    TensorBoundsError,
    UnsupportedOpError,
)
from asc_xdsl.runtime.simulator.float4 import is_float4
from asc_xdsl.runtime.simulator.memory import GlobalTensor, LocalTensor
from asc_xdsl.runtime.simulator.ops.atomic import put
from asc_xdsl.runtime.simulator.ops.copy import copy_bursts, route
from asc_xdsl.runtime.simulator.profile import I_MTE1, I_MTE2, charge_cube, charge_dma, charge_pipe
from asc_xdsl.soc import get_soc
from asc_xdsl.transforms.hardware import PIPES
from asc_xdsl.utils import float8

FRACTAL = 512
"""Bytes of one L0A/L0B fractal (16 x 32 B)."""
PIPE_NO = {p: i for i, p in enumerate(PIPES)}
FIX_PIPE, M_PIPE, MTE1_PIPE = PIPE_NO["FIX"], PIPE_NO["M"], PIPE_NO["MTE1"]

# The header's member initialisers of each parameter struct (kernel_struct_mm.h,
# kernel_struct_fixpipe.h, kernel_struct_data_copy.h).
LOAD_2D_DEFAULTS = {
    "startIndex": 0,
    "repeatTimes": 0,
    "srcStride": 0,
    "sid": 0,
    "dstGap": 0,
    "ifTranspose": False,
    "addrMode": 0,
}
TRANSPOSE_DEFAULTS = {
    "startIndex": 0,
    "repeatTimes": 0,
    "srcStride": 0,
    "dstGap": 0,
    "dstfracGap": 0,
    "addrMode": 0,
}
MMAD_DEFAULTS = {
    "m": 0,
    "n": 0,
    "k": 0,
    "isBias": False,
    "fmOffset": 0,
    "enSsparse": False,
    "enWinogradA": False,
    "enWinogradB": False,
    "unitFlag": 0,
    "kDirectionAlign": False,
    "cmatrixSource": False,
    "cmatrixInitVal": True,
}
FIXPIPE_DEFAULTS = {
    "nSize": 0,
    "mSize": 0,
    "srcStride": 0,
    "dstStride": 0,
    "quantPre": 0,
    "deqScalar": 0,
    "ndNum": 1,
    "srcNdStride": 0,
    "dstNdStride": 0,
    "reluEn": False,
    "unitFlag": 0,
    "isChannelSplit": False,
    # FixpipeParamsArch3510's (Ascend 950): which AIV's UB, or both halves
    "dualDstCtl": 0,
    "subBlockId": False,
}
FIXPIPE_CONFIG_DEFAULTS = {"format": 1, "isToUB": False, "enableFixVal": False}
ND2NZ_DEFAULTS = {
    "ndNum": 0,
    "nValue": 0,
    "dValue": 0,
    "srcNdMatrixStride": 0,
    "srcDValue": 0,
    "dstNzC0Stride": 0,
    "dstNzNStride": 0,
    "dstNzMatrixStride": 0,
}
CO12DST_DEFAULTS = {
    "nSize": 0,
    "mSize": 0,
    "dstStride": 0,
    "srcStride": 0,
    "quantPre": 0,
    "reluPre": 0,
    "channelSplit": False,
    "nz2ndEn": False,
}
INIT_CONST_DEFAULTS = {"repeatTimes": 0, "blockNum": 0, "dstGap": 0, "initValue": 0}

# QuantMode_t (the language's numbers: Atlas A2/A3's nine, then Ascend 950's)
NO_QUANT, F322F16, F322BF16, DEQF16, VDEQF16, QF322B8_PRE, VQF322B8_PRE, REQ8, VREQ8 = range(9)
QUANT_NAMES = list(cube_dialect.QUANT_MODES)
# CO2Layout
NZ, ROW_MAJOR, COLUMN_MAJOR = 0, 1, 2


def fields(value, defaults: dict, what: str) -> dict:
    """The members of a parameter struct value (see framework.Struct)."""
    if not hasattr(value, "fields"):
        raise SimulatorError(f"{what}: the parameter struct was not built by ascendc.construct")
    return value.fields(defaults)


def _local(t, what: str, memories: tuple[str, ...]) -> LocalTensor:
    if not isinstance(t, LocalTensor):
        raise SimulatorError(f"{what} must be a local tensor in {' or '.join(memories)}")
    t.check(0, what, vector=False)
    if t.mem_name not in memories:
        raise SimulatorError(
            f"{what} is in {t.mem_name} ({t.position.name}); this operand must be in "
            f"{' or '.join(memories)}"
        )
    return t


def _bytes(t, start: int, nbytes: int, what: str) -> np.ndarray:
    """uint8 view of bytes [start, start + nbytes) of a tensor (checked)."""
    if isinstance(t, GlobalTensor):
        return t.bytes_at(start, nbytes, what)
    have = t.length * t.itemsize
    if start < 0 or start + nbytes > have:
        raise TensorBoundsError(
            f"{what} needs bytes [{start}, {start + nbytes}) of a local tensor of {have} bytes "
            f"({t.describe()})"
        )
    return t.mem[t.offset + start : t.offset + start + nbytes]


def _check_align(t: LocalTensor, what: str, align: int) -> None:
    if t.offset % align:
        raise AlignmentError(
            f"{what} starts at {t.mem_name} byte {t.offset}, which is not {align}-byte aligned"
        )


def _frac_transpose(frac: np.ndarray, itemsize: int) -> np.ndarray:
    """Transpose (count, 512) byte fractals as 16 x 16 matrices of 16-bit elements."""
    n = frac.shape[0]
    m = frac.view(np.uint16).reshape(n, 16, 16).transpose(0, 2, 1)
    return np.ascontiguousarray(m).view(np.uint8).reshape(n, FRACTAL)


# -- LoadData 2D -----------------------------------------------------------------------


def _load_2d(op, comp):
    d, s, p = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.operands[2])
    itemsize = np_dtype(op.dst.type.element_type).itemsize
    api = "LoadData"

    def run(e, c, _op=op):
        dst, src = e[d], e[s]
        f = fields(e[p], LOAD_2D_DEFAULTS, api)
        dst = _local(dst, f"{api} dst", ("L0A", "L0B", "L1"))
        pipe, direction = route(dst, src)
        reps = f["repeatTimes"]
        if reps == 0:
            return
        _check_align(dst, f"{api} dst", FRACTAL if dst.mem_name != "L1" else 32)
        transpose = bool(f.get("ifTranspose"))
        if transpose and itemsize != 2:
            raise SimulatorError(f"{api}: ifTranspose needs a 16-bit element type")
        step = -f["srcStride"] if f["addrMode"] else f["srcStride"]
        first = f["startIndex"]
        pitch = (1 + f["dstGap"]) * FRACTAL
        if dst.mem_name != "L1" and _arch(c) == V2_ARCH:
            # the 3510 headers run this form as the V2 instruction (kernel_operator_mm_impl.h:
            # kStartPosition startIndex, kStep repeatTimes, mStep 1, dstStride dstGap + 1):
            # source fractal (startIndex + i) * srcStride, and with ifTranspose the grid
            # is transposed too, so the fractals land one after another
            step = f["srcStride"]
            first = f["startIndex"] * step
            if transpose:
                pitch = FRACTAL
        last = first + (reps - 1) * step
        lo, hi = min(first, last), max(first, last)
        if lo < 0:
            raise TensorBoundsError(f"{api}: fractal index {lo} before the source's start")
        sw = _bytes(src, lo * FRACTAL, (hi - lo + 1) * FRACTAL, f"{api} reads src")
        idx = (np.arange(reps) * step + (first - lo)) * FRACTAL
        frac = sw[idx[:, None] + np.arange(FRACTAL)]
        if transpose:
            frac = _frac_transpose(frac, itemsize)
        dw = _bytes(dst, 0, (reps - 1) * pitch + FRACTAL, f"{api} writes dst")
        as_strided(dw, shape=(reps, FRACTAL), strides=(pitch, 1))[...] = frac
        charge_dma(c.cnt, pipe, direction, reps * FRACTAL)

    return run


# -- LoadData 2D V2 (Ascend 950) ----------------------------------------------------------

LOAD_2D_V2_DEFAULTS = {
    "mStartPosition": 0,
    "kStartPosition": 0,
    "mStep": 0,
    "kStep": 0,
    "srcStride": 0,
    "dstStride": 0,
    "ifTranspose": False,
    "sid": 0,
}
V2_ARCH = 3510
"""The arch whose headers implement LoadData with LoadData2DParamsV2 (Ascend 950)."""


@cache
def _arch_of(platform: str) -> int:
    return get_soc(platform).npu_arch


def _arch(c) -> int:
    return _arch_of(c.onchip.platform.name)


def v2_square_indices(
    f: dict, itemsize: int, stride: int, api: str, nibbles: bool = False
) -> tuple[list, list]:
    """The fractals a transposed 4/8/32-bit LoadData V2 moves (`_v2_squares`), without
    the data: the source fractals of each square and the destination fractal of each
    output fractal (-1: not written). `nibbles`: a 4-bit type (itemsize 1, two a byte).
    Shared with the race checker's extent (sanitizer.py), so the two cannot drift
    apart."""
    ms, ks, ds = f["mStep"], f["kStep"], f["dstStride"]
    k0, m0 = f["kStartPosition"], f["mStartPosition"]
    if nibbles:
        if ms % 4:
            raise SimulatorError(
                f"{api}: ifTranspose of 4-bit elements needs an mStep that is a multiple of "
                f"4, got {ms}"
            )
        squares, dst = [], []
        for k in range(ks):
            for p in range(ms // 4):
                first = (k0 + k) * stride + m0 + 4 * p
                squares.append(tuple(first + h for h in range(4)))
                dst += [p * ds + 4 * k + h if 4 * k + h < ds else -1 for h in range(4)]
        return squares, dst
    if itemsize == 1 and ms % 2:
        raise SimulatorError(f"{api}: ifTranspose of 8-bit elements needs an even mStep, got {ms}")
    if itemsize == 4 and ks % 2:
        raise SimulatorError(f"{api}: ifTranspose of 32-bit elements needs an even kStep, got {ks}")
    if itemsize not in (1, 4):
        raise UnsupportedOpError(f"{api}: ifTranspose of {itemsize * 8}-bit elements")
    squares, dst = [], []
    if itemsize == 1:
        # (an M fractal past dstStride, the transpose's padding, is not written: the
        # sample's README, 5.2.1, loops with dstStride 3 over squares of 4 M fractals)
        for k in range(ks):
            for p in range(ms // 2):
                first = (k0 + k) * stride + m0 + 2 * p
                squares.append((first, first + 1))
                dst += [p * ds + 2 * k + h if 2 * k + h < ds else -1 for h in (0, 1)]
    else:
        for q in range(ks // 2):
            for m in range(ms):
                first = (k0 + 2 * q) * stride + m0 + m
                squares.append((first, first + stride))
                dst += [2 * m * ds + q, (2 * m + 1) * ds + q]
    return squares, dst


def _v2_squares(f: dict, itemsize: int, stride: int, src, api: str, nibbles: bool = False):
    """ifTranspose of 8- and 32-bit elements (LoadData_2D_V2.md; the load_data_2dv2_l12l0
    sample's README): the transpose works on squares of two fractals. 8-bit: fractals
    (m, m + 1) of a K column (two 16 x 32 row neighbours, 1024 contiguous bytes) form a 32
    x 32 square whose transpose is two fractals, destination (m / 2) * dstStride + 2k and
    + 1 (mStep even); 32-bit: fractal m of K columns k and k + 1 (two 16 x 8 column
    neighbours) form a 16 x 16 square, whose transpose's two 16 x 8 halves go to (2m) *
    dstStride + k / 2 and (2m + 1) * dstStride + k / 2 (kStep even). An 8-bit M fractal
    2k + h at or past dstStride is dropped (the sample's README: dstStride set to the
    valid M fractals skips the padding fractal the square transpose reads). Each square as
    LoadDataWithTranspose transposes it (`_square_transpose`). 4-bit (`nibbles`, mStep
    a multiple of 4): fractals m .. m + 3 of a K column (16 x 64 elements each) form a 64
    x 64 square whose transpose is four fractals, destination (m / 4) * dstStride + 4k +
    h (*decision*: the 8-bit rule with four fractals; the page's figure is not in the
    checkout). Returns the source fractals read, the destination fractal of each output
    fractal and the fractals."""
    squares, dst = v2_square_indices(f, itemsize, stride, api, nibbles)
    read = np.array(squares).ravel()
    hi = int(read.max()) + 1
    sw = _bytes(src, 0, hi * FRACTAL, f"{api} reads src").reshape(hi, FRACTAL)
    if nibbles:
        out = [fr for sq in squares for fr in _nibble_transpose(sw[list(sq)])]
    else:
        out = [
            fr
            for a, b in squares
            for fr in _square_transpose(np.concatenate([sw[a], sw[b]]), itemsize)
        ]
    keep = np.array(dst) >= 0
    return read, np.array(dst)[keep], np.stack(out)[keep]


def _nibble_transpose(square: np.ndarray) -> list[np.ndarray]:
    """The four destination fractals of one 64 x 64 square of 4-bit elements (four 16 x
    64 fractals, element 2i of a row in the low nibble of its byte i), transposed."""
    t = float8.unpack4(square).reshape(64, 64).T
    return [float8.pack4(np.ascontiguousarray(t[16 * h : 16 * (h + 1)])) for h in range(4)]


def _load_2d_v2(op, comp, params=None):
    """LoadData(dst, src, LoadData2DParamsV2), L1 -> L0A/L0B (LoadData_2D_V2.md): the
    source is a grid of 512-byte fractals, K-direction columns of them `srcStride`
    fractals apart; the load takes `kStep` columns from `kStartPosition` and `mStep`
    fractals of each from `mStartPosition` (source fractal (kStart + k) * srcStride +
    mStart + m) and writes them `dstStride` fractals apart per column (destination
    fractal k * dstStride + m): Nz -> Nz into L0A, Zn -> Zn into L0B. With ifTranspose
    (16-bit elements) each fractal is transposed and the grid too (destination fractal
    m * dstStride + k): Zn -> Nz into L0A, Nz -> Zn into L0B; 8- and 32-bit elements are
    transposed in squares of two fractals, 4-bit ones in squares of four (`_v2_squares`). From GM (dav_3510
    `load_gm_to_cbuf_2dv2`) it loads L1 the same way (Nz in GM -> Nz in L1), without
    ifTranspose."""
    d, s, p = comp.slot(op.dst), comp.slot(op.src), comp.slot(params or op.operands[2])
    itemsize = np_dtype(op.dst.type.element_type).itemsize
    api = "LoadData (LoadData2DParamsV2)"
    half = is_float4(op.dst.type.element_type)

    from_gm = op.name == "ascendc.load_data_g2l_v2"

    def run(e, c, _op=op):
        if _arch(c) != V2_ARCH:
            raise UnsupportedOpError(
                f"{api} is an Ascend 950 (arch 3510) form; platform "
                f"{c.onchip.platform.name} has no implementation of it"
            )
        f = fields(e[p], LOAD_2D_V2_DEFAULTS, api)
        if from_gm:  # GM -> L1 (GMToL1-2D矩阵搬运V2): no transpose on this path
            dst, src = _local(e[d], f"{api} dst", ("L1",)), e[s]
            if f["ifTranspose"]:
                raise SimulatorError(
                    f"{api}: ifTranspose is not supported from GM (the GM -> L1 page; the "
                    "headers do not pass it to the instruction)"
                )
        else:
            dst = _local(e[d], f"{api} dst", ("L0A", "L0B"))
            src = _local(e[s], f"{api} src", ("L1",))
        pipe, direction = route(dst, src)
        ms, ks = f["mStep"], f["kStep"]
        if ms == 0 or ks == 0:  # the docs: a NOP
            return
        if ms > 255 or ks > 255:
            raise SimulatorError(f"{api}: mStep {ms} and kStep {ks} must be within 0-255")
        _check_align(dst, f"{api} dst", 32 if from_gm else FRACTAL)
        if not from_gm:
            _check_align(src, f"{api} src", 32)
        transpose = bool(f["ifTranspose"])
        stride = abs(f["srcStride"])
        if transpose and itemsize != 2:
            src_idx, dst_idx, frac = _v2_squares(f, itemsize, stride, src, api, half)
        else:
            k = np.arange(ks)[:, None]
            m = np.arange(ms)[None, :]
            src_idx = (f["kStartPosition"] + k) * stride + f["mStartPosition"] + m
            hi = int(src_idx.max()) + 1
            sw = _bytes(src, 0, hi * FRACTAL, f"{api} reads src")
            frac = sw.reshape(hi, FRACTAL)[src_idx.ravel()]
            if transpose:
                frac = _frac_transpose(frac, itemsize)
                dst_idx = m * f["dstStride"] + k
            else:
                dst_idx = k * f["dstStride"] + m
            dst_idx = dst_idx.ravel()
        if len(np.unique(dst_idx)) != dst_idx.size:
            raise SimulatorError(
                f"{api}: dstStride {f['dstStride']} is less than the "
                f"{'kStep' if transpose else 'mStep'} fractals each step writes: they overlap"
            )
        dw = _bytes(dst, 0, (int(dst_idx.max()) + 1) * FRACTAL, f"{api} writes dst")
        dw.reshape(-1, FRACTAL)[dst_idx] = frac
        charge_dma(c.cnt, pipe, direction, ms * ks * FRACTAL)

    return run


# -- LoadDataWithTranspose ----------------------------------------------------------------


def _square_transpose(sq: np.ndarray, itemsize: int) -> list[np.ndarray]:
    """The destination fractals (512 bytes each) of one transposed square (bytes): a 16 x
    16 fractal (16-bit); a 32 x 32 square of two 16 x 32 fractals (8-bit), whose
    transpose splits into row halves; a 16 x 16 matrix of two 16 x 8 column fractals
    (32-bit), whose transpose splits the same way (asc-devkit's transpose model)."""
    if itemsize == 2:
        return [_frac_transpose(sq[None, :], 2)[0]]
    if itemsize == 1:
        t = sq.reshape(32, 32).T
        return [np.ascontiguousarray(t[:16]).reshape(-1), np.ascontiguousarray(t[16:]).reshape(-1)]
    m = np.concatenate(sq.view(np.uint32).reshape(2, 16, 8), axis=1)  # 16 x 16
    t = m.T
    halves = (t[:, :8], t[:, 8:])
    return [np.ascontiguousarray(h).view(np.uint8).reshape(-1) for h in halves]


def _load_transpose(op, comp):
    """LoadDataWithTranspose (L1 -> L0A/L0B): repeat i transposes square startIndex +/-
    i * srcStride (squares of 512 B for 16-bit, 1024 B for 8/32-bit types) into the
    fractal at i * (1 + dstGap) * 512 and, for 8/32-bit, a second one (1 + dstFracGap)
    fractals after it."""
    d, s, p = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.operands[2])
    itemsize = np_dtype(op.dst.type.element_type).itemsize
    api = "LoadDataWithTranspose"
    if itemsize not in (1, 2, 4):
        raise UnsupportedOpError(
            f"{api} of {itemsize * 8}-bit elements is invalid: it moves 8-, 16- or 32-bit elements"
        )
    square = FRACTAL * (1 if itemsize == 2 else 2)

    def run(e, c, _op=op):
        f = fields(e[p], TRANSPOSE_DEFAULTS, api)
        dst = _local(e[d], f"{api} dst", ("L0A", "L0B"))
        src = e[s]
        pipe, direction = route(dst, src)
        reps = f["repeatTimes"]
        if reps == 0:
            return
        _check_align(dst, f"{api} dst", FRACTAL)
        step = -f["srcStride"] if f["addrMode"] else f["srcStride"]
        first = f["startIndex"]
        last = first + (reps - 1) * step
        lo, hi = min(first, last), max(first, last)
        if lo < 0:
            raise TensorBoundsError(f"{api}: square index {lo} before the source's start")
        sw = _bytes(src, lo * square, (hi - lo + 1) * square, f"{api} reads src")
        pitch, frac_gap = (1 + f["dstGap"]) * FRACTAL, (1 + f["dstfracGap"]) * FRACTAL
        outs = [
            _square_transpose(sw[(first - lo + i * step) * square :][:square].copy(), itemsize)
            for i in range(reps)
        ]
        end = (reps - 1) * pitch + (len(outs[0]) - 1) * frac_gap + FRACTAL
        dw = _bytes(dst, 0, end, f"{api} writes dst")
        for i, fracs in enumerate(outs):  # in order: repeats may overwrite each other
            for j, frac in enumerate(fracs):
                at = i * pitch + j * frac_gap
                dw[at : at + FRACTAL] = frac
        charge_dma(c.cnt, pipe, direction, reps * square)

    return run


# -- LoadData 3D V2 (img2col) ------------------------------------------------------------

LOAD_3D_V2_DEFAULTS = {
    "padList": (0, 0, 0, 0),
    "l1H": 0,
    "l1W": 0,
    "channelSize": 0,
    "kExtension": 0,
    "mExtension": 0,
    "kStartPt": 0,
    "mStartPt": 0,
    "strideW": 1,
    "strideH": 1,
    "filterW": 1,
    "filterH": 1,
    "dilationFilterW": 1,
    "dilationFilterH": 1,
    "enTranspose": False,
    "enSmallK": False,
    "padValue": 0,
    "filterSizeW": False,
    "filterSizeH": False,
    "fMatrixCtrl": False,
}
FMATRIX = ("FMATRIX_LEFT", "FMATRIX_RIGHT")
"""Registers of SetFmatrix's (l1H, l1W, padList [left, right, top, bottom])."""


def img2col(fm: np.ndarray, f: dict, geometry: tuple, pad_value) -> np.ndarray:
    """The (mExtension x kExtension) window of the img2col matrix of feature map `fm`
    (C1 x H x W x C0 in L1): row m is output position (m // Wout, m % Wout), column k
    is (c1, kh, kw, c0) with c0 fastest; taps outside the map read `pad_value`
    (the asc-devkit load3d model, extended to rows past Hout * Wout)."""
    l1h, l1w, (left, right, top, bottom) = geometry
    c1n, _, _, c0 = fm.shape
    fh = f["filterH"] + (256 if f["filterSizeH"] else 0)
    fw = f["filterW"] + (256 if f["filterSizeW"] else 0)
    sh, sw, dh, dw = f["strideH"], f["strideW"], f["dilationFilterH"], f["dilationFilterW"]
    wout = (l1w + left + right - ((fw - 1) * dw + 1)) // sw + 1
    if wout <= 0 or (l1h + top + bottom - ((fh - 1) * dh + 1)) // sh + 1 <= 0:
        raise SimulatorError(
            f"LoadData 3D: the {fh} x {fw} filter (dilation {dh}, {dw}) does not fit the "
            f"{l1h} x {l1w} feature map with padding {[left, right, top, bottom]}"
        )
    m = f["mStartPt"] + np.arange(f["mExtension"])
    k = f["kStartPt"] // c0 + np.arange(f["kExtension"] // c0)  # C0 blocks of K
    c1, tap = k // (fh * fw), k % (fh * fw)
    if c1.size and int(c1[-1]) >= c1n:
        raise TensorBoundsError(
            f"LoadData 3D: K position {f['kStartPt'] + f['kExtension'] - 1} is past the "
            f"{c1n * fh * fw * c0} of channelSize {c1n * c0} x {fh} x {fw}"
        )
    h = (m // wout * sh - top)[:, None] + (tap // fw * dh)[None, :]
    w = (m % wout * sw - left)[:, None] + (tap % fw * dw)[None, :]
    inside = (h >= 0) & (h < l1h) & (w >= 0) & (w < l1w)
    taps = fm[c1[None, :], np.clip(h, 0, l1h - 1), np.clip(w, 0, l1w - 1)]  # (M, K/C0, C0)
    return np.where(inside[:, :, None], taps, np.asarray(pad_value, fm.dtype))


# LoadData3DParamsV2Pro packs V2's window and filter fields into two words (dav-c220's
# LoadData3DV2L12L0*Cal shifts them out): field -> (word, shift, bits).
V2PRO_PACKED = {
    "kExtension": ("extConfig", 0, 16),
    "mExtension": ("extConfig", 16, 16),
    "kStartPt": ("extConfig", 32, 16),
    "mStartPt": ("extConfig", 48, 16),
    "strideW": ("filterConfig", 0, 8),
    "strideH": ("filterConfig", 8, 8),
    "filterW": ("filterConfig", 16, 8),
    "filterH": ("filterConfig", 24, 8),
    "dilationFilterW": ("filterConfig", 32, 8),
    "dilationFilterH": ("filterConfig", 40, 8),
}
LOAD_3D_V2PRO_DEFAULTS = {
    "channelSize": 0,
    "enTranspose": False,
    "enSmallK": False,
    "filterSizeW": False,
    "filterSizeH": False,
    "fMatrixCtrl": False,
    "extConfig": 0,
    "filterConfig": 0x10101010101,  # stride, filter and dilation 1
}


def _v2pro_fields(value, api: str) -> dict:
    f = fields(value, LOAD_3D_V2PRO_DEFAULTS, api)
    for name, (word, shift, bits) in V2PRO_PACKED.items():
        f[name] = (int(f[word]) >> shift) & ((1 << bits) - 1)
    return f


LOAD3D_REPEAT_DEFAULTS = {"repeatStride": 0, "repeatTime": 1, "repeatMode": 0}
MIN_BOUNDARY = 1024
"""SetLoadDataBoundary: values 1..1023 are undefined behaviour (the docs' minimum)."""


def _repeat_times(c, api: str) -> int:
    """SetLoadDataRepeat's repeatTime: 0 makes the load a no-op, 1 (the default) one
    load; more repeats are refused (A2/A3 have no dstStride: the docs do not say where
    each repeat's output goes)."""
    reg = c.regs.get("LOAD3D_REPEAT")
    if reg is None:
        return 1
    times = int(fields(reg, LOAD3D_REPEAT_DEFAULTS, "SetLoadDataRepeat")["repeatTime"])
    if times > 1:
        raise UnsupportedOpError(
            f"{api} after SetLoadDataRepeat with repeatTime {times} is not simulated: the "
            "Atlas A2/A3 docs do not say where each repeat's output goes (dstStride is an "
            "Ascend 950 parameter)"
        )
    return times


def _feature_map(c, src: LocalTensor, nbytes: int, api: str) -> np.ndarray:
    """The feature map's bytes from src; after SetLoadDataBoundary(b) (b > 0) an L1
    address at or past b reads from L1's start again (address % b)."""
    boundary = int(c.regs.get("LOAD3D_BOUNDARY", 0))
    if not boundary:
        return _bytes(src, 0, nbytes, f"{api} reads src")
    if boundary < MIN_BOUNDARY:
        raise SimulatorError(
            f"{api}: SetLoadDataBoundary({boundary}) is invalid: a boundary below "
            f"{MIN_BOUNDARY} bytes is undefined behaviour (0 means none)"
        )
    if src.offset >= boundary:
        raise SimulatorError(
            f"{api}: src starts at L1 byte {src.offset}, not inside the boundary "
            f"{boundary} that SetLoadDataBoundary set"
        )
    addr = (src.offset + np.arange(nbytes)) % boundary
    if nbytes and int(addr.max()) >= src.mem.size:
        raise TensorBoundsError(f"{api}: the boundary {boundary} is past L1's end")
    return src.mem[addr]


def _b32_transposed(mat: np.ndarray, old: np.ndarray, into_l0b: bool) -> np.ndarray:
    """32-bit img2col window (M x K) into 16 x 8 fractals as asc-devkit's load3d.py
    model moves it: K padded to 16; each 8-row half of a 16-row M block transposed
    (K x 8). L0B: [M/16, 2, Kp, 8]; L0A with enTranspose: [Kp/16, M/16, 2, 16, 8]. The
    padded K positions are not written (`old`, the destination's elements, stay)."""
    m, k = mat.shape
    kp = -(-k // 16) * 16
    padded = np.zeros((m, kp), mat.dtype)
    padded[:, :k] = mat
    halves = padded.reshape(m // 16, 2, 8, kp).transpose(0, 1, 3, 2)  # [M1, 2, Kp, 8]
    valid = np.broadcast_to((np.arange(kp) < k)[None, None, :, None], halves.shape)
    if not into_l0b:
        order = (2, 0, 1, 3, 4)  # [Kp/16, M1, 2, 16, 8]
        halves = halves.reshape(m // 16, 2, kp // 16, 16, 8).transpose(order)
        valid = valid.reshape(m // 16, 2, kp // 16, 16, 8).transpose(order)
    out = old.reshape(halves.shape).copy()
    out[valid] = halves[valid]
    return out


def _load_3d_v2(op, comp, pro: bool = False):
    """LoadData 3D V2, or V2Pro (`pro`): the same img2col from packed fields, with the
    fmatrix and padding value the registers hold (SetFmatrix, SetLoadDataPaddingValue;
    V2's default IsResetLoad3dConfig writes them from its parameters instead)."""
    d, s, p = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.operands[2])
    dt = np_dtype(op.dst.type.element_type)
    api = "LoadData 3D V2Pro" if pro else "LoadData 3D"
    c0 = 32 // dt.itemsize  # 32 / 16 / 8 elements: one 32-byte block

    def run(e, c, _op=op):
        f = _v2pro_fields(e[p], api) if pro else fields(e[p], LOAD_3D_V2_DEFAULTS, api)
        dst = _local(e[d], f"{api} dst", ("L0A", "L0B"))
        src = _local(e[s], f"{api} src", ("L1",))
        _check_align(dst, f"{api} dst", FRACTAL)
        _check_align(src, f"{api} src", 32)
        if not pro:
            # the API's default IsResetLoad3dConfig sets the left fmatrix and the padding
            # value from the parameters first
            pad = tuple(int(v) for v in np.asarray(f["padList"]).reshape(-1)[:4])
            c.regs[FMATRIX[0]] = (int(f["l1H"]), int(f["l1W"]), pad)
            c.regs["LOAD3D_PAD"] = f["padValue"]
        if _repeat_times(c, api) == 0:
            return  # repeatTime 0: the docs' NOP
        which = int(bool(f["fMatrixCtrl"]))
        geometry = c.regs.get(FMATRIX[which])
        if geometry is None:
            side = ("LEFT", "RIGHT")[which]
            raise SimulatorError(
                f"{api} reads the {side.lower()} fmatrix: SetFmatrix(..., "
                f"FmatrixMode::FMATRIX_{side}) first"
            )
        l1h, l1w, _ = geometry
        channels, kext, mext = int(f["channelSize"]), int(f["kExtension"]), int(f["mExtension"])
        no_filter = (not f["filterW"] and not f["filterSizeW"]) or (
            not f["filterH"] and not f["filterSizeH"]
        )
        if 0 in (l1h, l1w, channels, kext, mext) or no_filter:
            return  # the docs: such an instruction is not executed
        bad = [
            name
            for name, v, unit in (
                ("channelSize", channels, c0),
                ("kStartPt", int(f["kStartPt"]), c0),
                ("kExtension", kext, c0),
                ("mExtension", mext, 16),
            )
            if v % unit
        ]
        if bad:
            raise UnsupportedOpError(
                f"{api}: {', '.join(bad)} must be a multiple of C0 = {c0} (mExtension of "
                "16): the small-channel forms (channelSize 4, 8, N*C0+4 ...) are not simulated"
            )
        transpose = bool(f["enTranspose"])
        into_l0b = dst.mem_name == "L0B"
        if dt.itemsize == 1 and (into_l0b or transpose):
            raise SimulatorError(
                f"{api} of 8-bit elements {'into L0B' if into_l0b else 'with enTranspose'} "
                "is invalid on Atlas A2/A3 (the LoadData 3D docs: no b8 into L0B, no b8 "
                "transpose into L0A)"
            )
        nbytes = channels * l1h * l1w * dt.itemsize
        fm = _feature_map(c, src, nbytes, api).view(dt)
        fm = fm.reshape(channels // c0, l1h, l1w, c0)
        pad_value = np.asarray(c.regs.get("LOAD3D_PAD", 0)).astype(dt)  # 0 until set
        mat = img2col(fm, f, geometry, pad_value)  # (M, K/C0, C0)
        if dt.itemsize == 4 and (into_l0b or transpose):
            kp = -(-kext // 16) * 16
            old = _bytes(dst, 0, mext * kp * 4, f"{api} writes dst").view(dt)
            frac = _b32_transposed(mat.reshape(mext, kext), old, into_l0b)
        else:
            frac = mat.reshape(mext // 16, 16, kext // c0, c0).transpose(0, 2, 1, 3)  # zZ
            if into_l0b:
                frac = frac.transpose(0, 1, 3, 2)  # each fractal k0 x m0
            elif transpose:
                frac = frac.transpose(1, 0, 3, 2)  # k1 outer, each fractal k0 x m0
        out = np.ascontiguousarray(frac).view(np.uint8).reshape(-1)
        _bytes(dst, 0, out.size, f"{api} writes dst")[:] = out
        pipe, direction = route(dst, src)
        charge_dma(c.cnt, pipe, direction, out.size)

    return run


# -- Mmad --------------------------------------------------------------------------------


def _as_f32(arr: np.ndarray, bf16: bool) -> np.ndarray:
    """C-ordered float32 (a strided operand would take numpy's slow non-BLAS matmul)."""
    return np.ascontiguousarray(bf16_to_f32(arr) if bf16 else arr.astype(np.float32, order="C"))


def to_hf32(x: np.ndarray, ties_even: bool) -> np.ndarray:
    """float32 rounded to HF32 (1, 8, 11: the low 12 mantissa bits dropped), to the
    nearest with ties to even (the trans bit clear, HF32TransMode NEAREST_EVEN) or
    toward zero (the bit set: SetHF32TransMode(true), NEAREST_ZERO)."""
    bits = np.ascontiguousarray(x, np.float32).view(np.uint32).astype(np.uint64)
    low = bits & 0xFFF
    keep = bits & ~np.uint64(0xFFF)
    odd = (bits >> 12) & 1
    up = (low > 0x800) | ((low == 0x800) & (odd == 1) & ties_even)
    out = (keep + (up.astype(np.uint64) << 12)).astype(np.uint32).view(np.float32)
    return np.where(np.isfinite(x), out, x)


def _mmad(op, comp, with_bias: bool, bit_mode: bool = False):
    """Mmad with MmadParams, or (`bit_mode`) MmadBitModeParams: the packed word's fields
    (no isBias, kDirectionAlign), and the bias form clears the object's cmatrixInitVal
    (dav_3510 `MmadCal` takes it by non-const reference) and starts C from the bias
    table only when cmatrixSource says so (from L0C otherwise, the bias unread)."""
    d, a, b = comp.slot(op.dst), comp.slot(op.fm), comp.slot(op.filter)
    bias_slot = comp.slot(op.bias) if with_bias else None
    p = comp.slot(op.mmad_params)
    a_type = op.fm.type.element_type
    a_dt = np_dtype(a_type)
    c_dt = np_dtype(op.dst.type.element_type)
    integer = c_dt.kind == "i"
    bf16 = is_bf16(a_type)
    k0 = 32 // a_dt.itemsize
    # Ascend 950's 8-bit floats: decoded (exact), products and sums in float64, one
    # rounding to float32 (docs/fp8.md)
    fp8 = tuple(float8_name(v.type.element_type) for v in (op.fm, op.filter))

    def run(e, c, _op=op):
        if bit_mode:
            f = {**_mx().bit_mode_fields(e[p], "Mmad", with_bias), "kDirectionAlign": False}
            if with_bias:
                e[p].set("cmatrixInitVal", 0)
        else:
            f = fields(e[p], MMAD_DEFAULTS, "Mmad")
        dst = _local(e[d], "Mmad dst", ("L0C",))
        fm = _local(e[a], "Mmad fm", ("L0A",))
        filt = _local(e[b], "Mmad filter", ("L0B",))
        m, n, k = f["m"], f["n"], f["k"]
        if m == 0 or n == 0 or k == 0:
            return
        _unit_flag(c, int(f["unitFlag"]), "M", "FIX")
        _check_align(fm, "Mmad fm", FRACTAL)
        _check_align(filt, "Mmad filter", FRACTAL)
        m1, n1 = -(-m // 16), -(-n // 16)
        kk = k if not (f["kDirectionAlign"] and k0 == 8) else -(-k // 16) * 16
        k1 = -(-kk // k0)
        av = _bytes(fm, 0, m1 * k1 * FRACTAL, "Mmad reads fm").view(a_dt)
        bv = _bytes(filt, 0, k1 * n1 * FRACTAL, "Mmad reads filter").view(a_dt)
        cbytes = n1 * m1 * 256 * c_dt.itemsize
        cv = _bytes(dst, 0, cbytes, "Mmad writes dst").view(c_dt)
        # Zz (Nz on Ascend 950) -> (M, K); Zn -> (K, N); L0C Nz <-> (M, N)
        # the whole fractal grid is computed (rows past m and columns past n from
        # whatever the padding of L0A/L0B holds), as the cube does
        if _arch(c) == V2_ARCH:  # Ascend 950 keeps A as Nz (Mmad.md: Nz x Zn = Nz)
            am = av.reshape(k1, m1, 16, k0).transpose(1, 2, 0, 3)
        else:
            am = av.reshape(m1, k1, 16, k0).transpose(0, 2, 1, 3)
        am = am.reshape(m1 * 16, k1 * k0)[:, :k]
        bm = bv.reshape(k1, n1, 16, k0).transpose(0, 3, 1, 2).reshape(k1 * k0, n1 * 16)[:k]
        c4 = cv.reshape(n1, m1, 16, 16)  # a view: written through at the end
        cm = c4.transpose(1, 2, 0, 3).reshape(m1 * 16, n1 * 16)  # a copy
        if fp8[0] is not None:
            prod = float8.decode(am, fp8[0], np.float64) @ float8.decode(bm, fp8[1], np.float64)
        elif integer:  # float64 BLAS is exact here: |sum| < 2^14 * 4095 * 16 < 2^53
            prod = (am.astype(np.float64, order="C") @ bm.astype(np.float64, order="C")).astype(
                np.int64
            )
        elif k0 == 8 and c.regs.get("HF32"):
            # the trans bit (SetHF32TransMode(bool)): set rounds ties toward zero
            even = not c.regs.get("HF32_TRANS", False)
            prod = to_hf32(am, even) @ to_hf32(bm, even)
        else:
            prod = _as_f32(am, bf16) @ _as_f32(bm, bf16)
        # SetMMLayoutTransform (MM_LAYOUT) only orders the fractals the cube produces (N
        # or M first, for unitFlag's overlap with Fixpipe): L0C ends the same
        if bit_mode:  # (C: 0, the bias table as cmatrixSource says, or L0C)
            init_from_bias = bool(f["cmatrixSource"]) and not f["cmatrixInitVal"] and with_bias
            if init_from_bias and e[bias_slot].mem_name != "BT":
                raise SimulatorError(
                    "Mmad: cmatrixSource=true reads C's initial value from the bias table; "
                    f"the bias is in {e[bias_slot].mem_name}, not C2 (BT)"
                )
        else:
            init_from_bias = with_bias and e[bias_slot].mem_name == "BT"
        if init_from_bias or (not with_bias and f["cmatrixSource"] and not f["cmatrixInitVal"]):
            if not with_bias:
                raise SimulatorError(
                    "Mmad: cmatrixSource=true takes C's initial value from the bias table, "
                    "which only the bias form of Mmad names"
                )
            bias = _local(e[bias_slot], "Mmad bias", ("BT", "L0C"))
            bias_v = _bytes(bias, 0, n1 * 16 * c_dt.itemsize, "Mmad reads bias").view(c_dt)
            prod = prod + bias_v[None, :]
        elif not (f["cmatrixInitVal"] and not f["isBias"]):
            prod = prod + cm
        out = prod.astype(c_dt) if not integer else prod.astype(np.int64).astype(np.int32)
        c4[...] = out.reshape(m1, 16, n1, 16).transpose(2, 0, 1, 3)
        charge_cube(c.cnt, m1 * n1 * k1)

    return run


# -- sparse (4:2) loads and Mmad ------------------------------------------------------------

SPARSE_INDEX = "SPARSE_INDEX"
"""The cube's index buffer (a quarter of L0B's size): LoadDataWithSparse puts the
128-byte index fractal of the weight fractal at L0B byte o at byte o / 4, where
MmadWithSparse reads it (*decision*: the documentation only says no address is given)."""
INDEX_FRACTAL = 128


def _index_buffer(c) -> np.ndarray:
    buf = c.regs.get(SPARSE_INDEX)
    if buf is None:
        buf = c.regs[SPARSE_INDEX] = np.zeros(c.onchip.capacity("L0B") // 4, np.uint8)
    return buf


def _load_sparse(op, comp):
    """LoadDataWithSparse: weight fractals startIndex .. + repeatTimes of src (512 B,
    contiguous: the other LoadData2DParams fields are unused) to dst in L0B, and the
    index fractals of the same numbers (128 B) of idx into the index buffer."""
    d, s, x, p = (comp.slot(v) for v in (op.dst, op.src, op.idx, op.operands[3]))
    api = "LoadDataWithSparse"

    def run(e, c, _op=op):
        f = fields(e[p], LOAD_2D_DEFAULTS, api)
        dst = _local(e[d], f"{api} dst", ("L0B",))
        src = _local(e[s], f"{api} src", ("L1",))
        idx = _local(e[x], f"{api} idx", ("L1",))
        reps, start = f["repeatTimes"], f["startIndex"]
        if reps == 0:
            return
        _check_align(dst, f"{api} dst", FRACTAL)
        w = _bytes(src, start * FRACTAL, reps * FRACTAL, f"{api} reads src")
        ix = _bytes(idx, start * INDEX_FRACTAL, reps * INDEX_FRACTAL, f"{api} reads idx")
        _bytes(dst, 0, reps * FRACTAL, f"{api} writes dst")[:] = w
        at = dst.offset // 4
        _index_buffer(c)[at : at + ix.size] = ix
        pipe, direction = route(dst, src)
        charge_dma(c.cnt, pipe, direction, reps * (FRACTAL + INDEX_FRACTAL))

    return run


def sparse_columns(codes: np.ndarray) -> np.ndarray:
    """The columns of A each dense weight meets: `codes` (N x K/2) are the 2-bit indexes
    in order, two per group of 4 columns; the first picks column idx0 of its group, the
    second column max(idx1 + 1, idx0) (MmadWithSparse's selection table)."""
    first, second = codes[:, 0::2].astype(np.int64), codes[:, 1::2].astype(np.int64)
    base = 4 * np.arange(first.shape[1])
    cols = np.empty(codes.shape, np.int64)
    cols[:, 0::2] = base + first
    cols[:, 1::2] = base + np.maximum(second + 1, first)
    return cols


def _mmad_sparse(op, comp):
    """MmadWithSparse: C (M x N, int32) = A (M x K, Zz in L0A) with its columns picked
    by the index x dense B (K/2 x N, Zn in L0B), init or accumulate as Mmad."""
    d, a, b = comp.slot(op.dst), comp.slot(op.fm), comp.slot(op.filter)
    p = comp.slot(op.mmad_params)
    api = "MmadWithSparse"

    def run(e, c, _op=op):
        f = fields(e[p], MMAD_DEFAULTS, api)
        dst = _local(e[d], f"{api} dst", ("L0C",))
        fm = _local(e[a], f"{api} fm", ("L0A",))
        filt = _local(e[b], f"{api} filter", ("L0B",))
        m, n, k = f["m"], f["n"], f["k"]
        if m == 0 or n == 0 or k == 0:
            return
        if k % 64:
            raise SimulatorError(f"{api}: k = {k} must be a multiple of 64 (one dense fractal)")
        _check_align(fm, f"{api} fm", FRACTAL)
        _check_align(filt, f"{api} filter", FRACTAL)
        m1, n1, k1, kd1 = -(-m // 16), -(-n // 16), k // 32, k // 64
        am = _bytes(fm, 0, m1 * k1 * FRACTAL, f"{api} reads fm").view(np.int8)
        am = am.reshape(m1, k1, 16, 32).transpose(0, 2, 1, 3).reshape(m1 * 16, k)
        bv = _bytes(filt, 0, kd1 * n1 * FRACTAL, f"{api} reads filter").view(np.int8)
        bd = bv.reshape(kd1, n1, 16, 32).transpose(0, 3, 1, 2).reshape(kd1 * 32, n1 * 16)
        at = filt.offset // 4
        ix = _index_buffer(c)[at : at + kd1 * n1 * INDEX_FRACTAL]
        rows = ix.reshape(kd1, n1, 16, 8).transpose(1, 2, 0, 3).reshape(n1 * 16, kd1 * 8)
        codes = ((rows[:, :, None] >> np.array([0, 2, 4, 6], np.uint8)) & 3).reshape(n1 * 16, -1)
        cols = sparse_columns(codes)  # (N, K/2)
        picked = am.astype(np.int64)[:, cols]  # (M, N, K/2)
        prod = np.einsum("mnp,pn->mn", picked, bd.astype(np.int64))
        cv = _bytes(dst, 0, n1 * m1 * 256 * 4, f"{api} writes dst").view(np.int32)
        c4 = cv.reshape(n1, m1, 16, 16)
        if not (f["cmatrixInitVal"] and not f["isBias"]):
            prod = prod + c4.transpose(1, 2, 0, 3).reshape(m1 * 16, n1 * 16)
        c4[...] = prod.astype(np.int32).reshape(m1, 16, n1, 16).transpose(2, 0, 1, 3)
        charge_cube(c.cnt, m1 * n1 * kd1 * 2)

    return run


# -- unitFlag ----------------------------------------------------------------------------

UNIT_FLAG = "UNIT_FLAG"
"""c.regs key: the pipe ("M" / "FIX") whose last L0C op had unitFlag 2 or 3 on."""


def _unit_flag(c, flag: int, pipe: str, other: str) -> None:
    """Mmad's and Fixpipe's unitFlag (UnitFlag.md): with it on in both, L0C's per-block
    flags order them, Fixpipe after the Mmad that wrote a block, the next Mmad after the
    Fixpipe that read it. For the race checker `pipe` then knows `other`'s work complete
    when `other`'s last L0C op had it on too (coarser than per block, as the docs ask
    the two to move the same blocks)."""
    if flag not in (2, 3):
        return
    regs = c.regs
    if c.san is not None and regs.get(UNIT_FLAG + other):
        c.san.join(c.san.snapshot(FIX_PIPE if other == "FIX" else M_PIPE), PIPE_NO[pipe])
    regs[UNIT_FLAG + pipe] = True


# -- Fixpipe -----------------------------------------------------------------------------


def _scale_field(bits: int) -> tuple[np.float32, int, bool]:
    """(scale, offset, signed) of a QUANT_PRE value: bits 0-31 a float kept to 10
    mantissa bits, 37-45 a 9-bit signed offset, 46 the sign of the int8 result."""
    m1 = np.array([bits & 0xFFFFE000], np.uint32).view(np.float32)[0]
    off = (bits >> 37) & 0x1FF
    off = off - 512 if off & 0x100 else off
    return m1, off, bool((bits >> 46) & 1)


def _deq_shift(x: np.ndarray, bits: int) -> np.ndarray:
    """REQ8/DEQF16 with the MCB bit: shift right by N (1..16) and keep 16 bits."""
    if not (bits >> 36) & 1:
        return x.astype(np.float64)
    shift = ((bits >> 32) & 0xF) + 1
    return (x.astype(np.int64) >> shift).astype(np.int16).astype(np.float64)


def _to_int8(x: np.ndarray, signed: bool) -> np.ndarray:
    lo, hi = (-128, 127) if signed else (0, 255)
    return np.clip(np.rint(x), lo, hi).astype(np.int8 if signed else np.uint8)


def convert_out(x: np.ndarray, quant: int, out_dt: np.dtype, out_bf16: bool, scales) -> np.ndarray:
    """Fixpipe's conversion of the L0C values `x` (m x n); `scales` is the QUANT_PRE
    value (scalar modes) or one per column (vector modes, a uint64 array)."""
    if quant in (NO_QUANT,):
        return x.astype(out_dt)
    if quant == F322F16:
        return x.astype(np.float16)
    if quant == F322BF16:
        return f32_to_bf16(x)
    per_column = quant in (VDEQF16, VQF322B8_PRE, VREQ8)
    cols = scales if per_column else np.full(x.shape[1], scales, np.uint64)
    out = np.empty(x.shape, np.float16 if quant in (DEQF16, VDEQF16) else out_dt)
    for j in range(x.shape[1]):  # per column: each has its own scale word
        bits = int(cols[j])
        scale, off, signed = _scale_field(bits)
        col = x[:, j]
        if quant in (DEQF16, VDEQF16):
            out[:, j] = (_deq_shift(col, bits) * np.float64(scale)).astype(np.float16)
        elif quant in (REQ8, VREQ8):
            out[:, j] = _to_int8(_deq_shift(col, bits) * np.float64(scale) + off, signed)
        else:  # QF322B8_PRE, VQF322B8_PRE
            out[:, j] = _to_int8(col.astype(np.float64) * np.float64(scale) + off, signed)
    return out


FP8_QUANT: dict[str, tuple[str, str]] = {
    **dict.fromkeys(("QF322FP8_PRE", "VQF322FP8_PRE"), ("float8_e4m3fn", "rint")),
    **dict.fromkeys(
        ("QF322HIF8_PRE", "VQF322HIF8_PRE", "QF322HIF8_PRE_HYBRID", "VQF322HIF8_PRE_HYBRID"),
        ("hifloat8", "round"),
    ),
}
"""Ascend 950's quant modes into 8-bit floats -> (format, rounding): fp8_e4m3fn_t to the
nearest even (the feature's CAST_RINT), HiFloat8 half away ("Half to Away Round", the
随路量化 page); HYBRID as ROUND (docs/fp8.md: its stochastic part is not reproducible).
*Decision*: saturated as the basic API's Cast is (overflow to the largest value, NaN to
0): the pages do not say."""


def convert_out_3510(x: np.ndarray, mode: str, out_dt: np.dtype, out_bf16: bool, scales):
    """Fixpipe's conversion on Ascend 950 (docs: 随路量化 and its scene combinations;
    the fixpipe_l0c2gm sample's gen_data scripts): a scale mode multiplies by M1 (bits
    31-13 of the QUANT_PRE word, the (1, 8, 10) float; bits 32-36 are unused on 3510,
    so no MCB shift) and rounds to the dst type; the int8 modes round and saturate the
    product to 9 bits, add the 9-bit offset (bits 37-45) and saturate to int8 (bit 46
    set) or uint8; the FP8 / HIF8 modes encode the product (`FP8_QUANT`). F322F16 /
    F322BF16 are plain casts (CAST_RINT)."""
    if mode == "NoQuant":
        return x.astype(out_dt)
    if mode == "F322F16":
        return x.astype(np.float16)
    if mode == "F322BF16":
        return f32_to_bf16(x)
    cols = scales if cube_dialect.is_vector_quant(mode) else np.full(x.shape[1], scales, np.uint64)
    out = np.empty(x.shape, np.uint16 if out_bf16 else out_dt)
    for j in range(x.shape[1]):  # per column: each has its own scale word
        scale, off, signed = _scale_field(int(cols[j]))
        y = x[:, j].astype(np.float64) * np.float64(scale)
        if mode in FP8_QUANT:  # (the product rounded to float, as the float modes, then encoded)
            name, rounding = FP8_QUANT[mode]
            out[:, j] = float8.encode(y.astype(np.float32), name, rounding, saturate=True)
        elif mode.endswith(("B8_PRE", "REQ8")):
            lo, hi = (-128, 127) if signed else (0, 255)
            nine = np.clip(np.rint(y), -256, 255) + off
            out[:, j] = np.clip(nine, lo, hi).astype(out_dt)
        elif out_bf16:
            out[:, j] = f32_to_bf16(y.astype(np.float32))
        else:  # half (DEQF16, QF322F16_PRE) or float (QF322F32_PRE)
            out[:, j] = y.astype(np.float32).astype(out_dt)
    return out


# (L0C type, dst type) -> the quant modes Fixpipe accepts for them
FIXPIPE_MODES: dict[tuple[str, str], tuple[int, ...]] = {
    ("float32", "float32"): (NO_QUANT,),
    ("float32", "float16"): (F322F16,),
    ("float32", "bf16"): (F322BF16,),
    ("float32", "int8"): (QF322B8_PRE, VQF322B8_PRE),
    ("float32", "uint8"): (QF322B8_PRE, VQF322B8_PRE),
    ("int32", "int32"): (NO_QUANT,),
    ("int32", "float16"): (DEQF16, VDEQF16),
    ("int32", "int8"): (REQ8, VREQ8),
    ("int32", "uint8"): (REQ8, VREQ8),
}


def _out_types(op, api: str):
    out_type = op.dst.type.element_type
    out_dt = np_dtype(out_type)
    src_dt = np_dtype(op.src.type.element_type)
    modes = FIXPIPE_MODES.get((src_dt.name, "bf16" if is_bf16(out_type) else out_dt.name))
    if modes is None:
        raise UnsupportedOpError(
            f"{api} from {src_dt} to {out_type} is invalid on Atlas A2/A3: L0C float goes "
            "to float, half, bfloat16, int8 or uint8, int32 to int32, half, int8 or uint8"
        )
    return out_type, out_dt, src_dt, modes


def _out_types_3510(op, api: str):
    """`_out_types` on Ascend 950: the 3510 dtype pairs (`FIXPIPE_TYPES_3510`); the
    quant modes of a pair are checked when the op runs (`QUANT_PAIRS_3510`)."""
    out_type, src_type = op.dst.type.element_type, op.src.type.element_type
    allowed = cube_dialect.FIXPIPE_TYPES_3510.get(str(src_type), frozenset())
    if str(out_type) not in allowed:
        raise UnsupportedOpError(
            f"{api} from {src_type} to {out_type} is invalid on Ascend 950 (the headers' "
            "static_assert: float to int8, uint8, half, bfloat16, float, fp8_e4m3fn_t or "
            "hifloat8_t; int32 to int8, uint8, half, bfloat16 or int32)"
        )
    return out_type, np_dtype(out_type), np_dtype(src_type), (str(src_type), str(out_type))


def nz_blocks(n: int, osz: int, split: bool) -> list[tuple[int, int]]:
    """(first column, columns) of each destination Nz column block: 16 columns; 8 with
    the float channel split (a 16 x 16 fractal becomes two 16 x 8); for 8-bit outputs
    the Int8 Channel Merge (automatic) pairs 16-column blocks into 32 (an odd last one
    stays 16 wide)."""
    if split:
        return [(j * 8, 8) for j in range(-(-n // 8))]
    n16 = -(-n // 16)
    if osz != 1:
        return [(j * 16, 16) for j in range(n16)]
    merged = [(p * 32, 32) for p in range(n16 // 2)]
    return merged + ([(n16 // 2 * 32, 16)] if n16 % 2 else [])


def _nz_out(c, api: str, dst, yb: np.ndarray, m: int, n: int, osz: int, f: dict) -> None:
    """Write the converted rows `yb` (m x n*osz bytes) as Nz: column block b at
    b * dstStride * 32 bytes, its rows one after another (columns past n zero)."""
    blocks = nz_blocks(n, osz, f["split"])
    # dstStride: 32-byte blocks on Atlas A2/A3, dst elements on Ascend 950 (NZ2NZ.md)
    pitch = f["dstStride"] * (osz if f.get("arch3510") else 32)
    end = max(b * pitch + m * width * osz for b, (_, width) in enumerate(blocks))
    dw = _dst_bytes(dst, api, 0, end)
    for b, (col, width) in enumerate(blocks):
        wb = width * osz
        take = min(width, n - col) * osz
        rows = np.zeros((m, wb), np.uint8)
        rows[:, :take] = yb[:, col * osz : col * osz + take]
        put(c, dst, as_strided(dw[b * pitch :], shape=(m, wb), strides=(wb, 1)), rows)


def _move_out(c, api: str, dst, src, op_types, f: dict, layout: int, scales, part=None) -> None:
    """Move the L0C Nz matrix (f: nSize, mSize, srcStride, dstStride, quantPre, relu,
    ndNum, srcNdStride, dstNdStride) to dst, converting: Fixpipe and DataCopy CO1 -> dst.
    `part`: ((first row, end), (first column, end)) of the matrix that goes to dst (one
    AIV's half of a dual-destination Fixpipe), else all of it."""
    out_type, out_dt, src_dt, modes = op_types
    src = _local(src, f"{api} src", ("L0C",))
    pipe, direction = route(dst, src)
    n, m, nd = f["nSize"], f["mSize"], f["ndNum"]
    if n == 0 or m == 0 or nd == 0:
        return
    quant = int(f["quantPre"])
    arch3510 = bool(f.get("arch3510"))
    if arch3510:  # modes is the (L0C, dst) pair of IR types
        mode = QUANT_NAMES[quant] if 0 <= quant < len(QUANT_NAMES) else str(quant)
        if modes not in cube_dialect.QUANT_PAIRS_3510.get(mode, ()):
            want = [q for q, pairs in cube_dialect.QUANT_PAIRS_3510.items() if modes in pairs]
            raise SimulatorError(
                f"{api} from {src_dt} to {out_type} needs quantPre {' or '.join(want)} on "
                f"Ascend 950, got {mode}"
            )
    elif quant not in modes:
        want = " or ".join(QUANT_NAMES[q] for q in modes)
        got = QUANT_NAMES[quant] if 0 <= quant < len(QUANT_NAMES) else quant
        raise SimulatorError(f"{api} from {src_dt} to {out_type} needs quantPre {want}, got {got}")
    if layout == COLUMN_MAJOR:
        _dn_out(c, api, dst, src, op_types, f, scales)
        return
    stride = f["srcStride"]
    n1 = -(-n // 16)
    if stride < m:
        raise SimulatorError(
            f"{api}: srcStride {stride} (rows between column blocks) is less than mSize {m}"
        )
    isz, osz = src_dt.itemsize, out_dt.itemsize
    written = 0
    # srcNdStride: fractals (16 x C0) on Atlas A2/A3, C0 units (16 elements) on 950
    nd_unit = 16 if arch3510 else 256
    for i in range(nd):
        base = i * f["srcNdStride"] * nd_unit * isz
        sv = _bytes(src, base, ((n1 - 1) * stride + m) * 16 * isz, f"{api} reads src")
        blocks = as_strided(
            sv.view(src_dt), shape=(n1, m, 16), strides=(stride * 16 * isz, 16 * isz, isz)
        )
        x = blocks.transpose(1, 0, 2).reshape(m, n1 * 16)[:, :n]
        if part is not None:
            (r0, r1), (c0, c1) = part
            x = x[r0:r1, c0:c1]
            m, n = x.shape
        y = _convert(x, f, quant, out_type, out_dt, scales)
        yb = np.ascontiguousarray(y).view(np.uint8).reshape(m, n * osz)
        if layout == ROW_MAJOR:
            row = f["dstStride"]
            if row < n:
                raise SimulatorError(
                    f"{api} (ND): dstStride {row} elements per row is less than nSize {n}"
                )
            start = i * f["dstNdStride"] * osz
            dw = _dst_bytes(dst, api, start, ((m - 1) * row + n) * osz)
            put(c, dst, as_strided(dw, shape=(m, n * osz), strides=(row * osz, 1)), yb)
        else:  # Nz: column blocks dstStride 32-byte blocks apart
            _nz_out(c, api, dst, yb, m, n, osz, f)
        written += m * n * osz
    charge_dma(c.cnt, pipe, direction, written)


def _convert(x: np.ndarray, f: dict, quant: int, out_type, out_dt, scales) -> np.ndarray:
    """ReLU (NormReLU: M2 = 0 for negative values) and the quantPre conversion."""
    if f["relu"]:
        x = np.maximum(x, 0)
    if f.get("arch3510"):
        return convert_out_3510(x, QUANT_NAMES[quant], out_dt, is_bf16(out_type), scales)
    return convert_out(x, quant, out_dt, is_bf16(out_type), scales)


def _dn_out(c, api: str, dst, src: LocalTensor, op_types, f: dict, scales) -> None:
    """NZ2DN (Ascend 950, docs NZ2DN.md): matrix h (dnNum of them) starts at source
    element 16 * srcNzMatrixStride * h and dst element dstDnMatrixStride * h; source
    row k of a column block at 16 * srcNzC0Stride * k elements, column blocks srcStride
    C0 apart; element (k, j) goes to dst element j * dstStride + k (the transpose, rows
    of dstStride elements)."""
    out_type, out_dt, src_dt, _ = op_types
    pipe, direction = route(dst, src)
    n, m, dn = f["nSize"], f["mSize"], f["dnNum"]
    if dn == 0:
        return
    isz, osz = src_dt.itemsize, out_dt.itemsize
    n1, rows = -(-n // 16), f["srcNzC0Stride"]
    if rows == 0:
        raise SimulatorError(f"{api} (NZ2DN): srcNzC0Stride must not be 0 (NZ2DN.md)")
    if f["dstStride"] < m:
        raise SimulatorError(
            f"{api} (DN): dstStride {f['dstStride']} elements per row is less than mSize {m}"
        )
    quant = int(f["quantPre"])
    for h in range(dn):
        base = h * 16 * f["srcNzMatrixStride"] * isz
        span = ((n1 - 1) * f["srcStride"] * 16 + (m - 1) * 16 * rows + 16) * isz
        sv = _bytes(src, base, span, f"{api} reads src")
        blocks = as_strided(
            sv.view(src_dt),
            shape=(n1, m, 16),
            strides=(f["srcStride"] * 16 * isz, 16 * rows * isz, isz),
        )
        x = blocks.transpose(1, 0, 2).reshape(m, n1 * 16)[:, :n]
        y = _convert(x, f, quant, out_type, out_dt, scales)
        yb = np.ascontiguousarray(y.T).view(np.uint8).reshape(n, m * osz)
        row = f["dstStride"] * osz
        start = h * f["dstDnMatrixStride"] * osz
        dw = _dst_bytes(dst, api, start, (n - 1) * row + m * osz)
        put(c, dst, as_strided(dw, shape=(n, m * osz), strides=(row, 1)), yb)
    charge_dma(c.cnt, pipe, direction, dn * m * n * osz)


def fixpipe_extents(f: dict, layout: int, isz: int, osz: int, arch3510: bool) -> dict:
    """The bytes a Fixpipe touches, for the race checker (sanitizer.py): src the L0C
    column blocks of its ndNum / dnNum matrices, dst the ND rows (gaps kept for one
    matrix), the DN rows or the Nz blocks, cbuf_workspace nSize scale words. `f` is the
    parameters' fields; FixpipeParamsArch3510's `params.*` members and Ascend 950's
    units (NZ dstStride in elements, srcNdStride in C0) where `arch3510`. A vector-quant
    NZ Fixpipe past 1024 columns on 3510 runs as several instructions
    (`nz_quant_tiles`): each tensor's value is then a list of every instruction's span."""
    if arch3510:
        f = _fields_3510(f, True)
        if tiled_nz_quant(f, layout):
            spans: dict[str, list] = {"src": [], "dst": [], "cbuf_workspace": []}
            for src_off, dst_off, first, ft in nz_quant_tiles(f, osz):
                one = _one_fixpipe(ft, layout, isz, osz, True)
                for key, off in (("src", src_off * isz), ("dst", dst_off * osz)):
                    spans[key].append((one[key][0] + off, *one[key][1:]))
                spans["cbuf_workspace"].append((first * 8, ft["nSize"] * 8))
            return spans
    return _one_fixpipe(f, layout, isz, osz, arch3510)


def _one_fixpipe(f: dict, layout: int, isz: int, osz: int, arch3510: bool) -> dict:
    """`fixpipe_extents` of one instruction."""
    n, m = f["nSize"], f["mSize"]
    nd = f["dnNum"] if layout == COLUMN_MAJOR else f["ndNum"]
    if n <= 0 or m <= 0 or nd <= 0:
        return {"src": (0, 0), "dst": (0, 0), "cbuf_workspace": (0, 0)}
    n1 = -(-n // 16)
    if layout == COLUMN_MAJOR:
        rows = f["srcNzC0Stride"] or 1
        one = ((n1 - 1) * f["srcStride"] * 16 + (m - 1) * 16 * rows + 16) * isz
        src = (nd - 1) * 16 * f["srcNzMatrixStride"] * isz + one
        dst = (0, (nd - 1) * f["dstDnMatrixStride"] * osz + ((n - 1) * f["dstStride"] + m) * osz)
    else:
        unit = 16 if arch3510 else 256
        src = (nd - 1) * f["srcNdStride"] * unit * isz + ((n1 - 1) * f["srcStride"] + m) * 16 * isz
        if layout == ROW_MAJOR:
            span = (nd - 1) * f["dstNdStride"] * osz + ((m - 1) * f["dstStride"] + n) * osz
            dst = (0, span, n * osz, f["dstStride"] * osz) if nd == 1 else (0, span)
        else:
            pitch = f["dstStride"] * (osz if arch3510 else 32)
            width = 32 if osz == 1 else 16
            dst = (0, (n1 - 1) * pitch + m * width * osz)
    return {"src": (0, src), "dst": dst, "cbuf_workspace": (0, n * 8)}


def _channel_split(on, api: str, types, layout: int, f: dict) -> bool:
    """The F32 Channel Split's conditions (docs): float to float, Nz, no unitFlag, nSize
    a multiple of 8; anything else with it on is an invalid form."""
    if not on:
        return False
    _, out_dt, src_dt, _ = types
    bad = []
    if (src_dt.name, out_dt.name) != ("float32", "float32"):
        bad.append(f"{src_dt} to {out_dt} (it needs float to float)")
    if layout != NZ:
        bad.append("an ND destination (it needs Nz)")
    if f.get("unitFlag"):
        bad.append(f"unitFlag {f['unitFlag']}")
    if f["nSize"] % 8:
        bad.append(f"nSize {f['nSize']} (a multiple of 8)")
    if bad:
        raise SimulatorError(f"{api}: channel split is invalid with {', '.join(bad)}")
    return True


ARCH3510_PARAMS_DEFAULTS = {
    "params.ndNum": 1,
    "params.srcNdStride": 0,
    "params.dstNdStride": 0,
    "params.dnNum": 1,
    "params.srcNzMatrixStride": 0,
    "params.dstDnMatrixStride": 0,
    "params.srcNzC0Stride": 0,
}
"""The initialisers of FixpipeParamsArch3510's `params` (Nz2NdParams, Nz2DnParams: the
3510 forms of kernel_utils_struct_dma_params.h), set as `params.<member>`."""


def _scalar(v) -> int:
    """A member's integer (an enum member set from its `ascendc.construct` is a 1-tuple)."""
    return int(v[0]) if isinstance(v, tuple) else int(v)


def _fields_3510(f: dict, arch3510_params: bool) -> dict:
    """Fixpipe's parameters as the 3510 implementation reads them: FixpipeParamsArch3510's
    `params` members under their names (a FixpipeParamsV220 is copied member by member,
    TransFixpipeParamsV220ToFixpipeParamsArch3510: its ndNum, srcNdStride and
    dstNdStride are the Nz2NdParams', in 3510's units)."""
    f = dict(f)
    if arch3510_params:
        for key, value in ARCH3510_PARAMS_DEFAULTS.items():
            f[key.removeprefix("params.")] = _scalar(f.get(key, value))
    f["quantPre"] = _scalar(f["quantPre"])
    f["arch3510"] = True
    return f


def _fixpipe(op, comp, workspace: bool):
    d, s, p, cfg = (
        comp.slot(op.dst),
        comp.slot(op.src),
        comp.slot(op.intri_params),
        comp.slot(op.fixpipe_config),
    )
    ws = comp.slot(op.cbuf_workspace) if workspace else None
    arch3510_params = cube_dialect.uses_arch3510_params(op)
    types_2201 = types_3510 = None

    def run(e, c, _op=op):
        nonlocal types_2201, types_3510
        f = fields(e[p], FIXPIPE_DEFAULTS, "Fixpipe")
        layout = fields(e[cfg], FIXPIPE_CONFIG_DEFAULTS, "FixpipeConfig")["format"]
        on_3510 = _arch(c) == V2_ARCH
        if on_3510:  # every 3510 Fixpipe runs as FixpipeParamsArch3510 (dav_3510)
            f = _fields_3510(f, arch3510_params)
            types = types_3510 = types_3510 or _out_types_3510(_op, "Fixpipe")
        else:
            if arch3510_params:
                raise UnsupportedOpError(
                    f"Fixpipe with FixpipeParamsArch3510 is an Ascend 950 (arch 3510) form; "
                    f"platform {c.onchip.platform.name} has no implementation of it"
                )
            types = types_2201 = types_2201 or _out_types(_op, "Fixpipe")
            f["quantPre"] = _scalar(f["quantPre"])
        if layout == COLUMN_MAJOR and not on_3510:
            raise SimulatorError("Fixpipe: CO2Layout::COLUMN_MAJOR (NZ2DN) is Ascend 950's")
        f["split"] = _channel_split(f["isChannelSplit"], "Fixpipe", types, layout, f)
        if f["unitFlag"] not in (0, 2, 3):
            raise SimulatorError(f"Fixpipe: unitFlag must be 0, 2 or 3, got {f['unitFlag']}")
        scales = f["deqScalar"]
        quant = f["quantPre"]
        name = QUANT_NAMES[quant] if 0 <= quant < len(QUANT_NAMES) else str(quant)
        vector = cube_dialect.is_vector_quant(name)
        if vector:
            if ws is None:
                raise SimulatorError(
                    f"Fixpipe quantPre {name} reads one scale per column from "
                    "cbufWorkspace: use the form with the workspace tensor"
                )
            wt = _local(e[ws], "Fixpipe cbufWorkspace", ("L1",))
            scales = _bytes(wt, 0, f["nSize"] * 8, "Fixpipe reads cbufWorkspace").view(np.uint64)
        elif ws is not None and on_3510:
            # dav_3510: the cbufWorkspace overloads move data only for a vector mode
            raise SimulatorError(
                f"Fixpipe with cbufWorkspace and quantPre {name} copies nothing on Ascend 950 "
                "(its implementation moves data only for a vector quantPre)"
            )
        f["relu"] = f["reluEn"]
        dst = e[d]
        _unit_flag(c, int(f["unitFlag"]), "FIX", "M")
        if on_3510 and c.san is not None:
            # the 3510 Fixpipe starts with PipeBarrier<PIPE_FIX> (dav_3510
            # kernel_operator_fixpipe_impl.h): its earlier FIX work is complete
            c.san.barrier(Pipe.PIPE_FIX)
        parts = _ub_parts(c, dst, f, layout)
        tiles = [(0, 0, f, scales)]
        if on_3510 and tiled_nz_quant(f, layout):
            tiles = [
                (src_off, dst_off, ft, scales[first : first + ft["nSize"]])
                for src_off, dst_off, first, ft in nz_quant_tiles(f, types[1].itemsize)
            ]
        for src_off, dst_off, ft, st in tiles:
            src = e[s].sub(src_off) if src_off else e[s]
            out = dst.sub(dst_off) if dst_off else dst
            if parts is None:
                _move_out(c, "Fixpipe", out, src, types, ft, layout, st)
                continue
            for sub, part in parts:  # the AIC -> AIV hop
                target = _aiv_ub(c, out, sub)
                _move_out(c, "Fixpipe", target, src, types, ft, layout, st, part)
                osz = np_dtype(dst.elem_type).itemsize
                _record_hop(c, _op, out, sub, ft, layout, part, osz)

    return run


VECTOR_QUANT_COLUMNS = 1024
"""Scales a vector-quant Fixpipe holds in the fixpipe buffer at once (dav_3510
`GenFixpipeTiling`: "deqTensor/reluTensor in FB valid num is 1024")."""


def tiled_nz_quant(f: dict, layout: int) -> bool:
    """Whether a 3510 Fixpipe (fields as `_fields_3510` gives them) runs as several
    instructions (`nz_quant_tiles`): a vector quantPre, NZ, more than 1024 columns."""
    quant = f["quantPre"]
    name = QUANT_NAMES[quant] if 0 <= quant < len(QUANT_NAMES) else str(quant)
    return layout == NZ and f["nSize"] > VECTOR_QUANT_COLUMNS and cube_dialect.is_vector_quant(name)


def nz_quant_tiles(f: dict, osz: int) -> list:
    """A vector-quant NZ Fixpipe of more than 1024 columns as dav_3510 runs it
    (`GenFixpipeTiling`, `FixpipeL0cToOut` / `L0cToL1` / `L0cToUB`): instructions of 512
    columns (the last the rest), instruction i reading L0C from element 32 i srcStride 16
    (its column blocks) and its scales from cbufWorkspace + 512 i, and writing dst from
    element 32 i dstStride 32 / sizeof(dst): the header's offset counts dstStride in
    32-byte blocks, while 3510's NZ dstStride counts elements (the instruction's own
    column blocks), so the tiles after the first land 32 / sizeof(dst) times further
    than one NZ2NZ instruction would put them. As (L0C offset, dst offset, first column,
    fields) per instruction (offsets in elements; the scales from the first column's)."""
    half = VECTOR_QUANT_COLUMNS // 2
    blocks = half // 16  # (cburstNum: the column blocks of one instruction)
    n = f["nSize"]
    out = []
    for i, first in enumerate(range(0, n, half)):
        width = min(half, n - first)
        src_off = blocks * i * f["srcStride"] * 16
        dst_off = blocks * i * f["dstStride"] * 32 // osz
        out.append((src_off, dst_off, first, {**f, "nSize": width}))
    return out


DUAL_DST = {0: "one AIV (subBlockId)", 1: "split in M", 2: "split in N"}
"""FixpipeParamsArch3510's dualDstCtl (kernel_struct_fixpipe.h, copy_matrix_cc_to_ub)."""


def _ub_parts(c, dst, f: dict, layout: int):
    """Where a Fixpipe with a UB dst writes on Ascend 950, as (AIV sub-block, part of the
    matrix) pairs (`_move_out`'s `part`): the UB of AIV `subBlockId` (dualDstCtl 0), or
    the rows (1: split in M) or columns (2: split in N) halved between AIV 0 and AIV 1;
    None: dst itself (GM, L1, or a UB without AIVs to hop to)."""
    dual = int(f["dualDstCtl"])
    if dual not in DUAL_DST:
        raise SimulatorError(
            f"Fixpipe: dualDstCtl {dual} is not a mode (0: one AIV, 0b01: split in M, "
            "0b10: split in N)"
        )
    to_ub = isinstance(dst, LocalTensor) and dst.mem_name == "UB"
    hop = to_ub and c.peers is not None and c.core is not None and c.core.kind == "AIC"
    if dual:
        if not hop:
            raise SimulatorError(
                f"Fixpipe: dualDstCtl {dual} ({DUAL_DST[dual]}) writes the UBs of the two AIVs "
                "of a mix kernel's AI Core on Ascend 950: "
                + (
                    "dst must be in UB"
                    if not to_ub
                    else "this launch has no AIVs beside the AIC (kernel_type='mix')"
                )
            )
        bad = [
            what
            for what, on in (
                (f"quantPre {QUANT_NAMES[int(f['quantPre'])]}", int(f["quantPre"]) != NO_QUANT),
                ("reluEn", bool(f["reluEn"])),
                ("a COLUMN_MAJOR layout", layout not in (NZ, ROW_MAJOR)),
            )
            if on
        ]
        if bad:
            raise SimulatorError(
                f"Fixpipe: dual destination mode bypasses every other Fixpipe function, but "
                f"{', '.join(bad)} is set (the headers' assertion)"
            )
        m, n = f["mSize"], f["nSize"]
        if dual == 1 and m % 2:
            raise SimulatorError(
                f"Fixpipe: dualDstCtl 0b01 writes mSize / 2 rows to each AIV's UB: mSize {m} "
                "must be even"
            )
        if dual == 2 and n % 32:
            raise SimulatorError(
                f"Fixpipe: dualDstCtl 0b10 writes nSize / 2 columns to each AIV's UB: nSize "
                f"{n} must be a multiple of 32"
            )
        if dual == 1:
            return [(0, ((0, m // 2), (0, n))), (1, ((m // 2, m), (0, n)))]
        return [(0, ((0, m), (0, n // 2))), (1, ((0, m), (n // 2, n)))]
    if not hop:
        return None
    return [(int(bool(f["subBlockId"])), None)]


def _aiv_ub(c, dst: LocalTensor, sub: int) -> LocalTensor:
    """dst's window in the UB of AIV `sub` of this AIC's AI Core (aiv_ub.py)."""
    mem = c.peers.onchip(c.core.block, sub).mems["UB"]
    return LocalTensor(
        mem, "UB", dst.position, dst.offset, dst.length, dst.dtype, dst.elem_type, dst.alloc
    )


def _record_hop(c, op, dst, sub: int, f: dict, layout: int, part, osz: int) -> None:
    """The AIC's FIX write into AIV `sub`'s UB for the checkers: the race checker's
    record, checked against that AIV's own accesses across cores (aiv_ub.SharedUB,
    gmorder.py), and the AIV's written bytes (uninit.py)."""
    (r0, r1), (c0, c1) = part or ((0, f["mSize"]), (0, f["nSize"]))
    m, n = r1 - r0, c1 - c0
    if m <= 0 or n <= 0:
        return
    row, strides = f["dstStride"] * osz, None
    if layout == ROW_MAJOR:
        nd = f["ndNum"]
        span = (nd - 1) * f["dstNdStride"] * osz + (m - 1) * row + n * osz
        if nd == 1 and m > 1 and row > n * osz:
            strides = {0: (n * osz, row)}
    elif layout == COLUMN_MAJOR:  # n rows of m elements per matrix
        span = (f["dnNum"] - 1) * f["dstDnMatrixStride"] * osz + (n - 1) * row + m * osz
    else:
        pitch = row if f.get("arch3510") else f["dstStride"] * 32
        span = (-(-n // 16) - 1) * pitch + m * 16 * osz
    _mark_ub(c, op, dst, sub, span, strides, FIX_PIPE)


def _mark_ub(c, op, dst, sub: int, span: int, strides, pipe: int) -> None:
    """Record an AIC write of `span` bytes at dst's address into AIV `sub`'s UB: for the
    race checker across cores (`strides`: the gaps of a strided write) and as written
    bytes for the uninit checker (the span, at most)."""
    if c.uninit is not None:
        size = len(c.ubw)
        mask = c.peers.written(c.core.block, sub, lambda: c.uninit.mask(size))
        mask[dst.offset : dst.offset + span] = b"\x01" * span
    if c.san is not None:
        key = c.peers.ub_key(c.core.block, sub)
        c.san.access(op, pipe, [(key, dst.offset, dst.offset + span, True)], strides)


def _record_ub_write(c, op, dst, sub, count: int, length: int, pitch: int, pipe: int) -> None:
    """`_mark_ub` of `count` bursts of `length` bytes, `pitch` bytes apart."""
    span = (count - 1) * pitch + length
    strides = {0: (length, pitch)} if count > 1 and pitch > length else None
    _mark_ub(c, op, dst, sub, span, strides, pipe)


def _copy_co1(op, comp):
    """DataCopy(dst, srcCO1, DataCopyCO12DstParams): Fixpipe with its scalar quant word
    from SetFixpipePreQuantFlag and one ND matrix (ndNum 1) when nz2ndEn."""
    d, s, p = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.intri_params)
    types = _out_types(op, "DataCopy")

    def run(e, c, _op=op):
        f = fields(e[p], CO12DST_DEFAULTS, "DataCopy (DataCopyCO12DstParams)")
        quant = int(f["quantPre"])
        if quant in (VDEQF16, VQF322B8_PRE, VREQ8):
            raise SimulatorError(
                f"DataCopy from L0C with quantPre {QUANT_NAMES[quant]} reads its scales through "
                "SetFixPipeConfig, which the simulator does not model"
            )
        scales = 0
        if quant in (DEQF16, QF322B8_PRE, REQ8):
            if "QUANT_PRE" not in c.regs:
                raise SimulatorError(
                    f"DataCopy from L0C with quantPre {QUANT_NAMES[quant]} before "
                    "SetFixpipePreQuantFlag set the scale"
                )
            scales = c.regs["QUANT_PRE"]
        f.update(relu=bool(f["reluPre"]), ndNum=1, srcNdStride=0, dstNdStride=0)
        layout = ROW_MAJOR if f["nz2ndEn"] else NZ
        f["split"] = _channel_split(f["channelSplit"], "DataCopy from L0C", types, layout, f)
        _move_out(c, "DataCopy", e[d], e[s], types, f, layout, scales)

    return run


def _dst_bytes(dst, api: str, start: int, nbytes: int) -> np.ndarray:
    if isinstance(dst, LocalTensor):
        dst.check(0, f"{api} dst", vector=False)
    return _bytes(dst, start, nbytes, f"{api} writes dst")


# -- DataCopy ND -> NZ -----------------------------------------------------------------


def _nd2nz(op, comp):
    d, s, p = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.intri_params)
    dt = np_dtype(op.dst.type.element_type)
    size = dt.itemsize
    c0 = 32 // size

    def run(e, c, _op=op):
        f = fields(e[p], ND2NZ_DEFAULTS, "DataCopy (Nd2NzParams)")
        dst, src = e[d], e[s]
        if isinstance(dst, LocalTensor) and dst.mem_name == "UB":
            raise UnsupportedOpError(
                "DataCopy GM -> UB with Nd2NzParams is not simulated: dav-c220 emulates it "
                "in software with its own readings of the parameters (dstNzNStride in bytes, "
                "every matrix at dstNzMatrixStride), which the docs do not describe"
            )
        dst = _local(dst, "DataCopy dst", ("L1",))
        pipe, direction = route(dst, src)
        nd, rows, cols = f["ndNum"], f["nValue"], f["dValue"]
        if nd == 0 or rows == 0 or cols == 0:
            return
        if f["dstNzC0Stride"] == 0 or f["dstNzNStride"] == 0 or f["srcDValue"] == 0:
            raise SimulatorError(
                "Nd2NzParams: srcDValue, dstNzC0Stride and dstNzNStride must be >= 1"
            )
        if f["srcDValue"] < cols:
            raise SimulatorError(
                f"Nd2NzParams: srcDValue {f['srcDValue']} (a source row) is less than dValue {cols}"
            )
        d1 = -(-cols // c0)
        c0s, ns = f["dstNzC0Stride"] * 32, f["dstNzNStride"] * 32
        span = (d1 - 1) * c0s + (rows - 1) * ns + 32
        for i in range(nd):
            sbase = i * f["srcNdMatrixStride"] * size
            need = ((rows - 1) * f["srcDValue"] + cols) * size
            sv = _bytes(src, sbase, need, "DataCopy reads src")
            grid = as_strided(sv, shape=(rows, cols * size), strides=(f["srcDValue"] * size, 1))
            padded = np.zeros((rows, d1 * 32), np.uint8)
            padded[:, : cols * size] = grid
            dbase = i * f["dstNzMatrixStride"] * size
            dw = _bytes(dst, dbase, span, "DataCopy writes dst")
            view = as_strided(dw, shape=(rows, d1, 32), strides=(ns, c0s, 1))
            view[...] = padded.reshape(rows, d1, 32)
        charge_dma(c.cnt, pipe, direction, nd * rows * cols * size)

    return run


# -- InitConstValue ----------------------------------------------------------------------


def _init_const(op, comp):
    d, p = comp.slot(op.dst), comp.slot(op.init_const_value_params)
    dt = np_dtype(op.dst.type.element_type)

    def run(e, c, _op=op):
        f = fields(e[p], INIT_CONST_DEFAULTS, "InitConstValue")
        dst = _local(e[d], "InitConstValue dst", ("L1", "L0A", "L0B"))
        reps, blocks, gap = f["repeatTimes"], f["blockNum"], f["dstGap"]
        if reps == 0 or blocks == 0:  # a NOP, as documented (the two-field form too)
            return
        unit = FRACTAL if dst.mem_name != "L1" else 32
        burst = blocks * unit
        pitch = burst + gap * unit
        dw = _bytes(dst, 0, (reps - 1) * pitch + burst, "InitConstValue writes dst")
        fill = np.full(burst // dt.itemsize, f["initValue"], dt).view(np.uint8)
        as_strided(dw, shape=(reps, burst), strides=(pitch, 1))[...] = fill
        charge_pipe(c.cnt, I_MTE2 if dst.mem_name == "L1" else I_MTE1, reps * burst)

    return run


# -- state registers (scalar pipe) ---------------------------------------------------------

# op class name -> (register, operand): the value the op leaves for later cube ops.
# LoadData 3D V2 reads the fmatrix and padding value (SetFmatrix: `_set_fmatrix`);
# the repeat and boundary registers are kept, and a load is refused if one is set.
_SETTERS = {
    "SetFixpipePreQuantFlagOp": ("QUANT_PRE", "config"),
    "SetHF32ModeOp": ("HF32", "mode"),
    "SetHF32TransModeOp": ("HF32_TRANS", "trans_mode"),
    "SetMMLayoutTransformOp": ("MM_LAYOUT", "mm_layout_mode"),
    "SetLoadDataPaddingValueOp": ("LOAD3D_PAD", "pad_value"),
    "SetLoadDataRepeatOp": ("LOAD3D_REPEAT", "repeat_params"),
    "SetLoadDataBoundaryOp": ("LOAD3D_BOUNDARY", "value"),
}


def _setter(op, comp):
    reg, operand = _SETTERS[type(op).__name__]
    v = comp.slot(getattr(op, operand))

    def run(e, c, _op=op):
        c.regs[reg] = e[v]

    return run


for _name in _SETTERS:
    handles(getattr(cube_dialect, _name))(_setter)


@handles(cube_dialect.SetFmatrixOp)
def _set_fmatrix(op, comp):
    h, w, pad, mode = comp.slots_of(op.operands)

    def run(e, c, _op=op):
        value = e[mode]
        if isinstance(value, tuple):  # `FmatrixMode(v)` built by ascendc.construct; () is 0
            value = value[0] if value else 0
        which = int(value)
        if which not in (0, 1):
            raise SimulatorError(
                f"SetFmatrix: FmatrixMode {which} is neither LEFT (0) nor RIGHT (1)"
            )
        pads = tuple(int(v) for v in np.asarray(e[pad]).reshape(-1)[:4])
        c.regs[FMATRIX[which]] = (int(e[h]), int(e[w]), pads)

    return run


@handles(cube_dialect.SetSysWorkspaceOp)
def _set_workspace(op, comp):
    v = comp.slot(op.workspace)

    def run(e, c, _op=op):
        c.regs["SYS_WORKSPACE"] = e[v]

    return run


@handles(cube_dialect.GetSysWorkspacePtrOp)
def _get_workspace(op, comp):
    r = comp.slot(op.value)

    def run(e, c, _op=op):
        ptr = c.regs.get("SYS_WORKSPACE")
        if ptr is None:
            raise SimulatorError("GetSysWorkSpacePtr before SetSysWorkspace gave the workspace")
        e[r] = ptr

    return run


# -- dispatch ----------------------------------------------------------------------------

_BIT_MODE_FIELD_NAMES = (
    ("m", "m"),
    ("k", "k"),
    ("n", "n"),
    ("unit_flag", "unitFlag"),
    ("disable_gemv", "disableGemv"),
    ("cmatrix_source", "cmatrixSource"),
    ("cmatrix_init_val", "cmatrixInitVal"),
)
"""MmadBitModeParams' setters and getters: the op's suffix -> the field (ops/mx.py
BIT_MODE_FIELDS)."""


def _bit_mode_setter(field: str):
    return lambda op, comp: _mx().bit_mode_set(op, comp, field)


def _bit_mode_getter(field: str):
    return lambda op, comp: _mx().bit_mode_get(op, comp, field)


_BUILDERS = {
    "load_data_l0": _load_2d,
    "load_data_g2l": _load_2d,
    "load_data": _load_2d,
    "load_data_l0_v2": _load_2d_v2,
    "load_data_g2l_v2": _load_2d_v2,
    "load_data_with_transpose": _load_transpose,
    "load_data_3d_l0_v2": _load_3d_v2,
    "load_data_3d_l0_v2pro": lambda op, comp: _load_3d_v2(op, comp, pro=True),
    "load_data_with_sparse": _load_sparse,
    "mmad_with_sparse": _mmad_sparse,
    "mmad": lambda op, comp: _mmad(op, comp, False),
    "mmad_with_bias": lambda op, comp: _mmad(op, comp, True),
    "fixpipe": lambda op, comp: _fixpipe(op, comp, False),
    "fixpipe_with_workspace": lambda op, comp: _fixpipe(op, comp, True),
    "init_const_value": _init_const,
    # MX (ops/mx.py)
    "load_data_mx": lambda op, comp: _mx().load_mx(op, comp),
    "mmad_mx": lambda op, comp: _mx().mmad_mx(op, comp, False),
    "mmad_mx_with_bias": lambda op, comp: _mx().mmad_mx(op, comp, True),
    "mmad_mx_bit_mode": lambda op, comp: _mx().mmad_mx(op, comp, False, bit_mode=True),
    "mmad_mx_bit_mode_with_bias": lambda op, comp: _mx().mmad_mx(op, comp, True, bit_mode=True),
    "mmad_bit_mode": lambda op, comp: _mmad(op, comp, False, bit_mode=True),
    "mmad_bit_mode_with_bias": lambda op, comp: _mmad(op, comp, True, bit_mode=True),
    "mmad_bit_mode_params": lambda op, comp: _mx().bit_mode_params(op, comp),
    "mmad_bit_mode_params_v2": lambda op, comp: _mx().bit_mode_params(op, comp),
    **{
        f"mmad_bit_mode_set_{name}": _bit_mode_setter(field)
        for name, field in _BIT_MODE_FIELD_NAMES
    },
    **{
        f"mmad_bit_mode_get_{name}": _bit_mode_getter(field)
        for name, field in _BIT_MODE_FIELD_NAMES
    },
    "mmad_bit_mode_set_config0": _bit_mode_setter("config0"),
    "mmad_bit_mode_get_config0": _bit_mode_getter("config0"),
}


def _mx():
    from asc_xdsl.runtime.simulator.ops import mx

    return mx


_REFUSED = {
    "load_data_3d_l0_v1": "LoadData 3D with LoadData3DParamsV1 is not an Atlas A2/A3 form "
    "(dav-c220's headers report it unsupported; use V2)",
    "load_data_with_transpose_v2": "LoadData2dTransposeParamsV2 is the Ascend 950 form",
}


@sim_hook("cube")
def _cube(op, comp, key: str):
    params = type(op.operands[2].type).__name__ if key == "load_data" else ""
    if params == "LoadData3DParamsV2Type":
        return _load_3d_v2(op, comp)
    if params == "LoadData3DParamsV2ProType":
        return _load_3d_v2(op, comp, pro=True)
    if params == "LoadData2DParamsV2Type":
        return _load_2d_v2(op, comp)
    if "3D" in params:
        raise UnsupportedOpError(_REFUSED["load_data_3d_l0_v1"])
    build = _BUILDERS.get(key)
    if build is None:
        raise UnsupportedOpError(_REFUSED.get(key, f"cube op {key} is not simulated"))
    return build(op, comp)


def _copy_enhanced(op, comp):
    """DataCopy(dst, src, DataCopyParams, DataCopyEnhancedParams) as dav-c220's headers
    implement it: between GM, UB and L1 the DataCopyParams bursts (blockCount bursts of
    blockLen 32-byte blocks, srcStride / dstStride blocks between them) with the
    enhanced parameters unused; L1 -> L0C is the cube's matrix copy (its units are not
    documented: refused); UB <-> L0C is not an A2/A3 path (an error)."""
    d, s, p = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.intri_params)

    def run(e, c, _op=op):
        dst, src = e[d], e[s]
        pair = (src.mem_name, dst.mem_name)
        if pair == ("L1", "L0C"):
            raise UnsupportedOpError(
                "DataCopy L1 -> L0C with DataCopyEnhancedParams (copy_matrix_cbuf_to_cc) is not "
                "simulated: the docs do not give the units of its bursts"
            )
        if "L0C" in pair and not c.onchip.platform.split_cores:  # 310P has the path
            raise UnsupportedOpError(
                f"DataCopy {pair[0]} -> {pair[1]} with DataCopyEnhancedParams on "
                f"{c.onchip.platform.name} is not simulated (its quant/ReLU modes)"
            )
        if "L0C" in pair:
            raise SimulatorError(
                f"DataCopy {pair[0]} -> {pair[1]} with DataCopyEnhancedParams is invalid on "
                "Atlas A2/A3 (dav-c220's headers report it unsupported)"
            )
        if src.dtype != dst.dtype:
            raise SimulatorError(
                f"DataCopy {pair[0]} -> {pair[1]} from {src.dtype} to {dst.dtype} is invalid: "
                "A2/A3's type-converting forms only move L1 -> L0C or between L0C and UB"
            )
        copy_bursts(c, dst, src, *(int(v) for v in e[p][:4]))

    return run


NZ2ND_DEFAULTS = {
    "ndNum": 1,
    "nValue": 0,
    "dValue": 0,
    "srcNdMatrixStride": 0,
    "srcNStride": 0,
    "dstDStride": 0,
    "dstNdMatrixStride": 0,
}


def _copy_nz2nd(op, comp):
    """DataCopy(dstGlobal, srcLocal, Nz2NdParamsFull), UB -> GM, as dav-c220 builds it:
    for each of ndNum matrices (srcNdMatrixStride x 256 elements / dstNdMatrixStride
    elements apart), column block j of 16 elements (srcNStride x 16 elements apart, its
    nValue rows 16 elements apart) goes to columns 16j.. of nValue rows dstDStride
    elements apart. 16- and 32-bit elements; dValue a multiple of 16."""
    d, s, p = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.intri_params)
    dt = np_dtype(op.dst.type.element_type)
    api = "DataCopy (Nz2NdParamsFull)"
    if dt.itemsize not in (2, 4):
        raise UnsupportedOpError(f"{api} of {dt} is invalid: it moves 16- and 32-bit elements")

    def run(e, c, _op=op):
        f = {k: int(v) for k, v in fields(e[p], NZ2ND_DEFAULTS, api).items()}
        dst, src = e[d], e[s]
        pipe, direction = route(dst, src)
        nd, n, dv = f["ndNum"], f["nValue"], f["dValue"]
        if dv % 16:
            raise SimulatorError(f"{api}: dValue {dv} must be a multiple of 16")
        if nd == 0 or n == 0 or dv == 0:
            return
        if f["dstDStride"] < dv:
            raise SimulatorError(f"{api}: dstDStride {f['dstDStride']} is less than dValue {dv}")
        blocks = dv // 16
        src_span = (nd - 1) * f["srcNdMatrixStride"] * 256 + (blocks - 1) * f["srcNStride"] * 16
        sv = _bytes(src, 0, (src_span + n * 16) * dt.itemsize, f"{api} reads src").view(dt)
        dst_span = (nd - 1) * f["dstNdMatrixStride"] + (n - 1) * f["dstDStride"] + dv
        dw = _dst_bytes(dst, api, 0, dst_span * dt.itemsize)
        for i in range(nd):
            base = i * f["srcNdMatrixStride"] * 256
            zn = as_strided(
                sv[base:],
                shape=(blocks, n, 16),
                strides=(f["srcNStride"] * 16 * dt.itemsize, 16 * dt.itemsize, dt.itemsize),
            )
            rows = np.ascontiguousarray(zn.transpose(1, 0, 2)).reshape(n, dv)
            at = i * f["dstNdMatrixStride"] * dt.itemsize
            width, pitch = dv * dt.itemsize, f["dstDStride"] * dt.itemsize
            view = as_strided(dw[at:], shape=(n, width), strides=(pitch, 1))
            put(c, dst, view, rows.view(np.uint8).reshape(n, width))
        charge_dma(c.cnt, pipe, direction, nd * n * dv * dt.itemsize)

    return run


SLICE_DEFAULTS = {"startIndex": 0, "endIndex": 0, "stride": 0, "burstLen": 1, "shapeValue": 0}


def _slice_offsets(infos: list[dict], shape: list[int]) -> tuple[int, list[int]]:
    """(start element, the offsets of every slice of dims 1..) as the headers'
    DataCopyGetPhyStartIndex / DataCopyGetOffsetList compute them (dim 0 fastest)."""
    start, size, offsets = 0, 1, [0]
    for i, f in enumerate(infos):
        if i:
            size *= shape[i - 1]
        start += f["startIndex"] * size
        if i:
            count = (f["endIndex"] - f["startIndex"] + 1 + f["stride"]) // (1 + f["stride"])
            offsets = [o + j * (1 + f["stride"]) * size for j in range(count) for o in offsets]
    return start, offsets


def _copy_slice(op, comp):
    """DataCopy(dst, src, SliceInfo dst[], SliceInfo src[], dimValue), GM <-> UB, as the
    headers compute it: per slice of the outer dims (offsets from each side's SliceInfo,
    shapes from shapeValue or, when src's first is 0, the tensors' ShapeInfo), bursts of
    burstLen 32-byte blocks along dim 0, (end - start + 1 + stride) / (burst + stride)
    of them; on the GM side `stride` elements apart, on the UB side stride * sizeof(T)
    / 32 whole blocks apart (the headers' integer division)."""
    from asc_xdsl.runtime.simulator.ops.shape_info import tensor_shape  # imports this module

    d, s = comp.slot(op.dst), comp.slot(op.src)
    ds, ss = comp.slots_of(op.dst_slice_info), comp.slots_of(op.src_slice_info)
    dimv = comp.slot(op.dim_value) if op.dim_value is not None else None
    dt = np_dtype(op.dst.type.element_type)
    api = "DataCopy (SliceInfo)"

    def run(e, c, _op=op):
        dst, src = e[d], e[s]
        pipe, direction = route(dst, src)
        dims = int(e[dimv]) if dimv is not None else 1
        if not 1 <= dims <= min(len(ds), len(ss)):
            raise SimulatorError(f"{api}: dimValue {dims} but {min(len(ds), len(ss))} SliceInfos")
        dinfo = [{k: int(v) for k, v in fields(e[x], SLICE_DEFAULTS, api).items()} for x in ds]
        sinfo = [{k: int(v) for k, v in fields(e[x], SLICE_DEFAULTS, api).items()} for x in ss]
        dinfo, sinfo = dinfo[:dims], sinfo[:dims]
        if sinfo[0]["shapeValue"]:
            sshape = [f["shapeValue"] for f in sinfo]
            dshape = [f["shapeValue"] for f in dinfo]
        else:
            sshape = list(tensor_shape(src, f"{api} src")[0])
            dshape = list(tensor_shape(dst, f"{api} dst")[0])
        s0, soffs = _slice_offsets(sinfo, sshape)
        d0, doffs = _slice_offsets(dinfo, dshape)
        if len(doffs) < len(soffs):
            raise SimulatorError(
                f"{api}: {len(soffs)} source slices but the destination's SliceInfo has "
                f"{len(doffs)}"
            )
        burst = sinfo[0]["burstLen"] * 32 // dt.itemsize
        first = sinfo[0]
        count = (first["endIndex"] - first["startIndex"] + 1 + first["stride"]) // (
            burst + first["stride"]
        )
        if count <= 0 or burst <= 0:
            return

        def gap(t, info) -> int:  # elements between bursts on that side
            if isinstance(t, GlobalTensor):
                return info["stride"]
            return info["stride"] * dt.itemsize // 32 * 32 // dt.itemsize

        sp, dp = burst + gap(src, sinfo[0]), burst + gap(dst, dinfo[0])
        isz = dt.itemsize
        for so, do in zip(soffs, doffs, strict=False):
            sw = _bytes(src, (s0 + so) * isz, ((count - 1) * sp + burst) * isz, f"{api} reads src")
            dw = _dst_bytes(dst, api, (d0 + do) * isz, ((count - 1) * dp + burst) * isz)
            put(
                c,
                dst,
                as_strided(dw, shape=(count, burst * isz), strides=(dp * isz, 1)),
                as_strided(sw, shape=(count, burst * isz), strides=(sp * isz, 1)),
            )
        charge_dma(c.cnt, pipe, direction, len(soffs) * count * burst * isz)

    return run


def _l1_to_ub(op, comp, params: bool):
    """DataCopyL1ToUB<T, subBlockId>(dst, src, count | DataCopyParams) (Ascend 950,
    dav_3510 `CopyCbufToUbuf`): on the AIC, MTE1 copies its L1 into the UB of AIV
    `subBlockId` of its AI Core, at dst's address; on an AIV the headers compile it to
    nothing (`if ASCEND_IS_AIC`). The count form is one burst of count * sizeof(T)
    bytes, rounded down to 32 (the page: the NPU drops the rest; CPU debug asserts, as
    the simulator does)."""
    d, s = comp.slot(op.dst), comp.slot(op.src)
    n = comp.slot(op.repeat_params if params else op.cal_count)
    sub = op.sub_block_id_value()
    size = np_dtype(op.dst.type.element_type).itemsize
    api = "DataCopyL1ToUB"

    def run(e, c, _op=op):
        if _arch(c) != V2_ARCH:
            raise UnsupportedOpError(
                f"{api} is an Ascend 950 (arch 3510) API; platform {c.onchip.platform.name} "
                "has no implementation of it"
            )
        if c.core is not None and c.core.kind == "AIV":
            return  # `if ASCEND_IS_AIC`: nothing on an AIV
        dst, src = e[d], _local(e[s], f"{api} src", ("L1",))
        if not isinstance(dst, LocalTensor) or dst.mem_name != "UB":
            raise SimulatorError(f"{api} dst must be a local tensor in UB")
        if c.peers is None or c.core is None or c.core.kind != "AIC":
            raise SimulatorError(
                f"{api} writes the UB of an AIV of a mix kernel's AI Core (the page: mix "
                "kernels of AIC:AIV 1:2 only); this launch has no AIVs beside the AIC "
                "(kernel_type='mix')"
            )
        _check_align(dst, f"{api} dst", 32)
        _check_align(src, f"{api} src", 32)
        if params:
            count, blen, sgap, dgap = (int(v) for v in e[n][:4])
        else:
            nbytes = int(e[n]) * size
            if nbytes % 32:
                raise SimulatorError(
                    f"{api} of {int(e[n])} elements ({nbytes} bytes) is not a multiple of 32 "
                    f"bytes: the NPU drops the last {nbytes % 32} (the CPU debug build asserts)"
                )
            count, blen, sgap, dgap = 1, nbytes // 32, 0, 0
        target = _aiv_ub(c, dst, sub)
        copy_bursts(c, target, src, count, blen, sgap, dgap)
        if count and blen:
            _record_ub_write(c, _op, dst, sub, count, blen * 32, (blen + dgap) * 32, MTE1_PIPE)

    return run


@sim_hook("copy")
def _copy_family(op, comp, key: str):
    if key in ("data_copy_l1_to_ub", "data_copy_l1_to_ub_params"):
        return _l1_to_ub(op, comp, key.endswith("params"))
    if key == "data_copy_nd2nz":
        return _nd2nz(op, comp)
    if key == "data_copy_dn2nz":
        return _mx().dn2nz(op, comp)
    if key == "data_copy_co12dst":
        return _copy_co1(op, comp)
    if key == "data_copy_enhanced":
        return _copy_enhanced(op, comp)
    if key == "data_copy_nz2nd":
        return _copy_nz2nd(op, comp)
    if key == "data_copy_slice":
        return _copy_slice(op, comp)
    if key in ("data_copy_pad_nd2nz", "data_copy_pad_nd2nz_ext"):
        raise UnsupportedOpError(
            "DataCopyPad UB -> L1 with Nd2NzParams is not simulated: the library moves the "
            "data UB -> GM -> L1 through messages between the AIV and the AIC"
        )
    if key in ("copy_l0", "copy_l1"):
        from asc_xdsl.runtime.simulator.ops.elementwise import vector_copy

        return vector_copy(op, comp)
    raise UnsupportedOpError(f"DataCopy form {key} is not simulated")
