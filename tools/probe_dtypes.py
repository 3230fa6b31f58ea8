"""Find which dtypes of each op an arch's Ascend C headers accept, by compiling them.

    python tools/probe_dtypes.py --arch 3510            # report
    python tools/probe_dtypes.py --arch 3510 --write    # regenerate family_3510.py

Every op spec's sample (spec_samples.py) is emitted once per combination of its type
variables' dtypes (variables are often coupled: SoftMax's T and S), and once for an op
without a dtype table; each becomes a function of a translation unit checked with
tools/check_headers.py for `--arch`. A function the compiler's errors point into is a
dtype (or an op) the arch rejects: the headers' own `static_assert`s ("... only supports
uint8_t on current device"), overloads that do not exist there, or intrinsics that the
arch does not have. An error of the form "X was not declared" inside a header is a gap in
tools/ascendc_stubs (an intrinsic the stand-in does not declare), not a rule: it is
reported and the op left out of the table.

`--write` turns the result into `asc_xdsl/dialects/ascendc/family_3510_probed.py`: per
op, the dtypes the arch keeps for each variable (a dtype is lost when every combination
with it was rejected), or why it has none (every combination was rejected); family_3510.py
turns those rows into the verifier's deltas. Pairs the arch drops while keeping both
dtypes in other pairs are not expressible per variable and are only reported. An op
without a dtype table whose sample is rejected is reported too (the probe cannot tell
which dtypes it takes). Each function's errors are attributed by line, so two functions
that need the same rejected template instance report it once: the first is marked, the
second may pass; the table can miss a rejection, never invent one.
"""

from __future__ import annotations

import argparse
import itertools
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import check_headers

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "asc_xdsl" / "dialects" / "ascendc" / "family_3510_probed.py"
_UNDECLARED = re.compile(  # g++ quotes names in U+2018/U+2019
    "error: \u2018(\\w+)\u2019 was not declared in this scope|no arguments to \u2018(\\w+)\u2019"
)


@dataclass(frozen=True)
class Probe:
    op: str
    dtypes: tuple[tuple[str, str], ...]
    """(type variable, dtype) for each variable of the op."""

    @property
    def function(self) -> str:
        # the printer folds `__` (reserved in C++) into `_`: none here
        tail = "".join(f"_{var}_{dtype}" for var, dtype in self.dtypes)
        return re.sub(r"_+", "_", "probe_" + re.sub(r"\W", "_", self.op) + tail)


@dataclass
class Outcome:
    rejected: set[Probe] = field(default_factory=set)
    probes: list[Probe] = field(default_factory=list)
    untranslated: dict[str, str] = field(default_factory=dict)
    tables: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    """Op -> its Atlas A2/A3 dtype table."""
    stub_gaps: dict[str, set[str]] = field(default_factory=dict)
    """Intrinsic -> the ops whose probe needs it."""


@contextmanager
def _dtypes(assigned: tuple[tuple[str, str], ...]) -> Iterator[None]:
    """spec_samples with each type variable sampled as `assigned` says."""
    from asc_xdsl.dialects.ascendc import spec_samples

    original = spec_samples.sample_vars

    def patched(spec):  # type: ignore[no-untyped-def]
        chosen = original(spec)
        chosen.update((var, spec_samples.dtype(d)) for var, d in assigned)
        return chosen

    spec_samples.sample_vars = patched
    try:
        yield
    finally:
        spec_samples.sample_vars = original


