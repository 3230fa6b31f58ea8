"""Our `loop-invariant-code-motion` (transforms/licm.py) against xDSL's `licm`
(`xdsl.transforms.loop_invariant_code_motion`), on every lit input.

On `scf.for` loops the two give the same IR: ours is xDSL's step with its tests in a
cheaper order, and skips a loop with no op that could move (bench/xdsl_forks.py: ~80x
faster on a 1500-op loop with nothing to move). The intended difference: ours also
treats `scf.while` (both regions) and `scf.parallel`, as MLIR's pass does, and xDSL's
only `scf.for`."""

from __future__ import annotations

from lit_inputs import covering_lit_chunks
from xdsl.context import Context
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.transforms.loop_invariant_code_motion import LoopInvariantCodeMotionPass

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.transforms.ir_walk import ops_in
from asc_xdsl.transforms.licm import licm

_OTHER_LOOPS = frozenset({"scf.while", "scf.parallel"})


def _xdsl(module: ModuleOp) -> str:
    m = module.clone()
    LoopInvariantCodeMotionPass().apply(Context(), m)
    return str(m)


def _ours(module: ModuleOp, loops=None) -> str:
    m = module.clone()
    if loops is None:
        licm(m)
    else:
        licm(m, loops)
    return str(m)


def test_licm_agrees_with_xdsl_on_every_lit_input():
    moved = compared = 0
    # (under the ci profile: the covering chunks and every chunk with a loop)
    for where, module in covering_lit_chunks(("scf.for", "scf.while")):
        try:
            before = str(module)
        except Exception:  # (an input only its error test's pass refuses)
            continue
        theirs = _xdsl(module)
        assert _ours(module, (scf.ForOp,)) == theirs, where
        if _OTHER_LOOPS.isdisjoint(o.name for o in ops_in(module)):
            assert _ours(module) == theirs, where
        compared += 1
        moved += theirs != before
    assert compared > 100 and moved >= 3, (compared, moved)


WHILE = """
func.func @f(%n: i32, %a: i32, %b: i32) -> i32 {
  %r = scf.while (%i = %n) : (i32) -> i32 {
    %s = arith.addi %a, %b : i32
    %c = arith.cmpi slt, %i, %s : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %t = arith.muli %a, %b : i32
    %k = arith.addi %j, %t : i32
    scf.yield %k : i32
  }
  func.return %r : i32
}
"""


def test_ours_also_moves_invariant_code_out_of_while_loops():
    module = parse_module(WHILE)
    assert _xdsl(module) == str(module)  # xDSL's pass visits scf.for only
    m = module.clone()
    licm(m)
    before_loop = [o.name for o in m.body.block.first_op.body.block.ops]
    assert before_loop[:2] == ["arith.addi", "arith.muli"], before_loop
