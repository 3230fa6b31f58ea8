"""pyasc's three option records, `asc.CodegenOptions`, `asc.CompileOptions` and
`asc.LaunchOptions`: their fields are the keywords `@asc.jit(...)`, `compile(...)` and a
launch take (`@asc.jit(debug=True)` sets `CompileOptions.debug`), with pyasc's defaults.
`jit.py` checks and applies them (docs/frontend.md, "Options"), with the defaults of
`option_defaults.py`, so a compile that names none of these classes does not load this
module (three dataclasses: ~10 M instructions of a cold start; docs/performance.md).
tests/unit/test_cold_start_s9.py holds the two to the same defaults."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

# (re-exported: the SoC choice the options make lives with the defaults the JIT reads)
from asc_xdsl.frontend.option_defaults import (  # noqa: F401
    PLATFORM_ENV,
    is_known_soc,
    soc_name,
    target_soc,
)


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
    soc_version: Any = None  # a SoC name (str) or pyasc's config.Platform; see target_soc


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


__all__ = ["CodegenOptions", "CompileOptions", "LaunchOptions", "target_soc"]