def sources(
    per_unit: int = 25,
) -> tuple[list[check_headers.Source], list[Probe], dict[str, str], dict]:
    from xdsl.dialects import func
    from xdsl.dialects.builtin import StringAttr

    from asc_xdsl.backends.ascendc import to_ascendc
    from asc_xdsl.dialects.ascendc.families import spec_classes
    from asc_xdsl.dialects.ascendc.spec_samples import sample_op
    from asc_xdsl.transforms.generate_boilerplate import generate_boilerplate

    units: list[tuple[list[str], list[str]]] = []
    probes: list[Probe] = []
    untranslated: dict[str, str] = {}
    tables: dict[str, dict[str, tuple[str, ...]]] = {}
    for cls in spec_classes():
        spec = cls.SPEC
        if spec.lowered_by is not None or cls.name in check_headers.SPEC_SAMPLE_EXCEPTIONS:
            continue
        tables[cls.name] = dict(spec.dtypes)
        # every combination: type variables are often coupled (SoftMax's T and S)
        names = list(spec.dtypes)
        for combo in itertools.product(*spec.dtypes.values()):
            probe = Probe(cls.name, tuple(zip(names, combo, strict=True)))
            try:
                with _dtypes(probe.dtypes):
                    module, _ = sample_op(cls)
                generate_boilerplate(module)
                f = next(o for o in module.ops if isinstance(o, func.FuncOp))
                f.sym_name = StringAttr(probe.function)
                text = to_ascendc(module)
            except Exception as e:  # a dtype the sample cannot take: not probed
                untranslated[probe.function] = check_headers._describe(e)
                continue
            probes.append(probe)
            if not units or len(units[-1][1]) >= per_unit:
                units.append(([], []))
            preamble, bodies = units[-1]
            lines = text.splitlines()
            first = next(i for i, ln in enumerate(lines) if check_headers._FUNCTION.search(ln))
            preamble += [ln for ln in lines[:first] if ln and ln not in preamble]
            bodies.append("\n".join(lines[first:]))
    built = [
        check_headers.Source(f"probe#{i}", "\n".join(pre) + "\n\n" + "\n\n".join(bodies))
        for i, (pre, bodies) in enumerate(units)
    ]
    return built, probes, untranslated, tables


def attributed_errors(source: check_headers.Source, message: str) -> list[tuple[str, str | None]]:
    """(function, undeclared intrinsic or None) for each error of `message`: g++ prints an
    error's instantiation context (`probe#3:40:28:   required from here`) before it, and
    not again for later errors of the same context, which belong to the same function."""
    assert source.text is not None
    starts = [
        (i + 1, m.group(1))
        for i, text in enumerate(source.text.splitlines())
        if (m := check_headers._FUNCTION.search(text))
    ]
    here = re.compile(rf"{re.escape(source.name)}:(\d+):\d+: (?:error|  required from here)")
    found: list[tuple[str, str | None]] = []
    current: str | None = None
    for line in message.splitlines():
        m = here.search(line)
        if m:
            n = int(m.group(1))
            current = next((f for start, f in reversed(starts) if start <= n), None)
        if "error:" in line and current is not None:
            gap = _UNDECLARED.search(line)
            found.append((current, (gap.group(1) or gap.group(2)) if gap else None))
    return found


def run(arch: str, jobs: int) -> Outcome:
    headers = check_headers.find_headers()
    built, probes, untranslated, tables = sources()
    by_function = {p.function: p for p in probes}
    outcome = Outcome(probes=probes, untranslated=untranslated, tables=tables)
    with check_headers.Checker(headers, arch=arch) as checker:
        results = checker.check_all(built, jobs)
    for r in results:
        if r.ok:
            continue
        for name, gap in attributed_errors(r.source, r.message):
            probe = by_function.get(name)
            if probe is None:
                continue
            if gap is not None:
                outcome.stub_gaps.setdefault(gap, set()).add(probe.op)
            else:
                outcome.rejected.add(probe)
    return outcome


def untabled_rejections(outcome: Outcome) -> list[str]:
    """Ops without a dtype table whose sample the arch rejects: the probe cannot tell
    which dtypes it would take (family_3510.py states those from the headers)."""
    return sorted({p.op for p in outcome.rejected if not outcome.tables[p.op]})


