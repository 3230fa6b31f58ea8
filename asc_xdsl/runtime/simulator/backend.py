"""The `cpu` backend: run a `CompiledKernel` on numpy, block by block.

`CpuSimulatorBackend().launch(kernel, block_dim, args, **options)`; options (keywords
first, then environment variables):

* `platform` / `ASC_XDSL_PLATFORM`: on-chip memory sizes (default Ascend910B1);
* `profile_dir` / `ASC_XDSL_PROFILE_DIR`: write msprof-shaped CSVs there;
* `copy_tail`: "error" (default) or "drop" for DataCopy counts that are not 32 B multiples;
* `block_order`: "ascending" (default), "descending" or "random" -- the order blocks
  run in (a correct kernel gives the same results for every order);
* `max_steps` / `ASC_XDSL_SIM_MAX_STEPS`: the simulation budget in blocks plus loop
  iterations (`budget.py`; by default it scales with the blocks and the GM bytes); a
  launch beyond it ends in a `StepLimitError` at the loop, a `while` seen repeating
  its condition's inputs in an `EndlessLoopError` at once;
* `sanitize` / `ASC_XDSL_SANITIZE`: the race checker (`sanitizer.py`, across cores and
  blocks `gmorder.py`): "warn" (default), "error" or "off";
* `uninit` / `ASC_XDSL_SIM_UNINIT`: reads of UB that nothing wrote (`uninit.py`): "warn"
  (default), "error" or "off";
* `gm_overread` / `ASC_XDSL_GM_OVERREAD`: "error" (default), "zeros" (GM reads past an
  argument's end return zeros) or "pad" (GM reads and writes past it land in a dropped
  zero pad, local tensor overruns reach the next on-chip bytes, DataCopy tails are
  dropped), each with one warning (`gm_overread.py`), for third-party kernels;
* `workers` / `ASC_XDSL_SIM_WORKERS`: how many processes run the blocks of a kernel
  that shares nothing between blocks but GM (`workers.py`; default: the CPUs this
  process may use; 1: one after another).

The figures of the last launch are in `last_profile()`.
"""

from __future__ import annotations

import contextlib
import os
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from asc_xdsl.log import INFO, logger
from asc_xdsl.runtime.hidden_params import HIDDEN
from asc_xdsl.runtime.kernel import CompiledKernel, LaunchError, check_block_dim, is_gm_pointer
from asc_xdsl.runtime.scalars import scalar_argument
from asc_xdsl.runtime.simulator import (
    aiv_ub,
    core_pipes,
    cores,
    gm_overread,
    printing,
    sanitizer,
    uninit,
    workers,
)
from asc_xdsl.runtime.simulator.budget import DEFAULT_MAX_STEPS, blocks_error, max_steps
from asc_xdsl.runtime.simulator.compile import Program
from asc_xdsl.runtime.simulator.dtypes import is_bf16, np_dtype, to_scalar
from asc_xdsl.runtime.simulator.errors import ProfileRegionError, SimulatorError, failing_op
from asc_xdsl.runtime.simulator.memory import GmBuffer, GmPtr, OnChip
from asc_xdsl.runtime.simulator.ops.framework import struct_layout
from asc_xdsl.runtime.simulator.platform import Platform, get_platform
from asc_xdsl.runtime.simulator.profile import (
    PROFILE_DIR_ENV,
    BlockProfile,
    KernelProfile,
    RegionStats,
    new_counters,
)
from asc_xdsl.runtime.simulator.tensor_list import GmAddresses
from asc_xdsl.runtime.simulator.vmask import MaskState
from asc_xdsl.runtime.tensors import host_array
from asc_xdsl.transforms.kernel_args import EXPLICIT, param_kinds
from asc_xdsl.utils.recursion import deep_recursion

_last_profile: KernelProfile | None = None
profile_listeners: list = []
"""Callables given the profile of every simulated launch (`asc_xdsl.testing.do_bench`)."""
OPTIONS = (
    "platform",
    "profile_dir",
    "copy_tail",
    "block_order",
    "max_steps",
    "sanitize",
    "gm_overread",
    "uninit",
    "workers",
)


def last_profile() -> KernelProfile | None:
    """The profile of the last simulated launch (None before the first)."""
    return _last_profile


