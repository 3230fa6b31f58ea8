"""Blocks on every core: a launch's blocks split over forked worker processes.

The launcher (`backend.py`) runs a launch's cores one after another. When the kernel
shares nothing between blocks but GM, `run_blocks` splits the cores into as many
chunks of whole blocks as there are workers (in launch order, balanced by the blocks'
modelled cycles in the kernel's last launch), runs the first chunk in the launching
process itself and each other chunk in a process forked for it (`os.fork`, Linux
only), and gives the launch the serial run's results, printed output, profile and
checker findings.

*Which kernels* (`serial_reason`, before anything runs): none with cross-core
synchronisation (CrossCoreSetFlag/WaitFlag, SyncAll, IBSet/IBWait, ...: they run in
threads, `cores.Scheduler`), atomics (SetAtomicAdd/Max/Min/Type, the store atomic
config, a Matmul object's enAtomic) or mutexes, none launched with `gm_overread` "zeros"/"pad", none with a GM
array in a shared mapping (`shared_memory`: a worker's writes would reach it at
once). Unless the
`workers` option asks for workers, a launch also runs serially until the kernel has
had a serial launch after its first (the first pays one-time costs: no measure; the
same for the first parallel launch), when
that last serial launch took less than `MIN_SECONDS` (a fork costs more than it saves),
when a launch of it had to rerun serially, or when its last parallel launch's
wall time was not under `PAYS` of the serial one's (`worth_it`, `note`): a
memory-bound kernel pays more in copied pages than its blocks cost.

*GM without copies*: a forked worker sees the caller's arrays as they were at the fork
and writes its own copy-on-write pages. When every chunk is done, the launching
process reads which GM pages each worker wrote (`/proc/<pid>/pagemap`, bit 56: a page
a process wrote after the fork is mapped by it alone) and copies those pages from the
worker into the caller's arrays (`process_vm_readv`, else `/proc/<pid>/mem`): one
copy of the written bytes, nothing of what was only read. A page that two chunks
wrote (a row of a matrix split into tiles) is merged byte by byte against the
original bytes, which a third process keeps (the "keeper", forked after the workers
and before this process writes anything: it writes nothing, so its copy-on-write view
stays the launch's start; it is killed once its bytes are read).

*Identical to the serial run*: chunk 0 runs first in launch order, in the caller's
memory, exactly as the serial run would. Every other chunk's outcome is taken only when
nothing could make it differ from the serial run, else the launcher runs those cores
again serially, from the caller's memory as chunk 0 left it (which is the serial
state there), so results, output and errors are the serial run's:

- a worker that raised (a located simulator error, a race in sanitize="error", a step
  budget ...) -- the serial rerun raises the same error at the same op and block;
- two chunks changing the same GM byte to different values, or, with the race
  checker on, a GM byte one chunk wrote and another read (the checker's records,
  `gmorder.LaunchOrder`) -- the serial run reports that race itself;
- the launch's step budget (`budget.py`) exceeded when the blocks' steps are summed
  in launch order.

*Decision*: with the race checker off nothing records GM reads, so a kernel where a
block reads bytes a block of another chunk writes, or writes a byte's original value
where another chunk changes it (races the checker reports), may compute another of
its possible results; the checker's records make such a launch serial.

*Cost*: a fork (a few ms: page tables), a copy-on-write fault per GM page a chunk
writes (~2.9 us of CPU each on the 2-core VM this was measured on), one copy of each
page a worker wrote. Cheap for the matmul (4 MiB of C against ~1 s of blocks), dear for
the vector add (64 MiB of z against ~0.06 s of blocks: the faults and copies cost as
much as the blocks), hence `PAYS`. Two things keep the faults down: each process
populates the GM pages its chunk wrote in the kernel's last parallel launch with one
`madvise(MADV_POPULATE_WRITE)` per span (`_learnt`, `_populate`: ~2.35 us a page, no
trap; nothing is left set on the caller's memory), and the 3-way merge's buffers live
in a shared anonymous mapping kept for the next launch (`_scratch`; one for the
process, at most `SCRATCH_MAX`), whose page-table
entries a fork leaves writable.

*BLAS threads*: every process runs its matrix products on one OpenBLAS thread while
the chunks run (a worker for good, the launching process from before the forks to the
end of the merge, its pool's size restored after: `blas_threads.one_thread`); a pool
per process would put its helper threads on the cores the other processes run on, and
a pool started after the fork spins ~0.1 s before it sleeps (`blas_threads`).

Each worker ships per core, in launch order: the profile counters and regions, the
race checker's and the uninit check's findings, printed output and warnings; the
launcher merges them in launch order (findings deduplicated as the serial run does).
Ops in them travel as their index in the module's walk. Workers do no work after the
launch: once their outcome and memory are read they exit, and a thread reaps them as
they end (a forked process's exit frees its page tables, ~10 ms the launch no longer
waits for; no zombie is left); on an error or an interrupt they are killed and reaped
before the error propagates. The launching process's signal handlers, gc and streams
are left as they were.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import io
import mmap
import os
import pickle
import signal
import struct
import sys
import threading
import time
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from xdsl.ir import Operation

from asc_xdsl.log import logger
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.simulator.gmorder import _overlap
from asc_xdsl.runtime.simulator.gmorder import entries as gmorder_entries
from asc_xdsl.utils import forked
from asc_xdsl.utils.blas_threads import one_thread
from asc_xdsl.utils.records import Record

WORKERS_ENV = "ASC_XDSL_SIM_WORKERS"
MIN_SECONDS = 0.05
"""A launch whose kernel's last serial launch took less (wall seconds) stays serial
unless workers are asked for with the `workers` option."""
PAYS = 0.8
"""Workers stay in use while a parallel launch takes under this share of the serial
launch's wall time (memory-bound kernels pay more in page copies than the blocks cost;
a kernel whose products already run on every core's BLAS thread gains nothing)."""
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
_EXCLUSIVE = np.uint64(1 << 56)
_PRESENT = np.uint64(1 << 63)
IOV_MAX = 1024
SERIAL_OPS = frozenset(
    {
        "ascendc.set_atomic_add",
        "ascendc.set_atomic_max",
        "ascendc.set_atomic_min",
        "ascendc.set_atomic_type",
        "ascendc.set_store_atomic_config",
    }
)
"""Ops that make blocks depend on each other beyond GM slices (with `cores.SYNC_OPS`,
any op whose name mentions a mutex and any op with an `en_atomic` operand)."""
_FIRST_KEY = "first_serial"
_FIRST_PARALLEL_KEY = "first_parallel"
_SERIAL_KEY = "serial_cpu"
_PARALLEL_KEY = "parallel_cpu"
_FELL_BACK_KEY = "fell_back"
_WEIGHTS_KEY = "last_profile"
_PAGES_KEY = "written_pages"
_OPS_KEY = "ops"
SCRATCH_MAX = 64 << 20
"""Largest 3-way merge scratch kept between launches (bytes): one for the process, not
one per program, so the memory it holds stays bounded however many kernels run."""
_spare_scratch: list[mmap.mmap] = []
"""The merge scratch between launches (at most one); a launch takes it out while in
use, so a launch in another thread makes its own."""
_spare_lock = threading.Lock()


