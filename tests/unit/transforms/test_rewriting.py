"""The passes written as `RewritePattern`s (transforms/rewriting.py) give the same IR, or
the same error, whether xDSL's walker is seeded with the ops the patterns name (what the
passes do) or with every op (xDSL's own seeding, `xdsl_walker()`): on the lit inputs
(`covering_lit_chunks`; every one under the `long` fuzz profile; the seeded runs are
`pass_outcomes`', shared with test_universe), and for each pass on at least one input
it changes. And a pattern's located error
reaches the user as the pass's message, not as the walker's dump of the module."""

from __future__ import annotations

import pytest
from lit_inputs import covering_lit_chunks
from pass_outcomes import PATTERN_PASSES, apply, outcomes
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.utils.exceptions import PassFailedException

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.transforms import diagnostics
from asc_xdsl.transforms.diagnostics import PassDiagnostics, fail
from asc_xdsl.transforms.rewriting import rewrite, xdsl_walker


def _outcome(pass_name: str, module: ModuleOp) -> ModuleOp | str:
    """The IR after the pass, or the error it raised."""
    return _shown(apply(pass_name, module))


def _shown(outcome: ModuleOp | Exception) -> ModuleOp | str:
    return f"{type(outcome).__name__}: {outcome}" if isinstance(outcome, Exception) else outcome


def _same(a: ModuleOp | str, b: ModuleOp | str) -> bool:
    """The same error, or IR alike op for op (xDSL's structural comparison: cheaper than
    printing both, for 9 passes x every lit input twice)."""
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    # (xDSL's comparison maps values in order of definition: it tells apart two copies
    # of an input that uses a value before defining it, so those are compared printed)
    return a.is_structurally_equivalent(b) or _text(a) == _text(b)


def _text(module: ModuleOp) -> str:
    """The module printed, or why it does not print (some inputs hold ops that only
    their error tests' passes refuse)."""
    try:
        return str(module)
    except Exception as e:
        return f"unprintable: {type(e).__name__}: {e}"


@pytest.mark.parametrize("pass_name", PATTERN_PASSES)
def test_seeded_walker_agrees_with_xdsl_walker_on_every_lit_input(pass_name: str):
    changed = 0
    seeded_outcomes = outcomes(pass_name)  # (shared with test_universe's sweep)
    for where, module in covering_lit_chunks():  # (parsed on first use, once per process)
        seeded = _shown(seeded_outcomes[where])
        with xdsl_walker():
            plain = _outcome(pass_name, module)
        assert _same(seeded, plain), where
        changed += not _same(seeded, module)
    assert changed, f"no lit input is changed by {pass_name}: the comparison shows nothing"


class _Failing(RewritePattern):
    MATCHES = frozenset({"func.return"})

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if op.name == "func.return":
            raise fail("test-pass", op, "no returns here")


@pytest.mark.parametrize("seeded", [True, False])
def test_a_pattern_error_is_the_pass_error(seeded: bool):
    module = parse_module("func.func @f() {\n  func.return\n}\n")
    with pytest.raises(PassFailedException) as caught:
        if seeded:
            rewrite(module, _Failing())
        else:
            with xdsl_walker():
                rewrite(module, _Failing())
    message = str(caught.value)
    assert "test-pass: no returns here" in message
    assert "Error while applying pattern" not in message
    assert isinstance(module.body.block.first_op, func.FuncOp)


def test_a_report_prints_each_op_once(monkeypatch):
    """A pass's warnings that point at the same ops (verify-sync's notes name a tensor's
    declaration in every finding) print each op once per report, and read as when each
    diagnostic prints its own ops."""
    module = parse_module(
        "func.func @f(%x: i32) {\n  %a = arith.addi %x, %x : i32\n"
        "  %b = arith.muli %a, %a : i32\n  func.return\n}\n"
    )
    a, b = list(module.walk())[2:4]
    diags = PassDiagnostics("ascendc-verify-sync")
    for _ in range(3):
        diags.warning(b, "b reads a", notes=[(a, "a is made here")])
    alone = [d.format() for d in diags.items]
    printed = []
    monkeypatch.setattr(
        diagnostics,
        "_one_line",
        lambda op, one=diagnostics._one_line: printed.append(op) or one(op),
    )
    shown = []
    with diagnostics.warning_handler(shown.append):
        diags.finish()
    assert shown == alone and "at: %b = arith.muli %a, %a : i32" in shown[0]
    assert printed == [b, a]
