"""Data movement, declared as op specs: `DataCopy` and `DataCopyPad` in all their forms,
`Copy`, `SetPadValue`, the `DataCopyPadExtParams` constructor and `SliceInfo` views.

Every copy writes its `dst` and reads its `src` (GM tensors included): the memory
effects passes see. The pipe a copy issues on depends on where its tensors live (see
docs/ascendc_semantics.md and the headers' pipe table):

| dst <- src | pipe |
|---|---|
| UB/L1/L0 <- GM | MTE2 |
| GM <- UB/L1, L1 <- UB | MTE3 |
| UB <- UB | V |
| L0A/L0B/BT <- L1 | MTE1 |
| GM/L1/UB <- L0C | FIX |

so the op classes have no fixed `PIPE`; `op.pipe` works it out from the operand types
and, for local tensors, the position of the queue, TBuf or `local_tensor_v2` that made
them (None when the IR does not say).

A copy form is a `CopyForm` row: the directions the C++ overloads exist for and which
element types may differ. `DataCopyBaseOp` verifies both.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, ClassVar

from xdsl.ir import Attribute, OpResult, SSAValue
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.enums import TPosition
from asc_xdsl.dialects.ascendc.spec import (
    INT,
    Arity,
    Effect,
    LazyDefault,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    PropKind,
    Result,
    SpecOp,
    TypeRule,
    elem,
    lazy_base,
    local,
    of_type,
    tensor,
)
from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES, of_struct
from asc_xdsl.dialects.ascendc.types import (
    DataCopyExtParamsType,
    DataCopyPadExtParamsType,
    DataCopyPadParamsType,
    DataCopyParamsType,
    GlobalTensorType,
    LocalTensorType,
)
from asc_xdsl.utils.records import FrozenRecord, init_fields

# ---------------------------------------------------------------------------
# Where a tensor lives, and the pipe a move between two buffers issues on
# ---------------------------------------------------------------------------

BUFFER_OF_POSITION: dict[TPosition, str] = {
    TPosition.GM: "GM",
    TPosition.CO2: "GM",
    TPosition.A1: "L1",
    TPosition.B1: "L1",
    TPosition.C1: "L1",
    TPosition.A2: "L0A",
    TPosition.B2: "L0B",
    TPosition.CO1: "L0C",
    TPosition.C2: "BT",
    TPosition.VECIN: "UB",
    TPosition.VECOUT: "UB",
    TPosition.VECCALC: "UB",
}
"""The physical buffer behind each logical position (docs/ascendc_semantics.md section 1)."""

MOVE_PIPES: dict[tuple[str, str], str] = {
    ("UB", "GM"): "MTE2",
    ("L1", "GM"): "MTE2",
    ("L0A", "GM"): "MTE2",
    ("L0B", "GM"): "MTE2",
    ("GM", "UB"): "MTE3",
    ("GM", "L1"): "MTE3",
    ("L1", "UB"): "MTE3",
    ("UB", "UB"): "V",
    ("L0A", "L1"): "MTE1",
    ("L0B", "L1"): "MTE1",
    ("BT", "L1"): "MTE1",
    ("UB", "L1"): "MTE1",
    ("GM", "L0C"): "FIX",
    ("L1", "L0C"): "FIX",
    ("UB", "L0C"): "FIX",
}
"""(dst buffer, src buffer) -> the pipe a copy between them issues on (the headers'
"API流水类型汇总" table for Atlas A2/A3)."""


def buffer_of(value: SSAValue) -> str | None:
    """The buffer ("GM", "UB", "L1", "L0A", "L0B", "L0C", "BT") holding tensor `value`.

    A global tensor is in GM. A local tensor is where the op that made it put it: a
    queue's, TBuf's or `local_tensor_v2`'s position, through views of other local
    tensors (`subindex`, ...). None when the IR does not say (a function argument).
    """
    if isinstance(value.type, GlobalTensorType):
        return "GM"
    seen: set[SSAValue] = set()
    while isinstance(value, OpResult) and value not in seen:
        seen.add(value)
        op = value.op
        position = getattr(op, "position", None)
        if isinstance(position, TPosition):
            return BUFFER_OF_POSITION.get(position)
        for operand in op.operands:  # alloc_tensor / deque / tbuf.get_tensor
            position = getattr(operand.type, "tposition", None)
            if isinstance(position, TPosition):
                return BUFFER_OF_POSITION.get(position)
        views = [v for v in op.operands if isinstance(v.type, LocalTensorType)]
        if not views:
            return None
        value = views[0]
    return None


# ---------------------------------------------------------------------------
# The shared base of every copy: directions, element types, pipe
# ---------------------------------------------------------------------------

_L, _G = LocalTensorType, GlobalTensorType
LOCAL_FROM_GM = (_L, _G)
GM_FROM_LOCAL = (_G, _L)
LOCAL_FROM_LOCAL = (_L, _L)
ANY_DIRECTION = (LOCAL_FROM_GM, GM_FROM_LOCAL, LOCAL_FROM_LOCAL)


class CopyForm(FrozenRecord):
    """What one copy form's C++ overloads accept.

    Unless said otherwise, dst and src have one element type. `directions`: the (dst,
    src) tensor kinds; `conversions`: (dst, src) element types a local <- local copy
    converts between; `local_reinterpret`: a local <- local copy may pair any element
    types (`DataCopy<T, U>`); `independent`: dst and src element types are independent
    (copies out of L0C convert); `local_pipe`: the pipe of a local <- local copy whose
    buffers the IR does not say.
    """

    _FIELDS = ("directions", "conversions", "local_reinterpret", "independent", "local_pipe")
    __slots__ = _FIELDS

    def __init__(
        self,
        directions: tuple[tuple[type, type], ...] = ANY_DIRECTION,
        conversions: frozenset[tuple[str, str]] = frozenset(),
        local_reinterpret: bool = False,
        independent: bool = False,
        local_pipe: str | None = None,
    ) -> None:
        init_fields(
            self,
            directions=directions,
            conversions=conversions,
            local_reinterpret=local_reinterpret,
            independent=independent,
            local_pipe=local_pipe,
        )

    @property
    def mixed(self) -> bool:
        """Whether dst and src may ever have different element types."""
        return bool(self.conversions) or self.local_reinterpret or self.independent


class DataCopyBaseOp(SpecOp):
    """A copy from `src` to `dst`, in one of the directions of its `FORM`.

    `op.pipe` is the pipe it issues on (see the module docstring).
    """

    VERIFY_READS_SIGNATURE: ClassVar[bool] = True  # (its verify_ reads types and attributes)

    FORM: ClassVar[CopyForm] = CopyForm()
    PIPE_DOC: ClassVar[str] = "by direction (MTE2 in, MTE3 out, V UB->UB, MTE1, FIX)"

    def verify_(self) -> None:
        super().verify_()
        dst, src = self.dst.type, self.src.type
        if (type(dst), type(src)) not in self.FORM.directions:
            legal = ", ".join(f"{_kind(d)} <- {_kind(s)}" for d, s in self.FORM.directions)
            raise VerifyException(
                f"'{self.name}': cannot copy {_kind(type(src))} to {_kind(type(dst))} "
                f"(this form copies {legal})"
            )
        form = self.FORM
        conversions = form.conversions
        d, s = dst.element_type, src.element_type  # type: ignore[attr-defined]
        if d == s or form.independent:
            return
        if (type(dst), type(src)) == LOCAL_FROM_LOCAL and (
            form.local_reinterpret or (str(d), str(s)) in conversions
        ):
            return
        if conversions:
            pairs = ", ".join(f"{a} <- {b}" for a, b in sorted(conversions))
            raise VerifyException(
                f"'{self.name}': element types differ: dst has {d}, src has {s} (a local "
                f"copy converts only {pairs})"
            )
        raise VerifyException(f"'{self.name}': element types differ: dst has {d}, src has {s}")

    @property
    def pipe(self) -> str | None:
        """The pipe this copy issues on; None when the IR does not say (a local <- local
        copy between buffers of unknown position)."""
        if self.PIPE is not None:
            return self.PIPE
        dst, src = buffer_of(self.dst), buffer_of(self.src)
        if dst is not None and src is not None and (dst, src) in MOVE_PIPES:
            return MOVE_PIPES[(dst, src)]
        if src == "GM":
            return "MTE2"
        if dst == "GM":
            return "FIX" if src == "L0C" else "MTE3"
        return self.FORM.local_pipe


def _kind(t: type) -> str:
    return "GM" if t is GlobalTensorType else "local"


PATHS_ONLY_ON_950: dict[tuple[str, str], str] = {
    ("UB", "L1"): "L1 -> UB",
    ("UB", "L0C"): "L0C -> UB",
}
"""(dst buffer, src buffer) of the data paths Ascend 950 (arch 3510) adds: the dav_c220
implementations (`DataCopyL12UBImpl`, `FixpipeL0C2UBImpl`) only report "not supported",
the dav_3510 ones copy (`DataCopyL1ToUB` -> `CopyCbufToUbuf` on MTE1; Fixpipe's L0C ->
UB on FIX). UB -> L1 exists on both (through the Matmul KFC workspace on Atlas A2/A3,
CopyUbufToCbuf on MTE3 on 950)."""

NOT_BY_DATA_COPY_ON_950: dict[tuple[str, str], tuple[str, str, str]] = {
    ("UB", "L1"): (
        "L1 -> UB",
        "DataCopyL12UBIntf, which only reports 'unsupported data copy from A1 / B1 to "
        "VECIN / VECOUT on current device'",
        "use DataCopyL1ToUB<T, subBlockId> (asc.data_copy_l1_to_ub), which the AIC runs "
        "into one AIV's UB",
    ),
    ("GM", "L1"): (
        "L1 -> GM",
        "DataCopyL12GMImpl, which only reports 'unsupported data copy from cbuf to GM on "
        "current device' (the L1ToGM pages: Ascend 950 not supported)",
        "move the data out through an AIV's UB (asc.data_copy_l1_to_ub, then DataCopy "
        "UB -> GM there) or out of L0C with Fixpipe",
    ),
}
"""(dst, src) -> (path, where dav_3510 routes it, what to use): the paths `DataCopy`
itself does not take on 950 (impl/basic_api/dav_3510/kernel_operator_data_copy_impl.h)."""


def check_soc_path(op: SpecOp, api: str) -> None:
    """Refuse a copy between buffers only Ascend 950 connects, in a module compiled for
    another SoC, and a DataCopy 950's headers do not take (located at the op)."""
    pair = (buffer_of(op.dst), buffer_of(op.src))  # type: ignore[attr-defined]
    path = PATHS_ONLY_ON_950.get(pair)
    other = NOT_BY_DATA_COPY_ON_950.get(pair)  # type: ignore[arg-type]
    if path is None and other is None:
        return
    from asc_xdsl.dialects.ascendc.target import declared_soc, soc_family
    from asc_xdsl.soc import ASCEND_950

    family = soc_family(op)
    if family == ASCEND_950 and api == "DataCopy" and other is not None:
        what, where, instead = other
        raise VerifyException(
            f"'{op.name}': DataCopy {what} is not supported on Ascend 950: the 3510 headers "
            f"route it to {where}; {instead}"
        )
    if path is not None and family is not None and family != ASCEND_950:
        raise VerifyException(
            f"'{op.name}': {api} {path} is a data path of Ascend 950 (arch 3510); the module "
            f"is compiled for {declared_soc(op)} ({family}), whose headers do not support it "
            "(compile for an Ascend 950 part, soc_version='Ascend950PR_9599')"
        )


