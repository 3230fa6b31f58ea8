"""tools/lit_inprocess.py: our tools' RUN pipelines run inside lit's worker as a shell runs them."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import lit.ShUtil as ShUtil
import pytest

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
sys.path.insert(0, str(ROOT))  # tools/ is not installed

from tools import lit_inprocess as lp  # noqa: E402

TOOL = """
import os, sys, warnings
mode = sys.argv[1]
if mode == "echo":
    sys.stdout.write(sys.stdin.read().upper())
elif mode == "interleave":  # stdout is block-buffered on a pipe, stderr line-buffered
    for i in range(3):
        print(f"out {i}")
        print(f"err {i}", file=sys.stderr)
    print("x" * 5000)  # more than one pipe buffer: flushed before what follows
    print("err last", file=sys.stderr)
    print("tail")
elif mode == "exit":
    print("partial")
    sys.exit(int(sys.argv[2]))
elif mode == "message":
    sys.exit("fatal: went wrong")
elif mode == "raise":
    raise RuntimeError("boom")
elif mode == "state":
    print(os.getcwd(), os.environ.get("LP_PROBE"), sys.argv[0].endswith("lp_tool.py"))
    os.environ["LP_LEAK"] = "1"
    sys.path.insert(0, "/nonexistent")
    warnings.warn("shown every run", UserWarning)
