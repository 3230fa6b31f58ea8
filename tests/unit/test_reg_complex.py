"""complex32 / complex64 on Ascend 950: the dtypes, the Reg ops that take them (numerics
on the simulator against numpy, C++), GM/UB tensors and launches of complex arrays, and
the located refusals (an op the 3510 headers do not give complex, any SoC but 950).

The emitted C++ is header-checked for 3510 through `tests/filecheck/reg/complex.mlir`
(test_headers.py checks every emission test)."""

from __future__ import annotations

import numpy as np
import pytest
from reg_vf_kernel import run_vf

import asc_xdsl as asc
from asc_xdsl import jit
from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.runtime.numpy_types import COMPLEX32, np_dtype

R = asc.reg
SOC = "Ascend950PR_9599"
SEGMENTS = 12  # registers of results the vector function stores
S = 1.5 - 2j  # the scalar of Adds / Muls / Duplicate


@asc.vf
def ops_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    """z, one register each: Add, Sub, Mul, Div, Adds, Muls of x and y (all n lanes),
    Duplicate(S) and Div under the first half's mask (H), Select(x, y, H), and y's
    second register through the PostUpdate load, Adds of the runtime integer n (as
    the complex (n, 0), C++ `Complex(x)`), Div<T, &mode> with PRECISION_1ULP_FTZ_TRUE."""
    vl = R.lanes(x.dtype)
    full, _rest = R.update_mask(n, x.dtype)
    half = R.create_mask(x.dtype, R.MaskPattern.H)
    a = R.load_align(x)
    b = R.load_align(y)
    R.store_align(z, R.add(a, b, full), full, 0)
    R.store_align(z, R.sub(a, b, full), full, vl)
    R.store_align(z, R.mul(a, b, full), full, 2 * vl)
    R.store_align(z, R.div(a, b, full), full, 3 * vl)
    R.store_align(z, R.adds(a, S, full), full, 4 * vl)
    R.store_align(z, R.muls(a, S, full), full, 5 * vl)
    R.store_align(z, R.duplicate(S, half, x.dtype), full, 6 * vl)
    R.store_align(z, R.div(a, b, half), full, 7 * vl)
    R.store_align(z, R.select(a, b, half), full, 8 * vl)
    _first, p = R.load_align_post(y, vl)
    second, p = R.load_align_post(p, vl)
    R.store_align(z, second, full, 9 * vl)
    R.store_align(z, R.adds(a, n, full), full, 10 * vl)
    R.store_align(z, R.div(a, b, full, R.DivAlgo.PRECISION_1ULP_FTZ_TRUE), full, 11 * vl)


@asc.vf
def abs_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    """z: |x| of x's first register (a register of the parts' type), Q masked."""
    R.store_align(z, R.abs(R.load_align(x), R.create_mask(x.dtype, R.MaskPattern.Q)),
                  R.create_mask(z.dtype))  # fmt: skip


@asc.vf
def pair_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    """RegTraitNumTwo: Mul of two pairs (twice the lanes), stored where a VL16 mask says;
    then Muls and Adds of a pair and Duplicate into one behind them."""
    two = R.RegTrait.NUM_TWO
    m = R.create_mask(x.dtype, R.MaskPattern.VL16, two)
    a = R.load_align(x, 0, two)
    b = R.load_align(y, 0, two)
    R.store_align(z, R.mul(a, b, m), m)
    full = R.create_mask(x.dtype, R.MaskPattern.ALL, two)
    R.store_align(z, R.adds(R.muls(a, 2j, full), 1, full), full, 128)
    R.store_align(z, R.duplicate(0.5 + 0.25j, full, x.dtype, two), full, 256)


@asc.vf
def abs_pair_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    """z: |x| of a RegTraitNumTwo pair, a full register of the parts' type."""
    m = R.create_mask(x.dtype, R.MaskPattern.ALL, R.RegTrait.NUM_TWO)
    R.store_align(z, R.abs(R.load_align(x, 0, R.RegTrait.NUM_TWO), m), R.create_mask(z.dtype))


@asc.vf
def dist_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    """complex32's b32 distribution modes: BRC_B32 of x[3], UNPACK_B32, a PACK_B32 store
    (each element's low half: its real part) and a FIRST_ELEMENT_B32 store."""
    vl = R.lanes(x.dtype)
    full = R.create_mask(x.dtype)
    R.store_align(z, R.load_align(x, 3, dist=R.LoadDist.DIST_BRC_B32), full, 0)
    R.store_align(z, R.load_align(x, 0, dist=R.LoadDist.DIST_UNPACK_B32), full, vl)
    R.store_align(z, R.load_align(x), full, 2 * vl, dist=R.StoreDist.DIST_PACK_B32)
    R.store_align(z, R.load_align(y), full, 3 * vl, dist=R.StoreDist.DIST_FIRST_ELEMENT_B32)


