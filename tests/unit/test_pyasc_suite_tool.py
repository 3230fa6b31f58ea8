"""tools/pyasc_suite: the CHECK matching "value names aside", case extraction and
import rewriting, on small texts written for these tests."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from pyasc_suite.checks import (
    Options,
    group_directives,
    numbers_equal,
    parse_directives,
    run_checks,
)
from pyasc_suite.driver import Driver
from pyasc_suite.expected_cpp import assemble, first_error
from pyasc_suite.lit_suites import parse_run_line
from pyasc_suite.mlir_split import (
    case_text,
    own_items,
    split_input_file,
    top_level_items,
)
from pyasc_suite.rewrite import rewrite_imports

C = Options()
MLIR = Options(mlir=True)


def check(checks: str, output: str, opts: Options = C):
    return run_checks(parse_directives(checks), output, opts)


# -- directives and cases -------------------------------------------------------------


def test_directives_of_any_comment_style():
    text = "// CHECK: a\n# CHECK-NEXT:  b c \nx // CHECK-SAME: d\nXCHECK: no\n"
    got = [(d.kind, d.pattern, d.line) for d in parse_directives(text)]
    assert got == [("CHECK", "a", 1), ("CHECK-NEXT", "b c", 2), ("CHECK-SAME", "d", 3)]


def test_cases_start_at_labels_and_at_each_block():
    text = "\n".join(
        [
            "// CHECK-LABEL: void one(",
            "// CHECK-NEXT: return;",
            "// CHECK-LABEL: void two(",
            "func.func @two() { return }",
            "// CHECK: void three(",
            "// CHECK-NEXT: return;",
        ]
    )
    groups = group_directives(parse_directives(text))
    assert [[d.line for d in g] for g in groups] == [[1, 2], [3], [5, 6]]


# -- value names aside ---------------------------------------------------------------

KERNEL = """\
__inline__ __attribute__((always_inline)) __aicore__ void scale_rows(AscendC::LocalTensor<float> dst, int32_t rows) {
  constexpr int32_t c4 = 4;
  int32_t total = rows * c4;
  AscendC::Muls(dst, dst, 2.0f, total);
  return;
}
"""


def test_value_names_bind_to_our_names_consistently():
    checks = """
    // CHECK-LABEL: void scale_rows(AscendC::LocalTensor<float> v1, int32_t v2) {
    // CHECK-NEXT:  constexpr int32_t c4_i32 = 4;
    // CHECK-NEXT:  int32_t v3 = v2 * c4_i32;
    // CHECK-NEXT:  AscendC::Muls(v1, v1, 2.000000e+00f, v3);
    // CHECK-NEXT:  return;
    """
    result = check(checks, KERNEL)
    assert result.passed, result.reason()
    assert result.bindings.names == {"v1": "dst", "v2": "rows", "c4_i32": "c4", "v3": "total"}


def test_one_pyasc_name_cannot_stand_for_two_of_ours():
    checks = "// CHECK: int32_t v3 = v2 * c4_i32;\n// CHECK: AscendC::Muls(v1, v3,"
    result = check(checks, KERNEL)  # v3 is `total`, but Muls's second operand is `dst`
    assert not result.passed
    assert (result.failed.line, result.expected, result.got) == (2, "v3", "dst")


def test_two_pyasc_names_cannot_stand_for_one_of_ours():
    result = check("// CHECK: AscendC::Muls(v1, v2, ", KERNEL)  # ours: Muls(dst, dst, ...)
    assert not result.passed and result.expected == "v2"


def test_a_declaration_binds_a_reused_pyasc_name_afresh():
    # pyasc may declare the same name twice (constants, sibling scopes, each
    # function's parameters); a use still has to follow the latest declaration.
    out = "constexpr int32_t zero = 0;\nbuf[zero] = 1;\nconstexpr int32_t zero_1 = 0;\nbuf[zero_1] = 2;\n"
    checks = """
    // CHECK: constexpr int32_t c0_i32 = 0;
    // CHECK-NEXT: v1[c0_i32] = 1;
    // CHECK-NEXT: constexpr int32_t c0_i32 = 0;
    // CHECK-NEXT: v1[c0_i32] = 2;
    """
    assert check(checks, out).passed
    # After the second declaration `c0_i32` is `zero_1`, no longer `zero`.
    assert not check(checks, out.replace("buf[zero_1] = 2", "buf[zero] = 2")).passed


@pytest.mark.parametrize(
    ("pattern", "ours"),
    [
        ("bool v3 = v1 > v2;", "bool gt = a > b;"),  # `> v2;` is a comparison
        ("int32_t v3 = v1 * v2;", "int32_t p = a * b;"),  # `* v2;` is a product
    ],
)
def test_operators_are_not_declarations(pattern, ours):
    checks = f"// CHECK: void f(int32_t v1, int32_t v2) {{\n// CHECK-NEXT: {pattern}"
    assert check(checks, f"void f(int32_t a, int32_t b) {{\n{ours}\n").passed
    # were `v2` declared afresh there, this would wrongly pass
    assert not check(
        checks, f"void f(int32_t a, int32_t b) {{\n{ours.replace('b;', 'c;')}\n"
    ).passed


def test_pyasc_float_constant_names_are_value_names():
    out = "constexpr float pos_inf = __builtin_inff();\nconstexpr float half_one = 0.5f;\n"
    checks = "// CHECK: float cpInf_f32 = __builtin_inff();\n// CHECK: float c5_000000em01_f32 = 5.000000e-01f;"
    assert check(checks, out).passed


@pytest.mark.parametrize(
    "pattern",
    [
        "float v2 = v1;",  # a wildcard is one identifier, never a type
        "int32_t v3 = v2 * 5;",  # nor a literal
        "AscendC::Adds(v1, v1, 2.0f, v3);",  # nor an API name
        "v9::Muls(v1, v1, 2.0f, v3);",  # a name before `::` is a scope, not a value
    ],
)
def test_wildcards_never_swallow_spelling(pattern):
    assert not check(f"// CHECK: {pattern}", KERNEL).passed


def test_member_names_are_spelling():
    # After `.` a pyasc-looking name is a field: it must be spelled the same.
    assert check("// CHECK: v1.v2 = v3;", "params.v2 = count;\n").passed
    assert not check("// CHECK: v1.v2 = v3;", "params.other = count;\n").passed
    # ... and a field of ours is never taken for a value.
    assert not check("// CHECK: v1 = v3;", "p.total = count;\n").passed


@pytest.mark.parametrize(
    ("pyasc", "ours", "equal"),
    [
        ("1.000000e+00f", "1.0f", True),
        ("1.230000020e+00", "1.2300000190734863f", True),  # float32 value, two spellings
        ("2.5", "2.6", False),
        ("0x10", "16", True),
        ("255", "255u", True),
        ("3", "4", False),
    ],
)
def test_numbers_compare_by_value(pyasc, ours, equal):
    assert numbers_equal(pyasc, ours) is equal


def test_whitespace_does_not_matter():
    assert check("// CHECK: f( a ,b )  ;", "  f(a, b);\n").passed


def test_next_same_and_not():
    out = "alpha(x);\nbeta(x,\n  y);\ngamma();\n"
    assert check("// CHECK: alpha\n// CHECK-NEXT: beta(\n// CHECK-SAME: x,", out).passed
    assert not check("// CHECK: alpha\n// CHECK-NEXT: gamma", out).passed
    assert check("// CHECK: alpha\n// CHECK-NOT: delta\n// CHECK: gamma", out).passed
    result = check("// CHECK: alpha\n// CHECK-NOT: beta\n// CHECK: gamma", out)
    assert not result.passed and result.failed.kind == "CHECK-NOT"
    assert not check("// CHECK: beta\n// CHECK-SAME: alpha", out).passed


def test_failure_names_the_line_and_first_difference():
    out = "void loop() {\n  while (true) {\n  }\n}\n"
    result = check("// CHECK: while (true) {\n// CHECK-NEXT: };", out)
    assert not result.passed
    assert (result.failed.line, result.nearest, result.expected, result.got) == (
        2,
        "  }",
        ";",
        "<end of line>",
    )


def test_index_type_relaxation_is_opt_in():
    out = "void g(int64_t i) {\n"
    assert not check("// CHECK: void g(uint32_t v1) {", out).passed
    assert check("// CHECK: void g(uint32_t v1) {", out, Options(relax_index=True)).passed


def test_filecheck_variables():
    out = "float k = 1.5f;\nuse(k);\nuse(m);\n"
    checks = "// CHECK: float [[K:.+]] = 1.5f;\n// CHECK-NEXT: use([[K]]);"
    assert check(checks, out).passed
    assert not check(checks + "\n// CHECK-NEXT: use([[K]]);", out).passed


def test_match_full_lines():
    out = "__inline__ __attribute__((always_inline)) __aicore__ void h() {\n"
    full = Options(full_lines=True)
    assert check("// CHECK: void h() {", out).passed
    assert not check("// CHECK: void h() {", out, full).passed
    assert check(
        "// CHECK: __inline__ __attribute__((always_inline)) __aicore__ void h() {", out, full
    ).passed


def test_mlir_value_names_and_printer_spellings():
    out = "builtin.module {\n  %t = ascendc.pipe\n  func.return %t : i32\n}\n"
    checks = "// CHECK: module {\n// CHECK-NEXT: %0 = ascendc.pipe\n// CHECK-NEXT: return %0 : i32"
    assert check(checks, out, MLIR).passed
    assert not check("// CHECK: return %1 : i64", out, MLIR).passed


# -- cutting cases out of a file --------------------------------------------------------

FILE = """\
func.func private @helper(i32) -> i32