def _take_scratch() -> mmap.mmap | None:
    with _spare_lock:
        return _spare_scratch.pop() if _spare_scratch else None


def _keep_scratch(got: mmap.mmap) -> None:
    """Keep the larger of `got` and the spare; the other is dropped (unmapped when the
    last view of it goes: a merged result may still be one)."""
    with _spare_lock:
        if not _spare_scratch or len(_spare_scratch[0]) < len(got):
            _spare_scratch[:] = [got]


def worker_count(option: Any = None) -> tuple[int, bool]:
    """(workers, explicit): the launch option (explicit), else `ASC_XDSL_SIM_WORKERS`,
    else the CPUs this process may run on."""
    source, value, explicit = "workers", option, option is not None
    if value is None:
        value, source = os.environ.get(WORKERS_ENV) or None, WORKERS_ENV
    if value is None:
        return _cpu_count(), False
    try:
        n = int(value) if not isinstance(value, bool | float) else None
    except (TypeError, ValueError):
        n = None
    if n is None or n < 1:
        raise LaunchError(f"{source} must be a positive integer, got {value!r}", code="ASC-R602")
    return n, explicit


def _cpu_count() -> int:
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13+
    if counter is not None:
        return counter() or 1
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def serial_reason(kernel: Any, program: Any, overread: str) -> str | None:
    """Why this launch must run its blocks in one process (None: it may use workers).
    The op scan is cached on the kernel."""
    if not hasattr(os, "fork") or not sys.platform.startswith("linux"):
        return "no fork() with /proc here"
    if program.threads:
        return "its cores synchronise"
    if overread != "error":
        return f"gm_overread={overread!r}"
    key = "_cpu_simulator_serial_ops"
    found = kernel.metadata.get(key)
    if found is None or found[0] is not kernel.module:
        hit = next((op.name for op in kernel.module.walk() if _serial_op(op)), "")
        found = kernel.metadata[key] = (kernel.module, hit)
    if found[1]:
        return f"it uses {found[1]}"
    return None


def _serial_op(op: Operation) -> bool:
    """An atomic (SetAtomic*, a Matmul object's IterateAll/GetTensorC with enAtomic: two
    chunks adding the same value cannot be told from one) or a mutex."""
    return op.name in SERIAL_OPS or "mutex" in op.name or getattr(op, "en_atomic", None) is not None


def shared_memory(memory: list) -> str | None:
    """The first GM array (its address) in a shared mapping (a MAP_SHARED file such as
    np.memmap, shared memory): a worker's writes would reach it at once, so the
    launch runs serially. None when every array is in private memory."""
    try:
        with open("/proc/self/maps", "rb") as f:
            maps = f.read()
    except OSError:
        return "no /proc/self/maps"
    shared = []
    for line in maps.splitlines():  # "lo-hi perms ...": perms "rw-s" when shared
        cut = line.find(b" ")
        if line[cut + 4 : cut + 5] == b"s":
            lo, hi = line[:cut].split(b"-")
            shared.append((int(lo, 16), int(hi, 16)))
    if not shared:
        return None
    for a in memory:
        lo = a.__array_interface__["data"][0]
        hi = lo + a.nbytes
        if any(s < hi and lo < e for s, e in shared):
            return f"a GM array at 0x{lo:x} is in shared memory"
    return None


def notes(program: Any) -> dict:
    """What the launches of one compiled program (a kernel in one checker mode) taught
    about workers: kept on the program, so a launch with the race checker on, which
    costs several times as much, never decides for one with it off."""
    return program.__dict__.setdefault("workers_notes", {})


def worth_it(program: Any, explicit: bool) -> bool:
    """Whether forking pays: asked for with the `workers` option; else the kernel's last
    serial launch after its first took at least MIN_SECONDS, no launch of it had to
    rerun serially, and its last parallel launch after its first (if any) took under
    PAYS of the serial one's time."""
    if explicit:
        return True
    meta = notes(program)
    serial = meta.get(_SERIAL_KEY, 0.0)
    parallel = meta.get(_PARALLEL_KEY)
    if serial < MIN_SECONDS or meta.get(_FELL_BACK_KEY):
        return False
    return parallel is None or parallel < PAYS * serial


