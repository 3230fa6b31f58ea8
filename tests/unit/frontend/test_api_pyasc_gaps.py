"""pyasc API pieces its numeric tests use: `asc.DataType("int32")` in a kernel,
`KnownTypes`, `asc.adv.quant`, `t[i]` as pyasc's sub-tensor (`t[i].get_phy_addr()`,
lists of sub-tensors), a TQue at VECCALC. Compiled (exact Ascend C) and run on the
simulator against numpy."""

import copy
import pickle

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.language.core.dtype import KnownTypes


def test_datatype_by_name_is_the_known_dtype():
    assert asc.DataType("int32") is asc.int32
    assert asc.DataType("half") is asc.float16 and asc.DataType("double") is asc.float64
    assert copy.deepcopy(asc.float16) is asc.float16
    assert pickle.loads(pickle.dumps(asc.uint8)) is asc.uint8
    with pytest.raises(ValueError, match=r"unknown data type 'int3' \(known: .*int32"):
        asc.DataType("int3")


def test_known_types_namespace():
    assert KnownTypes.int32 is asc.int32 and KnownTypes.half is asc.float16
    assert KnownTypes.int_ is asc.int32 and KnownTypes.float_ is asc.float32
    assert not hasattr(asc, "KnownTypes")  # not an `asc.*` name in pyasc either


@asc.jit
def datatype_in_kernel(x: asc.GlobalAddress):
    tmp_dtype = asc.DataType("int32")
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x)
    gm[0] = tmp_dtype.sizeof()


def test_datatype_called_in_a_kernel():
    out = np.zeros(8, np.int32)
    datatype_in_kernel[1](out)
    assert out[0] == 4


@asc.jit
def datatype_unknown(x: asc.GlobalAddress):
    d = asc.DataType("int3")  # noqa: F841


def test_datatype_unknown_in_a_kernel_is_located():
    with pytest.raises(asc.CompileError) as e:
        datatype_unknown.compile(np.zeros(8, np.int32), always_compile=True)
    text = str(e.value)
    assert "test_api_pyasc_gaps.py:" in text and "unknown data type 'int3'" in text
    assert 'd = asc.DataType("int3")' in text


@asc.jit
def quant_kernel(src: asc.GlobalAddress, dst: asc.GlobalAddress, n: asc.ConstExpr[int]):
    src_gm = asc.GlobalTensor()
    dst_gm = asc.GlobalTensor()
    src_gm.set_global_buffer(src)
    dst_gm.set_global_buffer(dst)
    pipe = asc.TPipe()
    que_in = asc.TQue(asc.TPosition.VECIN, 1)
    que_out = asc.TQue(asc.TPosition.VECOUT, 1)
    que_tmp = asc.TQue(asc.TPosition.VECCALC, 1)
    pipe.init_buffer(que=que_in, num=1, len=n * src_gm.dtype.sizeof())
    pipe.init_buffer(que=que_out, num=1, len=n)
    pipe.init_buffer(que=que_tmp, num=1, len=512)
    x = que_in.alloc_tensor(src_gm.dtype)
    asc.data_copy(x, src_gm, count=n)
    que_in.enque(x)
    x = que_in.deque(src_gm.dtype)
    y = que_out.alloc_tensor(asc.int8)
    tmp = que_tmp.alloc_tensor(asc.uint8)
    asc.adv.quant(y, x, 2.0, 0.9, n, tmp)
    que_tmp.free_tensor(tmp)
    que_out.enque(y)
    que_in.free_tensor(x)
    y = que_out.deque(asc.int8)
    asc.data_copy(dst_gm, y, count=n)
    que_out.free_tensor(y)


def test_adv_quant_emits_ascend_quant():
    src, dst = np.zeros(64, np.float32), np.zeros(64, np.int8)
    cpp = quant_kernel.compile(src, dst, 64, always_compile=True).asm["ascendc"]
    assert "AscendC::TPosition::VECCALC" in cpp  # a queue at VECCALC (its spelling: printer)
    assert "AscendC::AscendQuant<float, 0>(y, x_1, tmp, cst_f32, cst_f32_1, c64_i32);" in cpp


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_adv_quant_matches_numpy(dtype):
    rng = np.random.default_rng(7)
    src = (rng.random(64) * 8 - 4).astype(dtype)
    dst = np.zeros(64, np.int8)
    quant_kernel[1](src, dst, 64)
    expected = np.round(src.astype(np.float32) * 2.0 + 0.9).astype(np.int8)
    np.testing.assert_array_equal(dst, expected)


@asc.jit
def elements_and_views(x: asc.GlobalAddress):
    t = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECCALC, addr=0, tile_size=512)
    addr = t[32].get_phy_addr()
    v = t[3] + 1.0
    asc.add(t[64], t[128], t[256], 32)
    t[5] += 2.0
    asc.printf("%lu %f\n", addr, v)