def table(outcome: Outcome) -> dict[str, dict[str, tuple[str, ...]] | None]:
    """Op -> the dtypes kept per variable (only the variables that lost some), or None
    when the arch keeps none of them (the op is unsupported there). Ops without a dtype
    table are left out (`untabled_rejections`)."""
    gap_ops = {op for ops in outcome.stub_gaps.values() for op in ops}
    by_op: dict[str, list[Probe]] = {}
    for p in outcome.probes:
        by_op.setdefault(p.op, []).append(p)
    result: dict[str, dict[str, tuple[str, ...]] | None] = {}
    for op, probes in by_op.items():
        if op in gap_ops or not outcome.tables[op]:
            continue
        if not any(p in outcome.rejected for p in probes):
            continue
        if all(p in outcome.rejected for p in probes):
            result[op] = None
            continue
        kept: dict[str, tuple[str, ...]] = {}
        for var, everything in outcome.tables[op].items():
            # lost: every probed combination with it was rejected (a dtype whose samples
            # did not translate was not probed, and is kept)
            tried: dict[str, bool] = {}
            for p in probes:
                d = dict(p.dtypes)[var]
                tried[d] = tried.get(d, False) or p not in outcome.rejected
            ok = tuple(d for d in everything if tried.get(d, True))
            if len(ok) < len(everything):
                kept[var] = ok
        result[op] = kept
    return result


_HEADER = '''"""Ascend 950 (arch 3510): what compiling every op's dtypes against its headers found.

Generated by `python tools/probe_dtypes.py --arch 3510 --write`; do not edit by hand
(family_3510.py adds what a probe cannot find). Every combination of every op's Atlas
A2/A3 dtypes was emitted and compiled against the Ascend C headers in CANN's CPU-debug
mode for `__NPU_ARCH__ == 3510` (Ascend950PR_9599). Op -> `{}` (every dtype compiled),
`{variable: dtypes kept}` (the others were rejected in every combination), or a string
(no combination compiled: the op does not exist there, and why).
"""

from __future__ import annotations

PROBED: dict[str, dict[str, tuple[str, ...]] | str] = {
'''


def write(outcome: Outcome, path: Path = TABLE) -> None:
    rows = table(outcome)
    gap_ops = {op for ops in outcome.stub_gaps.values() for op in ops}
    tabled = {op for op, t in outcome.tables.items() if t}
    probed = sorted(({p.op for p in outcome.probes} & tabled) - gap_ops)
    lines = [_HEADER.rstrip("\n")]
    for op in probed:
        row = rows.get(op, {})
        if row is None:
            lines.append(f'    "{op}": "the 3510 headers reject every dtype combination",')
        else:
            only = ", ".join(f'"{v}": {tuple(ds)!r}'.replace("'", '"') for v, ds in row.items())
            lines.append(f'    "{op}": {{{only}}},')
    lines.append("}  # fmt: skip")
    path.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--arch", choices=sorted(check_headers.ARCHES), default="3510")
    parser.add_argument("--jobs", "-j", type=int, default=2)
    parser.add_argument("--write", action="store_true", help=f"regenerate {TABLE.name}")
    args = parser.parse_args(argv)
    try:
        outcome = run(args.arch, args.jobs)
    except check_headers.HeadersMissing as e:
        print(f"probe_dtypes: {e}", file=sys.stderr)
        return 2
    rows = table(outcome)
    for op, row in sorted(rows.items()):
        print(f"{op}: " + ("unsupported" if row is None else f"keeps {row or 'every dtype'}"))
        if row is not None:
            for p in sorted(outcome.rejected, key=lambda p: p.function):
                if p.op == op:
                    print(f"  rejected: {dict(p.dtypes)}")
    for op in untabled_rejections(outcome):
        print(f"{op}: sample rejected, no dtype table (family_3510.py states its dtypes)")
    for gap, ops in sorted(outcome.stub_gaps.items()):
        print(f"stub gap: {gap} (needed by {', '.join(sorted(ops))})")
    ops = {p.op for p in outcome.probes}
    print(
        f"{len(outcome.probes)} probes of {len(ops)} ops, {len(outcome.rejected)} rejected; "
        f"{len(rows)} ops changed on arch {args.arch}, "
        f"{sum(r is None for r in rows.values())} unsupported; "
        f"{len(outcome.untranslated)} samples not translated"
    )
    if args.write:
        write(outcome)
        print(f"wrote {TABLE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
