"""`asc.reg`: the Reg layer of Ascend 950 (`AscendC::Reg`) in the kernel language.

A vector function is a Python function decorated `@asc.vf`; a kernel calls it like any
helper, passing local tensors (each arrives as a `UbPointer`, a `__ubuf__ T*` to the
tensor's first element) and scalars. Its body computes on registers with these
functions; each returns the register it writes (the C++ API's reference parameter):

    @asc.vf
    def add_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, n: int):
        vl = asc.reg.lanes(x.dtype)                  # elements per register (64 for f32)
        for i in range(asc.ceildiv(n, vl)):
            mask, n = asc.reg.update_mask(n, x.dtype)
            a = asc.reg.load_align(x, i * vl)
            b = asc.reg.load_align(y, i * vl)
            asc.reg.store_align(y, asc.reg.add(a, b, mask), mask, i * vl)

The ops are the dialect's (`dialects/ascendc/reg.py`; `reg_relayout.py`, whose
functions here are `language/reg/relayout.py`'s: Interleave, Squeeze and the AR stream,
Histograms, the register Gather, the Div/Exp modes; the PostUpdate, unaligned-stream,
AddrReg and AuxScalar (`ptr[i]`) forms and MaskGenWithRegTensor in `address.py`; ExpSub
and the MERGING binaries in `fused.py`; the multiply-adds, carries, register shifts,
Unsqueeze, MoveMask, Load and Store in `arith.py`; printf and dumps in `debug.py`), printed as
`AscendC::Reg::...` inside a `__simd_vf__` function called through
`asc_vf_call<add_vf>(...)`; their
checks (dtypes on 3510, the vector-function context, the SoC) are the verifier's and
come back located at the kernel line. PyAsc2 has no Python spelling of its own for
vector functions (its VF blocks come from a fusion pass), so `@asc.vf` is this
project's.
"""

from __future__ import annotations

from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.reg_enums import (
    VEC_LEN,
    DivAlgo,
    ExpAlgo,
    GatherMaskMode,
    HighLowPart,
    HistogramsBinType,
    HistogramsType,
    IndexOrder,
    LnAlgo,
    LoadDist,
    Log2Algo,
    Log10Algo,
    LogAlgo,
    MaskLoadDist,
    MaskPattern,
    MaskStoreDist,
    MemType,
    ReduceType,
    RegLayout,
    RegTrait,
    SatMode,
    SpecialPurposeReg,
    SqrtAlgo,
    StoreDist,
)
from asc_xdsl.enums import CMPMODE, RoundMode
from asc_xdsl.language.builder import IRValue, require_jit

__all__ = [
    "CMPMODE",
    "DivAlgo",
    "ExpAlgo",
    "GatherMaskMode",
    "HighLowPart",
    "HistogramsBinType",
    "HistogramsType",
    "IndexOrder",
    "LnAlgo",
    "LoadDist",
    "Log2Algo",
    "Log10Algo",
    "LogAlgo",
    "MaskLoadDist",
    "MaskPattern",
    "MaskReg",
    "MaskStoreDist",
    "MemType",
    "ReduceType",
    "RegLayout",
    "RegTensor",
    "RegTrait",
    "RoundMode",
    "SatMode",
    "SpecialPurposeReg",
    "SqrtAlgo",
    "StoreDist",
    "UbPointer",
    "VecScope",
    "lanes",
    "ub_pointer",
    "vec_scope",
    "vf",
]


class RegTensor(IRValue):
    """`AscendC::Reg::RegTensor<T>`: one 256-byte vector register of `dtype`."""

    __slots__ = ("dtype",)

    def __init__(self, handle: Any, dtype: dt.DataType):
        super().__init__(handle)
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"RegTensor({self.dtype.name})"


