"""Every Target case we do not match, put in one bucket by checks the harness runs.

- **match**: our C++ matches the case's CHECK lines.
- **headers-reject**: pyasc's expected C++ (its CHECK lines as a translation unit,
  `expected_cpp.assemble`) fails the header check and ours passes it. For IR we refuse,
  the headers must reject pyasc's C++ and the rest of the case must hold without it
  (when the headers reject pyasc's function line and we refuse the function's
  signature, nothing is left to compare):
  each refused op is deleted from the IR with the ops using its results, the CHECK
  lines the compiler's errors point at are dropped with the lines using the values they
  declare, and what is left must match our translation.
- **counterexample**: for CHECK lines listed in `counterexamples.py`, pyasc's function
  and ours are compiled with the host g++ and run on the listed inputs: pyasc's value
  differs from the op's meaning, ours equals it. The proven lines then match anything,
  and the rest of the case must match. Lines listed in `counterexamples.EQUALS` are
  run against ours on every input (exhaustively): equal everywhere, they match too.
  pyasc's C++ that compiles but aborts when run in the headers' CPU-debug build (a
  failed `ASCENDC_ASSERT`, `runtime_aborts.py`: the abort proven by running it, with a
  control run that passes) counts as headers-reject too, for IR we refuse.
- **policy**: one named policy (`policies.py`, each with its reason in
  docs/yardsticks.md) applied as a normalisation makes the case match; or, when no
  single one does, two of them applied together (named `a+b`).
- **unproven**: anything else.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from pyasc_suite import counterexamples, kernel_params, overloads, policies, runtime_aborts
from pyasc_suite.checks import Directive, Options, compile_pattern, run_checks
from pyasc_suite.driver import _POSITION
from pyasc_suite.expected_cpp import _DECLARATION, assemble_mapped
from pyasc_suite.header_cache import HeaderChecks, Verdict
from pyasc_suite.lit_suites import TargetCase
from pyasc_suite.mlir_split import _code, _depth_change

BUCKETS = ("match", "headers-reject", "counterexample", "policy", "unproven")
# Refused ops deleted from one case's IR before we give up.
_MAX_REMOVALS = 64


@dataclass
class Proof:
    unit: str
    name: str
    bucket: str  # one of BUCKETS
    evidence: list[str] = field(default_factory=list)  # what the checks found, one line each
    policy: str = ""  # the policy's name (bucket "policy")

    def line(self) -> str:
        head = f"{self.bucket:15} {self.unit}:{self.name}"
        if self.policy:
            head += f" [{self.policy}]"
        return head + "".join(f"\n    {e}" for e in self.evidence)


def summary(proofs: Sequence[Proof]) -> str:
    """The closing line: `target: M match, H headers-reject, ... (of N)`."""
    n = {b: sum(p.bucket == b for p in proofs) for b in BUCKETS}
    return (
        f"target: {n['match']} match, {n['headers-reject']} headers-reject, "
        f"{n['counterexample']} counterexample, {n['policy']} policy, "
        f"{n['unproven']} unproven (of {len(proofs)})"
    )


# -- the C++ sources to check against the headers ------------------------------------


@dataclass
class Sources:
    """pyasc's translation unit for a case (with its line -> directives map) and ours."""

    pyasc: str | None
    why_not: str
    lines: dict[int, list[Directive]]
    ours: str | None


def sources_of(case: TargetCase) -> Sources:
    declarations: list[str] = []
    if case.result.ok:  # functions it declares but does not define, as we print them
        declarations = [ln for ln in case.result.output.splitlines() if _DECLARATION.match(ln)]
    pyasc, why, lines = assemble_mapped(case.group, declarations)
    return Sources(pyasc, why, lines, case.result.output if case.result.ok else None)


def header_names(case: TargetCase) -> tuple[str, str]:
    return f"pyasc {case.unit}:{case.name}", f"ours {case.unit}:{case.name}"


