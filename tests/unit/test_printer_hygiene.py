"""C++ hygiene of the printer: names C++ cannot use are mangled or refused, strings can
never break out of their literal or directive (names.py, cpp_types.c_string)."""

from __future__ import annotations

import io
import random
import re

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, StringAttr, UnitAttr, i32
from xdsl.ir import Block, Region

from asc_xdsl.backends.ascendc import EmissionError, to_ascendc
from asc_xdsl.backends.ascendc.cpp_types import c_string
from asc_xdsl.backends.ascendc.names import (
    CPP_KEYWORDS,
    MACRO_NAMES,
    NameTable,
    identifier_problem,
)
from asc_xdsl.backends.ascendc.printer import CALLED_FUNCTIONS
from asc_xdsl.dialects.ascendc.base import AICORE_ATTR, KERNEL_ATTR
from asc_xdsl.dialects.ascendc.debug import PrintfOp
from asc_xdsl.dialects.emitasc import IncludeOp

# -- string literals -------------------------------------------------------------------

_C_ESCAPES = {"n": b"\n", "t": b"\t", "r": b"\r", '"': b'"', "\\": b"\\", "?": b"?"}


def _c_literal_bytes(literal: str) -> bytes:
    """What a C compiler stores for `literal` (the escapes c_string produces)."""
    assert literal[0] == literal[-1] == '"'
    out, i, body = bytearray(), 0, literal[1:-1]
    while i < len(body):
        ch = body[i]
        if ch == '"':
            raise AssertionError(f"unescaped quote in {literal}")
        if ch != "\\":
            out += ch.encode()
            i += 1
            continue
        octal = re.match(r"[0-7]{1,3}", body[i + 1 :])
        if octal:
            out.append(int(octal.group(), 8))
            i += 1 + len(octal.group())
        else:
            out += _C_ESCAPES[body[i + 1]]
            i += 2
    return bytes(out)


def _strings() -> list[str]:
    rng = random.Random(12)
    alphabet = [chr(c) for c in range(0x300)] + ["?", "?", '"', "\\", "\n", "é", "→", "\U0001f600"]
    samples = [
        "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 24))) for _ in range(400)
    ]
    return [*(chr(c) for c in range(0x300)), "??=", "???/", '"\n#define x 1\n"', *samples]


def test_c_string_is_one_line_and_decodes_to_the_text() -> None:
    for text in _strings():
        literal = c_string(text)
        assert "\n" not in literal and "\r" not in literal, text
        assert "??" not in literal, text  # no trigraph can form
        assert all(" " <= ch <= "~" for ch in literal), text  # plain printable ASCII
        assert _c_literal_bytes(literal) == text.encode(), text


def _module(*ops, name: str = "k", kernel: bool = False, body=()) -> ModuleOp:
    block = Block()
    block.add_ops([*body, func.ReturnOp()])
    f = func.FuncOp(name, ((), ()), Region(block))
    if kernel:
        f.attributes[KERNEL_ATTR] = UnitAttr()
        f.attributes[AICORE_ATTR] = UnitAttr()
    return ModuleOp([*ops, f])


def test_printf_format_cannot_inject_code() -> None:
    text = to_ascendc(_module(body=[PrintfOp('x");\n  evil();\n  AscendC::printf("', [])]))
    (line,) = [line for line in text.splitlines() if "printf" in line]
    assert line == r'  AscendC::printf("x\");\n  evil();\n  AscendC::printf(\"");'


# -- includes --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "standard", "bad"),
    [
        ('a.h"\n#define X', False, "'\"'"),
        ("a.h>\nint x;", True, "'>'"),
        ("a\nb.h", False, "'\\n'"),
        ("a\rb.h", True, "'\\r'"),
        ("a\x00b.h", False, "'\\x00'"),
        ("a\x7fb.h", False, "'\\x7f'"),
    ],
)
def test_include_that_would_leave_its_directive_is_refused(header, standard, bad) -> None:
    with pytest.raises(EmissionError, match=re.escape(f"it contains {bad}")):
        to_ascendc(_module(IncludeOp(header, standard)))


@pytest.mark.parametrize(
    ("header", "standard", "line"),
    [
        ("my dir/a>b.h", False, '#include "my dir/a>b.h"'),  # `>` is fine between quotes
        ('odd"name', True, '#include <odd"name>'),  # and `"` between angle brackets
        ("cmath", True, "#include <cmath>"),
    ],
)
def test_include_prints_as_given(header, standard, line) -> None:
    assert line in to_ascendc(_module(IncludeOp(header, standard))).splitlines()


# -- function names --------------------------------------------------------------------


