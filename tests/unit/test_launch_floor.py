"""A warm `kernel[n](...)` on the `npu` backend makes exactly the ACL calls of its floor
(bench/launch_floor.py): the same launch written by hand with ctypes. Correctness
only; the bench times the two. The no-op libascendcl.so (bench/launch_floor_acl.c) is
compiled with the system C compiler and records the calls."""

from __future__ import annotations

import ctypes
import importlib.util
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
CANN_ENVS = (
    "ASCEND_HOME_PATH",
    "ASCEND_TOOLKIT_HOME",
    "ASC_XDSL_BISHENG",
    "ASC_XDSL_LINKER",
    "PYASC_COMPILER",
    "PYASC_LINKER",
    "ASC_XDSL_DEVICE_ID",
    "ASC_XDSL_SOC_VERSION",
    "ASC_XDSL_BACKEND",
    "ASC_XDSL_DUMP_DIR",
)


def _bench():
    spec = importlib.util.spec_from_file_location("launch_floor", ROOT / "bench/launch_floor.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_warm_launch_makes_the_floors_acl_calls(tmp_path, monkeypatch):
    if shutil.which(os.environ.get("CC", "gcc")) is None and shutil.which("cc") is None:
        pytest.skip("no C compiler (gcc/cc) to build the no-op libascendcl.so")
    bench = _bench()
    for name in CANN_ENVS:
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "libs").mkdir()
    home = bench.make_toolkit(tmp_path, bench.build_acl(tmp_path / "libs"))
    monkeypatch.setenv("ASCEND_HOME_PATH", str(home))
    monkeypatch.setenv("ASC_XDSL_CACHE_DIR", str(tmp_path / "cache"))
    library = home / "lib64" / "libascendcl.so"
    acl = ctypes.CDLL(str(library))  # the library the launch loads (the same handle)
    acl.fake_calls.restype = ctypes.c_char_p

    def recorded(launch) -> list[str]:
        acl.fake_record(1)
        launch()
        calls = acl.fake_calls().decode().splitlines()
        acl.fake_record(0)
        return calls

    kernel = bench.load_kernels(tmp_path, [4]).k4
    arrays = [np.zeros(bench.ELEMENTS, np.float32) for _ in range(4)]

    def ours() -> None:
        kernel[bench.BLOCK_DIM](*arrays, bench.ELEMENTS, backend="npu")

    first = recorded(ours)
    # the first launch sets up what later ones reuse: ACL, the device, a stream, the binary
    setup = ["aclInit", "aclrtSetDevice 0", "aclrtCreateStream", "aclrtBinaryLoadFromFile"]
    assert first[:4] == setup and first[4] == "aclrtBinaryGetFunction k4"
    warm = recorded(ours)
    nbytes = 4 * bench.ELEMENTS
    expected = [f"aclrtMalloc {nbytes} 0", f"aclrtMemcpy {nbytes} {nbytes} 1"] * 4 + [
        "aclrtKernelArgsInit",
        "aclrtKernelArgsAppend 40",  # 4 pointers, the int32, padding to 8
        "aclrtKernelArgsFinalize",
        f"aclrtLaunchKernelWithConfig {bench.BLOCK_DIM}",
        "aclrtSynchronizeStream",
        f"aclrtMemcpy {nbytes} {nbytes} 2",  # the kernel writes only the last array
        *["aclrtFree"] * 4,
    ]
    assert warm == expected
    assert first[5:] == expected
    compiled = next(iter(kernel._compiled.values()))
    manifest = compiled.metadata["manifest"]
    floor = bench.Floor(library, Path(compiled.metadata["binary"]), "k4", manifest.magic)
    assert recorded(lambda: floor.launch(arrays, bench.ELEMENTS, [3])) == warm
    # a repeated launch took the warm path (the JIT's and the CANN plan's)
    assert len(kernel._warm) == 1 and len(compiled.metadata["cann_plans"]) == 1
