"""SIMT vector functions (Ascend 950, `dialects/ascendc/simt.py`).

* `asc_vf_call<f>(dim3(x, y, z), args)` runs f once per thread of the x * y * z thread
  block, one thread after another (threadIdx.x fastest, then y, then z: the CPU-debug
  build's order of thread indices); each run sees its own threadIdx. Run-time dims
  (`vf_call_dims`) are checked against the launch bound as the call starts.
* A function that waits for other threads (a warp function or `asc_syncthreads`, in
  it or in a `__simt_callee__` it calls: `needs_lockstep`) runs its threads as
  coroutines (`_Lockstep`: an OS thread each, one running at a time): each runs until
  it finishes or waits, then hands on to the next; when all have, the warp functions
  are resolved per warp (32 consecutive linear indices; the lanes waiting at the same
  op are the active ones) or the barrier released, and the released threads run on.
  A barrier some thread never reaches, or two barriers waited at together, is a
  located error (the device hangs), as is a shuffle from an inactive lane (undefined
  on the device). Without such ops the threads share nothing but memory, so running
  them in turn gives the result of one interleaving (a program whose threads race
  gets one of the results the hardware may give).
* Atomics read, combine and write one element in one step; the fences do nothing
  (the memory here is sequentially consistent).
* The race checker sees the call as one access on pipe V of the bytes the threads
  touched (the union of their accesses, as a `__simd_vf__` call's): UB, and GM, which
  is also checked against the other blocks' accesses (gmorder.py); its GM atomics are
  a second V access marked atomic (as under SetAtomicAdd), so two blocks' atomics on
  the same bytes do not race.
* `blockIdx.x` is GetBlockIdx, `gridDim.x` GetBlockNum, `blockDim` the call's dim3; the
  y and z of blockIdx are 0 and of gridDim 1 (a one-dimensional grid).
* `clock()` is modelled, not measured: the block's modelled cycles so far (every
  pipe's, as GetSystemCycle counts them; profile.py) plus one cycle for each SIMT load,
  store, atomic and clock() of the call so far, over all its threads in the order they
  run; so it never goes back, and two reads in one thread differ by the accesses
  between them. The call then costs pipe V `VEC_LATENCY` plus those cycles.
* `p[i]` reads or writes one element of GM (a `__gm__` pointer: the launch's buffer,
  bounds-checked) or UB (a `__ubuf__` pointer: this block's UB, element-aligned,
  bounds-checked).
* `printf` prints one record for each thread that runs it, without the `[AIV Block
  i/N]` prefix (as a `__simd_vf__` function's records).
"""

from __future__ import annotations

import contextvars
import math
import threading

import numpy as np
from xdsl.dialects.builtin import Float16Type, IntegerType, Signedness
from xdsl.ir import Operation

from asc_xdsl.dialects.ascendc.simt import SYNC, tile_sizes
from asc_xdsl.dialects.ascendc.spec import element_of
from asc_xdsl.runtime.numpy_types import np_dtype
from asc_xdsl.runtime.simulator import printing
from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32, f32_to_bf16, is_bf16, to_scalar
from asc_xdsl.runtime.simulator.errors import AlignmentError, SimulatorError, op_location
from asc_xdsl.runtime.simulator.gmorder import join
from asc_xdsl.runtime.simulator.memory import GmPtr
from asc_xdsl.runtime.simulator.ops.reg import _Elem, _read, _write
from asc_xdsl.runtime.simulator.profile import C_V, CYCLE_OFFSET, I_V, PIPES, VEC_LATENCY
from asc_xdsl.runtime.simulator.sanitizer import PIPE_INDEX

STATE = "SIMT"
"""Key of the running call's thread state in `c.regs`."""
WARP = 32
"""Threads of a warp (warpSize), by linear thread index."""
U32T = IntegerType(32, Signedness.UNSIGNED)
WORKER_STACK = 8 * 1024 * 1024
"""Stack of each thread's coroutine (an OS thread): nested regions recurse."""


class _Threads:
    """The running call: its dim3, the current thread's index, its cycles so far, and
    (a function that waits for other threads) the scheduler of its coroutines."""

    __slots__ = ("atomic", "call", "cycles", "dims", "fenced", "lockstep", "thread")

    def __init__(self, dims: tuple[int, int, int], call: Operation | None = None):
        self.dims = dims
        self.thread = (0, 0, 0)
        self.cycles = 0
        self.lockstep: _Lockstep | None = None
        self.atomic: list[tuple] = []
        """The GM spans its atomics touched (for the race checker)."""
        self.call = call
        """The `vf_call` running (the race checker's op for its accesses)."""
        self.fenced = False
        """Whether an `asc_threadfence` ran since the race checker last saw a GM atomic
        (`_ticket`)."""

    def linear(self) -> int:
        x, y, z = self.thread
        return x + self.dims[0] * (y + self.dims[1] * z)


def _threads(c) -> _Threads:
    return c.regs[STATE]  # (set by the call; the verifier keeps the ops inside one)


class _Abort(BaseException):
    """Unwinds a thread's coroutine when the call ends early (another thread failed)."""


def _fail(message: str, _op) -> None:
    """Raise `message` at `_op` (the failing op is found from the traceback's frames)."""
    raise SimulatorError(message)


class _Worker:
    __slots__ = ("done", "error", "gate", "linear", "op", "result", "thread", "value")

    def __init__(self, thread: tuple[int, int, int], linear: int):
        self.thread = thread
        self.linear = linear
        self.gate = threading.Semaphore(0)
        self.done = False
        self.error: BaseException | None = None
        self.op = None
        self.value = None
        self.result = None


