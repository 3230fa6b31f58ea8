"""Issue 30's third round of Reg forms: RegTraitNumTwo pairs (int64 / uint64 as two
32-bit halves) in the ops whose dav_3510 implementation has a 64-bit pair branch and
that did not take them (ShiftLeft / ShiftRight by a register, MulAddDst, Axpy,
Interleave / DeInterleave, the unaligned stores StoreUnAlign and Store, Gather /
Scatter of 64-bit elements with uint32 / uint64 indices), and the Reg Cast pairs of
the 3510 tables our spec left out (the uint16 / uint32 ones) with the rest refused:
each against numpy bit for bit through `tools/reg_samples.py`'s kernel, their C++
(header-checked for 3510 through `tests/filecheck/reg/forms3_s9.mlir`) and the
refusals at their line."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

import asc_xdsl as asc
from asc_xdsl.dialects.ascendc.reg import REG_CAST_FORMS
from asc_xdsl.frontend.ir_context import make_context
from tools.reg_samples import CAPACITY, Port, Sample, run_sample

R = asc.reg
TWO = R.RegTrait.NUM_TWO


def _exact(z: np.ndarray, golden: np.ndarray) -> str | None:
    if np.array_equal(z, golden):
        return None
    first = int(np.argmax(z != golden))
    return f"z[{first}] = {z[first]}, expected {golden[first]}"


def _run(vf, golden, make, dtype, out_dtype=None, y_dtype=None, n=50):
    port = Port(vf, n, make, golden, dtype=np.dtype(dtype), check=_exact,
                out_dtype=None if out_dtype is None else np.dtype(out_dtype),
                y_dtype=None if y_dtype is None else np.dtype(y_dtype))  # fmt: skip
    outcome = run_sample(Sample(vf.__name__, port))
    assert outcome.passed, outcome.detail
    return outcome.cpp


# -- int64 pairs: shifts, multiply-adds, (de)interleave, unaligned stores ----------------


@asc.vf
def pairs_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """x[0:64], x[64:128] and y[0:64] (shifts, 0..32) as int64 pairs a, b, k; the first
    n elements on (a b32 mask). z (64 elements a block): ShiftLeft(a, k), ShiftRight(a,
    k), MulAddDst(a, b, b), Axpy(a, b, 3), Interleave(a, b), DeInterleave(a, b), then
    StoreUnAlign of a's first n at z[512 + 3] and Store of all of b at z[600 + 1];
    Duplicate of b's element 0 (a pair, the first n) at z[704:768) and of one register
    x[160:192)'s (its first 16) at z[768:800); Cast<int64_t, int32_t> MERGING of b's
    low words (a NO_SAT int64 -> int32 pair cast) into b at z[832:896)."""
    m, _ = R.update_mask(n, x.dtype, TWO)
    full = R.create_mask(x.dtype, trait=TWO)
    a = R.load_align(x, 0, TWO)
    b = R.load_align(x, 64, TWO)
    k = R.load_align(y, 0, TWO)
    R.store_align(z, R.shift_left(a, k, m), full, 0)
    R.store_align(z, R.shift_right(a, k, m), full, 64)
    R.store_align(z, R.mul_add_dst(a, b, b, m), full, 128)
    R.store_align(z, R.axpy(a, b, 3, m), full, 192)
    i0, i1 = R.interleave(a, b)
    R.store_align(z, i0, full, 256)
    R.store_align(z, i1, full, 320)
    d0, d1 = R.deinterleave(a, b)
    R.store_align(z, d0, full, 384)
    R.store_align(z, d1, full, 448)
    R.store_unalign(z, a, n, 512 + 3)
    R.store(z, b, offset=600 + 1)
    R.store_align(z, R.duplicate(b, m), full, 704)
    one = R.create_mask(x.dtype, R.MaskPattern.H)
    R.store_align(z, R.duplicate(R.load_align(x, 160), one), R.create_mask(x.dtype), 768)
    w = R.cast(b, asc.int32, full, sat=R.SatMode.NO_SAT)  # (the low words: 64 int32)
    R.store_align(z, R.cast_merging(b, w, m), full, 832)  # (int32 -> int64 pair, MERGING)


def _pairs_make(rng):
    x = rng.integers(-(2**62), 2**62, CAPACITY, dtype=np.int64)
    # a (the shifted pair): within what the header's 64-bit composition and the pages
    # agree on (|a| < 2**28, counts 0..32: ops/shifts.py; beyond it an error)
    x[:64] = rng.integers(-(2**28), 2**28, 64)
    x[5] = -(2**28)
    y = rng.integers(0, 33, CAPACITY, dtype=np.int64)
    y[:6] = (0, 31, 32, 1, 16, 8)
    return x, y, 0.0


def _shift(a: int, k: int, left: bool) -> int:
    """The simulator's (and the pages') 64-bit shifts: signed left keeps the sign bit,
    0 past the width; right sign-fills."""
    if left:
        if k >= 64:
            return 0
        moved = (a << k) & (2**63 - 1)
        return moved - 2**63 if a < 0 else moved
    return a >> min(k, 63)


def _pairs_golden(x, y, s, z):
    out = z.copy()
    a, b, k = x[:64], x[64:128], y[:64]
    on = np.arange(64) < 50
    wrap = lambda v: np.array([((int(t) + 2**63) % 2**64) - 2**63 for t in v], np.int64)  # noqa: E731
    out[0:64] = np.where(on, [_shift(int(p), int(q), True) for p, q in zip(a, k, strict=True)], 0)
    out[64:128] = np.where(
        on, [_shift(int(p), int(q), False) for p, q in zip(a, k, strict=True)], 0
    )
    out[128:192] = np.where(
        on, wrap(int(p) * int(p) + int(q) for p, q in zip(b, a, strict=True)), 0
    )
    out[192:256] = np.where(on, wrap(3 * int(p) + int(q) for p, q in zip(b, a, strict=True)), 0)
    both = np.empty(128, np.int64)
    both[0::2], both[1::2] = a, b
    out[256:384] = both
    ab = np.concatenate([a, b])
    out[384:448], out[448:512] = ab[0::2], ab[1::2]
    out[515:565] = a[:50]
    out[601:665] = b
    out[704:768] = np.where(on, b[0], 0)
    out[768:800] = np.where(np.arange(32) < 16, x[160], 0)
    out[832:896] = np.where(on, b.astype(np.int32).astype(np.int64), b)
    return out


def test_int64_pairs_match_numpy():
    cpp = _run(pairs_vf, _pairs_golden, _pairs_make, np.int64)
    assert "AscendC::Reg::RegTensor<int64_t, AscendC::Reg::RegTraitNumTwo>" in cpp
    assert "AscendC::Reg::ShiftLeft(" in cpp and "AscendC::Reg::MulAddDst(" in cpp
    assert "AscendC::Reg::Interleave<int64_t>(" in cpp


# -- Gather / Scatter of 64-bit elements ---------------------------------------------------


@asc.vf
def gather64_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """x: int64 data; y: uint32 indices (y[0:64] into x, y[64:128] distinct ones past
    2048). z: [0:32) a one-register gather by y[0:32] (its first 16 on); [64:128) a pair
    by the uint32 register y[0:64] (the first n on); [128:192) a pair by the uint64 pair
    UnPack(y[0:64]); [192:224) one register by the one-register uint64 UnPack(y[0:32]);
    [224:256) one register by the uint64 pair; then Scatter of the pair [64:128) to
    z[y[64 + i]] (uint32 indices) and of the one register [0:32) to z[y[128 + i]] (a
    uint64 pair of indices)."""
    half = R.create_mask(x.dtype, R.MaskPattern.H)
    one = R.create_mask(x.dtype)
    m, _ = R.update_mask(n, x.dtype, TWO)
    full = R.create_mask(x.dtype, trait=TWO)
    idx = R.load_align(y)
    g1 = R.gather(x, idx, half)
    R.store_align(z, g1, one, 0)
    g2 = R.gather(x, idx, m, TWO)
    R.store_align(z, g2, full, 64)
    wide = R.unpack(idx, asc.uint64, trait=TWO)
    R.store_align(z, R.gather(x, wide, full, TWO), full, 128)
    low = R.unpack(idx, asc.uint64)
    R.store_align(z, R.gather(x, low, one), one, 192)
    R.store_align(z, R.gather(x, wide, one), one, 224)
    far = R.load_align(y, 64)
    R.scatter(z, g2, far, full)
    R.scatter(z, g1, R.unpack(R.load_align(y, 128), asc.uint64, trait=TWO), half)


def _gather_make(rng):
    x = rng.integers(-(2**63), 2**63 - 1, CAPACITY, dtype=np.int64)
    y = np.zeros(CAPACITY, np.uint32)
    y[:64] = rng.integers(0, CAPACITY, 64)
    y[64:192] = rng.choice(np.arange(2048, CAPACITY), 128, replace=False)
    return x, y, 0.0


def _gather_golden(x, y, s, z):
    out = z.copy()
    i = y.astype(np.int64)
    on = np.arange(64) < 50
    out[0:16] = x[i[:16]]
    out[16:32] = 0
    out[64:128] = np.where(on, x[i[:64]], 0)
    out[128:192] = x[i[:64]]
    out[192:224] = x[i[:32]]
    out[224:256] = x[i[:32]]
    out[i[64:128]] = out[64:128]
    out[i[128:144]] = out[0:16]
    return out


def test_int64_gather_scatter_match_numpy():
    cpp = _run(gather64_vf, _gather_golden, _gather_make, np.int64, y_dtype=np.uint32)
    assert "AscendC::Reg::Gather(g2, x, idx, m);" in cpp
    assert "AscendC::Reg::Scatter(z, g2, far, full);" in cpp


# -- 64-bit PostUpdate, unaligned-stream and AddrReg forms ------------------------------------


@asc.vf
def post64_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """int64. A pair x[0:64] by LoadAlign PostUpdate (stride 64) and one register
    x[64:96] after it; a pair by LoadUnAlign PostUpdate at x + 3 with stride 64 and one
    at x + 67 with stride 8 (its halves at x + 67 and x + 75); the AddrReg forms (two
    steps of 32). z: the first pair's first n elements at z[0:64) (stride 64), the pair
    again at stride 16 from z + 128 (its second half at z + 144), the unaligned pairs at
    z[256:320) and z[320:384), the one register by AddrReg at z[384 + 32 i] for i = 0,
    1 (x[64 + 32 i:]), the register of x[64:96) at z[448:480) by StoreAlign PostUpdate.
    (The pointers into z come from PostUpdate loads, ordered before the stores.)"""
    m, _ = R.update_mask(n, x.dtype, TWO)
    full = R.create_mask(x.dtype, trait=TWO)
    one = R.create_mask(x.dtype)
    _, zq = R.load_align_post(z, 128)
    _, zs = R.load_align_post(z, 256)
    _, zk = R.load_align_post(z, 384)
    _, zb = R.load_align_post(z, 448)
    R.local_mem_bar(R.MemType.VEC_LOAD, R.MemType.VEC_STORE)
    a, xp = R.load_align_post(x, 64, trait=TWO)
    b, _ = R.load_align_post(xp, 32)
    R.store_align_post(z, a, 64, m)
    R.store_align_post(zq, a, 16, full)
    _, xu = R.load_align_post(x, 3)
    c, _, xv = R.load_unalign_post(R.load_unalign_pre(xu), xu, 64, trait=TWO)
    d, _, _ = R.load_unalign_post(R.load_unalign_pre(xv), xv, 8, trait=TWO)
    zt = R.store_align_post(zs, c, 64, full)
    R.store_align_post(zt, d, 64, full)
    for i in range(2):
        k = R.create_addr_reg(x.dtype, i, 32)
        R.store_align(zk, R.load_align(xp, k), one, k)
    R.store_align_post(zb, b, 32, one)


def _post64_golden(x, y, s, z):
    out = z.copy()
    a = x[:64]
    out[0:64] = np.where(np.arange(64) < 50, a, 0)
    out[128:160], out[144:176] = a[:32], a[32:]
    out[256:320] = x[3:67]
    out[320:352], out[352:384] = x[67:99], x[75:107]
    out[384:448] = x[64:128]
    out[448:480] = x[64:96]
    return out


def test_int64_post_update_unaligned_and_addr_reg_forms_match_numpy():
    """The pair forms' halves go where the 3510 header's two 32-bit accesses put them:
    the second at the pointer the first advanced by min(stride, 32)."""
    cpp = _run(post64_vf, _post64_golden, _pairs_make, np.int64)
    assert "AscendC::Reg::RegTensor<int64_t, AscendC::Reg::RegTraitNumTwo> a;" in cpp
    assert "AscendC::Reg::LoadUnAlign(c, v2, xv, static_cast<uint32_t>(c64_i32));" in cpp
    assert "AscendC::Reg::LoadAlign(v4, xp, k);" in cpp


# -- the uint16 / uint32 Cast pairs, and rounding / saturation -------------------------------

RM = R.RoundMode
NO_SAT = R.SatMode.NO_SAT
ONE = R.RegLayout.ONE


@asc.vf
def cast_u_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """r = x[64:128] (uint32), ri = y[0:64] (int32); each result widened back to uint32
    (exact) into z, 64 words a block: [0) uint32 -> uint16 NO_SAT (the low bits), [64)
    SAT, [128) uint32 -> int16 SAT, [192) int32 -> int16 NO_SAT then int16 -> uint32
    (a negative saturates to 0), [256) int32 -> uint16 SAT, [320) uint32 -> uint16 and
    back both at RegLayout ONE, [384) narrowed at ONE and widened at ZERO (the other
    slot: 0), [448) uint32 -> uint8 NO_SAT at RegLayout TWO and back; the first n
    elements on; [512) Cast<uint32_t, uint16_t> MERGING of r's low halves into r."""
    m, _ = R.update_mask(n, asc.uint32)
    full = R.create_mask(asc.uint32)
    r = R.load_align(x, 64)
    ri = R.load_align(y)
    R.store_align(z, R.cast(R.cast(r, asc.uint16, m, sat=NO_SAT), asc.uint32, full), full, 0)
    R.store_align(z, R.cast(R.cast(r, asc.uint16, m), asc.uint32, full), full, 64)
    R.store_align(z, R.cast(R.cast(r, asc.int16, m), asc.uint32, full), full, 128)
    wrapped = R.cast(ri, asc.int16, full, sat=NO_SAT)
    R.store_align(z, R.cast(wrapped, asc.uint32, m), full, 192)
    R.store_align(z, R.cast(R.cast(ri, asc.uint16, m), asc.uint32, full), full, 256)
    hi = R.cast(r, asc.uint16, m, layout=ONE)
    R.store_align(z, R.cast(hi, asc.uint32, full, layout=ONE), full, 320)
    R.store_align(z, R.cast(hi, asc.uint32, full), full, 384)
    two = R.RegLayout.TWO
    b = R.cast(r, asc.uint8, m, sat=NO_SAT, layout=two)
    R.store_align(z, R.cast(b, asc.uint32, full, layout=two), full, 448)
    low = R.cast(r, asc.uint16, full, sat=NO_SAT)
    R.store_align(z, R.cast_merging(r, low, m), full, 512)


