# ruff: noqa: F841 -- kernel variables are named for the C++ lines the tests check
"""TQueBind (in-place and positional forms), TQue's in-place forms, TBufPool,
get_tpipe_ptr, TensorDesc/ListTensorDesc, LocalMemAllocator, MrgSortSrcList and the
struct-field enums: compile only, exact IR and Ascend C."""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.language.fwk.tpipe import TQueBind


@asc.jit
def queues():
    pipe = asc.TPipe()
    que = TQueBind(src=asc.TPosition.VECIN, dst=asc.TPosition.VECOUT, depth=1)
    x = que.alloc_tensor(asc.float16)
    que.enque(x)
    que.enque(x, asc.TPosition.VECIN, asc.TPosition.GM)
    y = que.deque(asc.float16)
    z = que.deque(asc.float16, asc.TPosition.GM, asc.TPosition.VECIN)
    que.free_tensor(z)
    in_place = TQueBind(src=asc.TPosition.VECIN, dst=asc.TPosition.VECIN, depth=0)
    w = asc.LocalTensor(asc.float32)
    in_place.alloc_tensor(w)
    in_place.deque(w)
    n = que.get_tensor_count_in_que()
    v = que.vacant_in_que()
    pool0 = asc.TBufPool(pos=asc.TPosition.VECIN, buf_id_size=4)
    pool1 = asc.TBufPool(pos=asc.TPosition.VECIN, buf_id_size=4)
    pool2 = asc.TBufPool(pos=asc.TPosition.VECIN, buf_id_size=4)
    pipe.init_buf_pool(buf_pool=pool0, len=1024)
    pool0.init_buf_pool(buf_pool=pool1, len=256, share_buf=pool2)
    tq = asc.TQue(asc.TPosition.VECIN, 1)
    tb = asc.TBuf(asc.TPosition.VECCALC)
    pool0.init_buffer(que=tq, num=1, len=256)
    pool0.init_buffer(buf=tb, len=256)
    pool0.reset()
    ptr = asc.get_tpipe_ptr()
    e = ptr.alloc_event_id(event=asc.HardEvent.V_S)
    ptr.release_event_id(id=e, event=asc.HardEvent.V_S)
    asc.printf("%d %d\n", n, v)


def test_queue_bind_pool_and_pipe_pointer():
    compiled = queues.compile(always_compile=True)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert "%que = ascendc.que_bind : <vecin, vecout, 1>" in ir
    for line in (
        "AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> que;",
        "AscendC::LocalTensor<half> x = que.AllocTensor<half>();",
        "que.EnQue(x);",
        "que.EnQue<AscendC::TPosition::VECIN, AscendC::TPosition::GM>(x);",
        "AscendC::LocalTensor<half> y = que.DeQue<half>();",
        "AscendC::LocalTensor<half> z = que.DeQue<AscendC::TPosition::GM, "
        "AscendC::TPosition::VECIN, half>();",
        "que.FreeTensor(z);",
        "in_place.AllocTensor<float>(w);",
        "in_place.DeQue<float>(w);",
        "int32_t n = que.GetTensorCountInQue();",
        "bool v = que.VacantInQue();",
        "AscendC::TBufPool<AscendC::TPosition::VECIN, 4> pool0;",
        "bool v1 = pipe.InitBufPool(pool0, c1024_i32);",
        "bool v2 = pool0.InitBufPool(pool1, c256_i32, pool2);",
        "pool0.InitBuffer(tq, c1_i32, c256_i32);",
        "pool0.InitBuffer(tb, c256_i32);",
        "pool0.Reset();",
        # get_tpipe_ptr() is the kernel's pipe
        "int32_t e = pipe.AllocEventID<AscendC::HardEvent::V_S>();",
        "pipe.ReleaseEventID<AscendC::HardEvent::V_S>(e);",
    ):
        assert f"  {line}\n" in cpp, line


@asc.jit
def lists_and_allocator(x: asc.GlobalAddress, size: int):
    td = asc.TensorDesc()
    td.set_shape_addr(0)
    d = td.get_dim()
    s = td.get_shape(1)
    p = td.get_data_ptr()
    o = td.get_data_obj()
    lst = asc.ListTensorDesc(data=x, length=0xFFFFFFFF, shape_size=0xFFFFFFFF)
    empty = asc.ListTensorDesc()
    empty.init(data=x, length=0xFFFFFFFF, shape_size=0xFFFFFFFF)
    lst.get_desc(td, index=0)
    xp = lst.get_data_ptr(index=0, dtype=asc.float16)
    n = lst.get_size()
    a = asc.LocalMemAllocator(hard=asc.Hardware.UB)
    c = a.get_cur_addr()
    t1 = a.alloc(asc.TPosition.VECIN, asc.float32, 32)
    t2 = a.alloc(asc.TPosition.VECIN, asc.float32, size)
    asc.printf("%lu %lu %u %u\n", d, s, n, c)


