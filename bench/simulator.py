"""Benchmark of the CPU simulator: vector add of 2^24 float32 over 48 blocks.

Tiles of 4096 elements go through TPipe/TQue (double-buffered queues); block b handles
tiles b, b+48, b+96, ... Prints the simulator's time, numpy's `x + y` time for the
same data, their ratio and simulated (IR) ops per second.

    python bench/simulator.py [--elements N] [--blocks B] [--tile T] [--repeat R]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from xdsl.dialects import scf

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.runtime.kernel import CompiledKernel


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--elements", type=int, default=1 << 24)
    ap.add_argument("--blocks", type=int, default=48)
    ap.add_argument("--tile", type=int, default=4096)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    n = a.elements
    rng = np.random.default_rng(0)
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    z = np.zeros(n, np.float32)
    kernel = build_kernel(a.tile)
    kernel[a.blocks](x, y, z, n, backend="cpu")  # warm-up: compiles the IR to closures
    assert np.array_equal(z, x + y), "simulator result differs from numpy"

    sim = min(_time(lambda: kernel[a.blocks](x, y, z, n, backend="cpu")) for _ in range(a.repeat))
    ref = min(_time(lambda: np.add(x, y)) for _ in range(a.repeat))
    tiles = n // a.tile
    loop = next(op for op in kernel.module.walk() if isinstance(op, scf.ForOp))
    ops_per_tile = len(list(loop.body.block.ops)) - 1  # without the scf.yield
    ops = tiles * ops_per_tile
    print(f"vector add: {n} float32 elements, {a.blocks} blocks, tiles of {a.tile}")
    print(f"simulator: {sim * 1e3:9.2f} ms")
    print(f"numpy x+y: {ref * 1e3:9.2f} ms")
    print(f"ratio:     {sim / ref:9.1f}x")
    print(f"simulated ops/s: {ops / sim:,.0f} ({ops} IR ops)")


def _time(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


if __name__ == "__main__":
    main()
