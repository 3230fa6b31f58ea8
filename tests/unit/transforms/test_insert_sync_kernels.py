"""ascendc-insert-sync on the repository's multi-pipe kernels, their hand-written syncs
stripped (ascendc-erase-sync): the dynamic race checker finds no race, verify-sync
nothing; where the hand-written syncs are race-free, insert-sync uses no more syncs
than they do (a SetFlag/WaitFlag pair, a PipeBarrier and an EnQue/DeQue pair count one
each); the kernels still compute what numpy does on the simulator."""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from sync_oracle import Oracle
from xdsl.dialects import func

from asc_xdsl.frontend.ir_context import make_context, parse_module
from asc_xdsl.runtime.ir_kernel import kernel_from_module
from asc_xdsl.transforms.diagnostics import warning_handler
from asc_xdsl.transforms.erase_sync import EraseSyncPass
from asc_xdsl.transforms.insert_sync import InsertSyncPass
from asc_xdsl.transforms.verify_sync import VerifySyncPass

ROOT = Path(__file__).resolve().parents[3]
for sub in (
    "examples",
    "tests/unit/frontend",
    "tests/unit/simulator",
    "tests/unit/hardening",
    "tests/unit/cann",
):
    if str(ROOT / sub) not in sys.path:
        sys.path.insert(0, str(ROOT / sub))

import cache_kernels  # noqa: E402
import cann_jit_kernels  # noqa: E402
import run_kernels  # noqa: E402
import sim_jit_kernels  # noqa: E402
import test_sim_cube_jit  # noqa: E402
import vector_add  # noqa: E402
import vector_add_manual_flags  # noqa: E402


def _f32(n: int) -> np.ndarray:
    return np.random.default_rng(n).random(n, dtype=np.float32)


# name -> (kernel, args, the kernel's scalar parameters by name for the race checker)
KERNELS: dict[str, tuple[Any, tuple, dict[str, int]]] = {
    "vector_add (TQue, 3 EnQue/DeQue)": (
        vector_add.vadd_kernel,
        (_f32(4096), _f32(4096), np.zeros(4096, np.float32), 2048, 512),
        {"block_length": 2048},
    ),
    "vector_add_manual_flags": (
        vector_add_manual_flags.vadd_manual,
        (_f32(4096), _f32(4096), np.zeros(4096, np.float32), 4096),
        {"block_length": 4096},
    ),
    "generic_add (PIPE_ALL barriers)": (
        run_kernels.generic_add,
        (_f32(1024), _f32(1024), np.zeros(1024, np.float32), 1024, 256),
        {"n": 1024},
    ),
    "constant_bound_loop (flags)": (run_kernels.constant_bound_loop, (_f32(512), 64), {}),
    "sum_and_max": (
        run_kernels.sum_and_max,
        (_f32(1024), np.zeros(2, np.float32), 1024, 256),
        {"n": 1024},
    ),
    "scale_tiles (no syncs)": (sim_jit_kernels.scale_tiles, (_f32(1024), 1024, 256), {"n": 1024}),
    "scaled (helpers)": (cache_kernels.scaled, (_f32(64), 64), {"n": 64}),
    "from_table": (cache_kernels.from_table, (_f32(64), 64, (1.0, 2.0), 1), {"n": 64}),
    "add_custom (double-buffered TQue)": (
        cann_jit_kernels.add_custom,
        (_f32(2048), _f32(2048), np.zeros(2048, np.float32), 2048, 256),
        {"block_length": 2048},
    ),
    "nd2nz (cube: L1, PIPE_ALL barriers)": (
        test_sim_cube_jit.nd2nz_kernel,
        (np.arange(800).astype(np.float16), np.zeros(32 * 48, np.float16)),
        {},
    ),
}


def syncs(text: str) -> int:
    return sum(
        len(re.findall(p, text))
        for p in (r"ascendc\.set_flag", r"ascendc\.pipe_barrier", r"que_bind\.enque_tensor")
    )


def warnings(module) -> list[str]:
    got: list[str] = []
    with warning_handler(got.append):
        VerifySyncPass().apply(make_context(), module)
    return got


