"""Does pyasc's own expected C++ compile? Each Target case's CHECK lines, put together as
a translation unit and checked against the Ascend C headers (tools/check_headers.py).

A case we differ on is beyond argument when pyasc's expected output itself does not
compile against the headers; where it does compile, the difference needs a semantic
reason (target_differences.py). The CHECK lines of a case are its function (from the
`void name(...) {` line to `}`) and any `#define` before it; FileCheck captures
(`[[X:.+]]`, `[[X]]`) become the identifier `X`, and a case with a regex (`{{...}}`) or
without a whole function in its CHECK lines is reported as not assembled (a function
line without its `{`, the body on the next CHECK lines, gets the brace).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pyasc_suite.checks import Directive
from pyasc_suite.lit_suites import target_cases

_CAPTURE = re.compile(r"\[\[(\w+)(?::[^\]]*)?\]\]")
_FUNCTION_START = re.compile(r"^\s*(?:[\w:<>,* ]+?)\b\w+\(")
# What the translation unit includes: pyasc's printer includes these two (the matmul
# header only where a Matmul, KfcServer or MatmulConfig appears).
_CORES = ("vec", "cube")  # a case passes when it compiles for either core
_DECLARATION = re.compile(r"^(?:__aicore__ |extern )[^{]*\);$")
_MATMUL = re.compile(r"\b(?:matmul::|KfcServer|MatmulConfig|MatmulApiStaticTiling)")


@dataclass
class ExpectedCase:
    unit: str
    name: str
    source: str | None  # None: the CHECK lines do not make a function
    why_not: str = ""
    ours: str | None = None  # our translation of the case's IR (None: we refuse it)


def _depth_change(text: str) -> int:
    """Net `{` minus `}` of a C++ line, outside string and character literals."""
    text = re.sub(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'', "", text)
    return text.count("{") - text.count("}")


def assemble(
    group: Sequence[Directive], declarations: Sequence[str] = ()
) -> tuple[str | None, str]:
    """A C++ translation unit from one case's CHECK lines, or (None, why not).

    `declarations` (forward declarations of functions the case calls but does not
    define, as our printer writes them) go before the function."""
    source, why, _ = assemble_mapped(group, declarations)
    return source, why


def assemble_mapped(
    group: Sequence[Directive], declarations: Sequence[str] = ()
) -> tuple[str | None, str, dict[int, list[Directive]]]:
    """`assemble`, and which directives each line of the translation unit comes from
    (1-based line -> directives; a CHECK-SAME joins the line before it)."""
    defines: list[str] = []
    body: list[str] = []
    sources: list[list[Directive]] = []
    depth, closed = 0, False
    for d in group:
        if d.kind in ("CHECK-NOT", "CHECK-DAG", "CHECK-EMPTY"):
            continue
        text = d.pattern
        if "{{" in text:
            return None, "a CHECK line holds a regex", {}
        text = _CAPTURE.sub(lambda m: m.group(1), text)
        if not body:
            if text.startswith("#"):
                defines.append(text)
                continue
            if not _FUNCTION_START.match(text):
                return None, f"line {d.line} does not start a function: {text[:60]}", {}
        if not body and d.kind != "CHECK-SAME" and text.rstrip().endswith(")"):
            # A function line whose CHECK leaves out the `{` (basic/mm.mlir's
            # emit_load_data): the next line starts its body, so the brace is implied.
            text = text.rstrip() + " {"
        if d.kind == "CHECK-SAME" and body:
            body[-1] += text
            sources[-1].append(d)
        else:
            body.append(text)
            sources.append([d])
        depth += _depth_change(text)
        if depth == 0 and "{" in "".join(body):
            closed = True
            break
    if not closed:
        return None, "the CHECK lines do not hold a whole function", {}
    joined = "\n".join(body)
    includes = ['#include "kernel_operator.h"']
    if _MATMUL.search(joined):
        includes.append('#include "lib/matmul_intf.h"')
    head = [*defines, *includes, "", *declarations]
    lines = {len(head) + 1 + i: ds for i, ds in enumerate(sources)}
    return "\n".join([*head, joined, ""]), "", lines


def expected_cases(src: Path, only: str | None = None) -> list[ExpectedCase]:
    cases = []
    for case in target_cases(src, only):
        declarations: list[str] = []
        if case.result.ok:  # the functions it declares but does not define, as we print them
            declarations = [ln for ln in case.result.output.splitlines() if _DECLARATION.match(ln)]
        source, why = assemble(case.group, declarations)
        ours = case.result.output if case.result.ok else None
        cases.append(ExpectedCase(case.unit, case.name, source, why, ours))
    return cases


def first_error(message: str) -> str:
    """The compiler's first `error:` line, without its file and position."""
    for line in message.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    return message.strip().splitlines()[0] if message.strip() else ""


def run_expected(
    src: Path, only: str | None, statuses: dict[tuple[str, str], str], ours: bool = False
) -> int:
    """Check every assembled case against the headers; print one line per case and a
    table of (our outcome x does pyasc's C++ compile). `statuses` maps (unit, case) to
    our outcome in the Target suite (passed / differs / failed). With `ours`, our own
    translation of each case is compiled too (a third column: IR we accept whose C++
    the headers refuse is a verifier gap)."""
    import os
    import sys
    from collections import Counter

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from check_headers import Checker, HeadersMissing, Source, find_headers

    try:
        headers = find_headers()
    except HeadersMissing as e:
        print(f"pyasc_suite expected-cpp: {e}")
        return 2
    cases = expected_cases(src, only)
    sources = [Source(f"{c.unit}:{c.name}", c.source, _CORES) for c in cases if c.source]
    if ours:
        sources += [Source(f"ours {c.unit}:{c.name}", c.ours, _CORES) for c in cases if c.ours]
    table: Counter[tuple[str, ...]] = Counter()
    with Checker(headers) as checker:
        results = checker.check_all(sources, max(1, min(4, os.cpu_count() or 1)))
    by_source: dict[str, list] = {}
    for r in results:
        by_source.setdefault(r.source.name, []).append(r)

    def verdict(name: str) -> tuple[str, str]:
        rs = by_source[name]
        if any(r.ok for r in rs):
            return "compiles", ""
        return "does not compile", first_error(rs[0].message)

    for c in cases:
        status = statuses.get((c.unit, c.name), "?")
        if c.source is None:
            theirs, why = "not assembled", c.why_not
        else:
            theirs, why = verdict(f"{c.unit}:{c.name}")
        row = [status, theirs]
        if ours:
            mine, my_why = verdict(f"ours {c.unit}:{c.name}") if c.ours else ("refused", "")
            row.append(mine)
            why = f"{why}; ours: {my_why}" if my_why else why
        table[tuple(row)] += 1
        columns = f"{status:8} {theirs:17}" + (f" ours {row[2]:17}" if ours else "")
        print(f"{columns} {c.unit}:{c.name}" + (f"  -- {why}" if why else ""))
    print()
    for row, n in sorted(table.items()):
        text = f"{n:4d}  ours {row[0]:8}  pyasc's expected C++ {row[1]}"
        print(text + (f", our C++ {row[2]}" if ours else ""))
    return 0
