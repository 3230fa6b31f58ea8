"""Which core runs (sub-block index, AIC/AIV) and the synchronisation between cores:
CrossCoreSetFlag/WaitFlag (and the raw ffts_cross_core_sync), SyncAll (hardware and
the soft one through a GM workspace), IBSet/IBWait, NotifyNextBlock/WaitPreBlock.
The state and the scheduler are in `cores.py`.

Mode 4 of Ascend 950 (arch 3510; impl/basic_api/dav_3510 `set_intra_block` /
`wait_intra_block`) syncs the AIC with one AIV of its AI Core (a mix kernel, AIC:AIV
1:2), on counters apart from modes 0-2's: AIVn's id i (0-15) is the AIC's i + 16n, the
AIC's id j (0-31) is AIV(j // 16)'s j % 16. On 3510 the wait's modeId counts (a mode-4
set wakes only a mode-4 wait); elsewhere mode 4 is refused; PIPE_ALL is refused. As in
the 3510 headers, a core whose side lacks the pipe (core_pipes.py: the AIV has S, V,
MTE2, MTE3; the AIC S, MTE1, MTE2, FIX, M) skips a set or wait of any mode."""

from __future__ import annotations

from functools import cache

from asc_xdsl import soc as socs
from asc_xdsl.dialects import ascendc
from asc_xdsl.dialects.ascendc.base import enum_value
from asc_xdsl.enums import Pipe
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.core_pipes import absent_pipes
from asc_xdsl.runtime.simulator.cores import INTRA_BLOCK, check_flag_id
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.memory import GlobalTensor, LocalTensor
from asc_xdsl.transforms.hardware import PIPES

_PIPE_NO = {p: i for i, p in enumerate(PIPES)}


def _value(op, comp, get):
    r = comp.slot(op.results[0])

    def run(e, c, _op=op):
        e[r] = get(c)

    return run


@handles(ascendc.GetSubBlockIdxOp)
def _sub_idx(op, comp):
    return _value(op, comp, lambda c: c.core.sub)


@handles(ascendc.GetSubBlockNumOp)
def _sub_num(op, comp):
    return _value(op, comp, lambda c: c.core.sub_num)


@handles(ascendc.GetTaskRatioOp)
def _task_ratio(op, comp):
    return _value(op, comp, lambda c: c.core.sub_num)


@handles(ascendc.AscendIsAICOp)
def _is_aic(op, comp):
    return _value(op, comp, lambda c: c.core.kind == "AIC")


@handles(ascendc.AscendIsAIVOp)
def _is_aiv(op, comp):
    return _value(op, comp, lambda c: c.core.kind == "AIV")


def _mode(op) -> int:
    """`modeId` (absent: 0, the first mode)."""
    mode = op.properties.get("modeId")
    return 0 if mode is None else int(mode.value.data)


def _sched(c, what: str):
    if c.sched is None:  # cores.needs_threads saw no sync op: cannot happen
        raise SimulatorError(f"{what} outside a launch that synchronises cores")
    return c.sched


def _release(c, pipe: Pipe):
    """The race checker's snapshot of a cross-core release on `pipe` (None when off):
    what the waiting core will know complete (gmorder.py)."""
    san = c.san
    if san is None:
        return None
    if pipe is Pipe.PIPE_ALL:
        san.barrier(Pipe.PIPE_ALL)
    return san.release(_PIPE_NO.get(pipe.name.removeprefix("PIPE_"), _PIPE_NO["S"]))


def _acquire(c, snap, pipe: Pipe | None = None) -> None:
    """Join `snap` into the core (`pipe`: a CrossCoreWaitFlag's; on Ascend 950 it holds
    only that pipe, so only that pipe learns it, gmorder.py; A2/A3 block the core)."""
    if c.san is not None:
        held = None
        if pipe is not None and _arch(c.onchip.platform.name) == INTRA_BLOCK_ARCH:
            held = _PIPE_NO.get(pipe.name.removeprefix("PIPE_"))
        c.san.acquire(snap, held)


