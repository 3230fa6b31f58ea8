"""Reg-layer ops that move elements within and between registers, count them, or divide
with a chosen algorithm (`AscendC::Reg`, Ascend 950 / arch 3510).

* `Interleave` / `DeInterleave`: two registers zipped into two, or unzipped.
* `Gather` (register form, `vselr`): dst[i] = src[index[i] % lanes].
* `Squeeze`: the enabled elements packed to the front, zeros after.
* `ClearSpr<AR>`, `StoreUnAlign` / `StoreUnAlignPost` in their AR form, and a
  `UnalignRegForStore` to stream through: the stores `Squeeze<T, STORE_REG>` feeds.
* `Histograms`: per-value counts of a uint8 register added to a uint16 register.
* `Div<T, &mode>` with a `DivSpecificMode`, `Exp<T, &mode>` with an `ExpSpecificMode`,
  and `Sqrt`, `Ln`, `Log`, `Log2`, `Log10` with theirs (`UNARY_MODES`): the algorithm,
  and whether subnormals are kept (`*_FTZ_FALSE`) or flushed to zero.

They are Reg ops like `reg.py`'s (the same base class, checks and spec helper), kept in
their own family module. Sources: the API pages under `docs/zh/api/SIMD-API/基础API/
Reg矢量计算` (数据重排, 离散操作, 比较与选择/Squeeze, 直方图计算, 基础算术/Div) and the 3510
implementations' `static_assert`s (`impl/basic_api/reg_compute/dav_3510`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.reg import (
    B8_FLOATS,
    COMPLEX,
    REG_DTYPES,
    RegOp,
    _add,
    _mask,
    _operand_element,
    _reg_in,
    _reg_out,
    ub,
)
from asc_xdsl.dialects.ascendc.reg_types import (
    DivAlgo,
    ExpAlgo,
    GatherMaskMode,
    HistogramsBinType,
    HistogramsType,
    LnAlgo,
    Log2Algo,
    Log10Algo,
    LogAlgo,
    SpecialPurposeReg,
    SqrtAlgo,
    UnalignRegForStoreType,
)
from asc_xdsl.dialects.ascendc.spec import (
    INT,
    Effect,
    Operand,
    OpFamily,
    Prop,
    PropKind,
    Result,
    of_type,
)

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.reg_relayout import *  # noqa: F403

HOOK = "reg_relayout"
"""The simulator's handler family of these ops (`runtime/simulator/ops/reg_relayout.py`)."""

B8_B16_B32 = ("i8", "ui8", "i16", "ui16", "f16", "bf16", "i32", "ui32", "f32")
# (the 8- and 4-bit floats: Interleave / DeInterleave's and Gather's sizeof(T) == 1
# branches move them as int8 / uint8, vec_duplicate_impl.h, gather_mask_impl.h)
INTERLEAVE = (*B8_B16_B32, "i64", "ui64", *B8_FLOATS)
SQUEEZE = ("i8", "ui8", "i16", "ui16", "f16", "i32", "ui32", "f32")

_DIV = ("i16", "ui16", "i32", "ui32", "f16", "f32", "i64", "ui64", *COMPLEX)
DIV_ALGO_DTYPES: dict[DivAlgo, tuple[str, ...]] = {
    # DivAlgo -> the dtypes the Div page lists for it (the 1-ulp intrinsic takes all of
    # Div's; the compensated 0-ulp algorithms float, and complex64 for two of them)
    DivAlgo.INTRINSIC: _DIV,
    DivAlgo.PRECISION_1ULP_FTZ_TRUE: _DIV,
    DivAlgo.DIFF_COMPENSATION: ("f32", "complex<f32>"),
    DivAlgo.PRECISION_0ULP_FTZ_TRUE: ("f32", "complex<f32>"),
    DivAlgo.PRECISION_0ULP_FTZ_FALSE: ("f32",),
    DivAlgo.PRECISION_1ULP_FTZ_FALSE: ("f16", "f32"),
}


