"""Count what `ascendc-dedup-state` would remove from compiled kernels.

    ASC_XDSL_DUMP_DIR=/tmp/dumps python my_kernels.py     # any kernels: their IR is dumped
    python tools/dedup_state_count.py /tmp/dumps [more folders or .mlir files]

Reads every `*.lowered.mlir` in the folders (the IR the JIT printed C++ from; files
named on the command line are read whatever their name), runs the pass on a copy, and
prints one row per kernel that changes and a total line:

    dedup-state: R of S set-ups removed (D dead, X redundant), H hoisted, in K of N kernels

pyasc's tutorials and Python tests (tools/pyasc_suite) keep their dumps out of the
user's folders; `PYASC_SUITE_DUMP_DIR=/tmp/dumps python tools/pyasc_suite tutorials`
asks for them. The same kernel compiled twice (a cache hit dumps again) is counted once.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from asc_xdsl.dialects.ascendc.setup_state import SETTERS
from asc_xdsl.dialects.ir_context import parse_module
from asc_xdsl.transforms.dedup_state import dedup_state


def _inputs(paths: list[Path]) -> list[Path]:
    found: list[Path] = []
    for p in paths:
        found += sorted(p.rglob("*.lowered.mlir")) if p.is_dir() else [p]
    return found


def _set_ups(module) -> int:
    return sum(op.name in SETTERS for op in module.walk())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    args = parser.parse_args(argv)
    missing = [str(p) for p in args.paths if not p.exists()]
    if missing:
        parser.error(f"no such file or folder: {', '.join(missing)}")
    seen: set[str] = set()
    total = removed = dead = redundant = hoisted = changed = kernels = 0
    for path in _inputs(args.paths):
        text = path.read_text()
        if text in seen:
            continue
        seen.add(text)
        try:
            module = parse_module(text)
        except Exception as e:  # (a dump of IR that does not parse is reported, not counted)
            print(f"{path}: does not parse: {type(e).__name__}: {e}", file=sys.stderr)
            continue
        kernels += 1
        before = _set_ups(module)
        counts = dedup_state(module)
        total += before
        removed += counts.removed
        dead += counts.dead
        redundant += counts.redundant
        hoisted += counts.hoisted
        if counts.removed or counts.hoisted:
            changed += 1
            print(
                f"{path}: {counts.removed} of {before} set-ups removed "
                f"({counts.dead} dead, {counts.redundant} redundant), {counts.hoisted} hoisted"
            )
    print(
        f"dedup-state: {removed} of {total} set-ups removed ({dead} dead, {redundant} "
        f"redundant), {hoisted} hoisted, in {changed} of {kernels} kernels"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
