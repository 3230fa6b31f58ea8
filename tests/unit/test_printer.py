"""The Ascend C printer: names, indentation, literals, string escaping, and no IR changes."""

import io
import math
import re

import pytest
from xdsl.context import Context
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    ModuleOp,
    Signedness,
    i1,
    i8,
    i16,
    i32,
    i64,
)
from xdsl.ir import Block, Region
from xdsl.parser import Parser

from asc_xdsl.backends.ascendc import EmissionError
from asc_xdsl.backends.ascendc.cpp_types import c_string, float_literal, int_literal
from asc_xdsl.backends.ascendc.names import NameTable
from asc_xdsl.backends.ascendc.printer import emit_ascendc
from asc_xdsl.dialects.ascendc.debug import PrintfOp
from asc_xdsl.frontend.ir_context import make_context


def _context() -> Context:
    return make_context()


def parse(text: str) -> ModuleOp:
    module = Parser(_context(), text).parse_module()
    module.verify()
    return module


def emit(module: ModuleOp) -> str:
    out = io.StringIO()
    emit_ascendc(module, out)
    return out.getvalue()


def body_lines(text: str, function: str) -> list[str]:
    """The lines strictly inside the definition of `function`."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if f" {function}(" in line and "{" in line)
    end = lines.index("}", start)
    return lines[start + 1 : end]


# -- naming (xori: an operator C++ prints as it is) -----------------------------------------------------------------------


def test_name_hints_become_identifiers():
    text = emit(
        parse(
            """
func.func @f(%total: i32, %scale: i32) -> i32 {
  %scaled_total = arith.xori %total, %scale : i32
  return %scaled_total : i32
}
"""
        )
    )
    assert (
        "__inline__ __attribute__((always_inline)) __aicore__ int32_t f(int32_t total, int32_t scale) {"
        in text
    )
    assert body_lines(text, "f") == [
        "  int32_t scaled_total = total ^ scale;",
        "  return scaled_total;",
    ]


def test_duplicate_hints_get_numeric_suffixes():
    # Build the IR in Python: the parser refuses duplicate names, hints need not be unique.
    block = Block(arg_types=[i32])
    x = block.args[0]
    x.name_hint = "x"
    first = arith.XOrIOp(x, x)
    second = arith.XOrIOp(first.result, x)
    third = arith.XOrIOp(second.result, x)
    for op in (first, second, third):
        op.result.name_hint = "x"
    block.add_ops([first, second, third, func.ReturnOp(third.result)])
    f = func.FuncOp("dup", ((i32,), (i32,)), Region(block))
    assert body_lines(emit(ModuleOp([f])), "dup") == [
        "  int32_t x_1 = x ^ x;",
        "  int32_t x_2 = x_1 ^ x;",
        "  int32_t x_3 = x_2 ^ x;",
        "  return x_3;",
    ]


def test_reserved_and_invalid_hints():
    text = emit(
        parse(
            """
func.func @f(%int: i32, %half: f16) -> i32 {
  %float = arith.extf %half : f16 to f32
  %return = arith.bitcast %float : f32 to i32
  %0 = arith.xori %int, %return : i32
  %1 = arith.xori %0, %0 : i32
  %__x = arith.xori %1, %1 : i32
  %_Cap = arith.xori %__x, %__x : i32
  return %_Cap : i32
}
"""
        )
    )
    assert "int32_t f(int32_t int_, half half_) {" in text
    assert body_lines(text, "f") == [
        "  float float_ = static_cast<float>(half_);",
        "  int32_t return_ = *reinterpret_cast<const int32_t*>(&float_);",
        "  int32_t v1 = int_ ^ return_;",
        "  int32_t v2 = v1 ^ v1;",
        "  int32_t _x = v2 ^ v2;",
        "  int32_t v_Cap = _x ^ _x;",
        "  return v_Cap;",
    ]


def test_numbering_skips_names_already_taken_and_restarts_per_function():
    text = emit(
        parse(
            """
