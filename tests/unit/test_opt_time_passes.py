"""`asc-opt --time-passes`: a table of wall-clock seconds per step on stderr (the passes
an `ascendc-jit-pipeline` runs indented below it), the output untouched on stdout."""

import re
from pathlib import Path

from asc_xdsl.opt import main

ROOT = Path(__file__).resolve().parents[2]
KERNEL = str(ROOT / "examples" / "vector_add.mlir")
ROW = re.compile(r"^  +(\d+\.\d{4})  ( *)(\S.*)$")


def _rows(err: str) -> list[tuple[float, int, str]]:
    lines = err.splitlines()
    assert lines[0] == "asc-opt: wall-clock time per step (seconds)"
    rows = []
    for line in lines[1:]:
        m = ROW.match(line)
        assert m, line
        rows.append((float(m.group(1)), len(m.group(2)) // 2, m.group(3)))
    return rows


def test_time_passes_lists_each_step_and_the_pipeline_s_passes(capsys):
    assert main([KERNEL, "-p", "ascendc-jit-pipeline,cse", "-t", "ascendc", "--time-passes"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith('#include "kernel_operator.h"') and "wall-clock" not in out
    rows = _rows(err)
    names = [(depth, name) for _, depth, name in rows]
    assert names[:3] == [(0, "(parse)"), (0, "(verification)"), (0, "ascendc-jit-pipeline")]
    inner = [name for depth, name in names if depth == 1]
    assert "ascendc-plan-memory" in inner and "ascendc-legalize-kernel-args" in inner
    assert names[-3:] == [(0, "cse"), (0, "(target ascendc)"), (0, "total")]
    top = sum(s for s, depth, name in rows if depth == 0 and name != "total")
    assert abs(rows[-1][0] - top) < 1e-3  # the total is the sum of the top-level steps
    pipeline = next(s for s, depth, name in rows if name == "ascendc-jit-pipeline")
    assert sum(s for s, depth, _ in rows if depth == 1) <= pipeline + 1e-3


def test_time_passes_without_passes_times_the_parse_and_output(capsys):
    assert main([KERNEL, "--time-passes"]) == 0
    names = [name for _, _, name in _rows(capsys.readouterr().err)]
    assert names == ["(parse)", "(verification)", "(target mlir)", "total"]


def test_no_report_without_the_flag(capsys):
    assert main([KERNEL, "-p", "cse"]) == 0
    assert capsys.readouterr().err == ""
