"""Shared by the simulator's batching tests: a traced launch of a vector-add kernel,
and the race checker's state at each block's end."""

from __future__ import annotations

import warnings

import numpy as np

from asc_xdsl.runtime.kernel import CompiledKernel
from asc_xdsl.runtime.simulator import batching, last_profile, sanitizer
from asc_xdsl.runtime.simulator.errors import SimulatorError


def traced_launch(
    kernel: CompiledKernel, blocks: int, x, y, z, n: int, sanitize: str
) -> tuple[tuple, list]:
    """((z, warnings as "Category: text", the error's text or None, the blocks' profile or
    None), the batching trace) of `kernel[blocks](x, y, z, n)` on one process."""
    trace = batching.trace = []
    error = None
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            kernel[blocks](x, y, z, n, backend="cpu", sanitize=sanitize, workers=1)
    except SimulatorError as err:
        error = str(err)
    finally:
        batching.trace = None
    texts = [f"{w.category.__name__}: {w.message}" for w in caught]
    profile = last_profile().blocks if error is None else None
    return (z, texts, error, profile), trace


def random_add_inputs(n: int, seed: int = 1) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """x and y of `n` random float32 values, z zeros."""
    rng = np.random.default_rng(seed)
    x, y = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    return x, y, np.zeros(n, np.float32)


def checker_states(monkeypatch) -> list:
    """The checker's state at each block's end, appended to the list returned: block,
    counts, clocks, freed buffers, every page's records (pending pages made), the
    cross-core log, the findings."""
    states: list = []
    finish = sanitizer.BlockSanitizer.finish

    def capture(san):
        for key, first, pages, units, _ in san.pending:  # the pages not made yet
            for at in ((key, first + m * pages) for m in range(1, units + 1)):
                if at not in san.records:
                    san._unfold(at)

        def name_of(key):  # (GM buffers and queues are new objects in each launch)
            return key if isinstance(key, str) else key.name

        states.append(
            (san.block, san.count[:], [r[:] for r in san.known],
             sorted((slot, snap) for (_, slot), snap in san.freed.items()),
             {(name_of(k), page): v for (k, page), v in san.records.items()},
             [(x[1:4], name_of(x[4]), x[5:]) for x in san.order.entries()],
             [str(f) for f in san.findings])
        )  # fmt: skip
        finish(san)

    monkeypatch.setattr(sanitizer.BlockSanitizer, "finish", capture)
    return states
