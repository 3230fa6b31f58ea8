"""The functions of the tile language (PyAsc2's `asc2.*` names and signatures); each
builds `asctile` ops (asc_xdsl.dialects.asctile), verified at the kernel's line."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.language.builder import IRValue, RuntimeScalar, require_jit
from asc_xdsl.language.core.tensor import GlobalAddress
from asc_xdsl.language.tile.tile import (
    Tensor,
    Tile,
    TileLocation,
    emit_checked,
    location_of,
    static_shape,
    tile_type,
)

# -- tensors and memory ------------------------------------------------------------------


def tensor(base: GlobalAddress, shape: Iterable[Any]) -> Tensor:
    """A view of GM memory at `base` with `shape` (compile-time or runtime ints)."""
    from asc_xdsl.dialects.asctile import TensorOp, TensorViewType

    g = require_jit("asc2.tensor")
    if not isinstance(base, GlobalAddress):
        g.fail(f"asc2.tensor needs a kernel's GM address (asc.GlobalAddress), got {base!r}")
    if isinstance(shape, int | IRValue):
        shape = (shape,)
    dims = tuple(shape)
    if not dims:
        g.fail("asc2.tensor needs at least one dimension")
    static, sizes = [], []
    for d in dims:
        if isinstance(d, RuntimeScalar):
            static.append(-1)
            sizes.append(g.integer(d, "a tensor's size"))
        elif isinstance(d, int) and not isinstance(d, bool) and d > 0:
            static.append(d)
        else:
            g.fail(f"asc2.tensor: sizes must be positive ints, got {d!r}")
    t = TensorViewType(static, base.dtype.ir_type())
    op = emit_checked(g, TensorOp(base.handle, sizes, t))
    return Tensor(op.result, base.dtype, dims)


def _offsets(
    g: Any, t: Tensor, shape: tuple[int, ...] | None, tile_id: Any, offsets: Any
) -> list[Any]:
    rank = len(t.shape)
    if tile_id is not None and offsets is not None and shape is not None:
        pass  # PyAsc2 takes tile_id first when both are given
    if tile_id is not None:
        if shape is None:
            g.fail("tile_id needs the tile's shape")
        ids = list(tile_id)
        if len(ids) != rank:
            g.fail(f"tile_id has {len(ids)} entries for a tensor of rank {rank}")
        values = [i * s for i, s in zip(ids, shape, strict=True)]
    elif offsets is not None:
        values = list(offsets) if not isinstance(offsets, int | IRValue) else [offsets]
        if len(values) != rank:
            g.fail(f"offsets has {len(values)} entries for a tensor of rank {rank}")
    else:
        g.fail("give the tile's position: offsets=[...] or tile_id=[...]")
    return [g.integer(v, "an offset") for v in values]


def load(
    tensor: Tensor,
    shape: Iterable[int] | None = None,
    *,
    tile_id: Iterable[Any] | None = None,
    offsets: Iterable[Any] | None = None,
    location: TileLocation = TileLocation.UB,
    pad_value: Any = 0,
) -> Any:
    """The tile of `shape` at `offsets` (or at `tile_id` times the shape) of `tensor`,
    in `location`; without a shape, the element at `offsets` as a scalar."""
    from asc_xdsl.dialects.asctile import LoadOp, LoadScalarOp

    g = require_jit("asc2.load")
    if not isinstance(tensor, Tensor):
        g.fail(f"asc2.load reads an asc2.tensor, got {tensor!r}")
    if shape is None:
        op = emit_checked(g, LoadScalarOp(tensor.handle, _offsets(g, tensor, None, None, offsets)))
        return RuntimeScalar(op.result, tensor.dtype)
    dims = static_shape(g, shape)
    if len(dims) != len(tensor.shape):
        g.fail(f"a tile of rank {len(dims)} from a tensor of rank {len(tensor.shape)}")
    offs = _offsets(g, tensor, dims, tile_id, offsets)
    loc = location_of(g, location)
    t = tile_type(dims, tensor.dtype, loc)
    op = emit_checked(g, LoadOp(tensor.handle, offs, t, _pad_attr(g, pad_value, t.element_type)))
    return Tile(op.result)


def _pad_attr(g: Any, value: Any, elem: Any) -> Any:
    """`pad_value` as an attribute of the tile's dtype (None for 0, the default)."""
    from xdsl.dialects.builtin import FloatAttr, IntegerAttr, IntegerType

    if isinstance(value, bool) or not isinstance(value, int | float):
        g.fail(f"pad_value must be a compile-time number, got {value!r}")
    if value == 0 and not (isinstance(value, float) and math.copysign(1.0, value) < 0):
        return None
    if isinstance(elem, IntegerType):
        if value != int(value):
            g.fail(f"pad_value {value!r} is not an integer, for a tile of {elem}")
        return IntegerAttr(int(value), elem)
    return FloatAttr(float(value), elem)


