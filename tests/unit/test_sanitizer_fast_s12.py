"""The race checker's session-12 shortcuts (sanitizer.py) against the plain bookkeeping:

- phases: from pages holding no record (a block's start, after `PipeBarrier<PIPE_ALL>`)
  an access the block's memo knows to leave no finding after the same earlier accesses
  of the phase waits for its page work, made before the clocks change or anything
  reads the records, dropped with them at the next PIPE_ALL;
- page summaries: an access that meets no record of a page, or reads past the start
  of every read a page holds, appends its record without the scan;
- the generated bookkeeping of ops whose extent rule is kept per parameter struct.

Each is compared with `Plain` (every page through the general scan `_page`, no
phase, no summary) and `NoPhases` (the summaries without phases): findings (texts,
order), clocks and counts after every step, the records whenever they are read; and
where a phase must not skip (an access that races, another pipe, a flag between two
accesses, part of a page another access touched, the clocks or the records set from
outside) the plain findings are found. The benchmark's matmul (bench/simulator.py)
clean and with seeded races: the same checker state at each block's end, results and
warnings. Small and seeded: the file runs in a few seconds."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from batch_runs import checker_states
from bench_simulator_ir import BENCH

from asc_xdsl.enums import HardEvent, Pipe
from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.runtime.kernel import CompiledKernel
from asc_xdsl.runtime.simulator import sanitizer
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.sanitizer import (
    PAGE_SHIFT,
    PIPE_INDEX,
    PIPES,
    BlockSanitizer,
    SanitizerWarning,
)

PAGE = 1 << PAGE_SHIFT
MTE1, MTE2, MTE3, V, M, FIX = (PIPE_INDEX[p] for p in ("MTE1", "MTE2", "MTE3", "V", "M", "FIX"))


class Plain(BlockSanitizer):
    """The plain bookkeeping: no phase, no page summary, no shortcut; every page of
    every access through the general scan."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._phases = False

    def _pages(self, op, pipe, index, spans, strides, known, always):
        for i, (key, lo, hi, write) in enumerate(spans):
            if hi <= lo:
                continue
            new = (lo, hi, pipe, index, write, op, strides.get(i) if strides else None)
            for page in range(lo >> PAGE_SHIFT, ((hi - 1) >> PAGE_SHIFT) + 1):
                at = (key, page)
                recs = self._records.get(at)
                if recs is None and self.pending:
                    recs = self._unfold(at)
                if recs is None:
                    recs = self._records[at] = []
                self._page(recs, at, new, known, always, key)


class NoPhases(BlockSanitizer):
    """The page summaries and the shortcut scan, without phases."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._phases = False


CLASSES = (BlockSanitizer, NoPhases, Plain)


class Op:
    """A stand-in op for the checker's messages."""

    def __init__(self, n: int):
        self.name = f"test.op{n}"
        self.location = None
        self.attributes: dict = {}
        self.properties: dict = {}


class Buf:
    """A memory key that is not a name (as a GM buffer is), for strided records."""

    name = "buf"


BUF = Buf()


# ---------------------------------------------------------------------------
# Driving checkers step by step
# ---------------------------------------------------------------------------


def _state(san: BlockSanitizer) -> tuple:
    return (
        san.count[:],
        [row[:] for row in san.known],
        [(e.san_key, str(e)) for e in san.findings],
    )


def _records(san: BlockSanitizer) -> dict:
    return {k: list(v) for k, v in san.records.items() if v}


