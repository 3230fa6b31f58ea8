"""Source-located verification of textual IR.

xDSL's parser keeps no source position for ops written without `loc(...)`. The
`LocatingParser` records where each op starts, and `verify_located` reports the
innermost op that fails to verify as `file:line:col: error: message` with the
source line and a caret, the way compilers do.
"""

from __future__ import annotations

import re

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.lexer import Span


class LocatedVerifyError(VerifyException):
    """A verification failure with the failing op's source position in its message."""


class LocatingParser(Parser):
    """A Parser that remembers the source span of each op's name."""

    def __init__(
        self, ctx: Context, text: str | bytes, name: str = "<unknown>", line_offset: int = 0
    ):
        text, aliases = _hoist_location_aliases(text, ctx)
        super().__init__(ctx, text, name)
        self.attribute_aliases.update(aliases)
        self.op_spans: dict[Operation, Span] = {}
        self._line_offset = line_offset

    def parse_operation(self) -> Operation:
        start = self._current_token.span
        span = Span(start.start, start.end, start.input, self._line_offset)
        try:
            op = super().parse_operation()
        except VerifyException as e:
            # Type constraints of custom syntax are checked while parsing; report them
            # at the op like any other parse error.
            raise ParseError(span, f"error: {_first_line(e)}") from None
        self.op_spans[op] = span
        return op


_LOC_ALIAS = re.compile(r"^(#loc[\w.$-]*)\s*=\s*loc\(.*\)\s*$", re.MULTILINE)


def _hoist_location_aliases(text: str | bytes, ctx: Context) -> tuple[str | bytes, dict]:
    """MLIR lets location aliases (`#loc3 = loc(...)`) follow their uses, and MLIR
    tools (pyasc's dumps among them) print them at the end; xDSL's parser needs an
    alias before its use. Parse the alias lines first and blank them out (so line
    numbers stay) in the text the module is parsed from."""
    source = text.decode() if isinstance(text, bytes) else text
    lines = [m.group(0) for m in _LOC_ALIAS.finditer(source)]
    if not lines:
        return text, {}
    alias_parser = Parser(ctx, "\n".join(lines) + "\nbuiltin.module {}")  # needs one op
    alias_parser.parse_module()
    blanked = _LOC_ALIAS.sub("", source)
    return (blanked.encode() if isinstance(text, bytes) else blanked), dict(
        alias_parser.attribute_aliases
    )


def _first_line(err: Exception) -> str:
    return str(err).strip().splitlines()[-1] if str(err).strip() else type(err).__name__


def _own_error(op: Operation) -> str | None:
    """The message of `op`'s own verification failure (nested ops excluded), if any."""
    try:
        op.verify_()
    except VerifyException as e:
        return str(e)
    try:
        op.verify(verify_nested_ops=False)
    except (VerifyException, DiagnosticException) as e:
        text = str(e)
        marker = "Operation does not verify: "
        return text.split(marker, 1)[1].splitlines()[0] if marker in text else _first_line(e)
    return None


def verify_located(module: ModuleOp, spans: dict[Operation, Span]) -> None:
    """Verify `module`; on failure raise LocatedVerifyError pointing at the failing op."""
    try:
        module.verify()
        return
    except VerifyException as whole:
        failure = whole
    for op in module.walk(reverse=False):
        message = _own_error(op)
        if message is None:
            continue
        span = spans.get(op)
        if span is None:
            raise LocatedVerifyError(f"error: {message}") from failure
        raise LocatedVerifyError(span.print_with_context(f"error: {message}").rstrip()) from None
    raise failure
