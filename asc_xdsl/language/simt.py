"""`asc.simt`: SIMT vector functions of Ascend 950 (`__simt_vf__`) in the kernel language.

A SIMT vector function is a Python function decorated `@asc.simt.vf` (or
`@asc.simt.vf(launch_bounds=N)`: `__launch_bounds__(N)`, the most threads a call may
start, 1 to 2048, default 1024). The kernel starts it with its thread block's dims in
brackets, as the C++ `asc_vf_call<f>(dim3(x, y, z), args...)`:

    @asc.simt.vf(launch_bounds=1024)
    def gather(src: asc.simt.Pointer, index: asc.simt.Pointer, dst: asc.simt.Pointer, n: int):
        i = asc.simt.block_idx.x * asc.simt.block_dim.x + asc.simt.thread_idx.x
        if asc.simt.thread_idx.x < n:
            dst[asc.simt.thread_idx.x] = src[index[i]]

    @asc.jit
    def kernel(x: asc.GlobalAddress, idx: asc.GlobalAddress, ...):
        ...
        gather[1024](x, idx, ub_tensor, n)          # or gather[32, 4](...), gather[(32, 4, 2)]

The body runs once per thread. Its arguments: GM addresses (`asc.GlobalAddress`, the
kernel's or one offset from it) arrive as `__gm__ T*` pointers, local tensors as
`__ubuf__ T*` pointers to their first element, scalars as they are; a pointer `p` reads
and writes one element as `p[i]` and `p[i] = v`. `asc.simt.thread_idx`, `block_idx`,
`block_dim` and `grid_dim` are the dim3 builtins (`.x`, `.y`, `.z`: uint32 scalars), and
`asc.simt.clock()` the core's cycle counter (uint64; the simulator's is modelled:
docs/ascend950.md), `asc.simt.printf(fmt, ...)` prints from each thread that runs it. The body is scalar code (arithmetic, `if`, `for`, `while`) over
those; the kernel APIs (`asc.*` ops, `asc.reg.*`) are not callable in it, and each
misuse is a located compile error, as is any of this on a SoC other than an Ascend 950
part. There is no `__simt_vf__` spelling in PyAsc2 or pyasc; this one mirrors
`@asc.vf` and the launch syntax `kernel[blocks](...)`.

A dim may be a run-time integer (`gather[n](...)`: the launch bound is then the static
maximum, checked when the kernel runs). The rest of the SIMT API, each the C++ function
of the same name: the warp functions `lane_id()` (`laneid()`), `lanemask_lt()` (eq, le,
gt, ge), `activemask()`, `all(pred)`, `any(pred)`, `ballot(pred)`, `shfl(v, lane,
width=32)`, `shfl_up`, `shfl_down`, `shfl_xor`, `reduce_add(v)`, `reduce_max`,
`reduce_min` and `WARP_SIZE`; `syncthreads()`, `threadfence()`, `threadfence_block()`;
the atomics `atomic_add(p, i, v)` (`asc_atomic_add(p + i, v)`: sub, exch, max, min, inc,
dec, and, or, xor too) and `atomic_cas(p, i, compare, v)`, each returning the old value.
The shuffles also take float16 and bfloat16 values, the reductions float16, and
atomic_add / max / min float16 and bfloat16 pointers (the headers' asc_fp16.h and
asc_bf16.h overloads; those three return the element after the operation).
`@asc.simt.callee` makes a `__simt_callee__` helper, called as `f(args)` from SIMT code:

    @asc.simt.callee
    def warp_sum(v: float):
        return asc.simt.reduce_add(v)

Cooperative groups (`cooperative_groups.h`) are `asc.simt.cooperative_groups`:
`this_thread_block()` and `tiled_partition(parent, size)` (a static tile of 1 to 32
threads, `thread_block_tile<size>`), with the C++ members `sync()`, `thread_rank()`,
`num_threads()`, `size()`, and for a tile `meta_group_rank()`, `meta_group_size()`,
`shfl(v, rank)`, `shfl_up`, `shfl_down`, `shfl_xor`, `any(p)`, `all(p)`, `ballot(p)`:

    cg = asc.simt.cooperative_groups
    tile = cg.tiled_partition(cg.this_thread_block(), 16)
    total = tile.shfl_xor(v, 8) + v

The math and conversion functions are `asc.simt.<C++ name without leading
underscores>`: `expf(x)`, `tanhf(x)`, `fmaf(x, y, z)`, `hexp(h)`, `habs(h)`,
`float2int_rn(x)`, `float2half_rz_sat(x)`, `half2float(h)`, ... (docs/ascend950.md lists
them and their numerics).
"""

from __future__ import annotations

import builtins
from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.language.builder import IRValue, RuntimeScalar, require_jit

__all__ = [
    "ASC_E4M3",
    "ASC_E5M2",
    "ASC_NOSAT",
    "ASC_SATFINITE",
    "WARP_SIZE",
    "Pair",
    "PairType",
    "Pointer",
    "SimtCallee",
    "SimtFunction",
    "ThreadBlock",
    "ThreadBlockTile",
    "Vector",
    "VectorType",
    "activemask",
    "all",
    "any",
    "atomic_add",
    "atomic_and",
    "atomic_cas",
    "atomic_dec",
    "atomic_exch",
    "atomic_inc",
    "atomic_max",
    "atomic_min",
    "atomic_or",
    "atomic_sub",
    "atomic_xor",
    "ballot",
    "bfloat16x2",
    "block_dim",
    "block_idx",
    "callee",
    "clock",
    "cooperative_groups",
    "cvt_float2_to_fp8x2",
    "grid_dim",
    "half2",
    "lane_id",
    "lanemask_eq",
    "lanemask_ge",
    "lanemask_gt",
    "lanemask_le",
    "lanemask_lt",
    "ldca",
    "ldcg",
    "printf",
    "reduce_add",
    "reduce_max",
    "reduce_min",
    "shfl",
    "shfl_down",
    "shfl_up",
    "shfl_xor",
    "stcg",
    "stwt",
    "syncthreads",
    "thread_idx",
    "threadfence",
    "threadfence_block",
    "vf",
]

MAX_THREADS = 2048
DEFAULT_LAUNCH_BOUND = 1024
WARP_SIZE = 32
"""`warpSize`: the threads of a warp (consecutive linear thread indices)."""


def _g(what: str) -> Any:
    from asc_xdsl.language.reg.calls import require_ascend_950

    g = require_jit(f"asc.simt.{what}")
    require_ascend_950(g, f"asc.simt.{what}", simt=True)
    return g


def _op(cls_name: str) -> Any:
    from asc_xdsl.dialects.ascendc import simt

    return getattr(simt, cls_name)


class Pointer(IRValue):
    """A `__gm__ T*` or `__ubuf__ T*` parameter of a SIMT vector function: `p[i]` reads
    element i, `p[i] = v` writes it (v converted to the pointer's dtype)."""

    __slots__ = ("dtype",)

    def __init__(self, handle: Any, dtype: dt.DataType):
        super().__init__(handle)
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"Pointer({self.dtype.name})"

    def with_handle(self, handle: Any) -> Pointer:
        return Pointer(handle, self.dtype)

    def __getitem__(self, index: Any) -> Any:
        g = _g("Pointer[i]")
        i = g.integer(index, "a pointer index")
        op = g.emit(_op("SimtLoadOp")(self.handle, i, result_types=[self.dtype.ir_type()]))
        return _wrap(op.results[0], self.dtype)

    def __setitem__(self, index: Any, value: Any) -> None:
        g = _g("Pointer[i] = v")
        i = g.integer(index, "a pointer index")
        v = _operand(g, value, self.dtype, "the stored value")
        g.emit(_op("SimtStoreOp")(self.handle, i, v))

    def cast(self, dtype: Any) -> Pointer:
        """`reinterpret_cast<Q T*>(p)`: this memory seen as elements of `dtype` (an
        `asc.<dtype>`, or `asc.simt.half2` / `asc.simt.bfloat16x2` for pairs: a float16
        array's element 2 i and 2 i + 1 are the pair i, .x and .y; the 8-bit float pairs
        `asc.simt.hifloat8x2_t`, `float8_e4m3x2_t`, `float8_e5m2x2_t` alike)."""
        g = _g("Pointer.cast")
        from asc_xdsl.dialects.ascendc.simt import FP8_PAIR_TYPES

        fp8x2 = isinstance(dtype, VectorType) and dtype.cpp in FP8_PAIR_TYPES
        if not (isinstance(dtype, dt.DataType | PairType) or fp8x2):
            g.fail(
                f"Pointer.cast takes a dtype (asc.float16, asc.simt.half2, "
                f"asc.simt.hifloat8x2_t, ...), got {dtype!r}"
            )
        from asc_xdsl.dialects.ascendc.simt import pointer_type

        space = self.handle.type.memory_space.value.data
        result = pointer_type(dtype.ir_type(), space)
        op = g.emit(_op("SimtPointerCastOp")(self.handle, result_types=[result]))
        return Pointer(op.results[0], dtype)


