"""Textual IR the SoftMax tests share."""

from __future__ import annotations


def shape_info_and_tiling(m: int, k: int, valid: int) -> str:
    """%info, a SoftMaxShapeInfo of m x k rows with `valid` columns of each in use (the
    ui32 fields through casts, as the frontend builds them), and %tiling, an empty
    SoftMaxTiling."""
    return f"""
%m = arith.constant {m} : i32
%k = arith.constant {k} : i32
%ok = arith.constant {valid} : i32
%mu = builtin.unrealized_conversion_cast %m : i32 to ui32
%ku = builtin.unrealized_conversion_cast %k : i32 to ui32
%oku = builtin.unrealized_conversion_cast %ok : i32 to ui32
%info = ascendc.construct !ascendc.softmax_shape_info(%mu, %ku, %mu, %oku) : ui32, ui32, ui32, ui32
%tiling = ascendc.construct !ascendc.softmax_tiling()
"""
