"""AST -> IR: compiles one `@asc.jit` kernel, for given argument types, into a module.

The generator walks the kernel's Python AST once. Expressions evaluate either to
Python values (compile-time constants: `ConstExpr` arguments, module constants,
literals, dtypes) or to runtime values (`values.IRValue`) whose operations build
`arith`/`ascendc` ops. Control flow on runtime values becomes `scf.if`/`scf.for`/
`scf.while`; variables assigned inside are carried through as region results, so the
IR stays in SSA form. Calls to other `@asc.jit` functions are inlined (or, with
`inline=False`, device functions). Every op gets the Python source location of the
statement that built it.

The generator is three parts: this module (kernel entry, names, assignments,
expressions, calls), `control_flow.py` (`ControlFlow`: if/for/while/with) and
`scalars.py` (`ScalarBuilder`: constants, conversions, Python arithmetic).
"""

from __future__ import annotations

import ast
import builtins
import functools
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    FileLineColLoc,
    IntAttr,
    MemRefType,
    ModuleOp,
    StringAttr,
)
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.ascendc.base import (
    AICORE_ATTR,
    GM_MEMORY_SPACE,
    KERNEL_ATTR,
    KERNEL_TYPE_ATTR,
    NO_INLINE,
)
from asc_xdsl.dialects.ascendc.target import DEFAULT_SOC, set_soc
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.dialects.fast_build import append_op, name_value, new_op
from asc_xdsl.dialects.interned import UNIT, function_type, string_attr
from asc_xdsl.enums import AscEnum
from asc_xdsl.frontend.control_flow import (
    DEFAULT_MAX_UNROLL,
    MAX_UNROLL_ENV,
    ControlFlow,
    _Break,
    _Continue,
    _Return,
    rebuild_sequence,
    speculatable,
)
from asc_xdsl.frontend.errors import (
    CompileError,
    JitOnlyError,
    code_for_exception,
    python_error,
)
from asc_xdsl.frontend.kernel_source import FunctionSource
from asc_xdsl.frontend.kernel_source import GmParam as _GmParam
from asc_xdsl.frontend.kernel_source import ScalarParam as _ScalarParam
from asc_xdsl.frontend.kernel_source import StructParam as _StructParam
from asc_xdsl.frontend.scalars import ScalarBuilder, is_scalar, py_dtype
from asc_xdsl.frontend.structured import is_generated
from asc_xdsl.language.builder import KernelBuilder
from asc_xdsl.language.builder import active as context
from asc_xdsl.language.builder.values import FormatString, IRValue, RuntimeScalar
from asc_xdsl.language.core.range import range as device_range
from asc_xdsl.language.core.tensor import GlobalAddress
from asc_xdsl.language.core.utils import describe
from asc_xdsl.utils.class_tests import SubclassCache
from asc_xdsl.utils.records import FrozenRecord, init_fields

__all__ = ["DEFAULT_MAX_UNROLL", "MAX_UNROLL_ENV", "CodeGenerator", "FunctionSource"]

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


_IS_OPERATION = SubclassCache(Operation)
"""(asked per class: `isinstance` against xDSL's classes goes through ABCMeta)"""


