"""Results of a suite: per-case outcomes, summary tables, grouped failure reasons, JSON."""

from __future__ import annotations

import datetime
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Outcome:
    unit: str  # the file or directory a case belongs to
    name: str  # the case within it
    status: str  # passed | differs (on purpose, target suite) | failed | error | skipped
    kind: str = ""  # why not passed: parse, verify, codegen, mismatch, index-type, ...
    reason: str = ""  # one line
    group: str = ""  # the key failures are grouped by (reason without case details)
    detail: str = ""  # --verbose text
    overrun: bool = False  # python suite: a launch ran past a buffer's end (gm_overread)


@dataclass
class SuiteResult:
    suite: str
    source: str
    outcomes: list[Outcome] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    closing: str = ""  # the one-line verdict printed last (target, python)
    date: str = field(default_factory=lambda: datetime.date.today().isoformat())

    def units(self) -> list[str]:
        return list(dict.fromkeys(o.unit for o in self.outcomes))

    def counts(self, unit: str | None = None) -> Counter[str]:
        return Counter(o.status for o in self.outcomes if unit is None or o.unit == unit)

    def failure_groups(self) -> list[tuple[str, int]]:
        groups = Counter(
            o.group or o.reason for o in self.outcomes if o.status in ("failed", "error")
        )
        return groups.most_common()

    def to_json(self, path: Path) -> None:
        data = {
            "suite": self.suite,
            "date": self.date,
            "source": self.source,
            "notes": self.notes,
            "totals": dict(self.counts()),
            "units": {u: dict(self.counts(u)) for u in self.units()},
            "failure_groups": self.failure_groups(),
            "outcomes": [asdict(o) for o in self.outcomes],
        }
        path.write_text(json.dumps(data, indent=1) + "\n")


def mark_differences(result: SuiteResult, table: Any) -> None:
    """Failures listed in `table` (a module: target_differences, transforms_differences,
    python_differences), failing for the reason given there, become "differs"; a listed
    case that passes or fails otherwise is noted."""
    source = Path(table.__file__).name
    for o in result.outcomes:
        entry = table.DIFFERENCES.get((o.unit, o.name))
        if entry is None:
            continue
        reason, expect = entry
        if o.status == "passed":
            result.notes.append(f"{o.unit} {o.name} passes: drop it from {source}")
        elif expect in o.reason:
            o.status, o.kind, o.group = "differs", reason, table.REASONS[reason]
        else:
            result.notes.append(
                f"{o.unit} {o.name} is listed as '{reason}' ({expect!r}) but fails otherwise"
            )


STATUSES = ("passed", "differs", "failed", "error", "skipped")


def table(rows: Sequence[Sequence[str]], header: Sequence[str]) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    fmt = "  ".join(f"{{:<{w}}}" if i == 0 else f"{{:>{w}}}" for i, w in enumerate(widths))
    lines = [fmt.format(*header), fmt.format(*("-" * w for w in widths))]
    lines += [fmt.format(*map(str, r)) for r in rows]
    return "\n".join(lines)


def print_result(
    result: SuiteResult, verbose: bool = False, show_cases: bool = True, top: int = 15
) -> None:
    """Failures per unit (one line each), the summary table, the top failure groups."""
    if show_cases:
        for unit in result.units():
            bad = [o for o in result.outcomes if o.unit == unit and o.status in ("failed", "error")]
            if not bad:
                continue
            c = result.counts(unit)
            print(f"\n{unit}: {c['passed']}/{sum(c.values())} passed")
            for o in bad:
                print(f"  FAIL {o.name}: {o.reason}")
                if verbose and o.detail:
                    print(_indent(o.detail, "    | "))
    differs = result.counts()["differs"] > 0
    if differs and show_cases:
        print(f"\ncases that differ on purpose (tools/pyasc_suite/{result.suite}_differences.py):")
        kinds = Counter((o.kind, o.group) for o in result.outcomes if o.status == "differs")
        for (kind, why), n in kinds.most_common():
            print(f"  {n:3d}  {kind}: {why}")
    statuses = [s for s in STATUSES if s != "differs" or differs]
    rows = []
    for unit in [*result.units(), None]:
        c = result.counts(unit)
        rows.append([unit or "TOTAL", *(c[s] for s in statuses), sum(c.values())])
    print(f"\n{result.suite} ({result.source}, {result.date})")
    print(table(rows, ["unit", *statuses, "total"]))
    for note in result.notes:
        print(f"note: {note}")
    kinds = Counter(o.kind for o in result.outcomes if o.status in ("failed", "error"))
    if kinds:
        print(
            "failures by kind: " + ", ".join(f"{k or 'other'} {n}" for k, n in kinds.most_common())
        )
    groups = result.failure_groups()
    if groups:
        print(f"\ntop failure reasons ({len(groups)} distinct):")
        for reason, count in groups[:top]:
            print(f"  {count:4d}  {reason}")


def _indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in text.splitlines())
