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

Ascend 950's 8-bit floats (numpy has none; docs/fp8.md): `float8_encode(values, name)`
gives their uint8 codes, `float8_array(values, name)` the codes tagged with the format
(a kernel argument whose element type the compiler takes from it), `float8_decode(a)`
the values back as float32 (ml_dtypes' float8 arrays are read too). The 4-bit floats
likewise: `float4_encode` / `float4_array` / `float4_decode`, two codes a byte.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "BenchResult",
    "do_bench",
    "float4_array",
    "float4_decode",
    "float4_encode",
    "float8_array",
    "float8_decode",
    "float8_encode",
]

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


_DEFAULT_ROUNDING = {"hifloat8": "round"}
"""The rounding of each format's Cast (docs/fp8.md): RINT for e4m3fn / e5m2 / e8m0,
ROUND (ties away from zero) for HiFloat8."""
_ML_DTYPES = {"float8_e4m3fn": "float8_e4m3fn", "float8_e5m2": "float8_e5m2",
              "float8_e8m0fnu": "float8_e8m0"}  # fmt: skip


def _rounding(name: str, round_mode: Any) -> str:
    if round_mode is None:
        return _DEFAULT_ROUNDING.get(name, "rint")
    mode = getattr(round_mode, "name", str(round_mode)).lower().removeprefix("cast_")
    if mode not in ("rint", "round", "trunc"):
        raise ValueError(
            f"8-bit floats are encoded with RINT, ROUND or TRUNC rounding, not {round_mode!r}"
        )
    return mode


def float8_encode(values: Any, name: str, *, round_mode: Any = None, saturate: bool = False) -> Any:
    """The uint8 codes of `values` (any float array) in the 8-bit float format `name`
    ("float8_e4m3fn", "float8_e5m2", "float8_e8m0", "hifloat8"), rounded as its Cast
    does by default (or by `round_mode`: a RoundMode or "rint" / "round" / "trunc");
    `saturate`: overflow and infinity to the largest finite value, NaN to 0 (the
    headers' SatMode::SAT), else overflow to infinity (NaN for e4m3fn)."""
    import numpy as np

    from asc_xdsl.utils import float8

    f = float8.fmt(name)
    return float8.encode(np.asarray(values), f.name, _rounding(f.name, round_mode), saturate)


def float8_array(values: Any, name: str, **options: Any) -> Any:
    """`float8_encode(values, name, **options)` viewed as the format's tagged dtype
    (`runtime.numpy_types.FLOAT8_TAGS`): pass it to a kernel and its GlobalTensor's
    element type is that format."""
    from asc_xdsl.runtime.numpy_types import FLOAT8_TAGS
    from asc_xdsl.utils import float8

    f = float8.fmt(name)
    return float8_encode(values, f.name, **options).view(FLOAT8_TAGS[f.name])


def float8_decode(codes: Any, name: str | None = None) -> Any:
    """The float32 values of 8-bit float codes: a tagged array (`float8_array`), an
    ml_dtypes float8 array, or uint8 codes with the format's `name`."""
    import numpy as np

    from asc_xdsl.utils import float8

    a = np.asarray(codes)
    names = a.dtype.names
    found = names[0] if names and len(names) == 1 else _ML_DTYPES.get(str(a.dtype))
    if name is None and found is None:
        raise ValueError(
            f"float8_decode: a {a.dtype} array does not say its format: pass name= "
            f"({', '.join(float8.FORMATS)})"
        )
    f = float8.fmt(name or found)  # type: ignore[arg-type]
    if found is not None and found != f.name:
        raise ValueError(f"float8_decode: the array holds {found}, not {f.name}")
    return float8.decode(a.view(np.uint8), f.name)


_FLOAT4_ROUNDING = ("rint", "round", "trunc", "floor", "ceil")


def float4_encode(values: Any, name: str, *, round_mode: Any = None) -> Any:
    """The packed bytes of `values` (an even count of floats) in the 4-bit float format
    `name` ("float4_e2m1", "float4_e1m2"): two codes a byte, element 2i in the low nibble
    (as `fp4x2_*_t` holds them), rounded as Cast bfloat16 -> fp4 does by `round_mode`
    (RINT by default; ROUND, TRUNC, FLOOR, CEIL) and saturated (no NaN or infinity:
    NaN -> 0, overflow -> the largest value). An array's shape keeps its leading axes,
    the last one halved."""
    import numpy as np

    from asc_xdsl.utils import float8

    f = float8.fmt(name)
    if f.bits != 4:
        raise ValueError(f"float4_encode: {name} is not a 4-bit format (float4_e2m1, float4_e1m2)")
    a = np.asarray(values, np.float64)
    if a.size % 2 or (a.ndim and a.shape[-1] % 2):
        raise ValueError(
            f"float4_encode: {a.size} values of shape {a.shape}: 4-bit floats pack two a "
            "byte, so the last axis needs an even length"
        )
    mode = "rint" if round_mode is None else getattr(round_mode, "name", str(round_mode))
    mode = mode.lower().removeprefix("cast_")
    if mode not in _FLOAT4_ROUNDING:
        raise ValueError(
            f"4-bit floats round with RINT, ROUND, TRUNC, FLOOR or CEIL, not {round_mode!r}"
        )
    packed = float8.pack4(float8.encode(a.reshape(-1), f.name, mode, True))
    return packed.reshape((*a.shape[:-1], a.shape[-1] // 2) if a.ndim else (1,))


def float4_array(values: Any, name: str, **options: Any) -> Any:
    """`float4_encode(values, name, **options)` viewed as the format's tagged dtype
    (`runtime.numpy_types.FLOAT4_TAGS`): a kernel argument whose GlobalTensor holds
    that format (`fp4x2_e2m1_t` / `fp4x2_e1m2_t`), 2 x its size elements."""
    from asc_xdsl.runtime.numpy_types import FLOAT4_TAGS
    from asc_xdsl.utils import float8

    f = float8.fmt(name)
    return float4_encode(values, f.name, **options).view(FLOAT4_TAGS[f.name])


def float4_decode(packed: Any, name: str | None = None) -> Any:
    """The float32 values of packed 4-bit codes (a `float4_array`, or uint8 bytes with the
    format's `name`): twice as many, the last axis doubled."""
    import numpy as np

    from asc_xdsl.utils import float8

    a = np.asarray(packed)
    names = a.dtype.names
    found = names[0] if names and len(names) == 1 else None
    if name is None and found is None:
        raise ValueError(
            f"float4_decode: a {a.dtype} array does not say its format: pass name= "
            "(float4_e2m1, float4_e1m2)"
        )
    f = float8.fmt(name or found)  # type: ignore[arg-type]
    if f.bits != 4 or (found is not None and found != f.name):
        raise ValueError(f"float4_decode: the array holds {found or a.dtype}, not {f.name}")
    out = float8.decode(float8.unpack4(a.view(np.uint8)), f.name)
    return out.reshape((*a.shape[:-1], 2 * a.shape[-1]) if a.ndim else (2,))
