"""Fixpipe and DataCopy out of L0C on the simulator against numpy: the F32 Channel Split
(16 x 16 fractals become two 16 x 8), the Int8 Channel Merge of an 8-bit Nz destination
(16-column blocks paired into 32), the invalid forms, and Mmad after
SetMMLayoutTransform(true) (the cube's order only)."""

from __future__ import annotations

import numpy as np
import pytest
from cubekit import IR, ceil, gt, lt
from test_sim_cube import ACC, _load_operands, _mmad, _quant_word

from asc_xdsl.runtime.simulator.errors import SimulatorError, UnsupportedOpError

RNG = np.random.default_rng(21)
NZ = 0


def _fixpipe_kernel(
    it: str, out_t: str, m: int, k: int, n: int, *, quant=0, deq=0, split=False,
    dst_stride: int, layout=NZ, pre=(),
):  # fmt: skip
    ir = IR()
    a2, b2 = _load_operands(ir, it, m, k, n, True)
    acc = ACC[it]
    c_gm = ir.gm("c", out_t)
    co1 = ir.local("co1", 0, ceil(m, 16) * ceil(n, 16) * 256, acc)
    for line in pre:
        ir.op(line)
    _mmad(ir, co1, a2, b2, it, m, n, k)
    p = ir.struct(
        "fixpipe_params_v220",
        [
            (n, "ui16"), (m, "ui16"), (ceil(m, 16) * 16, "ui16"), (dst_stride, "ui32"),
            (False, "i1"), (quant, "i64"), (deq, "i64"), (1, "ui16"), (0, "ui16"), (0, "ui16"),
            (0, "ui8"), (split, "i1"),
        ],
    )  # fmt: skip
    cfg = ir.struct("fixpipe_config", [(layout, "i64")], " [!ascendc.co2_layout]")
    ir.op(
        f"ascendc.fixpipe {c_gm}, {co1}, {p}, {cfg} : {gt(out_t)}, {lt(acc)}, "
        "!ascendc.fixpipe_params_v220, !ascendc.fixpipe_config"
    )
    return ir.kernel()


def _operands(it: str, m: int, k: int, n: int):
    if it == "i8":
        a = RNG.integers(-9, 9, (m, k)).astype(np.int8)
        b = RNG.integers(-9, 9, (k, n)).astype(np.int8)
        return a, b, a.astype(np.int64) @ b.astype(np.int64)
    a = RNG.standard_normal((m, k)).astype(np.float16)
    b = RNG.standard_normal((k, n)).astype(np.float16)
    return a, b, a.astype(np.float32) @ b.astype(np.float32)


