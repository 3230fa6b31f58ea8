"""The cores a launch runs and the synchronisation between them.

`layout(kernel_type, block_dim)` lists the cores (docs/ascendc_semantics.md section 6):
a vector kernel runs one AIV per block, a cube kernel one AIC, a mix kernel (Atlas A2,
MIX_AIC_1_2) one AIC and two AIV sub-blocks per block. GetBlockIdx is the block on the
AIC and block x 2 + GetSubBlockIdx() on a mix kernel's AIVs; GetBlockNum is block_dim.
On a platform whose AI Cores are not split (310P), a vector or cube kernel runs one
"AICore" per block, with both pipes; ASCEND_IS_AIC and ASCEND_IS_AIV are false there, as
in the headers (g_coreType is MIX without __DAV_C220_CUBE__/__DAV_C220_VEC__).

Cores of a launch without cross-core synchronisation run one after the other. A module
with CrossCoreSetFlag/WaitFlag, SyncAll, IBSet/IBWait or NotifyNextBlock/WaitPreBlock
runs every core in its own thread, one at a time (`Scheduler`): a core runs until it
waits for something no other core has done yet, then the next runnable core (in
launch order) goes on. When every unfinished core waits, the kernel would hang on the
NPU: a `DeadlockError` names each waiting core and the op it waits in.

Cross-core flags (`CrossCoreSetFlag<mode, pipe>(id)` / `CrossCoreWaitFlag(id)`, ids
0-15) are counters per (core, id); a wait takes one when there is one, else blocks.
Mode 0: when every core of the setter's kind has set id, each of them gets one;
mode 1: when both AIVs of a block have set id, each gets one; mode 2: the AIC's set
gives each AIV of its block one, and both AIVs' sets give the AIC one.
Mode 4 (Ascend 950 only, `set_intra_block`) has counters of its own: AIVn's set of id i
(0-15) gives its AIC one at i + 16n, the AIC's set of id j (0-31) gives AIV(j // 16) one
at j % 16 (docs/zh CrossCoreWaitFlag's flagId constraints).
"""

from __future__ import annotations

import threading
from collections import defaultdict, deque

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Operation
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.target import SOC_ATTR, SOC_FAMILY, set_soc
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.simulator.errors import SimulatorError, op_location, op_title
from asc_xdsl.runtime.simulator.gmorder import joined
from asc_xdsl.utils.records import FrozenRecord, init_fields

MAX_THREADED_CORES = 4096
FLAG_IDS = 16
INTRA_BLOCK = "mode 4"
"""The counters of mode 4 (Ascend 950) are apart from modes 0-2's: keys (INTRA_BLOCK, id)."""
COUNTER_MAX = 15


class DeadlockError(SimulatorError):
    """Every unfinished core waits for another: the kernel hangs on the NPU."""


class Core(FrozenRecord):
    """One core of a block: `kind` "AIC", "AIV", or "AICore" (an unsplit AI Core: both
    pipes); `sub` GetSubBlockIdx() (0 on the AIC, 0/1 on a mix kernel's AIVs);
    `sub_num` GetSubBlockNum() (2 on a mix kernel's AIVs, else 1); `block_idx`
    GetBlockIdx()."""

    _FIELDS = ("kind", "block", "sub", "sub_num", "block_idx")
    __slots__ = _FIELDS

    def __init__(self, kind: str, block: int, sub: int, sub_num: int, block_idx: int) -> None:
        init_fields(self, kind=kind, block=block, sub=sub, sub_num=sub_num, block_idx=block_idx)

    @property
    def label(self) -> str:
        sub = f".{self.sub}" if self.sub_num > 1 else ""
        return f"{self.kind} of block {self.block}{sub}"


MATMUL_OBJECT_OPS = frozenset({"ascendc.regist_matmul_obj", "ascendc.matmul.init"})