class MaskReg(IRValue):
    """`AscendC::Reg::MaskReg`: a predicate register."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MaskReg()"


class UbPointer(IRValue):
    """A `__ubuf__ T*` parameter of a vector function (a local tensor's first element)."""

    __slots__ = ("dtype",)

    def __init__(self, handle: Any, dtype: dt.DataType):
        super().__init__(handle)
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"UbPointer({self.dtype.name})"

    def __getitem__(self, offset: Any) -> Any:
        """`ptr[offset]` (AuxScalar): one element of UB as a scalar (`load_scalar`)."""
        from asc_xdsl.language.reg.address import load_scalar

        return load_scalar(self, offset)


def lanes(dtype: dt.DataType) -> int:
    """Elements of `dtype` in one register: `GetVecLen() / sizeof(T)` (256 bytes)."""
    return VEC_LEN // dtype.sizeof()


def vf(fn: Any) -> Any:
    """`@asc.vf`: a vector function (`__simd_vf__`), compiled as its own function and
    called from the kernel through `asc_vf_call`. Its local-tensor arguments become
    `UbPointer`s; it returns nothing. (The function is marked; the compiler makes it a
    device function when a kernel first calls it.)"""
    fn.__asc_vector_function__ = True
    return fn


class VecScope:
    """The context `with asc.vec_scope():` enters (see `vec_scope`)."""

    what = "asc.vec_scope()"

    def region_op(self, block: Any) -> Any:
        from xdsl.ir import Region

        from asc_xdsl.dialects.ascendc.reg_scope import RegVecScopeOp

        return RegVecScopeOp(Region(block))

    def refused(self, block: Any) -> Any:
        from asc_xdsl.dialects.ascendc.reg_scope import refused_op

        return refused_op(block)

    def __repr__(self) -> str:
        return "vec_scope()"


def vec_scope() -> VecScope:
    """`with asc.vec_scope(): body` -- `__VEC_SCOPE__ { body }`: a vector function's
    body written inline in the kernel. The body uses `asc.reg.*` ops on `UbPointer`s
    made before it (`asc.reg.ub_pointer(tensor)`) and the kernel's scalars; it runs as
    an `@asc.vf` call would (one V-pipe access of the UB it touches, for the sync
    passes and the race checker). Names it binds stay inside it, and it may not rebind
    a kernel variable; kernel-side calls (DataCopy, flags, queues) go before or after."""
    g = require_jit("asc.vec_scope")
    from asc_xdsl.language.reg.calls import require_ascend_950

    require_ascend_950(g, "asc.vec_scope (__VEC_SCOPE__)")
    return VecScope()


def ub_pointer(tensor: Any, offset: Any = 0) -> UbPointer:
    """`reinterpret_cast<__ubuf__ T*>(tensor.GetPhyAddr(offset))` in the kernel: a UB
    pointer to element `offset` of a local tensor, for the Reg ops of a
    `with asc.vec_scope():` body (an `@asc.vf` function gets its own from its
    arguments)."""
    from asc_xdsl.dialects.ascendc.reg import RegUbPtrOp, ub_pointer_type
    from asc_xdsl.language.core.tensor import LocalTensor

    g = _g("ub_pointer")
    if not isinstance(tensor, LocalTensor) or tensor.handle is None:
        g.fail(f"ub_pointer takes a local tensor, got {type(tensor).__name__}")
    element = tensor.handle.type.element_type
    op = g.emit(
        RegUbPtrOp(
            tensor.handle, g.integer(offset, "offset"), result_types=[ub_pointer_type(element)]
        )
    )
    return UbPointer(op.results[0], tensor.dtype)


# ---------------------------------------------------------------------------
# Building ops
# ---------------------------------------------------------------------------


def _ops() -> Any:
    from asc_xdsl.dialects.ascendc import reg

    return reg


def _g(what: str) -> Any:
    from asc_xdsl.language.reg.calls import require_ascend_950

    g = require_jit(f"asc.reg.{what}")
    require_ascend_950(g, f"asc.reg.{what}")
    return g


def _reg_type(dtype: dt.DataType, trait: RegTrait = RegTrait.NUM_ONE) -> Any:
    from asc_xdsl.dialects.ascendc.reg_types import RegTensorType

    return RegTensorType(dtype.ir_type(), trait)


def _trait(g: Any, trait: Any, dtype: dt.DataType) -> RegTrait:
    """`trait` as a RegTrait; NUM_TWO only for 64-bit and complex dtypes."""
    t = g.enum(trait, RegTrait, "trait")
    if t is RegTrait.NUM_TWO and dtype.sizeof() != 8 and not dtype.is_complex():
        g.fail(f"RegTraitNumTwo registers hold 64-bit or complex elements, not {dtype.name}")
    return t


def _mask_type() -> Any:
    from asc_xdsl.dialects.ascendc.reg_types import MaskRegType

    return MaskRegType()


def _need(g: Any, value: Any, kind: type, what: str) -> Any:
    if not isinstance(value, kind) or value.handle is None:
        g.fail(f"{what} must be a {kind.__name__}, got {type(value).__name__}")
    return value


def _dtype(g: Any, value: Any, what: str) -> dt.DataType:
    if not isinstance(value, dt.DataType) or not value.is_numeric():
        g.fail(f"{what} must be a numeric dtype (asc.float32, ...), got {value!r}")
    return value


def _emit(g: Any, cls_name: str, operands: list, results: list, **props: Any) -> Any:
    op = getattr(_ops(), cls_name)(*operands, result_types=results, **props)
    return g.emit(op)


def _same(g: Any, a: RegTensor, b: RegTensor, what: str) -> None:
    if a.dtype is not b.dtype:
        g.fail(f"{what}: registers of {a.dtype.name} and {b.dtype.name} (they must match)")


# -- masks ----------------------------------------------------------------------


def create_mask(
    dtype: dt.DataType, pattern: MaskPattern = MaskPattern.ALL, trait: RegTrait = RegTrait.NUM_ONE
) -> MaskReg:
    """`CreateMask<T, pattern, trait>()`: the elements of `dtype` that `pattern` selects
    (trait NUM_TWO: of a RegTraitNumTwo pair of 64-bit registers)."""
    g = _g("create_mask")
    t = _dtype(g, dtype, "dtype")
    p = g.enum(pattern, MaskPattern, "pattern")
    tr = _trait(g, trait, t)
    op = _emit(
        g,
        "RegCreateMaskOp",
        [],
        [_mask_type()],
        dtype=t.ir_type(),
        pattern=p,
        trait=None if tr is RegTrait.NUM_ONE else tr,
    )
    return MaskReg(op.results[0])


def update_mask(
    count: Any, dtype: dt.DataType, trait: RegTrait = RegTrait.NUM_ONE
) -> tuple[MaskReg, Any]:
    """`UpdateMask<T, trait>(count)`: (the mask of the first min(count, lanes) elements,
    what is left of `count`), for a loop over `count` elements one register at a time."""
    from asc_xdsl.language.builder import RuntimeScalar

    g = _g("update_mask")
    t = _dtype(g, dtype, "dtype")
    n = g.integer(count, "count")
    tr = _trait(g, trait, t)
    op = _emit(
        g,
        "RegUpdateMaskOp",
        [n],
        [_mask_type(), n.type],
        dtype=t.ir_type(),
        trait=None if tr is RegTrait.NUM_ONE else tr,
    )
    return MaskReg(op.results[0]), RuntimeScalar(op.results[1], dt.int32)


def _mask_binary(cls_name: str, doc: str):
    def f(src0: MaskReg, src1: MaskReg, mask: MaskReg) -> MaskReg:
        g = _g(cls_name)
        for v, w in ((src0, "src0"), (src1, "src1"), (mask, "mask")):
            _need(g, v, MaskReg, w)
        op = _emit(g, cls_name, [src0.handle, src1.handle, mask.handle], [_mask_type()])
        return MaskReg(op.results[0])

    f.__doc__ = doc
    return f


mask_and = _mask_binary("RegMaskAndOp", "`And(dst, src0, src1, mask)` of mask registers.")
mask_or = _mask_binary("RegMaskOrOp", "`Or(dst, src0, src1, mask)` of mask registers.")
mask_xor = _mask_binary("RegMaskXorOp", "`Xor(dst, src0, src1, mask)` of mask registers.")


def mask_not(src: MaskReg, mask: MaskReg) -> MaskReg:
    """`Not(dst, src, mask)` of a mask register."""
    g = _g("mask_not")
    _need(g, src, MaskReg, "src")
    _need(g, mask, MaskReg, "mask")
    return MaskReg(_emit(g, "RegMaskNotOp", [src.handle, mask.handle], [_mask_type()]).results[0])


# -- UB <-> registers ----------------------------------------------------------------


def load_align(
    ptr: UbPointer,
    offset: Any = 0,
    trait: RegTrait = RegTrait.NUM_ONE,
    *,
    dist: LoadDist | None = None,
    block_stride: Any = None,
    mask: MaskReg | None = None,
    repeat_stride: Any = None,
) -> RegTensor | tuple[RegTensor, RegTensor]:
    """`LoadAlign(dst, ptr + offset)`: a register from a 32-byte aligned UB address
    (trait NUM_TWO: a RegTraitNumTwo pair, 512 bytes of 64-bit elements; an AddrReg
    offset: the AddrReg overload; `block_stride=` with `mask=`: the DataBlock copy
    `LoadAlign<T, DataCopyMode::DATA_BLOCK_COPY>(dst, ptr + offset, block_stride, mask)`,
    its eight 32-byte blocks `block_stride` blocks apart; `dist=`: the distribution mode,
    `LoadAlign<T, dist>(dst, ptr + offset)`, e.g. `LoadDist.DIST_BRC_B32` broadcasts
    `ptr[offset]`, see `reg.load_align`'s op doc for each mode; a `DIST_DINTLV_Bn` returns
    two registers, (the even elements, the odd ones), `reg.load_align_dintlv`;
    `repeat_stride=` with `block_stride=` and `mask=`: the POST_MODE_NORMAL DataBlock copy
    `LoadAlign<T, DATA_BLOCK_COPY, POST_MODE_NORMAL>(dst, ptr, block_stride,
    repeat_stride, mask)`, from `ptr` plus `repeat_stride` DataBlocks, `ptr` unchanged)."""
    if repeat_stride is not None:
        _normal_form(offset, dist, "load_align")
        return address.load_align_block_normal(ptr, block_stride, repeat_stride, mask)
    if dist is not None:
        _dist_form(offset, block_stride, mask, "load_align", dist)
        if getattr(dist, "name", "").startswith("DIST_DINTLV_"):  # two registers out
            if isinstance(offset, address.AddrReg):
                return address.load_align_dintlv_areg(ptr, offset, dist)  # type: ignore[return-value]
            return address.load_align_dintlv(ptr, dist, offset)  # type: ignore[return-value]
    if block_stride is not None or mask is not None:
        _block_form(ptr, offset, trait, block_stride, "load_align")
        return address.load_align_block(ptr, block_stride, mask, offset)
    if isinstance(offset, address.AddrReg):  # the AddrReg overload
        return address.load_align_areg(ptr, offset, dist)
    g = _g("load_align")
    _need(g, ptr, UbPointer, "ptr")
    off = g.integer(offset, "offset")
    tr = _trait(g, trait, ptr.dtype)
    d = None if dist is None else g.enum(dist, LoadDist, "dist")
    op = _emit(g, "RegLoadAlignOp", [ptr.handle, off], [_reg_type(ptr.dtype, tr)], dist=d)
    return RegTensor(op.results[0], ptr.dtype)


def _dist_form(offset: Any, block_stride: Any, mask: Any, what: str, dist: Any) -> None:
    """A distribution mode goes with the plain `ptr + offset` form here."""
    g = _g(what)
    if block_stride is not None or (mask is not None and what == "load_align"):
        g.fail(f"{what}: dist= and the DataBlock copy (block_stride=) do not combine")


def _normal_form(offset: Any, dist: Any, what: str) -> None:
    """POST_MODE_NORMAL takes the pointer itself (C++: by reference) and no mode."""
    g = _g(what)
    if dist is not None:
        g.fail(f"{what}: dist= and the DataBlock copy (repeat_stride=) do not combine")
    if not (isinstance(offset, int) and offset == 0):
        g.fail(
            f"{what}: the POST_MODE_NORMAL DataBlock copy (repeat_stride=) takes the pointer "
            "itself (C++ binds it by reference): advance it with repeat_stride=, not an offset"
        )


def _block_form(ptr: Any, offset: Any, trait: Any, block_stride: Any, what: str) -> None:
    """The DataBlock copy takes a plain offset, one register and a stride."""
    g = _g(what)
    if block_stride is None:
        g.fail(f"{what}: mask= is for the DataBlock copy, which needs block_stride= too")
    if isinstance(offset, address.AddrReg):
        g.fail(f"{what}: the DataBlock copy (block_stride=) has no AddrReg form")
    if trait is not RegTrait.NUM_ONE:
        g.fail(f"{what}: the DataBlock copy (block_stride=) takes RegTraitNumOne registers only")


def load_unalign(ptr: UbPointer, offset: Any = 0) -> RegTensor:
    """`LoadUnAlignPre` + `LoadUnAlign`: a register from any element address."""
    g = _g("load_unalign")
    _need(g, ptr, UbPointer, "ptr")
    off = g.integer(offset, "offset")
    op = _emit(g, "RegLoadUnalignOp", [ptr.handle, off], [_reg_type(ptr.dtype)])
    return RegTensor(op.results[0], ptr.dtype)


def store_align(
    ptr: UbPointer,
    src: RegTensor | tuple[RegTensor, RegTensor],
    mask: MaskReg,
    offset: Any = 0,
    *,
    dist: StoreDist | None = None,
    block_stride: Any = None,
    repeat_stride: Any = None,
) -> None:
    """`StoreAlign(ptr + offset, src, mask)`: the enabled elements to an aligned address
    (`block_stride=`: the DataBlock copy `StoreAlign<T, DataCopyMode::DATA_BLOCK_COPY>(ptr
    + offset, src, block_stride, mask)`, its eight 32-byte blocks `block_stride` blocks
    apart; `dist=`: the distribution mode, `StoreAlign<T, dist>(ptr + offset, src,
    mask)`, e.g. `StoreDist.DIST_PACK_B32` stores each element's low 16 bits, see
    `reg.store_align`'s op doc for each mode; a `DIST_INTLV_Bn` takes `src` as two
    registers `(src0, src1)` and stores them interleaved, `reg.store_align_intlv`;
    `repeat_stride=` with `block_stride=`: the POST_MODE_NORMAL DataBlock copy to `ptr`
    plus `repeat_stride` DataBlocks, `ptr` unchanged)."""
    if repeat_stride is not None:
        _normal_form(offset, dist, "store_align")
        return address.store_align_block_normal(ptr, src, block_stride, repeat_stride, mask)
    if dist is not None:
        _dist_form(offset, block_stride, mask, "store_align", dist)
        if getattr(dist, "name", "").startswith("DIST_INTLV_"):  # two registers in
            if isinstance(offset, address.AddrReg):
                return address.store_align_intlv_areg(ptr, src, mask, offset, dist)
            return address.store_align_intlv(ptr, src, mask, dist, offset)
    if block_stride is not None:
        _block_form(ptr, offset, RegTrait.NUM_ONE, block_stride, "store_align")
        return address.store_align_block(ptr, src, block_stride, mask, offset)
    if isinstance(offset, address.AddrReg):  # the AddrReg overload
        return address.store_align_areg(ptr, src, mask, offset, dist)
    g = _g("store_align")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    off = g.integer(offset, "offset")
    d = None if dist is None else g.enum(dist, StoreDist, "dist")
    _emit(g, "RegStoreAlignOp", [ptr.handle, off, src.handle, mask.handle], [], dist=d)


def store_unalign(ptr: UbPointer, src: RegTensor, count: Any, offset: Any = 0) -> None:
    """`StoreUnAlign` + `StoreUnAlignPost`: the first `count` elements to any address."""
    g = _g("store_unalign")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, src, RegTensor, "src")
    off = g.integer(offset, "offset")
    n = g.integer(count, "count")
    _emit(g, "RegStoreUnalignOp", [ptr.handle, off, src.handle, n], [])


