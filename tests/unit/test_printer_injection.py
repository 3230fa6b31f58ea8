"""The printer refuses C++ that the IR could inject, without relying on the verifier.

Names and code that reach the C++ text as the IR spells them (struct and field names,
callees, verbatim lines, opaque values, the classes types name) are checked by the
printer itself: these modules are parsed without any verification (as `--disable-verify`
does, attributes included) and printed with `to_ascendc`, which does not verify. The
verifiers ask the same checks (tests/filecheck/dialects/emitasc/invalid_emitasc.mlir);
the command-line cases are in tests/filecheck/backend/invalid_injection.mlir.
"""

from __future__ import annotations

import pytest
from xdsl.ir import Attribute
from xdsl.parser import Parser

from asc_xdsl.backends.ascendc import EmissionError, to_ascendc
from asc_xdsl.backends.ascendc.cpp_types import code_line_problem, expression_problem
from asc_xdsl.backends.ascendc.names import callee_problem, class_name_problem
from asc_xdsl.frontend.ir_context import make_context

S = '!emitasc.py_struct<"S", [i32], ["n"]>'


def _unverified(text: str, monkeypatch: pytest.MonkeyPatch):
    with monkeypatch.context() as m:
        m.setattr(Attribute, "__post_init__", lambda self: None)  # as --disable-verify
        return Parser(make_context(), text).parse_module()


def _in_function(body: str, params: str = "%a: i32") -> str:
    return f"func.func @f({params}) {{\n{body}\n  return\n}}\n"


CASES = {
    "struct name": (
        'emitasc.declare_py_struct !emitasc.py_struct<"S; int x", [i32], ["n"]>\n',
        "struct name 'S; int x' is not a C identifier",
    ),
    "field name": (
        'emitasc.declare_py_struct !emitasc.py_struct<"S", [i32], ["n; };"]>\n',
        "field name 'n; };' is not a C identifier",
    ),
    "parameter type": (
        _in_function("", '%p: memref<?x!emitasc.py_struct<"S {} x", [i32], ["n"]>, 22>'),
        "names the C++ class 'S {} x', which is not a C identifier",
    ),
    "member": (
        _in_function(
            f'  %n = emitasc.member %p "n + 1" : memref<?x{S}, 22>, i32', f"%p: memref<?x{S}, 22>"
        ),
        "field 'n + 1' is not a C identifier",
    ),
    "set_member": (
        _in_function(f'  emitasc.set_member %s "n = 0; x", %a : {S}, i32', f"%s: {S}, %a: i32"),
        "field 'n = 0; x' is not a C identifier",
    ),
    "callee declaration": (
        _in_function('  emitasc.call_opaque "int x, y" (%a) : (i32) -> ()'),
        "callee 'int x, y' is not a C++ function name",
    ),
    "callee operator": (
        _in_function('  emitasc.call_opaque "operator delete" (%a) : (i32) -> ()'),
        "'operator' is a C++ keyword",
    ),
    "verbatim comment": (
        _in_function('  emitasc.verbatim "int a; /* open"\n  emitasc.verbatim "int c;"'),
        "it opens a /* comment that does not end on the line",
    ),
    "verbatim splice": (
        _in_function('  emitasc.verbatim "int b; \\\\"\n  emitasc.verbatim "int c;"'),
        "it ends with a backslash",
    ),
    "module-level verbatim conditional": ('emitasc.verbatim "#ifdef X"\n', "conditional directive"),
    "opaque constant": (
        _in_function(
            '  %0 = "emitasc.constant"() <{value = #emitc.opaque<"1; int y = 2">}> : () -> i32'
        ),
        "opaque value '1; int y = 2' is not one C++ expression",
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_printer_refuses_injected_text_in_unverified_ir(case, monkeypatch):
    text, message = CASES[case]
    module = _unverified(text, monkeypatch)
    with pytest.raises(EmissionError, match="cannot emit") as info:
        to_ascendc(module)
    assert message in str(info.value)


def test_accepted_text_still_prints(monkeypatch):
    text = _in_function(
        '  %0 = "emitasc.constant"() <{value = #emitc.opaque<"sizeof(int)">}> : () -> i32\n'
        '  emitasc.call_opaque "AscendC::Foo<unsigned int, 2, half*>" (%a) : (i32) -> ()\n'
        '  emitasc.verbatim "int n = 1\'000; /* done */ // a \\"quoted\\" note"'
    )
    out = to_ascendc(_unverified(text, monkeypatch))
    assert "AscendC::Foo<unsigned int, 2, half*>(a);" in out
    assert 'int n = 1\'000; /* done */ // a "quoted" note' in out
    assert "= sizeof(int);" in out


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("AscendC::PipeBarrier<PIPE_ALL>", True),
        ("A<B<half>>::f", True),
        ("::g", True),
        ("f<int*, -1, true>", True),
        ("f(); g", False),
        ("a:b", False),
        ("int x, y", False),
        ("operator delete", False),
        ("x /* y", False),
        ("f<int", False),
        ("", False),
    ],
)
def test_callee_grammar(text, ok):
    assert (callee_problem(text) is None) == ok


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("int a; /* open", "/* comment"),
        ("int a; /* closed */", None),
        ("x = 1; \\", "backslash"),
        ("x = 1; ??/", "backslash"),
        ("// note \\", "backslash"),
        ('s = "abc', "string literal"),
        ("c = 'a", "character literal"),
        ("n = 1'000'000;", None),
        ('s = R"d(abc', "raw string"),
        ('s = R"d(a)b)d";', None),
        ('s = "a\\"b";', None),
        ("#if 0", "conditional directive"),
        ("  # endif", "conditional directive"),
        ("%:else", "conditional directive"),
        ("#define ASCENDC_CUBE_ONLY", None),
        ("a;\nb;", "'\\n'"),
    ],
)
def test_code_line_lexing(text, problem):
    found = code_line_problem(text)
    assert (found is None) if problem is None else (problem in (found or ""))


def test_expression_refuses_statements_and_comments():
    assert expression_problem("a + b") is None
    assert "';'" in (expression_problem("a; b") or "")
    assert "comment" in (expression_problem("a // b") or "")
    assert "directive" in (expression_problem("#define X") or "")
    assert expression_problem('f(";")') is None  # inside a literal


def test_class_names():
    assert class_name_problem("AscendC::TQue") is None
    assert class_name_problem("S {} x") is not None
    assert "keyword" in (class_name_problem("AscendC::int") or "")
