"""One launch of a built kernel through ACL, driven by its manifest (manifest.py).

Shared by the JIT backends (`kernel[n](..., backend="npu")`) and prebuilt kernels
(prebuilt.py): check and convert every argument before any device call
(`ArgPacker`, one per manifest), then (`LaunchPlan`, one per binary and device: the
binary loaded once, the device's stream) copy host tensors to device memory, allocate
workspaces, set the hidden arguments (the FFTS word of mix kernels, the dump buffer of
printing kernels), pack the argument buffer, launch, synchronise, copy back what the
kernel writes, print what it printed; free the launch's device memory, also after
errors. No xDSL.
"""

from __future__ import annotations

import ctypes
import os
import struct
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from asc_xdsl import soc as socs
from asc_xdsl.runtime.cann import acl, dump
from asc_xdsl.runtime.cann.args import (
    FLOAT_MAX,
    DevicePointer,
    HostBuffer,
    ScalarSpec,
    Workspace,
    check_scalar,
    encode_value,
    gm_argument,
    torch_device_type,
)
from asc_xdsl.runtime.cann.errors import AclError, CannError
from asc_xdsl.runtime.cann.manifest import Manifest
from asc_xdsl.runtime.cann.toolkit import Toolkit
from asc_xdsl.runtime.kernel import MAX_BLOCK_DIM, LaunchError, check_block_dim

DEVICE_ENV = "ASC_XDSL_DEVICE_ID"
ACL_LIBRARY = "libascendcl.so"
SIMULATOR_LIBRARY = "libruntime_camodel.so"
H2D, D2H = acl.ACL_MEMCPY_HOST_TO_DEVICE, acl.ACL_MEMCPY_DEVICE_TO_HOST
HUGE_FIRST = acl.ACL_MEM_MALLOC_HUGE_FIRST

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


_SCALAR_CODES: dict[str, str] = {
    "bool": "?3x", "int8": "b3x", "uint8": "B3x", "int16": "h2x", "uint16": "H2x",
    "float16": "e2x", "int32": "i", "uint32": "I", "float32": "f",
    "int64": "q", "uint64": "Q", "float64": "d",
}  # fmt: skip
"""The `struct` code of a scalar parameter's slot by its numpy dtype (args.py's layout:
1- and 2-byte values padded to 4); others (bfloat16) are packed as their bytes."""


class ArgPacker:
    """How the arguments of one kernel manifest become its argument buffer, prepared once
    (the backends keep one per manifest): each parameter's conversion and check, and
    the buffer's layout as one `struct.Struct` from the manifest's offsets.
    C-contiguous numpy arrays and plain Python numbers in range take a short path;
    anything else goes through `args.gm_argument`'s and `args.check_scalar`'s rules
    (and their errors)."""

    def __init__(
        self,
        kernel: str,
        params: list[dict[str, Any]],
        hidden: list[dict[str, Any]],
        args_size: int,
    ) -> None:
        self.kernel = kernel
        self.params = params
        # Per parameter: (kind, record, extra): "gm" (a tensor; extra: written),
        # "struct" (a tiling struct), "scalar" (extra: spec, struct code or None for
        # its bytes, the (type, low, high) of the short path or None).
        self._kinds: list[tuple[str, dict[str, Any], Any]] = []
        codes = []
        for param in self.params:
            if param["kind"] == "scalar":
                spec = ScalarSpec.from_json(param)
                code = _SCALAR_CODES.get(spec.dtype)
                fast: Any = None
                if spec.dtype == "bool":
                    fast = (bool, False, True)
                elif spec.bounds is not None:
                    fast = (int, spec.bounds[0], spec.bounds[1])
                elif code is not None:
                    fast = (float, -FLOAT_MAX[spec.dtype], FLOAT_MAX[spec.dtype])
                self._kinds.append(("scalar", param, (spec, code, fast)))
                codes.append((param["offset"], code or f"{spec.size}s{4 - spec.size}x"))
            else:
                kind = "struct" if param.get("struct") else "gm"
                self._kinds.append((kind, param, bool(param.get("written", True))))
                codes.append((param["offset"], "Q"))
        for record in hidden:
            codes.append((record["offset"], "Q"))
        fmt, at = "<", 0
        for offset, code in sorted(codes):
            if offset > at:
                fmt += f"{offset - at}x"
            fmt += code
            at = offset + struct.calcsize("<" + code)
        if args_size > at:
            fmt += f"{args_size - at}x"
        self.layout = struct.Struct(fmt)

    def convert(self, args: Sequence[Any]) -> tuple[list[Any], list[Any]]:
        """Every argument checked and converted, before any device call: (the buffer's
        values, 0 where a GM address goes; the GM arguments: (index, address, nbytes,
        written) for plain host arrays, else (index, gm_argument's value, written))."""
        if len(args) != len(self.params):
            raise LaunchError(
                f"kernel '{self.kernel}' takes {len(self.params)} arguments, got {len(args)}",
                code="ASC-R601",
            )
        values: list[Any] = []
        gms: list[Any] = []
        ndarray, char, addressof = np.ndarray, ctypes.c_char, ctypes.addressof
        for i, (kind, param, extra) in enumerate(self._kinds):
            value = args[i]
            if kind == "gm":
                flags = value.flags if type(value) is ndarray and value.nbytes else None
                if flags is not None and flags.c_contiguous and flags.writeable:
                    # (its address through the buffer protocol: 4x faster than .ctypes)
                    address = addressof(char.from_buffer(value))
                    gms.append((i, address, value.nbytes, extra))
                elif flags is not None and flags.c_contiguous and not extra:
                    gms.append((i, value.ctypes.data, value.nbytes, extra))  # read-only input
                else:
                    gms.append((i, _gm_argument(param, value, i), extra))
                values.append(0)
            elif kind == "scalar":
                spec, code, fast = extra
                if fast is None or type(value) is not fast[0] or not fast[1] <= value <= fast[2]:
                    if code is None:
                        value = encode_value(spec, value, i, param["name"])
                    else:
                        value = check_scalar(spec, value, i, param["name"])
                values.append(value)
            else:
                gms.append((i, _struct_argument(value, param, i), False))
                values.append(0)
        return values, gms


