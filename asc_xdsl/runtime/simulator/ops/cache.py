"""Data and instruction cache ops. The simulator has no caches (every access reaches
memory at once), so these change nothing; the data-cache ops still check that their
GM tensor is bound and, for DataCachePreload, that the line it names is inside the
argument, as an NPU would fault on a bad address."""

from __future__ import annotations

from asc_xdsl.dialects import ascendc
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.memory import GlobalTensor

CACHE_LINE = 64


@handles(
    ascendc.DataCacheCleanAndInvalidGlobalOp, ascendc.DataCacheCleanAndInvalidGlobalNoDcciDstOp
)
def _dcci(op, comp):
    t = comp.slot(op.dst)

    def run(e, c, _op=op):
        g = e[t]
        if not isinstance(g, GlobalTensor):
            raise SimulatorError("DataCacheCleanAndInvalid needs a GlobalTensor")
        g.bound()

    return run


@handles(ascendc.DataCachePreloadOp)
def _preload(op, comp):
    t, off = comp.slot(op.src), comp.slot(op.cache_offset)

    def run(e, c, _op=op):
        g = e[t]
        if not isinstance(g, GlobalTensor):
            raise SimulatorError("DataCachePreload needs a GlobalTensor")
        g.bytes_at(e[off], 1, f"DataCachePreload at byte offset {e[off]}:")

    return run


@handles(ascendc.ICachePreLoadOp)
def _icache(op, comp):
    return None


@handles(ascendc.GetICachePreloadStatusOp)
def _icache_status(op, comp):
    comp.constant(op.status, 0)  # the preload is always done
    return None