INTRA_BLOCK_ARCH = 3510
"""The arch whose CrossCoreSetFlag/WaitFlag have mode 4 (Ascend 950)."""
_MODE4_IDS = {"AIV": 16, "AIC": 32}


@cache
def _arch(platform: str) -> int:
    return socs.get_soc(platform).npu_arch


@cache
def _absent(platform: str, kind: str) -> frozenset[str]:
    return absent_pipes(platform, kind)


def _compiled_away(c, pipe: Pipe) -> bool:
    """Whether the headers compile a CrossCoreSetFlag/WaitFlag on `pipe` to nothing on
    this core: on 3510 every mode's call runs only on the side that has its pipe
    (NotifyEventImpl / WaitEventImpl, kernel_event.h IsSplitVectorPipe / IsSplitCubePipe:
    the AIV S, V, MTE2, MTE3; the AIC S, MTE1, MTE2, FIX, M); A2/A3 issue every call."""
    return pipe.name.removeprefix("PIPE_") in _absent(c.onchip.platform.name, c.core.kind)


def _modes(c) -> tuple[int, ...]:
    return (0, 1, 2, 4) if _arch(c.onchip.platform.name) == INTRA_BLOCK_ARCH else (0, 1, 2)


def _check_mode(c, mode: int, what: str) -> None:
    modes = _modes(c)
    if mode not in modes:
        name = c.onchip.platform.name
        extra = (
            " (mode 4, the AIC with one AIV, is Ascend 950's: soc_version='Ascend950PR_9599')"
            if mode == 4
            else ""
        )
        raise SimulatorError(
            f"{what}<{mode}>: platform {name} (arch {_arch(name)}) has cross-core modes "
            f"{', '.join(map(str, modes))}, not {mode}{extra}"
        )


def _intra_block(c, flag: int, what: str, pipe: Pipe) -> bool:
    """Check a mode-4 call; whether this core takes part (its side has `pipe`)."""
    if pipe is Pipe.PIPE_ALL:
        raise SimulatorError(f"{what}<4, PIPE_ALL>: mode 4 takes any pipe but PIPE_ALL")
    s = _sched(c, what)
    if len(s.sync.by_block[c.core.block]) != 3:
        raise SimulatorError(
            f"{what} mode 4 synchronises the AIC with one AIV of its AI Core: it needs a "
            "mix kernel (kernel_type='mix', AIC:AIV 1:2)"
        )
    kind = c.core.kind
    if _compiled_away(c, pipe):
        return False
    ids = _MODE4_IDS[kind]
    if not isinstance(flag, int) or not 0 <= flag < ids:
        raise SimulatorError(
            f"{what}<4>: flag id {flag} is outside 0-{ids - 1} on the {kind} (mode 4: the "
            "AIC's ids 0-15 pair with AIV0's 0-15, its 16-31 with AIV1's 0-15)"
        )
    return True


def _set_flag(c, mode: int, flag: int, what: str, pipe: Pipe) -> None:
    _check_mode(c, mode, what)
    if mode == 4:
        if what != "CrossCoreSetFlag":
            raise SimulatorError(
                f"{what}: mode 4 is not an FFTS message (CrossCoreSetFlag<4> is "
                "set_intra_block on Ascend 950)"
            )
        if _intra_block(c, flag, what, pipe):
            s = _sched(c, what)
            s.sync.set_intra_block(c.core, flag, _release(c, pipe))
            _let_them_run(s, c.core)
        return
    if what == "CrossCoreSetFlag" and _compiled_away(c, pipe):
        return
    check_flag_id(flag, what)
    s = _sched(c, what)
    if mode in (1, 2) and len(s.sync.by_block[c.core.block]) != 3:
        raise SimulatorError(
            f"{what} mode {mode} synchronises the AIC and AIVs of one AI Core: it needs a mix "
            "kernel (kernel_type='mix')"
        )
    s.sync.set_flag(c.core, mode, flag, _release(c, pipe))
    if mode == 2:
        _let_them_run(s, c.core)


