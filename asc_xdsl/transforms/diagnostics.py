"""Located diagnostics of passes: warnings that let compilation go on, errors that stop it.

A pass reports at an op (or a value: a block argument is shown at the op that owns its
block) with optional notes at other ops, as MLIR's `emitWarning().attachNote(...)` does:

    diags = PassDiagnostics("ascendc-verify-sync")
    diags.warning(free_op, "FreeTensor: tensor memory was freed before its last use",
                  notes=[(tensor, "tensor declared here")])
    diags.finish()            # warnings go to the handler; errors raise PassFailedException

Each message names where it is:

- an op the frontend made carries a `FileLineColLoc` (`kernel.py:12:5: warning: ...`);
- an op `asc-opt` parsed has the source span the driver registered with `source_spans`
  (the line is shown with a caret under the op);
- otherwise the op is printed after the message.

Warnings go to `sys.stderr` unless a caller installs a handler (`warning_handler`), as
the JIT does to turn them into Python warnings.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from xdsl.dialects import func
from xdsl.dialects.builtin import FileLineColLoc
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.printer import Printer
from xdsl.utils.exceptions import PassFailedException
from xdsl.utils.lexer import Span

from asc_xdsl.diagnostics import CodedError, lookup, pass_code
from asc_xdsl.utils.records import Record

Where = Operation | SSAValue

_SPANS: ContextVar[Mapping[Operation, Span] | None] = ContextVar("asc_pass_spans", default=None)
_HANDLER: ContextVar[Callable[[str], None] | None] = ContextVar("asc_warning_handler", default=None)


@contextmanager
def source_spans(spans: Mapping[Operation, Span]) -> Iterator[None]:
    """Within the block, diagnostics show ops at these source spans (the driver's parse)."""
    token = _SPANS.set(spans)
    try:
        yield
    finally:
        _SPANS.reset(token)


@contextmanager
def warning_handler(handler: Callable[[str], None]) -> Iterator[None]:
    """Within the block, each formatted warning goes to `handler`, not to stderr."""
    token = _HANDLER.set(handler)
    try:
        yield
    finally:
        _HANDLER.reset(token)


def _anchor(where: Where) -> Operation | None:
    """The op a diagnostic about `where` is shown at."""
    if isinstance(where, Operation):
        return where
    if isinstance(where, OpResult):
        return where.op
    if isinstance(where, BlockArgument):
        block: Block = where.block
        return block.parent_op()
    return None


def locate(
    where: Where, severity: str, message: str, lines: dict[Operation, str] | None = None
) -> str:
    """`message` with the position of `where`, in the form compilers print. `lines` keeps
    the printed ops of one report: a pass's warnings point at the same ops again and again
    (verify-sync's notes name each tensor's declaration once per finding)."""
    text = f"{severity}: {message}"
    op = _anchor(where)
    if op is None:
        return text
    loc = op.location
    if isinstance(loc, FileLineColLoc):
        return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}: {text}"
    span = (_SPANS.get() or {}).get(op)
    if span is not None:
        return span.print_with_context(text).rstrip()
    if lines is None:
        return f"{text}\n  at: {_one_line(op)}"
    line = lines.get(op)
    if line is None:
        line = lines[op] = _one_line(op)
    return f"{text}\n  at: {line}"


def _one_line(op: Operation) -> str:
    from io import StringIO

    out = StringIO()
    if op.regions:  # a function or loop: its first line is enough
        printed = f"'{op.name}'"
        sym = op.attributes.get("sym_name") or getattr(op, "sym_name", None)
        name = getattr(sym, "data", None)
        return f"{printed} @{name}" if name else printed
    Printer(stream=out).print_op(op)
    return out.getvalue().strip()


class PassError(CodedError, PassFailedException, ValueError):
    """A pass's located errors (ASC-P3xx by pass, `asc_xdsl.diagnostics.PASS_CODES`)."""


class Diagnostic(Record):
    """One diagnostic of a pass: `severity` "warning" or "error"; `code` is shown after
    the message, its hint after the notes."""

    _FIELDS = ("severity", "where", "message", "notes", "code")
    __slots__ = _FIELDS

    def __init__(
        self,
        severity: str,
        where: Where,
        message: str,
        notes: Sequence[tuple[Where, str]] = (),
        code: str | None = None,
    ) -> None:
        self.severity = severity
        self.where = where
        self.message = message
        self.notes = notes
        self.code = code

    def format(self, lines: dict[Operation, str] | None = None) -> str:
        """The diagnostic as printed; `lines` as `locate`'s, shared by one report."""
        message = self.message if self.code is None else f"{self.message} [{self.code}]"
        parts = [locate(self.where, self.severity, message, lines)]
        parts += [locate(w, "note", m, lines) for w, m in self.notes]
        hint = lookup(self.code).hint if self.code is not None else None
        return "\n".join(parts + ([f"hint: {hint}"] if hint else []))


class PassDiagnostics(Record):
    """The diagnostics one run of a pass reports."""

    _FIELDS = ("pass_name", "items")
    __slots__ = _FIELDS

    def __init__(self, pass_name: str, items: list[Diagnostic] | None = None) -> None:
        self.pass_name = pass_name
        self.items = [] if items is None else items

    def warning(self, where: Where, message: str, notes: Sequence[tuple[Where, str]] = ()) -> None:
        code = pass_code(self.pass_name, "warning")
        self.items.append(Diagnostic("warning", where, message, notes, code))

    def error(self, where: Where, message: str, notes: Sequence[tuple[Where, str]] = ()) -> None:
        self.items.append(Diagnostic("error", where, message, notes))

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "error"]

    def finish(self) -> None:
        """Report the warnings; raise the errors (all of them, in one exception)."""
        handler = _HANDLER.get()
        lines: dict[Operation, str] = {}
        for d in self.items:
            if d.severity == "warning":
                text = d.format(lines)
                if handler is None:
                    print(text, file=sys.stderr)
                else:
                    handler(text)
        errors = self.errors
        if errors:
            code = pass_code(self.pass_name, "error")
            raise PassError("\n".join(d.format(lines) for d in errors), code=code)


def fail(pass_name: str, where: Where, message: str) -> PassError:
    """The exception a pass raises for one located error, with the pass's code."""
    text = Diagnostic("error", where, f"{pass_name}: {message}").format()
    return PassError(text, code=pass_code(pass_name, "error"))


def structured_functions(module: Operation, pass_name: str) -> Iterator[func.FuncOp]:
    """The functions with a body in `module`, for a pass that follows structured control
    flow (scf) only: a function whose body branches between blocks (cf ops) is refused,
    located at it (tools/pass_sweep.py found such passes raising ValueError there)."""
    for f in module.walk():
        if not isinstance(f, func.FuncOp) or not f.body.blocks:
            continue
        if len(f.body.blocks) > 1:
            raise fail(
                pass_name,
                f,
                "the function branches between blocks (cf ops); this pass follows "
                "structured control flow (scf) only",
            )
        yield f
