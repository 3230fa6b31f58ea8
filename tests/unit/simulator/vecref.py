"""A slow, independent reference of the level-0/1 vector instruction model, for tests.

Element e of repeat r of an operand is at r*rep*Eb + (e//Eb)*blk*Eb + e%Eb (strides in
32-byte blocks, Eb = 32/sizeof); normal mode enables element e of each repeat when bit
e of the mask is set, counter mode runs the first `count` elements over as many
repeats as they need. Repeats run in order, each reading its sources before writing.
"""

from __future__ import annotations

import numpy as np


def lanes(erep: int, repeat: int, bits: int | None = None, count: int | None = None):
    """[(r, e), ...] of the enabled elements, in execution order."""
    out = []
    if count is not None:
        for i in range(count):
            out.append((i // erep, i % erep))
        return out
    for r in range(repeat):
        for e in range(erep):
            if bits >> e & 1:
                out.append((r, e))
    return out


def pos(r: int, e: int, itemsize: int, blk: int, rep: int) -> int:
    eb = 32 // itemsize
    return r * rep * eb + (e // eb) * blk * eb + e % eb


def run(
    bufs: list[np.ndarray],
    dst: int,
    srcs: list[int],
    strides,
    fn,
    erep,
    ls,
    reads_dst: bool = False,
):
    """Apply fn repeat by repeat: strides[k] = (blk, rep) of dst then each source."""
    bufs = [b.copy() for b in bufs]
    by_repeat: dict[int, list[int]] = {}
    for r, e in ls:
        by_repeat.setdefault(r, []).append(e)
    for r in sorted(by_repeat):
        es = by_repeat[r]
        d = [pos(r, e, bufs[dst].itemsize, *strides[0]) for e in es]
        args = [
            bufs[s][[pos(r, e, bufs[s].itemsize, *strides[k + 1]) for e in es]]
            for k, s in enumerate(srcs)
        ]
        if reads_dst:
            args.insert(0, bufs[dst][d])
        with np.errstate(all="ignore"):
            bufs[dst][d] = fn(*args)
    return bufs


def continuous(n: int, erep: int) -> int:
    if n == 64:
        return (1 << 64) - 1
    if n == erep or n >= 128:
        return (1 << 128) - 1
    return (1 << n) - 1