def _let_them_run(s, core) -> None:
    """An AIC <-> AIV set (modes 2 and 4): the other cores of the AI Core, which it may
    have woken, run before this one goes on (cores.Scheduler.yield_to)."""
    s.yield_to(core, [o for o in s.sync.by_block[core.block] if o is not core])


@handles(ascendc.CrossCoreSetFlagOp)
def _cross_set(op, comp):
    f = comp.slot(op.flag_id)
    mode = _mode(op)
    pipe = enum_value(op, "pipe", Pipe)

    def run(e, c, _op=op):
        _set_flag(c, mode, e[f], "CrossCoreSetFlag", pipe)

    return run


@handles(ascendc.FftsCrossCoreSyncOp)
def _ffts(op, comp):
    """The config word of `ffts_cross_core_sync(pipe, config)`: 1 | mode << 4 | flag << 8."""
    cfg = comp.slot(op.config)
    pipe = enum_value(op, "pipe", Pipe)

    def run(e, c, _op=op):
        word = int(e[cfg])
        _set_flag(c, (word >> 4) & 0xF, (word >> 8) & 0xF, "ffts_cross_core_sync", pipe)

    return run


@handles(ascendc.CrossCoreWaitFlagOp)
def _cross_wait(op, comp):
    f = comp.slot(op.flag_id)
    mode = _mode(op)
    pipe = enum_value(op, "pipe", Pipe)

    def run(e, c, _op=op):
        flag = e[f]
        _check_mode(c, mode, "CrossCoreWaitFlag")
        if mode == 4:
            if _intra_block(c, flag, "CrossCoreWaitFlag", pipe):
                s = _sched(c, "CrossCoreWaitFlag")
                key = (INTRA_BLOCK, flag)
                what = f"waits for mode-4 flag {flag} (from its AI Core's other side)"
                s.wait_until(c.core, s.sync.can_take(c.core, key), op, what)
                _acquire(c, s.sync.take(c.core, key), pipe)
            return
        if _compiled_away(c, pipe):
            return
        check_flag_id(flag, "CrossCoreWaitFlag")
        s = _sched(c, "CrossCoreWaitFlag")
        s.wait_until(c.core, s.sync.can_take(c.core, flag), op, f"waits for cross-core flag {flag}")
        _acquire(c, s.sync.take(c.core, flag), pipe)

    return run


def _aiv_only(op) -> bool:
    """`SyncAll<isAIVOnly>`: the flag is present for true (the API's default)."""
    return bool(op.flag("isAIVOnly"))


def _group(c, aiv_only: bool):
    s = _sched(c, "SyncAll")
    cores = s.sync.by_kind["AIV"] if aiv_only and "AIV" in s.sync.by_kind else s.cores
    return s, list(cores)


@handles(ascendc.SyncAllHardOp)
def _sync_all_hard(op, comp):
    aiv_only = _aiv_only(op)

    def run(e, c, _op=op):
        s, group = _group(c, aiv_only)
        if c.core not in group:
            return  # an AIC at SyncAll<isAIVOnly=true> does not take part
        # the headers' SyncAll starts with PipeBarrier<PIPE_ALL>
        ready, joined = s.sync.barrier(c.core, group, _release(c, Pipe.PIPE_ALL))
        s.wait_until(c.core, ready, op, "waits in SyncAll")
        _acquire(c, joined())

    return run


