"""The Reg layer's address forms and fused ops (`dialects/ascendc/reg_address.py`,
`reg_fused.py`): IR round trip, C++, numerics on the simulator against numpy, and
the refusals. Each vector function runs through `tools/reg_samples.py`'s kernel."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

import asc_xdsl as asc
from asc_xdsl.frontend.ir_context import make_context
from tools.reg_samples import CAPACITY, Port, Sample, run_sample

P32 = "memref<?xf32, 26 : i64>"
P16 = "memref<?xf16, 26 : i64>"
R32 = "!ascendc.reg_tensor<f32>"
R16 = "!ascendc.reg_tensor<f16>"
M = "!ascendc.mask_reg"

OPS = f"""
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %m = ascendc.reg.create_mask {{dtype = f32, pattern = 0 : i32}} : () -> {M}
    %r, %x1 = ascendc.reg.load_align_post %x, %c64 : {P32}, i32 -> {R32}, {P32}
    %x2 = ascendc.reg.store_align_post %x1, %c64, %r, %m : {P32}, i32, {R32}, {M} -> {P32}
    %u = ascendc.reg.load_unalign_pre %x : {P32} -> !ascendc.unalign_reg_load
    %r2, %u2, %x3 = ascendc.reg.load_unalign_post %u, %x, %c64 : !ascendc.unalign_reg_load, {P32}, i32 -> {R32}, !ascendc.unalign_reg_load, {P32}
    scf.for %i = %c0 to %c64 step %c64 : i32 {{
      scf.for %j = %c0 to %c64 step %c64 : i32 {{
        %a = ascendc.reg.create_addr_reg(%i, %c64, %j, %c64 : i32, i32, i32, i32) {{dtype = f32}} : () -> !ascendc.addr_reg
        %r3 = ascendc.reg.load_align_areg %x, %a : {P32}, !ascendc.addr_reg -> {R32}
        ascendc.reg.store_align_areg %x, %a, %r3, %m : {P32}, !ascendc.addr_reg, {R32}, {M}
      }}
    }}
    %s = ascendc.reg.load_scalar %h, %c0 : {P16}, i32 -> f16
    %g = ascendc.reg.mask_gen_with_reg_tensor %r {{offset = 31 : i16}} : {R32} -> {M}
    %hr = ascendc.reg.load_align %h, %c0 : {P16}, i32 -> {R16}
    %e = ascendc.reg.exp_sub %hr, %hr, %m {{layout = 1 : i32}} : {R16}, {R16}, {M} -> {R32}
    %d = ascendc.reg.duplicate_reg %r, %g : {R32}, {M} -> {R32}
    %mm = ascendc.reg.max_merging %d, %r, %r2, %g : {R32}, {R32}, {R32}, {M} -> {R32}
    %mv = ascendc.reg.mask_move %g, %m : {M}, {M} -> {M}
    %rb = ascendc.reg.load_align_block %x, %c0, %c64, %m : {P32}, i32, i32, {M} -> {R32}
    ascendc.reg.store_align_block %x, %c64, %c0, %rb, %m : {P32}, i32, i32, {R32}, {M}"""


def _module(body: str) -> str:
    return f"""builtin.module attributes {{ascendc.soc = "Ascend950PR_9599"}} {{
  func.func @vf(%x: {P32}, %h: {P16}) attributes {{ascendc.vf}} {{{body}
    func.return
  }}
}}"""


def _parse(text: str):
    module = Parser(make_context(), text).parse_module()
    module.verify()
    return module


def test_every_op_round_trips():
    module = _parse(_module(OPS))
    printed = str(module)
    assert str(_parse(printed)) == printed
    for name in ("load_align_post", "load_unalign_post", "create_addr_reg", "max_merging",
                 "load_align_block", "store_align_block"):  # fmt: skip
        assert f"ascendc.reg.{name}" in printed


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("offset = 31", "offset = 32", "offset must be in 0..31 for f32"),
        ("%i, %c64, %j, %c64 : i32, i32, i32, i32", "%i : i32", r"1 to 4 \(index, stride\)"),
        ("(%i, %c64, %j", "(%c0, %c64, %j", "index0 must be the counter of an enclosing loop"),
        ("(%i, %c64, %j, %c64", "(%j, %c64, %i, %c64", "index1 belongs to a loop outside"),
        (f"-> {R32}\n    %d", f"-> {R16}\n    %d", "ExpSub does not take T = f16 from S = f16"),
    ],
)
def test_verifier_refusals(old, new, message):
    text = _module(OPS)
    assert old in text
    with pytest.raises(VerifyException, match=message):
        _parse(text.replace(old, new))


# -- numerics (and the C++ of the same functions) ------------------------------------


@asc.vf
def walk_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """z[0:256] = x[0:256] * y[i] by PostUpdate walks and AuxScalar reads; z[256:512]
    from x[256:512] + 1 through a two-level AddrReg; z[512:640] two registers of the
    unaligned stream from y with stride 3; z[640:704] x selected by MaskGenWithRegTensor
    (block 1) over y; z[704:768] x[0] duplicated; z[768:832] e^(x - y)."""
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype)
    first = asc.reg.load_align(x)
    other = asc.reg.load_align(y)
    for i in range(4):
        xr, x = asc.reg.load_align_post(x, vl)
        z = asc.reg.store_align_post(z, asc.reg.muls(xr, y[i], mask), vl, mask)
    for i in range(n):
        for j in range(2):
            a = asc.reg.create_addr_reg(x.dtype, i, 2 * vl, j, vl)
            asc.reg.store_align(z, asc.reg.adds(asc.reg.load_align(x, a), 1.0, mask), mask, a)
    z = asc.reg.store_align_post(
        z, first, 0, asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.ALLF)
    )
    _, z = asc.reg.load_align_post(z, 4 * vl)
    u = asc.reg.load_unalign_pre(y)
    p = y
    for _i in range(2):
        r, u, p = asc.reg.load_unalign_post(u, p, 3)
        z = asc.reg.store_align_post(z, r, vl, mask)
    chosen = asc.reg.select(first, other, asc.reg.mask_gen_with_reg_tensor(first, 1))
    z = asc.reg.store_align_post(z, chosen, vl, mask)
    z = asc.reg.store_align_post(z, asc.reg.duplicate(first, mask), vl, mask)
    asc.reg.store_align(z, asc.reg.exp_sub(first, other, mask), mask)


def _walk_golden(x, y, s, z):
    out = z.copy()
    out[:256] = x[:256] * np.repeat(y[:4], 64)
    out[256:512] = x[256:512] + np.float32(1)
    out[512:640] = np.concatenate([y[0:64], y[3:67]])
    bits = np.unpackbits(x[2:4].view(np.uint8), bitorder="little").astype(bool)
    out[640:704] = np.where(bits, x[:64], y[:64])
    out[704:768] = x[0]
    out[768:832] = np.exp(x[:64] - y[:64])
    return out


@asc.vf
def half_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """From halves into floats: z[0:64] = e^(x - y) of the odd halves (layout ONE);
    z[64:128] 1.0 where MaskGenWithRegTensor (block 2 of x) enables a float; z[128:192]
    x[5] read as a scalar."""
    full = asc.reg.create_mask(asc.float32)
    hx = asc.reg.load_align(x)
    e = asc.reg.exp_sub(hx, asc.reg.load_align(y), full, asc.reg.RegLayout.ONE)
    asc.reg.store_align(z, e, full)
    ones = asc.reg.duplicate(1.0, asc.reg.mask_gen_with_reg_tensor(hx, 2), asc.float32)
    asc.reg.store_align(z, ones, full, 64)
    asc.reg.store_align(z, asc.reg.duplicate(x[5], full, asc.float32), full, 128)


def _half_golden(x, y, s, z):
    out = z.copy()
    out[:64] = np.exp(x[1:128:2].astype(np.float32) - y[1:128:2].astype(np.float32))
    bits = np.unpackbits(x[16:24].view(np.uint8), bitorder="little")
    out[64:128] = bits[0::2]  # (a float is enabled by mask bit 4k: source bit 2k)
    out[128:192] = np.float32(x[5])
    return out


@asc.vf
def merging_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """The MERGING binaries under the first-half mask: z[0:64] a + b over b, z[64:128]
    max(a, b) over a, z[128:192] min(a, b) over b; z[192:256] a where a > b in the first
    half (the compare's mask moved under the half mask), else b."""
    full = asc.reg.create_mask(x.dtype)
    half = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.H)
    a = asc.reg.load_align(x)
    b = asc.reg.load_align(y)
    asc.reg.store_align(z, asc.reg.add_merging(b, a, b, half), full)
    asc.reg.store_align(z, asc.reg.max_merging(a, a, b, half), full, 64)
    asc.reg.store_align(z, asc.reg.min_merging(b, a, b, half), full, 128)
    gt = asc.reg.move(asc.reg.compare(a, b, asc.CMPMODE.GT, full), half)
    asc.reg.store_align(z, asc.reg.select(a, b, gt), full, 192)


