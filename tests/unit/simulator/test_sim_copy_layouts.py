"""DataCopy's NZ -> ND (Nz2NdParamsFull, UB -> GM) and multi-dimensional slice
(SliceInfo) forms on the simulator against numpy, with the docs' examples."""

from __future__ import annotations

import numpy as np
import pytest
import simkit

from asc_xdsl.runtime.simulator.errors import SimulatorError, UnsupportedOpError

GF = "!ascendc.global_tensor<*xf32>"


def _gm_view(name: str, param: str) -> str:
    return (
        f"%{name} = ascendc.global_tensor : {GF}\n"
        f"ascendc.global_tensor.set_global_buffer %{name}, %{param} : {GF}, memref<?xf32, 22>\n"
    )


def _consts(**values: int) -> str:
    return "".join(
        f"%{k}_i = arith.constant {v} : i32\n"
        f"%{k} = builtin.unrealized_conversion_cast %{k}_i : i32 to ui32\n"
        for k, v in values.items()
    )


def test_nz2nd_the_docs_float_example():
    """ndNum 2, nValue 4, dValue 32, srcNdMatrixStride 1 (256), srcNStride 4 (64),
    dstDStride 144, dstNdMatrixStride 40: UB %b0 (NZ) -> GM (%s0)."""
    body = (
        _gm_view("out", "s0")
        + "\n".join(
            f"%{k} = arith.constant {v} : i32"
            for k, v in dict(nd=2, nv=4, dv=32, snd=1, sn=4, dd=144, dnd=40).items()
        )
        + f"""
%p = ascendc.construct !ascendc.nz2nd_params_full(%nd, %nv, %dv, %snd, %sn, %dd, %dnd) : i32, i32, i32, i32, i32, i32, i32
ascendc.data_copy_nz2nd %out, %b0, %p : {GF}, {{lt0}}, !ascendc.nz2nd_params_full
"""
    )
    kern = simkit.inout_kernel(body, [np.float32], ["memref<?xf32, 22>"])
    ub = np.zeros(1024, np.float32)
    ub[:512] = np.arange(512)
    out = np.full(3 * 144 + 40 + 32, -1, np.float32)
    kern[1](ub, out)
    for i in range(2):  # matrix i: 2 column blocks of 16, 4 rows each, 64 elements apart
        nz = ub[i * 256 : i * 256 + 128].reshape(2, 4, 16)
        want = nz.transpose(1, 0, 2).reshape(4, 32)
        got = np.stack([out[i * 40 + r * 144 :][:32] for r in range(4)])
        np.testing.assert_array_equal(got, want)
    assert out[32] == -1 and out[144 + 72] == -1  # the gaps are not written


def _slice(name: str, start: int, end: int, stride: int, burst: int, shape: int) -> str:
    fields = zip("sepbh", (start, end, stride, burst, shape), strict=True)
    return _consts(**{f"{name}_{k}": v for k, v in fields}) + (
        f"%{name} = ascendc.construct !ascendc.slice_info(%{name}_s, %{name}_e, %{name}_p, "
        f"%{name}_b, %{name}_h) : ui32, ui32, ui32, ui32, ui32\n"
    )


def test_slice_gm_to_ub_the_docs_example():
    """src 3 x 87 floats, {{16, 70, 7, 3, 87}, {0, 2, 1, 1, 3}}: rows 0 and 2, from
    element 16 bursts of 24 floats 7 apart (two per row); dst {{0, 47, 0, 3, 48},
    {0, 1, 0, 1, 2}}: two rows of 48."""
    body = (
        _gm_view("src", "s0")
        + _slice("src0", 16, 70, 7, 3, 87)
        + _slice("src1", 0, 2, 1, 1, 3)
        + _slice("dst0", 0, 47, 0, 3, 48)
        + _slice("dst1", 0, 1, 0, 1, 2)
        + _consts(dims=2)
        + "ascendc.data_copy_slice %b0, %src, %dst0, %dst1, %src0, %src1, %dims "
        "{operandSegmentSizes = array<i32: 1, 1, 2, 2, 1>} : {lt0}, "
        f"{GF}, !ascendc.slice_info, !ascendc.slice_info, !ascendc.slice_info, "
        "!ascendc.slice_info, ui32\n"
    )
    kern = simkit.inout_kernel(body, [np.float32], ["memref<?xf32, 22>"])
    ub = np.full(1024, -1, np.float32)
    src = np.arange(3 * 87, dtype=np.float32)
    kern[1](ub, src)
    grid = src.reshape(3, 87)
    want = np.stack([np.r_[grid[r, 16:40], grid[r, 47:71]] for r in (0, 2)])
    np.testing.assert_array_equal(ub[:96].reshape(2, 48), want)
    assert (ub[96:] == -1).all()


def test_nz2nd_needs_whole_column_blocks():
    body = (
        _gm_view("out", "s0")
        + "\n".join(
            f"%{k} = arith.constant {v} : i32"
            for k, v in dict(nd=1, nv=2, dv=24, snd=1, sn=2, dd=24, dnd=0).items()
        )
        + f"""
%p = ascendc.construct !ascendc.nz2nd_params_full(%nd, %nv, %dv, %snd, %sn, %dd, %dnd) : i32, i32, i32, i32, i32, i32, i32
ascendc.data_copy_nz2nd %out, %b0, %p : {GF}, {{lt0}}, !ascendc.nz2nd_params_full
"""
    )
    kern = simkit.inout_kernel(body, [np.float32], ["memref<?xf32, 22>"])
    with pytest.raises(SimulatorError, match="dValue 24 must be a multiple of 16"):
        kern[1](np.zeros(1024, np.float32), np.zeros(64, np.float32))


def test_data_copy_pad_ub_to_l1_is_refused_with_the_reason():
    body = """
%c0 = arith.constant 0 : i32
%c64 = arith.constant 64 : i32
%c0u = builtin.unrealized_conversion_cast %c0 : i32 to ui32
%c64u = builtin.unrealized_conversion_cast %c64 : i32 to ui32
%l1 = ascendc.local_tensor_v2 a1, %c0u, %c64u : !ascendc.local_tensor<*xf32>
%p = ascendc.construct !ascendc.data_copy_params()
%nd = ascendc.construct !ascendc.nd2nz_params()
ascendc.data_copy_pad_nd2nz %l1, %b0, %p, %nd : !ascendc.local_tensor<*xf32>, {lt0}, !ascendc.data_copy_params, !ascendc.nd2nz_params
"""
    kern = simkit.inout_kernel(body, [np.float32])
    with pytest.raises(UnsupportedOpError, match="UB -> GM -> L1 through messages"):
        kern[1](np.zeros(1024, np.float32))


def test_gm_to_ub_nd2nz_is_refused_with_the_reason():
    body = (
        _gm_view("src", "s0")
        + "%nd = ascendc.construct !ascendc.nd2nz_params()\n"
        + f"ascendc.data_copy_nd2nz %b0, %src, %nd : {{lt0}}, {GF}, !ascendc.nd2nz_params\n"
    )
    kern = simkit.inout_kernel(body, [np.float32], ["memref<?xf32, 22>"])
    with pytest.raises(UnsupportedOpError, match="GM -> UB with Nd2NzParams is not simulated"):
        kern[1](np.zeros(1024, np.float32), np.zeros(64, np.float32))
