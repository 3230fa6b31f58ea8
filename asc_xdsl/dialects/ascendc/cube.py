"""The cube unit, declared as op specs: loads into L0 (`LoadData` in its 2D/3D forms,
`LoadDataWithTranspose`, `LoadDataWithSparse`), `Mmad`, `Fixpipe` out of L0C,
`InitConstValue`, the load/matrix state setters (`SetFmatrix`, `SetLoadData*`,
`SetHF32Mode`, ...), AIPP image loads and the system workspace.

Loads and `Fixpipe` are copies (`data_copy.DataCopyBaseOp`): they write `dst`, read
`src`, and know their pipe (L1 -> L0 MTE1, GM -> L1/L0 MTE2, L0C -> GM FIX). `Mmad`
reads its inputs and reads and writes its accumulator (pipe M). The setters only
change state on the scalar pipe.

dtypes follow the Atlas A2/A3 tables of the Ascend C API docs (`Mmad`, `Fixpipe`,
`MmadWithSparse`, `LoadDataWithSparse`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    FunctionType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    Signedness,
)
from xdsl.ir import Operation, SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import (
    GM_MEMORY_SPACE,
    CallArg,
    CastArg,
    EmitKind,
)
from asc_xdsl.dialects.ascendc.data_copy import (
    GM_FROM_LOCAL,
    LOCAL_FROM_GM,
    LOCAL_FROM_LOCAL,
    CopyForm,
    DataCopyBaseOp,
    add_copy,
    buffer_of,
    check_soc_path,
    struct,
)
from asc_xdsl.dialects.ascendc.enums import AscEnum
from asc_xdsl.dialects.ascendc.fp8_types import MmadBitModeParamsType
from asc_xdsl.dialects.ascendc.object_ops import ObjectOp
from asc_xdsl.dialects.ascendc.spec import (
    BOOL,
    GM_POINTER,
    INT,
    SCALAR,
    UINT64,
    Arity,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    Result,
    SpecOp,
    TypeRule,
    exact,
    global_,
    local,
    predicate,
    tensor,
)
from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES
from asc_xdsl.dialects.ascendc.target import checks_atlas_a2_a3, declared_soc, soc_family
from asc_xdsl.dialects.ascendc.types import GlobalTensorType
from asc_xdsl.soc import ASCEND_950, ATLAS_A2_A3

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

_UI8 = IntegerType(8, Signedness.UNSIGNED)
_GM_BYTES = MemRefType(_UI8, [DYNAMIC_INDEX], memory_space=IntegerAttr(GM_MEMORY_SPACE, 64))
"""`__gm__ uint8_t*` (`GM_ADDR`): what the workspace APIs take and return."""


def _dst(rule: TypeRule) -> Operand:
    return Operand("dst", rule, Effect.WRITE)


def _src(rule: TypeRule) -> Operand:
    return Operand("src", rule, Effect.READ)


# ---------------------------------------------------------------------------
# LoadData: L1 -> L0A/L0B (MTE1) or GM -> L1/L0 (MTE2)
# ---------------------------------------------------------------------------

_LOAD_2D = struct("LoadData2DParamsType")
_LOAD_2D_V2 = struct("LoadData2DParamsV2Type")
_LOAD_3D_V1 = struct("LoadData3DParamsV1Type")
_LOAD_3D_V2 = struct("LoadData3DParamsV2Type")
_LOAD_3D_V2_PRO = struct("LoadData3DParamsV2ProType")
_LOAD_PARAM_TYPES = tuple(
    STRUCT_TYPES[name]
    for name in (
        "LoadData2DParamsType",
        "LoadData2DParamsV2Type",
        "LoadData3DParamsV1Type",
        "LoadData3DParamsV2Type",
        "LoadData3DParamsV2ProType",
    )
)
_ANY_LOAD_PARAMS = predicate(
    "LoadData parameters (!ascendc.load_data_2d_params[_v2], "
    "!ascendc.load_data_3d_params_v1/_v2/_v2_pro)",
    lambda t: isinstance(t, _LOAD_PARAM_TYPES),
    "LoadData*Params",
    _LOAD_PARAM_TYPES[0](),
)


LOAD_GM_V2_DTYPES = ("ui8", "i8", "f16", "bf16", "f32", "i32", "ui32")
"""The element types LoadData2DParamsV2 takes from GM on 950 (dav_3510
`LoadData2DGM2L1Cal`'s static_assert, less the fp4/fp8/hif8 types the dialect has not)."""


class _LoadDataOp(DataCopyBaseOp):
    """A LoadData form; LoadData2DParamsV2 is Ascend 950's (LoadData_2D_V2.md: not
    Atlas A2/A3), refused in a module compiled for another SoC. From GM it loads L1 only
    (GMToL1-2D矩阵搬运V2: dav_3510's GM -> L0A/L0B implementations only assert)."""

    def verify_(self) -> None:
        super().verify_()
        params = type(self.operands[2].type).__name__
        if params != "LoadData2DParamsV2Type":
            return
        family = soc_family(self)
        if family is not None and family != ASCEND_950:
            raise VerifyException(
                f"'{self.name}': LoadData with LoadData2DParamsV2 is an Ascend 950 (arch "
                f"3510) form; the module is compiled for {declared_soc(self)} ({family}), "
                "which loads L0A/L0B with LoadData2DParams or LoadData3DParamsV2 "
                "(compile for an Ascend 950 part, soc_version='Ascend950PR_9599')"
            )
        if self.SPEC.mnemonic == "load_data_g2l_v2":
            self._verify_from_gm()

    def _verify_from_gm(self) -> None:
        dst = buffer_of(self.dst)  # type: ignore[attr-defined]
        if dst in ("L0A", "L0B"):
            which = "A2" if dst == "L0A" else "B2"
            raise VerifyException(
                f"'{self.name}': LoadData with LoadData2DParamsV2 from GM loads L1 (A1/B1) "
                f"only on Ascend 950: dav_3510's LoadData2DGM2L0{dst[-1]}Cal only reports "
                f"'unsupported loaddata_2d_v2 from gm to {which} on current device' (load L1 "
                "from GM, then L0 from L1)"
            )
        if dst is not None and dst != "L1":
            raise VerifyException(
                f"'{self.name}': LoadData with LoadData2DParamsV2 from GM loads L1, not {dst}"
            )
        element = str(self.dst.type.element_type)  # type: ignore[attr-defined]
        if element not in LOAD_GM_V2_DTYPES:
            raise VerifyException(
                f"'{self.name}': LoadData with LoadData2DParamsV2 from GM takes "
                f"{', '.join(LOAD_GM_V2_DTYPES)} (dav_3510 LoadData2DGM2L1Cal's "
                f"static_assert), not {element}"
            )


# (class, mnemonic, src rule, params rule, pipe, description)
_LOAD_DATA_TABLE: tuple[tuple[str, str, TypeRule, TypeRule, str, str], ...] = (
    ("LoadDataL0Op", "load_data_l0", local(), _LOAD_2D, "MTE1", "2D, L1 -> L0A/L0B"),
    ("LoadDataG2LOp", "load_data_g2l", global_(), _LOAD_2D, "MTE2", "2D, GM -> L1/L0"),
    ("LoadDataL0V2Op", "load_data_l0_v2", local(), _LOAD_2D_V2, "MTE1", "2D V2, L1 -> L0"),
    ("LoadDataG2LV2Op", "load_data_g2l_v2", global_(), _LOAD_2D_V2, "MTE2", "2D V2, GM -> L1/L0"),
    ("LoadData3DL0V1Op", "load_data_3d_l0_v1", local(), _LOAD_3D_V1, "MTE1", "3D (img2col) V1"),
    ("LoadData3DL0V2Op", "load_data_3d_l0_v2", local(), _LOAD_3D_V2, "MTE1", "3D (img2col) V2"),
    (
        "LoadData3DL0V2ProOp",
        "load_data_3d_l0_v2pro",
        local(),
        _LOAD_3D_V2_PRO,
        "MTE1",
        "3D (img2col) V2Pro",
    ),
)
for _cls, _mnemonic, _src_rule, _params, _pipe, _what in _LOAD_DATA_TABLE:
    add_copy(
        FAMILY,
        _cls,
        OpSpec(
            _mnemonic,
            "LoadData",
            (_dst(local()), _src(_src_rule), Operand("load_data_params", _params, py="params")),
            pipe=_pipe,
            py="load_data",
            sim=f"cube:{_mnemonic}",
            doc=f"`AscendC::LoadData(dst, src, params)`: {_what}.",
        ),
        CopyForm(directions=(LOCAL_FROM_GM if _pipe == "MTE2" else LOCAL_FROM_LOCAL,)),
        _LoadDataOp,
    )

add_copy(
    FAMILY,
    "LoadDataOp",
    OpSpec(
        "load_data",
        "LoadData",
        (_dst(local()), _src(local()), Operand("load_data_params", _ANY_LOAD_PARAMS)),
        pipe="MTE1",
        sim="cube:load_data",
        doc="`AscendC::LoadData(dst, src, params)` with any LoadData parameter struct "
        "(pyasc's generic form), L1 -> L0.",
    ),
    CopyForm(directions=(LOCAL_FROM_LOCAL,)),
    _LoadDataOp,
)

for _cls, _mnemonic, _params in (
    ("LoadDataWithTransposeOp", "load_data_with_transpose", "LoadData2dTransposeParamsType"),
    ("LoadDataWithTransposeV2Op", "load_data_with_transpose_v2", "LoadData2dTransposeParamsV2Type"),
):
    add_copy(
        FAMILY,
        _cls,
        OpSpec(
            _mnemonic,
            "LoadDataWithTranspose",
            (
                _dst(local()),
                _src(local()),
                Operand("load_data_params", struct(_params), py="params"),
            ),
            pipe="MTE1",
            py="load_data_with_transpose",
            sim=f"cube:{_mnemonic}",
            doc="`AscendC::LoadDataWithTranspose(dst, src, params)`: L1 -> L0, transposed.",
        ),
        CopyForm(directions=(LOCAL_FROM_LOCAL,)),
    )

add_copy(
    FAMILY,
    "LoadDataWithSparseOp",
    OpSpec(
        "load_data_with_sparse",
        "LoadDataWithSparse",
        (
            _dst(local()),
            _src(local()),
            Operand("idx", local("U"), Effect.READ),
            Operand("load_data_param", _LOAD_2D, py="load_data_params"),
        ),
        dtypes={"T": ("i8",), "U": ("ui8",)},
        pipe="MTE1",
        py="load_data_with_sparse",
        sim="cube:load_data_with_sparse",
        doc="`AscendC::LoadDataWithSparse(dst, src, idx, LoadData2DParams)`: int8 weights "
        "and their uint8 sparsity index, L1 -> L0B.",
    ),
    CopyForm(directions=(LOCAL_FROM_LOCAL,)),
)


# ---------------------------------------------------------------------------
# Mmad: dst (L0C) += fm (L0A) x filter (L0B) [+ bias]
# ---------------------------------------------------------------------------

MMAD_TYPES: frozenset[tuple[str, str, str]] = frozenset(
    {("i32", "i8", "i8"), ("f32", "f16", "f16"), ("f32", "f32", "f32"), ("f32", "bf16", "bf16")}
)
"""(dst, fm, filter) element types `Mmad` computes on Atlas A2/A3 (a bias has dst's)."""

_FP8_MMAD = ("f8E4M3FN", "f8E5M2")
MMAD_TYPES_950: frozenset[tuple[str, str, str]] = MMAD_TYPES | frozenset(
    {("f32", a, b) for a in _FP8_MMAD for b in _FP8_MMAD}
    | {("f32", "!ascendc.hifloat8", "!ascendc.hifloat8")}
)
"""... on Ascend 950 (the Mmad page's tables 5 and 6: the Atlas A2/A3 forms, float <-
fp8_e4m3fn_t / fp8_e5m2_t in any pairing, float <- hifloat8_t x hifloat8_t; a bias is
float). The MX pairs (fp4, fp8 with e8m0 scales) are `MmadMx`'s, not these."""


def check_buffers(op: Operation, api: str, wanted: dict[str, tuple[str, ...]]) -> None:
    """Refuse an operand whose buffer the IR fixes (`buffer_of`) outside the ones the
    headers allow it (`CheckTensorPhyPosition`, an assertion of the CPU-debug build:
    impl/basic_api/kernel_operator_mm_check.h). An operand whose buffer the IR does not
    say (a function argument) is not checked."""
    for name, buffers in wanted.items():
        value = getattr(op, name, None)
        if value is None:
            continue
        buffer = buffer_of(value)
        if buffer is not None and buffer not in buffers:
            raise VerifyException(
                f"'{op.name}': {api}'s {name} must be in {' or '.join(buffers)}, "
                f"but it is in {buffer}"
            )


# Where Mmad's operands are (L0A x L0B -> L0C; a bias in L0C or the bias table).
MMAD_BUFFERS: dict[str, tuple[str, ...]] = {
    "dst": ("L0C",),
    "fm": ("L0A",),
    "filter": ("L0B",),
    "bias": ("L0C", "BT"),
}


class _MmadOp(SpecOp):
    def verify_(self) -> None:
        super().verify_()
        triple = tuple(str(self.var_type(v)) for v in ("T", "U", "S"))
        family = soc_family(self)
        table, where = {
            ATLAS_A2_A3: (MMAD_TYPES, "Atlas A2/A3"),
            ASCEND_950: (MMAD_TYPES_950, "Ascend 950"),
        }.get(family, (None, ""))  # type: ignore[arg-type]
        if table is not None and triple not in table:
            known = ", ".join(f"{d} <- {a} x {b}" for d, a, b in sorted(table))
            raise VerifyException(
                f"'{self.name}': Mmad does not compute {triple[0]} <- {triple[1]} x {triple[2]} "
                f"on {where} (dst <- fm x filter: {known})"
            )
        check_buffers(self, "Mmad", MMAD_BUFFERS)


_MMAD_PARAMS = struct("MmadParamsType")
_ACC = Operand("dst", local("T"), Effect.READ_WRITE)
_FM = Operand("fm", local("U"), Effect.READ)
for _cls, _mnemonic, _bias in (
    ("MmadOp", "mmad", ()),
    ("MmadWithBiasOp", "mmad_with_bias", (Operand("bias", local("T"), Effect.READ),)),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _mnemonic,
            "Mmad",
            (
                _ACC,
                _FM,
                Operand("filter", local("S"), Effect.READ),
                *_bias,
                Operand("mmad_params", _MMAD_PARAMS, py="params"),
            ),
            example={"T": "f32", "U": "f16", "S": "f16"},
            pipe="M",
            py="mmad",
            sim=f"cube:{_mnemonic}",
            doc="`AscendC::Mmad(dst, fm, filter, [bias,] MmadParams)`: dst = fm x filter "
            "(+ dst or bias), in L0C.",
        ),
        _MmadOp,
    )

