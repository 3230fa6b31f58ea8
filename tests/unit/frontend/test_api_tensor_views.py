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