def races(module, scalars: dict[str, int]) -> list[str]:
    found = []
    for f in module.walk():
        if isinstance(f, func.FuncOp) and f.body.blocks:
            oracle = Oracle(f, scalars)
            found += oracle.errors + [
                f"{r.first.op.name} ({r.first.pipe}) -> {r.second.op.name} ({r.second.pipe})"
                for r in oracle.races()
            ]
    return found


def inserted(text: str):
    module = parse_module(text)
    EraseSyncPass().apply(make_context(), module)
    InsertSyncPass().apply(make_context(), module)
    module.verify()
    return module


@pytest.mark.parametrize("name", KERNELS)
def test_kernel_without_its_syncs(name: str) -> None:
    kernel, args, scalars = KERNELS[name]
    text = kernel.compile(*args).asm["lowered_ir"]
    module = inserted(text)
    assert races(module, scalars) == []
    assert warnings(module) == []
    if not races(parse_module(text), scalars):  # the hand-written syncs are race-free
        assert syncs(str(module)) <= syncs(text)


def test_fewer_syncs_than_redundant_queues() -> None:
    """vector_add's three EnQue/DeQue pairs become two flag pairs: one MTE2 -> V pair
    orders both copies in."""
    kernel, args, _ = KERNELS["vector_add (TQue, 3 EnQue/DeQue)"]
    text = kernel.compile(*args).asm["lowered_ir"]
    assert syncs(text) == 3
    assert syncs(str(inserted(text))) == 2


def test_numerics_on_the_simulator() -> None:
    kernel, args, _ = KERNELS["generic_add (PIPE_ALL barriers)"]
    x, y, _, n, _tile = args
    compiled = kernel_from_module(inserted(kernel.compile(*args).asm["lowered_ir"]))
    z = np.zeros_like(x)
    compiled[1](x, y, z, n)
    np.testing.assert_allclose(z, x + y)


def _runtime_args(kernel, args: tuple) -> list:
    """The arguments the compiled kernel takes: the ConstExpr ones are folded into it."""
    params = inspect.signature(kernel.fn).parameters.values()
    return [a for p, a in zip(params, args, strict=True) if "ConstExpr" not in str(p.annotation)]


@pytest.mark.parametrize("name", KERNELS)
def test_same_results_as_the_hand_synchronised_kernel(name: str) -> None:
    """Each kernel, its syncs replaced by insert-sync's, writes what the original writes
    (whose own tests check it against numpy)."""
    kernel, args, _ = KERNELS[name]
    text = kernel.compile(*args).asm["lowered_ir"]
    outputs = []
    for module in (parse_module(text), inserted(text)):
        run_args = [
            a.copy() if isinstance(a, np.ndarray) else a for a in _runtime_args(kernel, args)
        ]
        kernel_from_module(module, run_passes=False)[1](*run_args)
        outputs.append([a for a in run_args if isinstance(a, np.ndarray)])
    for before, after in zip(*outputs, strict=True):
        np.testing.assert_array_equal(after, before)


def test_automatic_tensors_through_pyascs_lowering() -> None:
    """local_tensor_auto kernels: materialised into queues and TBufs, hoisted, then
    synchronised; the race checker runs the loop (4 iterations) without a race."""
    from xdsl.passes import PassPipeline

    from asc_xdsl.universe import PASSES

    spec = (
        "ascendc-privatize-func,ascendc-input-output-tensor,ascendc-hoist-ub-allocation,"
        "ascendc-materialize-tensor,ascendc-unify-pipe,ascendc-erase-sync,"
        "ascendc-hoist-que-bind,ascendc-insert-sync,ascendc-unify-pipe"
    )
    text = (ROOT / "tests/filecheck/transforms/auto-tensor-pipeline.mlir").read_text()
    module = parse_module(text)
    PassPipeline.parse_spec(PASSES, spec).apply(make_context(), module)
    assert "local_tensor_auto" not in str(module)
    assert races(module, {}) == []
    assert warnings(module) == []
