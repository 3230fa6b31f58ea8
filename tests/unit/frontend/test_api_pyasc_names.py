# ruff: noqa: F841 -- kernel variables are named for the C++ lines the tests check
"""pyasc's names that issue 9's audit found missing: the option records
(CodegenOptions, CompileOptions, LaunchOptions), asc.void and DataType's predicates,
ConstExpr.unwrap, adv.MatmulApiStaticTiling, FixpipeConfig.cfg_nz/cfg_row_major,
pyasc's keyword names of the Matmul methods; and inspect.signature of the functions
made from op specs."""

import dataclasses
import inspect

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.frontend.jit import DEFAULT_OPTIONS

X = np.zeros(64, np.float32)


@asc.jit
def copy_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    yg.set_value(offset=0, value=xg.get_value(offset=0) + 1.0)


def test_option_records_are_the_option_keywords():
    compile_fields = {f.name: f.default for f in dataclasses.fields(asc.CompileOptions)}
    codegen_fields = {f.name: f.default for f in dataclasses.fields(asc.CodegenOptions)}
    assert compile_fields["opt_level"] == 3 and compile_fields["insert_sync"] is None
    assert codegen_fields == {"capture_exceptions": True, "ir_multithreading": True}
    # every field is a keyword @asc.jit takes, with the same default
    assert {**compile_fields, **codegen_fields}.items() <= DEFAULT_OPTIONS.items()
    # ... and one the compiler checks
    with pytest.raises(TypeError, match="option capture_exceptions must be True or False"):
        copy_kernel.compile(X, X, capture_exceptions="no")
    copy_kernel.compile(X, X, always_compile=True, ir_multithreading=False)


@asc.jit
def failing_kernel(x: asc.GlobalAddress):
    n = asc.void.sizeof()  # a ValueError raised while the line compiles


def test_capture_exceptions():
    with pytest.raises(CompileError, match="ValueError: data type void has no size") as e:
        failing_kernel.compile(X, always_compile=True)
    assert "test_api_pyasc_names.py:" in str(e.value)
    # capture_exceptions=False: the exception itself, with its own traceback
    with pytest.raises(ValueError, match="data type void has no size"):
        failing_kernel.compile(X, always_compile=True, capture_exceptions=False)


def test_launch_options():
    x, y = np.arange(64, dtype=np.float32), np.zeros(64, np.float32)
    copy_kernel[asc.LaunchOptions(core_num=1)](x, y)
    assert y[0] == 1.0
    assert asc.LaunchOptions() == asc.LaunchOptions(0, None)


def test_void_and_dtype_predicates():
    assert asc.DataType("void") is asc.void and asc.void.is_void()
    assert not asc.void.is_numeric() and not asc.float16.is_void()
    assert asc.uint8.is_unsigned() and not asc.int8.is_unsigned()
    assert asc.int32.is_numeric() and asc.float32.is_numeric()
    with pytest.raises(ValueError, match="data type void has no size"):
        asc.void.sizeof()
    with pytest.raises(TypeError, match=r"asc\.void is no element type"):
        asc.void.ir_type()


@asc.jit
def void_tensor(x: asc.GlobalAddress):
    t = asc.LocalTensor(asc.void, asc.TPosition.VECCALC, 0, 64)


def test_void_is_no_element_type_in_a_kernel():
    with pytest.raises(CompileError, match=r"asc\.void is no element type") as e:
        void_tensor.compile(X, always_compile=True)
    assert "test_api_pyasc_names.py:" in str(e.value)


def test_const_expr_unwrap():
    assert asc.ConstExpr.unwrap(asc.ConstExpr(4)) == 4
    assert asc.ConstExpr.unwrap(4) == 4


