"""System values of the launch: the block index and the number of blocks."""

from __future__ import annotations

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.language.builder import RuntimeScalar, require_jit


def get_block_idx() -> RuntimeScalar:
    """Index of this block, in [0, get_block_num())."""
    g = require_jit("get_block_idx")
    from asc_xdsl.dialects.ascendc.sysvar import GetBlockIdxOp

    return RuntimeScalar(g.emit(GetBlockIdxOp(dt.int32.ir_type())).value, dt.int32)


def get_block_num() -> RuntimeScalar:
    """Number of blocks of the launch."""
    g = require_jit("get_block_num")
    from asc_xdsl.dialects.ascendc.sysvar import GetBlockNumOp

    return RuntimeScalar(g.emit(GetBlockNumOp(dt.int32.ir_type())).value, dt.int32)
