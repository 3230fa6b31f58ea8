"""`asc-opt --verify-diagnostics` checks the `expected-*` annotations (MLIR's meaning)."""

from __future__ import annotations

import pytest

from asc_xdsl.expected_diagnostics import compare, expectations, reported
from asc_xdsl.opt import main

_MESSAGE = "a Reg op must be inside a vector function"

# line 4 holds the op the verifier refuses (not in a vector function)
_BODY = """builtin.module attributes {{ascendc.soc = "Ascend950PR_9599"}} {{
  func.func @plain(%x: memref<?xf32, 26 : i64>) {{
    %c0 = arith.constant 0 : i32{above}
    %a = ascendc.reg.load_align %x, %c0 : memref<?xf32, 26 : i64>, i32 -> !ascendc.reg_tensor<f32>{below}
    func.return
  }}
}}
"""


def _run(tmp_path, capsys, text: str) -> tuple[int, str, str]:
    path = tmp_path / "case.mlir"
    path.write_text(text)
    status = main([str(path), "--split-input-file", "--verify-diagnostics"])
    out, err = capsys.readouterr()
    return status, out, err


def _case(above: str = "", below: str = "") -> str:
    return _BODY.format(above=above, below=below)


def test_matching_annotation_passes_and_the_diagnostic_is_still_printed(tmp_path, capsys):
    status, out, err = _run(
        tmp_path, capsys, _case(above=f"\n    // expected-error @+1 {{{{{_MESSAGE}}}}}")
    )
    assert status == 0, err
    assert _MESSAGE in out and err == ""


def test_offsets_above_and_two_ahead(tmp_path, capsys):
    # @-1 from the line after the op; @+2 from two lines before it
    text = _case(below=f"\n    // expected-error @-1 {{{{{_MESSAGE}}}}}")
    text += "// -----\n" + _case(above=f"\n    // expected-error @+2 {{{{{_MESSAGE}}}}}\n")
    status, _, err = _run(tmp_path, capsys, text)
    assert status == 0, err


def test_wrong_text_fails_located(tmp_path, capsys):
    status, _, err = _run(
        tmp_path, capsys, _case(above="\n    // expected-error @+1 {{XXXX WRONG TEXT}}")
    )
    assert status == 1
    assert 'case.mlir:4: error: expected error "XXXX WRONG TEXT" was not produced' in err
    assert (
        f"unexpected error at {tmp_path / 'case.mlir'}:5: 'ascendc.reg.load_align': {_MESSAGE}"
        in err
    )


def test_missing_expectation_fails(tmp_path, capsys):
    # the first chunk is valid: its annotation is never produced
    text = "func.func @ok() {\n  // expected-error @+1 {{boom}}\n  func.return\n}\n"
    text += "// -----\n" + _case(above=f"\n    // expected-error @+1 {{{{{_MESSAGE}}}}}")
    status, _, err = _run(tmp_path, capsys, text)
    assert status == 1
    assert err.strip().endswith('case.mlir:2: error: expected error "boom" was not produced')


def test_unexpected_error_in_an_annotated_chunk_fails(tmp_path, capsys):
    # the annotation names the wrong line (the op is one further down)
    status, _, err = _run(
        tmp_path, capsys, _case(above=f"\n    // expected-error {{{{{_MESSAGE}}}}}")
    )
    assert status == 1
    assert "case.mlir:5: 'ascendc.reg.load_align'" in err and "unexpected error at" in err
    assert "case.mlir:4: error: expected error" in err


def test_chunk_without_annotations_keeps_xdsl_behaviour(tmp_path, capsys):
    status, out, err = _run(tmp_path, capsys, _case())
    assert status == 0 and err == ""
    assert _MESSAGE in out


def test_malformed_annotation_is_reported(tmp_path, capsys):
    status, _, err = _run(tmp_path, capsys, _case(above=f"\n    // expected-error @+1 {_MESSAGE}"))
    assert status == 1 and "case.mlir:4: error: expected-* annotation does not parse" in err


def test_reported_reads_spans_inline_locations_notes_and_hints():
    text = (
        "k.mlir:7:3\n  %a = foo\n  ^^^\n  error: bad thing [ASC-V200]\n  note: see here\n"
        "hint: do it otherwise\nk.mlir:9:1: warning: careful\nerror: nowhere"
    )
    got = [(d.severity, d.file, d.line, d.message) for d in reported(text)]
    assert got == [
        ("error", "k.mlir", 7, "bad thing [ASC-V200]"),
        ("note", "k.mlir", 7, "see here"),
        ("warning", "k.mlir", 9, "careful"),
        ("error", None, 0, "nowhere"),
    ]


@pytest.mark.parametrize(
    ("annotation", "line"),
    [("@+3", 13), ("@-1", 9), ("@above", 9), ("@below", 11), ("", 10)],
)
def test_expectation_lines(annotation: str, line: int):
    text = "\n" * 9 + f"// expected-warning {annotation} {{{{careful}}}}"
    found, bad = expectations(text, 0, "k.mlir")
    assert not bad and [(e.severity, e.line, e.text) for e in found] == [
        ("warning", line, "careful")
    ]


def test_severity_must_match():
    found, _ = expectations("// expected-warning {{careful}}", 4, "k.mlir")
    got = list(reported("k.mlir:5:1: error: careful"))
    assert compare(found, got, "k.mlir") == [
        "unexpected error at k.mlir:5: careful",
        'k.mlir:5: error: expected warning "careful" was not produced',
    ]
