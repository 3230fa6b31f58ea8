"""The other vector APIs, declared as op specs (see `spec.py`): the vector mask state
(SetVectorMask, ResetMask, SetMaskCount/Norm), gather and scatter, GatherMask, Brcb,
Duplicate, Axpy, BilinearInterpolation, Transpose and TransDataTo5HD.

Mnemonics, operand order and Python keywords are pyasc's (`OpVecGather.td`, ...,
`OpDataConversion.td`); supported element types are those the Ascend C API reference
lists for Atlas A2/A3. Where pyasc prints a call the headers reject, we print what they
accept:

* an API whose template arguments C++ can deduce is called without them (as pyasc
  does), unless a scalar of another type than the tensor's would make deduction fail
  (`Axpy(dst, src, int_scalar, n)`): then they are spelled out (`Axpy<float, float>`);
* offsets and shared buffers have the element types the headers take
  (`LocalTensor<uint32_t>` offsets, `LocalTensor<uint8_t>` scratch), which the verifier
  checks.

`Scatter` is declared for pyasc's IR, but Atlas A2/A3 do not have it: their headers
stop with "Scatter is not supported on current device" when it runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from xdsl.dialects.builtin import IntegerType, Signedness, UnregisteredOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.enums import GatherMaskMode, MaskMode
from asc_xdsl.dialects.ascendc.spec import (
    BOOL,
    INT,
    SCALAR,
    UINT64,
    Arity,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    PropKind,
    Result,
    SpecOp,
    TypeRule,
    exact,
    local,
    local_of,
    predicate,
)
from asc_xdsl.dialects.ascendc.struct_types import of_struct
from asc_xdsl.dialects.ascendc.target import checks_atlas_a2_a3
from asc_xdsl.dialects.ascendc.types import LocalTensorType, TemplateArg
from asc_xdsl.dialects.ascendc.vec_forms import WritesRegisterOp
from asc_xdsl.dialects.ascendc.vector import (
    COUNT,
    IS_SET_MASK,
    MASK,
    MASK_BITS,
    REPEAT_TIMES,
    dst,
    src,
)

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

_UI8, _UI16, _UI32, _UI64 = (IntegerType(w, Signedness.UNSIGNED) for w in (8, 16, 32, 64))

ALL_16_32 = ("i16", "ui16", "f16", "bf16", "i32", "ui32", "f32")
TRANSPOSE_DTYPES = ("i8", "ui8", "i16", "ui16", "f16", "i32", "ui32", "f32")


def _struct(name: str) -> TypeRule:
    return of_struct(name)


def _int(name: str, py: str | None = None) -> Operand:
    return Operand(name, INT, py=py)


def _reads(name: str, rule: TypeRule, py: str | None = None) -> Operand:
    return Operand(name, rule, Effect.READ, py=py)


_SCRATCH = Operand("shared_tmp_buffer", local_of(_UI8), Effect.READ_WRITE)


def _forms(
    prefix: str,
    mnemonic: str,
    api: str,
    head: tuple[Operand, ...],
    tail: tuple[Operand, ...],
    *,
    count: Operand | None,
    mask_prop: bool = False,
    template: tuple[str, ...] = (),
    **common: Any,
) -> None:
    """Add the L0 (`mask`), L1 (bit mask array) and, with `count`, L2 forms of an API:
    `head` operands, the mask, `tail` operands (L0/L1) or `head`, `count` (L2)."""
    props = (IS_SET_MASK,) if mask_prop else ()
    for level, mask in (("0", MASK), ("1", MASK_BITS)):
        FAMILY.add(
            f"{prefix}L{level}Op",
            OpSpec(
                f"{mnemonic}_l{level}",
                api,
                (*head, mask, *tail),
                props=props,
                template=template,
                **common,
            ),
        )
    if count is not None:
        FAMILY.add(f"{prefix}L2Op", OpSpec(f"{mnemonic}_l2", api, (*head, count), **common))


# ---------------------------------------------------------------------------
# The vector mask: which elements the L0/L1 forms that leave it alone work on
# ---------------------------------------------------------------------------

MASK_DTYPES = ("i8", "ui8", "i16", "ui16", "f16", "bf16", "i32", "ui32", "f32")
_MASK_PROPS = (
    Prop("dtype", kind=PropKind.TYPE),
    Prop("mode", MaskMode, py="mode"),
)
for _level, _operands, _doc in (
    ("0", (_int("len", py="length"),), "the first len elements (NORMAL) or len elements"),
    (
        "1",
        (Operand("mask_high", UINT64), Operand("mask_low", UINT64)),
        "the elements whose bits are set",
    ),
):
    FAMILY.add(
        f"SetVectorMaskL{_level}Op",
        OpSpec(
            f"set_vector_mask_l{_level}",
            "SetVectorMask",
            _operands,
            props=_MASK_PROPS,
            template=("dtype", "mode"),
            dtypes={"dtype": MASK_DTYPES},
            pipe="S",
            py="set_vector_mask",
            doc=f"`AscendC::SetVectorMask<T, mode>(...)`: later vector ops work on {_doc} "
            "(COUNTER: in all repeats together) of each repeat.",
        ),
        WritesRegisterOp,
    )
for _cls, _m, _api, _doc in (
    ("ResetMask", "reset_mask", "ResetMask", "every element again"),
    ("SetMaskCount", "set_mask_count", "SetMaskCount", "an element count (COUNTER mode)"),
    ("SetMaskNorm", "set_mask_norm", "SetMaskNorm", "bits per element (NORMAL mode)"),
):
    FAMILY.add(
        f"{_cls}Op",
        OpSpec(
            _m,
            _api,
            pipe="S",
            py=_m,
            doc=f"`AscendC::{_api}()`: the vector mask selects {_doc}.",
        ),
        WritesRegisterOp,
    )


# ---------------------------------------------------------------------------
# Gather / Gatherb / Scatter: by per-element (or per-block) byte offsets
# ---------------------------------------------------------------------------

_GATHER_HEAD = (
    dst(),
    src("src"),
    _reads("src_offset", local_of(_UI32)),
    _int("src_base_addr", py="src_base"),
)
_forms(
    "Gather",
    "gather",
    "Gather",
    _GATHER_HEAD,
    (REPEAT_TIMES, _int("dst_rep_stride")),
    count=Operand("count", INT),
    dtypes={"T": ALL_16_32},
    pipe="V",
    py="gather",
    sim="gather",
    doc="`AscendC::Gather(dst, src, srcOffset, srcBaseAddr, ...)`: dst[i] = the element "
    "at byte offset srcOffset[i] - srcBaseAddr of src.",
)

FAMILY.add(
    "GatherbL0Op",
    OpSpec(
        "gatherb_l0",
        "Gatherb",
        (
            dst(),
            src("src0"),
            _reads("offset", local_of(_UI32)),
            REPEAT_TIMES,
            Operand("repeat_params", _struct("GatherRepeatParamsType")),
        ),
        dtypes={"T": ("ui16", "ui32")},
        pipe="V",
        py="gatherb",
        sim="gatherb",
        doc="`AscendC::Gatherb(dst, src0, offset, repeatTime, repeatParams)`: gathers "
        "32-byte blocks of src0 at the byte offsets in offset.",
    ),
)

_forms(
    "Scatter",
    "scatter",
    "Scatter",
    (dst(), src("src"), _reads("dst_offset", local_of(_UI32)), _int("dst_base_addr", "dst_base")),
    (REPEAT_TIMES, _int("src_rep_stride")),
    count=Operand("count", INT),
    pipe="V",
    py="scatter",
    sim="scatter",
    doc="`AscendC::Scatter(dst, src, dstOffset, dstBaseAddr, ...)`: src[i] goes to byte "
    "offset dstOffset[i] - dstBaseAddr of dst. Not on Atlas A2/A3 (the headers stop "
    "with 'not supported on current device' there).",
)


# ---------------------------------------------------------------------------
# GatherMask: keep the elements a pattern selects; the count kept is the result
# ---------------------------------------------------------------------------


def _is_pattern(t: Attribute) -> bool:
    return isinstance(t, LocalTensorType | IntegerType)


_PATTERN = TypeRule(
    predicate("a !ascendc.local_tensor or an integer", _is_pattern, "", _UI8).constraint,
    "uint8|LocalTensor<U>",
    lambda v: LocalTensorType({2: _UI16, 4: _UI32}[_width(v["T"])]),
)


def _width(t: Attribute) -> int:
    """Bytes per element of a 16- or 32-bit element type."""
    return 2 if "16" in str(t) else 4


class _GatherMaskOp(SpecOp):
    """GatherMask takes a pattern tensor of unsigned integers as wide as the data (its
    element type is a template argument), or a built-in pattern number."""

    def verify_(self) -> None:
        super().verify_()
        pattern = self.src1_pattern.type  # type: ignore[attr-defined]
        element = self.var_type("T")
        if isinstance(pattern, LocalTensorType) and element is not None:
            want = {2: _UI16, 4: _UI32}[_width(element)]
            if pattern.element_type != want:
                raise VerifyException(
                    f"'{self.name}': a pattern tensor for {element} data must hold {want}, "
                    f"got {pattern.element_type}"
                )

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        pattern = self.src1_pattern.type  # type: ignore[attr-defined]
        mode = self._call_item("gatherMaskMode")
        types: list[TemplateArg] = [self.var_type("T")]  # type: ignore[list-item]
        if isinstance(pattern, LocalTensorType):
            types.append(pattern.element_type)
        return [*types, mode]  # type: ignore[list-item]


FAMILY.add(
    "GatherMaskOp",
    OpSpec(
        "gather_mask",
        "GatherMask",
        (
            dst(),
            src("src0"),
            _reads("src1_pattern", _PATTERN),
            Operand("reduce_mode", BOOL),
            Operand("mask", INT),
            Operand("params", _struct("GatherMaskParamsType")),
        ),
        props=(
            Prop(
                "gatherMaskMode",
                GatherMaskMode,
                py="gather_mask_mode",
                default=GatherMaskMode.DEFAULT,
            ),
        ),
        # (the count is an out parameter: `uint64_t&`)
        results=(
            Result("rsvd_cnt", predicate("ui64", lambda t: t == _UI64, "ui64", _UI64), _UI64),
        ),
        emit=EmitKind.CUSTOM,
        format="$dst `,` $src0 `,` $src1_pattern `,` $reduce_mode `,` $mask `,` $params `,` "
        "custom<GatherMaskMode>($gatherMaskMode) attr-dict `:` type($dst) `,` type($src0) "
        "`,` type($src1_pattern) `,` type($reduce_mode) `,` type($mask) `,` type($params) "
        "`->` type($rsvd_cnt)",
        dtypes={"T": ALL_16_32},
        pipe="V",
        py="gather_mask",
        sim="gather_mask",
        doc="`AscendC::GatherMask<T, [U,] mode>(dst, src0, pattern, reduceMode, mask, "
        "params, rsvdCnt)`: keeps the elements of src0 the pattern (a tensor of bits, or "
        "built-in pattern 1-7) selects; the result is how many were kept.",
    ),
    _GatherMaskOp,
)

FAMILY.add(
    "GetGatherMaskRemainCountOp",
    OpSpec(
        "get_gather_mask_remain_count",
        "GetGatherMaskRemainCount",
        results=(Result("result", INT, IntegerType(64)),),
        pipe="S",
        py="get_gather_mask_remain_count",
        doc="`AscendC::GetGatherMaskRemainCount()`: how many elements the last "
        "GatherMask kept (int64_t).",
    ),
)


# ---------------------------------------------------------------------------
# Brcb, Duplicate: fill
# ---------------------------------------------------------------------------

FAMILY.add(
    "BrcbL0Op",
    OpSpec(
        "brcb_l0",
        "Brcb",
        (
            dst(),
            src("src0"),
            REPEAT_TIMES,
            Operand("repeat_params", _struct("BrcbRepeatParamsType")),
        ),
        dtypes={"T": ALL_16_32},
        pipe="V",
        py="brcb",
        sim="brcb",
        doc="`AscendC::Brcb(dst, src0, repeatTime, repeatParams)`: each of 8 elements of "
        "src0 per repeat fills one 32-byte block of dst.",
    ),
)


class _DeducedScalarOp(SpecOp):
    """A count-form call whose template arguments C++ deduces from the tensors and the
    scalar: printed without them (as pyasc does) when the scalar has the type they
    deduce, and with them when it has another (deduction would then fail)."""

    SCALAR_VAR: ClassVar[str] = "T"

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        scalar: SSAValue = self.scalar  # type: ignore[attr-defined]
        if scalar.type == self.var_type(self.SCALAR_VAR):
            return []
        return super().cpp_template_args()


DUPLICATE_DTYPES = ("i16", "ui16", "f16", "bf16", "i32", "ui32", "f32")
_forms(
    "Duplicate",
    "duplicate",
    "Duplicate",
    (dst(), Operand("scalar", SCALAR)),
    (REPEAT_TIMES, _int("dst_block_stride"), _int("dst_repeat_stride")),
    count=None,
    mask_prop=True,
    template=("T", "isSetMask"),
    dtypes={"T": DUPLICATE_DTYPES},
    pipe="V",
    py="duplicate",
    sim="duplicate",
    doc="`AscendC::Duplicate<T, isSetMask>(dst, scalar, mask, repeatTime, dstBlockStride, "
    "dstRepeatStride)`: fill with a scalar.",
)
FAMILY.add(
    "DuplicateL2Op",
    OpSpec(
        "duplicate_l2",
        "Duplicate",
        (dst(), Operand("scalar", SCALAR), COUNT),
        template=("T",),
        pipe="V",
        py="duplicate",
        sim="duplicate",
        dtypes={"T": DUPLICATE_DTYPES},
        doc="`AscendC::Duplicate(dst, scalar, count)`: fill with a scalar (`Duplicate<T>` "
        "when the scalar has another type).",
    ),
    _DeducedScalarOp,
)


# ---------------------------------------------------------------------------
# Axpy: dst = src * scalar + dst
# ---------------------------------------------------------------------------

# (src, dst) element types Axpy takes on Atlas A2/A3.
AXPY_TYPES = frozenset({("f16", "f16"), ("f32", "f32"), ("f16", "f32")})


class _AxpyOp(SpecOp):
    """Axpy accumulates into dst of src's type, or into f32 from f16."""

    def verify_(self) -> None:
        super().verify_()
        pair = (str(self.var_type("U")), str(self.var_type("T")))
        if pair not in AXPY_TYPES and checks_atlas_a2_a3(self):
            ok = ", ".join(f"{s} -> {d}" for s, d in sorted(AXPY_TYPES))
            raise VerifyException(
                f"'{self.name}': Axpy from {pair[0]} to {pair[1]} is not supported on "
                f"Atlas A2/A3 (supported: {ok})"
            )


