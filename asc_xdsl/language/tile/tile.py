"""The values of the tile language: `Tile`, `Tensor` (a GM view), `TileLocation`, and
the checks every tile function shares. Each function builds `asctile` ops through the
active builder; an op is verified as soon as it is built, so a bad shape, dtype or
location is an error at the kernel's line (`KernelBuilder.fail`)."""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable
from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.language.builder import IRValue, KernelBuilder, RuntimeScalar, require_jit


class TileLocation(enum.Enum):
    """Where a tile lives: UB (vector unit), L1, L0A/L0B (cube inputs), L0C (cube output)."""

    UB = "ub"
    L1 = "l1"
    L0A = "l0a"
    L0B = "l0b"
    L0C = "l0c"


def emit_checked(g: KernelBuilder, op: Any) -> Any:
    """Insert `op` and verify it now: a problem is a located error at this line."""
    from xdsl.utils.exceptions import VerifyException

    g.emit(op)
    try:
        # IRDL's checks and the op's own (its block is not finished: no op.verify()),
        # by the verifier's plan for the class (`dialects.fast_verify`)
        _verifier(type(op))(op)
    except VerifyException as e:
        g.fail(str(e).strip().splitlines()[-1] if str(e).strip() else type(e).__name__)
    return op


_VERIFIERS: dict[type, Any] = {}


def _verifier(cls: type) -> Any:
    found = _VERIFIERS.get(cls)
    if found is None:
        from asc_xdsl.dialects.fast_verify import install, verifier

        install(cls)
        found = _VERIFIERS[cls] = verifier(cls)
    return found


def tile_type(shape: Iterable[int], dtype: DataType, location: TileLocation | str = "ub") -> Any:
    from asc_xdsl.dialects.asctile import TileType

    loc = location.value if isinstance(location, TileLocation) else str(location)
    return TileType(list(shape), dtype.ir_type(), loc)


def static_shape(g: KernelBuilder, shape: Any, what: str = "shape") -> tuple[int, ...]:
    """A tile's shape: compile-time positive ints (a list, a tuple, torch.Size)."""
    if isinstance(shape, int) and not isinstance(shape, bool):
        shape = (shape,)
    try:
        dims = tuple(shape)
    except TypeError:
        g.fail(f"{what} must be a list of compile-time ints, got {type(shape).__name__}")
    if not dims:
        g.fail(f"{what} needs at least one dimension")
    for d in dims:
        if isinstance(d, IRValue | bool) or not isinstance(d, int):
            g.fail(
                f"{what} must be compile-time ints (a tile's shape is static), got {list(dims)!r}"
            )
        if d <= 0:
            g.fail(f"{what} must be positive sizes, got {list(dims)}")
    return dims


def location_of(g: KernelBuilder, location: Any) -> TileLocation:
    if isinstance(location, TileLocation):
        return location
    if isinstance(location, str):
        for loc in TileLocation:
            if location.lower() in (loc.value, loc.name.lower()):
                return loc
    return g.fail(f"location must be an asc2.TileLocation, got {location!r}")


class Tensor(IRValue):
    """A view of GM memory with a shape (`asc2.tensor(ptr, shape)`): what tiles are
    loaded from and stored to. `shape` holds the sizes as given (ints, or runtime
    ints), `dtype` the element type."""

    __slots__ = ("dtype", "shape")

    def __init__(self, handle: Any, dtype: DataType, shape: tuple[Any, ...]):
        super().__init__(handle)
        self.dtype = dtype
        self.shape = shape

    def __repr__(self) -> str:
        return f"Tensor({self.dtype.name}, rank {len(self.shape)})"


