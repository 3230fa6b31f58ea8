"""`asc.reg`'s address forms: PostUpdate loads and stores, the unaligned load stream,
AddrReg, AuxScalar reads, MaskGenWithRegTensor (`dialects/ascendc/reg_address.py`).

A PostUpdate call advances the pointer it is given (C++ takes it by reference); here
it returns the advanced pointer, which the loop carries as the C++ loop carries the
variable:

    for i in range(repeat):
        xr, x = asc.reg.load_align_post(x, vl)        # LoadAlign<T, POST_MODE_UPDATE>
        z = asc.reg.store_align_post(z, asc.reg.adds(xr, s[i], mask), vl, mask)

A DataBlock copy (`DataCopyMode::DATA_BLOCK_COPY`) is `load_align` / `store_align` with
`block_stride=` (in 32-byte DataBlocks between the register's eight blocks):

    r = asc.reg.load_align(x, i * 8, block_stride=8, mask=mask)
    asc.reg.store_align(z, r, mask, i * 8, block_stride=8)

and with `block_stride=` the PostUpdate forms' `stride` (C++ `repeatStride`) counts DataBlocks:

    r, x = asc.reg.load_align_post(x, 8, block_stride=1, mask=mask)

`s[i]` of a `UbPointer` is the AuxScalar read (`s[i]` in C++), and an `AddrReg` from
`create_addr_reg` is an offset `load_align` / `store_align` take, the two-register
DINTLV / INTLV modes included (`e, o = asc.reg.load_align(x, areg, dist=...)`;
`e, o, x = asc.reg.load_align_post(x, 2 * vl, dist=...)`). `gather_b` is GatherB, the
register's DataBlocks from byte offsets.
"""

from __future__ import annotations

from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.language.builder import IRValue
from asc_xdsl.language.reg import (
    MaskReg,
    RegTensor,
    RegTrait,
    UbPointer,
    _dtype,
    _g,
    _mask_type,
    _need,
    _reg_type,
    _trait,
)

__all__ = [
    "AddrReg",
    "UnalignReg",
    "create_addr_reg",
    "gather_b",
    "load_align_block",
    "load_align_block_normal",
    "load_align_dintlv",
    "load_align_dintlv_areg",
    "load_align_post",
    "load_mask_areg",
    "load_mask_post",
    "load_scalar",
    "load_unalign_areg",
    "load_unalign_post",
    "load_unalign_pre",
    "load_unalign_pre_areg",
    "mask_gen_with_reg_tensor",
    "mask_move",
    "store_align_block",
    "store_align_block_normal",
    "store_align_intlv",
    "store_align_intlv_areg",
    "store_align_post",
    "store_mask_areg",
    "store_mask_post",
    "store_mask_unalign",
    "store_unalign_areg",
    "store_unalign_post_areg",
    "store_unalign_post_update",
    "store_unalign_update",
]


class AddrReg(IRValue):
    """`AscendC::Reg::AddrReg`: an element offset bound to loop indices."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "AddrReg()"


class UnalignReg(IRValue):
    """`AscendC::Reg::UnalignRegForLoad`: the register of an unaligned load stream."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UnalignReg()"


def _addr_type() -> Any:
    from asc_xdsl.dialects.ascendc.reg_address_types import AddrRegType

    return AddrRegType()


def _ureg_type() -> Any:
    from asc_xdsl.dialects.ascendc.reg_address_types import UnalignRegForLoadType

    return UnalignRegForLoadType()


def _op(cls_name: str) -> Any:
    from asc_xdsl.dialects.ascendc import reg_address

    return getattr(reg_address, cls_name)


def _build(g: Any, cls_name: str, operands: list, results: list, **props: Any) -> Any:
    return g.emit(_op(cls_name)(*operands, result_types=results, **props))


def _dist(g: Any, dist: Any, store: bool) -> Any:
    """`dist=` as a LoadDist / StoreDist (None: none)."""
    from asc_xdsl.language.reg import LoadDist, StoreDist

    return None if dist is None else g.enum(dist, StoreDist if store else LoadDist, "dist")


