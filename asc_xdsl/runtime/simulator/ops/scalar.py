"""Scalar code: arith, scf (for/if/while), func.call, emitasc.ptr_offset (math:
scalar_math.py; memref: scalar_memref.py).

Integers are Python ints wrapped to their type's width after each op (signless types
are read as signed, `ui*` as unsigned; `index` is 64-bit); division and remainder
round toward zero as in C. Floats are numpy scalars of their type, so f16/f32 scalar
arithmetic rounds like the device.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

import numpy as np
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    UnrealizedConversionCastOp,
)
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from asc_xdsl.dialects.emitasc import PtrOffsetOp
from asc_xdsl.runtime.simulator.budget import endless_error, for_error, trip_count, while_error
from asc_xdsl.runtime.simulator.compile import Body, FunctionCompiler, Inline, handles
from asc_xdsl.runtime.simulator.dtypes import int_range, is_bf16, np_dtype, to_scalar, wrap_int
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.float8 import float8_code
from asc_xdsl.runtime.simulator.memory import GmPtr
from asc_xdsl.runtime.simulator.profile import C_S, I_S


def constant_value(op: arith.ConstantOp):
    v = op.value
    if isinstance(v, IntegerAttr):
        return to_scalar(op.result.type, v.value.data)
    if isinstance(v, FloatAttr):
        code = float8_code(op.result.type, v.value.data)
        if code is not None:  # (an 8-bit float is its code here)
            return code
        return to_scalar(op.result.type, v.value.data)
    if isinstance(v, DenseIntOrFPElementsAttr):
        raise SimulatorError("vector constants are not supported", op=op)
    raise SimulatorError(f"unsupported constant {v}", op=op)


# ---------------------------------------------------------------------------
# Integer arithmetic
# ---------------------------------------------------------------------------


def _c_div(a: int, b: int) -> int:
    if b == 0:
        raise SimulatorError("integer division by zero")
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _c_rem(a: int, b: int) -> int:
    return a - b * _c_div(a, b)


def _floordiv(a: int, b: int) -> int:
    if b == 0:
        raise SimulatorError("integer division by zero")
    return a // b


def _ceildiv(a: int, b: int) -> int:
    if b == 0:
        raise SimulatorError("integer division by zero")
    return -(-a // b)


_SIGNED_INT = {
    arith.AddiOp: operator.add,
    arith.SubiOp: operator.sub,
    arith.MuliOp: operator.mul,
    arith.DivSIOp: _c_div,
    arith.RemSIOp: _c_rem,
    arith.FloorDivSIOp: _floordiv,
    arith.CeilDivSIOp: _ceildiv,
    arith.AndIOp: operator.and_,
    arith.OrIOp: operator.or_,
    arith.XOrIOp: operator.xor,
    arith.MaxSIOp: max,
    arith.MinSIOp: min,
    arith.ShRSIOp: operator.rshift,
}
_UNSIGNED_INT = {
    arith.DivUIOp: _floordiv,
    arith.RemUIOp: lambda a, b: a - b * _floordiv(a, b),
    arith.CeilDivUIOp: _ceildiv,
    arith.MaxUIOp: max,
    arith.MinUIOp: min,
    arith.ShRUIOp: operator.rshift,
}


_INFIX = {
    operator.add: "+",
    operator.sub: "-",
    operator.mul: "*",
    operator.and_: "&",
    operator.or_: "|",
    operator.xor: "^",
}
"""Integer ops written as Python operators in generated code (the others are calls)."""


@handles(*_SIGNED_INT, *_UNSIGNED_INT, arith.ShLIOp)
def _int_binary(op, comp: FunctionCompiler):
    a, b, r = comp.slot(op.lhs), comp.slot(op.rhs), comp.slot(op.result)
    width, signed = int_range(op.result.type)
    unsigned_in = type(op) in _UNSIGNED_INT
    fn = _SIGNED_INT.get(type(op)) or _UNSIGNED_INT.get(type(op)) or operator.lshift
    mask = (1 << width) - 1
    if width == 1:
        # Signed ops read i1's true as -1 (maxsi(true, false) is false); the others'
        # results modulo 2 do not depend on the reading.
        sign = 1 if unsigned_in else -1
        if isinstance(op, arith.ShLIOp | arith.ShRSIOp | arith.ShRUIOp):
            keeps = isinstance(op, arith.ShRSIOp)  # past the width: the sign (itself)

            def run_shift_bool(e, c, _op=op):
                e[r] = bool(e[a]) if keeps or not e[b] else False

            return run_shift_bool

        def run_bool(e, c, _op=op):
            e[r] = bool(fn(sign * int(e[a]), sign * int(e[b])) & 1)

        return run_bool
    lo, hi = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, mask)
    if unsigned_in:

        def run_u(e, c, _op=op):
            v = fn(e[a] & mask, e[b] & mask)
            e[r] = v if lo <= v <= hi else wrap_int(v, width, signed)

        return run_u
    if isinstance(op, (arith.ShLIOp, arith.ShRSIOp)):

        def run_shift(e, c, _op=op):
            sh = e[b]
            v = (
                fn(e[a], sh)
                if 0 <= sh < width
                else (0 if isinstance(op, arith.ShLIOp) else (-1 if e[a] < 0 else 0))
            )
            e[r] = v if lo <= v <= hi else wrap_int(v, width, signed)

        return run_shift

    infix = _INFIX.get(fn)
    expr = f"{{a}} {infix} {{b}}" if infix else "{fn}({a}, {b})"
    if signed and _no_signed_wrap(op):
        # `nsw`: the result of a signed overflow is poison in MLIR and undefined in the
        # C++ printed for it (the plain operator), so it is the kernel's error here
        return comp.inline(
            op,
            f"""
            {{r}} = {expr}
            if not {{lo}} <= {{r}} <= {{hi}}:
                {{overflow}}({{a}}, {{b}}, {{r}})
            """,
            r=op.result, a=op.lhs, b=op.rhs, fn=fn, lo=lo, hi=hi,
            overflow=_signed_overflow(op, width),
        )  # fmt: skip
    return comp.inline(
        op,
        f"""
        {{r}} = {expr}
        if not {{lo}} <= {{r}} <= {{hi}}:
            {{r}} = {{wrap}}({{r}}, {{width}}, {{signed}})
        """,
        r=op.result, a=op.lhs, b=op.rhs, fn=fn, lo=lo, hi=hi, wrap=wrap_int, width=width,
        signed=signed,
    )  # fmt: skip


def _no_signed_wrap(op: Operation) -> bool:
    flags = op.properties.get("overflowFlags")
    return flags is not None and arith.IntegerOverflowFlag.NSW in flags.data


def _signed_overflow(op: Operation, width: int) -> Callable[[int, int, int], None]:
    symbol = {"arith.addi": "+", "arith.subi": "-", "arith.muli": "*"}.get(op.name, op.name)

    def overflow(a: int, b: int, result: int) -> None:
        raise SimulatorError(
            f"signed integer overflow: {a} {symbol} {b} = {result} does not fit "
            f"{width} bits (`{op.name}` marked nsw; the C++ would be undefined)"
        )

    return overflow


@handles(arith.MulSIExtendedOp, arith.MulUIExtendedOp)
def _mul_extended(op, comp):
    """The full product's low and high halves (operands read signed for mulsi_extended,
    unsigned for mului_extended)."""
    a, b = comp.slot(op.lhs), comp.slot(op.rhs)
    low, high = comp.slot(op.low), comp.slot(op.high)
    t = op.lhs.type
    width, _ = int_range(t)
    read_signed = isinstance(op, arith.MulSIExtendedOp)

    def run(e, c, _op=op):
        x, y = wrap_int(int(e[a]), width, read_signed), wrap_int(int(e[b]), width, read_signed)
        product = x * y
        e[low] = to_scalar(t, product)
        e[high] = to_scalar(t, product >> width)

    return run


_CMPI = [
    operator.eq,
    operator.ne,
    operator.lt,
    operator.le,
    operator.gt,
    operator.ge,
    operator.lt,
    operator.le,
    operator.gt,
    operator.ge,
]


@handles(arith.CmpiOp)
def _cmpi(op: arith.CmpiOp, comp):
    a, b, r = comp.slot(op.lhs), comp.slot(op.rhs), comp.slot(op.result)
    pred = op.predicate.value.data
    fn = _CMPI[pred]
    width, _ = int_range(op.lhs.type)
    if pred >= 6:
        mask = (1 << width) - 1

        def run_u(e, c, _op=op):
            e[r] = fn(int(e[a]) & mask, int(e[b]) & mask)

        return run_u
    if width == 1:  # signed: true is -1

        def run_i1(e, c, _op=op):
            e[r] = fn(-int(e[a]), -int(e[b]))

        return run_i1

    def run(e, c, _op=op):
        e[r] = fn(e[a], e[b])

    return run


def _cmpf_fn(pred: int):
    ordered = [None, operator.eq, operator.gt, operator.ge, operator.lt, operator.le, operator.ne]
    if pred == 0:
        return lambda x, y: False
    if pred == 15:
        return lambda x, y: True
    if pred == 7:
        return lambda x, y: not (np.isnan(x) or np.isnan(y))
    if pred == 14:
        return lambda x, y: bool(np.isnan(x) or np.isnan(y))
    if pred < 7:
        f = ordered[pred]
        return lambda x, y: bool(f(x, y)) and not (np.isnan(x) or np.isnan(y))
    f = ordered[pred - 7]
    return lambda x, y: bool(f(x, y)) or bool(np.isnan(x) or np.isnan(y))


@handles(arith.CmpfOp)
def _cmpf(op: arith.CmpfOp, comp):
    a, b, r = comp.slot(op.lhs), comp.slot(op.rhs), comp.slot(op.result)
    fn = _cmpf_fn(op.predicate.value.data)

    def run(e, c, _op=op):
        e[r] = fn(e[a], e[b])

    return run


# ---------------------------------------------------------------------------
# Float arithmetic
# ---------------------------------------------------------------------------


def _maximumf(a, b):
    """MLIR's maximumf: NaN propagates, -0 < +0 (numpy's maximum leaves the zeros'
    order to the argument order)."""
    if a != a or a > b:
        return a
    if b != b or b > a:
        return b
    return a + b if a == 0 else a  # equal: +0 unless both are -0


def _minimumf(a, b):
    if a != a or a < b:
        return a
    if b != b or b < a:
        return b
    return -(-a - b) if a == 0 else a  # equal: -0 unless both are +0


def _maxnumf(a, b):
    """MLIR's maxnumf: a NaN operand gives the other one; zeros as maximumf."""
    return a if b != b else b if a != a else _maximumf(a, b)


