"""The cost of a warm `kernel[n](...)` on the `npu` backend against its floor: the same
ACL calls made directly through ctypes.

    python bench/launch_floor.py [--rounds R] [--batch B] [--tensors 1,4,16]

No CANN is needed. A no-op `libascendcl.so` (bench/launch_floor_acl.c, compiled here
with the system C compiler: every ACL call succeeds and does nothing) stands in for
the runtime, inside the fake toolkit of the CANN tests (tests/unit/cann/cann_fake.py:
its `bisheng` and `ld.lld` are scripts that write a placeholder binary, found the
documented way, through the toolkit home `ASCEND_HOME_PATH` points at). So a launch
costs only the Python work around its ACL calls, ours and the floor's alike.

For each tensor count N, a kernel `kN(a0, ..., a{N-1}, n)` (float32 arrays of 1024
elements; the kernel writes only the last, so one array is copied back) is compiled,
built and launched once, then timed warm: ours is `kN[8](*arrays, 1024, backend="npu")`;
the floor (`floor_launch`) is what a hand-written ctypes launch of the same loaded
kernel does, with its ACL functions resolved and typed once and its stream and kernel
handle made once: per array aclrtMalloc and an H2D aclrtMemcpy, aclrtKernelArgsInit,
aclrtKernelArgsAppend (the packed argument buffer), aclrtKernelArgsFinalize,
aclrtLaunchKernelWithConfig, aclrtSynchronizeStream, a D2H aclrtMemcpy of the written
array, aclrtFree per array. tests/unit/test_launch_floor.py checks that both make
exactly this call sequence. The floor takes the arrays' addresses as numpy documents
(`.ctypes.data`); the strict floor the fastest way, through the buffer protocol
(`ctypes.c_char.from_buffer`, 4x faster, as ours does). Rounds alternate ours and the
floors (`--batch` launches each) and are timed in process CPU time (the machine's load
inflates wall times unevenly); printed is the best round's time per launch of each and
the ratios.
"""

from __future__ import annotations

import argparse
import ctypes
import importlib.util
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from ctypes import POINTER, c_int, c_size_t, c_uint32, c_void_p
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ACL_SOURCE = Path(__file__).resolve().parent / "launch_floor_acl.c"
CANN_TESTS = ROOT / "tests" / "unit" / "cann"
ELEMENTS = 1024
BLOCK_DIM = 8


def build_acl(out: Path) -> Path:
    """The no-op libascendcl.so, compiled into folder `out` (a RuntimeError without a C
    compiler)."""
    cc = shutil.which(os.environ.get("CC", "gcc")) or shutil.which("cc")
    if cc is None:
        raise RuntimeError("no C compiler (gcc/cc) to build the no-op libascendcl.so")
    lib = out / "libascendcl.so"
    subprocess.run([cc, "-shared", "-fPIC", "-O2", "-o", str(lib), str(ACL_SOURCE)], check=True)
    return lib


def make_toolkit(root: Path, acl: Path) -> Path:
    """A fake CANN toolkit home under `root` with `acl` as its libascendcl.so."""
    sys.path.insert(0, str(CANN_TESTS))
    try:
        from cann_fake import make_toolkit as make
    finally:
        sys.path.remove(str(CANN_TESTS))
    return make(root, {"acl": acl, "camodel": acl})


def kernel_source(counts: list[int]) -> str:
    """A module of kernels `kN` taking N float32 arrays and a count; each writes the
    first element of its last array."""
    out = ["import asc_xdsl as asc\n"]
    for n in counts:
        params = ", ".join(f"a{i}: asc.GlobalAddress" for i in range(n))
        out.append(
            f"\n\n@asc.jit\ndef k{n}({params}, n: int):\n"
            f"    g = asc.GlobalTensor()\n"
            f"    g.set_global_buffer(a{n - 1}, n)\n"
            f"    g.set_value(0, 1.0)\n"
        )
    return "".join(out)


