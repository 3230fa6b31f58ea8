"""pyasc's `asc.lib.runtime` names that launch scripts and host code use.

    vadd_kernel[8, rt.current_stream()](x, y, z, n)

Launches are synchronous on every asc_xdsl backend (results are in the arrays when the
call returns), so the stream only keeps pyasc's launch syntax working.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import Enum

from asc_xdsl.runtime.config import Platform
from asc_xdsl.soc import UnknownSocError

SOC_ENV = "ASC_XDSL_SOC_VERSION"
"""The SoC kernels are built for (`config.set_platform(..., soc_version)` sets it)."""
DEFAULT_SOC = Platform.Ascend910B1


class CoreType(Enum):
    """The cores a kernel runs on (vector-only kernels: VectorCore, cube: CubeCore,
    mixed: AiCore)."""

    AiCore = "AiCore"
    VectorCore = "VectorCore"
    CubeCore = "CubeCore"
    AiCpu = "AiCpu"


@dataclass(frozen=True)
class Stream:
    """The default stream of a device (launches synchronise on it before returning)."""

    device_id: int = 0


def current_stream(device_id: int | None = None) -> Stream:
    """The stream of `device_id` (pyasc's): launches here are synchronous, so it is only
    a record of the device."""
    return Stream(device_id or 0)


def get_soc_version() -> Platform:
    """The SoC kernels are built for: the one `set_soc_version` or
    `config.set_platform` chose, else Ascend910B1 (pyasc's default)."""
    name = os.environ.get(SOC_ENV)
    if not name:
        return DEFAULT_SOC
    try:
        return Platform(name)
    except ValueError:
        known = ", ".join(p.value for p in Platform)
        raise UnknownSocError(f"{SOC_ENV}={name!r} is not a known SoC ({known})") from None


def set_soc_version(soc_version: Platform | str) -> None:
    """Build kernels for `soc_version` from now on."""
    soc = soc_version if isinstance(soc_version, Platform) else Platform(soc_version)
    os.environ[SOC_ENV] = soc.value
    os.environ["ASC_XDSL_PLATFORM"] = soc.value  # the simulator's memory sizes
