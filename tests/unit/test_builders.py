"""Every AscendC op can be built from Python, verified, printed and parsed back."""

from collections.abc import Callable

import pytest
from xdsl.builder import Builder, ImplicitBuilder
from xdsl.context import Context
from xdsl.dialects import arith, builtin, func
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    Float16Type,
    IndexType,
    IntegerType,
    MemRefType,
    ModuleOp,
    Signedness,
    f32,
    i32,
    i64,
)
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.parser import Parser
from xdsl.rewriter import InsertPoint

from asc_xdsl.backends.ascendc import to_ascendc
from asc_xdsl.dialects.ascendc import (
    HANDWRITTEN_OPS,
    TPosition,
    construct,
    data_copy,
    debug,
    framework,
    reg_scope,
    tensor,
    vector,
)
from asc_xdsl.dialects.ascendc.base import GM_MEMORY_SPACE, EmitKind
from asc_xdsl.dialects.ascendc.types import (
    DataCopyExtParamsType,
    DataCopyPadExtParamsType,
    DataCopyPadParamsType,
    DataCopyParamsType,
    GlobalTensorType,
    LocalTensorType,
    PipeType,
    QueueType,
    ShapeInfoType,
    TBufType,
)
from asc_xdsl.frontend.ir_context import make_context

ui32 = IntegerType(32, Signedness.UNSIGNED)
f16 = Float16Type()
GM_F32 = MemRefType(f32, [DYNAMIC_INDEX], memory_space=builtin.IntegerAttr(GM_MEMORY_SPACE, i64))
GT_F32 = GlobalTensorType(f32)
LT_F32 = LocalTensorType(f32)
LT_F16 = LocalTensorType(f16)
QUEUE = QueueType(TPosition.VECIN, 2)
TBUF = TBufType(TPosition.VECCALC)

# The function arguments every op below may use, by name.
ARGS: dict[str, builtin.TypeAttribute] = {
    "gm": GM_F32,
    "ffts": MemRefType(
        IntegerType(64, Signedness.UNSIGNED),
        [DYNAMIC_INDEX],
        memory_space=builtin.IntegerAttr(GM_MEMORY_SPACE, i64),
    ),
    "n": i32,
    "u": ui32,
    "idx": IndexType(),
    "x": f32,
    "h": f16,
    "gt": GT_F32,
    "lt": LT_F32,
    "lt2": LT_F32,
    "lt3": LT_F32,
    "lt16": LT_F16,
    "pipe": PipeType(),
    "q": QUEUE,
    "buf": TBUF,
    "params": DataCopyParamsType(),
    "pad": DataCopyPadParamsType(),
    "ext": DataCopyExtParamsType(),
    "pad_ext": DataCopyPadExtParamsType(f32),
    "shape": ShapeInfoType(),
}

Env = dict[str, SSAValue]


def _from_args(op_class: type[Operation], *names: str) -> Callable[[Env], Operation]:
    """Build `op_class` from the function arguments called `names`, in order."""
    return lambda e: op_class(*(e[name] for name in names))


# One way to build each op with its Python __init__.
BUILDERS: dict[type[Operation], Callable[[Env], Operation]] = {
    debug.PrintfOp: lambda e: debug.PrintfOp('n=%d x=%f "q"\n', [e["n"], e["x"]]),
    # (`__VEC_SCOPE__ { }`: a block, not a statement; test_reg_more.py has its body)
    reg_scope.RegVecScopeOp: lambda e: reg_scope.RegVecScopeOp(Region(Block())),
    construct.ConstructOp: lambda e: construct.ConstructOp(
        DataCopyParamsType(), [e["n"]] * 4, [IntegerType(16, Signedness.UNSIGNED)] * 4
    ),
}
ARGS["lt16i"] = LocalTensorType(IntegerType(16))

