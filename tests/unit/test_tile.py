"""The tile language (asc_xdsl.asc2): a kernel runs on the simulator with the race
checker on, errors are located at the user's line, and a small fuzz of random
element-wise tile programs agrees with numpy."""

import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import asc_xdsl as asc
import asc_xdsl.asc2 as asc2
from asc_xdsl.frontend.errors import CompileError


@asc2.jit
def _affine(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, n: int, tile: asc.ConstExpr[int]):
    x = asc2.tensor(x_ptr, [n])
    z = asc2.tensor(z_ptr, [n])
    for i in range(asc2.block_idx() * tile, n, asc2.block_num() * tile):
        t = asc2.load(x, [tile], offsets=[i])
        asc2.store(asc2.maximum(t * 2.0 - 1.0, t), z, offsets=[i])


def test_tail_and_loop_race_free():
    x = np.linspace(-2, 2, 200, dtype=np.float32)  # 200 = 3 tiles of 64 and a tail of 8
    z = np.zeros_like(x)
    _affine[2](x, z, x.size, 64, sanitize="error")
    np.testing.assert_allclose(z, np.maximum(x * 2 - 1, x), rtol=1e-6)


def test_shapes_that_do_not_broadcast_are_located():
    @asc2.jit
    def bad(x_ptr: asc.GlobalAddress):
        x = asc2.tensor(x_ptr, [64])
        a = asc2.load(x, [32], offsets=[0])
        b = asc2.load(x, [16], offsets=[0])
        asc2.store(a + b, x, offsets=[0])

    with pytest.raises(CompileError, match=r"shapes \[32\] and \[16\] do not broadcast") as e:
        bad[1](np.zeros(64, np.float32))
    assert "test_tile.py" in str(e.value) and "a + b" in str(e.value)


def test_tile_larger_than_ub_is_located():
    @asc2.jit
    def huge(x_ptr: asc.GlobalAddress):
        x = asc2.tensor(x_ptr, [1 << 20])
        asc2.store(asc2.load(x, [1 << 20], offsets=[0]), x, offsets=[0])

    with pytest.raises(CompileError, match=r"more than UB's"):
        huge[1](np.zeros(1 << 20, np.float32))


_OPS = {
    "add": (asc2.add, np.add),
    "sub": (asc2.sub, np.subtract),
    "mul": (asc2.mul, np.multiply),
    "max": (asc2.maximum, np.maximum),
}


@asc2.jit
def _program(x_ptr: asc.GlobalAddress, y_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress,
             ops: asc.ConstExpr, n: asc.ConstExpr[int]):  # fmt: skip
    x = asc2.load(asc2.tensor(x_ptr, [n]), [n], offsets=[0])
    y = asc2.load(asc2.tensor(y_ptr, [n]), [n], offsets=[0])
    for name, scalar in ops:
        x = _OPS[name][0](x, y) if scalar is None else _OPS[name][0](x, scalar)
    asc2.store(x, asc2.tensor(z_ptr, [n]), offsets=[0])


@settings(max_examples=2, deadline=None)  # the wide sweep: more examples by hand
@given(
    st.lists(
        st.tuples(st.sampled_from(sorted(_OPS)), st.one_of(st.none(), st.sampled_from([0.5, 2.0]))),
        min_size=1,
        max_size=3,
    ),
    st.just(40),
)
def test_random_programs_match_numpy(ops, n):
    rng = np.random.default_rng(0)
    x, y = (rng.random(n, dtype=np.float32) for _ in range(2))
    z = np.zeros_like(x)
    _program[1](x, y, z, tuple(ops), n, sanitize="error")
    want = x.copy()
    for name, scalar in ops:
        want = _OPS[name][1](want, y if scalar is None else np.float32(scalar))
    np.testing.assert_allclose(z, want, rtol=1e-5)


@asc2.jit
def _matmul(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress,
            k_tiles: asc.ConstExpr[int]):  # fmt: skip
    a_l1 = asc2.load(
        asc2.tensor(a_ptr, [32, 64]), [32, 64], offsets=[0, 0], location=asc2.TileLocation.L1
    )
    b_l1 = asc2.load(
        asc2.tensor(b_ptr, [64, 32]), [64, 32], offsets=[0, 0], location=asc2.TileLocation.L1
    )
    acc = asc2.zeros_acc([32, 32], dtype=asc.float32)
    step = 64 // k_tiles
    for i in range(k_tiles):
        a = asc2.copy(a_l1, [32, step], offsets=[0, i * step], location=asc2.TileLocation.L0A)
        b = asc2.copy(b_l1, [step, 32], offsets=[i * step, 0], location=asc2.TileLocation.L0B)
        asc2.matmul_acc(a, b, acc)
    asc2.store(asc2.relu(acc).to(asc.float16), asc2.tensor(c_ptr, [32, 32]), offsets=[0, 0])


