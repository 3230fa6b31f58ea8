"""The race checker inside one vector function call (simulator/vf_order.py): a Reg store
and a later load, load and later store, or two stores of the same UB bytes race unless a
LocalMemBar of the right kinds or a register dependence orders them."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from race_checks import marked_line
from reg_vf_kernel import SOC, kernel

import asc_xdsl as asc
from asc_xdsl.runtime.simulator.sanitizer import RaceError, SanitizerWarning

U32 = asc.uint32  # (a Gather's index is uint32: the data too, so one kernel serves)
VST, VLD = asc.reg.MemType.VEC_STORE, asc.reg.MemType.VEC_LOAD


@asc.vf
def hazards_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int):
    """Three races and a Scatter / Gather race, between pairs the hardware orders."""
    m = asc.reg.create_mask(x.dtype)
    a = asc.reg.load_align(x)
    asc.reg.store_align(x, asc.reg.adds(a, 1, m), m)  # (after the load: it uses a)
    b = asc.reg.load_align(x)  # raw
    c = asc.reg.load_align(y)
    asc.reg.store_align(y, b, m)  # war
    asc.reg.store_align(z, a, m)
    asc.reg.store_align(z, c, m)  # waw
    k = z[1]  # scalar
    asc.reg.store_align(x, asc.reg.adds(a, k, m), m, 192)
    idx = asc.reg.load_align(y, 128)  # (64..127: z's bytes apart from the stores above)
    asc.reg.scatter(z, b, idx, m)
    g = asc.reg.gather(z, idx, m)  # gather
    asc.reg.store_align(x, g, m, 128)
    for i in range(2):  # the LocalMemBar page's example without its barrier
        s = asc.reg.load_align(y, 256)  # loop
        asc.reg.store_align(y, asc.reg.add(s, asc.reg.load_align(x, 384 + 64 * i), m), m, 256)


@asc.vf
def ordered_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int):
    """The same pairs, each ordered: by a LocalMemBar of its kinds (or VEC_ALL), by a
    register dependence in a loop, or through a barrier and then a dependence; two
    loads of the same bytes, and accesses of disjoint bytes."""
    m = asc.reg.create_mask(x.dtype)
    for i in range(4):  # in place: each store uses its own load's register
        a = asc.reg.load_align(x, i * 64)
        asc.reg.store_align(x, asc.reg.muls(a, 2, m), m, i * 64)
    asc.reg.local_mem_bar(VST, VLD)
    b = asc.reg.load_align(x)
    b2 = asc.reg.load_align(x)
    asc.reg.store_align(z, asc.reg.add(b, b2, m), m, 64)  # (disjoint from x)
    c = asc.reg.load_align(y)
    asc.reg.local_mem_bar(VLD, VST)
    asc.reg.store_align(y, b, m)
    asc.reg.store_align(z, c, m)
    asc.reg.local_mem_bar(asc.reg.MemType.VEC_ALL, asc.reg.MemType.VEC_ALL)
    asc.reg.store_align(z, b, m)
    # the barrier orders the store before the load, the load's register the next store
    asc.reg.local_mem_bar(VST, VLD)
    d = asc.reg.load_align(z)
    asc.reg.store_align(z, asc.reg.adds(d, 1, m), m)
    half = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.H)
    for i in range(2):  # masked stores a half register apart: no byte written twice
        asc.reg.store_align(z, asc.reg.adds(b, i, m), half, 256 + 32 * i)
    for i in range(2):  # one store of one register, half a register overlapping
        asc.reg.store_align(z, asc.reg.adds(b, i, m), m, 384 + 32 * i)
    for i in range(2):  # a load into the register the store before it stored there
        v = asc.reg.load_align(y, 256 + 64 * i)
        asc.reg.store_align(y, v, m, 320 + 64 * i)
    asc.reg.local_mem_bar(VST, VLD)
    asc.reg.store_align(z, asc.reg.load_align(y, 384), m, 128)
    e = asc.reg.load_align(x, 448)  # (a store after it, a barrier, a load, a store
    asc.reg.store_align(z, e, m, 1024)  # over x[448:512]: after the first load)
    asc.reg.local_mem_bar(VST, VLD)
    asc.reg.store_align(x, asc.reg.load_align(z, 1024), m, 448)
    for i in range(2):  # the LocalMemBar page's example: dst == src0, barrier first
        asc.reg.local_mem_bar(VST, VLD)
        s = asc.reg.load_align(x, 256)
        asc.reg.store_align(x, asc.reg.add(s, asc.reg.load_align(y, 64 * i), m), m, 256)


def _launch(vf, sanitize: str = "warn") -> tuple[np.ndarray, list[str]]:
    x = np.arange(512, dtype=np.uint32)
    y = x + 1000
    y[128:192] = np.arange(64, 128)
    z = np.zeros(512, np.uint32)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kernel[1](x, y, z, 0, asc.ConstExpr(vf), asc.ConstExpr(U32), asc.ConstExpr(U32),
                  asc.ConstExpr(512), asc.ConstExpr(512), platform=SOC, sanitize=sanitize)  # fmt: skip
    return z, [str(w.message) for w in caught if issubclass(w.category, SanitizerWarning)]


def test_unordered_pairs_are_reported_at_both_accesses_with_the_barrier_they_need():
    _, found = _launch(hazards_vf)
    assert len(found) == 7, found  # (the scalar read races with both stores of z[0:64])
    expect = {
        "raw": ("read-after-write race (RAW)", "VEC_STORE, MemType::VEC_LOAD", "StoreAlign"),
        "war": ("write-after-read race (WAR)", "VEC_LOAD, MemType::VEC_STORE", "LoadAlign"),
        "waw": ("write-after-write race (WAW)", "VEC_STORE, MemType::VEC_STORE", "StoreAlign"),
        "gather": ("read-after-write race (RAW)", "VEC_STORE, MemType::VEC_LOAD", "Scatter"),
        "scalar": ("read-after-write race (RAW)", "VEC_STORE, MemType::SCALAR_LOAD", "StoreAlign"),
        "loop": ("read-after-write race (RAW)", "VEC_STORE, MemType::VEC_LOAD", "StoreAlign"),
    }
    for marker, (kind, bar, earlier) in expect.items():
        at = marked_line(__file__, marker)
        texts = [t for t in found if t.startswith(at + ":")]
        assert len(texts) == (2 if marker == "scalar" else 1)
        for text in texts:
            assert kind in text and "inside vector function 'hazards_vf'" in text
            assert f"LocalMemBar<MemType::{bar}>() between them" in text
            # the earlier access is located too
            assert "the earlier access: ascendc.reg." in text and f"(Reg::{earlier})" in text
    (raw,) = [t for t in found if t.startswith(marked_line(__file__, "raw") + ":")]
    assert "reads UB bytes [0, 256) that Reg::StoreAlign (VEC_STORE) wrote" in raw


def test_ordered_pairs_are_not_reported_and_error_mode_raises():
    z, found = _launch(ordered_vf)
    assert found == []
    i = np.arange(64, dtype=np.uint32)
    assert np.array_equal(z[:64], 2 * i + 1)  # (program order: x doubled, + 1)
    assert np.array_equal(z[64:128], 4 * i)
    assert np.array_equal(z[128:192], 1256 + i)  # (y[256:320], moved on twice)
    assert np.array_equal(z[256:320], np.concatenate([2 * i[:32], 2 * i[:32] + 1]))
    assert np.array_equal(z[384:480], np.concatenate([2 * i[:32], 2 * i + 1]))
    with pytest.raises(RaceError) as err:
        _launch(hazards_vf, "error")
    assert err.value.other.name == "ascendc.reg.store_align"
    assert "read-after-write race (RAW) inside vector function" in err.value.text
