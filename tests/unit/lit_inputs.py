"""The lit inputs (`tests/filecheck/**/*.mlir`, each `// -----` chunk) as parsed
modules, for tests that compare one of our fast paths with xDSL's own on all of them.

`covering_lit_chunks` is the cheaper set for the sweeps that run every pass on every
input (tens of passes times hundreds of inputs): under the `ci` fuzz profile (the
README's test command, `fuzz_budget.py`) the fewest chunks that still hold every op
name, every dialect type and attribute name and every lit file at least once; under
`long`, all of them."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path

from fuzz_budget import profile
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


def covering_lit_chunks(holding: tuple[str, ...] = ()) -> Iterator[tuple[str, ModuleOp]]:
    """`parsed_lit_chunks`, or under the `ci` profile the chunks that cover its features
    (see the module's docstring) and every chunk that names one of `holding` (op names,
    e.g. the loops a loop pass moves code out of); shared like it: clone before changing
    one."""
    if profile() == "long":
        return parsed_lit_chunks()
    chosen = _covering_keys()
    if holding:
        wanted = set(holding)
        chosen = chosen | {k for k, (f, _) in _chunk_features().items() if f & wanted}
    return iter([chunk for chunk in _parsed_lit_chunks() if chunk[0] in chosen])


_NAMES = re.compile(r"\b[a-z_][a-z_0-9]*\.[a-z_0-9.]+\b|[!#][a-z_]+\.[a-z_0-9]+")
"""Op names (`ascendc.add_l2`, `scf.for`) and dialect type and attribute names."""


@functools.cache
def _chunk_features() -> dict[str, tuple[frozenset[str], int]]:
    """Per parsed chunk (`file chunk N`): its file, op, type and attribute names, and
    the length of its code (comments left out)."""
    features: dict[str, tuple[frozenset[str], int]] = {}
    for path in sorted((ROOT / "tests" / "filecheck").rglob("*.mlir")):
        name = str(path.relative_to(ROOT))
        for i, text in enumerate(path.read_text().split("// -----")):
            code = "\n".join(ln for ln in text.splitlines() if not ln.lstrip().startswith("//"))
            features[f"{name} chunk {i}"] = (frozenset({name, *_NAMES.findall(code)}), len(code))
    parsed = {key for key, _ in _parsed_lit_chunks()}
    return {k: v for k, v in features.items() if k in parsed}


@functools.cache
def _covering_keys() -> frozenset[str]:
    """The keys (`file chunk N`) of a greedy cover: each step takes the chunk with the
    most features not yet held (the shorter text on a tie; files in sorted order)."""
    features = _chunk_features()
    left = set().union(*(f for f, _ in features.values()))
    chosen: set[str] = set()
    while left:
        key = max(features, key=lambda k: (len(features[k][0] & left), -features[k][1]))
        chosen.add(key)
        left -= features[key][0]
    return frozenset(chosen)
