"""Issue 8: scalar arguments (item 4), launch options and block_dim, compile options,
limits (simulation budget, unrolling, nesting, literals) and bad input that used to be
accepted silently. Every case ends in a clear error that names the problem and where."""

import sys
import textwrap
import time

import limit_kernels as L
import numpy as np
import pytest
from xdsl.dialects.builtin import Float16Type, IntegerType, Signedness, i32

import asc_xdsl as asc
import asc_xdsl.frontend.jit  # the module, for monkeypatching
from asc_xdsl.dialects import ir_diagnostics
from asc_xdsl.opt import main as asc_opt
from asc_xdsl.runtime import LaunchError
from asc_xdsl.runtime.cann.args import encode_scalar
from asc_xdsl.runtime.scalars import scalar_argument
from asc_xdsl.runtime.simulator import EndlessLoopError, StepLimitError
from asc_xdsl.runtime.simulator.budget import (
    BASE_STEPS,
    DEFAULT_MAX_STEPS,
    STEPS_PER_BLOCK,
    max_steps,
)
from asc_xdsl.runtime.simulator.memory import GmBuffer

X = np.zeros(8, np.int32)


# -- item 4: scalar arguments -----------------------------------------------------------


@pytest.mark.parametrize("value", [2**31, 2**40, -(2**31) - 1])
def test_scalar_that_does_not_fit_is_the_same_error_on_every_backend(value):
    with pytest.raises(LaunchError) as sim:
        L.store_n[1](X, value)
    with pytest.raises(LaunchError) as cann:
        encode_scalar(i32, value, 1, "n")
    assert str(sim.value) == str(cann.value)
    assert str(sim.value) == (
        f"argument 1: {value} does not fit in i32 (parameter 'n': -2147483648 .. 2147483647) "
        "[ASC-R602]"
    )


def test_scalar_in_range_runs_unchanged():
    L.store_n[1](X, -(2**31))
    assert X[0] == -(2**31)
    L.store_n[1](X, np.int64(7))
    assert X[0] == 7


def test_scalar_rules_for_floats_bools_and_unsigned():
    f16, u8, i1 = Float16Type(), IntegerType(8, Signedness.UNSIGNED), IntegerType(1)
    assert scalar_argument(f16, 65519.0, 0) == 65519.0  # rounds to 65504
    assert scalar_argument(f16, float("inf"), 0) == float("inf")  # explicit infinity
    with pytest.raises(LaunchError, match=r"argument 0: 65520.0 does not fit in f16"):
        scalar_argument(f16, 65520.0, 0)
    with pytest.raises(LaunchError, match=r"argument 1: 1e\+39 does not fit in f32"):
        L.store_f16[1](np.zeros(8, np.float32), 1e39)
    with pytest.raises(LaunchError, match=r"argument 0: -1 does not fit in ui8 \(0 .. 255\)"):
        scalar_argument(u8, -1, 0)
    assert scalar_argument(i1, True, 0) is True
    with pytest.raises(LaunchError, match=r"argument 0: 2 does not fit in i1"):
        scalar_argument(i1, 2, 0)
    with pytest.raises(LaunchError, match=r"argument 0: 2.5 is not an integer"):
        scalar_argument(i32, 2.5, 0)
    with pytest.raises(LaunchError, match=r"argument 0 must be a number .* got str"):
        scalar_argument(i32, "3", 0)


def test_annotated_scalar_parameters_take_their_type():
    with pytest.raises(TypeError, match=r"argument 'n' is annotated int but got float 2.5"):
        L.store_n.compile(X, 2.5)
    compiled = L.store_f16.compile(np.zeros(8, np.float32), 3)  # `v: float` given an int
    assert "%v: f32" in compiled.asm["ir"]


# -- block_dim and launch options ---------------------------------------------------------


@pytest.mark.parametrize(
    "block_dim,message",
    [
        (0, r"block_dim must be in \[1, 65535\], got 0"),
        (-3, r"block_dim must be in \[1, 65535\], got -3"),
        (2.5, r"block_dim must be an integer in \[1, 65535\], got float 2.5"),
        (True, r"block_dim must be an integer .* got bool True"),
        (10**6, r"block_dim must be in \[1, 65535\], got 1000000"),
        (10**12, r"block_dim must be in \[1, 65535\], got 1000000000000"),
    ],
)
def test_bad_block_dim(block_dim, message):
    with pytest.raises(LaunchError, match=message):
        L.store_n[block_dim](X, 1)
    compiled = L.store_n.compile(X, 1)
    with pytest.raises(LaunchError, match=message):
        compiled[block_dim](X, 1)


def test_documented_launch_options_reach_the_simulator(tmp_path):
    L.store_n[2](
        X,
        5,
        platform="Ascend910_93",
        profile_dir=str(tmp_path),
        block_order="random",
        copy_tail="drop",
        max_steps=100,
    )
    assert X[0] == 5
    assert list(tmp_path.glob("OPPROF_*/OpBasicInfo.csv"))