# ---------------------------------------------------------------------------
# MX (microscaling, Ascend 950): MmadMx and the LoadData that brings the e8m0 scales
# ---------------------------------------------------------------------------

_FP4_MX = ("f4E2M1FN", "!ascendc.float4_e1m2")
MMAD_MX_TYPES: frozenset[tuple[str, str, str]] = frozenset(
    {("f32", a, b) for a in _FP4_MX for b in _FP4_MX}
    | {("f32", a, b) for a in _FP8_MMAD for b in _FP8_MMAD}
)
"""(dst, fm, filter) element types of `MmadMx` (dav_3510 `MmadMxCal`'s static_assert: float
<- fp4x2_e2m1_t / fp4x2_e1m2_t in any pairing, or fp8_e4m3fn_t / fp8_e5m2_t in any
pairing; a bias is float)."""


class _MmadMxOp(SpecOp):
    """`MmadMx`: Ascend 950 only (its element types are), A in L0A with its scales in
    L0A_MX, B in L0B with its scales in L0B_MX (put there by `LoadData` with a scale
    matrix), dst in L0C."""

    def verify_(self) -> None:
        super().verify_()
        triple = tuple(str(self.var_type(v)) for v in ("T", "U", "S"))
        if triple not in MMAD_MX_TYPES:
            known = ", ".join(f"{d} <- {a} x {b}" for d, a, b in sorted(MMAD_MX_TYPES))
            raise VerifyException(
                f"'{self.name}': MmadMx does not compute {triple[0]} <- {triple[1]} x "
                f"{triple[2]} (dav_3510 MmadMxCal's static_assert; dst <- fm x filter: {known})"
            )
        check_buffers(self, "MmadMx", MMAD_BUFFERS)

    @classmethod
    def complete_sample(cls, module, f, op) -> None:  # type: ignore[no-untyped-def]
        """The sample is for an Ascend 950 part (the op exists there only)."""
        from xdsl.dialects.builtin import StringAttr

        from asc_xdsl.soc import SOC_ATTR

        module.attributes[SOC_ATTR] = StringAttr("Ascend950PR_9599")


