"""Duplicate (mask forms), Brcb, Gather (all forms) and Gatherb on the simulator
against numpy / the reference model; Scatter is refused on Atlas A2/A3 (not there; 310P's
is in test_sim_scatter_310p.py)."""

from __future__ import annotations

import numpy as np
import pytest
import simkit
import vecref

from asc_xdsl.runtime.simulator.errors import SimulatorError, UnsupportedOpError

CAP = 4096
_K: dict = {}


def _kernel(key, body, dtypes, scalars):
    if key not in _K:
        _K[key] = simkit.inout_kernel(body, dtypes, scalars, capacity=CAP)
    return _K[key]


def _n(dtype):
    return CAP // np.dtype(dtype).itemsize


@pytest.mark.parametrize("dtype", ["int16", "uint16", "float16", "int32", "uint32", "float32"])
@pytest.mark.parametrize("level", [0, 1])
def test_duplicate_mask_forms(dtype, level):
    t = simkit.mlir_type(dtype)
    mt, mask = ("i32", "%s1") if level == 0 else ("ui64, ui64", "%s1, %s2")
    k = _kernel(
        ("dup", dtype, level),
        f"ascendc.duplicate_l{level} %b0, %s0, {mask}, %s3, %s4, %s5 {{isSetMask}} : {{lt0}}, {t}, {mt}, i32, i32, i32",
        [dtype],
        [t] + (["i32", "i32"] if level == 0 else ["ui64", "ui64"]) + ["i32"] * 3,
    )
    erep = 256 // np.dtype(dtype).itemsize
    v = np.dtype(dtype).type(7)
    for m, blk, rep, repeat in ((erep - 9, 1, 8, 3), (20, 2, 17, 2), (erep, 1, 0, 4)):
        buf = np.arange(_n(dtype)).astype(dtype)
        bits = vecref.continuous(m, erep) if level == 0 else (1 << m) - 1 ^ 0b101
        margs = [m, 0] if level == 0 else [bits & (2**64 - 1), bits >> 64]
        got = buf.copy()
        k[1](got, v, *margs, repeat, blk, rep)
        ls = vecref.lanes(erep, repeat, bits & ((1 << erep) - 1))
        (want,) = vecref.run([buf], 0, [], [(blk, rep)], lambda: v, erep, ls)
        np.testing.assert_array_equal(got, want, err_msg=f"{m} {blk} {rep} {repeat}")


def test_duplicate_bf16_mask_form():
    """bf16 values are raw uint16 bits: 1.5 is 0x3FC0."""
    k = simkit.inout_kernel(
        "ascendc.duplicate_l0 %b0, %s0, %s1, %s2, %s3, %s4 {isSetMask} : {lt0}, bf16, i32, i32, i32, i32",
        ["bf16"],
        ["bf16", "i32", "i32", "i32", "i32"],
    )
    buf = np.zeros(2048, np.uint16)
    k[1](buf, 1.5, 100, 2, 1, 8)
    want = np.zeros(2048, np.uint16)
    want[:100] = 0x3FC0
    want[128:228] = 0x3FC0
    np.testing.assert_array_equal(buf, want)


@pytest.mark.parametrize("dtype", ["int16", "float16", "int32", "float32"])
def test_brcb(dtype):
    k = _kernel(
        ("brcb", dtype),
        """
        %p = ascendc.construct !ascendc.brcb_repeat_params(%s0, %s1) : i32, i32
        ascendc.brcb_l0 %b1, %b0, %s2, %p : {lt1}, {lt0}, i32, !ascendc.brcb_repeat_params
        """,
        [dtype, dtype],
        ["i32", "i32", "i32"],
    )
    eb = 32 // np.dtype(dtype).itemsize
    for blk, rep, repeat in ((1, 8, 3), (0, 10, 2), (2, 17, 2)):
        src = np.arange(_n(dtype)).astype(dtype)
        dst = np.full(_n(dtype), -1).astype(dtype)
        got = dst.copy()
        k[1](src, got, blk, rep, repeat)
        want = dst.copy()
        b = blk or 1
        for i in range(repeat):
            for j in range(8):
                start = (i * rep + j * b) * eb
                want[start : start + eb] = src[i * 8 + j]
        np.testing.assert_array_equal(got, want, err_msg=f"{blk} {rep} {repeat}")