def _cast_u_make(rng):
    x = rng.integers(0, 2**32, CAPACITY, dtype=np.uint32)
    x[64:70] = (0, 65535, 65536, 32767, 32768, 2**32 - 1)
    y = rng.integers(-(2**31), 2**31, CAPACITY, dtype=np.int32)
    y[:6] = (-1, -32768, -32769, 65535, 65536, 40000)
    return x, y, 0.0


def _cast_u_golden(x, y, s, z):
    out = z.copy()
    r, ri = x[64:128].astype(np.int64), y[:64].astype(np.int64)
    on = np.arange(64) < 50
    blocks = [
        r & 0xFFFF,
        np.minimum(r, 65535),
        np.minimum(r, 32767),
        np.maximum(ri.astype(np.int16), 0),  # (the wrapped int16, saturated at 0)
        np.clip(ri, 0, 65535),
        np.minimum(r, 65535),
        np.zeros(64),
        r & 0xFF,
    ]
    for k, v in enumerate(blocks):
        out[64 * k : 64 * k + 64] = np.where(on, v, 0).astype(np.uint32)
    out[512:576] = np.where(on, r & 0xFFFF, r).astype(np.uint32)
    return out


def test_uint16_uint32_casts_match_numpy():
    cpp = _run(cast_u_vf, _cast_u_golden, _cast_u_make, np.uint32, y_dtype=np.int32)
    assert "AscendC::Reg::Cast<uint16_t, uint32_t, " in cpp
    assert "AscendC::Reg::Cast<uint32_t, int16_t, " in cpp
    assert "AscendC::Reg::Cast<uint16_t, int32_t, " in cpp


