"""The race checker's hot-path shortcuts (sanitizer.py: `access`'s steady state, the
inlined queue hand-offs, the page records dropped when a block finishes) against the
plain bookkeeping they replace: the same findings in the same order, the same records.

- random access sequences on a few UB pages, with queue-like hand-offs and barriers
  between the pipes, through both (findings, records and clocks compared);
- the benchmark's vector add (bench/simulator.py `vector_add_ir`) clean and with
  seeded races -- a missing queue hand-off (RAW), a buffer released before its last
  read (WAR), blocks writing the same GM tile (cross-block WAW) -- launched with both:
  the same results, warnings (texts, order) and profile; the seeded ones found.

Small and seeded: the file runs in about a second."""

from __future__ import annotations

import random
import warnings
from collections import deque

import numpy as np
import pytest

from asc_xdsl.enums import Pipe
from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.runtime.kernel import CompiledKernel
from asc_xdsl.runtime.simulator import last_profile, sanitizer
from asc_xdsl.runtime.simulator.sanitizer import (
    _S,
    PAGE_SHIFT,
    PIPES,
    PRUNE_AT,
    BlockSanitizer,
    SanitizerWarning,
)


class PlainSanitizer(BlockSanitizer):
    """The bookkeeping without the shortcuts: every page through the general scan
    (`_page`), hand-offs through `snapshot`/`join`, records kept to the end."""

    def access(self, op, pipe, spans, strides=None, exact=True):
        count = self.count
        index = count[pipe]
        count[pipe] = index + 1
        known, always = self.known[pipe], self.always[pipe]
        order = self.order if exact else None
        for i, (key, lo, hi, write) in enumerate(spans):
            if hi <= lo:
                continue
            if order is not None and key.__class__ is not str:
                atomic = write and pipe != _S and self.regs.get("ATOMIC") is not None
                stride = strides.get(i) if strides else None
                entry = (self, op, pipe, index, key, lo, hi, write, atomic, stride)
                if order.deferred:
                    order.log.append(entry)
                else:
                    order.access(*entry)
            new = (lo, hi, pipe, index, write, op, strides.get(i) if strides else None)
            for page in range(lo >> PAGE_SHIFT, ((hi - 1) >> PAGE_SHIFT) + 1):
                recs = self.records.setdefault((key, page), [])
                self._page(recs, (key, page), new, known, always, key)

    def alloc(self, op, events, queue, tensor):
        qid = id(queue)
        out = self.outstanding.setdefault(qid, [queue.label, 0, op])
        out[1] += 1
        snap = self.freed.pop((qid, tensor.alloc.slot), None)
        if snap is not None:
            self.join(snap, events[3])

    def free(self, op, events, queue, tensor):
        out = self.outstanding.get(id(queue))
        if out is not None:
            out[1] -= 1
        if events is not None:
            self.freed[(id(queue), tensor.alloc.slot)] = self.snapshot(events[2])

    def enque(self, op, events, queue, tensor):
        snap = self.snapshot(events[0]) if events is not None else None
        self.fifo.setdefault(id(queue), deque()).append((snap, op, queue.label))

    def deque(self, op, events, queue, tensor):
        waiting = self.fifo.get(id(queue))
        if waiting:
            snap = waiting.popleft()[0]
            if snap is not None:
                self.join(snap, events[1])

    def finish(self):
        records = self.records
        super().finish()
        self.records = records


class Op:
    """A stand-in op for the checker's messages."""

    def __init__(self, n: int):
        self.name = f"test.op{n}"
        self.location = None
        self.attributes: dict = {}
        self.properties: dict = {}


# ---------------------------------------------------------------------------
# Random sequences
# ---------------------------------------------------------------------------


def _run(cls: type, steps: list) -> tuple:
    san = cls("warn", True, 0)
    snaps: list = []
    for step in steps:
        kind = step[0]
        if kind == "access":
            _, op, pipe, spans = step
            san.access(op, pipe, spans)
        elif kind == "snap":
            snaps.append(san.snapshot(step[1]))
        elif kind == "join" and snaps:
            san.join(snaps[step[1] % len(snaps)], step[2])
        elif kind == "barrier":
            san.barrier(step[1])
    records = {k: list(v) for k, v in san.records.items() if v}
    return [e.san_key for e in san.findings], records, san.count, san.known


