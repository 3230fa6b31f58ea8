"""Data and instruction caches, declared as op specs (see `spec.py`):
`DataCacheCleanAndInvalid`, the instruction cache preload (pyasc's `OpCache.td`) and
`DataCachePreload` (pyasc's `Common.td`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import i64

from asc_xdsl.dialects.ascendc.spec import (
    INT,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    Result,
    exact,
    global_,
)
from asc_xdsl.enums import CacheLine, DcciDst

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

# Cleaning writes dirty cache lines back to GM: the tensor's memory is read and written.
_DST = Operand("dst", global_("T"), Effect.READ_WRITE)
_ENTIRE_TYPE = Prop("entireType", CacheLine)

FAMILY.add(
    "DataCacheCleanAndInvalidGlobalOp",
    OpSpec(
        "data_cache_clean_invalid_global",
        "DataCacheCleanAndInvalid",
        (_DST,),
        props=(_ENTIRE_TYPE, Prop("dcciDst", DcciDst)),
        template=("T", "entireType", "dcciDst"),
        pipe="S",
        py="data_cache_clean_and_invalid",
        py_params=("entire_type", "dcci_dst", "dst"),
        doc="`AscendC::DataCacheCleanAndInvalid<T, entireType, dcciDst>(dst)`: write back "
        "and drop the cached lines of `dst` (or the whole cache) towards `dcciDst`.",
    ),
)
FAMILY.add(
    "DataCacheCleanAndInvalidGlobalNoDcciDstOp",
    OpSpec(
        "data_cache_clean_invalid_global_nodccidst",
        "DataCacheCleanAndInvalid",
        (_DST,),
        props=(_ENTIRE_TYPE,),
        template=("T", "entireType"),
        pipe="S",
        py="data_cache_clean_and_invalid",
        py_params=("entire_type", "dst"),
        doc="`AscendC::DataCacheCleanAndInvalid<T, entireType>(dst)`: write back and drop "
        "the cached lines of `dst` (or the whole cache).",
    ),
)
FAMILY.add(
    "GetICachePreloadStatusOp",
    OpSpec(
        "get_icache_preload_status",
        "GetICachePreloadStatus",
        results=(Result("status", exact(i64), i64),),
        pipe="S",
        py="get_icache_preload_status",
        doc="`AscendC::GetICachePreloadStatus()`: 0 when the instruction cache preload is "
        "idle, 1 while it runs.",
    ),
)
FAMILY.add(
    "ICachePreLoadOp",
    OpSpec(
        "icache_preload",
        "ICachePreLoad",
        (Operand("pre_fetch_len", exact(i64)),),
        pipe="S",
        py="icache_preload",
        doc="`AscendC::ICachePreLoad(preFetchLen)`: preload instructions into the "
        "instruction cache.",
    ),
)
FAMILY.add(
    "DataCachePreloadOp",
    OpSpec(
        "data_cache_preload",
        "DataCachePreload",
        (
            Operand("src", global_("T"), Effect.READ),
            Operand("cache_offset", INT),
        ),
        dtypes={"T": ("ui64",)},  # the headers take a GlobalTensor<uint64_t>
        pipe="S",
        py="data_cache_preload",
        doc="`AscendC::DataCachePreload(src, cacheOffset)`: prefetch the cache line of "
        "`src` at byte offset `cacheOffset` into the data cache.",
    ),
)

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.cache import *  # noqa: F403