@asc.vf
def cast_round_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """x: int32; y: float32. z (float32), 64 a block: int32 -> float FLOOR [0), CEIL [64),
    RINT [128), ROUND [192); int32 -> int16 NO_SAT -> half TRUNC -> float [256); float ->
    int32 NO_SAT (inf: the limits; NaN 0; finite values past int32: the low 32 bits) ->
    float [320)."""
    full = R.create_mask(asc.float32)
    a = R.load_align(x)
    for k, mode in enumerate((RM.CAST_FLOOR, RM.CAST_CEIL, RM.CAST_RINT, RM.CAST_ROUND)):
        R.store_align(z, R.cast(a, asc.float32, full, mode), full, 64 * k)
    h = R.cast(R.cast(a, asc.int16, full, sat=NO_SAT), asc.float16, full, RM.CAST_TRUNC)
    R.store_align(z, R.cast(h, asc.float32, full), full, 256)
    w = R.cast(R.load_align(y), asc.int32, full, RM.CAST_TRUNC, NO_SAT)
    R.store_align(z, R.cast(w, asc.float32, full), full, 320)


def _cast_round_make(rng):
    x = rng.integers(-(2**31), 2**31, CAPACITY, dtype=np.int32)
    x[:8] = (16777217, -16777217, 16777219, 2**31 - 1, -(2**31), 33554438, 2049, -2051)
    y = rng.uniform(-3e9, 3e9, CAPACITY).astype(np.float32)
    y[:6] = (np.inf, -np.inf, np.nan, 1e10, -1e10, 2.75)
    return x, y, 0.0