class LocalPathCopyOp(DataCopyBaseOp):
    """A copy form that also connects two local buffers: the path must exist on the
    module's SoC (`PATHS_ONLY_ON_950`). Its verdict depends on where the tensors live, so
    it is not kept by signature."""

    def verify_(self) -> None:
        super().verify_()
        check_soc_path(self, self.SPEC.api)


FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr


_ANY_FORM = CopyForm()


def add_copy(
    family: OpFamily,
    class_name: str,
    spec: OpSpec,
    form: CopyForm,
    base: type[DataCopyBaseOp] = DataCopyBaseOp,
) -> None:
    """Declare a copy op: its class is a `base` (a `DataCopyBaseOp`) with `form` (set
    when the class is made, on first use)."""
    attrs = {"FORM": form, "__annotations__": {"FORM": "ClassVar[CopyForm]"}}
    family.add(class_name, spec, base, attrs)


def struct(name: str) -> TypeRule:
    """The type rule of a parameter struct of `struct_types.py` by class name."""
    return of_struct(name)


@functools.cache  # (records are immutable: one per variable and kind, shared by the specs)
def _tensor(var: str, kind: type) -> TypeRule:
    """A local or global tensor (the form's directions say which); samples are `kind`."""
    return tensor(var).replace(sample=lambda v: kind(v[var]))


