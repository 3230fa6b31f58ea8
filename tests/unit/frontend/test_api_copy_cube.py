"""The data movement and cube API (pyasc's names and keywords): compile-only kernels,
checked in their IR and Ascend C.

`asc.data_copy`, `asc.data_copy_pad`, `asc.load_data`, `asc.mmad`, `asc.fixpipe`, ...
are made from the op specs; a call picks the form its arguments' types fit (a count or
a `DataCopyParams`; a local or a global source). The frontend has no classes yet for
the cube's parameter structs (pyasc's `asc.MmadParams`, ...): the kernels here build
them with the small stand-ins below, which make the same `ascendc.construct`.
"""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend import dtypes as dt
from asc_xdsl.frontend.context import require_jit
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.frontend.values import IRValue


class _Struct(IRValue):
    """A parameter struct, default-constructed or from its first fields (stand-in)."""

    TYPE = ""
    FIELDS: tuple[tuple[dt.DataType | str, ...], ...] = ()

    def __init__(self, *fields: object) -> None:
        from asc_xdsl.dialects.ascendc.construct import ConstructOp
        from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES

        g = require_jit(type(self).__name__)
        kinds = self.FIELDS[: len(fields)]
        values = [
            g.scalar(v, dt.int64 if isinstance(k, str) else k)
            for v, k in zip(fields, kinds, strict=True)
        ]
        types = [STRUCT_TYPES[k]() if isinstance(k, str) else k.ir_type() for k in kinds]
        op = ConstructOp(STRUCT_TYPES[self.TYPE](), values, types if fields else None)
        self.handle = g.emit(op).result


class MmadParams(_Struct):
    TYPE = "MmadParamsType"


class LoadData2DParams(_Struct):
    TYPE = "LoadData2DParamsType"


class LoadData2dTransposeParams(_Struct):
    TYPE = "LoadData2dTransposeParamsType"


class FixpipeParamsV220(_Struct):
    TYPE = "FixpipeParamsV220Type"


class FixpipeConfig(_Struct):
    TYPE = "FixpipeConfigType"
    FIELDS = ("CO2LayoutType",)


class Nd2NzParams(_Struct):
    TYPE = "Nd2NzParamsType"


class SliceInfo(_Struct):
    TYPE = "SliceInfoType"


class CopyRepeatParams(_Struct):
    TYPE = "CopyRepeatParamsType"


X16 = np.zeros(256, np.float16)
X32 = np.zeros(256, np.float32)


@asc.jit
def copies(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, pad_value: float):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 256)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 512, 256)
    asc.data_copy(a, gx, n)
    asc.data_copy(b, a, count=128)
    params = asc.DataCopyParams(1, 16, 0, 0)
    asc.data_copy(gy, b, params)
    asc.data_copy(dst=b, src=gx, repeat_params=params)
    ext = asc.DataCopyExtParams(1, 64, 0, 0)
    pad = asc.DataCopyPadExtParams(x.dtype, True, 0, 2, 0)
    asc.data_copy_pad(a, gx, ext, pad)
    asc.data_copy_pad(gy, a, data_copy_params=ext)
    asc.data_copy(a, gx, Nd2NzParams())
    asc.data_copy(a, gx, [SliceInfo(), SliceInfo()], [SliceInfo(), SliceInfo()], 2)
    asc.copy(b, a, 128, 1, CopyRepeatParams())
    asc.copy(b, a, [0xFFFF, 0], 2, CopyRepeatParams(), is_set_mask=False)
    asc.set_pad_value(pad_value, asc.TPosition.VECIN)
    asc.set_pad_value(n)
    asc.set_pad_value(7, pos=asc.TPosition.VECOUT)


