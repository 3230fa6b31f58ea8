"""Random tile mix kernels against numpy, on the simulator with the race checker raising.

    python tools/tile_mix_fuzz.py [--examples 100] [--seed 0]

Each program (drawn by hypothesis) multiplies `tiles` row tiles [M, K] of a float16
matrix by one [K, N] (the tiles spread over `blocks` blocks by `asc2.block_idx()` and
`asc2.block_num()`), applies an epilogue of vector tile ops to each product (element-wise
ops with a bias row [1, N], a column [M, 1], a tile [M, N] or a scalar; unary ops; softmax;
a reduction over the rows or the columns, keep_dims) and stores it; numpy computes the
same. Row-wise epilogues run split over the two AIVs, the others whole on both: both
paths of tile-to-ascendc's mix lowering, and insert-sync's cross-core flags in a loop.
A failing program is printed (hypothesis shrinks it first) and the exit status is 1.
tests/unit/test_tile_mix.py runs `run_program` on a few programs.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

import asc_xdsl as asc
import asc_xdsl.asc2 as asc2

BINARY: dict[str, tuple[Any, Any]] = {
    "add": (asc2.add, np.add),
    "sub": (asc2.sub, np.subtract),
    "mul": (asc2.mul, np.multiply),
    "max": (asc2.maximum, np.maximum),
}
UNARY: dict[str, tuple[Any, Any]] = {
    "relu": (asc2.relu, lambda x: np.maximum(x, 0)),
    "abs": (asc2.abs, np.abs),
    "exp": (asc2.exp, np.exp),
    "tanh": (asc2.tanh, np.tanh),
}
REDUCE: dict[str, tuple[Any, Any]] = {"sum": (asc2.reduce_sum, np.sum), "max": (asc2.reduce_max, np.max)}  # fmt: skip
L0A, L0B = asc2.TileLocation.L0A, asc2.TileLocation.L0B


@asc2.jit
def _program(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, y_ptr: asc.GlobalAddress,
             z_ptr: asc.GlobalAddress, tiles: int, mkn: asc.ConstExpr, ys: asc.ConstExpr,
             ops: asc.ConstExpr, red: asc.ConstExpr, zs: asc.ConstExpr):  # fmt: skip
    m, k, n = mkn
    ta = asc2.tensor(a_ptr, [tiles * m, k])
    b = asc2.load(asc2.tensor(b_ptr, [k, n]), [k, n], offsets=[0, 0], location=L0B)
    z = asc2.tensor(z_ptr, [tiles * zs[0], zs[1]])
    for i in range(asc2.block_idx(), tiles, asc2.block_num()):
        a = asc2.load(ta, [m, k], offsets=[i * m, 0], location=L0A)
        v = a @ b
        for kind, name, arg in ops:
            if kind == "y":
                y = asc2.load(asc2.tensor(y_ptr, [tiles * ys[0], ys[1]]), ys,
                              offsets=[i * ys[0] if ys[0] > 1 else 0, 0])  # fmt: skip
                v = BINARY[name][0](v, y)
            elif kind == "scalar":
                v = BINARY[name][0](v, arg)
            elif kind == "unary":
                v = UNARY[name][0](v)
            else:
                v = asc2.softmax(v)
        if red is not None:
            v = REDUCE[red[0]][0](v, red[1], keep_dims=True)
        asc2.store(v, z, offsets=[i * zs[0], 0])


def expected(a: np.ndarray, b: np.ndarray, y: np.ndarray, tiles: int, mkn: tuple, ys: tuple,
             ops: tuple, red: Any) -> np.ndarray:  # fmt: skip
    m = mkn[0]
    out = []
    for i in range(tiles):
        v = a[i * m : (i + 1) * m].astype(np.float32) @ b.astype(np.float32)
        for kind, name, arg in ops:
            if kind == "y":
                rows = y[i * ys[0] : (i + 1) * ys[0]] if ys[0] > 1 else y[:1]
                v = BINARY[name][1](v, rows)
            elif kind == "scalar":
                v = BINARY[name][1](v, np.float32(arg))
            elif kind == "unary":
                v = UNARY[name][1](v)
            else:
                e = np.exp(v - v.max(axis=1, keepdims=True))
                v = e / e.sum(axis=1, keepdims=True)
        if red is not None:
            v = REDUCE[red[0]][1](v, axis=red[1], keepdims=True)
        out.append(v)
    return np.concatenate(out).astype(np.float32)


def run_program(mkn: tuple, ys: tuple, ops: tuple, red: Any, tiles: int, blocks: int,
                seed: int = 0) -> None:  # fmt: skip
    """Run one program and compare it with numpy (AssertionError when they differ)."""
    rng = np.random.default_rng(seed)
    m, k, n = mkn
    a = rng.uniform(-0.5, 0.5, (tiles * m, k)).astype(np.float16)
    b = rng.uniform(-0.5, 0.5, (k, n)).astype(np.float16)
    y = rng.uniform(0.5, 1.5, (tiles * ys[0], ys[1])).astype(np.float32)
    want = expected(a, b, y, tiles, mkn, ys, ops, red)
    zs = (want.shape[0] // tiles, want.shape[1])
    z = np.zeros(want.shape, np.float32)
    _program[blocks](a, b, y, z, tiles, mkn, ys, ops, red, zs, sanitize="error")
    np.testing.assert_allclose(z, want, rtol=1e-4, atol=1e-4)


def programs() -> Any:
    """The hypothesis strategy of (mkn, ys, ops, red, tiles, blocks)."""
    from hypothesis import strategies as st

    @st.composite
    def draw(d: Any) -> tuple:
        m, k, n = (d(st.sampled_from([16, 32, 48])) for _ in range(3))
        ys = d(st.sampled_from([(1, n), (m, 1), (m, n)]))
        op = st.one_of(
            st.tuples(st.just("y"), st.sampled_from(sorted(BINARY)), st.none()),
            st.tuples(
                st.just("scalar"), st.sampled_from(sorted(BINARY)), st.sampled_from([0.5, 2.0])
            ),
            st.tuples(st.just("unary"), st.sampled_from(sorted(UNARY)), st.none()),
            st.tuples(st.just("softmax"), st.none(), st.none()),
        )
        ops = tuple(d(st.lists(op, min_size=1, max_size=3)))
        red = None
        if d(st.booleans()):
            red = (d(st.sampled_from(sorted(REDUCE))), d(st.sampled_from([0, 1])))
        return (m, k, n), ys, ops, red, d(st.integers(1, 3)), d(st.integers(1, 2))

    return draw()


def main(argv: list[str] | None = None) -> int:
    from tile_fuzz import fuzz_main

    return fuzz_main("tile mix fuzz", programs, run_program, 100, argv)


if __name__ == "__main__":
    sys.exit(main())
