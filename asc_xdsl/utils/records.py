"""Small value classes without `dataclasses`' generated code.

`@dataclass` writes each class's `__init__`, `__eq__`, `__repr__`, ... as source text
and compiles it when the class statement runs: ~1 ms a class, paid by every process
that imports the module. The internal records on the compile and launch paths (spec
records, launch state) are plain classes instead: an explicit `__init__`, and from
these bases equality, hashing and `repr` over the fields the class lists, as the
dataclass gave them:

    class Result(FrozenRecord):
        _FIELDS = ("name", "type")
        __slots__ = _FIELDS

        def __init__(self, name, type):
            init_fields(self, name=name, type=type)

- `_FIELDS`: every field in declaration order (`repr` shows them as a dataclass does,
  and `frontend/fingerprint.py` keys a kernel's captured record by them);
- `_COMPARE`: the fields equality and hashing use (default: all; a dataclass
  `field(compare=False)` is left out);
- `__init__` takes the fields in `_FIELDS` order (pickling and `copy` call it so);
- `Record` compares equal to an instance of exactly its class with equal fields and
  is unhashable, as `@dataclass`; `FrozenRecord` is hashable and refuses assignment
  after `__init__` (`dataclasses.FrozenInstanceError`), as `@dataclass(frozen=True)`.

Only asc_xdsl's own classes use these; nothing here touches `dataclasses`.
"""

from __future__ import annotations

import reprlib
from dataclasses import FrozenInstanceError
from typing import Any, ClassVar


class Record:
    """Equality and `repr` over `_FIELDS` (see the module docstring)."""

    __slots__ = ()
    _FIELDS: ClassVar[tuple[str, ...]] = ()
    _COMPARE: ClassVar[tuple[str, ...] | None] = None  # None: `_FIELDS`

    def _key(self) -> tuple[Any, ...]:
        names = self._FIELDS if self._COMPARE is None else self._COMPARE
        return tuple([getattr(self, name) for name in names])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._key() == other._key()  # type: ignore[attr-defined]
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  (mutable, as an eq=True dataclass)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickle and copy through `__init__`: a frozen record's slots refuse `setattr`
        return (self.__class__, tuple([getattr(self, name) for name in self._FIELDS]))

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._FIELDS)
        return f"{self.__class__.__qualname__}({shown})"


class FrozenRecord(Record):
    """A `Record` that is hashable and read-only once made."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._key())

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


_set = object.__setattr__


def init_fields(record: Record, **values: Any) -> None:
    """Set the fields of a (frozen or not) record from `__init__`."""
    for name, value in values.items():
        _set(record, name, value)
