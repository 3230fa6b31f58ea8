"""`fast_build.new_op`/`init_op` make the op `Operation.create` makes: the same fields,
use lists, results and IRDL defaults."""

from __future__ import annotations

import pytest
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    FileLineColLoc,
    IntAttr,
    IntegerAttr,
    StringAttr,
    UnitAttr,
    f32,
    i1,
    i32,
)
from xdsl.ir import Block, Operation, Region
from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_prop_def, prop_def

from asc_xdsl.dialects import fast_build
from asc_xdsl.dialects.emitasc import MemberOp


@irdl_op_definition
class _WithDefaults(IRDLOperation):
    name = "test.with_defaults"
    count = prop_def(IntegerAttr, default_value=IntegerAttr(7, i32))
    flag = opt_prop_def(UnitAttr, default_value=UnitAttr())  # optional: no default set


def _uses(value) -> list[tuple[int, int]]:
    return [(id(u.operation), u.index) for u in value.uses]


def _fields(op: Operation) -> dict:
    return {
        "class": type(op),
        "operands": list(op.operands),
        "operand uses": [(id(u.operation), u.index) for u in op._operand_uses],
        "result types": [r.type for r in op.results],
        "results": [(r.owner is op, r.index, r.name_hint, r.first_use) for r in op.results],
        "properties": op.properties,
        "attributes": op.attributes,
        "location": op.location,
        "successors": list(op.successors),
        "regions": [(r.parent is op, len(r.blocks)) for r in op.regions],
        "parent": op.parent,
    }


def _same_as_create(cls, operands=(), result_types=(), properties=None, regions_of=None, **loc):
    fast_regions = regions_of() if regions_of else ()
    slow_regions = regions_of() if regions_of else ()
    fast = fast_build.new_op(cls, operands, result_types, properties, regions=fast_regions, **loc)
    slow = cls.create(
        operands=operands,
        result_types=result_types,
        properties=properties or {},
        regions=slow_regions,
        **loc,
    )
    assert _fields(fast) == {**_fields(slow), "operand uses": _fields(fast)["operand uses"]}
    # the results and uses hold the same fields, set in the same order (so they share
    # their class's dict keys as the constructors' objects do)
    for made, created in ((fast.results, slow.results), (fast._operand_uses, slow._operand_uses)):
        assert [list(vars(x)) for x in made] == [list(vars(x)) for x in created]
    assert [u.index for u in fast._operand_uses] == list(range(len(operands)))
    assert all(u.operation is fast for u in fast._operand_uses)
    return fast, slow


CASES = {
    "binary": lambda a, b, c: (arith.AddiOp, (a, b), (i32,), None),
    "same value twice": lambda a, b, c: (arith.MuliOp, (a, a), (i32,), None),
    "constant": lambda a, b, c: (arith.ConstantOp, (), (i32,), {"value": IntegerAttr(3, i32)}),
    "select": lambda a, b, c: (arith.SelectOp, (c, a, b), (i32,), None),
    "no results": lambda a, b, c: (scf.YieldOp, (a, b), (), None),
    "string property": lambda a, b, c: (MemberOp, (a,), (f32,), {"field": StringAttr("x")}),
    "IRDL default": lambda a, b, c: (_WithDefaults, (), (), None),
    "given over default": lambda a, b, c: (_WithDefaults, (), (), {"count": IntegerAttr(1, i32)}),
}


@pytest.mark.parametrize("case", CASES)
def test_new_op_is_the_op_create_makes(case):
    a, b, c = Block(arg_types=[i32, i32, i1]).args
    cls, operands, types, props = CASES[case](a, b, c)
    before = {v: _uses(v) for v in (a, b, c)}
    fast, _slow = _same_as_create(cls, operands, types, props)
    for v in (a, b, c):  # each op added one use per operand, newest first
        added = [u for u in _uses(v) if u not in before[v]]
        assert len(added) == 2 * operands.count(v)
    if props:  # the op has its own dict
        assert fast.properties is not props


def test_defaults_are_irdls():
    op = fast_build.new_op(_WithDefaults)
    assert op.properties == {"count": IntegerAttr(7, i32)}
    op.verify()


def test_regions_and_location():
    loc = FileLineColLoc(StringAttr("k.py"), IntAttr(3), IntAttr(5))
    cond = Block(arg_types=[i1]).args[0]

    def regions():
        return (Region([Block([scf.YieldOp()])]), Region([Block([scf.YieldOp()])]))

    fast, _ = _same_as_create(scf.IfOp, (cond,), (), None, regions_of=regions, location=loc)
    assert fast.location is loc
    fast.verify()


def test_default_location_is_unknown():
    assert fast_build.new_op(
        arith.ConstantOp, (), (i32,), {"value": IntegerAttr(0, i32)}
    ).location == (
        arith.ConstantOp.create(
            result_types=[i32], properties={"value": IntegerAttr(0, i32)}
        ).location
    )


def _group_shapes(kinds):
    """Argument shapes for each group kind: a single value, an optional one absent and
    present, a variadic one with 0 and 2 values."""
    shapes = {
        fast_build._SINGLE: ("one",),
        fast_build._OPTIONAL: ("none", "one"),
        fast_build._VARIADIC: ("zero", "two"),
    }
    combos = [[]]
    for kind in kinds:
        combos = [[*c, s] for c in combos for s in shapes[kind]][:6]  # a few per class
    return combos


