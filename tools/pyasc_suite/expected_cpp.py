"""Does pyasc's own expected C++ compile? Each Target case's CHECK lines, put together as
a translation unit and checked against the Ascend C headers (tools/check_headers.py).

A case we differ on is beyond argument when pyasc's expected output itself does not
compile against the headers; where it does compile, the difference needs a semantic
reason (target_differences.py). The CHECK lines of a case are its function (from the
`void name(...) {` line to `}`) and any `#define` before it; FileCheck captures
(`[[X:.+]]`, `[[X]]`) become the identifier `X`, and a case with a regex (`{{...}}`) or
without a whole function in its CHECK lines is reported as not assembled.
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
_DECLARATION = re.compile(r"^(?:__aicore__ |extern )[^{]*\);$")
_MATMUL = re.compile(r"\b(?:matmul::|KfcServer|MatmulConfig|MatmulApiStaticTiling)")


@dataclass
class ExpectedCase:
    unit: str
    name: str
    source: str | None  # None: the CHECK lines do not make a function
    why_not: str = ""


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
    defines: list[str] = []
    body: list[str] = []
    depth, closed = 0, False
    for d in group:
        if d.kind in ("CHECK-NOT", "CHECK-DAG", "CHECK-EMPTY"):
            continue
        text = d.pattern
        if "{{" in text:
            return None, "a CHECK line holds a regex"
        text = _CAPTURE.sub(lambda m: m.group(1), text)
        if not body:
            if text.startswith("#"):
                defines.append(text)
                continue
            if not _FUNCTION_START.match(text):
                return None, f"line {d.line} does not start a function: {text[:60]}"
        if d.kind == "CHECK-SAME" and body:
            body[-1] += text
        else:
            body.append(text)
        depth += _depth_change(text)
        if depth == 0 and "{" in "".join(body):
            closed = True
            break
    if not closed:
        return None, "the CHECK lines do not hold a whole function"
    joined = "\n".join(body)
    includes = ['#include "kernel_operator.h"']
    if _MATMUL.search(joined):
        includes.append('#include "lib/matmul_intf.h"')
    return "\n".join([*defines, *includes, "", *declarations, joined, ""]), ""


def expected_cases(src: Path, only: str | None = None) -> list[ExpectedCase]:
    cases = []
    for case in target_cases(src, only):
        declarations: list[str] = []
        if case.result.ok:  # the functions it declares but does not define, as we print them
            declarations = [ln for ln in case.result.output.splitlines() if _DECLARATION.match(ln)]
        source, why = assemble(case.group, declarations)
        cases.append(ExpectedCase(case.unit, case.name, source, why))
    return cases


def first_error(message: str) -> str:
    """The compiler's first `error:` line, without its file and position."""
    for line in message.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    return message.strip().splitlines()[0] if message.strip() else ""


def run_expected(src: Path, only: str | None, statuses: dict[tuple[str, str], str]) -> int:
    """Check every assembled case against the headers; print one line per case and a
    table of (our outcome x does pyasc's C++ compile). `statuses` maps (unit, case) to
    our outcome in the Target suite (passed / differs / failed)."""
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
    table: Counter[tuple[str, str]] = Counter()
    with Checker(headers) as checker:
        sources = [c for c in cases if c.source is not None]
        jobs = max(1, min(4, os.cpu_count() or 1))
        results = checker.check_all(
            (Source(f"{c.unit}:{c.name}", c.source, ("vec", "cube")) for c in sources), jobs
        )
        by_case: dict[str, list] = {}
        for r in results:
            by_case.setdefault(r.source.name, []).append(r)
        for c in cases:
            ours = statuses.get((c.unit, c.name), "?")
            if c.source is None:
                verdict, why = "not assembled", c.why_not
            else:
                rs = by_case[f"{c.unit}:{c.name}"]
                ok = any(r.ok for r in rs)
                verdict = "compiles" if ok else "does not compile"
                why = "" if ok else first_error(rs[0].message)
            table[(ours, verdict)] += 1
            print(f"{ours:8} {verdict:17} {c.unit}:{c.name}" + (f"  -- {why}" if why else ""))
    print()
    for (ours, verdict), n in sorted(table.items()):
        print(f"{n:4d}  ours {ours:8}  pyasc's expected C++ {verdict}")
    return 0