def _minnumf(a, b):
    return a if b != b else b if a != a else _minimumf(a, b)


_FLOAT_BINARY = {
    arith.AddfOp: operator.add,
    arith.SubfOp: operator.sub,
    arith.MulfOp: operator.mul,
    arith.DivfOp: operator.truediv,
    arith.MaximumfOp: _maximumf,
    arith.MinimumfOp: _minimumf,
    arith.MaxnumfOp: _maxnumf,
    arith.MinnumfOp: _minnumf,
}


def float_cast(t) -> Callable:
    """A float result's value as type `t` holds it: numpy's type, but bfloat16 (stored as
    uint16 bits) as the float32 of the value rounded to bfloat16 (`to_scalar`)."""
    if is_bf16(t):
        return lambda v: to_scalar(t, v)
    return np_dtype(t).type


def float_binary(table: dict[type[Operation], Callable]) -> Callable:
    """The handler of the float binary ops of `table` (op class -> Python function)."""

    def handler(op, comp):
        a, b, r = comp.slot(op.lhs), comp.slot(op.rhs), comp.slot(op.result)
        fn = table[type(op)]
        cast = float_cast(op.result.type)

        def run(e, c, _op=op):
            e[r] = cast(fn(e[a], e[b]))

        return run

    return handler


def float_unary(table: dict[type[Operation], Callable]) -> Callable:
    """The handler of the float unary ops of `table` (op class -> Python function)."""

    def handler(op, comp):
        a, r = comp.slot(op.operands[0]), comp.slot(op.result)
        fn = table[type(op)]
        cast = float_cast(op.result.type)

        def run(e, c, _op=op):
            e[r] = cast(fn(e[a]))

        return run

    return handler