class BlockContext:
    """What the closures of one block see (`c`)."""

    __slots__ = (
        "block_idx",
        "block_num",
        "cnt",
        "copy_tail",
        "core",
        "flags",
        "gm",
        "loops",
        "max_steps",
        "onchip",
        "peers",
        "prefix",
        "region_start",
        "regions",
        "regs",
        "san",
        "sched",
        "steps",
        "ubdone",
        "ubw",
        "uninit",
        "vmask",
    )

    def __init__(
        self,
        block_idx: int,
        block_num: int,
        platform: Platform,
        prefix: str,
        copy_tail: str,
        steps: int = DEFAULT_MAX_STEPS,
        max_steps: int = DEFAULT_MAX_STEPS,
    ):
        self.steps = steps
        """Steps (loop iterations) this launch may still run (budget.py)."""
        self.max_steps = max_steps
        self.block_idx = block_idx
        self.block_num = block_num
        self.onchip = OnChip(platform)
        self.cnt = new_counters()
        self.region_start = None
        self.regions: list[RegionStats] = []
        self.prefix = prefix
        self.copy_tail = copy_tail
        self.flags: dict = {}
        self.vmask = MaskState()
        """The vector mask register (vmask.py)."""
        self.regs: dict[str, object] = {}
        """Other control registers by name (CMPMASK, DEQSCALE, ...), set by the ops."""
        self.core: cores.Core | None = None
        """Which core this is (cores.py); None outside a launch."""
        self.sched: cores.Scheduler | None = None
        """The scheduler of cores that synchronise with each other, else None."""
        self.san = None
        """The race checker's state of this block (sanitizer.BlockSanitizer), if on."""
        self.uninit = None
        """The launch's findings of unwritten UB reads (uninit.Findings), if on."""
        self.ubw = bytearray()
        """One byte per UB byte: whether something wrote it (uninit.py)."""
        self.ubdone: set[int] = set()
        """UB ranges known to be all written, `offset << 20 | nbytes` (uninit.py)."""
        self.gm: GmAddresses | None = None
        """The launch's GM buffers by host address (tensor lists' pointers)."""
        self.peers: aiv_ub.Peers | None = None
        """The AIVs' memories an AIC's Fixpipe L0C -> UB writes (Ascend 950; aiv_ub.py)."""
        self.loops: dict | None = None
        """The launch's steady loops, shared by its blocks (batching.py's `_Template`)."""


def _program(kernel: CompiledKernel, sanitize: bool, uninit: str | None = None) -> Program:
    key = (
        "_cpu_simulator_program"
        + ("_sanitized" if sanitize else "")
        + (f"_uninit_{uninit}" if uninit else "")
    )
    cached = kernel.metadata.get(key)
    if cached is None or cached.module is not kernel.module:
        mix = cores.kernel_type_of(kernel) == "mix"
        cached = Program(kernel.module, sanitize, mix=mix, uninit=uninit)
        cached.threads = cores.needs_threads(kernel.module)
        cached.ub_hop = mix and any(op.name in aiv_ub.UB_HOP_OPS for op in kernel.module.walk())
        kernel.metadata[key] = cached
    return cached


def as_array(arg: Any, name: str, write_backs: list | None = None) -> np.ndarray:
    """A kernel's tensor argument as a C-contiguous numpy array over its memory
    (`runtime/tensors.py`: numpy, torch CPU tensors, DLPack and array-interface
    objects). A non-contiguous one is copied, with a warning, when the caller collects
    `write_backs` to copy the results back after the launch; else it is refused."""
    held = host_array(arg, name, "cpu", copy=write_backs is not None)
    if held.write_back is not None and write_backs is not None:
        write_backs.append(held.write_back)
    return held.array


def _hidden_argument(
    kernel: CompiledKernel, kind: str, name: str, t: Any = None, block_dim: int = 1
) -> GmPtr:
    """What the simulator binds to a hidden parameter (dialects/kernel_args.py): a
    zeroed GM word (the simulator needs no FFTS address to sync cube and vector cores);
    a workspace, zeroed, of its type's static bytes for each block."""
    hidden = HIDDEN.get(kind)
    if hidden is None or hidden.simulator is None:
        raise LaunchError(
            f"kernel '{kernel.name}': the simulator cannot fill the hidden parameter "
            f"'{name}' (#emitasc.kernel_arg<{kind}>)"
        )
    nbytes = 8
    if kind == "workspace" and t is not None and t.has_static_shape():
        nbytes = max(8, t.element_count() * np_dtype(t.element_type).itemsize * block_dim)
    return GmPtr(GmBuffer(name, np.zeros(nbytes, np.uint8)), 0, nbytes)


