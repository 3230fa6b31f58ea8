"""Ascend 950's 8-bit floats in kernels: GM <-> UB copies, the basic API's Cast and the
Reg layer's Cast on the simulator (codes compared with the encoders that
test_fp8_numerics.py checks against exact arithmetic), the IR round trip and C++, and
the located refusals (another SoC, a pair or round mode 3510's Cast does not have, an
op with no fp8 form).

The C++ of every form is header-checked for 3510 through tests/filecheck/reg/fp8.mlir
(test_headers.py checks every emission test)."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl import jit
from asc_xdsl.runtime.numpy_types import FLOAT8_TAGS
from asc_xdsl.utils import float8

R = asc.reg
SOC = "Ascend950PR_9599"
N = 256


@jit
def cast_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, w: asc.GlobalAddress,
                mode: asc.ConstExpr):  # fmt: skip
    """z = Cast(x, mode) (x float or half, z an 8-bit float); w = Cast(z, NONE) in x's type."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    bw = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(bz, 1024)
    pipe.init_buffer(bw, 1024)
    xl = bx.get(x.dtype)
    zl = bz.get(z.dtype)
    wl = bw.get(w.dtype)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    wg.set_global_buffer(w)
    asc.data_copy(xl, xg, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.cast(zl, xl, mode, N)
    asc.cast(wl, zl, asc.RoundMode.CAST_NONE, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, N)
    asc.data_copy(wg, wl, N)


def _samples(dtype) -> np.ndarray:
    rng = np.random.default_rng(11)
    x = rng.standard_normal(N) * 2.0 ** rng.integers(-24, 17, N)
    x[:8] = [1.0, 14.0, 40960.0, -1e9, np.nan, np.inf, -0.0, 464.0]
    with np.errstate(over="ignore"):
        return x.astype(dtype)


@pytest.mark.parametrize(
    ("name", "src", "mode", "rounding"),
    [
        ("float8_e4m3fn", np.float32, asc.RoundMode.CAST_RINT, "rint"),
        ("float8_e5m2", np.float32, asc.RoundMode.CAST_RINT, "rint"),
        ("hifloat8", np.float32, asc.RoundMode.CAST_ROUND, "round"),
        ("hifloat8", np.float16, asc.RoundMode.CAST_HYBRID, "round"),
    ],
    ids=["e4m3fn", "e5m2", "hif8", "hif8-half-hybrid"],
)
def test_basic_cast_on_the_simulator(name, src, mode, rounding):
    x = _samples(src)
    z = asc.testing.float8_array(np.zeros(N), name)
    w = np.zeros(N, src)
    cast_kernel[1](x, z, w, asc.ConstExpr(mode), platform=SOC)
    # the basic API's Cast saturates (its 3510 CastTrait is SAT): NaN -> 0, overflow -> max
    want = float8.encode(x, name, rounding, saturate=True)
    assert np.array_equal(z.view(np.uint8), want)
    assert z.view(np.uint8)[4] == 0 and float8.decode(z.view(np.uint8)[2:3], name)[0] > 0
    assert np.array_equal(w, float8.decode(want, name, src))


def test_fp8_tensors_on_another_soc_are_located_errors():
    x = _samples(np.float32)
    z = asc.testing.float8_array(np.zeros(N), "hifloat8")
    with pytest.raises(Exception, match=r"test_fp8_ops.py:\d+.*8-bit float types \(!ascendc."
                       r"hifloat8\) exist on Ascend 950"):  # fmt: skip
        cast_kernel[1](x, z, np.zeros(N, np.float32), asc.ConstExpr(asc.RoundMode.CAST_ROUND),
                       platform="Ascend910B1")  # fmt: skip
    # a round mode 3510's Cast does not take for the pair, located at the call
    with pytest.raises(Exception, match=r"test_fp8_ops.py:\d+.*Cast from f32 to !ascendc."
                       r"hifloat8 does not support CAST_RINT \(supported: CAST_ROUND, "
                       r"CAST_HYBRID\)"):  # fmt: skip
        cast_kernel[1](x, z, np.zeros(N, np.float32), asc.ConstExpr(asc.RoundMode.CAST_RINT),
                       platform=SOC)  # fmt: skip
    # a pair it does not have (half -> e4m3fn)
    e4 = asc.testing.float8_array(np.zeros(N), "float8_e4m3fn")
    with (
        pytest.raises(Exception, match=r"Cast from f16 to f8E4M3FN is not supported"),
        np.errstate(over="ignore"),
    ):
        cast_kernel[1](x.astype(np.float16), e4, np.zeros(N, np.float16),
                       asc.ConstExpr(asc.RoundMode.CAST_RINT), platform=SOC)  # fmt: skip


@asc.vf
def reg_vf(x: R.UbPointer, z: R.UbPointer, w: R.UbPointer, n: int, sat: asc.ConstExpr,
           mode: asc.ConstExpr):  # fmt: skip
    """z: x's first 64 floats cast to z's 8-bit float (layout ZERO, packed by a
    PACK4_B32 store), and again with layout THREE into z's second register; w: z's codes
    read back four to a lane (UNPACK4_B8) and widened to float."""
    m = R.create_mask(x.dtype)
    a = R.load_align(x)
    q = R.cast(a, z.dtype, m, mode, sat, R.RegLayout.ZERO)
    R.store_align(z, q, m, 0, dist=R.StoreDist.DIST_PACK4_B32)
    R.store_align(z, R.cast(a, z.dtype, m, mode, sat, R.RegLayout.THREE), R.create_mask(z.dtype),
                  256)  # fmt: skip
    R.local_mem_bar(R.MemType.VEC_STORE, R.MemType.VEC_LOAD)  # (the load reads the store)
    back = R.load_align(z, 0, dist=R.LoadDist.DIST_UNPACK4_B8)
    R.store_align(w, R.cast(back, w.dtype, m), m)


@jit
def reg_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, w: asc.GlobalAddress,
               sat: asc.ConstExpr, mode: asc.ConstExpr):  # fmt: skip
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    bw = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(bz, 1024)
    pipe.init_buffer(bw, 1024)
    xl = bx.get(x.dtype)
    zl = bz.get(z.dtype)
    wl = bw.get(w.dtype)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    wg.set_global_buffer(w)
    asc.data_copy(xl, xg, 64)
    asc.data_copy(zl, zg, 512)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    reg_vf(xl, zl, wl, 64, sat, mode)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 512)
    asc.data_copy(wg, wl, 64)


