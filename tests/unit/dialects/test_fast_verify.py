"""The fast IRDL verifier (`asc_xdsl.dialects.fast_verify`) agrees with xDSL's own: on
every op of every lit test input, and on broken ops of each kind it checks (same
acceptance, same message)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import pytest
from lit_inputs import parsed_lit_chunks
from xdsl.dialects.builtin import i32
from xdsl.ir import Operation
from xdsl.irdl import IRDLOperation, OpDef
from xdsl.irdl.constraints import VerificationContext
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects import fast_verify
from asc_xdsl.dialects.dominance import check_module
from asc_xdsl.frontend.ir_context import parse_module

ROOT = Path(__file__).resolve().parents[3]


def _outcome(verify, op) -> str | None:
    try:
        verify(op)
    except VerifyException as e:
        return str(e)
    return None


def _xdsl_verify(module) -> None:
    """xDSL's `module.verify()` and the module checks `verify_module` adds to it
    (dialects/dominance.py: uses dominated by their definitions, region results)."""
    module.verify()
    check_module(module)


@functools.cache
def _def_and_plan(op_type: type) -> tuple[OpDef, Callable[[Operation], None] | None]:
    """An op class's IRDL definition and its fast plan (`_plan` is a function of the
    definition alone: built once per class, not once per op)."""
    op_def = op_type.get_irdl_definition()
    return op_def, fast_verify._plan(op_def)


def _compare(op) -> tuple[str | None, str | None] | None:
    """(xDSL's outcome, the fast plan's) for `op`, or None when it has no plan."""
    op_def, plan = _def_and_plan(type(op))
    if plan is None:
        return None
    return _outcome(lambda o: OpDef.verify(op_def, o), op), _outcome(plan, op)


def test_fast_verifier_agrees_with_irdl_on_every_lit_input():
    accepted = rejected = 0
    for where, module in parsed_lit_chunks():
        for op in module.walk():
            if not isinstance(op, IRDLOperation) or (pair := _compare(op)) is None:
                continue
            slow, fast = pair
            assert fast == slow, f"{where}: {op.name}"
            accepted += slow is None
            rejected += slow is not None
    assert accepted > 1000 and rejected > 0, (accepted, rejected)


T = "!ascendc.local_tensor<*xf32>"
BROKEN = {  # ops inside `func.func @f(%t: T, %n: i32, %b: i1)`
    "result type": '%0 = "ascendc.get_block_idx"() : () -> f32',
    "too few operands": f'"ascendc.add_l2"(%t, %t) : ({T}, {T}) -> ()',
    "operand type": f'"ascendc.add_l2"(%t, %t, %n, %n) : ({T}, {T}, i32, i32) -> ()',
    "unknown property": (
        f'"ascendc.add_l2"(%t, %t, %t, %n) <{{foo = 1 : i32}}> : ({T}, {T}, {T}, i32) -> ()'
    ),
    "segment sizes": (
        f'"ascendc.acos"(%t, %t, %b) <{{operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>}}> '
        f": ({T}, {T}, i1) -> ()"
    ),
    "optional operand count": (
        f'"ascendc.acos"(%t, %t, %b) <{{operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>}}> '
        f": ({T}, {T}, i1) -> ()"
    ),
}


def _module(body: str):
    return parse_module(f"func.func @f(%t: {T}, %n: i32, %b: i1) {{\n{body}\nfunc.return\n}}")


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_op_gets_xdsls_message(case):
    module = _module(BROKEN[case])
    ops = [op for op in module.walk() if op.name.startswith("ascendc.")]
    pair = _compare(ops[-1])
    assert pair is not None, "the op should have a fast plan"
    slow, fast = pair
    assert slow is not None, "xDSL should reject this op"
    assert fast == slow


def test_verify_module_reports_what_module_verify_does():
    module = _module(BROKEN["result type"])
    with pytest.raises(VerifyException) as fast:
        fast_verify.verify_module(module)
    assert str(fast.value) == "'ascendc.get_block_idx': result value must be an integer, got f32"


def _isolated_outcomes(op) -> tuple[str | None, str | None]:
    from xdsl.traits import IsolatedFromAbove

    trait = IsolatedFromAbove()
    return (
        _outcome(trait.verify, op),
        _outcome(fast_verify._IsolatedFromAbove(trait).verify, op),
    )


def test_isolated_from_above_check_agrees_with_xdsls():
    from xdsl.dialects import arith, func, scf
    from xdsl.dialects.builtin import i1
    from xdsl.ir import Block, Region

    def kernel(*ops):
        return func.FuncOp("f", ([i1], []), Region(Block([*ops, func.ReturnOp()], arg_types=[i1])))

    outer = arith.ConstantOp.from_int_and_width(1, 32)
    inner = arith.ConstantOp.from_int_and_width(2, 32)
    good = kernel(inner, arith.AddiOp(inner, inner))
    assert _isolated_outcomes(good) == (None, None)
    bad = kernel(arith.AddiOp(outer, outer))
    slow, fast = _isolated_outcomes(bad)
    assert slow is not None and fast == slow
    # deeper: an scf.if inside uses the function's argument (fine) and an outside value
    f = kernel(c := arith.ConstantOp.from_int_and_width(3, 32))
    branch = scf.IfOp(f.body.block.args[0], [], [arith.AddiOp(c, c), scf.YieldOp()])
    f.body.block.insert_op_before(branch, f.body.block.last_op)
    assert _isolated_outcomes(f) == (None, None)
    branch.true_region.block.insert_op_before(
        arith.AddiOp(outer, outer), branch.true_region.block.last_op
    )
    slow, fast = _isolated_outcomes(f)
    assert slow is not None and fast == slow


STRUCTURE = {  # IR xDSL's structural checks reject (terminators, blocks)
    "no terminator": "func.func @f() {\n  %0 = arith.constant 1 : i32\n}",
    "empty block": 'func.func @f(%c: i1) {\n  "scf.if"(%c) ({\n  ^bb0:\n  }, {\n  }) : (i1) -> ()\n'
    "  func.return\n}",
    "op verifier": "func.func @f() {\n  %0 = arith.constant 1 : i32\n  %1 = arith.constant "
    '1 : i64\n  %2 = "arith.addi"(%0, %1) : (i32, i64) -> i32\n  func.return\n}',
}


@pytest.mark.parametrize("case", sorted(STRUCTURE))
def test_structural_faults_get_xdsls_error(case):
    from xdsl.dialects.builtin import ModuleOp

    module = parse_module(STRUCTURE[case])
    expected = _outcome(lambda m: ModuleOp.verify(m), module)
    assert expected is not None
    assert _outcome(fast_verify.verify_module, module) == expected


def test_verify_module_agrees_with_module_verify_on_every_lit_input():
    """Unverified lit inputs (error tests included): `verify_module` accepts exactly
    what xDSL's `module.verify()` plus the module checks accept, and reports its error."""
    accepted = rejected = 0
    for where, module in parsed_lit_chunks():
        theirs = _outcome(_xdsl_verify, module)
        ours = _outcome(fast_verify.verify_module, module)
        assert ours == theirs, where
        accepted += theirs is None
        rejected += theirs is not None
    assert accepted > 250 and rejected > 250, (accepted, rejected)


