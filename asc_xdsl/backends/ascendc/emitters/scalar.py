"""Ascend C of the irregular ops of `dialects/ascendc/scalar.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any


def _print_count_value(emitter: Any, op: Any) -> None:
    """`int64_t r = AscendC::Api<count>(x);`, `count` naming the constant's variable."""
    count, x = emitter.name(op.count_value), emitter.name(op.value_in)
    emitter.declare(op, op.results[0], f"AscendC::{op.API_NAME}<{count}>({x})")


def _print_float_constant(emitter: Any, op: Any) -> None:
    """`const hifloat8_t c = static_cast<hifloat8_t>(1.5f);`: the value is one of the
    type's (the verifier's rule), so the float literal converts to its code exactly."""
    from asc_xdsl.backends.ascendc.cpp_types import float_literal

    (result,) = op.results
    name = emitter.names.define(result, "cst_hif8")
    ctype = emitter.ctype(op, result.type)
    literal = float_literal(op._prop("value").value.data, result.type)
    emitter.line(f"const {ctype} {name} = {literal};")