def test_element_is_a_sub_tensor_where_a_tensor_is_wanted():
    cpp = elements_and_views.compile(np.zeros(8, np.float16), always_compile=True).asm["ascendc"]
    for line in (
        "AscendC::LocalTensor<half> v3 = t[c32_i32];",
        "uint64_t addr = reinterpret_cast<uint64_t>(v3.GetPhyAddr());",
        "half v4 = t.GetValue(c3_i32);",  # used as a number: the element
        "AscendC::Add(v5, v6, v7, c32_i32);",
        "t.SetValue(c5_i32, v9);",
    ):
        assert f"  {line}\n" in cpp, line
    # reads of elements used only as tensors are dropped
    assert cpp.count("GetValue") == 2


@asc.jit
def trans_5hd_lists(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=256)
    dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=512, tile_size=256)
    asc.data_copy(src, x_gm, count=256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    params = asc.TransDataTo5HDParams(
        dst_high_half=False, src_high_half=False, repeat_times=1, dst_rep_stride=0,
        src_rep_stride=0,
    )  # fmt: skip
    dst_list = []
    src_list = []
    for i in asc.static_range(16):
        dst_list = dst_list + [dst[16 * i]]  # noqa: RUF005 -- list `+` in a kernel, tested
        src_list = src_list + [src[16 * i]]  # noqa: RUF005
    asc.trans_data_to_5hd(dst_list, src_list, params)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, dst, count=256)


def test_lists_of_sub_tensors():
    x = np.arange(256, dtype=np.float16)
    z = np.zeros(256, np.float16)
    cpp = trans_5hd_lists.compile(x, z, always_compile=True).asm["ascendc"]
    assert "AscendC::TransDataTo5HD<half>(" in cpp and "GetValue" not in cpp
    trans_5hd_lists[1](x, z)
    # 16 rows of 16 elements (one 32-byte block each), transposed
    np.testing.assert_array_equal(z.reshape(16, 16), x.reshape(16, 16).T)


@asc.jit
def aipp_setup(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    swap = asc.AippSwapParams(is_swap_rb=True)
    padding = asc.AippPaddingParams(padding_value_ch0=3)
    cfg = asc.AippParams(dtype=asc.int8, swap_params=swap, padding_params=padding)
    asc.set_aipp_functions(x_gm, asc.AippInputFormat.RGB888_U8, cfg)
    asc.set_aipp_functions(x_gm, z_gm, asc.AippInputFormat.YUV420SP_U8, cfg)
    t = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.VECIN, addr=0, tile_size=64)
    asc.data_copy(t, x_gm, count=64)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm, t, count=64)


def test_aipp_params_and_set_aipp_functions():
    x = np.arange(64, dtype=np.int8)
    z = np.zeros(64, np.int8)
    cpp = aipp_setup.compile(x, z, always_compile=True).asm["ascendc"]
    for line in (
        # declared, then its members' fields assigned one by one (pyasc's form)
        "AscendC::AippParams<int8_t> cfg;",
        "cfg.paddingParams.paddingMode = v1;",
        "cfg.paddingParams.paddingValueCh0 = c3_i8;",
        "cfg.swapParams.isSwapRB = c_true;",
        "cfg.swapParams.isSwapUV = c_false;",
        "cfg.cPaddingParams.cPaddingValue = c0_i8;",
        "cfg.cscParams.cscBiasOut2 = v2;",
        "AscendC::SetAippFunctions(x_gm, AscendC::AippInputFormat::RGB888_U8, cfg);",
        "AscendC::SetAippFunctions(x_gm, z_gm, AscendC::AippInputFormat::YUV420SP_U8, cfg);",
    ):
        assert f"  {line}\n" in cpp, line
    aipp_setup[1](x, z)  # the simulator keeps the settings; plain copies run as usual
    np.testing.assert_array_equal(z, x)


@asc.jit
def aipp_bad(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    cfg = asc.AippParams(dtype=asc.int8, swap_params=asc.AippSingleLineParams())
    asc.set_aipp_functions(x_gm, asc.AippInputFormat.RGB888_U8, cfg)


@asc.jit
def aipp_bad_dtype(x: asc.GlobalAddress):
    cfg = asc.AippParams(dtype=asc.float32)  # noqa: F841


def test_aipp_errors_are_located():
    x = np.zeros(64, np.int8)
    with pytest.raises(asc.CompileError, match=r"swap_params must be an asc\.AippSwapParams"):
        aipp_bad.compile(x, always_compile=True)
    with pytest.raises(asc.CompileError, match=r"dtype must be asc\.int8 or asc\.float16"):
        aipp_bad_dtype.compile(x, always_compile=True)


@asc.jit
def tbuf_alloc(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=buf, num=256)
    t = buf.alloc_tensor(asc.float32)
    asc.duplicate(t, 2.5, 64)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(x_gm, t, count=64)
    buf.free_tensor(t)


def test_tbuf_alloc_tensor_is_get():
    x = np.zeros(64, np.float32)
    cpp = tbuf_alloc.compile(x, always_compile=True).asm["ascendc"]
    # the headers define TBuf::AllocTensor<T>() as Get<T>() and FreeTensor as nothing
    assert "  AscendC::LocalTensor<float> t = buf.Get<float>();\n" in cpp
    assert "FreeTensor" not in cpp
    tbuf_alloc[1](x)
    np.testing.assert_array_equal(x, np.full(64, 2.5, np.float32))


@asc.jit
def enum_numbers_and_quant_flag():
    asc.pipe_barrier(6)  # pyasc's enums are IntEnums: a member's number stands for it
    asc.set_fix_pipe_pre_quant_flag(11)


@asc.jit
def enum_number_unknown():
    asc.pipe_barrier(99)


def test_enum_numbers_and_set_fix_pipe_pre_quant_flag():
    cpp = enum_numbers_and_quant_flag.compile(always_compile=True).asm["ascendc"]
    assert "  AscendC::PipeBarrier<PIPE_ALL>();\n" in cpp
    assert "  AscendC::SetFixpipePreQuantFlag(c11_i32);\n" in cpp
    with pytest.raises(asc.CompileError, match=r"pipe must be an asc.PipeID value, got 99"):
        enum_number_unknown.compile(always_compile=True)


@asc.jit
def nested_views(x: asc.GlobalAddress):
    t = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECCALC, addr=0, tile_size=512)
    v = t[32][3]
    t[64][1] = v


