"""A construction without operands printed with its location reads back with it: the
format's optional `[types]` would take the `loc(...)` for its types (disk-cache entries
of kernels with `asc.DataCopyParams()` were discarded on every load)."""

from __future__ import annotations

import io

from xdsl.dialects.builtin import ArrayAttr, FileLineColLoc
from xdsl.printer import Printer

from asc_xdsl.frontend.ir_context import parse_module

TEXT = """func.func @f(%h: ui16) {
  %a = ascendc.construct !ascendc.data_copy_params() loc("k.py":3:4)
  %b = ascendc.construct !ascendc.data_copy_params(%h, %h, %h, %h) [ui16, ui16, ui16, ui16] : ui16, ui16, ui16, ui16 loc("k.py":4:4)
  func.return
}"""


def _with_locations(module) -> str:
    out = io.StringIO()
    Printer(stream=out, print_debuginfo=True).print_op(module)
    return out.getvalue()


def test_the_location_is_the_op_s_and_types_stay_types() -> None:
    module = parse_module(TEXT)
    again = parse_module(_with_locations(module))
    again.verify()
    a, b = [op for op in again.walk() if op.name == "ascendc.construct"]
    assert "types" not in a.properties
    assert isinstance(a.location, FileLineColLoc) and a.location.line.data == 3
    assert isinstance(b.properties["types"], ArrayAttr) and b.location.line.data == 4
    assert _with_locations(again) == _with_locations(module)