// CHECK-LABEL: void first(
func.func @first(%a: i32) {
  %0 = func.call @helper(%a) : (i32) -> i32
  return
}

// CHECK-LABEL: void second(
module {
  func.func @second()
  {
    "test.unknown"() : () -> ()
    return
  }
}
"""


def test_case_keeps_its_function_what_it_calls_and_line_numbers():
    lines = FILE.splitlines()
    items = top_level_items(lines)
    assert [(it.symbol, it.first, it.last) for it in items] == [
        ("helper", 0, 0),
        ("first", 3, 6),
        ("second", 10, 14),
    ]
    first = case_text(lines, items, own_items(items, 2, 8))
    kept = [n for n, line in enumerate(first.splitlines()) if line.strip()]
    assert kept == [0, 3, 4, 5, 6]  # @helper comes along; lines stay where they were
    second = case_text(lines, items, own_items(items, 8, None)).splitlines()
    assert second[9] == "module {" and second[15] == "}" and not second[0]


def test_split_input_file_keeps_line_numbers():
    chunks = split_input_file("a\n// -----\nb\nc\n")
    assert chunks == [(0, "a\n\n\n\n"), (2, "\n\nb\nc\n")]


def test_driver_sorts_failures_by_stage():
    driver = Driver("case.mlir", target="ascendc")
    ok = driver.run("func.func @f(%x: i32) -> i32 {\n  func.return %x : i32\n}\n")
    assert ok.ok and "f(int32_t" in ok.output
    bad = driver.run('\n"test.nothing_like_this"() : () -> ()\n')
    assert bad.kind == "parse"
    assert bad.one_line().startswith("parse error at line 2:")
    assert Driver("case.mlir", passes="no-such-pass").run("").kind == "unknown-pass"


def test_run_line():
    run = parse_run_line(
        "// RUN: some-opt -my-pass -split-input-file %s | FileCheck %s -match-full-lines\n"
    )
    assert (run.passes, run.driver_flags, run.full_lines) == (
        ["my-pass"],
        ["--split-input-file"],
        True,
    )


# -- import rewriting -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("import asc", "import asc_xdsl as asc"),
        ("    import asc  # why", "    import asc_xdsl as asc  # why"),
        ("import asc.lib.runtime as rt", "import asc_xdsl.lib.runtime as rt"),
        ("import asc.lib.runtime", "import asc_xdsl.lib.runtime; import asc_xdsl as asc"),
        ("from asc.runtime import config", "from asc_xdsl.runtime import config"),
        ("from asc import jit", "from asc_xdsl import jit"),
        ("import ascend", "import ascend"),
        ("x = 'asc.not.a.path here'", "x = 'asc.not.a.path here'"),
        ('patch("asc.mod.Thing.method")', 'patch("asc_xdsl.mod.Thing.method")'),
        (
            'patch("asc.runtime.launcher.Launcher.run")',
            'patch("_pyasc_suite_shim.Launcher.run")',
        ),
    ],
)
def test_rewrite_imports(before, after):
    assert rewrite_imports(before) == after


def test_listed_differences_hold_only_while_they_fail_for_their_reason():
    from pyasc_suite import target_differences
    from pyasc_suite.report import Outcome, SuiteResult, mark_differences

    def outcome(name: str, status: str, reason: str = "") -> Outcome:
        return Outcome("arith.mlir", name, status, "mismatch", reason)

    result = SuiteResult("target", "here")
    result.outcomes = [
        outcome("emit_cmpi_op", "failed", "nearest: static_cast<uint32_t>(arg0) >= ..."),
        outcome("emit_binary_ops", "failed", "something else entirely"),
        outcome("emit_maxf", "passed"),
        outcome("not_listed", "failed", "static_cast<uint32_t>(arg0) >="),
    ]
    mark_differences(result, target_differences)
    assert [o.status for o in result.outcomes] == ["differs", "failed", "passed", "failed"]
    assert result.outcomes[0].kind == "semantics"
    assert any("emit_binary_ops is listed as 'semantics'" in n for n in result.notes)
    assert any("emit_maxf passes: drop it" in n for n in result.notes)


def test_every_listed_difference_has_a_known_reason():
    from pyasc_suite import python_differences, target_differences, transforms_differences

    for table in (python_differences, target_differences, transforms_differences):
        for case, (reason, expect) in table.DIFFERENCES.items():
            assert reason in table.REASONS, (table.__name__, case)
            assert expect.strip(), (table.__name__, case)  # a text the failure must hold


# -- expected-cpp: pyasc's CHECK lines as a translation unit ---------------------------


def _group(text: str):
    (group,) = group_directives(parse_directives(text))
    return group


def test_expected_cpp_assembles_a_function_with_nested_braces():
    group = _group(
        "// CHECK: #define ASCENDC_CUBE_ONLY\n"
        "// CHECK-NEXT: void f(uint32_t v1) {\n"
        "// CHECK-NEXT:   switch(v1) {\n"
        "// CHECK-NEXT:   case 1: {\n"
        '// CHECK-NEXT:     printf("}");\n'
        "// CHECK-NEXT:   } break;\n"
        "// CHECK-NEXT:   }\n"
        "// CHECK-NEXT:   float [[X:.+]] = 1.0f;\n"
        "// CHECK-NEXT:   float v2 = [[X]];\n"
        "// CHECK-NEXT: }\n"
        "// CHECK-NEXT: void g() {\n"
    )
    source, why = assemble(group, ["__aicore__ bool h(int32_t);"])
    assert why == ""
    assert source == (
        "#define ASCENDC_CUBE_ONLY\n"
        '#include "kernel_operator.h"\n'
        "\n"
        "__aicore__ bool h(int32_t);\n"
        "void f(uint32_t v1) {\n"
        "switch(v1) {\n"
        "case 1: {\n"
        'printf("}");\n'
        "} break;\n"
        "}\n"
        "float X = 1.0f;\n"
        "float v2 = X;\n"
        "}\n"
    )


def test_expected_cpp_joins_check_same_and_includes_the_matmul_header():
    group = _group(
        "// CHECK-LABEL: void f(matmul::Matmul<A, B, C> v1,\n"
        "// CHECK-SAME: int32_t v2) {\n"
        "// CHECK-NEXT: }\n"
    )
    source, _ = assemble(group)
    assert source is not None
    assert '#include "lib/matmul_intf.h"' in source
    assert "void f(matmul::Matmul<A, B, C> v1,int32_t v2) {" in source


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("// CHECK: void f() {\n// CHECK-NEXT: {{.*}}\n// CHECK-NEXT: }\n", "regex"),
        ("// CHECK: int x = 1;\n", "does not start a function"),
        ("// CHECK: void f() {\n// CHECK-NEXT: return;\n", "whole function"),
    ],
)
def test_expected_cpp_refuses_what_is_no_whole_function(text, why):
    source, reason = assemble(_group(text))
    assert source is None
    assert why in reason


def test_expected_cpp_first_error_drops_file_and_position():
    message = "a.cpp: In function 'void f()':\na.cpp:3:5: error: 'x' was not declared\n"
    assert first_error(message) == "'x' was not declared"


# -- proof: every case we do not match is put in a bucket by checks -----------------------


def test_remove_op_deletes_the_op_and_its_uses_keeping_line_numbers():
    from pyasc_suite.proof import remove_op

    ir = "\n".join(
        [
            "func.func @f(%a : i32) {",
            "  %x = ascendc.bad %a {flag} :",
            "      i32",
            "  %y = arith.addi %x, %a : i32",
            "  %z = arith.addi %a, %a : i32",
            "  %w = arith.addi %y, %z : i32",
            "  return",
            "}",
        ]
    )
    cut = remove_op(ir, 2)
    assert cut is not None
    text, removed = cut
    assert removed[0] == "ascendc.bad" and sorted(removed[1:]) == ["arith.addi", "arith.addi"]
    lines = text.split("\n")
    assert len(lines) == 8 and lines[4].strip().startswith("%z")  # kept, same line
    assert not any("%y" in ln or "%w" in ln or ln == "i32\n" for ln in lines[1:4])
    assert remove_op(ir, 1) is None  # a function is not an op to delete


def test_remove_op_refuses_an_op_with_a_region():
    from pyasc_suite.proof import remove_op

    ir = "func.func @f(%c : i1) {\n  %x = arith.constant 1 : i32\n  scf.if %c {\n    %y = arith.addi %x, %x : i32\n  }\n  return\n}"
    assert remove_op(ir, 3) is None
    text, removed = remove_op(ir, 2)  # a use inside a region goes, the region stays
    assert removed == ["arith.constant", "arith.addi"] and "scf.if %c {" in text


def test_drop_directives_takes_the_users_and_pyascs_helpers_along():
    from pyasc_suite.proof import drop_directives

    group = _group_lines(
        [
            "CHECK: void f(int32_t v1) {",
            "CHECK-NEXT: uint64_t v1_mask_list0[] = {v1, v1};",
            "CHECK-NEXT: int32_t v2 = AscendC::Bad(v1, v1_mask_list0);",
            "CHECK-NEXT: int32_t v3 = v2 + 1;",
            "CHECK-NEXT: int32_t v4 = v1 + 1;",
            "CHECK-NEXT: }",
        ]
    )
    kept, dropped = drop_directives(group, [group[2]])
    assert [d.pattern for d in dropped] == [group[1].pattern, group[2].pattern, group[3].pattern]
    assert [d.kind for d in kept] == ["CHECK", "CHECK", "CHECK-NEXT"]  # NEXT after a gap: CHECK


def _group_lines(lines):
    (group,) = group_directives(parse_directives("\n".join(f"// {ln}" for ln in lines)))
    return group


def test_a_proven_line_matches_any_expression_and_binds_its_name():
    from pyasc_suite.proof import _opened

    group = _group_lines(
        ["CHECK: void f(int32_t v1) {", "CHECK-NEXT: int32_t v2 = v1 / 2;", "CHECK-NEXT: }"]
    )
    ours = "void f(int32_t a) {\n  uint64_t tmp = a;\n  int32_t q = tmp >> 1;\n}"
    assert not run_checks(group, ours, C).passed
    opened = _opened(group, group[1].line)
    result = run_checks(opened, ours, C)
    assert result.passed and result.bindings.names["v2"] == "q"


def test_counterexample_literals_and_values():
    import math

    from pyasc_suite.counterexamples import literal, parse_value, same_value

    assert literal(-1) == "-1LL" and literal(True) == "true"
    assert float.fromhex(literal(-0.0)) == 0.0 and literal(-0.0).startswith("-")
    assert "nan" in literal(math.nan) and literal(-math.inf) == "-__builtin_inf()"
    assert parse_value("-0x0p+0\n") == 0.0 and math.isnan(parse_value("-nan"))
    assert same_value(math.nan, math.nan) and not same_value(0.0, -0.0)
    assert same_value(-2, -2) and not same_value(1.0, math.nan)


def test_counterexample_probe_stops_after_the_declaration():
    from pyasc_suite.counterexamples import probed

    program = probed(
        '#include "kernel_operator.h"\nvoid f(int32_t a) {\n  int32_t v = a * 2;\n  int32_t w = 0;\n}',
        "v",
        "f",
        (3,),
    )
    assert "kernel_operator" not in program
    assert "int32_t v = a * 2; asc_probe(v); return;" in program and "f(3ULL);" in program
    with pytest.raises(LookupError):
        probed("void f() {}", "v", "f", ())
    store = probed(
        "void f(int64_t* p) {\n  p[0] = 1;\n  p[1] = 2;\n}", "p[0]", "f", ("PTR",), "p[0] = 1;"
    )
    assert "p[0] = 1; asc_probe(p[0]); return;" in store and "f(AscPtr{});" in store


@pytest.mark.skipif(not __import__("shutil").which("g++"), reason="no host g++")
def test_host_runner_reports_values_and_undefined_behaviour(tmp_path):
    from pyasc_suite.counterexamples import HostRunner, probed

    runner = HostRunner(tmp_path)
    src = "void f(int32_t a, int32_t b) {\n  int32_t v = a * b;\n}"
    assert runner.run(probed(src, "v", "f", (6, 7))) == ("value", "42\n")
    status, text = runner.run(probed(src, "v", "f", (65536, 65536)))
    assert status == "ub" and "overflow" in text
    assert list((tmp_path / "host").glob("*.json"))  # cached


def test_policies_normalise_one_difference_each():
    from pyasc_suite.policies import BY_NAME

    group = _group_lines(["CHECK: AscendC::PairReduceSum(v1, v2);"])
    ours = "AscendC::PairReduceSum<half, 0>(dst, src);"
    assert not run_checks(group, ours, C).passed
    g, out, opts = BY_NAME["is-set-mask"].normalise(group, ours, C)
    assert run_checks(g, out, opts).passed
    g, out, opts = BY_NAME["index-type"].normalise(group, ours, C)
    assert not run_checks(g, out, opts).passed  # one policy does not excuse another
    idx = _group_lines(["CHECK: uint32_t v1 = 0;"])
    assert run_checks(*BY_NAME["index-type"].normalise(idx, "int64_t x = 0;", C)).passed


def test_every_policy_has_its_reason_in_the_yardsticks_doc():
    from pyasc_suite.policies import POLICIES

    doc = (Path(__file__).resolve().parents[2] / "docs" / "yardsticks.md").read_text()
    for policy in POLICIES:
        assert f"**{policy.name}**" in doc, policy.name


def _fake_case(group_text, output, ok=True):
    from pyasc_suite.driver import DriverResult
    from pyasc_suite.lit_suites import TargetCase

    group = _group_lines(group_text)
    res = DriverResult("ok", output) if ok else DriverResult("verify", "", "f.mlir:3:1: error: no")
    return TargetCase("x.mlir", "f", group, res, C)


def test_classify_headers_reject_needs_theirs_failing_and_ours_passing():
    from pyasc_suite.counterexamples import HostRunner
    from pyasc_suite.header_cache import Verdict
    from pyasc_suite.proof import classify, header_names, sources_of, summary

    case = _fake_case(
        ["CHECK: void f() {", "CHECK-NEXT: AscendC::A(1);", "CHECK-NEXT: }"],
        "void f() {\n  AscendC::B(1);\n}",
    )
    theirs, ours = header_names(case)
    bad, good = Verdict(False, "no matching function", 2), Verdict(True)
    host = HostRunner(None)
    p = classify(case, False, sources_of(case), {theirs: bad, ours: good}, host)
    assert p.bucket == "headers-reject" and "no matching function" in p.evidence[0]
    p = classify(case, False, sources_of(case), {theirs: bad, ours: bad}, host)
    assert p.bucket == "unproven"
    p = classify(case, False, sources_of(case), {}, host)  # headers not checked
    assert p.bucket == "unproven" and "not checked" in p.evidence[0]
    assert classify(case, True, sources_of(case), {}, host).bucket == "match"
    assert (
        summary([p])
        == "target: 0 match, 0 headers-reject, 0 counterexample, 0 policy, 1 unproven (of 1)"
    )


def test_header_error_lines_follow_required_from_here():
    from pyasc_suite.header_cache import error_lines, first_error_of

    msg = (
        "src.cpp: In function 'void f()':\n"
        "src.cpp:7:3:   required from here\n"
        "/h/kernel.h:10:5: error: static assertion failed\n"
        "src.cpp:9:1: error: 'x' was not declared\n"
    )
    assert first_error_of("src.cpp", msg) == ("static assertion failed", 7)
    assert error_lines("src.cpp", msg) == (7, 9)


# -- python_proof: the Python suite's differences, proven by variants ---------------------


def test_python_variants_must_apply_every_rewrite():
    from pyasc_suite.python_proof import Variant, apply_variant

    v = Variant("p", ((r"a\.b", "a.c"), (r"x", "y")))
    assert apply_variant("a.b x", v) == ("a.c y", "")
    text, why = apply_variant("a.b z", v)
    assert text is None and "'x'" in why  # a rewrite that does not apply proves nothing


def test_python_native_module_check(tmp_path):
    from pyasc_suite.python_proof import native_module

    (tmp_path / "python" / "asc").mkdir(parents=True)
    (tmp_path / "python/asc/a.py").write_text("import os\nfrom asc._C import ir\n")
    (tmp_path / "python/asc/b.py").write_text("import os\n# from asc._C import ir\n")
    assert native_module(tmp_path, "asc/a.py")
    assert not native_module(tmp_path, "asc/b.py") and not native_module(tmp_path, "asc/c.py")


def test_python_classify_and_closing_line(tmp_path):
    from pyasc_suite.python_proof import PyProof, classify, summary
    from pyasc_suite.report import Outcome

    src = tmp_path
    assert classify(Outcome("u", "t.py::a", "passed"), tmp_path, {}, src, 1).bucket == "match"
    assert classify(Outcome("u", "t.py::a", "skipped"), tmp_path, {}, src, 1).bucket == "skipped"
    p = classify(Outcome("u", "t.py::a", "failed", reason="boom"), tmp_path, {}, src, 1)
    assert p.bucket == "unproven" and "boom" in p.evidence[0]  # not listed: unproven
    proofs = [PyProof("u", "a", "match"), p, PyProof("u", "b", "policy", policy="x")]
    assert summary(proofs) == (
        "python: 1 match, 0 headers-reject, 0 counterexample, 1 policy, 1 unproven, "
        "0 skipped (of 3)"
    )


def test_every_python_check_names_a_listed_difference():
    from pyasc_suite import python_differences
    from pyasc_suite.python_proof import CHECKS

    assert set(CHECKS) <= set(python_differences.DIFFERENCES)


def test_cpu_debug_checks_rewrite_pyascs_call_into_the_control_and_back():
    """Each CPU-debug check's control applies to pyasc's statements, and its difference
    applies to the control (the run itself needs the headers: tools/pyasc_suite)."""
    from pyasc_suite.python_proof import CHECKS, CpuDebugAbort, FormatMismatch, rewritten

    aborts = {k[1]: c for k, c in CHECKS.items() if isinstance(c, CpuDebugAbort)}
    assert {"test_mm.py::test_mmad", "test_fixpipe.py::test_fixpipe"} <= set(aborts)
    for name, check in aborts.items():
        control = rewritten(check.statement, check.control)
        assert control is not None and control != check.statement, name
        for _what, rewrites in check.differences:
            back = rewritten(control, rewrites)
            assert back is not None and back not in (control, check.statement), name
    mmad = rewritten(
        aborts["test_mm.py::test_mmad"].statement, aborts["test_mm.py::test_mmad"].control
    )
    assert "LocalTensor<float> dst(AscendC::TPosition::CO1" in mmad
    printf = CHECKS[("unit/language/basic", "test_common_api.py::test_printf")]
    assert isinstance(printf, FormatMismatch) and printf.theirs == "half*"
    assert rewritten("a b", (("a", "x"), ("c", "y"))) is None  # a rewrite that does not apply


def test_xdsl_memory_space_reads_as_mlir_prints_it():
    assert check(
        "// CHECK: %arg0: memref<?xi32, 22>", "func(%d: memref<?xi32, 22 : i64>)", MLIR
    ).passed


class _FakeHeaders:
    """HeaderChecks' interface: every source passes, the names asked for are kept."""

    def __init__(self, ok=True):
        self.asked, self.ok = [], ok

    def verdicts(self, sources):
        from pyasc_suite.header_cache import Verdict

        self.asked += [name for name, _ in sources]
        return {
            name: Verdict(self.ok, "" if self.ok else "no such overload", 4) for name, _ in sources
        }


