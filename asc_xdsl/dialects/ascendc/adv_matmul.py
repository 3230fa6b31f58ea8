"""The matmul object's methods and its helpers (pyasc's `Adv/Matmul.td`), as op specs.

    ascendc.matmul.set_tensor_a %mm, %a, %false : !ascendc.matmul<...>, !ascendc.global_tensor<*xf16>, i1
    // mm.SetTensorA(a, false_);
    %ok = ascendc.matmul.iterate %mm, %false, %true : !ascendc.matmul<...>, i1, i1, i1
    // bool ok = mm.Iterate<true_>(false_);

The object's type (`adv_types.MatmulType`) fixes the element types of A, B, C and the
bias: the tensors an op passes must hold them. `sync` and `waitIterateBatch` are
template arguments, so they must be constants. Operands pyasc declares optional are
C++ trailing arguments with defaults: an optional one may only be given when the ones
before it are (`set_org_shape`'s orgKc needs orgKb).

The matmul object (and the tensors whose addresses it records) count as written by
every method, so no pass drops or reorders a call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IntegerAttr,
    IntegerType,
    MemRefType,
    Signedness,
    f32,
    i1,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.adv_common import (
    MATMUL_RULE,
    address_of,
    operand,
)
from asc_xdsl.dialects.ascendc.adv_types import MatmulType, MatrixSpec
from asc_xdsl.dialects.ascendc.base import GM_MEMORY_SPACE, CastArg, EmitKind, converted
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
    PropKind,
    Result,
    SpecOp,
    TypeRule,
    exact,
    global_,
    local,
    of_type,
    predicate,
    tensor,
)
from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES, of_struct
from asc_xdsl.dialects.ascendc.types import GlobalTensorType, LocalTensorType, PipeType
from asc_xdsl.enums import CubeFormat, LayoutMode, TPosition

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

_UI8 = IntegerType(8, Signedness.UNSIGNED)
_UI64 = IntegerType(64, Signedness.UNSIGNED)
_MM = Operand("matmul", MATMUL_RULE, Effect.READ_WRITE)


def _flag(name: str) -> Operand:
    """A bool template argument (`sync`, `waitIterateBatch`): a constant."""
    return Operand(name, INT, const=True)


def _opt(name: str) -> Operand:
    return Operand(name, INT, arity=Arity.OPTIONAL)


def _int(name: str) -> Operand:
    return Operand(name, INT)


def _tensor(var: str, sample: type = GlobalTensorType) -> TypeRule:
    """A local or global tensor of `var`; samples (tests, docs) are `sample` tensors, GM
    being where a matmul's operands usually are."""
    return tensor(var).replace(sample=lambda v: sample(v[var]))


def _global_of(element: Any, what: str) -> TypeRule:
    return predicate(
        f"a !ascendc.global_tensor of {element} ({what})",
        lambda t: isinstance(t, GlobalTensorType) and t.element_type == element,
        f"GlobalTensor<{element}>",
        GlobalTensorType(element),
    )


class MatmulOp(SpecOp):
    """A matmul method: the tensors it takes hold the element types the object's type
    fixes (ROLES: operand -> "a", "b", "c" or "bias"), and optional trailing arguments
    are given in order (C++ arguments are positional)."""

    VERIFY_READS_SIGNATURE: ClassVar[bool] = True  # (its verify_ reads types and attributes)

    ROLES: ClassVar[dict[str, dict[str, str]]] = {}  # mnemonic -> {operand: matrix}
    TRAILING: ClassVar[dict[str, tuple[str, ...]]] = {}  # mnemonic -> optional operands

    def verify_(self) -> None:
        super().verify_()
        mm = self.operands[0].type if self.operands else None
        if not isinstance(mm, MatmulType):
            return
        for name, which in self.ROLES.get(self.SPEC.mnemonic, {}).items():
            value = getattr(self, name) if not name.startswith("result:") else self.results[0]
            if value is None:
                continue
            element = getattr(value.type, "element_type", value.type)
            expected = mm.matrix(which).dtype
            if element != expected:
                what = name.removeprefix("result:")
                matrix = "the bias" if which == "bias" else which.upper()
                raise VerifyException(
                    f"'{self.name}': {what} holds {element}, but the matmul object's "
                    f"{matrix} is {expected}"
                )
        missing = None
        for name in self.TRAILING.get(self.SPEC.mnemonic, ()):
            if getattr(self, name) is None:
                missing = missing or name
            elif missing is not None:
                raise VerifyException(
                    f"'{self.name}': {name} needs {missing} before it (C++ arguments are "
                    "positional)"
                )