class _Lockstep:
    """Runs a call's threads as coroutines (one OS thread each, one running at a time):
    each runs until it finishes or reaches a warp function or `asc_syncthreads`, then
    hands on to the next thread of the round (a semaphore each), the round's last back
    to the scheduler. When every thread has, the scheduler resolves the warp functions
    (per warp, the lanes waiting at one op are its active lanes), else releases a
    barrier all unfinished threads reached, and runs the released threads on, in
    thread order each round."""

    def __init__(self, state: _Threads, order: list[tuple[int, int, int]]):
        self.state = state
        self.main = threading.Semaphore(0)
        self.current: _Worker | None = None
        self.aborting = False
        self.failed: _Worker | None = None
        self.round: list[_Worker] = []
        self.position = 0
        self.workers = [_Worker(t, i) for i, t in enumerate(order)]

    def _next(self) -> None:
        """Hand on from the current thread to the round's next (the scheduler after the
        last)."""
        self.position += 1
        if self.position < len(self.round):
            w = self.current = self.round[self.position]
            self.state.thread = w.thread
            w.gate.release()
        else:
            self.main.release()

    def wait(self, op, value):
        """From a thread's coroutine: wait at `op` with `value`; its result."""
        w = self.current
        w.op, w.value = op, value
        self._next()
        w.gate.acquire()
        if self.aborting:
            raise _Abort
        return w.result

    def run(self, body) -> None:
        workers = self.workers

        def start(w: _Worker, ctx) -> None:
            w.gate.acquire()
            if self.aborting:
                return
            try:
                ctx.run(body)
            except _Abort:
                return
            except BaseException as err:  # (re-raised by the scheduler)
                w.error = err
                w.done = True
                self.failed = w
                self.main.release()
                return
            w.done = True
            self._next()

        old = threading.stack_size()
        threading.stack_size(WORKER_STACK)
        try:
            threads = [
                threading.Thread(target=start, args=(w, contextvars.copy_context()), daemon=True)
                for w in workers
            ]
            for t in threads:
                t.start()
        finally:
            threading.stack_size(old)
        try:
            ready = workers
            while True:
                self.round, self.position = ready, 0
                w = self.current = ready[0]
                self.state.thread = w.thread
                w.gate.release()
                self.main.acquire()
                if self.failed is not None:
                    raise self.failed.error  # type: ignore[misc]
                waiting = [w for w in workers if not w.done]
                if not waiting:
                    return
                ready = self._resolve(waiting)
        finally:
            self.aborting = True
            for w in workers:
                if not w.done:
                    w.gate.release()
            for t in threads:
                t.join()

    def _resolve(self, waiting: list[_Worker]) -> list[_Worker]:
        warps: dict[int, list[_Worker]] = {}
        for w in waiting:
            if _sync_kind(w.op) == "warp":
                warps.setdefault(w.linear // WARP, []).append(w)
        if warps:
            released: list[_Worker] = []
            for group in warps.values():
                op = group[0].op  # (the lowest lane's op: its lanes there are the active ones)
                active = [w for w in group if w.op is op]
                _WARP_OPS[op.name.rpartition(".")[2]](op, {w.linear % WARP: w for w in active})
                released.extend(active)
            released.sort(key=lambda w: w.linear)
            return released
        op = waiting[0].op
        finished = [w for w in self.workers if w.done]
        if finished:
            _fail(
                f"thread {_dim3(finished[0].thread)} finished without reaching this "
                f"asc_syncthreads, where {len(waiting)} threads wait for it: the block "
                "hangs on the device (every thread of the block must reach the barrier; "
                "keep it out of branches and loops that not all threads take)",
                op,
            )
        other = next((w for w in waiting if w.op is not op), None)
        if other is not None:
            _fail(
                f"threads wait at two different asc_syncthreads: thread "
                f"{_dim3(waiting[0].thread)} here, thread {_dim3(other.thread)} at "
                f"{op_location(other.op) or other.op.name}; every thread of the block must "
                "reach the same barrier (a barrier in a branch not all threads take is "
                "undefined)",
                op,
            )
        return list(waiting)


def _sync_kind(op) -> str:
    """ "warp" or "block": what `op` waits for (a cooperative group's sync: the block's
    is the barrier, a tile's meets its warp's lanes)."""
    if op.name == "ascendc.simt.cg_sync" and not tile_sizes(op):
        return "block"
    return SYNC[op.name]


def _dim3(t: tuple[int, int, int]) -> str:
    return f"({t[0]}, {t[1]}, {t[2]})"


def _vf_call(op, comp):
    from asc_xdsl.dialects.ascendc.simt import MAX_THREADS, launch_bound, needs_lockstep

    name = op.properties["callee"].root_reference.data
    callee = comp.program.function(name)
    lockstep = needs_lockstep(callee.op)
    bound = min(MAX_THREADS, launch_bound(callee.op))
    args = comp.slots_of(op.args)
    dim_values = op.dim_operands()
    dim_slots = None if dim_values is None else comp.slots_of(dim_values)
    static = op.threads()

    def thread_order(dims):
        return [(x, y, z) for z in range(dims[2]) for y in range(dims[1]) for x in range(dims[0])]

    static_order = thread_order(static) if dim_slots is None else None

    def run_threads(c, values, dims, order):
        outer = c.regs.get(STATE)
        state = c.regs[STATE] = _Threads(dims, op)
        try:
            if lockstep:
                state.lockstep = _Lockstep(state, order)
                state.lockstep.run(lambda: callee.call(c, values))
            else:
                for t in order:
                    state.thread = t
                    callee.call(c, values)
        finally:
            c.regs[STATE] = outer
        c.cnt[I_V] += 1
        c.cnt[C_V] += VEC_LATENCY + state.cycles
        return state

    def run(e, c, _op=op):
        values = [e[a] for a in args]
        if dim_slots is None:
            dims, order = static, static_order
        else:
            dims = tuple(int(e[s]) for s in dim_slots)
            total = dims[0] * dims[1] * dims[2]
            if min(dims) < 1 or total > bound:
                limit = (
                    "be 1 or more in each dimension"
                    if min(dims) < 1
                    else f"start at most {bound} threads (@{name}'s __launch_bounds__"
                    f"({launch_bound(callee.op)}), at most {MAX_THREADS})"
                )
                raise SimulatorError(f"the run-time thread dims dim3{dims} must {limit}")
            order = thread_order(dims)
        san = c.san
        if san is None:
            run_threads(c, values, dims, order)
            return
        outer, san.vf_spans = san.vf_spans, []  # (the UB/GM the threads touch: one V access)
        try:
            atomic = run_threads(c, values, dims, order).atomic
        finally:
            spans, san.vf_spans = san.vf_spans, outer
        san.vector_function(_op, spans)
        if atomic:  # (GM atomics: checked against other blocks' atomics as SetAtomicAdd's)
            mode = san.regs.get("ATOMIC")
            san.regs["ATOMIC"] = ("simt", None)
            try:
                san.vector_function(_op, atomic)
            finally:
                if mode is None:
                    del san.regs["ATOMIC"]
                else:
                    san.regs["ATOMIC"] = mode

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
    if _pair_of(op.ptr.type) is not None:
        return _pair_load(op, comp)
    if _is_fp8x2(op.ptr.type):
        return _fp8x2_load(op, comp)
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
    if _pair_of(op.ptr.type) is not None:
        return _pair_store(op, comp)
    if _is_fp8x2(op.ptr.type):
        return _fp8x2_store(op, comp)
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


# -- warp functions: each thread waits (its value), the scheduler resolves the warp ------


def _waits(read):
    """A warp function or the barrier: the thread hands `read(e)` to the scheduler and
    waits for its result."""

    def build(op, comp):
        r = comp.slot(op.value) if op.results else None
        slots = comp.slots_of(op.operands)

        def run(e, c, _op=op):
            value = read([e[a] for a in slots])
            result = _threads(c).lockstep.wait(_op, value)
            if r is not None:
                e[r] = result

        return run

    return build


def _lane_source(op, lane: int, value) -> int:
    """The lane whose var a shuffle of `lane` reads (its own past its group)."""
    _var, arg, width = value
    mode = op.name.rpartition(".")[2].removeprefix("cg_")  # (a tile's: asc_shfl* of its size)
    if width not in (1, 2, 4, 8, 16, 32):
        _fail(
            f"width {width} is not a power of two in 1..32 (the device's result is undefined)", op
        )
    base = lane & ~(width - 1)
    if mode == "shfl":
        return base + arg % width
    if mode == "shfl_up":
        return lane - arg if arg < width and lane - arg >= base else lane
    if mode == "shfl_down":
        return lane + arg if arg < width and lane + arg < base + width else lane
    src = lane ^ (arg & 0xFFFFFFFF)  # shfl_xor: a lower group's lane too, not a higher one
    return src if src < base + width else lane


def _shfl(op, lanes: dict) -> None:
    for lane, w in lanes.items():
        src = _lane_source(op, lane, w.value)
        if src not in lanes:
            _fail(
                f"lane {lane} (thread {_dim3(w.thread)}) reads lane {src} of its warp, which "
                "is not active here (finished, elsewhere, or past the block's threads): the "
                "device gives an undefined value",
                op,
            )
        w.result = lanes[src].value[0]


def _tree(values: dict, combine):
    """Combine the lanes' values pairwise (lane i with i + 16, then + 8, ...), a lane
    without a partner keeping its own; the result is lane 0's."""
    vals = dict(values)
    step = WARP // 2
    while step:
        for i in range(step):
            if i + step in vals:
                vals[i] = combine(vals[i], vals.pop(i + step)) if i in vals else vals.pop(i + step)
        step //= 2
    return vals[0]


def _reduce(op, lanes: dict) -> None:
    """The warp's values combined pairwise, each step rounded to T (a half sum is
    accumulated in half, as the CPU-debug build's `T action(T, T)` does)."""
    t = op.value.type
    kind = op.name.rpartition("_")[2]
    if not hasattr(t, "signedness"):  # (float32, half)
        fn = {"add": np.add, "max": np.maximum, "min": np.minimum}[kind]
        ftype = np.float16 if isinstance(t, Float16Type) else np.float32

        def combine(a, b):
            return fn(ftype(a), ftype(b))
    else:
        combine = {"add": lambda a, b: a + b, "max": max, "min": min}[kind]
    total = _tree({lane: w.value[0] for lane, w in lanes.items()}, combine)
    result = to_scalar(t, total)
    for w in lanes.values():
        w.result = result


def _vote(op, lanes: dict) -> None:
    kind = op.name.rpartition(".")[2]
    bits = sum(1 << lane for lane, w in lanes.items() if w.value[0] != 0)
    everyone = sum(1 << lane for lane in lanes)
    result = {"all": int(bits == everyone), "any": int(bits != 0), "ballot": bits}[kind]
    for w in lanes.values():
        w.result = result


def _activemask(op, lanes: dict) -> None:
    mask = sum(1 << lane for lane in lanes)
    for w in lanes.values():
        w.result = mask


def _cg_vote(op, lanes: dict) -> None:
    """A tile's any / all / ballot: asc_ballot over the warp's active lanes, masked by the
    lane's tile (`build_mask`: Size bits from lane & ~(Size - 1)); ballot shifted down
    to the tile's ranks."""
    size = tile_sizes(op)[-1]
    kind = op.name.rpartition("_")[2]
    bits = sum(1 << lane for lane, w in lanes.items() if w.value[0] != 0)
    for lane, w in lanes.items():
        base = lane & ~(size - 1)
        mask = ((1 << size) - 1) << base
        mine = bits & mask
        w.result = {"any": int(mine != 0), "all": int(mine == mask), "ballot": mine >> base}[kind]


def _meet(op, lanes: dict) -> None:
    """A tile's sync: its lanes meet (no value)."""


_WARP_OPS = {
    "shfl": _shfl,
    "shfl_up": _shfl,
    "shfl_down": _shfl,
    "shfl_xor": _shfl,
    "reduce_add": _reduce,
    "reduce_max": _reduce,
    "reduce_min": _reduce,
    "all": _vote,
    "any": _vote,
    "ballot": _vote,
    "activemask": _activemask,
    "cg_shfl": _shfl,
    "cg_shfl_up": _shfl,
    "cg_shfl_down": _shfl,
    "cg_shfl_xor": _shfl,
    "cg_any": _cg_vote,
    "cg_all": _cg_vote,
    "cg_ballot": _cg_vote,
    "cg_sync": _meet,
    "cg_coalesced_threads": lambda op, lanes: _coalesced_threads(lanes),
    "cg_binary_partition": lambda op, lanes: _binary_partition(lanes),
    "cg_tile_binary_partition": lambda op, lanes: _binary_partition(lanes),
    "cg_group_sync": _meet,
    "cg_group_shfl": lambda op, lanes: _group_shfl(op, lanes),
    "cg_group_shfl_up": lambda op, lanes: _group_shfl(op, lanes),
    "cg_group_shfl_down": lambda op, lanes: _group_shfl(op, lanes),
    "cg_group_any": lambda op, lanes: _group_vote(op, lanes),
    "cg_group_all": lambda op, lanes: _group_vote(op, lanes),
    "cg_group_ballot": lambda op, lanes: _group_vote(op, lanes),
}


def _cg_shfl(op, comp):
    """A tile's shuffle: its asc_shfl* with the tile's size as the width."""
    size = tile_sizes(op)[-1]
    return _waits(lambda vs: (vs[0], int(vs[1]), size))(op, comp)


def _cg_query(op, comp):
    """thread_rank, num_threads / size, meta_group_rank / size of the block or a tile
    (the header's formulas: a tile's rank is laneid() & (Size - 1), its size Size)."""
    tiles = tile_sizes(op)
    member = op.name.rpartition(".")[2].removeprefix("cg_")
    r = comp.slot(op.value)

    def block_rank(state: _Threads) -> int:
        return state.linear()

    def rank(state: _Threads, depth: int) -> int:
        """thread_rank() of the group `depth` tiles down (0: the block)."""
        if depth == 0:
            return block_rank(state)
        return (state.linear() % WARP) & (tiles[depth - 1] - 1)

    def size(state: _Threads, depth: int) -> int:
        if depth == 0:
            d = state.dims
            return d[0] * d[1] * d[2]
        return tiles[depth - 1]

    n = len(tiles)
    read = {
        "thread_rank": lambda st: rank(st, n),
        "num_threads": lambda st: size(st, n),
        "size": lambda st: size(st, n),
        "meta_group_rank": lambda st: rank(st, n - 1) // tiles[-1],
        "meta_group_size": lambda st: (size(st, n - 1) + tiles[-1] - 1) // tiles[-1],
    }[member]

    def run(e, c, _op=op):
        e[r] = read(_threads(c))

    return run


def _lane_id(op, comp):
    r = comp.slot(op.value)

    def run(e, c, _op=op):
        e[r] = _threads(c).linear() % WARP

    return run


_LANEMASKS = {
    "eq": lambda n: 1 << n,
    "lt": lambda n: (1 << n) - 1,
    "le": lambda n: (1 << (n + 1)) - 1,
    "gt": lambda n: 0xFFFFFFFF & ~((1 << (n + 1)) - 1),
    "ge": lambda n: 0xFFFFFFFF & ~((1 << n) - 1),
}


def _lanemask(op, comp):
    r = comp.slot(op.value)
    mask = _LANEMASKS[op.name.rpartition("_")[2]]
    t = op.value.type

    def run(e, c, _op=op):
        e[r] = to_scalar(t, mask(_threads(c).linear() % WARP))  # (an int32: bit 31 signs it)

    return run


def _fence(op, comp):
    """The simulator's memory is sequentially consistent: a fence orders nothing more.
    For the race checker, `asc_threadfence` (device scope) makes the block's next GM
    atomic a release (`_ticket`)."""
    if op.name != "ascendc.simt.threadfence":
        return None

    def run(e, c, _op=op):
        if c.san is not None and c.san.order is not None:
            _threads(c).fenced = True

    return run


def _ticket(c, state: _Threads, buf, start: int) -> None:
    """The race checker at a GM atomic of a SIMT call: the "threadfence, then an atomic
    ticket" pattern. The block's GM accesses so far become one V access of their own;
    after an `asc_threadfence` the atomic is a release (the block's clock, those accesses
    included, kept at the atomic's address), and every GM atomic acquires what earlier
    atomics released there: the simulator runs them one after another, so the block
    that takes a later ticket sees every fenced write made before an earlier one (as
    on the device, where the fence makes them visible before the ticket). Without the
    fence the atomic orders nothing, and a read of another block's partial result
    stays a race."""
    san = c.san
    tickets = san.order.tickets
    key = (id(buf), start)
    held = tickets.get(key)
    if held is None and not state.fenced:
        return  # (an atomic with no fence on either side: nothing to order, no cost)
    spans = san.vf_spans
    if spans:
        done = list(spans)
        spans.clear()
        san.vector_function(state.call, done)
    if held is not None:
        san.acquire(held)
    if state.fenced:
        state.fenced = False
        snap = san.release(PIPE_INDEX["V"])
        if held is None:
            tickets[key] = snap
        else:
            join(held, snap)


# -- atomics -------------------------------------------------------------------------------


_ATOMIC_OPS = {
    "add": lambda old, v, cmp, t: old + v,
    "sub": lambda old, v, cmp, t: old - v,
    "exch": lambda old, v, cmp, t: v,
    "max": lambda old, v, cmp, t: v if v > old else old,
    "min": lambda old, v, cmp, t: v if v < old else old,
    "inc": lambda old, v, cmp, t: 0 if old >= v else old + 1,
    "dec": lambda old, v, cmp, t: v if old == 0 or old > v else old - 1,
    "and": lambda old, v, cmp, t: old & v,
    "or": lambda old, v, cmp, t: old | v,
    "xor": lambda old, v, cmp, t: old ^ v,
    "cas": lambda old, v, cmp, t: v if old == cmp else old,
}


def _atomic(op, comp):
    if _pair_of(op.ptr.type) is not None:
        return _pair_atomic(op, comp)
    return _scalar_atomic(op, comp)


def _scalar_atomic(op, comp):
    """ptr[index] = f(old, value) in one step (no other thread runs between the read
    and the write), the old value the result: exact whatever order the threads run in,
    but for a float add's rounding, which follows that order (as on the device). A
    half or bfloat16_t sum is rounded to its type once (as the device's add of two
    values of it). The half and bfloat16_t overloads (asc_fp16.h, asc_bf16.h: add, max,
    min) return the element as it is after the operation (`atomicAdd(address, val);
    return *address;`; the docs warn their result is not the old value)."""
    el, t, _ = _element(op)
    kind = op.name.rpartition("_")[2]
    fn = _ATOMIC_OPS[kind]
    returns_new = el.bf16 or el.storage == np.float16
    p, i, v, r = comp.slot(op.ptr), comp.slot(op.index), comp.slot(op.operand), comp.slot(op.value)
    cmp_slot = comp.slot(op.compare) if kind == "cas" else None
    what = f"a SIMT asc_atomic_{kind}"
    one = np.ones(1, bool)

    def run(e, c, _op=op):
        state = _threads(c)
        state.cycles += 1
        ptr, index = e[p], int(e[i])
        if isinstance(ptr, GmPtr):
            start = ptr.byte_offset + index * el.size
            ptr.buf.check(start, el.size, what)
            if c.san is not None:  # (a read-modify-write: an atomic write, as SetAtomicAdd's)
                state.atomic.append((ptr.buf, start, start + el.size, True))
                if c.san.order is not None:  # (across blocks: the fence + ticket pattern)
                    _ticket(c, state, ptr.buf, start)
            raw = ptr.buf.u8[start : start + el.size]
            if el.bf16:
                cell = raw.view(np.uint16)
                old = to_scalar(t, bf16_to_f32(cell)[0])
                new = to_scalar(t, fn(old, e[v], None, t))
                cell[0] = f32_to_bf16(np.float32(new))
            else:
                cell = raw.view(el.storage)
                old = to_scalar(t, cell[0])
                new = to_scalar(t, fn(old, e[v], None if cmp_slot is None else e[cmp_slot], t))
                cell[0] = new
        else:
            address = _ub_address(ptr, index, el.size, what)
            old = to_scalar(t, _read(c, address, el, 1, what)[0])
            new = to_scalar(t, fn(old, e[v], None if cmp_slot is None else e[cmp_slot], t))
            _write(c, address, el, np.array([new]).astype(el.dtype), one, what)
        e[r] = new if returns_new else old

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
    "lane_id": _lane_id,
    "lanemask": _lanemask,
    "activemask": _waits(lambda vs: None),
    "vote": _waits(lambda vs: (vs[0],)),
    "shfl": _waits(lambda vs: (vs[0], int(vs[1]), int(vs[2]))),
    "reduce": _waits(lambda vs: (vs[0],)),
    "syncthreads": _waits(lambda vs: None),
    "fence": _fence,
    "atomic": _atomic,
    "cg_sync": _waits(lambda vs: None),
    "cg_query": _cg_query,
    "cg_shfl": _cg_shfl,
    "cg_vote": _waits(lambda vs: (vs[0],)),
    "pointer_cast": lambda op, comp: _pointer_cast(op, comp),
    "component": lambda op, comp: _component(op, comp),
    "cg_coalesced_threads": lambda op, comp: _waits(lambda vs: None)(op, comp),
    "cg_partition": lambda op, comp: _cg_partition(op, comp),
    "cg_binary_partition": lambda op, comp: _cg_binary(op, comp),
    "cg_group_sync": lambda op, comp: _waits(lambda vs: None)(op, comp),
    "cg_group_query": lambda op, comp: _cg_group_query(op, comp),
    "cg_group_warp": lambda op, comp: _waits(lambda vs: tuple(vs))(op, comp),
}