def _refused_case():
    from pyasc_suite.lit_suites import TargetCase

    ir = "func.func @f(%a : i32) {\n  ascendc.pipe_barrier pipe_s\n  %x = arith.xori %a, %a : i32\n  return\n}\n"
    checks = [
        "CHECK: void f(int32_t v1) {",
        "CHECK-NEXT: AscendC::PipeBarrier<PIPE_S>();",
        "CHECK-NEXT: int32_t v2 = v1 ^ v1;",
        "CHECK-NEXT: return;",
        "CHECK-NEXT: }",
    ]
    driver = Driver("t.mlir", target="ascendc")
    return TargetCase("t.mlir", "f", _group_lines(checks), driver.run(ir), C, ir, driver)


def test_refused_op_is_proven_where_the_headers_fail_and_the_rest_matches():
    from pyasc_suite.counterexamples import HostRunner
    from pyasc_suite.header_cache import Verdict
    from pyasc_suite.proof import classify, header_names, sources_of

    case = _refused_case()
    assert not case.result.ok
    src = sources_of(case)
    tu_line = next(n for n, ds in src.lines.items() if "PipeBarrier" in ds[0].pattern)
    theirs, _ = header_names(case)
    failing = {theirs: Verdict(False, "static assertion failed", tu_line, "vec", (tu_line,))}
    headers = _FakeHeaders()
    p = classify(case, False, src, failing, HostRunner(None), headers)
    assert p.bucket == "headers-reject", p.evidence
    assert any("deleted from the IR: ascendc.pipe_barrier" in e for e in p.evidence)
    assert headers.asked == ["rest t.mlir:f"]  # our C++ of the rest was checked
    # The rest of ours failing the headers, or pyasc's error elsewhere: unproven.
    p = classify(case, False, src, failing, HostRunner(None), _FakeHeaders(ok=False))
    assert p.bucket == "unproven" and "rest fails the headers" in p.evidence[-1]
    elsewhere = {theirs: Verdict(False, "x", tu_line + 1, "vec", (tu_line + 1,))}
    p = classify(case, False, src, elsewhere, HostRunner(None), _FakeHeaders())
    assert p.bucket == "unproven"  # the refused op's CHECK line is left: no match
    assert classify(case, False, src, {}, HostRunner(None)).bucket == "unproven"


