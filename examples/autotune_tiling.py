"""Autotuning a tiling with `@asc.autotune`, on the CPU simulator's cost model.

python examples/autotune_tiling.py           # tunes both, checks the results with numpy
python examples/autotune_tiling.py --add     # only the vector add
python examples/autotune_tiling.py --matmul  # only the matmul

* The vector add's tile length is a `ConstExpr` of the kernel: the configs are the
  candidate tile lengths; one too large for the Unified Buffer fails and is skipped.
* The matmul's tiling is host data (an `asc.adv.TCubeTiling` from
  `asc.lib.host.MultiCoreMatmulTiling`): the tuned object is a launch function that
  builds the tiling from a config's block of C per core (singleCoreM x singleCoreN, which
  sets how many cores share the work). The simulator models the Matmul object's work as
  singleCoreM * singleCoreN * K multiply-adds per core (docs/simulator.md), so a finer
  split is cheaper until it needs more blocks than the SoC has cores (64 x 1280: 48
  blocks, refused by the host tiling, skipped); 128 x 1280 and 64 x 2560 both use all
  24 cores and tie, the first listed wins.

On the simulator the figures are modelled cycles (asc.testing.do_bench says so), and the
configs run in parallel worker processes; on an NPU (`ASC_XDSL_BACKEND=npu`) they are
device times from ACL events, one config after the other. The choice per key (shape) is
cached on disk: a second run reads it instead of tuning.
"""

from __future__ import annotations

import sys

import numpy as np

import asc_xdsl as asc
import asc_xdsl.lib.host as host

# ---------------------------------------------------------------------------
# Vector add: tune the tile length
# ---------------------------------------------------------------------------

BUFFER_NUM = 2


