"""Running the passes' local rewrites as xDSL `RewritePattern`s, by xDSL's walker.

A pass whose work is local (match one op; replace, erase or move it; insert around it)
writes it as `RewritePattern`s and calls `rewrite(root, *patterns)`, which applies them
with xDSL's `PatternRewriteWalker` (through a `GreedyRewritePatternApplier` when there
are several, xDSL's dead-code erasure off: the passes erase only what they mean to).
Two things are ours, each for a reason xDSL's path cannot serve:

- **Seeding.** xDSL's walker first puts every op under the root on its worklist (a
  walk of nested generators and an `InsertPoint` per op: about 10-20 us an op, 30 ms on
  the 1000-statement kernel of bench/compile_scaling.py, more than all of our
  post-processing passes together; docs/performance.md, "xDSL's own paths against
  ours"). A pattern that names the ops it can match
  (`MATCHES`, op names) is seeded with just those, found by `ir_walk`'s walk and pushed
  in the order xDSL's seeding would visit them; the rest is xDSL's walker unchanged
  (its worklist, the rewriter and its listener, re-visiting what a rewrite creates or
  changes, and walking again until a walk changes nothing). Ops a pattern does not name
  are ops it leaves alone, so the result is the same:
  tests/unit/transforms/test_rewriting.py runs every pattern pass both ways (with
  `xdsl_walker()`, xDSL's own seeding) on the lit inputs and compares the IR.
- **Errors.** The walker turns an exception raised in a pattern into a diagnostic that
  prints the whole module. A pattern reports bad input as the passes do, by raising
  `diagnostics.fail(...)`; `rewrite` keeps the first such error, applies nothing more,
  and raises it once the walk is done, so the user sees the pass's located message.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from xdsl.ir import Block, Operation, Region
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.utils.exceptions import PassFailedException

_SEEDED = [True]
"""Whether `rewrite` seeds the walker with the ops the patterns name (tests switch it)."""


@contextmanager
def xdsl_walker() -> Iterator[None]:
    """Within this block `rewrite` seeds xDSL's walker as xDSL does (every op), for the
    tests that compare the two."""
    _SEEDED.append(False)
    try:
        yield
    finally:
        _SEEDED.pop()


class _Stopping(RewritePattern):
    """`pattern`, which stops at the first `PassFailedException` (kept in `error`)."""

    def __init__(self, pattern: RewritePattern):
        self.pattern = pattern
        self.error: PassFailedException | None = None

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if self.error is None:
            try:
                self.pattern.match_and_rewrite(op, rewriter)
            except PassFailedException as e:
                self.error = e


class SeededWalker(PatternRewriteWalker):
    """xDSL's walker, its worklist seeded with the ops named `names` only.

    `find`: where the ops named `names` are, when only at known places (a module's
    functions: in its block): the ops of a region in the order they are visited.
    (Checked against xDSL's seeding like the rest.) Not a dataclass of its own: the two
    fields are set after xDSL's `__init__` (`@dataclass` would generate the class's
    methods as every process loads the module; docs/performance.md, "Cold start")."""

    def __init__(
        self,
        pattern: RewritePattern,
        *,
        names: frozenset[str] = frozenset(),
        find: Callable[[Region], Iterable[Operation]] | None = None,
        **options: Any,
    ) -> None:
        super().__init__(pattern, **options)
        self.names = names
        self.find = find

    def _populate_worklist(self, op: Operation | Region | Block) -> None:
        if self.find is not None and isinstance(op, Region):
            push = self._worklist.push
            for o in reversed(list(self.find(op))):
                push(o)
            return
        # xDSL pushes `walk(reverse=not walk_reverse, region_first=not
        # walk_regions_first)` onto a stack, so it visits the ops in the order of
        # `walk(reverse=walk_reverse, region_first=walk_regions_first)`: first to last
        # in pre-order (an op before the ops in its regions), or post-order with
        # `walk_regions_first`; last to first with `walk_reverse`, the reverse of the
        # other order. The same order, of the named ops:
        post = self.walk_regions_first != self.walk_reverse
        found: list[Operation] = []
        if isinstance(op, Block):
            _collect_block(op, self.names, post, found)
        else:
            for region in op.regions if isinstance(op, Operation) else [op]:
                _collect(region, self.names, post, found)
        push = self._worklist.push
        for o in found if self.walk_reverse else reversed(found):
            push(o)


def _collect(region: Region, names: frozenset[str], post: bool, found: list[Operation]) -> None:
    """The ops in `region` named `names`, first to last, in pre-order (post-order with
    `post`), following xDSL's block and op links (its iterators cost a call a step)."""
    block = region._first_block
    while block is not None:
        _collect_block(block, names, post, found)
        block = block._next_block


def _collect_block(block: Block, names: frozenset[str], post: bool, found: list[Operation]) -> None:
    op = block._first_op
    while op is not None:
        if op.regions:
            if not post and op.name in names:
                found.append(op)
            for r in op.regions:
                _collect(r, names, post, found)
            if post and op.name in names:
                found.append(op)
        elif op.name in names:
            found.append(op)
        op = op._next_op


def rewrite(
    root: Operation | Region,
    *patterns: RewritePattern,
    walk_regions_first: bool = False,
    walk_reverse: bool = False,
    find: Callable[[Region], Iterable[Operation]] | None = None,
    recursive: bool = True,
) -> bool:
    """Apply `patterns` (the first that rewrites an op wins) to the ops in `root`'s
    regions with xDSL's `PatternRewriteWalker`, to a fixpoint; whether anything changed.
    Seeded with the ops the patterns name when every pattern names them (`MATCHES`),
    found by `find` if given (first to last). `recursive=False` (xDSL's
    `apply_recursively`): one walk, for patterns whose rewrites make no new match (the
    walk that would check that costs as much as the first)."""
    pattern = (
        patterns[0]
        if len(patterns) == 1
        else GreedyRewritePatternApplier(list(patterns), dce_enabled=False)
    )
    stopping = _Stopping(pattern)
    names = [getattr(p, "MATCHES", None) for p in patterns]
    region = root if isinstance(root, Region) else None
    walker: PatternRewriteWalker
    if _SEEDED[-1] and all(n is not None for n in names):
        walker = SeededWalker(
            stopping,
            walk_regions_first=walk_regions_first,
            walk_reverse=walk_reverse,
            apply_recursively=recursive,
            names=frozenset().union(*names),  # type: ignore[arg-type]
            find=find,
        )
    else:
        walker = PatternRewriteWalker(
            stopping,
            walk_regions_first=walk_regions_first,
            apply_recursively=recursive,
            walk_reverse=walk_reverse,
        )
    changed = False
    for r in [region] if region is not None else root.regions:  # type: ignore[union-attr]
        changed |= walker.rewrite_region(r)
        if stopping.error is not None:
            raise stopping.error
    return changed


__all__ = ["SeededWalker", "rewrite", "xdsl_walker"]