class PairType:
    """`asc.simt.half2` / `asc.simt.bfloat16x2`: the pair types of asc_fp16.h and
    asc_bf16.h (two 16-bit floats in 32 bits, `.x` the low half)."""

    __slots__ = ("component", "cpp", "name")

    def __init__(self, name: str, cpp: str, component: dt.DataType):
        self.name = name
        self.cpp = cpp
        self.component = component

    def ir_type(self) -> Any:
        from asc_xdsl.dialects.ascendc import simt as dialect

        return dialect.HALF2 if self.name == "half2" else dialect.BF16X2

    def __repr__(self) -> str:
        return f"asc.simt.{self.name}"


half2 = PairType("half2", "half2", dt.float16)
"""`half2`: two halves (`make_half2(x, y)`, `p.cast(asc.simt.half2)[i]`)."""
bfloat16x2 = PairType("bfloat16x2", "bfloat16x2_t", dt.bfloat16)
"""`bfloat16x2_t`: two bfloat16_t (`make_bfloat162(x, y)`)."""


class Pair(IRValue):
    """A half2 or bfloat16x2_t value in SIMT code: built by `make_half2`,
    `floats2half2_rn`, ..., read from a pair pointer; `.x` and `.y` are its components
    (`__low2half` / `__high2half`, or the bfloat16 ones)."""

    __slots__ = ("dtype",)

    def __init__(self, handle: Any, dtype: PairType):
        super().__init__(handle)
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"Pair({self.dtype.cpp})"

    @property
    def x(self) -> RuntimeScalar:
        """The low component (`__low2half(v)` / `__low2bfloat16(v)`)."""
        return _math_call("low2half" if self.dtype is half2 else "low2bfloat16", (self,))

    @property
    def y(self) -> RuntimeScalar:
        """The high component (`__high2half(v)` / `__high2bfloat16(v)`)."""
        return _math_call("high2half" if self.dtype is half2 else "high2bfloat16", (self,))


class VectorType:
    """`asc.simt.float2`, `asc.simt.int4`, `asc.simt.uchar3`, ...: the vector types of
    vector_functions.h (char, uchar, short, ushort, int, uint, long, ulong, longlong,
    ulonglong, float with 2, 3 or 4 components `.x .y .z .w`); made on first use."""

    __slots__ = ("component", "count", "cpp", "name")

    def __init__(self, cpp: str, component: dt.DataType, count: int):
        self.name = self.cpp = cpp
        self.component = component
        self.count = count

    def ir_type(self) -> Any:
        from asc_xdsl.dialects.ascendc.simt import VectorType as IRVectorType

        return IRVectorType(self.cpp)

    def __repr__(self) -> str:
        return f"asc.simt.{self.name}"


_VECTOR_DTYPES: dict[str, VectorType] = {}


def _vector_dtype(cpp: str) -> VectorType:
    dtype = _VECTOR_DTYPES.get(cpp)
    if dtype is None:
        from asc_xdsl.dialects.ascendc.simt import VECTOR_TYPES

        element, count = VECTOR_TYPES[cpp]
        dtype = _VECTOR_DTYPES[cpp] = VectorType(cpp, dt.from_ir(element), count)
    return dtype


_FP8_COMPONENTS = {
    "hifloat8": "asc.simt.hif822float2 / hif822half2",
    "float8_e4m3fn": "asc.simt.e4m3x22float2",
    "float8_e5m2": "asc.simt.e5m2x22float2",
}


class Vector(IRValue):
    """A float2, int4, ... value in SIMT code (`make_float2(x, y)`,
    `bfloat1622float2(p)`, ...): `.x`, `.y` (and `.z`, `.w` of the 3- and 4-component
    types) are its components."""

    __slots__ = ("dtype",)

    def __init__(self, handle: Any, dtype: VectorType):
        super().__init__(handle)
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"Vector({self.dtype.cpp})"

    def with_handle(self, handle: Any) -> Vector:
        return Vector(handle, self.dtype)

    def _component(self, which: str) -> RuntimeScalar:
        g = _g(f"{self.dtype.cpp}.{which}")
        if "xyzw".index(which) >= self.dtype.count:
            have = ", ".join(f".{c}" for c in "xyzw"[: self.dtype.count])
            g.fail(f"a {self.dtype.cpp} has the components {have}, not .{which}")
        if self.dtype.component.name in _FP8_COMPONENTS:  # (no 8-bit float scalar in SIMT)
            g.fail(
                f"a {self.dtype.cpp}'s components are 8-bit floats, which SIMT code does not "
                f"take: convert the pair ({_FP8_COMPONENTS[self.dtype.component.name]})"
            )
        op = _op("SimtComponentOp")(
            self.handle,
            component=_string_attr(which),
            result_types=[self.dtype.component.ir_type()],
        )
        g.emit(op)
        return RuntimeScalar(op.results[0], self.dtype.component)

    @property
    def x(self) -> RuntimeScalar:
        """The first component (`v.x`)."""
        return self._component("x")

    @property
    def y(self) -> RuntimeScalar:
        """The second component (`v.y`)."""
        return self._component("y")

    @property
    def z(self) -> RuntimeScalar:
        """The third component (`v.z`; the 3- and 4-component types)."""
        return self._component("z")

    @property
    def w(self) -> RuntimeScalar:
        """The fourth component (`v.w`; the 4-component types)."""
        return self._component("w")


def _string_attr(text: str) -> Any:
    from xdsl.dialects.builtin import StringAttr

    return StringAttr(text)


def _wrap(handle: Any, dtype: Any) -> Any:
    """A result of `dtype`: a Pair for the pair types, a Vector for the vector types,
    else a RuntimeScalar."""
    if isinstance(dtype, VectorType):
        return Vector(handle, dtype)
    return Pair(handle, dtype) if isinstance(dtype, PairType) else RuntimeScalar(handle, dtype)


def _operand(g: Any, value: Any, dtype: Any, what: str) -> Any:
    """`value` as an operand of `dtype` (a pair type takes a Pair of it only)."""
    if isinstance(dtype, PairType):
        if not isinstance(value, Pair) or value.dtype is not dtype:
            got = value.dtype if isinstance(value, Pair | RuntimeScalar) else type(value).__name__
            g.fail(f"{what} must be a {dtype.cpp} value (asc.simt.{dtype.name}), got {got}")
        return value.handle
    if isinstance(dtype, VectorType):
        if not isinstance(value, Vector) or value.dtype is not dtype:
            got = (
                value.dtype.name
                if isinstance(value, Vector | Pair | RuntimeScalar)
                else type(value).__name__
            )
            g.fail(f"{what} must be a {dtype.cpp} value (asc.simt.{dtype.name}), got {got}")
        return value.handle
    if isinstance(value, Pair):
        g.fail(f"{what} must be a {dtype.name} scalar, got a {value.dtype.cpp} pair")
    if isinstance(value, Vector):
        g.fail(f"{what} must be a {dtype.name} scalar, got a {value.dtype.cpp} vector")
    return g.scalar(value, dtype)


