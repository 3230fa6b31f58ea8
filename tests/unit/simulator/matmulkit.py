"""What the Matmul-object tests share: the default shapes and tiling, and the object
over GM ND operands (GM tensors from jitkit.gtensor), registered with A and B set."""

from __future__ import annotations

import numpy as np
from jitkit import gtensor

import asc_xdsl as asc

M, N, K = 32, 64, 48
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND
WORKSPACE = np.zeros(1024, np.uint8)
_PLAIN = (asc.LayoutMode.NONE,) * 3  # MatmulType's default layout


def tiling(**kw) -> asc.adv.TCubeTiling:
    """One core, M x N x K in 16 x 32 x 16 blocks; kw overrides fields."""
    fields = dict(
        used_core_num=1, m=M, n=N, k_a=K, k_b=K, single_core_m=M, single_core_n=N,
        single_core_k=K, base_m=16, base_n=32, base_k=16, is_bias=0, iterate_order=0,
    )  # fmt: skip
    fields.update(kw)
    return asc.adv.TCubeTiling(**fields)


def operands(dtype=np.float16, seed=0, a_shape=(M, K), b_shape=(K, N)):
    """Small integers (exact in every cube type's sums) for A and B."""
    rng = np.random.default_rng(seed)
    return rng.integers(-4, 5, a_shape).astype(dtype), rng.integers(-4, 5, b_shape).astype(dtype)


@asc.jit
def gm_matmul(a_g, b_g, c_g, layouts=_PLAIN):
    """The object over GM ND operands of the tensors' types, not transposed;
    layouts: A's, B's and C's LayoutMode."""
    return asc.adv.Matmul(
        a=asc.adv.MatmulType(GM, ND, a_g.dtype, False, layouts[0]),
        b=asc.adv.MatmulType(GM, ND, b_g.dtype, False, layouts[1]),
        c=asc.adv.MatmulType(GM, ND, c_g.dtype, False, layouts[2]),
    )


@asc.jit
def registered(a, b, c, tiling, workspace, layouts=_PLAIN):
    """GM tensors over a, b and c, the object registered with tiling and A and B set:
    the start of most Matmul kernels. Returns the object and C's tensor."""
    a_g = gtensor(a)
    b_g = gtensor(b)
    c_g = gtensor(c)
    pipe = asc.TPipe()
    matmul = gm_matmul(a_g, b_g, c_g, layouts)
    asc.adv.register_matmul(pipe, workspace, matmul, tiling)
    matmul.set_tensor_a(a_g)
    matmul.set_tensor_b(b_g)
    return matmul, c_g