def load_align_post(
    ptr: UbPointer,
    stride: Any,
    *,
    dist: Any = None,
    block_stride: Any = None,
    mask: MaskReg | None = None,
    trait: Any = None,
) -> tuple[Any, ...]:
    """`LoadAlign<T, POST_MODE_UPDATE>(dst, ptr, stride)`: (the register at the aligned
    address `ptr`, `ptr` advanced by `stride` elements; `trait=RegTrait.NUM_TWO`: a
    RegTraitNumTwo pair of int64 / uint64 / complex, 512 bytes); `dist=`: `LoadAlign<T,
    POST_MODE_UPDATE, dist>`, a one-register LoadDist mode (see `load_align`), or a
    DIST_DINTLV_Bn, which returns (dst0, dst1, the advanced pointer). `block_stride=` with
    `mask=`: the DataBlock copy `LoadAlign<T, DATA_BLOCK_COPY, POST_MODE_UPDATE>(dst, ptr,
    block_stride, stride, mask)`, whose `stride` (repeatStride) counts 32-byte DataBlocks."""
    g = _g("load_align_post")
    _need(g, ptr, UbPointer, "ptr")
    if block_stride is not None or mask is not None:
        return _load_block_post(g, ptr, stride, dist, block_stride, mask)
    s = g.integer(stride, "stride")
    d = _dist(g, dist, False)
    if getattr(dist, "name", "").startswith("DIST_DINTLV_"):  # two registers out
        t = _reg_type(ptr.dtype)
        op = _build(g, "RegLoadAlignDintlvPostOp", [ptr.handle, s], [t, t, ptr.handle.type], dist=d)
        r0, r1, p = op.results
        return RegTensor(r0, ptr.dtype), RegTensor(r1, ptr.dtype), UbPointer(p, ptr.dtype)
    tr = _trait(g, RegTrait.NUM_ONE if trait is None else trait, ptr.dtype)
    results = [_reg_type(ptr.dtype, tr), ptr.handle.type]
    op = _build(g, "RegLoadAlignPostOp", [ptr.handle, s], results, dist=d)
    return RegTensor(op.results[0], ptr.dtype), UbPointer(op.results[1], ptr.dtype)


def _load_block_post(g: Any, ptr: UbPointer, stride: Any, dist: Any, block_stride: Any, mask: Any):
    if dist is not None:
        g.fail("load_align_post: dist= and the DataBlock copy (block_stride=) do not combine")
    if block_stride is None or mask is None:
        g.fail("load_align_post: the DataBlock copy needs both block_stride= and mask=")
    _need(g, mask, MaskReg, "mask")
    _check_block_stride(g, block_stride)
    _check_block_stride(g, stride, "repeat stride")
    operands = [ptr.handle, g.integer(block_stride, "block_stride"), g.integer(stride, "stride")]
    results = [_reg_type(ptr.dtype), ptr.handle.type]
    op = _build(g, "RegLoadAlignBlockPostOp", [*operands, mask.handle], results)
    return RegTensor(op.results[0], ptr.dtype), UbPointer(op.results[1], ptr.dtype)


def store_align_post(
    ptr: UbPointer,
    src: RegTensor,
    stride: Any,
    mask: MaskReg,
    *,
    dist: Any = None,
    block_stride: Any = None,
) -> UbPointer:
    """`StoreAlign<T, POST_MODE_UPDATE>(ptr, src, stride, mask)`: the enabled elements to
    the aligned address `ptr`; returns `ptr` advanced by `stride` elements; `dist=`:
    `StoreAlign<T, POST_MODE_UPDATE, dist>`, a one-register StoreDist mode (3510 has no
    PostUpdate two-register store). `block_stride=`: the DataBlock copy `StoreAlign<T,
    DATA_BLOCK_COPY, POST_MODE_UPDATE>(ptr, src, block_stride, stride, mask)`, whose
    `stride` (repeatStride) counts 32-byte DataBlocks."""
    g = _g("store_align_post")
    _need(g, ptr, UbPointer, "ptr")
    if "INTLV" in getattr(dist, "name", ""):
        g.fail(
            f"store_align_post: 3510 has no PostUpdate form of the two-register StoreAlign "
            f"({dist.name}); the headers' dual StoreAlign takes ptr or ptr + AddrReg"
        )
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    if block_stride is not None:
        if dist is not None:
            g.fail("store_align_post: dist= and the DataBlock copy (block_stride=) do not combine")
        _check_block_stride(g, block_stride)
        _check_block_stride(g, stride, "repeat stride")
        operands = [
            ptr.handle,
            g.integer(block_stride, "block_stride"),
            g.integer(stride, "stride"),
        ]
        op = _build(
            g, "RegStoreAlignBlockPostOp", [*operands, src.handle, mask.handle], [ptr.handle.type]
        )
        return UbPointer(op.results[0], ptr.dtype)
    s = g.integer(stride, "stride")
    operands = [ptr.handle, s, src.handle, mask.handle]
    op = _build(g, "RegStoreAlignPostOp", operands, [ptr.handle.type], dist=_dist(g, dist, True))
    return UbPointer(op.results[0], ptr.dtype)


