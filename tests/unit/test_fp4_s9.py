"""Ascend 950's 4-bit floats in Duplicate and the Reg layer (docs/fp8.md, "4-bit
floats"), on the simulator: a 4-bit constant is the pair of its value; Duplicate's count
form counts pairs (bytes); in a register an fp4x2 element is a byte holding a pair, and
Cast pairs it with two bfloat16 lanes (byte `4j + layout` of each 32-bit word <-> lanes
2j, 2j + 1, low nibble first), rounding by the mode and saturating. Expected values come
from an independent decoder and exact rational rounding (`fractions.Fraction`)."""

from __future__ import annotations

import io
import re
import warnings
from fractions import Fraction

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl import jit
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.runtime.simulator.errors import TensorBoundsError
from asc_xdsl.runtime.simulator.uninit import UninitializedReadWarning

A950 = "Ascend950PR_9599"
R = asc.reg
_EBITS = {"float4_e2m1": 2, "float4_e1m2": 1}
_MODES = (  # (the narrowing casts' round mode, by layout)
    asc.RoundMode.CAST_RINT,
    asc.RoundMode.CAST_ROUND,
    asc.RoundMode.CAST_FLOOR,
    asc.RoundMode.CAST_TRUNC,
)


def _value(code: int, name: str) -> Fraction:
    """An independent decoder: sign at bit 3, bias 1, subnormals at exponent 0."""
    ebits = _EBITS[name]
    mbits = 3 - ebits
    e, m = (code >> mbits) & ((1 << ebits) - 1), code & ((1 << mbits) - 1)
    v = Fraction(m, 1 << mbits) if e == 0 else (1 + Fraction(m, 1 << mbits)) * 2 ** (e - 1)
    return -v if code & 8 else v


def _code(q: Fraction | None, name: str, mode: str) -> int:
    """The code of q rounded by `mode` and saturated (None: NaN -> 0)."""
    if q is None:
        return 0
    codes = sorted(range(16), key=lambda c: (_value(c, name), c & 8 == 0))
    finite = [_value(c, name) for c in codes]
    q = min(max(q, finite[0]), finite[-1])
    below = max(v for v in finite if v <= q)
    above = min(v for v in finite if v >= q)
    if below == above:
        pick = q
    elif mode == "floor":
        pick = below
    elif mode == "trunc":
        pick = below if q > 0 else above
    elif q - below != above - q:
        pick = below if q - below < above - q else above
    elif mode == "round":
        pick = above if q > 0 else below
    else:  # ties to the even code
        pick = next(v for v in (below, above) if codes[finite.index(v)] % 2 == 0)
    if pick == 0:
        return 0x8 if q < 0 or (q == 0 and str(q).startswith("-")) else 0
    return next(c for c in range(16) if _value(c, name) == pick)


def _bf16_bits(v: np.ndarray) -> np.ndarray:
    b = np.asarray(v, np.float32).view(np.uint32).astype(np.uint64)
    return (((b + 0x7FFF + ((b >> 16) & 1)) >> 16) & 0xFFFF).astype(np.uint16)


def _bf16_values(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


# -- Duplicate's count form ------------------------------------------------------------------


@jit
def fill(z: asc.GlobalAddress, value: asc.ConstExpr, pairs: asc.ConstExpr):
    """z (512 4-bit elements) zeroed, then Duplicate(value, pairs): `pairs` bytes."""
    pipe = asc.TPipe()
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bz, 256)
    zl = bz.get(z.dtype)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    asc.data_copy(zl, zg, 512)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.duplicate(zl, value, pairs)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 512)


@pytest.mark.parametrize(("name", "value"), [("float4_e2m1", 2.4), ("float4_e1m2", -0.625)])
def test_duplicate_count_form_fills_pairs_of_the_nearest_value(name, value):
    z = asc.testing.float4_array(np.full(512, -0.5), name)
    fill[1](z, asc.ConstExpr(value), asc.ConstExpr(96), platform=A950, sanitize="error")
    got = [Fraction(float(v)) for v in asc.testing.float4_decode(z)]
    near = _value(_code(Fraction(value), name, "rint"), name)  # 2.4 -> 2; -0.625 -> -0.5 (even)
    assert got[:192] == [near] * 192  # (96 pairs: the headers' b8 count)
    assert got[192:] == [Fraction(-1, 2)] * 320


def test_a_4_bit_constant_past_the_largest_value_is_a_located_error():
    z = asc.testing.float4_array(np.zeros(512), "float4_e2m1")
    with pytest.raises(CompileError, match=r"constant 7.0 does not fit in float4_e2m1"):
        fill[1](z, asc.ConstExpr(7.0), asc.ConstExpr(8), platform=A950)


# -- the Reg layer ---------------------------------------------------------------------------


