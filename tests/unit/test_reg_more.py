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


# -- two registers (PostUpdate, AddrReg), the PostUpdate DataBlock copy, GatherB ------

ADDRESS = f"""
    %e, %o, %x1 = ascendc.reg.load_align_dintlv_post %x, %c8 {{dist = 19 : i32}} : {P32}, i32 -> {R32}, {R32}, {P32}
    %b, %x2 = ascendc.reg.load_align_block_post %x1, %c8, %c8, %m : {P32}, i32, i32, {M} -> {R32}, {P32}
    %x3 = ascendc.reg.store_align_block_post %x2, %c0, %c8, %b, %m : {P32}, i32, i32, {R32}, {M} -> {P32}
    %i = ascendc.reg.load_align %u, %c0 : memref<?xui32, 26 : i64>, i32 -> !ascendc.reg_tensor<ui32>
    %g = ascendc.reg.gather_b %x, %i, %m : {P32}, !ascendc.reg_tensor<ui32>, {M} -> {R32}
    scf.for %k = %c0 to %c8 step %c8 : i32 {{
      %a = ascendc.reg.create_addr_reg(%k, %c8 : i32, i32) {{dtype = f32}} : () -> !ascendc.addr_reg
      %d0, %d1 = ascendc.reg.load_align_dintlv_areg %x, %a {{dist = 19 : i32}} : {P32}, !ascendc.addr_reg -> {R32}, {R32}
      ascendc.reg.store_align_intlv_areg %x, %a, %d1, %d0, %m {{dist = 11 : i32}} : {P32}, !ascendc.addr_reg, {R32}, {R32}, {M}
    }}"""


def _address_module(body: str) -> str:
    return _module(body).replace(f"%h: {P16})", f"%h: {P16}, %u: memref<?xui32, 26 : i64>)")


def test_address_forms_round_trip_and_refusals():
    printed = str(_parse(_address_module(ADDRESS)))
    assert str(_parse(printed)) == printed
    for old, new, message in (
        ("dintlv_post %x, %c8 {dist = 19", "dintlv_post %x, %c8 {dist = 12",
         "LoadAlign DIST_DINTLV_B16 takes b16 elements, not f32"),
        ("store_align_intlv_areg %x, %a, %d1, %d0, %m {dist = 11",
         "store_align_intlv_areg %x, %a, %d1, %d0, %m {dist = 2",
         "the two-register StoreAlign takes DIST_INTLV_B8, DIST_INTLV_B16, DIST_INTLV_B32"),
        ("memref<?xui32, 26 : i64>, i32 -> !ascendc.reg_tensor<ui32>\n    %g = ascendc.reg.gather_b %x, %i, %m : "
         f"{P32}, !ascendc.reg_tensor<ui32>",
         f"memref<?xui32, 26 : i64>, i32 -> !ascendc.reg_tensor<ui32>\n    %g = ascendc.reg.gather_b %x, %r, %m : {P32}, {R32}",
         "GatherB does not support I = f32"),
    ):  # fmt: skip
        text = _address_module(ADDRESS)
        assert old in text
        with pytest.raises(VerifyException, match=message):
            _parse(text.replace(old, new))


LD, SD = R.LoadDist, R.StoreDist


@asc.vf
def walk2_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """z[0:256]: y's element pairs swapped, through a DINTLV load and an INTLV store at
    an AddrReg (two steps); z[256:512]: x[0:256] deinterleaved by two PostUpdate DINTLV
    loads; z[512 + 128i : 576 + 128i], i = 0, 1: every other DataBlock of x from x[64i]
    (PostUpdate DataBlock load, repeat stride 8 blocks) stored contiguously by a
    PostUpdate DataBlock store (repeat stride 16 blocks)."""
    vl = R.lanes(x.dtype)
    full = R.create_mask(x.dtype)
    for i in range(2):
        a = R.create_addr_reg(x.dtype, i, 2 * vl)
        e, o = R.load_align(y, a, dist=LD.DIST_DINTLV_B32)
        R.store_align(z, (o, e), full, a, dist=SD.DIST_INTLV_B32)
    p = x
    for i in range(2):
        e, o, p = R.load_align_post(p, 2 * vl, dist=LD.DIST_DINTLV_B32)
        R.store_align(z, e, full, 256 + i * 128)
        R.store_align(z, o, full, 320 + i * 128)
    q = x
    _, w = R.load_align_post(z, 512)
    for _i in range(2):
        r, q = R.load_align_post(q, 8, block_stride=2, mask=full)
        w = R.store_align_post(w, r, 16, full, block_stride=1)