class _AxpyL2Op(_DeducedScalarOp, _AxpyOp):
    SCALAR_VAR: ClassVar[str] = "U"


_AXPY_HEAD = (dst("T"), src("src", "U"), Operand("scalar", SCALAR))
_AXPY_COMMON: dict[str, Any] = {
    "dtypes": {"T": ("f16", "f32"), "U": ("f16", "f32")},
    "pipe": "V",
    "py": "axpy",
    "sim": "axpy",
    "doc": "`AscendC::Axpy<T, U, ...>(dst, src, scalar, ...)`: dst += src * scalar.",
}
for _level, _mask in (("0", MASK), ("1", MASK_BITS)):
    FAMILY.add(
        f"AxpyL{_level}Op",
        OpSpec(
            f"axpy_l{_level}",
            "Axpy",
            (
                *_AXPY_HEAD,
                _mask,
                REPEAT_TIMES,
                Operand("repeat_params", _struct("UnaryRepeatParamsType")),
            ),
            props=(IS_SET_MASK,),
            template=("T", "U", "isSetMask"),
            **_AXPY_COMMON,
        ),
        _AxpyOp,
    )
FAMILY.add(
    "AxpyL2Op",
    OpSpec("axpy_l2", "Axpy", (*_AXPY_HEAD, COUNT), template=("T", "U"), **_AXPY_COMMON),
    _AxpyL2Op,
)