def _add(
    class_name: str,
    mnemonic: str,
    api: str,
    operands: tuple[Operand, ...],
    doc: str,
    *,
    roles: dict[str, str] | None = None,
    trailing: tuple[str, ...] = (),
    base: type[MatmulOp] = MatmulOp,
    **fields: Any,
) -> None:
    """Declare one matmul op (a member function of the object unless `emit` says else)."""
    fields.setdefault("emit", EmitKind.MEMBER_FUNCTION)
    if roles:
        MatmulOp.ROLES[f"matmul.{mnemonic}"] = roles
    if trailing:
        MatmulOp.TRAILING[f"matmul.{mnemonic}"] = trailing
    name = mnemonic if fields.get("emit") is not EmitKind.MEMBER_FUNCTION else f"matmul.{mnemonic}"
    FAMILY.add(class_name, OpSpec(name, api, operands, doc=doc, **fields), base)


def _scalar_as_element(ab: str) -> Callable[[Operation], SSAValue | CastArg]:
    """The `{ab}_scalar` operand as the element type of matrix `ab`."""

    def element(op: Operation) -> Attribute | None:
        mm = op.operands[0].type
        return mm.matrix(ab).dtype if isinstance(mm, MatmulType) else None

    return converted(f"{ab}_scalar", element)


_SYNC = (operand("sync"),)

# -- setup ---------------------------------------------------------------------------

_add(
    "MatmulInitOp",
    "init",
    "Init",
    (
        _MM,
        Operand("cube_tiling", of_struct("TCubeTilingType")),
        Operand("pipe", of_type(PipeType), Effect.READ_WRITE, arity=Arity.OPTIONAL),
    ),
    "`mm.Init(&tiling[, &pipe])`: the tiling the object computes with (and the pipe "
    "whose buffers it takes).",
    call=(address_of("cube_tiling"), address_of("pipe")),
)
for _ab in ("a", "b"):
    _AB = _ab.upper()
    _add(
        f"MatmulSetTensor{_AB}Op",
        f"set_tensor_{_ab}",
        f"SetTensor{_AB}",
        (_MM, Operand("tensor", _tensor(_AB), Effect.READ), _int("transpose")),
        f"`mm.SetTensor{_AB}(tensor, transpose)`: the {_AB} matrix (GM or local), "
        "transposed or not.",
        roles={"tensor": _ab},
        example={_AB: "f16"},
    )
    _add(
        f"MatmulSetTensor{_AB}ScalarOp",
        f"set_tensor_{_ab}_scalar",
        f"SetTensor{_AB}",
        (_MM, Operand(f"{_ab}_scalar", SCALAR)),
        f"`mm.SetTensor{_AB}(scalar)`: an {_AB} matrix of one repeated value (converted "
        f"to {_AB}'s element type: the overloads make any other type ambiguous).",
        call=(_scalar_as_element(_ab),),
    )
_add(
    "MatmulSetBiasOp",
    "set_bias",
    "SetBias",
    (_MM, Operand("tensor", _tensor("Bias"), Effect.READ)),
    "`mm.SetBias(tensor)`: add this bias row to the result.",
    roles={"tensor": "bias"},
)
_add("MatmulDisableBiasOp", "disable_bias", "DisableBias", (_MM,), "`mm.DisableBias()`.")


