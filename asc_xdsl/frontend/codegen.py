"""AST -> IR: compiles one `@asc.jit` kernel, for given argument types, into a module.

The generator walks the kernel's Python AST once. Expressions evaluate either to
Python values (compile-time constants: `ConstExpr` arguments, module constants,
literals, dtypes) or to runtime values (`values.IRValue`) whose operations build
`arith`/`ascendc` ops. Control flow on runtime values becomes `scf.if`/`scf.for`/
`scf.while`; variables assigned inside are carried through as region results, so the
IR stays in SSA form. Calls to other `@asc.jit` functions are inlined. Every op gets
the Python source location of the statement that built it.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import itertools
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    FileLineColLoc,
    FloatAttr,
    IndexType,
    IntAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    StringAttr,
    UnitAttr,
    UnrealizedConversionCastOp,
)
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import (
    AICORE_ATTR,
    GM_MEMORY_SPACE,
    KERNEL_ATTR,
    KERNEL_TYPE_ATTR,
)
from asc_xdsl.dialects.ascendc.target import DEFAULT_SOC, set_soc
from asc_xdsl.enums import AscEnum
from asc_xdsl.frontend import context
from asc_xdsl.frontend import dtypes as dt
from asc_xdsl.frontend.dtypes import DataType
from asc_xdsl.frontend.errors import CompileError, JitOnlyError
from asc_xdsl.frontend.structured import is_generated
from asc_xdsl.frontend.values import FormatString, IRValue, KernelLoop, RuntimeScalar
from asc_xdsl.language.core.range import range as device_range
from asc_xdsl.language.core.range import static_range
from asc_xdsl.language.core.tensor import GlobalAddress
from asc_xdsl.language.core.utils import describe

MAX_UNROLL_ENV = "ASC_XDSL_MAX_UNROLL"
DEFAULT_MAX_UNROLL = 10_000
"""Loop bodies a kernel may unroll in total (static_range, compile-time sequences):
beyond, compiling would take minutes and gigabytes, so it is an error instead."""

# Python builtins a kernel may call on compile-time values.
_CONST_BUILTINS = {
    "len", "int", "float", "bool", "min", "max", "abs", "divmod", "pow", "round",
    "isinstance", "str", "tuple", "list", "sum", "any", "all", "enumerate", "zip",
}  # fmt: skip

_CMP = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
}  # fmt: skip
_BINOP = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
    ast.Mod: "%", ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&", ast.BitOr: "|",
    ast.BitXor: "^",
    ast.Pow: "**",
}  # fmt: skip
_PY_OPS: dict[str, Callable[[Any, Any], Any]] = {
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
# comparison -> (signed int, unsigned int, float) predicates
_PREDICATES = {
    "<": ("slt", "ult", "olt"), "<=": ("sle", "ule", "ole"), ">": ("sgt", "ugt", "ogt"),
    ">=": ("sge", "uge", "oge"), "==": ("eq", "eq", "oeq"), "!=": ("ne", "ne", "une"),
}  # fmt: skip


class _Break(Exception):
    """`break` in the body of a loop the frontend unrolls (static_range)."""


class _Continue(Exception):
    """`continue` in the body of a loop the frontend unrolls (static_range)."""


class _Return(Exception):
    """Unwinds a helper body at a `return` (only at the end of an inlined body)."""

    def __init__(self, value: Any, node: ast.AST | None = None):
        self.value = value
        self.node = node


class FunctionSource:
    """A Python function's AST plus what is needed to report errors in its file."""

    def __init__(
        self,
        fn: Callable[..., Any],
        tree: ast.FunctionDef,
        filename: str,
        first_line: int,
        lines: list[str],
        col_shift: int,
    ):
        self.fn = fn
        self.tree = tree
        self.filename = filename
        self.first_line = first_line
        self.lines = lines
        self.col_shift = col_shift
        self.locs: dict[tuple[int, int], Any] = {}

    @property
    def globals(self) -> dict[str, Any]:
        scope = dict(self.fn.__globals__)
        code = self.fn.__code__
        if self.fn.__closure__:
            for name, cell in zip(code.co_freevars, self.fn.__closure__, strict=True):
                with contextlib.suppress(ValueError):  # an unbound cell
                    scope[name] = cell.cell_contents
        return scope