def _merging_golden(x, y, s, z):
    out = z.copy()
    a, b, on = x[:64], y[:64], np.arange(64) < 32
    out[:64] = np.where(on, a + b, b)
    out[64:128] = np.where(on, np.maximum(a, b), a)
    out[128:192] = np.where(on, np.minimum(a, b), b)
    out[192:256] = np.where(on & (a > b), a, b)
    return out


def _inputs(dtype):
    def make(rng):
        x = rng.uniform(-2, 2, CAPACITY).astype(dtype)
        return x, rng.uniform(-2, 2, CAPACITY).astype(dtype), 0.0

    return make


def test_address_forms_match_numpy_and_print_the_samples_forms():
    port = Port(walk_vf, 2, _inputs(np.float32), _walk_golden)
    outcome = run_sample(Sample("walk", port))
    assert outcome.passed, outcome.detail
    cpp = outcome.cpp
    post = "AscendC::Reg::PostLiteral::POST_MODE_UPDATE"
    # the carried pointer is advanced in place; one used again is copied first
    assert f"AscendC::Reg::LoadAlign<float, {post}>(xr, x_1, static_cast<int32_t>(" in cpp
    assert f"AscendC::Reg::StoreAlign<float, {post}>(z_1, v2, static_cast<int32_t>(" in cpp
    assert "__ubuf__ float* z_2 = z_1;" in cpp
    assert "AscendC::Reg::LoadUnAlignPre(u, y);" in cpp
    assert "AscendC::Reg::LoadUnAlign(r, u_1, p, static_cast<uint32_t>(" in cpp
    assert "AscendC::Reg::CreateAddrReg<float>(static_cast<uint16_t>(i_1), " in cpp
    assert ", x_1, a);" in cpp and ", a, mask);" in cpp
    assert " = y[i];" in cpp
    assert "AscendC::Reg::MaskGenWithRegTensor<float, 1>(" in cpp
    assert "AscendC::Reg::ExpSub<float, float, AscendC::Reg::RegLayout::ZERO>(" in cpp
    assert "AscendC::Reg::Duplicate(v" in cpp and ", first, mask);" in cpp


