"""Print a module of func/scf/arith/math/memref + AscendC ops as Ascend C source.

Most AscendC ops print generically from the facts they state (`API_NAME`,
`EMIT_KIND`, `cpp_template_args`, `cpp_call_args`); only irregular constructs
(control flow, functions, printf, struct construction, builtin dialects) have a
method here. The printer reads the IR and never changes it.
"""

from __future__ import annotations

import functools
import io
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import IO, TYPE_CHECKING, Any, TypeGuard, TypeVar

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float4E2M1FNType,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    Signedness,
    UnitAttr,
    UnrealizedConversionCastOp,
    UnregisteredOp,
)
from xdsl.ir import Attribute, Block, ErasedSSAValue, Operation, SSAValue
from xdsl.traits import IsTerminator, NoTerminator
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.backends.ascendc.cpp_types import (
    MATMUL_CONFIG_NAMES,
    UnsupportedType,
    c_string,
    code_line_problem,
    config_initializer,
    constant_qualifier,
    cpp_type,
    expression_problem,
    float_literal,
    int_cpp,
    int_literal,
    module_independent,
    template_arg,
)
from asc_xdsl.backends.ascendc.emitters import Emitter, emitter_of
from asc_xdsl.backends.ascendc.errors import EmissionError
from asc_xdsl.backends.ascendc.names import NameTable, callee_problem, identifier_problem
from asc_xdsl.dialects.ascendc.base import (
    AICORE_ATTR,
    KERNEL_ATTR,
    SIMT_ATTR,
    SIMT_CALLEE_ATTR,
    VF_ATTR,
    AddressOf,
    ArrayArg,
    AsBytes,
    AscendCOp,
    CastArg,
    EmitKind,
    PointerOffset,
)
from asc_xdsl.dialects.ascendc.enums import AscEnum
from asc_xdsl.dialects.ascendc.types import AscendCType
from asc_xdsl.dialects.emitasc import IncludeOp, PtrOffsetOp, is_define
from asc_xdsl.transforms.ir_walk import ops_in
from asc_xdsl.transforms.kernel_args import EXPLICIT, kind_problem, param_kinds
from asc_xdsl.utils.class_tests import LoadedSubclassCache, SubclassCache, is_subclass
from asc_xdsl.utils.int_types import int_bounds

if TYPE_CHECKING:  # math and memref ops are handled by name: a kernel rarely has one
    from xdsl.dialects import math, memref

    # and so are the hand-written ops, whose modules load on first use (`ascendc.LAZY_OPS`)
    from asc_xdsl.dialects.ascendc.construct import ConstructOp, StructField
    from asc_xdsl.dialects.ascendc.debug import PrintfOp
    from asc_xdsl.dialects.ascendc.sync import SetFftsBaseAddrOp

INDENT = "  "


OpT = TypeVar("OpT", bound=Operation)
_T = TypeVar("_T")
_Handler = Callable[["AscendCEmitter", OpT], None]


class _Handlers(dict[str, "_Handler"]):
    """Op name -> its method. Names, not classes: the pyasc-syntax parsers' ops and
    xDSL's are one op, and the math and memref dialects need not be imported to print a
    kernel. A change forgets the printers found per class (`_PRINTERS`)."""

    def __setitem__(self, name: str, method: _Handler) -> None:
        super().__setitem__(name, method)
        _PRINTERS.clear()

    def __delitem__(self, name: str) -> None:
        super().__delitem__(name)
        _PRINTERS.clear()


_HANDLERS = _Handlers()


def _handles(*ops: type[Operation] | str) -> Callable[[_Handler], _Handler]:
    def register(method: _Handler) -> _Handler:
        for op in ops:
            _HANDLERS[op if isinstance(op, str) else op.name] = method
        return method

    return register


def _printer_of(cls: type[Operation], name: str) -> _Handler | None:
    """How ops of class `cls` named `name` print: the method registered for the name,
    an AscendC op's own printer (its spec's) or the generic call (`emit_call`); None if
    they have no Ascend C form."""
    handler = _HANDLERS.get(name)
    if handler is not None:
        return handler
    if not _IS_ASCENDC_OP[cls]:
        return None
    custom = emitter_of(name, getattr(cls, "SPEC", None))
    return custom if custom is not None else AscendCEmitter.emit_call


_PRINTERS: dict[type[Operation], _Handler] = {}
"""Op class -> how its ops print (`_printer_of`), found on the first op of the class."""


def _names(table: Mapping[type[Operation], _T]) -> dict[str, _T]:
    return {op.name: value for op, value in table.items()}


# arith/math ops that are one C++ operator or function of their operands.
_INFIX: dict[str, str] = _names(
    {
        arith.AddiOp: "+",
        arith.SubiOp: "-",
        arith.MuliOp: "*",
        arith.DivSIOp: "/",
        arith.RemSIOp: "%",
        arith.AndIOp: "&",
        arith.OrIOp: "|",
        arith.XOrIOp: "^",
        arith.AddfOp: "+",
        arith.SubfOp: "-",
        arith.MulfOp: "*",
        arith.DivfOp: "/",
    }
)
# Unsigned integer ops: the same operators on operands read as unsigned.
_UNSIGNED_INFIX: dict[str, str] = _names(
    {
        arith.DivUIOp: "/",
        arith.RemUIOp: "%",
    }
)
# i1 arithmetic is modulo 2, which C++'s bool (an int in arithmetic) is not.
_I1_INFIX = {"arith.addi": "^", "arith.subi": "^", "arith.muli": "&"}
# Integer ops C++ may overflow in a signed type (undefined behaviour) where MLIR wraps:
# computed in the unsigned type (`_wrapping_type`), unless the op states `nsw`.
_WRAPPING = frozenset({"arith.addi", "arith.subi", "arith.muli"})
# Shifts: (operator, the value past the width). MLIR makes a shift by the width or more
# (the amount read unsigned) poison; ours is what shifting one bit at a time gives, so
# the C++ stays defined: 0, or for shrsi the sign (`{a}` shifted by width - 1).
_SHIFTS: dict[str, str] = _names({arith.ShLIOp: "<<", arith.ShRUIOp: ">>", arith.ShRSIOp: ">>"})
# Scalar math: C math library calls, (function, expression of its `{call}`). The Ascend
# C headers have no scalar forms for dav-2201 (`AscendC::Sqrt` and friends take tensors;
# `AscendC::Std::sqrt` exists for Ascend 950 only); bisheng (clang) knows these as
# library builtins, CANN's CPU-debug build gets them from <cmath>. float calls use the
# `f`-suffixed function, double the plain one; half/bfloat16 are computed in float.
_MATH_CALLS: dict[str, tuple[str, str]] = {
    "math.sqrt": ("sqrt", "{call}"),
    "math.rsqrt": ("sqrt", "{one} / {call}"),
    "math.exp": ("exp", "{call}"),
    "math.exp2": ("exp2", "{call}"),
    "math.log": ("log", "{call}"),
    "math.log2": ("log2", "{call}"),
    "math.sin": ("sin", "{call}"),
    "math.cos": ("cos", "{call}"),
    "math.tanh": ("tanh", "{call}"),
    "math.ceil": ("ceil", "{call}"),
    "math.floor": ("floor", "{call}"),
    "math.round": ("round", "{call}"),
}
# Scalar math of two operands: C math library functions, like _MATH_CALLS.
_MATH_BINARY_CALLS: dict[str, str] = {
    "math.copysign": "copysign",
    "math.powf": "pow",
    "math.atan2": "atan2",
}
# Functions the printed code calls by name: no local may hide them.
CALLED_FUNCTIONS = frozenset(
    {
        f"{fn}{suffix}"
        for fn in (*(fn for fn, _ in _MATH_CALLS.values()), *_MATH_BINARY_CALLS.values(), "fma")
        for suffix in ("", "f")
    }
    | {"set_ffts_base_addr"}
)
# arith.cmpi predicate number -> (operator, unsigned comparison)
_CMPI: dict[int, tuple[str, bool]] = {
    0: ("==", False),
    1: ("!=", False),
    2: ("<", False),
    3: ("<=", False),
    4: (">", False),
    5: (">=", False),
    6: ("<", True),
    7: ("<=", True),
    8: (">", True),
    9: (">=", True),
}
# arith.cmpf predicate number -> C++ expression of `{a}` and `{b}`. C++ comparisons are
# ordered (false on NaN) except `!=`; an unordered predicate is the negated ordered
# opposite, and `one` must also be false on NaN.
_CMPF: dict[int, str] = {
    0: "false",
    1: "{a} == {b}",
    2: "{a} > {b}",
    3: "{a} >= {b}",
    4: "{a} < {b}",
    5: "{a} <= {b}",
    6: "({a} < {b}) || ({a} > {b})",
    7: "({a} == {a}) && ({b} == {b})",
    8: "!(({a} < {b}) || ({a} > {b}))",
    9: "!({a} <= {b})",
    10: "!({a} < {b})",
    11: "!({a} >= {b})",
    12: "!({a} > {b})",
    13: "{a} != {b}",
    14: "({a} != {a}) || ({b} != {b})",
    15: "true",
}
# Signed and float min/max as C++ expressions of `{a}` and `{b}`. A comparison with NaN is
# false, so the float forms test for it: `maximumf`/`minimumf` return a NaN operand,
# `maxnumf`/`minnumf` the other one. Equal operands are one value but for zeros, which
# MLIR orders -0 < +0: `a + b` is +0 unless both are -0, `-(-a - b)` is -0 unless both
# are +0 (exact IEEE arithmetic; a compiler may not fold either without -ffast-math).
_FLOAT_EQUAL_MAX = "(({a} == {zero}) ? ({a} + {b}) : {a})"
_FLOAT_EQUAL_MIN = "(({a} == {zero}) ? -(-{a} - {b}) : {a})"
_MIN_MAX: dict[str, str] = _names(
    {
        arith.MaxSIOp: "({a} > {b}) ? {a} : {b}",
        arith.MinSIOp: "({a} < {b}) ? {a} : {b}",
        arith.MaximumfOp: "(({a} != {a}) || ({a} > {b})) ? {a} : "
        f"((({{b}} != {{b}}) || ({{b}} > {{a}})) ? {{b}} : {_FLOAT_EQUAL_MAX})",
        arith.MinimumfOp: "(({a} != {a}) || ({a} < {b})) ? {a} : "
        f"((({{b}} != {{b}}) || ({{b}} < {{a}})) ? {{b}} : {_FLOAT_EQUAL_MIN})",
        arith.MaxnumfOp: "(({b} != {b}) || ({a} > {b})) ? {a} : "
        f"((({{a}} != {{a}}) || ({{b}} > {{a}})) ? {{b}} : {_FLOAT_EQUAL_MAX})",
        arith.MinnumfOp: "(({b} != {b}) || ({a} < {b})) ? {a} : "
        f"((({{a}} != {{a}}) || ({{b}} < {{a}})) ? {{b}} : {_FLOAT_EQUAL_MIN})",
    }
)
EMIT_AS_UNSIGNED = "ascendc.emit_as_unsigned"
"""A `memref.alloca` attribute (pyasc's): declare the integer array unsigned."""
_UI8 = IntegerType(8, Signedness.UNSIGNED)
_MASK_ELEMENT = IntegerType(64, Signedness.UNSIGNED)
"""Element type of the C arrays `ArrayArg`s print as (L1 bit masks)."""
_SIGN_EXTENDING = frozenset({"arith.extsi", "arith.index_cast", "arith.sitofp"})
_TRUNCATING = frozenset({"arith.trunci", "arith.index_cast"})
_INF = float("inf")
_FLOAT_MAX = {
    Float16Type: 65504.0,
    BFloat16Type: 3.3895313892515355e38,
    Float32Type: 3.4028234663852886e38,
}
_CONVERSIONS = (
    arith.ExtSIOp,
    arith.TruncIOp,
    arith.SIToFPOp,
    arith.FPToSIOp,
    arith.ExtFOp,
    arith.TruncFOp,
    arith.IndexCastOp,
)


