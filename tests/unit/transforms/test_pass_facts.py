"""Facts handed from one pass to the next (`transforms/pass_facts.py`): the JIT
pipeline run with the table (`run_pipeline`) gives what its passes give applied one by
one without it, on every lit input and on IR where a handed-on fact would matter (Matmul
set-ups in several functions, structs, headers from op names and value types)."""

from __future__ import annotations

from pathlib import Path

from lit_inputs import parsed_lit_chunks

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.transforms import pass_facts
from asc_xdsl.transforms.detect_kernel_type import MODULE_FACTS, sets_up_matmul
from asc_xdsl.transforms.pipeline import _context, _pipeline, pipeline_spec, run_pipeline

ROOT = Path(__file__).resolve().parents[3]


def _outcome(run, module) -> str:
    """The IR after `run` on a copy of `module`, or the error it raised."""
    copy = module.clone()
    try:
        run(copy)
        return str(copy)
    except Exception as e:  # (inputs of error tests)
        return f"{type(e).__name__}: {e}"


def _one_by_one(module) -> None:
    """The pipeline's passes applied alone: no table, each pass walks for itself."""
    for p in _pipeline(pipeline_spec({}, module)).passes:
        p.apply(_context(), module)


def test_the_pipeline_with_handed_on_facts_gives_what_its_passes_give_alone():
    # Each input is parsed once per process (lit_inputs) and cloned for each side.
    compared = 0
    for where, module in parsed_lit_chunks():
        assert _outcome(run_pipeline, module) == _outcome(_one_by_one, module), where
        compared += 1
    assert compared > 300


TWO_FUNCTIONS = """\
func.func private @setup(%p: !ascendc.pipe, %w: memref<?xui8, 22>) {
  return
}
func.func @k(%x: memref<?xf32, 22>) attributes {ascendc.global} {
  %v = ascendc.local_tensor : !ascendc.local_tensor<*xf32>
  %c0 = arith.constant 0 : i32
  ascendc.duplicate_l2 %v, %c0, %c0 : !ascendc.local_tensor<*xf32>, i32, i32
  return
}
"""


def test_a_fact_is_taken_only_for_its_module_and_only_within_a_table():
    module = parse_module(TWO_FUNCTIONS)
    other = parse_module(TWO_FUNCTIONS)
    pass_facts.offer(MODULE_FACTS, module, "anything")  # no table: nothing kept
    assert pass_facts.take(MODULE_FACTS, module) is None
    with pass_facts.table():
        pass_facts.offer(MODULE_FACTS, module, "fact")
        assert pass_facts.take(MODULE_FACTS, other) is None  # (taken: gone)
        pass_facts.offer(MODULE_FACTS, module, "fact")
        assert pass_facts.take(MODULE_FACTS, module) == "fact"
        assert pass_facts.take(MODULE_FACTS, module) is None
    kernel = next(op for op in module.body.block.ops if op.sym_name.data == "k")
    assert sets_up_matmul(kernel, module) is False


def test_the_table_is_kept_only_between_the_passes_that_hand_facts_on():
    spec = pipeline_spec({}).split(",")
    for first, second in pass_facts.KEPT:
        assert spec.index(second) == spec.index(first) + 1