class _Dim3:
    """A dim3 builtin (`threadIdx`, ...): `.x`, `.y`, `.z` read it in a SIMT function."""

    __slots__ = ("cls", "cpp")

    def __init__(self, cpp: str, cls: str):
        self.cpp = cpp
        self.cls = cls

    def _read(self, dim: str) -> RuntimeScalar:
        from xdsl.dialects.builtin import StringAttr

        g = _g(f"{self.cpp}.{dim}")
        op = g.emit(_op(self.cls)(result_types=[dt.uint32.ir_type()], dim=StringAttr(dim)))
        return RuntimeScalar(op.results[0], dt.uint32)

    @property
    def x(self) -> RuntimeScalar:
        return self._read("x")

    @property
    def y(self) -> RuntimeScalar:
        return self._read("y")

    @property
    def z(self) -> RuntimeScalar:
        return self._read("z")

    def __repr__(self) -> str:
        return f"asc.simt.{self.cpp}"


thread_idx = _Dim3("threadIdx", "SimtThreadIdxOp")
"""`threadIdx`: this thread's index in its thread block (x < block_dim.x, ...)."""
block_idx = _Dim3("blockIdx", "SimtBlockIdxOp")
"""`blockIdx`: the block's index (x: GetBlockIdx; y, z: 0)."""
block_dim = _Dim3("blockDim", "SimtBlockDimOp")
"""`blockDim`: the thread block's dims (the call's `f[x, y, z]`)."""
grid_dim = _Dim3("gridDim", "SimtGridDimOp")
"""`gridDim`: the block count (x: GetBlockNum; y, z: 1)."""


def printf(desc: str, *params: Any) -> None:
    """`printf(fmt, args...)` in a SIMT vector function (`__asc_simt_vf::printf`): the
    conversions of `asc.printf`; every thread that runs it prints a record (guard it
    with `if asc.simt.thread_idx.x == 0:` for one), without the `[AIV Block i/N]`
    prefix."""
    from asc_xdsl.dialects.ascendc.debug import c_unescape
    from asc_xdsl.language.reg.debug import _fold_strings

    g = _g("printf")
    if not isinstance(desc, str):
        g.fail(f"asc.simt.printf needs a format string, got {type(desc).__name__}")
    try:
        desc = c_unescape(desc)
    except ValueError as err:
        g.fail(f"printf format {desc!r}: {err}")
    desc, rest = _fold_strings(g, desc, params)
    g.emit(_op("SimtPrintfOp")([g.printf_arg(p) for p in rest], desc=desc))


ASC_NOSAT = "NOSAT"
"""`__ASC_NOSAT` (asc_fp8.h's `__asc_saturation_t`): NaN and overflow stay special."""
ASC_SATFINITE = "SATFINITE"
"""`__ASC_SATFINITE`: NaN -> 0, overflow -> the largest finite value."""
ASC_E4M3 = "E4M3"
"""`__ASC_E4M3` (`__asc_fp8_interpretation_t`): float8_e4m3fn_t codes."""
ASC_E5M2 = "E5M2"
"""`__ASC_E5M2`: float8_e5m2_t codes."""


def cvt_float2_to_fp8x2(x: Any, saturate: Any, interpretation: Any) -> RuntimeScalar:
    """`__asc_cvt_float2_to_fp8x2(x, saturate, interpretation)` (asc_fp8.h): a float2's
    x.x (low byte) and x.y (high byte) as two 8-bit float codes in an unsigned short
    (uint16), rounded to nearest even; `saturate` is `asc.simt.ASC_NOSAT` or
    `ASC_SATFINITE`, `interpretation` `asc.simt.ASC_E4M3` or `ASC_E5M2` (constants)."""
    from asc_xdsl.dialects.ascendc.simt import FP8X2_INTERPRETATION, FP8X2_SATURATION

    g = _g("cvt_float2_to_fp8x2")
    props = {}
    for what, value, known in (
        ("saturate", saturate, FP8X2_SATURATION),
        ("interpretation", interpretation, FP8X2_INTERPRETATION),
    ):
        if not isinstance(value, str) or value not in known:
            names = " or ".join(f"asc.simt.ASC_{k}" for k in known)
            g.fail(f"asc.simt.cvt_float2_to_fp8x2's {what} must be {names}, got {value!r}")
        props[what] = _string_attr(value)
    handle = _operand(g, x, _vector_dtype("float2"), "asc.simt.cvt_float2_to_fp8x2's x")
    op = g.emit(_op("SimtCvtFloat2ToFp8x2Op")(handle, result_types=[dt.uint16.ir_type()], **props))
    return RuntimeScalar(op.results[0], dt.uint16)


def clock() -> RuntimeScalar:
    """`clock()` in a SIMT vector function: the core's cycle counter (uint64; on the
    simulator its modelled cycles, monotonic: docs/ascend950.md)."""
    g = _g("clock")
    op = g.emit(_op("SimtClockOp")(result_types=[dt.uint64.ir_type()]))
    return RuntimeScalar(op.results[0], dt.uint64)


def _dims_text(xyz: tuple) -> str:
    return "(" + ", ".join(str(d) if isinstance(d, int) else "n" for d in xyz) + ")"


class SimtLaunch:
    """`f[x, y, z]`: a SIMT vector function with its thread block's dims, to call."""

    __asc_simt_launch__ = True

    def __init__(self, function: SimtFunction, dims: tuple[int, int, int]):
        self.function = function
        self.dims = dims

    def __repr__(self) -> str:
        return f"{self.function!r}{_dims_text(self.dims).replace('(', '[').replace(')', ']')}"


class SimtFunction:
    """What `@asc.simt.vf` makes of a function: `f[dims](args)` starts it."""

    __asc_simt_function__ = True

    def __init__(self, fn: Any, launch_bounds: int):
        self.fn = fn
        self.launch_bounds = launch_bounds
        self.__name__ = getattr(fn, "__name__", "simt_vf")
        self.__doc__ = fn.__doc__
        self.__wrapped__ = fn
        fn.__asc_simt_code__ = True  # (the frontend: SIMT helpers are callable in its body)

    def __getitem__(self, dims: Any) -> SimtLaunch:
        """`f[x]`, `f[x, y]`, `f[x, y, z]` or `f[(x, y, z)]`: the dim3 of the call; each an
        int of 1 or more, or a run-time integer scalar (the launch bound is then the
        static maximum, checked as the kernel runs); those known at compile time at
        most 2048 threads together and at most the function's launch bound."""
        items = dims if isinstance(dims, tuple | list) else (dims,)
        if len(items) == 1 and isinstance(items[0], tuple | list):
            items = tuple(items[0])
        if not 1 <= len(items) <= 3 or not builtins.all(
            (isinstance(d, int) and not isinstance(d, bool))
            or (isinstance(d, RuntimeScalar) and d.dtype.is_int())
            for d in items
        ):
            raise TypeError(
                f"the thread dims of {self.__name__}[...] are 1 to 3 ints or run-time "
                f"integers (dim3 x, y, z), got {dims!r}"
            )
        xyz = (*items, *(1,) * (3 - len(items)))
        known = [d for d in xyz if isinstance(d, int)]
        total = 1
        for d in known:
            total *= d
        if known and min(known) < 1:
            raise TypeError(
                f"thread dims dim3{_dims_text(xyz)} must be 1 or more in each dimension"
            )
        if total > min(MAX_THREADS, self.launch_bounds):
            limit = (
                f"the {MAX_THREADS} an asc_vf_call may start"
                if self.launch_bounds >= MAX_THREADS or total > MAX_THREADS
                else f"{self.__name__}'s launch_bounds={self.launch_bounds}"
            )
            raise TypeError(f"dim3{_dims_text(xyz)} starts {total} threads, more than {limit}")
        return SimtLaunch(self, xyz)  # type: ignore[arg-type]

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(
            f"a SIMT vector function is started with its thread dims: "
            f"{self.__name__}[threads](...) (asc_vf_call<f>(dim3(...), ...))"
        )

    def __repr__(self) -> str:
        return f"asc.simt.vf({self.__name__})"


