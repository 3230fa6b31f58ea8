"""The shell and Python blocks of README.md and docs/*.md, extracted and run.

    python tools/doc_blocks.py --list      # every block: where, language, how it is run
    python tools/doc_blocks.py             # the unmarked blocks and those marked `ci`
    python tools/doc_blocks.py --ci        # only those marked `ci` (what .ci/run runs)
    python tools/doc_blocks.py --all       # also those marked `tool`

tests/unit/test_doc_blocks.py runs every unmarked block on each test run, `.ci/run` the
ones marked `ci`; this script runs any of them by hand. The convention (also in
docs/doc_blocks.md):

* Blocks fenced as ```python, ```sh, ```bash or ```shell run; any other fence (text,
  output, cpp, mlir, json, none) is an illustration and is not run. The README's first
  block (its set-up and test commands, which must open the file) is CI's own command:
  `.ci/run` runs it, and tests/unit/test_repo_docs.py keeps the two in step.
* An HTML comment on the line before the fence says more (invisible when rendered):
  `<!-- doc-test: cann -->`      needs a CANN toolkit or an NPU: never run here;
  `<!-- doc-test: ci -->`        starts programs (asc-opt, python -m ...: seconds each),
                                 too slow for the unit test: `.ci/run` runs it;
  `<!-- doc-test: tool -->`      too expensive for CI (builds venvs, runs a suite, needs
                                 the reference checkouts): `--all` runs it;
  `<!-- doc-test: setup=NAME -->` runs after the named set-up below (names a fragment
                                 uses: a kernel and its arrays, files a command reads);
  `<!-- doc-test: continues -->` a Python block run in the namespace of the block before
                                 it in the same file (a walkthrough in parts).
  Several go in one comment, comma-separated: `<!-- doc-test: setup=ir, continues -->`.
* Python blocks run in this process, each from a file in a temporary working folder
  (a kernel's source must be in a file); shell blocks of one document run in one
  `bash -e` process there, with this Python's folder first on PATH (`python`,
  `asc-opt`) and `examples/` linked in.
"""

from __future__ import annotations

import argparse
import os
import re
import runpy
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUN_LANGS = {"python": "python", "sh": "sh", "bash": "sh", "shell": "sh"}
_FENCE = re.compile(
    r"^(?P<indent> *)```(?P<lang>[\w+-]*)[^\n]*\n(?P<body>.*?)^(?P=indent)```", re.S | re.M
)
_MARK = re.compile(r"<!--\s*doc-test:\s*(?P<spec>[^>]*?)\s*-->\s*$")