# -- classifying ---------------------------------------------------------------------


def classify(
    case: TargetCase,
    passed: bool,
    sources: Sources,
    verdicts: dict[str, Verdict | None],
    host: counterexamples.HostRunner,
    headers: HeaderChecks | None = None,
) -> Proof:
    """The bucket of one case, with the evidence that put it there. `headers` checks
    our C++ of IR we refuse once the refused ops are deleted (None: not checked)."""
    unit, name = case.unit, case.name
    if passed:
        return Proof(unit, name, "match")
    theirs_name, ours_name = header_names(case)
    theirs = verdicts.get(theirs_name)
    if not case.result.ok:
        return _refused(case, sources, theirs, host, headers)
    ours = verdicts.get(ours_name)
    if theirs is not None and ours is not None and not theirs.ok and ours.ok:
        return Proof(
            unit,
            name,
            "headers-reject",
            [f"pyasc's C++ line {theirs.line}: {theirs.error}", "our C++ compiles"],
        )
    notes = _header_notes(sources, theirs, ours)
    listed = overloads.OVERLOADS.get((unit, name))
    if listed is not None and headers is not None and sources.pyasc is not None:
        ok, what = _overload(case, sources, listed, headers)
        notes.append(what)
        if not ok:
            return Proof(unit, name, "unproven", notes)
        group = _opened(case.group, listed.check_line)
        return _explain(case, group, case.result.output, host, notes, "counterexample")
    return _explain(case, case.group, case.result.output, host, notes)


def _overload(
    case: TargetCase, sources: Sources, entry: overloads.Overload, headers: HeaderChecks
) -> tuple[bool, str]:
    """Run the three compiles of `overloads` for one entry: (proven?, evidence)."""
    head = f"overload line {entry.check_line}: {entry.meaning}"
    assert sources.pyasc is not None and sources.ours is not None
    at = overloads.tu_line(sources.lines, entry.check_line)
    if at is None:
        return False, f"{head}: no CHECK line {entry.check_line} in pyasc's C++"
    key = f"{case.unit}:{case.name}"
    a, shift = overloads.with_deleted(sources.pyasc, entry.theirs)
    b, _ = overloads.with_deleted(sources.pyasc, entry.meant)
    c, _ = overloads.with_deleted(sources.ours, entry.meant)
    names = (f"overload-theirs {key}", f"overload-meant {key}", f"overload-ours {key}")
    got = headers.verdicts(list(zip(names, (a, b, c), strict=True)))
    va, vb, vc = (got[n] for n in names)
    if va is None or vb is None or vc is None:
        return False, f"{head}: not compiled"
    line = at + shift
    hits = not va.ok and line in va.lines and "deleted function" in va.error
    misses = vb.ok or line not in vb.lines
    ours = not vc.ok and "deleted function" in vc.error
    told = (
        f"{head}: {entry.theirs!r} deleted: pyasc's line "
        f"{'uses it' if hits else 'does not use it'}; {entry.meant!r} deleted: pyasc's "
        f"line {'compiles' if misses else 'fails'}, ours {'uses it' if ours else 'does not'}"
    )
    return (
        hits and misses and ours,
        told if hits and misses and ours else f"{told} -- does not hold",
    )


def _header_notes(sources: Sources, theirs: Verdict | None, ours: Verdict | None) -> list[str]:
    if sources.pyasc is None:
        return [f"headers: pyasc's C++ not assembled ({sources.why_not})"]
    if theirs is None or ours is None:
        return ["headers: not checked"]
    if theirs.ok:
        return ["headers: pyasc's C++ compiles"]
    return [f"headers: pyasc's C++ fails ({theirs.error}) but ours fails too ({ours.error})"]


