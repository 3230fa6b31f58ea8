"""Reads of UB that nothing wrote: a finding at the reading op's source line.

A block's UB starts as zeros here and as whatever the last kernel left on an NPU, so a
kernel that reads a tile it never filled (a DataCopy of too few elements, a tail left
unset, a buffer read before its first write) computes right on the simulator and
wrong on the device. Each block keeps one byte per UB byte (`c.ubw`, a bytearray):

- after an op that may write a local tensor, the bytes it writes are set: `count`
  elements of each written operand for a count form, else the operand's whole window
  (an op whose extent is not plain, an operand list, an op with no spec: writes are
  over-approximated, which can hide a finding but never make one up);
- before an op whose read extent is exact -- the count forms of the vector, cast,
  reduce and advanced math families (`count` elements of each source), DataCopy's
  count form from UB, `LocalTensor.GetValue` -- the bytes it reads are looked up
  (`bytearray.find(0, lo, hi)`: a memchr, no copy). Scratch operands
  (`sharedTmpBuffer`, read and written) are not checked.

Both first look the range up in `c.ubdone`, the set of ranges known to be all written
(the mask never forgets a write), so a kernel that rewrites its tiles pays a set lookup
per tensor operand. A read of unwritten bytes is reported once per op (source line):
launch option `uninit` (`ASC_XDSL_SIM_UNINIT`) "warn" (the default: an
`UninitializedReadWarning` after the launch), "error" (an `UninitializedReadError`
once the op has run) or "off" (the program is compiled without these checks and pays
nothing). See docs/simulator.md.
"""

from __future__ import annotations

import os
import warnings
from typing import Any

import numpy as np
from xdsl.ir import Operation

from asc_xdsl.diagnostics import CodedWarning
from asc_xdsl.dialects.ascendc.spec import Effect
from asc_xdsl.dialects.ascendc.types import LocalTensorType
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.simulator.compile import Inline
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.float4 import elements_per_byte
from asc_xdsl.runtime.simulator.memory import LocalTensor

UNINIT_ENV = "ASC_XDSL_SIM_UNINIT"
MODES = ("warn", "error", "off")
DEFAULT_MODE = "warn"

CHECKED_FAMILIES = frozenset(
    ("binary", "unary", "scalar", "cast", "cast_deq", "relu_cast", "axpy", "reduce",
     "adv_unary", "adv_binary", "adv_clamp", "adv_exp", "adv_quant", "copy",
     "cmpsel:compare", "cmpsel:compare_scalar", "shift_tensor")
)  # fmt: skip
"""Families (simulator keys, or `family:arg`) whose count form reads exactly `count`
elements of each source operand."""

ELEMENT_READS = frozenset(("ascendc.local_tensor.get_value",))
"""Ops reading the one element at operand 1."""
ELEMENT_WRITES = frozenset(("ascendc.local_tensor.set_value",))
"""Ops writing the one element at operand 1."""

_COUNT_OPERANDS = ("count", "cal_count")


class UninitializedReadWarning(CodedWarning):
    """A kernel read UB bytes that nothing wrote (launch option uninit="warn")."""


class UninitializedReadError(SimulatorError):
    """A kernel read UB bytes that nothing wrote (launch option uninit="error")."""


def uninit_mode(value: Any = None) -> str:
    """The launch's mode from the keyword, the environment or the default."""
    source = "uninit"
    if value is None:
        value, source = os.environ.get(UNINIT_ENV) or DEFAULT_MODE, UNINIT_ENV
    if value not in MODES:
        raise LaunchError(
            f"{source} must be one of {', '.join(MODES)}, got {value!r}", code="ASC-R602"
        )
    return value


class Findings:
    """A launch's findings: one per reading op, shared by its blocks; and the blocks'
    written-bytes masks (`mask`/`release`: a finished block's is zeroed for the next,
    as `memory.Memories` reuses UB, since fresh pages cost a page fault each)."""

    __slots__ = ("errors", "mode", "pending", "seen", "spare")

    def __init__(self, mode: str):
        self.mode = mode
        self.seen: set[Operation] = set()
        self.errors: list[SimulatorError] = []
        self.pending: SimulatorError | None = None
        """Mode "error": the finding, raised once the op has run (so that an error of
        the op itself, a bounds or alignment error, comes first)."""
        self.spare: list[bytearray] = []

    def mask(self, nbytes: int) -> bytearray:
        """A zeroed mask of `nbytes` for a block."""
        for i, m in enumerate(self.spare):
            if len(m) == nbytes:
                del self.spare[i]
                np.frombuffer(m, np.uint8).fill(0)  # (bytes(nbytes) maps fresh pages each time)
                return m
        return bytearray(nbytes)

    def release(self, mask: bytearray) -> None:
        if len(self.spare) < 4:
            self.spare.append(mask)

    def emit(self) -> None:
        for err in self.errors:
            warnings.warn(err.text, UninitializedReadWarning, stacklevel=4)