def test_a_verdict_is_reused_only_for_the_same_types_and_attributes():
    """verify_module asks IRDL's checks once per distinct (class, operand and result
    types, properties, attributes) by identity: an op that differs from an accepted one
    in any of them is checked again."""
    good = f'"ascendc.add_l2"(%t, %t, %t, %n) : ({T}, {T}, {T}, i32) -> ()'
    for bad in (BROKEN["unknown property"], BROKEN["operand type"]):
        module = _module("\n".join([good, good, bad, good]))
        with pytest.raises(VerifyException):
            fast_verify.verify_module(module)
    fast_verify.verify_module(_module("\n".join([good] * 5)))
    assert fast_verify._VERDICTS == [None]  # no table outside verify_module


def test_verdicts_are_kept_across_modules_for_the_same_objects_only():
    """A later module's op is not checked again when it reads the very objects of an op
    accepted before; a broken op is still rejected, and the table is emptied past its
    limit."""
    good = f'"ascendc.add_l2"(%t, %t, %t, %n) : ({T}, {T}, {T}, i32) -> ()'
    first = _module(good)
    fast_verify.verify_module(first)
    (add,) = [op for op in first.walk() if op.name == "ascendc.add_l2"]
    op_def, t = type(add).get_irdl_definition(), add.operands[0].type
    assert any(kept[0] is op_def and kept[1] is t for kept in fast_verify._ACCEPTED.values())
    for bad in (BROKEN["unknown property"], BROKEN["operand type"]):
        with pytest.raises(VerifyException):
            fast_verify.verify_module(_module(bad))
    limit = fast_verify._VERDICT_LIMIT
    try:
        fast_verify._VERDICT_LIMIT = 0
        fast_verify.verify_module(_module(good))
        assert len(fast_verify._ACCEPTED) <= 3  # emptied, then this module's verdicts
    finally:
        fast_verify._VERDICT_LIMIT = limit


