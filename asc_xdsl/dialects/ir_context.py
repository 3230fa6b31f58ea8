"""An xDSL Context with every dialect asc_xdsl's IR uses (parsing cached kernels, tests)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

# Dialect name -> (module, attribute) of the dialect object. Registered, not loaded:
# the context imports a dialect when the parser first meets one of its names, so a
# compile that parses nothing (the JIT's pass pipeline) imports none of them (`math`
# and `memref` alone cost a few ms of a first compile).
DIALECTS: dict[str, tuple[str, str]] = {
    "arith": ("xdsl.dialects.arith", "Arith"),
    "func": ("xdsl.dialects.func", "Func"),
    "scf": ("xdsl.dialects.scf", "Scf"),
    "math": ("xdsl.dialects.math", "Math"),
    "complex": ("xdsl.dialects.complex", "Complex"),  # (complex.create: Ascend 950 scalars)
    "memref": ("xdsl.dialects.memref", "MemRef"),
    "ascendc": ("asc_xdsl.dialects.ascendc", "AscendCCore"),
    "emitasc": ("asc_xdsl.dialects.emitasc", "EmitAscCore"),
    "asctile": ("asc_xdsl.dialects.asctile", "AscTile"),
}


def _loader(module: str, name: str) -> Callable[[], Any]:
    return lambda: getattr(importlib.import_module(module), name)


def make_context() -> Any:
    # AscContext makes the spec-defined ops (ascendc, emitasc, emitc) as IR names them.
    from xdsl.dialects.builtin import Builtin

    from asc_xdsl.dialects.context import AscContext
    from asc_xdsl.dialects.emitasc import IncludeOp

    ctx = AscContext()
    ctx.load_dialect(Builtin)
    for name, (module, attr) in DIALECTS.items():
        ctx.register_dialect(name, _loader(module, attr))
    ctx.load_op(IncludeOp)
    return ctx


def parse_module(text: str) -> Any:
    from xdsl.parser import Parser

    from asc_xdsl.dialects.ir_diagnostics import check_string_literals

    check_string_literals(text)  # xDSL's lexer would take hours on an unclosed string
    return Parser(make_context(), text).parse_module()
