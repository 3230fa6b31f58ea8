"""Advanced APIs other than math and matmul, as op specs (pyasc's `Adv/Kfc.td`,
`Activation.td`, `Sort.td`, `Quantization.td`, `Normalization.td`):

* the KFC server a cube core runs for its vector cores' matmul requests
  (`KfcServer::Init / InitObj / isRun / Run / Quit`);
* `SoftMax` and `SimpleSoftMax` (the latter from a given row sum and max);
* `Concat` and `Extract` around the sort of region proposals;
* `AscendQuant` (to int8) and `RmsNorm`.

Flags pyasc stores as unit attributes (`reuseSource`, `basicBlock`, ...) are C++
template arguments printed 0/1, as pyasc prints them. Scratch buffers are taken as
`LocalTensor<uint8_t>` (see `adv_common.tmp_buffer`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from xdsl.dialects.builtin import AnyFloat, IntegerType, MemRefType, Signedness, f32, i1
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.adv_common import (
    MATMUL_RULE,
    as_bytes,
    operand,
    tmp_buffer,
)
from asc_xdsl.dialects.ascendc.base import CastArg, EmitKind
from asc_xdsl.dialects.ascendc.spec import (
    GM_POINTER,
    INT,
    SCALAR,
    Arity,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    Result,
    SpecOp,
    local,
    local_of,
    of_type,
    predicate,
)
from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES
from asc_xdsl.dialects.ascendc.types import PipeType

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

FLOATS = ("f16", "f32")
_UI8 = IntegerType(8, Signedness.UNSIGNED)
_UI32 = IntegerType(32, Signedness.UNSIGNED)
_I8 = IntegerType(8)


# ---------------------------------------------------------------------------
# KfcServer: the cube core's side of a mixed (cube + vector) matmul
# ---------------------------------------------------------------------------

_KFC_SERVER = STRUCT_TYPES["KfcServerType"]
_SERVER = Operand("server", of_type(STRUCT_TYPES["KfcServerType"]), Effect.READ_WRITE)


def _workspace_arg(op: Any) -> Any:
    """`Init(GM_ADDR)`: a GM pointer to other than uint8_t is passed reinterpreted."""
    t = op.workspace.type
    if t.element_type == _UI8:
        return op.workspace
    return CastArg(op.workspace, MemRefType(_UI8, [-1], memory_space=t.memory_space), True)


class _IsRunOp(SpecOp):
    """pyasc's syntax names only the result's type: `%r = ascendc.kfc_server.is_run
    %server : i8` (the server's type is the one KfcServer type)."""

    @classmethod
    def parse(cls, parser: Parser) -> _IsRunOp:
        server = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        result = parser.parse_type()
        value = parser.resolve_operand(server, _KFC_SERVER())
        return cls.build(operands=[value], attributes=attrs, result_types=[result])

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.server)  # type: ignore[attr-defined]
        if self.attributes:
            printer.print_string(" ")
            printer.print_attr_dict(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.results[0].type)


_KFC: tuple[tuple[str, OpSpec], ...] = (
    (
        "KfcInitOp",
        OpSpec(
            "kfc_server.init",
            "Init",
            (_SERVER, Operand("workspace", GM_POINTER, Effect.READ_WRITE)),
            emit=EmitKind.MEMBER_FUNCTION,
            call=(_workspace_arg,),
            doc="`server.Init(workspace)`: the message queues to the vector cores live "
            "in the GM workspace.",
        ),
    ),
    (
        "KfcInitObjOp",
        OpSpec(
            "kfc_server.init_obj",
            "InitObj",
            (
                _SERVER,
                Operand("pipe", of_type(PipeType), Effect.READ_WRITE),
                Operand("ops", MATMUL_RULE, Effect.READ_WRITE, arity=Arity.VARIADIC),
            ),
            emit=EmitKind.MEMBER_FUNCTION,
            doc="`server.InitObj(&pipe, matmul...)`: the matmul objects the server runs.",
        ),
    ),
    (
        "KfcIsRunOp",
        OpSpec(
            "kfc_server.is_run",
            "isRun",
            (_SERVER,),
            results=(Result("value", INT, i1),),
            emit=EmitKind.MEMBER_FUNCTION,
            doc="`server.isRun()`: whether a vector core still sends requests.",
        ),
    ),
    (
        "KfcRunOp",
        OpSpec(
            "kfc_server.run",
            "Run",
            (_SERVER, Operand("matmul", MATMUL_RULE, Effect.READ_WRITE)),
            emit=EmitKind.MEMBER_FUNCTION,
            doc="`server.Run(matmul)`: serve the requests for `matmul`.",
        ),
    ),
    (
        "KfcQuitOp",
        OpSpec(
            "kfc_server.quit",
            "Quit",
            (_SERVER,),
            emit=EmitKind.MEMBER_FUNCTION,
            doc="`server.Quit()`: stop serving.",
        ),
    ),
)


