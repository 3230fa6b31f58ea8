"""Ascend C backend: prints AscendC-dialect IR as C++ for CANN's `bisheng`."""

from io import StringIO

from xdsl.dialects.builtin import ModuleOp

from asc_xdsl.backends.ascendc.printer import CodegenError, emit_ascendc
from asc_xdsl.backends.ascendc.target import AscendCTarget


def to_ascendc(module: ModuleOp) -> str:
    """The Ascend C source of `module` as a string."""
    out = StringIO()
    emit_ascendc(module, out)
    return out.getvalue()


__all__ = ["AscendCTarget", "CodegenError", "emit_ascendc", "to_ascendc"]
