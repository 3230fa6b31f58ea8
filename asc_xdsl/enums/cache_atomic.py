"""The enums of the cache and atomic APIs: `CacheMode` and `CacheRwMode` (a
GlobalTensor's `SetL2CacheHint`), `CacheLine`, `DcciDst` (`DataCacheCleanAndInvalid`),
`AtomicDtype`, `AtomicOp` (`SetStoreAtomicConfig`).

Loaded when one is first named (`asc_xdsl.enums`' `__getattr__`): a kernel without
those APIs never needs them.
"""

from __future__ import annotations

from asc_xdsl.enums import AscEnum


class CacheMode(AscEnum):
    """The L2 cache mode of a GlobalTensor's accesses (`AscendC::CacheMode`). The numbers
    are the headers' and pyasc's dialect's (0 is DISABLE); pyasc's Python enum swaps
    NORMAL and DISABLE."""

    CACHE_MODE_DISABLE = 0
    CACHE_MODE_NORMAL = 1
    CACHE_MODE_LAST = 2
    CACHE_MODE_PERSISTENT = 4


class CacheRwMode(AscEnum):
    """Which accesses an L2 cache hint is for (`AscendC::CacheRwMode`)."""

    READ = 1
    WRITE = 2
    RW = 3


class CacheLine(AscEnum):
    """What `DataCacheCleanAndInvalid` cleans: one cache line or the whole data cache."""

    SINGLE_CACHE_LINE = 0
    ENTIRE_DATA_CACHE = 1


class DcciDst(AscEnum):
    """The destination `DataCacheCleanAndInvalid` writes dirty lines back to."""

    CACHELINE_ALL = 0
    CACHELINE_UB = 1
    CACHELINE_OUT = 2
    CACHELINE_ATOMIC = 3


class AtomicDtype(AscEnum):
    """Element type of `SetStoreAtomicConfig`'s atomic accumulation."""

    ATOMIC_NONE = 0
    ATOMIC_F32 = 1
    ATOMIC_F16 = 2
    ATOMIC_S16 = 3
    ATOMIC_S32 = 4
    ATOMIC_S8 = 5
    ATOMIC_BF16 = 6


class AtomicOp(AscEnum):
    """Operation of `SetStoreAtomicConfig`'s atomic accumulation."""

    ATOMIC_SUM = 0
