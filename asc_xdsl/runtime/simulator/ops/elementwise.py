"""Element-wise vector ops (binary, unary, tensor-scalar) in every form, by spec key.

The spec's simulator key (`binary:add`, `unary:exp`, `scalar:adds`, `scalar_tensor:add`)
picks the function
below; the form (count, continuous mask, bit mask) and the mask register come from
`instr.VectorCall`. Count forms with a fast whole-tile handler (`vector.py`) use it;
the rest run here in counter mode, as the Ascend C implementation does.

Precision: each op rounds once to the element type (numpy's float16 loops compute in
float32); the fused ops (FusedMulAdd, MulAddDst, FusedExpSub, ...) are computed in
float64 and rounded once (*decision*: the fused rounding is not documented). Integer
results wrap. Max/Min propagate NaN.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable

import numpy as np

from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32, f32_to_bf16, is_bf16, np_dtype
from asc_xdsl.runtime.simulator.errors import UnsupportedOpError
from asc_xdsl.runtime.simulator.ops.instr import DEFAULT_BLK, DEFAULT_REP, VectorCall, apply, charge
from asc_xdsl.runtime.simulator.ops.shifts import RoundEnWarning, scalar_shift
from asc_xdsl.runtime.simulator.vmask import indices

Fn = Callable[..., np.ndarray]


def _fused(expr: Callable[..., np.ndarray]) -> Callable[[np.dtype], Fn]:
    """An expression evaluated in float64, rounded once to the element type."""

    def make(dt: np.dtype) -> Fn:
        def fn(*xs):
            with np.errstate(all="ignore"):
                return expr(*(x.astype(np.float64) for x in xs)).astype(dt)

        return fn

    return make


def _plain(ufunc: Callable[..., np.ndarray]) -> Callable[[np.dtype], Fn]:
    def make(dt: np.dtype) -> Fn:
        def fn(*xs):
            with np.errstate(all="ignore"):
                return ufunc(*xs).astype(dt, copy=False)

        return fn

    return make


def _relu(x):
    return np.maximum(x, x.dtype.type(0))


# Binary: fn(a, b), or fn(old_dst, a, b) for the keys in READS_DST.
BINARY: dict[str, Callable[[np.dtype], Fn]] = {
    "add": _plain(np.add),
    "sub": _plain(np.subtract),
    "mul": _plain(np.multiply),
    "div": _plain(np.divide),
    "max": _plain(np.maximum),
    "min": _plain(np.minimum),
    "and": _plain(np.bitwise_and),
    "or": _plain(np.bitwise_or),
    "add_relu": _plain(lambda a, b: _relu(a + b)),
    "sub_relu": _plain(lambda a, b: _relu(a - b)),
    "fused_mul_add": _fused(lambda d, a, b: a * d + b),
    "fused_mul_add_relu": _fused(lambda d, a, b: np.maximum(a * d + b, 0)),
    "mul_add_dst": _fused(lambda d, a, b: a * b + d),
    "fused_abs_sub": _plain(lambda a, b: np.abs(a - b)),
    "fused_exp_sub": _fused(lambda a, b: np.exp(a - b)),
    "prelu": _plain(lambda a, b: np.where(a >= 0, a, a * b)),
}
READS_DST = {"fused_mul_add", "fused_mul_add_relu", "mul_add_dst"}
CONVERTING = {"mul_cast", "add_deq_relu"}  # vconv.py


def invert_bits(x, out=None):
    """Not: every bit inverted, of any element type (Ascend 950's Not takes half and
    float: NotImpl, dav_3510/kernel_operator_vec_unary_impl.h:527, :704)."""
    bits = np.dtype(f"u{x.dtype.itemsize}")
    if out is None:
        return np.invert(x.view(bits)).view(x.dtype)
    np.invert(x.view(bits), out=out.view(bits))
    return out


def _rsqrt(x):
    return x.dtype.type(1) / np.sqrt(x)


UNARY: dict[str, Callable[[np.dtype], Fn]] = {
    "abs": _plain(np.abs),
    "exp": _plain(np.exp),
    "ln": _plain(np.log),
    "sqrt": _plain(np.sqrt),
    "rsqrt": _plain(_rsqrt),
    "reciprocal": _plain(lambda x: x.dtype.type(1) / x),
    "relu": _plain(_relu),
    "not": _plain(lambda x: invert_bits(x)),
    "neg": _plain(np.negative),
}


# Tensor-scalar: fn(x, scalar), the scalar already converted to the element type.
# (ShiftLeft / ShiftRight, "shift_left" / "shift_right": `shifts.scalar_shift`, per arch.)
SCALAR: dict[str, Callable[[np.dtype], Fn]] = {
    "adds": _plain(np.add),
    "muls": _plain(np.multiply),
    "maxs": _plain(np.maximum),
    "mins": _plain(np.minimum),
    "leaky_relu": _plain(lambda x, s: np.where(x >= 0, x, x * s)),
    # Subs / Divs (Ascend 950), the mask forms: the scalar duplicated, then Reg Sub / Div
    "subs": _plain(np.subtract),
    "divs": _plain(np.divide),
    "subs_first": _plain(lambda x, s: np.subtract(s, x)),
    "divs_first": _plain(lambda x, s: np.divide(s, x)),
}
SLOW = {"div", "exp", "ln", "sqrt", "rsqrt", "reciprocal", "fused_exp_sub"}


def _params(op, comp):
    """The slot of the op's repeat-parameter struct, or None (count form)."""
    p = getattr(op, "repeat_params", None)
    return comp.slot(p) if p is not None else None


