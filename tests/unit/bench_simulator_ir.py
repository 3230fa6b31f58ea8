"""bench/simulator.py loaded as a module, for the tests that run its vector-add IR
(`vector_add_ir`) through the simulator's fast paths, loop batching and race checker."""

import importlib.util
from pathlib import Path

_PATH = Path(__file__).resolve().parents[2] / "bench" / "simulator.py"


def _load():
    spec = importlib.util.spec_from_file_location("bench_simulator", _PATH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


BENCH = _load()
"""The benchmark module (loaded once per process)."""
