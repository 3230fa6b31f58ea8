"""`asctile`: the tile dialect of the `asc2` language (docs/tile.md).

A tile is an SSA value with a static shape, an element type and a location, the memory
it lives in: `!asctile.tile<1x1024xf32, ub>` (locations `ub`, `l1`, `l0a`, `l0b`,
`l0c`). Tiles have value semantics: every op makes a new tile, none writes one in
place; the lowering passes (`transforms/tile_*.py`) choose the buffers. A GM tensor
view is `!asctile.tensor<?x1024xf32>` (`?`: a size known at run time), made from a
kernel's GM address by `asctile.tensor`. Tiles are read from and written to views
with `asctile.load` / `asctile.store` at element offsets; the part of a tile that lies
past a view's end is not transferred (loads pad it, stores skip it).

The verifiers check what can be checked before anything runs, each at the op's
location: shapes that broadcast, ranks and dtypes that agree, a location the op can
read, and a tile that fits its memory on the module's SoC.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod
from typing import Any, ClassVar

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects.builtin import (
    ArrayAttr,
    BoolAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    SymbolRefAttr,
    UnitAttr,
)
from xdsl.ir import Attribute, Dialect, Operation, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

LOCATIONS = ("ub", "l1", "l0a", "l0b", "l0c")
"""Where a tile lives; `asc2.TileLocation`'s members in lower case."""
MEMORY_OF = {"ub": "UB", "l1": "L1", "l0a": "L0A", "l0b": "L0B", "l0c": "L0C"}
"""A location -> its memory in `asc_xdsl.soc`'s capacity table."""

BINARY_KINDS = ("add", "sub", "mul", "div", "maximum", "minimum", "left_shift", "right_shift")
UNARY_KINDS = (
    "abs", "ceil", "cos", "cosh", "erf", "exp", "exp2", "floor", "log", "log2", "negative",
    "relu", "rsqrt", "sin", "sinh", "sqrt", "tan", "tanh",
)  # fmt: skip
COMPARE_KINDS = ("eq", "ne", "gt", "ge", "lt", "le")
REDUCE_KINDS = ("sum", "max", "min", "prod")
ATOMIC_KINDS = ("add", "max", "min")
INTEGER_ONLY = ("left_shift", "right_shift")


def _dims(shape: Sequence[int]) -> str:
    return "x".join("?" if d < 0 else str(d) for d in shape)


def _parse_shape_and_type(parser: AttrParser) -> tuple[list[int], Attribute]:
    dims = parser.parse_ranked_shape()
    return list(dims[0]), dims[1]


@irdl_attr_definition
class TileType(ParametrizedAttribute, TypeAttribute):
    """`!asctile.tile<R x C x T, loc>`: a tile of a static shape in on-chip memory."""

    name = "asctile.tile"
    shape: ArrayAttr[IntAttr]
    element_type: Attribute
    location: StringAttr

    def __init__(self, shape: Sequence[int], element_type: Attribute, location: str = "ub"):
        super().__init__(ArrayAttr([IntAttr(d) for d in shape]), element_type, StringAttr(location))

    @property
    def dims(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.shape.data)

    @property
    def loc(self) -> str:
        return self.location.data

    @property
    def numel(self) -> int:
        return prod(self.dims)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            shape, elem = _parse_shape_and_type(parser)
            parser.parse_punctuation(",")
            loc = parser.parse_identifier()
        return (ArrayAttr([IntAttr(d) for d in shape]), elem, StringAttr(loc))

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{_dims(self.dims)}x")
        printer.print_attribute(self.element_type)
        printer.print_string(f", {self.loc}>")

    def verify(self) -> None:
        if self.loc not in LOCATIONS:
            raise VerifyException(
                f"tile location '{self.loc}' is not one of {', '.join(LOCATIONS)}"
            )
        if not self.dims or any(d <= 0 for d in self.dims):
            raise VerifyException(f"a tile's shape must be positive sizes, got {list(self.dims)}")