def test_fused_ops_match_numpy():
    port = Port(half_vf, 0, _inputs(np.float16), _half_golden, dtype=np.dtype(np.float16),
                out_dtype=np.dtype(np.float32))  # fmt: skip
    outcome = run_sample(Sample("half", port))
    assert outcome.passed, outcome.detail
    assert "ExpSub<float, half, AscendC::Reg::RegLayout::ONE>" in outcome.cpp
    outcome = run_sample(Sample("merge", Port(merging_vf, 0, _inputs(np.float32), _merging_golden)))
    assert outcome.passed, outcome.detail
    # (dst starts as the kept register: a copy, as b and a are used again)
    assert "AscendC::Reg::RegTensor<float> v1 = b;" in outcome.cpp
    assert "AscendC::Reg::Add<float, AscendC::Reg::MaskMergeMode::MERGING>(v1, a, b, half_);" in (
        outcome.cpp
    )
    assert "AscendC::Reg::Max<float, AscendC::Reg::MaskMergeMode::MERGING>(v2, a, b, half_);" in (
        outcome.cpp
    )
    assert "AscendC::Reg::Move(gt, v" in outcome.cpp and ", half_);" in outcome.cpp


def test_misaligned_post_update_and_bad_pairs_are_located_errors():
    @asc.vf
    def odd_stride_vf(
        x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
    ):
        _, x = asc.reg.load_align_post(x, 3)
        r, x = asc.reg.load_align_post(x, 3)
        asc.reg.store_align(z, r, asc.reg.create_mask(x.dtype))

    outcome = run_sample(Sample("odd", Port(odd_stride_vf, 0, _inputs(np.float32), _walk_golden)))
    assert "AlignmentError" in outcome.detail and "PostUpdate" in outcome.detail
    assert "not 32-byte aligned" in outcome.detail

    @asc.vf
    def one_value_vf(
        x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
    ):
        asc.reg.create_addr_reg(x.dtype, n)

    outcome = run_sample(Sample("pairs", Port(one_value_vf, 1, _inputs(np.float32), _walk_golden)))
    assert "1 to 4 (index, stride) pairs, got 1 values" in outcome.detail
    assert "test_reg_address.py" in outcome.detail

    @asc.vf
    def widen_vf(
        x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
    ):
        full = asc.reg.create_mask(x.dtype)
        asc.reg.duplicate(asc.reg.load_align(x), full, asc.float16)

    outcome = run_sample(Sample("widen", Port(widen_vf, 0, _inputs(np.float32), _walk_golden)))
    assert "duplicate of a register of float32 makes float32, not float16" in outcome.detail