def _step(san: BlockSanitizer, step: tuple, snaps: list) -> None:
    kind = step[0]
    if kind == "access":
        _, op, pipe, spans, strides = step
        san.access(op, pipe, spans, strides)
    elif kind == "all":
        san.barrier(Pipe.PIPE_ALL)
    elif kind == "barrier":
        san.barrier(step[1])
    elif kind == "flag":
        _, op, role, event, event_id = step
        san.flag(op, role, event, event_id)
    elif kind == "snap":
        snaps.append(san.snapshot(step[1]))
    elif kind == "join" and snaps:
        san.join(snaps[-1], step[1])
    elif kind == "look":
        _records(san)
    elif kind == "reset":  # the records replaced from outside (as batching does)
        san.records = {k: list(v) for k, v in san.records.items()}
    elif kind == "clocks":  # the clocks set from outside (as batching does): here, as
        # if every access so far were complete
        san.known = [san.count[:] for _ in san.known]
    elif kind == "keep":  # records PipeBarrier<PIPE_ALL> does not drop, from now on
        san.records = KeepAll(san.records)


class KeepAll(dict):
    """Records that PipeBarrier<PIPE_ALL> cannot drop (as test_sanitizer_fast.py keeps
    them): the accesses whose page work waits are made at the barrier, then kept."""

    def clear(self) -> None:
        pass


def _run(cls: type, steps: list, mode: str = "warn") -> tuple:
    """(the state after each step, the records at each look and at the end, how many
    accesses waited for their page work)."""
    san = cls(mode, False, 0)
    snaps: list = []
    states, looks, waited = [], [], 0
    for step in steps:
        before = len(san._lazy)
        _step(san, step, snaps)
        waited += len(san._lazy) > before
        states.append(_state(san))
        if step[0] == "look":
            looks.append(_records(san))
    looks.append(_records(san))
    return states, looks, waited


def _same(steps: list) -> int:
    """Run `steps` through every class; they must agree. The accesses that waited."""
    fast = _run(BlockSanitizer, steps)
    for cls in CLASSES[1:]:
        other = _run(cls, steps)
        assert fast[:2] == other[:2], cls.__name__
        assert other[2] == 0
    return fast[2]


def _access(op: Op, pipe: int, *spans, strides=None) -> tuple:
    return ("access", op, pipe, list(spans), strides)


# ---------------------------------------------------------------------------
# Random phases
# ---------------------------------------------------------------------------


