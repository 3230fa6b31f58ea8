"""Python-side handles of kernel values while a kernel is compiled.

A runtime value wraps the SSA value (`handle`) that holds it in the IR being built;
Python operators on scalars build `arith` ops through the active builder
(`KernelBuilder.binary`, ...). Control flow rebuilds a handle around a new SSA value
(an `scf.if`/`scf.for` result) with `with_handle`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from asc_xdsl.diagnostics import ApiTypeError
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.language.builder.active import require_jit


class IRValue:
    """A value that lives in the kernel's IR."""

    __slots__ = ("handle",)

    def __init__(self, handle: Any):
        self.handle = handle

    def with_handle(self, handle: Any) -> IRValue:
        clone = object.__new__(type(self))
        for cls in type(self).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                if hasattr(self, slot):
                    object.__setattr__(clone, slot, getattr(self, slot))
        clone.handle = handle
        return clone

    def __bool__(self) -> bool:
        raise ApiTypeError(
            f"a runtime {type(self).__name__} has no Python truth value: use it in an "
            "`if`/`while` of the kernel (compiled to scf.if/scf.while), not in Python logic"
        )


class RuntimeScalar(IRValue):
    """A scalar computed on the device (i32, f32, i1, ...)."""

    __slots__ = ("dtype",)

    def __init__(self, handle: Any, dtype: DataType):
        super().__init__(handle)
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"RuntimeScalar({self.dtype.name})"

    # Operators build arith ops in the kernel being compiled.
    def _bin(self, op: str, other: Any, reverse: bool = False) -> Any:
        g = require_jit(f"operator {op}")
        return g.binary(op, other, self) if reverse else g.binary(op, self, other)

    def __add__(self, o):
        return self._bin("+", o)

    def __radd__(self, o):
        return self._bin("+", o, True)

    def __sub__(self, o):
        return self._bin("-", o)

    def __rsub__(self, o):
        return self._bin("-", o, True)

    def __mul__(self, o):
        return self._bin("*", o)

    def __rmul__(self, o):
        return self._bin("*", o, True)

    def __truediv__(self, o):
        return self._bin("/", o)

    def __rtruediv__(self, o):
        return self._bin("/", o, True)

    def __floordiv__(self, o):
        return self._bin("//", o)

    def __rfloordiv__(self, o):
        return self._bin("//", o, True)

    def __mod__(self, o):
        return self._bin("%", o)

    def __rmod__(self, o):
        return self._bin("%", o, True)

    def __lshift__(self, o):
        return self._bin("<<", o)

    def __rshift__(self, o):
        return self._bin(">>", o)

    def __and__(self, o):
        return self._bin("&", o)

    def __rand__(self, o):
        return self._bin("&", o, True)

    def __or__(self, o):
        return self._bin("|", o)

    def __ror__(self, o):
        return self._bin("|", o, True)

    def __xor__(self, o):
        return self._bin("^", o)

    def __rxor__(self, o):
        return self._bin("^", o, True)

    def __lt__(self, o):
        return self._bin("<", o)

    def __le__(self, o):
        return self._bin("<=", o)

    def __gt__(self, o):
        return self._bin(">", o)

    def __ge__(self, o):
        return self._bin(">=", o)

    def __eq__(self, o):
        return self._bin("==", o)  # type: ignore[override]

    def __ne__(self, o):
        return self._bin("!=", o)  # type: ignore[override]

    def ceildiv(self, other: Any) -> Any:
        """The integer division rounded up (`arith.ceildivsi`, pyasc's `x.ceildiv(y)`)."""
        return require_jit("ceildiv").ceildiv(self, other)

    def __neg__(self) -> Any:
        return require_jit("operator -").negate(self)

    def __invert__(self) -> Any:
        return require_jit("operator ~").invert(self)

    __hash__ = object.__hash__


class KernelLoop(ABC):
    """A `with` context of the kernel language that is a loop (`with mm.iterate() as i:`):
    the body runs while `condition()` (built anew for each test) is true; the `as`
    target counts the iterations before the current one, from 0."""

    @abstractmethod
    def condition(self) -> RuntimeScalar: ...


class FormatString:
    """An f-string in a kernel: a printf format plus its runtime arguments."""

    def __init__(self, fmt: str, args: list[Any]):
        self.fmt = fmt
        self.args = args
