"""Random tile programs against numpy, on the simulator with the race checker raising.

    python tools/tile_fuzz.py [--examples 200] [--seed 0]

Each program (drawn by hypothesis) loads `iters` tiles of a float32 tensor of rank 1-3
one after the other, combines each with a second tile of a shape that broadcasts with
it (numpy's rules, either way) and with scalars by a few element-wise ops, accumulates
the results in a tile carried through the loop, optionally reduces the sum over some
dimensions (keep_dims or not), and stores it; numpy computes the same. A failing
program is printed (hypothesis shrinks it first) and the exit status is 1.
tests/unit/test_tile.py runs `run_program` on a few programs.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import numpy as np

import asc_xdsl as asc
import asc_xdsl.asc2 as asc2

OPS: dict[str, tuple[Any, Any]] = {
    "add": (asc2.add, np.add),
    "sub": (asc2.sub, np.subtract),
    "mul": (asc2.mul, np.multiply),
    "max": (asc2.maximum, np.maximum),
    "min": (asc2.minimum, np.minimum),
}
REDUCE: dict[str, tuple[Any, Any]] = {
    "sum": (asc2.reduce_sum, np.sum),
    "max": (asc2.reduce_max, np.max),
}


@asc2.jit
def _program(x_ptr: asc.GlobalAddress, y_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress,
             shapes: asc.ConstExpr, ops: asc.ConstExpr, red: asc.ConstExpr,
             iters: asc.ConstExpr[int]):  # fmt: skip
    # the shapes and the zero offsets, as lists made on the host (a kernel has no `*`)
    xs, ys, out, zs, planes, plane, xz, yz, zz = shapes
    x = asc2.tensor(x_ptr, planes)
    y = asc2.load(asc2.tensor(y_ptr, ys), ys, offsets=yz)
    acc = asc2.zeros(out, dtype=asc.float32)
    for i in range(iters):
        v = asc2.reshape(asc2.load(x, plane, offsets=[i] + xz), xs)  # noqa: RUF005 (no * in kernels)
        for name, scalar in ops:
            v = OPS[name][0](v, y) if scalar is None else OPS[name][0](v, scalar)
        acc = acc + v
    if red is not None:
        kind, dims, keep = red
        acc = REDUCE[kind][0](acc, *dims, keep_dims=keep)
    asc2.store(acc, asc2.tensor(z_ptr, zs), offsets=zz)


def expected(x: np.ndarray, y: np.ndarray, ops: tuple, red: Any) -> np.ndarray:
    acc = None
    for v in x:
        for name, scalar in ops:
            v = OPS[name][1](v, y if scalar is None else np.float32(scalar))
        acc = v if acc is None else acc + v
    if red is not None:
        kind, dims, keep = red
        acc = REDUCE[kind][1](acc, axis=tuple(dims), keepdims=keep)
    return np.asarray(acc, np.float32)


def run_program(xs: tuple, ys: tuple, ops: tuple, red: Any, iters: int, seed: int = 0) -> None:
    """Run one program and compare it with numpy (AssertionError when they differ)."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(0.5, 1.5, (iters, *xs)).astype(np.float32)
    y = rng.uniform(0.5, 1.5, ys).astype(np.float32)
    out = np.broadcast_shapes(xs, ys) if any(s is None for _, s in ops) else tuple(xs)
    want = expected(x, y, ops, red)
    zs = want.shape if want.shape else (1,)
    z = np.zeros(zs, np.float32)
    shapes = (
        list(xs), list(ys), list(out), list(zs), [iters, *xs], [1, *xs],
        [0] * len(xs), [0] * len(ys), [0] * len(zs),
    )  # fmt: skip
    _program[1](x, y, z, shapes, tuple(ops), red, iters, sanitize="error")
    np.testing.assert_allclose(z.reshape(want.shape), want, rtol=1e-5, atol=1e-5)


def programs() -> Any:
    """The hypothesis strategy of (xs, ys, ops, red, iters)."""
    from hypothesis import strategies as st

    @st.composite
    def draw(d: Any) -> tuple:
        rank = d(st.integers(1, 3))
        xs = tuple(d(st.sampled_from([1, 2, 3, 8, 16, 24])) for _ in range(rank))
        # y: a suffix of xs's rank, each size equal or 1 (or xs's 1 grown: x broadcasts)
        yrank = d(st.integers(1, rank))
        ys = tuple(d(st.sampled_from([s, 1] if s > 1 else [1, 2, 3])) for s in xs[rank - yrank :])
        ops = tuple(
            d(st.lists(
                st.tuples(st.sampled_from(sorted(OPS)),
                          st.one_of(st.none(), st.sampled_from([0.5, 2.0]))),
                min_size=1, max_size=3,
            ))
        )  # fmt: skip
        out = np.broadcast_shapes(xs, ys) if any(s is None for _, s in ops) else xs
        red = None
        if d(st.booleans()):
            dims = sorted(d(st.sets(st.integers(0, len(out) - 1), min_size=1)))
            red = (d(st.sampled_from(sorted(REDUCE))), tuple(dims), d(st.booleans()))
        return xs, ys, ops, red, d(st.integers(1, 3))

    return draw()


def fuzz_main(
    name: str, programs: Any, run: Any, examples: int, argv: list[str] | None = None
) -> int:
    """A harness's command line: `--examples` programs drawn by hypothesis from the
    strategy `programs()` (from `--seed`), each run by `run(*program)`; 0 when all
    agree with numpy, else 1 with the first failure printed."""
    from hypothesis import HealthCheck, given, seed, settings

    parser = argparse.ArgumentParser(description=f"{name}: random tile programs against numpy")
    parser.add_argument("--examples", type=int, default=examples)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    @seed(args.seed)
    @settings(max_examples=args.examples, deadline=None, suppress_health_check=list(HealthCheck))
    @given(programs())
    def check(program: tuple) -> None:
        run(*program)

    import warnings

    from asc_xdsl.runtime.simulator.uninit import UninitializedReadWarning

    # element-wise ops run over whole 256-byte repeats, reading the padding after a
    # short row that no load wrote; nothing computed there is stored
    warnings.simplefilter("ignore", UninitializedReadWarning)
    try:
        check()
    except Exception as e:
        print(f"{name}: FAILED: {type(e).__name__}: {e}")
        return 1
    print(f"{name}: {args.examples} programs agree with numpy")
    return 0


def main(argv: list[str] | None = None) -> int:
    return fuzz_main("tile fuzz", programs, run_program, 200, argv)


if __name__ == "__main__":
    sys.exit(main())
