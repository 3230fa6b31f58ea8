"""Launching through the fake ACL: call sequence, argument bytes, copies, errors."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest
from cann_fake import cube_kernel, make_toolkit, mix_kernel, vector_add_kernel

from asc_xdsl.runtime.cann import acl
from asc_xdsl.runtime.cann.errors import AclError, CannError
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.soc import get_soc

A2 = get_soc("Ascend910B2")
FFTS = 0xFF7500  # what the fake aclrtGetHardwareSyncAddr returns


def _inputs(n: int = 64):
    x = np.arange(n, dtype=np.float32)
    y = np.full(n, 0.5, dtype=np.float32)
    z = np.zeros(n, dtype=np.float32)
    return x, y, z


def test_vector_launch_call_sequence(fake_toolkit):
    x, y, z = _inputs()
    kernel = vector_add_kernel()
    kernel[8](x, y, z, 64, backend="npu")
    assert fake_toolkit.acl_calls() == [
        "aclInit",
        "aclrtSetDevice 0",
        "aclrtCreateStream",
        f"aclrtBinaryLoadFromFile magic=0x{A2.build('vector').magic:x} nopt=1 type=2",
        "aclrtBinaryGetFunction add_custom",
        "aclrtMalloc dev0 size=256 policy=0",
        "aclrtMemcpy H2D dev0<-host n=256",
        "aclrtMalloc dev1 size=256 policy=0",
        "aclrtMemcpy H2D dev1<-host n=256",
        "aclrtMalloc dev2 size=256 policy=0",
        "aclrtMemcpy H2D dev2<-host n=256",
        "aclrtKernelArgsInit",
        "aclrtKernelArgsAppend size=32",
        "aclrtKernelArgsFinalize",
        "aclrtLaunchKernelWithConfig add_custom block_dim=8 cfg=null reserve=null",
        "aclrtSynchronizeStream",
        "aclrtMemcpy D2H host<-dev2 n=256",  # only z: the IR writes only z
        "aclrtFree dev0",
        "aclrtFree dev1",
        "aclrtFree dev2",
    ]  # the stream and the loaded binary stay for the next launch
    np.testing.assert_array_equal(z, np.arange(64, dtype=np.float32) + 0.5)
    # the fake kernel scribbled x[0] on the device; x is an input, so not copied back
    assert x[0] == 0.0
    assert Path(fake_toolkit.lib.fake_last_binary().decode()) == Path(kernel.metadata["binary"])
    assert kernel.metadata["platform"] == "Ascend910B2"  # from aclrtGetSocName


def test_packed_argument_bytes(fake_toolkit):
    x, y, z = _inputs(16)
    vector_add_kernel()[1](x, y, z, 16, backend="npu")
    blob = fake_toolkit.last_args()
    assert len(blob) == 32  # 3 pointers + int32, padded to 8
    px, py, pz, total, pad = struct.unpack("<QQQiI", blob)
    assert total == 16 and pad == 0
    assert len({px, py, pz}) == 3 and all(p % 8 == 0 for p in (px, py, pz))


def test_second_launch_reuses_acl_and_cache(fake_toolkit):
    x, y, z = _inputs()
    kernel = vector_add_kernel()
    kernel[1](x, y, z, 64, backend="npu")
    n_tools = len(fake_toolkit.tool_calls())
    fake_toolkit.reset_calls()
    kernel[2](x, y, z, 64, backend="npu")
    calls = fake_toolkit.acl_calls()
    assert "aclInit" not in calls and not any(c.startswith("aclrtSetDevice") for c in calls)
    # the device's stream and the loaded binary are the first launch's
    assert calls[0].startswith("aclrtMalloc")
    assert not any(c.startswith(("aclrtCreateStream", "aclrtBinary")) for c in calls)
    assert len(fake_toolkit.tool_calls()) == n_tools  # binary from the cache
    # released at exit (atexit runs the runtime's shutdown): stream, binary, device
    fake_toolkit.reset_calls()
    acl.get_runtime(fake_toolkit.acl_path).shutdown()
    assert fake_toolkit.acl_calls() == [
        "aclrtDestroyStream",
        "aclrtBinaryUnLoad",
        "aclrtResetDevice 0",
        "aclFinalize",
    ]


def test_device_id_option_and_env(fake_toolkit, monkeypatch):
    x, y, z = _inputs()
    monkeypatch.setenv("ASC_XDSL_DEVICE_ID", "3")
    vector_add_kernel()[1](x, y, z, 64, backend="npu")
    assert "aclrtSetDevice 3" in fake_toolkit.acl_calls()
    vector_add_kernel()[1](x, y, z, 64, backend="npu", device_id=5)
    assert "aclrtSetDevice 5" in fake_toolkit.acl_calls()
    monkeypatch.setenv("ASC_XDSL_DEVICE_ID", "gpu0")
    with pytest.raises(
        LaunchError, match=r"ASC_XDSL_DEVICE_ID must be a device number, got 'gpu0'"
    ):
        vector_add_kernel()[1](x, y, z, 64, backend="npu")


def test_cube_kernel_magic(fake_toolkit):
    a = np.zeros(32, np.float16)
    cube_kernel()[4](a, 32, backend="npu")
    calls = fake_toolkit.acl_calls()
    assert f"aclrtBinaryLoadFromFile magic=0x{A2.build('cube').magic:x} nopt=1 type=2" in calls
    assert "aclrtLaunchKernelWithConfig cube_k block_dim=4 cfg=null reserve=null" in calls
    # a is only read (no GM write in the IR): nothing is copied back
    assert not any("D2H" in c for c in calls)
    blob = fake_toolkit.last_args()
    assert len(blob) == 16 and struct.unpack("<i", blob[8:12])[0] == 32


def test_mix_kernel_passes_ffts_address_last(fake_toolkit):
    x = np.zeros(4, np.int64)
    mix_kernel()[2](x, backend="npu")
    calls = fake_toolkit.acl_calls()
    assert f"aclrtBinaryLoadFromFile magic=0x{A2.build('mix').magic:x} nopt=1 type=2" in calls
    i = calls.index("aclrtGetHardwareSyncAddr")
    assert calls[i + 1 : i + 3] == [
        "aclrtMalloc dev1 size=8 policy=0",
        "aclrtMemcpy H2D dev1<-host n=8",
    ]
    blob = fake_toolkit.last_args()
    assert len(blob) == 16  # x, then the hidden ffts_addr pointer
    assert x[0] == FFTS  # the fake mix_k stores *ffts_addr into x[0]; x is written: copied back
    assert "aclrtFree dev1" in calls


def test_mix_kernel_without_ffts_parameter(fake_toolkit):
    with pytest.raises(LaunchError, match=r"a mix kernel takes the hidden ffts_addr parameter"):
        mix_kernel(with_ffts=False)[1](np.zeros(4, np.int64), backend="npu")


def test_model_backend_loads_the_simulator_first(fake_toolkit):
    x, y, z = _inputs()
    vector_add_kernel()[1](x, y, z, 64, backend="model")
    np.testing.assert_array_equal(z, x + y)
    camodel = fake_toolkit.home / "tools/simulator/Ascend910B1/lib/libruntime_camodel.so"
    runtime = acl.get_runtime(fake_toolkit.acl_path, preload=(camodel,))
    assert runtime.loaded == [camodel, fake_toolkit.acl_path]
    assert str(camodel) in Path("/proc/self/maps").read_text()


def test_model_backend_soc_option(fake_toolkit):
    x, y, z = _inputs()
    kernel = vector_add_kernel()
    with pytest.raises(CannError, match=r"unknown SoC 'Ascend999'; known: Ascend910B1, "):
        kernel[1](x, y, z, 64, backend="model", soc_version="Ascend999")
    assert fake_toolkit.acl_calls() == []  # refused before ACL is loaded
    with pytest.raises(CannError, match=r"libruntime_camodel.so not found .*Ascend310P3/lib"):
        kernel[1](x, y, z, 64, backend="model", soc_version="Ascend310P3")


def test_older_runtime_uses_aclrtLaunchKernel(fake_libs, tmp_path, monkeypatch, no_cann):
    from cann_fake import FakeToolkit

    home = make_toolkit(tmp_path, fake_libs, acl="acl_old")
    monkeypatch.setenv("ASCEND_HOME_PATH", str(home))
    fake = FakeToolkit(home.resolve(), tmp_path / "cache")
    x, y, z = _inputs()
    vector_add_kernel()[3](x, y, z, 64, backend="npu")
    calls = fake.acl_calls()
    launch = calls.index("aclrtLaunchKernel add_custom block_dim=3 args=dev3 size=32")
    assert calls[launch - 2 : launch] == [
        "aclrtMalloc dev3 size=32 policy=0",
        "aclrtMemcpy H2D dev3<-host n=32",
    ]
    assert calls[launch + 1 : launch + 3] == ["aclrtSynchronizeStream", "aclrtFree dev3"]
    np.testing.assert_array_equal(z, x + y)


def test_acl_error_reports_code_and_meaning(fake_toolkit):
    x, y, z = _inputs()
    kernel = vector_add_kernel()
    kernel[1](x, y, z, 64, backend="npu")  # init first, then fail the next launch
    fake_toolkit.reset_calls()
    fake_toolkit.fail("aclrtSynchronizeStream", 507015)
    with pytest.raises(AclError) as e:
        kernel[1](x, y, z, 64, backend="npu")
    assert e.value.acl_code == 507015 and e.value.function == "aclrtSynchronizeStream"
    msg = str(e.value)
    assert "launching kernel 'add_custom' (vector, block_dim 1) on backend 'npu'" in msg
    assert (
        "aclrtSynchronizeStream failed: ACL error 507015 (runtime: AI Core execution error" in msg
    )
    assert "ACL says: EZ9999: fake aclrtSynchronizeStream failure" in msg
    calls = fake_toolkit.acl_calls()
    # the launch's memory is released after the failure, nothing copied back, and the
    # stream is replaced (the next launch gets a new one)
    assert calls[-4:] == [
        "aclrtFree dev3",
        "aclrtFree dev4",
        "aclrtFree dev5",
        "aclrtDestroyStream",
    ]
    assert not any("D2H" in c for c in calls)
    fake_toolkit.reset_calls()
    kernel[1](x, y, z, 64, backend="npu")
    assert fake_toolkit.acl_calls()[0] == "aclrtCreateStream"


def test_acl_error_unknown_code(fake_toolkit):
    fake_toolkit.fail("aclrtSetDevice", 123456)
    x, y, z = _inputs()
    with pytest.raises(
        AclError, match=r"aclrtSetDevice failed: ACL error 123456 \(unknown error code"
    ):
        vector_add_kernel()[1](x, y, z, 64, backend="npu", device_id=7)


def test_argument_errors_before_any_device_call(fake_toolkit):
    x, y, z = _inputs()
    kernel = vector_add_kernel()
    with pytest.raises(LaunchError, match=r"kernel 'add_custom' takes 4 arguments, got 3"):
        kernel[1](x, y, z, backend="npu")
    with pytest.raises(
        LaunchError, match=r"argument 2 is a GM pointer parameter and needs a numpy array"
    ):
        kernel[1](x, y, [0.0] * 64, 64, backend="npu")
    with pytest.raises(LaunchError, match=r"argument 3: 4294967296 does not fit in i32"):
        kernel[1](x, y, z, 2**32, backend="npu")
    with pytest.raises(LaunchError, match=r"argument 3 must be a number"):
        kernel[1](x, y, z, "64", backend="npu")
    with pytest.raises(LaunchError, match=r"unknown launch option\(s\) stream"):
        kernel[1](x, y, z, 64, backend="npu", stream=1)
    with pytest.raises(LaunchError, match=r"block_dim must be in \[1, 65535\], got 70000"):
        kernel[70000](x, y, z, 64, backend="npu")
    assert fake_toolkit.acl_calls() == []


def test_no_source(fake_toolkit):
    kernel = vector_add_kernel()
    kernel.asm.clear()
    with pytest.raises(LaunchError, match=r"has no Ascend C source"):
        kernel[1](*_inputs(), 64, backend="npu")


def test_non_contiguous_numpy_output(fake_toolkit):
    x, y, _ = _inputs()
    z_full = np.zeros(128, np.float32)
    z = z_full[::2]
    with pytest.warns(UserWarning, match=r"argument 2: the array is not contiguous"):
        vector_add_kernel()[1](x, y, z, 64, backend="npu")
    np.testing.assert_array_equal(z_full[::2], x + y)
    assert not z_full[1::2].any()


class _Device:
    def __init__(self, type_: str) -> None:
        self.type = type_


class FakeTorchTensor:
    """Quacks like a torch tensor (module 'torch'): enough for the argument code."""

    __module__ = "torch"

    def __init__(self, array: np.ndarray, device: str) -> None:
        self.array = array
        self.device = _Device(device)

    def data_ptr(self) -> int:
        return int(self.array.ctypes.data)

    def is_contiguous(self) -> bool:
        return bool(self.array.flags.c_contiguous)

    def numel(self) -> int:
        return int(self.array.size)

    def element_size(self) -> int:
        return int(self.array.itemsize)


def test_torch_cpu_tensors_are_copied(fake_toolkit):
    x, y, z = _inputs()
    tz = FakeTorchTensor(z, "cpu")
    vector_add_kernel()[1](
        FakeTorchTensor(x, "cpu"), FakeTorchTensor(y, "cpu"), tz, 64, backend="npu"
    )
    np.testing.assert_array_equal(z, x + y)
    assert "aclrtMemcpy D2H host<-dev2 n=256" in fake_toolkit.acl_calls()


def test_torch_npu_tensors_pass_by_pointer(fake_toolkit):
    # The fake device memory is host memory, so a host array stands in for NPU memory.
    x, y, z = _inputs()
    tensors = [FakeTorchTensor(a, "npu") for a in (x, y, z)]
    vector_add_kernel()[1](*tensors, 64, backend="npu")
    calls = fake_toolkit.acl_calls()
    assert not any(c.startswith(("aclrtMalloc", "aclrtMemcpy", "aclrtFree")) for c in calls)
    px, py, pz = struct.unpack("<QQQ", fake_toolkit.last_args()[:24])
    assert (px, py, pz) == (x.ctypes.data, y.ctypes.data, z.ctypes.data)
    np.testing.assert_array_equal(z, np.arange(64, dtype=np.float32) + 0.5)


def test_torch_other_device_rejected(fake_toolkit):
    x, y, z = _inputs()
    with pytest.raises(LaunchError, match=r"torch tensors on device 'cuda' are not supported"):
        vector_add_kernel()[1](FakeTorchTensor(x, "cuda"), y, z, 64, backend="npu")


def test_python_kernel_end_to_end(fake_toolkit):
    """@asc.jit -> IR -> Ascend C -> (fake) bisheng -> (fake) ACL launch -> results."""
    from cann_jit_kernels import add_custom

    n = 8 * 1024
    x = np.arange(n, dtype=np.float32)
    y = np.ones(n, dtype=np.float32)
    z = np.zeros(n, dtype=np.float32)
    add_custom[8](x, y, z, 1024, 256, backend="npu")
    calls = fake_toolkit.acl_calls()
    assert "aclrtLaunchKernelWithConfig add_custom block_dim=8 cfg=null reserve=null" in calls
    assert [c for c in calls if "D2H" in c] == ["aclrtMemcpy D2H host<-dev2 n=32768"]
    # the fake kernel adds the first block_length elements (it does not model blocks)
    np.testing.assert_array_equal(z[:1024], x[:1024] + 1)
    bisheng = fake_toolkit.tool_calls()[0]
    source = Path(bisheng[bisheng.index("-o") - 1]).name
    assert source == "kernel.cpp" and "--cce-aicore-arch=dav-c220-vec" in bisheng


def test_model_backend_has_device_0_only(fake_toolkit):
    with pytest.raises(LaunchError, match=r"has device 0 only, got device 2"):
        vector_add_kernel()[1](*_inputs(), 64, backend="model", device_id=2)


def test_tile_mix_kernel_gets_its_workspace(fake_toolkit):
    """A tile mix kernel's hidden workspace (the AIC's products for the AIVs to read) is
    allocated by the launch as the simulator sizes it: its bytes per block x block_dim,
    passed before the ffts_addr pointer (the order of the C++ parameters), and freed."""
    import asc_xdsl as asc
    import asc_xdsl.asc2 as asc2
    from asc_xdsl.runtime.cann import describe

    @asc2.jit
    def mm_relu(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress):
        a = asc2.load(asc2.tensor(a_ptr, [16, 16]), [16, 16], offsets=[0, 0],
                      location=asc2.TileLocation.L0A)  # fmt: skip
        b = asc2.load(asc2.tensor(b_ptr, [16, 32]), [16, 32], offsets=[0, 0],
                      location=asc2.TileLocation.L0B)  # fmt: skip
        asc2.store(asc2.exp(a @ b), asc2.tensor(c_ptr, [16, 32]), offsets=[0, 0])

    a, b = np.zeros((16, 16), np.float16), np.zeros((16, 32), np.float16)
    c = np.zeros((16, 32), np.float32)
    hidden = describe.hidden(mm_relu.compile(a, b, c), with_dump=False)
    assert [h["kind"] for h in hidden] == ["workspace", "ffts_addr"], hidden
    mm_relu[3](a, b, c, backend="npu")
    calls = fake_toolkit.acl_calls()
    size = f"size={16 * 32 * 4 * 3} "
    workspace = [c for c in calls if c.startswith("aclrtMalloc") and size in c]
    assert len(workspace) == 1, calls
    dev = workspace[0].split()[1]
    assert f"aclrtFree {dev}" in calls
    assert len(fake_toolkit.last_args()) == 5 * 8  # a, b, c, workspace, ffts_addr
    source = mm_relu.compile(a, b, c).asm["ascendc"]
    assert "__gm__ float* workspace, __gm__ uint64_t* ffts_addr)" in source