def _walk2_golden(x, y, s, z):
    out = z.copy()
    out[0:256:2], out[1:256:2] = y[1:256:2], y[0:256:2]
    for i in range(2):
        two = x[128 * i : 128 * i + 128]
        out[256 + 128 * i : 320 + 128 * i] = two[0::2]
        out[320 + 128 * i : 384 + 128 * i] = two[1::2]
        blocks = x[64 * i : 64 * i + 128].reshape(16, 8)[0::2]
        out[512 + 128 * i : 576 + 128 * i] = blocks.reshape(-1)
    return out


def _floats(rng):
    return (rng.uniform(-2, 2, CAPACITY).astype(np.float32),
            rng.uniform(-2, 2, CAPACITY).astype(np.float32), 0.0)  # fmt: skip


def test_two_register_and_block_post_forms_match_numpy():
    outcome = run_sample(Sample("walk2", Port(walk2_vf, 0, _floats, _walk2_golden, check=_exact)))
    assert outcome.passed, outcome.detail
    cpp = outcome.cpp
    post = "AscendC::Reg::PostLiteral::POST_MODE_UPDATE"
    block = "AscendC::Reg::DataCopyMode::DATA_BLOCK_COPY"
    assert (
        "AscendC::Reg::LoadAlign<float, AscendC::Reg::LoadDist::DIST_DINTLV_B32>(e, o, y, a);"
        in cpp
    )
    assert (
        "AscendC::Reg::StoreAlign<float, AscendC::Reg::StoreDist::DIST_INTLV_B32>(z, o, e, a, full);"
        in cpp
    )
    assert (
        f"AscendC::Reg::LoadAlign<float, {post}, AscendC::Reg::LoadDist::DIST_DINTLV_B32>(e_1, o_1, p, "
        in cpp
    )
    assert f"AscendC::Reg::LoadAlign<float, {block}, {post}>(r, q, static_cast<uint32_t>(" in cpp
    assert f"AscendC::Reg::StoreAlign<float, {block}, {post}>(w_1, r, static_cast<uint32_t>(" in cpp


GATHER_OFFSETS = np.array([7, 0, 3, 3, 100, 1, 5, 2], np.uint32) * 32


