"""Shared by the cross-core race tests: where a marked source line is, and a launch that
must be race-free."""

from __future__ import annotations

import pathlib
import warnings

from asc_xdsl.runtime.simulator.sanitizer import SanitizerWarning


def marked_line(path: str, marker: str) -> str:
    """`path:line` of the one line of `path` ending with the comment `# <marker>` (what a
    located report names)."""
    lines = pathlib.Path(path).read_text().splitlines()
    hits = [i + 1 for i, ln in enumerate(lines) if ln.rstrip().endswith(f"# {marker}")]
    assert len(hits) == 1, marker
    return f"{path}:{hits[0]}"


def clean(kernel, *args, **options) -> None:
    """Launch with the race checker raising and its warnings as errors: nothing reported."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", SanitizerWarning)
        kernel(*args, sanitize="error", **options)