def test_indexing_a_sub_tensor():
    cpp = nested_views.compile(np.zeros(8, np.float16), always_compile=True).asm["ascendc"]
    for line in (
        "AscendC::LocalTensor<half> v3 = t[c32_i32];",
        "half v = v3.GetValue(c3_i32);",
        "AscendC::LocalTensor<half> v4 = t[c64_i32];",
        "v4.SetValue(c1_i32, v);",
    ):
        assert f"  {line}\n" in cpp, line


@asc.jit
def inline_number_static_assert(x: asc.GlobalAddress, n: int):
    asc.static_assert(asc.float16.sizeof() == 2, "half is 2 bytes")
    v = asc.number(3, asc.float16)
    asc.inline("#define MY_FLAG 1", before_function=True)
    asc.inline("int32_t doubled = $0 * 2;", (n,))
    asc.printf("%f\n", v)


@asc.jit
def static_assert_fails(x: asc.GlobalAddress):
    asc.static_assert(asc.float16.sizeof() == 4, "half is not 4 bytes")


def test_inline_number_and_static_assert():
    cpp = inline_number_static_assert.compile(np.zeros(8, np.float16), 3, always_compile=True).asm[
        "ascendc"
    ]
    assert cpp.startswith('#define MY_FLAG 1\n#include "kernel_operator.h"\n')
    assert "  const half v = static_cast<half>(3.0f);\n" in cpp
    assert "  int32_t doubled = n * 2;\n" in cpp
    with pytest.raises(asc.CompileError, match="static_assert: half is not 4 bytes") as e:
        static_assert_fails.compile(np.zeros(8, np.float16), always_compile=True)
    assert "asc.static_assert(asc.float16.sizeof() == 4" in str(e.value)
    with pytest.raises(AssertionError, match="no"):
        asc.static_assert(False, "no")  # on the host too, as pyasc's


def test_pyasc_aliases_and_submodules():
    assert asc.int_ is asc.int32 and asc.float_ is asc.float32 and asc.double is asc.float64
    assert asc.basic.set_flag is asc.set_flag and asc.fwk.TQue is asc.TQue
    assert asc.core.dtype.KnownTypes.double is asc.float64


@asc.jit
def load_data_3d(x: asc.GlobalAddress):
    src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A1, addr=0, tile_size=512)
    dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A2, addr=0, tile_size=512)
    zero = np.float16(0)
    p1 = asc.LoadData3DParamsV1(
        (0, 0, 0, 0), 16, 16, 0, 0, 0, 0, 0, 1, 1, 3, 3, 1, 1, 1, 0, 1, 0, zero
    )
    p2 = asc.LoadData3DParamsV2(
        (0, 0, 0, 0), 16, 16, 16, 16, 16, 0, 0, 1, 1, 3, 3, 1, 1, False, zero
    )
    asc.load_data(dst, src, p1)
    asc.load_data(dst, src, p2)


def test_load_data_3d_params():
    cpp = load_data_3d.compile(np.zeros(8, np.float16), always_compile=True).asm["ascendc"]
    assert "  uint8_t v8[4];\n" in cpp  # padList
    assert (
        "  AscendC::LoadData3DParamsV1<half> p1{v8, v4, v4, v5, v3, v3, c0_i16, c0_i16, v6, v6, "
        "v7, v7, v6, v6, v6, v3, v6, v3, cst_f16};\n"
    ) in cpp
    # V2: pyasc's parameters, then enSmallK (false) before padValue, as the constructor has
    assert ", c_false, c_false, cst_f16, c_false, c_false, c_false};\n" in cpp
    assert "  AscendC::LoadData(dst, src, p1);\n  AscendC::LoadData(dst, src, p2);\n" in cpp
