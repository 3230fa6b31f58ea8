"""Benchmarks of the CPU simulator.

* vector add of 2^24 float32 over 48 blocks: tiles of 4096 elements go through
  TPipe/TQue (double-buffered queues); block b handles tiles b, b+48, b+96, ... Prints
  the simulator's time, numpy's `x + y` time for the same data and their ratio.
* per-op overhead: the same kernel on tiles of 256 elements (2^22 elements by default),
  where the Python cost of each IR op dominates: simulated IR ops per second (the loop
  body's ops times its iterations, over the launch's time).
* both with the race checker off and on (the default): the ratios to numpy of both
  ("ratio" after "sim ms" and after "checked ms") and the checker's cost (on / off).
* matmul of two 1024 x 1024 half matrices into float on the cube path, as pyasc's
  matmul tutorial tiles it: 24 blocks, 128 x 128 output tiles, K in steps of 256
  (DataCopy ND->NZ into L1, LoadData into L0A/L0B, Mmad accumulating in L0C, Fixpipe to
  GM), against `numpy.matmul` of the same data in float32, with the race checker off
  and on: both ratios to numpy and the checker's cost (the median of on / off over
  alternating pairs of serial launches, `workers=1`; then of 2-worker launches, their
  CPU included), numpy's products on one BLAS thread (OpenBLAS's helpers spin after
  each product and after each fork, CPU time that lands in the next launch).

Issue 34's budget: the checked 2^24 add within 6x numpy and 1.5x unchecked, the checked
matmul within 1.3x unchecked.

Times are medians of `--repeat` launches after a warm-up launch (which compiles the
IR), in CPU time (`--clock cpu`, the default: this process's and its reaped worker
processes' user + system time, which other load on a shared machine disturbs far less
than wall time) or wall time (`--clock wall`). `--against REV` runs the add benchmarks also on the simulator of git revision REV
(its `asc_xdsl/` extracted with `git archive` into a temporary directory), the two
alternating in subprocesses so that both see the same machine load, and prints the
speedup. `--no-batch` turns loop batching off (`ASC_XDSL_SIM_BATCH=0`: every iteration
one by one, as before batching).

    python bench/simulator.py [--bench add|ops|matmul|all] [--elements N] [--blocks B]
                              [--tile T] [--ops-tile T] [--ops-elements N] [--repeat R]
                              [--size S] [--against REV] [--clock cpu|wall] [--no-batch]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

import numpy as np
from xdsl.dialects import scf

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__" and os.environ.get("ASC_XDSL_BENCH_ROOT"):  # --against's worker
    sys.path.insert(0, os.environ["ASC_XDSL_BENCH_ROOT"])

from asc_xdsl.frontend.ir_context import parse_module  # noqa: E402
from asc_xdsl.runtime.kernel import CompiledKernel  # noqa: E402


def vector_add_ir(tile: int, depth: int = 2) -> str:
    q = f"!ascendc.queue<vecin, {depth}>"
    qo = f"!ascendc.queue<vecout, {depth}>"
    lt = "!ascendc.local_tensor<*xf32>"
    gt = "!ascendc.global_tensor<*xf32>"
    return f"""