handles(*_FLOAT_BINARY)(float_binary(_FLOAT_BINARY))
handles(arith.NegfOp)(float_unary({arith.NegfOp: operator.neg}))


@handles(arith.SelectOp)
def _select(op: arith.SelectOp, comp):
    cnd, t, f, r = comp.slot(op.cond), comp.slot(op.lhs), comp.slot(op.rhs), comp.slot(op.result)

    def run(e, c, _op=op):
        e[r] = e[t] if e[cnd] else e[f]

    return run


# ---------------------------------------------------------------------------
# Conversions
# ---------------------------------------------------------------------------


def _is_float(t) -> bool:
    return isinstance(t, AnyFloat)


@handles(arith.IndexCastOp, arith.ExtSIOp, arith.TruncIOp, arith.ExtUIOp)
def _int_cast(op, comp):
    a, r = comp.slot(op.operands[0]), comp.slot(op.result)
    sw, _ = int_range(op.operands[0].type)
    dw, d_signed = int_range(op.result.type)
    zero_ext = isinstance(op, arith.ExtUIOp) or op.name == "arith.index_castui"
    if dw == 1:

        def run_bool(e, c, _op=op):
            e[r] = bool(int(e[a]) & 1)

        return run_bool

    # a value already in both ranges passes as it is (the usual index_cast of a loop value)
    src_signed = not zero_ext  # (i1 too: its true is -1)
    src_lo, src_hi = (-(1 << (sw - 1)), (1 << (sw - 1)) - 1) if src_signed else (0, (1 << sw) - 1)
    dst_lo, dst_hi = (-(1 << (dw - 1)), (1 << (dw - 1)) - 1) if d_signed else (0, (1 << dw) - 1)
    lo, hi = max(src_lo, dst_lo), min(src_hi, dst_hi)

    def convert(v):
        v = int(v)
        v = v & ((1 << sw) - 1) if zero_ext else wrap_int(v, sw, True)
        return wrap_int(v, dw, d_signed)

    return comp.inline(
        op,
        """
        {r} = {a}
        if type({r}) is not int or not {lo} <= {r} <= {hi}:
            {r} = {convert}({r})
        """,
        r=op.result, a=op.operands[0], lo=lo, hi=hi, convert=convert,
    )  # fmt: skip


