"""Data movement and cube ops: the pipe each copy issues on (from where its tensors
live), their memory effects, what they tell the GM-write analysis, and the Ascend C of
the ops whose parameter structs the FileCheck emission tests cannot declare."""

from __future__ import annotations

import io

import pytest
from xdsl.dialects import func
from xdsl.parser import Parser
from xdsl.traits import MemoryEffectKind, get_effects

from asc_xdsl.backends.ascendc.printer import EmissionError, emit_ascendc
from asc_xdsl.dialects.ascendc.data_copy import DataCopyBaseOp, buffer_of
from asc_xdsl.frontend.ir_context import make_context
from asc_xdsl.transforms.gm_writes import written_params

LT = "!ascendc.local_tensor<*xf16>"
GT = "!ascendc.global_tensor<*xf16>"
CP = "!ascendc.data_copy_params"


def _ops(body: str, args: str = "") -> list:
    text = f"""
func.func @f(%gm: {GT}, %n: i32, %p: {CP}, %arg: {LT}, %c0: ui32, %c512: ui32{args}) {{
  %vecin = ascendc.local_tensor_v2 vecin, %c0, %c512 : {LT}
  %vecout = ascendc.local_tensor_v2 vecout, %c0, %c512 : {LT}
  %a1 = ascendc.local_tensor_v2 a1, %c0, %c512 : {LT}
  %a2 = ascendc.local_tensor_v2 a2, %c0, %c512 : {LT}
  %b2 = ascendc.local_tensor_v2 b2, %c0, %c512 : {LT}
  %co1 = ascendc.local_tensor_v2 co1, %c0, %c512 : !ascendc.local_tensor<*xf32>
  %q = ascendc.queue : !ascendc.queue<vecout, 1>
  %queued = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, {LT}
  %c8 = arith.constant 8 : index
  %view = ascendc.local_tensor.subindex %a1[%c8] : {LT}, index, {LT}
{body}
  return
}}
"""
    module = Parser(make_context(), text).parse_module()
    module.verify()
    f = next(op for op in module.ops if isinstance(op, func.FuncOp))
    # The ops of `body`: those after the tensors the prologue makes.
    ops = list(f.body.block.ops)
    first = max(i for i, op in enumerate(ops) if op.name == "ascendc.local_tensor.subindex") + 1
    return ops[first:-1]


@pytest.mark.parametrize(
    ("copy", "pipe"),
    [
        (f"ascendc.data_copy_l2 %vecin, %gm, %n : {LT}, {GT}, i32", "MTE2"),
        (f"ascendc.data_copy_l2 %gm, %vecout, %n : {GT}, {LT}, i32", "MTE3"),
        (f"ascendc.data_copy_l0 %vecout, %vecin, %p : {LT}, {LT}, {CP}", "V"),
        (f"ascendc.data_copy_l2 %gm, %queued, %n : {GT}, {LT}, i32", "MTE3"),
        (f"ascendc.data_copy_l2 %a1, %gm, %n : {LT}, {GT}, i32", "MTE2"),
        (f"ascendc.data_copy_l2 %gm, %a1, %n : {GT}, {LT}, i32", "MTE3"),
        (f"ascendc.data_copy_l0 %a1, %vecout, %p : {LT}, {LT}, {CP}", "MTE3"),
        # a view of an L1 tensor is in L1
        (f"ascendc.data_copy_l2 %gm, %view, %n : {GT}, {LT}, i32", "MTE3"),
        # a function argument: the buffer is unknown, a GM side still decides
        (f"ascendc.data_copy_l2 %arg, %gm, %n : {LT}, {GT}, i32", "MTE2"),
        (f"ascendc.data_copy_l2 %arg, %vecin, %n : {LT}, {LT}, i32", None),
        (
            f"ascendc.load_data_l0 %a2, %a1, %ld : {LT}, {LT}, !ascendc.load_data_2d_params",
            "MTE1",
        ),
        (
            f"ascendc.load_data_g2l %a1, %gm, %ld : {LT}, {GT}, !ascendc.load_data_2d_params",
            "MTE2",
        ),
        (
            "ascendc.data_copy_co12dst %gm, %co1, %co : "
            f"{GT}, !ascendc.local_tensor<*xf32>, !ascendc.data_copy_co12dst_params",
            "FIX",
        ),
        (f"ascendc.init_const_value %a1, %init : {LT}, !ascendc.init_const_value_params", "MTE2"),
        (f"ascendc.init_const_value %b2, %init : {LT}, !ascendc.init_const_value_params", "MTE1"),
        (f"ascendc.init_const_value %arg, %init : {LT}, !ascendc.init_const_value_params", None),
    ],
)
def test_pipe_follows_the_buffers(copy: str, pipe: str | None) -> None:
    args = (
        ", %ld: !ascendc.load_data_2d_params, %co: !ascendc.data_copy_co12dst_params, "
        "%init: !ascendc.init_const_value_params"
    )
    [op] = _ops(f"  {copy}", args)
    assert op.pipe == pipe


