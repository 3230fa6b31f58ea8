"""Ascend 950's cube completeness (docs/fp8.md "MX", docs/ascend950.md): MmadBitModeParams'
getters and SetConfig0 read the same bits of the packed word as dav_3510's
`MmadBitModeConfig0` (checked against an independent packing), Mmad's (non-MX)
MmadBitModeParams forms against numpy, and QuantMode_t / pad_t values computed at run
time, which reach C++ through the enumerators' names, not our numbers."""

from __future__ import annotations

import re

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.simulator import SimulatorError

A950 = "Ascend950PR_9599"
M, K, N = 32, 32, 32

# dav_3510 MmadBitModeConfig0, from bit 0 up: m:12, k:12, n:12, 19 unnamed bits,
# unitFlag:2, 4 unnamed bits, disableGemv:1, cmatrixSource:1, cmatrixInitVal:1
_LAYOUT = (("m", 12), ("k", 12), ("n", 12), (None, 19), ("unitFlag", 2), (None, 4),
           ("disableGemv", 1), ("cmatrixSource", 1), ("cmatrixInitVal", 1))  # fmt: skip


def pack(**fields: int) -> int:
    word, low = 0, 0
    for name, width in _LAYOUT:
        if name is not None:
            word |= (fields.get(name, 0) & ((1 << width) - 1)) << low
        low += width
    assert low == 64
    return word


@asc.jit(kernel_type="cube", soc_version=A950)
def getters(out: asc.GlobalAddress, word: asc.GlobalAddress):
    """Set every field (m past its 12 bits, unitFlag past its 2), read each back and the
    word; then SetConfig0 of a word from GM (unnamed bits set) and read it back."""
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    wg = asc.GlobalTensor()
    wg.set_global_buffer(word)
    p = asc.MmadBitModeParams()
    p.set_m(4096 + 17)
    p.set_k(300)
    p.set_n(4095)
    p.set_unit_flag(6)
    p.set_disable_gemv(True)
    p.set_cmatrix_source(False)
    p.set_cmatrix_init_val(True)
    og.set_value(0, p.get_m())
    og.set_value(1, p.get_k())
    og.set_value(2, p.get_n())
    og.set_value(3, p.get_unit_flag())
    og.set_value(4, p.get_disable_gemv())
    og.set_value(5, p.get_cmatrix_source())
    og.set_value(6, p.get_cmatrix_init_val())
    og.set_value(7, p.get_config0())
    q = asc.MmadBitModeParams(asc.MmadParams(m=5, n=6, k=7, cmatrix_init_val=False))
    og.set_value(8, q.get_config0())
    q.set_config0(wg.get_value(0))
    og.set_value(9, q.get_config0())
    og.set_value(10, q.get_n())
    og.set_value(11, q.get_cmatrix_source())
    q.set_k(1)  # (a setter keeps the unnamed bits)
    og.set_value(12, q.get_config0())


def test_getters_and_set_config0_read_the_packed_word():
    word = 0x5A5A_F0F0_1234_5678 | (1 << 62)
    out = np.zeros(16, np.uint64)
    getters[1](out, np.array([word], np.uint64), platform=A950)
    first = pack(m=17, k=300, n=4095, unitFlag=2, disableGemv=1, cmatrixInitVal=1)
    got = [int(v) for v in out[:13]]
    assert got[:7] == [17, 300, 4095, 2, 1, 0, 1]
    assert got[7] == first
    assert got[8] == pack(m=5, k=7, n=6)
    assert got[9] == word  # (the unnamed bits kept)
    assert got[10] == (word >> 24) & 0xFFF and got[11] == 1
    assert got[12] == (word & ~(0xFFF << 12)) | (1 << 12)