func.func @f(%v1: i32) -> i32 {
  %0 = arith.xori %v1, %v1 : i32
  %1 = arith.xori %0, %0 : i32
  return %1 : i32
}
func.func @g(%a: i32) -> i32 {
  %0 = arith.xori %a, %a : i32
  return %0 : i32
}
"""
        )
    )
    assert body_lines(text, "f") == [
        "  int32_t v2 = v1 ^ v1;",
        "  int32_t v3 = v2 ^ v2;",
        "  return v3;",
    ]
    assert body_lines(text, "g") == ["  int32_t v1 = a ^ a;", "  return v1;"]


def test_unnamed_constants_are_named_after_their_value():
    text = emit(
        parse(
            """
func.func @f() {
  %0 = arith.constant -4 : i32
  %1 = arith.constant 7 : index
  %2 = arith.constant 7 : index
  %3 = arith.constant 0.5 : f16
  return
}
"""
        )
    )
    assert body_lines(text, "f") == [
        "  constexpr int32_t cm4_i32 = -4;",
        "  constexpr int64_t c7_idx = 7;",
        "  constexpr int64_t c7_idx_1 = 7;",
        "  const half cst_f16 = static_cast<half>(0.5f);",
        "  return;",
    ]


def test_values_never_take_a_function_name():
    text = emit(
        parse(
            """
func.func @helper(%x: i32) -> i32 {
  return %x : i32
}
func.func @f(%helper: i32) -> i32 {
  %f = func.call @helper(%helper) : (i32) -> i32
  return %f : i32
}
"""
        )
    )
    assert "int32_t f(int32_t helper_1) {" in text
    assert body_lines(text, "f") == ["  int32_t f_1 = helper(helper_1);", "  return f_1;"]


def test_name_table_directly():
    table = NameTable(reserved=["kernel"])
    assert table.claim("kernel") == "kernel_1"
    assert table.claim("a-b.c") == "a_b_c"
    assert table.claim("9lives") == "v_9lives"
    assert table.claim("") == "v_"
    assert table.claim("while") == "while_"
    assert table.claim("while") == "while_1"
    assert table.claim("x__y") == "x_y"
    table.reset()
    assert table.claim("while") == "while_"  # forgotten by reset
    assert table.claim("kernel") == "kernel_1"  # reserved names survive reset


# -- indentation ------------------------------------------------------------------


def test_nested_regions_indent_two_spaces_per_level():
    text = emit(
        parse(
            """