class CodeGenerator(ast.NodeVisitor):
    """Builds the IR of one kernel specialisation."""

    def __init__(
        self,
        source: FunctionSource,
        get_source: Callable[[Any], FunctionSource | None],
        kernel_type: str | None = "vector",
        max_unroll: int = DEFAULT_MAX_UNROLL,
        matmul_cube_only: bool = False,
    ):
        # None: pyasc's rule once the kernel is built (`_detect_kernel_type`)
        self.kernel_type = kernel_type
        self.matmul_cube_only = matmul_cube_only
        self.matmul_object = False  # a Matmul object is registered (REGIST_MATMUL_OBJ)
        self.source = source
        self._get_source = get_source
        self.module = ModuleOp([])
        set_soc(self.module, DEFAULT_SOC)  # the per-SoC dtype checks apply
        self.block: Block | None = None
        self.scope: dict[str, Any] = {}
        self.node: ast.AST | None = None
        self._inline_stack: list[FunctionSource] = []
        self._constants: dict[tuple[Any, str], SSAValue] = {}
        self._last_constant: Operation | None = None
        self.entry: Block | None = None
        self.max_unroll = max_unroll
        self._unrolled = 0
        self.tpipe: Any = None  # the kernel's first TPipe (`get_tpipe_ptr()`)
        self._depth = 0  # runtime regions (scf bodies) the builder is in
        self._unrolling: list[int] = []  # the region depth of each unrolled loop's body
        # Names bound only inside a runtime branch or loop, which may not run: where.
        self._scoped: dict[str, str] = {}
        # Names whose value is a zero on a path that did not bind them (a runtime if
        # bound them in one branch only): a loop cannot carry them (see visit_For).
        self._maybe_unbound: set[str] = set()
        # Element reads of `t[i]` (`TensorElement`): dropped at the end if `t[i]` was
        # only used as a tensor (its sub-tensor view).
        self._element_reads: list[Operation] = []
        # Device functions made for `inline=False` helpers: (specialisation, (name, result)).
        self._functions: list[tuple[tuple[Any, ...], tuple[str, DataType | None]]] = []

    # -- entry ----------------------------------------------------------------

    def compile_kernel(self, name: str, params: Sequence[tuple[str, Any]]) -> ModuleOp:
        """Build the kernel; `params` binds each parameter name to a Python value
        (a constant) or a kernel-argument kind (DataType for GM pointers, "scalar" dtype)."""
        arg_types: list[Any] = []
        runtime: list[tuple[str, Any]] = []
        for pname, spec in params:
            if isinstance(spec, _GmParam):
                arg_types.append(
                    MemRefType(spec.dtype.ir_type(), [DYNAMIC_INDEX], memory_space=_gm_space())
                )
                runtime.append((pname, spec))
            elif isinstance(spec, _ScalarParam):
                arg_types.append(spec.dtype.ir_type())
                runtime.append((pname, spec))
            elif isinstance(spec, _StructParam):
                arg_types.append(
                    MemRefType(spec.cls.ir_type(), [DYNAMIC_INDEX], memory_space=_gm_space())
                )
                runtime.append((pname, spec))
        block = Block(arg_types=arg_types)
        struct_args = []
        for arg, (pname, spec) in zip(block.args, runtime, strict=True):
            arg.name_hint = pname
            if isinstance(spec, _StructParam):
                struct_args.append((pname, spec, arg))
                continue
            self.scope[pname] = (
                GlobalAddress(arg, spec.dtype)
                if isinstance(spec, _GmParam)
                else RuntimeScalar(arg, spec.dtype)
            )
        for pname, spec in params:
            if not isinstance(spec, _GmParam | _ScalarParam | _StructParam):
                self.scope[pname] = spec
        kernel = func.FuncOp(name, (arg_types, []), Region([block]))
        kernel.attributes[KERNEL_ATTR] = UnitAttr()
        kernel.attributes[AICORE_ATTR] = UnitAttr()
        kernel.location = self._loc(self.source.tree, self.source)
        self.module.body.block.add_op(kernel)
        self.block = self.entry = block
        context.push(self)
        try:
            for pname, spec, arg in struct_args:
                self.scope[pname] = self._local_struct(pname, spec, arg)
            try:
                self.visit_body(self.source.tree.body)
            except _Return as r:
                if r.value is not None:
                    self.fail("a kernel returns nothing (results go to its GM arguments)", r.node)
            self.emit(func.ReturnOp())
        finally:
            context.pop()
        self._detect_kernel_type(kernel)
        for op in reversed(self._element_reads):
            if not op.results[0].uses:
                op.detach()
                op.erase()
        return self.module

    def _detect_kernel_type(self, kernel: func.FuncOp) -> None:
        """pyasc's rule for a kernel without a kernel_type: one that registers a Matmul
        object is MIX_AIC_1_2 (the library serves the vector cores' calls from the cube
        core), or AIC_ONLY with `matmul_cube_only`; any other is AIV_ONLY."""
        if self.kernel_type is None:
            if not self.matmul_object:
                self.kernel_type = "vector"
            else:
                self.kernel_type = "cube" if self.matmul_cube_only else "mix"
        if self.kernel_type != "vector":
            kernel.attributes[KERNEL_TYPE_ATTR] = StringAttr(self.kernel_type)

    def _local_struct(self, pname: str, spec: _StructParam, arg: Any) -> Any:
        """A struct parameter's local copy (`emitasc.copy_struct`): GM has no struct
        loads, so the kernel copies the struct out once and reads its members there."""
        from asc_xdsl.dialects.emitasc import CopyStructOp

        op = CopyStructOp.create(operands=[arg], result_types=[spec.cls.ir_type()])
        self.emit(op).results[0].name_hint = f"{pname}_local"
        return spec.cls.from_handle(op.results[0])

    # -- services used by the language functions -------------------------------

    @property
    def current_source(self) -> FunctionSource:
        return self._inline_stack[-1] if self._inline_stack else self.source

    def _loc(self, node: ast.AST | None, source: FunctionSource | None = None) -> Any:
        source = source or self.current_source
        line = getattr(node, "lineno", 1) + source.first_line - 1
        col = getattr(node, "col_offset", 0) + source.col_shift + 1
        key = (line, col)
        loc = source.locs.get(key)  # kept with the source: the same across compiles
        if loc is None:
            loc = source.locs[key] = FileLineColLoc(
                StringAttr(source.filename), IntAttr(line), IntAttr(col)
            )
        return loc

    def emit(self, op: Operation) -> Operation:
        op.location = self._loc(self.node)
        assert self.block is not None
        self.block.add_op(op)
        return op

    def fail(self, message: str, node: ast.AST | None = None) -> Any:
        node = node or self.node
        source = self.current_source
        lineno = getattr(node, "lineno", None)
        if lineno is None:
            raise CompileError(message, source.filename)
        rel = lineno - 1
        line_text = source.lines[rel] if 0 <= rel < len(source.lines) else None
        col = getattr(node, "col_offset", 0)
        end_col = getattr(node, "end_col_offset", None)
        end_line = getattr(node, "end_lineno", lineno)
        length = (end_col - col) if end_col is not None and end_line == lineno else 1
        if line_text is not None and source.col_shift:
            line_text = " " * source.col_shift + line_text
        raise CompileError(
            message,
            source.filename,
            lineno + source.first_line - 1,
            col + source.col_shift,
            line_text,
            length,
        )

    def enum(self, value: Any, enum: type[AscEnum], what: str) -> Any:
        if isinstance(value, enum):
            return value
        if isinstance(value, AscEnum) and type(value).__name__ == enum.__name__:
            return enum(int(value))
        self.fail(f"{what} must be an asc.{_public_enum_name(enum)} value, got {value!r}")

    def constexpr(self, value: Any, what: str, kind: type) -> Any:
        if isinstance(value, IRValue):
            self.fail(f"{what} must be a compile-time constant, got a runtime value")
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            self.fail(f"{what} must be {kind.__name__}, got {value!r}")
        return value

    def index(self, value: Any) -> SSAValue:
        """`value` as an `index` (pointer offsets)."""
        v = self.scalar(value, dt.int32) if not _is_index(value) else value.handle
        if isinstance(v.type, IndexType):
            return v
        return self.emit(
            arith.IndexCastOp(self._signless(v, self._dtype_of(v)), IndexType())
        ).result

    def printf_arg(self, value: Any) -> SSAValue:
        if isinstance(value, RuntimeScalar):
            return value.handle
        if isinstance(value, bool | int):
            return self.constant(int(value), dt.int32)
        if isinstance(value, float):
            return self.constant(value, dt.float32)
        return self.fail(f"printf cannot print {describe(value)}")

    # -- scalars -------------------------------------------------------------------

    def constant(self, value: Any, dtype: DataType) -> SSAValue:
        """A constant of `dtype`, made once per kernel at the top of its body (so it
        dominates every use); unsigned ones are a signless constant reinterpreted."""
        key = (_constant_key(value, dtype), dtype.name)
        cached = self._constants.get(key)
        if cached is not None:
            return cached
        if dtype.kind == "uint":
            signless = self.constant(self._wrap(value, dtype), _signless_dtype(dtype))
            op: Operation = UnrealizedConversionCastOp.get([signless], [dtype.ir_type()])
        elif dtype.is_float():
            try:
                number = float(value)
            except OverflowError:  # an int beyond any float
                return self.fail(f"constant {value} does not fit in {dtype.name}")
            if dt.float_overflows(number, dtype):
                self.fail(
                    f"constant {value} does not fit in {dtype.name} (largest finite value "
                    f"{dt.FLOAT_LIMITS[dtype.name][0]:g})"
                )
            op = arith.ConstantOp(FloatAttr(number, dtype.ir_type()))
        elif dtype.kind == "bool":
            op = arith.ConstantOp.from_int_and_width(int(bool(value)), 1)
        else:
            width = dtype.bitwidth
            if not -(1 << (width - 1)) <= int(value) < 1 << (width - 1):
                self.fail(f"constant {value} does not fit in {dtype.name}")
            op = arith.ConstantOp.from_int_and_width(int(value), width)
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

    def _wrap(self, value: Any, dtype: DataType) -> int:
        """An unsigned constant as the signed value with the same bits."""
        ivalue = int(value)
        if not 0 <= ivalue < 1 << dtype.bitwidth:
            self.fail(f"constant {value} does not fit in {dtype.name}")
        return ivalue - (1 << dtype.bitwidth) if ivalue >= 1 << (dtype.bitwidth - 1) else ivalue

    def _reinterpret(self, value: SSAValue, t: Any) -> SSAValue:
        return self.emit(UnrealizedConversionCastOp.get([value], [t])).results[0]

    def _dtype_of(self, v: SSAValue) -> DataType:
        return dt.from_ir(v.type)

    def _signless(self, v: SSAValue, dtype: DataType) -> SSAValue:
        if dtype.kind == "uint":
            return self._reinterpret(v, IntegerType(dtype.bitwidth))
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
        if isinstance(value, bool | int | float) and not isinstance(value, AscEnum):
            if isinstance(value, float) and not dtype.is_float() and not value.is_integer():
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
        if src.kind == "bool" and dtype.kind != "bool":
            v = self.emit(arith.ExtUIOp(v, IntegerType(32))).result
            return self.convert(RuntimeScalar(v, dt.int32), dtype)
        if dtype.kind == "bool":
            zero = self.scalar(0, src)
            return self.compare("!=", RuntimeScalar(v, src), RuntimeScalar(zero, src))
        if src.is_float() and dtype.is_float():
            op = arith.ExtFOp if dtype.bitwidth > src.bitwidth else arith.TruncFOp
            return RuntimeScalar(self.emit(op(v, dtype.ir_type())).result, dtype)
        if src.is_float():
            signless = IntegerType(dtype.bitwidth)
            conv = arith.FPToSIOp if dtype.kind == "int" else arith.FPToUIOp
            r = self.emit(conv(v, signless)).result
            return RuntimeScalar(
                self._reinterpret(r, dtype.ir_type()) if dtype.kind == "uint" else r, dtype
            )
        v = self._signless(v, src)
        if dtype.is_float():
            conv = arith.UIToFPOp if src.kind == "uint" else arith.SIToFPOp
            return RuntimeScalar(self.emit(conv(v, dtype.ir_type())).result, dtype)
        if dtype.bitwidth > src.bitwidth:
            ext = arith.ExtUIOp if src.kind == "uint" else arith.ExtSIOp
            v = self.emit(ext(v, IntegerType(dtype.bitwidth))).result
        elif dtype.bitwidth < src.bitwidth:
            v = self.emit(arith.TruncIOp(v, IntegerType(dtype.bitwidth))).result
        if dtype.kind == "uint":
            v = self._reinterpret(v, dtype.ir_type())
        return RuntimeScalar(v, dtype)

    def _common_dtype(self, a: Any, b: Any) -> DataType:
        types = [x.dtype for x in (a, b) if isinstance(x, RuntimeScalar)]
        if any(isinstance(x, float) and not isinstance(x, bool) for x in (a, b)) and not any(
            t.is_float() for t in types
        ):
            return dt.float32
        floats = [t for t in types if t.is_float()]
        pool = floats or types
        if not pool:  # two compile-time numbers (e.g. constant loop bounds)
            return dt.float32 if any(isinstance(x, float) for x in (a, b)) else dt.int32
        best = pool[0]
        for t in pool[1:]:
            if t.bitwidth > best.bitwidth:
                best = t
        if best.kind == "bool":
            return dt.int32
        return best

    def binary(self, op: str, a: Any, b: Any) -> Any:
        if not isinstance(a, RuntimeScalar) and not isinstance(b, RuntimeScalar):
            try:
                return _PY_OPS[op](a, b)
            except Exception as e:  # a compile-time expression that Python rejects
                return self.fail(f"{type(e).__name__}: {e}")
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
        sint, uint, flt = _ARITH[op]
        op_class = flt if dtype.is_float() else (uint if dtype.kind == "uint" else sint)
        if op_class is None:
            kind = "floats" if dtype.is_float() else "integers"
            self.fail(f"operator {op} is not supported on {kind} in kernels")
        lhs = self._signless(self.scalar(a, dtype), dtype)
        rhs = self._signless(self.scalar(b, dtype), dtype)
        r = self.emit(op_class(lhs, rhs)).results[0]
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
        r = self.emit(op_class(lhs, rhs)).results[0]
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
        if op == "//":
            return RuntimeScalar(pyarith.int_floordiv(self, lhs, rhs), dtype)
        return RuntimeScalar(pyarith.int_mod(self, lhs, rhs, dtype), dtype)

    def compare(self, op: str, a: Any, b: Any) -> RuntimeScalar:
        dtype = self._common_dtype(a, b)
        signed, unsigned, flt = _PREDICATES[op]
        lhs = self._signless(self.scalar(a, dtype), dtype)
        rhs = self._signless(self.scalar(b, dtype), dtype)
        if dtype.is_float():
            r = self.emit(arith.CmpfOp(lhs, rhs, flt)).result
        else:
            r = self.emit(
                arith.CmpiOp(lhs, rhs, unsigned if dtype.kind == "uint" else signed)
            ).result
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

    def note_element_read(self, op: Operation) -> None:
        self._element_reads.append(op)

    def name_later(self, obj: Any) -> None:
        for name, v in self.scope.items():
            if v is obj and obj.handle is not None and not obj.handle.name_hint:
                obj.handle.name_hint = name

    # -- statements ------------------------------------------------------------------

    def visit_body(self, body: Sequence[ast.stmt]) -> None:
        for stmt in body:
            self.visit(stmt)

    def visit(self, node: ast.AST) -> Any:
        outer = self.node
        if isinstance(node, ast.stmt | ast.expr):
            self.node = node
        try:
            return super().visit(node)
        except (CompileError, JitOnlyError, _Return, _Break, _Continue):
            raise
        except VerifyException as e:  # an op or type built from the kernel's values
            self.fail(str(e).strip(), node if isinstance(node, ast.stmt | ast.expr) else None)
        except RecursionError:  # reported a few levels up, where there is room again
            self.fail(
                "this code nests too deeply to compile (Python's recursion limit); split "
                "the expression or the nested blocks into smaller parts",
                node if isinstance(node, ast.stmt | ast.expr) else None,
            )
        except Exception as e:  # point at the innermost line that failed
            self.fail(
                f"{type(e).__name__}: {e} (raised while compiling this line; if the kernel "
                "is not at fault, please report it)",
                node if isinstance(node, ast.stmt | ast.expr) else None,
            )
        finally:
            self.node = outer

    def generic_visit(self, node: ast.AST) -> Any:
        self.fail(f"{_construct_name(node)} is not supported in kernels", node)

    def visit_Pass(self, node: ast.Pass) -> None:
        return None

    def visit_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # a docstring
        self.visit(node.value)

    def visit_Assign(self, node: ast.Assign) -> None:
        value = self.visit(node.value)
        for target in node.targets:
            self.assign(target, value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is None:
            self.fail("a declaration without a value is not supported in kernels")
        self.assign(node.target, self.visit(node.value))

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        op = _BINOP.get(type(node.op))
        if op is None:
            self.fail(f"operator {type(node.op).__name__} is not supported in kernels")
        if isinstance(node.target, ast.Name):
            current = self.lookup(node.target.id, node.target)
            self.assign(node.target, self.binary(op, current, self.visit(node.value)))
        elif isinstance(node.target, ast.Subscript):
            container = self.visit(node.target.value)
            index = self.visit(node.target.slice)
            current = container[index]
            container[index] = self.binary(op, current, self.visit(node.value))
        elif isinstance(node.target, ast.Attribute):
            current = self.visit(node.target)
            self.assign(node.target, self.binary(op, current, self.visit(node.value)))
        else:
            self.fail("augmented assignment needs a name, a subscript or an attribute target")

    def assign(self, target: ast.AST, value: Any) -> None:
        if isinstance(target, ast.Name):
            if isinstance(value, IRValue) and value.handle is not None:
                owner = value.handle.owner
                if isinstance(owner, Operation) and not value.handle.name_hint:
                    value.handle.name_hint = target.id
            self.scope[target.id] = value
            self._maybe_unbound.discard(target.id)
        elif isinstance(target, ast.Tuple | ast.List):
            if not isinstance(value, tuple | list):
                self.fail("only tuples can be unpacked", target)
            if len(value) != len(target.elts):
                self.fail(
                    f"cannot unpack {len(value)} values into {len(target.elts)} names", target
                )
            for t, v in zip(target.elts, value, strict=True):
                self.assign(t, v)
        elif isinstance(target, ast.Subscript):
            container = self.visit(target.value)
            index = self.visit(target.slice)
            if isinstance(container, IRValue | list | dict):
                container[index] = value
            else:
                self.fail(f"{describe(container)} does not support item assignment", target)
        elif isinstance(target, ast.Attribute):
            self._assign_attribute(target, value)
        else:
            self.fail(f"assignment to {_construct_name(target)} is not supported", target)

    def _assign_attribute(self, target: ast.Attribute, value: Any) -> None:
        """`s.member = v` on a struct with members (a tiling struct); other values have
        no attributes a kernel may set."""
        from asc_xdsl.language.core.types import AggregateValue

        base = self.visit(target.value)
        if not isinstance(base, AggregateValue) or target.attr.startswith("_"):
            self.fail(f"cannot assign attribute '{target.attr}' of {describe(base)}", target)
        outer, self.node = self.node, target
        try:
            setattr(base, target.attr, value)
        except AttributeError:
            self.fail(f"cannot assign attribute '{target.attr}' of {describe(base)}", target)
        finally:
            self.node = outer

    def visit_Return(self, node: ast.Return) -> None:
        raise _Return(None if node.value is None else self.visit(node.value), node)

    def visit_Assert(self, node: ast.Assert) -> None:
        test = self.visit(node.test)
        if isinstance(test, IRValue):
            self.fail(
                "assert needs a compile-time condition (a runtime value cannot be checked on the device)"
            )
        if not test:
            msg = self.visit(node.msg) if node.msg is not None else "assertion failed"
            if isinstance(msg, FormatString):  # runtime values: their format, unfilled
                msg = msg.fmt
            self.fail(f"AssertionError: {msg}", node)

    def visit_Break(self, node: ast.Break) -> None:
        self._jump(node, _Break, "'break'", "restructure with a while condition")

    def visit_Continue(self, node: ast.Continue) -> None:
        self._jump(node, _Continue, "'continue'", "use an if around the rest of the body")

    def _jump(self, node: ast.stmt, jump: type[Exception], what: str, hint: str) -> None:
        """break/continue of an unrolled loop when no runtime branch or loop lies between
        (the unroller stops or skips). Runtime loops never get here: structured.py
        rewrote their jumps into flags."""
        if self._unrolling and self._unrolling[-1] == self._depth:
            raise jump()
        if self._unrolling:
            self.fail(
                f"{what} under a runtime condition in a static_range loop is not supported: "
                "the loop is unrolled at compile time, so the condition must be a "
                "compile-time value",
                node,
            )
        self.fail(f"{what} is not supported in runtime kernel loops yet ({hint})", node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.fail("nested function definitions are not supported in kernels")

    # -- control flow --------------------------------------------------------------

    @contextmanager
    def _in_block(self, block: Block) -> Iterator[None]:
        outer = self.block
        self.block = block
        self._depth += 1
        try:
            yield
        finally:
            self.block = outer
            self._depth -= 1

    def _carry(
        self, value: Any, node: ast.AST, name: str
    ) -> tuple[SSAValue, Callable[[SSAValue], Any]]:
        """An SSA value for a variable that crosses a region boundary, and how to rebuild it."""
        if isinstance(value, RuntimeScalar):
            return value.handle, lambda h, d=value.dtype: RuntimeScalar(h, d)
        if isinstance(value, IRValue) and value.handle is not None:
            return value.handle, value.with_handle
        if isinstance(value, bool):
            return self.constant(value, dt.bool_), lambda h: RuntimeScalar(h, dt.bool_)
        if isinstance(value, int):
            return self.constant(value, dt.int32), lambda h: RuntimeScalar(h, dt.int32)
        if isinstance(value, float):
            return self.constant(value, dt.float32), lambda h: RuntimeScalar(h, dt.float32)
        return self.fail(
            f"variable '{name}' holds {describe(value)}, which cannot change inside "
            "runtime control flow",
            node,
        )

    def _placeholder(self, value: Any) -> Callable[[], SSAValue] | None:
        """How to build, where the builder is, the value a variable bound on some paths
        only holds on the others (Python would raise NameError there, so it is never
        read): a zero of a scalar's type, an empty tensor (`AscendC::LocalTensor<T> t;`)
        of a tensor's. None for other values (objects, Python values), which cannot be."""
        if _is_scalar(value):
            dtype = value.dtype if isinstance(value, RuntimeScalar) else _py_dtype(value)
            return lambda: self.constant(0, dtype)
        from asc_xdsl.dialects.ascendc.tensor import GlobalTensorOp, LocalTensorOp
        from asc_xdsl.language.core.tensor import GlobalTensor, LocalTensor

        empty = {LocalTensor: LocalTensorOp, GlobalTensor: GlobalTensorOp}.get(type(value))
        if empty is None or value.handle is None:
            return None
        return lambda: self.emit(empty(value.handle.type)).results[0]

    def _as_type(self, value: Any, t: Any, name: str, node: ast.AST) -> SSAValue:
        """`value` as an SSA value of IR type `t` (a carried variable's type)."""
        if isinstance(value, IRValue) and not isinstance(value, RuntimeScalar):
            if value.handle is None or value.handle.type != t:
                self.fail(f"variable '{name}' changes type inside runtime control flow", node)
            return value.handle
        try:
            dtype = dt.from_ir(t)
        except TypeError:
            return self.fail(f"variable '{name}' changes type inside runtime control flow", node)
        if isinstance(value, RuntimeScalar):
            new = value.dtype
        elif isinstance(value, float):
            new = dt.float32
        elif isinstance(value, bool | int):
            new = dt.bool_ if isinstance(value, bool) and dtype.kind == "bool" else dt.int32
        else:
            return self.fail(f"variable '{name}' changes type inside runtime control flow", node)
        if new.is_float() != dtype.is_float():
            self.fail(
                f"variable '{name}' changes from {dtype.name} to {new.name} inside runtime control flow",
                node,
            )
        return self.scalar(value, dtype)

    def visit_If(self, node: ast.If) -> None:
        cond = self.truth(self.visit(node.test))
        if not isinstance(cond, RuntimeScalar):
            self.visit_body(node.body if cond else node.orelse)
            return
        before = dict(self.scope)
        branches = []
        returned: list[tuple[Any] | None] = []
        for body in (node.body, node.orelse):
            block = Block()
            self.scope = dict(before)
            with self._in_block(block):
                try:
                    self.visit_body(body)
                    returned.append(None)
                except _Return as r:
                    returned.append((r.value,))
            branches.append((block, self.scope))
        (then_block, then_scope), (else_block, else_scope) = branches
        names = [
            n for n in then_scope
            if n in else_scope and not (then_scope[n] is before.get(n) and else_scope[n] is before.get(n))
            and not _same_constant(then_scope[n], else_scope[n])
        ]  # fmt: skip
        # A `return` ends a branch (structured.py moved what follows into the
        # branches): the returned values merge like a variable.
        values = [r[0] if r is not None else None for r in returned]
        if any(v is not None for v in values):
            if any(r is None or r[0] is None for r in returned):
                self.fail("this function returns a value on some paths but not on others", node)
            then_scope, else_scope = (
                {**then_scope, "<return>": values[0]},
                {**else_scope, "<return>": values[1]},
            )
            names.append("<return>")
        self.scope = dict(before)
        # A name bound in one branch only is visible after the if when it holds a
        # scalar or a tensor: the other path yields a placeholder of its type (Python
        # would raise NameError there; the value is never read on a path that binds
        # nothing).
        one_sided = []
        for n in sorted((then_scope.keys() ^ else_scope.keys()) - before.keys()):
            in_then = n in then_scope
            value = then_scope[n] if in_then else else_scope[n]
            make = None if n.startswith("<") else self._placeholder(value)
            if make is None:
                continue
            with self._in_block(else_block if in_then else then_block):
                placeholder = _rebuild(value, make())
            (else_scope if in_then else then_scope)[n] = placeholder
            names.append(n)
            one_sided.append(n)
        # Other names bound in only one branch are not visible after the if.
        self._note_scoped(
            (then_scope.keys() | else_scope.keys()) - before.keys(), "if", node,
            {**else_scope, **then_scope},
        )  # fmt: skip
        results, rebuild = [], []
        for n in names:
            with self._in_block(then_block):
                h_then, make = self._carry(then_scope[n], node, n)
            with self._in_block(else_block):
                h_else = self._as_type(else_scope[n], h_then.type, n, node)
            results.append((h_then, h_else))
            rebuild.append(make)
        with self._in_block(then_block):
            self.emit(scf.YieldOp(*[r[0] for r in results]))
        with self._in_block(else_block):
            self.emit(scf.YieldOp(*[r[1] for r in results]))
        if_op = self.emit(
            scf.IfOp(
                cond.handle,
                [r[0].type for r in results],
                Region([then_block]),
                Region([else_block]),
            )
        )
        merged: dict[str, Any] = {}
        for n, make, res in zip(names, rebuild, if_op.results, strict=True):
            if n != "<return>":
                res.name_hint = n
            merged[n] = make(res)
        if "<return>" in merged:
            raise _Return(merged.pop("<return>"), node)
        self.scope.update(merged)
        self._maybe_unbound.update(one_sided)
        self._maybe_unbound.difference_update(n for n in names if n not in one_sided)
        if any(r is not None for r in returned):
            raise _Return(None, node)

    def visit_IfExp(self, node: ast.IfExp) -> Any:
        cond = self.truth(self.visit(node.test))
        if not isinstance(cond, RuntimeScalar):
            return self.visit(node.body if cond else node.orelse)
        (then_block, a), (else_block, b) = (
            self._branch(lambda n=n: self.visit(n)) for n in (node.body, node.orelse)
        )
        for v in (a, b):
            if isinstance(v, IRValue) and not isinstance(v, RuntimeScalar):
                self.fail("a runtime conditional expression must choose between scalars")
        dtype = self._common_dtype(a, b)
        if _speculatable(then_block) and _speculatable(else_block):
            self._hoist(then_block)
            self._hoist(else_block)
            op = self.emit(
                arith.SelectOp(cond.handle, self.scalar(a, dtype), self.scalar(b, dtype))
            )
            return RuntimeScalar(op.result, dtype)
        return self._if_value(cond, (then_block, a), (else_block, b), dtype)

    # Python evaluates only the chosen operand of `x if c else y` and the needed ones of
    # `and`/`or`. Operands whose ops cannot fail run on both paths (an arith.select);
    # one that may fail (an integer division, a tensor read: `n // d if d else 0`)
    # runs under an scf.if, so a guarded division is never executed.

    def _branch(self, build: Callable[[], Any]) -> tuple[Block, Any]:
        """Build one operand's ops into a scratch block: (block, value)."""
        block = Block()
        with self._in_block(block):
            return block, build()

    def _hoist(self, block: Block) -> None:
        for op in list(block.ops):
            op.detach()
            assert self.block is not None
            self.block.add_op(op)

    def _if_value(
        self,
        cond: RuntimeScalar,
        then: tuple[Block, Any],
        other: tuple[Block, Any],
        dtype: DataType,
    ) -> RuntimeScalar:
        """`then` if cond else `other` as an scf.if yielding one `dtype` value."""
        for block, value in (then, other):
            with self._in_block(block):
                self.emit(scf.YieldOp(self.scalar(value, dtype)))
        op = self.emit(
            scf.IfOp(cond.handle, [dtype.ir_type()], Region([then[0]]), Region([other[0]]))
        )
        return RuntimeScalar(op.results[0], dtype)

    def _assigned_names(self, body: Sequence[ast.stmt]) -> list[str]:
        names: list[str] = []
        for stmt in body:
            for sub in ast.walk(stmt):
                targets: list[ast.AST] = []
                if isinstance(sub, ast.Assign):
                    targets = list(sub.targets)
                elif isinstance(sub, ast.AugAssign | ast.AnnAssign | ast.For):
                    targets = [sub.target]
                for t in targets:
                    for n in ast.walk(t):
                        if (
                            isinstance(n, ast.Name)
                            and isinstance(n.ctx, ast.Store)
                            and n.id not in names
                        ):
                            names.append(n.id)
        return names

    def visit_For(self, node: ast.For) -> None:
        if node.orelse:
            self.fail("for ... else is not supported in kernels", node)
        iterable = self.visit(node.iter)
        if isinstance(iterable, static_range):
            bounds = [self.constexpr(a, "static_range bound", int) for a in iterable.args]
            try:
                items: Sequence[Any] = builtins.range(*bounds)
            except (TypeError, ValueError) as e:
                return self.fail(f"bad static_range: {e}", node.iter)
            self._unroll(items, node)
            return None
        if not isinstance(iterable, IRValue | device_range) and hasattr(iterable, "__iter__"):
            # A compile-time iterable (tuple, list, zip, enumerate, ...): unrolled.
            left = self.max_unroll - self._unrolled
            self._unroll(tuple(itertools.islice(iterable, max(left, 0) + 1)), node)
            return None
        if not isinstance(iterable, device_range):
            self.fail(
                f"a kernel loop iterates over range(...), asc.range(...) or asc.static_range(...), not {describe(iterable)}",
                node.iter,
            )
        if not isinstance(node.target, ast.Name):
            self.fail("the loop variable must be a plain name", node.target)
        args = list(iterable.args)
        if not 1 <= len(args) <= 3:
            self.fail("range takes 1 to 3 arguments", node.iter)
        start, stop, step = (
            (0, args[0], 1)
            if len(args) == 1
            else (args[0], args[1], args[2] if len(args) == 3 else 1)
        )
        if isinstance(step, int) and step <= 0:
            self.fail("a kernel range needs a positive step", node.iter)
        bound_type = self._common_dtype(
            *(x if isinstance(x, RuntimeScalar) else 0 for x in (start, stop))
        )
        if bound_type.is_float():
            self.fail("range bounds must be integers", node.iter)
        if bound_type.kind != "int":
            bound_type = dt.int32
        lb, ub, st = (self.scalar(x, bound_type) for x in (start, stop, step))
        carried = [
            n for n in self._assigned_names(node.body) if n in self.scope and n != node.target.id
        ]
        inits, rebuilds = [], []
        for n in carried:
            h, make = self._carry(self.scope[n], node, n)
            inits.append(h)
            rebuilds.append(make)
        body = Block(arg_types=[bound_type.ir_type(), *[h.type for h in inits]])
        body.args[0].name_hint = node.target.id
        before = dict(self.scope)
        self.scope[node.target.id] = RuntimeScalar(body.args[0], bound_type)
        for n, make, arg in zip(carried, rebuilds, body.args[1:], strict=True):
            arg.name_hint = n
            self.scope[n] = make(arg)
        outer_unbound = self._maybe_unbound
        self._maybe_unbound = set()
        with self._in_block(body):
            try:
                self.visit_body(node.body)
            except _Return:
                self.fail("'return' inside a runtime loop is not supported", node)
            yields = [
                self._as_type(self.scope[n], h.type, n, node)
                for n, h in zip(carried, inits, strict=True)
            ]
            # A scalar or tensor first bound in the body (on every path through it) is
            # a loop result too: after the loop it holds the last iteration's value;
            # before the first iteration a placeholder (Python: unbound if the loop
            # never ran).
            fresh, placeholders = self._fresh(before, {node.target.id})
            for n in fresh:
                h, make = self._carry(self.scope[n], node, n)
                yields.append(h)
                rebuilds.append(make)
                body.insert_arg(h.type, len(body.args)).name_hint = n
            self.emit(scf.YieldOp(*yields))
        self._maybe_unbound = outer_unbound
        inits += [make() for make in placeholders]
        for_op = self.emit(scf.ForOp(lb, ub, st, inits, Region([body])))
        self._note_scoped(self.scope.keys() - before.keys() - set(fresh), "loop", node)
        self.scope = before
        for n, make, res in zip(carried + fresh, rebuilds, for_op.results, strict=True):
            res.name_hint = n
            self.scope[n] = make(res)
            self._scoped.pop(n, None)

    def _fresh(
        self, before: dict[str, Any], exclude: set[str]
    ) -> tuple[list[str], list[Callable[[], SSAValue]]]:
        """The names a loop body bound on every path that were not bound before it, whose
        values have placeholders (`_placeholder`), and those placeholders' builders."""
        fresh, makers = [], []
        for n, value in self.scope.items():
            if (
                n in before or n in exclude or n.startswith("<") or n in self._maybe_unbound
                or is_generated(n)  # a break/continue flag: never read after its loop
            ):  # fmt: skip
                continue
            make = self._placeholder(value)
            if make is not None:
                fresh.append(n)
                makers.append(make)
        return fresh, makers

    def _note_scoped(
        self, names: Any, what: str, node: ast.stmt, values: dict[str, Any] | None = None
    ) -> None:
        """Names bound inside a runtime `what` that are not visible after it, and why
        (the message a later read of one gives)."""
        line = node.lineno + self.current_source.first_line - 1
        for n in names:
            if n.startswith("<"):
                continue
            where = f"the runtime {what} at line {line}, which may not run"
            value = (values or self.scope).get(n)
            if value is not None and self._placeholder(value) is None:
                keyword = "if" if what == "if" else "loop"
                where += (
                    f", and holds {describe(value)}, which cannot be carried out of it: "
                    f"create it before the {keyword}"
                )
            self._scoped[n] = where

    def _unroll(self, items: Sequence[Any], node: ast.For) -> None:
        """One copy of the body per item, within the kernel's unroll budget."""
        if self._unrolled + len(items) > self.max_unroll:
            self.fail(
                f"unrolling this loop would make more than {self.max_unroll} copies of loop "
                f"bodies in this kernel ({len(items)} here, {self._unrolled} before); "
                "static_range and loops over compile-time sequences unroll: use range() for a "
                f"loop on the device, or raise the limit with max_unroll= or {MAX_UNROLL_ENV}",
                node.iter,
            )
        self._unrolled += len(items)
        self._unrolling.append(self._depth)
        try:
            for item in items:
                self.assign(node.target, item)
                try:
                    self.visit_body(node.body)
                except _Continue:
                    continue
                except _Break:
                    break
        finally:
            self._unrolling.pop()

    def visit_While(self, node: ast.While) -> None:
        if node.orelse:
            self.fail("while ... else is not supported in kernels", node)
        with self._in_block(Block()):  # a scratch block: only whether the test is constant
            first = self.truth(self.visit(node.test))
        if not isinstance(first, RuntimeScalar) and not first:
            return
        carried = [n for n in self._assigned_names(node.body) if n in self.scope]
        inits, rebuilds = [], []
        for n in carried:
            h, make = self._carry(self.scope[n], node, n)
            inits.append(h)
            rebuilds.append(make)
        types = [h.type for h in inits]
        before_block, after_block = Block(arg_types=types), Block(arg_types=types)
        outer = dict(self.scope)
        for block in (before_block, after_block):
            for n, arg in zip(carried, block.args, strict=True):
                arg.name_hint = n
        for n, make, arg in zip(carried, rebuilds, before_block.args, strict=True):
            self.scope[n] = make(arg)
        with self._in_block(before_block):
            cond = self.truth(self.visit(node.test))
            if not isinstance(cond, RuntimeScalar):
                self.fail(
                    "a while loop needs a runtime condition (a constant one never ends)", node.test
                )
        for n, make, arg in zip(carried, rebuilds, after_block.args, strict=True):
            self.scope[n] = make(arg)
        outer_unbound = self._maybe_unbound
        self._maybe_unbound = set()
        with self._in_block(after_block):
            try:
                self.visit_body(node.body)
            except _Return:
                self.fail("'return' inside a runtime loop is not supported", node)
            yields = [
                self._as_type(self.scope[n], t, n, node)
                for n, t in zip(carried, types, strict=True)
            ]
            # As in a for loop: a scalar or tensor first bound in the body is a loop
            # result (the last iteration's value), a placeholder before the first.
            fresh, placeholders = self._fresh(outer, getattr(node, "loop_names", set()))
            for n in fresh:
                h, make = self._carry(self.scope[n], node, n)
                yields.append(h)
                rebuilds.append(make)
                types.append(h.type)
                for block in (before_block, after_block):
                    block.insert_arg(h.type, len(block.args)).name_hint = n
            self.emit(scf.YieldOp(*yields))
        self._maybe_unbound = outer_unbound
        with self._in_block(before_block):  # the test passes every value on
            self.emit(scf.ConditionOp(cond.handle, *before_block.args))
        inits += [make() for make in placeholders]
        while_op = self.emit(
            scf.WhileOp(inits, types, Region([before_block]), Region([after_block]))
        )
        self._note_scoped(self.scope.keys() - outer.keys() - set(fresh), "loop", node)
        self.scope = outer
        for n, make, res in zip(carried + fresh, rebuilds, while_op.results, strict=True):
            res.name_hint = n
            self.scope[n] = make(res)
            self._scoped.pop(n, None)

    def visit_With(self, node: ast.With) -> None:
        """`with ctx as i: body` for a loop context (`KernelLoop`) of the language: the
        loop `i = 0; while ctx.condition(): body; i += 1` (built as that Python)."""
        if len(node.items) != 1:
            self.fail("'with' in a kernel takes one context", node)
        item = node.items[0]
        ctx = self.visit(item.context_expr)
        if not isinstance(ctx, KernelLoop):
            self.fail(
                f"'with' in a kernel needs a loop context such as matmul.iterate(), got "
                f"{describe(ctx)}",
                item.context_expr,
            )
        hidden = f"with@{node.lineno}:{node.col_offset}"  # no Python name can clash
        self.scope[hidden] = ctx
        test = ast.Call(
            ast.Attribute(ast.Name(hidden, ast.Load()), "condition", ast.Load()), [], []
        )
        body = list(node.body)
        target = item.optional_vars
        if target is not None:
            if not isinstance(target, ast.Name):
                self.fail("the target of 'with ... as' must be a name", target)
            self.assign(target, 0)  # a runtime int32 once the loop carries it
            body.append(ast.AugAssign(ast.Name(target.id, ast.Store()), ast.Add(), ast.Constant(1)))
        loop = ast.While(test, body, [])
        for new in ast.walk(loop):
            if not hasattr(new, "lineno"):
                ast.copy_location(new, node)
                new.end_lineno, new.end_col_offset = node.lineno, node.col_offset + 4
        try:
            self.visit_While(loop)
        finally:
            self.scope.pop(hidden, None)

    # -- expressions --------------------------------------------------------------

    def lookup(self, name: str, node: ast.AST) -> Any:
        if name in self.scope:
            return self.scope[name]
        source = self.current_source
        g = source.globals
        if name in g:
            return g[name]
        if name == "range":
            return device_range
        if name in _CONST_BUILTINS:
            return getattr(builtins, name)
        if hasattr(builtins, name):
            return self.fail(
                f"NameError: {name} is not defined (the builtin '{name}' is not supported "
                "in kernels)",
                node,
            )
        if name in self._scoped:
            where = self._scoped[name]
            hint = (
                ""
                if "cannot be carried" in where
                else ": give it a value before (a variable defined on every path, such as "
                "one set in both branches of an if, is visible after it)"
            )
            return self.fail(f"name '{name}' is bound only inside {where}{hint}", node)
        return self.fail(f"name '{name}' is not defined", node)

    def visit_Name(self, node: ast.Name) -> Any:
        return self.lookup(node.id, node)

    def visit_Constant(self, node: ast.Constant) -> Any:
        return node.value

    def visit_Tuple(self, node: ast.Tuple) -> tuple[Any, ...]:
        return tuple(self.visit(e) for e in node.elts)

    def visit_List(self, node: ast.List) -> list[Any]:
        return [self.visit(e) for e in node.elts]

    def visit_Attribute(self, node: ast.Attribute) -> Any:
        base = self.visit(node.value)
        if isinstance(base, IRValue) and node.attr.startswith("_"):
            self.fail(f"'{node.attr}' is private", node)
        try:
            return getattr(base, node.attr)
        except AttributeError:
            return self.fail(f"{describe(base)} has no attribute '{node.attr}'", node)

    def visit_Subscript(self, node: ast.Subscript) -> Any:
        base = self.visit(node.value)
        index = self.visit(node.slice)
        try:
            return base[index]
        except (TypeError, KeyError, IndexError) as e:
            return self.fail(f"cannot index {describe(base)}: {e}", node)

    def visit_Slice(self, node: ast.Slice) -> slice:
        parts = [None if p is None else self.visit(p) for p in (node.lower, node.upper, node.step)]
        return slice(*parts)

    def visit_BinOp(self, node: ast.BinOp) -> Any:
        op = _BINOP.get(type(node.op))
        if op is None:
            self.fail(f"operator {type(node.op).__name__} is not supported in kernels", node)
        lhs, rhs = self.visit(node.left), self.visit(node.right)
        if isinstance(lhs, GlobalAddress) and op == "+":
            return lhs + rhs
        if isinstance(lhs, RuntimeScalar) or isinstance(rhs, RuntimeScalar):
            return self.binary(op, lhs, rhs)
        if isinstance(lhs, IRValue) or isinstance(rhs, IRValue):
            self.fail(
                f"operator {op} is not defined for {describe(lhs)} and {describe(rhs)}",
                node,
            )
        try:
            return _PY_OPS[op](lhs, rhs)
        except Exception as e:  # a compile-time expression that Python rejects
            return self.fail(f"{type(e).__name__}: {e}", node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> Any:
        value = self.visit(node.operand)
        if isinstance(node.op, ast.Not):
            t = self.truth(value)
            return self.binary("^", t, True) if isinstance(t, RuntimeScalar) else not t
        if isinstance(value, RuntimeScalar):
            if isinstance(node.op, ast.USub):
                return self.negate(value)
            if isinstance(node.op, ast.Invert):
                return self.invert(value)
            return value
        if isinstance(value, IRValue):
            self.fail(f"unary operator not defined for {describe(value)}", node)
        return {ast.USub: lambda v: -v, ast.UAdd: lambda v: +v, ast.Invert: lambda v: ~v}[
            type(node.op)
        ](value)

    def visit_BoolOp(self, node: ast.BoolOp) -> Any:
        """`and`/`or` as conditions (the result is a bool), evaluated as far as Python
        does: a constant that decides ends the chain; after a runtime operand, the rest
        is evaluated only when needed (see _branch)."""
        is_and = isinstance(node.op, ast.And)
        result: Any = is_and  # the neutral element
        for value_node in node.values:
            if not isinstance(result, RuntimeScalar):
                result = self.truth(self.visit(value_node))
                if not isinstance(result, RuntimeScalar) and result is not is_and:
                    return result
                continue
            block, value = self._branch(lambda n=value_node: self.truth(self.visit(n)))
            if not isinstance(value, RuntimeScalar) and value is not is_and:
                return value  # `x and False` is False, `x or True` is True
            if _speculatable(block):
                self._hoist(block)
                result = self.binary("&" if is_and else "|", result, value)
                continue
            decided = (Block(), not is_and)
            result = self._if_value(
                result,
                (block, value) if is_and else decided,
                decided if is_and else (block, value),
                dt.bool_,
            )
        return result

    def visit_Compare(self, node: ast.Compare) -> Any:
        left = self.visit(node.left)
        result: Any = True
        for op_node, right_node in zip(node.ops, node.comparators, strict=True):
            right = self.visit(right_node)
            if isinstance(op_node, ast.Is | ast.IsNot | ast.In | ast.NotIn):
                if isinstance(left, IRValue) or isinstance(right, IRValue):
                    self.fail(f"'{type(op_node).__name__}' works on compile-time values only", node)
                r = {ast.Is: lambda a, b: a is b, ast.IsNot: lambda a, b: a is not b,
                     ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}[type(op_node)](left, right)  # fmt: skip
            else:
                r = self.binary(_CMP[type(op_node)], left, right)
            result = r if result is True else self.binary("&", self.truth(result), self.truth(r))
            left = right
        return result

    def visit_JoinedStr(self, node: ast.JoinedStr) -> Any:
        fmt, args = [], []
        for part in node.values:
            if isinstance(part, ast.Constant):
                fmt.append(str(part.value).replace("%", "%%"))
                continue
            assert isinstance(part, ast.FormattedValue)
            value = self.visit(part.value)
            if part.format_spec is not None or part.conversion != -1:
                self.fail("format specifications are not supported in kernel f-strings", part)
            if isinstance(value, RuntimeScalar):
                fmt.append(
                    "%f" if value.dtype.is_float() else "%u" if value.dtype.kind == "uint" else "%d"
                )
                args.append(value)
            elif isinstance(value, IRValue):
                self.fail(f"an f-string cannot print {describe(value)}", part)
            else:
                fmt.append(str(value).replace("%", "%%"))
        if not args:
            return "".join(fmt)
        return FormatString("".join(fmt), args)

    def visit_Call(self, node: ast.Call) -> Any:
        fn = self.visit(node.func)
        args = []
        for a in node.args:
            if isinstance(a, ast.Starred):
                args.extend(self.visit(a.value))
            else:
                args.append(self.visit(a))
        kwargs = {}
        for kw in node.keywords:
            if kw.arg is None:
                kwargs.update(self.visit(kw.value))
            else:
                kwargs[kw.arg] = self.visit(kw.value)
        source = self._get_source(fn)
        if source is not None:
            if getattr(fn, "inline", True) is False:
                return self.call_function(source, args, kwargs, node)
            return self.inline(source, args, kwargs, node)
        if fn in (int, float, bool) and len(args) == 1 and isinstance(args[0], RuntimeScalar):
            target = {int: dt.int32, float: dt.float32, bool: dt.bool_}[fn]
            return self.convert(args[0], target)
        if fn in (builtins.min, builtins.max) and any(isinstance(a, RuntimeScalar) for a in args):
            return self._minmax(fn is builtins.max, args)
        if _is_language_api(fn) or (isinstance(fn, type) and issubclass(fn, IRValue)):
            try:
                return fn(*args, **kwargs)
            except TypeError as e:
                return self.fail(f"bad arguments to {getattr(fn, '__name__', fn)}: {e}", node)
        if callable(fn) and not any(isinstance(a, IRValue) for a in [*args, *kwargs.values()]):
            if fn in (getattr(builtins, b) for b in _CONST_BUILTINS) or (
                fn is DataType
                or (isinstance(fn, type) and (issubclass(fn, AscEnum) or _is_numpy_scalar(fn)))
            ):
                try:
                    return fn(*args, **kwargs)
                except Exception as e:
                    return self.fail(f"{type(e).__name__}: {e}", node)
            if getattr(fn, "__self__", None) is not None and isinstance(fn.__self__, DataType):
                return fn(*args, **kwargs)
        return self.fail(
            f"cannot call {getattr(fn, '__name__', repr(fn))} in a kernel (only asc API functions and @asc.jit functions run on the device)",
            node,
        )

    def _minmax(self, is_max: bool, args: list[Any]) -> Any:
        # Python's rule: a later argument replaces the result only if strictly greater
        # (smaller), so ties keep the first and a NaN result is kept.
        result = args[0]
        for a in args[1:]:
            dtype = self._common_dtype(result, a)
            cond = self.compare(">" if is_max else "<", a, result)
            op = self.emit(
                arith.SelectOp(cond.handle, self.scalar(a, dtype), self.scalar(result, dtype))
            )
            result = RuntimeScalar(op.result, dtype)
        return result

    def _bind_call(
        self, source: FunctionSource, args: list[Any], kwargs: dict[str, Any], node: ast.AST
    ) -> tuple[list[str], dict[str, Any], dict[str, ast.expr]]:
        """A helper call's parameter names, the values given, and the defaults left."""
        if source in self._inline_stack or source is self.source:
            self.fail(f"recursive call to {source.tree.name} is not supported", node)
        params = source.tree.args
        names = [a.arg for a in params.args]
        if params.vararg or params.kwarg or params.kwonlyargs:
            self.fail(
                f"{source.tree.name}: *args, **kwargs and keyword-only parameters are not supported",
                node,
            )
        defaults = dict(
            zip(names[len(names) - len(params.defaults) :], params.defaults, strict=True)
        )
        if len(args) > len(names):
            self.fail(f"{source.tree.name}() takes {len(names)} arguments, {len(args)} given", node)
        bound: dict[str, Any] = dict(zip(names, args, strict=False))
        for k, v in kwargs.items():
            if k not in names:
                self.fail(f"{source.tree.name}() has no parameter '{k}'", node)
            bound[k] = v
        for n in names:
            if n not in bound and n not in defaults:
                self.fail(f"{source.tree.name}() is missing the argument '{n}'", node)
        return names, bound, {n: d for n, d in defaults.items() if n not in bound}

    def call_function(
        self, source: FunctionSource, args: list[Any], kwargs: dict[str, Any], node: ast.AST
    ) -> Any:
        """A helper marked `@asc.jit(inline=False)`: its own device function (one per
        specialisation) and a func.call, as pyasc emits helpers. Its parameters follow
        pyasc: runtime scalars, and Python numbers not annotated `asc.ConstExpr`, are
        runtime scalar parameters; tensors and other kernel values are passed as they
        are; any other Python value (a ConstExpr, a dtype, an enum, ...) is folded into
        the specialisation. It returns nothing or one scalar (a C++ function's one value)."""
        from asc_xdsl.frontend.jit import _ConstExprAnnotation

        names, bound, defaults = self._bind_call(source, args, kwargs, node)
        self._inline_stack.append(source)
        try:
            for n, d in defaults.items():  # evaluated in the helper's own file
                bound[n] = self.visit(d)
        finally:
            self._inline_stack.pop()
        annotations = getattr(source.fn, "__annotations__", {})
        operands: list[SSAValue] = []
        makers: list[tuple[str, Callable[[SSAValue], Any]]] = []
        folded: list[tuple[str, Any]] = []
        for n in names:
            value = bound[n]
            if isinstance(annotations.get(n), _ConstExprAnnotation) or not (
                _is_scalar(value) or (isinstance(value, IRValue) and value.handle is not None)
            ):
                folded.append((n, value))
                continue
            handle, make = self._carry(value, node, n)
            operands.append(handle)
            makers.append((n, make))
        types = [h.type for h in operands]
        key = (source, tuple(types), tuple(folded))
        found = next((f for k, f in self._functions if _same_key(k, key)), None)
        if found is None:
            found = self._build_function(source, types, makers, folded, node)
            self._functions.append((key, found))
        callee, result = found
        call = self.emit(func.CallOp(callee, operands, [result.ir_type()] if result else []))
        return RuntimeScalar(call.results[0], result) if result else None

    def _build_function(
        self,
        source: FunctionSource,
        types: list[Any],
        makers: list[tuple[str, Callable[[SSAValue], Any]]],
        folded: list[tuple[str, Any]],
        node: ast.AST,
    ) -> tuple[str, DataType | None]:
        taken = {
            op.sym_name.data for op in self.module.body.block.ops if isinstance(op, func.FuncOp)
        }
        name, i = source.tree.name, 0
        while name in taken or name == self.source.tree.name:
            i += 1
            name = f"{source.tree.name}_{i}"
        block = Block(arg_types=types)
        scope: dict[str, Any] = dict(folded)
        for arg, (n, make) in zip(block.args, makers, strict=True):
            arg.name_hint = n
            scope[n] = make(arg)
        saved = (self.block, self.entry, self.scope, self._constants, self._last_constant,
                 self._scoped, self._maybe_unbound, self._depth, self.node)  # fmt: skip
        self.block = self.entry = block
        self.scope, self._constants, self._last_constant = scope, {}, None
        self._scoped, self._maybe_unbound, self._depth = {}, set(), 0
        self._inline_stack.append(source)
        try:
            value, at = None, None
            try:
                self.visit_body(source.tree.body)
            except _Return as r:
                value, at = r.value, r.node
            if value is not None and not _is_scalar(value):
                self.fail(
                    f"{source.tree.name} is a device function (inline=False): it returns "
                    f"nothing or one scalar, not {describe(value)}",
                    at,
                )
            result = None
            if value is None:
                self.emit(func.ReturnOp())
            else:
                result = value.dtype if isinstance(value, RuntimeScalar) else _py_dtype(value)
                self.emit(func.ReturnOp(self.scalar(value, result)))
            outputs = [result.ir_type()] if result else []
            fn = func.FuncOp(name, (types, outputs), Region([block]))
            fn.location = self._loc(source.tree, source)
        finally:
            self._inline_stack.pop()
            (self.block, self.entry, self.scope, self._constants, self._last_constant,
             self._scoped, self._maybe_unbound, self._depth, self.node) = saved  # fmt: skip
        kernel = next(iter(self.module.body.block.ops))
        self.module.body.block.insert_op_before(fn, kernel)  # defined before its callers
        return name, result

    def inline(
        self, source: FunctionSource, args: list[Any], kwargs: dict[str, Any], node: ast.AST
    ) -> Any:
        _, bound, defaults = self._bind_call(source, args, kwargs, node)
        outer_scope, outer_node, outer_scoped = self.scope, self.node, self._scoped
        self._scoped = {}
        self._inline_stack.append(source)
        try:
            for n, d in defaults.items():  # evaluated in the helper's own file
                bound[n] = self.visit(d)
            self.scope = bound
            try:
                self.visit_body(source.tree.body)
            except _Return as r:
                return r.value
            return None
        finally:
            self._inline_stack.pop()
            self.scope, self.node, self._scoped = outer_scope, outer_node, outer_scoped


class _GmParam:
    """A kernel parameter bound to a GM array of `dtype`."""

    def __init__(self, dtype: DataType):
        self.dtype = dtype


class _ScalarParam:
    """A kernel parameter passed as a runtime scalar of `dtype`."""

    def __init__(self, dtype: DataType):
        self.dtype = dtype


class _StructParam:
    """A kernel parameter passed as a GM pointer to a struct (`TCubeTiling`): the host
    record's bytes in GM, as Ascend C kernels take tiling data. `cls` is the
    language's class (`asc.adv.TCubeTiling`)."""

    def __init__(self, cls: type):
        self.cls = cls


# Ops that may run whether or not Python would evaluate their expression: they cannot
# fail or touch memory. (Integer division and remainder trap on zero; tensor and
# memref accesses can be out of bounds.)
_TRAPPING = (
    arith.DivSIOp,
    arith.DivUIOp,
    arith.RemSIOp,
    arith.RemUIOp,
    arith.FloorDivSIOp,
    arith.CeilDivSIOp,
    arith.CeilDivUIOp,
)


def _rebuild(value: Any, handle: SSAValue) -> Any:
    """A value like `value` (its dtype, its kind) around another SSA value."""
    if isinstance(value, IRValue):
        return value.with_handle(handle)
    dtype = _py_dtype(value)
    return RuntimeScalar(handle, dtype)


def _is_scalar(value: Any) -> bool:
    """A runtime scalar or a Python number: a value a zero can stand in for."""
    return isinstance(value, RuntimeScalar | int | float) and not isinstance(value, AscEnum)


def _py_dtype(value: Any) -> DataType:
    """The runtime type a Python number takes when it crosses runtime control flow."""
    if isinstance(value, bool):
        return dt.bool_
    return dt.float32 if isinstance(value, float) else dt.int32


def _same_key(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """Whether two device-function specialisations are the same (folded values compare
    by type and value, or identity when they do not compare)."""
    if a[0] is not b[0] or a[1] != b[1] or len(a[2]) != len(b[2]):
        return False
    for (_, x), (_, y) in zip(a[2], b[2], strict=True):
        if type(x) is not type(y):
            return False
        try:
            if x is not y and not bool(x == y):
                return False
        except Exception:
            return False
    return True


def _speculatable(block: Block) -> bool:
    for top in block.ops:
        for op in top.walk():
            if isinstance(op, _TRAPPING) or not op.name.startswith(("arith.", "math.", "builtin.")):
                return False
    return True


def _constant_key(value: Any, dtype: DataType) -> Any:
    """A float constant by its bits (-0.0 is not 0.0, yet 2 is 2.0); others as they are."""
    if dtype.is_float() or isinstance(value, float):
        try:
            return float(value).hex()
        except (OverflowError, TypeError, ValueError):  # refused when the constant is made
            return value
    return value


def _signless_dtype(dtype: DataType) -> DataType:
    return {8: dt.int8, 16: dt.int16, 32: dt.int32, 64: dt.int64}[dtype.bitwidth]


def _gm_space() -> Any:
    from xdsl.dialects.builtin import IntegerAttr

    return IntegerAttr(GM_MEMORY_SPACE, 64)


def _is_index(value: Any) -> bool:
    return isinstance(value, RuntimeScalar) and isinstance(value.handle.type, IndexType)


def _same_constant(a: Any, b: Any) -> bool:
    return _is_const(a) and _is_const(b) and type(a) is type(b) and a == b


def _is_const(value: Any) -> bool:
    return isinstance(value, bool | int | float | str) and not isinstance(value, IRValue)


def _public_enum_name(enum: type[AscEnum]) -> str:
    return "PipeID" if enum.__name__ == "Pipe" else enum.__name__


_NAMES = {
    ast.Lambda: "lambda", ast.ListComp: "a list comprehension", ast.DictComp: "a dict comprehension",
    ast.SetComp: "a set comprehension", ast.GeneratorExp: "a generator expression",
    ast.Try: "'try'", ast.Raise: "'raise'", ast.Global: "'global'", ast.Nonlocal: "'nonlocal'",
    ast.ClassDef: "a class definition", ast.Delete: "'del'", ast.Yield: "'yield'",
    ast.Await: "'await'", ast.NamedExpr: "':='", ast.Import: "'import'", ast.ImportFrom: "'import'",
    ast.Dict: "a dict display", ast.Set: "a set display", ast.Starred: "'*' unpacking",
    ast.AsyncFor: "'async for'", ast.AsyncWith: "'async with'", ast.Match: "'match'",
}  # fmt: skip


def _construct_name(node: ast.AST) -> str:
    return _NAMES.get(type(node), f"{type(node).__name__} syntax")


def _is_numpy_scalar(cls: type) -> bool:
    """`np.float16`, `np.int32`, ...: a compile-time constant of that type (pyasc's
    tests write `init_value=np.float16(2.2)`)."""
    return cls.__module__ == "numpy" and any(b.__name__ == "generic" for b in cls.__mro__)


def _is_language_api(fn: Any) -> bool:
    """A function or method of the kernel language (`asc.add`, `que.alloc_tensor`), or a
    method of a kernel value (`n.ceildiv(d)` on a runtime scalar)."""
    if isinstance(getattr(fn, "__self__", None), IRValue):
        return True
    return getattr(fn, "__module__", "").startswith(_LANGUAGE)


_LANGUAGE = "asc_xdsl.language."