def note(program: Any, seconds: float, state: LaunchState | None) -> None:
    """Remember what the launch's blocks took (for `worth_it`): the wall time of a
    serial launch, or of a parallel one (forks, chunks, merge). Wall time, not CPU time:
    a serial launch whose matrix products run on every core's BLAS thread spends more
    CPU than wall time, and workers that cannot beat that must not be kept. A kernel's
    first serial launch and its first parallel one are no measure: each pays once for
    what later launches of its kind reuse (GM pages first touched, the loop batching's
    warm-up; the workers' learnt pages and merge buffers), so a cold serial launch made
    workers look worth keeping where they cost 4-5x (the vector add: ~0.1 s first,
    ~0.09 s parallel, ~0.02 s serial once warm), and a cold parallel one made them look
    not worth it where they gain 1.6x (the 1024^3 matmul: ~0.25 s first parallel,
    ~0.15 s after)."""
    meta = notes(program)
    if state is not None and state.ran_parallel:
        meta[_PARALLEL_KEY if _FIRST_PARALLEL_KEY in meta else _FIRST_PARALLEL_KEY] = seconds
    elif state is None:
        meta[_SERIAL_KEY if _FIRST_KEY in meta else _FIRST_KEY] = seconds


class LaunchState(Record):
    """What the launcher's `run_core` leaves behind, as the workers read and merge it:

    - `ran`: Core -> its BlockContext (or a `_Ran` of a worker's core);
    - `findings`: the race checker's findings, in launch order;
    - `unwritten`: uninit.Findings, or None;
    - `left`: [steps left of the launch's budget];
    - `order`: the race checker's gmorder.LaunchOrder, or None;
    - `memory`: the launch's GM arrays (numpy uint8), read back from the workers;
    - `module`: the kernel's module (ops travel as their index in its walk);
    - `notes`: the program's `notes` (a launch that reruns serially is remembered there).
    """

    _FIELDS = (
        "ran",
        "findings",
        "unwritten",
        "left",
        "order",
        "memory",
        "module",
        "notes",
        "ran_parallel",
        "chunks",
        "stats",
    )
    __slots__ = _FIELDS

    def __init__(
        self,
        ran: dict,
        findings: list,
        unwritten: Any,
        left: list,
        order: Any,
        memory: list,
        module: Any,
        notes: dict,
        ran_parallel: bool = False,
        chunks: int = 1,
        stats: dict | None = None,
    ) -> None:
        self.ran = ran
        self.findings = findings
        self.unwritten = unwritten
        self.left = left
        self.order = order
        self.memory = memory
        self.module = module
        self.notes = notes
        self.ran_parallel = ran_parallel
        self.chunks = chunks
        self.stats = {} if stats is None else stats


class _Ran:
    """A worker's core as the profile reads it."""

    __slots__ = ("cnt", "regions")

    def __init__(self, cnt: list, regions: list):
        self.cnt = cnt
        self.regions = regions


def chunks_of(core_list: Sequence, n: int, weights: dict[int, float] | None = None) -> list[list]:
    """The cores in at most n chunks of whole blocks (a mix kernel's cores of a block
    stay together), in launch order, as even as the blocks allow: by `weights` (block
    -> its modelled cycles in the kernel's last launch) when given, else by count."""
    units: list[list] = []
    for core in core_list:
        if units and units[-1][0].block == core.block:
            units[-1].append(core)
        else:
            units.append([core])
    n = max(1, min(n, len(units)))
    cost = [max(weights.get(u[0].block, 0.0), 1.0) if weights else 1.0 for u in units]
    total = sum(cost)
    out, start, done = [], 0, 0.0
    for i in range(n):
        if i == n - 1:
            end = len(units)
        else:
            # at least one unit here and one for each chunk after; then up to the share
            end, goal = start + 1, total * (i + 1) / n
            got = done + cost[start]
            while end < len(units) - (n - 1 - i) and abs(got + cost[end] - goal) < abs(got - goal):
                got += cost[end]
                end += 1
        out.append([c for u in units[start:end] for c in u])
        done += sum(cost[start:end])
        start = end
    return out


def note_profile(program: Any, profile: Any) -> None:
    """Remember the launch's profile: `chunks_of` balances the next launch's chunks by
    its blocks' modelled cycles (summed only then)."""
    notes(program)[_WEIGHTS_KEY] = profile


def _weights(state: LaunchState) -> dict[int, float] | None:
    profile = state.notes.get(_WEIGHTS_KEY)
    if profile is None or len(profile.blocks) < 2:
        return None
    return {b.block: b.whole.total_cycles for b in profile.blocks}


# -- shipping outcomes: ops as indices, exceptions without their __init__ ----------------


def _rebuild_error(cls: type, args: tuple, state: dict) -> BaseException:
    err = cls.__new__(cls)
    err.args = args
    err.__dict__.update(state)
    return err


class _Pickler(pickle.Pickler):
    def __init__(self, file, index: dict[int, int]):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.index = index

    def persistent_id(self, obj):
        # not isinstance: Operation's metaclass is ABCMeta, whose check of a type it has
        # not seen (int, list, ...) walks every op class in a fresh fork and writes its
        # cache into each, copying their pages (17-29 ms of a worker's CPU per launch)
        if Operation in type(obj).__mro__:
            return self.index[id(obj)]  # KeyError: not the kernel's (the chunk reruns)
        return None

    def reducer_override(self, obj):
        if isinstance(obj, BaseException):
            return _rebuild_error, (type(obj), obj.args, dict(obj.__dict__))
        return NotImplemented


class _Unpickler(pickle.Unpickler):
    def __init__(self, file, ops: list):
        super().__init__(file)
        self.ops = ops

    def persistent_load(self, pid):
        return self.ops[pid]


# -- the worker side -------------------------------------------------------------------------


def _walk(state: LaunchState) -> tuple[list, dict[int, int]]:
    """The module's ops in walk order and each one's index (ops travel as their index),
    kept with the program's notes: walked once for all launches (~2 ms for a matmul's
    500 ops), before the fork, so the workers inherit it."""
    got = state.notes.get(_OPS_KEY)
    if got is None or got[0] is not state.module:
        ops = list(state.module.walk())
        got = state.notes[_OPS_KEY] = (state.module, ops, {id(op): i for i, op in enumerate(ops)})
    return got[1], got[2]