class _HeadersByName:
    """HeaderChecks' interface: a verdict per name prefix ("hoisted", "rest"); the
    sources asked for are kept."""

    def __init__(self, verdicts):
        self.by_prefix, self.sources = verdicts, {}

    def verdicts(self, sources):
        self.sources.update(sources)
        return {name: self.by_prefix.get(name.split(" ", 1)[0]) for name, _ in sources}


def test_refused_case_whose_function_line_fails_is_compared_by_name_after_hoisting():
    """emit_matmul: pyasc's MatmulConfig in its parameter list fails the headers on the
    function line; hoisted, the body's own error shows. The function line is then
    compared by name only and the rest must match."""
    from pyasc_suite.counterexamples import HostRunner
    from pyasc_suite.header_cache import Verdict
    from pyasc_suite.lit_suites import TargetCase
    from pyasc_suite.proof import classify, header_names, sources_of

    ir = "func.func @f(%a : i32) {\n  ascendc.pipe_barrier pipe_s\n  %x = arith.xori %a, %a : i32\n  return\n}\n"
    checks = [
        "CHECK-LABEL: void f(constexpr static MatmulConfig CFG{1, 0};int32_t v1) {",
        "CHECK-NEXT: AscendC::PipeBarrier<PIPE_S>();",
        "CHECK-NEXT: int32_t v2 = v1 ^ v1;",
        "CHECK-NEXT: return;",
        "CHECK-NEXT: }",
    ]
    driver = Driver("t.mlir", target="ascendc")
    case = TargetCase("t.mlir", "f", _group_lines(checks), driver.run(ir), C, ir, driver)
    src = sources_of(case)
    function_line = min(src.lines)
    barrier = next(n for n, ds in src.lines.items() if "PipeBarrier" in ds[0].pattern)
    theirs, _ = header_names(case)
    failing = {
        theirs: Verdict(
            False, "storage class specified for parameter", function_line, "vec", (function_line,)
        )
    }
    headers = _HeadersByName(
        {
            "hoisted": Verdict(False, "static assertion failed", barrier, "vec", (barrier,)),
            "rest": Verdict(True, "", 0),
        }
    )
    p = classify(case, False, src, failing, HostRunner(None), headers)
    assert p.bucket == "headers-reject", p.evidence
    assert any("compared by name only" in e for e in p.evidence)
    hoisted = headers.sources["hoisted t.mlir:f"]
    assert "constexpr static MatmulConfig CFG{1, 0};\n" in hoisted  # before the function
    assert "void f(int32_t v1) {" in hoisted
    # The hoisted source still failing on the function line proves nothing.
    headers.by_prefix["hoisted"] = Verdict(False, "x", function_line, "vec", (function_line,))
    p = classify(case, False, src, failing, HostRunner(None), headers)
    assert p.bucket == "unproven" and "still point" in p.evidence[-1]


