"""Tile mix kernels (transforms/tile_to_ascendc.py): a matmul's result read by vector
tile ops goes L0C -> GM workspace (Fixpipe, the AIC) -> UB (DataCopyPad, the AIVs);
insert-sync derives the cross-core flags; the kernels run clean under the race checker
and equal numpy. The Ascend C of the same kernels is header-checked through
tests/filecheck/tile/tile_mix.py."""

import sys
from pathlib import Path

import numpy as np
import pytest

import asc_xdsl as asc
import asc_xdsl.asc2 as asc2
from asc_xdsl.frontend.errors import CompileError

L0A, L0B = asc2.TileLocation.L0A, asc2.TileLocation.L0B


@asc2.jit
def _bias_relu(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, bias_ptr: asc.GlobalAddress,
               c_ptr: asc.GlobalAddress, m: asc.ConstExpr[int], k: asc.ConstExpr[int],
               n: asc.ConstExpr[int]):  # fmt: skip
    a = asc2.load(asc2.tensor(a_ptr, [m, k]), [m, k], offsets=[0, 0], location=L0A)
    b = asc2.load(asc2.tensor(b_ptr, [k, n]), [k, n], offsets=[0, 0], location=L0B)
    bias = asc2.load(asc2.tensor(bias_ptr, [1, n]), [1, n], offsets=[0, 0])
    asc2.store(asc2.relu(a @ b + bias), asc2.tensor(c_ptr, [m, n]), offsets=[0, 0])


def _ir_counts(ir: str) -> dict[str, int]:
    names = ("cross_core_set_flag", "cross_core_wait_flag", "fixpipe", "data_copy_pad_l0_ext")
    return {name: ir.count(f"ascendc.{name} ") for name in names}


def test_matmul_with_a_bias_relu_epilogue_is_a_mix_kernel():
    rng = np.random.default_rng(11)
    m, k, n = 32, 32, 32
    a = (rng.random((m, k)) - 0.5).astype(np.float16)
    b = (rng.random((k, n)) - 0.5).astype(np.float16)
    bias = (rng.random((1, n)) - 0.5).astype(np.float32)
    c = np.zeros((m, n), np.float32)
    _bias_relu[1](a, b, bias, c, m, k, n, sanitize="error")
    want = np.maximum(a.astype(np.float32) @ b.astype(np.float32) + bias, 0)
    np.testing.assert_allclose(c, want, rtol=1e-5, atol=1e-5)
    compiled = _bias_relu.compile(a, b, bias, c, m, k, n)
    ir = compiled.asm["lowered_ir"]
    assert 'ascendc.kernel_type = "mix"' in ir
    assert "emitasc.kernel_arg = #emitasc.kernel_arg<workspace>" in ir
    # the CANN launch allocates it as the simulator does: its bytes per block, x block_dim
    from asc_xdsl.runtime.cann import describe

    workspace = describe.hidden(compiled, with_dump=False)[0]
    assert (workspace["kind"], workspace["bytes"]) == ("workspace", m * n * 4)
    # one Fixpipe to the workspace, one read back (the bias load is the other copy-in);
    # insert-sync's pair from the AIC's FIX to the AIVs' MTE2, none written by hand
    assert _ir_counts(ir) == {
        "cross_core_set_flag": 1, "cross_core_wait_flag": 1, "fixpipe": 1,
        "data_copy_pad_l0_ext": 2,
    }  # fmt: skip


@asc2.jit
def _softmax_rows(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress,
                  m: int, tm: asc.ConstExpr[int], k: asc.ConstExpr[int],
                  n: asc.ConstExpr[int]):  # fmt: skip
    ta, tc = asc2.tensor(a_ptr, [m, k]), asc2.tensor(c_ptr, [m, n])
    b = asc2.load(asc2.tensor(b_ptr, [k, n]), [k, n], offsets=[0, 0], location=L0B)
    for i in range(asc2.block_idx() * tm, m, asc2.block_num() * tm):
        a = asc2.load(ta, [tm, k], offsets=[i, 0], location=L0A)
        asc2.store(asc2.softmax(a @ b), tc, offsets=[i, 0])


def test_matmul_then_softmax_over_rows_in_a_loop():
    """Each iteration's product goes through one workspace slot: insert-sync orders the
    AIVs' read of it before the next Fixpipe (a pair the other way, in the loop), and
    asc2.block_idx() is the block's (an AIC and its two AIVs) on both sides."""
    rng = np.random.default_rng(12)
    m, tm, k, n = 48, 16, 16, 16  # 3 row tiles over 2 blocks: 2 and 1 iterations
    a = (rng.random((m, k)) - 0.5).astype(np.float16)
    b = (rng.random((k, n)) - 0.5).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    _softmax_rows[2](a, b, c, m, tm, k, n, sanitize="error")
    x = a.astype(np.float32) @ b.astype(np.float32)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(c, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-7)
    counts = _ir_counts(_softmax_rows.compile(a, b, c, m, tm, k, n).asm["lowered_ir"])
    assert counts["cross_core_set_flag"] == counts["cross_core_wait_flag"] == 2