def bind_arguments(
    kernel: CompiledKernel,
    args: Sequence[Any],
    write_backs: list | None = None,
    block_dim: int = 1,
) -> list:
    """The caller's arguments bound to the kernel's explicit parameters, and the hidden
    ones (`#emitasc.kernel_arg<ffts_addr>`, ...) to what the simulator fills them with.
    Copies of non-contiguous tensors add their write-back to `write_backs` (when given;
    else such tensors are refused)."""
    fn = kernel.function
    params = fn.body.blocks[0].args
    types = fn.function_type.inputs.data
    kinds = param_kinds(fn)
    explicit = [i for i, kind in enumerate(kinds) if kind == EXPLICIT]
    if len(args) != len(explicit):
        raise LaunchError(
            f"kernel '{kernel.name}' takes {len(explicit)} arguments, got {len(args)}",
            code="ASC-R601",
        )
    given = dict(zip(explicit, args, strict=True))
    bound = []
    for i, (t, param, kind) in enumerate(zip(types, params, kinds, strict=True)):
        name = param.name_hint or f"arg{i}"
        if kind != EXPLICIT:
            bound.append(_hidden_argument(kernel, kind, name, t, block_dim))
            continue
        arg = given[i]
        if is_gm_pointer(t):
            arr = as_array(arg, name, write_backs)
            # a struct (tiling data) arrives as its bytes; a pointer step is one struct
            struct = struct_layout(t.element_type)
            elem = np_dtype(t.element_type) if struct is None else struct
            if struct is not None:
                if arr.nbytes < struct.itemsize:
                    raise LaunchError(
                        f"argument '{name}': the kernel reads a {struct.itemsize}-byte "
                        f"{t.element_type} but got {arr.nbytes} bytes",
                        code="ASC-R602",
                    )
            elif _float8_mismatch(t, arr):
                raise LaunchError(
                    f"argument '{name}': the kernel reads {t.element_type} (an 8-bit float) but "
                    f"got a {arr.dtype} array; pass its uint8 codes (asc_xdsl.testing."
                    "float8_array encodes floats) or an ml_dtypes array of that format",
                    code="ASC-R601",
                )
            elif elem.itemsize != 1 and arr.dtype != elem and not _bf16_bits(t, arr):
                raise LaunchError(
                    f"argument '{name}': the kernel reads {t.element_type} but got a "
                    f"{arr.dtype} array" + _COMPLEX_HINTS.get(str(t.element_type), ""),
                    code="ASC-R601",
                )
            if not arr.flags.c_contiguous:
                raise LaunchError(
                    f"argument '{name}': the array must be C-contiguous", code="ASC-R602"
                )
            if not arr.flags.writeable:
                raise LaunchError(f"argument '{name}': the array is read-only", code="ASC-R602")
            u8 = arr.reshape(-1).view(np.uint8)
            bound.append(GmPtr(GmBuffer(name, u8), 0, elem.itemsize))
            for j, t in enumerate(getattr(arg, "tensors", ())):  # a tensor_list's arrays
                bound.append(ListedTensor(GmBuffer(f"{name}[{j}]", t.reshape(-1).view(np.uint8))))
        else:
            bound.append(to_scalar(t, scalar_argument(t, arg, i, param.name_hint)))
    return bound


class ListedTensor:
    """An array a tensor_list argument points to: bound for address lookups only."""

    __slots__ = ("buf",)

    def __init__(self, buf: GmBuffer):
        self.buf = buf


def gm_addresses(bound: Sequence[object]) -> GmAddresses:
    """The launch's GM buffers by the host address of the caller's memory (a padded
    copy, gm_overread, is found by its original's address)."""
    table = GmAddresses()
    for v in bound:
        if isinstance(v, (GmPtr, ListedTensor)):
            buf = v.buf
            table.add(buf, getattr(buf, "caller", buf.u8))
    return table


_COMPLEX_HINTS = {
    "complex<f16>": " (complex32: an array of asc_xdsl.runtime.numpy_types.COMPLEX32, e.g. "
    "pairs.view(COMPLEX32)[..., 0] of a (..., 2) float16 array)",
    "complex<f32>": " (complex64: a numpy complex64 array)",
}


def _float8_mismatch(t, arr: np.ndarray) -> bool:
    """An 8-bit float parameter takes one-byte elements only (codes, tagged or not)."""
    from asc_xdsl.dialects.ascendc.fp8_types import float8_name

    return float8_name(t.element_type) is not None and arr.dtype.itemsize != 1


def _bf16_bits(t, arr: np.ndarray) -> bool:
    """A bf16 parameter takes its raw bits as a (u)int16 array (or a torch bf16 tensor)."""
    return is_bf16(t.element_type) and arr.dtype.itemsize == 2 and arr.dtype.kind in "iu"


