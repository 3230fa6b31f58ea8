"""The README's set-up commands and CI stay in step."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    block = text.split("```sh", 1)[1].split("```", 1)[0]
    return [line for line in block.strip().splitlines() if line.strip()]


def test_readme_starts_with_two_commands():
    text = (ROOT / "README.md").read_text()
    assert text.startswith("# asc_xdsl\n\n```sh\n")
    assert len(_readme_commands()) == 2


def test_ci_runs_the_readme_test_command():
    test_command = _readme_commands()[1]
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test_command in ci_lines


def test_main_command_runs_a_shipped_example():
    main_command = _readme_commands()[0]
    script = main_command.rsplit(".venv/bin/python ", 1)[1].split()[0]
    assert (ROOT / script).is_file()


def test_readme_python_example_runs(tmp_path):
    """The README's Python example compiles and runs (on the CPU simulator)."""
    import subprocess
    import sys

    text = (ROOT / "README.md").read_text()
    code = text.split("```python", 1)[1].split("```", 1)[0]
    script = tmp_path / "readme_example.py"
    script.write_text(code + "\nassert (x == 2).all()\n")
    out = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr
    assert 'extern "C" __global__ __aicore__ void scale(__gm__ float* x, int32_t n)' in out.stdout


def test_op_reference_is_current(monkeypatch, capsys):
    """docs/ops.md is generated from the op classes; regenerate it when ops change.
    (`tools/gen_op_docs.py --check`, its main run in this process.)"""
    from tools import gen_op_docs

    monkeypatch.setattr("sys.argv", ["gen_op_docs.py", "--check"])
    assert gen_op_docs.main() == 0, capsys.readouterr().err
