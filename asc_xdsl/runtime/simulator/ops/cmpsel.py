"""Compare, CompareScalar, Compare into CMPMASK, Get/SetCmpMask and Select (V pipe).

Registers (per block, `c.regs`): **CMPMASK**, 16 bytes. Compare-to-register writes its
result bits there, SetCmpMask loads it from a tensor, GetCmpMask stores it. Select
mode 0 (VSEL_CMPMASK_SPR) loads CMPMASK from selMask's first 16 bytes and takes bit e
of it for element e of every repeat. Modes
1 and 2 read `selMask` (Erep bits per repeat, consecutive) and, as the Ascend C
implementation does, overwrite CMPMASK on the way: with the scalar (mode 1, repeated)
or with selMask's UB address (mode 2, as uint32 words), both staged through the 32
bytes of API scratch at UB offset 184 KiB (`TMP_UB_OFFSET`), which they overwrite too.
The register forms (`select_reg`, `select_scalar_reg`) use CMPMASK as those left it.

Compare (vcmpv) on Atlas A2/A3 ignores the mask: every element of `repeatTime`
repeats is compared and dst gets Erep bits per repeat, packed (*decision*: the count
form packs them with the default dstRepStride 8, so the destination strides are not
applied to the bits). The count form needs count * sizeof(T) to be a multiple of 256
bytes; otherwise it is an error (the API would drop the tail silently). A bit is 1
where the comparison holds (IEEE: only NE holds with a NaN).
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import ComplexType

from asc_xdsl.dialects.ascendc.enums import SelMode
from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError, TensorBoundsError, UnsupportedOpError
from asc_xdsl.runtime.simulator.ops.elementwise import _params, _strides
from asc_xdsl.runtime.simulator.ops.instr import VectorCall, apply, charge
from asc_xdsl.runtime.simulator.vmask import (
    Lanes,
    check_span,
    full_lanes,
    indices,
    lane_ids,
)

CMPMASK = "CMPMASK"
CMPMASK_BYTES = 16
TMP_UB_OFFSET = 184 * 1024

COMPARE = {
    0: np.less,
    1: np.greater,
    2: np.equal,
    3: np.less_equal,
    4: np.greater_equal,
    5: np.not_equal,
}


def _mode(op, name: str) -> int:
    return int(op.properties[name].value.data)


def _cmp_fn(op):
    mode = _mode(op, "cmpMode")
    fn = COMPARE.get(mode)
    if fn is None:
        raise SimulatorError(f"unknown cmpMode {mode}")
    if np_dtype(op.src0.type.element_type).kind == "i" and mode != 2:
        raise UnsupportedOpError("int32 Compare supports CMPMODE::EQ only on Atlas A2/A3")
    return fn


def _bytes(t):
    return t.arr.view(np.uint8)


def cmpmask(c, what: str) -> np.ndarray:
    reg = c.regs.get(CMPMASK)
    if reg is None:
        raise SimulatorError(
            f"{what} reads the CMPMASK register, which nothing has set (Compare into the "
            "register, SetCmpMask, or a Select in mode 1/2)"
        )
    return reg


def _write_bits(dst, bits: np.ndarray, erep: int, repeats: int) -> None:
    """Pack (repeats * erep) booleans little-endian into dst's first bytes."""
    packed = np.packbits(bits.reshape(repeats, erep), axis=1, bitorder="little").reshape(-1)
    out = _bytes(dst)
    dst.check(0, "dst")
    if packed.size > out.size:
        raise TensorBoundsError(
            f"access past the end of local tensor dst: the comparison writes {packed.size} "
            f"bytes of bits but the tensor holds {out.size} ({dst.describe()})"
        )
    out[: packed.size] = packed


@sim_hook("cmpsel")
def _cmpsel(op, comp, key: str):
    handler = {
        "compare": _compare,
        "compare_scalar": _compare,
        "compare_r": _compare_r,
        "get_cmp_mask": _get_cmp_mask,
        "set_cmp_mask": _set_cmp_mask,
        "select": _select,
        "select_scalar": _select,
        "select_reg": _select_reg,
        "select_scalar_reg": _select_scalar_reg,
    }.get(key)
    if handler is None:
        raise UnsupportedOpError(f"the CPU simulator has no semantics for '{key}'")
    return handler(op, comp, key)