@pytest.mark.parametrize(
    ("name", "mode", "rounding", "sat"),
    [
        ("float8_e4m3fn", asc.RoundMode.CAST_RINT, "rint", R.SatMode.NO_SAT),
        ("hifloat8", asc.RoundMode.CAST_ROUND, "round", R.SatMode.SAT),
    ],
    ids=["e4m3fn-nosat", "hif8-sat"],
)
def test_reg_cast_forms_on_the_simulator(name, mode, rounding, sat):
    x = _samples(np.float32)[:64].copy()
    z = np.full(512, 0x55, np.uint8).view(FLOAT8_TAGS[name])  # (codes, tagged)
    w = np.zeros(64, np.float32)
    reg_kernel[1](x, z, w, asc.ConstExpr(sat), asc.ConstExpr(mode), platform=SOC)
    codes = z.view(np.uint8)
    want = float8.encode(x, name, rounding, saturate=sat is R.SatMode.SAT)
    assert np.array_equal(codes[:64], want)  # (PACK4_B32: each lane's low byte, packed)
    assert np.all(codes[64:256] == 0x55)  # (the store wrote 64 bytes)
    layout3 = codes[256:512].reshape(64, 4)
    assert np.array_equal(layout3[:, 3], want) and np.all(layout3[:, :3] == 0)
    assert np.array_equal(w, float8.decode(want, name), equal_nan=True)