def _outcome(state: LaunchState, core: Any, errors_before: int, steps_before: int) -> tuple:
    c = state.ran[core]
    san = c.san.findings if c.san is not None else []
    new = state.unwritten.errors[errors_before:] if state.unwritten is not None else []
    return (c.cnt, c.regions, san, new, steps_before - state.left[0])


def _gm_records(order: Any) -> np.ndarray:
    """The race checker's GM records of this process's cores as rows (buffer id, lo,
    hi, writes, burst, pitch): the exact records, the accesses of the cores the checker
    checked in bulk (`checked`) and the running core's log. A strided access (bursts
    `burst` bytes `pitch` apart from lo to hi) keeps its step, so that tiles of a matrix
    that interleave row by row do not meet (burst and pitch 0: contiguous)."""
    flat: list[int] = []
    add = flat.extend
    for (bid, _), recs in order.writes.items():
        for r in recs:
            step = r[9] or (0, 0)
            add((bid, r[0], r[1], 1, step[0], step[1]))
    for (bid, _), recs in order.reads.items():
        for r in recs.values():
            step = r[9] or (0, 0)
            add((bid, r[0], r[1], 0, step[0], step[1]))
    for log in (gmorder_entries(order.checked), order.entries()):
        for _, _, _, _, buf, lo, hi, write, _, step in log:
            step = step or (0, 0)
            add((id(buf), lo, hi, int(write), step[0], step[1]))
    return np.array(flat, dtype=np.int64).reshape(-1, 6)


def _child(
    state: LaunchState,
    cores: list,
    run_core: Callable,
    res_w: int,
    release_r: int,
    close: list[int],
    warm: Sequence[tuple[int, int]] = (),
) -> None:
    """A worker: run `cores`, ship the outcome, wait until the launcher has read this
    process's memory, exit (never returns). `warm`: the GM spans this chunk wrote in
    the kernel's last parallel launch, populated before the first block (`_populate`)."""
    try:
        _quiet(close)
        _populate(warm)
        outcome: list = []
        out = io.StringIO()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")  # the launcher's filters decide on re-emit
            sys.stdout = out
            for core in cores:
                errors = len(state.unwritten.errors) if state.unwritten is not None else 0
                steps = state.left[0]
                run_core(core)
                shown = [(w.message, w.category, w.filename, w.lineno) for w in caught]
                caught.clear()
                outcome.append((*_outcome(state, core, errors, steps), out.getvalue(), shown))
                out.seek(0)
                out.truncate()
        records = None
        if state.order is not None:
            records = _gm_records(state.order)
        index = _walk(state)[1]
        buf = io.BytesIO()
        _Pickler(buf, index).dump(("ok", outcome, records))
        payload = buf.getvalue()
    except BaseException as err:  # the launcher reruns these cores serially
        payload = pickle.dumps(("failed", f"{type(err).__name__}: {err}"))
    try:
        # the header: the payload's size and this worker's CPU seconds so far (its exit,
        # which the launch no longer waits for, not counted: `last_stats`)
        head = len(payload).to_bytes(8, "little")
        head += struct.pack("<dq", time.process_time(), _faults())
        _write_all(res_w, head + payload)
        _wait_release(release_r)
    finally:
        os._exit(0)


def _quiet(close: list[int], works: bool = True) -> None:
    """A forked process's start: close the launcher's pipe ends it must not hold, leave
    Ctrl-C to the launcher (which ends it); a worker (`works`) also gives back its free
    heap (neither process then copies the free pages they share on reusing them),
    freezes the collector, which would walk (and so copy) every page of the objects
    inherited, and runs matrix products on one BLAS thread (each process with a full
    OpenBLAS pool would oversubscribe the cores): `utils.forked.start`."""
    for fd in close:
        os.close(fd)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if works:
        forked.start()


def _keeper(release_r: int, close: list[int]) -> None:
    """The keeper: holds the launch's start (copy-on-write) until killed or released.
    It runs no Python work, so it skips a worker's start (2-6 ms of CPU, taken from
    the cores the chunks run on)."""
    try:
        _quiet(close, works=False)
        _wait_release(release_r)
    finally:
        os._exit(0)


_HEAD = 24
"""A worker's outcome header: payload size, CPU seconds, minor page faults."""


def _wait_release(fd: int) -> None:
    while os.read(fd, 1):
        pass


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _read_exactly(fd: int, n: int) -> bytes:
    parts, got = [], 0
    while got < n:
        part = os.read(fd, min(n - got, 1 << 20))
        if not part:
            raise EOFError("a worker ended before it sent its outcome")
        parts.append(part)
        got += len(part)
    return b"".join(parts)


# -- the launcher side ----------------------------------------------------------------------


def run_blocks(state: LaunchState, core_list: list, run_core: Callable, workers: int) -> int:
    """Run the launch's cores over `workers` processes; returns how many cores of
    `core_list` (from its start) are done: all of them, or those of chunk 0 when a
    worker's outcome cannot be taken (the launcher runs the rest serially). An error
    of chunk 0 is raised as the serial run raises it."""
    global _last_stats
    _last_stats = state.stats
    chunks = chunks_of(core_list, workers, _weights(state))
    if len(chunks) < 2:
        return 0
    why = shared_memory(state.memory)
    if why is not None:
        state.stats["serial"] = why
        return 0
    # every process on one BLAS thread from before the forks to the end of the merge:
    # each side of a fork then runs its products without starting an OpenBLAS pool,
    # whose new helper thread would spin ~0.1 s on a core a chunk runs on
    # (`blas_threads`); the caller's pool gets its size back after
    with one_thread():
        return _run_chunks(state, chunks, run_core)