class DivModeOp(RegOp):
    """`Div<T, &mode>`: T must be one the chosen algorithm takes (precisionMode: float)."""

    def verify_(self) -> None:
        super().verify_()
        algo = DivAlgo.from_attr(self.properties["algo"])
        t = str(self.dst.type.element_type)  # type: ignore[attr-defined]
        allowed = DIV_ALGO_DTYPES[algo]
        if t not in allowed:
            raise VerifyException(
                f"'{self.name}': Div with DivAlgo::{algo.name} does not take {t} "
                f"(it takes {', '.join(allowed)})"
            )
        # (the header's static_assert: float and complex64; the page says float)
        if "precisionMode" in self.properties and t not in ("f32", "complex<f32>"):
            raise VerifyException(
                f"'{self.name}': Div's precisionMode takes float or complex64 only, not {t}"
            )


class RelayoutOp(RegOp):
    """Interleave / DeInterleave: 64-bit elements in RegTraitNumTwo pairs only (the 3510
    implementations' `static_assert`: "only support RegTraitNumTwo")."""

    def verify_(self) -> None:
        super().verify_()
        t = self.src0.type  # type: ignore[attr-defined]
        if t.reg_num == 1 and getattr(t.element_type, "bitwidth", 0) == 64:
            api = self.SPEC.api.removeprefix("Reg::")
            raise VerifyException(
                f"'{self.name}': {api} of {t.element_type} takes RegTraitNumTwo registers "
                "(!ascendc.reg_tensor<T, 2>) only, as the 3510 header's static_assert says"
            )


def _relayout(cls: str, mnemonic: str, api: str, sim: str, doc: str) -> None:
    _add(
        cls,
        mnemonic,
        api,
        (_reg_in("src0"), _reg_in("src1")),
        (_reg_out("dst0"), _reg_out("dst1")),
        template=(_operand_element("src0"),),
        sim=sim,
        dtypes={"T": INTERLEAVE},
        example={"T": "f32"},
        family=FAMILY,
        hook=HOOK,
        base=RelayoutOp,
        doc=doc,
    )