def test_remove_op_names_the_op_not_a_word_of_its_type():
    from pyasc_suite.proof import remove_op

    ir = "func.func @f(%m : !t) {\n  ascendc.matmul.end %m : !ascendc.matmul<gm, <do_norm = true>>\n  return\n}"
    cut = remove_op(ir, 2)
    assert cut is not None and cut[1] == ["ascendc.matmul.end"]


def test_expected_cpp_gives_a_function_line_its_missing_brace():
    group = _group("// CHECK-LABEL: void f(int32_t v1)\n// CHECK-NEXT: return;\n// CHECK-NEXT: }\n")
    source, why = assemble(group)
    assert source is not None, why
    assert "void f(int32_t v1) {" in source


@pytest.mark.skipif(not __import__("shutil").which("g++"), reason="no host g++")
def test_exhaustive_equality_finds_a_differing_input_and_accepts_an_equal_line(tmp_path):
    from pyasc_suite.counterexamples import ALL_I16, HostRunner, exhaustive_program

    low = "void f(int16_t x, int16_t y) {\n  int16_t v = x * y;\n  return;\n}"
    ours = (
        "void f(int16_t x, int16_t y) {\n  uint64_t p = static_cast<uint64_t>(static_cast<"
        "uint16_t>(x)) * static_cast<uint64_t>(static_cast<uint16_t>(y));\n"
        "  int16_t w = static_cast<int16_t>(p);\n  int16_t h = static_cast<int16_t>(p >> 16);\n"
        "  return;\n}"
    )
    runner = HostRunner(tmp_path)
    same = exhaustive_program(low, ours, "f", ("v", "w"), (ALL_I16, ALL_I16))
    assert runner.run(same, optimise=True) == ("value", "0\n")
    other = exhaustive_program(low, ours, "f", ("v", "h"), (ALL_I16, ALL_I16))
    status, out = runner.run(other, optimise=True)
    assert status == "value" and int(out) > 0


