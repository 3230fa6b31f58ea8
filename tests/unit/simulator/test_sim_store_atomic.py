"""Set/GetStoreAtomicConfig on the simulator: the store-atomic register the SetAtomic*
APIs write too (dav-c220's set_st_atomic_cfg / get_st_atomic_cfg)."""

from __future__ import annotations

import numpy as np
import pytest
import simkit

from asc_xdsl.runtime.simulator import SimulatorError

N = 64


def _run(body: str, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """%b0 (x's type) and %b1 (ui16 [type, op] after the body) are copied back to GM."""
    kern = simkit.inout_kernel(body, [x.dtype, np.uint16])
    gm = np.zeros(4096 // x.itemsize, x.dtype)
    gm[: x.size] = x
    codes = np.full(2048, 77, np.uint16)
    kern[1](gm, codes, sanitize="error")
    return gm[: x.size], codes[:2]


# read the register into %b1, then turn atomics off so the copies back are plain
_READ_BACK = """
%t, %o = ascendc.get_store_atomic_config : ui16, ui16
%i0 = arith.constant 0 : index
%i1 = arith.constant 1 : index
ascendc.local_tensor.set_value %b1, %i0, %t : {lt1}, index, ui16
ascendc.local_tensor.set_value %b1, %i1, %o : {lt1}, index, ui16
ascendc.set_store_atomic_config atomic_none, atomic_sum
"""


@pytest.mark.parametrize(
    ("atomic_type", "dtype", "code"),
    [("atomic_f32", np.float32, 1), ("atomic_f16", np.float16, 2), ("atomic_s32", np.int32, 4)],
)
def test_store_atomic_config_adds_the_copies_to_gm(atomic_type, dtype, code):
    """The kernel's copies back to GM add to what GM holds: x + x (the codes buffer's
    copy is atomic too: not checked here)."""
    x = (np.arange(N) - 20).astype(dtype)
    out, _ = _run(f"ascendc.set_store_atomic_config {atomic_type}, atomic_sum", x)
    np.testing.assert_array_equal(out, x + x)
    out, codes = _run(f"ascendc.set_store_atomic_config {atomic_type}, atomic_sum" + _READ_BACK, x)
    np.testing.assert_array_equal(out, x)
    assert codes.tolist() == [code, 0]


def test_atomic_none_reads_back_zero():
    x = np.arange(N, dtype=np.float32)
    body = "ascendc.set_store_atomic_config atomic_none, atomic_sum" + _READ_BACK
    out, codes = _run(body, x)
    np.testing.assert_array_equal(out, x)
    assert codes.tolist() == [0, 0]


def test_set_atomic_add_reads_back_as_its_type():
    x = np.arange(N, dtype=np.float32)
    _, codes = _run("ascendc.set_atomic_add {dtype = f32}" + _READ_BACK, x)
    assert codes.tolist() == [1, 0]


def test_reading_back_after_set_atomic_max_is_an_error():
    x = np.arange(N, dtype=np.float32)
    with pytest.raises(SimulatorError, match="code for max/min is not documented"):
        _run("ascendc.set_atomic_max {dtype = f32}" + _READ_BACK, x)
