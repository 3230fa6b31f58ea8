"""End-to-end runs on a real NPU or on CANN's simulator: skipped on machines without.

To run them where CANN is installed:

    source /usr/local/Ascend/ascend-toolkit/set_env.sh
    ASC_XDSL_TEST_NPU=1 python -m pytest -q tests/unit/cann/test_cann_npu.py    # a device
    ASC_XDSL_TEST_MODEL=1 python -m pytest -q tests/unit/cann/test_cann_npu.py  # simulator

`ASC_XDSL_DEVICE_ID` picks the device, `ASC_XDSL_SOC_VERSION` the simulated SoC.
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from cann_fake import vector_add_kernel

from asc_xdsl.runtime.cann.toolkit import find_toolkit

BACKENDS = [
    pytest.param(
        "npu",
        marks=pytest.mark.skipif(
            os.environ.get("ASC_XDSL_TEST_NPU") != "1" or find_toolkit() is None,
            reason="needs CANN and an NPU; set ASC_XDSL_TEST_NPU=1 where they exist",
        ),
    ),
    pytest.param(
        "model",
        marks=pytest.mark.skipif(
            os.environ.get("ASC_XDSL_TEST_MODEL") != "1" or find_toolkit() is None,
            reason="needs CANN's simulator; set ASC_XDSL_TEST_MODEL=1 where it exists",
        ),
    ),
]


@pytest.mark.npu
@pytest.mark.parametrize("backend", BACKENDS)
def test_vector_add(backend):
    n = 8 * 2048 * 2
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n, dtype=np.float32)
    y = rng.standard_normal(n, dtype=np.float32)
    z = np.zeros(n, np.float32)
    x0 = x.copy()
    vector_add_kernel()[8](x, y, z, n, backend=backend)
    np.testing.assert_allclose(z, x + y, rtol=1e-6)
    np.testing.assert_array_equal(x, x0)


@pytest.mark.npu
@pytest.mark.parametrize("backend", BACKENDS)
def test_vector_add_torch_npu(backend):
    torch = pytest.importorskip("torch")
    pytest.importorskip("torch_npu")
    if backend != "npu":
        pytest.skip("torch_npu tensors live on a device")
    n = 8 * 2048 * 2
    x = torch.randn(n).npu()
    y = torch.randn(n).npu()
    z = torch.zeros(n).npu()
    vector_add_kernel()[8](x, y, z, n, backend=backend)
    torch.npu.synchronize()
    assert torch.allclose(z.cpu(), (x + y).cpu())


@pytest.mark.npu
@pytest.mark.parametrize("backend", BACKENDS)
def test_prebuilt_vector_add(backend, tmp_path):
    """Built ahead of time, launched from its manifest (real bisheng, real ACL)."""
    from asc_xdsl.runtime.cann.aot import build_kernel, resolve_soc
    from asc_xdsl.runtime.cann.prebuilt import load

    build_kernel(vector_add_kernel(), resolve_soc(None), out_dir=tmp_path)
    n = 8 * 2048
    x = np.arange(n, dtype=np.float32)
    y = np.ones(n, np.float32)
    z = np.zeros(n, np.float32)
    load(tmp_path)[8](x, y, z, n, backend=backend)
    np.testing.assert_array_equal(z, x + 1)


PRINT_KERNEL = """\
func.func @print_k(%x: memref<?xi32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  ascendc.printf %n {desc = "n=%d\\n"} : i32
  return
}
"""


@pytest.mark.npu
@pytest.mark.parametrize("backend", BACKENDS)
def test_device_printf(backend, capfd):
    """The print ring buffer the launch passes is where the device writes (unconfirmed
    without hardware: that the kernel's g_sysPrintFifoSpace assignment wins over the
    runtime's own buffer)."""
    from cann_fake import make_kernel

    make_kernel(PRINT_KERNEL, "print_k")[2](np.zeros(4, np.int32), 7, backend=backend)
    out = capfd.readouterr().out
    assert "[AIV Block 0/2] n=7\n" in out and "[AIV Block 1/2] n=7\n" in out