def kernel_type_of(kernel) -> str:
    """The layout a kernel runs on: its kernel_type, except that a vector kernel (the
    default) that uses the Matmul object runs as a mix kernel: the library serves the
    AIVs' calls from the AIC, and bisheng builds such a kernel as MIX_AIC_1_2."""
    cached = kernel.metadata.get("_cpu_simulator_kernel_type")
    if cached is None:
        cached = kernel.kernel_type
        if cached == "vector" and any(op.name in MATMUL_OBJECT_OPS for op in kernel.module.walk()):
            cached = "mix"
        kernel.metadata["_cpu_simulator_kernel_type"] = cached
    return cached


def layout(kernel_type: str, blocks: list[int], split: bool = True) -> list[Core]:
    """The cores of the given blocks, in launch order (`split`: AIC + AIV cores)."""
    if not split:
        return [Core("AICore", b, 0, 1, b) for b in blocks]
    if kernel_type == "cube":
        return [Core("AIC", b, 0, 1, b) for b in blocks]
    if kernel_type == "mix":
        out = []
        for b in blocks:
            out.append(Core("AIC", b, 0, 1, b))
            out += [Core("AIV", b, s, 2, b * 2 + s) for s in (0, 1)]
        return out
    return [Core("AIV", b, 0, 1, b) for b in blocks]


SYNC_OPS = frozenset(
    {
        "ascendc.cross_core_set_flag",
        "ascendc.cross_core_wait_flag",
        "ascendc.ffts_cross_core_sync",
        "ascendc.sync_all_soft",
        "ascendc.sync_all_hard",
        "ascendc.ib_set",
        "ascendc.ib_wait",
        "ascendc.notify_next_block",
        "ascendc.wait_pre_block",
    }
)


def needs_threads(module: Operation) -> bool:
    """Whether the module synchronises cores (so they must run interleaved)."""
    return any(op.name in SYNC_OPS for op in module.walk())


FFTS_OPS = frozenset(
    {"ascendc.cross_core_set_flag", "ascendc.cross_core_wait_flag", "ascendc.ffts_cross_core_sync"}
)
"""Cross-core flags between cube and vector cores: split-core SoCs only."""


def check_platform(kernel, kernel_type: str, platform) -> None:
    """Refuse what `platform` cannot run: a kernel type it lacks, FFTS flags without
    split cores. Raises LaunchError (SimulatorError at the op for an op)."""
    if kernel_type not in platform.kernel_types:
        why = (
            " (a vector kernel using the Matmul object is built as a mix kernel)"
            if kernel_type != kernel.kernel_type
            else ""
        )
        raise LaunchError(
            f"{kernel.name}: platform {platform.name} runs {', '.join(platform.kernel_types)} "
            f"kernels, not '{kernel_type}'{why}; mix kernels need Atlas A2/A3 "
            f"(e.g. platform='Ascend910B1')",
            code="ASC-R621",
        )
    _check_soc_family(kernel, platform)
    if platform.split_cores:
        return
    for op in kernel.module.walk():
        if op.name in FFTS_OPS:
            raise SimulatorError(
                f"platform {platform.name} has no separate cube and vector cores, so no "
                "FFTS cross-core flags; they need Atlas A2/A3 (e.g. platform='Ascend910B1')"
            ).at(op, None)


def _check_soc_family(kernel, platform) -> None:
    """A module verified for another SoC family (compiled without a selection: the
    frontend then names Ascend910B) is
    verified again for the platform's: its dtype tables and unsupported APIs. Once per
    kernel and family."""
    declared = kernel.module.attributes.get(SOC_ATTR)
    want = SOC_FAMILY[platform.name]
    if not isinstance(declared, StringAttr) or SOC_FAMILY.get(declared.data) == want:
        return
    done = kernel.metadata.setdefault("_cpu_simulator_families", set())
    if want in done:
        return
    module = kernel.module.clone()
    set_soc(module, platform.name)
    # the clone walks in the original's order: report the original op (its location)
    for op, original in zip(module.walk(), kernel.module.walk(), strict=True):
        try:
            op.verify(verify_nested_ops=False)
        except VerifyException as err:
            raise SimulatorError(
                f"compiled for {declared.data} but launched on platform {platform.name} "
                f"({want}), which {kernel.name} does not verify for: {err}"
            ).at(original, None) from None
    done.add(want)


