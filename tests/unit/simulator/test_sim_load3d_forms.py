"""LoadData 3D V2's further forms on the simulator against numpy: 32-bit elements
transposed into L0A and into L0B (asc-devkit's load3d.py model), SetLoadDataRepeat
(repeatTime 0 and 1), SetLoadDataBoundary (reads wrap to L1's start), the loads the
docs say are not executed, and the invalid 8-bit forms."""

from __future__ import annotations

import numpy as np
import pytest
from cubekit import IR, gt, load_2d, lt
from test_sim_cube import (
    FM,
    K_EXT,
    M_EXT,
    _fm_in_l1,
    _img2col_ref,
    _load_3d,
    _product_out,
    _times_identity,
)

from asc_xdsl.runtime.simulator.errors import SimulatorError, UnsupportedOpError

RNG = np.random.default_rng(11)
FM32 = (4, 5, 6, 8)  # C1 H W C0 of a float32 map: channelSize 32


def _zn_identity(k: int, n: int) -> np.ndarray:
    """I (k x n) as a float32 B operand in L0B's Zn: fractal (k1, n1) 16 n x 8 k."""
    zn = np.zeros((k // 8, n // 16, 16, 8), np.float32)
    kk, nn = np.meshgrid(np.arange(8), np.arange(16))
    for a in range(k // 8):
        for b in range(n // 16):
            zn[a, b] = (a * 8 + kk) == (b * 16 + nn)
    return zn.reshape(-1)


def _zz_identity(m: int, k: int) -> np.ndarray:
    """I (m x k) as a float32 A operand in L0A's Zz: fractal (m1, k1) 16 m x 8 k."""
    return np.eye(m, k, dtype=np.float32).reshape(m // 16, 16, k // 8, 8).transpose(0, 2, 1, 3)


def _copy_in(ir: IR, pos: str, addr: int, name: str, count: int, t: str = "f32") -> str:
    g = ir.gm(name, t)
    dst = ir.local(pos, addr, count, t)
    cnt = ir.const(count, "i32")
    ir.op(f"ascendc.data_copy_l2 {dst}, {g}, {cnt} : {lt(t)}, {gt(t)}, i32")
    return dst


def test_float32_transposed_into_l0a_is_the_transposed_img2col():
    """enTranspose, b32: L0A holds img2col^T (128 x 16) as Mmad's A; C = that x I."""
    ir = IR()
    a1 = _fm_in_l1(ir, "f32", FM32)
    a2 = ir.local("a2", 0, M_EXT * K_EXT, "f32")
    _load_3d(ir, a2, a1, transpose=True, t="f32", fm=FM32)
    b1 = _copy_in(ir, "b1", 8192, "eye", 256)
    b2 = ir.local("b2", 0, 256, "f32")
    load_2d(ir, b2, b1, "f32", 0, 2, 1)
    _product_out(ir, a2, b2, "f32", K_EXT, 16, M_EXT, M_EXT * K_EXT)
    fm = RNG.standard_normal(FM32).astype(np.float32)
    c = np.zeros((K_EXT, 16), np.float32)
    ir.kernel()[1](fm, _zn_identity(16, 16), c)
    np.testing.assert_array_equal(c, _img2col_ref(fm).T)


@pytest.mark.parametrize("k_ext", [K_EXT, 120])
def test_float32_into_l0b_is_the_img2col_as_b(k_ext):
    """b32 into L0B: the window (16 positions x k_ext) is Mmad's B (K = positions) in
    Zn; C = I (16 x 16) x B. k_ext 120 pads K to 128: those positions are not written."""
    ir = IR()
    a1 = _fm_in_l1(ir, "f32", FM32)
    b2 = ir.local("b2", 0, M_EXT * 128, "f32")
    _load_3d(ir, b2, a1, t="f32", fm=FM32, k_ext=k_ext)
    l1e = _copy_in(ir, "a1", 8192, "eye", 256)
    a2 = ir.local("a2", 0, 256, "f32")
    load_2d(ir, a2, l1e, "f32", 0, 2, 1)
    _product_out(ir, a2, b2, "f32", 16, k_ext, M_EXT, 16 * 128)
    fm = RNG.standard_normal(FM32).astype(np.float32)
    c = np.zeros((16, k_ext), np.float32)
    ir.kernel()[1](fm, _zz_identity(16, 16).reshape(-1), c)
    np.testing.assert_array_equal(c, _img2col_ref(fm, k_ext=k_ext))


def _repeat(ir: IR, times: int) -> None:
    p = ir.struct("load_data_repeat_param", [(4, "ui16"), (times, "ui8"), (0, "ui8")])
    ir.op(f"ascendc.set_load_data_repeat {p} : !ascendc.load_data_repeat_param")


def _img2col_kernel(before=None):
    """C = img2col (f16, in L0A) x I; `before(ir)` adds register settings first."""
    ir = IR()
    a1 = _fm_in_l1(ir)
    a2 = ir.local("a2", 0, M_EXT * K_EXT, "f16")
    if before is not None:
        before(ir)
    _load_3d(ir, a2, a1)
    _times_identity(ir, a2)
    return ir.kernel()


@pytest.mark.parametrize("times", [0, 1])
def test_set_load_data_repeat_once_loads_and_zero_times_is_a_no_op(times):
    kern = _img2col_kernel(lambda ir: _repeat(ir, times))
    fm = RNG.standard_normal(FM).astype(np.float16)
    c = np.full((M_EXT, K_EXT), 9, np.float32)
    kern[1](fm, np.eye(K_EXT, dtype=np.float16), c)
    want = _img2col_ref(fm) if times else np.zeros((M_EXT, K_EXT), np.float32)
    np.testing.assert_array_equal(c, want)  # L0A starts zeroed: a no-op leaves C = 0


def test_set_load_data_repeat_of_more_times_is_refused_with_the_reason():
    kern = _img2col_kernel(lambda ir: _repeat(ir, 2))
    fm = np.zeros(FM, np.float16)
    with pytest.raises(UnsupportedOpError, match="repeatTime 2 is not simulated: the Atlas"):
        kern[1](fm, np.eye(K_EXT, dtype=np.float16), np.zeros((M_EXT, K_EXT), np.float32))


def _boundary(value: int):
    def add(ir: IR) -> None:
        b = ir.const(value, "i32")
        ir.op(f"ascendc.set_load_data_boundary {b} : i32")

    return add


def test_set_load_data_boundary_wraps_reads_to_the_start_of_l1():
    """The 1920-byte map sits at L1 byte 1024 with the boundary at 2048: its first 1024
    bytes at [1024, 2048), the rest wrapped to [0, 896)."""
    ir = IR()
    _copy_in(ir, "a1", 0, "hi", 448, "f16")
    src = _copy_in(ir, "a1", 1024, "lo", 512, "f16")
    a2 = ir.local("a2", 0, M_EXT * K_EXT, "f16")
    _boundary(2048)(ir)
    _load_3d(ir, a2, src)
    _times_identity(ir, a2)
    fm = RNG.standard_normal(FM).astype(np.float16)
    flat = fm.reshape(-1)
    c = np.zeros((M_EXT, K_EXT), np.float32)
    ir.kernel()[1](flat[512:].copy(), flat[:512].copy(), np.eye(K_EXT, dtype=np.float16), c)
    np.testing.assert_array_equal(c, _img2col_ref(fm))


@pytest.mark.parametrize("value", [0, 1 << 19])
def test_a_boundary_of_zero_or_past_the_map_changes_nothing(value):
    kern = _img2col_kernel(_boundary(value))
    fm = RNG.standard_normal(FM).astype(np.float16)
    c = np.zeros((M_EXT, K_EXT), np.float32)
    kern[1](fm, np.eye(K_EXT, dtype=np.float16), c)
    np.testing.assert_array_equal(c, _img2col_ref(fm))


def test_a_boundary_below_1024_is_invalid():
    kern = _img2col_kernel(_boundary(512))
    with pytest.raises(SimulatorError, match=r"SetLoadDataBoundary\(512\) is invalid"):
        kern[1](np.zeros(FM, np.float16), np.eye(K_EXT, dtype=np.float16),
                np.zeros((M_EXT, K_EXT), np.float32))  # fmt: skip


def test_a_load_with_a_zero_extension_is_not_executed():
    ir = IR()
    a1 = _fm_in_l1(ir)
    a2 = ir.local("a2", 0, M_EXT * K_EXT, "f16")
    _load_3d(ir, a2, a1, k_ext=0)
    ir.kernel()[1](np.zeros(FM, np.float16))  # no error, nothing written


@pytest.mark.parametrize("into", ["b2", "a2"])
def test_int8_into_l0b_or_transposed_is_invalid(into):
    fm_shape = (1, 5, 6, 32)
    ir = IR()
    a1 = _fm_in_l1(ir, "i8", fm_shape)
    dst = ir.local(into, 0, M_EXT * K_EXT, "i8")
    _load_3d(ir, dst, a1, transpose=into == "a2", t="i8", fm=fm_shape)
    how = "into L0B" if into == "b2" else "with enTranspose"
    with pytest.raises(SimulatorError, match=f"8-bit elements {how} is invalid on Atlas A2/A3"):
        ir.kernel()[1](np.zeros(fm_shape, np.int8))