@functools.cache
def _operand(name: str, var: str, kind: type, effect: Effect) -> Operand:
    return Operand(name, _tensor(var, kind), effect)


def dst(var: str = "T", form: CopyForm | None = None) -> Operand:
    kind = (form or _ANY_FORM).directions[0][0]
    return _operand("dst", var, kind, Effect.WRITE)


def src(var: str = "T", form: CopyForm | None = None) -> Operand:
    kind = (form or _ANY_FORM).directions[0][1]
    return _operand("src", var, kind, Effect.READ)


_COPY_PARAMS = of_type(DataCopyParamsType)
_EXT_PARAMS = of_type(DataCopyExtParamsType)
_PAD_PARAMS = of_type(DataCopyPadParamsType)
# DataCopyPadExtParams<T>: its T is the tensors' element type.
_PAD_EXT_PARAMS = of_type(
    DataCopyPadExtParamsType, lambda v: DataCopyPadExtParamsType(v["T"])
).replace(
    doc="DataCopyPadExtParams<T>",
    var="T",
)
_ND2NZ = struct("Nd2NzParamsType")

# Element type conversions of `DataCopy(LocalTensor<T>, LocalTensor<U>, DataCopyParams,
# DataCopyEnhancedParams)` on Atlas A2/A3 (dst, src).
ENHANCED_CONVERSIONS = frozenset(
    {
        ("bf16", "f32"),
        ("f16", "f32"),
        ("f16", "i32"),
        ("i16", "i32"),
        ("i8", "i32"),
        ("ui8", "i32"),
        ("f32", "f16"),
    }
)