def load_mask(ptr: UbPointer, offset: Any = 0, dist: MaskLoadDist | None = None) -> MaskReg:
    """`LoadAlign(mask, ptr + offset)`: a mask register from 32 aligned bytes of UB (an
    `AddrReg` offset: `LoadAlign(mask, ptr, areg)`). `dist=`: `LoadAlign<T,
    MaskDist::dist>`, `MaskLoadDist.DIST_US` (16 bytes, each bit twice) or `DIST_DS` (64
    bytes, the even bits)."""
    if isinstance(offset, address.AddrReg):
        return address.load_mask_areg(ptr, offset, dist)
    g = _g("load_mask")
    _need(g, ptr, UbPointer, "ptr")
    d = None if dist is None else g.enum(dist, MaskLoadDist, "dist")
    off = g.integer(offset, "offset")
    op = _emit(g, "RegLoadMaskOp", [ptr.handle, off], [_mask_type()], dist=d)
    return MaskReg(op.results[0])


def store_mask(
    ptr: UbPointer, mask: MaskReg, offset: Any = 0, dist: MaskStoreDist | None = None
) -> None:
    """`StoreAlign(ptr + offset, mask)`: a mask register as 32 bytes of UB (an `AddrReg`
    offset: `StoreAlign(ptr, mask, areg)`). `dist=`: `StoreAlign<T, MaskDist::dist>`,
    `MaskStoreDist.DIST_PACK` (the even bits, 16 bytes)."""
    if isinstance(offset, address.AddrReg):
        return address.store_mask_areg(ptr, mask, offset, dist)
    g = _g("store_mask")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, mask, MaskReg, "mask")
    d = None if dist is None else g.enum(dist, MaskStoreDist, "dist")
    off = g.integer(offset, "offset")
    _emit(g, "RegStoreMaskOp", [ptr.handle, off, mask.handle], [], dist=d)