@dataclass
class Block:
    doc: Path
    line: int
    """1-based line of the opening fence."""
    lang: str
    code: str
    marks: set[str] = field(default_factory=set)
    setup: str | None = None

    @property
    def where(self) -> str:
        return f"{self.doc.relative_to(ROOT)}:{self.line}"

    @property
    def kind(self) -> str:
        """How it is run: "run" (the unit test), "ci", "tool", "cann", "readme" or "illustration"."""
        if self.lang not in RUN_LANGS:
            return "illustration"
        if self.doc.name == "README.md" and self.line == 3:
            return "readme"  # the README's own commands: .ci/run runs them itself
        for mark in ("cann", "tool", "ci"):
            if mark in self.marks:
                return mark
        return "run"


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def blocks(doc: Path) -> list[Block]:
    text = doc.read_text(encoding="utf-8")
    found = []
    for m in _FENCE.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        before = text[: m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        marks: set[str] = set()
        setup = None
        mark = _MARK.search(before)
        if mark:
            for item in (p.strip() for p in mark.group("spec").split(",")):
                if item.startswith("setup="):
                    setup = item.removeprefix("setup=")
                elif item:
                    marks.add(item)
        unknown = marks - {"cann", "tool", "ci", "continues"}
        if unknown or (setup is not None and setup not in SETUPS):
            raise ValueError(
                f"{doc.relative_to(ROOT)}:{line}: unknown doc-test mark "
                f"{sorted(unknown) or setup!r} (marks: cann, ci, tool, continues, setup=NAME with "
                f"NAME one of {', '.join(SETUPS)})"
            )
        lang = RUN_LANGS.get(m.group("lang"), m.group("lang") or "none")
        body = "\n".join(s[len(m.group("indent")) :] for s in m.group("body").splitlines())
        found.append(Block(doc, line, lang, body + "\n", marks, setup))
    return found


# -- set-ups: what a fragment needs, made in the working folder ---------------------------


def _vector_add_ir(tmp: Path) -> dict:
    """`kernel`, `x`, `y`, `z`, `n`: examples/vector_add.mlir (z = x + 1) on 8 blocks."""
    import numpy as np

    from asc_xdsl.runtime.ir_kernel import load_kernel

    n = 1024
    x = np.arange(8 * n, dtype=np.float32)
    return {
        "np": np,
        "kernel": load_kernel(str(ROOT / "examples" / "vector_add.mlir")),
        "x": x,
        "y": np.ones_like(x),
        "z": np.zeros_like(x),
        "n": n,
    }


def _ir_files(tmp: Path) -> dict:
    """kernel.mlir and tests.mlir (the vector add), x.npy and y.npy, my_program.py."""
    import numpy as np

    text = (ROOT / "examples" / "vector_add.mlir").read_text()
    (tmp / "kernel.mlir").write_text(text)
    (tmp / "tests.mlir").write_text(text)
    np.save(tmp / "x.npy", np.arange(1024, dtype=np.float32))
    np.save(tmp / "y.npy", np.ones(1024, np.float32))
    (tmp / "my_program.py").write_text("import asc_xdsl\nprint(asc_xdsl.__name__)\n")
    return {}


SETUPS: dict[str, Callable[[Path], dict]] = {"vector_add_ir": _vector_add_ir, "ir_files": _ir_files}


# -- running -------------------------------------------------------------------------------


def _workdir(tmp: Path) -> None:
    link = tmp / "examples"
    if not link.exists():
        link.symlink_to(ROOT / "examples")


def run_python(block: Block, tmp: Path, namespace: dict | None = None) -> dict:
    """Run `block` in this process from a file in `tmp` (cwd `tmp` while it runs); its
    namespace after the run (`namespace` first: a `continues` block's predecessor's)."""
    _workdir(tmp)
    start = dict(namespace or {})
    if block.setup:
        start.update(SETUPS[block.setup](tmp))
    name = re.sub(r"\W", "_", block.where)
    path = tmp / f"{name}.py"
    path.write_text(block.code)
    cwd = os.getcwd()
    os.chdir(tmp)
    try:
        return runpy.run_path(str(path), init_globals=start, run_name=f"__doc_block_{name}__")
    finally:
        os.chdir(cwd)


def run_shell(chosen: list[Block], tmp: Path) -> subprocess.CompletedProcess:
    """The blocks as one `bash -e` script in `tmp` (each announced on stderr)."""
    _workdir(tmp)
    for block in chosen:
        if block.setup:
            SETUPS[block.setup](tmp)
    script = "".join(f"echo '# {b.where}' >&2\n{b.code}" for b in chosen)
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    return subprocess.run(
        ["bash", "-e", "-c", script], cwd=tmp, env=env, capture_output=True, text=True
    )


def chosen_blocks(kinds: set[str]) -> list[Block]:
    return [b for doc in documents() for b in blocks(doc) if b.kind in kinds]


def main() -> int:
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="list every block and its kind")
    parser.add_argument("--ci", action="store_true", help="only the blocks marked `ci`")
    parser.add_argument("--all", action="store_true", help="also the blocks marked `tool`")
    args = parser.parse_args()
    if args.list:
        for doc in documents():
            for b in blocks(doc):
                extra = f" setup={b.setup}" if b.setup else ""
                print(f"{b.where:28} {b.lang:8} {b.kind}{extra}")
        return 0
    failures = 0
    by_doc: dict[Path, list[Block]] = {}
    kinds = {"ci"} if args.ci else {"run", "ci", "tool"} if args.all else {"run", "ci"}
    for b in chosen_blocks(kinds):
        by_doc.setdefault(b.doc, []).append(b)
    for chosen in by_doc.values():
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            namespace: dict = {}
            for b in (b for b in chosen if b.lang == "python"):
                try:
                    namespace = run_python(b, tmp, namespace if "continues" in b.marks else None)
                    print(f"ok   {b.where}")
                except BaseException as e:
                    failures += 1
                    print(f"FAIL {b.where}: {type(e).__name__}: {e}")
            shell = [b for b in chosen if b.lang == "sh"]
            if shell:
                out = run_shell(shell, tmp)
                status = "ok  " if out.returncode == 0 else "FAIL"
                failures += out.returncode != 0
                print(f"{status} {', '.join(b.where for b in shell)}")
                if out.returncode:
                    print(out.stderr[-3000:])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