def _explain(
    case: TargetCase,
    group: Sequence[Directive],
    output: str,
    host: counterexamples.HostRunner,
    notes: list[str],
    proven_bucket: str = "",
) -> Proof:
    """Counterexamples for the listed lines, then the case must match, or match once
    one policy is applied. `proven_bucket`: what an exact match counts as (the caller's
    own proof, e.g. headers-reject for a refused op), else match/counterexample."""
    unit, name = case.unit, case.name
    evidence = list(notes)
    group = list(group)
    listed = counterexamples.COUNTEREXAMPLES.get((unit, name), ())
    proven = 0
    proven_policies: list[str] = []
    for ce in listed:
        ok, what = host.prove(case, ce, group, output)
        evidence.append(what)
        if not ok:
            return Proof(unit, name, "unproven", evidence)
        group = _opened(group, ce.check_line)
        proven += 1
        if ce.proves and ce.proves not in proven_policies:
            proven_policies.append(ce.proves)
    for eq in counterexamples.EQUALS.get((unit, name), ()):
        ok, what = host.prove_equal(case, eq, group, output)
        evidence.append(what)
        if not ok:
            return Proof(unit, name, "unproven", evidence)
        group = _opened(group, eq.check_line)
    opts = case.opts
    for shown in proven_policies:  # differences the counterexamples showed to matter
        group, output, opts = policies.BY_NAME[shown].normalise(group, output, opts)
    if run_checks(group, output, opts).passed:
        if proven_bucket:
            return Proof(unit, name, proven_bucket, evidence)
        return Proof(unit, name, "counterexample" if proven else "match", evidence)
    failure = run_checks(group, output, opts)
    for policy in policies.POLICIES:
        g, out, o = policy.normalise(group, output, opts)
        if run_checks(g, out, o).passed:
            return Proof(unit, name, "policy", evidence, policy.name)
    # Two differences at once: two named policies together, neither enough alone.
    for k, first in enumerate(policies.POLICIES):
        for second in policies.POLICIES[k + 1 :]:
            g, out, o = first.normalise(group, output, opts)
            g, out, o = second.normalise(g, out, o)
            if run_checks(g, out, o).passed:
                return Proof(unit, name, "policy", evidence, f"{first.name}+{second.name}")
    evidence.append(f"differs: {failure.reason()}")
    return Proof(unit, name, "unproven", evidence)


def _anything(d: Directive) -> Directive:
    """A proven line: its declaration binds our name, its expression matches anything,
    and it may follow helper lines of ours (a CHECK, not a CHECK-NEXT)."""
    lhs, eq, _ = d.pattern.partition("=")
    pattern = f"{lhs}= {{{{.*}}}}" if eq else "{{.*}}"
    kind = "CHECK" if d.kind == "CHECK-NEXT" else d.kind
    return replace(d, kind=kind, pattern=pattern)


def _opened(group: Sequence[Directive], line: int) -> list[Directive]:
    """The group with the directive at `line` proven (`_anything`); a CHECK-NEXT after
    it becomes a CHECK, since our C++ for the op may take more lines than pyasc's."""
    out: list[Directive] = []
    for d in group:
        if d.line == line:
            d = _anything(d)
        elif out and out[-1].line == line and d.kind == "CHECK-NEXT":
            d = replace(d, kind="CHECK")
        out.append(d)
    return out


# -- refused IR ----------------------------------------------------------------------

_RESULTS = re.compile(r"^\s*((?:%[\w.$-]+(?::\d+)?\s*,\s*)*%[\w.$-]+(?::\d+)?)\s*=")


def _results(op_text: str) -> list[str]:
    m = _RESULTS.match(op_text)
    if not m:
        return []
    return [r.strip().split(":")[0] for r in m.group(1).split(",")]


def _uses(text: str, names: Sequence[str]) -> bool:
    return any(re.search(rf"{re.escape(n)}(?![\w.$-])", _code(text)) for n in names)