class CodeGenerator(ControlFlow, ScalarBuilder, ast.NodeVisitor, KernelBuilder):
    """Builds the IR of one kernel specialisation; the builder the kernel language
    builds it through (`KernelBuilder`), active while `compile_kernel` runs."""

    _dispatch: ClassVar[dict[type, tuple[Callable[..., Any], bool]]] = {}
    """AST node class -> the visitor method (`ast.NodeVisitor.visit`'s rule:
    `visit_<class name>`, else `generic_visit`) and whether the node is a statement or
    an expression (errors point at those): looked up once per class, not per node; one
    table per generator class."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._dispatch = {}

    def __init__(
        self,
        source: FunctionSource,
        get_source: Callable[[Any], FunctionSource | None],
        kernel_type: str | None = "vector",
        max_unroll: int = DEFAULT_MAX_UNROLL,
        matmul_cube_only: bool = False,
        capture_exceptions: bool = True,
        soc: str | None = None,
    ):
        # None: pyasc's rule once the kernel is built (`_detect_kernel_type`)
        self.kernel_type = kernel_type
        self.cube_only_matmul = matmul_cube_only
        self.capture_exceptions = capture_exceptions  # CodegenOptions'
        self.matmul_object = False  # a Matmul object is registered (REGIST_MATMUL_OBJ)
        self.source = source
        self._get_source = get_source
        self.module = ModuleOp([])
        # the per-SoC dtype checks, capacities and data paths apply (jit.py picks it)
        set_soc(self.module, soc or DEFAULT_SOC)
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
        # The blocks being built, outermost first (`declare` places objects in them).
        self._open_blocks: list[Block] = []
        # Element reads of `t[i]` (`TensorElement`): dropped at the end if `t[i]` was
        # only used as a tensor (its sub-tensor view).
        self._element_reads: list[Operation] = []
        # Device functions made for `inline=False` helpers: (specialisation, (name, results)).
        self._functions: list[tuple[tuple[Any, ...], tuple[str, _Results]]] = []
        # The device function whose body is being built, while its own statements are
        # visited (None in a kernel's and in an inlined helper's): its returns are checked.
        self._device_function: FunctionSource | None = None

    # -- entry ----------------------------------------------------------------

    def compile_kernel(self, name: str, params: Sequence[tuple[str, Any]]) -> ModuleOp:
        """Build the kernel; `params` binds each parameter name to a Python value
        (a constant) or a kernel-argument kind (DataType for GM pointers, "scalar" dtype)."""
        arg_types: list[Any] = []
        runtime: list[tuple[str, Any]] = []
        for pname, spec in params:
            if isinstance(spec, _GmParam):
                arg_types.append(_gm_pointer(spec.dtype.ir_type()))
                runtime.append((pname, spec))
            elif isinstance(spec, _ScalarParam):
                arg_types.append(spec.dtype.ir_type())
                runtime.append((pname, spec))
            elif isinstance(spec, _StructParam):
                arg_types.append(_gm_pointer(spec.cls.ir_type()))
                runtime.append((pname, spec))
        block = Block(arg_types=arg_types)
        struct_args = []
        for arg, (pname, spec) in zip(block.args, runtime, strict=True):
            name_value(arg, pname)
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
        kernel = func.FuncOp(name, function_type(tuple(arg_types), ()), Region([block]))
        kernel.attributes[KERNEL_ATTR] = UNIT
        kernel.attributes[AICORE_ATTR] = UNIT
        kernel.location = self._loc(self.source.tree, self.source)
        self.module.body.block.add_op(kernel)
        self.block = self.entry = block
        self._open_blocks = [block]
        context.push(self)
        try:
            for pname, spec, arg in struct_args:
                self.scope[pname] = self._local_struct(pname, spec, arg)
            try:
                self.visit_body(self.source.tree.body)
            except _Return as r:
                if r.value is not None:
                    self.fail("a kernel returns nothing (results go to its GM arguments)", r.node)
            self.emit(new_op(func.ReturnOp))
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
                self.kernel_type = "cube" if self.cube_only_matmul else "mix"
        if self.kernel_type != "vector":
            kernel.attributes[KERNEL_TYPE_ATTR] = string_attr(self.kernel_type)

    def _local_struct(self, pname: str, spec: _StructParam, arg: Any) -> Any:
        """A struct parameter's local copy (`emitasc.copy_struct`): GM has no struct
        loads, so the kernel copies the struct out once and reads its members there."""
        from asc_xdsl.dialects.emitasc import CopyStructOp

        op = new_op(CopyStructOp, (arg,), (spec.cls.ir_type(),))
        name_value(self.emit(op).results[0], f"{pname}_local")
        return spec.cls.from_handle(op.results[0])

    # -- services used by the language functions -------------------------------

    @property
    def current_source(self) -> FunctionSource:
        return self._inline_stack[-1] if self._inline_stack else self.source

    def _loc(self, node: ast.AST | None, source: FunctionSource | None = None) -> Any:
        if source is None:  # (`current_source`, inline: asked for every op)
            source = self._inline_stack[-1] if self._inline_stack else self.source
        loc = source.node_locs.get(node)  # kept with the source: the same across compiles
        if loc is None:
            line = getattr(node, "lineno", 1) + source.first_line - 1
            col = getattr(node, "col_offset", 0) + source.col_shift + 1
            key = (line, col)
            loc = source.locs.get(key)  # (one object per position, for every node there)
            if loc is None:
                loc = source.locs[key] = FileLineColLoc(
                    StringAttr(source.filename), IntAttr(line), IntAttr(col)
                )
            if node is not None:
                source.node_locs[node] = loc
        return loc

    def emit(self, op: Operation) -> Operation:
        op.location = self._loc(self.node)
        assert self.block is not None
        append_op(self.block, op)
        return op

    def fail(self, message: str, node: ast.AST | None = None, code: str | None = None) -> Any:
        """Raise a CompileError at `node` (the current one by default) with `code`
        (docs/errors.md; ASC-F100 when none is given)."""
        node = node or self.node
        source = self.current_source
        lineno = getattr(node, "lineno", None)
        if lineno is None:
            raise CompileError(message, source.filename, code=code)
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
            code=code,
        )

    def enum(self, value: Any, enum: type[AscEnum], what: str) -> Any:
        if isinstance(value, enum):
            return value
        if isinstance(value, AscEnum) and type(value).__name__ == enum.__name__:
            return enum(int(value))
        if type(value) is int and value in enum._value2member_map_:
            return enum(value)  # pyasc's enums are IntEnums: a member's number is it
        self.fail(
            f"{what} must be an asc.{_public_enum_name(enum)} value, got {value!r}", code="ASC-F102"
        )

    def constexpr(self, value: Any, what: str, kind: type) -> Any:
        if isinstance(value, IRValue):
            self.fail(
                f"{what} must be a compile-time constant, got a runtime value", code="ASC-F103"
            )
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            self.fail(f"{what} must be {kind.__name__}, got {value!r}", code="ASC-F102")
        return value

    def note_element_read(self, op: Operation) -> None:
        self._element_reads.append(op)

    def name_later(self, obj: Any) -> None:
        for name, v in self.scope.items():
            if v is obj and obj.handle is not None and not obj.handle.name_hint:
                name_value(obj.handle, name)

    def note_tpipe(self, pipe: Any) -> None:
        if self.tpipe is None:
            self.tpipe = pipe

    def first_tpipe(self) -> Any:
        return self.tpipe

    def note_matmul_object(self) -> None:
        self.matmul_object = True

    def matmul_cube_only(self) -> bool:
        return self.cube_only_matmul

    def emit_before_function(self, op: Operation) -> None:
        op.location = self._loc(self.node)
        function = self.block.parent_op() if self.block is not None else None
        while function is not None and function.parent_op() is not self.module:
            function = function.parent_op()
        module_ops = self.module.body.block
        if function is None:  # a device function being built: before every function
            first = next((o for o in module_ops.ops if o.name == "func.func"), None)
            if first is None:
                module_ops.add_op(op)
            else:
                module_ops.insert_op_before(op, first)
        else:
            module_ops.insert_op_before(op, function)

    # -- statements ------------------------------------------------------------------

    def visit_body(self, body: Sequence[ast.stmt]) -> None:
        for stmt in body:
            self.visit(stmt)

    def visit(self, node: ast.AST) -> Any:
        outer = self.node
        cls = node.__class__
        dispatch = self._dispatch.get(cls)
        if dispatch is None:
            dispatch = self._dispatch[cls] = _dispatch(type(self), cls)
        method, located = dispatch
        if located:
            self.node = node  # type: ignore[assignment]
        try:
            return method(self, node)
        except (CompileError, JitOnlyError, _Return, _Break, _Continue):
            raise
        except VerifyException as e:  # an op or type built from the kernel's values
            self.fail(
                str(e).strip(),
                node if isinstance(node, ast.stmt | ast.expr) else None,
                code="ASC-F107",
            )
        except MemoryError:
            self.fail(
                "compiling this line ran out of memory (a compile-time value too large?)",
                node if isinstance(node, ast.stmt | ast.expr) else None,
                code="ASC-F106",
            )
        except RecursionError:  # reported a few levels up, where there is room again
            self.fail(
                "this code nests too deeply to compile (Python's recursion limit); split "
                "the expression or the nested blocks into smaller parts",
                node if isinstance(node, ast.stmt | ast.expr) else None,
                code="ASC-F106",
            )
        except Exception as e:  # point at the innermost line that failed
            if not self.capture_exceptions:
                raise
            self.fail(
                f"{python_error(e)} (raised while compiling this line; if the kernel "
                "is not at fault, please report it)",
                node if isinstance(node, ast.stmt | ast.expr) else None,
                code=code_for_exception(e),
            )
        finally:
            self.node = outer

    def generic_visit(self, node: ast.AST) -> Any:
        self.fail(f"{_construct_name(node)} is not supported in kernels", node, code="ASC-F101")

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
            self.fail("a declaration without a value is not supported in kernels", code="ASC-F101")
        self.assign(node.target, self.visit(node.value))

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        op = _BINOP.get(type(node.op))
        if op is None:
            self.fail(
                f"operator {type(node.op).__name__} is not supported in kernels", code="ASC-F101"
            )
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
            handle = value.handle if isinstance(value, IRValue) else None
            if handle is not None and _IS_OPERATION[type(handle.owner)] and not handle.name_hint:
                name_value(handle, target.id)
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
            self.fail(
                f"assignment to {_construct_name(target)} is not supported", target, code="ASC-F101"
            )

    def _assign_attribute(self, target: ast.Attribute, value: Any) -> None:
        """`s.member = v` on a struct with members (a tiling struct, a Python-defined
        Struct); other values have no attributes a kernel may set."""
        from asc_xdsl.language.core.struct import Struct
        from asc_xdsl.language.core.types import AggregateValue

        base = self.visit(target.value)
        if not isinstance(base, AggregateValue | Struct) or target.attr.startswith("_"):
            self.fail(f"cannot assign attribute '{target.attr}' of {describe(base)}", target)
        outer, self.node = self.node, target
        try:
            setattr(base, target.attr, value)
        except AttributeError:
            self.fail(f"cannot assign attribute '{target.attr}' of {describe(base)}", target)
        finally:
            self.node = outer

    def visit_Return(self, node: ast.Return) -> None:
        value = None if node.value is None else self.visit(node.value)
        if self._device_function is not None:
            self._check_device_return(value, node)
        raise _Return(value, node)

    def _check_device_return(self, value: Any, node: ast.Return) -> None:
        """What a device function may return: nothing, a scalar, or a tuple or list of
        scalars (its results); the error points at the `return`."""
        if value is None or is_scalar(value):
            return
        name = self._device_function.tree.name  # type: ignore[union-attr]
        what = (
            f"{name} is a device function (inline=False): it returns nothing, a scalar, "
            "or a tuple or list of scalars (its results)"
        )
        if not isinstance(value, tuple | list):
            self.fail(f"{what}, not {describe(value)}", node)
        for i, item in enumerate(value):
            if not is_scalar(item):
                self.fail(
                    f"{what}; item {i} of the returned {type(value).__name__} is {describe(item)}",
                    node,
                )

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
                code="ASC-F101",
            )
        self.fail(
            f"{what} is not supported in runtime kernel loops yet ({hint})", node, code="ASC-F101"
        )

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.fail("nested function definitions are not supported in kernels", code="ASC-F101")

    # -- control flow --------------------------------------------------------------

    def lookup(self, name: str, node: ast.AST) -> Any:
        if name in self.scope:
            return self.scope[name]
        source = self.current_source
        g = source.globals
        if (
            (name in source.bound_names or is_generated(name))  # (a quick "no" first)
            and name in _assigned_names(source)
            and name not in self._scoped
            and (name in g or hasattr(builtins, name))  # (others: "not defined", below)
        ):
            return self.fail(
                f"UnboundLocalError: cannot access local variable '{name}' where it is "
                f"not associated with a value ({source.tree.name} assigns '{name}', "
                "which makes it a local variable in the whole function, as in Python: "
                "the global of that name is not visible here; rename the variable)",
                node,
            )
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
        if isinstance(base, tuple | list) and isinstance(index, IRValue):
            # (a device function's results too): Python's TypeError would say "must be
            # integers", which a runtime int is
            self.fail(
                f"a {type(base).__name__} is indexed at compile time: the index must be a "
                f"compile-time int, not {describe(index)} (unpack the values, or keep them "
                "in a tensor to index them at run time)",
                node,
                code="ASC-F103",
            )
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
            self.fail(
                f"operator {type(node.op).__name__} is not supported in kernels",
                node,
                code="ASC-F101",
            )
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
        return self.fold(op, lhs, rhs, node)

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
            if speculatable(block):
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
                self.fail(
                    "format specifications are not supported in kernel f-strings",
                    part,
                    code="ASC-F101",
                )
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
                args.extend(self._unpacked(a, tuple | list, "'*' unpacking", "tuple or list"))
            else:
                args.append(self.visit(a))
        kwargs = {}
        for kw in node.keywords:
            if kw.arg is None:
                kwargs.update(self._unpacked(kw, dict, "'**' unpacking", "dict"))
            else:
                kwargs[kw.arg] = self.visit(kw.value)
        if getattr(fn, "__asc_vector_function__", False):  # `@asc.vf`
            fn = vector_function(fn)
        if getattr(fn, "__asc_simt_launch__", False):  # `@asc.simt.vf` as `f[dims](...)`
            return self.call_function(
                self._get_source(simt_function(fn.function)), args, kwargs, node, vector=fn
            )
        if getattr(fn, "__asc_simt_callee__", False):  # `@asc.simt.callee`: a func.call
            if not any(getattr(s.fn, "__asc_simt_code__", False) for s in self._inline_stack):
                return self.fail(
                    f"{fn.__name__} is a __simt_callee__ function: it is called from a SIMT "
                    "vector function (@asc.simt.vf) or another @asc.simt.callee function",
                    node,
                )
            return self.call_function(
                self._get_source(simt_function(fn)), args, kwargs, node, vector=fn
            )
        if getattr(fn, "__asc_simt_function__", False):
            return self.fail(
                f"SIMT vector function {fn.__name__} is started with its thread dims: "
                f"{fn.__name__}[x](...), {fn.__name__}[x, y](...) or {fn.__name__}[x, y, z](...)",
                node,
            )
        source = self._get_source(fn)
        if source is not None:
            if getattr(fn, "vector_function", False):  # `@asc.vf`: asc_vf_call
                return self.call_function(source, args, kwargs, node, vector=True)
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
                return self.fail(
                    f"bad arguments to {getattr(fn, '__name__', fn)}: {getattr(e, 'text', e)}",
                    node,
                    code="ASC-F102",
                )
        if callable(fn) and not any(isinstance(a, IRValue) for a in [*args, *kwargs.values()]):
            if fn in (getattr(builtins, b) for b in _CONST_BUILTINS) or (
                fn is DataType
                or (isinstance(fn, type) and (issubclass(fn, AscEnum) or _is_numpy_scalar(fn)))
            ):
                if fn is builtins.pow and len(args) == 2 and not kwargs:
                    return self.fold("**", *args, node)  # (bounded like `**`)
                try:
                    return fn(*args, **kwargs)
                except Exception as e:
                    return self.fail(python_error(e), node, code=code_for_exception(e))
            if getattr(fn, "__self__", None) is not None and isinstance(fn.__self__, DataType):
                return fn(*args, **kwargs)
        owner = getattr(fn, "__self__", None)
        if isinstance(owner, list | dict | set | bytearray):
            return self.fail(
                f"cannot call {type(owner).__name__}.{fn.__name__} in a kernel: a kernel "
                "cannot change Python objects (compile-time lists, dicts and sets are "
                "read-only there; keep runtime results in tensors or scalars)",
                node,
            )
        return self.fail(
            f"cannot call {getattr(fn, '__name__', repr(fn))} in a kernel (only asc API functions and @asc.jit functions run on the device)",
            node,
            code="ASC-F101",
        )

    def _unpacked(self, node: ast.Starred | ast.keyword, kind: Any, what: str, name: str) -> Any:
        """The value of `*x` / `**x` in a call: a compile-time `kind` only (a kernel
        call's arguments are fixed when it is compiled)."""
        value = self.visit(node.value)
        if not isinstance(value, kind):
            self.fail(
                f"{what} in a call needs a compile-time {name}, got {describe(value)}",
                node,
                code="ASC-F103",
            )
        return value

    def _bind_call(
        self, source: FunctionSource, args: list[Any], kwargs: dict[str, Any], node: ast.AST
    ) -> tuple[list[str], dict[str, Any], dict[str, ast.expr]]:
        """A helper call's parameter names, the values given, and the defaults left."""
        if source in self._inline_stack or source is self.source:
            self.fail(
                f"recursive call to {source.tree.name} is not supported", node, code="ASC-F101"
            )
        params = source.tree.args
        names = [a.arg for a in params.args]
        if params.vararg or params.kwarg or params.kwonlyargs:
            self.fail(
                f"{source.tree.name}: *args, **kwargs and keyword-only parameters are not supported",
                node,
                code="ASC-F101",
            )
        defaults = dict(
            zip(names[len(names) - len(params.defaults) :], params.defaults, strict=True)
        )
        if len(args) > len(names):
            self.fail(
                f"{source.tree.name}() takes {len(names)} arguments, {len(args)} given",
                node,
                code="ASC-F102",
            )
        bound: dict[str, Any] = dict(zip(names, args, strict=False))
        for k, v in kwargs.items():
            if k not in names:
                self.fail(f"{source.tree.name}() has no parameter '{k}'", node, code="ASC-F102")
            bound[k] = v
        for n in names:
            if n not in bound and n not in defaults:
                self.fail(
                    f"{source.tree.name}() is missing the argument '{n}'", node, code="ASC-F102"
                )
        return names, bound, {n: d for n, d in defaults.items() if n not in bound}

    def call_function(
        self,
        source: FunctionSource,
        args: list[Any],
        kwargs: dict[str, Any],
        node: ast.AST,
        vector: Any = False,
    ) -> Any:
        """A helper marked `@asc.jit(inline=False)`: its own device function (one per
        specialisation) and a func.call, as pyasc emits helpers. Its parameters follow
        pyasc: runtime scalars, and Python numbers not annotated `asc.ConstExpr`, are
        runtime scalar parameters; tensors and other kernel values are passed as they
        are; any other Python value (a ConstExpr, a dtype, an enum, ...) is folded into
        the specialisation. It returns nothing, a scalar, or a tuple or list of scalars:
        the function's results, which the caller gets back as the same kind of value."""
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
                is_scalar(value) or (isinstance(value, IRValue) and value.handle is not None)
            ):
                folded.append((n, value))
                continue
            if vector:
                handle, make = vector_function_argument(self, value, node, n, vector)
            else:
                handle, make = self._carry(value, node, n)
            operands.append(handle)
            makers.append((n, make))
        types = [h.type for h in operands]
        key = (source, tuple(types), tuple(folded))
        found = next((f for k, f in self._functions if _same_key(k, key)), None)
        if found is None:
            found = self._build_function(source, types, makers, folded, node)
            self._functions.append((key, found))
            if vector:
                mark_vector_function(self, found[0], found[1], node, vector)
        callee, results = found
        if vector:
            return call_vector_function(self, callee, operands, vector, results)
        call = func.CallOp(callee, operands, results.ir_types())
        # The author asked for a device function: the pipeline's inliner keeps the call.
        call.attributes[NO_INLINE] = UNIT
        self.emit(call)
        return results.wrap(call.results)

    def _build_function(
        self,
        source: FunctionSource,
        types: list[Any],
        makers: list[tuple[str, Callable[[SSAValue], Any]]],
        folded: list[tuple[str, Any]],
        node: ast.AST,
    ) -> tuple[str, _Results]:
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
            name_value(arg, n)
            scope[n] = make(arg)
        saved = (self.block, self.entry, self.scope, self._constants, self._last_constant,
                 self._scoped, self._maybe_unbound, self._depth, self.node,
                 self._open_blocks, self._device_function)  # fmt: skip
        self.block = self.entry = block
        self.scope, self._constants, self._last_constant = scope, {}, None
        self._scoped, self._maybe_unbound, self._depth = {}, set(), 0
        self._open_blocks = [block]
        self._device_function = source
        self._inline_stack.append(source)
        try:
            value = None
            try:
                self.visit_body(source.tree.body)
            except _Return as r:
                value = r.value  # (checked at each `return`, merged by runtime ifs)
            results = _Results.of(value)
            returned = value if results.kind is not None else () if value is None else (value,)
            handles = [self.scalar(v, d) for v, d in zip(returned, results.dtypes, strict=True)]
            self.emit(new_op(func.ReturnOp, tuple(handles)))
            fn = func.FuncOp(name, (types, results.ir_types()), Region([block]))
            fn.location = self._loc(source.tree, source)
        finally:
            self._inline_stack.pop()
            (self.block, self.entry, self.scope, self._constants, self._last_constant,
             self._scoped, self._maybe_unbound, self._depth, self.node,
             self._open_blocks, self._device_function) = saved  # fmt: skip
        kernel = next(iter(self.module.body.block.ops))
        self.module.body.block.insert_op_before(fn, kernel)  # defined before its callers
        return name, results

    def inline(
        self, source: FunctionSource, args: list[Any], kwargs: dict[str, Any], node: ast.AST
    ) -> Any:
        _, bound, defaults = self._bind_call(source, args, kwargs, node)
        outer_scope, outer_node, outer_scoped = self.scope, self.node, self._scoped
        outer_function, self._device_function = self._device_function, None
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
            self._device_function = outer_function