def _compare(op, comp, key: str):
    fn = _cmp_fn(op)
    scalar = key == "compare_scalar"
    dt = np_dtype(op.src0.type.element_type)
    erep = 256 // dt.itemsize
    d, a = comp.slot(op.dst), comp.slot(op.src0)
    b = comp.slot(op.src1_scalar if scalar else op.src1)
    call = VectorCall(op, comp)
    p = _params(op, comp)

    def run(e, c, _op=op):
        if call.is_count_form:
            n = int(e[call.count])
            if n < 0 or n * dt.itemsize % 256:
                raise SimulatorError(
                    f"{op.SPEC.api} of {n} elements: count * sizeof(T) = {n * dt.itemsize} "
                    "bytes must be a multiple of 256 (the API drops a tail silently)"
                )
            repeats = n * dt.itemsize // 256
        else:
            repeats = int(e[call.repeat])
        ln = full_lanes(erep, repeats)  # Compare ignores the mask on Atlas A2/A3
        _, srcs = _strides(e[p] if p is not None else None, 1 if scalar else 2)
        x = e[a]
        xi = indices(ln, dt.itemsize, *srcs[0])
        check_span(x, xi, "src0")
        if scalar:
            rhs = np.array(e[b]).astype(dt)[()]
        else:
            y = e[b]
            yi = indices(ln, dt.itemsize, *srcs[1])
            check_span(y, yi, "src1")
            rhs = y.arr[yi]
        with np.errstate(invalid="ignore"):
            bits = fn(x.arr[xi], rhs)
        _write_bits(e[d], bits, erep, repeats)
        charge(c, ln)

    return run


def _compare_r(op, comp, key: str):
    fn = _cmp_fn(op)
    dt = np_dtype(op.src0.type.element_type)
    erep = 256 // dt.itemsize
    a, b, p = comp.slot(op.src0), comp.slot(op.src1), _params(op, comp)
    call = VectorCall(op, comp)

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        ln = Lanes(erep, min(ln.repeats, 1), ln.row, min(ln.count, erep))  # one repeat
        _, (s0, s1) = _strides(e[p] if p is not None else None, 2)
        x, y = e[a], e[b]
        xi, yi = indices(ln, dt.itemsize, *s0), indices(ln, dt.itemsize, *s1)
        check_span(x, xi, "src0")
        check_span(y, yi, "src1")
        bits = np.zeros(CMPMASK_BYTES * 8, bool)  # disabled elements: 0 (*decision*)
        with np.errstate(invalid="ignore"):
            bits[lane_ids(ln)[1]] = fn(x.arr[xi], y.arr[yi])
        c.regs[CMPMASK] = np.packbits(bits, bitorder="little")
        charge(c, ln)

    return run


def _get_cmp_mask(op, comp, key: str):
    d = comp.slot(op.dst)

    def run(e, c, _op=op):
        out = _bytes(e[d])
        e[d].check(0, "dst")
        if out.size < CMPMASK_BYTES:
            raise TensorBoundsError(f"GetCmpMask writes 16 bytes; dst holds {out.size}")
        out[:CMPMASK_BYTES] = cmpmask(c, "GetCmpMask")

    return run


def _set_cmp_mask(op, comp, key: str):
    s = comp.slot(op.src)

    def run(e, c, _op=op):
        src = _bytes(e[s])
        e[s].check(0, "src")
        if src.size < CMPMASK_BYTES:
            raise TensorBoundsError(f"SetCmpMask reads 16 bytes; src holds {src.size}")
        c.regs[CMPMASK] = src[:CMPMASK_BYTES].copy()

    return run


def _sel_bits(sel_bytes: np.ndarray, ln: Lanes, what: str) -> np.ndarray:
    """Modes 1/2: bit r * Erep + e of selMask for element e of repeat r."""
    r, el = lane_ids(ln)
    pos = r * ln.erep + el
    if pos.size and int(pos[-1]) // 8 >= sel_bytes.size:
        raise TensorBoundsError(
            f"access past the end of local tensor {what}: the select reads bit {int(pos[-1])} "
            f"but the tensor holds {sel_bytes.size * 8} bits"
        )
    return (sel_bytes[pos >> 3] >> (pos & 7)) & 1 == 1


def _spr_bits(c, ln: Lanes, what: str) -> np.ndarray:
    """Mode 0: bit e of CMPMASK for element e of every repeat."""
    reg = cmpmask(c, what)
    return np.unpackbits(reg, bitorder="little").astype(bool)[lane_ids(ln)[1]]


def _stage(c, data: np.ndarray) -> None:
    """Modes 1/2 stage their CMPMASK value through the API's UB scratch."""
    raw = np.resize(data.view(np.uint8), 32)
    c.onchip.mems["UB"][TMP_UB_OFFSET : TMP_UB_OFFSET + 32] = raw
    c.regs[CMPMASK] = raw[:CMPMASK_BYTES].copy()


def _pick(x, y, bits):
    return np.where(bits, x, y)