def _pointer_cast(op, comp):
    """The same pointer value (a GM pointer's buffer and byte offset, a UB address); the
    element type the accesses through it use is the op's result's."""
    p, r = comp.slot(op.ptr), comp.slot(op.value)

    def run(e, c, _op=op):
        e[r] = e[p]

    return run


def _component(op, comp):
    """`v.x` (.y .z .w): a vector value is a tuple of its components."""
    k = "xyzw".index(op.properties["component"].data)
    v, r = comp.slot(op.vector), comp.slot(op.value)

    def run(e, c, _op=op):
        e[r] = e[v][k]

    return run


@sim_hook("simt")
def _simt(op, comp, key: str):
    return _BUILDERS[key](op, comp)


__all__ = ["STATE"]


# -- math and conversion functions ---------------------------------------------------------
#
# The primitives the headers build on (__expf, __logf, __sqrtf, the sine and cosine, powf)
# are modelled correctly rounded: computed in float64, rounded to float (the device's
# error bound, up to a few ulp, is not modelled). The rest follow the headers'
# formulas step by step in float (log2f = logf(x) / logf(2.0f), rsqrtf = 1.0f / sqrtf(x),
# tanhf = 1 - 2 / (expf(2x) + 1), ...); a half or bfloat16_t function converts to float,
# computes so and rounds the result to T, ties to even (`__cvt_half<CAST_RINT>`).

