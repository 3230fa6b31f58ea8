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


EMITTERS = {
    "ascendc.reg.axpy": ("reg_arith", "_print_in_place"),
    "ascendc.reg.mul_add_dst": ("reg_arith", "_print_in_place"),
    "ascendc.reg.mul_dst_add": ("reg_arith", "_print_in_place"),
    "ascendc.reg.move_mask": ("reg_arith", "_print_move_mask"),
}
"""This module's rows of `emitters.EMITTERS`."""