def test_ported_samples_with_a_stream_and_a_mask_tensor():
    """Two of tools/reg_samples.py's ports of these forms: reg_move scenario 2 (through
    the kernel with a third input) and reg_auxscalar."""
    from tools.reg_samples import SAMPLES

    for word in ("reg_move#2", "reg_auxscalar"):
        sample = next(s for s in SAMPLES if s.path.endswith(word))
        outcome = run_sample(sample)
        assert outcome.passed, outcome.detail


# -- the DataBlock copy (DataCopyMode::DATA_BLOCK_COPY) --------------------------------


@asc.vf
def block_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """z[0:512]: x's 8 x 8 DataBlocks transposed (loads 8 blocks apart, stores 1 apart);
    z[512:576] y's first block eight times (stride 0); under a mask of the first 20
    floats: z[576:640] the blocks 0-2 of x (2 partly enabled, loaded whole), zeros for the
    rest; x[0:20] stored 2 blocks apart from z[640] (the rest of z kept); z[768:832] and
    z[832:840] x's first block through a load and a store whose other blocks lie past UB
    under a mask that leaves them off."""
    full = asc.reg.create_mask(x.dtype)
    for i in range(8):
        r = asc.reg.load_align(x, i * 8, block_stride=8, mask=full)
        asc.reg.store_align(z, r, full, i * 64, block_stride=1)
    asc.reg.store_align(z, asc.reg.load_align(y, block_stride=0, mask=full), full, 512)
    first, _ = asc.reg.update_mask(n, x.dtype)
    part = asc.reg.load_align(x, block_stride=1, mask=first)
    asc.reg.store_align(z, part, full, 576)
    asc.reg.store_align(z, asc.reg.load_align(x), first, 640, block_stride=2)
    # blocks 1-7 are past UB (65535 blocks apart) but masked off: neither read nor written
    block0 = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.VL8)
    far = asc.reg.load_align(x, block_stride=65535, mask=block0)
    asc.reg.store_align(z, far, full, 768)
    asc.reg.store_align(z, far, block0, 832, block_stride=65535)


