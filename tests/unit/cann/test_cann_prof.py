"""`python -m asc_xdsl.prof` / `asc_xdsl.prof.profile` against a fake msprof."""

from __future__ import annotations

import json
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from cann_fake import ROOT

from asc_xdsl import prof

FAKE_MSPROF = """\
import json, os, subprocess, sys, time
from pathlib import Path
args = sys.argv[1:]
out = Path(next(a.split("=", 1)[1] for a in args if a.startswith("--output=")))
app = args[next(i for i, a in enumerate(args) if not a.startswith("-") and a not in ("op", "simulator")):]
(out / "msprof_args.json").write_text(json.dumps({"args": args, "backend": os.environ.get("ASC_XDSL_BACKEND")}))
rc = subprocess.run(app).returncode
d = out / "OPPROF_20260101000000_ABCDEFGHIJKLMNOP"
d.mkdir()
(d / "OpBasicInfo.csv").write_text("Op Name,Task Duration(us)\\nadd_custom,1.5\\n")
(d / "PipeUtilization.csv").write_text("block_id\\n0\\n")
sys.exit(rc)
"""


@pytest.fixture
def fake_msprof(fake_toolkit) -> Path:
    path = fake_toolkit.home / "tools" / "profiler" / "bin" / "msprof"
    path.parent.mkdir(parents=True)
    path.write_text(f"#!{sys.executable}\n{FAKE_MSPROF}")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return path


def test_device_command(fake_msprof, tmp_path):
    run = prof.msprof_command("app.py", ["-n", "3"], output=tmp_path, python="py")
    assert run.command == [
        str(fake_msprof), "op", "--aic-metrics=KernelScale", f"--output={tmp_path}",
        "py", "app.py", "-n", "3",
    ]  # fmt: skip
    assert run.env["ASC_XDSL_BACKEND"] == "npu"


def test_user_metrics_are_kept(fake_msprof):
    run = prof.msprof_command(
        "app.py",
        msprof_options=["--aic-metrics=PipeUtilization", "--kernel-name=add*"],
        python="py",
    )
    assert run.command[2:5] == ["--aic-metrics=PipeUtilization", "--kernel-name=add*", "--output=."]


def test_simulator_command(fake_msprof, monkeypatch):
    run = prof.msprof_command("./bench", ["1"], simulator=True)
    assert run.command == [
        str(fake_msprof),
        "op",
        "simulator",
        "--soc-version=Ascend910B1",
        "--output=.",
        "./bench",
        "1",
    ]
    assert run.env["ASC_XDSL_BACKEND"] == "model"
    monkeypatch.setenv("ASC_XDSL_SOC_VERSION", "Ascend910B4")
    assert "--soc-version=Ascend910B4" in prof.msprof_command("a.py", simulator=True).command
    assert (
        "--soc-version=Ascend910_9391"
        in prof.msprof_command("a.py", simulator=True, soc_version="Ascend910_9391").command
    )
    monkeypatch.setenv("ASC_XDSL_BACKEND", "cpu")
    assert prof.msprof_command("a.py", simulator=True).env["ASC_XDSL_BACKEND"] == "cpu"


def test_option_errors(fake_msprof):
    with pytest.raises(prof.ProfError, match=r"must be written --name=value"):
        prof.msprof_command("a.py", msprof_options=["-x"])
    with pytest.raises(prof.ProfError, match=r"pass --output as asc_xdsl.prof's own option"):
        prof.msprof_command("a.py", msprof_options=["--output=x"])
    with pytest.raises(prof.ProfError, match=r"use it with --simulator"):
        prof.msprof_command("a.py", soc_version="Ascend910B1")


def test_msprof_lookup(fake_toolkit, tmp_path, monkeypatch):
    with pytest.raises(
        prof.ProfError, match=r"msprof not found on PATH nor in .*tools/profiler/bin/msprof"
    ):
        prof.find_msprof()
    monkeypatch.setenv("ASC_XDSL_MSPROF", str(tmp_path / "missing"))
    with pytest.raises(prof.ProfError, match=r"ASC_XDSL_MSPROF=.*missing.* is not an executable"):
        prof.find_msprof()


def test_without_cann(no_cann, capsys):
    assert prof.main(["--", "app.py"]) == 2
    err = capsys.readouterr().err
    assert "msprof not found: it comes with the CANN toolkit, and none was found" in err
    assert "set_env.sh" in err and "ASCEND_HOME_PATH" in err


def test_main_runs_the_script_and_reports(fake_msprof, tmp_path, capsys):
    script = tmp_path / "app.py"
    script.write_text(
        "import sys, os; print('app ran', sys.argv[1:], os.environ['ASC_XDSL_BACKEND'])\n"
    )
    out = tmp_path / "prof"
    rc = prof.main(["--output", str(out), "--warm-up=0", "--", str(script), "7"])
    assert rc == 0
    recorded = json.loads((out / "msprof_args.json").read_text())
    assert recorded["backend"] == "npu"
    assert recorded["args"][:3] == ["op", "--aic-metrics=KernelScale", "--warm-up=0"]
    printed = capsys.readouterr().out
    assert (
        f"msprof results: {out.resolve()}/OPPROF_20260101000000_ABCDEFGHIJKLMNOP (2 CSV files)"
        in printed
    )
    assert "  OpBasicInfo.csv" in printed


@pytest.mark.skipif(
    shutil.which("msprof") is not None or Path("/usr/local/Ascend/ascend-toolkit/latest").exists(),
    reason="a real CANN is installed here",
)
def test_module_entry_point(no_cann):
    proc = subprocess.run(
        [sys.executable, "-m", "asc_xdsl.prof", "--simulator", "--", "x.py"],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert proc.returncode == 2 and "msprof not found" in proc.stderr


def test_usage_error_without_script(capsys):
    with pytest.raises(SystemExit):
        prof.main(["--simulator"])
    assert "give the script to profile after `--`" in capsys.readouterr().err