def test_buffer_of_positions() -> None:
    ops = _ops(
        f"  ascendc.data_copy_l2 %vecin, %gm, %n : {LT}, {GT}, i32\n"
        "  ascendc.data_copy_co12dst %gm, %co1, %co : "
        f"{GT}, !ascendc.local_tensor<*xf32>, !ascendc.data_copy_co12dst_params",
        ", %co: !ascendc.data_copy_co12dst_params",
    )
    assert [buffer_of(op.dst) for op in ops] == ["UB", "GM"]
    assert [buffer_of(op.src) for op in ops] == ["GM", "L0C"]


def test_fixed_pipes() -> None:
    args = (
        ", %c: !ascendc.local_tensor<*xf32>, %fp: !ascendc.fixpipe_params_v220, "
        "%cfg: !ascendc.fixpipe_config, %g32: !ascendc.global_tensor<*xf32>"
    )
    [fix] = _ops(
        "  ascendc.fixpipe %g32, %c, %fp, %cfg : !ascendc.global_tensor<*xf32>, "
        "!ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config",
        args,
    )
    assert fix.pipe == fix.PIPE == "FIX"
    assert isinstance(fix, DataCopyBaseOp)


def test_copies_write_dst_and_read_src_gm_included() -> None:
    [to_gm, from_gm] = _ops(
        f"  ascendc.data_copy_l2 %gm, %vecout, %n : {GT}, {LT}, i32\n"
        f"  ascendc.data_copy_l2 %vecin, %gm, %n : {LT}, {GT}, i32"
    )
    for op in (to_gm, from_gm):
        effects = get_effects(op)
        assert effects is not None
        assert {(e.kind, e.value) for e in effects} == {
            (MemoryEffectKind.WRITE, op.dst),
            (MemoryEffectKind.READ, op.src),
        }


def test_mmad_reads_and_writes_its_accumulator() -> None:
    text = """
func.func @f(%c: !ascendc.local_tensor<*xf32>, %a: !ascendc.local_tensor<*xf16>, %p: !ascendc.mmad_params) {
  ascendc.mmad %c, %a, %a, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.mmad_params
  return
}
"""
    module = Parser(make_context(), text).parse_module()
    mmad = next(op for op in module.walk() if op.name == "ascendc.mmad")
    effects = get_effects(mmad)
    assert effects is not None
    kinds = {(e.kind, e.value) for e in effects}
    assert (MemoryEffectKind.READ, mmad.dst) in kinds
    assert (MemoryEffectKind.WRITE, mmad.dst) in kinds
    assert (MemoryEffectKind.WRITE, mmad.fm) not in kinds
    assert mmad.PIPE == "M"


