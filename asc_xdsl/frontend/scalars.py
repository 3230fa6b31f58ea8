"""Scalar values in kernels: constants, conversions and Python's arithmetic on runtime
scalars, built as `arith` ops.

`ScalarBuilder` is the part of the code generator (`codegen.CodeGenerator`) that the
language's functions and the statement visitors use for numbers: `constant` (made once
per kernel at the top of its body), `scalar`/`integer` (a Python, numpy or runtime
value as an SSA value of a dtype), `convert`, `binary`/`compare` with Python's
semantics (`//` and `%` through `pyarith.py`, `/` a float division), `ceildiv`,
`truth`, `min`/`max`. It needs from the generator: `emit`, `fail`, `_loc`, `node`
(the statement being compiled), `entry` (the kernel body's first block) and the
constant cache (`_constants`, `_last_constant`).
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    UnrealizedConversionCastOp,
    i1,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.dialects.fast_build import new_op
from asc_xdsl.dialects.interned import int_attr, int_type
from asc_xdsl.enums import AscEnum
from asc_xdsl.frontend.errors import code_for_exception, python_error
from asc_xdsl.language.builder import IRValue, RuntimeScalar
from asc_xdsl.language.core.utils import describe

PY_OPS: dict[str, Callable[[Any, Any], Any]] = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "/": lambda a, b: a / b, "//": lambda a, b: a // b, "%": lambda a, b: a % b,
    "<<": lambda a, b: a << b, ">>": lambda a, b: a >> b, "&": lambda a, b: a & b,
    "|": lambda a, b: a | b, "^": lambda a, b: a ^ b, "**": lambda a, b: a**b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
}  # fmt: skip
# (signless int op, unsigned int op, float op)
_ARITH: dict[str, tuple[Any, Any, Any]] = {
    "+": (arith.AddiOp, arith.AddiOp, arith.AddfOp),
    "-": (arith.SubiOp, arith.SubiOp, arith.SubfOp),
    "*": (arith.MuliOp, arith.MuliOp, arith.MulfOp),
    "/": (None, None, arith.DivfOp),
    "//": (None, arith.DivUIOp, None),  # signed and float: _python_division
    "%": (None, arith.RemUIOp, None),
    "<<": (arith.ShLIOp, arith.ShLIOp, None),
    ">>": (arith.ShRSIOp, arith.ShRUIOp, None),
    "&": (arith.AndIOp, arith.AndIOp, None),
    "|": (arith.OrIOp, arith.OrIOp, None),
    "^": (arith.XOrIOp, arith.XOrIOp, None),
    "**": (None, None, None),
}
_GROWING = frozenset(("**", "<<", "*"))
"""Operators whose compile-time result may be far larger than their operands."""
# comparison -> (signed int, unsigned int, float) predicates
_PREDICATES = {
    "<": ("slt", "ult", "olt"), "<=": ("sle", "ule", "ole"), ">": ("sgt", "ugt", "ogt"),
    ">=": ("sge", "uge", "oge"), "==": ("eq", "eq", "oeq"), "!=": ("ne", "ne", "une"),
}  # fmt: skip


def signless_type(width: int) -> IntegerType:
    """`i<width>`, one object (`dialects.interned`)."""
    return int_type(f"i{width}")  # type: ignore[return-value]


INDEX = int_type("index")
"""`index`, the one object the frontend uses (`dialects.interned`)."""


def _int_attr(value: int, width: int) -> IntegerAttr:
    """The `value : i<width>` attribute, one object (`dialects.interned`: building and
    checking it cost more than the constant op)."""
    return int_attr(value, f"i{width}")


_NO_OVERFLOW = arith.IntegerOverflowAttr("none")
_NSW = arith.IntegerOverflowAttr([arith.IntegerOverflowFlag.NSW])
_BINARY_PROPERTIES: dict[tuple[type, bool], dict[str, Attribute]] = {}


def _binary_op(
    op_class: type[Operation], lhs: SSAValue, rhs: SSAValue, nsw: bool = False
) -> Operation:
    """`op_class(lhs, rhs)` for an arith binary op of `_ARITH` (result of `lhs`'s type;
    `nsw`: signed overflow is poison), built as its constructor ends, by `Operation`'s:
    IRDL's builder sizes and converts operands first, which costs more than the op
    (tests/unit/frontend/test_scalar_builders.py compares the two)."""
    properties = _BINARY_PROPERTIES.get((op_class, nsw))
    if properties is None:
        with_flags = issubclass(op_class, arith.SignlessIntegerBinaryOperationWithOverflow)
        flags = _NSW if nsw else _NO_OVERFLOW
        properties = _BINARY_PROPERTIES[op_class, nsw] = (
            {"overflowFlags": flags} if with_flags else {}
        )
    return new_op(op_class, (lhs, rhs), (lhs.type,), properties)


_NO_SIGNED_WRAP = frozenset(("+", "-", "*"))
"""Python operators whose result on signed integers of 32 bits and more is marked `nsw`:
Python's integers do not wrap, and C++'s signed `+ - *` may not overflow either, so the
Ascend C keeps the plain operator (as pyasc prints it) and the simulator reports an
overflow as the error it is."""


_COMPARE_PROPERTIES: dict[tuple[type, str], dict[str, Attribute]] = {}


def _compare_op(
    op_class: type[Operation], lhs: SSAValue, rhs: SSAValue, predicate: str
) -> Operation:
    """`op_class(lhs, rhs, predicate)` for `arith.cmpi`/`cmpf`, built as `_binary_op`
    builds: its properties are those the constructor gives, found once per predicate
    (from an op on placeholder values)."""
    key = (op_class, predicate)
    properties = _COMPARE_PROPERTIES.get(key)
    if properties is None:
        placeholders = Block(arg_types=[lhs.type, lhs.type]).args
        prototype = op_class(*placeholders, predicate)  # type: ignore[call-arg]
        properties = _COMPARE_PROPERTIES[key] = dict(prototype.properties)
    return new_op(op_class, (lhs, rhs), (i1,), properties)


def _select_op(cond: SSAValue, lhs: SSAValue, rhs: SSAValue) -> Operation:
    """`arith.SelectOp(cond, lhs, rhs)`, built as `_binary_op` builds."""
    return new_op(arith.SelectOp, (cond, lhs, rhs), (lhs.type,))


def _cast_op(op_class: type[Operation], value: SSAValue, t: Attribute) -> Operation:
    """`op_class(value, t)` for an arith cast (`CAST_OPS`) or `UnrealizedConversionCastOp.get(
    [value], [t])`, built as `_binary_op` builds."""
    return new_op(op_class, (value,), (t,))


CAST_OPS = (
    arith.IndexCastOp,
    arith.ExtUIOp,
    arith.ExtSIOp,
    arith.TruncIOp,
    arith.ExtFOp,
    arith.TruncFOp,
    arith.FPToSIOp,
    arith.FPToUIOp,
    arith.SIToFPOp,
    arith.UIToFPOp,
)
"""The cast ops `_cast_op` builds: each one's constructor takes (value, type) and sets
nothing else (tests/unit/frontend/test_scalar_builders.py)."""


@functools.lru_cache(maxsize=1024)
def _float_attr(value_hex: str, dtype: DataType) -> FloatAttr:
    """The float attribute of `float.fromhex(value_hex)` as `dtype`, built once."""
    return FloatAttr(float.fromhex(value_hex), dtype.ir_type())


def _int_constant(value: int, width: int) -> arith.ConstantOp:
    """`arith.constant value : i<width>` (what `ConstantOp.from_int_and_width` builds)."""
    attr = _int_attr(value, width)
    return new_op(arith.ConstantOp, (), (attr.type,), {"value": attr})


class ScalarBuilder(ABC):
    """Builds scalar values and Python arithmetic on them (see the module docstring)."""

    # provided by the code generator
    node: Any
    entry: Block | None
    _constants: dict[tuple[Any, str], SSAValue]
    _last_constant: Operation | None

    @abstractmethod
    def emit(self, op: Operation) -> Operation: ...

    @abstractmethod
    def fail(self, message: str, node: Any = None) -> Any: ...

    @abstractmethod
    def _loc(self, node: Any, source: Any = None) -> Any: ...

    def index(self, value: Any) -> SSAValue:
        """`value` as an `index` (pointer offsets, array indices) at its own width:
        `index` is 64 bits (`int64_t` in C++), so an int64 or uint64 offset is not
        narrowed to 32 bits first (offsets of 2**31 elements and more stay right); a
        Python int outside int32 is an int64 constant."""
        if _is_index(value):
            return value.handle
        if getattr(value, "ndim", None) == 0 and hasattr(value, "item"):
            value = value.item()  # a numpy scalar: the Python number it holds
        if isinstance(value, RuntimeScalar):
            if value.dtype.is_float():
                self.fail(f"a pointer offset or index must be an integer, got {describe(value)}")
            if value.dtype.kind != "int":  # unsigned: zero-extended; bool: 0 or 1
                value = self.convert(value, dt.int64 if value.dtype.kind == "uint" else dt.int32)
            v = value.handle
        elif type(value) is int:
            if not -(1 << 63) <= value < 1 << 63:
                self.fail(f"the pointer offset or index {value} does not fit in 64 bits")
            v = self.constant(value, dt.int32 if -(1 << 31) <= value < 1 << 31 else dt.int64)
        else:
            v = self.integer(value, "a pointer offset or index")
        return self.emit(_cast_op(arith.IndexCastOp, v, INDEX)).results[0]

    def offset(self, value: Any, what: str) -> SSAValue:
        """An integer the Ascend C headers take as 64 bits (a GlobalTensor's offsets and
        buffer size: `uint64_t`): an int32 as other indices when it is one, a 64-bit
        runtime integer at its width, an unsigned one zero-extended (never narrowed to
        int32, where offsets of 2**31 and more would wrap), a Python int beyond int32 a
        64-bit constant."""
        if getattr(value, "ndim", None) == 0 and hasattr(value, "item"):
            value = value.item()
        if isinstance(value, RuntimeScalar) and not value.dtype.is_float():
            if value.dtype.bitwidth == 64:
                return value.handle
            if value.dtype.kind == "uint":
                return self.convert(value, dt.int64).handle
        if type(value) is int and not -(1 << 31) <= value < 1 << 31:
            if not -(1 << 63) <= value < 1 << 64:
                self.fail(f"{what} {value} does not fit in 64 bits")
            return self.constant(value, dt.int64 if value < 1 << 63 else dt.uint64)
        return self.integer(value, what)

    def printf_arg(self, value: Any) -> SSAValue:
        if isinstance(value, RuntimeScalar):
            return value.handle
        if isinstance(value, bool | int):
            return self.constant(int(value), dt.int32)
        if isinstance(value, float):
            return self.constant(value, dt.float32)
        if isinstance(value, IRValue) and isinstance(
            getattr(value.handle, "type", None), MemRefType
        ):
            return value.handle  # a GM address (`__gm__ T*`), for %p
        return self.fail(f"printf cannot print {describe(value)}")

    def constant(self, value: Any, dtype: DataType) -> SSAValue:
        """A constant of `dtype`, made once per kernel at the top of its body (so it
        dominates every use); unsigned ones are a signless constant reinterpreted."""
        key = (_constant_key(value, dtype), dtype.name)
        cached = self._constants.get(key)
        if cached is not None:
            return cached
        if dtype.is_complex():  # (Ascend 950) its parts' constants, then complex.create
            from xdsl.dialects.complex import CreateOp

            number = complex(value)
            re = self.constant(number.real, dtype.component)
            im = self.constant(number.imag, dtype.component)
            op = CreateOp(re, im, dtype.ir_type())
        elif dtype.kind == "uint":
            signless = self.constant(self._wrap(value, dtype), _signless_dtype(dtype))
            op: Operation = _cast_op(UnrealizedConversionCastOp, signless, dtype.ir_type())
        elif dtype.is_float8() or dtype.is_float4():
            op = self._float8_constant(value, dtype)
        elif dtype.is_float():
            try:
                number = float(value)
            except OverflowError:  # an int beyond any float
                return self.fail(f"constant {_shown(value)} does not fit in {dtype.name}")
            if dt.float_overflows(number, dtype):
                self.fail(
                    f"constant {_shown(value)} does not fit in {dtype.name} (largest finite value "
                    f"{dt.FLOAT_LIMITS[dtype.name][0]:g})"
                )
            attr = _float_attr(number.hex(), dtype)  # (hex: -0.0 is not 0.0)
            op = new_op(arith.ConstantOp, (), (attr.type,), {"value": attr})
        elif dtype.kind == "bool":
            op = _int_constant(int(bool(value)), 1)
        else:
            width = dtype.bitwidth
            if not -(1 << (width - 1)) <= int(value) < 1 << (width - 1):
                self.fail(f"constant {_shown(value)} does not fit in {dtype.name}")
            op = _int_constant(int(value), width)
        op.location = self._loc(self.node)
        assert self.entry is not None
        if self._last_constant is not None:
            self.entry.insert_op_after(op, self._last_constant)
        elif self.entry.first_op is not None:
            self.entry.insert_op_before(op, self.entry.first_op)
        else:
            self.entry.add_op(op)
        self._last_constant = op
        self._constants[key] = op.results[0]
        return op.results[0]

    def _float8_constant(self, value: Any, dtype: DataType) -> Operation:
        """A constant of an 8-bit float type (Ascend 950): `value` rounded as the
        conversion to the type rounds (RINT; HiFloat8: ROUND, ties away; docs/fp8.md), so
        the IR holds a value of the type exactly. The builtin types are arith.constant,
        HiFloat8 and the 4-bit floats (a constant of those is the pair of its value)
        ascendc.float_constant."""
        import math

        from xdsl.dialects.builtin import Float64Type

        from asc_xdsl.dialects.ascendc.scalar import FloatConstantOp
        from asc_xdsl.utils import float8

        try:
            number = float(value)
        except (OverflowError, TypeError, ValueError):
            return self.fail(f"constant {_shown(value)} is no {dtype.name} value")
        f = float8.fmt(dtype.name)
        if dt.float_overflows(number, dtype) or (math.isinf(number) and f.inf is None):
            return self.fail(
                f"constant {_shown(value)} does not fit in {dtype.name} (largest finite value "
                f"{f.max:g})"
            )
        if dtype.is_float4() and math.isnan(number):
            return self.fail(f"constant {_shown(value)}: {dtype.name} has no NaN")
        if not f.signed and not number > 0 and not math.isnan(number):
            return self.fail(
                f"constant {_shown(value)} is not a {dtype.name} value (positive powers of "
                "two only)"
            )
        rounding = "round" if dtype.name == "hifloat8" else "rint"
        code = int(float8.encode([number], dtype.name, rounding)[0])
        exact = float(f.table[code])
        if dtype.name != "hifloat8" and not dtype.is_float4():
            attr = FloatAttr(exact, dtype.ir_type())
            return new_op(arith.ConstantOp, (), (attr.type,), {"value": attr})
        return FloatConstantOp(
            result_types=[dtype.ir_type()], value=FloatAttr(exact, Float64Type())
        )

    def _wrap(self, value: Any, dtype: DataType) -> int:
        """An unsigned constant as the signed value with the same bits."""
        ivalue = int(value)
        if not 0 <= ivalue < 1 << dtype.bitwidth:
            self.fail(f"constant {_shown(value)} does not fit in {dtype.name}")
        return ivalue - (1 << dtype.bitwidth) if ivalue >= 1 << (dtype.bitwidth - 1) else ivalue

    def _reinterpret(self, value: SSAValue, t: Any) -> SSAValue:
        return self.emit(_cast_op(UnrealizedConversionCastOp, value, t)).results[0]

    def _dtype_of(self, v: SSAValue) -> DataType:
        return dt.from_ir(v.type)

    def _signless(self, v: SSAValue, dtype: DataType) -> SSAValue:
        if dtype.kind == "uint":
            return self._reinterpret(v, signless_type(dtype.bitwidth))
        return v

    def integer(self, value: Any, what: str, dtype: DataType = dt.int32) -> SSAValue:
        """`value` as an integer of `dtype`; floats are an error (indices, counts)."""
        if (isinstance(value, RuntimeScalar) and value.dtype.is_float()) or isinstance(
            value, float
        ):
            self.fail(f"{what} must be an integer, got {describe(value)}")
        return self.scalar(value, dtype)

    def scalar(self, value: Any, dtype: DataType) -> SSAValue:
        """`value` (Python number, numpy scalar or runtime scalar) as an SSA value of
        `dtype`."""
        if isinstance(value, RuntimeScalar):
            return self.convert(value, dtype).handle
        if getattr(value, "ndim", None) == 0 and hasattr(value, "item"):
            value = value.item()  # a numpy scalar: the Python number it holds
        if isinstance(value, complex) and not dtype.is_complex():
            self.fail(f"complex constant {value} for a {dtype.name} scalar")
        if isinstance(value, bool | int | float | complex) and not isinstance(value, AscEnum):
            floating = dtype.is_float() or dtype.is_complex()
            if isinstance(value, float) and not floating and not value.is_integer():
                self.fail(f"{value} is not a whole number, but {dtype.name} is required")
            return self.constant(value, dtype)
        if isinstance(value, AscEnum):
            return self.constant(int(value), dtype)
        return self.fail(f"expected a {dtype.name} scalar, got {describe(value)}")

    def convert(self, value: RuntimeScalar, dtype: DataType) -> RuntimeScalar:
        src = value.dtype
        if src == dtype:
            return value
        v = value.handle
        if src.is_complex() or dtype.is_complex():
            return self._to_complex(value, dtype)
        if src.is_float8() or dtype.is_float8() or src.is_float4() or dtype.is_float4():
            self.fail(
                f"a {src.name} value does not convert to {dtype.name} in a kernel: an 8-bit "
                "float scalar is a constant (a Python number, rounded when the kernel "
                "compiles); tensors convert with Cast (docs/fp8.md)"
            )
        if src.kind == "bool" and dtype.kind != "bool":
            v = self.emit(_cast_op(arith.ExtUIOp, v, signless_type(32))).results[0]
            return self.convert(RuntimeScalar(v, dt.int32), dtype)
        if dtype.kind == "bool":
            zero = self.scalar(0, src)
            return self.compare("!=", RuntimeScalar(v, src), RuntimeScalar(zero, src))
        if src.is_float() and dtype.is_float():
            op = arith.ExtFOp if dtype.bitwidth > src.bitwidth else arith.TruncFOp
            return RuntimeScalar(self.emit(_cast_op(op, v, dtype.ir_type())).results[0], dtype)
        if src.is_float():
            signless = signless_type(dtype.bitwidth)
            conv = arith.FPToSIOp if dtype.kind == "int" else arith.FPToUIOp
            r = self.emit(_cast_op(conv, v, signless)).results[0]
            return RuntimeScalar(
                self._reinterpret(r, dtype.ir_type()) if dtype.kind == "uint" else r, dtype
            )
        v = self._signless(v, src)
        if dtype.is_float():
            conv = arith.UIToFPOp if src.kind == "uint" else arith.SIToFPOp
            return RuntimeScalar(self.emit(_cast_op(conv, v, dtype.ir_type())).results[0], dtype)
        if dtype.bitwidth > src.bitwidth:
            ext = arith.ExtUIOp if src.kind == "uint" else arith.ExtSIOp
            v = self.emit(_cast_op(ext, v, signless_type(dtype.bitwidth))).results[0]
        elif dtype.bitwidth < src.bitwidth:
            v = self.emit(_cast_op(arith.TruncIOp, v, signless_type(dtype.bitwidth))).results[0]
        if dtype.kind == "uint":
            v = self._reinterpret(v, dtype.ir_type())
        return RuntimeScalar(v, dtype)

    def _to_complex(self, value: RuntimeScalar, dtype: DataType) -> RuntimeScalar:
        """A real runtime scalar as a complex one (C++ `Complex(x)`: (x, 0), the real
        part converted to the parts' type); complex to anything else is an error."""
        from xdsl.dialects.complex import CreateOp

        if value.dtype.is_complex() or not dtype.is_complex():
            self.fail(f"a {value.dtype.name} value does not convert to {dtype.name}")
        part = dtype.component
        re = self.convert(value, part).handle
        op = self.emit(CreateOp(re, self.constant(0.0, part), dtype.ir_type()))
        return RuntimeScalar(op.results[0], dtype)

    def _common_dtype(self, a: Any, b: Any) -> DataType:
        # (no generators: this runs for every binary operation the kernel computes)
        types = []
        if isinstance(a, RuntimeScalar):
            types.append(a.dtype)
        if isinstance(b, RuntimeScalar):
            types.append(b.dtype)
        floats = [t for t in types if t.is_float()]
        python_float = isinstance(a, float) or isinstance(b, float)  # (a bool is no float)
        if python_float and not floats:
            return dt.float32
        pool = floats or types
        if not pool:  # two compile-time numbers (e.g. constant loop bounds)
            return dt.float32 if python_float else dt.int32
        best = pool[0]
        for t in pool[1:]:
            if t.bitwidth > best.bitwidth:
                best = t
        if best.kind == "bool":
            return dt.int32
        return best

    def binary(self, op: str, a: Any, b: Any) -> Any:
        if not isinstance(a, RuntimeScalar) and not isinstance(b, RuntimeScalar):
            return self.fold(op, a, b)
        for x in (a, b):
            if not isinstance(x, RuntimeScalar | bool | int | float):
                self.fail(f"operator {op} is not defined for {describe(x)}")
        if op in _PREDICATES:
            return self.compare(op, a, b)
        dtype = self._common_dtype(a, b)
        if op in ("&", "|", "^") and all(
            (x.dtype.kind == "bool") if isinstance(x, RuntimeScalar) else isinstance(x, bool)
            for x in (a, b)
        ):
            dtype = dt.bool_  # logic on conditions stays i1
        if op == "/" and not dtype.is_float():
            dtype = dt.float32
        if op in ("//", "%") and dtype.kind != "uint":  # unsigned ones are already Python's
            return self._python_division(op, a, b, dtype)
        if op in ("<<", ">>") and dtype.is_int():
            return self._shift(op, a, b, dtype)
        sint, uint, flt = _ARITH[op]
        op_class = flt if dtype.is_float() else (uint if dtype.kind == "uint" else sint)
        if op_class is None:
            kind = "floats" if dtype.is_float() else "integers"
            self.fail(f"operator {op} is not supported on {kind} in kernels")
        lhs = self._signless(self.scalar(a, dtype), dtype)
        rhs = self._signless(self.scalar(b, dtype), dtype)
        nsw = dtype.kind == "int" and dtype.bitwidth >= 32 and op in _NO_SIGNED_WRAP
        r = self.emit(_binary_op(op_class, lhs, rhs, nsw)).results[0]
        if dtype.kind == "uint":
            r = self._reinterpret(r, dtype.ir_type())
        return RuntimeScalar(r, dtype)

    def fold(self, op: str, a: Any, b: Any, node: Any = None) -> Any:
        """Python's `a op b` on two compile-time values, refused (located) when Python
        rejects it or its result would be too large to compute (`pyarith.fold_limit`)."""
        if op in _GROWING:
            from asc_xdsl.frontend.pyarith import fold_limit

            too_large = fold_limit(op, a, b)
            if too_large is not None:
                return self.fail(too_large, node)
        try:
            return PY_OPS[op](a, b)
        except MemoryError:
            return self.fail(f"the result of {op} is too large to compute at compile time", node)
        except Exception as e:  # a compile-time expression that Python rejects
            return self.fail(python_error(e), node, code=code_for_exception(e))

    def _shift(self, op: str, a: Any, b: Any, dtype: DataType) -> RuntimeScalar:
        """`<<`/`>>` on runtime integers: a constant amount must be in [0, width) (C++
        leaves other amounts undefined); a runtime one is made defined (pyarith.shift)."""
        lhs = self._signless(self.scalar(a, dtype), dtype)
        if not isinstance(b, RuntimeScalar):
            if not 0 <= b < dtype.bitwidth:
                self.fail(
                    f"shift amount {b!r} is outside [0, {dtype.bitwidth}) for "
                    f"{dtype.name}: the result would be undefined in C++"
                )
            rhs = self._signless(self.scalar(b, dtype), dtype)
            sint, uint, _ = _ARITH[op]
            r = self.emit(_binary_op(uint if dtype.kind == "uint" else sint, lhs, rhs)).results[0]
        else:
            from asc_xdsl.frontend import pyarith

            r = pyarith.shift(self, op, lhs, self._signless(self.scalar(b, dtype), dtype), dtype)
        if dtype.kind == "uint":
            r = self._reinterpret(r, dtype.ir_type())
        return RuntimeScalar(r, dtype)

    def ceildiv(self, a: Any, b: Any) -> Any:
        """`a / b` rounded toward +infinity, on integers, one of them a runtime value
        (`arith.ceildivsi`, or `ceildivui` on unsigned ones)."""
        for x in (a, b):
            is_int = isinstance(x, int) or (isinstance(x, RuntimeScalar) and x.dtype.is_int())
            if not is_int or isinstance(x, AscEnum):
                self.fail(f"ceildiv needs integers, got {describe(x)}")
        dtype = self._common_dtype(a, b)
        unsigned = dtype.kind == "uint"
        lhs = self._signless(self.scalar(a, dtype), dtype)
        rhs = self._signless(self.scalar(b, dtype), dtype)
        op_class = arith.CeilDivUIOp if unsigned else arith.CeilDivSIOp
        r = self.emit(_binary_op(op_class, lhs, rhs)).results[0]
        if unsigned:
            r = self._reinterpret(r, dtype.ir_type())
        return RuntimeScalar(r, dtype)

    def _python_division(self, op: str, a: Any, b: Any, dtype: DataType) -> RuntimeScalar:
        """`//` and `%` with Python's semantics on runtime operands (pyarith.py)."""
        from asc_xdsl.frontend import pyarith

        lhs, rhs = self.scalar(a, dtype), self.scalar(b, dtype)
        if dtype.is_float():
            if dtype.bitwidth > 32:
                self.fail(f"operator {op} is not supported on runtime {dtype.name} values")
            floordiv, mod = pyarith.float_divmod(self, lhs, rhs, dtype)
            return RuntimeScalar(floordiv if op == "//" else mod, dtype)
        if _is_power_of_two(b):
            # Python's floor division and modulo by 2**k are two's complement's shift
            # and mask, for negative values too: one op instead of seven for `i % 2`.
            k = int(b).bit_length() - 1
            mask_or_shift = arith.ShRSIOp if op == "//" else arith.AndIOp
            amount = self.constant(k if op == "//" else int(b) - 1, dtype)
            r = self.emit(_binary_op(mask_or_shift, lhs, amount)).results[0]
            return RuntimeScalar(r, dtype)
        if op == "//":
            return RuntimeScalar(pyarith.int_floordiv(self, lhs, rhs), dtype)
        return RuntimeScalar(pyarith.int_mod(self, lhs, rhs, dtype), dtype)

    def compare(self, op: str, a: Any, b: Any) -> RuntimeScalar:
        dtype = self._common_dtype(a, b)
        signed, unsigned, flt = _PREDICATES[op]
        lhs = self._signless(self.scalar(a, dtype), dtype)
        rhs = self._signless(self.scalar(b, dtype), dtype)
        if dtype.is_float():
            r = self.emit(_compare_op(arith.CmpfOp, lhs, rhs, flt)).results[0]
        else:
            predicate = unsigned if dtype.kind == "uint" else signed
            r = self.emit(_compare_op(arith.CmpiOp, lhs, rhs, predicate)).results[0]
        return RuntimeScalar(r, dt.bool_)

    def negate(self, a: RuntimeScalar) -> RuntimeScalar:
        if a.dtype.is_float():
            return RuntimeScalar(self.emit(arith.NegfOp(a.handle)).result, a.dtype)
        return self.binary("-", 0, a)

    def invert(self, a: RuntimeScalar) -> RuntimeScalar:
        if a.dtype.is_float():
            self.fail("operator ~ needs an integer")
        return self.binary("^", a, -1 if a.dtype.kind != "uint" else (1 << a.dtype.bitwidth) - 1)

    def truth(self, value: Any) -> Any:
        """A Python bool (constant) or an i1 runtime scalar."""
        if isinstance(value, RuntimeScalar):
            return self.convert(value, dt.bool_)
        if isinstance(value, IRValue):
            self.fail(f"a {type(value).__name__} cannot be used as a condition")
        return bool(value)

    def _minmax(self, is_max: bool, args: list[Any]) -> Any:
        # Python's rule: a later argument replaces the result only if strictly greater
        # (smaller), so ties keep the first and a NaN result is kept.
        result = args[0]
        for a in args[1:]:
            dtype = self._common_dtype(result, a)
            cond = self.compare(">" if is_max else "<", a, result)
            op = self.emit(
                _select_op(cond.handle, self.scalar(a, dtype), self.scalar(result, dtype))
            )
            result = RuntimeScalar(op.results[0], dtype)
        return result


def _shown(value: Any) -> str:
    """A constant for a message: an int too wide for any type by its size, not its
    thousands of digits (which Python may refuse to print)."""
    if isinstance(value, int) and value.bit_length() > 128:
        return f"<a {value.bit_length()}-bit integer>"
    return str(value)


def py_dtype(value: Any) -> DataType:
    """The runtime type a Python number takes when it crosses runtime control flow."""
    if isinstance(value, bool):
        return dt.bool_
    return dt.float32 if isinstance(value, float) else dt.int32


def _constant_key(value: Any, dtype: DataType) -> Any:
    """A float constant by its bits (-0.0 is not 0.0, yet 2 is 2.0); others as they are."""
    if dtype.is_complex():
        number = complex(value)
        return (number.real.hex(), number.imag.hex())
    if dtype.is_float() or isinstance(value, float):
        try:
            return float(value).hex()
        except (OverflowError, TypeError, ValueError):  # refused when the constant is made
            return value
    return value


def _signless_dtype(dtype: DataType) -> DataType:
    return {8: dt.int8, 16: dt.int16, 32: dt.int32, 64: dt.int64}[dtype.bitwidth]


def _is_power_of_two(value: Any) -> bool:
    """A compile-time positive power of two (a Python int, not a bool or enum)."""
    return type(value) is int and value > 0 and value & (value - 1) == 0


def _is_index(value: Any) -> bool:
    return isinstance(value, RuntimeScalar) and isinstance(value.handle.type, IndexType)


def is_scalar(value: Any) -> bool:
    """A runtime scalar or a Python number: a value a zero can stand in for."""
    return isinstance(value, RuntimeScalar | int | float) and not isinstance(value, AscEnum)