def store(
    value: Any,
    tensor: Tensor,
    *,
    tile_id: Iterable[Any] | None = None,
    offsets: Iterable[Any] | None = None,
) -> None:
    """Write `value` (a tile, or a scalar at `offsets`) into `tensor`."""
    from asc_xdsl.dialects.asctile import StoreOp, StoreScalarOp

    g = require_jit("asc2.store")
    if not isinstance(tensor, Tensor):
        g.fail(f"asc2.store writes an asc2.tensor, got {tensor!r}")
    if isinstance(value, Tile):
        if len(value.shape) < len(tensor.shape):  # leading 1s, as PyAsc2
            value = reshape(value, *((1,) * (len(tensor.shape) - len(value.shape)) + value.shape))
        offs = _offsets(g, tensor, value.shape, tile_id, offsets)
        emit_checked(g, StoreOp(value.handle, tensor.handle, offs))
        return
    offs = _offsets(g, tensor, None, None, offsets)
    emit_checked(g, StoreScalarOp(g.scalar(value, tensor.dtype), tensor.handle, offs))


def copy(
    tile: Tile,
    shape: Iterable[int] | None = None,
    *,
    offsets: Iterable[Any] | None = None,
    location: TileLocation = TileLocation.UB,
) -> Tile:
    """The part of `tile` of `shape` at `offsets`, in `location` (L1 -> L0A/L0B, ...)."""
    from asc_xdsl.dialects.asctile import CopyOp

    g = require_jit("asc2.copy")
    tile = _tile(g, tile, "asc2.copy")
    dims = tile.shape if shape is None else static_shape(g, shape)
    offs = [0] * len(tile.shape) if offsets is None else list(offsets)
    if len(offs) != len(tile.shape):
        g.fail(f"offsets has {len(offs)} entries for a tile of rank {len(tile.shape)}")
    loc = location_of(g, location)
    ints = [g.integer(o, "an offset") for o in offs]
    op = emit_checked(g, CopyOp(tile.handle, ints, tile_type(dims, tile.dtype, loc)))
    return Tile(op.result)


def _tile(g: Any, value: Any, what: str) -> Tile:
    if not isinstance(value, Tile):
        g.fail(f"{what} needs a tile, got {value!r}")
    return value


def _in_ub(g: Any, value: Any, what: str) -> Tile:
    """`_tile`, a matmul result (L0C) copied into UB first: the vector unit reads UB only,
    so `relu(a @ b + bias)` is a mix kernel (tile-to-ascendc: the cube writes the result
    to a GM workspace, the vector cores read it back)."""
    from asc_xdsl.dialects.asctile import CopyOp

    x = _tile(g, value, what)
    if x.location != TileLocation.L0C:
        return x
    t = tile_type(x.shape, x.dtype, TileLocation.UB)
    zero = g.integer(0, "an offset")
    return Tile(emit_checked(g, CopyOp(x.handle, [zero] * len(x.shape), t)).result)