def _matched(
    op: Operation, labels: Sequence[str], *groups: Sequence[Any]
) -> Iterator[tuple[Any, ...]]:
    """zip(*groups), or an EmissionError when their lengths differ (IR that does not verify:
    e.g. a yield with too few values)."""
    lengths = [len(g) for g in groups]
    if len(set(lengths)) > 1:
        counts = ", ".join(f"{n} {label}" for n, label in zip(lengths, labels, strict=True))
        raise EmissionError(op, f"mismatched counts: {counts}")
    return zip(*groups, strict=True)


def _predicate(op: arith.CmpiOp | arith.CmpfOp, table: dict[int, _T]) -> _T:
    """The table entry of `op`'s comparison predicate (arith does not verify its range)."""
    value = op.properties["predicate"].value.data
    if value not in table:
        raise EmissionError(op, f"unknown {op.name} predicate {value}")
    return table[value]


_IS_VALUE = SubclassCache(SSAValue)
_IS_ATTRIBUTE = SubclassCache(Attribute)
_IS_INTEGER_ATTR = SubclassCache(IntegerAttr)
_IS_INDEX_TYPE = SubclassCache(IndexType)
_IS_INTEGER_TYPE = SubclassCache(IntegerType)
_IS_ASCENDC_OP = SubclassCache(AscendCOp)
_IS_MATMUL_TYPE = LoadedSubclassCache("asc_xdsl.dialects.ascendc.adv_types", "MatmulType")
_IS_ASCENDC_TYPE = SubclassCache(AscendCType)
_IS_YIELD = SubclassCache(scf.YieldOp)
_IS_CONDITION = SubclassCache(scf.ConditionOp)
"""Per class (utils/class_tests.py): an isinstance against these goes through ABCMeta,
and the printer asks it of every call argument, op and (for matmul types) value type."""


