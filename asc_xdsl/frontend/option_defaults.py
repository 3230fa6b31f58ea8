"""The defaults of pyasc's option records (`options.py`) and the SoC a compile targets:
what the JIT reads on every compile, without making the three dataclasses
(`asc.CompileOptions`, ...) a program that never names them does not need. The tables
are the dataclasses' field defaults in declaration order
(tests/unit/test_cold_start_s9.py holds them equal)."""

from __future__ import annotations

import os
from typing import Any

from asc_xdsl import soc as soc_table

COMPILE_DEFAULTS: dict[str, Any] = {
    "debug": False,
    "strip_loc": False,
    "verify_sync": False,
    "print_ir_before_all": False,
    "run_passes": True,
    "kernel_type": None,
    "opt_level": 3,
    "auto_sync": True,
    "auto_sync_log": "",
    "bisheng_options": None,
    "always_compile": False,
    "matmul_cube_only": False,
    "insert_sync": None,
    "dedup_state": False,
    "sync_blocks": False,
    "soc_version": None,
}
"""`defaults(CompileOptions)`."""
CODEGEN_DEFAULTS: dict[str, Any] = {"capture_exceptions": True, "ir_multithreading": True}
"""`defaults(CodegenOptions)`."""
LAUNCH_DEFAULTS: dict[str, Any] = {"core_num": 0, "stream": None}
"""`defaults(LaunchOptions)`."""


def launch_options_class() -> type | None:
    """`options.LaunchOptions` if its module is loaded, else None (no value can be one
    before its class exists)."""
    import sys

    module = sys.modules.get("asc_xdsl.frontend.options")
    return None if module is None else module.LaunchOptions


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
