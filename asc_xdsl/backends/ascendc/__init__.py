"""Ascend C backend: prints AscendC-dialect IR as C++ for CANN's `bisheng`.

The printer (and the dialects it reads) loads on first use: `EmissionError` alone does
not need it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asc_xdsl.backends.ascendc.errors import EmissionError

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp


def to_ascendc(module: ModuleOp, complete: bool = False) -> str:
    """The Ascend C source of `module` as a string: a translation unit that compiles,
    with the headers the module needs and does not include (which
    `ascendc-generate-boilerplate` adds in the JIT's pipeline). `complete` says the
    module includes them already (it went through that pass): no walk to look."""
    from io import StringIO

    from asc_xdsl.backends.ascendc.printer import emit_ascendc

    headers: tuple[str, ...] | list[str] = ()
    if not complete:
        from asc_xdsl.transforms.generate_boilerplate import missing_headers

        headers = missing_headers(module)
    out = StringIO()
    emit_ascendc(module, out, headers)
    return out.getvalue()


def __getattr__(name: str) -> Any:
    if name == "emit_ascendc":
        from asc_xdsl.backends.ascendc.printer import emit_ascendc

        return emit_ascendc
    if name == "AscendCTarget":
        from asc_xdsl.backends.ascendc.target import AscendCTarget

        return AscendCTarget
    if name == "printer":  # the submodule, as `from asc_xdsl.backends.ascendc import printer`
        import importlib

        return importlib.import_module("asc_xdsl.backends.ascendc.printer")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["AscendCTarget", "EmissionError", "emit_ascendc", "to_ascendc"]