def _block_golden(x, y, s, z):
    out = z.copy()
    blocks = x[:512].reshape(8, 8, 8)  # (block row k, column i, 8 floats)
    out[:512] = blocks.transpose(1, 0, 2).reshape(-1)
    out[512:576] = np.tile(y[:8], 8)
    out[576:600] = x[:24]
    out[600:640] = 0
    for k, (lo, hi) in enumerate(((0, 8), (8, 16), (16, 20))):
        out[640 + 16 * k : 640 + 16 * k + hi - lo] = x[lo:hi]
    out[768:840] = np.concatenate([x[:8], np.zeros(56, np.float32), x[:8]])
    return out


def test_data_block_copy_matches_numpy_and_prints_the_sample_form():
    outcome = run_sample(Sample("block", Port(block_vf, 20, _inputs(np.float32), _block_golden)))
    assert outcome.passed, outcome.detail
    mode = "AscendC::Reg::DataCopyMode::DATA_BLOCK_COPY"
    assert f"AscendC::Reg::LoadAlign<float, {mode}>(r, x + " in outcome.cpp
    assert f"AscendC::Reg::StoreAlign<float, {mode}>(z + " in outcome.cpp
    assert (
        f"AscendC::Reg::LoadAlign<float, {mode}>(v3, y + c0_i32, static_cast<uint32_t>(c0_i32), full);"
        in outcome.cpp
    )
    assert (
        f"AscendC::Reg::StoreAlign<float, {mode}>(z + c640_i32, v4, static_cast<uint32_t>(c2_i32), first);"
        in outcome.cpp
    )


def test_data_block_copy_refusals():
    @asc.vf
    def wide_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
        asc.reg.load_align(x, block_stride=1 << 16, mask=asc.reg.create_mask(x.dtype))

    outcome = run_sample(Sample("wide", Port(wide_vf, 0, _inputs(np.float32), _block_golden)))
    assert "block_stride must be in 0..65535 DataBlocks" in outcome.detail
    assert "test_reg_address.py" in outcome.detail

    @asc.vf
    def no_stride_vf(
        x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
    ):
        asc.reg.load_align(x, mask=asc.reg.create_mask(x.dtype))

    outcome = run_sample(Sample("mask", Port(no_stride_vf, 0, _inputs(np.float32), _block_golden)))
    assert "mask= is for the DataBlock copy, which needs block_stride= too" in outcome.detail


# -- distribution modes (LoadAlign<T, LoadDist>, StoreAlign<T, StoreDist>) ------------

LD, SD = asc.reg.LoadDist, asc.reg.StoreDist


