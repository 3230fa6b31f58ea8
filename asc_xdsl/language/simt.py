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
"""

from __future__ import annotations

from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.language.builder import IRValue, RuntimeScalar, require_jit

__all__ = [
    "Pointer",
    "SimtFunction",
    "block_dim",
    "block_idx",
    "clock",
    "grid_dim",
    "printf",
    "thread_idx",
    "vf",
]

MAX_THREADS = 2048
DEFAULT_LAUNCH_BOUND = 1024


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

    def __getitem__(self, index: Any) -> RuntimeScalar:
        g = _g("Pointer[i]")
        i = g.integer(index, "a pointer index")
        op = g.emit(_op("SimtLoadOp")(self.handle, i, result_types=[self.dtype.ir_type()]))
        return RuntimeScalar(op.results[0], self.dtype)

    def __setitem__(self, index: Any, value: Any) -> None:
        g = _g("Pointer[i] = v")
        i = g.integer(index, "a pointer index")
        v = g.scalar(value, self.dtype)
        g.emit(_op("SimtStoreOp")(self.handle, i, v))


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


def clock() -> RuntimeScalar:
    """`clock()` in a SIMT vector function: the core's cycle counter (uint64; on the
    simulator its modelled cycles, monotonic: docs/ascend950.md)."""
    g = _g("clock")
    op = g.emit(_op("SimtClockOp")(result_types=[dt.uint64.ir_type()]))
    return RuntimeScalar(op.results[0], dt.uint64)


class SimtLaunch:
    """`f[x, y, z]`: a SIMT vector function with its thread block's dims, to call."""

    __asc_simt_launch__ = True

    def __init__(self, function: SimtFunction, dims: tuple[int, int, int]):
        self.function = function
        self.dims = dims

    def __repr__(self) -> str:
        return f"{self.function!r}[{', '.join(map(str, self.dims))}]"


class SimtFunction:
    """What `@asc.simt.vf` makes of a function: `f[dims](args)` starts it."""

    __asc_simt_function__ = True

    def __init__(self, fn: Any, launch_bounds: int):
        self.fn = fn
        self.launch_bounds = launch_bounds
        self.__name__ = getattr(fn, "__name__", "simt_vf")
        self.__doc__ = fn.__doc__
        self.__wrapped__ = fn

    def __getitem__(self, dims: Any) -> SimtLaunch:
        """`f[x]`, `f[x, y]`, `f[x, y, z]` or `f[(x, y, z)]`: the dim3 of the call; each a
        compile-time int of 1 or more, at most 2048 threads together and at most the
        function's launch bound."""
        items = dims if isinstance(dims, tuple | list) else (dims,)
        if len(items) == 1 and isinstance(items[0], tuple | list):
            items = tuple(items[0])
        if not 1 <= len(items) <= 3 or not all(
            isinstance(d, int) and not isinstance(d, bool) for d in items
        ):
            raise TypeError(
                f"the thread dims of {self.__name__}[...] are 1 to 3 compile-time ints "
                f"(dim3 x, y, z), got {dims!r}"
            )
        xyz = (*items, *(1,) * (3 - len(items)))
        total = xyz[0] * xyz[1] * xyz[2]
        if min(xyz) < 1:
            raise TypeError(f"thread dims dim3{xyz} must be 1 or more in each dimension")
        if total > min(MAX_THREADS, self.launch_bounds):
            limit = (
                f"the {MAX_THREADS} an asc_vf_call may start"
                if self.launch_bounds >= MAX_THREADS or total > MAX_THREADS
                else f"{self.__name__}'s launch_bounds={self.launch_bounds}"
            )
            raise TypeError(f"dim3{xyz} starts {total} threads, more than {limit}")
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
    if isinstance(value, Pointer):
        return value.handle, value.with_handle
    if isinstance(value, RuntimeScalar | int | float) and not isinstance(value, bool):
        return gen._carry(value, node, name)
    return gen.fail(
        f"a SIMT vector function takes GM addresses, local tensors and scalars; argument "
        f"'{name}' is {type(value).__name__}",
        node,
    )


def mark_function(gen: Any, launch: SimtLaunch, name: str, result_types: list, node: Any) -> Any:
    """Mark the device function `name` a SIMT vector function of the launch's bound;
    returns the func.func."""
    from xdsl.dialects import func
    from xdsl.dialects.builtin import IntegerAttr, i32

    from asc_xdsl.dialects.ascendc.base import SIMT_ATTR

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


def call_function(gen: Any, launch: SimtLaunch, callee: str, operands: list) -> None:
    from xdsl.dialects.builtin import IntegerAttr, SymbolRefAttr, i32

    x, y, z = (IntegerAttr(d, i32) for d in launch.dims)
    gen.emit(_op("SimtVfCallOp")(operands, callee=SymbolRefAttr(callee), dim_x=x, dim_y=y, dim_z=z))
