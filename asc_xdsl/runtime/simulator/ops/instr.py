"""One vector instruction over the mask register's lanes: the level-0/1 engine.

`vector_form(op)` reads an op's form from its spec (count, continuous mask, bit mask)
and `VectorCall.lanes(e, c, erep)` sets the mask register as the Ascend C API does
before the instruction (`isSetMask`) and returns the instruction's lanes
(`vmask.lanes`). `apply` then computes `dst = fn(srcs...)` on the enabled elements of
every operand at their strided positions: in one numpy expression when no operand
overlaps the destination across repeats, repeat by repeat otherwise (a source that
is also the destination in a later repeat, e.g. an accumulation with repeat stride 0,
sees the earlier repeats' results as on hardware).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from xdsl.ir import Operation

from asc_xdsl.dialects.ascendc.setup_state import sets_own_mask
from asc_xdsl.runtime.simulator.compile import FunctionCompiler
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.profile import C_V, I_V, VEC_ELEMS, VEC_LATENCY
from asc_xdsl.runtime.simulator.vmask import (
    Lanes,
    bits_of,
    check_span,
    continuous_bits,
    indices,
    lanes,
    repeat_bounds,
)

DEFAULT_BLK, DEFAULT_REP = 1, 8


def operand_names(op: Operation) -> set[str]:
    return {o.name for o in type(op).SPEC.operands}  # type: ignore[attr-defined]


class VectorCall:
    """The mask part of one vector op: its form and how it sets the mask register."""

    def __init__(self, op: Operation, comp: FunctionCompiler, count_name: str | None = None):
        names = operand_names(op)
        spec = type(op).SPEC  # type: ignore[attr-defined]
        self.op = op
        self.set_mask = sets_own_mask(op)
        count_name = count_name or next((n for n in ("cal_count", "count") if n in names), None)
        self.count = comp.slot(getattr(op, count_name)) if count_name in names else None
        mask = getattr(op, "mask", None) if "mask" in names else None
        self.bit_mask = isinstance(mask, Sequence)
        self.mask = comp.slots_of(mask) if self.bit_mask else (comp.slot(mask) if mask else None)
        rt = next((n for n in ("repeat_times", "repeat_time") if n in names), None)
        self.repeat = comp.slot(getattr(op, rt)) if rt else None
        # the C++ operator form (`dst = a + b`) runs over the destination's whole size
        self.whole = comp.slot(op.dst) if spec.mnemonic.endswith("_l3") else None

    @property
    def is_count_form(self) -> bool:
        return self.count is not None or self.whole is not None

    def lanes(self, e: list, c, erep: int, max_repeat: int = 255) -> Lanes:
        """Set the mask register as the API would and return the instruction's lanes."""
        st = c.vmask
        if self.count is not None or self.whole is not None:  # counter mode over n elements
            if not self.set_mask:  # isSetMask=false: one repeat under the register
                return lanes(st, erep, 1)
            n = int(e[self.count]) if self.whole is None else e[self.whole].length
            if n < 0:
                raise SimulatorError(f"negative element count {n}")
            st.counter, st.bits = True, n
            ln = lanes(st, erep, 1)
            st.reset_after_count_form()
            return ln
        if self.set_mask and self.mask is not None:
            if self.bit_mask:
                st.bits = bits_of([e[s] for s in self.mask])
            elif st.counter:
                raise SimulatorError(
                    "a continuous mask in counter mode: the API turns it into mask bits, "
                    "not an element count; pass the count as the bit mask {count, 0} "
                    "(mask[0] = count) or set it with SetVectorMask"
                )
            else:
                st.bits = continuous_bits(int(e[self.mask]), erep)
        repeat = int(e[self.repeat]) if self.repeat is not None else 1
        return lanes(st, erep, repeat, max_repeat)


def charge(c, ln: Lanes, per_repeat: int = 1) -> None:
    k = c.cnt
    k[I_V] += 1
    k[VEC_ELEMS] += ln.total
    k[C_V] += VEC_LATENCY + ln.repeats * per_repeat


def _overlaps(a, ai: np.ndarray, b, bi: np.ndarray) -> bool:
    if a.mem is not b.mem or not ai.size or not bi.size:
        return False
    a0, a1 = a.offset + int(ai[0]) * a.itemsize, a.offset + (int(ai[-1]) + 1) * a.itemsize
    b0, b1 = b.offset + int(bi[0]) * b.itemsize, b.offset + (int(bi[-1]) + 1) * b.itemsize
    return a0 < b1 and b0 < a1


def _same_elements(a, ai: np.ndarray, b, bi: np.ndarray) -> bool:
    return a.offset == b.offset and a.itemsize == b.itemsize and np.array_equal(ai, bi)


Stride = tuple[int, int]  # (block stride, repeat stride) in 32-byte units


def apply(
    ln: Lanes,
    dst,
    dst_stride: Stride,
    srcs: Sequence[tuple[object, Stride, str]],
    fn: Callable[..., np.ndarray],
    reads_dst: bool = False,
    extras: Sequence[np.ndarray] = (),
) -> None:
    """dst = fn([old dst,] *srcs, *extras) on the lanes' elements of each operand;
    `extras` are per-lane values in execution order (select bits, ...)."""
    di = indices(ln, dst.itemsize, *dst_stride)
    check_span(dst, di, "dst")
    sis = []
    for t, stride, what in srcs:
        si = indices(ln, t.itemsize, *stride)
        check_span(t, si, what)
        sis.append(si)
    if not di.size:
        return
    ts = [t for t, _, _ in srcs]
    dup_dst = ln.repeats > 1 and bool(np.any(np.diff(di) <= 0))
    sequential = dup_dst or any(
        _overlaps(dst, di, t, si) and not _same_elements(dst, di, t, si)
        for t, si in zip(ts, sis, strict=True)
    )
    darr = dst.arr
    arrs = [t.arr for t in ts]
    if not sequential:
        args = [a[si] for a, si in zip(arrs, sis, strict=True)]
        if reads_dst:
            args.insert(0, darr[di])
        darr[di] = fn(*args, *extras)
        return
    for s, t in repeat_bounds(ln):
        d = di[s:t]
        args = [a[si[s:t]] for a, si in zip(arrs, sis, strict=True)]
        if reads_dst:
            args.insert(0, darr[d])
        darr[d] = fn(*args, *(x[s:t] for x in extras))
