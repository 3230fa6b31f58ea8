"""Workers' GM pages (runtime/simulator/workers.py): each process populates the pages
its chunk wrote in the kernel's last parallel launch (`_learnt`, `_populate`) without
changing what the launch computes."""

from __future__ import annotations

import mmap
import os

import numpy as np
import pytest
from test_sim_workers import BLOCKS, TILE, _ir

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.runtime.kernel import CompiledKernel
from asc_xdsl.runtime.simulator import workers

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers need fork()")

STEP = 16  # block b writes z's tile b * STEP: 4 KiB apart, a page of its own each


def _run(k, w: int, x: np.ndarray, z: np.ndarray) -> np.ndarray:
    z[:] = -1
    k[BLOCKS](x, z, workers=w, sanitize="off")
    return z.copy()


def test_later_launches_populate_the_pages_their_chunks_wrote():
    module = parse_module(_ir(z_step=STEP))
    module.verify()
    k = CompiledKernel(name="wk", module=module)
    x = np.arange(TILE * BLOCKS, dtype=np.float32)
    z = np.empty(TILE * BLOCKS * STEP, np.float32)  # the same arrays: the same layout
    serial = _run(k, 1, x, z)
    first = _run(k, 2, x, z)
    st = workers.last_stats()
    assert "serial" not in st and st["populated"] == 0  # nothing learnt yet
    second = _run(k, 2, x, z)
    st = workers.last_stats()
    assert "serial" not in st
    if workers._populate_ok[0]:  # Linux 5.14+: chunk 0's pages (its 3 blocks' tiles)
        assert st["populated"] >= workers.PAGE
    longer = np.empty(len(z) + 1024, np.float32)  # another layout: nothing learnt used
    other = _run(k, 2, x, longer)
    assert workers.last_stats()["populated"] == 0
    for got in (first, second):
        np.testing.assert_array_equal(got, serial)
    np.testing.assert_array_equal(other[: len(serial)], serial)
    assert (other[len(serial) :] == -1).all()


def test_populate_keeps_contents_and_skips_what_it_cannot():
    buf = mmap.mmap(-1, 4 * workers.PAGE)
    a = np.frombuffer(buf, np.uint8)
    a[:] = np.arange(a.size) % 251
    before = a.copy()
    lo = a.ctypes.data
    done = workers._populate(
        [(lo + 10, lo + workers.PAGE + 1), (lo + 3 * workers.PAGE, lo + 3 * workers.PAGE)]
    )
    assert done in (0, 2 * workers.PAGE)  # whole pages; an empty span is nothing
    np.testing.assert_array_equal(a, before)
    ro = mmap.mmap(-1, workers.PAGE, prot=mmap.PROT_READ)
    addr = np.frombuffer(ro, np.uint8).ctypes.data
    assert workers._populate([(addr, addr + workers.PAGE)]) == 0  # EFAULT: left to fault
    del a
    buf.close()
    ro.close()


def test_the_merge_reuses_its_scratch_across_launches():
    # every block's tile in one page: each launch merges that page 3-way
    module = parse_module(_ir())
    module.verify()
    k = CompiledKernel(name="wk", module=module)
    x = np.arange(TILE * BLOCKS, dtype=np.float32)
    z = np.empty(TILE * BLOCKS, np.float32)
    serial = _run(k, 1, x, z)
    maps = []
    for _ in range(2):
        np.testing.assert_array_equal(_run(k, 2, x, z), serial)
        assert "serial" not in workers.last_stats()
        (spare,) = workers._spare_scratch  # one for the process, kept between launches
        maps.append(spare)
    assert maps[0] is maps[1]