# (class, mnemonic, form-specific operands, form, pipe, sim key, doc)
_DATA_COPY_TABLE: tuple[tuple[str, str, tuple[Operand, ...], CopyForm, str | None, str], ...] = (
    (
        "DataCopyL2Op",
        "data_copy_l2",
        (Operand("cal_count", INT, py="count"),),
        CopyForm(),
        None,
        "`DataCopy(dst, src, count)`: one burst of count*sizeof(T) bytes (32 B multiple).",
    ),
    (
        "DataCopyL0Op",
        "data_copy_l0",
        (Operand("repeat_params", _COPY_PARAMS),),
        CopyForm(local_reinterpret=True),
        None,
        "`DataCopy(dst, src, DataCopyParams)`: strided bursts in 32-byte units.",
    ),
    (
        "DataCopyEnhancedOp",
        "data_copy_enhanced",
        (
            Operand("intri_params", _COPY_PARAMS),
            Operand("enhanced_params", struct("DataCopyEnhancedParamsType")),
        ),
        CopyForm(conversions=ENHANCED_CONVERSIONS),
        None,
        "`DataCopy(dst, src, DataCopyParams, DataCopyEnhancedParams)`; a local copy may "
        "convert element types.",
    ),
    (
        "DataCopyNd2NzOp",
        "data_copy_nd2nz",
        (Operand("intri_params", _ND2NZ),),
        CopyForm(directions=(LOCAL_FROM_GM, LOCAL_FROM_LOCAL)),
        None,
        "`DataCopy(dst, src, Nd2NzParams)`: ND to NZ (fractal) layout.",
    ),
    (
        "DataCopyNz2NdOp",
        "data_copy_nz2nd",
        (Operand("intri_params", struct("Nz2NdParamsFullType")),),
        CopyForm(directions=(GM_FROM_LOCAL,)),
        None,
        "`DataCopy(dstGlobal, srcLocal, Nz2NdParamsFull)`: NZ to ND layout.",
    ),
    (
        "DataCopyCO12DstOp",
        "data_copy_co12dst",
        (Operand("intri_params", struct("DataCopyCO12DstParamsType")),),
        CopyForm(directions=(LOCAL_FROM_LOCAL, GM_FROM_LOCAL), independent=True),
        "FIX",
        "`DataCopy(dst, srcCO1, DataCopyCO12DstParams)`: out of L0C, converting.",
    ),
    (
        "DataCopyPadL0Op",
        "data_copy_pad_l0",
        (Operand("data_copy_params", _COPY_PARAMS), Operand("pad_params", _PAD_PARAMS)),
        CopyForm(directions=(LOCAL_FROM_GM,)),
        None,
        "`DataCopyPad(dstLocal, srcGlobal, DataCopyParams, DataCopyPadParams)`.",
    ),
    (
        "DataCopyPadL2Op",
        "data_copy_pad_l2",
        (Operand("data_copy_params", _COPY_PARAMS),),
        CopyForm(directions=(GM_FROM_LOCAL,)),
        None,
        "`DataCopyPad(dstGlobal, srcLocal, DataCopyParams)`.",
    ),
    (
        "DataCopyPadL0ExtOp",
        "data_copy_pad_l0_ext",
        (Operand("data_copy_params", _EXT_PARAMS), Operand("pad_params", _PAD_EXT_PARAMS)),
        CopyForm(directions=(LOCAL_FROM_GM,)),
        None,
        "`DataCopyPad(dstLocal, srcGlobal, DataCopyExtParams, DataCopyPadExtParams<T>)`.",
    ),
    (
        "DataCopyPadL2ExtOp",
        "data_copy_pad_l2_ext",
        (Operand("data_copy_params", _EXT_PARAMS),),
        CopyForm(directions=(GM_FROM_LOCAL,)),
        None,
        "`DataCopyPad(dstGlobal, srcLocal, DataCopyExtParams)`.",
    ),
    (
        "DataCopyPadNd2NzOp",
        "data_copy_pad_nd2nz",
        (Operand("data_copy_params", _COPY_PARAMS), Operand("nd2nz_params", _ND2NZ)),
        CopyForm(directions=(LOCAL_FROM_LOCAL,)),
        None,
        "`DataCopyPad(dstLocal, srcLocal, DataCopyParams, Nd2NzParams)` (UB to L1).",
    ),
    (
        "DataCopyPadNd2NzExtOp",
        "data_copy_pad_nd2nz_ext",
        (Operand("data_copy_params", _EXT_PARAMS), Operand("nd2nz_params", _ND2NZ)),
        CopyForm(directions=(LOCAL_FROM_LOCAL,)),
        None,
        "`DataCopyPad(dstLocal, srcLocal, DataCopyExtParams, Nd2NzParams)` (UB to L1).",
    ),
)


