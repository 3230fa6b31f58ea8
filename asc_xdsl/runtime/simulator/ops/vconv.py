"""Type conversion in the mask forms and the ops that convert on the way (V pipe):
Cast L0/L1 (`cast`), AddReluCast/SubReluCast (`relu_cast:*`), MulCast and AddDeqRelu
(`binary:mul_cast`, `binary:add_deq_relu`), SetDeqScale (`set_deq_scale`).

The mask and the elements per repeat follow the wider of the two types; each operand
keeps its own block size for the strides (a contiguous half side of a float cast has
repeat stride 4).

**DEQSCALE** (`c.regs`): `SetDeqScale(half scale)` holds the scale of the int32 ->
half conversions (Cast, whose round mode is then ignored, and AddDeqRelu): the result
is half(x * scale), rounded once to nearest even (*decision*: computed in float64).
`SetDeqScale(float scale, int16 offset, bool signMode)` holds those of CastDequant
int16 -> int8/uint8 (isVecDeq=false): dst = saturate(rint(src * scale + offset)), the
scale read as the hardware does in its (1, 8, 10) format (the float's mantissa cut to 10
bits: *decision*, truncated), the offset as a signed 9-bit integer, the result signed
(int8) or unsigned (uint8) as signMode says (the dst type must agree). Each 32-byte
block of 16 sources gives 16 bytes, written to the second (halfBlock=true) or first
half of the dst block at the same block position; the other half is kept (so two calls
can fill both). The int32 -> half pair is Cast through DEQSCALE. The vector-dequant
mode (isVecDeq=true, `SetDeqScale(vdeq, info)`) is not modelled yet (refused).

AddReluCast/SubReluCast: max(src0 op src1, 0) in the source type, then converted
with round-to-nearest-even and saturation; MulCast likewise for src0 * src1
(*decision*: the round mode of these fused conversions is not documented).
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects.ascendc.enums import RoundMode
from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.dtypes import is_bf16, np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError, UnsupportedOpError
from asc_xdsl.runtime.simulator.ops.cast import cast_array
from asc_xdsl.runtime.simulator.ops.elementwise import _params, _strides
from asc_xdsl.runtime.simulator.ops.instr import VectorCall, apply, charge
from asc_xdsl.runtime.simulator.vmask import check_span, indices, lane_ids

DEQSCALE = "DEQSCALE"


def deq_scale(c) -> np.float16:
    reg = c.regs.get(DEQSCALE)
    if reg is None or not isinstance(reg, np.float16):
        raise SimulatorError(
            "an int32 -> half conversion needs the DEQSCALE register: call "
            "SetDeqScale(half scale) first"
        )
    return reg


def _deq(x: np.ndarray, scale: np.float16) -> np.ndarray:
    with np.errstate(all="ignore"):
        return (x.astype(np.float64) * float(scale)).astype(np.float16)


def is_deq_pair(src: np.dtype, dst: np.dtype) -> bool:
    return src == np.int32 and dst == np.float16


def convert(c, x: np.ndarray, sbf: bool, dt: np.dtype, dbf: bool, mode: RoundMode) -> np.ndarray:
    """Cast semantics, the int32 -> half pair through DEQSCALE."""
    if is_deq_pair(x.dtype, dt) and not (sbf or dbf):
        return _deq(x, deq_scale(c))
    return cast_array(x, sbf, dt, dbf, mode)


@sim_hook("cast")
def cast_hook(op, comp, key: str):
    det, set_ = op.dst.type.element_type, op.src.type.element_type
    dt, st = np_dtype(det), np_dtype(set_)
    dbf, sbf = is_bf16(det), is_bf16(set_)
    mode = op.mode
    erep = 256 // max(dt.itemsize, st.itemsize)
    call = VectorCall(op, comp)
    d, a, p = comp.slot(op.dst), comp.slot(op.src), _params(op, comp)
    sizes = (dt.itemsize, st.itemsize)

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        ds, (s0,) = _strides(e[p] if p is not None else None, 1, sizes)
        apply(ln, e[d], ds, [(e[a], s0, "src")], lambda x: convert(c, x, sbf, dt, dbf, mode))
        charge(c, ln)

    return run


def _narrow_rint(x: np.ndarray, dt: np.dtype) -> np.ndarray:
    return cast_array(x, False, dt, False, RoundMode.CAST_RINT)


@sim_hook("relu_cast")
def _relu_cast(op, comp, key: str):
    sub = key.startswith("sub")
    dt, st = np_dtype(op.dst.type.element_type), np_dtype(op.src0.type.element_type)
    erep = 256 // max(dt.itemsize, st.itemsize)
    call = VectorCall(op, comp)
    d, a, b, p = comp.slot(op.dst), comp.slot(op.src0), comp.slot(op.src1), _params(op, comp)
    sizes = (dt.itemsize, st.itemsize, st.itemsize)

    def fn(x, y):
        with np.errstate(all="ignore"):
            r = np.subtract(x, y) if sub else np.add(x, y)
        return _narrow_rint(np.maximum(r, st.type(0)), dt)

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        ds, (s0, s1) = _strides(e[p] if p is not None else None, 2, sizes)
        apply(ln, e[d], ds, [(e[a], s0, "src0"), (e[b], s1, "src1")], fn)
        charge(c, ln)

    return run


def binary_cast(op, comp, key: str):
    """MulCast (half -> int8/uint8) and AddDeqRelu (int32 -> half through DEQSCALE)."""
    dt, st = np_dtype(op.dst.type.element_type), np_dtype(op.src0.type.element_type)
    erep = 256 // max(dt.itemsize, st.itemsize)
    call = VectorCall(op, comp)
    d, a, b, p = comp.slot(op.dst), comp.slot(op.src0), comp.slot(op.src1), _params(op, comp)
    sizes = (dt.itemsize, st.itemsize, st.itemsize)
    deq = key == "add_deq_relu"
    if deq and not is_deq_pair(st, dt):
        raise UnsupportedOpError(f"AddDeqRelu from {st} to {dt} (int32 -> half is supported)")

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        ds, (s0, s1) = _strides(e[p] if p is not None else None, 2, sizes)
        if deq:
            scale = deq_scale(c)

            def fn(x, y):
                with np.errstate(all="ignore"):
                    r = _deq(np.add(x, y), scale)
                return np.maximum(r, np.float16(0))
        else:

            def fn(x, y):
                with np.errstate(all="ignore"):
                    return _narrow_rint(np.multiply(x, y), dt)

        apply(ln, e[d], ds, [(e[a], s0, "src0"), (e[b], s1, "src1")], fn)
        charge(c, ln)

    return run


@sim_hook("set_deq_scale")
def _set_deq_scale(op, comp, key: str):
    s = comp.slot(op.scale)
    off = comp.slot(op.offset) if op.offset is not None else None
    sign = comp.slot(op.sign_mode) if op.sign_mode is not None else None

    def run(e, c, _op=op):
        if off is None:
            c.regs[DEQSCALE] = np.float16(e[s])
        else:
            c.regs[DEQSCALE] = (np.float32(e[s]), int(e[off]), bool(e[sign]) if sign else False)

    return run


@sim_hook("set_deq_scale_l4")
def _not_modelled(op, comp, key: str):
    raise UnsupportedOpError(
        "SetDeqScale(vdeq, info) (CastDequant's vector-dequant table) is not modelled by the "
        "CPU simulator yet; SetDeqScale(scale, offset, signMode) with isVecDeq=false is"
    )


def _deq_params(c, dt: np.dtype) -> tuple[float, int]:
    """DEQSCALE's (scale, offset) for CastDequant int16 -> dt, checked against signMode."""
    reg = c.regs.get(DEQSCALE)
    if not isinstance(reg, tuple):
        raise SimulatorError(
            "CastDequant int16 -> 8-bit needs the DEQSCALE register: call "
            "SetDeqScale(float scale, int16_t offset, bool signMode) first"
        )
    scale, offset, signed = reg
    if signed != (dt == np.int8):
        raise SimulatorError(
            f"CastDequant to {dt} needs signMode={'true' if dt == np.int8 else 'false'} in "
            f"SetDeqScale (it is {'true' if signed else 'false'})"
        )
    bits = np.array([scale], np.float32).view(np.uint32) & np.uint32(0xFFFFE000)
    return float(bits.view(np.float32)[0]), ((offset & 0x1FF) ^ 0x100) - 0x100