def load_unalign_pre(ptr: UbPointer, areg: AddrReg | None = None) -> UnalignReg:
    """`LoadUnAlignPre(ureg, ptr)`: the register of an unaligned load stream at `ptr`
    (with `areg`: `LoadUnAlignPre(ureg, ptr, areg)`, at `ptr` plus its offset)."""
    if areg is not None:
        return load_unalign_pre_areg(ptr, areg)
    g = _g("load_unalign_pre")
    _need(g, ptr, UbPointer, "ptr")
    op = _build(g, "RegLoadUnalignPreOp", [ptr.handle], [_ureg_type()])
    return UnalignReg(op.results[0])


def load_unalign_post(
    ureg: UnalignReg, ptr: UbPointer, stride: Any, trait: Any = None
) -> tuple[RegTensor, UnalignReg, UbPointer]:
    """`LoadUnAlign(dst, ureg, ptr, stride)` (POST_MODE_UPDATE): (the register at the
    element address `ptr`, the stream register after, `ptr` advanced by `stride`).
    `trait=RegTrait.NUM_TWO` (int64 / uint64 / complex): a pair, its two halves read at
    `ptr` and `ptr + min(stride, half)` as the 3510 header's two vldus do."""
    g = _g("load_unalign_post")
    _need(g, ureg, UnalignReg, "ureg")
    _need(g, ptr, UbPointer, "ptr")
    s = g.integer(stride, "stride")
    tr = _trait(g, RegTrait.NUM_ONE if trait is None else trait, ptr.dtype)
    results = [_reg_type(ptr.dtype, tr), _ureg_type(), ptr.handle.type]
    op = _build(g, "RegLoadUnalignPostOp", [ureg.handle, ptr.handle, s], results)
    dst, u, p = op.results
    return RegTensor(dst, ptr.dtype), UnalignReg(u), UbPointer(p, ptr.dtype)


def create_addr_reg(dtype: dt.DataType, *pairs: Any) -> AddrReg:
    """`CreateAddrReg<T>(index0, stride0, ...)`: the offset `index0 * stride0 + ...`
    elements of `dtype`, for 1 to 4 (loop index, stride) pairs, outermost loop first."""
    g = _g("create_addr_reg")
    t = _dtype(g, dtype, "dtype")
    if len(pairs) % 2 or not 2 <= len(pairs) <= 8:
        g.fail(f"create_addr_reg takes 1 to 4 (index, stride) pairs, got {len(pairs)} values")
    values = [g.integer(v, "stride" if i % 2 else "index") for i, v in enumerate(pairs)]
    op = _build(g, "RegCreateAddrRegOp", [values], [_addr_type()], dtype=t.ir_type())
    return AddrReg(op.results[0])


def load_align_areg(ptr: UbPointer, areg: AddrReg, dist: Any = None) -> RegTensor:
    """`LoadAlign(dst, ptr, areg)` (what `load_align(ptr, areg)` builds; with `dist`,
    `LoadAlign<T, dist>(dst, ptr, areg)`)."""
    g = _g("load_align")
    _need(g, ptr, UbPointer, "ptr")
    d = _dist(g, dist, False)
    op = _build(g, "RegLoadAlignAregOp", [ptr.handle, areg.handle], [_reg_type(ptr.dtype)], dist=d)
    return RegTensor(op.results[0], ptr.dtype)