@lazy_base
def _Dn2NzOp() -> type[DataCopyBaseOp]:
    class _Dn2NzOp(DataCopyBaseOp):
        """`DataCopy(dstLocal, srcGlobal, Dn2NzParams)`: Ascend 950 only (the headers declare it
        for arch 3510 / 5102), GM -> L1 (its implementation asserts the L1 position); the MX
        sample loads e8m0 scale matrices with it. A 4-bit type moves as bytes, nValue even."""

        def verify_(self) -> None:
            super().verify_()
            from asc_xdsl.dialects.ascendc.target import declared_soc, soc_family
            from asc_xdsl.soc import ASCEND_950

            family = soc_family(self)
            if family is not None and family != ASCEND_950:
                raise VerifyException(
                    f"'{self.name}': DataCopy with Dn2NzParams is an Ascend 950 (arch 3510) form; "
                    f"the module is compiled for {declared_soc(self)} ({family}), whose headers "
                    "do not declare it (compile for soc_version='Ascend950PR_9599')"
                )
            got = buffer_of(self.dst)  # type: ignore[attr-defined]
            if got is not None and got != "L1":
                raise VerifyException(
                    f"'{self.name}': DataCopy with Dn2NzParams loads L1 (A1/B1) from GM, not {got} "
                    "(its 3510 implementation asserts 'dn2nz only support position:GM to L1')"
                )

        @classmethod
        def complete_sample(cls, module, f, op) -> None:  # type: ignore[no-untyped-def]
            """The sample is for an Ascend 950 part (the op exists there only)."""
            from xdsl.dialects.builtin import StringAttr

            from asc_xdsl.soc import SOC_ATTR

            module.attributes[SOC_ATTR] = StringAttr("Ascend950PR_9599")

    return _Dn2NzOp