def _run_chunks(state: LaunchState, chunks: list[list], run_core: Callable) -> int:
    """`run_blocks` once the launch is split: fork the workers and the keeper, run chunk
    0 here, take the workers' outcomes."""
    began, wall = time.process_time(), time.perf_counter()
    release_r, release_w = os.pipe()
    pids: list[int] = []
    pipes: list[int] = []
    keeper = 0
    reaped = False
    try:
        # the workers first (each starts on its chunk a fork earlier), then the keeper:
        # this process has written nothing yet, so its view is the launch's start
        warm = _learnt(state, chunks)
        _walk(state)
        for k, cores in enumerate(chunks[1:], 1):
            r, w = os.pipe()
            pid = _fork()
            if pid == 0:  # the worker (never returns)
                _child(state, cores, run_core, w, release_r, [r, release_w, *pipes], warm[k])
            os.close(w)
            pids.append(pid)
            pipes.append(r)
        keeper = _fork()
        if keeper == 0:
            _keeper(release_r, [release_w, *pipes])
        pids.append(keeper)
        stats = state.stats
        cpu = time.process_time()
        stats["forks"] = cpu - began
        stats["wall"] = {"forks": time.perf_counter() - wall}
        faults = _faults()
        # the pages this chunk wrote last time, made this process's own in one call
        # each rather than one copy-on-write trap per page
        stats["populated"] = _populate(warm[0])
        for core in chunks[0]:
            run_core(core)
        stats["chunk0"] = time.process_time() - cpu
        stats["wall"]["chunk0"] = time.perf_counter() - wall - stats["wall"]["forks"]
        stats["faults"] = _faults() - faults
        outcomes: list[bytes] = []
        stats["workers"] = []
        stats["worker_faults"] = []
        waited = time.perf_counter()
        try:
            for fd in pipes:
                head = _read_exactly(fd, _HEAD)
                cpu_s, flt = struct.unpack("<dq", head[8:])
                stats["workers"].append(cpu_s)
                stats["worker_faults"].append(flt)
                outcomes.append(_read_exactly(fd, int.from_bytes(head[:8], "little")))
        except (EOFError, OSError) as err:  # a worker killed from outside (OOM, ...)
            _serial(state, f"a worker ended early ({err})")
            return len(chunks[0])
        stats["waited"] = time.perf_counter() - waited
        cpu = time.process_time()
        taken = _take(state, chunks, outcomes, pids[:-1], keeper)
        stats["merge"] = time.process_time() - cpu
        stats["wall"]["merge"] = time.perf_counter() - waited - stats["waited"]
        state.ran_parallel = taken
        state.chunks = len(chunks)
        return sum(map(len, chunks)) if taken else len(chunks[0])
    except BaseException:
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        _reap(pids)  # an error or Ctrl-C: nothing outlives the launch
        reaped = True
        raise
    finally:
        os.close(release_w)  # the workers (and the keeper) see EOF and exit
        os.close(release_r)
        for fd in pipes:
            os.close(fd)
        if pids and not reaped:  # (never waits for a reaped pid: it may be reused)
            # a worker's exit frees its pages (~10 ms of a loaded process's page
            # tables): the launch does not wait for it, a thread reaps the workers as
            # they end (no zombie left in the caller's process)
            reaper = threading.Thread(target=_reap, args=(pids,), daemon=True)
            reaper.start()
            _reapers[:] = [t for t in _reapers if t.is_alive()] + [reaper]


_reapers: list[threading.Thread] = []


def settle() -> None:
    """Wait until the workers of past launches have exited and been reaped. A launch
    returns before its workers' exits; their CPU time reaches
    `getrusage(RUSAGE_CHILDREN)` only once reaped, so a benchmark that counts the
    workers' CPU (bench/simulator.py) settles before reading it."""
    while _reapers:
        _reapers.pop().join()


def _reap(pids: list[int]) -> None:
    for pid in pids:
        # reaped already (by the error path, or by the caller's SIGCHLD handler)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)


def _faults() -> int:
    """This process's minor page faults so far (copy-on-write faults among them)."""
    import resource  # Unix only, as fork (workers run on Linux alone)

    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def _fork() -> int:
    with warnings.catch_warnings():
        # Python 3.12+ warns of fork() beside other threads (OpenBLAS's, say): the
        # forked process runs only the simulator and ends with os._exit
        warnings.simplefilter("ignore", DeprecationWarning)
        return os.fork()


_last_stats: dict = {}


def last_stats() -> dict:
    """CPU seconds of the last launch that used workers (for bench/sim_workers.py):
    "forks" and "chunk0" and "merge" (the launching process: forking, its own chunk,
    taking the outcomes), "workers" (each worker's until it sent its outcome: its
    exit, which frees its pages, runs after the launch has returned), "waited" (wall
    seconds the launching process waited for them), "serial" (why their outcome was
    not taken, if so), "copied" (GM bytes read back), "faults" (the launching
    process's minor page faults while it ran its chunk: copy-on-write since the fork,
    populated pages included), "worker_faults" (each worker's, until its outcome),
    "populated" (bytes the launching process populated before its chunk: `_learnt`),
    "wall" (wall seconds of the launching process's "forks", "chunk0", "merge")."""
    return dict(_last_stats)


