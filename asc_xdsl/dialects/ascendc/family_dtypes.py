"""What each SoC family other than Atlas A2/A3 supports, as a delta on the specs' tables.

An op spec's `dtypes` is the Atlas A2/A3 table (arch 2201). Another family states, per
Ascend C API, how its table differs: the same (`SAME`), without some dtypes (`NO_BF16`),
its own list for a type variable (`Delta(only=...)`), or not at all (`Unsupported`: the
API does not exist there, and the verifier says so). An op name
(`ascendc.data_copy_co12dst`) keys one form of an API whose forms differ (DataCopy's
L0C -> GM/L1 form). An API a family does not list has not been established for it: only
the SoC-independent checks run (docs/dialect.md names those APIs).

Ascend 950 (arch 3510): from compiling every op against the 3510 headers, and the
headers' own dtype assertions (`family_3510.py`).

Atlas inference series (310P, `Atlas 推理系列产品AI Core`): from the Ascend C API
reference (asc-devkit docs/zh/api/SIMD-API/基础API), whose pages state the product
support and the data types of each product. Keys are the spec's `api` (the operator
forms, `operator+`, are their API's page).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from asc_xdsl import soc as soc_table
from asc_xdsl.utils.records import FrozenRecord, init_fields

DtypeTable = Mapping[str, tuple[str, ...]]


class Delta(FrozenRecord):
    """A family's table as a change to Atlas A2/A3's.

    `drop`: dtypes Atlas A2/A3 takes and this family does not (for every type variable);
    `only`: type variable -> this family's own list, replacing Atlas A2/A3's (or the
    list, for a variable Atlas A2/A3's table does not restrict); `add`: type variable ->
    dtypes this family takes besides (Ascend 950's complex types)."""

    _FIELDS = ("add", "drop", "only")
    __slots__ = _FIELDS

    def __init__(
        self,
        drop: tuple[str, ...] = (),
        only: DtypeTable | None = None,
        add: DtypeTable | None = None,
    ) -> None:
        init_fields(
            self, add={} if add is None else add, drop=drop, only={} if only is None else only
        )

    def apply(self, a2_a3: DtypeTable) -> DtypeTable:
        table = {
            var: self.only.get(var, tuple(d for d in allowed if d not in self.drop))
            for var, allowed in a2_a3.items()
        }
        table |= {v: d for v, d in self.only.items() if v not in table}
        return table | {v: (*table.get(v, ()), *d) for v, d in self.add.items()}


class Unsupported(FrozenRecord):
    """The API does not exist on the family (its reference page, `page`, says 不支持;
    for the error message and readers)."""

    _FIELDS = ("page",)
    __slots__ = _FIELDS

    def __init__(self, page: str) -> None:
        init_fields(self, page=page)


SAME = Delta()
NO_BF16 = Delta(drop=("bf16",))
_F16_F32 = ("f16", "f32")


_ATLAS_INFERENCE: dict[str, Delta | Unsupported] = {
    # 基础算术 / 逻辑计算 / 复合计算: the same dtypes as Atlas A2/A3.
    **dict.fromkeys(
        (
            "Add", "Sub", "Mul", "Div", "Max", "Min", "And", "Or",
            "operator+", "operator-", "operator*", "operator/",
            "AddRelu", "SubRelu", "FusedMulAdd", "FusedMulAddRelu",
            "Abs", "Exp", "Ln", "Sqrt", "Rsqrt", "Reciprocal", "Relu", "Not",
            "Adds", "Muls", "Maxs", "Mins", "LeakyRelu",
        ),
        SAME,
    ),
    "Prelu": Unsupported("基础算术/Prelu(ISASI)"),
    "Neg": Unsupported("基础算术/Neg(ISASI)"),
    "FusedAbsSub": Unsupported("复合计算/AbsSub(ISASI)"),
    "FusedExpSub": Unsupported("复合计算/ExpSub(ISASI)"),
    "ShiftLeft": Unsupported("逻辑计算/ShiftLeft"),
    "ShiftRight": Unsupported("逻辑计算/ShiftRight"),
    # 归约计算: half and float, as on Atlas A2/A3 (ReduceDataBlock, ReducePairElem,
    # ReduceRepeat and ReduceSum/Max/Min pages).
    **dict.fromkeys(
        (
            "BlockReduceSum", "BlockReduceMax", "BlockReduceMin", "PairReduceSum",
            "RepeatReduceSum", "WholeReduceSum", "WholeReduceMax", "WholeReduceMin",
            "ReduceSum", "ReduceMax", "ReduceMin",
        ),
        SAME,
    ),
    # 比较与选择: Compare/Compares take half and float only (no int32_t EQ).
    "Compare": Delta(only={"T": _F16_F32}),
    "CompareScalar": Delta(only={"T": _F16_F32}),
    **dict.fromkeys(("GetCmpMask", "SetCmpMask", "Select", "GatherMask"), SAME),
    # 掩码操作, 数据填充, 离散与聚合, 数据排布转换, 复合计算.
    **dict.fromkeys(
        ("SetVectorMask", "Duplicate", "Axpy", "BilinearInterpolation", "Transpose",
         "TransDataTo5HD"),
        SAME,
    ),
    "Gather": NO_BF16,
    "Brcb": NO_BF16,
    "Gatherb": Unsupported("离散与聚合/Gatherb(ISASI)"),
    # 排序组合: the region-proposal APIs exist, the 32-element sorts do not.
    **dict.fromkeys(("MrgSort4", "RpSort16", "ProposalConcat", "ProposalExtract"), SAME),
    "Sort32": Unsupported("排序组合（ISASI）/Sort32"),
    "MrgSort": Unsupported("排序组合（ISASI）/MrgSort"),
    # 数据搬运: UB -> UB Copy does not exist.
    "Copy": Unsupported("数据搬运/UB与UB数据搬运/UBToUB连续数据搬运(Copy)"),
    # 矩阵计算的搬出: L0C leaves only to UB (DataCopy with DataCopyEnhancedParams).
    "ascendc.data_copy_co12dst": Unsupported("矩阵计算的搬出/L0C到GM数据搬运（DataCopy）"),
    "Fixpipe": Unsupported("矩阵计算的搬出/L0C到GM数据搬运（Fixpipe）"),
    # 原子操作: int16_t, half, float; no atomic max/min.
    "SetAtomicAdd": Delta(only={"dtype": ("i16", "f16", "f32")}),
    "SetAtomicType": Delta(only={"dtype": ("i16", "f16", "f32")}),
    "SetAtomicMax": Unsupported("原子操作/SetAtomicMax(ISASI)"),
    "SetAtomicMin": Unsupported("原子操作/SetAtomicMin(ISASI)"),
    # 核间同步, 缓存控制.
    **dict.fromkeys(
        ("IBSet", "IBWait", "SyncAll", "NotifyNextBlock", "WaitPreBlock", "DataCachePreload"),
        SAME,
    ),
}  # fmt: skip


def _from_rows(
    rows: Mapping[str, Mapping[str, tuple[str, ...]] | str],
    added: Mapping[str, DtypeTable] = MappingProxyType({}),
) -> dict:
    """family_3510's plain rows as deltas: a string says why the op does not exist;
    `added`: op -> the dtypes it takes besides its row's (family_3510.EXTRA_FORMS)."""
    deltas = {
        op: Unsupported(row) if isinstance(row, str) else Delta(only=dict(row), add=added.get(op))
        for op, row in rows.items()
    }
    return deltas | {op: Delta(add=add) for op, add in added.items() if op not in rows}


@functools.cache
def _family_dtypes() -> Mapping[str, Mapping[str, Delta | Unsupported]]:
    """`FAMILY_DTYPES`, made when a module for another family is first verified (Ascend
    950's ~200 rows become records then, not at import)."""
    from asc_xdsl.dialects.ascendc import family_3510

    return MappingProxyType(
        {
            soc_table.ATLAS_INFERENCE: MappingProxyType(_ATLAS_INFERENCE),
            soc_table.ASCEND_950: MappingProxyType(
                _from_rows(family_3510.ASCEND_950, family_3510.EXTRA_FORMS)
            ),
        }
    )


@functools.cache
def _family_tables() -> dict[str, object]:
    """`FAMILY_OPERAND_RULES` and `FAMILY_CONSTRUCTORS`, made on first use: they are
    Ascend 950's (`family_3510`), which an Atlas A2/A3 compile never loads."""
    from asc_xdsl.dialects.ascendc import family_3510

    return {
        "FAMILY_OPERAND_RULES": MappingProxyType({soc_table.ASCEND_950: family_3510.OPERAND_RULES}),
        "FAMILY_CONSTRUCTORS": MappingProxyType({soc_table.ASCEND_950: family_3510.CONSTRUCTORS}),
    }


if TYPE_CHECKING:
    FAMILY_DTYPES: Mapping[str, Mapping[str, Delta | Unsupported]]
    """SoC family (other than Atlas A2/A3) -> Ascend C API (or op name) -> its table's delta."""
    FAMILY_OPERAND_RULES: Mapping[str, Mapping[str, Mapping[str, tuple[str, ...] | str]]]
    """SoC family -> op -> operand -> the dtypes it takes there, or the type variable whose
    element type it must have (operands that are no type variable of the dtype tables)."""
    FAMILY_CONSTRUCTORS: Mapping[str, Mapping[str, tuple[int, ...]]]
    """SoC family -> C++ struct -> the field counts its constructors take there."""
    LISTED_APIS: frozenset[str]
    """APIs and op names some family states: a spec without an Atlas A2/A3 table is
    checked too."""
else:

    def __getattr__(name: str) -> object:
        # (each made on first use: `_family_dtypes`, `_family_tables`, `listed_apis`)
        if name == "FAMILY_DTYPES":
            return _family_dtypes()
        if name == "LISTED_APIS":
            return listed_apis()
        if name in ("FAMILY_OPERAND_RULES", "FAMILY_CONSTRUCTORS"):
            return _family_tables()[name]
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def operand_rule_problem(op, family: str) -> str | None:  # type: ignore[no-untyped-def]
    """What `op` (a spec op) passes that `family`'s operand rules refuse, or None."""
    if family != soc_table.ASCEND_950:  # (the only family with operand rules)
        return None
    rules = _family_tables()["FAMILY_OPERAND_RULES"]
    for operand, rule in rules.get(family, {}).get(op.name, {}).items():  # type: ignore[attr-defined]
        value = getattr(op, operand, None)
        if value is None:
            continue
        got = value.type
        if isinstance(rule, str):
            want = op.var_type(rule)
            if want is not None and got != want:
                return f"takes {operand} of {rule}'s element type {want}, got {got}"
        elif str(got) not in rule:
            return f"takes {operand} as one of {', '.join(rule)}, got {got}"
    return None


@functools.cache
def listed_apis() -> frozenset[str]:
    """`LISTED_APIS`: the APIs and op names some family states (a spec without an Atlas
    A2/A3 table is checked on that family too)."""
    from asc_xdsl.dialects.ascendc import family_3510

    return frozenset({*_ATLAS_INFERENCE, *family_3510.ASCEND_950, *family_3510.EXTRA_FORMS})


def family_dtypes(
    family: str, api: str, a2_a3: DtypeTable, op_name: str = ""
) -> DtypeTable | Unsupported | None:
    """The dtype table of `api` (the form `op_name` of it) on `family`, given its Atlas
    A2/A3 table; Unsupported when it does not exist there; None when the family's support
    is not established."""
    if family == soc_table.ATLAS_A2_A3:
        return a2_a3
    table = _family_dtypes().get(family, {})
    entry = table.get(op_name) or table.get(api)
    if entry is None or isinstance(entry, Unsupported):
        return entry
    return entry.apply(a2_a3)
