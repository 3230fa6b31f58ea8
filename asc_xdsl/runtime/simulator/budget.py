"""The simulation budget: a launch may run at most so many steps, and a loop found to
repeat itself stops at once.

A step is one block or one loop iteration (`scf.for`, `scf.while`). A kernel whose
`while` never ends, a `range(2**31 - 1)` loop or an enormous `block_dim` would keep the
CPU busy for hours; the budget turns them into a `StepLimitError` located at the loop:

    kern.py:12:5: block 0: scf.while: this loop has run 4000000 iterations ...

`scf.for` is charged its whole trip count when it starts (so a loop far beyond the
budget fails at once); `scf.while` one step per iteration; blocks when the launch
starts. The budget is shared by all blocks of a launch. Keyword `max_steps` first,
then `ASC_XDSL_SIM_MAX_STEPS`, then the default, which scales with the launch's work
(`default_steps`: a base, plus per block, plus per byte of GM arguments), so a small
kernel's endless loop stops within seconds and a large input still gets room.

A `while` whose condition hangs only on carried values computed by pure scalar ops
(`ops/scalar.py`, `_condition_state`) is watched for a repeat of those values (Brent's
cycle search): a repeat means the loop never ends, an `EndlessLoopError` after a few
iterations instead of the whole budget.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.simulator.errors import EndlessLoopError, StepLimitError

MAX_STEPS_ENV = "ASC_XDSL_SIM_MAX_STEPS"
BASE_STEPS = 1_000_000
STEPS_PER_BLOCK = 100_000
STEPS_PER_GM_BYTE = 16
DEFAULT_MAX_STEPS = BASE_STEPS + STEPS_PER_BLOCK
"""The default budget of one block with no GM data (`default_steps`)."""

_HINT = f"raise the budget with max_steps=... or {MAX_STEPS_ENV} if the kernel is right"


def default_steps(block_dim: int, gm_bytes: int) -> int:
    """The budget when none is given: `BASE_STEPS + STEPS_PER_BLOCK * block_dim +
    STEPS_PER_GM_BYTE * gm_bytes` (a step costs 1-5 us: 1.1 M steps, a block's share
    with no data, take a few seconds; 16 per byte lets a scalar loop visit each
    element of its data many times over)."""
    return BASE_STEPS + STEPS_PER_BLOCK * block_dim + STEPS_PER_GM_BYTE * gm_bytes


def max_steps(option: Any = None, block_dim: int = 1, gm: Sequence[Any] = ()) -> int:
    """The launch's budget from the keyword, the environment or the default (which
    scales with `block_dim` and the bytes of the GM buffers `gm`)."""
    source = "max_steps"
    value = option
    if value is None:
        value, source = os.environ.get(MAX_STEPS_ENV), MAX_STEPS_ENV
        if not value:
            return default_steps(block_dim, sum(getattr(b, "nbytes", 0) for b in gm))
    try:
        steps = int(value) if not isinstance(value, bool | float) else None
    except (TypeError, ValueError):
        steps = None
    if steps is None or steps < 1:
        raise LaunchError(f"{source} must be a positive integer, got {value!r}", code="ASC-R602")
    return steps


def blocks_error(block_dim: int, budget: int) -> StepLimitError:
    return StepLimitError(
        f"block_dim {block_dim} alone exceeds the simulation budget of {budget} steps; {_HINT}"
    )


def for_error(trips: int, left: int, budget: int) -> StepLimitError:
    return StepLimitError(
        f"this loop would run {trips} iterations, more than the {max(left, 0)} steps left "
        f"of the launch's simulation budget ({budget} steps: blocks and loop iterations); "
        f"{_HINT}"
    )


def while_error(iterations: int, budget: int) -> StepLimitError:
    return StepLimitError(
        f"this loop has run {iterations} iterations and the launch has used its whole "
        f"simulation budget ({budget} steps: blocks and loop iterations) -- a loop that "
        f"never ends? {_HINT}"
    )


def endless_error(iterations: int, names: Sequence[str], state: Sequence) -> EndlessLoopError:
    if names:
        values = ", ".join(f"{n} = {_shown(v)}" for n, v in zip(names, state, strict=True))
        why = (
            f"the values its condition depends on came back to an earlier state "
            f"({values}) after {iterations} iterations, so it repeats forever"
        )
    else:
        why = "its condition depends on nothing the loop changes, and it held"
    return EndlessLoopError(f"this loop never ends: {why}")


def _shown(value: Any) -> str:
    return str(value.item() if hasattr(value, "item") else value)


def trip_count(lb: int, ub: int, step: int) -> int:
    """Iterations of `for i = lb; i < ub; i += step` (step > 0), without building a range."""
    return max(0, (ub - lb + step - 1) // step)
