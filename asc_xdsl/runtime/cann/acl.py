"""ctypes bindings of the ACL runtime (`libascendcl.so`), loaded on first use.

Only what a launch needs: initialise ACL, select a device, streams, device memory,
loading a kernel binary (`aclrtBinaryLoadFromFile` / `aclrtBinaryGetFunction`,
CANN 8.x) and launching it (`aclrtLaunchKernelWithConfig` with an
`aclrtKernelArgs*` argument list when the toolkit has it, else `aclrtLaunchKernel`
with the argument buffer in device memory). Every call is checked: a non-zero
`aclError` raises `AclError` with the function, the code, its meaning and ACL's own
last error message (`aclGetRecentErrMsg`).

What launches reuse lives here for the process: one stream per device and each kernel
binary loaded once per device (`stream`, `function`); `shutdown` (at exit) destroys
the streams and unloads the binaries before it resets the devices.
"""

from __future__ import annotations

import atexit
import ctypes
from ctypes import POINTER, c_char_p, c_float, c_int, c_int32, c_size_t, c_uint32, c_void_p
from pathlib import Path

from asc_xdsl.runtime.cann.errors import AclError, ToolkitNotFoundError

ACL_SUCCESS = 0
ACL_ERROR_REPEAT_INITIALIZE = 100002
ACL_MEM_MALLOC_HUGE_FIRST = 0
ACL_MEMCPY_HOST_TO_DEVICE = 1
ACL_MEMCPY_DEVICE_TO_HOST = 2
ACL_RT_BINARY_LOAD_OPT_MAGIC = 2

ERROR_MEANINGS: dict[int, str] = {
    100000: "invalid parameter",
    100001: "ACL is not initialised (aclInit)",
    100002: "repeated initialisation or loading",
    100003: "invalid file (missing or unreadable)",
    100005: "invalid file size",
    100006: "cannot parse the file",
    100039: "the libraries on the library path are compile stubs, not the runtime",
    200000: "memory allocation failed",
    200001: "API not supported",
    200002: "invalid device",
    200003: "unaligned memory address",
    200004: "resource mismatch (stream/context)",
    200005: "invalid resource handle",
    200006: "feature not supported",
    300000: "storage limit exceeded",
    500000: "unknown internal error",
    500001: "internal error",
    500002: "GE (graph engine) error",
    500003: "runtime module error",
    500004: "driver error",
    500005: "profiling error",
    107000: "runtime: invalid parameter",
    107001: "runtime: invalid device ID",
    107002: "runtime: no context (aclrtSetDevice not called)",
    107003: "runtime: stream not in the current context",
    107008: "runtime: unaligned memory address",
    107009: "runtime: cannot open file",
    107017: "runtime: invalid resource handle",
    107019: "runtime: wait timeout",
    107020: "runtime: task timeout",
    207000: "runtime: feature not supported",
    207001: "runtime: device memory allocation failed",
    207002: "runtime: device memory free failed",
    207003: "runtime: AI Core overflow",
    207004: "runtime: device not available",
    207005: "runtime: resource allocation failed",
    207006: "runtime: no permission",
    207008: "runtime: no stream resource",
    507000: "runtime: internal error",
    507011: "runtime: stream synchronisation timeout",
    507015: "runtime: AI Core execution error (kernel crashed or trapped)",
    507034: "runtime: vector core execution error (kernel crashed or trapped)",
    507035: "runtime: AI Core or vector core trap (kernel exception)",
    507899: "driver: internal error",
}


def error_meaning(code: int) -> str:
    return ERROR_MEANINGS.get(code, "unknown error code (see CANN's aclError documentation)")


class _LoadOption(ctypes.Structure):
    _fields_ = [("type", c_int), ("value", c_uint32)]


class _LoadOptions(ctypes.Structure):
    _fields_ = [("options", POINTER(_LoadOption)), ("numOpt", c_size_t)]


