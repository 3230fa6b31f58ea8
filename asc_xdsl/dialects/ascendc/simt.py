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

The rest of the SIMT API a `__simt_vf__` function calls (`include/simt_api/
device_functions.h`, `device_warp_functions.h`, `device_sync_functions.h`,
`device_atomic_functions.h`):

    %l = ascendc.simt.lane_id : () -> i32                       // laneid()
    %m = ascendc.simt.lanemask_lt : () -> i32                   // lanemask_lt() (eq, le, gt, ge)
    %a = ascendc.simt.activemask : () -> ui32                   // asc_activemask()
    %b = ascendc.simt.ballot %p : i32 -> ui32                   // asc_ballot(p) (all, any: i32)
    %s = ascendc.simt.shfl_down %v, %d, %w : f32, i32, i32 -> f32   // asc_shfl_down(v, d, w)
    %r = ascendc.simt.reduce_add %v : f32 -> f32                // asc_reduce_add(v) (max, min)
    ascendc.simt.syncthreads                                    // asc_syncthreads()
    ascendc.simt.threadfence                                    // asc_threadfence() (_block)
    %o = ascendc.simt.atomic_add %q, %i, %v : memref<?xui32, 22 : i64>, i32, ui32 -> ui32
                                              // __asc_simt_vf::asc_atomic_add(q + i, v)
    ascendc.simt.vf_call_dims %n, %c1, %c1 (%x : ...) {callee = @f} : ui32, i32, i32
                                              // asc_vf_call<f>(dim3(n, 1, 1), x): run-time dims

The half and bfloat16_t overloads (asc_fp16.h, asc_bf16.h) widen DTYPES; the
cooperative groups (`cooperative_groups.h`) are `ascendc.simt.cg_*` ops naming their
group by tile sizes (`{tiles = array<i32: 16>}`: `tiled_partition<16>(
this_thread_block())`); the math and conversion functions one op each, named as the
C++ function without its leading underscores (`%y = ascendc.simt.expf %x : f32 -> f32`,
`ascendc.simt.float2half_rz`).

A `func.func` marked `ascendc.simt_callee` is a `__simt_callee__ inline` helper: SIMT
ops may be in it, and SIMT code calls it with `func.call`. `SYNC` names the ops that
wait for other threads (the warp functions, the barrier), `DTYPES` the element types
each warp function and atomic takes (the atomics: per memory), as the headers'
overloads.

The verifier refuses a SIMT op outside SIMT code (a SIMT vector function or a
`__simt_callee__` helper), a `simt.vf_call` inside it (or whose callee is not a SIMT
vector function, or whose arguments do not match it, or whose thread dims (those
known) are not 1 or more each, at most 2048 together and at most the callee's launch
bound), any other AscendC op or a call of another function inside SIMT code (the
kernel APIs are `__aicore__`), a shuffle width that is not a power of two up to 32, an
element type the headers do not overload, and all of them in a module for a SoC other
than an Ascend 950 part.

Sources: `include/simt_api/common_functions.h` (`asc_vf_call(dim3, args...)`),
`include/simt_api/device_*_functions.h`, `include/utils/debug/asc_time.h`, the
CPU-debug `kernel_simt_cpu.h` (dim3 builtins), docs/zh/api/SIMT-API (内置变量:
warpSize; 核函数配置: `__launch_bounds__`, the 2048 threads; 函数执行空间限定符:
`__simt_vf__`, `__simt_callee__`; Warp函数, 同步与内存栅栏, 原子操作) and
Utils-API/调测接口/clock.md.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, ClassVar

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    BFloat16Type,
    DenseArrayBase,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float16Type,
    Float32Type,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    Signedness,
    StringAttr,
    SymbolRefAttr,
    UnitAttr,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.traits import MemoryEffectKind, SymbolTable, get_effects
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import SIMT_ATTR, SIMT_CALLEE_ATTR, EmitKind, PointerOffset
from asc_xdsl.dialects.ascendc.fp8_types import HiFloat8Type
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
    elem,
    exact,
    predicate,
)
from asc_xdsl.dialects.ascendc.types import AscendCType
from asc_xdsl.dialects.attr_def import attr_definition
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


def is_simt_callee(f: func.FuncOp | None) -> bool:
    """A `__simt_callee__` helper (a func.func marked `ascendc.simt_callee`)."""
    return f is not None and isinstance(f.attributes.get(SIMT_CALLEE_ATTR), UnitAttr)


def is_simt_code(f: func.FuncOp | None) -> bool:
    """A SIMT vector function or a `__simt_callee__` helper: where SIMT ops may be."""
    return is_simt_function(f) or is_simt_callee(f)


def called_function(call: func.CallOp) -> func.FuncOp | None:
    found = SymbolTable.lookup_symbol(call, call.callee)
    return found if isinstance(found, func.FuncOp) else None


def simt_functions(f: func.FuncOp) -> list[func.FuncOp]:
    """`f` and the `__simt_callee__` functions it calls, directly or not (each once)."""
    found = [f]
    i = 0
    while i < len(found):
        for op in found[i].walk():
            if isinstance(op, func.CallOp):
                g = called_function(op)
                if g is not None and is_simt_callee(g) and g not in found:
                    found.append(g)
        i += 1
    return found


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
    """The first op a SIMT vector function's body, or that of a `__simt_callee__`
    function it calls, may not hold, and why (None: none): an AscendC op of the kernel
    side or the Reg layer, a call of a function that is not `__simt_callee__`, or a
    `vf_call`."""
    for g in simt_functions(f):
        what = "SIMT vector function" if is_simt_function(g) else "__simt_callee__ function"
        for op in g.walk():
            name = op.name
            if isinstance(op, func.CallOp):
                target = called_function(op)
                if not is_simt_callee(target):
                    return op, (
                        f"call of @{op.callee.root_reference.data} inside {what} "
                        f"@{g.sym_name.data}: SIMT code calls __simt_callee__ functions only "
                        f"(mark it {SIMT_CALLEE_ATTR}; Python: @asc.simt.callee)"
                    )
            elif name.startswith(("ascendc.", "emitasc.")) and not name.startswith("ascendc.simt."):
                return op, (
                    f"'{name}' inside {what} @{g.sym_name.data}: SIMT code runs scalar "
                    "code, the ascendc.simt ops and __simt_callee__ functions only (the "
                    "kernel and Reg APIs are not callable there)"
                )
            elif isinstance(op, SimtVfCallBase):
                return op, f"'{name}' inside {what} @{g.sym_name.data}: SIMT code cannot start one"
    return None


def needs_lockstep(f: func.FuncOp) -> bool:
    """Whether `f` (or a `__simt_callee__` function it calls) waits for other threads:
    `asc_syncthreads` or a warp function (the simulator then runs its threads as
    coroutines)."""
    return any(op.name in SYNC for g in simt_functions(f) for op in g.walk())


SYNC: dict[str, str] = {}
"""Op name -> "warp" (it exchanges values with the other threads of its warp) or
"block" (it waits for every thread of the block): the simulator runs a function that
has one with its threads as coroutines."""
DTYPES: dict[str, tuple] = {}
"""Op name -> the element types T may be; for the atomics, (GM's, UB's)."""


def _type_name(t: Attribute) -> str:
    """A type as messages name it (the pair types by their C++ names)."""
    cpp = getattr(t, "CPP_CLASS", None)
    return cpp if isinstance(t, AscendCType) and cpp else str(t)


def _constant(value: SSAValue) -> int | None:
    """The value of an integer `arith.constant`, else None."""
    from xdsl.dialects import arith

    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
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
        if self.IN_SIMT and not is_simt_code(f):
            where = f"function @{f.sym_name.data}" if f is not None else "no function"
            raise VerifyException(
                f"'{self.name}': a SIMT op must be inside a SIMT vector function (a "
                f"func.func marked {SIMT_ATTR}, printed __simt_vf__) or a __simt_callee__ "
                f"function, not in {where}"
            )
        self.verify_dtype()
        ptr = getattr(self, "ptr", None)
        value = self.results[0] if self.results else getattr(self, "value", None)
        if isinstance(ptr, SSAValue) and isinstance(value, SSAValue) and not is_pointer(value.type):
            element = ptr.type.element_type  # type: ignore[attr-defined]
            if value.type != element:
                raise VerifyException(
                    f"'{self.name}': the value is {value.type}, the pointer's elements "
                    f"are {element}"
                )
        dim = self.properties.get("dim")
        if dim is not None and (not isinstance(dim, StringAttr) or dim.data not in DIMS):
            raise VerifyException(f'\'{self.name}\': dim must be "x", "y" or "z", got {dim}')

    def verify_dtype(self) -> None:
        allowed = DTYPES.get(self.name)
        if not allowed:
            return
        t = self.results[0].type if self.results else None
        if self.name in MATH:  # (a math function's T: its first operand's type)
            t = self.operands[0].type
        if allowed and isinstance(allowed[0], tuple):  # (an atomic: by memory)
            ptr = self.operands[0]
            ub = _space(ptr.type) == UB_MEMORY_SPACE
            allowed = allowed[1] if ub else allowed[0]
            t = ptr.type.element_type  # type: ignore[attr-defined]
            where = " on UB" if ub else " on GM"
        else:
            where = ""
        if t not in allowed:
            names = ", ".join(_type_name(a) for a in allowed)  # type: ignore[union-attr]
            raise VerifyException(
                f"'{self.name}': {self.SPEC.api}{where} takes {names}, not {_type_name(t)} (the 3510 "
                "headers' overloads)"
            )

    @classmethod
    def complete_sample(cls, module: ModuleOp, f: func.FuncOp, op: Operation) -> None:
        """The op's sample is for an Ascend 950 part, in a SIMT vector function (the
        call's: in a plain function)."""
        module.attributes[SOC_ATTR] = StringAttr(SAMPLE_SOC)
        if cls.IN_SIMT:
            f.attributes[SIMT_ATTR] = IntegerAttr(DEFAULT_LAUNCH_BOUND, i32)


def _pointer_effects(
    f: func.FuncOp, params: dict, found: dict[tuple[SSAValue, bool], None], depth: int
) -> bool:
    """Add to `found` the (caller's value, writes) of `f`'s effects through the pointer
    parameters `params` maps; False when they are not all known that way."""
    if depth > 16 or not f.body.blocks:
        return False
    for op in f.walk():
        if isinstance(op, func.CallOp):
            g = called_function(op)
            if g is None or not is_simt_callee(g) or not g.body.blocks:
                return False
            inner = {
                p: params[a]
                for p, a in zip(g.body.block.args, op.arguments, strict=False)
                if a in params
            }
            if any(is_pointer(a.type) and a not in params for a in op.arguments):
                return False
            if not _pointer_effects(g, inner, found, depth + 1):
                return False
            continue
        effects = get_effects(op)
        if effects is None:
            continue
        for e in effects:
            if e.kind not in (MemoryEffectKind.READ, MemoryEffectKind.WRITE) or e.value is None:
                continue
            arg = params.get(e.value)
            if arg is None:
                if is_pointer(e.value.type):
                    return False
                continue
            found[(arg, e.kind is MemoryEffectKind.WRITE)] = None
    return True


