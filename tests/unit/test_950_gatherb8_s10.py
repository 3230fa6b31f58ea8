"""The Reg layer's Gather / Scatter through UB of 8-bit data (Ascend 950): dav_3510's
`sizeof(T1) == 1` branches. Gather takes a b8 source (int8, uint8, the 8- and 4-bit
floats) into a register of 16-bit elements, each byte zero-extended (the Gather page: the
low 8 bits the source's, the high 8 bits 0), a uint16 index of byte offsets; Scatter of a
b8 register stores its even bytes (the Scatter page: only src[0, 2, ..., 254] are valid)
at ptr[index[k]], enabled by mask bit 2k. Bit for bit against numpy; the C++ is
header-checked through `tests/filecheck/reg/gatherb8_s10.mlir`."""

from __future__ import annotations

import re

import numpy as np
import pytest
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

import asc_xdsl as asc
from asc_xdsl import jit
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.frontend.ir_context import make_context

R = asc.reg
A950 = "Ascend950PR_9599"
N = 512  # bytes of the b8 source and of the scatter target
G_ON = 100  # Gather's enabled elements (b16 lanes)
S_ON = 181  # Scatter's mask: b8 lanes 0..180, so the even ones 0..180 (91 stores)


@asc.vf
def gs_vf(x: R.UbPointer, w: R.UbPointer, g: R.UbPointer, s: R.UbPointer):
    """g[0:128): Gather(x, w[0:128)) under the first G_ON lanes; s: Scatter of x[0:256)
    to w[128:256) under a b8 mask of the first S_ON lanes."""
    gm, _ = R.update_mask(G_ON, g.dtype)
    R.store_align(g, R.gather(x, R.load_align(w), gm, dtype=g.dtype), R.create_mask(g.dtype))
    sm, _ = R.update_mask(S_ON, x.dtype)
    R.scatter(s, R.load_align(x), R.load_align(w, 128), sm)


@jit
def gs_kernel(x: asc.GlobalAddress, w: asc.GlobalAddress, g: asc.GlobalAddress,
              s: asc.GlobalAddress, per_byte: asc.ConstExpr, reg16: asc.ConstExpr,
              vf: asc.ConstExpr):  # fmt: skip
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bw = asc.TBuf(asc.TPosition.VECCALC)
    bg = asc.TBuf(asc.TPosition.VECCALC)
    bs = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, N)
    pipe.init_buffer(bw, N)
    pipe.init_buffer(bg, N)
    pipe.init_buffer(bs, N)
    xl, wl, gl, sl = bx.get(x.dtype), bw.get(w.dtype), bg.get(g.dtype), bs.get(s.dtype)
    xg, wg, gg, sg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    wg.set_global_buffer(w)
    gg.set_global_buffer(g)
    sg.set_global_buffer(s)
    asc.data_copy(xl, xg, N * per_byte)
    asc.data_copy(wl, wg, 256)
    asc.data_copy(gl, gg, 128)
    asc.data_copy(sl, sg, N * per_byte)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    vf(xl, wl, gl.reinterpret_cast(reg16), sl)  # (g's bits, as the register's type)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(gg, gl, 128)
    asc.data_copy(sg, sl, N * per_byte)


def run(vf, x, w, g, s, reg16=asc.uint16, per_byte=1):
    gs_kernel[1](x, w, g, s, asc.ConstExpr(per_byte), asc.ConstExpr(reg16), asc.ConstExpr(vf),
                 platform=A950, sanitize="error")  # fmt: skip