@asc.vf
def fp4_vf(q: R.UbPointer, w: R.UbPointer, v: R.UbPointer, o: R.UbPointer, d: R.UbPointer):
    """w[128 L ..] = Cast<bf16>(q's register, layout L); o[256 L ..] = Cast<fp4>(v, layout
    L, _MODES[L]) under a 51-lane mask; d = Duplicate(1.5)."""
    m8 = R.create_mask(q.dtype)
    m16 = R.create_mask(asc.bfloat16)
    x = R.load_align(q)
    y = R.load_align(v)
    part, _ = R.update_mask(51, asc.bfloat16)
    for i in asc.static_range(4):
        layout = (R.RegLayout.ZERO, R.RegLayout.ONE, R.RegLayout.TWO, R.RegLayout.THREE)[i]
        R.store_align(w, R.cast(x, asc.bfloat16, m16, layout=layout), m16, 128 * i)
        R.store_align(o, R.cast(y, o.dtype, part, _MODES[i], layout=layout), m8, 256 * i)
    R.store_align(d, R.duplicate(1.5, m8, dtype=d.dtype), m8)


@jit
def reg_kernel(q: asc.GlobalAddress, w: asc.GlobalAddress, v: asc.GlobalAddress,
               o: asc.GlobalAddress, d: asc.GlobalAddress):  # fmt: skip
    pipe = asc.TPipe()
    bq = asc.TBuf(asc.TPosition.VECCALC)
    bw = asc.TBuf(asc.TPosition.VECCALC)
    bv = asc.TBuf(asc.TPosition.VECCALC)
    bo = asc.TBuf(asc.TPosition.VECCALC)
    bd = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bq, 256)
    pipe.init_buffer(bw, 1024)
    pipe.init_buffer(bv, 256)
    pipe.init_buffer(bo, 1024)
    pipe.init_buffer(bd, 256)
    ql, wl, vl = bq.get(q.dtype), bw.get(w.dtype), bv.get(v.dtype)
    ol, dl = bo.get(o.dtype), bd.get(d.dtype)
    qg = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    vg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    dg = asc.GlobalTensor()
    qg.set_global_buffer(q)
    wg.set_global_buffer(w)
    vg.set_global_buffer(v)
    og.set_global_buffer(o)
    dg.set_global_buffer(d)
    asc.data_copy(ql, qg, 512)
    asc.data_copy(vl, vg, 128)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    fp4_vf(ql, wl.reinterpret_cast(asc.bfloat16), vl.reinterpret_cast(asc.bfloat16), ol, dl)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(wg, wl, 512)
    asc.data_copy(og, ol, 2048)
    asc.data_copy(dg, dl, 512)


