"""What the advanced-API op families (`adv_math`, `adv_misc`, `adv_matmul`) share.

Many advanced APIs take a compile-time flag that pyasc's dialect passes as an operand
(`isReuseSource`, a matmul's `sync`): in C++ it is a template argument, so the operand
must be a constant, and the call names the constant (`AscendC::Acosh<float, c0>(...)`,
where `constexpr bool c0 = false;`). The generic printer spells template arguments
from types, enums and numbers only, so these ops print through `print_api`, which adds
argument kinds: an operand as a template argument (its C++ name), `AddressOf` (`&pipe`,
`&tiling`: the APIs take pointers to objects the IR holds by value) and `AsBytes` (a
scratch buffer, which the APIs take as `LocalTensor<uint8_t>`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from xdsl.dialects.builtin import IntegerType, Signedness
from xdsl.ir import Attribute, Operation, SSAValue

from asc_xdsl.dialects.ascendc.adv_types import MatmulType
from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.enums import AscEnum
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


@dataclass(frozen=True)
class AddressOf:
    """A call argument `&value` (`Init(&tiling, &pipe)`)."""

    value: SSAValue


@dataclass(frozen=True)
class AsBytes:
    """A call argument that Ascend C takes as a `LocalTensor<uint8_t>`: the tensor
    itself when it holds ui8, else a view `t_bytes = t.ReinterpretCast<uint8_t>()`
    declared just before the call."""

    value: SSAValue


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


def _template_text(emitter: Any, op: Operation, arg: object) -> str:
    if isinstance(arg, SSAValue):
        return emitter.name(arg)
    if isinstance(arg, AscEnum):
        return arg.cpp
    if isinstance(arg, bool):
        return "true" if arg else "false"
    if isinstance(arg, Attribute):
        return emitter.ctype(op, arg)
    return str(arg)


def _arg_text(emitter: Any, op: Operation, arg: object) -> str:
    if isinstance(arg, AddressOf):
        return f"&{emitter.name(arg.value)}"
    if isinstance(arg, AsBytes):
        name = emitter.name(arg.value)
        element = getattr(arg.value.type, "element_type", None)
        if element == UI8:
            return name
        # A named view, not the temporary: some APIs (Digamma, ...) take the scratch
        # buffer by non-const reference, which a temporary cannot bind to.
        view = emitter.names.claim(f"{name}_bytes")
        emitter.line(f"AscendC::LocalTensor<uint8_t> {view} = {name}.ReinterpretCast<uint8_t>();")
        return view
    return emitter.arg(op, arg)


def call_text(emitter: Any, op: Any) -> str:
    """`AscendC::Api<targs>(args)` or `obj.Api<targs>(args)` for `op`; a template or call
    item that is None (an absent optional operand) is left out."""
    targs = [_template_text(emitter, op, a) for a in op.cpp_template_args() if a is not None]
    args = [_arg_text(emitter, op, a) for a in op.cpp_call_args() if a is not None]
    if op.EMIT_KIND is EmitKind.MEMBER_FUNCTION:
        head = f"{emitter.name(op.operands[0])}.{op.API_NAME}"
    else:
        head = f"{op.NAMESPACE}{op.API_NAME}"
    tmpl = f"<{', '.join(targs)}>" if targs else ""
    return f"{head}{tmpl}({', '.join(args)})"


def print_api(emitter: Any, op: Any) -> None:
    """Print `op`'s call (declaring its result, if it has one)."""
    call = call_text(emitter, op)
    if op.results:
        emitter.declare(op, op.results[0], call)
    else:
        emitter.line(f"{call};")


__all__ = [
    "MATMUL_RULE",
    "REUSE_SOURCE",
    "UI8",
    "AddressOf",
    "AsBytes",
    "address_of",
    "as_bytes",
    "call_text",
    "flag",
    "operand",
    "print_api",
    "tmp_buffer",
]