def _template(rng: random.Random, k: int) -> list:
    """A phase: accesses of two memories, whole tiles, parts of pages and spans across
    pages, on a few pipes, some strided."""
    out = []
    for j in range(rng.randrange(2, 9)):
        spans, strides = [], None
        for _ in range(rng.randrange(1, 3)):
            key = rng.choice(["L1", "L1", "UB", BUF])
            r = rng.random()
            if r < 0.4:
                lo = rng.randrange(4) * PAGE // 2
                hi = lo + rng.choice([PAGE // 2, PAGE, 3 * PAGE])
            elif r < 0.8:
                lo = rng.randrange(0, 4 * PAGE, 512)
                hi = lo + rng.choice([512, 2048, PAGE + 1024])
            else:
                lo = rng.randrange(0, 2 * PAGE, 32)
                hi = lo + rng.randrange(32, 4096, 32)
            if key is BUF and rng.random() < 0.5:
                strides = strides or {}
                strides[len(spans)] = (256, rng.choice([512, 1024]))
            spans.append((key, lo, hi, rng.random() < 0.4))
        spans.sort(key=lambda s: s[3])  # reads first, as the instrumentation orders them
        pipe = rng.choice([MTE1, MTE1, MTE2, M, FIX, V])
        out.append(_access(Op(100 * k + j), pipe, *spans, strides=strides))
    return out


def _steps(rng: random.Random) -> list:
    """Phases drawn from a few templates, most repeated as they are (so the memo is
    followed), some changed at one place: an access on another pipe or bytes, a flag
    or a barrier between two accesses, the records looked at, set or the clocks set
    from outside, no PIPE_ALL after the phase."""
    templates = [_template(rng, k) for k in range(3)]
    steps: list = []
    for _ in range(rng.randrange(8, 20)):
        phase = list(rng.choice(templates))
        r = rng.random()
        at = rng.randrange(len(phase))
        if r < 0.1:
            _, op, pipe, spans, strides = phase[at]
            phase[at] = ("access", op, (pipe + 1) % len(PIPES), spans, strides)
        elif r < 0.2:
            _, op, pipe, spans, strides = phase[at]
            key, lo, hi, w = spans[0]
            phase[at] = ("access", op, pipe, [(key, lo + 512, hi + 512, w), *spans[1:]], strides)
        elif r < 0.3:
            event = rng.choice([HardEvent.MTE2_MTE1, HardEvent.MTE1_M, HardEvent.M_FIX])
            phase[at:at] = [("flag", Op(-1), "set", event, 0), ("flag", Op(-2), "wait", event, 0)]
        elif r < 0.35:
            phase.insert(at, ("barrier", rng.choice([Pipe.PIPE_MTE1, Pipe.PIPE_MTE2, Pipe.PIPE_M])))
        elif r < 0.4:
            phase.insert(at, ("snap", rng.choice([MTE2, MTE1])))
            phase.insert(at + 1, ("join", rng.choice([MTE1, M])))
        elif r < 0.45:
            phase.insert(at, ("look",))
        elif r < 0.5:
            phase.insert(at, ("reset",))
        elif r < 0.55:
            phase.insert(at, ("clocks",))
        steps += phase
        if rng.random() < 0.85:
            steps.append(("all",))
    return steps


def test_random_phases_keep_the_plain_findings_clocks_and_records():
    rng = random.Random(12)
    waited = found = 0
    for _ in range(60):
        steps = _steps(rng)
        waited += _same(steps)
        found += len(_run(Plain, steps)[0][-1][2])
    assert waited > 500  # the phases are followed
    assert found > 40  # and the sequences do race


def test_random_phases_in_error_mode_raise_the_plain_error():
    rng = random.Random(34)
    raised = 0
    for _ in range(40):
        steps = _steps(rng)
        got = []
        for cls in CLASSES:
            try:
                _run(cls, steps, mode="error")
                got.append(None)
            except SimulatorError as err:
                got.append(str(err))
        assert got[0] == got[1] == got[2]
        raised += got[0] is not None
    assert raised > 5


# ---------------------------------------------------------------------------
# Where a phase must not skip
# ---------------------------------------------------------------------------

A, B, C, D = Op(1), Op(2), Op(3), Op(4)


def _findings(steps: list, cls: type = BlockSanitizer) -> list:
    return _run(cls, steps)[0][-1][2]


def test_a_racing_access_after_a_known_prefix_is_checked():
    clean = [_access(A, MTE2, ("L1", 0, 512, True)), _access(B, MTE1, ("L1", 1024, 2048, False))]
    racing = [clean[0], _access(B, MTE1, ("L1", 256, 768, False))]
    steps = [*clean, ("all",), *clean, ("all",), *racing, ("all",), *clean]
    assert _same(steps) >= 2  # the second clean phase and the racing one's first access
    kinds = [k[1] for k, _ in _findings(steps)]
    assert kinds == ["RAW"]


def test_a_phase_repeated_after_a_race_reports_it_again_in_each():
    racing = [_access(A, MTE2, ("L1", 0, 512, True)), _access(B, MTE1, ("L1", 0, 512, False))]
    steps = [*racing, ("all",), *racing, ("all",), *racing]
    assert _same(steps) >= 2
    san = BlockSanitizer("error", False, 0)
    for step in [racing[0], _access(C, MTE1, ("L1", 512, 1024, False)), ("all",)]:
        _step(san, step, [])
    san.access(*racing[0][1:])  # (the memo's: its page work waits)
    assert len(san._lazy) == 1
    with pytest.raises(SimulatorError, match="RAW"):
        san.access(*racing[1][1:])


def test_another_pipe_is_not_the_memo_s_access():
    # M is in order (Mmads accumulate in order): its read after its write is clean;
    # FIX reading what M wrote needs a flag
    phase = [_access(A, M, ("L0C", 0, 1024, True)), _access(B, M, ("L0C", 0, 1024, False))]
    other = [phase[0], _access(B, FIX, ("L0C", 0, 1024, False))]
    steps = [*phase, ("all",), *phase, ("all",), *other, ("all",), *phase]
    assert _same(steps) >= 4
    texts = [t for _, t in _findings(steps)]
    assert len(texts) == 1 and "M_FIX" in texts[0]


def test_a_flag_between_two_accesses_ends_the_phase():
    set_, wait = (
        ("flag", C, "set", HardEvent.MTE2_MTE1, 0),
        ("flag", D, "wait", HardEvent.MTE2_MTE1, 0),
    )
    write, read = _access(A, MTE2, ("L1", 0, 512, True)), _access(B, MTE1, ("L1", 0, 512, False))
    synced, unsynced = [write, set_, wait, read], [write, read]
    for steps in (
        [*synced, ("all",), *synced, ("all",), *unsynced],
        [*unsynced, ("all",), *synced, ("all",), *unsynced, ("all",), *synced],
    ):
        _same(steps)
        assert [k[1] for k, _ in _findings(steps)] == ["RAW"]
    # a join or a barrier of one pipe between them orders the read too
    for between in ([("snap", MTE2), ("join", MTE1)], [("barrier", Pipe.PIPE_ALL)]):
        steps = [*unsynced, ("all",), write, *between, read]
        _same(steps)
        assert len(_findings(steps)) == 1  # (the first phase's)


def test_parts_of_pages_and_spans_across_pages():
    phase = [
        _access(A, MTE2, ("UB", 0, 100, True)),
        _access(B, V, ("UB", PAGE - 1000, PAGE + 1000, False)),  # across a page boundary
        _access(C, V, ("UB", 100, 200, False), ("UB", 3 * PAGE, 3 * PAGE + 32, True)),
    ]
    # the third access of this phase reads the bytes the first wrote
    late = [phase[0], phase[1], _access(C, V, ("UB", 50, 150, False))]
    steps = [*phase, ("all",), *phase, ("all",), *phase, ("all",), *late, ("all",), *phase]
    assert _same(steps) >= 6
    assert [k[1] for k, _ in _findings(steps)] == ["RAW"]


def test_the_records_and_clocks_set_or_read_from_outside():
    phase = [
        _access(A, MTE2, ("L1", 0, 2048, True)),
        _access(B, MTE1, ("L1", 4096, 8192, False)),
        _access(C, MTE1, ("L1", 0, 1024, False)),  # races with A
    ]
    for outside in (("look",), ("reset",), ("clocks",)):
        steps = [*phase[:2], ("all",), *phase[:2], outside, *phase[2:], ("all",), *phase]
        _same(steps)
        assert len(_findings(steps)) == 1
    # records that PipeBarrier<PIPE_ALL> does not drop: the accesses that waited are
    # made at the barrier, then kept
    steps = [*phase[:2], ("all",), ("keep",), *phase[:2], ("all",), *phase]
    assert _same(steps) == 2
    assert len(_findings(steps)) == 1


def test_an_op_whose_bytes_change_waits_only_on_untouched_pages():
    """The ND->NZ copies' way: an op writing other bytes in each phase. Untouched pages:
    its page work waits (`fresh`); a later access of the memo meeting its pages, or it
    meeting theirs, is checked, and reports the race."""

    def copy(lo: int) -> tuple:
        return _access(A, MTE2, ("L1", lo, lo + 512, True), (BUF, lo, lo + 512, False))

    read = _access(B, MTE1, ("L1", 2 * PAGE, 2 * PAGE + 4096, False))
    steps = []
    for lo in (0, 512, 1024, 1536):  # fresh, disjoint from the read: all wait
        steps += [copy(lo), read, ("all",)]
    steps += [copy(2 * PAGE + 1024), read, ("all",)]  # the read meets the copy's bytes
    steps += [copy(2048), read, ("all",)]
    steps += [read, copy(2 * PAGE), ("all",)]  # the copy meets the read's page
    waited = _same(steps)
    assert waited >= 6
    kinds = [k[1] for k, _ in _findings(steps)]
    assert kinds == ["RAW", "WAR"]
    # two such ops in a phase: the second meeting the first's bytes is checked
    steps = []
    for lo in (0, 1024, 2048, 3072, 4096):
        steps += [copy(lo), _access(C, MTE1, ("L1", PAGE + lo, PAGE + lo + 256, False)), ("all",)]
    steps += [copy(6144), _access(C, MTE1, ("L1", 6144 + 256, 6144 + 768, False)), ("all",)]
    assert _same(steps) >= 8
    assert [k[1] for k, _ in _findings(steps)] == ["RAW"]


def test_a_phase_whose_page_was_pruned_is_not_followed():
    """A page's prune drops the records every active pipe knows complete: which pipes
    are active is the block's history, not the phase's, so a phase that pruned is not
    followed past the prune. Here the first phase's prune drops M's reads (M alone
    active: in order after itself), the second's keeps them (FIX and MTE2 active
    too), and FIX's write then races with the first read."""
    reads = [_access(Op(10 + k), M, ("UB", 8 * k, 8 * k + 8, False)) for k in range(70)]
    phase = [*reads, _access(B, FIX, ("UB", 0, 8, True))]
    assert _findings(phase) == []
    steps = [*phase, ("all",), _access(A, MTE2, ("L1", 0, 32, True)), ("all",), *phase]
    assert _same(steps) >= 60
    assert [k[1] for k, _ in _findings(steps)] == ["WAR"]


def test_a_launch_of_cores_one_after_another_shares_one_memo():
    """Its later blocks follow the first block's memo from their first access; a launch
    with cross-core syncs, or a checker with another auto-sync table, keeps its own."""
    from asc_xdsl.runtime.simulator import gmorder

    phase = [_access(A, MTE2, ("L1", 0, 512, True)), _access(B, MTE1, ("L1", 1024, 2048, False))]

    def blocks(deferred: bool, synced=(False, False)) -> list:
        order = gmorder.LaunchOrder(["c0", "c1"], [0, 1], len(PIPES), 0, deferred=deferred)
        waited = []
        for b, auto in enumerate(synced):
            san = BlockSanitizer("warn", auto, b, order, b)
            for step in phase:
                before = len(san._lazy)
                _step(san, step, [])
                waited.append(len(san._lazy) > before)
            san.finish()
        return waited

    assert blocks(True) == [False, False, True, True]
    assert blocks(False) == [False] * 4
    assert blocks(True, synced=(False, True)) == [False] * 4


def test_a_phase_s_records_are_those_of_its_accesses_made_at_once():
    """The accesses that waited, looked at mid-phase and at the end: the records a
    checker without phases made, in the same order."""
    rng = random.Random(3)
    for _ in range(20):
        phase = _template(rng, 0)
        steps = [*phase, ("all",), *phase[: len(phase) // 2], ("look",)]
        steps += phase[len(phase) // 2 :]
        _same(steps)


# ---------------------------------------------------------------------------
# The benchmark's matmul, clean and with seeded races
# ---------------------------------------------------------------------------


def _drop_barrier(text: str, which: int) -> str:
    """The `which`-th PipeBarrier<PIPE_ALL> of the k loop removed (0: between the ND->NZ
    copies and the LoadData loops, 1: between those and the Mmad)."""
    lines = text.splitlines()
    at = [i for i, ln in enumerate(lines) if "ascendc.pipe_barrier pipe_all" in ln][which]
    del lines[at]
    return "\n".join(lines)


MATMULS = {
    "clean": (lambda t: t, None),
    "no barrier before LoadData": (
        lambda t: _drop_barrier(t, 0),
        "read-after-write race (RAW): pipe MTE1 reads L1",
    ),
    "no barrier before Mmad": (
        lambda t: _drop_barrier(t, 1),
        "read-after-write race (RAW): pipe M reads L0A",
    ),
}


def _kernel(text: str) -> CompiledKernel:
    return CompiledKernel(name="matmul_bench", module=parse_module(text), kernel_type="cube")


def _matmul(kernel: CompiledKernel, cls: type, monkeypatch, mode: str = "warn") -> tuple:
    monkeypatch.setattr(sanitizer, "BlockSanitizer", cls)  # read as each block starts
    states = checker_states(monkeypatch)
    waited = [0]
    flush = BlockSanitizer._flush

    def counting(san):
        waited[0] += len(san._lazy)
        flush(san)

    monkeypatch.setattr(BlockSanitizer, "_flush", counting)
    size, blocks = 512, 3
    rng = np.random.default_rng(0)
    a = rng.integers(-4, 5, (size, size)).astype(np.float16)
    b = rng.integers(-4, 5, (size, size)).astype(np.float16)
    c = np.zeros((size, size), np.float32)
    error = None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            kernel[blocks](a, b, c, backend="cpu", sanitize=mode, workers=1)
        except SimulatorError as err:
            error = str(err)
    texts = [str(w.message) for w in caught if issubclass(w.category, SanitizerWarning)]
    monkeypatch.undo()
    return c, texts, error, states, waited[0]


@pytest.mark.parametrize("case", list(MATMULS))
def test_matmul_checker_states_and_findings_match_the_plain_checker(case, monkeypatch):
    seed, want = MATMULS[case]
    kernel = _kernel(seed(BENCH.matmul_ir(512)))  # (one kernel: the ops in the states)
    fast = _matmul(kernel, BlockSanitizer, monkeypatch)
    plain = _matmul(kernel, Plain, monkeypatch)
    assert np.array_equal(fast[0], plain[0])
    assert fast[1:4] == plain[1:4]
    assert plain[4] == 0
    if want is None:
        assert fast[1] == [] and fast[2] is None
        assert np.array_equal(fast[0], a_times_b(512))
    else:
        assert fast[1] and any(want in t for t in fast[1]), fast[1]
    # (the make-up of the records a phase's end looks at is part of the states)
    assert len(fast[3]) == 3


def test_matmul_phases_skip_their_page_work(monkeypatch):
    """The clean matmul's LoadData and Mmad phases are followed from the memo: most of
    their accesses never make their records (PIPE_ALL drops them first)."""
    kernel = _kernel(BENCH.matmul_ir(512))
    calls = [0]
    pages = BlockSanitizer._pages

    def counting(san, *args):
        calls[0] += 1
        pages(san, *args)

    monkeypatch.setattr(BlockSanitizer, "_pages", counting)
    _matmul(kernel, BlockSanitizer, monkeypatch)
    # 16 tiles x 2 k steps, each 2 ND->NZ copies, 24 LoadData, 1 Mmad; 16 Fixpipes
    total = 16 * 2 * 27 + 16
    assert calls[0] < total // 3


def test_matmul_in_error_mode_raises_the_plain_error(monkeypatch):
    kernel = _kernel(_drop_barrier(BENCH.matmul_ir(512), 1))
    fast = _matmul(kernel, BlockSanitizer, monkeypatch, mode="error")
    plain = _matmul(kernel, Plain, monkeypatch, mode="error")
    assert fast[2] is not None and fast[2] == plain[2]


def a_times_b(size: int) -> np.ndarray:
    rng = np.random.default_rng(0)
    a = rng.integers(-4, 5, (size, size)).astype(np.float16)
    b = rng.integers(-4, 5, (size, size)).astype(np.float16)
    return np.matmul(a.astype(np.float32), b.astype(np.float32))