def _workspace_check(gm, ub, cores: int, what: str) -> None:
    if not isinstance(gm, GlobalTensor):
        raise SimulatorError(f"{what}: the workspace must be a GlobalTensor")
    gm.bytes_at(0, cores * 32, f"{what} uses {cores} x 32 B of its GM workspace:")
    if not isinstance(ub, LocalTensor) or ub.mem_name != "UB":
        raise SimulatorError(f"{what}: the UB workspace must be a local tensor in UB")
    ub.check(32 // ub.itemsize, f"{what} UB workspace", vector=False)


@handles(ascendc.SyncAllSoftOp)
def _sync_all_soft(op, comp):
    gm, ub, n = comp.slot(op.gm_workspace), comp.slot(op.ub_workspace), comp.slot(op.used_cores)
    aiv_only = _aiv_only(op)

    def run(e, c, _op=op):
        s, group = _group(c, aiv_only)
        used = e[n]
        if not 1 <= used <= len(group):
            raise SimulatorError(
                f"SyncAll: usedCores {used} but {len(group)} cores of this launch take part"
            )
        group = [g for g in group if g.block_idx < used]
        if c.core not in group:
            raise SimulatorError(
                f"SyncAll with usedCores {used} called by core {c.core.block_idx}, which is "
                "not among them (it would wait forever)"
            )
        _workspace_check(e[gm], e[ub], used, "SyncAll")
        ready, joined = s.sync.barrier(c.core, group, _release(c, Pipe.PIPE_ALL))
        s.wait_until(c.core, ready, op, "waits in SyncAll (soft)")
        _acquire(c, joined())

    return run


@handles(ascendc.IBSetOp)
def _ib_set(op, comp):
    """IBSet: the flag word of (blockIdx, eventID) in the GM workspace goes 0 -> 1 (the
    headers spin while it is still 1: an IBSet before the last one was waited for
    waits), between two PipeBarrier<PIPE_ALL>. The AIC does nothing (dav-c220)."""
    gm, ub, b, ev = (comp.slot(v) for v in op.operands)

    def run(e, c, _op=op):
        if c.core.kind == "AIC":
            return
        _workspace_check(e[gm], e[ub], c.block_num, "IBSet")
        s = _sched(c, "IBSet")
        key = (e[b], e[ev])
        s.wait_until(
            c.core,
            lambda: s.sync.ib_flags[key] == 0,
            op,
            f"waits for IBWait to clear block {key[0]}'s event {key[1]} (set before)",
        )
        s.sync.ib_flags[key] = 1
        s.sync.ib_snaps[key] = _release(c, Pipe.PIPE_ALL)

    return run


@handles(ascendc.IBWaitOp)
def _ib_wait(op, comp):
    """IBWait: waits for the flag word to be 1 and clears it (the headers' handshake)."""
    gm, ub, b, ev = (comp.slot(v) for v in op.operands)

    def run(e, c, _op=op):
        if c.core.kind == "AIC":
            return
        _workspace_check(e[gm], e[ub], c.block_num, "IBWait")
        s = _sched(c, "IBWait")
        key = (e[b], e[ev])
        s.wait_until(
            c.core,
            lambda: s.sync.ib_flags[key] > 0,
            op,
            f"waits for IBSet of block {key[0]}, event {key[1]}",
        )
        s.sync.ib_flags[key] = 0
        _acquire(c, s.sync.ib_snaps.pop(key, None))
        if c.san is not None:
            c.san.barrier(Pipe.PIPE_ALL)

    return run


@handles(ascendc.NotifyNextBlockOp)
def _notify_next(op, comp):
    gm, ub = comp.slot(op.gm_workspace), comp.slot(op.ub_workspace)

    def run(e, c, _op=op):
        _workspace_check(e[gm], e[ub], c.block_num, "NotifyNextBlock")
        key = (c.core.kind, c.core.block_idx)
        sync = _sched(c, "NotifyNextBlock").sync
        sync.block_done.add(key)
        sync.ib_snaps[key] = _release(c, Pipe.PIPE_ALL)

    return run


@handles(ascendc.WaitPreBlockOp)
def _wait_pre(op, comp):
    gm, ub = comp.slot(op.gm_workspace), comp.slot(op.ub_workspace)

    def run(e, c, _op=op):
        _workspace_check(e[gm], e[ub], c.block_num, "WaitPreBlock")
        if c.core.block_idx == 0:
            return
        s = _sched(c, "WaitPreBlock")
        prev = (c.core.kind, c.core.block_idx - 1)
        s.wait_until(
            c.core,
            lambda: prev in s.sync.block_done,
            op,
            f"waits for NotifyNextBlock of block {prev[1]}",
        )
        _acquire(c, s.sync.ib_snaps.get(prev))

    return run


@handles(ascendc.DataSyncBarrierOp)
def _dsb(op, comp):
    """The simulator completes every memory access before the next op starts."""
    return None
