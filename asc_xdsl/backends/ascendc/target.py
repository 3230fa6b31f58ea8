"""The `ascendc` output target of `asc-opt` / `xdsl-opt` (`-t ascendc`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO, ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.target import Target

from asc_xdsl.backends.ascendc.printer import check_printable, emit_ascendc


@dataclass(frozen=True)
class AscendCTarget(Target):
    """Print the module as Ascend C source: a translation unit that compiles, so the
    headers it needs and does not include (what `ascendc-generate-boilerplate` would
    add: the JIT runs it) are included, then its declarations and functions.

    Only IR that verifies is printed, even under `--disable-verify`: each op is checked
    first, and one that does not verify is a located EmissionError, never wrong C++.
    """

    name: ClassVar[str] = "ascendc"

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        from asc_xdsl.transforms.generate_boilerplate import missing_headers

        check_printable(module)
        emit_ascendc(module, output, missing_headers(module))