@handles(arith.SIToFPOp, arith.UIToFPOp)
def _int_to_float(op, comp):
    a, r = comp.slot(op.operands[0]), comp.slot(op.result)
    sw, _ = int_range(op.operands[0].type)
    unsigned = isinstance(op, arith.UIToFPOp)
    cast = float_cast(op.result.type)

    def run(e, c, _op=op):
        v = int(e[a])
        e[r] = cast(np.float64(v & ((1 << sw) - 1) if unsigned else wrap_int(v, sw, True)))

    return run


@handles(arith.FPToSIOp, arith.FPToUIOp)
def _float_to_int(op, comp):
    a, r = comp.slot(op.operands[0]), comp.slot(op.result)
    dw, d_signed = int_range(op.result.type)
    if isinstance(op, arith.FPToUIOp):
        d_signed = False
    lo, hi = (-(1 << (dw - 1)), (1 << (dw - 1)) - 1) if d_signed else (0, (1 << dw) - 1)

    def run(e, c, _op=op):
        x = float(e[a])
        v = 0 if x != x else int(min(max(np.trunc(x), lo), hi))
        e[r] = bool(v & 1) if dw == 1 else v

    return run


@handles(arith.ExtFOp, arith.TruncFOp)
def _float_cast(op, comp):
    a, r = comp.slot(op.operands[0]), comp.slot(op.result)
    cast = float_cast(op.result.type)

    def run(e, c, _op=op):
        e[r] = cast(e[a])

    return run


@handles(arith.BitcastOp)
def _bitcast(op, comp):
    a, r = comp.slot(op.operands[0]), comp.slot(op.result)
    src, dst = np_dtype(op.operands[0].type), np_dtype(op.result.type)
    rt = op.result.type

    def run(e, c, _op=op):
        v = np.array(e[a]).astype(src).view(dst)[()]
        e[r] = int(v) if dst.kind in "iub" else v
        if dst.kind in "iu":
            e[r] = to_scalar(rt, e[r])

    return run


# ---------------------------------------------------------------------------
# Control flow
# ---------------------------------------------------------------------------


def _region_runner(comp: FunctionCompiler, region):
    """(closures, scalar count, terminator, block-arg slots) of a single-block region."""
    if not region.blocks:
        return [], 0, None, []
    block = region.blocks[0]
    args = comp.slots_of(block.args)
    body, s, term = comp.block(block)
    return body, s, term, args


