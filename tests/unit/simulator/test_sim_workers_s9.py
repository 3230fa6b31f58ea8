"""Blocks on worker processes, session 9 (runtime/simulator/workers.py): what a worker
pays per launch beyond its blocks."""

from __future__ import annotations

import abc
import contextlib
import io
import os
import time

import numpy as np
import pytest
from xdsl.dialects import arith

from asc_xdsl.runtime.simulator import workers
from asc_xdsl.runtime.simulator.errors import GmAccessError

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers need fork()")


def test_a_workers_outcome_pickles_without_abc_checks(monkeypatch):
    """The outcome's pickler tells ops from other objects without `isinstance`:
    Operation's metaclass is ABCMeta, and its check of a type it has not seen walks
    every op class (in a fresh fork it wrote each class's cache, copying their pages:
    17-29 ms of a worker's CPU per launch, 2026-12-07). Ops still travel as indices."""
    checks = []
    instance_check, subclass_check = abc.ABCMeta.__instancecheck__, abc.ABCMeta.__subclasscheck__

    def counted_instance(cls, obj):
        checks.append((cls, type(obj)))
        return instance_check(cls, obj)

    def counted_subclass(cls, sub):
        checks.append((cls, sub))
        return subclass_check(cls, sub)

    op = arith.ConstantOp.from_int_and_width(3, 32)
    outcome = ("ok", [([1, 2], [(op, 5)], [], [], 7, "text", [])], np.zeros((0, 6), np.int64))
    err = GmAccessError("past the end")
    buf = io.BytesIO()
    monkeypatch.setattr(abc.ABCMeta, "__instancecheck__", counted_instance)
    monkeypatch.setattr(abc.ABCMeta, "__subclasscheck__", counted_subclass)
    workers._Pickler(buf, {id(op): 0}).dump((outcome, err))
    monkeypatch.undo()
    assert checks == []
    (back, back_err) = workers._Unpickler(io.BytesIO(buf.getvalue()), [op]).load()
    assert back[1][0][1][0][0] is op
    assert back[1][0][:2] == ([1, 2], [(op, 5)])
    assert type(back_err) is GmAccessError and back_err.args == err.args


def _children() -> list[int]:
    """This process's child processes (/proc: reaps nothing)."""
    kids: list[int] = []
    for task in os.listdir(f"/proc/{os.getpid()}/task"):
        with (
            contextlib.suppress(FileNotFoundError),  # a thread that ended
            open(f"/proc/{os.getpid()}/task/{task}/children") as f,
        ):
            kids += map(int, f.read().split())
    return kids


def _kernel():
    """z = x + 1 over 4 blocks of 64 elements (UB through a TQue), as textual IR."""
    from asc_xdsl.frontend.ir_context import parse_module
    from asc_xdsl.runtime.kernel import CompiledKernel

    q, qo = "!ascendc.queue<vecin, 1>", "!ascendc.queue<vecout, 1>"
    lt, gt = "!ascendc.local_tensor<*xf32>", "!ascendc.global_tensor<*xf32>"
    ir = f"""
func.func @s9(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {{ascendc.aicore, ascendc.global}} {{
  %tile = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %one = arith.constant 1 : i32
  %onef = arith.constant 1.0 : f32
  %b = ascendc.get_block_idx : i32
  %pipe = ascendc.pipe
  %qx = ascendc.queue : {q}
  %qz = ascendc.queue : {qo}
  ascendc.pipe.init_queue %pipe, %qx, %one, %bytes : {q}, i32, i32
  ascendc.pipe.init_queue %pipe, %qz, %one, %bytes : {qo}, i32, i32
  %x_gm = ascendc.global_tensor : {gt}
  %z_gm = ascendc.global_tensor : {gt}
  ascendc.global_tensor.set_global_buffer %x_gm, %x : {gt}, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %z_gm, %z : {gt}, memref<?xf32, 22>
  %o = arith.muli %b, %tile : i32
  %xl = ascendc.que_bind.alloc_tensor %qx : {q}, {lt}
  %xt = ascendc.global_tensor.subindex %x_gm[%o] : {gt}, i32, {gt}
  ascendc.data_copy_l2 %xl, %xt, %tile : {lt}, {gt}, i32
  ascendc.que_bind.enque_tensor %qx, %xl : {q}, {lt}
  %xa = ascendc.que_bind.deque_tensor %qx : {q}, {lt}
  %zl = ascendc.que_bind.alloc_tensor %qz : {qo}, {lt}
  ascendc.adds_l2 %zl, %xa, %onef, %tile : {lt}, {lt}, f32, i32
  ascendc.que_bind.enque_tensor %qz, %zl : {qo}, {lt}
  ascendc.que_bind.free_tensor %qx, %xa : {q}, {lt}
  %zr = ascendc.que_bind.deque_tensor %qz : {qo}, {lt}
  %zt = ascendc.global_tensor.subindex %z_gm[%o] : {gt}, i32, {gt}
  ascendc.data_copy_l2 %zt, %zr, %tile : {gt}, {lt}, i32
  ascendc.que_bind.free_tensor %qz, %zr : {qo}, {lt}
  return
}}
"""
    module = parse_module(ir)
    module.verify()
    return CompiledKernel(name="s9", module=module)


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads Linux's /proc")
def test_the_launch_does_not_wait_for_its_workers_exit_yet_reaps_them():
    """The workers' (and the keeper's) exits run after the launch returned; a thread
    reaps them as they end: no zombie stays. Each worker's CPU seconds come with its
    outcome (`last_stats()["workers"]`)."""
    import multiprocessing

    for leftover in multiprocessing.active_children():  # another test's (autotune's)
        leftover.join()
    before = set(_children())
    k = _kernel()
    x = np.arange(256, dtype=np.float32)
    z = np.zeros(256, np.float32)
    k[4](x, z, workers=2)
    np.testing.assert_array_equal(z, x + 1)
    stats = workers.last_stats()
    assert "serial" not in stats
    assert len(stats["workers"]) == 1 and 0 < stats["workers"][0] < 60
    for _ in range(2000):  # a forked process frees its pages within milliseconds
        left = set(_children()) - before
        if not left:
            break
        time.sleep(0.005)
    assert not left, f"children not reaped: {left}"


