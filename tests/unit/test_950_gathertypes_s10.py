"""The Reg layer's Gather through UB of a 16-, 32- or 64-bit source into a register of
another type of the same size (Ascend 950): dav_3510's DataCopyGatherImpl checks only
`sizeof(T1)` against the register's size (and the index type) and gathers through
`vector_s16` / `vector_s32` casts, so the bits move unchanged (int16 into half, float
into int32, uint64 into int64). Scatter and GatherB deduce their T from the pointer and
assert it is the register's type: those stay exact. Bit for bit against numpy's `.view`
(NaN patterns included); the C++ is header-checked through
`tests/filecheck/reg/gathertypes_s10.mlir`."""

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
N = 512  # bytes of the source
ON = 20  # enabled elements
BITS = {2: np.uint16, 4: np.uint32, 8: np.uint64}
INDEX = {2: asc.uint16, 4: asc.uint32, 8: asc.uint32}


@asc.vf
def gt_vf(x: R.UbPointer, w: R.UbPointer, g: R.UbPointer):
    """g[0:lanes): Gather(x, w) into a register of g's type under the first ON lanes."""
    m, _ = R.update_mask(ON, g.dtype)
    R.store_align(g, R.gather(x, R.load_align(w), m, dtype=g.dtype), R.create_mask(g.dtype))


@jit
def gt_kernel(x: asc.GlobalAddress, w: asc.GlobalAddress, g: asc.GlobalAddress,
              src: asc.ConstExpr, reg: asc.ConstExpr, idx: asc.ConstExpr):  # fmt: skip
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bw = asc.TBuf(asc.TPosition.VECCALC)
    bg = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, N)
    pipe.init_buffer(bw, 256)
    pipe.init_buffer(bg, 256)
    xl, wl, gl = bx.get(x.dtype), bw.get(w.dtype), bg.get(g.dtype)
    xg, wg, gg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    wg.set_global_buffer(w)
    gg.set_global_buffer(g)
    asc.data_copy(xl, xg, N // x.dtype.sizeof())
    asc.data_copy(wl, wg, 256 // w.dtype.sizeof())
    asc.data_copy(gl, gg, 256 // g.dtype.sizeof())
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    # (the UB bytes as the source's and the register's types: numpy has no bfloat16)
    gt_vf(xl.reinterpret_cast(src), wl.reinterpret_cast(idx), gl.reinterpret_cast(reg))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(gg, gl, 256 // g.dtype.sizeof())


def _bits(size: int, rng: np.random.Generator) -> np.ndarray:
    """The source's bits: random, with NaN patterns (quiet, signalling, payloads) of each
    float type of this size among the gathered ones."""
    u = BITS[size]
    x = rng.integers(0, np.iinfo(u).max, N // size, dtype=u, endpoint=True)
    nans = {
        2: [0x7E01, 0xFC01, 0x7D55, 0x7FC1, 0xFF81, 0x7F81],  # half qNaN/sNaN, bf16 q/s
        4: [0x7FC00001, 0xFF800001, 0x7FA5A5A5],
        8: [0x7FF0000000000001, 0xFFF8000000000123],
    }[size]
    x[: len(nans)] = nans
    return x


@pytest.mark.parametrize(
    "src,reg",
    [
        (asc.int16, asc.float16),
        (asc.float16, asc.bfloat16),
        (asc.bfloat16, asc.uint16),
        (asc.uint16, asc.int16),
        (asc.float16, asc.int16),
        (asc.int32, asc.float32),
        (asc.float32, asc.uint32),
        (asc.uint32, asc.int32),
        (asc.int64, asc.uint64),
        (asc.uint64, asc.int64),
    ],
)
def test_gather_same_size_moves_bits(src, reg):
    size = src.sizeof()
    rng = np.random.default_rng(size)
    x = _bits(size, rng)
    lanes = 256 // size
    w = np.zeros(256 // INDEX[size].sizeof(), BITS[INDEX[size].sizeof()])
    # (the NaN patterns land in enabled lanes, the rest anywhere in the source)
    index = rng.permutation(N // size)[:lanes]
    index[:6] = np.arange(6)[::-1]
    w[:lanes] = index
    g = np.full(lanes, 0x5A, BITS[size])
    gt_kernel[1](x, w, g, asc.ConstExpr(src), asc.ConstExpr(reg), asc.ConstExpr(INDEX[size]),
                 platform=A950, sanitize="error")  # fmt: skip
    want = np.zeros(lanes, BITS[size])
    want[:ON] = x[index[:ON]]
    np.testing.assert_array_equal(g, want)  # (uint views: NaN bits compare exactly)


def _verify(body: str, args: str) -> None:
    text = (
        'builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {\n'
        f"  func.func @f({args}) attributes {{ascendc.vf}} {{\n{body}\n    func.return\n  }}\n}}"
    )
    Parser(make_context(), text).parse_module().verify()


def test_verifier_refuses_other_sizes_and_index_types():
    m = "%m = ascendc.reg.create_mask {dtype = f32, pattern = 0 : i32} : () -> !ascendc.mask_reg"
    ok = (
        "%g = ascendc.reg.gather %p, %i, %m : memref<?xf32, 26 : i64>, "
        "!ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<i32>"
    )
    args = "%p: memref<?xf32, 26 : i64>, %i: !ascendc.reg_tensor<ui32>"
    _verify(f"{m}\n{ok}", args)
    with pytest.raises(VerifyException, match=r"f32 source \(32-bit\) into a f16 register"):
        _verify(f"{m}\n{ok.replace('reg_tensor<i32>', 'reg_tensor<f16>')}", args)
    with pytest.raises(VerifyException, match=r"f32 source \(32-bit\) into a i64 register"):
        _verify(f"{m}\n{ok.replace('reg_tensor<i32>', 'reg_tensor<i64>')}", args)
    args16 = "%p: memref<?xi16, 26 : i64>, %i: !ascendc.reg_tensor<ui32>"
    bad_index = (
        "%g = ascendc.reg.gather %p, %i, %m : memref<?xi16, 26 : i64>, "
        "!ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<f16>"
    )
    with pytest.raises(VerifyException, match="Gather of f16 takes a ui16 index, not ui32"):
        _verify(f"{m}\n{bad_index}", args16)
    # (Scatter's pointer type is the register's: the header's static_assert T == ActualT)
    scatter = (
        "ascendc.reg.scatter %p, %s, %i, %m : memref<?xf32, 26 : i64>, "
        "!ascendc.reg_tensor<i32>, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg"
    )
    sargs = f"{args}, %s: !ascendc.reg_tensor<i32>"
    with pytest.raises(VerifyException):
        _verify(f"{m}\n{scatter}", sargs)


@asc.vf
def bad_vf(x: R.UbPointer, w: R.UbPointer):
    m = R.create_mask(asc.float32)
    R.gather(x, R.load_align(w), m, dtype=asc.float16)


@jit
def bad_kernel(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    b = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b, 256)
    t = b.get(asc.float32)
    bad_vf(t, t.reinterpret_cast(asc.uint32))


def test_python_refuses_other_size_with_location():
    x = np.zeros(64, np.float32)
    with pytest.raises(CompileError) as e:
        bad_kernel[1](x, platform=A950)
    text = str(e.value)
    assert "gather of a float32 source into a float16 register" in text
    assert re.search(r"test_950_gathertypes_s10\.py:\d+", text)
