"""Profiling: per-block counters, the cost model, MetricsProfStart/Stop regions, msprof CSVs.

Each block keeps one flat list of counters (`Counters`): instructions and estimated
cycles per pipe, bytes per direction, vector elements. A region is the difference of
two snapshots. The cost model (docs/simulator.md) is deliberately simple:

* a data copy costs `DMA_LATENCY + ceil(bytes / bandwidth)` cycles on its pipe
  (bandwidths in `DMA_BYTES_PER_CYCLE`);
* a vector instruction costs `VEC_LATENCY + repeats * cycles_per_repeat`, a repeat being
  256 bytes of the wider operand type; `cycles_per_repeat` is 2 for Div, Exp, Ln, Sqrt,
  Rsqrt, Reciprocal and the reductions, 1 otherwise;
* a scalar instruction costs 1 cycle;
* pipes do not overlap: a block's total is the sum of its pipes' cycles (an upper bound).
"""

from __future__ import annotations

import csv
import os
import random
import string
import time
from dataclasses import dataclass, field
from pathlib import Path

PIPES = ("MTE2", "MTE3", "MTE1", "V", "M", "S", "FIX")
DIRECTIONS = ("GM_UB", "UB_GM", "UB_UB", "GM_L1", "L1_L0", "L0C_GM", "L1_UB", "UB_L1")
I_MTE2, I_MTE3, I_MTE1, I_V, I_M, I_S, I_FIX = range(7)
C_MTE2, C_MTE3, C_MTE1, C_V, C_M, C_S, C_FIX = range(7, 14)
B_BASE = 14
VEC_ELEMS = B_BASE + len(DIRECTIONS)
N_COUNTERS = VEC_ELEMS + 1

CYCLE_OFFSET = 7  # C_x = I_x + CYCLE_OFFSET
DMA_LATENCY = 30
VEC_LATENCY = 8
CUBE_LATENCY = 20
REPEAT_BYTES = 256
DMA_BYTES_PER_CYCLE = {"MTE2": 32, "MTE3": 32, "MTE1": 128, "V": 128, "FIX": 64}
_BW = [DMA_BYTES_PER_CYCLE.get(p) for p in PIPES]  # by pipe number: the hot path
PROFILE_DIR_ENV = "ASC_XDSL_PROFILE_DIR"


def new_counters() -> list[int]:
    return [0] * N_COUNTERS