def store_align_areg(
    ptr: UbPointer, src: RegTensor, mask: MaskReg, areg: AddrReg, dist: Any = None
) -> None:
    """`StoreAlign(ptr, src, areg, mask)` (what `store_align(ptr, src, mask, areg)` builds;
    with `dist`, `StoreAlign<T, dist>(ptr, src, areg, mask)`)."""
    g = _g("store_align")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    operands = [ptr.handle, areg.handle, src.handle, mask.handle]
    _build(g, "RegStoreAlignAregOp", operands, [], dist=_dist(g, dist, True))


def load_align_block(ptr: UbPointer, block_stride: Any, mask: Any, offset: Any = 0) -> RegTensor:
    """`LoadAlign<T, DataCopyMode::DATA_BLOCK_COPY>(dst, ptr + offset, blockStride, mask)`
    (what `load_align(ptr, offset, block_stride=..., mask=...)` builds): block k of the
    register from `k * block_stride` DataBlocks (32 bytes) past the aligned address; a
    block `mask` leaves wholly off is 0."""
    g = _g("load_align")
    _need(g, ptr, UbPointer, "ptr")
    if mask is None:
        g.fail("load_align with block_stride (DATA_BLOCK_COPY) needs mask=")
    _need(g, mask, MaskReg, "mask")
    off, st = g.integer(offset, "offset"), g.integer(block_stride, "block_stride")
    _check_block_stride(g, block_stride)
    operands = [ptr.handle, off, st, mask.handle]
    op = _build(g, "RegLoadAlignBlockOp", operands, [_reg_type(ptr.dtype)])
    return RegTensor(op.results[0], ptr.dtype)


def store_align_block(
    ptr: UbPointer, src: RegTensor, block_stride: Any, mask: MaskReg, offset: Any = 0
) -> None:
    """`StoreAlign<T, DataCopyMode::DATA_BLOCK_COPY>(ptr + offset, src, blockStride, mask)`
    (what `store_align(ptr, src, mask, offset, block_stride=...)` builds): block k of
    `src` to `k * block_stride` DataBlocks past the aligned address, its enabled
    elements written."""
    g = _g("store_align")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    if src.dtype is not ptr.dtype:
        g.fail(f"store_align: src holds {src.dtype.name}, ptr points to {ptr.dtype.name}")
    off, st = g.integer(offset, "offset"), g.integer(block_stride, "block_stride")
    _check_block_stride(g, block_stride)
    operands = [ptr.handle, off, st, src.handle, mask.handle]
    _build(g, "RegStoreAlignBlockOp", operands, [])


MAX_BLOCK_STRIDE = 0xFFFF
"""The instruction keeps a DataBlock stride's low 16 bits."""


def _check_block_stride(g: Any, block_stride: Any, what: str = "block_stride") -> None:
    if isinstance(block_stride, int) and not 0 <= block_stride <= MAX_BLOCK_STRIDE:
        g.fail(
            f"{what} must be in 0..{MAX_BLOCK_STRIDE} DataBlocks (the instruction's "
            f"16 bits), got {block_stride}"
        )


def load_scalar(ptr: UbPointer, offset: Any) -> Any:
    """`ptr[offset]` (AuxScalar): element `offset` of UB as a scalar of the pointer's
    dtype, read inside the vector function."""
    from asc_xdsl.language.builder import RuntimeScalar

    g = _g("load_scalar")
    _need(g, ptr, UbPointer, "ptr")
    off = g.integer(offset, "offset")
    op = _build(g, "RegLoadScalarOp", [ptr.handle, off], [ptr.dtype.ir_type()])
    return RuntimeScalar(op.results[0], ptr.dtype)


def mask_gen_with_reg_tensor(src: RegTensor, offset: int = 0) -> MaskReg:
    """`MaskGenWithRegTensor<T, offset>(mask, src)`: block `offset` of `src` (16 bytes of a
    16-bit, 8 bytes of a 32-bit type) as a mask, bit k enabling element k."""
    g = _g("mask_gen_with_reg_tensor")
    _need(g, src, RegTensor, "src")
    k = g.constexpr(offset, "offset", int)
    op = _build(g, "RegMaskGenWithRegTensorOp", [src.handle], [_mask_type()], offset=k)
    return MaskReg(op.results[0])


