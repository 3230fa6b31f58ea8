# ruff: noqa: F841 -- kernel variables are named for the C++ lines the tests check
"""asc.adv's Matmul object (MatmulType, Matmul and its methods, register_matmul,
`with mm.iterate() as i`), its config presets, the tiling structs (TCubeTiling,
SoftmaxTiling, RmsNormTiling), asc.property, adv.softmax/rmsnorm: compile only,
exact IR and Ascend C."""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError

F16 = np.zeros(64, np.float16)
F32 = np.zeros(64, np.float32)
U8 = np.zeros(64, np.uint8)


@asc.jit
def _types(c_dtype=asc.float32):
    gm, nd = asc.TPosition.GM, asc.CubeFormat.ND
    return (
        asc.adv.MatmulType(gm, nd, asc.float16),
        asc.adv.MatmulType(gm, nd, asc.float16, is_trans=True),
        asc.adv.MatmulType(gm, nd, c_dtype),
    )


@asc.jit
def matmul_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                  workspace: asc.GlobalAddress):  # fmt: skip
    pipe = asc.TPipe()
    a_type, b_type, c_type = _types()
    mm = asc.adv.Matmul(a_type, b_type, c_type, matmul_config=asc.adv.get_mdl_config())
    asc.adv.register_matmul(pipe, workspace, mm)
    tiling = asc.adv.TCubeTiling(
        used_core_num=1, m=64, n=64, k_a=64, k_b=64, base_m=64,
        share_l1_size=asc.property(asc.TOTAL_L1_SIZE),
    )  # fmt: skip
    mm.init(tiling)
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg, True)
    mm.set_org_shape(64, 64, 64)
    mm.set_tail(32, 32, 16)
    with mm.iterate() as i:
        mm.get_tensor_c(cg[i * 64 :])
    mm.iterate_all(cg, en_atomic=1)
    mm.end()


def test_matmul_object_and_iterate_loop():
    compiled = matmul_kernel.compile(F16, F16, F32, U8, always_compile=True)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    # the JIT pipeline's ascendc-generate-boilerplate adds the matmul API's header
    assert cpp.startswith('#include "kernel_operator.h"\n#include "lib/matmul_intf.h"\n')
    assert "ascendc.matmul.iterate %mm, %" in ir
    assert "scf.while" in ir
    for line in (
        # the MDL preset: doNorm 0, doMultiDataLoad 1, batchMode NONE
        "constexpr static MatmulConfig CFG{0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,"
        "BatchMode::NONE,",
        "matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true, LayoutMode::NONE>",
        "REGIST_MATMUL_OBJ(&pipe, workspace, mm);",
        "constexpr int32_t v4 = ::AscendC::TOTAL_L1_SIZE;",
        # members up to the last one given; the others are zero
        "TCubeTiling tiling{c1_i32, c64_i32, c64_i32, c64_i32, c64_i32, c0_i32, c0_i32, "
        "c0_i32, c64_i32, c0_i32, c0_i32, c0_i32, c0_i32, c0_i32, c0_i32, c0_i32, c0_i32, "
        "c0_i32, c0_i32, v4};",
        "mm.Init(&tiling);",
        "mm.SetTensorA(ag, c_false);",
        "mm.SetTensorB(bg, c_true);",
        "mm.SetOrgShape(c64_i32, c64_i32, c64_i32);",
        "mm.SetTail(c32_i32, c32_i32, c16_i32);",
        "int32_t i_1 = c0_i32;",
        "bool v5 = mm.Iterate<c_true>(c_false);",
        "AscendC::GlobalTensor<float> v7 = cg[v6];",
        "mm.GetTensorC<c_true>(v7, v2, c_false);",
        "int32_t i_3 = i_2 + c1_i32;",
        "mm.End();",
    ):
        assert line in cpp, line
    # ascendc-legalize-kernel-args (pyasc's): the mixed kernel's hidden FFTS address, and
    # the cube core's start message before anything else
    assert (
        "__gm__ uint8_t* workspace, __gm__ uint64_t* ffts_addr) {\n"
        "  set_ffts_base_addr(*ffts_addr);\n"
        "  bool v1 = g_coreType == AscendC::AIC;\n"
        "  if (v1) {\n"
        "    constexpr int64_t c3873_i64 = 3873;\n"
        "    ffts_cross_core_sync(PIPE_MTE3, c3873_i64);\n"
        "  }\n"
    ) in cpp
    assert "  mm.IterateAll<c_true>(cg, v3, c_false, c_false, c_false);\n" in cpp