@pytest.mark.parametrize(
    ("qname", "oname"), [("float4_e2m1", "float4_e1m2"), ("float4_e1m2", "float4_e2m1")]
)
def test_reg_cast_duplicate_and_moves_of_4_bit_pairs(qname, oname):
    rng = np.random.default_rng(9)
    q = asc.testing.float4_array(rng.uniform(-7, 7, 512), qname)
    qcodes = q.view(np.uint8)
    top = float(_value(7, oname))
    vals = rng.uniform(-1.3 * top, 1.3 * top, 128).astype(np.float32)
    vals[:6] = [top / 4 * 1.5, -top / 8 * 2.5, np.nan, np.inf, -np.inf, top / 4 * 1.5]
    v = _bf16_bits(vals)
    w = np.zeros(512, np.uint16)
    o = asc.testing.float4_array(np.zeros(2048), oname)
    d = asc.testing.float4_array(np.zeros(512), oname)
    with warnings.catch_warnings():  # (a 4-bit DataCopy's extent is half its count, in
        warnings.simplefilter("error", UninitializedReadWarning)  # bytes: no false alarm)
        reg_kernel[1](q, w, v, o, d, platform=A950, sanitize="error")
    # widening: lane 2j + h of layout L = element h of byte 4j + L (exact)
    wv = _bf16_values(w).reshape(4, 128)
    for layout in range(4):
        for lane in range(128):
            byte = int(qcodes[4 * (lane // 2) + layout])
            code = (byte >> (4 * (lane % 2))) & 0xF
            assert Fraction(float(wv[layout, lane])) == _value(code, qname), (layout, lane)
    # narrowing: byte 4j + L = the pair (lanes 2j, 2j + 1), written where lane 2j is on
    ob = o.view(np.uint8).reshape(4, 256)
    src = _bf16_values(v)
    for layout in range(4):
        mode = _MODES[layout].name.removeprefix("CAST_").lower()
        for j in range(64):
            for k in range(4):
                got = int(ob[layout, 4 * j + k])
                if k != layout or 2 * j >= 51:
                    assert got == 0, (layout, j, k)
                    continue
                want = [
                    _code(None if np.isnan(x) else Fraction(float(x)) if np.isfinite(x)
                          else Fraction(int(np.sign(x)) * 10**6), oname, mode)
                    for x in src[2 * j : 2 * j + 2]
                ]  # fmt: skip
                assert (got & 0xF, got >> 4) == tuple(want), (layout, j, hex(got), want)
    # Duplicate: the constant's pair in every byte
    assert (d.view(np.uint8) == (0x33 if oname == "float4_e2m1" else 0x66)).all()


# -- refusals, each at its op --------------------------------------------------------------

_VF = """builtin.module attributes {{ascendc.soc = "{soc}"}} {{
  func.func @f(%p: memref<?xf4E2M1FN, 26 : i64>, %b: memref<?xbf16, 26 : i64>) attributes {{ascendc.vf}} {{
    %c0 = arith.constant 0 : i32
    %m = ascendc.reg.create_mask {{dtype = bf16, pattern = 0 : i32}} : () -> !ascendc.mask_reg
    %a = ascendc.reg.load_align %p, %c0 : memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>
    %w = ascendc.reg.load_align %b, %c0 : memref<?xbf16, 26 : i64>, i32 -> !ascendc.reg_tensor<bf16>
    {body}
    func.return
  }}
}}"""


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("%x = ascendc.reg.add %a, %a, %m : !ascendc.reg_tensor<f4E2M1FN>, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg -> !ascendc.reg_tensor<f4E2M1FN>",
         "'ascendc.reg.add': Reg::Add takes no 4-bit float type (f4E2M1FN) here"),
        ("%x = ascendc.reg.cast %a, %m {roundMode = 0 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>",
         "Cast from f4E2M1FN to f32 is not supported on Ascend 950"),
        ("%x = ascendc.reg.cast %w, %m {roundMode = 6 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<bf16>, !ascendc.mask_reg -> !ascendc.reg_tensor<f4E2M1FN>",
         "Cast from bf16 to f4E2M1FN does not support CAST_ODD"),
        ("%x = ascendc.float_constant {value = 1.3 : f64} : !ascendc.float4_e1m2",
         "1.3 is not a value of !ascendc.float4_e1m2 (its neighbours: 1.25, 1.5)"),
        ("%x = ascendc.float_constant {value = 0x7ff8000000000000 : f64} : f4E2M1FN",
         "f4E2M1FN has no NaN"),
    ],
)  # fmt: skip
def test_4_bit_forms_the_headers_refuse_are_refused_at_the_op(body, message):
    from xdsl.parser import Parser
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.frontend.ir_context import make_context

    module = Parser(make_context(), _VF.format(soc=A950, body=body)).parse_module()
    with pytest.raises(VerifyException, match=re.escape(message)):
        module.verify()


def test_the_reg_forms_are_refused_off_ascend_950():
    from xdsl.parser import Parser
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.frontend.ir_context import make_context

    text = _VF.format(soc="Ascend910B1", body="")
    with pytest.raises(VerifyException, match=r"exists on Ascend 950 \(arch 3510\) only"):
        Parser(make_context(), text).parse_module().verify()
    constant = """builtin.module attributes {ascendc.soc = "Ascend910B1"} {
  func.func @f() {
    %x = ascendc.float_constant {value = 1.5 : f64} : f4E2M1FN
    func.return
  }
}"""
    with pytest.raises(
        VerifyException, match=r"4-bit float types \(f4E2M1FN\) exist on Ascend 950"
    ):
        Parser(make_context(), constant).parse_module().verify()


def test_duplicate_counting_elements_overruns_and_is_refused():
    """A count of 4-bit elements (512 for this 256-byte tensor) is twice the pairs the
    headers write: past the tensor, an error naming Duplicate."""
    z = asc.testing.float4_array(np.zeros(512), "float4_e2m1")
    with pytest.raises(TensorBoundsError, match=r"Duplicate\): access past the end"):
        fill[1](z, asc.ConstExpr(1.0), asc.ConstExpr(512), platform=A950)


def test_an_arith_constant_of_a_4_bit_type_is_not_emitted():
    """One value where C++ has a pair: the constant to use is ascendc.float_constant."""
    from xdsl.parser import Parser

    from asc_xdsl.backends.ascendc.errors import EmissionError
    from asc_xdsl.backends.ascendc.printer import emit_ascendc
    from asc_xdsl.frontend.ir_context import make_context

    text = """builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @f() {
    %h = arith.constant 1.5 : f4E2M1FN
    func.return
  }
}"""
    module = Parser(make_context(), text).parse_module()
    with pytest.raises(EmissionError, match=r"a 4-bit constant is ascendc\.float_constant"):
        emit_ascendc(module, io.StringIO())
