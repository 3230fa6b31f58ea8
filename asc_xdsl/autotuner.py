"""Autotuning in Triton's spirit: `@asc.autotune(configs=[...], key=[...])`.

    @asc.autotune(
        configs=[asc.Config(tile_length=t) for t in (128, 256, 512, 1024)],
        key=["n"],
    )
    @asc.jit
    def add(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int,
            tile_length: asc.ConstExpr[int]): ...

    add[8](x, y, z, n)   # the first call per key tries every config, then runs the best

A `Config` holds keyword arguments (usually the kernel's `ConstExpr` parameters: a tile
length, a buffer count) and optionally the `block_dim` to launch with. The decorated
object is either

* an `@asc.jit` kernel: `tuned[grid](...)` launches it with the config's keywords;
  `grid` is a block_dim, or a callable given the config's keywords (`lambda meta:
  n // meta["tile_length"]`); a config's own `block_dim` wins over both; or
* a plain Python function that launches kernels (a host tiling computed from the
  config, several launches, ...): `tuned(...)` calls it with the config's keywords.

The first call for each value of the `key` arguments (a tensor's shape and dtype, a
scalar's value) benchmarks every config with `asc_xdsl.testing.do_bench` and keeps the
fastest: on the CPU simulator the one with the fewest modelled cycles, on an NPU the
lowest median device time. Each config runs on copies of the numpy and torch arguments
(a benchmark never changes the caller's data); the winning config then runs once on the
real arguments. On the simulator the configs are compiled and simulated in parallel:
in the calling process and `workers - 1` forked ones (they share the arguments without
pickling them; the caller takes the first config, then each process the next one left
from one counter, so a process that finishes early takes more; every process runs its
matrix products on one BLAS thread meanwhile, the caller's pool restored after;
`workers`, default one per available core; `workers=1` tunes in the calling process
alone, for a process whose threads do not survive a fork); on an NPU they run one after another
(concurrent kernels would skew each other's times). A config that fails (a compile error, on-chip
memory overflow, a simulator error) is skipped and reported; all failing is an error.

The choice is cached per key in memory and on disk (`<cache dir>/autotune/`, the
compile cache's folder, docs/configuration.md), keyed also by the function's source
(for a kernel, its compile fingerprint: helpers and globals included; for a launch
function, its source and the fingerprints of the kernels it names), the configs, the
backend and the compiler. `cache=False` tunes in every process.
"""

from __future__ import annotations

import functools
import inspect
import json
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Autotuner", "Config", "TuningResult", "autotune"]


class Config:
    """One candidate: keyword arguments for the kernel (its ConstExpr parameters) and
    optionally the block_dim to launch it with."""

    def __init__(
        self, kwargs: Mapping[str, Any] | None = None, *, block_dim: int | None = None, **more: Any
    ) -> None:
        overlap = set(kwargs or {}) & set(more)
        if overlap:
            raise TypeError(f"Config: {', '.join(sorted(overlap))} given twice")
        self.kwargs: dict[str, Any] = {**(kwargs or {}), **more}
        self.block_dim = block_dim

    def __repr__(self) -> str:
        parts = [f"{k}={v!r}" for k, v in self.kwargs.items()]
        if self.block_dim is not None:
            parts.append(f"block_dim={self.block_dim}")
        return f"Config({', '.join(parts)})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Config) and repr(self) == repr(other)

    def __hash__(self) -> int:
        return hash(repr(self))


@dataclass(frozen=True)
class TuningResult:
    """A tuning run of one key: every config's benchmark (or error) and the winner."""

    key: tuple
    best: Config
    results: tuple[tuple[Config, Any], ...]
    """(config, `BenchResult` or the error text) in the order of the configs."""
    seconds: float
    """Wall time of the sweep (0.0 when read from the disk cache)."""
    workers: int
    from_cache: bool = False

    def __str__(self) -> str:
        lines = [f"autotune key {self.key}: best {self.best}"]
        for config, outcome in self.results:
            mark = "*" if config == self.best else " "
            lines.append(f" {mark} {config}: {outcome}")
        return "\n".join(lines)