def report(c: Any, op: Operation, operand: str, t: Any, lo: int, hi: int) -> None:
    """Bytes [lo, hi) of UB, read by `op` through `operand` (tensor `t`), hold some
    never written: a finding (an error in mode "error")."""
    found: Findings = c.uninit
    if op in found.seen:
        return
    found.seen.add(op)
    written = c.ubw
    first = written.find(0, lo, hi)
    missing = (hi - lo) - sum(memoryview(written)[lo:hi])
    element = (first - t.offset) // t.itemsize
    err = UninitializedReadError(
        f"reads UB bytes [{lo}, {hi}) of {operand}, {missing} of which nothing wrote "
        f"(the first at byte {first}, element {element} of {operand}): the simulator "
        "reads zeros there, an NPU whatever UB held before"
    ).at(op, c.block_idx)
    if found.mode == "error":
        found.pending = err
    else:
        found.errors.append(err)


def raise_pending(c: Any) -> None:
    """Mode "error": raise the finding of the op that just ran."""
    err = c.uninit.pending
    if err is not None:
        c.uninit.pending = None
        raise err


def _template(tensor: str, test: str, start: str, nbytes: int | str) -> str:
    """The common head of a check and a mark: the tensor, the test that it is one to
    track, its bytes, and the call of the slow path unless the set of ranges known to
    be all written (`c.ubdone`, keyed `offset << 20 | nbytes`) has them."""
    return (
        f"uw_t = {{{tensor}}}\n"
        f"if {test}:\n"
        f"    uw_lo = {start}\n"
        f"    uw_n = {nbytes}\n"
        "    if (uw_lo << 20 | uw_n) not in c.ubdone:\n"
        "        "
    )


def read_slow(c: Any, op: Operation, operand: str, t: Any, lo: int, nbytes: int) -> None:
    """A read of UB bytes [lo, lo + nbytes) not known to be all written: look."""
    if nbytes <= 0:
        return
    if c.ubw.find(0, lo, lo + nbytes) >= 0:
        report(c, op, operand, t, lo, lo + nbytes)
    else:
        c.ubdone.add(lo << 20 | nbytes)


def write_slow(c: Any, lo: int, nbytes: int) -> None:
    """A write of UB bytes [lo, lo + nbytes) not known to be all written: mark them
    (inside UB: the op has run, so they lie inside its tensor's memory)."""
    if nbytes <= 0:
        return
    c.ubw[lo : lo + nbytes] = _ONES[:nbytes]
    c.ubdone.add(lo << 20 | nbytes)


_ONES = memoryview(bytes([1]) * (1 << 20))
"""A source of 1 bytes for marking writes (sliced, never copied)."""


def mark_all(c: Any) -> None:
    """An op wrote UB through addresses: every byte counts as written from now on."""
    c.ubw[:] = bytes([1]) * len(c.ubw)


# -- instrumentation ---------------------------------------------------------------------