class AscendCEmitter:
    """Writes one module as Ascend C."""

    def __init__(self, stream: IO[str]):
        self.stream = stream
        self.names = NameTable()
        self.functions: dict[str, str] = {}  # symbol -> C++ name
        self.current_op: Operation | None = None  # the op being printed, for errors
        self.level = 0
        # AscendQuant configs declared at namespace scope: construct op -> (name, args)
        self.quant_configs: dict[Operation, tuple[str, str]] = {}
        # IR type (by identity, kept alive here) -> its C++ spelling, for one module (a
        # matmul type's spelling names the module's configs)
        self._ctypes: dict[int, tuple[Attribute, str]] = {}
        # The out-parameters of the function being printed when it has several results
        # (`_result_params`): its func.return assigns them.
        self._result_params: list[str] = []
        # The builtin enums (C++ names) whose ENUM_HELPERS the functions call
        self.enum_helpers: set[str] = set()

    # -- output helpers -----------------------------------------------------

    def line(self, text: str) -> None:
        self.stream.write(f"{INDENT * self.level}{text}\n" if text else "\n")

    def name(self, value: SSAValue) -> str:
        known = self.names._names.get(id(value))
        if known is not None:
            return known[1]
        if value not in self.names:
            owner = value.owner
            source = owner.name if isinstance(owner, Operation) else "a block argument"
            what = f"%{value.name_hint}" if value.name_hint else f"a {value.type} value"
            user = self.current_op or (owner if isinstance(owner, Operation) else owner.parent_op())
            raise EmissionError(
                user,  # type: ignore[arg-type]
                f"{what} (from {source}) is used where it is not defined: before its "
                "definition, or outside its function",
            )
        return self.names[value]

    def ctype(self, op: Operation, t: Attribute) -> str:
        known = self._ctypes.get(id(t))
        if known is not None:
            return known[1]
        known = _SHARED_CTYPES.get(id(t))
        if known is not None:
            self._ctypes[id(t)] = known
            return known[1]
        try:
            text = cpp_type(t)
        except UnsupportedType as e:
            raise EmissionError(op, str(e)) from None
        known = self._ctypes[id(t)] = (t, text)
        if module_independent(t):
            if len(_SHARED_CTYPES) >= _SHARED_CTYPES_LIMIT:
                _SHARED_CTYPES.clear()
            _SHARED_CTYPES[id(t)] = known
        return text

    def declare(self, op: Operation, value: SSAValue, expr: str) -> None:
        """`T name = expr;` for a new value."""
        name = self.names.define(value)
        t = value._type  # (`type`'s field: the property costs a call)
        known = self._ctypes.get(id(t))
        ctype = known[1] if known is not None else self.ctype(op, t)
        self.stream.write(f"{INDENT * self.level}{ctype} {name} = {expr};\n")

    def _template_text(self, a: object) -> str:
        """A template argument: a type, enum or number, or an operand (a constant) by name."""
        if _IS_VALUE[type(a)]:
            return self.name(a)  # type: ignore[arg-type]
        known = self._ctypes.get(id(a))  # (a type is spelled once per module)
        if known is not None:
            return known[1]
        text = template_arg(a)
        if _IS_ATTRIBUTE[type(a)]:
            self._ctypes[id(a)] = (a, text)  # type: ignore[assignment]
        return text

    def arg(self, op: Operation, a: object) -> str:
        if _IS_VALUE[type(a)]:
            return self.name(a)  # type: ignore[arg-type]
        if isinstance(a, AddressOf):
            return f"&{self.name(a.value)}"
        if isinstance(a, PointerOffset):
            return f"{self.name(a.ptr)} + {self.name(a.index)}"
        if isinstance(a, AsBytes):
            return self._as_bytes(a.value)
        if isinstance(a, AscEnum):
            return a.cpp
        if isinstance(a, CastArg):
            kind = "reinterpret_cast" if a.reinterpret else "static_cast"
            return f"{kind}<{self.ctype(op, a.to)}>({self.name(a.value)})"
        if not isinstance(a, str):
            raise EmissionError(op, f"call argument {a!r} has no C++ spelling")
        return a

    # -- text the IR gives as it is: checked here, whether or not the IR verified ----

    @staticmethod
    def identifier(op: Operation, what: str, name: str) -> str:
        """`name` (a struct, field, ... name from the IR), refused unless it is a C++
        identifier that names nothing else (the verifier's rule, `identifier_problem`)."""
        problem = _identifier_problem(name)
        if problem is not None:
            raise EmissionError(op, f"{what} {name!r} {problem}")
        return name

    @staticmethod
    def callee(op: Operation, text: str) -> str:
        """`text` as the function a call names, refused unless it is a qualified name
        with template arguments (`callee_problem`)."""
        problem = callee_problem(text)
        if problem is not None:
            raise EmissionError(op, f"callee {text!r} {problem}")
        return text

    @staticmethod
    def code_line(op: Operation, what: str, text: str) -> str:
        """`text` as a line of its own, refused when it could reach past its line
        (`code_line_problem`: a line break, a trailing backslash, an open comment...)."""
        problem = code_line_problem(text)
        if problem is not None:
            raise EmissionError(op, f"{what} {text!r} cannot be printed as it is: {problem}")
        return text

    @staticmethod
    def expression(op: Operation, what: str, text: str) -> str:
        """`text` as one expression inside a generated statement (`expression_problem`)."""
        problem = expression_problem(text)
        if problem is not None:
            raise EmissionError(op, f"{what} {text!r} is not one C++ expression: {problem}")
        return text

    def _as_bytes(self, value: SSAValue) -> str:
        """`value` as a `LocalTensor<uint8_t>`: itself when it holds ui8, else a named view
        declared before the call (some APIs, e.g. Digamma, take the scratch buffer by
        non-const reference, which a temporary cannot bind to)."""
        name = self.name(value)
        if getattr(value.type, "element_type", None) == _UI8:
            return name
        view = self.names.claim(f"{name}_bytes")
        self.line(f"AscendC::LocalTensor<uint8_t> {view} = {name}.ReinterpretCast<uint8_t>();")
        return view

    # -- module and functions -----------------------------------------------

    def emit_module(self, module: ModuleOp, headers: Sequence[str] = ()) -> None:
        configs, quants = _matmul_configs(module)
        self._ctypes = {}
        token = MATMUL_CONFIG_NAMES.set(configs)
        try:
            self._emit_module(module, configs, headers, quants)
        finally:
            MATMUL_CONFIG_NAMES.reset(token)

    def _emit_module(
        self,
        module: ModuleOp,
        matmul_configs: Mapping[str, str],
        headers: Sequence[str],
        quants: Sequence[Operation] = (),
    ) -> None:
        # `#define` lines configure the headers (ASCENDC_CUBE_ONLY): before any include.
        defines = [op for op in module.ops if is_define(op)]
        for op in defines:
            with _guard(op):
                self.current_op = op
                _own_emitter(op)(self, op)
        for header in headers:  # given by the caller, before the module's own
            self.line(f'#include "{header}"')
        self.names.reserve(matmul_configs.values())
        # Declarations that print themselves (struct declarations, other verbatim lines):
        # after the includes, before any function, in their order.
        declarations: list[Operation] = []
        for op in module.ops:
            if op in defines:
                continue
            if isinstance(op, IncludeOp):
                with _guard(op):
                    self.line(self._include(op))
            elif _module_level_declaration(op):
                declarations.append(op)
            elif not isinstance(op, func.FuncOp):
                raise EmissionError(
                    op,
                    "only func.func, emitasc.include and declarations "
                    "(emitasc.declare_py_struct, emitasc.verbatim) may appear at module level",
                )
        if matmul_configs:  # the MatmulConfigs matmul types refer to, by name
            self.line("")
        for initializer, name in matmul_configs.items():
            self.line(f"constexpr static MatmulConfig {name}{initializer};")
        self.quant_configs = _quant_configs(quants)
        self.names.reserve(name for name, _ in self.quant_configs.values())
        for name, args in dict(self.quant_configs.values()).items():
            self.line(f"constexpr static AscendC::AscendQuantConfig {name}{{{args}}};")
        for op in declarations:
            self.line("")
            with _guard(op):
                self.current_op = op
                _own_emitter(op)(self, op)
        funcs = [op for op in module.ops if isinstance(op, func.FuncOp)]
        with _guard(module):
            self.functions = self._function_names(funcs)
            declare = self._needs_forward_declaration(funcs)
        self.names.reserve(self.functions.values())
        self.names.reserve(CALLED_FUNCTIONS)
        self.names.reserve(helper for helper, _ in ENUM_HELPERS.values())
        # The functions go to a buffer first: the enum helpers they call (known once
        # they are printed) are defined before them.
        stream, self.stream = self.stream, io.StringIO()
        try:
            self._emit_functions(funcs, declare)
        finally:
            body, self.stream = self.stream.getvalue(), stream
        for cpp in sorted(self.enum_helpers):
            self.line("")
            for text in enum_helper_lines(cpp):
                self.stream.write(f"{text}\n")
        self.stream.write(body)

    def _emit_functions(self, funcs: list[func.FuncOp], declare: Sequence[func.FuncOp]) -> None:
        for f in declare:
            with _guard(f):
                self.current_op = f
                signature = self._signature(f)
            self.line("")
            self.line(f"{signature};")
        for f in funcs:
            if f.body.blocks:
                self.line("")
                with _guard(f):
                    self.current_op = f
                    self.emit_function(f)

    @staticmethod
    def _include(op: IncludeOp) -> str:
        """The #include line. A header name has no escape sequences, so a name that
        would end the directive early or start a new line is refused, not escaped."""
        header, standard = op.include.data, op.is_standard_include is not None
        close = ">" if standard else '"'
        bad = None
        if close in header or not header.isprintable():  # (else none is bad: no scan)
            bad = next(
                (ch for ch in header if ch == close or ord(ch) < 0x20 or ord(ch) == 0x7F), None
            )
        if not header:
            raise EmissionError(op, "an empty header name cannot be included")
        if bad is not None:
            raise EmissionError(
                op, f"header name {header!r} cannot be written in an #include: it contains {bad!r}"
            )
        return f"#include <{header}>" if standard else f'#include "{header}"'

    @staticmethod
    def _function_names(funcs: Sequence[func.FuncOp]) -> dict[str, str]:
        """The C++ name of each function. A kernel keeps its symbol (the launcher finds
        it by name), so a kernel name C++ cannot spell is an error; other functions
        are internal to the source and get a mangled name (NameTable.claim's rules)
        that keeps clear of every name used as it is."""
        taken = CALLED_FUNCTIONS
        kept = {
            f.sym_name.data for f in funcs if identifier_problem(f.sym_name.data, taken) is None
        }
        table = NameTable(taken | kept)
        names: dict[str, str] = {}
        for f in funcs:
            name = f.sym_name.data
            if name in kept:
                names[name] = name
            elif KERNEL_ATTR in f.attributes:
                problem = identifier_problem(name, taken)
                raise EmissionError(
                    f,
                    f"kernel name '{name}' {problem}; a kernel keeps its name (the "
                    "launcher looks it up by name), so rename the kernel",
                )
            elif name not in names:
                names[name] = table.claim(name)
        return names

    @staticmethod
    def _needs_forward_declaration(funcs: Sequence[func.FuncOp]) -> list[func.FuncOp]:
        """Functions called before their definition, and external ones (body-less)."""
        position = {f.sym_name.data: i for i, f in enumerate(funcs)}
        needed: dict[str, func.FuncOp] = {}
        for i, f in enumerate(funcs):
            if not f.body.blocks:
                needed[f.sym_name.data] = f
                continue
            if i == len(funcs) - 1:
                continue  # no function is defined after the last (its calls need no walk)
            for op in ops_in(f):
                if op.name == "func.call" and isinstance(op, func.CallOp):
                    callee = op.callee.root_reference.data
                elif op.name in (
                    "ascendc.reg.vf_call",
                    "ascendc.simt.vf_call",
                    "ascendc.simt.vf_call_dims",
                ):  # (f by name)
                    callee = op.properties["callee"].root_reference.data  # type: ignore[attr-defined]
                else:
                    continue
                if position.get(callee, -1) > i:
                    needed[callee] = funcs[position[callee]]
        return list(needed.values())

    def _signature(
        self, f: func.FuncOp, names: NameTable | None = None, results: Sequence[str] = ()
    ) -> str:
        """The function's C++ signature; `names` has its parameters named already, and
        `results` are its out-parameters' names (else a fresh table names them, as the
        function's own would).

        A function of several results returns `void` and takes one out-parameter by
        reference per result, after its parameters (`void f(int32_t a, int32_t& result0,
        bool& result1)`): its func.return assigns them, a call passes the variables that
        take the results. (pyasc's translator has no form for several results.)"""
        is_kernel = KERNEL_ATTR in f.attributes
        outputs = f.function_type.outputs.data
        if is_kernel and outputs:
            raise EmissionError(f, "a kernel (ascendc.global) must return nothing")
        several = len(outputs) > 1
        ret = self.ctype(f, outputs[0]) if len(outputs) == 1 else "void"
        _check_one_block(f)
        if f.body.blocks:
            if names is None:
                names = self._define_params(NameTable(self.names.reserved), f)
                results = self._define_results(names, f)
            params = [f"{self._param_type(f, a.type)} {names[a]}" for a in f.body.block.args]
            if several:
                params += [
                    f"{self.ctype(f, t)}& {n}" for t, n in zip(outputs, results, strict=True)
                ]
        else:
            params = [self._param_type(f, t) for t in f.function_type.inputs.data]
            if several:
                params += [f"{self.ctype(f, t)}&" for t in outputs]
        if is_kernel:
            prefix = 'extern "C" __global__ __aicore__'
        elif VF_ATTR in f.attributes:  # a vector function (the Reg layer, Ascend 950)
            prefix = "__simd_vf__ inline"
        elif SIMT_ATTR in f.attributes:  # a SIMT vector function (Ascend 950)
            bound = f.attributes[SIMT_ATTR].value.data  # type: ignore[attr-defined]
            prefix = f"__simt_vf__ __launch_bounds__({bound}) inline"
        elif SIMT_CALLEE_ATTR in f.attributes:  # a SIMT helper (Ascend 950)
            prefix = "__simt_callee__ inline"
        elif not f.body.blocks:
            # Defined in another translation unit: an `inline` declaration would
            # require the definition here too.
            prefix = "__aicore__"
        else:
            prefix = "__inline__ __attribute__((always_inline)) __aicore__"
        return f"{prefix} {ret} {self.functions[f.sym_name.data]}({', '.join(params)})"

    def _param_type(self, f: func.FuncOp, t: Attribute) -> str:
        by_reference = _IS_ASCENDC_TYPE[type(t)] and t.BY_REFERENCE  # type: ignore[attr-defined]
        return f"{self.ctype(f, t)}&" if by_reference else self.ctype(f, t)

    @staticmethod
    def _define_params(names: NameTable, f: func.FuncOp) -> NameTable:
        """Name `f`'s parameters in `names`; a kernel's hidden ones (marked
        `#emitasc.kernel_arg<ffts_addr>`, ...) first, so they keep their hints."""
        args = f.body.block.args
        kinds = param_kinds(f) if KERNEL_ATTR in f.attributes else [EXPLICIT] * len(args)
        for a, _ in sorted(zip(args, kinds, strict=True), key=lambda p: p[1] == EXPLICIT):
            names.define(a)
        return names

    @staticmethod
    def _define_results(names: NameTable, f: func.FuncOp) -> list[str]:
        """Names for the out-parameters of a function of several results (none else)."""
        outputs = f.function_type.outputs.data
        return [names.claim(f"result{i}") for i in range(len(outputs))] if len(outputs) > 1 else []

    def emit_function(self, f: func.FuncOp) -> None:
        _check_one_block(f)
        if KERNEL_ATTR in f.attributes:
            _check_kernel_params(f)
        self.names.reset()
        self._define_params(self.names, f)
        self._result_params = self._define_results(self.names, f)
        self.line(f"{self._signature(f, self.names, self._result_params)} {{")
        self.level += 1
        self.emit_block(f.body.block)
        self.level -= 1
        self.line("}")

    def emit_block(
        self,
        block: Block,
        end: Callable[[Operation], None] | None = None,
        end_class: SubclassCache = _IS_YIELD,
    ) -> None:
        """`emit_op` for each op of `block`, in one loop (no call per op but its
        printer's; xDSL's op iterator would cost another). `end` prints the ops of
        `end_class` (a region's scf.yield or scf.condition, which have no printer) as
        part of the op that holds the block: its errors are that op's."""
        outer = self.current_op
        printers = _PRINTERS
        op = block._first_op
        try:
            while op is not None:
                printer = printers.get(type(op))
                if printer is not None:
                    self.current_op = op
                    printer(self, op)
                elif end is not None and end_class[type(op)]:
                    self.current_op = outer
                    end(op)
                else:
                    self.current_op = op
                    self._emit_op(op)
                op = op._next_op
        except EmissionError:
            raise
        except Exception as e:  # IR that does not verify, or a printer bug: say which op
            if end is not None and end_class[type(op)]:
                raise  # (the holder's printer reports it)
            raise unexpected_error(op, e) from None  # type: ignore[arg-type]
        self.current_op = outer

    def emit_op(self, op: Operation) -> None:
        outer, self.current_op = self.current_op, op
        try:
            printer = _PRINTERS.get(type(op))
            if printer is None:
                self._emit_op(op)
            else:
                printer(self, op)
        except EmissionError:
            raise
        except Exception as e:  # IR that does not verify, or a printer bug: say which op
            raise unexpected_error(op, e) from None
        self.current_op = outer

    def _emit_op(self, op: Operation) -> None:
        """Print an op whose class has no printer in `_PRINTERS` yet: find it (once per
        class), or print by the op's own name (unregistered ops)."""
        cls = type(op)
        printer = _printer_of(cls, op.name)
        if printer is None:
            raise EmissionError(op, "this op has no Ascend C form")
        if not is_subclass(cls, UnregisteredOp):  # (its name is the op's, not the class's)
            _PRINTERS[cls] = printer
        printer(self, op)

    # -- AscendC ops: generic printing from op metadata --------------------

    def emit_ascendc(self, op: AscendCOp) -> None:
        custom = emitter_of(op.name, getattr(op, "SPEC", None))
        if custom is not None:
            custom(self, op)
        else:
            self.emit_call(op)

    def emit_call(self, op: AscendCOp) -> None:
        """The generic form: the call (or declaration) the op's spec describes."""
        kind = op.EMIT_KIND
        if kind is EmitKind.CUSTOM:
            raise EmissionError(op, "no printer method for this custom op")
        # An item that is None (an absent optional operand) is left out. A type or an
        # operand already spelled is read from its table (no call per argument).
        named, ctypes = self.names._names, self._ctypes
        targs = [
            known[1]
            if (known := ctypes.get(id(a)) or named.get(id(a))) is not None
            else self._template_text(a)
            for a in op.cpp_template_args()
            if a is not None
        ]
        tmpl = f"<{', '.join(targs)}>" if targs else ""
        # (arrays are declared before any other argument's line: `_as_bytes`' view)
        call_args = [
            self._array(op, a) if isinstance(a, ArrayArg) else a
            for a in op.cpp_call_args()
            if a is not None
        ]
        args = ", ".join(
            [
                known[1] if (known := named.get(id(a))) is not None else self.arg(op, a)
                for a in call_args
            ]
        )
        if kind is EmitKind.CONSTRUCTOR:
            (result,) = op.results
            name = self.names.define(result)
            ctype = self.ctype(op, result._type)
            self.line(f"{ctype} {name} = {ctype}({args});" if args else f"{ctype} {name};")
            return
        if kind is EmitKind.FREE_FUNCTION:
            call = f"{op.NAMESPACE}{op.API_NAME}{tmpl}({args})"
        elif kind is EmitKind.MEMBER_FUNCTION:
            call = f"{self.name(_item(op._operands, 0))}.{op.API_NAME}{tmpl}({args})"
        elif kind is EmitKind.ASSIGN_MEMBER:
            dst, obj = (self.name(v) for v in op._operands[:2])
            self.line(f"{dst} = {obj}.{op.API_NAME}{tmpl}({args});")
            return
        elif kind is EmitKind.SUBSCRIPT:
            call = f"{self.name(_item(op._operands, 0))}[{args}]"
        else:  # CALL_OPERATOR
            call = f"{self.name(_item(op._operands, 0))}({args})"
        self._statement(op, call)

    def _array(self, op: Operation, a: ArrayArg) -> str:
        """Declare the `uint64_t` C array (an L1 bit mask) an `ArrayArg` is passed as;
        return its name. Each value is converted: braces forbid narrowing, and the
        headers take `const uint64_t mask[]`, so an array of another type would not do."""
        if not a.values:
            raise EmissionError(op, "an array argument needs at least one value")
        values = ", ".join(
            self.name(v) if _nonnegative_constant(v) else self._convert_to(op, v, _MASK_ELEMENT)
            for v in a.values
        )
        name = self.names.claim("mask_list")
        self.line(f"{self.ctype(op, _MASK_ELEMENT)} {name}[] = {{{values}}};")
        return name

    def _statement(self, op: Operation, expr: str) -> None:
        results = op.results
        if not results:
            self.line(f"{expr};")
        elif len(results) == 1:
            (result,) = results
            self.declare(op, result, expr)
        else:
            raise EmissionError(op, "ops with several results have no Ascend C form")

    @_handles("ascendc.printf")
    def _printf(self, op: PrintfOp) -> None:
        args = [c_string(op.desc.data), *(self.name(v) for v in op.vars)]
        self.line(f"AscendC::printf({', '.join(args)});")

    @_handles("ascendc.set_ffts_base_addr")  # (by name: `sync` loads with the op)
    def _set_ffts_base_addr(self, op: SetFftsBaseAddrOp) -> None:
        self.line(f"set_ffts_base_addr(*{self.name(_item(op._operands, 0))});")  # (address)

    @_handles("ascendc.construct")
    def _construct(self, op: ConstructOp) -> None:
        from asc_xdsl.dialects.ascendc.construct import carried_element
        from asc_xdsl.dialects.ascendc.struct_fields import PYASC_SHORT_FORMS

        hoisted = self.quant_configs.get(op)
        if hoisted is not None:  # declared at namespace scope (_quant_configs)
            self.names.alias(op.result, hoisted[0])
            return
        if _assigned_by_members(op):  # its fields go straight into the outer struct
            return
        entry = op.entry()
        rtype = op.result.type
        if entry is not None and entry.get("template") and carried_element(rtype) is None:
            # A class template whose IR type does not carry T (AippParams<T>): T comes
            # from the fields (the verifier made sure they state it).
            element = op.template_element()
            if element is None:
                raise EmissionError(op, f"the template argument of {entry['cpp']} is unknown")
            ctype = f"{entry['cpp']}<{self.ctype(op, element)}>"
        else:
            ctype = self.ctype(op, rtype)
        try:
            fields = op.fields()
        except VerifyException as e:
            raise EmissionError(op, str(e)) from None
        name = self.names.define(op.result)
        if _nested_aggregate(op, entry, fields):
            self._construct_by_members(op, ctype, name, fields)
            return
        listed = op.types.data if op.types is not None else (None,) * len(fields)
        values = [
            self._field(op, v, f, given)
            for v, f, given in zip(op.operands_, fields, listed, strict=True)
        ]
        if entry is not None:
            values += PYASC_SHORT_FORMS.get(entry["cpp"], {}).get(len(values), ())
        # The Ascend C parameter structs have non-constexpr constructors (not literal
        # types), so `constexpr` would not compile; `const` keeps "never modified".
        prefix = ("static " if op.is_static else "") + ("const " if op.is_constexpr else "")
        if values:
            init = f"{{{', '.join(values)}}}"
        else:
            # Aggregates and enums are value-initialised (zero, or the members' defaults);
            # a class with constructors runs its default constructor either way.
            kind = entry["kind"] if entry is not None else "constructors"
            init = "{}" if kind in ("aggregate", "enum") or op.is_constexpr else ""
        self.line(f"{prefix}{ctype} {name}{init};")

    def _construct_by_members(
        self, op: ConstructOp, ctype: str, name: str, fields: Sequence[StructField]
    ) -> None:
        """`T v;` and then each member's fields assigned one by one (`v.m.f = x;`), for
        a struct of structs whose members are built here (AippParams): what pyasc
        writes, and no braced conversions to get right."""
        self.line(f"{ctype} {name};")
        for value, member in zip(op.operands_, fields, strict=True):
            inner = value.owner
            if not _is_construct(inner) or not inner.operands_:
                self.line(f"{name}.{member.name} = {self.name(value)};")
                continue
            for v, f in zip(inner.operands_, inner.fields(), strict=True):
                converted = self.name(v) if f.role == "value" else self._field(inner, v, f)
                self.line(f"{name}.{member.name}.{f.name} = {converted};")

    def _field(
        self, op: ConstructOp, value: SSAValue, f: StructField, listed: Attribute | None = None
    ) -> str:
        """`value` as the field `f` of a braced initialiser: converted to the field's
        type (braces forbid narrowing; an integer becomes an enum only by a cast).

        An integer constant whose value the field holds needs no cast (a constant
        expression that fits is not narrowing); where the op lists the field's type
        (`[types]`) and that differs from the value's, the value is cast to the listed
        type as pyasc does, when that conversion cannot narrow into the field."""
        name = self.name(value)
        t = value.type
        if f.role == "value" and isinstance(f.ir, IntegerType) and t != f.ir:
            fits = _constant_fits(value, f.ir)
            if isinstance(listed, IntegerType) and listed != t:
                if fits or _int_range_within(listed, f.ir):
                    return f"static_cast<{self.ctype(op, listed)}>({name})"
            elif fits:
                return name
        if f.role == "enum":  # the enum's own IR type, or an integer to convert
            named = _enum_constant(f.cpp, value)
            if named is not None:
                return named
            if t == f.ir and isinstance(t, AscendCType):
                return name
            helper = ENUM_HELPERS.get(f.cpp)
            if helper is not None:  # a builtin's number at run time: by the names
                self.enum_helpers.add(f.cpp)
                return f"{helper[0]}({name})"
            return f"static_cast<{f.cpp}>({name})"
        if f.role == "struct" or (f.ir is not None and t == f.ir):
            return name
        if f.role == "pointer":
            same = isinstance(t, MemRefType) and isinstance(f.ir, MemRefType)
            if f.cpp.endswith("void*") or (same and t.element_type == f.ir.element_type):
                return name
            return f"reinterpret_cast<{f.cpp}>({name})"
        target = self.ctype(op, f.ir) if f.ir is not None else f.cpp
        return f"static_cast<{target}>({name})"

    def _convert_to(self, op: Operation, value: SSAValue, t: Attribute) -> str:
        """`value` as a `t`: a cast when the types differ (braces forbid narrowing)."""
        if value.type == t:
            return self.name(value)
        kind = "reinterpret_cast" if isinstance(t, MemRefType) else "static_cast"
        return f"{kind}<{self.ctype(op, t)}>({self.name(value)})"

    # -- func -----------------------------------------------------------------

    @_handles(func.ReturnOp)
    def _return(self, op: func.ReturnOp) -> None:
        values = op.arguments
        if len(values) > 1 or self._result_params:  # several results: the out-parameters
            labels = ("result(s) of the function", "value(s) returned")
            for target, value in _matched(op, labels, self._result_params, values):
                self.line(f"{target} = {self.name(value)};")
            self.line("return;")
            return
        self.line(f"return {self.name(values[0])};" if values else "return;")

    @_handles(func.CallOp)
    def _call(self, op: func.CallOp) -> None:
        callee = op.callee.root_reference.data
        name = self.functions.get(callee)
        if name is None:
            problem = identifier_problem(callee, CALLED_FUNCTIONS)
            if problem is not None:
                raise EmissionError(op, f"callee '{callee}' {problem} (and is not in the module)")
            name = callee
        args = [self.name(a) for a in op.arguments]
        if len(op.results) > 1:  # variables for the results, passed as out-parameters
            args += self._declare_results(op)
            self.line(f"{name}({', '.join(args)});")
            return
        self._statement(op, f"{name}({', '.join(args)})")

    # -- arith and math -------------------------------------------------------

    @_handles(arith.ConstantOp)
    def _constant(self, op: arith.ConstantOp) -> None:
        (result,) = op.results  # (IRDL's accessors cost a call or more each)
        value, t = op.properties["value"], result._type
        if _IS_INTEGER_ATTR[type(value)]:  # (class tests: the ABC's isinstance is a call)
            number = value.value.data  # type: ignore[attr-defined]
            literal = int_literal(number, t)
            suffix = "idx" if _IS_INDEX_TYPE[type(t)] else _type_text(t)
            preferred = f"c{number}_{suffix}".replace("-", "m")
            if _IS_INTEGER_TYPE[type(t)] and t.width.data == 1:  # type: ignore[attr-defined]
                preferred = "c_true" if number else "c_false"
        elif isinstance(value, FloatAttr):
            if isinstance(t, Float4E2M1FNType):  # (fp4x2_e2m1_t is a pair: docs/fp8.md)
                raise EmissionError(
                    op, "a 4-bit constant is ascendc.float_constant (the pair of its value)"
                )
            literal = float_literal(value.value.data, t)
            preferred = f"cst_{t}"
        else:
            raise EmissionError(op, f"constant {value} has no scalar C++ form")
        name = self.names.define(result, preferred)
        self.line(f"{constant_qualifier(t)} {self.ctype(op, t)} {name} = {literal};")

    @_handles(*_INFIX)
    def _infix(self, op: Operation) -> None:
        (a, b), (result,) = op._operands, op.results  # (lhs, rhs)
        named = self.names._names  # (`name`'s table, read inline: no call per operand)
        lhs = known[1] if (known := named.get(id(a))) is not None else self.name(a)
        rhs = known[1] if (known := named.get(id(b))) is not None else self.name(b)
        name = op.name
        if name in _WRAPPING:
            t = result._type
            if _is_i1(t):
                self.declare(op, result, f"{lhs} {_I1_INFIX[name]} {rhs}")
                return
            wide = _wrapping_type(op, t)
            if wide is not None:
                ctype = self.ctype(op, t)
                lhs, rhs = f"static_cast<{wide}>({lhs})", f"static_cast<{wide}>({rhs})"
                expr = f"static_cast<{ctype}>({lhs} {_INFIX[name]} {rhs})"
                self.declare(op, result, expr)
                return
        self.declare(op, result, f"{lhs} {_INFIX[name]} {rhs}")

    @_handles(*_SHIFTS)
    def _shift(self, op: Operation) -> None:
        (a, b), (result,) = op._operands, op.results
        t = result.type
        width = 64 if isinstance(t, IndexType) else t.width.data  # type: ignore[attr-defined]
        ctype = self.ctype(op, t)
        x = self.name(a)
        amount = self._unsigned(op, b)
        constant = _int_constant(b)
        in_range = constant is not None and 0 <= constant < width
        operator = _SHIFTS[op.name]
        if op.name == "arith.shrsi":  # (`>>` of a negative signed value is arithmetic)
            if not in_range:
                amount = f"(({amount} < {width}u) ? {amount} : {width - 1}u)"
            self.declare(op, result, f"static_cast<{ctype}>({x} {operator} {amount})")
            return
        shifted = f"static_cast<{ctype}>({self._unsigned(op, a)} {operator} {amount})"
        if not in_range:
            shifted = f"({amount} < {width}u) ? {shifted} : static_cast<{ctype}>(0)"
        self.declare(op, result, shifted)

    def _unsigned(self, op: Operation, value: SSAValue) -> str:
        t = value.type
        if isinstance(t, IntegerType):
            return f"static_cast<{int_cpp(t, unsigned=True)}>({self.name(value)})"
        return f"static_cast<uint64_t>({self.name(value)})"

    @_handles(*_UNSIGNED_INFIX)
    def _unsigned_infix(self, op: Operation) -> None:
        lhs, rhs = (self._unsigned(op, v) for v in op._operands)
        ctype = self.ctype(op, op.results[0].type)
        self.declare(
            op, op.results[0], f"static_cast<{ctype}>({lhs} {_UNSIGNED_INFIX[op.name]} {rhs})"
        )

    @_handles(arith.CeilDivSIOp)
    def _ceildiv(self, op: arith.CeilDivSIOp) -> None:
        # C++ `/` truncates toward zero; round up when the exact quotient is positive.
        a, b = (self.name(v) for v in op._operands)  # (lhs, rhs)
        (result,) = op.results
        self.declare(op, result, f"({a} / {b}) + ((({a} % {b}) != 0) && (({a} < 0) == ({b} < 0)))")

    @_handles(arith.CeilDivUIOp)
    def _ceildivu(self, op: arith.CeilDivUIOp) -> None:
        # `a / b + (a % b != 0)` cannot overflow, unlike `(a + b - 1) / b`.
        a, b = self._unsigned(op, op.lhs), self._unsigned(op, op.rhs)
        ctype = self.ctype(op, op.result.type)
        self.declare(op, op.result, f"static_cast<{ctype}>(({a} / {b}) + (({a} % {b}) != 0))")

    @_handles(arith.FloorDivSIOp)
    def _floordiv(self, op: arith.FloorDivSIOp) -> None:
        a, b = (self.name(v) for v in op._operands)  # (lhs, rhs)
        (result,) = op.results
        self.declare(op, result, f"({a} / {b}) - ((({a} % {b}) != 0) && (({a} < 0) != ({b} < 0)))")

    @_handles(*_MIN_MAX)
    def _min_max(self, op: Operation) -> None:
        a, b = (self.name(v) for v in op._operands)
        t = op.results[0].type
        if _is_i1(t):  # signed i1: true is -1, below false
            self.declare(op, op.results[0], f"{a} {'&' if op.name == 'arith.maxsi' else '|'} {b}")
            return
        zero = f"static_cast<{self.ctype(op, t)}>(0)"
        self.declare(op, op.results[0], _MIN_MAX[op.name].format(a=a, b=b, zero=zero))

    @_handles(arith.MaxUIOp, arith.MinUIOp)
    def _minmax_unsigned(self, op: Operation) -> None:
        a, b = (self._unsigned(op, v) for v in op._operands)
        cmp = ">" if isinstance(op, arith.MaxUIOp) else "<"
        names = [self.name(v) for v in op._operands]
        self.declare(op, op.results[0], f"({a} {cmp} {b}) ? {names[0]} : {names[1]}")

    @_handles(arith.NegfOp)
    def _negf(self, op: arith.NegfOp) -> None:
        self.declare(op, op.result, f"-{self.name(op.operand)}")

    @_handles(arith.CmpiOp)
    def _cmpi(self, op: arith.CmpiOp) -> None:
        operator, unsigned = _predicate(op, _CMPI)
        a, b = op._operands  # (lhs, rhs: IRDL's accessors cost a call or more each)
        if not unsigned and operator[0] in "<>" and _is_i1(a.type):
            a, b = b, a  # signed i1: true is -1, so the order of bools is reversed
        if unsigned:
            lhs, rhs = self._unsigned(op, a), self._unsigned(op, b)
        else:
            lhs, rhs = self.name(a), self.name(b)
        (result,) = op.results
        self.declare(op, result, f"{lhs} {operator} {rhs}")

    @_handles(arith.CmpfOp)
    def _cmpf(self, op: arith.CmpfOp) -> None:
        lhs, rhs = self.name(op.lhs), self.name(op.rhs)
        self.declare(op, op.result, _predicate(op, _CMPF).format(a=lhs, b=rhs))

    @_handles(arith.SelectOp)
    def _select(self, op: arith.SelectOp) -> None:
        c, a, b = (self.name(v) for v in op._operands)
        (result,) = op.results
        self.declare(op, result, f"{c} ? {a} : {b}")

    @_handles(*_CONVERSIONS)
    def _convert(self, op: Operation) -> None:
        (result,), (value,) = op.results, op._operands
        t, x = result._type, self.name(value)
        if op.name == "arith.fptosi":
            self.declare(op, result, self._float_to_int(op, x, value.type, t, signed=True))
            return
        ctype = self.ctype(op, t)
        if _is_i1(value.type) and op.name in _SIGN_EXTENDING:  # i1's true is -1
            expr = f"static_cast<{ctype}>(-static_cast<int>({x}))"
        elif _is_i1(t) and op.name in _TRUNCATING:  # the low bit (bool(x) is x != 0)
            expr = f"static_cast<bool>({x} & 1)"
        else:
            expr = f"static_cast<{ctype}>({x})"
        self.declare(op, result, expr)

    def _float_to_int(
        self, op: Operation, x: str, src: Attribute, t: Attribute, signed: bool
    ) -> str:
        """fptosi/fptoui of `x`: truncated; out of range (poison in MLIR, undefined in
        C++) saturates to the type's range and NaN gives 0, as the simulator does."""
        width = 64 if isinstance(t, IndexType) else t.width.data  # type: ignore[attr-defined]
        if width == 1:  # the range is -1..0 (signed) or 0..1: true is the far end
            return (
                f"{x} <= {float_literal(-1.0, src)}"
                if signed
                else f"{x} >= {float_literal(1.0, src)}"
            )
        ctype = self.ctype(op, t)
        # half/bfloat16 convert through float (exact): the CPU-debug headers' half class
        # has no unambiguous conversion to int64_t.
        wide = f"static_cast<float>({x})" if isinstance(src, Float16Type | BFloat16Type) else x

        def bound(value: float) -> str:  # as a float of `src` (past its range: infinity)
            if abs(value) > _FLOAT_MAX.get(type(src), _INF):
                value = _INF if value > 0 else -_INF
            return float_literal(value, src)

        if signed:
            lo, hi = -(1 << (width - 1)), (1 << (width - 1)) - 1
            return (
                f"({x} != {x}) ? static_cast<{ctype}>(0) : "
                f"({x} <= {bound(float(lo))}) ? static_cast<{ctype}>({int_literal(lo, t)}) : "
                f"({x} >= {bound(float(hi + 1))}) ? static_cast<{ctype}>({int_literal(hi, t)}) : "
                f"static_cast<{ctype}>({wide})"
            )
        unsigned = f"uint{width}_t"
        return (
            f"!({x} > {bound(-1.0)}) ? static_cast<{ctype}>(0) : "
            f"({x} >= {bound(float(1 << width))}) ? static_cast<{ctype}>(static_cast<{unsigned}>(-1)) : "
            f"static_cast<{ctype}>(static_cast<{unsigned}>({wide}))"
        )

    @_handles(arith.ExtUIOp, arith.UIToFPOp)
    def _convert_unsigned(self, op: Operation) -> None:
        ctype = self.ctype(op, op.results[0].type)
        self.declare(
            op, op.results[0], f"static_cast<{ctype}>({self._unsigned(op, op._operands[0])})"
        )

    @_handles(arith.FPToUIOp)
    def _fptoui(self, op: arith.FPToUIOp) -> None:
        # Through the unsigned type: values above the signed maximum stay defined.
        expr = self._float_to_int(op, self.name(op.input), op.input.type, op.result.type, False)
        self.declare(op, op.result, expr)

    @_handles("complex.create")
    def _complex_create(self, op: Operation) -> None:
        # (Ascend 950: `complex64(re, im)`, AscendC::Complex's two-part constructor)
        re, im = (self.name(v) for v in op._operands)
        self.declare(op, op.results[0], f"{self.ctype(op, op.results[0].type)}({re}, {im})")

    @_handles(arith.BitcastOp)
    def _bitcast(self, op: arith.BitcastOp) -> None:
        ctype = self.ctype(op, op.result.type)
        self.declare(op, op.result, f"*reinterpret_cast<const {ctype}*>(&{self.name(op.input)})")

    @_handles(*_MATH_CALLS)
    def _math_call(self, op: Operation) -> None:
        t, x = op.results[0].type, self.name(op._operands[0])
        fn, template = _MATH_CALLS[op.name]
        if isinstance(t, Float64Type):
            expr = template.format(call=f"{fn}({x})", one="1.0")
        elif isinstance(t, Float32Type):
            expr = template.format(call=f"{fn}f({x})", one="1.0f")
        elif isinstance(t, Float16Type | BFloat16Type):
            inner = template.format(call=f"{fn}f(static_cast<float>({x}))", one="1.0f")
            expr = f"static_cast<{self.ctype(op, t)}>({inner})"
        else:
            raise EmissionError(op, f"scalar {op.name} of {t} has no Ascend C form")
        self.declare(op, op.results[0], expr)

    @_handles(*_MATH_BINARY_CALLS)
    def _math_binary_call(self, op: Operation) -> None:
        t = op.results[0].type
        a, b = (self.name(v) for v in op._operands)
        fn = _MATH_BINARY_CALLS[op.name]
        if isinstance(t, Float64Type):
            expr = f"{fn}({a}, {b})"
        elif isinstance(t, Float32Type):
            expr = f"{fn}f({a}, {b})"
        elif isinstance(t, Float16Type | BFloat16Type):
            call = f"{fn}f(static_cast<float>({a}), static_cast<float>({b}))"
            expr = f"static_cast<{self.ctype(op, t)}>({call})"
        else:
            raise EmissionError(op, f"scalar {op.name} of {t} has no Ascend C form")
        self.declare(op, op.results[0], expr)

    @_handles(arith.MulUIExtendedOp, arith.MulSIExtendedOp)
    def _mul_extended(self, op: arith.MulUIExtendedOp | arith.MulSIExtendedOp) -> None:
        # The full product in twice the width (exact for widths up to 32), then its low
        # and high halves; the operands are read as unsigned for mului_extended.
        t = op.lhs.type
        width = t.width.data if isinstance(t, IntegerType) else 0
        if width not in (8, 16, 32):
            raise EmissionError(op, f"{op.name} of {t} has no Ascend C form (8 to 32 bits)")
        signed = isinstance(op, arith.MulSIExtendedOp)
        wide = "int64_t" if signed else "uint64_t"
        if signed:
            a, b = (f"static_cast<int64_t>({self.name(v)})" for v in (op.lhs, op.rhs))
        else:
            a, b = (f"static_cast<uint64_t>({self._unsigned(op, v)})" for v in (op.lhs, op.rhs))
        product = self.names.claim("product")
        self.line(f"{wide} {product} = {a} * {b};")
        ctype = self.ctype(op, t)
        self.declare(op, op.low, f"static_cast<{ctype}>({product})")
        self.declare(op, op.high, f"static_cast<{ctype}>({product} >> {width})")

    @_handles("math.absf")
    def _absf(self, op: Operation) -> None:
        # `0 - x` is +0 for both zeros (`-x` of +0 is -0); NaN fails the test and passes.
        x = self.name(op._operands[0])
        zero = f"static_cast<{self.ctype(op, op.results[0].type)}>(0)"
        self.declare(op, op.results[0], f"({x} <= {zero}) ? ({zero} - {x}) : {x}")

    @_handles("math.absi")
    def _absi(self, op: Operation) -> None:
        # Negated in the unsigned type: |INT_MIN| wraps to INT_MIN as in MLIR (`-x` of the
        # minimum overflows, undefined in C++).
        t = op.results[0].type
        x, ctype = self.name(op._operands[0]), self.ctype(op, t)
        unsigned = int_cpp(t, unsigned=True) if isinstance(t, IntegerType) else "uint64_t"
        magnitude = (
            f"({x} < 0) ? (0u - static_cast<{unsigned}>({x})) : static_cast<{unsigned}>({x})"
        )
        self.declare(op, op.results[0], f"static_cast<{ctype}>({magnitude})")

    @_handles("math.fma")
    def _fma(self, op: math.FmaOp) -> None:
        # Fused: one rounding (`a * b + c` rounds twice, or once if the compiler
        # contracts it). A half product is exact in double, and the double sum rounds to
        # the nearest half (half's exponent range is too narrow for a double rounding to
        # cross a half midpoint); bfloat16's wide range leaves rare double roundings.
        a, b, c = (self.name(v) for v in op._operands)
        t = op.result.type
        if isinstance(t, Float64Type):
            expr = f"fma({a}, {b}, {c})"
        elif isinstance(t, Float32Type):
            expr = f"fmaf({a}, {b}, {c})"
        elif isinstance(t, Float16Type | BFloat16Type):
            wide = (f"static_cast<double>({v})" for v in (a, b, c))
            ctype = self.ctype(op, t)
            expr = f"static_cast<{ctype}>({next(wide)} * {next(wide)} + {next(wide)})"
        else:
            raise EmissionError(op, f"scalar {op.name} of {t} has no Ascend C form")
        self.declare(op, op.result, expr)

    # -- memref (GM pointers and small scalar arrays) -------------------------

    @_handles("memref.load")
    def _load(self, op: memref.LoadOp) -> None:
        self.declare(op, op.res, f"{self.name(op.memref)}{self._subscript(op, op.memref)}")

    @_handles("memref.store")
    def _store(self, op: memref.StoreOp) -> None:
        target = f"{self.name(op.memref)}{self._subscript(op, op.memref)}"
        self.line(f"{target} = {self.name(op.value)};")

    def _subscript(self, op: memref.LoadOp | memref.StoreOp, array: SSAValue) -> str:
        """`[i][j]` into an array this function allocates (`T a[4][8]`); into a pointer
        (a parameter, a GM address) one linear index, `[i * 8 + j]`, from the static
        sizes of all but the first dimension. A rank-0 memref is allocated as a
        one-element array (see _alloca)."""
        indices = op.indices
        owner = array.owner
        if len(indices) <= 1 or (isinstance(owner, Operation) and owner.name == "memref.alloca"):
            return "".join(f"[{self.name(i)}]" for i in indices) or "[0]"
        t = array.type
        sizes = t.get_shape()[1:] if isinstance(t, MemRefType) else (-1,)
        if any(d < 0 for d in sizes):
            raise EmissionError(
                op,
                f"a {t} is a pointer in C++: {len(indices)} indices into it need the "
                "sizes of all but its first dimension, and they are not static",
            )
        linear = self.name(indices[0])
        for size, i in zip(sizes, indices[1:], strict=True):
            linear = (
                f"{linear} * {size} + {self.name(i)}"
                if linear.isidentifier()
                else (f"({linear}) * {size} + {self.name(i)}")
            )
        return f"[{linear}]"

    @_handles("memref.alloca")
    def _alloca(self, op: memref.AllocaOp) -> None:
        t = op.memref.type
        if not isinstance(t, MemRefType):
            raise EmissionError(op, f"cannot allocate a {t}")
        shape = t.get_shape()
        if any(d < 0 for d in shape) or op.dynamic_sizes:
            raise EmissionError(op, "only statically shaped scalar arrays can be allocated")
        name = self.names.define(op.memref)
        dims = "".join(f"[{d}]" for d in shape) or "[1]"
        element = t.element_type
        if EMIT_AS_UNSIGNED in op.attributes and isinstance(element, IntegerType):
            # pyasc's frontend marks arrays whose i16 bits it means as uint16_t
            element = IntegerType(element.width, Signedness.UNSIGNED)
        self.line(f"{self.ctype(op, element)} {name}{dims};")

    @_handles("memref.cast")
    def _memref_cast(self, op: memref.CastOp) -> None:
        ctype = self.ctype(op, op.dest.type)
        self.declare(op, op.dest, f"reinterpret_cast<{ctype}>({self.name(op.source)})")

    @_handles(UnrealizedConversionCastOp)
    def _scalar_cast(self, op: UnrealizedConversionCastOp) -> None:
        # The frontend reinterprets signless integers as unsigned ones (arith has no
        # unsigned types): the same bits, so a static_cast between same-width ints.
        inputs, outputs = op._operands, op.results  # (its only operands and results)
        if len(inputs) != 1 or len(outputs) != 1:
            raise EmissionError(op, "only one-to-one conversions have an Ascend C form")
        (value,), (result,) = inputs, outputs
        src, dst = value._type, result._type
        if not (
            (_IS_INTEGER_TYPE[type(src)] or _IS_INDEX_TYPE[type(src)])
            and (_IS_INTEGER_TYPE[type(dst)] or _IS_INDEX_TYPE[type(dst)])
        ):
            raise EmissionError(op, f"conversion from {src} to {dst} has no Ascend C form")
        ctype = self.ctype(op, dst)
        self.declare(op, result, f"static_cast<{ctype}>({self.name(value)})")

    @_handles(PtrOffsetOp)
    def _ptr_offset(self, op: PtrOffsetOp) -> None:
        # (base, then the optional dynamic offset: its one optional operand group)
        base, *dynamic = op._operands
        static = op.properties.get("staticOffset")
        if dynamic:
            offset = self.name(dynamic[0])
        elif static is not None:
            offset = str(static.value.data)  # type: ignore[attr-defined]
        else:
            raise EmissionError(op, "a pointer offset needs a dynamic or a static offset")
        (result,) = op.results
        self.declare(op, result, f"{self.name(base)} + {offset}")

    # -- scf ------------------------------------------------------------------

    def _declare_results(self, op: Operation) -> list[str]:
        """Declare (uninitialised) variables that carry an op's results."""
        names = []
        for r in op.results:
            name = self.names.define(r)
            self.line(f"{self.ctype(op, r.type)} {name};")
            names.append(name)
        return names

    def _assign(self, op: Operation, targets: Sequence[str], values: Sequence[SSAValue]) -> None:
        """`target = value;` for each pair, as one simultaneous assignment.

        When a later value is read from a variable an earlier pair overwrites (e.g. a
        loop that yields its iter_args swapped), the values go through temporaries.
        """
        pairs = [
            (target, self.name(value), value)
            for target, value in _matched(op, ("result(s)", "value(s) passed"), targets, values)
            if self.name(value) != target
        ]
        written: set[str] = set()
        clobbered = False
        for target, source, _ in pairs:
            clobbered = clobbered or source in written
            written.add(target)
        if clobbered:
            temps = []
            for target, source, value in pairs:
                temp = self.names.claim(f"{target}_next")
                self.line(f"{self.ctype(op, value.type)} {temp} = {source};")
                temps.append((target, temp, value))
            pairs = temps
        for target, source, _ in pairs:
            self.line(f"{target} = {source};")

    def _emit_region_body(self, block: Block, results: Sequence[str]) -> None:
        """Emit a block ending in scf.yield; assign the yielded values to `results`."""
        self.level += 1
        # (a yield's operands: its values)
        self.emit_block(block, lambda end: self._assign(end, results, end._operands))
        self.level -= 1

    @_handles(scf.ForOp)
    def _for(self, op: scf.ForOp) -> None:
        body = op.body.block
        iv, *carried = body.args
        carried_names = []
        for arg, init, result in _matched(
            op,
            ("loop-carried value(s)", "initial value(s)", "result(s)"),
            carried,
            op.iter_args,
            op.results,
        ):
            name = self.names.define(arg)
            self.line(f"{self.ctype(op, arg.type)} {name} = {self.name(init)};")
            self.names.alias(result, name)
            carried_names.append(name)
        i = self.names.define(iv)
        lb, ub, step = self.name(op.lb), self.name(op.ub), self.name(op.step)
        self.line(f"for ({self.ctype(op, iv.type)} {i} = {lb}; {i} < {ub}; {i} += {step}) {{")
        self._emit_region_body(body, carried_names)
        self.line("}")

    @_handles(scf.IfOp)
    def _if(self, op: scf.IfOp) -> None:
        results = self._declare_results(op)
        self.line(f"if ({self.name(_item(op._operands, 0))}) {{")  # (its condition)
        self._emit_region_body(op.true_region.block, results)
        if op.false_region.blocks and (results or _has_work(op.false_region.block)):
            self.line("} else {")
            self._emit_region_body(op.false_region.block, results)
        self.line("}")

    @_handles(scf.WhileOp)
    def _while(self, op: scf.WhileOp) -> None:
        results = self._declare_results(op)
        before, after = op.before_region.block, op.after_region.block
        state = []
        for arg, init in _matched(
            op, ("loop argument(s)", "initial value(s)"), before.args, op._operands
        ):  # (a while loop's operands: its initial values)
            name = self.names.define(arg)
            self.line(f"{self.ctype(op, arg.type)} {name} = {self.name(init)};")
            state.append(name)

        def condition(inner: Operation) -> None:
            condition, *passed = inner._operands  # (the condition, then the args)
            self.line(f"if (!{self.name(condition)}) {{")
            self.level += 1
            self._assign(inner, results, passed)
            self.line("break;")
            self.level -= 1
            self.line("};")  # pyasc ends the while loop's blocks with `};`
            for arg, value in _matched(
                inner, ("after-region argument(s)", "value(s) passed"), after.args, passed
            ):
                self.declare(op, arg, self.name(value))

        self.line("while (true) {")
        self.level += 1
        self.emit_block(before, condition, _IS_CONDITION)
        # (a yield's operands: its values)
        self.emit_block(after, lambda end: self._assign(end, state, end._operands))
        self.level -= 1
        self.line("};")

    @_handles(scf.IndexSwitchOp)
    def _switch(self, op: scf.IndexSwitchOp) -> None:
        results = self._declare_results(op)
        self.line(f"switch ({self.name(op.arg)}) {{")
        for case, region in _matched(
            op, ("case value(s)", "case region(s)"), op.cases.get_values(), op.case_regions
        ):
            self.line(f"case {case}: {{")
            self._emit_region_body(region.block, results)
            self.line("} break;")
        self.line("default: {")
        self._emit_region_body(op.default_region.block, results)
        self.line("}")
        self.line("}")