def autotune(
    configs: Sequence[Config],
    key: Sequence[str],
    *,
    workers: int | None = None,
    cache: bool = True,
    warmup: int = 3,
    rep: int = 20,
) -> Callable[[Any], Autotuner]:
    """Decorate an `@asc.jit` kernel or a launching function with an autotuner (module
    docstring). `warmup` and `rep` are do_bench's, for an NPU."""
    configs = list(configs)
    if not configs or not all(isinstance(c, Config) for c in configs):
        raise TypeError("autotune: configs must be a non-empty list of asc.Config")
    if len(set(configs)) != len(configs):
        raise ValueError("autotune: two configs are the same")
    if isinstance(key, str):
        raise TypeError(f"autotune: key is a list of parameter names, e.g. [{key!r}]")
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise ValueError(f"autotune: workers must be an integer >= 1, got {workers!r}")

    def decorate(fn: Any) -> Autotuner:
        return Autotuner(
            fn, configs, list(key), workers=workers, cache=cache, warmup=warmup, rep=rep
        )

    return decorate


def _is_kernel(fn: Any) -> bool:
    from asc_xdsl.frontend.jit import JITFunction

    return isinstance(fn, JITFunction)


class Autotuner:
    """What `@autotune` makes: `tuned[grid](...)` for a kernel, `tuned(...)` for a
    launching function; `results[key]` holds each key's `TuningResult`."""

    def __init__(
        self,
        fn: Any,
        configs: list[Config],
        key: list[str],
        *,
        workers: int | None,
        cache: bool,
        warmup: int,
        rep: int,
    ) -> None:
        self.fn = fn
        self.configs = configs
        self.key = key
        self.workers = workers
        self.cache = cache
        self.warmup, self.rep = warmup, rep
        self.kernel = _is_kernel(fn)
        target = fn.fn if self.kernel else fn
        if not callable(target):
            raise TypeError(f"autotune: decorates an @asc.jit kernel or a function, got {fn!r}")
        self.__name__ = getattr(target, "__name__", "kernel")
        self.signature = inspect.signature(target)
        params = self.signature.parameters
        unknown = [k for k in key if k not in params]
        if unknown:
            raise ValueError(
                f"autotune({self.__name__}): key {', '.join(map(repr, unknown))} is not a "
                f"parameter (parameters: {', '.join(params)})"
            )
        for config in configs:
            bad = [k for k in config.kwargs if k not in params]
            if bad and not any(p.kind is p.VAR_KEYWORD for p in params.values()):
                raise ValueError(
                    f"autotune({self.__name__}): {config} names {', '.join(map(repr, bad))}, "
                    f"not a parameter of {self.__name__}"
                )
            if not self.kernel and config.block_dim is not None:
                raise ValueError(
                    f"autotune({self.__name__}): {config} sets block_dim, which only a "
                    "kernel launched as tuned[grid](...) takes; pass it as a keyword instead"
                )
            in_key = sorted(set(config.kwargs) & set(key))
            if in_key:
                raise ValueError(
                    f"autotune({self.__name__}): {', '.join(in_key)} is both a config "
                    "keyword and a key"
                )
        self.results: dict[tuple, TuningResult] = {}
        functools.update_wrapper(self, target, updated=())

    def __repr__(self) -> str:
        return f"<autotuned {self.__name__}: {len(self.configs)} configs, key {self.key}>"

    # -- calling -------------------------------------------------------------

    def __getitem__(self, grid: Any) -> Callable[..., None]:
        if not self.kernel:
            raise TypeError(
                f"{self.__name__} is an autotuned function: call it, tuned(...); "
                "tuned[grid](...) launches an autotuned @asc.jit kernel"
            )

        def launch(*args: Any, **kwargs: Any) -> None:
            config = self._choose(grid, args, kwargs)
            self._call(config, grid, args, kwargs)

        return launch

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.kernel:
            raise TypeError(
                f"{self.__name__} is an autotuned kernel: launch it with "
                f"{self.__name__}[block_dim](...)"
            )
        config = self._choose(None, args, kwargs)
        return self._call(config, None, args, kwargs)

    def best_config(self, *args: Any, **kwargs: Any) -> Config | None:
        """The config chosen for these arguments' key (None before it is tuned)."""
        result = self.results.get(self._key(args, kwargs))
        return result.best if result else None

    def _call(self, config: Config, grid: Any, args: tuple, kwargs: dict) -> Any:
        given = sorted(set(config.kwargs) & set(kwargs))
        if given:
            raise TypeError(
                f"{self.__name__}: {', '.join(given)} is tuned (a config keyword); do not pass it"
            )
        merged = {**kwargs, **config.kwargs}
        if not self.kernel:
            return self.fn(*args, **merged)
        block_dim = config.block_dim
        if block_dim is None:
            block_dim = grid(dict(config.kwargs)) if callable(grid) else grid
        if block_dim is None:
            raise TypeError(f"{self.__name__}: no block_dim (tuned[block_dim](...))")
        return self.fn[block_dim](*args, **merged)

    # -- keys ----------------------------------------------------------------

    def _key(self, args: tuple, kwargs: dict) -> tuple:
        params = self.signature.parameters
        try:  # (launch options such as backend= are not parameters)
            bound = self.signature.bind_partial(
                *args, **{k: v for k, v in kwargs.items() if k in params}
            )
        except TypeError as e:
            raise TypeError(f"{self.__name__}: {e}") from None
        bound.apply_defaults()
        missing = [k for k in self.key if k not in bound.arguments]
        if missing:
            raise TypeError(f"{self.__name__}: key argument(s) {', '.join(missing)} not given")
        return tuple(_key_value(bound.arguments[k]) for k in self.key)

    def _choose(self, grid: Any, args: tuple, kwargs: dict) -> Config:
        key = self._key(args, kwargs)
        known = self.results.get(key)
        if known is not None:
            return known.best
        from asc_xdsl.runtime import backends

        backend = backends.get_backend(kwargs.get("backend")).name
        disk = self._disk_path(key, backend) if self.cache else None
        result = _load(disk, key, self.configs) if disk is not None else None
        if result is None:
            result = self._tune(key, grid, args, kwargs, backend)
            if disk is not None:
                _store(disk, result, self.configs)
        self.results[key] = result
        from asc_xdsl.log import logger

        logger("launch").info(
            "autotune %s: key %s -> %s (%s)",
            self.__name__,
            key,
            result.best,
            "disk cache"
            if result.from_cache
            else f"{result.seconds:.2f} s, {result.workers} worker(s)",
        )
        return result.best

    def _disk_path(self, key: tuple, backend: str) -> Any:
        from asc_xdsl.frontend import cache
        from asc_xdsl.runtime.disk_cache import cache_dir

        payload = json.dumps(
            [
                cache.versions(),
                _source_key(self.fn),
                [repr(c) for c in self.configs],
                self.key,
                repr(key),
                backend,
                os.environ.get("ASC_XDSL_PLATFORM", ""),
                os.environ.get("ASC_XDSL_SOC_VERSION", ""),
            ]
        )
        return cache_dir() / "autotune" / f"{cache.text_hash(payload)[:32]}.json"

    # -- tuning --------------------------------------------------------------

    def _tune(self, key: tuple, grid: Any, args: tuple, kwargs: dict, backend: str) -> TuningResult:
        start = time.perf_counter()
        workers = self._worker_count(backend)
        job = _Job(self, grid, args, kwargs, backend)
        if workers > 1:
            outcomes = _parallel(job, len(self.configs), workers)
        else:
            outcomes = [job.run(i) for i in range(len(self.configs))]
        results = tuple(zip(self.configs, outcomes, strict=True))
        # the fewest modelled cycles (exact; ties: the first config), else the least time
        timed = [
            (o.cycles if o.modelled else o.ms, i)
            for i, o in enumerate(outcomes)
            if not isinstance(o, str)
        ]
        if not timed:
            detail = "\n".join(f"  {c}: {o}" for c, o in results)
            raise RuntimeError(f"autotune {self.__name__}: every config failed:\n{detail}")
        best = self.configs[min(timed)[1]]
        return TuningResult(key, best, results, time.perf_counter() - start, workers)

    def _worker_count(self, backend: str) -> int:
        if backend != "cpu" or len(self.configs) < 2 or not _can_fork():
            return 1
        wanted = self.workers if self.workers is not None else _cores()
        return max(1, min(wanted, len(self.configs)))


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _can_fork() -> bool:
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


