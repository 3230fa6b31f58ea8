"""`asc.adv.*`: the advanced APIs from Python, with pyasc's names and keywords
(`asc.adv.acos(dst, src, count=None, temp_buffer=None, is_reuse_source=False)`),
made from the specs whose Python name is `adv.<name>` (compile only)."""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.language import adv

X = np.zeros(512, np.float16)


@asc.jit
def adv_math(x: asc.GlobalAddress):
    src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
    dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=1024, tile_size=512)
    tmp = asc.LocalTensor(dtype=asc.uint8, pos=asc.TPosition.VECCALC, addr=2048, tile_size=512)
    asc.adv.acos(dst, src, count=512, temp_buffer=tmp)
    asc.adv.acos(dst, src, count=512)
    asc.adv.tanh(dst, src)
    asc.adv.power(dst, src, src, count=256, is_reuse_source=True)
    asc.adv.exp(dst, src, 512, 10, tmp)
    asc.adv.axpy(dst, src, 2.0, 512, tmp)


def test_adv_math_calls():
    compiled = adv_math.compile(X, always_compile=True)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert "ascendc.acos %dst, %src, %tmp, " in ir
    # template arguments are the constexpr constants (`constexpr bool c_false = false;`)
    for line in (
        "AscendC::Acos<half, c_false>(dst, src, tmp, c512_i32);",
        "AscendC::Acos<half, c_false>(dst, src, c512_i32);",
        "AscendC::Tanh<half, c_false>(dst, src);",
        "AscendC::Power<half, c_true>(dst, src, src, c256_i32);",
        "AscendC::Exp<half, c10_i32, c_false>(dst, src, tmp, c512_i32);",
        "AscendC::Axpy<half, half, c_false>(dst, src, cst_f16, tmp, c512_i32);",
    ):
        assert f"  {line}\n" in cpp, line


def test_adv_names_are_pyascs():
    assert {"acos", "exp", "power", "xor", "axpy", "concat", "extract"} <= set(adv.__all__)
    assert asc.adv is adv
    # the basic API of the same name is another function
    assert asc.axpy is not asc.adv.axpy and asc.exp is not asc.adv.exp


@asc.jit
def adv_wrong_keyword(x: asc.GlobalAddress):
    src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
    asc.adv.acos(src, src, cal_count=512)


def test_adv_wrong_keyword_is_located():
    with pytest.raises(asc.CompileError, match=r"no form of adv\.acos takes these arguments"):
        adv_wrong_keyword.compile(X, always_compile=True)
