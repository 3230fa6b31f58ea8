"""pyasc's three option records, `asc.CodegenOptions`, `asc.CompileOptions` and
`asc.LaunchOptions`: their fields are the keywords `@asc.jit(...)`, `compile(...)` and a
launch take (`@asc.jit(debug=True)` sets `CompileOptions.debug`), with pyasc's defaults.
`jit.py` checks and applies them (docs/frontend.md, "Options")."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass
class CodegenOptions:
    """How the Python function becomes IR.

    capture_exceptions: an unexpected Python exception raised while a line compiles is
    reported as a located CompileError (True), or propagates as it is (False: its own
    traceback, for debugging the compiler).
    ir_multithreading: MLIR's context threading in pyasc; xDSL builds and rewrites IR
    on one thread, so either value is honoured (no threads are used).
    """

    capture_exceptions: bool = True
    ir_multithreading: bool = True


@dataclass
class CompileOptions:
    """How the IR becomes Ascend C and a binary (each field: docs/frontend.md)."""

    debug: bool = False
    strip_loc: bool = False
    verify_sync: bool = False
    print_ir_before_all: bool = False
    run_passes: bool = True
    kernel_type: Any = None  # Optional[KernelType]: "vector", "cube", "mix" or pyasc's enum
    opt_level: int | None = 3
    auto_sync: bool | None = True
    auto_sync_log: str | None = ""
    bisheng_options: tuple[str, ...] | None = None
    always_compile: bool = False
    matmul_cube_only: bool = False
    insert_sync: bool | None = None
    dedup_state: bool = False
    sync_blocks: bool = False


@dataclass(frozen=True)
class LaunchOptions:
    """A launch: `kernel[LaunchOptions(core_num, stream)](...)` is `kernel[core_num,
    stream](...)` (core_num is the block dim; launches are synchronous, so the stream
    only keeps pyasc's syntax)."""

    core_num: int = 0
    stream: Any = None


def defaults(record: type) -> dict[str, Any]:
    """The fields of an option record and their defaults, in declaration order."""
    return {f.name: f.default for f in fields(record)}


__all__ = ["CodegenOptions", "CompileOptions", "LaunchOptions"]
