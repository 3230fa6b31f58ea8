"""Facts one pass of the JIT pipeline finds in its walk that the pass right after it needs.

Several post-processing passes walk the whole module for facts that the next pass
looks for again: `ascendc-declare-py-struct` and `ascendc-generate-boilerplate` both
read every value's type, `ascendc-detect-kernel-type` and `ascendc-legalize-kernel-args`
both ask which kernels set up a Matmul. `pipeline.run_pipeline` runs its passes with a
table in which a pass may leave (`offer`) what it found for the module, and the next
pass finds it there (`take`); before every other pass the table is emptied, so a fact
never outlives the pass after the one that found it. `KEPT` lists the pairs of passes
between which the table is kept: the first leaves the module as the facts describe it
(it only adds what the second does not look at, see each pass). Outside
`run_pipeline` (`asc-opt`, a pass applied alone) there is no table: `take` gives None
and each pass walks the module itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

KEPT = frozenset(
    {
        ("ascendc-declare-py-struct", "ascendc-generate-boilerplate"),
        ("ascendc-detect-kernel-type", "ascendc-legalize-kernel-args"),
    }
)
"""(a pass, the pass right after it) between which the table of facts is kept."""

_TABLE: ContextVar[dict[str, tuple[Any, Any]] | None] = ContextVar(
    "asc_xdsl_pass_facts", default=None
)


@contextmanager
def table() -> Iterator[dict[str, tuple[Any, Any]]]:
    """A table of facts for the passes run in this block (`run_pipeline`)."""
    facts: dict[str, tuple[Any, Any]] = {}
    token = _TABLE.set(facts)
    try:
        yield facts
    finally:
        _TABLE.reset(token)


def wanted() -> bool:
    """Whether a table is open: a pass that finds a fact cheaply while it walks (but
    would not need it itself) offers it only then."""
    return _TABLE.get() is not None


def offer(key: str, module: Any, fact: Any) -> None:
    """Leave `fact` about `module` for the next pass (nothing without a table)."""
    facts = _TABLE.get()
    if facts is not None:
        facts[key] = (module, fact)


def take(key: str, module: Any) -> Any:
    """The fact `key` about `module` the previous pass left, or None."""
    facts = _TABLE.get()
    if facts is None:
        return None
    found = facts.pop(key, None)
    return found[1] if found is not None and found[0] is module else None
