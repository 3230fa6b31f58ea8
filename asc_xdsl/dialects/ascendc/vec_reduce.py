"""Vector reductions, declared as op specs (see `spec.py`), after pyasc's
`OpVecReduce.td`.

* `ReduceSum/Max/Min(dst, src, tmp, ...)`: one result for the whole input, in L0
  (`mask, repeatTime, srcRepStride`), L1 (bit mask) and L2 (`count`) forms;
* `BlockReduceSum/Max/Min`: one result per 32-byte block;
* `PairReduceSum`: the sums of adjacent pairs;
* `RepeatReduceSum`, `WholeReduceSum/Max/Min`: one result per repeat (Max/Min store
  value and index in the `ReduceOrder` given).

The block/pair/repeat/whole forms are Ascend C's older names of `ReduceDataBlock`,
`ReducePairElem` and `ReduceRepeat`, which the headers still declare. Every API supports
half and float on Atlas A2/A3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import IntegerType

from asc_xdsl.dialects.ascendc.enums import ReduceOrder
from asc_xdsl.dialects.ascendc.spec import (
    INT,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    SpecOp,
    TypeRule,
    local,
)
from asc_xdsl.dialects.ascendc.vec_forms import ImplicitSetMaskOp, call_order, names
from asc_xdsl.dialects.ascendc.vector import FLOAT_DTYPES, IS_SET_MASK, MASK, MASK_BITS, dst, src

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

_DTYPES = {"T": FLOAT_DTYPES}
_SRC = src("src")


def _int(name: str, py: str | None = None) -> Operand:
    return Operand(name, INT, py=py)


_REPEAT_TIME = _int("repeat_time")
_DST_REP, _SRC_BLK, _SRC_REP, _DST_BLK = (
    _int(n) for n in ("dst_rep_stride", "src_blk_stride", "src_rep_stride", "dst_blk_stride")
)
_MASKS = {"L0Op": MASK, "L1Op": MASK_BITS}


def _masked_forms(
    class_prefix: str,
    mnemonic: str,
    api: str,
    before: tuple[Operand, ...],
    after: tuple[Operand, ...],
    *,
    props: tuple[Prop, ...] = (),
    levels: tuple[str, ...] = ("L0Op", "L1Op"),
    sim: str | None = None,
    doc: str,
) -> None:
    """The L0 (continuous mask) and L1 (bit mask) forms: `(dst, src, *before, mask,
    *after)`, then the enum properties; with `isSetMask`, `Api<T, isSetMask>`."""
    has_mask_flag = IS_SET_MASK in props
    for level in levels:
        operands = (dst(), _SRC, *before, _MASKS[level], *after)
        enums = tuple(p.name for p in props if p.enum is not None)
        FAMILY.add(
            f"{class_prefix}{level}",
            OpSpec(
                f"{mnemonic}_{level[:2].lower()}",
                api,
                operands,
                props=props,
                template=("T", "isSetMask") if has_mask_flag else (),
                call=call_order(operands, *names(operands), *enums) if enums else None,
                dtypes=_DTYPES,
                pipe="V",
                py=mnemonic,
                sim=sim or f"reduce:{mnemonic}",
                doc=doc,
            ),
            ImplicitSetMaskOp if has_mask_flag else SpecOp,
        )


# ---------------------------------------------------------------------------
# BlockReduce*, PairReduceSum, RepeatReduceSum, WholeReduce*
# ---------------------------------------------------------------------------

_BLOCK_ARGS = (_int("repeat_time", py="repeat"),), (_DST_REP, _SRC_BLK, _SRC_REP)
for _cls, _m, _api, _what in (
    ("BlockReduceSum", "block_reduce_sum", "BlockReduceSum", "sum"),
    ("BlockReduceMax", "block_reduce_max", "BlockReduceMax", "maximum"),
    ("BlockReduceMin", "block_reduce_min", "BlockReduceMin", "minimum"),
):
    _masked_forms(
        _cls,
        _m,
        _api,
        *_BLOCK_ARGS,
        doc=f"`AscendC::{_api}(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, "
        f"srcRepStride)`: the {_what} of each 32-byte block.",
    )

_masked_forms(
    "PairReduceSum",
    "pair_reduce_sum",
    "PairReduceSum",
    (_REPEAT_TIME,),
    (_DST_REP, _SRC_BLK, _SRC_REP),
    props=(IS_SET_MASK,),
    doc="`AscendC::PairReduceSum(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, "
    "srcRepStride)`: the sums of adjacent pairs.",
)
_masked_forms(
    "RepeatReduceSum",
    "repeat_reduce_sum",
    "RepeatReduceSum",
    (_REPEAT_TIME,),
    (_DST_BLK, _SRC_BLK, _DST_REP, _SRC_REP),
    props=(IS_SET_MASK,),
    levels=("L0Op",),
    doc="`AscendC::RepeatReduceSum(dst, src, repeatTime, mask, dstBlkStride, srcBlkStride, "
    "dstRepStride, srcRepStride)`: the sum of each repeat.",
)
_ORDER = Prop("order", ReduceOrder, default=ReduceOrder.ORDER_VALUE_INDEX)
for _cls, _m, _api, _props, _what in (
    ("WholeReduceSum", "whole_reduce_sum", "WholeReduceSum", (IS_SET_MASK,), "sum"),
    ("WholeReduceMax", "whole_reduce_max", "WholeReduceMax", (_ORDER, IS_SET_MASK), "maximum"),
    ("WholeReduceMin", "whole_reduce_min", "WholeReduceMin", (_ORDER, IS_SET_MASK), "minimum"),
):
    _masked_forms(
        _cls,
        _m,
        _api,
        (),
        (_REPEAT_TIME, _DST_REP, _SRC_BLK, _SRC_REP),
        props=_props,
        doc=f"`AscendC::{_api}(dst, src, mask, repeatTime, dstRepStride, srcBlkStride, "
        f"srcRepStride{', order' if _ORDER in _props else ''})`: the {_what} of each repeat"
        f"{' (value and index, as order says)' if _ORDER in _props else ''}.",
    )


# ---------------------------------------------------------------------------
# ReduceSum/Max/Min: one result in dst[0] (Max/Min: its index after it)
# ---------------------------------------------------------------------------

_TMP = Operand("shared_tmp_buffer", local(), Effect.READ_WRITE)
# C++ takes a bool; pyasc's IR may pass any integer (its tests use i32). "bool": the
# Python API passes an i1, as pyasc's does.
_CAL_INDEX = Operand(
    "cal_index", TypeRule(INT.constraint, "bool", lambda v: IntegerType(1)), default=False
)
_COUNT = Operand("count", INT)

for _cls, _m, _api, _index in (
    ("ReduceSum", "reduce_sum", "ReduceSum", ()),
    ("ReduceMax", "reduce_max", "ReduceMax", (_CAL_INDEX,)),
    ("ReduceMin", "reduce_min", "ReduceMin", (_CAL_INDEX,)),
):
    _value = (
        "the value in dst[0], its index (raw bits) in dst[1] when calIndex is set"
        if _index
        else "the sum in dst[0]"
    )
    _masked_forms(
        _cls,
        _m,
        _api,
        (_TMP,),
        (_REPEAT_TIME, _SRC_REP, *_index),
        sim=f"reduce:{_m[7:]}",
        doc=f"`AscendC::{_api}(dst, src, tmp, mask, repeatTime, srcRepStride"
        f"{', calIndex' if _index else ''})`: {_value} of the masked repeats.",
    )
    FAMILY.add(
        f"{_cls}L2Op",
        OpSpec(
            f"{_m}_l2",
            _api,
            (dst(), _SRC, _TMP, _COUNT, *_index),
            dtypes=_DTYPES,
            pipe="V",
            py=_m,
            sim=f"reduce:{_m[7:]}",
            doc=f"`AscendC::{_api}(dst, src, tmp, count{', calIndex' if _index else ''})`: "
            f"{_value} of the first count elements.",
        ),
    )

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.vec_reduce import *  # noqa: F403
