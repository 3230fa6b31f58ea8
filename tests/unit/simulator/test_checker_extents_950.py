"""The race checker's access extents of Ascend 950 forms equal the bytes the simulator
moves: a transposed 8/32-bit LoadData V2 (squares of two fractals), a vector-quant NZ
Fixpipe past 1024 columns (one span per 512-column instruction), the Reg unaligned
store stream's writes, and a SIMT call's GM accesses (checked across blocks). Each: a
seeded race the old extents missed is reported at its lines, its clean twin stays clean.
(docs/simulator.md, "The race checker"; docs/ascend950.md.)"""

from __future__ import annotations

import re

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.jit import jit
from asc_xdsl.runtime.simulator.sanitizer import RaceError

A950 = "Ascend950PR_9599"
FRACTAL = 512


def _line(fn, text: str) -> int:
    """The source line of `text` in the kernel `fn`'s body (the report's location)."""
    import inspect

    lines, first = inspect.getsourcelines(fn.fn if hasattr(fn, "fn") else fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


# -- LoadData V2 transposed, 8- and 32-bit ---------------------------------------------


@asc.jit(kernel_type="cube", soc_version=A950)
def two_loads(a: asc.GlobalAddress, n: asc.ConstExpr, ms: asc.ConstExpr, ks: asc.ConstExpr,
              ds: asc.ConstExpr, at: asc.ConstExpr, ms2: asc.ConstExpr, ks2: asc.ConstExpr,
              t2: asc.ConstExpr):  # fmt: skip
    """A transposed load into L0A, then a second load into L0A from element `at`, the
    two on MTE1 with no barrier between them: overlapping writes are a WAW race."""
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    a1 = asc.LocalTensor(a.dtype, asc.TPosition.A1, 0, n)
    a2 = asc.LocalTensor(a.dtype, asc.TPosition.A2, 0, n)
    asc.data_copy(a1, ag, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a2, a1, asc.LoadData2DParamsV2(0, 0, ms, ks, 4, ds, True, 0))  # first
    asc.load_data(a2[at:], a1, asc.LoadData2DParamsV2(0, 0, ms2, ks2, 4, ds, t2, 0))  # second


def _loads(dtype, at_fractal: int, second: tuple[int, int, bool], steps: tuple[int, int, int]):
    n = 8192 // np.dtype(dtype).itemsize
    at = at_fractal * FRACTAL // np.dtype(dtype).itemsize
    args = [asc.ConstExpr(v) for v in (n, *steps, at, *second)]
    a = np.arange(n).astype(dtype)
    two_loads[1](a, *args, platform=A950, sanitize="error")


def _assert_waw(err, lo: int, hi: int, mem: str) -> None:
    text = str(err.value)
    assert f"(WAW): pipe MTE1 writes {mem} bytes [{lo}, {hi})" in text, text
    file = re.escape(__file__)
    assert re.search(rf"{file}:{_line(two_loads, '# second')}:", text), text
    assert re.search(rf"{file}:{_line(two_loads, '# first')}:", text), text


def test_load_v2_transposed_8_bit_writes_its_squares_not_the_16_bit_grid():
    # mStep 2, kStep 2, dstStride 4: squares to fractals 0-3 (the 16-bit extent was 6)
    _loads(np.int8, 4, (2, 2, True), (2, 2, 4))  # the next load right after: clean
    with pytest.raises(RaceError) as err:
        _loads(np.int8, 3, (2, 2, True), (2, 2, 4))  # one fractal into them
    _assert_waw(err, 3 * FRACTAL, 4 * FRACTAL, "L0A")


def test_load_v2_transposed_32_bit_writes_to_its_last_square_half():
    # mStep 2, kStep 2, dstStride 2: halves to fractals 0, 2, 4, 6 (the 16-bit extent
    # ended at 3, so a write into fractal 6 went unseen)
    _loads(np.float32, 7, (1, 1, False), (2, 2, 2))  # past the last half: clean
    with pytest.raises(RaceError) as err:
        _loads(np.float32, 6, (1, 1, False), (2, 2, 2))
    _assert_waw(err, 6 * FRACTAL, 7 * FRACTAL, "L0A")


# -- vector-quant NZ Fixpipe past 1024 columns ------------------------------------------

FM, FK, FN = 16, 16, 1280  # three instructions: 512, 512, 256 columns
NZ_STRIDE = FM * 16  # dst elements between column blocks (950's NZ dstStride)
TILE = 32 * NZ_STRIDE * 32 // 2  # the header's dst offset per instruction (half)


@asc.jit(kernel_type="cube", soc_version=A950)
def wide_fixpipe(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                 q: asc.GlobalAddress, at: asc.ConstExpr, flagged: asc.ConstExpr):  # fmt: skip
    """a @ b into L0C, a VQF322F16_PRE NZ Fixpipe of 1280 columns to c, then MTE2 reads
    512 bytes of c from element `at` back into L1 (with the FIX -> MTE2 flag if
    `flagged`)."""
    ag, bg, cg, qg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    qg.set_global_buffer(q)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, FM * FK)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 1024, FK * FN)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, FM * FK)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, FK * FN)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, FM * FN)
    scales = asc.LocalTensor(asc.uint64, asc.TPosition.C1, 64 * 1024, FN)
    back = asc.LocalTensor(asc.float16, asc.TPosition.C1, 128 * 1024, 256)
    asc.data_copy(a1, ag, asc.Nd2NzParams(1, FM, FK, 0, FK, FM, 1, 0))
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, FK, FN, 0, FN, FK, 1, 0))
    asc.data_copy(scales, qg, asc.DataCopyParams(1, FN * 8 // 32, 0, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a2, a1, asc.LoadData2DParamsV2(0, 0, FM // 16, FK // 16, FM // 16, FM // 16))
    bp = asc.LoadData2DParamsV2(0, 0, FK // 16, FN // 16, FK // 16, FN // 16, True, 0)
    asc.load_data(b2, b1, bp)
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(co1, a2, b2, asc.MmadParams(FM, FN, FK))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.set_flag(asc.HardEvent.MTE2_FIX, 0)
    asc.wait_flag(asc.HardEvent.MTE2_FIX, 0)
    p = asc.FixpipeParamsArch3510(FN, FM, FM, NZ_STRIDE, layout=asc.CO2Layout.NZ,
                                  quant_pre=asc.QuantModes.VQF322F16_PRE)  # fmt: skip
    asc.fixpipe(cg, co1, scales, p, asc.FixpipeConfig.cfg_nz())  # the fixpipe
    if flagged:
        asc.set_flag(asc.HardEvent.FIX_MTE2, 0)
        asc.wait_flag(asc.HardEvent.FIX_MTE2, 0)
    asc.data_copy(back, cg[at:], asc.DataCopyParams(1, 512 // 32, 0, 0))  # the read back


def _wide(at: int, flagged: bool) -> np.ndarray:
    a = np.ones((FM, FK), np.float16)
    b = np.ones((FK, FN), np.float16)
    words = np.full(FN, np.float32(1).view(np.uint32), np.uint64)
    c = np.full(2 * TILE + NZ_STRIDE * 16, 7, np.float16)
    wide_fixpipe[1](a, b, c, words, asc.ConstExpr(at), asc.ConstExpr(flagged), platform=A950,
                    sanitize="error")  # fmt: skip
    return c


def test_tiled_nz_fixpipe_records_every_instructions_span():
    c = _wide(32 * NZ_STRIDE, False)  # between tile 0 and tile 1: never written, clean
    assert np.all(c[32 * NZ_STRIDE : TILE] == 7) and np.all(c[TILE : TILE + 16] == FK)
    _wide(2 * TILE, True)  # the last tile, ordered by FIX -> MTE2: clean
    for tile in (1, 2):  # the old extent was the first instruction's span only
        with pytest.raises(RaceError) as err:
            _wide(tile * TILE, False)
        text = str(err.value)
        lo = tile * TILE * 2
        assert f"(RAW): pipe MTE2 reads GM argument 'c' bytes [{lo}, {lo + 512})" in text
        assert "that pipe FIX wrote" in text, text
        file = re.escape(__file__)
        assert re.search(rf"{file}:{_line(wide_fixpipe, '# the read back')}:", text), text
        assert re.search(rf"{file}:{_line(wide_fixpipe, '# the fixpipe')}:", text), text


def test_tiled_nz_fixpipe_extents_are_the_tiles():
    """The extent rule's spans per instruction: L0C column blocks, dst tiles, scales."""
    from asc_xdsl.runtime.simulator.ops.cube import (
        FIXPIPE_DEFAULTS,
        NZ,
        QUANT_NAMES,
        fixpipe_extents,
    )

    f = {**FIXPIPE_DEFAULTS, "nSize": FN, "mSize": FM, "srcStride": FM, "dstStride": NZ_STRIDE}
    f["quantPre"] = QUANT_NAMES.index("VQF322F16_PRE")
    out = fixpipe_extents(f, NZ, 4, 2, True)
    tile_bytes = 32 * NZ_STRIDE * 2  # 32 column blocks of 16 x 16 halves
    assert out["dst"] == [(0, tile_bytes), (TILE * 2, tile_bytes), (2 * TILE * 2, tile_bytes // 2)]
    assert out["cbuf_workspace"] == [(0, 4096), (4096, 4096), (8192, 2048)]
    assert out["src"] == [
        (i * 32 * FM * 16 * 4, n * FM * 16 * 4) for i, n in enumerate((32, 32, 16))
    ]


# -- the Reg unaligned store stream writes UB -----------------------------------------------


@asc.vf
def _stream_vf(x: asc.reg.UbPointer, z: asc.reg.UbPointer):
    """x's 64 floats streamed to z + 1 element: 252 bytes by the store, the 4 past the
    last 32-byte boundary by the Post's flush."""
    mask = asc.reg.create_mask(x.dtype)
    a = asc.reg.load_align(x)
    asc.reg.clear_spr()
    kept = asc.reg.squeeze(a, mask, asc.reg.GatherMaskMode.STORE_REG)
    u = asc.reg.unalign_reg_for_store()
    asc.reg.store_unalign_ar(z, kept, u, 1)
    asc.reg.store_unalign_post_ar(z, u, 1)


@jit
def _stream_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, flagged: asc.ConstExpr):
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 256)
    pipe.init_buffer(bz, 512)
    xl = bx.get(asc.float32)
    zl = bz.get(asc.float32)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, 64)
    asc.data_copy(zl, zg, 128)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    _stream_vf(xl, zl)  # the stream
    if flagged:
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg[64:], zl[64:], 8)  # the copy-out of the flushed tail


def test_unaligned_stream_flush_is_a_write():
    x = np.arange(1, 65, dtype=np.float32)
    z = np.zeros(128, np.float32)
    _stream_kernel[1](x, z, asc.ConstExpr(True), platform=A950, sanitize="error")
    np.testing.assert_array_equal(z[64:72], np.r_[x[63:], np.zeros(7, np.float32)])
    with pytest.raises(RaceError) as err:  # read as a read before: V read, MTE3 read
        _stream_kernel[1](x, np.zeros(128, np.float32), asc.ConstExpr(False), platform=A950,
                          sanitize="error")  # fmt: skip
    text = str(err.value)
    assert "(RAW): pipe MTE3 reads" in text and "that pipe V wrote" in text, text
    file = re.escape(__file__)
    assert re.search(rf"{file}:{_line(_stream_kernel, '# the stream')}:", text), text


# -- SIMT calls' GM accesses across blocks ------------------------------------------------


@asc.simt.vf(launch_bounds=64)
def _fill_from(out: asc.simt.Pointer, start: int):
    t = asc.simt.thread_idx.x
    out[start + t] = asc.simt.block_idx.x + 1


@jit
def _simt_fill(out: asc.GlobalAddress, step: asc.ConstExpr):
    """Each block's 32 threads write out[block * step : + 32]: overlapping when step < 32."""
    _fill_from[32](out, asc.get_block_idx() * step)


def test_simt_calls_gm_writes_are_checked_across_blocks():
    out = np.zeros(128, np.int32)
    _simt_fill[2](out, asc.ConstExpr(32), platform=A950, sanitize="error")
    np.testing.assert_array_equal(out[:64], np.repeat([1, 2], 32))
    with pytest.raises(RaceError) as err:
        _simt_fill[2](np.zeros(128, np.int32), asc.ConstExpr(16), platform=A950,
                      sanitize="error")  # fmt: skip
    text = str(err.value)
    assert "cross-core write-after-write race (WAW): AIV of block 1 writes GM argument" in text
    assert "'out' bytes [64, 128) that AIV of block 0 wrote in ascendc.simt.vf_call" in text
    assert re.search(rf"{re.escape(__file__)}:{_line(_simt_fill, '_fill_from[32]')}:", text)