def _to_float(v: np.ndarray, mode: str, dtype=np.float32) -> np.ndarray:
    """Each integer rounded once into `dtype` by `mode`, from its exact neighbours."""
    out = []
    for t in v.tolist():
        near = dtype(t)
        if int(near) == t:
            out.append(near)
            continue
        lo = near if int(near) < t else np.nextafter(near, dtype(-np.inf))
        hi = np.nextafter(lo, dtype(np.inf))
        below, above = t - int(lo), int(hi) - t
        pick = {"floor": lo, "ceil": hi}.get(mode)
        if mode == "round":
            pick = lo if below < above else hi if below > above else (hi if t > 0 else lo)
        elif mode == "trunc":
            pick = lo if t > 0 else hi
        elif pick is None:  # rint: ties to even
            even = int(np.array(lo).view(np.uint16 if dtype == np.float16 else np.uint32)) % 2 == 0
            pick = lo if below < above else hi if below > above else (lo if even else hi)
        out.append(pick)
    return np.array(out, dtype)


def _cast_round_golden(x, y, s, z):
    out = z.copy()
    a = x[:64].astype(np.int64)
    for k, mode in enumerate(("floor", "ceil", "rint", "round")):
        out[64 * k : 64 * k + 64] = _to_float(a, mode)
    out[256:320] = _to_float(a.astype(np.int16).astype(np.int64), "trunc", np.float16)
    t = np.trunc(y[:64].astype(np.float64))
    finite = np.where(np.isfinite(t), t, 0).astype(np.int64).astype(np.int32)
    limits = np.where(t > 0, 2**31 - 1, -(2**31))
    w = np.where(np.isinf(t), limits, np.where(np.isnan(t), 0, finite))
    out[320:384] = w.astype(np.float32)
    return out


