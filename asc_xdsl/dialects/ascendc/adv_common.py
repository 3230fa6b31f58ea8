"""What the advanced-API op families (`adv_math`, `adv_misc`, `adv_matmul`) share.

Many advanced APIs take a compile-time flag that pyasc's dialect passes as an operand
(`isReuseSource`, a matmul's `sync`): in C++ it is a template argument, so the operand
must be a constant, and the call names the constant (`AscendC::Acosh<float, c0>(...)`,
where `constexpr bool c0 = false;`): `operand(name)` is such a template item. Call items
`address_of` (`&pipe`, `&tiling`) and `as_bytes` (a scratch buffer the APIs take as
`LocalTensor<uint8_t>`) make the argument kinds `base.AddressOf` and `base.AsBytes`. An
item that is None (an absent optional operand) is left out of the call.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.builtin import IntegerType, Signedness
from xdsl.ir import Operation, SSAValue

from asc_xdsl.dialects.ascendc.adv_types import MatmulType
from asc_xdsl.dialects.ascendc.base import AddressOf, AsBytes
from asc_xdsl.dialects.ascendc.spec import (
    BOOL,
    Arity,
    Effect,
    Operand,
    local,
    predicate,
)

UI8 = IntegerType(8, Signedness.UNSIGNED)


MATMUL_RULE = predicate(
    "a !ascendc.matmul",
    lambda t: isinstance(t, MatmulType),
    "matmul::Matmul",
    MatmulType.default_sample(),
)
"""A matmul object (`adv_types.MatmulType`)."""


def tmp_buffer(arity: Arity = Arity.OPTIONAL) -> Operand:
    """The scratch buffer an advanced API works in (`sharedTmpBuffer`): without it, the
    API takes its scratch space from the pipe's reserved stack. Ascend C takes it as a
    `LocalTensor<uint8_t>`; a buffer of another element type is passed as its bytes
    (`tmp.ReinterpretCast<uint8_t>()`, see `as_bytes`)."""
    return Operand(
        "shared_tmp_buffer", local(None), Effect.READ_WRITE, py="temp_buffer", arity=arity
    )


def flag(name: str, py: str, default: bool = False) -> Operand:
    """A bool the API takes as a template argument: a constant i1."""
    return Operand(name, BOOL, py=py, default=default, const=True)


REUSE_SOURCE = flag("is_reuse_source", "is_reuse_source")
"""`isReuseSource`: the API may overwrite its source to save scratch space."""


def operand(name: str) -> Callable[[Operation], SSAValue]:
    """A template or call item: the operand `name` (printed as its C++ name)."""
    return lambda op: getattr(op, name)


def as_bytes(name: str) -> Callable[[Operation], AsBytes | None]:
    def item(op: Operation) -> AsBytes | None:
        value = getattr(op, name)
        return None if value is None else AsBytes(value)

    return item


def address_of(name: str) -> Callable[[Operation], AddressOf | None]:
    def item(op: Operation) -> AddressOf | None:
        value = getattr(op, name)
        return None if value is None else AddressOf(value)

    return item


__all__ = [
    "MATMUL_RULE",
    "REUSE_SOURCE",
    "UI8",
    "AddressOf",
    "AsBytes",
    "address_of",
    "as_bytes",
    "flag",
    "operand",
    "tmp_buffer",
]