def _as_uint64(name: str) -> Any:
    """A pointer passed as `uint64_t` (`reinterpret_cast<uint64_t>(p)`); an integer as it is."""

    def item(op: Any) -> Any:
        value = getattr(op, name)
        if isinstance(value.type, MemRefType):
            return CastArg(value, _UI64, reinterpret=True)
        return value

    return item


_add(
    "MatmulSetSelfDefineDataOp",
    "set_self_define_data",
    "SetSelfDefineData",
    (
        _MM,
        Operand(
            "data_ptr",
            predicate(
                "a GM pointer (memref) or an integer",
                lambda t: isinstance(t, MemRefType | IntegerType),
                "uint64_t",
                MemRefType(_UI8, [DYNAMIC_INDEX], memory_space=IntegerAttr(GM_MEMORY_SPACE, 64)),
            ),
        ),
    ),
    "`mm.SetSelfDefineData(reinterpret_cast<uint64_t>(ptr))`: data for the callbacks.",
    call=(_as_uint64("data_ptr"),),
)
_add(
    "MatmulSetSparseIndexOp",
    "set_sparse_index",
    "SetSparseIndex",
    (_MM, Operand("index_global", _global_of(_UI8, "the sparse index"), Effect.READ)),
    "`mm.SetSparseIndex(index)`: the index of a sparse B matrix.",
)
_add(
    "MatmulSetUserDefInfoOp",
    "set_user_def_info",
    "SetUserDefInfo",
    (_MM, Operand("tiling_ptr", GM_POINTER)),
    "`mm.SetUserDefInfo(reinterpret_cast<uint64_t>(ptr))`: data for the callbacks.",
    call=(_as_uint64("tiling_ptr"),),
)


# -- compile-time tiling ---------------------------------------------------------------


def _matmul_type_arg(i: int) -> Any:
    """The i-th matrix (A, B, C, bias) of the op's `matmulType`: the backend spells it
    `matmul::MatmulType<...>`."""
    return lambda op: op.properties["matmulType"].matrices()[i]


class _ApiTilingOp(MatmulOp):
    def verify_(self) -> None:
        super().verify_()
        t = self.properties.get("matmulType")
        if not isinstance(t, MatmulType):
            raise VerifyException(f"'{self.name}': matmulType must be a !ascendc.matmul, got {t}")


_add(
    "MatmulGetMatmulApiTilingOp",
    "get_matmul_api_tiling",
    "GetMatmulApiTiling",
    (
        Operand("mm_cfg", of_struct("MatmulConfigType")),
        Operand("l1_size", INT),
    ),
    "`AscendC::GetMatmulApiTiling<A, B, C, Bias>(cfg, l1Size)`: the constant tiling of "
    "a matmul of the given types.",
    emit=EmitKind.FREE_FUNCTION,
    props=(Prop("matmulType", kind=PropKind.TYPE, py="matmul_type"),),
    results=(
        Result(
            "result",
            exact(STRUCT_TYPES["MatmulApiStaticTilingType"]()),
            STRUCT_TYPES["MatmulApiStaticTilingType"](),
        ),
    ),
    template=tuple(_matmul_type_arg(i) for i in range(4)),
    example={"matmulType": MatmulType.default_sample()},
    base=_ApiTilingOp,
)

# -- computing ---------------------------------------------------------------------------