def vf(fn: Any = None, *, launch_bounds: int = DEFAULT_LAUNCH_BOUND) -> Any:
    """`@asc.simt.vf` / `@asc.simt.vf(launch_bounds=N)`: a SIMT vector function
    (`__simt_vf__ __launch_bounds__(N)`), started from a kernel as `f[dims](args)`."""
    if (
        not isinstance(launch_bounds, int)
        or isinstance(launch_bounds, bool)
        or not 1 <= launch_bounds <= MAX_THREADS
    ):
        raise ValueError(f"launch_bounds must be an int in 1..{MAX_THREADS}, got {launch_bounds!r}")
    if fn is None:
        return lambda f: SimtFunction(f, launch_bounds)
    return SimtFunction(fn, launch_bounds)


class SimtCallee:
    """What `@asc.simt.callee` makes of a function: a `__simt_callee__` helper, called
    as `f(args)` from a SIMT vector function (or another helper)."""

    __asc_simt_callee__ = True

    def __init__(self, fn: Any):
        self.fn = fn
        self.__name__ = getattr(fn, "__name__", "simt_callee")
        self.__doc__ = fn.__doc__
        self.__wrapped__ = fn
        fn.__asc_simt_code__ = True

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(
            f"{self.__name__} is a __simt_callee__ function: call it inside a SIMT vector "
            "function (@asc.simt.vf) or another @asc.simt.callee function"
        )

    def __repr__(self) -> str:
        return f"asc.simt.callee({self.__name__})"


def callee(fn: Any) -> SimtCallee:
    """`@asc.simt.callee`: a SIMT helper (`__simt_callee__ inline T f(...)`), its own
    function called from SIMT code; it takes pointers and scalars and returns nothing,
    a scalar or a tuple of scalars, and may use every `asc.simt` function."""
    return SimtCallee(fn)


# -- warp functions ------------------------------------------------------------------


def _value(g: Any, value: Any, what: str) -> Any:
    """A runtime scalar of its own dtype (an int: int32, a float: float32)."""
    if isinstance(value, RuntimeScalar | Pair):
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        g.fail(f"asc.simt.{what} takes a number, got {type(value).__name__}")
    dtype = dt.int32 if isinstance(value, int) else dt.float32
    return RuntimeScalar(g.scalar(value, dtype), dtype)


def _nullary(cls: str, what: str, dtype: dt.DataType) -> RuntimeScalar:
    g = _g(what)
    op = g.emit(_op(cls)(result_types=[dtype.ir_type()]))
    return RuntimeScalar(op.results[0], dtype)


def lane_id() -> RuntimeScalar:
    """`laneid()`: this thread's index in its warp, 0 to 31 (int32)."""
    return _nullary("SimtLaneIdOp", "lane_id", dt.int32)


def lanemask_eq() -> RuntimeScalar:
    """`lanemask_eq()`: the bit of this thread's lane (int32)."""
    return _nullary("SimtLanemaskEqOp", "lanemask_eq", dt.int32)


def lanemask_lt() -> RuntimeScalar:
    """`lanemask_lt()`: the bits of the lanes below this thread's (int32)."""
    return _nullary("SimtLanemaskLtOp", "lanemask_lt", dt.int32)


def lanemask_le() -> RuntimeScalar:
    """`lanemask_le()`: the bits of the lanes up to this thread's (int32)."""
    return _nullary("SimtLanemaskLeOp", "lanemask_le", dt.int32)


def lanemask_gt() -> RuntimeScalar:
    """`lanemask_gt()`: the bits of the lanes above this thread's (int32)."""
    return _nullary("SimtLanemaskGtOp", "lanemask_gt", dt.int32)


def lanemask_ge() -> RuntimeScalar:
    """`lanemask_ge()`: the bits of the lanes from this thread's up (int32)."""
    return _nullary("SimtLanemaskGeOp", "lanemask_ge", dt.int32)


def activemask() -> RuntimeScalar:
    """`asc_activemask()`: the warp's lanes active here (uint32, bit = lane id)."""
    return _nullary("SimtActivemaskOp", "activemask", dt.uint32)


def _vote(cls: str, what: str, predicate: Any, dtype: dt.DataType) -> RuntimeScalar:
    g = _g(what)
    p = g.scalar(predicate, dt.int32)  # (a comparison's bool: 0 or 1)
    op = g.emit(_op(cls)(p, result_types=[dtype.ir_type()]))
    return RuntimeScalar(op.results[0], dtype)


def _all(predicate: Any) -> RuntimeScalar:
    """`asc_all(predicate)`: 1 when it is nonzero on every active lane of the warp."""
    return _vote("SimtAllOp", "all", predicate, dt.int32)


def _any(predicate: Any) -> RuntimeScalar:
    """`asc_any(predicate)`: 1 when it is nonzero on some active lane of the warp."""
    return _vote("SimtAnyOp", "any", predicate, dt.int32)


def ballot(predicate: Any) -> RuntimeScalar:
    """`asc_ballot(predicate)`: the active lanes where it is nonzero (uint32 bits)."""
    return _vote("SimtBallotOp", "ballot", predicate, dt.uint32)


def _shuffle(cls: str, what: str, var: Any, lane: Any, width: Any) -> RuntimeScalar:
    g = _g(what)
    v = _value(g, var, what)
    a = g.integer(lane, f"asc.simt.{what}'s lane")
    w = g.integer(width, f"asc.simt.{what}'s width")
    op = g.emit(_op(cls)(v.handle, a, w, result_types=[v.dtype.ir_type()]))
    return _wrap(op.results[0], v.dtype)


def shfl(var: Any, src_lane: Any, width: Any = WARP_SIZE) -> RuntimeScalar:
    """`asc_shfl(var, src_lane, width)`: var of lane src_lane % width of this thread's
    group of `width` lanes (int32, uint32, float32, int64, uint64; float16 and bfloat16:
    asc_fp16.h, asc_bf16.h)."""
    return _shuffle("SimtShflOp", "shfl", var, src_lane, width)


def shfl_up(var: Any, delta: Any, width: Any = WARP_SIZE) -> RuntimeScalar:
    """`asc_shfl_up(var, delta, width)`: var of lane id - delta (own before the group)."""
    return _shuffle("SimtShflUpOp", "shfl_up", var, delta, width)


def shfl_down(var: Any, delta: Any, width: Any = WARP_SIZE) -> RuntimeScalar:
    """`asc_shfl_down(var, delta, width)`: var of lane id + delta (own past the group)."""
    return _shuffle("SimtShflDownOp", "shfl_down", var, delta, width)


def shfl_xor(var: Any, lane_mask: Any, width: Any = WARP_SIZE) -> RuntimeScalar:
    """`asc_shfl_xor(var, lane_mask, width)`: var of lane id ^ lane_mask."""
    return _shuffle("SimtShflXorOp", "shfl_xor", var, lane_mask, width)


def _reduce(cls: str, what: str, value: Any) -> RuntimeScalar:
    g = _g(what)
    v = _value(g, value, what)
    op = g.emit(_op(cls)(v.handle, result_types=[v.dtype.ir_type()]))
    return RuntimeScalar(op.results[0], v.dtype)


def reduce_add(value: Any) -> RuntimeScalar:
    """`asc_reduce_add(val)`: the sum over the warp's active lanes (int32, uint32,
    float32, float16; a pairwise tree, a float16 sum rounded to half at each step)."""
    return _reduce("SimtReduceAddOp", "reduce_add", value)


def reduce_max(value: Any) -> RuntimeScalar:
    """`asc_reduce_max(val)`: the largest over the warp's active lanes."""
    return _reduce("SimtReduceMaxOp", "reduce_max", value)