def _as_c32(v: np.ndarray) -> np.ndarray:
    """complex values as complex32 storage (each part rounded to float16)."""
    out = np.empty(v.shape, COMPLEX32)
    out["real"], out["imag"] = v.real, v.imag
    return out


def _values(c: np.ndarray) -> np.ndarray:
    """complex32 storage or complex64 as complex128 numbers."""
    if c.dtype != COMPLEX32:
        return c.astype(np.complex128)
    out = np.empty(c.shape, np.complex128)  # (not re + 1j * im: 1j * inf has a NaN part)
    out.real, out.imag = c["real"], c["imag"]
    return out


def _inputs(lanes: int, storage, rng):
    count = SEGMENTS * lanes
    x = rng.uniform(-2, 2, count) + 1j * rng.uniform(-2, 2, count)
    y = rng.uniform(-2, 2, count) + 1j * rng.uniform(-2, 2, count)
    y[3] = 0  # Div by 0 + 0i: (a / |c|, b / |d|), infinities
    y[5] = 1e-3 + 2j  # |c| < |d|: the second branch of Smith's method
    cast = _as_c32 if storage is COMPLEX32 else (lambda v: v.astype(np.complex64))
    return cast(x), cast(y), cast(np.zeros(count))


def _run(vf, dtype: dt.DataType, x, y, z, n: int, out: dt.DataType | None = None):
    run_vf(vf, dtype, x, y, z, n, out)
    return z if out is not None else _values(z)