add_copy(
    FAMILY,
    "DataCopyDn2NzOp",
    OpSpec(
        "data_copy_dn2nz",
        "DataCopy",
        (
            dst("T", CopyForm(directions=(LOCAL_FROM_GM,))),
            src("T", CopyForm(directions=(LOCAL_FROM_GM,))),
            Operand("intri_params", struct("Dn2NzParamsType")),
        ),
        py="data_copy",
        sim="copy:data_copy_dn2nz",
        doc="`DataCopy(dstLocal, srcGlobal, Dn2NzParams)`: GM DN (column-major) to L1 NZ "
        "(Ascend 950).",
    ),
    CopyForm(directions=(LOCAL_FROM_GM,)),
    _Dn2NzOp,
)

_LOCAL_PATH_FORMS = ("data_copy_l2", "data_copy_l0")
"""The DataCopy forms that copy L1 -> UB on 950 (the count and DataCopyParams ones)."""

for _cls, _mnemonic, _params, _form, _pipe, _doc in _DATA_COPY_TABLE:
    _api = "DataCopyPad" if _mnemonic.startswith("data_copy_pad") else "DataCopy"
    _vars = ("T", "U") if _form.mixed else ("T", "T")
    add_copy(
        FAMILY,
        _cls,
        OpSpec(
            _mnemonic,
            _api,
            (dst(_vars[0], _form), src(_vars[1], _form), *_params),
            pipe=_pipe,
            py="data_copy_pad" if _api == "DataCopyPad" else "data_copy",
            sim=f"copy:{_mnemonic}",
            doc=_doc,
        ),
        _form,
        LocalPathCopyOp if _mnemonic in _LOCAL_PATH_FORMS else DataCopyBaseOp,
    )


# ---------------------------------------------------------------------------
# DataCopyL1ToUB<T, subBlockId>: Ascend 950's L1 -> UB, the AIC into one AIV's UB
# ---------------------------------------------------------------------------

L1_TO_UB_DTYPES = ("i8", "ui8", "i16", "ui16", "f16", "bf16", "i32", "ui32", "f32", "i64", "ui64")
"""b8, b16, b32 and b64 (the DataCopyL1ToUB page's dtypes)."""


_L1_TO_UB_FORM = CopyForm(directions=(LOCAL_FROM_LOCAL,))


@lazy_base
def _L1ToUBOp() -> type[DataCopyBaseOp]:
    class _L1ToUBOp(DataCopyBaseOp):
        """`DataCopyL1ToUB<T, subBlockId>` (impl/basic_api/kernel_operator_data_copy_intf_impl.h,
        dav_3510 `DataCopyL12UBImpl` / `CopyCbufToUbuf`): the AIC's MTE1 copies its L1 into
        the UB of AIV `subBlockId` of its AI Core (mix kernels of AIC:AIV 1:2 only)."""

        FORM: ClassVar[CopyForm] = _L1_TO_UB_FORM

        def verify_(self) -> None:
            super().verify_()
            from asc_xdsl.dialects.ascendc.target import declared_soc, soc_family
            from asc_xdsl.soc import ASCEND_950

            family = soc_family(self)
            if family is not None and family != ASCEND_950:
                raise VerifyException(
                    f"'{self.name}': DataCopyL1ToUB is an Ascend 950 (arch 3510) API; the module "
                    f"is compiled for {declared_soc(self)} ({family}), whose headers compile it "
                    "to nothing (compile for an Ascend 950 part, soc_version='Ascend950PR_9599')"
                )
            for what, want in (("dst", "UB"), ("src", "L1")):
                got = buffer_of(getattr(self, what))
                if got is not None and got != want:
                    raise VerifyException(
                        f"'{self.name}': DataCopyL1ToUB copies L1 -> UB: {what} must be in {want}, "
                        f"not {got}"
                    )
            sub = self.sub_block_id_value()
            if sub not in (0, 1):
                raise VerifyException(
                    f"'{self.name}': subBlockId {sub}: an AI Core of AIC:AIV 1:2 has AIVs 0 and 1 "
                    "(the headers' static_assert: subBlockId must be less than 2)"
                )

        def sub_block_id_value(self) -> int:
            return self.properties["subBlockId"].value.data

    return _L1ToUBOp


