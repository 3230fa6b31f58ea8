"""The `npu` and `model` backends: build with bisheng, launch through ACL.

`kernel[block_dim](*args, backend="npu")` (or `"model"`, CANN's simulator):

1. find the toolkit, load ACL (`model` first loads the simulator's
   `libruntime_camodel.so` globally, so ACL runs on it), `aclInit` once, select the
   device (`device_id=` or `ASC_XDSL_DEVICE_ID`, default 0);
2. pick the platform: `soc_version=` or `ASC_XDSL_SOC_VERSION`, else the device's
   (`aclrtGetSocName`) on `npu` and Ascend910B1 on `model`;
3. build the binary from the printed Ascend C (`compiler.build_binary`, cached);
4. convert and check every argument before touching the device; copy host tensors to
   device memory; pack the argument buffer (`args.py`) with the hidden arguments of
   the kernel type; launch on a new stream; synchronise;
5. copy back only the GM arguments the kernel writes (`transforms.gm_writes.written_params`,
   derived from the ops' memory effects);
   free device memory, unload the binary and destroy the stream, also on errors.

Launch options: `device_id`, `soc_version`, `cache` (False: rebuild even if cached).
"""

from __future__ import annotations

import ctypes
import os
import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from asc_xdsl.runtime.cann import acl
from asc_xdsl.runtime.cann.args import (
    HIDDEN_ARGS,
    DevicePointer,
    HostBuffer,
    Slot,
    encode_scalar,
    gm_argument,
    pack,
    pointer_slot,
    scalar_slot,
)
from asc_xdsl.runtime.cann.compiler import build_binary
from asc_xdsl.runtime.cann.errors import AclError, CannError
from asc_xdsl.runtime.cann.platforms import (
    DEFAULT_SIMULATOR_SOC,
    SOC_ENV,
    Platform,
    get_platform,
)
from asc_xdsl.runtime.cann.toolkit import Toolkit, require_toolkit
from asc_xdsl.runtime.kernel import (
    KERNEL_TYPES,
    CompiledKernel,
    LaunchError,
    check_block_dim,
    is_gm_pointer,
)
from asc_xdsl.transforms.gm_writes import written_params

DEVICE_ENV = "ASC_XDSL_DEVICE_ID"
ACL_LIBRARY = "libascendcl.so"
SIMULATOR_LIBRARY = "libruntime_camodel.so"
LAUNCH_OPTIONS = ("device_id", "soc_version", "cache")


def _device_id(options: dict[str, Any]) -> int:
    value = options.get("device_id")
    source = "device_id"
    if value is None:
        value, source = os.environ.get(DEVICE_ENV, "0"), DEVICE_ENV
    try:
        device = int(value)
    except (TypeError, ValueError):
        raise LaunchError(f"{source} must be a device number, got {value!r}") from None
    if device < 0:
        raise LaunchError(f"{source} must be >= 0, got {device}")
    return device


def _declares_param(source: str, kernel: str, param: str) -> bool:
    match = re.search(rf"\b{re.escape(kernel)}\s*\(([^)]*)\)", source)
    return bool(match and re.search(rf"\b{param}\b", match.group(1)))


class _Prepared:
    """The launch arguments, converted and checked, before any device call."""

    def __init__(self, kernel: CompiledKernel, args: Sequence[Any]) -> None:
        types = list(kernel.function.function_type.inputs.data)
        if len(args) != len(types):
            raise LaunchError(
                f"kernel '{kernel.name}' takes {len(types)} arguments, got {len(args)}"
            )
        try:
            written = written_params(kernel.function)
        except Exception:  # an unexpected IR shape: copy every GM argument back
            written = [is_gm_pointer(t) for t in types]
        self.entries: list[tuple[str, Any, bool]] = []
        params = kernel.function.body.blocks[0].args
        for i, (t, value, param) in enumerate(zip(types, args, params, strict=True)):
            if is_gm_pointer(t):
                self.entries.append(("gm", gm_argument(value, i), written[i]))
            else:
                scalar = encode_scalar(t, value, i, param.name_hint)
                self.entries.append(("scalar", scalar, False))