@pytest.mark.parametrize(
    ("dtype", "tol"), [(asc.complex64, 2e-6), (asc.complex32, 4e-3)], ids=["c64", "c32"]
)
def test_complex_ops_match_numpy(dtype, tol):
    lanes = R.lanes(dtype)
    storage = np_dtype(dtype.ir_type())
    x, y, z = _inputs(lanes, storage, np.random.default_rng(0))
    out = _run(ops_vf, dtype, x, y, z, lanes).reshape(SEGMENTS, lanes)
    a, b = _values(x)[:lanes], _values(y)[:lanes]
    s = complex(_values(np.array([S], np.complex64))[0]) if dtype is asc.complex64 else S
    half = np.arange(lanes) < lanes // 2
    with np.errstate(all="ignore"):
        expected = [a + b, a - b, a * b, a / b, a + s, a * s, np.where(half, s, 0), a / b,
                    np.where(half, a, b), _values(y)[lanes : 2 * lanes], a + lanes, a / b]  # fmt: skip
    for k, (got, want) in enumerate(zip(out, expected, strict=True)):
        finite = np.isfinite(want)
        np.testing.assert_allclose(got[finite], want[finite], rtol=tol, atol=tol, err_msg=f"{k}")
    # Add and Sub are exact in the parts' type; 0 + 0i divides to infinities
    part = np.float16 if dtype is asc.complex32 else np.float32
    assert np.array_equal(out[0].real, (a.real.astype(part) + b.real.astype(part)))
    assert np.isinf(out[3][3].real) and np.isinf(out[3][3].imag)
    # Div leaves no lane 0: the lanes off the mask get the |c| < |d| branch's quotient
    # (the header's ComplexDivKernel computes it under the complement of the mask)
    with np.errstate(all="ignore"):
        np.testing.assert_allclose(out[7][~half], (a / b)[~half], rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", [asc.complex64, asc.complex32], ids=["c64", "c32"])
def test_complex_abs_is_a_register_of_the_parts_type(dtype):
    lanes = R.lanes(dtype)
    storage = np_dtype(dtype.ir_type())
    x, y, _ = _inputs(lanes, storage, np.random.default_rng(4))
    part = dtype.component
    z = np.full(256 // part.sizeof(), 9, np.float16 if part is asc.float16 else np.float32)
    out = _run(abs_vf, dtype, x, y, z, 0, out=part)
    want = np.abs(_values(x)[: lanes // 4])
    tol = 2e-3 if part is asc.float16 else 1e-6
    np.testing.assert_allclose(out[: lanes // 4], want, rtol=tol)
    assert not out[lanes // 4 :].any()  # (off the Q mask, and past the src's elements)
    # of a RegTraitNumTwo pair: twice the elements, the whole register
    out = _run(abs_pair_vf, dtype, x, y, z, 0, out=part)
    np.testing.assert_allclose(out, np.abs(_values(x)[: 2 * lanes]), rtol=tol)


def test_complex32_distribution_modes_move_32_bit_lanes():
    x, y, z = _inputs(64, COMPLEX32, np.random.default_rng(5))
    out = _run(dist_vf, asc.complex32, x, y, z, 0)
    a = _values(x)
    assert np.all(out[:64] == a[3])
    assert np.array_equal(out[64:128:2], a[:32]) and not out[65:128:2].any()
    packed = z[128:160].view(np.float16)  # (the real parts, two halves per element)
    assert np.array_equal(packed, x["real"][:64]) and not out[160:192].any()
    assert out[192] == _values(y)[0] and not out[193:256].any()


def test_complex32_mul_rounds_each_step_to_half():
    """(a + bi)(c + di) as ComplexMulKernel: ac, bd, bc, ad each rounded to half, then
    ac - bd and bc + ad rounded, exactly (ac = (1 + 2^-10)^2 loses its 2^-20 first)."""
    lanes = R.lanes(asc.complex32)
    x, y, z = _inputs(lanes, COMPLEX32, np.random.default_rng(1))
    x["real"][2], x["imag"][2] = 1 + 2**-10, 2**-11
    y["real"][2], y["imag"][2] = 1 + 2**-10, 2**-11
    out = _run(ops_vf, asc.complex32, x, y, z, lanes).reshape(SEGMENTS, lanes)
    h = np.float16
    ac, bd = h(1 + 2**-10) * h(1 + 2**-10), h(2**-11) * h(2**-11)
    bc_ad = h(2**-11) * h(1 + 2**-10) + h(1 + 2**-10) * h(2**-11)
    assert out[2][2] == complex(float(ac - bd), float(bc_ad))


def test_pairs_and_masks_count_complex_elements():
    """A RegTraitNumTwo complex32 pair is 128 elements; VL16 enables the first 16."""
    x, y, z = _inputs(128, COMPLEX32, np.random.default_rng(2))
    z["real"] = 7  # (what the masked-off store leaves)
    out = _run(pair_vf, asc.complex32, x, y, z, 0)
    a = _values(x)[:128]
    np.testing.assert_allclose(out[:16], (a * _values(y)[:128])[:16], rtol=4e-3, atol=4e-3)
    assert np.all(out[16:128] == 7)
    np.testing.assert_allclose(out[128:256], a * 2j + 1, rtol=4e-3, atol=4e-3)
    assert np.all(out[256:384] == 0.5 + 0.25j)


def test_dtype_facts():
    assert (asc.complex32.sizeof(), asc.complex64.sizeof()) == (4, 8)
    assert str(asc.complex32.ir_type()) == "complex<f16>"
    assert dt.from_ir(asc.complex64.ir_type()) is asc.complex64
    assert dt.from_numpy(np.dtype(np.complex64)) is asc.complex64
    assert dt.from_numpy(COMPLEX32) is asc.complex32
    assert asc.complex64.component is asc.float32 and asc.complex32.is_numeric()
    assert np_dtype(asc.complex64.ir_type()) == np.complex64
    # a (..., 2) float16 array is complex32 storage through a view
    pairs = np.arange(8, dtype=np.float16).reshape(4, 2)
    assert pairs.view(COMPLEX32)[..., 0]["imag"].tolist() == [1, 3, 5, 7]
    from asc_xdsl.backends.ascendc.cpp_types import cpp_type

    assert cpp_type(asc.complex32.ir_type()) == "complex32"
    from asc_xdsl.runtime.simulator.dtypes import dtype_label, to_scalar

    assert to_scalar(asc.complex32.ir_type(), 1 + 2**-12 + 2j) == 1 + 2j  # (parts in half)
    assert dtype_label(asc.complex32.ir_type()) == "complex32"
    with pytest.raises(Exception, match=r"complex128 cannot be passed.*complex64"):
        dt.from_numpy(np.dtype(np.complex128))


# -- IR: round trip, C++, refusals ----------------------------------------------------

C64 = "!ascendc.reg_tensor<complex<f32>>"
P64 = "memref<?xcomplex<f32>, 26 : i64>"


def _module(body: str, soc: str = SOC) -> str:
    return f"""builtin.module attributes {{ascendc.soc = "{soc}"}} {{
  func.func @vf(%x: {P64}) attributes {{ascendc.vf}} {{
    %c0 = arith.constant 0 : i32
    %re = arith.constant 1.5 : f32
    %s = complex.create %re, %re : complex<f32>
    %m = ascendc.reg.create_mask {{dtype = complex<f32>, pattern = 0 : i32}} : () -> !ascendc.mask_reg
    %a = ascendc.reg.load_align %x, %c0 : {P64}, i32 -> {C64}
    {body}
    func.return
  }}
}}"""


MULS = f"%r = ascendc.reg.muls %a, %s, %m : {C64}, complex<f32>, !ascendc.mask_reg -> {C64}"


def _translate(text: str) -> str:
    from asc_xdsl.backends.ascendc import to_ascendc
    from asc_xdsl.dialects.ir_context import parse_module

    module = parse_module(text)
    module.verify()
    return to_ascendc(module)


def _refusal(text: str) -> str:
    from asc_xdsl.dialects.ir_context import parse_module

    with pytest.raises(Exception) as e:
        parse_module(text).verify()
    return str(e.value)


def test_round_trip_and_cpp():
    from asc_xdsl.dialects.ir_context import parse_module

    printed = str(parse_module(_module(MULS)))
    assert str(parse_module(printed)) == printed
    cpp = _translate(_module(MULS))
    assert "complex64 s = complex64(re, re);" in cpp
    assert "AscendC::Reg::CreateMask<complex64, AscendC::Reg::MaskPattern::ALL>()" in cpp
    assert "AscendC::Reg::Muls(r, a, s, m);" in cpp


def test_refusals_are_located():
    move = f"%r = ascendc.reg.move %a, %m : {C64}, !ascendc.mask_reg -> {C64}"
    assert "Reg::Move does not take complex types (complex<f32>)" in _refusal(_module(move))
    maxed = f"%r = ascendc.reg.max %a, %a, %m : {C64}, {C64}, !ascendc.mask_reg -> {C64}"
    assert "does not support T = complex<f32>" in _refusal(_module(maxed))
    ftz = f"%r = ascendc.reg.div_mode %a, %a, %m {{algo = 5 : i32}} : {C64}, {C64}, !ascendc.mask_reg -> {C64}"
    assert "PRECISION_1ULP_FTZ_FALSE does not take complex<f32>" in _refusal(_module(ftz))
    brc = f"%r = ascendc.reg.load_align %x, %c0 {{dist = 3 : i32}} : {P64}, i32 -> {C64}"
    assert "DIST_NORM only" in _refusal(_module(brc))
    # off Ascend 950 the tensors of a complex type are refused too, by the SoC
    off = _module(MULS, soc="Ascend910B1")
    assert "exists on Ascend 950 (arch 3510) only" in _refusal(off)
    tensor = """builtin.module attributes {ascendc.soc = "Ascend910B1"} {
  func.func @k() attributes {ascendc.aicore, ascendc.global} {
    %g = ascendc.global_tensor : !ascendc.global_tensor<*xcomplex<f32>>
    func.return
  }
}"""
    assert "complex types (complex<f32>) exist on Ascend 950" in _refusal(tensor)


def test_python_errors_are_located():
    @asc.vf
    def bad_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
        m = R.create_mask(x.dtype)
        R.store_align(z, R.max(R.load_align(x), R.load_align(y), m), m)

    x, y, z = _inputs(32, np.complex64, np.random.default_rng(3))
    with pytest.raises(Exception, match=r"test_reg_complex.py:\d+.*Reg::Max does not support"):
        _run(bad_vf, asc.complex64, x, y, z, 32)
    with pytest.raises(Exception, match="complex128 cannot be passed"):
        _run(ops_vf, asc.complex64, x.astype(np.complex128), y, z, 32)


@jit
def copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """x -> UB -> z, 128 elements."""
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    local = buf.get(x.dtype)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    asc.data_copy(local, xg, 128)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, local, 128)


def test_complex_tensors_copy_and_launch_conventions():
    # complex32: (..., 2) float16 pairs viewed as the structured dtype, written in place
    pairs = np.arange(256, dtype=np.float16).reshape(128, 2)
    out = np.zeros((128, 2), np.float16)
    copy_kernel[1](pairs.view(COMPLEX32)[..., 0], out.view(COMPLEX32)[..., 0], platform=SOC)
    assert np.array_equal(out, pairs)
    x = (np.arange(128) * (1 - 2j)).astype(np.complex64)
    z = np.zeros(128, np.complex64)
    copy_kernel[1](x, z, platform=SOC)
    assert np.array_equal(z, x)
    # off Ascend 950 a complex tensor is a located error
    with pytest.raises(Exception, match=r"test_reg_complex.py:\d+.*exist on Ascend 950"):
        copy_kernel[1](x, z, platform="Ascend910B1")
    # a compiled complex32 kernel given float16 (not the structured dtype) says how
    from asc_xdsl.runtime.simulator.backend import bind_arguments

    compiled = copy_kernel.compile(pairs.view(COMPLEX32)[..., 0], out.view(COMPLEX32)[..., 0],
                                   soc_version=SOC)  # fmt: skip
    with pytest.raises(Exception, match=r"reads complex<f16> but got a float16.*COMPLEX32"):
        bind_arguments(compiled, [pairs, out])