class _Abort(BaseException):
    """Ends a waiting core's thread after a deadlock or another core's error."""


class Scheduler:
    """Runs cores in threads, one at a time, switching when the running one waits."""

    def __init__(self, cores: list[Core]):
        self.cores = cores
        self.cond = threading.Condition()
        self.running: Core | None = None
        self.started: set[Core] = set()
        self.done: set[Core] = set()
        self.waiting: dict[Core, tuple] = {}
        self.yielding: set[Core] = set()
        """Cores in `yield_to`, waiting for the cores their set woke."""
        self.failure: BaseException | None = None
        self.sync = CrossCoreState(cores)

    def wait_until(self, core: Core, ready, op: Operation | None, what: str) -> None:
        """Block `core` until `ready()` is true; other cores run meanwhile."""
        with self.cond:
            if ready():
                return
            self.waiting[core] = (ready, op, what)
            self._pick()
            self._await_turn(core)
            del self.waiting[core]

    def yield_to(self, core: Core, others: list[Core]) -> None:
        """After `core`'s cross-core set: the `others` it may have woken (or that have
        not started) run until they wait or end before `core` goes on. On the NPU they
        run at once, beside it; a kernel that counts on them keeping pace (asc-devkit's
        matmul_gelu sample fixpipes its next tile into the AIVs' UB with no flag back)
        computes here what it does there, and the race checker, which follows the flags
        and not this order, still reports what nothing orders."""

        def runnable(c: Core) -> bool:
            if c in self.done or c in self.yielding:  # (one yielding waits for others)
                return False
            if c not in self.started:
                return True
            w = self.waiting.get(c)
            return w is not None and w[0]()

        with self.cond:
            if not any(runnable(c) for c in others):
                return
            self.yielding.add(core)
            self.waiting[core] = (
                lambda: not any(runnable(c) for c in others),
                None,
                "lets the cores its cross-core flag woke run first",
            )
            try:
                self._pick()
                self._await_turn(core)
            finally:
                self.yielding.discard(core)
                del self.waiting[core]

    def _await_turn(self, core: Core) -> None:
        while self.running is not core and self.failure is None:
            self.cond.wait()
        if self.failure is not None:
            raise _Abort

    def _pick(self) -> None:
        """The first core (launch order) that can go on gets the turn (lock held)."""
        for c in self.cores:
            if c in self.done:
                continue
            w = self.waiting.get(c)
            if (c not in self.started) or (w is not None and w[0]()):
                self.started.add(c)
                self.running = c
                self.cond.notify_all()
                return
        if self.waiting and self.failure is None:
            self.failure = self._deadlock()
        self.running = None
        self.cond.notify_all()

    def _deadlock(self) -> DeadlockError:
        lines, first = [], None
        for c in self.cores:
            if c in self.waiting:
                _, op, what = self.waiting[c]
                where = op_location(op) if op is not None else None
                title = op_title(op) if op is not None else "?"
                lines.append(f"  {c.label}: {title} {what}" + (f" at {where}" if where else ""))
                first = first or op
        return DeadlockError(
            "deadlock: every unfinished core waits and nothing can wake it (the kernel hangs "
            "on the NPU):\n" + "\n".join(lines),
            op=first,
        )

    def run(self, body) -> None:
        """Run `body(core)` for every core, interleaved; re-raise the first failure."""
        if len(self.cores) > MAX_THREADED_CORES:
            raise SimulatorError(
                f"{len(self.cores)} cores synchronise with each other: the simulator runs at "
                f"most {MAX_THREADED_CORES} such cores in one launch"
            )

        def main(core: Core) -> None:
            try:
                with self.cond:
                    self._await_turn(core)
                body(core)
            except _Abort:
                return
            except BaseException as err:  # handed to the launcher's thread
                with self.cond:
                    self.failure = self.failure or err
                    self.done.add(core)
                    self.running = None
                    self.cond.notify_all()
                return
            with self.cond:
                self.done.add(core)
                self._pick()

        old = threading.stack_size()
        threading.stack_size(64 * 1024 * 1024)  # kernels with deep nesting recurse
        try:
            threads = [threading.Thread(target=main, args=(c,), daemon=True) for c in self.cores]
            for t in threads:
                t.start()
        finally:
            threading.stack_size(old)
        with self.cond:
            self._pick()
        for t in threads:
            t.join()
        if self.failure is not None:
            raise self.failure