class _IterateOp(MatmulOp):
    """pyasc's syntax, `%r = ascendc.matmul.iterate %mm, %partial, %sync[, %localC] :
    type(mm), type(partial), type(sync)[, type(localC)], type(r)`. pyasc's own format
    cannot read back what it prints without localC (the optional group swallows the
    result's type), and its tests write an empty slot instead (`i1, i1, , i1`): both
    read here, the former printed."""

    @classmethod
    def parse(cls, parser: Parser) -> _IterateOp:
        pos = parser.pos
        operands = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
        attrs = parser.parse_optional_attr_dict()
        if parser.parse_optional_punctuation(",") is not None:  # localC after attr-dict
            operands.append(parser.parse_unresolved_operand())
        if len(operands) not in (3, 4):
            parser.raise_error(
                f"'{cls.name}' takes the matmul, partialsum, sync and an optional local "
                f"tensor, got {len(operands)} operands",
                pos,
                parser.pos,
            )
        parser.parse_punctuation(":")
        types = [parser.parse_type()]
        while parser.parse_optional_punctuation(",") is not None:
            t = parser.parse_optional_type()
            if t is not None:
                types.append(t)
        if len(types) != len(operands) + 1:
            parser.raise_error(
                f"'{cls.name}': {len(operands)} operands and a result take "
                f"{len(operands) + 1} types, got {len(types)}",
                pos,
                parser.pos,
            )
        *operand_types, result = types
        values = [
            parser.resolve_operand(o, t) for o, t in zip(operands, operand_types, strict=True)
        ]
        matmul, partial, sync, *local = values
        return cls.build(
            operands=[matmul, partial, local, sync], attributes=attrs, result_types=[result]
        )

    def print(self, printer: Printer) -> None:
        local = self.local_cmaxtrix  # type: ignore[attr-defined]
        first = [self.matmul, self.partialsum, self.sync]  # type: ignore[attr-defined]
        printer.print_string(" ")
        printer.print_list(first, printer.print_operand)
        if self.attributes:
            printer.print_string(" ")
            printer.print_attr_dict(self.attributes)
        if local is not None:
            printer.print_string(", ")
            printer.print_operand(local)
        printer.print_string(" : ")
        values = [*first, *([local] if local is not None else []), self.results[0]]
        printer.print_list((v.type for v in values), printer.print_attribute)


_add(
    "MatmulIterateOp",
    "iterate",
    "Iterate",
    (
        _MM,
        _int("partialsum"),
        Operand("local_cmaxtrix", local(None), Effect.WRITE, arity=Arity.OPTIONAL),
        _flag("sync"),
    ),
    "`bool more = mm.Iterate<sync>(enPartialSum[, localC])`: compute the next base block "
    "of C; false when there is none.",
    results=(Result("result", INT, i1),),
    template=_SYNC,
    call=("partialsum", "local_cmaxtrix"),
    base=_IterateOp,
)


class _GetTensorCOp(MatmulOp):
    """With two destinations, C goes to GM and a local copy."""

    VERIFY_READS_SIGNATURE: ClassVar[bool] = True  # (its verify_ reads types and attributes)

    def verify_(self) -> None:
        super().verify_()
        if self.tensor2 is not None and not (  # type: ignore[attr-defined]
            isinstance(self.tensor.type, GlobalTensorType)  # type: ignore[attr-defined]
            and isinstance(self.tensor2.type, LocalTensorType)  # type: ignore[attr-defined]
        ):
            raise VerifyException(
                f"'{self.name}': with tensor2, tensor must be a global tensor and tensor2 "
                "a local one (GetTensorC(gm, local, ...))"
            )


_add(
    "MatmulGetTensorCOp",
    "get_tensor_c",
    "GetTensorC",
    (
        _MM,
        Operand("tensor", _tensor("C"), Effect.WRITE),
        Operand("tensor2", _tensor("C", LocalTensorType), Effect.WRITE, arity=Arity.OPTIONAL),
        _int("atomic"),
        _int("sequentialwrite"),
        _flag("sync"),
    ),
    "`mm.GetTensorC<sync>(tensor[, local], enAtomic, enSequentialWrite)`: copy out the "
    "block Iterate computed.",
    roles={"tensor": "c", "tensor2": "c"},
    template=_SYNC,
    call=("tensor", "tensor2", "atomic", "sequentialwrite"),
    base=_GetTensorCOp,
)

