"""`python -m asc_xdsl.run` / `asc_xdsl.build` on the inputs fuzzing found tracebacks for:
each ends with one clear message naming the argument, file or IR line, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from asc_xdsl.build import main as build_main
from asc_xdsl.run import MAX_ARRAY_BYTES
from asc_xdsl.run import main as run_main

ROOT = Path(__file__).resolve().parents[2]
VECTOR_ADD = str(ROOT / "examples" / "vector_add.mlir")
ADD_ARGS = ["x=rand:8", "y=rand:8", "z=zeros:8", "n=8"]

OVERFLOW = """\
func.func @over(%x: memref<?xf32, 22 : i64>) attributes {ascendc.global, ascendc.aicore} {
  %c2 = arith.constant 2 : i32
  %big = arith.constant 1048576 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %big : !ascendc.queue<vecin, 2>, i32, i32
  func.return
}
"""
DECLARED = """\
func.func private @k(%x: memref<?xf32, 22 : i64>) attributes {ascendc.global, ascendc.aicore}
"""
STRUCT = """\
func.func @k(%x: memref<?xf32, 22 : i64>,
             %c: memref<?x!emitasc.py_struct<"Cfg", [i32, f32], ["n", "s"]>, 22 : i64>)
    attributes {ascendc.global, ascendc.aicore} {
  func.return
}
"""


def _write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    status = run_main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return status, captured.out, captured.err


@pytest.mark.parametrize("emit", [None, "ascendc"])
def test_run_reports_a_plan_memory_overflow_at_its_line(tmp_path, capsys, emit):
    path = _write(tmp_path, "over.mlir", OVERFLOW)
    argv = [path, "--emit", emit] if emit else [path, "x=zeros:8"]
    status, _, err = _run(capsys, *argv)
    assert status == 1
    assert "over.mlir:6:3" in err
    assert "ascendc-plan-memory: UB overflow" in err


def test_build_reports_a_plan_memory_overflow_at_its_line(tmp_path, capsys):
    path = _write(tmp_path, "over.mlir", OVERFLOW)
    assert build_main([path, "--soc", "Ascend910B1", "-o", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "over.mlir:6:3" in err and "UB overflow" in err and "Traceback" not in err


def test_a_kernel_without_a_body_is_refused_by_run_and_build(tmp_path, capsys):
    path = _write(tmp_path, "declared.mlir", DECLARED)
    status, _, err = _run(capsys, path, "x=zeros:8")
    assert status == 1
    assert "kernel 'k' in" in err and "is only declared" in err
    assert build_main([path, "--soc", "Ascend910B1", "-o", str(tmp_path / "out")]) == 2
    assert "is only declared" in capsys.readouterr().err


def test_a_struct_pointer_takes_records_or_zeros(tmp_path, capsys):
    path = _write(tmp_path, "struct.mlir", STRUCT)
    status, out, _ = _run(capsys, path, "x=zeros:8", "c=zeros:2", "--print", "c")
    assert status == 0
    assert "c = [(0, 0.) (0, 0.)]" in out
    records = np.array([(3, 1.5)], dtype=np.dtype([("n", "<i4"), ("s", "<f4")], align=True))
    np.save(tmp_path / "cfg.npy", records)
    status, _, _ = _run(capsys, path, "x=zeros:8", f"c={tmp_path / 'cfg.npy'}")
    assert status == 0
    status, _, err = _run(capsys, path, "x=zeros:8", "c=rand:2")
    assert status == 1
    assert "c: a pointer to !emitasc.py_struct" in err and "takes an .npy file or zeros:N" in err
    np.save(tmp_path / "wrong.npy", np.zeros(2, np.float64))
    status, _, err = _run(capsys, path, "x=zeros:8", f"c={tmp_path / 'wrong.npy'}")
    assert status == 1 and "holds float64" in err


def test_a_file_that_is_not_npy_is_named(tmp_path, capsys):
    (tmp_path / "bad.npy").write_bytes(b"not numpy at all")
    status, _, err = _run(capsys, VECTOR_ADD, f"x={tmp_path / 'bad.npy'}", *ADD_ARGS[1:])
    assert status == 1
    assert "x: " in err and "is not a numpy array file" in err


def test_a_huge_generated_array_is_refused_with_its_size(capsys):
    status, _, err = _run(capsys, VECTOR_ADD, "x=zeros:99999999999999", *ADD_ARGS[1:])
    assert status == 1
    assert "x: zeros:99999999999999 would take 399999999999996 bytes (363.8 TiB)" in err
    assert f"at most {MAX_ARRAY_BYTES} bytes (1 GiB)" in err


def test_an_unwritable_save_folder_is_refused_before_the_run(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    status, out, err = _run(capsys, VECTOR_ADD, *ADD_ARGS, "--save", str(blocker / "out"))
    assert status == 1
    assert f"--save: cannot make the folder {blocker / 'out'}" in err
    assert out == ""  # refused before the kernel ran


def test_an_unwritable_profile_dir_is_named(tmp_path, capsys, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("ASC_XDSL_PROFILE_DIR", str(blocker / "prof"))
    status, _, err = _run(capsys, VECTOR_ADD, *ADD_ARGS, "--backend", "cpu")
    assert status == 1
    assert f"ASC_XDSL_PROFILE_DIR={blocker / 'prof'}: cannot make the profile folder" in err


def test_a_negative_seed_is_a_usage_error(capsys):
    status, _, err = _run(capsys, VECTOR_ADD, *ADD_ARGS, "--seed", "-1")
    assert status == 1 and "--seed must be a non-negative integer" in err


def test_ir_the_parser_did_not_expect_is_located(tmp_path, capsys):
    path = _write(tmp_path, "wide.mlir", "func.func @f(%a: i99999999999999999999) {\n}\n")
    status, _, err = _run(capsys, path)
    assert status == 1
    assert "wide.mlir:1:18" in err and "is too wide" in err


DIVIDE = """\
func.func @div(%x: memref<?xi32, 22 : i64>, %n: i32) attributes {ascendc.global, ascendc.aicore} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %q = arith.divsi %one, %n : i32
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %g, %x : !ascendc.global_tensor<*xi32>, memref<?xi32, 22 : i64>
  ascendc.global_tensor.set_value %g, %c0, %q : !ascendc.global_tensor<*xi32>, index, i32
  func.return
}
"""


def test_run_time_errors_name_the_ir_line(tmp_path, capsys):
    path = _write(tmp_path, "div.mlir", DIVIDE)
    status, _, err = _run(capsys, path, "x=zeros:8", "n=0")
    assert status == 1
    assert f"{path}:4:3: block 0: arith.divsi: integer division by zero" in err
    assert "  %q = arith.divsi %one, %n : i32\n  ^" in err  # the line, a caret at its op
    # out of bounds: the op's own line
    tque = str(ROOT / "examples" / "vector_add_tque.mlir")
    status, _, err = _run(capsys, tque, "x=zeros:100", "y=zeros:8192", "z=zeros:8192", "8192")
    assert status == 1
    lines = Path(tque).read_text().splitlines()
    line = next(i for i, t in enumerate(lines, 1) if "ascendc.data_copy_l2 %x_local" in t)
    assert f"{tque}:{line}:5: block 0: ascendc.data_copy_l2 (DataCopy): GM access outside " in err
    assert _run(capsys, path, "x=zeros:8", "n=1")[0] == 0


def test_a_location_written_in_the_ir_is_kept(tmp_path, capsys):
    text = DIVIDE.replace(
        "%q = arith.divsi %one, %n : i32", '%q = arith.divsi %one, %n : i32 loc("kernel.py":7:9)'
    )
    path = _write(tmp_path, "div.mlir", text)
    status, _, err = _run(capsys, path, "x=zeros:8", "n=0")
    assert status == 1 and "kernel.py:7:9: block 0: arith.divsi" in err
