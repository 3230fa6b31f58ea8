"""The lit inputs (`tests/filecheck/**/*.mlir`, each `// -----` chunk) as parsed
modules, for tests that compare one of our fast paths with xDSL's own on all of them."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path

from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import ParseError, VerifyException

from asc_xdsl.frontend.ir_context import parse_module

ROOT = Path(__file__).resolve().parents[2]

XDSL_PARSER_TRIPS = (KeyError, NotImplementedError, OverflowError, MemoryError)
"""What xDSL's own parser raises on the inputs asc-opt's parser refuses with a located
error (tests/filecheck/dialects/parse_limits.mlir; its dense literal of 2^62 elements
is refused by Python's list size check, without an allocation)."""


def parsed_lit_chunks() -> Iterator[tuple[str, ModuleOp]]:
    """(`file chunk N`, module) for every chunk that parses (the error tests' chunks that
    do not, and those only asc-opt's own parser reads, are left out). Parsed once per
    process and shared by the tests that ask: clone a module before changing it."""
    return iter(_parsed_lit_chunks())


@functools.cache
def _parsed_lit_chunks() -> tuple[tuple[str, ModuleOp], ...]:
    chunks = []
    for path in sorted((ROOT / "tests" / "filecheck").rglob("*.mlir")):
        for i, text in enumerate(path.read_text().split("// -----")):
            try:
                module = parse_module(text)
            except (ParseError, VerifyException, ValueError, *XDSL_PARSER_TRIPS):
                continue
            chunks.append((f"{path.relative_to(ROOT)} chunk {i}", module))
    return tuple(chunks)
