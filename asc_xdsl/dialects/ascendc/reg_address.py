"""The Reg layer's address forms (`AscendC::Reg`, Ascend 950 / arch 3510).

The plain `LoadAlign` / `StoreAlign` of `reg.py` address UB as `ptr + offset`. The
headers have three more ways, each an op here:

* PostUpdate (`PostLiteral::POST_MODE_UPDATE`): the access is at `ptr`, then the
  pointer, taken by reference, advances by `stride` elements. The C++ pointer is
  written through, so here the op's result `next` is the advanced pointer (a loop
  carries it, as the C++ loop carries the variable): `reg.load_align_post`,
  `reg.store_align_post`, and the unaligned stream `reg.load_unalign_pre` +
  `reg.load_unalign_post`, whose `UnalignRegForLoad` is carried the same way.
* Two registers (DIST_DINTLV_Bn / DIST_INTLV_Bn): `reg.load_align_dintlv` /
  `reg.store_align_intlv` at `ptr + offset`, `reg.load_align_dintlv_post` (PostUpdate),
  `reg.load_align_dintlv_areg` / `reg.store_align_intlv_areg` (AddrReg); the headers
  have no PostUpdate two-register store.
* AddrReg: `reg.create_addr_reg` makes an `!ascendc.addr_reg` of the element offset
  `index0 * stride0 + ...` (up to four loop levels), which `reg.load_align_areg` /
  `reg.store_align_areg` add to the pointer.
* DataBlock copy (`DataCopyMode::DATA_BLOCK_COPY`): `reg.load_align_block` /
  `reg.store_align_block` (PostUpdate: `reg.load_align_block_post` /
  `reg.store_align_block_post`, the pointer advanced by `repeat_stride` blocks) move the register's eight 32-byte DataBlocks from / to
  `ptr + offset + k * block_stride * 32` bytes (k = 0..7), block by block under the
  mask (a load takes a whole block when any of its elements is enabled, zeros
  otherwise).
* GatherB: `reg.gather_b` gathers the register's eight DataBlocks from byte offsets
  in a uint32 index register.
* AuxScalar: `reg.load_scalar` reads one element of UB into a scalar inside a vector
  function (C++: `ptr[offset]`).
* The forms of issue 30 (end of the file): the DataBlock copies' POST_MODE_NORMAL
  (`reg.load_align_block_normal`, at `ptr` + `repeat_stride` blocks, `ptr` unchanged),
  the unaligned store stream through an `UnalignRegForStore`, PostUpdate
  (`reg.store_unalign_update` / `reg.store_unalign_post_update`) and AddrReg
  (`reg.store_unalign_areg` / `reg.store_unalign_post_areg`), the AddrReg unaligned load
  (`reg.load_unalign_pre_areg` / `reg.load_unalign_areg`), and the mask register's
  PostUpdate (a step in bytes), AddrReg and unaligned copies (`reg.load_mask_post`,
  `reg.store_mask_post`, `reg.load_mask_areg`, `reg.store_mask_areg`,
  `reg.store_mask_unalign`). They print through the generic Reg printer, which writes a
  `next` / `ureg_next` result through its operand in place.

`reg.mask_gen_with_reg_tensor` (`MaskGenWithRegTensor`, the mask register loaded from a
vector register's bits) and `reg.mask_move` (`Move` of mask registers) are here too,
with the other data movement into registers.

Sources: `include/basic_api/reg_compute/kernel_reg_compute_datacopy_intf.h`,
`kernel_reg_compute_addrreg_intf.h`, `kernel_reg_compute_maskreg_intf.h`; the API pages
under `docs/zh/api/SIMD-API/基础API/Reg矢量计算` (Reg数据搬入, AddrReg, PostLiteral).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import IntegerType, ModuleOp
from xdsl.ir import Block, Operation, Region
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.reg import (
    B8_FLOATS,
    COMPLEX,
    MASK,
    REG_DTYPES,
    TRAIT_TWO_OPS,
    RegLoadDistOp,
    RegOp,
    RegStoreDistOp,
    _format,
    _if_dist,
    _operand_element,
    _result_element,
    element_bytes,
    reg,
    ub,
)
from asc_xdsl.dialects.ascendc.reg_address_types import AddrRegType, UnalignRegForLoadType
from asc_xdsl.dialects.ascendc.reg_types import (
    LoadDist,
    MaskLoadDist,
    MaskRegType,
    MaskStoreDist,
    StoreDist,
    UnalignRegForStoreType,
)
from asc_xdsl.dialects.ascendc.spec import (
    INT,
    Arity,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    PropKind,
    Result,
    SpecOp,
    elem,
    of_type,
)

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.reg_address import *  # noqa: F403

ADDR = of_type(AddrRegType)
UREG = of_type(UnalignRegForLoadType)

MAX_LOOP_LEVELS = 4
"""`CreateAddrReg` binds at most four loop indices (the hardware loop's limit)."""

_B16_B32 = ("i16", "ui16", "f16", "bf16", "i32", "ui32", "f32")
_LOAD_STORE = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "bf16", "f32")
# (the 8- and 4-bit floats: every register form's b8 branch, `SupportBytes<T, 1>`, moves
# them as uint8; reg.FP8_OPS)
_BYTES = (*_LOAD_STORE, *B8_FLOATS)
_WITH_COMPLEX = (*_BYTES, *COMPLEX)  # (the contiguous forms move complex bytes too)
# (and 64-bit elements: the PostUpdate, unaligned-stream and AddrReg forms' b64 branches
# in dav_3510's datacopy_load / _store impls; the PostUpdate ones RegTraitNumTwo too)
_WITH_B64 = (*_WITH_COMPLEX, "i64", "ui64")
# (the DataBlock copies: b8 / b16 / b32, complex32 moved as b32 words, the headers' vsldb /
# vsstb of a complex32 register; complex64 is b64, which they refuse)
_BLOCK_TYPES = (*_BYTES, "complex<f16>")
# (the two-register forms: b8 / b16 / b32 with their _Bn mode, and 64-bit elements with
# the _B32 one, which the header applies to them as to 32-bit words: RegDualDistOp)
_DUAL_TYPES = (*_BYTES, "i64", "ui64")


