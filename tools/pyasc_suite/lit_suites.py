"""pyasc's lit tests run through our driver: `target` (test/Target/AscendC, IR ->
Ascend C) and `transforms` (test/Dialect/AscendC/Transforms, IR -> IR passes)."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pyasc_suite import target_differences, transforms_differences
from pyasc_suite.checks import Directive, Options, group_directives, parse_directives, run_checks
from pyasc_suite.driver import Driver, DriverResult
from pyasc_suite.mlir_split import case_text, own_items, split_input_file, top_level_items
from pyasc_suite.report import Outcome, SuiteResult, mark_differences

if TYPE_CHECKING:
    from pyasc_suite.proof import Proof

TARGET_DIR = "test/Target/AscendC"
TRANSFORMS_DIR = "test/Dialect/AscendC/Transforms"

# ascir-opt pass flags whose name in our pass registry differs from the flag without
# its leading dash. Empty until our passes exist; add a row when a name differs.
PASS_NAMES: dict[str, str] = {}

# ascir-opt flags that are driver options, not passes, and how our driver spells them.
DRIVER_FLAGS = {
    "split-input-file": "--split-input-file",
    "verify-diagnostics": "--verify-diagnostics",
    "allow-unregistered-dialect": "--allow-unregistered-dialect",
}

_EXPECTED_DIAG = re.compile(r"expected-(?:error|warning|note|remark)[^{]*\{\{(.*?)\}\}")


@dataclass
class RunLine:
    tool: str
    passes: list[str]
    driver_flags: list[str]
    full_lines: bool
    filecheck: bool


def parse_run_line(text: str) -> RunLine | None:
    """The first `// RUN:` line: which tool, which passes, FileCheck's options."""
    m = re.search(r"//\s*RUN:\s*(.*)", text)
    if not m:
        return None
    command, _, check = m.group(1).partition("|")
    words = shlex.split(command)
    passes, flags = [], []
    for w in words[1:]:
        if w == "%s" or not w.startswith("-"):
            continue
        name = w.lstrip("-")
        if name in DRIVER_FLAGS:
            flags.append(DRIVER_FLAGS[name])
        elif name != "mlir-to-ascendc":
            passes.append(PASS_NAMES.get(name, name))
    return RunLine(
        words[0] if words else "",
        passes,
        flags,
        "-match-full-lines" in check or "--match-full-lines" in check,
        "FileCheck" in check,
    )


def _case_name(group: Sequence[Directive], symbols: Sequence[str]) -> str:
    if symbols:
        return ",".join(symbols)
    text = group[0].pattern
    return text if len(text) <= 50 else text[:47] + "..."


def _error_outcome(unit: str, name: str, res: DriverResult, detail: str) -> Outcome:
    one = res.one_line()
    group = re.sub(r" at line \d+", "", one)
    return Outcome(unit, name, "failed", res.kind, one, group, detail)


def _check_outcome(
    unit: str, name: str, group: Sequence[Directive], output: str, opts: Options
) -> Outcome:
    result = run_checks(group, output, opts)
    if result.passed:
        return Outcome(unit, name, "passed")
    relaxed = run_checks(group, output, Options(opts.mlir, opts.full_lines, relax_index=True))
    shown = result if relaxed.passed else relaxed
    detail = f"{shown.side_by_side(group)}\nours in full:\n{output.rstrip()}"
    if relaxed.passed:
        return Outcome(
            unit,
            name,
            "failed",
            "index-type",
            "index type only (pyasc: uint32_t, ours: int64_t); first: " + result.reason(),
            "index type only (pyasc prints index as uint32_t, we int64_t)",
            detail,
        )
    # Report the first difference that is not the index type, if there is one.
    first = relaxed
    index_too = (result.failed, result.expected) != (relaxed.failed, relaxed.expected)
    also = " (and index type)" if index_too else ""
    return Outcome(
        unit,
        name,
        "failed",
        "mismatch",
        first.reason() + also,
        f"mismatch: expected `{first.expected}`, got `{first.got}`",
        detail,
    )


