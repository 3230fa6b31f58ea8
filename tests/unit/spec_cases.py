"""Every spec op, grouped by its family module, for the checks that run on each spec op's
sample (test_spec_ops.py, test_spec_effect_kinds.py, test_spec_call_plan.py).

A test per family, not per op: 594 ops times six checks made 3,600 pytest items whose
bookkeeping (collection in every xdist worker, a report each to the controller) cost
more than the checks. `check_each` still runs every op and names every failing one,
with its error, in the family's one failure; `-k vector` selects a family."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from asc_xdsl.dialects.ascendc.families import spec_classes

SPEC_OPS = spec_classes()
BY_FAMILY: dict[str, tuple[type, ...]] = {}
for _op in SPEC_OPS:
    _family = _op.__module__.rsplit(".", 1)[1]
    BY_FAMILY[_family] = (*BY_FAMILY.get(_family, ()), _op)
FAMILIES = sorted(BY_FAMILY)


def check_each(op_classes: Iterable[type], check: Callable[[type], object]) -> int:
    """Run `check` on every op class; fail once, naming each op that failed and how.
    Returns how many ops were checked."""
    failures = []
    count = 0
    for op_class in op_classes:
        count += 1
        try:
            check(op_class)
        except (Exception, pytest.fail.Exception) as e:  # (pytest.raises' miss is the latter)
            failures.append(f"{op_class.name}: {type(e).__name__}: {e}")
    if failures:
        pytest.fail(f"{len(failures)} of {count} ops fail:\n" + "\n\n".join(failures))
    return count