F32 = np.float32


def _primitive(fn):
    return lambda x: F32(fn(np.float64(x)))


_EXP = _primitive(np.exp)
_LOG = _primitive(np.log)
_SQRT = _primitive(np.sqrt)


def _tanh(x):
    with np.errstate(over="ignore"):
        return F32(1) - F32(2) / (_EXP(F32(2) * F32(x)) + F32(1))


def _round_away(x):
    return F32(np.copysign(np.floor(np.abs(np.float64(x)) + 0.5), np.float64(x)))


def _fma(x, y, z):
    from asc_xdsl.runtime.simulator.ops.scalar_math import fused_multiply_add

    return fused_multiply_add(x, y, z, np.float32)


_FLOAT_MATH = {
    "expf": _EXP,
    "exp2f": _primitive(np.exp2),
    "logf": _LOG,
    "log2f": lambda x: _LOG(x) / _LOG(2.0),
    "sqrtf": _SQRT,
    "rsqrtf": lambda x: F32(1) / _SQRT(x),
    "sinf": _primitive(np.sin),
    "cosf": _primitive(np.cos),
    "tanhf": _tanh,
    "fabsf": lambda x: np.abs(F32(x)),
    "floorf": lambda x: np.floor(F32(x)),
    "ceilf": lambda x: np.ceil(F32(x)),
    "roundf": _round_away,
    "rintf": lambda x: np.rint(F32(x)),
    "truncf": lambda x: np.trunc(F32(x)),
    "fmaxf": lambda x, y: np.fmax(F32(x), F32(y)),
    "fminf": lambda x, y: np.fmin(F32(x), F32(y)),
    "fmaf": _fma,
    "umax": max,
    "umin": min,
    "llmax": max,
    "llmin": min,
    "ullmax": max,
    "ullmin": min,
}
"""The float and integer functions: a function of the operands' values."""


def _half_math(t):
    """The half / bfloat16_t functions for element type `t` (each: floats in, the value
    before its rounding to T out; `hrsqrt` of half rounds hsqrt to half first, as the
    header's `(half)1.0 / hsqrt(x)`)."""
    to_t = (lambda v: to_scalar(t, v)) if is_bf16(t) else np.float16

    def rsqrt(x):
        if is_bf16(t):
            return F32(1) / _SQRT(x)
        return F32(1) / F32(np.float16(_SQRT(x)))

    def fma(x, y, z):
        from asc_xdsl.runtime.simulator.ops.scalar_math import fused_multiply_add

        if is_bf16(t):
            return _bf16_fma(x, y, z)
        return fused_multiply_add(x, y, z, np.float16)

    table = {
        "hexp": _EXP,
        "hexp2": _primitive(np.exp2),
        "hlog": _LOG,
        "hlog2": lambda x: _LOG(x) / _LOG(2.0),
        "hsqrt": _SQRT,
        "hrsqrt": rsqrt,
        "hrcp": lambda x: F32(1) / F32(x),
        "hsin": _primitive(np.sin),
        "hcos": _primitive(np.cos),
        "htanh": _tanh,
        "hfloor": np.floor,
        "hceil": np.ceil,
        "hrint": np.rint,
        "htrunc": np.trunc,
        "__habs": np.abs,
        "__hmax": np.fmax,
        "__hmin": np.fmin,
        "__hfma": fma,
        "hexp10": _primitive(lambda v: np.float64(10.0) ** v),
        "hlog10": lambda x: _LOG(x) / _LOG(10.0),
    }
    return {k: _in_float(f, to_t) for k, f in table.items()}


def _bf16_fma(x, y, z) -> np.float32:
    """x * y + z of bfloat16 values rounded once to bfloat16 (8 significant bits, the
    exponent range of float), to nearest even: exactly, as a fraction."""
    from fractions import Fraction

    x, y, z = float(x), float(y), float(z)
    if not (np.isfinite(x) and np.isfinite(y) and np.isfinite(z)):
        return F32(x * y + z)  # (IEEE's rules for inf and NaN; exact in float)
    exact = Fraction(x) * Fraction(y) + Fraction(z)
    if exact == 0:
        return F32(x * y + z)  # (the sign of zero as IEEE gives it)
    magnitude = abs(exact)
    exponent = magnitude.numerator.bit_length() - magnitude.denominator.bit_length()
    if Fraction(2) ** exponent > magnitude:
        exponent -= 1
    ulp = Fraction(2) ** (max(exponent, -126) - 7)
    n, rest = divmod(magnitude / ulp, 1)
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2):
        n += 1
    rounded = float(n * ulp)
    if rounded > 3.3895313892515355e38:  # (past bfloat16's largest: inf)
        rounded = float("inf")
    return F32(-rounded if exact < 0 else rounded)


def _in_float(f, to_t):
    """`f` of the operands as floats, its result rounded by `to_t`."""
    return lambda *a: to_t(f(*(F32(v) for v in a)))


_MODES = {"rn": "CAST_RINT", "rz": "CAST_TRUNC", "rd": "CAST_FLOOR", "ru": "CAST_CEIL",
          "rna": "CAST_ROUND", "ro": "CAST_ODD"}  # fmt: skip


def _int_to_float(value: int, rnd: str) -> np.float32:
    """An integer rounded to float in mode `rnd`, exactly (an int64 past 2^53 too)."""
    v = int(value)
    m = abs(v)
    if m < 1 << 24:
        return F32(v)
    shift = m.bit_length() - 24
    q, r = divmod(m, 1 << shift)
    half = 1 << (shift - 1)
    up = {
        "rn": r > half or (r == half and q & 1),
        "rna": r >= half,
        "rz": False,
        "rd": r > 0 and v < 0,
        "ru": r > 0 and v > 0,
    }[rnd]
    q += int(bool(up))
    return F32(np.copysign(float(q << shift), v))


def _conversion(api: str, t):
    """`__float2int_rn`, `__int2float_rz`, `__float2half_ru_sat`, ... as a function."""
    from asc_xdsl.dialects.ascendc.enums import RoundMode
    from asc_xdsl.runtime.simulator.ops.cast import _bf16_from, _bf16_to, _narrow

    name = api.lstrip("_")
    if name in ("half2float", "bfloat162float"):
        return F32
    if name.endswith("_as_int") or name.endswith("_as_uint") or name.endswith("_as_float"):
        into = np_dtype(t)
        source = (
            np.float32 if into.kind in "iu" else np.uint32 if name.startswith("uint") else np.int32
        )
        return lambda x: np.array([x]).astype(source).view(into)[0]
    src, _, rest = name.partition("2")
    rnd, _, sat = (rest.split("_", 1)[1] if "_" in rest else "rn").partition("_")
    mode = RoundMode[_MODES[rnd]]
    if src == "float" and rest.startswith(("int", "uint", "ll")):
        # Saturate with Python ints: numpy's clip to int64's largest in float64 is 2^63,
        # whose cast wraps to INT64_MIN (__float2ll_rn(inf) gave INT64_MIN, not INT64_MAX
        # as the header's __cvt_* saturation does; test_simt_numeric_s10.py).
        dtype = np_dtype(t)
        bits, signed = dtype.itemsize * 8, dtype.kind == "i"
        return lambda x: _to_int(float(x), rnd, bits, signed)
    if src in ("int", "uint", "ll"):
        return lambda x: _int_to_float(x, rnd)
    bf16 = rest.startswith("bfloat16")
    if bf16:
        to_float, from_float, largest = _bf16_from, _bf16_to, 3.3895313892515355e38
    else:
        to_float, from_float, largest = (
            (lambda v: v.astype(np.float16)),
            (lambda v: v.astype(np.float64)),
            65504.0,
        )

    def convert(x):
        x64 = np.array([np.float64(x)])
        if sat and np.isnan(x64[0]):
            x64[0] = 0.0
        if sat and np.isinf(x64[0]):
            x64[0] = np.copysign(largest, x64[0])
        out = _narrow(x64, to_float, from_float, mode, largest if sat else np.inf)
        return from_float(out)[0]

    return convert


