"""tile-to-reg (Ascend 950): element-wise chains and row reductions of tiles run as one
vector function of Reg ops each, on the simulator with the race checker raising, and
agree with numpy and with the unfused lowering; what it cannot fuse stays as it was."""

import numpy as np
import pytest
from xdsl.parser import Parser

import asc_xdsl as asc
import asc_xdsl.asc2 as asc2
from asc_xdsl.dialects.ir_context import make_context
from asc_xdsl.transforms.tile_to_reg import FusedVfOp, fuse_module

SOC = "Ascend950PR_9599"


def _softmax(fusion):
    @asc2.jit(soc_version=SOC, vf_fusion=fusion)
    def softmax(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, rows: int, cols: int,
                tile: asc.ConstExpr[int]):  # fmt: skip
        x = asc2.tensor(x_ptr, [rows, cols])
        z = asc2.tensor(z_ptr, [rows, cols])
        for i in range(asc2.block_idx(), rows, asc2.block_num()):
            row = asc2.load(x, [1, tile], offsets=[i, 0], pad_value=-1e30)
            num = asc2.exp(row - asc2.reduce_max(row))
            asc2.store(num / asc2.reduce_sum(num), z, offsets=[i, 0])

    return softmax


def test_softmax_with_a_tail_is_one_vector_function():
    x = np.random.default_rng(0).random((3, 200), np.float32)  # 200 of a 256 tile
    want = np.exp(x - x.max(1, keepdims=True))
    want /= want.sum(1, keepdims=True)
    for fusion, vf in ((None, True), (False, False)):
        kernel = _softmax(fusion)
        cpp = kernel.compile(x, x, 3, 200, 256).asm["ascendc"]
        assert ("__simd_vf__ inline void softmax_vf0(" in cpp) is vf
        assert ("asc_vf_call<softmax_vf0>(" in cpp) is vf
        assert ("AscendC::Exp(" in cpp) is not vf
        z = np.zeros_like(x)
        kernel[2](x, z, 3, 200, 256, sanitize="error")
        np.testing.assert_allclose(z, want, rtol=1e-5, atol=1e-7)


@asc2.jit(soc_version=SOC)
def _rows(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, m_ptr: asc.GlobalAddress,
          h_ptr: asc.GlobalAddress):  # fmt: skip
    x = asc2.tensor(x_ptr, [4, 64])
    t = asc2.load(x, [4, 64], offsets=[0, 0])
    m = asc2.reduce_max(t, 1, keep_dims=True)
    asc2.store(m, asc2.tensor(m_ptr, [4, 1]), offsets=[0, 0])  # a [4, 1] result out
    y = asc2.rsqrt(asc2.abs(t - m) + 1.0) * 0.5 + asc2.exp2(t) - asc2.log2(asc2.relu(t) + 2.0)
    asc2.store(y, asc2.tensor(z_ptr, [4, 64]), offsets=[0, 0])
    h = asc2.load(asc2.tensor(h_ptr, [64]), [64], offsets=[0])  # float16: a VF of its own
    g = asc2.where(asc2.less(0.25, h), asc2.minimum(-h * 2.0, h), h + 1.0)  # (scalar left)
    out = asc2.where(g >= h, g, 0.5) + asc2.full_like(h, 0.25)
    asc2.store(out, asc2.tensor(h_ptr, [64]), offsets=[0])


def test_rows_row_results_and_float16_compare_select():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((4, 64)).astype(np.float32)
    h = rng.standard_normal(64).astype(np.float16)
    z, m, h0 = np.zeros_like(x), np.zeros((4, 1), np.float32), h.copy()
    ir = _rows.compile(x, z, m, h).asm["lowered_ir"]
    assert ir.count("ascendc.reg.vf_call") == 2
    _rows[1](x, z, m, h, sanitize="error")
    mx = x.max(1, keepdims=True)
    np.testing.assert_array_equal(m, mx)
    want = 0.5 / np.sqrt(abs(x - mx) + 1) + np.exp2(x) - np.log2(np.maximum(x, 0) + 2)
    np.testing.assert_allclose(z, want, rtol=1e-5, atol=1e-6)
    g = np.where(h0 > 0.25, np.minimum(-h0 * np.float16(2), h0), h0 + np.float16(1))
    np.testing.assert_array_equal(h, np.where(g >= h0, g, np.float16(0.5)) + np.float16(0.25))