_BATCHING = "asc_xdsl.runtime.simulator.batching"


class CpuSimulatorBackend:
    name = "cpu"
    OPTIONS = OPTIONS

    def launch(
        self, kernel: CompiledKernel, block_dim: int, args: Sequence[Any], **options: Any
    ) -> None:
        with deep_recursion():  # nested regions recurse when compiled and run
            self._launch(kernel, block_dim, args, **options)

    def _launch(
        self, kernel: CompiledKernel, block_dim: int, args: Sequence[Any], **options: Any
    ) -> None:
        unknown = set(options) - set(OPTIONS)
        if unknown:
            raise LaunchError(
                f"unknown launch option(s) for the CPU simulator: {', '.join(sorted(unknown))} "
                f"(known: {', '.join(OPTIONS)})",
                code="ASC-R601",
            )
        global _last_profile
        began = time.perf_counter()
        block_dim = check_block_dim(block_dim)
        platform = get_platform(options.get("platform"))
        overread = gm_overread.overread_mode(options.get("gm_overread"))
        copy_tail = options.get("copy_tail")
        if copy_tail is None:  # "pad": dropped as on the NPU, with gm_overread's warning
            copy_tail = "pad" if overread == "pad" else "error"
        elif copy_tail not in ("error", "drop"):
            raise LaunchError(
                f"copy_tail must be 'error' or 'drop', got {copy_tail!r}", code="ASC-R602"
            )
        order = options.get("block_order", "ascending")
        n_workers, explicit_workers = workers.worker_count(options.get("workers"))
        san_mode = sanitizer.sanitize_mode(options.get("sanitize"))
        auto_sync = kernel.options.get("auto_sync", True) is not False
        findings: list[SimulatorError] = []
        unread = uninit.uninit_mode(options.get("uninit"))
        unwritten = uninit.Findings(unread) if unread != "off" else None
        program = _program(kernel, san_mode != "off", unread if unwritten is not None else None)
        try:
            entry = program.function(kernel.name)
        except SimulatorError as err:
            raise err.at(err.op, None) from None
        kernel_type = cores.kernel_type_of(kernel)
        cores.check_platform(kernel, kernel_type, platform)
        write_backs: list = []
        bound = bind_arguments(kernel, args, write_backs, block_dim)
        values = [v for v in bound if not isinstance(v, ListedTensor)]
        overruns = gm_overread.Overruns(overread, values) if overread != "error" else None
        gm = [getattr(v, "buf", None) for v in bound]
        budget = max_steps(
            options.get("max_steps"), block_dim, [b for b in gm if isinstance(b, GmBuffer)]
        )
        addresses = gm_addresses(bound)
        blocks = list(range(block_dim))
        if order == "descending":
            blocks.reverse()
        elif order == "random":
            random.shuffle(blocks)
        elif order != "ascending":
            raise LaunchError(
                f"block_order must be ascending, descending or random, got {order!r}",
                code="ASC-R602",
            )
        profile = KernelProfile(
            kernel.name, kernel_type, block_dim, platform.name, platform.freq_mhz
        )
        if block_dim > budget:
            raise blocks_error(block_dim, budget).at(kernel.function, None)
        core_list = cores.layout(kernel_type, blocks, platform.split_cores)
        sched = cores.Scheduler(core_list) if program.threads else None
        order = None
        if san_mode != "off":
            order = sanitizer.launch_order(core_list, one_by_one=sched is None)
        core_no = {core: i for i, core in enumerate(core_list)}
        # Ascend 950: an AIC's Fixpipe L0C -> UB writes its AIVs' UB (aiv_ub.py)
        peers = aiv_ub.Peers(platform) if program.ub_hop and aiv_ub.arch(platform) == 3510 else None
        left = [budget - block_dim]
        ran: dict[cores.Core, BlockContext] = {}
        loops: dict = {}  # (batching: what one block's loop warm-up proved, for the next)

        def run_core(core: cores.Core) -> None:
            c = BlockContext(
                core.block_idx,
                block_dim,
                platform,
                printing.record_prefix(core, block_dim, kernel_type),
                copy_tail,
                left[0],
                budget,
            )
            c.core, c.sched, c.gm, c.peers, c.loops = core, sched, addresses, peers, loops
            b = core.block
            if peers is not None and core.kind == "AIV":
                c.onchip = peers.onchip(b, core.sub)
            if san_mode != "off":
                synced = auto_sync and core_pipes.auto_sync_on(core.kind, kernel_type)
                c.san = sanitizer.BlockSanitizer(san_mode, synced, b, order, core_no[core], c.regs)
                c.san.absent = core_pipes.absent_pipes(platform.name, core.kind)
                if peers is not None and core.kind == "AIV":
                    c.san.shared = {"UB": peers.ub_key(b, core.sub)}
            if unwritten is not None:
                c.uninit = unwritten
                size = platform.memory_sizes["UB"]
                if peers is not None and core.kind == "AIV":  # its AIC's Fixpipe marks it
                    c.ubw = peers.written(b, core.sub, lambda: unwritten.mask(size))
                else:
                    c.ubw = unwritten.mask(size)
                c.ubdone = set()
            try:
                with np.errstate(all="ignore"):  # per thread when the cores are threads
                    entry.call(c, values)
                if c.san is not None:
                    c.san.finish()
                    findings.extend(c.san.findings)
            except SimulatorError as err:
                raise err.at(failing_op(err.__traceback__), b) from None
            except RecursionError as err:  # func.call cycles in the IR
                raise SimulatorError("function calls nest too deeply (a recursive func.call?)").at(
                    failing_op(err.__traceback__), b
                ) from None
            except Exception as err:
                op = failing_op(err.__traceback__)
                if op is not None:
                    err.add_note(f"while simulating {op.name} in block {b}")
                raise
            finally:
                if peers is None or core.kind != "AIV":  # (its AIC may write it still)
                    c.onchip.mems.release()
                if unwritten is not None and (peers is None or core.kind != "AIV"):
                    unwritten.release(c.ubw)
            if c.region_start is not None:
                raise ProfileRegionError(
                    "MetricsProfStart without a matching MetricsProfStop before the kernel ends"
                ).at(c.region_start[0], b)
            ran[core] = c
            left[0] = min(left[0], c.steps)

        state = None
        with np.errstate(all="ignore"), overruns or contextlib.nullcontext():
            if sched is not None:
                sched.run(run_core)
            else:
                loop_began, done = time.perf_counter(), 0
                if (
                    n_workers > 1
                    and len(blocks) > 1
                    and peers is None  # (a block's AIC and AIVs share memories)
                    and workers.worth_it(program, explicit_workers)
                    and workers.serial_reason(kernel, program, overread) is None
                ):
                    memory = [b.u8 for b in gm if isinstance(b, GmBuffer)]
                    state = workers.LaunchState(
                        ran,
                        findings,
                        unwritten,
                        left,
                        order,
                        memory,
                        kernel.module,
                        workers.notes(program),
                    )
                    done = workers.run_blocks(state, core_list, run_core, n_workers)
                rest = core_list[done:]
                # the blocks' batched loops may keep their GM work and do it merged
                # (batching.Deferred; batching not imported yet: no loop to batch)
                batching = sys.modules.get(_BATCHING) if len(rest) > 1 else None
                defer = None
                if batching is not None:
                    defer = loops[batching.DEFER] = batching.Deferred(entry.op)
                try:
                    for core in rest:
                        run_core(core)
                finally:
                    if defer is not None:  # (also on an error: GM as the serial run's)
                        del loops[batching.DEFER]
                        defer.flush()
                workers.note(program, time.perf_counter() - loop_began, state)
        results: dict[int, BlockProfile] = {}
        for core, c in ran.items():  # a block's figures: its cores' summed
            stats = RegionStats.from_counters(c.cnt)
            prev = results.get(core.block)
            if prev is None:
                results[core.block] = BlockProfile(core.block, stats, list(c.regions))
            else:
                prev.whole = prev.whole + stats
                prev.regions += c.regions
        for write_back in write_backs:  # results of copied (non-contiguous) tensors
            write_back()
        sanitizer.emit_warnings(findings)
        if unwritten is not None:
            unwritten.emit()
        profile.blocks = [results[b] for b in sorted(results)]
        workers.note_profile(program, profile)
        _last_profile = profile
        for listener in profile_listeners:
            listener(profile)
        sim_log = logger("simulator")
        if sim_log.isEnabledFor(INFO):  # the profile's sums cost a little
            sim_log.info(
                "kernel %s: %d block(s) on %s, %.1f us modelled (slowest block), %.3f s wall%s",
                kernel.name,
                block_dim,
                platform.name,
                profile.task_duration_us,
                time.perf_counter() - began,
                f", {state.chunks} processes" if state is not None and state.ran_parallel else "",
            )
        out_dir = options.get("profile_dir") or os.environ.get(PROFILE_DIR_ENV)
        if out_dir:
            profile.write_csv(out_dir)