_PROTOTYPES: dict[str, tuple[object, list[object]]] = {
    "aclInit": (c_int, [c_char_p]),
    "aclFinalize": (c_int, []),
    "aclGetRecentErrMsg": (c_char_p, []),
    "aclrtGetSocName": (c_char_p, []),
    "aclrtSetDevice": (c_int, [c_int32]),
    "aclrtResetDevice": (c_int, [c_int32]),
    "aclrtCreateStream": (c_int, [POINTER(c_void_p)]),
    "aclrtDestroyStream": (c_int, [c_void_p]),
    "aclrtSynchronizeStream": (c_int, [c_void_p]),
    "aclrtMalloc": (c_int, [POINTER(c_void_p), c_size_t, c_int]),
    "aclrtFree": (c_int, [c_void_p]),
    "aclrtMemcpy": (c_int, [c_void_p, c_size_t, c_void_p, c_size_t, c_int]),
    "aclrtBinaryLoadFromFile": (c_int, [c_char_p, POINTER(_LoadOptions), POINTER(c_void_p)]),
    "aclrtBinaryGetFunction": (c_int, [c_void_p, c_char_p, POINTER(c_void_p)]),
    "aclrtBinaryUnLoad": (c_int, [c_void_p]),
    "aclrtGetHardwareSyncAddr": (c_int, [POINTER(c_void_p)]),
    "aclrtKernelArgsInit": (c_int, [c_void_p, POINTER(c_void_p)]),
    "aclrtKernelArgsAppend": (c_int, [c_void_p, c_void_p, c_size_t, POINTER(c_void_p)]),
    "aclrtKernelArgsFinalize": (c_int, [c_void_p]),
    "aclrtLaunchKernelWithConfig": (
        c_int,
        [c_void_p, c_uint32, c_void_p, c_void_p, c_void_p, c_void_p],
    ),
    "aclrtLaunchKernel": (c_int, [c_void_p, c_uint32, c_void_p, c_size_t, c_void_p]),
    "aclrtCreateEvent": (c_int, [POINTER(c_void_p)]),
    "aclrtDestroyEvent": (c_int, [c_void_p]),
    "aclrtRecordEvent": (c_int, [c_void_p, c_void_p]),
    "aclrtSynchronizeEvent": (c_int, [c_void_p]),
    "aclrtEventElapsedTime": (c_int, [POINTER(c_float), c_void_p, c_void_p]),
}
EVENTS = (
    "aclrtCreateEvent",
    "aclrtDestroyEvent",
    "aclrtRecordEvent",
    "aclrtSynchronizeEvent",
    "aclrtEventElapsedTime",
)

REQUIRED = (
    "aclInit",
    "aclrtSetDevice",
    "aclrtCreateStream",
    "aclrtDestroyStream",
    "aclrtSynchronizeStream",
    "aclrtMalloc",
    "aclrtFree",
    "aclrtMemcpy",
    "aclrtBinaryLoadFromFile",
    "aclrtBinaryGetFunction",
    "aclrtBinaryUnLoad",
)
WITH_CONFIG = (
    "aclrtKernelArgsInit",
    "aclrtKernelArgsAppend",
    "aclrtKernelArgsFinalize",
    "aclrtLaunchKernelWithConfig",
)


def _load(path: Path, mode: int) -> ctypes.CDLL:
    try:
        return ctypes.CDLL(str(path), mode=mode)
    except OSError as e:
        raise ToolkitNotFoundError(
            f"cannot load {path.name} from {path}: {e}. Source the toolkit's set_env.sh "
            f"(it sets LD_LIBRARY_PATH for the libraries this one depends on)"
        ) from e


