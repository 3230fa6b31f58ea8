"""`isinstance` answered once per class.

An `isinstance` against xDSL's attribute, op and value classes goes through
`ABCMeta.__instancecheck__`; hot loops (verification, the printer's and the passes'
walks) ask it of every op or value. A `SubclassCache` keeps the answer per class:
`cache[type(x)]` is `isinstance(x, bases)`, at the cost of a dict lookup.
"""

from __future__ import annotations


class SubclassCache(dict[type, bool]):
    """Class -> whether it is a subclass of `bases` (a class or a tuple of them),
    computed on the first lookup of each class."""

    __slots__ = ("bases",)

    def __init__(self, bases: type | tuple[type, ...]):
        super().__init__()
        self.bases = bases

    def __missing__(self, cls: type) -> bool:
        found = self[cls] = issubclass(cls, self.bases)
        return found
