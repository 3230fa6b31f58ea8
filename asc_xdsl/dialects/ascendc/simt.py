"""SIMT vector functions (Ascend 950 / arch 3510): one function run by many threads.

A *SIMT vector function* is a `func.func` marked `ascendc.simt_vf = N : i32` (C++:
`__simt_vf__ __launch_bounds__(N) inline void f(...)`, N the most threads a call may
start, 1 to 2048, 1024 when the source gives none); the kernel starts it through
`ascendc.simt.vf_call(args) {callee = @f, dim_x, dim_y, dim_z}`
(`asc_vf_call<f>(dim3(x, y, z), args...)`), which runs the body once per thread of the
x * y * z thread block (at most N, at most 2048). Inside, the body is scalar code
(arith, scf) over the SIMT builtins and pointer accesses:

    %t = ascendc.simt.thread_idx {dim = "x"} : () -> ui32      // threadIdx.x
    %b = ascendc.simt.block_idx {dim = "x"} : () -> ui32       // blockIdx.x
    %n = ascendc.simt.block_dim {dim = "x"} : () -> ui32       // blockDim.x
    %g = ascendc.simt.grid_dim {dim = "x"} : () -> ui32        // gridDim.x
    %c = ascendc.simt.clock : () -> ui64                       // clock()
    %v = ascendc.simt.load %p, %i : memref<?xf32, 22 : i64>, i32 -> f32     // p[i]
    ascendc.simt.store %q, %i, %v : memref<?xf32, 26 : i64>, i32, f32        // q[i] = v
    ascendc.simt.printf (%t : ui32) {desc = "t=%u\0A"}          // printf("t=%u\n", t)

A pointer is a `__gm__ T*` (`memref<?xT, 22>`, a kernel's GM address) or a `__ubuf__
T*` (`memref<?xT, 26>`, a local tensor's `ascendc.reg.ub_ptr`). `blockIdx.x` is the
block (GetBlockIdx), `gridDim.x` the block count (GetBlockNum); their y and z are 0 and
1 (the launch grid is one-dimensional). `clock()` is `__asc_simt_vf::clock()`
(`utils/debug/asc_time.h`), the core's cycle counter, and `printf` the SIMT overload
`__asc_simt_vf::printf` (`utils/debug/asc_printf.h`).

The verifier refuses a SIMT op outside a SIMT vector function, a `simt.vf_call` inside
one (or whose callee is not one, or whose arguments do not match it, or whose thread
dims are not 1 or more each, at most 2048 together and at most the callee's launch
bound), any other AscendC op inside a SIMT vector function (the body may call only
`__simt_callee__` functions: the kernel APIs are `__aicore__`), and all of them in a
module for a SoC other than an Ascend 950 part.

Sources: `include/simt_api/common_functions.h` (`asc_vf_call(dim3, args...)`),
`include/utils/debug/asc_time.h`, the CPU-debug `kernel_simt_cpu.h` (dim3 builtins),
docs/zh/api/SIMT-API (内置变量, 核函数配置: `__launch_bounds__`, the 2048 threads;
函数执行空间限定符: `__simt_vf__`) and Utils-API/调测接口/clock.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    Signedness,
    StringAttr,
    SymbolRefAttr,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.traits import MemoryEffectKind, SymbolTable, get_effects
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import SIMT_ATTR, EmitKind
from asc_xdsl.dialects.ascendc.reg import (
    SAMPLE_SOC,
    UB_MEMORY_SPACE,
    TypeBound,
    check_soc,
    enclosing_function,
    typed_format,
)
from asc_xdsl.dialects.ascendc.spec import (
    ANY,
    INT,
    SCALAR,
    Arity,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    PropKind,
    Result,
    SpecOp,
    TypeRule,
    exact,
)
from asc_xdsl.soc import SOC_ATTR

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.simt import *  # noqa: F403

GM_MEMORY_SPACE = 22
"""memref memory space of a `__gm__` pointer (a kernel's GM address)."""
MAX_THREADS = 2048
"""The most threads an `asc_vf_call` may start (x * y * z; the asc_vf_call page)."""
DEFAULT_LAUNCH_BOUND = 1024
"""A `__simt_vf__` function's launch bound when its source gives none (核函数配置)."""
DIMS = ("x", "y", "z")
U32 = IntegerType(32, Signedness.UNSIGNED)
U64 = IntegerType(64, Signedness.UNSIGNED)


def _space(t: Attribute) -> int | None:
    if not isinstance(t, MemRefType):
        return None
    space = t.memory_space
    return space.value.data if isinstance(space, IntegerAttr) else None


def is_pointer(t: Attribute) -> bool:
    """A `__gm__ T*` or `__ubuf__ T*` (memref in memory space 22 or 26)."""
    return _space(t) in (GM_MEMORY_SPACE, UB_MEMORY_SPACE)


def pointer_type(element: Attribute, space: int = GM_MEMORY_SPACE) -> MemRefType:
    return MemRefType(element, [DYNAMIC_INDEX], memory_space=IntegerAttr(space, 64))


def pointer(var: str = "T") -> TypeRule:
    """A `__gm__ T*` or `__ubuf__ T*` whose element type is variable `var`."""
    return TypeRule(
        TypeBound("a __gm__ or __ubuf__ pointer (memref<?xT, 22 or 26>)", is_pointer, var),
        f"__gm__/__ubuf__ {var}*",
        lambda v: pointer_type(v[var]),
        var,
    )


def is_simt_function(f: func.FuncOp | None) -> bool:
    return f is not None and isinstance(f.attributes.get(SIMT_ATTR), IntegerAttr)


def launch_bound(f: func.FuncOp) -> int:
    """A SIMT vector function's `__launch_bounds__` (the most threads a call starts)."""
    attr = f.attributes[SIMT_ATTR]
    return attr.value.data  # type: ignore[attr-defined]


def verify_simt_function(f: func.FuncOp) -> None:
    """A SIMT vector function: a launch bound of 1 to 2048, no results, and no AscendC op
    of the kernel side in its body (it calls `__simt_callee__` functions only)."""
    bound = launch_bound(f)
    if not 1 <= bound <= MAX_THREADS:
        raise VerifyException(
            f"SIMT vector function @{f.sym_name.data}: __launch_bounds__({bound}) is not "
            f"in 1..{MAX_THREADS}"
        )
    if f.function_type.outputs.data:
        raise VerifyException(
            f"SIMT vector function @{f.sym_name.data} must return nothing (asc_vf_call "
            "has no result)"
        )
    found = body_problem(f)
    if found is not None:
        raise VerifyException(found[1])


def body_problem(f: func.FuncOp) -> tuple[Operation, str] | None:
    """The first op a SIMT vector function's body may not hold, and why (None: none):
    an AscendC op of the kernel side or the Reg layer, or a call."""
    for op in f.walk():
        name = op.name
        if isinstance(op, func.CallOp):
            return op, (
                f"call of @{op.callee.root_reference.data} inside SIMT vector function "
                f"@{f.sym_name.data}: a __simt_vf__ function calls __simt_callee__ "
                "functions only, which asc_xdsl does not model (inline the helper)"
            )
        if name.startswith(("ascendc.", "emitasc.")) and not name.startswith("ascendc.simt."):
            return op, (
                f"'{name}' inside SIMT vector function @{f.sym_name.data}: a __simt_vf__ "
                "function runs scalar code, the ascendc.simt ops and __simt_callee__ "
                "functions only (the kernel and Reg APIs are not callable there)"
            )
    return None


class SimtOp(SpecOp):
    """A SIMT op: inside a SIMT vector function, on Ascend 950; a pointer's element type
    and the value loaded or stored agree."""

    IN_SIMT: ClassVar[bool] = True
    NAMESPACE: ClassVar[str] = ""  # (the SIMT builtins are global; clock's API names its own)

    def verify_(self) -> None:
        super().verify_()
        check_soc(self, "SIMT (__simt_vf__ functions)")
        f = enclosing_function(self)
        if self.IN_SIMT and not is_simt_function(f):
            where = f"function @{f.sym_name.data}" if f is not None else "no function"
            raise VerifyException(
                f"'{self.name}': a SIMT op must be inside a SIMT vector function (a "
                f"func.func marked {SIMT_ATTR}, printed __simt_vf__), not in {where}"
            )
        ptr = getattr(self, "ptr", None)
        value = self.results[0] if self.results else getattr(self, "value", None)
        if isinstance(ptr, SSAValue) and isinstance(value, SSAValue):
            element = ptr.type.element_type  # type: ignore[attr-defined]
            if value.type != element:
                raise VerifyException(
                    f"'{self.name}': the value is {value.type}, the pointer's elements "
                    f"are {element}"
                )
        dim = self.properties.get("dim")
        if dim is not None and (not isinstance(dim, StringAttr) or dim.data not in DIMS):
            raise VerifyException(f'\'{self.name}\': dim must be "x", "y" or "z", got {dim}')

    @classmethod
    def complete_sample(cls, module: ModuleOp, f: func.FuncOp, op: Operation) -> None:
        """The op's sample is for an Ascend 950 part, in a SIMT vector function (the
        call's: in a plain function)."""
        module.attributes[SOC_ATTR] = StringAttr(SAMPLE_SOC)
        if cls.IN_SIMT:
            f.attributes[SIMT_ATTR] = IntegerAttr(DEFAULT_LAUNCH_BOUND, i32)


class SimtVfCallBase(SimtOp):
    """`asc_vf_call<f>(dim3(x, y, z), args...)`: from a kernel, of a SIMT vector function
    of the module whose parameters match `args`, x * y * z threads."""

    IN_SIMT: ClassVar[bool] = False

    def threads(self) -> tuple[int, int, int]:
        return tuple(self.properties[f"dim_{d}"].value.data for d in DIMS)  # type: ignore[return-value, attr-defined]

    def verify_(self) -> None:
        super().verify_()
        from asc_xdsl.dialects.ascendc.reg import in_vec_scope, is_vector_function

        caller = enclosing_function(self)
        if is_simt_function(caller) or is_vector_function(caller) or in_vec_scope(self):
            raise VerifyException(
                f"'{self.name}': a SIMT vector function is started from a kernel or an "
                "__aicore__ function, not from a vector function"
            )
        dims = self.threads()
        if min(dims) < 1:
            raise VerifyException(
                f"'{self.name}': thread dims dim3{dims} must be 1 or more in each dimension"
            )
        total = dims[0] * dims[1] * dims[2]
        if total > MAX_THREADS:
            raise VerifyException(
                f"'{self.name}': dim3{dims} starts {total} threads, more than the "
                f"{MAX_THREADS} an asc_vf_call may start"
            )
        target = self.callee_function()
        ref = self.properties.get("callee")
        if not isinstance(ref, SymbolRefAttr) or ref.nested_references.data:
            raise VerifyException(f"'{self.name}': callee must be a symbol (@f), got {ref}")
        callee = ref.root_reference.data
        if target is None:
            raise VerifyException(f"'{self.name}': no function @{callee} in the module")
        if not is_simt_function(target):
            raise VerifyException(
                f"'{self.name}': @{callee} is not a SIMT vector function (mark it {SIMT_ATTR})"
            )
        bound = launch_bound(target)
        if total > bound:
            raise VerifyException(
                f"'{self.name}': dim3{dims} starts {total} threads, more than @{callee}'s "
                f"__launch_bounds__({bound})"
            )
        expected = list(target.function_type.inputs.data)
        got = [a.type for a in self.operands]
        if expected != got:
            raise VerifyException(
                f"'{self.name}': @{callee} takes ({', '.join(map(str, expected))}), "
                f"called with ({', '.join(map(str, got))})"
            )
        verify_simt_function(target)

    def callee_function(self) -> func.FuncOp | None:
        ref = self.properties.get("callee")
        if not isinstance(ref, SymbolRefAttr):
            return None
        found = SymbolTable.lookup_symbol(self, ref)
        return found if isinstance(found, func.FuncOp) else None

    def argument_effects(self) -> list[tuple[SSAValue, bool]]:
        """(argument, writes) for what the function's body does through its pointer
        arguments (GM and UB), as `reg.vf_call`'s summary: an effect on a pointer that
        is not a parameter, or a call inside, reads and writes every pointer."""
        f = self.callee_function()
        pointers = [a for a in self.args if is_pointer(a.type)]
        everything = [(a, w) for a in pointers for w in (False, True)]
        if f is None or not f.body.blocks:
            return everything
        params = dict(zip(f.body.block.args, self.args, strict=False))
        found: dict[tuple[SSAValue, bool], None] = {}
        for op in f.walk():
            effects = get_effects(op)
            if effects is None:
                if isinstance(op, func.CallOp):
                    return everything
                continue
            for e in effects:
                if e.kind not in (MemoryEffectKind.READ, MemoryEffectKind.WRITE):
                    continue
                if e.value is None:
                    continue
                arg = params.get(e.value)  # type: ignore[arg-type]
                if arg is None:
                    if is_pointer(e.value.type):
                        return everything
                    continue
                found[(arg, e.kind is MemoryEffectKind.WRITE)] = None
        return list(found)

    @classmethod
    def complete_sample(cls, module: ModuleOp, f: func.FuncOp, op: Operation) -> None:
        """The sample starts an empty SIMT vector function of its arguments' types."""
        super().complete_sample(module, f, op)
        inputs = f.function_type.inputs.data
        callee = func.FuncOp(
            "sample_simt_vf", (inputs, []), Region(Block([func.ReturnOp()], arg_types=inputs))
        )
        callee.attributes[SIMT_ATTR] = IntegerAttr(DEFAULT_LAUNCH_BOUND, i32)
        module.body.block.add_op(callee)
        op.properties["callee"] = SymbolRefAttr("sample_simt_vf")


def _add(
    cls: str,
    mnemonic: str,
    api: str,
    operands: tuple[Operand, ...] = (),
    results: tuple[Result, ...] = (),
    *,
    props: tuple[Prop, ...] = (),
    sim: str,
    doc: str,
    base: type[SpecOp] = SimtOp,
    example: dict | None = None,
    emit: EmitKind = EmitKind.CUSTOM,
) -> None:
    spec = OpSpec(
        f"simt.{mnemonic}",
        api,
        operands,
        props=props,
        results=results,
        emit=emit,
        pipe="V",
        py=None,  # (the Python API is asc_xdsl.language.simt)
        sim=f"simt:{sim}",
        doc=doc,
        format=typed_format(operands, results),
        example=dict(example or {}),
    )
    FAMILY.add(cls, spec, base)


_DIM = Prop("dim", kind=PropKind.STRING)
_U32 = Result("value", exact(U32))

_add(
    "SimtVfCallOp",
    "vf_call",
    "asc_vf_call",
    (Operand("args", ANY, arity=Arity.VARIADIC),),
    props=(
        Prop("callee", kind=PropKind.ATTR),
        Prop("dim_x", kind=PropKind.INT),
        Prop("dim_y", kind=PropKind.INT),
        Prop("dim_z", kind=PropKind.INT),
    ),
    sim="vf_call",
    base=SimtVfCallBase,
    example={"callee": SymbolRefAttr("sample_simt_vf"), "dim_x": 32, "dim_y": 2, "dim_z": 1},
    doc="`asc_vf_call<callee>(dim3(dim_x, dim_y, dim_z), args...)`: run the SIMT vector "
    "function @callee once per thread of a dim_x * dim_y * dim_z block (at most 2048, at "
    "most its __launch_bounds__).",
)
for _mnemonic, _cls, _api, _what in (
    ("thread_idx", "SimtThreadIdxOp", "threadIdx", "this thread's index in the thread block"),
    ("block_idx", "SimtBlockIdxOp", "blockIdx", "the block's index (GetBlockIdx; y, z: 0)"),
    ("block_dim", "SimtBlockDimOp", "blockDim", "the thread block's size (the call's dim3)"),
    ("grid_dim", "SimtGridDimOp", "gridDim", "the block count (GetBlockNum; y, z: 1)"),
):
    _add(
        _cls,
        _mnemonic,
        _api,
        results=(_U32,),
        props=(_DIM,),
        sim=_mnemonic,
        example={"dim": "x"},
        doc=f"`{_api}.dim` in a SIMT vector function: {_what}.",
    )
_add(
    "SimtClockOp",
    "clock",
    "__asc_simt_vf::clock",
    results=(Result("value", exact(U64)),),
    sim="clock",
    emit=EmitKind.FREE_FUNCTION,
    doc="`clock()` in a SIMT vector function: the core's cycle counter (the simulator: "
    "its modelled cycles, docs/ascend950.md).",
)
_add(
    "SimtLoadOp",
    "load",
    "operator[]",
    (Operand("ptr", pointer("T"), Effect.READ), Operand("index", INT)),
    (Result("value", SCALAR),),
    sim="load",
    emit=EmitKind.SUBSCRIPT,
    example={"T": "f32"},
    doc="`ptr[index]` in a SIMT vector function: one element of GM or UB.",
)
_add(
    "SimtStoreOp",
    "store",
    "operator[]",
    (
        Operand("ptr", pointer("T"), Effect.WRITE),
        Operand("index", INT),
        Operand("value", SCALAR),
    ),
    sim="store",
    example={"T": "f32"},
    doc="`ptr[index] = value` in a SIMT vector function: one element of GM or UB.",
)


class SimtPrintfBase(SimtOp):
    """`printf` in a SIMT vector function: the conversions of `ascendc.printf` decide its
    arguments (the same checks)."""

    def verify_(self) -> None:
        super().verify_()
        from asc_xdsl.dialects.ascendc.debug import verify_printf_format

        verify_printf_format(self)


_add(
    "SimtPrintfOp",
    "printf",
    "__asc_simt_vf::printf",
    (Operand("vars", ANY, arity=Arity.VARIADIC),),
    props=(Prop("desc", kind=PropKind.STRING),),
    sim="printf",
    base=SimtPrintfBase,
    example={"desc": "[simt] a=%d b=%d\n"},
    doc="`printf(fmt, args...)` in a SIMT vector function (`__asc_simt_vf::printf`, "
    "`utils/debug/asc_printf.h`): the conversions of `ascendc.printf`; each thread that "
    "runs it prints a record, without the block prefix.",
)

__all__ = [
    "DEFAULT_LAUNCH_BOUND",
    "FAMILY",
    "GM_MEMORY_SPACE",
    "MAX_THREADS",
    "SimtOp",
    "SimtPrintfBase",
    "SimtVfCallBase",
    "body_problem",
    "is_pointer",
    "is_simt_function",
    "launch_bound",
    "pointer_type",
]