@asc.vf
def gather_b_vf(x: R.UbPointer, y: R.UbPointer, m: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """z[0:64]: x's DataBlocks at the byte offsets m[0:8] under a mask of the first n
    floats (a block with none of them is 0); z[64:128] the same with every block on."""
    index = R.load_align(m)
    first, _ = R.update_mask(n, x.dtype)
    full = R.create_mask(x.dtype)
    R.store_align(z, R.gather_b(x, index, first), full)
    R.store_align(z, R.gather_b(x, index, full), full, 64)


def _gather_inputs(rng):
    x, y, s = _floats(rng)
    m = np.zeros(CAPACITY, np.uint32)
    m[:8] = GATHER_OFFSETS
    return x, y, s, m


def _gather_golden(x, y, s, z, m):
    out = z.copy()
    blocks = np.concatenate([x[o // 4 : o // 4 + 8] for o in m[:8]])
    out[64:128] = blocks
    out[0:56] = blocks[:56]  # (n = 50: blocks 0..6 have an enabled float, block 7 none)
    return out


def test_gather_b_matches_numpy_and_refusals():
    port = Port(gather_b_vf, 50, _gather_inputs, _gather_golden, check=_exact,
                m_dtype=np.dtype(np.uint32))  # fmt: skip
    outcome = run_sample(Sample("gather_b", port))
    assert outcome.passed, outcome.detail
    assert "AscendC::Reg::GatherB(v1, x, index, first);" in outcome.cpp

    @asc.vf
    def odd_vf(x: R.UbPointer, y: R.UbPointer, m: R.UbPointer, z: R.UbPointer, n: int, s: float):
        R.store_align(z, R.gather_b(x, R.adds(R.load_align(m), 4, R.create_mask(m.dtype)),
                                    R.create_mask(x.dtype)), R.create_mask(x.dtype))  # fmt: skip

    port = Port(odd_vf, 0, _gather_inputs, _gather_golden, m_dtype=np.dtype(np.uint32))
    outcome = run_sample(Sample("odd", port))
    assert "AlignmentError" in outcome.detail and "index[0] = 228 bytes" in outcome.detail

    @asc.vf
    def post_intlv_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
        r = R.load_align(x)
        R.store_align_post(z, r, 128, R.create_mask(x.dtype), dist=SD.DIST_INTLV_B32)

    outcome = run_sample(Sample("pi", Port(post_intlv_vf, 0, _floats, _walk2_golden)))
    assert "3510 has no PostUpdate form of the two-register StoreAlign" in outcome.detail
    assert "test_reg_more.py" in outcome.detail


# -- PACK stores of a narrowed register, partial masks ---------------------------------


@asc.vf
def pack_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """The 3510 adv-API kernels' tail store: a float -> half Cast's register stored with
    `StoreAlign<half, DIST_PACK_B32>` under a b32 mask. z[0:64]: every third float (M3,
    the others left as they were); z[64:64+n]: the first n (UpdateMask)."""
    full = R.create_mask(x.dtype)
    h = R.cast(R.load_align(x), asc.float16, full)
    R.store_align(z, h, R.create_mask(x.dtype, R.MaskPattern.M3), 0, dist=SD.DIST_PACK_B32)
    first, _ = R.update_mask(n, x.dtype)
    R.store_align(z, h, first, 64, dist=SD.DIST_PACK_B32)


def _pack_golden(x, y, s, z):
    out = z.copy()
    out[0:64:3] = x[0:64:3].astype(np.float16)
    out[64:114] = x[:50].astype(np.float16)
    return out


def test_pack_store_of_a_narrowed_register_under_partial_masks():
    port = Port(pack_vf, 50, _floats, _pack_golden, check=_exact, out_dtype=np.dtype(np.float16))
    outcome = run_sample(Sample("pack", port))
    assert outcome.passed, outcome.detail
    assert "AscendC::Reg::StoreAlign<half, AscendC::Reg::StoreDist::DIST_PACK_B32>(z + " in (
        outcome.cpp
    )


# -- __VEC_SCOPE__ (`with asc.vec_scope():`) -----------------------------------------

SOC = "Ascend950PR_9599"
VL = 64


@asc.jit
def scope_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """z = sqrt(x) + 1 over n floats, the vector part inline in a __VEC_SCOPE__ (no
    MTE2 -> V flag written: insert_sync places it, the race checker finds it missing)."""
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    ub = asc.LocalMemAllocator()
    xl = ub.alloc(asc.TPosition.VECIN, asc.float32, 2 * VL)
    zl = ub.alloc(asc.TPosition.VECOUT, asc.float32, 2 * VL)
    asc.data_copy(xl, xg, 2 * VL)
    xp, zp = R.ub_pointer(xl), R.ub_pointer(zl)
    with asc.vec_scope():
        left = n
        for i in range(asc.ceildiv(n, VL)):
            mask, left = R.update_mask(left, asc.float32)
            r = R.adds(R.sqrt(R.load_align(xp, i * VL), mask), 1.0, mask)
            R.store_align(zp, r, mask, i * VL)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 2 * VL)


def test_vec_scope_runs_prints_and_is_synced_like_a_vf_call():
    import warnings

    from asc_xdsl.runtime.simulator.sanitizer import SanitizerWarning

    x = np.arange(2 * VL, dtype=np.float32)
    z = np.zeros_like(x)
    with pytest.warns(SanitizerWarning) as found:
        scope_kernel[1](x, z, 2 * VL, platform=SOC, insert_sync=False)
    message = str(found[0].message)
    assert "__VEC_SCOPE__" in message and "RAW" in message and "SetFlag<MTE2_V>" in message
    assert "with asc.vec_scope():\n    ^" in message
    z[:] = 0
    with warnings.catch_warnings():
        warnings.simplefilter("error", SanitizerWarning)
        scope_kernel[1](x, z, 2 * VL, platform=SOC, insert_sync=True)
    assert _exact(z, np.sqrt(x) + np.float32(1)) is None
    cpp = scope_kernel.compile(x, z, 2 * VL, soc_version=SOC, insert_sync=True).asm["ascendc"]
    wait = cpp.index("WaitFlag<AscendC::HardEvent::MTE2_V>")
    assert cpp.index("DataCopy(xl") < wait < cpp.index("__VEC_SCOPE__\n  {\n")
    assert "AscendC::Reg::Sqrt(" in cpp and "PipeBarrier<PIPE_V>" not in cpp
    with warnings.catch_warnings(record=True) as seen:  # verify_sync sees the missing flag
        warnings.simplefilter("always")
        scope_kernel.compile(x, z, 2 * VL, soc_version=SOC, insert_sync=False, verify_sync=True)
    assert any("'ascendc.reg.vec_scope' (pipe V) reads memory" in str(w.message) for w in seen)


def test_vec_scope_refusals_are_located():
    from asc_xdsl.frontend.errors import CompileError

    @asc.jit
    def rebinds(x: asc.GlobalAddress, n: int):
        xl = asc.LocalMemAllocator().alloc(asc.TPosition.VECIN, asc.float32, VL)
        xp = R.ub_pointer(xl)
        with asc.vec_scope():
            mask, n = R.update_mask(n, asc.float32)
            R.store_align(xp, R.load_align(xp), mask)

    x = np.zeros(VL, np.float32)
    with pytest.raises(CompileError, match=r"variable 'n' is rebound inside 'asc\.vec_scope"):
        rebinds.compile(x, 1, soc_version=SOC)

    @asc.jit
    def kernel_side(x: asc.GlobalAddress, n: int):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        xl = asc.LocalMemAllocator().alloc(asc.TPosition.VECIN, asc.float32, VL)
        with asc.vec_scope():
            asc.data_copy(xl, xg, VL)

    with pytest.raises(
        CompileError, match="is kernel-side and cannot be inside __VEC_SCOPE__"
    ) as e:
        kernel_side.compile(x, 1, soc_version=SOC)
    assert "asc.data_copy(xl, xg, VL)" in str(e.value)

    @asc.jit
    def used_after(x: asc.GlobalAddress, n: int):
        xl = asc.LocalMemAllocator().alloc(asc.TPosition.VECIN, asc.float32, VL)
        xp = R.ub_pointer(xl)
        with asc.vec_scope():
            mask = R.create_mask(asc.float32)
        R.store_align(xp, R.load_align(xp), mask)

    with pytest.raises(CompileError, match=r"name 'mask' is bound only inside the 'asc\.vec_scope"):
        used_after.compile(x, 1, soc_version=SOC)

    @asc.jit
    def not_950(x: asc.GlobalAddress, n: int):
        with asc.vec_scope():
            pass

    with pytest.raises(CompileError, match="exists on Ascend 950"):
        not_950.compile(x, 1, soc_version="Ascend910B1")


@asc.vf
def pack4_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """A float -> int32 -> uint8 Cast's register stored with `StoreAlign<uint8_t,
    DIST_PACK4_B32>` (each 32-bit lane's low byte) under UpdateMask<float>(n): z[0:n].
    (3510's Cast has no float -> uint8 pair: int32 -> uint8 puts element i in byte 4i.)"""
    full = R.create_mask(x.dtype)
    w = R.cast(R.load_align(x), asc.int32, full, R.RoundMode.CAST_RINT)
    b = R.cast(w, asc.uint8, full)
    first, _ = R.update_mask(n, x.dtype)
    R.store_align(z, b, first, 0, dist=SD.DIST_PACK4_B32)


def _bytes_inputs(rng):
    x = rng.integers(0, 256, CAPACITY).astype(np.float32)
    return x, x.copy(), 0.0


def _pack4_golden(x, y, s, z):
    out = z.copy()
    out[:50] = x[:50].astype(np.uint8)
    return out


def test_pack4_store_of_a_uint8_cast():
    port = Port(pack4_vf, 50, _bytes_inputs, _pack4_golden, check=_exact,
                out_dtype=np.dtype(np.uint8))  # fmt: skip
    outcome = run_sample(Sample("pack4", port))
    assert outcome.passed, outcome.detail
    assert "StoreAlign<uint8_t, AscendC::Reg::StoreDist::DIST_PACK4_B32>(z + " in outcome.cpp
