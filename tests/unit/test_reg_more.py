"""Issue 30's additions to the Reg layer: the SpecificMode forms of Sqrt, Ln, Log,
Log2, Log10 (and plain Log), GatherB, the PostUpdate / AddrReg forms of the
two-register loads, the PostUpdate DataBlock copies. Each vector function runs through
`tools/reg_samples.py`'s kernel on the simulator against numpy, and its C++ is the one
`tools/check_headers.py --arch 3510` was run on (the spec samples of the new ops are
in `--specs`)."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

import asc_xdsl as asc
from asc_xdsl.frontend.ir_context import make_context
from tools.reg_samples import CAPACITY, Port, Sample, run_sample

R = asc.reg
P32 = "memref<?xf32, 26 : i64>"
P16 = "memref<?xf16, 26 : i64>"
R32 = "!ascendc.reg_tensor<f32>"
R16 = "!ascendc.reg_tensor<f16>"
M = "!ascendc.mask_reg"


def _module(body: str) -> str:
    return f"""builtin.module attributes {{ascendc.soc = "Ascend950PR_9599"}} {{
  func.func @vf(%x: {P32}, %h: {P16}) attributes {{ascendc.vf}} {{
    %c0 = arith.constant 0 : i32
    %c8 = arith.constant 8 : i32
    %m = ascendc.reg.create_mask {{dtype = f32, pattern = 0 : i32}} : () -> {M}
    %r = ascendc.reg.load_align %x, %c0 : {P32}, i32 -> {R32}
    %hr = ascendc.reg.load_align %h, %c0 : {P16}, i32 -> {R16}{body}
    func.return
  }}
}}"""


def _parse(text: str):
    module = Parser(make_context(), text).parse_module()
    module.verify()
    return module


def _exact(z: np.ndarray, golden: np.ndarray) -> str | None:
    """Bit-exact (NaN and infinities included)."""
    same = (z == golden) | (np.isnan(z) & np.isnan(golden))
    if same.all():
        return None
    i = int(np.argmax(~same))
    return f"z[{i}] = {z[i]!r}, expected {golden[i]!r}"


# -- Sqrt / Ln / Log / Log2 / Log10 with their SpecificMode ---------------------------

MODES = f"""
    %a = ascendc.reg.sqrt_mode %r, %m {{algo = 4 : i32, precisionMode}} : {R32}, {M} -> {R32}
    %b = ascendc.reg.ln_mode %hr, %m {{algo = 2 : i32}} : {R16}, {M} -> {R16}
    %c = ascendc.reg.log_mode %r, %m {{algo = 1 : i32}} : {R32}, {M} -> {R32}
    %d = ascendc.reg.log2_mode %r, %m {{algo = 0 : i32}} : {R32}, {M} -> {R32}
    %e = ascendc.reg.log10_mode %hr, %m {{algo = 2 : i32}} : {R16}, {M} -> {R16}
    %f = ascendc.reg.log %r, %m : {R32}, {M} -> {R32}"""


def test_math_modes_round_trip_and_refusals():
    printed = str(_parse(_module(MODES)))
    assert str(_parse(printed)) == printed
    half_sqrt = MODES.replace("%r, %m {algo = 4", "%hr, %m {algo = 4").replace(
        f"{R32}, {M} -> {R32}\n    %b", f"{R16}, {M} -> {R16}\n    %b"
    )
    with pytest.raises(VerifyException, match="Sqrt's precisionMode takes float only, not f16"):
        _parse(_module(half_sqrt))
    zero_ulp = half_sqrt.replace("algo = 4 : i32, precisionMode", "algo = 3 : i32")
    with pytest.raises(VerifyException, match="PRECISION_0ULP_FTZ_FALSE takes float only"):
        _parse(_module(zero_ulp))


TINY = np.finfo(np.float32).smallest_normal


@asc.vf
def modes_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """x holds subnormals in 0..7 and 0 at 8. z[64k:64k+64], k = 0..7: Sqrt (INTRINSIC,
    PRECISION_1ULP_FTZ_FALSE, precisionMode), Ln PRECISION_1ULP_FTZ_FALSE, Log
    (plain), Log2 PRECISION_1ULP_FTZ_FALSE, Log10 INTRINSIC, Ln PRECISION_1ULP_FTZ_TRUE."""
    full = R.create_mask(x.dtype)
    r = R.load_align(x)
    R.store_align(z, R.sqrt(r, full), full, 0)
    R.store_align(z, R.sqrt(r, full, R.SqrtAlgo.PRECISION_1ULP_FTZ_FALSE), full, 64)
    R.store_align(z, R.sqrt(r, full, precision_mode=True), full, 128)
    R.store_align(z, R.ln(r, full, R.LnAlgo.PRECISION_1ULP_FTZ_FALSE), full, 192)
    R.store_align(z, R.log(r, full), full, 256)
    R.store_align(z, R.log2(r, full, R.Log2Algo.PRECISION_1ULP_FTZ_FALSE), full, 320)
    R.store_align(z, R.log10(r, full, R.Log10Algo.INTRINSIC), full, 384)
    R.store_align(z, R.ln(r, full, R.LnAlgo.PRECISION_1ULP_FTZ_TRUE), full, 448)


def _modes_inputs(rng):
    x = rng.uniform(0.1, 4, CAPACITY).astype(np.float32)
    x[:8] = np.float32(TINY) * rng.uniform(0.01, 0.9, 8).astype(np.float32)
    x[8] = 0
    return x, x.copy(), 0.0


def _modes_golden(x, y, s, z):
    v = x[:64].astype(np.float64)
    flushed = np.where(v < TINY, 0.0, v)  # (FTZ: subnormal inputs are 0)
    with np.errstate(divide="ignore"):
        rows = (np.sqrt(flushed), np.sqrt(v), np.sqrt(v), np.log(v), np.log(flushed),
                np.log2(v), np.log10(flushed), np.log(flushed))  # fmt: skip
    out = z.copy()
    for k, row in enumerate(rows):
        out[64 * k : 64 * k + 64] = row.astype(np.float32)
    return out


def test_math_modes_match_numpy_and_print_their_mode_structs():
    port = Port(modes_vf, 0, _modes_inputs, _modes_golden, check=_exact)
    outcome = run_sample(Sample("modes", port))
    assert outcome.passed, outcome.detail
    cpp = outcome.cpp
    z = "AscendC::Reg::MaskMergeMode::ZEROING"
    assert f"static constexpr AscendC::Reg::SqrtSpecificMode v2_mode = {{{z}, false, " in cpp
    assert "AscendC::SqrtAlgo::PRECISION_1ULP_FTZ_FALSE};" in cpp
    assert f"{{{z}, true, AscendC::SqrtAlgo::INTRINSIC}};" in cpp
    assert "AscendC::Reg::Sqrt<float, &v2_mode>(v2, r, full);" in cpp
    assert f"AscendC::Reg::LnSpecificMode v4_mode = {{{z}, AscendC::LnAlgo::" in cpp
    assert "AscendC::Reg::Log(v5, r, full);" in cpp
    assert "AscendC::Reg::Log10SpecificMode" in cpp and "AscendC::Reg::Log2<float, &" in cpp


def test_math_mode_python_errors_are_located():
    @asc.vf
    def wrong_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
        R.ln(R.load_align(x), R.create_mask(x.dtype), precision_mode=True)

    outcome = run_sample(Sample("wrong", Port(wrong_vf, 0, _modes_inputs, _modes_golden)))
    assert "ln: precision_mode is Sqrt's" in outcome.detail
    assert "test_reg_more.py" in outcome.detail

    @asc.vf
    def enum_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
        R.log2(R.load_align(x), R.create_mask(x.dtype), R.LnAlgo.INTRINSIC)

    outcome = run_sample(Sample("enum", Port(enum_vf, 0, _modes_inputs, _modes_golden)))
    assert "Log2Algo" in outcome.detail and "test_reg_more.py" in outcome.detail