class AclRuntime:
    """One loaded ACL library: initialised once, devices set once, reset at exit."""

    def __init__(self, library: Path, preload: tuple[Path, ...] = ()) -> None:
        self.loaded: list[Path] = []
        for path in preload:  # e.g. the simulator's libruntime_camodel.so
            _load(path, ctypes.RTLD_GLOBAL)
            self.loaded.append(path)
        self.lib = _load(library, ctypes.RTLD_LOCAL)
        self.loaded.append(library)
        self.library = library
        self._fns: dict[str, ctypes._CFuncPtr] = {}
        missing = [name for name in REQUIRED if not self.has(name)]
        if missing:
            raise ToolkitNotFoundError(
                f"{library} lacks {', '.join(missing)}: this toolkit's ACL is too old; "
                f"asc_xdsl launches kernels with the CANN 8.x kernel-binary APIs "
                f"(aclrtBinaryLoadFromFile, ...), install CANN 8.0 or newer"
            )
        self.with_config = all(self.has(name) for name in WITH_CONFIG)
        self.initialised = False
        self.devices: set[int] = set()
        self.current: int | None = None
        """The device whose context is current (the last aclrtSetDevice)."""
        self._streams: dict[int, int] = {}
        self._functions: dict[tuple[int, str, str, int, str], int] = {}
        self._binaries: list[tuple[int, int]] = []
        """(device, handle) of every binary loaded, unloaded at shutdown."""

    def has(self, name: str) -> bool:
        return hasattr(self.lib, name)

    def fn(self, name: str) -> ctypes._CFuncPtr:
        f = self._fns.get(name)
        if f is None:
            f = getattr(self.lib, name)
            f.restype, f.argtypes = _PROTOTYPES[name]
            self._fns[name] = f
        return f

    def call(self, name: str, *args: object) -> None:
        code = self.fn(name)(*args)
        if code != ACL_SUCCESS:
            raise self.error(name, code)

    def error(self, name: str, code: int) -> AclError:
        detail = ""
        if self.has("aclGetRecentErrMsg"):
            msg = self.fn("aclGetRecentErrMsg")()
            if msg:
                detail = f"\nACL says: {msg.decode(errors='replace').strip()}"
        return AclError(
            name, code, f"{name} failed: ACL error {code} ({error_meaning(code)}){detail}"
        )

    # -- set-up ------------------------------------------------------------

    def init(self) -> None:
        if self.initialised:
            return
        code = self.fn("aclInit")(None)
        if code not in (ACL_SUCCESS, ACL_ERROR_REPEAT_INITIALIZE):
            raise self.error("aclInit", code)
        self.initialised = True
        atexit.register(self.shutdown)

    def set_device(self, device_id: int) -> None:
        """Make `device_id` the current device (aclrtSetDevice when it is not already:
        a launch on device 0 after one on device 1 switches back)."""
        if device_id == self.current:
            return
        self.init()
        self.call("aclrtSetDevice", device_id)
        self.devices.add(device_id)
        self.current = device_id

    def stream(self, device_id: int) -> int:
        """The stream launches on `device_id` use (created on first use; the device must
        be current)."""
        stream = self._streams.get(device_id)
        if stream is None:
            stream = self._streams[device_id] = self.create_stream()
        return stream

    def drop_stream(self, device_id: int) -> None:
        """Destroy the device's stream (after a failed launch: the next gets a new one)."""
        stream = self._streams.pop(device_id, None)
        if stream is not None:
            self.fn("aclrtDestroyStream")(c_void_p(stream))

    def function(self, device_id: int, binary: Path, sha256: str, magic: int, name: str) -> int:
        """Kernel `name` of `binary` on `device_id`: the binary is loaded (and the
        function looked up) once per device and content (`sha256`), then kept loaded."""
        key = (device_id, str(binary), sha256, magic, name)
        func = self._functions.get(key)
        if func is None:
            handle = self.load_binary(binary, magic)
            self._binaries.append((device_id, handle))
            func = self._functions[key] = self.get_function(handle, name)
        return func

    def soc_name(self) -> str | None:
        if not self.has("aclrtGetSocName"):
            return None
        name = self.fn("aclrtGetSocName")()
        return name.decode() if name else None

    def shutdown(self) -> None:
        for device in sorted(self.devices):
            if self.current != device:
                self.fn("aclrtSetDevice")(device)
                self.current = device
            for stream in [s for d, s in self._streams.items() if d == device]:
                self.fn("aclrtDestroyStream")(c_void_p(stream))
            for handle in [h for d, h in self._binaries if d == device]:
                self.fn("aclrtBinaryUnLoad")(c_void_p(handle))
        self._streams.clear()
        self._binaries.clear()
        self._functions.clear()
        for device in sorted(self.devices):
            if self.has("aclrtResetDevice"):
                self.fn("aclrtResetDevice")(device)
        self.devices.clear()
        self.current = None
        if self.initialised and self.has("aclFinalize"):
            self.fn("aclFinalize")()
        self.initialised = False

    # -- resources -----------------------------------------------------------

    def create_stream(self) -> int:
        stream = c_void_p()
        self.call("aclrtCreateStream", ctypes.byref(stream))
        return stream.value or 0

    def malloc(self, size: int) -> int:
        ptr = c_void_p()
        self.call("aclrtMalloc", ctypes.byref(ptr), max(size, 1), ACL_MEM_MALLOC_HUGE_FIRST)
        return ptr.value or 0

    def memcpy(self, dst: int, src: int, size: int, kind: int) -> None:
        self.call("aclrtMemcpy", c_void_p(dst), size, c_void_p(src), size, kind)

    def load_binary(self, path: Path, magic: int) -> int:
        """Load a kernel binary; `magic` (ACL_RT_BINARY_MAGIC_*) says which cores it runs
        on (the SoC table's per kernel type, `asc_xdsl.soc`)."""
        option = _LoadOption(ACL_RT_BINARY_LOAD_OPT_MAGIC, magic)
        options = _LoadOptions(ctypes.pointer(option), 1)
        handle = c_void_p()
        self.call(
            "aclrtBinaryLoadFromFile",
            str(Path(path).resolve()).encode(),
            ctypes.byref(options),
            ctypes.byref(handle),
        )
        return handle.value or 0

    def get_function(self, binary: int, name: str) -> int:
        func = c_void_p()
        self.call("aclrtBinaryGetFunction", c_void_p(binary), name.encode(), ctypes.byref(func))
        return func.value or 0

    def hardware_sync_addr(self) -> int:
        if not self.has("aclrtGetHardwareSyncAddr"):
            raise ToolkitNotFoundError(
                f"{self.library} lacks aclrtGetHardwareSyncAddr, which mixed (cube + "
                f"vector) kernels need for their FFTS address; install CANN 8.0 or newer"
            )
        addr = c_void_p()
        self.call("aclrtGetHardwareSyncAddr", ctypes.byref(addr))
        return addr.value or 0

    # -- events (device time of a launch: asc_xdsl.testing.do_bench) -------------

    def create_event(self) -> int:
        missing = [name for name in EVENTS if not self.has(name)]
        if missing:
            raise ToolkitNotFoundError(
                f"{self.library} lacks {', '.join(missing)}, which timing a launch needs"
            )
        event = c_void_p()
        self.call("aclrtCreateEvent", ctypes.byref(event))
        return event.value or 0

    def record_event(self, event: int, stream: int) -> None:
        self.call("aclrtRecordEvent", c_void_p(event), c_void_p(stream))

    def elapsed_ms(self, start: int, end: int) -> float:
        """Device time between two recorded events (waits for the second)."""
        self.call("aclrtSynchronizeEvent", c_void_p(end))
        ms = c_float()
        self.call("aclrtEventElapsedTime", ctypes.byref(ms), c_void_p(start), c_void_p(end))
        return float(ms.value)

    def destroy_event(self, event: int) -> None:
        self.call("aclrtDestroyEvent", c_void_p(event))

    def launch(self, func: int, block_dim: int, stream: int, args: bytes) -> None:
        """Launch with the packed argument buffer `args` (host bytes)."""
        buf = ctypes.create_string_buffer(args, len(args))
        if self.with_config:
            handle = c_void_p()
            param = c_void_p()
            self.call("aclrtKernelArgsInit", c_void_p(func), ctypes.byref(handle))
            self.call("aclrtKernelArgsAppend", handle, buf, len(args), ctypes.byref(param))
            self.call("aclrtKernelArgsFinalize", handle)
            self.call(
                "aclrtLaunchKernelWithConfig", c_void_p(func), block_dim, c_void_p(stream),
                None, handle, None,
            )  # fmt: skip
            return
        if not self.has("aclrtLaunchKernel"):
            raise ToolkitNotFoundError(
                f"{self.library} has neither aclrtLaunchKernelWithConfig nor "
                f"aclrtLaunchKernel; install CANN 8.0 or newer"
            )
        dev_args = self.malloc(len(args))
        try:
            self.memcpy(dev_args, ctypes.addressof(buf), len(args), ACL_MEMCPY_HOST_TO_DEVICE)
            self.call(
                "aclrtLaunchKernel", c_void_p(func), block_dim, c_void_p(dev_args),
                len(args), c_void_p(stream),
            )  # fmt: skip
            self.call("aclrtSynchronizeStream", c_void_p(stream))
        finally:
            self.call("aclrtFree", c_void_p(dev_args))


_RUNTIMES: dict[tuple[Path, tuple[Path, ...]], AclRuntime] = {}


def get_runtime(library: Path, preload: tuple[Path, ...] = ()) -> AclRuntime:
    """The process-wide runtime of `library` (loaded and checked on first use)."""
    key = (library, preload)
    runtime = _RUNTIMES.get(key)
    if runtime is None:
        runtime = _RUNTIMES[key] = AclRuntime(library, preload)
    return runtime
