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


# -- reading msprof's CSVs, beside the simulator's --------------------------------------

BASIC = "Op Name,Op Type,Task Duration(us),Block Dim,Mix Block Dim,Device Id,Pid,Current Freq,Rated Freq\n"


def _pipe_csv(rows: list[dict[str, str]]) -> str:
    from asc_xdsl.runtime.simulator.profile import PIPE_UTILIZATION_HEADER as header

    lines = [",".join(header)]
    lines += [",".join(r.get(h, "NA") for h in header) for r in rows]
    return "\n".join(lines) + "\n"


def _device_result(root: Path, name: str = "add_custom", duration: str = "12.5") -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "OpBasicInfo.csv").write_text(BASIC + f"{name},vector,{duration},2,0,0,1,1800,1800\n")
    rows = [
        {"block_id": "0", "sub_block_id": "vector0", "aiv_vec_time(us)": "2.0",
         "aiv_vec_ratio": "0.2", "aiv_mte2_time(us)": "6.0", "aiv_mte2_ratio": "0.6"},
        {"block_id": "1", "sub_block_id": "vector0", "aiv_vec_time(us)": "4.0",
         "aiv_vec_ratio": "0.4", "aiv_mte2_time(us)": "NA", "aiv_mte2_ratio": "NA"},
    ]  # fmt: skip
    (root / "PipeUtilization.csv").write_text(_pipe_csv(rows))
    return root


def test_read_an_opprof_folder(tmp_path):
    (s,) = prof.read_profile(_device_result(tmp_path / "OPPROF_1_A"))
    assert (s.name, s.op_type, s.task_duration_us, s.block_dim) == ("add_custom", "vector", 12.5, 2)
    assert s.pipes["aiv_vec"] == (3.0, pytest.approx(0.3))  # the blocks' mean
    assert s.pipes["aiv_mte2"] == (6.0, 0.6)  # NA rows left out
    assert "aic_cube" not in s.pipes  # every row NA


def test_read_several_kernels_and_op_summary(tmp_path):
    root = tmp_path / "OPPROF_2_B"
    _device_result(root / "device0" / "add_custom" / "0", "add_custom")
    _device_result(root / "device0" / "mul_custom" / "0", "mul_custom", "3")
    assert [s.name for s in prof.read_profile(tmp_path)] == ["add_custom", "mul_custom"]
    summary = tmp_path / "op_summary_0_1.csv"
    summary.write_text(
        "Task ID,Op Name,Task Type,Task Duration(us),Block Dim,aiv_vec_time(us),aiv_vec_ratio\n"
        "1,add_custom,AI_VECTOR_CORE,7.25,8,1.5,0.25\n"
    )
    (s,) = prof.read_profile(summary)
    assert (s.op_type, s.task_duration_us, s.block_dim, s.pipes) == (
        "AI_VECTOR_CORE",
        7.25,
        8,
        {"aiv_vec": (1.5, 0.25)},
    )


def test_read_errors(tmp_path):
    with pytest.raises(prof.ProfError, match=r"no such msprof result"):
        prof.read_profile(tmp_path / "missing")
    with pytest.raises(prof.ProfError, match=r"no OpBasicInfo\*.csv under .*instruction traces"):
        prof.read_profile(tmp_path)
    bad = tmp_path / "x.csv"
    bad.write_text("a,b\n1,2\n")
    with pytest.raises(prof.ProfError, match=r"not an msprof summary \(no 'Task Duration\(us\)'"):
        prof.read_profile(bad)


def test_simulator_profile_side_by_side(tmp_path, capsys):
    import numpy as np
    from cann_fake import vector_add_kernel

    from asc_xdsl.runtime import last_profile

    n = 8 * 2048
    x, y, z = (np.ones(n, np.float32) for _ in range(3))
    vector_add_kernel()[8](x, y, z, n, backend="cpu", profile_dir=str(tmp_path / "sim"))
    kp = last_profile()
    sim = prof.summary_of(kp)
    assert sim.task_duration_us == pytest.approx(kp.task_duration_us, abs=1e-6)
    assert sim.block_dim == 8 and sim.name == "add_custom"
    vec_us = [kp.us(b.figures.cycles["V"]) for b in kp.blocks]
    assert sim.pipes["aiv_vec"][0] == pytest.approx(sum(vec_us) / len(vec_us), abs=1e-5)
    assert kp.output_dir is not None and kp.output_dir.exists()  # its own CSVs kept
    device = prof.read_profile(_device_result(tmp_path / "dev"))[0]
    table = prof.compare(device, sim).splitlines()
    assert table[0] == "add_custom (vector)"
    assert table[1].split() == ["field", "device", "simulator"]
    assert table[2].split()[:3] == ["Task", "Duration(us)", "12.500"]
    assert table[4].split()[:4] == [
        "aiv_mte2",
        "time(us)",
        "6.000",
        f"{sim.pipes['aiv_mte2'][0]:.3f}",
    ]
    assert prof.main(["show", str(tmp_path / "dev"), "--simulator", str(tmp_path / "sim")]) == 0
    assert capsys.readouterr().out.strip() == "\n".join(table)
    assert prof.main(["show", str(tmp_path / "dev"), "--kernel", "nope"]) == 2
    assert "no kernel 'nope' in" in capsys.readouterr().err
