"""Sort32 and GetSortOffset/GetSortLen on the simulator against numpy."""

from __future__ import annotations

import numpy as np
import pytest
import simkit


@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_sort32(dtype):
    k = simkit.inout_kernel(
        "ascendc.sort32 %b2, %b0, %b1, %s0 : {lt2}, {lt0}, {lt1}, i32",
        [dtype, "uint32", dtype],
        ["i32"],
    )
    rng = np.random.default_rng(1)
    n_el = 4096 // np.dtype(dtype).itemsize
    scores = rng.integers(-20, 20, n_el).astype(dtype)  # ties: stable order
    scores[5] = np.inf
    index = np.arange(1024, dtype=np.uint32) * 3
    dst = np.full(n_el, 7, dtype)
    k[1](scores, index, dst, 3)
    raw = dst.view(np.uint8)[: 96 * 8].reshape(96, 8)
    got_scores = raw[:, : np.dtype(dtype).itemsize].copy().view(dtype).reshape(-1)
    got_index = raw[:, 4:].copy().view(np.uint32).reshape(-1)
    for r in range(3):
        s = scores[r * 32 : (r + 1) * 32]
        order = sorted(range(32), key=lambda i, s=s: -float(s[i]))
        np.testing.assert_array_equal(got_scores[r * 32 : (r + 1) * 32], s[order])
        np.testing.assert_array_equal(
            got_index[r * 32 : (r + 1) * 32], index[r * 32 : (r + 1) * 32][order]
        )
    if dtype == "float16":  # the 2 reserved bytes of each pair are left alone
        assert (raw[:, 2:4] == np.array([7], np.float16).view(np.uint8)).all()
    assert (dst[96 * 8 // np.dtype(dtype).itemsize :] == 7).all()


def test_sort_layout_helpers():
    k = simkit.inout_kernel(
        """
        %a = ascendc.get_sort_offset %s0 : i32
        %b = ascendc.get_sort_len %s0 : i32
        %i0 = arith.constant 0 : index
        %i1 = arith.constant 1 : index
        ascendc.local_tensor.set_value %b0, %i0, %a : {lt0}, index, ui32
        ascendc.local_tensor.set_value %b0, %i1, %b : {lt0}, index, ui32
        """,
        ["uint32"],
        ["i32"],
    )
    out = np.zeros(1024, np.uint32)
    k[1](out, 37)
    assert out[:2].tolist() == [74, 74]
