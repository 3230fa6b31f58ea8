"""Ascend 950's MX (microscaling) matmul on the simulator (docs/fp8.md, "MX").

* `DataCopy(dstL1, srcGM, Dn2NzParams)`: `dnNum` matrices stored DN (element (n, d) of
  an [nValue, dValue] matrix at `d * srcDValue + n`, in elements) into L1 as NZ: C0 (32
  bytes) of consecutive d per row n, C0 group g at `g * dstNzC0Stride` 32-byte blocks,
  row n at `n * dstNzNStride` blocks, matrix i at `i * dstNzMatrixStride` elements; the
  last C0 group's tail is written as zeros (as our Nd2Nz). A 4-bit type moves as bytes
  (3510's implementation: "parameters are set based on the b8 type"), nValue even.
* `LoadData(dst, src, srcMx, LoadData2DParamsV2, LoadData2DMxParams)`: the data as
  LoadData2DParamsV2 moves it (ops/cube.py), and the e8m0 scales into the cube's scale
  buffer of dst's buffer (`L0A_MX` / `L0B_MX`, a sixteenth of L0A / L0B) at dst's byte
  offset / 16 (`load_cbuf_to_ca_mx`'s address in the headers). The scales move in
  32-byte fractals (16 rows x 2 scales): `xStep` x `yStep` of them, source fractal
  `(xStart + x) * srcStride + yStart + y`, destination `x * dstStride + y`.
  *Decision*: strides in fractals, as the sample's values (all ceil(K / 64)) read.
* `MmadMx(dst, fm, filter, [bias,] MmadParams)`: A [m, k] from L0A (Nz, as Mmad on
  Ascend 950) and B [k, n] from L0B (Zn), fp8 codes or packed fp4 (64 a fractal row);
  scaleA(i, g) at L0A_MX byte `((i // 16) * ceil(k / 64) + g // 2) * 32 + (i % 16) * 2
  + g % 2`, scaleB(g, j) likewise with j for i (the MmadMx page: scaleA in "big Z small
  z" fractals of (16, 2), scaleB in its N-major transpose, which the sample loads from
  an [N, K/32] matrix the same way as A's). Every element of K-group g = k // 32 is
  multiplied by 2^(scale - 127); the products are summed exactly (with L0C's value or
  the bias when the params say so) and rounded once to float (to nearest, ties even;
  past float's range: infinity). An e8m0 NaN (0xFF) scale, or an fp8 NaN / infinity,
  makes the sums it enters NaN / infinity as float arithmetic would.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.lib.stride_tricks import as_strided

from asc_xdsl.runtime.simulator import float4
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.ops.copy import route
from asc_xdsl.runtime.simulator.profile import charge_cube, charge_dma
from asc_xdsl.utils import float8

DN2NZ_DEFAULTS = {
    "dnNum": 0,
    "nValue": 0,
    "dValue": 0,
    "srcDnMatrixStride": 0,
    "srcDValue": 0,
    "dstNzC0Stride": 0,
    "dstNzNStride": 0,
    "dstNzMatrixStride": 0,
}
MX_DEFAULTS = {
    "xStartPosition": 0,
    "yStartPosition": 0,
    "xStep": 0,
    "yStep": 0,
    "srcStride": 0,
    "dstStride": 0,
}
SCALE_FRACTAL = 32
"""Bytes of one scale fractal: 16 rows x 2 e8m0 scales."""
GROUP = 32
"""Elements along K that share one scale."""


def scale_buffer(c, mem_name: str) -> np.ndarray:
    """The cube's scale buffer of L0A or L0B (`L0A_MX` / `L0B_MX`), zeroed at first."""
    key = f"{mem_name}_MX"
    buf = c.regs.get(key)
    if buf is None:
        buf = c.regs[key] = np.zeros(c.onchip.mems[mem_name].size // 16, np.uint8)
    return buf


def dn2nz(op, comp):
    from asc_xdsl.runtime.simulator.ops.cube import _bytes, _local, fields

    d, s, p = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.intri_params)
    et = op.dst.type.element_type
    half = float4.is_float4(et)
    size = 1 if half else np_dtype(et).itemsize
    c0 = 32 // size
    api = "DataCopy (Dn2NzParams)"

    def run(e, c, _op=op):
        f = fields(e[p], DN2NZ_DEFAULTS, api)
        dst, src = _local(e[d], f"{api} dst", ("L1",)), e[s]
        pipe, direction = route(dst, src)
        num, rows, cols = f["dnNum"], f["nValue"], f["dValue"]
        if half and rows % 2:
            raise SimulatorError(
                f"{api}: nValue {rows} is odd; a 4-bit type's inner axis must be even "
                "(dav_3510's assertion)"
            )
        if num == 0 or rows == 0 or cols == 0:
            return
        if f["dstNzC0Stride"] == 0 or f["dstNzNStride"] == 0 or f["srcDValue"] < rows:
            raise SimulatorError(
                f"{api}: dstNzC0Stride and dstNzNStride must be >= 1 and srcDValue "
                f"({f['srcDValue']}, a source column) at least nValue ({rows})"
            )
        d1 = -(-cols // c0)
        c0s, ns = f["dstNzC0Stride"] * 32, f["dstNzNStride"] * 32
        span = (d1 - 1) * c0s + (rows - 1) * ns + 32
        for i in range(num):
            sbase = i * f["srcDnMatrixStride"] * size
            need = ((cols - 1) * f["srcDValue"] + rows) * size
            sv = _bytes(src, sbase, need, f"{api} reads src")
            grid = as_strided(
                sv, shape=(cols, rows, size), strides=(f["srcDValue"] * size, size, 1)
            )  # [d, n, byte]
            padded = np.zeros((rows, d1 * c0, size), np.uint8)
            padded[:, :cols] = grid.transpose(1, 0, 2)
            dw = _bytes(dst, i * f["dstNzMatrixStride"] * size, span, f"{api} writes dst")
            view = as_strided(dw, shape=(rows, d1, 32), strides=(ns, c0s, 1))
            view[...] = padded.reshape(rows, d1, 32)
        charge_dma(c.cnt, pipe, direction, num * rows * cols * size)

    return run


def load_mx(op, comp):
    from asc_xdsl.runtime.simulator.ops.cube import _bytes, _load_2d_v2, _local, fields

    data = _load_2d_v2(op, comp, op.load_data_params)
    d, sm, q = comp.slot(op.dst), comp.slot(op.src_mx), comp.slot(op.mx_params)
    api = "LoadData (LoadData2DMxParams)"

    def run(e, c, _op=op):
        data(e, c, _op)
        f = fields(e[q], MX_DEFAULTS, api)
        dst = _local(e[d], f"{api} dst", ("L0A", "L0B"))
        src = _local(e[sm], f"{api} srcMx", ("L1",))
        xs, ys = f["xStep"], f["yStep"]
        if xs == 0 or ys == 0:
            return
        x = np.arange(xs)[:, None]
        y = np.arange(ys)[None, :]
        src_idx = ((f["xStartPosition"] + x) * f["srcStride"] + f["yStartPosition"] + y).ravel()
        dst_idx = (x * f["dstStride"] + y).ravel()
        if len(np.unique(dst_idx)) != dst_idx.size:
            raise SimulatorError(
                f"{api}: dstStride {f['dstStride']} is less than yStep {ys}: the scale "
                "fractals overlap"
            )
        hi = int(src_idx.max()) + 1
        frac = _bytes(src, 0, hi * SCALE_FRACTAL, f"{api} reads srcMx").reshape(hi, -1)
        buf = scale_buffer(c, dst.mem_name)
        base = dst.offset // 16
        end = base + (int(dst_idx.max()) + 1) * SCALE_FRACTAL
        if end > buf.size:
            raise SimulatorError(
                f"{api}: the scales reach {dst.mem_name}_MX byte {end}, past its {buf.size}"
            )
        buf[base:end].reshape(-1, SCALE_FRACTAL)[dst_idx] = frac[src_idx]

    return run


_QUANTUM = {"float4_e2m1": 1, "float4_e1m2": 2, "float8_e4m3fn": 9, "float8_e5m2": 16}
"""Format -> q: each finite value is an integer times 2^-q."""


def _codes(raw: np.ndarray, fmt: str) -> np.ndarray:
    return float8.unpack4(raw).reshape(*raw.shape[:-1], -1) if fmt.startswith("float4") else raw


def _scales(buf: np.ndarray, base: int, rows: int, k: int) -> np.ndarray:
    """[rows, ceil(k / 32)] e8m0 codes of an operand's scale fractals at `base`."""
    groups = -(-k // GROUP)
    kp = -(-k // (2 * GROUP))
    i = np.arange(rows)[:, None]
    g = np.arange(groups)[None, :]
    idx = base + ((i // 16) * kp + g // 2) * SCALE_FRACTAL + (i % 16) * 2 + g % 2
    if idx.size and int(idx.max()) >= buf.size:
        raise SimulatorError("MmadMx: the scales run past the scale buffer")
    return buf[idx]


def round_f32(num: int, exp: int) -> float:
    """num * 2^exp rounded once to float (nearest, ties to even; infinity past its range)."""
    if num == 0:
        return 0.0
    neg, num = num < 0, abs(num)
    lsb = max(num.bit_length() - 1 + exp - 23, -149)
    if lsb > exp:
        r = lsb - exp
        q, rem = divmod(num, 1 << r)
        half = 1 << (r - 1)
        if rem > half or (rem == half and q & 1):
            q += 1
        num, exp = q, lsb
    value = math.inf if num.bit_length() + exp > 128 else math.ldexp(num, exp)
    return -value if neg else value


def _exact(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Finite float32 values as (int mantissas, exponents): x = m * 2^e exactly."""
    mant, e = np.frexp(x.astype(np.float64))
    return (mant * (1 << 24)).astype(np.int64), e.astype(np.int64) - 24


BIT_MODE_FIELDS: dict[str, tuple[int, int]] = {
    "m": (0, 12),
    "k": (12, 12),
    "n": (24, 12),
    "unitFlag": (55, 2),
    "disableGemv": (61, 1),
    "cmatrixSource": (62, 1),
    "cmatrixInitVal": (63, 1),
}
"""`MmadBitModeParams`' fields: (lowest bit, width) in its 64-bit word (dav_3510
`MmadBitModeConfig0`'s bit-fields, allocated from bit 0 up: m, k, n, 19 unnamed bits,
unitFlag, 4 unnamed bits, disableGemv, cmatrixSource, cmatrixInitVal). A value set or
copied keeps its low bits, as a bit-field assignment does."""

_WORD = (1 << 64) - 1


class BitModeParams:
    """An `MmadBitModeParams` on the simulator: its packed word `config0`, changed in
    place by the setters (SetConfig0 sets it whole, unnamed bits included)."""

    __slots__ = ("config0",)

    def __init__(self, config0: int = 0) -> None:
        self.config0 = config0 & _WORD

    def get(self, name: str) -> int:
        low, width = BIT_MODE_FIELDS[name]
        return (self.config0 >> low) & ((1 << width) - 1)

    def set(self, name: str, value) -> None:
        low, width = BIT_MODE_FIELDS[name]
        mask = ((1 << width) - 1) << low
        self.config0 = (self.config0 & ~mask) | ((int(value) << low) & mask)

    def fields(self) -> dict[str, int]:
        return {name: self.get(name) for name in BIT_MODE_FIELDS}

    def __repr__(self) -> str:
        return f"MmadBitModeParams(config0={self.config0:#018x})"


def _bit_mode(value, api: str) -> BitModeParams:
    if not isinstance(value, BitModeParams):
        raise SimulatorError(f"{api}: the MmadBitModeParams was not built by its constructor")
    return value


def bit_mode_params(op, comp):
    """`MmadBitModeParams p;` (config0 = 0) or `p(mmadParams)` (its fields, packed)."""
    from asc_xdsl.runtime.simulator.ops.cube import MMAD_DEFAULTS, fields

    r = comp.slot(op.result)
    src = comp.slot(op.mmad_params) if op.operands else None

    def run(e, c, _op=op):
        p = BitModeParams()
        if src is not None:
            f = {"disableGemv": False, **fields(e[src], MMAD_DEFAULTS, "MmadBitModeParams")}
            for name in BIT_MODE_FIELDS:
                p.set(name, f[name])
        e[r] = p

    return run


def bit_mode_set(op, comp, field: str):
    """`p.SetM(value)` ...: the field's low bits, in place; `SetConfig0(word)`: the
    word (as the uint64_t parameter converts it)."""
    o, v = comp.slot(op.params), comp.slot(op.value)
    api = f"MmadBitModeParams.Set{field[0].upper()}{field[1:]}"

    def run(e, c, _op=op):
        p = _bit_mode(e[o], api)
        if field == "config0":
            p.config0 = int(e[v]) & _WORD
        else:
            p.set(field, e[v])

    return run


def bit_mode_get(op, comp, field: str):
    """`p.GetM()` ...: the field's bits (a bool for the 1-bit ones); `GetConfig0()`:
    the word."""
    o, r = comp.slot(op.params), comp.slot(op.result)
    api = f"MmadBitModeParams.Get{field[0].upper()}{field[1:]}"
    flag = field in BIT_MODE_FIELDS and BIT_MODE_FIELDS[field][1] == 1

    def run(e, c, _op=op):
        p = _bit_mode(e[o], api)
        value = p.config0 if field == "config0" else p.get(field)
        e[r] = bool(value) if flag else value

    return run


def bit_mode_fields(value, api: str, with_bias: bool) -> dict[str, int]:
    """The fields an Mmad / MmadMx with `MmadBitModeParams` reads: no isBias (the word
    has none); the bias form clears cmatrixInitVal first (dav_3510 `MmadCal` /
    `MmadMxCal`: `SetCmatrixInitVal(false)`)."""
    f = {**_bit_mode(value, api).fields(), "isBias": False}
    if with_bias:
        f["cmatrixInitVal"] = 0
    return f


def mmad_mx(op, comp, with_bias: bool, bit_mode: bool = False):
    from asc_xdsl.runtime.simulator.ops.cube import (
        FRACTAL,
        MMAD_DEFAULTS,
        _bytes,
        _check_align,
        _local,
        _unit_flag,
        fields,
    )

    d, a, b = comp.slot(op.dst), comp.slot(op.fm), comp.slot(op.filter)
    bias_slot = comp.slot(op.bias) if with_bias else None
    p = comp.slot(op.mmad_params)
    fmts = tuple(float8.fmt(float8_of(v.type.element_type)).name for v in (op.fm, op.filter))
    k0s = tuple(64 if f.startswith("float4") else 32 for f in fmts)

    def run(e, c, _op=op):
        if bit_mode:
            f = bit_mode_fields(e[p], "MmadMx", with_bias)
        else:
            f = fields(e[p], MMAD_DEFAULTS, "MmadMx")
        dst = _local(e[d], "MmadMx dst", ("L0C",))
        fm = _local(e[a], "MmadMx fm", ("L0A",))
        filt = _local(e[b], "MmadMx filter", ("L0B",))
        m, n, k = f["m"], f["n"], f["k"]
        if m == 0 or n == 0 or k == 0:
            return
        _unit_flag(c, int(f["unitFlag"]), "M", "FIX")
        _check_align(fm, "MmadMx fm", FRACTAL)
        _check_align(filt, "MmadMx filter", FRACTAL)
        m1, n1 = -(-m // 16), -(-n // 16)
        ka1, kb1 = -(-k // k0s[0]), -(-k // k0s[1])
        av = _bytes(fm, 0, m1 * ka1 * FRACTAL, "MmadMx reads fm").reshape(ka1, m1, 16, 32)
        bv = _bytes(filt, 0, kb1 * n1 * FRACTAL, "MmadMx reads filter").reshape(kb1, n1, 16, 32)
        am = _codes(av, fmts[0]).transpose(1, 2, 0, 3).reshape(m1 * 16, -1)[:m, :k]
        bm = _codes(bv, fmts[1]).transpose(0, 3, 1, 2).reshape(-1, n1 * 16)[:k, :n]
        sa = _scales(scale_buffer(c, "L0A"), fm.offset // 16, m, k).astype(np.int64)
        sb = _scales(scale_buffer(c, "L0B"), filt.offset // 16, n, k).astype(np.int64)
        av_dec = float8.decode(am, fmts[0], np.float64)
        bv_dec = float8.decode(bm, fmts[1], np.float64)
        c_dt = np.dtype(np.float32)
        cbytes = n1 * m1 * 256 * 4
        c4 = _bytes(dst, 0, cbytes, "MmadMx writes dst").view(c_dt).reshape(n1, m1, 16, 16)
        cm = c4.transpose(1, 2, 0, 3).reshape(m1 * 16, n1 * 16)[:m, :n].astype(np.float64)
        init = None
        if bit_mode:  # (C: 0, the bias table as cmatrixSource says, or L0C)
            from_table = bool(f["cmatrixSource"]) and not f["cmatrixInitVal"]
            if from_table and with_bias and e[bias_slot].mem_name != "BT":
                raise SimulatorError(
                    "MmadMx: cmatrixSource=true reads C's initial value from the bias "
                    f"table; the bias is in {e[bias_slot].mem_name}, not C2 (BT)"
                )
        else:
            from_table = (with_bias and e[bias_slot].mem_name == "BT") or (
                not with_bias and f["cmatrixSource"] and not f["cmatrixInitVal"]
            )
        if from_table:
            if not with_bias:
                raise SimulatorError(
                    "MmadMx: cmatrixSource=true takes C's initial value from the bias table, "
                    "which only the bias form of MmadMx names"
                )
            bias = _local(e[bias_slot], "MmadMx bias", ("BT", "L0C"))
            bv32 = _bytes(bias, 0, n * 4, "MmadMx reads bias").view(c_dt)
            init = np.broadcast_to(bv32[None, :], (m, n))
        elif not (f["cmatrixInitVal"] and not f["isBias"]):
            init = cm  # (the bit-mode bias form without cmatrixSource: L0C, bias unread)
        out = _mx_product(av_dec, bv_dec, sa, sb, fmts, k, init)
        full = c4.transpose(1, 2, 0, 3).reshape(m1 * 16, n1 * 16)  # (a copy)
        full[:m, :n] = out  # (rows and columns past m, n keep L0C's values)
        c4[...] = full.reshape(m1, 16, n1, 16).transpose(2, 0, 1, 3)
        charge_cube(c.cnt, m1 * n1 * max(ka1, kb1))

    return run


def float8_of(t) -> str:
    from asc_xdsl.dialects.ascendc.fp8_types import FLOAT8_CLASSES

    return FLOAT8_CLASSES[type(t)]


def _mx_product(av, bv, sa, sb, fmts, k: int, init) -> np.ndarray:
    """sum_k (A * 2^(sA - 127)) (B * 2^(sB - 127)) [+ init], exact, rounded once to float."""
    groups = sa.shape[1]
    m, n = av.shape[0], bv.shape[1]
    special = (
        not np.isfinite(av).all()
        or not np.isfinite(bv).all()
        or (sa == 0xFF).any()
        or (sb == 0xFF).any()
        or (init is not None and not np.isfinite(init).all())
    )
    if special:  # NaN / infinity: float arithmetic's propagation (float64, then float)
        sav = np.where(sa == 0xFF, np.nan, np.ldexp(1.0, sa - 127))
        sbv = np.where(sb == 0xFF, np.nan, np.ldexp(1.0, sb - 127))
        ga = np.repeat(sav, GROUP, axis=1)[:, :k]
        gb = np.repeat(sbv, GROUP, axis=1)[:, :k].T
        with np.errstate(all="ignore"):
            prod = (av * ga) @ (bv * gb)
            if init is not None:
                prod = prod + init
        return prod.astype(np.float32)
    qa, qb = _QUANTUM[fmts[0]], _QUANTUM[fmts[1]]
    ai = (av * (1 << qa)).astype(np.int64).astype(object)
    bi = (bv * (1 << qb)).astype(np.int64).astype(object)
    # partial sums of each K group: exact integers times 2^(sA + sB - 254 - qa - qb)
    exps = sa[:, None, :] + sb[None, :, :] - 254 - qa - qb  # [m, n, g]
    terms = []
    for g in range(groups):
        lo, hi = g * GROUP, min(k, (g + 1) * GROUP)
        terms.append(ai[:, lo:hi].dot(bi[lo:hi, :]))
    emin = int(exps.min()) if exps.size else 0
    if init is not None:
        im, ie = _exact(np.asarray(init, np.float32))
        emin = min(emin, int(ie.min()))
    out = np.empty((m, n), np.float32)
    for i in range(m):
        for j in range(n):
            total = 0
            for g in range(groups):
                t = terms[g][i, j]
                if t:
                    total += t << int(exps[i, j, g] - emin)
            if init is not None:
                total += int(im[i, j]) << int(ie[i, j] - emin)
            out[i, j] = round_f32(total, emin)
    return out