_PACKERS: dict[int, tuple[Manifest, ArgPacker]] = {}


def packer(manifest: Manifest) -> ArgPacker:
    """The argument packer of `manifest` (made once per manifest object)."""
    found = _PACKERS.get(id(manifest))
    if found is None or found[0] is not manifest:
        m = manifest
        found = _PACKERS[id(m)] = (m, ArgPacker(m.kernel, m.params, m.hidden, m.args_size))
    return found[1]


class LaunchPlan:
    """A kernel binary loaded on one device, ready to launch again and again.

    Made once per binary, device, SoC and runtime (`plan`): the binary is loaded and its
    function looked up once (`AclRuntime.function`), the stream is the device's, the
    ACL functions are resolved once. A launch takes the arguments `ArgPacker.convert`
    made (checked before any device call) and makes only the calls the launch itself
    needs: per host tensor aclrtMalloc and an H2D aclrtMemcpy; the argument list and
    the launch (aclrtKernelArgsInit/Append/Finalize, aclrtLaunchKernelWithConfig);
    aclrtSynchronizeStream; a D2H aclrtMemcpy per tensor the kernel writes; aclrtFree
    per allocation."""

    def __init__(
        self,
        runtime: acl.AclRuntime,
        manifest: Manifest,
        binary: Path,
        soc: socs.Soc,
        backend: str,
        device: int,
    ) -> None:
        self.runtime = runtime
        self.manifest = manifest
        self.packer = packer(manifest)
        self._convert = self.packer.convert
        self.binary = binary
        self.soc = soc
        self.backend = backend
        self.device = device
        self.kernel = manifest.kernel
        self.max_block_dim = soc.max_block_dim(manifest.kernel_type) or MAX_BLOCK_DIM
        runtime.set_device(device)
        runtime.stream(device)
        self.func = runtime.function(
            device, binary, manifest.binary_sha256, manifest.magic, manifest.kernel
        )
        self.hidden = bool(manifest.hidden)
        self.fast = runtime.with_config and not manifest.hidden
        fn = runtime.fn
        self._malloc, self._memcpy, self._free = (
            fn("aclrtMalloc"), fn("aclrtMemcpy"), fn("aclrtFree"),
        )  # fmt: skip
        self._sync = fn("aclrtSynchronizeStream")
        if runtime.with_config:
            self._args_init = fn("aclrtKernelArgsInit")
            self._args_append = fn("aclrtKernelArgsAppend")
            self._args_finalize = fn("aclrtKernelArgsFinalize")
            self._launch = fn("aclrtLaunchKernelWithConfig")

    def run(self, block_dim: Any, args: Sequence[Any]) -> None:
        """Check `block_dim` and the arguments, then launch."""
        if type(block_dim) is not int or not 1 <= block_dim <= self.max_block_dim:
            block_dim = check_launch(self.manifest, block_dim, self.soc)
        self.launch(block_dim, self._convert(args))

    def launch(self, block_dim: int, converted: tuple[list[Any], list[Any]]) -> None:
        """Launch with the arguments `self.packer.convert` made (its value list is filled
        in); `block_dim` is checked already (`check_launch`)."""
        values, gms = converted
        runtime, device_id = self.runtime, self.device
        if runtime.current != device_id:
            runtime.set_device(device_id)
        stream = runtime._streams.get(device_id) or runtime.stream(device_id)
        allocations: list[int] = []
        failed = True
        ptr = ctypes.c_void_p()
        byref, malloc, memcpy = ctypes.byref, self._malloc, self._memcpy
        try:
            copy_back: list[tuple[int, int, int, Any]] = []
            write_backs: list[Any] = []
            for gm in gms:
                if len(gm) == 4:  # a plain host array
                    i, address, nbytes, written = gm
                    code = malloc(byref(ptr), nbytes, HUGE_FIRST)
                    if code:
                        raise runtime.error("aclrtMalloc", code)
                    device = ptr.value
                    allocations.append(device)
                    code = memcpy(device, nbytes, address, nbytes, H2D)
                    if code:
                        raise runtime.error("aclrtMemcpy", code)
                    values[i] = device
                    if written:
                        copy_back.append((address, device, nbytes, None))
                    continue
                i, value, written = gm
                if isinstance(value, DevicePointer):
                    values[i] = value.address
                    if written and value.copied_back is not None:
                        write_backs.append(value)
                elif isinstance(value, Workspace):
                    size = value.size(self.soc.system_workspace)
                    values[i] = self._alloc(allocations, size)
                else:
                    device = self._alloc(allocations, value.nbytes)
                    if value.nbytes:
                        runtime.memcpy(device, value.address, value.nbytes, H2D)
                    values[i] = device
                    if written:
                        copy_back.append((value.address, device, value.nbytes, value))
            dump_buffer = self._hidden(values, allocations, block_dim) if self.hidden else None
            blob = self.packer.layout.pack(*values)
            if self.fast and not timing_listeners:
                handle, param = ctypes.c_void_p(), ctypes.c_void_p()
                func = self.func
                code = self._args_init(func, byref(handle))
                if code:
                    raise runtime.error("aclrtKernelArgsInit", code)
                code = self._args_append(handle, blob, len(blob), byref(param))
                if code:
                    raise runtime.error("aclrtKernelArgsAppend", code)
                code = self._args_finalize(handle)
                if code:
                    raise runtime.error("aclrtKernelArgsFinalize", code)
                code = self._launch(func, block_dim, stream, None, handle, None)
                if code:
                    raise runtime.error("aclrtLaunchKernelWithConfig", code)
                code = self._sync(stream)
                if code:
                    raise runtime.error("aclrtSynchronizeStream", code)
            else:
                self._launch_timed(block_dim, stream, blob)
            for address, device, nbytes, host in copy_back:
                if nbytes:
                    code = memcpy(address, nbytes, device, nbytes, D2H)
                    if code:
                        raise runtime.error("aclrtMemcpy", code)
                if host is not None:
                    host.write_back()
            for pointer in write_backs:
                pointer.write_back()
            if dump_buffer is not None:
                device, nbytes = dump_buffer
                out = np.zeros(nbytes, np.uint8)
                runtime.memcpy(int(out.ctypes.data), device, nbytes, D2H)
                sys.stdout.write(dump.decode(out, block_dim, self.manifest.kernel_type))
                sys.stdout.flush()
            failed = False
        except AclError as e:
            raise AclError(
                e.function,
                e.acl_code,
                f"launching kernel '{self.kernel}' ({self.manifest.kernel_type}, block_dim "
                f"{block_dim}) on backend '{self.backend}' ({self.soc.name}): {e.text}",
            ) from None
        finally:
            free = self._free
            for address in allocations:
                code = free(address)
                if code and not failed:
                    raise runtime.error("aclrtFree", code)
            if failed:  # the stream may be unusable after a failure: the next gets a new one
                runtime.drop_stream(self.device)

    def _alloc(self, allocations: list[int], nbytes: int) -> int:
        address = self.runtime.malloc(nbytes)
        allocations.append(address)
        return address

    def _hidden(
        self, values: list[Any], allocations: list[int], block_dim: int
    ) -> tuple[int, int] | None:
        """Fill the hidden arguments' slots (after the explicit ones); the dump buffer's
        (address, size) if the kernel prints."""
        runtime = self.runtime
        dump_buffer: tuple[int, int] | None = None
        for hidden in self.manifest.hidden:
            if hidden["kind"] == "ffts_addr":
                address = ctypes.c_uint64(runtime.hardware_sync_addr())
                device = self._alloc(allocations, 8)
                runtime.memcpy(device, ctypes.addressof(address), 8, H2D)
            elif hidden["kind"] == "workspace":  # a tile mix kernel's: bytes per block
                device = self._alloc(allocations, max(8, int(hidden["bytes"]) * block_dim))
            elif hidden["kind"] == "dump":
                cores, block_bytes = dump.buffer_layout(self.manifest.dump, block_dim)
                device = self._alloc(allocations, cores * block_bytes)
                init = ctypes.create_string_buffer(dump.init_blocks(device, cores, block_bytes))
                runtime.memcpy(device, ctypes.addressof(init), len(init) - 1, H2D)
                dump_buffer = (device, cores * block_bytes)
            else:  # a kind of dialects/kernel_args.py this launch does not fill yet
                raise LaunchError(
                    f"kernel '{self.kernel}': the CANN launch cannot fill the hidden "
                    f"parameter '{hidden['name']}' of kind {hidden['kind']!r}"
                )
            values.append(device)
        return dump_buffer

    def _launch_timed(self, block_dim: int, stream: int, blob: bytes) -> None:
        """The launch through `AclRuntime.launch` (an older runtime's aclrtLaunchKernel),
        with ACL events around it while `timing_listeners` listen."""
        runtime = self.runtime
        events = [runtime.create_event(), runtime.create_event()] if timing_listeners else []
        try:
            if events:
                runtime.record_event(events[0], stream)
            runtime.launch(self.func, block_dim, stream, blob)
            if events:
                runtime.record_event(events[1], stream)
            runtime.call("aclrtSynchronizeStream", ctypes.c_void_p(stream))
            if events:
                device_ms = runtime.elapsed_ms(events[0], events[1])
                for listener in timing_listeners:
                    listener((self.kernel, block_dim, device_ms))
        finally:
            for event in events:
                runtime.destroy_event(event)