def _enclosing_loops(op: Operation) -> list[scf.ForOp]:
    """The `scf.for` ops around `op`, outermost first."""
    loops = []
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, scf.ForOp):
            loops.append(parent)
        parent = parent.parent_op()
    return loops[::-1]


class CreateAddrRegOp(RegOp):
    """`CreateAddrReg<T>(index0, stride0, ...)`: one to four (index, stride) pairs, each
    index the counter of an enclosing loop, outermost first (the hardware loops the
    register's offset advances with)."""

    def verify_(self) -> None:
        super().verify_()
        n = len(self.operands)
        if n % 2 or not 2 <= n <= 2 * MAX_LOOP_LEVELS:
            raise VerifyException(
                f"'{self.name}': CreateAddrReg takes 1 to {MAX_LOOP_LEVELS} (index, stride) "
                f"pairs, got {n} operand(s)"
            )
        loops = _enclosing_loops(self)
        counters = [loop.body.block.args[0] for loop in loops]
        depth = -1
        for k, index in enumerate(self.operands[0::2]):
            if index not in counters:
                raise VerifyException(
                    f"'{self.name}': index{k} must be the counter of an enclosing loop "
                    "(CreateAddrReg binds its offset to hardware loops)"
                )
            level = counters.index(index)
            if level <= depth:
                raise VerifyException(
                    f"'{self.name}': index{k} belongs to a loop outside index{k - 1}'s "
                    "(the indices go outermost first, one loop each)"
                )
            depth = level

    @classmethod
    def complete_sample(cls, module: ModuleOp, f: func.FuncOp, op: Operation) -> None:
        """The sample sits in one loop per (index, stride) pair, each index its loop's
        counter (the stride stays the function's argument)."""
        super().complete_sample(module, f, op)
        block = op.parent_block()
        assert block is not None
        anchor, inner = op, None
        for k in range(len(op.operands) // 2):
            bounds = [arith.ConstantOp.from_int_and_width(v, 32) for v in (0, 2, 1)]
            body = Block(arg_types=[IntegerType(32)])
            loop = scf.ForOp(*bounds, [], Region(body))
            target = block if inner is None else inner
            target.insert_ops_before([*bounds, loop], anchor)
            op.operands[2 * k] = body.args[0]
            body.add_op(scf.YieldOp())
            inner, anchor = body, body.last_op
        op.detach()
        assert inner is not None
        inner.insert_op_before(op, inner.last_op)


class MaskGenOp(RegOp):
    """`MaskGenWithRegTensor<T, offset>`: the offset selects one of the register's
    16-byte (b16) or 8-byte (b32) blocks."""

    def verify_(self) -> None:
        super().verify_()
        t = self.src.type.element_type  # type: ignore[attr-defined]
        blocks = 16 if getattr(t, "bitwidth", 32) == 16 else 32
        offset = self.properties["offset"].value.data  # type: ignore[attr-defined]
        if not 0 <= offset < blocks:
            raise VerifyException(
                f"'{self.name}': MaskGenWithRegTensor's offset must be in 0..{blocks - 1} for "
                f"{t} (the register's {blocks} blocks), got {offset}"
            )


def _add(
    cls: str,
    mnemonic: str,
    api: str,
    operands: tuple[Operand, ...] = (),
    results: tuple[Result, ...] = (),
    *,
    props: tuple[Prop, ...] = (),
    template: tuple = (),
    dtypes: dict[str, tuple[str, ...]] | None = None,
    doc: str,
    base: type[SpecOp] = RegOp,
    example: dict | None = None,
    in_reg_namespace: bool = True,
) -> None:
    example = dict(example or {})
    for var, allowed in (dtypes or {}).items():
        example.setdefault(var, "f32" if "f32" in allowed else allowed[-1])
    spec = OpSpec(
        f"reg.{mnemonic}",
        f"Reg::{api}" if in_reg_namespace else api,
        operands,
        props=props,
        results=results,
        emit=EmitKind.CUSTOM,
        template=template,
        pipe="V",
        py=None,  # (the Python API is asc_xdsl.language.reg.address)
        sim=f"reg_address:{mnemonic}",
        doc=doc,
        format=_format(operands, results),
        example=example,
    )
    if dtypes:
        REG_DTYPES[spec.mnemonic] = dtypes
    FAMILY.add(cls, spec, base)


_PTR = Operand("ptr", ub("T"), Effect.READ)
_DST_PTR = Operand("ptr", ub("T"), Effect.WRITE)
_STRIDE = Operand("stride", INT)
_NEXT = Result("next", ub("T"))
_MASK = Operand("mask", MASK)
_LOAD_DIST = Prop("dist", LoadDist, optional=True)
_STORE_DIST = Prop("dist", StoreDist, optional=True)
_MASK_LOAD_DIST = Prop("dist", MaskLoadDist, optional=True)
_MASK_STORE_DIST = Prop("dist", MaskStoreDist, optional=True)

# -- PostUpdate ----------------------------------------------------------------------

_add(
    "RegLoadAlignPostOp",
    "load_align_post",
    "LoadAlign",
    (_PTR, _STRIDE),
    (Result("dst", reg("T")), _NEXT),
    props=(_LOAD_DIST,),
    dtypes={"T": _WITH_B64},
    base=RegLoadDistOp,
    example={"dist": LoadDist.DIST_US_B16, "T": "f16"},
    doc="`LoadAlign<T, PostLiteral::POST_MODE_UPDATE>(dst, p, stride)` (with `dist`: "
    "`LoadAlign<T, POST_MODE_UPDATE, dist>`, the modes of `reg.load_align`): 256 bytes from "
    "the 32-byte aligned address `ptr`; `next` is `ptr + stride` elements (the pointer "
    "the C++ call advances).",
)
_add(
    "RegStoreAlignPostOp",
    "store_align_post",
    "StoreAlign",
    (_DST_PTR, _STRIDE, Operand("src", reg("T")), _MASK),
    (_NEXT,),
    props=(_STORE_DIST,),
    dtypes={"T": _WITH_B64},
    base=RegStoreDistOp,
    example={"dist": StoreDist.DIST_FIRST_ELEMENT_B32},
    doc="`StoreAlign<T, PostLiteral::POST_MODE_UPDATE>(p, src, stride, mask)` (with "
    "`dist`: `StoreAlign<T, POST_MODE_UPDATE, dist>`, the modes of `reg.store_align`): the "
    "enabled elements to the 32-byte aligned address `ptr`; `next` is `ptr + stride` "
    "elements.",
)
_add(
    "RegLoadUnalignPreOp",
    "load_unalign_pre",
    "LoadUnAlignPre",
    (_PTR,),
    (Result("ureg", UREG, UnalignRegForLoadType()),),
    dtypes={"T": _WITH_B64},
    doc="`LoadUnAlignPre(ureg, ptr)`: starts an unaligned load stream at `ptr` (any "
    "element address); `ureg` is the stream's register.",
)
_add(
    "RegLoadUnalignPostOp",
    "load_unalign_post",
    "LoadUnAlign",
    (Operand("ureg", UREG), _PTR, _STRIDE),
    (
        Result("dst", reg("T")),
        Result("ureg_next", UREG, UnalignRegForLoadType()),
        _NEXT,
    ),
    dtypes={"T": _WITH_B64},
    doc="`LoadUnAlign(dst, ureg, p, stride)` (POST_MODE_UPDATE): 256 bytes from the "
    "element address `ptr` through the stream register `ureg` (primed by "
    "LoadUnAlignPre); `next` is `ptr + stride` elements, `ureg_next` the register after.",
)

# -- AddrReg ----------------------------------------------------------------------------

_add(
    "RegCreateAddrRegOp",
    "create_addr_reg",
    "CreateAddrReg",
    (Operand("pairs", INT, arity=Arity.VARIADIC),),
    (Result("areg", ADDR, AddrRegType()),),
    props=(Prop("dtype", kind=PropKind.TYPE),),
    template=("dtype",),
    base=CreateAddrRegOp,
    example={"dtype": "f32", "pairs": 2},
    doc="`CreateAddrReg<T>(index0, stride0, ...)` of 1 to 4 (index, stride) pairs "
    "(`pairs` holds them in turn): an address register of `index0 * stride0 + ...` "
    "elements of T. Each index is the counter of one enclosing loop, outermost first.",
)
_add(
    "RegLoadAlignAregOp",
    "load_align_areg",
    "LoadAlign",
    (_PTR, Operand("areg", ADDR)),
    (Result("dst", reg("T")),),
    props=(_LOAD_DIST,),
    dtypes={"T": _WITH_B64},
    base=RegLoadDistOp,
    example={"dist": LoadDist.DIST_E2B_B32},
    doc="`LoadAlign(dst, ptr, areg)` (with `dist`: `LoadAlign<T, dist>(dst, ptr, areg)`, "
    "the modes of `reg.load_align`): 256 bytes from the 32-byte aligned address `ptr` "
    "plus the address register's offset.",
)
_add(
    "RegStoreAlignAregOp",
    "store_align_areg",
    "StoreAlign",
    (_DST_PTR, Operand("areg", ADDR), Operand("src", reg("T")), _MASK),
    props=(_STORE_DIST,),
    dtypes={"T": _WITH_B64},
    base=RegStoreDistOp,
    example={"dist": StoreDist.DIST_PACK4_B32},
    doc="`StoreAlign(ptr, src, areg, mask)` (with `dist`: `StoreAlign<T, dist>(ptr, src, "
    "areg, mask)`, the modes of `reg.store_align`): the enabled elements to the 32-byte aligned "
    "address `ptr` plus the address register's offset.",
)

# -- DataBlock copy (DataCopyMode::DATA_BLOCK_COPY) -----------------------------------

_BLOCK_STRIDE = Operand("block_stride", INT)
_add(
    "RegLoadAlignBlockOp",
    "load_align_block",
    "LoadAlign",
    (_PTR, Operand("offset", INT), _BLOCK_STRIDE, _MASK),
    (Result("dst", reg("T")),),
    dtypes={"T": _BLOCK_TYPES},  # (b8, b16, b32, complex32 as b32)
    doc="`LoadAlign<T, DataCopyMode::DATA_BLOCK_COPY>(dst, ptr + offset, blockStride, "
    "mask)`: the register's eight 32-byte DataBlocks, block k from `ptr + offset` plus "
    "`k * block_stride` DataBlocks (32-byte aligned; stride 0 repeats the first block). "
    "A block with any element enabled by `mask` is loaded whole, one with none reads "
    "nothing and is 0.",
)
_add(
    "RegStoreAlignBlockOp",
    "store_align_block",
    "StoreAlign",
    (_DST_PTR, Operand("offset", INT), _BLOCK_STRIDE, Operand("src", reg("T")), _MASK),
    dtypes={"T": _BLOCK_TYPES},  # (b8, b16, b32, complex32 as b32)
    doc="`StoreAlign<T, DataCopyMode::DATA_BLOCK_COPY>(ptr + offset, src, blockStride, "
    "mask)`: the register's eight 32-byte DataBlocks, block k to `ptr + offset` plus "
    "`k * block_stride` DataBlocks (32-byte aligned), its elements enabled by `mask` "
    "written (a block with none touches nothing).",
)

# -- two registers (LoadDist::DIST_DINTLV_Bn, StoreDist::DIST_INTLV_Bn) -----------------


class RegDualDistOp(RegOp):
    """The two-register LoadAlign / StoreAlign: `dist` is one of the (de)interleaving
    modes 3510 takes for two registers (`CheckLoadDist<2>` / `CheckStoreDist<2>`), whose
    `_Bn` names the element size -- or, for 64-bit elements, the 32-bit words the header
    moves them as (DIST_DINTLV_B32 / DIST_INTLV_B32 only)."""

    KIND: ClassVar[str] = ""
    ENUM: ClassVar[type] = LoadDist
    REGISTER: ClassVar[str] = ""

    def verify_(self) -> None:
        super().verify_()
        dist = self.ENUM(self.properties["dist"].value.data)  # type: ignore[attr-defined]
        sizes = {f"DIST_{self.KIND}_B{8 * n}": n for n in (1, 2, 4)}
        api = self.SPEC.api.removeprefix("Reg::")
        if dist.name not in sizes:
            raise VerifyException(
                f"'{self.name}': the two-register {api} takes {', '.join(sizes)}, not {dist.name}"
            )
        t = getattr(self, self.REGISTER).type.element_type
        size = element_bytes(t)
        if size == 8 and sizes[dist.name] != 4:
            raise VerifyException(
                f"'{self.name}': {api} of 64-bit elements takes DIST_{self.KIND}_B32 only (the "
                f"header moves them as 32-bit words; which bytes {dist.name} would move of "
                "them the API pages do not say), not " + dist.name
            )
        if size not in (8, sizes[dist.name]):
            raise VerifyException(
                f"'{self.name}': {api} {dist.name} takes b{8 * sizes[dist.name]} elements, not {t}"
            )


class RegLoadDintlvBase(RegDualDistOp):
    KIND: ClassVar[str] = "DINTLV"
    ENUM: ClassVar[type] = LoadDist
    REGISTER: ClassVar[str] = "dst0"


class RegStoreIntlvBase(RegDualDistOp):
    KIND: ClassVar[str] = "INTLV"
    ENUM: ClassVar[type] = StoreDist
    REGISTER: ClassVar[str] = "src0"


_add(
    "RegLoadAlignDintlvOp",
    "load_align_dintlv",
    "LoadAlign",
    (_PTR, Operand("offset", INT)),
    (Result("dst0", reg("T")), Result("dst1", reg("T"))),
    props=(Prop("dist", LoadDist),),
    template=(_result_element(0), "dist"),
    dtypes={"T": _DUAL_TYPES},
    base=RegLoadDintlvBase,
    example={"dist": LoadDist.DIST_DINTLV_B32},
    doc="`LoadAlign<T, dist>(dst0, dst1, ptr + offset)` with dist DIST_DINTLV_Bn (n-bit T): "
    "two registers' worth (512 bytes) from a 32-byte aligned UB address, deinterleaved: "
    "the even elements to dst0, the odd ones to dst1. 64-bit T (int64 / uint64) takes "
    "DIST_DINTLV_B32, the header's vlds of the int64 registers: the even 32-bit words to "
    "dst0 and the odd ones to dst1, so dst0's element i is the low words of elements 2i "
    "(low) and 2i + 1 (high), dst1's their high words.",
)
_add(
    "RegStoreAlignIntlvOp",
    "store_align_intlv",
    "StoreAlign",
    (_DST_PTR, Operand("offset", INT), Operand("src0", reg("T")), Operand("src1", reg("T")), _MASK),
    props=(Prop("dist", StoreDist),),
    template=(_operand_element("src0"), "dist"),
    dtypes={"T": _DUAL_TYPES},
    base=RegStoreIntlvBase,
    example={"dist": StoreDist.DIST_INTLV_B32},
    doc="`StoreAlign<T, dist>(ptr + offset, src0, src1, mask)` with dist DIST_INTLV_Bn "
    "(n-bit T): src0 and src1 interleaved (src0[i] at 2i, src1[i] at 2i + 1), 512 bytes "
    "to a 32-byte aligned UB address; the mask is ignored, as the API page says. 64-bit T "
    "takes DIST_INTLV_B32 (the header's vsts of int32 registers): the 32-bit words of src0 "
    "and src1 interleaved, `reg.load_align_dintlv`'s inverse.",
)

_add(
    "RegLoadAlignDintlvPostOp",
    "load_align_dintlv_post",
    "LoadAlign",
    (_PTR, _STRIDE),
    (Result("dst0", reg("T")), Result("dst1", reg("T")), _NEXT),
    props=(Prop("dist", LoadDist),),
    dtypes={"T": _DUAL_TYPES},
    base=RegLoadDintlvBase,
    example={"dist": LoadDist.DIST_DINTLV_B16, "T": "f16"},
    doc="`LoadAlign<T, PostLiteral::POST_MODE_UPDATE, dist>(dst0, dst1, p, stride)` with "
    "dist DIST_DINTLV_Bn (n-bit T): as `reg.load_align_dintlv` from the 32-byte aligned "
    "address `ptr`; `next` is `ptr + stride` elements.",
)
_add(
    "RegLoadAlignDintlvAregOp",
    "load_align_dintlv_areg",
    "LoadAlign",
    (_PTR, Operand("areg", ADDR)),
    (Result("dst0", reg("T")), Result("dst1", reg("T"))),
    props=(Prop("dist", LoadDist),),
    dtypes={"T": _DUAL_TYPES},
    base=RegLoadDintlvBase,
    example={"dist": LoadDist.DIST_DINTLV_B8, "T": "ui8"},
    doc="`LoadAlign<T, dist>(dst0, dst1, ptr, areg)` with dist DIST_DINTLV_Bn (n-bit T): as "
    "`reg.load_align_dintlv` from the 32-byte aligned address `ptr` plus the address "
    "register's offset.",
)
_add(
    "RegStoreAlignIntlvAregOp",
    "store_align_intlv_areg",
    "StoreAlign",
    (_DST_PTR, Operand("areg", ADDR), Operand("src0", reg("T")), Operand("src1", reg("T")), _MASK),
    props=(Prop("dist", StoreDist),),
    dtypes={"T": _DUAL_TYPES},
    base=RegStoreIntlvBase,
    example={"dist": StoreDist.DIST_INTLV_B32},
    doc="`StoreAlign<T, dist>(ptr, src0, src1, areg, mask)` with dist DIST_INTLV_Bn (n-bit "
    "T): as `reg.store_align_intlv` to the 32-byte aligned address `ptr` plus the address "
    "register's offset (the headers have no PostUpdate form of the two-register store).",
)

# -- DataBlock copy with PostUpdate ------------------------------------------------------

_REPEAT_STRIDE = Operand("repeat_stride", INT)
_add(
    "RegLoadAlignBlockPostOp",
    "load_align_block_post",
    "LoadAlign",
    (_PTR, _BLOCK_STRIDE, _REPEAT_STRIDE, _MASK),
    (Result("dst", reg("T")), _NEXT),
    dtypes={"T": _BLOCK_TYPES},  # (b8, b16, b32, complex32 as b32)
    doc="`LoadAlign<T, DataCopyMode::DATA_BLOCK_COPY, PostLiteral::POST_MODE_UPDATE>(dst, "
    "p, blockStride, repeatStride, mask)`: as `reg.load_align_block` from `ptr`; `next` is "
    "`ptr` plus `repeat_stride` DataBlocks (32 bytes each; the low 16 bits kept).",
)
_add(
    "RegStoreAlignBlockPostOp",
    "store_align_block_post",
    "StoreAlign",
    (_DST_PTR, _BLOCK_STRIDE, _REPEAT_STRIDE, Operand("src", reg("T")), _MASK),
    (_NEXT,),
    dtypes={"T": _BLOCK_TYPES},  # (b8, b16, b32, complex32 as b32)
    doc="`StoreAlign<T, DataCopyMode::DATA_BLOCK_COPY, PostLiteral::POST_MODE_UPDATE>(p, "
    "src, blockStride, repeatStride, mask)`: as `reg.store_align_block` to `ptr`; `next` is "
    "`ptr` plus `repeat_stride` DataBlocks (32 bytes each; the low 16 bits kept).",
)

# -- GatherB (vgatherb) ------------------------------------------------------------------

_add(
    "RegGatherBOp",
    "gather_b",
    "GatherB",
    (_PTR, Operand("index", reg("I")), _MASK),
    (Result("dst", reg("T")),),
    dtypes={"T": (*_BYTES, "i64", "ui64"), "I": ("ui32",)},
    example={"T": "f32", "I": "ui32"},
    doc="`GatherB(dst, ptr, index, mask)`: DataBlock j (32 bytes) of dst from `ptr` plus "
    "`index[j]` bytes (j = 0..7; each offset a multiple of 32, `ptr` 32-byte aligned). A "
    "block with any element enabled by `mask` is read whole, one with none reads nothing "
    "and is 0 (the DataBlock copy's rule; the GatherB page does not say).",
)

# -- AuxScalar and MaskReg from a register -------------------------------------------

_add(
    "RegLoadScalarOp",
    "load_scalar",
    "operator[]",
    (_PTR, Operand("offset", INT)),
    (Result("value", elem("T")),),
    dtypes={"T": _LOAD_STORE},
    in_reg_namespace=False,
    doc="`ptr[offset]` inside a vector function (AuxScalar): one element of UB as a "
    "scalar, for the scalar operand of a Reg op (`Adds(dst, src, ptr[i], mask)`).",
)
_add(
    "RegMaskGenWithRegTensorOp",
    "mask_gen_with_reg_tensor",
    "MaskGenWithRegTensor",
    (Operand("src", reg("T")),),
    (Result("mask", MASK, MaskRegType()),),
    props=(Prop("offset", kind=PropKind.INT, int_type="i16", default=0),),
    template=(_operand_element("src"), "offset"),
    dtypes={"T": _B16_B32},
    base=MaskGenOp,
    example={"offset": 0},
    doc="`MaskGenWithRegTensor<T, offset>(mask, src)`: block `offset` of src (16 bytes "
    "for b16, 8 bytes for b32) as a mask register, each of its bits repeated "
    "sizeof(T) times, so bit k enables element k of T.",
)

_add(
    "RegMaskMoveOp",
    "mask_move",
    "Move",
    (Operand("src", MASK), _MASK),
    (Result("dst", MASK, MaskRegType()),),
    doc="`Move(dst, src, mask)` of mask registers: src's bits where `mask` is set, 0 elsewhere.",
)

# -- the forms of 3510 the sections above leave out (issue 30) ---------------------------
#
# * the DataBlock copies' POST_MODE_NORMAL: at `p + repeatStride` DataBlocks, `p` unchanged;
# * the PostUpdate unaligned store stream (vstus / vstas), the AddrReg unaligned accesses
#   (vlda / vldu, vstu / vsta);
# * the mask register's PostUpdate and AddrReg loads and stores (plds / psts with
#   POST_MODE_UPDATE, pld / pst) and its unaligned store (pstu).

USTORE = of_type(UnalignRegForStoreType)
_T = _operand_element("ptr")  # (T of the template: the pointer's element type)


def _literal(text: str):
    """A template argument spelled as it is (`PostLiteral::POST_MODE_UPDATE`)."""

    def spelled(op: Operation) -> str:
        return f"AscendC::Reg::{text}"

    spelled.__name__ = text.rsplit(":", 1)[-1].lower()
    return spelled


_UPDATE = _literal("PostLiteral::POST_MODE_UPDATE")
_NORMAL_BLOCK = (
    _T,
    _literal("DataCopyMode::DATA_BLOCK_COPY"),
    _literal("PostLiteral::POST_MODE_NORMAL"),
)
_B64 = ("i64", "ui64")
_UNALIGN_TYPES = (*_BYTES, *_B64, *COMPLEX)  # (b8 to b64: `SupportBytes<T, 1, 2, 4, 8>`)
_MASK_TYPES = (*_BYTES, *_B64)  # (the mask copies: b8 to b64)

_add(
    "RegLoadAlignBlockNormalOp",
    "load_align_block_normal",
    "LoadAlign",
    (_PTR, _BLOCK_STRIDE, _REPEAT_STRIDE, _MASK),
    (Result("dst", reg("T")),),
    template=_NORMAL_BLOCK,
    dtypes={"T": _BLOCK_TYPES},
    doc="`LoadAlign<T, DataCopyMode::DATA_BLOCK_COPY, PostLiteral::POST_MODE_NORMAL>(dst, p, "
    "blockStride, repeatStride, mask)`: as `reg.load_align_block` from `ptr` plus "
    "`repeat_stride` DataBlocks (the header's `p + repeatStride * 32 / sizeof(T)`: all 32 "
    "bits of the stride); `ptr` is not advanced.",
)
_add(
    "RegStoreAlignBlockNormalOp",
    "store_align_block_normal",
    "StoreAlign",
    (_DST_PTR, Operand("src", reg("T")), _BLOCK_STRIDE, _REPEAT_STRIDE, _MASK),
    template=_NORMAL_BLOCK,
    dtypes={"T": _BLOCK_TYPES},
    doc="`StoreAlign<T, DataCopyMode::DATA_BLOCK_COPY, PostLiteral::POST_MODE_NORMAL>(p, src, "
    "blockStride, repeatStride, mask)`: as `reg.store_align_block` to `ptr` plus "
    "`repeat_stride` DataBlocks; `ptr` is not advanced.",
)
_add(
    "RegStoreUnalignUpdateOp",
    "store_unalign_update",
    "StoreUnAlign",
    (_DST_PTR, Operand("src", reg("T")), Operand("ureg", USTORE), _STRIDE),
    (_NEXT,),
    template=(_T, _UPDATE),
    dtypes={"T": _UNALIGN_TYPES},
    doc="`StoreUnAlign<T, PostLiteral::POST_MODE_UPDATE>(p, src, ureg, stride)` (vstus): "
    "the first `stride` elements of src to the element address `ptr`, through the stream "
    "register `ureg` (the bytes past the last 32-byte boundary wait in it for the next "
    "store or `reg.store_unalign_post_update`); `next` is `ptr + stride` elements. A "
    "RegTraitNumTwo pair (b64, complex32) stores up to its 2 x VL bytes.",
)
_add(
    "RegStoreUnalignPostUpdateOp",
    "store_unalign_post_update",
    "StoreUnAlignPost",
    (_DST_PTR, Operand("ureg", USTORE), _STRIDE),
    (_NEXT,),
    template=(_T, _UPDATE),
    dtypes={"T": _UNALIGN_TYPES},
    doc="`StoreUnAlignPost<T, PostLiteral::POST_MODE_UPDATE>(p, ureg, stride)` (vstas): what "
    "the stream register `ureg` still holds written to UB (the stream's tail); `next` is "
    "`ptr + stride` elements (the samples pass 0).",
)
_add(
    "RegStoreUnalignAregOp",
    "store_unalign_areg",
    "StoreUnAlign",
    (_DST_PTR, Operand("src", reg("T")), Operand("ureg", USTORE), Operand("areg", ADDR)),
    dtypes={"T": _UNALIGN_TYPES},
    doc="`StoreUnAlign(p, src, ureg, areg)` (vstu, the AddrReg form): src's 256 bytes to the "
    "element address `ptr` plus the address register's offset, through `ureg` as the "
    "PostUpdate stream; `ptr` itself is not advanced (the API page's loop recreates the "
    "AddrReg each iteration from an unchanged pointer).",
)
_add(
    "RegStoreUnalignPostAregOp",
    "store_unalign_post_areg",
    "StoreUnAlignPost",
    (_DST_PTR, Operand("ureg", USTORE), Operand("areg", ADDR)),
    dtypes={"T": _UNALIGN_TYPES},
    doc="`StoreUnAlignPost(p, ureg, areg)` (vsta): what `ureg` still holds written to UB, "
    "ending an AddrReg stream.",
)
_add(
    "RegLoadUnalignPreAregOp",
    "load_unalign_pre_areg",
    "LoadUnAlignPre",
    (_PTR, Operand("areg", ADDR)),
    (Result("ureg", UREG, UnalignRegForLoadType()),),
    dtypes={"T": _UNALIGN_TYPES},
    doc="`LoadUnAlignPre(ureg, ptr, areg)` (vlda): starts an unaligned load at the element "
    "address `ptr` plus the address register's offset.",
)
_add(
    "RegLoadUnalignAregOp",
    "load_unalign_areg",
    "LoadUnAlign",
    (Operand("ureg", UREG), _PTR, Operand("areg", ADDR), Operand("inc", INT)),
    (Result("dst", reg("T")), Result("ureg_next", UREG, UnalignRegForLoadType())),
    dtypes={"T": _UNALIGN_TYPES},
    doc="`LoadUnAlign(dst, ureg, ptr, areg, inc)` (vldu; `inc` is unused, 0 as the page "
    "says): 256 bytes from the element address `ptr` plus the address register's offset, "
    "through `ureg` (primed there by `reg.load_unalign_pre_areg`); `ptr` is not advanced.",
)
_add(
    "RegLoadMaskPostOp",
    "load_mask_post",
    "LoadAlign",
    (_PTR, _STRIDE),
    (Result("mask", MASK, MaskRegType()), _NEXT),
    props=(_MASK_LOAD_DIST,),
    template=(_T, _UPDATE, "dist"),
    example={"T": "ui8", "dist": MaskLoadDist.DIST_DS},
    dtypes={"T": _MASK_TYPES},
    doc="`LoadAlign<T, PostLiteral::POST_MODE_UPDATE>(mask, p, stride)` (plds): a mask "
    "register from the 32 bytes at the 32-byte aligned address `ptr`; `next` is `ptr` plus "
    "`stride` BYTES (the MaskReg LoadAlign page: the update step counts bytes). With `dist` "
    "(`LoadAlign<T, POST_MODE_UPDATE, MaskDist::dist>`) the modes of `reg.load_mask`.",
)
_add(
    "RegStoreMaskPostOp",
    "store_mask_post",
    "StoreAlign",
    (_DST_PTR, _MASK, _STRIDE),
    (_NEXT,),
    props=(_MASK_STORE_DIST,),
    template=(_T, _UPDATE, "dist"),
    example={"T": "ui8", "dist": MaskStoreDist.DIST_PACK},
    dtypes={"T": _MASK_TYPES},
    doc="`StoreAlign<T, PostLiteral::POST_MODE_UPDATE>(p, mask, stride)` (psts): the mask "
    "register's 256 bits as 32 bytes at the 32-byte aligned address `ptr`; `next` is "
    "`ptr` plus `stride` BYTES. With `dist` (`StoreAlign<T, POST_MODE_UPDATE, "
    "MaskDist::dist>`) the modes of `reg.store_mask`.",
)
_add(
    "RegLoadMaskAregOp",
    "load_mask_areg",
    "LoadAlign",
    (_PTR, Operand("areg", ADDR)),
    (Result("mask", MASK, MaskRegType()),),
    props=(_MASK_LOAD_DIST,),
    template=(_if_dist("ptr"), "dist"),
    example={"T": "ui8", "dist": MaskLoadDist.DIST_US},
    dtypes={"T": _MASK_TYPES},
    doc="`LoadAlign(mask, ptr, areg)` (pld): a mask register from the 32 bytes at `ptr` "
    "plus the address register's offset (elements of T; 32-byte aligned). With `dist` "
    "(`LoadAlign<T, MaskDist::dist>(mask, ptr, areg)`) the modes of `reg.load_mask`.",
)
_add(
    "RegStoreMaskAregOp",
    "store_mask_areg",
    "StoreAlign",
    (_DST_PTR, _MASK, Operand("areg", ADDR)),
    props=(_MASK_STORE_DIST,),
    template=(_if_dist("ptr"), "dist"),
    example={"T": "ui8", "dist": MaskStoreDist.DIST_PACK},
    dtypes={"T": _MASK_TYPES},
    doc="`StoreAlign(ptr, mask, areg)` (pst): the mask register as 32 bytes at `ptr` plus "
    "the address register's offset (elements of T; 32-byte aligned). With `dist` "
    "(`StoreAlign<T, MaskDist::dist>(ptr, mask, areg)`) the modes of `reg.store_mask`.",
)
_add(
    "RegStoreMaskUnalignOp",
    "store_mask_unalign",
    "StoreUnAlign",
    (_DST_PTR, _MASK, Operand("ureg", USTORE)),
    (_NEXT,),
    dtypes={"T": ("i16", "ui16", "f16", "bf16", "i32", "ui32", "f32")},  # (b16, b32)
    doc="`StoreUnAlign(p, mask, ureg)` (pstu): one bit per element of T, the mask's bit of "
    "each element's first byte (b16: 128 bits, 16 bytes; b32: 64 bits, 8 bytes), to `ptr` "
    "(16- / 8-byte aligned) through `ureg`; `next` is `ptr` plus those 16 / 8 bytes. "
    "`reg.store_unalign_post_update` ends the stream.",
)
TRAIT_TWO_OPS.update(
    ("reg.store_unalign_update", "reg.load_align_post", "reg.store_align_post"),
    ("reg.load_unalign_post",),
)

__all__ = ["FAMILY", "MAX_LOOP_LEVELS"]