def test_matmul_accumulates_over_a_loop_race_free():
    rng = np.random.default_rng(1)
    a = (rng.random((32, 64)) - 0.5).astype(np.float16)
    b = (rng.random((64, 32)) - 0.5).astype(np.float16)
    c = np.zeros((32, 32), np.float16)
    _matmul[1](a, b, c, 2, sanitize="error")
    want = np.maximum(a.astype(np.float32) @ b.astype(np.float32), 0).astype(np.float16)
    np.testing.assert_allclose(c.astype(np.float32), want.astype(np.float32), rtol=2e-3, atol=2e-3)


def test_matmul_on_950_loads_l0a_as_nz_with_v2_params():
    # Ascend 950's Mmad reads A as Nz, and its LoadData is the V2 fractal grid: the
    # lowering loads L0A and L0B with LoadData2DParamsV2 there (one call per copy)
    rng = np.random.default_rng(2)
    a = (rng.random((32, 64)) - 0.5).astype(np.float16)
    b = (rng.random((64, 32)) - 0.5).astype(np.float16)
    c = np.zeros((32, 32), np.float16)
    _matmul[1](a, b, c, 2, sanitize="error", soc_version="Ascend950PR_9599")
    want = np.maximum(a.astype(np.float32) @ b.astype(np.float32), 0).astype(np.float16)
    np.testing.assert_allclose(c.astype(np.float32), want.astype(np.float32), rtol=2e-3, atol=2e-3)
    source = _matmul.compile(a, b, c, 2, soc_version="Ascend950PR_9599").asm["ascendc"]
    assert source.count("AscendC::LoadData2DParamsV2 ") == 2  # L0A and L0B, in the loop
    assert "AscendC::LoadData2DParams " not in source


def test_matmul_operand_in_ub_is_located():
    @asc2.jit
    def bad(a_ptr: asc.GlobalAddress):
        a = asc2.load(asc2.tensor(a_ptr, [16, 16]), [16, 16], offsets=[0, 0])
        asc2.store(a @ a, asc2.tensor(a_ptr, [16, 16]), offsets=[0, 0])

    with pytest.raises(CompileError, match="the left operand is a tile in UB") as e:
        bad[1](np.zeros((16, 16), np.float16))
    assert "a @ a" in str(e.value)


def test_what_the_lowering_does_not_lower_is_located_with_its_code():
    @asc2.jit
    def to_l1(a_ptr: asc.GlobalAddress):
        t = asc2.load(asc2.tensor(a_ptr, [16, 16]), [16, 16], offsets=[0, 0])
        asc2.copy(t, [16, 16], offsets=[0, 0], location=asc2.TileLocation.L1)

    with pytest.raises(CompileError, match="not lowered yet") as e:
        to_l1[1](np.zeros((16, 16), np.float16))
    assert e.value.code == "ASC-P307" and "asc2.copy(" in str(e.value)


@asc2.jit
def _scaled(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, n: int):
    x, z = asc2.tensor(x_ptr, [n]), asc2.tensor(z_ptr, [n])
    for i in range(0, n, 64, unroll_factor=2):
        asc2.store(asc2.load(x, [64], offsets=[i]) * 2.0, z, offsets=[i])


def test_unroll_factor_double_buffers_without_flags():
    x = np.arange(300, dtype=np.float32)  # 4 tiles of 64 and a tail of 44
    z = np.zeros_like(x)
    _scaled[1](x, z, x.size, sanitize="error")
    np.testing.assert_array_equal(z, 2 * x)
    cpp = _scaled.compile(x, z, x.size).asm["ascendc"]
    assert "AscendC::TQue<AscendC::TPosition::VECIN, 2>" in cpp
    assert "AscendC::TQue<AscendC::TPosition::VECOUT, 2>" in cpp
    assert "SetFlag" not in cpp  # the queues' EnQue/DeQue order the pipes


