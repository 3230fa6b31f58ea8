"""AIPP on the simulator against numpy: SetAippFunctions keeps the image and its
conversions; LoadImageToLocal crops, swaps channels, converts the type, pads (HW and
channels) into L1 as [H, W, C0]; colour space conversion and the block padding modes
are refused with their reason, invalid parameters are errors."""

from __future__ import annotations

import numpy as np
import pytest
import simkit
from jitkit import gtensor

import asc_xdsl as asc
from asc_xdsl.runtime.simulator import SimulatorError, UnsupportedOpError

GT = "!ascendc.global_tensor<*xi8>"
H, W = 6, 10  # the source image


def test_set_aipp_functions_leaves_copies_alone():
    body = f"""
%cfg = ascendc.construct !ascendc.aipp_params<i8>()
ascendc.set_aipp_functions %gt0, %cfg, format = RGB888_U8 : ({GT}, !ascendc.aipp_params<i8>) -> ()
"""
    k = simkit.inout_kernel(body, [np.int8])
    x = np.arange(4096, dtype=np.int64).astype(np.int8)
    y = x.copy()
    k[1](y, sanitize="error")
    np.testing.assert_array_equal(y, x)


@asc.jit
def load_and_copy_out(l1, out, size, start, pads, count):
    """LoadImageToLocal of the size (horizontal, vertical) window at start (horizontal,
    vertical) of a W-wide image into l1, pads (top, bottom, left, right) added; then
    l1's first count elements out to GM at out."""
    params = asc.LoadImageToLocalParams(
        horiz_size=size[0], vert_size=size[1], horiz_start_pos=start[0],
        vert_start_pos=start[1], src_horiz_size=W, top_pad_size=pads[0],
        bot_pad_size=pads[1], left_pad_size=pads[2], right_pad_size=pads[3],
    )  # fmt: skip
    asc.load_image_to_local(l1, params)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(gtensor(out), l1, count=count)


@asc.jit
def rgb_kernel(img: asc.GlobalAddress, out: asc.GlobalAddress, csc: asc.ConstExpr[bool]):
    """RGB888 -> int8: crop 4 x 6 from (1, 2), R/B swapped, mean (10, 20, 30), two
    constant columns left (5, 6, 7) and one right, channels padded to 32 with -1."""
    src = gtensor(img)
    l1 = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.A1, addr=0, tile_size=4 * 9 * 32)
    cfg = asc.AippParams(
        dtype=asc.int8,
        padding_params=asc.AippPaddingParams(0, 5, 6, 7, 0),
        swap_params=asc.AippSwapParams(is_swap_rb=True),
        dtc_params=asc.AippDataTypeConvParams(10, 20, 30),
        c_padding_params=asc.AippChannelPaddingParams(0, -1),
        csc_params=asc.AippColorSpaceConvParams(is_enable_csc=csc),
    )
    asc.set_aipp_functions(src, asc.AippInputFormat.RGB888_U8, cfg)
    load_and_copy_out(l1, out, (6, 4), (2, 1), (0, 0, 2, 1), 4 * 9 * 32)


def test_rgb888_crop_swap_mean_and_paddings():
    img = np.random.default_rng(1).integers(0, 256, (H, W, 3), dtype=np.uint8)
    out = np.zeros(4 * 9 * 32, np.int8)
    rgb_kernel[1](img, out, False)
    crop = img[1:5, 2:8, ::-1].astype(np.int32) - np.array([10, 20, 30])
    want = np.full((4, 9, 32), -1, np.int8)
    want[:, 2:8, :3] = np.clip(crop, -128, 127)
    want[:, [0, 1, 8], :3] = [5, 6, 7]
    np.testing.assert_array_equal(out.reshape(4, 9, 32), want)


def test_colour_space_conversion_is_refused_with_the_reason():
    img = np.zeros((H, W, 3), np.uint8)
    msg = "colour space conversion.*only as a picture.*the other way round"
    with pytest.raises(UnsupportedOpError, match=msg):
        rgb_kernel[1](img, np.zeros(4 * 9 * 32, np.int8), True)


