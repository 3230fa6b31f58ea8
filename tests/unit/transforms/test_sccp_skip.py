"""`sccp` skips its rewrite when the solver found nothing for it (`_Solver.may_rewrite`):
on every lit input the rewrite changes nothing where the solver says so, and the
solver says so on a loop whose carried constant the body overwrites (tutorial 01's
`buf_id`), while it still folds a loop-carried value that stays constant."""

from __future__ import annotations

from lit_inputs import covering_lit_chunks

from asc_xdsl.dialects.fast_verify import verify_module
from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.transforms.sccp import _Rewrite, _Solver, sccp


def test_no_rewrite_changes_anything_where_the_solver_found_nothing():
    skipped = compared = 0
    # (parsed once per process; cloned here. Under the ci profile: the covering chunks
    # and every chunk with a loop or a branch, lit_inputs)
    for where, parsed in covering_lit_chunks(("scf.for", "scf.while", "scf.if")):
        module = parsed.clone()
        try:
            verify_module(module)  # (ours: dominance too)
            before = str(module)
        except Exception:  # inputs of error tests (some do not even print)
            continue
        solver = _Solver(module)
        compared += 1
        if solver.may_rewrite():
            continue
        changed = _Rewrite(solver).run(module)
        assert not changed and str(module) == before, where
        skipped += 1
    assert skipped > compared // 3 and compared > skipped, (skipped, compared)


LOOP = """
func.func @k(%n: i32, %g: !ascendc.global_tensor<*xi32>) attributes {{ascendc.global}} {{
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%b = %c0) -> (i32) : i32 {{
    ascendc.global_tensor.set_value %g, %i, %b : !ascendc.global_tensor<*xi32>, i32, i32
    %next = {next}
    scf.yield %next : i32
  }}
  ascendc.global_tensor.set_value %g, %c0, %r : !ascendc.global_tensor<*xi32>, i32, i32
  func.return
}}
"""


def test_a_carried_constant_the_body_overwrites_needs_no_rewrite():
    module = parse_module(LOOP.format(next="arith.remsi %i, %c2 : i32"))
    before = str(module)
    assert not _Solver(module).may_rewrite()
    assert not sccp(module)
    assert str(module) == before


def test_a_carried_value_that_stays_constant_is_still_folded():
    module = parse_module(LOOP.format(next="arith.muli %b, %c2 : i32"))  # 0 * 2 = 0
    assert _Solver(module).may_rewrite()
    assert sccp(module)
    text = str(module)
    assert "iter_args" in text and "arith.muli" not in text
