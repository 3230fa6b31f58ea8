"""The repository stands on its own and says what it is: nothing in it points at files
outside it, and the licence it declares is the one it ships."""

import re
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Files of the steering workspace beside the repository, which a clone does not have.
OUTSIDE = re.compile(r"\.\./shared|/work/shared|ASCENDC_SEMANTICS\.md|shared/reference")


def _tracked(*patterns: str) -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files", *patterns], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return [ROOT / line for line in out.splitlines()]


def test_nothing_points_outside_the_repository():
    hits = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in _tracked("*.py", "*.md", "*.toml", "*.mlir", "*.cfg")
        if path.name != Path(__file__).name
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not hits, "\n".join(hits)


def test_declared_licence_is_shipped():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "Apache-2.0"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text()
    assert "Apache License" in text and "Version 2.0, January 2004" in text