_RESULT_C = Result("result", global_(None), GlobalTensorType(f32))
_add(
    "MatmulGetTensorCReturnOp",
    "get_tensor_c_return",
    "GetTensorC",
    (_MM, _int("atomic"), _int("sequentialwrite"), _flag("sync")),
    "`GlobalTensor<C> c = mm.GetTensorC<sync>(enAtomic, enSequentialWrite)`: the block "
    "Iterate computed, in the workspace.",
    roles={"result:result": "c"},
    results=(_RESULT_C,),
    template=_SYNC,
    call=("atomic", "sequentialwrite"),
    format="$matmul `,` $atomic `,` $sequentialwrite `,` $sync attr-dict `:` type($matmul) "
    "`,` type($atomic) `,` type($sequentialwrite) `,` type($sync) `,` type($result)",
)


class _IterateAllOp(MatmulOp):
    def verify_(self) -> None:
        super().verify_()
        if isinstance(self.tensor.type, LocalTensorType) and any(  # type: ignore[attr-defined]
            getattr(self, n) is not None
            for n in ("en_senquential_write", "wait_iterate_all", "fake_msg")
        ):
            raise VerifyException(
                f"'{self.name}': into a local tensor, IterateAll takes only en_atomic"
            )


_ITERATE_ALL_OPTIONS = ("en_atomic", "en_senquential_write", "wait_iterate_all", "fake_msg")
_add(
    "MatmulIterateAllOp",
    "iterate_all",
    "IterateAll",
    (
        _MM,
        Operand("tensor", _tensor("C"), Effect.WRITE),
        *(_opt(n) for n in _ITERATE_ALL_OPTIONS),
        _flag("sync"),
    ),
    "`mm.IterateAll<sync>(tensor[, enAtomic[, enSequentialWrite[, waitIterateAll[, "
    "fakeMsg]]]])`: compute all of C into tensor.",
    roles={"tensor": "c"},
    trailing=_ITERATE_ALL_OPTIONS,
    template=_SYNC,
    call=("tensor", *_ITERATE_ALL_OPTIONS),
    base=_IterateAllOp,
)
_add(
    "MatmulWaitIterateAllOp",
    "wait_iterate_all",
    "WaitIterateAll",
    (_MM,),
    "`mm.WaitIterateAll()`: wait for an asynchronous IterateAll.",
)

_STRIDES = ("maxtrix_stride_a", "maxtrix_stride_b", "maxtrix_stride_c")


class _IterateBatchOp(MatmulOp):
    def verify_(self) -> None:
        super().verify_()
        if (
            isinstance(self.tensor.type, LocalTensorType)  # type: ignore[attr-defined]
            and self.wait_iterate_batch is not None  # type: ignore[attr-defined]
        ):
            raise VerifyException(
                f"'{self.name}': into a local tensor, IterateBatch takes no "
                "wait_iterate_batch (its only template argument is sync)"
            )


