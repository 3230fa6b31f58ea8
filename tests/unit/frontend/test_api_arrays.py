# ruff: noqa: F841 -- kernel variables are named for the C++ lines the tests check
"""asc.array and the structs with pointer fields (ShapeInfo(shape), MrgSort4Info,
VdeqInfo): compile only, exact Ascend C."""

import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError


@asc.jit
def arrays_and_pointer_structs():
    a = asc.array(asc.int32, 3, 7)
    a[1] = 5
    v = a[1]
    s1 = asc.ShapeInfo(asc.array(asc.uint32, [8, 4]))
    s2 = asc.ShapeInfo([8, 4], [16, 4], data_format=asc.DataFormat.NZ)
    x = asc.LocalTensor(asc.int32)
    x.set_shape_info(s1)
    x.set_shape_info(s2)
    src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
    dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=2048)
    lst = asc.MrgSortSrcList(asc.float16, src, src, src, src)
    info = asc.MrgSort4Info([16, 16, 16, 16], valid_bit=15)
    asc.mrg_sort4(dst, lst, info)
    asc.printf("%d\n", v)


def test_arrays_and_structs_with_pointer_fields():
    cpp = arrays_and_pointer_structs.compile(always_compile=True).asm["ascendc"]
    for line in (
        "int32_t a[3];",
        "a[c0_idx] = c7_i32;",
        "a[c1_idx] = c5_i32;",
        "int32_t v = a[c1_idx];",
        "uint32_t v11[2];",
        "v11[c0_idx] = v1;",
        "v11[c1_idx] = v2;",
        "AscendC::ShapeInfo s1{v3, v11, static_cast<AscendC::DataFormat>(c0_i32)};",
        "AscendC::ShapeInfo s2{v3, v12, v3, v13, static_cast<AscendC::DataFormat>(c1_i32)};",
        "uint16_t v14[4];",
        "AscendC::MrgSort4Info info{v14, c_false, v9, v10};",
        "AscendC::MrgSort4(dst, lst, info);",
    ):
        assert f"  {line}\n" in cpp, line


@asc.jit
def runtime_array_of_another_type(n: int):
    a = asc.array(asc.int32, 2)
    a[0] = n
    s = asc.ShapeInfo(a)


@asc.jit
def index_out_of_range():
    a = asc.array(asc.int32, 2)
    a[2] = 1


@pytest.mark.parametrize(
    "kernel, args, message",
    [
        (
            runtime_array_of_another_type,
            (3,),
            r"ShapeInfo: shape is an array of int32, the field a uint32\*: make the array "
            r"asc.uint32",
        ),
        (index_out_of_range, (), r"array index 2 is out of range \(the array has 2 elements\)"),
    ],
)
def test_errors(kernel, args, message):
    with pytest.raises(CompileError, match=message):
        kernel.compile(*args, always_compile=True)
