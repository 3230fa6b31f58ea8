"""Emitted Ascend C compiles against the real Ascend C headers (tools/check_headers.py).

Every emission FileCheck test is found by its RUN lines (an `.mlir` test that runs
`asc-opt ... -t ascendc` and expects success, a frontend `.py` test that prints the
Ascend C it compiles), translated, and checked with `g++ -fsyntax-only` in CANN's
CPU-debug mode. The header checkouts are not part of the repository: these tests are
skipped unless ASC_XDSL_ASC_DEVKIT and ASC_XDSL_ASC_TOOLS name them (docs/configuration.md).

Each is checked for dav-2201 (Atlas A2/A3) and for dav-3510 (Ascend 950,
docs/ascend950.md). For 3510 the input is verified for Ascend950PR_9599 first: one our
verifier refuses there (an op or dtype 3510 does not have) is not valid on both, and is
not compiled; everything else must compile.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import check_headers  # noqa: E402
from check_headers import Checker, HeadersMissing, Source  # noqa: E402

FILECHECK = ROOT / "tests" / "filecheck"
_RUN = re.compile(r"^\s*(?://|#)\s*RUN:(.*)$", re.M)


def _translates_to_ascendc(path: Path) -> bool:
    """An .mlir test with a RUN line that prints Ascend C and expects it to succeed."""
    return any(
        "-t ascendc" in run
        and not run.strip().startswith("not ")
        and "--verify-diagnostics" not in run
        for run in _RUN.findall(path.read_text())
    )


def _prints_ascendc(path: Path) -> bool:
    """A frontend FileCheck script that prints the Ascend C it compiles."""
    text = path.read_text()
    return bool(_RUN.search(text)) and ('asm["ascendc"]' in text or "to_ascendc(" in text)


def emission_tests() -> list[Path]:
    mlir = [p for p in sorted(FILECHECK.rglob("*.mlir")) if _translates_to_ascendc(p)]
    py = [p for p in sorted(FILECHECK.rglob("*.py")) if _prints_ascendc(p)]
    return mlir + py


def _headers_or_skip() -> check_headers.Headers:
    try:
        return check_headers.find_headers()
    except HeadersMissing as e:
        pytest.skip(f"Ascend C headers not configured: {e} (see docs/configuration.md)")


@pytest.fixture(scope="module")
def checker() -> Iterator[Checker]:
    headers = _headers_or_skip()
    try:
        with Checker(headers) as c:
            yield c
    except HeadersMissing as e:
        pytest.skip(str(e))


@pytest.fixture(scope="module")
def checker_3510() -> Iterator[Checker]:
    headers = _headers_or_skip()
    try:
        with Checker(headers, arch="3510") as c:
            yield c
    except HeadersMissing as e:
        pytest.skip(str(e))


def _sources(path: Path, arch: str = "2201") -> list[Source]:
    display = str(path.relative_to(ROOT))
    if path.suffix == ".mlir":
        return check_headers.sources_from_mlir(path, display, arch)
    return check_headers.sources_from_python(path, display, arch)


@pytest.mark.parametrize("path", emission_tests(), ids=lambda p: str(p.relative_to(FILECHECK)))
def test_emission_test_output_compiles(checker: Checker, path: Path) -> None:
    sources = _sources(path)
    if not sources and check_headers._other_arch(path.read_text(), "2201"):
        pytest.skip("an emission test for 3510 only (the Reg layer)")
    assert sources
    problems = []
    for result in checker.check_all(sources):
        if result.status != "PASS":
            problems.append(
                f"{result.status} {result.source.name} [{result.core}]\n{result.message}"
            )
    assert not problems, "\n\n".join(problems)


@pytest.mark.parametrize("path", emission_tests(), ids=lambda p: str(p.relative_to(FILECHECK)))
def test_emission_test_output_compiles_for_3510(checker_3510: Checker, path: Path) -> None:
    problems = []
    for result in checker_3510.check_all(_sources(path, "3510")):
        if result.status == "REFUSED":
            assert "Ascend 950" in result.message, result.message  # refused for 3510, by name
        elif result.status != "PASS":
            problems.append(
                f"{result.status} {result.source.name} [{result.core}]\n{result.message}"
            )
    assert not problems, "\n\n".join(problems)


def test_every_op_sample_compiles(checker: Checker) -> None:
    """The sample of every op spec (its emission test's input) compiles, a few dozen ops
    per translation unit; a failure names the ops whose functions the errors point into."""
    problems = []
    for result in checker.check_all(check_headers.sources_from_specs(), jobs=2):
        if result.status == "ERROR":
            problems.append(f"ERROR {result.source.name}: {result.message}")
        elif result.status == "FAIL":
            ops = ", ".join(check_headers.failing_functions(result.source, result.message))
            errors = check_headers.errors_only(result.message)
            problems.append(f"FAIL {result.source.name} (ops: {ops})\n{errors}")
    assert not problems, "\n\n".join(problems)


def test_every_op_sample_compiles_or_is_refused_for_3510(checker_3510: Checker) -> None:
    """For 3510 each op's sample compiles, or our verifier refuses it for Ascend 950 with
    a message naming it (the op, its dtype or an operand's type differs there)."""
    problems, refused = [], []
    for result in checker_3510.check_all(check_headers.sources_from_specs(arch="3510"), jobs=2):
        if result.status == "REFUSED":
            assert "on Ascend 950" in result.message, result.message
            refused.append(result.source.name)
        elif result.status == "ERROR":
            problems.append(f"ERROR {result.source.name}: {result.message}")
        elif result.status == "FAIL":
            ops = ", ".join(check_headers.failing_functions(result.source, result.message))
            errors = check_headers.errors_only(result.message)
            problems.append(f"FAIL {result.source.name} (ops: {ops})\n{errors}")
    assert not problems, "\n\n".join(problems)
    # the samples whose dtype or operand 3510 narrowed (family_3510.py)
    assert {"ascendc.fused_exp_sub_l2", "ascendc.data_cache_preload"} <= set(refused)


def test_spec_sample_failures_name_their_ops() -> None:
    source = Source("specs#0", '#include "kernel_operator.h"\n\nvoid op_a(int x) {\n  f(x);\n}\n')
    message = "specs#0:4:3: error: 'f' was not declared in this scope"
    assert check_headers.failing_functions(source, message) == ["op_a"]


def test_emission_tests_are_found() -> None:
    names = {p.name for p in emission_tests()}
    # One of each kind; any new emission test is picked up by the same rules.
    assert {"vector.mlir", "arith.mlir", "vector_add_tque.py"} <= names
    assert "invalid_codegen.mlir" not in names  # expects failures, prints no C++


# -- the check itself catches what it is meant to catch -------------------------------


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # bisheng (clang) rejects narrowing in braces; the check must too.
        ("int32_t n = 4; AscendC::DataCopyParams p{n, 1, 0, 0};", "narrowing conversion"),
        ("constexpr half h = static_cast<half>(1.5f);", "constexpr"),
        ("float x = 2.0f; float y = AscendC::Sqrt(x);", "no matching function"),
    ],
)
def test_check_rejects_invalid_cpp(checker: Checker, body: str, expected: str) -> None:
    text = f'#include "kernel_operator.h"\n\nextern "C" __global__ __aicore__ void k() {{\n  {body}\n}}\n'
    (result,) = checker.check_all([Source("bad.cpp", text)])
    assert result.status == "FAIL"
    assert expected in result.message
    assert "bad.cpp:4:" in result.message  # located in the checked source


