"""Ascend 950's AIC -> AIV hop: the UB of a mix kernel's AIVs, shared with their AIC.

On arch 3510 `Fixpipe` L0C -> UB on the AIC writes the UB of its AI Core's AIVs
(`copy_matrix_cc_to_ub` with `dualDstCtl` / `subBlockId`: one AIV's UB, or half of the
matrix into each), and so does `DataCopyL1ToUB<T, subBlockId>` (`copy_cbuf_to_ubuf`,
MTE1: L1 into AIV subBlockId's UB). The simulator gives every core memories of its own
(`backend.BlockContext.onchip`), so a launch of a mix kernel on such a platform shares
them through `Peers`: an AIV's on-chip memories are made when first needed, by the AIV
when it starts or by its AIC's Fixpipe, whichever comes first (the AIC starts first).

For the race checker an AIV's UB is then also a memory of the launch (`SharedUB`),
checked across cores like GM (`gmorder.py`): the AIC's Fixpipe writes it on FIX (its
DataCopyL1ToUB on MTE1), the
AIV's own ops read and write it, and only cross-core flags order the two sides.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from asc_xdsl.runtime.simulator.memory import OnChip
from asc_xdsl.soc import get_soc

if TYPE_CHECKING:
    from asc_xdsl.runtime.simulator.platform import Platform


class SharedUB:
    """The race checker's key of one AIV's UB across cores (GM buffers' role)."""

    __slots__ = ("name", "where")

    def __init__(self, block: int, sub: int):
        self.name = f"UB of block {block}'s AIV {sub}"
        self.where = (
            f"the UB of block {block}'s AIV {sub} (Fixpipe L0C -> UB / DataCopyL1ToUB from its AIC)"
        )


class Peers:
    """The AIVs' memories of one launch, by (block, sub-block)."""

    def __init__(self, platform: Platform):
        self.platform = platform
        self._onchip: dict[tuple[int, int], OnChip] = {}
        self._keys: dict[tuple[int, int], SharedUB] = {}
        self._written: dict[tuple[int, int], bytearray] = {}
        self._lock = threading.Lock()

    def onchip(self, block: int, sub: int) -> OnChip:
        with self._lock:
            got = self._onchip.get((block, sub))
            if got is None:
                got = self._onchip[block, sub] = OnChip(self.platform)
            return got

    def written(self, block: int, sub: int, make: Callable[[], bytearray]) -> bytearray:
        """The AIV's mask of written UB bytes (uninit.py; `make` gives a fresh one)."""
        with self._lock:
            got = self._written.get((block, sub))
            if got is None:
                got = self._written[block, sub] = make()
            return got

    def ub_key(self, block: int, sub: int) -> SharedUB:
        with self._lock:
            got = self._keys.get((block, sub))
            if got is None:
                got = self._keys[block, sub] = SharedUB(block, sub)
            return got


UB_HOP_OPS = frozenset(
    {
        "ascendc.fixpipe",
        "ascendc.fixpipe_with_workspace",
        "ascendc.data_copy_l1_to_ub",
        "ascendc.data_copy_l1_to_ub_params",
    }
)
"""The ops that may write an AIV's UB from the AIC (Fixpipe with a UB dst, and
DataCopyL1ToUB<T, subBlockId>)."""


@cache
def _arch(name: str) -> int:
    return get_soc(name).npu_arch


def arch(platform: Platform) -> int:
    """The platform's NPU arch (3510: Ascend 950)."""
    return _arch(platform.name)