@asc.jit
def static_tiling(x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    t = asc.adv.MatmulApiStaticTiling(used_core_num=1, m=64, n=32)
    t.base_m = 16
    xg.set_value(0, t.n + t.base_m + t.k_a)


def test_matmul_api_static_tiling():
    cpp = static_tiling.compile(np.zeros(8, np.int32), always_compile=True).asm["ascendc"]
    assert "MatmulApiStaticTiling t{c1_i32, c64_i32, c32_i32};" in cpp
    assert "t.baseM = c16_i32;" in cpp
    assert "int32_t v1 = t.N;" in cpp and "int32_t v4 = t.Ka;" in cpp
    # on the host: a record whose members not given are -1, as the header's
    host = asc.adv.MatmulApiStaticTiling(m=8)
    assert host.m == 8 and host.k_a == -1 and host.used_core_num == -1


@asc.jit
def matmul_api_tiling(x: asc.GlobalAddress):
    gm, nd = asc.TPosition.GM, asc.CubeFormat.ND
    a = asc.adv.MatmulType(gm, nd, asc.float16)
    c = asc.adv.MatmulType(gm, nd, asc.float32)
    tiling = asc.adv.get_matmul_api_tiling(asc.adv.get_mdl_config(), 524288, a, a, c)
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    xg.set_value(0, tiling.base_k)


def test_get_matmul_api_tiling_gives_a_static_tiling():
    cpp = matmul_api_tiling.compile(np.zeros(8, np.int32), always_compile=True).asm["ascendc"]
    assert "AscendC::GetMatmulApiTiling<" in cpp
    assert ".baseK;" in cpp


@asc.jit
def fixpipe_presets(x: asc.GlobalAddress):
    dst = asc.GlobalTensor()
    dst.set_global_buffer(x)
    src = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.CO1, addr=0, tile_size=512)
    params = asc.FixpipeParamsV220(16, 16, 32, 32)
    asc.fixpipe(dst, src, params, asc.FixpipeConfig.cfg_row_major())
    asc.fixpipe(dst, src, params, asc.FixpipeConfig.cfg_nz())
    asc.fixpipe(dst, src, params)  # pyasc's default: FixpipeConfig.cfg_row_major
    asc.fixpipe(dst, src, params, config=asc.FixpipeConfig.cfg_nz)  # the preset itself


def test_fixpipe_config_presets():
    cpp = fixpipe_presets.compile(np.zeros(16, np.float16), always_compile=True).asm["ascendc"]
    for layout in ("ROW_MAJOR", "NZ"):
        call = f"AscendC::Fixpipe<half, float, AscendC::CFG_{layout}>(dst, src, params);"
        assert cpp.count(call) == 2, layout


def test_spec_functions_have_signatures():
    assert str(inspect.signature(asc.adv.acos)) == (
        "(dst, src, count=None, temp_buffer=None, is_reuse_source=False)"
    )
    assert len(asc.add.forms) >= 2  # the count form and the mask/repeat form
    assert str(inspect.signature(asc.TPipe.alloc_event_id)).startswith("(self, event=")
    pipe_method = asc.TPipe.alloc_event_id
    assert pipe_method.__get__(None, asc.TPipe) is pipe_method


def test_matmul_methods_take_pyasc_s_keywords():
    sig = inspect.signature(asc.adv.Matmul.iterate_all)
    assert list(sig.parameters)[:4] == ["self", "tensor", "en_atomic", "sync"]
    assert "org_ka" in inspect.signature(asc.adv.Matmul.set_org_shape).parameters
    assert "addr" in inspect.signature(asc.adv.Matmul.set_workspace).parameters


@asc.jit
def queue_keywords(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 0)  # in-place allocation needs depth 0
    pipe.init_buffer(que, 1, 256)
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 128)  # pyasc's (buf, num) form, positionally
    t = asc.LocalTensor(asc.float32)
    que.alloc_tensor(tensor=t)  # the in-place form by pyasc's keyword
    que.enque(t)
    que.deque(tensor=t)
    que.free_tensor(t)


def test_queue_methods_take_pyasc_s_forms():
    cpp = queue_keywords.compile(X, always_compile=True).asm["ascendc"]
    assert "pipe.InitBuffer(buf, c128_i32);" in cpp
    assert "que.AllocTensor<float>(t);" in cpp
    assert "que.DeQue<float>(t);" in cpp
    assert [str(s) for s in asc.TQue.alloc_tensor.forms] == ["(self, dtype)", "(self, tensor)"]


def test_pyasc_s_module_paths_of_the_option_records():
    from asc_xdsl.codegen.function_visitor import CodegenOptions
    from asc_xdsl.runtime.compiler import CompileOptions
    from asc_xdsl.runtime.launcher import LaunchOptions

    assert (CodegenOptions, CompileOptions, LaunchOptions) == (
        asc.CodegenOptions, asc.CompileOptions, asc.LaunchOptions,
    )  # fmt: skip


@asc.jit
def fixpipe_with_workspace(x: asc.GlobalAddress):
    dst = asc.GlobalTensor()
    dst.set_global_buffer(x)
    src = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.CO1, addr=0, tile_size=512)
    ws = asc.LocalTensor(dtype=asc.uint64, pos=asc.TPosition.C1, addr=0, tile_size=16)
    asc.fixpipe(dst, src, ws, asc.FixpipeParamsV220(16, 16, 32, 32))


def test_fixpipe_s_workspace_form_takes_the_default_config():
    compiled = fixpipe_with_workspace.compile(np.zeros(16, np.float16), always_compile=True)
    assert (
        "AscendC::Fixpipe<half, float, AscendC::CFG_ROW_MAJOR>(dst, src, ws, v10);"
        in (compiled.asm["ascendc"])
    )