def test_half_constant_policy_checks_the_binary16_value():
    from pyasc_suite.policies import BY_NAME

    group = _group_lines(["CHECK: half c2_1992_f16 = 2.19920e+00;"])
    same = "  const half cst = static_cast<half>(2.2f);"
    assert run_checks(*BY_NAME["half-constant"].normalise(group, same, C)).passed
    other = "  const half cst = static_cast<half>(2.5f);"  # another binary16 value
    assert not run_checks(*BY_NAME["half-constant"].normalise(group, other, C)).passed


def test_two_policies_cover_a_case_only_together():
    from pyasc_suite.counterexamples import HostRunner
    from pyasc_suite.proof import _explain

    lines = [
        "CHECK: void f() {",
        "CHECK-NEXT: half c1_5_f16 = 1.50000e+00;",
        "CHECK-NEXT: AscendC::InitConstValueParams v1{v2, v3, v4, c1_5_f16};",
    ]
    ours = (
        "void f() {\n  const half cst = static_cast<half>(1.5f);\n"
        "  AscendC::InitConstValueParams<half> x{v2, v3, v4, cst};"
    )
    case = _fake_case(lines, ours)
    proof = _explain(case, case.group, ours, HostRunner(None), [])
    assert (proof.bucket, proof.policy) == ("policy", "half-constant+class-template-deduction")