# ---------------------------------------------------------------------------
# BilinearInterpolation
# ---------------------------------------------------------------------------

_forms(
    "BilinearInterpolation",
    "bilinearInterpolation",
    "BilinearInterpolation",
    (dst(), src("src0"), _reads("src0_offset", local_of(_UI32)), src("src1")),
    (
        _int("h_repeat"),
        Operand("repeat_mode", INT),
        _int("dst_blk_stride"),
        _int("v_r_offset"),
        _int("v_repeat"),
        _SCRATCH,
    ),
    count=None,
    dtypes={"T": ("f16",)},
    pipe="V",
    py="bilinear_interpolation",
    sim="bilinear_interpolation",
    doc="`AscendC::BilinearInterpolation(dst, src0, src0Offset, src1, mask, hRepeat, "
    "repeatMode, dstBlkStride, vROffset, vRepeat, sharedTmpBuffer)`.",
)


# ---------------------------------------------------------------------------
# Transpose, TransDataTo5HD
# ---------------------------------------------------------------------------

FAMILY.add(
    "TransposeOp",
    OpSpec(
        "transpose",
        "Transpose",
        (dst(), src("src")),
        dtypes={"T": ("i16", "ui16", "f16")},
        pipe="V",
        py="transpose",
        sim="transpose",
        doc="`AscendC::Transpose(dst, src)`: transposes one 16x16 matrix of 2-byte elements.",
    ),
)
FAMILY.add(
    "TransposeExtOp",
    OpSpec(
        "transpose_ext",
        "Transpose",
        (dst(), src("src"), _SCRATCH, Operand("params", _struct("TransposeParamsExtType"))),
        dtypes={"T": TRANSPOSE_DTYPES},
        pipe="V",
        py="transpose",
        sim="transpose_ext",
        doc="`AscendC::Transpose(dst, src, sharedTmpBuffer, transposeParams)`: ND2ND_B16 "
        "(uint16_t) or NCHW<->NHWC transposes.",
    ),
)