def _s10_math() -> dict:
    """The functions s10 added (`simt_math`'s references), by C++ name."""
    from asc_xdsl.runtime.simulator.ops import simt_math as m

    g = m._guard
    unary = {
        "tanf": math.tan, "tanpif": m.tanpi, "sinpif": m.sinpi, "cospif": m.cospi,
        "asinf": math.asin, "acosf": math.acos, "atanf": math.atan, "sinhf": math.sinh,
        "coshf": math.cosh, "asinhf": math.asinh, "acoshf": math.acosh,
        "atanhf": _atanh, "exp10f": lambda x: 10.0**x, "expm1f": math.expm1,
        "log10f": _log_of(math.log10), "log1pf": _log1p, "logbf": m.logb,
        "cbrtf": lambda x: float(np.cbrt(x)),
        "rcbrtf": lambda x: 1.0 / float(np.cbrt(x)) if x != 0 else math.copysign(math.inf, x),
        "erff": math.erf, "erfcf": math.erfc, "erfinvf": m.erfinv, "erfcinvf": m.erfcinv,
        "erfcxf": m.erfcx, "tgammaf": m.tgamma, "lgammaf": m.lgamma,
        "cyl_bessel_i0f": m.bessel_i0, "cyl_bessel_i1f": m.bessel_i1,
        "normcdff": m.normcdf, "normcdfinvf": m.normcdfinv, "j0f": m.j0, "j1f": m.j1,
        "y0f": m.y0, "y1f": m.y1, "nearbyintf": lambda x: float(np.rint(x)),
        "atan2f": math.atan2, "powf": _pow, "fmodf": m.fmod, "remainderf": m.remainder,
        "fdimf": lambda x, y: x - y if x > y else (x + y if math.isnan(x + y) else 0.0),
        "copysignf": math.copysign, "hypotf": _hypot, "rhypotf": lambda x, y: _recip(_hypot(x, y)),
        "fdividef": lambda x, y: float(F32(x) / F32(y)),
        "norm3df": lambda *v: m.norm(v), "rnorm3df": lambda *v: _recip(m.norm(v)),
        "norm4df": lambda *v: m.norm(v), "rnorm4df": lambda *v: _recip(m.norm(v)),
    }  # fmt: skip
    table = {k: g(f) for k, f in unary.items()}
    table.update(
        {
            "nextafterf": m.nextafter,
            "ldexpf": m.scalbn,
            "scalbnf": m.scalbn,
            "scalblnf": lambda x, n: m.scalbn(x, to_scalar_i32(n)),
            "jnf": g(lambda n, x: m.jn(int(n), x)),
            "ynf": g(lambda n, x: m.yn(int(n), x)),
            "lroundf": lambda x: m.saturate_int(m.round_away(float(x)), 64),
            "llroundf": lambda x: m.saturate_int(m.round_away(float(x)), 64),
            "lrintf": lambda x: m.saturate_int(float(np.rint(F32(x))), 64),
            "llrintf": lambda x: m.saturate_int(float(np.rint(F32(x))), 64),
            "ilogbf": lambda x: m.ilogb(float(x)),
            "signbit": lambda x: int(np.signbit(F32(x))),
            "isfinite": lambda x: bool(np.isfinite(F32(x))),
            "isnan": lambda x: bool(np.isnan(F32(x))),
            "isinf": lambda x: bool(np.isinf(F32(x))),
            "labs": abs,
            "llabs": abs,
        }
    )
    return table


def to_scalar_i32(n) -> int:
    """int64 -> int32_t as C++ casts it (the low 32 bits)."""
    n = int(n) & 0xFFFFFFFF
    return n - (1 << 32) if n >> 31 else n


def _atanh(x: float) -> float:
    if abs(x) == 1:
        return math.copysign(math.inf, x)
    return math.atanh(x)


def _log_of(f):
    def run(x: float) -> float:
        if x == 0:
            return -math.inf
        if x == math.inf:
            return math.inf
        return f(x)

    return run


def _log1p(x: float) -> float:
    if x == -1:
        return -math.inf
    return x if math.isinf(x) and x > 0 else math.log1p(x)


def _pow(x: float, y: float) -> float:
    """C's powf: math.pow's values, its domain and range errors as C returns them."""
    try:
        return math.pow(x, y)
    except ZeroDivisionError:  # (0 to a negative power: +-inf, the sign of an odd power)
        odd = y == math.floor(y) and math.fmod(y, 2) != 0
        return math.copysign(math.inf, x) if odd else math.inf
    except OverflowError:
        odd = y == math.floor(y) and math.fmod(y, 2) != 0
        return -math.inf if (x < 0 and odd) else math.inf


def _hypot(x: float, y: float) -> float:
    if math.isinf(x) or math.isinf(y):
        return math.inf
    return math.hypot(x, y)


def _recip(v: float) -> float:
    return math.inf if v == 0 else 1.0 / v


def _math(op, comp):
    from asc_xdsl.dialects.ascendc.simt import HALF_FUNCTIONS, MATH

    global _S10
    api = MATH[op.name]
    if api in HALF_FUNCTIONS:
        return _half_function(op, comp, api, HALF_FUNCTIONS[api])
    from asc_xdsl.dialects.ascendc.simt import VECTOR_FUNCTIONS

    if api in VECTOR_FUNCTIONS:
        return _vector_function(op, comp, api, VECTOR_FUNCTIONS[api])
    from asc_xdsl.dialects.ascendc.simt import CONVERSIONS_S10

    if api in CONVERSIONS_S10:
        return _conversion10(op, comp, *CONVERSIONS_S10[api])
    t = op.value.type
    fn = _FLOAT_MATH.get(api)
    if fn is None:
        if _S10 is None:
            _S10 = _s10_math()
        fn = _S10.get(api)
    if fn is None and api.lstrip("_").startswith("h"):
        fn = _half_math(op.operands[0].type).get(api)
    if fn is None:
        fn = _conversion(api, t)
    return _applying(op, comp, lambda *xs: to_scalar(t, fn(*xs)))


def _applying(op, comp, fn):
    """A thread's step: `fn` of the op's operands (floating-point warnings off: the
    special values are the point) into its result."""
    slots = comp.slots_of(op.operands)
    r = comp.slot(op.value)

    def run(e, c, _op=op):
        with np.errstate(all="ignore"):
            e[r] = fn(*(e[s] for s in slots))

    return run


_BUILDERS["math"] = _math
_S10: dict | None = None


def _get(c, ptr, index: int, el, what: str):
    """ptr[index] (GM or UB), as `_load` reads it."""
    if isinstance(ptr, GmPtr):
        u8, start = _gm_bytes(c, ptr, index, el.size, what, False)
        raw = u8[start : start + el.size]
        return bf16_to_f32(raw.view(np.uint16))[0] if el.bf16 else raw.view(el.storage)[0]
    return _read(c, _ub_address(ptr, index, el.size, what), el, 1, what)[0]


def _put(c, ptr, index: int, el, value, what: str) -> None:
    """ptr[index] = value (GM or UB), as `_store` writes it."""
    values = np.array([value]).astype(el.dtype)
    if isinstance(ptr, GmPtr):
        u8, start = _gm_bytes(c, ptr, index, el.size, what, True)
        data = f32_to_bf16(values) if el.bf16 else values.astype(el.storage)
        u8[start : start + el.size] = data.view(np.uint8)
    else:
        _write(c, _ub_address(ptr, index, el.size, what), el, values, np.ones(1, bool), what)


def _math_ptr(op, comp):
    """sincosf, sincospif, modff, frexpf, remquof (results stored through pointers),
    normf, rnormf (an array read through one)."""
    from asc_xdsl.runtime.simulator.ops import simt_math as m

    api = op.name.rpartition(".")[2]
    what = f"{api}'s pointer"
    names = [n for n in ("x", "y", "n") if hasattr(op, n) and not _is_ptr(op, n)]
    vals = [comp.slot(getattr(op, n)) for n in names]
    ptrs = [n for n in ("n", "exp", "quo", "s", "c", "a") if _is_ptr(op, n)]
    pslots = [(comp.slot(getattr(op, n)), comp.slot(getattr(op, f"{n}_index"))) for n in ptrs]
    elems = [_Elem(element_of(getattr(op, n).type)) for n in ptrs]
    r = comp.slot(op.value) if op.results else None

    def store(e, c, k: int, value) -> None:
        p, i = pslots[k]
        _threads(c).cycles += 1
        _put(c, e[p], int(e[i]), elems[k], value, what)

    def run(e, c, _op=op):
        args = [e[v] for v in vals]
        with np.errstate(all="ignore"):
            if api in ("sincosf", "sincospif"):
                x = float(args[0])
                if api == "sincosf":
                    s, co = F32(np.sin(np.float64(x))), F32(np.cos(np.float64(x)))
                else:
                    s, co = (F32(v) for v in m._pi_parts(x))
                store(e, c, 0, s)
                store(e, c, 1, co)
                return
            if api == "modff":
                frac, whole = m.modf(float(args[0]))
                store(e, c, 0, F32(whole))
                e[r] = F32(frac)
            elif api == "frexpf":
                mant, ex = m.frexp(float(args[0]))
                store(e, c, 0, ex)
                e[r] = F32(mant)
            elif api == "remquof":
                rem, quo = m.remquo(float(args[0]), float(args[1]))
                store(e, c, 0, quo)
                e[r] = F32(rem)
            else:  # normf, rnormf
                p, i = pslots[0]
                base, count = int(e[i]), int(args[0])
                values = []
                for k in range(max(count, 0)):
                    _threads(c).cycles += 1
                    values.append(_get(c, e[p], base + k, elems[0], what))
                v = m.norm(values)
                e[r] = m._round(v if api == "normf" else _recip(v))

    return run


def _is_ptr(op, name: str) -> bool:
    from asc_xdsl.dialects.ascendc.simt import is_pointer

    v = getattr(op, name, None)
    return v is not None and is_pointer(v.type)


_BUILDERS["math_ptr"] = _math_ptr


# -- half2 / bfloat16x2_t (asc_fp16.h, asc_bf16.h) --------------------------------------
#
# A pair value is a tuple (x, y) of Python floats, each a value of the component type
# (half or bfloat16_t); in memory x is the low 16 bits. A function of the pair applies
# the component's function to each (h2exp is hexp of .x and of .y, as the headers write
# them), arithmetic rounds once to the component type.


def _pair_of(t):
    """The component type of a pair type (or a pointer to pairs), else None."""
    from asc_xdsl.dialects.ascendc.simt import PAIRS

    return PAIRS.get(getattr(t, "element_type", t))


def _rounder(t):
    """A float -> the nearest value of scalar type `t` (half, bfloat16_t), ties to even."""
    if is_bf16(t):
        return lambda v: float(to_scalar(t, v))
    return lambda v: float(np.float16(v))


def _pair_bits(raw: np.ndarray, t) -> tuple[float, float]:
    halves = raw.view(np.uint16)
    v = bf16_to_f32(halves.copy()) if is_bf16(t) else halves.view(np.float16)
    return float(v[0]), float(v[1])


