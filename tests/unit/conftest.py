"""Test-session settings: compile caches go to a temporary folder, never ~/.cache; the
simulator's blocks in one process; how many xdist workers `-n auto` (pyproject's addopts)
starts, and how xdist hands them the tests (the files sharing a setup together)."""

import contextlib
import functools
import os
import sys
from pathlib import Path

import pytest


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """One worker per core (xdist's default) for a run over directories, as the README's
    `pytest tests/unit`; none for a run of named files or tests, where starting workers (each
    imports xDSL and collects) costs more than it saves. PYTEST_XDIST_AUTO_NUM_WORKERS wins."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    roots = (config.invocation_params.dir, config.rootpath)
    paths = [arg.split("::")[0] for arg in config.args]
    if any((root / path).is_dir() for path in paths for root in roots):
        return None
    return 0


@pytest.fixture(autouse=True, scope="session")
def _isolated_cache_dir(tmp_path_factory):
    # Under xdist each worker has its own tmp_path_factory, hence its own cache.
    mp = pytest.MonkeyPatch()
    mp.setenv("ASC_XDSL_CACHE_DIR", str(tmp_path_factory.mktemp("asc_xdsl_cache")))
    mp.delenv("ASC_XDSL_DUMP_DIR", raising=False)
    # the suite's processes (xdist) fill the cores already: a launch's blocks stay in its
    # test's process unless the test asks for workers (test_sim_workers)
    mp.setenv("ASC_XDSL_SIM_WORKERS", "1")
    for name in ("PYASC_HOME", "PYASC_CACHE_DIR", "PYASC_DUMP_PATH"):  # pyasc's twins
        mp.delenv(name, raising=False)
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        # The suite's ~60 Python subprocesses (asc-opt, lit, kernels run in a fresh
        # process) would each compile every module they import from source again: they
        # share the session's bytecode instead, in a temporary folder (never the tree).
        # Without the variable they share the tree's __pycache__, which the run fills.
        mp.setenv("PYTHONPYCACHEPREFIX", str(tmp_path_factory.mktemp("pycache")))
        mp.delenv("PYTHONDONTWRITEBYTECODE")
    yield
    mp.undo()


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """In xdist's controller, before it starts the workers: write pytest's
    assertion-rewritten bytecode of the test files that lack it (a fresh clone), split
    over as many forked processes as there will be workers. Each worker would otherwise
    rewrite all ~250 files itself, at the same time as the others (~6.5 s of CPU each);
    now it loads them. Pytest reads these files whether or not it may write them; with
    PYTHONDONTWRITEBYTECODE set nothing is written (the user asked for no bytecode)."""
    config = session.config
    dsession = config.pluginmanager.getplugin("dsession")
    if (
        dsession is None
        or sys.dont_write_bytecode
        or not hasattr(os, "fork")
        or config.getoption("assertmode") != "rewrite"
    ):
        return
    try:  # (pytest's private rewrite functions: a release that changes them runs as before)
        files = _stale_rewritten_test_files(config)
    except (ImportError, AttributeError, TypeError):
        return
    procs = min(int(config.getoption("numprocesses") or 0), len(files), os.cpu_count() or 1)
    if procs < 1:
        return
    # largest first onto the least loaded process, so the processes end together
    chunks: list[list[Path]] = [[] for _ in range(procs)]
    loads = [0] * procs
    for size, path in sorted(files, reverse=True):
        i = loads.index(min(loads))
        chunks[i].append(path)
        loads[i] += size
    pids = []
    for chunk in chunks[1:]:
        pid = os.fork()
        if pid == 0:  # the child: write its share and leave without pytest's teardown
            try:
                _write_rewritten_pycs(config, chunk)
            finally:
                os._exit(0)
        pids.append(pid)
    with contextlib.suppress(ImportError, AttributeError, TypeError):
        _write_rewritten_pycs(config, chunks[0])
    for pid in pids:
        os.waitpid(pid, 0)


def _stale_rewritten_test_files(config: pytest.Config) -> list[tuple[int, Path]]:
    """(size, path) of the test files and conftests under the run's directories whose
    rewritten bytecode is missing or out of date: what each worker would rewrite."""
    from _pytest.assertion.rewrite import PYC_TAIL, get_cache_dir
    from _pytest.pathlib import fnmatch_ex

    patterns = config.getini("python_files")
    roots = [config.invocation_params.dir / arg.split("::")[0] for arg in config.args]
    seen: set[Path] = set()
    stale = []
    for root in roots:
        for path in sorted(root.rglob("*.py")) if root.is_dir() else [root]:
            if path in seen or "__pycache__" in path.parts:
                continue
            seen.add(path)
            if path.name != "conftest.py" and not any(fnmatch_ex(p, path) for p in patterns):
                continue
            pyc = get_cache_dir(path) / (path.name[:-3] + PYC_TAIL)
            if not pyc.is_file() or pyc.stat().st_mtime < path.stat().st_mtime:
                stale.append((path.stat().st_size, path))
    return stale


def _write_rewritten_pycs(config: pytest.Config, paths: list[Path]) -> None:
    """What pytest's import hook does for a test module it has no bytecode for, without
    running the module: rewrite its asserts, compile, write the pyc atomically."""
    from _pytest.assertion.rewrite import (
        PYC_TAIL,
        _rewrite_test,
        _write_pyc,
        assertstate_key,
        get_cache_dir,
        try_makedirs,
    )

    try:
        state = config.stash[assertstate_key]
    except KeyError:
        return
    for path in paths:
        cache_dir = get_cache_dir(path)
        if not try_makedirs(cache_dir):
            continue
        try:
            source_hash, code = _rewrite_test(path, config)
        except (OSError, SyntaxError, TypeError):
            continue  # the worker's import reports it, with pytest's own message
        _write_pyc(state, code, source_hash, cache_dir / (path.name[:-3] + PYC_TAIL))


def pytest_configure(config: pytest.Config) -> None:
    # The simulator tests' hand-written IR kernels (simulator/simkit.py: op_kernel,
    # inout_kernel) copy whole UB buffers back to GM to show what an op left untouched:
    # they read unwritten UB by design. Their findings carry no source location (the IR
    # has none), so they start with "block N"; a finding of a Python kernel starts with
    # its file and still shows.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:block [0-9]+:asc_xdsl.runtime.simulator.uninit.UninitializedReadWarning",
    )


LIT_INPUT_SCOPE = "<tests that import lit_inputs>"
HYPOTHESIS_SCOPE = "<tests that use hypothesis>"
SHARED_SETUP_SCOPES = {
    LIT_INPUT_SCOPE: ("lit_inputs import",),
    HYPOTHESIS_SCOPE: ("from hypothesis import", "import hypothesis", "from fuzzkit import"),
}
"""Test files that share a per-process setup, by what their source says, kept on one
worker each: `lit_inputs.py` parses every lit chunk (~5 s of CPU per process), and
hypothesis, on a process's first draw, reads the constants of every local module it has
imported (`hypothesis.internal.constants_ast`; ~3.4 s with a fresh clone's cold
`.hypothesis/constants` cache)."""


def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """xdist's `load` distribution (the default), except that the test files of each
    `SHARED_SETUP_SCOPES` entry run together on one worker (the larger group first, as
    xdist's `loadscope` orders scopes by size): otherwise both workers pay for the setup.
    (xdist's own `--dist loadgroup` does not group under pytest 9: its marker renames
    `item._nodeid`, which pytest 9 no longer reads.) Other `--dist` modes are xdist's."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class SharedSetupTogether(LoadScopeScheduling):
        """A scope per test (as `load`), one per shared setup; completed scopes are
        dropped so that the per-event bookkeeping stays O(tests in flight)."""

        def _split_scope(self, nodeid: str) -> str:
            return _shared_setup_scope(nodeid.split("::", 1)[0]) or nodeid

        def _assign_work_unit(self, node) -> None:
            scope, work_unit = self.workqueue.popitem(last=False)
            self.assigned_work.setdefault(node, {})[scope] = work_unit
            index = _collection_index(tuple(self.registered_collections[node]))
            node.send_runtest_some([index[n] for n, done in work_unit.items() if not done])

        def mark_test_complete(self, node, item_index: int, duration: float = 0) -> None:
            nodeid = self.registered_collections[node][item_index]
            scope = self._split_scope(nodeid)
            work_unit = self.assigned_work[node][scope]
            work_unit[nodeid] = True
            if all(work_unit.values()):
                del self.assigned_work[node][scope]
            self._reschedule(node)

    @functools.cache
    def _shared_setup_scope(path: str) -> str | None:
        file = config.rootpath / path
        if file.suffix != ".py" or not file.is_file():
            return None
        text = file.read_text()
        for scope, marks in SHARED_SETUP_SCOPES.items():
            if any(mark in text for mark in marks):
                return scope
        return None

    @functools.cache
    def _collection_index(collection: tuple[str, ...]) -> dict[str, int]:
        return {nodeid: i for i, nodeid in enumerate(collection)}

    return SharedSetupTogether(config, log)