def test_new_context_is_a_fresh_verification_context():
    # `new_context` skips the dataclass __init__: it must still set every field it has,
    # each to a new empty container, so no binding leaks from one op's check to another's.
    made, reference = fast_verify.new_context(), VerificationContext()
    assert type(made) is VerificationContext
    assert vars(made) == vars(reference)
    other = fast_verify.new_context()
    assert all(vars(made)[k] is not vars(other)[k] for k in vars(made))
    made.set_attr_variable("T", i32)
    assert other.get_variable("T") is None


ISOLATION = {  # (IR, whether xDSL accepts it); None: built in the test
    "one function": (
        "func.func @f(%a: i32) {\n  %0 = arith.addi %a, %a : i32\n  func.return\n}",
        True,
    ),
    "nested regions": (
        "func.func @f(%a: i32, %c: i1) {\n  scf.if %c {\n    %0 = arith.addi %a, %a : i32\n"
        "    scf.if %c {\n      %1 = arith.addi %0, %a : i32\n    }\n  }\n  func.return\n}",
        True,
    ),
    "a function uses another's argument": (None, False),
    "an inner module uses the function's argument": (
        'func.func @f(%a: i32) {\n  "builtin.module"() ({\n    %0 = arith.addi %a, %a : i32\n'
        "  }) : () -> ()\n  func.return\n}",
        False,
    ),
    "an inner function uses an outer function's value": (
        'func.func @f(%a: i32) {\n  %0 = arith.addi %a, %a : i32\n  "builtin.module"() ({\n'
        "    func.func @g() {\n      %1 = arith.addi %0, %0 : i32\n      func.return\n    }\n"
        "  }) : () -> ()\n  func.return\n}",
        False,
    ),
}


def _two_functions():
    from xdsl.dialects import arith, func
    from xdsl.dialects.builtin import ModuleOp, i32
    from xdsl.ir import Block, Region

    a = Block(arg_types=[i32])
    a.add_op(func.ReturnOp())
    g = Block()
    g.add_ops([arith.AddiOp(a.args[0], a.args[0]), func.ReturnOp()])
    return ModuleOp(
        [func.FuncOp("f", ([i32], []), Region(a)), func.FuncOp("g", ([], []), Region(g))]
    )


@pytest.mark.parametrize("case", sorted(ISOLATION))
def test_isolation_is_checked_for_all_isolated_ops_at_once(case):
    # verify_module checks isolation for all isolated ops in its one walk (the traits'
    # own checks are skipped meanwhile); where it finds a fault, xDSL's verify runs, so
    # it accepts and rejects what xDSL's verify does.
    text, accepted = ISOLATION[case]
    module = parse_module(text) if text is not None else _two_functions()
    outcomes = []
    for verify in (lambda m: m.verify(), fast_verify.verify_module):
        try:
            verify(module)
            outcomes.append(None)
        except VerifyException as e:
            outcomes.append(str(e))
    assert outcomes[0] == outcomes[1]
    assert (outcomes[0] is None) == accepted
    assert fast_verify._ISOLATION_CHECKED == [False]
    fast_verify._VERDICTS[0] = fast_verify._ACCEPTED
    fast_verify._ISOLATION_CHECKED[0] = True
    try:  # (the walk's own verdict, before any fallback)
        assert fast_verify._verifies(module) == accepted
    finally:
        fast_verify._VERDICTS[0] = None
        fast_verify._ISOLATION_CHECKED[0] = False


