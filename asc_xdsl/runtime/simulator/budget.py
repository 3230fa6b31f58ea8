"""The simulation budget: a launch may run at most `max_steps` steps.

A step is one block or one loop iteration (`scf.for`, `scf.while`). A kernel whose
`while` never ends, a `range(2**31 - 1)` loop or an enormous `block_dim` would keep the
CPU busy for hours; the budget turns them into a `StepLimitError` located at the loop:

    kern.py:12:5: block 0: scf.while: this loop has run 50000000 iterations ...

`scf.for` is charged its whole trip count when it starts (so a loop far beyond the
budget fails at once); `scf.while` one step per iteration; blocks when the launch
starts. The budget is shared by all blocks of a launch. Keyword `max_steps` first,
then `ASC_XDSL_SIM_MAX_STEPS`, then `DEFAULT_MAX_STEPS` (about a minute of simple loop
iterations on one core: generous for a kernel, short for a hang).
"""

from __future__ import annotations

import os
from typing import Any

from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.simulator.errors import StepLimitError

MAX_STEPS_ENV = "ASC_XDSL_SIM_MAX_STEPS"
DEFAULT_MAX_STEPS = 50_000_000

_HINT = f"raise the budget with max_steps=... or {MAX_STEPS_ENV} if the kernel is right"


def max_steps(option: Any = None) -> int:
    """The launch's budget from the keyword, the environment or the default."""
    source = "max_steps"
    value = option
    if value is None:
        value, source = os.environ.get(MAX_STEPS_ENV), MAX_STEPS_ENV
        if not value:
            return DEFAULT_MAX_STEPS
    try:
        steps = int(value) if not isinstance(value, bool | float) else None
    except (TypeError, ValueError):
        steps = None
    if steps is None or steps < 1:
        raise LaunchError(f"{source} must be a positive integer, got {value!r}")
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


def trip_count(lb: int, ub: int, step: int) -> int:
    """Iterations of `for i = lb; i < ub; i += step` (step > 0), without building a range."""
    return max(0, (ub - lb + step - 1) // step)