def test_bf16_e8m0_conversions_keep_the_exponent():
    # the Reg layer's bf16 <-> fp8_e8m0_t, as the simulator's Cast computes them on bf16's
    # bits (3510: shift the exponent field out / in; NaN and infinity -> 0xFF -> NaN)
    from xdsl.dialects.builtin import BFloat16Type, Float8E8M0FNUType

    from asc_xdsl.runtime.simulator import float8 as sim8

    values = np.array([1.0, 3.9, -0.75, 2.0**-130, 0.0, np.inf, np.nan, 6e37], np.float32)
    bits = (values.view(np.uint32) >> 16).astype(np.uint16)
    to_e8 = sim8.converter(BFloat16Type(), Float8E8M0FNUType(), asc.RoundMode.CAST_RINT)
    codes = to_e8(bits)
    assert codes.tolist() == [127, 128, 126, 0, 0, 255, 255, 252]  # (6e37: 2^125 * 1.41)
    back_bits = sim8.converter(Float8E8M0FNUType(), BFloat16Type(), asc.RoundMode.CAST_NONE)(codes)
    back = (back_bits.astype(np.uint32) << 16).view(np.float32)
    assert back[:5].tolist() == [1.0, 2.0, 0.5, 0.0, 0.0]
    assert np.isnan(back[5]) and np.isnan(back[6]) and back[7] == 2.0**125


def _module(body: str, soc: str = SOC, args: str = "") -> str:
    return f"""builtin.module attributes {{ascendc.soc = "{soc}"}} {{
  func.func @vf(%x: memref<?xf32, 26 : i64>, %h: memref<?x!ascendc.hifloat8, 26 : i64>{args}) attributes {{ascendc.vf}} {{
    %c0 = arith.constant 0 : i32
    %m = ascendc.reg.create_mask {{dtype = f32, pattern = 0 : i32}} : () -> !ascendc.mask_reg
    %a = ascendc.reg.load_align %x, %c0 : memref<?xf32, 26 : i64>, i32 -> !ascendc.reg_tensor<f32>
    %q = ascendc.reg.load_align %h, %c0 : memref<?x!ascendc.hifloat8, 26 : i64>, i32 -> !ascendc.reg_tensor<!ascendc.hifloat8>
    {body}
    func.return
  }}
}}"""


def _refusal(text: str) -> str:
    from asc_xdsl.dialects.ir_context import parse_module

    with pytest.raises(Exception) as e:
        parse_module(text).verify()
    return str(e.value)


HIF8 = "!ascendc.reg_tensor<!ascendc.hifloat8>"
CAST = (
    "%r = ascendc.reg.cast %a, %m {{roundMode = {mode} : i32, sat = 1 : i32, layout = {layout} "
    ": i32}} : !ascendc.reg_tensor<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<{t}>"
)


def test_reg_round_trip_and_cpp():
    from asc_xdsl.backends.ascendc import to_ascendc
    from asc_xdsl.dialects.ir_context import parse_module

    select = f"%s = ascendc.reg.select %q, %q, %m : {HIF8}, {HIF8}, !ascendc.mask_reg -> {HIF8}"
    text = _module(CAST.format(mode=7, layout=2, t="!ascendc.hifloat8") + "\n    " + select)
    printed = str(parse_module(text))
    assert str(parse_module(printed)) == printed
    cpp = to_ascendc(parse_module(printed))
    assert "AscendC::Reg::RegTensor<hifloat8_t> q;" in cpp
    assert "AscendC::Reg::RegLayout::TWO, AscendC::Reg::SatMode::SAT" in cpp
    assert "AscendC::RoundMode::CAST_HYBRID};" in cpp
    assert "AscendC::Reg::Cast<hifloat8_t, float, r_trait>(r, a, m);" in cpp
    assert "AscendC::Reg::Select(s, q, q, m);" in cpp


