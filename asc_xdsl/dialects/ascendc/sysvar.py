"""System values, declared as op specs (see `spec.py`): block and sub-block indices,
counters, the core kind, and `Trap`, as pyasc's `OpSysVar.td` and `Ops.td` state them.

The headers return `int64_t` (`GetDataBlockSizeInBytes`: `int16_t`); an op's result may
be any integer type, which the C++ converts to, except where pyasc fixes the type
(`get_sub_block_idx : i64`, `get_sub_block_num : ui64`, `get_task_ratio : i64`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from xdsl.dialects.builtin import IntegerType, Signedness, i1, i32, i64
from xdsl.ir import Attribute
from xdsl.traits import ConstantLike
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.spec import (
    INT,
    Operand,
    OpFamily,
    OpSpec,
    Result,
    SpecOp,
    exact,
    lazy_base,
)

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

_UI32 = IntegerType(32, Signedness.UNSIGNED)
_UI64 = IntegerType(64, Signedness.UNSIGNED)


class SysValueOp(SpecOp):
    """A value read with no arguments; `op(result_type)` builds one, as the frontend does."""

    def __init__(self, *operands: Any, result_types: Any = None, **props: Any):
        if len(operands) == 1 and isinstance(operands[0], Attribute) and result_types is None:
            result_types, operands = [operands[0]], ()
        super().__init__(*operands, result_types=result_types, **props)


# (class, mnemonic, API, result rule, default result type, cast printer, what it reads)
_VALUES: tuple[tuple[str, str, str, Any, Attribute, bool, str], ...] = (
    ("GetBlockIdxOp", "get_block_idx", "GetBlockIdx", INT, i32, True, "this block's index"),
    ("GetBlockNumOp", "get_block_num", "GetBlockNum", INT, i32, True, "the number of blocks"),
    (
        "GetDataBlockSizeInBytesOp",
        "get_data_block_size_in_bytes",
        "GetDataBlockSizeInBytes",
        INT,
        i32,
        False,
        "the size of a data block (32 bytes)",
    ),
    (
        "GetProgramCounterOp",
        "get_program_counter",
        "GetProgramCounter",
        INT,
        i64,
        False,
        "the program counter",
    ),
    (
        "GetSubBlockIdxOp",
        "get_sub_block_idx",
        "GetSubBlockIdx",
        exact(i64),
        i64,
        False,
        "the index of this vector core in its AI Core",
    ),
    (
        "GetSubBlockNumOp",
        "get_sub_block_num",
        "GetSubBlockNum",
        exact(_UI64),
        _UI64,
        False,
        "the number of vector cores of an AI Core",
    ),
    (
        "GetSystemCycleOp",
        "get_system_cycle",
        "GetSystemCycle",
        INT,
        i64,
        False,
        "the system cycle counter",
    ),
    (
        "GetTaskRatioOp",
        "get_task_ratio",
        "GetTaskRatio",
        exact(i64),
        i64,
        False,
        "the ratio of vector to cube cores (1 in coupled mode)",
    ),
)
for _cls, _m, _api, _rule, _default, _cast, _what in _VALUES:
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            _api,
            results=(Result("value", _rule, _default),),
            emit=EmitKind.CUSTOM if _cast else EmitKind.FREE_FUNCTION,
            pipe="S",
            # get_block_idx/num: Python functions of their own (language/basic/sys_var.py)
            py=None if _cast else _m,
            doc=f"`AscendC::{_api}()`: {_what}.",
        ),
        SysValueOp,
    )


@lazy_base
def GetArchVersionBase() -> type[SpecOp]:
    class GetArchVersionBase(SpecOp):
        """`GetArchVersion(uint32_t& coreVersion)` writes its argument: a variable, not a
        constant (C++ cannot bind the reference to a `constexpr` value)."""

        def verify_(self) -> None:
            super().verify_()
            owner = self.operands[0].owner
            if getattr(owner, "has_trait", None) and owner.has_trait(ConstantLike):  # type: ignore[union-attr]
                raise VerifyException(
                    f"'{self.name}': core_version must be a variable (GetArchVersion writes "
                    f"it), not the constant of '{owner.name}'"  # type: ignore[union-attr]
                )

    return GetArchVersionBase


FAMILY.add(
    "GetArchVersionOp",
    OpSpec(
        "get_arch_version",
        "GetArchVersion",
        (Operand("core_version", exact(_UI32)),),
        pipe="S",
        py="get_arch_version",
        doc="`AscendC::GetArchVersion(coreVersion)`: writes the architecture version into "
        "the uint32_t variable `coreVersion`.",
    ),
    GetArchVersionBase,
)
FAMILY.add(
    "TrapOp",
    OpSpec(
        "trap",
        "Trap",
        pipe="S",
        py="trap",
        doc="`AscendC::Trap()`: stop the AI Core (an assertion failure in CPU mode).",
    ),
)


# pyasc calls them AscendIsAIC/AIV; the C++ is the expression the ASCEND_IS_AIC macro
# stands for (the macro itself may expand to `constexpr(...)`, for `if ASCEND_IS_AIC`).
for _cls, _m, _core, _what in (
    ("AscendIsAICOp", "ascend_is_aic", "AIC", "a cube core (AIC)"),
    ("AscendIsAIVOp", "ascend_is_aiv", "AIV", "a vector core (AIV)"),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            f"g_coreType == AscendC::{_core}",
            results=(Result("result", INT, i1),),
            emit=EmitKind.CUSTOM,
            pipe="S",
            py=_m,
            doc=f"`g_coreType == AscendC::{_core}`: whether this code runs on {_what}.",
        ),
        SysValueOp,
    )

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.sysvar import *  # noqa: F403