"""


@pytest.fixture
def tool(tmp_path, monkeypatch):
    """A module `lp_tool` importable both in process and by a subprocess."""
    (tmp_path / "lp_tool.py").write_text(TOOL)
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def _subprocess(tmp_path, env, argv, stdin=b"", merge=False):
    env = dict(env, PYTHONPATH=str(tmp_path))
    p = subprocess.run(
        [PY, "-m", "lp_tool", *argv],
        input=stdin,
        capture_output=not merge,
        stdout=subprocess.PIPE if merge else None,
        stderr=subprocess.STDOUT if merge else None,
        env=env,
        cwd=tmp_path,
    )
    return p.stdout, b"" if merge else p.stderr, p.returncode


def _inprocess(tmp_path, env, argv, stdin=b"", merge=False):
    step = lp._Step("lp_tool", list(argv), [], merge)
    return lp._run_module(step, stdin, env, str(tmp_path))


def _env(unbuffered):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return dict(env, PYTHONUNBUFFERED="1") if unbuffered else env


@pytest.mark.parametrize(
    "argv, stdin, merge",
    [
        (["echo"], b"piped text\n", False),
        (["interleave"], b"", True),
        (["interleave"], b"", False),
        (["exit", "3"], b"", False),
        (["exit", "257"], b"", False),
        (["message"], b"", True),
    ],
)
@pytest.mark.parametrize("unbuffered", [False, True])
def test_same_bytes_and_status_as_a_subprocess(tool, argv, stdin, merge, unbuffered):
    env = _env(unbuffered)
    assert _inprocess(tool, env, argv, stdin, merge) == _subprocess(tool, env, argv, stdin, merge)


SCRIPT = """
import os, sys
print(__name__, sys.argv[1:], sys.path[0] == os.path.dirname(os.path.realpath(__file__)))
print(sys.argv[0] == __file__, sys.stdin.read().upper(), end="")
print("to stderr", file=sys.stderr)
sys.exit(int(sys.argv[1]))
"""


@pytest.mark.parametrize("merge", [False, True])
def test_a_script_runs_as_python_runs_it(tmp_path, merge):
    """`python /path/script.py args` (lit's `%python %s`): `__main__`, argv, the script's
    folder first on sys.path, stdin, the exit status."""
    script = tmp_path / "lp_script.py"
    script.write_text(SCRIPT)
    step = lp._Step(str(script), ["3"], [], merge, script=True)
    ours = lp._run_module(step, b"piped\n", dict(os.environ), str(tmp_path))
    p = subprocess.run(
        [PY, str(script), "3"],
        input=b"piped\n",
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT if merge else subprocess.PIPE,
        cwd=tmp_path,
    )
    assert ours == (p.stdout, b"" if merge else p.stderr, 3)
    assert ours[0].startswith(b"__main__ ['3'] True\nTrue PIPED\n")


def test_uncaught_exception_prints_traceback_and_exits_1(tool):
    _out, err, status = _inprocess(tool, dict(os.environ), ["raise"])
    assert status == 1
    assert b"RuntimeError: boom" in err and b"Traceback" in err


STATE_PROBE = """
import json, os, sys, warnings
from tools import lit_inprocess as lp
saved = os.getcwd(), list(sys.path), sys.stdout, sys.stderr, list(warnings.filters)
env = dict(os.environ, LP_PROBE="probe")
step = lp._Step("lp_tool", ["state"], [], False)
runs = [lp._run_module(step, b"", env, sys.argv[1]) for _ in range(2)]
restored = saved == (os.getcwd(), list(sys.path), sys.stdout, sys.stderr, list(warnings.filters))
leaked = [v for v in ("LP_LEAK", "LP_PROBE") if v in os.environ]
print(json.dumps([[o.decode(), e.decode(), s] for o, e, s in runs] + [restored, leaked]))
"""


def test_environment_cwd_path_and_warnings_are_per_run(tool):
    # In a fresh interpreter, as in a lit worker (pytest records warnings itself).
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(tool)]))
    p = subprocess.run(
        [PY, "-c", STATE_PROBE, str(tool)], capture_output=True, text=True, env=env, cwd=ROOT
    )
    *runs, restored, leaked = json.loads(p.stdout)
    for out, err, status in runs:  # the warning is shown again: no registry carried over
        assert (out, status) == (f"{tool} probe True\n", 0)
        assert "UserWarning: shown every run" in err
    assert restored and leaked == []


XDSL_STATE_PROBE = """
import json, sys
sys.path.insert(0, sys.argv[1])
import lit_inprocess as lp
bad = sys.argv[2]
def opt(*argv):
    step = lp._Step("asc_xdsl.opt", [bad, *argv], [], True)
    return lp._run_module(step, b"", dict(__import__("os").environ), sys.argv[1])[0].decode()
first = opt()
opt("--disable-verify")  # xDSL's driver patches Attribute.__post_init__ for this run
second = opt()
print(json.dumps([first, second]))
"""


def test_xdsl_driver_patches_do_not_outlive_a_command(tmp_path):
    # `asc-opt --disable-verify` turns attribute verification off process-wide; the
    # next in-process command must verify again, as a new interpreter would.
    bad = tmp_path / "bad.mlir"
    bad.write_text(
        "func.func @f() {\n  %p = ascendc.tBufPool : !ascendc.tbuf_pool<vecin, 17>\n  return\n}\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run(
        [PY, "-c", XDSL_STATE_PROBE, str(ROOT / "tools"), str(bad)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    first, second = json.loads(p.stdout)
    assert "bufIDSize 17 is out of range" in first
    assert second == first


def _pipeline(line):
    return ShUtil.ShParser(line, False, True).parse()


@pytest.mark.parametrize(
    "line, modules",
    [
        (f"{PY} -m filecheck x", ["filecheck"]),
        (f"{PY} -m asc_xdsl.opt a -t ascendc | {PY} -m filecheck a", ["asc_xdsl.opt", "filecheck"]),
        (f"not {PY} -m asc_xdsl.opt a 2>&1 | {PY} -m filecheck a", ["asc_xdsl.opt", "filecheck"]),
        (f"! not {PY} -m filecheck a", ["filecheck"]),
    ],
)
def test_plans_our_pipelines(line, modules):
    steps = lp._plan(_pipeline(line), frozenset({"asc_xdsl.opt", "filecheck"}))
    assert [s.module for s in steps] == modules


def test_plans_scripts_only_when_asked_and_by_absolute_path():
    script = f"{PY} /abs/kernel.py --flag | {PY} -m filecheck /abs/kernel.py"
    steps = lp._plan(_pipeline(script), frozenset({"filecheck"}), scripts=True)
    assert [(s.module, s.argv, s.script) for s in steps] == [
        ("/abs/kernel.py", ["--flag"], True),
        ("filecheck", ["/abs/kernel.py"], False),
    ]
    assert lp._plan(_pipeline(script), frozenset({"filecheck"})) is None
    assert lp._plan(_pipeline(f"{PY} kernel.py"), frozenset(), scripts=True) is None


@pytest.mark.parametrize(
    "line",
    [
        "echo hi",
        f"{PY} -m filecheck x < input",
        f"{PY} -m filecheck x > out",
        f"{PY} -m filecheck x 2> err",
        f"not --crash {PY} -m filecheck x",
        f"env A=1 {PY} -m filecheck x",
        f"{PY} -m pytest x",
        f"{PY} script.py",
        "/usr/bin/other-python -m filecheck x",
        f"{PY} -m filecheck %{{readfile:a}}",
        f"{PY} -m filecheck *.mlir",
        f"{PY} -m asc_xdsl.opt a | cat",
    ],
)
def test_leaves_everything_else_to_lits_shell(line):
    assert lp._plan(_pipeline(line), frozenset({"asc_xdsl.opt", "filecheck"})) is None


@pytest.mark.parametrize(
    "status, not_args, expected",
    [
        (0, ["not"], 1),
        (2, ["not"], 0),
        (-11, ["not"], 1),  # a crash is a failure even under `not`
        (-11, ["!"], 0),
        (3, ["not", "not"], 1),
        (0, [], 0),
    ],
)
def test_not_counts_as_lits_shell_does(status, not_args, expected):
    assert lp._negate(status, not_args) == expected


@pytest.mark.parametrize(
    "env, reproducible",
    [
        ({"PATH": "/bin", "PYTHONPATH": "/x", "PYTHONUNBUFFERED": "1"}, True),
        ({"LANG": "en_US.UTF-8"}, True),
        ({"PYTHONPYCACHEPREFIX": "/tmp/pyc", "PYTHONDONTWRITEBYTECODE": "1"}, True),
        ({"LC_ALL": "C"}, True),
        ({"PYTHONWARNINGS": "error"}, False),
        ({"PYTHONIOENCODING": "latin-1"}, False),
        ({"LANG": "en_US.ISO-8859-1"}, False),
    ],
)
def test_start_up_settings_it_cannot_reproduce_go_to_lits_shell(env, reproducible):
    assert lp._reproducible(env) is reproducible


def test_unknown_mode_is_an_error():
    with pytest.raises(ValueError, match="inprocess='2': expected one of 1, 0, check"):
        lp.InProcessShTest(["filecheck"], "2")


SUITE_CFG = """
import os, sys
sys.path.insert(0, {root!r})
sys.path.insert(0, os.path.dirname(__file__))  # lp_cli
from tools.lit_inprocess import InProcessShTest
config.name = "lp"
config.test_format = InProcessShTest(["filecheck", "lp_cli"], lit_config.params["inprocess"])
config.suffixes = [".test"]
config.test_source_root = os.path.dirname(__file__)
config.substitutions.append(("filecheck", sys.executable + " -m filecheck"))
config.substitutions.append(("lp-cli", sys.executable + " -m lp_cli"))
config.environment["PYTHONPATH"] = os.path.dirname(__file__)
"""

CLI = """
import os, sys
if sys.argv[1] == "emit":
    print(" ".join(sys.argv[2:]))
elif sys.argv[1] == "fail":
    print("lp-cli: error: bad input", file=sys.stderr)
    sys.exit(1)
elif sys.argv[1] == "pid":
    print(os.getpid())
"""

TESTS = {
    "pass.test": """
        RUN: lp-cli emit hello world | filecheck %s
        CHECK: hello world
    """,
    "broken_check.test": """
        RUN: lp-cli emit hello | filecheck %s
        CHECK: not there
    """,
    "expected_error.test": """
        RUN: not lp-cli fail 2>&1 | filecheck %s
        CHECK: error: bad input
    """,
    "failing_producer.test": """
        RUN: lp-cli fail | filecheck %s --allow-empty --check-prefix=NONE
        NONE-NOT: anything
    """,
    "pid.test": """
        A command whose output differs in process (the worker's pid): check mode says so.
        RUN: lp-cli pid
    """,
}


def _run_lit(suite, mode):
    p = subprocess.run(
        [
            PY,
            "-c",
            "import lit.main; lit.main.main()",
            "-v",
            "-j1",
            f"-Dinprocess={mode}",
            str(suite),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    verdicts = {}
    for line in p.stdout.splitlines():
        for name in TESTS:
            if line.startswith(("PASS: ", "FAIL: ")) and f":: {name} " in line:
                verdicts[name] = line.split(":")[0]
    return verdicts, p.stdout


def test_a_lit_suite_in_check_mode_runs_both_ways_and_compares(tmp_path):
    (tmp_path / "lit.cfg").write_text(SUITE_CFG.format(root=str(ROOT)))
    (tmp_path / "lp_cli.py").write_text(CLI)
    for name, text in TESTS.items():
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip())
    verdicts, log = _run_lit(tmp_path, "check")
    assert verdicts == {
        "pass.test": "PASS",
        "broken_check.test": "FAIL",
        "expected_error.test": "PASS",
        "failing_producer.test": "FAIL",  # pipefail: the producer's status counts
        "pid.test": "FAIL",
    }
    # The failure log is lit's: the command, FileCheck's message, the exit status.
    assert "# executed command: " in log and "-m filecheck" in log
    assert 'error: Couldn\'t match "not there"' in log
    assert "# error: command failed with exit status: 1" in log
    assert log.count("in-process and shell runs differ") == 1
    assert "differ in stdout of " in log and "-m lp_cli pid" in log
