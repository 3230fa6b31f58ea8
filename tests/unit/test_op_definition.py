"""`utils/op_definition.op_definition` (the spec-made ops' IRDL definitions, formats
compiled, and its custom directives made, on first use) against xDSL's own
`irdl_op_definition` on the same class body:
the same `OpDef`, the same compiled format program, the same accessors, for every
spec-made AscendC op; and a broken format is an error at first use naming the op."""

from __future__ import annotations

from typing import Any

import pytest
from xdsl.irdl import irdl_op_definition
from xdsl.irdl.declarative_assembly_format import FormatProgram
from xdsl.utils.exceptions import PyRDLOpDefinitionError

from asc_xdsl.dialects.ascendc import spec as spec_module
from asc_xdsl.dialects.ascendc.families import spec_classes
from asc_xdsl.utils.op_definition import op_definition


def _eager(cls: type, directives: Any = None) -> type:
    """xDSL's own `irdl_op_definition`, the class given its custom directives first."""
    if directives is not None:
        cls.custom_directives = tuple(directives())
    return irdl_op_definition(cls)


def _xdsls(cls: type, monkeypatch: pytest.MonkeyPatch) -> type:
    """`cls` made again from its spec by xDSL's own `irdl_op_definition`."""
    with monkeypatch.context() as m:
        m.setattr(spec_module, "op_definition", _eager)
        return spec_module.define_op(cls.SPEC, cls.__name__, cls.__bases__[0], cls.__module__)


def test_every_spec_made_op_is_defined_as_xdsl_defines_it(monkeypatch) -> None:
    classes = spec_classes()
    formats = 0
    for cls in classes:
        theirs = _xdsls(cls, monkeypatch)
        ours_def, theirs_def = cls.get_irdl_definition(), theirs.get_irdl_definition()
        if theirs_def.assembly_format is not None:  # (its directives are made with it)
            vars(cls)["print"].__closure__[0].cell_contents.get()
        # (`verify`: the fast verifier `fast_verify.install` sets on our OpDefs once an
        # op of the class has been verified, in this process, whichever way it was made)
        assert vars(ours_def).keys() - {"verify"} == vars(theirs_def).keys() - {"verify"}
        for key, value in vars(theirs_def).items():
            if key != "traits":
                assert getattr(ours_def, key) == value, (cls.__name__, key)
        assert list(ours_def.traits) == list(theirs_def.traits), cls.__name__
        accessors = set(ours_def.accessor_names)
        assert {type(vars(cls)[a]) for a in accessors} == {type(vars(theirs)[a]) for a in accessors}
        if theirs_def.assembly_format is not None:
            formats += 1
            program = FormatProgram.from_str(theirs_def.assembly_format, theirs_def)
            parse, printer = vars(cls)["parse"], vars(cls)["print"]
            assert isinstance(parse, classmethod) and callable(printer)
            ours_program = printer.__closure__[0].cell_contents.get()
            assert ours_program == program, cls.__name__
    assert formats > 100 and len(classes) > 300  # (the spec-made ops with a format)


def test_a_broken_format_is_an_error_naming_the_op_at_first_use() -> None:
    from xdsl.context import Context
    from xdsl.irdl import IRDLOperation, operand_def
    from xdsl.parser import Parser

    class BrokenOp(IRDLOperation):
        name = "test.broken"
        x = operand_def()
        assembly_format = "$x attr-dict `:` type($nope)"

    op_definition(BrokenOp)  # (no error yet: nothing is compiled)
    with pytest.raises(PyRDLOpDefinitionError, match=r"'test\.broken': its assembly format"):
        BrokenOp.parse(Parser(Context(), "%0 : i32"))


def test_a_format_naming_no_directive_is_an_error_naming_the_op_at_first_use() -> None:
    """`define_op` makes a format's custom directives at the op's first parse or print:
    a format naming one that exists nowhere fails then, naming the op."""
    from xdsl.context import Context
    from xdsl.parser import Parser

    from asc_xdsl.dialects.ascendc.spec import Operand, OpSpec, define_op, of_type
    from asc_xdsl.dialects.ascendc.types import PipeType

    spec = OpSpec(
        "test_no_directive",
        "Nothing",
        (Operand("x", of_type(PipeType)),),
        format="custom<NoSuchDirective>($x) attr-dict",
    )
    cls = define_op(spec, "NoDirectiveOp")  # (no error yet: nothing is made)
    with pytest.raises(PyRDLOpDefinitionError, match=r"test_no_directive'.*NoSuchDirective"):
        cls.parse(Parser(Context(), "%0"))