_relayout(
    "RegInterleaveOp",
    "interleave",
    "Interleave",
    "interleave",
    "`Interleave<T>(dst0, dst1, src0, src1)`: the elements of src0 and src1 taken in "
    "turn (src0[0], src1[0], src0[1], ...), the first register's worth in dst0, the rest "
    "in dst1. 64-bit elements: RegTraitNumTwo pairs only (64 elements each; the header "
    "interleaves the pairs' low and high registers apart, which moves the same elements).",
)
_relayout(
    "RegDeInterleaveOp",
    "deinterleave",
    "DeInterleave",
    "deinterleave",
    "`DeInterleave<T>(dst0, dst1, src0, src1)`: of src0 followed by src1, the "
    "even-numbered elements in dst0 and the odd-numbered ones in dst1 (Interleave's "
    "inverse). 64-bit elements: RegTraitNumTwo pairs only.",
)
_add(
    "RegGatherRegOp",
    "gather_reg",
    "Gather",
    (_reg_in("src"), _reg_in("index", "U")),
    (_reg_out(),),
    template=(_operand_element("src"), _operand_element("index")),
    sim="gather_reg",
    dtypes={"T": (*B8_B16_B32, *B8_FLOATS), "U": ("ui8", "ui16", "ui32")},
    example={"T": "f32", "U": "ui32"},
    family=FAMILY,
    hook=HOOK,
    doc="`Gather<T, U>(dst, src, index)` (the register form): dst[i] = src[index[i] % "
    "lanes], every element (no mask); `index` has T's width.",
)
_add(
    "RegSqueezeOp",
    "squeeze",
    "Squeeze",
    (_reg_in("src"), _mask()),
    (_reg_out(),),
    props=(Prop("store", GatherMaskMode, default=GatherMaskMode.NO_STORE_REG),),
    template=(_operand_element("src"), "store"),
    sim="squeeze",
    dtypes={"T": SQUEEZE},
    family=FAMILY,
    hook=HOOK,
    doc="`Squeeze<T, store>(dst, src, mask)`: src's enabled elements in order at the "
    "front of dst, 0 after. STORE_REG also writes their byte count to the AR special "
    "register for the AR form of StoreUnAlign, which is not modelled: store the result "
    "with `store_unalign` and an explicit count.",
)
_UREG = of_type(UnalignRegForStoreType)
_add(
    "RegClearSprOp",
    "clear_spr",
    "ClearSpr",
    (),
    props=(Prop("spr", SpecialPurposeReg, default=SpecialPurposeReg.AR),),
    template=("spr",),
    sim="clear_spr",
    family=FAMILY,
    hook=HOOK,
    doc="`ClearSpr<spr>()`: the special register (AR) set to 0, before a stream of "
    "Squeeze<STORE_REG> + StoreUnAlign (AR form) that advances it.",
)
_add(
    "RegUnalignRegForStoreOp",
    "unalign_reg_for_store",
    "UnalignRegForStore",
    (),
    (Result("ureg", _UREG, UnalignRegForStoreType()),),
    sim="unalign_reg_for_store",
    family=FAMILY,
    hook=HOOK,
    doc="`UnalignRegForStore ureg;`: an empty unaligned-store register, which the AR-form "
    "stores below fill and flush (one object: the stores change it).",
)
_add(
    "RegStoreUnalignArOp",
    "store_unalign_ar",
    "StoreUnAlign",
    (
        Operand("ptr", ub("T"), Effect.WRITE),
        Operand("offset", INT),
        _reg_in("src"),
        Operand("ureg", _UREG),
    ),
    sim="store_unalign_ar",
    example={"T": "f32"},
    family=FAMILY,
    hook=HOOK,
    doc="`StoreUnAlign(ptr + offset, src, ureg)` (the AR form): the bytes the last "
    "Squeeze<STORE_REG> kept, from src's start, to the address `ptr + offset` + AR; AR "
    "then grows by them. Bytes past the last 32-byte boundary wait in `ureg` for the "
    "next store or StoreUnAlignPost. Each must follow a Squeeze<STORE_REG>.",
)
_add(
    "RegStoreUnalignPostArOp",
    "store_unalign_post_ar",
    "StoreUnAlignPost",
    (Operand("ptr", ub("T"), Effect.WRITE), Operand("offset", INT), Operand("ureg", _UREG)),
    sim="store_unalign_post_ar",
    example={"T": "f32"},
    family=FAMILY,
    hook=HOOK,
    doc="`StoreUnAlignPost(ptr + offset, ureg)` (the AR form): what `ureg` still holds "
    "written to UB, ending the stream.",
)
_add(
    "RegHistogramsOp",
    "histograms",
    "Histograms",
    (_reg_in("acc", "U"), _reg_in("src", "T"), _mask()),
    (_reg_out("dst", "U"),),
    props=(
        Prop("bin", HistogramsBinType, default=HistogramsBinType.BIN0),
        Prop("histType", HistogramsType, py="hist_type", default=HistogramsType.FREQUENCY),
    ),
    template=(_operand_element("src"), _operand_element("acc"), "bin", "histType"),
    sim="histograms",
    dtypes={"T": ("ui8",), "U": ("ui16",)},
    example={"T": "ui8", "U": "ui16"},
    family=FAMILY,
    hook=HOOK,
    doc="`Histograms<T, U, bin, type>(dst, src, mask)`, dst starting as `acc`: element "
    "k of dst gains the number of enabled elements of src equal to 128 * bin + k "
    "(FREQUENCY) or at most that value and at least 128 * bin (ACCUMULATE); the uint16 "
    "counts wrap.",
)
_add(
    "RegDivModeOp",
    "div_mode",
    "Div",
    (_reg_in("src0"), _reg_in("src1"), _mask()),
    (_reg_out(),),
    props=(
        Prop("algo", DivAlgo, default=DivAlgo.INTRINSIC),
        Prop("precisionMode", py="precision_mode", kind=PropKind.UNIT, default=False),
    ),
    template=(_operand_element("src0"),),
    sim="div_mode",
    dtypes={"T": _DIV},
    family=FAMILY,
    hook=HOOK,
    base=DivModeOp,
    doc="`Div<T, &mode>(dst, src0, src1, mask)` with the `DivSpecificMode` {ZEROING, "
    "precisionMode, algo} (a `static constexpr` the printer declares). Floats: "
    "PRECISION_0ULP/1ULP_FTZ_FALSE divide IEEE-exactly, subnormals kept; every other "
    "algo flushes subnormal inputs and results to signed zero and gives NaN as "
    "0x7FFFFFFF (f16: 0x7FFF). Integers divide toward zero. Complex T: `reg.div`'s "
    "complex quotient, each of its part divisions by `algo`.",
)