func.func @add_bench(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %z: memref<?xf32, 22>, %total: i32) attributes {{ascendc.aicore, ascendc.global}} {{
  %tile = arith.constant {tile} : i32
  %depth = arith.constant {depth} : i32
  %tile_bytes = arith.constant {tile * 4} : i32
  %block_num = ascendc.get_block_num : i32
  %block_idx = ascendc.get_block_idx : i32
  %pipe = ascendc.pipe
  %in_x = ascendc.queue : {q}
  %in_y = ascendc.queue : {q}
  %out_z = ascendc.queue : {qo}
  ascendc.pipe.init_queue %pipe, %in_x, %depth, %tile_bytes : {q}, i32, i32
  ascendc.pipe.init_queue %pipe, %in_y, %depth, %tile_bytes : {q}, i32, i32
  ascendc.pipe.init_queue %pipe, %out_z, %depth, %tile_bytes : {qo}, i32, i32
  %x_gm = ascendc.global_tensor : {gt}
  %y_gm = ascendc.global_tensor : {gt}
  %z_gm = ascendc.global_tensor : {gt}
  ascendc.global_tensor.set_global_buffer %x_gm, %x : {gt}, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %y_gm, %y : {gt}, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %z_gm, %z : {gt}, memref<?xf32, 22>
  %tiles = arith.divsi %total, %tile : i32
  scf.for %t = %block_idx to %tiles step %block_num : i32 {{
    %off_i32 = arith.muli %t, %tile : i32
    %off = arith.index_cast %off_i32 : i32 to index
    %x_local = ascendc.que_bind.alloc_tensor %in_x : {q}, {lt}
    %y_local = ascendc.que_bind.alloc_tensor %in_y : {q}, {lt}
    %x_tile = ascendc.global_tensor.subindex %x_gm[%off] : {gt}, index, {gt}
    %y_tile = ascendc.global_tensor.subindex %y_gm[%off] : {gt}, index, {gt}
    ascendc.data_copy_l2 %x_local, %x_tile, %tile : {lt}, {gt}, i32
    ascendc.data_copy_l2 %y_local, %y_tile, %tile : {lt}, {gt}, i32
    ascendc.que_bind.enque_tensor %in_x, %x_local : {q}, {lt}
    ascendc.que_bind.enque_tensor %in_y, %y_local : {q}, {lt}
    %xa = ascendc.que_bind.deque_tensor %in_x : {q}, {lt}
    %ya = ascendc.que_bind.deque_tensor %in_y : {q}, {lt}
    %z_local = ascendc.que_bind.alloc_tensor %out_z : {qo}, {lt}
    ascendc.add_l2 %z_local, %xa, %ya, %tile : {lt}, {lt}, {lt}, i32
    ascendc.que_bind.enque_tensor %out_z, %z_local : {qo}, {lt}
    ascendc.que_bind.free_tensor %in_x, %xa : {q}, {lt}
    ascendc.que_bind.free_tensor %in_y, %ya : {q}, {lt}
    %z_ready = ascendc.que_bind.deque_tensor %out_z : {qo}, {lt}
    %z_tile = ascendc.global_tensor.subindex %z_gm[%off] : {gt}, index, {gt}
    ascendc.data_copy_l2 %z_tile, %z_ready, %tile : {gt}, {lt}, i32
    ascendc.que_bind.free_tensor %out_z, %z_ready : {qo}, {lt}
  }}
  return
}}
"""


def build_kernel(tile: int) -> CompiledKernel:
    module = parse_module(vector_add_ir(tile))
    module.verify()
    return CompiledKernel(name="add_bench", module=module)


def matmul_ir(size: int, base: int = 128, kstep: int = 256) -> str:
    """C (size x size, f32) = A x B (f16), one 128 x 128 tile of C per iteration."""
    h, f = "!ascendc.local_tensor<*xf16>", "!ascendc.local_tensor<*xf32>"
    gh, gf = "!ascendc.global_tensor<*xf16>", "!ascendc.global_tensor<*xf32>"
    tiles_n = size // base
    m1, k1, n1 = base // 16, kstep // 16, base // 16

    def u16(name: str, v: int) -> str:
        return (
            f"%{name}_i = arith.constant {v} : i16\n"
            f"  %{name} = builtin.unrealized_conversion_cast %{name}_i : i16 to ui16"
        )

    def u8(name: str, v: int) -> str:
        return (
            f"%{name}_i = arith.constant {v} : i8\n"
            f"  %{name} = builtin.unrealized_conversion_cast %{name}_i : i8 to ui8"
        )

    def u32(name: str, v: int) -> str:
        return (
            f"%{name}_i = arith.constant {v} : i32\n"
            f"  %{name} = builtin.unrealized_conversion_cast %{name}_i : i32 to ui32"
        )

    consts = "\n  ".join(
        [
            u16("one16", 1),
            u16("zero16", 0),
            u16("base16", base),
            u16("kstep16", kstep),
            u16("size16", size),
            u16("m1_16", m1),
            u16("k1_16", k1),
            u16("n1_16", n1),
            u8("zero8", 0),
            u8("k1_8", k1),
            u8("n1_8", n1),
            u8("unit8", 0),
            u32("a_addr", 0),
            u32("b_addr", base * kstep * 2),
            u32("zero32", 0),
            u32("a_len", base * kstep),
            u32("c_len", base * base),
            u32("size32", size),
        ]
    )
    return f"""