@functools.lru_cache(maxsize=1024)
def _identifier_problem(name: str) -> str | None:
    """`identifier_problem` asked once per name (a struct's members print per access)."""
    return identifier_problem(name)


def _check_one_block(f: func.FuncOp) -> None:
    """A function body is one block: C++ has no branches between blocks."""
    if len(f.body.blocks) > 1:
        raise EmissionError(
            f,
            f"a function of {len(f.body.blocks)} blocks (branches between blocks, `cf` ops) "
            "has no Ascend C form: write its control flow with scf ops",
        )


def _check_kernel_params(f: func.FuncOp) -> None:
    """A kernel of a known type whose parameters are what its launcher passes (the
    hidden ones are in the IR: `ascendc-legalize-kernel-args` adds them)."""
    problem = kind_problem(f)
    if problem is not None:
        raise EmissionError(f, problem)


def verification_problem(op: Operation) -> str | None:
    """Why `op` itself (not its nested ops) does not verify, or None: what
    `op.verify(verify_nested_ops=False)` says, without the diagnostic xDSL builds on a
    failure (it prints the op's whole module into the exception's notes, which nobody
    reads here: a third of the time of refusing a mutated module)."""
    try:
        problem = _placement_problem(op)
        if problem is None:
            op.verify_()
    except VerifyException as e:
        return str(e)
    except Exception as e:  # a verifier that trips over malformed IR
        return f"{type(e).__name__}: {e}"
    return problem


