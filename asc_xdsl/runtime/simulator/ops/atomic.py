"""Atomic accumulation into GM: SetAtomicAdd/Max/Min/Type<T>(), SetAtomicNone().

The mode is a per-core register (`c.regs["ATOMIC"] = (operation, T)`). While it is
set, every DMA write to GM (DataCopy / DataCopyPad from UB or L1, Fixpipe and DataCopy
from L0C) combines each element, read as T, with the one in GM: add (in T: integers
wrap, floats round once), max or min (NaN propagates); `put` does the store.
SetAtomicType changes T and keeps the operation. Scalar SetValue to GM is not a DMA and
is never atomic. The store-atomic configuration (Set/GetStoreAtomicConfig) is not an
Atlas A2/A3 API and is refused.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects import ascendc
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32, f32_to_bf16, is_bf16, np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError, UnsupportedOpError
from asc_xdsl.runtime.simulator.memory import GlobalTensor

_COMBINE = {"add": np.add, "max": np.maximum, "min": np.minimum}


def put(c, dst, view: np.ndarray, src: np.ndarray) -> None:
    """Store the bytes `src` into `view` (bytes of `dst`), atomically when dst is GM and
    an atomic mode is set."""
    mode = c.regs.get("ATOMIC") if isinstance(dst, GlobalTensor) else None
    if mode is None:
        view[...] = src
        return
    op, dt = mode
    size = 2 if dt == "bf16" else dt.itemsize
    if view.shape[-1] % size:
        raise SimulatorError(
            f"an atomic {op} of {'bfloat16' if dt == 'bf16' else dt} elements got a burst of "
            f"{view.shape[-1]} bytes, not a whole number of elements"
        )
    raw = np.uint16 if dt == "bf16" else dt
    old = view.view(raw)
    new = np.ascontiguousarray(src).view(raw)
    if dt == "bf16":
        view.view(raw)[...] = f32_to_bf16(_COMBINE[op](bf16_to_f32(old), bf16_to_f32(new)))
    else:
        view.view(raw)[...] = _COMBINE[op](old, new).astype(dt)


def _setter(operation: str | None):
    def build(op, comp):
        t = op.properties["dtype"] if operation != "none" else None
        dt = None if t is None else ("bf16" if is_bf16(t) else np_dtype(t))

        def run(e, c, _op=op):
            if operation == "none":
                c.regs.pop("ATOMIC", None)
            elif operation == "type":
                cur = c.regs.get("ATOMIC")
                if cur is not None:
                    c.regs["ATOMIC"] = (cur[0], dt)
            else:
                c.regs["ATOMIC"] = (operation, dt)

        return run

    return build


handles(ascendc.SetAtomicAddOp)(_setter("add"))
handles(ascendc.SetAtomicMaxOp)(_setter("max"))
handles(ascendc.SetAtomicMinOp)(_setter("min"))
handles(ascendc.SetAtomicTypeOp)(_setter("type"))
handles(ascendc.SetAtomicNoneOp)(_setter("none"))


@handles(ascendc.SetStoreAtomicConfigOp, ascendc.GetStoreAtomicConfigOp)
def _store_config(op, comp):
    raise UnsupportedOpError(
        "Set/GetStoreAtomicConfig is not an Atlas A2/A3 API (use SetAtomicAdd/Max/Min)"
    )