@asc.vf
def dist32_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """b32 modes: z[0:64] x[5] broadcast; z[64:128] x[0:32] unpacked; z[128:192] x's
    block 1 eight times; z[192:256] x[16:24] a block each; z[259] y[0] alone; z[320:352]
    y's low halves under the first-half mask; z[384:400] y's low bytes; z[448:512] x[64:128];
    z[512:576] and z[576:640] x[0:128]'s even and odd elements (DINTLV); z[640:768] x[0:64]
    and y[0:64] interleaved (INTLV); by PostUpdate, z[768:832] x[64:96] unpacked and
    z[832:864] the low halves of x[0] broadcast; by AddrReg, z[896:912] the low bytes of
    x[896:904] a block each."""
    full = asc.reg.create_mask(x.dtype)
    half = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.H)
    asc.reg.store_align(z, asc.reg.load_align(x, 5, dist=LD.DIST_BRC_B32), full)
    asc.reg.store_align(z, asc.reg.load_align(x, dist=LD.DIST_UNPACK_B32), full, 64)
    asc.reg.store_align(z, asc.reg.load_align(x, 8, dist=LD.DIST_BLK), full, 128)
    asc.reg.store_align(z, asc.reg.load_align(x, 16, dist=LD.DIST_E2B_B32), full, 192)
    b = asc.reg.load_align(y)
    asc.reg.store_align(z, b, half, 259, dist=SD.DIST_FIRST_ELEMENT_B32)
    asc.reg.store_align(z, b, half, 320, dist=SD.DIST_PACK_B32)
    asc.reg.store_align(z, b, full, 384, dist=SD.DIST_PACK4_B32)
    asc.reg.store_align(
        z, asc.reg.load_align(x, 64, dist=LD.DIST_NORM), full, 448, dist=SD.DIST_NORM_B32
    )
    even, odd = asc.reg.load_align(x, dist=LD.DIST_DINTLV_B32)
    asc.reg.store_align(z, even, full, 512)
    asc.reg.store_align(z, odd, full, 576)
    asc.reg.store_align(z, (asc.reg.load_align(x), b), half, 640, dist=SD.DIST_INTLV_B32)
    # the PostUpdate and AddrReg forms take the modes too
    brc, x1 = asc.reg.load_align_post(x, 64, dist=LD.DIST_BRC_B32)
    unpacked, _ = asc.reg.load_align_post(x1, 0, dist=LD.DIST_UNPACK_B32)
    none = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.ALLF)
    z1 = asc.reg.store_align_post(z, brc, 768, none)  # (writes nothing: z + 768)
    z2 = asc.reg.store_align_post(z1, unpacked, 64, full, dist=SD.DIST_NORM)
    asc.reg.store_align_post(z2, brc, 0, full, dist=SD.DIST_PACK_B32)
    for i in range(14, 15):
        a = asc.reg.create_addr_reg(x.dtype, i, 64)
        asc.reg.store_align(
            z, asc.reg.load_align(x, a, dist=LD.DIST_E2B_B32), full, a, dist=SD.DIST_PACK4_B32
        )


def _dist32_golden(x, y, s, z):
    out = z.copy()
    out[:64] = x[5]
    out[64:128:2], out[65:128:2] = x[:32], 0
    out[128:192] = np.tile(x[8:16], 8)
    out[192:256] = np.repeat(x[16:24], 8)
    out[259] = y[0]
    out.view(np.uint16)[640:672] = y[:32].view(np.uint32).astype(np.uint16)
    out.view(np.uint8)[1536:1600] = y[:64].view(np.uint32).astype(np.uint8)
    out[448:512] = x[64:128]
    out[512:576], out[576:640] = x[0:128:2], x[1:128:2]
    out[640:768:2], out[641:768:2] = x[:64], y[:64]
    out[768:832:2], out[769:832:2] = x[64:96], 0
    out.view(np.uint16)[1664:1728] = x[:1].view(np.uint32).astype(np.uint16)[0]
    out.view(np.uint8)[3584:3648] = np.repeat(x[896:904], 8).view(np.uint32).astype(np.uint8)
    return out


@asc.vf
def dist16_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """b16 modes: z[0:128] x[3] broadcast; z[128:256] x[0:64] each twice; z[256:384]
    x[0:256:2]; z[384:512] x[0:64] unpacked; z[512:640] x[8:16] a block each (a 16-byte
    aligned address); z[640:704] y's low bytes; z[769] y[0] alone."""
    full = asc.reg.create_mask(x.dtype)
    asc.reg.store_align(z, asc.reg.load_align(x, 3, dist=LD.DIST_BRC_B16), full)
    asc.reg.store_align(z, asc.reg.load_align(x, dist=LD.DIST_US_B16), full, 128)
    asc.reg.store_align(z, asc.reg.load_align(x, dist=LD.DIST_DS_B16), full, 256)
    asc.reg.store_align(z, asc.reg.load_align(x, dist=LD.DIST_UNPACK_B16), full, 384)
    asc.reg.store_align(z, asc.reg.load_align(x, 8, dist=LD.DIST_E2B_B16), full, 512)
    b = asc.reg.load_align(y)
    asc.reg.store_align(z, b, full, 640, dist=SD.DIST_PACK_B16)
    asc.reg.store_align(z, b, full, 769, dist=SD.DIST_FIRST_ELEMENT_B16)