def reduce_min(value: Any) -> RuntimeScalar:
    """`asc_reduce_min(val)`: the smallest over the warp's active lanes."""
    return _reduce("SimtReduceMinOp", "reduce_min", value)


# -- barriers and fences -------------------------------------------------------------


def _void(cls: str, what: str) -> None:
    _g(what).emit(_op(cls)())


def syncthreads() -> None:
    """`asc_syncthreads()`: wait for every thread of the block (all must reach it)."""
    _void("SimtSyncthreadsOp", "syncthreads")


def threadfence() -> None:
    """`asc_threadfence()`: order this thread's memory accesses for every thread."""
    _void("SimtThreadfenceOp", "threadfence")


def threadfence_block() -> None:
    """`asc_threadfence_block()`: order this thread's memory accesses for the block."""
    _void("SimtThreadfenceBlockOp", "threadfence_block")


# -- atomics -------------------------------------------------------------------------


def _atomic(kind: str, ptr: Any, index: Any, *values: Any) -> RuntimeScalar:
    what = f"atomic_{kind}"
    g = _g(what)
    if not isinstance(ptr, Pointer):
        g.fail(f"asc.simt.{what} takes a SIMT pointer (a parameter), got {type(ptr).__name__}")
    i = g.integer(index, f"asc.simt.{what}'s index")
    vs = [_operand(g, v, ptr.dtype, f"asc.simt.{what}'s value") for v in values]
    cls = f"SimtAtomic{kind.title()}Op"
    op = g.emit(_op(cls)(ptr.handle, i, *vs, result_types=[ptr.dtype.ir_type()]))
    return _wrap(op.results[0], ptr.dtype)


def atomic_add(ptr: Pointer, index: Any, value: Any) -> RuntimeScalar:
    """`asc_atomic_add(ptr + index, value)`: ptr[index] += value atomically; the old value
    (float16 and bfloat16 pointers: the value after the add, as asc_fp16.h / asc_bf16.h
    return it)."""
    return _atomic("add", ptr, index, value)


def atomic_sub(ptr: Pointer, index: Any, value: Any) -> RuntimeScalar:
    """`asc_atomic_sub`: ptr[index] -= value atomically; the old value."""
    return _atomic("sub", ptr, index, value)


def atomic_exch(ptr: Pointer, index: Any, value: Any) -> RuntimeScalar:
    """`asc_atomic_exch`: ptr[index] = value atomically; the old value."""
    return _atomic("exch", ptr, index, value)


def atomic_max(ptr: Pointer, index: Any, value: Any) -> RuntimeScalar:
    """`asc_atomic_max`: ptr[index] = max(ptr[index], value) atomically; the old value
    (float16 and bfloat16: the value after)."""
    return _atomic("max", ptr, index, value)


def atomic_min(ptr: Pointer, index: Any, value: Any) -> RuntimeScalar:
    """`asc_atomic_min`: ptr[index] = min(ptr[index], value) atomically; the old value
    (float16 and bfloat16: the value after)."""
    return _atomic("min", ptr, index, value)


def atomic_inc(ptr: Pointer, index: Any, value: Any) -> RuntimeScalar:
    """`asc_atomic_inc`: ptr[index] = 0 if it is >= value, else + 1 (unsigned); the old."""
    return _atomic("inc", ptr, index, value)


def atomic_dec(ptr: Pointer, index: Any, value: Any) -> RuntimeScalar:
    """`asc_atomic_dec`: ptr[index] = value if it is 0 or > value, else - 1; the old."""
    return _atomic("dec", ptr, index, value)


def atomic_and(ptr: Pointer, index: Any, value: Any) -> RuntimeScalar:
    """`asc_atomic_and`: ptr[index] &= value atomically; the old value."""
    return _atomic("and", ptr, index, value)


def atomic_or(ptr: Pointer, index: Any, value: Any) -> RuntimeScalar:
    """`asc_atomic_or`: ptr[index] |= value atomically; the old value."""
    return _atomic("or", ptr, index, value)


def atomic_xor(ptr: Pointer, index: Any, value: Any) -> RuntimeScalar:
    """`asc_atomic_xor`: ptr[index] ^= value atomically; the old value."""
    return _atomic("xor", ptr, index, value)


def atomic_cas(ptr: Pointer, index: Any, compare: Any, value: Any) -> RuntimeScalar:
    """`asc_atomic_cas`: ptr[index] = value if it equals compare, atomically; the old."""
    return _atomic("cas", ptr, index, compare, value)


all = _all
any = _any


# ---------------------------------------------------------------------------
# How the code generator calls one (`codegen.call_function(vector=SimtLaunch)`)
# ---------------------------------------------------------------------------


def function_argument(gen: Any, value: Any, node: Any, name: str) -> Any:
    """(The SSA value passed for parameter `name`, how the body wraps its block argument)."""
    from asc_xdsl.dialects.ascendc.reg import RegUbPtrOp, ub_pointer_type
    from asc_xdsl.language.core.tensor import GlobalAddress, LocalTensor
    from asc_xdsl.language.reg.calls import require_ascend_950

    require_ascend_950(gen, "a SIMT vector function (asc_vf_call)", node, simt=True)
    if isinstance(value, LocalTensor) and value.handle is not None:
        zero = gen.integer(0, "offset")
        element = value.handle.type.element_type
        op = gen.emit(RegUbPtrOp(value.handle, zero, result_types=[ub_pointer_type(element)]))
        return op.results[0], lambda h, d=value.dtype: Pointer(h, d)
    if isinstance(value, GlobalAddress) and value.handle is not None:
        dtype = value.dtype or dt.from_ir(value.handle.type.element_type)
        return value.handle, lambda h, d=dtype: Pointer(h, d)
    if isinstance(value, Pointer | Pair | Vector | _GroupValue):
        return value.handle, value.with_handle
    if isinstance(value, RuntimeScalar | int | float) and not isinstance(value, bool):
        return gen._carry(value, node, name)
    return gen.fail(
        f"a SIMT vector function takes GM addresses, local tensors and scalars; argument "
        f"'{name}' is {type(value).__name__}",
        node,
    )


def mark_function(gen: Any, launch: Any, name: str, result_types: list, node: Any) -> Any:
    """Mark the device function `name` a SIMT vector function of the launch's bound (a
    `__simt_callee__` function for a SimtCallee); returns the func.func."""
    from xdsl.dialects import func
    from xdsl.dialects.builtin import IntegerAttr, UnitAttr, i32

    from asc_xdsl.dialects.ascendc.base import SIMT_ATTR, SIMT_CALLEE_ATTR

    if isinstance(launch, SimtCallee):
        fn = next(
            op
            for op in gen.module.body.block.ops
            if isinstance(op, func.FuncOp) and op.sym_name.data == name
        )
        fn.attributes[SIMT_CALLEE_ATTR] = UnitAttr()
        return fn
    if result_types:
        gen.fail(
            f"SIMT vector function {name} must return nothing (asc_vf_call has no result)", node
        )
    fn = next(
        op
        for op in gen.module.body.block.ops
        if isinstance(op, func.FuncOp) and op.sym_name.data == name
    )
    fn.attributes[SIMT_ATTR] = IntegerAttr(launch.function.launch_bounds, i32)
    return fn


def call_function(gen: Any, launch: Any, callee: str, operands: list, results: Any = None) -> Any:
    """The call: `simt.vf_call` (compile-time dims) or `simt.vf_call_dims` (run-time
    ones) of a launch; a func.call of a `__simt_callee__` function, its results."""
    from xdsl.dialects import func
    from xdsl.dialects.builtin import IntegerAttr, SymbolRefAttr, UnitAttr, i32

    from asc_xdsl.dialects.ascendc.base import NO_INLINE

    if isinstance(launch, SimtCallee):
        call = func.CallOp(callee, operands, results.ir_types())
        call.attributes[NO_INLINE] = UnitAttr()
        gen.emit(call)
        return results.wrap(call.results)
    ref = SymbolRefAttr(callee)
    if builtins.all(isinstance(d, int) for d in launch.dims):
        x, y, z = (IntegerAttr(d, i32) for d in launch.dims)
        gen.emit(_op("SimtVfCallOp")(operands, callee=ref, dim_x=x, dim_y=y, dim_z=z))
        return None
    dims = [gen.integer(d, "a thread dim", dt.uint32) for d in launch.dims]
    gen.emit(_op("SimtVfCallDimsOp")(*dims, operands, callee=ref))
    return None


