"""Kernels written as IR (textual or built with xDSL builders), ready to launch.

The AscendC dialect is also a library without the Python frontend: a module holding a
kernel (`func.func` with the `ascendc.global` attribute) becomes a `CompiledKernel`
that launches on any backend like an `@asc.jit` kernel does:

    from asc_xdsl.runtime.ir_kernel import load_kernel
    kernel = load_kernel("add.mlir")        # parse, verify, run the JIT pipeline
    kernel[8](x, y, z, n)                   # the CPU simulator by default
    print(kernel.asm["ascendc"])

`python -m asc_xdsl.run add.mlir ...` does the same from the command line.

The JIT pipeline gives a `mix` kernel the hidden `ffts_addr` parameter its launch passes
(`ascendc-legalize-kernel-args`); the caller passes only the explicit ones. With
`run_passes=False` the IR is taken as it is: a `mix` kernel without that parameter has
no Ascend C (the printer says which pass adds it) and the CANN launch refuses it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, StringAttr, UnitAttr
from xdsl.ir import Operation
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.lexer import Span

from asc_xdsl.dialects.ascendc.base import KERNEL_ATTR, KERNEL_TYPE_ATTR
from asc_xdsl.runtime.kernel import KERNEL_TYPES, CompiledKernel, LaunchError


class KernelIRError(LaunchError, ValueError):
    """IR that does not parse, does not verify, or holds no (or no such) kernel."""


def _text(e: Exception) -> str:
    """The message of `e` without its code and hint (the KernelIRError shows them)."""
    return str(getattr(e, "text", e)).rstrip()


def _code(e: Exception, default: str) -> str:
    """The code of `e`, or `default` for an error of xDSL's (which carries none)."""
    return getattr(e, "code", None) or default


def kernel_names(module: ModuleOp) -> list[str]:
    """The kernels (`func.func` with `ascendc.global`) of `module`, in order."""
    return [
        op.sym_name.data
        for op in module.ops
        if isinstance(op, func.FuncOp) and isinstance(op.attributes.get(KERNEL_ATTR), UnitAttr)
    ]


def kernel_from_module(
    module: ModuleOp,
    name: str | None = None,
    *,
    run_passes: bool = True,
    source: str = "",
    spans: Mapping[Operation, Span] | None = None,
) -> CompiledKernel:
    """A launchable kernel from `module` (verified; the JIT pipeline runs on a copy).

    `name` picks the kernel when the module has several. A pass's error (a plan-memory
    overflow, ...) is a KernelIRError that shows the op at its source line when `spans`
    (the parser's `op_spans`) has it.
    """
    from asc_xdsl.backends.ascendc import to_ascendc
    from asc_xdsl.frontend.jit import LazyTexts
    from asc_xdsl.transforms.pipeline import run_pipeline

    try:
        module.verify()
    except VerifyException as e:
        raise KernelIRError(
            f"the module does not verify: {_text(e)}", code=_code(e, "ASC-V200")
        ) from None
    names = kernel_names(module)
    if not names:
        raise KernelIRError(
            "the module has no kernel: mark the entry function with the `ascendc.global` "
            "attribute (func.func @k(...) attributes {ascendc.global})"
        )
    if name is None:
        if len(names) > 1:
            raise KernelIRError(
                f"the module has {len(names)} kernels ({', '.join(names)}): pass name="
            )
        name = names[0]
    elif name not in names:
        raise KernelIRError(f"no kernel '{name}' in the module (kernels: {', '.join(names)})")
    if spans:
        _locate(spans)
    lowered = module.clone()
    if run_passes:
        from asc_xdsl.transforms.diagnostics import source_spans

        # the copy's ops at their originals' spans (a clone keeps the walk order)
        pairs = zip(module.walk(), lowered.walk(), strict=True) if spans else ()
        copied = {c: spans[o] for o, c in pairs if o in spans}  # type: ignore[index]
        try:
            with source_spans(copied):
                run_pipeline(lowered)
        except DiagnosticException as e:
            raise KernelIRError(_text(e), code=_code(e, "ASC-R604")) from None
    kernel = next(
        op for op in lowered.ops if isinstance(op, func.FuncOp) and op.sym_name.data == name
    )
    kind_attr = kernel.attributes.get(KERNEL_TYPE_ATTR)
    kernel_type = kind_attr.data if isinstance(kind_attr, StringAttr) else "vector"
    if kernel_type not in KERNEL_TYPES:
        raise KernelIRError(
            f"kernel '{name}': unknown {KERNEL_TYPE_ATTR} \"{kernel_type}\" "
            f"(one of {', '.join(KERNEL_TYPES)})"
        )
    asm = LazyTexts(
        ir=lambda: source or f"{module}\n",
        lowered_ir=lambda: f"{lowered}\n",
        ascendc=lambda: to_ascendc(lowered),
    )
    return CompiledKernel(name=name, module=lowered, asm=asm, kernel_type=kernel_type)


def _locate(spans: Mapping[Operation, Span]) -> None:
    """Give each parsed op without a location its `file:line:col` from the parse, so
    the lowered copy's ops (a clone keeps locations) name their line when they fail
    at run time (the simulator's errors, `python -m asc_xdsl.run`)."""
    import bisect

    from xdsl.dialects.builtin import FileLineColLoc, IntAttr, UnknownLoc

    line_starts: dict[int, list[int]] = {}  # id(input) -> offsets where lines start
    for op, span in spans.items():
        if not isinstance(op.location, UnknownLoc):
            continue  # a `loc(...)` of the text itself
        starts = line_starts.get(id(span.input))
        if starts is None:
            text = span.input.content
            starts = [0, *(i + 1 for i, ch in enumerate(text) if ch == "\n")]
            line_starts[id(span.input)] = starts
        line = bisect.bisect_right(starts, span.start)
        op.location = FileLineColLoc(
            StringAttr(span.input.name),
            IntAttr(line + span.line_offset),
            IntAttr(span.start - starts[line - 1] + 1),
        )


def kernel_from_text(
    text: str, name: str | None = None, *, filename: str = "<string>", run_passes: bool = True
) -> CompiledKernel:
    """Parse textual IR (errors name `filename:line:col` with a caret) and make a kernel."""
    from asc_xdsl.dialects.ir_diagnostics import LocatingParser, verify_located
    from asc_xdsl.frontend.ir_context import make_context

    try:
        parser = LocatingParser(make_context(), text, filename)
        module = parser.parse_module()
        verify_located(module, parser.op_spans)
    except (ParseError, VerifyException) as e:
        raise KernelIRError(_text(e), code=_code(e, "ASC-V210")) from None
    return kernel_from_module(
        module, name, run_passes=run_passes, source=text, spans=parser.op_spans
    )


def load_kernel(
    path: str | Path, name: str | None = None, *, run_passes: bool = True
) -> CompiledKernel:
    """A kernel from an `.mlir` file."""
    path = Path(path)
    try:
        text = path.read_text()
    except OSError as e:
        raise KernelIRError(f"cannot read {path}: {e.strerror}") from None
    return kernel_from_text(text, name, filename=str(path), run_passes=run_passes)


__all__ = ["KernelIRError", "kernel_from_module", "kernel_from_text", "kernel_names", "load_kernel"]