def test_spec_operand_checks_reuse_a_verdict_but_still_ask_for_constants():
    """A spec op with an assembly format has its operand types checked by
    `verify_operands`, once per set of types and attributes in `verify_module`; whether
    an operand is a constant (a C++ template argument) is asked of every op, and an
    operand of another type is still refused after the same op was accepted."""
    from xdsl.parser import Parser

    from asc_xdsl.frontend.ir_context import make_context

    hccl = "ascendc.get_hccl_context {} : {}, memref<?xui8, 22>"
    ok = hccl.format("%c", "i32")

    def outcome(*lines: str) -> str | None:
        text = "\n".join(("func.func @f(%n: i32, %x: f32) {", "%c = arith.constant 0 : i32"))
        text += "\n" + "\n".join(f"%r{i} = {line}" for i, line in enumerate(lines))
        module = Parser(make_context(), text + "\nfunc.return\n}").parse_module()
        ours = _outcome(fast_verify.verify_module, module)
        assert ours == _outcome(lambda m: m.verify(), module)
        return ours

    assert outcome(ok, ok) is None
    kept = [
        k
        for k in fast_verify._ACCEPTED.values()
        if getattr(k[0], "name", "") == "ascendc.get_hccl_context"
    ]
    assert kept, "the operand checks' verdict is kept"
    not_constant = outcome(ok, ok, hccl.format("%n", "i32"))
    assert not_constant is not None and "must be a constant" in not_constant
    wrong_type = outcome(ok, hccl.format("%x", "f32"))
    assert wrong_type is not None and "an integer" in wrong_type


def _copy_module(use_argument: bool):
    """`ascendc.copy_l1` (whose verifier reads only the op's signature) twice with a
    constant `is_set_mask`, then with the constant or the function's argument in its
    place: all three ops of the very same type objects."""
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import IntegerAttr

    from asc_xdsl.dialects.ascendc import all_ops

    (copy,) = [c for c in all_ops() if c.name == "ascendc.copy_l1"]
    module = parse_module(
        "func.func @f(%t: !ascendc.local_tensor<*xf32>, %n: i32, "
        "%p: !ascendc.copy_repeat_params) {\nfunc.return\n}"
    )
    (f,) = module.body.block.ops
    t, n, params = f.body.block.args
    const = arith.ConstantOp(IntegerAttr(1, n.type))  # (the argument's type object)
    ret = f.body.block.last_op
    f.body.block.insert_op_before(const, ret)
    last = n if use_argument else const.result
    for mask in (const.result, const.result, last):
        f.body.block.insert_op_before(copy(t, t, n, n, params, mask), ret)
    return module


def test_a_kept_verdict_still_asks_each_op_for_its_constants():
    from asc_xdsl.dialects.ascendc.spec import _kept_verdict

    module = _copy_module(use_argument=False)
    ops = [op for op in module.walk() if op.name == "ascendc.copy_l1"]
    assert _kept_verdict(type(ops[0]), None) is not None  # (the path under test)
    fast_verify.verify_module(module)
    with pytest.raises(VerifyException, match="must be a constant"):
        fast_verify.verify_module(_copy_module(use_argument=True))


def test_a_kept_verdict_asks_for_constants_after_an_optional_operand():
    """`ascendc.matmul.iterate`'s constant `sync` follows an optional operand: once the
    op's verdict is kept, an op of the very same objects but a non-constant `sync` is
    still refused."""
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import IntegerAttr

    from asc_xdsl.dialects.ascendc.spec import _kept_verdict

    mm = (
        "!ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, "
        "gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, "
        "iterate_mode = 2 : i32>>"
    )
    module = parse_module(
        f"func.func @f(%b: i1) {{\n%mm = ascendc.construct {mm}()\n"
        f"%more = ascendc.matmul.iterate %mm, %b, %b : {mm}, i1, i1, i1\nfunc.return\n}}"
    )
    (f,) = module.body.block.ops
    (b,) = f.body.block.args
    iterate = f.body.block.first_op.next_op
    assert _kept_verdict(type(iterate), None) is not None  # (the path under test)
    const = arith.ConstantOp(IntegerAttr(1, b.type))  # (the argument's type object)
    f.body.block.insert_op_before(const, iterate)
    iterate.operands[2] = const.result
    fast_verify.verify_module(module)
    iterate.operands[2] = b
    expected = _outcome(lambda m: m.verify(), module)
    assert expected is not None and "must be a constant" in expected
    assert _outcome(fast_verify.verify_module, module) == expected