class CannBackend(ABC):
    """Shared flow of `npu` and `model`; subclasses say how ACL is loaded."""

    name = "cann"
    simulator = False
    OPTIONS = LAUNCH_OPTIONS

    @abstractmethod
    def runtime(self, toolkit: Toolkit, soc: str | None) -> acl.AclRuntime: ...

    @abstractmethod
    def default_soc(self, runtime: acl.AclRuntime) -> str: ...

    def launch(
        self, kernel: CompiledKernel, block_dim: int, args: Sequence[Any], **options: Any
    ) -> None:
        unknown = sorted(set(options) - set(LAUNCH_OPTIONS))
        if unknown:
            raise LaunchError(
                f"unknown launch option(s) {', '.join(unknown)} for backend '{self.name}' "
                f"(known: {', '.join(LAUNCH_OPTIONS)})"
            )
        block_dim = check_block_dim(block_dim)
        toolkit = require_toolkit()
        if kernel.kernel_type not in KERNEL_TYPES:
            raise LaunchError(
                f"kernel '{kernel.name}' has unknown kernel type '{kernel.kernel_type}'"
            )
        source = kernel.ascendc
        if not source:
            raise LaunchError(
                f"kernel '{kernel.name}' has no Ascend C source (asm['ascendc']); compile it "
                f"with the Ascend C printer first"
            )
        for hidden in HIDDEN_ARGS[kernel.kernel_type]:
            if not _declares_param(source, kernel.name, hidden):
                raise LaunchError(
                    f"the Ascend C of {kernel.kernel_type} kernel '{kernel.name}' does not "
                    f"declare the hidden parameter '{hidden}' (last parameter, "
                    f"`__gm__ uint64_t* {hidden}`), which the launch passes"
                )
        prepared = _Prepared(kernel, args)
        device_id = _device_id(options)
        if self.simulator and device_id != 0:
            raise LaunchError(
                f"CANN's simulator (backend 'model') has device 0 only, got device {device_id}"
            )
        soc = options.get("soc_version") or os.environ.get(SOC_ENV) or None
        runtime = self.runtime(toolkit, soc)
        runtime.set_device(device_id)
        platform = get_platform(soc or self.default_soc(runtime))
        binary = build_binary(
            toolkit,
            kernel.name,
            source,
            kernel.kernel_type,
            platform,
            kernel.options,
            use_cache=options.get("cache", True),
        )
        kernel.metadata["binary"] = str(binary)
        kernel.metadata["platform"] = platform.soc
        self._run(runtime, kernel, binary, block_dim, prepared, platform)

    def _run(
        self,
        runtime: acl.AclRuntime,
        kernel: CompiledKernel,
        binary: Path,
        block_dim: int,
        prepared: _Prepared,
        platform: Platform,
    ) -> None:
        stream = runtime.create_stream()
        allocations: list[int] = []
        handle = 0
        failed = True
        try:
            handle = runtime.load_binary(binary, kernel.kernel_type)
            func = runtime.get_function(handle, kernel.name)
            slots: list[Slot] = []
            copy_back: list[tuple[HostBuffer, int]] = []
            for kind, value, written in prepared.entries:
                if kind == "scalar":
                    slots.append(scalar_slot(value))
                elif isinstance(value, DevicePointer):
                    slots.append(pointer_slot(value.address))
                else:
                    device = runtime.malloc(value.nbytes)
                    allocations.append(device)
                    if value.nbytes:
                        runtime.memcpy(
                            device, value.address, value.nbytes, acl.ACL_MEMCPY_HOST_TO_DEVICE
                        )
                    slots.append(pointer_slot(device))
                    if written:
                        copy_back.append((value, device))
            for hidden in HIDDEN_ARGS[kernel.kernel_type]:
                assert hidden == "ffts_addr"
                address = ctypes.c_uint64(runtime.hardware_sync_addr())
                device = runtime.malloc(8)
                allocations.append(device)
                runtime.memcpy(device, ctypes.addressof(address), 8, acl.ACL_MEMCPY_HOST_TO_DEVICE)
                slots.append(pointer_slot(device))
            blob, _ = pack(slots)
            runtime.launch(func, block_dim, stream, blob)
            runtime.call("aclrtSynchronizeStream", ctypes.c_void_p(stream))
            for host, device in copy_back:
                if host.nbytes:
                    runtime.memcpy(host.address, device, host.nbytes, acl.ACL_MEMCPY_DEVICE_TO_HOST)
                host.write_back()
            failed = False
        except AclError as e:
            raise AclError(
                e.function,
                e.code,
                f"launching kernel '{kernel.name}' ({kernel.kernel_type}, block_dim "
                f"{block_dim}) on backend '{self.name}' ({platform.soc}): {e}",
            ) from None
        finally:
            self._release(runtime, "aclrtFree", allocations, quiet=failed)
            if handle:
                self._release(runtime, "aclrtBinaryUnLoad", [handle], quiet=failed)
            self._release(runtime, "aclrtDestroyStream", [stream], quiet=failed)

    @staticmethod
    def _release(runtime: acl.AclRuntime, fn: str, handles: list[int], quiet: bool) -> None:
        for h in handles:
            code = runtime.fn(fn)(ctypes.c_void_p(h))
            if code != acl.ACL_SUCCESS and not quiet:
                raise runtime.error(fn, code)


class NpuBackend(CannBackend):
    """Runs kernels on an Ascend NPU (`backend="npu"`)."""

    name = "npu"

    def runtime(self, toolkit: Toolkit, soc: str | None) -> acl.AclRuntime:
        return acl.get_runtime(toolkit.find_library(ACL_LIBRARY))

    def default_soc(self, runtime: acl.AclRuntime) -> str:
        soc = runtime.soc_name()
        if not soc:
            raise CannError(
                f"cannot tell the NPU's SoC version (aclrtGetSocName); pass "
                f"soc_version=... or set {SOC_ENV}"
            )
        return soc


class ModelBackend(CannBackend):
    """Runs kernels on CANN's simulator (`backend="model"`), per SoC."""

    name = "model"
    simulator = True

    def runtime(self, toolkit: Toolkit, soc: str | None) -> acl.AclRuntime:
        soc = soc or DEFAULT_SIMULATOR_SOC
        get_platform(soc)
        sim_dir = toolkit.simulator_lib_dir(soc)
        camodel = toolkit.find_library(SIMULATOR_LIBRARY, [sim_dir])
        return acl.get_runtime(toolkit.find_library(ACL_LIBRARY), preload=(camodel,))

    def default_soc(self, runtime: acl.AclRuntime) -> str:
        return DEFAULT_SIMULATOR_SOC