def _golden(x: np.ndarray, w: np.ndarray, s0: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """From the pages: g[i] = x[w[i]] zero-extended for i < G_ON (0 beyond); s[w[128 + k]]
    = x[2k] for 2k < S_ON, the rest of s as it was."""
    g = np.zeros(128, np.uint16)
    g[:G_ON] = x[w[:G_ON]]
    s = s0.copy()
    k = np.arange((S_ON + 1) // 2)
    s[w[128 + k]] = x[2 * k]
    return g, s


_REG16 = {"int8": asc.int16, "uint8": asc.uint16, "float8_e4m3fn": asc.float16,
          "float4_e2m1": asc.bfloat16, "hifloat8": asc.uint16, "float4_e1m2": asc.int16}  # fmt: skip
"""Each source's register type (int8 -> int16 and uint8 -> uint16 the page's table; the
others any 16-bit type the header takes)."""


@pytest.mark.parametrize(
    "name", ["int8", "uint8", "float8_e4m3fn", "float4_e2m1", "hifloat8", "float4_e1m2"]
)
def test_b8_gather_and_scatter_match_numpy(name):
    rng = np.random.default_rng(8)
    raw = rng.integers(0, 256, N, dtype=np.uint8)
    raw[:4] = (0x80, 0xFF, 0x7F, 0xD8)  # (sign bits: zero-extended, never sign-extended)
    w = np.empty(256, np.uint16)
    w[:128] = rng.integers(0, N, 128)
    w[:3] = (N - 1, 0, 0)  # (the last byte; a repeated index is fine in a gather)
    w[128:] = rng.permutation(N)[:128]  # (a scatter's enabled indices differ)
    s0 = rng.integers(0, 256, N, dtype=np.uint8)
    four = name.startswith("float4")
    if four:  # (held as byte pairs: N bytes are 2N values)
        x, s = (asc.testing.float4_array(np.zeros(2 * N), name) for _ in range(2))
    elif name in ("int8", "uint8"):
        x, s = np.zeros(N, name), np.zeros(N, name)
    else:
        x, s = (asc.testing.float8_array(np.zeros(N), name) for _ in range(2))
    x.view(np.uint8)[:] = raw
    s.view(np.uint8)[:] = s0
    g = np.zeros(128, np.uint16)
    run(gs_vf, x, w, g, s, _REG16[name], 2 if four else 1)
    want_g, want_s = _golden(raw, w, s0)
    got_g = g
    bad = np.nonzero(got_g != want_g)[0]
    assert not len(bad), f"g[{bad[0]}]: {got_g[bad[0]]:#x} != {want_g[bad[0]]:#x}"
    got_s = s.view(np.uint8)
    bad = np.nonzero(got_s != want_s)[0]
    assert not len(bad), f"s[{bad[0]}]: {got_s[bad[0]]:#x} != {want_s[bad[0]]:#x}"


# -- refusals: at the op, at the kernel's line, at the launch -----------------------------

_VF = """builtin.module attributes {{ascendc.soc = "Ascend950PR_9599"}} {{
  func.func @f(%p: memref<?xi8, 26 : i64>, %h: memref<?xi16, 26 : i64>, %u: memref<?xui16, 26 : i64>, %w: memref<?xui32, 26 : i64>) attributes {{ascendc.vf}} {{
    %c0 = arith.constant 0 : i32
    %m = ascendc.reg.create_mask {{dtype = i8, pattern = 0 : i32}} : () -> !ascendc.mask_reg
    %a = ascendc.reg.load_align %p, %c0 : memref<?xi8, 26 : i64>, i32 -> !ascendc.reg_tensor<i8>
    %i = ascendc.reg.load_align %h, %c0 : memref<?xi16, 26 : i64>, i32 -> !ascendc.reg_tensor<i16>
    %x = ascendc.reg.load_align %u, %c0 : memref<?xui16, 26 : i64>, i32 -> !ascendc.reg_tensor<ui16>
    %y = ascendc.reg.load_align %w, %c0 : memref<?xui32, 26 : i64>, i32 -> !ascendc.reg_tensor<ui32>
    {body}
    func.return
  }}
}}"""
_MASK = "!ascendc.mask_reg"
_P8, _P16 = "memref<?xi8, 26 : i64>", "memref<?xi16, 26 : i64>"
_U16, _U32 = "!ascendc.reg_tensor<ui16>", "!ascendc.reg_tensor<ui32>"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (f"%g = ascendc.reg.gather %p, %i, %m : {_P8}, !ascendc.reg_tensor<i16>, {_MASK} -> !ascendc.reg_tensor<i16>",
         "Reg::Gather does not support I = i16"),
        (f"%g = ascendc.reg.gather %p, %y, %m : {_P8}, {_U32}, {_MASK} -> !ascendc.reg_tensor<f32>",
         "Gather of a b8 source (i8) fills a register of 16-bit elements"),
        (f"%g = ascendc.reg.gather %p, %y, %m : {_P8}, {_U32}, {_MASK} -> !ascendc.reg_tensor<i16>",
         "Gather of i16 takes a ui16 index, not ui32"),
        # (a same-size one, i16 into f16, is taken: test_950_gathertypes_s10.py)
        (f"%g = ascendc.reg.gather %h, %x, %m : {_P16}, {_U16}, {_MASK} -> !ascendc.reg_tensor<f32>",
         "Gather from a i16 source (16-bit) into a f32 register (32-bit)"),
        (f"%g = ascendc.reg.gather %p, %x, %m : {_P8}, {_U16}, {_MASK} -> !ascendc.reg_tensor<i8>",
         "Reg::Gather does not support T = i8"),
        (f"ascendc.reg.scatter %p, %a, %y, %m : {_P8}, !ascendc.reg_tensor<i8>, {_U32}, {_MASK}",
         "Scatter of i8 takes a ui16 index, not ui32"),
    ],
)  # fmt: skip
def test_b8_forms_the_header_leaves_out_are_refused_at_the_op(body, message):
    module = Parser(make_context(), _VF.format(body=body)).parse_module()
    with pytest.raises(VerifyException, match=re.escape(message)):
        module.verify()