def test_unknown_launch_keyword_lists_what_is_accepted():
    with pytest.raises(TypeError, match=r"unknown keyword\(s\) platfrom: .* launch option"):
        L.store_n[1](X, 1, platfrom="Ascend910B1")
    with pytest.raises(LaunchError, match=r"copy_tail must be 'error' or 'drop'"):
        L.store_n[1](X, 1, copy_tail="keep")


# -- compile options and kernel definitions ---------------------------------------------


@pytest.mark.parametrize(
    "options,message",
    [
        ({"opt_level": "banana"}, r"option opt_level must be 0, 1, 2 or 3"),
        ({"opt_level": 7}, r"option opt_level must be 0, 1, 2 or 3"),
        ({"debug": "yes"}, r"option debug must be True or False"),
        ({"bisheng_options": "-g"}, r"option bisheng_options must be a tuple"),
        ({"max_unroll": -1}, r"option max_unroll must be an integer >= 0"),
    ],
)
def test_bad_option_values(options, message):
    with pytest.raises(TypeError, match=message):
        L.store_n.compile(X, 1, **options)
    with pytest.raises(TypeError, match=message):
        L.store_n[1](X, 1, **options)
    with pytest.raises(TypeError, match=message):
        asc.jit(**options)(L.store_n.fn)


def test_jit_of_a_lambda_is_a_located_error():
    with pytest.raises(asc.CompileError) as info:
        asc.jit(lambda x: x)
    text = str(info.value)
    assert "a lambda cannot be a kernel" in text
    assert "test_launch_limits.py:" in text and "asc.jit(lambda x: x)" in text
    with pytest.raises(TypeError, match=r"asc.jit decorates a Python function, got int"):
        asc.jit(5)


def test_return_value_in_a_kernel_points_at_the_return():
    with pytest.raises(asc.CompileError) as info:
        L.returns_value.compile(X, 1)
    assert "limit_kernels.py:71:5: error: a kernel returns nothing" in str(info.value)
    assert "return n" in str(info.value)


def test_local_tensor_parameter_is_refused_at_the_parameter():
    with pytest.raises(asc.CompileError) as info:
        L.local_tensor_param.compile(X, 1)
    text = str(info.value)
    assert "limit_kernels.py:87:24: error: parameter 'x' is annotated LocalTensor" in text


def test_queue_depth_out_of_range_in_a_kernel():
    with pytest.raises(asc.CompileError, match=r"limit_kernels.py:76:5: .*depth 10{30} is out"):
        L.deep_queue.compile(X)


def test_f16_constant_overflow_in_a_kernel():
    with pytest.raises(asc.CompileError) as info:
        L.f16_overflow.compile(X.astype(np.float16))
    assert "limit_kernels.py:83:5: error: constant 10000000000.0 does not fit in float16" in str(
        info.value
    )


# -- simulation budget --------------------------------------------------------------------


def test_a_loop_that_never_ends_stops_at_the_budget():
    x = np.zeros(8, np.int32)
    with pytest.raises(StepLimitError) as info:
        L.spin_on_gm[1](x, 5, max_steps=10_000)
    text = str(info.value)
    assert "limit_kernels.py:96:5: block 0: scf.while: this loop has run 9999 iterations" in text
    assert "max_steps" in text and "ASC_XDSL_SIM_MAX_STEPS" in text


def test_a_loop_whose_condition_repeats_stops_at_once():
    start = time.perf_counter()
    with pytest.raises(EndlessLoopError) as info:
        L.spin[1](X, 5)  # i = i * 1: the condition's input never changes
    assert time.perf_counter() - start < 10
    text = str(info.value)
    assert "limit_kernels.py:23:5: block 0: scf.while: this loop never ends" in text
    x = np.zeros(8, np.int32)
    with pytest.raises(
        EndlessLoopError, match=r"came back to an earlier state \(i = 4\) after 13 iterations"
    ):
        L.cycles_through_states[1](x, 9)
    L.cycles_through_states[1](x, 6)  # 0, 3, 6: ends
    assert x[0] == 2
    L.settles_then_ends[1](x, 3)  # the condition's input rests, then moves: no error
    assert x[0] == 104
    L.float_state_settles[1](x, 1.0)
    assert x[0] == 150  # 1.0 halved to the smallest subnormal f32 (2**-149), then 0
    with pytest.raises(EndlessLoopError, match=r"\(v = 2\.5\) after 1 iterations"):
        L.float_state_repeats[1](x, 2.5)


