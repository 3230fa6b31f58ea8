"""Compare and select, declared as op specs (see `spec.py`), after pyasc's
`OpVecCmpsel.td`.

* `Compare(dst, src0, src1, CMPMODE, ...)`: one bit per element in a `uint8_t`/`int8_t`
  dst, in L0/L1/L2 forms; `compare_r_l0/l1`: the same into the CMPMASK register
  (`Compare(src0, src1, CMPMODE, mask, repeatParams)`);
* `CompareScalar(dst, src0, scalar, CMPMODE, ...)`: against a scalar of the element type,
  into a `uint8_t` dst;
* `GetCmpMask(dst)` / `SetCmpMask(src)`: copy the CMPMASK register to / from UB;
* `Select(dst, selMask, src0, src1 | scalar, SELMODE, ...)`: a set bit of selMask picks
  src0; `select_reg` (`Select<T, selMode>(dst, src0, src1, ...)`) and
  `select_scalar_reg` take the mask (and scalar) set before in the register.

Atlas A2/A3 dtypes, from the Ascend C API reference: Compare and CompareScalar on half
and float with every mode, int32 with EQ only; Select on half and float, selMask of
unsigned 8-64-bit integers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from xdsl.ir import Attribute
from xdsl.irdl.constraints import AttrConstraint, VerificationContext
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.enums import CMPMODE, SelMode
from asc_xdsl.dialects.ascendc.spec import (
    SCALAR,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    SpecOp,
    TypeRule,
    elem,
    local,
)
from asc_xdsl.dialects.ascendc.struct_types import of_struct
from asc_xdsl.dialects.ascendc.types import LocalTensorType
from asc_xdsl.dialects.ascendc.vec_forms import (
    ImplicitSetMaskOp,
    ReadsRegisterOp,
    WritesRegisterOp,
    as_element,
    call_order,
    names,
)
from asc_xdsl.dialects.ascendc.vector import (
    COUNT,
    FLOAT_DTYPES,
    IS_SET_MASK,
    MASK,
    MASK_BITS,
    REPEAT_TIMES,
    dst,
    src,
)

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

CMP_DTYPES = {"T": ("f16", "f32", "i32"), "U": ("i8", "ui8")}
CMP_SCALAR_DTYPES = {"T": ("f16", "f32", "i32"), "U": ("ui8",)}
SEL_MASK_DTYPES = ("ui8", "ui16", "ui32", "ui64")

_BINARY_PARAMS = of_struct("BinaryRepeatParamsType")
_UNARY_PARAMS = of_struct("UnaryRepeatParamsType")
_CMP_MODE = Prop("cmpMode", CMPMODE, py="cmp_mode")
_SEL_MODE = Prop("selMode", SelMode, py="sel_mode")
_MASKS = {"l0": MASK, "l1": MASK_BITS}


class _CompareOp(SpecOp):
    """int32 compares support EQ only."""

    def verify_(self) -> None:
        super().verify_()
        mode = self._call_item("cmpMode")
        if str(self.var_type("T")) == "i32" and mode is not CMPMODE.EQ:
            raise VerifyException(
                f"'{self.name}': {self.SPEC.api} of i32 supports only CMPMODE EQ, got {mode.name}"
            )


class _CompareMaskedOp(_CompareOp, ImplicitSetMaskOp):
    pass


class _CompareRegOp(_CompareMaskedOp, WritesRegisterOp):
    """Compare into CMPMASK."""


# ---------------------------------------------------------------------------
# Compare, CompareScalar
# ---------------------------------------------------------------------------

_CMP_DST = Operand("dst", local("U"), Effect.WRITE)


def _compare_forms(
    class_prefix: str,
    mnemonic: str,
    api: str,
    rhs: Operand,
    params: Operand,
    dtypes: dict[str, tuple[str, ...]],
    doc: str,
) -> None:
    """L0/L1 `Api(dst, src0, rhs, cmpMode, mask, repeatTimes, params)` (template
    `<T, U, isSetMask>` when the flag is unset) and L2 `Api(dst, src0, rhs, cmpMode, count)`."""
    head = (_CMP_DST, src("src0"), rhs)
    common = {"dtypes": dtypes, "pipe": "V", "py": mnemonic, "sim": f"cmpsel:{mnemonic}"}
    # A scalar of another number type is converted to the element type.
    rhs_item = as_element(rhs.name) if rhs.type is SCALAR else rhs.name
    for level, mask in _MASKS.items():
        operands = (*head, mask, REPEAT_TIMES, params)
        order = ("dst", "src0", rhs.name, "cmpMode", "mask", "repeat_times", "repeat_params")
        call = tuple(rhs_item if i == 2 else c for i, c in enumerate(call_order(operands, *order)))
        FAMILY.add(
            f"{class_prefix}{level.upper()}Op",
            OpSpec(
                f"{mnemonic}_{level}",
                api,
                operands,
                props=(_CMP_MODE, IS_SET_MASK),
                template=("T", "U", "isSetMask"),
                call=call,
                py_params=(*_py(head), "cmp_mode", *_py(operands[3:]), "is_set_mask"),
                doc=doc,
                **common,
            ),
            _CompareMaskedOp,
        )
    operands = (*head, COUNT)
    FAMILY.add(
        f"{class_prefix}L2Op",
        OpSpec(
            f"{mnemonic}_l2",
            api,
            operands,
            props=(_CMP_MODE,),
            call=("dst", "src0", rhs_item, "cmpMode", "cal_count"),
            py_params=(*_py(head), "cmp_mode", "count"),
            doc=doc,
            **common,
        ),
        _CompareOp,
    )


def _py(operands: tuple[Operand, ...]) -> tuple[str, ...]:
    return tuple(o.py_name for o in operands)


_compare_forms(
    "Compare",
    "compare",
    "Compare",
    src("src1"),
    Operand("repeat_params", _BINARY_PARAMS),
    CMP_DTYPES,
    "`AscendC::Compare(dst, src0, src1, cmpMode, ...)`: dst gets one bit per element, "
    "set where `src0 cmpMode src1` holds.",
)
_compare_forms(
    "CompareScalar",
    "compare_scalar",
    "CompareScalar",
    Operand("src1_scalar", SCALAR),
    Operand("repeat_params", _UNARY_PARAMS),
    CMP_SCALAR_DTYPES,
    "`AscendC::CompareScalar(dst, src0, scalar, cmpMode, ...)`: dst gets one bit per "
    "element, set where `src0 cmpMode scalar` holds (a scalar of another number type is "
    "converted to the element type).",
)

# Compare into the CMPMASK register: `Compare<T, isSetMask>(src0, src1, cmpMode, mask, params)`.
for _level, _mask in _MASKS.items():
    _operands = (src("src0"), src("src1"), _mask, Operand("repeat_params", _BINARY_PARAMS))
    FAMILY.add(
        f"CompareR{_level.upper()}Op",
        OpSpec(
            f"compare_r_{_level}",
            "Compare",
            _operands,
            props=(_CMP_MODE, IS_SET_MASK),
            template=("T", "isSetMask"),
            call=call_order(_operands, "src0", "src1", "cmpMode", "mask", "repeat_params"),
            dtypes={"T": FLOAT_DTYPES},
            pipe="V",
            py="compare",
            py_params=("src0", "src1", "cmp_mode", "mask", "repeat_params", "is_set_mask"),
            sim="cmpsel:compare_r",
            doc="`AscendC::Compare(src0, src1, cmpMode, mask, repeatParams)`: the result "
            "bits into the CMPMASK register (read by `get_cmp_mask` and `select_reg`).",
        ),
        _CompareRegOp,
    )

# b8/b16/b32 (GetCmpMask) and b64 too (SetCmpMask): any element type of those widths.
_B32 = ("i8", "ui8", "i16", "ui16", "f16", "bf16", "i32", "ui32", "f32")
FAMILY.add(
    "GetCmpMaskOp",
    OpSpec(
        "get_cmp_mask",
        "GetCmpMask",
        (dst(),),
        dtypes={"T": _B32},
        pipe="V",
        py="get_cmp_mask",
        sim="cmpsel:get_cmp_mask",
        doc="`AscendC::GetCmpMask(dst)`: copy the CMPMASK register (128 bits) to dst.",
    ),
    ReadsRegisterOp,
)
FAMILY.add(
    "SetCmpMaskOp",
    OpSpec(
        "set_cmp_mask",
        "SetCmpMask",
        (src("src"),),
        dtypes={"T": (*_B32, "i64", "ui64")},
        pipe="V",
        py="set_cmp_mask",
        sim="cmpsel:set_cmp_mask",
        doc="`AscendC::SetCmpMask(src)`: load the CMPMASK register (128 bits) from src, "
        "for `select_reg` / `select_scalar_reg`.",
    ),
    WritesRegisterOp,
)


# ---------------------------------------------------------------------------
# Select
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _SelMaskRule(AttrConstraint):
    """A local tensor of unsigned integers (the selection bits), binding `U`.

    Checked in the constraint itself, not only by the dtype table, so that the Python
    API tells `select(dst, sel_mask, src0, ...)` from `select(dst, src0, src1, ...)`."""

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        if not isinstance(attr, LocalTensorType):
            raise VerifyException(f"must be a !ascendc.local_tensor, got {attr}")
        if str(attr.element_type) not in SEL_MASK_DTYPES:
            raise VerifyException(
                f"must be a local tensor of {', '.join(SEL_MASK_DTYPES)}, got {attr}"
            )

    def mapping_type_vars(self, type_var_mapping: object) -> _SelMaskRule:
        return self


_SEL_MASK = Operand(
    "sel_mask",
    TypeRule(_SelMaskRule(), "LocalTensor<U>", lambda v: LocalTensorType(v["U"]), "U"),
    Effect.READ,
)
_SEL_DTYPES = {"T": FLOAT_DTYPES, "U": SEL_MASK_DTYPES}


def _check_sel_mode(op: SpecOp, scalar: bool) -> None:
    """A scalar src1 needs VSEL_TENSOR_SCALAR_MODE; two tensors need mode 0 or 2 (their
    implementation does nothing in mode 1)."""
    mode = op._call_item("selMode")
    scalar_mode = SelMode.VSEL_TENSOR_SCALAR_MODE
    if scalar and mode is not scalar_mode:
        raise VerifyException(
            f"'{op.name}': a scalar src1 needs selMode VSEL_TENSOR_SCALAR_MODE, got {mode.name}"
        )
    if not scalar and mode is scalar_mode:
        raise VerifyException(
            f"'{op.name}': two source tensors need selMode VSEL_CMPMASK_SPR or "
            "VSEL_TENSOR_TENSOR_MODE, got VSEL_TENSOR_SCALAR_MODE"
        )


class _SelectOp(WritesRegisterOp):
    """Select of two tensors. It loads CMPMASK from selMask (or the scalar) first, so it
    overwrites the register."""

    SCALAR: ClassVar[bool] = False

    def verify_(self) -> None:
        super().verify_()
        _check_sel_mode(self, self.SCALAR)


class _SelectScalarOp(_SelectOp):
    SCALAR: ClassVar[bool] = True


class _SelectMaskedOp(_SelectOp, ImplicitSetMaskOp):
    pass


class _SelectScalarMaskedOp(_SelectScalarOp, ImplicitSetMaskOp):
    pass


class _SelectRegOp(ReadsRegisterOp):
    """`select_reg`: two tensors, the selection bits from CMPMASK."""

    def verify_(self) -> None:
        super().verify_()
        _check_sel_mode(self, scalar=False)


def _select_forms(class_prefix: str, mnemonic: str, src1: Operand, scalar: bool) -> None:
    head = (dst(), _SEL_MASK, src("src0"), src1)
    common = {
        "dtypes": _SEL_DTYPES,
        "pipe": "V",
        "py": "select",
        "sim": f"cmpsel:{mnemonic}",
        "example": {"selMode": SelMode.VSEL_TENSOR_SCALAR_MODE} if scalar else {},
    }
    what = "a scalar" if scalar else "src1"
    doc = (
        f"`AscendC::Select(dst, selMask, src0, {'scalar' if scalar else 'src1'}, selMode, ...)`: "
        f"dst[i] = bit i of selMask ? src0[i] : {what}."
    )
    for level, mask in _MASKS.items():
        operands = (*head, mask, REPEAT_TIMES, Operand("repeat_params", _BINARY_PARAMS))
        FAMILY.add(
            f"{class_prefix}{level.upper()}Op",
            OpSpec(
                f"{mnemonic}_{level}",
                "Select",
                operands,
                props=(_SEL_MODE, IS_SET_MASK),
                template=("T", "U", "isSetMask"),
                call=call_order(operands, *names(head), "selMode", *names(operands[4:])),
                py_params=(*_py(head), "sel_mode", *_py(operands[4:]), "is_set_mask"),
                doc=doc,
                **common,
            ),
            _SelectScalarMaskedOp if scalar else _SelectMaskedOp,
        )
    FAMILY.add(
        f"{class_prefix}L2Op",
        OpSpec(
            f"{mnemonic}_l2",
            "Select",
            (*head, COUNT),
            props=(_SEL_MODE,),
            call=(*names(head), "selMode", "cal_count"),
            py_params=(*_py(head), "sel_mode", "count"),
            doc=doc,
            **common,
        ),
        _SelectScalarOp if scalar else _SelectOp,
    )


_select_forms("Select", "select", src("src1"), scalar=False)
_select_forms("SelectScalar", "select_scalar", Operand("src1", elem("T")), scalar=True)

# The register forms. `select_scalar_reg` comes first: the Python API tries forms in
# order, and only its sel_mask (unsigned integers) tells the two apart.
FAMILY.add(
    "SelectScalarRegOp",
    OpSpec(
        "select_scalar_reg",
        "Select",
        (
            dst(),
            _SEL_MASK,
            src("src0"),
            REPEAT_TIMES,
            Operand("repeat_params", _BINARY_PARAMS),
        ),
        dtypes=_SEL_DTYPES,
        pipe="V",
        py="select",
        sim="cmpsel:select_scalar_reg",
        doc="`AscendC::Select(dst, selMask, src0, repeatTimes, repeatParams)`: "
        "VSEL_TENSOR_SCALAR_MODE with the scalar set before (`set_cmp_mask`).",
    ),
    ReadsRegisterOp,
)
FAMILY.add(
    "SelectRegOp",
    OpSpec(
        "select_reg",
        "Select",
        (
            dst(),
            src("src0"),
            src("src1"),
            REPEAT_TIMES,
            Operand("repeat_params", _BINARY_PARAMS),
        ),
        props=(_SEL_MODE,),
        template=("T", "selMode"),
        dtypes={"T": FLOAT_DTYPES},
        pipe="V",
        py="select",
        sim="cmpsel:select_reg",
        doc="`AscendC::Select<T, selMode>(dst, src0, src1, repeatTimes, repeatParams)`: "
        "the selection bits come from the CMPMASK register (`compare_r_l0/l1`, "
        "`set_cmp_mask`). selMode is a template argument: pyasc prints the call without "
        "it, which C++ resolves to the `select_scalar_reg` overload.",
    ),
    _SelectRegOp,
)

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.vec_cmpsel import *  # noqa: F403
