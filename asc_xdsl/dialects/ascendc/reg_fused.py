"""Reg-layer compute ops the best-practice samples fuse with (`AscendC::Reg`, Ascend 950).

* `reg.exp_sub`: `ExpSub<T, U, layout>(dst, src0, src1, mask)`, e^(src0 - src1) in one
  instruction (softmax's numerator), f32 from f32, or f32 from half (the half elements
  of one layout slot, widened).
* `reg.duplicate_reg`: `Duplicate(dst, src, mask)`, the lowest element of a register
  in every enabled element (the register form of Duplicate; the scalar form is
  `reg.duplicate`).

* `reg.add_merging`, `reg.max_merging`, `reg.min_merging`: `Add<T,
  MaskMergeMode::MERGING>(dst, src0, src1, mask)` and Max, Min (the binaries 3510 runs
  with MERGING): the elements the mask leaves off keep dst's contents, which the C++
  register holds before the call and the op takes as its operand `prior`.

ExpSub and Duplicate print as the other regular Reg ops do (`emitters/reg.py`,
`_print_call`); the MERGING ops print from `emitters/reg_address.py` (dst first set to
`prior`).

Sources: `include/basic_api/reg_compute/kernel_reg_compute_vec_fused_intf.h`,
`kernel_reg_compute_vec_duplicate_intf.h`, the 3510 `static_assert`s
(`impl/basic_api/reg_compute/dav_3510/kernel_reg_compute_vec_fused_impl.h`), the
pages 复合计算/ExpSub.md and 数据填充/Duplicate.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.reg import (
    ALL_NUMERIC,
    ARITH,
    MASK,
    MIN_MAX,
    REG_DTYPES,
    REG_PAIRS,
    RegOp,
    _format,
    _operand_element,
    _result_element,
    reg,
)
from asc_xdsl.dialects.ascendc.reg_types import RegLayout
from asc_xdsl.dialects.ascendc.spec import Operand, OpFamily, OpSpec, Prop, Result

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.reg_fused import *  # noqa: F403


def _add(
    cls: str,
    mnemonic: str,
    api: str,
    operands: tuple[Operand, ...],
    results: tuple[Result, ...],
    *,
    props: tuple[Prop, ...] = (),
    template: tuple = (),
    dtypes: dict[str, tuple[str, ...]],
    example: dict | None = None,
    doc: str,
) -> None:
    example = dict(example or {})
    for var, allowed in dtypes.items():
        example.setdefault(var, "f32" if "f32" in allowed else allowed[-1])
    spec = OpSpec(
        f"reg.{mnemonic}",
        f"Reg::{api}",
        operands,
        props=props,
        results=results,
        emit=EmitKind.CUSTOM,  # (emitters/reg.py prints every ascendc.reg.* op)
        template=template,
        pipe="V",
        py=None,  # (the Python API is asc_xdsl.language.reg.fused)
        sim=f"reg_fused:{mnemonic}",
        doc=doc,
        format=_format(operands, results),
        example=example,
    )
    REG_DTYPES[spec.mnemonic] = dtypes
    FAMILY.add(cls, spec, RegOp)


REG_PAIRS["reg.exp_sub"] = (("f32", "f32"), ("f32", "f16"))

_add(
    "RegExpSubOp",
    "exp_sub",
    "ExpSub",
    (Operand("src0", reg("S")), Operand("src1", reg("S")), Operand("mask", MASK)),
    (Result("dst", reg("T")),),
    props=(Prop("layout", RegLayout, default=RegLayout.ZERO),),
    template=(_result_element(), _operand_element("src0"), "layout"),
    dtypes={"T": ("f32",), "S": ("f16", "f32")},
    example={"T": "f32", "S": "f32"},
    doc="`ExpSub<T, S, layout>(dst, src0, src1, mask)`: e^(src0 - src1) in the enabled "
    "elements, 0 elsewhere. From half (S = f16) element i of dst takes the half "
    "elements 2i + layout (ZERO or ONE), widened to float first.",
)
_add(
    "RegDuplicateRegOp",
    "duplicate_reg",
    "Duplicate",
    (Operand("src", reg("T")), Operand("mask", MASK)),
    (Result("dst", reg("T")),),
    dtypes={"T": ALL_NUMERIC},
    doc="`Duplicate(dst, src, mask)`: src's lowest element in the enabled elements, 0 elsewhere.",
)

for _api, _dt in (("Add", ARITH), ("Max", MIN_MAX), ("Min", MIN_MAX)):
    _add(
        f"Reg{_api}MergingOp",
        f"{_api.lower()}_merging",
        _api,
        (
            Operand("prior", reg()),
            Operand("src0", reg()),
            Operand("src1", reg()),
            Operand("mask", MASK),
        ),
        (Result("dst", reg()),),
        template=(_result_element(), lambda op: "AscendC::Reg::MaskMergeMode::MERGING"),
        dtypes={"T": _dt},
        doc=f"`{_api}<T, MaskMergeMode::MERGING>(dst, src0, src1, mask)` with dst holding "
        "`prior`: elementwise on the enabled elements, `prior`'s elsewhere.",
    )

__all__ = ["FAMILY"]