@asc.vf
def nodtype_vf(x: R.UbPointer, w: R.UbPointer, g: R.UbPointer, s: R.UbPointer):
    R.store_align(g, R.gather(x, R.load_align(w), R.create_mask(g.dtype)), R.create_mask(g.dtype))


def test_a_float8_gather_without_a_register_type_is_refused_at_its_line():
    x = asc.testing.float8_array(np.zeros(N), "float8_e5m2")
    w, g = np.zeros(256, np.uint16), np.zeros(128, np.uint16)
    with pytest.raises(CompileError) as info:
        run(nodtype_vf, x, w, g, x.copy())
    text = str(info.value)
    assert "gather of a float8_e5m2 source fills a register of 16-bit elements" in text
    assert re.search(r"test_950_gatherb8_s10\.py:\d+:\d+", text), text


@asc.vf
def dup_vf(x: R.UbPointer, w: R.UbPointer, g: R.UbPointer, s: R.UbPointer):
    R.scatter(s, R.load_align(x), R.load_align(w, 128), R.create_mask(x.dtype))


@asc.vf
def unaligned_vf(x: R.UbPointer, w: R.UbPointer, g: R.UbPointer, s: R.UbPointer):
    _, s16 = R.load_align_post(s, 16)
    R.scatter(s16, R.load_align(x), R.load_align(w, 128), R.create_mask(x.dtype))


def test_a_b8_scatter_to_one_index_twice_is_an_error():
    """The page: which of two elements to one index lands is not defined."""
    from asc_xdsl.runtime.simulator.errors import SimulatorError

    x = np.arange(N, dtype=np.uint8)
    w = np.zeros(256, np.uint16)
    w[128:] = np.arange(128) * 3
    w[128 + 40] = w[128 + 7]  # (elements 14 and 80 to byte 21)
    with pytest.raises(
        SimulatorError,
        match=re.escape("elements 14 and 80 both go to index 21 with different values"),
    ):
        run(dup_vf, x, w, np.zeros(128, np.uint16), np.zeros(N, np.uint8))
    x[80] = x[14]  # (one value twice to one index: the same bytes whichever lands)
    s = np.zeros(N, np.uint8)
    run(dup_vf, x, w, np.zeros(128, np.uint16), s)
    assert s[21] == x[14] and s[3] == x[2]
    w[128 + 40] = 1  # (distinct again: an unaligned base is the error now)
    with pytest.raises(
        SimulatorError, match=r"Scatter: UB base address \d+ is not 32-byte aligned"
    ):
        run(unaligned_vf, x, w, np.zeros(128, np.uint16), np.zeros(N, np.uint8))
