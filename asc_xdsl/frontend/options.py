"""pyasc's three option records, `asc.CodegenOptions`, `asc.CompileOptions` and
`asc.LaunchOptions`: their fields are the keywords `@asc.jit(...)`, `compile(...)` and a
launch take (`@asc.jit(debug=True)` sets `CompileOptions.debug`), with pyasc's defaults.
`jit.py` checks and applies them (docs/frontend.md, "Options")."""

from __future__ import annotations

import os
from dataclasses import dataclass, fields
from typing import Any

from asc_xdsl import soc as soc_table


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


PLATFORM_ENV = "ASC_XDSL_PLATFORM"
"""The CPU simulator's platform variable (runtime/simulator/platform.py reads it too)."""


def soc_name(value: Any) -> str:
    """A `soc_version` option as the SoC's name: a str, or pyasc's `config.Platform`
    member (its value)."""
    value = getattr(value, "value", value)
    return value if isinstance(value, str) else repr(value)


def is_known_soc(value: Any) -> bool:
    return value is None or soc_name(value) in soc_table.known_names()


def target_soc(option: Any, launch_value: Any, *, simulator: bool) -> str | None:
    """The SoC a kernel is compiled for (the module's `ascendc.soc`), or None for the
    default (`dialects/ascendc/target.DEFAULT_SOC`, the Atlas A2 series):

    1. the backend's own launch keyword: `platform=` (CPU simulator) or
       `soc_version=` (npu, model), given at the launch;
    2. the compile option `soc_version=` (`@asc.jit(...)`, `compile(...)`, a launch);
    3. `ASC_XDSL_PLATFORM` (CPU simulator only), then `ASC_XDSL_SOC_VERSION` (what
       pyasc's `config.set_platform(..., soc_version=)` sets).

    A launch keyword and a compile option naming different SoCs is an error. A name the
    table does not know from 1. or 3. is left to the backend, which refuses the launch
    in its own words before running anything (the compile option is checked earlier,
    where it is given)."""
    if launch_value is not None:
        launch = soc_name(launch_value)
        if option is not None and soc_name(option) != launch:
            raise TypeError(
                f"soc_version={soc_name(option)!r} (compile option) and the launch's "
                f"{'platform' if simulator else 'soc_version'}={launch!r} name different "
                "SoCs: a kernel is compiled for the SoC it runs on; give one of them"
            )
        return launch if launch in soc_table.known_names() else None
    if option is not None:
        return soc_name(option)
    for variable in (PLATFORM_ENV, soc_table.SOC_ENV) if simulator else (soc_table.SOC_ENV,):
        name = os.environ.get(variable)
        if name:
            return name if name in soc_table.known_names() else None
    return None


__all__ = ["CodegenOptions", "CompileOptions", "LaunchOptions", "target_soc"]
