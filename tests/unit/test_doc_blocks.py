"""The docs' code blocks keep working: every unmarked Python and shell block of README.md
and docs/*.md runs here (tools/doc_blocks.py; the convention is docs/doc_blocks.md).
Python blocks run in this process; a document's cheap shell blocks in one bash."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
try:
    import doc_blocks
finally:
    sys.path.pop(0)

_RUN = doc_blocks.chosen_blocks({"run"})
_DOCS = sorted({b.doc for b in _RUN}, key=str)


@pytest.mark.parametrize("doc", _DOCS, ids=lambda d: str(d.relative_to(ROOT)))
def test_blocks_run(doc, tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    namespace: dict = {}
    mine = [b for b in _RUN if b.doc == doc]
    for block in (b for b in mine if b.lang == "python"):
        try:
            namespace = doc_blocks.run_python(
                block, tmp_path, namespace if "continues" in block.marks else None
            )
        except Exception as e:
            pytest.fail(f"{block.where}: {type(e).__name__}: {e}")
    shell = [b for b in mine if b.lang == "sh"]
    if shell:
        out = doc_blocks.run_shell(shell, tmp_path)
        assert out.returncode == 0, out.stderr[-3000:]


def test_every_block_is_run_or_marked():
    """Each runnable fence is run by the unit test, by CI (`ci`, the README's own
    commands) or by hand (`tool`), or needs CANN; marks are spelt right (blocks()
    raises on an unknown one) and `continues` follows a Python block of its document."""
    kinds: dict[str, int] = {}
    for doc in doc_blocks.documents():
        found = doc_blocks.blocks(doc)
        for i, block in enumerate(found):
            kinds[block.kind] = kinds.get(block.kind, 0) + 1
            if "continues" in block.marks:
                assert any(b.lang == "python" for b in found[:i]), block.where
    assert kinds["run"] >= 8 and kinds["cann"] >= 7 and kinds["ci"] == 3
    assert set(kinds) <= {"run", "ci", "tool", "cann", "readme", "illustration"}


def test_a_broken_block_fails(tmp_path):
    block = doc_blocks.Block(ROOT / "README.md", 1, "python", "import asc_xdsl\n1 / 0\n")
    with pytest.raises(ZeroDivisionError):
        doc_blocks.run_python(block, tmp_path)
    shell = doc_blocks.Block(ROOT / "README.md", 1, "sh", "true\nfalse\necho never\n")
    out = doc_blocks.run_shell([shell], tmp_path)
    assert out.returncode != 0 and "never" not in out.stdout