@asc.autotune(
    configs=[asc.Config(tile_length=t) for t in (128, 256, 512, 1024, 2048, 4096, 16384)],
    key=["block_length"],
)
@asc.jit
def tiled_add(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    block_length: int,
    tile_length: asc.ConstExpr[int],
):
    start = asc.get_block_idx() * block_length
    xg, yg, zg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x + start, block_length)
    yg.set_global_buffer(y + start, block_length)
    zg.set_global_buffer(z + start, block_length)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    qy = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    qz = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    for q in (qx, qy, qz):
        pipe.init_buffer(que=q, num=BUFFER_NUM, len=tile_length * 4)
    for i in range(block_length // tile_length):
        xl = qx.alloc_tensor(asc.float32)
        yl = qy.alloc_tensor(asc.float32)
        asc.data_copy(xl, xg[i * tile_length :], tile_length)
        asc.data_copy(yl, yg[i * tile_length :], tile_length)
        qx.enque(xl)
        qy.enque(yl)
        xl = qx.deque(asc.float32)
        yl = qy.deque(asc.float32)
        zl = qz.alloc_tensor(asc.float32)
        asc.add(zl, xl, yl, tile_length)
        qz.enque(zl)
        qx.free_tensor(xl)
        qy.free_tensor(yl)
        zl = qz.deque(asc.float32)
        asc.data_copy(zg[i * tile_length :], zl, tile_length)
        qz.free_tensor(zl)


def tune_add(blocks: int = 8, block_length: int = 16384) -> None:
    rng = np.random.default_rng(0)
    x = rng.random(blocks * block_length, dtype=np.float32)
    y = rng.random(blocks * block_length, dtype=np.float32)
    z = np.zeros_like(x)
    tiled_add[blocks](x, y, z, block_length)
    np.testing.assert_allclose(z, x + y)
    print(tiled_add.results[(block_length,)])


# ---------------------------------------------------------------------------
# Matmul (cube): tune the base block and the core count of the host tiling
# ---------------------------------------------------------------------------


@asc.jit
def block_offsets(tiling: asc.adv.TCubeTiling):
    """This block's offsets into A, B and C, and its tail in M and N: blocks walk the
    output's singleCoreM x singleCoreN tiles, M first."""
    idx = asc.get_block_idx()
    blocks_in_m = tiling.m.ceildiv(tiling.single_core_m)
    row = idx % blocks_in_m
    col = idx // blocks_in_m
    off_a = row * tiling.single_core_m * tiling.k_a
    off_b = col * tiling.single_core_n
    off_c = row * tiling.single_core_m * tiling.n + col * tiling.single_core_n
    tail_m = tiling.m - row * tiling.single_core_m
    if tail_m <= 0 or tail_m >= tiling.single_core_m:
        tail_m = tiling.single_core_m
    tail_n = tiling.n - col * tiling.single_core_n
    if tail_n <= 0 or tail_n >= tiling.single_core_n:
        tail_n = tiling.single_core_n
    return off_a, off_b, off_c, tail_m, tail_n


@asc.jit(matmul_cube_only=True)
def cube_matmul(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
):
    if asc.ascend_is_aic():
        off_a, off_b, off_c, tail_m, tail_n = block_offsets(tiling)
        ag, bg, cg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
        ag.set_global_buffer(a + off_a)
        bg.set_global_buffer(b + off_b)
        cg.set_global_buffer(c + off_c)
        gm, nd = asc.TPosition.GM, asc.CubeFormat.ND
        mm = asc.adv.Matmul(
            a=asc.adv.MatmulType(gm, nd, asc.float16),
            b=asc.adv.MatmulType(gm, nd, asc.float16),
            c=asc.adv.MatmulType(gm, nd, asc.float32),
        )
        pipe = asc.TPipe()
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        if asc.get_block_idx() < tiling.used_core_num:
            mm.set_tensor_a(ag)
            mm.set_tensor_b(bg)
            mm.set_tail(tail_m, tail_n, tiling.k_a)
            mm.iterate_all(cg)
            mm.end()
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def host_tiling(m: int, n: int, k: int, single_m: int, single_n: int) -> asc.adv.TCubeTiling:
    """The tiling of an m x k by k x n half matmul into float, each core computing a
    single_m x single_n block of C (the host library picks the base blocks)."""
    tiler = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    gm, nd = host.TPosition.GM, host.CubeFormat.ND
    tiler.set_a_type(gm, nd, host.DataType.DT_FLOAT16)
    tiler.set_b_type(gm, nd, host.DataType.DT_FLOAT16)
    tiler.set_c_type(gm, nd, host.DataType.DT_FLOAT)
    tiler.set_bias_type(gm, nd, host.DataType.DT_FLOAT)
    tiler.set_dim(CORES)
    tiler.set_org_shape(m, n, k)
    tiler.set_shape(m, n, k)
    tiler.set_single_shape(single_m, single_n, -1)
    tiling = asc.adv.TCubeTiling()
    if tiler.get_tiling(tiling) != 0:
        raise ValueError(f"no tiling of {m} x {n} into {single_m} x {single_n} blocks")
    return tiling


CORES = 24  # Ascend910B1's AI Cores: the most blocks a tiling may use
MATMUL_CONFIGS = [
    asc.Config(single_m=sm, single_n=sn)
    for sm, sn in ((128, 7680), (128, 3840), (128, 2560), (128, 1920), (128, 1280), (64, 2560),
                   (64, 1280))
]  # fmt: skip


@asc.autotune(configs=MATMUL_CONFIGS, key=["a", "b"])
def matmul(a: np.ndarray, b: np.ndarray, c: np.ndarray, single_m: int, single_n: int) -> None:
    (m, k), n = a.shape, b.shape[1]
    tiling = host_tiling(m, n, k, single_m, single_n)
    workspace = np.zeros(16 * 1024 * 1024, np.uint8)
    cube_matmul[tiling.used_core_num](a, b, c, tiling, workspace)


def tune_matmul(m: int = 128, k: int = 64, n: int = 30720) -> None:
    """pyasc's matmul tutorial's shape (04_matmul_cube_only): 128 x 64 by 64 x 30720."""
    rng = np.random.default_rng(0)
    a = rng.integers(-4, 4, (m, k)).astype(np.float16)
    b = rng.integers(-4, 4, (k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    matmul(a, b, c)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32))
    print(matmul.results[((m, k), "float16"), ((k, n), "float16")])


def main() -> None:
    which = set(sys.argv[1:]) & {"--add", "--matmul"} or {"--add", "--matmul"}
    if "--add" in which:
        tune_add()
    if "--matmul" in which:
        tune_matmul()


if __name__ == "__main__":
    main()