def _strides(fields, n_src: int, sizes: tuple[int, ...] = ()):
    """(dst, [src...]) (block, repeat) strides from a Binary/UnaryRepeatParams tuple;
    None: the count form's contiguous defaults, where an operand narrower than the
    widest (`sizes`: dst's then the sources' itemsizes) advances fewer blocks."""
    if fields is None:
        if sizes:
            wide = max(sizes)
            reps = [DEFAULT_REP * s // wide for s in sizes]
            return (DEFAULT_BLK, reps[0]), [(DEFAULT_BLK, r) for r in reps[1:]]
        return (DEFAULT_BLK, DEFAULT_REP), [(DEFAULT_BLK, DEFAULT_REP)] * n_src
    f = [int(v) for v in fields]
    blk, rep = f[: n_src + 1], f[n_src + 1 : 2 * n_src + 2]
    return (blk[0], rep[0]), [(blk[i + 1], rep[i + 1]) for i in range(n_src)]


def _lookup(table, key, op):
    make = table.get(key)
    if make is None:
        raise UnsupportedOpError(f"the CPU simulator has no semantics for '{key}'")
    return make


def _complex(op, key: str) -> Fn:
    """fn(x, y) of Add / Sub / Mul / Div on complex storage (y: a tensor's or a scalar), as
    the 3510 headers compute it (ops/reg.py, imported only for a complex op)."""
    from asc_xdsl.runtime.simulator.ops.reg import complex_tensor_op

    return complex_tensor_op(op.dst.type.element_type, key)


@sim_hook("binary")
def _binary(op, comp, key: str):
    if key in CONVERTING:
        from asc_xdsl.runtime.simulator.ops.vconv import binary_cast

        return binary_cast(op, comp, key)
    make = _lookup(BINARY, key, op)
    dt = np_dtype(op.dst.type.element_type)
    st = np_dtype(op.src0.type.element_type)
    if st != dt and key not in READS_DST:
        raise UnsupportedOpError(f"'{key}' with a destination type other than the sources'")
    fn, reads_dst = make(dt), key in READS_DST
    if dt.kind in "cV":  # complex (the operators of Add, Sub, Mul, Div on 950): ops/reg.py
        fn = _complex(op, key)
    call = VectorCall(op, comp)
    d, a, b, p = comp.slot(op.dst), comp.slot(op.src0), comp.slot(op.src1), _params(op, comp)
    erep = 256 // max(dt.itemsize, st.itemsize)  # a mixed-type op follows the wider type
    cycles = 2 if key in SLOW else 1
    sizes = (dt.itemsize, st.itemsize, st.itemsize)

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        ds, (s0, s1) = _strides(e[p] if p is not None else None, 2, sizes)
        apply(ln, e[d], ds, [(e[a], s0, "src0"), (e[b], s1, "src1")], fn, reads_dst)
        charge(c, ln, cycles)

    return run


@sim_hook("unary")
def _unary(op, comp, key: str):
    make = _lookup(UNARY, key, op)
    dt = np_dtype(op.dst.type.element_type)
    fn = make(dt)
    call = VectorCall(op, comp)
    d, a, p = comp.slot(op.dst), comp.slot(op.src), _params(op, comp)
    erep = 256 // dt.itemsize
    cycles = 2 if key in SLOW else 1

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        ds, (s0,) = _strides(e[p] if p is not None else None, 1)
        apply(ln, e[d], ds, [(e[a], s0, "src")], fn)
        charge(c, ln, cycles)

    return run


def _bf16(fn: Fn) -> Fn:
    """fn on bfloat16 storage (uint16 bits): computed in float32, rounded to bfloat16."""

    def on_bits(x, v):
        return f32_to_bf16(fn(bf16_to_f32(x), bf16_to_f32(f32_to_bf16(np.float32(v)))))

    return on_bits


@sim_hook("scalar")
def tensor_scalar(op, comp, key: str):
    shift = key.startswith("shift")
    make = None if shift else _lookup(SCALAR, key, op)
    dt = np_dtype(op.dst.type.element_type)
    base = None if shift else make(dt)
    call = VectorCall(op, comp)
    d, a, s, p = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.scalar), _params(op, comp)
    erep = 256 // dt.itemsize
    round_en = getattr(op, "round_en", None)  # (ShiftRight's mask forms' roundEn)
    r = comp.slot(round_en) if round_en is not None else None

    if dt.kind in "cV":  # complex (Adds, Muls on 950): the scalar stays complex
        base, dt = _complex(op, key.removesuffix("s")), np.dtype(object)
    if is_bf16(op.dst.type.element_type):  # (Subs on 950): in float32, rounded to bfloat16
        base, dt = _bf16(make(np.dtype(np.float32))), np.dtype(np.float32)

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        ds, (s0,) = _strides(e[p] if p is not None else None, 1)
        if shift:  # (the count checked and taken as the arch takes it: ops/shifts.py)
            rounding = r is not None and bool(e[r])
            fn = scalar_shift(_op.SPEC.api, dt, c.onchip.platform.name, rounding)
            if rounding and dt.kind == "u":
                warnings.warn(
                    f"ShiftRight of {dt}_t: roundEn does not take effect for an unsigned "
                    "type (the header's KERNEL_WARN); shifted without rounding",
                    RoundEnWarning,
                    stacklevel=2,
                )
            v = int(e[s])
            apply(ln, e[d], ds, [(e[a], s0, "src")], lambda x: fn(x, v))
            charge(c, ln)
            return
        # converted as C++ converts the argument to T (integers wrap)
        v = np.array(e[s]).astype(dt)[()]
        apply(ln, e[d], ds, [(e[a], s0, "src")], lambda x: base(x, v))
        charge(c, ln)

    return run