# Spec ops on Ascend C objects (object_ops.ObjectOp) keep the builders the frontend
# uses: result types and enum properties positionally, inferred result types.
OBJECT_BUILDERS: dict[type[Operation], Callable[[Env], Operation]] = {
    tensor.GlobalTensorOp: lambda e: tensor.GlobalTensorOp(GT_F32),
    tensor.LocalTensorOp: lambda e: tensor.LocalTensorOp(LT_F32),
    tensor.LocalTensorV2Op: lambda e: tensor.LocalTensorV2Op(
        TPosition.VECIN, e["u"], e["u"], LT_F32
    ),
    tensor.GlobalTensorSetGlobalBufferOp: lambda e: tensor.GlobalTensorSetGlobalBufferOp(
        e["gt"], e["gm"]
    ),
    tensor.GlobalTensorSubIndexOp: lambda e: tensor.GlobalTensorSubIndexOp(e["gt"], e["idx"]),
    tensor.LocalTensorSubIndexOp: lambda e: tensor.LocalTensorSubIndexOp(e["lt"], e["idx"]),
    tensor.GlobalTensorGetValueOp: lambda e: tensor.GlobalTensorGetValueOp(e["gt"], e["u"]),
    tensor.GlobalTensorSetValueOp: lambda e: tensor.GlobalTensorSetValueOp(e["gt"], e["u"], e["x"]),
    tensor.LocalTensorGetValueOp: lambda e: tensor.LocalTensorGetValueOp(e["lt"], e["u"]),
    tensor.LocalTensorSetValueOp: lambda e: tensor.LocalTensorSetValueOp(e["lt"], e["u"], e["x"]),
    framework.PipeOp: lambda e: framework.PipeOp(),
    framework.QueueOp: lambda e: framework.QueueOp(QUEUE),
    framework.TBufOp: lambda e: framework.TBufOp(TBUF),
    framework.PipeInitQueueOp: lambda e: framework.PipeInitQueueOp(
        e["pipe"], e["q"], e["n"], e["n"]
    ),
    framework.PipeInitBufferOp: lambda e: framework.PipeInitBufferOp(e["pipe"], e["buf"], e["n"]),
    framework.AllocTensorOp: lambda e: framework.AllocTensorOp(e["q"], LT_F32),
    framework.DeQueOp: lambda e: framework.DeQueOp(e["q"], LT_F32),
    framework.EnQueOp: lambda e: framework.EnQueOp(e["q"], e["lt"]),
    framework.FreeTensorOp: lambda e: framework.FreeTensorOp(e["q"], e["lt"]),
    framework.TBufGetTensorOp: lambda e: framework.TBufGetTensorOp(e["buf"], LT_F32, e["n"]),
    framework.TBufGetWithOffsetOp: lambda e: framework.TBufGetWithOffsetOp(
        e["buf"], e["u"], e["u"], LT_F32
    ),
}


def context() -> Context:
    return make_context()


def wrap(make: Callable[[Env], Operation]) -> tuple[ModuleOp, Operation]:
    """A module with one function whose arguments are ARGS and whose body is the op."""
    block = Block(arg_types=list(ARGS.values()))
    env: Env = {}
    for name, arg in zip(ARGS, block.args, strict=True):
        arg.name_hint = name
        env[name] = arg
    op = make(env)
    block.add_ops([op, func.ReturnOp()])
    f = func.FuncOp("f", (list(ARGS.values()), []), Region(block))
    return ModuleOp([f]), op


def test_every_op_has_a_builder():
    # Spec-defined ops are built from their specs in test_spec_ops.py.
    assert set(BUILDERS) == set(HANDWRITTEN_OPS)


@pytest.mark.parametrize("op_class", HANDWRITTEN_OPS, ids=lambda c: c.name)
def test_build_verify_print_parse(op_class):
    module, op = wrap(BUILDERS[op_class])
    assert isinstance(op, op_class)
    op.verify()
    module.verify()
    text = str(module)
    assert op_class.name in text
    reparsed = Parser(context(), text).parse_module()
    reparsed.verify()
    assert str(reparsed) == text
    assert reparsed.is_structurally_equivalent(module)
    [parsed_op] = [o for o in reparsed.walk() if isinstance(o, op_class)]
    assert parsed_op.properties == op.properties
    assert parsed_op.attributes == op.attributes
    assert parsed_op.result_types == op.result_types
    assert parsed_op.operand_types == op.operand_types
    assert [v.name_hint for v in parsed_op.operands] == [v.name_hint for v in op.operands]


@pytest.mark.parametrize("op_class", HANDWRITTEN_OPS, ids=lambda c: c.name)
def test_built_op_prints_as_ascendc(op_class):
    module, op = wrap(BUILDERS[op_class])
    text = to_ascendc(module)  # with the headers the module needs
    assert text.startswith('#include "kernel_operator.h"\n')
    body = text.split(") {\n", 1)[1].splitlines()
    assert body[-2:] == ["  return;", "}"]
    statement = body[-3]  # the op's own line, just before `return;`
    if op.regions:  # a block op: `__VEC_SCOPE__ {` ... `}`
        assert body[-5:-2] == [f"  {op_class.API_NAME}", "  {", "  }"]
        return
    assert statement.startswith("  ") and statement.endswith(";")
    if op.EMIT_KIND in (EmitKind.FREE_FUNCTION, EmitKind.MEMBER_FUNCTION):
        assert f"{op_class.API_NAME}" in statement
        assert "(" in statement
    elif op.EMIT_KIND is EmitKind.SUBSCRIPT:
        assert statement.endswith(f"[{op.operands[1].name_hint}];")
    elif op.EMIT_KIND is EmitKind.CONSTRUCTOR:
        assert statement.lstrip().startswith(op.results[0].type.CPP_CLASS)


