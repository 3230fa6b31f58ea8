"""pyasc's `asc.runtime.config`: choosing where kernels run, with pyasc's names.

    import asc_xdsl.runtime.config as config
    config.set_platform(config.Backend.CPU)      # the CPU simulator (asc_xdsl's default)
    config.set_platform(config.Backend.Model)    # CANN's simulator (needs CANN)
    config.set_platform(config.Backend.NPU)      # an NPU (needs CANN and a device)

`Backend.CPU` is asc_xdsl's addition; `Model` and `NPU` need a CANN toolkit, and
`set_platform(..., check=True)` says so at once when there is none.

Scripts you do not own that ask for `NPU` or `Model` run on the simulator without
editing them: `ASC_XDSL_BACKEND_MAP="NPU=cpu,Model=cpu"` maps pyasc's backend names to
ours (pairs `Name=backend`, comma-separated; names not listed keep their own backend).
On a machine without CANN, `ASC_XDSL_BACKEND=cpu` does the same: `NPU` and `Model` then
fall back to the simulator (with CANN they keep their backend).
"""

from __future__ import annotations

import os
from enum import Enum

from asc_xdsl.diagnostics import ConfigError


class Backend(Enum):
    CPU = "CPU"
    Model = "Model"
    NPU = "NPU"


class Platform(Enum):
    """SoC versions (the simulator's memory table and CANN's arch both key on them)."""

    Ascend910B1 = "Ascend910B1"
    Ascend910B2 = "Ascend910B2"
    Ascend910B2C = "Ascend910B2C"
    Ascend910B3 = "Ascend910B3"
    Ascend910B4 = "Ascend910B4"
    Ascend910B4_1 = "Ascend910B4-1"
    Ascend910_9362 = "Ascend910_9362"
    Ascend910_9372 = "Ascend910_9372"
    Ascend910_9381 = "Ascend910_9381"
    Ascend910_9382 = "Ascend910_9382"
    Ascend910_9391 = "Ascend910_9391"
    Ascend910_9392 = "Ascend910_9392"
    # Ascend 950PR / 950DT (arch 3510; asc_xdsl.soc, docs/ascend950.md)
    Ascend950PR_9599 = "Ascend950PR_9599"
    Ascend950PR_958a = "Ascend950PR_958a"
    Ascend950PR_9589 = "Ascend950PR_9589"
    Ascend950PR_958b = "Ascend950PR_958b"
    Ascend950PR_9579 = "Ascend950PR_9579"
    Ascend950PR_957b = "Ascend950PR_957b"
    Ascend950PR_957bx = "Ascend950PR_957bx"
    Ascend950PR_957c = "Ascend950PR_957c"
    Ascend950PR_957d = "Ascend950PR_957d"
    Ascend950PR_950z = "Ascend950PR_950z"
    Ascend950DT_950x = "Ascend950DT_950x"
    Ascend950DT_950y = "Ascend950DT_950y"
    Ascend950DT_95A1 = "Ascend950DT_95A1"
    Ascend950DT_95A2 = "Ascend950DT_95A2"
    Ascend950DT_9591 = "Ascend950DT_9591"
    Ascend950DT_9592 = "Ascend950DT_9592"
    Ascend950DT_9595 = "Ascend950DT_9595"
    Ascend950DT_9596 = "Ascend950DT_9596"
    Ascend950DT_9581 = "Ascend950DT_9581"
    Ascend950DT_9582 = "Ascend950DT_9582"
    Ascend950DT_9582x = "Ascend950DT_9582x"
    Ascend950DT_9583 = "Ascend950DT_9583"
    Ascend950DT_9584 = "Ascend950DT_9584"
    Ascend950DT_9585 = "Ascend950DT_9585"
    Ascend950DT_9586 = "Ascend950DT_9586"
    Ascend950DT_9587 = "Ascend950DT_9587"
    Ascend950DT_9588 = "Ascend950DT_9588"
    Ascend950DT_9571 = "Ascend950DT_9571"
    Ascend950DT_9572 = "Ascend950DT_9572"
    Ascend950DT_9573 = "Ascend950DT_9573"
    Ascend950DT_9574 = "Ascend950DT_9574"
    Ascend950DT_9575 = "Ascend950DT_9575"
    Ascend950DT_9576 = "Ascend950DT_9576"
    Ascend950DT_9577 = "Ascend950DT_9577"
    Ascend950DT_9578 = "Ascend950DT_9578"