_B8_GATHER = {"int8": dt.int16, "uint8": dt.uint16}
"""A b8 source's register when `gather` is not told one (the Gather page's table)."""


def gather(
    ptr: UbPointer,
    index: RegTensor,
    mask: MaskReg,
    trait: RegTrait = RegTrait.NUM_ONE,
    dtype: dt.DataType | None = None,
) -> RegTensor:
    """`Gather(dst, ptr, index, mask)`: dst[i] = ptr[index[i]] (element offsets: uint16 for
    8- and 16-bit elements, uint32 for 32-bit, uint32 or uint64 for 64-bit ones). For
    int64 / uint64, `trait=RegTrait.NUM_TWO` gathers a RegTraitNumTwo pair of 64 (its index
    a uint32 register or a uint64 pair; its mask a b32 mask). `dtype=` names the register's
    type: any of the source's size (int16 into half, float into int32, uint64 into int64:
    the bits move unchanged, no value conversion; the source's type unless told). A b8
    source (int8, uint8, the 8- and 4-bit floats) fills a register of 16-bit `dtype` (int8: int16 and uint8:
    uint16 unless told), each byte zero-extended: its element's low byte, the high 0."""
    g = _g("gather")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, index, RegTensor, "index")
    _need(g, mask, MaskReg, "mask")
    if dtype is None:
        dtype = _B8_GATHER.get(ptr.dtype.name, ptr.dtype)
        if ptr.dtype.sizeof() == 1 and dtype is ptr.dtype:
            g.fail(
                f"gather of a {ptr.dtype.name} source fills a register of 16-bit elements: "
                "name it with dtype= (asc.uint16, asc.int16, asc.float16, asc.bfloat16)"
            )
    t = _reg_type(_dtype(g, dtype, "dtype"), _trait(g, trait, dtype))
    size, want = dtype.sizeof(), ptr.dtype.sizeof()
    if size != (2 if want == 1 else want):
        g.fail(
            f"gather of a {ptr.dtype.name} source into a {dtype.name} register: the register's "
            f"elements are the source's size ({want * 8}-bit; any type of it, the bits moved "
            "unchanged; a b8 source: a 16-bit type)"
        )
    op = _emit(g, "RegGatherOp", [ptr.handle, index.handle, mask.handle], [t])
    return RegTensor(op.results[0], dtype)


