"""Launch option gm_overread: accesses past a buffer's end are errors by default;
"zeros" lets GM reads return zeros, "pad" also lets GM writes land in a dropped pad and
local tensors run into the next on-chip bytes, each with one warning (for kernels you do
not own)."""

import warnings

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.simulator import GmAccessError, SimulatorError, TensorBoundsError
from asc_xdsl.runtime.simulator.gm_overread import (
    CopyTailWarning,
    GmOverreadWarning,
    LocalOverrunWarning,
)

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
    assert "argument 'x' (gm_overread='zeros'): reads returned zeros" in text
    assert "DataCopy reads src bytes [256, 512) of 400" in text
    assert found[0].filename == __file__  # located at the launch
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
    with pytest.raises(LaunchError, match="must be 'error', 'zeros' or 'pad', got 'drop'"):
        scale_whole_tiles[1](x, z, N, backend="cpu", gm_overread="drop")
    with pytest.raises(LaunchError, match="arguments 'x' and 'z' share memory"):
        scale_whole_tiles[1](x, x, N, backend="cpu", gm_overread="zeros")


def _caught(kernel, *args, **options):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kernel(*args, backend="cpu", **options)
    kinds = (GmOverreadWarning, LocalOverrunWarning, CopyTailWarning)
    return [w for w in caught if w.category in kinds]


def test_pad_mode_drops_writes_past_the_end_with_one_warning_per_argument():
    x = np.arange(1, 33, dtype=np.float32)
    z = np.zeros(32, np.float32)
    found = _caught(write_whole_tiles[1], np.resize(x, TILE)[:40].copy(), z, 32, gm_overread="pad")
    texts = sorted(str(w.message) for w in found)
    assert len(texts) == 2  # 'x' read past its end, 'z' written past it
    assert "argument 'x' (gm_overread='pad'): reads returned the pad" in texts[0]
    assert "argument 'z' (gm_overread='pad'): writes were dropped (the first: DataCopy " in texts[1]
    assert "writes dst bytes [0, 256) of 128" in texts[1]
    np.testing.assert_array_equal(z, x)  # the part inside the array is written back


@asc.jit
def round_trip_through_the_pad(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """Writes a whole tile to x (past its end), reads it back, and writes it to z: the
    pad keeps what was written for the rest of the launch, as memory would."""
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, TILE)
    asc.duplicate(t, 7.0, TILE)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(xg, t, TILE)
    asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.data_copy(t, xg, TILE)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, t, TILE)


def test_pad_mode_reads_back_what_was_written_past_the_end():
    x, z = np.zeros(8, np.float32), np.zeros(TILE, np.float32)
    found = _caught(round_trip_through_the_pad[1], x, z, gm_overread="pad", sanitize="error")
    assert [w.category for w in found] == [GmOverreadWarning]
    np.testing.assert_array_equal(z, 7.0)
    np.testing.assert_array_equal(x, 7.0)  # its own 8 elements written back


@asc.jit
def full_mask_add(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """A 128-lane f16 add on 64-element tensors (pyasc's test_vadd_bits): it reads 64
    elements past src's end and writes 64 past dst's, into the next UB bytes."""
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    src_buf = asc.TBuf(asc.TPosition.VECCALC)
    dst_buf = asc.TBuf(asc.TPosition.VECCALC)
    next_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(src_buf, 64 * 2)
    pipe.init_buffer(dst_buf, 64 * 2)
    pipe.init_buffer(next_buf, 64 * 2)
    src = src_buf.get(asc.float16)
    dst = dst_buf.get(asc.float16)
    nxt = next_buf.get(asc.float16)
    asc.data_copy(src, xg, 64)
    asc.duplicate(nxt, 5.0, 64)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    full = 2**64 - 1
    asc.add(
        dst,
        src,
        src,
        mask=[full, full],
        repeat_times=1,
        repeat_params=asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8),
    )
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, dst, 64)
    asc.data_copy(zg[64:], nxt, 64)


def test_local_overrun_is_an_error_by_default():
    x, z = np.ones(64, np.float16), np.zeros(128, np.float16)
    with pytest.raises(TensorBoundsError, match="access past the end of local tensor dst"):
        full_mask_add[1](x, z, backend="cpu")


def test_pad_mode_lets_a_local_overrun_reach_the_next_buffer():
    x, z = np.arange(64, dtype=np.float16), np.zeros(128, np.float16)
    found = _caught(full_mask_add[1], x, z, gm_overread="pad")
    assert [w.category for w in found] == [LocalOverrunWarning]
    text = str(found[0].message)
    assert "3 vector access(es) ran past the end of a local tensor" in text  # dst, src0, src1
    assert "dst: 128 elements of float16 from a tensor of 64 (UB bytes [128, 256))" in text
    np.testing.assert_array_equal(z[:64], 2 * x)
    # src's overrun read dst's bytes (zeros then), and dst's wrote them into the next buffer
    np.testing.assert_array_equal(z[64:], 0)


@asc.jit
def past_the_ub(z: asc.GlobalAddress):
    """A tensor at the UB's last 256 bytes, written with a 4-repeat mask: past the UB."""
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 196352, 64)
    asc.duplicate(t, 1.0, 64, 4, 1, 8)


def test_pad_mode_keeps_overruns_past_the_memory_errors():
    with pytest.raises(TensorBoundsError, match="access past the end of local tensor dst"):
        past_the_ub[1](np.zeros(8, np.float32), backend="cpu", gm_overread="pad")


@asc.jit
def copy_odd_count(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    asc.data_copy(t, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, t, n)


def test_pad_mode_drops_datacopy_tails_as_the_npu_does():
    x, z = np.arange(1, 21, dtype=np.float32), np.zeros(20, np.float32)
    with pytest.raises(SimulatorError, match="not a multiple of 32 bytes"):
        copy_odd_count[1](x, z, 20, backend="cpu")
    found = _caught(copy_odd_count[1], x, z, 20, gm_overread="pad")
    assert [w.category for w in found] == [CopyTailWarning]
    assert "2 DataCopy(s) of a size that is not a multiple of 32 bytes dropped the tail" in str(
        found[0].message
    )
    assert "the first: DataCopy of 20 elements (80 bytes) dropped its last 16 bytes" in str(
        found[0].message
    )
    np.testing.assert_array_equal(z, np.where(np.arange(20) < 16, x, 0))
    with pytest.raises(SimulatorError, match="not a multiple of 32 bytes"):  # the keyword wins
        copy_odd_count[1](x, z, 20, backend="cpu", gm_overread="pad", copy_tail="error")


@asc.jit
def copy_past_a_small_buffer(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """A DataCopy of 64 floats into an 8-float buffer: on the NPU the rest lands in the
    next buffer of the UB."""
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    small, after = asc.TBuf(asc.TPosition.VECCALC), asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(small, 32)
    pipe.init_buffer(after, 256)
    s, a = small.get(asc.float32), after.get(asc.float32)
    asc.data_copy(s, xg, 64)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, a, 56)


def test_a_datacopy_past_a_local_tensor_reaches_the_next_buffer_in_pad_mode():
    x, z = np.arange(64, dtype=np.float32), np.zeros(56, np.float32)
    with pytest.raises(TensorBoundsError, match="DataCopy writes dst needs 256 bytes"):
        copy_past_a_small_buffer[1](x, z, backend="cpu")
    found = _caught(copy_past_a_small_buffer[1], x, z, gm_overread="pad")
    assert [w.category for w in found] == [LocalOverrunWarning]
    assert "DataCopy writes dst: 64 elements of float32 from a tensor of 8" in str(found[0].message)
    np.testing.assert_array_equal(z, x[8:])