def _select(op, comp, key: str):
    scalar = key == "select_scalar"
    mode = _mode(op, "selMode")
    if scalar != (mode == SelMode.VSEL_TENSOR_SCALAR_MODE.value):
        raise UnsupportedOpError(
            f"selMode {mode} with a {'scalar' if scalar else 'tensor'} src1: mode 1 "
            "(VSEL_TENSOR_SCALAR_MODE) takes a scalar, modes 0 and 2 a tensor"
        )
    dt = np_dtype(op.dst.type.element_type)
    erep = 256 // dt.itemsize
    d, m, a, b = (comp.slot(v) for v in (op.dst, op.sel_mask, op.src0, op.src1))
    call = VectorCall(op, comp)
    p = _params(op, comp)
    scalar_of = _scalar_of(op, dt, mode)

    def run(e, c, _op=op):
        sel = e[m]
        sel.check(0, "sel_mask")
        if mode == 0:  # the API loads CMPMASK from selMask first
            raw = _bytes(sel)
            if raw.size < CMPMASK_BYTES:
                raise TensorBoundsError(
                    f"Select mode 0 reads 16 bytes of sel_mask; it holds {raw.size}"
                )
            c.regs[CMPMASK] = raw[:CMPMASK_BYTES].copy()
        elif mode == 1:
            v = scalar_of(e[b])
            _stage(c, np.full(32 // dt.itemsize, v, dt))
        elif mode == 2:
            _stage(c, np.full(8, sel.offset, np.uint32))
        ln = call.lanes(e, c, erep)
        ds, (s0, s1) = _strides(e[p] if p is not None else None, 2)
        bits = (
            _spr_bits(c, ln, "Select mode 0")
            if mode == 0
            else _sel_bits(_bytes(sel), ln, "sel_mask")
        )
        if mode == 1:
            fill = np.full(1, v, dt)  # (a structured complex32 pair too)
            apply(
                ln, e[d], ds, [(e[a], s0, "src0")], lambda x, k: np.where(k, x, fill), extras=[bits]
            )
        else:
            apply(ln, e[d], ds, [(e[a], s0, "src0"), (e[b], s1, "src1")], _pick, extras=[bits])
        charge(c, ln)

    return run


def _scalar_of(op, dt: np.dtype, mode: int):
    """Select's scalar src1 as an element of dt (C++ converts it to T); a complex one
    through ops/reg.py. (complex64's mode 0 needs nothing of its own: its 3510
    implementation, SelectMode0Level2, makes the pair's mask once from selMask's first
    32-bit words, MaskGenWithRegTensor<uint32_t, 0> + MaskInterleave<uint32_t> +
    MaskDeInterleave<uint32_t> of that mask with itself, which gives 32-bit element e
    of each 64-element pair bit e mod 32 of selMask: bit e of every 32-element repeat,
    as `_spr_bits` takes it.)"""
    t = op.dst.type.element_type
    if not isinstance(t, ComplexType):
        return lambda s: np.array(s).astype(dt)
    from asc_xdsl.runtime.simulator.ops.reg import complex_fill

    return lambda s: complex_fill(t, s)


def _select_reg(op, comp, key: str):
    """Select(dst, src0, src1, repeatTime, params) under the mask and CMPMASK registers."""
    mode = _mode(op, "selMode")
    if mode == 1:
        raise UnsupportedOpError("the register form with two tensors takes selMode 0 or 2")
    dt = np_dtype(op.dst.type.element_type)
    erep = 256 // dt.itemsize
    d, a, b = comp.slot(op.dst), comp.slot(op.src0), comp.slot(op.src1)
    call = VectorCall(op, comp)
    p = _params(op, comp)

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        ds, (s0, s1) = _strides(e[p], 2)
        if mode == 0:
            bits = _spr_bits(c, ln, "Select mode 0")
        else:  # CMPMASK holds selMask's UB address
            addr = int(cmpmask(c, "Select mode 2")[:4].view(np.uint32)[0])
            ub = c.onchip.mems["UB"]
            bits = _sel_bits(ub[addr:], ln, "the selMask at CMPMASK's address")
        apply(ln, e[d], ds, [(e[a], s0, "src0"), (e[b], s1, "src1")], _pick, extras=[bits])
        charge(c, ln)

    return run


def _select_scalar_reg(op, comp, key: str):
    """Select(dst, selMask, src0, repeatTime, params): mode 1 with the scalar CMPMASK holds."""
    dt = np_dtype(op.dst.type.element_type)
    erep = 256 // dt.itemsize
    d, m, a = comp.slot(op.dst), comp.slot(op.sel_mask), comp.slot(op.src0)
    call = VectorCall(op, comp)
    p = _params(op, comp)

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        ds, (s0, _) = _strides(e[p], 2)
        v = cmpmask(c, "Select mode 1")[: dt.itemsize].view(dt)[0]
        sel = e[m]
        sel.check(0, "sel_mask")
        bits = _sel_bits(_bytes(sel), ln, "sel_mask")
        apply(ln, e[d], ds, [(e[a], s0, "src0")], lambda x, k: np.where(k, x, v), extras=[bits])
        charge(c, ln)

    return run