_MX_BIAS = (Operand("bias", local("T"), Effect.READ),)


def _add_mmad_mx(cls: str, mnemonic: str, bias: tuple, params, doc: str, base: type) -> None:
    """One `MmadMx` overload: dst, fm, filter, [bias,] and its params struct."""
    FAMILY.add(
        cls,
        OpSpec(
            mnemonic,
            "MmadMx",
            (
                _ACC,
                _FM,
                Operand("filter", local("S"), Effect.READ),
                *bias,
                Operand("mmad_params", params, py="params"),
            ),
            example={"T": "f32", "U": "f8E4M3FN", "S": "f8E5M2"},
            pipe="M",
            py="mmad_mx",
            sim=f"cube:{mnemonic}",
            doc=doc,
        ),
        base,
    )


for _cls, _mnemonic, _bias in (
    ("MmadMxOp", "mmad_mx", ()),
    ("MmadMxWithBiasOp", "mmad_mx_with_bias", _MX_BIAS),
):
    _add_mmad_mx(
        _cls,
        _mnemonic,
        _bias,
        _MMAD_PARAMS,
        "`AscendC::MmadMx(dst, fm, filter, [bias,] MmadParams)` (Ascend 950): dst = "
        "(scaleA (x) fm) x (scaleB (x) filter) (+ dst or bias), each 32 elements along K "
        "scaled by one e8m0 of L0A_MX / L0B_MX.",
        _MmadMxOp,
    )


# MmadMx with MmadBitModeParams (Ascend 950): the class, its constructors and setters
# (kernel_operator_mm_bitmode_intf.h; dav_3510 kernel_operator_mm_bitmode_impl.h), and
# the two MmadMx overloads that take it (kernel_operator_mm_intf.h, MmadMxCal's
# MmadBitModeParams forms).

_BIT_MODE = exact(MmadBitModeParamsType())


class _BitModeObjectOp(ObjectOp):
    """An op on `MmadBitModeParams`: its members exist on Ascend 950 only (the class is
    empty in other archs' headers)."""

    def verify_(self) -> None:
        super().verify_()
        family = soc_family(self)
        if family is not None and family != ASCEND_950:
            raise VerifyException(
                f"'{self.name}': MmadBitModeParams exists on Ascend 950 (arch 3510) only; "
                f"this module is compiled for {declared_soc(self)} ({family})"
            )

    @classmethod
    def complete_sample(cls, module, f, op) -> None:  # type: ignore[no-untyped-def]
        """The sample is for an Ascend 950 part (the class has members there only)."""
        from xdsl.dialects.builtin import StringAttr

        from asc_xdsl.soc import SOC_ATTR

        module.attributes[SOC_ATTR] = StringAttr("Ascend950PR_9599")


FAMILY.add(
    "MmadBitModeParamsOp",
    OpSpec(
        "mmad_bit_mode_params",
        "MmadBitModeParams",
        results=(Result("result", _BIT_MODE, MmadBitModeParamsType()),),
        emit=EmitKind.CONSTRUCTOR,
        format="attr-dict `:` type($result)",
        sim="cube:mmad_bit_mode_params",
        doc="`AscendC::MmadBitModeParams p;` (Ascend 950): every field 0 (config0 = 0).",
    ),
    _BitModeObjectOp,
)
FAMILY.add(
    "MmadBitModeParamsV2Op",
    OpSpec(
        "mmad_bit_mode_params_v2",
        "MmadBitModeParams",
        (Operand("mmad_params", _MMAD_PARAMS),),
        results=(Result("result", _BIT_MODE, MmadBitModeParamsType()),),
        emit=EmitKind.CONSTRUCTOR,
        format="$mmad_params attr-dict `:` type($mmad_params) `->` type($result)",
        sim="cube:mmad_bit_mode_params_v2",
        doc="`AscendC::MmadBitModeParams p(mmadParams)` (Ascend 950): m, k, n (12 bits "
        "each), unitFlag, disableGemv, cmatrixSource and cmatrixInitVal of the MmadParams.",
    ),
    _BitModeObjectOp,
)
for _cls, _api, _field, _rule in (
    ("SetM", "SetM", "m", INT),
    ("SetK", "SetK", "k", INT),
    ("SetN", "SetN", "n", INT),
    ("SetUnitFlag", "SetUnitFlag", "unit_flag", INT),
    ("SetDisableGemv", "SetDisableGemv", "disable_gemv", BOOL),
    ("SetCmatrixSource", "SetCmatrixSource", "cmatrix_source", BOOL),
    ("SetCmatrixInitVal", "SetCmatrixInitVal", "cmatrix_init_val", BOOL),
):
    FAMILY.add(
        f"MmadBitModeParams{_cls}Op",
        OpSpec(
            f"mmad_bit_mode_params.set_{_field}",
            _api,
            (Operand("params", _BIT_MODE, Effect.READ_WRITE), Operand("value", _rule)),
            emit=EmitKind.MEMBER_FUNCTION,
            py=f"MmadBitModeParams.set_{_field}",
            sim=f"cube:mmad_bit_mode_set_{_field}",
            doc=f"`p.{_api}(value)` (Ascend 950): the field of the packed word (m, k, n keep "
            "their low 12 bits, unitFlag its low 2).",
        ),
        _BitModeObjectOp,
    )


_UI8_T = IntegerType(8, Signedness.UNSIGNED)
_UI16_T = IntegerType(16, Signedness.UNSIGNED)
_UI64_T = IntegerType(64, Signedness.UNSIGNED)
_I1_T = IntegerType(1)
BIT_MODE_GETTERS: tuple[tuple[str, str, IntegerType, str], ...] = (
    ("GetM", "m", _UI16_T, "uint16_t"),
    ("GetK", "k", _UI16_T, "uint16_t"),
    ("GetN", "n", _UI16_T, "uint16_t"),
    ("GetUnitFlag", "unit_flag", _UI8_T, "uint8_t"),
    ("GetDisableGemv", "disable_gemv", _I1_T, "bool"),
    ("GetCmatrixSource", "cmatrix_source", _I1_T, "bool"),
    ("GetCmatrixInitVal", "cmatrix_init_val", _I1_T, "bool"),
    ("GetConfig0", "config0", _UI64_T, "uint64_t"),
)
"""`MmadBitModeParams`' getters: API, field (the op's suffix) and their return types
(kernel_operator_mm_bitmode_intf.h: uint16_t, uint8_t, bool, uint64_t)."""

