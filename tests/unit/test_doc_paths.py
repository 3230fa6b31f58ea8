"""The docs' paths into this repository exist (a path of another project's tree, such as
pyasc's `include/ascir/` or xDSL's `tests/irdl/`, is written with that project named)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OURS = ("asc_xdsl/", "examples/", "tools/", "bench/", "tests/unit/", "tests/filecheck/")


def test_every_path_into_the_repository_exists():
    missing = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for m in re.finditer(r"`([A-Za-z0-9_.\-/]+)`", doc.read_text()):
            path = m.group(1)
            if path.startswith(OURS) and "*" not in path and not (ROOT / path).exists():
                missing.append(f"{doc.relative_to(ROOT)}: {path}")
    assert missing == []