def _placement_problem(op: Operation) -> str | None:
    """The rules `Operation.verify` checks before the op's own verifier, in its order and
    words (an erased operand is a ValueError there, as here): the operands exist, an op
    with successors ends its block and branches within its region, and the last op of a
    block is a terminator unless its region's op needs none."""
    if any(isinstance(v, ErasedSSAValue) for v in op.operands):
        raise ValueError("Erased SSA value is used by the operation")
    block = op.parent
    region = None if block is None else block.parent
    if op.successors:
        if block is None or region is None:
            return (
                f"Operation {op.name} with block successors does not belong to a block or a region"
            )
        if block.last_op is not op:
            return f"Operation {op.name} with block successors must terminate its parent block"
        if any(succ.parent != region for succ in op.successors):
            return f"Operation {op.name} is branching to a block of a different region"
    if block is None or region is None or block.last_op is not op or op.has_trait(IsTerminator):
        return None
    if len(region.blocks) > 1:
        return f"Operation {op.name} terminates block in multi-block region but is not a terminator"
    holder = region.parent
    if len(region.blocks) == 1 and holder is not None and not holder.has_trait(NoTerminator):
        return (
            f"Operation {op.name} terminates block in single-block region but is not a terminator"
        )
    return None


def unexpected_error(op: Operation, e: BaseException) -> EmissionError:
    """The EmissionError for an exception the printer did not expect while printing `op`:
    the first op in `op` (itself included) that does not verify, if there is one."""
    if isinstance(e, RecursionError):
        return EmissionError(op, "the IR is nested too deeply to print")
    for inner in op.walk():
        problem = verification_problem(inner)
        if problem is not None:
            return EmissionError(inner, f"the op does not verify: {problem}")
    return EmissionError(op, f"internal error: {type(e).__name__}: {e}")