func.func @f(%x: memref<?xi32, 22>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      scf.if %c {
        %v = arith.index_cast %j : index to i32
        memref.store %v, %x[%i] : memref<?xi32, 22>
      }
    }
  }
  return
}
"""
        )
    )
    assert body_lines(text, "f") == [
        "  constexpr int64_t c0 = 0;",
        "  constexpr int64_t c1 = 1;",
        "  for (int64_t i = c0; i < n; i += c1) {",
        "    for (int64_t j = c0; j < n; j += c1) {",
        "      if (c) {",
        "        int32_t v = static_cast<int32_t>(j);",
        "        x[i] = v;",
        "      }",
        "    }",
        "  }",
        "  return;",
    ]
    assert all(not line.startswith("\t") for line in text.splitlines())


# -- printf strings ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "literal"),
    [
        ("plain", '"plain"'),
        ('say "hi"', r'"say \"hi\""'),
        ("back\\slash", r'"back\\slash"'),
        ("100%% of %d", '"100%% of %d"'),
        ("line\n", r'"line\n"'),
        ("a\tb", r'"a\tb"'),
        ("cr\r", r'"cr\r"'),
        ("bell\x07", r'"bell\007"'),
        ("del\x7f", r'"del\177"'),
        ("é", r'"\303\251"'),
        ("→", r'"\342\206\222"'),
        ("", '""'),
    ],
)
def test_c_string_escaping(text, literal):
    assert c_string(text) == literal


def test_c_string_octal_escapes_do_not_swallow_following_digits():
    # An octal escape is at most three digits, so "\0011" is "\001" followed by "1".
    assert c_string("\x011") == r'"\0011"'


def test_printf_format_is_escaped_in_output():
    block = Block(arg_types=[i32])
    block.args[0].name_hint = "n"
    block.add_ops([PrintfOp('n="%d"\tdone\\ ü\n', [block.args[0]]), func.ReturnOp()])
    module = ModuleOp([func.FuncOp("p", ((i32,), ()), Region(block))])
    assert body_lines(emit(module), "p") == [
        r'  AscendC::printf("n=\"%d\"\tdone\\ \303\274\n", n);',
        "  return;",
    ]


# -- literals -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "t", "literal"),
    [
        (1.0, Float32Type(), "1.0f"),
        (-2.5, Float32Type(), "-2.5f"),
        (0.1, Float64Type(), "0.1"),
        (3.0, Float64Type(), "3.0"),
        (1e-10, Float32Type(), "1e-10f"),
        (1e20, Float64Type(), "1e+20"),
        (1.5, Float16Type(), "static_cast<half>(1.5f)"),
        (1.5, BFloat16Type(), "static_cast<bfloat16_t>(1.5f)"),
        (math.inf, Float32Type(), "__builtin_inff()"),
        (-math.inf, Float32Type(), "-__builtin_inff()"),
        (math.nan, Float32Type(), '__builtin_nanf("")'),
        (math.inf, Float16Type(), "static_cast<half>(__builtin_inff())"),
        (-0.0, Float32Type(), "-0.0f"),
    ],
)
def test_float_literal(value, t, literal):
    assert float_literal(value, t) == literal


@pytest.mark.parametrize(
    ("value", "t", "literal"),
    [
        (1, i1, "true"),
        (0, i1, "false"),
        (-1, i1, "true"),
        (0, i32, "0"),
        (-7, i32, "-7"),
        (2**31 - 1, i32, "2147483647"),
        (-(2**31), i32, "-2147483648"),
        (100, i8, "100"),
        (-300, i16, "-300"),
        (5, i64, "5"),
        (2**31, i64, "2147483648LL"),
        (-(2**31), i64, "-2147483648LL"),
        (2**62, IndexType(), "4611686018427387904LL"),
        (-(2**63), i64, "(-9223372036854775807LL - 1)"),
        (-1, IntegerType(32, Signedness.UNSIGNED), "4294967295U"),
        (2**63, IntegerType(64, Signedness.UNSIGNED), "9223372036854775808ULL"),
        (-1, IntegerType(8, Signedness.UNSIGNED), "255"),
    ],
)
def test_int_literal(value, t, literal):
    assert int_literal(value, t) == literal


def test_float_literals_round_trip_through_python():
    for value in (0.1, 1 / 3, 123456.789, 6.02e23, 5e-324):
        text = float_literal(value, Float64Type())
        assert float(text) == value


# -- the printer reads, never writes ---------------------------------------------


def test_printing_does_not_change_the_ir():
    module = parse(
        """
func.func private @ext(i32) -> i32
func.func @k(%x: memref<?xf32, 22>, %n: index) attributes {ascendc.aicore, ascendc.global} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant 0.0 : f32
  %sum, %k = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init, %cnt = %init) -> (f32, f32) {
    %v = memref.load %x[%i] : memref<?xf32, 22>
    %next = arith.addf %acc, %v : f32
    scf.yield %v, %next : f32, f32
  }
  %0 = arith.fptosi %k : f32 to i32
  %1 = func.call @later(%0) : (i32) -> i32
  %2 = func.call @ext(%1) : (i32) -> i32
  %int = arith.addi %2, %2 : i32
  return
}
func.func @later(%a: i32) -> i32 {
  return %a : i32
}
"""
    )
    before = str(module)
    hints = [v.name_hint for op in module.walk() for v in op.results]
    emit(module)
    emit(module)
    assert str(module) == before
    assert [v.name_hint for op in module.walk() for v in op.results] == hints
    module.verify()


def test_printing_twice_gives_the_same_text():
    module = parse(
        """
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
"""
    )
    assert emit(module) == emit(module)


# -- refusals -----------------------------------------------------------------------


def test_codegen_error_names_the_op():
    module = parse(
        """
func.func @f(%a: i32, %b: i32) {
  %s, %o = arith.addui_extended %a, %b : i32, i1
  return
}
"""
    )
    with pytest.raises(
        EmissionError, match=re.escape("cannot emit 'arith.addui_extended'")
    ) as info:
        emit(module)
    assert info.value.op.name == "arith.addui_extended"