def _key_value(value: Any) -> Any:
    from asc_xdsl.runtime.tensors import is_tensor, tensor_dtype

    if is_tensor(value):
        shape = getattr(value, "shape", None)
        if shape is None:
            shape = getattr(value, "__array_interface__", {}).get("shape", ())
        return (tuple(int(n) for n in shape), str(tensor_dtype(value)).removeprefix("torch."))
    if isinstance(value, bool | int | float | str | None):
        return value
    return repr(value)


def _source_key(fn: Any) -> str:
    """What the cached choice depends on in `fn`: a kernel's compile fingerprint; a
    launch function's source and the fingerprints of the kernels its code names."""
    from asc_xdsl.frontend import cache
    from asc_xdsl.frontend.fingerprint import Keyer

    if _is_kernel(fn):
        return cache.text_hash(Keyer().jit_key(fn))
    try:
        parts = [inspect.getsource(fn)]
    except (OSError, TypeError):
        parts = [f"{fn.__module__}.{fn.__qualname__}"]
    code = getattr(fn, "__code__", None)
    for name in sorted(set(code.co_names) if code else ()):
        obj = getattr(fn, "__globals__", {}).get(name)
        if _is_kernel(obj):
            parts.append(Keyer().jit_key(obj))
    return cache.text_hash("\n".join(parts))


