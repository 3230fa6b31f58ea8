"""tools/pyasc2_suite.py: PyAsc2's tests get only their imports rewritten, and a
checkout without python/test/asc2 is refused with the variable to set."""

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import pyasc2_suite


def test_imports_rewritten_lines_kept():
    source = "\n".join(
        [
            "import asc2",
            "import asc",
            "import asc.runtime.config as config",
            "from asc.runtime import config",
            "from asc2 import load  # a comment",
            "x = asc2.load(t, [8], offsets=[0])",
        ]
    )
    assert pyasc2_suite.rewrite(source).split("\n") == [
        "import asc_xdsl.asc2 as asc2",
        "import asc_xdsl as asc",
        "import asc_xdsl.runtime.config as config",
        "from asc_xdsl.runtime import config",
        "from asc_xdsl.asc2 import load  # a comment",
        "x = asc2.load(t, [8], offsets=[0])",
    ]


def test_checkout_without_tests_is_refused(tmp_path, monkeypatch):
    monkeypatch.delenv(pyasc2_suite.SRC_ENV, raising=False)
    with pytest.raises(SystemExit, match="PYASC2_SRC"):
        pyasc2_suite.find_source(None)
    with pytest.raises(SystemExit, match="no python/test/asc2"):
        pyasc2_suite.find_source(str(tmp_path))


def test_dump_dir_gives_each_test_a_folder(tmp_path, monkeypatch):
    """--dump-dir: the run's conftest points ASC_XDSL_DUMP_DIR at a folder per test
    (PyAsc2's tests reuse kernel names; one folder would keep only the last)."""
    namespace: dict = {}
    exec(pyasc2_suite.CONFTEST, namespace)
    fixture = namespace["_dump_per_test"].__wrapped__
    node = type("Node", (), {"nodeid": "kernels/test_vadd.py::test_vadd[64-dtype0]"})
    request = type("Request", (), {"node": node})
    monkeypatch.setenv(pyasc2_suite.DUMP_ENV, str(tmp_path))
    fixture(request, monkeypatch)
    folder = Path(tmp_path) / "kernels_test_vadd.py_test_vadd_64-dtype0_"
    assert Path(os.environ["ASC_XDSL_DUMP_DIR"]) == folder