@contextmanager
def _guard(op: Operation) -> Iterator[None]:
    """Turn an unexpected exception while printing `op` into an EmissionError for it."""
    try:
        yield
    except EmissionError:
        raise
    except Exception as e:
        raise unexpected_error(op, e) from None


_VERIFIED: ContextVar[ModuleOp | None] = ContextVar("asc_xdsl_verified_module", default=None)


@contextmanager
def verified(module: ModuleOp) -> Iterator[None]:
    """Within this block `check_printable(module)` trusts the caller, who has just
    verified `module` (asc-opt, after the last pass, unless `--disable-verify`): a second
    verification cost as much as the printing."""
    token = _VERIFIED.set(module)
    try:
        yield
    finally:
        _VERIFIED.reset(token)


def check_printable(module: ModuleOp) -> None:
    """Raise an EmissionError for the first op that does not verify: the printer's rules
    assume verified IR (operand counts, properties, enum values), so IR that was never
    verified (`--disable-verify`) is checked op by op before any of it is printed."""
    if _VERIFIED.get() is module:
        return
    for op in module.walk():
        problem = verification_problem(op)
        if problem is not None:
            raise EmissionError(op, f"the op does not verify: {problem}")


def _is_i1(t: Attribute) -> bool:
    return _IS_INTEGER_TYPE[type(t)] and t.width.data == 1  # type: ignore[attr-defined]