def mask_move(src: MaskReg, mask: MaskReg) -> MaskReg:
    """`Move(dst, src, mask)` of mask registers: src's bits where `mask` is set (what
    `move(src, mask)` builds for a mask)."""
    g = _g("move")
    _need(g, src, MaskReg, "src")
    _need(g, mask, MaskReg, "mask")
    op = _build(g, "RegMaskMoveOp", [src.handle, mask.handle], [_mask_type()])
    return MaskReg(op.results[0])


def load_align_dintlv(ptr: UbPointer, dist: Any, offset: Any = 0) -> tuple[RegTensor, RegTensor]:
    """`LoadAlign<T, LoadDist::DIST_DINTLV_Bn>(dst0, dst1, ptr + offset)` (what
    `load_align(ptr, offset, dist=LoadDist.DIST_DINTLV_Bn)` builds): two registers' worth
    from the aligned address, (the even elements, the odd ones); of int64 / uint64, with
    DIST_DINTLV_B32 only: (the even 32-bit words, the odd ones), as the header moves them."""
    from asc_xdsl.language.reg import LoadDist

    g = _g("load_align")
    _need(g, ptr, UbPointer, "ptr")
    d = g.enum(dist, LoadDist, "dist")
    t = _reg_type(ptr.dtype)
    op = _build(
        g, "RegLoadAlignDintlvOp", [ptr.handle, g.integer(offset, "offset")], [t, t], dist=d
    )
    return RegTensor(op.results[0], ptr.dtype), RegTensor(op.results[1], ptr.dtype)


def store_align_intlv(ptr: UbPointer, src: Any, mask: MaskReg, dist: Any, offset: Any = 0) -> None:
    """`StoreAlign<T, StoreDist::DIST_INTLV_Bn>(ptr + offset, src0, src1, mask)` (what
    `store_align(ptr, (src0, src1), mask, offset, dist=StoreDist.DIST_INTLV_Bn)` builds):
    the two registers interleaved to the aligned address (the mask ignored); of int64 /
    uint64, with DIST_INTLV_B32 only: their 32-bit words interleaved."""
    from asc_xdsl.language.reg import StoreDist

    g = _g("store_align")
    _need(g, ptr, UbPointer, "ptr")
    if not (isinstance(src, tuple) and len(src) == 2):
        g.fail("store_align: an INTLV dist stores two registers, src=(src0, src1)")
    _need(g, src[0], RegTensor, "src0")
    _need(g, src[1], RegTensor, "src1")
    _need(g, mask, MaskReg, "mask")
    d = g.enum(dist, StoreDist, "dist")
    operands = [ptr.handle, g.integer(offset, "offset"), src[0].handle, src[1].handle, mask.handle]
    _build(g, "RegStoreAlignIntlvOp", operands, [], dist=d)


def load_align_dintlv_areg(ptr: UbPointer, areg: AddrReg, dist: Any) -> tuple[RegTensor, RegTensor]:
    """`LoadAlign<T, LoadDist::DIST_DINTLV_Bn>(dst0, dst1, ptr, areg)` (what
    `load_align(ptr, areg, dist=LoadDist.DIST_DINTLV_Bn)` builds): (the even elements, the
    odd ones) of two registers' worth at the aligned address plus the AddrReg's offset."""
    from asc_xdsl.language.reg import LoadDist

    g = _g("load_align")
    _need(g, ptr, UbPointer, "ptr")
    d = g.enum(dist, LoadDist, "dist")
    t = _reg_type(ptr.dtype)
    op = _build(g, "RegLoadAlignDintlvAregOp", [ptr.handle, areg.handle], [t, t], dist=d)
    return RegTensor(op.results[0], ptr.dtype), RegTensor(op.results[1], ptr.dtype)