@sim_hook("cast_deq")
def _cast_deq(op, comp, key: str):
    dt, st = np_dtype(op.dst.type.element_type), np_dtype(op.src.type.element_type)
    if st == np.int32:  # int32 -> half: Cast with RINT through DEQSCALE, as the headers do
        return cast_hook(op, comp, key)
    if op.flag("isVecDeq"):
        raise UnsupportedOpError(
            "CastDequant with isVecDeq=true (the vector-dequant table of SetDeqScale(vdeq, "
            "info)) is not modelled by the CPU simulator yet; isVecDeq=false is"
        )
    half = 16 if op.flag("halfBlock") else 0
    info = np.iinfo(dt)
    call = VectorCall(op, comp)
    d, a, p = comp.slot(op.dst), comp.slot(op.src), _params(op, comp)

    def run(e, c, _op=op):
        scale, offset = _deq_params(c, dt)
        ln = call.lanes(e, c, 128)
        (dblk, drep), ((sblk, srep),) = _strides(e[p] if p is not None else None, 1)
        dst, src = e[d], e[a]
        si = indices(ln, 2, sblk, srep)
        check_span(src, si, "src")
        r, lane = lane_ids(ln)
        di = r * (drep * 32) + (lane // 16) * (dblk * 32) + half + lane % 16
        check_span(dst, di, "dst")
        x = np.rint(src.arr[si].astype(np.float64) * scale + offset)
        dst.arr[di] = np.clip(x, info.min, info.max).astype(dt)
        charge(c, ln)

    return run