def test_fixpipe_channel_split_writes_16_x_8_fractals():
    """The docs' scenario 7: float Nz, column blocks of 8 (one 32 B block per row), m
    rows each, dstStride m blocks apart."""
    m, k, n = 32, 16, 48
    a, b, want = _operands("f16", m, k, n)
    c = np.full(m * n, -1, np.float32)
    _fixpipe_kernel("f16", "f32", m, k, n, split=True, dst_stride=m)[1](a, b.T.copy(), c)
    blocks = want.reshape(m, n // 8, 8).swapaxes(0, 1)
    np.testing.assert_array_equal(c.reshape(n // 8, m, 8), blocks)


@pytest.mark.parametrize(("n", "blocks"), [(64, [32, 32]), (48, [32, 16])])
def test_fixpipe_int8_nz_merges_column_blocks_in_pairs(n, blocks):
    """Int8 Channel Merge: 16 x 32 fractals (an odd last block stays 16 wide), each
    block's rows one after another, blocks dstStride 32 B blocks apart (REQ8)."""
    m, k = 16, 32
    a, b, acc = _operands("i8", m, k, n)
    word = _quant_word(0.125, offset=2)
    want = np.clip(np.rint(acc * 0.125 + 2), -128, 127).astype(np.int8)
    stride = m  # blocks of m rows x 32 bytes
    c = np.full(len(blocks) * stride * 32, 99, np.int8)
    kern = _fixpipe_kernel("i8", "i8", m, k, n, quant=7, deq=word, dst_stride=stride)
    kern[1](a, b.T.copy(), c)
    col = 0
    for i, width in enumerate(blocks):
        got = c[i * stride * 32 :][: m * width].reshape(m, width)
        np.testing.assert_array_equal(got, want[:, col : col + width])
        col += width
    if blocks[-1] == 16:  # the unmerged block fills m x 16 bytes, the rest untouched
        assert (c[(len(blocks) - 1) * stride * 32 + m * 16 :] == 99).all()


@pytest.mark.parametrize(
    ("it", "out_t", "layout", "why"),
    [
        ("f16", "f16", NZ, "float32 to float16 \\(it needs float to float\\)"),
        ("f16", "f32", 1, "an ND destination"),
    ],
)
def test_channel_split_outside_float_nz_is_invalid(it, out_t, layout, why):
    m, k, n = 16, 16, 16
    a, b, _ = _operands(it, m, k, n)
    quant = 1 if out_t == "f16" else 0
    kern = _fixpipe_kernel(it, out_t, m, k, n, quant=quant, split=True, dst_stride=n, layout=layout)
    out = np.zeros(m * n, np.float16 if out_t == "f16" else np.float32)
    with pytest.raises(SimulatorError, match=f"channel split is invalid with {why}"):
        kern[1](a, b.T.copy(), out)


def test_a_pair_the_hardware_lacks_is_invalid():
    m, k, n = 16, 32, 16
    a, b, _ = _operands("i8", m, k, n)
    kern = _fixpipe_kernel("i8", "bf16", m, k, n, dst_stride=n, layout=1)
    with pytest.raises(UnsupportedOpError, match="from int32 to bf16 is invalid on Atlas A2/A3"):
        kern[1](a, b.T.copy(), np.zeros(m * n, np.uint16))


def _co1_split_kernel(m: int, k: int, n: int):
    ir = IR()
    a2, b2 = _load_operands(ir, "f16", m, k, n, True)
    c_gm = ir.gm("c", "f32")
    co1 = ir.local("co1", 0, ceil(m, 16) * ceil(n, 16) * 256, "f32")
    _mmad(ir, co1, a2, b2, "f16", m, n, k)
    p = ir.struct(
        "data_copy_co12dst_params",
        [(n, "ui16"), (m, "ui16"), (m, "ui32"), (ceil(m, 16) * 16, "ui16"), (0, "i64"),
         (0, "ui8"), (True, "i1"), (False, "i1")],
    )  # fmt: skip
    ir.op(
        f"ascendc.data_copy_co12dst {c_gm}, {co1}, {p} : {gt('f32')}, {lt('f32')}, "
        "!ascendc.data_copy_co12dst_params"
    )
    return ir.kernel()


def test_data_copy_from_l0c_with_channel_split():
    m, k, n = 16, 16, 32
    a, b, want = _operands("f16", m, k, n)
    c = np.zeros(m * n, np.float32)
    _co1_split_kernel(m, k, n)[1](a, b.T.copy(), c)
    blocks = want.reshape(m, n // 8, 8).swapaxes(0, 1)
    np.testing.assert_array_equal(c.reshape(n // 8, m, 8), blocks)


def test_mmad_after_set_mm_layout_transform_computes_the_same():
    m, k, n = 32, 16, 32
    a, b, want = _operands("f16", m, k, n)
    t = "%mm_layout = arith.constant true\nascendc.set_mm_layout_transform %mm_layout : i1"
    kern = _fixpipe_kernel("f16", "f32", m, k, n, dst_stride=n, layout=1, pre=[t])
    c = np.zeros((m, n), np.float32)
    kern[1](a, b.T.copy(), c)
    np.testing.assert_array_equal(c, want)