def _take(
    state: LaunchState, chunks: list, payloads: list[bytes], pids: list[int], keeper: int
) -> bool:
    """Merge the workers' outcomes into the launch, or return False (nothing merged)."""
    shipped = []
    for i, data in enumerate(payloads):
        if data[:1] != b"\x80":  # not a pickle
            return _serial(state, "a worker's outcome is unreadable")
        try:
            head = _Unpickler(io.BytesIO(data), _walk(state)[0]).load()
        except Exception as err:  # e.g. a warning class this process cannot import
            return _serial(state, f"worker {i + 1}'s outcome does not load ({err})")
        if head[0] != "ok":
            return _serial(state, f"worker {i + 1}: {head[1]}")
        shipped.append(head)
    # the step budget over all blocks, in launch order
    left = state.left[0]
    for head in shipped:
        for o in head[1]:
            left -= o[4]
            if left < 0:
                return _serial(state, "the blocks' steps exceed the launch's budget")
    if state.order is not None:
        mine = _gm_records(state.order)
        if _records_overlap([mine] + [h[2] for h in shipped]):
            return _serial(state, "a block touches GM bytes another block writes")
    if not _merge_memory(state, pids, keeper, tuple(map(len, chunks))):
        return False
    # taken: the outcomes in launch order
    state.left[0] = left
    for cores, head in zip(chunks[1:], shipped, strict=True):
        for core, o in zip(cores, head[1], strict=True):
            cnt, regions, san, errors, _, text, shown = o
            state.ran[core] = _Ran(cnt, regions)
            state.findings.extend(san)
            if state.unwritten is not None:
                for err in errors:
                    if err.op not in state.unwritten.seen:
                        state.unwritten.seen.add(err.op)
                        state.unwritten.errors.append(err)
            if text:
                sys.stdout.write(text)
            for message, category, filename, lineno in shown:
                module, registry = _module_of(filename)
                warnings.warn_explicit(message, category, filename, lineno, module, registry)
    return True


def _module_of(filename: str) -> tuple[str | None, dict | None]:
    """The module of a warning's file and its `__warningregistry__`, as `warnings.warn`
    uses them (so the launcher's filters show a worker's warning as often as the
    serial run would)."""
    for name, mod in list(sys.modules.items()):
        if getattr(mod, "__file__", None) == filename:
            return name, mod.__dict__.setdefault("__warningregistry__", {})
    return None, None


def _serial(state: LaunchState, why: str) -> bool:
    """The workers' outcome is not taken: the launcher reruns their cores serially
    (and later launches of the kernel run serially unless workers are asked for)."""
    state.stats["serial"] = why
    state.notes[_FELL_BACK_KEY] = True
    logger("simulator").debug("blocks rerun in one process: %s", why)
    return False


EXACT_PAIRS = 200_000
"""Most record pairs the exact test of strided records looks at (beyond: serial)."""


def _records_overlap(chunks: list[np.ndarray]) -> bool:
    """Whether a GM byte one chunk writes is touched by another chunk (each chunk's
    records: `_gm_records` rows). First by whole spans (a strided record as [lo, hi));
    where those meet, record by record, strided ones exactly (`gmorder._overlap`)."""
    writes: dict[int, list] = {}
    touched: dict[int, list] = {}
    recs = [np.asarray(r, dtype=np.int64).reshape(-1, 6) for r in chunks]
    for i, rec in enumerate(recs):
        if not len(rec):
            continue
        for bid in np.unique(rec[:, 0]).tolist():
            mine = rec[rec[:, 0] == bid]
            touched.setdefault(bid, []).append((i, _union(mine[:, 1], mine[:, 2]), mine))
            w = mine[mine[:, 3] != 0]
            if len(w):
                writes.setdefault(bid, []).append((i, _union(w[:, 1], w[:, 2]), w))
    for bid, written in writes.items():
        for i, (wlo, whi), w in written:
            for j, (alo, ahi), a in touched[bid]:
                if i != j and _intersect(wlo, whi, alo, ahi) and _exactly(w, a):
                    return True
    return False


def _exactly(w: np.ndarray, a: np.ndarray) -> bool:
    """Whether a record of `w` shares a byte with one of `a` (rows of `_gm_records`),
    strided records burst by burst; True also when there are too many pairs to look at."""
    if not (w[:, 5].any() or a[:, 5].any()):
        return True  # contiguous records: their unions met
    a = a[np.argsort(a[:, 1], kind="stable")]
    a_lo = a[:, 1]
    reach = np.maximum.accumulate(a[:, 2])  # a record before k ends by reach[k]
    pairs = 0
    for lo, hi, burst, pitch in w[:, [1, 2, 4, 5]].tolist():
        end = int(np.searchsorted(a_lo, hi, side="left"))  # a's records starting before hi
        first = int(np.searchsorted(reach[:end], lo, side="right"))  # ... ending after lo
        pairs += end - first
        if pairs > EXACT_PAIRS:
            return True
        step = (burst, pitch) if pitch else None
        for alo, ahi, aburst, apitch in a[first:end, [1, 2, 4, 5]].tolist():
            if ahi > lo and _overlap(lo, hi, step, alo, ahi, (aburst, apitch) if apitch else None):
                return True
    return False


