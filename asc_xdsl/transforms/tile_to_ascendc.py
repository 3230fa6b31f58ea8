"""`tile-to-ascendc`: tile ops become `ascendc` ops on the buffers of a TPipe.

Buffers, each set up once at the function's start (`ascendc-plan-memory` then gives them
addresses and refuses a kernel whose buffers do not fit):

- a loaded UB tile: a tensor of a VECIN queue, allocated at the load, EnQue/DeQue after
  the copy, freed at the end of its block (Ascend C's copy-in);
- a UB tile whose only use is a store: a VECOUT queue's tensor, allocated before its
  first writer, EnQue/DeQue before the copy out, freed after it (copy-out);
- any other UB tile: a VECCALC TBuf of its own (reductions share one scratch pair per
  size);
- queues get `unroll_factor` buffers when their loop has one (double buffering);
- the cube path: TBufs at A1/B1 (GM -> L1 with Nd2Nz), A2/B2 (LoadData: Zz into L0A,
  fractals transposed into L0B as Zn) and CO1 (Mmad); an L0C tile leaves through Fixpipe
  (to GM, relu and the f16/bf16 conversion fused) or DataCopy from CO1 (to L1, Nz);
- a mix kernel (matmuls and UB tiles): an L0C tile copied into UB goes through a slot of
  a GM workspace, a hidden kernel parameter (`workspace`): Fixpipe on the AIC, DataCopyPad
  into a VECIN queue tensor on the AIVs (`l0c_to_ub`); the AIVs split row-wise vector
  work by rows (`_split_rows`), else each stores half of every tile they both compute;
- a tile carried through a loop or out of a branch: a VECCALC TBuf (the initial
  value's own when it is dead after the loop starts), the yielded tile computed in it
  in place where the old value is read no later (`_reuse_carried`), else copied in.

Layout: a UB tile of shape [..., R, C] is R' x Cp elements (R' the product of the
dimensions but the last, Cp = C rounded up to 32 bytes, DataCopyPad's row alignment) in
whole 256-byte repeats; element-wise ops run over the whole buffer (they never read
across rows), reductions and softmax over the C real elements of each row. A mask tile
(i1) is a bit mask of ui8 (Compare's output, Select's input). bf16 arithmetic and
bf16/i16/ordered-i32 comparisons run in float32 (the vector unit lacks them).

Tail handling: a load or store moves `real = clamp(tile size, 0, tensor size - offset)`
rows and columns per dimension (`DataCopyPad` with those counts and the tensor's strides),
so a tile running past a tensor's end reads padding and writes nothing there.

Synchronisation: the queues order the pipes of the copy-in/compute/copy-out idiom and
the AIV's auto-sync orders S with the other pipes and V after V (TBuf intermediates,
scalar reads), as in a hand-written vector kernel; a cube kernel without loops or
branches gets its SetFlag/WaitFlag pairs here (`place_cube_flags`); anything else (MTE3
reading a TBuf, atomics, a cube kernel with loops or branches, a mix kernel (its
cross-core flags too), `auto_sync=False` with TBufs or scalar reads) is reported as
needing `ascendc-insert-sync` (`Lowered`), which `@asc2.jit` then runs.

Before:
    %x = asctile.load %xv[%o] : !asctile.tensor<?xf32>, i32 -> !asctile.tile<128xf32, ub>
    %e = asctile.unary "exp" %x : !asctile.tile<128xf32, ub> -> !asctile.tile<128xf32, ub>
    asctile.store %e, %zv[%o] : ...
After (set-up at the function's start):
    %x = ascendc.que_bind.alloc_tensor %qin : ..., !ascendc.local_tensor<128xf32>
    ascendc.data_copy_pad_l0_ext %x, %gx_o, %params, %pad : ...
    ascendc.que_bind.enque_tensor %qin, %x
    %xd = ascendc.que_bind.deque_tensor %qin
    %e = ascendc.que_bind.alloc_tensor %qout
    ascendc.exp_l2 %e, %xd, %c128
    ascendc.que_bind.enque_tensor %qout, %e
    %ed = ascendc.que_bind.deque_tensor %qout
    ascendc.data_copy_pad_l2_ext %gz_o, %ed, %params
    ascendc.que_bind.free_tensor %qout, %ed
    ascendc.que_bind.free_tensor %qin, %xd
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass
from typing import Any

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseArrayBase,
    Float16Type,
    Float32Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    Signedness,
    TypeAttribute,
    UnitAttr,
    UnrealizedConversionCastOp,
    i1,
    i32,
)
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from asc_xdsl.dialects import asctile
from asc_xdsl.transforms.plain_pass import PlainPass

bf16, f16, f32 = BFloat16Type(), Float16Type(), Float32Type()
i16 = IntegerType(16)
PASS = "tile-to-ascendc"
ui8 = IntegerType(8, Signedness.UNSIGNED)
ui16 = IntegerType(16, Signedness.UNSIGNED)
ui32 = IntegerType(32, Signedness.UNSIGNED)
ui64 = IntegerType(64, Signedness.UNSIGNED)

# binary kind -> (tile-tile op, tile-scalar op or None)
BINARY = {
    "add": ("add_l2", "adds_l2"),
    "sub": ("sub_l2", None),
    "mul": ("mul_l2", "muls_l2"),
    "div": ("div_l2", None),
    "maximum": ("max_l2", "maxs_l2"),
    "minimum": ("min_l2", "mins_l2"),
    "left_shift": (None, "shift_left_l2"),
    "right_shift": (None, "shift_right_l2"),
}
UNARY_L2 = {"abs": "abs_l2", "relu": "relu_l2", "exp": "exp_l2", "log": "ln_l2",
            "sqrt": "sqrt_l2", "rsqrt": "rsqrt_l2"}  # fmt: skip
UNARY_ADV = ("sin", "cos", "tan", "sinh", "cosh", "tanh", "erf", "floor", "ceil")
CMP_MODE = {"lt": 0, "gt": 1, "eq": 2, "le": 3, "ge": 4, "ne": 5}
SWAPPED = {"lt": "gt", "gt": "lt", "le": "ge", "ge": "le", "eq": "eq", "ne": "ne"}
REDUCE_L2 = {"sum": "reduce_sum_l2", "max": "reduce_max_l2", "min": "reduce_min_l2"}
COMBINE_L2 = {"sum": "add_l2", "max": "max_l2", "min": "min_l2", "prod": "mul_l2"}
ARITH = {"add": arith.AddiOp, "sub": arith.SubiOp, "mul": arith.MuliOp,
         "min": arith.MinSIOp, "max": arith.MaxSIOp, "div": arith.DivSIOp}  # fmt: skip
FOLD = {
    "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
    "min": min, "max": max, "div": lambda a, b: a // b,
}  # fmt: skip
ATOMIC = {"add": "set_atomic_add", "max": "set_atomic_max", "min": "set_atomic_min"}
ALIGN = 32
NEEDS_SYNC = frozenset(
    ("data_copy_nd2nz", "load_data_l0", "load_data_with_transpose", "mmad", "fixpipe",
     "data_copy_co12dst", "init_const_value")
)  # fmt: skip
"""Ops whose ordering neither the queues of the copy-in/compute/copy-out idiom nor the
AIV's automatic synchronisation give (the cube path: the AIC has no auto-sync): a kernel
with one needs `ascendc-insert-sync`."""
AUTO_SYNCED = frozenset(
    ("local_tensor.get_value", "local_tensor.set_value", "global_tensor.get_value",
     "global_tensor.set_value")
)  # fmt: skip
"""Scalar reads and writes of tensors: on the AIV, bisheng's auto-sync (the compile
option `auto_sync`, on by default) orders S with V, MTE2 and MTE3 both ways, as it
orders V after V (TBuf intermediates); only a kernel compiled with `auto_sync=False`
needs `ascendc-insert-sync` for them (docs/ascendc_semantics.md section 4)."""
SETS_MASK = frozenset(
    ("adds_l2", "muls_l2", "maxs_l2", "mins_l2", "shift_left_l2", "shift_right_l2")
)
"""The tensor-scalar ops whose `is_set_mask` (pyasc's default True) is a property:
without it they would run under the mask an earlier op left."""
REPEAT = 256
"""Bytes of one vector repeat: buffers are whole repeats (Compare needs them)."""


def _new(cls: type[Operation], operands: Any = (), results: Any = (), props: Any = None) -> Any:
    """`cls.create(operands=..., result_types=..., properties=...)` made as the frontend
    makes its ops (`dialects.fast_build.new_op`: the same op, without `Operation.__init__`'s
    generic path, which was a third of this pass)."""
    from asc_xdsl.dialects.fast_build import new_op

    return new_op(cls, operands, results, props)


@functools.cache
def _interned(kind: str, *args: Any) -> Any:
    """A type or attribute this pass makes in every compile, made once: the verifier
    keeps its verdicts by the identity of the op's types and attributes
    (`dialects.fast_verify`), so a type made anew is checked anew."""
    from asc_xdsl.dialects.ascendc import types as T
    from asc_xdsl.enums import TPosition

    if kind == "local":
        elem, shape = args
        return (
            T.LocalTensorType(elem, list(shape)) if shape is not None else T.LocalTensorType(elem)
        )
    if kind == "global":
        return T.GlobalTensorType(args[0])
    if kind == "queue":
        return T.QueueType(TPosition[args[0]], args[1])
    if kind == "tbuf":
        return T.TBufType(TPosition[args[0]])
    if kind == "pipe":
        return T.PipeType()
    if kind == "float":
        return FloatAttr(args[0], args[1])
    raise KeyError(kind)


_NO_OVERFLOW: list[Any] = []


def _binop(cls: type[Operation], a: SSAValue, b: SSAValue) -> Operation:
    """`cls(a, b)` for an integer arith op, built by `_new` (its constructor's
    properties: no overflow flags where the class has them)."""
    props = {}
    if issubclass(cls, arith.SignlessIntegerBinaryOperationWithOverflow):
        if not _NO_OVERFLOW:
            _NO_OVERFLOW.append(arith.IntegerOverflowAttr("none"))
        props = {"overflowFlags": _NO_OVERFLOW[0]}
    return _new(cls, (a, b), (a.type,), props)


def _int_value_attr(value: int, t: IntegerType) -> IntegerAttr:
    from asc_xdsl.dialects.interned import int_attr

    return int_attr(value, f"i{t.width.data}")


def _op_class(name: str) -> type[Operation]:
    global _CTX
    if _CTX is None:
        from asc_xdsl.dialects.context import AscContext

        _CTX = AscContext()
    cls = _CTX._get_known_op(name)
    if cls is None:
        raise KeyError(name)
    return cls


_CTX: Any = None


def _construct_op(t: Any, fields: list[Any]) -> Operation:
    from asc_xdsl.dialects.ascendc.construct import ConstructOp

    return ConstructOp(t, fields)


@functools.cache
def _struct_type(name: str, elem: Any = None) -> Any:
    """The IR type of Ascend C struct `name` (of `elem`'s elements where it takes them)."""
    import inspect

    from asc_xdsl.dialects.ascendc import param_types, struct_types
    from asc_xdsl.dialects.ascendc import types as T

    cls = getattr(T, f"{name}Type", None) or struct_types.STRUCT_TYPES.get(f"{name}Type")
    cls = cls or getattr(param_types, f"{name}Type")
    takes = "element_type" in inspect.signature(cls.__init__).parameters
    return cls(elem) if takes and elem is not None else cls()


@dataclass
class Buffer:
    """A tile's local tensor and layout."""

    value: SSAValue
    rows: int
    cols: int
    pitch: int  # elements per row in the buffer

    repeat: int = 1  # elements per 256-byte repeat
    relu: bool = False  # an L0C tile: relu applied by the Fixpipe that moves it out

    @property
    def total(self) -> int:
        """Elements an element-wise op covers: whole 256-byte repeats (the buffer's size)."""
        n = self.rows * self.pitch
        return -(-n // self.repeat) * self.repeat


def _layout(t: asctile.TileType) -> tuple[int, int, int]:
    dims = t.dims
    cols = dims[-1]
    rows = math.prod(dims[:-1]) if len(dims) > 1 else 1
    if t.element_type == i1:
        return rows, cols, -(-cols // 8) * 8  # (bits; the bytes are padded below)
    width = _width(t.element_type)
    per = max(1, ALIGN // width)
    return rows, cols, -(-cols // per) * per


def _folded(v: Any) -> Any:
    """An i32/index value an `arith.constant` gives, as a Python int (folded at once)."""
    if isinstance(v, SSAValue):
        op = v.owner
        if (
            isinstance(op, arith.ConstantOp)
            and isinstance(op.value, IntegerAttr)
            and isinstance(v.type, IndexType | IntegerType)
            and (isinstance(v.type, IndexType) or v.type.width.data in (32, 64))
        ):
            return op.value.value.data
    return v


def _constant_op(value: int, t: Any) -> Operation:
    """`arith.constant value : t` (an integer or index type), its attribute interned."""
    if isinstance(t, IntegerType) and t.signedness.data == Signedness.SIGNLESS:
        attr = _int_value_attr(value, t)
    else:
        attr = IntegerAttr(value, t)
    return _new(arith.ConstantOp, (), (attr.type,), {"value": attr})


def _width(t: Any) -> int:
    w = getattr(t, "bitwidth", None)
    if w is None:
        w = t.width.data if isinstance(t, IntegerType) else 32
    return max(1, w // 8)


class Lowering:
    """Rewrites one function's tile ops, each before its own position."""

    def __init__(self) -> None:
        self.buffers: dict[SSAValue, Buffer] = {}
        self.views: dict[SSAValue, tuple[SSAValue, list[Any]]] = {}
        self.rewriter = Rewriter()
        self.at: Operation | None = None
        self.kernel_type: str | None = None
        self.constants: dict[tuple[Any, ...], SSAValue] = {}
        self.values: dict[tuple[Any, ...], tuple[Any, SSAValue]] = {}
        """(kind, a, b) -> (the block, its value) of an index computation (no repeats)"""
        self.entry: Any = None
        self.last_constant: Operation | None = None
        self.pipe: SSAValue | None = None
        self.l0c_dtype: dict[SSAValue, Any] = {}
        self.calc: dict[SSAValue, tuple[Operation, Operation, Operation, int]] = {}
        self.vecout: set[SSAValue] = set()
        self.needs_sync = False
        self.auto_synced = False  # S <-> V/MTE or V -> V orders the AIV's auto-sync gives
        self.aliased: set[SSAValue] = set()
        self.frees: list[tuple[SSAValue, SSAValue, Any]] = []
        self.pending_free: list[tuple[SSAValue, SSAValue, str]] = []
        self.scratch: dict[tuple[int, Any], tuple[Buffer, Buffer]] = {}
        self.deferred: list[tuple[SSAValue, Buffer, asctile.TileType, Any]] = []
        self.carriers: list[Operation] = []  # loops and branches with tile results
        self.uses_ub = False  # a UB tile anywhere (with a matmul: a mix kernel)
        self.nested = False  # a tile op outside its function's entry block
        self.functions: set[Any] = set()  # the entry blocks of the functions lowered
        self.split = False  # a mix kernel whose AIVs each take half of every row tile
        self.split_subs: dict[Any, SSAValue] | None = None  # its GetSubBlockIdx() (i64)
        self.mix = False  # matmuls and UB tiles: the cube on the AIC, the rest on the AIVs
        self.slots: dict[Operation, int] = {}  # L0C -> UB copy -> its workspace offset
        self.workspace_elems: dict[Any, int] = {}  # element type -> elements per block
        self.workspaces: dict[tuple[Any, Any], SSAValue] = {}  # (entry, type) -> its GM
        self.sub_block: dict[Any, SSAValue] = {}  # entry -> GetSubBlockIdx()

    # -- building ------------------------------------------------------------------------

    def emit(self, op: Operation) -> Operation:
        at = self.at
        assert at is not None
        op.location = at.location
        at.parent.insert_op_before(op, at)
        return op

    def make(
        self, name: str, *operands: Any, results: tuple[Any, ...] = (), **props: Any
    ) -> Operation:
        cls = _op_class(f"ascendc.{name}")
        if name in NEEDS_SYNC:
            self.needs_sync = True
        elif name in AUTO_SYNCED:
            self.auto_synced = True
        if name in SETS_MASK:  # is_set_mask=True: the op sets the vector mask itself
            props.setdefault("isSetMask", UnitAttr())
        flat = [o for o in operands if o is not None]
        return self.emit(_new(cls, flat, results, props))

    def constant(self, key: tuple[Any, ...], make: Any) -> SSAValue:
        """One constant op per value and type per function, at the function's start
        (fewer ops for the passes after this one to walk)."""
        value = self.constants.get(key)
        if value is None:
            op = make()
            op.location = self.at.location if self.at is not None else op.location
            where = (
                InsertPoint.after(self.last_constant)
                if self.last_constant is not None
                else InsertPoint.at_start(self.entry)
            )
            self.rewriter.insert_op(op, where)
            self.last_constant = op
            value = self.constants[key] = op.results[0]
        return value

    def const(self, value: int, t: Any = i32) -> SSAValue:
        if isinstance(t, IntegerType) and t.signedness.data != Signedness.SIGNLESS:
            base = self.const(value, IntegerType(t.width.data))
            return self.constant(
                ("cast", value, t), lambda: _new(UnrealizedConversionCastOp, (base,), (t,))
            )
        return self.constant((value, t), lambda: _constant_op(value, t))

    def fconst(self, value: float, t: Any) -> SSAValue:
        return self.constant(
            ("f", value, t),
            lambda: _new(arith.ConstantOp, (), (t,), {"value": _interned("float", value, t)}),
        )

    def scalar_const(self, value: float, t: Any) -> SSAValue:
        if isinstance(t, IntegerType):
            return self.const(int(value), t)
        return self.fconst(value, t)

    def cast(self, v: SSAValue, t: Any) -> SSAValue:
        return self.emit(_new(UnrealizedConversionCastOp, (v,), (t,))).results[0]

    def cast_to(self, v: Any, t: Any) -> SSAValue:
        """An index or integer (a constant, or a value narrowed to i32 first) as type `t`
        (a struct field's unsigned type)."""
        return self.const(v, t) if isinstance(v, int) else self.cast(self.i32(v), t)

    def i32(self, v: Any) -> SSAValue:
        if isinstance(v, int):
            return self.const(v)
        if isinstance(v.type, IndexType):
            return self.emit(_new(arith.IndexCastOp, (v,), (i32,))).results[0]
        if isinstance(v.type, IntegerType) and v.type.width.data == 64:
            return self.emit(_new(arith.TruncIOp, (v,), (i32,))).results[0]
        return v

    def arith(self, kind: str, a: Any, b: Any) -> Any:
        a, b = _folded(a), _folded(b)
        if isinstance(a, int) and isinstance(b, int):
            return FOLD[kind](a, b)
        if kind in ("mul", "add") and isinstance(a, int):  # (commutative)
            a, b = b, a
        if (
            (kind == "mul" and b == 0)
            or (kind in ("add", "sub") and b == 0)
            or (kind in ("mul", "div") and b == 1)
        ):
            return 0 if kind == "mul" and b == 0 else a
        a, b = self.i32(a), self.i32(b)
        key = (kind, a, b)
        found = self.values.get(key)
        if found is not None and found[0] is self.at.parent:
            return found[1]  # the same value, computed earlier in this block
        value = self.emit(_binop(ARITH[kind], a, b)).results[0]
        self.values[key] = (self.at.parent, value)
        return value

    def _local_type(self, t: asctile.TileType) -> tuple[Any, int, int, int, int, int]:
        """(LocalTensor type, rows, cols, pitch, elements per repeat, bytes) of a UB tile."""

        rows, cols, pitch = _layout(t)
        if t.element_type == i1:
            count = -(-(rows * pitch // 8) // REPEAT) * REPEAT
            return _interned("local", ui8, (count,)), rows, cols, pitch, 8 * REPEAT, count
        repeat = REPEAT // _width(t.element_type)
        count = -(-(rows * pitch) // repeat) * repeat
        lt = _interned("local", t.element_type, (count,))
        return lt, rows, cols, pitch, repeat, count * _width(t.element_type)

    def alloc(self, t: asctile.TileType) -> Buffer:
        """A VECCALC TBuf of its own for a UB tile (set up at the function's start; a
        stored result becomes a VECOUT queue's tensor at its store, `to_vecout`)."""

        lt, rows, cols, pitch, repeat, nbytes = self._local_type(t)
        at, self.at = self.at, None
        try:
            self._ensure_pipe()
            tbuf = _new(_op_class("ascendc.tbuf"), (), (_interned("tbuf", "VECCALC"),))
            self._at_start(tbuf)
            init = _new(
                _op_class("ascendc.pipe.init_buffer"),
                (self.pipe, tbuf.results[0], self.const(nbytes)),
            )
            self._at_start(init)
            get = _new(_op_class("ascendc.tbuf.get_tensor"), (tbuf.results[0],), (lt,))
            value = self._at_start(get)
        finally:
            self.at = at
        self.calc[value] = (tbuf, init, get, nbytes)
        return Buffer(value, rows, cols, pitch, repeat)

    def _ensure_pipe(self) -> None:

        if self.pipe is None:
            self.pipe = self._at_start(_new(_op_class("ascendc.pipe"), (), (_interned("pipe"),)))

    def _queue(self, position: str, nbytes: int, depth: int) -> SSAValue:

        at, self.at = self.at, None
        try:
            self._ensure_pipe()
            q = self._at_start(
                _new(_op_class("ascendc.queue"), (), (_interned("queue", position, depth),))
            )
            self._at_start(
                _new(
                    _op_class("ascendc.pipe.init_queue"),
                    (self.pipe, q, self.const(depth), self.const(nbytes)),
                )
            )
        finally:
            self.at = at
        return q

    def _depth(self, op: Operation) -> int:
        """Buffers per queue: the enclosing loop's `unroll_factor` (2: double buffering)."""
        loop = op.parent_op()
        while loop is not None and not isinstance(loop, scf.ForOp):
            loop = loop.parent_op()
        attr = loop.attributes.get("asctile.unroll_factor") if loop is not None else None
        return max(1, min(int(attr.value.data), 4)) if attr is not None else 1

    def alloc_vecin(self, t: asctile.TileType, op: Operation) -> tuple[Buffer, SSAValue]:
        """A tensor of a VECIN queue, allocated here (freed at the end of the block)."""
        lt, rows, cols, pitch, repeat, nbytes = self._local_type(t)
        q = self._queue("VECIN", nbytes, self._depth(op))
        value = self.make("que_bind.alloc_tensor", q, results=(lt,)).results[0]
        return Buffer(value, rows, cols, pitch, repeat), q

    def to_vecout(self, b: Buffer, store: Operation) -> Buffer:
        """`b`, a VECCALC tensor whose last use is `store` (the only use of its tile),
        as a VECOUT queue's tensor: allocated before its first use in the store's block,
        EnQue/DeQue before the copy out, freed after it (Ascend C's copy-out idiom: the
        queue's events order V before MTE3, no flag needed)."""
        entry = self.calc.get(b.value)
        block = store.parent_block()
        if entry is None or b.value in self.aliased or block is None:
            return b
        firsts = []
        for use in b.value.uses:
            anchor = use.operation
            while anchor is not None and anchor.parent_block() is not block:
                anchor = anchor.parent_op()
            if anchor is None:
                return b  # used outside the store's block
            firsts.append((block.get_operation_index(anchor), anchor))
        tbuf, init, get, nbytes = entry
        q = self._queue("VECOUT", nbytes, self._depth(store))
        first = min(firsts, key=lambda f: f[0])[1] if firsts else store
        alloc = _new(_op_class("ascendc.que_bind.alloc_tensor"), (q,), (get.results[0].type,))
        alloc.location = store.location
        self.rewriter.insert_op(alloc, InsertPoint.before(first))
        get.results[0].replace_all_uses_with(alloc.results[0])
        for dead in (get, init, tbuf):
            if dead is self.last_constant:
                self.last_constant = dead.prev_op
            dead.detach()
            dead.erase()
        del self.calc[b.value]
        self.make("que_bind.enque_tensor", q, alloc.results[0])
        out = self.make("que_bind.deque_tensor", q, results=(alloc.results[0].type,)).results[0]
        self.pending_free.append((q, out, "after"))
        self.vecout.add(out)
        return Buffer(out, b.rows, b.cols, b.pitch, b.repeat)

    def alloc_like(self, b: Buffer, elem: Any) -> Buffer:
        return self.alloc(asctile.TileType([b.rows, b.pitch] if b.rows > 1 else [b.pitch], elem))

    def sub(self, b: Buffer, row: Any) -> SSAValue:
        """The local tensor from row `row` on."""
        if row == 0:
            return b.value

        off = self.cast(self.i32(self.arith("mul", row, b.pitch)), ui32)
        lt = _interned("local", b.value.type.element_type, None)
        return self.make("local_tensor.subindex", b.value, off, results=(lt,)).results[0]

    def fail(self, op: Operation, message: str) -> Any:
        from asc_xdsl.transforms.tile_pipeline import TileLoweringError

        raise TileLoweringError(op, f"{op.name}: {message}")

    # -- GM views ------------------------------------------------------------------------

    def lower_tensor(self, op: asctile.TensorOp) -> None:

        t = op.result.type
        gt = self.make("global_tensor", results=(_interned("global", t.element_type),)).results[0]
        self.make("global_tensor.set_global_buffer", gt, op.base)
        sizes = iter(op.sizes)
        dims = [d if d >= 0 else self.i32(next(sizes)) for d in t.dims]
        self.views[op.result] = (gt, dims)

    def _linear(self, dims: list[Any], offsets: list[Any]) -> Any:
        lin: Any = 0
        for d, o in zip(dims, offsets, strict=True):
            lin = self.arith("add", self.arith("mul", lin, d), o)
        return lin

    def _gm_at(self, view: SSAValue, offsets: list[Any]) -> tuple[SSAValue, list[Any]]:
        gt, dims = self.views[view]
        lin = self._linear(dims, [self.i32(o) for o in offsets])
        if lin == 0:
            return gt, dims
        at = self.make("global_tensor.subindex", gt, self.i32(lin), results=(gt.type,)).results[0]
        return at, dims

    def _real(self, size: int, dim: Any, offset: Any) -> Any:
        """clamp(size, 0, dim - offset): what of a tile's dimension lies in the tensor."""
        left = self.arith("sub", dim, self.i32(offset))
        return self.arith("max", self.arith("min", left, size), 0)

    def _ext(self, count: Any, length: Any, src_stride: Any, dst_stride: Any) -> SSAValue:
        ops = [
            self.cast(self.i32(count), ui16)
            if not isinstance(count, int)
            else self.const(count, ui16)
        ]
        for v in (length, src_stride, dst_stride, 0):
            ops.append(self.cast_to(v, ui32))
        from asc_xdsl.dialects.ascendc.construct import ConstructOp

        return self.emit(ConstructOp(_struct_type("DataCopyExtParams"), ops)).result

    def _pad(self, elem: Any) -> SSAValue:
        """DataCopyPad's padding parameters (none), made once at the function's start
        (a loop that loads then holds nothing for loop-invariant-code-motion to move)."""
        from asc_xdsl.dialects.ascendc.construct import ConstructOp

        def make() -> Operation:
            ops = [
                self.const(0, i1),
                self.const(0, ui8),
                self.const(0, ui8),
                self.scalar_const(0, elem),
            ]
            t = _struct_type("DataCopyPadExtParams", elem)
            return ConstructOp(t, ops, [i1, ui8, ui8, elem])

        return self.constant(("pad", elem), make)

    def _transfer_shape(
        self, t: asctile.TileType, dims: list[Any], offsets: list[Any]
    ) -> tuple[Any, Any, Any]:
        """(rows moved, columns moved, the tensor's row length) of a tile of rank 1 or 2
        at offsets (`_planes` splits a higher rank into planes first)."""
        cols = self._real(t.dims[-1], dims[-1], offsets[-1])
        rows = 1 if len(t.dims) == 1 else self._real(t.dims[0], dims[0], offsets[0])
        return rows, cols, dims[-1]

    def _planes(
        self, t: asctile.TileType, view: SSAValue, offsets: list[Any]
    ) -> tuple[list[tuple[SSAValue, Any, int]], Any, Any]:
        """The GM transfers of a tile at `offsets`: one per plane (each index of the
        dimensions before the last two; one plane for rank 1 and 2) as (the GM tensor
        there, rows moved, the plane's first row in the tile), and the columns moved and
        the tensor's row length. A plane past the tensor's end moves no rows."""
        rank = len(t.dims)
        if rank <= 2:
            gm, dims = self._gm_at(view, offsets)
            rows, cols, row_len = self._transfer_shape(t, dims, offsets)
            return [(gm, rows, 0)], cols, row_len
        _, dims = self.views[view]
        cols = self._real(t.dims[-1], dims[-1], offsets[-1])
        rows = self._real(t.dims[-2], dims[-2], offsets[-2])
        # how many planes along each leading dimension lie in the tensor
        inside = [self._real(t.dims[k], dims[k], offsets[k]) for k in range(rank - 2)]
        planes = []
        for n, index in enumerate(itertools.product(*(range(d) for d in t.dims[:-2]))):
            moved = rows
            for k, i in enumerate(index):  # rows * [index < inside] per dimension
                here = self.arith("min", self.arith("max", self.arith("sub", inside[k], i), 0), 1)
                moved = self.arith("mul", moved, here)
            at = [self.arith("add", self.i32(offsets[k]), i) for k, i in enumerate(index)]
            gm, _ = self._gm_at(view, [*at, offsets[-2], offsets[-1]])
            planes.append((gm, moved, n * t.dims[-2]))
        return planes, cols, dims[-1]

    def flag_pair(self, event: str) -> None:
        """SetFlag/WaitFlag of `event` here (an id from the TPipe)."""
        from asc_xdsl.dialects.ascendc.framework import PipeFetchEventIDOp
        from asc_xdsl.dialects.ascendc.sync import SetFlagOp, WaitFlagOp
        from asc_xdsl.enums import HardEvent

        e = HardEvent[event]
        fetch = self.emit(PipeFetchEventIDOp(self.pipe, result_types=[IntegerType(8)], event=e))
        fetch.results[0].name_hint = "event_id"
        self.emit(SetFlagOp(e, fetch.results[0]))
        self.emit(WaitFlagOp(e, fetch.results[0]))

    def lower_load(self, op: asctile.LoadOp) -> None:
        t = op.result.type
        if t.loc != "ub":
            return self.lower_cube_load(op)
        b, q = self.alloc_vecin(t, op)
        planes, cols, row_len = self._planes(t, op.tensor, list(op.offsets))
        w = _width(t.element_type)
        nbytes = self.arith("mul", cols, w)
        gap = self.arith("mul", self.arith("sub", row_len, cols), w)
        blocks = self.arith("div", self.arith("add", nbytes, ALIGN - 1), ALIGN)
        dst_gap = self.arith("sub", b.pitch * w // ALIGN, blocks)
        full_rows = t.dims[-2] if len(t.dims) > 1 else 1
        if _pads_read(
            op,
            cols_partial=_folded(cols) != t.dims[-1],
            rows_partial=any(_folded(r) != full_rows for _, r, _ in planes),
        ):
            # what lies past the tensor's end is read: pad_value there, written before
            # the copy (V, then MTE2 into the same buffer: a flag pair)
            attr = op.pad_value
            value = attr.value.data if attr is not None else 0
            if _width(t.element_type) == 1:
                self.fail(op, "a partial 8-bit tile whose padding is read is not lowered yet")
            self.make("duplicate_l2", b.value, self.scalar_const(value, t.element_type),
                      self.const(b.total))  # fmt: skip
            self.flag_pair("V_MTE2")
        pad = self._pad(t.element_type)
        for gm, rows, first in planes:
            ext = self._ext(rows, nbytes, gap, dst_gap)
            self.make("data_copy_pad_l0_ext", self.sub(b, first), gm, ext, pad)
        # Ascend C's copy-in idiom: the queue's events order MTE2 before V
        self.make("que_bind.enque_tensor", q, b.value)
        value = self.make("que_bind.deque_tensor", q, results=(b.value.type,)).results[0]
        self.frees.append((q, value, op.parent_block()))
        self.buffers[op.result] = Buffer(value, b.rows, b.cols, b.pitch, b.repeat)

    def lower_store(self, op: asctile.StoreOp) -> None:
        t = op.tile.type
        if t.loc == "l0c":
            return self.lower_fixpipe_store(op)
        b = self.buffers[op.tile]
        if op.tile.has_one_use():
            b = self.to_vecout(b, op)
        if b.value not in self.vecout:
            self.needs_sync = True  # MTE3 reads a buffer no queue hands over
        planes, cols, row_len = self._planes(t, op.tensor, list(op.offsets))
        for gm, rows, first in planes:
            self._store(b, gm, rows, cols, row_len, _width(t.element_type), first, t)
        for q, value, _ in self.pending_free:
            self.make("que_bind.free_tensor", q, value)
        self.pending_free.clear()

    def _store(
        self,
        b: Buffer,
        gm: SSAValue,
        rows: Any,
        cols: Any,
        row_len: Any,
        w: int,
        first: int = 0,
        t: asctile.TileType | None = None,
    ) -> None:
        if self.mix and not self.split and t is not None:
            return self._store_half(b, gm, rows, cols, row_len, w, first, t)
        nbytes = self.arith("mul", cols, w)
        gap = self.arith("mul", self.arith("sub", row_len, cols), w)
        blocks = self.arith("div", self.arith("add", nbytes, ALIGN - 1), ALIGN)
        src_gap = self.arith("sub", b.pitch * w // ALIGN, blocks)
        ext = self._ext(rows, nbytes, src_gap, gap)
        self.make("data_copy_pad_l2_ext", gm, self.sub(b, first), ext)

    def _store_half(
        self,
        b: Buffer,
        gm: SSAValue,
        rows: Any,
        cols: Any,
        row_len: Any,
        w: int,
        first: int,
        t: asctile.TileType,
    ) -> None:
        """A mix kernel's store: both AIVs compute every UB tile (they read the workspace
        alike), each writes its half of the rows (the first ceil(R / 2) from AIV 0, the
        rest from AIV 1; a 1-row tile from AIV 0 only), so no byte is written twice."""
        half = -(-(t.dims[-2] if len(t.dims) > 1 else 1) // 2)
        start = self.arith("mul", self.sub_block_idx(), half)
        mine = self.arith("max", self.arith("min", self.arith("sub", rows, start), half), 0)
        at = self.make(
            "global_tensor.subindex", gm, self.i32(self.arith("mul", start, row_len)),
            results=(gm.type,),
        ).results[0]  # fmt: skip
        src = self.sub(b, self.arith("add", start, first))
        positive = self.emit(arith.CmpiOp(self.i32(mine), self.const(0), "sgt")).results[0]
        branch = self.emit(scf.IfOp(positive, [], [scf.YieldOp()]))
        outer, self.at = self.at, branch.true_region.block.last_op
        values, self.values = self.values, {}
        try:
            nbytes = self.arith("mul", cols, w)
            gap = self.arith("mul", self.arith("sub", row_len, cols), w)
            blocks = self.arith("div", self.arith("add", nbytes, ALIGN - 1), ALIGN)
            src_gap = self.arith("sub", b.pitch * w // ALIGN, blocks)
            ext = self._ext(mine, nbytes, src_gap, gap)
            self.make("data_copy_pad_l2_ext", at, src, ext)
        finally:
            self.at, self.values = outer, values

    def lower_atomic(self, op: asctile.AtomicOp) -> None:
        from xdsl.dialects.builtin import TypeAttribute as _T  # noqa: F401

        t = op.tile.type
        b = self.buffers[op.tile]
        planes, cols, row_len = self._planes(t, op.tensor, list(op.offsets))
        self.needs_sync = True
        self.make(ATOMIC[op.kind.data], dtype=_type_attr(t.element_type))
        for gm, rows, first in planes:
            self._store(b, gm, rows, cols, row_len, _width(t.element_type), first, t)
        self.make("set_atomic_none")

    def lower_load_scalar(self, op: asctile.LoadScalarOp) -> None:
        gt, dims = self.views[op.tensor]
        lin = self.i32(self._linear(dims, [self.i32(o) for o in op.offsets]))
        r = self.make("global_tensor.get_value", gt, lin, results=(op.result.type,)).results[0]
        op.result.replace_all_uses_with(r)

    def lower_store_scalar(self, op: asctile.StoreScalarOp) -> None:
        if self.mix:  # (scalar code runs on the AIC and on both AIVs)
            self.fail(op, "a scalar store in a kernel with matmuls and vector tiles "
                          "(a mix kernel) is not lowered yet: store a tile")  # fmt: skip
        gt, dims = self.views[op.tensor]
        lin = self.i32(self._linear(dims, [self.i32(o) for o in op.offsets]))
        self.make("global_tensor.set_value", gt, lin, op.value)

    # -- the cube path: GM -> L1 (Nz) -> L0A (Zz) / L0B (Zn) -> Mmad -> L0C -> Fixpipe ------

    def cube_buffer(self, t: asctile.TileType, position: str) -> SSAValue:
        """A TBuf at `position` (A1/B1/A2/B2/CO1) for tile type `t`, set up at the
        function's start (ascendc-plan-memory gives it its address and checks it fits)."""

        rows, cols = (t.dims[0], t.dims[1]) if len(t.dims) == 2 else (1, t.dims[0])
        nbytes = -(-rows // 16) * 16 * -(-cols // 16) * 16 * _width(t.element_type)
        at, self.at = self.at, None
        try:
            self._ensure_pipe()
            buf = self._at_start(
                _new(_op_class("ascendc.tbuf"), (), (_interned("tbuf", position),))
            )
            size = self.const(nbytes)
            self._at_start(_new(_op_class("ascendc.pipe.init_buffer"), (self.pipe, buf, size)))
            lt = _interned("local", t.element_type, (nbytes // _width(t.element_type),))
            return self._at_start(_new(_op_class("ascendc.tbuf.get_tensor"), (buf,), (lt,)))
        finally:
            self.at = at

    def _at_start(self, op: Operation) -> SSAValue:
        where = (
            InsertPoint.after(self.last_constant)
            if self.last_constant is not None
            else InsertPoint.at_start(self.entry)
        )
        if self.at is not None:
            op.location = self.at.location
        self.rewriter.insert_op(op, where)
        self.last_constant = op
        return op.results[0] if op.results else None

    def construct(self, name: str, fields: list[Any], types: list[Any] | None = None) -> SSAValue:
        from asc_xdsl.dialects.ascendc.construct import ConstructOp

        return self.emit(ConstructOp(_struct_type(name), fields, types)).result

    def lower_cube_load(self, op: asctile.LoadOp) -> None:
        t = op.result.type
        wide = t.element_type == f32 and t.loc in ("l0a", "l0b")  # float32 straight to L0
        if (
            len(t.dims) != 2
            or any(d % 16 for d in t.dims)
            or (_width(t.element_type) != 2 and not wide)
        ):
            self.fail(
                op,
                "the cube path takes 2-D tiles with sizes a multiple of 16, of 16-bit elements "
                "(float32 loaded straight into L0A or L0B)",
            )
        rows, cols = t.dims
        gm, dims = self._gm_at(op.tensor, list(op.offsets))
        l1 = self.cube_buffer(t, "A1" if t.loc != "l0b" else "B1")
        row_len = _folded(dims[-1])
        src_d = (
            self.const(row_len, ui16)
            if isinstance(row_len, int)
            else self.cast(self.i32(dims[-1]), ui16)
        )
        if wide and t.loc == "l0b":
            # Zz in L1 (each band of 16 rows its own Nz matrix): the two 16 x 8 fractals
            # LoadDataWithTranspose merges into a 16 x 16 square are then consecutive
            bands = rows // 16
            if isinstance(row_len, int) and 16 * row_len <= 0xFFFF:
                counts = [(bands, gm)]
            else:  # (the source stride between bands would not fit: one copy per band)
                counts = [
                    (1, self._gm_at(op.tensor, [self.arith("add", op.offsets[0], 16 * r),
                                                op.offsets[1]])[0])
                    for r in range(bands)
                ]  # fmt: skip
            for i, (n, src) in enumerate(counts):
                nd = [
                    self.const(n, ui16), self.const(16, ui16), self.const(cols, ui16),
                    self.const(16 * row_len if n > 1 else 0, ui16), src_d,
                    self.const(16, ui16), self.const(1, ui16), self.const(16 * cols, ui16),
                ]  # fmt: skip
                dst = l1 if i == 0 else self.make(
                    "local_tensor.subindex", l1, self.const(i * 16 * cols, ui32),
                    results=(_interned("local", f32, None),),
                ).results[0]  # fmt: skip
                self.make("data_copy_nd2nz", dst, src, self.construct("Nd2NzParams", nd))
        else:
            nd = [
                self.const(1, ui16), self.const(rows, ui16), self.const(cols, ui16),
                self.const(0, ui16), src_d, self.const(rows, ui16), self.const(1, ui16),
                self.const(0, ui16),
            ]  # fmt: skip
            self.make("data_copy_nd2nz", l1, gm, self.construct("Nd2NzParams", nd))
        if t.loc == "l1":
            self.buffers[op.result] = Buffer(l1, rows, cols, cols)
            return
        # L1 -> L0 waits for the next tile op that is not such a load: the GM -> L1
        # copies of a matmul's operands then all precede their LoadData (one MTE2 -> MTE1
        # flag for both, as a hand-written matmul orders them)
        self.deferred.append((op.result, Buffer(l1, rows, cols, cols), t, op.parent_block()))

    def flush_deferred(self) -> None:
        """The deferred L1 -> L0 loads, at the current op (or its ancestor in their block)."""
        at = self.at
        for result, staged, t, block in self.deferred:
            anchor = at
            while anchor is not None and anchor.parent_block() is not block:
                anchor = anchor.parent_op()
            self.at = anchor if anchor is not None else block.last_op
            self.buffers[result] = Buffer(self.l1_to_l0(staged, t), *t.dims, t.dims[1])
        self.deferred.clear()
        self.at = at

    def l1_to_l0(
        self, l1: Buffer, t: asctile.TileType, offsets: tuple[Any, Any] = (0, 0)
    ) -> SSAValue:
        """The `t`-shaped part of the L1 Nz tile `l1` at `offsets` (multiples of 16) into
        L0A as Zz (row blocks of fractals; Nz on Ascend 950, whose Mmad reads A as Nz)
        or L0B as Zn (each fractal transposed)."""

        l0 = self.cube_buffer(t, "A2" if t.loc == "l0a" else "B2")
        rows, cols = t.dims
        lt = _interned("local", t.element_type, None)
        k0 = ALIGN // _width(t.element_type)  # columns of a fractal
        frac = 512 // _width(t.element_type)  # its elements
        full = -(-l1.rows // 16)  # fractals per column block of the source
        r1, c1 = rows // 16, cols // k0
        if self._on_950(l1.value) and (t.loc == "l0a" or k0 == 16):
            return self.l1_to_l0_v2(l1, l0, t, offsets, full, r1, c1, k0)
        if k0 == 8 and t.loc == "l0b":
            return self.l1_to_l0b_wide(l1, l0, t)
        # fractal (i, j) of the Nz source is number j * full + i
        first = self.arith(
            "add", self.arith("mul", self.arith("div", offsets[1], k0), full),
            self.arith("div", offsets[0], 16),
        )  # fmt: skip
        for i in range(r1):
            start = self.arith("add", first, i)
            start = self.cast_to(start, ui16)
            fields = [
                start, self.const(c1, ui8), self.const(full, ui16), self.const(0, ui8),
                self.const(0, ui16), self.const(int(t.loc == "l0b"), i1), self.const(0, ui8),
            ]  # fmt: skip
            dst = l0 if i == 0 else self.make(
                "local_tensor.subindex", l0, self.const(i * c1 * frac, ui32), results=(lt,)
            ).results[0]  # fmt: skip
            self.make("load_data_l0", dst, l1.value, self.construct("LoadData2DParams", fields))
        return l0

    def _on_950(self, value: SSAValue) -> bool:
        """Whether the kernel is compiled for an Ascend 950 part (its SoC attribute)."""
        from asc_xdsl.dialects.ascendc.target import soc_family
        from asc_xdsl.soc import ASCEND_950

        owner = value.owner
        op = owner if isinstance(owner, Operation) else owner.parent_op()
        return op is not None and soc_family(op) == ASCEND_950

    def l1_to_l0_v2(
        self,
        l1: Buffer,
        l0: SSAValue,
        t: asctile.TileType,
        offsets: tuple[Any, Any],
        full: int,
        r1: int,
        c1: int,
        k0: int,
    ) -> SSAValue:
        """Ascend 950: one LoadData with LoadData2DParamsV2 (a grid of fractals: `c1`
        K-direction columns of `r1` from the Nz source's column `offsets[1] / k0`, row
        `offsets[0] / 16`, columns `full` fractals apart): into L0A as Nz (columns `r1`
        apart), into L0B with each fractal and the grid transposed, Zn (rows of `c1`)."""
        b = t.loc == "l0b"
        fields = [
            self.cast_to(self.arith("div", offsets[0], 16), ui32),
            self.cast_to(self.arith("div", offsets[1], k0), ui32),
            self.const(r1, ui16), self.const(c1, ui16), self.const(full, i32),
            self.const(c1 if b else r1, ui16), self.const(int(b), i1), self.const(0, ui8),
        ]  # fmt: skip
        self.make("load_data_l0_v2", l0, l1.value, self.construct("LoadData2DParamsV2", fields))
        return l0

    def l1_to_l0b_wide(self, l1: Buffer, l0: SSAValue, t: asctile.TileType) -> SSAValue:
        """A float32 [K, N] tile, Zz in L1 (16 x 8 fractals, each band of 16 rows in
        order), into L0B as Zn: LoadDataWithTranspose merges fractals (r, 2c) and
        (r, 2c + 1) into a 16 x 16 square, transposes it and writes its halves as the
        fractals (2r, c) and (2r + 1, c) of L0B (k0 = 8 rows of K each, N / 16 apart)."""
        k, n = t.dims
        n1 = n // 16
        lt = _interned("local", f32, None)
        for r in range(k // 16):
            fields = [
                self.const(r * n1, ui16), self.const(n1, ui8), self.const(1, ui16),
                self.const(0, ui16), self.const(n1 - 1, ui16), self.const(0, ui8),
            ]  # fmt: skip
            dst = l0 if r == 0 else self.make(
                "local_tensor.subindex", l0, self.const(2 * r * n1 * 128, ui32), results=(lt,)
            ).results[0]  # fmt: skip
            params = self.construct("LoadData2dTransposeParams", fields)
            if r:  # (the race checker takes each call's whole destination window)
                from asc_xdsl.dialects.ascendc.sync import PipeBarrierOp
                from asc_xdsl.enums import Pipe

                self.emit(PipeBarrierOp(Pipe.PIPE_MTE1))
            self.make("load_data_with_transpose", dst, l1.value, params)
        return l0

    def lower_copy(self, op: asctile.CopyOp) -> None:
        s, t = op.source.type, op.result.type
        src = self.buffers[op.source]
        offsets = [_folded(o) for o in op.offsets]
        if s.loc == "l1" and t.loc in ("l0a", "l0b"):
            if _width(t.element_type) != 2:
                self.fail(op, "a copy of a 32-bit tile from L1 into L0 is not lowered yet")
            for o in offsets:
                if isinstance(o, int) and o % 16:
                    self.fail(op, f"offsets into an L1 tile must be multiples of 16, got {o}")
            l0 = self.l1_to_l0(src, t, (offsets[0], offsets[1]))
            self.buffers[op.result] = Buffer(l0, t.dims[0], t.dims[1], t.dims[1])
        elif s.loc == "l0c" and t.loc == "ub":
            self.l0c_to_ub(op)
        elif s.loc == "l0c" and t.loc == "l1" and all(o == 0 for o in offsets) and s.dims == t.dims:
            l1 = self.cube_buffer(t, "A1")
            self.fixpipe(op.source, l1, t.element_type, None, nz=True)
            self.buffers[op.result] = Buffer(l1, t.dims[0], t.dims[1], t.dims[1])
        else:
            self.fail(op, f"a copy from {s.loc.upper()} to {t.loc.upper()} is not lowered yet")

    # -- mix kernels: L0C -> GM workspace (the AIC) -> UB (the AIVs) --------------------

    def workspace(self, elem: Any) -> SSAValue:
        """This block's part of the workspace of `elem` elements: a hidden kernel
        parameter (`#emitasc.kernel_arg<workspace>`, its static size the bytes of one
        block; the launch allocates it for every block, as CANN's operators get their
        workspace), set up at the function's start at `GetBlockIdx() /
        GetSubBlockNum()` blocks in (the same offset on the AIC and on both AIVs)."""
        from xdsl.dialects.builtin import DictionaryAttr, MemRefType

        from asc_xdsl.dialects.ascendc.base import GM_MEMORY_SPACE
        from asc_xdsl.dialects.emitasc import KernelArgAttr
        from asc_xdsl.transforms.kernel_args import KERNEL_ARG_ATTR, param_attrs

        key = (self.entry, elem)
        found = self.workspaces.get(key)
        if found is not None:
            return found
        per_block = self.workspace_elems[elem]
        f = self.entry.parent_op()
        space = IntegerAttr(GM_MEMORY_SPACE, 64)
        arg = self.entry.insert_arg(MemRefType(elem, [per_block], memory_space=space),
                                    len(self.entry.args))  # fmt: skip
        arg.name_hint = "workspace" if not self.workspaces else f"workspace_{_type_name(elem)}"
        from xdsl.dialects.builtin import ArrayAttr, FunctionType

        attrs = [*param_attrs(f)[: len(self.entry.args) - 1]]
        attrs.append(DictionaryAttr({KERNEL_ARG_ATTR: KernelArgAttr("workspace")}))
        f.arg_attrs = ArrayAttr(attrs)
        ftype = f.function_type
        f.properties["function_type"] = FunctionType.from_lists(
            [a.type for a in self.entry.args], list(ftype.outputs.data)
        )
        at, self.at = self.at, None
        try:
            gt = self._at_start(_new(_op_class("ascendc.global_tensor"), (),
                                     (_interned("global", elem),)))  # fmt: skip
            self._at_start(_new(_op_class("ascendc.global_tensor.set_global_buffer"), (gt, arg)))
            idx = self._at_start(_new(_op_class("ascendc.get_block_idx"), (), (i32,)))
            num = self._at_start(_new(_op_class("ascendc.get_sub_block_num"), (), (ui64,)))
            num = self._at_start(_new(UnrealizedConversionCastOp, (num,), (i32,)))
            block = self._at_start(_binop(arith.DivSIOp, idx, num))
            off = self._at_start(_binop(arith.MuliOp, block, self.const(per_block)))
            here = self._at_start(
                _new(_op_class("ascendc.global_tensor.subindex"), (gt, off), (gt.type,))
            )
        finally:
            self.at = at
        self.workspaces[key] = here
        return here

    def sub_block_idx(self) -> SSAValue:
        """GetSubBlockIdx() (0 on the AIC, 0 or 1 on the AIVs), once per function."""
        found = self.sub_block.get(self.entry)
        made = (self.split_subs or {}).get(self.entry)
        if found is None and made is not None:  # the row split's, as i32
            trunc = _new(arith.TruncIOp, (made,), (i32,))
            made.owner.parent_block().insert_op_after(trunc, made.owner)
            found = self.sub_block[self.entry] = trunc.results[0]
        if found is None:
            at, self.at = self.at, None
            try:
                sub = self._at_start(
                    _new(_op_class("ascendc.get_sub_block_idx"), (), (IntegerType(64),))
                )
                found = self._at_start(_new(arith.TruncIOp, (sub,), (i32,)))
            finally:
                self.at = at
            self.sub_block[self.entry] = found
        return found

    def l0c_to_ub(self, op: asctile.CopyOp) -> None:
        """A matmul result into UB on 2201, where no path from L0C to UB exists: Fixpipe
        (the AIC) to the copy's slot of the GM workspace, DataCopyPad back (the AIVs, a
        VECIN queue's tensor); `ascendc-insert-sync` orders the two sides (cross-core
        flags in mode 2) and reuses of the slot in a loop."""
        s, t = op.source.type, op.result.type
        halved = self.split and t.dims[0] * 2 == s.dims[0]
        if any(_folded(o) != 0 for o in op.offsets) or (
            tuple(s.dims) != tuple(t.dims) and not halved
        ):
            self.fail(op, "a copy of part of a matmul result into UB is not lowered yet "
                          "(copy the whole tile)")  # fmt: skip
        elem = t.element_type
        n = s.dims[1]
        base = self.workspace(elem)
        offset = self.slots[op]
        gm = base if offset == 0 else self.make(
            "global_tensor.subindex", base, self.const(offset), results=(base.type,)
        ).results[0]  # fmt: skip
        self.fixpipe(op.source, gm, elem, n, nz=False, op=op)
        m = t.dims[0]
        if halved:  # this AIV's rows
            at = self.i32(self.arith("mul", self.sub_block_idx(), m * n))
            gm = self.make("global_tensor.subindex", gm, at, results=(gm.type,)).results[0]
        b, q = self.alloc_vecin(t, op)
        w = _width(elem)
        blocks = -(-(n * w) // ALIGN)
        ext = self._ext(m, n * w, 0, b.pitch * w // ALIGN - blocks)
        self.make("data_copy_pad_l0_ext", b.value, gm, ext, self._pad(elem))
        self.make("que_bind.enque_tensor", q, b.value)
        value = self.make("que_bind.deque_tensor", q, results=(b.value.type,)).results[0]
        self.frees.append((q, value, op.parent_block()))
        self.buffers[op.result] = Buffer(value, b.rows, b.cols, b.pitch, b.repeat)

    def plan_workspace(self, tile_ops: list[Operation]) -> None:
        """A slot of the workspace for each L0C -> UB copy (512-byte aligned, reused by
        every iteration of a loop around it)."""
        for op in tile_ops:
            if (
                isinstance(op, asctile.CopyOp)
                and op.source.type.loc == "l0c"
                and (op.result.type.loc == "ub")
            ):
                elem = op.result.type.element_type
                count = math.prod(op.source.type.dims)  # (the whole product)
                step = 512 // _width(elem)
                used = self.workspace_elems.get(elem, 0)
                self.slots[op] = used
                self.workspace_elems[elem] = used + -(-count // step) * step

    def lower_zeros_acc(self, op: asctile.ZerosAccOp) -> None:
        """L0C zeros: a Mmad of zero fractals (nothing writes L0C but the cube)."""
        t = op.result.type
        m, n = t.dims
        m16, n16 = -(-m // 16) * 16, -(-n // 16) * 16
        elem = f16 if t.element_type == f32 else IntegerType(8)
        za = self.cube_buffer(asctile.TileType([m16, 16], elem, "l0a"), "A2")
        zb = self.cube_buffer(asctile.TileType([16, n16], elem, "l0b"), "B2")
        for buf, count in ((za, m16 // 16), (zb, n16 // 16)):
            fields = [self.const(1, ui16), self.const(count, ui16), self.const(0, ui16),
                      self.scalar_const(0, elem)]  # fmt: skip
            params = self.emit(
                _construct_op(_struct_type("InitConstValueParams", elem), fields)
            ).result
            self.make("init_const_value", buf, params)
        c = self.cube_buffer(t, "CO1")
        self.mmad(c, za, zb, m, n, 16 if elem == f16 else 32, True)
        self.buffers[op.result] = Buffer(c, m, n, n)
        self.kernel_type = self.kernel_type or "cube"

    def mmad(
        self, c: SSAValue, a: SSAValue, b: SSAValue, m: int, n: int, k: int, init: bool
    ) -> None:
        fields = [
            self.const(m, ui16), self.const(n, ui16), self.const(k, ui16), self.const(0, ui8),
            self.const(0, i1), self.const(int(init), i1),
        ]  # fmt: skip
        self.make("mmad", c, a, b, self.construct("MmadParams", fields))

    def lower_matmul(self, op: asctile.MatmulOp) -> None:
        a, b = op.lhs.type, op.rhs.type
        m, k = a.dims
        n = b.dims[1]
        if b.element_type != a.element_type:
            self.fail(op, "matmul of tiles of two dtypes")
        if op.acc is not None:  # into the accumulator's L0C buffer, in place
            c = self.buffers[op.acc]
            self.mmad(
                c.value, self.buffers[op.lhs].value, self.buffers[op.rhs].value, m, n, k, False
            )
            self.buffers[op.result] = c
            return
        c = self.cube_buffer(op.result.type, "CO1")
        self.mmad(c, self.buffers[op.lhs].value, self.buffers[op.rhs].value, m, n, k, True)
        self.buffers[op.result] = Buffer(c, m, n, n)
        self.kernel_type = self.kernel_type or "cube"

    def lower_fixpipe_store(self, op: asctile.StoreOp) -> None:
        gm, dims = self._gm_at(op.tensor, list(op.offsets))
        self.fixpipe(op.tile, gm, op.tensor.type.element_type, dims[-1], nz=False, op=op)

    def fixpipe(
        self, tile: SSAValue, dst: SSAValue, out: Any, row: Any, nz: bool, op: Any = None
    ) -> None:
        """L0C -> GM (ND rows of `row` elements) or L1 (Nz), converting to `out` and
        applying a pending relu."""
        from asc_xdsl.dialects.ascendc.struct_types import CO2LayoutType, QuantModesType

        op = op or self.at
        t = tile.type
        b = self.buffers[tile]
        m, n = t.dims
        converted = self.l0c_dtype.get(tile)
        if converted is not None and converted != out:
            self.fail(op, f"a {converted} matmul result stored into a tensor of {out}")
        quant = {f32: 0, f16: 1, bf16: 2}.get(out)
        if quant is None or b.value.type.element_type != f32:
            self.fail(op, f"a matmul result stored as {out} is not lowered yet")
        m16 = -(-m // 16) * 16
        stride = m16 if nz else _folded(row)
        i64 = IntegerType(64)
        fields = [
            self.const(n, ui16), self.const(m, ui16), self.const(m16, ui16),
            self.cast_to(stride, ui32),
            self.const(int(bool(b.relu)), i1), self.const(quant, i64),
            self.const(0, i64), self.const(1, ui16), self.const(0, ui16),
            self.const(0, ui16), self.const(0, ui8),
        ]  # fmt: skip
        if nz:  # to L1: DataCopy from CO1 (Fixpipe's form for a local destination)
            fields = [
                self.const(n, ui16), self.const(m, ui16), self.const(m16, ui32),
                self.const(m16, ui16), self.const(quant, i64),
                self.const(int(bool(b.relu)), ui8), self.const(0, i1), self.const(0, i1),
            ]  # fmt: skip
            types = [ui16, ui16, ui32, ui16, QuantModesType(), ui8, i1, i1]
            params = self.construct("DataCopyCO12DstParams", fields, types)
            self.make("data_copy_co12dst", dst, b.value, params)
            return
        types = [ui16, ui16, ui16, ui32, i1, QuantModesType(), i64, ui16, ui16, ui16, ui8]
        params = self.construct("FixpipeParamsV220", fields, types)
        layout = self.construct(
            "FixpipeConfig", [self.const(0 if nz else 1, i64)], [CO2LayoutType()]
        )
        self.make("fixpipe", dst, b.value, params, layout)

    # -- element-wise --------------------------------------------------------------------

    def operand(self, v: SSAValue, shape: tuple[int, ...], op: Operation) -> Buffer | SSAValue:
        """A tile operand as a buffer of `shape` (broadcast when it is smaller); a scalar as is."""
        if not isinstance(v.type, asctile.TileType):
            return v
        b = self.buffers[v]
        if tuple(v.type.dims) == tuple(shape):
            return b
        return self.broadcast(b, v.type, asctile.TileType(shape, v.type.element_type), op)

    def broadcast(
        self, b: Buffer, s: asctile.TileType, t: asctile.TileType, op: Operation
    ) -> Buffer:
        src = (1,) * (len(t.dims) - len(s.dims)) + tuple(s.dims)
        out = self.alloc(t)
        rows, cols, _ = _layout(t)
        elem = t.element_type
        if math.prod(src) != 1 and rows * out.pitch < out.total:
            # the last repeat's tail, which the rows below leave: zeros, not what UB held
            # (element-wise ops read whole repeats)
            zero = self.scalar_const(0, elem)
            tail = self.const(out.total - rows * out.pitch)
            self.make("duplicate_l2", self.sub(out, rows), zero, tail)
        if math.prod(src) == 1:
            v = self.get(b.value, 0, elem)
            self.make("duplicate_l2", out.value, v, self.const(out.total))
        elif src[-1] == cols and len(src) >= 2 and math.prod(src[:-1]) == 1:
            zero = self.scalar_const(0, elem)
            for r in range(rows):  # each row a copy of the source row
                self.make("adds_l2", self.sub(out, r), b.value, zero, self.const(cols))
        elif src[-1] == 1 and math.prod(src[:-1]) == rows:
            for r in range(rows):  # each row one value of the source column
                v = self.get(b.value, r * b.pitch, elem)
                self.make("duplicate_l2", self.sub(out, r), v, self.const(cols))
        else:  # numpy's rules, row by row (or by blocks of rows the two share)
            lead_s, lead_t = src[:-1], t.dims[:-1]
            if src[-1] == cols:
                # trailing leading dimensions equal in both: blocks of rows copied whole
                k = 0
                while k < len(lead_t) and lead_s[-1 - k] == lead_t[-1 - k]:
                    k += 1
                block = math.prod(lead_t[len(lead_t) - k :])
                outer_s, outer_t = lead_s[: len(lead_s) - k], lead_t[: len(lead_t) - k]
                zero = self.scalar_const(0, elem)
                n = self.const(block * b.pitch)
                for j, index in enumerate(itertools.product(*(range(d) for d in outer_t))):
                    at = _ravel(
                        [i if d > 1 else 0 for i, d in zip(index, outer_s, strict=True)], outer_s
                    )
                    self.make("adds_l2", self.sub(out, j * block), self.sub(b, at * block), zero, n)
            else:  # the source's last dimension is 1: each row one value of it
                n = self.const(cols)
                for r, index in enumerate(itertools.product(*(range(d) for d in lead_t))):
                    at = _ravel(
                        [i if d > 1 else 0 for i, d in zip(index, lead_s, strict=True)], lead_s
                    )
                    v = self.get(b.value, at * b.pitch, elem)
                    self.make("duplicate_l2", self.sub(out, r), v, n)
        return out

    def get(self, lt: SSAValue, index: int | SSAValue, elem: Any) -> SSAValue:
        return self.make("local_tensor.get_value", lt, self.i32(index), results=(elem,)).results[0]

    def negate(self, s: SSAValue) -> SSAValue:
        if isinstance(s.type, IntegerType):
            return self.emit(arith.SubiOp(self.const(0, s.type), s)).result
        return self.emit(arith.NegfOp(s)).result

    def widen(self, x: Buffer | SSAValue, t: asctile.TileType) -> Buffer | SSAValue:
        """A bf16/i16/i32 operand as float32 (a tile converted, a scalar extended): the
        vector unit lacks these types for some ops (docs/tile.md, "Lowering")."""
        if not isinstance(x, Buffer):
            if isinstance(x.type, IntegerType):
                return self.emit(arith.SIToFPOp(x, f32)).result
            owner = x.owner
            if isinstance(owner, arith.TruncFOp) and owner.input.type == f32:
                return self.bf16_round(owner.input)  # extf(truncf(v)) in float32
            return self.emit(arith.ExtFOp(x, f32)).result
        # the source's row pitch, so rows stay where they are
        wide = self.alloc(asctile.TileType([x.rows, x.pitch] if x.rows > 1 else [x.pitch], f32))
        wide.cols = x.cols
        mode = 0 if not isinstance(t.element_type, IntegerType) else 1  # exact: CAST_NONE
        n = self.const(min(x.total, wide.total))
        self.make("cast_l2", wide.value, x.value, n, roundMode=IntegerAttr(mode, 32))
        return wide

    def bf16_round(self, v: SSAValue) -> SSAValue:
        """float32 `v` rounded to the nearest bfloat16 (ties to even), kept in float32:
        the bits below the top 16 rounded away."""
        b = self.emit(arith.BitcastOp(v, i32)).result
        lsb = self.emit(
            arith.AndIOp(self.emit(arith.ShRUIOp(b, self.const(16))).result, self.const(1))
        ).result
        up = self.emit(
            arith.AddiOp(self.emit(arith.AddiOp(b, self.const(0x7FFF))).result, lsb)
        ).result
        top = self.emit(arith.AndIOp(up, self.const(-65536))).result
        return self.emit(arith.BitcastOp(top, f32)).result

    def narrow(self, wide: Buffer, t: asctile.TileType) -> Buffer:
        out = self.alloc(t)
        n = self.const(min(out.total, wide.total))
        self.make("cast_l2", out.value, wide.value, n, roundMode=IntegerAttr(1, 32))
        return out

    def lower_binary(self, op: asctile.BinaryOp) -> None:
        t = op.result.type
        a = self.operand(op.lhs, t.dims, op)
        b = self.operand(op.rhs, t.dims, op)
        if t.element_type == bf16:  # no bf16 arithmetic: in float32, rounded back
            wide_t = asctile.TileType(t.dims, f32)
            out = self.binary(op, op.kind.data, self.widen(a, t), self.widen(b, t), wide_t)
            self.buffers[op.result] = self.narrow(out, t)
            return
        self.buffers[op.result] = self.binary(op, op.kind.data, a, b, t)

    def binary(self, op: Operation, kind: str, a: Any, b: Any, t: asctile.TileType) -> Buffer:
        out = self.alloc(t)
        n = self.const(out.total)
        vv, vs = BINARY[kind]
        elem = t.element_type
        if isinstance(a, Buffer) and isinstance(b, Buffer):
            if vv is None:
                self.fail(op, f"{kind} of two tiles is not supported (shift by a scalar)")
            self.make(vv, out.value, a.value, b.value, n)
        elif isinstance(a, Buffer):  # tile <op> scalar
            if kind == "sub":
                self.make("adds_l2", out.value, a.value, self.negate(b), n)
            elif kind == "div":
                if isinstance(elem, IntegerType):
                    tmp = self.alloc(t)
                    self.make("duplicate_l2", tmp.value, b, n)
                    self.make("div_l2", out.value, a.value, tmp.value, n)
                else:
                    inv = self.emit(arith.DivfOp(self.fconst(1.0, elem), b)).result
                    self.make("muls_l2", out.value, a.value, inv, n)
            else:
                self.make(vs, out.value, a.value, b, n)
        else:  # scalar <op> tile
            if kind == "sub":
                self.make("muls_l2", out.value, b.value, self.scalar_const(-1, elem), n)
                self.make("adds_l2", out.value, out.value, a, n)
            elif kind == "div":
                tmp = self.alloc(t)
                self.make("duplicate_l2", tmp.value, a, n)
                self.make("div_l2", out.value, tmp.value, b.value, n)
            elif vs is None or kind.endswith("shift"):
                self.fail(op, f"{kind} of a scalar by a tile is not supported")
            else:
                self.make(vs, out.value, b.value, a, n)
        return out

    def lower_unary(self, op: asctile.UnaryOp) -> None:
        t = op.result.type
        if t.loc == "l0c":  # relu of a matmul result: the Fixpipe's reluEn
            b = self.buffers[op.source]
            self.buffers[op.result] = Buffer(b.value, b.rows, b.cols, b.pitch, b.repeat, True)
            return
        src = self.buffers[op.source]
        out = self.alloc(t)
        n = self.const(out.total)
        kind = op.kind.data
        elem = t.element_type
        if kind in UNARY_L2:
            self.make(UNARY_L2[kind], out.value, src.value, n)
        elif kind == "negative":
            self.make("muls_l2", out.value, src.value, self.scalar_const(-1, elem), n)
        elif kind == "exp2":
            self.make("muls_l2", out.value, src.value, self.fconst(math.log(2.0), elem), n)
            self.make("exp_l2", out.value, out.value, n)
        elif kind == "log2":
            self.make("ln_l2", out.value, src.value, n)
            self.make("muls_l2", out.value, out.value, self.fconst(1 / math.log(2.0), elem), n)
        elif kind in UNARY_ADV:  # the library's math: (dst, src, count, isReuseSource)
            self.make(
                kind, out.value, src.value, n, self.const(0, i1),
                operandSegmentSizes=DenseArrayBase.from_list(i32, [1, 1, 0, 1, 1]),
            )  # fmt: skip
        else:
            self.fail(op, f"{kind} is not lowered yet")
        self.buffers[op.result] = out

    def lower_compare(self, op: asctile.CompareOp) -> None:
        t = op.result.type
        kind = op.kind.data
        a = self.operand(op.lhs, t.dims, op)
        b = self.operand(op.rhs, t.dims, op)
        out = self.alloc(t)
        n = self.const((a if isinstance(a, Buffer) else b).total)
        if not isinstance(a, Buffer):
            a, b, kind = b, a, SWAPPED[kind]
        src_t = op.lhs.type if isinstance(op.lhs.type, asctile.TileType) else op.rhs.type
        elem = src_t.element_type
        if elem in (bf16, i16) or (elem == i32 and kind != "eq"):  # compared as float32
            a, b = self.widen(a, src_t), self.widen(b, src_t)
            n = self.const(a.total)
        mode = IntegerAttr(CMP_MODE[kind], 64)
        if isinstance(b, Buffer):
            self.make("compare_l2", out.value, a.value, b.value, n, cmpMode=mode)
        else:
            self.make("compare_scalar_l2", out.value, a.value, b, n, cmpMode=mode)
        self.buffers[op.result] = out

    def lower_select(self, op: asctile.SelectOp) -> None:
        t = op.result.type
        mask = self.operand(op.mask, t.dims, op)
        vals = []
        for v in (op.true_value, op.false_value):
            x = self.operand(v, t.dims, op)
            if not isinstance(x, Buffer):
                tmp = self.alloc(t)
                self.make("duplicate_l2", tmp.value, x, self.const(tmp.total))
                x = tmp
            vals.append(x)
        out = self.alloc(t)
        same = {i32: f32, bf16: f16, i16: f16}.get(t.element_type)  # Select moves bits only
        args = [out.value, vals[0].value, vals[1].value]
        if same is not None:
            from asc_xdsl.dialects.ascendc.tensor import LocalTensorReinterpretCastOp
            from asc_xdsl.dialects.ascendc.types import LocalTensorType

            args = [
                self.emit(
                    LocalTensorReinterpretCastOp(
                        v, result_types=[LocalTensorType(same, [d.data for d in v.type.shape.data])]
                    )
                ).results[0]
                for v in args
            ]
        self.make(
            "select_l2", args[0], mask.value, args[1], args[2],
            self.const(out.total), selMode=IntegerAttr(2, 32),
        )  # fmt: skip
        self.buffers[op.result] = out

    def lower_full(self, op: asctile.FullOp) -> None:
        t = op.result.type
        if t.loc != "ub":
            self.fail(op, f"a full tile in {t.loc.upper()} is not lowered yet")
        out = self.alloc(t)
        self.make("duplicate_l2", out.value, op.value, self.const(out.total))
        self.buffers[op.result] = out

    def lower_cast(self, op: asctile.CastOp) -> None:
        t = op.result.type
        if op.source.type.loc == "l0c":  # the Fixpipe converts on the way out (quantPre)
            b = self.buffers[op.source]
            self.buffers[op.result] = b
            self.l0c_dtype[op.result] = t.element_type
            return
        src = self.buffers[op.source]
        out = self.alloc(t)
        n = self.const(min(out.total, src.total))
        self.make("cast_l2", out.value, src.value, n, roundMode=IntegerAttr(1, 32))
        self.buffers[op.result] = out

    # -- reductions ----------------------------------------------------------------------

    def _reduce_row(
        self, kind: str, src: SSAValue, count: int, elem: Any, op: Operation
    ) -> SSAValue:
        """The `kind` reduction of `count` elements from `src`: a scalar."""
        if kind == "prod":
            acc = self.get(src, 0, elem)
            for i in range(1, count):
                x = self.get(src, i, elem)
                cls = arith.MuliOp if isinstance(elem, IntegerType) else arith.MulfOp
                acc = self.emit(cls(acc, x)).result
            return acc
        key = (count, elem)
        if key not in self.scratch:  # one pair per size: the V pipe runs them in order
            self.scratch[key] = (
                self.alloc(asctile.TileType([max(count, 8)], elem)),
                self.alloc(asctile.TileType([max(count, 8)], elem)),
            )
        dst, work = self.scratch[key]
        index = [self.const(0, i1)] if kind != "sum" else []  # (ReduceSum has no calIndex)
        self.make(REDUCE_L2[kind], dst.value, src, work.value, self.const(count), *index)
        return self.get(dst.value, 0, elem)

    def lower_reduce(self, op: asctile.ReduceOp) -> None:
        s = op.source.type
        src = self.buffers[op.source]
        kind = op.kind.data
        elem = s.element_type
        rank = len(s.dims)
        dims = op.reduced
        if len(dims) == rank and (src.pitch == src.cols or src.rows == 1):  # one run
            value = self._reduce_row(kind, src.value, src.rows * src.cols, elem, op)
            if isinstance(op.result.type, asctile.TileType):
                out = self.alloc(op.result.type)
                self.make("duplicate_l2", out.value, value, self.const(out.total))
                self.buffers[op.result] = out
            else:
                op.result.replace_all_uses_with(value)
            return
        # the source's rows (its leading index) and, for each, the output row or element
        # it goes to (the reduced dimensions' indices dropped); removing dimensions of
        # size 1 keeps row-major order, so keep_dims changes only the layout
        lead = s.dims[:-1]
        kept = [i for i in range(rank - 1) if i not in dims]
        groups: dict[int, list[int]] = {}
        for r, index in enumerate(itertools.product(*(range(d) for d in lead))):
            o = 0
            for i in kept:
                o = o * lead[i] + index[i]
            groups.setdefault(o, []).append(r)
        scalar = not isinstance(op.result.type, asctile.TileType)
        out = None if scalar else self.alloc(op.result.type)
        if rank - 1 in dims:  # each row to one value, then the values of a group combined
            for o, rows in groups.items():
                value = None
                for r in rows:
                    v = self._reduce_row(kind, self.sub(src, r), src.cols, elem, op)
                    value = (
                        v if value is None else self.emit(_combine(kind, elem, value, v)).results[0]
                    )
                if scalar:
                    op.result.replace_all_uses_with(value)
                    return
                at = (o // out.cols) * out.pitch + o % out.cols
                self.make("local_tensor.set_value", out.value, self.const(at), value)
        else:  # rows of a group combined, element by element
            zero = self.scalar_const(0, elem)
            n = self.const(src.cols)
            for o, rows in groups.items():
                row = self.sub(out, o)
                self.make("adds_l2", row, self.sub(src, rows[0]), zero, n)
                for r in rows[1:]:
                    self.make(COMBINE_L2[kind], row, row, self.sub(src, r), n)
        self.buffers[op.result] = out

    def lower_softmax(self, op: asctile.SoftmaxOp) -> None:
        t = op.result.type
        src = self.buffers[op.source]
        out = self.alloc(t)
        elem = t.element_type
        n = self.const(src.cols)
        for r in range(src.rows):
            row_in, row_out = self.sub(src, r), self.sub(out, r)
            top = self._reduce_row("max", row_in, src.cols, elem, op)
            self.make("adds_l2", row_out, row_in, self.negate(top), n)
            self.make("exp_l2", row_out, row_out, n)
            total = self._reduce_row("sum", row_out, src.cols, elem, op)
            inv = self.emit(arith.DivfOp(self.fconst(1.0, elem), total)).result
            self.make("muls_l2", row_out, row_out, inv, n)
        self.buffers[op.result] = out

    def lower_rms_norm(self, op: asctile.RmsNormOp) -> None:
        t = op.result.type
        src = self.buffers[op.source]
        out = self.alloc(t)
        elem = t.element_type
        n = self.const(src.cols)
        eps = op.epsilon.value.data
        gamma = self.operand(op.gamma, t.dims, op) if op.gamma is not None else None
        for r in range(src.rows):
            row_in, row_out = self.sub(src, r), self.sub(out, r)
            self.make("mul_l2", row_out, row_in, row_in, n)
            total = self._reduce_row("sum", row_out, src.cols, elem, op)
            mean = self.emit(arith.DivfOp(total, self.fconst(float(src.cols), elem))).result
            shifted = self.emit(arith.AddfOp(mean, self.fconst(eps, elem))).result
            root = self.emit(_sqrt(shifted)).results[0]
            inv = self.emit(arith.DivfOp(self.fconst(1.0, elem), root)).result
            self.make("muls_l2", row_out, row_in, inv, n)
        if gamma is not None:
            self.make("mul_l2", out.value, out.value, gamma.value, self.const(out.total))
        self.buffers[op.result] = out

    # -- shapes --------------------------------------------------------------------------

    def lower_reshape(self, op: asctile.ReshapeOp) -> None:
        src = self.buffers[op.source]
        t = op.result.type
        rows, cols, pitch = _layout(t)
        if (src.pitch == src.cols and pitch == cols) or (pitch == src.pitch and cols == src.cols):
            self.aliased.add(src.value)
            self.buffers[op.result] = Buffer(src.value, rows, cols, pitch)  # same memory
            return
        out = self.alloc(t)
        elem = t.element_type
        for i in range(t.numel):  # element by element: the layouts differ
            v = self.get(src.value, (i // src.cols) * src.pitch + i % src.cols, elem)
            self.make(
                "local_tensor.set_value", out.value, self.const((i // cols) * pitch + i % cols), v
            )
        self.buffers[op.result] = out

    def lower_broadcast(self, op: asctile.BroadcastOp) -> None:
        self.buffers[op.result] = self.broadcast(
            self.buffers[op.source], op.source.type, op.result.type, op
        )

    def lower_concat(self, op: asctile.ConcatOp) -> None:
        t = op.result.type
        a, b = self.buffers[op.lhs], self.buffers[op.rhs]
        if len(t.dims) == 1 or op.dim.value.data != 0:
            self.fail(op, "concat of 1-D tiles or along a later dimension is not lowered yet")
        out = self.alloc(t)
        zero = self.scalar_const(0, t.element_type)
        self.make("adds_l2", out.value, a.value, zero, self.const(a.total))
        self.make("adds_l2", self.sub(out, a.rows), b.value, zero, self.const(b.total))
        self.buffers[op.result] = out

    def lower_fused_vf(self, op: asctile.FusedVfOp) -> None:
        """A vector function `tile-to-reg` made (Ascend 950): the operands' buffers and
        new ones for the results, a `__ubuf__` pointer to each, then
        `asc_vf_call<callee>(inputs, outputs, scalars)`."""
        from asc_xdsl.dialects.ascendc.reg import ub_pointer_type

        tiles, scalars = [], []
        for v in op.args:
            if isinstance(v.type, asctile.TileType):
                tiles.append(self.buffers[v])
            else:
                scalars.append(v)
        for r in op.outs:
            b = self.alloc(r.type)
            self.buffers[r] = b
            tiles.append(b)
        zero = self.const(0)
        ptrs = []
        for b in tiles:
            pt = ub_pointer_type(b.value.type.element_type)
            ptrs.append(self.make("reg.ub_ptr", b.value, zero, results=(pt,)).results[0])
        self.make("reg.vf_call", *ptrs, *scalars, callee=op.callee)

    # -- driver --------------------------------------------------------------------------

    HANDLERS = {
        asctile.TensorOp: lower_tensor,
        asctile.LoadOp: lower_load,
        asctile.StoreOp: lower_store,
        asctile.LoadScalarOp: lower_load_scalar,
        asctile.StoreScalarOp: lower_store_scalar,
        asctile.AtomicOp: lower_atomic,
        asctile.BinaryOp: lower_binary,
        asctile.UnaryOp: lower_unary,
        asctile.CompareOp: lower_compare,
        asctile.SelectOp: lower_select,
        asctile.FullOp: lower_full,
        asctile.CastOp: lower_cast,
        asctile.ReduceOp: lower_reduce,
        asctile.SoftmaxOp: lower_softmax,
        asctile.RmsNormOp: lower_rms_norm,
        asctile.FusedVfOp: lower_fused_vf,
        asctile.ReshapeOp: lower_reshape,
        asctile.BroadcastOp: lower_broadcast,
        asctile.ConcatOp: lower_concat,
        asctile.MatmulOp: lower_matmul,
        asctile.CopyOp: lower_copy,
        asctile.ZerosAccOp: lower_zeros_acc,
    }

    # -- tiles carried through loops and out of branches ----------------------------------

    def enter_carrier(self, op: Operation) -> None:
        """A loop or branch with tile results: one buffer per carried tile (a VECCALC
        TBuf, never a queue's: it outlives an iteration), the loop's initial value copied
        in before the loop; the block argument and the result are that buffer."""
        carried = list(op.results)
        inits = list(op.iter_args) if isinstance(op, scf.ForOp) else [None] * len(carried)
        args = list(op.body.block.args[1:]) if isinstance(op, scf.ForOp) else [None] * len(carried)
        for result, init, arg in zip(carried, inits, args, strict=True):
            t = result.type
            if not isinstance(t, asctile.TileType):
                continue
            if t.loc != "ub" or t.element_type == i1:
                self.fail(
                    op,
                    f"a {'mask ' if t.element_type == i1 else ''}tile in {t.loc.upper()} "
                    "carried through a loop or out of a branch is not lowered yet",
                )
            if init is not None and self._dead_after(init, op):
                buf = self.buffers[init]  # the initial value's own buffer: no copy in
            else:
                buf = self.alloc(t)
                if init is not None:
                    self.copy_into(buf, self.buffers[init])
            self.aliased.add(buf.value)
            if init is not None:
                self.buffers[arg] = buf
            self.buffers[result] = buf
        self.carriers.append(op)

    def lower_yield(self, op: Operation) -> None:
        """Each yielded tile copied into its carried buffer (unless it is that buffer, or
        is computed in it in place), as one parallel assignment: a carried buffer the
        yield also reads (`a, b = b, a`) is neither computed in place nor overwritten
        before its copy is read (a tile of another carried buffer is staged first)."""
        pairs = [
            (self.buffers[result], self.buffers[value], value)
            for value, result in zip(op.operands, op.parent_op().results, strict=True)
            if isinstance(value.type, asctile.TileType)
        ]
        read = {src.value for _, src, _ in pairs}
        copies = []
        for dst, src, value in pairs:
            if src.value is dst.value:
                continue
            if dst.value not in read and self._reuse_carried(value, src, dst, op):
                self.buffers[value] = dst  # (written in place: nothing to copy)
            else:
                copies.append((dst, src, value))
        written = {dst.value for dst, _, _ in copies}
        staged = []
        for dst, src, value in copies:
            if src.value in written:  # (another carried buffer, overwritten here)
                tmp = self.alloc(value.type)
                self.copy_into(tmp, src)
                src = tmp
            staged.append((dst, src))
        for dst, src in staged:
            self.copy_into(dst, src)

    def _owned(self, b: Buffer) -> bool:
        """Whether `b` is a VECCALC TBuf of one tile alone (not a queue's tensor, not a
        view another tile shares, not a reduction's scratch)."""
        return (
            b.value in self.calc
            and b.value not in self.aliased
            and all(b.value not in (x.value, y.value) for x, y in self.scratch.values())
        )

    def _dead_after(self, init: SSAValue, loop: Operation) -> bool:
        """Whether a loop's initial tile can be carried in its own buffer: a TBuf of its
        own, used by nothing after the loop starts (its uses all before the loop in the
        loop's block, or the loop)."""
        b = self.buffers.get(init)
        block = loop.parent_block()
        if b is None or not self._owned(b) or block is None:
            return False
        at = block.get_operation_index(loop)
        for use in init.uses:
            anchor = _ancestor_in(use.operation, block)
            if anchor is None or block.get_operation_index(anchor) > at:
                return False
        return True

    def _reuse_carried(
        self, value: SSAValue, src: Buffer, dst: Buffer, yield_op: Operation
    ) -> bool:
        """Whether the yielded tile `value` (its buffer `src`) can be computed in the
        carried buffer `dst` itself: `src` a TBuf of its own, made in the yield's block,
        and every read of the carried value there (the loop's block argument, in `dst`)
        before the first op that touches `src`, or in that op when it is an element-wise
        op writing `src` whole (Ascend C's vector ops may write their source in place).
        Then `src` is renamed `dst` and its TBuf dropped: no copy per iteration."""
        block = yield_op.parent_block()
        owner = value.owner
        if (
            not self._owned(src)
            or not isinstance(owner, Operation)
            or owner.parent_block() is not block
            or src.value.type != dst.value.type
        ):
            return False
        index = block.get_operation_index

        def positions(v: SSAValue) -> list[tuple[int, Operation, SSAValue]]:
            """Each use's position in the block (-1: outside it)."""
            out = []
            for use in _tensor_uses(v):
                anchor = _ancestor_in(use.operation, block)
                at = -1 if anchor is None else index(anchor)
                out.append((at, use.operation, use.operation.operands[use.index]))
            return out

        mine = positions(src.value)
        if not mine or any(pos < 0 for pos, _, _ in mine):
            return False
        first = min(pos for pos, _, _ in mine)
        # (uses of dst outside the block: the initial copy, the readers after the loop)
        for pos, user, used in positions(dst.value):
            if pos > first:
                return False
            if pos == first and (
                user.name.removeprefix("ascendc.") not in IN_PLACE
                or user.parent_block() is not block
                or user.operands[0] is not src.value
                or used is not dst.value
            ):
                return False
        # rename: src's ops write dst; its TBuf set-up goes
        tbuf, init, get, _ = self.calc.pop(src.value)
        src.value.replace_all_uses_with(dst.value)
        for dead in (get, init, tbuf):
            if dead is self.last_constant:
                self.last_constant = dead.prev_op
            dead.detach()
            dead.erase()
        return True

    def copy_into(self, dst: Buffer, src: Buffer) -> None:
        """UB -> UB, the whole buffer (both have the tile type's layout)."""
        self.make("data_copy_l2", dst.value, src.value, self.const(min(dst.total, src.total)))

    def drop_carried(self) -> None:
        """The loops and branches without their tile results (their buffers hold them)."""
        for op in self.carriers:
            keep = [i for i, r in enumerate(op.results) if not isinstance(r.type, asctile.TileType)]
            if isinstance(op, scf.ForOp):
                body = op.body.block
                for arg in reversed(body.args[1:]):
                    if isinstance(arg.type, asctile.TileType):
                        body.erase_arg(arg)
                new = scf.ForOp(
                    op.lb, op.ub, op.step, list(op.iter_args), op.detach_region(op.body)
                )
            else:
                then, other = op.true_region, op.false_region
                new = scf.IfOp(
                    op.cond, [op.results[i].type for i in keep],
                    op.detach_region(then), op.detach_region(other),
                )  # fmt: skip
            new.attributes.update(op.attributes)
            new.location = op.location
            op.parent_block().insert_op_before(new, op)
            for n, i in enumerate(keep):
                op.results[i].replace_all_uses_with(new.results[n])
            op.detach()
            op.erase()

    def run(self, root: Operation) -> None:
        tile_ops = [
            op for op in root.walk() if op.dialect_name() == "asctile" or _carries_tiles(op)
        ]
        self.uses_ub = any(
            isinstance(r.type, asctile.TileType) and r.type.loc == "ub"
            for op in tile_ops
            for r in op.results
        )
        self.mix = self.uses_ub and any(
            isinstance(op, asctile.MatmulOp | asctile.ZerosAccOp) for op in tile_ops
        )
        self.plan_workspace(tile_ops)
        if self.mix:
            self.split_subs = _split_rows(tile_ops)
            self.split = self.split_subs is not None
        for op in tile_ops:
            for v in op.operands:
                if (
                    isinstance(v.type, asctile.TileType)
                    and v not in self.buffers
                    and not isinstance(v.owner, Operation)
                ):
                    self.fail(op, "a tile carried through a loop or branch is not lowered yet")
            if isinstance(op, scf.ForOp | scf.IfOp):
                handler = Lowering.enter_carrier
            elif isinstance(op, scf.YieldOp):
                handler = Lowering.lower_yield
            else:
                handler = self.HANDLERS.get(type(op))
            if handler is None:
                self.fail(op, "not lowered yet (the cube path: L1/L0 copies, zeros_acc)")
            if self.deferred and not (
                isinstance(op, asctile.TensorOp)
                or (isinstance(op, asctile.LoadOp) and op.result.type.loc in ("l0a", "l0b"))
            ):
                self.at = op
                self.flush_deferred()
            self.at = op
            entry = _entry_block(op)
            if entry is not self.entry:
                self.entry, self.constants, self.last_constant = entry, {}, None
                self.pipe, self.scratch, self.values = None, {}, {}
                self.functions.add(entry)
            if op.parent_block() is not entry:
                self.nested = True
            try:
                handler(self, op)
            except NotImplementedError:
                self.fail(op, "tiles of rank 3 or more are not lowered yet")
        if self.deferred:  # (loaded and never used: at the end of their block)
            last = self.deferred[0][3].last_op
            self.at = last
            self.flush_deferred()
        for q, value, block in self.frees:  # each VECIN tensor freed at its block's end
            free = _new(_op_class("ascendc.que_bind.free_tensor"), (q, value))
            last = block.last_op
            free.location = last.location
            self.rewriter.insert_op(
                free,
                InsertPoint.before(last)
                if last.has_trait(_terminator())
                else InsertPoint.at_end(block),
            )
        carriers = [op for op in tile_ops if op.dialect_name() != "asctile"]
        tile_ops = [op for op in tile_ops if op.dialect_name() == "asctile"]
        for op in carriers:  # the yields and loops' initial values first: they read tiles
            if isinstance(op, scf.YieldOp | scf.ForOp):
                op.operands = [v for v in op.operands if not isinstance(v.type, asctile.TileType)]
        for op in reversed(tile_ops):
            for r in op.results:
                if r.uses:
                    self.fail(
                        op,
                        "its result is used where a tile cannot be lowered (a loop or branch result)",
                    )
            op.detach()
            op.erase()
        self.drop_carried()
        for loop in root.walk():
            if isinstance(loop, scf.ForOp):
                for attr in ("asctile.unroll_factor", "asctile.parallel"):
                    loop.attributes.pop(attr, None)


_ELEMENTWISE = (asctile.BinaryOp, asctile.UnaryOp, asctile.CompareOp, asctile.SelectOp,
                asctile.CastOp)  # fmt: skip


def _pads_read(load: asctile.LoadOp, cols_partial: bool, rows_partial: bool) -> bool:
    """Whether something reads the padding of `load`'s tile (its elements past the
    tensor's end, in the columns or in the rows and planes): a reduction or softmax
    across them, a reshape or concat, a broadcast of the tile, or a store elsewhere
    than where it was loaded from (one to the same view and offsets writes only what was
    read). Element-wise ops, loops and branches pass the padding on in place."""
    if not (cols_partial or rows_partial):
        return False
    source = load.tensor.owner
    work, seen = [load.result], set()
    while work:
        v = work.pop()
        if v in seen:
            continue
        seen.add(v)
        for use in v.uses:
            o = use.operation
            if isinstance(o, _ELEMENTWISE):
                if isinstance(v.type, asctile.TileType) and v.type.dims != o.result.type.dims:
                    return True  # broadcast: padding rows or columns spread
                work.append(o.result)
            elif isinstance(o, asctile.StoreOp | asctile.AtomicOp):
                target = o.tensor.owner
                same = (
                    isinstance(target, asctile.TensorOp)
                    and isinstance(source, asctile.TensorOp)
                    and target.result.type.dims == source.result.type.dims
                    and list(target.sizes) == list(source.sizes)
                    and list(o.offsets) == list(load.offsets)
                )
                if not same:
                    return True
            elif isinstance(o, asctile.ReduceOp):
                # (a reduction over dimensions of size 1 mixes nothing; its scalar is
                # followed like a tile: it is garbage only where the tile is all padding)
                last = len(v.type.dims) - 1
                if (cols_partial and last in o.reduced) or (
                    rows_partial and any(d != last and v.type.dims[d] > 1 for d in o.reduced)
                ):
                    return True
                work.append(o.result)
            elif isinstance(o, asctile.SoftmaxOp | asctile.RmsNormOp):
                if cols_partial:
                    return True
                work.append(o.result)
            elif isinstance(o, asctile.FusedVfOp):
                # a function reading along rows reads the columns' padding as a row
                # reduction does; else each result element is its inputs' element (the
                # padding passes through in place, padding rows included)
                if o.across_rows is not None and cols_partial:
                    return True
                work.extend(o.outs)
            elif isinstance(o, scf.YieldOp):
                parent = o.parent_op()
                work.append(parent.results[use.index])
                if isinstance(parent, scf.ForOp):
                    work.append(parent.body.block.args[use.index + 1])
            elif isinstance(o, scf.ForOp):
                i = use.index - 3
                work += [o.results[i], o.body.block.args[i + 1]]
            else:
                return True
    return False


def _ravel(index: list[int], dims: Any) -> int:
    """The row-major position of `index` in `dims`."""
    at = 0
    for i, d in zip(index, dims, strict=True):
        at = at * d + i
    return at


def _combine(kind: str, elem: Any, a: SSAValue, b: SSAValue) -> Operation:
    """The scalar op combining two partial reductions."""
    integer = isinstance(elem, IntegerType)
    cls = {
        "sum": arith.AddiOp if integer else arith.AddfOp,
        "prod": arith.MuliOp if integer else arith.MulfOp,
        "max": arith.MaxSIOp if integer else arith.MaximumfOp,
        "min": arith.MinSIOp if integer else arith.MinimumfOp,
    }[kind]
    return cls(a, b)


def _carries_tiles(op: Operation) -> bool:
    """A loop or branch with tile results, or the yield of one."""
    if isinstance(op, scf.YieldOp):
        op = op.parent_op()
    return isinstance(op, scf.ForOp | scf.IfOp) and any(
        isinstance(r.type, asctile.TileType) for r in op.results
    )


IN_PLACE = frozenset(
    ("add_l2", "sub_l2", "mul_l2", "div_l2", "max_l2", "min_l2", "adds_l2", "muls_l2",
     "maxs_l2", "mins_l2", "abs_l2", "relu_l2", "exp_l2", "ln_l2", "sqrt_l2", "rsqrt_l2")
)  # fmt: skip
"""Element-wise vector ops over whole buffers, which may write a source in place (each
element read before it is written, at the same address)."""


def _ancestor_in(op: Operation, block: Any) -> Operation | None:
    """`op` or the op around it that is in `block` (None: `op` is not inside it)."""
    while op is not None and op.parent_block() is not block:
        op = op.parent_op()
    return op


def _tensor_uses(v: SSAValue) -> list[Any]:
    """The uses of a local tensor and of its views (`local_tensor.subindex`)."""
    out = []
    for use in list(v.uses):
        if use.operation.name == "ascendc.local_tensor.subindex":
            out.extend(_tensor_uses(use.operation.results[0]))
        else:
            out.append(use)
    return out


def _terminator() -> Any:
    from xdsl.traits import IsTerminator

    return IsTerminator


def _entry_block(op: Operation) -> Any:
    """The entry block of the function holding `op`."""
    from xdsl.dialects import func

    f = op.parent_op()
    while f is not None and not isinstance(f, func.FuncOp):
        f = f.parent_op()
    return f.body.blocks[0] if f is not None else op.parent_block()


def _type_name(t: Any) -> str:
    """An element type as a parameter name's suffix: f32, f16, bf16."""
    return {f32: "f32", f16: "f16", bf16: "bf16"}.get(t, "t")


def _type_attr(t: Any) -> TypeAttribute:
    return t


def _sqrt(x: SSAValue) -> Operation:
    from xdsl.dialects import math as xmath

    return xmath.SqrtOp(x)


CUBE_PIPES = ("MTE2", "MTE1", "M", "FIX")
VIEW_OPS = frozenset(
    ("ascendc.global_tensor.set_global_buffer", "ascendc.global_tensor.subindex",
     "ascendc.local_tensor.subindex")
)  # fmt: skip
"""Ops of the lowered cube path that take tensors without touching their memory."""


def _root(v: SSAValue) -> Any:
    """The buffer a local tensor view is of; for a global tensor ("GM", the kernel
    argument whose memory it is, or the address when it is not traced to one)."""
    from asc_xdsl.dialects.ascendc.types import GlobalTensorType

    while True:
        owner = v.owner
        if isinstance(owner, Operation) and owner.name in (
            "ascendc.local_tensor.subindex",
            "ascendc.global_tensor.subindex",
        ):
            v = owner.operands[0]
            continue
        if not isinstance(v.type, GlobalTensorType):
            return v
        for use in v.uses:
            if use.operation.name == "ascendc.global_tensor.set_global_buffer":
                address = use.operation.operands[1]
                while isinstance(address.owner, Operation) and address.owner.operands:
                    address = address.owner.operands[0]  # (an address offset from another)
                return ("GM", address)
        return ("GM", v)


def place_cube_flags(f: Any, pipe: SSAValue) -> bool:
    """SetFlag/WaitFlag pairs for a cube kernel whose memory ops are all in its entry
    block, in order (no loop or branch): before each op, a pair from each other pipe
    whose earlier access to the same buffer (or to GM) it must follow and does not
    know complete yet (vector clocks: a wait teaches the waiting pipe what the setting
    pipe knew). False, with nothing changed, for any other kernel (ascendc-insert-sync
    orders it). Writes to disjoint parts of one buffer by one pipe (LoadData of a
    tile's fractal rows) and Mmad's accumulation (M is in order) need nothing; two GM
    writes on one pipe get a PipeBarrier."""
    from xdsl.traits import MemoryEffectKind, get_effects

    from asc_xdsl.dialects.ascendc.framework import PipeFetchEventIDOp
    from asc_xdsl.dialects.ascendc.sync import PipeBarrierOp, SetFlagOp, WaitFlagOp
    from asc_xdsl.enums import Pipe
    from asc_xdsl.transforms.hardware import op_pipe
    from asc_xdsl.transforms.memory import carries_memory
    from asc_xdsl.transforms.sync_analysis import event_between

    block = f.body.blocks[0]
    plan: list[tuple[Operation, Any]] = []
    count = dict.fromkeys(CUBE_PIPES, 0)
    known = {p: dict.fromkeys(CUBE_PIPES, 0) for p in CUBE_PIPES}
    last_write: dict[Any, tuple[str, int]] = {}
    reads: dict[Any, list[tuple[str, int]]] = {}
    for op in f.walk():
        effects = get_effects(op)
        if (
            effects is None
            and op.name not in VIEW_OPS
            and any(carries_memory(v.type) for v in op.operands)
        ):
            return False  # an op touching memory in ways it does not declare
        if not effects or op.name.startswith("arith.") or op is f:
            continue
        p = op_pipe(op)
        if op.parent_block() is not block or p not in CUBE_PIPES:
            return False
        need: dict[str, int] = {}
        barrier = False
        for e in effects:
            if e.kind not in (MemoryEffectKind.READ, MemoryEffectKind.WRITE) or e.value is None:
                continue
            r = _root(e.value)
            w = last_write.get(r)
            if w is not None and w[0] != p:
                need[w[0]] = max(need.get(w[0], 0), w[1])
            barrier |= w is not None and w[0] == p and isinstance(r, tuple) and p != "M"
            if e.kind is MemoryEffectKind.WRITE:
                for q, i in reads.get(r, ()):
                    if q != p:
                        need[q] = max(need.get(q, 0), i)
        # pipes with an event pair first: a wait on one may already cover a pipe
        # without a pair to this one (MTE2 before FIX, through M)
        for src, index in sorted(need.items(), key=lambda n: event_between(n[0], p) is None):
            if known[p][src] >= index:
                continue
            event = event_between(src, p)
            if event is None:
                return False
            plan.append((op, event))
            for q in CUBE_PIPES:
                known[p][q] = max(known[p][q], known[src][q])
            known[p][src] = count[src]
        if barrier:
            plan.append((op, Pipe[f"PIPE_{p}"]))
        count[p] += 1
        known[p][p] = count[p]
        for e in effects:
            if e.value is None:
                continue
            r = _root(e.value)
            if e.kind is MemoryEffectKind.WRITE:
                last_write[r] = (p, count[p])
                reads[r] = []
            elif e.kind is MemoryEffectKind.READ:
                reads.setdefault(r, []).append((p, count[p]))
    for op, action in plan:
        if isinstance(action, Pipe):
            new: list[Operation] = [PipeBarrierOp(action)]
        else:
            fetch = PipeFetchEventIDOp(pipe, result_types=[IntegerType(8)], event=action)
            fetch.results[0].name_hint = "event_id"
            eid = fetch.results[0]
            new = [fetch, SetFlagOp(action, eid), WaitFlagOp(action, eid)]
        for o in new:
            o.location = op.location
        block.insert_ops_before(new, op)
    return True


@dataclass
class Lowered:
    """What lowering a module found: the kernel type its tiles need ("cube" for a
    kernel with matmuls only, "mix" with UB tiles too; None: vector), and whether its synchronisation needs
    `ascendc-insert-sync`: `needs_sync` always (False when every buffer MTE2 or MTE3
    touches is a queue tensor of Ascend C's copy-in/compute/copy-out idiom, whose
    EnQue/DeQue order those pipes with V), `needs_sync_without_auto` when compiled with
    `auto_sync=False` (TBuf intermediates and scalar reads and writes of tensors, which
    the AIV's auto-sync orders otherwise)."""

    kernel_type: str | None
    needs_sync: bool
    needs_sync_without_auto: bool = True

    def insert_sync(self, auto_sync: Any) -> bool:
        """Whether `ascendc-insert-sync` must run for a compile with option `auto_sync`
        (None, the default, is on)."""
        return self.needs_sync or (auto_sync is False and self.needs_sync_without_auto)


def lower_module(module: ModuleOp) -> Lowered:
    """Lower every tile op of `module` (see `Lowered`)."""
    from xdsl.dialects import func

    from asc_xdsl.dialects.ascendc.base import KERNEL_TYPE_ATTR

    lowering = Lowering()
    block_idx = [op for op in module.walk() if op.name == "ascendc.get_block_idx"]
    lowering.run(module)
    if lowering.mix:
        lowering.kernel_type = "mix"
        _pair_block_idx(block_idx)
        for entry in lowering.functions:
            _aiv_scalars(entry)
    if lowering.kernel_type is not None:
        from xdsl.dialects.builtin import StringAttr

        for f in module.walk():
            if isinstance(f, func.FuncOp) and f.body.blocks:
                f.attributes[KERNEL_TYPE_ATTR] = StringAttr(lowering.kernel_type)
    needs_sync = lowering.needs_sync or lowering.kernel_type is not None
    if (
        lowering.kernel_type == "cube"
        and not lowering.nested
        and len(lowering.functions) == 1
        and lowering.pipe is not None
    ):
        f = next(op for op in module.walk() if isinstance(op, func.FuncOp) and op.body.blocks)
        if f.body.blocks[0] is next(iter(lowering.functions)):
            # straight-line: the flags are placed here, as a hand-written matmul has them
            needs_sync = not place_cube_flags(f, lowering.pipe)
    by_auto = needs_sync or lowering.auto_synced or bool(lowering.calc)
    return Lowered(lowering.kernel_type, needs_sync, by_auto)


ROW_WISE = (asctile.BinaryOp, asctile.UnaryOp, asctile.CompareOp, asctile.SelectOp,
            asctile.CastOp, asctile.SoftmaxOp, asctile.RmsNormOp, asctile.BroadcastOp,
            asctile.FullOp, asctile.LoadOp, asctile.CopyOp)  # fmt: skip
"""Tile ops a mix kernel's AIVs may each run on half the rows (each row of the result
from the same row of the operands, or from a row every AIV has)."""


def _split_rows(tile_ops: list[Operation]) -> dict[Any, SSAValue] | None:
    """Give each AIV of a mix kernel half the rows of its vector work, when it splits:
    every UB tile is a *row tile* (2-D with the matmul results' R rows, R even) or made
    without one (a bias row, a scalar), and every op reading a row tile makes row tiles
    row by row (element-wise ops broadcasting a row or a column, softmax and rms_norm
    of the last dimension, reductions of it with keep_dims) or stores them. Then every
    row tile becomes [R / 2, C], its loads, stores and reads of the workspace start
    GetSubBlockIdx() * R / 2 rows in, and each AIV moves and computes half (else both
    compute everything and each stores half the rows). The GetSubBlockIdx() made in
    each function (entry block -> its i64 value); None, with nothing changed, when the
    kernel does not split."""
    products = {
        op.source.type.dims[0]
        for op in tile_ops
        if isinstance(op, asctile.CopyOp) and op.source.type.loc == "l0c"
        and op.result.type.loc == "ub"
    }  # fmt: skip
    if len(products) != 1:
        return None
    rows = products.pop()
    if rows % 2 or rows < 2:
        return None

    def row_tile(v: SSAValue) -> bool:
        t = v.type
        return isinstance(t, asctile.TileType) and t.loc == "ub" and len(t.dims) == 2 and (
            t.dims[0] == rows
        )  # fmt: skip

    values: list[SSAValue] = []
    for op in tile_ops:
        reads = any(row_tile(v) for v in op.operands)
        results = [r for r in op.results if isinstance(r.type, asctile.TileType)]
        if isinstance(op, asctile.CopyOp) and op.source.type.loc != "l0c":
            if row_tile(op.result) or row_tile(op.source):
                return None
            continue
        if isinstance(op, asctile.StoreOp | asctile.AtomicOp):
            if row_tile(op.tile) and len(op.offsets) != 2:
                return None
            continue
        if isinstance(op, scf.ForOp | scf.IfOp | scf.YieldOp):
            values += [r for r in op.results if row_tile(r)]
            if isinstance(op, scf.ForOp):
                values += [a for a in op.body.block.args if row_tile(a)]
            continue
        if not reads:
            if any(row_tile(r) for r in results) and not isinstance(op, ROW_WISE):
                return None
            if isinstance(op, asctile.LoadOp) and row_tile(op.result) and len(op.offsets) != 2:
                return None  # (its rows are not the tensor's first dimension)
            values += [r for r in results if row_tile(r)]
            continue
        if isinstance(op, asctile.ReduceOp):
            if [d.data for d in op.dims.data] != [1] or not op.keep_dims.value.data:
                return None
        elif not isinstance(op, ROW_WISE):
            return None
        if any(not row_tile(r) for r in op.results):
            return None  # (a row tile's value ends up in a scalar or another shape)
        values += list(op.results)
    from asc_xdsl.dialects.ascendc.sysvar import GetSubBlockIdxOp

    entries: dict[Any, SSAValue] = {}

    def row_offset(op: Operation, offset: SSAValue) -> SSAValue:
        """offset + GetSubBlockIdx() * R / 2, in offset's type, before `op`."""
        entry = _entry_block(op)
        sub = entries.get(entry)
        if sub is None:
            first = GetSubBlockIdxOp(result_types=[IntegerType(64)])
            entry.insert_op_before(first, entry.first_op)
            sub = entries[entry] = first.results[0]
        t = offset.type
        cast = arith.IndexCastOp(sub, t) if isinstance(t, IndexType) else arith.TruncIOp(sub, t)
        half = arith.ConstantOp(IntegerAttr(rows // 2, t), t)
        mul = arith.MuliOp(cast.results[0], half.results[0])
        add = arith.AddiOp(offset, mul.results[0])
        new = [cast, half, mul, add]
        for o in new:
            o.location = op.location
        op.parent_block().insert_ops_before(new, op)
        return add.results[0]

    for op in tile_ops:
        if (isinstance(op, asctile.LoadOp) and row_tile(op.result)) or (
            isinstance(op, asctile.StoreOp | asctile.AtomicOp) and row_tile(op.tile)
        ):
            operands = list(op.operands)
            operands[len(operands) - len(op.offsets)] = row_offset(op, op.offsets[0])
            op.operands = operands
    for v in values:
        t = v.type
        Rewriter.replace_value_with_new_type(
            v, asctile.TileType([rows // 2, t.dims[1]], t.element_type, t.loc)
        )
    return entries


UB_SCALAR = frozenset(("ascendc.local_tensor.get_value", "ascendc.local_tensor.set_value"))


def _aiv_scalars(entry: Any) -> None:
    """A mix kernel's scalar reads and writes of UB (reductions, reshapes) under
    `if ASCEND_IS_AIV` (scalar code runs on both sides and the AIC has no UB); a read
    gives 0 on the AIC, where nothing uses it (the vector ops that take it do nothing
    there)."""
    from asc_xdsl.dialects.ascendc.sysvar import AscendIsAIVOp

    ops = [op for op in entry.walk() if op.name in UB_SCALAR] if entry.ops else []
    if not ops:
        return
    for op in ops:
        _check_aiv_only(op)
    is_aiv = AscendIsAIVOp()
    is_aiv.location = ops[0].location
    first = entry.first_op
    entry.insert_op_before(is_aiv, first)
    cond = is_aiv.results[0]
    for op in ops:
        types = [r.type for r in op.results]
        other = []
        if types:
            t = types[0]
            attr = FloatAttr(0.0, t) if not isinstance(t, IntegerType) else IntegerAttr(0, t)
            zero = arith.ConstantOp(attr, t)
            other = [zero, scf.YieldOp(zero.results[0])]
        branch = scf.IfOp(cond, types, [scf.YieldOp()], other or None)
        branch.location = op.location
        for o in other:
            o.location = op.location
        op.parent_block().insert_op_before(branch, op)
        for old, new in zip(op.results, branch.results, strict=True):
            old.replace_all_uses_with(new)
        op.detach()
        then = branch.true_region.block
        then.insert_op_before(op, then.last_op)
        if types:
            then.last_op.operands = list(op.results)


def _check_aiv_only(read: Operation) -> None:
    """A value read from UB in a mix kernel stays on the AIVs' side: one that decides a
    loop or a branch (or a loop carries) would send the AIC, which reads 0, another way
    than the AIVs, and their cross-core flags would no longer pair up."""
    from asc_xdsl.transforms.tile_pipeline import TileLoweringError

    todo, seen = list(read.results), set()
    while todo:
        v = todo.pop()
        for use in v.uses:
            user = use.operation
            if isinstance(user, scf.ForOp | scf.IfOp | scf.WhileOp | scf.YieldOp | scf.ConditionOp):
                raise TileLoweringError(
                    read,
                    "a value of a vector tile that decides a loop or a branch in a kernel "
                    "with matmuls and vector tiles (a mix kernel) is not lowered yet",
                )
            if user.name.startswith(("arith.", "math.", "builtin.unrealized")) and user not in seen:
                seen.add(user)
                todo.extend(user.results)


def _pair_block_idx(ops: list[Operation]) -> None:
    """`asc2.block_idx()` of a mix kernel: the index of the block (an AIC and its two
    AIVs), `GetBlockIdx() / GetSubBlockNum()` on either side (an AIV's GetBlockIdx is
    2 * block + GetSubBlockIdx(); the AIC's SubBlockNum is 1)."""
    for op in ops:
        num = _new(_op_class("ascendc.get_sub_block_num"), (), (ui64,))
        cast = _new(UnrealizedConversionCastOp, (num.results[0],), (op.results[0].type,))
        div = _binop(arith.DivSIOp, op.results[0], cast.results[0])
        for new in (num, cast, div):
            new.location = op.location
        op.parent_block().insert_ops_after([num, cast, div], op)
        op.results[0].replace_uses_with_if(
            div.results[0], lambda use, d=div: use.operation is not d
        )


class TileToAscendcPass(PlainPass):
    name = PASS

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from asc_xdsl.transforms.diagnostics import fail
        from asc_xdsl.transforms.tile_pipeline import TileLoweringError

        try:
            lower_module(op)
        except TileLoweringError as e:
            raise fail(PASS, e.op, e.message) from None