@asc.jit(kernel_type="cube", soc_version=A950)
def mmad_bit_mode(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress,
                  c: asc.GlobalAddress, flags: asc.GlobalAddress, form: asc.ConstExpr[int]):  # fmt: skip
    """c = a (M x K) @ b (K x N) by Mmad with MmadBitModeParams. form 1: the params from
    MmadParams; 2: set field by field, the bias form with cmatrixSource (C from the bias
    table); 3: C = 0, then the bias form without cmatrixSource (C from L0C: a second
    product added, the bias unread). flags[0]: cmatrixInitVal after the bias form."""
    ag, bg, cg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    biasg, fg = asc.GlobalTensor(), asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    biasg.set_global_buffer(bias)
    cg.set_global_buffer(c)
    fg.set_global_buffer(flags)
    a1 = asc.LocalTensor(a.dtype, asc.TPosition.A1, 0, M * K)
    b1 = asc.LocalTensor(b.dtype, asc.TPosition.B1, 64 * 1024, K * N)
    bias1 = asc.LocalTensor(c.dtype, asc.TPosition.C1, 128 * 1024, N)
    asc.data_copy(a1, ag, asc.Nd2NzParams(1, M, K, 0, K, M, 1, 0))
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, N, K, 0, K, N, 1, 0))  # (b^T: the Zn grid)
    asc.data_copy(bias1, biasg, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    a2 = asc.LocalTensor(a.dtype, asc.TPosition.A2, 0, M * K)
    b2 = asc.LocalTensor(b.dtype, asc.TPosition.B2, 0, K * N)
    k0 = 32 // a.dtype.sizeof()
    asc.load_data(a2, a1, asc.LoadData2DParamsV2(0, 0, M // 16, K // k0, M // 16, M // 16))
    asc.load_data(b2, b1, asc.LoadData2DParamsV2(0, 0, N // 16, K // k0, N // 16, N // 16))
    bt = asc.LocalTensor(c.dtype, asc.TPosition.C2, 0, N)
    asc.data_copy(bt, bias1, N)
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    co1 = asc.LocalTensor(c.dtype, asc.TPosition.CO1, 0, M * N)
    if form == 1:
        asc.mmad(co1, a2, b2, asc.MmadBitModeParams(asc.MmadParams(M, N, K)))
    else:
        q = asc.MmadBitModeParams()
        q.set_m(M)
        q.set_n(N)
        q.set_k(K)
        q.set_cmatrix_init_val(True)
        if form == 2:
            q.set_cmatrix_source(True)
        else:
            asc.mmad(co1, a2, b2, q)
        asc.mmad(co1, a2, b2, bt, q)
        fg.set_value(0, q.get_cmatrix_init_val())
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(cg, co1, asc.FixpipeParamsArch3510(N, M, M, N), asc.FixpipeConfig.cfg_row_major())


RNG = np.random.default_rng(10)


@pytest.mark.parametrize("dtype", [np.float16, np.int8])
def test_mmad_with_bit_mode_params_against_numpy(dtype):
    if dtype is np.int8:
        a = RNG.integers(-128, 128, (M, K)).astype(np.int8)
        b = RNG.integers(-128, 128, (K, N)).astype(np.int8)
        bias = RNG.integers(-1000, 1000, N).astype(np.int32)
        prod = a.astype(np.int64) @ b.astype(np.int64)
        out_t = np.int32
    else:
        a = RNG.uniform(-1, 1, (M, K)).astype(np.float16)
        b = RNG.uniform(-1, 1, (K, N)).astype(np.float16)
        bias = RNG.uniform(-4, 4, N).astype(np.float32)
        prod = a.astype(np.float32) @ b.astype(np.float32)
        out_t = np.float32
    bt = np.ascontiguousarray(b.T)
    results = {}
    for form in (1, 2, 3):
        c = np.zeros((M, N), out_t)
        flags = np.full(2, 7, np.int32)
        mmad_bit_mode[1](a, bt, bias, c, flags, form, platform=A950, sanitize="error")
        results[form] = (c, int(flags[0]))
    if out_t is np.int32:
        np.testing.assert_array_equal(results[1][0], prod.astype(np.int32))
        np.testing.assert_array_equal(results[2][0], (prod + bias).astype(np.int32))
        np.testing.assert_array_equal(results[3][0], (2 * prod).astype(np.int32))
    else:
        np.testing.assert_allclose(results[1][0], prod, rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(results[2][0], prod + bias, rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(results[3][0], 2 * prod, rtol=1e-5, atol=1e-5)
    # the bias form cleared the caller's cmatrixInitVal (set true before the call)
    assert results[2][1] == 0 and results[3][1] == 0


def test_mmad_bit_mode_with_cmatrix_source_and_no_bias_table_is_an_error():
    @asc.jit(kernel_type="cube", soc_version=A950)
    def k(c: asc.GlobalAddress):
        co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
        b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
        q = asc.MmadBitModeParams()
        q.set_m(16)
        q.set_n(16)
        q.set_k(16)
        q.set_cmatrix_source(True)
        asc.mmad(co1, a2, b2, co1, q)

    with pytest.raises(SimulatorError, match=re.escape("the bias is in L0C, not C2 (BT)")):
        k[1](np.zeros(4, np.float32), platform=A950)


@pytest.mark.parametrize(
    ("soc", "body", "message"),
    [
        ("Ascend910B1",
         "%q = ascendc.mmad_bit_mode_params.get_config0 %p : !ascendc.mmad_bit_mode_params",
         "MmadBitModeParams exists on Ascend 950 (arch 3510) only"),
        ("Ascend910B1",
         "ascendc.mmad_bit_mode %c, %h, %h, %p : !ascendc.local_tensor<*xf32>, "
         "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, "
         "!ascendc.mmad_bit_mode_params",
         "Mmad with MmadBitModeParams exists on Ascend 950 (arch 3510) only"),
        ("Ascend950PR_9599",
         "ascendc.mmad_bit_mode %c, %h, %c, %p : !ascendc.local_tensor<*xf32>, "
         "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, "
         "!ascendc.mmad_bit_mode_params",
         "Mmad does not compute f32 <- f16 x f32 on Ascend 950"),
        ("Ascend950PR_9599",
         '%q = "ascendc.mmad_bit_mode_params.get_m"(%p) : (!ascendc.mmad_bit_mode_params) -> ui32',
         "ui16"),
    ],
)  # fmt: skip
def test_bit_mode_forms_the_headers_refuse_are_refused_at_the_op(soc, body, message):
    from xdsl.parser import Parser
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.frontend.ir_context import make_context

    text = f"""builtin.module attributes {{ascendc.soc = "{soc}"}} {{
  func.func @f(%c: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>,
               %p: !ascendc.mmad_bit_mode_params) {{
    {body}
    func.return
  }}
}}"""
    module = Parser(make_context(), text).parse_module()
    with pytest.raises(VerifyException, match=re.escape(message)):
        module.verify()


@asc.jit(kernel_type="cube", soc_version=A950)
def runtime_quant(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                  scaled: int, deq: int, v220: asc.ConstExpr[bool]):  # fmt: skip
    """c (half) = a @ b through Fixpipe, its quantPre chosen at run time: F322F16, or
    QF322F16_PRE (times deqScalar's float) when `scaled`; FixpipeParamsV220 (the mode
    in its constructor) or FixpipeParamsArch3510 (the mode set as a member)."""
    ag, bg, cg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, M * K)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 64 * 1024, K * N)
    asc.data_copy(a1, ag, asc.Nd2NzParams(1, M, K, 0, K, M, 1, 0))
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, N, K, 0, K, N, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, M * K)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, K * N)
    asc.load_data(a2, a1, asc.LoadData2DParamsV2(0, 0, M // 16, K // 16, M // 16, M // 16))
    asc.load_data(b2, b1, asc.LoadData2DParamsV2(0, 0, N // 16, K // 16, N // 16, N // 16))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, M * N)
    asc.mmad(co1, a2, b2, asc.MmadParams(M, N, K))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    mode = asc.QuantModes.F322F16
    if scaled:
        mode = asc.QuantModes.QF322F16_PRE
    if v220:
        p = asc.FixpipeParamsV220(N, M, M, N, quant_pre=mode, deq_scalar=deq)
        asc.fixpipe(cg, co1, p, asc.FixpipeConfig.cfg_row_major())
    else:
        p3 = asc.FixpipeParamsArch3510(N, M, M, N, quant_pre=mode, deq_scalar=deq)
        asc.fixpipe(cg, co1, p3, asc.FixpipeConfig.cfg_row_major())


@pytest.mark.parametrize("v220", [False, True], ids=["arch3510", "v220"])
def test_a_quant_mode_computed_at_run_time(v220):
    a = RNG.uniform(-1, 1, (M, K)).astype(np.float16)
    b = RNG.uniform(-1, 1, (K, N)).astype(np.float16)
    prod = a.astype(np.float32) @ b.astype(np.float32)
    two = int(np.array([2.0], np.float32).view(np.uint32)[0])
    bt = np.ascontiguousarray(b.T)
    for scaled, want in ((0, prod), (1, 2 * prod)):
        c = np.zeros((M, N), np.float16)
        runtime_quant[1](a, bt, c, scaled, two, v220, platform=A950, sanitize="error")
        np.testing.assert_array_equal(c, want.astype(np.float16))
    cpp = runtime_quant.compile(a, bt, c, 1, two, asc.ConstExpr(v220)).asm["ascendc"]
    assert "static_cast<QuantMode_t>" not in cpp
    assert re.search(r"QuantMode_t \w+\{ToQuantMode\(\w+\)\}|\{[^}]*ToQuantMode\(\w+\)", cpp)
    assert "case 17: return QuantMode_t::QF322F16_PRE;" in cpp


@pytest.mark.parametrize(
    ("soc", "number", "message"),
    [
        ("Ascend950PR_9599", 23, "field 0 (value) of QuantMode_t is 23, not a QuantMode_t (0 .. 22"),
        ("Ascend910B1", 17, "is QuantMode_t::QF322F16_PRE, an Ascend 950 mode"),
    ],
)  # fmt: skip
def test_a_constant_builtin_enum_outside_the_numbering_is_refused(soc, number, message):
    """The printer names a constant QuantMode_t: a number with no name (or with a name the
    module's SoC has not) is refused at the op."""
    from xdsl.parser import Parser
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.frontend.ir_context import make_context

    text = f"""builtin.module attributes {{ascendc.soc = "{soc}"}} {{
  func.func @f() {{
    %c = arith.constant {number} : i32
    %q = ascendc.construct !ascendc.quant_mode_t(%c) : i32
    func.return
  }}
}}"""
    module = Parser(make_context(), text).parse_module()
    with pytest.raises(VerifyException, match=re.escape(message)):
        module.verify()