_SUB_BLOCK = Prop("subBlockId", kind=PropKind.INT, int_type="ui8", default=0)
for _cls, _mnemonic, _params, _doc in (
    (
        "DataCopyL1ToUBOp",
        "data_copy_l1_to_ub",
        Operand("cal_count", INT, py="count"),
        "`DataCopyL1ToUB<T, subBlockId>(dst, src, count)`: count elements (a multiple of "
        "32 bytes) from the AIC's L1 into AIV subBlockId's UB, on MTE1 (Ascend 950).",
    ),
    (
        "DataCopyL1ToUBParamsOp",
        "data_copy_l1_to_ub_params",
        Operand("repeat_params", _COPY_PARAMS),
        "`DataCopyL1ToUB<T, subBlockId>(dst, src, DataCopyParams)`: strided bursts in "
        "32-byte units from the AIC's L1 into AIV subBlockId's UB, on MTE1 (Ascend 950).",
    ),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _mnemonic,
            "DataCopyL1ToUB",
            (dst("T", _L1_TO_UB_FORM), src("T", _L1_TO_UB_FORM), _params),
            props=(_SUB_BLOCK,),
            template=("T", "subBlockId"),
            dtypes={"T": L1_TO_UB_DTYPES},
            pipe="MTE1",
            py="data_copy_l1_to_ub",
            sim=f"copy:{_mnemonic}",
            doc=_doc,
        ),
        _L1ToUBOp,
    )


# ---------------------------------------------------------------------------
# DataCopy with SliceInfo arrays: `SliceInfo dst_slice_info[] = {...};` and the call
# ---------------------------------------------------------------------------

_SLICE_INFO = struct("SliceInfoType")


def _slice_info_type() -> Attribute:
    """`!ascendc.slice_info` (its class is defined on first use)."""
    return STRUCT_TYPES["SliceInfoType"]()


_SLICE_COPY_FORM = CopyForm(directions=(LOCAL_FROM_GM, GM_FROM_LOCAL))


@lazy_base
def _SliceCopyOp() -> type[DataCopyBaseOp]:
    class _SliceCopyOp(DataCopyBaseOp):
        FORM: ClassVar[CopyForm] = _SLICE_COPY_FORM

        def verify_(self) -> None:
            super().verify_()
            for what, infos in (("dst", self.dst_slice_info), ("src", self.src_slice_info)):
                if not infos:
                    raise VerifyException(
                        f"'{self.name}': {what} slice info needs at least one dimension"
                    )
            if len(self.dst_slice_info) != len(self.src_slice_info):
                raise VerifyException(
                    f"'{self.name}': {len(self.dst_slice_info)} dst slice infos but "
                    f"{len(self.src_slice_info)} src slice infos (one per dimension each)"
                )

    return _SliceCopyOp


FAMILY.add(
    "DataCopySliceOp",
    OpSpec(
        "data_copy_slice",
        "DataCopy",
        (
            dst(form=_SLICE_COPY_FORM),
            src(form=_SLICE_COPY_FORM),
            Operand(
                "dst_slice_info", _SLICE_INFO, py="slice_list1", arity=Arity.VARIADIC, array=True
            ),
            Operand(
                "src_slice_info", _SLICE_INFO, py="slice_list2", arity=Arity.VARIADIC, array=True
            ),
            Operand("dim_value", INT, arity=Arity.OPTIONAL),
        ),
        emit=EmitKind.CUSTOM,
        py="data_copy",
        sim="copy:data_copy_slice",
        doc="`DataCopy(dst, src, SliceInfo dstSliceInfo[], SliceInfo srcSliceInfo[], "
        "dimValue)`: a multi-dimensional slice, one SliceInfo per dimension.",
    ),
    _SliceCopyOp,
)


# ---------------------------------------------------------------------------
# Copy: UB -> UB on the vector pipe, with a mask (L0: bit mask array, L1: count)
# ---------------------------------------------------------------------------


@lazy_base
def _CopyOp() -> type[DataCopyBaseOp]:
    class _CopyOp(DataCopyBaseOp):
        FORM: ClassVar[CopyForm] = CopyForm(directions=(LOCAL_FROM_LOCAL,), local_pipe="V")

    return _CopyOp