@irdl_attr_definition
class TensorViewType(ParametrizedAttribute, TypeAttribute):
    """`!asctile.tensor<? x 1024 x T>`: a view of GM memory (`?`: a run-time size)."""

    name = "asctile.tensor"
    shape: ArrayAttr[IntAttr]
    element_type: Attribute

    def __init__(self, shape: Sequence[int], element_type: Attribute):
        super().__init__(ArrayAttr([IntAttr(d) for d in shape]), element_type)

    @property
    def dims(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.shape.data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            shape, elem = _parse_shape_and_type(parser)
        return (ArrayAttr([IntAttr(d) for d in shape]), elem)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{_dims(self.dims)}x")
        printer.print_attribute(self.element_type)
        printer.print_string(">")


# -- helpers for verifiers -------------------------------------------------------------


def broadcast_shapes(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...] | None:
    """numpy's broadcast of two shapes, None when they do not broadcast."""
    out = []
    for x, y in zip(
        (1,) * (len(b) - len(a)) + tuple(a), (1,) * (len(a) - len(b)) + tuple(b), strict=True
    ):
        if x != y and 1 not in (x, y):
            return None
        out.append(max(x, y))
    return tuple(out)


def _tile(value: SSAValue, what: str) -> TileType:
    if not isinstance(value.type, TileType):
        raise VerifyException(f"{what} must be a tile, got {value.type}")
    return value.type


def _shape_of(value: SSAValue) -> tuple[int, ...]:
    return value.type.dims if isinstance(value.type, TileType) else ()


def _elem_of(value: SSAValue) -> Attribute:
    return value.type.element_type if isinstance(value.type, TileType) else value.type


def _require_location(op: Operation, value: SSAValue, allowed: Sequence[str], what: str) -> None:
    t = _tile(value, what)
    if t.loc not in allowed:
        raise VerifyException(
            f"{op.name}: {what} is a tile in {t.loc.upper()}, which this op cannot read "
            f"(it reads {', '.join(x.upper() for x in allowed)})"
        )


def check_fits(op: Operation, t: TileType) -> None:
    """A tile larger than its whole memory on the module's SoC is an error."""
    from asc_xdsl.dialects.ascendc.target import declared_soc
    from asc_xdsl.soc import get_soc

    soc = get_soc(declared_soc(op))
    capacity = soc.memory[MEMORY_OF[t.loc]]
    width = _bytes_of(t.element_type)
    need = t.numel * width
    if need > capacity:
        raise VerifyException(
            f"a tile of {'x'.join(map(str, t.dims))} elements of {width} bytes takes "
            f"{need} bytes, more than {MEMORY_OF[t.loc]}'s {capacity} bytes on {soc.name}"
        )


def _bytes_of(t: Attribute) -> int:
    width = getattr(t, "bitwidth", None)
    if width is None:
        width = t.width.data if isinstance(t, IntegerType) else 32
    return max(1, width // 8)


class TileOp(IRDLOperation):
    """Every op making a tile checks that it fits its memory."""

    irdl_options = (ParsePropInAttrDict(),)

    def __init__(self, **fields: Any) -> None:
        # IRDL's builder made by `fast_build.irdl_init` (the same op; IRDL's own builder,
        # with its messages, for what that one does not take)
        from asc_xdsl.dialects.fast_build import irdl_init

        if set(fields) <= {"operands", "result_types", "properties"} and irdl_init(
            self,
            fields.get("operands", ()),
            fields.get("result_types", ()),
            fields.get("properties") or {},
        ):
            return
        super().__init__(**fields)

    def verify_(self) -> None:
        for r in self.results:
            if isinstance(r.type, TileType):
                check_fits(self, r.type)
        self.verify_tile()

    def verify_tile(self) -> None:
        pass


# -- ops -------------------------------------------------------------------------------


@irdl_op_definition
class TensorOp(TileOp):
    """A GM view of `shape` over the address `base`; `sizes` give its `?` dimensions."""

    name = "asctile.tensor"
    base = operand_def()
    sizes = var_operand_def()
    result = result_def(TensorViewType)
    assembly_format = (
        "$base `[` $sizes `]` attr-dict `:` type($base) `,` type($sizes) `->` type($result)"
    )

    def __init__(self, base: SSAValue, sizes: Sequence[SSAValue], t: TensorViewType):
        super().__init__(operands=[base, sizes], result_types=[t])

    def verify_tile(self) -> None:
        dynamic = sum(d < 0 for d in self.result.type.dims)
        if dynamic != len(self.sizes):
            raise VerifyException(
                f"asctile.tensor: {dynamic} run-time dimensions but {len(self.sizes)} sizes"
            )


class _Transfer(TileOp):
    """An op addressing a view at element offsets, one per dimension."""

    def _check_offsets(self, view: TensorViewType, rank: int) -> None:
        if len(view.dims) != rank:
            raise VerifyException(
                f"{self.name}: a tile of rank {rank} on a tensor of rank {len(view.dims)}"
            )
        if len(self.offsets) != rank:
            raise VerifyException(
                f"{self.name}: {len(self.offsets)} offsets for a tensor of rank {rank}"
            )


@irdl_op_definition
class LoadOp(_Transfer):
    """The tile at `offsets` of a GM view (elements past the view's end are padding:
    `pad_value`, 0 when absent)."""

    name = "asctile.load"
    pad_value = opt_prop_def(Attribute)
    tensor = operand_def(TensorViewType)
    offsets = var_operand_def()
    result = result_def(TileType)
    assembly_format = (
        "$tensor `[` $offsets `]` attr-dict `:` type($tensor) `,` type($offsets) `->` type($result)"
    )

    def __init__(
        self,
        tensor: SSAValue,
        offsets: Sequence[SSAValue],
        t: TileType,
        pad_value: Attribute | None = None,
    ):
        super().__init__(
            operands=[tensor, offsets],
            result_types=[t],
            properties={"pad_value": pad_value} if pad_value is not None else {},
        )

    def verify_tile(self) -> None:
        view, t = self.tensor.type, self.result.type
        self._check_offsets(view, len(t.dims))
        if view.element_type != t.element_type:
            raise VerifyException(
                f"asctile.load: a {t.element_type} tile from a tensor of {view.element_type}"
            )
        if t.loc == "l0c":
            raise VerifyException("asctile.load: L0C is written by the cube unit only (use matmul)")
        pad = self.pad_value
        if pad is not None and getattr(pad, "type", None) != t.element_type:
            raise VerifyException(f"asctile.load: pad_value must be a {t.element_type} attribute")
        for i, (d, v) in enumerate(zip(t.dims, view.dims, strict=True)):
            if v >= 0 and d > v:
                raise VerifyException(
                    f"asctile.load: the tile's dimension {i} ({d}) is larger than the tensor's ({v})"
                )


@irdl_op_definition
class StoreOp(_Transfer):
    """`tile` written at `offsets` of a GM view (what lies past the view's end is not)."""

    name = "asctile.store"
    tile = operand_def(TileType)
    tensor = operand_def(TensorViewType)
    offsets = var_operand_def()
    assembly_format = "$tile `,` $tensor `[` $offsets `]` attr-dict `:` type($tile) `,` type($tensor) `,` type($offsets)"

    def __init__(self, tile: SSAValue, tensor: SSAValue, offsets: Sequence[SSAValue]):
        super().__init__(operands=[tile, tensor, offsets])

    def verify_tile(self) -> None:
        t, view = self.tile.type, self.tensor.type
        _require_location(self, self.tile, ("ub", "l0c"), "the stored tile")
        self._check_offsets(view, len(t.dims))
        if view.element_type != t.element_type and t.loc != "l0c":
            raise VerifyException(
                f"asctile.store: a {t.element_type} tile into a tensor of {view.element_type} "
                "(convert it with .to(dtype) first)"
            )


@irdl_op_definition
class LoadScalarOp(_Transfer):
    """The element at `offsets` of a GM view, as a scalar."""

    name = "asctile.load_scalar"
    tensor = operand_def(TensorViewType)
    offsets = var_operand_def()
    result = result_def()
    assembly_format = (
        "$tensor `[` $offsets `]` attr-dict `:` type($tensor) `,` type($offsets) `->` type($result)"
    )

    def __init__(self, tensor: SSAValue, offsets: Sequence[SSAValue]):
        super().__init__(operands=[tensor, offsets], result_types=[tensor.type.element_type])

    def verify_tile(self) -> None:
        self._check_offsets(self.tensor.type, len(self.tensor.type.dims))


@irdl_op_definition
class StoreScalarOp(_Transfer):
    """The scalar `value` written at `offsets` of a GM view."""

    name = "asctile.store_scalar"
    value = operand_def()
    tensor = operand_def(TensorViewType)
    offsets = var_operand_def()
    assembly_format = "$value `,` $tensor `[` $offsets `]` attr-dict `:` type($value) `,` type($tensor) `,` type($offsets)"

    def __init__(self, value: SSAValue, tensor: SSAValue, offsets: Sequence[SSAValue]):
        super().__init__(operands=[value, tensor, offsets])

    def verify_tile(self) -> None:
        self._check_offsets(self.tensor.type, len(self.tensor.type.dims))


@irdl_op_definition
class CopyOp(_Transfer):
    """The part of `source` at `offsets` with the result's shape, moved to the result's
    location: L1 to L0A/L0B (MTE1), L0C to L1 or UB (Fixpipe), UB to UB."""

    name = "asctile.copy"
    source = operand_def(TileType)
    offsets = var_operand_def()
    result = result_def(TileType)
    assembly_format = (
        "$source `[` $offsets `]` attr-dict `:` type($source) `,` type($offsets) `->` type($result)"
    )
    MOVES: ClassVar[dict[str, tuple[str, ...]]] = {
        "l1": ("l0a", "l0b", "l1"),
        "l0c": ("l1", "ub"),
        "ub": ("ub", "l1"),
    }

    def __init__(self, source: SSAValue, offsets: Sequence[SSAValue], t: TileType):
        super().__init__(operands=[source, offsets], result_types=[t])

    def verify_tile(self) -> None:
        s, t = self.source.type, self.result.type
        if t.loc not in self.MOVES.get(s.loc, ()):
            raise VerifyException(
                f"asctile.copy: no data path from {s.loc.upper()} to {t.loc.upper()} "
                f"(from {s.loc.upper()}: {', '.join(x.upper() for x in self.MOVES.get(s.loc, ())) or 'none'})"
            )
        if len(self.offsets) != len(s.dims) or len(t.dims) != len(s.dims):
            raise VerifyException("asctile.copy: offsets, source and result need the same rank")
        if any(d > e for d, e in zip(t.dims, s.dims, strict=True)):
            raise VerifyException(
                f"asctile.copy: a {list(t.dims)} tile cannot be taken from a {list(s.dims)} one"
            )
        if s.element_type != t.element_type and s.loc != "l0c":
            raise VerifyException("asctile.copy: only a copy out of L0C converts the dtype")


class _Elementwise(TileOp):
    """Operands that are tiles or scalars, at least one a tile in UB; tiles broadcast."""

    def _check_elementwise(
        self, operands: Sequence[SSAValue], result_elem: Attribute | None
    ) -> None:
        shape: tuple[int, ...] | None = ()
        tiles = [v for v in operands if isinstance(v.type, TileType)]
        if not tiles:
            raise VerifyException(f"{self.name}: needs at least one tile operand")
        for v in tiles:
            _require_location(self, v, ("ub",), "an operand")
            shape = broadcast_shapes(shape, v.type.dims)
            if shape is None:
                shapes = " and ".join(str(list(w.type.dims)) for w in tiles)
                raise VerifyException(f"{self.name}: shapes {shapes} do not broadcast")
        r = self.result.type
        if tuple(r.dims) != shape:
            raise VerifyException(
                f"{self.name}: the result's shape {list(r.dims)} is not the operands' "
                f"broadcast shape {list(shape)}"
            )
        if result_elem is not None and r.element_type != result_elem:
            raise VerifyException(
                f"{self.name}: the result is {r.element_type}, the operands {result_elem}"
            )


@irdl_op_definition
class BinaryOp(_Elementwise):
    """`lhs <kind> rhs` element-wise (a scalar operand applies to every element)."""

    name = "asctile.binary"
    kind = prop_def(StringAttr)
    lhs = operand_def()
    rhs = operand_def()
    result = result_def(TileType)
    assembly_format = (
        "$kind $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"
    )

    def __init__(self, kind: str, lhs: SSAValue, rhs: SSAValue, t: TileType):
        super().__init__(
            operands=[lhs, rhs], result_types=[t], properties={"kind": StringAttr(kind)}
        )

    def verify_tile(self) -> None:
        if self.kind.data not in BINARY_KINDS:
            raise VerifyException(f"asctile.binary: unknown kind '{self.kind.data}'")
        a, b = _elem_of(self.lhs), _elem_of(self.rhs)
        if a != b:
            raise VerifyException(f"asctile.binary: operands of {a} and {b}")
        if self.kind.data in INTEGER_ONLY and not isinstance(a, IntegerType):
            raise VerifyException(f"asctile.binary: {self.kind.data} needs integers, got {a}")
        self._check_elementwise([self.lhs, self.rhs], a)


@irdl_op_definition
class UnaryOp(_Elementwise):
    """`kind(source)` element-wise."""

    name = "asctile.unary"
    kind = prop_def(StringAttr)
    source = operand_def(TileType)
    result = result_def(TileType)
    assembly_format = "$kind $source attr-dict `:` type($source) `->` type($result)"

    def __init__(self, kind: str, source: SSAValue):
        super().__init__(
            operands=[source], result_types=[source.type], properties={"kind": StringAttr(kind)}
        )

    def verify_tile(self) -> None:
        if self.kind.data not in UNARY_KINDS:
            raise VerifyException(f"asctile.unary: unknown kind '{self.kind.data}'")
        if self.source.type.loc == "l0c" and self.kind.data == "relu":
            if self.result.type != self.source.type:
                raise VerifyException("asctile.unary: relu of an L0C tile keeps its type")
            return  # applied by the Fixpipe that moves the tile out of L0C
        self._check_elementwise([self.source], _elem_of(self.source))


@irdl_op_definition
class CompareOp(_Elementwise):
    """`lhs <kind> rhs` element-wise: a tile of i1."""

    name = "asctile.compare"
    kind = prop_def(StringAttr)
    lhs = operand_def()
    rhs = operand_def()
    result = result_def(TileType)
    assembly_format = (
        "$kind $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"
    )

    def __init__(self, kind: str, lhs: SSAValue, rhs: SSAValue, t: TileType):
        super().__init__(
            operands=[lhs, rhs], result_types=[t], properties={"kind": StringAttr(kind)}
        )

    def verify_tile(self) -> None:
        if self.kind.data not in COMPARE_KINDS:
            raise VerifyException(f"asctile.compare: unknown kind '{self.kind.data}'")
        if _elem_of(self.lhs) != _elem_of(self.rhs):
            raise VerifyException(
                f"asctile.compare: operands of {_elem_of(self.lhs)} and {_elem_of(self.rhs)}"
            )
        self._check_elementwise([self.lhs, self.rhs], IntegerType(1))


@irdl_op_definition
class SelectOp(_Elementwise):
    """`where(mask, a, b)`: a's element where mask holds, else b's."""

    name = "asctile.select"
    mask = operand_def(TileType)
    true_value = operand_def()
    false_value = operand_def()
    result = result_def(TileType)
    assembly_format = "$mask `,` $true_value `,` $false_value attr-dict `:` type($mask) `,` type($true_value) `,` type($false_value) `->` type($result)"

    def __init__(self, mask: SSAValue, a: SSAValue, b: SSAValue, t: TileType):
        super().__init__(operands=[mask, a, b], result_types=[t])

    def verify_tile(self) -> None:
        if self.mask.type.element_type != IntegerType(1):
            raise VerifyException("asctile.select: the mask must be a tile of i1")
        a, b = _elem_of(self.true_value), _elem_of(self.false_value)
        if a != b:
            raise VerifyException(f"asctile.select: values of {a} and {b}")
        self._check_elementwise([self.mask, self.true_value, self.false_value], a)


@irdl_op_definition
class FullOp(TileOp):
    """A tile of the result's type with every element `value`."""

    name = "asctile.full"
    value = operand_def()
    result = result_def(TileType)
    assembly_format = "$value attr-dict `:` type($value) `->` type($result)"

    def __init__(self, value: SSAValue, t: TileType):
        super().__init__(operands=[value], result_types=[t])

    def verify_tile(self) -> None:
        if self.value.type != self.result.type.element_type:
            raise VerifyException(
                f"asctile.full: a {self.value.type} value for a tile of {self.result.type.element_type}"
            )


@irdl_op_definition
class CastOp(TileOp):
    """`source` converted element-wise to the result's dtype (rounding to nearest)."""

    name = "asctile.cast"
    source = operand_def(TileType)
    result = result_def(TileType)
    assembly_format = "$source attr-dict `:` type($source) `->` type($result)"

    def __init__(self, source: SSAValue, t: TileType):
        super().__init__(operands=[source], result_types=[t])

    def verify_tile(self) -> None:
        s, t = self.source.type, self.result.type
        if s.dims != t.dims or s.loc != t.loc:
            raise VerifyException("asctile.cast: changes the dtype only (shape and location stay)")
        if s.loc not in ("ub", "l0c"):
            _require_location(self, self.source, ("ub", "l0c"), "the converted tile")


@irdl_op_definition
class ReduceOp(TileOp):
    """`kind` over `dims` of `source`: a tile (kept dimensions are 1) or, over every
    dimension without keep_dims, a scalar."""

    name = "asctile.reduce"
    kind = prop_def(StringAttr)
    dims = prop_def(ArrayAttr[IntAttr])
    keep_dims = prop_def(BoolAttr)
    source = operand_def(TileType)
    result = result_def()
    assembly_format = "$kind $source attr-dict `:` type($source) `->` type($result)"

    def __init__(self, kind: str, source: SSAValue, dims: Sequence[int], keep: bool, rt: Attribute):
        super().__init__(
            operands=[source],
            result_types=[rt],
            properties={
                "kind": StringAttr(kind),
                "dims": ArrayAttr([IntAttr(d) for d in dims]),
                "keep_dims": BoolAttr.from_bool(keep),
            },
        )

    @property
    def reduced(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.dims.data)

    def verify_tile(self) -> None:
        s = self.source.type
        _require_location(self, self.source, ("ub",), "the reduced tile")
        if self.kind.data not in REDUCE_KINDS:
            raise VerifyException(f"asctile.reduce: unknown kind '{self.kind.data}'")
        rank = len(s.dims)
        if not self.reduced or any(not 0 <= d < rank for d in self.reduced):
            raise VerifyException(
                f"asctile.reduce: dimensions {list(self.reduced)} of a tile of rank {rank}"
            )
        keep = self.keep_dims.value.data
        out = (
            [1 if i in self.reduced else d for i, d in enumerate(s.dims)]
            if keep
            else [d for i, d in enumerate(s.dims) if i not in self.reduced]
        )
        if not out:
            if self.result.type != s.element_type:
                raise VerifyException(
                    "asctile.reduce: a reduction over every dimension is a scalar"
                )
            return
        r = self.result.type
        if not isinstance(r, TileType) or list(r.dims) != out or r.element_type != s.element_type:
            raise VerifyException(
                f"asctile.reduce: the result must be a {out} tile of {s.element_type}"
            )


@irdl_op_definition
class BroadcastOp(TileOp):
    """`source` repeated along its size-1 dimensions to the result's shape."""

    name = "asctile.broadcast"
    source = operand_def(TileType)
    result = result_def(TileType)
    assembly_format = "$source attr-dict `:` type($source) `->` type($result)"

    def __init__(self, source: SSAValue, t: TileType):
        super().__init__(operands=[source], result_types=[t])

    def verify_tile(self) -> None:
        s, t = self.source.type, self.result.type
        _require_location(self, self.source, ("ub",), "the broadcast tile")
        if broadcast_shapes(s.dims, t.dims) != t.dims:
            raise VerifyException(
                f"asctile.broadcast: a {list(s.dims)} tile does not broadcast to {list(t.dims)}"
            )


@irdl_op_definition
class ReshapeOp(TileOp):
    """The same elements in row-major order, another shape."""

    name = "asctile.reshape"
    source = operand_def(TileType)
    result = result_def(TileType)
    assembly_format = "$source attr-dict `:` type($source) `->` type($result)"

    def __init__(self, source: SSAValue, t: TileType):
        super().__init__(operands=[source], result_types=[t])

    def verify_tile(self) -> None:
        s, t = self.source.type, self.result.type
        if s.numel != t.numel or s.element_type != t.element_type:
            raise VerifyException(
                f"asctile.reshape: {list(s.dims)} ({s.numel} elements) cannot become "
                f"{list(t.dims)} ({t.numel})"
            )


@irdl_op_definition
class ConcatOp(TileOp):
    """`lhs` and `rhs` joined along dimension `dim`."""

    name = "asctile.concat"
    dim = prop_def(IntegerAttr)
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    result = result_def(TileType)
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"

    def __init__(self, lhs: SSAValue, rhs: SSAValue, dim: int, t: TileType):
        super().__init__(
            operands=[lhs, rhs], result_types=[t], properties={"dim": IntegerAttr(dim, 64)}
        )

    def verify_tile(self) -> None:
        a, b, t = self.lhs.type, self.rhs.type, self.result.type
        d = self.dim.value.data
        if len(a.dims) != len(b.dims) or not 0 <= d < len(a.dims):
            raise VerifyException("asctile.concat: operands of one rank, a dimension within it")
        want = [x + y if i == d else x for i, (x, y) in enumerate(zip(a.dims, b.dims, strict=True))]
        if [x for i, x in enumerate(a.dims) if i != d] != [
            x for i, x in enumerate(b.dims) if i != d
        ]:
            raise VerifyException("asctile.concat: the other dimensions must agree")
        if list(t.dims) != want:
            raise VerifyException(f"asctile.concat: the result must be {want}")


@irdl_op_definition
class AtomicOp(_Transfer):
    """`tile` combined by `kind` (add, max, min) into GM at `offsets`, atomically."""

    name = "asctile.atomic"
    kind = prop_def(StringAttr)
    tile = operand_def(TileType)
    tensor = operand_def(TensorViewType)
    offsets = var_operand_def()
    assembly_format = "$kind $tile `,` $tensor `[` $offsets `]` attr-dict `:` type($tile) `,` type($tensor) `,` type($offsets)"

    def __init__(self, kind: str, tile: SSAValue, tensor: SSAValue, offsets: Sequence[SSAValue]):
        super().__init__(operands=[tile, tensor, offsets], properties={"kind": StringAttr(kind)})

    def verify_tile(self) -> None:
        if self.kind.data not in ATOMIC_KINDS:
            raise VerifyException(f"asctile.atomic: unknown kind '{self.kind.data}'")
        _require_location(self, self.tile, ("ub",), "the tile")
        self._check_offsets(self.tensor.type, len(self.tile.type.dims))


@irdl_op_definition
class ZerosAccOp(TileOp):
    """An L0C accumulator of zeros for `matmul_acc`."""

    name = "asctile.zeros_acc"
    result = result_def(TileType)
    assembly_format = "attr-dict `:` type($result)"

    def __init__(self, t: TileType):
        super().__init__(result_types=[t])

    def verify_tile(self) -> None:
        if self.result.type.loc != "l0c":
            raise VerifyException("asctile.zeros_acc: an accumulator lives in L0C")


@irdl_op_definition
class MatmulOp(TileOp):
    """`lhs @ rhs` on the cube unit (L0A x L0B -> L0C). With `acc` (PyAsc2's
    `matmul_acc`) the product is added into acc's L0C buffer, in place: the result is
    that buffer after the addition, and later reads of `acc` see it too."""

    name = "asctile.matmul"
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    acc = opt_operand_def(TileType)
    result = result_def(TileType)
    assembly_format = "$lhs `,` $rhs (`,` $acc^)? attr-dict `:` type($lhs) `,` type($rhs) (`,` type($acc)^)? `->` type($result)"

    def __init__(self, lhs: SSAValue, rhs: SSAValue, acc: SSAValue | None, t: TileType):
        super().__init__(operands=[lhs, rhs, [acc] if acc is not None else []], result_types=[t])

    def verify_tile(self) -> None:
        _require_location(self, self.lhs, ("l0a",), "the left operand")
        _require_location(self, self.rhs, ("l0b",), "the right operand")
        a, b, r = self.lhs.type, self.rhs.type, self.result.type
        if len(a.dims) != 2 or len(b.dims) != 2 or a.dims[1] != b.dims[0]:
            raise VerifyException(
                f"asctile.matmul: {list(a.dims)} @ {list(b.dims)} (needs [M, K] @ [K, N])"
            )
        if list(r.dims) != [a.dims[0], b.dims[1]] or r.loc != "l0c":
            raise VerifyException(
                f"asctile.matmul: the result is a [{a.dims[0]}, {b.dims[1]}] L0C tile"
            )
        if self.acc is not None and self.acc.type != r:
            raise VerifyException("asctile.matmul: the accumulator must have the result's type")


@irdl_op_definition
class SoftmaxOp(TileOp):
    """softmax along the last dimension."""

    name = "asctile.softmax"
    source = operand_def(TileType)
    result = result_def(TileType)
    assembly_format = "$source attr-dict `:` type($source) `->` type($result)"

    def __init__(self, source: SSAValue):
        super().__init__(operands=[source], result_types=[source.type])

    def verify_tile(self) -> None:
        _require_location(self, self.source, ("ub",), "the tile")


@irdl_op_definition
class RmsNormOp(TileOp):
    """`x / sqrt(mean(x^2, last dim) + epsilon) * gamma` (gamma optional)."""

    name = "asctile.rms_norm"
    epsilon = prop_def(Attribute)
    source = operand_def(TileType)
    gamma = opt_operand_def(TileType)
    result = result_def(TileType)
    assembly_format = (
        "$source (`,` $gamma^)? attr-dict `:` type($source) (`,` type($gamma)^)? `->` type($result)"
    )

    def __init__(self, source: SSAValue, gamma: SSAValue | None, epsilon: Attribute):
        super().__init__(
            operands=[source, [gamma] if gamma is not None else []],
            result_types=[source.type],
            properties={"epsilon": epsilon},
        )

    def verify_tile(self) -> None:
        _require_location(self, self.source, ("ub",), "the tile")
        if self.gamma is not None:
            g, s = self.gamma.type, self.source.type
            if broadcast_shapes(g.dims, s.dims) != s.dims:
                raise VerifyException(
                    f"asctile.rms_norm: gamma {list(g.dims)} does not broadcast to {list(s.dims)}"
                )


@irdl_op_definition
class FusedVfOp(TileOp):
    """A group of element-wise tile ops fused by `tile-to-reg` (Ascend 950): the vector
    function @callee over `args` (the tiles' and then the results' buffers as `__ubuf__`
    pointers, then the scalars); `tile-to-ascendc` lowers it to `ascendc.reg.vf_call`."""

    name = "asctile.fused_vf"
    args = var_operand_def()
    outs = var_result_def()
    callee = prop_def(SymbolRefAttr)
    across_rows = opt_prop_def(UnitAttr)
    """Set when the function reads along rows (a reduction or a [R, 1] operand), so its
    inputs' padding matters as it does for a reduction; without it each element of a
    result depends on the same element of the inputs only (padding passes through in
    place, as through an element-wise op)."""
    assembly_format = (
        "$callee `(` $args `:` type($args) `)` (`across_rows` $across_rows^)? attr-dict "
        "`:` type($outs)"
    )

    def verify_tile(self) -> None:
        from xdsl.dialects import func
        from xdsl.traits import SymbolTable

        f = SymbolTable.lookup_symbol(self, self.callee)
        if not isinstance(f, func.FuncOp) or "ascendc.vf" not in f.attributes:
            raise VerifyException(
                f"asctile.fused_vf: {self.callee} is not a vector function of the module"
            )
        params = len(f.function_type.inputs.data)
        if params != len(self.args) + len(self.outs):
            raise VerifyException(
                f"asctile.fused_vf: {self.callee} has {params} parameter(s), not one per "
                f"operand and result ({len(self.args)} + {len(self.outs)})"
            )


TILE_OPS: tuple[type[Operation], ...] = (
    TensorOp, LoadOp, StoreOp, LoadScalarOp, StoreScalarOp, CopyOp, BinaryOp, UnaryOp,
    CompareOp, SelectOp, FullOp, CastOp, ReduceOp, BroadcastOp, ReshapeOp, ConcatOp, AtomicOp,
    ZerosAccOp, MatmulOp, SoftmaxOp, RmsNormOp, FusedVfOp,
)  # fmt: skip

AscTile = Dialect("asctile", list(TILE_OPS), [TileType, TensorViewType])

INDEX_TYPES = (IndexType, IntegerType)

__all__ = [
    "TILE_OPS",
    "AscTile",
    "TensorViewType",
    "TileType",
    "broadcast_shapes",
]
