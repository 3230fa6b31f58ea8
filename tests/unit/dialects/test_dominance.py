"""dialects/dominance.py: uses dominated by their definitions, checked by `verify_module`
and reported at the op through the same paths as other verify errors (asc-opt's are in
tests/filecheck/dialects/dominance.mlir)."""

from __future__ import annotations

import pytest
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import ModuleOp, i1, i32
from xdsl.ir import Block, Region

from asc_xdsl import run
from asc_xdsl.dialects.dominance import DominanceError, check_module
from asc_xdsl.dialects.fast_verify import verify_module


def _function() -> tuple[ModuleOp, Block]:
    block = Block(arg_types=[i1, i32])
    fn = func.FuncOp("f", ([i1, i32], []), Region([block]))
    return ModuleOp([fn]), block


def test_a_value_used_after_the_region_that_defines_it():
    module, block = _function()
    cond, a = block.args
    then = Block()
    inner = arith.AddiOp(a, a)
    then.add_ops([inner, scf.YieldOp()])
    if_op = scf.IfOp(cond, [], Region([then]), Region([Block([scf.YieldOp()])]))
    use = arith.MuliOp(inner.result, a)
    block.add_ops([if_op, use, func.ReturnOp()])
    with pytest.raises(DominanceError) as e:
        verify_module(module)
    assert e.value.op is use
    assert str(e.value).startswith("operand #0 of 'arith.muli' is defined by 'arith.addi' inside")
    assert "'scf.if', whose region does not enclose this use" in str(e.value)


def test_use_before_def_in_one_block():
    module, block = _function()
    _, a = block.args
    first = arith.AddiOp(a, a)
    second = arith.AddiOp(first.result, a)
    block.add_ops([second, first, func.ReturnOp()])  # second reads first before it
    with pytest.raises(DominanceError, match="used before its definition") as e:
        check_module(module)
    assert e.value.op is second


def test_valid_nesting_passes():
    module, block = _function()
    cond, a = block.args
    outer = arith.AddiOp(a, a)
    then = Block()
    inner = arith.AddiOp(outer.result, a)  # a value from before the if, inside it
    then.add_ops([inner, scf.YieldOp(inner.result)])
    other = Block([scf.YieldOp(a)])
    if_op = scf.IfOp(cond, [i32], Region([then]), Region([other]))
    block.add_ops([outer, if_op, arith.AddiOp(if_op.results[0], outer.result), func.ReturnOp()])
    verify_module(module)


def test_run_reports_it_at_the_source_line(tmp_path, capsys):
    path = tmp_path / "k.mlir"
    path.write_text(
        "func.func @k(%n: i32) attributes {ascendc.global} {\n"
        "  %b = arith.addi %c, %n : i32\n"
        "  %c = arith.addi %n, %n : i32\n"
        "  func.return\n"
        "}\n"
    )
    assert run.main([str(path), "1"]) == 1
    err = capsys.readouterr().err
    assert f"{path}:2:3" in err
    assert "%b = arith.addi %c, %n : i32" in err
    assert "operand #0 (%c) of 'arith.addi' is used before its definition" in err
