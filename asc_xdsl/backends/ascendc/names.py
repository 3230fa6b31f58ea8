"""Readable, unique C++ identifiers for SSA values."""

from __future__ import annotations

import re
from collections.abc import Iterable

from xdsl.dialects.builtin import NameLoc
from xdsl.ir import SSAValue

CPP_RESERVED = frozenset(
    [
        "alignas",
        "alignof",
        "and",
        "and_eq",
        "asm",
        "auto",
        "bitand",
        "bitor",
        "bool",
        "break",
        "case",
        "catch",
        "char",
        "char16_t",
        "char32_t",
        "class",
        "compl",
        "const",
        "constexpr",
        "const_cast",
        "continue",
        "decltype",
        "default",
        "delete",
        "do",
        "double",
        "dynamic_cast",
        "else",
        "enum",
        "explicit",
        "export",
        "extern",
        "false",
        "float",
        "for",
        "friend",
        "goto",
        "if",
        "inline",
        "int",
        "long",
        "mutable",
        "namespace",
        "new",
        "noexcept",
        "not",
        "not_eq",
        "nullptr",
        "operator",
        "or",
        "or_eq",
        "private",
        "protected",
        "public",
        "register",
        "reinterpret_cast",
        "return",
        "short",
        "signed",
        "sizeof",
        "static",
        "static_assert",
        "static_cast",
        "struct",
        "switch",
        "template",
        "this",
        "thread_local",
        "throw",
        "true",
        "try",
        "typedef",
        "typeid",
        "typename",
        "union",
        "unsigned",
        "using",
        "virtual",
        "void",
        "volatile",
        "wchar_t",
        "while",
        "xor",
        "xor_eq",
        "half",
        "bfloat16_t",
        "int8_t",
        "int16_t",
        "int32_t",
        "int64_t",
        "uint8_t",
        "uint16_t",
        "uint32_t",
        "uint64_t",
        "printf",
        "main",
        "AscendC",
        "GM_ADDR",
    ]
)

_GENERATED = re.compile(r"arg\d+\Z")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


class NameTable:
    """Assigns each SSA value one C++ name: its name hint when usable, else `vN`.

    Names are unique across a function (C++ scopes would allow reuse, but unique
    names keep the output easy to read and to grep).
    """

    def __init__(self, reserved: Iterable[str] = ()) -> None:
        self._names: dict[SSAValue, str] = {}
        self._reserved = set(reserved)
        self._used: set[str] = set(self._reserved)
        self._counter = 0

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

    def _fresh_numbered(self) -> str:
        while True:
            self._counter += 1
            name = f"v{self._counter}"
            if name not in self._used:
                return name

    def claim(self, base: str) -> str:
        """A fresh identifier derived from `base`."""
        # Identifiers with `__` anywhere or starting with `_` + capital are reserved in C++.
        base = re.sub(r"__+", "_", re.sub(r"[^A-Za-z0-9_]", "_", base))
        if not base or base[0].isdigit() or re.match(r"_[A-Z]", base):
            base = f"v_{base}".replace("__", "_")
        if base in CPP_RESERVED:
            base = f"{base}_"
        sep = "" if base.endswith("_") else "_"
        name, n = base, 1
        while name in self._used:
            name = f"{base}{sep}{n}"
            n += 1
        self._used.add(name)
        return name

    def define(self, value: SSAValue, preferred: str | None = None) -> str:
        """Give `value` a name (once); `preferred` is used when it has no hint."""
        if value in self._names:
            return self._names[value]
        hint = value.name_hint
        if not hint or _GENERATED.match(hint):  # %arg3 says less than loc("block_length")
            hint = _location_name(value) or hint
        if hint and _IDENT.match(hint):
            name = self.claim(hint)
        elif preferred:
            name = self.claim(preferred)
        else:
            name = self._fresh_numbered()
            self._used.add(name)
        self._names[value] = name
        return name

    def alias(self, value: SSAValue, name: str) -> None:
        """`value` is spelled `name` (e.g. a loop result that lives in its iter variable)."""
        self._names[value] = name

    def __contains__(self, value: SSAValue) -> bool:
        return value in self._names

    def __getitem__(self, value: SSAValue) -> str:
        return self._names[value]


def _location_name(value: SSAValue) -> str | None:
    """The name of a `loc("name"(...))` location, which MLIR tools such as pyasc put on
    kernel parameters instead of SSA name hints."""
    loc = getattr(value, "location", None)
    if isinstance(loc, NameLoc):
        return loc.desc.data
    return None
