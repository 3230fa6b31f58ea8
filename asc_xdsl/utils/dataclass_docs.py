"""The docstrings `dataclasses` writes for xDSL's and our classes, made when first read.

A dataclass without a docstring gets one from its signature (`AddiOp(lhs, rhs, ...)`):
`dataclasses` calls `inspect.signature` on every such class as it is defined, and for
the ~800 attribute and op classes of xDSL and ours a compile loads that was about 2% of
a cold start (Python start to the first kernel compiled), for text nobody reads then.
`install()` wraps `dataclasses._process_class` so that a class of an `xdsl` or
`asc_xdsl` module gets, in place of that text, a descriptor that writes the same text
(`Name(...)` from the class's signature) the first time `__doc__` is read, and is
replaced by it. Classes of other modules are left to `dataclasses` as they are.

One difference: the signature is the class's when the docstring is first read, not when
the class was made, so a class whose `__init__` is replaced after `dataclasses` ran
shows the `__init__` it ends with.
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

_MODULES = ("xdsl.", "asc_xdsl.")
_PENDING = object()
"""A class's docstring while `dataclasses` processes it (truthy: it writes none)."""


class SignatureDoc:
    """`__doc__` of a dataclass, as `dataclasses` writes it, on first read."""

    __slots__ = ("owner",)

    def __init__(self, owner: type) -> None:
        self.owner = owner

    def __get__(self, obj: object, owner: type | None = None) -> str:
        cls = self.owner
        try:
            text = str(inspect.signature(cls)).replace(" -> None", "")
        except (TypeError, ValueError):  # (as `dataclasses`: some have no signature)
            text = ""
        doc = cls.__name__ + text
        type.__setattr__(cls, "__doc__", doc)  # (read once: the text replaces this)
        return doc


def _lazy(cls: type) -> bool:
    return cls.__dict__.get("__doc__") is None and cls.__module__.startswith(_MODULES)


def install() -> None:
    """Make the docstrings of xDSL's and our dataclasses on first read (idempotent)."""
    process = dataclasses._process_class  # type: ignore[attr-defined]
    if getattr(process, "_signature_docs", False):
        return

    def process_class(cls: type, *args: Any, **kwargs: Any) -> type:
        if not _lazy(cls):
            return process(cls, *args, **kwargs)
        cls.__doc__ = _PENDING  # type: ignore[assignment]
        try:
            made = process(cls, *args, **kwargs)
        except BaseException:
            if cls.__dict__.get("__doc__") is _PENDING:
                cls.__doc__ = None  # (as `dataclasses` leaves a class it refuses)
            raise
        for c in {cls, made}:  # (with slots=True, `dataclasses` makes a new class)
            if c.__dict__.get("__doc__") is _PENDING:
                c.__doc__ = SignatureDoc(c)  # type: ignore[assignment]
        return made

    process_class._signature_docs = True  # type: ignore[attr-defined]
    dataclasses._process_class = process_class  # type: ignore[attr-defined]
