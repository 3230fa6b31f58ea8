"""Ascend C backend: prints AscendC-dialect IR as C++ for CANN's `bisheng`."""

from io import StringIO

from xdsl.dialects.builtin import ModuleOp

from asc_xdsl.backends.ascendc.printer import CodegenError, emit_ascendc
from asc_xdsl.backends.ascendc.target import AscendCTarget


def to_ascendc(module: ModuleOp) -> str:
    """The Ascend C source of `module` as a string: a translation unit that compiles,
    with the headers the module needs and does not include (which
    `ascendc-generate-boilerplate` adds in the JIT's pipeline)."""
    from asc_xdsl.transforms.generate_boilerplate import missing_headers

    out = StringIO()
    emit_ascendc(module, out, missing_headers(module))
    return out.getvalue()


__all__ = ["AscendCTarget", "CodegenError", "emit_ascendc", "to_ascendc"]
