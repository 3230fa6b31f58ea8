"""The SoC a host tiling is computed for: its core counts and on-chip buffer sizes.

`PlatformAscendCManager.get_instance(soc_version)` (pyasc's spelling) gives a
`PlatformAscendC`; sizes and core counts are the simulator's platform, read from the
shared SoC table (`asc_xdsl.soc`), so a tiling computed here fits the buffers the
kernel runs with.
"""

from __future__ import annotations

from asc_xdsl.diagnostics import ApiValueError
from asc_xdsl.runtime.config import Platform
from asc_xdsl.soc import UnknownSocError


class PlatformAscendC:
    """One SoC: `get_core_num_aic()`, `get_core_num_aiv()`, `get_core_mem_size(name)`
    ("L1", "L0A", "L0B", "L0C", "UB", "BT", in bytes)."""

    def __init__(self, soc_version: str | Platform) -> None:
        from asc_xdsl.runtime.simulator.platform import get_platform

        name = soc_version.value if isinstance(soc_version, Platform) else soc_version
        try:
            self.soc_version = Platform(name)
        except ValueError:
            known = ", ".join(p.value for p in Platform)
            raise UnknownSocError(f"unknown SoC version {name!r}; known: {known}") from None
        sizes = get_platform(self.soc_version.value)  # the shared SoC table's sizes
        self._memory = dict(sizes.memory_sizes)
        self._aic, self._aiv = sizes.aic_cores, sizes.aiv_cores

    def get_core_num_aic(self) -> int:
        """`GetCoreNumAic()`: the SoC's cube (AIC) cores."""
        return self._aic

    def get_core_num_aiv(self) -> int:
        """`GetCoreNumAiv()`: the SoC's vector (AIV) cores."""
        return self._aiv

    def get_core_mem_size(self, memory: str) -> int:
        """`GetCoreMemSize(memory)`: the bytes of one core's buffer (`"L1"`, `"L0A"`, `"UB"`,
        ...)."""
        try:
            return self._memory[memory]
        except KeyError:
            raise ApiValueError(
                f"unknown memory {memory!r}; known: {', '.join(self._memory)}"
            ) from None

    def __repr__(self) -> str:
        return f"PlatformAscendC({self.soc_version.value!r})"


class PlatformAscendCManager:
    """pyasc's accessor: one PlatformAscendC per SoC version."""

    _instances: dict[str, PlatformAscendC] = {}

    @staticmethod
    def get_instance(soc_version: str | Platform | None = None) -> PlatformAscendC:
        if soc_version is None:
            from asc_xdsl.lib.runtime import get_soc_version

            soc_version = get_soc_version()
        name = soc_version.value if isinstance(soc_version, Platform) else soc_version
        cache = PlatformAscendCManager._instances
        if name not in cache:
            cache[name] = PlatformAscendC(name)
        return cache[name]


def get_ascendc_platform() -> PlatformAscendC:
    """The platform of the SoC kernels are built for (`lib.runtime.get_soc_version()`)."""
    return PlatformAscendCManager.get_instance()


__all__ = ["PlatformAscendC", "PlatformAscendCManager", "get_ascendc_platform"]
