"""The frontend's name for the IR context (`make_context`, `parse_module`): defined with
the dialects, in `asc_xdsl.dialects.ir_context`, which the pass pipeline uses too."""

from asc_xdsl.dialects.ir_context import DIALECTS, make_context, parse_module

__all__ = ["DIALECTS", "make_context", "parse_module"]