def test_gm_writes_of_cube_copies() -> None:
    # Fixpipe writes its GM destination; a LoadData from GM only reads it.
    text = """
func.func @k(%a: memref<?xf16, 22>, %c: memref<?xf32, 22>, %fp: !ascendc.fixpipe_params_v220, %c0: ui32, %c512: ui32) attributes {ascendc.aicore, ascendc.global} {
  %ga = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  %gc = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %ga, %a : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  ascendc.global_tensor.set_global_buffer %gc, %c : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %a1 = ascendc.local_tensor_v2 a1, %c0, %c512 : !ascendc.local_tensor<*xf16>
  %co1 = ascendc.local_tensor_v2 co1, %c0, %c512 : !ascendc.local_tensor<*xf32>
  %ld = ascendc.construct !ascendc.load_data_2d_params()
  ascendc.load_data_g2l %a1, %ga, %ld : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.load_data_2d_params
  %one = arith.constant 1 : i64
  %cfg = ascendc.construct !ascendc.fixpipe_config(%one) [!ascendc.co2_layout] : i64
  ascendc.fixpipe %gc, %co1, %fp, %cfg : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  return
}
"""
    module = Parser(make_context(), text).parse_module()
    module.verify()
    kernel = next(op for op in module.ops if isinstance(op, func.FuncOp))
    assert written_params(kernel) == [False, True, False, False, False]


# The Ascend C of ops whose parameter structs are C++ class templates
# (LoadData3DParamsV1<T>, LoadData3DParamsV2<T>, InitConstValueParams<T>, AippParams<T>):
# the dialect's types for them carry no element type yet, so a FileCheck test cannot
# declare them as parameters that the real headers accept. The call statements are these.
TEMPLATED_PARAMS = f"""
func.func @f(%a2: {LT}, %a1: {LT}, %v1: !ascendc.load_data_3d_params_v1<f16>, %v2: !ascendc.load_data_3d_params_v2<f16>, %init: !ascendc.init_const_value_params<f16>, %y: !ascendc.global_tensor<*xi8>, %uv: !ascendc.global_tensor<*xi8>, %cfg: !ascendc.aipp_params<i8>) {{
  ascendc.load_data_3d_l0_v1 %a2, %a1, %v1 : {LT}, {LT}, !ascendc.load_data_3d_params_v1<f16>
  ascendc.load_data_3d_l0_v2 %a2, %a1, %v2 : {LT}, {LT}, !ascendc.load_data_3d_params_v2<f16>
  ascendc.init_const_value %a1, %init : {LT}, !ascendc.init_const_value_params<f16>
  ascendc.set_aipp_functions %y, %cfg, format = XRGB8888_U8 : (!ascendc.global_tensor<*xi8>, !ascendc.aipp_params<i8>) -> ()
  ascendc.set_aipp_functions %y, %uv, %cfg, format = YUV420SP_U8 : (!ascendc.global_tensor<*xi8>, !ascendc.global_tensor<*xi8>, !ascendc.aipp_params<i8>) -> ()
  return
}}
"""


def test_statements_of_ops_with_templated_parameter_structs() -> None:
    module = Parser(make_context(), TEMPLATED_PARAMS).parse_module()
    out = io.StringIO()
    emit_ascendc(module, out)
    head, body_text = out.getvalue().split(") {\n", 1)
    # Class templates of an element type spell it where a value crosses a function boundary.
    for param in (
        "AscendC::LoadData3DParamsV1<half> v1",
        "AscendC::InitConstValueParams<half> init",
        "AscendC::AippParams<int8_t> cfg",
    ):
        assert param in head
    body = body_text.splitlines()
    assert body == [
        "  AscendC::LoadData(a2, a1, v1);",
        "  AscendC::LoadData(a2, a1, v2);",
        "  AscendC::InitConstValue(a1, init);",
        "  AscendC::SetAippFunctions(y, AscendC::AippInputFormat::XRGB8888_U8, cfg);",
        "  AscendC::SetAippFunctions(y, uv, AscendC::AippInputFormat::YUV420SP_U8, cfg);",
        "  return;",
        "}",
    ]


def test_a_class_template_without_its_element_type_is_no_parameter() -> None:
    text = "func.func @f(%c: !ascendc.init_const_value_params) {\n  return\n}"
    module = Parser(make_context(), text).parse_module()
    with pytest.raises(
        EmissionError, match=r"AscendC::InitConstValueParams<T> is a class template"
    ):
        emit_ascendc(module, io.StringIO())