def _detail(group: Sequence[Directive], message: str) -> str:
    checks = "\n".join(f"   {d.line:4d} {d.kind}: {d.pattern}" for d in group)
    return f"{checks}\nnot checked, the driver said:\n{message.rstrip()}"


@dataclass
class TargetCase:
    """One case of the Target suite, translated by our driver."""

    unit: str  # the file, relative to the suite
    name: str
    group: list[Directive]  # its CHECK lines
    result: DriverResult  # our translation of the IR it checks
    opts: Options  # how its file's RUN line matches
    ir: str = ""  # the case's IR (its file with the other cases' lines blanked)
    driver: Driver | None = None  # the driver that translated it (for variants of the IR)


def target_cases(src: Path, only: str | None = None) -> Iterator[TargetCase]:
    """Each case of the Target suite (of the files `only` selects) with our output."""
    root = src / TARGET_DIR
    for path in sorted(root.rglob("*.mlir")):
        rel = str(path.relative_to(root))
        if only and not _selected(rel, only):
            continue
        text = path.read_text()
        lines = text.splitlines()
        run = parse_run_line(text)
        opts = Options(mlir=False, full_lines=bool(run and run.full_lines))
        items = top_level_items(lines)
        driver = Driver(str(path), target="ascendc")
        groups = group_directives(parse_directives(text))
        for k, group in enumerate(groups):
            first = group[0].line - 1
            nxt = groups[k + 1][0].line - 1 if k + 1 < len(groups) else None
            own = own_items(items, first, nxt) or list(items)
            name = _case_name(group, [it.symbol for it in own if it.symbol])
            ir = case_text(lines, items, own)
            yield TargetCase(rel, name, group, driver.run(ir), opts, ir, driver)


def run_target(
    src: Path, only: str | None = None, cases: list[TargetCase] | None = None
) -> SuiteResult:
    """Each case matched against its CHECK lines; failures listed in
    target_differences.py are marked "differs" (the old, self-certified way;
    `run_target_proven` decides by checks instead)."""
    result = _target_outcomes(src, only, cases)
    mark_differences(result, target_differences)
    _label_note(result, cases or list(target_cases(src, only)))
    return result


def _target_outcomes(
    src: Path, only: str | None, cases: list[TargetCase] | None = None
) -> SuiteResult:
    result = SuiteResult("target", str(src / TARGET_DIR))
    for case in cases if cases is not None else target_cases(src, only):
        rel, name, group, res = case.unit, case.name, case.group, case.result
        if not res.ok:
            detail = _detail(group, res.message)
            result.outcomes.append(_error_outcome(rel, name, res, detail))
            continue
        result.outcomes.append(_check_outcome(rel, name, group, res.output, case.opts))
    if only and not result.outcomes:
        result.notes.append(f"no file matches --file {only}")
    unregistered = [o for o in result.outcomes if "is not registered" in o.reason]
    if unregistered:
        names = {o.group for o in unregistered}
        result.notes.append(
            f"{len(unregistered)} case(s) stop at an op or type we do not have "
            f"({len(names)} distinct names)"
        )
    return result


def _label_note(result: SuiteResult, cases: Sequence[TargetCase]) -> None:
    labels = [c.group[0].kind == "CHECK-LABEL" for c in cases]
    labelled = [o for o, g in zip(result.outcomes, labels, strict=True) if g]
    passed = sum(o.status == "passed" for o in labelled)
    differs = sum(o.status == "differs" for o in labelled)
    result.notes.append(
        f"cases that start with a CHECK-LABEL: {passed}/{len(labelled)} passed, {differs} "
        f"differ on purpose; the other {len(result.outcomes) - len(labelled)} cases are "
        "unlabelled CHECK blocks"
    )


