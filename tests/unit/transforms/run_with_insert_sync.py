"""Run pytest with `insert_sync=True` forced on every kernel: the proof of insert-sync on
every kernel of a test directory, `@asc.jit` ones and kernels written as IR.

    ASC_XDSL_SANITIZE=error .venv/bin/python tests/unit/transforms/run_with_insert_sync.py tests/unit/simulator

Each kernel's own SetFlag/WaitFlag/PipeBarrier and EnQue/DeQue are erased and the syncs
its dependences need inserted; with the simulator's race checker in `error` mode, a
missing sync fails the test that launches it, and the tests' own numpy checks hold the
numerics. A kernel that asks for `insert_sync=False` keeps its own. Tests that expect a
race or a misused flag fail by design (insert-sync removes them); docs/passes.md lists
the results.
"""

import importlib
import sys

import pytest

jit = importlib.import_module("asc_xdsl.frontend.jit")
pipeline = importlib.import_module("asc_xdsl.transforms.pipeline")
_pipeline_spec = pipeline.pipeline_spec


def _forced(options, module=None):
    if options.get("insert_sync") is None:
        options = {**options, "insert_sync": True}
    return _pipeline_spec(options, module)


if __name__ == "__main__":
    jit.DEFAULT_OPTIONS["insert_sync"] = True
    pipeline.pipeline_spec = _forced
    sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", *sys.argv[1:]]))