_add(
    "MatmulIterateBatchOp",
    "iterate_batch",
    "IterateBatch",
    (
        _MM,
        Operand("tensor", _tensor("C"), Effect.WRITE),
        _int("batch_a"),
        _int("batch_b"),
        _int("en_senquential_write"),
        *(_int(n) for n in _STRIDES),
        _opt("en_partial_sum"),
        _opt("en_atomic"),
        _flag("sync"),
        Operand("wait_iterate_batch", INT, arity=Arity.OPTIONAL, const=True),
    ),
    "`mm.IterateBatch<sync[, waitIterateBatch]>(tensor, batchA, batchB, "
    "enSequentialWrite, strideA, strideB, strideC[, enPartialSum[, enAtomic]])`: "
    "batched matmuls (mixed cube and vector cores).",
    roles={"tensor": "c"},
    trailing=("en_partial_sum", "en_atomic"),
    template=(operand("sync"), operand("wait_iterate_batch")),
    call=(
        "tensor",
        "batch_a",
        "batch_b",
        "en_senquential_write",
        *_STRIDES,
        "en_partial_sum",
        "en_atomic",
    ),
    base=_IterateBatchOp,
)
_add(
    "MatmulIterateBatchCubeOnlyOp",
    "iterate_batch_cube_only",
    "IterateBatch",
    (
        _MM,
        Operand("tensor", _tensor("C"), Effect.WRITE),
        _int("en_partial_sum"),
        _int("en_atomic"),
        _int("en_senquential_write"),
        *(_int(n) for n in _STRIDES),
    ),
    "`mm.IterateBatch(tensor, enPartialSum, enAtomic, enSequentialWrite, strideA, "
    "strideB, strideC)`: batched matmuls on a cube core alone.",
    roles={"tensor": "c"},
)
_add(
    "MatmulWaitIterateBatchOp",
    "wait_iterate_batch",
    "WaitIterateBatch",
    (_MM,),
    "`mm.WaitIterateBatch()`: wait for an asynchronous IterateBatch.",
)
_add(
    "MatmulGetBatchTensorCOp",
    "get_batch_tensor_c",
    "GetBatchTensorC",
    (_MM, _int("batch_a"), _int("batch_b"), _int("sequentialwrite"), _flag("sync")),
    "`GlobalTensor<C> c = mm.GetBatchTensorC<sync>(batchA, batchB, enSequentialWrite)`.",
    roles={"result:result": "c"},
    results=(_RESULT_C,),
    template=_SYNC,
    call=("batch_a", "batch_b", "sequentialwrite"),
    format="$matmul `,` $batch_a `,` $batch_b `,` $sequentialwrite `,` $sync attr-dict `:` "
    "type($matmul) `,` type($batch_a) `,` type($batch_b) `,` type($sequentialwrite) `,` "
    "type($sync) `,` type($result)",
)
_add(
    "MatmulGetBatchTensorCLocalMemOp",
    "get_batch_tensor_c_local_mem",
    "GetBatchTensorC",
    (
        _MM,
        Operand("c", local("C"), Effect.WRITE),
        _int("batch_a"),
        _int("batch_b"),
        _int("sequentialwrite"),
        _flag("sync"),
    ),
    "`mm.GetBatchTensorC<sync>(c, batchA, batchB, enSequentialWrite)`: one batch's C "
    "into a local tensor.",
    roles={"c": "c"},
    template=_SYNC,
    call=("c", "batch_a", "batch_b", "sequentialwrite"),
)


def _batch_sample() -> MatmulType:
    gm, nd, layout = TPosition.GM, CubeFormat.ND, LayoutMode.BSNGD
    from xdsl.dialects.builtin import f16

    return MatmulType(
        MatrixSpec(gm, nd, f16, layout=layout),
        MatrixSpec(gm, nd, f16, layout=layout),
        MatrixSpec(gm, nd, f32, layout=layout),
        MatrixSpec(gm, nd, f32),
    )


# A matmul of batch layouts (what IterateNBatch takes), as samples show it.
_BATCH_MM = Operand(
    "matmul", MATMUL_RULE.replace(sample=lambda v: _batch_sample()), Effect.READ_WRITE
)


class _IterateNBatchOp(MatmulOp):
    """IterateNBatch is for batch layouts (its header asserts so at compile time)."""

    def verify_(self) -> None:
        super().verify_()
        mm = self.matmul.type  # type: ignore[attr-defined]
        if not isinstance(mm, MatmulType):
            return
        bad = [
            f"{w.upper()} is {mm.matrix(w).layout.name}"
            for w, refused in (
                ("a", (LayoutMode.NONE, LayoutMode.NORMAL)),
                ("b", (LayoutMode.NONE, LayoutMode.NORMAL)),
                ("c", (LayoutMode.NORMAL,)),
            )
            if mm.matrix(w).layout in refused
        ]
        if bad:
            raise VerifyException(
                f"'{self.name}': IterateNBatch needs batch layouts (BSNGD, SBNGD, BNGS1S2) "
                f"for A and B and no NORMAL one for C: {', '.join(bad)}"
            )
        if mm.config.value("enable_mix_dual_master"):
            raise VerifyException(
                f"'{self.name}': IterateNBatch is not supported with enable_mix_dual_master"
            )