def op_extent(lines: Sequence[str], n: int) -> tuple[int, int]:
    """The lines [n, m] of the op starting at 0-based line n: until its brackets close
    and its type list ends (`... :` continued by `!type, ...` on the next line)."""
    depth, m = _depth_change(_code(lines[n])), n
    while m + 1 < len(lines):
        tail = _code(lines[m]).rstrip()
        if depth <= 0 and not tail.endswith((":", ",")):
            break
        m += 1
        depth += _depth_change(_code(lines[m]))
    return n, m


def _has_region(lines: Sequence[str], first: int, last: int) -> bool:
    """Does the op on lines [first, last] open a region (a line ending in `{`)?"""
    return any(_code(lines[k]).rstrip().endswith("{") for k in range(first, last + 1))


def remove_op(ir: str, line: int) -> tuple[str, list[str]] | None:
    """The IR without the op at 1-based `line` and every op using its results
    (transitively), lines blanked so positions stay; and the ops removed (their first
    words). None when that op holds a function (a `func.func`, or a region)."""
    lines = ir.split("\n")
    first, last = op_extent(lines, line - 1)
    head = _code(lines[first]).strip()
    if head.startswith(("func.func", "module", "}")) or _has_region(lines, first, last):
        return None  # a function, or an op with a region
    removed: list[str] = []
    todo = [(first, last)]
    while todo:
        a, b = todo.pop()
        text = "\n".join(lines[a : b + 1])
        names = _results(text)
        head = _code(lines[a])
        at_results = _RESULTS.match(head)
        word = head[at_results.end() :].split() if at_results else head.split()
        removed.append(word[0] if word else "?")
        for k in range(a, b + 1):
            lines[k] = ""
        if not names:
            continue
        k = 0
        while k < len(lines):
            if lines[k].strip() and _uses(lines[k], names):
                e = op_extent(lines, k)
                if _has_region(lines, *e):
                    return None  # an op with a region uses it: nothing small to delete
                todo.append(e)
                k = e[1]
            k += 1
    return "\n".join(lines), removed


_HELPER = re.compile(r"v\d+_\w+")


def _declared_names(d: Directive) -> set[str]:
    return {e.text for e in compile_pattern(d.pattern, False) if e.kind == "name" and e.declares}


def _used_names(d: Directive) -> set[str]:
    return {e.text for e in compile_pattern(d.pattern, False) if e.kind == "name"}


def drop_directives(
    group: Sequence[Directive], dropped: Sequence[Directive]
) -> tuple[list[Directive], list[Directive]]:
    """The group without `dropped` and without the directives using a value they
    declare (transitively): (kept, all dropped)."""
    gone = {d.line for d in dropped}
    names: set[str] = set()
    for d in dropped:
        names |= _declared_names(d)
    changed = True
    while changed:
        changed = False
        for d in group:
            if d.line in gone or not (_used_names(d) & names):
                continue
            if d.kind == "CHECK-LABEL" or d is group[0]:
                continue  # the function's own line: its parameters are not dropped
            gone.add(d.line)
            names |= _declared_names(d)
            changed = True
    # Helpers pyasc derives from a dropped value (`v1_mask_list0`, declared just for the
    # dropped call) and uses nowhere else go too.
    for d in group:
        declared = _declared_names(d)
        if d.line in gone or not declared or not all(_HELPER.fullmatch(n) for n in declared):
            continue
        users = [u for u in group if u is not d and _used_names(u) & declared]
        if users and all(u.line in gone for u in users):
            gone.add(d.line)
    kept = [d for d in group if d.line not in gone]
    # A CHECK-NEXT after a dropped line now follows an earlier one: plain CHECK.
    fixed: list[Directive] = []
    prev_gone = False
    for d in group:
        if d.line in gone:
            prev_gone = True
            continue
        if prev_gone and d.kind in ("CHECK-NEXT", "CHECK-SAME"):
            d = replace(d, kind="CHECK")
        fixed.append(d)
        prev_gone = False
    return fixed, [d for d in group if d.line in gone and d not in kept]