NCHW_CONV_ADDR_LIST_SIZE = 16
"""TransDataTo5HD takes exactly 16 destination and 16 source addresses."""

_GET_PHY_ADDR = "ascendc.local_tensor.get_phy_addr"
_SET_VALUE = "ascendc.local_tensor.set_value"


def _op_name(op: Operation) -> str:
    # (also when parsed with --allow-unregistered-dialect, before the op is defined)
    return op.op_name.data if isinstance(op, UnregisteredOp) else op.name


def _addressed_type(address: SSAValue) -> Attribute | None:
    """The element type of the tensor `address` comes from (`tensor.GetPhyAddr()`)."""
    owner = address.owner
    if isinstance(owner, Operation) and _op_name(owner) == _GET_PHY_ADDR and owner.operands:
        t = owner.operands[0].type
        if isinstance(t, LocalTensorType):
            return t.element_type
    return None


def _stored_type(table: SSAValue) -> Attribute | None:
    """The element type of the data whose addresses are stored into `table`."""
    for use in table.uses:
        user = use.operation
        if _op_name(user) == _SET_VALUE and use.index == 0 and len(user.operands) == 3:
            found = _addressed_type(user.operands[2])
            if found is not None:
                return found
    return None


class _TransDataTo5HDOp(SpecOp):
    """TransDataTo5HD's list forms take exactly 16 destinations and 16 sources."""

    def verify_(self) -> None:
        super().verify_()
        for name in ("dst_list", "src_list"):
            values = getattr(self, name, None)
            if values is not None and len(values) != NCHW_CONV_ADDR_LIST_SIZE:
                raise VerifyException(
                    f"'{self.name}': {name} must have {NCHW_CONV_ADDR_LIST_SIZE} entries, "
                    f"got {len(values)}"
                )