def charge_dma(cnt: list[int], pipe: int, direction: int, nbytes: int) -> None:
    cnt[pipe] += 1
    cnt[pipe + CYCLE_OFFSET] += DMA_LATENCY + -(-nbytes // _BW[pipe])
    cnt[B_BASE + direction] += nbytes


def dma_slots(pipe: int, direction: int) -> tuple[int, int, int, int]:
    """What `charge_dma` touches for a copy on `pipe` in `direction`: (instruction
    counter, cycle counter, byte counter, bytes per cycle), for ops that charge inline."""
    return pipe, pipe + CYCLE_OFFSET, B_BASE + direction, _BW[pipe]


def charge_pipe(cnt: list[int], pipe: int, nbytes: int) -> None:
    """A pipe's own work that moves no data between memories (InitConstValue fills)."""
    cnt[pipe] += 1
    cnt[pipe + CYCLE_OFFSET] += DMA_LATENCY + -(-nbytes // DMA_BYTES_PER_CYCLE[PIPES[pipe]])


def charge_cube(cnt: list[int], fractal_ops: int) -> None:
    """One Mmad: `fractal_ops` = ceil(m/16) * ceil(n/16) * ceil(k/C0) fractal products,
    one per cycle (a 16 x C0 by C0 x 16 block)."""
    cnt[I_M] += 1
    cnt[C_M] += CUBE_LATENCY + fractal_ops


def vector_cycles(nbytes: int, cycles_per_repeat: int = 1) -> int:
    return VEC_LATENCY + -(-nbytes // REPEAT_BYTES) * cycles_per_repeat


@dataclass
class RegionStats:
    """Figures of one region (or a whole kernel) on one block."""

    instructions: dict[str, int]
    cycles: dict[str, int]
    bytes: dict[str, int]
    vector_elements: int
    start_op: str = ""

    @classmethod
    def from_counters(cls, c: list[int], start_op: str = "") -> RegionStats:
        return cls(
            instructions={p: c[i] for i, p in enumerate(PIPES)},
            cycles={p: c[i + CYCLE_OFFSET] for i, p in enumerate(PIPES)},
            bytes={d: c[B_BASE + i] for i, d in enumerate(DIRECTIONS)},
            vector_elements=c[VEC_ELEMS],
            start_op=start_op,
        )

    @property
    def total_cycles(self) -> int:
        return sum(self.cycles.values())

    def __add__(self, other: RegionStats) -> RegionStats:
        return RegionStats(
            {k: v + other.instructions[k] for k, v in self.instructions.items()},
            {k: v + other.cycles[k] for k, v in self.cycles.items()},
            {k: v + other.bytes[k] for k, v in self.bytes.items()},
            self.vector_elements + other.vector_elements,
            self.start_op,
        )


@dataclass
class BlockProfile:
    block: int
    whole: RegionStats
    regions: list[RegionStats] = field(default_factory=list)

    @property
    def figures(self) -> RegionStats:
        """The regions summed, or the whole kernel when it has no region."""
        if not self.regions:
            return self.whole
        total = self.regions[0]
        for r in self.regions[1:]:
            total = total + r
        return total


@dataclass
class KernelProfile:
    kernel: str
    kernel_type: str
    block_dim: int
    platform: str
    freq_mhz: int
    blocks: list[BlockProfile] = field(default_factory=list)
    output_dir: Path | None = None

    @property
    def has_regions(self) -> bool:
        return any(b.regions for b in self.blocks)

    def us(self, cycles: int) -> float:
        return cycles / self.freq_mhz

    @property
    def task_duration_us(self) -> float:
        """Blocks run in parallel: the slowest block's whole-kernel time."""
        return max((self.us(b.whole.total_cycles) for b in self.blocks), default=0.0)

    def write_csv(self, directory: str | os.PathLike) -> Path:
        """Write `OPPROF_<ts>_<16 A-Z>/{OpBasicInfo,PipeUtilization}.csv` under `directory`."""
        stamp = time.strftime("%Y%m%d%H%M%S")
        tag = "".join(random.choices(string.ascii_uppercase, k=16))
        out = Path(directory) / f"OPPROF_{stamp}_{tag}"
        out.mkdir(parents=True, exist_ok=True)
        with open(out / "OpBasicInfo.csv", "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(OP_BASIC_INFO_HEADER)
            w.writerow(
                [
                    self.kernel,
                    self.kernel_type,
                    f"{self.task_duration_us:.6f}",
                    self.block_dim,
                    0 if self.kernel_type != "mix" else self.block_dim,
                    0,
                    os.getpid(),
                    self.freq_mhz,
                    self.freq_mhz,
                ]
            )
        with open(out / "PipeUtilization.csv", "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(PIPE_UTILIZATION_HEADER)
            for b in self.blocks:
                w.writerow(self._pipe_row(b))
        self.output_dir = out
        return out

    def _pipe_row(self, b: BlockProfile) -> list[str]:
        s = b.figures
        total = s.total_cycles
        row = dict.fromkeys(PIPE_UTILIZATION_HEADER, "NA")
        row["block_id"] = str(b.block)
        row["sub_block_id"] = "vector0" if self.kernel_type != "cube" else "cube0"

        def t(c: int) -> str:
            return f"{self.us(c):.6f}"

        def ratio(c: int) -> str:
            return f"{(c / total if total else 0.0):.6f}"

        def bw(nbytes: int, c: int) -> str:
            us = self.us(c)
            return f"{(nbytes / (us * 1e3) if us else 0.0):.6f}"

        side = "aic" if self.kernel_type == "cube" else "aiv"
        row[f"{side}_time(us)"] = t(total)
        row[f"{side}_total_cycles"] = str(total)
        row[f"{side}_scalar_time(us)"] = t(s.cycles["S"])
        row[f"{side}_scalar_ratio"] = ratio(s.cycles["S"])
        if side == "aiv":
            row["aiv_vec_time(us)"] = t(s.cycles["V"])
            row["aiv_vec_ratio"] = ratio(s.cycles["V"])
            for pipe, nbytes in (("mte2", s.bytes["GM_UB"]), ("mte3", s.bytes["UB_GM"])):
                c = s.cycles[pipe.upper()]
                row[f"aiv_{pipe}_time(us)"] = t(c)
                row[f"aiv_{pipe}_ratio"] = ratio(c)
                row[f"aiv_{pipe}_active_bw(GB/s)"] = bw(nbytes, c)
        else:
            row["aic_cube_time(us)"] = t(s.cycles["M"])
            row["aic_cube_ratio"] = ratio(s.cycles["M"])
            for pipe in ("mte1", "mte2", "mte3"):
                c = s.cycles[pipe.upper()]
                row[f"aic_{pipe}_time(us)"] = t(c)
                row[f"aic_{pipe}_ratio"] = ratio(c)
            row["aic_fixpipe_time(us)"] = t(s.cycles["FIX"])
            row["aic_fixpipe_ratio"] = ratio(s.cycles["FIX"])
        return [row[h] for h in PIPE_UTILIZATION_HEADER]


OP_BASIC_INFO_HEADER = [
    "Op Name",
    "Op Type",
    "Task Duration(us)",
    "Block Dim",
    "Mix Block Dim",
    "Device Id",
    "Pid",
    "Current Freq",
    "Rated Freq",
]


def _expand(*parts: str) -> list[str]:
    """Brace expansion of MSPROF.md's header shorthand, in order."""
    out: list[str] = []
    for part in parts:
        items = [part]
        while any("{" in i for i in items):
            nxt = []
            for i in items:
                if "{" not in i:
                    nxt.append(i)
                    continue
                pre, rest = i.split("{", 1)
                alts, post = rest.split("}", 1)
                nxt.extend(pre + a + post for a in alts.split(","))
            items = nxt
        out.extend(items)
    return out


PIPE_UTILIZATION_HEADER = _expand(
    "block_id",
    "sub_block_id",
    "aic_time(us)",
    "aic_total_cycles",
    "aic_cube_{time(us),ratio}",
    "aic_mte{1,2,3}_{time(us),ratio}",
    "aic_mte3_active_bw(GB/s)",
    "aic_fixpipe_{time(us),ratio,active_bw(GB/s)}",
    "aic_icache_miss_rate",
    "aic_scalar_{time(us),ratio}",
    "aic_scalar_{single,dual}_time(us)",
    "aic_scalar_{mte1,mte2,mte3,cube}_stall_time(us)",
    "aic_scalar_wait_ib_time(us)",
    "aic_scalar_wait_time(us)",
    "aiv_time(us)",
    "aiv_total_cycles",
    "aiv_vec_{time(us),ratio}",
    "aiv_mte{2,3}_{time(us),ratio,active_bw(GB/s)}",
    "aiv_icache_miss_rate",
    "aiv_scalar_{time(us),ratio}",
    "aiv_scalar_{single,dual}_time(us)",
    "aiv_scalar_{mte2,mte3}_stall_time(us)",
    "aiv_scalar_stall_by_ub_time(us)",
    "aiv_scalar_vector_stall_time(us)",
    "aiv_scalar_wait_ib_time(us)",
    "aiv_scalar_wait_time(us)",
)
