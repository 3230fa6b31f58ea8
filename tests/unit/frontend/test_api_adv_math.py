"""Compile-only tests of the advanced APIs (adv_math / adv_misc / adv_matmul specs).

pyasc exposes these APIs as `asc.adv.*` (the math functions from Python:
test_api_adv_namespace.py; the Matmul class not yet), so these kernels are written as
IR and compiled through the same pipeline an `@asc.jit` kernel goes through
(`runtime.ir_kernel`: verify, the JIT passes, the Ascend C printer), and built with the
op classes' Python builders.
"""

from __future__ import annotations

import pytest
from xdsl.dialects import arith, builtin, func
from xdsl.dialects.builtin import IntegerAttr, IntegerType, Signedness, f16, f32, i1, i32
from xdsl.ir import Block, Region

from asc_xdsl.backends.ascendc import to_ascendc
from asc_xdsl.dialects import ascendc
from asc_xdsl.dialects.ascendc.adv_types import MatmulConfigAttr, MatmulType, MatrixSpec
from asc_xdsl.enums import CubeFormat, LayoutMode, TPosition
from asc_xdsl.runtime.ir_kernel import KernelIRError, kernel_from_text

UI8 = IntegerType(8, Signedness.UNSIGNED)

# A vector kernel: x -> acosh(x) (a scratch buffer in UB), then exp(.) with a Taylor
# level, then x^2 (a scalar exponent), back to GM.
MATH_KERNEL = """
func.func @adv_math(%x: memref<?xf32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0 = "emitasc.constant"() <{value = 0 : ui32}> : () -> ui32
  %c4k = "emitasc.constant"() <{value = 4096 : ui32}> : () -> ui32
  %c1k = "emitasc.constant"() <{value = 1024 : ui32}> : () -> ui32
  %false = arith.constant false
  %level = arith.constant 10 : i8
  %two = arith.constant 2.0 : f32
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %g, %x, %n : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
  %t = ascendc.local_tensor_v2 vecin, %c0, %c1k : !ascendc.local_tensor<*xf32>
  %tmp = ascendc.local_tensor_v2 veccalc, %c4k, %c4k : !ascendc.local_tensor<*xui8>
  ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.acosh %t, %t, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, i32, i1
  ascendc.exp %t, %t, %n, %level, %tmp, %false : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i8, !ascendc.local_tensor<*xui8>, i1
  ascendc.power %t, %t, %two, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32, i1
  ascendc.data_copy_l2 %g, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}
"""


def _body_lines(cpp: str, function: str) -> list[str]:
    _, _, rest = cpp.partition(f" {function}(")
    assert rest, cpp
    body = rest.split(") {\n", 1)[1].split("\n}\n", 1)[0]
    return [line.strip() for line in body.splitlines()]


def test_math_kernel_compiles_to_the_advanced_apis() -> None:
    compiled = kernel_from_text(MATH_KERNEL, filename="adv_math.mlir")
    assert _body_lines(compiled.asm["ascendc"], "adv_math") == [
        "constexpr uint32_t c0 = 0;",
        "constexpr uint32_t c4k = 4096;",
        "constexpr uint32_t c1k = 1024;",
        "constexpr bool false_ = false;",
        "constexpr int8_t level = 10;",
        "constexpr float two = 2.0f;",
        "AscendC::GlobalTensor<float> g;",
        "g.SetGlobalBuffer(x, n);",
        "AscendC::LocalTensor<float> t = AscendC::LocalTensor<float>(AscendC::TPosition::VECIN, c0, c1k);",
        "AscendC::LocalTensor<uint8_t> tmp = "
        "AscendC::LocalTensor<uint8_t>(AscendC::TPosition::VECCALC, c4k, c4k);",
        "AscendC::DataCopy(t, g, n);",
        "AscendC::Acosh<float, false_>(t, t, tmp, n);",
        "AscendC::Exp<float, level, false_>(t, t, tmp, n);",
        "AscendC::Power<float, false_>(t, t, two, n);",
        "AscendC::DataCopy(g, t, n);",
        "return;",
    ]


def test_a_runtime_reuse_flag_is_a_located_error() -> None:
    text = MATH_KERNEL.replace("%n: i32) attributes", "%n: i32, %reuse: i1) attributes").replace(
        "%tmp, %n, %false {", "%tmp, %n, %reuse {"
    )
    with pytest.raises(KernelIRError) as e:
        kernel_from_text(text, filename="adv_math.mlir")
    message = str(e.value)
    assert "adv_math.mlir:14:3" in message
    assert (
        "'ascendc.acosh': is_reuse_source must be a constant (it is a C++ template "
        "argument), got a block argument" in message
    )


def _function(arg_types: list, build) -> builtin.ModuleOp:  # type: ignore[no-untyped-def]
    block = Block(arg_types=arg_types)
    ops = build(*block.args)
    block.add_ops([*ops, func.ReturnOp()])
    f = func.FuncOp("f", (arg_types, []), Region(block))
    module = builtin.ModuleOp([f])
    module.verify()
    return module


def test_builders_take_operands_in_spec_order() -> None:
    local = ascendc.LocalTensorType(f16)

    def build(dst, src, n):  # type: ignore[no-untyped-def]
        reuse = arith.ConstantOp(IntegerAttr(0, i1))
        op = ascendc.SinOp(dst, src, None, n, reuse.result)
        assert op.shared_tmp_buffer is None and op.cal_count is n
        assert op.SPEC.api == "Sin" and ascendc.SinOp.PIPE == "V"
        return [reuse, op]

    module = _function([local, local, i32], build)
    assert _body_lines(to_ascendc(module), "f") == [
        "constexpr bool c_false = false;",
        "AscendC::Sin<half, c_false>(v1, v2, v3);",
        "return;",
    ]


def test_matmul_object_declares_its_config() -> None:
    mm_type = MatmulType(
        MatrixSpec(TPosition.GM, CubeFormat.ND, f16),
        MatrixSpec(TPosition.GM, CubeFormat.ND, f16, transposed=True),
        MatrixSpec(TPosition.VECCALC, CubeFormat.ND, f32, layout=LayoutMode.NONE),
        MatrixSpec(TPosition.GM, CubeFormat.ND, f32),
        MatmulConfigAttr({"basic_m": 128, "enable_init": False}),
    )

    def build(a, b):  # type: ignore[no-untyped-def]
        mm = ascendc.ConstructOp(mm_type)
        return [
            mm,
            ascendc.MatmulSetHF32Op(mm.result, a, b),
            ascendc.MatmulEndOp(mm.result),
        ]

    cpp = to_ascendc(_function([i32, i32], build))
    config = (
        "constexpr static MatmulConfig CFG{1,0,0,128,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,"
        "BatchMode::NONE,1,1,1,1,1,1,1,255,1,0,0,0,IterateOrder::UNDEF,"
        "ScheduleType::INNER_PRODUCT,0,1,0,0,0,0,0,0,0,65536,BatchOutMode::SINGLE_BATCH};"
    )
    declaration = (
        "matmul::Matmul<"
        "matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, "
        "matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true, LayoutMode::NONE>, "
        "matmul::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND, float, false, "
        "LayoutMode::NONE>, "
        "matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, CFG> v3;"
    )
    assert config in cpp.splitlines()  # once, at namespace scope
    lines = _body_lines(cpp, "f")
    assert lines == [declaration, "v3.SetHF32(v1, v2);", "v3.End();", "return;"]