def _copied(value: Any) -> Any:
    """A private copy of a host or device tensor argument (others as they are)."""
    import numpy as np

    if isinstance(value, np.ndarray):
        return value.copy()
    if type(value).__module__.split(".", 1)[0] == "torch" and hasattr(value, "clone"):
        return value.detach().clone()
    return value


class _Job:
    """Benchmarks config i on private copies of the arguments; the outcome is the
    `BenchResult` or the error as text ("CompileError: ..."), never an exception."""

    def __init__(self, tuner: Autotuner, grid: Any, args: tuple, kwargs: dict, backend: str):
        self.tuner, self.grid, self.args, self.kwargs, self.backend = (
            tuner, grid, args, kwargs, backend,
        )  # fmt: skip

    def run(self, index: int) -> Any:
        from asc_xdsl.testing import do_bench

        tuner = self.tuner
        config = tuner.configs[index]
        args = tuple(_copied(a) for a in self.args)
        kwargs = {k: _copied(v) for k, v in self.kwargs.items()}
        try:
            return do_bench(
                lambda: tuner._call(config, self.grid, args, kwargs),
                warmup=tuner.warmup,
                rep=tuner.rep,
                backend=self.backend,
            )
        except Exception as e:  # a failing config is skipped, reported
            text = str(e).strip().splitlines()
            return f"{type(e).__name__}: {text[0] if text else ''}" + (
                " ..." if len(text) > 1 else ""
            )


def _init_worker() -> None:
    """A forked worker (a process of ours; the caller's process is left as it is) gives
    back its free heap, so that neither process copies the free pages they share on
    reusing them, freezes the inherited heap for the collector, whose collections would
    touch (hence copy) it, and runs its matrix products on one BLAS thread, so the
    workers do not oversubscribe the cores (`utils.forked.start`)."""
    from asc_xdsl.utils import forked

    forked.start()


def _claim(counter: Any, count: int) -> Any:
    """The config indices this process takes from the sweep's shared counter, one at a
    time, until none is left (the caller and the workers draw from the same counter,
    so a process that finishes early takes more)."""
    while True:
        with counter.get_lock():
            index = counter.value
            counter.value = index + 1
        if index >= count:
            return
        yield index


def _worker_loop(job: _Job, counter: Any, count: int, conn: Any) -> None:
    _init_worker()
    for index in _claim(counter, count):
        conn.send((index, job.run(index)))
    conn.close()


def _parallel(job: _Job, count: int, workers: int) -> list[Any]:
    """Runs the sweep in this process and `workers - 1` forked ones, which share the
    arguments without pickling them. The caller takes config 0 at once and then, like
    the workers, the next config left (one shared counter: a process that finishes
    early takes more), every process on one BLAS thread. The sweep's cost over
    the serial one's: the fork (~5 ms), in each process the first touch of pages shared
    since the fork (copy on write, on a first compile and simulation in a 190 MB
    process: ~10,000 faults in the caller, ~5,000 in a worker that gave its free heap
    back, 0.01-0.02 s each), and each process compiling the kernels its configs need;
    a worker's exit is not waited for."""
    from asc_xdsl.utils.blas_threads import one_thread

    # every process on one BLAS thread from before the forks (`blas_threads`: a pool
    # started after a fork spins ~0.1 s on the cores the others run on); the caller's
    # pool gets its size back after the sweep
    with one_thread():
        return _sweep(job, count, workers)