def _pair_raw(value, t) -> np.ndarray:
    data = np.array([value[0], value[1]], np.float32)
    bits = f32_to_bf16(data) if is_bf16(t) else data.astype(np.float16).view(np.uint16)
    return np.asarray(bits, np.uint16).view(np.uint8)


def _pair_get(c, ptr, index: int, t, what: str, span: bool = True):
    if isinstance(ptr, GmPtr):
        if span:
            u8, start = _gm_bytes(c, ptr, index, 4, what, False)
        else:
            start = ptr.byte_offset + index * 4
            ptr.buf.check(start, 4, what)
            u8 = ptr.buf.u8
        return _pair_bits(np.array(u8[start : start + 4]), t)
    address = _ub_address(ptr, index, 4, what)
    raw = _read(c, address, _Elem(U32T), 1, what)
    return _pair_bits(np.asarray(raw, np.uint32).view(np.uint8), t)


def _pair_put(c, ptr, index: int, t, value, what: str, span: bool = True) -> None:
    raw = _pair_raw(value, t)
    if isinstance(ptr, GmPtr):
        if span:
            u8, start = _gm_bytes(c, ptr, index, 4, what, True)
        else:
            start = ptr.byte_offset + index * 4
            ptr.buf.check(start, 4, what)
            u8 = ptr.buf.u8
        u8[start : start + 4] = raw
        return
    address = _ub_address(ptr, index, 4, what)
    _write(c, address, _Elem(U32T), raw.view(np.uint32), np.ones(1, bool), what)


def _pair_load(op, comp):
    t = _pair_of(op.ptr.type)
    p, i, r = comp.slot(op.ptr), comp.slot(op.index), comp.slot(op.value)
    what = "a SIMT read"

    def run(e, c, _op=op):
        _threads(c).cycles += 1
        e[r] = _pair_get(c, e[p], int(e[i]), t, what)

    return run


def _pair_store(op, comp):
    t = _pair_of(op.ptr.type)
    p, i, s = comp.slot(op.ptr), comp.slot(op.index), comp.slot(op.value)
    what = "a SIMT write"

    def run(e, c, _op=op):
        _threads(c).cycles += 1
        _pair_put(c, e[p], int(e[i]), t, e[s], what)

    return run


def _pair_atomic(op, comp):
    """A pair atomic (add, sub, exch, max, min, cas): per component in one step, each
    sum rounded to the component type once; returns the old pair (`return
    atomicAdd(address, val)`); cas compares the 32 bits (both components' bits)."""
    t = _pair_of(op.ptr.type)
    kind = op.name.rpartition("_")[2]
    rnd = _rounder(t)
    combine = {
        "add": lambda a, b: rnd(a + b),
        "sub": lambda a, b: rnd(a - b),
        "exch": lambda a, b: b,
        "max": lambda a, b: b if b > a else a,
        "min": lambda a, b: b if b < a else a,
    }.get(kind)
    p, i, v, r = comp.slot(op.ptr), comp.slot(op.index), comp.slot(op.operand), comp.slot(op.value)
    cmp_slot = comp.slot(op.compare) if kind == "cas" else None
    what = f"a SIMT asc_atomic_{kind}"

    def run(e, c, _op=op):
        state = _threads(c)
        state.cycles += 1
        ptr, index = e[p], int(e[i])
        if isinstance(ptr, GmPtr):
            start = ptr.byte_offset + index * 4
            ptr.buf.check(start, 4, what)
            if c.san is not None:
                state.atomic.append((ptr.buf, start, start + 4, True))
                if c.san.order is not None:
                    _ticket(c, state, ptr.buf, start)
        old = _pair_get(c, ptr, index, t, what, span=False)
        value = e[v]
        if kind == "cas":
            same = bytes(_pair_raw(old, t)) == bytes(_pair_raw(e[cmp_slot], t))
            new = value if same else old
        else:
            new = (combine(old[0], value[0]), combine(old[1], value[1]))
        _pair_put(c, ptr, index, t, new, what, span=False)
        e[r] = old

    return run


def _round_fraction(q, t) -> float:
    """An exact value (a Fraction) rounded once to half / bfloat16_t, to nearest even."""
    from fractions import Fraction

    bits, emin, largest = (8, -126, 3.3895313892515355e38) if is_bf16(t) else (11, -14, 65504.0)
    if q == 0:
        return 0.0
    m = abs(q)
    e = m.numerator.bit_length() - m.denominator.bit_length()
    if Fraction(2) ** e > m:
        e -= 1
    ulp = Fraction(2) ** (max(e, emin) - (bits - 1))
    n, rest = divmod(m / ulp, 1)
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2):
        n += 1
    v = float(n * ulp)
    if v > largest:
        v = float("inf")
    return -v if q < 0 else v


def _cmadd(t):
    """__hcmadd: (x.x + i x.y)(y.x + i y.y) + (z.x + i z.y), each part exact, then
    rounded once to the component type."""
    from fractions import Fraction

    def run(x, y, z):
        vals = (*x, *y, *z)
        if not all(np.isfinite(v) for v in vals):  # (IEEE's rules in float64: no rounding)
            re = x[0] * y[0] - x[1] * y[1] + z[0]
            im = x[0] * y[1] + x[1] * y[0] + z[1]
            return _rounder(t)(re), _rounder(t)(im)
        a, b, c, d, g, h = (Fraction(v) for v in vals)
        return _round_fraction(a * c - b * d + g, t), _round_fraction(a * d + b * c + h, t)

    return run


def _compare(api: str):
    """__heq ... __hgtu, __heqx2 ..., __hbeqx2 ..., the _mask forms: (x, y) -> bool of
    one component (an unordered form is true where either is NaN)."""
    name = api.lstrip("_").removeprefix("hb").removeprefix("h").removesuffix("_mask")
    name = name.removesuffix("x2")
    unordered = name.endswith("u") and name[:-1] in ("eq", "ne", "le", "ge", "lt", "gt")
    rel = name[:-1] if unordered else name
    test = {
        "eq": lambda a, b: a == b,
        "ne": lambda a, b: a != b,
        "le": lambda a, b: a <= b,
        "ge": lambda a, b: a >= b,
        "lt": lambda a, b: a < b,
        "gt": lambda a, b: a > b,
    }[rel]

    def one(a, b) -> bool:
        if np.isnan(a) or np.isnan(b):
            return unordered
        return test(a, b)

    return one


def _half_function(op, comp, api: str, kind: str):
    """A half2 / bfloat16x2_t function, or a scalar half / bfloat16_t one of s10."""
    from asc_xdsl.dialects.ascendc.simt import PAIRS

    first = op.operands[0].type
    pair = first in PAIRS
    t = PAIRS.get(first, first)  # (the component type: the op's T or its exact operand's)
    out = op.value.type
    if kind in ("pack", "bits"):
        t = PAIRS.get(out, out)
    rnd = _rounder(t)
    fn = _half_core(api, kind, t, rnd, pair)
    return _applying(op, comp, fn)


def _half_core(api: str, kind: str, t, rnd, pair: bool):
    name = api.lstrip("_")
    if kind == "cmp":
        if name in ("hisnan", "hisinf"):
            test = np.isnan if name == "hisnan" else np.isinf
            return lambda x: bool(test(x))
        one = _compare(api)
        if not pair:
            return lambda x, y: one(float(x), float(y))
        if name.startswith("hb"):
            return lambda x, y: one(x[0], y[0]) and one(x[1], y[1])
        if name.endswith("_mask"):
            return lambda x, y: (
                (0xFFFF if one(x[0], y[0]) else 0) | (0xFFFF0000 if one(x[1], y[1]) else 0)
            )
        return lambda x, y: (float(one(x[0], y[0])), float(one(x[1], y[1])))
    if kind == "unpack":
        k = 0 if name.startswith("low") else 1
        return lambda x: x[k]
    if kind == "swap":
        return {
            "lowhigh2highlow": lambda x: (x[1], x[0]),
            "low2half2": lambda x: (x[0], x[0]),
            "low2bfloat162": lambda x: (x[0], x[0]),
            "high2half2": lambda x: (x[1], x[1]),
            "high2bfloat162": lambda x: (x[1], x[1]),
            "lows2half2": lambda x, y: (x[0], y[0]),
            "lows2bfloat162": lambda x, y: (x[0], y[0]),
            "highs2half2": lambda x, y: (x[1], y[1]),
            "highs2bfloat162": lambda x, y: (x[1], y[1]),
        }[name]
    if kind == "pack":
        if name.startswith("floats2"):
            return lambda x, y: (rnd(x), rnd(y))
        if name == "float2bfloat162_rn":
            return lambda x: (rnd(x), rnd(x))
        if name == "bfloat162bfloat162":
            return lambda x: (float(x), float(x))
        return lambda x, y: (float(x), float(y))
    if kind == "bits":
        if is_bf16(t):
            return lambda u: float(bf16_to_f32(np.array([int(u)], np.uint16))[0])
        return lambda u: float(np.array([int(u)], np.uint16).view(np.float16)[0])
    # "lane": the component function
    if name == "hcmadd":
        return _cmadd(t)
    scalar = _lane_function(name, t, rnd)
    if not pair:
        return lambda *a: to_scalar(t, scalar(*(float(v) for v in a)))
    return lambda *a: tuple(scalar(*(v[k] for v in a)) for k in (0, 1))