def test_reg_refusals_are_located():
    add = f"%r = ascendc.reg.add %q, %q, %m : {HIF8}, {HIF8}, !ascendc.mask_reg -> {HIF8}"
    assert "Reg::Add does not support T = !ascendc.hifloat8 on Ascend 950" in _refusal(_module(add))
    move = f"%r = ascendc.reg.move %q, %m : {HIF8}, !ascendc.mask_reg -> {HIF8}"
    assert "Reg::Move does not take 8-bit float types (!ascendc.hifloat8)" in _refusal(
        _module(move)
    )
    rint = CAST.format(mode=1, layout=0, t="!ascendc.hifloat8")
    assert "does not support CAST_RINT (supported: CAST_ROUND, CAST_HYBRID)" in _refusal(
        _module(rint)
    )
    half = (
        "%hf = ascendc.reg.load_align %x, %c0 : memref<?xf32, 26 : i64>, i32 -> "
        "!ascendc.reg_tensor<f32>\n    "
        "%r = ascendc.reg.cast %q, %m {roundMode = 0 : i32, sat = 1 : i32, layout = 3 : i32} "
        f": {HIF8}, !ascendc.mask_reg -> !ascendc.reg_tensor<f16>"
    )
    assert "takes RegLayout ZERO..ONE, not THREE" in _refusal(_module(half))
    e4 = CAST.format(mode=1, layout=0, t="f8E4M3FN").replace("reg_tensor<f32>,", "reg_tensor<f32>,")
    to_i8 = e4.replace("!ascendc.reg_tensor<f8E4M3FN>", "!ascendc.reg_tensor<f8E8M0FNU>")
    assert "Cast from f32 to f8E8M0FNU is not supported on Ascend 950" in _refusal(_module(to_i8))
    off = _module(CAST.format(mode=4, layout=0, t="!ascendc.hifloat8"), soc="Ascend910B1")
    assert "on Ascend 950 (arch 3510) only" in _refusal(off)


def test_basic_api_ops_without_fp8_forms_refuse_them():
    text = """builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @k(%d: !ascendc.local_tensor<*xf8E4M3FN>, %n: i32) {
    ascendc.add_l2 %d, %d, %d, %n : !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E4M3FN>, i32
    return
  }
}"""
    assert "Add takes no 8-bit float type (f8E4M3FN) here" in _refusal(text)
    mmad = text.replace("xf8E4M3FN", "x!ascendc.hifloat8").replace("add_l2", "mul_add_dst_l2")
    assert "MulAddDst takes no 8-bit float type (!ascendc.hifloat8)" in _refusal(mmad)
    hybrid = """builtin.module attributes {ascendc.soc = "Ascend910B1"} {
  func.func @k(%d: !ascendc.local_tensor<*xf16>, %s: !ascendc.local_tensor<*xf32>, %n: i32) {
    ascendc.cast_l2 %d, %s, %n {roundMode = 7 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, i32
    return
  }
}"""
    assert "CAST_HYBRID is Ascend 950's" in _refusal(hybrid)


def test_launch_wants_one_byte_elements_for_fp8():
    from asc_xdsl.runtime.simulator.backend import bind_arguments

    x = _samples(np.float32)
    z = asc.testing.float8_array(np.zeros(N), "float8_e5m2")
    compiled = cast_kernel.compile(x, z, np.zeros(N, np.float32),
                                   asc.ConstExpr(asc.RoundMode.CAST_RINT), soc_version=SOC)  # fmt: skip
    with pytest.raises(Exception, match=r"reads f8E5M2 \(an 8-bit float\) but got a float32"):
        bind_arguments(compiled, [x, x, x])