def _vector_operand(g: Any, value: Any, what: str) -> Any:
    """A binary op's operand: a tile as `_in_ub`, anything else as is."""
    return _in_ub(g, value, what) if isinstance(value, Tile) else value


# -- element-wise ------------------------------------------------------------------------


def _common(g: Any, a: Any, b: Any, what: str) -> tuple[DataType, tuple[int, ...]]:
    """The dtype of a binary op's operands: a tile's (a scalar converts to it), else the
    scalars' common one; and the broadcast shape of the tiles."""
    from asc_xdsl.dialects.asctile import broadcast_shapes

    tiles = [x for x in (a, b) if isinstance(x, Tile)]
    if not tiles:
        g.fail(f"{what} needs a tile operand")
    for x in (a, b):
        if not isinstance(x, Tile | RuntimeScalar | int | float | bool):
            g.fail(f"{what}: an operand is {x!r}, not a tile or a number")
    dtype = tiles[0].dtype
    if len(tiles) == 2 and tiles[1].dtype != dtype:
        g.fail(
            f"{what}: tiles of {tiles[0].dtype.name} and {tiles[1].dtype.name} "
            "(convert one with .to(dtype))"
        )
    shape: tuple[int, ...] | None = ()
    for t in tiles:
        shape = broadcast_shapes(shape, t.shape)
        if shape is None:
            g.fail(
                f"{what}: shapes {' and '.join(str(list(t.shape)) for t in tiles)} do not broadcast"
            )
    return dtype, shape


def _operand(g: Any, x: Any, dtype: DataType) -> Any:
    return x.handle if isinstance(x, Tile) else g.scalar(x, dtype)


def _binary(kind: str, a: Any, b: Any, what: str) -> Tile:
    from asc_xdsl.dialects.asctile import BinaryOp

    g = require_jit(what)
    a, b = _vector_operand(g, a, what), _vector_operand(g, b, what)
    dtype, shape = _common(g, a, b, what)
    op = BinaryOp(kind, _operand(g, a, dtype), _operand(g, b, dtype), tile_type(shape, dtype))
    return Tile(emit_checked(g, op).result)


def add(input: Any, other: Any) -> Tile:
    """`input + other` element-wise (tiles broadcast; a scalar applies to every element)."""
    return _binary("add", input, other, "asc2.add")


def sub(input: Any, other: Any) -> Tile:
    """`input - other` element-wise."""
    return _binary("sub", input, other, "asc2.sub")


def mul(input: Any, other: Any) -> Tile:
    """`input * other` element-wise."""
    return _binary("mul", input, other, "asc2.mul")


def div(input: Any, other: Any) -> Tile:
    """`input / other` element-wise."""
    return _binary("div", input, other, "asc2.div")


def maximum(input: Any, other: Any) -> Tile:
    """The larger of `input` and `other`, element-wise."""
    return _binary("maximum", input, other, "asc2.maximum")


def minimum(input: Any, other: Any) -> Tile:
    """The smaller of `input` and `other`, element-wise."""
    return _binary("minimum", input, other, "asc2.minimum")


def left_shift(input: Tile, other: Any) -> Tile:
    """`input << other` on integer tiles (Ascend C's ShiftLeft: a signed tile keeps its
    sign bit, the bits below it shift)."""
    return _binary("left_shift", input, other, "asc2.left_shift")


def right_shift(input: Tile, other: Any) -> Tile:
    """`input >> other` on integer tiles (arithmetic on signed ones)."""
    return _binary("right_shift", input, other, "asc2.right_shift")


def _compare(kind: str, a: Any, b: Any, what: str) -> Tile:
    from asc_xdsl.dialects.asctile import CompareOp

    g = require_jit(what)
    a, b = _vector_operand(g, a, what), _vector_operand(g, b, what)
    dtype, shape = _common(g, a, b, what)
    op = CompareOp(kind, _operand(g, a, dtype), _operand(g, b, dtype), tile_type(shape, dt.bool_))
    return Tile(emit_checked(g, op).result)