def vector_function(fn: Any) -> Any:
    """The device function of an `@asc.vf` function (made once, kept on it)."""
    from asc_xdsl.frontend.jit import JITFunction

    made = fn.__dict__.get("__asc_jit__")
    if made is None:
        made = fn.__asc_jit__ = JITFunction(fn, inline=False)
        made.vector_function = True
    return made


def simt_function(fn: Any) -> Any:
    """The device function of an `@asc.simt.vf` or `@asc.simt.callee` function (made
    once, kept on it)."""
    from asc_xdsl.frontend.jit import JITFunction

    made = fn.__dict__.get("__asc_jit__")
    if made is None:
        made = fn.__asc_jit__ = JITFunction(fn.fn, inline=False)
    return made


# `vector`: True for an `@asc.vf` call (language/reg/calls.py), the `f[dims]` launch of
# an `@asc.simt.vf` one (language/simt.py).
def vector_function_argument(
    gen: Any, value: Any, node: ast.AST, name: str, vector: Any = True
) -> Any:
    if vector is not True:
        from asc_xdsl.language.simt import function_argument

        return function_argument(gen, value, node, name)
    from asc_xdsl.language.reg.calls import vector_function_argument as argument

    return argument(gen, value, node, name)


def mark_vector_function(
    gen: Any, name: str, results: Any, node: ast.AST, vector: Any = True
) -> None:
    if vector is not True:
        from asc_xdsl.dialects.ascendc.simt import body_problem
        from asc_xdsl.frontend.jit import _located_error
        from asc_xdsl.language.simt import mark_function

        fn = mark_function(gen, vector, name, results.ir_types(), node)
        found = body_problem(fn)
        if found is not None:  # (at the op in the function's body, not at the call)
            raise _located_error(found[0], found[1], "ASC-F107")
        return None
    from asc_xdsl.language.reg.calls import mark_vector_function as mark

    mark(gen, name, results.ir_types(), node)
    return None


