"""C++'s reserved words, what makes a usable identifier, callee or class name, and
which verbatim lines and expressions stay in their place (standard library only).

The printer (`backends/ascendc/names.py`, `cpp_types.py`) and the emitasc dialect's
verifiers (names and code written in the IR) both ask these, so verified IR and the
printer refuse the same text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


CPP_KEYWORDS = _words(
    """
    alignas alignof and and_eq asm auto bitand bitor bool break case catch char char16_t
    char32_t char8_t class co_await co_return co_yield compl concept const const_cast
    consteval constexpr constinit continue decltype default delete do double dynamic_cast
    else enum explicit export extern false float for friend goto if inline int long mutable
    namespace new noexcept not not_eq nullptr operator or or_eq private protected public
    register reinterpret_cast requires return short signed sizeof static static_assert
    static_cast struct switch template this thread_local throw true try typedef typeid
    typename union unsigned using virtual void volatile wchar_t while xor xor_eq
    """
)
"""C++ keywords (C++20's too: bisheng may compile with a newer standard)."""

CPP_TYPE_NAMES = _words(
    "half bfloat16_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t"
)
"""Type names the printed code spells unqualified."""

ASCENDC_NAMES = _words("AscendC GM_ADDR printf main")
"""The Ascend C namespace and names a kernel translation unit already defines."""

MACRO_NAMES = _words(
    """
    errno stdin stdout stderr math_errhandling sched_priority sa_handler sa_sigaction
    si_addr si_addr_lsb si_arch si_band si_call_addr si_fd si_int si_lower si_overrun si_pid
    si_pkey si_ptr si_status si_stime si_syscall si_timerid si_uid si_upper si_utime si_value
    sigev_notify_attributes sigev_notify_function
    NULL EOF NAN INFINITY M_PI M_E ASCEND_IS_AIV ASCEND_IS_AIC ASCEND_IS_AICORE
    """
)
"""Object-like macros that look like ordinary names: the lowercase ones of CANN's
CPU-debug build (its headers include the C library's), and a few common upper-case
ones. A variable with such a name would be replaced by the macro's expansion."""

CPP_RESERVED = CPP_KEYWORDS | CPP_TYPE_NAMES | ASCENDC_NAMES | MACRO_NAMES
"""Names no generated identifier may take; a name hint equal to one gets a `_` suffix."""


def is_c_identifier(name: str) -> bool:
    """Whether `name` is a C identifier (`[A-Za-z_][A-Za-z0-9_]*`): for ASCII text that
    is what `str.isidentifier` accepts (no pattern to compile at import)."""
    return name.isascii() and name.isidentifier()


def identifier_problem(name: str, taken: Iterable[str] = ()) -> str | None:
    """Why `name` cannot be used as it is for a C++ function or variable, or None."""
    if not is_c_identifier(name):
        return "is not a C identifier"
    if name in CPP_KEYWORDS:
        return "is a C++ keyword"
    if "__" in name or (name[:1] == "_" and "A" <= name[1:2] <= "Z"):
        return "is reserved by C++ (it has '__' or starts with '_' and a capital)"
    if name in CPP_RESERVED or name in taken:
        return "already names something in Ascend C sources"
    return None


# (patterns compiled by `re` when first used, and then found in its cache: ~0.2 ms each
# of a cold start otherwise)
_CALLEE_TOKEN = r"\s*(?:(::)|([A-Za-z_][A-Za-z0-9_]*)|(-?[0-9]+[uUlL]*)|([<>,*&]))"
TYPE_WORDS = _words("bool char short int long signed unsigned float double void const volatile")
"""Keywords a template argument may hold (`Foo<unsigned int>`)."""
_LITERAL_WORDS = _words("true false")


class _CalleeParser:
    """Reads `ns::name<args>`: a qualified name whose segments may have template
    arguments, each a type (a qualified name or keywords such as `unsigned int`, then
    `*`/`&`), an integer or `true`/`false`."""

    def __init__(self, text: str) -> None:
        self.tokens: list[str] = []
        pos = 0
        while pos < len(text.rstrip()):
            m = re.compile(_CALLEE_TOKEN).match(text, pos)
            if m is None or m.end() == pos:
                raise ValueError(f"{text[pos:].strip()[:1]!r} cannot appear in it")
            self.tokens.append(m.group(m.lastindex or 0))
            pos = m.end()
        self.i = 0

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if token is None or (expected is not None and token != expected):
            want = f"'{expected}'" if expected else "more"
            raise ValueError(f"{want} expected {self._where()}")
        self.i += 1
        return token

    def _where(self) -> str:
        token = self.peek()
        return "at its end" if token is None else f"at '{token}'"

    def qualified(self) -> None:
        if self.peek() == "::":
            self.take()
        while True:
            word = self.take()
            if not is_c_identifier(word):
                raise ValueError(f"a name expected, got '{word}'")
            if word in CPP_KEYWORDS:
                raise ValueError(f"'{word}' is a C++ keyword")
            if self.peek() == "<":
                self.template_args()
            if self.peek() != "::":
                return
            self.take()

    def template_args(self) -> None:
        self.take("<")
        if self.peek() == ">":
            self.take()
            return
        while True:
            self.template_arg()
            if self.take() == ">":
                return
            if self.tokens[self.i - 1] != ",":
                raise ValueError(f"',' or '>' expected, got '{self.tokens[self.i - 1]}'")

    def template_arg(self) -> None:
        token = self.peek()
        if token is not None and (token[0].isdigit() or token[0] == "-" or token in _LITERAL_WORDS):
            self.take()
            return
        if token in TYPE_WORDS:
            while self.peek() in TYPE_WORDS:
                self.take()
        else:
            self.qualified()
        while self.peek() in ("*", "&"):
            self.take()


@functools.lru_cache(maxsize=1024)
def callee_problem(text: str) -> str | None:
    """Why `text` cannot be printed as the function a call names (`AscendC::Foo<half,
    2>`), or None. Only a qualified name with template arguments passes: no
    statement, declaration (`int x, y`), operator or comment can be spelled."""
    try:
        parser = _CalleeParser(text)
        if not parser.tokens:
            raise ValueError("it is empty")
        parser.qualified()
        if parser.peek() is not None:
            raise ValueError(f"unexpected '{parser.peek()}'")
    except ValueError as e:
        return f"is not a C++ function name (a qualified name with template arguments): {e}"
    return None


@functools.lru_cache(maxsize=1024)
def class_name_problem(text: str) -> str | None:
    """Why `text` cannot be printed as the C++ class a type names (`AscendC::TQue`),
    or None: each `::`-separated part must be an identifier that is not a keyword."""
    for part in text.removeprefix("::").split("::"):
        if not is_c_identifier(part):
            return "is not a C++ class name"
        if part in CPP_KEYWORDS:
            return f"is not a C++ class name ('{part}' is a C++ keyword)"
    return None


_CONDITIONAL_DIRECTIVES = frozenset(
    ("if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif")
)
_RAW_PREFIXES = frozenset(("R", "LR", "uR", "UR", "u8R"))
_DIRECTIVE = r"\s*(?:#|%:)\s*([A-Za-z_]\w*)"


def _scan_code(text: str) -> tuple[str | None, bool, bool]:
    """Lex one line of C++: (why it would not stay on its line or None, whether it has a
    comment, whether it has a `;` outside literals and comments)."""
    bad = next((ch for ch in text if ord(ch) < 0x20 or ord(ch) == 0x7F), None)
    if bad is not None:
        return f"it contains {bad!r}", False, False
    stripped = text.rstrip()
    if stripped.endswith("\\") or stripped.endswith("??/"):
        return "it ends with a backslash, which would join the next line to it", False, False
    directive = re.compile(_DIRECTIVE).match(text)
    if directive is not None and directive.group(1) in _CONDITIONAL_DIRECTIVES:
        return (
            f"a conditional directive (#{directive.group(1)}) would take the lines after it "
            "with it",
            False,
            False,
        )
    comment = semicolon = False
    i, n, word = 0, len(text), ""
    while i < n:
        ch = text[i]
        if ch == "/" and text.startswith("/", i + 1):
            return None, True, semicolon
        if ch == "/" and text.startswith("*", i + 1):
            end = text.find("*/", i + 2)
            if end < 0:
                return "it opens a /* comment that does not end on the line", True, semicolon
            comment, i, word = True, end + 2, ""
            continue
        if ch == '"' and word in _RAW_PREFIXES:
            open_paren = text.find("(", i + 1)
            delimiter = text[i + 1 : open_paren] if open_paren >= 0 else ""
            end = text.find(f'){delimiter}"', open_paren + 1) if open_paren >= 0 else -1
            if end < 0:
                return (
                    "it opens a raw string literal that does not end on the line",
                    comment,
                    semicolon,
                )
            i, word = end + len(delimiter) + 2, ""
            continue
        if ch in "\"'":
            j = i + 1
            while j < n and text[j] != ch:
                j += 2 if text[j] == "\\" else 1
            if j >= n:
                kind = "string" if ch == '"' else "character"
                return (
                    f"it opens a {kind} literal that does not end on the line",
                    comment,
                    semicolon,
                )
            i, word = j + 1, ""
            continue
        if ch.isdigit() or (ch == "." and i + 1 < n and text[i + 1].isdigit()):
            # a pp-number: `1'000'000` (digit separators), `1e+5`, `0x1p-3f`
            j = i + 1
            while j < n and (
                text[j].isalnum() or text[j] in "._'" or (text[j] in "+-" and text[j - 1] in "eEpP")
            ):
                j += 1
            i, word = j, ""
            continue
        if ch.isalpha() or ch == "_":
            j = i + 1
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            word, i = text[i:j], j
            continue
        semicolon = semicolon or ch == ";"
        i, word = i + 1, ""
    return None, comment, semicolon


def code_line_problem(text: str) -> str | None:
    """Why `text` cannot be printed as one line of C++ that leaves the lines around it
    alone, or None: no line break or other control character, no trailing backslash
    (a line splice), no `/*` comment, string or raw string left open at its end, no
    `#if`/`#else`/`#endif` (which would decide about the generated lines after it)."""
    return _scan_code(text)[0]


def expression_problem(text: str) -> str | None:
    """Why `text` cannot be printed as one C++ expression inside a generated statement,
    or None: what `code_line_problem` refuses, and also a comment (`//` would take the
    statement's `;` with it) or a `;` (a second statement)."""
    if text.lstrip().startswith(("#", "%:")):
        return "a preprocessor directive is not an expression"
    problem, comment, semicolon = _scan_code(text)
    if problem is not None:
        return problem
    if comment:
        return "it contains a comment"
    if semicolon:
        return "it contains ';' (one expression only)"
    return None