@asc.jit
def yuv_kernel(y: asc.GlobalAddress, uv: asc.GlobalAddress, out: asc.GlobalAddress):
    """YUV420SP -> half: crop 4 x 4 from (2, 4), U/V swapped, (x - mean - min) * var,
    channels padded to 4 (mode 1) with 0.5, edge padding one row above and below."""
    ys, uvs = gtensor(y), gtensor(uv)
    l1 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A1, addr=0, tile_size=6 * 4 * 4)
    cfg = asc.AippParams(
        dtype=asc.float16,
        padding_params=asc.AippPaddingParams(padding_mode=1),
        swap_params=asc.AippSwapParams(is_swap_uv=True),
        dtc_params=asc.AippDataTypeConvParams(16, 128, 128, 0.5, -1.0, 2.0, 0.0625, 0.125, 0.25),
        c_padding_params=asc.AippChannelPaddingParams(1, 0.5),
    )
    asc.set_aipp_functions(ys, uvs, asc.AippInputFormat.YUV420SP_U8, cfg)
    load_and_copy_out(l1, out, (4, 4), (4, 2), (1, 1, 0, 0), 6 * 4 * 4)


def test_yuv420sp_to_half_with_edge_padding_and_four_channels():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 256, (H, W), dtype=np.uint8)
    uv = rng.integers(0, 256, (H // 2, W), dtype=np.uint8)  # U, V interleaved, half rows
    out = np.zeros(6 * 4 * 4, np.float16)
    yuv_kernel[1](y, uv, out)
    rows, cols = np.arange(2, 6), np.arange(4, 8)
    u = uv[rows[:, None] // 2, (cols[None, :] // 2) * 2]
    v = uv[rows[:, None] // 2, (cols[None, :] // 2) * 2 + 1]
    img = np.stack([y[2:6, 4:8], v, u], axis=-1).astype(np.int32)  # U and V swapped
    x = (img - np.array([16, 128, 128])).astype(np.float16)
    x = (x - np.array([0.5, -1.0, 2.0], np.float16)) * np.array([0.0625, 0.125, 0.25], np.float16)
    want = np.full((6, 4, 4), 0.5, np.float16)
    want[1:5, :, :3] = x
    want[0], want[5] = want[1], want[4]  # edge rows
    want[0, :, 3] = want[5, :, 3] = 0.5
    np.testing.assert_array_equal(out.reshape(6, 4, 4), want)


@asc.jit
def xrgb_kernel(img: asc.GlobalAddress, out: asc.GlobalAddress, mode: asc.ConstExpr[int],
                top: asc.ConstExpr[int], single: asc.ConstExpr[bool]):  # fmt: skip
    """XRGB8888 (X first, moved last by isSwapAX) -> int8, one row with isSingleLineCopy."""
    src = gtensor(img)
    l1 = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.A1, addr=0, tile_size=8 * 4 * 32)
    cfg = asc.AippParams(
        dtype=asc.int8,
        padding_params=asc.AippPaddingParams(padding_mode=mode),
        swap_params=asc.AippSwapParams(is_swap_ax=True),
        single_line_params=asc.AippSingleLineParams(single),
        dtc_params=asc.AippDataTypeConvParams(128, 128, 128),
    )
    asc.set_aipp_functions(src, asc.AippInputFormat.XRGB8888_U8, cfg)
    load_and_copy_out(l1, out, (4, 3), (0, 2), (top, 0, 0, 0), 8 * 4 * 32)


def test_xrgb8888_single_line_drops_x():
    img = np.random.default_rng(3).integers(0, 256, (H, W, 4), dtype=np.uint8)
    out = np.zeros(8 * 4 * 32, np.int8)
    xrgb_kernel[1](img, out, 0, 0, True)
    got = out.reshape(-1, 4, 32)
    want = np.zeros((1, 4, 32), np.int8)
    want[..., :3] = np.clip(img[2:3, 0:4, 1:4].astype(np.int32) - 128, -128, 127)
    np.testing.assert_array_equal(got[:1], want)
    assert (got[1:] == 0).all()  # one row only: the rest of L1 as it was (zeros)


def test_top_padding_in_constant_mode_is_invalid():
    img = np.zeros((H, W, 4), np.uint8)
    with pytest.raises(SimulatorError, match=r"padding mode 0 .* topPadSize 1 .* invalid"):
        xrgb_kernel[1](img, np.zeros(8 * 4 * 32, np.int8), 0, 1, False)


def test_block_padding_is_refused_with_the_reason():
    img = np.zeros((H, W, 4), np.uint8)
    with pytest.raises(UnsupportedOpError, match="padding mode 2 \\(block copy\\) is not"):
        xrgb_kernel[1](img, np.zeros(8 * 4 * 32, np.int8), 2, 1, False)
