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
import string
from collections.abc import Iterable

from xdsl.dialects.builtin import NameLoc
from xdsl.ir import BlockArgument, SSAValue

from asc_xdsl.utils.class_tests import SubclassCache

# (C++'s reserved words: below the dialects, whose emitasc verifier checks identifiers too)
from asc_xdsl.utils.cpp_identifiers import (  # noqa: F401 (public here too)
    ASCENDC_NAMES,
    CPP_KEYWORDS,
    CPP_RESERVED,
    CPP_TYPE_NAMES,
    MACRO_NAMES,
    callee_problem,
    class_name_problem,
    identifier_problem,
    is_c_identifier,
)

_UPPER = frozenset(string.ascii_uppercase)
_IDENT_CHARS = frozenset(string.ascii_letters + string.digits + "_")


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
        if (not hint or (hint[:3] == "arg" and hint[3:].isdecimal())) and _HAS_LOCATION[
            type(value)
        ]:
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
    base = "".join(c if c in _IDENT_CHARS else "_" for c in base)
    while "__" in base:
        base = base.replace("__", "_")
    if not base or base[0].isdigit() or (base[0] == "_" and base[1:2] in _UPPER):
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
    return is_c_identifier(hint)