def test_kernel_parameter_types_and_pod_probe():
    from pyasc_suite.kernel_params import parameters, probe_source, refused_parameter

    line = "void k(AscendC::GlobalTensor<uint64_t> v1, int32_t v2, __gm__ uint8_t* v3) {"
    assert parameters(line) == ["AscendC::GlobalTensor<uint64_t>", "int32_t", "__gm__ uint8_t*"]
    assert probe_source("int32_t") is None and probe_source("__gm__ uint8_t*") is None
    assert "std::is_pod_v<AscendC::GlobalTensor<uint64_t>>" in probe_source(parameters(line)[0])
    assert refused_parameter("kernel @k: parameter 0 has type !x") == 0


def test_overload_proof_inserts_the_deleted_specialization_after_the_includes():
    from pyasc_suite.overloads import with_deleted

    text, shift = with_deleted(
        '#include "a.h"\n\nvoid f() {\n}', "template <> void g<int>() = delete;"
    )
    lines = text.split("\n")
    assert lines[1:4] == [
        "namespace AscendC {",
        "template <> void g<int>() = delete;",
        "}  // namespace AscendC",
    ]
    assert shift == 3 and lines[5] == "void f() {"


def _headers_available():
    import os

    return all(os.environ.get(v) for v in ("ASC_XDSL_ASC_DEVKIT", "ASC_XDSL_ASC_TOOLS"))