@sim_hook("scalar_tensor")
def _scalar_tensor_masked(op, comp, key: str):
    """The flexible-scalar-position mask forms (Ascend 950; their count forms:
    `vector.py`): the scalar source's element 0 broadcast every repeat, the Reg op `key`
    (`ops/reg.py` `scalar_tensor_op`) against the other source at the strides of
    `repeat_params`, on the mask's lanes (the dst elements outside them keep their
    values, as the masked StoreAlign leaves them). A scalar element that dst writes is
    refused (`vector.scalar_outside_dst`)."""
    from asc_xdsl.runtime.simulator.ops.reg import scalar_tensor_op
    from asc_xdsl.runtime.simulator.ops.vector import scalar_outside_dst, tensor_element

    index = op.properties.get("scalarTensorIndex")
    first = index is not None and index.value.data == 0
    tensor, scalar = (op.src1, op.src0) if first else (op.src0, op.src1)
    et = op.dst.type.element_type
    fn = scalar_tensor_op(et, key, first)
    call = VectorCall(op, comp)
    d, a, s, p = comp.slot(op.dst), comp.slot(tensor), comp.slot(scalar), _params(op, comp)
    erep = 256 // np_dtype(et).itemsize

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        ds, (s0,) = _strides(e[p], 1)
        dt, st = e[d], e[s]
        scalar_outside_dst(st, dt, indices(ln, dt.itemsize, *ds))
        v = tensor_element(et, st)
        apply(ln, dt, ds, [(e[a], s0, "src")], lambda x: fn(x, v))
        charge(c, ln)

    return run


@sim_hook("axpy")
def _axpy(op, comp, key: str):
    """Axpy: dst = src * scalar + dst, computed in float64 and rounded once to dst's type
    (a half source into a float destination follows the wider type's repeats)."""
    dt, st = np_dtype(op.dst.type.element_type), np_dtype(op.src.type.element_type)
    call = VectorCall(op, comp)
    d, a, s, p = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.scalar), _params(op, comp)
    erep = 256 // max(dt.itemsize, st.itemsize)
    sizes = (dt.itemsize, st.itemsize)
    fma = _fused(lambda old, x, v: x * v + old)(dt)

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        ds, (s0,) = _strides(e[p] if p is not None else None, 1, sizes)
        v = np.array(np.array(e[s]).astype(st), np.float64)
        apply(ln, e[d], ds, [(e[a], s0, "src")], lambda old, x: fma(old, x, v), reads_dst=True)
        charge(c, ln)

    return run


def vector_copy(op, comp):
    """Copy<T, isSetMask>(dst, src, mask, repeatTime, CopyRepeatParams): UB -> UB on the
    vector pipe, the unary level-0/1 form of the identity; CopyRepeatParams (dstStride,
    srcStride, dstRepeatSize, srcRepeatSize) are the block and repeat strides."""
    dt = np_dtype(op.dst.type.element_type)
    call = VectorCall(op, comp)  # (isSetMask: the operand's constant, if it is one)
    d, a, p = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.repeat_params)
    erep = 256 // dt.itemsize

    def run(e, c, _op=op):
        ln = call.lanes(e, c, erep)
        ds, (s0,) = _strides(e[p], 1)
        apply(ln, e[d], ds, [(e[a], s0, "src")], lambda x: x)
        charge(c, ln)

    return run