def _refused(
    case: TargetCase,
    sources: Sources,
    theirs: Verdict | None,
    host: counterexamples.HostRunner,
    headers: HeaderChecks | None = None,
) -> Proof:
    unit, name = case.unit, case.name
    refusal = case.result.one_line()
    evidence = [f"ours: {refusal}"]
    if sources.pyasc is None:
        evidence.append(f"pyasc's C++ not assembled: {sources.why_not}")
        return Proof(unit, name, "unproven", evidence)
    if theirs is None:
        evidence.append("headers: not checked")
        return Proof(unit, name, "unproven", evidence)
    index = kernel_params.refused_parameter(refusal)
    if theirs.ok and index is not None and headers is not None:
        return _kernel_parameter(case, evidence, index, headers)
    if theirs.ok:
        evidence.append("pyasc's C++ compiles against the headers")
        listed = runtime_aborts.RUNTIME_ABORTS.get((unit, name))
        if listed is None or headers is None:  # no header checks: no runs either
            return _refused_rest(case, evidence, host, "unproven")
        prober = runtime_aborts.RuntimeProber(host.cache_dir.parent if host.cache_dir else None)
        ok, what, at = prober.prove(name, sources.pyasc, sources.lines, case.group, listed)
        evidence.append(what)
        if not ok:
            return _refused_rest(case, evidence, host, "unproven")
        group, dropped = drop_directives(case.group, at)
        evidence.append("CHECK lines dropped: " + ", ".join(str(d.line) for d in dropped))
        return _refused_rest(case, evidence, host, "headers-reject", group, headers)
    at = [d for n in theirs.lines for d in sources.lines.get(n, [])]
    evidence.append(f"pyasc's C++ line {theirs.line}: {theirs.error}")
    if not at:
        evidence.append("the errors point at no CHECK line of the function")
        return Proof(unit, name, "unproven", evidence)
    if any(d is case.group[0] or d.kind == "CHECK-LABEL" for d in at):
        evidence.append("the errors point at the function's own line")
        if _refuses_signature(case):
            # Nothing of the function is left on either side to compare.
            evidence.append("we refuse the function's signature too")
            return Proof(unit, name, "headers-reject", evidence)
        hoisted = _hoisted(sources)
        if hoisted is None or headers is None:
            return Proof(unit, name, "unproven", evidence)
        # pyasc's MatmulConfig declared in the parameter list is no C++; declared before
        # the function (where it compiles), the body's own errors show.
        key = f"hoisted {unit}:{name}"
        again = headers.verdicts([(key, hoisted.pyasc)])[key]  # type: ignore[arg-type]
        if again is None or again.ok:
            evidence.append(
                f"with the MatmulConfig hoisted: {'compiles' if again else 'not checked'}"
            )
            return Proof(unit, name, "unproven", evidence)
        at = [d for n in again.lines for d in hoisted.lines.get(n, [])]
        evidence.append(f"with the MatmulConfig hoisted, line {again.line}: {again.error}")
        if not at or any(d is case.group[0] for d in at):
            evidence.append("the errors still point at the function's own line, or at none")
            return Proof(unit, name, "unproven", evidence)
        # pyasc's function line itself failed the headers: it is compared by the
        # function's name only, its parameters bound by the body's uses of them.
        group = [_name_only(case.group[0], name), *case.group[1:]]
        evidence.append(
            f"pyasc's function line fails the headers ({theirs.error}): compared by name only"
        )
    else:
        group = list(case.group)
    group, dropped = drop_directives(group, at)
    evidence.append("CHECK lines dropped: " + ", ".join(str(d.line) for d in dropped))
    listed = runtime_aborts.RUNTIME_ABORTS.get((unit, name))
    if listed is not None and headers is not None:
        # What is left of pyasc's C++ compiles; the refusal left may abort when run.
        rest, why, lines = assemble_mapped(group)
        if rest is None:
            evidence.append(f"pyasc's C++ without those lines not assembled: {why}")
            return Proof(unit, name, "unproven", evidence)
        prober = runtime_aborts.RuntimeProber(host.cache_dir.parent if host.cache_dir else None)
        ok, what, aborts = prober.prove(name, rest, lines, group, listed)
        evidence.append(what)
        if not ok:
            return Proof(unit, name, "unproven", evidence)
        group, dropped = drop_directives(group, aborts)
        evidence.append("CHECK lines dropped: " + ", ".join(str(d.line) for d in dropped))
    return _refused_rest(case, evidence, host, "headers-reject", group, headers)