@asc2.jit
def _softmax(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, rows: int,
             cols: asc.ConstExpr[int]):  # fmt: skip
    x, z = asc2.tensor(x_ptr, [rows, cols]), asc2.tensor(z_ptr, [rows, cols])
    for i in range(asc2.block_idx(), rows, asc2.block_num()):
        row = asc2.load(x, [1, cols], offsets=[i, 0])
        e = asc2.exp(row - asc2.reduce_max(row))
        asc2.store(e / asc2.reduce_sum(e), z, offsets=[i, 0])


@pytest.mark.parametrize("auto_sync", [True, False])
def test_softmax_needs_flags_only_without_auto_sync(auto_sync):
    """TBuf intermediates and the reductions' scalar reads are ordered by the AIV's
    auto-sync (as in a hand-written softmax); without it insert-sync orders them."""
    a = np.random.default_rng(2).random((5, 64), dtype=np.float32)
    z = np.zeros_like(a)
    _softmax[2](a, z, 5, 64, sanitize="error", auto_sync=auto_sync)
    e = np.exp(a - a.max(axis=1, keepdims=True))
    np.testing.assert_allclose(z, e / e.sum(axis=1, keepdims=True), rtol=1e-5)
    ir = _softmax.compile(a, z, 5, 64, auto_sync=auto_sync).asm["lowered_ir"]
    assert ("ascendc.set_flag v_s" in ir) is (not auto_sync)


@asc2.jit
def _matmul_once(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress,
                 in_place: asc.ConstExpr[bool]):  # fmt: skip
    ta = asc2.tensor(a_ptr, [32, 32])
    a = asc2.load(ta, [32, 32], offsets=[0, 0], location=asc2.TileLocation.L0A)
    b = asc2.load(asc2.tensor(b_ptr, [32, 32]), [32, 32], offsets=[0, 0],
                  location=asc2.TileLocation.L0B)  # fmt: skip
    c = (a @ b).to(asc.float16)
    asc2.store(c, ta if in_place else asc2.tensor(c_ptr, [32, 32]), offsets=[0, 0])


@pytest.mark.parametrize("in_place", [False, True])
def test_straight_line_matmul_places_its_own_flags(in_place):
    """A cube kernel without loops or branches gets the hand-written matmul's three
    flags from the lowering (no insert-sync); a result written over its own input in GM
    (FIX after MTE2 on one argument, no event pair between them) needs none more: the
    chain MTE2 -> MTE1 -> M -> FIX already orders them."""
    rng = np.random.default_rng(3)
    a = (rng.random((32, 32)) - 0.5).astype(np.float16)
    b = (rng.random((32, 32)) - 0.5).astype(np.float16)
    want = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16)
    c = np.zeros((32, 32), np.float16)
    out = a.copy() if in_place else c
    _matmul_once[1](out if in_place else a, b, c, in_place, sanitize="error")
    np.testing.assert_allclose(
        out.astype(np.float32), want.astype(np.float32), rtol=2e-3, atol=2e-3
    )
    ir = _matmul_once.compile(a, b, c, in_place).asm["lowered_ir"]
    flags = [line.split()[1].rstrip(",") for line in ir.splitlines() if "set_flag" in line]
    assert flags == ["mte2_mte1", "mte1_m", "m_fix"] and "pipe_barrier" not in ir


@asc2.jit
def _matmul_f32(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress,
                m: asc.ConstExpr[int], k: asc.ConstExpr[int], n: asc.ConstExpr[int]):  # fmt: skip
    a = asc2.load(asc2.tensor(a_ptr, [m, k]), [m, k], offsets=[0, 0],
                  location=asc2.TileLocation.L0A)  # fmt: skip
    b = asc2.load(asc2.tensor(b_ptr, [k, n]), [k, n], offsets=[0, 0],
                  location=asc2.TileLocation.L0B)  # fmt: skip
    asc2.store(asc2.relu(a @ b), asc2.tensor(c_ptr, [m, n]), offsets=[0, 0])


def test_float32_matmul_transposes_into_l0b():
    """float32 operands: L0A by LoadData of 16 x 8 fractals, L0B by LoadDataWithTranspose
    of 16 x 16 squares from a Zz copy in L1 (the cube's 32-bit Zn layout)."""
    rng = np.random.default_rng(4)
    a = (rng.random((16, 32)) - 0.5).astype(np.float32)
    b = (rng.random((32, 48)) - 0.5).astype(np.float32)
    c = np.zeros((16, 48), np.float32)
    _matmul_f32[1](a, b, c, 16, 32, 48, sanitize="error")
    np.testing.assert_allclose(c, np.maximum(a @ b, 0), rtol=1e-5, atol=1e-5)
    cpp = _matmul_f32.compile(a, b, c, 16, 32, 48).asm["ascendc"]
    assert "AscendC::LoadDataWithTranspose(" in cpp