for _api, _field, _t, _cpp in BIT_MODE_GETTERS:
    FAMILY.add(
        f"MmadBitModeParams{_api}Op",
        OpSpec(
            f"mmad_bit_mode_params.get_{_field}",
            _api,
            (Operand("params", _BIT_MODE),),
            results=(Result("result", exact(_t), _t),),
            emit=EmitKind.MEMBER_FUNCTION,
            py=f"MmadBitModeParams.get_{_field}",
            sim=f"cube:mmad_bit_mode_get_{_field}",
            doc=f"`p.{_api}()` (Ascend 950): "
            + (
                "the packed word itself (its unnamed bits included)."
                if _field == "config0"
                else f"the field's bits of the packed word, as a {_cpp}."
            ),
        ),
        _BitModeObjectOp,
    )
FAMILY.add(
    "MmadBitModeParamsSetConfig0Op",
    OpSpec(
        "mmad_bit_mode_params.set_config0",
        "SetConfig0",
        (Operand("params", _BIT_MODE, Effect.READ_WRITE), Operand("value", UINT64)),
        emit=EmitKind.MEMBER_FUNCTION,
        py="MmadBitModeParams.set_config0",
        sim="cube:mmad_bit_mode_set_config0",
        doc="`p.SetConfig0(word)` (Ascend 950): the whole packed word, a 64-bit integer "
        "(every field at once; the unnamed bits are kept and GetConfig0 returns them).",
    ),
    _BitModeObjectOp,
)


class _MmadBitModeOp(_MmadOp):
    """`Mmad` with `MmadBitModeParams`: Ascend 950 only (the overloads are under
    `__NPU_ARCH__ == 3510`), with Mmad's 950 element types (the MmadBitMode page's
    table: the MmadParams forms' triples) and buffers."""

    def verify_(self) -> None:
        family = soc_family(self)
        if family is not None and family != ASCEND_950:
            raise VerifyException(
                f"'{self.name}': Mmad with MmadBitModeParams exists on Ascend 950 (arch 3510) "
                f"only; this module is compiled for {declared_soc(self)} ({family}): use "
                "MmadParams"
            )
        super().verify_()

    @classmethod
    def complete_sample(cls, module, f, op) -> None:  # type: ignore[no-untyped-def]
        """The sample is for an Ascend 950 part (the overloads exist there only)."""
        _MmadMxOp.complete_sample(module, f, op)


for _cls, _mnemonic, _bias, _effect in (
    ("MmadBitModeOp", "mmad_bit_mode", (), Effect.READ),
    ("MmadBitModeWithBiasOp", "mmad_bit_mode_with_bias", _MX_BIAS, Effect.READ_WRITE),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _mnemonic,
            "Mmad",
            (
                _ACC,
                _FM,
                Operand("filter", local("S"), Effect.READ),
                *_bias,
                Operand("mmad_params", _BIT_MODE, _effect, py="params"),
            ),
            example={"T": "f32", "U": "f16", "S": "f16"},
            pipe="M",
            py="mmad",
            sim=f"cube:{_mnemonic}",
            doc="`AscendC::Mmad(dst, fm, filter, [bias,] MmadBitModeParams)` (Ascend 950): "
            "dst = fm x filter as with MmadParams, the fields from the packed word (no "
            "isBias); the bias form takes the params by non-const reference and clears "
            "their cmatrixInitVal (dav_3510 MmadCal), then C starts from the bias table "
            "when cmatrixSource is set, from L0C otherwise.",
        ),
        _MmadBitModeOp,
    )


class _MmadMxBitModeOp(_MmadMxOp):
    """`MmadMx` with `MmadBitModeParams`: the MX types and buffers of `_MmadMxOp`."""


for _cls, _mnemonic, _bias in (
    ("MmadMxBitModeOp", "mmad_mx_bit_mode", ()),
    ("MmadMxBitModeWithBiasOp", "mmad_mx_bit_mode_with_bias", _MX_BIAS),
):
    _add_mmad_mx(
        _cls,
        _mnemonic,
        _bias,
        _BIT_MODE,
        "`AscendC::MmadMx(dst, fm, filter, [bias,] MmadBitModeParams)` (Ascend 950): as "
        "with MmadParams, the fields from the packed word; the bias form clears "
        "cmatrixInitVal and takes C from the bias table when cmatrixSource is set (from "
        "L0C otherwise).",
        _MmadMxBitModeOp,
    )


class _LoadDataMxOp(DataCopyBaseOp):
    """`LoadData(dst, src, srcMx, LoadData2DParamsV2, LoadData2DMxParams)` (Ascend 950): A
    or B L1 -> L0A / L0B as LoadData2DParamsV2 moves it, and the e8m0 scale matrix srcMx
    L1 -> L0A_MX / L0B_MX at dst's address / 16 (dav_3510 `LoadData2DL12L0ACal`: its
    static_assert takes the 4-bit floats and fp8_e4m3fn_t / fp8_e5m2_t)."""

    def verify_(self) -> None:
        super().verify_()
        element = str(self.dst.type.element_type)  # type: ignore[attr-defined]
        if element not in (*_FP4_MX, *_FP8_MMAD):
            raise VerifyException(
                f"'{self.name}': LoadData with a scale matrix loads fp4x2_e2m1_t, "
                f"fp4x2_e1m2_t, fp8_e4m3fn_t or fp8_e5m2_t (dav_3510's static_assert), not "
                f"{element}"
            )
        scales = str(self.src_mx.type.element_type)  # type: ignore[attr-defined]
        if scales != "f8E8M0FNU":
            raise VerifyException(
                f"'{self.name}': LoadData's scale matrix is a LocalTensor<fp8_e8m0_t>, not "
                f"of {scales}"
            )
        check_buffers(
            self, "LoadData (MX)", {"dst": ("L0A", "L0B"), "src": ("L1",), "src_mx": ("L1",)}
        )

    @classmethod
    def complete_sample(cls, module, f, op) -> None:  # type: ignore[no-untyped-def]
        """The sample is for an Ascend 950 part (the op exists there only)."""
        from xdsl.dialects.builtin import StringAttr

        from asc_xdsl.soc import SOC_ATTR

        module.attributes[SOC_ATTR] = StringAttr("Ascend950PR_9599")


add_copy(
    FAMILY,
    "LoadDataMxOp",
    OpSpec(
        "load_data_mx",
        "LoadData",
        (
            _dst(local()),
            _src(local()),
            Operand("src_mx", local("E"), Effect.READ),
            Operand("load_data_params", _LOAD_2D_V2, py="params"),
            Operand("mx_params", struct("LoadData2DMxParamsType")),
        ),
        dtypes={"E": ("f8E8M0FNU",)},
        example={"T": "f8E4M3FN", "E": "f8E8M0FNU"},
        pipe="MTE1",
        py="load_data",
        sim="cube:load_data_mx",
        doc="`AscendC::LoadData(dst, src, srcMx, LoadData2DParamsV2, LoadData2DMxParams)` "
        "(Ascend 950): an MX operand and its e8m0 scales, L1 -> L0A/L0B and L0A_MX/L0B_MX.",
    ),
    CopyForm(directions=(LOCAL_FROM_LOCAL,)),
    _LoadDataMxOp,
)

FAMILY.add(
    "MmadWithSparseOp",
    OpSpec(
        "mmad_with_sparse",
        "MmadWithSparse",
        (
            _ACC,
            _FM,
            Operand("filter", local("U"), Effect.READ),
            Operand("mmad_params", _MMAD_PARAMS),
        ),
        dtypes={"T": ("i32",), "U": ("i8",)},
        pipe="M",
        py="mmad_with_sparse",
        sim="cube:mmad_with_sparse",
        doc="`AscendC::MmadWithSparse(dst, fm, filter, MmadParams)`: int8 with a sparse "
        "filter, int32 result.",
    ),
)


# ---------------------------------------------------------------------------
# Fixpipe: L0C -> GM, converting; the layout is a template argument
# ---------------------------------------------------------------------------

FIXPIPE_TYPES: dict[str, frozenset[str]] = {
    "f32": frozenset({"i8", "ui8", "f16", "bf16", "f32"}),
    "i32": frozenset({"i8", "ui8", "f16", "i32"}),
}
"""src (L0C) element type -> the dst element types Fixpipe writes on Atlas A2/A3."""

