"""SoC versions we can build for: the one table from platform to core architecture.

`arch` is the `dav-<arch>-vec|cube` family bisheng needs (`--cce-aicore-arch`); the
simulator of a SoC lives in `<toolkit>/tools/simulator/<soc>/lib`.
"""

from __future__ import annotations

from dataclasses import dataclass

from asc_xdsl.runtime.cann.errors import CannError

DEFAULT_SIMULATOR_SOC = "Ascend910B1"
"""The SoC `model` simulates unless told otherwise (as pyasc's Model backend)."""

SOC_ENV = "ASC_XDSL_SOC_VERSION"


@dataclass(frozen=True)
class Platform:
    soc: str
    """SoC version as CANN names it (`aclrtGetSocName`, `--soc-version`)."""
    arch: str
    """Core architecture family, e.g. `c220` for `dav-c220-vec` / `dav-c220-cube`."""

    def core_arch(self, core: str) -> str:
        """`--cce-aicore-arch` value for core "vec" or "cube"."""
        return f"dav-{self.arch}-{core}"


_C220_SOCS = (
    # Atlas A2 (Ascend 910B)
    "Ascend910B1",
    "Ascend910B2",
    "Ascend910B2C",
    "Ascend910B3",
    "Ascend910B4",
    "Ascend910B4-1",
    # Atlas A3 (Ascend 910_93)
    "Ascend910_9362",
    "Ascend910_9372",
    "Ascend910_9381",
    "Ascend910_9382",
    "Ascend910_9391",
    "Ascend910_9392",
)

PLATFORMS: dict[str, Platform] = {soc: Platform(soc, "c220") for soc in _C220_SOCS}


def get_platform(soc: str) -> Platform:
    platform = PLATFORMS.get(soc)
    if platform is None:
        raise CannError(
            f"SoC '{soc}' is not supported by asc_xdsl's CANN backend; supported: "
            f"{', '.join(PLATFORMS)} (Atlas A2/A3, arch dav-c220)"
        )
    return platform