def test_check_accepts_a_kernel(checker: Checker) -> None:
    text = (
        '#include "kernel_operator.h"\n\n'
        'extern "C" __global__ __aicore__ void k(__gm__ float* x, int32_t n) {\n'
        "  AscendC::GlobalTensor<float> g;\n"
        "  g.SetGlobalBuffer(x, n);\n"
        "  AscendC::TPipe pipe;\n"
        "  AscendC::TQue<AscendC::TPosition::VECIN, 2> q;\n"
        "  pipe.InitBuffer(q, 2, 1024);\n"
        "  AscendC::LocalTensor<float> t = q.AllocTensor<float>();\n"
        "  AscendC::DataCopy(t, g, 256);\n"
        "}\n"
    )
    (result,) = checker.check_all([Source("good.cpp", text)])
    assert result.ok, result.message


def test_check_accepts_a_reg_kernel_for_3510(checker_3510: Checker) -> None:
    # the register layer of arch 3510 (AscendC::Reg) goes through the 3510 stand-ins
    text = (
        '#include "kernel_operator.h"\n\n'
        "__simd_vf__ inline void AddVF(__ubuf__ float* d, __ubuf__ float* a, uint32_t n) {\n"
        "  AscendC::Reg::RegTensor<float> x;\n"
        "  uint32_t count = n;\n"
        "  AscendC::Reg::MaskReg m = AscendC::Reg::UpdateMask<float>(count);\n"
        "  AscendC::Reg::LoadAlign(x, a);\n"
        "  AscendC::Reg::Add(x, x, x, m);\n"
        "  AscendC::Reg::StoreAlign(d, x, m);\n"
        "}\n\n"
        'extern "C" __global__ __aicore__ void k(__gm__ float* x) {\n'
        "  AscendC::TPipe pipe;\n"
        "  AscendC::TBuf<AscendC::TPosition::VECCALC> b;\n"
        "  pipe.InitBuffer(b, 1024);\n"
        "  __ubuf__ float* t = (__ubuf__ float*)b.Get<float>().GetPhyAddr();\n"
        "  AscendC::VF_CALL<AddVF>(t, t, 64u);\n"
        "}\n"
    )
    (result,) = checker_3510.check_all([Source("reg.cpp", text)])
    assert result.ok, result.message
    # and an Atlas A2/A3 API the 3510 headers narrowed is refused by them
    bad = (
        '#include "kernel_operator.h"\n\n'
        'extern "C" __global__ __aicore__ void k() {\n'
        "  AscendC::LocalTensor<half> t;\n"
        "  AscendC::FusedExpSub(t, t, t, 64);\n"
        "}\n"
    )
    (result,) = checker_3510.check_all([Source("bad.cpp", bad)])
    assert result.status == "FAIL" and "FusedExpSub" in result.message