def _lane_function(name: str, t, rnd):
    """The function of one component (floats in, a component value out)."""
    table = _half_math(t)  # (each: its operands as floats, its result rounded to T)
    if name.startswith("h2"):
        f = table["h" + name[2:]]
        return lambda x: float(f(x))

    def fma(x, y, z):
        return float(table["__hfma"](x, y, z))

    def relu(v):
        return 0.0 if v < 0 else v

    def nan_max(x, y):
        return math.nan if (math.isnan(x) or math.isnan(y)) else max(x, y)

    def nan_min(x, y):
        return math.nan if (math.isnan(x) or math.isnan(y)) else min(x, y)

    return {
        "habsx2": lambda x: abs(x),
        "hnegx2": lambda x: -x,
        "hneg": lambda x: -x,
        "isnanx2": lambda x: 1.0 if math.isnan(x) else 0.0,
        "haddx2": lambda x, y: rnd(x + y),
        "hadd": lambda x, y: rnd(x + y),
        "hsubx2": lambda x, y: rnd(x - y),
        "hsub": lambda x, y: rnd(x - y),
        "hmulx2": lambda x, y: rnd(x * y),
        "hmul": lambda x, y: rnd(x * y),
        "hdivx2": lambda x, y: rnd(_div(x, y)),
        "hdiv": lambda x, y: rnd(_div(x, y)),
        "hmaxx2": lambda x, y: float(np.fmax(x, y)),
        "hminx2": lambda x, y: float(np.fmin(x, y)),
        "hmaxx2_nan": nan_max,
        "hmax_nan": nan_max,
        "hminx2_nan": nan_min,
        "hmin_nan": nan_min,
        "hfmax2": fma,
        "hfmax2_relu": lambda x, y, z: relu(fma(x, y, z)),
        "hfma_relu": lambda x, y, z: relu(fma(x, y, z)),
        "hexp10": lambda x: float(table["hexp10"](x)),
        "hlog10": lambda x: float(table["hlog10"](x)),
    }[name]


def _div(x: float, y: float) -> float:
    """x / y with IEEE's rules for a zero divisor (float64: exact enough to round once)."""
    if y == 0:
        if x == 0 or math.isnan(x):
            return math.nan
        return math.copysign(math.inf, x) * math.copysign(1.0, y)
    return x / y


# -- run-time cooperative groups (coalesced_group, thread_group) ---------------------------
#
# A group value is a `_Group` each thread holds (its lanes' mask and the rest of the
# header's `tiled_info`); the members follow cooperative_groups_impl.h's formulas.


class _Group(tuple):
    """(kind "coalesced" or "tiled", mask, num_threads, meta_group_rank,
    meta_group_size, is_tiled)."""

    __slots__ = ()

    def __new__(cls, kind, mask, num, meta_rank, meta_size, tiled):
        return super().__new__(cls, (kind, mask & 0xFFFFFFFF, num, meta_rank, meta_size, tiled))

    kind = property(lambda g: g[0])
    mask = property(lambda g: g[1])
    num = property(lambda g: g[2])
    meta_rank = property(lambda g: g[3])
    meta_size = property(lambda g: g[4])
    tiled = property(lambda g: g[5])


def _coalesced(mask: int) -> _Group:
    """`coalesced_group(mask)`: num_threads = popc(mask), meta 0 / 1, not tiled."""
    return _Group("coalesced", mask, bin(mask & 0xFFFFFFFF).count("1"), 0, 1, False)


def _rank(g: _Group, lane: int) -> int:
    """thread_rank(): popc(mask & lanemask_lt()) (both kinds)."""
    return bin(g.mask & ((1 << lane) - 1)).count("1")


def _fns(mask: int, base: int, offset: int) -> int:
    """The header's `__fns_internal`: the lane of the offset-th set bit of mask counting
    up from base (offset > 0), down from it (offset < 0), base itself (0); -1 if none."""
    if offset == 0:
        return base if mask >> base & 1 else -1
    step = 1 if offset > 0 else -1
    count = abs(offset)
    lane = base
    while 0 <= lane < WARP:
        if mask >> lane & 1:
            count -= 1
            if count == 0:
                return lane
        lane += step
    return -1


def _check_tile(op, size: int) -> None:
    if size not in (1, 2, 4, 8, 16, 32):
        _fail(
            f"tiled_partition size {size} is not a power of two in 1..32 (the header "
            "traps: __trap_internal)",
            op,
        )