def _gm_argument(param: dict[str, Any], value: Any, i: int) -> Any:
    """GM argument `i` (not a tiling struct): device memory, host memory or a workspace
    (args.gm_argument); host memory the kernel writes must be writable."""
    arg = gm_argument(value, i)
    written = bool(param.get("written", True))
    if written and isinstance(arg, HostBuffer) and not arg.view.flags.writeable:
        raise LaunchError(
            f"argument {i} (parameter '{param['name']}'): the array is read-only, "
            "but the kernel writes it; pass a writable array"
        )
    return arg


_PLANS: dict[tuple[int, str, str, int, str, str], LaunchPlan] = {}
"""Launch plans by (runtime, binary, its SHA-256, device, SoC, backend)."""


def plan(
    runtime: acl.AclRuntime,
    manifest: Manifest,
    binary: Path,
    soc: socs.Soc,
    backend: str,
    device: int,
) -> LaunchPlan:
    """The launch plan of `binary` on `device` (made on first use, then kept)."""
    key = (id(runtime), str(binary), manifest.binary_sha256, device, soc.name, backend)
    found = _PLANS.get(key)
    if found is None or found.runtime is not runtime:
        found = _PLANS[key] = LaunchPlan(runtime, manifest, binary, soc, backend, device)
    return found


def run(
    runtime: acl.AclRuntime,
    manifest: Manifest,
    binary: Path,
    block_dim: int,
    converted: tuple[list[Any], list[Any]],
    soc: socs.Soc,
    backend: str,
    device: int,
) -> LaunchPlan:
    """Launch `binary` on `device` with the arguments `packer(manifest).convert` made;
    returns the plan (a caller keeps it for the next launch)."""
    found = plan(runtime, manifest, binary, soc, backend, device)
    found.launch(block_dim, converted)
    return found