def test_data_copy_forms_from_argument_types():
    out = copies.compile(X16, X16, 64, 0.5, always_compile=True).asm["ascendc"]
    body = out.split("float pad_value) {\n", 1)[1]
    for line in (
        "AscendC::DataCopy(a, gx, n);",
        "AscendC::DataCopy(b, a, c128_i32);",
        "AscendC::DataCopy(gy, b, params);",
        "AscendC::DataCopy(b, gx, params);",
        "AscendC::DataCopyPad(a, gx, ext, pad);",
        "AscendC::DataCopyPad(gy, a, ext);",
        "AscendC::SetPadValue<float, AscendC::TPosition::VECIN>(pad_value);",
        "AscendC::SetPadValue<int32_t, AscendC::TPosition::MAX>(n);",
        "AscendC::SetPadValue<int32_t, AscendC::TPosition::VECOUT>(c7_i32);",
    ):
        assert line in body, (line, body)
    ir = copies.compile(X16, X16, 64, 0.5).asm["ir"]
    for op in (
        "ascendc.data_copy_l2",
        "ascendc.data_copy_l0",
        "ascendc.data_copy_pad_l0_ext",
        "ascendc.data_copy_pad_l2_ext",
        "ascendc.data_copy_nd2nz",
        "ascendc.data_copy_slice",
        "ascendc.copy_l1",
        "ascendc.copy_l0",
    ):
        assert f"{op} " in ir, op


def test_slices_and_copy_masks_are_c_arrays():
    out = copies.compile(X16, X16, 64, 0.5).asm["ascendc"]
    assert "AscendC::SliceInfo a_slice_info[] = {" in out
    assert "AscendC::SliceInfo gx_slice_info[] = {" in out
    assert "AscendC::DataCopy(a, gx, a_slice_info, gx_slice_info, c2_i32);" in out
    # isSetMask: a constant whose constexpr is the template argument (True -> 1).
    assert "AscendC::Copy<half, c1_i32>(b, a, c128_i32, c1_i32, " in out
    assert "uint64_t b_mask_list[] = {" in out
    assert "AscendC::Copy<half, c0_i32>(b, a, b_mask_list, c2_i32, " in out


@asc.jit(kernel_type="cube")
def matmul_tile(a: asc.GlobalAddress, c: asc.GlobalAddress, layout: asc.ConstExpr[int] = 1):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    asc.load_data(a1, ga, LoadData2DParams())
    asc.load_data(a2, a1, params=LoadData2DParams())
    asc.load_data_with_transpose(b2, a1, LoadData2dTransposeParams())
    asc.set_load_data_boundary(0)
    asc.set_hf32_mode(False)
    asc.mmad(co1, a2, b2, MmadParams())
    asc.fixpipe(gc, co1, FixpipeParamsV220(), FixpipeConfig(layout))


def test_cube_tile_ops():
    compiled = matmul_tile.compile(X16, X32, always_compile=True)
    out = compiled.asm["ascendc"]
    for line in (
        "AscendC::LoadData(a1, ga, ",
        "AscendC::LoadData(a2, a1, ",
        "AscendC::LoadDataWithTranspose(b2, a1, ",
        "AscendC::SetLoadDataBoundary(c0_i32);",
        "AscendC::SetHF32Mode(c_false);",
        "AscendC::Mmad(co1, a2, b2, ",
        "AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(gc, co1, ",
    ):
        assert line in out, (line, out)
    ir = compiled.asm["ir"]
    assert "ascendc.load_data_g2l " in ir
    assert "ascendc.load_data_l0 " in ir
    nz = matmul_tile.compile(X16, X32, layout=0).asm["ascendc"]
    assert "AscendC::Fixpipe<float, float, AscendC::CFG_NZ>(gc, co1, " in nz


@asc.jit
def copy_with_a_float_count(x: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(t, gx, 1.5)


@asc.jit
def copy_from_an_address(x: asc.GlobalAddress):
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(t, x, 64)


@asc.jit(kernel_type="cube")
def mmad_int32(c: asc.GlobalAddress):
    co1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, 256)
    asc.mmad(co1, co1, co1, MmadParams())


def test_errors_name_the_argument():
    with pytest.raises(CompileError, match="data_copy: count must be an integer"):
        copy_with_a_float_count.compile(X16, always_compile=True)
    with pytest.raises(
        CompileError,
        match="data_copy: src must be a LocalTensor or GlobalTensor, got a runtime GlobalAddress",
    ):
        copy_from_an_address.compile(X16, always_compile=True)
    with pytest.raises(CompileError, match="Mmad does not compute i32 <- i32 x i32"):
        mmad_int32.compile(X16, always_compile=True)