@asc2.jit
def _centred(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress):
    a = asc2.load(asc2.tensor(a_ptr, [16, 16]), [16, 16], offsets=[0, 0], location=L0A)
    b = asc2.load(asc2.tensor(b_ptr, [16, 32]), [16, 32], offsets=[0, 0], location=L0B)
    x = a @ b
    asc2.store(x - asc2.reduce_sum(x, 0, keep_dims=True) * (1 / 16),
               asc2.tensor(c_ptr, [16, 32]), offsets=[0, 0])  # fmt: skip


# (the column sum's 1-row tile is a whole 256-byte repeat, of which the reduction writes
# the 32 columns; the ops after it read the rest, and nothing computed there is stored)
@pytest.mark.filterwarnings("ignore::asc_xdsl.runtime.simulator.uninit.UninitializedReadWarning")
def test_vector_work_across_rows_runs_whole_on_both_aivs():
    """A column mean reads every row: the AIVs do not split the rows (as they do for
    row-wise epilogues); both compute the whole tile and each stores half of it."""
    rng = np.random.default_rng(13)
    a, b = _f16(rng, 16, 16), _f16(rng, 16, 32)
    c = np.zeros((16, 32), np.float32)
    _centred[1](a, b, c, sanitize="error")
    x = _f32(a) @ _f32(b)
    np.testing.assert_allclose(c, x - x.mean(axis=0), rtol=1e-5, atol=1e-5)
    ir = _centred.compile(a, b, c).asm["lowered_ir"]
    assert ir.count("ascendc.data_copy_pad_l2_ext ") == 1 and "scf.if" in ir


@asc2.jit
def _scaled_then_matmul(x_ptr: asc.GlobalAddress, t_ptr: asc.GlobalAddress,
                        b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress):  # fmt: skip
    x = asc2.load(asc2.tensor(x_ptr, [32, 32]), [32, 32], offsets=[0, 0])
    tt = asc2.tensor(t_ptr, [32, 32])
    asc2.store((x * 2.0).to(asc.float16), tt, offsets=[0, 0])
    a = asc2.load(tt, [32, 32], offsets=[0, 0], location=L0A)
    b = asc2.load(asc2.tensor(b_ptr, [32, 32]), [32, 32], offsets=[0, 0], location=L0B)
    asc2.store(a @ b, asc2.tensor(c_ptr, [32, 32]), offsets=[0, 0])


def test_the_cube_reads_what_the_vector_cores_stored():
    """The other direction: the AIVs store a tile the AIC then loads (each AIV its half
    of the rows); insert-sync's pair orders both AIVs' stores before the AIC's load."""
    rng = np.random.default_rng(14)
    x = (rng.random((32, 32)) - 0.5).astype(np.float32)
    t, b = np.zeros((32, 32), np.float16), _f16(rng, 32, 32)
    c = np.zeros((32, 32), np.float32)
    _scaled_then_matmul[1](x, t, b, c, sanitize="error")
    want = _f32((x * 2).astype(np.float16)) @ _f32(b)
    np.testing.assert_allclose(c, want, rtol=1e-3, atol=1e-3)
    ir = _scaled_then_matmul.compile(x, t, b, c).asm["lowered_ir"]
    assert _ir_counts(ir)["cross_core_set_flag"] == 1


