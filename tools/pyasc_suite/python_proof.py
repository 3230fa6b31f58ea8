"""Each failing test of the Python suite, put in a bucket by checks the harness runs.

A test listed in `python_differences.py` is proven only by a check:

- **policy** by a *variant*: the test's file with one named difference undone (a
  rewrite of its source: a helper made `inline=False`, a CHECK line in our IR form, an
  argument pyasc takes as its internal handle dropped, a statement and its CHECK line
  deleted) must then pass, run by pytest in the same sandbox: that difference is the
  only one.
- **policy** `pyasc-native`: the test needs pyasc's native machinery, and the harness
  checks that the pyasc module it needs loads native code (`from asc._C import`, its C++
  passes and translator, or `ctypes`, CANN's runtime library), which a pure-Python
  compiler does not have by design.
- **headers-reject** by a *CPU-debug run* (`runtime_aborts.RuntimeProber`): the test's
  op, written as Ascend C, aborts when run in the headers' CPU-debug build while a
  control (one token changed) runs to the end: the kernel the test builds is invalid,
  and our verifier refuses it (test_pipe_barrier: `PipeBarrier<PIPE_S>`).
- **unproven**: a listed test without such a check, or one whose check fails, and every
  failing test that is not listed.

The closing line: `python: M match, H headers-reject, C counterexample, P policy,
U unproven, S skipped (of N)` (no Python test is decided by a counterexample yet: that column
stays for the same form as `target`).
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from pyasc_suite.report import Outcome


@dataclass(frozen=True)
class Variant:
    """Undo one named difference in the test's file; the test must then pass."""

    policy: str
    rewrites: tuple[tuple[str, str], ...]  # (regex, replacement), each must apply


@dataclass(frozen=True)
class Native:
    """The test needs a pyasc module that loads native code."""

    module: str  # its file under pyasc's python/


@dataclass(frozen=True)
class CpuDebugAbort:
    """The test's op as Ascend C aborts in a CPU-debug run; `control` runs clean."""

    statement: str  # one statement, run in `main` after the headers
    control: tuple[str, str]  # (text, replacement) giving a statement that runs clean
    reason: str


_CODEGEN = "unit/codegen"
_VISITOR = "test_function_visitor.py::"


def _inline_false(helper: str) -> Variant:
    return Variant(
        "helpers-inlined", ((rf"@asc\.jit\n(def {helper}\()", r"@asc.jit(inline=False)\n\1"),)
    )


CHECKS: dict[tuple[str, str], Variant | Native | CpuDebugAbort] = {
    ("unit/language/basic", "test_common_api.py::test_pipe_barrier"): CpuDebugAbort(
        "AscendC::PipeBarrier<PIPE_S>();",
        ("PIPE_S", "PIPE_V"),
        "PipeBarrierImpl asserts pipe != PIPE_S on dav-2201",
    ),
    (_CODEGEN, _VISITOR + "test_func_visit_list"): _inline_false("func_visit_list"),
    (_CODEGEN, _VISITOR + "test_func_visit_tuple"): _inline_false("func_visit_tuple"),
    (_CODEGEN, _VISITOR + "test_func_visit_return"): _inline_false("func_visit_return"),
    (_CODEGEN, _VISITOR + "test_func_visit_constant"): _inline_false("func_visit_constant"),
    # The `/=` and its CHECK line deleted: the rest of the test must hold.
    (_CODEGEN, _VISITOR + "test_func_visit_augassign"): Variant(
        "python-division",
        ((r"\n\s*# CHECK: arith\.divsi", ""), (r"\n\s*result /= a\b", "")),
    ),
    (_CODEGEN, _VISITOR + "test_func_visit_if_exp"): Variant(
        "select-for-if-exp",
        ((r"# CHECK: scf\.if %0 -> \(i32\) \{\n\s*# CHECK: \} else \{", "# CHECK: arith.select"),),
    ),
    (_CODEGEN, _VISITOR + "test_func_visit_arguments"): Variant(
        "bool-is-i1",
        ((r"# CHECK: %arg2: i8", "# CHECK: %arg2: i1"),),
    ),
    ("unit/language/core", "test_types.py::test_nd_2_nz_params_full"): Variant(
        "internal-handle",
        (
            (
                r"asc\.Nz2NdParamsFull\(1, 1, 1, 1, 1, 1, 1, 1\)",
                "asc.Nz2NdParamsFull(1, 1, 1, 1, 1, 1, 1)",
            ),
        ),
    ),
    **{
        ("unit/runtime", f"test_compiler.py::{name}"): Native("asc/runtime/compiler.py")
        for name in (
            "test_invalid_compile_option",
            "test_kernel_type_mix",
            "test_kernel_type_hard_sync",
            "test_kernel_type_aic_only",
            "test_kernel_type_cmd_exec_failed",
        )
    },
    (
        "unit/runtime",
        "test_config.py::test_set_platform_model_unavailable_error_interpolates_soc_version",
    ): Native("asc/lib/runtime/interface.py"),
}