def test_int_to_float_rounds_by_the_mode_and_no_sat_float_to_int():
    """int32 -> float and int16 -> half take the trait's round mode (16777217 FLOOR is
    16777216, CEIL 16777218; the simulator rounded to nearest before); a NO_SAT float ->
    int32 gives the limits for +-inf (it gave 0), the low bits past the range, 0 for NaN
    (the Cast page's table 4)."""
    cpp = _run(cast_round_vf, _cast_round_golden, _cast_round_make, np.int32,
               y_dtype=np.float32, out_dtype=np.float32)  # fmt: skip
    assert "AscendC::RoundMode::CAST_FLOOR};" in cpp


def test_cast_table_is_the_headers():
    """The pairs 3510's CastImpl tables take, less the 4-bit types: 47 (T, S) pairs, the
    Cast page's table 3 and int32 -> uint16 (which its table 9 lists, table 3 not);
    among them the uint16 / uint32 ones."""
    assert len(REG_CAST_FORMS) == 47
    for pair in (("ui32", "ui16"), ("ui16", "ui32"), ("ui32", "i16"), ("i16", "ui32")):
        assert pair in REG_CAST_FORMS
    assert ("ui16", "i32") in REG_CAST_FORMS and ("ui8", "ui32") in REG_CAST_FORMS
    for refused in (("ui8", "f32"), ("i8", "i16"), ("i32", "ui8"), ("f16", "i32")):
        assert refused not in REG_CAST_FORMS