for _cls, _spec in _KFC:
    FAMILY.add(_cls, _spec, _IsRunOp if _cls == "KfcIsRunOp" else SpecOp)


# ---------------------------------------------------------------------------
# SoftMax, SimpleSoftMax
# ---------------------------------------------------------------------------


class _SoftMaxOp(SpecOp):
    """The row sums and maxima are of the tensors' type, or float for half tensors."""

    def verify_(self) -> None:
        super().verify_()
        t, s = self.var_type("T"), self.var_type("S")
        if s != t and not (str(t) == "f16" and str(s) == "f32"):
            raise VerifyException(
                f"'{self.name}': sum_tensor and max_tensor hold {s}: they must hold the "
                f"element type of dst and src ({t}), or f32 when that is f16"
            )


_FLAGS = (
    Prop("reuseSource", py="reuse_source", default=False),
    Prop("basicBlock", py="basic_block", default=False),
    Prop("dataFormatNZ", py="data_format_nz", default=False),
)
_SOFTMAX_PY_PARAMS = (
    *("dst", "sum", "max", "src", "tiling", "temp_buffer"),
    *("reuse_source", "basic_block", "data_format_nz", "softmax_shape_info"),
)
for _cls, _m, _api, _effect, _doc in (
    (
        "SoftMaxOp",
        "softmax",
        "SoftMax",
        Effect.WRITE,
        "softmax of each row of src; the row sums and maxima go to sum_tensor, max_tensor",
    ),
    (
        "SimpleSoftMaxOp",
        "simple_softmax",
        "SimpleSoftMax",
        Effect.READ,
        "softmax of each row of src from its given sum and max",
    ),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            _api,
            (
                Operand("dst", local("T"), Effect.WRITE),
                Operand("sum_tensor", local("S"), _effect, py="sum"),
                Operand("max_tensor", local("S"), _effect, py="max"),
                Operand("src", local("T"), Effect.READ),
                tmp_buffer(),
                Operand("tiling", of_type(STRUCT_TYPES["SoftMaxTilingType"])),
                Operand(
                    "softmax_shape_info",
                    of_type(STRUCT_TYPES["SoftMaxShapeInfoType"]),
                    arity=Arity.OPTIONAL,
                ),
            ),
            props=_FLAGS,
            template=("T", "reuseSource", "basicBlock", "dataFormatNZ"),
            call=(
                "dst",
                "sum_tensor",
                "max_tensor",
                "src",
                as_bytes("shared_tmp_buffer"),
                "tiling",
                "softmax_shape_info",
            ),
            dtypes={"T": FLOATS, "S": FLOATS},
            pipe="V",
            sim=f"adv_softmax:{_m}",
            doc=f"`AscendC::{_api}<T, isReuseSource, isBasicBlock, isDataFormatNZ>(dst, "
            f"sum, max, src[, sharedTmpBuffer], tiling[, shapeInfo])`: {_doc}.",
            # pyasc has SoftMax only, its tiling before the scratch buffer.
            py="adv.softmax" if _m == "softmax" else None,
            py_params=_SOFTMAX_PY_PARAMS if _m == "softmax" else (),
        ),
        _SoftMaxOp,
    )


# ---------------------------------------------------------------------------
# Concat / Extract (around Sort of region proposals)
# ---------------------------------------------------------------------------

