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
unconfirmed without hardware). Ascend 950PR/950DT (arch 3510, dav-c310): docs/ascend950.md
names the source of each number.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from types import MappingProxyType

from asc_xdsl.diagnostics import CodedError
from asc_xdsl.utils.records import FrozenRecord, init_fields

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
ASCEND_950 = "Ascend 950"
"""Ascend 950PR/950DT (arch 3510): its dtype tables are deltas on Atlas A2/A3's too
(asc_xdsl/dialects/ascendc/family_3510.py)."""

# ACL_RT_BINARY_MAGIC_* (aclrtBinaryLoadOptions): which cores a kernel binary runs on.
MAGIC_AICORE = 0x43554245  # ACL_RT_BINARY_MAGIC_ELF_AICORE (mix on A2/A3; 310P AI Core)
MAGIC_VECTOR_CORE = 0x41415246  # ACL_RT_BINARY_MAGIC_ELF_VECTOR_CORE
MAGIC_CUBE_CORE = 0x41494343  # ACL_RT_BINARY_MAGIC_ELF_CUBE_CORE


class SocError(CodedError, ValueError):
    """A SoC that cannot do what was asked (e.g. a kernel type it has no cores for)."""


class UnknownSocError(SocError):
    """A SoC name not in the table; the message lists the known ones."""


class KernelBuild(FrozenRecord):
    """How one kernel type is built and loaded on a SoC: `arches`, the
    `--cce-aicore-arch` of each bisheng call in link order, and `magic`, the binary's
    ACL_RT_BINARY_MAGIC_* (aclrtBinaryLoadFromFile)."""

    _FIELDS = ("arches", "magic")
    __slots__ = _FIELDS

    def __init__(self, arches: tuple[str, ...], magic: int) -> None:
        init_fields(self, arches=arches, magic=magic)


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