# -- refusals --------------------------------------------------------------------------------


def _reg(t: str, n: int = 1) -> str:
    return f"!ascendc.reg_tensor<{t}>" if n == 1 else f"!ascendc.reg_tensor<{t}, {n}>"


def _verify(args: str, body: str) -> None:
    text = f"""builtin.module attributes {{ascendc.soc = "Ascend950PR_9599"}} {{
  func.func @vf({args}, %m: !ascendc.mask_reg) attributes {{ascendc.vf}} {{
{body}
    func.return
  }}
}}"""
    Parser(make_context(), text).parse_module().verify()


def _cast(t: str, s: str, props: str = "roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32"):
    return (
        f"%a: {_reg(s)}",
        f"    %c = ascendc.reg.cast %a, %m {{{props}}} : {_reg(s)}, !ascendc.mask_reg -> {_reg(t)}",
    )


@pytest.mark.parametrize(
    ("args", "body", "message"),
    [
        (
            *_cast("ui8", "f32"),
            r"Cast from f32 to ui8 is not supported on Ascend 950 \(from f32: .*f32 -> i16",
        ),
        (*_cast("i8", "i16"), "Cast from i16 to i8 is not supported"),
        (
            f"%p: {_reg('ui8')}, %a: {_reg('f32')}",
            "    %c = ascendc.reg.cast_merging %p, %a, %m {roundMode = 1 : i32, sat = 1 : i32, "
            f"layout = 0 : i32}} : {_reg('ui8')}, {_reg('f32')}, !ascendc.mask_reg -> "
            f"{_reg('ui8')}",
            "'ascendc.reg.cast_merging': Cast from f32 to ui8 is not supported",
        ),
        (*_cast("ui16", "ui8", "roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32"), None),
        (
            *_cast("ui32", "ui16", "roundMode = 1 : i32, sat = 1 : i32, layout = 2 : i32"),
            "Cast from ui16 to ui32 takes RegLayout ZERO..ONE, not TWO",
        ),
        (
            *_cast("bf16", "f32", "roundMode = 0 : i32, sat = 1 : i32, layout = 0 : i32"),
            "Cast from f32 to bf16 takes no CAST_NONE",
        ),
        (
            f"%a: {_reg('i64')}, %b: {_reg('i64')}",
            f"    %p, %q = ascendc.reg.interleave %a, %b : {_reg('i64')}, {_reg('i64')} -> "
            f"{_reg('i64')}, {_reg('i64')}",
            r"Interleave of i64 takes RegTraitNumTwo registers",
        ),
        (
            f"%a: {_reg('ui64')}, %b: {_reg('ui64')}",
            f"    %p, %q = ascendc.reg.deinterleave %a, %b : {_reg('ui64')}, {_reg('ui64')} -> "
            f"{_reg('ui64')}, {_reg('ui64')}",
            r"DeInterleave of ui64 takes RegTraitNumTwo registers",
        ),
        (
            f"%x: memref<?xf32, 26 : i64>, %i: {_reg('ui16')}",
            f"    %g = ascendc.reg.gather %x, %i, %m : memref<?xf32, 26 : i64>, {_reg('ui16')}, "
            f"!ascendc.mask_reg -> {_reg('f32')}",
            "Gather of f32 takes a ui32 index, not ui16",
        ),
        (
            f"%x: memref<?xi64, 26 : i64>, %i: {_reg('ui64')}",
            f"    %g = ascendc.reg.gather %x, %i, %m : memref<?xi64, 26 : i64>, {_reg('ui64')}, "
            f"!ascendc.mask_reg -> {_reg('i64', 2)}",
            "not one uint64 register",
        ),
        (
            f"%x: memref<?xi64, 26 : i64>, %s: {_reg('i64', 2)}, %i: {_reg('ui64')}",
            f"    ascendc.reg.scatter %x, %s, %i, %m : memref<?xi64, 26 : i64>, "
            f"{_reg('i64', 2)}, {_reg('ui64')}, !ascendc.mask_reg",
            "not one uint64 register",
        ),
        (
            f"%a: {_reg('i64', 2)}, %k: {_reg('i64')}",
            f"    %r = ascendc.reg.shift_left %a, %k, %m : {_reg('i64', 2)}, {_reg('i64')}, "
            f"!ascendc.mask_reg -> {_reg('i64', 2)}",
            "RegTraitNumOne and RegTraitNumTwo registers mixed",
        ),
    ],
)
def test_refusals(args, body, message):
    if message is None:  # (a pair the headers take: accepted)
        _verify(args, body)
        return
    with pytest.raises(VerifyException, match=message):
        _verify(args, body)


def test_python_refusal_is_located():
    @asc.vf
    def u8_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
        full = R.create_mask(asc.float32)
        R.cast(R.load_align(x), asc.uint8, full)

    port = Port(u8_vf, 1, lambda rng: (np.zeros(CAPACITY, np.float32),) * 2 + (0.0,),
                lambda *a: a[-1], out_dtype=np.dtype(np.uint8))  # fmt: skip
    outcome = run_sample(Sample("u8", port))
    assert not outcome.passed
    assert "test_950_forms3_s9.py:" in outcome.detail
    assert "Cast from f32 to ui8 is not supported on Ascend 950" in outcome.detail