_NATIVE = re.compile(r"^\s*(?:from asc\._C import|import ctypes\b)", re.M)


@dataclass
class PyProof:
    unit: str
    name: str
    bucket: str  # match | policy | unproven | skipped
    evidence: list[str] = field(default_factory=list)
    policy: str = ""


def summary(proofs: list[PyProof]) -> str:
    buckets = ("match", "headers-reject", "policy", "unproven", "skipped")
    n = {b: sum(p.bucket == b for p in proofs) for b in buckets}
    return (
        f"python: {n['match']} match, {n['headers-reject']} headers-reject, 0 counterexample, "
        f"{n['policy']} policy, "
        f"{n['unproven']} unproven, {n['skipped']} skipped (of {len(proofs)})"
    )


def apply_variant(text: str, variant: Variant) -> tuple[str | None, str]:
    """The source with every rewrite applied, or (None, the rewrite that did not apply)."""
    for pattern, repl in variant.rewrites:
        text, count = re.subn(pattern, repl, text)
        if count == 0:
            return None, f"the variant's rewrite {pattern!r} does not apply"
    return text, ""


def native_module(src: Path, module: str) -> bool:
    path = src / "python" / module
    return path.is_file() and bool(_NATIVE.search(path.read_text()))


def _cpu_debug_abort(unit: str, name: str, check: CpuDebugAbort) -> PyProof:
    from pyasc_suite.header_cache import default_cache_dir
    from pyasc_suite.runtime_aborts import RuntimeProber

    prober = RuntimeProber(default_cache_dir())
    old, new = check.control

    def program(statement: str) -> str:
        return (
            '#include "kernel_operator.h"\n#include "cpu_debug_link.h"\n'
            f"int main() {{ {statement} return 0; }}\n"
        )

    theirs = prober.run(program(check.statement))
    control = prober.run(program(check.statement.replace(old, new)))
    told = (
        f"CPU-debug run of `{check.statement}`: {theirs[0]}; with {old} -> {new}: "
        f"{control[0]} ({check.reason})"
    )
    if theirs[0] == "abort" and control[0] == "ok":
        return PyProof(unit, name, "headers-reject", [told])
    return PyProof(unit, name, "unproven", [f"{told} -- does not hold"])


def classify(outcome: Outcome, root: Path, env: dict[str, str], src: Path, timeout: int) -> PyProof:
    unit, name = outcome.unit, outcome.name
    if outcome.status == "passed":
        return PyProof(unit, name, "match")
    if outcome.status == "skipped":
        return PyProof(unit, name, "skipped")
    check = CHECKS.get((unit, name))
    if check is None:
        return PyProof(unit, name, "unproven", [f"fails: {outcome.reason}"])
    if isinstance(check, CpuDebugAbort):
        return _cpu_debug_abort(unit, name, check)
    if isinstance(check, Native):
        if native_module(src, check.module):
            why = f"pyasc's {check.module} loads native code (asc._C or ctypes)"
            return PyProof(unit, name, "policy", [why], "pyasc-native")
        return PyProof(unit, name, "unproven", [f"pyasc's {check.module} loads no native code"])
    file, _, test = name.partition("::")
    original = root / unit / file
    text, why = apply_variant(original.read_text(), check)
    if text is None:
        return PyProof(unit, name, "unproven", [why])
    digest = hashlib.sha256(text.encode()).hexdigest()[:10]
    variant = original.with_name(f"variant_{digest}_{original.name}")
    variant.write_text(text)
    report = root.parent / f"variant-{digest}.jsonl"  # the shim plugin writes one
    env = {**env, "PYASC_SUITE_REPORT": str(report)}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
             "-p", "_pyasc_suite_report", "--rootdir", str(root),
             f"{variant.relative_to(root)}::{test}"],
            cwd=root, env=env, capture_output=True, text=True, timeout=timeout, check=False,
        )  # fmt: skip
    finally:
        variant.unlink(missing_ok=True)
        report.unlink(missing_ok=True)
    if done.returncode == 0:
        return PyProof(unit, name, "policy", [f"passes with {check.policy} undone"], check.policy)
    lines = (done.stdout + done.stderr).strip().splitlines()
    errors = [ln[1:].strip() for ln in lines if ln.startswith("E ")] or lines[-1:] or ["?"]
    return PyProof(unit, name, "unproven", [f"variant ({check.policy}) still fails: {errors[0]}"])
