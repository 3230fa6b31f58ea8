"""`asc.LocalTensorAuto` through the JIT pipeline: materialised into queues (data from
or to GM) and TBufs (scratch), synchronised by default (pyasc's `need_insert_sync`),
race-free for the race checker, numerically right on the simulator; its buffers are
planned against the SoC's UB, an overflow is a CompileError at the tensor's line."""

from __future__ import annotations

import numpy as np
import pytest
from sync_oracle import Oracle
from xdsl.dialects import func

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError

TILE = 64


@asc.jit
def vadd_auto(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress,
              block_length: asc.ConstExpr[int], tile_num: asc.ConstExpr[int]):  # fmt: skip
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset)
    y_gm.set_global_buffer(y + offset)
    z_gm.set_global_buffer(z + offset)
    for i in range(tile_num):
        x_local = asc.LocalTensorAuto(x.dtype, TILE)
        y_local = asc.LocalTensorAuto(y.dtype, TILE)
        z_local = asc.LocalTensorAuto(z.dtype, TILE)
        asc.data_copy(x_local, x_gm[i * TILE :], count=TILE)
        asc.data_copy(y_local, y_gm[i * TILE :], count=TILE)
        asc.add(z_local, x_local, y_local, TILE)
        asc.data_copy(z_gm[i * TILE :], z_local, count=TILE)


@asc.jit
def axpy_scratch(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """A dynamic size, and a scratch tensor (neither copied in nor out): a TBuf."""
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    x_local = asc.LocalTensorAuto(asc.float32, [n])
    tmp = asc.LocalTensorAuto(asc.float32, [n])
    z_local = asc.LocalTensorAuto(asc.float32, [n])
    asc.data_copy(x_local, x_gm, n)
    asc.muls(tmp, x_local, 2.0, n)
    asc.add(z_local, tmp, x_local, n)
    asc.data_copy(z_gm, z_local, n)


@asc.jit
def branchy(x: asc.GlobalAddress, z: asc.GlobalAddress, flag: int, tiles: asc.ConstExpr[int]):
    """2-D half tensors, a branch between the copies in and out, in a loop."""
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    for i in range(tiles):
        a = asc.LocalTensorAuto(asc.float16, [4, 16])
        b = asc.LocalTensorAuto(asc.float16, [4, 16])
        asc.data_copy(a, x_gm[i * 64 :], 64)
        if flag > 0:
            asc.abs(b, a, 64)
        else:
            asc.muls(b, a, 2.0, 64)
        asc.data_copy(z_gm[i * 64 :], b, 64)


@asc.jit
def too_big(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    a = asc.LocalTensorAuto(asc.float32, 32768)
    b = asc.LocalTensorAuto(asc.float32, 32768)
    asc.data_copy(a, x_gm, 32768)
    asc.abs(b, a, 32768)
    asc.data_copy(x_gm, b, 32768)


@asc.jit
def queue_too_big(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(q, 2, 100000)


@asc.jit
def no_dtype(x: asc.GlobalAddress):
    asc.LocalTensorAuto("float", 64)


@asc.jit
def no_shape(x: asc.GlobalAddress):
    asc.LocalTensorAuto(asc.float32)


@asc.jit
def zero_size(x: asc.GlobalAddress):
    asc.LocalTensorAuto(asc.float32, [4, 0])


def _vadd_args(blocks: int, tiles: int):
    n = blocks * tiles * TILE
    rng = np.random.default_rng(3)
    x, y = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    return x, y, np.zeros(n, np.float32), tiles * TILE, tiles


def _races(compiled, scalars: dict[str, int]) -> list:
    kernel = next(o for o in compiled.module.walk() if isinstance(o, func.FuncOp) and o.body.blocks)
    oracle = Oracle(kernel, scalars)
    assert oracle.errors == []
    return oracle.races()


@pytest.mark.parametrize("blocks", [1, 2])
def test_vadd_runs_on_the_simulator(blocks: int) -> None:
    x, y, z, length, tiles = _vadd_args(blocks, 4)
    vadd_auto[blocks](x, y, z, length, tiles)
    np.testing.assert_allclose(z, x + y)


def test_materialised_and_synchronised_by_default() -> None:
    compiled = vadd_auto.compile(*_vadd_args(1, 4), always_compile=True)
    ir = compiled.asm["lowered_ir"]
    assert "local_tensor_auto" not in ir
    assert ir.count("ascendc.queue : <vecin, 1>") == 2 and "ascendc.queue : <vecout, 1>" in ir
    assert "ascendc.set_flag mte2_v" in ir and "ascendc.set_flag v_mte3" in ir
    assert _races(compiled, {}) == []
    cpp = compiled.asm["ascendc"]
    assert "AscendC::TQue<AscendC::TPosition::VECIN, 1> x_local_que;" in cpp


def test_without_insert_sync_the_race_checker_finds_races() -> None:
    compiled = vadd_auto.compile(*_vadd_args(1, 4), always_compile=True, insert_sync=False)
    assert "set_flag" not in compiled.asm["lowered_ir"]
    assert _races(compiled, {}) != []


def test_dynamic_size_and_scratch_tensor() -> None:
    x = np.random.default_rng(5).random(96, dtype=np.float32)
    z = np.zeros_like(x)
    axpy_scratch[1](x, z, 96)
    np.testing.assert_allclose(z, 3 * x, rtol=1e-6)
    compiled = axpy_scratch.compile(x, z, 96, always_compile=True)
    ir = compiled.asm["lowered_ir"]
    assert "%tmp_buf = ascendc.tbuf : <veccalc>" in ir
    assert _races(compiled, {"n": 96}) == []


@pytest.mark.parametrize("flag", [0, 1])
def test_branch_in_a_loop(flag: int) -> None:
    x = (np.random.default_rng(9).random(256) - 0.5).astype(np.float16)
    z = np.zeros_like(x)
    branchy[1](x, z, flag, 4)
    np.testing.assert_array_equal(z, np.abs(x) if flag else x * np.float16(2))
    assert _races(branchy.compile(x, z, flag, 4), {"flag": flag}) == []


def test_ub_overflow_is_an_error_at_the_tensor() -> None:
    with pytest.raises(CompileError) as e:
        too_big.compile(np.zeros(32768, np.float32), always_compile=True)
    text = str(e.value)
    assert "test_local_tensor_auto.py" in text
    assert "b = asc.LocalTensorAuto(asc.float32, 32768)" in text  # the line that does not fit
    assert "UB overflow: the buffers need 262144 bytes but Ascend910B1 has 196608" in text
    assert "%a_que 131072 B, %b_que 131072 B" in text


def test_queue_overflow_is_an_error_at_init_buffer() -> None:
    with pytest.raises(CompileError, match=r"UB overflow: .* \(%q 200000 B\)") as e:
        queue_too_big.compile(np.zeros(8, np.float32), always_compile=True)
    assert "pipe.init_buffer(q, 2, 100000)" in str(e.value)


@pytest.mark.parametrize(
    ("kernel", "message"),
    [
        (no_dtype, "LocalTensorAuto needs a dtype such as asc.float32"),
        (no_shape, "LocalTensorAuto needs a shape"),
        (zero_size, r"LocalTensorAuto dimensions must be positive, got \[4, 0\]"),
    ],
)
def test_bad_arguments(kernel, message: str) -> None:
    with pytest.raises(CompileError, match=message):
        kernel.compile(np.zeros(8, np.float32), always_compile=True)
