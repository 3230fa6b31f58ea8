"""Building a kernel binary with CANN's `bisheng` and `ld.lld`.

One `bisheng -c -x cce` call per arch the SoC table (`asc_xdsl.soc`) gives the kernel
type: on Atlas A2/A3 `dav-c220-vec` for vector kernels, `dav-c220-cube` for cube
kernels, both for mixed kernels; on 310P `dav-m200` (its AI Cores); then
`ld.lld -m aicorelinux -Ttext=0 ... -static` links the object(s) into the binary that
`aclrtBinaryLoadFromFile` loads. Flags (Ascend C needs them; pyasc's runtime uses the
same set): C++17, `--cce-aicore-only`, the Ascend C header directories under
`<toolkit>/compiler/tikcpp/tikcfw`, `-O<opt_level>`, the arch's code generation flags
from the SoC table (A2/A3: the AI Core stack sizes; 310P: CANN's v200 set),
`-DASCENDC_DUMP=1` for kernels that print (`dump` option; else 0),
`-D__NPU_TILING__ -DTILING_KEY_VAR=0`; mixed kernels add
`-cce-enable-mix -D__MIX_CORE_MACRO__=1`; `auto_sync` adds bisheng's automatic
synchronisation (`--cce-auto-sync -mllvm -api-deps-filter`).

Compile options (the `CompiledKernel.options` keys, pyasc's names): `opt_level`
(0-3, default 3), `auto_sync` (default True), `debug` (adds `-g`),
`bisheng_options` (extra flags, appended last).
"""

from __future__ import annotations

import shlex
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from asc_xdsl.runtime.cann.cache import BinaryCache, cache_key
from asc_xdsl.runtime.cann.errors import BishengError, CannError, ToolkitNotFoundError
from asc_xdsl.runtime.cann.toolkit import Toolkit
from asc_xdsl.runtime.kernel import KERNEL_TYPES
from asc_xdsl.soc import Soc, SocError


@dataclass(frozen=True)
class BuildPlan:
    """The commands that turn `source` into `output` (paths inside `workdir`)."""

    source: Path
    output: Path
    compile_commands: list[list[str]]
    link_command: list[str]
    flags: list[str] = field(default_factory=list)

    @property
    def commands(self) -> list[list[str]]:
        return [*self.compile_commands, self.link_command]


def common_flags(
    toolkit: Toolkit, kernel_type: str, options: Mapping[str, Any], platform: Soc
) -> list[str]:
    """bisheng flags shared by every core type of one kernel (no paths of the build);
    the arch's code generation flags come from the SoC table."""
    if kernel_type not in KERNEL_TYPES:
        raise CannError(f"unknown kernel type '{kernel_type}' (expected one of {KERNEL_TYPES})")
    opt_level = options.get("opt_level", 3)
    if opt_level is None:
        opt_level = 3
    if opt_level not in (0, 1, 2, 3):
        raise CannError(f"opt_level must be 0, 1, 2 or 3, got {opt_level!r}")
    flags = ["-x", "cce", f"-O{opt_level}", "-std=c++17", "--cce-aicore-only"]
    flags += platform.bisheng_flags
    version_header = toolkit.home / "include" / "version" / "cann_version.h"
    if version_header.is_file():
        flags += ["-include", str(version_header)]
    tikcfw = toolkit.tikcpp / "tikcfw"
    for sub in (tikcfw, tikcfw / "impl", tikcfw / "interface"):
        flags += ["-I", str(sub)]
    dump = 1 if options.get("dump") else 0
    flags += [f"-DASCENDC_DUMP={dump}", "-D__NPU_TILING__", "-DTILING_KEY_VAR=0"]
    if kernel_type == "mix":
        flags += ["-cce-enable-mix", "-D__MIX_CORE_MACRO__=1"]
    if options.get("auto_sync", True):
        flags += ["--cce-auto-sync", "-mllvm", "-api-deps-filter"]
    if options.get("debug"):
        flags += ["-g"]
    flags += [str(f) for f in options.get("bisheng_options") or ()]
    return flags


