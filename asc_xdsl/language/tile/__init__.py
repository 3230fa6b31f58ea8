"""The tile language (PyAsc2's `asc2`): tiles with value semantics, built as `asctile`
IR through the kernel builder. Users import it as `asc_xdsl.asc2` (or
`asc_xdsl.asctile`); see docs/tile.md."""

from asc_xdsl.language.tile.ops import (
    abs, add, atomic_add, atomic_max, atomic_min, block_idx, block_num, broadcast_to, ceil,
    concat, copy, cos, cosh, div, equal, erf, exp, exp2, expand_dims, floor, full, full_like,
    greater, greater_equal, left_shift, less, less_equal, load, log, log2, mask, matmul,
    matmul_acc, maximum, minimum, mul, negative, not_equal, num_tiles, ravel, reduce_max,
    reduce_min, reduce_prod, reduce_sum, relu, reshape, right_shift, rms_norm, rsqrt, sin, sinh,
    softmax, sqrt, squeeze, store, sub, tan, tanh, tensor, where, zeros, zeros_acc, zeros_like,
)  # fmt: skip
from asc_xdsl.language.tile.range import range
from asc_xdsl.language.tile.tile import Tensor, Tile, TileLocation

__all__ = [
    "Tensor", "Tile", "TileLocation", "abs", "add", "atomic_add", "atomic_max", "atomic_min",
    "block_idx", "block_num", "broadcast_to", "ceil", "concat", "copy", "cos", "cosh", "div",
    "equal", "erf", "exp", "exp2", "expand_dims", "floor", "full", "full_like", "greater",
    "greater_equal", "left_shift", "less", "less_equal", "load", "log", "log2", "mask",
    "matmul", "matmul_acc", "maximum", "minimum", "mul", "negative", "not_equal", "num_tiles",
    "range", "ravel", "reduce_max", "reduce_min", "reduce_prod", "reduce_sum", "relu",
    "reshape", "right_shift", "rms_norm", "rsqrt", "sin", "sinh", "softmax", "sqrt", "squeeze",
    "store", "sub", "tan", "tanh", "tensor", "where", "zeros", "zeros_acc", "zeros_like",
]  # fmt: skip
