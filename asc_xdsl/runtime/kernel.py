"""What every runtime backend receives: a compiled kernel and its launch arguments.

The frontend (`@asc.jit`) produces a `CompiledKernel`; `kernel[block_dim](*args)`
hands it to the selected `Backend` with the runtime arguments, in the order of the
kernel function's parameters (compile-time `ConstExpr` arguments are already folded
away). A GM pointer parameter (`memref<?xT, 22>`) receives a numpy array (or a torch
tensor) whose contents the kernel reads and writes in place; a scalar parameter
(`i32`, `f32`, `i1`, ...) receives a Python number.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from asc_xdsl.diagnostics import CodedError

# (defined with the IR, which the passes read; re-exported here, the runtime's name)
from asc_xdsl.dialects.kernel_args import KERNEL_TYPES, is_gm_pointer
from asc_xdsl.utils.records import Record

__all__ = [
    "KERNEL_TYPES",
    "MAX_BLOCK_DIM",
    "Backend",
    "CompiledKernel",
    "LaunchError",
    "LaunchRuntimeError",
    "LaunchTypeError",
    "LaunchValueError",
    "check_block_dim",
    "environment_reader",
    "is_gm_pointer",
]

if TYPE_CHECKING:  # xDSL loads with the first compile: launching a prebuilt kernel needs none
    from xdsl.dialects import func
    from xdsl.dialects.builtin import ModuleOp

MAX_BLOCK_DIM = 65535
"""The largest block_dim a launch takes (the CANN runtime's limit; every backend keeps it)."""


class LaunchError(CodedError, Exception):
    """A launch that cannot run: bad arguments, no backend, a failing device call.

    Each is also the builtin its code's kind names (docs/errors.md): a `LaunchTypeError`
    for an argument of the wrong kind (ASC-R601), a `LaunchValueError` for one out of
    range (ASC-R602, ASC-R603), a `LaunchRuntimeError` otherwise (ASC-R600)."""


class LaunchRuntimeError(LaunchError, RuntimeError):
    """A launch that cannot run for a reason other than its arguments (ASC-R600)."""


class LaunchTypeError(LaunchError, TypeError):
    """A launch argument of the wrong kind or number (ASC-R601)."""


class LaunchValueError(LaunchError, ValueError):
    """A launch argument, option or setting out of range, or an unknown backend."""


LaunchError._kinds = {
    "RuntimeError": LaunchRuntimeError,
    "TypeError": LaunchTypeError,
    "ValueError": LaunchValueError,
}


def environment_reader(names: Sequence[str]) -> Callable[[], tuple[Any, ...]]:
    """A function giving the values of environment variables `names` (None when unset)
    as a tuple to compare with an earlier one: what a repeated launch checks to know its
    settings are the same. It reads `os.environ`'s own dict by its encoded keys, without
    `os.environ.get`, which raises and catches a KeyError for each unset variable
    (microseconds each, the whole of a warm launch's budget); the values are the
    encoded ones."""
    env = os.environ
    data = getattr(env, "_data", None)
    encode = getattr(env, "encodekey", None)
    if not isinstance(data, dict) or encode is None:  # not CPython's os.environ
        return lambda: tuple(os.environ.get(n) for n in names)
    keys = tuple(encode(n) for n in names)
    get = data.get

    def read() -> tuple[Any, ...]:
        if os.environ._data is not data:  # type: ignore[attr-defined]  # (replaced whole)
            return tuple(os.environ.get(n) for n in names)
        return tuple(map(get, keys))

    return read


def check_block_dim(block_dim: Any) -> int:
    """`block_dim` as an int in [1, MAX_BLOCK_DIM], or a LaunchError saying what is wrong."""
    if isinstance(block_dim, bool) or not hasattr(block_dim, "__index__"):
        raise LaunchError(
            f"block_dim must be an integer in [1, {MAX_BLOCK_DIM}], got "
            f"{type(block_dim).__name__} {block_dim!r}",
            code="ASC-R601",
        )
    value = block_dim.__index__()
    if not 1 <= value <= MAX_BLOCK_DIM:
        raise LaunchError(
            f"block_dim must be in [1, {MAX_BLOCK_DIM}], got {value} (it is the number of "
            "blocks the launch runs)",
            code="ASC-R602",
        )
    return value


class CompiledKernel(Record):
    """A kernel ready to launch: its lowered IR, its Ascend C and how it was built.

    `name`: the symbol of the kernel function (`func.func` with `ascendc.global`) in
    `module`, the IR after the pass pipeline (what backends execute or print); `asm`:
    the texts of the compilation ("ir", "lowered_ir", "ascendc"); `options`: the compile
    options (pyasc names: opt_level, insert_sync, ...); `metadata`: anything else a
    backend may keep (e.g. a binary's path)."""

    _FIELDS = ("name", "module", "asm", "kernel_type", "options", "metadata")
    __slots__ = _FIELDS

    def __init__(
        self,
        name: str,
        module: ModuleOp,
        asm: dict[str, str] | None = None,
        kernel_type: str = "vector",
        options: dict[str, Any] | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> None:
        self.name = name
        self.module = module
        self.asm = {} if asm is None else asm
        self.kernel_type = kernel_type
        self.options = {} if options is None else options
        self.metadata = {} if metadata is None else metadata

    def __repr__(self) -> str:
        # (the fields' would print the whole module and every text)
        soc = self.module.attributes.get("ascendc.soc")
        on = f", soc={soc.data!r}" if soc is not None and hasattr(soc, "data") else ""
        texts = ", ".join(self.asm) or "none"
        return f"<CompiledKernel {self.name!r}: {self.kernel_type} kernel{on}, texts: {texts}>"

    @property
    def function(self) -> func.FuncOp:
        from xdsl.dialects import func

        for op in self.module.ops:
            if isinstance(op, func.FuncOp) and op.sym_name.data == self.name:
                return op
        raise LaunchError(f"kernel '{self.name}' is not in its module")

    @property
    def ascendc(self) -> str:
        return self.asm.get("ascendc", "")

    def __getitem__(self, block_dim: int) -> _Launcher:
        return _Launcher(self, block_dim)


class _Launcher(Record):
    _FIELDS = ("kernel", "block_dim")
    __slots__ = _FIELDS

    def __init__(self, kernel: CompiledKernel, block_dim: int) -> None:
        self.kernel = kernel
        self.block_dim = block_dim

    def __call__(self, *args: Any, **options: Any) -> None:
        from asc_xdsl.log import logger
        from asc_xdsl.runtime.backends import get_backend

        block_dim = check_block_dim(self.block_dim)
        backend = get_backend(options.pop("backend", None))
        logger("launch").info(
            "kernel %s[%d] on backend %s", self.kernel.name, block_dim, backend.name
        )
        backend.launch(self.kernel, block_dim, args, **options)


class Backend(Protocol):
    """Runs compiled kernels: the CPU simulator ("cpu"), an NPU ("npu"), CANN's simulator ("model")."""

    name: str
    OPTIONS: tuple[str, ...]
    """The keyword options `launch` takes (`kernel[n](..., platform=...)` passes them on)."""

    def launch(
        self, kernel: CompiledKernel, block_dim: int, args: Sequence[Any], **options: Any
    ) -> None: ...