def _args(shapes, item):
    return [{"one": item, "none": None, "zero": [], "two": [item, item]}[shape] for shape in shapes]


def _irdl_classes():
    from asc_xdsl.dialects.ascendc import all_ops
    from asc_xdsl.dialects.emitasc import EmitAsc

    classes = [*all_ops(), *EmitAsc.operations]
    return sorted(
        (c for c in classes if fast_build._irdl_plan(c) is not None), key=lambda c: c.name
    )


def test_irdl_init_is_irdls_builder_on_every_op_class():
    # Each op class of the dialects, with a few shapes of its operand and result groups:
    # irdl_init's op has the fields, segment sizes and defaults IRDL's builder gives.
    value = Block(arg_types=[i32]).args[0]
    checked = 0
    for cls in _irdl_classes():
        operand_kinds, result_kinds, _, _ = fast_build._irdl_plan(cls)
        for operand_shapes in _group_shapes(operand_kinds):
            for result_shapes in _group_shapes(result_kinds)[:2]:
                operands = _args(operand_shapes, value)
                types = _args(result_shapes, i32)
                fast = object.__new__(cls)
                assert fast_build.irdl_init(fast, operands, types, {})
                slow = object.__new__(cls)
                IRDLOperation.__init__(slow, operands=operands, result_types=types)
                assert _fields(fast) == {
                    **_fields(slow),
                    "operand uses": _fields(fast)["operand uses"],
                }, cls.name
                checked += 1
    assert checked > 300


def test_irdl_init_leaves_what_it_does_not_handle_to_irdl():
    value = Block(arg_types=[i32]).args[0]
    op = arith.ConstantOp.create(result_types=[i32], properties={"value": IntegerAttr(0, i32)})
    cls = next(
        c for c in _irdl_classes() if fast_build._irdl_plan(c)[0][:1] == (fast_build._SINGLE,)
    )
    n = len(fast_build._irdl_plan(cls)[0])
    fresh = object.__new__(cls)
    assert not fast_build.irdl_init(fresh, [op] + [value] * (n - 1), [], {})  # an Operation
    assert not fast_build.irdl_init(fresh, [None] + [value] * (n - 1), [], {})  # None for a single
    assert not fast_build.irdl_init(fresh, [value] * (n + 1), [], {})  # a wrong count
    assert not hasattr(fresh, "_operands") or fresh._operands == ()


def test_an_implicit_builder_gets_the_op():
    # xDSL's ImplicitBuilder inserts each op made while it is active (through a hook in
    # Operation.__post_init__): ops made by new_op go in too, with IRDL's defaults.
    from xdsl.builder import ImplicitBuilder

    block = Block()
    with ImplicitBuilder(block):
        constant = fast_build.new_op(arith.ConstantOp, (), (i32,), {"value": IntegerAttr(1, i32)})
        defaults = fast_build.new_op(_WithDefaults)
    assert list(block.ops) == [constant, defaults]
    assert defaults.properties == {"count": IntegerAttr(7, i32)}
    assert fast_build.new_op(_WithDefaults).parent is None  # and none after it


def test_append_op_links_as_add_op():
    fast, slow = Block(), Block()
    for block in (fast, slow):
        assert block.first_op is None
    for i in range(3):
        pair = [
            arith.ConstantOp.create(result_types=[i32], properties={"value": IntegerAttr(i, i32)})
            for _ in range(2)
        ]
        fast_build.append_op(fast, pair[0])
        slow.add_op(pair[1])
    assert [op.properties for op in fast.ops] == [op.properties for op in slow.ops]
    ops = list(fast.ops)
    assert fast.first_op is ops[0] and fast.last_op is ops[-1]
    assert [op.prev_op for op in ops] == [None, *ops[:-1]]
    assert [op.next_op for op in ops] == [*ops[1:], None]
    assert all(op.parent is fast for op in ops)
    with pytest.raises(ValueError, match="already attached"):
        fast_build.append_op(slow, ops[0])


def test_append_op_refuses_an_op_that_holds_the_block():
    inner = Block([scf.YieldOp()])
    holder = fast_build.new_op(
        scf.IfOp,
        (Block(arg_types=[i1]).args[0],),
        (),
        regions=(Region([inner]), Region([Block([scf.YieldOp()])])),
    )
    with pytest.raises(ValueError, match="contained in the operation"):
        fast_build.append_op(inner, holder)


@pytest.mark.parametrize("name", ["x", "x_1", "tile_len_22", "a.b", "$v", "_", "größe", "x_1_2"])
def test_name_value_keeps_what_the_setter_keeps(name):
    made = Block(arg_types=[i32, i32]).args
    made[0].name_hint = name
    fast_build.name_value(made[1], name)
    assert made[1].name_hint == made[0].name_hint


def test_name_value_leaves_a_name_xdsl_refuses():
    # (`αβ` is a Python identifier: a kernel variable may have it; xDSL's setter raises)
    (arg,) = Block(arg_types=[i32]).args
    with pytest.raises(ValueError):
        arg.name_hint = "αβ"
    fast_build.name_value(arg, "αβ")
    assert arg.name_hint is None
    arg.name_hint = "kept"
    fast_build.name_value(arg, "αβ")
    assert arg.name_hint == "kept"