def store_align_intlv_areg(ptr: UbPointer, src: Any, mask: MaskReg, areg: AddrReg, dist: Any):
    """`StoreAlign<T, StoreDist::DIST_INTLV_Bn>(ptr, src0, src1, areg, mask)` (what
    `store_align(ptr, (src0, src1), mask, areg, dist=StoreDist.DIST_INTLV_Bn)` builds)."""
    from asc_xdsl.language.reg import StoreDist

    g = _g("store_align")
    _need(g, ptr, UbPointer, "ptr")
    if not (isinstance(src, tuple) and len(src) == 2):
        g.fail("store_align: an INTLV dist stores two registers, src=(src0, src1)")
    _need(g, src[0], RegTensor, "src0")
    _need(g, src[1], RegTensor, "src1")
    _need(g, mask, MaskReg, "mask")
    d = g.enum(dist, StoreDist, "dist")
    operands = [ptr.handle, areg.handle, src[0].handle, src[1].handle, mask.handle]
    _build(g, "RegStoreAlignIntlvAregOp", operands, [], dist=d)


def gather_b(ptr: UbPointer, index: RegTensor, mask: MaskReg) -> RegTensor:
    """`GatherB(dst, ptr, index, mask)`: DataBlock j (32 bytes) of the register from `ptr`
    plus `index[j]` bytes (a uint32 register; multiples of 32), for j = 0..7; a block
    `mask` leaves wholly off is 0."""
    g = _g("gather_b")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, index, RegTensor, "index")
    _need(g, mask, MaskReg, "mask")
    if index.dtype is not dt.uint32:
        g.fail(f"gather_b: the index register holds uint32 byte offsets, not {index.dtype.name}")
    op = _build(g, "RegGatherBOp", [ptr.handle, index.handle, mask.handle], [_reg_type(ptr.dtype)])
    return RegTensor(op.results[0], ptr.dtype)


# -- the forms of issue 30 -----------------------------------------------------------------


def _ustore(g: Any, ureg: Any) -> None:
    from asc_xdsl.language.reg.relayout import UnalignRegForStore

    _need(g, ureg, UnalignRegForStore, "ureg")


def _same_type(g: Any, ptr: UbPointer, src: RegTensor, what: str) -> None:
    if src.dtype is not ptr.dtype:
        g.fail(f"{what}: a {src.dtype.name} register to a {ptr.dtype.name} pointer")


def load_align_block_normal(
    ptr: UbPointer, block_stride: Any, repeat_stride: Any, mask: Any
) -> RegTensor:
    """`LoadAlign<T, DATA_BLOCK_COPY, POST_MODE_NORMAL>(dst, ptr, block_stride,
    repeat_stride, mask)` (what `load_align(ptr, block_stride=..., repeat_stride=...,
    mask=...)` builds): the DataBlock copy from `ptr` plus `repeat_stride` DataBlocks;
    `ptr` is not advanced."""
    g = _g("load_align")
    _need(g, ptr, UbPointer, "ptr")
    if block_stride is None or mask is None:
        g.fail("load_align with repeat_stride (DATA_BLOCK_COPY) needs block_stride= and mask=")
    _need(g, mask, MaskReg, "mask")
    _check_block_stride(g, block_stride)
    st, rs = g.integer(block_stride, "block_stride"), g.integer(repeat_stride, "repeat_stride")
    op = _build(
        g, "RegLoadAlignBlockNormalOp", [ptr.handle, st, rs, mask.handle], [_reg_type(ptr.dtype)]
    )
    return RegTensor(op.results[0], ptr.dtype)


def store_align_block_normal(
    ptr: UbPointer, src: RegTensor, block_stride: Any, repeat_stride: Any, mask: MaskReg
) -> None:
    """`StoreAlign<T, DATA_BLOCK_COPY, POST_MODE_NORMAL>(ptr, src, block_stride,
    repeat_stride, mask)` (what `store_align(ptr, src, mask, block_stride=...,
    repeat_stride=...)` builds): to `ptr` plus `repeat_stride` DataBlocks."""
    g = _g("store_align")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    _same_type(g, ptr, src, "store_align")
    if block_stride is None:
        g.fail("store_align with repeat_stride (DATA_BLOCK_COPY) needs block_stride=")
    _check_block_stride(g, block_stride)
    st, rs = g.integer(block_stride, "block_stride"), g.integer(repeat_stride, "repeat_stride")
    _build(g, "RegStoreAlignBlockNormalOp", [ptr.handle, src.handle, st, rs, mask.handle], [])