class CrossCoreState:
    """Flag counters, barriers and GM-workspace flags shared by the cores of a launch."""

    def __init__(self, cores: list[Core]):
        self.cores = cores
        self.by_kind: dict[str, list[Core]] = defaultdict(list)
        self.by_block: dict[int, list[Core]] = defaultdict(list)
        for c in cores:
            self.by_kind[c.kind].append(c)
            self.by_block[c.block].append(c)
        self.counters: dict[tuple[Core, int], int] = defaultdict(int)
        self.pending: dict[tuple, set[Core]] = defaultdict(set)
        self.barrier_count: dict[tuple, int] = defaultdict(int)
        self.arrived: dict[Core, int] = defaultdict(int)
        self.block_done: set[tuple[str, int]] = set()
        self.ib_flags: dict[tuple[int, int], int] = defaultdict(int)
        # The race checker's snapshots (gmorder.py; None when it is off): one per flag
        # count a core holds, the joined ones of a pending mode 0/1/2 set, of a barrier
        # generation, of an IBSet / NotifyNextBlock.
        self.snaps: dict[tuple[Core, int], deque] = defaultdict(deque)
        self.pending_snaps: dict[tuple, list] = defaultdict(list)
        self.barrier_snaps: dict[tuple, list | dict] = defaultdict(list)
        self.ib_snaps: dict[tuple, object] = {}

    def _give(self, core: Core, flag: int, snap) -> None:
        self.counters[core, flag] += 1
        self.snaps[core, flag].append(snap)

    def set_flag(self, core: Core, mode: int, flag: int, snap=None) -> None:
        """`core`'s CrossCoreSetFlag<mode>(flag); `snap` its release (race checker)."""
        if mode == 2:
            if core.kind == "AIC":
                for c in self.by_block[core.block]:
                    if c.kind == "AIV":
                        self._give(c, flag, snap)
                return
            group = [c for c in self.by_block[core.block] if c.kind == "AIV"]
            self._collect(
                (2, core.block, flag),
                core,
                group,
                [c for c in self.by_block[core.block] if c.kind == "AIC"],
                snap,
            )
            return
        if mode == 1:
            if core.kind != "AIV":
                raise SimulatorError(
                    "CrossCoreSetFlag mode 1 syncs the AIVs of a block: not on the AIC"
                )
            group = [c for c in self.by_block[core.block] if c.kind == "AIV"]
            self._collect((1, core.block, flag), core, group, group, snap)
            return
        if mode == 0:
            group = self.by_kind[core.kind]
            self._collect((0, core.kind, flag), core, group, group, snap)
            return
        raise SimulatorError(
            f"CrossCoreSetFlag mode {mode} does not exist on Atlas A2/A3 (0, 1, 2)"
        )

    def set_intra_block(self, core: Core, flag: int, snap=None) -> None:
        """`core`'s CrossCoreSetFlag<4>(flag) on Ascend 950: one count to the other side
        of its AI Core (ids checked by the caller). A counter holds at most 15 (the
        CrossCoreWaitFlag page: more is a hardware exception)."""
        block = self.by_block[core.block]
        if core.kind == "AIV":
            to = next(c for c in block if c.kind == "AIC")
            key = (INTRA_BLOCK, flag + 16 * core.sub)
        else:
            to = next(c for c in block if c.kind == "AIV" and c.sub == flag // 16)
            key = (INTRA_BLOCK, flag % 16)
        if self.counters[to, key] >= COUNTER_MAX:
            raise SimulatorError(
                f"CrossCoreSetFlag<4>({flag}): the mode-4 counter of flag {key[1]} on "
                f"{to.label} already holds {COUNTER_MAX} sets nobody waited for (its "
                "maximum: the NPU raises an exception)"
            )
        self._give(to, key, snap)

    def _collect(self, key, core: Core, group: list[Core], receivers: list[Core], snap) -> None:
        seen = self.pending[key]
        seen.add(core)
        if snap is not None:
            self.pending_snaps[key].append(snap)
        if len(seen) == len(group):
            seen.clear()
            all_snaps = self.pending_snaps.pop(key, None)
            together = joined(all_snaps) if all_snaps else None
            for c in receivers:
                self._give(c, key[2], together)

    def can_take(self, core: Core, flag: int):
        return lambda: self.counters[core, flag] > 0

    def take(self, core: Core, flag: int):
        """Take one count of the flag; its release snapshot (or None)."""
        self.counters[core, flag] -= 1
        q = self.snaps.get((core, flag))
        return q.popleft() if q else None

    def barrier(self, core: Core, group: list[Core], snap=None):
        """Arrive at the next barrier of `group` (`snap`: the arrival's release): the
        predicate that says it is open and the getter of the arrivals' joined snapshot."""
        key = tuple(group)
        self.arrived[core] += 1
        gen = self.arrived[core]
        self.barrier_count[key, gen] += 1
        if snap is not None:
            self.barrier_snaps[key, gen].append(snap)

        def together():  # joined once per barrier, by the first core to leave
            snaps = self.barrier_snaps.get((key, gen))
            if isinstance(snaps, list):
                snaps = self.barrier_snaps[key, gen] = joined(snaps) if snaps else {}
            return snaps

        return (lambda: self.barrier_count[key, gen] >= len(group)), together


def check_flag_id(flag: int, what: str) -> None:
    if not 0 <= flag < FLAG_IDS:
        raise SimulatorError(f"{what}: flag id {flag} is outside 0-{FLAG_IDS - 1}")


_AIC_MEMORIES = frozenset({"L1", "L0A", "L0B", "L0C", "BT"})


def side_guard(op: Operation, comp, f):
    """In a mix kernel an op runs on the side that has its unit, and does nothing on the
    other (the API guards its calls with ASCEND_IS_AIV / ASCEND_IS_AIC): vector ops on
    the AIVs, Mmad/LoadData/Fixpipe on the AIC, and a copy where its local tensors are
    (UB on the AIVs, L1/L0 on the AIC). Scalar and framework ops run everywhere."""
    from asc_xdsl.dialects.ascendc.base import AscendCOp
    from asc_xdsl.dialects.ascendc.data_copy import DataCopyBaseOp
    from asc_xdsl.runtime.simulator.memory import LocalTensor
    from asc_xdsl.transforms.hardware import core_of_pipe, op_pipe

    if not isinstance(op, AscendCOp):
        return f
    pipe = op_pipe(op)
    side = core_of_pipe(pipe)
    if side is not None:
        kind = "AIC" if side == "cube" else "AIV"

        def fixed(e, c, _op=op, _f=f, _kind=kind):
            if c.core.kind == _kind:
                _f(e, c)

        return fixed
    if not isinstance(op, DataCopyBaseOp):
        return f
    slots = [comp.slot(v) for v in op.operands]

    def by_memory(e, c, _op=op, _f=f):
        for s in slots:
            t = e[s]
            if isinstance(t, LocalTensor):
                on_aic = t.mem_name in _AIC_MEMORIES
                if on_aic != (c.core.kind == "AIC"):
                    return
        _f(e, c)

    return by_memory