class KernelType(Enum):
    """pyasc's kernel types; `@asc.jit(kernel_type=...)` maps them to vector/cube/mix."""

    AIV_ONLY = 0
    AIC_ONLY = 1
    MIX_AIV_HARD_SYNC = 2
    MIX_AIC_HARD_SYNC = 3
    MIX_AIV_1_0 = 4
    MIX_AIC_1_0 = 5
    MIX_AIC_1_1 = 6
    MIX_AIC_1_2 = 7


_BACKEND_NAMES = {Backend.CPU: "cpu", Backend.Model: "model", Backend.NPU: "npu"}
BACKEND_MAP_ENV = "ASC_XDSL_BACKEND_MAP"


def backend_name(backend: Backend) -> str:
    """Our backend for one of pyasc's: `_BACKEND_NAMES`, unless ASC_XDSL_BACKEND_MAP
    maps it to another (`NPU=cpu,Model=cpu`)."""
    text = os.environ.get(BACKEND_MAP_ENV, "").strip()
    mapped = dict(_BACKEND_NAMES)
    for pair in filter(None, (p.strip() for p in text.split(","))):
        name, sep, ours = (part.strip() for part in pair.partition("="))
        if not sep or name not in Backend.__members__ or not ours:
            raise ConfigError(
                f"{BACKEND_MAP_ENV}={text!r}: {pair!r} is not Name=backend with Name one of "
                f"{', '.join(Backend.__members__)} (e.g. NPU=cpu)"
            )
        mapped[Backend[name]] = ours
    return mapped[backend]


def set_platform(
    backend: Backend | str,
    soc_version: Platform | str | None = None,
    device_id: int | None = None,
    check: bool = True,
) -> None:
    """Select the backend (and SoC, device) for later launches."""
    from asc_xdsl.runtime.backends import set_backend

    try:
        chosen = Backend(backend) if not isinstance(backend, Backend) else backend
    except ValueError:
        raise ConfigError(
            f"unknown backend {backend!r} (one of {', '.join(b.value for b in Backend)})"
        ) from None
    if soc_version is not None:
        soc = (
            Platform(soc_version).value
            if not isinstance(soc_version, Platform)
            else soc_version.value
        )
        os.environ["ASC_XDSL_PLATFORM"] = soc  # the simulator's memory sizes
        os.environ["ASC_XDSL_SOC_VERSION"] = soc  # CANN's arch and simulator libraries
    if device_id is not None:
        os.environ["ASC_XDSL_DEVICE_ID"] = str(device_id)
    ours = backend_name(chosen)
    if ours in _CANN_BACKENDS:
        ours = _without_cann(chosen, ours, check)
    set_backend(ours)


_CANN_BACKENDS = ("npu", "model")


def _without_cann(chosen: Backend, ours: str, check: bool) -> str:
    """`ours` when CANN is there; the simulator when it is not and the user asked for it
    through ASC_XDSL_BACKEND=cpu; else (with `check`) an error naming the variables that
    run the script unchanged."""
    from asc_xdsl.runtime.backends import BACKEND_ENV
    from asc_xdsl.runtime.cann.toolkit import find_toolkit, require_toolkit

    if find_toolkit() is not None:
        return ours
    if os.environ.get(BACKEND_ENV, "").strip() == "cpu":
        from asc_xdsl.log import logger

        logger("launch").info(
            "Backend.%s needs CANN and none was found: running on the simulator (%s=cpu)",
            chosen.name,
            BACKEND_ENV,
        )
        return "cpu"
    if check:  # a clear error now rather than at the first launch
        require_toolkit(
            hint=f"This script asked for Backend.{chosen.name}; to run it on the simulator "
            f"unchanged, set {BACKEND_ENV}=cpu or {BACKEND_MAP_ENV}={chosen.name}=cpu"
        )
    return ours