def instrument(op: Operation, comp: Any, f: Any, mode: str) -> Any:
    """`f` (a closure or an `Inline`) with the reads checked before it and the writes
    marked after it (pasted in: a call costs more than the work); `f` itself for an op
    that touches no local tensor. `mode`: the launch's ("warn" or "error")."""
    plan = _plan(op)
    if plan is None:
        return f
    reads, writes, windows, count, everything = plan
    check_src, mark_src = [], []
    names = {"u_op": op, "u_read": read_slow, "u_write": write_slow, "u_all": mark_all}
    n = comp.constant_of(count) if count is not None else None
    if count is not None:
        names["u_n"] = count
    for i, (operand, value, element) in enumerate(reads):
        size = _itemsize(value)
        if size is None:
            continue  # not a local tensor (a copy from GM)
        names[f"u_r{i}"], names[f"u_name{i}"] = value, operand
        if element is not None:  # GetValue: any UB tensor, aligned or not
            names[f"u_i{i}"] = element
            test, start, nbytes = (
                "uw_t.mem_name == 'UB'",
                f"uw_t.offset + {{u_i{i}}} * {size}",
                size,
            )
        else:  # a count form: its operands are aligned UB tensors or it fails itself
            test, start = "uw_t.vec_ok", "uw_t.offset"
            nbytes = _count_bytes(op, value, n, size)
        check_src.append(
            _template(f"u_r{i}", test, start, nbytes)
            + f"{{u_read}}(c, {{u_op}}, {{u_name{i}}}, uw_t, uw_lo, uw_n)"
        )
    # Writes: the op ran, so the bytes lie inside the tensor's memory.
    for i, (value, kind) in enumerate(
        [(v, "count") for v in writes] + [(v, "window") for v in windows]
    ):
        size = _itemsize(value)
        if size is None and kind == "count":
            continue  # a copy to GM
        names[f"u_w{i}"] = value
        # (a whole window: any value may come, a library object's state or an unbound
        # tensor passed through; a count form's operand is a bound aligned tensor)
        test, start = "uw_t.__class__ is {u_lt} and uw_t.mem_name == 'UB'", "uw_t.offset"
        names["u_lt"] = LocalTensor
        if kind == "count":
            test = "uw_t.vec_ok"
            nbytes = _count_bytes(op, value, n, size)
        elif op.name in ELEMENT_WRITES and size is not None:
            start, nbytes = f"uw_t.offset + {{u_e}} * {size}", size
            names["u_e"] = op.operands[1]
        else:
            nbytes = "uw_t.length * uw_t.itemsize"
        mark_src.append(_template(f"u_w{i}", test, start, nbytes) + "{u_write}(c, uw_lo, uw_n)")
    if everything:
        mark_src.append("{u_all}(c)")
    if reads and mode == "error":
        names["u_raise"] = raise_pending
        mark_src.append("if c.uninit.pending is not None:\n    {u_raise}(c)")
    if isinstance(f, Inline):
        return Inline(op, [*check_src, f.template, *mark_src], {**f.names, **names})
    own = Inline(op, [*check_src, "{u_f}(e, c)", *mark_src], {**names, "u_f": f})
    return comp.closure(own)


def _count_bytes(op: Operation, value: Any, n: Any, size: int) -> Any:
    """The bytes a count form touches of tensor `value`: the count times the element
    size, halved for a 4-bit float (two elements a byte, float4.elements_per_byte)."""
    per = elements_per_byte(op.name, value.type.element_type)
    if n is None:
        return f"{{u_n}} * {size}" if per == 1 else f"({{u_n}} // {per})"
    return n * size // per


def _itemsize(value: Any) -> int | None:
    """The element size of a local tensor value (None for other values, or an element
    type without a size)."""
    t = value.type
    if not isinstance(t, LocalTensorType):
        return None
    try:
        return np_dtype(t.element_type).itemsize
    except Exception:  # (void and other sizeless element types)
        return None


Plan = tuple[list, list, list, Any, bool]


def _plan(op: Operation) -> Plan | None:
    """(checked reads (operand, tensor value, element index or None), count-form
    writes, whole-window writes, the count value, whether UB is written by address)
    of an op, or None when it touches no local tensor."""
    spec = getattr(type(op), "SPEC", None)
    if spec is None:
        if not op.name.startswith(("ascendc.", "emitasc.")):
            return None  # control flow and calls: the ops inside are instrumented
        windows = [v for v in op.operands if isinstance(v.type, LocalTensorType)]
        return ([], [], windows, None, False) if windows else None
    count = None
    for n in _COUNT_OPERANDS:
        v = getattr(op, n, None)
        if v is not None and not isinstance(v, list | tuple) and v in op.operands:
            count = v
    key = getattr(spec, "sim", None) or ""
    checked = key.partition(":")[0] in CHECKED_FAMILIES or key in CHECKED_FAMILIES
    reads, writes, windows = [], [], []
    for o in spec.operands:
        v = getattr(op, o.name, None)
        if v is None or o.effect is Effect.NONE:
            continue
        if isinstance(v, list | tuple):
            tensors = [x for x in v if isinstance(x.type, LocalTensorType)]
            if Effect.WRITE in o.effect:
                windows.extend(tensors)
            continue
        if o.effect is Effect.READ:
            if op.name in ELEMENT_READS:
                reads.append((o.name, v, op.operands[1]))
            elif checked and count is not None:
                reads.append((o.name, v, None))
        elif Effect.WRITE in o.effect:
            if count is not None and o.effect is Effect.WRITE:
                writes.append(v)
            else:
                windows.append(v)
    everything = key.startswith("trans_data_to_5hd") and not any(
        Effect.WRITE in o.effect for o in spec.operands
    )  # (the address forms: UB written at addresses held in scalars or uint64 tensors)
    if not (reads or writes or windows or everything):
        return None
    return reads, writes, windows, count, everything
