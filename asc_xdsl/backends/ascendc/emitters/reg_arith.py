"""Ascend C of the Reg ops of `dialects/ascendc/reg_arith.py` that do not print as a
plain `Api<targs>(results..., operands...)` call: the multiply-adds that read the
register they write, and MoveMask, which returns its mask."""

from __future__ import annotations

from typing import Any


def _print_in_place(emitter: Any, op: Any) -> None:
    """`MulAddDst(dst, src0, src1, mask);` (Axpy, MulDstAdd the same) with dst holding
    `acc`: its variable when this is its only use, else a copy."""
    # (imported when first printing: `emitters/__init__` imports this module for its rows)
    from asc_xdsl.backends.ascendc.emitters.reg import _api
    from asc_xdsl.backends.ascendc.emitters.reg_address import _advanced

    dst = _advanced(emitter, op, op.acc, op.dst)
    rest = [emitter.name(v) for v in op.operands[1:]]
    emitter.line(f"{_api(op)}({', '.join([dst, *rest])});")


def _print_move_mask(emitter: Any, op: Any) -> None:
    """`MaskReg m = MoveMask<T>();`"""
    from asc_xdsl.backends.ascendc.emitters.reg import _api, _template

    emitter.declare(op, op.mask, f"{_api(op)}{_template(emitter, op)}()")


def _print_cast_complex(emitter: Any, op: Any) -> None:
    """complex32 <-> complex64 of RegTraitNumTwo pairs as the 3510 basic API composes it
    (`CastIntrinsicsB64ImplVF`): the parts' registers `reg[0]` (real) and `reg[1]`
    (imaginary) cast one by one, UnPack before a widening, Pack after a narrowing."""
    from asc_xdsl.backends.ascendc.emitters.reg import NS, _declare_outputs
    from asc_xdsl.dialects.ascendc.enums import RoundMode

    (dst,) = _declare_outputs(emitter, op)
    src, mask = emitter.name(op.src), emitter.name(op.mask)
    widen = str(op.src.type.element_type) == "complex<f16>"
    trait = emitter.names.claim(f"{dst}_trait")
    rounding = RoundMode.from_attr(op.properties["roundMode"]).cpp
    emitter.line(
        f"static constexpr {NS}CastTrait {trait} = {{{NS}RegLayout::ZERO, {NS}SatMode::SAT, "
        f"{NS}MaskMergeMode::ZEROING, {rounding}}};"
    )
    t, s = ("float", "half") if widen else ("half", "float")
    for i in (0, 1):
        part = f"{src}.reg[{i}]"
        if widen:  # (each half to the low half of a 32-bit lane, as Cast<float, half> reads it)
            part = emitter.names.claim(f"{dst}_part{i}")
            emitter.line(f"{NS}RegTensor<uint32_t> {part};")
            emitter.line(f"{NS}UnPack({part}, ({NS}RegTensor<uint16_t>&){src}.reg[{i}]);")
        emitter.line(
            f"{NS}Cast<{t}, {s}, {trait}>(({NS}RegTensor<{t}>&){dst}.reg[{i}], "
            f"({NS}RegTensor<{s}>&){part}, {mask});"
        )
        if not widen:
            emitter.line(
                f"{NS}Pack(({NS}RegTensor<uint16_t>&){dst}.reg[{i}], "
                f"({NS}RegTensor<uint32_t>&){dst}.reg[{i}]);"
            )


EMITTERS = {
    "ascendc.reg.cast_complex": ("reg_arith", "_print_cast_complex"),
    "ascendc.reg.axpy": ("reg_arith", "_print_in_place"),
    "ascendc.reg.mul_add_dst": ("reg_arith", "_print_in_place"),
    "ascendc.reg.mul_dst_add": ("reg_arith", "_print_in_place"),
    "ascendc.reg.move_mask": ("reg_arith", "_print_move_mask"),
}
"""This module's rows of `emitters.EMITTERS`."""
