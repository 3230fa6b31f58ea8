"""The Reg ops of `dialects/ascendc/reg_relayout.py` (Interleave, DeInterleave, the register
Gather, Squeeze, Histograms, Div with a DivSpecificMode): round trip with their
properties set, their C++, their numerics on the simulator against numpy, the checks.

(Every spec op's default round trip and emission are also `test_spec_ops.py`'s; whole
samples using them run in `tools/reg_samples.py`.)
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

import asc_xdsl as asc
from asc_xdsl.backends.ascendc.printer import emit_ascendc
from asc_xdsl.frontend.ir_context import make_context
from asc_xdsl.frontend.jit import jit
from asc_xdsl.runtime.kernel import CompiledKernel
from asc_xdsl.runtime.simulator.backend import CpuSimulatorBackend

SOC = "Ascend950PR_9599"
BYTES = 2048  # of each UB buffer: x, y and z
M = "!ascendc.mask_reg"


def _ptr(t: str) -> str:
    return f"memref<?x{t}, 26 : i64>"


def _r(t: str) -> str:
    return f"!ascendc.reg_tensor<{t}>"


def _module(vf_body: str, t: str, out_t: str) -> str:
    """A kernel copying x, y (of `t`) and z (of `out_t`, BYTES each) to UB, calling
    @vf(x, y, z) and copying z back."""
    sizes = {"i64": 8, "f32": 4, "ui32": 4, "f16": 2, "ui16": 2, "ui8": 1}
    lines = []
    for name, e in (("x", t), ("y", t), ("z", out_t)):
        lt, gt = f"!ascendc.local_tensor<*x{e}>", f"!ascendc.global_tensor<*x{e}>"
        lines += [
            f"%{name}n = arith.constant {BYTES // sizes[e]} : i32",
            f"%{name}q = ascendc.tbuf : !ascendc.tbuf<veccalc>",
            f"ascendc.pipe.init_buffer %pipe, %{name}q, %bytes : !ascendc.tbuf<veccalc>, i32",
            f"%{name}l = ascendc.tbuf.get_tensor %{name}q : !ascendc.tbuf<veccalc>, {lt}",
            f"%{name}g = ascendc.global_tensor : {gt}",
            f"ascendc.global_tensor.set_global_buffer %{name}g, %{name}gm : {gt}, memref<?x{e}, 22>",
            f"ascendc.data_copy_l2 %{name}l, %{name}g, %{name}n : {lt}, {gt}, i32",
            f"%{name}p = ascendc.reg.ub_ptr %{name}l, %c0 : {lt}, i32 -> {_ptr(e)}",
        ]
    body = "\n    ".join(lines)
    p, q = _ptr(t), _ptr(out_t)
    zl, zg = f"!ascendc.local_tensor<*x{out_t}>", f"!ascendc.global_tensor<*x{out_t}>"
    return f"""builtin.module attributes {{ascendc.soc = "{SOC}"}} {{
  func.func @vf(%x: {p}, %y: {p}, %z: {q}) attributes {{ascendc.vf}} {{
    %c0 = arith.constant 0 : i32
    {vf_body}
    func.return
  }}
  func.func @k(%xgm: memref<?x{t}, 22>, %ygm: memref<?x{t}, 22>, %zgm: memref<?x{out_t}, 22>) attributes {{ascendc.aicore, ascendc.global}} {{
    %pipe = ascendc.pipe
    %bytes = arith.constant {BYTES} : i32
    %c0 = arith.constant 0 : i32
    {body}
    %ev = arith.constant 0 : i32
    ascendc.set_flag mte2_v, %ev : i32
    ascendc.wait_flag mte2_v, %ev : i32
    ascendc.reg.vf_call(%xp, %yp, %zp : {p}, {p}, {q}) {{callee = @vf}}
    ascendc.set_flag v_mte3, %ev : i32
    ascendc.wait_flag v_mte3, %ev : i32
    ascendc.data_copy_l2 %zg, %zl, %zn : {zg}, {zl}, i32
    func.return
  }}
}}
"""


def _stores(t: str, names: list[str]) -> str:
    """Store each named register in turn (one register, 256 bytes, apart) under %all."""
    lanes = 256 // {"f32": 4, "ui32": 4, "f16": 2, "ui16": 2, "ui8": 1}[t]
    out = []
    for i, n in enumerate(names):
        out.append(f"%o{i} = arith.constant {i * lanes} : i32")
        out.append(f"ascendc.reg.store_align %z, %o{i}, %{n}, %all : {_ptr(t)}, i32, {_r(t)}, {M}")
    return "\n    ".join(out)


def _parse(text: str):
    module = Parser(make_context(), text).parse_module()
    module.verify()
    return module


def _run(text: str, x: np.ndarray, y: np.ndarray, z: np.ndarray) -> np.ndarray:
    kernel = CompiledKernel(name="k", module=_parse(text), kernel_type="vector")
    CpuSimulatorBackend().launch(kernel, 1, [x, y, z], platform=SOC, uninit="off")
    return z


def _loads(t: str) -> str:
    return (
        f"%a = ascendc.reg.load_align %x, %c0 : {_ptr(t)}, i32 -> {_r(t)}\n    "
        f"%b = ascendc.reg.load_align %y, %c0 : {_ptr(t)}, i32 -> {_r(t)}\n    "
        f"%all = ascendc.reg.create_mask {{dtype = {t}, pattern = 0 : i32}} : () -> {M}"
    )


F32_BODY = f"""{_loads("f32")}
    %m4 = ascendc.reg.create_mask {{dtype = f32, pattern = 11 : i32}} : () -> {M}
    %i0, %i1 = ascendc.reg.interleave %a, %b : {_r("f32")}, {_r("f32")} -> {_r("f32")}, {_r("f32")}
    %d0, %d1 = ascendc.reg.deinterleave %i0, %i1 : {_r("f32")}, {_r("f32")} -> {_r("f32")}, {_r("f32")}
    %sq = ascendc.reg.squeeze %a, %m4 {{store = 1 : i32}} : {_r("f32")}, {M} -> {_r("f32")}
    %ftz = ascendc.reg.div_mode %a, %b, %m4 {{algo = 2 : i32}} : {_r("f32")}, {_r("f32")}, {M} -> {_r("f32")}
    %keep = ascendc.reg.div_mode %a, %b, %all {{algo = 5 : i32, precisionMode}} : {_r("f32")}, {_r("f32")}, {M} -> {_r("f32")}
    %plain = ascendc.reg.div %a, %b, %all : {_r("f32")}, {_r("f32")}, {M} -> {_r("f32")}
    {_stores("f32", ["i0", "i1", "d0", "d1", "sq", "ftz", "keep", "plain"])}"""


def _f32_inputs():
    rng = np.random.default_rng(3)
    n = BYTES // 4
    x = rng.uniform(-4, 4, n).astype(np.float32)
    y = rng.uniform(0.5, 4, n).astype(np.float32)
    # subnormal cases of the Div page and the subnormal sample: N/N=S, N/S=N, S/N, S/S
    x[:4] = np.power(2.0, [-126, -125, -130, -140])
    y[:4] = np.array([4.0, 2.0**-127, 2.0, 2.0**-145])
    x[4], y[4] = 0.0, 0.0  # 0 / 0
    return x, y


def test_relayout_squeeze_div_match_numpy():
    x, y = _f32_inputs()
    z = _run(_module(F32_BODY, "f32", "f32"), x, y, np.zeros(BYTES // 4, np.float32))
    a, b = x[:64], y[:64]
    zipped = np.stack([a, b], 1).reshape(-1)
    regs = z[: 8 * 64].reshape(8, 64)
    np.testing.assert_array_equal(regs[0], zipped[:64])  # Interleave
    np.testing.assert_array_equal(regs[1], zipped[64:])
    np.testing.assert_array_equal(regs[2], a)  # DeInterleave undoes it
    np.testing.assert_array_equal(regs[3], b)
    np.testing.assert_array_equal(regs[4], np.concatenate([a[::4], np.zeros(48, np.float32)]))
    # FTZ (PRECISION_1ULP_FTZ_TRUE) under M4: subnormals flushed, 0/0 the NaN 0x7fffffff
    ftz = regs[5].view(np.uint32)
    assert ftz[0] == 0  # 2^-126 / 4 = 2^-128, subnormal: flushed
    assert ftz[4] == 0x7FFFFFFF  # 0 / 0
    assert (ftz[1:4] == 0).all() and (ftz[5:8] == 0).all()  # off in M4: zeroed
    with np.errstate(all="ignore"):
        q = a / b
    on = np.arange(64) % 4 == 0
    np.testing.assert_array_equal(regs[5][on][2:], q[on][2:])  # normal ones: exact
    # PRECISION_1ULP_FTZ_FALSE: IEEE division, subnormals kept
    np.testing.assert_array_equal(regs[6][:4], q[:4])
    assert regs[6][0] == np.float32(2.0**-128) and regs[6][1] == 4.0
    np.testing.assert_array_equal(regs[6][5:], q[5:])
    # plain Div: DivAlgo::INTRINSIC, which flushes too
    plain = regs[7].view(np.uint32)
    assert plain[0] == 0 and plain[1] == 0x7F800000 and plain[4] == 0x7FFFFFFF
    np.testing.assert_array_equal(regs[7][5:], q[5:])


def test_register_gather_and_histograms_match_numpy():
    rng = np.random.default_rng(5)
    src = rng.integers(0, 2**32, BYTES // 4, dtype=np.uint32)
    index = rng.integers(0, 200, BYTES // 4, dtype=np.uint32)  # some past 64: wrap
    body = f"""{_loads("ui32")}
    %g = ascendc.reg.gather_reg %a, %b : {_r("ui32")}, {_r("ui32")} -> {_r("ui32")}
    {_stores("ui32", ["g"])}"""
    z = _run(_module(body, "ui32", "ui32"), src, index, np.zeros(BYTES // 4, np.uint32))
    np.testing.assert_array_equal(z[:64], src[:64][index[:64] % 64])

    values = rng.integers(0, 256, BYTES, dtype=np.uint8)
    body = f"""{_loads("ui8")}
    %h = ascendc.reg.create_mask {{dtype = ui8, pattern = 12 : i32}} : () -> {M}
    %all16 = ascendc.reg.create_mask {{dtype = ui16, pattern = 0 : i32}} : () -> {M}
    %ones = ascendc.reg.load_align %z, %c0 : {_ptr("ui16")}, i32 -> {_r("ui16")}
    %f0 = ascendc.reg.histograms %ones, %a, %all {{bin = 0 : i32, histType = 0 : i32}} : {_r("ui16")}, {_r("ui8")}, {M} -> {_r("ui16")}
    %f1 = ascendc.reg.histograms %f0, %b, %h {{bin = 0 : i32, histType = 0 : i32}} : {_r("ui16")}, {_r("ui8")}, {M} -> {_r("ui16")}
    %c1 = ascendc.reg.histograms %ones, %a, %all {{bin = 1 : i32, histType = 1 : i32}} : {_r("ui16")}, {_r("ui8")}, {M} -> {_r("ui16")}
    {_stores("ui16", ["f1", "c1"]).replace("%all :", "%all16 :")}"""
    y = rng.integers(0, 256, BYTES, dtype=np.uint8)
    z = _run(_module(body, "ui8", "ui16"), values, y, np.ones(BYTES // 2, np.uint16))
    a, b = values[:256], y[:128]  # (%h: the first half of y's register)
    low = 1 + np.bincount(a[a < 128], minlength=128) + np.bincount(b[b < 128], minlength=128)
    np.testing.assert_array_equal(z[:128], low)
    high = 1 + np.cumsum(np.bincount(a[a >= 128] - 128, minlength=128))
    np.testing.assert_array_equal(z[128:256], high)


def test_round_trip_and_cpp_with_properties():
    module = _parse(_module(F32_BODY, "f32", "f32"))
    text = str(module)
    assert str(_parse(text)) == text
    for line in (
        "ascendc.reg.squeeze %a, %m4 {store = 1 : i32}",
        "ascendc.reg.div_mode %a, %b, %all {algo = 5 : i32, precisionMode}",
    ):
        assert line in text
    out = io.StringIO()
    emit_ascendc(module, out)
    cpp = out.getvalue()
    for line in (
        "AscendC::Reg::Interleave<float>(",
        "AscendC::Reg::DeInterleave<float>(",
        "AscendC::Reg::Squeeze<float, AscendC::Reg::GatherMaskMode::STORE_REG>(sq, a, m4);",
        "{AscendC::Reg::MaskMergeMode::ZEROING, true, AscendC::DivAlgo::PRECISION_1ULP_FTZ_FALSE};",
        "AscendC::Reg::Div<float, &keep_mode>(keep, a, b, all);",
    ):
        assert line in cpp, cpp
    hist = _module(
        f"""{_loads("ui8")}
    %acc = ascendc.reg.load_align %z, %c0 : {_ptr("ui16")}, i32 -> {_r("ui16")}
    %h = ascendc.reg.histograms %acc, %a, %all {{bin = 1 : i32, histType = 1 : i32}} : {_r("ui16")}, {_r("ui8")}, {M} -> {_r("ui16")}""",
        "ui8",
        "ui16",
    )
    out = io.StringIO()
    emit_ascendc(_parse(hist), out)
    assert (
        "AscendC::Reg::RegTensor<uint16_t> h = acc;\n  AscendC::Reg::Histograms<uint8_t, "
        "uint16_t, AscendC::Reg::HistogramsBinType::BIN1, "
        "AscendC::Reg::HistogramsType::ACCUMULATE>(h, a, all);"
    ) in out.getvalue()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            f"%q = ascendc.reg.div_mode %a, %b, %all {{algo = 1 : i32}} : {_r('f16')}, {_r('f16')}, {M} -> {_r('f16')}",
            "Div with DivAlgo::DIFF_COMPENSATION does not take f16",
        ),
        (
            f"%q = ascendc.reg.div_mode %a, %b, %all {{algo = 5 : i32, precisionMode}} : {_r('f16')}, {_r('f16')}, {M} -> {_r('f16')}",
            "precisionMode takes float or complex64 only",
        ),
        (
            f"%h = ascendc.reg.histograms %a, %b, %all {{bin = 0 : i32, histType = 0 : i32}} : {_r('f16')}, {_r('f16')}, {M} -> {_r('f16')}",
            "Histograms does not support",
        ),
        (
            f"%d0, %d1 = ascendc.reg.interleave %a, %b : {_r('f16')}, {_r('f16')} -> {_r('f16')}, {_r('f32')}",
            "result dst1 has element type f32, expected f16",
        ),
    ],
)
def test_checks_refuse(line, message):
    with pytest.raises(VerifyException, match=message):
        _parse(_module(f"{_loads('f16')}\n    {line}", "f16", "f16"))


def _gather_of_u16(x, y):
    asc.reg.gather_reg(asc.reg.load_align(x), asc.reg.load_align(y))


def _pair_of_f32(x, y):
    asc.reg.load_align(x, 0, asc.reg.RegTrait.NUM_TWO)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (_gather_of_u16, "index register must be unsigned of float32's width"),
        (_pair_of_f32, "RegTraitNumTwo registers hold 64-bit or complex elements, not float32"),
    ],
)
def test_python_api_refusals(body, message):

    vf = asc.vf(body)

    @jit
    def kernel(xg: asc.GlobalAddress):
        buf = asc.TBuf(asc.TPosition.VECCALC)
        asc.TPipe().init_buffer(buf, 1024)
        vf(buf.get(asc.float32), buf.get(asc.uint16))

    with pytest.raises(Exception, match=message):
        kernel[1](np.zeros(256, np.float32), platform=SOC)


PAIR = "!ascendc.reg_tensor<i64, 2>"


def test_trait_two_pairs_div_and_add_under_b32_masks():
    """RegTraitNumTwo: 64 int64 elements a pair; its masks are b32 masks (H: the first
    32 of the 64); round trip, C++ and numerics."""
    p = _ptr("i64")
    body = f"""%a = ascendc.reg.load_align %x, %c0 : {p}, i32 -> {PAIR}
    %b = ascendc.reg.load_align %y, %c0 : {p}, i32 -> {PAIR}
    %all = ascendc.reg.create_mask {{dtype = i64, pattern = 0 : i32, trait = 2 : i32}} : () -> {M}
    %h = ascendc.reg.create_mask {{dtype = i64, pattern = 12 : i32, trait = 2 : i32}} : () -> {M}
    %q = ascendc.reg.div %a, %b, %all : {PAIR}, {PAIR}, {M} -> {PAIR}
    %s = ascendc.reg.add %a, %b, %h : {PAIR}, {PAIR}, {M} -> {PAIR}
    %c64 = arith.constant 64 : i32
    ascendc.reg.store_align %z, %c0, %q, %all : {p}, i32, {PAIR}, {M}
    ascendc.reg.store_align %z, %c64, %s, %all : {p}, i32, {PAIR}, {M}"""
    text = _module(body, "i64", "i64")
    module = _parse(text)
    assert str(_parse(str(module))) == str(module) and PAIR in str(module)
    out = io.StringIO()
    emit_ascendc(module, out)
    cpp = out.getvalue()
    assert "AscendC::Reg::RegTensor<int64_t, AscendC::Reg::RegTraitNumTwo> q;" in cpp
    assert (
        "CreateMask<int64_t, AscendC::Reg::MaskPattern::H, AscendC::Reg::RegTraitNumTwo>()"
    ) in cpp
    rng = np.random.default_rng(7)
    x = rng.integers(-(2**40), 2**40, BYTES // 8, dtype=np.int64)
    y = rng.integers(1, 1000, BYTES // 8, dtype=np.int64) * rng.choice([-1, 1], BYTES // 8)
    z = _run(text, x, y, np.zeros(BYTES // 8, np.int64))
    quotient = np.abs(x[:64]) // np.abs(y[:64]) * np.sign(x[:64]) * np.sign(y[:64])
    np.testing.assert_array_equal(z[:64], quotient)  # C's division: toward zero
    np.testing.assert_array_equal(z[64:96], x[:32] + y[:32])
    np.testing.assert_array_equal(z[96:128], 0)  # H: the second half zeroed


@pytest.mark.parametrize(
    ("line", "message"),
    [
        # (the plain LoadUnAlign takes no pair: the LoadUnAlign page's table; Select does)
        ("%e = ascendc.reg.load_unalign %x, %c0 : {p}, i32 -> {P}", "modelled in .*load_align"),
        (
            "%e = ascendc.reg.add %a, %o, %m : {P}, {R}, {M} -> {P}",
            "RegTraitNumOne and RegTraitNumTwo registers mixed",
        ),
        (
            "%e = ascendc.reg.load_align %x, %c0 : {p}, i32 -> !ascendc.reg_tensor<i32, 2>",
            "RegTraitNumTwo registers hold 64-bit or complex elements",
        ),
    ],
)
def test_trait_two_checks(line, message):
    p = _ptr("i64")
    body = f"""%a = ascendc.reg.load_align %x, %c0 : {p}, i32 -> {PAIR}
    %o = ascendc.reg.load_align %x, %c0 : {p}, i32 -> {_r("i64")}
    %m = ascendc.reg.create_mask {{dtype = i64, pattern = 0 : i32, trait = 2 : i32}} : () -> {M}
    {line.format(P=PAIR, R=_r("i64"), M=M, p=p)}"""
    with pytest.raises(Exception, match=message):
        _parse(_module(body, "i64", "i64"))


U = "!ascendc.unalign_reg_store"


def _ar_stream(post: bool, squeeze_second: bool = True, store_first: bool = True) -> str:
    """Two registers of x, every third element (M3: 22 of 64) squeezed with STORE_REG
    and stored by StoreUnAlign's AR form from z + 8, then (if `post`) the Post."""
    p, r = _ptr("f32"), _r("f32")
    second = "1" if squeeze_second else "0"
    first_store = f"ascendc.reg.store_unalign_ar %z, %c8, %ka, %u : {p}, i32, {r}, {U}"
    return f"""%all = ascendc.reg.create_mask {{dtype = f32, pattern = 0 : i32}} : () -> {M}
    %m3 = ascendc.reg.create_mask {{dtype = f32, pattern = 10 : i32}} : () -> {M}
    %c8 = arith.constant 8 : i32
    %c64 = arith.constant 64 : i32
    %a = ascendc.reg.load_align %x, %c0 : {p}, i32 -> {r}
    %b = ascendc.reg.load_align %x, %c64 : {p}, i32 -> {r}
    %u = ascendc.reg.unalign_reg_for_store : () -> {U}
    ascendc.reg.clear_spr {{spr = 0 : i32}}
    %ka = ascendc.reg.squeeze %a, %m3 {{store = 1 : i32}} : {r}, {M} -> {r}
    {first_store if store_first else ""}
    %kb = ascendc.reg.squeeze %b, %m3 {{store = {second} : i32}} : {r}, {M} -> {r}
    ascendc.reg.store_unalign_ar %z, %c8, %kb, %u : {p}, i32, {r}, {U}
    {f"ascendc.reg.store_unalign_post_ar %z, %c8, %u : {p}, i32, {U}" if post else ""}"""


