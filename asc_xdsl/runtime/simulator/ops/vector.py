"""Vector instructions, count form, on whole tiles with numpy (V pipe).

float16 is computed by numpy's float16 loops (each element is computed in float32 and
rounded once to float16, which is the correctly rounded result for + - * /); integer
types wrap. Operands are checked: allocated, 32 B aligned, long enough for `count`.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import ComplexType

from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32, f32_to_bf16, is_bf16, np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError, TensorBoundsError
from asc_xdsl.runtime.simulator.ops import handles_spec
from asc_xdsl.runtime.simulator.ops.cast import cast_array
from asc_xdsl.runtime.simulator.ops.elementwise import invert_bits
from asc_xdsl.runtime.simulator.profile import (
    C_V,
    I_V,
    REPEAT_BYTES,
    VEC_ELEMS,
    VEC_LATENCY,
    vector_cycles,
)
from asc_xdsl.runtime.simulator.vmask import FULL

BINARY = {
    "ascendc.add_l2": np.add,
    "ascendc.sub_l2": np.subtract,
    "ascendc.mul_l2": np.multiply,
    "ascendc.div_l2": np.divide,
    "ascendc.max_l2": np.maximum,
    "ascendc.min_l2": np.minimum,
    "ascendc.and_l2": np.bitwise_and,
    "ascendc.or_l2": np.bitwise_or,
}


def _rsqrt(x, out):
    np.sqrt(x, out=out)
    np.divide(1, out, out=out)


def _reciprocal(x, out):
    np.divide(1, x, out=out)


def _relu(x, out):
    np.maximum(x, x.dtype.type(0), out=out)


UNARY = {
    "ascendc.abs_l2": np.abs,
    "ascendc.exp_l2": np.exp,
    "ascendc.ln_l2": np.log,
    "ascendc.sqrt_l2": np.sqrt,
    "ascendc.rsqrt_l2": _rsqrt,
    "ascendc.reciprocal_l2": _reciprocal,
    "ascendc.relu_l2": _relu,
    "ascendc.not_l2": invert_bits,
}
SCALAR = {
    "ascendc.adds_l2": np.add,
    "ascendc.muls_l2": np.multiply,
    "ascendc.maxs_l2": np.maximum,
    "ascendc.mins_l2": np.minimum,
}
# Cycles per 256-byte repeat in the cost model (profile.py): 2 for these, 1 otherwise.
SLOW = {
    "ascendc.div_l2",
    "ascendc.exp_l2",
    "ascendc.ln_l2",
    "ascendc.sqrt_l2",
    "ascendc.rsqrt_l2",
    "ascendc.reciprocal_l2",
}


def _charge_source(op, itemsize: int) -> str:
    """The count form's charge, as template source (`count` elements; `{full}` is
    vmask.FULL): one V instruction of n elements (profile.vector_cycles, inline), and
    the mask register left in normal mode with a full mask."""
    per_repeat = 2 if op.name in SLOW else 1
    return f"""
        k = c.cnt
        k[{I_V}] += 1
        k[{VEC_ELEMS}] += count
        k[{C_V}] += {VEC_LATENCY} + -(-count // {REPEAT_BYTES // itemsize}) * {per_repeat}
        m = c.vmask
        m.counter = False
        m.bits = {{full}}
        """


def _positional_out(fn):
    """`fn` callable as fn(x, y, out): the count forms pass `out` positionally (a keyword
    costs numpy a dict per call), except to the ufuncs that deprecate it."""
    if fn in (np.maximum, np.minimum):
        return lambda x, y, out: fn(x, y, out=out)
    return fn


def _complex_op(op, fn: str):
    """fn(x, y, out) of Add / Sub / Mul / Div ("add", ...) on complex storage, as the 3510
    headers compute it (ops/reg.py; imported only for a complex op)."""
    from asc_xdsl.runtime.simulator.ops.reg import complex_tensor_op

    compute = complex_tensor_op(op.dst.type.element_type, fn)

    def run(x, y, out):
        out[:] = compute(x, y)

    return run


def _is_complex(op) -> bool:
    return isinstance(op.dst.type.element_type, ComplexType)


@handles_spec(*BINARY)
def _binary(op, comp):
    d, a, b, n = op.operands
    if _is_complex(op):  # (the verifier lets Add, Sub, Mul, Div through, on 950)
        fn = _complex_op(op, op.name.removeprefix("ascendc.").removesuffix("_l2"))
    else:
        fn = _positional_out(BINARY[op.name])
    return comp.inline(
        op,
        (
            """
            count = {n}
            {fn}({a}.span(count, "src0"), {b}.span(count, "src1"), {d}.span(count, "dst"))
            """,
            _charge_source(op, np_dtype(op.dst.type.element_type).itemsize),
        ),
        fn=fn, d=d, a=a, b=b, n=n, full=FULL,
    )  # fmt: skip


@handles_spec(*UNARY)
def _unary(op, comp):
    d, a, n = op.operands
    return comp.inline(
        op,
        (
            """
            count = {n}
            {fn}({a}.span(count, "src"), {d}.span(count, "dst"))
            """,
            _charge_source(op, np_dtype(op.dst.type.element_type).itemsize),
        ),
        fn=UNARY[op.name], d=d, a=a, n=n, full=FULL,
    )  # fmt: skip


@handles_spec(*SCALAR)
def _vec_scalar(op, comp):
    if not op.flag("isSetMask"):  # runs under the mask register: the general engine
        from asc_xdsl.runtime.simulator.ops.elementwise import tensor_scalar

        return tensor_scalar(op, comp, op.SPEC.sim.partition(":")[2])
    d, a, s, n = op.operands
    et = op.dst.type.element_type
    dtype = np_dtype(et)
    if is_bf16(et):  # (Adds / Muls on 950: the Reg Add / Mul, in float32, to bfloat16)
        from asc_xdsl.runtime.simulator.ops.reg import scalar_tensor_op

        fn = scalar_tensor_op(et, op.name[len("ascendc.") : -len("s_l2")], False)
        return comp.inline(
            op,
            (
                """
                count = {n}
                {d}.span(count, "dst")[:] = {fn}({a}.span(count, "src"), {s})
                """,
                _charge_source(op, dtype.itemsize),
            ),
            fn=fn, d=d, a=a, s=s, n=n, full=FULL,
        )  # fmt: skip
    if _is_complex(op):  # Adds / Muls: the scalar as the complex (C++ Complex(x) of a real)
        fn, cast = _complex_op(op, op.name[len("ascendc.") : -len("s_l2")]), _same
    else:
        fn, cast = _positional_out(SCALAR[op.name]), dtype.type
    return comp.inline(
        op,
        (
            """
            count = {n}
            {fn}({a}.span(count, "src"), {cast}({s}), {d}.span(count, "dst"))
            """,
            _charge_source(op, dtype.itemsize),
        ),
        fn=fn, cast=cast, d=d, a=a, s=s, n=n, full=FULL,
    )  # fmt: skip


def _same(v):
    return v


SCALAR_950 = {
    "ascendc.subs_l2": "sub",
    "ascendc.divs_l2": "div",
    "ascendc.adds_scalar_first_l2": "add",
    "ascendc.muls_scalar_first_l2": "mul",
    "ascendc.subs_scalar_first_l2": "sub",
    "ascendc.divs_scalar_first_l2": "div",
}
"""Subs / Divs and the scalar-first Adds ... Divs (count forms) -> the Reg op each element
takes (`ops/reg.py` `scalar_tensor_op`)."""


@handles_spec(*SCALAR_950)
def _vec_scalar_950(op, comp):
    from asc_xdsl.runtime.simulator.ops.reg import scalar_tensor_op

    scalar_first = op.name.endswith("_scalar_first_l2")
    d, first, second, n = op.operands
    a, s = (second, first) if scalar_first else (first, second)
    et = op.dst.type.element_type
    fn = scalar_tensor_op(et, SCALAR_950[op.name], scalar_first)
    if op.name.startswith(("ascendc.adds", "ascendc.muls")):  # (commutative: as Adds / Muls)
        fn = scalar_tensor_op(et, SCALAR_950[op.name], False)
    return comp.inline(
        op,
        (
            """
            count = {n}
            {d}.span(count, "dst")[:] = {fn}({a}.span(count, "src"), {s})
            """,
            _charge_source(op, np_dtype(et).itemsize),
        ),
        fn=fn, d=d, a=a, s=s, n=n, full=FULL,
    )  # fmt: skip


@handles_spec("ascendc.duplicate_l2")
def _duplicate(op, comp):
    d, s, n = op.operands
    et = op.dst.type.element_type
    value = "{bf16}({f32}({s}))" if is_bf16(et) else "{s}"
    if _is_complex(op):  # (complex32's storage is a pair of halves)
        from asc_xdsl.runtime.simulator.ops.reg import complex_fill

        value = "{fill}({et}, {s})"
    return comp.inline(
        op,
        (
            f"""
            count = {{n}}
            {{d}}.span(count, "dst")[:] = {value}
            """,
            _charge_source(op, np_dtype(et).itemsize),
        ),
        d=d, s=s, n=n, bf16=f32_to_bf16, f32=np.float32, full=FULL,
        fill=complex_fill if _is_complex(op) else None, et=et,
    )  # fmt: skip


@handles_spec("ascendc.abs_complex_l2")
def _abs_complex(op, comp):
    """Abs of complex32 / complex64 into the parts' type (3510's AbsImpl<T, U>: the Reg
    op's ComplexAbsKernel on each element, ops/reg.py)."""
    from asc_xdsl.runtime.simulator.ops.reg import complex_abs

    st = op.src.type.element_type
    return comp.inline(
        op,
        (
            """
            count = {n}
            {d}.span(count, "dst")[:] = {fn}({a}.span(count, "src"))
            """,
            _charge_source(op, np_dtype(st).itemsize),
        ),
        fn=complex_abs(st), d=op.dst, a=op.src, n=op.cal_count, full=FULL,
    )  # fmt: skip


@handles_spec("ascendc.cast_l2")
def _cast(op, comp):
    mode = op.mode
    dt, st = op.dst.type.element_type, op.src.type.element_type
    ddtype, sdtype = np_dtype(dt), np_dtype(st)
    dbf, sbf = is_bf16(dt), is_bf16(st)
    if isinstance(dt, ComplexType):  # (complex to complex on 950: ops/reg.py)
        from asc_xdsl.runtime.simulator.ops.reg import complex_cast

        cast = complex_cast(st, dt, mode)
        return comp.inline(
            op,
            (
                """
                count = {n}
                {d}.span(count, "dst")[:] = {cast}({a}.span(count, "src"))
                """,
                _charge_source(op, max(ddtype.itemsize, sdtype.itemsize)),
            ),
            n=op.cal_count, a=op.src, d=op.dst, cast=cast, full=FULL,
        )  # fmt: skip
    if ddtype == np.float16 and sdtype == np.int32:  # through DEQSCALE: vconv.py
        from asc_xdsl.runtime.simulator.ops.vconv import cast_hook

        return cast_hook(op, comp, "cast")
    from asc_xdsl.runtime.simulator import float4, float8

    if float4.is_float4(st) or float4.is_float4(dt):  # (bf16 <-> fp4: packed bytes)
        narrow = float4.is_float4(dt)
        return comp.inline(
            op,
            (
                """
                count = {n}
                nb = {pairs}(count, "Cast's count")
                src = {a}.span(count if {narrow} else nb, "src")
                {d}.span(nb if {narrow} else count, "dst")[:] = {cast}(src, count)
                """,
                _charge_source(op, 2),
            ),
            n=op.cal_count, a=op.src, d=op.dst, cast=float4.cast(st, dt, mode.name),
            pairs=float4.pairs, narrow=narrow, full=FULL,
        )  # fmt: skip
    if float8.involves_float8(st, dt):  # (Ascend 950's 8-bit floats: their codes)
        return comp.inline(
            op,
            (
                """
                count = {n}
                {d}.span(count, "dst")[:] = {cast}({a}.span(count, "src"))
                """,
                _charge_source(op, max(ddtype.itemsize, sdtype.itemsize)),
            ),
            n=op.cal_count, a=op.src, d=op.dst, cast=float8.converter(st, dt, mode), full=FULL,
        )  # fmt: skip
    return comp.inline(
        op,
        (
            """
            count = {n}
            src = {a}.span(count, "src")
            {d}.span(count, "dst")[:] = {cast}(src, {sbf}, {ddtype}, {dbf}, {mode})
            """,
            _charge_source(op, max(ddtype.itemsize, sdtype.itemsize)),
        ),
        n=op.cal_count, a=op.src, d=op.dst, cast=cast_array, sbf=sbf, ddtype=ddtype, dbf=dbf,
        mode=mode, full=FULL,
    )  # fmt: skip


# -- reductions --------------------------------------------------------------------


def _erep(itemsize: int) -> int:
    return 256 // itemsize


def reduce_sum(x: np.ndarray) -> np.generic:
    """Pairwise (adjacent pairs) within each 256-byte repeat, then sequential across repeats."""
    erep = _erep(x.itemsize)
    reps = -(-x.size // erep)
    v = np.zeros(reps * erep, x.dtype)
    v[: x.size] = x
    v = v.reshape(reps, erep)
    while v.shape[1] > 1:
        v = v[:, 0::2] + v[:, 1::2]
    return np.add.accumulate(v[:, 0], dtype=x.dtype)[-1]


def reduce_tmp_elements(count: int, itemsize: int, with_index: bool) -> int:
    """Elements of tmp ReduceMax/Min need (docs/ascendc_semantics.md section 3)."""
    eb = 32 // itemsize
    erep = _erep(itemsize)
    r = -(-count // erep)

    def up(v):
        return -(-v // eb) * eb

    a = up(2 * r)
    if not with_index:
        return a
    r2 = 2 * -(-(2 * r) // erep)
    size = a + up(r2)
    if r2 > 2:
        size += up(2 * -(-r2 // erep))
    return size


@handles_spec("ascendc.reduce_sum_l2")
def _reduce_sum(op, comp):
    d, a, t, n = comp.slots_of(op.operands)
    itemsize = np_dtype(op.dst.type.element_type).itemsize

    def run(e, c, _op=op):
        count = e[n]
        src = e[a].span(count, "src")
        e[t].check(0, "shared_tmp_buffer")
        e[d].span(1, "dst")[0] = reduce_sum(src) if count else 0
        k = c.cnt
        k[I_V] += 1
        k[VEC_ELEMS] += count
        k[C_V] += vector_cycles(count * itemsize, 2)
        c.vmask.reset_after_count_form()

    return run


@handles_spec("ascendc.reduce_max_l2", "ascendc.reduce_min_l2")
def _reduce_extreme(op, comp):
    d, a, t, n, ci = comp.slots_of(op.operands)
    dtype = np_dtype(op.dst.type.element_type)
    itemsize = dtype.itemsize
    find = np.argmax if op.name == "ascendc.reduce_max_l2" else np.argmin
    index_bits = np.uint16 if itemsize == 2 else np.uint32

    def run(e, c, _op=op):
        count = e[n]
        with_index = bool(e[ci])
        if count <= 0:
            raise SimulatorError(f"{op.API_NAME} of {count} elements")
        src = e[a].span(count, "src")
        tmp = e[t]
        need = reduce_tmp_elements(count, itemsize, with_index)
        if need > tmp.length:
            raise TensorBoundsError(
                f"shared_tmp_buffer holds {tmp.length} elements; {op.API_NAME} of {count} "
                f"elements{' with index' if with_index else ''} needs {need}"
            )
        tmp.check(need, "shared_tmp_buffer")
        nan = np.isnan(src)
        i = int(np.argmax(nan)) if nan.any() else int(find(src))
        out = e[d].span(2 if with_index else 1, "dst")
        out[0] = src[i]
        if with_index:
            out[1:2].view(index_bits)[0] = i
        k = c.cnt
        k[I_V] += 1
        k[VEC_ELEMS] += count
        k[C_V] += vector_cycles(count * itemsize, 2)
        c.vmask.reset_after_count_form()

    return run


_ = (bf16_to_f32,)


SCALAR_TENSOR = {
    f"ascendc.{m}_scalar_tensor_l2": fn
    for m, fn in (
        ("adds", "add"), ("muls", "mul"), ("maxs", "max"), ("mins", "min"),
        ("subs", "sub"), ("divs", "div"), ("ands", "and"), ("ors", "or"),
    )
}  # fmt: skip
"""The flexible-scalar-position count forms (both sources LocalTensors) -> the Reg op each
element takes: the scalar source's element 0 (any element: the 3510 kernel's broadcast
load aligns to the element) broadcast, then the Reg op (`ops/reg.py` `scalar_tensor_op`;
its mask forms: `elementwise.py`)."""


def tensor_element(t, tensor):
    """Element 0 of a LocalTensor view as the value a Reg op's scalar is (bfloat16: its
    float32 value; complex32: a Python complex of its halves), checking that it exists."""
    tensor.check(1, "scalar", False)
    first = tensor.arr[:1]
    if is_bf16(t):
        return float(bf16_to_f32(first)[0])
    if first.dtype.names:  # (complex32: a pair of halves)
        return complex(float(first["real"][0]), float(first["imag"][0]))
    return first[0]


def scalar_outside_dst(scalar, dst, written) -> None:
    """Refuse a flexible-scalar form whose scalar element is one `dst` writes (`written`:
    dst's element indices, or a count: the first ones): the API does not support the
    overlap (its reference page), and the kernels reload the scalar each repeat."""
    if scalar.mem is not dst.mem:
        return
    pos, rem = divmod(scalar.offset - dst.offset, dst.itemsize)
    hit = 0 <= pos < written if isinstance(written, int) else bool(np.any(written == pos))
    if rem == 0 and hit:
        raise SimulatorError(
            f"the scalar element is dst[{pos}], which this op writes; the "
            f"flexible-scalar-position forms do not support a scalar source that the "
            f"destination overlaps (pass an element outside dst)"
        )


@handles_spec(*SCALAR_TENSOR)
def _vec_scalar_tensor(op, comp):
    from asc_xdsl.runtime.simulator.ops.reg import scalar_tensor_op

    index = op.properties.get("scalarTensorIndex")
    scalar_first = index is not None and index.value.data == 0
    d, src0, src1, n = op.operands
    a, s = (src1, src0) if scalar_first else (src0, src1)
    et = op.dst.type.element_type
    fn = scalar_tensor_op(et, SCALAR_TENSOR[op.name], scalar_first)
    return comp.inline(
        op,
        (
            """
            count = {n}
            {outside}({s}, {d}, count)
            {d}.span(count, "dst")[:] = {fn}({a}.span(count, "src"), {element}({et}, {s}))
            """,
            _charge_source(op, np_dtype(et).itemsize),
        ),
        fn=fn, d=d, a=a, s=s, n=n, et=et, element=tensor_element, full=FULL,
        outside=scalar_outside_dst,
    )  # fmt: skip