FIXPIPE_LOCAL = ("GM", "L1", "UB")
"""Where Fixpipe writes: GM, L1 (both archs), UB (Ascend 950; the FixpipeParamsV220
overloads take a local dst and route it by position, impl/basic_api/
kernel_operator_fixpipe_intf_impl.h)."""

FIXPIPE_LAYOUTS: dict[int, str] = {0: "AscendC::CFG_NZ", 1: "AscendC::CFG_ROW_MAJOR"}
"""`CO2Layout` value -> the `FixpipeConfig` constant passed as template argument
(COLUMN_MAJOR = 2 exists only on Ascend 950)."""


def _config_field(op: Operation, index: int) -> int | None:
    """Field `index` of the op's config when it is known at compile time: the config is
    `ascendc.construct !ascendc.fixpipe_config(%c, ...)` with that field an integer
    `arith.constant`."""
    owner = op.fixpipe_config.owner  # type: ignore[attr-defined]
    if not (
        isinstance(owner, Operation)
        and owner.name == "ascendc.construct"
        and len(owner.operands) > index
    ):
        return None
    field = owner.operands[index].owner
    if not (isinstance(field, Operation) and field.name == "arith.constant"):
        return None
    value = field.properties.get("value")
    return value.value.data if isinstance(value, IntegerAttr) else None


def fixpipe_layout(op: Operation) -> int | None:
    """The CO2Layout the op's config is built from when it is known at compile time."""
    return _config_field(op, 0)


def fixpipe_to_ub(op: Operation) -> bool | None:
    """The config's `isToUB` (Ascend 950) when known at compile time; a config built from
    its layout alone has it false (`FixpipeConfig(CO2Layout)`)."""
    owner = op.fixpipe_config.owner  # type: ignore[attr-defined]
    if (
        isinstance(owner, Operation)
        and owner.name == "ascendc.construct"
        and len(owner.operands) == 1
    ):
        return False
    value = _config_field(op, 1)
    return None if value is None else bool(value)


ARCH3510_PARAMS = "FixpipeParamsArch3510Type"
"""`FixpipeParamsArch3510<CO2Layout format = ROW_MAJOR>`: the Ascend 950 form of Fixpipe's
parameters, `!ascendc.fixpipe_params_arch3510` (the default layout) or `...<nz>` /
`<row_major>` / `<column_major>`. Its overloads route a local dst by the config's
`isToUB`, not by its position (impl/basic_api/kernel_operator_fixpipe_intf_impl.h): true
writes UB (the AIVs' UB of the AI Core: one, `subBlockId`, or both halves by
`dualDstCtl`), false L1."""

FIXPIPE_TYPES_3510: dict[str, frozenset[str]] = {
    "f32": frozenset({"i8", "ui8", "f16", "bf16", "f32", "f8E4M3FN", "!ascendc.hifloat8"}),
    "i32": frozenset({"i8", "ui8", "f16", "bf16", "i32"}),
}
"""src (L0C) element type -> the dst element types of the 3510 Fixpipe's `static_assert`
(dav_3510 kernel_operator_fixpipe_impl.h `CheckFixpipeParams`: fp8_e4m3fn_t and
hifloat8_t from float, through their quant modes)."""

FIXPIPE_LAYOUTS_3510: dict[int, str] = {**FIXPIPE_LAYOUTS, 2: "AscendC::CFG_COLUMN_MAJOR"}
"""The 3510 headers' `CFG_*` constants, COLUMN_MAJOR included."""

QUANT_MODES: tuple[str, ...] = (
    "NoQuant",
    "F322F16",
    "F322BF16",
    "DEQF16",
    "VDEQF16",
    "QF322B8_PRE",
    "VQF322B8_PRE",
    "REQ8",
    "VREQ8",
    # Ascend 950's, in the order of the FixpipeParamsArch3510 page's enum listing
    "QF322FP8_PRE",
    "VQF322FP8_PRE",
    "QF322HIF8_PRE",
    "VQF322HIF8_PRE",
    "QF322HIF8_PRE_HYBRID",
    "VQF322HIF8_PRE_HYBRID",
    "QS322BF16_PRE",
    "VQS322BF16_PRE",
    "QF322F16_PRE",
    "VQF322F16_PRE",
    "QF322BF16_PRE",
    "VQF322BF16_PRE",
    "QF322F32_PRE",
    "VQF322F32_PRE",
)
"""`QuantMode_t` by number (the language's `QuantModes`); the first nine are Atlas A2/A3's."""

QUANT_MODES_A2_A3 = 9
"""How many of `QUANT_MODES` Atlas A2/A3's QuantMode_t has (the Fixpipe pages' listing
for it ends at VREQ8); the rest are Ascend 950's."""

PAD_MODES: tuple[str, ...] = ("PAD_NONE", *(f"PAD_MODE{i}" for i in range(1, 9)))
"""`pad_t` by number (the language's `pad_t`, pyasc's): DataCopyEnhancedParams' padMode."""

BUILTIN_ENUMS: dict[str, tuple[tuple[str, ...], int]] = {
    "QuantMode_t": (QUANT_MODES, QUANT_MODES_A2_A3),
    "pad_t": (PAD_MODES, len(PAD_MODES)),
}
"""The compiler's builtin enums a struct field holds, whose numbers the headers do not
publish: C++ spelling -> (enumerators by the language's number, how many of them every
arch has; the rest are Ascend 950's). The printer names them, never casts our number."""

_F32, _I32 = "f32", "i32"
QUANT_PAIRS_3510: dict[str, frozenset[tuple[str, str]]] = {
    name: frozenset(pairs)
    for names, pairs in (
        (("NoQuant",), ((_F32, "f32"), (_I32, "i32"))),
        (("F322F16", "QF322F16_PRE", "VQF322F16_PRE"), ((_F32, "f16"),)),
        (("F322BF16", "QF322BF16_PRE", "VQF322BF16_PRE"), ((_F32, "bf16"),)),
        (("DEQF16", "VDEQF16"), ((_I32, "f16"),)),
        (("QF322B8_PRE", "VQF322B8_PRE"), ((_F32, "i8"), (_F32, "ui8"))),
        (("REQ8", "VREQ8"), ((_I32, "i8"), (_I32, "ui8"))),
        (("QF322FP8_PRE", "VQF322FP8_PRE"), ((_F32, "f8E4M3FN"),)),
        (
            ("QF322HIF8_PRE", "VQF322HIF8_PRE", "QF322HIF8_PRE_HYBRID", "VQF322HIF8_PRE_HYBRID"),
            ((_F32, "!ascendc.hifloat8"),),
        ),
        (("QS322BF16_PRE", "VQS322BF16_PRE"), ((_I32, "bf16"),)),
        (("QF322F32_PRE", "VQF322F32_PRE"), ((_F32, "f32"),)),
    )
    for name in names
}
"""quantPre -> the (L0C, dst) element types it converts between on 3510 (dav_3510
`CheckFixpipeQuantParams`)."""


def is_vector_quant(name: str) -> bool:
    """A mode that reads one scale per column from cbufWorkspace (the headers'
    `IsVectorQuantMode`: every V-prefixed mode)."""
    return name.startswith("V")


ARCH3510_MEMBERS: dict[str, str] = {
    "reluEn": "i1",
    "unitFlag": "ui8",
    "dualDstCtl": "ui8",
    "subBlockId": "i1",
    "isChannelSplit": "i1",
    "quantPre": "!ascendc.quant_mode_t",
    "deqScalar": "ui64",
    "nSize": "ui16",
    "mSize": "ui16",
    "srcStride": "ui16",
    "dstStride": "ui32",
}
"""FixpipeParamsArch3510's members a kernel sets after its constructor, and their types
(kernel_struct_fixpipe.h)."""

