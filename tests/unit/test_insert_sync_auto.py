"""insert-sync's `auto_sync` option (transforms/sync_analysis.py): on the AIV side it
leaves S <-> V/MTE2/MTE3 and V -> V to bisheng's auto-sync, exactly the pairs the race
checker takes as ordered; `@asc2.jit` turns it on for mix kernels compiled with
`auto_sync` (the default). The IR before/after is in
tests/filecheck/transforms/insert-sync-auto.mlir."""

import numpy as np

import asc_xdsl as asc
import asc_xdsl.asc2 as asc2
from asc_xdsl.runtime.simulator.sanitizer import AUTO_SYNC_PAIRS as CHECKER_PAIRS
from asc_xdsl.transforms.pipeline import pipeline_spec
from asc_xdsl.transforms.sync_analysis import AUTO_SYNC_PAIRS

L0A, L0B = asc2.TileLocation.L0A, asc2.TileLocation.L0B


def test_the_pairs_are_the_race_checkers():
    assert AUTO_SYNC_PAIRS == CHECKER_PAIRS


def test_the_pipeline_passes_the_option_with_sync_blocks():
    spec = pipeline_spec({"insert_sync": True, "insert_sync_auto": True, "sync_blocks": True})
    assert "ascendc-insert-sync{sync_blocks=true auto_sync=true}" in spec
    assert "ascendc-insert-sync," in pipeline_spec({"insert_sync": True, "auto_sync": True})


@asc2.jit
def _mm_softmax(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress,
                m: asc.ConstExpr[int], k: asc.ConstExpr[int], n: asc.ConstExpr[int]):  # fmt: skip
    a = asc2.load(asc2.tensor(a_ptr, [m, k]), [m, k], offsets=[0, 0], location=L0A)
    b = asc2.load(asc2.tensor(b_ptr, [k, n]), [k, n], offsets=[0, 0], location=L0B)
    asc2.store(asc2.softmax(a @ b), asc2.tensor(c_ptr, [m, n]), offsets=[0, 0])


def test_a_mix_kernel_leaves_the_aiv_orders_to_auto_sync_and_runs_clean():
    """With auto-sync (the default) the AIVs' softmax gets no PipeBarrier<PIPE_V> and no
    V_S/S_V pairs; compiled with auto_sync=False it gets them, and both run clean under
    the race checker (which models auto-sync as the compile option says)."""
    rng = np.random.default_rng(5)
    m, k, n = 16, 16, 32
    a = (rng.random((m, k)) - 0.5).astype(np.float16)
    b = (rng.random((k, n)) - 0.5).astype(np.float16)
    x = a.astype(np.float32) @ b.astype(np.float32)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    irs = {}
    for auto in (True, False):
        c = np.zeros((m, n), np.float32)
        _mm_softmax[1](a, b, c, m, k, n, sanitize="error", auto_sync=auto)
        np.testing.assert_allclose(c, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-7)
        irs[auto] = _mm_softmax.compile(a, b, c, m, k, n, auto_sync=auto).asm["lowered_ir"]
    for event in ("pipe_barrier pipe_v", "set_flag v_s", "set_flag s_v"):
        assert event not in irs[True]
    assert "pipe_barrier pipe_v" in irs[False]
    # the flags auto-sync does not give stay (the copy-in before the V work)
    assert "set_flag mte2_v" in irs[True]


def test_verify_sync_holds_what_insert_sync_left_to_auto_sync():
    """verify-sync, asked for, takes the same orders as given: the mix kernel above has
    no sync warnings (before, every V -> V and S dependence left to auto-sync was one)."""
    import warnings

    m, k, n = 16, 16, 32
    a, b = np.zeros((m, k), np.float16), np.zeros((k, n), np.float16)
    c = np.zeros((m, n), np.float32)
    assert "ascendc-verify-sync{auto_sync=true}" in pipeline_spec(
        {"verify_sync": True, "insert_sync_auto": True}
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _mm_softmax.compile(a, b, c, m, k, n, verify_sync=True, always_compile=True)
    assert not [w for w in caught if "nothing orders them" in str(w.message)], caught