@asc2.jit
def _carried(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, n: int, double: int):
    x, z = asc2.tensor(x_ptr, [n]), asc2.tensor(z_ptr, [64])
    acc = asc2.zeros([64], dtype=asc.float32)
    for i in range(0, n, 64):
        acc = acc + asc2.load(x, [64], offsets=[i])
    if double > 0:
        acc = acc * 2.0
    asc2.store(acc, z, offsets=[0])


@pytest.mark.parametrize("double", [0, 1])
def test_tile_carried_through_a_loop_and_out_of_a_branch(double):
    x = np.arange(320, dtype=np.float32)
    z = np.zeros(64, np.float32)
    _carried[1](x, z, x.size, double, sanitize="error")
    want = x.reshape(5, 64).sum(0) * (2 if double else 1)
    np.testing.assert_allclose(z, want)


@asc2.jit
def _rank3(x_ptr: asc.GlobalAddress, y_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress,
           s_ptr: asc.GlobalAddress, a: int):  # fmt: skip
    x, z = asc2.tensor(x_ptr, [a, 3, 24]), asc2.tensor(z_ptr, [a, 3, 24])
    y = asc2.load(asc2.tensor(y_ptr, [2, 1, 24]), [2, 1, 24], offsets=[0, 0, 0])
    for i in range(0, a, 2):
        t = asc2.load(x, [2, 3, 24], offsets=[i, 0, 0])  # the last plane past the end
        row_max = asc2.reduce_max(t, 2, keep_dims=True)  # [2, 3, 1]
        asc2.store(t * y - row_max, z, offsets=[i, 0, 0])  # numpy broadcasting
    first = asc2.load(x, [2, 3, 24], offsets=[0, 0, 0])
    asc2.store(asc2.reduce_sum(first, 0, 2), asc2.tensor(s_ptr, [3]), offsets=[0])


def test_rank3_tiles_broadcast_and_reduce_as_numpy():
    rng = np.random.default_rng(5)
    x = rng.random((3, 3, 24), dtype=np.float32)
    y = rng.random((2, 1, 24), dtype=np.float32)
    z = np.zeros_like(x)
    s = np.zeros(3, np.float32)
    _rank3[1](x, y, z, s, 3, sanitize="error")
    want = np.concatenate([x[:2] * y, x[2:] * y[:1]]) - x.max(axis=2, keepdims=True)
    np.testing.assert_allclose(z, want, rtol=1e-6)
    np.testing.assert_allclose(s, x[:2].sum(axis=(0, 2)), rtol=1e-5)


@asc2.jit
def _padded(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, n: int):
    x = asc2.tensor(x_ptr, [n])
    acc = asc2.zeros([64], dtype=asc.float32)
    for i in range(0, n, 64):  # the last tile runs past the end: its tail is 0
        acc = acc + asc2.load(x, [64], offsets=[i])
    top = asc2.reduce_max(asc2.load(x, [64], offsets=[n - 10], pad_value=-1e30))
    asc2.store(acc + top, asc2.tensor(z_ptr, [64]), offsets=[0])


def test_padding_past_the_end_is_pad_value_where_it_is_read():
    """A tile running past the tensor's end reads pad_value there (0 by default) when
    something reads those elements (a sum over loop iterations stored elsewhere, a
    reduction); the buffer's earlier contents never leak in."""
    x = np.arange(300, dtype=np.float32) - 500  # all negative: a 0 pad would win a max
    z = np.zeros(64, np.float32)
    _padded[1](x, z, x.size, sanitize="error")
    np.testing.assert_allclose(z, np.pad(x, (0, 20)).reshape(5, 64).sum(0) + x[-10:].max())


@pytest.mark.parametrize(
    "program",
    [
        ((3, 24), (1, 24), (("add", None), ("mul", 2.0)), ("sum", (1,), False), 2),
        ((2, 1, 8), (3, 1), (("max", None), ("sub", 0.5)), ("max", (0, 2), True), 3),
    ],
)
def test_tile_fuzz_harness_programs(program):
    """tools/tile_fuzz.py's programs (a tile carried through a loop, numpy broadcasting
    either way, a reduction) agree with numpy; the harness draws many more."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import tile_fuzz

    tile_fuzz.run_program(*program)
