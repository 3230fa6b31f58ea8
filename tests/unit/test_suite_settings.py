"""tests/unit/conftest.py's xdist scheduling: the test files that sweep the lit inputs run
on one worker, first; every other test is handed out on its own; each runs once."""

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
    *(f"tests/unit/test_tile.py::test_t[{i}]" for i in range(5)),
    *(f"tests/unit/test_universe.py::test_u[{i}]" for i in range(3)),
    "tests/unit/test_tile.py::test_last",
]
LIT_INPUT_TESTS = [n for n in COLLECTION if "test_tile" not in n]


def test_lit_input_sweeps_run_together_first_and_every_test_once():
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
    together = [node for node in nodes if LIT_INPUT_TESTS[0] in node.ran]
    (lit_node,) = together
    assert lit_node.ran[: len(LIT_INPUT_TESTS)] == LIT_INPUT_TESTS
    other = nodes[1 - nodes.index(lit_node)]
    assert other.ran and not set(other.ran) & set(LIT_INPUT_TESTS)
    assert not any(sched.assigned_work.values())  # finished scopes are dropped


def test_other_dist_modes_are_xdists():
    conftest = _conftest()
    assert conftest.pytest_xdist_make_scheduler(_Config("loadfile"), _Log()) is None
