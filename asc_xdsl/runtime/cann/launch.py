"""One launch of a built kernel through ACL, driven by its manifest (manifest.py).

Shared by the JIT backends (`kernel[n](..., backend="npu")`) and prebuilt kernels
(prebuilt.py): check and convert every argument before any device call, then
`aclrtCreateStream`, load the binary with the manifest's magic, copy host tensors to
device memory, allocate workspaces, set the hidden arguments (the FFTS word of mix
kernels, the dump buffer of printing kernels), pack the argument buffer, launch,
synchronise, copy back what the kernel writes, print what it printed; release
everything, also after errors. No xDSL.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from asc_xdsl import soc as socs
from asc_xdsl.runtime.cann import acl, dump
from asc_xdsl.runtime.cann.args import (
    DevicePointer,
    HostBuffer,
    ScalarSpec,
    Slot,
    Workspace,
    encode_value,
    gm_argument,
    pack,
    pointer_slot,
    scalar_slot,
    torch_device_type,
)
from asc_xdsl.runtime.cann.errors import AclError, CannError
from asc_xdsl.runtime.cann.manifest import Manifest
from asc_xdsl.runtime.cann.toolkit import Toolkit
from asc_xdsl.runtime.kernel import LaunchError, check_block_dim

DEVICE_ENV = "ASC_XDSL_DEVICE_ID"
ACL_LIBRARY = "libascendcl.so"
SIMULATOR_LIBRARY = "libruntime_camodel.so"
H2D, D2H = acl.ACL_MEMCPY_HOST_TO_DEVICE, acl.ACL_MEMCPY_DEVICE_TO_HOST

timing_listeners: list = []
"""While not empty, each launch records ACL events around the kernel on its stream and
calls each listener with a tuple (kernel name, block_dim, device milliseconds):
`asc_xdsl.testing.do_bench`."""


def resolve_soc(name: str | None) -> socs.Soc:
    """The SoC `name` (None: ASC_XDSL_SOC_VERSION, else Ascend910B1), or a CannError."""
    try:
        return socs.get_soc(name)
    except socs.UnknownSocError as e:
        raise CannError(str(e)) from None


def device_id(options: dict[str, Any]) -> int:
    value = options.get("device_id")
    source = "device_id"
    if value is None:
        value, source = os.environ.get(DEVICE_ENV, "0"), DEVICE_ENV
    try:
        device = int(value)
    except (TypeError, ValueError):
        raise LaunchError(
            f"{source} must be a device number, got {value!r}", code="ASC-R602"
        ) from None
    if device < 0:
        raise LaunchError(f"{source} must be >= 0, got {device}", code="ASC-R602")
    return device


def npu_runtime(toolkit: Toolkit) -> acl.AclRuntime:
    return acl.get_runtime(toolkit.find_library(ACL_LIBRARY))


def model_runtime(toolkit: Toolkit, soc: str | None) -> acl.AclRuntime:
    chip = resolve_soc(soc or socs.DEFAULT_SOC)
    camodel = toolkit.find_library(SIMULATOR_LIBRARY, [toolkit.simulator_lib_dir(chip.name)])
    return acl.get_runtime(toolkit.find_library(ACL_LIBRARY), preload=(camodel,))


def device_soc(runtime: acl.AclRuntime) -> str:
    soc = runtime.soc_name()
    if not soc:
        raise CannError(
            f"cannot tell the NPU's SoC version (aclrtGetSocName); pass "
            f"soc_version=... or set {socs.SOC_ENV}"
        )
    return soc


def check_soc_block_dim(soc: socs.Soc, kernel_type: str, kernel: str, block_dim: Any) -> int:
    """`block_dim` checked in general and for the SoC: a mix launch takes at most one
    block per AI Core."""
    block_dim = check_block_dim(block_dim)
    limit = soc.max_block_dim(kernel_type)
    if limit is not None and block_dim > limit:
        raise LaunchError(
            f"block_dim {block_dim} is more than {soc.name} runs for a mix kernel "
            f"('{kernel}'): a mix block is one AI Core and its vector cores, "
            f"and {soc.name} has {limit} AI Cores",
            code="ASC-R602",
        )
    return block_dim


def check_launch(manifest: Manifest, block_dim: Any, soc: socs.Soc) -> int:
    """`block_dim` checked in general and for the SoC (a mix launch takes at most one
    block per AI Core), and the binary's SoC arch checked against the device's."""
    block_dim = check_soc_block_dim(soc, manifest.kernel_type, manifest.kernel, block_dim)
    if soc.npu_arch != manifest.npu_arch:
        raise LaunchError(
            f"kernel '{manifest.kernel}' was built for {manifest.soc} (arch "
            f"{manifest.npu_arch}) and cannot run on {soc.name} (arch {soc.npu_arch}); "
            f"rebuild it with --soc {soc.name}"
        )
    return block_dim


def _struct_argument(value: Any, param: dict[str, Any], index: int) -> Any:
    """A tiling struct argument: a host record (`.pack()`), its bytes, or memory holding
    them (a uint8 array, a torch tensor, a Workspace); host bytes are size-checked."""
    struct = param["struct"]
    if hasattr(value, "pack") and not isinstance(value, np.ndarray):
        value = value.pack()
    if isinstance(value, bytes | bytearray):
        value = np.frombuffer(bytes(value), np.uint8).copy()
    if not isinstance(value, np.ndarray | Workspace) and torch_device_type(value) is None:
        raise LaunchError(
            f"argument {index} (parameter '{param['name']}') is a {struct['cpp']}: pass the "
            f"host struct, its bytes or a uint8 array, got {type(value).__name__}",
            code="ASC-R601",
        )
    arg = gm_argument(value, index)
    if isinstance(arg, HostBuffer) and arg.nbytes < struct["size"]:
        raise LaunchError(
            f"argument {index} (parameter '{param['name']}'): the kernel reads a "
            f"{struct['size']}-byte {struct['cpp']} but got {arg.nbytes} bytes",
            code="ASC-R602",
        )
    return arg


def prepare(
    kernel: str, params: Sequence[dict[str, Any]], args: Sequence[Any]
) -> list[tuple[str, Any, bool]]:
    """Every argument checked against its parameter record (the manifest's `params`) and
    converted: (kind, value, copy back)."""
    if len(args) != len(params):
        raise LaunchError(
            f"kernel '{kernel}' takes {len(params)} arguments, got {len(args)}", code="ASC-R601"
        )
    out: list[tuple[str, Any, bool]] = []
    for i, (param, value) in enumerate(zip(params, args, strict=True)):
        if param["kind"] == "scalar":
            spec = ScalarSpec.from_json(param)
            out.append(("scalar", encode_value(spec, value, i, param["name"]), False))
        elif param.get("struct"):
            out.append(("gm", _struct_argument(value, param, i), False))
        else:
            arg, written = gm_argument(value, i), bool(param.get("written", True))
            if written and isinstance(arg, HostBuffer) and not arg.view.flags.writeable:
                raise LaunchError(
                    f"argument {i} (parameter '{param['name']}'): the array is read-only, "
                    "but the kernel writes it; pass a writable array"
                )
            out.append(("gm", arg, written))
    return out


def run(
    runtime: acl.AclRuntime,
    manifest: Manifest,
    binary: Path,
    block_dim: int,
    prepared: list[tuple[str, Any, bool]],
    soc: socs.Soc,
    backend: str,
) -> None:
    stream = runtime.create_stream()
    allocations: list[int] = []
    handle = 0
    failed = True

    def device_alloc(nbytes: int) -> int:
        address = runtime.malloc(nbytes)
        allocations.append(address)
        return address

    try:
        handle = runtime.load_binary(binary, manifest.magic)
        func = runtime.get_function(handle, manifest.kernel)
        slots: list[Slot] = []
        copy_back: list[tuple[HostBuffer, int]] = []
        device_copies: list[DevicePointer] = []  # contiguous device copies of strided tensors
        for kind, value, written in prepared:
            if kind == "scalar":
                slots.append(scalar_slot(value))
            elif isinstance(value, DevicePointer):
                slots.append(pointer_slot(value.address))
                if written and value.copied_back is not None:
                    device_copies.append(value)
            elif isinstance(value, Workspace):
                slots.append(pointer_slot(device_alloc(value.size(soc.system_workspace))))
            else:
                device = device_alloc(value.nbytes)
                if value.nbytes:
                    runtime.memcpy(device, value.address, value.nbytes, H2D)
                slots.append(pointer_slot(device))
                if written:
                    copy_back.append((value, device))
        dump_buffer: tuple[int, int] | None = None
        for hidden in manifest.hidden:
            if hidden["kind"] == "ffts_addr":
                address = ctypes.c_uint64(runtime.hardware_sync_addr())
                device = device_alloc(8)
                runtime.memcpy(device, ctypes.addressof(address), 8, H2D)
            elif hidden["kind"] == "dump":
                cores, block_bytes = dump.buffer_layout(manifest.dump, block_dim)
                device = device_alloc(cores * block_bytes)
                init = ctypes.create_string_buffer(dump.init_blocks(device, cores, block_bytes))
                runtime.memcpy(device, ctypes.addressof(init), len(init) - 1, H2D)
                dump_buffer = (device, cores * block_bytes)
            else:  # a kind of dialects/kernel_args.py this launch does not fill yet
                raise LaunchError(
                    f"kernel '{manifest.kernel}': the CANN launch cannot fill the hidden "
                    f"parameter '{hidden['name']}' of kind {hidden['kind']!r}"
                )
            slots.append(pointer_slot(device))
        blob, _ = pack(slots)
        events = [runtime.create_event(), runtime.create_event()] if timing_listeners else []
        try:
            if events:
                runtime.record_event(events[0], stream)
            runtime.launch(func, block_dim, stream, blob)
            if events:
                runtime.record_event(events[1], stream)
            runtime.call("aclrtSynchronizeStream", ctypes.c_void_p(stream))
            if events:
                device_ms = runtime.elapsed_ms(events[0], events[1])
                for listener in timing_listeners:
                    listener((manifest.kernel, block_dim, device_ms))
        finally:
            for event in events:
                runtime.destroy_event(event)
        for host, device in copy_back:
            if host.nbytes:
                runtime.memcpy(host.address, device, host.nbytes, D2H)
            host.write_back()
        for pointer in device_copies:
            pointer.write_back()
        if dump_buffer is not None:
            device, nbytes = dump_buffer
            out = np.zeros(nbytes, np.uint8)
            runtime.memcpy(int(out.ctypes.data), device, nbytes, D2H)
            sys.stdout.write(dump.decode(out, block_dim, manifest.kernel_type))
            sys.stdout.flush()
        failed = False
    except AclError as e:
        raise AclError(
            e.function,
            e.acl_code,
            f"launching kernel '{manifest.kernel}' ({manifest.kernel_type}, block_dim "
            f"{block_dim}) on backend '{backend}' ({soc.name}): {e.text}",
        ) from None
    finally:
        _release(runtime, "aclrtFree", allocations, quiet=failed)
        if handle:
            _release(runtime, "aclrtBinaryUnLoad", [handle], quiet=failed)
        _release(runtime, "aclrtDestroyStream", [stream], quiet=failed)


def _release(runtime: acl.AclRuntime, fn: str, handles: list[int], quiet: bool) -> None:
    for h in handles:
        code = runtime.fn(fn)(ctypes.c_void_p(h))
        if code != acl.ACL_SUCCESS and not quiet:
            raise runtime.error(fn, code)
