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
    """The test's op as Ascend C aborts in a CPU-debug run; `control` runs clean; and,
    when the control changes more than one difference we refuse, the control with each
    difference alone put back (`differences`) aborts too: each is refused by the
    headers on its own, not only pyasc's whole call."""

    statement: str  # statements, run in `main` after the headers
    control: tuple[tuple[str, str], ...]  # (text, replacement)s giving a program that runs clean
    reason: str
    # each: (what it is, (text, replacement)s applied to the control); each must abort
    differences: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()


@dataclass(frozen=True)
class FormatMismatch:
    """printf's conversion does not take the argument pyasc passes: in CPU-debug the
    headers' `AscendC::printf` forwards its format and arguments unchanged to
    `std::printf` (asc-devkit impl/utils/debug/asc_aicore_printf_impl.h), so the call is
    compiled as that with `-Werror=format` (the compiler's check of the C standard's
    argument types, 7.21.6.1): pyasc's argument type must fail, ours must pass."""

    conversion: str  # the format, e.g. "%s"
    theirs: str  # pyasc's argument type (C++)
    ours: tuple[str, ...]  # the argument types we accept for it
    reason: str


_CODEGEN = "unit/codegen"
_VISITOR = "test_function_visitor.py::"


def _inline_false(helper: str) -> Variant:
    return Variant(
        "helpers-inlined", ((rf"@asc\.jit\n(def {helper}\()", r"@asc.jit(inline=False)\n\1"),)
    )


# Mmad and Fixpipe run on the cube core: their headers check dtypes `if ASCEND_IS_AIC`.
_AIC = "g_coreType = AscendC::AIC;"
_MMAD = (
    _AIC + " AscendC::LocalTensor<half> dst(AscendC::TPosition::VECOUT, 0, 1024);"
    " AscendC::LocalTensor<half> fm(AscendC::TPosition::VECIN, 0, 1024);"
    " AscendC::LocalTensor<half> filter(AscendC::TPosition::VECIN, 0, 1024);"
    " AscendC::MmadParams params{4, 4, 4, false, 0, false, false, false};"
    " AscendC::Mmad(dst, fm, filter, params);"
)
_FIXPIPE = (
    _AIC + " static half gm[4096]; AscendC::GlobalTensor<half> dst_gm;"
    " dst_gm.SetGlobalBuffer(gm);"
    " AscendC::LocalTensor<half> src_local(AscendC::TPosition::VECIN, 0, 512);"
    " AscendC::FixpipeParamsV220 params{16, 16, 32, 32, false, QuantMode_t::NoQuant, 0, 1,"
    " 0, 0, 0, false};"
    " AscendC::Fixpipe<half, half, AscendC::CFG_ROW_MAJOR>(dst_gm, src_local, params);"
)
_BASIC = "unit/language/basic"