_COPY_DTYPES = ("i16", "ui16", "f16", "bf16", "i32", "ui32", "f32")
for _cls, _mnemonic, _mask in (
    # pyasc's numbering: l0 takes the bit mask (C array), l1 the element count.
    ("CopyL0Op", "copy_l0", Operand("mask", INT, arity=Arity.VARIADIC, array=True)),
    ("CopyL1Op", "copy_l1", Operand("mask", INT)),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _mnemonic,
            "Copy",
            (
                Operand("dst", local(), Effect.WRITE),
                Operand("src", local(), Effect.READ),
                _mask,
                Operand("repeat_time", INT),
                Operand("repeat_params", struct("CopyRepeatParamsType")),
                Operand("is_set_mask", INT, default=True, const=True),
            ),
            emit=EmitKind.CUSTOM,
            dtypes={"T": _COPY_DTYPES},
            example={"T": "f16"},
            pipe="V",
            py="copy",
            sim=f"copy:{_mnemonic}",
            doc="`AscendC::Copy<T, isSetMask>(dst, src, mask, repeatTime, CopyRepeatParams)`: "
            "UB to UB on the vector pipe.",
        ),
        _CopyOp,
    )


# ---------------------------------------------------------------------------
# Pad value, the DataCopyPadExtParams constructor, SliceInfo views
# ---------------------------------------------------------------------------

PAD_POSITIONS = (TPosition.VECIN, TPosition.VECOUT, TPosition.MAX)
"""Where DataCopyPad pads (GM -> VECIN/VECOUT); MAX sets both."""


@lazy_base
def _SetPadValueOp() -> type[SpecOp]:
    class _SetPadValueOp(SpecOp):
        def verify_(self) -> None:
            super().verify_()
            pos = self._call_item("pos")
            if pos not in PAD_POSITIONS:
                raise VerifyException(
                    f"'{self.name}': DataCopyPad pads only into VECIN or VECOUT (pos vecin, "
                    f"vecout or max), not {pos.keyword}"  # type: ignore[union-attr]
                )

    return _SetPadValueOp


FAMILY.add(
    "SetPadValueOp",
    OpSpec(
        "set_pad_value",
        "SetPadValue",
        (Operand("padding_value", elem("T")),),
        props=(Prop("pos", TPosition, default=TPosition.MAX),),
        template=("T", "pos"),
        example={"T": "i32", "pos": TPosition.VECIN},
        pipe="S",
        py="set_pad_value",
        doc="`AscendC::SetPadValue<T, pos>(value)`: the value DataCopyPad pads with "
        "(pos MAX: both VECIN and VECOUT).",
    ),
    _SetPadValueOp,
)

FAMILY.add(
    "DataCopyPadExtParamsOp",
    OpSpec(
        "data_copy_pad_ext_params",
        "DataCopyPadExtParams",
        results=(Result("params", _PAD_EXT_PARAMS),),
        emit=EmitKind.CONSTRUCTOR,
        format="attr-dict `:` type($params)",
        doc="`AscendC::DataCopyPadExtParams<T> params;`: default pad parameters.",
    ),
)


FAMILY.add(
    "SliceInfoSubIndexOp",
    OpSpec(
        "slice_info.subindex",
        "operator[]",
        (Operand("slice_info", _SLICE_INFO), Operand("index", INT)),
        results=(Result("result", _SLICE_INFO, LazyDefault(_slice_info_type)),),
        emit=EmitKind.CUSTOM,
        format="$slice_info `[` $index `]` attr-dict `:` type($slice_info) `,` type($index) "
        "`,` type($result)",
        views=(("slice_info", "result"),),
        doc="`slice_info[index:]` in pyasc's Python API; IR only (no Ascend C form).",
    ),
)


def data_copy_ops() -> list[type[SpecOp]]:
    """Every op class of this module (defines them all)."""
    return FAMILY.classes()


__all__ = [
    "BUFFER_OF_POSITION",
    "ENHANCED_CONVERSIONS",
    "FAMILY",
    "MOVE_PIPES",
    "CopyForm",
    "DataCopyBaseOp",
    "add_copy",
    "buffer_of",
    "data_copy_ops",
]

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.data_copy import *  # noqa: F403