def test_the_mix_fuzz_harness_runs_programs():
    """tools/tile_mix_fuzz.py (wide sweeps there): a product scaled by a column per row,
    2 row tiles over 2 blocks, each AIV half of the rows, agrees with numpy."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    from tile_mix_fuzz import run_program

    run_program((16, 16, 16), (16, 1), (("y", "mul", None),), None, tiles=2, blocks=2)


def test_a_scalar_store_in_a_mix_kernel_is_located():
    @asc2.jit
    def bad(a_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress):
        a = asc2.load(asc2.tensor(a_ptr, [16, 16]), [16, 16], offsets=[0, 0], location=L0A)
        b = asc2.load(asc2.tensor(a_ptr, [16, 16]), [16, 16], offsets=[0, 0], location=L0B)
        tc = asc2.tensor(c_ptr, [16, 16])
        asc2.store(asc2.exp(a @ b), tc, offsets=[0, 0])
        asc2.store(1.0, tc, offsets=[0, 0])

    with pytest.raises(CompileError, match="a scalar store in a kernel with matmuls") as e:
        bad[1](np.zeros((16, 16), np.float16), np.zeros((16, 16), np.float32))
    assert e.value.code == "ASC-P307" and "asc2.store(1.0" in str(e.value)


def test_a_branch_on_a_vector_value_in_a_mix_kernel_is_located():
    """The AIC has no UB (it would read 0 and take another way than the AIVs, and their
    cross-core flags would not pair up)."""

    @asc2.jit
    def branch(a_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress):
        a = asc2.load(asc2.tensor(a_ptr, [16, 16]), [16, 16], offsets=[0, 0], location=L0A)
        b = asc2.load(asc2.tensor(a_ptr, [16, 16]), [16, 16], offsets=[0, 0], location=L0B)
        x = asc2.exp(a @ b)
        if asc2.reduce_sum(x) > 1.0:
            asc2.store(x, asc2.tensor(c_ptr, [16, 16]), offsets=[0, 0])

    with pytest.raises(CompileError, match="decides a loop or a branch") as e:
        branch[1](np.zeros((16, 16), np.float16), np.zeros((16, 16), np.float32))
    assert "if asc2.reduce_sum(x) > 1.0" in str(e.value)


def test_a_partial_copy_of_a_matmul_result_into_ub_is_located():
    @asc2.jit
    def part(a_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress):
        a = asc2.load(asc2.tensor(a_ptr, [16, 16]), [16, 16], offsets=[0, 0], location=L0A)
        b = asc2.load(asc2.tensor(a_ptr, [16, 16]), [16, 16], offsets=[0, 0], location=L0B)
        half = asc2.copy(a @ b, [16, 8], offsets=[0, 8])
        asc2.store(half * 2.0, asc2.tensor(c_ptr, [16, 8]), offsets=[0, 0])

    with pytest.raises(CompileError, match="a copy of part of a matmul result") as e:
        part[1](np.zeros((16, 16), np.float16), np.zeros((16, 8), np.float32))
    assert "asc2.copy(a @ b" in str(e.value)


# -- straight-line cube kernels: the lowering's own flags against insert-sync's ----------


@asc2.jit
def _in_place(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress):
    ta = asc2.tensor(a_ptr, [32, 32])
    a = asc2.load(ta, [32, 32], offsets=[0, 0], location=L0A)
    b = asc2.load(asc2.tensor(b_ptr, [32, 32]), [32, 32], offsets=[0, 0], location=L0B)
    asc2.store((a @ b).to(asc.float16), ta, offsets=[0, 0])


@asc2.jit
def _f32_relu(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress):
    a = asc2.load(asc2.tensor(a_ptr, [16, 32]), [16, 32], offsets=[0, 0], location=L0A)
    b = asc2.load(asc2.tensor(b_ptr, [32, 48]), [32, 48], offsets=[0, 0], location=L0B)
    asc2.store(asc2.relu(a @ b), asc2.tensor(c_ptr, [16, 48]), offsets=[0, 0])


@asc2.jit
def _chain(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress):
    """(a @ b) @ b: the first product back through L1 (DataCopy from CO1) into L0A."""
    a = asc2.load(asc2.tensor(a_ptr, [32, 32]), [32, 32], offsets=[0, 0], location=L0A)
    b = asc2.load(asc2.tensor(b_ptr, [32, 32]), [32, 32], offsets=[0, 0], location=L0B)
    ab = asc2.copy((a @ b).to(asc.float16), [32, 32], offsets=[0, 0], location=asc2.TileLocation.L1)
    ab0 = asc2.copy(ab, [32, 32], offsets=[0, 0], location=L0A)
    asc2.store(ab0 @ b, asc2.tensor(c_ptr, [32, 32]), offsets=[0, 0])


def _sync_ops(ir: str) -> list[str]:
    """The kernel's SetFlag events and PipeBarrier pipes, in order."""
    out = []
    for line in ir.splitlines():
        words = line.split()
        for i, w in enumerate(words[:-1]):
            if w in ("ascendc.set_flag", "ascendc.pipe_barrier"):
                out.append(("barrier " if w.endswith("barrier") else "") + words[i + 1].rstrip(","))
    return out


def _f16(rng, *shape):
    return (rng.random(shape) - 0.5).astype(np.float16)


def _f32(x):
    return x.astype(np.float32)


