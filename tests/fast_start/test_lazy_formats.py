"""Upstream ops' assembly formats compiled on first use (asc_xdsl/utils/lazy_formats.py)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from xdsl.context import Context
from xdsl.dialects import builtin
from xdsl.dialects.builtin import i32
from xdsl.ir import Dialect
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def
from xdsl.irdl.declarative_assembly_format import FormatProgram
from xdsl.parser import Parser
from xdsl.utils.exceptions import PyRDLOpDefinitionError

from asc_xdsl.utils import lazy_formats
from asc_xdsl.utils.import_hooks import hooks_waiting
from asc_xdsl.utils.lazy_formats import LazyFormatProgram


def _program(op_class: type) -> object:
    (cell,) = op_class.parse.__func__.__closure__  # the program xDSL's parse closes over
    return cell.cell_contents


def test_a_format_compiles_on_first_use_and_round_trips() -> None:
    lazy_formats.install()  # xDSL is loaded here: patched at once
    lazy_formats.install()
    assert FormatProgram._asc_xdsl_lazy  # type: ignore[attr-defined]
    assert not hooks_waiting(lazy_formats.FORMAT_MODULE)

    @irdl_op_definition
    class NegOp(IRDLOperation):
        name = "lazytest.neg"
        x = operand_def(i32)
        y = result_def(i32)
        assembly_format = "$x attr-dict"

    lazy = _program(NegOp)
    assert isinstance(lazy, LazyFormatProgram)
    ctx = Context(allow_unregistered=True)
    ctx.load_dialect(builtin.Builtin)
    ctx.load_dialect(Dialect("lazytest", [NegOp]))
    text = '%0 = "test.op"() : () -> i32\n%1 = lazytest.neg %0'
    parsed = Parser(ctx, text).parse_module()
    assert isinstance(lazy.program(), FormatProgram)
    assert "%1 = lazytest.neg %0" in str(parsed)


def test_the_hook_patches_xdsl_as_it_loads_and_leaves() -> None:
    code = textwrap.dedent(
        """
        import sys, asc_xdsl
        from asc_xdsl.utils.import_hooks import hooks_waiting
        from asc_xdsl.utils.lazy_formats import FORMAT_MODULE, LazyFormatProgram
        hooks = lambda: hooks_waiting(FORMAT_MODULE)
        program = lambda cls: cls.parse.__func__.__closure__[0].cell_contents
        print('xdsl' in sys.modules, hooks())
        from xdsl.dialects import arith
        from asc_xdsl.dialects.ascendc.debug import PrintfOp
        print(isinstance(program(arith.SubiOp), LazyFormatProgram), hooks())
        print(isinstance(program(PrintfOp), LazyFormatProgram))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "1", "True", "0", "True"]


def test_a_wrong_format_is_a_definition_error_at_first_use() -> None:
    lazy_formats.install()

    @irdl_op_definition
    class BadOp(IRDLOperation):
        name = "lazytest.bad"
        x = operand_def(i32)
        assembly_format = "$x $nonexistent attr-dict"

    ctx = Context(allow_unregistered=True)
    ctx.load_dialect(builtin.Builtin)
    ctx.load_dialect(Dialect("lazytest", [BadOp]))
    text = '%0 = "test.op"() : () -> i32\nlazytest.bad %0'
    with pytest.raises(PyRDLOpDefinitionError, match=r"'lazytest\.bad': its assembly format"):
        Parser(ctx, text).parse_module()