def _fused(text: str) -> list[FusedVfOp]:
    module = Parser(make_context(), text).parse_module()
    fuse_module(module)
    module.verify()
    return [op for op in module.walk() if isinstance(op, FusedVfOp)]


_CHAIN = """builtin.module attributes {{ascendc.soc = "{soc}"}} {{
  func.func @k(%x: memref<?x{t}, 22 : i64>, %n: i32) attributes {{ascendc.global}} {{
    %c0 = arith.constant 0 : i32
    %v = asctile.tensor %x[%n] : memref<?x{t}, 22 : i64>, i32 -> !asctile.tensor<?x{t}>
    %a = asctile.load %v[%c0] : !asctile.tensor<?x{t}>, i32 -> !asctile.tile<64x{t}, ub>
    %b = asctile.unary "{u}" %a : !asctile.tile<64x{t}, ub> -> !asctile.tile<64x{t}, ub>
    %c = asctile.unary "abs" %b : !asctile.tile<64x{t}, ub> -> !asctile.tile<64x{t}, ub>
    %s = asctile.reduce "sum" %c {{dims = [#builtin.int<0>], keep_dims = false}} : !asctile.tile<64x{t}, ub> -> {t}
    {use}
    asctile.store %c, %v[%c0] : !asctile.tile<64x{t}, ub>, !asctile.tensor<?x{t}>, i32
    func.return
  }}
}}"""


@pytest.mark.parametrize(
    ("soc", "t", "u", "use", "groups"),
    [
        (SOC, "f32", "exp", "", 1),  # exp, abs, and the sum no one reads
        ("Ascend910B", "f32", "exp", "", 0),  # no Reg layer
        (SOC, "bf16", "exp", "", 0),  # (no bf16 arithmetic in registers)
        (SOC, "f32", "tanh", "", 1),  # tanh stays a library call: abs + sum fused
        # a scalar read outside: a vector function returns nothing, so nothing is fused
        (SOC, "f32", "exp", "asctile.store_scalar %s, %v[%c0] : f32, !asctile.tensor<?xf32>, i32", 0),
    ],
)  # fmt: skip
def test_what_is_fused(soc, t, u, use, groups):
    found = _fused(_CHAIN.format(soc=soc, t=t, u=u, use=use))
    assert len(found) == groups


def test_vf_fusion_option_is_checked():
    with pytest.raises(TypeError, match="vf_fusion must be True, False or None"):
        asc2.jit(vf_fusion="yes")(lambda: None)


def test_fused_vf_names_a_vector_function_of_its_arity():
    text = """builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @k(%t: !asctile.tile<64xf32, ub>) {
    %0 = asctile.fused_vf @f(%t : !asctile.tile<64xf32, ub>) : !asctile.tile<64xf32, ub>
    func.return
  }
  func.func @f(%a: memref<?xf32, 26 : i64>) ATTRS {
    func.return
  }
}"""
    for attrs, message in (
        ("", "@f is not a vector function of the module"),
        (
            "attributes {ascendc.vf}",
            r"@f has 1 parameter\(s\), not one per operand and result \(1 \+ 1\)",
        ),
    ):
        module = Parser(make_context(), text.replace("ATTRS", attrs)).parse_module()
        with pytest.raises(Exception, match=message):
            module.verify()


@asc2.jit(soc_version=SOC)
def _full_of_max(x_ptr: asc.GlobalAddress, out_ptr: asc.GlobalAddress, size: int,
                 tile: asc.ConstExpr[int]):  # fmt: skip
    t = asc2.load(asc2.tensor(x_ptr, [size]), [tile], offsets=[0])
    asc2.store(asc2.full([1], asc2.reduce_max(t), dtype=t.dtype), asc2.tensor(out_ptr, [1]),
               offsets=[0])  # fmt: skip


def test_full_of_a_reduction_in_the_group():
    """Regression (PyAsc2's test_reduce_partial_tile): `full` of a reduction's scalar in
    the same group is the reduction's register, not a parameter."""
    x = np.full(32, 1000.0, np.float32)
    x[:7] = -np.arange(1, 8, dtype=np.float32)
    out = np.zeros(1, np.float32)
    assert _full_of_max.compile(x, out, 32, 7).asm["lowered_ir"].count("reg.vf_call") == 1
    _full_of_max[1](x, out, 32, 7, sanitize="error")
    assert out[0] == -1.0
