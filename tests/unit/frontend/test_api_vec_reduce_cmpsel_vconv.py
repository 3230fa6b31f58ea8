"""The Python API of the reduce, compare/select and conversion ops (compile only).

pyasc's names and keywords: `asc.reduce_max(dst, src, tmp, mask, repeat_time,
src_rep_stride, cal_index)`, `asc.compare(dst, src0, src1, cmp_mode, count)`,
`asc.select(dst, sel_mask, src0, src1, sel_mode, count)`, `asc.cast(dst, src,
round_mode, count)`, ...; a list mask picks the L1 form.
"""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.enums import CMPMODE, ReduceOrder, SelMode

X = np.zeros(256, np.float32)


@asc.jit
def reductions(x: asc.GlobalAddress):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 1024, 256)
    asc.data_copy(t, gm, 256)
    asc.reduce_sum(t, t, t, 256)
    asc.reduce_max(t, t, t, 64, 2, 8, True)
    asc.reduce_min(t, t, t, [2**64 - 1, 0], 2, 8)
    asc.block_reduce_sum(t, t, 1, 64, 8, 1, 8)
    asc.block_reduce_max(
        h, h, repeat=2, mask=[1, 2], dst_rep_stride=8, src_blk_stride=1, src_rep_stride=8
    )
    asc.pair_reduce_sum(t, t, 1, 64, 8, 1, 8, is_set_mask=False)
    asc.repeat_reduce_sum(h, h, 1, 128, 1, 1, 8, 8)
    asc.whole_reduce_max(t, t, 64, 1, 8, 1, 8, order=ReduceOrder.ORDER_INDEX_VALUE)
    asc.whole_reduce_min(h, h, [3, 4], 1, 8, 1, 8)
    asc.whole_reduce_sum(h, h, 128, 1, 8, 1, 8)
    asc.data_copy(gm, t, 256)


@asc.jit
def compare_select(x: asc.GlobalAddress):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    bits = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 2048, 256)
    sel = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 4096, 64)
    asc.data_copy(t, gm, 256)
    asc.compare(bits, t, t, CMPMODE.LT, 256)
    asc.compare_scalar(bits, t, 1, cmp_mode=CMPMODE.GE, count=256)
    asc.select(t, sel, t, 0.5, SelMode.VSEL_TENSOR_SCALAR_MODE, 256)
    asc.select(t, sel, t, t, sel_mode=SelMode.VSEL_CMPMASK_SPR, count=256)
    asc.get_cmp_mask(bits)
    asc.set_cmp_mask(bits)
    asc.data_copy(gm, t, 256)


@asc.jit
def conversions(x: asc.GlobalAddress):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 1024, 256)
    s = asc.LocalTensor(asc.int16, asc.TPosition.VECCALC, 2048, 256)
    q = asc.LocalTensor(asc.int8, asc.TPosition.VECCALC, 4096, 256)
    asc.data_copy(t, gm, 256)
    asc.cast(h, t, asc.RoundMode.CAST_RINT, 256)
    asc.cast(t, h, round_mode=asc.RoundMode.CAST_NONE, count=256)
    asc.add_relu_cast(h, t, t, 256)
    asc.sub_relu_cast(q, h, h, 256)
    asc.set_deq_scale(0.5)
    asc.set_deq_scale(0.5, 3, True)
    asc.cast_deq(q, s, 256, is_vec_deq=False)
    asc.data_copy(gm, t, 256)


def _compile(kernel):
    return kernel.compile(X, always_compile=True)


