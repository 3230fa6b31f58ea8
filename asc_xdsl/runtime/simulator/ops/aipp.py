"""AIPP image loads: SetAippFunctions (the image and its conversions) and
LoadImageToLocal (GM -> L1 with them), as the Ascend C docs describe them.

`SetAippFunctions(src0[, src1], format, AippParams<U>)` keeps the image planes, the
format and the parameters per core. `LoadImageToLocal(dst, LoadImageToLocalParams)`
then writes dst (L1, A1/B1) as vertSize + top + bottom rows of horizSize + left +
right pixels, each pixel C0 elements of U (NC1HWC0 with C1 = 1), in these steps:

1. **Crop**: rows vertStartPos.., columns horizStartPos.. of the srcHorizSize-wide
   image (one row only with isSingleLineCopy: vertSize is then ignored).
2. **Channels** per format: RGB888 (3 bytes a pixel), XRGB8888 (4 bytes: the fourth
   channel is dropped, after isSwapAX moved X last, XRGB -> RGBX), YUV400 (1 channel),
   YUV420SP (Y plane src0, interleaved U/V plane src1 at half resolution: pixel (r, c)
   reads U, V at row r/2, columns 2*(c/2), 2*(c/2)+1). isSwapRB (RGB888, XRGB8888)
   swaps channels 0 and 2, isSwapUV (YUV420SP) channels 1 and 2.
3. **Data type conversion** into U: uint8 keeps the values; int8 is x - mean
   saturated to [-128, 127]; half is (x - mean - min) * var with each step in half
   (*decision*: half arithmetic, rounding after each step), per channel.
4. **HW padding** (top/bottom/left/right sizes): mode 0 the constant paddingValueCh<c>
   (left and right only, as the docs say), mode 1 each padding pixel the nearest image
   pixel on its row / column.
5. **Channel padding** to C0 = 32 bytes of U (mode 0) or 4 (mode 1) with cPaddingValue.

Refused with the reason: colour space conversion (isEnableCsc: its formula is only
drawn in the Ascend C docs, and the ACL AIPP docs' text formula names the biases the
other way round), padding modes 2 and 3 (block and mirrored-block copies, only drawn).
Invalid parameters (out of the documented ranges, odd positions the format needs even,
top/bottom padding in mode 0, dst outside L1) are errors.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects.ascendc import cube as cube_dialect
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError, UnsupportedOpError
from asc_xdsl.runtime.simulator.memory import GlobalTensor
from asc_xdsl.runtime.simulator.ops.copy import route
from asc_xdsl.runtime.simulator.ops.cube import _bytes, _check_align, _local, fields
from asc_xdsl.runtime.simulator.profile import charge_dma

YUV420SP, XRGB8888, RGB888, YUV400 = 0, 1, 4, 9
# format -> (name, bytes per pixel of src0, the even-position rules)
FORMATS = {
    YUV420SP: ("YUV420SP_U8", 1, ("horizStartPos", "vertStartPos", "srcHorizSize")),
    XRGB8888: ("XRGB8888_U8", 4, ("horizStartPos",)),
    RGB888: ("RGB888_U8", 3, ("horizStartPos",)),
    YUV400: ("YUV400_U8", 1, ("horizStartPos",)),
}

LOAD_DEFAULTS = {
    "horizSize": 0,
    "vertSize": 0,
    "horizStartPos": 0,
    "vertStartPos": 0,
    "srcHorizSize": 0,
    "topPadSize": 0,
    "botPadSize": 0,
    "leftPadSize": 0,
    "rightPadSize": 0,
    "sid": 0,
}
# the documented ranges of LoadImageToLocalParams
RANGES = {
    "horizSize": (2, 4095),
    "vertSize": (2, 4095),
    "horizStartPos": (0, 4095),
    "vertStartPos": (0, 4095),
    "srcHorizSize": (2, 4095),
    "topPadSize": (0, 32),
    "botPadSize": (0, 32),
    "leftPadSize": (0, 32),
    "rightPadSize": (0, 32),
}
# each AippParams member's defaults (kernel_struct_aipp.h's initialisers)
SUB_DEFAULTS = {
    "paddingParams": {"paddingMode": 0, **{f"paddingValueCh{i}": 0 for i in range(4)}},
    "swapParams": {"isSwapRB": False, "isSwapUV": False, "isSwapAX": False},
    "singleLineParams": {"isSingleLineCopy": False},
    "dtcParams": {
        **{f"dtcMeanCh{i}": 0 for i in range(3)},
        **{f"dtcMinCh{i}": 0.0 for i in range(3)},
        **{f"dtcVarCh{i}": 1.0 for i in range(3)},
        "dtcRoundMode": 0,
    },
    "cPaddingParams": {"cPaddingMode": 0, "cPaddingValue": 0},
    "cscParams": {"isEnableCsc": False},
}
AIPP_DEFAULTS = dict.fromkeys(SUB_DEFAULTS)  # AippParams' members: each unset until given


@handles(cube_dialect.SetAippFunctionsOp)
def _set_aipp(op, comp):
    """SetAippFunctions keeps the image planes, the format and the parameters for
    LoadImageToLocal; nothing else reads them."""
    srcs = [comp.slot(v) for v in (op.src0, op.src1) if v is not None]
    cfg, fmt = comp.slot(op.config), int(op.format.value.data)

    def run(e, c, _op=op):
        c.regs["AIPP"] = ([e[s] for s in srcs], fmt, e[cfg])

    return run


def _params(value) -> dict[str, dict]:
    top = fields(value, AIPP_DEFAULTS, "SetAippFunctions' AippParams")
    out = {}
    for name, defaults in SUB_DEFAULTS.items():
        sub = top[name]
        out[name] = dict(defaults) if sub is None else fields(sub, defaults, f"AippParams.{name}")
    return out


def _check_load(p: dict, fmt: int) -> None:
    for name, (lo, hi) in RANGES.items():
        if not lo <= int(p[name]) <= hi:
            raise SimulatorError(f"LoadImageToLocal: {name} {int(p[name])} is outside [{lo}, {hi}]")
    name, _, even = FORMATS[fmt]
    odd = [f"{k} {int(p[k])}" for k in even if int(p[k]) % 2]
    if odd:
        raise SimulatorError(f"LoadImageToLocal: {', '.join(odd)} must be even for {name}")
    if int(p["horizStartPos"]) + int(p["horizSize"]) > int(p["srcHorizSize"]):
        raise SimulatorError(
            f"LoadImageToLocal: columns {int(p['horizStartPos'])} + {int(p['horizSize'])} "
            f"are past the image's width srcHorizSize {int(p['srcHorizSize'])}"
        )


def _plane(t, start_row: int, rows: int, pitch: int, what: str) -> np.ndarray:
    """`rows` rows of `pitch` bytes of a GM plane from row `start_row`."""
    if not isinstance(t, GlobalTensor):
        raise SimulatorError(f"SetAippFunctions: {what} must be a global tensor")
    raw = t.bytes_at(start_row * pitch, rows * pitch, f"LoadImageToLocal reads {what}")
    return raw.reshape(rows, pitch)


def _channels(planes, fmt: int, p: dict, swap: dict, rows: int) -> np.ndarray:
    """The cropped image as (rows, horizSize, channels) uint8."""
    r0, c0, w = int(p["vertStartPos"]), int(p["horizStartPos"]), int(p["horizSize"])
    width = int(p["srcHorizSize"])
    _, bpp, _ = FORMATS[fmt]
    src0 = _plane(planes[0], r0, rows, width * bpp, "src0")
    px = src0[:, c0 * bpp : (c0 + w) * bpp].reshape(rows, w, bpp)
    if fmt == YUV400:
        return px
    if fmt == YUV420SP:
        if len(planes) < 2:
            raise SimulatorError("SetAippFunctions: YUV420SP needs src1, the UV plane")
        first, last = r0 // 2, (r0 + rows - 1) // 2
        uv = _plane(planes[1], first, last - first + 1, width, "src1")
        rr = np.arange(r0, r0 + rows) // 2 - first
        cc = (np.arange(c0, c0 + w) // 2) * 2
        u, v = uv[rr[:, None], cc[None, :]], uv[rr[:, None], cc[None, :] + 1]
        img = np.stack([px[..., 0], u, v], axis=-1)
        return img[..., [0, 2, 1]] if swap["isSwapUV"] else img
    if fmt == XRGB8888:
        px = px[..., 1:] if swap["isSwapAX"] else px[..., :3]  # XRGB -> RGBX, X dropped
    return px[..., ::-1] if swap["isSwapRB"] else px


def _convert(img: np.ndarray, dt: np.dtype, dtc: dict) -> np.ndarray:
    """Data type conversion into U, per channel (mean, min, var of channel c)."""
    if dt == np.uint8:
        return img.astype(np.uint8)
    ch = np.arange(img.shape[-1])
    mean = np.array([int(dtc[f"dtcMeanCh{i}"]) for i in ch], np.int32)
    x = img.astype(np.int32) - mean
    if dt == np.int8:
        return np.clip(x, -128, 127).astype(np.int8)
    if dt == np.float16:
        lo = np.array([dtc[f"dtcMinCh{i}"] for i in ch], np.float16)
        var = np.array([dtc[f"dtcVarCh{i}"] for i in ch], np.float16)
        return (x.astype(np.float16) - lo) * var
    raise SimulatorError(f"LoadImageToLocal into {dt}: AIPP outputs uint8, int8 or half")


def _hw_pad(img: np.ndarray, p: dict, pad: dict) -> np.ndarray:
    top, bot = int(p["topPadSize"]), int(p["botPadSize"])
    left, right = int(p["leftPadSize"]), int(p["rightPadSize"])
    if not top + bot + left + right:
        return img
    mode = int(pad["paddingMode"])
    widths = ((top, bot), (left, right), (0, 0))
    if mode == 0:
        if top or bot:
            raise SimulatorError(
                "LoadImageToLocal: padding mode 0 (constant) pads left and right only; "
                f"topPadSize {top} / botPadSize {bot} are invalid with it"
            )
        out = np.empty((img.shape[0], img.shape[1] + left + right, img.shape[2]), img.dtype)
        for ch in range(img.shape[2]):
            out[..., ch] = np.pad(
                img[..., ch], ((0, 0), (left, right)), constant_values=pad[f"paddingValueCh{ch}"]
            )
        return out
    if mode == 1:
        return np.pad(img, widths, mode="edge")
    if mode in (2, 3):
        raise UnsupportedOpError(
            f"LoadImageToLocal with padding mode {mode} ("
            f"{'block' if mode == 2 else 'mirrored block'} copy) is not simulated: the docs "
            "only draw which block it copies"
        )
    raise SimulatorError(f"AippPaddingParams.paddingMode {mode} is outside [0, 3]")


@handles(cube_dialect.LoadImageToLocalOp)
def _load_image(op, comp):
    d, lp = comp.slot(op.dst), comp.slot(op.load_data_params)
    dt = np.dtype(np_dtype(op.dst.type.element_type))

    def run(e, c, _op=op):
        state = c.regs.get("AIPP")
        if state is None:
            raise SimulatorError("LoadImageToLocal before SetAippFunctions set the image")
        planes, fmt, cfg = state
        if fmt not in FORMATS:
            raise SimulatorError(f"SetAippFunctions: AippInputFormat {fmt} is not an A2/A3 one")
        dst = _local(e[d], "LoadImageToLocal dst", ("L1",))
        _check_align(dst, "LoadImageToLocal dst", 32)
        p = fields(e[lp], LOAD_DEFAULTS, "LoadImageToLocalParams")
        _check_load(p, fmt)
        a = _params(cfg)
        if a["cscParams"]["isEnableCsc"]:
            raise UnsupportedOpError(
                "LoadImageToLocal with colour space conversion (isEnableCsc) is not "
                "simulated: the Ascend C docs give its formula only as a picture, and ACL's "
                "AIPP docs ((M x (in - input bias)) >> 8 for YUV -> RGB, (M x in) >> 8 + "
                "output bias for RGB -> YUV) name the biases the other way round from "
                "cscBiasIn / cscBiasOut"
            )
        rows = 1 if a["singleLineParams"]["isSingleLineCopy"] else int(p["vertSize"])
        img = _channels(planes, fmt, p, a["swapParams"], rows)
        img = _hw_pad(_convert(img, dt, a["dtcParams"]), p, a["paddingParams"])
        cpad = a["cPaddingParams"]
        c0 = 4 if int(cpad["cPaddingMode"]) == 1 else 32 // dt.itemsize
        if img.shape[2] > c0:
            raise SimulatorError(f"LoadImageToLocal: {img.shape[2]} channels exceed C0 = {c0}")
        out = np.full((*img.shape[:2], c0), cpad["cPaddingValue"]).astype(dt)
        out[..., : img.shape[2]] = img
        raw = np.ascontiguousarray(out).view(np.uint8).reshape(-1)
        _bytes(dst, 0, raw.size, "LoadImageToLocal writes dst")[:] = raw
        pipe, direction = route(dst, planes[0])
        charge_dma(c.cnt, pipe, direction, raw.size)

    return run
