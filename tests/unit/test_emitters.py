"""The hand-written Ascend C emitters (`backends/ascendc/emitters`): every row of
`EMITTERS` loads, and every custom spec op has a way to print (docs/printer.md)."""

import ast
from pathlib import Path

import pytest

import asc_xdsl
from asc_xdsl.backends.ascendc import printer
from asc_xdsl.backends.ascendc.emitters import EMITTERS, emitter_of, refuse_virtual_op
from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.families import spec_classes
from asc_xdsl.dialects.emitasc import EmitAsc

SPEC_OPS = {c.name: c for c in [*spec_classes(), *EmitAsc.operations] if getattr(c, "SPEC", None)}


@pytest.mark.parametrize("name", sorted(EMITTERS))
def test_each_row_names_a_function_of_a_spec_op(name):
    emitter = emitter_of(name)
    module, function = EMITTERS[name]
    assert callable(emitter) and emitter.__name__ == function
    assert emitter.__module__ == f"asc_xdsl.backends.ascendc.emitters.{module}"
    assert name in SPEC_OPS, f"{name} is no spec op"


def test_every_custom_spec_op_can_print():
    """A CUSTOM spec op prints through an emitter, a printer method or (a virtual op)
    the refusal naming its lowering pass."""
    missing = [
        name
        for name, cls in SPEC_OPS.items()
        if cls.SPEC.emit is EmitKind.CUSTOM
        and emitter_of(name, cls.SPEC) is None
        and name not in printer._HANDLERS
    ]
    assert not missing


def test_virtual_ops_are_refused_naming_their_pass():
    virtual = [c for c in SPEC_OPS.values() if c.SPEC.lowered_by is not None]
    assert virtual
    for cls in virtual:
        if cls.name not in EMITTERS:
            assert emitter_of(cls.name, cls.SPEC) is refuse_virtual_op


def test_dialect_modules_hold_no_emission_code():
    """No dialect module defines a function taking the emitter, nor passes `printer=`."""
    found = []
    for path in sorted((Path(asc_xdsl.__file__).parent / "dialects").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            first = node.args.args[:1] if isinstance(node, ast.FunctionDef) else []
            if first and first[0].arg == "emitter":
                found.append(f"{path.name}:{node.lineno} {node.name}")
            if isinstance(node, ast.keyword) and node.arg == "printer":
                found.append(f"{path.name}:{node.value.lineno} printer=")
    assert not found