def scatter(ptr: UbPointer, src: RegTensor, index: RegTensor, mask: MaskReg) -> None:
    """`Scatter(ptr, src, index, mask)`: ptr[index[i]] = src[i] (the index types and
    the 64-bit forms as `gather`'s: src may be a RegTraitNumTwo pair). A b8 `src` (int8,
    uint8, the 8- and 4-bit floats; a uint16 index) stores its even bytes: ptr[index[k]]
    = src[2k] where mask bit 2k is set, k < 128. Enabled elements of different values
    go to different indices (which would land is not documented)."""
    g = _g("scatter")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, src, RegTensor, "src")
    _need(g, index, RegTensor, "index")
    _need(g, mask, MaskReg, "mask")
    _emit(g, "RegScatterOp", [ptr.handle, src.handle, index.handle, mask.handle], [])


# -- arithmetic ------------------------------------------------------------------------


def _binary(cls_name: str, api: str):
    def f(src0: RegTensor, src1: RegTensor, mask: MaskReg) -> RegTensor:
        g = _g(api)
        _need(g, src0, RegTensor, "src0")
        _need(g, src1, RegTensor, "src1")
        _need(g, mask, MaskReg, "mask")
        _same(g, src0, src1, api)
        # (the result is a register of the operands' type: their trait too)
        op = _emit(g, cls_name, [src0.handle, src1.handle, mask.handle], [src0.handle.type])
        return RegTensor(op.results[0], src0.dtype)

    f.__name__ = f.__qualname__ = api
    f.__doc__ = f"`{cls_name[3:-2]}(dst, src0, src1, mask)`: elementwise; 0 where mask is off."
    return f