ARCH3510_OTHER_MEMBERS = ("preReluMode", "preClipReluMode", "reluScalar", "vectorRelu", "params")
"""Its other members (kernel_struct_fixpipe.h): the 3510 Fixpipe does not read the ReLU
modes; `params` is the layout's struct, set whole or member by member."""

ARCH3510_PARAMS_MEMBERS: dict[int, dict[str, str]] = {
    0: {},  # NZ: `params` is a uint8_t
    1: {"ndNum": "ui16", "srcNdStride": "ui16", "dstNdStride": "ui32"},  # Nz2NdParams
    2: {  # Nz2DnParams
        "dnNum": "ui16",
        "srcNzMatrixStride": "ui16",
        "dstDnMatrixStride": "ui32",
        "srcNzC0Stride": "ui16",
    },
}
"""Per CO2Layout, the members of FixpipeParamsArch3510's `params` (`TransformParams<format>
::PARAMS`: uint8_t, Nz2NdParams, Nz2DnParams; kernel_utils_struct_dma_params.h, the 3510
forms), set as `params.<member>`."""

_FIXPIPE_PARAM_TYPES = tuple(
    STRUCT_TYPES[name] for name in ("FixpipeParamsV220Type", ARCH3510_PARAMS)
)
_FIXPIPE_PARAMS = predicate(
    "Fixpipe parameters (!ascendc.fixpipe_params_v220, or !ascendc.fixpipe_params_arch3510 "
    "on Ascend 950)",
    lambda t: isinstance(t, _FIXPIPE_PARAM_TYPES),
    "FixpipeParams*",
    _FIXPIPE_PARAM_TYPES[0](),
)


def uses_arch3510_params(op: Operation) -> bool:
    """Whether the op's parameters are `FixpipeParamsArch3510`."""
    return type(op.intri_params.type).__name__ == ARCH3510_PARAMS  # type: ignore[attr-defined]


def _constant(value: SSAValue) -> int | None:
    """The integer a constant operand holds (through the frontend's casts and an enum's
    `ascendc.construct`), or None."""
    op = value.owner
    while (
        isinstance(op, Operation)
        and op.name in ("builtin.unrealized_conversion_cast", "ascendc.construct")
        and len(op.operands) == 1
    ):
        op = op.operands[0].owner
    attr = op.properties.get("value") if isinstance(op, Operation) else None
    return attr.value.data if isinstance(attr, IntegerAttr) else None


def arch3510_members(params: SSAValue) -> dict[str, list[Operation]]:
    """The `emitasc.set_member` ops that set members of a FixpipeParamsArch3510 value,
    by member (path)."""
    found: dict[str, list[Operation]] = {}
    for use in params.uses:
        user = use.operation
        if user.name == "emitasc.set_member" and use.index == 0:
            found.setdefault(user.properties["field"].data, []).append(user)
    return found


def arch3510_member_value(members: dict[str, list[Operation]], name: str) -> int | None:
    """A member's value when it is set once, to a constant (else None)."""
    sets = members.get(name, [])
    return _constant(sets[0].operands[1]) if len(sets) == 1 else None


class _FixpipeOp(DataCopyBaseOp):
    FORM: ClassVar[CopyForm] = CopyForm(
        directions=(GM_FROM_LOCAL, LOCAL_FROM_LOCAL), independent=True
    )

    def verify_(self) -> None:
        super().verify_()
        # Fixpipe reads L0C; its quantisation workspace is in L1 (CheckFixpipeTensor); a
        # local dst is L1 (Atlas A2/A3 and 950) or UB (950 only: check_soc_path).
        check_buffers(
            self, "Fixpipe", {"src": ("L0C",), "cbuf_workspace": ("L1",), "dst": FIXPIPE_LOCAL}
        )
        check_soc_path(self, "Fixpipe")
        if uses_arch3510_params(self):
            self._verify_arch3510()
        elif fixpipe_layout(self) == 2 and soc_family(self) == ASCEND_950:
            raise VerifyException(
                f"'{self.name}': Fixpipe with FixpipeParamsV220 and CO2Layout::COLUMN_MAJOR "
                "does not compile on Ascend 950 (the headers copy FixpipeParamsV220's ndNum "
                "into FixpipeParamsArch3510<COLUMN_MAJOR>'s params, a Nz2DnParams, which has "
                "none): use FixpipeParamsArch3510(..., layout=CO2Layout.COLUMN_MAJOR)"
            )
        if not checks_atlas_a2_a3(self):
            return
        dst, src = str(self.var_type("T")), str(self.var_type("U"))
        allowed = FIXPIPE_TYPES.get(src)
        if allowed is None or dst not in allowed:
            known = "; ".join(f"{s} -> {', '.join(sorted(d))}" for s, d in FIXPIPE_TYPES.items())
            raise VerifyException(
                f"'{self.name}': Fixpipe does not convert {src} to {dst} on Atlas A2/A3 "
                f"(L0C -> GM: {known})"
            )
        layout = fixpipe_layout(self)
        if layout is not None and layout not in FIXPIPE_LAYOUTS:
            raise VerifyException(
                f"'{self.name}': CO2Layout {layout} is not available on Atlas A2/A3 "
                "(0: NZ, 1: ROW_MAJOR)"
            )

    def _verify_arch3510(self) -> None:
        family = soc_family(self)
        if family is not None and family != ASCEND_950:
            raise VerifyException(
                f"'{self.name}': FixpipeParamsArch3510 is the Ascend 950 (arch 3510) form of "
                f"Fixpipe; the module is compiled for {declared_soc(self)} ({family}), whose "
                "headers have no Fixpipe overload taking it (use FixpipeParamsV220, or "
                "compile for an Ascend 950 part, soc_version='Ascend950PR_9599')"
            )
        layout = fixpipe_layout(self)
        if layout is None:
            raise VerifyException(
                f"'{self.name}': with FixpipeParamsArch3510 the config's layout must be a "
                "constant (the parameters' type is FixpipeParamsArch3510<config.format>)"
            )
        own = self.intri_params.type.layout  # type: ignore[attr-defined]
        if layout != own:
            names = ("NZ", "ROW_MAJOR", "COLUMN_MAJOR")
            got = names[layout] if 0 <= layout < 3 else str(layout)
            raise VerifyException(
                f"'{self.name}': the config's layout is CO2Layout::{got} but the parameters "
                f"are FixpipeParamsArch3510<{names[own]}>: Fixpipe<T, U, config> takes "
                "FixpipeParamsArch3510<config.format> (build the parameters with "
                f"layout=CO2Layout.{got})"
            )
        to_ub, dst = fixpipe_to_ub(self), buffer_of(self.dst)
        if to_ub is None and dst in ("UB", "L1"):
            raise VerifyException(
                f"'{self.name}': with FixpipeParamsArch3510 a local dst is routed by the "
                "config's isToUB, which must be a constant"
            )
        want = {"UB": True, "L1": False}.get(dst or "")
        if want is not None and to_ub is not want:
            raise VerifyException(
                f"'{self.name}': dst is in {dst} but the config's isToUB is "
                f"{str(to_ub).lower()}: FixpipeParamsArch3510's overloads route a local dst "
                f"by isToUB (true: UB, false: L1), so it would write "
                f"{'UB' if to_ub else 'L1'} at the tensor's address"
            )
        self._verify_arch3510_members(layout)

    def _verify_arch3510_members(self, layout: int) -> None:
        """The members set on the parameters: those of its layout's `params`, quantPre
        for the dtypes (and the form: a vector mode reads cbufWorkspace), dual
        destination's bypass rule (the 3510 headers' assertions)."""
        members = arch3510_members(self.intri_params)  # type: ignore[attr-defined]
        own = ARCH3510_PARAMS_MEMBERS[layout]
        names = ("NZ", "ROW_MAJOR", "COLUMN_MAJOR")
        for path, sets in members.items():
            head, _, sub = path.partition(".")
            if head not in ARCH3510_MEMBERS and head not in ARCH3510_OTHER_MEMBERS:
                raise VerifyException(
                    f"'{self.name}': FixpipeParamsArch3510 has no member {path!r}"
                )
            if path == "quantPre":
                got = sets[0].operands[1].type
                if str(got) != ARCH3510_MEMBERS["quantPre"]:
                    raise VerifyException(
                        f"'{self.name}': quantPre is a QuantMode_t (an enum class: an integer "
                        f"does not convert to it), set from {got}; build it with "
                        "ascendc.construct !ascendc.quant_mode_t"
                    )
            if head == "params" and sub not in own:
                kind = ("uint8_t", "Nz2NdParams", "Nz2DnParams")[layout]
                have = ", ".join(own) or "none"
                raise VerifyException(
                    f"'{self.name}': FixpipeParamsArch3510<{names[layout]}>'s params is a "
                    f"{kind}, which has no member {sub!r} (its members: {have})"
                )
        src, dst = str(self.var_type("U")), str(self.var_type("T"))
        allowed = FIXPIPE_TYPES_3510.get(src)
        if allowed is None or dst not in allowed:
            known = "; ".join(
                f"{s} -> {', '.join(sorted(d))}" for s, d in FIXPIPE_TYPES_3510.items()
            )
            raise VerifyException(
                f"'{self.name}': Fixpipe does not convert {src} to {dst} on Ascend 950 "
                f"(the headers' static_assert: {known})"
            )
        quant = arch3510_member_value(members, "quantPre")
        quant = 0 if "quantPre" not in members else quant
        workspace = self.SPEC.mnemonic == "fixpipe_with_workspace"
        if quant is not None:
            if not 0 <= quant < len(QUANT_MODES):
                raise VerifyException(f"'{self.name}': quantPre {quant} is not a QuantMode_t")
            mode = QUANT_MODES[quant]
            pairs = QUANT_PAIRS_3510[mode]
            if (src, dst) not in pairs:
                want = " or ".join(f"{s} -> {d}" for s, d in sorted(pairs))
                raise VerifyException(
                    f"'{self.name}': quantPre {mode} converts {want}, not {src} -> {dst} "
                    "(dav_3510 CheckFixpipeQuantParams)"
                )
            if is_vector_quant(mode) and not workspace:
                raise VerifyException(
                    f"'{self.name}': quantPre {mode} reads one scale per column from "
                    "cbufWorkspace: use the Fixpipe form with the workspace tensor"
                )
            if workspace and not is_vector_quant(mode):
                raise VerifyException(
                    f"'{self.name}': Fixpipe with cbufWorkspace and quantPre {mode}: the 3510 "
                    "implementation moves data only for a vector quantPre (V...), so this "
                    "copies nothing (use the form without the workspace)"
                )
        dual = arch3510_member_value(members, "dualDstCtl")
        if dual:
            relu = arch3510_member_value(members, "reluEn")
            bad = [
                what
                for what, on in (
                    ("a COLUMN_MAJOR layout", layout == 2),
                    (f"quantPre {QUANT_MODES[quant] if quant else ''}", bool(quant)),
                    ("reluEn", bool(relu)),
                )
                if on
            ]
            if bad:
                raise VerifyException(
                    f"'{self.name}': dualDstCtl {dual} (dual destination) bypasses every other "
                    f"Fixpipe function, but {', '.join(bad)} is set (dav_3510 FixpipeL0cToUB's "
                    "assertion)"
                )


