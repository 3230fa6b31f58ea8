"""Launch option gm_overread: GM reads past an argument's end are errors by default;
"zeros" lets them read zeros with one warning (for kernels you do not own)."""

import warnings

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.simulator import GmAccessError
from asc_xdsl.runtime.simulator.gm_overread import GmOverreadWarning

TILE = 64  # float32 elements


@asc.jit
def scale_whole_tiles(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """Copies whole tiles in and out, as some third-party kernels do: the last tile of a
    size that is not a multiple of TILE reads (and would write) past the end."""
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, TILE)
    for i in range((n + TILE - 1) // TILE):
        asc.data_copy(t, xg[i * TILE :], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.muls(t, t, 2.0, TILE)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy_pad(
            zg[i * TILE :], t, asc.DataCopyExtParams(1, min(TILE, n - i * TILE) * 4, 0, 0, 0)
        )
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


@asc.jit
def write_whole_tiles(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, TILE)
    asc.data_copy(t, xg, TILE)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, t, TILE)


N = 100  # not a multiple of TILE


def _arrays():
    x = np.arange(1, N + 1, dtype=np.float32)
    return x, np.zeros(N, np.float32)


def test_reading_past_the_end_is_an_error_by_default():
    x, z = _arrays()
    with pytest.raises(GmAccessError, match=r"GM access outside argument 'x': DataCopy reads src"):
        scale_whole_tiles[1](x, z, N, backend="cpu")


def test_zeros_mode_reads_zeros_with_one_warning():
    x, z = _arrays()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scale_whole_tiles[1](x, z, N, backend="cpu", gm_overread="zeros", sanitize="error")
    found = [w for w in caught if w.category is GmOverreadWarning]
    assert len(found) == 1
    text = str(found[0].message)
    assert "argument(s) 'x' returned zeros" in text
    assert "DataCopy reads src bytes [256, 512) of 400" in text
    np.testing.assert_array_equal(z, 2 * x)  # written back into the caller's array


def test_zeros_mode_keeps_writes_past_the_end_errors():
    x, z = _arrays()
    with pytest.raises(GmAccessError, match=r"argument 'z': DataCopy writes dst"):
        write_whole_tiles[1](x[:TILE].copy(), z[:32].copy(), 32, backend="cpu", gm_overread="zeros")


def test_no_warning_when_nothing_reads_past_the_end():
    x = np.arange(2 * TILE, dtype=np.float32)
    z = np.zeros_like(x)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        scale_whole_tiles[1](x, z, x.size, backend="cpu", gm_overread="zeros")
    np.testing.assert_array_equal(z, 2 * x)


def test_bad_value_and_shared_arrays_are_refused():
    x, z = _arrays()
    with pytest.raises(LaunchError, match="gm_overread must be 'error' or 'zeros', got 'pad'"):
        scale_whole_tiles[1](x, z, N, backend="cpu", gm_overread="pad")
    with pytest.raises(LaunchError, match="arguments 'x' and 'z' share memory"):
        scale_whole_tiles[1](x, x, N, backend="cpu", gm_overread="zeros")