def equal(input: Any, other: Any) -> Tile:
    """`input == other` element-wise: a mask tile."""
    return _compare("eq", input, other, "asc2.equal")


def not_equal(input: Any, other: Any) -> Tile:
    """`input != other` element-wise: a mask tile."""
    return _compare("ne", input, other, "asc2.not_equal")


def greater(input: Any, other: Any) -> Tile:
    """`input > other` element-wise: a mask tile."""
    return _compare("gt", input, other, "asc2.greater")


def greater_equal(input: Any, other: Any) -> Tile:
    """`input >= other` element-wise: a mask tile."""
    return _compare("ge", input, other, "asc2.greater_equal")


def less(input: Any, other: Any) -> Tile:
    """`input < other` element-wise: a mask tile."""
    return _compare("lt", input, other, "asc2.less")


def less_equal(input: Any, other: Any) -> Tile:
    """`input <= other` element-wise: a mask tile."""
    return _compare("le", input, other, "asc2.less_equal")


def where(mask: Tile, src0: Any, src1: Any) -> Tile:
    """`src0` where `mask` holds, else `src1` (tiles or scalars)."""
    from asc_xdsl.dialects.asctile import SelectOp, broadcast_shapes

    g = require_jit("asc2.where")
    mask = _tile(g, mask, "asc2.where's mask")
    if mask.dtype != dt.bool_:
        g.fail(f"asc2.where's mask must be a comparison's result (bool), got {mask.dtype.name}")
    src0 = _vector_operand(g, src0, "asc2.where")
    src1 = _vector_operand(g, src1, "asc2.where")
    tiles = [x for x in (src0, src1) if isinstance(x, Tile)]
    if tiles:
        dtype = tiles[0].dtype
    else:
        scalars = [x for x in (src0, src1) if isinstance(x, RuntimeScalar)]
        dtype = (
            scalars[0].dtype
            if scalars
            else (dt.float32 if any(isinstance(x, float) for x in (src0, src1)) else dt.int32)
        )
    shape = mask.shape
    for t in tiles:
        s = broadcast_shapes(shape, t.shape)
        if s is None:
            g.fail(f"asc2.where: shapes {list(mask.shape)} and {list(t.shape)} do not broadcast")
        shape = s
    op = SelectOp(
        mask.handle, _operand(g, src0, dtype), _operand(g, src1, dtype), tile_type(shape, dtype)
    )
    return Tile(emit_checked(g, op).result)


def mask(*, count: Any = None, bits: Iterable[Any] | None = None, other: Any = None) -> Any:
    """PyAsc2's `with asc2.mask(count=...)` (element-wise ops on the first `count`
    elements only): not supported yet, an error at the kernel's line."""
    g = require_jit("asc2.mask")
    return g.fail(
        "asc2.mask is not supported by asc_xdsl yet: compute on a smaller tile, or use "
        "asc2.where with a comparison (docs/tile.md, 'Differences from PyAsc2')"
    )


def _unary(kind: str, x: Any, what: str) -> Any:
    from asc_xdsl.dialects.asctile import UnaryOp

    g = require_jit(what)
    if isinstance(x, int | float) and not isinstance(x, bool):
        import math as _m

        python = {"sqrt": _m.sqrt, "exp": _m.exp, "erf": _m.erf, "log": _m.log}.get(kind)
        if python is not None:
            return python(x)  # a compile-time constant (PyAsc2: `asc2.sqrt(2 / pi)`)
    # relu of a matmul result stays in L0C (fused into its Fixpipe)
    x = _tile(g, x, what) if kind == "relu" else _in_ub(g, x, what)
    if not x.dtype.is_float() and kind not in ("abs", "negative", "relu"):
        g.fail(f"{what} needs a floating-point tile, got {x.dtype.name}")
    return Tile(emit_checked(g, UnaryOp(kind, x.handle)).result)


