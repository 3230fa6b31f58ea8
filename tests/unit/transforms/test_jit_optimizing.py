"""pyasc's MLIR passes in the JIT pipeline: `inline` and `symbol-dce` (lowering),
`loop-invariant-code-motion` and `sccp` (optimizing) run where they can change the
module, change what they should in a kernel from Python (numerics unchanged on the
simulator), and the checks that skip them are sound on every module in the repository."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from lit_inputs import covering_lit_chunks
from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.rewriter import InsertPoint
from xdsl.transforms.loop_invariant_code_motion import _move_loop_invariant_code

import asc_xdsl as asc
from asc_xdsl.dialects.fast_verify import verify_module
from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.transforms.licm import (
    LOOPS,
    LoopInvariantCodeMotionPass,
    has_candidates,
)
from asc_xdsl.transforms.pipeline import pipeline_spec
from asc_xdsl.transforms.sccp import sccp
from asc_xdsl.transforms.sccp_scan import may_change

ROOT = Path(__file__).resolve().parents[3]


@asc.jit(inline=False)
def pick(v: int, mode: int):
    r = v + 1
    if mode == 0:
        r = v * 2
    return r


@asc.jit
def folded(out: asc.GlobalAddress, n: int, k: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 8)
    acc = 0
    for i in range(n):
        step = k * 3  # invariant: leaves the loop
        g.set_value(0, g.get_value(0) + step)  # reads what the loop writes: stays
        acc = acc * k  # stays 0
        g.set_value(1, pick(i, 0))  # a device function: every call has mode == 0
    g.set_value(2, acc)


def _lines(ir: str) -> list[str]:
    return [line.strip() for line in ir.splitlines()]


def test_a_kernel_through_inline_licm_and_sccp():
    out = np.zeros(8, np.int32)
    compiled = folded.compile(out, 5, 7, always_compile=True)
    lowered = compiled.asm["lowered_ir"]
    # The device function stays one (the inliner keeps `no_inline` calls) ...
    assert "%7 = func.call @pick(%i, %1) {no_inline} : (i32, i32) -> i32" in lowered
    # ... and sccp folds its body for the one mode its callers pass: the branch is gone.
    assert "arith.cmpi" not in lowered and "%r = arith.muli %v, %0 overflow<nsw> : i32" in lowered
    lines = _lines(lowered)
    loop = next(i for i, line in enumerate(lines) if line.startswith("%acc = scf.for"))
    assert lines[loop - 1] == "%step = arith.muli %k, %3 overflow<nsw> : i32"  # hoisted
    assert lines[loop + 1].startswith("%5 = ascendc.global_tensor.get_value %g")  # not hoisted
    assert "ascendc.global_tensor.set_value %g, %4, %1" in lowered  # acc is 0
    folded[1](out, 5, 7)
    expected = np.zeros(8, np.int32)
    expected[:3] = [5 * 7 * 3, (5 - 1) * 2, 0]
    np.testing.assert_array_equal(out, expected)
    unoptimized = np.zeros(8, np.int32)
    folded[1](unoptimized, 5, 7, run_passes=False)
    np.testing.assert_array_equal(unoptimized, expected)


def test_the_stages_a_module_needs():
    vadd = parse_module((ROOT / "examples" / "vector_add.mlir").read_text())
    spec = pipeline_spec({}, vadd).split(",")
    for name in ("inline", "symbol-dce", "loop-invariant-code-motion", "sccp", "canonicalize"):
        assert name not in spec, name  # nothing to inline, move or fold
    out = np.zeros(8, np.int32)
    ir = folded.compile(out, 5, 7, always_compile=True).asm["ir"]
    assert "loop-invariant-code-motion" in pipeline_spec({}, parse_module(ir))
    calls = parse_module(
        "func.func private @h(%v: i32) -> i32 {\n  func.return %v : i32\n}\n"
        "func.func @k(%n: i32) attributes {ascendc.global} {\n"
        "  %r = func.call @h(%n) : (i32) -> i32\n  func.return\n}"
    )
    assert pipeline_spec({}, calls).startswith(
        "ascendc-privatize-func,inline,symbol-dce,canonicalize,cse,loop-invariant-code-motion,sccp,"
    )


def _context() -> Context:
    from xdsl.universe import Universe

    from asc_xdsl.universe import ASC_XDSL_UNIVERSE

    ctx = Context(allow_unregistered=True)
    for universe in (Universe.get_multiverse(), ASC_XDSL_UNIVERSE):
        for name, dialect in universe.all_dialects.items():
            if name not in ctx.registered_dialect_names:
                ctx.register_dialect(name, dialect)
    return ctx


def _repository_modules() -> list[tuple[str, ModuleOp, str]]:
    """Every valid module of the repository's .mlir files (a split file's parts apart;
    the parts that test parse, verification or printing errors are skipped) and its
    text: the lit inputs as the other lit sweeps share them (`lit_inputs`; under the ci
    profile the covering chunks and every chunk with a loop or a branch), the examples
    parsed here. Shared: clone one before changing it."""
    ctx = _context()
    found = []
    for where, module in covering_lit_chunks(("scf.for", "scf.while", "scf.if")):
        try:
            verify_module(module)  # (ours: dominance too)
            text = _text(module)
        except Exception:  # (tests of malformed IR)
            continue
        found.append((where, module, text))
    for path in sorted(ROOT.glob("examples/*.mlir")):
        for i, part in enumerate(path.read_text().split("// -----")):
            try:
                module = Parser(ctx, part).parse_module()
                verify_module(module)
                text = _text(module)
            except Exception:
                continue
            found.append((f"{path.relative_to(ROOT)}#{i}", module, text))
    return found


def _text(module: ModuleOp) -> str:
    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue()


@pytest.fixture(scope="module")
def modules() -> list[tuple[str, ModuleOp, str]]:
    found = _repository_modules()
    assert len(found) > 100
    return found


def test_sccp_is_skipped_only_where_it_changes_nothing(modules):
    changed = 0
    for name, module, _ in modules:
        copy = module.clone()
        skippable = not may_change(module)  # (the clone's text is needed only then)
        before = _text(copy) if skippable else None
        did = sccp(copy)
        changed += did
        if skippable:
            assert not did and _text(copy) == before, name
        copy.verify()
    assert changed > 0


def test_licm_skips_only_loops_with_nothing_to_move(modules):
    for name, module, _ in modules:
        copy = module.clone()
        # (each loop before this one left the clone's text as it was, or the test failed
        # there: its text before each loop is its text before the first, printed once)
        before = None
        for loop in [o for o in copy.walk(region_first=True) if isinstance(o, LOOPS)]:
            if not has_candidates(loop):
                before = _text(copy) if before is None else before
                for region in loop.regions:
                    _move_loop_invariant_code(region, Builder(InsertPoint.before(loop)))
                assert _text(copy) == before, name


def test_licm_moves_what_xdsls_step_moves(modules):
    """The pass (xDSL's step with its tests reordered, `move_loop_invariant_code`, on
    the loops its own walk finds) gives xDSL's step's result on every module."""
    ctx = _context()
    moved = 0
    for name, module, text in modules:
        theirs, ours = module.clone(), module.clone()
        for loop in [o for o in theirs.walk(region_first=True) if isinstance(o, LOOPS)]:
            for region in loop.regions:
                _move_loop_invariant_code(region, Builder(InsertPoint.before(loop)))
        LoopInvariantCodeMotionPass().apply(ctx, ours)
        theirs_text = _text(theirs)
        assert _text(ours) == theirs_text, name
        moved += theirs_text != text
    assert moved > 3, moved