@asc.jit
def slice_infos(x: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 256)
    s = asc.SliceInfo()  # pyasc's None defaults: the header's ONE_BLK_SIZE - 1 and ONE_BLK_SIZE
    t = asc.SliceInfo(0, 15, 1, 16)
    asc.data_copy(a, gx, [s, t], [t, s], 2)


def test_slice_info_defaults_are_the_header_s():
    cpp = slice_infos.compile(np.zeros(256, np.float16), always_compile=True).asm["ascendc"]
    assert "uint32_t v3 = static_cast<uint32_t>(c31_i32);" in cpp
    assert "uint32_t v4 = static_cast<uint32_t>(c32_i32);" in cpp
    assert "AscendC::SliceInfo s{v1, v3, v1, v4, v1};" in cpp


@asc.jit
def half_matmul_to(c: asc.GlobalAddress):
    """A float16 x float16 -> float32 GM Matmul and a GlobalTensor over `c`."""
    gm, nd = asc.TPosition.GM, asc.CubeFormat.ND
    a = asc.adv.MatmulType(gm, nd, asc.float16)
    mm = asc.adv.Matmul(a, a, asc.adv.MatmulType(gm, nd, asc.float32))
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    return mm, cg


@asc.jit
def tensor_c_positional(c: asc.GlobalAddress):
    mm, cg = half_matmul_to(c)
    block = mm.get_tensor_c(1, False, False)  # pyasc's form without a tensor: en_atomic first
    mm.get_tensor_c(cg, 0, False, True)


def test_get_tensor_c_without_a_tensor_positionally():
    cpp = tensor_c_positional.compile(np.zeros(64, np.float32), always_compile=True)
    cpp = cpp.asm["ascendc"]
    assert "AscendC::GlobalTensor<float> block = mm.GetTensorC<c_false>(v1, c_false);" in cpp
    assert "mm.GetTensorC<c_true>(cg, v2, c_false);" in cpp


@asc.jit
def iterate_batch_forms(c: asc.GlobalAddress):
    mm, cg = half_matmul_to(c)
    mm.iterate_batch(cg, 2, 3, False)
    mm.iterate_batch(cg, False, 0, False)  # pyasc's cube-only form (a bool second)
    mm.iterate_batch(cg, en_partial_sum=True, en_atomic=1, en_sequential_write=False)


def test_iterate_batch_forms():
    cpp = iterate_batch_forms.compile(np.zeros(64, np.float32), always_compile=True)
    lines = [x.strip() for x in cpp.asm["ascendc"].splitlines() if "IterateBatch" in x]
    assert lines == [
        "mm.IterateBatch<c_true, c_false>(cg, c2_i32, c3_i32, c_false, c0_i32, c0_i32, c0_i32, "
        "c_false, v1);",
        "mm.IterateBatch(cg, c0_i32, c0_i32, c0_i32, c0_i32, c0_i32, c0_i32);",
        "mm.IterateBatch(cg, c1_i32, c1_i32, c0_i32, c0_i32, c0_i32, c0_i32);",
    ]


@asc.jit
def shape_extents(x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    info = asc.ShapeInfo([4, 8], [2, 16])
    xg.set_value(0, info.shape(1) + info.original_shape(0))


def test_shape_info_extents():
    cpp = shape_extents.compile(np.zeros(8, np.int32), always_compile=True).asm["ascendc"]
    assert "int32_t v8 = info.shape[c1_i32];" in cpp
    assert "int32_t v9 = info.originalShape[c0_i32];" in cpp
    x = np.zeros(8, np.int32)
    shape_extents[1](x)
    assert x[0] == 8 + 2


@asc.jit
def image_params(x: asc.GlobalAddress, sid: int):
    p = asc.LoadImageToLocalParams(4, 4, 0, 0, 4, sid=sid)
    q = asc.LoadImageToLocalParams(4, 4)


def test_load_image_params_sid_is_set_after_the_constructor():
    cpp = image_params.compile(np.zeros(8, np.int8), 3, always_compile=True).asm["ascendc"]
    assert "AscendC::LoadImageToLocalParams p{" in cpp
    assert "p.sid = v6;" in cpp  # pyasc's sid=, a member the constructor does not take
    assert "q.sid" not in cpp  # sid=0 is the member's initialiser


@asc.jit
def print_address(x: asc.GlobalAddress):
    asc.printf("x at %p\n", x)


def test_printf_of_a_gm_address(capsys):
    x = np.zeros(8, np.float32)
    cpp = print_address.compile(x, always_compile=True).asm["ascendc"]
    assert 'AscendC::printf("x at %p\\n", x);' in cpp
    print_address[1](x)
    # the simulator prints the array's host address, as the CPU debug build does
    assert f"x at 0x{x.ctypes.data:x}\n" in capsys.readouterr().out