def load_kernels(folder: Path, counts: list[int]) -> ModuleType:
    """The kernels of `kernel_source`, written to `folder` and imported (a kernel's source
    must be in a file)."""
    path = folder / "launch_floor_kernels.py"
    path.write_text(kernel_source(counts))
    spec = importlib.util.spec_from_file_location("launch_floor_kernels", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Floor:
    """The floor: the launch's ACL calls straight through ctypes, on `library`, with the
    kernel `kernel` of `binary` loaded once and one stream."""

    def __init__(self, library: Path, binary: Path, kernel: str, magic: int) -> None:
        lib = ctypes.CDLL(str(library))

        def typed(name: str, argtypes: list[Any]) -> Any:
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = c_int, argtypes
            return fn

        self.lib = lib
        self.malloc = typed("aclrtMalloc", [POINTER(c_void_p), c_size_t, c_int])
        self.memcpy = typed("aclrtMemcpy", [c_void_p, c_size_t, c_void_p, c_size_t, c_int])
        self.free = typed("aclrtFree", [c_void_p])
        self.args_init = typed("aclrtKernelArgsInit", [c_void_p, POINTER(c_void_p)])
        self.args_append = typed(
            "aclrtKernelArgsAppend", [c_void_p, c_void_p, c_size_t, POINTER(c_void_p)]
        )
        self.args_finalize = typed("aclrtKernelArgsFinalize", [c_void_p])
        self.launch_kernel = typed(
            "aclrtLaunchKernelWithConfig",
            [c_void_p, c_uint32, c_void_p, c_void_p, c_void_p, c_void_p],
        )
        self.sync = typed("aclrtSynchronizeStream", [c_void_p])
        stream, handle, func = c_void_p(), c_void_p(), c_void_p()
        _check(typed("aclrtCreateStream", [POINTER(c_void_p)])(ctypes.byref(stream)))

        class Option(ctypes.Structure):
            _fields_ = [("type", c_int), ("value", c_uint32)]

        class Options(ctypes.Structure):
            _fields_ = [("options", POINTER(Option)), ("numOpt", c_size_t)]

        option = Option(2, magic)
        options = Options(ctypes.pointer(option), 1)
        load = typed("aclrtBinaryLoadFromFile", [ctypes.c_char_p, c_void_p, POINTER(c_void_p)])
        _check(load(str(binary).encode(), ctypes.byref(options), ctypes.byref(handle)))
        get = typed("aclrtBinaryGetFunction", [c_void_p, ctypes.c_char_p, POINTER(c_void_p)])
        _check(get(handle, kernel.encode(), ctypes.byref(func)))
        self.stream, self.func = stream.value, func.value

    def launch(self, arrays: list[Any], n: int, written: list[int], strict: bool = False) -> None:
        """One launch of the kernel with `arrays` and the int32 `n`, copying back the
        arrays at `written`; the arrays' addresses from numpy's `.ctypes.data`, or
        `strict`, the fastest way (the buffer protocol, as ours)."""
        malloc, memcpy = self.malloc, self.memcpy
        ptr = c_void_p()
        devices = []
        if strict:
            hosts = [ctypes.addressof(ctypes.c_char.from_buffer(a)) for a in arrays]
        else:
            hosts = [a.ctypes.data for a in arrays]
        for a, host in zip(arrays, hosts, strict=True):
            nbytes = a.nbytes
            _check(malloc(ctypes.byref(ptr), nbytes, 0))
            devices.append(ptr.value)
            _check(memcpy(ptr.value, nbytes, host, nbytes, 1))
        blob = struct.pack(f"<{len(devices)}Qi4x", *devices, n)
        handle, param = c_void_p(), c_void_p()
        _check(self.args_init(self.func, ctypes.byref(handle)))
        _check(self.args_append(handle, blob, len(blob), ctypes.byref(param)))
        _check(self.args_finalize(handle))
        _check(self.launch_kernel(self.func, BLOCK_DIM, self.stream, None, handle, None))
        _check(self.sync(self.stream))
        for i in written:
            nbytes = arrays[i].nbytes
            _check(memcpy(hosts[i], nbytes, devices[i], nbytes, 2))
        for device in devices:
            _check(self.free(device))


def _check(code: int) -> None:
    if code:
        raise RuntimeError(f"ACL error {code}")


def setup(folder: Path, counts: list[int]) -> tuple[Path, ModuleType]:
    """The no-op library and fake toolkit in `folder`, the environment pointing at them
    (toolkit, cache), and the kernels: (the library, the kernels' module)."""
    libs = folder / "libs"
    libs.mkdir()
    acl = build_acl(libs)
    home = make_toolkit(folder, acl)
    os.environ["ASCEND_HOME_PATH"] = str(home)
    os.environ["ASC_XDSL_CACHE_DIR"] = str(folder / "cache")
    return home / "lib64" / "libascendcl.so", load_kernels(folder, counts)


def first_launch(module: ModuleType, n: int, library: Path) -> tuple[Any, list[Any], Floor]:
    """Launch `kN` once (compile, build, load) and make its floor: (kernel, arrays, floor)."""
    import numpy as np

    kernel = getattr(module, f"k{n}")
    arrays = [np.zeros(ELEMENTS, np.float32) for _ in range(n)]
    kernel[BLOCK_DIM](*arrays, ELEMENTS, backend="npu")
    manifest = next(iter(kernel._compiled.values())).metadata["manifest"]
    binary = Path(next(iter(kernel._compiled.values())).metadata["binary"])
    return kernel, arrays, Floor(library, binary, manifest.kernel, manifest.magic)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--batch", type=int, default=400)
    parser.add_argument("--tensors", default="1,4,16")
    args = parser.parse_args()
    counts = [int(c) for c in args.tensors.split(",")]
    with tempfile.TemporaryDirectory(prefix="launch_floor-") as tmp:
        library, module = setup(Path(tmp), counts)
        print(
            f"warm launch of kN[{BLOCK_DIM}](N float32 arrays, n) on 'npu' (no-op ACL), best "
            f"of {args.rounds} rounds of {args.batch} (load average {os.getloadavg()[0]:.1f})"
        )
        print(f"{'tensors':>7} {'ours':>9} {'floor':>9} {'strict':>9} {'ratio':>6} {'strict':>7}")
        for n in counts:
            kernel, arrays, floor = first_launch(module, n, library)
            written = [n - 1]
            best = [float("inf")] * 3
            clock = time.process_time
            for _ in range(args.rounds):
                t0 = clock()
                for _ in range(args.batch):
                    kernel[BLOCK_DIM](*arrays, ELEMENTS, backend="npu")
                t1 = clock()
                for _ in range(args.batch):
                    floor.launch(arrays, ELEMENTS, written)
                t2 = clock()
                for _ in range(args.batch):
                    floor.launch(arrays, ELEMENTS, written, strict=True)
                t3 = clock()
                for k, dt in enumerate((t1 - t0, t2 - t1, t3 - t2)):
                    best[k] = min(best[k], dt / args.batch)
            ours, floor_us, strict = (b * 1e6 for b in best)
            print(
                f"{n:>7} {ours:>7.1f}us {floor_us:>7.1f}us {strict:>7.1f}us "
                f"{ours / floor_us:>5.2f}x {ours / strict:>6.2f}x"
            )


if __name__ == "__main__":
    main()
