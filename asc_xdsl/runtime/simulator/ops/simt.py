"""SIMT vector functions (Ascend 950, `dialects/ascendc/simt.py`).

* `asc_vf_call<f>(dim3(x, y, z), args)` runs f once per thread of the x * y * z thread
  block, one thread after another (threadIdx.x fastest, then y, then z: the CPU-debug
  build's order of thread indices); each run sees its own threadIdx. The threads of a
  call share nothing but memory, and asc_xdsl models no warp operations or
  `asc_syncthreads`, so running them in turn gives the result of any interleaving of a
  program without data races between its threads (one with races gets one of the
  results the hardware may give). The race checker sees the call as one access on
  pipe V of the bytes the threads touched (the union of their accesses, as a
  `__simd_vf__` call's): UB, and GM, which is also checked against the other blocks'
  accesses (gmorder.py).
* `blockIdx.x` is GetBlockIdx, `gridDim.x` GetBlockNum, `blockDim` the call's dim3; the
  y and z of blockIdx are 0 and of gridDim 1 (a one-dimensional grid).
* `clock()` is modelled, not measured: the block's modelled cycles so far (every
  pipe's, as GetSystemCycle counts them; profile.py) plus one cycle for each SIMT load,
  store and clock() of the call so far, over all its threads in the order they run; so
  it never goes back, and two reads in one thread differ by the accesses between
  them. The call then costs pipe V `VEC_LATENCY` plus those cycles.
* `p[i]` reads or writes one element of GM (a `__gm__` pointer: the launch's buffer,
  bounds-checked) or UB (a `__ubuf__` pointer: this block's UB, element-aligned,
  bounds-checked).
* `printf` prints one record for each thread that runs it, without the `[AIV Block
  i/N]` prefix (as a `__simd_vf__` function's records).
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects.ascendc.spec import element_of
from asc_xdsl.runtime.simulator import printing
from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32, f32_to_bf16, to_scalar
from asc_xdsl.runtime.simulator.errors import AlignmentError
from asc_xdsl.runtime.simulator.memory import GmPtr
from asc_xdsl.runtime.simulator.ops.reg import _Elem, _read, _write
from asc_xdsl.runtime.simulator.profile import C_V, CYCLE_OFFSET, I_V, PIPES, VEC_LATENCY

STATE = "SIMT"
"""Key of the running call's thread state in `c.regs`."""


class _Threads:
    """The running call: its dim3, the current thread's index, its cycles so far."""

    __slots__ = ("cycles", "dims", "thread")

    def __init__(self, dims: tuple[int, int, int]):
        self.dims = dims
        self.thread = (0, 0, 0)
        self.cycles = 0


def _threads(c) -> _Threads:
    return c.regs[STATE]  # (set by the call; the verifier keeps the ops inside one)


def _vf_call(op, comp):
    callee = comp.program.function(op.properties["callee"].root_reference.data)
    args = comp.slots_of(op.args)
    dims = op.threads()
    order = [(x, y, z) for z in range(dims[2]) for y in range(dims[1]) for x in range(dims[0])]

    def run_threads(c, values):
        outer = c.regs.get(STATE)
        state = c.regs[STATE] = _Threads(dims)
        try:
            for t in order:
                state.thread = t
                callee.call(c, values)
        finally:
            c.regs[STATE] = outer
        c.cnt[I_V] += 1
        c.cnt[C_V] += VEC_LATENCY + state.cycles

    def run(e, c, _op=op):
        values = [e[a] for a in args]
        san = c.san
        if san is None:
            run_threads(c, values)
            return
        outer, san.vf_spans = san.vf_spans, []  # (the UB/GM the threads touch: one V access)
        try:
            run_threads(c, values)
        finally:
            spans, san.vf_spans = san.vf_spans, outer
        san.vector_function(_op, spans)

    return run


def _builtin(read):
    def build(op, comp):
        r = comp.slot(op.value)
        d = "xyz".index(op.properties["dim"].data)

        def run(e, c, _op=op):
            e[r] = read(c, d)

        return run

    return build


def _clock(op, comp):
    r = comp.slot(op.value)

    def run(e, c, _op=op):
        state = _threads(c)
        state.cycles += 1
        e[r] = sum(c.cnt[CYCLE_OFFSET : CYCLE_OFFSET + len(PIPES)]) + state.cycles

    return run


def _element(op):
    el = _Elem(element_of(op.ptr.type))
    t = op.ptr.type.element_type
    scalar = el.dtype.kind in "iub" or el.bf16
    return el, t, scalar


def _gm_bytes(c, p: GmPtr, index: int, size: int, what: str, write: bool) -> tuple[np.ndarray, int]:
    start = p.byte_offset + index * size
    p.buf.check(start, size, what)
    san = c.san
    if san is not None and san.vf_spans is not None:  # (the race checker: the call's access)
        san.vf_spans.append((p.buf, start, start + size, write))
    return p.buf.u8, start


def _ub_address(ptr: int, index: int, size: int, what: str) -> int:
    address = int(ptr) + index * size
    if address % size:
        raise AlignmentError(f"{what}: UB address {address} is not element aligned")
    return address


def _load(op, comp):
    el, t, scalar = _element(op)
    p, i, r = comp.slot(op.ptr), comp.slot(op.index), comp.slot(op.value)
    what = "a SIMT read"

    def run(e, c, _op=op):
        _threads(c).cycles += 1
        ptr, index = e[p], int(e[i])
        if isinstance(ptr, GmPtr):
            u8, start = _gm_bytes(c, ptr, index, el.size, what, False)
            raw = u8[start : start + el.size]
            v = bf16_to_f32(raw.view(np.uint16))[0] if el.bf16 else raw.view(el.storage)[0]
        else:
            v = _read(c, _ub_address(ptr, index, el.size, what), el, 1, what)[0]
        e[r] = to_scalar(t, v) if scalar else v

    return run


def _store(op, comp):
    el, _, _ = _element(op)
    p, i, s = comp.slot(op.ptr), comp.slot(op.index), comp.slot(op.value)
    what = "a SIMT write"
    one = np.ones(1, bool)

    def run(e, c, _op=op):
        _threads(c).cycles += 1
        ptr, index = e[p], int(e[i])
        values = np.array([e[s]]).astype(el.dtype)
        if isinstance(ptr, GmPtr):
            u8, start = _gm_bytes(c, ptr, index, el.size, what, True)
            data = f32_to_bf16(values) if el.bf16 else values.astype(el.storage)
            u8[start : start + el.size] = data.view(np.uint8)
        else:
            _write(c, _ub_address(ptr, index, el.size, what), el, values, one, what)

    return run


def _printf(op, comp):
    """One record per thread that runs it, without a prefix (as a `__simd_vf__`'s)."""
    fmt = op.desc.data
    args = comp.slots_of(op.vars)

    def run(e, c, _op=op):
        printing.emit("", printing.format_printf(fmt, [e[a] for a in args]))

    return run


_BUILDERS = {
    "vf_call": _vf_call,
    "thread_idx": _builtin(lambda c, d: _threads(c).thread[d]),
    "block_idx": _builtin(lambda c, d: c.block_idx if d == 0 else 0),
    "block_dim": _builtin(lambda c, d: _threads(c).dims[d]),
    "grid_dim": _builtin(lambda c, d: c.block_num if d == 0 else 1),
    "clock": _clock,
    "load": _load,
    "store": _store,
    "printf": _printf,
}


@sim_hook("simt")
def _simt(op, comp, key: str):
    return _BUILDERS[key](op, comp)


__all__ = ["STATE"]