for _cls, _mnemonic, _workspace in (
    ("FixpipeOp", "fixpipe", ()),
    (
        "FixpipeWithWorkspaceOp",
        "fixpipe_with_workspace",
        (Operand("cbuf_workspace", local("S"), Effect.READ),),
    ),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _mnemonic,
            "Fixpipe",
            (
                # GM, or L1/UB (a local dst); the op sample keeps the GM one
                _dst(tensor("T").replace(sample=lambda v: GlobalTensorType(v["T"]))),
                _src(local("U")),
                *_workspace,
                Operand("intri_params", _FIXPIPE_PARAMS, py="params"),
                Operand("fixpipe_config", struct("FixpipeConfigType"), py="config"),
            ),
            emit=EmitKind.CUSTOM,
            dtypes={"S": ("ui64",)} if _workspace else {},
            pipe="FIX",
            py="fixpipe",
            sim=f"cube:{_mnemonic}",
            doc="`AscendC::Fixpipe<T, U, config>(dst, src, [cbufWorkspace,] "
            "FixpipeParamsV220 | FixpipeParamsArch3510)`: L0C -> GM or L1 (and UB on "
            "Ascend 950: its AIVs' UB) with NZ2ND and quantisation on the way.",
        ),
        _FixpipeOp,
    )

FAMILY.add(
    "SetFixpipePreQuantFlagOp",
    OpSpec(
        "set_fixpipe_pre_quant_flag",
        "SetFixpipePreQuantFlag",
        (Operand("config", INT),),
        pipe="S",
        py="set_fix_pipe_pre_quant_flag",  # pyasc's spelling
        doc="`AscendC::SetFixpipePreQuantFlag(config)`: the scalar quantisation parameter.",
    ),
)


# ---------------------------------------------------------------------------
# InitConstValue: fill an L1 (MTE2) or L0A/L0B (MTE1) tensor with a constant
# ---------------------------------------------------------------------------


class _InitConstValueOp(SpecOp):
    PIPE_DOC: ClassVar[str] = "by position (MTE2 into L1, MTE1 into L0)"

    @property
    def pipe(self) -> str | None:
        """MTE2 into L1, MTE1 into L0A/L0B; None when the IR does not say."""
        return {"L1": "MTE2", "L0A": "MTE1", "L0B": "MTE1"}.get(buffer_of(self.dst) or "")


FAMILY.add(
    "InitConstValueOp",
    OpSpec(
        "init_const_value",
        "InitConstValue",
        (_dst(local()), Operand("init_const_value_params", struct("InitConstValueParamsType"))),
        py="init_const_value",
        sim="cube:init_const_value",
        doc="`AscendC::InitConstValue(dst, InitConstValueParams)`: fill a cube buffer.",
    ),
    _InitConstValueOp,
)


# ---------------------------------------------------------------------------
# Load and matrix state (scalar pipe)
# ---------------------------------------------------------------------------


def _pad_list(op: Operation) -> CallArg:
    """`padList` as the `const uint8_t[4]` SetFmatrix takes (an int8 array is cast)."""
    pad = op.pad_list  # type: ignore[attr-defined]
    if pad.type.element_type == _UI8:
        return pad
    return CastArg(pad, MemRefType(_UI8, [4]), reinterpret=True)


_PAD_LIST = predicate(
    "a 4-element array of 8-bit integers (memref<4xui8>)",
    lambda t: (
        isinstance(t, MemRefType)
        and t.get_shape() in ((4,), (DYNAMIC_INDEX,))
        and isinstance(t.element_type, IntegerType)
        and t.element_type.width.data == 8
    ),
    "uint8_t[4]",
    MemRefType(_UI8, [4]),
)

FAMILY.add(
    "SetFmatrixOp",
    OpSpec(
        "set_fmatrix",
        "SetFmatrix",
        (
            Operand("l1_h", INT),
            Operand("l1_w", INT),
            Operand("pad_list", _PAD_LIST, Effect.READ),
            Operand("fmatrix_mode", struct("FmatrixModeType")),
        ),
        call=("l1_h", "l1_w", _pad_list, "fmatrix_mode"),
        pipe="S",
        doc="`AscendC::SetFmatrix(l1H, l1W, padList, FmatrixMode)`: sets the feature map "
        "LoadData 3D reads (height, width, padding, left/right).",
    ),
)