def test_squeeze_store_reg_streams_through_ar_and_the_unaligned_register():
    x = np.arange(1, BYTES // 4 + 1, dtype=np.float32)
    text = _module(_ar_stream(post=True), "f32", "f32")
    module = _parse(text)
    assert str(_parse(str(module))) == str(module)
    out = io.StringIO()
    emit_ascendc(module, out)
    cpp = out.getvalue()
    for line in (
        "AscendC::Reg::UnalignRegForStore u;",
        "AscendC::Reg::ClearSpr<AscendC::SpecialPurposeReg::AR>();",
        "AscendC::Reg::StoreUnAlign(z + c8, ka, u);",
        "AscendC::Reg::StoreUnAlignPost(z + c8, u);",
    ):
        assert line in cpp, cpp
    z = _run(text, x, x, np.zeros(BYTES // 4, np.float32))
    kept = np.concatenate([x[:64:3], x[64:128:3]])  # 22 + 22 floats, from z[8]
    np.testing.assert_array_equal(z[8 : 8 + 44], kept)
    assert (z[:8] == 0).all() and (z[52:] == 0).all()
    # Without the Post, the bytes past the last 32-byte boundary stay in the register.
    z = _run(_module(_ar_stream(post=False), "f32", "f32"), x, x, np.zeros(BYTES // 4, np.float32))
    np.testing.assert_array_equal(z[8:48], kept[:40])  # z[48:52]: 16 bytes held back
    assert (z[48:] == 0).all()
    # The two alternate: a store without its Squeeze, two Squeezes without a store.
    for stream, message in (
        (_ar_stream(post=True, squeeze_second=False), "no Squeeze<STORE_REG> since the last"),
        (_ar_stream(post=True, store_first=False), "the last one's bytes were not stored"),
    ):
        with pytest.raises(Exception, match=message):
            _run(_module(stream, "f32", "f32"), x, x, np.zeros(BYTES // 4, np.float32))


@asc.vf
def _exp_modes_vf(x: asc.reg.UbPointer, z: asc.reg.UbPointer):
    mask = asc.reg.create_mask(x.dtype)
    a = asc.reg.load_align(x)
    asc.reg.store_align(z, asc.reg.exp(a, mask), mask, 0)
    keep = asc.reg.exp(a, mask, asc.reg.ExpAlgo.PRECISION_1ULP_FTZ_FALSE)
    asc.reg.store_align(z, keep, mask, 64)
    ftz = asc.reg.exp(a, mask, algo=asc.reg.ExpAlgo.PRECISION_1ULP_FTZ_TRUE)
    asc.reg.store_align(z, ftz, mask, 128)
    q = asc.reg.div(a, a, mask, algo=asc.reg.DivAlgo.PRECISION_0ULP_FTZ_FALSE, precision_mode=True)
    asc.reg.store_align(z, q, mask, 192)


@jit
def _exp_modes_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(bz, 1024)
    xl = bx.get(asc.float32)
    zl = bz.get(asc.float32)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, 256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    _exp_modes_vf(xl, zl)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 256)


def test_exp_and_div_modes_through_the_python_api(tmp_path, monkeypatch):
    """Exp's page: exp(-87.3365478515625) and exp(-103.2789306640625) are subnormal;
    PRECISION_1ULP_FTZ_FALSE keeps them, the default and FTZ_TRUE flush them; Div's 0-ulp
    precision mode through the API."""
    monkeypatch.setenv("ASC_XDSL_DUMP_DIR", str(tmp_path))
    x = np.random.default_rng(1).uniform(-4, 4, 256).astype(np.float32)
    x[:3] = [-87.3365478515625, -103.2789306640625, 2.0**-140]
    z = np.zeros(256, np.float32)
    _exp_modes_kernel[1](x, z, platform=SOC)
    e = np.exp(x[:64])
    bits = z.view(np.uint32)
    # kept: subnormal, correctly rounded here (the page's table shows 0x007FFFFF and
    # 0x00000001, the hardware's within its error bound)
    np.testing.assert_array_equal(z[64:66], e[:2])
    assert 0 < bits[64] < 0x00800000 and bits[65] == 0x00000001
    assert (bits[[0, 1, 128, 129]] == 0).all()  # flushed
    np.testing.assert_array_equal(z[2:64], e[2:])  # exp(subnormal) = 1; normal ones
    np.testing.assert_array_equal(z[192:256], np.ones(64, np.float32))  # x / x
    cpp = "".join(p.read_text() for p in tmp_path.rglob("*.cpp"))
    for line in (
        "{AscendC::Reg::MaskMergeMode::ZEROING, AscendC::ExpAlgo::PRECISION_1ULP_FTZ_FALSE};",
        "{AscendC::Reg::MaskMergeMode::ZEROING, true, AscendC::DivAlgo::PRECISION_0ULP_FTZ_FALSE};",
        "AscendC::Reg::Exp(",
    ):
        assert line in cpp, cpp