def _sweep(job: _Job, count: int, workers: int) -> list[Any]:
    """`_parallel` inside its one-thread BLAS block."""
    import multiprocessing
    from multiprocessing.connection import wait

    ctx = multiprocessing.get_context("fork")
    counter = ctx.Value("q", 1)  # config 0 is the caller's: it starts at once
    procs, conns = [], []
    for _ in range(workers - 1):
        reader, writer = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=_worker_loop, args=(job, counter, count, writer), daemon=True)
        proc.start()
        writer.close()  # the worker holds the only writing end: EOF when it exits
        procs.append(proc)
        conns.append(reader)
    outcomes: dict[int, Any] = {}
    try:
        outcomes[0] = job.run(0)
        for index in _claim(counter, count):
            outcomes[index] = job.run(index)
        while conns:
            for conn in wait(conns):
                try:
                    index, outcome = conn.recv()
                except EOFError:
                    conns.remove(conn)
                    continue
                outcomes[index] = outcome
    except BaseException:
        for proc in procs:  # an error or Ctrl-C here: the workers end with the sweep
            proc.kill()
            proc.join()
        raise
    if len(outcomes) < count:  # a worker died: its exit code tells why
        for proc in procs:
            proc.join()
    else:  # the workers, which have sent everything, end on their own: the sweep does
        # not wait for their exit (freeing a forked process's pages takes ~10-30 ms), a
        # thread reaps them as they end (no zombie left in the caller's process)
        import threading

        threading.Thread(target=_reap, args=(procs,), daemon=True).start()
    died = ", ".join(str(p.exitcode) for p in procs if p.exitcode)
    return [
        outcomes.get(i, f"RuntimeError: the worker process running it died (exit codes {died})")
        for i in range(count)
    ]


def _reap(procs: list[Any]) -> None:
    for proc in procs:
        proc.join()


# -- the disk cache -----------------------------------------------------------------


def _store(path: Any, result: TuningResult, configs: list[Config]) -> None:
    record = {
        "key": repr(result.key),
        "configs": [repr(c) for c in configs],
        "best": configs.index(result.best),
        "results": [_bench_record(o) for _, o in result.results],
        "seconds": result.seconds,
        "workers": result.workers,
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(record, indent=1))
        os.replace(tmp, path)
    except OSError:  # a read-only cache folder: tuning still works, uncached
        pass


def _bench_record(outcome: Any) -> dict[str, Any]:
    if isinstance(outcome, str):
        return {"error": outcome}
    return {
        "ms": outcome.ms,
        "modelled": outcome.modelled,
        "backend": outcome.backend,
        "quantiles": [[q, v] for q, v in outcome.quantiles.items()],
        "samples": list(outcome.samples),
        "launches": outcome.launches,
        "cycles": outcome.cycles,
        "platform": outcome.platform,
    }


def _bench_from(entry: dict[str, Any]) -> Any:
    from asc_xdsl.testing import BenchResult

    if "error" in entry:
        return str(entry["error"])
    return BenchResult(
        ms=float(entry["ms"]),
        modelled=bool(entry["modelled"]),
        backend=str(entry["backend"]),
        quantiles={float(q): float(v) for q, v in entry["quantiles"]},
        samples=tuple(float(v) for v in entry["samples"]),
        launches=int(entry["launches"]),
        cycles=None if entry["cycles"] is None else int(entry["cycles"]),
        platform=entry["platform"],
    )


def _load(path: Any, key: tuple, configs: list[Config]) -> TuningResult | None:
    try:
        record = json.loads(path.read_text())
        if record["configs"] != [repr(c) for c in configs] or record["key"] != repr(key):
            return None
        best = configs[int(record["best"])]
        outcomes = [_bench_from(entry) for entry in record["results"]]
        results = tuple(zip(configs, outcomes, strict=True))
    except (OSError, ValueError, KeyError, IndexError, TypeError):
        return None  # absent or damaged: tune again
    return TuningResult(key, best, results, 0.0, 0, from_cache=True)
