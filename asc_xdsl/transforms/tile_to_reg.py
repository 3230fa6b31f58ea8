"""`tile-to-reg`: on Ascend 950 (arch 3510), chains of element-wise tile ops and row
reductions become one vector function each, built from Reg ops.

Runs on asctile IR before `tile-to-ascendc` (docs/tile.md, "Vector functions"). First
`softmax` and `rms_norm` (gamma: none or of the tile's shape) are taken apart into the
ops below. Then in each block it groups the UB tile ops it can fuse (float32 / float16):

- `binary` add sub mul div maximum minimum (tile-tile, tile-scalar, either side),
- `unary` abs relu exp log log2 exp2 sqrt rsqrt negative,
- `compare` (tile-tile, tile-scalar) and `select` of a mask computed in the group,
- `full` (a register of the value),
- `reduce` sum / max / min over the last dimension (keep_dims: a [R, 1] tile; a single
  row reduced over everything: a scalar),

into a group when one uses another's result and they share one shape [..., R, C] (a
[R, 1] operand or a scalar is broadcast along the row). A group of two or more ops
becomes a function marked `ascendc.vf` (`__simd_vf__`) and one `asctile.fused_vf` op that
calls it; `tile-to-ascendc` gives that op's tile operands and results their buffers as for
any tile op and calls the function through `ascendc.reg.vf_call` with `__ubuf__`
pointers to them (`Lowering.lower_fused_vf`). Only the group's
inputs and the results used outside it have buffers: everything in between lives in
vector registers.

The vector function, with L = 256 / sizeof(T) elements per register:

- no reduction and no [R, 1] operand: one loop over the buffer (one row: its C
  elements; more: R x Cp, Cp being C padded to 32 bytes as tile-to-ascendc lays rows out),
  L at a time, the last chunk under `UpdateMask` (the tail);
- otherwise a loop over the rows, and per row one pass over its C elements per level
  of reduction: a reduction accumulates its chunks into a register with the MERGING
  Add/Max/Min (a tail chunk leaves the other lanes as they were), then `Reduce` and
  `Duplicate` broadcast the row's value for the passes after it. A full-row value a
  later pass needs is computed again from the inputs in that pass (softmax: exp twice),
  so nothing goes back to UB. Needs one row (R = 1) or rows of whole registers (Cp * size
  a multiple of 256 bytes), so no 256-byte load runs past the buffer; other shapes stay
  on tile-to-ascendc's path.

What is not fused stays on tile-to-ascendc's path (correct, just not fused): other
dtypes, casts, the library's math (tanh, erf, ...: no Reg op), reductions over
other dimensions, broadcasts other than [R, 1] and scalars, a group's scalar or mask
result read outside it, a select whose mask is computed elsewhere; modules for other
SoCs, and `@asc2.jit(vf_fusion=False)` (the module attribute `asctile.vf_fusion`).

Before:
    %m = asctile.reduce "max" %x {dims = [#builtin.int<1>], keep_dims = true} : !asctile.tile<1x1024xf32, ub> -> !asctile.tile<1x1xf32, ub>
    %d = asctile.binary "sub" %x, %m : ... -> !asctile.tile<1x1024xf32, ub>
    %e = asctile.unary "exp" %d : ...
After:
    %e = asctile.fused_vf @sm_vf0(%x : !asctile.tile<1x1024xf32, ub>) across_rows : !asctile.tile<1x1024xf32, ub>
    func.func @sm_vf0(%in0: memref<?xf32, 26 : i64>, %out0: memref<?xf32, 26 : i64>) attributes {ascendc.vf} {...}
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from xdsl.context import Context
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    FloatAttr,
    ModuleOp,
    SymbolRefAttr,
    UnitAttr,
    i1,
)
from xdsl.ir import Block, Operation, SSAValue

from asc_xdsl.dialects import asctile
from asc_xdsl.dialects.asctile import FusedVfOp
from asc_xdsl.transforms.plain_pass import PlainPass

PASS = "tile-to-reg"
OFF_ATTR = "asctile.vf_fusion"
"""A module attribute: `false` leaves the module unfused (`@asc2.jit(vf_fusion=False)`)."""
VEC_LEN = 256
"""Bytes of a vector register (`GetVecLen()` on 3510)."""

BINARY = {"add": "add", "sub": "sub", "mul": "mul", "div": "div",
          "maximum": "max", "minimum": "min"}  # fmt: skip
SCALAR_FORM = {"add": "adds", "mul": "muls", "maximum": "maxs", "minimum": "mins"}
"""Binary kinds whose Reg op takes a scalar (commutative, so either side)."""
UNARY = {"abs": "abs", "relu": "relu", "exp": "exp", "log": "ln", "log2": "log2",
         "sqrt": "sqrt", "negative": "neg"}  # fmt: skip
UNARY_COMPOSED = ("rsqrt", "exp2")  # 1 / sqrt(x); exp(x * ln 2)
REDUCE = {"sum": (0, "add_merging"), "max": (1, "max_merging"), "min": (2, "min_merging")}
"""reduce kind -> (ReduceType, the MERGING op accumulating a row's chunks)."""
CMP_MODE = {"lt": 0, "gt": 1, "eq": 2, "le": 3, "ge": 4, "ne": 5}  # (CMPMODE)
SWAPPED = {"lt": "gt", "gt": "lt", "le": "ge", "ge": "le", "eq": "eq", "ne": "ne"}
FLOATS = {"f32": 4, "f16": 2}
LOWEST = {"f32": 3.4028234663852886e38, "f16": 65504.0}
LOAD_BRC = {"f32": 3, "f16": 2}  # LoadDist.DIST_BRC_B32 / _B16
STORE_FIRST = {"f32": 5, "f16": 4}  # StoreDist.DIST_FIRST_ELEMENT_B32 / _B16


def _elem_name(t: Any) -> str | None:
    if isinstance(t, Float32Type):
        return "f32"
    if isinstance(t, Float16Type):
        return "f16"
    return None


def _rows_cols(dims: tuple[int, ...]) -> tuple[int, int]:
    return (math.prod(dims[:-1]) if len(dims) > 1 else 1), dims[-1]


def _pitch(cols: int, size: int) -> int:
    per = max(1, 32 // size)
    return -(-cols // per) * per


@dataclass
class Group:
    dims: tuple[int, ...]
    elem: str
    ops: list[Operation] = field(default_factory=list)
    closed: bool = False

    @property
    def rows(self) -> int:
        return _rows_cols(self.dims)[0]

    @property
    def cols(self) -> int:
        return self.dims[-1]

    @property
    def size(self) -> int:
        return FLOATS[self.elem]

    @property
    def row_shaped_ok(self) -> bool:
        """Row passes never load past the buffer: one row, or rows of whole registers."""
        return self.rows == 1 or _pitch(self.cols, self.size) * self.size % VEC_LEN == 0


def _is_row(t: Any, dims: tuple[int, ...]) -> bool:
    """`t` broadcasts along the rows of a `dims` tile: [..., R, 1], or one element of a
    single-row tile, or a scalar of a single-row tile's reduction."""
    rows, _ = _rows_cols(dims)
    if not isinstance(t, asctile.TileType):
        return False
    td = tuple(t.dims)
    if td == (*dims[:-1], 1):
        return True
    return rows == 1 and math.prod(td) == 1 and len(td) <= len(dims)


def _shape_of(op: Operation) -> tuple[tuple[int, ...], str] | None:
    """(the group shape, dtype) `op` can be fused in, or None."""
    if isinstance(op, asctile.ReduceOp):
        s = op.source.type
        elem = _elem_name(s.element_type)
        dims = tuple(s.dims)
        last = len(dims) - 1
        if elem is None or s.loc != "ub" or op.kind.data not in REDUCE:
            return None
        if last not in op.reduced or any(d != last and dims[d] != 1 for d in op.reduced):
            return None
        r = op.result.type
        if isinstance(r, asctile.TileType) and not _is_row(r, dims):
            return None
        if not isinstance(r, asctile.TileType) and _rows_cols(dims)[0] != 1:
            return None
        return dims, elem
    if isinstance(op, asctile.FullOp):
        t = op.result.type
        elem = _elem_name(t.element_type)
        if elem is None or t.loc != "ub":
            return None
        return tuple(t.dims), elem
    if isinstance(op, asctile.CompareOp):
        if op.kind.data not in CMP_MODE:
            return None
        t = op.result.type
        data = [v.type for v in op.operands]
        tiles = [d for d in data if isinstance(d, asctile.TileType)]
        elem_t = tiles[0].element_type
        elem = _elem_name(elem_t)
        if elem is None or t.loc != "ub" or any(d.loc != "ub" for d in tiles):
            return None
        if any(not isinstance(d, asctile.TileType) and d != elem_t for d in data):
            return None
        return tuple(t.dims), elem
    if isinstance(op, asctile.SelectOp) and not isinstance(op.mask.owner, asctile.CompareOp):
        return None  # (a mask from outside is a bit mask in UB: not read into a MaskReg)
    if isinstance(op, asctile.BinaryOp | asctile.UnaryOp | asctile.SelectOp):
        t = op.result.type
        if not isinstance(t, asctile.TileType) or t.loc != "ub":
            return None
        elem = _elem_name(t.element_type)
        if elem is None:
            return None
        kind = op.kind.data if not isinstance(op, asctile.SelectOp) else "select"
        if isinstance(op, asctile.UnaryOp) and kind not in UNARY and kind not in UNARY_COMPOSED:
            return None
        if isinstance(op, asctile.BinaryOp | asctile.SelectOp):
            if isinstance(op, asctile.BinaryOp) and kind not in BINARY:
                return None
            values = (op.lhs, op.rhs) if isinstance(op, asctile.BinaryOp) else op.operands[1:]
            for v in values:
                vt = v.type
                if isinstance(vt, asctile.TileType):
                    if vt.loc != "ub" or vt.element_type != t.element_type:
                        return None
                elif vt != t.element_type:
                    return None
        return tuple(t.dims), elem
    return None


def _fits(op: Operation, g: Group) -> bool:
    """Whether `op`'s operands and result are the group's full shape, its row shape or
    scalars (row-shaped ones only where the group may loop over rows)."""
    tiles = [v.type for v in op.operands] + [r.type for r in op.results]
    row = False
    for t in tiles:
        if not isinstance(t, asctile.TileType):
            continue
        if tuple(t.dims) == g.dims:
            continue
        if _is_row(t, g.dims):
            row = True
            continue
        return False
    if isinstance(op, asctile.ReduceOp):
        row = True
        if tuple(op.source.type.dims) != g.dims:
            return False
    return not row or g.row_shaped_ok


def _uses_of_values(op: Operation) -> list[SSAValue]:
    return [v for o in op.walk() for v in o.operands]


def plan_block(block: Block) -> list[Group]:
    """The groups of `block`'s fusable ops, in order (groups of one op left out)."""
    group_of: dict[Operation, Group] = {}
    groups: list[Group] = []
    for op in block.ops:
        shape = _shape_of(op)
        producers = []
        for v in op.operands:
            g = group_of.get(v.owner) if isinstance(v.owner, Operation) else None
            if g is not None and g not in producers:
                producers.append(g)
        if shape is None:
            for v in _uses_of_values(op):
                g = group_of.get(v.owner) if isinstance(v.owner, Operation) else None
                if g is not None:
                    g.closed = True
            continue
        dims, elem = shape
        joined: Group | None = None
        for g in producers:
            same = g.dims == dims or _is_row(op.results[0].type, g.dims)  # (row values too)
            if g.closed or g.elem != elem or not same or not _fits(op, g):
                g.closed = True  # (its value is read by an op outside it)
                continue
            if joined is None:
                joined = g
            else:  # two chains meeting: one group
                joined.ops = sorted(joined.ops + g.ops, key=lambda o: block.get_operation_index(o))
                for o in g.ops:
                    group_of[o] = joined
                groups.remove(g)
        if isinstance(op, asctile.SelectOp) and (
            joined is None or group_of.get(op.mask.owner) is not joined
        ):
            if joined is not None:
                joined.closed = True  # (its values are read by an op left outside)
            continue  # its mask must be computed in the same vector function
        if joined is None:
            joined = Group(dims, elem)
            if not _fits(op, joined):
                continue
            groups.append(joined)
        joined.ops.append(op)
        group_of[op] = joined
    return [g for g in groups if len(g.ops) > 1]


# ---------------------------------------------------------------------------
# The vector function, as text
# ---------------------------------------------------------------------------


class _Writer:
    """Builds the vector function's body in MLIR's syntax (parsed once per group)."""

    def __init__(self, elem: str) -> None:
        self.elem = elem
        self.lines: list[str] = []
        self.n = 0
        self.indent = 2
        self.r = f"!ascendc.reg_tensor<{elem}>"
        self.prologue: list[str] = []
        self.consts: dict[tuple[Any, str], str] = {}
        self.ptr = f"memref<?x{elem}, 26 : i64>"

    def fresh(self, hint: str) -> str:
        self.n += 1
        return f"%{hint}{self.n}"

    def line(self, text: str) -> None:
        self.lines.append("  " * self.indent + text)

    def const(self, value: int) -> str:
        """An i32 constant, made once at the function's start."""
        return self._hoisted(value, "i32", f"c{value}")

    def fconst(self, value: float) -> str:
        """A float constant of the element type, made once at the function's start."""
        return self._hoisted(float(value), self.elem, "f")

    def _hoisted(self, value: Any, t: str, hint: str) -> str:
        key = (value, t)
        name = self.consts.get(key)
        if name is None:
            name = self.fresh("f") if hint == "f" else f"%{hint}"
            text = repr(value) if isinstance(value, float) else str(value)
            self.prologue.append(f"    {name} = arith.constant {text} : {t}")
            self.consts[key] = name
        return name

    def int_op(self, kind: str, a: str, b: str) -> str:
        name = self.fresh("i")
        self.line(f"{name} = arith.{kind} {a}, {b} : i32")
        return name

    def reg(self, op: str, operands: list[str], types: list[str], attrs: str = "",
            result: str | None = None) -> str:  # fmt: skip
        name = self.fresh("v")
        attr = f" {{{attrs}}}" if attrs else ""
        self.line(
            f"{name} = ascendc.reg.{op} {', '.join(operands)}{attr} : "
            f"{', '.join(types)} -> {result or self.r}"
        )
        return name


@dataclass
class _Ctx:
    """Where values are being computed: a chunk (offset and mask) or a row body."""

    offset: str | None
    mask: str
    memo: dict[SSAValue, str] = field(default_factory=dict)


class _VfBuilder:
    def __init__(self, g: Group, inputs: list[SSAValue], outputs: list[SSAValue],
                 scalars: list[SSAValue]) -> None:  # fmt: skip
        self.g = g
        self.members = set(g.ops)
        self.inputs, self.outputs, self.scalars = inputs, outputs, scalars
        self.w = _Writer(g.elem)
        self.params: dict[SSAValue, str] = {}
        self.out_params: dict[SSAValue, str] = {}
        self.dups: dict[str, str] = {}
        self.reduced: dict[Operation, str] = {}  # a reduction -> its row register
        self.row = "%r"
        self.phase: dict[SSAValue, int] = {}
        for op in g.ops:
            ins = [self.phase.get(v, 0) for v in op.operands]
            p = max(ins, default=0)
            self.phase[op.results[0]] = p + 1 if isinstance(op, asctile.ReduceOp) else p

    # -- values --------------------------------------------------------------------------

    def kind(self, v: SSAValue) -> str:
        t = v.type
        if isinstance(t, asctile.TileType) and tuple(t.dims) == self.g.dims:
            return "full"
        if isinstance(t, asctile.TileType) or v.owner in self.members:
            return "row"
        return "scalar"

    def scalar(self, v: SSAValue) -> str:
        """A scalar operand: a constant made again inside, else the parameter."""
        owner = v.owner
        if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, FloatAttr):
            return self.w.fconst(owner.value.value.data)
        return self.params[v]

    def value(self, v: SSAValue, ctx: _Ctx) -> str:
        """`v` in a register (full: this chunk of it; row: broadcast to every lane)."""
        found = ctx.memo.get(v)
        if found is not None:
            return found
        w = self.w
        op = v.owner
        if op in self.reduced:
            out = self.reduced[op]
        elif op not in self.members:  # an input tile
            ptr = self.params[v]
            if self.kind(v) == "full":
                out = w.fresh("x")
                w.line(
                    f"{out} = ascendc.reg.load_align {ptr}, {ctx.offset} : {w.ptr}, i32 -> {w.r}"
                )
            else:
                t = v.type
                at = w.const(0)
                if tuple(t.dims) == (*self.g.dims[:-1], 1) and self.g.rows > 1:
                    at = w.int_op("muli", self.row, w.const(_pitch(1, self.g.size)))
                out = w.fresh("x")
                w.line(
                    f"{out} = ascendc.reg.load_align {ptr}, {at} "
                    f"{{dist = {LOAD_BRC[self.g.elem]} : i32}} : {w.ptr}, i32 -> {w.r}"
                )
        else:
            out = self.compute(op, ctx)
        ctx.memo[v] = out
        return out

    def dup(self, s: str) -> str:
        """The scalar `s` (a parameter or a constant) in every lane of a register, made
        once at the function's start (it does not change in the loops)."""
        w = self.w
        found = self.dups.get(s)
        if found is None:
            found = self.dups[s] = w.fresh("b")
            w.prologue.append(
                f"    {found} = ascendc.reg.duplicate {s}, %mall : {self.g.elem}, "
                f"!ascendc.mask_reg -> {w.r}"
            )
        return found

    def external_scalar(self, v: SSAValue) -> bool:
        return self.kind(v) == "scalar" and v.owner not in self.members

    def operand(self, v: SSAValue, ctx: _Ctx) -> str:
        """`v` in a register: a scalar from outside broadcast, anything else its value."""
        return self.dup(self.scalar(v)) if self.external_scalar(v) else self.value(v, ctx)

    def compute(self, op: Operation, ctx: _Ctx) -> str:
        w, r, m = self.w, self.w.r, "!ascendc.mask_reg"
        mask = ctx.mask if self.kind(op.results[0]) == "full" else "%mall"
        if isinstance(op, asctile.UnaryOp):
            x = self.value(op.source, ctx)
            kind = op.kind.data
            if kind in UNARY:
                return w.reg(UNARY[kind], [x, mask], [r, m])
            if kind == "rsqrt":
                root = w.reg("sqrt", [x, mask], [r, m])
                one = self.dup(w.fconst(1.0))
                return w.reg("div", [one, root, mask], [r, r, m])
            scaled = w.reg("muls", [x, w.fconst(math.log(2.0)), mask], [r, self.g.elem, m])
            return w.reg("exp", [scaled, mask], [r, m])
        if isinstance(op, asctile.FullOp):
            return self.operand(op.value, ctx)  # (a scalar from outside, or a reduction)
        if isinstance(op, asctile.SelectOp):
            sel = self.value(op.mask, ctx)
            a, b = (self.operand(v, ctx) for v in (op.true_value, op.false_value))
            return w.reg("select", [a, b, sel], [r, r, m])
        if isinstance(op, asctile.CompareOp):
            kind, lhs, rhs = op.kind.data, op.lhs, op.rhs
            if self.external_scalar(lhs):
                kind, lhs, rhs = SWAPPED[kind], rhs, lhs
            x = self.value(lhs, ctx)
            mode = f"cmpMode = {CMP_MODE[kind]} : i64"
            if self.external_scalar(rhs):
                s = self.scalar(rhs)
                return w.reg("compares", [x, s, mask], [r, self.g.elem, m], mode, m)
            return w.reg("compare", [x, self.value(rhs, ctx), mask], [r, r, m], mode, m)
        assert isinstance(op, asctile.BinaryOp)
        kind = op.kind.data
        lhs_s = self.kind(op.lhs) == "scalar" and op.lhs.owner not in self.members
        rhs_s = self.kind(op.rhs) == "scalar" and op.rhs.owner not in self.members
        if (lhs_s or rhs_s) and kind in SCALAR_FORM:
            x = self.value(op.rhs if lhs_s else op.lhs, ctx)
            s = self.scalar(op.lhs if lhs_s else op.rhs)
            return w.reg(SCALAR_FORM[kind], [x, s, mask], [r, self.g.elem, m])
        a = self.dup(self.scalar(op.lhs)) if lhs_s else self.value(op.lhs, ctx)
        b = self.dup(self.scalar(op.rhs)) if rhs_s else self.value(op.rhs, ctx)
        return w.reg(BINARY[kind], [a, b, mask], [r, r, m])

    # -- the function ----------------------------------------------------------------------

    def signature(self) -> str:
        ps = []
        for i, v in enumerate(self.inputs):
            self.params[v] = f"%in{i}"
            ps.append(f"%in{i}: {self.w.ptr}")
        for i, v in enumerate(self.outputs):
            self.out_params[v] = f"%out{i}"
            ps.append(f"%out{i}: {self.w.ptr}")
        for i, v in enumerate(self.scalars):
            self.params[v] = f"%s{i}"
            ps.append(f"%s{i}: {self.g.elem}")
        return ", ".join(ps)

    def store(self, v: SSAValue, reg: str, ctx: _Ctx) -> None:
        w = self.w
        w.line(
            f"ascendc.reg.store_align {self.out_params[v]}, {ctx.offset}, {reg}, {ctx.mask} : "
            f"{w.ptr}, i32, {w.r}, !ascendc.mask_reg"
        )

    def chunk_loop(self, count: int, base: str | None, carried: list[tuple[str, str]],
                   body: Any) -> list[str]:  # fmt: skip
        """A loop over `count` elements from `base`, L at a time, the last chunk masked;
        `carried` (name, initial) registers are the loop's iter_args; `body(ctx, names)`
        emits a chunk and returns the carried registers' next values."""
        w = self.w
        lanes = VEC_LEN // self.g.size
        chunks = -(-count // lanes)
        n, step, end = w.const(count), w.const(lanes), w.const(chunks)
        j = w.fresh("j")
        names = [w.fresh("acc") for _ in carried]
        results = [w.fresh("red") for _ in carried]
        head = f"scf.for {j} = {w.const(0)} to {end} step {w.const(1)}"
        if carried:
            args = ", ".join(f"{a} = {init}" for a, (_, init) in zip(names, carried, strict=True))
            types = ", ".join(w.r for _ in carried)
            head = f"{', '.join(results)} = " + head + f" iter_args({args}) -> ({types})"
        w.line(head + " : i32 {")
        w.indent += 1
        off = w.int_op("muli", j, step)
        left = w.int_op("subi", n, off)
        mask, rest = w.fresh("m"), w.fresh("rest")
        w.line(
            f"{mask}, {rest} = ascendc.reg.update_mask {left} {{dtype = {self.g.elem}}} : "
            "i32 -> !ascendc.mask_reg, i32"
        )
        at = w.int_op("addi", base, off) if base is not None else off
        nexts = body(_Ctx(at, mask), names)
        w.line(f"scf.yield {', '.join(nexts)} : {', '.join(w.r for _ in nexts)}" if nexts
               else "scf.yield")  # fmt: skip
        w.indent -= 1
        w.line("}")
        return results

    def build(self, name: str) -> str:
        w, g = self.w, self.g
        sig = self.signature()
        w.prologue.append(
            f"    %mall = ascendc.reg.create_mask {{dtype = {g.elem}, pattern = 0 : i32}} "
            ": () -> !ascendc.mask_reg"
        )
        full_out = [v for v in self.outputs if self.kind(v) == "full"]
        row_out = [v for v in self.outputs if self.kind(v) != "full"]
        reductions = [op for op in g.ops if isinstance(op, asctile.ReduceOp)]
        row_shaped = reductions or any(self.kind(v) == "row" for op in g.ops for v in op.operands)
        pitch = _pitch(g.cols, g.size)
        if not row_shaped:  # one pass over the whole buffer

            def flat(ctx: _Ctx, names: list[str]) -> list[str]:
                for v in full_out:
                    self.store(v, self.value(v, ctx), ctx)
                return []

            # (one row: its C elements; more: rows and their padding, as tile-to-ascendc's
            # element-wise ops cover them)
            self.chunk_loop(g.cols if g.rows == 1 else g.rows * pitch, None, [], flat)
        else:
            rows, zero, one = w.const(g.rows), w.const(0), w.const(1)
            w.line(f"scf.for %r = {zero} to {rows} step {one} : i32 {{")
            w.indent += 1
            base = w.int_op("muli", "%r", w.const(pitch))
            last = max([self.phase.get(v, 0) for v in full_out]
                       + [self.phase.get(op.source, 0) for op in reductions], default=0)  # fmt: skip
            for p in range(last + 1):
                mine = [op for op in reductions if self.phase.get(op.source, 0) == p]
                stores = [v for v in full_out if self.phase.get(v, 0) == p]
                if not mine and not stores:
                    continue
                inits = []
                for op in mine:
                    kind = op.kind.data
                    ident = {"sum": 0.0, "max": -LOWEST[g.elem], "min": LOWEST[g.elem]}[kind]
                    inits.append((kind, self.dup(w.fconst(ident))))

                def chunk(ctx: _Ctx, names: list[str], mine=mine, stores=stores) -> list[str]:
                    for v in stores:
                        self.store(v, self.value(v, ctx), ctx)
                    nexts = []
                    for op, acc in zip(mine, names, strict=True):
                        x = self.value(op.source, ctx)
                        merge = REDUCE[op.kind.data][1]
                        nexts.append(
                            w.reg(merge, [acc, acc, x, ctx.mask],
                                  [w.r, w.r, w.r, "!ascendc.mask_reg"])
                        )  # fmt: skip
                    return nexts

                accs = self.chunk_loop(g.cols, base, inits, chunk)
                for op, acc in zip(mine, accs, strict=True):
                    red = w.reg(
                        "reduce", [acc, "%mall"], [w.r, "!ascendc.mask_reg"],
                        f"reduceType = {REDUCE[op.kind.data][0]} : i32",
                    )  # fmt: skip
                    self.reduced[op] = w.reg("duplicate_reg", [red, "%mall"],
                                             [w.r, "!ascendc.mask_reg"])  # fmt: skip
            row_ctx = _Ctx(None, "%mall")
            for v in row_out:
                reg = self.value(v, row_ctx)
                t = v.type
                at = w.const(0)
                if tuple(t.dims) == (*g.dims[:-1], 1) and g.rows > 1:
                    at = w.int_op("muli", "%r", w.const(_pitch(1, g.size)))
                w.line(
                    f"ascendc.reg.store_align {self.out_params[v]}, {at}, {reg}, %mall "
                    f"{{dist = {STORE_FIRST[g.elem]} : i32}} : {w.ptr}, i32, {w.r}, "
                    "!ascendc.mask_reg"
                )
            w.line("scf.yield")
            w.indent -= 1
            w.line("}")
        body = "\n".join(w.prologue + w.lines)
        return (
            f"func.func @{name}({sig}) attributes {{ascendc.vf}} {{\n{body}\n    func.return\n  }}"
        )


# ---------------------------------------------------------------------------
# Rewriting
# ---------------------------------------------------------------------------


def _boundary(g: Group) -> tuple[list[SSAValue], list[SSAValue], list[SSAValue]] | None:
    """(input tiles, output values, scalar parameters) of a group; None when a result
    used outside is not a tile (a vector function returns nothing)."""
    members = set(g.ops)
    inputs: list[SSAValue] = []
    scalars: list[SSAValue] = []
    outputs: list[SSAValue] = []
    for op in g.ops:
        for v in op.operands:
            if v.owner in members or v in inputs or v in scalars:
                continue
            if isinstance(v.type, asctile.TileType):
                inputs.append(v)
            elif not (isinstance(v.owner, arith.ConstantOp)
                      and isinstance(v.owner.value, FloatAttr)):  # fmt: skip
                scalars.append(v)
        for r in op.results:
            outside = [u for u in r.uses if u.operation not in members]
            if outside:
                t = r.type
                if not isinstance(t, asctile.TileType) or t.element_type == i1:
                    return None  # (a scalar, or a mask: not a register's contents in UB)
                outputs.append(r)
    return inputs, outputs, scalars


def _expandable(op: Operation) -> bool:
    """A softmax / rms_norm the fusion can take apart: float32/16 rows it may loop over,
    gamma (if any) of the tile's own shape."""
    if not isinstance(op, asctile.SoftmaxOp | asctile.RmsNormOp):
        return False
    t = op.result.type
    elem = _elem_name(t.element_type)
    if elem is None or t.loc != "ub":
        return False
    gamma = op.gamma if isinstance(op, asctile.RmsNormOp) else None
    if gamma is not None and tuple(gamma.type.dims) != tuple(t.dims):
        return False
    return Group(tuple(t.dims), elem).row_shaped_ok


def _expand(op: Operation) -> list[Operation]:
    """`op` as the element-wise ops and row reductions it is, before it (so they fuse):
    softmax: e = exp(x - max(x)), e / sum(e); rms_norm: x * rsqrt(sum(x * x) * (1 / C)
    + epsilon) (* gamma), as tile-to-ascendc computes them."""
    t = op.result.type
    dims = tuple(t.dims)
    row_t = asctile.TileType([*dims[:-1], 1], t.element_type, t.loc)
    last = len(dims) - 1
    block = op.parent
    assert block is not None
    made: list[Operation] = []

    def add(new: Operation) -> SSAValue:
        new.location = op.location
        block.insert_op_before(new, op)
        made.append(new)
        return new.results[0]

    def const(value: float) -> SSAValue:
        return add(arith.ConstantOp(FloatAttr(value, t.element_type)))

    def reduce(kind: str, x: SSAValue) -> SSAValue:
        return add(asctile.ReduceOp(kind, x, [last], True, row_t))

    x = op.source
    if isinstance(op, asctile.SoftmaxOp):
        e = add(asctile.UnaryOp("exp", add(asctile.BinaryOp("sub", x, reduce("max", x), t))))
        out = add(asctile.BinaryOp("div", e, reduce("sum", e), t))
    else:
        total = reduce("sum", add(asctile.BinaryOp("mul", x, x, t)))
        mean = add(asctile.BinaryOp("mul", total, const(1.0 / dims[-1]), row_t))
        shifted = add(asctile.BinaryOp("add", mean, const(op.epsilon.value.data), row_t))
        out = add(asctile.BinaryOp("mul", x, add(asctile.UnaryOp("rsqrt", shifted)), t))
        if op.gamma is not None:
            out = add(asctile.BinaryOp("mul", out, op.gamma, t))
    op.result.replace_all_uses_with(out)
    op.detach()
    op.erase()
    return [m for m in made if isinstance(m, arith.ConstantOp)]


def _across_rows(g: Group) -> bool:
    return any(
        isinstance(op, asctile.ReduceOp)
        or any(
            isinstance(v.type, asctile.TileType) and tuple(v.type.dims) != g.dims
            for v in op.operands
        )
        for op in g.ops
    )


def _function_name(block: Block, module: ModuleOp, taken: set[str]) -> str:
    f = block.parent_op()
    while f is not None and not isinstance(f, func.FuncOp):
        f = f.parent_op()
    stem = f.sym_name.data if f is not None else "kernel"
    i = 0
    while f"{stem}_vf{i}" in taken:
        i += 1
    taken.add(f"{stem}_vf{i}")
    return f"{stem}_vf{i}"


def fuse_module(module: ModuleOp) -> int:
    """Fuse the groups of every block of `module` (an Ascend 950 module; others are
    left as they are). The number of vector functions made."""
    from xdsl.parser import Parser

    from asc_xdsl.dialects.ascendc.target import soc_family
    from asc_xdsl.dialects.ir_context import make_context
    from asc_xdsl.soc import ASCEND_950

    off = module.attributes.pop(OFF_ATTR, None)  # (`@asc2.jit(vf_fusion=False)`)
    if soc_family(module) != ASCEND_950 or (off is not None and not off.value.data):
        return 0
    constants = []
    for op in [op for op in module.walk() if _expandable(op)]:
        constants += _expand(op)
    blocks: list[Block] = []
    for op in module.walk():
        if op.dialect_name() == "asctile" and op.parent is not None and op.parent not in blocks:
            blocks.append(op.parent)
    taken = {op.sym_name.data for op in module.walk() if isinstance(op, func.FuncOp)}
    made = 0
    ctx = None
    for block in blocks:
        for g in plan_block(block):
            boundary = _boundary(g)
            if boundary is None or not boundary[1]:
                continue
            inputs, outputs, scalars = boundary
            name = _function_name(block, module, taken)
            text = _VfBuilder(g, inputs, outputs, scalars).build(name)
            if ctx is None:
                ctx = make_context()
            soc = module.attributes["ascendc.soc"]
            parsed = Parser(
                ctx, f"builtin.module attributes {{ascendc.soc = {soc}}} {{\n  {text}\n}}"
            ).parse_module()
            vf = parsed.body.block.first_op
            assert isinstance(vf, func.FuncOp)
            vf.detach()
            module.body.block.add_op(vf)
            last = g.ops[-1]
            fused = FusedVfOp.create(
                operands=[*inputs, *scalars],
                result_types=[v.type for v in outputs],
                properties={"callee": SymbolRefAttr(name)}
                | ({"across_rows": UnitAttr()} if _across_rows(g) else {}),
            )
            fused.location = last.location
            block.insert_op_after(fused, last)
            members = set(g.ops)
            for v, r in zip(outputs, fused.results, strict=True):
                for use in list(v.uses):
                    if use.operation not in members:
                        use.operation.operands[use.index] = r
            for op in reversed(g.ops):
                op.detach()
                op.erase()
            made += 1
    for c in constants:  # (read inside the vector functions only: made again there)
        if not c.results[0].uses:
            c.detach()
            c.erase()
    return made


class TileToRegPass(PlainPass):
    name = PASS

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        fuse_module(op)


__all__ = ["PASS", "FusedVfOp", "TileToRegPass", "fuse_module", "plan_block"]