def _wrapping_type(op: Operation, t: Attribute) -> str | None:
    """The unsigned C++ type that computes `op` (add/sub/mul) of type `t` without signed
    overflow, or None when C++'s own arithmetic cannot overflow: narrow types promote to
    int (but `uint16_t * uint16_t` can overflow int), unsigned ones wrap, and `nsw` makes
    overflow poison in MLIR as in C++."""
    flags = op.properties.get("overflowFlags")
    if flags is not None and arith.IntegerOverflowFlag.NSW in flags.data:  # type: ignore[attr-defined]
        return None
    if _IS_INDEX_TYPE[type(t)]:
        return "uint64_t"
    width = t.width.data  # type: ignore[attr-defined]
    if t.signedness.data == Signedness.UNSIGNED:  # type: ignore[attr-defined]
        return "uint32_t" if width == 16 and op.name == "arith.muli" else None
    return f"uint{width}_t" if width >= 32 else None


def _int_range_within(inner: IntegerType, outer: IntegerType) -> bool:
    """Every value of `inner` is one of `outer` (a conversion that never narrows)."""
    (lo, hi), (olo, ohi) = _int_range(inner), _int_range(outer)
    return outer.width.data > 1 and olo <= lo and hi <= ohi


def _int_range(t: IntegerType) -> tuple[int, int]:
    bounds = int_bounds(t)
    assert bounds is not None
    return bounds