def _unary_fn(kind: str, doc: str) -> Any:
    def fn(input: Any) -> Any:
        return _unary(kind, input, f"asc2.{kind}")

    fn.__name__ = fn.__qualname__ = kind
    fn.__doc__ = doc
    fn.__module__ = __name__
    return fn


abs = _unary_fn("abs", "|x| element-wise.")
ceil = _unary_fn("ceil", "The smallest integer >= x, element-wise.")
cos = _unary_fn("cos", "cos(x) element-wise.")
cosh = _unary_fn("cosh", "cosh(x) element-wise.")
erf = _unary_fn("erf", "The error function, element-wise.")
exp = _unary_fn("exp", "e**x element-wise.")
exp2 = _unary_fn("exp2", "2**x element-wise.")
floor = _unary_fn("floor", "The largest integer <= x, element-wise.")
log = _unary_fn("log", "The natural logarithm, element-wise.")
log2 = _unary_fn("log2", "The base-2 logarithm, element-wise.")
negative = _unary_fn("negative", "-x element-wise.")
relu = _unary_fn("relu", "max(x, 0) element-wise.")
rsqrt = _unary_fn("rsqrt", "1 / sqrt(x) element-wise.")
sin = _unary_fn("sin", "sin(x) element-wise.")
sinh = _unary_fn("sinh", "sinh(x) element-wise.")
sqrt = _unary_fn("sqrt", "sqrt(x) element-wise (of a Python number: a constant).")
tan = _unary_fn("tan", "tan(x) element-wise.")
tanh = _unary_fn("tanh", "tanh(x) element-wise.")


def softmax(input: Tile) -> Tile:
    """softmax along the last dimension: exp(x - max) / sum(exp(x - max))."""
    from asc_xdsl.dialects.asctile import SoftmaxOp

    g = require_jit("asc2.softmax")
    x = _in_ub(g, input, "asc2.softmax")
    if not x.dtype.is_float():
        g.fail(f"asc2.softmax needs a floating-point tile, got {x.dtype.name}")
    return Tile(emit_checked(g, SoftmaxOp(x.handle)).result)


def rms_norm(input: Tile, gamma: Tile | None = None, epsilon: float = 1e-6) -> Tile:
    """x / sqrt(mean(x**2, last dimension) + epsilon) * gamma."""
    from xdsl.dialects.builtin import FloatAttr

    from asc_xdsl.dialects.asctile import RmsNormOp

    g = require_jit("asc2.rms_norm")
    x = _in_ub(g, input, "asc2.rms_norm")
    if gamma is not None:
        gamma = _tile(g, gamma, "asc2.rms_norm's gamma")
    eps = g.constexpr(float(epsilon) if isinstance(epsilon, int) else epsilon, "epsilon", float)
    op = RmsNormOp(x.handle, None if gamma is None else gamma.handle, FloatAttr(eps, 32))
    return Tile(emit_checked(g, op).result)


# -- reductions --------------------------------------------------------------------------


def _reduce(kind: str, x: Any, dims: tuple[Any, ...], keep_dims: Any, what: str) -> Any:
    from asc_xdsl.dialects.asctile import ReduceOp

    g = require_jit(what)
    x = _in_ub(g, x, what)
    rank = len(x.shape)
    keep = (
        g.constexpr(keep_dims, "keep_dims", bool) if not isinstance(keep_dims, bool) else keep_dims
    )
    if len(dims) == 1 and isinstance(dims[0], tuple | list):
        dims = tuple(dims[0])
    axes = []
    for d in dims or range(rank):
        d = g.constexpr(d, "a reduced dimension", int)
        if not -rank <= d < rank:
            g.fail(f"{what}: dimension {d} of a tile of rank {rank}")
        axes.append(d % rank)
    axes = sorted(set(axes))
    if keep:
        out = [1 if i in axes else s for i, s in enumerate(x.shape)]
    else:
        out = [s for i, s in enumerate(x.shape) if i not in axes]
    rt = tile_type(out, x.dtype) if out else x.dtype.ir_type()
    op = emit_checked(g, ReduceOp(kind, x.handle, axes, keep, rt))
    return Tile(op.result) if out else RuntimeScalar(op.result, x.dtype)


