"""`Matmul.set_batch_num`: the headers declare SetBatchNum only on the batch Matmul of a
cube-only kernel (asc-devkit batch_matmul_impl.h under ASCENDC_CUBE_ONLY); a mixed
kernel's Matmul is MatmulClient, and a LayoutMode.NONE matmul has no SetBatchNum."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError


def _batch_num(layout, cube_only):  # type: ignore[no-untyped-def]
    @asc.jit(matmul_cube_only=cube_only)
    def kernel(x_gm: asc.GlobalAddress, workspace: asc.GlobalAddress):
        pipe = asc.TPipe()
        t = asc.adv.MatmulType(
            position=asc.TPosition.GM,
            format=asc.CubeFormat.ND,
            dtype=asc.float16,
            is_trans=False,
            layout=layout,
        )
        matmul = asc.adv.Matmul(t, t, t)
        asc.adv.register_matmul(pipe, workspace, matmul)
        matmul.set_batch_num(2, 2)

    return kernel


X = np.zeros(64, np.uint8)


def test_set_batch_num_in_a_cube_only_kernel_of_a_batch_layout():
    compiled = _batch_num(asc.LayoutMode.BSNGD, True).compile(X, X, always_compile=True)
    text = compiled.asm["ascendc"]
    assert "#define ASCENDC_CUBE_ONLY" in text and ".SetBatchNum(" in text


def test_set_batch_num_in_a_mixed_kernel_is_refused_at_its_line():
    with pytest.raises(CompileError, match=r"needs @asc.jit\(matmul_cube_only=True\)") as e:
        _batch_num(asc.LayoutMode.BSNGD, False).compile(X, X, always_compile=True)
    assert "matmul.set_batch_num(2, 2)" in str(e.value)


def test_set_batch_num_on_a_layout_none_matmul_is_refused():
    with pytest.raises(CompileError, match="this matmul's A has layout NONE"):
        _batch_num(asc.LayoutMode.NONE, True).compile(X, X, always_compile=True)