_add(
    "RegExpModeOp",
    "exp_mode",
    "Exp",
    (_reg_in("src"), _mask()),
    (_reg_out(),),
    props=(Prop("algo", ExpAlgo, default=ExpAlgo.INTRINSIC),),
    template=(_operand_element("src"),),
    sim="exp_mode",
    dtypes={"T": ("f16", "f32")},
    family=FAMILY,
    hook=HOOK,
    doc="`Exp<T, &mode>(dst, src, mask)` with the `ExpSpecificMode` {ZEROING, algo} (a "
    "`static constexpr` the printer declares): PRECISION_1ULP_FTZ_FALSE keeps subnormal "
    "results, the other algos flush them (and subnormal inputs) to zero.",
)


class SqrtModeOp(RegOp):
    """`Sqrt<T, &mode>`: precisionMode and PRECISION_0ULP_FTZ_FALSE take float only (the
    fast-inverse path's `static_assert`)."""

    def verify_(self) -> None:
        super().verify_()
        algo = SqrtAlgo.from_attr(self.properties["algo"])
        t = str(self.dst.type.element_type)  # type: ignore[attr-defined]
        if t == "f32":
            return
        if "precisionMode" in self.properties:
            raise VerifyException(f"'{self.name}': Sqrt's precisionMode takes float only, not {t}")
        if algo is SqrtAlgo.PRECISION_0ULP_FTZ_FALSE:
            raise VerifyException(
                f"'{self.name}': Sqrt with SqrtAlgo::PRECISION_0ULP_FTZ_FALSE takes float "
                f"only, not {t}"
            )


UNARY_MODES: dict[str, type] = {
    # api -> its `<Api>SpecificMode::algo` enum (the unary math ops whose `auto mode`
    # template parameter takes a mode struct on 3510, besides Exp)
    "Sqrt": SqrtAlgo,
    "Ln": LnAlgo,
    "Log": LogAlgo,
    "Log2": Log2Algo,
    "Log10": Log10Algo,
}
for _api, _enum in UNARY_MODES.items():
    _sqrt = _api == "Sqrt"
    _props = (Prop("algo", _enum, default=_enum.INTRINSIC),)
    if _sqrt:
        _props += (Prop("precisionMode", py="precision_mode", kind=PropKind.UNIT, default=False),)
    _add(
        f"Reg{_api}ModeOp",
        f"{_api.lower()}_mode",
        _api,
        (_reg_in("src"), _mask()),
        (_reg_out(),),
        props=_props,
        template=(_operand_element("src"),),
        sim="unary_mode",
        dtypes={"T": ("f16", "f32")},
        family=FAMILY,
        hook=HOOK,
        base=SqrtModeOp if _sqrt else RegOp,
        doc=f"`{_api}<T, &mode>(dst, src, mask)` with the `{_api}SpecificMode` {{ZEROING, "
        + ("precisionMode, " if _sqrt else "")
        + "algo} (a `static constexpr` the printer declares): the `*_FTZ_FALSE` algos"
        + (" (and precisionMode)" if _sqrt else "")
        + " keep subnormal inputs, the others flush them to zero."
        + (" precisionMode and PRECISION_0ULP_FTZ_FALSE take float only." if _sqrt else ""),
    )

__all__ = ["DIV_ALGO_DTYPES", "FAMILY", "REG_DTYPES", "UNARY_MODES"]