class _Memory:
    """A fake worker (or keeper) for `_three_way`: its bytes at this process's addresses
    of `base`."""

    def __init__(self, base: np.ndarray, data: np.ndarray):
        self.base, self.data = base.ctypes.data, data

    def read_segments(self, segs, out):
        at = 0
        for a, b in segs:
            out[at : at + b - a] = self.data[a - self.base : b - self.base]
            at += b - a


def _three_way_bytes(start, mine, theirs):
    """The merge byte by byte (the definition `_three_way` computes by words)."""
    result, changed = mine.copy(), mine != start
    for t in theirs:
        ch = t != start
        if np.any(ch & changed & (t != result)):
            return None
        result[ch] = t[ch]
        changed |= ch
    return result


@pytest.mark.parametrize("seed", range(6))
def test_the_merge_of_pages_two_chunks_wrote_is_the_byte_by_byte_one(seed):
    """Words changed by one side are taken whole, words both changed byte by byte: the
    same bytes (or the same conflict) as the byte-wise merge, for segments of any
    length (not a multiple of 8), one or two workers, bytes changed to their own
    value, interleaved bytes of one word, and a byte changed differently."""
    rng = np.random.default_rng(seed)
    n = 997
    start = rng.integers(0, 256, n, dtype=np.uint8)
    start[100] = 0
    mine = start.copy()
    theirs = [start.copy() for _ in range(1 + seed % 2)]
    owner = rng.integers(0, len(theirs) + 1, n)  # who writes each byte (0: this process)
    for k, arr in enumerate([mine, *theirs]):
        at = np.flatnonzero(owner == k)
        arr[at] = rng.integers(0, 256, len(at), dtype=np.uint8)
    same = rng.integers(0, n, 20)  # bytes every side writes, to one value
    for arr in (mine, *theirs):
        arr[same] = 7
    if seed >= 4:  # a byte two chunks change to different values
        mine[100], theirs[0][100] = 1, 2
    segs = [(mine.ctypes.data + lo, mine.ctypes.data + hi) for lo, hi in ((0, 413), (413, n))]
    got = workers._three_way(segs, [_Memory(mine, t) for t in theirs], _Memory(mine, start.copy()))
    want = _three_way_bytes(start, mine, theirs)
    assert (want is None) == (seed >= 4)
    if want is None:
        assert got is None
    else:
        np.testing.assert_array_equal(got, want)


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads Linux's /proc")
def test_an_error_in_the_launching_processs_chunk_reaps_the_workers_before_it_propagates():
    """Block 0 (the launching process's chunk) reads x past its end: the error is the
    serial run's, and the worker and the keeper are killed and reaped before it reaches
    the caller (no thread left to do it later)."""
    import multiprocessing

    for leftover in multiprocessing.active_children():  # another test's (autotune's)
        leftover.join()
    k = _kernel()
    errors = []
    for w in (1, 2):
        before = set(_children())
        with pytest.raises(GmAccessError) as err:
            k[4](np.arange(32, dtype=np.float32), np.zeros(256, np.float32), workers=w)
        assert set(_children()) <= before
        errors.append(str(err.value))
    stats = workers.last_stats()
    assert "forks" in stats and "chunk0" not in stats  # forked, then chunk 0 raised
    assert errors[0] == errors[1] and "block 0" in errors[0]


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads Linux's /proc")
def test_settle_waits_for_the_workers_reaping_so_their_cpu_is_counted():
    """`workers.settle()` returns once the last launch's workers are reaped: none is
    left, and their CPU seconds are in RUSAGE_CHILDREN (what bench/simulator.py reads)."""
    import multiprocessing
    import resource

    for leftover in multiprocessing.active_children():  # another test's (autotune's)
        leftover.join()
    before = set(_children())
    k = _kernel()
    x = np.arange(256, dtype=np.float32)
    z = np.zeros(256, np.float32)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    k[4](x, z, workers=2)
    assert "serial" not in workers.last_stats()
    workers.settle()
    assert not set(_children()) - before
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert (after.ru_utime + after.ru_stime) > (kids.ru_utime + kids.ru_stime)
    workers.settle()  # (nothing pending: returns at once)