class _TransDataTo5HDAddressOp(_TransDataTo5HDOp):
    """The address forms: the data's element type is a template argument the addresses
    do not carry. It is the `dtype` property, or, as pyasc finds it, the element type of
    the tensors whose `GetPhyAddr()` the addresses are (`inferred`)."""

    def inferred(self) -> Attribute | None:
        raise NotImplementedError

    def data_type(self) -> Attribute | None:
        given = self._prop("dtype")
        return given if given is not None else self.inferred()

    def verify_(self) -> None:
        super().verify_()
        given, found = self._prop("dtype"), self.inferred()
        t = given if given is not None else found
        if t is None:
            raise VerifyException(
                f"'{self.name}': the element type of the data is unknown: give it as the "
                f"dtype property ({{dtype = f16}}), or take the addresses from {_GET_PHY_ADDR}"
            )
        if given is not None and found is not None and given != found:
            raise VerifyException(
                f"'{self.name}': dtype {given} differs from {found}, the element type of "
                "the tensors the addresses come from"
            )
        if str(t) not in TRANSPOSE_DTYPES and checks_atlas_a2_a3(self):
            raise VerifyException(
                f"'{self.name}': TransDataTo5HD does not support element type {t} on "
                f"Atlas A2/A3 (supported: {', '.join(TRANSPOSE_DTYPES)})"
            )


