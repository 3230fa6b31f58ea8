"""An xDSL Context with every dialect asc_xdsl's IR uses (parsing cached kernels, tests)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def _dialects() -> tuple[Any, ...]:
    from xdsl.dialects.arith import Arith
    from xdsl.dialects.builtin import Builtin
    from xdsl.dialects.func import Func
    from xdsl.dialects.math import Math
    from xdsl.dialects.memref import MemRef
    from xdsl.dialects.scf import Scf

    from asc_xdsl.dialects.ascendc import AscendCCore
    from asc_xdsl.dialects.emitasc import EmitAscCore

    return (Builtin, Func, Arith, Scf, Math, MemRef, AscendCCore, EmitAscCore)


def make_context() -> Any:
    # AscContext makes the spec-defined ops (ascendc, emitasc, emitc) as IR names them.
    from asc_xdsl.dialects.context import AscContext
    from asc_xdsl.dialects.emitasc import PYASC_COMPAT_ATTRS, IncludeOp

    ctx = AscContext()
    for d in _dialects():
        ctx.load_dialect(d)
    ctx.load_op(IncludeOp)
    for attr in PYASC_COMPAT_ATTRS:  # `#emitc.opaque<...>` in emitc.constant
        ctx.load_attr_or_type(attr)
    return ctx


def parse_module(text: str) -> Any:
    from xdsl.parser import Parser

    from asc_xdsl.utils.ir_diagnostics import check_string_literals

    check_string_literals(text)  # xDSL's lexer would take hours on an unclosed string
    return Parser(make_context(), text).parse_module()
