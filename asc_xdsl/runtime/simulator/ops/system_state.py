"""Per-core system state an op writes or reads back: GetArchVersion, InitSocState and
the two HCCL communication contexts.

- **GetArchVersion(coreVersion)** writes bits 32-43 of the core's arch register into its
  argument: the architecture as hex digits, 0x220 on dav-c220 (Atlas A2/A3; the
  documentation prints it with `%x`). The argument is a C++ variable, so the op
  overwrites the value's frame slot and later reads see it.
- **InitSocState()** (dav-c220's InitSocStateImpl): atomic mode off (SetAtomicNone),
  mask mode normal, and the unit's registers: the AIV's vector mask all ones, the AIC's
  LoadData padding value 0 (the L1 3D size register it also clears is not modelled).
  Each core keeps both sets, the other unit's unused, so both are reset. On Atlas
  inference (310P, arch 2002) it only turns atomics off, as that arch's branch does;
  GetArchVersion there is an error (its register value is not known here).
- **SetHcclContext<i>(ctx) / GetHcclContext<i>()**, i in {0, 1}: a GM pointer kept per
  core. Reading a context never set is an error (the headers return a null pointer that
  any use would fault on). The collective operations that use a context are not ops of
  the dialect: HCCL itself does not run here.
"""

from __future__ import annotations

from asc_xdsl.dialects.ascendc import misc, sysvar
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.vmask import FULL

ARCH_VERSION = 0x220  # (get_arch_ver() >> 32) & 0xFFF on dav-c220
HCCL_CONTEXTS = 2


@handles(sysvar.GetArchVersionOp)
def _arch_version(op, comp):
    v = comp.slot(op.core_version)

    def run(e, c, _op=op):
        if not c.onchip.platform.split_cores:
            raise SimulatorError(
                f"GetArchVersion on {c.onchip.platform.name}: the simulator knows the arch "
                "register of dav-c220 (Atlas A2/A3) only"
            )
        e[v] = ARCH_VERSION

    return run


@handles(misc.InitSocStateOp)
def _init_soc_state(op, comp):
    def run(e, c, _op=op):
        c.regs.pop("ATOMIC", None)
        if not c.onchip.platform.split_cores:  # arch 2002's InitSocStateImpl: atomics only
            return
        c.regs["LOAD3D_PAD"] = 0
        c.vmask.counter = False
        c.vmask.bits = FULL

    return run


def _index(e, i: int, what: str) -> int:
    index = int(e[i])
    if not 0 <= index < HCCL_CONTEXTS:
        raise SimulatorError(f"{what}<{index}>: there are two HCCL contexts (0 and 1)")
    return index


@handles(misc.SetHcclContextOp)
def _set_hccl(op, comp):
    i, ctx = comp.slot(op.index), comp.slot(op.context)

    def run(e, c, _op=op):
        c.regs["HCCL_CONTEXT", _index(e, i, "SetHcclContext")] = e[ctx]

    return run


@handles(misc.GetHcclContextOp)
def _get_hccl(op, comp):
    i, r = comp.slot(op.index), comp.slot(op.context)

    def run(e, c, _op=op):
        index = _index(e, i, "GetHcclContext")
        ctx = c.regs.get(("HCCL_CONTEXT", index))
        if ctx is None:
            raise SimulatorError(
                f"GetHcclContext<{index}> before SetHcclContext<{index}> gave the context"
            )
        e[r] = ctx

    return run