def test_default_budget_scales_with_blocks_and_gm_bytes():
    assert max_steps(None, 1, []) == DEFAULT_MAX_STEPS == BASE_STEPS + STEPS_PER_BLOCK
    big = np.zeros(1 << 20, np.uint8)
    bufs = [GmBuffer("x", big)]
    assert max_steps(None, 8, bufs) == BASE_STEPS + 8 * STEPS_PER_BLOCK + 16 * (1 << 20)
    assert max_steps(123, 8, bufs) == 123


def test_a_huge_range_fails_before_running():
    with pytest.raises(StepLimitError, match=r"scf.for: this loop would run 2147483647 iter"):
        L.long_range[1](X)


def test_budget_is_shared_by_blocks_and_set_by_environment(monkeypatch):
    L.count_to[4](X, 10, max_steps=44)  # 4 blocks + 40 iterations
    with pytest.raises(StepLimitError, match=r"block 3: scf.for: .* more than the 9 steps left"):
        L.count_to[4](X, 10, max_steps=43)
    monkeypatch.setenv("ASC_XDSL_SIM_MAX_STEPS", "3")
    with pytest.raises(StepLimitError, match=r"block_dim 4 alone exceeds .* budget of 3 steps"):
        L.count_to[4](X, 0)
    monkeypatch.setenv("ASC_XDSL_SIM_MAX_STEPS", "lots")
    with pytest.raises(LaunchError, match=r"ASC_XDSL_SIM_MAX_STEPS must be a positive integer"):
        L.count_to[1](X, 1)


# -- unrolling ----------------------------------------------------------------------------


def test_static_range_beyond_the_unroll_limit_fails_fast():
    with pytest.raises(asc.CompileError) as info:
        L.unrolled.compile(X, 10**5)
    text = str(info.value)
    assert "limit_kernels.py:54:14: error: unrolling this loop would make more than 10000" in text
    # Nested loops count every copy: 15 outer + 15 per inner loop, 195 before the 13th.
    with pytest.raises(asc.CompileError, match=r"more than 200 copies .* \(15 here, 195 before\)"):
        L.nested_unroll.compile(X, 15, max_unroll=200)


def test_unroll_limit_is_configurable(monkeypatch):
    with pytest.raises(asc.CompileError, match=r"more than 10 copies"):
        L.unrolled.compile(X, 11, max_unroll=10)
    assert L.unrolled.compile(X, 10, max_unroll=10, always_compile=True)
    monkeypatch.setenv("ASC_XDSL_MAX_UNROLL", "4")
    with pytest.raises(asc.CompileError, match=r"more than 4 copies"):
        L.unrolled.compile(X, 5, always_compile=True)


# -- deep nesting and long expressions ----------------------------------------------------


