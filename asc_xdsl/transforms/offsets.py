"""Symbolic element offsets, and when two accesses to one buffer cannot overlap.

A `Linear` is `const + sum(coeff * atom)` over SSA values, read through the integer
arithmetic a kernel computes offsets with (`arith.addi/subi/muli` by a constant, casts);
any other value is an atom. It is what sync analysis needs to see that a tiled kernel's
copies (`gm[i * TILE]`, `TILE` elements each) touch disjoint memory in different
iterations of its loop, so that no barrier orders them.

`may_overlap` decides for two accesses `[off_a, off_a + ext_a)` and `[off_b, off_b + ext_b)`
(elements), `a` in the same or an earlier iteration of the loops around both: they
cannot overlap when their offsets differ by a constant plus a multiple of each loop's
stride, and no possible distance brings them together. Anything it cannot prove counts
as overlapping.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr, UnrealizedConversionCastOp
from xdsl.ir import Operation, SSAValue

_SAME_VALUE = (
    arith.IndexCastOp,
    arith.ExtSIOp,
    arith.ExtUIOp,
    arith.TruncIOp,
    UnrealizedConversionCastOp,  # i32 -> ui32 (LocalTensor's uint32_t addresses)
)
"""Integer conversions that keep an offset's value (offsets are small and positive)."""


@dataclass(frozen=True)
class Linear:
    const: int
    terms: frozenset[tuple[SSAValue, int]] = frozenset()

    @staticmethod
    def atom(value: SSAValue) -> Linear:
        return Linear(0, frozenset({(value, 1)}))

    def coeffs(self) -> Mapping[SSAValue, int]:
        return dict(self.terms)

    def coeff(self, value: SSAValue) -> int:
        return self.coeffs().get(value, 0)

    def _combine(self, other: Linear, sign: int) -> Linear:
        out = dict(self.terms)
        for v, c in other.terms:
            out[v] = out.get(v, 0) + sign * c
        return Linear(
            self.const + sign * other.const, frozenset((v, c) for v, c in out.items() if c)
        )

    def __add__(self, other: Linear) -> Linear:
        return self._combine(other, 1)

    def __sub__(self, other: Linear) -> Linear:
        return self._combine(other, -1)

    def scale(self, k: int) -> Linear:
        if k == 0:
            return Linear(0)
        return Linear(self.const * k, frozenset((v, c * k) for v, c in self.terms))

    @property
    def constant(self) -> int | None:
        return self.const if not self.terms else None


def linear(value: SSAValue, depth: int = 32) -> Linear:
    """`value` as a linear expression of the values it is computed from."""
    op = value.owner
    if depth <= 0 or not isinstance(op, Operation):
        return Linear.atom(value)
    if isinstance(op, arith.ConstantOp) and isinstance(op.value, IntegerAttr):
        return Linear(op.value.value.data)
    if isinstance(op, _SAME_VALUE) and len(op.operands) == 1:
        return linear(op.operands[0], depth - 1)
    if isinstance(op, arith.AddiOp | arith.SubiOp | arith.MuliOp):
        a, b = (linear(v, depth - 1) for v in op.operands)
        if isinstance(op, arith.AddiOp):
            return a + b
        if isinstance(op, arith.SubiOp):
            return a - b
        if a.constant is not None:
            return b.scale(a.constant)
        if b.constant is not None:
            return a.scale(b.constant)
    return Linear.atom(value)


@dataclass(frozen=True)
class Loop:
    """An `scf.for` around an access: its induction variable and constant step."""

    op: scf.ForOp

    @property
    def iv(self) -> SSAValue:
        return self.op.body.block.args[0]

    @property
    def step(self) -> int | None:
        return linear(self.op.step).constant


LOOPS = (scf.ForOp, scf.WhileOp)


def loops_around(op: Operation) -> list[Operation]:
    """The loops (`scf.for`, `scf.while`) around `op`, outermost first."""
    out = []
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, LOOPS):
            out.append(parent)
        parent = parent.parent_op()
    return out[::-1]


def _varies_in(value: SSAValue, loop: Operation) -> bool:
    owner = value.owner
    op = owner if isinstance(owner, Operation) else owner.parent_op()
    return op is not None and (op is loop or loop.is_ancestor(op))


def _ceil_div(x: int, y: int) -> int:
    return -((-x) // y)


def _hits(c: int, p: int, lo: int, hi: int, k_min: int | None) -> bool:
    """Is there an integer k (>= k_min if given) with lo < c - k * p < hi (p != 0)?"""
    if p > 0:  # k in ((c - hi) / p, (c - lo) / p)
        first, last = (c - hi) // p + 1, _ceil_div(c - lo, p) - 1
    else:  # c + k * q in (lo, hi), q = -p: k in ((lo - c) / q, (hi - c) / q)
        q = -p
        first, last = (lo - c) // q + 1, _ceil_div(hi - c, q) - 1
    if k_min is not None:
        first = max(first, k_min)
    return first <= last


def may_overlap(
    off_a: Linear | None,
    ext_a: Linear | None,
    off_b: Linear | None,
    ext_b: Linear | None,
    loops: Sequence[Operation],
    a_first: bool,
) -> bool:
    """May access `a` (in the same iteration of `loops` if `a_first`, else an earlier
    one) touch an element access `b` touches? `loops`: the loops around both, outermost
    first (a `scf.while` has no induction variable to reason with: it counts as
    overlapping)."""
    if off_a is None or off_b is None or ext_a is None or ext_b is None:
        return True
    if not all(isinstance(lp, scf.ForOp) for lp in loops):
        return True
    ea, eb = ext_a.constant, ext_b.constant
    if ea is None or eb is None or ea <= 0 or eb <= 0:
        return True
    ca, cb = off_a.coeffs(), off_b.coeffs()
    fors = [lp for lp in loops if isinstance(lp, scf.ForOp)]
    ivs = {Loop(lp).iv: lp for lp in fors}
    strides: list[tuple[scf.ForOp, int]] = []
    for lp in fors:
        iv = Loop(lp).iv
        if ca.get(iv, 0) != cb.get(iv, 0):
            return True  # the distance depends on where in the loop they are
        if ca.get(iv, 0):
            step = Loop(lp).step
            if step is None:
                return True
            strides.append((lp, ca[iv] * step))
    for v in ca.keys() | cb.keys():
        if v in ivs:
            continue
        if ca.get(v, 0) != cb.get(v, 0) or any(_varies_in(v, lp) for lp in loops):
            return True
    c = off_a.const - off_b.const  # a's offset minus b's, in the same iteration
    lo, hi = -ea, eb  # they overlap iff lo < (off_a - off_b) < hi
    if not strides:
        return lo < c < hi
    if len(strides) > 1:
        return True
    loop, p = strides[0]
    outermost = loop is loops[0]
    # a is k iterations of `loop` earlier: off_a - off_b = c - k * p. With an outer loop
    # also carrying the dependence, k is any integer.
    k_min = (0 if a_first else 1) if outermost else None
    return _hits(c, p, lo, hi, k_min)