def _name_only(d: Directive, function: str) -> Directive:
    """A function line that matches the function of that name, whatever its parameters."""
    return replace(d, pattern=f"void {function}({{{{.*}}}}) {{")


_CONFIG_PARAMETER = re.compile(r"constexpr static MatmulConfig \w+\{[^{}]*\};")


def _hoisted(sources: Sources) -> Sources | None:
    """pyasc's translation unit with a MatmulConfig declared inside its function line
    moved before the function (one line, so the line map holds); None if there is none."""
    if sources.pyasc is None:
        return None
    lines = sources.pyasc.split("\n")
    first = min(sources.lines, default=0)
    if not first or not (m := _CONFIG_PARAMETER.search(lines[first - 1])):
        return None
    lines[first - 1] = lines[first - 1].replace(m.group(), "", 1)
    if lines[first - 2].strip():
        return None  # no blank line before the function to hold it
    lines[first - 2] = m.group()
    return replace(sources, pyasc="\n".join(lines))


def _refuses_signature(case: TargetCase) -> bool:
    """Is our refusal at the case's `func.func` line (a parameter type we refuse)?"""
    first = case.result.message.strip().splitlines()[:1]
    m = _POSITION.match(first[0]) if first else None
    if m is None:
        return False
    lines = case.ir.split("\n")
    n = int(m.group(1))
    return 0 < n <= len(lines) and bool(
        re.match(rf"\s*func\.func\s+(?:\w+\s+)?@{re.escape(case.name)}\(", lines[n - 1])
    )


def _kernel_parameter(
    case: TargetCase, evidence: list[str], index: int, headers: HeaderChecks
) -> Proof:
    """A kernel parameter we refuse: pyasc's type for it is no POD (`kernel_params`)."""
    unit, name = case.unit, case.name
    params = kernel_params.parameters(case.group[0].pattern)
    cpp_type = params[index] if index < len(params) else ""
    source = kernel_params.probe_source(cpp_type) if cpp_type else None
    if source is None:
        evidence.append(f"pyasc's parameter {index} ({cpp_type or 'none'}) may be a kernel's")
        return Proof(unit, name, "unproven", evidence)
    key = f"pod {unit}:{name}"
    verdict = headers.verdicts([(key, source)])[key]
    if verdict is None:
        evidence.append("headers: the parameter type's check not run")
        return Proof(unit, name, "unproven", evidence)
    if not verdict.ok:
        evidence.append(f"headers: {cpp_type} may be a POD ({verdict.error})")
        return Proof(unit, name, "unproven", evidence)
    evidence.append(
        f"headers: std::is_pod_v<{cpp_type}> is false, and a kernel takes only scalars, "
        "POD structs and pointers (Ascend C guide, kernel argument list)"
    )
    return Proof(unit, name, "headers-reject", evidence)