def _steps(rng: random.Random) -> list:
    """Accesses of three buffers (mostly whole, sometimes a part or two pages), most
    handed on to another pipe (snapshot + join, as a queue does), some not."""
    page = 1 << PAGE_SHIFT
    steps: list = []
    for k in range(rng.randrange(20, 60)):
        r = rng.random()
        if r < 0.08:
            steps.append(("join", rng.randrange(8), rng.randrange(len(PIPES))))
        elif r < 0.11:
            steps.append(("barrier", rng.choice([Pipe.PIPE_ALL, Pipe.PIPE_V, Pipe.PIPE_MTE2])))
        else:
            spans = []
            for _ in range(rng.randrange(1, 4)):
                base = rng.randrange(3) * page
                if rng.random() < 0.7:
                    lo, hi = base, base + rng.choice([page // 2, page])
                else:
                    lo = base + rng.choice([0, 256, page // 2])
                    hi = lo + rng.choice([256, 1024, page + 512])
                spans.append(("UB", lo, hi, rng.random() < 0.5))
            spans.sort(key=lambda s: s[3])  # reads first, as the instrumentation orders them
            pipe = rng.choice([1, 4, 5, 1, 0])
            steps.append(("access", Op(k), pipe, spans))
            if rng.random() < 0.7:  # handed on
                steps.append(("snap", pipe))
                steps.append(("join", -1, rng.choice([1, 4, 5])))
    return steps


def test_access_shortcuts_keep_the_plain_findings_and_records():
    rng = random.Random(11)
    found = 0
    for _ in range(50):
        steps = _steps(rng)
        fast = _run(BlockSanitizer, steps)
        assert fast == _run(PlainSanitizer, steps)
        found += len(fast[0])
    assert found > 30  # the sequences do race


def test_many_ordered_reads_of_one_page_are_pruned_as_the_scan_prunes():
    # reads that cover nothing (each a sliver of a written page), all ordered: the
    # shortcut appends them until PRUNE_AT, then the general scan prunes
    steps: list = [("access", Op(0), 4, [("UB", 0, 1 << PAGE_SHIFT, True)])]
    for k in range(PRUNE_AT + 10):
        steps.append(("snap", 4))
        steps.append(("join", k, 1))
        steps.append(("access", Op(k + 1), 1, [("UB", 8 * k, 8 * k + 8, False)]))
    assert _run(BlockSanitizer, steps) == _run(PlainSanitizer, steps)


# ---------------------------------------------------------------------------
# The benchmark's vector add, clean and with seeded races
# ---------------------------------------------------------------------------


def _vector_add_ir(tile: int) -> str:
    from bench_simulator_ir import BENCH

    return BENCH.vector_add_ir(tile)


def _missing_queue(text: str) -> str:
    """x and y reach Add without their EnQue/DeQue: nothing orders MTE2's writes before
    V's reads."""
    lines = [
        ln
        for ln in text.splitlines()
        if not any(f"enque_tensor %in_{v}" in ln for v in "xy")
        and not any(f"%{v}a = ascendc.que_bind.deque_tensor" in ln for v in "xy")
    ]
    return "\n".join(lines).replace("%xa", "%x_local").replace("%ya", "%y_local")


def _no_release(text: str) -> str:
    """y's buffer allocated once before the loop and freed after it: each copy-in
    overwrites what the last Add read, with no FreeTensor/AllocTensor between."""
    lines = text.splitlines()
    alloc = next(i for i, ln in enumerate(lines) if "alloc_tensor %in_y" in ln)
    loop = next(i for i, ln in enumerate(lines) if "scf.for" in ln)
    lines.insert(loop, lines.pop(alloc))
    free = next(i for i, ln in enumerate(lines) if "free_tensor %in_y" in ln)
    line = lines.pop(free).replace("%ya", "%y_local")
    ret = next(i for i, ln in enumerate(lines) if ln.strip() == "return")
    lines.insert(ret, line)
    return "\n".join(lines)


def _same_gm_tile(text: str) -> str:
    """Every block writes z's first tile."""
    return text.replace(
        "%z_tile = ascendc.global_tensor.subindex %z_gm[%off]",
        "%z0 = arith.constant 0 : index\n    %z_tile = ascendc.global_tensor.subindex %z_gm[%z0]",
    )


CASES = {
    "clean": (lambda t: t, None),
    "missing queue": (_missing_queue, "read-after-write race (RAW): pipe V reads UB"),
    "no release": (_no_release, "write-after-read race (WAR): pipe MTE2 writes UB"),
    "same GM tile": (_same_gm_tile, "GM argument 'z'"),
}


def _launch(text: str, cls: type, monkeypatch) -> tuple:
    monkeypatch.setattr(sanitizer, "BlockSanitizer", cls)  # read as each program compiles
    module = parse_module(text)
    kernel = CompiledKernel(name="add_bench", module=module)
    tile, blocks, n = 256, 4, 256 * 4 * 3
    rng = np.random.default_rng(0)
    x, y = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    z = np.zeros(n, np.float32)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kernel[blocks](x, y, z, n, backend="cpu", sanitize="warn", workers=1)
    assert n // tile == 3 * blocks
    texts = [str(w.message) for w in caught if issubclass(w.category, SanitizerWarning)]
    return z, texts, last_profile().blocks


@pytest.mark.parametrize("case", list(CASES))
def test_vector_add_findings_results_and_profile_match_the_plain_checker(case, monkeypatch):
    seed, want = CASES[case]
    text = seed(_vector_add_ir(256))
    z, texts, profile = _launch(text, BlockSanitizer, monkeypatch)
    z_plain, texts_plain, profile_plain = _launch(text, PlainSanitizer, monkeypatch)
    assert np.array_equal(z, z_plain)
    assert texts == texts_plain
    assert profile == profile_plain
    if want is None:
        assert texts == []
    else:
        assert texts and any(want in t for t in texts), texts