def _unary(cls_name: str, api: str):
    def f(src: RegTensor, mask: MaskReg) -> RegTensor:
        g = _g(api)
        _need(g, src, RegTensor, "src")
        _need(g, mask, MaskReg, "mask")
        # (the result is a register of src's type: its trait too)
        op = _emit(g, cls_name, [src.handle, mask.handle], [src.handle.type])
        return RegTensor(op.results[0], src.dtype)

    f.__name__ = f.__qualname__ = api
    f.__doc__ = f"`{cls_name[3:-2]}(dst, src, mask)`: elementwise; 0 where mask is off."
    return f


def _with_scalar(cls_name: str, api: str, shift: bool = False):
    def f(src: RegTensor, scalar: Any, mask: MaskReg) -> RegTensor:
        g = _g(api)
        _need(g, src, RegTensor, "src")
        _need(g, mask, MaskReg, "mask")
        s = g.integer(scalar, "scalar", dt.int16) if shift else g.scalar(scalar, src.dtype)
        # (the result is a register of src's type: its trait too)
        op = _emit(g, cls_name, [src.handle, s, mask.handle], [src.handle.type])
        return RegTensor(op.results[0], src.dtype)

    f.__name__ = f.__qualname__ = api
    f.__doc__ = f"`{cls_name[3:-2]}(dst, src, scalar, mask)`: elementwise with a scalar."
    return f


add = _binary("RegAddOp", "add")
sub = _binary("RegSubOp", "sub")
mul = _binary("RegMulOp", "mul")
max = _binary("RegMaxOp", "max")
min = _binary("RegMinOp", "min")
bitwise_and = _binary("RegAndOp", "bitwise_and")
bitwise_or = _binary("RegOrOp", "bitwise_or")
bitwise_xor = _binary("RegXorOp", "bitwise_xor")
abs_sub = _binary("RegAbsSubOp", "abs_sub")
prelu = _binary("RegPreluOp", "prelu")

_abs_real = _unary("RegAbsOp", "abs")


def abs(src: RegTensor, mask: MaskReg) -> RegTensor:
    """`Abs(dst, src, mask)`: elementwise; 0 where mask is off. Of a complex register
    (complex32 / complex64), the magnitudes as a register of its parts' type (float16 /
    float32), in its first elements (`reg.abs_complex`)."""
    if not (isinstance(src, RegTensor) and src.dtype.is_complex()):
        return _abs_real(src, mask)
    g = _g("abs")
    _need(g, mask, MaskReg, "mask")
    part = src.dtype.component
    op = _emit(g, "RegAbsComplexOp", [src.handle, mask.handle], [_reg_type(part)])
    return RegTensor(op.results[0], part)


neg = _unary("RegNegOp", "neg")
relu = _unary("RegReluOp", "relu")
bitwise_not = _unary("RegNotOp", "bitwise_not")

adds = _with_scalar("RegAddsOp", "adds")
muls = _with_scalar("RegMulsOp", "muls")
maxs = _with_scalar("RegMaxsOp", "maxs")
mins = _with_scalar("RegMinsOp", "mins")
leaky_relu = _with_scalar("RegLeakyReluOp", "leaky_relu")
shift_lefts = _with_scalar("RegShiftLeftsOp", "shift_lefts", shift=True)
shift_rights = _with_scalar("RegShiftRightsOp", "shift_rights", shift=True)


def duplicate(
    scalar: Any,
    mask: MaskReg | None = None,
    dtype: dt.DataType | None = None,
    trait: RegTrait = RegTrait.NUM_ONE,
) -> RegTensor:
    """`Duplicate(dst, scalar, mask)`: `scalar` (of `dtype`) in the enabled elements, 0
    elsewhere; of a register `scalar`, its lowest element (`dtype`: the register's).
    `trait=RegTrait.NUM_TWO`: into a RegTraitNumTwo pair (complex and 64-bit dtypes).
    Without a mask, `Duplicate(dst, scalar)`: every element."""
    if mask is None:
        return fused.duplicate_unmasked(scalar, dtype, trait)
    if isinstance(scalar, RegTensor):
        return fused.duplicate_reg(scalar, mask, dtype)
    g = _g("duplicate")
    t = _dtype(g, dtype, "dtype")
    _need(g, mask, MaskReg, "mask")
    tr = _trait(g, trait, t)
    op = _emit(g, "RegDuplicateOp", [g.scalar(scalar, t), mask.handle], [_reg_type(t, tr)])
    return RegTensor(op.results[0], t)