def reduce_sum(input: Tile, *dims: int, keep_dims: bool = False) -> Any:
    """The sum over `dims` (all: a scalar, unless keep_dims)."""
    return _reduce("sum", input, dims, keep_dims, "asc2.reduce_sum")


def reduce_max(input: Tile, *dims: int, keep_dims: bool = False) -> Any:
    """The maximum over `dims` (all: a scalar, unless keep_dims)."""
    return _reduce("max", input, dims, keep_dims, "asc2.reduce_max")


def reduce_min(input: Tile, *dims: int, keep_dims: bool = False) -> Any:
    """The minimum over `dims` (all: a scalar, unless keep_dims)."""
    return _reduce("min", input, dims, keep_dims, "asc2.reduce_min")


def reduce_prod(input: Tile, *dims: int, keep_dims: bool = False) -> Any:
    """The product over `dims` (all: a scalar, unless keep_dims)."""
    return _reduce("prod", input, dims, keep_dims, "asc2.reduce_prod")


# -- shapes ------------------------------------------------------------------------------


def _shape_args(shape: tuple[Any, ...]) -> tuple[Any, ...]:
    if len(shape) == 1 and isinstance(shape[0], tuple | list):
        return tuple(shape[0])
    return shape


def broadcast_to(input: Tile, *shape: int) -> Tile:
    """`input` repeated along its size-1 dimensions (numpy's rule) to `shape`."""
    from asc_xdsl.dialects.asctile import BroadcastOp

    g = require_jit("asc2.broadcast_to")
    x = _in_ub(g, input, "asc2.broadcast_to")
    dims = static_shape(g, _shape_args(shape))
    if dims == x.shape:
        return x
    if len(dims) > len(x.shape):  # leading 1s, as numpy
        x = reshape(x, *((1,) * (len(dims) - len(x.shape)) + x.shape))
    op = BroadcastOp(x.handle, tile_type(dims, x.dtype, x.location))
    return Tile(emit_checked(g, op).result)


def reshape(input: Tile, *shape: int) -> Tile:
    """The same elements (row-major) in `shape`; one size may be -1 (inferred)."""
    from asc_xdsl.dialects.asctile import ReshapeOp

    g = require_jit("asc2.reshape")
    x = _in_ub(g, input, "asc2.reshape")
    dims = list(_shape_args(shape))
    if dims.count(-1) == 1:
        known = 1
        for d in dims:
            if d != -1:
                known *= d
        dims[dims.index(-1)] = x.size // known if known else 0
    dims_t = static_shape(g, dims)
    if dims_t == x.shape:
        return x
    op = ReshapeOp(x.handle, tile_type(dims_t, x.dtype, x.location))
    return Tile(emit_checked(g, op).result)


def ravel(input: Tile) -> Tile:
    """The tile as one dimension."""
    x = _tile(require_jit("asc2.ravel"), input, "asc2.ravel")
    return reshape(x, x.size)


def expand_dims(input: Tile, *axis: int) -> Tile:
    """Size-1 dimensions inserted at `axis`."""
    g = require_jit("asc2.expand_dims")
    x = _in_ub(g, input, "asc2.expand_dims")
    shape = list(x.shape)
    rank = len(shape) + len(axis)
    for a in sorted(g.constexpr(a, "an axis", int) % rank for a in _shape_args(axis)):
        shape.insert(a, 1)
    return reshape(x, *shape)


def squeeze(input: Tile, *axis: int) -> Tile:
    """Size-1 dimensions at `axis` (all of them without one) removed."""
    g = require_jit("asc2.squeeze")
    x = _in_ub(g, input, "asc2.squeeze")
    rank = len(x.shape)
    axes = {g.constexpr(a, "an axis", int) % rank for a in _shape_args(axis)} or {
        i for i, s in enumerate(x.shape) if s == 1
    }
    for a in axes:
        if x.shape[a] != 1:
            g.fail(f"asc2.squeeze: dimension {a} has size {x.shape[a]}, not 1")
    shape = [s for i, s in enumerate(x.shape) if i not in axes] or [1]
    return reshape(x, *shape)


