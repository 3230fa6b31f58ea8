"""The SoCs asc_xdsl knows: one table read by the CANN build (arch flags, binary magic),
the CPU simulator (on-chip capacities, core counts), the verifiers (which dtype tables
apply) and the launch checks (mix-mode block_dim limit).

Stdlib only (no xDSL, no numpy): launching a prebuilt kernel reads it too.

Sources: SoC names as CANN spells them (`aclrtGetSocName`, `--soc_version`, the
`tools/simulator/<soc>` folders; pyasc's `runtime/config.py` `Platform`); arch flags
from asc-devkit `tools/build/asc_op_compile_base/asc_op_compiler/compile_op.py`
(dav-c220-vec/-cube; 310P: dav-m200 for AI Core kernels, dav-m200-vec for its vector
cores) and `cmake/asc/asc_modules/CMakeASCInformation.cmake` (`__NPU_ARCH__` 2201 /
2002); memory sizes of Atlas A2/A3 from docs/ascendc_semantics.md section 1. The 310P
memory sizes and every per-chip core count are CANN's platform_config values as
documented publicly, not read from a header here (docs/cann.md lists them as
unconfirmed without hardware).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

KIB = 1024
SOC_ATTR = "ascendc.soc"
"""The module attribute that names the SoC a module is compiled for."""
SOC_ENV = "ASC_XDSL_SOC_VERSION"
DEFAULT_SOC = "Ascend910B1"
ATLAS_A2_A3 = "Atlas A2/A3"
"""The family the specs' dtype tables describe (arch 2201)."""
ATLAS_INFERENCE = "Atlas inference"
"""310P (arch 2002): its dtype tables are deltas on Atlas A2/A3's
(asc_xdsl/dialects/ascendc/family_dtypes.py)."""

# ACL_RT_BINARY_MAGIC_* (aclrtBinaryLoadOptions): which cores a kernel binary runs on.
MAGIC_AICORE = 0x43554245  # ACL_RT_BINARY_MAGIC_ELF_AICORE (mix on A2/A3; 310P AI Core)
MAGIC_VECTOR_CORE = 0x41415246  # ACL_RT_BINARY_MAGIC_ELF_VECTOR_CORE
MAGIC_CUBE_CORE = 0x41494343  # ACL_RT_BINARY_MAGIC_ELF_CUBE_CORE


class SocError(ValueError):
    """A SoC that cannot do what was asked (e.g. a kernel type it has no cores for)."""


class UnknownSocError(SocError):
    """A SoC name not in the table; the message lists the known ones."""


@dataclass(frozen=True)
class KernelBuild:
    """How one kernel type is built and loaded on a SoC."""

    arches: tuple[str, ...]
    """`--cce-aicore-arch` of each bisheng call, in link order."""
    magic: int
    """The binary's ACL_RT_BINARY_MAGIC_* (aclrtBinaryLoadFromFile)."""


_C220_BUILDS = MappingProxyType(
    {
        "vector": KernelBuild(("dav-c220-vec",), MAGIC_VECTOR_CORE),
        "cube": KernelBuild(("dav-c220-cube",), MAGIC_CUBE_CORE),
        "mix": KernelBuild(("dav-c220-cube", "dav-c220-vec"), MAGIC_AICORE),
    }
)
# 310P: an AI Core runs both cube and vector instructions (dav-m200); the separate
# vector cores (dav-m200-vec) only join CANN's MIX_VECTOR_CORE kernels, which have no
# FFTS cube<->vector sync and no asc_xdsl kernel type.
_M200_BUILDS = MappingProxyType(
    {
        "vector": KernelBuild(("dav-m200",), MAGIC_AICORE),
        "cube": KernelBuild(("dav-m200",), MAGIC_AICORE),
    }
)

# Code generation flags CANN's op compiler passes per arch (asc-devkit tools/build/
# asc_op_compile_base/asc_op_compiler: ascendc_compile_v220.py's stack sizes and scalar
# dcci; ascendc_compile_v200.py's overflow/mask/jump options, ascendc_common_utility.py's
# 310P function stack size).
_C220_FLAGS = (
    "-mllvm", "-cce-aicore-stack-size=0x8000",
    "-mllvm", "-cce-aicore-function-stack-size=0x8000",
    "-mllvm", "-cce-aicore-dcci-insert-for-scalar=false",
)  # fmt: skip
_M200_FLAGS = (
    "-mllvm", "-cce-aicore-function-stack-size=16000",
    "-mllvm", "-cce-aicore-record-overflow=false",
    "-mllvm", "-cce-aicore-mask-opt=false",
    "-mllvm", "-cce-aicore-jump-expand=false",
    "--cce-mask-opt",
)  # fmt: skip

_A2_MEMORY = MappingProxyType(
    {"UB": 192 * KIB, "L1": 512 * KIB, "L0A": 64 * KIB, "L0B": 64 * KIB, "L0C": 128 * KIB,
     "BT": 1 * KIB}
)  # fmt: skip
_310P_MEMORY = MappingProxyType(
    {"UB": 256 * KIB, "L1": 1024 * KIB, "L0A": 64 * KIB, "L0B": 64 * KIB, "L0C": 256 * KIB,
     "BT": 1 * KIB}
)  # fmt: skip