class _TransDataTo5HDTableOp(_TransDataTo5HDAddressOp):
    def inferred(self) -> Attribute | None:
        return _stored_type(self.dst) or _stored_type(self.src)  # type: ignore[attr-defined]


class _TransDataTo5HDListOp(_TransDataTo5HDAddressOp):
    def inferred(self) -> Attribute | None:
        addresses = self.dst_list or self.src_list  # type: ignore[attr-defined]
        return _addressed_type(addresses[0]) if addresses else None


def _data_type(op: Operation) -> TemplateArg:
    t = op.data_type()  # type: ignore[attr-defined]
    assert t is not None, "verified"
    return t


# A ui64 address (Python ints become ui64 constants, as for a bit mask).
_ADDRESS = TypeRule(exact(_UI64).constraint, "uint64", lambda v: _UI64)
_5HD_PARAMS = Operand("params", _struct("TransDataTo5HDParamsType"))
_DTYPE = Prop("dtype", kind=PropKind.TYPE, optional=True)
_5HD_DOC = (
    "`AscendC::TransDataTo5HD<T>(dstList, srcList, params)`: NCHW to NC1HWC0, 16 rows "
    "at a time, {}."
)
FAMILY.add(
    "TransDataTo5HDOp",
    OpSpec(
        "trans_data_to_5hd",
        "TransDataTo5HD",
        # Tables of addresses (written on the scalar pipe before the call); the data
        # the addresses point to is not an operand, so no memory effect is declared
        # (passes then assume any).
        (Operand("dst", local_of(_UI64)), Operand("src", local_of(_UI64)), _5HD_PARAMS),
        props=(_DTYPE,),
        template=(_data_type,),
        pipe="V",
        py="trans_data_to_5hd",
        sim="trans_data_to_5hd",
        doc=_5HD_DOC.format("the addresses in two LocalTensor<uint64_t>"),
    ),
    _TransDataTo5HDTableOp,
)
FAMILY.add(
    "TransDataTo5HDTensorListOp",
    OpSpec(
        "trans_data_to_5hd_tensor_list",
        "TransDataTo5HD",
        (
            Operand("dst_list", local(), Effect.WRITE, arity=Arity.VARIADIC, array=True),
            Operand("src_list", local(), Effect.READ, arity=Arity.VARIADIC, array=True),
            _5HD_PARAMS,
        ),
        template=("T",),
        emit=EmitKind.CUSTOM,
        dtypes={"T": TRANSPOSE_DTYPES},
        example={"dst_list": NCHW_CONV_ADDR_LIST_SIZE, "src_list": NCHW_CONV_ADDR_LIST_SIZE},
        pipe="V",
        py="trans_data_to_5hd",
        sim="trans_data_to_5hd",
        doc=_5HD_DOC.format("as two arrays of 16 local tensors"),
    ),
    _TransDataTo5HDOp,
)
FAMILY.add(
    "TransDataTo5HDUintListOp",
    OpSpec(
        "trans_data_to_5hd_uint_list",
        "TransDataTo5HD",
        (
            Operand("dst_list", _ADDRESS, arity=Arity.VARIADIC, array=True),
            Operand("src_list", _ADDRESS, arity=Arity.VARIADIC, array=True),
            _5HD_PARAMS,
        ),
        props=(_DTYPE,),
        template=(_data_type,),
        emit=EmitKind.CUSTOM,
        example={"dst_list": NCHW_CONV_ADDR_LIST_SIZE, "src_list": NCHW_CONV_ADDR_LIST_SIZE},
        pipe="V",
        py="trans_data_to_5hd",
        sim="trans_data_to_5hd",
        doc=_5HD_DOC.format("as two arrays of 16 uint64_t addresses"),
    ),
    _TransDataTo5HDListOp,
)

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.vec_misc import *  # noqa: F403
