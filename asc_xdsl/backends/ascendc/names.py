"""Readable, unique C++ identifiers for SSA values and functions, and the checks of
names that reach the C++ text as the IR spells them.

Value names come from name hints, sanitised (`NameTable.claim`): characters outside
`[A-Za-z0-9_]` become `_`, runs of `_` collapse (C++ reserves `__`), a leading digit or
`_` + capital gets a `v_` prefix, a name in `CPP_RESERVED` gets a `_` suffix, and a
taken name gets `_1`, `_2`, ... in order of definition.

Names the IR gives verbatim (struct and field names of `!emitasc.py_struct`, struct
fields, `emitasc.call_opaque` callees, the C++ classes types name) cannot be renamed:
`identifier_problem`, `callee_problem` and `class_name_problem` say why one cannot be
printed as it is, and the printer refuses it (a located error) whether or not the IR
was verified; the dialect's verifiers ask the same functions.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from xdsl.dialects.builtin import NameLoc
from xdsl.ir import BlockArgument, SSAValue

from asc_xdsl.utils.class_tests import SubclassCache


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

_GENERATED = re.compile(r"arg\d+\Z")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def identifier_problem(name: str, taken: Iterable[str] = ()) -> str | None:
    """Why `name` cannot be used as it is for a C++ function or variable, or None."""
    if not _IDENT.match(name):
        return "is not a C identifier"
    if name in CPP_KEYWORDS:
        return "is a C++ keyword"
    if "__" in name or re.match(r"_[A-Z]", name):
        return "is reserved by C++ (it has '__' or starts with '_' and a capital)"
    if name in CPP_RESERVED or name in taken:
        return "already names something in Ascend C sources"
    return None


_CALLEE_TOKEN = re.compile(r"\s*(?:(::)|([A-Za-z_][A-Za-z0-9_]*)|(-?[0-9]+[uUlL]*)|([<>,*&]))")
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
            m = _CALLEE_TOKEN.match(text, pos)
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
            if not _IDENT.match(word):
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
        if not _IDENT.match(part):
            return "is not a C++ class name"
        if part in CPP_KEYWORDS:
            return f"is not a C++ class name ('{part}' is a C++ keyword)"
    return None


class NameTable:
    """Assigns each SSA value one C++ name: its name hint when usable, else `vN`.

    Names are unique across a function (C++ scopes would allow reuse, but unique
    names keep the output easy to read and to grep).
    """

    def __init__(self, reserved: Iterable[str] = ()) -> None:
        self._names: dict[int, tuple[SSAValue, str]] = {}
        """`id` of a value -> the value (kept alive, so the id stays its own) and its
        name (an SSA value's own hash is a Python call)."""
        self._reserved = set(reserved)
        self._used: set[str] = set(self._reserved)
        self._counter = 0
        self._next: dict[str, int] = {}
        """Base -> a number n such that `base_1` ... `base_{n-1}` are all taken (names
        are only added until a release or reset, which forget these)."""

    def reserve(self, names: Iterable[str]) -> None:
        """Never hand out `names` (e.g. the module's function names: a local named
        like a function would hide it in its own initialiser)."""
        self._reserved.update(names)
        self._used.update(names)

    @property
    def reserved(self) -> frozenset[str]:
        return frozenset(self._reserved)

    def reset(self) -> None:
        self._names.clear()
        self._used = set(self._reserved)
        self._counter = 0
        self._next.clear()

    def _fresh_numbered(self) -> str:
        used, n = self._used, self._counter
        while True:
            n += 1
            name = f"v{n}"
            if name not in used:
                self._counter = n
                return name

    def claim(self, base: str) -> str:
        """A fresh identifier derived from `base`."""
        base, sep = _base_of(base)
        used = self._used
        name = base
        if name in used:  # the first free `base_n` (those below `_next` are taken)
            n = self._next.get(base, 1)
            name = f"{base}{sep}{n}"
            while name in used:
                n += 1
                name = f"{base}{sep}{n}"
            self._next[base] = n + 1
        used.add(name)
        return name

    def release(self, *names: str) -> None:
        """Hand `names` (from `claim`) out again: they named something in a scope that has
        ended (a loop's counter), so a later scope may reuse them."""
        self._used.difference_update(n for n in names if n not in self._reserved)
        self._next.clear()

    def define(self, value: SSAValue, preferred: str | None = None) -> str:
        """Give `value` a name (once); `preferred` is used when it has no hint."""
        names = self._names
        known = names.get(id(value))
        if known is not None:
            return known[1]
        hint = value._name  # (`name_hint`'s field: the property costs a call per value)
        # %arg3 says less than loc("block_length"), which only block arguments have
        if (not hint or (hint[0] == "a" and _GENERATED.match(hint))) and _HAS_LOCATION[type(value)]:
            hint = _location_name(value) or hint
        if hint and _is_identifier(hint):
            name = self.claim(hint)
        elif preferred:
            name = self.claim(preferred)
        else:  # (`_fresh_numbered`, inline: most values have no hint)
            used, n = self._used, self._counter + 1
            name = f"v{n}"
            while name in used:
                n += 1
                name = f"v{n}"
            self._counter = n
            used.add(name)
        names[id(value)] = (value, name)
        return name

    def alias(self, value: SSAValue, name: str) -> None:
        """`value` is spelled `name` (e.g. a loop result that lives in its iter variable)."""
        self._names[id(value)] = (value, name)

    @property
    def named(self) -> dict[int, tuple[SSAValue, str]]:
        """`id(value)` -> (value, its name), for every value named so far (the table
        keeps each value alive, so no other object has its id meanwhile)."""
        return self._names

    def get(self, value: SSAValue) -> str | None:
        """`value`'s name, or None when it has none yet."""
        known = self._names.get(id(value))
        return None if known is None else known[1]

    def __contains__(self, value: SSAValue) -> bool:
        return id(value) in self._names

    def __getitem__(self, value: SSAValue) -> str:
        return self._names[id(value)][1]


@functools.lru_cache(maxsize=4096)
def _base_of(base: str) -> tuple[str, str]:
    """The identifier `claim` derives from `base`, and the separator before a number
    (kept per base: a function prints the same hints again and again)."""
    # Identifiers with `__` anywhere or starting with `_` + capital are reserved in C++.
    base = re.sub(r"__+", "_", re.sub(r"[^A-Za-z0-9_]", "_", base))
    if not base or base[0].isdigit() or re.match(r"_[A-Z]", base):
        base = f"v_{base}".replace("__", "_")
    if base in CPP_RESERVED:
        base = f"{base}_"
    return base, "" if base.endswith("_") else "_"


def _location_name(value: SSAValue) -> str | None:
    """The name of a `loc("name"(...))` location, which MLIR tools such as pyasc put on
    kernel parameters instead of SSA name hints."""
    loc = getattr(value, "location", None)
    if _IS_NAME_LOC[type(loc)]:  # (an isinstance against xDSL's ABCs costs a Python call)
        return loc.desc.data
    return None


_IS_NAME_LOC = SubclassCache(NameLoc)
_HAS_LOCATION = SubclassCache(BlockArgument)
"""Value class -> whether its values carry a location (block arguments; an op's
results have the op's)."""


@functools.lru_cache(maxsize=4096)
def _is_identifier(hint: str) -> bool:
    """Whether a name hint is a C identifier as it is (asked once per hint)."""
    return _IDENT.match(hint) is not None
