"""Our `cse` (asc_xdsl/transforms/cse.py, the JIT pipeline's) gives xDSL's result: on
every lit test input, on the examples' kernels and on IR where the rules differ (reads
with and without a write between, nested scopes, isolated regions, dead ops,
unregistered ops)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from lit_inputs import covering_lit_chunks
from xdsl.parser import Parser
from xdsl.transforms.common_subexpression_elimination import cse as xdsl_cse

from asc_xdsl.frontend.ir_context import make_context, parse_module
from asc_xdsl.transforms.cse import cse

ROOT = Path(__file__).resolve().parents[3]


def _parse(text: str, unregistered: bool = False):
    if not unregistered:
        return parse_module(text)
    ctx = make_context()
    ctx.allow_unregistered = True
    return Parser(ctx, text).parse_module()


def _outcome(run, text: str, unregistered: bool = False) -> str:
    """The IR after `run`, or the error it raised (on IR that was never verified)."""
    module = _parse(text, unregistered)
    try:
        run(module)
    except Exception as e:
        return f"{type(e).__name__}: {e}"
    return str(module)


def _both(text: str, unregistered: bool = False) -> tuple[str, str]:
    return _outcome(cse, text, unregistered), _outcome(xdsl_cse, text, unregistered)


def _run_on_clone(run, module) -> tuple[str, int]:
    """(The IR after `run` on a copy of `module`, or the error it raised; its op count)."""
    copy = module.clone()
    try:
        run(copy)
    except Exception as e:
        return f"{type(e).__name__}: {e}", -1
    try:
        return str(copy), sum(1 for _ in copy.walk())
    except Exception:  # an error test's input that parses but does not print
        return UNPRINTABLE, -1


UNPRINTABLE = "(does not print)"


def test_cse_agrees_with_xdsl_on_every_lit_input():
    # Each input is parsed once per process (lit_inputs) and cloned for each side:
    # parsing was four fifths of this test's time. Under the ci profile: the chunks
    # that cover every op, type and file (lit_inputs).
    changed = compared = 0
    for where, module in covering_lit_chunks():
        ours, ours_ops = _run_on_clone(cse, module)
        theirs, _ = _run_on_clone(xdsl_cse, module)
        assert ours == theirs, where
        if ours == UNPRINTABLE:
            continue
        compared += 1
        changed += 0 <= ours_ops < sum(1 for _ in module.walk())  # CSE only erases
    assert compared > 150 and changed > 10, (compared, changed)


def test_cse_agrees_with_xdsl_on_the_examples_kernels():
    sys.path.insert(0, str(ROOT / "examples"))
    try:
        import vector_add
    finally:
        sys.path.remove(str(ROOT / "examples"))
    x = np.zeros(8 * 2048, np.float32)
    text = vector_add.vadd_kernel.compile(x, x, x, 2048, 512, block_dim=8).asm["ir"]
    ours, theirs = _both(text)
    assert ours == theirs
    assert ours != str(parse_module(text))  # it had something to eliminate


CASES = {
    "pure twins": """
      %a = arith.addi %n, %n : i32
      %b = arith.addi %n, %n : i32
      %c = arith.muli %a, %b : i32
      "test.use"(%c) : (i32) -> ()""",
    "read twins, no write between": """
      %a = ascendc.local_tensor.get_value %t, %n : !ascendc.local_tensor<*xf32>, i32, f32
      %b = ascendc.local_tensor.get_value %t, %n : !ascendc.local_tensor<*xf32>, i32, f32
      "test.use"(%a, %b) : (f32, f32) -> ()""",
    "read twins, a write between": """
      %a = ascendc.local_tensor.get_value %t, %n : !ascendc.local_tensor<*xf32>, i32, f32
      ascendc.local_tensor.set_value %t, %n, %a : !ascendc.local_tensor<*xf32>, i32, f32
      %b = ascendc.local_tensor.get_value %t, %n : !ascendc.local_tensor<*xf32>, i32, f32
      "test.use"(%a, %b) : (f32, f32) -> ()""",
    "nested scope sees the outer op, not the other way": """
      %a = arith.addi %n, %n : i32
      scf.if %flag {
        %c = arith.addi %n, %n : i32
        %d = arith.subi %n, %n : i32
        "test.use"(%c, %d) : (i32, i32) -> ()
      }
      %e = arith.subi %n, %n : i32
      "test.use"(%a, %e) : (i32, i32) -> ()""",
    "a branch rebinds a read its scope forgets": """
      %a = ascendc.local_tensor.get_value %t, %n : !ascendc.local_tensor<*xf32>, i32, f32
      scf.if %flag {
        ascendc.local_tensor.set_value %t, %n, %a : !ascendc.local_tensor<*xf32>, i32, f32
        %b = ascendc.local_tensor.get_value %t, %n : !ascendc.local_tensor<*xf32>, i32, f32
        %c = ascendc.local_tensor.get_value %t, %n : !ascendc.local_tensor<*xf32>, i32, f32
        "test.use"(%b, %c) : (f32, f32) -> ()
      } else {
        %d = ascendc.local_tensor.get_value %t, %n : !ascendc.local_tensor<*xf32>, i32, f32
        "test.use"(%d) : (f32) -> ()
      }
      %e = ascendc.local_tensor.get_value %t, %n : !ascendc.local_tensor<*xf32>, i32, f32
      "test.use"(%a, %e) : (f32, f32) -> ()""",
    "dead ops": """
      %a = arith.addi %n, %n : i32
      %b = arith.muli %a, %a : i32""",
    "unregistered ops": """
      %a = "test.unknown"(%n) : (i32) -> i32
      %b = "test.unknown"(%n) : (i32) -> i32
      "test.use"(%a, %b) : (i32, i32) -> ()""",
    "isolated region": """
      %a = arith.addi %n, %n : i32
      "test.isolated"() ({
        %c = arith.addi %n, %n : i32
        "test.use"(%c) : (i32) -> ()
      }) : () -> ()
      "test.use"(%a) : (i32) -> ()""",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_cse_agrees_with_xdsl_where_the_rules_differ(case):
    text = (
        "func.func @f(%t: !ascendc.local_tensor<*xf32>, %n: i32, %flag: i1) {"
        + CASES[case]
        + "\n  func.return\n}"
    )
    ours, theirs = _both(text, unregistered=True)
    assert ours == theirs
    assert "Error" not in ours


def test_cse_agrees_with_xdsl_on_a_kernel_with_branches(tmp_path):
    """bench/compile_scaling.py's generated kernel: statements under runtime branches in
    a loop (scopes nested two deep, many of them)."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from compile_scaling import kernel_source
    finally:
        sys.path.remove(str(ROOT / "bench"))
    (tmp_path / "cse_branches.py").write_text(kernel_source(30, "asc_xdsl"))
    sys.path.insert(0, str(tmp_path))
    try:
        import cse_branches
    finally:
        sys.path.remove(str(tmp_path))
    x = np.zeros(4096, np.float32)
    text = cse_branches.gen_kernel.compile(x, x, 4096, 256).asm["ir"]
    ours, theirs = _both(text)
    assert ours == theirs
    assert "scf.if" in ours
