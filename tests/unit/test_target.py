"""`-t ascendc` in asc-opt and plain xdsl-opt, the version text, and driver errors."""

import contextlib
import io
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest
import xdsl
from xdsl.universe import Universe
from xdsl.xdsl_opt_main import xDSLOptMain

from asc_xdsl import opt
from asc_xdsl.backends.ascendc import AscendCTarget
from asc_xdsl.universe import ASC_XDSL_UNIVERSE

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable

KERNEL = """\
func.func @k(%x: memref<?xf32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %idx = ascendc.get_block_idx : i32
  ascendc.pipe_barrier pipe_v
  return
}
"""
EXPECTED = """\
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void k(__gm__ float* x, int32_t n) {
  int32_t idx = static_cast<int32_t>(AscendC::GetBlockIdx());
  AscendC::PipeBarrier<PIPE_V>();
  return;
}
"""


@pytest.fixture
def kernel_file(tmp_path: Path) -> Path:
    path = tmp_path / "kernel.mlir"
    path.write_text(KERNEL)
    return path


def run_opt(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """asc-opt as a program: `python -m asc_xdsl.opt` in a process of its own."""
    return subprocess.run(
        [PYTHON, "-m", "asc_xdsl.opt", *args],
        capture_output=True,
        text=True,
        input=stdin,
        cwd=ROOT,
        timeout=120,
    )


def opt_in_process(*args: str) -> subprocess.CompletedProcess[str]:
    """What `run_opt` gives, from `opt.main` in this process (what the module's
    `sys.exit(main())` runs): the exit status, stdout and stderr. An exception that
    escapes main (a traceback in a process) fails the test."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = opt.main(list(args))
        except SystemExit as e:  # argparse: --version, a bad choice
            status = e.code if isinstance(e.code, int) else 1
    return subprocess.CompletedProcess(args, status, out.getvalue(), err.getvalue())


# -- asc_xdsl.opt -----------------------------------------------------------------


def test_main_prints_ascendc(kernel_file, capsys):
    assert opt.main([str(kernel_file), "-t", "ascendc"]) == 0
    assert capsys.readouterr().out == EXPECTED


def test_main_writes_output_file(kernel_file, tmp_path):
    out = tmp_path / "kernel.cpp"
    assert opt.main([str(kernel_file), "-t", "ascendc", "-o", str(out)]) == 0
    assert out.read_text() == EXPECTED


def test_main_without_target_round_trips_the_ir(kernel_file, capsys):
    assert opt.main([str(kernel_file)]) == 0
    out = capsys.readouterr().out
    assert "ascendc.get_block_idx : i32" in out
    assert "ascendc.pipe_barrier pipe_v" in out


def test_ascendc_is_among_the_targets():
    main = opt.AscOptMain(args=["-t", "ascendc"])
    assert "ascendc" in main.available_targets
    assert main.available_targets["ascendc"]() is AscendCTarget


def test_unknown_target_is_rejected(kernel_file):
    result = opt_in_process(str(kernel_file), "-t", "no-such-target")
    assert result.returncode != 0
    assert "no-such-target" in result.stderr
    assert "ascendc" in result.stderr  # listed among the choices


def test_module_entry_point_runs_and_reads_stdin():
    # (the one asc-opt process of this file: the other cases run opt.main in process;
    # test_main_prints_ascendc reads a file)
    result = run_opt("-t", "ascendc", stdin=KERNEL)
    assert result.returncode == 0, result.stderr
    assert result.stdout == EXPECTED


# -- xdsl.universe entry point ----------------------------------------------------


def test_universe_entry_point_is_registered():
    points = {ep.name: ep for ep in entry_points(group="xdsl.universe")}
    assert points["asc_xdsl"].value == "asc_xdsl.universe:ASC_XDSL_UNIVERSE"
    assert points["asc_xdsl"].load() is ASC_XDSL_UNIVERSE


def test_multiverse_knows_ascendc():
    multiverse = Universe.get_multiverse()
    assert "ascendc" in multiverse.all_dialects
    assert "ascendc" in multiverse.all_targets
    assert multiverse.all_targets["ascendc"]() is AscendCTarget
    assert multiverse.all_dialects["ascendc"]().name == "ascendc"


def test_plain_xdsl_opt_main_sees_dialect_and_target(kernel_file, capsys):
    main = xDSLOptMain(args=[str(kernel_file), "-t", "ascendc"])
    assert "ascendc" in main.ctx.registered_dialect_names
    assert "ascendc" in main.available_targets
    main.run()
    assert capsys.readouterr().out == EXPECTED


# (the `xdsl-opt` program itself, in a process of its own, finds our dialects and passes
# through the same entry point: test_universe.py's
# test_the_xdsl_opt_program_reads_back_what_asc_opt_prints; the target it reads from the
# same Universe is the case above)


# -- --version ----------------------------------------------------------------------


def test_version_text():
    result = opt_in_process("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"asc-opt (asc_xdsl) built on xdsl {xdsl.__version__}"


# -- errors: status 1, file:line:col, no traceback ----------------------------------


@pytest.mark.parametrize(
    ("source", "position", "message"),
    [
        (
            "func.func @f(%a: i32) {\n  %x = arith.addi %a, %a : i64\n  return\n}\n",
            ":2:19",
            "operand is used with type i64",
        ),
        (
            "func.func @f() {\n  %x = arith.addi %y, %y : i32\n  return\n}\n",
            ":",
            "values used but not defined",
        ),
        (
            "func.func @f() {\n  %x = arith.frobnicate : i32\n  return\n}\n",
            ":2:",
            "Operation arith.frobnicate is not registered",
        ),
        (
            "func.func @f() -> i32 {\n  func.return\n}\n",
            ":2:3",
            "error:",
        ),
        (
            "func.func @f(%a: i32, %b: i32) {\n"
            "  %s, %o = arith.addui_extended %a, %b : i32, i1\n  return\n}\n",
            ":2:3",
            "cannot emit 'arith.addui_extended' as Ascend C",
        ),
    ],
    ids=["type-mismatch", "undefined-value", "unknown-op", "verify-error", "codegen-error"],
)
def test_malformed_ir_exits_1_with_position(tmp_path, source, position, message):
    path = tmp_path / "bad.mlir"
    path.write_text(source)
    result = opt_in_process(str(path), "-t", "ascendc")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    assert f"{path}{position}" in result.stderr
    assert message in result.stderr


def test_missing_input_file_is_an_error_not_a_traceback(tmp_path):
    result = opt_in_process(str(tmp_path / "absent.mlir"), "-t", "ascendc")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "absent.mlir" in result.stderr


def test_main_returns_1_in_process(tmp_path, capsys):
    path = tmp_path / "bad.mlir"
    path.write_text("func.func @f() {\n  %x = arith.addi %y, %y : i32\n  return\n}\n")
    assert opt.main([str(path), "-t", "ascendc"]) == 1
    err = capsys.readouterr().err
    assert "values used but not defined" in err