def store_unalign_update(ptr: UbPointer, src: RegTensor, ureg: Any, stride: Any) -> UbPointer:
    """`StoreUnAlign<T, POST_MODE_UPDATE>(ptr, src, ureg, stride)`: src's first `stride`
    elements to the element address `ptr` through the stream register `ureg`
    (`unalign_reg_for_store()`); returns `ptr` advanced by `stride` elements. End the
    stream with `store_unalign_post_update`."""
    g = _g("store_unalign_update")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, src, RegTensor, "src")
    _ustore(g, ureg)
    _same_type(g, ptr, src, "store_unalign_update")
    s = g.integer(stride, "stride")
    op = _build(
        g, "RegStoreUnalignUpdateOp", [ptr.handle, src.handle, ureg.handle, s], [ptr.handle.type]
    )
    return UbPointer(op.results[0], ptr.dtype)


def store_unalign_post_update(ptr: UbPointer, ureg: Any, stride: Any = 0) -> UbPointer:
    """`StoreUnAlignPost<T, POST_MODE_UPDATE>(ptr, ureg, stride)`: what `ureg` holds, to
    UB; returns `ptr` advanced by `stride` elements."""
    g = _g("store_unalign_post_update")
    _need(g, ptr, UbPointer, "ptr")
    _ustore(g, ureg)
    s = g.integer(stride, "stride")
    op = _build(g, "RegStoreUnalignPostUpdateOp", [ptr.handle, ureg.handle, s], [ptr.handle.type])
    return UbPointer(op.results[0], ptr.dtype)


def store_unalign_areg(ptr: UbPointer, src: RegTensor, ureg: Any, areg: AddrReg) -> None:
    """`StoreUnAlign(ptr, src, ureg, areg)`: src's 256 bytes to the element address `ptr`
    plus the AddrReg's offset, through `ureg`; `ptr` is not advanced."""
    g = _g("store_unalign_areg")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, src, RegTensor, "src")
    _ustore(g, ureg)
    _need(g, areg, AddrReg, "areg")
    _same_type(g, ptr, src, "store_unalign_areg")
    operands = [ptr.handle, src.handle, ureg.handle, areg.handle]
    _build(g, "RegStoreUnalignAregOp", operands, [])


def store_unalign_post_areg(ptr: UbPointer, ureg: Any, areg: AddrReg) -> None:
    """`StoreUnAlignPost(ptr, ureg, areg)`: what `ureg` holds, to UB."""
    g = _g("store_unalign_post_areg")
    _need(g, ptr, UbPointer, "ptr")
    _ustore(g, ureg)
    _need(g, areg, AddrReg, "areg")
    _build(g, "RegStoreUnalignPostAregOp", [ptr.handle, ureg.handle, areg.handle], [])


def load_unalign_pre_areg(ptr: UbPointer, areg: AddrReg) -> UnalignReg:
    """`LoadUnAlignPre(ureg, ptr, areg)`: an unaligned load at `ptr` plus the offset."""
    g = _g("load_unalign_pre")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, areg, AddrReg, "areg")
    op = _build(g, "RegLoadUnalignPreAregOp", [ptr.handle, areg.handle], [_ureg_type()])
    return UnalignReg(op.results[0])


def load_unalign_areg(
    ureg: UnalignReg, ptr: UbPointer, areg: AddrReg
) -> tuple[RegTensor, UnalignReg]:
    """`LoadUnAlign(dst, ureg, ptr, areg, 0)` (its `inc` unused): (the register at `ptr` plus the AddrReg's
    offset, the stream register after); `ptr` is not advanced."""
    g = _g("load_unalign_areg")
    _need(g, ureg, UnalignReg, "ureg")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, areg, AddrReg, "areg")
    results = [_reg_type(ptr.dtype), _ureg_type()]
    operands = [ureg.handle, ptr.handle, areg.handle, g.integer(0, "inc")]  # (unused: 0)
    op = _build(g, "RegLoadUnalignAregOp", operands, results)
    return RegTensor(op.results[0], ptr.dtype), UnalignReg(op.results[1])