def _union(lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Byte intervals [lo, hi) joined into sorted disjoint ones."""
    order = np.argsort(lo, kind="stable")
    lo, hi = lo[order], hi[order]
    reach = np.maximum.accumulate(hi)
    starts = np.ones(len(lo), bool)
    starts[1:] = lo[1:] > reach[:-1]
    first = np.flatnonzero(starts)
    last = np.append(first[1:], len(lo)) - 1
    return lo[first], reach[last]


def _intersect(alo, ahi, blo, bhi) -> bool:
    """Whether two sorted disjoint interval lists share a byte."""
    idx = np.searchsorted(alo, bhi, side="left") - 1  # A's last interval starting before b ends
    ok = idx >= 0
    return bool(np.any(ahi[idx[ok]] > blo[ok]))


# -- GM pages: which a process wrote, reading them from it --------------------------------


def _ranges(memory: list) -> list[tuple[int, int]]:
    """The GM arrays' address ranges, overlapping ones joined."""
    spans = sorted(
        (a.ctypes.data, a.ctypes.data + a.nbytes) for a in memory if a is not None and a.nbytes
    )
    out: list[list[int]] = []
    for lo, hi in spans:
        if out and lo <= out[-1][1]:
            out[-1][1] = max(out[-1][1], hi)
        else:
            out.append([lo, hi])
    return [(lo, hi) for lo, hi in out]


def _layout(ranges: list[tuple[int, int]]) -> tuple:
    """What must match for one launch's pages to stand for another's: each range's
    offset in its first page and its length."""
    return tuple((lo % PAGE, hi - lo) for lo, hi in ranges)


def _learnt(state: LaunchState, chunks: list) -> list[list[tuple[int, int]]]:
    """Per chunk, the GM spans ([lo, hi) addresses) it wrote in the kernel's last
    parallel launch when this launch has the same chunks and GM layout (else none):
    each process populates them before its first block (`_populate`). A page
    populated and then not written only costs a copy (or a 3-way merge) of unchanged
    bytes: the merge still finds what each chunk changed."""
    none: list[list[tuple[int, int]]] = [[] for _ in chunks]
    got = state.notes.get(_PAGES_KEY)
    if got is None:
        return none
    layout, sizes, pages = got
    ranges = _ranges(state.memory)
    if sizes != tuple(map(len, chunks)) or layout != _layout(ranges):
        return none
    out = []
    for runs in pages:
        spans = []
        for ri, s, e in runs:
            lo, hi = ranges[ri]
            first = lo // PAGE
            spans.append((max(lo, (first + s) * PAGE), min(hi, (first + e) * PAGE)))
        out.append(spans)
    return out


def _written(pid: int | str, first: int, count: int) -> np.ndarray:
    """Per page from `first` (page numbers): whether process `pid` wrote it since the
    fork (mapped by it alone)."""
    with open(f"/proc/{pid}/pagemap", "rb") as f:
        f.seek(first * 8)
        raw = f.read(count * 8)
    ents = np.frombuffer(raw, np.uint64)
    if len(ents) != count:
        raise OSError("short pagemap read")
    return (ents & (_EXCLUSIVE | _PRESENT)) == (_EXCLUSIVE | _PRESENT)


class _Reader:
    """Reads another process's memory into this one's (`process_vm_readv`, else
    `/proc/<pid>/mem`)."""

    def __init__(self, pid: int):
        self.pid = pid
        self.file = None

    def read_into(self, addr: int, target: np.ndarray) -> None:
        n = target.nbytes
        if n == 0:
            return
        if _libc is not None and self.file is None:
            local = _IoVec(target.ctypes.data, n)
            remote = _IoVec(addr, n)
            got = _libc.process_vm_readv(
                self.pid, ctypes.byref(local), 1, ctypes.byref(remote), 1, 0
            )
            if got == n:
                return
        if self.file is None:
            self.file = open(f"/proc/{self.pid}/mem", "rb", buffering=0)  # noqa: SIM115
        got = os.preadv(self.file.fileno(), [memoryview(target).cast("B")], addr)
        if got != n:
            raise OSError(f"read {got} of {n} bytes of worker {self.pid}")

    def read_segments(self, segs: list[tuple[int, int]], out: np.ndarray | None) -> None:
        """Bytes [a, b) of each segment, into `out` one after another, or (None) into
        this process's same addresses."""
        if not segs:
            return
        if out is None:
            targets = [(a, b - a, a) for a, b in segs]
        else:
            targets, at = [], out.ctypes.data
            for a, b in segs:
                targets.append((a, b - a, at))
                at += b - a
        if _libc is not None and self.file is None:
            for i in range(0, len(targets), IOV_MAX):
                part = targets[i : i + IOV_MAX]
                n = len(part)
                local = (_IoVec * n)(*[_IoVec(t, size) for _, size, t in part])
                remote = (_IoVec * n)(*[_IoVec(a, size) for a, size, _ in part])
                want = sum(size for _, size, _ in part)
                if _libc.process_vm_readv(self.pid, local, n, remote, n, 0) != want:
                    break
            else:
                return
        for a, size, t in targets:
            self.read_into(a, _view(t, size))

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


class _IoVec(ctypes.Structure):
    _fields_ = [("base", ctypes.c_void_p), ("len", ctypes.c_size_t)]


def _load_libc():
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fn = libc.process_vm_readv
    except (OSError, AttributeError):
        return None
    fn.restype = ctypes.c_ssize_t
    fn.argtypes = [
        ctypes.c_int,
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.c_ulong,
    ]
    libc.madvise.restype = ctypes.c_int
    libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    return libc


_libc = _load_libc() if sys.platform.startswith("linux") else None

MADV_POPULATE_WRITE = 23
"""Linux 5.14+: fault a range in for writing in one call (EINVAL before)."""
_populate_ok = [_libc is not None]


def _populate(spans: Sequence[tuple[int, int]]) -> int:
    """Make the pages of `spans` ([lo, hi) addresses of this process) writable and
    this process's own in one `madvise(MADV_POPULATE_WRITE)` each, instead of one
    copy-on-write trap per page on the first write (on the VM this was measured on a
    copy-on-write page written after a fork costs ~2.85 us of CPU with its trap, ~2.35
    us populated). Contents are not changed and no attribute of the mapping is left
    set. Returns the bytes populated (0 when the kernel has no
    MADV_POPULATE_WRITE: the writes then fault as before)."""
    done = 0
    if not _populate_ok[0]:
        return 0
    for lo, hi in spans:
        a, b = lo // PAGE * PAGE, -(-hi // PAGE) * PAGE
        if b <= a:
            continue
        if _libc.madvise(a, b - a, MADV_POPULATE_WRITE) != 0:
            if ctypes.get_errno() == errno.EINVAL:  # an older kernel: never again
                _populate_ok[0] = False
                return done
            continue  # EFAULT/ENOMEM (a hole, a read-only page): the writes fault
        done += b - a
    return done


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """[start, end) of the runs of True in `mask`."""
    if not mask.any():
        return []
    m = np.concatenate(([False], mask, [False]))
    edges = np.flatnonzero(m[1:] != m[:-1])
    return list(zip(edges[0::2].tolist(), edges[1::2].tolist(), strict=True))


def _view(addr: int, n: int) -> np.ndarray:
    """This process's bytes [addr, addr + n) as a writable uint8 array."""
    return np.ctypeslib.as_array((ctypes.c_uint8 * n).from_address(addr))


def _merge_memory(
    state: LaunchState, pids: list[int], keeper: int, sizes: tuple[int, ...] = ()
) -> bool:
    """Copy what the workers wrote into this process's GM arrays; False (nothing
    copied) when two chunks changed a byte differently or a worker's memory cannot be
    read. The pages each chunk wrote are noted for the next launch (`_learnt`)."""
    readers = [_Reader(pid) for pid in pids]
    original = _Reader(keeper) if keeper else None
    scratch = [_take_scratch()]
    try:
        alone: list[list[tuple[int, int]]] = [[] for _ in pids]
        contested: list[tuple[int, int]] = []
        ranges = _ranges(state.memory)
        learnt: list[list[tuple[int, int, int]]] = [[] for _ in range(len(pids) + 1)]
        for ri, (lo, hi) in enumerate(ranges):
            first, last = lo // PAGE, (hi - 1) // PAGE
            count = last - first + 1
            mine = _written("self", first, count)
            theirs = [_written(pid, first, count) for pid in pids]
            for k, mask in enumerate([mine, *theirs]):
                learnt[k] += [(ri, s, e) for s, e in _runs(mask)]
            wrote = np.sum(theirs, axis=0)
            only = (wrote == 1) & ~mine

            def spans(mask, first=first, lo=lo, hi=hi):
                return [
                    (max(lo, (first + s) * PAGE), min(hi, (first + e) * PAGE))
                    for s, e in _runs(mask)
                ]

            for k, mask in enumerate(theirs):
                alone[k] += spans(only & mask)
            contested += spans((wrote >= 1) & ~only)
        state.notes[_PAGES_KEY] = (_layout(ranges), sizes, learnt)
        # contested pages first: a conflict must leave this process's memory untouched
        merged = _three_way(contested, readers, original, scratch) if contested else []
        if merged is None:
            return _serial(state, "two blocks change the same GM bytes")
        # every worker readable before the first byte is copied: a copy that failed
        # half-way would leave a state the serial rerun does not start from
        probe = np.empty(1, np.uint8)
        for reader, segs in zip(readers, alone, strict=True):
            if segs:
                reader.read_segments([(segs[0][0], segs[0][0] + 1)], probe)
        # the keeper is no longer needed: killed now, its exit (freeing its page tables)
        # runs beside the copies and the thread of `run_blocks` reaps it
        _kill(keeper)
        for reader, segs in zip(readers, alone, strict=True):
            reader.read_segments(segs, None)
            state.stats["copied"] = state.stats.get("copied", 0) + sum(b - a for a, b in segs)
        offset = 0
        for a, b in contested:
            _view(a, b - a)[:] = merged[offset : offset + b - a]
            offset += b - a
    except OSError as err:
        return _serial(state, f"cannot read a worker's memory ({err})")
    finally:
        if scratch[0] is not None:
            _keep_scratch(scratch[0])
        for r in readers:
            r.close()
        if original is not None:
            original.close()
    return True


def _kill(pid: int) -> None:
    """End the keeper (reaped with the workers)."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def _scratch(holder: list, size: int) -> list[np.ndarray]:
    """Three uint8 buffers of `size` bytes (a multiple of 8) for `_three_way`, in the
    shared anonymous mapping `holder[0]` (made or grown here; `_merge_memory` keeps it
    for the next launch, `_keep_scratch`): a fork leaves this process's
    entries of a shared mapping writable, so in later launches they take no fault,
    while heap buffers are copy-on-write after the fork (~2.9 us a page here; 6-7 ms
    for a 1024^3 matmul's 3 x 3 MiB). Beyond SCRATCH_MAX: fresh heap buffers."""
    if 3 * size > SCRATCH_MAX:
        return [np.empty(size, np.uint8) for _ in range(3)]
    got = holder[0]
    if got is None or len(got) < 3 * size:
        got = holder[0] = mmap.mmap(-1, -(-3 * size // PAGE) * PAGE)
    view = np.frombuffer(got, np.uint8)
    return [view[i * size : (i + 1) * size] for i in range(3)]


def _three_way(segs, readers, original, scratch: list | None = None) -> np.ndarray | None:
    """The bytes of `segs` ([a, b) address ranges) merged, all in one array: this
    process's, then each worker's changes against the launch's start in chunk order;
    None when two chunks change a byte differently.

    Compared 8 bytes at a time: a word only one side changed is taken whole (its other
    bytes are the start's on both sides); only words both changed are looked at byte by
    byte (byte masks took 10-150 ms for the 3 MiB of a 1024^3 matmul's C rows)."""
    if original is None:
        return None
    total = sum(b - a for a, b in segs)
    padded = -(-total // 8) * 8  # zero padding: changed by nobody
    start, result, theirs = _scratch([None] if scratch is None else scratch, padded)
    for buf in (start, result, theirs):
        buf[total:] = 0
    original.read_segments(segs, start)
    np.concatenate([_view(a, b - a) for a, b in segs], out=result[:total])
    s64, r64, t64 = (buf.view(np.uint64) for buf in (start, result, theirs))
    changed = r64 != s64  # words with a byte changed so far
    for reader in readers:
        reader.read_segments(segs, theirs)
        ch = t64 != s64
        both = np.flatnonzero(ch & changed)
        if len(both):
            sb, rb, tb = (buf.reshape(-1, 8)[both] for buf in (start, result, theirs))
            mine = tb != sb
            if np.any(mine & (rb != sb) & (tb != rb)):
                return None
            result.reshape(-1, 8)[both] = np.where(mine, tb, rb)
            ch[both] = False
        np.copyto(r64, t64, where=ch)
        changed |= ch
    return result[:total]