def write_module(tmp_path, monkeypatch, name, source):
    (tmp_path / f"{name}.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 5000))  # CPython's own compiler recurses per term
    try:
        return __import__(name)
    finally:
        sys.setrecursionlimit(limit)


def long_sum_kernel(terms):
    return textwrap.dedent(
        f"""\
        import asc_xdsl as asc

        @asc.jit
        def long_sum(x: asc.GlobalAddress, n: int):
            gm = asc.GlobalTensor()
            gm.set_global_buffer(x, 8)
            gm.set_value(0, {" + ".join(["n"] * terms)})
        """
    )


def test_a_1000_term_expression_compiles_and_runs(tmp_path, monkeypatch):
    module = write_module(tmp_path, monkeypatch, "sum1000", long_sum_kernel(1000))
    module.long_sum[1](X, 3)
    assert X[0] == 3000


def test_too_deep_for_the_compiler_is_a_located_error(tmp_path, monkeypatch):
    module = write_module(tmp_path, monkeypatch, "sum400", long_sum_kernel(400))
    from asc_xdsl.utils import recursion

    monkeypatch.setattr(
        sys.modules["asc_xdsl.frontend.jit"],
        "deep_recursion",
        lambda: recursion.deep_recursion(300),
    )
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(300)
    try:
        with pytest.raises(asc.CompileError) as info:
            module.long_sum.compile(X, 1)
    finally:
        sys.setrecursionlimit(limit)
    # Where the stack ran out decides the line: the `def` (rewriting the AST) or the
    # expression (generating IR); either way a located CompileError, no RecursionError.
    assert "sum400.py:" in str(info.value)
    assert "nests too deeply to compile" in str(info.value)


def nested_ifs(depth):
    lines = ["func.func @f(%c: i1) {"]
    lines += ["  " * (i + 1) + "scf.if %c {" for i in range(depth)]
    lines.append("  " * (depth + 1) + "%x = arith.constant 1 : i32")
    lines += ["  " * (i + 1) + "}" for i in reversed(range(depth))]
    return "\n".join([*lines, "  func.return", "}", ""])


def run_opt(tmp_path, capsys, text, *args):
    path = tmp_path / "input.mlir"
    path.write_text(text)
    status = asc_opt([str(path), *args])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_125_nested_scf_if_are_fine(tmp_path, capsys):
    status, out, err = run_opt(tmp_path, capsys, nested_ifs(125), "-t", "ascendc")
    assert status == 0, err
    assert out.count("if (c) {") == 125


def test_nesting_beyond_the_limit_is_located(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(ir_diagnostics, "MAX_NESTING", 200)
    status, _, err = run_opt(tmp_path, capsys, nested_ifs(300))
    assert status == 1
    assert "input.mlir:201:" in err  # the 200th nested op
    assert "error: operations nest more than 200 levels deep here" in err


def test_deeply_nested_attribute_is_located(tmp_path, capsys):
    text = "func.func @f() attributes {a = " + "[" * 30000 + "]" * 30000 + "} {\n  return\n}\n"
    status, _, err = run_opt(tmp_path, capsys, text)
    assert status == 1
    assert "input.mlir:1:" in err and "the input nests too deeply to parse here" in err


# -- literals and dialect bounds in textual IR -------------------------------------------


@pytest.mark.parametrize(
    "literal,message",
    [
        (
            "1.0e10 : f16",
            "float literal 1.0e10 is out of range of f16 (largest finite value 65504)",
        ),
        ("65520.0 : f16", "float literal 65520.0 is out of range of f16"),
        ("1.0e999999 : f32", "float literal 1.0e999999 is out of range of f32"),
        ("1.0e400 : f64", "float literal 1.0e400 is out of range of f64"),
        (
            "0x7FF0000000000000 : f32",
            "hexadecimal float literal 0x7FF0000000000000 does not fit in the 32 bits of f32",
        ),
    ],
)
def test_out_of_range_float_literals(tmp_path, capsys, literal, message):
    text = f"func.func @f() {{\n  %0 = arith.constant {literal}\n  func.return\n}}\n"
    status, _, err = run_opt(tmp_path, capsys, text)
    assert status == 1
    assert "input.mlir:2:23\n" in err, err
    assert f"error: {message}" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "literal", ["65504.0 : f16", "0x7C00 : f16", "0x7F800000 : f32", "-3.0e38 : f32"]
)
def test_float_literals_in_range_are_kept(tmp_path, capsys, literal):
    text = f"func.func @f() {{\n  %0 = arith.constant {literal}\n  func.return\n}}\n"
    status, out, err = run_opt(tmp_path, capsys, text)
    assert status == 0, err
    assert "arith.constant" in out


def test_queue_depth_and_printf_verifiers(tmp_path, capsys):
    text = (
        "func.func @q() {\n"
        "  %q = ascendc.queue : !ascendc.queue<vecin, 99999999999999999999999>\n"
        "  func.return\n}\n"
    )
    status, _, err = run_opt(tmp_path, capsys, text)
    assert status == 1 and "depth 99999999999999999999999 is out of range [0, 64]" in err
    text = 'func.func @p(%n: i32) {\n  ascendc.printf %n {desc = "%s"} : i32\n  func.return\n}\n'
    status, _, err = run_opt(tmp_path, capsys, text)
    assert status == 1
    assert "input.mlir:2:3" in err
    assert "argument 0 for %s must be a string pointer (memref of i8/ui8), got i32" in err


def test_unclosed_string_literal_is_located_not_a_hang(tmp_path, capsys):
    # xDSL's lexer backtracks exponentially on this line (hours); ours rejects it at once.
    text = '"func.func @field_types(%n: i32, %h: ui16, %w: ui32, %b: i1) {\n  return\n}\n'
    status, _, err = run_opt(tmp_path, capsys, text)
    assert status == 1
    assert "input.mlir:1:1" in err and "string literal is not closed on its line" in err


def test_a_crashing_verifier_is_a_located_error(tmp_path, capsys, monkeypatch):
    from xdsl.dialects import arith

    def broken(self):
        raise AttributeError("'IntegerType' object has no attribute 'element_type'")

    monkeypatch.setattr(arith.AddiOp, "verify_", broken)
    text = "func.func @f(%a: i32) {\n  %b = arith.addi %a, %a : i32\n  func.return\n}\n"
    status, _, err = run_opt(tmp_path, capsys, text)
    assert status == 1
    assert "input.mlir:2:" in err
    assert "'arith.addi': its verifier failed with AttributeError" in err


def test_a_kernel_taking_a_local_tensor_is_a_verifier_error(tmp_path, capsys):
    text = (
        "func.func @k(%t: !ascendc.local_tensor<*xf32>, %n: i32) "
        "attributes {ascendc.aicore, ascendc.global} {\n  func.return\n}\n"
    )
    status, _, err = run_opt(tmp_path, capsys, text)
    assert status == 1 and "input.mlir:1:1" in err
    assert "kernel @k: parameter 0 has type !ascendc.local_tensor<*xf32>" in err