def _dist16_golden(x, y, s, z):
    out = z.copy()
    out[:128] = x[3]
    out[128:256] = np.repeat(x[:64], 2)
    out[256:384] = x[:256:2]
    out[384:512:2], out[385:512:2] = x[:64], 0
    out[512:640] = np.repeat(x[8:16], 16)
    out.view(np.uint8)[1280:1408] = y[:128].view(np.uint16).astype(np.uint8)
    out[769] = y[0]
    return out


LOAD, STORE = "AscendC::Reg::LoadDist", "AscendC::Reg::StoreDist"


def test_distribution_modes_match_numpy_and_print_the_template():
    cpp32 = ""
    for name, vf, dtype, golden in (
        ("dist32", dist32_vf, np.float32, _dist32_golden),
        ("dist16", dist16_vf, np.float16, _dist16_golden),
    ):
        port = Port(vf, 0, _inputs(dtype), golden, dtype=np.dtype(dtype))
        outcome = run_sample(Sample(name, port))
        assert outcome.passed, outcome.detail
        cpp32 = cpp32 if name == "dist16" else outcome.cpp
    assert "AscendC::Reg::LoadAlign<half, AscendC::Reg::LoadDist::DIST_E2B_B16>(" in outcome.cpp
    assert (
        "AscendC::Reg::StoreAlign<half, AscendC::Reg::StoreDist::DIST_PACK_B16>(z + " in outcome.cpp
    )
    assert f"LoadAlign<float, {LOAD}::DIST_DINTLV_B32>(even, odd, x + c0_i32);" in cpp32
    assert f"StoreAlign<float, {STORE}::DIST_INTLV_B32>(z + c640_i32, " in cpp32
    post = "AscendC::Reg::PostLiteral::POST_MODE_UPDATE"
    assert f"LoadAlign<float, {post}, {LOAD}::DIST_UNPACK_B32>(unpacked, x1, " in cpp32
    assert f"StoreAlign<float, {STORE}::DIST_PACK4_B32>(z, v7, a, full);" in cpp32


def test_distribution_modes_round_trip():
    text = _module(
        OPS
        + f"""
    %b = ascendc.reg.load_align %x, %c0 {{dist = 3 : i32}} : {P32}, i32 -> {R32}
    ascendc.reg.store_align %x, %c0, %b, %m {{dist = 12 : i32}} : {P32}, i32, {R32}, {M}
    %ev, %od = ascendc.reg.load_align_dintlv %h, %c0 {{dist = 12 : i32}} : {P16}, i32 -> {R16}, {R16}
    ascendc.reg.store_align_intlv %x, %c0, %b, %b, %m {{dist = 11 : i32}} : {P32}, i32, {R32}, {R32}, {M}"""
    )
    printed = str(_parse(text))
    assert str(_parse(printed)) == printed
    assert "load_align_dintlv %h, %c0 {dist = 12 : i32}" in printed
    with pytest.raises(VerifyException, match="DIST_DINTLV_B16 takes b16 elements, not f32"):
        _parse(
            text.replace("dintlv %h", "dintlv %x").replace(
                f"{P16}, i32 -> {R16}, {R16}", f"{P32}, i32 -> {R32}, {R32}"
            )
        )
    with pytest.raises(
        VerifyException,
        match="takes DIST_INTLV_B8, DIST_INTLV_B16, DIST_INTLV_B32, not DIST_PACK_B32",
    ):
        _parse(text.replace("{dist = 11 : i32}", "{dist = 7 : i32}"))


