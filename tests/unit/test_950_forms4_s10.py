"""Issue 30's fourth round of Reg forms (Ascend 950): the 4-bit floats (fp4x2_e2m1_t /
fp4x2_e1m2_t) in every Reg op whose dav_3510 code has a b8 branch they reach (Duplicate of
a register and the maskless Duplicate, Interleave / DeInterleave, Gather of a register,
GatherB, and the loads and stores in each address form, the two-register DINTLV_B8 /
INTLV_B8 ones included), the two-register LoadAlign / StoreAlign of 64-bit registers
(DIST_DINTLV_B32 / DIST_INTLV_B32: 32-bit words apart), complex32 / complex64 through the
PostUpdate and unaligned-stream copies, and the simulator's 4-bit refusal, which now
comes from what each simulator family declares. Each numeric test is bit for bit against
numpy; the C++ is header-checked for 3510 through `tests/filecheck/reg/forms4_s10.mlir`."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from reg_vf_kernel import run_vf
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

import asc_xdsl as asc
from asc_xdsl import jit
from asc_xdsl.frontend.ir_context import make_context
from asc_xdsl.runtime.numpy_types import COMPLEX32

R = asc.reg
LD, SD = R.LoadDist, R.StoreDist
TWO = R.RegTrait.NUM_TWO
A950 = "Ascend950PR_9599"
SEG = 256  # bytes (fp4x2 pairs) of a register: one segment of z each
_MINUS_1_5 = {"float4_e2m1": 0xBB, "float4_e1m2": 0xEE, "float8_e4m3fn": 0xBC, "float8_e5m2": 0xBE}
"""The byte of -1.5: a 4-bit format's pair (-1.5, -1.5), an 8-bit one's code."""


# -- the 4-bit floats in the b8 branches ----------------------------------------------------


@asc.vf
def fp4_vf(x: R.UbPointer, y: R.UbPointer, w: R.UbPointer, z: R.UbPointer):
    """x: 2048 bytes of fp4 pairs; y: uint8 indices; w: uint32 byte offsets. z, one
    256-byte segment each: 0 Duplicate of a's lowest pair (VL16); 1 the maskless
    Duplicate(-1.5); 2-3 Interleave(a, b); 4-5 DeInterleave(a, b); 6 Gather(a, y); 7
    GatherB(x, w); 8-9 x[0:512) by DINTLV_B8; 10-11 (b, a) by INTLV_B8; 12 x[768:1024) by
    PostUpdate loads, stored by PostUpdate; 13.. an unaligned stream x[3:3 + 7 + 2 * 250)
    to z[13 * 256 + 5:); 16 a DataBlock copy (block_stride 2); 17 x[5] broadcast
    (BRC_B8), its first pair alone at byte 18 * 256 + 1 (FIRST_ELEMENT_B8); 19 x[0:512)'s
    even bytes (DS_B8); 20-21 (a, b) by INTLV_B8 to an AddrReg offset; 22 the mask
    registers of x[64:96) and (PostUpdate) x[0:32), 32 bytes each."""
    full = R.create_mask(x.dtype)
    a = R.load_align(x)
    b = R.load_align(x, SEG)
    R.store_align(z, R.duplicate(a, R.create_mask(x.dtype, R.MaskPattern.VL16)), full, 0)
    R.store_align(z, R.duplicate(-1.5, dtype=x.dtype), full, SEG)
    i0, i1 = R.interleave(a, b)
    R.store_align(z, i0, full, 2 * SEG)
    R.store_align(z, i1, full, 3 * SEG)
    d0, d1 = R.deinterleave(a, b)
    R.store_align(z, d0, full, 4 * SEG)
    R.store_align(z, d1, full, 5 * SEG)
    R.store_align(z, R.gather_reg(a, R.load_align(y)), full, 6 * SEG)
    R.store_align(z, R.gather_b(x, R.load_align(w), full), full, 7 * SEG)
    e0, e1 = R.load_align(x, dist=LD.DIST_DINTLV_B8)
    R.store_align(z, e0, full, 8 * SEG)
    R.store_align(z, e1, full, 9 * SEG)
    R.store_align(z, (b, a), full, 10 * SEG, dist=SD.DIST_INTLV_B8)
    _, xp = R.load_align_post(x, 3 * SEG)
    c, _ = R.load_align_post(xp, 0)
    _, zp = R.load_align_post(z, 12 * SEG)
    _, z13 = R.load_align_post(z, 13 * SEG + 5)
    _, x3 = R.load_align_post(x, 3)
    _, z22 = R.load_align_post(z, 22 * SEG + 32)
    R.store_align_post(zp, c, SEG, full)
    us = R.unalign_reg_for_store()
    u = R.load_unalign_pre(x3)
    r, u, q = R.load_unalign_post(u, x3, 7)
    p = R.store_unalign_update(z13, r, us, 7)
    for _i in range(2):
        r, u, q = R.load_unalign_post(u, q, 250)
        p = R.store_unalign_update(p, r, us, 250)
    R.store_unalign_post_update(p, us)
    R.store_align(z, R.load_align(x, 0, block_stride=2, mask=full), full, 16 * SEG)
    brc = R.load_align(x, 5, dist=LD.DIST_BRC_B8)
    R.store_align(z, brc, full, 17 * SEG)
    R.store_align(z, brc, full, 18 * SEG + 1, dist=SD.DIST_FIRST_ELEMENT_B8)
    R.store_align(z, R.load_align(x, dist=LD.DIST_DS_B8), full, 19 * SEG)
    for i in range(5, 6):
        k = R.create_addr_reg(x.dtype, i, 4 * SEG)  # (20 * SEG)
        R.store_align(z, (a, b), full, k, dist=SD.DIST_INTLV_B8)
    mk, _ = R.load_mask_post(x, 32)
    R.store_mask(z, R.load_mask(x, 64), 22 * SEG)
    R.store_mask_post(z22, mk, 32)


@jit
def fp4_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, w: asc.GlobalAddress,
               z: asc.GlobalAddress, per_byte: asc.ConstExpr):  # fmt: skip
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bw = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 2048)
    pipe.init_buffer(by, 256)
    pipe.init_buffer(bw, 256)
    pipe.init_buffer(bz, 23 * 256)
    xl, yl, wl, zl = bx.get(x.dtype), by.get(y.dtype), bw.get(w.dtype), bz.get(z.dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    wg.set_global_buffer(w)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, 2048 * per_byte)  # (elements: 2048 bytes of 4- or 8-bit ones)
    asc.data_copy(yl, yg, 256)
    asc.data_copy(wl, wg, 64)
    asc.data_copy(zl, zg, 23 * 256 * per_byte)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    fp4_vf(xl, yl, wl, zl)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 23 * 256 * per_byte)


def _fp4_golden(x: np.ndarray, y: np.ndarray, w: np.ndarray, name: str) -> np.ndarray:
    """The bytes of z: every form moves fp4x2 pairs as bytes."""
    out = np.zeros(23 * SEG, np.uint8)
    seg = out.reshape(-1, SEG)
    a, b = x[:SEG], x[SEG : 2 * SEG]
    seg[0, :16] = a[0]
    seg[1] = _MINUS_1_5[name]
    both = np.empty(2 * SEG, np.uint8)
    both[0::2], both[1::2] = a, b
    out[2 * SEG : 4 * SEG] = both
    ab = np.concatenate([a, b])
    seg[4], seg[5] = ab[0::2], ab[1::2]
    seg[6] = a[y[:SEG]]
    seg[7] = np.concatenate([x[o : o + 32] for o in w[:8]])
    seg[8], seg[9] = x[0 : 2 * SEG : 2], x[1 : 2 * SEG : 2]
    both[0::2], both[1::2] = b, a
    out[10 * SEG : 12 * SEG] = both
    seg[12] = x[3 * SEG : 4 * SEG]
    out[13 * SEG + 5 : 13 * SEG + 5 + 507] = x[3 : 3 + 507]
    seg[16] = np.concatenate([x[64 * k : 64 * k + 32] for k in range(8)])
    seg[17] = x[5]
    out[18 * SEG + 1] = x[5]
    seg[19] = x[0 : 2 * SEG : 2]
    both[0::2], both[1::2] = a, b
    out[20 * SEG : 22 * SEG] = both
    seg[22, :32], seg[22, 32:64] = x[64:96], x[0:32]
    return out


@pytest.mark.parametrize("name", ["float4_e2m1", "float4_e1m2", "float8_e4m3fn", "float8_e5m2"])
def test_4_and_8_bit_floats_through_the_b8_branches_match_numpy(name):
    """The same b8 branches take the 8-bit floats (a code a byte, not a pair)."""
    rng = np.random.default_rng(10)
    four = name.startswith("float4")
    array = asc.testing.float4_array if four else asc.testing.float8_array
    x = array(rng.uniform(-1.75, 1.75, 4096 if four else 2048), name)
    y = rng.integers(0, 256, 256, dtype=np.uint8)
    y[:4] = (255, 0, 128, 7)
    w = np.zeros(64, np.uint32)
    w[:8] = 32 * rng.permutation(64)[:8]
    z = array(np.zeros(23 * 256 * (2 if four else 1)), name)
    fp4_kernel[1](x, y, w, z, asc.ConstExpr(2 if four else 1), platform=A950, sanitize="error")
    got, want = z.view(np.uint8), _fp4_golden(x.view(np.uint8), y, w, name)
    bad = np.nonzero(got != want)[0]
    assert not len(bad), f"byte {bad[0]} (segment {bad[0] // SEG}): {got[bad[0]]} != {want[bad[0]]}"


# -- 64-bit registers by the two-register modes --------------------------------------------


@asc.vf
def dual64_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    """z: [0:32) and [32:64) x[0:64)'s even and odd 32-bit words (DINTLV_B32); [64:128)
    them interleaved back (INTLV_B32); [128:192) the two swapped (each element's halves
    swapped); [192:256) x[64:128) the same by the PostUpdate load; [256:320) x[256:320)
    by the AddrReg load, stored swapped by the AddrReg store."""
    full = R.create_mask(x.dtype)
    a, b = R.load_align(x, dist=LD.DIST_DINTLV_B32)
    R.store_align(z, a, full, 0)
    R.store_align(z, b, full, 32)
    R.store_align(z, (a, b), full, 64, dist=SD.DIST_INTLV_B32)
    R.store_align(z, (b, a), full, 128, dist=SD.DIST_INTLV_B32)
    _, xp = R.load_align_post(x, 64)
    c, d, _ = R.load_align_post(xp, 0, dist=LD.DIST_DINTLV_B32)
    R.store_align(z, c, full, 192)
    R.store_align(z, d, full, 224)
    for i in range(4, 5):
        k = R.create_addr_reg(x.dtype, i, 64)
        e0, e1 = R.load_align(x, k, dist=LD.DIST_DINTLV_B32)
        R.store_align(z, (e1, e0), full, k, dist=SD.DIST_INTLV_B32)


def _words(v: np.ndarray) -> np.ndarray:
    return v.view(np.uint32)


@pytest.mark.parametrize("dtype", [np.int64, np.uint64])
def test_64_bit_registers_deinterleave_as_32_bit_words(dtype):
    rng = np.random.default_rng(64)
    x = rng.integers(0, 2**63, 1024, dtype=np.uint64).astype(dtype)
    x[1] = np.array(2**63 + 5, np.uint64).astype(dtype)  # (a high word with its sign bit)
    z = np.zeros(1024, dtype)
    run_vf(dual64_vf, asc.int64 if dtype is np.int64 else asc.uint64, x, x.copy(), z)
    want = np.zeros(1024, dtype)
    w = _words(x[:64])
    want[0:32], want[32:64] = w[0::2].copy().view(dtype), w[1::2].copy().view(dtype)
    want[64:128] = x[:64]
    want[128:192] = w.reshape(-1, 2)[:, ::-1].copy().view(dtype).ravel()
    w2 = _words(x[64:128])
    want[192:224], want[224:256] = w2[0::2].copy().view(dtype), w2[1::2].copy().view(dtype)
    want[256:320] = _words(x[256:320]).reshape(-1, 2)[:, ::-1].copy().view(dtype).ravel()
    assert np.array_equal(z, want), int(np.argmax(z != want))


# -- complex pairs through the PostUpdate and unaligned-stream copies ----------------------


@asc.vf
def cstream_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    """(vl = lanes of one register) z: [0:vl) x[vl:2vl) under the first n lanes and
    [vl:2vl) x[0:vl) by PostUpdate loads and stores; [2vl + 5:) x[3:3 + 7 + 2(vl - 3)) by
    an unaligned load / store stream; RegTraitNumTwo pairs: [5vl:7vl) x[2vl:4vl) by
    PostUpdate, [7vl:9vl) x[3:3 + 2vl) by the unaligned load, [9vl + 1:) x[0:vl + 3) by
    the unaligned store stream."""
    vl = R.lanes(x.dtype)
    full = R.create_mask(x.dtype)
    m, _ = R.update_mask(n, x.dtype)
    _, zb = R.load_align_post(z, 2 * vl + 5)
    _, zq = R.load_align_post(z, 5 * vl)
    _, zr = R.load_align_post(z, 7 * vl)
    _, zs = R.load_align_post(z, 9 * vl + 1)
    _, x3 = R.load_align_post(x, 3)
    R.local_mem_bar(R.MemType.VEC_LOAD, R.MemType.VEC_STORE)
    a, xp = R.load_align_post(x, vl)
    b, _ = R.load_align_post(xp, 0)
    zp = R.store_align_post(z, b, vl, m)
    R.store_align_post(zp, a, 0, full)
    us = R.unalign_reg_for_store()
    u = R.load_unalign_pre(x3)
    r, u, q = R.load_unalign_post(u, x3, 7)
    p = R.store_unalign_update(zb, r, us, 7)
    for _i in range(2):
        r, u, q = R.load_unalign_post(u, q, vl - 3)
        p = R.store_unalign_update(p, r, us, vl - 3)
    R.store_unalign_post_update(p, us)
    two = R.create_mask(x.dtype, trait=TWO)
    c, xc = R.load_align_post(x, 2 * vl, trait=TWO)
    d, _ = R.load_align_post(xc, 0, trait=TWO)
    R.store_align_post(zq, d, 2 * vl, two)
    e, _, _ = R.load_unalign_post(R.load_unalign_pre(x3), x3, 2 * vl, trait=TWO)
    R.store_align_post(zr, e, 2 * vl, two)
    us2 = R.unalign_reg_for_store()
    ps = R.store_unalign_update(zs, c, us2, vl + 3)
    R.store_unalign_post_update(ps, us2)


def _complex(dtype, rng, n: int) -> np.ndarray:
    parts = rng.uniform(-8, 8, (n, 2))
    if dtype == "complex32":
        return parts.astype(np.float16).view(COMPLEX32)[:, 0]
    return (parts[:, 0] + 1j * parts[:, 1]).astype(np.complex64)


@pytest.mark.parametrize("dtype", ["complex64", "complex32"])
def test_complex_post_update_and_unaligned_streams_match_numpy(dtype):
    rng = np.random.default_rng(3)
    x = _complex(dtype, rng, 1024)
    vl = 256 // x.dtype.itemsize
    z = np.zeros(1024, x.dtype)
    n = vl - 5
    with warnings.catch_warnings():  # (every store its own bytes: no race to report)
        warnings.simplefilter("error")
        run_vf(cstream_vf, getattr(asc, dtype), x, x.copy(), z, n)
    want = np.zeros(1024, x.dtype)
    want[:n] = x[vl : vl + n]
    want[vl : 2 * vl] = x[:vl]
    count = 7 + 2 * (vl - 3)
    want[2 * vl + 5 : 2 * vl + 5 + count] = x[3 : 3 + count]
    want[5 * vl : 7 * vl] = x[2 * vl : 4 * vl]
    want[7 * vl : 9 * vl] = x[3 : 3 + 2 * vl]
    want[9 * vl + 1 : 10 * vl + 4] = x[: vl + 3]
    got, ref = z.view(np.uint8).reshape(1024, -1), want.view(np.uint8).reshape(1024, -1)
    bad = np.nonzero((got != ref).any(axis=1))[0]
    assert not len(bad), f"z[{bad[0]}] = {z[bad[0]]}, expected {want[bad[0]]}"


# -- refusals, each at its op ----------------------------------------------------------------

_VF = """builtin.module attributes {{ascendc.soc = "Ascend950PR_9599"}} {{
  func.func @f(%p: memref<?xf4E2M1FN, 26 : i64>, %q: memref<?xi64, 26 : i64>) attributes {{ascendc.vf}} {{
    %c0 = arith.constant 0 : i32
    %m = ascendc.reg.create_mask {{dtype = i64, pattern = 0 : i32}} : () -> !ascendc.mask_reg
    %a = ascendc.reg.load_align %p, %c0 : memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>
    %l = ascendc.reg.load_align %q, %c0 : memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64>
    {body}
    func.return
  }}
}}"""


def _vf_text(body: str) -> str:
    return _VF.format(body=body)


_I64_PAIR = "!ascendc.reg_tensor<i64>, !ascendc.reg_tensor<i64>"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (f"%d0, %d1 = ascendc.reg.load_align_dintlv %q, %c0 {{dist = 12 : i32}} : memref<?xi64, 26 : i64>, i32 -> {_I64_PAIR}",
         "LoadAlign of 64-bit elements takes DIST_DINTLV_B32 only (the header moves them as "
         "32-bit words; which bytes DIST_DINTLV_B16 would move"),
        (f"ascendc.reg.store_align_intlv %q, %c0, %l, %l, %m {{dist = 8 : i32}} : memref<?xi64, 26 : i64>, i32, {_I64_PAIR}, !ascendc.mask_reg",
         "StoreAlign of 64-bit elements takes DIST_INTLV_B32 only"),
        ("%x = ascendc.reg.squeeze %a, %m {store = 0 : i32} : !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg -> !ascendc.reg_tensor<f4E2M1FN>",
         "Reg::Squeeze takes no 4-bit float type (f4E2M1FN) here"),
        ("%x = ascendc.reg.move_unmasked %a : !ascendc.reg_tensor<f4E2M1FN> -> !ascendc.reg_tensor<f4E2M1FN>",
         "Reg::Move takes no 4-bit float type (f4E2M1FN) here"),
    ],
)  # fmt: skip
def test_forms_the_headers_leave_out_are_refused_at_the_op(body, message):
    module = Parser(make_context(), _vf_text(body)).parse_module()
    with pytest.raises(VerifyException, match=re.escape(message)):
        module.verify()


# -- the simulator's 4-bit refusal: from what the families declare ---------------------------


def test_every_op_the_verifier_lets_take_4_bit_floats_is_simulated_or_refused_by_name():
    """An op whose verifier takes a 4-bit float type is one a simulator family declared
    (compile.simulates_float4), or in this list of ops compiled but not simulated."""
    from xdsl.dialects.builtin import Float4E2M1FNType

    from asc_xdsl.dialects.ascendc.fp8_types import Float4E1M2Type, takes_float8
    from asc_xdsl.dialects.ascendc_op_index import OP_MODULES
    from asc_xdsl.runtime.simulator import compile as sim
    from asc_xdsl.runtime.simulator import float4, ops

    del float4
    refused: dict[str, str] = {}  # (none today: each new form must be listed with why)
    ctx = make_context()
    for t in (Float4E2M1FNType(), Float4E1M2Type()):
        taken = sorted(n for n in OP_MODULES if takes_float8(n, t))
        for n in taken:  # (each op's family, as a launch imports it: its declarations)
            key = getattr(ctx.get_op(n), "SPEC", None)
            ops.load_for(n, (getattr(key, "sim", None) or "").partition(":")[0])
        missing = [n for n in taken if not sim.float4_simulated(n) and n not in refused]
        assert not missing, f"verified for {t} but neither simulated nor refused: {missing}"
    assert len(taken) > 90  # (the plumbing, copies, Cast, LoadData, MX and the Reg forms)
    assert not sim.float4_simulated("ascendc.local_tensor.get_value")  # (half a byte)


def test_the_simulator_refusal_names_what_is_simulated():
    from asc_xdsl.runtime.simulator.compile import FLOAT4_FORMS, float4_refusal

    text = float4_refusal("ascendc.sort")
    assert text.startswith("ascendc.sort of a 4-bit float tensor")
    for what in set(FLOAT4_FORMS.values()):
        assert what in text
    for part in ("Duplicate's count form", "the Reg layer's masks", "Interleave", "MmadMx"):
        assert part in text


@asc.vf
def interleave_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    a = R.load_align(x)
    i0, _ = R.interleave(a, a)
    R.store_align(z, i0, R.create_mask(x.dtype))


def test_a_4_bit_form_no_family_declares_is_refused_at_its_line(monkeypatch):
    """What stops a form the verifier takes from running unmodelled: drop Interleave's
    declaration and the launch is refused at the op's line, naming it."""
    from asc_xdsl.runtime.simulator import compile as sim
    from asc_xdsl.runtime.simulator.errors import UnsupportedOpError
    from asc_xdsl.runtime.simulator.ops import reg_relayout

    del reg_relayout  # (its declarations made before the one is dropped)
    monkeypatch.delitem(sim.FLOAT4_FORMS, "ascendc.reg.interleave")  # (restored after)
    x = asc.testing.float4_array(np.zeros(1024), "float4_e1m2")
    with pytest.raises(UnsupportedOpError) as info:
        run_vf(interleave_vf, asc.float4_e1m2, x, x.copy(), x.copy())
    text = str(info.value)
    assert "ascendc.reg.interleave of a 4-bit float tensor" in text
    assert re.search(r"test_950_forms4_s10\.py:\d+:\d+", text), text
