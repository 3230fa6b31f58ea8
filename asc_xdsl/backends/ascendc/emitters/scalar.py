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
    type's (the verifier's rule), so the float literal converts to its code exactly. A
    4-bit float's constant is the pair of its value (`fp8_types.float4_pair`), its byte
    written through `uint8_t&` (a conversion from a float would fill one half only, on
    the CPU-debug class at least)."""
    from asc_xdsl.backends.ascendc.cpp_types import float_literal
    from asc_xdsl.dialects.ascendc.fp8_types import float4_pair

    (result,) = op.results
    ctype = emitter.ctype(op, result.type)
    value = op._prop("value").value.data
    pair = float4_pair(result.type, value)
    # named after its type: cst_hifloat8, cst_fp8_e4m3fn, cst_fp4x2_e2m1 ...
    name = emitter.names.define(result, "cst_" + ctype.rpartition("::")[2].removesuffix("_t"))
    if pair is not None:  # (a 4-bit float: the pair (value, value), written as its byte)
        emitter.line(f"{ctype} {name};  // ({value!r}, {value!r})")
        emitter.line(f"reinterpret_cast<uint8_t&>({name}) = 0x{pair:02X}U;")
        return
    literal = float_literal(value, result.type)
    emitter.line(f"const {ctype} {name} = {literal};")