def run_target_proven(
    src: Path, only: str | None = None, headers: bool = True, cache: Path | None = None
) -> tuple[SuiteResult, list[Proof]]:
    """The Target suite with every case we do not match put in a bucket by checks
    (proof.py): proven differences (headers-reject, counterexample, policy) count as
    "differs", unproven ones as "failed"."""
    from pyasc_suite.header_cache import HeaderChecks
    from pyasc_suite.policies import BY_NAME
    from pyasc_suite.proof import run_proofs

    cases = list(target_cases(src, only))
    result = _target_outcomes(src, only, cases)
    checks = HeaderChecks(cache, enabled=headers) if headers else None
    if checks is not None and checks.unavailable:
        result.notes.append(f"no header checks: {checks.unavailable}")
    passed = [o.status == "passed" for o in result.outcomes]
    proofs = run_proofs(list(zip(cases, passed, strict=True)), checks)
    for o, p in zip(result.outcomes, proofs, strict=True):
        if p.bucket == "match":
            continue
        o.detail = "\n".join(p.evidence) + (f"\n{o.detail}" if o.detail else "")
        if p.bucket == "unproven":
            o.status, o.kind = "failed", "unproven"
            o.reason = f"unproven: {p.evidence[-1] if p.evidence else o.reason}"
            o.group = "unproven"
        else:
            o.status, o.kind = "differs", p.bucket
            summary = (
                " + ".join(BY_NAME[n].summary for n in p.policy.split("+")) if p.policy else ""
            )
            o.group = f"{p.policy}: {summary}" if p.policy else p.bucket
    if checks is not None and checks.compiled:
        result.notes.append(f"header checks compiled {checks.compiled} source(s) (the rest cached)")
    _label_note(result, cases)
    return result, proofs


def run_transforms(src: Path, only: str | None = None) -> SuiteResult:
    root = src / TRANSFORMS_DIR
    result = SuiteResult("transforms", str(root))
    for path in sorted(root.rglob("*.mlir")):
        rel = str(path.relative_to(root))
        if only and not _selected(rel, only):
            continue
        text = path.read_text()
        run = parse_run_line(text)
        if run is None:
            result.notes.append(f"{rel}: no RUN line")
            continue
        pipeline = ",".join(run.passes)
        driver = Driver(str(path), passes=pipeline)
        split = "--split-input-file" in run.driver_flags
        chunks = split_input_file(text) if split else [(0, text)]
        opts = Options(mlir=True, full_lines=run.full_lines)
        for index, (first_line, chunk) in enumerate(chunks):
            tag = f"#{index + 1}" if split else ""
            res = driver.run(chunk)
            if "--verify-diagnostics" in run.driver_flags:
                result.outcomes.append(_diagnostics_outcome(rel, tag or "file", chunk, res))
                continue
            chunk_dirs = [d for d in parse_directives(chunk) if d.line > first_line]
            for group in group_directives(chunk_dirs):
                name = (tag + " " + _case_name(group, [])).strip()
                if not res.ok:
                    result.outcomes.append(
                        _error_outcome(rel, name, res, _detail(group, res.message))
                    )
                else:
                    result.outcomes.append(_check_outcome(rel, name, group, res.output, opts))
    mark_differences(result, transforms_differences)
    return result


def _diagnostics_outcome(unit: str, name: str, chunk: str, res: DriverResult) -> Outcome:
    """A `-verify-diagnostics` chunk passes when every `expected-*` message appears in
    what our driver reported (MLIR's line anchors are not checked)."""
    expected = _EXPECTED_DIAG.findall(chunk)
    if res.kind in ("usage", "unknown-pass"):
        return _error_outcome(unit, name, res, res.message)
    said = res.output + res.message + res.warnings
    missing = [m for m in expected if m not in said]
    if not missing and (expected or res.ok):
        return Outcome(unit, name, "passed")
    reason = f"expected diagnostic not reported: {missing[0]}" if missing else res.one_line()
    return Outcome(unit, name, "failed", "diagnostics", reason, reason, said)


def _selected(rel: str, only: str) -> bool:
    return rel == only or rel.endswith("/" + only) or Path(rel).stem == Path(only).stem
