"""The hidden kernel parameters: the ones a launcher adds after the caller's arguments.

One table for the pass that adds them to the IR (`ascendc-legalize-kernel-args`), the
printer's check that a kernel has them, the CANN build and launch, and the simulator's
argument binding. In the IR a hidden parameter is marked
`#emitasc.kernel_arg<kind>` (`transforms/kernel_args.py` reads the marks). Stdlib only:
the CANN manifest checks its `hidden` kinds against this table without xDSL.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HiddenKind:
    """A hidden kernel parameter: always a GM pointer (one 8-byte argument slot)."""

    added_by: str
    """Who adds the parameter (a pass to the IR, or a build step to the C++ text)."""
    kernel_types: tuple[str, ...]
    """Kernel types that must have it (empty: added on demand, not by kernel type)."""
    cann: str
    """What the CANN launch passes (runtime/cann/launch.py fills it)."""
    simulator: str | None
    """What the CPU simulator binds (None: never in the IR the simulator runs)."""


HIDDEN: dict[str, HiddenKind] = {
    "ffts_addr": HiddenKind(
        added_by="ascendc-legalize-kernel-args",
        kernel_types=("mix",),
        cann="a GM word holding aclrtGetHardwareSyncAddr's address",
        simulator="a zeroed GM word (the simulator syncs cube and vector cores itself)",
    ),
    "dump": HiddenKind(
        added_by="the CANN build of a kernel that prints (runtime/cann/dump.py)",
        kernel_types=(),
        cann="the printf/DumpTensor buffer, one block per core",
        simulator=None,
    ),
}
