"""`ascendc-dedup-state` (`dedup_state=True`) on kernels the simulator runs: every output
is what the kernel gives without it (and numpy's), with fewer set-ups in the C++."""

from __future__ import annotations

import re

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.enums import MaskMode

N = 128  # elements per tile


@asc.jit
def setups_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    t = buf.get(asc.float32)
    params = asc.UnaryRepeatParams()
    for i in range(2):
        asc.data_copy(t, x_gm[(asc.get_block_idx() * 2 + i) * N :], count=N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        # a set-up pair around each op, as written by hand or by a lowering
        asc.set_mask_count()
        asc.set_vector_mask(n, asc.float32, MaskMode.COUNTER)
        asc.adds(t, t, 1.0, 64, 1, params, is_set_mask=False)
        asc.set_mask_norm()
        asc.reset_mask()
        asc.set_mask_count()
        asc.set_vector_mask(n, asc.float32, MaskMode.COUNTER)
        asc.muls(t, t, 2.0, 64, 1, params, is_set_mask=False)
        asc.set_mask_norm()
        asc.reset_mask()
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.set_atomic_add(asc.float32)
        asc.data_copy(y_gm, t, count=N)
        asc.set_atomic_add(asc.float32)
        asc.data_copy(y_gm, t, count=N)
        asc.set_atomic_none()
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def _run(x: np.ndarray, n: int, **options) -> tuple[np.ndarray, str]:
    y = np.zeros(N, np.float32)
    setups_kernel[2](x, y, n, sanitize="off", always_compile=True, **options)
    cpp = setups_kernel.compile(x, y, n, block_dim=2, always_compile=True, **options).asm["ascendc"]
    return y, cpp


def _setups(cpp: str) -> int:
    return len(re.findall(r"AscendC::(?:Set\w+|ResetMask)[<(]", cpp))


@pytest.mark.parametrize("n", [N, 100])
def test_outputs_equal_with_and_without_the_pass(n: int) -> None:
    x = np.random.default_rng(n).standard_normal(4 * N).astype(np.float32)
    plain, plain_cpp = _run(x, n)
    deduped, deduped_cpp = _run(x, n, dedup_state=True)
    np.testing.assert_array_equal(deduped, plain)
    tiles = x.reshape(4, N).copy()
    tiles[:, :n] = (tiles[:, :n] + 1) * 2
    np.testing.assert_allclose(plain, 2 * tiles.sum(axis=0), rtol=1e-5)
    # per iteration: the mask's restore and re-set between the two ops (4) and the
    # second SetAtomicAdd (1) go
    assert _setups(plain_cpp) - _setups(deduped_cpp) == 5, deduped_cpp


def test_the_option_needs_the_pass_pipeline() -> None:
    x = np.zeros(4 * N, np.float32)
    with pytest.raises(asc.CompileError, match="dedup_state=True needs the pass pipeline"):
        setups_kernel.compile(x, x, N, dedup_state=True, run_passes=False, always_compile=True)
