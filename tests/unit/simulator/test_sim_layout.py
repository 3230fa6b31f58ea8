"""Transpose (16x16 and the NCHW<->NHWC forms) and TransDataTo5HD (16-bit, tensor
lists) on the simulator against numpy."""

from __future__ import annotations

import numpy as np
import pytest
import simkit

from asc_xdsl.runtime.simulator.errors import SimulatorError

TP = "!ascendc.transpose_params_ext"


@pytest.mark.parametrize("dtype", ["int16", "uint16", "float16"])
def test_transpose_16x16(dtype):
    k = simkit.inout_kernel("ascendc.transpose %b1, %b0 : {lt1}, {lt0}", [dtype, dtype], [])
    src = np.arange(2048).astype(dtype)
    dst = np.full(2048, 3).astype(dtype)
    k[1](src, dst)
    want = np.full(2048, 3).astype(dtype)
    want[:256] = src[:256].reshape(16, 16).T.reshape(-1)
    np.testing.assert_array_equal(dst, want)


@pytest.mark.parametrize(
    ("dtype", "kind"),
    [("float16", 10)]
    + [(d, k) for d in ("float16", "float32", "int32", "uint8") for k in (11, 12)],
)
def test_transpose_ext(dtype, kind):
    k = simkit.inout_kernel(
        f"""
        %p = ascendc.construct {TP}(%s0, %s1, %s2, %s3, %s4) : i32, i32, i32, i32, i32
        ascendc.transpose_ext %b1, %b0, %b2, %p : {{lt1}}, {{lt0}}, {{lt2}}, {TP}
        """,
        [dtype, dtype, "uint8"],
        ["i32"] * 5,
        capacity=8192,
    )
    n_el = 8192 // np.dtype(dtype).itemsize
    src = (np.arange(n_el) % 251).astype(dtype)
    dst = np.zeros(n_el, dtype)
    tmp = np.zeros(8192, np.uint8)
    n, c, h, w = 2, 3, 2, 32 // np.dtype(dtype).itemsize
    k[1](src, dst, tmp, n, c, h, w, kind)
    want = np.zeros(n_el, dtype)
    if kind == 10:
        want[:256] = src[:256].reshape(16, 16).T.reshape(-1)
    elif kind == 11:
        want[: n * c * h * w] = (
            src[: n * c * h * w].reshape(n, c, h, w).transpose(0, 2, 3, 1).reshape(-1)
        )
    else:
        want[: n * c * h * w] = (
            src[: n * c * h * w].reshape(n, h, w, c).transpose(0, 3, 1, 2).reshape(-1)
        )
    np.testing.assert_array_equal(dst, want)


def test_transpose_ext_checks():
    k = simkit.inout_kernel(
        f"""
        %p = ascendc.construct {TP}(%s0, %s1, %s2, %s3, %s4) : i32, i32, i32, i32, i32
        ascendc.transpose_ext %b1, %b0, %b2, %p : {{lt1}}, {{lt0}}, {{lt2}}, {TP}
        """,
        ["float32", "float32", "uint8"],
        ["i32"] * 5,
        capacity=1024,
    )
    z = np.zeros(256, np.float32)
    with pytest.raises(SimulatorError, match="not a multiple of 32"):
        k[1](z, z.copy(), np.zeros(1024, np.uint8), 1, 2, 1, 3, 11)
    with pytest.raises(SimulatorError, match="shared_tmp_buffer holds 1024 bytes"):
        k[1](z, z.copy(), np.zeros(1024, np.uint8), 1, 4, 1, 8, 11)
    with pytest.raises(SimulatorError, match="TransposeType 7 is not available"):
        k[1](z, z.copy(), np.zeros(1024, np.uint8), 1, 4, 1, 8, 7)


def test_trans_data_to_5hd_b16_repeats():
    """Sources are rows of src (block i of row i), destinations columns; two repeats
    with strides 16 (src) and 16 (dst) blocks."""
    lt = "!ascendc.local_tensor<*xf16>"
    lines = ["%c = arith.constant 256 : index"]
    for i in range(16):
        lines.append(f"%si{i} = arith.constant {i * 16} : index")
        lines.append(f"%s_{i} = ascendc.local_tensor.subindex %b0[%si{i}] : {lt}, index, {lt}")
        lines.append(f"%d_{i} = ascendc.local_tensor.subindex %b1[%si{i}] : {lt}, index, {lt}")
    ds = ", ".join(f"%d_{i}" for i in range(16))
    ss = ", ".join(f"%s_{i}" for i in range(16))
    types = ", ".join([lt] * 32)
    lines.append(
        "%p = ascendc.construct !ascendc.trans_data_to_5hd_params(%s0, %s0, %s1, %s2, %s2) : i1, i1, i32, i32, i32"
    )
    lines.append(
        f"ascendc.trans_data_to_5hd_tensor_list {ds}, {ss}, %p {{operandSegmentSizes = array<i32: 16, 16, 1>}} : {types}, !ascendc.trans_data_to_5hd_params"
    )
    k = simkit.inout_kernel(
        "\n".join(lines), ["float16", "float16"], ["i1", "i32", "i32"], capacity=8192
    )
    src = np.arange(4096).astype(np.float16)
    dst = np.zeros(4096, np.float16)
    k[1](src, dst, False, 2, 16)
    want = np.zeros(4096, np.float16)
    for r in range(2):
        m = np.stack([src[i * 16 + r * 256 : i * 16 + r * 256 + 16] for i in range(16)])
        for j in range(16):
            want[j * 16 + r * 256 : j * 16 + r * 256 + 16] = m[:, j]
    np.testing.assert_array_equal(dst, want)


