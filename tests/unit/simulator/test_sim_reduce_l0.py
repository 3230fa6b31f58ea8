"""Reductions in their mask forms on the simulator against a per-repeat reference:
WholeReduceSum/Max/Min (every order), RepeatReduceSum, BlockReduceSum/Max/Min,
PairReduceSum and ReduceSum/Max/Min (mask forms, with index), with partial masks,
strides, counter mode, ties and NaN. Values are small integers so every summation
order gives the same result."""

from __future__ import annotations

import numpy as np
import pytest
import simkit
import vecref

from asc_xdsl.runtime.simulator.errors import SimulatorError

CAP = 8192
_K: dict = {}


def _kernel(key, body, dtypes, scalars):
    if key not in _K:
        _K[key] = simkit.inout_kernel(body, dtypes, scalars, capacity=CAP)
    return _K[key]


def _src(dtype, rng, nan=False):
    x = rng.integers(-8, 9, CAP // np.dtype(dtype).itemsize).astype(dtype)
    if nan:
        x[37] = np.nan
    return x


def _per_repeat(src, erep, repeat, bits, blk, rep, count=None):
    """{r: [(e, value), ...]} of the enabled elements."""
    out: dict = {}
    for r, e in vecref.lanes(erep, repeat, bits, count):
        out.setdefault(r, []).append((e, src[vecref.pos(r, e, src.itemsize, blk, rep)]))
    return out


def _extreme(items, kind):
    vals = [v for _, v in items]
    nan = [i for i, v in enumerate(vals) if np.isnan(v)]
    if nan:
        return items[nan[0]]
    best = max(vals) if kind == "max" else min(vals)
    return next(it for it in items if it[1] == best)


def _it(dtype):
    return np.uint16 if np.dtype(dtype).itemsize == 2 else np.uint32


@pytest.mark.parametrize("dtype", ["float16", "float32"])
@pytest.mark.parametrize("kind", ["sum", "max", "min"])
@pytest.mark.parametrize("level", [0, 1])
def test_whole_reduce(dtype, kind, level):
    mt, mask = ("i32", "%s0") if level == 0 else ("ui64, ui64", "%s0, %s1")
    orders = [None] if kind == "sum" else [0, 1, 2, 3]
    erep = 256 // np.dtype(dtype).itemsize
    rng = np.random.default_rng(1)
    for order in orders:
        prop = "{isSetMask}" if order is None else f"{{isSetMask, order = {order} : i32}}"
        k = _kernel(
            ("whole", dtype, kind, level, order),
            f"ascendc.whole_reduce_{kind}_l{level} %b1, %b0, {mask}, %s2, %s3, %s4, %s5 {prop} : {{lt1}}, {{lt0}}, {mt}, i32, i32, i32, i32",
            [dtype, dtype],
            (["i32", "i32"] if level == 0 else ["ui64", "ui64"]) + ["i32"] * 4,
        )
        src = _src(dtype, rng, nan=kind != "sum")
        m = erep - 7
        bits = vecref.continuous(m, erep) if level == 0 else (1 << erep) - 1 ^ 0b1001
        margs = [m, 0] if level == 0 else [bits & (2**64 - 1), bits >> 64]
        repeat, drs, sbs, srs = 5, 3, 2, 16
        dst = np.full(CAP // np.dtype(dtype).itemsize, 99).astype(dtype)
        got = dst.copy()
        k[1](src, got, *margs, repeat, drs, sbs, srs)
        want = dst.copy()
        groups = _per_repeat(src, erep, repeat, bits & ((1 << erep) - 1), sbs, srs)
        raw = want.view(np.uint8)
        for r, items in groups.items():
            if kind == "sum":
                want[r * drs] = sum(float(v) for _, v in items)
                continue
            e, v = _extreme(items, kind)
            index = np.array([e], _it(dtype)).view(dtype)[0]
            if order == 0:
                want[2 * r * drs : 2 * r * drs + 2] = [v, index]
            elif order == 1:
                want[2 * r * drs : 2 * r * drs + 2] = [index, v]
            elif order == 2:
                want[r * drs] = v
            else:
                raw[r * drs * 4 : r * drs * 4 + 4] = np.array([e], np.uint32).view(np.uint8)
        np.testing.assert_array_equal(
            got.view(_it(dtype)), want.view(_it(dtype)), err_msg=f"order {order}"
        )


def test_whole_reduce_sum_counter_mode():
    k = _kernel(
        ("whole-cnt",),
        """
        ascendc.set_mask_count
        ascendc.whole_reduce_sum_l1 %b1, %b0, %s0, %s1, %s2, %s3, %s4, %s5 {isSetMask} : {lt1}, {lt0}, ui64, ui64, i32, i32, i32, i32
        ascendc.set_mask_norm
        """,
        ["float32", "float32"],
        ["ui64", "ui64", "i32", "i32", "i32", "i32"],
    )
    src = _src("float32", np.random.default_rng(2))
    got = np.zeros(2048, np.float32)
    k[1](src, got, 150, 0, 1, 1, 1, 8)
    want = np.zeros(2048, np.float32)
    want[:3] = [src[:64].sum(), src[64:128].sum(), src[128:150].sum()]
    np.testing.assert_array_equal(got, want)


def test_repeat_reduce_sum():
    k = _kernel(
        ("rrs",),
        "ascendc.repeat_reduce_sum_l0 %b1, %b0, %s0, %s1, %s2, %s3, %s4, %s5 {isSetMask} : {lt1}, {lt0}, i32, i32, i32, i32, i32, i32",
        ["float16", "float16"],
        ["i32"] * 6,
    )
    src = _src("float16", np.random.default_rng(3))
    got = np.zeros(4096, np.float16)
    k[1](src, got, 4, 100, 1, 1, 2, 8)
    want = np.zeros(4096, np.float16)
    for r in range(4):
        want[2 * r] = src[r * 128 : r * 128 + 100].astype(np.float32).sum()
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", ["float16", "float32"])
@pytest.mark.parametrize("kind", ["sum", "max", "min"])
def test_block_reduce(dtype, kind):
    k = _kernel(
        ("block", dtype, kind),
        f"ascendc.block_reduce_{kind}_l1 %b1, %b0, %s0, %s1, %s2, %s3, %s4, %s5 : {{lt1}}, {{lt0}}, i32, ui64, ui64, i32, i32, i32",
        [dtype, dtype],
        ["i32", "ui64", "ui64", "i32", "i32", "i32"],
    )
    erep = 256 // np.dtype(dtype).itemsize
    eb = erep // 8
    src = _src(dtype, np.random.default_rng(4), nan=kind == "max")
    bits = ((1 << erep) - 1) ^ ((1 << eb) - 1) << eb ^ 0b11  # block 1 masked off entirely
    dst = np.full(CAP // np.dtype(dtype).itemsize, 99).astype(dtype)
    got = dst.copy()
    repeat, drs, sbs, srs = 3, 2, 1, 9
    k[1](src, got, repeat, bits & (2**64 - 1), bits >> 64, drs, sbs, srs)
    want = dst.copy()
    ident = {"sum": 0, "max": -np.inf, "min": np.inf}[kind]
    for r in range(repeat):
        for b in range(8):
            vals = [
                src[vecref.pos(r, e, src.itemsize, sbs, srs)]
                for e in range(b * eb, (b + 1) * eb)
                if bits >> e & 1
            ]
            if not vals:
                want[r * drs * 8 + b] = ident
            elif kind == "sum":
                want[r * drs * 8 + b] = sum(float(v) for v in vals)
            else:
                want[r * drs * 8 + b] = (
                    (max if kind == "max" else min)(vals) if not any(np.isnan(vals)) else np.nan
                )
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_pair_reduce_sum(dtype):
    k = _kernel(
        ("pair", dtype),
        "ascendc.pair_reduce_sum_l0 %b1, %b0, %s0, %s1, %s2, %s3, %s4 {isSetMask} : {lt1}, {lt0}, i32, i32, i32, i32, i32",
        [dtype, dtype],
        ["i32"] * 5,
    )
    erep = 256 // np.dtype(dtype).itemsize
    src = _src(dtype, np.random.default_rng(5))
    got = np.zeros(CAP // np.dtype(dtype).itemsize, dtype)
    k[1](src, got, 2, erep - 3, 2, 1, 8)
    want = np.zeros_like(got)
    for r in range(2):
        x = src[r * erep : (r + 1) * erep].astype(np.float64)
        x[erep - 3 :] = 0
        want[r * 2 * erep // 2 : r * 2 * erep // 2 + erep // 2] = x[0::2] + x[1::2]
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", ["float16", "float32"])
@pytest.mark.parametrize("kind", ["sum", "max", "min"])
def test_reduce_mask_forms(dtype, kind):
    erep = 256 // np.dtype(dtype).itemsize
    if kind == "sum":
        body = "ascendc.reduce_sum_l0 %b1, %b0, %b2, %s0, %s1, %s2 : {lt1}, {lt0}, {lt2}, i32, i32, i32"
        scalars = ["i32"] * 3
    else:
        body = f"ascendc.reduce_{kind}_l0 %b1, %b0, %b2, %s0, %s1, %s2, %s3 : {{lt1}}, {{lt0}}, {{lt2}}, i32, i32, i32, i1"
        scalars = ["i32"] * 3 + ["i1"]
    k = _kernel(("red", dtype, kind), body, [dtype] * 3, scalars)
    rng = np.random.default_rng(6)
    src = _src(dtype, rng)
    src[300] = 20  # a unique max
    src[301] = -20
    tmp = np.zeros(CAP // np.dtype(dtype).itemsize, dtype)
    got = np.zeros_like(tmp)
    m, repeat, srs = erep - 5, 6, 8
    args = [m, repeat, srs] + ([] if kind == "sum" else [True])
    k[1](src, got, tmp, *args)
    flat = [
        (r * erep + e, src[vecref.pos(r, e, src.itemsize, 1, srs)])
        for r, e in vecref.lanes(erep, repeat, (1 << m) - 1)
    ]
    if kind == "sum":
        assert got[0] == sum(float(v) for _, v in flat)
    else:
        i, v = _extreme(flat, kind)
        assert got[0] == v
        assert got[1:2].view(_it(dtype))[0] == i


def test_reduce_tmp_too_small_is_an_error():
    k = simkit.inout_kernel(
        "ascendc.reduce_max_l0 %b1, %b0, %b2, %s0, %s1, %s2, %s3 : {lt1}, {lt0}, {lt2}, i32, i32, i32, i1",
        ["float32", "float32", "float32"],
        ["i32", "i32", "i32", "i1"],
        capacity=256,
    )
    z = np.zeros(64, np.float32)
    with pytest.raises(SimulatorError, match="shared_tmp_buffer holds"):
        k[1](z, z.copy(), z.copy(), 64, 40, 0, True)