# -- cache-hinted GM loads and stores (device_functions.h) ---------------------------


def _cached_pointer(g: Any, what: str, ptr: Any) -> Pointer:
    if not isinstance(ptr, Pointer):
        g.fail(f"asc.simt.{what} takes a SIMT pointer (a parameter), got {type(ptr).__name__}")
    return ptr


def _cached_load(what: str, ptr: Any, index: Any) -> RuntimeScalar:
    g = _g(what)
    p = _cached_pointer(g, what, ptr)
    i = g.integer(index, f"asc.simt.{what}'s index")
    op = g.emit(_op(f"Simt{what.title()}Op")(p.handle, i, result_types=[p.dtype.ir_type()]))
    return _wrap(op.results[0], p.dtype)


def _cached_store(what: str, ptr: Any, index: Any, value: Any) -> None:
    g = _g(what)
    p = _cached_pointer(g, what, ptr)
    i = g.integer(index, f"asc.simt.{what}'s index")
    v = _operand(g, value, p.dtype, f"asc.simt.{what}'s value")
    g.emit(_op(f"Simt{what.title()}Op")(p.handle, i, v))


def ldcg(ptr: Pointer, index: Any) -> RuntimeScalar:
    """`asc_ldcg(ptr + index)`: ptr[index] of GM, cached in L2 only (the simulator: a
    plain load). GM pointers only."""
    return _cached_load("ldcg", ptr, index)


def ldca(ptr: Pointer, index: Any) -> RuntimeScalar:
    """`asc_ldca(ptr + index)`: ptr[index] of GM, cached at every level."""
    return _cached_load("ldca", ptr, index)


def stcg(ptr: Pointer, index: Any, value: Any) -> None:
    """`asc_stcg(ptr + index, value)`: ptr[index] = value on GM, cached in L2 only."""
    _cached_store("stcg", ptr, index, value)


def stwt(ptr: Pointer, index: Any, value: Any) -> None:
    """`asc_stwt(ptr + index, value)`: ptr[index] = value on GM, written through."""
    _cached_store("stwt", ptr, index, value)


# -- cooperative groups (simt_api/cooperative_groups.h) ------------------------------

TILE_SIZES = (1, 2, 4, 8, 16, 32)


class _Group:
    """A cooperative group of SIMT code: the thread block or a static tile of it. It is
    a compile-time object (its C++ counterpart holds nothing the device does not derive
    from the thread's indices); each member call is one op naming the group by its
    tile sizes."""

    __slots__ = ("tiles",)

    def __init__(self, tiles: tuple[int, ...]):
        self.tiles = tiles

    def _emit(self, cls: str, what: str, operands: tuple = (), result: Any = None) -> Any:
        from xdsl.dialects.builtin import DenseArrayBase, i32

        g = _g(f"{self._name()}.{what}")
        props = {"tiles": DenseArrayBase.from_list(i32, list(self.tiles))} if self.tiles else {}
        types = [result.ir_type()] if result is not None else []
        op = g.emit(_op(cls)(*operands, result_types=types, **props))
        return _wrap(op.results[0], result) if result is not None else None

    def _name(self) -> str:
        return type(self).__name__

    def sync(self) -> None:
        """`group.sync()`: the block's waits for every thread of the block
        (asc_syncthreads); a tile's is asc_threadfence_block on 3510, its lanes meeting
        as the warp runs in lockstep."""
        self._emit("SimtCgSyncOp", "sync")

    def _count(self, cls: str, what: str) -> RuntimeScalar:
        return self._emit(cls, what, result=dt.uint64 if self.tiles else dt.uint32)

    def thread_rank(self) -> RuntimeScalar:
        """`group.thread_rank()`: this thread's rank in the group (the block: uint32, the
        linear thread index; a tile: uint64, laneid() & (size - 1))."""
        return self._count("SimtCgThreadRankOp", "thread_rank")

    def num_threads(self) -> RuntimeScalar:
        """`group.num_threads()`: the group's threads (block: uint32; tile: uint64, its
        static size, the block's last tile too)."""
        return self._count("SimtCgNumThreadsOp", "num_threads")

    def size(self) -> RuntimeScalar:
        """`group.size()`: num_threads()."""
        return self._count("SimtCgSizeOp", "size")


class ThreadBlock(_Group):
    """`cooperative_groups::thread_block` (`this_thread_block()`): every thread of the
    call's thread block."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(())

    def thread_index(self) -> _Dim3:
        """`thread_index()`: threadIdx (`asc.simt.thread_idx`; the header returns it)."""
        return thread_idx

    def group_index(self) -> _Dim3:
        """`group_index()`: blockIdx (`asc.simt.block_idx`)."""
        return block_idx

    def dim_threads(self) -> _Dim3:
        """`dim_threads()`: blockDim (`asc.simt.block_dim`)."""
        return block_dim

    def group_dim(self) -> _Dim3:
        """`group_dim()`: dim_threads()."""
        return block_dim

    def __repr__(self) -> str:
        return "asc.simt.cooperative_groups.this_thread_block()"


class ThreadBlockTile(_Group):
    """`cooperative_groups::thread_block_tile<Size, Parent>` (`tiled_partition(parent,
    Size)`): the block cut into groups of Size consecutive threads (Size 1 to 32, a
    power of two), each within one warp."""

    __slots__ = ()

    @property
    def tile_size(self) -> int:
        """The tile's Size (the template argument; a compile-time int)."""
        return self.tiles[-1]

    def _name(self) -> str:
        return f"thread_block_tile<{self.tile_size}>"

    def meta_group_rank(self) -> RuntimeScalar:
        """`meta_group_rank()`: which tile of its parent this is (uint32)."""
        return self._emit("SimtCgMetaGroupRankOp", "meta_group_rank", result=dt.uint32)

    def meta_group_size(self) -> RuntimeScalar:
        """`meta_group_size()`: how many tiles its parent has (uint32, rounded up)."""
        return self._emit("SimtCgMetaGroupSizeOp", "meta_group_size", result=dt.uint32)

    def _shuffle(self, cls: str, what: str, var: Any, lane: Any) -> RuntimeScalar:
        g = _g(f"{self._name()}.{what}")
        v = _value(g, var, what)
        a = g.integer(lane, f"{self._name()}.{what}'s lane")
        return self._emit(cls, what, (v.handle, a), v.dtype)

    def shfl(self, var: Any, src_rank: Any) -> RuntimeScalar:
        """`tile.shfl(var, src_rank)`: var of the tile's rank src_rank % size."""
        return self._shuffle("SimtCgShflOp", "shfl", var, src_rank)

    def shfl_up(self, var: Any, delta: Any) -> RuntimeScalar:
        """`tile.shfl_up(var, delta)`: var of rank - delta (own below the tile)."""
        return self._shuffle("SimtCgShflUpOp", "shfl_up", var, delta)

    def shfl_down(self, var: Any, delta: Any) -> RuntimeScalar:
        """`tile.shfl_down(var, delta)`: var of rank + delta (own past the tile)."""
        return self._shuffle("SimtCgShflDownOp", "shfl_down", var, delta)

    def shfl_xor(self, var: Any, lane_mask: Any) -> RuntimeScalar:
        """`tile.shfl_xor(var, lane_mask)`: var of rank ^ lane_mask."""
        return self._shuffle("SimtCgShflXorOp", "shfl_xor", var, lane_mask)

    def _vote(self, cls: str, what: str, predicate: Any, dtype: dt.DataType) -> RuntimeScalar:
        g = _g(f"{self._name()}.{what}")
        p = g.scalar(predicate, dt.int32)
        return self._emit(cls, what, (p,), dtype)

    def any(self, predicate: Any) -> RuntimeScalar:
        """`tile.any(predicate)`: 1 when it is nonzero on some active lane of the tile."""
        return self._vote("SimtCgAnyOp", "any", predicate, dt.int32)

    def all(self, predicate: Any) -> RuntimeScalar:
        """`tile.all(predicate)`: 1 when it is nonzero on every lane of the tile."""
        return self._vote("SimtCgAllOp", "all", predicate, dt.int32)

    def ballot(self, predicate: Any) -> RuntimeScalar:
        """`tile.ballot(predicate)`: the ranks of the tile (uint32 bits) where it is nonzero."""
        return self._vote("SimtCgBallotOp", "ballot", predicate, dt.uint32)

    def __repr__(self) -> str:
        return f"asc.simt.cooperative_groups.{self._name()}"


