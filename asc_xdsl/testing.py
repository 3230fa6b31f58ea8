"""Benchmarking kernels: `do_bench(fn)`, in the spirit of `triton.testing.do_bench`.

    import asc_xdsl as asc

    result = asc.testing.do_bench(lambda: kernel[8](x, y, z, n))
    print(result)          # "4.41 us modelled (cost model: 7940 cycles at 1800 MHz, ...)"
    result.ms, result.modelled, result.cycles

`fn` launches one or more kernels (any Python around them is not timed). What is timed
depends on the backend the launches run on:

* the CPU simulator (`cpu`): nothing is measured. The simulator's cost model
  (docs/simulator.md, "Profiling") gives each launch's cycles (its slowest block's) and
  time at the platform's clock; a call's figure is the sum over its launches. The model
  is deterministic, so `fn` runs once (`warmup` and `rep` do not apply) and every
  quantile is the same number. `modelled` is True and `str()` says "modelled": these
  are estimates for comparing variants of a kernel, not an NPU's timings.
* an NPU (`npu`) or CANN's simulator (`model`): device time from ACL events recorded on
  the launch's stream around each kernel (no host-side copies, no binary loading).
  `fn` runs `warmup` times untimed, then `rep` times; the result is the median over the
  repeats, with the requested quantiles (default 0.2 and 0.8), min, max and mean.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

__all__ = ["BenchResult", "do_bench"]

DEFAULT_QUANTILES = (0.2, 0.8)


@dataclass(frozen=True)
class BenchResult:
    """The time of one call of a benchmarked function (float(result) is `ms`)."""

    ms: float
    """The median time of a call, milliseconds (modelled on the simulator)."""
    modelled: bool
    """True: the simulator's cost model, not a measurement."""
    backend: str
    quantiles: dict[float, float] = field(default_factory=dict)
    """Quantile -> milliseconds."""
    samples: tuple[float, ...] = ()
    """Each timed call's milliseconds."""
    launches: int = 0
    """Kernel launches per call."""
    cycles: int | None = None
    """Modelled cycles per call (simulator only)."""
    platform: str | None = None
    """The simulated platform, whose clock turns cycles into time (simulator only)."""

    @property
    def us(self) -> float:
        return self.ms * 1000.0

    @property
    def min_ms(self) -> float:
        return min(self.samples, default=self.ms)

    @property
    def max_ms(self) -> float:
        return max(self.samples, default=self.ms)

    @property
    def mean_ms(self) -> float:
        return statistics.fmean(self.samples) if self.samples else self.ms

    def __float__(self) -> float:
        return self.ms

    def __str__(self) -> str:
        launches = f"{self.launches} launch{'es' if self.launches != 1 else ''}"
        if self.modelled:
            return (
                f"{self.us:.2f} us modelled (cost model: {self.cycles} cycles on "
                f"{self.platform}, {launches}; not a measurement)"
            )
        spread = ", ".join(f"p{round(q * 100)} {v * 1000:.2f}" for q, v in self.quantiles.items())
        return (
            f"{self.us:.2f} us median device time ({spread} us; {len(self.samples)} runs, "
            f"{launches} each, ACL events on backend {self.backend})"
        )


@contextmanager
def _collecting(into: list, listeners: list) -> Any:
    listeners.append(into.append)
    try:
        yield into
    finally:
        listeners.remove(into.append)


def _simulated(fn: Callable[[], Any], backend: str) -> BenchResult:
    from asc_xdsl.runtime.simulator import backend as simulator

    profiles: list = []
    with _collecting(profiles, simulator.profile_listeners):
        fn()
    if not profiles:
        raise RuntimeError(
            "do_bench: the function launched no kernel on the CPU simulator (it must call "
            "kernel[block_dim](...) itself; a pass-through lambda: `lambda: kernel[8](x)`)"
        )
    cycles = sum(max((b.whole.total_cycles for b in p.blocks), default=0) for p in profiles)
    us = sum(p.task_duration_us for p in profiles)
    ms = us / 1000.0
    platforms = sorted({p.platform for p in profiles})
    return BenchResult(
        ms=ms,
        modelled=True,
        backend=backend,
        quantiles={q: ms for q in DEFAULT_QUANTILES},
        samples=(ms,),
        launches=len(profiles),
        cycles=cycles,
        platform=", ".join(platforms),
    )


def _measured(
    fn: Callable[[], Any], backend: str, warmup: int, rep: int, quantiles: Sequence[float]
) -> BenchResult:
    from asc_xdsl.runtime.cann import launch

    for _ in range(warmup):
        fn()
    samples: list[float] = []
    launches = 0
    for _ in range(rep):
        timings: list = []
        with _collecting(timings, launch.timing_listeners):
            fn()
        if not timings:
            raise RuntimeError(f"do_bench: the function launched no kernel on backend {backend}")
        launches = len(timings)
        samples.append(sum(t[2] for t in timings))
    ordered = sorted(samples)

    def quantile(q: float) -> float:  # linear between the closest ranks
        pos = q * (len(ordered) - 1)
        lo = int(pos)
        hi = min(lo + 1, len(ordered) - 1)
        return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)

    return BenchResult(
        ms=statistics.median(samples),
        modelled=False,
        backend=backend,
        quantiles={q: quantile(q) for q in quantiles},
        samples=tuple(samples),
        launches=launches,
    )


def do_bench(
    fn: Callable[[], Any],
    warmup: int = 3,
    rep: int = 20,
    quantiles: Sequence[float] = DEFAULT_QUANTILES,
    backend: str | None = None,
) -> BenchResult:
    """Time `fn()` (which launches kernels) on `backend` (default: the one launches
    use, `asc_xdsl.runtime.get_backend()`; a name given here is selected while `fn`
    runs, for launches that name none). Returns a `BenchResult`; on the CPU simulator
    its figures are the cost model's (`modelled`), elsewhere device time from ACL
    events: the median over `rep` calls after `warmup` untimed ones."""
    from asc_xdsl.runtime import backends

    for name, count, least in (("warmup", warmup, 0), ("rep", rep, 1)):
        if isinstance(count, bool) or not isinstance(count, int) or count < least:
            raise ValueError(f"do_bench: {name} must be an integer >= {least}, got {count!r}")
    if any(not 0.0 <= q <= 1.0 for q in quantiles):
        raise ValueError(f"do_bench: quantiles lie in [0, 1], got {list(quantiles)}")
    name = backends.get_backend(backend).name
    previous = backends._selected
    backends.set_backend(name)
    try:
        if name == "cpu":
            return _simulated(fn, name)
        return _measured(fn, name, warmup, rep, quantiles)
    finally:
        backends._selected = previous