def test_tensor_desc_list_and_allocator():
    x = np.zeros(64, np.uint8)
    compiled = lists_and_allocator.compile(x, 1024, always_compile=True)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert "%td = ascendc.tensor_desc f32 : !ascendc.tensor_desc<f32>" in ir
    for line in (
        "AscendC::TensorDesc<float> td = AscendC::TensorDesc<float>();",
        "td.SetShapeAddr((uint64_t*)v1);",
        "uint64_t d = td.GetDim();",
        "uint64_t s = td.GetShape(c1_i32);",
        "__gm__ float* p = td.GetDataPtr();",
        "AscendC::GlobalTensor<float> o = td.GetDataObj();",
        "AscendC::ListTensorDesc lst = AscendC::ListTensorDesc(x, v2, v2);",
        "AscendC::ListTensorDesc empty;",
        "empty.Init(x, v2, v2);",
        "lst.GetDesc(td, c0_i32);",
        "__gm__ half* xp = lst.GetDataPtr<half>(v3);",
        "uint32_t n = lst.GetSize();",
        "AscendC::LocalMemAllocator<AscendC::Hardware::UB> a;",
        "uint32_t c = a.GetCurAddr();",
        # a constant tile size is a template argument
        "AscendC::LocalTensor<float> t1 = a.Alloc<AscendC::TPosition::VECIN, float, c32_i32>();",
        "AscendC::LocalTensor<float> t2 = a.Alloc<AscendC::TPosition::VECIN, float>(size);",
    ):
        assert f"  {line}\n" in cpp, line
    # 0xFFFFFFFF is a uint32 (the parameter's type), not an overflowing int32
    assert "uint32_t v2 = static_cast<uint32_t>(cm1_i32);" in cpp


@asc.jit
def merge_sort_list():
    s1 = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
    s2 = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 512, 512)
    dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=2048)
    lst = asc.MrgSortSrcList(asc.float16, s1, s2, s1, s2)
    asc.mrg_sort(dst, lst, [128, 128, 128, 128], [0, 0, 0, 0], valid_bit=15, repeat_time=1)


def test_mrg_sort_src_list():
    cpp = merge_sort_list.compile(always_compile=True).asm["ascendc"]
    assert "  AscendC::MrgSortSrcList<half> lst{s1, s2, s1, s2};\n" in cpp
    assert "AscendC::MrgSort<half, 0>(dst, lst, " in cpp


@asc.jit
def three_sources():
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
    lst = asc.MrgSortSrcList(asc.float16, a, a, a)


@asc.jit
def pipe_pointer_first():
    p = asc.get_tpipe_ptr()


@asc.jit
def bind_with_dtype_and_tensor():
    que = TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
    t = asc.LocalTensor(asc.float32)
    que.deque(t, asc.TPosition.GM, asc.TPosition.VECIN)


@pytest.mark.parametrize(
    "kernel, message",
    [
        (three_sources, "MrgSortSrcList: give four source tensors"),
        (pipe_pointer_first, r"get_tpipe_ptr: the kernel has made no asc\.TPipe\(\) yet"),
        (bind_with_dtype_and_tensor, "TQueBind.deque: the in-place form takes no positions"),
    ],
)
def test_errors(kernel, message):
    with pytest.raises(CompileError, match=message):
        kernel.compile(always_compile=True)


@asc.jit
def enum_fields():
    asc.TransposeParamsExt(0, 0, 0, 0, asc.TransposeType.TRANSPOSE_NCHW2NHWC)
    asc.DataCopyCO12DstParams(1, 1, 1, 1, asc.QuantModes.F322F16, 0, False, False)
    asc.DataCopyEnhancedParams(
        asc.BlockMode.BLOCK_MODE_MATRIX, asc.DeqScale.VDEQ, 0, 0, False, asc.pad_t.PAD_MODE2, 0
    )


def test_struct_field_enums():
    cpp = enum_fields.compile(always_compile=True).asm["ascendc"]
    # TRANSPOSE_NCHW2NHWC is 11, F322F16 1, BLOCK_MODE_MATRIX 1, VDEQ 2, PAD_MODE2 2
    assert "constexpr int32_t c11_i32 = 11;" in cpp
    assert "constexpr int32_t c2_i32 = 2;" in cpp
    assert asc.QuantModes.F322F16.cpp == "QuantMode_t::F322F16"
    assert asc.pad_t.PAD_MODE2.cpp == "pad_t::PAD_MODE2"
    assert asc.TransposeType.TRANSPOSE_NCHW2NHWC.cpp == (
        "AscendC::TransposeType::TRANSPOSE_NCHW2NHWC"
    )
