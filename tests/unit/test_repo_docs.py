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


def test_main_command_uses_a_shipped_example():
    main_command = _readme_commands()[0]
    example = main_command.split("asc_xdsl.opt ", 1)[1].split()[0]
    assert (ROOT / example).is_file()