FAMILY.add(
    "ConcatOp",
    OpSpec(
        "concat",
        "Concat",
        (
            Operand("dst", local("T"), Effect.WRITE),
            Operand("src", local("T"), Effect.READ),
            Operand("tmp", local("T"), Effect.READ_WRITE),
            Operand("repeat_time", INT),
        ),
        dtypes={"T": FLOATS},
        pipe="V",
        py="adv.concat",
        sim="adv_concat",
        doc="`AscendC::Concat(dst, src, tmp, repeatTime)`: lay out scores as proposals for Sort.",
    ),
)
FAMILY.add(
    "ExtractOp",
    OpSpec(
        "extract",
        "Extract",
        (
            Operand("dst_value", local("T"), Effect.WRITE),
            Operand("dst_index", local_of(_UI32, "the indices"), Effect.WRITE),
            Operand("src", local("T"), Effect.READ),
            Operand("repeat_time", INT),
        ),
        dtypes={"T": FLOATS},
        pipe="V",
        py="adv.extract",
        sim="adv_extract",
        doc="`AscendC::Extract(dstValue, dstIndex, sorted, repeatTime)`: split sorted "
        "proposals into values and indices.",
    ),
)


# ---------------------------------------------------------------------------
# AscendQuant, RmsNorm
# ---------------------------------------------------------------------------

_FLOAT = predicate("a float", lambda t: isinstance(t, AnyFloat), "float", f32)


FAMILY.add(
    "QuantOp",
    OpSpec(
        "quant",
        "AscendQuant",
        (
            Operand("dst", local_of(_I8, "AscendQuant writes int8"), Effect.WRITE),
            Operand("src_tensor", local("T"), Effect.READ, py="src"),
            Operand("scale", _FLOAT),
            Operand("offset", _FLOAT),
            Operand("cal_count", INT, py="count"),
            tmp_buffer(),
            Operand(
                "config",
                of_type(STRUCT_TYPES["AscendQuantConfigType"]),
                arity=Arity.OPTIONAL,
            ),
        ),
        props=(Prop("isReuseSource", py="reuse_source", default=False),),
        template=("T", "isReuseSource", operand("config")),
        call=("dst", "src_tensor", as_bytes("shared_tmp_buffer"), "scale", "offset", "cal_count"),
        dtypes={"T": FLOATS},
        example={"config": 0},
        pipe="V",
        sim="adv_quant",
        py="adv.quant",
        py_params=(
            "dst",
            "src",
            "scale",
            "offset",
            "count",
            "temp_buffer",
            "reuse_source",
            "config",
        ),
        doc="`AscendC::AscendQuant<T, isReuseSource[, config]>(dst, src[, sharedTmpBuffer], "
        "scale, offset, calCount)`: dst = int8(src * scale + offset). A config is a "
        "constexpr `AscendQuantConfig` the printer declares at namespace scope (QUANT_CFG).",
    ),
)

FAMILY.add(
    "RmsNormOp",
    OpSpec(
        "rmsnorm",
        "RmsNorm",
        (
            Operand("dst", local("T"), Effect.WRITE),
            Operand("src", local("T"), Effect.READ),
            Operand("gamma", local("T"), Effect.READ),
            Operand("epsilon", SCALAR),
            Operand("tiling", of_type(STRUCT_TYPES["RmsNormTilingType"])),
            tmp_buffer(),
        ),
        props=(Prop("basicBlock", py="basic_block", default=False),),
        template=("T", "basicBlock"),
        call=("dst", "src", "gamma", as_bytes("shared_tmp_buffer"), "epsilon", "tiling"),
        dtypes={"T": FLOATS},
        pipe="V",
        sim="adv_rmsnorm",
        doc="`AscendC::RmsNorm<T, isBasicBlock>(dst, src, gamma[, sharedTmpBuffer], epsilon, "
        "tiling)`: dst = src / sqrt(mean(src^2) + epsilon) * gamma, per row.",
        py="adv.rmsnorm",
    ),
)

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.adv_misc import *  # noqa: F403
