"""Kernel arguments as the IR knows them: kernel types, GM pointers, hidden parameters.

IR-level facts the passes read (`transforms/kernel_args.py`, `gm_writes.py`) and the
runtime re-exports (`runtime/kernel.py`, `runtime/hidden_params.py`).

The hidden kernel parameters are the ones a launcher adds after the caller's arguments.

One table for the pass that adds them to the IR (`ascendc-legalize-kernel-args`), the
printer's check that a kernel has them, the CANN build and launch, and the simulator's
argument binding. In the IR a hidden parameter is marked
`#emitasc.kernel_arg<kind>` (`transforms/kernel_args.py` reads the marks). Stdlib only:
the CANN manifest checks its `hidden` kinds against this table without xDSL.
"""

from __future__ import annotations

from asc_xdsl.utils.records import FrozenRecord, init_fields

KERNEL_TYPES = ("vector", "cube", "mix")
"""Kernel types: vector-only (AIV), cube-only (AIC), mixed (MIX_AIC_1_2)."""


def is_gm_pointer(t: object) -> bool:
    """Whether `t` is a GM pointer parameter's type (`memref<?xT, 22>`)."""
    from xdsl.dialects.builtin import MemRefType

    from asc_xdsl.dialects.ascendc.base import GM_MEMORY_SPACE

    if not isinstance(t, MemRefType):
        return False
    space = t.memory_space
    value = getattr(getattr(space, "value", None), "data", None)
    return value == GM_MEMORY_SPACE


class HiddenKind(FrozenRecord):
    """A hidden kernel parameter: always a GM pointer (one 8-byte argument slot).

    `added_by`: who adds the parameter (a pass to the IR, or a build step to the C++
    text); `kernel_types`: kernel types that must have it (empty: added on demand, not by
    kernel type); `cann`: what the CANN launch passes (runtime/cann/launch.py fills it);
    `simulator`: what the CPU simulator binds (None: never in the IR the simulator runs).
    """

    _FIELDS = ("added_by", "kernel_types", "cann", "simulator")
    __slots__ = _FIELDS

    def __init__(
        self, added_by: str, kernel_types: tuple[str, ...], cann: str, simulator: str | None
    ) -> None:
        init_fields(
            self, added_by=added_by, kernel_types=kernel_types, cann=cann, simulator=simulator
        )


HIDDEN: dict[str, HiddenKind] = {
    "ffts_addr": HiddenKind(
        added_by="ascendc-legalize-kernel-args",
        kernel_types=("mix",),
        cann="a GM word holding aclrtGetHardwareSyncAddr's address",
        simulator="a zeroed GM word (the simulator syncs cube and vector cores itself)",
    ),
    "workspace": HiddenKind(
        added_by="tile-to-ascendc (a tile mix kernel's cube -> vector workspace)",
        kernel_types=(),
        cann="GM scratch of the parameter's static size per block, times block_dim",
        simulator="a zeroed GM buffer of the parameter's static size per block, times block_dim",
    ),
    "dump": HiddenKind(
        added_by="the CANN build of a kernel that prints (runtime/cann/dump.py)",
        kernel_types=(),
        cann="the printf/DumpTensor buffer, one block per core",
        simulator=None,
    ),
}
