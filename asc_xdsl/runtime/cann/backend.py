"""The `npu` and `model` backends: build with bisheng, launch through ACL.

`kernel[block_dim](*args, backend="npu")` (or `"model"`, CANN's simulator):

1. find the toolkit, load ACL (`model` first loads the simulator's
   `libruntime_camodel.so` globally, so ACL runs on it), `aclInit` once, select the
   device (`device_id=` or `ASC_XDSL_DEVICE_ID`, default 0);
2. pick the platform: `soc_version=` or `ASC_XDSL_SOC_VERSION`, else the device's
   (`aclrtGetSocName`) on `npu` and Ascend910B1 on `model`;
3. build the binary from the printed Ascend C and describe it (`aot.build_kernel`:
   cached binary + manifest), and keep both in the kernel's JIT disk-cache entry;
   a later process whose JIT key finds them there launches them without the IR and
   without importing xDSL (`launch_stored`, jit_binaries.py);
4. convert and check every argument before touching the device (mix block_dim per
   SoC too); then `launch.run`: copy host tensors to device memory, allocate
   workspaces, pack the argument buffer (`args.py`) with the hidden arguments; launch
   on a new stream; synchronise;
5. copy back only the GM arguments the kernel writes (`transforms.gm_writes.written_params`,
   derived from the ops' memory effects), print what the kernel printed (dump.py);
   free device memory, unload the binary and destroy the stream, also on errors.

Launch options: `device_id`, `soc_version`, `cache` (False: rebuild even if cached).
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from asc_xdsl import soc as socs
from asc_xdsl.runtime.cann import acl, dump, jit_binaries
from asc_xdsl.runtime.cann.launch import (
    DEVICE_ENV,
    ArgPacker,
    LaunchPlan,
    check_launch,
    check_soc_block_dim,
    device_id,
    device_soc,
    model_runtime,
    npu_runtime,
    packer,
    resolve_soc,
    run,
)
from asc_xdsl.runtime.cann.toolkit import Toolkit, find_toolkit, require_toolkit
from asc_xdsl.runtime.kernel import (
    KERNEL_TYPES,
    CompiledKernel,
    LaunchError,
    check_block_dim,
    environment_reader,
)

LAUNCH_OPTIONS = ("device_id", "soc_version", "cache")
SETTINGS = ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME", DEVICE_ENV, socs.SOC_ENV, dump.DUMP_ENV)
"""The environment a kernel's launch plan depends on (the toolkit, the device, the SoC,
printing): a change makes the next launch take the full path again."""


_settings = environment_reader(SETTINGS)

_STORED_PLANS: dict[tuple[Any, ...], LaunchPlan] = {}
"""Plans of binaries launched from JIT disk-cache entries (`launch_stored`), by entry,
kernel, and backend, options and settings (`_plan_key`)."""


class CannBackend(ABC):
    """Shared flow of `npu` and `model`; subclasses say how ACL is loaded."""

    name = "cann"
    simulator = False
    OPTIONS = LAUNCH_OPTIONS
    SETTINGS = SETTINGS

    @abstractmethod
    def runtime(self, toolkit: Toolkit, soc: str | None) -> acl.AclRuntime: ...

    @abstractmethod
    def default_soc(self, runtime: acl.AclRuntime) -> str: ...

    def preset_soc(self) -> str | None:
        """The SoC used when none is given, if known before ACL loads (None: the
        device's)."""
        return None

    def launch(
        self, kernel: CompiledKernel, block_dim: int, args: Sequence[Any], **options: Any
    ) -> None:
        if options:
            self._check_options(options)
        # A kernel launched before with these options and settings: its plan (the
        # binary loaded, the argument packer made) without the toolkit, build or
        # describe steps; `cache=False` asks for a build, so it takes the full path.
        key = self._plan_key(options)
        plans = kernel.metadata.get("cann_plans")
        found = plans.get(key) if plans is not None and key is not None else None
        if found is not None:
            found.run(block_dim, args)
            return
        # The build side (xDSL): a launch of a stored binary (launch_stored) needs none.
        from asc_xdsl.runtime.cann import describe
        from asc_xdsl.runtime.cann.aot import build_kernel

        block_dim = check_block_dim(block_dim)
        toolkit = require_toolkit()
        if kernel.kernel_type not in KERNEL_TYPES:
            raise LaunchError(
                f"kernel '{kernel.name}' has unknown kernel type '{kernel.kernel_type}'"
            )
        described = describe.describe(kernel)  # checks the Ascend C too
        d = described
        converted = ArgPacker(kernel.name, d.params, d.hidden, d.args_size).convert(args)
        device = self._device(options)
        soc_name = self._given_soc(options)
        if soc_name is not None:  # an unknown name or a too large block_dim fails before ACL
            check_soc_block_dim(resolve_soc(soc_name), kernel.kernel_type, kernel.name, block_dim)
        runtime = self.runtime(toolkit, soc_name)
        runtime.set_device(device)
        soc = resolve_soc(soc_name or self.default_soc(runtime))
        built = build_kernel(kernel, soc, toolkit=toolkit, use_cache=options.get("cache", True))
        block_dim = check_launch(built.manifest, block_dim, soc)
        kernel.metadata["binary"] = str(built.binary)
        kernel.metadata["platform"] = soc.name
        kernel.metadata["manifest"] = built.manifest
        done = run(
            runtime, built.manifest, built.binary, block_dim, converted, soc, self.name, device
        )
        if key is not None:
            kernel.metadata.setdefault("cann_plans", {})[key] = done

    def _plan_key(self, options: dict[str, Any]) -> tuple[Any, ...] | None:
        """What a launch plan depends on besides the kernel: the backend, the options
        and the settings (`SETTINGS`); None for `cache=False` (a build each launch)."""
        if options.get("cache", True) is False:
            return None
        return (self.name, options.get("device_id"), options.get("soc_version"), _settings())

    def warm_launcher(
        self, kernel: CompiledKernel, options: dict[str, Any]
    ) -> Callable[[Any, Sequence[Any]], None] | None:
        """The launch of `kernel` with `options` as its last launch set it up
        (`LaunchPlan.run`: block_dim, arguments), for a caller that sees the settings
        (`SETTINGS`) unchanged itself (the JIT's repeated launches); None when there is
        none."""
        key = self._plan_key(options)
        plans = kernel.metadata.get("cann_plans")
        found = plans.get(key) if plans is not None and key is not None else None
        return found.run if found is not None else None

    def warm_stored_launcher(
        self, entry: Path, name: str, options: dict[str, Any]
    ) -> Callable[[Any, Sequence[Any]], None] | None:
        """As `warm_launcher`, for the binary `launch_stored` launched from `entry`."""
        key = self._plan_key(options)
        found = _STORED_PLANS.get((entry, name, key)) if key is not None else None
        return found.run if found is not None else None

    def launch_stored(
        self, entry: Path, name: str, block_dim: int, args: Sequence[Any], **options: Any
    ) -> bool:
        """Launch kernel `name` from the binary kept in its JIT disk-cache entry `entry`
        for this toolkit, SoC and dump setting (jit_binaries.py), with the checks and
        steps of `launch` but without the kernel's IR (no xDSL). False when there is
        none, or `cache=False` asks for a build: the caller then compiles and launches."""
        self._check_options(options)
        key = self._plan_key(options)
        found = _STORED_PLANS.get((entry, name, key)) if key is not None else None
        if found is not None:  # launched from this entry before, with these settings
            found.run(block_dim, args)
            return True
        toolkit = find_toolkit()
        if key is None or toolkit is None:
            return False  # a build, or `launch`'s own error after the compile's
        block_dim = check_block_dim(block_dim)
        soc_name = self._given_soc(options)
        preset = soc_name or self.preset_soc()
        soc = resolve_soc(preset) if preset is not None else None
        # Without a SoC yet (the device tells), any SoC's variant checks the arguments:
        # they are the kernel's, the same for every SoC.
        kernel = jit_binaries.find(entry, name, toolkit, soc.name if soc else None)
        if kernel is None:
            return False
        converted = packer(kernel.manifest).convert(args)
        device = self._device(options)
        if soc is not None:
            check_soc_block_dim(soc, kernel.manifest.kernel_type, name, block_dim)
        runtime = self.runtime(toolkit, soc_name)
        runtime.set_device(device)
        if soc is None:
            soc = resolve_soc(self.default_soc(runtime))
            checked = kernel
            kernel = jit_binaries.find(entry, name, toolkit, soc.name)
            if kernel is None:
                return False
            if kernel.manifest.params != checked.manifest.params:
                converted = packer(kernel.manifest).convert(args)
        block_dim = check_launch(kernel.manifest, block_dim, soc)
        done = run(
            runtime, kernel.manifest, kernel.binary, block_dim, converted, soc, self.name, device
        )
        _STORED_PLANS[(entry, name, key)] = done
        return True

    def _check_options(self, options: dict[str, Any]) -> None:
        unknown = sorted(set(options) - set(LAUNCH_OPTIONS))
        if unknown:
            raise LaunchError(
                f"unknown launch option(s) {', '.join(unknown)} for backend '{self.name}' "
                f"(known: {', '.join(LAUNCH_OPTIONS)})",
                code="ASC-R601",
            )

    def _device(self, options: dict[str, Any]) -> int:
        device = device_id(options)
        if self.simulator and device != 0:
            raise LaunchError(
                f"CANN's simulator (backend 'model') has device 0 only, got device {device}",
                code="ASC-R602",
            )
        return device

    @staticmethod
    def _given_soc(options: dict[str, Any]) -> str | None:
        return options.get("soc_version") or os.environ.get(socs.SOC_ENV) or None


class NpuBackend(CannBackend):
    """Runs kernels on an Ascend NPU (`backend="npu"`)."""

    name = "npu"

    def runtime(self, toolkit: Toolkit, soc: str | None) -> acl.AclRuntime:
        return npu_runtime(toolkit)

    def default_soc(self, runtime: acl.AclRuntime) -> str:
        return device_soc(runtime)


class ModelBackend(CannBackend):
    """Runs kernels on CANN's simulator (`backend="model"`), per SoC."""

    name = "model"
    simulator = True

    def runtime(self, toolkit: Toolkit, soc: str | None) -> acl.AclRuntime:
        return model_runtime(toolkit, soc)

    def default_soc(self, runtime: acl.AclRuntime) -> str:
        return socs.DEFAULT_SOC

    def preset_soc(self) -> str | None:
        return socs.DEFAULT_SOC