def call_vector_function(
    gen: Any, callee: str, operands: list[SSAValue], vector: Any = True, results: Any = None
) -> Any:
    if vector is not True:
        from asc_xdsl.language.simt import call_function

        return call_function(gen, vector, callee, operands, results)
    from asc_xdsl.language.reg.calls import call_vector_function as call

    return call(gen, callee, operands)


def _dispatch(generator: type, node_class: type) -> tuple[Callable[..., Any], bool]:
    method = getattr(generator, "visit_" + node_class.__name__, None)
    if method is None:
        method = generator.generic_visit
    return method, issubclass(node_class, ast.stmt | ast.expr)


def _assigned_names(source: FunctionSource) -> frozenset[str]:
    """The names a function binds anywhere in its body (Python's local variables, its
    parameters aside), found once per source."""
    found = source.__dict__.get("_assigned_names")
    if found is None:
        names = set()
        for n in ast.walk(source.tree):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store | ast.Del):
                names.add(n.id)
            elif isinstance(n, ast.alias):
                names.add((n.asname or n.name).partition(".")[0])
            elif (isinstance(n, ast.FunctionDef | ast.ClassDef) and n is not source.tree) or (
                isinstance(n, ast.ExceptHandler) and n.name
            ):
                names.add(n.name)
        found = source.__dict__["_assigned_names"] = frozenset(names)
    return found


