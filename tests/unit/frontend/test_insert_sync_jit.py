"""`insert_sync=True` and `verify_sync=True` on `@asc.jit` kernels: the JIT pipeline
erases and derives the syncs (the Ascend C gets SetFlag/WaitFlag, the simulator computes
what numpy does), verify-sync's warnings are Python warnings at the kernel's line, and
the options are part of the cache key."""

from __future__ import annotations

import inspect
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import func

import asc_xdsl as asc
from asc_xdsl.frontend.jit import SyncWarning
from asc_xdsl.transforms.pipeline import pipeline_spec

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "transforms"))
from sync_oracle import Oracle  # the race checker of the sync passes' tests

TILE = 256


@asc.jit
def vadd_no_syncs(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """vector_add without queues or flags: tiles at fixed UB addresses."""
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    z_gm.set_global_buffer(z)
    nbytes = TILE * 4
    x_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    y_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, nbytes, TILE)
    z_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 2 * nbytes, TILE)
    for i in range(asc.get_block_idx(), n // TILE, asc.get_block_num()):
        asc.data_copy(x_ub, x_gm[i * TILE :], TILE)
        asc.data_copy(y_ub, y_gm[i * TILE :], TILE)
        asc.add(z_ub, x_ub, y_ub, TILE)
        asc.data_copy(z_gm[i * TILE :], z_ub, TILE)


@asc.jit
def abs_missing_sync(x: asc.GlobalAddress):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    asc.data_copy(t, gm, TILE)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.abs(t, t, TILE)
    asc.data_copy(gm, t, TILE)  # MTE3 reads what V writes: no V -> MTE3 flag


def _args(n: int = 4 * TILE):
    rng = np.random.default_rng(7)
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    return x, y, np.zeros(n, np.float32), n


def test_pipeline_per_option() -> None:
    """pyasc's order; the automatic-tensor passes and (insert_sync=None) the sync
    insertion run for modules with local_tensor_auto only, as pyasc's need_insert_sync."""
    from asc_xdsl.frontend.ir_context import parse_module

    plain = (
        "ascendc-privatize-func,cse,ascendc-declare-py-struct,ascendc-generate-boilerplate,"
        "ascendc-detect-kernel-type,ascendc-legalize-kernel-args,ascendc-detect-enable-debug,"
        "ascendc-plan-memory"
    )
    assert pipeline_spec({}) == plain
    assert pipeline_spec({"insert_sync": None, "verify_sync": False}) == plain
    sync = "ascendc-erase-sync,ascendc-hoist-que-bind,ascendc-insert-sync,ascendc-unify-pipe,"
    assert pipeline_spec({"insert_sync": True, "verify_sync": True, "matmul_cube_only": True}) == (
        "ascendc-privatize-func,cse," + sync + "canonicalize,ascendc-declare-py-struct,"
        "ascendc-generate-boilerplate,ascendc-define-cube-only,ascendc-detect-kernel-type,"
        "ascendc-legalize-kernel-args,ascendc-detect-enable-debug,ascendc-plan-memory,"
        "ascendc-verify-sync"
    )
    auto = parse_module(
        "func.func @k() attributes {ascendc.global} {\n"
        "  %t = ascendc.local_tensor_auto() : <64xf32>\n  func.return\n}"
    )
    lowering = (
        "ascendc-privatize-func,ascendc-input-output-tensor,ascendc-hoist-ub-allocation,"
        "ascendc-materialize-tensor,ascendc-unify-pipe,canonicalize,cse,"
    )
    assert pipeline_spec({}, auto).startswith(lowering + sync)
    assert sync not in pipeline_spec({"insert_sync": False}, auto)


def test_insert_sync_puts_flags_in_the_ascendc() -> None:
    plain = vadd_no_syncs.compile(*_args(), always_compile=True)
    synced = vadd_no_syncs.compile(*_args(), always_compile=True, insert_sync=True)
    assert "SetFlag" not in plain.asm["ascendc"]
    cpp = synced.asm["ascendc"]
    for event in ("MTE2_V", "V_MTE3", "MTE3_MTE2"):
        assert f"SetFlag<AscendC::HardEvent::{event}>" in cpp, event
        assert f"WaitFlag<AscendC::HardEvent::{event}>" in cpp, event
    assert "ascendc.set_flag" in synced.asm["lowered_ir"]
    assert "ascendc.set_flag" not in synced.asm["ir"]  # the frontend's IR has none


@pytest.mark.parametrize("block_dim", [1, 2])
def test_insert_sync_kernel_runs_on_the_simulator(block_dim: int) -> None:
    x, y, z, n = _args()
    vadd_no_syncs[block_dim](x, y, z, n, insert_sync=True)
    np.testing.assert_allclose(z, x + y)


def _races(compiled, n: int) -> int:
    kernel = next(
        op for op in compiled.module.walk() if isinstance(op, func.FuncOp) and op.body.blocks
    )
    oracle = Oracle(kernel, {"n": n})
    assert oracle.errors == []
    return len(oracle.races())


def test_insert_sync_leaves_no_race() -> None:
    """The dynamic race checker: the kernel as written races, with insert_sync it does not."""
    args = _args()
    assert _races(vadd_no_syncs.compile(*args, always_compile=True), args[-1]) > 0
    synced = vadd_no_syncs.compile(*args, always_compile=True, insert_sync=True)
    assert _races(synced, args[-1]) == 0


def test_insert_sync_verifies_clean() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", SyncWarning)
        vadd_no_syncs.compile(*_args(), always_compile=True, insert_sync=True, verify_sync=True)


def test_verify_sync_warns_at_the_kernel_line() -> None:
    x = np.zeros(TILE, np.float32)
    with pytest.warns(SyncWarning) as record:
        abs_missing_sync.compile(x, always_compile=True, verify_sync=True)
    lines, first = inspect.getsourcelines(abs_missing_sync.fn)
    line = first + next(i for i, text in enumerate(lines) if "no V -> MTE3 flag" in text)
    texts = [str(w.message) for w in record]
    assert any(f"test_insert_sync_jit.py:{line}:" in t and "V_MTE3" in t for t in texts), texts
    ours = [w for w in record if "V_MTE3" in str(w.message)]
    assert ours[0].filename.endswith("test_insert_sync_jit.py") and ours[0].lineno == line


def test_verify_sync_after_insert_sync_is_quiet_on_that_kernel() -> None:
    x = np.zeros(TILE, np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("error", SyncWarning)
        abs_missing_sync.compile(x, always_compile=True, insert_sync=True, verify_sync=True)


def test_the_options_are_in_the_cache_key() -> None:
    off = vadd_no_syncs.compile(*_args())
    on = vadd_no_syncs.compile(*_args(), insert_sync=True)
    assert off is not on
    assert off.asm["ascendc"] != on.asm["ascendc"]
    assert vadd_no_syncs.compile(*_args(), insert_sync=True) is on  # and hit again
    assert vadd_no_syncs.compile(*_args()) is off


def test_sync_options_need_the_passes() -> None:
    with pytest.raises(asc.CompileError, match=r"insert_sync=True needs the pass pipeline"):
        vadd_no_syncs.compile(*_args(), insert_sync=True, run_passes=False)


@asc.jit
def enque_in_branch(x: asc.GlobalAddress, flag: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que=que, num=1, len=TILE * 4)
    t = que.alloc_tensor(asc.float32)
    asc.data_copy(t, gm, TILE)
    if flag > 0:
        que.enque(t)
    u = que.deque(asc.float32)  # which tensor: erase-sync cannot tell
    asc.abs(u, u, TILE)
    que.free_tensor(u)


def test_a_pass_error_is_a_compile_error_at_the_kernel_line() -> None:
    x = np.zeros(TILE, np.float32)
    with pytest.raises(asc.CompileError) as info:
        enque_in_branch.compile(x, 1, always_compile=True, insert_sync=True)
    lines, first = inspect.getsourcelines(enque_in_branch.fn)
    line = first + next(i for i, text in enumerate(lines) if "erase-sync cannot tell" in text)
    assert info.value.lineno == line
    assert "ascendc-erase-sync" in info.value.message
    assert "erase-sync cannot tell" in str(info.value)  # the source line is shown