def test_probe_harness_sorts_ops_by_what_the_verifier_accepts():
    # tools/probe_fp8.py (the sweep over every op, compiled for 3510) on three ops
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import probe_fp8

    ops = {"ascendc.data_copy_l2", "ascendc.add_l2", "ascendc.cast_l2"}
    accepted, untranslated, refused, probed = probe_fp8.probe(("f8E4M3FN",), ops)
    assert probed == 3 and not untranslated
    assert [(op, t) for op, t, _name in accepted] == [("ascendc.data_copy_l2", "f8E4M3FN")]
    assert refused == ["ascendc.add_l2", "ascendc.cast_l2"]  # (Cast: no fp8 -> fp8 pair)
    (unit,) = probe_fp8.probe.units
    assert "AscendC::DataCopy(" in unit.text and "fp8_e4m3fn_t" in unit.text


def test_cast_hybrid_only_where_3510_has_it():
    scalar = """builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @k(%x: f32) {
    %y = ascendc.scalar_cast %x {dtype = i32, roundMode = 7 : i32} : f32 -> i32
    return
  }
}"""
    assert "ScalarCast does not take it" in _refusal(scalar)
    to_i32 = CAST.format(mode=7, layout=0, t="i32")
    assert "CAST_HYBRID is the rounding of Cast to hifloat8_t, not to i32" in _refusal(
        _module(to_i32)
    )


def test_scalar_arithmetic_on_fp8_is_a_located_simulator_error():
    # (the simulator holds 8-bit floats as codes: extending one would extend its code)
    from asc_xdsl.runtime.ir_kernel import kernel_from_text

    text = """builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @k(%g: memref<?xf32, 22>, %x: f8E4M3FN) attributes {ascendc.aicore, ascendc.global} {
    %c0 = arith.constant 0 : i32
    %v = arith.extf %x : f8E4M3FN to f32
    %gt = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %gt, %g : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    ascendc.global_tensor.set_value %gt, %c0, %v : !ascendc.global_tensor<*xf32>, i32, f32
    func.return
  }
}"""
    with pytest.raises(Exception, match=r"arith.extf.*scalar arithmetic on 8-bit float values "
                       r"is not modelled"):  # fmt: skip
        kernel_from_text(text)[1](np.zeros(4, np.float32), 1, platform=SOC)


@jit
def mask_cast_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """z = Cast<hifloat8_t, float>(x, CAST_ROUND, mask 64, 2 repeats): each repeat 64
    floats (8 blocks) into 64 codes (2 blocks)."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(bz, 1024)
    xl = bx.get(x.dtype)
    zl = bz.get(z.dtype)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, 128)
    asc.data_copy(zl, zg, 128)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    params = asc.UnaryRepeatParams(1, 1, 2, 8)
    asc.cast(zl, xl, asc.RoundMode.CAST_ROUND, 48, 2, params)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 128)


def test_mask_form_cast_on_the_simulator():
    x = _samples(np.float32)[:128].copy()
    z = np.full(128, 0x55, np.uint8).view(FLOAT8_TAGS["hifloat8"])
    mask_cast_kernel[1](x, z, platform=SOC)
    codes = z.view(np.uint8).reshape(2, 64)
    want = float8.encode(x, "hifloat8", "round", saturate=True).reshape(2, 64)
    assert np.array_equal(codes[:, :48], want[:, :48])  # (mask 48: the rest left as it was)
    assert np.all(codes[:, 48:] == 0x55)
    src = mask_cast_kernel.compile(x, z, soc_version=SOC).asm["ascendc"]
    assert "AscendC::Cast<hifloat8_t, float, 1>(zl, xl, AscendC::RoundMode::CAST_ROUND, " in src


def test_the_reg_ops_taking_8_bit_floats_are_reg_ops_of_the_dialect():
    """`reg.FP8_OPS` is one hand-kept table beside the specs: each name in it is a Reg
    op's spec (a renamed or removed op would otherwise drop out of it silently, its
    fp8 forms then refused)."""
    from asc_xdsl.dialects.ascendc.families import all_specs
    from asc_xdsl.dialects.ascendc.reg import FP8_OPS

    reg_ops = {s.mnemonic for s in all_specs() if s.mnemonic.startswith("reg.")}
    assert not FP8_OPS - reg_ops, sorted(FP8_OPS - reg_ops)
