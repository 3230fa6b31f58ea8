"""`clock()` in ordinary kernel code: `__asc_aicore::clock()` (utils/debug/asc_time.h,
implemented for arch 2201 and 3510 as `get_sys_cnt()`), the `__aicore__` overload beside
the SIMT one (`ascendc.simt.clock`, `__asc_simt_vf::clock()`).

The simulator models it as `GetSystemCycle` does: the block's modelled cycles so far
(every pipe's); the numbers say nothing about a device's timing (docs/ascend950.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from xdsl.dialects.builtin import IntegerType, Signedness
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.spec import OpFamily, OpSpec, Result, exact
from asc_xdsl.dialects.ascendc.sysvar import SysValueOp
from asc_xdsl.dialects.ascendc.target import declared_soc, soc_family
from asc_xdsl.soc import ASCEND_950, ATLAS_A2_A3

FAMILY = OpFamily(__name__)

_UI64 = IntegerType(64, Signedness.UNSIGNED)
CLOCK_FAMILIES = (ATLAS_A2_A3, ASCEND_950)
"""The families whose arch (2201, 3510) asc_time.h implements the `__aicore__` clock for."""


class AicoreClockBase(SysValueOp):
    """`__asc_aicore::clock()`: outside SIMT vector functions (those use `simt.clock`);
    on the families whose arch asc_time.h implements it."""

    NAMESPACE: ClassVar[str] = ""  # (its API names its own namespace)

    def verify_(self) -> None:
        super().verify_()
        family = soc_family(self)
        if family is not None and family not in CLOCK_FAMILIES:
            raise VerifyException(
                f"'{self.name}': clock() (__asc_aicore::clock) exists on Atlas A2/A3 and "
                f"Ascend 950 (arch 2201, 3510) only; this module is compiled for "
                f"{declared_soc(self)} ({family})"
            )
        # (inside SIMT code the SIMT verifier refuses it: that code has ascendc.simt.clock)


FAMILY.add(
    "AicoreClockOp",
    OpSpec(
        "clock",
        "__asc_aicore::clock",
        results=(Result("value", exact(_UI64), _UI64),),
        emit=EmitKind.FREE_FUNCTION,
        pipe="S",
        py="clock",
        sim="clock",
        doc="`clock()` outside SIMT vector functions (`__asc_aicore::clock()`, Atlas A2/A3 "
        "and Ascend 950): the system cycle counter (the simulator: the block's modelled "
        "cycles so far, as `GetSystemCycle`).",
    ),
    AicoreClockBase,
)


if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.aicore_time import *  # noqa: F403
