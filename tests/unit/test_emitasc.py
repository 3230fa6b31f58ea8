"""The emitasc dialect (with ours of the emitc ops pyasc uses): made on demand, read by
the contexts the frontend and the runtimes use (pyasc's `emitc.` names too), printed
as C++."""

import io

import pytest

from asc_xdsl.backends.ascendc.printer import emit_ascendc
from asc_xdsl.dialects import emitasc
from asc_xdsl.frontend.ir_context import make_context, parse_module

PYASC_STYLE = """
func.func @f(%p: memref<?xi32, 22>, %x: i32) -> i32 {
  %0 = "emitc.constant"() {value = #emitc.opaque<"::AscendC::TOTAL_L1_SIZE">} : () -> i32
  %1 = emitc.cast %x : i32 to ui32
  %2 = emitasc.ptr_offset %p[ 8 ] : memref<?xi32, 22>, memref<?xi32, 22>
  %3 = emitasc.dereference %2 : memref<?xi32, 22>, i32
  %4 = emitasc.call_opaque "AscendC::GetBlockIdx" () : () -> i32
  return %4 : i32
}
"""


def test_the_dialect_has_pyasc_ops_and_types():
    names = sorted(op.name for op in emitasc.EmitAsc.operations)
    assert names == [
        f"emitasc.{m}"
        for m in sorted(
            [
                "call_opaque",
                "cast",
                "constant",
                "copy_struct",
                "declare_py_struct",
                "dereference",
                "include",
                "member",
                "member_ptr",
                "member_ref",
                "ptr_offset",
                "reinterpret_cast",
                "set_member",
                "variable",
                "verbatim",
            ]
        )
    ]
    # pyasc's (MLIR's) names of four of them, which xDSL's emitc lacks: read as ours
    assert set(emitasc.PYASC_SPELLINGS.values()) <= set(names)
    assert all(n.startswith("emitc.") for n in emitasc.PYASC_SPELLINGS)


def test_a_fresh_context_makes_emitasc_ops_as_the_ir_names_them():
    ctx = make_context()
    assert "emitasc.call_opaque" not in ctx._loaded_ops
    module = parse_module(PYASC_STYLE)
    module.verify()
    out = io.StringIO()
    emit_ascendc(module, out)
    body = out.getvalue().split(") {\n", 1)[1].splitlines()
    assert body[:5] == [
        "  constexpr int32_t v1 = ::AscendC::TOTAL_L1_SIZE;",
        "  uint32_t v2 = (uint32_t) x;",
        "  __gm__ int32_t* v3 = p + 8;",
        "  __gm__ int32_t& v4 = *v3;",
        "  int32_t v5 = AscendC::GetBlockIdx();",
    ]


def test_py_struct_is_a_cpp_struct_of_its_name():
    t = emitasc.PyStructType("Cfg", [], [])
    assert t.CPP_CLASS == "Cfg"
    assert str(t) == '!emitasc.py_struct<"Cfg", [], []>'


KERNEL_ARG = "func.func @k(%x: i32 {{emitasc.kernel_arg = {}}}) {{\n  func.return\n}}\n"


def test_kernel_arg_parses_in_both_spellings_on_every_supported_xdsl():
    # xDSL 0.75 made `parse_identifier`'s message keyword-only: passing it by position
    # broke both spellings there (tests/unit/test_xdsl_compat.py holds the range).
    for text, want in [
        ("#emitasc<kernel_arg ffts_addr>", "ffts_addr"),
        ("#emitasc.kernel_arg<explicit>", "explicit"),
    ]:
        func = parse_module(KERNEL_ARG.format(text)).body.block.first_op
        attr = func.arg_attrs.data[0].data["emitasc.kernel_arg"]
        assert isinstance(attr, emitasc.KernelArgAttr)
        assert attr.kind.data == want


def test_a_kernel_arg_without_a_kind_names_what_is_missing():
    from xdsl.utils.exceptions import ParseError

    with pytest.raises(ParseError, match="identifier expected for a kernel argument kind"):
        parse_module(KERNEL_ARG.format("#emitasc.kernel_arg<1>"))


PYASC_PREAMBLE = """
emitc.verbatim "#define ASCENDC_CUBE_ONLY"
emitc.include "kernel_operator.h"
emitc.include <"cstdint">
"""


def test_pyasc_emitc_spellings_are_read_as_ours_and_printed_as_ours():
    """pyasc's IR names MLIR's `emitc.include`/`.constant`/`.cast`/`.verbatim`, which
    xDSL's emitc lacks: asc-opt's context reads them as `emitasc.*`, prints those."""
    module = parse_module(PYASC_PREAMBLE + PYASC_STYLE)
    module.verify()
    ops = [op.name for op in module.walk()]
    assert ops[1:4] == ["emitasc.verbatim", "emitasc.include", "emitasc.include"]
    assert {"emitasc.constant", "emitasc.cast"} <= set(ops)
    text = str(module)
    assert "emitc." not in text.replace("#emitc.opaque", "")
    assert 'emitasc.include <"cstdint">' in text
    assert '"emitasc.constant"() <{value = #emitc.opaque<"::AscendC::TOTAL_L1_SIZE">}>' in text
    assert str(parse_module(text)) == text
    out = io.StringIO()
    emit_ascendc(module, out)
    assert out.getvalue().splitlines()[:3] == [
        "#define ASCENDC_CUBE_ONLY",
        '#include "kernel_operator.h"',
        "#include <cstdint>",
    ]


def test_emitc_names_pyasc_does_not_use_stay_unknown():
    from xdsl.utils.exceptions import ParseError

    with pytest.raises(ParseError, match=r"emitc\.ptr_offset"):
        parse_module(
            "func.func @f(%p: memref<?xi32>) {\n  %q = emitc.ptr_offset %p[ 8 ] : "
            "memref<?xi32>, memref<?xi32>\n  func.return\n}\n"
        )
