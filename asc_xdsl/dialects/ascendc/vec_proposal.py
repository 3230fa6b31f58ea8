"""Sorting and region-proposal ops, declared as op specs (see `spec.py`): Sort32,
MrgSort, Sort and their helpers, and the region-proposal APIs of older SoCs.

Mnemonics, operand order and Python keywords are pyasc's (`OpProposal.td`); element
types are those the Ascend C API reference lists for Atlas A2/A3 (half and float).
`MrgSort4`, `RpSort16`, `ProposalConcat` and `ProposalExtract` are declared for pyasc's
IR, but Atlas A2/A3 do not have them: their headers stop with "... is not supported on
current device" when they run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import Float32Type, IntegerType, Signedness
from xdsl.ir import Operation
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.param_types import MrgSortSrcListType
from asc_xdsl.dialects.ascendc.spec import (
    INT,
    Arity,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    Result,
    SpecOp,
    TypeRule,
    exact,
    predicate,
)
from asc_xdsl.dialects.ascendc.struct_types import of_struct
from asc_xdsl.dialects.ascendc.vec_misc import local_of
from asc_xdsl.dialects.ascendc.vector import dst, src

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

_UI16, _UI32 = (IntegerType(w, Signedness.UNSIGNED) for w in (16, 32))
SORT_DTYPES = ("f16", "f32")
_NOT_ON_A2 = " Not on Atlas A2/A3 (the headers stop with 'not supported on current device' there)."

REPEAT_TIME = Operand("repeat_time", INT)
_INFO = Operand("params", of_struct("MrgSort4InfoType"))


def _src_list(name: str, py: str | None = None) -> Operand:
    """A `MrgSortSrcList<T>` (it stands for the four queues it holds: read)."""
    rule = TypeRule(
        predicate(
            "a !ascendc.mrg_sort_src_list",
            lambda t: isinstance(t, MrgSortSrcListType),
            "",
            MrgSortSrcListType(Float32Type()),
        ).constraint,
        "MrgSortSrcList<T>",
        lambda v: MrgSortSrcListType(v["T"]),
        "T",  # its element type is the tensors'
    )
    return Operand(name, rule, Effect.READ, py=py)


# ---------------------------------------------------------------------------
# Helpers of the sorted layout: (score, index) pairs
# ---------------------------------------------------------------------------


def _float(op: Operation) -> Float32Type:
    # pyasc's API name is `GetSortLen<float>`: the layout of float scores.
    return Float32Type()


for _cls, _m, _api, _arg, _doc in (
    ("GetSortOffset", "get_sort_offset", "GetSortOffset", "elem_offset", "the offset of"),
    ("GetSortLen", "get_sort_len", "GetSortLen", "elem_count", "the length of"),
):
    FAMILY.add(
        f"{_cls}Op",
        OpSpec(
            _m,
            _api,
            (Operand(_arg, INT),),
            results=(Result("result", exact(_UI32), _UI32),),
            template=(_float,),
            py=_m,
            doc=f"`AscendC::{_api}<float>(n)`: {_doc} n elements in the sorted "
            "(score, index) layout of float scores.",
        ),
    )


# ---------------------------------------------------------------------------
# Sort32, Sort, MrgSort
# ---------------------------------------------------------------------------

FAMILY.add(
    "Sort32Op",
    OpSpec(
        "sort32",
        "Sort32",
        (dst(), src("src0"), Operand("src1", local_of(_UI32), Effect.READ), REPEAT_TIME),
        dtypes={"T": SORT_DTYPES},
        pipe="V",
        py="sort32",
        sim="sort32",
        doc="`AscendC::Sort32(dst, src0, src1, repeatTime)`: sorts 32 scores (src0) with "
        "their indices (src1) per repeat, descending, as (score, index) pairs.",
    ),
)
FAMILY.add(
    "SortOp",
    OpSpec(
        "sort",
        "Sort",
        (
            dst(),
            src("concat"),
            Operand("index", local_of(_UI32), Effect.READ),
            Operand("tmp", dst().type, Effect.READ_WRITE),
            REPEAT_TIME,
        ),
        props=(Prop("isFullSort", py="is_full_sort", default=False),),
        template=("T", "isFullSort"),
        dtypes={"T": SORT_DTYPES},
        pipe="V",
        py="sort",
        sim="sort",
        doc="`AscendC::Sort<T, isFullSort>(dst, concat, index, tmp, repeatTime)`: "
        "descending sort of scores with their indices.",
    ),
)

MRG_SORT_QUEUES = 4
"""MrgSort merges up to four queues: its count arrays have four entries."""


class _MrgSortOp(SpecOp):
    def verify_(self) -> None:
        super().verify_()
        for name in ("element_count_list", "sorted_num"):
            n = len(getattr(self, name))
            if n != MRG_SORT_QUEUES:
                raise VerifyException(
                    f"'{self.name}': {name} must have {MRG_SORT_QUEUES} entries (one per "
                    f"queue), got {n}"
                )


FAMILY.add(
    "MrgSortOp",
    OpSpec(
        "mrg_sort",
        "MrgSort",
        (
            dst(),
            _src_list("sort_list"),
            Operand("element_count_list", INT, arity=Arity.VARIADIC, array=True),
            Operand("sorted_num", INT, arity=Arity.VARIADIC, array=True),
            Operand("valid_bit", INT),
            REPEAT_TIME,
        ),
        props=(Prop("isExhaustedSuspension", py="is_exhausted_suspension", default=False),),
        template=("T", "isExhaustedSuspension"),
        example={"element_count_list": MRG_SORT_QUEUES, "sorted_num": MRG_SORT_QUEUES},
        emit=EmitKind.CUSTOM,
        dtypes={"T": SORT_DTYPES},
        pipe="V",
        py="mrg_sort",
        sim="mrg_sort",
        doc="`AscendC::MrgSort<T, isExhaustedSuspension>(dst, sortList, elementCountList, "
        "sortedNum, validBit, repeatTime)`: merges up to four sorted queues.",
    ),
    _MrgSortOp,
)
FAMILY.add(
    "MrgSortWithInfoOp",
    OpSpec(
        "mrg_sort_with_info",
        "MrgSort",
        (dst(), _src_list("src", py="sort_list"), _INFO),
        dtypes={"T": SORT_DTYPES},
        pipe="V",
        py="mrg_sort",
        sim="mrg_sort",
        doc="`AscendC::MrgSort(dst, src, MrgSort4Info)`: merges up to four sorted queues.",
    ),
)
FAMILY.add(
    "MrgSortSrcListOp",
    OpSpec(
        "mrg_sort_src_list",
        "MrgSortSrcList",
        results=(Result("params", _src_list("params").type),),
        emit=EmitKind.CONSTRUCTOR,
        doc="`AscendC::MrgSortSrcList<T> v;`: an empty list of queues (its fields are set "
        "in C++; pyasc builds a full one with `ascendc.construct`).",
    ),
)


FAMILY.add(
    "GetMrgSortResultOp",
    OpSpec(
        "get_mrg_sort_result",
        "GetMrgSortResult",
        results=tuple(Result(f"mrg_sort_list{i}", exact(_UI16), _UI16) for i in range(1, 5)),
        emit=EmitKind.CUSTOM,
        pipe="S",
        py="get_mrg_sort_result",
        doc="`AscendC::GetMrgSortResult(a, b, c, d)`: how many elements of each queue the "
        "last exhausted-suspension MrgSort merged.",
    ),
)


# ---------------------------------------------------------------------------
# Region proposals (not on Atlas A2/A3)
# ---------------------------------------------------------------------------

FAMILY.add(
    "MrgSort4Op",
    OpSpec(
        "mrg_sort4",
        "MrgSort4",
        (dst(), _src_list("src"), _INFO),
        dtypes={"T": SORT_DTYPES},
        pipe="V",
        py="mrg_sort4",
        doc="`AscendC::MrgSort4(dst, src, params)`: merges up to four sorted region "
        "proposal queues." + _NOT_ON_A2,
    ),
)
FAMILY.add(
    "RpSort16Op",
    OpSpec(
        "rp_sort16",
        "RpSort16",
        (dst(), src("src"), REPEAT_TIME),
        dtypes={"T": SORT_DTYPES},
        pipe="V",
        py="rp_sort16",
        doc="`AscendC::RpSort16(dst, src, repeatTime)`: sorts 16 region proposals per "
        "repeat by score." + _NOT_ON_A2,
    ),
)
for _cls, _m, _api, _what in (
    ("ProposalConcat", "proposal_concat", "ProposalConcat", "into"),
    ("ProposalExtract", "proposal_extract", "ProposalExtract", "out of"),
):
    FAMILY.add(
        f"{_cls}Op",
        OpSpec(
            _m,
            _api,
            (dst(), src("src"), REPEAT_TIME, Operand("mode_number", INT)),
            dtypes={"T": SORT_DTYPES},
            pipe="V",
            py=_m,
            doc=f"`AscendC::{_api}(dst, src, repeatTime, modeNumber)`: moves one field "
            f"{_what} region proposals." + _NOT_ON_A2,
        ),
    )

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.vec_proposal import *  # noqa: F403
