"""Scatter on Atlas inference (310P), against numpy: src elements to dst at the byte
offsets dstOffset[i] + dstBaseAddr (dav-m200's vscatter); the count and mask forms."""

from __future__ import annotations

import numpy as np
import pytest
import simkit

from asc_xdsl.runtime.simulator.errors import SimulatorError

P310 = "Ascend310P"
TYPES = ["float32", "float32", "uint32"]  # %b0 dst, %b1 src, %b2 dst_offset


def test_scatter_count_form_permutes_src_into_dst():
    k = simkit.inout_kernel(
        "ascendc.scatter_l2 %b0, %b1, %b2, %s0, %s1 : {lt0}, {lt1}, {lt2}, i32, i32",
        TYPES,
        ["i32", "i32"],
    )
    rng = np.random.default_rng(5)
    n, base = 200, 64  # base: dst element 16 on
    perm = rng.permutation(n)
    dst = np.full(1024, -1, np.float32)
    src = np.zeros(1024, np.float32)
    src[:n] = rng.standard_normal(n)
    offs = np.zeros(1024, np.uint32)
    offs[:n] = perm * 4
    k[1](dst, src, offs, base, n, platform=P310)
    want = np.full(1024, -1, np.float32)
    want[16 + perm] = src[:n]
    np.testing.assert_array_equal(dst, want)


def test_scatter_mask_form_reads_src_repeats_src_rep_stride_apart():
    """A continuous mask of 32 of 64 float lanes, 2 repeats, src repeats 16 blocks (128 floats) apart;
    the offsets of repeat r, lane e at dstOffset[64 r + e]."""
    k = simkit.inout_kernel(
        "%mask = arith.constant 32 : i32\n"
        "ascendc.scatter_l0 %b0, %b1, %b2, %s0, %mask, %s1, %s2 : {lt0}, {lt1}, {lt2}, i32, "
        "i32, i32, i32",
        TYPES,
        ["i32", "i32", "i32"],
    )
    src = np.arange(1024, dtype=np.float32)
    offs = np.zeros(1024, np.uint32)
    targets = np.arange(64)[::-1]  # lanes 0..31 of both repeats into 64 distinct slots
    offs[0:32] = targets[:32] * 4
    offs[64:96] = targets[32:] * 4
    dst = np.full(1024, -1, np.float32)
    k[1](dst, src, offs, 0, 2, 16, platform=P310)
    want = np.full(1024, -1, np.float32)
    want[targets[:32]] = src[0:32]
    want[targets[32:]] = src[128:160]
    np.testing.assert_array_equal(dst, want)


def test_scatter_offset_outside_dst_is_an_error():
    k = simkit.inout_kernel(
        "ascendc.scatter_l2 %b0, %b1, %b2, %s0, %s1 : {lt0}, {lt1}, {lt2}, i32, i32",
        TYPES,
        ["i32", "i32"],
    )
    offs = np.zeros(1024, np.uint32)
    offs[3] = 4096
    z = np.zeros(1024, np.float32)
    with pytest.raises(SimulatorError, match="Scatter writes dst byte 4096"):
        k[1](z, z.copy(), offs, 0, 8, platform=P310)