# -- creation ----------------------------------------------------------------------------


def full(
    shape: Iterable[int],
    value: Any,
    dtype: DataType | None = None,
    location: TileLocation = TileLocation.UB,
) -> Tile:
    """A tile of `shape` with every element `value` (dtype: value's, int32 or float32
    for a Python number)."""
    from asc_xdsl.dialects.asctile import FullOp

    g = require_jit("asc2.full")
    dims = static_shape(g, shape)
    if dtype is None:
        if isinstance(value, RuntimeScalar):
            dtype = value.dtype
        else:
            dtype = dt.float32 if isinstance(value, float) else dt.int32
    if not isinstance(dtype, DataType):
        g.fail(f"asc2.full: dtype must be a data type, got {dtype!r}")
    loc = location_of(g, location)
    op = FullOp(g.scalar(value, dtype), tile_type(dims, dtype, loc))
    return Tile(emit_checked(g, op).result)


def full_like(input: Tile, value: Any, location: TileLocation = TileLocation.UB) -> Tile:
    """A tile like `input` with every element `value`."""
    x = _tile(require_jit("asc2.full_like"), input, "asc2.full_like")
    return full(x.shape, value, x.dtype, location)


def zeros(
    shape: Iterable[int], dtype: DataType = dt.int32, location: TileLocation = TileLocation.UB
) -> Tile:
    """A tile of zeros."""
    return full(shape, 0, dtype, location)


def zeros_like(input: Tile, location: TileLocation = TileLocation.UB) -> Tile:
    """A tile of zeros like `input`."""
    x = _tile(require_jit("asc2.zeros_like"), input, "asc2.zeros_like")
    return full(x.shape, 0, x.dtype, location)


def zeros_acc(shape: Iterable[int], dtype: DataType) -> Tile:
    """An L0C accumulator of zeros for `matmul_acc`."""
    from asc_xdsl.dialects.asctile import ZerosAccOp

    g = require_jit("asc2.zeros_acc")
    dims = static_shape(g, shape)
    return Tile(emit_checked(g, ZerosAccOp(tile_type(dims, dtype, TileLocation.L0C))).result)


def concat(*inputs: Tile) -> Tile:
    """The tiles joined along their first dimension."""
    from asc_xdsl.dialects.asctile import ConcatOp

    g = require_jit("asc2.concat")
    if not inputs:
        g.fail("asc2.concat needs tiles")
    result = _tile(g, inputs[0], "asc2.concat")
    for x in inputs[1:]:
        x = _tile(g, x, "asc2.concat")
        shape = [result.shape[0] + x.shape[0], *result.shape[1:]]
        op = ConcatOp(result.handle, x.handle, 0, tile_type(shape, result.dtype, result.location))
        result = Tile(emit_checked(g, op).result)
    return result


# -- matmul ------------------------------------------------------------------------------


def matmul(input: Tile, other: Tile) -> Tile:
    """`input @ other` on the cube unit: an L0A [M, K] tile times an L0B [K, N] tile
    (float16, bfloat16 or float32) gives a float32 L0C [M, N] tile."""
    from asc_xdsl.dialects.asctile import MatmulOp

    g = require_jit("asc2.matmul")
    a, b = _tile(g, input, "asc2.matmul"), _tile(g, other, "asc2.matmul")
    if len(a.shape) != 2 or len(b.shape) != 2:
        g.fail(f"asc2.matmul multiplies 2-D tiles, got {list(a.shape)} and {list(b.shape)}")
    _matmul_dtypes(g, a, b, "asc2.matmul")
    t = tile_type([a.shape[0], b.shape[1]], dt.float32, TileLocation.L0C)
    return Tile(emit_checked(g, MatmulOp(a.handle, b.handle, None, t)).result)