# 950 (arch 3510, dav-c310): AIC and AIV are separate cores, 1 AIC to 2 AIV, as on A2/A3
# (asc-devkit docs/zh NPU架构版本3510.md); the arch names are CANN's c310 ones
# (cmake/asc/legacy_modules/bisheng_intf.cmake, compile_op.py's dav-c310-cube).
_C310_BUILDS = MappingProxyType(
    {
        "vector": KernelBuild(("dav-c310-vec",), MAGIC_VECTOR_CORE),
        "cube": KernelBuild(("dav-c310-cube",), MAGIC_CUBE_CORE),
        "mix": KernelBuild(("dav-c310-cube", "dav-c310-vec"), MAGIC_AICORE),
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

# ascendc_compile_v220.py's _gen_compile_cmd_c310: the arch macro, then the stack sizes,
# overflow recording, address transform, jump expansion and scalar dcci.
_C310_FLAGS = (
    "-D__DAV_C310__",
    "-mllvm", "-cce-aicore-stack-size=0x8000",
    "-mllvm", "-cce-aicore-function-stack-size=0x8000",
    "-mllvm", "-cce-aicore-record-overflow=false",
    "-mllvm", "-cce-aicore-addr-transform",
    "-mllvm", "--cce-aicore-jump-expand=true",
    "-mllvm", "-cce-aicore-dcci-insert-for-scalar=false",
)  # fmt: skip

_A2_MEMORY = MappingProxyType(
    {"UB": 192 * KIB, "L1": 512 * KIB, "L0A": 64 * KIB, "L0B": 64 * KIB, "L0C": 128 * KIB,
     "BT": 1 * KIB}
)  # fmt: skip
_310P_MEMORY = MappingProxyType(
    {"UB": 256 * KIB, "L1": 1024 * KIB, "L0A": 64 * KIB, "L0B": 64 * KIB, "L0C": 256 * KIB,
     "BT": 1 * KIB}
)  # fmt: skip


# 950: what the kernel-side headers give a kernel (impl/basic_api/utils/
# kernel_utils_constants.h TOTAL_UB_SIZE / TOTAL_L1_SIZE / TOTAL_L0C_SIZE for 3510, the
# CPU-debug pools of kernel_utils_mode_cpu.h): UB is 256 KiB of which 8 KiB are kept for
# spilled vector registers, so 248 KiB; BiasTable 4 KiB; FixBuf 16 KiB.
_950_MEMORY = MappingProxyType(
    {"UB": 248 * KIB, "L1": 512 * KIB, "L0A": 64 * KIB, "L0B": 64 * KIB, "L0C": 256 * KIB,
     "BT": 4 * KIB}
)  # fmt: skip


class Soc(FrozenRecord):
    """One SoC:

    - `name`: as CANN spells it (`aclrtGetSocName`, `--soc-version`);
    - `npu_arch`: `__NPU_ARCH__` of its AI Cores (2201: dav-c220, 2002: dav-m200);
    - `aic_cores`: AI Cores (cube cores on A2/A3, whole AI Cores on 310P);
    - `aiv_cores`: vector cores (2 per AI Core on A2/A3; the separate vector cores on
      310P);
    - `memory`: bytes of each on-chip memory: UB, L1, L0A, L0B, L0C, BT;
    - `builds`: kernel type -> how it is built; a kernel type missing here is refused;
    - `dtype_tables`: the family whose dtype tables the verifiers apply (None: no
      tables, only the SoC-independent checks run and bisheng judges the rest);
    - `bisheng_flags`: code generation flags of its arch (stack sizes, ...), after the
      language flags;
    - `system_workspace`: bytes of the system workspace the Ascend C libraries use
      (GetLibApiWorkSpaceSize: 16 MiB on arch 2201, 2 MiB else; asc-devkit
      impl/utils/tiling/platform/platform_ascendc.cpp); it sits at the start of the
      kernel's workspace argument;
    - `freq_mhz`: AI Core clock the simulator turns estimated cycles into microseconds
      with;
    - `vec_len`: bytes of one vector register (`GetVecLen()`, the RegTensor width VL)
      on an arch with the register ("Reg") layer; None: no vector registers to program.
    """

    _FIELDS = (
        "name",
        "series",
        "npu_arch",
        "aic_cores",
        "aiv_cores",
        "memory",
        "builds",
        "dtype_tables",
        "bisheng_flags",
        "system_workspace",
        "freq_mhz",
        "vec_len",
    )
    __slots__ = _FIELDS

    def __init__(
        self,
        name: str,
        series: str,
        npu_arch: int,
        aic_cores: int,
        aiv_cores: int,
        memory: Mapping[str, int],
        builds: Mapping[str, KernelBuild],
        dtype_tables: str | None,
        bisheng_flags: tuple[str, ...] = _C220_FLAGS,
        system_workspace: int = 2 * KIB * KIB,
        freq_mhz: int = 1800,
        vec_len: int | None = None,
    ) -> None:
        init_fields(
            self,
            name=name,
            series=series,
            npu_arch=npu_arch,
            aic_cores=aic_cores,
            aiv_cores=aiv_cores,
            memory=memory,
            builds=builds,
            dtype_tables=dtype_tables,
            bisheng_flags=bisheng_flags,
            system_workspace=system_workspace,
            freq_mhz=freq_mhz,
            vec_len=vec_len,
        )

    @property
    def split_cores(self) -> bool:
        """Whether cube and vector instructions run on separate cores (AIC + 2 AIV), so
        mix kernels and FFTS cross-core flags exist."""
        return "mix" in self.builds

    def build(self, kernel_type: str) -> KernelBuild:
        b = self.builds.get(kernel_type)
        if b is None:
            raise SocError(
                f"{self.name} ({self.series}) cannot run '{kernel_type}' kernels (it runs "
                f"{', '.join(self.builds)}); mix kernels need separate cube and "
                f"vector cores: Atlas A2/A3 (e.g. {DEFAULT_SOC}) or Ascend 950"
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


def _950(name: str, series: str) -> Soc:
    # Per-part core counts are not in the public sources: 36 AIC / 72 AIV are the most the
    # 3510 headers size their per-core tables for (impl/basic_api/dav_3510/kfc/
    # kfc_comm_gm.h MAX_AIC_NUM / MAX_AIV_NUM; the dump buffer's 108 = 36 + 72 blocks).
    return Soc(name, series, 3510, 36, 72, _950_MEMORY, _C310_BUILDS, ASCEND_950,
               bisheng_flags=_C310_FLAGS, system_workspace=16 * KIB * KIB, vec_len=256)  # fmt: skip


# The 950 parts asc-devkit's platform table maps to the short version Ascend950
# (impl/utils/tiling/platform/platform_ascendc.cpp, `ascend950_list`).
_950_PR = ("9599", "958a", "9589", "958b", "9579", "957b", "957bx", "957c", "957d", "950z")
_950_DT = (
    "950x", "950y", "95A1", "95A2", "9591", "9592", "9595", "9596", "9581", "9582", "9582x",
    "9583", "9584", "9585", "9586", "9587", "9588", "9571", "9572", "9573", "9574", "9575",
    "9576", "9577", "9578",
)  # fmt: skip

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
    *(_950(f"Ascend950PR_{part}", "Ascend 950PR") for part in _950_PR),
    *(_950(f"Ascend950DT_{part}", "Ascend 950DT") for part in _950_DT),
)
SOCS: Mapping[str, Soc] = MappingProxyType({s.name: s for s in _SOCS})
"""Every chip by its CANN name."""

SERIES: Mapping[str, str] = MappingProxyType(
    {"Ascend910B": "Ascend910B1", "Ascend910_93": "Ascend910_9391", "Ascend310P": "Ascend310P3",
     "Ascend950": "Ascend950PR_9599"}
)  # fmt: skip
"""Series names IR may carry (valid on each chip of the series) -> the chip that stands
for it where one chip is needed (the simulator's sizes, a build's flags)."""


CORE_PIPES: dict[tuple[str, str], frozenset[str]] = {
    (ASCEND_950, "AIV"): frozenset({"S", "V", "MTE2", "MTE3"}),
    (ASCEND_950, "AIC"): frozenset({"S", "MTE1", "MTE2", "FIX", "M"}),
}
"""(SoC family, core kind) -> the pipes whose syncs the headers issue on that core of a
split SoC: on Ascend 950 (arch 3510) a `SetFlag`/`WaitFlag`/`PipeBarrier`/cross-core
flag naming a pipe its core lacks compiles to nothing (impl/basic_api/kernel_event.h
`IsSplitVectorPipe` / `IsSplitCubePipe`; no MTE3 on the AIC, unlike Atlas A2/A3's).
Atlas A2/A3 issue every sync as written: no entry."""


def reg_vec_len() -> int:
    """Bytes of one vector register of the Reg layer (`GetVecLen()`): the `vec_len` of
    the SoCs that have it, which all agree (the one place the number is written is the
    table above)."""
    lengths = {s.vec_len for s in _SOCS if s.vec_len is not None}
    if len(lengths) != 1:  # (a new arch with another width needs a per-SoC lookup)
        raise SocError(f"the SoC table gives the Reg layer several vector lengths: {lengths}")
    return lengths.pop()


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


def _compile_facts(soc: Soc) -> tuple:
    """What the IR of a kernel depends on: the verifiers' tables, the arch, the on-chip
    capacities plan-memory checks, the kernel types and the vector length (not the core
    counts, which only a launch checks)."""
    return (soc.npu_arch, soc.dtype_tables, dict(soc.memory), tuple(soc.builds), soc.vec_len)


def compile_target(name: str) -> str:
    """The name a module compiled for SoC `name` carries (`ascendc.soc`): its series
    when every chip of the series compiles alike (the same facts as the series' chip),
    else the chip itself. Ascend950PR_9599 -> Ascend950, Ascend910B4 -> Ascend910B,
    Ascend910_9391 -> Ascend910B (A3 compiles as A2). One module (and one compile-cache
    entry) then serves every chip it runs on; a launch still names the chip."""
    facts = _compile_facts(get_soc(name))
    for series, chip in SERIES.items():
        if _compile_facts(SOCS[chip]) == facts:
            return series
    return name


__all__ = [
    "ASCEND_950",
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
    "compile_target",
    "get_soc",
    "known_names",
    "reg_vec_len",
]
