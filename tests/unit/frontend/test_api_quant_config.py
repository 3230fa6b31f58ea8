"""`asc.adv.quant(..., config=asc.adv.QuantConfig(...))`: the C++ takes the config as a
`const AscendQuantConfig&` template argument, so the printer declares each distinct
config once at namespace scope (`constexpr static AscendC::AscendQuantConfig
QUANT_CFG{...};`, as it does MatmulConfigs) and names it in the call."""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.backends.ascendc.printer import EmissionError


@asc.jit
def load_float32(src: asc.GlobalAddress, dst: asc.GlobalAddress, n: asc.ConstExpr[int]):
    """n float32 of `src` in a VECIN tensor x, and a VECOUT int8 tensor y for the result."""
    src_gm = asc.GlobalTensor()
    dst_gm = asc.GlobalTensor()
    src_gm.set_global_buffer(src)
    dst_gm.set_global_buffer(dst)
    pipe = asc.TPipe()
    que_in = asc.TQue(asc.TPosition.VECIN, 1)
    que_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=que_in, num=1, len=n * 4)
    pipe.init_buffer(que=que_out, num=1, len=n)
    x = que_in.alloc_tensor(asc.float32)
    asc.data_copy(x, src_gm, count=n)
    que_in.enque(x)
    x = que_in.deque(asc.float32)
    y = que_out.alloc_tensor(asc.int8)
    return dst_gm, que_in, que_out, x, y


@asc.jit
def store_int8(dst_gm, que_in, que_out, x, y, n: asc.ConstExpr[int]):
    """y's n int8 to `dst_gm`; x and y back to their queues."""
    que_out.enque(y)
    que_in.free_tensor(x)
    y = que_out.deque(asc.int8)
    asc.data_copy(dst_gm, y, count=n)
    que_out.free_tensor(y)


@asc.jit
def quant_with_config(
    src: asc.GlobalAddress, dst: asc.GlobalAddress, n: asc.ConstExpr[int], runtime_count: int,
    twice: asc.ConstExpr[bool], from_runtime: asc.ConstExpr[bool],
):  # fmt: skip
    dst_gm, que_in, que_out, x, y = load_float32(src, dst, n)
    if from_runtime:
        asc.adv.quant(y, x, 2.0, 0.9, n, config=asc.adv.QuantConfig(runtime_count, 0, 0, 0))
    else:
        asc.adv.quant(y, x, 2.0, 0.9, n, config=asc.adv.QuantConfig(n, 0, 0, 0))
    if twice:
        asc.adv.quant(y, x, 2.0, 0.9, n, config=asc.adv.QuantConfig(n, 0, 0, 0))
        asc.adv.quant(y, x, 2.0, 0.9, n, config=asc.adv.QuantConfig(n // 2, 0, 0, 0))
    store_int8(dst_gm, que_in, que_out, x, y, n)


SRC, DST = np.zeros(64, np.float32), np.zeros(64, np.int8)


def test_the_config_is_a_namespace_scope_constexpr():
    cpp = quant_with_config.compile(SRC, DST, 64, 0, False, False, always_compile=True)
    cpp = cpp.asm["ascendc"]
    assert "\nconstexpr static AscendC::AscendQuantConfig QUANT_CFG{64, 0, 0, 0};\n" in cpp
    assert cpp.index("QUANT_CFG{") < cpp.index("__global__")
    assert "AscendC::AscendQuant<float, 0, QUANT_CFG>(y, x_1, cst_f32, cst_f32_1, c64_i32);" in cpp
    # not declared again inside the kernel
    assert cpp.count("AscendQuantConfig") == 1


def test_equal_configs_share_one_declaration():
    cpp = quant_with_config.compile(SRC, DST, 64, 0, True, False, always_compile=True)
    cpp = cpp.asm["ascendc"]
    assert cpp.count("AscendQuantConfig QUANT_CFG{64, 0, 0, 0};") == 1
    assert "constexpr static AscendC::AscendQuantConfig QUANT_CFG_1{32, 0, 0, 0};" in cpp
    assert cpp.count("AscendQuant<float, 0, QUANT_CFG>(") == 2
    assert cpp.count("AscendQuant<float, 0, QUANT_CFG_1>(") == 1


def test_a_config_of_runtime_values_is_refused():
    compiled = quant_with_config.compile(SRC, DST, 64, 3, False, True, always_compile=True)
    with pytest.raises(
        EmissionError, match=r"build asc\.adv\.QuantConfig from compile-time integers"
    ):
        compiled.asm["ascendc"]


def test_a_kernel_with_a_config_matches_numpy():
    src = (np.random.default_rng(3).random(64) * 8 - 4).astype(np.float32)
    dst = np.zeros(64, np.int8)
    quant_with_config[1](src, dst, 64, 0, False, False)
    np.testing.assert_array_equal(dst, np.round(src * 2.0 + 0.9).astype(np.int8))


@asc.jit
def quant_whole_tensor(src: asc.GlobalAddress, dst: asc.GlobalAddress, n: asc.ConstExpr[int]):
    dst_gm, que_in, que_out, x, y = load_float32(src, dst, n)
    asc.adv.quant(y, x, 0.5, -1.0)  # pyasc's count=None: all of x
    store_int8(dst_gm, que_in, que_out, x, y, n)


def test_quant_without_a_count_takes_the_whole_source():
    src = (np.random.default_rng(5).random(64) * 40 - 20).astype(np.float32)
    dst = np.zeros(64, np.int8)
    cpp = quant_whole_tensor.compile(src, dst, 64, always_compile=True).asm["ascendc"]
    assert "uint32_t v1 = x_1.GetSize();" in cpp
    assert "int32_t v2 = static_cast<int32_t>(v1);" in cpp
    assert "AscendC::AscendQuant<float, 0>(y, x_1, cst_f32, cst_f32_1, v2);" in cpp
    quant_whole_tensor[1](src, dst, 64)
    # AscendQuant computes in half: Muls then Adds, each rounded to half
    y = src.astype(np.float16) * np.float16(0.5) + np.float16(-1.0)
    expected = np.clip(np.rint(y.astype(np.float32)), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(dst, expected)