_add(
    "MatmulIterateNBatchOp",
    "iterate_n_batch",
    "IterateNBatch",
    (
        _BATCH_MM,
        _int("batch_loop"),
        _int("batch_a"),
        _int("batch_b"),
        _int("en_sequential_write"),
        _int("matrix_stride_a"),
        _int("matrix_stride_b"),
        _int("matrix_stride_c"),
        _flag("sync"),
        _flag("wait_iterate_batch"),
    ),
    "`mm.IterateNBatch<sync, waitIterateBatch>(batchLoop, batchA, batchB, "
    "enSequentialWrite, strideA, strideB, strideC)`: batchLoop IterateBatch calls.",
    template=(operand("sync"), operand("wait_iterate_batch")),
    call=(
        "batch_loop",
        "batch_a",
        "batch_b",
        "en_sequential_write",
        "matrix_stride_a",
        "matrix_stride_b",
        "matrix_stride_c",
    ),
    base=_IterateNBatchOp,
)
_add("MatmulEndOp", "end", "End", (_MM,), "`mm.End()`: release the object's resources.")


_add(
    "RegistMatmulObjOp",
    "regist_matmul_obj",
    "REGIST_MATMUL_OBJ",
    (
        Operand("pipe", of_type(PipeType), Effect.READ_WRITE),
        Operand("workspace", GM_POINTER, Effect.READ_WRITE),
        Operand("matmul", MATMUL_RULE, Effect.READ_WRITE),
        Operand("tiling", of_struct("TCubeTilingType"), arity=Arity.OPTIONAL),
    ),
    "`REGIST_MATMUL_OBJ(&pipe, workspace, mm[, &tiling])`: register the object with the "
    "cube core's KFC server (mixed kernels), and Init it with the tiling.",
    emit=EmitKind.CUSTOM,
)

# -- settings ------------------------------------------------------------------------------

for _cls, _m, _api, _names, _doc in (
    (
        "MatmulSetHF32Op",
        "set_hf32",
        "SetHF32",
        ("enable_hf32", "trans_mode"),
        "`mm.SetHF32(enable, transMode)`: compute float matmuls in HF32.",
    ),
    (
        "MatmulSetTailOp",
        "set_tail",
        "SetTail",
        ("tail_m", "tail_n", "tail_k"),
        "`mm.SetTail(m, n, k)`: the sizes of this core's last block.",
    ),
    (
        "MatmulSetSingleShapeOp",
        "set_single_shape",
        "SetSingleShape",
        ("singlem", "singlen", "singlek"),
        "`mm.SetSingleShape(m, n, k)`: this core's shape.",
    ),
    (
        "MatmulSetQuantScalarOp",
        "set_quant_scalar",
        "SetQuantScalar",
        ("quantscalar",),
        "`mm.SetQuantScalar(scale)`: quantize C by one scale.",
    ),
):
    _add(_cls, _m, _api, (_MM, *(_int(n) for n in _names)), _doc)


class _SetBatchNumOp(MatmulOp):
    """SetBatchNum is a member of the batch Matmul only: asc-devkit's `MatmulImpl`
    specialised for `A_TYPE::layout != LayoutMode::NONE` (batch_matmul_impl.h). The
    LayoutMode::NONE specialisations (matmul_impl.h, mx_matmul_impl.h) and
    `MatmulClient`, the `Matmul` of a kernel that is not ASCENDC_CUBE_ONLY
    (matmul_intf.h, matmul_client.h), have no such member."""

    def verify_(self) -> None:
        super().verify_()
        mm = self.matmul.type  # type: ignore[attr-defined]
        if not isinstance(mm, MatmulType):
            return
        if mm.matrix("a").layout is LayoutMode.NONE:
            raise VerifyException(
                f"'{self.name}': SetBatchNum is a member of the batch Matmul only (A of a "
                "batch layout: NORMAL, BSNGD, SBNGD, BNGS1S2); this matmul's A has layout "
                "NONE, whose Matmul has no SetBatchNum"
            )
        module = _module_of(self)
        if (
            module is not None
            and _COMPILE_MIX in module.attributes
            and _CUBE_ONLY not in module.attributes
        ):
            raise VerifyException(
                f"'{self.name}': SetBatchNum needs the cube-only Matmul (matmul_cube_only, "
                "`#define ASCENDC_CUBE_ONLY`); in a mixed kernel the Matmul is the vector "
                "side's MatmulClient, which has no SetBatchNum (pass the batch counts to "
                "IterateBatch instead)"
            )