def arange(
    start: Any,
    dtype: dt.DataType,
    order: IndexOrder = IndexOrder.INCREASE_ORDER,
    trait: RegTrait = RegTrait.NUM_ONE,
):
    """`Arange<T, order>(dst, start)`: start, start +- 1, ... in every element
    (`trait=RegTrait.NUM_TWO`: an int64 RegTraitNumTwo pair, 64 elements)."""
    g = _g("arange")
    t = _dtype(g, dtype, "dtype")
    o = g.enum(order, IndexOrder, "order")
    tr = _trait(g, trait, t)
    op = _emit(g, "RegArangeOp", [g.scalar(start, t)], [_reg_type(t, tr)], order=o)
    return RegTensor(op.results[0], t)


def move(src: RegTensor, mask: MaskReg | None = None) -> RegTensor:
    """`Move(dst, src, mask)`: src's enabled elements, 0 elsewhere (of a mask register:
    its bits where `mask` is set). Without a mask, `Move(dst, src)`: all of src."""
    if mask is None:
        return fused.move_unmasked(src)
    if isinstance(src, MaskReg):
        return address.mask_move(src, mask)
    return _unary("RegMoveOp", "move")(src, mask)


# -- compare / select / reduce / convert --------------------------------------------------


def compare(src0: RegTensor, src1: RegTensor, mode: CMPMODE, mask: MaskReg) -> MaskReg:
    """`Compare<T, mode>(dst, src0, src1, mask)`: where `src0 mode src1`."""
    g = _g("compare")
    _need(g, src0, RegTensor, "src0")
    _need(g, src1, RegTensor, "src1")
    _need(g, mask, MaskReg, "mask")
    _same(g, src0, src1, "compare")
    m = g.enum(mode, CMPMODE, "mode")
    op = _emit(
        g, "RegCompareOp", [src0.handle, src1.handle, mask.handle], [_mask_type()], cmp_mode=m
    )
    return MaskReg(op.results[0])


def compares(src: RegTensor, scalar: Any, mode: CMPMODE, mask: MaskReg) -> MaskReg:
    """`Compares<T, mode>(dst, src, scalar, mask)`: where `src mode scalar`."""
    g = _g("compares")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    m = g.enum(mode, CMPMODE, "mode")
    s = g.scalar(scalar, src.dtype)
    op = _emit(g, "RegComparesOp", [src.handle, s, mask.handle], [_mask_type()], cmp_mode=m)
    return MaskReg(op.results[0])


def select(src0: RegTensor, src1: RegTensor, sel: MaskReg) -> RegTensor:
    """`Select(dst, src0, src1, sel)`: src0 where `sel` is on, src1 elsewhere."""
    g = _g("select")
    _need(g, src0, RegTensor, "src0")
    _need(g, src1, RegTensor, "src1")
    _need(g, sel, MaskReg, "sel")
    _same(g, src0, src1, "select")
    op = _emit(g, "RegSelectOp", [src0.handle, src1.handle, sel.handle], [src0.handle.type])
    return RegTensor(op.results[0], src0.dtype)


def reduce(src: RegTensor, mask: MaskReg, kind: ReduceType = ReduceType.SUM) -> RegTensor:
    """`Reduce<kind>(dst, src, mask)`: the sum (max, min) of the enabled elements in
    element 0."""
    g = _g("reduce")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    k = g.enum(kind, ReduceType, "kind")
    op = _emit(g, "RegReduceOp", [src.handle, mask.handle], [src.handle.type], reduce_type=k)
    return RegTensor(op.results[0], src.dtype)


def reduce_data_block(
    src: RegTensor, mask: MaskReg, kind: ReduceType = ReduceType.SUM
) -> RegTensor:
    """`ReduceDataBlock<kind>(dst, src, mask)`: per 32-byte block, in dst's first elements."""
    g = _g("reduce_data_block")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    k = g.enum(kind, ReduceType, "kind")
    op = _emit(
        g,
        "RegReduceDataBlockOp",
        [src.handle, mask.handle],
        [_reg_type(src.dtype)],
        reduce_type=k,
    )
    return RegTensor(op.results[0], src.dtype)


def pair_reduce_elem(src: RegTensor, mask: MaskReg) -> RegTensor:
    """`PairReduceElem<SUM>(dst, src, mask)`: sums of adjacent pairs, in dst's first half."""
    return _unary("RegPairReduceElemOp", "pair_reduce_elem")(src, mask)


def truncate(src: RegTensor, mask: MaskReg, round_mode: RoundMode = RoundMode.CAST_TRUNC):
    """`Truncate<T, round_mode>(dst, src, mask)`: each element rounded to an integral value."""
    g = _g("truncate")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    m = g.enum(round_mode, RoundMode, "round_mode")
    op = _emit(g, "RegTruncateOp", [src.handle, mask.handle], [_reg_type(src.dtype)], round_mode=m)
    return RegTensor(op.results[0], src.dtype)


