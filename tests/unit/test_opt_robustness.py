"""`asc-opt` on failures that are not the input's: a pass or target that raises, a pass
pipeline that does not parse, anything else escaping -- a diagnostic, never a traceback.

The input errors xDSL's parser did not expect are lit tests
(tests/filecheck/dialects/parse_limits.mlir); the sweep of every registered pass over
the lit inputs is tools/pass_sweep.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import IO, ClassVar

import pytest
from xdsl.passes import ModulePass
from xdsl.utils.target import Target

from asc_xdsl import universe
from asc_xdsl.opt import AscOptMain, main

ROOT = Path(__file__).resolve().parents[2]
KERNEL = str(ROOT / "examples" / "vector_add.mlir")


@dataclass(frozen=True)
class FailingPass(ModulePass):
    """A pass with a bug: a KeyError while it looks at an `arith.muli`."""

    name = "test-failing-pass"

    def apply(self, ctx, op) -> None:
        for inner in op.walk():
            if inner.name == "arith.muli":
                _ = {}["missing"]


@dataclass(frozen=True)
class FailingTarget(Target):
    name: ClassVar[str] = "test-failing-target"

    def emit(self, ctx, module, output: IO[str]) -> None:
        raise AttributeError("no such thing")


@pytest.fixture
def failing_tools(monkeypatch):
    monkeypatch.setitem(universe.PASSES, FailingPass.name, lambda: FailingPass)
    monkeypatch.setitem(universe.TARGETS, FailingTarget.name, lambda: FailingTarget)


def _run(capsys, *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    return status, captured.err + captured.out


def test_a_failing_pass_is_an_internal_error_at_the_op(failing_tools, capsys):
    status, err = _run(capsys, KERNEL, "-p", f"canonicalize,{FailingPass.name}")
    assert status == 1
    assert "vector_add.mlir:12:3" in err  # the arith.muli's line
    assert f"error: internal error in pass '{FailingPass.name}' at 'arith.muli': KeyError" in err
    assert "please report it" in err


def test_internal_errors_are_diagnostics_per_chunk(failing_tools, capsys):
    # --verify-diagnostics prints it and goes on, as for any diagnostic
    status, err = _run(capsys, KERNEL, "-p", FailingPass.name, "--verify-diagnostics")
    assert status == 0
    assert "internal error in pass" in err


def test_a_failing_target_is_an_internal_error(failing_tools, capsys):
    status, err = _run(capsys, KERNEL, "-t", FailingTarget.name)
    assert status == 1
    assert f"internal error in target '{FailingTarget.name}': AttributeError: no such thing" in err


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("pass{", "the pass pipeline does not parse: [ASC-T700]\npass-pipeline:1:6"),
        ("canonicalize{max-iterations=1", "the pass pipeline does not parse"),
        ("no-such-pass", "-p 'no-such-pass': Unrecognized passes: ['no-such-pass']"),
        ("ascendc-jit-pipeline{insert-sync=abc}", "Incompatible types"),
    ],
)
def test_bad_pipelines_are_usage_errors(capsys, spec, message):
    status, err = _run(capsys, KERNEL, "-p", spec)
    assert status == 1
    assert err.startswith("asc-opt: error: ")
    assert message in err


def test_anything_else_is_one_line_not_a_traceback(monkeypatch, capsys):
    def broken(self) -> None:
        raise RuntimeError("something inside broke")

    monkeypatch.setattr(AscOptMain, "run", broken)
    status, err = _run(capsys, KERNEL)
    assert status == 1
    assert err.startswith("asc-opt: internal error: RuntimeError: something inside broke")


def test_a_target_spec_that_does_not_parse_is_a_usage_error(capsys):
    status, err = _run(capsys, KERNEL, "-t", "ascendc{")
    assert status == 1
    assert err.startswith("asc-opt: error: pass-pipeline:1:9")


def test_verify_sync_skips_a_function_of_several_blocks_with_a_warning(tmp_path, capsys):
    # found by tools/pass_sweep.py: an internal error (Region.block) before
    path = tmp_path / "blocks.mlir"
    path.write_text("func.func @f() {\n  cf.br ^bb1\n^bb1:\n  return\n}\n")
    status, err = _run(capsys, str(path), "-p", "ascendc-verify-sync")
    assert status == 0
    assert "blocks.mlir:1:1" in err
    assert "warning: not checked: the function branches between blocks (cf ops)" in err


@pytest.mark.parametrize("name", ["ascendc-insert-sync", "ascendc-input-output-tensor"])
def test_passes_refuse_a_function_of_several_blocks_at_the_function(tmp_path, capsys, name):
    # found by tools/pass_sweep.py: an internal error (Region.block) before
    path = tmp_path / "blocks.mlir"
    path.write_text("func.func @f() {\n  cf.br ^bb1\n^bb1:\n  return\n}\n")
    status, err = _run(capsys, str(path), "-p", name)
    assert status == 1
    assert "blocks.mlir:1:1" in err
    assert f"error: {name}: the function branches between blocks (cf ops)" in err