def test_a_verdict_is_kept_per_soc_family():
    """An op accepted in a target-neutral module is checked again once the module names
    a SoC whose dtype table refuses it (the same op, the same type objects)."""
    text = (
        "func.func @f(%w: !ascendc.local_tensor<*xi32>) {\n%false = arith.constant false\n"
        "ascendc.sin %w, %w, %false {operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>} : "
        "!ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i1\nfunc.return\n}"
    )
    from xdsl.dialects.builtin import StringAttr

    module = parse_module(text)
    fast_verify.verify_module(module)
    module.attributes["ascendc.soc"] = StringAttr("Ascend910B1")
    with pytest.raises(VerifyException, match="Sin does not support element type i32"):
        fast_verify.verify_module(module)


def test_verdicts_of_whole_verifiers_only_for_declared_classes():
    """A spec op class's whole `verify_` verdict is kept only when every `verify_` between
    it and `SpecOp` is declared to read just the op's signature; arith's ops' are kept
    (their checks read types), other xDSL ops' are not."""
    from xdsl.dialects import arith, scf

    from asc_xdsl.dialects.ascendc import all_ops
    from asc_xdsl.dialects.ascendc.spec import SpecOp, _kept_verdict, _verifies_more

    class Reads(SpecOp):
        VERIFY_READS_SIGNATURE = True

        def verify_(self) -> None:
            super().verify_()

    class ReadsMore(Reads):
        def verify_(self) -> None:
            super().verify_()

    assert not _verifies_more(Reads) and _verifies_more(ReadsMore)
    kept = [c for c in all_ops() if _kept_verdict(c, None)]
    assert len(kept) > 300
    assert _kept_verdict(Reads, None) is None  # (not made by `define_op`)
    context = (None,) * len(fast_verify._KEEPERS)
    assert fast_verify._whole_verdict(arith.MuliOp, context) is not None
    assert fast_verify._whole_verdict(scf.YieldOp, context) is None


def test_xdsl_ops_are_checked_by_plan_without_writing_to_xdsl():
    """xDSL's op classes are verified by plans from our table inside `verify_module`
    (their IRDL checks, then their own `verify_`), and their `OpDef`s are not written to;
    ours get the plan as their `OpDef.verify`."""
    from xdsl.dialects import arith, func, scf

    module = _module(
        "%c = arith.constant 1 : index\n"
        "%s = arith.addi %c, %c : index\n"
        "scf.for %i = %c to %s step %c {\n  scf.yield\n}\n"
        '"ascendc.add_l2"(%t, %t, %t, %n) : ' + f"({T}, {T}, {T}, i32) -> ()"
    )
    fast_verify._VERDICTS[0] = fast_verify._ACCEPTED
    fast_verify._ISOLATION_CHECKED[0] = True
    try:
        assert fast_verify._verifies(module)  # (no fall-back to xDSL's verifier)
    finally:
        fast_verify._VERDICTS[0] = None
        fast_verify._ISOLATION_CHECKED[0] = False
    for cls in (arith.AddiOp, arith.ConstantOp, scf.ForOp, scf.YieldOp, func.FuncOp):
        assert "verify" not in vars(cls.get_irdl_definition()), cls
        assert fast_verify.verifier(cls) is not cls.verify_, cls  # a plan runs IRDL's checks
    (add,) = [op for op in module.walk() if op.name == "ascendc.add_l2"]
    assert "verify" in vars(type(add).get_irdl_definition())  # ours


def test_an_upstream_ops_own_check_still_runs_with_its_message():
    """func.return's own `verify_` (after IRDL's checks) runs in the plan's verifier:
    the same error as xDSL's."""
    module = parse_module(
        "func.func @g() -> i32 {\n  %c = arith.constant 1 : index\n  func.return %c : index\n}"
    )
    with pytest.raises(VerifyException) as ours:
        fast_verify.verify_module(module)
    with pytest.raises(VerifyException) as theirs:
        module.verify()
    assert str(ours.value) == str(theirs.value)
    (ret,) = [op for op in module.walk() if op.name == "func.return"]
    with pytest.raises(VerifyException) as planned:
        fast_verify.verifier(type(ret))(ret)
    with pytest.raises(VerifyException) as irdl:
        ret.verify_()
    assert str(planned.value) == str(irdl.value) and "func" in str(irdl.value)