def cast(
    src: RegTensor,
    dtype: dt.DataType,
    mask: MaskReg,
    round_mode: RoundMode = RoundMode.CAST_RINT,
    sat: SatMode = SatMode.SAT,
    layout: RegLayout = RegLayout.ZERO,
    trait: RegTrait = RegTrait.NUM_ONE,
) -> RegTensor:
    """`Cast<T, S, trait>(dst, src, mask)`: each enabled element converted to `dtype`.
    complex32 <-> complex64 (RegTraitNumTwo pairs; `round_mode` for the narrowing): the
    3510 headers' composition of part casts, `reg.cast_complex`. int64 <-> int32 / float:
    `trait=RegTrait.NUM_TWO` makes an int64 result a pair of 64 (from a pair, the result
    is one register of 64)."""
    if isinstance(src, RegTensor) and getattr(src.dtype, "is_complex", lambda: False)():
        return fused.cast_complex(src, dtype, mask, round_mode)
    g = _g("cast")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    t = _dtype(g, dtype, "dtype")
    op = _emit(
        g,
        "RegCastOp",
        [src.handle, mask.handle],
        [_reg_type(t, _trait(g, trait, t))],
        round_mode=g.enum(round_mode, RoundMode, "round_mode"),
        sat=g.enum(sat, SatMode, "sat"),
        layout=g.enum(layout, RegLayout, "layout"),
    )
    return RegTensor(op.results[0], t)


def _pack(cls_name: str, api: str):
    def f(
        src: RegTensor,
        dtype: dt.DataType,
        part: HighLowPart = HighLowPart.LOWEST,
        trait: RegTrait = RegTrait.NUM_ONE,
    ):
        g = _g(api)
        _need(g, src, RegTensor, "src")
        t = _dtype(g, dtype, "dtype")
        p = g.enum(part, HighLowPart, "part")
        op = _emit(g, cls_name, [src.handle], [_reg_type(t, _trait(g, trait, t))], part=p)
        return RegTensor(op.results[0], t)

    f.__name__ = f.__qualname__ = api
    return f


pack = _pack("RegPackOp", "pack")
pack.__doc__ = (
    "`Pack<T, S, part>(dst, src)`: src's elements narrowed into half of dst (from an "
    "int64 / uint64 pair: all of dst)."
)
unpack = _pack("RegUnpackOp", "unpack")
unpack.__doc__ = (
    "`UnPack<T, S, part>(dst, src)`: half of src's elements, widened (`trait=NUM_TWO` "
    "into an int64 / uint64 pair: all of them)."
)


def local_mem_bar(src: MemType, dst: MemType) -> None:
    """`LocalMemBar<src, dst>()`: `dst` accesses after it wait for `src` ones before it."""
    g = _g("local_mem_bar")
    _emit(
        g,
        "RegLocalMemBarOp",
        [],
        [],
        src=g.enum(src, MemType, "src"),
        dst=g.enum(dst, MemType, "dst"),
    )


__all__ += [
    "abs",
    "abs_sub",
    "add",
    "adds",
    "arange",
    "bitwise_and",
    "bitwise_not",
    "bitwise_or",
    "bitwise_xor",
    "cast",
    "compare",
    "compares",
    "create_mask",
    "duplicate",
    "gather",
    "leaky_relu",
    "load_align",
    "load_mask",
    "load_unalign",
    "local_mem_bar",
    "mask_and",
    "mask_not",
    "mask_or",
    "mask_xor",
    "max",
    "maxs",
    "min",
    "mins",
    "move",
    "mul",
    "muls",
    "neg",
    "pack",
    "pair_reduce_elem",
    "prelu",
    "reduce",
    "reduce_data_block",
    "relu",
    "scatter",
    "select",
    "shift_lefts",
    "shift_rights",
    "store_align",
    "store_mask",
    "store_unalign",
    "sub",
    "truncate",
    "unpack",
    "update_mask",
]

# (after the names it uses: the ops of dialects/ascendc/reg_relayout.py; `div` with its
# DivSpecificMode is there)
from asc_xdsl.language.reg.relayout import *  # noqa: E402, F403
from asc_xdsl.language.reg.relayout import __all__ as _relayout_all  # noqa: E402

__all__ += _relayout_all
# Debugging inside a vector function (printf, asc_dump): language/reg/debug.py.
from asc_xdsl.language.reg.debug import dump, dump_reg, dump_ubuf, printf  # noqa: E402

__all__ += ["dump", "dump_reg", "dump_ubuf", "printf"]
# The address forms and the fused ops, in modules of their own.
from asc_xdsl.language.reg import address, fused  # noqa: E402
from asc_xdsl.language.reg.address import *  # noqa: E402, F403
from asc_xdsl.language.reg.fused import *  # noqa: E402, F403

__all__ += [*address.__all__, *fused.__all__]
# The rest of the arithmetic (multiply-adds, carries, shifts by a register), Unsqueeze,
# MoveMask and the one-call Load / Store: language/reg/arith.py.
from asc_xdsl.language.reg import arith  # noqa: E402
from asc_xdsl.language.reg.arith import *  # noqa: E402, F403

__all__ += arith.__all__
