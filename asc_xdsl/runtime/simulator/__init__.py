"""The CPU simulator backend: runs kernel IR on numpy, checks it, profiles it.

Modules: `platform` (memory sizes), `memory` (GM binding, on-chip buffers, tensors),
`queues` (TQue/TBuf), `compile` (IR -> closures), `ops/` (semantics per op family),
`profile` (counters, cost model, msprof CSVs), `printing` (printf/DumpTensor format),
`errors`, `budget` (the step limit), `backend` (`CpuSimulatorBackend`, `last_profile`),
`tensor_list` (the packed tensor lists ListTensorDesc reads). See docs/simulator.md.
"""

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from asc_xdsl.runtime.simulator.backend import CpuSimulatorBackend, last_profile
from asc_xdsl.runtime.simulator.errors import (
    AlignmentError,
    EndlessLoopError,
    GmAccessError,
    MemoryOverflowError,
    ProfileRegionError,
    QueueError,
    SimulatorError,
    StepLimitError,
    TensorBoundsError,
    UnsupportedOpError,
)
from asc_xdsl.runtime.simulator.platform import PLATFORMS, get_platform
from asc_xdsl.runtime.simulator.profile import KernelProfile
from asc_xdsl.runtime.simulator.tensor_list import pack_tensor_list, tensor_list

__all__ = [
    "PLATFORMS",
    "AlignmentError",
    "CpuSimulatorBackend",
    "EndlessLoopError",
    "GmAccessError",
    "KernelProfile",
    "MemoryOverflowError",
    "ProfileRegionError",
    "QueueError",
    "SimulatorError",
    "StepLimitError",
    "TensorBoundsError",
    "UnsupportedOpError",
    "get_platform",
    "last_profile",
    "pack_tensor_list",
    "tensor_list",
]
