"""Stand-in for torch_npu's device name while pyasc's NPU tests run on the simulator.

pyasc's generalization tests ask for `config.Backend.NPU` and build their inputs with
`torch.xxx(..., device="npu")`, a device only torch_npu provides. The harness maps
`Backend.NPU` to our CPU simulator (ASC_XDSL_BACKEND_MAP=NPU=cpu), whose device memory
is host memory, so here `device="npu"` (or "npu:N") means the CPU: a torch function
mode rewrites the keyword and the tensors are ordinary CPU tensors, passed to kernels
as they are.
"""

from __future__ import annotations

import importlib.util
from typing import Any

NPU = "npu"


def _host(device: Any) -> Any:
    if isinstance(device, str) and device.split(":", 1)[0] == NPU:
        return "cpu"
    return device


def npu_is_host_mode() -> Any:
    """A torch function mode in which device "npu" is the CPU."""
    from torch.overrides import TorchFunctionMode

    class NpuIsHost(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            if "device" in kwargs:
                kwargs = {**kwargs, "device": _host(kwargs["device"])}
            if func.__name__ == "to":  # tensor.to("npu")
                args = tuple(_host(a) for a in args)
            return func(*args, **kwargs)

    return NpuIsHost()


def install() -> None:
    """Enter the mode for the rest of the process when `Backend.NPU` runs on the
    simulator (no-op otherwise, or without torch)."""
    from asc_xdsl.runtime.config import Backend, backend_name

    if backend_name(Backend.NPU) != "cpu" or importlib.util.find_spec("torch") is None:
        return
    npu_is_host_mode().__enter__()
