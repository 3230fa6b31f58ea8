"""Small kernels for the compile/cache tests."""

import asc_xdsl as asc


@asc.jit
def scale_helper(t, n, factor: asc.ConstExpr[float]):
    asc.muls(t, t, factor, n)


@asc.jit
def scale(
    x: asc.GlobalAddress, n: int, tile: asc.ConstExpr[int], factor: asc.ConstExpr[float] = 2.0
):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x)
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, tile)
    asc.data_copy(t, gm, tile)
    scale_helper(t, n, factor)
    asc.data_copy(gm, t, tile)


@asc.jit(kernel_type="vector", opt_level=2)
def with_options(x: asc.GlobalAddress):
    asc.metrics_prof_start()
    asc.metrics_prof_stop()