def this_thread_block() -> ThreadBlock:
    """`cooperative_groups::this_thread_block()`: the call's thread block."""
    return ThreadBlock()


class _GroupValue(IRValue):
    """A run-time group (coalesced_group, thread_group): an SSA value made where the
    C++ makes the object; each member call is an op on it."""

    __slots__ = ()
    CPP = ""

    def _member(self, cls: str, what: str, operands: tuple = (), result: Any = None) -> Any:
        g = _g(f"{self.CPP}.{what}")
        types = [result.ir_type()] if result is not None else []
        op = g.emit(_op(cls)(self.handle, *operands, result_types=types))
        return _wrap(op.results[0], result) if result is not None else None

    def sync(self) -> None:
        """`group.sync()`: the group's lanes meet (asc_threadfence_block on 3510)."""
        self._member("SimtCgGroupSyncOp", "sync")

    def thread_rank(self) -> RuntimeScalar:
        """`group.thread_rank()`: this lane's rank in the group (uint64)."""
        return self._member("SimtCgGroupThreadRankOp", "thread_rank", result=dt.uint64)

    def num_threads(self) -> RuntimeScalar:
        """`group.num_threads()`: the group's lanes (uint64)."""
        return self._member("SimtCgGroupNumThreadsOp", "num_threads", result=dt.uint64)

    def size(self) -> RuntimeScalar:
        """`group.size()`: num_threads()."""
        return self._member("SimtCgGroupSizeOp", "size", result=dt.uint64)


class ThreadGroup(_GroupValue):
    """`cooperative_groups::thread_group` (`tiled_partition(block, n)` with n known at
    run time): a tile of the block; `sync()`, `thread_rank()`, `num_threads()`, `size()`."""

    __slots__ = ()
    CPP = "thread_group"

    def __repr__(self) -> str:
        return "asc.simt.cooperative_groups.thread_group"


class CoalescedGroup(_GroupValue):
    """`cooperative_groups::coalesced_group` (`coalesced_threads()`,
    `binary_partition`, `tiled_partition` of one): lanes of one warp, by rank."""

    __slots__ = ()
    CPP = "coalesced_group"

    def meta_group_rank(self) -> RuntimeScalar:
        """`meta_group_rank()`: which partition of its parent this is (uint64)."""
        return self._member("SimtCgGroupMetaGroupRankOp", "meta_group_rank", result=dt.uint64)

    def meta_group_size(self) -> RuntimeScalar:
        """`meta_group_size()`: how many partitions its parent has (uint64)."""
        return self._member("SimtCgGroupMetaGroupSizeOp", "meta_group_size", result=dt.uint64)

    def _shuffle(self, cls: str, what: str, var: Any, lane: Any) -> Any:
        g = _g(f"coalesced_group.{what}")
        v = _value(g, var, what)
        a = g.integer(lane, f"coalesced_group.{what}'s lane")
        return self._member(cls, what, (v.handle, a), v.dtype)

    def shfl(self, var: Any, src_rank: Any) -> Any:
        """`g.shfl(var, src_rank)`: var of the lane of rank src_rank % size()."""
        return self._shuffle("SimtCgGroupShflOp", "shfl", var, src_rank)

    def shfl_up(self, var: Any, delta: Any) -> Any:
        """`g.shfl_up(var, delta)`: var of the rank delta below (own if none)."""
        return self._shuffle("SimtCgGroupShflUpOp", "shfl_up", var, delta)

    def shfl_down(self, var: Any, delta: Any) -> Any:
        """`g.shfl_down(var, delta)`: var of the rank delta above (own if none)."""
        return self._shuffle("SimtCgGroupShflDownOp", "shfl_down", var, delta)

    def _vote(self, cls: str, what: str, predicate: Any, dtype: dt.DataType) -> RuntimeScalar:
        g = _g(f"coalesced_group.{what}")
        return self._member(cls, what, (g.scalar(predicate, dt.int32),), dtype)

    def any(self, predicate: Any) -> RuntimeScalar:
        """`g.any(pred)`: 1 when pred is nonzero on some lane of the group."""
        return self._vote("SimtCgGroupAnyOp", "any", predicate, dt.int32)

    def all(self, predicate: Any) -> RuntimeScalar:
        """`g.all(pred)`: 1 when pred is nonzero on every lane of the group."""
        return self._vote("SimtCgGroupAllOp", "all", predicate, dt.int32)

    def ballot(self, predicate: Any) -> RuntimeScalar:
        """`g.ballot(pred)`: bit r set when the lane of rank r has pred nonzero (uint32)."""
        return self._vote("SimtCgGroupBallotOp", "ballot", predicate, dt.uint32)

    def __repr__(self) -> str:
        return "asc.simt.cooperative_groups.coalesced_group"


def coalesced_threads() -> CoalescedGroup:
    """`cooperative_groups::coalesced_threads()`: the lanes of this warp active here."""
    from asc_xdsl.dialects.ascendc import simt as dialect

    g = _g("cooperative_groups.coalesced_threads")
    op = g.emit(_op("SimtCgCoalescedThreadsOp")(result_types=[dialect.COALESCED]))
    return CoalescedGroup(op.results[0])


def binary_partition(group: Any, predicate: Any) -> CoalescedGroup:
    """`cooperative_groups::binary_partition(group, pred)` of a coalesced_group or a
    static tile: the group's lanes whose pred equals this lane's."""
    from xdsl.dialects.builtin import DenseArrayBase, i32

    from asc_xdsl.dialects.ascendc import simt as dialect

    g = _g("cooperative_groups.binary_partition")
    p = g.scalar(predicate, dt.bool_)
    if isinstance(group, CoalescedGroup):
        op = g.emit(
            _op("SimtCgBinaryPartitionOp")(group.handle, p, result_types=[dialect.COALESCED])
        )
    elif isinstance(group, ThreadBlockTile):
        tiles = DenseArrayBase.from_list(i32, list(group.tiles))
        op = g.emit(
            _op("SimtCgTileBinaryPartitionOp")(p, result_types=[dialect.COALESCED], tiles=tiles)
        )
    else:
        g.fail(
            "binary_partition takes a coalesced_group or a thread_block_tile (the header's "
            f"overloads), got {group!r}"
        )
    return CoalescedGroup(op.results[0])


def _runtime_partition(parent: Any, size: Any) -> Any:
    """`cooperative_groups::tiled_partition(parent, size)`, size known at run time."""
    from asc_xdsl.dialects.ascendc import simt as dialect

    g = _g("cooperative_groups.tiled_partition")
    n = g.integer(size, "tiled_partition's size")
    if isinstance(parent, ThreadBlock):
        op = g.emit(_op("SimtCgBlockPartitionOp")(n, result_types=[dialect.THREAD_GROUP]))
        return ThreadGroup(op.results[0])
    if isinstance(parent, _GroupValue):
        coalesced = isinstance(parent, CoalescedGroup)
        t = dialect.COALESCED if coalesced else dialect.THREAD_GROUP
        op = g.emit(_op("SimtCgGroupPartitionOp")(parent.handle, n, result_types=[t]))
        return (CoalescedGroup if coalesced else ThreadGroup)(op.results[0])
    return g.fail(
        "tiled_partition with a run-time size takes this_thread_block(), a thread_group "
        f"or a coalesced_group (the header's overloads), got {parent!r}"
    )


