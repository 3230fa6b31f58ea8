"""The vector mask register and the element layout of a level-0/1 vector instruction.

A vector instruction runs `repeat` iterations of one 256-byte repeat each. Element `e`
of repeat `r` of an operand lies at element

    r * repStride * Eb + (e // Eb) * blkStride * Eb + e % Eb

of the operand's tensor, `Eb = 32 / sizeof` (strides in 32-byte blocks,
docs/ascendc_semantics.md section 3). Which elements run is decided by the mask register
(`MaskState`, one per block):

* **normal mode**: bit `e` of the 128-bit mask enables element `e` of every repeat;
* **counter mode** (`SetMaskCount`): the low 64 bits are a total element count; the
  instruction runs ceil(count / Erep) repeats, whatever repeatTime says.

`Lanes` is the decision for one instruction (repeats and enabled elements); `indices`
turns it into the flat element indices of one operand, in execution order (repeat by
repeat), cached because kernels issue the same shapes again and again.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from asc_xdsl.runtime.simulator.errors import SimulatorError, TensorBoundsError

LOW64 = (1 << 64) - 1
FULL = (1 << 128) - 1


class MaskState:
    """The block's vector mask register: `counter` mode flag and 128 mask bits."""

    __slots__ = ("bits", "counter")

    def __init__(self) -> None:
        self.counter = False
        self.bits = FULL

    def reset_after_count_form(self) -> None:
        """What the count (level-2) form leaves behind: normal mode, every bit set."""
        self.counter = False
        self.bits = FULL


def continuous_bits(n: int, erep: int) -> int:
    """The mask bits `SetMask<T>(len)` writes for the continuous form `mask = n`.

    As the Ascend C implementation does: 64 sets the low word, `Erep` or >= 128 sets
    both words, otherwise the first n bits.
    """
    if n < 0:
        raise SimulatorError(f"negative continuous mask {n}")
    if n == 64:
        return LOW64
    if n == erep or n >= 128:
        return FULL
    return (1 << n) - 1


def bits_of(words) -> int:
    """mask[0] (low word) and mask[1] (high word) of the bit-mask form as one integer."""
    lo, hi = (int(w) & LOW64 for w in words[:2])
    return hi << 64 | lo


class Lanes:
    """Repeats and enabled elements of one instruction."""

    __slots__ = ("count", "erep", "key", "repeats", "row")

    def __init__(self, erep: int, repeats: int, row: int | None, count: int):
        self.erep = erep
        self.repeats = repeats
        self.row = row  # normal mode: the enabled-element bits of each repeat
        self.count = count  # counter mode: elements in all repeats together
        self.key = (erep, repeats, row, count)

    @property
    def per_repeat(self) -> int:
        return self.erep if self.row is None else self.row.bit_count()

    @property
    def total(self) -> int:
        return self.count if self.row is None else self.repeats * self.row.bit_count()


def lanes(state: MaskState, erep: int, repeat_times: int, max_repeat: int = 255) -> Lanes:
    """The lanes of an instruction of `erep` elements per repeat under the mask register
    (`max_repeat`: the API's limit on repeatTime, 255 for a uint8_t)."""
    if state.counter:
        n = state.bits & LOW64
        return Lanes(erep, -(-n // erep), None, n)
    if not 0 <= repeat_times <= max_repeat:
        raise SimulatorError(f"repeatTime {repeat_times} is outside [0, {max_repeat}]")
    row = state.bits & ((1 << erep) - 1)
    return Lanes(erep, repeat_times if row else 0, row, 0)


@lru_cache(maxsize=4096)
def _indices(key: tuple, eb: int, blk: int, rep: int) -> np.ndarray:
    erep, repeats, row, count = key
    e = np.arange(erep)
    pos = (e // eb) * blk * eb + e % eb
    idx = (np.arange(repeats)[:, None] * (rep * eb) + pos[None, :]).astype(np.int64)
    if row is None:
        flat = idx.reshape(-1)[:count]
    else:
        enabled = np.array([(row >> i) & 1 for i in range(erep)], dtype=bool)
        flat = idx[:, enabled].reshape(-1)
    flat.setflags(write=False)
    return flat


def indices(ln: Lanes, itemsize: int, blk: int, rep: int) -> np.ndarray:
    """Flat element indices of an operand (block/repeat strides in 32 B units)."""
    if blk < 0 or rep < 0:
        raise SimulatorError(f"negative stride (block {blk}, repeat {rep})")
    return _indices(ln.key, 32 // itemsize, blk, rep)


def check_span(t, idx: np.ndarray, what: str) -> None:
    """Error unless every index lies inside local tensor `t` (a UB vector operand)."""
    t.check(0, what)
    if idx.size and idx[-1] >= t.length and not t.reach(int(idx[-1]) + 1, what):
        # strides are non-negative, so the last index of the last repeat is the largest
        raise TensorBoundsError(
            f"access past the end of local tensor {what}: the instruction touches element "
            f"{int(idx[-1])} but the tensor holds {t.length} ({t.describe()})"
        )


def repeat_bounds(ln: Lanes) -> list[tuple[int, int]]:
    """(start, stop) of each repeat's elements in the flat index arrays."""
    per = ln.per_repeat
    total = ln.total
    return [(s, min(s + per, total)) for s in range(0, total, per)] if per else []


@lru_cache(maxsize=1024)
def _lane_ids(key: tuple) -> tuple[np.ndarray, np.ndarray]:
    erep, repeats, row, count = key
    r = np.repeat(np.arange(repeats), erep)
    e = np.tile(np.arange(erep), repeats)
    if row is None:
        r, e = r[:count], e[:count]
    else:
        enabled = np.array([(row >> i) & 1 for i in range(erep)], dtype=bool)
        keep = np.tile(enabled, repeats)
        r, e = r[keep], e[keep]
    r.setflags(write=False)
    e.setflags(write=False)
    return r, e


def lane_ids(ln: Lanes) -> tuple[np.ndarray, np.ndarray]:
    """(repeat, element-in-repeat) of each enabled element, in execution order."""
    return _lane_ids(ln.key)


def full_lanes(erep: int, repeats: int) -> Lanes:
    """Every element of `repeats` repeats (instructions that ignore the mask)."""
    return Lanes(erep, repeats, (1 << erep) - 1, 0)