# (class, mnemonic, API, operands, Python name, description)
_SETTERS: tuple[tuple[str, str, str, tuple[Operand, ...], str | None, str], ...] = (
    (
        "SetLoadDataPaddingValueOp",
        "set_load_data_padding_value",
        "SetLoadDataPaddingValue",
        (Operand("pad_value", SCALAR),),
        "set_load_data_padding_value",
        "the value LoadData 3D pads with",
    ),
    (
        "SetLoadDataRepeatOp",
        "set_load_data_repeat",
        "SetLoadDataRepeat",
        (Operand("repeat_params", struct("LoadDataRepeatParamType"), py="param"),),
        "set_load_data_repeat",
        "the repeat of LoadData 3D V2",
    ),
    (
        "SetLoadDataBoundaryOp",
        "set_load_data_boundary",
        "SetLoadDataBoundary",
        (Operand("value", INT, py="boundary"),),
        "set_load_data_boundary",
        "the L1 address where LoadData 3D wraps around",
    ),
    (
        "SetHF32ModeOp",
        "set_hf32_mode",
        "SetHF32Mode",
        (Operand("mode", BOOL, py="hf32_mode"),),
        "set_hf32_mode",
        "Mmad of float computes in HF32",
    ),
    (
        "SetHF32TransModeOp",
        "set_hf32_trans_mode",
        "SetHF32TransMode",
        (Operand("trans_mode", BOOL),),
        "set_hf32_trans_mode",
        "the HF32 rounding mode",
    ),
    (
        "SetMMLayoutTransformOp",
        "set_mm_layout_transform",
        "SetMMLayoutTransform",
        (Operand("mm_layout_mode", BOOL),),
        "set_mm_layout_transform",
        "Mmad reads/writes column-major (true) or row-major",
    ),
)
for _cls, _mnemonic, _api, _operands, _py, _what in _SETTERS:
    FAMILY.add(
        _cls,
        OpSpec(
            _mnemonic,
            _api,
            _operands,
            pipe="S",
            py=_py,
            doc=f"`AscendC::{_api}(...)`: sets {_what}.",
        ),
    )


# ---------------------------------------------------------------------------
# AIPP: configure the image pre-processing, then load an image into L1
# ---------------------------------------------------------------------------


class AippInputFormat(AscEnum):
    """`AscendC::AippInputFormat`: the source image format of AIPP. Its IR keyword is
    the case name (`format = RGB888_U8`), as pyasc's I32EnumAttr prints it."""

    YUV420SP_U8 = 0
    XRGB8888_U8 = 1
    RGB888_U8 = 4
    YUV400_U8 = 9

    @property
    def keyword(self) -> str:
        return self.name

    @classmethod
    def aliases(cls) -> dict[str, AscEnum]:
        return {m.name.lower(): m for m in cls}


class _AippOp(SpecOp):
    """`SetAippFunctions(src0, [src1,] format, config)`, with pyasc's syntax:
    `ascendc.set_aipp_functions %src0[, %src1], %config, format = RGB888_U8 : (...) -> ()`.
    """

    def cpp_call_args(self) -> list[CallArg]:
        sources = [v for v in (self.src0, self.src1) if v is not None]
        return [*sources, self._call_item("format"), self.config]

    @classmethod
    def parse(cls, parser: Parser) -> SpecOp:
        pos = parser.pos
        operands = [parser.parse_unresolved_operand()]
        while True:
            parser.parse_punctuation(",")
            if parser.parse_optional_keyword("format") is not None:
                break
            operands.append(parser.parse_unresolved_operand())
        parser.parse_punctuation("=")
        word_pos = parser.pos
        word = parser.parse_identifier()
        value = AippInputFormat.from_keyword(word)
        if value is None:
            parser.raise_error(
                f"expected an AippInputFormat ({', '.join(AippInputFormat.keywords())}), "
                f"got '{word}'",
                word_pos,
                parser.pos,
            )
        attrs = parser.parse_optional_attr_dict()
        attrs["format"] = value.attr()
        parser.parse_punctuation(":")
        type_pos = parser.pos
        ftype = parser.parse_type()
        if not isinstance(ftype, FunctionType) or ftype.outputs.data:
            parser.raise_error("expected '(operand types) -> ()'", type_pos, parser.pos)
        types = list(ftype.inputs.data)
        if len(types) != len(operands):
            parser.raise_error(
                f"{len(operands)} operands but {len(types)} types", type_pos, parser.pos
            )
        values = [parser.resolve_operand(o, t) for o, t in zip(operands, types, strict=True)]
        return cls._from_parts(parser, values, attrs, pos)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        printer.print_string(f", format = {self._call_item('format').keyword}")
        attrs = {k: v for k, v in {**self.attributes, **self.properties}.items() if k != "format"}
        if attrs:
            printer.print_string(" ")
            printer.print_attr_dict(dict(sorted(attrs.items())))
        printer.print_string(" : ")
        printer.print_attribute(FunctionType.from_lists([v.type for v in self.operands], []))


FAMILY.add(
    "SetAippFunctionsOp",
    OpSpec(
        "set_aipp_functions",
        "SetAippFunctions",
        (
            Operand("src0", global_(), Effect.READ),
            Operand("src1", global_(), Effect.READ, arity=Arity.OPTIONAL),
            Operand("config", struct("AippParamsType")),
        ),
        props=(Prop("format", AippInputFormat, py="input_format"),),
        example={"T": "i8", "format": AippInputFormat.RGB888_U8},
        pipe="S",
        doc="`AscendC::SetAippFunctions(src0, [src1,] AippInputFormat, AippParams<T>)`: the "
        "image (one plane, or Y and UV planes) and the conversions LoadImageToLocal applies.",
    ),
    _AippOp,
)

FAMILY.add(
    "LoadImageToLocalOp",
    OpSpec(
        "load_image_to_local",
        "LoadImageToLocal",
        (_dst(local()), Operand("load_data_params", struct("LoadImageToLocalParamsType"))),
        pipe="MTE2",
        py="load_image_to_local",
        sim="cube:load_image_to_local",
        doc="`AscendC::LoadImageToLocal(dst, LoadImageToLocalParams)`: the AIPP image "
        "(SetAippFunctions) into L1 (A1/B1).",
    ),
)


# ---------------------------------------------------------------------------
# The system workspace (`GM_ADDR`, used by the cube/vector message queues)
# ---------------------------------------------------------------------------


FAMILY.add(
    "GetSysWorkspacePtrOp",
    OpSpec(
        "get_sys_workspace_ptr",
        "GetSysWorkSpacePtr",
        results=(Result("value", GM_POINTER.replace(sample=lambda v: _GM_BYTES), _GM_BYTES),),
        emit=EmitKind.CUSTOM,
        format="attr-dict `:` type($value)",
        pipe="S",
        doc="`GetSysWorkSpacePtr()`: the system workspace, a `__gm__ uint8_t*`.",
        py="get_sys_workspace",
    ),
)

FAMILY.add(
    "SetSysWorkspaceOp",
    OpSpec(
        "set_sys_workspace",
        "SetSysWorkspace",
        (Operand("workspace", GM_POINTER),),
        call=(lambda op: CastArg(op.workspace, _GM_BYTES, reinterpret=True),),  # type: ignore[attr-defined]
        pipe="S",
        py="set_sys_workspace",
        doc="`AscendC::SetSysWorkspace(workspace)`: the system workspace, passed as "
        "`__gm__ uint8_t*`.",
    ),
)


def cube_ops() -> list[type[SpecOp]]:
    """Every op class of this module (defines them all)."""
    return FAMILY.classes()


__all__ = [
    "ARCH3510_PARAMS_MEMBERS",
    "BUILTIN_ENUMS",
    "FAMILY",
    "FIXPIPE_LAYOUTS",
    "FIXPIPE_LAYOUTS_3510",
    "FIXPIPE_TYPES",
    "FIXPIPE_TYPES_3510",
    "MMAD_TYPES",
    "PAD_MODES",
    "QUANT_MODES",
    "QUANT_MODES_A2_A3",
    "QUANT_PAIRS_3510",
    "AippInputFormat",
    "cube_ops",
    "fixpipe_layout",
    "is_vector_quant",
]

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.cube import *  # noqa: F403
