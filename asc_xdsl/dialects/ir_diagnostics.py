"""Source-located verification of textual IR.

xDSL's parser keeps no source position for ops written without `loc(...)`. The
`LocatingParser` records where each op starts, and `verify_located` reports the
innermost op that fails to verify as `file:line:col: error: message` with the
source line and a caret, the way compilers do.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.context import Context
from xdsl.dialects.builtin import (
    AnyFloat,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    f64,
    i64,
)
from xdsl.ir import Attribute, Operation
from xdsl.parser import Parser
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.lexer import Input, Span
from xdsl.utils.mlir_lexer import MLIRTokenKind

from asc_xdsl.diagnostics import CodedError
from asc_xdsl.dialects.dtypes import FLOAT_LIMITS, DataType, float_overflows, from_ir
from asc_xdsl.utils.recursion import deep_recursion

if TYPE_CHECKING:  # the extra rules go by op name: asc-opt loads a dialect when IR names it
    from xdsl.dialects import func


class LocatedVerifyError(CodedError, VerifyException, ValueError):
    """A verification failure with the failing op's source position in its message
    (ASC-V2xx: the code says which check failed)."""


class LocatedVerifyTypeError(LocatedVerifyError, TypeError):
    """A verification failure that is a type the op or the host cannot take."""


LocatedVerifyError._kinds = {"TypeError": LocatedVerifyTypeError}


class IRParseError(CodedError, ParseError, ValueError):
    """IR text refused where it is written (ASC-V210; ASC-V211 for the parser's limits)."""


_LIMIT = "ASC-V211"


MAX_NESTING = 1000
"""Operations nested deeper than this are refused with a located error (each level
costs Python frames in the parser, the verifier and the printers)."""


MAX_INT_WIDTH = 16777215
"""The widest integer type accepted (MLIR's limit): wider ones are refused where they
are written, before any value of them is made (xDSL would compute `1 << width`)."""

MAX_DENSE_WIDTH = 64
"""The widest integer element of `dense<...>` and `array<...>` attributes (xDSL stores
their elements in at most 8 bytes; checking wider values one by one takes minutes)."""

MAX_DENSE_ELEMENTS = 1 << 24
"""The most elements a `dense<...>` attribute may have (a splat is expanded to all of
them)."""

_INT_TYPE = re.compile(r"[su]?i([0-9]+)")
_DENSE_ARRAY_ELEMENT = re.compile(r"\s*([su]?i([0-9]+))\b")


class LocatingParser(Parser):
    """A Parser that remembers the source span of each op's name, refuses literals
    that do not fit their type, nesting beyond `MAX_NESTING`, integer types beyond
    `MAX_INT_WIDTH` bits (`MAX_DENSE_WIDTH` in dense attributes) and a block label
    defined twice; any other exception of xDSL's parser becomes a ParseError at the
    token it stopped at."""

    def __init__(
        self, ctx: Context, text: str | bytes, name: str = "<unknown>", line_offset: int = 0
    ):
        check_string_literals(text, name, line_offset)
        text, aliases = _hoist_location_aliases(text, ctx, name, line_offset)
        super().__init__(ctx, text, name)
        self.attribute_aliases.update(aliases)
        self.op_spans: dict[Operation, Span] = {}
        self._line_offset = line_offset
        self._depth = 0

    def _span(self, start: int, end: int) -> Span:
        return Span(start, end, self.lexer.input, self._line_offset)

    def parse_operation(self) -> Operation:
        start = self._current_token.span
        span = Span(start.start, start.end, start.input, self._line_offset)
        if self._depth >= MAX_NESTING:
            raise IRParseError(
                span,
                f"error: operations nest more than {MAX_NESTING} levels deep here",
                code=_LIMIT,
            )
        self._depth += 1
        try:
            op = super().parse_operation()
        except VerifyException as e:
            # Type constraints of custom syntax are checked while parsing; report them
            # at the op like any other parse error.
            raise IRParseError(span, f"error: {_first_line(e)}") from None
        finally:
            self._depth -= 1
        self.op_spans[op] = span
        return op

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        try:
            with deep_recursion():
                return super().parse_module(allow_implicit_module)
        except RecursionError:  # e.g. attributes nested thousands deep
            token = self._current_token.span
            raise IRParseError(
                self._span(token.start, token.end),
                "error: the input nests too deeply to parse here",
                code=_LIMIT,
            ) from None
        except (ParseError, DiagnosticException):
            raise
        except Exception as e:  # xDSL's parser tripped over input it did not expect
            token = self._current_token.span
            raise IRParseError(
                self._span(token.start, token.end),
                f"error: the input cannot be parsed here ({type(e).__name__}: {e})",
            ) from None

    def _token_span(self) -> Span:
        token = self._current_token.span
        return self._span(token.start, token.end)

    def _parse_optional_integer_or_float_type(self):  # type: ignore[no-untyped-def]
        token = self._current_token
        if token.kind == MLIRTokenKind.BARE_IDENT:
            m = _INT_TYPE.fullmatch(token.text)
            if m is not None and (len(m.group(1)) > 8 or int(m.group(1)) > MAX_INT_WIDTH):
                raise IRParseError(
                    self._token_span(),
                    f"error: integer type {token.text} is too wide (at most {MAX_INT_WIDTH} bits)",
                    code=_LIMIT,
                )
        return super()._parse_optional_integer_or_float_type()

    def _parse_dense_literal_type(self):  # type: ignore[no-untyped-def]
        start = self._current_token.span.start
        t = super()._parse_dense_literal_type()
        written = self.lexer.input.content[start : self._current_token.span.start].rstrip()
        at = self._span(start, start + max(len(written), 1))
        element = getattr(t, "element_type", None)
        if isinstance(element, IntegerType) and element.width.data > MAX_DENSE_WIDTH:
            raise IRParseError(
                at,
                f"error: dense elements of type {element} are not supported (integer "
                f"elements have at most {MAX_DENSE_WIDTH} bits)",
                code=_LIMIT,
            )
        shape = t.get_shape() if hasattr(t, "get_shape") else ()
        if math.prod(max(d, 0) for d in shape) > MAX_DENSE_ELEMENTS:
            raise IRParseError(
                at,
                f"error: a dense literal of type {t} has too many elements (at most "
                f"{MAX_DENSE_ELEMENTS})",
                code=_LIMIT,
            )
        return t

    def _parse_builtin_densearray_attr(self):  # type: ignore[no-untyped-def]
        # The element type is read before the `<` is consumed: its values would be
        # checked against a `1 << width` each while they are parsed.
        token = self._current_token.span
        content = self.lexer.input.content
        after = content[token.end :] if token.text == "<" else ""
        m = _DENSE_ARRAY_ELEMENT.match(after) if isinstance(after, str) else None
        if m is not None and int(m.group(2)) > MAX_DENSE_WIDTH:
            start = token.end + m.start(1)
            raise IRParseError(
                self._span(start, token.end + m.end(1)),
                f"error: dense arrays of {m.group(1)} are not supported (integer elements "
                f"have at most {MAX_DENSE_WIDTH} bits)",
                code=_LIMIT,
            )
        return super()._parse_builtin_densearray_attr()

    def _parse_dialect_type_or_attribute_body(  # type: ignore[no-untyped-def]
        self, attr_name: str, is_type: bool, *args, **kwargs
    ):
        start = self._current_token.span.start
        try:
            return super()._parse_dialect_type_or_attribute_body(
                attr_name, is_type, *args, **kwargs
            )
        except ValueError as e:  # xDSL's `new` zips the parameters with the definition's
            if "zip()" not in str(e):
                raise
            lookup = self.ctx.get_optional_type if is_type else self.ctx.get_optional_attr
            definition = lookup(attr_name)
            if definition is None:
                raise
            count = len(definition.get_irdl_definition().parameters)
            takes = "no parameters" if count == 0 else f"{count} parameter{'s' * (count > 1)}"
            written = self.lexer.input.content[start : self._current_token.span.start].rstrip()
            raise IRParseError(
                self._span(start, start + max(len(written), 1)),
                f"error: {'!' if is_type else '#'}{attr_name} takes {takes}, not as written",
            ) from None

    def _parse_block(self):  # type: ignore[no-untyped-def]
        # xDSL 0.74 raises a KeyError for the second definition of a label that was
        # used before its first (the first does not record its position).
        token = self._current_token
        if token.kind == MLIRTokenKind.CARET_IDENT:
            name = token.text[1:]
            known = getattr(self, "blocks", {}).get(name)
            forward = getattr(self, "forward_block_references", {})
            if known is not None and known[1] is None and name not in forward:
                raise IRParseError(
                    self._token_span(), f"error: block ^{name} is defined twice in this region"
                )
        return super()._parse_block()

    def parse_optional_builtin_int_or_float_attr(self) -> IntegerAttr | FloatAttr | None:
        """xDSL's number literal, with the checks MLIR makes: a float literal must fit
        its type (`1.0e10 : f16`, `1.0e999999 : f32` are errors, not inf), a
        hexadecimal float literal must have the type's width."""
        if (flag := self.try_parse_builtin_boolean_attr()) is not None:
            return flag
        start = self._current_token.span.start
        is_hex = self._current_token.text[:2] in ("0x", "0X")
        if (value := self.parse_optional_number()) is None:
            return None
        end = self._current_token.span.start
        raw = self.lexer.input.content[start:end]
        literal = self._span(start, start + len(raw.rstrip()))
        if self._current_token.kind != MLIRTokenKind.COLON:
            return FloatAttr(value, f64) if isinstance(value, float) else IntegerAttr(value, i64)
        t = self._parse_attribute_type()
        if isinstance(t, AnyFloat):
            return FloatAttr(self._float_literal(value, is_hex, t, literal), t)
        if isinstance(t, IntegerType | IndexType):
            if isinstance(value, float):
                self.raise_error("Floating point value is not valid for integer type.", literal)
            return IntegerAttr(value, t)
        self.raise_error("Invalid type given for integer or float attribute.")

    def _float_literal(self, value: int | float, is_hex: bool, t: AnyFloat, at: Span) -> float:
        text = at.text.strip()
        if is_hex:
            bits = t.compile_time_size * 8
            if not 0 <= value < 1 << bits:
                raise IRParseError(
                    at,
                    f"error: hexadecimal float literal {text} does not fit in the {bits} "
                    f"bits of {t}",
                )
            return next(t.iter_unpack(int(value).to_bytes(t.compile_time_size, "little")))
        try:
            number = float(value)
        except OverflowError:
            number = math.inf
        dtype = _float_dtype(t)
        if math.isinf(number) or (dtype is not None and float_overflows(number, dtype)):
            largest = f" (largest finite value {FLOAT_LIMITS[dtype.name][0]:g})" if dtype else ""
            raise IRParseError(
                at,
                f"error: float literal {text} is out of range of {t}{largest}; write "
                "infinity as a hexadecimal literal",
            )
        return number


# A string literal as xDSL's lexer accepts it (escapes \n \t \\ \" and two hex digits),
# or a line comment; written without nested repetition so it runs in linear time.
_STRING_OR_COMMENT = r'//[^\n]*|"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*(?P<end>")?'
_STRING_RE = re.compile(_STRING_OR_COMMENT)
_STRING_RE_BYTES = re.compile(_STRING_OR_COMMENT.encode())


def check_string_literals(text: str | bytes, name: str = "<unknown>", line_offset: int = 0) -> None:
    """A located ParseError at the first string literal that is not closed on its line
    or holds an escape MLIR does not have. (xDSL's lexer matches string literals with
    a regular expression that backtracks exponentially on such input: a 40-character
    unterminated string takes hours.)"""
    pattern = _STRING_RE_BYTES if isinstance(text, bytes) else _STRING_RE
    quote = b'"' if isinstance(text, bytes) else '"'
    for m in pattern.finditer(text):  # type: ignore[arg-type]
        if m.group(0)[:1] == quote and m.group("end") is None:
            at = m.end()
            raise IRParseError(
                Span(m.start(), max(at, m.start() + 1), Input(text, name), line_offset),
                "error: string literal is not closed on its line, or has an escape other "
                'than \\n \\t \\\\ \\" and \\XX (two hex digits)',
            )


_LOC_ALIAS = re.compile(r"^(#loc[\w.$-]*)\s*=\s*loc\(.*\)\s*$", re.MULTILINE)


def _hoist_location_aliases(
    text: str | bytes, ctx: Context, name: str = "<unknown>", line_offset: int = 0
) -> tuple[str | bytes, dict]:
    """MLIR lets location aliases (`#loc3 = loc(...)`) follow their uses, and MLIR
    tools (pyasc's dumps among them) print them at the end; xDSL's parser needs an
    alias before its use. Parse the alias lines first and blank them out (so line
    numbers stay) in the text the module is parsed from. The alias lines are parsed in
    place (everything else blanked), so an error in one points at its own line."""
    source = text.decode() if isinstance(text, bytes) else text
    matches = list(_LOC_ALIAS.finditer(source))
    if not matches:
        return text, {}
    only_aliases = [c if c == "\n" else " " for c in source]
    for m in matches:
        only_aliases[m.start() : m.end()] = m.group(0)
    alias_parser = Parser(ctx, "".join(only_aliases) + "\nbuiltin.module {}", name)
    try:
        alias_parser.parse_module()
    except ParseError as e:
        span = Span(e.span.start, e.span.end, Input(source, name), line_offset)
        raise IRParseError(span, e.msg) from None
    blanked = _LOC_ALIAS.sub("", source)
    return (blanked.encode() if isinstance(text, bytes) else blanked), dict(
        alias_parser.attribute_aliases
    )


def _float_dtype(t: Attribute) -> DataType | None:
    try:
        dtype = from_ir(t)
    except TypeError:
        return None
    return dtype if dtype.is_float() else None


def _first_line(err: Exception) -> str:
    return str(err).strip().splitlines()[-1] if str(err).strip() else type(err).__name__


def _own_error(op: Operation) -> str | None:
    """The message of `op`'s own verification failure (nested ops excluded), if any.
    A verifier that crashes is reported as such, at the op, not as a traceback."""
    try:
        op.verify_()
    except VerifyException as e:
        return str(e)
    except Exception as e:
        return _crashed(op, e)
    try:
        op.verify(verify_nested_ops=False)
    except (VerifyException, DiagnosticException) as e:
        text = str(e)
        marker = "Operation does not verify: "
        return text.split(marker, 1)[1].splitlines()[0] if marker in text else _first_line(e)
    except Exception as e:
        return _crashed(op, e)
    return None


class _Finding(str):
    """A check's message that knows its diagnostic code."""

    code: str = "ASC-V200"


def _finding(message: str, code: str) -> _Finding:
    found = _Finding(message)
    found.code = code
    return found


def _crashed(op: Operation, e: Exception) -> str:
    return _finding(
        f"'{op.name}': its verifier failed with {type(e).__name__}: {e} (the op is "
        "malformed; the crash itself is a bug in asc_xdsl, please report it)",
        "ASC-V205",
    )


def _predicate_rule(count: int) -> Callable[[Operation], str | None]:
    def check(op: Operation) -> str | None:
        value = op.predicate.value.data  # type: ignore[attr-defined]
        if not 0 <= value < count:
            return _finding(
                f"'{op.name}': predicate {value} is not one of 0..{count - 1}", "ASC-V204"
            )
        return None

    return check


def _kernel_signature(op: func.FuncOp) -> str | None:
    """A kernel (`ascendc.global`) takes GM pointers and scalars from the host; tensors,
    queues and other framework objects are made inside it."""
    from asc_xdsl.dialects.ascendc.base import KERNEL_ATTR

    if KERNEL_ATTR not in op.attributes:
        return None
    for i, t in enumerate(op.function_type.inputs.data):
        if not isinstance(t, MemRefType | IntegerType | IndexType | AnyFloat):
            return _finding(
                f"kernel @{op.sym_name.data}: parameter {i} has type {t}; a kernel takes GM "
                "pointers (memref<?xT, 22>) and scalars, and makes tensors and framework "
                "objects itself",
                "ASC-V202",
            )
    return None


def _queue_parameters(op: func.FuncOp) -> str | None:
    """A `TQue<GM, n>` parameter: the headers reject the type (a queue is on chip)."""
    from asc_xdsl.dialects.ascendc.types import QueueType, TPosition

    for i, t in enumerate(op.function_type.inputs.data):
        if isinstance(t, QueueType) and t.tposition is TPosition.GM:
            return _finding(
                f"@{op.sym_name.data}: parameter {i} has type {t}; a TQue at gm does not "
                "compile (a queue lives in an on-chip buffer)",
                "ASC-V203",
            )
    return None


def _function_signature(op: func.FuncOp) -> str | None:
    return _kernel_signature(op) or _queue_parameters(op)


_EXTRA_RULES: dict[str, Callable[[Operation], str | None]] = {
    "arith.cmpi": _predicate_rule(10),
    "arith.cmpf": _predicate_rule(16),
    "func.func": _function_signature,  # type: ignore[dict-item]  # called for func.func only
}
"""Checks xDSL's own verifiers leave out, on which its IR printer (and ours) rely."""


def _extra_error(op: Operation) -> str | None:
    rule = _EXTRA_RULES.get(op.name)
    return rule(op) if rule is not None else None


def verify_located(module: ModuleOp, spans: dict[Operation, Span]) -> None:
    """Verify `module`; on failure raise LocatedVerifyError pointing at the failing op."""
    from asc_xdsl.dialects.fast_verify import verify_module

    try:
        verify_module(module)
        failure: Exception | None = None
    except Exception as whole:  # VerifyException, or a verifier that crashed
        failure = whole
    for op in module.walk(reverse=False):
        message = _own_error(op) if failure is not None else None
        message = message or _extra_error(op)
        if message is None:
            continue
        code = getattr(message, "code", "ASC-V200")
        span = spans.get(op)
        if span is None:
            raise LocatedVerifyError(f"error: {message}", code=code) from failure
        text = span.print_with_context(f"error: {message}").rstrip()
        raise LocatedVerifyError(text, code=code) from None
    at = getattr(failure, "op", None)  # a check of the whole module that names its op
    while at is not None and at not in spans:  # (dominance.DominanceError; an implicit
        at = at.parent_op()  # terminator is at the op around it)
    if at is not None:
        message = getattr(failure, "text", failure)  # (without a code of its own)
        text = spans[at].print_with_context(f"error: {message}").rstrip()
        raise LocatedVerifyError(text, code=getattr(failure, "code", None)) from None
    if failure is not None:
        raise failure