def _mask_dist(g: Any, dist: Any, store: bool) -> Any:
    """`dist=` of a mask copy as a MaskLoadDist / MaskStoreDist (None: none)."""
    from asc_xdsl.language.reg import MaskLoadDist, MaskStoreDist

    return None if dist is None else g.enum(dist, MaskStoreDist if store else MaskLoadDist, "dist")


def load_mask_post(ptr: UbPointer, stride: Any, dist: Any = None) -> tuple[MaskReg, UbPointer]:
    """`LoadAlign<T, POST_MODE_UPDATE>(mask, ptr, stride)`: (a mask register from the 32
    aligned bytes at `ptr`, `ptr` advanced by `stride` BYTES, as the C++ counts it);
    `dist=` a MaskLoadDist (`LoadAlign<T, POST_MODE_UPDATE, MaskDist::dist>`)."""
    g = _g("load_mask_post")
    _need(g, ptr, UbPointer, "ptr")
    d = _mask_dist(g, dist, False)
    s = g.integer(stride, "stride")
    op = _build(g, "RegLoadMaskPostOp", [ptr.handle, s], [_mask_type(), ptr.handle.type], dist=d)
    return MaskReg(op.results[0]), UbPointer(op.results[1], ptr.dtype)


def store_mask_post(ptr: UbPointer, mask: MaskReg, stride: Any, dist: Any = None) -> UbPointer:
    """`StoreAlign<T, POST_MODE_UPDATE>(ptr, mask, stride)`: the mask register as 32 bytes
    at the aligned `ptr`; returns `ptr` advanced by `stride` BYTES. `dist=` a
    MaskStoreDist (`StoreAlign<T, POST_MODE_UPDATE, MaskDist::dist>`)."""
    g = _g("store_mask_post")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, mask, MaskReg, "mask")
    d = _mask_dist(g, dist, True)
    s = g.integer(stride, "stride")
    op = _build(g, "RegStoreMaskPostOp", [ptr.handle, mask.handle, s], [ptr.handle.type], dist=d)
    return UbPointer(op.results[0], ptr.dtype)


def load_mask_areg(ptr: UbPointer, areg: AddrReg, dist: Any = None) -> MaskReg:
    """`LoadAlign(mask, ptr, areg)` (what `load_mask(ptr, areg)` builds; `dist=` a
    MaskLoadDist: `LoadAlign<T, MaskDist::dist>(mask, ptr, areg)`)."""
    g = _g("load_mask")
    _need(g, ptr, UbPointer, "ptr")
    d = _mask_dist(g, dist, False)
    op = _build(g, "RegLoadMaskAregOp", [ptr.handle, areg.handle], [_mask_type()], dist=d)
    return MaskReg(op.results[0])


def store_mask_areg(ptr: UbPointer, mask: MaskReg, areg: AddrReg, dist: Any = None) -> None:
    """`StoreAlign(ptr, mask, areg)` (what `store_mask(ptr, mask, areg)` builds; `dist=` a
    MaskStoreDist: `StoreAlign<T, MaskDist::dist>(ptr, mask, areg)`)."""
    g = _g("store_mask")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, mask, MaskReg, "mask")
    d = _mask_dist(g, dist, True)
    _build(g, "RegStoreMaskAregOp", [ptr.handle, mask.handle, areg.handle], [], dist=d)


def store_mask_unalign(ptr: UbPointer, mask: MaskReg, ureg: Any) -> UbPointer:
    """`StoreUnAlign(ptr, mask, ureg)`: one bit per element of the pointer's b16 / b32 type
    (16 / 8 bytes) to `ptr` through `ureg`; returns `ptr` advanced past them. End the
    stream with `store_unalign_post_update(ptr, ureg)`."""
    g = _g("store_mask_unalign")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, mask, MaskReg, "mask")
    _ustore(g, ureg)
    op = _build(
        g, "RegStoreMaskUnalignOp", [ptr.handle, mask.handle, ureg.handle], [ptr.handle.type]
    )
    return UbPointer(op.results[0], ptr.dtype)
