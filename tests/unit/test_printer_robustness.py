"""The printer on IR that does not verify: a located EmissionError naming the op and the
problem, never a KeyError/AssertionError/AttributeError from inside the printer.

The `--disable-verify` command-line cases are in
tests/filecheck/backend/invalid_unverified.mlir; here: the Python API, a printer bug,
and random mutations of every backend FileCheck input.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from fuzz_budget import cases
from xdsl.dialects import arith, cf, func, scf
from xdsl.dialects.builtin import FileLineColLoc, IntAttr, IntegerAttr, ModuleOp, StringAttr, i32
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.backends.ascendc import EmissionError, to_ascendc
from asc_xdsl.backends.ascendc import printer as printer_module
from asc_xdsl.backends.ascendc.printer import check_printable, verification_problem
from asc_xdsl.frontend.ir_context import make_context
from asc_xdsl.opt import AscOptMain

BACKEND = Path(__file__).resolve().parents[1] / "filecheck" / "backend"


def _function(*ops: Operation, args=(i32, i32)) -> tuple[ModuleOp, Block]:
    block = Block(arg_types=list(args))
    block.add_ops([*ops, func.ReturnOp()])
    return ModuleOp([func.FuncOp("f", (list(args), []), Region(block))]), block


def test_unverified_op_from_python_is_a_codegen_error_naming_the_problem() -> None:
    module, block = _function()
    add = arith.AddiOp(block.args[0], block.args[1])
    block.insert_op_before(add, block.first_op)
    add.operands = [block.args[0]]  # one operand short
    with pytest.raises(EmissionError) as info:
        to_ascendc(module)
    assert info.value.op is add
    assert "cannot emit 'arith.addi' as Ascend C: the op does not verify" in str(info.value)
    assert "Expected 2 operands, but got 1" in str(info.value)


def test_check_printable_finds_the_first_op_that_does_not_verify() -> None:
    module, block = _function()
    const = arith.ConstantOp(IntegerAttr(1, i32))
    block.insert_op_before(const, block.first_op)
    del const.properties["value"]
    with pytest.raises(EmissionError, match="property 'value' expected") as info:
        check_printable(module)
    assert info.value.op is const


def test_a_printer_bug_is_an_internal_error_at_the_op(monkeypatch: pytest.MonkeyPatch) -> None:
    module = Parser(
        make_context(),
        "func.func @f(%a: i32) {\n  %b = arith.addi %a, %a : i32\n  return\n}\n",
        "bug.mlir",
    ).parse_module()
    (add,) = [op for op in module.walk() if isinstance(op, arith.AddiOp)]
    add.location = FileLineColLoc(StringAttr("bug.mlir"), IntAttr(2), IntAttr(3))

    def broken(self, op):
        raise KeyError("oops")

    monkeypatch.setitem(printer_module._HANDLERS, arith.AddiOp.name, broken)
    with pytest.raises(EmissionError) as info:
        to_ascendc(module)
    message = str(info.value)
    assert message.startswith("bug.mlir:2:3: error: cannot emit 'arith.addi' as Ascend C:")
    assert "internal error: KeyError: 'oops'" in message


def test_a_value_from_nowhere_is_named() -> None:
    module, block = _function()
    stray = arith.ConstantOp(IntegerAttr(7, i32))  # never inserted into the function
    add = arith.AddiOp(block.args[0], stray.result)
    block.insert_op_before(add, block.first_op)
    with pytest.raises(EmissionError) as info:
        to_ascendc(module)
    assert info.value.op is add
    assert "a i32 value (from arith.constant) is used where it is not defined" in str(info.value)


_PLACEMENT_CASES = """
func.func @f(%a: i32) {
  %r = "arith.addi"(%a) : (i32) -> i32
  "cf.br"()[^bb1] : () -> ()
  %s = "arith.addi"(%a, %a) : (i32, i32) -> i32
  "func.return"() : () -> ()
^bb1:
  %t = "arith.addi"(%a, %a) : (i32, i32) -> i32
}
func.func @g(%a: i32) {
  %c = arith.constant 1 : i32
  %x = arith.addi %a, %c : i32
  "scf.execute_region"() ({
    %y = arith.addi %a, %a : i32
  }) : () -> ()
}
"""


def test_verification_problem_says_what_xdsls_verify_says(opt_context) -> None:
    """`verification_problem` checks an op as `op.verify(verify_nested_ops=False)` does,
    without xDSL's diagnostic (which prints the whole module): the same verdict and words
    for an op's own rules, an erased operand, a branch not at its block's end, in no
    block, or into another region, and a last op that is no terminator."""
    module = Parser(opt_context, _PLACEMENT_CASES, "cases.mlir").parse_module()
    g = list(module.body.block.ops)[1]
    assert isinstance(g, func.FuncOp)
    (region_op,) = [op for op in g.walk() if isinstance(op, scf.ExecuteRegionOp)]
    region_op.region.block.add_op(cf.BranchOp(g.body.block))  # into another region
    stray = cf.BranchOp(g.body.block)  # in no block
    (const,) = [op for op in g.walk() if isinstance(op, arith.ConstantOp)]
    const.detach()
    const.erase(safe_erase=False)  # its use in @g is now an erased value

    def xdsl_says(op: Operation) -> str | None:
        try:
            op.verify(verify_nested_ops=False)
        except VerifyException as e:
            return str(e)
        except Exception as e:
            return f"{type(e).__name__}: {e}"
        return None

    verdicts = [
        (op.name, xdsl_says(op), verification_problem(op)) for op in [*module.walk(), stray]
    ]
    assert [(name, ours) for name, _, ours in verdicts] == [
        (name, theirs) for name, theirs, _ in verdicts
    ]
    problems = [ours for _, _, ours in verdicts if ours is not None]
    assert len(problems) == 8, problems  # every rule above, and @g using a value from outside


# -- random mutations of valid IR ----------------------------------------------------------

MUTATIONS_PER_FILE = cases(ci=16, long=200)
"""Per backend FileCheck input (tests/unit/fuzz_budget.py: more under the long profile)."""


def _printable_inputs() -> list[Path]:
    return [
        p
        for p in sorted(BACKEND.rglob("*.mlir"))
        if "-t ascendc" in p.read_text() and "invalid" not in p.name
    ]


def _values_before(op: Operation) -> list[SSAValue]:
    """Values an op could use: its function's arguments and earlier results."""
    f = op.parent_op()
    while f is not None and not isinstance(f, func.FuncOp):
        f = f.parent_op()
    if f is None or not f.body.blocks:
        return []
    values: list[SSAValue] = list(f.body.block.args)
    for other in f.walk():
        if other is op:
            break
        values.extend(other.results)
    return values