class _Results(FrozenRecord):
    """What a device function returns: its results' dtypes, and `kind` (tuple, list, a
    namedtuple class) when it returns a sequence of them, None for nothing or a scalar."""

    _FIELDS = ("dtypes", "kind")
    __slots__ = _FIELDS

    def __init__(self, dtypes: tuple[DataType, ...], kind: type | None = None) -> None:
        init_fields(self, dtypes=dtypes, kind=kind)

    @staticmethod
    def of(value: Any) -> _Results:
        """The results of a returned value (nothing, a scalar, a sequence of scalars:
        `visit_Return` checked it)."""
        if value is None:
            return _Results(())
        if isinstance(value, tuple | list):
            return _Results(tuple(map(_scalar_dtype, value)), type(value))
        return _Results((_scalar_dtype(value),))

    def ir_types(self) -> list[Any]:
        return [d.ir_type() for d in self.dtypes]

    def wrap(self, handles: Sequence[SSAValue]) -> Any:
        """The caller's value of a call's results: None, a scalar, or the sequence."""
        values = [RuntimeScalar(h, d) for h, d in zip(handles, self.dtypes, strict=True)]
        if self.kind is not None:
            return rebuild_sequence(self.kind, values)
        return values[0] if values else None


def _scalar_dtype(value: Any) -> DataType:
    return value.dtype if isinstance(value, RuntimeScalar) else py_dtype(value)


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


@functools.cache
def _gm_pointer(element: Any) -> MemRefType:
    """`__gm__ T*` (`memref<?xT, 22>`), made once per element type (building the type
    and its memory-space attribute costs more than a cache lookup)."""
    from xdsl.dialects.builtin import IntegerAttr

    return MemRefType(element, [DYNAMIC_INDEX], memory_space=IntegerAttr(GM_MEMORY_SPACE, 64))


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
    return (getattr(fn, "__module__", None) or "").startswith(_LANGUAGE)


_LANGUAGE = "asc_xdsl.language."