def _trans_5hd_kernel(t: str, dst_at, src_at, scalars=("i1", "i1", "i32", "i32", "i32")):
    """TransDataTo5HD of 16 sub-tensors of %b0 (element offsets `src_at`) into 16 of %b1
    (`dst_at`), params (dstHighHalf, srcHighHalf, repeats, dstRepStride, srcRepStride)
    from the scalars."""
    mt = {"float32": "f32", "int8": "i8", "float16": "f16"}[t]
    lt = f"!ascendc.local_tensor<*x{mt}>"
    lines = []
    for i in range(16):
        lines.append(f"%si{i} = arith.constant {src_at[i]} : index")
        lines.append(f"%di{i} = arith.constant {dst_at[i]} : index")
        lines.append(f"%s_{i} = ascendc.local_tensor.subindex %b0[%si{i}] : {lt}, index, {lt}")
        lines.append(f"%d_{i} = ascendc.local_tensor.subindex %b1[%di{i}] : {lt}, index, {lt}")
    ds = ", ".join(f"%d_{i}" for i in range(16))
    ss = ", ".join(f"%s_{i}" for i in range(16))
    lines.append(
        "%p = ascendc.construct !ascendc.trans_data_to_5hd_params(%s0, %s1, %s2, %s3, %s4) : "
        "i1, i1, i32, i32, i32"
    )
    lines.append(
        f"ascendc.trans_data_to_5hd_tensor_list {ds}, {ss}, %p {{operandSegmentSizes = "
        f"array<i32: 16, 16, 1>}} : {', '.join([lt] * 32)}, !ascendc.trans_data_to_5hd_params"
    )
    return simkit.inout_kernel("\n".join(lines), [t, t], list(scalars), capacity=8192)


def test_trans_data_to_5hd_b32_transposes_16_x_8_blocks():
    """As asc-devkit's CumSum transposes a (32 x 16) float matrix to (16 x 32): sources
    are rows of one 8-column block, destinations 2j / 2j + 1 the two halves of row j of
    the transpose; 2 repeats (16 more rows: src stride 2 * 16 blocks, dst 2 blocks)."""
    outer, inner = 32, 16
    src_at = [n * inner for n in range(16)]  # block i = 0 of each row
    dst_at = [(n // 2) * outer + 8 * (n % 2) for n in range(16)]
    k = _trans_5hd_kernel("float32", dst_at, src_at)
    x = np.random.default_rng(5).standard_normal(2048).astype(np.float32)
    got = np.zeros(2048, np.float32)
    k[1](x, got, False, False, 2, 2, inner * 2)
    m = x[: outer * inner].reshape(outer, inner)
    want = np.zeros(2048, np.float32)
    want[: 8 * outer] = m[:, :8].T.reshape(-1)  # rows 0..7 of the transpose
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize(("src_high", "dst_high"), [(0, 0), (0, 1), (1, 0), (1, 1)])
def test_trans_data_to_5hd_b8_moves_half_blocks(src_high, dst_high):
    """A 16 x 32 int8 block matrix: srcHighHalf picks its columns 0..15 or 16..31,
    whose column j goes to the low or high 16 bytes of destination j (the other half
    kept), as asc-devkit's Matmul ND->NZ transposes 32 x 32 int8 tiles in 4 calls."""
    src_at = [i * 32 for i in range(16)]
    dst_at = [j * 32 for j in range(16)]
    k = _trans_5hd_kernel("int8", dst_at, src_at)
    x = np.random.default_rng(6).integers(-128, 128, 8192).astype(np.int8)
    got = np.full(8192, 7, np.int8)
    k[1](x, got, bool(dst_high), bool(src_high), 1, 0, 0)
    s = x[:512].reshape(16, 32)
    want = np.full(8192, 7, np.int8)
    half = s[:, 16 * src_high : 16 * src_high + 16]
    for j in range(16):
        want[j * 32 + 16 * dst_high : j * 32 + 16 * dst_high + 16] = half[:, j]
    np.testing.assert_array_equal(got, want)