class Tile(IRValue):
    """A multi-dimensional array of values in on-chip memory, with value semantics:
    operators and functions make new tiles. `dtype`, `shape`, `size` and `location`
    are known at compile time."""

    __slots__ = ()

    @property
    def dtype(self) -> DataType:
        return dt.from_ir(self.handle.type.element_type)

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self.handle.type.dims)

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def location(self) -> TileLocation:
        return TileLocation(self.handle.type.loc)

    def __repr__(self) -> str:
        return f"Tile({list(self.shape)}, {self.dtype.name}, {self.location.name})"

    # -- operators (each is the tile function of the same name) -------------------------

    def _op(self, name: str, other: Any, reverse: bool = False) -> Tile:
        from asc_xdsl.language.tile import ops

        fn = getattr(ops, name)
        return fn(other, self) if reverse else fn(self, other)

    def __add__(self, o: Any) -> Tile:
        return self._op("add", o)

    def __radd__(self, o: Any) -> Tile:
        return self._op("add", o, True)

    def __sub__(self, o: Any) -> Tile:
        return self._op("sub", o)

    def __rsub__(self, o: Any) -> Tile:
        return self._op("sub", o, True)

    def __mul__(self, o: Any) -> Tile:
        return self._op("mul", o)

    def __rmul__(self, o: Any) -> Tile:
        return self._op("mul", o, True)

    def __truediv__(self, o: Any) -> Tile:
        return self._op("div", o)

    def __rtruediv__(self, o: Any) -> Tile:
        return self._op("div", o, True)

    def __lshift__(self, o: Any) -> Tile:
        return self._op("left_shift", o)

    def __rshift__(self, o: Any) -> Tile:
        return self._op("right_shift", o)

    def __matmul__(self, o: Any) -> Tile:
        return self._op("matmul", o)

    def __neg__(self) -> Tile:
        from asc_xdsl.language.tile.ops import negative

        return negative(self)

    def __eq__(self, o: Any) -> Tile:  # type: ignore[override]
        return self._op("equal", o)

    def __ne__(self, o: Any) -> Tile:  # type: ignore[override]
        return self._op("not_equal", o)

    def __gt__(self, o: Any) -> Tile:
        return self._op("greater", o)

    def __ge__(self, o: Any) -> Tile:
        return self._op("greater_equal", o)

    def __lt__(self, o: Any) -> Tile:
        return self._op("less", o)

    def __le__(self, o: Any) -> Tile:
        return self._op("less_equal", o)

    __hash__ = IRValue.__hash__

    # -- methods ---------------------------------------------------------------------

    def to(self, dtype: DataType) -> Tile:
        """The tile converted to `dtype`."""
        from asc_xdsl.dialects.asctile import CastOp

        g = require_jit("Tile.to")
        if not isinstance(dtype, DataType):
            g.fail(f"Tile.to needs a dtype such as asc.float16, got {dtype!r}")
        if dtype == self.dtype:
            return self
        op = emit_checked(g, CastOp(self.handle, tile_type(self.shape, dtype, self.location)))
        return Tile(op.result)

    def _method(name: str) -> Any:
        def method(self: Tile, *args: Any, **kwargs: Any) -> Any:
            from asc_xdsl.language.tile import ops

            return getattr(ops, name)(self, *args, **kwargs)

        method.__name__ = name
        method.__doc__ = f"`asc2.{name}(tile, ...)` as a method."
        return method

    sum = _method("reduce_sum")
    max = _method("reduce_max")
    min = _method("reduce_min")
    prod = _method("reduce_prod")
    sin, cos, tan = _method("sin"), _method("cos"), _method("tan")
    sinh, cosh, tanh = _method("sinh"), _method("cosh"), _method("tanh")
    exp, exp2, log, log2 = _method("exp"), _method("exp2"), _method("log"), _method("log2")
    floor, ceil, abs = _method("floor"), _method("ceil"), _method("abs")
    erf, sqrt, rsqrt, relu = _method("erf"), _method("sqrt"), _method("rsqrt"), _method("relu")
    broadcast_to, reshape, ravel = _method("broadcast_to"), _method("reshape"), _method("ravel")
    expand_dims, squeeze = _method("expand_dims"), _method("squeeze")
    del _method


def scalar_dtype(value: Any) -> DataType | None:
    """The dtype of a scalar operand: a runtime scalar's, None for a Python number."""
    return value.dtype if isinstance(value, RuntimeScalar) else None


__all__ = ["Tensor", "Tile", "TileLocation"]
