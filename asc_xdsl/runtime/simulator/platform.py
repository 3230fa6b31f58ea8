"""Platforms: on-chip memory sizes and clock of the Ascend SoCs the simulator models.

`get_platform(name)` takes a keyword first, then `ASC_XDSL_PLATFORM`, then
`ASC_XDSL_SOC_VERSION`, then the default `Ascend910B1`. Sizes, core counts and kernel
types come from the shared SoC table (`asc_xdsl.soc`); every SoC there (and series name)
is a platform. Atlas A2/A3 (arch
2201) and Ascend 950 (arch 3510) split an AI Core into a cube core and two vector cores;
on Atlas inference (310P, arch 2002) one AI Core has both pipes and runs vector and cube
kernels, and there are no mix kernels and no FFTS cross-core flags
(`cores.check_platform`).
"""

from __future__ import annotations

import os

from asc_xdsl import soc as socs
from asc_xdsl.dialects.ascendc.enums import TPosition
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.utils.records import FrozenRecord, init_fields

PLATFORM_ENV = "ASC_XDSL_PLATFORM"
DEFAULT_PLATFORM = socs.DEFAULT_SOC

KIB = 1024

# On-chip memory of each TPosition, and the address alignment it needs (bytes).
POSITION_MEMORY: dict[TPosition, str] = {
    TPosition.VECIN: "UB",
    TPosition.VECOUT: "UB",
    TPosition.VECCALC: "UB",
    TPosition.A1: "L1",
    TPosition.B1: "L1",
    TPosition.C1: "L1",
    TPosition.A2: "L0A",
    TPosition.B2: "L0B",
    TPosition.CO1: "L0C",
    TPosition.C2: "BT",
}
MEMORY_ALIGN: dict[str, int] = {"UB": 32, "L1": 32, "L0A": 512, "L0B": 512, "L0C": 64, "BT": 64}


class Platform(FrozenRecord):
    """What the simulator models of a SoC: `freq_mhz` is the AI Core clock used to turn
    estimated cycles into microseconds, `kernel_types` the kernel types it runs,
    `split_cores` separate cube (AIC) and vector (AIV) cores (False: one AI Core runs
    both pipes)."""

    _FIELDS = (
        "name",
        "memory_sizes",
        "aic_cores",
        "aiv_cores",
        "freq_mhz",
        "kernel_types",
        "split_cores",
    )
    __slots__ = _FIELDS

    def __init__(
        self,
        name: str,
        memory_sizes: dict[str, int] | None = None,
        aic_cores: int = 24,
        aiv_cores: int = 48,
        freq_mhz: int = 1800,
        kernel_types: tuple[str, ...] = ("vector", "cube", "mix"),
        split_cores: bool = True,
    ) -> None:
        if memory_sizes is None:
            memory_sizes = {
                "UB": 192 * KIB,
                "L1": 512 * KIB,
                "L0A": 64 * KIB,
                "L0B": 64 * KIB,
                "L0C": 128 * KIB,
                "BT": 1 * KIB,
            }
        init_fields(
            self,
            name=name,
            memory_sizes=memory_sizes,
            aic_cores=aic_cores,
            aiv_cores=aiv_cores,
            freq_mhz=freq_mhz,
            kernel_types=kernel_types,
            split_cores=split_cores,
        )


def _platform(name: str) -> Platform:
    chip = socs.get_soc(name)
    return Platform(
        name,
        dict(chip.memory),
        chip.aic_cores,
        chip.aiv_cores,
        chip.freq_mhz,
        tuple(chip.builds),
        chip.split_cores,
    )


PLATFORMS: dict[str, Platform] = {name: _platform(name) for name in socs.known_names()}


def get_platform(name: str | None = None) -> Platform:
    """`name`, else ASC_XDSL_PLATFORM, else the SoC kernels are built for
    (ASC_XDSL_SOC_VERSION, as `soc_version=` sets it), else Ascend910B1."""
    env = next((v for v in (PLATFORM_ENV, socs.SOC_ENV) if os.environ.get(v)), None)
    chosen = name or (os.environ[env] if env else DEFAULT_PLATFORM)
    try:
        return PLATFORMS[chosen]
    except KeyError:
        where = "" if name else f" (from {env})"
        raise LaunchError(
            f"unknown platform '{chosen}'{where}; known: {', '.join(PLATFORMS)}", code="ASC-R620"
        ) from None