@dataclass(frozen=True)
class Soc:
    name: str
    """As CANN spells it (`aclrtGetSocName`, `--soc-version`)."""
    series: str
    npu_arch: int
    """`__NPU_ARCH__` of its AI Cores (2201: dav-c220, 2002: dav-m200)."""
    aic_cores: int
    """AI Cores (cube cores on A2/A3, whole AI Cores on 310P)."""
    aiv_cores: int
    """Vector cores (2 per AI Core on A2/A3; the separate vector cores on 310P)."""
    memory: Mapping[str, int]
    """Bytes of each on-chip memory: UB, L1, L0A, L0B, L0C, BT."""
    builds: Mapping[str, KernelBuild]
    """Kernel type -> how it is built; a kernel type missing here is refused."""
    dtype_tables: str | None
    """The family whose dtype tables the verifiers apply (None: no tables, only the
    SoC-independent checks run and bisheng judges the rest)."""
    bisheng_flags: tuple[str, ...] = _C220_FLAGS
    """Code generation flags of its arch (stack sizes, ...), after the language flags."""
    system_workspace: int = 2 * KIB * KIB
    """Bytes of the system workspace the Ascend C libraries use (GetLibApiWorkSpaceSize:
    16 MiB on arch 2201, 2 MiB else; asc-devkit impl/utils/tiling/platform/
    platform_ascendc.cpp); it sits at the start of the kernel's workspace argument."""
    freq_mhz: int = 1800
    """AI Core clock the simulator turns estimated cycles into microseconds with."""

    def build(self, kernel_type: str) -> KernelBuild:
        b = self.builds.get(kernel_type)
        if b is None:
            raise SocError(
                f"{self.name} ({self.series}) cannot run '{kernel_type}' kernels (it runs "
                f"{', '.join(self.builds)}); mix kernels need Atlas A2/A3 "
                f"(e.g. {DEFAULT_SOC})"
            )
        return b

    def max_block_dim(self, kernel_type: str) -> int | None:
        """The largest block_dim a launch of `kernel_type` takes, or None (any up to
        65535: vector and cube blocks run in waves). A mix block is 1 AI Core + its 2
        vector cores scheduled together, so a mix launch takes at most `aic_cores`."""
        return self.aic_cores if kernel_type == "mix" else None


def _a2(name: str, series: str, aic: int) -> Soc:
    return Soc(name, series, 2201, aic, 2 * aic, _A2_MEMORY, _C220_BUILDS, ATLAS_A2_A3,
               system_workspace=16 * KIB * KIB)  # fmt: skip


def _310p(name: str, aic: int, aiv: int) -> Soc:
    return Soc(name, "Atlas inference (310P)", 2002, aic, aiv, _310P_MEMORY, _M200_BUILDS,
               ATLAS_INFERENCE, bisheng_flags=_M200_FLAGS)  # fmt: skip


_SOCS = (
    _a2("Ascend910B1", "Atlas A2", 24),
    _a2("Ascend910B2", "Atlas A2", 24),
    _a2("Ascend910B2C", "Atlas A2", 24),
    _a2("Ascend910B3", "Atlas A2", 20),
    _a2("Ascend910B4", "Atlas A2", 20),
    _a2("Ascend910B4-1", "Atlas A2", 20),
    _a2("Ascend910_9362", "Atlas A3", 20),
    _a2("Ascend910_9372", "Atlas A3", 20),
    _a2("Ascend910_9381", "Atlas A3", 24),
    _a2("Ascend910_9382", "Atlas A3", 24),
    _a2("Ascend910_9391", "Atlas A3", 24),
    _a2("Ascend910_9392", "Atlas A3", 24),
    _310p("Ascend310P1", 10, 8),
    _310p("Ascend310P3", 8, 7),
)
SOCS: Mapping[str, Soc] = MappingProxyType({s.name: s for s in _SOCS})
"""Every chip by its CANN name."""

SERIES: Mapping[str, str] = MappingProxyType(
    {"Ascend910B": "Ascend910B1", "Ascend910_93": "Ascend910_9391", "Ascend310P": "Ascend310P3"}
)
"""Series names IR may carry (valid on each chip of the series) -> the chip that stands
for it where one chip is needed (the simulator's sizes, a build's flags)."""


def known_names() -> list[str]:
    return [*SOCS, *SERIES]


def get_soc(name: str | None = None, *, source: str = "") -> Soc:
    """The SoC `name` (a chip or a series), else `ASC_XDSL_SOC_VERSION`, else
    Ascend910B1. Unknown names raise UnknownSocError listing the known ones."""
    if name is None:
        name = os.environ.get(SOC_ENV) or DEFAULT_SOC
        source = source or (SOC_ENV if os.environ.get(SOC_ENV) else "")
    soc = SOCS.get(SERIES.get(name, name))
    if soc is None:
        where = f" (from {source})" if source else ""
        raise UnknownSocError(f"unknown SoC '{name}'{where}; known: {', '.join(known_names())}")
    return soc


__all__ = [
    "ATLAS_A2_A3",
    "ATLAS_INFERENCE",
    "DEFAULT_SOC",
    "SERIES",
    "SOCS",
    "SOC_ENV",
    "KernelBuild",
    "Soc",
    "SocError",
    "UnknownSocError",
    "get_soc",
    "known_names",
]