@handles(scf.ForOp)
def _for(op: scf.ForOp, comp: FunctionCompiler):
    if not op.iter_args and not comp.wraps:
        items, s, _ = comp.block_items(op.body.block)
        from asc_xdsl.runtime.simulator import batching

        batch = batching.plan(op, comp, items, s)
        if batch is not None:  # a closure over the frame: the warm-up reads the values
            return _batched_for(op, comp, comp.closures(items), s, batch)
        if any(isinstance(f, Inline) for _, f in items):  # the loop in generated code
            return comp.inline(
                op,
                """
                lb = {lb}
                ub = {ub}
                step = {st}
                if step <= 0:
                    raise {error}("scf.for step must be positive, got " + str(step))
                trips = {trip_count}(lb, ub, step)
                c.steps -= trips
                if c.steps < 0:
                    raise {for_error}(trips, c.steps + trips, c.max_steps)
                cnt = c.cnt
                for {iv} in range(lb, ub, step):
                    cnt[{I_S}] += {s}
                    cnt[{C_S}] += {s}
                    {body}
                """,
                lb=op.lb, ub=op.ub, st=op.step, error=SimulatorError, trip_count=trip_count,
                for_error=for_error, iv=op.body.block.args[0], I_S=I_S, C_S=C_S, s=s,
                body=Body(items, op.body.block.args),
            )  # fmt: skip
        body, term = comp.closures(items), None
        args = comp.slots_of(op.body.block.args)
    else:
        body, s, term, args = _region_runner(comp, op.body)
    lb, ub, st = comp.slot(op.lb), comp.slot(op.ub), comp.slot(op.step)
    iv, carried = args[0], args[1:]
    inits = comp.slots_of(op.iter_args)
    results = comp.slots_of(op.results)
    yields = comp.slots_of(term.operands) if term is not None else []

    if not carried:

        def run(e, c, _op=op):
            step = e[st]
            if step <= 0:
                raise SimulatorError(f"scf.for step must be positive, got {step}")
            trips = trip_count(e[lb], e[ub], step)
            c.steps -= trips
            if c.steps < 0:
                raise for_error(trips, c.steps + trips, c.max_steps)
            k = c.cnt
            for i in range(e[lb], e[ub], step):
                e[iv] = i
                k[I_S] += s
                k[C_S] += s
                for f in body:
                    f(e, c)

        return run

    def run_carried(e, c, _op=op):
        step = e[st]
        if step <= 0:
            raise SimulatorError(f"scf.for step must be positive, got {step}")
        trips = trip_count(e[lb], e[ub], step)
        c.steps -= trips
        if c.steps < 0:
            raise for_error(trips, c.steps + trips, c.max_steps)
        k = c.cnt
        vals = [e[x] for x in inits]
        for i in range(e[lb], e[ub], step):
            e[iv] = i
            for slot, v in zip(carried, vals, strict=True):
                e[slot] = v
            k[I_S] += s
            k[C_S] += s
            for f in body:
                f(e, c)
            vals = [e[y] for y in yields]
        for slot, v in zip(results, vals, strict=True):
            e[slot] = v

    return run_carried


def _batched_for(op: scf.ForOp, comp: FunctionCompiler, body, s: int, batch) -> Callable:
    """A loop `batching` may run batched (its warm-up and batch in `batching.run`, the
    iterations after it here)."""
    from asc_xdsl.runtime.simulator import batching

    lb, ub, st = comp.slot(op.lb), comp.slot(op.ub), comp.slot(op.step)
    iv = comp.slot(op.body.block.args[0])

    def run(e, c, _op=op):
        step = e[st]
        if step <= 0:
            raise SimulatorError(f"scf.for step must be positive, got {step}")
        lo, hi = e[lb], e[ub]
        trips = trip_count(lo, hi, step)
        c.steps -= trips
        if c.steps < 0:
            raise for_error(trips, c.steps + trips, c.max_steps)
        on = batching.enabled()
        done = batching.run(batch, e, c, lo, step, trips) if on else batching.settle(c)
        k = c.cnt
        for i in range(lo + done * step, hi, step):
            e[iv] = i
            k[I_S] += s
            k[C_S] += s
            for f in body:
                f(e, c)

    return run


@handles(scf.IfOp)
def _if(op: scf.IfOp, comp: FunctionCompiler):
    cond = comp.slot(op.cond)
    then_body, then_s, then_term, _ = _region_runner(comp, op.true_region)
    else_body, else_s, else_term, _ = _region_runner(comp, op.false_region)
    results = comp.slots_of(op.results)
    then_y = comp.slots_of(then_term.operands) if then_term is not None else []
    else_y = comp.slots_of(else_term.operands) if else_term is not None else []

    def run(e, c, _op=op):
        if e[cond]:
            body, s, ys = then_body, then_s, then_y
        else:
            body, s, ys = else_body, else_s, else_y
        k = c.cnt
        k[I_S] += s
        k[C_S] += s
        for f in body:
            f(e, c)
        for slot, y in zip(results, ys, strict=True):
            e[slot] = e[y]

    return run


