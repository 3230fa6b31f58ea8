"""The repository stays lint-clean and formatted under pyproject.toml's ruff settings
(`ruff check .` and `ruff format --check .` at the top of the checkout)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ruff = pytest.importorskip("ruff.__main__", reason="ruff comes with the [test] extra")


@pytest.mark.parametrize(
    "command", [["check", "--no-cache", "."], ["format", "--check", "--no-cache", "."]]
)
def test_ruff_finds_nothing(command: list[str]) -> None:
    done = subprocess.run(
        [ruff.find_ruff_bin(), *command], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, f"ruff {' '.join(command)}:\n{done.stdout}{done.stderr}"