CHECKS: dict[tuple[str, str], Variant | Native | CpuDebugAbort | FormatMismatch] = {
    (_BASIC, "test_common_api.py::test_pipe_barrier"): CpuDebugAbort(
        "AscendC::PipeBarrier<PIPE_S>();",
        (("PIPE_S", "PIPE_V"),),
        "PipeBarrierImpl asserts pipe != PIPE_S on dav-2201",
    ),
    # pyasc's kernel: f16 <- f16 x f16, its tensors in UB. The control: f32 <- f16 x f16
    # in L0C/L0A/L0B; with only dst's f16 put back, the dtype assertion fires.
    (_BASIC, "test_mm.py::test_mmad"): CpuDebugAbort(
        _MMAD,
        (
            (
                "LocalTensor<half> dst(AscendC::TPosition::VECOUT",
                "LocalTensor<float> dst(AscendC::TPosition::CO1",
            ),
            ("fm(AscendC::TPosition::VECIN", "fm(AscendC::TPosition::A2"),
            ("filter(AscendC::TPosition::VECIN", "filter(AscendC::TPosition::B2"),
        ),
        "MmadCal (impl/basic_api/dav_c220/kernel_operator_mm_impl.h) asserts (dst, fm, filter) "
        "is one of i32<-i8xi8, f32<-f16xf16, f32<-f32xf32, f32<-bf16xbf16(, i32<-s4xs4); "
        "CheckMmadTensorCommon (impl/basic_api/kernel_operator_mm_check.h) that dst, fm "
        "and filter are in L0C, L0A and L0B",
        (
            ("pyasc's dtype", (("LocalTensor<float> dst(", "LocalTensor<half> dst("),)),
            (
                "pyasc's positions",
                (
                    ("dst(AscendC::TPosition::CO1", "dst(AscendC::TPosition::VECOUT"),
                    ("fm(AscendC::TPosition::A2", "fm(AscendC::TPosition::VECIN"),
                    ("filter(AscendC::TPosition::B2", "filter(AscendC::TPosition::VECIN"),
                ),
            ),
        ),
    ),
    # pyasc's kernel: Fixpipe f16 -> f16 from UB. The control: f32 -> f32 from L0C (its
    # NoQuant is what f32 -> f32 takes); with only the f16s put back, it aborts.
    (_BASIC, "test_fixpipe.py::test_fixpipe"): CpuDebugAbort(
        _FIXPIPE,
        (
            ("static half gm", "static float gm"),
            ("GlobalTensor<half>", "GlobalTensor<float>"),
            (
                "LocalTensor<half> src_local(AscendC::TPosition::VECIN",
                "LocalTensor<float> src_local(AscendC::TPosition::CO1",
            ),
            ("Fixpipe<half, half,", "Fixpipe<float, float,"),
        ),
        "CheckFixpipeL0C2GMParam (impl/basic_api/dav_c220/kernel_operator_fixpipe_v2_impl.h) "
        "asserts (src, dst) is f32 -> i8/u8/f16/bf16/f32 or i32 -> i8/u8/f16/i32; "
        "CheckFixpipeTensor (impl/basic_api/kernel_operator_mm_check.h) that src is in L0C",
        (
            (
                "pyasc's dtypes",
                (
                    ("static float gm", "static half gm"),
                    ("GlobalTensor<float>", "GlobalTensor<half>"),
                    ("LocalTensor<float> src_local(", "LocalTensor<half> src_local("),
                    ("Fixpipe<float, float,", "Fixpipe<half, half,"),
                ),
            ),
            (
                "pyasc's position",
                (("src_local(AscendC::TPosition::CO1", "src_local(AscendC::TPosition::VECIN"),),
            ),
        ),
    ),
    # pyasc's `asc.printf("%s", x)` with x a GlobalAddress of f16: a `__gm__ half*`.
    (_BASIC, "test_common_api.py::test_printf"): FormatMismatch(
        "%s",
        "half*",
        ("int8_t*", "uint8_t*"),
        "%s reads a NUL-terminated char string; on the device printf packs an argument "
        "that is no `__gm__ const char*` as a scalar (its address), not as a string",
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


def rewritten(text: str, rewrites: tuple[tuple[str, str], ...]) -> str | None:
    """`text` with each (old, new) replaced once; None when an `old` is not there."""
    for old, new in rewrites:
        if old not in text:
            return None
        text = text.replace(old, new, 1)
    return text


def _cpu_debug_abort(unit: str, name: str, check: CpuDebugAbort) -> PyProof:
    from pyasc_suite.header_cache import default_cache_dir
    from pyasc_suite.runtime_aborts import RuntimeProber

    prober = RuntimeProber(default_cache_dir())

    def program(statement: str) -> str:
        return (
            '#include "kernel_operator.h"\n#include "cpu_debug_link.h"\n'
            f"int main() {{ {statement} return 0; }}\n"
        )

    control_text = rewritten(check.statement, check.control)
    backs = [
        (what, rewritten(control_text, rewrites) if control_text is not None else None)
        for what, rewrites in check.differences
    ]
    if control_text is None or any(back is None for _, back in backs):
        return PyProof(unit, name, "unproven", ["the control's rewrites do not apply"])
    theirs = prober.run(program(check.statement))
    control = prober.run(program(control_text))
    changes = ", ".join(f"{o} -> {n}" for o, n in check.control)
    told = f"CPU-debug run of pyasc's call: {theirs[0]}; with {changes}: {control[0]}"
    holds = theirs[0] == "abort" and control[0] == "ok"
    for what, back in backs:
        alone = prober.run(program(back))  # type: ignore[arg-type]
        told += f"; that with only {what}: {alone[0]}"
        holds = holds and alone[0] == "abort"
    if holds:
        return PyProof(unit, name, "headers-reject", [f"{told} ({check.reason})"])
    return PyProof(unit, name, "unproven", [f"{told} -- does not hold"])


def format_probe(conversion: str, cpp_type: str) -> str:
    """The CPU-debug printf's call for one argument of `cpp_type`, as the headers make it."""
    return (
        '#include "kernel_operator.h"\n#include <cstdio>\n'
        f'void asc_probe(__gm__ {cpp_type} x) {{ std::printf("{conversion}", x); }}\n'
        f'void asc_pyasc_call(__gm__ {cpp_type} x) {{ AscendC::printf("{conversion}", x); }}\n'
    )


def _format_mismatch(unit: str, name: str, check: FormatMismatch) -> PyProof:
    from pyasc_suite.header_cache import default_cache_dir
    from pyasc_suite.runtime_aborts import RuntimeProber

    prober = RuntimeProber(default_cache_dir())
    strict = ("-Werror=format",)
    probe = format_probe(check.conversion, check.theirs)
    plain, theirs = prober.compile(probe), prober.compile(probe, strict)
    theirs = (theirs[0], re.sub(r"^\S+:\d+:\d+: (?:error: )?", "", theirs[1]))  # no temp path
    ours = [prober.compile(format_probe(check.conversion, t), strict) for t in check.ours]
    told = (
        f'std::printf("{check.conversion}", x), x a {check.theirs} (pyasc\'s): {plain[0]}, '
        f"with -Werror=format: {theirs[0]}{': ' + theirs[1] if theirs[1] else ''}; "
        + "; ".join(f"a {t} (ours): {v[0]}" for t, v in zip(check.ours, ours, strict=True))
    )
    # The flag is the only difference between the two compiles of pyasc's call.
    if plain[0] == "ok" and theirs[0] == "error" and all(v[0] == "ok" for v in ours):
        return PyProof(unit, name, "headers-reject", [f"{told} ({check.reason})"])
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
    if isinstance(check, FormatMismatch):
        return _format_mismatch(unit, name, check)
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
