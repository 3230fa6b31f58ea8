"""`isinstance` answered once per class, and without visiting every subclass.

An `isinstance` against xDSL's attribute, op and value classes goes through
`ABCMeta.__instancecheck__`; hot loops (verification, the printer's and the passes'
walks) ask it of every op or value. A `SubclassCache` keeps the answer per class:
`cache[type(x)]` is `isinstance(x, bases)`, at the cost of a dict lookup.

The first "no" an ABC gives a class is dear: it asks each of the ABC's subclasses in
turn (hundreds below xDSL's `Attribute` or `Operation`), for virtual subclasses
registered with any of them. Nothing registers any with xDSL's IR classes, and none
has a `__subclasshook__`, so `is_subclass` answers for them from the class's MRO.
"""

from __future__ import annotations

import sys
from abc import ABC


def is_subclass(cls: type, base: type) -> bool:
    """`issubclass(cls, base)`; from `cls`'s MRO alone when `base` is one of xDSL's IR
    classes (an attribute, op or value class)."""
    if base in cls.__mro__:
        return True
    mro_decides = _MRO_DECIDES.get(base)
    if mro_decides is None:
        mro_decides = _MRO_DECIDES[base] = _ir_class(base)
    return False if mro_decides else issubclass(cls, base)


_MRO_DECIDES: dict[type, bool] = {}


def _ir_class(base: type) -> bool:
    from xdsl.ir import Attribute, Operation, SSAValue  # (xDSL: loaded by then)

    # (sets, not `any` over a generator: one left unfinished is closed by raising in it)
    mro = base.__mro__
    hooked = {c for c in mro if "__subclasshook__" in vars(c)} - {ABC, object}
    return not {Attribute, Operation, SSAValue}.isdisjoint(mro) and not hooked


class SubclassCache(dict[type, bool]):
    """Class -> whether it is a subclass of `bases` (a class or a tuple of them),
    computed on the first lookup of each class."""

    __slots__ = ("bases",)

    def __init__(self, bases: type | tuple[type, ...]):
        super().__init__()
        self.bases = bases

    def __missing__(self, cls: type) -> bool:
        bases = self.bases if isinstance(self.bases, tuple) else (self.bases,)
        found = False
        for base in bases:  # (a loop: an unfinished generator is closed by raising in it)
            if is_subclass(cls, base):
                found = True
                break
        self[cls] = found
        return found


class LoadedSubclassCache(SubclassCache):
    """A `SubclassCache` for classes of a module that loads on first use (named by
    module and class, e.g. the Matmul types of `ascendc.LAZY_TYPES`): asking it does not
    import the module. Until the module is loaded no class can derive from its classes,
    so the answer is "no"; afterwards, the answer of a `SubclassCache` of them."""

    __slots__ = ("module", "names")

    def __init__(self, module: str, *names: str):
        super().__init__(())
        self.module = module
        self.names = names

    def __missing__(self, cls: type) -> bool:
        if not self.bases:
            loaded = sys.modules.get(self.module)
            if loaded is None:  # (a class made later cannot be a base of `cls`)
                self[cls] = False
                return False
            bases = tuple(getattr(loaded, name, None) for name in self.names)
            if None in bases:  # still loading: no instance of its classes exists yet
                return False
            self.bases = bases  # type: ignore[assignment]
        return super().__missing__(cls)