func.func @matmul_bench(%a: memref<?xf16, 22>, %b: memref<?xf16, 22>, %c: memref<?xf32, 22>) attributes {{ascendc.aicore, ascendc.global}} {{
  {consts}
  %false = arith.constant false
  %true = arith.constant true
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %size = arith.constant {size} : i32
  %base = arith.constant {base} : i32
  %kstep = arith.constant {kstep} : i32
  %tiles_n = arith.constant {tiles_n} : i32
  %tiles = arith.constant {tiles_n * tiles_n} : i32
  %ksteps = arith.constant {size // kstep} : i32
  %m1 = arith.constant {m1} : i32
  %k1 = arith.constant {k1} : i32
  %frac = arith.constant 256 : i32
  %a_row = arith.constant {k1 * 256} : i32
  %b_row = arith.constant {n1 * 256} : i32
  %block_num = ascendc.get_block_num : i32
  %block_idx = ascendc.get_block_idx : i32
  %a_gm = ascendc.global_tensor : {gh}
  %b_gm = ascendc.global_tensor : {gh}
  %c_gm = ascendc.global_tensor : {gf}
  ascendc.global_tensor.set_global_buffer %a_gm, %a : {gh}, memref<?xf16, 22>
  ascendc.global_tensor.set_global_buffer %b_gm, %b : {gh}, memref<?xf16, 22>
  ascendc.global_tensor.set_global_buffer %c_gm, %c : {gf}, memref<?xf32, 22>
  %a1 = ascendc.local_tensor_v2 a1, %a_addr, %a_len : {h}
  %b1 = ascendc.local_tensor_v2 b1, %b_addr, %a_len : {h}
  %a2 = ascendc.local_tensor_v2 a2, %zero32, %a_len : {h}
  %b2 = ascendc.local_tensor_v2 b2, %zero32, %a_len : {h}
  %co1 = ascendc.local_tensor_v2 co1, %zero32, %c_len : {f}
  %nd_a = ascendc.construct !ascendc.nd2nz_params(%one16, %base16, %kstep16, %zero16, %size16, %base16, %one16, %zero16) : ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui16
  %nd_b = ascendc.construct !ascendc.nd2nz_params(%one16, %kstep16, %base16, %zero16, %size16, %kstep16, %one16, %zero16) : ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui16
  %ld_a = ascendc.construct !ascendc.load_data_2d_params(%zero16, %k1_8, %m1_16, %zero8, %zero16, %false, %zero8) : ui16, ui8, ui16, ui8, ui16, i1, ui8
  %ld_b = ascendc.construct !ascendc.load_data_2d_params(%zero16, %n1_8, %k1_16, %zero8, %zero16, %true, %zero8) : ui16, ui8, ui16, ui8, ui16, i1, ui8
  %q_i = arith.constant 0 : i64
  %fp = ascendc.construct !ascendc.fixpipe_params_v220(%base16, %base16, %base16, %size32, %false, %q_i, %q_i, %one16, %zero16, %zero16, %unit8) : ui16, ui16, ui16, ui32, i1, i64, i64, ui16, ui16, ui16, ui8
  %layout = arith.constant 1 : i64
  %cfg = ascendc.construct !ascendc.fixpipe_config(%layout) [!ascendc.co2_layout] : i64
  scf.for %t = %block_idx to %tiles step %block_num : i32 {{
    %mi = arith.divsi %t, %tiles_n : i32
    %ni = arith.remsi %t, %tiles_n : i32
    %row0 = arith.muli %mi, %base : i32
    %col0 = arith.muli %ni, %base : i32
    %a_off0 = arith.muli %row0, %size : i32
    scf.for %kk = %zero to %ksteps step %one : i32 {{
      %k0 = arith.muli %kk, %kstep : i32
      %a_off = arith.addi %a_off0, %k0 : i32
      %b_off0 = arith.muli %k0, %size : i32
      %b_off = arith.addi %b_off0, %col0 : i32
      %a_src = ascendc.global_tensor.subindex %a_gm[%a_off] : {gh}, i32, {gh}
      %b_src = ascendc.global_tensor.subindex %b_gm[%b_off] : {gh}, i32, {gh}
      ascendc.data_copy_nd2nz %a1, %a_src, %nd_a : {h}, {gh}, !ascendc.nd2nz_params
      ascendc.data_copy_nd2nz %b1, %b_src, %nd_b : {h}, {gh}, !ascendc.nd2nz_params
      ascendc.pipe_barrier pipe_all
      scf.for %i = %zero to %m1 step %one : i32 {{
        %da = arith.muli %i, %a_row : i32
        %sa = arith.muli %i, %frac : i32
        %a2_i = ascendc.local_tensor.subindex %a2[%da] : {h}, i32, {h}
        %a1_i = ascendc.local_tensor.subindex %a1[%sa] : {h}, i32, {h}
        ascendc.load_data_l0 %a2_i, %a1_i, %ld_a : {h}, {h}, !ascendc.load_data_2d_params
      }}
      scf.for %j = %zero to %k1 step %one : i32 {{
        %db = arith.muli %j, %b_row : i32
        %sb = arith.muli %j, %frac : i32
        %b2_j = ascendc.local_tensor.subindex %b2[%db] : {h}, i32, {h}
        %b1_j = ascendc.local_tensor.subindex %b1[%sb] : {h}, i32, {h}
        ascendc.load_data_l0 %b2_j, %b1_j, %ld_b : {h}, {h}, !ascendc.load_data_2d_params
      }}
      ascendc.pipe_barrier pipe_all
      %first = arith.cmpi eq, %kk, %zero : i32
      %mm = ascendc.construct !ascendc.mmad_params(%base16, %base16, %kstep16, %unit8, %false, %first) : ui16, ui16, ui16, ui8, i1, i1
      ascendc.mmad %co1, %a2, %b2, %mm : {f}, {h}, {h}, !ascendc.mmad_params
      ascendc.pipe_barrier pipe_all
    }}
    %c_off0 = arith.muli %row0, %size : i32
    %c_off = arith.addi %c_off0, %col0 : i32
    %c_dst = ascendc.global_tensor.subindex %c_gm[%c_off] : {gf}, i32, {gf}
    ascendc.fixpipe %c_dst, %co1, %fp, %cfg : {gf}, {f}, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
    ascendc.pipe_barrier pipe_all
  }}
  return
}}
"""


def bench_matmul(size: int, blocks: int, repeat: int) -> None:
    module = parse_module(matmul_ir(size))
    module.verify()
    kernel = CompiledKernel(name="matmul_bench", module=module, kernel_type="cube")
    rng = np.random.default_rng(0)
    a = rng.integers(-4, 5, (size, size)).astype(np.float16)
    b = rng.integers(-4, 5, (size, size)).astype(np.float16)
    c = np.zeros((size, size), np.float32)
    ref_c = np.matmul(a.astype(np.float32), b.astype(np.float32))
    for mode in ("off", "error"):  # warm-up: compiles the IR (plain and instrumented)
        kernel[blocks](a, b, c, backend="cpu", sanitize=mode)
        assert np.array_equal(c, ref_c), "simulator matmul differs from numpy"

    def median(fn) -> float:
        return statistics.median(_time(fn) for _ in range(repeat))

    # numpy's products on one BLAS thread: OpenBLAS's helper threads spin ~0.1 s after
    # their last product (and after a pool restarts, as it does after a launch's workers
    # fork), CPU time that lands in whichever launch is timed next
    from asc_xdsl.utils.blas_threads import one_thread

    def pairs_of(workers: int) -> list[tuple[float, float]]:
        # on and off alternating, so that both see the machine's speed of the moment
        # (it drifts by tens of percent within a minute on a shared VM); both with the
        # same number of block workers (the launcher's own choice may differ between
        # two launches and flips the figure: forked workers' CPU counts as the launch's)
        return [
            (
                _time(
                    lambda: kernel[blocks](
                        a, b, c, backend="cpu", sanitize="error", workers=workers
                    )
                ),
                _time(
                    lambda: kernel[blocks](a, b, c, backend="cpu", sanitize="off", workers=workers)
                ),
            )
            for _ in range(repeat)
        ]

    with one_thread():
        pairs = pairs_of(1)  # the checker's cost: the serial launch's, on / off
        forked = pairs_of(2)
        ref = median(lambda: np.matmul(a.astype(np.float32), b.astype(np.float32)))
    on = statistics.median(p[0] for p in pairs)
    off = statistics.median(p[1] for p in pairs)
    cost = statistics.median(p[0] / p[1] for p in pairs)
    cost2 = statistics.median(p[0] / p[1] for p in forked)
    print(
        f"matmul: {size}x{size}x{size} half -> float, {blocks} blocks, cube path ({CLOCK} time, "
        "one BLAS thread)"
    )
    print(f"simulator, race checker on:  {on * 1e3:9.2f} ms")
    print(f"simulator, race checker off: {off * 1e3:9.2f} ms")
    print(f"numpy.matmul (float32):      {ref * 1e3:9.2f} ms")
    print(f"ratio (checker off):         {off / ref:9.1f}x")
    print(f"ratio (checker on):          {on / ref:9.1f}x")
    print(
        f"checker cost (on / off):     {cost:9.2f}x (median of {repeat} alternating pairs, serial)"
    )
    print(f"with 2 block workers:        {cost2:9.2f}x (the same, workers' CPU included)")


def measure_add(tile: int, n: int, blocks: int, repeat: int) -> dict:
    """Median times (s) of the vector add on the simulator, checker off and on, and of
    numpy's x + y; the IR ops simulated per launch."""
    rng = np.random.default_rng(0)
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    z = np.zeros(n, np.float32)
    kernel = build_kernel(tile)
    for mode in ("off", "error"):  # warm-up: compiles the IR (plain and instrumented)
        z[:] = 0
        kernel[blocks](x, y, z, n, backend="cpu", sanitize=mode)
        assert np.array_equal(z, x + y), "simulator result differs from numpy"

    def median(fn) -> float:
        return statistics.median(_time(fn) for _ in range(repeat))

    off = median(lambda: kernel[blocks](x, y, z, n, backend="cpu", sanitize="off"))
    on = median(lambda: kernel[blocks](x, y, z, n, backend="cpu", sanitize="error"))
    ref = median(lambda: np.add(x, y))
    loop = next(op for op in kernel.module.walk() if isinstance(op, scf.ForOp))
    ops_per_tile = len(list(loop.body.block.ops)) - 1  # without the scf.yield
    return {"off": off, "on": on, "numpy": ref, "ops": n // tile * ops_per_tile}


def _worker(args: argparse.Namespace) -> None:
    """`--worker`: one measurement, printed as JSON (the parent alternates revisions)."""
    r = measure_add(args.tile, args.elements, args.blocks, args.repeat)
    print(json.dumps(r))


def _extract(rev: str, into: str) -> None:
    """asc_xdsl/ of git revision `rev` into directory `into`."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "asc_xdsl"], capture_output=True, check=False
    )
    if archive.returncode:
        sys.exit(f"--against {rev}: git archive failed: {archive.stderr.decode().strip()}")
    with tempfile.TemporaryFile() as f:
        f.write(archive.stdout)
        f.seek(0)
        with tarfile.open(fileobj=f) as tar:
            tar.extractall(into, filter="data")


def _in_subprocess(root: str | None, tile: int, n: int, blocks: int, repeat: int) -> dict:
    env = dict(os.environ)
    env.pop("ASC_XDSL_BENCH_ROOT", None)
    if root:
        env["ASC_XDSL_BENCH_ROOT"] = root
    cmd = [sys.executable, __file__, "--worker", "--tile", str(tile), "--elements", str(n)]
    cmd += ["--blocks", str(blocks), "--repeat", str(repeat), "--clock", CLOCK]
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    if out.returncode:
        sys.exit(
            f"benchmark worker failed ({'revision ' + root if root else 'this tree'}):\n"
            f"{out.stderr}"
        )
    return json.loads(out.stdout.splitlines()[-1])


def _merge(runs: list[dict]) -> dict:
    """The medians of several workers' medians."""
    return {k: statistics.median(r[k] for r in runs) for k in runs[0]}


def bench_add(cases: list[tuple[str, int, int]], blocks: int, repeat: int, against: str | None):
    """Each case (label, tile, elements): this tree's simulator, and with `against` the
    revision's, alternating in subprocesses."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        if against:
            _extract(against, tmp)
        for label, tile, n in cases:
            if not against:
                rows.append((label, tile, n, measure_add(tile, n, blocks, repeat), None))
                continue
            mine, theirs = [], []
            for _ in range(3):  # alternate: both see the same load
                mine.append(_in_subprocess(None, tile, n, blocks, repeat))
                theirs.append(_in_subprocess(tmp, tile, n, blocks, repeat))
            rows.append((label, tile, n, _merge(mine), _merge(theirs)))
    print(
        f"vector add, float32, {blocks} blocks, TPipe/TQue (medians of {repeat} launches, "
        f"{CLOCK} time)"
    )
    head = (
        f"{'':34} {'sim ms':>9} {'numpy ms':>9} {'ratio':>7} {'M ops/s':>8} {'checked ms':>11} "
        f"{'ratio':>7} {'checker':>8}"
    )
    print(head)
    for label, _tile, _n, r, base in rows:
        for who, m in (("", r), (f" @{against}", base)):
            if m is None:
                continue
            print(
                f"{label + who:34} {m['off'] * 1e3:9.2f} {m['numpy'] * 1e3:9.2f} "
                f"{m['off'] / m['numpy']:6.1f}x {m['ops'] / m['off'] / 1e6:8.3f} "
                f"{m['on'] * 1e3:11.2f} {m['on'] / m['numpy']:6.1f}x {m['on'] / m['off']:7.2f}x"
            )
        if base is not None:
            print(
                f"{'  speedup vs ' + against:34} {base['off'] / r['off']:8.2f}x "
                f"(checker on {base['on'] / r['on']:.2f}x)"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", choices=("add", "ops", "matmul", "all"), default="all")
    ap.add_argument("--elements", type=int, default=1 << 24)
    ap.add_argument("--blocks", type=int, default=48)
    ap.add_argument("--tile", type=int, default=4096)
    ap.add_argument("--ops-tile", type=int, default=256)
    ap.add_argument("--ops-elements", type=int, default=1 << 22)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--size", type=int, default=1024)
    ap.add_argument(
        "--against", metavar="REV", help="also run the add benchmarks at this git revision"
    )
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    ap.add_argument(
        "--no-batch",
        action="store_true",
        help="run every loop iteration one by one (ASC_XDSL_SIM_BATCH=0: no loop batching)",
    )
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    global CLOCK
    CLOCK = a.clock
    if a.no_batch:  # (inherited by the --against workers and the block workers)
        os.environ["ASC_XDSL_SIM_BATCH"] = "0"
    if a.worker:
        _worker(a)
        return
    if a.bench in ("matmul", "all"):
        bench_matmul(a.size, 24, a.repeat)
    cases = []
    if a.bench in ("add", "all"):
        cases.append((f"{_count(a.elements)} elements, tiles of {a.tile}", a.tile, a.elements))
    if a.bench in ("ops", "all"):
        cases.append(
            (f"{_count(a.ops_elements)} elements, tiles of {a.ops_tile}", a.ops_tile,
             a.ops_elements)
        )  # fmt: skip
    if cases:
        bench_add(cases, a.blocks, a.repeat, a.against)


def _count(n: int) -> str:
    return f"2^{n.bit_length() - 1}" if n > 0 and n & (n - 1) == 0 else str(n)


CLOCK = "cpu"
"""`--clock`: what `_time` measures."""


def _cpu() -> float:
    """User + system seconds of this process and of its children (the simulator's
    forked block workers: a launch returns before they exit, so their reaping is
    waited for first, `workers.settle`)."""
    from asc_xdsl.runtime.simulator import workers

    workers.settle()
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def _time(fn) -> float:
    clock = _cpu if CLOCK == "cpu" else time.perf_counter
    t0 = clock()
    fn()
    return clock() - t0


if __name__ == "__main__":
    main()
