"""The Python API of the other vector ops and the sort ops (compile only).

pyasc's names and keywords: `asc.gather(dst, src, src_offset, src_base, count)`,
`asc.scatter(...)`, `asc.duplicate(dst, scalar, count)`, `asc.axpy(dst, src, scalar,
count)`, `asc.bilinear_interpolation(...)`, `asc.transpose(dst, src)`,
`asc.sort32(dst, src0, src1, repeat_time)`, `asc.sort(..., is_full_sort=...)`,
`asc.get_sort_len(n)`, `asc.get_mrg_sort_result()`, ...; a list mask picks the L1 form.
"""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.enums import MaskMode

X = np.zeros(256, np.float32)


@asc.jit
def mask_state(x: asc.GlobalAddress):
    asc.set_mask_count()
    asc.set_vector_mask(256, asc.float32, MaskMode.COUNTER)
    asc.set_mask_norm()
    asc.set_vector_mask(0, 2**64 - 1, dtype=asc.float16, mode=MaskMode.NORMAL)
    asc.reset_mask()


@asc.jit
def gather_scatter_fill(x: asc.GlobalAddress):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    off = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 1024, 256)
    h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 2048, 256)
    asc.data_copy(t, gm, 256)
    asc.gather(t, t, off, 0, 256)
    asc.gather(t, t, off, src_base=0, mask=64, repeat_times=4, dst_rep_stride=8)
    asc.gather(t, t, off, 0, [2**64 - 1, 0], 4, 8)
    asc.scatter(t, t, off, 0, count=256)
    asc.duplicate(t, 1.5, 256)
    asc.duplicate(h, 2, 256)
    asc.duplicate(t, 0.0, 64, 4, 1, 8, is_set_mask=False)
    asc.duplicate(h, 1.0, [1, 2], 2, 1, 8)
    asc.axpy(t, h, 0.5, 256)
    asc.axpy(t, t, 2.0, count=256)
    asc.data_copy(gm, t, 256)


@asc.jit
def layouts_and_sorts(x: asc.GlobalAddress):
    h = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 256)
    idx = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 2048, 256)
    tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 4096, 1024)
    asc.transpose(h, h)
    asc.bilinear_interpolation(h, h, idx, h, 128, 1, False, 1, 0, 1, tmp)
    asc.sort32(t, t, idx, 1)
    asc.sort(t, t, idx, t, 1, is_full_sort=True)
    n = asc.get_sort_len(32)
    asc.rp_sort16(h, h, 2)
    asc.proposal_concat(h, h, 1, 4)
    a, b, c, d = asc.get_mrg_sort_result()
    left = asc.get_gather_mask_remain_count()
    asc.printf("%d %d %d %d %d %d\n", n, a, b, c, d, left)


def _compile(kernel):
    return kernel.compile(X, always_compile=True)


def test_mask_state():
    compiled = _compile(mask_state)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert "{dtype = f32, mode = 1 : i32}" in ir
    for line in (
        "AscendC::SetMaskCount();",
        "AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(c256_i32);",
        "AscendC::SetMaskNorm();",
        "AscendC::SetVectorMask<half, AscendC::MaskMode::NORMAL>(v1, v2);",
        "AscendC::ResetMask();",
    ):
        assert f"  {line}\n" in cpp, line


def test_gather_scatter_fill():
    compiled = _compile(gather_scatter_fill)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert "ascendc.gather_l2 %t, %t, %off, " in ir
    assert "ascendc.duplicate_l0 %t, " in ir and "{isSetMask}" in ir
    for line in (
        "AscendC::Gather(t, t, off, c0_i32, c256_i32);",
        "AscendC::Gather(t, t, off, c0_i32, c64_i32, c4_i32, c8_i32);",
        "AscendC::Gather(t, t, off, c0_i32, mask_list, c4_i32, c8_i32);",
        "AscendC::Scatter(t, t, off, c0_i32, c256_i32);",
        # The scalar takes the tensor's element type: C++ deduces T.
        "AscendC::Duplicate(t, cst_f32, c256_i32);",
        "AscendC::Duplicate(h, cst_f16, c256_i32);",
        "AscendC::Duplicate<float, 0>(t, cst_f32_1, c64_i32, c4_i32, c1_i32, c8_i32);",
        "AscendC::Duplicate<half, 1>(h, cst_f16_1, mask_list_1, c2_i32, c1_i32, c8_i32);",
        # f16 source accumulated into f32: the scalar has dst's type, not src's.
        "AscendC::Axpy<float, half>(t, h, cst_f32_2, c256_i32);",
        "AscendC::Axpy(t, t, cst_f32_3, c256_i32);",
    ):
        assert f"  {line}\n" in cpp, line


def test_layouts_and_sorts():
    compiled = _compile(layouts_and_sorts)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert "ascendc.sort %t, %t, %idx, %t, " in ir and "{isFullSort}" in ir
    for line in (
        "AscendC::Transpose(h, h);",
        "AscendC::BilinearInterpolation(h, h, idx, h, c128_i32, c1_i32, c0_i32, c1_i32, "
        "c0_i32, c1_i32, tmp);",
        "AscendC::Sort32(t, t, idx, c1_i32);",
        "AscendC::Sort<float, 1>(t, t, idx, t, c1_i32);",
        "uint32_t n = AscendC::GetSortLen<float>(c32_i32);",
        "AscendC::RpSort16(h, h, c2_i32);",
        "AscendC::ProposalConcat(h, h, c1_i32, c4_i32);",
        "AscendC::GetMrgSortResult(a, b, c, d);",
        "int64_t left = AscendC::GetGatherMaskRemainCount();",
    ):
        assert f"  {line}\n" in cpp, line


@asc.jit
def gather_float_offsets(x: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    asc.gather(t, t, t, 0, 256)


@asc.jit
def transpose_float(x: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    asc.transpose(t, t)


@asc.jit
def axpy_to_half(x: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 1024, 256)
    asc.axpy(h, t, 1.0, 256)


@pytest.mark.parametrize(
    ("kernel", "message"),
    [
        (gather_float_offsets, "src_offset must be a !ascendc.local_tensor of ui32"),
        (transpose_float, "Transpose does not support element type f32"),
        (axpy_to_half, "Axpy from f32 to f16 is not supported"),
    ],
)
def test_errors_name_the_call(kernel, message):
    with pytest.raises(asc.CompileError, match=message) as info:
        _compile(kernel)
    assert "test_api_vec_misc.py" in str(info.value)