def _drop_operand(op: Operation, rng: random.Random) -> None:
    operands = list(op.operands)
    del operands[rng.randrange(len(operands))]
    op.operands = operands


def _add_operand(op: Operation, rng: random.Random) -> None:
    op.operands = [*op.operands, rng.choice(_values_before(op))]


def _swap_operand(op: Operation, rng: random.Random) -> None:
    operands = list(op.operands)
    operands[rng.randrange(len(operands))] = rng.choice(_values_before(op))
    op.operands = operands


def _drop_property(op: Operation, rng: random.Random) -> None:
    key = rng.choice(sorted(op.properties))
    del op.properties[key]


def _change_integer_property(op: Operation, rng: random.Random) -> None:
    key = rng.choice([k for k, v in op.properties.items() if isinstance(v, IntegerAttr)])
    old = op.properties[key]
    assert isinstance(old, IntegerAttr)
    op.properties[key] = IntegerAttr(rng.choice([-1, 0, 2, 7, 42, 99, 255]), old.type)


def _drop_attribute(op: Operation, rng: random.Random) -> None:
    key = rng.choice(sorted(op.attributes))
    del op.attributes[key]


def _detach(op: Operation, rng: random.Random) -> None:
    op.detach()  # its results' uses now refer to an op outside the module


_MUTATIONS: list[tuple[Callable[[Operation], bool], Callable[[Operation, random.Random], None]]] = [
    (lambda op: bool(op.operands), _drop_operand),
    (lambda op: bool(_values_before(op)), _add_operand),
    (lambda op: bool(op.operands) and bool(_values_before(op)), _swap_operand),
    (lambda op: bool(op.properties), _drop_property),
    (
        lambda op: any(isinstance(v, IntegerAttr) for v in op.properties.values()),
        _change_integer_property,
    ),
    (lambda op: bool(op.attributes), _drop_attribute),
    (lambda op: not isinstance(op, func.FuncOp | func.ReturnOp), _detach),
]


@pytest.fixture(scope="module")
def opt_context():
    """The context `asc-opt` parses with (it knows every op pyasc's IR uses)."""
    return AscOptMain(args=[]).ctx


@pytest.mark.parametrize("path", _printable_inputs(), ids=lambda p: str(p.relative_to(BACKEND)))
def test_mutated_ir_prints_or_fails_with_a_codegen_error(path: Path, opt_context) -> None:
    text = path.read_text()
    rng = random.Random(path.name)
    outcomes = {"printed": 0, "refused": 0}
    original = Parser(opt_context, text, path.name).parse_module()
    for _ in range(MUTATIONS_PER_FILE):
        module = original.clone()
        ops = [op for op in module.walk() if not isinstance(op, ModuleOp)]
        op = rng.choice(ops)
        choices = [mutate for applies, mutate in _MUTATIONS if applies(op)]
        if not choices:
            continue
        try:
            rng.choice(choices)(op, rng)
        except Exception:  # the mutation itself is not expressible (e.g. a value out of range)
            continue
        for emit in (to_ascendc, check_printable):
            try:
                emit(module)
                outcomes["printed"] += 1
            except EmissionError as e:
                assert re.search(r"cannot emit '[\w.]+' as Ascend C: ", str(e)), str(e)
                outcomes["refused"] += 1
    # Each file's mutations both break some ops and keep some printable.
    assert outcomes["refused"] > 0, outcomes
