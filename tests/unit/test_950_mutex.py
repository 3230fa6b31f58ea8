"""Buffer-id synchronisation (Ascend 950's Mutex::Lock/Unlock, AllocMutexID /
ReleaseMutexID) with LocalMemAllocator static allocation: asc-devkit's `mutex` sample
(examples/01_simd_cpp_api/03_basic_api/05_sync_control/mutex) ported to Python, run on
the simulator with the race checker, and the misuse the checker reports."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.simulator.sanitizer import RaceError, SyncError

A950 = "Ascend950PR_9599"
TILE = 256
TILES = 8
V, MTE2, MTE3 = asc.PipeID.PIPE_V, asc.PipeID.PIPE_MTE2, asc.PipeID.PIPE_MTE3


@asc.jit(soc_version=A950)
def mutex_add(
    x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, lock_v: asc.ConstExpr[bool]
):
    xg, yg, zg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    ub = asc.LocalMemAllocator(asc.Hardware.UB)
    x0 = ub.alloc(asc.TPosition.VECCALC, asc.float32, TILE)
    y0 = ub.alloc(asc.TPosition.VECCALC, asc.float32, TILE)
    z0 = ub.alloc(asc.TPosition.VECCALC, asc.float32, TILE)
    x1 = ub.alloc(asc.TPosition.VECCALC, asc.float32, TILE)
    y1 = ub.alloc(asc.TPosition.VECCALC, asc.float32, TILE)
    z1 = ub.alloc(asc.TPosition.VECCALC, asc.float32, TILE)
    tiles = [(x0, y0, z0), (x1, y1, z1)]
    ids = [asc.alloc_mutex_id(), asc.alloc_mutex_id()]
    for i in asc.static_range(TILES):
        xl, yl, zl = tiles[i % 2]
        m = ids[i % 2]
        asc.mutex_lock(MTE2, m)
        asc.data_copy(xl, xg[i * TILE :], TILE)
        asc.data_copy(yl, yg[i * TILE :], TILE)
        asc.mutex_unlock(MTE2, m)
        if lock_v:
            asc.mutex_lock(V, m)
        asc.add(zl, xl, yl, TILE)
        if lock_v:
            asc.mutex_unlock(V, m)
        asc.mutex_lock(MTE3, m)
        asc.data_copy(zg[i * TILE :], zl, TILE)
        asc.mutex_unlock(MTE3, m)
    asc.release_mutex_id(ids[0])
    asc.release_mutex_id(ids[1])


def _data():
    rng = np.random.default_rng(3)
    x = rng.standard_normal(TILE * TILES).astype(np.float32)
    y = rng.standard_normal(TILE * TILES).astype(np.float32)
    return x, y, np.zeros_like(x)


def test_the_mutex_sample_runs_race_free():
    x, y, z = _data()
    mutex_add[1](x, y, z, True, sanitize="error")
    np.testing.assert_allclose(z, x + y, rtol=1e-6)
    text = mutex_add.compile(x, y, z, True).asm["ascendc"]
    assert "AscendC::LocalMemAllocator<AscendC::Hardware::UB>" in text
    assert "AscendC::AllocMutexID()" in text and "AscendC::Mutex::Lock<PIPE_MTE2>(" in text


def test_a_missing_lock_is_a_race():
    # without Lock<PIPE_V>, Add reads what MTE2 may still be writing
    x, y, z = _data()
    with pytest.raises(RaceError, match=r"RAW.*pipe V reads UB") as e:
        mutex_add[1](x, y, z, False, sanitize="error")
    assert "asc.add(zl, xl, yl, TILE)" in str(e.value)


@asc.jit(soc_version=A950)
def misuse(x: asc.GlobalAddress, case: asc.ConstExpr[int]):
    if case == 0:  # Unlock with no Lock
        asc.mutex_unlock(V, 1)
    elif case == 1:  # Lock twice
        asc.mutex_lock(V, 1)
        asc.mutex_lock(V, 1)
        asc.mutex_unlock(V, 1)
    elif case == 2:  # Unlock on another pipe
        asc.mutex_lock(V, 2)
        asc.mutex_unlock(MTE3, 2)
    elif case == 3:  # never unlocked
        asc.mutex_lock(MTE2, 4)
    elif case == 4:  # released twice
        m = asc.alloc_mutex_id()
        asc.release_mutex_id(m)
        asc.release_mutex_id(m)


@pytest.mark.parametrize(
    ("case", "error", "message"),
    [
        (0, SyncError, r"Unlock<PIPE_V>\(1\) with no Lock of MutexID 1"),
        (1, SyncError, r"Lock<PIPE_V>\(1\): MutexID 1 is locked already"),
        (2, SyncError, r"Unlock<PIPE_MTE3>\(2\) releases a Lock<PIPE_V>"),
        (3, SyncError, r"Lock<PIPE_MTE2>\(4\) is still held when the kernel ends"),
        (
            4,
            asc.runtime.simulator.SimulatorError,
            r"ReleaseMutexID\(0\): MutexID 0 is not allocated",
        ),
    ],
)
def test_misuse_is_reported(case, error, message):
    with pytest.raises(error, match=message):
        misuse[1](np.zeros(8, np.int32), case, sanitize="error")


def test_mutexes_are_950_only_and_ids_are_checked():
    with pytest.raises(
        asc.CompileError, match=r"Mutex::Unlock is buffer-id synchronisation of Ascend 950"
    ) as e:
        misuse.compile(np.zeros(8, np.int32), 0, soc_version="Ascend910B1")
    assert "asc.mutex_unlock(V, 1)" in str(e.value)

    @asc.jit(soc_version=A950)
    def bad_id(x: asc.GlobalAddress):
        asc.mutex_lock(V, 28)

    with pytest.raises(asc.CompileError, match=r"MutexID 28 is out of range: ids are 0-27"):
        bad_id.compile(np.zeros(8, np.int32))


@asc.jit(soc_version=A950)
def unsynced(x: asc.GlobalAddress, y: asc.GlobalAddress):
    xg, yg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    ub = asc.LocalMemAllocator(asc.Hardware.UB)
    a = ub.alloc(asc.TPosition.VECIN, asc.float32, TILE)
    b = ub.alloc(asc.TPosition.VECOUT, asc.float32, TILE)
    for i in range(TILES):
        asc.data_copy(a, xg[i * TILE :], TILE)
        asc.exp(b, a, TILE)
        asc.data_copy(yg[i * TILE :], b, TILE)


def test_insert_sync_with_mutexes_is_race_free():
    from xdsl.parser import Parser

    from asc_xdsl.frontend.ir_context import make_context
    from asc_xdsl.runtime.kernel import CompiledKernel
    from asc_xdsl.transforms.insert_sync import InsertSyncPass

    x = np.linspace(-2, 2, TILE * TILES, dtype=np.float32)
    y = np.zeros_like(x)
    ir = unsynced.compile(x, y, run_passes=False).asm["ir"]
    ctx = make_context()
    module = Parser(ctx, ir).parse_module()
    InsertSyncPass(mutex=True).apply(ctx, module)
    module.verify()
    text = str(module)
    assert "ascendc.mutex_lock" in text and "ascendc.set_flag" not in text
    kernel = CompiledKernel(name="unsynced", module=module, kernel_type="vector")
    kernel[1](x, y, platform=A950, sanitize="error")
    np.testing.assert_allclose(y, np.exp(x), rtol=1e-6)
    with pytest.raises(RaceError):  # the same kernel without them races
        unsynced[1](x, y, sanitize="error", run_passes=False)