def _int_constant(value: SSAValue) -> int | None:
    """The value of an integer `constexpr` (an arith.constant), else None."""
    owner = value.owner
    if (
        isinstance(owner, arith.ConstantOp)
        and isinstance(owner.value, IntegerAttr)
        and isinstance(value.type, IntegerType)
    ):
        return owner.value.value.data
    return None


def _enum_constant(cpp: str, value: SSAValue) -> str | None:
    """An integer constant of an enum whose numbers the headers do not publish (the
    compiler's builtins, `cube.BUILTIN_ENUMS`), by its name (`QuantMode_t::QF322F16_PRE`):
    a cast of the number would pick whatever value the compiler's enum has there."""
    from asc_xdsl.dialects.ascendc.cube import BUILTIN_ENUMS

    known = BUILTIN_ENUMS.get(cpp)
    owner = value.owner
    attr = owner.properties.get("value") if isinstance(owner, arith.ConstantOp) else None
    if known is None or not isinstance(attr, IntegerAttr):
        return None
    names, number = known[0], attr.value.data
    return f"{cpp}::{names[number]}" if 0 <= number < len(names) else None


ENUM_HELPERS: dict[str, tuple[str, str]] = {
    "QuantMode_t": ("ToQuantMode", "asc.QuantModes"),
    "pad_t": ("ToPadMode", "asc.pad_t"),
}
"""The function that turns a run-time number of a builtin enum (`cube.BUILTIN_ENUMS`) into
the enumerator of that name, and the language's enum that numbers it; printed before the
module's functions when one of them uses it."""

_NPU_ARCH_3510 = "#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510)"


def enum_helper_lines(cpp: str) -> list[str]:
    """The definition of `ENUM_HELPERS[cpp]`: a switch from the language's numbers to
    the enumerators by name (those past the ones every arch has under Ascend 950's
    `__NPU_ARCH__`); a number outside the language's enum gives the first enumerator
    (NoQuant, PAD_NONE: the structs' defaults; the simulator reports such a number)."""
    from asc_xdsl.dialects.ascendc.cube import BUILTIN_ENUMS

    names, common = BUILTIN_ENUMS[cpp]
    helper, numbering = ENUM_HELPERS[cpp]
    lines = [
        f"// {cpp} from the numbers of {numbering}, by the enumerators' names (the",
        "// compiler's own numbers are not published)",
        f"__inline__ __attribute__((always_inline)) __aicore__ {cpp} {helper}(int32_t mode) {{",
        f"{INDENT}switch (mode) {{",
    ]
    for number, name in enumerate(names):
        if number == common:
            lines.append(_NPU_ARCH_3510)
        lines.append(f"{INDENT * 2}case {number}: return {cpp}::{name};")
    if common < len(names):
        lines.append("#endif")
    lines += [f"{INDENT * 2}default: return {cpp}::{names[0]};", f"{INDENT}}}", "}"]
    return lines


def _constant_fits(value: SSAValue, t: IntegerType) -> bool:
    """An integer `constexpr` whose value `t` holds: it initialises a `t` in braces
    without a cast. Not for bool targets (an integer is no bool there)."""
    v = _int_constant(value)
    if v is None or value.type.width.data == 1 or t.width.data == 1:  # type: ignore[attr-defined]
        return False
    lo, hi = _int_range(t)
    return lo <= v <= hi


def _nested_aggregate(
    op: ConstructOp, entry: dict[str, Any] | None, fields: Sequence[StructField]
) -> bool:
    """An aggregate whose members are all structs, at least one built by a construct
    with fields: printed member by member (`_construct_by_members`)."""
    return (
        entry is not None
        and entry["kind"] == "aggregate"
        and not op.is_constexpr
        and not op.is_static
        and bool(fields)
        and all(f.role == "struct" for f in fields)
        and any(
            _is_construct(v.owner) and v.owner.operands_ and v.owner.entry() for v in op.operands_
        )
    )


def _is_construct(op: object) -> TypeGuard[ConstructOp]:
    """`isinstance(op, ConstructOp)` without loading its module: no construct exists
    before it is loaded (`ascendc.LAZY_OPS`)."""
    module = sys.modules.get("asc_xdsl.dialects.ascendc.construct")
    return module is not None and isinstance(op, module.ConstructOp)


def _assigned_by_members(op: ConstructOp) -> bool:
    """A struct with fields whose one use is a struct of structs printed member by
    member: its fields are assigned there, so it needs no variable of its own."""
    user = op.result.get_user_of_unique_use() if op.operands_ else None
    if not _is_construct(user) or op.entry() is None:
        return False
    entry = user.entry()
    try:
        return _nested_aggregate(user, entry, user.fields())
    except VerifyException:
        return False


def _nonnegative_constant(value: SSAValue) -> bool:
    """A `constexpr` integer that is >= 0: it converts to uint64_t in braces without a
    cast (a constant expression whose value fits is not narrowing)."""
    v = _int_constant(value)
    return v is not None and v >= 0


def _matmul_configs(module: ModuleOp) -> tuple[dict[str, str], list[Operation]]:
    """Each distinct MatmulConfig the module's matmul types use -> the name it is
    declared under (`CFG`, `CFG_1`, ...), in order of first use; and the module's
    `ascendc.quant` ops, in order (for `_quant_configs`: one walk finds both)."""
    names: dict[str, str] = {}
    quants: list[Operation] = []
    is_matmul = _IS_MATMUL_TYPE
    matmul_seen: set[int] = set()  # matmul type objects already named

    def name_config(t: Attribute) -> None:
        if id(t) in matmul_seen:
            return
        matmul_seen.add(id(t))  # (the module holds `t`: its id stays its own)
        initializer = config_initializer(t.config)  # type: ignore[attr-defined]
        if initializer not in names:
            names[initializer] = f"CFG_{len(names)}" if names else "CFG"

    # (each type is tested where it is met, in the order a list of the op's types had;
    # not operands: each is a result or block argument met before, with its type. The
    # values' types are read from `_type`, the field behind xDSL's `type` property.)
    for op in ops_in(module):
        for v in op.results:
            if is_matmul[type(t := v._type)]:
                name_config(t)
        if op.regions:
            for r in op.regions:
                for b in r.blocks:
                    for a in b.args:
                        if is_matmul[type(t := a._type)]:
                            name_config(t)
        if op.properties:
            for t in op.properties.values():
                if is_matmul[type(t)]:
                    name_config(t)
        if op.attributes:
            for t in op.attributes.values():
                if is_matmul[type(t)]:
                    name_config(t)
        name = op.name
        if name == "ascendc.quant":
            quants.append(op)
        elif (
            name == "func.func"
            and isinstance(op, func.FuncOp)
            and isinstance(function_type := op.properties.get("function_type"), FunctionType)
        ):  # a declaration's parameters (unverified input may lack the property)
            for t in (*function_type.inputs.data, *function_type.outputs.data):
                if is_matmul[type(t)]:
                    name_config(t)
    return names, quants


@functools.lru_cache(maxsize=256)
def _type_text(t: Attribute) -> str:
    """`str(t)`, once per type (xDSL prints it with a new Printer each time)."""
    return str(t)


_SHARED_CTYPES: dict[int, tuple[Attribute, str]] = {}
"""IR type (by identity, kept alive here) -> its C++ spelling, across modules, for the
types whose spelling is the same in every module (`module_independent`: builtin scalars
and pointers to them; the frontend shares their objects between compiles)."""
_SHARED_CTYPES_LIMIT = 4096

_item = tuple.__getitem__
"""An item of an op's operand or result tuple (`SSAValues`, whose own `__getitem__` is a
Python call per index)."""


_CONSTANT_OPS = ("arith.constant", "emitasc.constant")


def _quant_configs(quants: Sequence[Operation]) -> dict[Operation, tuple[str, str]]:
    """AscendQuant takes its config as a `const AscendQuantConfig&` template argument,
    which must be a constexpr object with linkage: each config (a construct of
    constants) of the `quants` ops -> the namespace-scope name it is declared under
    (`QUANT_CFG`, `QUANT_CFG_1`, ... per distinct value) and its constructor arguments."""
    names: dict[str, str] = {}
    out: dict[Operation, tuple[str, str]] = {}
    for op in quants:  # (the module's `ascendc.quant` ops, in order: `_matmul_configs`)
        try:
            config = op.config  # type: ignore[attr-defined]
        except (AttributeError, IndexError, KeyError):  # unverified IR: printing it reports it
            continue
        if config is None:
            continue
        construct = config.owner
        if not _is_construct(construct):
            raise EmissionError(
                op, "AscendQuant's config must be built in the kernel (asc.adv.QuantConfig(...))"
            )
        values = []
        for v in construct.operands:
            owner = v.owner
            while (
                isinstance(owner, Operation)
                and owner.name == "builtin.unrealized_conversion_cast"  # i32 -> ui32
                and owner.operands
            ):
                owner = owner.operands[0].owner
            is_constant = isinstance(owner, Operation) and owner.name in _CONSTANT_OPS
            constant = owner.properties.get("value") if is_constant else None
            if not (isinstance(constant, IntegerAttr) and constant.value.data >= 0):
                raise EmissionError(
                    op,
                    "AscendQuant's config is a constexpr template argument: build "
                    "asc.adv.QuantConfig from compile-time integers >= 0",
                )
            values.append(str(constant.value.data))
        args = ", ".join(values)
        if args not in names:
            names[args] = f"QUANT_CFG_{len(names)}" if names else "QUANT_CFG"
        out[construct] = (names[args], args)
    return out


def _module_level_declaration(op: Operation) -> bool:
    """An op without operands that prints itself (its emitter, `emitters/`)."""
    spec = getattr(type(op), "SPEC", None)
    return (
        spec is not None
        and emitter_of(op.name, spec) is not None
        and not op.operands
        and not op.results
    )


def _own_emitter(op: Operation) -> Emitter:
    emitter = emitter_of(op.name, getattr(type(op), "SPEC", None))
    if emitter is None:
        raise EmissionError(op, "this op has no Ascend C form")
    return emitter


def _has_work(block: Block) -> bool:
    return any(not _IS_YIELD[type(op)] for op in block.ops)


def emit_ascendc(module: ModuleOp, stream: IO[str], headers: Sequence[str] = ()) -> None:
    """Print `module` as Ascend C to `stream`, `#include`-ing `headers` before the
    module's own `emitasc.include`s; raises EmissionError for unprintable IR."""
    AscendCEmitter(stream).emit_module(module, headers)


def is_kernel(f: func.FuncOp) -> bool:
    return isinstance(f.attributes.get(KERNEL_ATTR), UnitAttr)


__all__ = ["AICORE_ATTR", "KERNEL_ATTR", "EmissionError", "emit_ascendc", "is_kernel"]