@pytest.mark.parametrize("dtype", ["uint16", "uint32"])
def test_gatherb(dtype):
    k = _kernel(
        ("gatherb", dtype),
        """
        %p = ascendc.construct !ascendc.gather_repeat_params(%s0, %s1) : i32, i32
        ascendc.gatherb_l0 %b2, %b0, %b1, %s2, %p : {lt2}, {lt0}, {lt1}, i32, !ascendc.gather_repeat_params
        """,
        [dtype, "uint32", dtype],
        ["i32", "i32", "i32"],
    )
    rng = np.random.default_rng(1)
    eb = 32 // np.dtype(dtype).itemsize
    src = np.arange(_n(dtype)).astype(dtype)
    offs = np.zeros(1024, np.uint32)
    offs[:24] = (
        rng.integers(0, CAP // 32 - 1, 24) * 32 + rng.integers(0, 2, 24) * np.dtype(dtype).itemsize
    )
    dst = np.full(_n(dtype), 9).astype(dtype)
    got = dst.copy()
    k[1](src, offs, got, 0, 9, 3)
    want = dst.copy()
    for i in range(3):
        for j in range(8):
            o = int(offs[i * 8 + j]) // np.dtype(dtype).itemsize
            start = (i * 9 + j) * eb
            want[start : start + eb] = src[o : o + eb]
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", ["int16", "float16", "int32", "float32", "uint32"])
def test_gather_count_and_mask_forms(dtype):
    k = _kernel(
        ("gather", dtype),
        """
        ascendc.gather_l2 %b2, %b0, %b1, %s0, %s1 : {lt2}, {lt0}, {lt1}, i32, i32
        ascendc.gather_l0 %b3, %b0, %b1, %s0, %s2, %s3, %s4 : {lt3}, {lt0}, {lt1}, i32, i32, i32, i32
        """,
        [dtype, "uint32", dtype, dtype],
        ["i32"] * 5,
    )
    rng = np.random.default_rng(2)
    size = np.dtype(dtype).itemsize
    n = _n(dtype)
    src = rng.permutation(n).astype(dtype)
    base = 64
    offs = (rng.integers(0, n - base // size, 1024) * size).astype(np.uint32)
    d2, d3 = np.full(n, 3).astype(dtype), np.full(n, 3).astype(dtype)
    count = 300 if size == 2 else 150
    k[1](src, offs, d2, d3, base, count, 50, 2, 12)
    idx = (base + offs.astype(np.int64)) // size
    w2 = np.full(n, 3).astype(dtype)
    w2[:count] = src[idx[:count]]
    np.testing.assert_array_equal(d2, w2)
    erep, eb = 256 // size, 32 // size
    w3 = np.full(n, 3).astype(dtype)
    for r in range(2):
        for e in range(50):
            w3[r * 12 * eb + e] = src[idx[r * erep + e]]
    np.testing.assert_array_equal(d3, w3)


def test_gather_offset_outside_src_is_an_error():
    k = _kernel(
        ("gather", "float32"),
        """
        ascendc.gather_l2 %b2, %b0, %b1, %s0, %s1 : {lt2}, {lt0}, {lt1}, i32, i32
        ascendc.gather_l0 %b3, %b0, %b1, %s0, %s2, %s3, %s4 : {lt3}, {lt0}, {lt1}, i32, i32, i32, i32
        """,
        ["float32", "uint32", "float32", "float32"],
        ["i32"] * 5,
    )
    offs = np.zeros(1024, np.uint32)
    offs[3] = CAP
    z = np.zeros(1024, np.float32)
    with pytest.raises(SimulatorError, match="Gather reads src byte 4096"):
        k[1](z, offs, z.copy(), z.copy(), 0, 8, 8, 1, 8)
    offs[3] = 2
    with pytest.raises(SimulatorError, match="multiple of 4"):
        k[1](z, offs, z.copy(), z.copy(), 0, 8, 8, 1, 8)


def test_scatter_is_refused_on_atlas_a2():
    k = simkit.inout_kernel(
        "ascendc.scatter_l2 %b0, %b1, %b2, %s0, %s1 : {lt0}, {lt1}, {lt2}, i32, i32",
        ["float32", "float32", "uint32"],
        ["i32", "i32"],
    )
    z = np.zeros(1024, np.float32)
    with pytest.raises(UnsupportedOpError, match="Scatter is not supported on Atlas A2/A3"):
        k[1](z, z.copy(), np.zeros(1024, np.uint32), 0, 8)
