"""Atomic accumulation into GM: SetAtomicAdd/Max/Min/Type<T>(), SetAtomicNone().

The mode is a per-core register (`c.regs["ATOMIC"] = (operation, T)`). While it is
set, every DMA write to GM (DataCopy / DataCopyPad from UB or L1, Fixpipe and DataCopy
from L0C) combines each element, read as T, with the one in GM: add (in T: integers
wrap, floats round once), max or min (NaN propagates); `put` does the store.
SetAtomicType changes T and keeps the operation. Scalar SetValue to GM is not a DMA and
is never atomic. SetStoreAtomicConfig<type, op> writes the same register (dav-c220's
set_st_atomic_cfg): ATOMIC_NONE turns atomics off, another type sets add (ATOMIC_SUM,
the only op) of that type. GetStoreAtomicConfig reads it back as the AtomicDtype code
and op 0 (sum); after SetAtomicMax/Min it is an error (the register's code for those is
not documented).
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32, f32_to_bf16, is_bf16, np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError, UnsupportedOpError
from asc_xdsl.runtime.simulator.memory import GlobalTensor
from asc_xdsl.runtime.simulator.ops import handles_spec

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


handles_spec("ascendc.set_atomic_add")(_setter("add"))
handles_spec("ascendc.set_atomic_max")(_setter("max"))
handles_spec("ascendc.set_atomic_min")(_setter("min"))
handles_spec("ascendc.set_atomic_type")(_setter("type"))
handles_spec("ascendc.set_atomic_none")(_setter("none"))


# AtomicDtype's codes (asc_xdsl.enums, the header's order) and the types they name
STORE_ATOMIC_TYPES = {
    1: np.dtype(np.float32),
    2: np.dtype(np.float16),
    3: np.dtype(np.int16),
    4: np.dtype(np.int32),
    5: np.dtype(np.int8),
    6: "bf16",
}


@handles_spec("ascendc.set_store_atomic_config")
def _set_store_config(op, comp):
    code = int(op.properties["atomicType"].value.data)
    if code and code not in STORE_ATOMIC_TYPES:
        raise UnsupportedOpError(f"SetStoreAtomicConfig: atomic type {code} is not an AtomicDtype")
    dt = STORE_ATOMIC_TYPES.get(code)

    def run(e, c, _op=op):
        if dt is None:  # ATOMIC_NONE
            c.regs.pop("ATOMIC", None)
        else:
            c.regs["ATOMIC"] = ("add", dt)

    return run


_TYPE_CODES = {("bf16" if v == "bf16" else v.name): k for k, v in STORE_ATOMIC_TYPES.items()}


@handles_spec("ascendc.get_store_atomic_config")
def _get_store_config(op, comp):
    t, o = comp.slot(op.atomic_type), comp.slot(op.atomic_op)

    def run(e, c, _op=op):
        mode = c.regs.get("ATOMIC")
        if mode is None:
            e[t], e[o] = 0, 0
            return
        operation, dt = mode
        if operation != "add":
            raise SimulatorError(
                f"GetStoreAtomicConfig after SetAtomic{operation.capitalize()}: the register's "
                "code for max/min is not documented (only ATOMIC_SUM = 0)"
            )
        e[t], e[o] = _TYPE_CODES[dt if dt == "bf16" else dt.name], 0

    return run
