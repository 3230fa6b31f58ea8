"""tests/unit/conftest.py's xdist scheduling: the test files that sweep the lit inputs run
on one worker, first, and those that use hypothesis on one worker; every other test is
handed out on its own; each runs once. And the controller's pre-rewrite of the test files'
assertion bytecode, which the workers then load instead of each rewriting every file."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _conftest():
    """tests/unit/conftest.py as a module of its own (pytest's copy is a plugin)."""
    spec = importlib.util.spec_from_file_location(
        "_conftest_copy", Path(__file__).parent / "conftest.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Config:
    """What xdist's scheduler and the hook read of pytest's config."""

    def __init__(self, dist: str) -> None:
        self.rootpath = ROOT
        self.option = type("Option", (), {"loadscopereorder": True})()
        self._values = {"dist": dist, "tx": ["2*popen"]}

    def getvalue(self, name: str):
        return self._values[name]


class _Log:
    def __getattr__(self, name):
        return lambda *args: None


class _Node:
    """A worker: runs what it is sent, in order."""

    def __init__(self, name: str) -> None:
        self.gateway = type("Gateway", (), {"id": name})()
        self.queue, self.ran, self.shutting_down = [], [], False

    def send_runtest_some(self, indices: list[int]) -> None:
        self.queue += indices

    def shutdown(self) -> None:
        self.shutting_down = True


COLLECTION = [
    "tests/unit/dialects/test_fast_verify.py::test_a",
    *(f"tests/unit/test_printer.py::test_p[{i}]" for i in range(5)),
    *(f"tests/unit/test_universe.py::test_u[{i}]" for i in range(3)),
    *(f"tests/unit/hardening/test_fuzz_ir.py::test_f[{i}]" for i in range(2)),
    "tests/unit/test_tile.py::test_t",
    "tests/unit/test_printer.py::test_last",
]
LIT_INPUT_TESTS = [n for n in COLLECTION if "fast_verify" in n or "universe" in n]
HYPOTHESIS_TESTS = [n for n in COLLECTION if "fuzz_ir" in n or "test_tile" in n]


def test_shared_setup_groups_run_together_first_and_every_test_once():
    conftest = _conftest()
    sched = conftest.pytest_xdist_make_scheduler(_Config("load"), _Log())
    nodes = [_Node("gw0"), _Node("gw1")]
    for node in nodes:
        sched.add_node(node)
        sched.add_node_collection(node, COLLECTION)
    sched.schedule()
    while any(node.queue for node in nodes):
        for node in nodes:  # one test each in turn
            if node.queue:
                index = node.queue.pop(0)
                node.ran.append(COLLECTION[index])
                sched.mark_test_complete(node, index)
    assert sched.tests_finished and not sched.has_pending
    assert sorted(nodes[0].ran + nodes[1].ran) == sorted(COLLECTION)
    for group in (LIT_INPUT_TESTS, HYPOTHESIS_TESTS):
        (node,) = [node for node in nodes if group[0] in node.ran]  # one worker each,
        assert node.ran[: len(group)] == group  # first on it, in collection order
    assert LIT_INPUT_TESTS[0] in nodes[0].ran and HYPOTHESIS_TESTS[0] in nodes[1].ran
    assert not any(sched.assigned_work.values())  # finished scopes are dropped


def test_the_groups_are_found_by_what_a_file_imports():
    scope = _conftest().SHARED_SETUP_SCOPES
    for path in ("hardening/test_fuzz_ir.py", "test_tile.py", "transforms/test_licm.py"):
        text = (ROOT / "tests/unit" / path).read_text()
        assert sum(any(mark in text for mark in marks) for marks in scope.values()) == 1, path
    assert not any(
        mark in (ROOT / "tests/unit/test_printer.py").read_text()
        for marks in scope.values()
        for mark in marks
    )


def test_other_dist_modes_are_xdists():
    conftest = _conftest()
    assert conftest.pytest_xdist_make_scheduler(_Config("loadfile"), _Log()) is None


class _RewriteConfig:
    """What the controller's pre-rewrite reads of pytest's config; the rest is pytest's."""

    def __init__(self, real, root: Path, dsession: bool = True) -> None:
        self.stash, self.getini = real.stash, real.getini
        self.invocation_params = type("Params", (), {"dir": root})()
        self.args = ["."]
        self.pluginmanager = type("PM", (), {"getplugin": lambda _, n: dsession or None})()
        self._options = {"assertmode": "rewrite", "numprocesses": 1}

    def getoption(self, name: str):
        return self._options[name]


def test_the_controller_writes_the_rewritten_bytecode_the_workers_load(
    tmp_path, pytestconfig, monkeypatch
):
    from _pytest.assertion.rewrite import PYC_TAIL, _read_pyc, get_cache_dir

    conftest = _conftest()
    (tmp_path / "sub").mkdir()
    test_file = tmp_path / "sub" / "test_a.py"
    test_file.write_text("def test_x():\n    a = 1\n    assert a == 2\n")
    (tmp_path / "conftest.py").write_text("X = 1\n")
    (tmp_path / "helper.py").write_text("assert True\n")  # not a test file: not rewritten
    config = _RewriteConfig(pytestconfig, tmp_path)
    stale = conftest._stale_rewritten_test_files(config)
    assert sorted(p.name for _, p in stale) == ["conftest.py", "test_a.py"]

    monkeypatch.setattr("sys.dont_write_bytecode", True)  # the user asked for no bytecode
    conftest.pytest_sessionstart(type("Session", (), {"config": config})())
    assert len(conftest._stale_rewritten_test_files(config)) == 2
    conftest.pytest_sessionstart(
        type("S", (), {"config": _RewriteConfig(pytestconfig, tmp_path, False)})()
    )
    assert len(conftest._stale_rewritten_test_files(config)) == 2  # no xdist: nothing to share

    monkeypatch.setattr("sys.dont_write_bytecode", False)
    conftest.pytest_sessionstart(type("Session", (), {"config": config})())
    assert conftest._stale_rewritten_test_files(config) == []
    # what a worker's import finds: valid for the source, with pytest's assert messages
    code = _read_pyc(test_file, get_cache_dir(test_file) / ("test_a" + PYC_TAIL))
    assert code is not None
    namespace: dict = {}
    exec(code, namespace)
    try:
        namespace["test_x"]()
    except AssertionError as error:
        assert "assert 1 == 2" in str(error)
    else:
        raise AssertionError("the rewritten test did not fail")