# Module attributes of transforms/detect_kernel_type.py and define_cube_only.py (named
# here as strings: the dialect does not import the passes).
_COMPILE_MIX = "asc.compile_mix"
_CUBE_ONLY = "asc.matmul_cube_only"


def _module_of(op: Operation) -> Operation | None:
    parent = op.parent_op()
    while parent is not None and parent.parent_op() is not None:
        parent = parent.parent_op()
    return parent


_add(
    "MatmulSetBatchNumOp",
    "set_batch_num",
    "SetBatchNum",
    (_BATCH_MM, _int("batch_a"), _int("batch_b")),
    "`mm.SetBatchNum(batchA, batchB)`: how many A and B matrices a batch has (a batch "
    "layout's Matmul in a cube-only kernel).",
    base=_SetBatchNumOp,
)
_add(
    "MatmulSetOrgShapeOp",
    "set_org_shape",
    "SetOrgShape",
    (_MM, _int("orgm"), _int("orgn"), _int("orgka"), _opt("orgkb"), _opt("orgkc")),
    "`mm.SetOrgShape(m, n, k)` / `(m, n, ka, kb[, kc])`: the whole matrices' shape.",
    trailing=("orgkb", "orgkc"),
)
_add(
    "MatmulSetQuantVectorOp",
    "set_quant_vector",
    "SetQuantVector",
    (_MM, Operand("quantvector", _global_of(_UI64, "a scale per column"), Effect.READ)),
    "`mm.SetQuantVector(scales)`: quantize C by a scale per column.",
)


class _SetWorkspaceOp(MatmulOp):
    def verify_(self) -> None:
        super().verify_()
        is_tensor = isinstance(self.tensor.type, GlobalTensorType)  # type: ignore[attr-defined]
        has_size = self.size is not None  # type: ignore[attr-defined]
        if is_tensor == has_size:
            raise VerifyException(
                f"'{self.name}': SetWorkspace takes a global tensor, or a GM pointer and its size"
            )


_add(
    "MatmulSetWorkspaceOp",
    "set_workspace",
    "SetWorkspace",
    (
        _MM,
        Operand(
            "tensor",
            predicate(
                "a !ascendc.global_tensor or a GM pointer (memref)",
                lambda t: isinstance(t, GlobalTensorType | MemRefType),
                "GlobalTensor|GM*",
                GlobalTensorType(f32),
            ),
            Effect.READ_WRITE,
        ),
        _opt("size"),
    ),
    "`mm.SetWorkspace(gm)` / `(ptr, size)`: the GM scratch space of the object.",
    example={"size": 0},  # the sample passes a global tensor
    base=_SetWorkspaceOp,
)
_add(
    "MatmulWaitGetTensorCOp",
    "wait_get_tensor_c",
    "WaitGetTensorC",
    (_MM,),
    "`mm.WaitGetTensorC()`: wait for an AsyncGetTensorC.",
)
_add(
    "MatmulGetOffsetCOp",
    "get_offset_c",
    "GetOffsetC",
    (_MM,),
    "`MatrixOffset o = mm.GetOffsetC()`: where the current block of C is.",
    results=(
        Result(
            "result", exact(STRUCT_TYPES["MatrixOffsetType"]()), STRUCT_TYPES["MatrixOffsetType"]()
        ),
    ),
)
_add(
    "MatmulAsyncGetTensorCOp",
    "async_get_tensor_c",
    "AsyncGetTensorC",
    (_MM, Operand("tensor", local("C"), Effect.WRITE)),
    "`mm.AsyncGetTensorC(local)`: start copying the current block of C out.",
    roles={"tensor": "c"},
)

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.adv_matmul import *  # noqa: F403
