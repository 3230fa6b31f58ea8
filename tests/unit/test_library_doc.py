"""docs/library.md's examples run as written, and `python -m asc_xdsl.run` works on IR."""

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from asc_xdsl.run import main as run_main
from asc_xdsl.runtime.ir_kernel import KernelIRError, kernel_from_text, load_kernel

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "vector_add.mlir"


def test_library_doc_examples_run(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    text = (ROOT / "docs" / "library.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 4
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "docs/library.md", "exec"), namespace)
    out = capsys.readouterr().out
    assert "ascendc.add_l2" in out
    assert 'extern "C" __global__ __aicore__ void double_it(__gm__ float* x, int32_t n)' in out
    assert "AscendC::Add(" in out


def test_load_kernel_runs_on_the_simulator():
    kernel = load_kernel(EXAMPLE)
    assert kernel.name == "vector_add" and kernel.kernel_type == "vector"
    x = np.arange(4096, dtype=np.float32)
    y = np.full(4096, 0.5, np.float32)
    z = np.zeros(4096, np.float32)
    kernel[4](x, y, z, 1024)
    np.testing.assert_array_equal(z, x + y)
    assert "AscendC::Add(a, a, b, tile);" in kernel.asm["ascendc"]


def test_ir_errors_are_located():
    bad = EXAMPLE.read_text().replace(
        "ascendc.add_l2 %a, %a, %b, %tile : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor",
        "ascendc.add_l2 %a, %x_gm, %b, %tile : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor",
    )
    with pytest.raises(KernelIRError) as err:
        kernel_from_text(bad, filename="bad.mlir")
    message = str(err.value)
    assert message.startswith("bad.mlir:")
    assert "src0 must be a !ascendc.local_tensor" in message
    assert "^" in message


def test_module_without_a_kernel_is_refused():
    with pytest.raises(KernelIRError, match="no kernel"):
        kernel_from_text("func.func @f() {\n  func.return\n}\n")


def _run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "asc_xdsl.run", *args], capture_output=True, text=True, env=env
    )


def test_run_cli_launches_and_saves(tmp_path):
    x = np.arange(2048, dtype=np.float32)
    np.save(tmp_path / "x.npy", x)
    result = _run(
        str(EXAMPLE),
        "-n",
        "2",
        f"x={tmp_path / 'x.npy'}",
        "y=ones:2048",
        "z=zeros:2048",
        "n=1024",
        "--save",
        str(tmp_path / "out"),
        "--print",
        "z",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("z = [")
    np.testing.assert_array_equal(np.load(tmp_path / "out" / "z.npy"), x + 1)


# (the cases below run the program's main in this process, as `sys.exit(main())` does;
# test_run_cli_launches_and_saves runs it as a process of its own)


def test_run_cli_errors_name_the_argument(capsys):
    assert run_main([str(EXAMPLE), "x=rand:8", "y=rand:8", "z=nonsense", "n=8"]) == 1
    err = capsys.readouterr().err
    assert "z: a GM pointer takes an .npy file or zeros|ones|arange|rand:N, got 'nonsense'" in err
    assert run_main([str(EXAMPLE), "x=rand:8", "y=rand:8", "z=zeros:8"]) == 1
    assert "missing arguments for n" in capsys.readouterr().err


def test_run_cli_emits_ascendc(capsys):
    assert run_main([str(EXAMPLE), "--emit", "ascendc"]) == 0
    assert capsys.readouterr().out.startswith('#include "kernel_operator.h"')