def test_distribution_mode_refusals():
    text = _module(OPS)
    load = "%hr = ascendc.reg.load_align %h, %c0 :"
    assert load in text
    bad = load.replace("%c0 :", "%c0 {dist = 3 : i32} :")  # DIST_BRC_B32 of f16
    with pytest.raises(VerifyException, match="LoadAlign DIST_BRC_B32 takes b32 elements, not f16"):
        _parse(text.replace(load, bad))
    bad = load.replace("%c0 :", "%c0 {dist = 11 : i32} :")  # DIST_DINTLV_B8
    with pytest.raises(VerifyException, match="DIST_DINTLV_B8 is a two-register mode"):
        _parse(text.replace(load, bad))

    @asc.vf
    def wrong_vf(
        x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
    ):
        asc.reg.store_align(z, asc.reg.load_align(x), asc.reg.create_mask(x.dtype),
                            dist=SD.DIST_PACK_B16)  # fmt: skip

    outcome = run_sample(Sample("wrong", Port(wrong_vf, 0, _inputs(np.float32), _dist32_golden)))
    assert "StoreAlign DIST_PACK_B16 takes b8/b16 elements, not f32" in outcome.detail
    assert "test_reg_address.py" in outcome.detail


@asc.vf
def dist8_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """b8 modes (256 lanes): z[0:256] x[7] broadcast; z[256:512] x[0:128] each twice;
    z[512:768] x[0:512:2]; z[768:1024] x[0:128] unpacked; z[1024:1280] x[0:64] unpacked
    by four; z[1280:1536] and z[1536:1792] x[0:512]'s even and odd elements; z[1792:2304]
    x[0:256] and y[0:256] interleaved; z[2304] y[0] alone; z[2560:2816] y (NORM_B8)."""
    full = asc.reg.create_mask(x.dtype)
    asc.reg.store_align(z, asc.reg.load_align(x, 7, dist=LD.DIST_BRC_B8), full)
    asc.reg.store_align(z, asc.reg.load_align(x, dist=LD.DIST_US_B8), full, 256)
    asc.reg.store_align(z, asc.reg.load_align(x, dist=LD.DIST_DS_B8), full, 512)
    asc.reg.store_align(z, asc.reg.load_align(x, dist=LD.DIST_UNPACK_B8), full, 768)
    asc.reg.store_align(z, asc.reg.load_align(x, dist=LD.DIST_UNPACK4_B8), full, 1024)
    even, odd = asc.reg.load_align(x, dist=LD.DIST_DINTLV_B8)
    asc.reg.store_align(z, even, full, 1280)
    asc.reg.store_align(z, odd, full, 1536)
    b = asc.reg.load_align(y)
    asc.reg.store_align(z, (asc.reg.load_align(x), b), full, 1792, dist=SD.DIST_INTLV_B8)
    asc.reg.store_align(z, b, full, 2304, dist=SD.DIST_FIRST_ELEMENT_B8)
    asc.reg.store_align(z, b, full, 2560, dist=SD.DIST_NORM_B8)


def _dist8_inputs(rng):
    x = rng.integers(1, 256, CAPACITY).astype(np.uint8)  # (nonzero: the zeros unpacking adds show)
    return x, rng.integers(0, 256, CAPACITY).astype(np.uint8), 0.0


def _dist8_golden(x, y, s, z):
    out = z.copy()
    out[:256] = x[7]
    out[256:512] = np.repeat(x[:128], 2)
    out[512:768] = x[:512:2]
    out[768:1024] = 0
    out[768:1024:2] = x[:128]
    out[1024:1280] = 0
    out[1024:1280:4] = x[:64]
    out[1280:1536], out[1536:1792] = x[:512:2], x[1:512:2]
    out[1792:2304:2], out[1793:2304:2] = x[:256], y[:256]
    out[2304] = y[0]
    out[2560:2816] = y[:256]
    return out


def test_b8_distribution_modes_match_numpy():
    port = Port(dist8_vf, 0, _dist8_inputs, _dist8_golden, dtype=np.dtype(np.uint8))
    outcome = run_sample(Sample("dist8", port))
    assert outcome.passed, outcome.detail
    assert f"LoadAlign<uint8_t, {LOAD}::DIST_UNPACK4_B8>(" in outcome.cpp