def _function_names(names: list[str]) -> list[str]:
    """The C++ name each function gets, in module order."""
    funcs = []
    for name in names:
        block = Block()
        block.add_op(func.ReturnOp())
        funcs.append(func.FuncOp(name, ((), ()), Region(block)))
    text = to_ascendc(ModuleOp(funcs))
    prefix = re.escape("__inline__ __attribute__((always_inline)) __aicore__")
    return re.findall(rf"^{prefix} void (\w+)\(\) \{{$", text, re.M)


def test_function_names_are_kept_or_mangled_deterministically() -> None:
    names = ["a b", "a_b", "new", "new_", "9x", "_X", "x__y", "printf", "sqrtf", "k"]
    printed = _function_names(names)
    assert printed == [
        "a_b_1",
        "a_b",
        "new_1",
        "new_",
        "v_9x",
        "v_X",
        "x_y",
        "printf_",
        "sqrtf_1",
        "k",
    ]
    assert printed == _function_names(names)  # the same every time


def test_mangled_function_names_are_distinct_identifiers() -> None:
    rng = random.Random(3)
    pieces = ["a", "b", "_", " ", "-", "new", "class", "9", "é", "errno", "__", "sqrt", "A"]
    for _ in range(50):
        names = list(dict.fromkeys("".join(rng.choices(pieces, k=3)) for _ in range(12)))
        printed = _function_names(names)
        assert len(set(printed)) == len(names)
        for original, cpp in zip(names, printed, strict=True):
            if identifier_problem(original, CALLED_FUNCTIONS) is None:
                assert cpp == original
            else:
                assert identifier_problem(cpp, CALLED_FUNCTIONS) is None, (original, cpp)


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("new", "is a C++ keyword"),
        ("a b", "is not a C identifier"),
        ("1k", "is not a C identifier"),
        ("", "is not a C identifier"),
        ("__k", "is reserved by C++"),
        ("_Kernel", "is reserved by C++"),
        ("printf", "already names something"),
        ("main", "already names something"),
        ("half", "already names something"),
        ("errno", "already names something"),
        ("sqrtf", "already names something"),
    ],
)
def test_kernel_names_cpp_cannot_use_are_refused(name: str, problem: str) -> None:
    with pytest.raises(EmissionError) as info:
        to_ascendc(_module(name=name, kernel=True))
    message = str(info.value)
    assert f"kernel name '{name}' {problem}" in message
    assert "rename the kernel" in message


def test_call_to_an_unknown_function_with_an_unusable_name_is_refused() -> None:
    call = func.CallOp("not valid", [], [])
    with pytest.raises(EmissionError, match="callee 'not valid' is not a C identifier"):
        to_ascendc(_module(body=[call]))


# -- value names -----------------------------------------------------------------------


def test_value_hints_never_print_as_keywords_macros_or_called_functions() -> None:
    table = NameTable(CALLED_FUNCTIONS)
    for hint in sorted(CPP_KEYWORDS | MACRO_NAMES | CALLED_FUNCTIONS):
        block = Block(arg_types=[i32])
        block.args[0].name_hint = hint
        name = table.define(block.args[0])
        assert name != hint
        assert identifier_problem(name, CALLED_FUNCTIONS) is None, (hint, name)


def test_kernel_type_attribute_is_not_a_string_sink() -> None:
    module = _module(kernel=True)
    (f,) = [op for op in module.ops if isinstance(op, func.FuncOp)]
    f.attributes["ascendc.kernel_type"] = StringAttr('vector"; evil(); "')
    with pytest.raises(EmissionError, match="unknown kernel type"):
        to_ascendc(module)


@pytest.mark.parametrize(
    ("header", "standard", "ir"),
    [
        ('odd"name', True, 'emitasc.include <"odd\\22name">'),
        ('a"b\nc.h', False, 'emitasc.include "a\\22b\\0Ac.h"'),
        ("back\\slash.h", False, 'emitasc.include "back\\\\slash.h"'),
        ("kernel_operator.h", False, 'emitasc.include "kernel_operator.h"'),
    ],
)
def test_include_ir_escapes_its_header_name(header, standard, ir) -> None:
    """The IR printer writes the name as an escaped literal that parses back to it."""
    from xdsl.parser import Parser
    from xdsl.printer import Printer

    from asc_xdsl.opt import AscOptMain

    module = _module(IncludeOp(header, standard))
    out = io.StringIO()
    Printer(stream=out).print_op(module)
    assert ir in out.getvalue().splitlines()[1]
    reparsed = Parser(AscOptMain(args=[]).ctx, out.getvalue()).parse_module()
    (include,) = [op for op in reparsed.ops if isinstance(op, IncludeOp)]
    assert include.include.data == header
    assert (include.is_standard_include is not None) == standard