@handles(scf.WhileOp)
def _while(op: scf.WhileOp, comp: FunctionCompiler):
    inits = comp.slots_of(op.arguments)
    before, before_s, cond_op, before_args = _region_runner(comp, op.before_region)
    after, after_s, after_term, after_args = _region_runner(comp, op.after_region)
    cond = comp.slot(cond_op.condition)
    passed = comp.slots_of(cond_op.args)
    yields = comp.slots_of(after_term.operands) if after_term is not None else []
    results = comp.slots_of(op.results)

    tracked = _condition_state(op)
    if tracked is not None:  # (see _condition_state)
        return _tracked_while(op, comp, tracked)

    def run(e, c, _op=op):
        k = c.cnt
        vals = [e[x] for x in inits]
        iterations = 0
        while True:
            c.steps -= 1
            if c.steps < 0:
                raise while_error(iterations, c.max_steps)
            iterations += 1
            for slot, v in zip(before_args, vals, strict=True):
                e[slot] = v
            k[I_S] += before_s
            k[C_S] += before_s
            for f in before:
                f(e, c)
            vals = [e[p] for p in passed]
            if not e[cond]:
                break
            for slot, v in zip(after_args, vals, strict=True):
                e[slot] = v
            k[I_S] += after_s
            k[C_S] += after_s
            for f in after:
                f(e, c)
            vals = [e[y] for y in yields]
        for slot, v in zip(results, vals, strict=True):
            e[slot] = v

    return run


def _tracked_while(op: scf.WhileOp, comp: FunctionCompiler, tracked: list[int]):
    """`_while` for a loop whose condition hangs on the carried values `tracked` alone
    (`_condition_state`): a repeat of those values is a loop that never ends, found by
    Brent's cycle search (one tuple compare per iteration)."""
    inits = comp.slots_of(op.arguments)
    before, before_s, cond_op, before_args = _region_runner(comp, op.before_region)
    after, after_s, after_term, after_args = _region_runner(comp, op.after_region)
    cond = comp.slot(cond_op.condition)
    passed = comp.slots_of(cond_op.args)
    yields = comp.slots_of(after_term.operands) if after_term is not None else []
    results = comp.slots_of(op.results)
    args = op.before_region.blocks[0].args
    names = [_value_name(args[i]) for i in tracked]
    # Floats compare by their bits: -0.0 == 0.0 would join two states whose futures differ.
    exact = any(isinstance(args[i].type, AnyFloat) for i in tracked)

    def run(e, c, _op=op):
        k = c.cnt
        vals = [e[x] for x in inits]
        iterations = 0
        seen, lap, power = None, 0, 1
        while True:
            c.steps -= 1
            if c.steps < 0:
                raise while_error(iterations, c.max_steps)
            state = tuple([vals[i] for i in tracked])
            if exact:
                state = tuple([_bits(v) for v in state])
            if state == seen:
                raise endless_error(iterations, names, [vals[i] for i in tracked])
            lap += 1
            if lap == power:
                seen, lap, power = state, 0, power * 2
            iterations += 1
            for slot, v in zip(before_args, vals, strict=True):
                e[slot] = v
            k[I_S] += before_s
            k[C_S] += before_s
            for f in before:
                f(e, c)
            vals = [e[p] for p in passed]
            if not e[cond]:
                break
            for slot, v in zip(after_args, vals, strict=True):
                e[slot] = v
            k[I_S] += after_s
            k[C_S] += after_s
            for f in after:
                f(e, c)
            vals = [e[y] for y in yields]
        for slot, v in zip(results, vals, strict=True):
            e[slot] = v

    return run


def _bits(value) -> object:
    """A float by its bits (a hex string), anything else as it is."""
    return float(value).hex() if isinstance(value, float | np.floating) else value


_PURE_PREFIXES = ("arith.", "math.", "scf.", "builtin.unrealized_conversion_cast")
"""Ops whose results hang on their operands alone (no memory, no clock, no calls)."""