def tiled_partition(parent: Any, size: Any, *, runtime: bool = False) -> Any:
    """`cooperative_groups::tiled_partition<size>(parent)`: `parent` (the thread block or
    a tile of it) cut into tiles of `size` threads; `size` a compile-time 1, 2, 4, 8, 16
    or 32, below a parent tile's size. With a run-time `size` (or `runtime=True`), or a
    thread_group / coalesced_group parent, the run-time `tiled_partition(parent, size)`:
    a ThreadGroup of the block, a CoalescedGroup of a coalesced_group."""
    if runtime or isinstance(parent, _GroupValue) or isinstance(size, RuntimeScalar):
        return _runtime_partition(parent, size)
    if not isinstance(parent, _Group):
        raise TypeError(
            "tiled_partition(parent, size) takes this_thread_block() or a tile of it, got "
            f"{type(parent).__name__}"
        )
    if isinstance(size, bool) or not isinstance(size, int) or size not in TILE_SIZES:
        raise TypeError(
            f"tiled_partition's size is a compile-time 1, 2, 4, 8, 16 or 32 "
            f"(thread_block_tile<Size>), got {size!r}"
        )
    if parent.tiles and size >= parent.tiles[-1]:
        raise TypeError(
            f"tiled_partition(tile, {size}) of a tile of {parent.tiles[-1]} threads needs a "
            "smaller size"
        )
    return ThreadBlockTile((*parent.tiles, size))


class _CooperativeGroups:
    """`asc.simt.cooperative_groups` (`cooperative_groups::` of simt_api/
    cooperative_groups.h): `this_thread_block()`, `tiled_partition(parent, size)` and
    their classes."""

    this_thread_block = staticmethod(this_thread_block)
    tiled_partition = staticmethod(tiled_partition)
    coalesced_threads = staticmethod(coalesced_threads)
    binary_partition = staticmethod(binary_partition)
    thread_block = ThreadBlock
    thread_block_tile = ThreadBlockTile
    thread_group = ThreadGroup
    coalesced_group = CoalescedGroup

    def __repr__(self) -> str:
        return "asc.simt.cooperative_groups"


cooperative_groups = _CooperativeGroups()


# -- math and conversion functions (simt_api/math_functions.h, device_functions.h,
# asc_fp16.h, asc_bf16.h) ------------------------------------------------------------


def _math_call(name: str, args: tuple) -> RuntimeScalar:
    """Emit the math op `ascendc.simt.<name>` of `args`: an exact operand type converts
    its argument (a Python number or another scalar type, as C++ converts it); T (a
    half / bfloat16_t function) is the first argument's type, the others converted."""
    from asc_xdsl.dialects.ascendc.simt import MATH_SIGNATURES, POINTER_MATH

    g = _g(name)
    pointers = POINTER_MATH.get(f"ascendc.simt.{name}")
    if pointers is not None:
        return _pointer_math_call(g, name, args, pointers)
    operands, result = MATH_SIGNATURES[f"ascendc.simt.{name}"]
    if len(args) != len(operands):
        g.fail(f"asc.simt.{name} takes {len(operands)} argument(s), got {len(args)}")
    from asc_xdsl.dialects.ascendc.simt import DTYPES, PAIRS

    dtype = None
    if builtins.any(t is None for t in operands):
        allowed = DTYPES[f"ascendc.simt.{name}"]
        first = args[0]
        pairs = builtins.all(t in PAIRS for t in allowed)
        ok = isinstance(first, Pair | RuntimeScalar) and first.dtype.ir_type() in allowed
        if not ok:
            want = "a half2 or bfloat16x2 pair" if pairs else "a float16 or bfloat16 value"
            got = (
                first.dtype.name
                if isinstance(first, Pair | RuntimeScalar)
                else type(first).__name__
            )
            g.fail(f"asc.simt.{name} takes {want}, got {got}")
        dtype = first.dtype
    values = [
        _operand(g, a, dtype if t is None else _dtype_of(t), f"asc.simt.{name}'s argument")
        for a, t in zip(args, operands, strict=True)
    ]
    out = dtype if result is None else _dtype_of(result)
    cls = f"SimtMath{''.join(w.title() for w in name.split('_'))}Op"
    op = g.emit(_op(cls)(*values, result_types=[out.ir_type()]))
    return _wrap(op.results[0], out)


def _dtype_of(t: Any) -> Any:
    """The Python dtype of an IR type (a pair type's PairType)."""
    from asc_xdsl.dialects.ascendc.simt import PAIRS
    from asc_xdsl.dialects.ascendc.simt import VectorType as IRVectorType

    if isinstance(t, IRVectorType):
        return _vector_dtype(t.cpp.data)
    if t in PAIRS:
        return half2 if PAIRS[t] == half2.component.ir_type() else bfloat16x2
    return dt.from_ir(t)


def _pointer_math_call(g: Any, name: str, args: tuple, pointers: tuple) -> Any:
    """A math function with pointer parameters: each pointer given as two arguments,
    the SIMT pointer and the index of the element (`sincosf(x, s, i, c, j)` is C++
    `sincosf(x, s + i, c + j)`)."""
    from asc_xdsl.dialects.ascendc.simt import MATH_SIGNATURES

    operands, result = MATH_SIGNATURES[f"ascendc.simt.{name}"]
    cls = _op(f"SimtMath{''.join(w.title() for w in name.split('_'))}Op")
    names = [o.name for o in cls.SPEC.operands]
    if len(args) != len(names):
        g.fail(
            f"asc.simt.{name} takes {len(names)} arguments ({', '.join(names)}), got {len(args)}"
        )
    elements = {p: t for p, t, _ in pointers}
    values = []
    for a, n, t in zip(args, names, operands, strict=True):
        if n in elements:
            want = dt.from_ir(elements[n])
            if not isinstance(a, Pointer):
                g.fail(f"asc.simt.{name}'s {n} must be a SIMT pointer, got {type(a).__name__}")
            if a.dtype != want:
                g.fail(f"asc.simt.{name}'s {n} must point to {want.name}, not {a.dtype.name}")
            values.append(a.handle)
        elif n.endswith("_index"):
            values.append(g.integer(a, f"asc.simt.{name}'s {n}"))
        else:
            values.append(g.scalar(a, dt.from_ir(t)))
    out = None if result is None else dt.from_ir(result)
    op = g.emit(cls(*values, result_types=[] if out is None else [out.ir_type()]))
    return None if out is None else RuntimeScalar(op.results[0], out)


def _math_function(name: str, doc: str) -> Any:
    def function(*args: Any) -> RuntimeScalar:
        return _math_call(name, args)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    return function


def __getattr__(name: str) -> Any:
    """`asc.simt.<name>` of a math or conversion function (the C++ name without its
    leading underscores: `expf`, `hexp`, `habs`, `float2half_rz`, ...), made on first
    use (the op table is the dialect's: importing it here would slow `import`)."""
    from asc_xdsl.dialects.ascendc import simt as dialect

    if name in dialect.VECTOR_TYPES:
        dtype = globals()[name] = _vector_dtype(name)
        return dtype
    api = dialect.MATH.get(f"ascendc.simt.{name}")
    if api is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    cls = getattr(dialect, f"SimtMath{''.join(w.title() for w in name.split('_'))}Op")
    function = globals()[name] = _math_function(name, f"{cls.SPEC.doc} (C++ `{api}`.)")
    return function


def __dir__() -> list[str]:
    from asc_xdsl.dialects.ascendc.simt import MATH, VECTOR_TYPES

    return sorted({*globals(), *VECTOR_TYPES, *(n.rpartition(".")[2] for n in MATH)})
