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
mode (isVecDeq=true): `SetDeqScale(vdeq, info)` packs VdeqInfo's 16 (scale, offset,
signMode) into vdeq as the headers do (scale's float bits, offset at bit 37, signMode
at bit 46) and points DEQSCALE at it; CastDequant reads that table from UB when it
runs, element i of each 16-element block using entry i.

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
from asc_xdsl.runtime.simulator.memory import LocalTensor
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
    from asc_xdsl.runtime.simulator import float8

    fp8 = float8.converter(set_, det, mode) if float8.involves_float8(set_, det) else None

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        ds, (s0,) = _strides(e[p] if p is not None else None, 1, sizes)
        conv = fp8 or (lambda x: convert(c, x, sbf, dt, dbf, mode))
        apply(ln, e[d], ds, [(e[a], s0, "src")], conv)
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
def _set_deq_table(op, comp, key: str):
    v, info = comp.slot(op.vdeq), comp.slot(op.vdeq_info)

    def run(e, c, _op=op):
        f = e[info].fields({"vdeqScale": None, "vdeqOffset": None, "vdeqSignMode": None})
        scale = _table(f["vdeqScale"], np.float32)
        offset = _table(f["vdeqOffset"], np.int16)
        sign = _table(f["vdeqSignMode"], np.bool_)
        vdeq = e[v]
        vdeq.check(16, "vdeq", vector=False)
        vdeq.arr[:16] = _pack(scale, offset, sign).view(vdeq.dtype)
        c.regs[DEQSCALE] = vdeq  # the table's address: read when CastDequant runs

    return run


def _table(values, dtype) -> np.ndarray:
    """One of VdeqInfo's 16-entry arrays (all zero when the struct was built empty)."""
    if values is None:
        return np.zeros(16, dtype)
    arr = np.asarray(values).reshape(-1)
    if arr.size < 16:
        raise SimulatorError(f"VdeqInfo holds 16 entries per array, got {arr.size}")
    return arr[:16].astype(dtype)


def _pack(scale: np.ndarray, offset: np.ndarray, sign: np.ndarray) -> np.ndarray:
    """DEQSCALE words (the headers' MakeDeqScaleConfig): scale's float bits, the
    offset's low 9 bits at bit 37, signMode at bit 46."""
    return (
        (sign.astype(np.uint64) << np.uint64(46))
        | ((offset.astype(np.int64) & 0x1FF).astype(np.uint64) << np.uint64(37))
        | scale.astype(np.float32).view(np.uint32).astype(np.uint64)
    )


def _unpack(bits: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(scale cut to (1, 8, 10), 9-bit signed offset, signMode) of DEQSCALE words."""
    scale = (bits & np.uint64(0xFFFFE000)).astype(np.uint32).view(np.float32)
    off = ((bits >> np.uint64(37)) & np.uint64(0x1FF)).astype(np.int64)
    sign = ((bits >> np.uint64(46)) & np.uint64(1)).astype(bool)
    return scale.astype(np.float64), (off ^ 0x100) - 0x100, sign


def _deq_params(c, dt: np.dtype, vector: bool) -> tuple[np.ndarray, np.ndarray]:
    """DEQSCALE's (scale, offset) for CastDequant int16 -> dt: one each, or 16 (vector
    dequant: one per element of a block), each checked against its signMode."""
    reg = c.regs.get(DEQSCALE)
    if vector:
        if not isinstance(reg, LocalTensor):
            raise SimulatorError(
                "CastDequant with isVecDeq=true needs the DEQSCALE table: call "
                "SetDeqScale(vdeq, vdeqInfo) first"
            )
        reg.check(16, "the vdeq table", vector=False)
        bits = reg.arr[:16].view(np.uint64)
    else:
        if not isinstance(reg, tuple):
            raise SimulatorError(
                "CastDequant int16 -> 8-bit needs the DEQSCALE register: call "
                "SetDeqScale(float scale, int16_t offset, bool signMode) first"
            )
        scale, offset, signed = reg
        bits = _pack(np.array([scale]), np.array([offset]), np.array([signed]))
    scale, offset, signed = _unpack(bits)
    want = dt == np.int8
    if (signed != want).any():
        where = f"entry {int(np.argmax(signed != want))} is" if vector else "it is"
        raise SimulatorError(
            f"CastDequant to {dt} needs signMode={'true' if want else 'false'} in "
            f"SetDeqScale ({where} {'false' if want else 'true'})"
        )
    return scale, offset


@sim_hook("cast_deq")
def _cast_deq(op, comp, key: str):
    dt, st = np_dtype(op.dst.type.element_type), np_dtype(op.src.type.element_type)
    if st == np.int32:  # int32 -> half: Cast with RINT through DEQSCALE, as the headers do
        return cast_hook(op, comp, key)
    vector = op.flag("isVecDeq")
    half = 16 if op.flag("halfBlock") else 0
    info = np.iinfo(dt)
    call = VectorCall(op, comp)
    d, a, p = comp.slot(op.dst), comp.slot(op.src), _params(op, comp)

    def run(e, c, _op=op):
        scale, offset = _deq_params(c, dt, vector)
        ln = call.lanes(e, c, 128)
        (dblk, drep), ((sblk, srep),) = _strides(e[p] if p is not None else None, 1)
        dst, src = e[d], e[a]
        si = indices(ln, 2, sblk, srep)
        check_span(src, si, "src")
        r, lane = lane_ids(ln)
        di = r * (drep * 32) + (lane // 16) * (dblk * 32) + half + lane % 16
        check_span(dst, di, "dst")
        entry = lane % 16 if vector else 0  # the table entry of each element
        x = np.rint(src.arr[si].astype(np.float64) * scale[entry] + offset[entry])
        dst.arr[di] = np.clip(x, info.min, info.max).astype(dt)
        charge(c, ln)

    return run