def _refused_rest(
    case: TargetCase,
    evidence: list[str],
    host: counterexamples.HostRunner,
    bucket: str,
    group: Sequence[Directive] | None = None,
    headers: HeaderChecks | None = None,
) -> Proof:
    """Delete each refused op (and its uses) until we translate the IR; then the CHECK
    lines left must hold (`bucket` if they do) and our C++ of what is left must pass the
    headers (what we accept of the case is checked too, not only what we refuse)."""
    unit, name = case.unit, case.name
    assert case.driver is not None
    ir, res = case.ir, case.result
    removed: list[str] = []
    for _ in range(_MAX_REMOVALS):
        if res.ok:
            break
        m = _POSITION.match(res.message.strip().splitlines()[0]) if res.message.strip() else None
        cut = remove_op(ir, int(m.group(1))) if m and res.kind in ("verify", "codegen") else None
        if cut is None:
            evidence.append(f"cannot delete what we refuse: {res.one_line()}")
            return Proof(unit, name, "unproven", evidence)
        ir, ops = cut
        removed += ops
        res = case.driver.run(ir)
    if not res.ok:
        evidence.append(f"still refused after {_MAX_REMOVALS} deletions: {res.one_line()}")
        return Proof(unit, name, "unproven", evidence)
    evidence.append("deleted from the IR: " + ", ".join(removed))
    if bucket == "unproven":
        return Proof(unit, name, "unproven", evidence)
    assert group is not None
    proof = _explain(case, group, res.output, host, evidence, proven_bucket=bucket)
    if proof.bucket == "unproven":
        proof.evidence.append("(the rest of the case, without the refused ops)")
        return proof
    key = f"rest {unit}:{name}"
    rest = headers.verdicts([(key, res.output)])[key] if headers is not None else None
    if rest is None:
        proof.evidence.append("headers: our C++ of the rest not checked")
        return Proof(unit, name, "unproven", proof.evidence)
    if not rest.ok:
        proof.evidence.append(
            f"our C++ of the rest fails the headers: line {rest.line}: {rest.error}"
        )
        return Proof(unit, name, "unproven", proof.evidence)
    proof.evidence.append("our C++ of the rest compiles")
    return proof


def run_proofs(
    cases: Sequence[tuple[TargetCase, bool]], checks: HeaderChecks | None
) -> list[Proof]:
    """Classify every case ((case, does it match?) pairs); header checks of the cases
    that do not match run in one batch (cached), or not at all when `checks` is None."""
    all_sources = {id(c): sources_of(c) for c, passed in cases if not passed}
    batch: list[tuple[str, str]] = []
    for c, passed in cases:
        if passed:
            continue
        s = all_sources[id(c)]
        theirs, ours = header_names(c)
        if s.pyasc is not None:
            batch.append((theirs, s.pyasc))
        if s.ours is not None:
            batch.append((ours, s.ours))
    verdicts = checks.verdicts(batch) if checks is not None else {}
    host = counterexamples.HostRunner(checks.cache_dir if checks is not None else None)
    empty = Sources(None, "", {}, None)
    # What is left of IR we refuse is known only while classifying: a first pass
    # collects those sources, one batch compiles them, a second pass reads the verdicts.
    collect = _Collector() if checks is not None else None
    proofs = [
        classify(c, passed, all_sources.get(id(c)) or empty, verdicts, host, collect)  # type: ignore[arg-type]
        for c, passed in cases
    ]
    if checks is None or collect is None or not collect.sources:
        return proofs
    checks.verdicts(list(collect.sources.items()))
    again = {key.split(" ", 1)[1] for key in collect.sources}  # "rest u:n", "pod u:n"
    return [
        classify(c, passed, all_sources.get(id(c)) or empty, verdicts, host, checks)
        if f"{c.unit}:{c.name}" in again
        else p
        for (c, passed), p in zip(cases, proofs, strict=True)
    ]


class _Collector:
    """Stands in for HeaderChecks: records the sources asked for, answers None."""

    def __init__(self) -> None:
        self.sources: dict[str, str] = {}

    def verdicts(self, sources: Sequence[tuple[str, str]]) -> dict[str, Verdict | None]:
        self.sources.update(sources)
        return {name: None for name, _ in sources}


__all__ = ["BUCKETS", "Options", "Proof", "classify", "run_proofs", "summary"]