@pytest.mark.skipif(not _headers_available(), reason="Ascend C header checkouts not configured")
def test_cpu_debug_run_aborts_on_pipe_barrier_s_and_not_on_v(tmp_path):
    from pyasc_suite.runtime_aborts import RuntimeProber

    prober = RuntimeProber(tmp_path)
    program = '#include "kernel_operator.h"\nvoid f() {{ AscendC::PipeBarrier<{}>(); }}\n'
    main = '#include "cpu_debug_link.h"\nint main() { f(); return 0; }\n'
    assert prober.run(program.format("PIPE_S") + main)[0] == "abort"
    assert prober.run(program.format("PIPE_V") + main)[0] == "ok"


# -- the sandbox's report plugin: the same inputs in every run --------------------------

_DRAWS = """
import json, os, random

import numpy as np


def _draw(name):
    with open(os.environ["DRAWS"], "a") as out:
        out.write(json.dumps([name, random.random(), float(np.random.random())]) + "\\n")


def test_a():
    _draw("a")


def test_b():
    _draw("b")
"""


def _run_with_report_plugin(tmp_path, *args, seed=None):
    import json
    import os
    import subprocess

    tools = Path(__file__).resolve().parents[2] / "tools"
    draws = tmp_path / "draws.jsonl"
    draws.unlink(missing_ok=True)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(tools / "pyasc_suite/sandbox"), str(tools)]),
        "PYASC_SUITE_REPORT": str(tmp_path / "report.jsonl"),
        "DRAWS": str(draws),
    }
    env.pop("PYASC_SUITE_SEED", None)
    if seed is not None:
        env["PYASC_SUITE_SEED"] = seed
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p"]
    command += ["_pyasc_suite_report", "-p", "no:xdist", "-p", "no:randomly", *args]
    proc = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)
    rows = [json.loads(line) for line in draws.read_text().splitlines()] if draws.exists() else []
    return proc, {name: (x, y) for name, x, y in rows}


def _report_plugin(monkeypatch):
    """The sandbox's report plugin, imported in this process (its import installs
    nothing; `pytest_configure` would)."""
    import importlib

    sandbox = Path(__file__).resolve().parents[2] / "tools/pyasc_suite/sandbox"
    monkeypatch.syspath_prepend(str(sandbox))
    return importlib.import_module("_pyasc_suite_report")


def _expected_draws(plugin, nodeid):
    import random

    import numpy as np

    seed = plugin.seed_of(nodeid)
    return random.Random(seed).random(), float(np.random.RandomState(seed).random())


def test_report_plugin_seeds_each_test_from_its_node_id(tmp_path, monkeypatch):
    """One real run shows the hook wired in: each test's draws are the ones its node id's
    seed gives, so they do not depend on what ran before it or on the run."""
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_draws.py").write_text(_DRAWS)
    proc, draws = _run_with_report_plugin(tmp_path, "test_draws.py")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    monkeypatch.delenv("PYASC_SUITE_SEED", raising=False)
    plugin = _report_plugin(monkeypatch)
    for name in "ab":
        assert draws[name] == _expected_draws(plugin, f"test_draws.py::test_{name}")
    assert draws["a"] != draws["b"]


def test_report_plugin_seed_variable(monkeypatch):
    import random

    import pytest

    plugin = _report_plugin(monkeypatch)
    monkeypatch.delenv("PYASC_SUITE_SEED", raising=False)
    default = plugin.seed_of("t.py::test_a")
    monkeypatch.setenv("PYASC_SUITE_SEED", "7")
    assert plugin.seed_of("t.py::test_a") not in (None, default)
    monkeypatch.setenv("PYASC_SUITE_SEED", "none")  # unseeded: the hook draws nothing
    assert plugin.seed_of("t.py::test_a") is None
    state = random.getstate()
    plugin.pytest_runtest_setup(type("Item", (), {"nodeid": "t.py::test_a"})())
    assert random.getstate() == state
    monkeypatch.setenv("PYASC_SUITE_SEED", "x1")
    with pytest.raises(
        pytest.UsageError, match="PYASC_SUITE_SEED must be an integer or 'none', got 'x1'"
    ):
        plugin.base_seed()
