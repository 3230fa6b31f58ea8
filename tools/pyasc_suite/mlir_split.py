"""Cutting one case out of an MLIR test file, textually.

A pyasc Target test file is one module of many functions; translating it whole lets
one unknown op fail every case. A case keeps only the top-level ops written after
its CHECK lines (up to the next case) plus the ops those refer to by symbol
(`func.call @f` pulls in `func.func private @f`), and the `module {` wrappers around
them. Every other line is blanked, not removed, so line numbers in diagnostics are
the test file's own.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

_SYMBOL_DEF = re.compile(r"^\s*[\w.]+\s+(?:(?:private|public|nested)\s+)?@([\w$.-]+)")
_SYMBOL_USE = re.compile(r"@([\w$.-]+)")
_MODULE = re.compile(r"^\s*(?:builtin\.)?module\b")
_ALIAS_DEF = re.compile(r"^\s*[#!][\w.$-]+\s*=")


@dataclass
class Item:
    """A top-level op: its lines [first, last] (0-based), its symbol, and the
    wrappers (`module {` lines around it) it needs."""

    first: int
    last: int
    text: str
    symbol: str | None
    wrappers: list[tuple[int, int]] = field(default_factory=list)  # (header line, closing line)

    def uses(self) -> set[str]:
        return set(_SYMBOL_USE.findall(self.text)) - {self.symbol}


def _code(line: str) -> str:
    """A line without its `//` comment (strings kept)."""
    out, in_str, i = [], False, 0
    while i < len(line):
        c = line[i]
        if in_str:
            if c == "\\":
                out.append(line[i : i + 2])
                i += 2
                continue
            in_str = c != '"'
        elif c == '"':
            in_str = True
        elif line.startswith("//", i):
            break
        out.append(c)
        i += 1
    return "".join(out)


def _depth_change(code: str) -> int:
    depth, in_str, i = 0, False, 0
    while i < len(code):
        c = code[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c in "{[(":
            depth += 1
        elif c in "}])":
            depth -= 1
        i += 1
    return depth


def _opens_body(lines: Sequence[str], n: int, hi: int) -> bool:
    """Does the op continue with a region on the next code line (`func.func @f(...)`
    then `{` alone on a line)?"""
    while n < hi and not _code(lines[n]).strip():
        n += 1
    return n < hi and _code(lines[n]).lstrip().startswith("{")


def top_level_items(lines: Sequence[str]) -> list[Item]:
    """The file's top-level ops, looking through `module { ... }` wrappers."""
    return _items(lines, 0, len(lines), [])


def _items(lines: Sequence[str], lo: int, hi: int, wrappers: list[tuple[int, int]]) -> list[Item]:
    items: list[Item] = []
    n = lo
    while n < hi:
        code = _code(lines[n])
        if not code.strip():
            n += 1
            continue
        start, depth = n, _depth_change(code)
        while n + 1 < hi and (depth > 0 or _opens_body(lines, n + 1, hi)):
            n += 1
            depth += _depth_change(_code(lines[n]))
        if _MODULE.match(code) and n > start:
            items += _items(lines, start + 1, n, [*wrappers, (start, n)])
        else:
            text = "\n".join(lines[start : n + 1])
            m = _SYMBOL_DEF.match(code)
            items.append(Item(start, n, text, m.group(1) if m else None, list(wrappers)))
        n += 1
    return items


def case_text(lines: Sequence[str], items: Sequence[Item], own: Iterable[Item]) -> str:
    """The file with only `own` items, the items they refer to (transitively) and
    their module wrappers left; all other lines blank. Attribute and type alias
    definitions (`#map = ...`) stay: any op may use them."""
    by_symbol = {it.symbol: it for it in items if it.symbol}
    chosen: dict[int, Item] = {}
    todo = [*own, *(it for it in items if _ALIAS_DEF.match(it.text))]
    while todo:
        it = todo.pop()
        if it.first in chosen:
            continue
        chosen[it.first] = it
        todo += [by_symbol[s] for s in it.uses() if s in by_symbol]
    keep: set[int] = set()
    for it in chosen.values():
        keep.update(range(it.first, it.last + 1))
        for header, closing in it.wrappers:
            keep.update((header, closing))
    return "\n".join(line if i in keep else "" for i, line in enumerate(lines)) + "\n"


def own_items(items: Sequence[Item], first_line: int, next_first_line: int | None) -> list[Item]:
    """Items that start after a case's first CHECK line (0-based) and before the next
    case's: the ops the case's CHECK lines are written for."""
    end = next_first_line if next_first_line is not None else 1 << 30
    return [it for it in items if first_line < it.first < end]


def split_input_file(text: str) -> list[tuple[int, str]]:
    """`--split-input-file` chunks as (first line, text with the other chunks blanked)."""
    lines = text.splitlines()
    seps = [i for i, line in enumerate(lines) if line.strip() == "// -----"]
    bounds = [-1, *seps, len(lines)]
    chunks = []
    for lo, hi in itertools.pairwise(bounds):
        kept = [line if lo < i < hi else "" for i, line in enumerate(lines)]
        chunks.append((lo + 1, "\n".join(kept) + "\n"))
    return chunks