def arches(platform: Soc, kernel_type: str) -> tuple[str, ...]:
    """`--cce-aicore-arch` values of `kernel_type` on `platform` (a CannError if it has none)."""
    try:
        return platform.build(kernel_type).arches
    except SocError as e:
        raise CannError(str(e)) from None


def _object_name(arch: str) -> str:
    """kernel_vec.o / kernel_cube.o (A2/A3), kernel_aicore.o (310P's dav-m200)."""
    core = arch.rsplit("-", 1)[-1]
    return f"kernel_{core if core in ('vec', 'cube') else 'aicore'}.o"


def plan_build(
    toolkit: Toolkit,
    kernel_type: str,
    platform: Soc,
    options: Mapping[str, Any],
    workdir: Path,
) -> BuildPlan:
    flags = common_flags(toolkit, kernel_type, options, platform)
    bisheng = str(toolkit.bisheng)
    linker = str(toolkit.linker)
    source = workdir / "kernel.cpp"
    output = workdir / "kernel.o"
    objects: list[str] = []
    compiles: list[list[str]] = []
    for arch in arches(platform, kernel_type):
        obj = workdir / _object_name(arch)
        compiles.append(
            [bisheng, "-c", *flags, f"--cce-aicore-arch={arch}", str(source), "-o", str(obj)]
        )
        objects.append(str(obj))
    link = [linker, "-m", "aicorelinux", "-Ttext=0", *objects, "-static", "-o", str(output)]
    return BuildPlan(source, output, compiles, link, flags)


def run_tool(cmd: Sequence[str], what: str, kernel: str, source: Path) -> None:
    """Run one toolchain command (an argument list, no shell); errors show its output."""
    try:
        proc = subprocess.run(list(cmd), capture_output=True, text=True, check=False)
    except FileNotFoundError as e:
        raise ToolkitNotFoundError(f"cannot run {cmd[0]}: {e.strerror}") from e
    except PermissionError as e:
        raise ToolkitNotFoundError(f"cannot run {cmd[0]}: {e.strerror}") from e
    if proc.returncode != 0:
        diagnostics = "\n".join(s for s in (proc.stderr.strip(), proc.stdout.strip()) if s)
        raise BishengError(
            f"{what} failed (exit status {proc.returncode}) for kernel '{kernel}':\n"
            f"{diagnostics or '(no output)'}\n"
            f"source kept at: {source}\n"
            f"command: {shlex.join(cmd)}"
        )


def build_binary(
    toolkit: Toolkit,
    kernel: str,
    source: str,
    kernel_type: str,
    platform: Soc,
    options: Mapping[str, Any],
    cache: BinaryCache | None = None,
    use_cache: bool = True,
) -> tuple[Path, list[list[str]]]:
    """The kernel binary for `source` (from the cache, or built and stored there) and
    the commands that build it."""
    cache = cache if cache is not None else BinaryCache()
    flags = common_flags(toolkit, kernel_type, options, platform)
    key = cache_key(
        source=source,
        flags=flags,
        arches=list(arches(platform, kernel_type)),
        kernel_type=kernel_type,
        toolkit_version=toolkit.version,
        tools=toolkit.tools_identity(),
    )
    if use_cache:
        hit = cache.lookup(key)
        if hit is not None:
            return hit, cache.commands(key)
    workdir = cache.new_workdir(key)
    plan = plan_build(toolkit, kernel_type, platform, options, workdir)
    plan.source.write_text(source)
    for cmd in plan.compile_commands:
        run_tool(cmd, "bisheng", kernel, plan.source)
    run_tool(plan.link_command, "ld.lld", kernel, plan.source)
    if not plan.output.is_file():
        raise BishengError(
            f"ld.lld reported success but wrote no {plan.output} for kernel '{kernel}'; "
            f"source kept at: {plan.source}"
        )
    binary = cache.store(key, plan.output, source, plan.commands)
    cache.discard(workdir)
    return binary, plan.commands