def _case(name, rng):
    a, b = _f16(rng, 32, 32), _f16(rng, 32, 32)
    if name == "in_place":
        want = (_f32(a) @ _f32(b)).astype(np.float16)
        return _in_place, (a, b), 0, want
    if name == "f32_relu":
        a32 = (rng.random((16, 32)) - 0.5).astype(np.float32)
        b32 = (rng.random((32, 48)) - 0.5).astype(np.float32)
        return _f32_relu, (a32, b32, np.zeros((16, 48), np.float32)), 2, np.maximum(a32 @ b32, 0)
    ab = (_f32(a) @ _f32(b)).astype(np.float16)
    return _chain, (a, b, np.zeros((32, 32), np.float32)), 2, _f32(ab) @ _f32(b)


@pytest.mark.parametrize("name", ["in_place", "f32_relu", "chain"])
def test_straight_line_cube_flags_against_insert_sync(name):
    """The flags `place_cube_flags` places and the ones `ascendc-insert-sync` derives for
    the same kernel (`insert_sync=True`: the lowering's are erased first): both runs are
    clean for the race checker and exact, every event pair insert-sync sets is one of
    ours, and ours are no more (insert-sync orders MTE2 -> MTE1 with PipeBarrier<ALL>
    and the fractal rows LoadData writes into one L0 buffer with PipeBarrier<MTE1>)."""
    kernel, args, out, want = _case(name, np.random.default_rng(5))
    runs = {}
    for insert_sync in (None, True):
        given = [x.copy() for x in args]
        kernel[1](*given, sanitize="error", insert_sync=insert_sync)
        np.testing.assert_allclose(_f32(given[out]), _f32(want), rtol=2e-3, atol=2e-3)
        ir = kernel.compile(*args, insert_sync=insert_sync).asm["lowered_ir"]
        runs[insert_sync] = _sync_ops(ir)
    ours, theirs = runs[None], runs[True]
    pairs = [s for s in theirs if not s.startswith("barrier")]
    assert set(pairs) <= set(ours), (ours, theirs)
    assert len(ours) <= len(theirs), (ours, theirs)


# -- tiles carried through loops: computed in their buffers in place -------------------


@asc2.jit
def _online_sum(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, rows: int):
    """The online softmax denominator of each column: s and m carried."""
    x = asc2.tensor(x_ptr, [rows, 64])
    s = asc2.zeros([1, 64], dtype=asc.float32)
    m = asc2.full([1, 64], -1e30, dtype=asc.float32)
    for i in range(rows):
        t = asc2.load(x, [1, 64], offsets=[i, 0])
        m_new = asc2.maximum(m, t)
        s = s * asc2.exp(m - m_new) + asc2.exp(t - m_new)
        m = m_new
    asc2.store(s, asc2.tensor(z_ptr, [1, 64]), offsets=[0, 0])


def test_carried_tiles_are_updated_in_place():
    """Before: a copy into each carried buffer before the loop and one per carried tile
    per iteration (4). Now `s` (its old value read only by the op that writes the new
    one) is computed in its buffer, and both start in their initial values' buffers;
    `m` keeps its copy (its old value is read after the new one is made)."""
    x = np.random.default_rng(6).random((5, 64), dtype=np.float32)
    z = np.zeros((1, 64), np.float32)
    _online_sum[1](x, z, 5, sanitize="error")
    np.testing.assert_allclose(z[0], np.exp(x - x.max(axis=0)).sum(axis=0), rtol=1e-5)
    ir = _online_sum.compile(x, z, 5).asm["lowered_ir"]
    loop = ir.index("scf.for")
    copies = "ascendc.data_copy_l2 "
    assert (ir[:loop].count(copies), ir[loop:].count(copies)) == (0, 1)


@asc2.jit
def _swapped(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, n: int):
    x = asc2.tensor(x_ptr, [2, 64])
    a = asc2.load(x, [1, 64], offsets=[0, 0]) + 0.0
    b = asc2.load(x, [1, 64], offsets=[1, 0]) + 0.0
    for _ in range(n):
        a, b = b, a + b
    for _ in range(n):
        a, b = b, a
    asc2.store(a - 2.0 * b, asc2.tensor(z_ptr, [1, 64]), offsets=[0, 0])


def test_carried_tiles_are_one_parallel_assignment():
    """`a, b = b, a`: each carried buffer is read by the yield, so b's copy into a's
    buffer is staged before a's buffer is overwritten (it was not: the old a was lost);
    `a, b = b, a + b`: the sum is not computed in b's buffer in place, since the yield
    copies b's old value from there."""
    x = np.random.default_rng(7).random((2, 64), dtype=np.float32)
    z = np.zeros((1, 64), np.float32)
    _swapped[1](x, z, 3, sanitize="error")
    a, b = x[0], x[1]
    for _ in range(3):
        a, b = b, a + b
    for _ in range(3):
        a, b = b, a
    np.testing.assert_allclose(z[0], a - 2 * b, rtol=1e-6)