class SimtVfCallBase(SimtOp):
    """`asc_vf_call<f>(dim3(x, y, z), args...)`: from a kernel, of a SIMT vector function
    of the module whose parameters match `args`, x * y * z threads."""

    IN_SIMT: ClassVar[bool] = False

    def threads(self) -> tuple[int, int, int]:
        """The thread dims (x, y, z) as ints; on `vf_call_dims`, those whose operand is
        an `arith.constant` (the others: 1 here; the simulator checks them as it runs)."""
        if "dim_x" in self.properties:
            return tuple(self.properties[f"dim_{d}"].value.data for d in DIMS)  # type: ignore[return-value, attr-defined]
        known = (_constant(getattr(self, f"dim_{d}")) for d in DIMS)
        return tuple(1 if n is None else n for n in known)  # type: ignore[return-value]

    def dim_operands(self) -> tuple[SSAValue, ...] | None:
        """The run-time dims (`vf_call_dims`), None for the compile-time ones."""
        if "dim_x" in self.properties:
            return None
        return tuple(getattr(self, f"dim_{d}") for d in DIMS)

    def verify_(self) -> None:
        super().verify_()
        from asc_xdsl.dialects.ascendc.reg import in_vec_scope, is_vector_function

        caller = enclosing_function(self)
        if is_simt_code(caller) or is_vector_function(caller) or in_vec_scope(self):
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
        got = [a.type for a in self.args]
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
        arguments (GM and UB), as `reg.vf_call`'s summary, following its calls of
        `__simt_callee__` functions (their parameters mapped to the caller's values); an
        effect on a pointer that is not a parameter, or a call of another function,
        reads and writes every pointer."""
        f = self.callee_function()
        pointers = [a for a in self.args if is_pointer(a.type)]
        everything = [(a, w) for a in pointers for w in (False, True)]
        if f is None or not f.body.blocks:
            return everything
        found: dict[tuple[SSAValue, bool], None] = {}
        if not _pointer_effects(f, dict(zip(f.body.block.args, self.args, strict=False)), found, 0):
            return everything
        return list(found)

    @classmethod
    def complete_sample(cls, module: ModuleOp, f: func.FuncOp, op: Operation) -> None:
        """The sample starts an empty SIMT vector function of its arguments' types."""
        super().complete_sample(module, f, op)
        inputs = [a.type for a in op.args]  # type: ignore[attr-defined]
        name = f"sample_simt_{op.name.rpartition('.')[2]}"  # (one per op: a unit holds both)
        callee = func.FuncOp(name, (inputs, []), Region(Block([func.ReturnOp()], arg_types=inputs)))
        callee.attributes[SIMT_ATTR] = IntegerAttr(DEFAULT_LAUNCH_BOUND, i32)
        module.body.block.add_op(callee)
        op.properties["callee"] = SymbolRefAttr(name)


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
    call: tuple | None = None,
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
        call=call,
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
    example={"callee": SymbolRefAttr("sample_simt_vf_call"), "dim_x": 32, "dim_y": 2, "dim_z": 1},
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


def _is_element(t: Attribute) -> bool:
    from asc_xdsl.dialects.ascendc.spec import _is_scalar

    if isinstance(t, VectorType):  # (the 8-bit float pairs: 2 bytes, loaded and stored whole)
        return t.cpp.data in ("hifloat8x2_t", "float8_e4m3x2_t", "float8_e5m2x2_t")
    return _is_scalar(t) or isinstance(t, Half2Type | Bfloat16x2Type)


_ELEMENT = predicate(
    "a scalar number, half2, bfloat16x2_t or an 8-bit float pair",
    _is_element,
    "scalar (or a half2 / bfloat16x2_t pair)",
    Float32Type(),
)
"""What a SIMT pointer points to: a scalar or a pair."""


def _pelem(var: str = "T") -> TypeRule:
    """Type variable `var`: a scalar or a pair (the warp functions, atomics, cache-hinted
    accesses and math functions that half2 / bfloat16x2_t overload)."""
    return TypeRule(
        TypeBound("a scalar, half2 or bfloat16x2_t", _is_element, var), var, lambda v: v[var], var
    )


_add(
    "SimtLoadOp",
    "load",
    "operator[]",
    (Operand("ptr", pointer("T"), Effect.READ), Operand("index", INT)),
    (Result("value", _ELEMENT),),
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
        Operand("value", _ELEMENT),
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

_add(
    "SimtVfCallDimsOp",
    "vf_call_dims",
    "asc_vf_call",
    (
        Operand("dim_x", INT),
        Operand("dim_y", INT),
        Operand("dim_z", INT),
        Operand("args", ANY, arity=Arity.VARIADIC),
    ),
    props=(Prop("callee", kind=PropKind.ATTR),),
    sim="vf_call",
    base=SimtVfCallBase,
    example={"callee": SymbolRefAttr("sample_simt_vf_call_dims")},
    doc="`asc_vf_call<callee>(dim3(dim_x, dim_y, dim_z), args...)` with thread dims known "
    "at run time: each 1 or more, together at most 2048 and at most @callee's "
    "__launch_bounds__ (the static maximum; the simulator checks the values as it runs).",
)

# ---------------------------------------------------------------------------
# Warp functions (simt_api/device_warp_functions.h, device_functions.h): a warp is 32
# threads of consecutive linear index (threadIdx.x + threadIdx.y * blockDim.x + ...)
# ---------------------------------------------------------------------------

WARP_SIZE = 32
"""`warpSize` (内置变量: a constant 32)."""
U32_ = IntegerType(32, Signedness.UNSIGNED)
U64_ = IntegerType(64, Signedness.UNSIGNED)
F16 = Float16Type()
BF16 = BFloat16Type()


@attr_definition
class Half2Type(AscendCType):
    """`half2` (asc_fp16.h): two halves in one 32-bit element, `.x` the low 16 bits."""

    name = "ascendc.half2"
    CPP_CLASS = "half2"


@attr_definition
class Bfloat16x2Type(AscendCType):
    """`bfloat16x2_t` (asc_bf16.h): two bfloat16_t in one 32-bit element, `.x` low."""

    name = "ascendc.bfloat16x2"
    CPP_CLASS = "bfloat16x2_t"


HALF2 = Half2Type()
BF16X2 = Bfloat16x2Type()
PAIRS: dict[Attribute, Attribute] = {HALF2: F16, BF16X2: BF16}
"""The pair types -> their component type."""
PAIR_TYPES = (HALF2, BF16X2)
SHFL_DTYPES = (i32, U32_, Float32Type(), i64, U64_, F16, BF16, HALF2, BF16X2)
"""T of asc_shfl, asc_shfl_up / down / xor (device_warp_functions.h; half, half2:
asc_fp16.h, bfloat16_t, bfloat16x2_t: asc_bf16.h)."""
REDUCE_DTYPES = (i32, U32_, Float32Type(), F16)
"""T of asc_reduce_add / max / min (half: asc_fp16.h; asc_bf16.h has none)."""
_I32 = Result("value", exact(i32))


def _add_sync(
    cls: str, mnemonic: str, api: str, sync: str | None, dtypes: tuple = (), **kw
) -> None:
    kw.setdefault("emit", EmitKind.FREE_FUNCTION)
    if sync:
        SYNC[f"ascendc.simt.{mnemonic}"] = sync
    if dtypes:
        DTYPES[f"ascendc.simt.{mnemonic}"] = dtypes
    _add(cls, mnemonic, api, sim=kw.pop("sim", mnemonic), **kw)


_add_sync(
    "SimtLaneIdOp",
    "lane_id",
    "laneid",
    None,
    results=(_I32,),
    doc="`laneid()` in SIMT code: this thread's index in its warp (0 to 31).",
)
for _kind, _what in (
    ("eq", "equal to"),
    ("lt", "below"),
    ("le", "at most"),
    ("gt", "above"),
    ("ge", "at least"),
):
    _add_sync(
        f"SimtLanemask{_kind.title()}Op",
        f"lanemask_{_kind}",
        f"lanemask_{_kind}",
        None,
        results=(_I32,),
        sim="lanemask",
        doc=f"`lanemask_{_kind}()` in SIMT code: the 32-bit mask of the lanes {_what} this "
        "thread's lane id.",
    )
_add_sync(
    "SimtActivemaskOp",
    "activemask",
    "asc_activemask",
    "warp",
    results=(Result("value", exact(U32)),),
    doc="`asc_activemask()`: the lanes of the warp active here (bit = lane id).",
)
for _mnemonic, _api, _t, _what in (
    ("all", "asc_all", i32, "1 when every active lane's predicate is nonzero, else 0"),
    ("any", "asc_any", i32, "1 when some active lane's predicate is nonzero, else 0"),
    ("ballot", "asc_ballot", U32, "the lanes (bit = lane id) whose predicate is nonzero"),
):
    _add_sync(
        f"Simt{_mnemonic.title()}Op",
        _mnemonic,
        _api,
        "warp",
        operands=(Operand("predicate", exact(i32)),),
        results=(Result("value", exact(_t)),),
        sim="vote",
        doc=f"`{_api}(predicate)`: over the warp's active lanes, {_what}.",
    )


class SimtShflBase(SimtOp):
    """A warp shuffle: T one of SHFL_DTYPES; a constant width a power of two up to 32."""

    def verify_(self) -> None:
        super().verify_()
        width = _constant(self.width)  # type: ignore[attr-defined]
        if width is not None and width not in (1, 2, 4, 8, 16, 32):
            raise VerifyException(
                f"'{self.name}': width {width} is not a power of two in 1..32 (the lanes of "
                "each shuffle group)"
            )


for _mnemonic, _api, _lane, _what in (
    ("shfl", "asc_shfl", "src_lane", "lane src_lane % width of this thread's group"),
    ("shfl_up", "asc_shfl_up", "delta", "lane id - delta (own value before the group start)"),
    ("shfl_down", "asc_shfl_down", "delta", "lane id + delta (own value past the group end)"),
    ("shfl_xor", "asc_shfl_xor", "lane_mask", "lane id ^ lane_mask (own value past the group end)"),
):
    _add_sync(
        f"Simt{''.join(w.title() for w in _mnemonic.split('_'))}Op",
        _mnemonic,
        _api,
        "warp",
        operands=(Operand("var", _pelem()), Operand(_lane, INT), Operand("width", INT)),
        results=(Result("value", _pelem()),),
        base=SimtShflBase,
        dtypes=SHFL_DTYPES,
        sim="shfl",
        example={"T": "i32"},
        doc=f"`{_api}(var, {_lane}, width)`: var of the warp's {_what}; width (a power of two "
        "up to 32, warpSize by default) splits the warp into groups.",
    )


for _mnemonic, _what in (("add", "sum"), ("max", "largest"), ("min", "smallest")):
    _add_sync(
        f"SimtReduce{_mnemonic.title()}Op",
        f"reduce_{_mnemonic}",
        f"asc_reduce_{_mnemonic}",
        "warp",
        operands=(Operand("operand", elem("T")),),
        results=(Result("value", elem("T")),),
        dtypes=REDUCE_DTYPES,
        sim="reduce",
        example={"T": "i32"},
        doc=f"`asc_reduce_{_mnemonic}(val)`: the {_what} of val over the warp's active lanes, "
        "the same in each (a pairwise tree, lanes i and i + 16, then + 8, ...).",
    )

# ---------------------------------------------------------------------------
# Synchronisation (simt_api/device_sync_functions.h)
# ---------------------------------------------------------------------------

_add_sync(
    "SimtSyncthreadsOp",
    "syncthreads",
    "asc_syncthreads",
    "block",
    doc="`asc_syncthreads()`: wait until every thread of the block gets here; their "
    "memory accesses before it are visible to all after. Every thread must reach the "
    "same call (in a branch or loop that some threads skip, the block hangs).",
)
for _mnemonic, _api, _what in (
    ("threadfence", "asc_threadfence", "to every thread on the device"),
    ("threadfence_block", "asc_threadfence_block", "to the block's threads"),
):
    _add_sync(
        f"Simt{''.join(w.title() for w in _mnemonic.split('_'))}Op",
        _mnemonic,
        _api,
        None,
        sim="fence",
        doc=f"`{_api}()`: this thread's memory accesses before it are seen {_what} before "
        "those after it (the simulator's memory is sequentially consistent: no effect).",
    )

# ---------------------------------------------------------------------------
# Atomics (simt_api/device_atomic_functions.h, namespace __asc_simt_vf): on one
# element, `ptr[index]`, of GM or UB; each returns the element's old value
# ---------------------------------------------------------------------------

_F32 = Float32Type()
_ARITH = ((i32, U32_, _F32, i64, U64_), (i32, U32_, _F32))
_FLOAT_ARITH = (
    (i32, U32_, _F32, i64, U64_, F16, BF16, *PAIR_TYPES),
    (i32, U32_, _F32, F16, BF16, *PAIR_TYPES),
)
"""add, max, min: with the half, half2 (asc_fp16.h), bfloat16_t and bfloat16x2_t
(asc_bf16.h) overloads."""
_PAIR_ARITH = (_ARITH[0] + PAIR_TYPES, _ARITH[1] + PAIR_TYPES)
"""sub: and the half2 / bfloat16x2_t overloads."""
_EXCH = ((i32, U32_, i64, U64_, _F32, *PAIR_TYPES), (i32, U32_, _F32, *PAIR_TYPES))
_BITS = ((i32, U32_, i64, U64_), (i32, U32_))
_WRAP = ((U32_, U64_), (U32_,))


def _address(op: Operation) -> PointerOffset:
    """The atomic's address, `ptr + index`."""
    return PointerOffset(op.ptr, op.index)  # type: ignore[attr-defined]


ATOMICS = {
    "add": (_FLOAT_ARITH, "old + value"),
    "sub": (_PAIR_ARITH, "old - value"),
    "exch": (_EXCH, "value"),
    "max": (_FLOAT_ARITH, "max(old, value)"),
    "min": (_FLOAT_ARITH, "min(old, value)"),
    "inc": (_WRAP, "old >= value ? 0 : old + 1"),
    "dec": (_WRAP, "old == 0 || old > value ? value : old - 1"),
    "and": (_BITS, "old & value"),
    "or": (_BITS, "old | value"),
    "xor": (_BITS, "old ^ value"),
    "cas": (_EXCH, "old == compare ? value : old (a pair: both halves' bits equal)"),
}
"""kind -> ((T on GM), (T on UB)), what it stores."""


HALF_TYPES = (F16, BF16, *PAIR_TYPES)
"""The element types whose overloads asc_fp16.h / asc_bf16.h declare, outside namespace
__asc_simt_vf (the other atomics are in it)."""


class SimtAtomicBase(SimtOp):
    """An atomic: `__asc_simt_vf::asc_atomic_*` (device_atomic_functions.h), but the
    half and bfloat16_t overloads are global functions (asc_fp16.h, asc_bf16.h)."""

    @property
    def NAMESPACE(self) -> str:  # type: ignore[override]
        element = self.operands[0].type.element_type  # type: ignore[attr-defined]
        return "" if element in HALF_TYPES else "__asc_simt_vf::"


# ---------------------------------------------------------------------------
# Cooperative groups (simt_api/cooperative_groups.h, namespace cooperative_groups): the
# thread block and its static tiles. A group holds no state the device does not derive
# from the thread's indices (thread_block: threadIdx; thread_block_tile<Size, Parent>:
# laneid()), so each op names its group by the tile sizes from the block down
# (`tiles = array<i32: 16, 4>`: tiled_partition<4>(tiled_partition<16>(block)); none:
# the block) and prints the C++ group expression it calls the member on.
# ---------------------------------------------------------------------------

CG = "cooperative_groups::"
TILE_SIZES = (1, 2, 4, 8, 16, 32)
"""thread_block_tile<Size>'s sizes (`_is_valid_thread_block_tile_size`)."""
CG_HEADER = "simt_api/cooperative_groups.h"


def tile_sizes(op: Operation) -> tuple[int, ...]:
    """The op's group: its tile sizes from the block down (empty: the thread block)."""
    tiles = op.properties.get("tiles")
    return tuple(tiles.get_values()) if isinstance(tiles, DenseArrayBase) else ()


def group_cpp(tiles: tuple[int, ...]) -> str:
    """The C++ expression of the group (`tiled_partition<4>(tiled_partition<16>(
    this_thread_block()))`)."""
    text = f"{CG}this_thread_block()"
    for size in tiles:
        text = f"{CG}tiled_partition<{size}>({text})"
    return text


class SimtGroupBase(SimtOp):
    """A member of a cooperative group (`group.member(args)`): `tiles` a dense i32
    array of tile sizes, each 1, 2, 4, 8, 16 or 32 and below its parent's (the
    header's static_asserts); a tile's member needs one tile at least, a block's
    none."""

    TILE_ONLY: ClassVar[bool] = False
    BLOCK_ONLY: ClassVar[bool] = False

    @property
    def NAMESPACE(self) -> str:  # type: ignore[override]
        return group_cpp(tile_sizes(self)) + "."

    def verify_(self) -> None:
        super().verify_()
        tiles = self.properties.get("tiles")
        if tiles is not None and not (isinstance(tiles, DenseArrayBase) and tiles.elt_type == i32):
            raise VerifyException(
                f"'{self.name}': tiles must be a dense i32 array (array<i32: ...>), got {tiles}"
            )
        sizes = tile_sizes(self)
        for parent, size in zip((MAX_THREADS, *sizes), sizes, strict=False):
            if size not in TILE_SIZES:
                raise VerifyException(
                    f"'{self.name}': tile size {size} is not one of 1, 2, 4, 8, 16, 32 "
                    "(thread_block_tile<Size>)"
                )
            if size >= parent:
                raise VerifyException(
                    f"'{self.name}': a tile of {size} threads cannot partition one of "
                    f"{parent} (tiled_partition<Size> of a tile needs Size below its size)"
                )
        if self.TILE_ONLY and not sizes:
            raise VerifyException(
                f"'{self.name}': {self.SPEC.api} is a member of a thread_block_tile, not of "
                "the thread_block (give tiles)"
            )
        if self.BLOCK_ONLY and sizes:
            raise VerifyException(f"'{self.name}': {self.SPEC.api} is the thread_block's")
        types = CG_RESULTS.get(self.name)
        if types is not None:
            want = types[1] if sizes else types[0]
            if self.results[0].type != want:
                group = "a thread_block_tile" if sizes else "the thread_block"
                raise VerifyException(
                    f"'{self.name}': {self.SPEC.api}() of {group} is {want}, not "
                    f"{self.results[0].type}"
                )


class SimtGroupTileBase(SimtGroupBase):
    """A member of a thread_block_tile only."""

    TILE_ONLY: ClassVar[bool] = True


class SimtGroupShflBase(SimtGroupTileBase):
    """A tile's shuffle: asc_shfl* over groups of the tile's size."""


_TILES = Prop("tiles", kind=PropKind.ATTR, optional=True)
_TILE_EXAMPLE = {"tiles": DenseArrayBase.from_list(i32, [16, 4])}
_U64R = Result("value", exact(U64))


def _add_group(cls: str, member: str, base: type[SpecOp], doc: str, **kw) -> None:
    kw.setdefault("example", dict(_TILE_EXAMPLE) if base is not SimtGroupBase else {})
    if kw.pop("sync", None):
        SYNC[f"ascendc.simt.cg_{member}"] = "warp"
    _add(
        cls,
        f"cg_{member}",
        member,
        props=(_TILES,),
        base=base,
        emit=EmitKind.FREE_FUNCTION,
        doc=doc,
        **kw,
    )


_add_group(
    "SimtCgSyncOp",
    "sync",
    SimtGroupBase,
    "`group.sync()`: the thread block's is asc_syncthreads() (every thread of the block "
    "waits); a tile's is asc_threadfence_block() on 3510, its warp's lanes running in "
    "lockstep (the simulator: the tile's active lanes of the warp meet there, as at a warp "
    "function).",
    sim="cg_sync",
    sync=True,
)
_add_group(
    "SimtCgThreadRankOp",
    "thread_rank",
    SimtGroupBase,
    "`group.thread_rank()`: the block's: the linear thread index (unsigned int); a tile's: "
    "laneid() & (Size - 1) (unsigned long long).",
    results=(Result("value", elem("T")),),
    example={**_TILE_EXAMPLE, "T": "ui64"},
    sim="cg_query",
)
for _member in ("num_threads", "size"):
    _add_group(
        f"SimtCg{''.join(w.title() for w in _member.split('_'))}Op",
        _member,
        SimtGroupBase,
        f"`group.{_member}()`: the block's: blockDim.x * y * z (unsigned int); a tile's: "
        "its Size (unsigned long long; the last tile of a block too).",
        results=(Result("value", elem("T")),),
        example={**_TILE_EXAMPLE, "T": "ui64"},
        sim="cg_query",
    )
for _member, _what in (
    ("meta_group_rank", "the parent's thread_rank() / Size: which tile of its parent"),
    ("meta_group_size", "(the parent's size() + Size - 1) / Size: the parent's tiles"),
):
    _add_group(
        f"SimtCg{''.join(w.title() for w in _member.split('_'))}Op",
        _member,
        SimtGroupTileBase,
        f"`tile.{_member}()`: {_what} (unsigned int).",
        results=(Result("value", exact(U32)),),
        sim="cg_query",
    )
for _member, _lane, _api in (
    ("shfl", "src_rank", "asc_shfl"),
    ("shfl_up", "delta", "asc_shfl_up"),
    ("shfl_down", "delta", "asc_shfl_down"),
    ("shfl_xor", "lane_mask", "asc_shfl_xor"),
):
    _name = f"ascendc.simt.cg_{_member}"
    DTYPES[_name] = SHFL_DTYPES
    _add_group(
        f"SimtCg{''.join(w.title() for w in _member.split('_'))}Op",
        _member,
        SimtGroupShflBase,
        f"`tile.{_member}(var, {_lane})`: {_api}(var, {_lane}, Size), the tile's lanes the "
        "shuffle group.",
        operands=(Operand("var", _pelem()), Operand(_lane, INT)),
        results=(Result("value", _pelem()),),
        example={**_TILE_EXAMPLE, "T": "f32"},
        sim="cg_shfl",
        sync=True,
    )
for _member, _t, _what in (
    ("any", i32, "1 when the predicate is nonzero on some active lane of the tile"),
    ("all", i32, "1 when it is nonzero on every lane of the tile (an inactive lane: 0)"),
    ("ballot", U32, "the tile's lanes (bit = thread_rank()) where it is nonzero"),
):
    _add_group(
        f"SimtCg{_member.title()}Op",
        _member,
        SimtGroupTileBase,
        f"`tile.{_member}(predicate)`: {_what} (asc_ballot masked by the tile's lanes).",
        operands=(Operand("predicate", exact(i32)),),
        results=(Result("value", exact(_t)),),
        sim="cg_vote",
        sync=True,
    )
CG_RESULTS = {
    "ascendc.simt.cg_thread_rank": (U32, U64),
    "ascendc.simt.cg_num_threads": (U32, U64),
    "ascendc.simt.cg_size": (U32, U64),
}
"""The queries whose C++ type differs: (the thread_block's, a tile's)."""


# ---------------------------------------------------------------------------
# Run-time groups (cooperative_groups.h): `coalesced_group` (`coalesced_threads()`,
# `binary_partition(g, pred)`, `tiled_partition(coalesced, n)`) and the `thread_group`
# `tiled_partition(parent, n)` returns for a size known at run time. Unlike the thread
# block and its static tiles these hold state (their lanes' mask, taken when made), so
# they are SSA values of their own types and each member is an op on the value
# (`g.thread_rank()`).
# ---------------------------------------------------------------------------


@attr_definition
class CoalescedGroupType(AscendCType):
    """`cooperative_groups::coalesced_group`: the lanes of one warp active where it was
    made (a 32-bit mask), or a partition of such a group."""

    name = "ascendc.coalesced_group"
    CPP_CLASS = "cooperative_groups::coalesced_group"


@attr_definition
class ThreadGroupType(AscendCType):
    """`cooperative_groups::thread_group`, as `tiled_partition(parent, n)` returns it for
    a thread block (a tile of n lanes, n known at run time)."""

    name = "ascendc.thread_group"
    CPP_CLASS = "cooperative_groups::thread_group"


COALESCED = CoalescedGroupType()
THREAD_GROUP = ThreadGroupType()
GROUP_VALUE_TYPES = (COALESCED, THREAD_GROUP)


def _is_group_value(t: Attribute) -> bool:
    return isinstance(t, CoalescedGroupType | ThreadGroupType)


_GROUP = predicate(
    "a !ascendc.coalesced_group or !ascendc.thread_group",
    _is_group_value,
    "group",
    COALESCED,
)


class SimtGroupValueBase(SimtOp):
    """A member of a run-time group value (operand `group`); COALESCED_ONLY: of a
    coalesced_group only (the header's thread_group has size, num_threads, thread_rank
    and sync)."""

    COALESCED_ONLY: ClassVar[bool] = False

    def verify_(self) -> None:
        super().verify_()
        t = self.group.type  # type: ignore[attr-defined]
        if self.COALESCED_ONLY and not isinstance(t, CoalescedGroupType):
            raise VerifyException(
                f"'{self.name}': {self.SPEC.api}() is a member of coalesced_group, not of "
                "thread_group (cooperative_groups.h)"
            )


class SimtGroupCoalescedBase(SimtGroupValueBase):
    COALESCED_ONLY: ClassVar[bool] = True


class SimtGroupPartitionBase(SimtOp):
    """`tiled_partition(parent, n)` at run time: a constant n must be a power of two up
    to 32 (else the header traps)."""

    def verify_(self) -> None:
        super().verify_()
        n = _constant(self.size)  # type: ignore[attr-defined]
        if n is not None and n not in TILE_SIZES:
            raise VerifyException(
                f"'{self.name}': tiled_partition size {n} is not a power of two in 1..32 "
                "(the header traps)"
            )
        parent = getattr(self, "group", None)
        want = COALESCED if parent is not None and parent.type == COALESCED else THREAD_GROUP
        if self.value.type != want:  # type: ignore[attr-defined]
            raise VerifyException(
                f"'{self.name}': tiled_partition of this parent returns {want}, not "
                f"{self.value.type}"  # type: ignore[attr-defined]
            )


def _add_group_value(cls: str, mnemonic: str, api: str, base, sync: bool, **kw) -> None:
    if sync:
        SYNC[f"ascendc.simt.{mnemonic}"] = "warp"
    _add(cls, mnemonic, api, base=base, **kw)


_add_group_value(
    "SimtCgCoalescedThreadsOp",
    "cg_coalesced_threads",
    "cooperative_groups::coalesced_threads",
    SimtOp,
    True,
    results=(Result("value", exact(COALESCED)),),
    sim="cg_coalesced_threads",
    emit=EmitKind.FREE_FUNCTION,
    doc="`cooperative_groups::coalesced_threads()`: the lanes of this warp active here "
    "(asc_activemask()) as a coalesced_group.",
)
_add_group_value(
    "SimtCgBlockPartitionOp",
    "cg_block_partition",
    "tiled_partition",
    SimtGroupPartitionBase,
    False,
    operands=(Operand("size", INT),),
    results=(Result("value", exact(THREAD_GROUP)),),
    sim="cg_partition",
    doc="`cooperative_groups::tiled_partition(this_thread_block(), size)`: the block cut "
    "into tiles of `size` lanes (a power of two up to 32, known at run time; the last "
    "tile may be partial) as a thread_group.",
)
_add_group_value(
    "SimtCgGroupPartitionOp",
    "cg_group_partition",
    "tiled_partition",
    SimtGroupPartitionBase,
    False,
    operands=(Operand("group", _GROUP), Operand("size", INT)),
    results=(Result("value", _GROUP),),
    sim="cg_partition",
    doc="`cooperative_groups::tiled_partition(group, size)`: a coalesced_group cut into "
    "tiles of `size` of its lanes (a coalesced_group); of a thread_group, the header "
    "partitions the thread block (its `static_cast<const thread_block*>`).",
)
_add_group_value(
    "SimtCgBinaryPartitionOp",
    "cg_binary_partition",
    "binary_partition",
    SimtGroupCoalescedBase,
    True,
    operands=(Operand("group", _GROUP), Operand("predicate", exact(IntegerType(1)))),
    results=(Result("value", exact(COALESCED)),),
    sim="cg_binary_partition",
    doc="`cooperative_groups::binary_partition(group, pred)`: the group's lanes whose "
    "pred is this lane's (meta_group_rank 1 for true, 0 for false; the whole group, "
    "meta_group_size 1, when all agree).",
)
_add_group_value(
    "SimtCgTileBinaryPartitionOp",
    "cg_tile_binary_partition",
    "binary_partition",
    SimtGroupTileBase,
    True,
    operands=(Operand("predicate", exact(IntegerType(1))),),
    props=(_TILES,),
    results=(Result("value", exact(COALESCED)),),
    sim="cg_binary_partition",
    example=dict(_TILE_EXAMPLE),
    doc="`cooperative_groups::binary_partition(tile, pred)` of a static tile "
    "(`tiles`): its lanes whose pred is this lane's, as a coalesced_group.",
)
for _member, _base, _res, _sync, _what in (
    ("sync", SimtGroupValueBase, None, True, "the group's lanes meet (asc_threadfence_block)"),
    ("thread_rank", SimtGroupValueBase, U64, False, "this lane's rank among the group's"),
    ("num_threads", SimtGroupValueBase, U64, False, "the group's lanes"),
    ("size", SimtGroupValueBase, U64, False, "num_threads()"),
    ("meta_group_rank", SimtGroupCoalescedBase, U64, False, "which partition of its parent"),
    ("meta_group_size", SimtGroupCoalescedBase, U64, False, "its parent's partitions"),
):
    _add_group_value(
        f"SimtCgGroup{''.join(w.title() for w in _member.split('_'))}Op",
        f"cg_group_{_member}",
        _member,
        _base,
        _sync,
        operands=(Operand("group", _GROUP),),
        results=() if _res is None else (Result("value", exact(_res)),),
        sim="cg_group_sync" if _member == "sync" else "cg_group_query",
        emit=EmitKind.MEMBER_FUNCTION,
        doc=f"`group.{_member}()` of a coalesced_group or thread_group: {_what}.",
    )
for _member, _lane in (("shfl", "src_rank"), ("shfl_up", "delta"), ("shfl_down", "delta")):
    _name = f"ascendc.simt.cg_group_{_member}"
    DTYPES[_name] = SHFL_DTYPES
    _add_group_value(
        f"SimtCgGroup{''.join(w.title() for w in _member.split('_'))}Op",
        f"cg_group_{_member}",
        _member,
        SimtGroupCoalescedBase,
        True,
        operands=(Operand("group", _GROUP), Operand("var", _pelem()), Operand(_lane, INT)),
        results=(Result("value", _pelem()),),
        sim="cg_group_warp",
        emit=EmitKind.MEMBER_FUNCTION,
        example={"T": "f32"},
        doc=f"`group.{_member}(var, {_lane})` of a coalesced_group: var of the group's "
        f"lane by rank (the header's `__fns` walk of its mask; past the group: its own).",
    )
for _member, _t in (("any", i32), ("all", i32), ("ballot", U32)):
    _add_group_value(
        f"SimtCgGroup{_member.title()}Op",
        f"cg_group_{_member}",
        _member,
        SimtGroupCoalescedBase,
        True,
        operands=(Operand("group", _GROUP), Operand("predicate", exact(i32))),
        results=(Result("value", exact(_t)),),
        sim="cg_group_warp",
        emit=EmitKind.MEMBER_FUNCTION,
        doc=f"`group.{_member}(pred)` of a coalesced_group: asc_ballot masked by the "
        "group's lanes (ballot: packed by rank).",
    )


# ---------------------------------------------------------------------------
# Math and conversion functions (simt_api/math_functions.h, device_functions.h; the half
# and bfloat16_t ones asc_fp16.h, asc_bf16.h): one op each, named as the C++ function
# without its leading underscores (`ascendc.simt.float2half_rz` is `__float2half_rz`)
# ---------------------------------------------------------------------------

MATH_FUNCTIONS = "simt_api/math_functions.h"
DEVICE_FUNCTIONS = "simt_api/device_functions.h"
OP_HEADERS: dict[str, str] = {}
"""Op name -> the header that declares its function (the math and conversion ops)."""
MATH: dict[str, str] = {}
"""Op name -> its C++ function (the simulator's key)."""
ROUNDS = ("rn", "rz", "rd", "ru", "rna")
"""The conversions' round modes: to nearest even, toward zero, down, up, to nearest
with ties away from zero (`ro`, to odd, for half only)."""
_T = Result("value", elem("T"))


MATH_SIGNATURES: dict[str, tuple[tuple, Attribute | None]] = {}
"""Op name -> (its operands' types, its result type); None: T (a half or bfloat16_t,
the same for all)."""


def _math(api: str, operands: tuple, result: Result, header: str, doc: str, **kw) -> None:
    mnemonic = api.lstrip("_")
    name = f"ascendc.simt.{mnemonic}"
    MATH[name] = api
    MATH_SIGNATURES[name] = (
        tuple(_exact_type(o.type) for o in operands),
        _exact_type(result.type),
    )
    if header:
        OP_HEADERS[name] = header
    dtypes = kw.pop("dtypes", None)
    if dtypes:
        DTYPES[name] = dtypes
    _add(
        f"SimtMath{''.join(w.title() for w in mnemonic.split('_'))}Op",
        mnemonic,
        api,
        operands,
        (result,),
        sim="math",
        emit=EmitKind.FREE_FUNCTION,
        doc=doc,
        **kw,
    )


def _exact_type(rule: TypeRule) -> Attribute | None:
    """The type an `exact(t)` rule names; None for a variable's (`elem("T")`)."""
    return rule.unique


def _f32(*names: str) -> tuple[Operand, ...]:
    return tuple(Operand(n, exact(Float32Type())) for n in names)


_F32R = Result("value", exact(Float32Type()))
for _api, _what in (
    ("expf", "e^x"),
    ("exp2f", "2^x (powf(2, x))"),
    ("logf", "ln x"),
    ("log2f", "logf(x) / logf(2.0f), in float steps"),
    ("sqrtf", "the square root"),
    ("rsqrtf", "1.0f / sqrtf(x)"),
    ("sinf", "the sine"),
    ("cosf", "the cosine"),
    ("tanhf", "1.0f - 2.0f / (expf(2.0f * x) + 1.0f), in float steps"),
    ("fabsf", "|x|"),
    ("floorf", "x rounded down"),
    ("ceilf", "x rounded up"),
    ("roundf", "x rounded to nearest, ties away from zero"),
    ("rintf", "x rounded to nearest, ties to even"),
    ("truncf", "x rounded toward zero"),
):
    _math(_api, _f32("x"), _F32R, MATH_FUNCTIONS, f"`{_api}(x)`: {_what} (float).")
for _api, _what in (("fmaxf", "larger"), ("fminf", "smaller")):
    _math(
        _api,
        _f32("x", "y"),
        _F32R,
        MATH_FUNCTIONS,
        f"`{_api}(x, y)`: the {_what} of x and y; a NaN operand gives the other.",
    )
_math(
    "fmaf", _f32("x", "y", "z"), _F32R, MATH_FUNCTIONS, "`fmaf(x, y, z)`: x * y + z rounded once."
)
_U64T = IntegerType(64, Signedness.UNSIGNED)
for _api, _t, _what in (
    ("umax", U32, "larger"),
    ("umin", U32, "smaller"),
    ("llmax", i64, "larger"),
    ("llmin", i64, "smaller"),
    ("ullmax", _U64T, "larger"),
    ("ullmin", _U64T, "smaller"),
):
    _math(
        _api,
        (Operand("x", exact(_t)), Operand("y", exact(_t))),
        Result("value", exact(_t)),
        MATH_FUNCTIONS,
        f"`{_api}(x, y)`: the {_what} of x and y ({_t}).",
    )
HALF_MATH = (F16, BF16)
"""T of the half / bfloat16_t math functions (asc_fp16.h, asc_bf16.h overload each)."""
for _api, _what in (
    ("hexp", "e^x"),
    ("hexp2", "2^x"),
    ("hlog", "ln x"),
    ("hlog2", "log2 x"),
    ("hsqrt", "the square root"),
    ("hrsqrt", "1 / the square root (half: 1 / hsqrt(x), two roundings)"),
    ("hrcp", "1 / x"),
    ("hsin", "the sine"),
    ("hcos", "the cosine"),
    ("htanh", "tanh (tanhf's formula)"),
    ("hfloor", "x rounded down"),
    ("hceil", "x rounded up"),
    ("hrint", "x rounded to nearest, ties to even"),
    ("htrunc", "x rounded toward zero"),
    ("__habs", "|x| (the sign bit cleared)"),
):
    _math(
        _api,
        (Operand("x", elem("T")),),
        _T,
        "",
        f"`{_api}(x)`: {_what} of a half or bfloat16_t, computed in float and rounded to "
        "T to nearest even.",
        dtypes=HALF_MATH,
        example={"T": "f16"},
    )
for _api, _what in (("__hmax", "larger"), ("__hmin", "smaller")):
    _math(
        _api,
        (Operand("x", elem("T")), Operand("y", elem("T"))),
        _T,
        "",
        f"`{_api}(x, y)`: the {_what} of two halves or bfloat16_t; a NaN gives the other.",
        dtypes=HALF_MATH,
        example={"T": "f16"},
    )
_math(
    "__hfma",
    (Operand("x", elem("T")), Operand("y", elem("T")), Operand("z", elem("T"))),
    _T,
    "",
    "`__hfma(x, y, z)`: x * y + z of halves or bfloat16_t, rounded once.",
    dtypes=HALF_MATH,
    example={"T": "f16"},
)
_INT = {"int": i32, "uint": U32, "ll": i64}
for _src, _t in _INT.items():
    for _r in ROUNDS:
        _math(
            f"__float2{_src}_{_r}",
            _f32("x"),
            Result("value", exact(_t)),
            DEVICE_FUNCTIONS,
            f"`__float2{_src}_{_r}(x)`: x rounded ({_r}) to {_t}, saturating (NaN: 0).",
        )
        _math(
            f"__{_src}2float_{_r}",
            (Operand("x", exact(_t)),),
            _F32R,
            DEVICE_FUNCTIONS,
            f"`__{_src}2float_{_r}(x)`: the {_t} rounded ({_r}) to float.",
        )
for _to, _t, _header, _rounds in (
    ("half", F16, "simt_api/asc_fp16.h", (*ROUNDS, "ro")),
    ("bfloat16", BF16, "simt_api/asc_bf16.h", ROUNDS),
):
    _math(
        f"__float2{_to}",
        _f32("x"),
        Result("value", exact(_t)),
        _header,
        f"`__float2{_to}(x)`: x rounded to nearest even ({_to}; overflow: inf).",
    )
    for _r in _rounds:
        for _sat in ("", "_sat"):
            _math(
                f"__float2{_to}_{_r}{_sat}",
                _f32("x"),
                Result("value", exact(_t)),
                _header,
                f"`__float2{_to}_{_r}{_sat}(x)`: x rounded ({_r}) to {_to}; "
                + (
                    "saturating: overflow and inf give the largest finite value, NaN 0."
                    if _sat
                    else "overflow past the largest finite value (rounded so) gives inf."
                ),
            )
    _back = "__half2float" if _to == "half" else "__bfloat162float"
    _math(
        _back,
        (Operand("x", exact(_t)),),
        _F32R,
        _header,
        f"`{_back}(x)`: the {_to} as a float (exact).",
    )
for _api, _src, _dst in (
    ("__float_as_int", Float32Type(), i32),
    ("__float_as_uint", Float32Type(), U32),
    ("__int_as_float", i32, Float32Type()),
    ("__uint_as_float", U32, Float32Type()),
):
    _math(
        _api,
        (Operand("x", exact(_src)),),
        Result("value", exact(_dst)),
        DEVICE_FUNCTIONS,
        f"`{_api}(x)`: x's 32 bits as a {_dst}.",
    )


OVERLOAD_HEADERS = {
    F16: "simt_api/asc_fp16.h",
    BF16: "simt_api/asc_bf16.h",
    HALF2: "simt_api/asc_fp16.h",
    BF16X2: "simt_api/asc_bf16.h",
}
"""Element type -> the header of its overloads of the SIMT functions (DTYPES' ops)."""


def overload_headers(ops: list[Operation]) -> list[str]:
    """The headers SIMT ops among `ops` need beyond their op's (in order of first use):
    the cooperative groups', and those of the half and bfloat16_t overloads a warp
    function or atomic on one of those types calls (`generate_boilerplate.
    needed_headers` asks when the module has SIMT ops)."""
    found: dict[str, None] = {}
    for op in ops:
        if isinstance(op, SimtGroupBase) or op.name.startswith("ascendc.simt.cg_"):
            found[CG_HEADER] = None
        header = OP_HEADERS.get(op.name)
        if header is not None:
            found[header] = None
        if op.name not in DTYPES:
            continue
        for v in (*op.operands, *op.results):
            t = v.type
            header = OVERLOAD_HEADERS.get(t.element_type if isinstance(t, MemRefType) else t)
            if header is not None:
                found[header] = None
    return list(found)


for _kind, (_dtypes, _what) in ATOMICS.items():
    _operands = (
        Operand("ptr", pointer("T"), Effect.READ | Effect.WRITE),
        Operand("index", INT),
        *((Operand("compare", _pelem()),) if _kind == "cas" else ()),
        Operand("operand", _pelem()),
    )
    _add(
        f"SimtAtomic{_kind.title()}Op",
        f"atomic_{_kind}",
        f"asc_atomic_{_kind}",
        _operands,
        (Result("value", _pelem()),),
        sim="atomic",
        base=SimtAtomicBase,
        emit=EmitKind.FREE_FUNCTION,
        call=(
            _address,
            *(("compare",) if _kind == "cas" else ()),
            "operand",
        ),
        example={"T": "ui32"},
        doc=f"`asc_atomic_{_kind}(ptr + index, {'compare, ' if _kind == 'cas' else ''}value)`: "
        f"atomically, ptr[index] = {_what}; returns the old value (GM or UB). In namespace "
        "__asc_simt_vf"
        + (
            "; the half and bfloat16_t overloads (asc_fp16.h, asc_bf16.h) are global and "
            "return the element after the operation."
            if F16 in _dtypes[0]
            else "."
        ),
    )
    DTYPES[f"ascendc.simt.atomic_{_kind}"] = _dtypes

# ---------------------------------------------------------------------------
# The rest of math_functions.h (s10): one op each as above; those with a pointer
# parameter (sincosf's outputs, frexpf's exponent, normf's array) take it as a pointer
# operand and an index, printed `ptr + index` (`sincosf(x, s + i, c + j)`).
# ---------------------------------------------------------------------------

_I1 = IntegerType(1)
POINTER_MATH: dict[str, tuple[tuple[str, Attribute, bool], ...]] = {}
"""Op name -> its pointer parameters (operand name, element type, writes) in order; the
operand after each is its index."""


def _ptr_at(name: str):
    return lambda op: PointerOffset(getattr(op, name), getattr(op, f"{name}_index"))


def _math_ptr(api: str, params: tuple, result: Result | None, doc: str) -> None:
    """A math function with pointer parameters: `params` are (name, type) for a value
    and (name, element type, "r" or "w") for a pointer (operands `name`, `name_index`)."""
    mnemonic = api.lstrip("_")
    name = f"ascendc.simt.{mnemonic}"
    operands: list[Operand] = []
    call: list = []
    pointers = []
    for p in params:
        if len(p) == 2:
            operands.append(Operand(p[0], exact(p[1])))
            call.append(p[0])
            continue
        writes = p[2] == "w"
        effect = Effect.WRITE if writes else Effect.READ
        operands.append(Operand(p[0], pointer(f"T_{p[0]}"), effect))
        operands.append(Operand(f"{p[0]}_index", INT))
        call.append(_ptr_at(p[0]))
        pointers.append((p[0], p[1], writes))
    POINTER_MATH[name] = tuple(pointers)
    MATH[name] = api
    MATH_SIGNATURES[name] = (
        tuple(_exact_type(o.type) for o in operands),
        None if result is None else _exact_type(result.type),
    )
    OP_HEADERS[name] = MATH_FUNCTIONS
    _add(
        f"SimtMath{''.join(w.title() for w in mnemonic.split('_'))}Op",
        mnemonic,
        api,
        tuple(operands),
        () if result is None else (result,),
        sim="math_ptr",
        base=SimtPointerMathBase,
        emit=EmitKind.FREE_FUNCTION,
        call=tuple(call),
        example={f"T_{p[0]}": str(p[1]) for p in pointers},
        doc=doc,
    )


class SimtPointerMathBase(SimtOp):
    """A math function with pointer parameters: each pointer's element type is the
    header's (`float*`, `int*`)."""

    def verify_(self) -> None:
        super().verify_()
        for pname, element, _ in POINTER_MATH.get(self.name, ()):
            got = getattr(self, pname).type.element_type  # type: ignore[attr-defined]
            if got != element:
                raise VerifyException(
                    f"'{self.name}': {self.SPEC.api}'s {pname} is a {element} pointer, not "
                    f"one of {got}"
                )


MATH_S10: list[str] = []
"""The functions s10 added (tests/unit/test_simt_s10.py, docs/ascend950.md)."""


def _math10(api: str, operands: tuple, result: Result, doc: str) -> None:
    MATH_S10.append(api)
    _math(api, operands, result, MATH_FUNCTIONS, doc)


for _api, _what in (
    ("tanf", "the tangent"),
    ("tanpif", "tan(pi x), x reduced exactly"),
    ("sinpif", "sin(pi x), x reduced exactly"),
    ("cospif", "cos(pi x), x reduced exactly"),
    ("asinf", "the arc sine"),
    ("acosf", "the arc cosine"),
    ("atanf", "the arc tangent"),
    ("sinhf", "the hyperbolic sine"),
    ("coshf", "the hyperbolic cosine"),
    ("asinhf", "the inverse hyperbolic sine"),
    ("acoshf", "the inverse hyperbolic cosine"),
    ("atanhf", "the inverse hyperbolic tangent"),
    ("exp10f", "10^x"),
    ("expm1f", "e^x - 1"),
    ("log10f", "log10 x"),
    ("log1pf", "ln(1 + x)"),
    ("logbf", "the exponent field minus 127 (the header's: a subnormal gives -127)"),
    ("cbrtf", "the cube root"),
    ("rcbrtf", "1 / the cube root"),
    ("erff", "the error function"),
    ("erfcf", "1 - erf(x)"),
    ("erfinvf", "the inverse error function"),
    ("erfcinvf", "the inverse complementary error function"),
    ("erfcxf", "exp(x^2) erfc(x)"),
    ("tgammaf", "the gamma function"),
    ("lgammaf", "ln |gamma(x)|"),
    ("cyl_bessel_i0f", "the modified Bessel function I0"),
    ("cyl_bessel_i1f", "the modified Bessel function I1"),
    ("normcdff", "the standard normal distribution function"),
    ("normcdfinvf", "its inverse"),
    ("j0f", "the Bessel function J0"),
    ("j1f", "the Bessel function J1"),
    ("y0f", "the Bessel function Y0"),
    ("y1f", "the Bessel function Y1"),
    ("nearbyintf", "x rounded to nearest, ties to even"),
):
    _math10(_api, _f32("x"), _F32R, f"`{_api}(x)`: {_what} (float).")
for _api, _names, _what in (
    ("atan2f", ("y", "x"), "the angle of (x, y)"),
    ("powf", ("x", "y"), "x^y"),
    ("fmodf", ("x", "y"), "x - trunc(x / y) y, exactly"),
    ("remainderf", ("x", "y"), "x - rint(x / y) y, exactly"),
    ("fdimf", ("x", "y"), "x - y when x > y, else +0"),
    ("copysignf", ("x", "y"), "|x| with y's sign"),
    ("nextafterf", ("x", "y"), "the next float after x toward y"),
    ("hypotf", ("x", "y"), "sqrt(x^2 + y^2) without overflow"),
    ("rhypotf", ("x", "y"), "1 / hypotf(x, y)"),
    ("fdividef", ("x", "y"), "x / y"),
):
    _math10(_api, _f32(*_names), _F32R, f"`{_api}({', '.join(_names)})`: {_what} (float).")
for _api, _names, _what in (
    ("norm3df", ("a", "b", "c"), "sqrt(a^2 + b^2 + c^2)"),
    ("rnorm3df", ("a", "b", "c"), "1 / norm3df(a, b, c)"),
    ("norm4df", ("a", "b", "c", "d"), "sqrt(a^2 + b^2 + c^2 + d^2)"),
    ("rnorm4df", ("a", "b", "c", "d"), "1 / norm4df(a, b, c, d)"),
):
    _math10(_api, _f32(*_names), _F32R, f"`{_api}({', '.join(_names)})`: {_what} (float).")
for _api, _n, _what in (
    ("ldexpf", i32, "x 2^n"),
    ("scalbnf", i32, "x 2^n"),
    ("scalblnf", i64, "x 2^n (n cast to int32_t, as the header)"),
):
    _math10(
        _api,
        (Operand("x", exact(_F32)), Operand("n", exact(_n))),
        _F32R,
        f"`{_api}(x, n)`: {_what}, exactly.",
    )
for _api, _what in (("jnf", "J"), ("ynf", "Y")):
    _math10(
        _api,
        (Operand("n", exact(i32)), Operand("x", exact(_F32))),
        _F32R,
        f"`{_api}(n, x)`: the Bessel function {_what}n of x.",
    )
for _api, _t, _what in (
    ("lroundf", i64, "x rounded to nearest, ties away, as long (saturating)"),
    ("llroundf", i64, "x rounded to nearest, ties away, as long long (saturating)"),
    ("lrintf", i64, "x rounded to nearest even, as long (saturating)"),
    ("llrintf", i64, "x rounded to nearest even, as long long (saturating)"),
    ("ilogbf", i32, "(int)logbf(|x|); 0 and NaN: INT_MIN, inf: INT_MAX"),
    ("signbit", i32, "1 when x's sign bit is set, else 0"),
    ("isfinite", _I1, "whether x is finite"),
    ("isnan", _I1, "whether x is NaN"),
    ("isinf", _I1, "whether x is infinite"),
):
    _math10(_api, _f32("x"), Result("value", exact(_t)), f"`{_api}(x)`: {_what}.")
for _api in ("labs", "llabs"):
    _math10(
        _api,
        (Operand("x", exact(i64)),),
        Result("value", exact(i64)),
        f"`{_api}(x)`: |x| (the most negative value stays as it is).",
    )
_math_ptr(
    "modff",
    (("x", _F32), ("n", _F32, "w")),
    _F32R,
    "`modff(x, n + n_index)`: x's fraction (x's sign); its integral part stored at n.",
)
_math_ptr(
    "frexpf",
    (("x", _F32), ("exp", i32, "w")),
    _F32R,
    "`frexpf(x, exp + exp_index)`: m in [0.5, 1) with x = m 2^e, e stored at exp.",
)
_math_ptr(
    "remquof",
    (("x", _F32), ("y", _F32), ("quo", i32, "w")),
    _F32R,
    "`remquof(x, y, quo + quo_index)`: remainderf(x, y); quo gets the quotient's sign "
    "and its 3 lowest bits.",
)
for _api, _what in (("sincosf", "sinf(x), cosf(x)"), ("sincospif", "sinpif(x), cospif(x)")):
    _math_ptr(
        _api,
        (("x", _F32), ("s", _F32, "w"), ("c", _F32, "w")),
        None,
        f"`{_api}(x, s + s_index, c + c_index)`: stores {_what}.",
    )
for _api, _what in (("normf", "sqrt of the sum of squares"), ("rnormf", "1 / normf")):
    _math_ptr(
        _api,
        (("n", i32), ("a", _F32, "r")),
        _F32R,
        f"`{_api}(n, a + a_index)`: the {_what} of a's n elements.",
    )
MATH_S10.extend(n.rpartition(".")[2] for n in POINTER_MATH)

# ---------------------------------------------------------------------------
# Cache-hinted GM loads and stores (device_functions.h; half: asc_fp16.h, bfloat16_t:
# asc_bf16.h): `asc_ldcg(p + i)` (cache at L2, "cache global"), `asc_ldca` (all levels),
# `asc_stcg(p + i, v)`, `asc_stwt` (write-through); declared on `__gm__` (and generic)
# pointers only. The simulator has no caches: each is the plain load or store.
# ---------------------------------------------------------------------------

CACHE_DTYPES = (
    IntegerType(8),
    IntegerType(8, Signedness.UNSIGNED),
    IntegerType(16),
    IntegerType(16, Signedness.UNSIGNED),
    i32,
    U32_,
    i64,
    U64_,
    _F32,
    F16,
    BF16,
    *PAIR_TYPES,
)
"""The element types asc_ldcg / ldca / stcg / stwt take (signed char ... float, half,
bfloat16_t, half2, bfloat16x2_t; the vector types char2 ... float4 are values only)."""


class SimtCacheBase(SimtOp):
    """A cache-hinted access: a `__gm__` pointer (no `__ubuf__` overload), T one of
    CACHE_DTYPES."""

    def verify_dtype(self) -> None:
        ptr = self.operands[0]
        if _space(ptr.type) != GM_MEMORY_SPACE:
            raise VerifyException(
                f"'{self.name}': {self.SPEC.api} takes a __gm__ pointer (device_functions.h "
                "declares no __ubuf__ overload), not a UB one"
            )
        t = ptr.type.element_type  # type: ignore[attr-defined]
        if t not in CACHE_DTYPES:
            names = ", ".join(_type_name(a) for a in CACHE_DTYPES)
            raise VerifyException(
                f"'{self.name}': {self.SPEC.api} takes {names}, not {_type_name(t)}"
            )


for _mnemonic, _what in (
    ("ldcg", "cached in L2 only (cache global)"),
    ("ldca", "cached at every level (cache all)"),
):
    OP_HEADERS[f"ascendc.simt.{_mnemonic}"] = DEVICE_FUNCTIONS
    DTYPES[f"ascendc.simt.{_mnemonic}"] = CACHE_DTYPES
    _add(
        f"Simt{_mnemonic.title()}Op",
        _mnemonic,
        f"asc_{_mnemonic}",
        (Operand("ptr", pointer("T"), Effect.READ), Operand("index", INT)),
        (Result("value", _pelem()),),
        sim="load",
        base=SimtCacheBase,
        emit=EmitKind.FREE_FUNCTION,
        call=(_address,),
        example={"T": "f32"},
        doc=f"`asc_{_mnemonic}(ptr + index)`: ptr[index] of GM, {_what} (the simulator: "
        "a plain load).",
    )
for _mnemonic, _what in (
    ("stcg", "cached in L2 only (cache global)"),
    ("stwt", "written through to memory"),
):
    OP_HEADERS[f"ascendc.simt.{_mnemonic}"] = DEVICE_FUNCTIONS
    DTYPES[f"ascendc.simt.{_mnemonic}"] = CACHE_DTYPES
    _add(
        f"Simt{_mnemonic.title()}Op",
        _mnemonic,
        f"asc_{_mnemonic}",
        (
            Operand("ptr", pointer("T"), Effect.WRITE),
            Operand("index", INT),
            Operand("value", _pelem()),
        ),
        sim="store",
        base=SimtCacheBase,
        emit=EmitKind.FREE_FUNCTION,
        call=(_address, "value"),
        example={"T": "f32"},
        doc=f"`asc_{_mnemonic}(ptr + index, value)`: ptr[index] = value on GM, {_what} "
        "(the simulator: a plain store).",
    )

# ---------------------------------------------------------------------------
# half2 / bfloat16x2_t (asc_fp16.h, asc_bf16.h) and the rest of the half / bfloat16_t
# functions: one op each as above. A function both headers overload (h2exp, __haddx2,
# __heq, ...) takes T, one of the pair (or scalar) types; the ones named after their type
# (make_half2, __low2bfloat16, ...) take exact types. `HALF_FUNCTIONS` lists them by kind
# for the simulator.
# ---------------------------------------------------------------------------

HALF_FUNCTIONS: dict[str, str] = {}
"""C++ name -> its kind (the simulator's key): "lane" (a half function per component),
"cmp" (a comparison), "pack" / "unpack" (building / taking apart a pair), ..."""
_COMPARE = ("eq", "ne", "le", "ge", "lt", "gt")
_PAIR_T = {"T": "!ascendc.half2"}


def _half10(
    api: str, kind: str, operands: tuple, result: Result, doc: str, dtypes, header=""
) -> None:
    HALF_FUNCTIONS[api] = kind
    MATH_S10.append(api.lstrip("_"))
    kw = {"dtypes": dtypes, "example": _PAIR_T if dtypes == PAIR_TYPES else {"T": "f16"}}
    if not dtypes:
        kw = {}
    _math(api, operands, result, header, doc, **kw)


def _ts(*names: str) -> tuple[Operand, ...]:
    return tuple(Operand(n, _pelem()) for n in names)


_PT = Result("value", _pelem())


for _api in (
    "h2cos", "h2sin", "h2tanh", "h2exp", "h2exp2", "h2exp10", "h2log", "h2log2", "h2log10",
    "h2sqrt", "h2rsqrt", "h2rcp", "h2floor", "h2rint", "h2ceil", "h2trunc",
):  # fmt: skip
    _half10(
        _api,
        "lane",
        _ts("x"),
        _PT,
        f"`{_api}(x)`: h{_api[2:]} of each component of a half2 / bfloat16x2_t.",
        PAIR_TYPES,
    )
for _api, _kind, _what in (
    ("__habsx2", "lane", "|x| of each component (the sign bits cleared)"),
    ("__hnegx2", "lane", "-x of each component"),
    ("__isnanx2", "lane", "1.0 in each component that is NaN, else 0.0"),
    ("__lowhigh2highlow", "swap", "the components swapped"),
):
    _half10(_api, _kind, _ts("x"), _PT, f"`{_api}(x)`: {_what}.", PAIR_TYPES)
for _api, _what in (
    ("__haddx2", "x + y"),
    ("__hsubx2", "x - y"),
    ("__hmulx2", "x * y"),
    ("__hdivx2", "x / y"),
    ("__hmaxx2", "the larger (a NaN component gives the other)"),
    ("__hminx2", "the smaller (a NaN component gives the other)"),
    ("__hmaxx2_nan", "the larger (NaN if either is)"),
    ("__hminx2_nan", "the smaller (NaN if either is)"),
):
    _half10(
        _api,
        "lane",
        _ts("x", "y"),
        _PT,
        f"`{_api}(x, y)`: per component, {_what}, rounded to nearest even.",
        PAIR_TYPES,
    )
for _api, _what in (
    ("__hfmax2", "x * y + z rounded once"),
    ("__hfmax2_relu", "x * y + z rounded once, a negative result 0"),
    ("__hcmadd", "x * y + z as complex numbers (x the real part, y the imaginary)"),
):
    _half10(
        _api,
        "lane",
        _ts("x", "y", "z"),
        _PT,
        f"`{_api}(x, y, z)`: per component, {_what}.",
        PAIR_TYPES,
    )
for _c in _COMPARE:
    for _u, _nan in (("", "false"), ("u", "true")):
        _half10(
            f"__h{_c}{_u}x2",
            "cmp",
            _ts("x", "y"),
            _PT,
            f"`__h{_c}{_u}x2(x, y)`: per component, 1.0 where x {_c} y, else 0.0 (a NaN: {_nan}).",
            PAIR_TYPES,
        )
        _half10(
            f"__hb{_c}{_u}x2",
            "cmp",
            _ts("x", "y"),
            Result("value", exact(_I1)),
            f"`__hb{_c}{_u}x2(x, y)`: whether x {_c} y in both components (a NaN: {_nan}).",
            PAIR_TYPES,
        )
        _half10(
            f"__h{_c}{_u}x2_mask",
            "cmp",
            _ts("x", "y"),
            Result("value", exact(U32_)),
            f"`__h{_c}{_u}x2_mask(x, y)`: 0xFFFF in the 16 bits of each component where x "
            f"{_c} y (low: .x), else 0 (a NaN: {_nan}).",
            PAIR_TYPES,
        )
        _half10(
            f"__h{_c}{_u}",
            "cmp",
            _ts("x", "y"),
            Result("value", exact(_I1)),
            f"`__h{_c}{_u}(x, y)`: whether x {_c} y, halves or bfloat16_t (a NaN: {_nan}).",
            HALF_MATH,
        )
for _api in ("__low2float", "__high2float"):
    _half10(
        _api,
        "unpack",
        _ts("x"),
        _F32R,
        f"`{_api}(x)`: the {'low (.x)' if 'low' in _api else 'high (.y)'} component as a float.",
        PAIR_TYPES,
    )
for _api, _what in (
    ("__hadd", "x + y"),
    ("__hsub", "x - y"),
    ("__hmul", "x * y"),
    ("__hdiv", "x / y"),
    ("__hmax_nan", "the larger (NaN if either is)"),
    ("__hmin_nan", "the smaller (NaN if either is)"),
):
    _half10(
        _api,
        "lane",
        _ts("x", "y"),
        _PT,
        f"`{_api}(x, y)`: {_what}, rounded to nearest even.",
        HALF_MATH,
    )
_half10("__hneg", "lane", _ts("x"), _PT, "`__hneg(x)`: -x.", HALF_MATH)
_half10(
    "__hfma_relu",
    "lane",
    _ts("x", "y", "z"),
    _PT,
    "`__hfma_relu(x, y, z)`: x * y + z rounded once, a negative result 0.",
    HALF_MATH,
)
for _api, _what in (("hexp10", "10^x (powf(10, x))"), ("hlog10", "logf(x) / logf(10.0f)")):
    _half10(_api, "lane", _ts("x"), _PT, f"`{_api}(x)`: {_what}, rounded to T.", HALF_MATH)
for _api, _what in (("__hisnan", "NaN"), ("__hisinf", "infinite")):
    _half10(
        _api,
        "cmp",
        _ts("x"),
        Result("value", exact(_I1)),
        f"`{_api}(x)`: whether x is {_what}.",
        HALF_MATH,
    )
_U16 = IntegerType(16, Signedness.UNSIGNED)
for _pair, _one, _h, _name, _header in (
    (HALF2, F16, "half", "half2", "simt_api/asc_fp16.h"),
    (BF16X2, BF16, "bfloat16", "bfloat162", "simt_api/asc_bf16.h"),
):
    _P = Result("value", exact(_pair))
    _O = Result("value", exact(_one))
    _p = Operand("x", exact(_pair))
    _one_t = "half" if _one is F16 else "bfloat16_t"
    _pair_t = "half2" if _pair is HALF2 else "bfloat16x2_t"
    for _api, _ops, _res, _kind, _what in (
        (f"__floats2{_name}_rn", _f32("x", "y"), _P, "pack", "x and y rounded to nearest even"),
        (
            f"__halves2{_name}",
            (Operand("x", exact(_one)), Operand("y", exact(_one))),
            _P,
            "pack",
            "(x, y)",
        ),
        (
            f"make_{_name}",
            (Operand("x", exact(_one)), Operand("y", exact(_one))),
            _P,
            "pack",
            "(x, y)",
        ),
        (f"__low2{_h}", (_p,), _O, "unpack", "the low component (.x)"),
        (f"__high2{_h}", (_p,), _O, "unpack", "the high component (.y)"),
        (f"__low2{_name}", (_p,), _P, "swap", "(x.x, x.x)"),
        (f"__high2{_name}", (_p,), _P, "swap", "(x.y, x.y)"),
        (f"__lows2{_name}", (_p, Operand("y", exact(_pair))), _P, "swap", "(x.x, y.x)"),
        (f"__highs2{_name}", (_p, Operand("y", exact(_pair))), _P, "swap", "(x.y, y.y)"),
        (
            f"__ushort_as_{_h}",
            (Operand("x", exact(_U16)),),
            _O,
            "bits",
            f"x's 16 bits as a {_one_t}",
        ),
    ):
        _half10(
            _api, _kind, _ops, _res, f"`{_api}`: the {_pair_t} / {_one_t} {_what}.", None, _header
        )
_half10(
    "__float2bfloat162_rn",
    "pack",
    _f32("x"),
    Result("value", exact(BF16X2)),
    "`__float2bfloat162_rn(x)`: x rounded to nearest even in both components.",
    None,
    "simt_api/asc_bf16.h",
)
_half10(
    "__bfloat162bfloat162",
    "pack",
    (Operand("x", exact(BF16)),),
    Result("value", exact(BF16X2)),
    "`__bfloat162bfloat162(x)`: (x, x).",
    None,
    "simt_api/asc_bf16.h",
)


# ---------------------------------------------------------------------------
# The vector types (float2, int4, uchar3, ...: the CPU-debug kernel_vectorized.h
# defines them as structs of N components .x .y .z .w; simt_api/vector_functions.h
# declares make_<type>), one parametric type named as the header names it; and the
# float2 conversions of asc_fp16.h / asc_bf16.h.
# ---------------------------------------------------------------------------

_I8, _U8 = IntegerType(8), IntegerType(8, Signedness.UNSIGNED)
_I16 = IntegerType(16)
_VECTOR_ELEMENTS: dict[str, Attribute] = {
    "char": _I8,
    "uchar": _U8,
    "short": _I16,
    "ushort": IntegerType(16, Signedness.UNSIGNED),
    "int": i32,
    "uint": U32_,
    "long": i64,
    "ulong": U64_,
    "longlong": i64,
    "ulonglong": U64_,
    "float": Float32Type(),
}
VECTOR_TYPES: dict[str, tuple[Attribute, int]] = {
    f"{_base}{_n}": (_e, _n) for _base, _e in _VECTOR_ELEMENTS.items() for _n in (2, 3, 4)
}
"""C++ name (`float2`, `longlong4`, ...) -> (component type, component count): the types
vector_functions.h makes (long and long long both 64-bit, as on the device)."""
COMPONENTS = "xyzw"


@attr_definition
class VectorType(AscendCType):
    """`!ascendc.vector<float2>`: a vector type of kernel_vectorized.h (`float2`,
    `int4`, `uchar3`, ...), a struct of 2 to 4 components `.x .y .z .w`."""

    name = "ascendc.vector"
    cpp: StringAttr

    def __init__(self, cpp: str):
        super().__init__(StringAttr(cpp))

    @property
    def CPP_CLASS(self) -> str:  # type: ignore[override]
        return self.cpp.data

    @property
    def element(self) -> Attribute:
        return VECTOR_TYPES[self.cpp.data][0]

    @property
    def count(self) -> int:
        return VECTOR_TYPES[self.cpp.data][1]

    @classmethod
    def parse_parameters(cls, parser) -> list[Attribute]:
        parser.parse_punctuation("<")
        pos = parser.pos
        word = parser.parse_optional_identifier()
        if word not in VECTOR_TYPES:
            parser.raise_error(
                f"!ascendc.vector takes a vector type of vector_functions.h (char2 ... "
                f"ulonglong4, float2 ... float4, or an 8-bit float pair: hifloat8x2_t, "
                f"float8_e4m3x2_t, float8_e5m2x2_t), not {word!r}",
                pos,
                parser.pos,
            )
        parser.parse_punctuation(">")
        return [StringAttr(word)]

    def print_parameters(self, printer) -> None:
        printer.print_string(f"<{self.cpp.data}>")

    def verify(self) -> None:
        if self.cpp.data not in VECTOR_TYPES:
            raise VerifyException(f"!ascendc.vector<{self.cpp.data}> is not a vector type")


FLOAT2 = VectorType("float2")
VECTOR_FUNCTIONS: dict[str, str] = {}
"""C++ name -> its kind (the simulator's key): "make" (make_<type>), "to_pair"
(`__float22half2_<R>[_sat]`, `__float22bfloat162_...`), "from_pair"
(`__bfloat1622float2`)."""
VECTOR_HEADER = "simt_api/vector_functions.h"


def _vector10(api: str, kind: str, operands: tuple, result: Result, header: str, doc: str):
    VECTOR_FUNCTIONS[api] = kind
    MATH_S10.append(api.lstrip("_"))
    _math(api, operands, result, header, doc)


for _name, (_e, _n) in VECTOR_TYPES.items():
    _vector10(
        f"make_{_name}",
        "make",
        tuple(Operand(c, exact(_e)) for c in COMPONENTS[:_n]),
        Result("value", exact(VectorType(_name))),
        VECTOR_HEADER,
        f"`make_{_name}({', '.join(COMPONENTS[:_n])})`: the {_name} of these components.",
    )
for _pair, _name, _header, _rounds in (
    (HALF2, "half2", "simt_api/asc_fp16.h", (("rn", False), ("rn", True), ("rz", True),
     ("rd", False), ("rd", True), ("ru", False), ("ru", True), ("rna", False),
     ("rna", True), ("ro", False), ("ro", True))),
    (BF16X2, "bfloat162", "simt_api/asc_bf16.h", tuple(
        (r, s) for r in ROUNDS for s in (False, True))),
):  # fmt: skip
    for _r, _s in _rounds:  # (the modes the header declares: half2 has no plain _rz)
        _api = f"__float22{_name}_{_r}{'_sat' if _s else ''}"
        _vector10(
            _api,
            "to_pair",
            (Operand("x", exact(FLOAT2)),),
            Result("value", exact(_pair)),
            _header,
            f"`{_api}(x)`: x.x and x.y each as `__float2{_name[:-1]}_{_r}"
            f"{'_sat' if _s else ''}` gives it, a {_pair.CPP_CLASS}.",
        )
_vector10(
    "__bfloat1622float2",
    "from_pair",
    (Operand("x", exact(BF16X2)),),
    Result("value", exact(FLOAT2)),
    "simt_api/asc_bf16.h",
    "`__bfloat1622float2(x)`: the float2 of x's components (exact).",
)

# The 8-bit float pairs of asc_fp8.h (3510): structs of two 8-bit floats .x .y, added to
# VECTOR_TYPES after the make_<type> loop (vector_functions.h makes none of them).
FP8_PAIR_TYPES: dict[str, tuple[Attribute, int]] = {
    "hifloat8x2_t": (HiFloat8Type(), 2),
    "float8_e4m3x2_t": (Float8E4M3FNType(), 2),
    "float8_e5m2x2_t": (Float8E5M2Type(), 2),
}
"""C++ name -> (component type, 2): hifloat8x2_t, float8_e4m3x2_t, float8_e5m2x2_t."""
VECTOR_TYPES.update(FP8_PAIR_TYPES)
_FP8_HEADER = "simt_api/asc_fp8.h"
_HIF8X2 = VectorType("hifloat8x2_t")
for (_src, _st), _r, _s in itertools.product(
    (("float2", FLOAT2), ("half2", HALF2)), ("rna", "rh"), (False, True)
):  # (the header's order)
    _api = f"__{_src}2hif82_{_r}{'_sat' if _s else ''}"
    _how = "nearest, ties away from zero" if _r == "rna" else "hybrid"
    _over = (
        "NaN -> 0, overflow and infinity -> +-32768 (0x6E / 0xEE)"
        if _s
        else "NaN -> 0x80, overflow -> +-infinity (0x6F / 0xEF)"
    )
    _vector10(
        _api,
        "to_fp8x2",
        (Operand("x", exact(_st)),),
        Result("value", exact(_HIF8X2)),
        _FP8_HEADER,
        f"`{_api}(x)`: x.x and x.y as a hifloat8x2_t, rounded ({_r}: {_how}); {_over}.",
    )
for _api, _from, _to in (
    ("__hif822float2", "hifloat8x2_t", FLOAT2),
    ("__hif822half2", "hifloat8x2_t", HALF2),
    ("__e4m3x22float2", "float8_e4m3x2_t", FLOAT2),
    ("__e5m2x22float2", "float8_e5m2x2_t", FLOAT2),
):
    _vector10(
        _api,
        "from_fp8x2",
        (Operand("x", exact(VectorType(_from))),),
        Result("value", exact(_to)),
        _FP8_HEADER,
        f"`{_api}(x)`: the {_to.CPP_CLASS} of x's components (exact"
        + ("; NaN -> NaN, +-infinity -> +-infinity)." if _to is HALF2 else ")."),
    )


FP8X2_SATURATION = ("NOSAT", "SATFINITE")
"""`__asc_saturation_t`'s values without their `__ASC_` prefix."""
FP8X2_INTERPRETATION = ("E4M3", "E5M2")
"""`__asc_fp8_interpretation_t`'s values without their `__ASC_` prefix."""


class SimtCvtFp8x2Base(SimtOp):
    """`__asc_cvt_float2_to_fp8x2(x, __ASC_<saturate>, __ASC_<interpretation>)`: the
    enum arguments are properties, each one of its enum's values."""

    def verify_(self) -> None:
        super().verify_()
        for prop, known in (
            ("saturate", FP8X2_SATURATION),
            ("interpretation", FP8X2_INTERPRETATION),
        ):
            value = self.properties[prop].data
            if value not in known:
                raise VerifyException(
                    f"'{self.name}': {prop} must be one of {', '.join(known)}, not {value!r}"
                )


OP_HEADERS["ascendc.simt.cvt_float2_to_fp8x2"] = _FP8_HEADER
_add(
    "SimtCvtFloat2ToFp8x2Op",
    "cvt_float2_to_fp8x2",
    "__asc_cvt_float2_to_fp8x2",
    (Operand("x", exact(FLOAT2)),),
    (Result("value", exact(_U16)),),
    props=(
        Prop("saturate", kind=PropKind.STRING),
        Prop("interpretation", kind=PropKind.STRING),
    ),
    sim="cvt_fp8x2",
    base=SimtCvtFp8x2Base,
    example={"saturate": "SATFINITE", "interpretation": "E4M3"},
    doc="`__asc_cvt_float2_to_fp8x2(x, __ASC_<saturate>, __ASC_<interpretation>)`: x.x "
    "(low byte) and x.y (high byte) as float8_e4m3fn_t (E4M3) or float8_e5m2_t (E5M2) "
    "codes, rounded to nearest even; SATFINITE: NaN -> 0, overflow -> +-max; NOSAT: "
    "NaN -> 0x7F, overflow -> +-infinity (e5m2) or 0x7F (e4m3).",
)


class SimtComponentBase(SimtOp):
    """`v.x` (.y .z .w) of a vector value: the component must be one the type has, the
    result its component type."""

    def verify_(self) -> None:
        super().verify_()
        t = self.vector.type  # type: ignore[attr-defined]
        which = self.properties["component"].data
        if not isinstance(t, VectorType):
            raise VerifyException(f"'{self.name}': the operand must be a vector type, not {t}")
        if which not in COMPONENTS[: t.count]:
            have = " ".join(f".{c}" for c in COMPONENTS[: t.count])
            raise VerifyException(
                f"'{self.name}': {t.CPP_CLASS} has the components {have}, not .{which}"
            )
        if self.value.type != t.element:  # type: ignore[attr-defined]
            raise VerifyException(
                f"'{self.name}': .{which} of a {t.CPP_CLASS} is {t.element}, not {self.value.type}"  # type: ignore[attr-defined]
            )


_VECTOR = TypeRule(  # (samples: a float2 and its f32)
    TypeBound("a vector type (float2, int4, ...)", lambda t: isinstance(t, VectorType), None),
    "vector (float2, int4, ...)",
    lambda v: FLOAT2,
)
_COMPONENT = TypeRule(
    TypeBound("the vector's component type", lambda t: True, None),
    "the vector's component type",
    lambda v: Float32Type(),
)
_add(
    "SimtComponentOp",
    "component",
    ".",
    (Operand("vector", _VECTOR),),
    (Result("value", _COMPONENT),),
    props=(Prop("component", kind=PropKind.STRING),),
    sim="component",
    base=SimtComponentBase,
    example={"component": "x"},
    doc="`v.x` (.y, .z, .w): a component of a vector value (float2, int4, ...; the "
    "component one the type has).",
)


class SimtPointerCastBase(SimtOp):
    """`reinterpret_cast<Q T*>(p)`: the same memory (`__gm__` or `__ubuf__`), another
    element type (a half pointer seen as half2 pairs, ...)."""

    def verify_(self) -> None:
        super().verify_()
        src, dst = self.ptr.type, self.value.type  # type: ignore[attr-defined]
        if not is_pointer(dst) or _space(src) != _space(dst):
            raise VerifyException(
                f"'{self.name}': the result must be a pointer to the same memory as the "
                f"operand ({src}), not {dst}"
            )


_add(
    "SimtPointerCastOp",
    "pointer_cast",
    "reinterpret_cast",
    (Operand("ptr", pointer("T")),),
    (Result("value", pointer("U")),),
    sim="pointer_cast",
    base=SimtPointerCastBase,
    example={"T": "f16", "U": "!ascendc.half2"},
    doc="`reinterpret_cast<Q U*>(ptr)`: the pointer as one to another element type of "
    "the same memory (to read and write half2 / bfloat16x2_t pairs of a half array).",
)

# ---------------------------------------------------------------------------
# The other conversions the headers declare (device_functions.h, asc_fp16.h,
# asc_bf16.h): `__<src>2<dst>_<R>[_sat]`, one op each (`CONVERSIONS_S10`).
# ---------------------------------------------------------------------------

CONVERSIONS_S10: dict[str, tuple[str, str, str, bool]] = {}
"""C++ name -> (source kind, destination kind, round mode, saturating); kinds: float,
half, bfloat16, int, uint, ll, ull."""
_KIND_TYPES = {
    "float": Float32Type(),
    "half": F16,
    "bfloat16": BF16,
    "int": i32,
    "uint": U32_,
    "ll": i64,
    "ull": U64_,
}
_KIND_HEADERS = {"half": "simt_api/asc_fp16.h", "bfloat16": "simt_api/asc_bf16.h"}


def _conversion10(src: str, dst: str, rnd: str, sat: bool) -> None:
    api = f"__{src}2{dst}_{rnd}{'_sat' if sat else ''}"
    CONVERSIONS_S10[api] = (src, dst, rnd, sat)
    MATH_S10.append(api.lstrip("_"))
    header = _KIND_HEADERS.get(dst if dst in _KIND_HEADERS else src, DEVICE_FUNCTIONS)
    if src == "bfloat16" or dst == "bfloat16":
        header = _KIND_HEADERS["bfloat16"]
    what = {
        "float": "float",
        "half": "half",
        "bfloat16": "bfloat16_t",
        "int": "int",
        "uint": "unsigned int",
        "ll": "long long",
        "ull": "unsigned long long",
    }
    if src == dst:
        how = "rounded to an integral value"
    elif dst in ("int", "uint", "ll", "ull"):
        how = f"rounded to {what[dst]}, saturating (NaN: 0)"
    else:
        how = f"as {what[dst]}" + (", saturating (NaN: 0)" if sat else "")
    _math(
        api,
        (Operand("x", exact(_KIND_TYPES[src])),),
        Result("value", exact(_KIND_TYPES[dst])),
        header,
        f"`{api}(x)`: the {what[src]} {how} ({rnd}).",
    )


for _r in ROUNDS:
    _conversion10("float", "float", _r, False)
    _conversion10("float", "ull", _r, False)
    _conversion10("ull", "float", _r, False)
    for _one in ("half", "bfloat16"):
        for _int in ("int", "uint", "ll", "ull"):
            _conversion10(_one, _int, _r, False)
        _conversion10(_one, _one, _r, False)
    for _int in ("int", "uint"):
        _conversion10(_int, "half", _r, False)
        _conversion10(_int, "half", _r, True)
    for _int in ("ll", "ull"):
        _conversion10(_int, "half", _r, False)
    for _int in ("int", "uint", "ll", "ull"):
        _conversion10(_int, "bfloat16", _r, False)
    _conversion10("bfloat16", "half", _r, False)
    _conversion10("bfloat16", "half", _r, True)
    _conversion10("half", "bfloat16", _r, False)

__all__ = [
    "ATOMICS",
    "CONVERSIONS_S10",
    "DEFAULT_LAUNCH_BOUND",
    "DTYPES",
    "FAMILY",
    "FP8X2_INTERPRETATION",
    "FP8X2_SATURATION",
    "FP8_PAIR_TYPES",
    "GM_MEMORY_SPACE",
    "GROUP_VALUE_TYPES",
    "HALF_FUNCTIONS",
    "MATH",
    "MATH_S10",
    "MATH_SIGNATURES",
    "MAX_THREADS",
    "OVERLOAD_HEADERS",
    "PAIRS",
    "PAIR_TYPES",
    "POINTER_MATH",
    "REDUCE_DTYPES",
    "SHFL_DTYPES",
    "SYNC",
    "VECTOR_FUNCTIONS",
    "VECTOR_TYPES",
    "WARP_SIZE",
    "SimtOp",
    "SimtPrintfBase",
    "SimtShflBase",
    "SimtVfCallBase",
    "VectorType",
    "body_problem",
    "called_function",
    "is_pointer",
    "is_simt_callee",
    "is_simt_code",
    "is_simt_function",
    "launch_bound",
    "needs_lockstep",
    "overload_headers",
    "pointer_type",
    "simt_functions",
]