def _condition_state(op: scf.WhileOp) -> list[int] | None:
    """The carried values (indices) a while loop's condition depends on, through those
    values' own updates, when only pure ops (`_PURE_PREFIXES`) and values from outside
    the loop lie on the way; None otherwise (memory reads, calls, the cycle counter:
    the loop may end because something else changes). Then the loop's future is a
    function of those values: seeing them repeat means it never ends."""
    before = op.before_region.blocks[0]
    after = op.after_region.blocks[0] if op.after_region.blocks else None
    cond_op = before.last_op
    if after is None or not isinstance(cond_op, scf.ConditionOp):
        return None
    yields = after.last_op
    if not isinstance(yields, scf.YieldOp) or len(yields.operands) != len(before.args):
        return None
    needed: set[int] = set()
    todo: list[tuple[SSAValue, Block]] = [(cond_op.condition, before)]
    seen_values: set[SSAValue] = set()
    while todo:
        value, block = todo.pop()
        if value in seen_values:
            continue
        seen_values.add(value)
        if not _inside_op(value, op):
            continue  # loop-invariant
        if isinstance(value, BlockArgument):
            if value.block is before:
                if value.index not in needed:
                    needed.add(value.index)
                    todo.append((yields.operands[value.index], after))
                continue
            if value.block is after:
                todo.append((cond_op.args[value.index], before))
                continue
            return None  # the argument of a nested region: its owner is followed instead
        owner = value.owner
        if not _pure(owner):
            return None
        todo.extend((v, block) for v in _inputs(owner))
    return sorted(needed)


def _pure(op: Operation) -> bool:
    if not op.name.startswith(_PURE_PREFIXES):
        return False
    return all(_pure(inner) for r in op.regions for b in r.blocks for inner in b.ops)


def _inputs(op: Operation) -> list[SSAValue]:
    """An op's operands and the values its regions use from outside it."""
    found = list(op.operands)
    for r in op.regions:
        for b in r.blocks:
            for inner in b.ops:
                for v in _inputs(inner):
                    if not _inside_op(v, op):
                        found.append(v)
    return found


def _inside_op(value: SSAValue, op: Operation) -> bool:
    """Whether `value` is defined inside `op`'s regions."""
    at = value.owner.parent_op()
    while at is not None:
        if at is op:
            return True
        at = at.parent_op()
    return False


def _value_name(value: SSAValue) -> str:
    return value.name_hint or f"value #{value.index}"  # type: ignore[attr-defined]


@handles(func.CallOp)
def _call(op: func.CallOp, comp: FunctionCompiler):
    callee = comp.program.function(op.callee.string_value())
    args = comp.slots_of(op.arguments)
    results = comp.slots_of(op.results)

    def run(e, c, _op=op):
        out = callee.call(c, [e[a] for a in args])
        for slot, v in zip(results, out, strict=True):
            e[slot] = v

    return run


# ---------------------------------------------------------------------------
# GM pointers (memref ops: scalar_memref.py)
# ---------------------------------------------------------------------------


@handles(PtrOffsetOp)
def _ptr_offset(op: PtrOffsetOp, comp):
    base, r = comp.slot(op.base), comp.slot(op.result)
    if op.dynamic_offset is not None:
        off = comp.slot(op.dynamic_offset)

        def run(e, c, _op=op):
            p = e[base]
            e[r] = GmPtr(p.buf, p.byte_offset + e[off] * p.itemsize, p.itemsize)

        return run
    static = op.static_offset.value.data

    def run_static(e, c, _op=op):
        p = e[base]
        e[r] = GmPtr(p.buf, p.byte_offset + static * p.itemsize, p.itemsize)

    return run_static


@handles(UnrealizedConversionCastOp)
def _unrealized_cast(op: UnrealizedConversionCastOp, comp):
    """Scalar casts between integer/float types keep the value (ints wrap to the
    new width, e.g. i32 -> ui32 reinterprets); anything else passes through."""
    pairs = []
    for src, res in zip(op.inputs, op.outputs, strict=True):
        t = res.type
        scalar = isinstance(t, (IntegerType, IndexType, AnyFloat)) and not is_bf16(t)
        pairs.append((comp.slot(src), comp.slot(res), t if scalar else None))

    def run(e, c, _op=op):
        for s, r, t in pairs:
            v = e[s]
            e[r] = to_scalar(t, v) if t is not None else v

    return run