@pytest.mark.parametrize("op_class", list(OBJECT_BUILDERS), ids=lambda c: c.name)
def test_object_op_builders(op_class):
    module, op = wrap(OBJECT_BUILDERS[op_class])
    assert isinstance(op, op_class)
    module.verify()
    reparsed = Parser(context(), str(module)).parse_module()
    assert str(reparsed) == str(module)
    assert to_ascendc(module).splitlines()[-3].endswith(";")


def test_object_op_builders_infer_result_types():
    _module, op = wrap(OBJECT_BUILDERS[tensor.LocalTensorGetValueOp])
    assert op.results[0].type == f32  # the tensor's element type
    _module, op = wrap(OBJECT_BUILDERS[tensor.GlobalTensorSubIndexOp])
    assert op.results[0].type == GT_F32  # the tensor's type
    _module, op = wrap(OBJECT_BUILDERS[tensor.LocalTensorV2Op])
    assert op.position is TPosition.VECIN  # an enum positionally


def test_kernel_built_with_builder_prints_as_ascendc():
    gm = GM_F32
    f = func.FuncOp("scale_kernel", ([gm, gm, i32], []))
    f.attributes["ascendc.aicore"] = builtin.UnitAttr()
    f.attributes["ascendc.global"] = builtin.UnitAttr()
    x, y, total = f.body.block.args
    for arg, name in zip((x, y, total), ("x", "y", "total"), strict=True):
        arg.name_hint = name
    with ImplicitBuilder(f.body.block):
        tile = arith.ConstantOp.from_int_and_width(256, 32)
        tile.results[0].name_hint = "tile"
        scale = arith.ConstantOp(builtin.FloatAttr(2.0, f32))
        scale.results[0].name_hint = "scale"
        pipe = framework.PipeOp()
        pipe.results[0].name_hint = "pipe"
        queue = framework.QueueOp(QUEUE)
        queue.results[0].name_hint = "que"
        bytes_ = arith.ConstantOp.from_int_and_width(1024, 32)
        bytes_.results[0].name_hint = "bytes"
        depth = arith.ConstantOp.from_int_and_width(2, 32)
        depth.results[0].name_hint = "depth"
        framework.PipeInitQueueOp(
            pipe.results[0], queue.results[0], depth.results[0], bytes_.results[0]
        )
        x_gm = tensor.GlobalTensorOp(GT_F32)
        x_gm.results[0].name_hint = "x_gm"
        tensor.GlobalTensorSetGlobalBufferOp(x_gm.results[0], x)
        local = framework.AllocTensorOp(queue.results[0], LT_F32)
        local.results[0].name_hint = "x_local"
        data_copy.DataCopyL2Op(local.results[0], x_gm.results[0], tile.results[0])
        vector.MulsL2Op(local.results[0], local.results[0], scale.results[0], tile.results[0])
        framework.FreeTensorOp(queue.results[0], local.results[0])
        func.ReturnOp()

    # A helper built with a (non-implicit) Builder at the start of its block.
    helper = func.FuncOp("twice", ([i32], [i32]))
    builder = Builder(InsertPoint.at_end(helper.body.block))
    (a,) = helper.body.block.args
    a.name_hint = "a"
    doubled = builder.insert(arith.AddiOp(a, a))
    doubled.results[0].name_hint = "doubled"
    builder.insert(func.ReturnOp(doubled.results[0]))

    module = ModuleOp([helper, f])
    module.verify()
    assert to_ascendc(module) == (
        '#include "kernel_operator.h"\n'
        "\n"
        "__inline__ __attribute__((always_inline)) __aicore__ int32_t twice(int32_t a) {\n"
        "  int32_t doubled = static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(a));\n"
        "  return doubled;\n"
        "}\n"
        "\n"
        'extern "C" __global__ __aicore__ void scale_kernel('
        "__gm__ float* x, __gm__ float* y, int32_t total) {\n"
        "  constexpr int32_t tile = 256;\n"
        "  constexpr float scale = 2.0f;\n"
        "  AscendC::TPipe pipe;\n"
        "  AscendC::TQue<AscendC::TPosition::VECIN, 2> que;\n"
        "  constexpr int32_t bytes = 1024;\n"
        "  constexpr int32_t depth = 2;\n"
        "  pipe.InitBuffer(que, depth, bytes);\n"
        "  AscendC::GlobalTensor<float> x_gm;\n"
        "  x_gm.SetGlobalBuffer(x);\n"
        "  AscendC::LocalTensor<float> x_local = que.AllocTensor<float>();\n"
        "  AscendC::DataCopy(x_local, x_gm, tile);\n"
        "  AscendC::Muls<float, 1>(x_local, x_local, scale, tile);\n"
        "  que.FreeTensor(x_local);\n"
        "  return;\n"
        "}\n"
    )
    # Building and printing left the IR valid and re-parsable.
    assert str(Parser(context(), str(module)).parse_module()) == str(module)