def _block_tile(state: _Threads, size: int) -> _Group:
    """`thread_block::create_tiled_group(size)` for this thread."""
    d = state.dims
    block, rank = d[0] * d[1] * d[2], state.linear()
    parts = (block + size - 1) // size
    tail = parts * size - block
    own = size - tail if rank >= (parts - 1) * size else size
    lane = rank % WARP
    mask = ((0xFFFFFFFF >> (WARP - own)) << (lane & ~(size - 1))) & 0xFFFFFFFF
    return _Group("tiled", mask, own, rank // size, parts, True)


def _coalesced_tile(g: _Group, lane: int, size: int) -> _Group:
    """`coalesced_group::create_tiled_group(size)` for the lane `lane`."""
    if g.num <= size:
        return g
    rank = _rank(g, lane)
    if g.tiled:
        base = rank & ~(size - 1)
        length = min(g.num - base, size)
        mask = (0xFFFFFFFF >> (WARP - length)) << (lane & ~(size - 1))
        return _Group("coalesced", mask, bin(mask & 0xFFFFFFFF).count("1"), rank // size,
                      g.num // size, True)  # fmt: skip
    mask, members, seen = 0, 0, (rank // size) * size
    for bit in range(WARP):
        if g.mask >> bit & 1:
            if seen <= 0 and members < size:
                mask |= 1 << bit
                members += 1
            seen -= 1
    out = _coalesced(mask)
    return _Group("coalesced", mask, out.num, rank // size, (g.num + size - 1) // size, False)


def _cg_partition(op, comp):
    """tiled_partition(parent, n) at run time: of the block (or a thread_group, which the
    header partitions as the block) a tiled thread_group; of a coalesced_group one of
    its lanes."""
    parent = comp.slot(op.group) if hasattr(op, "group") else None
    n, r = comp.slot(op.size), comp.slot(op.value)

    def run(e, c, _op=op):
        state = _threads(c)
        size = int(e[n])
        _check_tile(_op, size)
        g = e[parent] if parent is not None else None
        if g is not None and g.kind == "coalesced":
            e[r] = _coalesced_tile(g, state.linear() % WARP, size)
        else:
            e[r] = _block_tile(state, size)

    return run


def _coalesced_threads(lanes: dict) -> None:
    """coalesced_threads(): the lanes active here."""
    g = _coalesced(sum(1 << lane for lane in lanes))
    for w in lanes.values():
        w.result = g


def _cg_binary(op, comp):
    """binary_partition: each lane hands over (its group's mask, its predicate); a
    static tile's mask is its `build_mask()` (Size lanes from lane & ~(Size - 1))."""
    tiles = tile_sizes(op) if op.name.endswith("tile_binary_partition") else ()
    slots, r = comp.slots_of(op.operands), comp.slot(op.value)

    def run(e, c, _op=op):
        state = _threads(c)
        vs = [e[a] for a in slots]
        if tiles:
            size, lane = tiles[-1], state.linear() % WARP
            mask = 0xFFFFFFFF if size == WARP else ((1 << size) - 1) << (lane & ~(size - 1))
            value = (mask, bool(vs[0]))
        else:
            value = (vs[0].mask, bool(vs[1]))
        e[r] = state.lockstep.wait(_op, value)

    return run


def _binary_partition(lanes: dict) -> None:
    """binary_partition(g, pred): asc_ballot(pred) & g's mask; all agreeing: g's lanes,
    meta 0 / 1; else the lanes whose pred is this lane's, meta (pred, 2)."""
    ballot = sum(1 << lane for lane, w in lanes.items() if w.value[1])
    for w in lanes.values():
        group_mask, pred = w.value
        sets = ballot & group_mask
        if sets in (group_mask, 0):
            g = _coalesced(group_mask)
            w.result = _Group("coalesced", group_mask, g.num, 0, 1, False)
            continue
        sub = group_mask & (sets ^ (0 if pred else 0xFFFFFFFF))
        g = _coalesced(sub)
        w.result = _Group("coalesced", sub, g.num, 1 if pred else 0, 2, False)


def _group_source(op, lane: int, value) -> int:
    """The lane whose var a coalesced_group shuffle reads (the header's lane walk)."""
    g, _var, arg = value
    member = op.name.rpartition(".")[2].removeprefix("cg_group_")
    arg = int(arg)
    if member == "shfl":
        n = g.num
        src = int(math.fmod(arg, n)) if n else 0  # (C's %: the dividend's sign)
        if n != WARP:
            src = _fns(g.mask, 0, src + 1)
        return src % WARP
    if g.num == WARP:  # (asc_shfl_up / down over the whole warp)
        if member == "shfl_up":
            return lane - arg if lane - arg >= 0 else lane
        return lane + arg if lane + arg < WARP else lane
    delta = (arg & 0xFFFFFFFF) + 1
    src = _fns(g.mask, lane, -delta if member == "shfl_up" else delta)
    return lane if src == -1 else src


def _group_shfl(op, lanes: dict) -> None:
    for lane, w in lanes.items():
        src = _group_source(op, lane, w.value)
        if src not in lanes:
            _fail(
                f"lane {lane} (thread {_dim3(w.thread)}) reads lane {src} of its warp, which "
                "is not active here: the device gives an undefined value",
                op,
            )
        w.result = lanes[src].value[1]


def _group_vote(op, lanes: dict) -> None:
    """any / all / ballot of a coalesced_group: asc_ballot & the group's mask (ballot
    packed by rank unless the group is the whole warp)."""
    kind = op.name.rpartition("_")[2]
    bits = sum(1 << lane for lane, w in lanes.items() if w.value[1] != 0)
    for w in lanes.values():
        g = w.value[0]
        mine = bits & g.mask
        if kind == "any":
            w.result = int(mine != 0)
        elif kind == "all":
            w.result = int(mine == g.mask)
        elif g.num == WARP:
            w.result = bits
        else:
            w.result = sum(1 << _rank(g, b) for b in range(WARP) if mine >> b & 1)


def _cg_group_query(op, comp):
    member = op.name.rpartition(".")[2].removeprefix("cg_group_")
    g_slot, r = comp.slot(op.group), comp.slot(op.value)

    def run(e, c, _op=op):
        g = e[g_slot]
        if member == "thread_rank":
            e[r] = _rank(g, _threads(c).linear() % WARP)
        elif member in ("num_threads", "size"):
            e[r] = g.num
        elif member == "meta_group_rank":
            e[r] = g.meta_rank
        else:
            e[r] = g.meta_size

    return run


# -- the other conversions (device_functions.h, asc_fp16.h, asc_bf16.h) -------------------
#
# As the CPU-debug build's `__cvt_*` (asc-tools simt_stub.h) compute them: an integer to
# half / bfloat16_t goes through float, each step rounded in the mode (`__cvt_half(int32_t)`
# is `__cvt_half<rnd>(__cvt_float<rnd>(x))`: two roundings); a float / half / bfloat16_t to
# itself rounds to an integral value in the mode (NaN and inf stay); to an integer rounds in
# the mode and saturates, NaN giving 0; half <-> bfloat16_t rounds once in the mode (the
# `_sat` forms as `__float2half_*_sat`: past the largest finite value the largest, NaN 0).

_INTS = {"int": (32, True), "uint": (32, False), "ll": (64, True), "ull": (64, False)}


def _integral(x: float, rnd: str) -> float:
    """x rounded to an integral value in mode `rnd` (NaN and inf as they are)."""
    if not math.isfinite(x):
        return x
    if rnd == "rn":
        return float(np.rint(x))
    if rnd == "rna":
        return math.copysign(math.floor(abs(x) + 0.5), x)
    return {"rz": math.trunc, "rd": math.floor, "ru": math.ceil}[rnd](x) + 0.0 or math.copysign(
        0.0, x
    )


def _to_int(x: float, rnd: str, bits: int, signed: bool) -> int:
    if math.isnan(x):
        return 0
    lo, hi = (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if signed else (0, 2**bits - 1)
    if math.isinf(x):
        return hi if x > 0 else lo
    return max(lo, min(hi, int(_integral(x, rnd))))


def _conversion10(op, comp, src: str, dst: str, rnd: str, sat: bool):
    t = op.value.type
    narrow = {
        "half": _conversion(f"__float2half_{rnd}{'_sat' if sat else ''}", t),
        "bfloat16": _conversion(f"__float2bfloat16_{rnd}{'_sat' if sat else ''}", t),
    }.get(dst)
    if src in _INTS:
        if dst == "float":
            fn = lambda x: _int_to_float(int(x), rnd)  # noqa: E731
        else:
            fn = lambda x: narrow(_int_to_float(int(x), rnd))  # noqa: E731
    elif dst in _INTS:
        bits, signed = _INTS[dst]
        fn = lambda x: _to_int(float(x), rnd, bits, signed)  # noqa: E731
    elif src == dst:
        fn = lambda x: _integral(float(x), rnd)  # noqa: E731
    else:  # half <-> bfloat16_t
        fn = lambda x: narrow(F32(x))  # noqa: E731
    slot, r = comp.slot(op.x), comp.slot(op.value)

    def run(e, c, _op=op):
        with np.errstate(all="ignore"):
            e[r] = to_scalar(t, fn(e[slot]))

    return run


# -- the vector types (float2, int4, ...) and the float2 conversions --------------------
#
# A vector value is a tuple of its components (numpy scalars of the component type); a
# pair's are floats. `__float22half2_<R>[_sat](x)` is `__float2half_<R>[_sat]` of x.x and
# of x.y (asc-tools' simt_stub.h converts each component so), the bfloat16x2_t ones alike.


def _vector_function(op, comp, api: str, kind: str):
    from asc_xdsl.dialects.ascendc.simt import PAIRS

    out = op.value.type
    if kind == "make":
        t = out.element
        fn = lambda *a: tuple(to_scalar(t, v) for v in a)  # noqa: E731
    elif kind == "to_pair":
        one = PAIRS[out]
        name = "half" if isinstance(one, Float16Type) else "bfloat16"
        conv = _conversion(api.replace("float22", "float2").replace(name + "2", name, 1), one)
        fn = lambda x: (float(conv(x[0])), float(conv(x[1])))  # noqa: E731
    elif kind == "to_fp8x2":
        fn = _to_hif8x2(api)
    elif kind == "from_fp8x2":
        fn = _from_fp8x2(op.x.type.element, out)
    else:  # from_pair: exact (a half / bfloat16_t value is a float)
        fn = lambda x: (F32(x[0]), F32(x[1]))  # noqa: E731
    return _applying(op, comp, fn)


# -- the 8-bit float pairs of asc_fp8.h --------------------------------------------------
#
# A hifloat8x2_t / float8_e4m3x2_t / float8_e5m2x2_t value is a tuple of two uint8 codes.
# float2 / half2 -> hifloat8x2_t: each component by asc_xdsl.utils.float8.encode (rna:
# nearest, ties away; rh, HYBRID: simulated as rna, float8.py's decision); saturated: NaN
# -> 0 and overflow -> +-32768; not: NaN -> 0x80, overflow -> +-infinity (as asc-tools'
# simt_stub.h __cvt_hifloat8x2_t). The way back is exact (__hif822half2 keeps NaN and
# infinity: CTRL[48] set, docs/ascend950.md).


def _to_hif8x2(api: str):
    from asc_xdsl.utils import float8

    sat = api.endswith("_sat")

    def fn(x):
        values = np.array([float(x[0]), float(x[1])], np.float64)
        codes = float8.encode(values, "hifloat8", "round", sat)
        return (np.uint8(codes[0]), np.uint8(codes[1]))

    return fn


def _from_fp8x2(element, out):
    from asc_xdsl.dialects.ascendc.fp8_types import float8_name
    from asc_xdsl.utils import float8

    table = float8.fmt(float8_name(element)).table  # type: ignore[arg-type]
    to = F32 if out.CPP_CLASS == "float2" else float
    return lambda x: (to(table[int(x[0])]), to(table[int(x[1])]))


def _cvt_fp8x2(op, comp):
    """`__asc_cvt_float2_to_fp8x2(x, saturate, interpretation)`: x.x into the low byte,
    x.y into the high byte of an unsigned short, e4m3 or e5m2 rounded to nearest even
    (asc-tools' __cvt_float8_e4m3x2_t / __cvt_float8_e5m2x2_t: saturated, NaN -> 0 and
    overflow -> +-max; not, NaN -> 0x7F and overflow -> e5m2's +-infinity, e4m3's 0x7F)."""
    from asc_xdsl.utils import float8

    name = "float8_e4m3fn" if op.properties["interpretation"].data == "E4M3" else "float8_e5m2"
    sat = op.properties["saturate"].data == "SATFINITE"
    x, r = comp.slot(op.x), comp.slot(op.value)

    def run(e, c, _op=op):
        v = e[x]
        values = np.array([float(v[0]), float(v[1])], np.float64)
        codes = float8.encode(values, name, "rint", sat).astype(np.uint16)
        if not sat and name == "float8_e4m3fn":  # (overflow's NaN is 0x7F, unsigned)
            codes = np.where((codes & 0x7F) == 0x7F, 0x7F, codes)
        e[r] = np.uint16(codes[0] | (codes[1] << 8))

    return run


_BUILDERS["cvt_fp8x2"] = _cvt_fp8x2
_U16T = IntegerType(16, Signedness.UNSIGNED)


def _is_fp8x2(t) -> bool:
    """Whether `t` is a pointer to 8-bit float pairs (element i: bytes 2 i (.x), 2 i + 1)."""
    from asc_xdsl.dialects.ascendc.simt import FP8_PAIR_TYPES

    return getattr(getattr(t, "element_type", None), "CPP_CLASS", None) in FP8_PAIR_TYPES


def _fp8x2_load(op, comp):
    p, i, r = comp.slot(op.ptr), comp.slot(op.index), comp.slot(op.value)
    what = "a SIMT read"

    def run(e, c, _op=op):
        _threads(c).cycles += 1
        ptr, index = e[p], int(e[i])
        if isinstance(ptr, GmPtr):
            u8, start = _gm_bytes(c, ptr, index, 2, what, False)
            raw = np.array(u8[start : start + 2])
        else:
            bits = _read(c, _ub_address(ptr, index, 2, what), _Elem(_U16T), 1, what)
            raw = np.asarray(bits, np.uint16).view(np.uint8)
        e[r] = (np.uint8(raw[0]), np.uint8(raw[1]))

    return run


def _fp8x2_store(op, comp):
    p, i, s = comp.slot(op.ptr), comp.slot(op.index), comp.slot(op.value)
    what = "a SIMT write"

    def run(e, c, _op=op):
        _threads(c).cycles += 1
        ptr, index = e[p], int(e[i])
        raw = np.array(e[s], np.uint8)
        if isinstance(ptr, GmPtr):
            u8, start = _gm_bytes(c, ptr, index, 2, what, True)
            u8[start : start + 2] = raw
        else:
            address = _ub_address(ptr, index, 2, what)
            _write(c, address, _Elem(_U16T), raw.view(np.uint16), np.ones(1, bool), what)

    return run