def test_reductions():
    compiled = _compile(reductions)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert "ascendc.reduce_sum_l2 %t, %t, %t, " in ir
    assert "ascendc.pair_reduce_sum_l0 %t, %t, " in ir  # is_set_mask=False: no flag
    assert "{isSetMask, order = 1 : i32}" in ir
    for line in (
        "AscendC::ReduceSum(t, t, t, c256_i32);",
        "AscendC::ReduceMax(t, t, t, c64_i32, c2_i32, c8_i32, c_true);",
        "AscendC::ReduceMin(t, t, t, mask_list, c2_i32, c8_i32, c_false);",
        "AscendC::BlockReduceSum(t, t, c1_i32, c64_i32, c8_i32, c1_i32, c8_i32);",
        "AscendC::BlockReduceMax(h, h, c2_i32, mask_list_1, c8_i32, c1_i32, c8_i32);",
        "AscendC::PairReduceSum<float, 0>(t, t, c1_i32, c64_i32, c8_i32, c1_i32, c8_i32);",
        "AscendC::RepeatReduceSum(h, h, c1_i32, c128_i32, c1_i32, c1_i32, c8_i32, c8_i32);",
        "AscendC::WholeReduceMax(t, t, c64_i32, c1_i32, c8_i32, c1_i32, c8_i32, "
        "AscendC::ReduceOrder::ORDER_INDEX_VALUE);",
        "AscendC::WholeReduceMin(h, h, mask_list_2, c1_i32, c8_i32, c1_i32, c8_i32, "
        "AscendC::ReduceOrder::ORDER_VALUE_INDEX);",
        "AscendC::WholeReduceSum(h, h, c128_i32, c1_i32, c8_i32, c1_i32, c8_i32);",
    ):
        assert f"  {line}\n" in cpp, line


def test_compare_select():
    compiled = _compile(compare_select)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert "{cmpMode = 0 : i64}" in ir  # CMPMODE is an i64 enum, as in pyasc
    # The scalar takes the element type of src0 (pyasc converts it alike).
    assert "ascendc.compare_scalar_l2 %bits, %t, %" in ir and ", f32, i32" in ir
    for line in (
        "AscendC::Compare(bits, t, t, AscendC::CMPMODE::LT, c256_i32);",
        "AscendC::CompareScalar(bits, t, cst_f32, AscendC::CMPMODE::GE, c256_i32);",
        "AscendC::Select(t, sel, t, cst_f32_1, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, "
        "c256_i32);",
        "AscendC::Select(t, sel, t, t, AscendC::SELMODE::VSEL_CMPMASK_SPR, c256_i32);",
        "AscendC::GetCmpMask(bits);",
        # Only reads its operand, but sets CMPMASK: the pipeline keeps it.
        "AscendC::SetCmpMask(bits);",
    ):
        assert f"  {line}\n" in cpp, line


def test_conversions():
    cpp = _compile(conversions).asm["ascendc"]
    for line in (
        "AscendC::Cast<half, float>(h, t, AscendC::RoundMode::CAST_RINT, c256_i32);",
        "AscendC::Cast<float, half>(t, h, AscendC::RoundMode::CAST_NONE, c256_i32);",
        "AscendC::AddReluCast(h, t, t, c256_i32);",
        "AscendC::SubReluCast(q, h, h, c256_i32);",
        "AscendC::SetDeqScale(cst_f32);",
        "AscendC::SetDeqScale(cst_f32, c3_i32, c1_i32);",
        "AscendC::CastDeq<int8_t, int16_t, 0, 1>(q, s, c256_i32);",
    ):
        assert f"  {line}\n" in cpp, line


@asc.jit
def compare_without_mode(x: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    bits = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 2048, 256)
    asc.compare(bits, t, t, count=256)


@asc.jit
def select_scalar_in_mode_0(x: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    sel = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 4096, 64)
    asc.select(t, sel, t, 0.5, SelMode.VSEL_CMPMASK_SPR, 256)


@asc.jit
def relu_cast_f32_to_f32(x: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    asc.add_relu_cast(t, t, t, 256)


@pytest.mark.parametrize(
    ("kernel", "message"),
    [
        (compare_without_mode, "no form of compare takes these arguments"),
        (select_scalar_in_mode_0, "a scalar src1 needs selMode VSEL_TENSOR_SCALAR_MODE"),
        (relu_cast_f32_to_f32, "AddReluCast from f32 to f32 is not supported"),
    ],
)
def test_errors_name_the_call(kernel, message):
    with pytest.raises(asc.CompileError, match=message) as info:
        _compile(kernel)
    assert "test_api_vec_reduce_cmpsel_vconv.py" in str(info.value)
