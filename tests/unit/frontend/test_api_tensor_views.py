# ruff: noqa: F841 -- kernel variables are named for the C++ lines the tests check
"""GlobalTensor get_phy_addr/get_size/set_l2_cache_hint, the element call `t(i)`,
LocalTensor reinterpret_cast/set_addr_with_offset: compile only, exact Ascend C."""

import numpy as np

import asc_xdsl as asc


@asc.jit
def views(x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    p = g.get_phy_addr()
    p8 = g.get_phy_addr(8)
    n = g.get_size()
    g.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_NORMAL, asc.CacheRwMode.READ)
    e = g(128)
    t = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
    f = t(3)
    bits = t.reinterpret_cast(asc.int32)
    bits.set_value(0, 1)
    z = asc.LocalTensor(asc.float32)
    z.set_addr_with_offset(t, 128)
    asc.printf("%f %f %lu\n", e, f, n)


def test_tensor_views_and_addresses():
    compiled = views.compile(np.zeros(256, np.float32), always_compile=True)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert "%e = ascendc.global_tensor.bracket %g(%" in ir
    for line in (
        "__gm__ float* p = g.GetPhyAddr(0);",
        "__gm__ float* p8 = g.GetPhyAddr(v1);",
        "uint64_t n = g.GetSize();",
        "g.SetL2CacheHint<AscendC::CacheRwMode::READ>(AscendC::CacheMode::CACHE_MODE_NORMAL);",
        "float e = g(c128_i32);",
        "float f = t(c3_i32);",
        "AscendC::LocalTensor<int32_t> bits = t.ReinterpretCast<int32_t>();",
        "z.SetAddrWithOffset(t, c128_i32);",
    ):
        assert f"  {line}\n" in cpp, line


@asc.jit
def workspace_pattern_and_numpy_constants():
    ws = asc.get_sys_workspace()
    g = asc.GlobalTensor()
    g.set_global_buffer(ws)
    dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 0, 256)
    src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 256, 256)
    params = asc.GatherMaskParams(1, 1, 8, 8)
    n = asc.gather_mask(dst, src, 2, False, 128, params, asc.GatherMaskMode.DEFAULT)
    a1 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A1, addr=0, tile_size=128)
    init = asc.InitConstValueParams(
        repeat_times=1, block_num=2, dst_gap=0, init_value=np.float16(2.2)
    )
    asc.init_const_value(a1, init)


def test_workspace_pattern_value_and_numpy_scalar():
    cpp = workspace_pattern_and_numpy_constants.compile(always_compile=True).asm["ascendc"]
    for line in (
        # a GM pointer result is a GM address other APIs take
        "__gm__ uint8_t* ws = GetSysWorkSpacePtr();",
        "g.SetGlobalBuffer(ws);",
        # a Python int where the rule takes uint8 or a pattern tensor
        "AscendC::GatherMask<half, AscendC::defaultGatherMaskMode>(dst, src, v7, c_false, "
        "c128_i32, params, n);",
        # np.float16(2.2) is a compile-time half (the template argument follows)
        "const half cst_f16 = static_cast<half>(2.2f);",
        "AscendC::InitConstValueParams<half> init{v4, v9, v10, cst_f16};",
    ):
        assert f"  {line}\n" in cpp, line


@asc.jit
def fixpipe_with_config(x: asc.GlobalAddress):
    dst = asc.GlobalTensor()
    dst.set_global_buffer(x)
    src = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.CO1, addr=0, tile_size=512)
    params = asc.FixpipeParamsV220(16, 16, 32, 32, quant_pre=asc.QuantModes.NoQuant)
    asc.fixpipe(dst, src, params, asc.FixpipeConfig(asc.CO2Layout.ROW_MAJOR))


def test_fixpipe_config():
    cpp = fixpipe_with_config.compile(np.zeros(16, np.float16), always_compile=True)
    cpp = cpp.asm["ascendc"]
    assert "  AscendC::FixpipeConfig v9{static_cast<AscendC::CO2Layout>(c1_i32)};\n" in cpp
    assert "  AscendC::Fixpipe<half, float, AscendC::CFG_ROW_MAJOR>(dst, src, params);\n" in cpp