def test_a_kernel_registering_a_matmul_object_is_mixed():
    # pyasc's rule (its detect-kernel-type): MIX_AIC_1_2, or AIC_ONLY with matmul_cube_only
    compiled = matmul_kernel.compile(F16, F16, F32, U8, always_compile=True)
    assert compiled.kernel_type == "mix"
    assert 'ascendc.kernel_type = "mix"' in compiled.asm["ir"]
    cube = matmul_kernel.compile(F16, F16, F32, U8, always_compile=True, matmul_cube_only=True)
    assert cube.kernel_type == "cube"
    given = matmul_kernel.compile(F16, F16, F32, U8, always_compile=True, kernel_type="aiv")
    assert given.kernel_type == "vector"  # a kernel type given is kept


@asc.jit
def adv_structs():
    dst = asc.LocalTensor(dtype=asc.float16)
    s = asc.LocalTensor(dtype=asc.float16)
    m = asc.LocalTensor(dtype=asc.float16)
    asc.adv.softmax(dst, s, m, dst, asc.adv.SoftmaxTiling(src_m=1, src_k=1, src_size=64))
    asc.adv.rmsnorm(dst, dst, s, 1, asc.adv.RmsNormTiling())


def test_softmax_rmsnorm_and_their_tilings():
    cpp = adv_structs.compile(always_compile=True).asm["ascendc"]
    for line in (
        "SoftMaxTiling v3{v1, v1, v2};",
        "AscendC::SoftMax<half, 0, 0, 0>(dst, s, m, dst, v3);",
        "RmsNormTiling v4{};",
        "AscendC::RmsNorm<half, 0>(dst, dst, s, cst_f16, v4);",
    ):
        assert f"  {line}\n" in cpp, line


def test_config_presets_follow_the_headers():
    cfg = asc.adv.get_normal_config()
    assert (cfg.do_norm, cfg.enable_ub_reuse, cfg.batch_mode) == (1, 1, 1)
    assert cfg.iterate_order == asc.IterateOrder.UNDEF
    basic = asc.adv.get_basic_config(128, 128, 64)
    assert (basic.do_norm, basic.do_basic_block, basic.basic_k, basic.en_unit_flag) == (0, 1, 64, 0)
    mm = asc.adv.get_mm_config(
        asc.MatmulConfigMode.CONFIG_MDL,
        asc.adv.MatmulShapeParams(128, 128, 128, 64, 64, 64),
        asc.adv.MatmulQuantParams(is_per_tensor=True),
    )
    assert (mm.do_multi_data_load, mm.single_core_m, mm.basic_k, mm.is_per_tensor) == (
        1,
        128,
        64,
        1,
    )
    assert asc.adv.get_ib_share_norm_config(is_double_cache=True).enable_double_cache == 1
    with pytest.raises(TypeError, match="get_basic_config is missing the argument 'basic_k'"):
        asc.adv.get_basic_config(1, 2)
    with pytest.raises(TypeError, match="MatmulConfig has no field 'nope'"):
        asc.adv.MatmulConfig(nope=1)


@asc.jit
def with_not_a_loop():
    with asc.TPipe() as p:
        pass


@asc.jit
def tensor_c_without_tensor_synchronously(workspace: asc.GlobalAddress):
    pipe = asc.TPipe()
    a_type, b_type, c_type = _types()
    mm = asc.adv.Matmul(a_type, b_type, c_type)
    mm.get_tensor_c()


@asc.jit
def matmul_of_non_types():
    mm = asc.adv.Matmul(asc.float16, asc.float16, asc.float16)


@pytest.mark.parametrize(
    "kernel, args, message",
    [
        (with_not_a_loop, (), "'with' in a kernel needs a loop context such as matmul.iterate()"),
        (
            tensor_c_without_tensor_synchronously,
            (U8,),
            "Matmul.get_tensor_c without a tensor needs sync=False",
        ),
        (matmul_of_non_types, (), "Matmul: a must be an asc.adv.MatmulType"),
    ],
)
def test_errors(kernel, args, message):
    with pytest.raises(CompileError, match=message.replace("(", r"\(").replace(")", r"\)")):
        kernel.compile(*args, always_compile=True)


def test_the_pipeline_leaves_no_header_for_the_printer_to_add():
    # The JIT prints its lowered module without looking for missing headers again
    # (to_ascendc(complete=True)): ascendc-generate-boilerplate included them all.
    from asc_xdsl.backends.ascendc import to_ascendc
    from asc_xdsl.transforms.generate_boilerplate import missing_headers

    for compiled in (
        matmul_kernel.compile(F16, F16, F32, U8, always_compile=True),
        matmul_kernel.compile(F16, F16, F32, U8, always_compile=True, matmul_cube_only=True),
        adv_structs.compile(always_compile=True),
    ):
        assert missing_headers(compiled.module) == []
        assert compiled.asm["ascendc"] == to_ascendc(compiled.module)