def matmul_acc(input: Tile, other: Tile, acc: Tile) -> None:
    """`acc += input @ other` (acc from `zeros_acc`)."""
    from asc_xdsl.dialects.asctile import MatmulOp

    g = require_jit("asc2.matmul_acc")
    a, b = _tile(g, input, "asc2.matmul_acc"), _tile(g, other, "asc2.matmul_acc")
    acc = _tile(g, acc, "asc2.matmul_acc's accumulator")
    _matmul_dtypes(g, a, b, "asc2.matmul_acc")
    if acc.dtype != dt.float32 or acc.location != TileLocation.L0C:
        g.fail("asc2.matmul_acc accumulates into a float32 L0C tile (asc2.zeros_acc)")
    # PyAsc2's accumulator is updated in place: the op adds into acc's L0C buffer
    # (asctile.matmul with an accumulator), so later reads of `acc` see the sum
    emit_checked(g, MatmulOp(a.handle, b.handle, acc.handle, acc.handle.type))


def _matmul_dtypes(g: Any, a: Tile, b: Tile, what: str) -> None:
    """PyAsc2's rule: float16, bfloat16 or float32 tiles of one dtype (a float32 result)."""
    if a.dtype != b.dtype:
        g.fail(f"{what}: tiles of {a.dtype.name} and {b.dtype.name} (one dtype for both)")
    if a.dtype not in (dt.float16, dt.bfloat16, dt.float32):
        g.fail(f"{what} takes float16, bfloat16 or float32 tiles, got {a.dtype.name}")


# -- atomics -----------------------------------------------------------------------------


def _atomic(kind: str, tile: Tile, tensor: Tensor, offsets: Any) -> None:
    from asc_xdsl.dialects.asctile import AtomicOp

    g = require_jit(f"asc2.atomic_{kind}")
    tile = _tile(g, tile, f"asc2.atomic_{kind}")
    if not isinstance(tensor, Tensor):
        g.fail(f"asc2.atomic_{kind} writes an asc2.tensor, got {tensor!r}")
    offs = _offsets(g, tensor, tile.shape, None, offsets)
    emit_checked(g, AtomicOp(kind, tile.handle, tensor.handle, offs))


def atomic_add(tile: Tile, tensor: Tensor, offsets: Iterable[Any]) -> None:
    """GM at `offsets` += tile, atomically across blocks."""
    _atomic("add", tile, tensor, offsets)


def atomic_max(tile: Tile, tensor: Tensor, offsets: Iterable[Any]) -> None:
    """GM at `offsets` = max(GM, tile), atomically across blocks."""
    _atomic("max", tile, tensor, offsets)


def atomic_min(tile: Tile, tensor: Tensor, offsets: Iterable[Any]) -> None:
    """GM at `offsets` = min(GM, tile), atomically across blocks."""
    _atomic("min", tile, tensor, offsets)


# -- programming model -------------------------------------------------------------------


def block_idx() -> RuntimeScalar:
    """This block's index, in [0, block_num())."""
    from asc_xdsl.language.basic.sys_var import get_block_idx

    return get_block_idx()


def block_num() -> RuntimeScalar:
    """The number of blocks of the launch."""
    from asc_xdsl.language.basic.sys_var import get_block_num

    return get_block_num()


def num_tiles(tensor: Tensor, axis: int, shape: Iterable[int]) -> Any:
    """How many tiles of `shape` cover `tensor` along `axis` (rounded up)."""
    g = require_jit("asc2.num_tiles")
    if not isinstance(tensor, Tensor):
        g.fail(f"asc2.num_tiles counts tiles of an asc2.tensor, got {tensor!r}")
    dims = static_shape(g, shape)
    axis = g.constexpr(axis, "axis", int)
    size = tensor.shape[axis]
    if isinstance(size, int):
        return -(-size // dims[axis])
    return g.ceildiv(size, dims[axis])
