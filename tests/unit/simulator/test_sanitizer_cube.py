"""The race checker on cube kernels: Fixpipe and DataCopy ND->NZ count the bytes they
touch, so two Fixpipes of disjoint row blocks need no barrier between them, while two
writing the same rows do."""

from __future__ import annotations

import numpy as np
import pytest
from cubekit import IR, ceil
from test_sim_cube import _fixpipe, _load_operands, _mmad

from asc_xdsl.runtime.simulator.sanitizer import RaceError

M, K, N = 32, 32, 16


def _two_fixpipes(second_row: int):
    """C = A @ B into L0C, then rows 0-15 and rows second_row.. (16 each) to GM by two
    Fixpipes with no barrier between them."""
    ir = IR()
    a2, b2 = _load_operands(ir, "f16", M, K, N, False)
    c_gm = ir.gm("c", "f32")
    co1 = ir.local("co1", 0, ceil(M, 16) * ceil(N, 16) * 256, "f32")
    _mmad(ir, co1, a2, b2, "f16", M, N, K)
    _fixpipe(ir, c_gm, co1, "f32", "f32", 16, N)
    ir.lines.pop()  # the PIPE_ALL barrier after the first Fixpipe
    second_src = ir.sub(co1, second_row * 16, "f32")  # Nz: row r of a column block
    lt = "!ascendc.global_tensor<*xf32>"
    second_dst, offset = ir.name("c_rows"), ir.const(second_row * N, "i32")
    ir.lines.append(
        f"{second_dst} = ascendc.global_tensor.subindex {c_gm}[{offset}] : {lt}, i32, {lt}"
    )
    _fixpipe(ir, second_dst, second_src, "f32", "f32", 16, N)
    return ir.kernel()


def _operands():
    rng = np.random.default_rng(5)
    a = rng.integers(-3, 4, (M, K)).astype(np.float16)
    b = rng.integers(-3, 4, (K, N)).astype(np.float16)
    return a, b, np.zeros((M, N), np.float32)


def test_fixpipes_of_disjoint_rows_are_not_flagged():
    a, b, c = _operands()
    _two_fixpipes(16)[1](a, b, c, sanitize="error")
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


def test_fixpipes_of_overlapping_rows_are_flagged():
    a, b, c = _operands()
    with pytest.raises(RaceError, match=r"write-after-write race .* pipe FIX writes GM"):
        _two_fixpipes(8)[1](a, b, c, sanitize="error")