# -- tool pieces that need no headers ------------------------------------------------


def test_missing_headers_are_named() -> None:
    with pytest.raises(HeadersMissing, match="ASC_XDSL_ASC_DEVKIT is not set"):
        check_headers.find_headers({})
    with pytest.raises(
        HeadersMissing, match=r"ASC_XDSL_ASC_DEVKIT=/nonexistent: no include/kernel_operator\.h"
    ):
        check_headers.find_headers(
            {"ASC_XDSL_ASC_DEVKIT": "/nonexistent", "ASC_XDSL_ASC_TOOLS": "/x"}
        )


def test_main_exits_2_without_headers(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.delenv("ASC_XDSL_ASC_DEVKIT", raising=False)
    assert check_headers.main(["x.cpp"]) == 2
    assert "ASC_XDSL_ASC_DEVKIT is not set" in capsys.readouterr().err


def test_arches_follow_cpu_debug() -> None:
    a2, a950 = check_headers.ARCHES["2201"], check_headers.ARCHES["3510"]
    assert a2.soc == "Ascend910B1" and a950.soc == "Ascend950PR_9599"
    assert {"__NPU_ARCH__=3510", "__CCE_AICORE__=310", "__DAV_C310__"} <= set(a950.defines)
    assert a950.cores["cube"] == ("__DAV_C310_CUBE__", "__DAV_CUBE__")
    assert a2.defines == check_headers.COMMON_DEFINES  # the 2201 check is unchanged


def test_3510_refuses_at_the_line(tmp_path: Path) -> None:
    path = tmp_path / "k.mlir"
    path.write_text(
        "func.func @k(%d: !ascendc.local_tensor<*xf16>, %n: i32) {\n"
        "  ascendc.fused_exp_sub_l2 %d, %d, %d, %n : !ascendc.local_tensor<*xf16>, "
        "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32\n"
        "  return\n}\n"
        '// -----\nbuiltin.module attributes {ascendc.soc = "Ascend310P1"} {\n}\n'
    )
    (refused,) = check_headers.sources_from_mlir(path, "k.mlir", "3510")  # 310P: left out
    assert refused.refused and refused.text is None and refused.error is not None
    assert "k.mlir:2:3" in refused.error
    assert "FusedExpSub does not support element type f16 on Ascend 950" in refused.error
    ok, p310 = check_headers.sources_from_mlir(path, "k.mlir")  # 2201: both translate
    assert ok.text is not None and p310.text is not None


def test_chunks_and_cores() -> None:
    chunks = check_headers.split_chunks("a\nb\n// -----\nc\n")
    assert [(text.strip(), line) for text, line in chunks] == [("a\nb", 0), ("c", 2)]
    assert check_headers._cores("func.func @k()") == ("vec",)
    assert check_headers._cores('{ascendc.kernel_type = "cube"}') == ("cube",)
    assert check_headers._cores('{ascendc.kernel_type = "mix"}') == ("vec", "cube")


def test_mlir_chunks_translate_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "two.mlir"
    path.write_text(
        "func.func @ok(%a: i32) {\n  return\n}\n// -----\n"
        "func.func @bad(%a: i32) -> i32 attributes {ascendc.global} {\n  return %a : i32\n}\n"
    )
    ok, bad = check_headers.sources_from_mlir(path, "two.mlir")
    assert ok.name == "two.mlir#0" and ok.text is not None and "void ok(int32_t a)" in ok.text
    assert bad.text is None and bad.error is not None
    assert (
        "two.mlir:5:1" in bad.error and "a kernel (ascendc.global) must return nothing" in bad.error
    )


def test_compiler_messages_keep_errors_and_quotes() -> None:
    message = (
        "In file included from x.h:1,\n"
        "                 from k.cpp:1:\n"
        "k.cpp:4:3: error: narrowing conversion of 'n'\n"
        "    4 |   AscendC::DataCopyParams p{n};\n"
        "      |                             ^\n"
        "x.h:9:1: note: candidate\n"
        "    9 | struct P {};\n"
    )
    assert check_headers.errors_only(message).splitlines() == [
        "k.cpp:4:3: error: narrowing conversion of 'n'",
        "    4 |   AscendC::DataCopyParams p{n};",
        "      |                             ^",
    ]
