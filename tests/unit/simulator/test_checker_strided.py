"""The per-core race checker holds a strided GM copy (DataCopyPad with gaps) as its
bursts, not as their span: two copies on different pipes whose rows interleave share no
byte and are clean; one shared row is a race, reported at both lines with the row's
bytes. And the strided records report what the same accesses recorded burst by burst
report (the plain bookkeeping), in the style of test_sanitizer_fast.py."""

import pathlib
import random
import warnings

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.enums import Pipe
from asc_xdsl.runtime.simulator.sanitizer import PIPES, BlockSanitizer, RaceError, SanitizerWarning

E = asc.HardEvent
ROW = 32  # bytes: 8 float32


def where(marker: str) -> str:
    """`file:line:` of the line of this file ending with the comment `# <marker>`."""
    lines = pathlib.Path(__file__).read_text().splitlines()
    hits = [i + 1 for i, ln in enumerate(lines) if ln.rstrip().endswith(f"# {marker}")]
    assert len(hits) == 1, marker
    return f"{__file__}:{hits[0]}:"


@asc.jit
def rows(x: asc.GlobalAddress, z: asc.GlobalAddress, gap: asc.ConstExpr[int]):
    """MTE3 writes rows 0, 2, 4, 6 of z; MTE2 then reads 4 rows of z from row 1, `gap`
    bytes between them, with no MTE3_MTE2 flag: gap ROW reads rows 1, 3, 5, 7 (no byte
    shared), gap 2 ROW rows 1, 4, 7, 10 (row 4 shared)."""
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 32)
    u = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, 32)
    pad = asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0)
    asc.data_copy_pad(t, xg, asc.DataCopyExtParams(4, ROW, 0, 0, 0), pad)
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    asc.data_copy_pad(zg, t, asc.DataCopyExtParams(4, ROW, 0, ROW, 0))  # even rows
    asc.data_copy_pad(u, zg[8:], asc.DataCopyExtParams(4, ROW, gap, 0, 0), pad)  # read rows


def test_interleaved_rows_are_clean_and_a_shared_row_races():
    x = np.arange(32, dtype=np.float32)
    z = np.zeros(11 * 8, np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("error", SanitizerWarning)
        rows[1](x, z, ROW, sanitize="error")
    np.testing.assert_array_equal(z.reshape(11, 8)[0:8:2], x.reshape(4, 8))
    with pytest.raises(RaceError) as info:
        rows[1](x, z, 2 * ROW, sanitize="error")
    text = str(info.value)
    assert text.startswith(where("read rows"))
    assert where("even rows") in text
    # row 4: the one row both copies touch, not the copies' common span
    assert (
        f"read-after-write race (RAW): pipe MTE2 reads GM argument 'z' bytes "
        f"[{4 * ROW}, {5 * ROW}) that pipe MTE3 wrote" in text
    )


class Op:
    """A stand-in for an IR op in a finding: a name and no location."""

    def __init__(self, k: int):
        self.name = f"op{k}"
        self.location = None


BUF = type("Buf", (), {"name": "z"})()  # a GM argument's key (not a local memory's name)


def _bursts(lo: int, hi: int, step) -> list[tuple[int, int]]:
    if step is None:
        return [(lo, hi)]
    burst, pitch = step
    return [(b, b + burst) for b in range(lo, hi, pitch)]


def _findings(steps: list, per_burst: bool, span: bool = False) -> set:
    """The block's findings; per_burst: each burst its own span (the plain bookkeeping);
    span: each strided copy as its whole span (the checker before strided records)."""
    san = BlockSanitizer("warn", False, 0)
    for step in steps:
        if step[0] == "barrier":
            san.barrier(step[1])
            continue
        _, op, pipe, write, (lo, hi, stride) = step
        if span:
            san.access(op, pipe, [(BUF, lo, hi, write)])
        elif per_burst:
            spans = [(BUF, s, e, write) for s, e in _bursts(lo, hi, stride)]
            san.access(op, pipe, spans)
        else:
            san.access(op, pipe, [(BUF, lo, hi, write)], None if stride is None else {0: stride})
    return {e.san_key for e in san.findings}


def _record(rng: random.Random) -> tuple[int, int, tuple | None]:
    # 16 KiB pages: some records straddle one (PAGE_SHIFT 14)
    lo = rng.randrange(16384 - 48, 16384 + 48)
    if rng.random() < 0.3:
        return lo, lo + rng.randrange(1, 40), None
    burst = rng.randrange(1, 9)
    pitch = rng.choice((burst + rng.randrange(1, 12), 2 * burst, 16))
    pitch = max(pitch, burst + 1)
    n = rng.randrange(1, 7)
    return lo, lo + (n - 1) * pitch + burst, (burst, pitch)


def test_strided_block_records_report_what_bursts_report():
    rng = random.Random(13)
    total = clean = spared = 0
    pipes = [Pipe.PIPE_ALL, Pipe.PIPE_MTE2, Pipe.PIPE_MTE3, Pipe.PIPE_V]
    for _ in range(60):
        steps: list = []
        for k in range(rng.randrange(3, 9)):
            if rng.random() < 0.25:
                steps.append(("barrier", rng.choice(pipes)))
                continue
            steps.append(("acc", Op(k), rng.randrange(len(PIPES)), rng.random() < 0.5,
                          _record(rng)))  # fmt: skip
        fast = _findings(steps, per_burst=False)
        slow = _findings(steps, per_burst=True)
        # every finding kept, the same accesses reported; a strided record a later
        # access covers only in part is not cut into bursts, so it may be named as a
        # further earlier partner of an access already reported
        assert slow <= fast, steps
        assert {k[2] for k in fast} == {k[2] for k in slow}, steps
        total += len(fast)
        clean += not fast
        spared += len(_findings(steps, per_burst=False, span=True)) > len(fast)
    # both verdicts, and interleaved bursts the whole spans would have reported
    assert total > 20 and clean > 3 and spared > 3, (total, clean, spared)
