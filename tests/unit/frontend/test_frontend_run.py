"""Python kernels run on the CPU simulator and agree with numpy / plain Python."""

import pathlib
import sys

import numpy as np
import pytest
import run_kernels as K

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples"
sys.path.insert(0, str(EXAMPLES))


@pytest.mark.parametrize("n,limit", [(7, 100), (12, 5), (1, 0), (27, 9), (3, 3)])
def test_scalar_control_flow_matches_python(n, limit):
    out = np.zeros(8, np.int32)
    K.scalar_program[1](out, n, limit)
    assert out.tolist() == K.scalar_program_reference(n, limit)


@pytest.mark.parametrize("block_dim", [1, 8])
def test_tque_vector_add_example(block_dim):
    import vector_add

    block_length, tile = 1024, 256
    rng = np.random.default_rng(block_dim)
    x = rng.random(block_dim * block_length, dtype=np.float32)
    y = rng.random(block_dim * block_length, dtype=np.float32)
    z = np.zeros_like(x)
    vector_add.vadd_kernel[block_dim](x, y, z, block_length, tile)
    np.testing.assert_array_equal(z, x + y)


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32, np.int16])
def test_dtype_generic_kernel(dtype):
    rng = np.random.default_rng(3)
    x = (rng.random(2 * 512) * 100).astype(dtype)
    y = (rng.random(2 * 512) * 100).astype(dtype)
    z = np.zeros_like(x)
    K.generic_add[2](x, y, z, 512, 128)
    np.testing.assert_array_equal(z, x + y)


@pytest.mark.parametrize("block_dim", [1, 8])
def test_manual_flags_vector_add_example(block_dim):
    import vector_add_manual_flags as m

    block_length = 2 * m.TILE
    rng = np.random.default_rng(block_dim + 10)
    x = rng.random(block_dim * block_length, dtype=np.float32)
    y = rng.random(block_dim * block_length, dtype=np.float32)
    z = np.zeros_like(x)
    m.vadd_manual[block_dim](x, y, z, block_length)
    np.testing.assert_array_equal(z, x + y)


def test_runtime_error_points_at_the_kernel_line():
    import inspect

    from asc_xdsl.runtime.simulator import GmAccessError

    x = np.zeros(100, np.float32)
    with pytest.raises(GmAccessError) as info:
        K.reads_past_the_end[1](x, 50)
    lines, first = inspect.getsourcelines(K.reads_past_the_end.fn)
    line_no = first + next(i for i, t in enumerate(lines) if "asc.data_copy" in t)
    text = str(info.value)
    header, source, caret, hint = text.splitlines()
    assert hint.startswith("hint: ")
    assert header.startswith(
        f"{inspect.getsourcefile(K.reads_past_the_end.fn)}:{line_no}:5: block 0: "
    )
    assert "GM access outside argument 'x'" in header
    assert source.strip() == "asc.data_copy(t, gm[start:], 64)"
    assert caret == "    ^"


def test_reductions_with_scalar_accumulation():
    rng = np.random.default_rng(5)
    x = rng.standard_normal(4 * 256).astype(np.float32)
    out = np.zeros(8, np.float32)
    K.sum_and_max[1](x, out, x.size, 256)
    np.testing.assert_allclose(out[0], x.sum(dtype=np.float64), rtol=1e-5)
    assert out[1] == x.max()
