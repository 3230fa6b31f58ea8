"""`asc.reg` functions of `dialects/ascendc/reg_relayout.py`'s ops: Interleave /
DeInterleave, the register Gather, Squeeze, Histograms, Div with a DivSpecificMode
(`div(..., algo=...)`), and Exp, Sqrt, Ln, Log, Log2, Log10 with or without theirs
(`sqrt(src, mask, algo=SqrtAlgo.PRECISION_1ULP_FTZ_FALSE)`). Each returns the
register(s) the C++ API writes."""

from __future__ import annotations

from typing import Any

from asc_xdsl.dialects.reg_enums import (
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
)
from asc_xdsl.language.builder import IRValue
from asc_xdsl.language.reg import (
    MaskReg,
    RegTensor,
    UbPointer,
    _g,
    _need,
    _reg_type,
    _same,
)


def _emit(g: Any, cls_name: str, operands: list, results: list, **props: Any) -> Any:
    from asc_xdsl.dialects.ascendc import reg_relayout

    return g.emit(getattr(reg_relayout, cls_name)(*operands, result_types=results, **props))


def _pair(cls_name: str, api: str, doc: str):
    def f(src0: RegTensor, src1: RegTensor) -> tuple[RegTensor, RegTensor]:
        g = _g(api)
        _need(g, src0, RegTensor, "src0")
        _need(g, src1, RegTensor, "src1")
        _same(g, src0, src1, api)
        t = src0.handle.type
        op = _emit(g, cls_name, [src0.handle, src1.handle], [t, t])
        return RegTensor(op.results[0], src0.dtype), RegTensor(op.results[1], src0.dtype)

    f.__name__ = f.__qualname__ = api
    f.__doc__ = doc
    return f


interleave = _pair(
    "RegInterleaveOp",
    "interleave",
    "`Interleave(dst0, dst1, src0, src1)`: (dst0, dst1) = src0[0], src1[0], src0[1], "
    "src1[1], ... (the first register's worth in dst0).",
)
deinterleave = _pair(
    "RegDeInterleaveOp",
    "deinterleave",
    "`DeInterleave(dst0, dst1, src0, src1)`: of src0 then src1, the even elements in dst0 "
    "and the odd ones in dst1.",
)


def gather_reg(src: RegTensor, index: RegTensor) -> RegTensor:
    """`Gather<T, U>(dst, src, index)`, the register form: dst[i] = src[index[i] % lanes];
    `index` is unsigned of T's width."""
    g = _g("gather_reg")
    _need(g, src, RegTensor, "src")
    _need(g, index, RegTensor, "index")
    if index.dtype.sizeof() != src.dtype.sizeof() or index.dtype.name[:1] != "u":
        g.fail(
            f"gather_reg: the index register must be unsigned of {src.dtype.name}'s width "
            f"({8 * src.dtype.sizeof()} bits), got {index.dtype.name}"
        )
    op = _emit(g, "RegGatherRegOp", [src.handle, index.handle], [_reg_type(src.dtype)])
    return RegTensor(op.results[0], src.dtype)


def squeeze(
    src: RegTensor, mask: MaskReg, store: GatherMaskMode = GatherMaskMode.NO_STORE_REG
) -> RegTensor:
    """`Squeeze<T, store>(dst, src, mask)`: src's enabled elements in order at the front
    of dst, 0 after; STORE_REG hands their bytes to AR for the `store_unalign_ar` that
    must follow (else store them with `store_unalign` and their count)."""
    g = _g("squeeze")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    s = g.enum(store, GatherMaskMode, "store")
    op = _emit(g, "RegSqueezeOp", [src.handle, mask.handle], [_reg_type(src.dtype)], store=s)
    return RegTensor(op.results[0], src.dtype)


class UnalignRegForStore(IRValue):
    """`AscendC::Reg::UnalignRegForStore`: the tail an AR-form store stream holds back."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UnalignRegForStore()"


def clear_spr(spr: SpecialPurposeReg = SpecialPurposeReg.AR) -> None:
    """`ClearSpr<spr>()`: AR set to 0, before a Squeeze<STORE_REG> store stream."""
    g = _g("clear_spr")
    _emit(g, "RegClearSprOp", [], [], spr=g.enum(spr, SpecialPurposeReg, "spr"))


def unalign_reg_for_store() -> UnalignRegForStore:
    """`UnalignRegForStore ureg;`: the register a stream of `store_unalign_ar` fills and
    `store_unalign_post_ar` flushes."""
    from asc_xdsl.dialects.ascendc.reg_types import UnalignRegForStoreType

    g = _g("unalign_reg_for_store")
    op = _emit(g, "RegUnalignRegForStoreOp", [], [UnalignRegForStoreType()])
    return UnalignRegForStore(op.results[0])


def store_unalign_ar(
    ptr: UbPointer, src: RegTensor, ureg: UnalignRegForStore, offset: Any = 0
) -> None:
    """`StoreUnAlign(ptr + offset, src, ureg)`, the AR form: the bytes the last
    `squeeze(..., STORE_REG)` kept, at `ptr + offset` + AR (AR then advances)."""
    g = _g("store_unalign_ar")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, src, RegTensor, "src")
    _need(g, ureg, UnalignRegForStore, "ureg")
    if src.dtype is not ptr.dtype:
        g.fail(f"store_unalign_ar: a {src.dtype.name} register to a {ptr.dtype.name} pointer")
    off = g.integer(offset, "offset")
    _emit(g, "RegStoreUnalignArOp", [ptr.handle, off, src.handle, ureg.handle], [])


def store_unalign_post_ar(ptr: UbPointer, ureg: UnalignRegForStore, offset: Any = 0) -> None:
    """`StoreUnAlignPost(ptr + offset, ureg)`, the AR form: what `ureg` holds, to UB."""
    g = _g("store_unalign_post_ar")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, ureg, UnalignRegForStore, "ureg")
    off = g.integer(offset, "offset")
    _emit(g, "RegStoreUnalignPostArOp", [ptr.handle, off, ureg.handle], [])


def histograms(
    acc: RegTensor,
    src: RegTensor,
    mask: MaskReg,
    bin: HistogramsBinType = HistogramsBinType.BIN0,
    hist_type: HistogramsType = HistogramsType.FREQUENCY,
) -> RegTensor:
    """`Histograms<uint8_t, uint16_t, bin, hist_type>(dst, src, mask)` with dst starting as
    `acc` (uint16 counts of the uint8 values 128 * bin + k): the updated counts."""
    g = _g("histograms")
    _need(g, acc, RegTensor, "acc")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    b = g.enum(bin, HistogramsBinType, "bin")
    h = g.enum(hist_type, HistogramsType, "hist_type")
    op = _emit(
        g,
        "RegHistogramsOp",
        [acc.handle, src.handle, mask.handle],
        [_reg_type(acc.dtype)],
        bin=b,
        hist_type=h,
    )
    return RegTensor(op.results[0], acc.dtype)


def div(
    src0: RegTensor,
    src1: RegTensor,
    mask: MaskReg,
    algo: DivAlgo | None = None,
    precision_mode: bool = False,
) -> RegTensor:
    """`Div(dst, src0, src1, mask)`: elementwise; 0 where mask is off. With `algo` or
    `precision_mode`, `Div<T, &mode>` with the DivSpecificMode {ZEROING, precision_mode,
    algo}: PRECISION_0ULP/1ULP_FTZ_FALSE keep subnormals, the others flush them."""
    from asc_xdsl.language.reg import _binary

    if algo is None and precision_mode is False:
        return _binary("RegDivOp", "div")(src0, src1, mask)
    g = _g("div")
    _need(g, src0, RegTensor, "src0")
    _need(g, src1, RegTensor, "src1")
    _need(g, mask, MaskReg, "mask")
    _same(g, src0, src1, "div")
    a = g.enum(DivAlgo.INTRINSIC if algo is None else algo, DivAlgo, "algo")
    precise = g.constexpr(precision_mode, "precision_mode", bool)
    op = _emit(
        g,
        "RegDivModeOp",
        [src0.handle, src1.handle, mask.handle],
        [src0.handle.type],
        algo=a,
        precision_mode=precise,
    )
    return RegTensor(op.results[0], src0.dtype)


def exp(src: RegTensor, mask: MaskReg, algo: ExpAlgo | None = None) -> RegTensor:
    """`Exp(dst, src, mask)`: elementwise; 0 where mask is off. With `algo`, `Exp<T,
    &mode>` with the ExpSpecificMode {ZEROING, algo}: PRECISION_1ULP_FTZ_FALSE keeps
    subnormal results, the others flush them."""
    from asc_xdsl.language.reg import _unary

    if algo is None:
        return _unary("RegExpOp", "exp")(src, mask)
    g = _g("exp")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    a = g.enum(algo, ExpAlgo, "algo")
    op = _emit(g, "RegExpModeOp", [src.handle, mask.handle], [src.handle.type], algo=a)
    return RegTensor(op.results[0], src.dtype)


def _math_mode(api: str, enum: type):
    """`sqrt`, `ln`, `log`, `log2`, `log10`: the plain op, or with `algo` (Sqrt: or
    `precision_mode`) the `Api<T, &mode>` form with its SpecificMode."""
    plain = f"Reg{api}Op"
    sqrt = api == "Sqrt"

    def f(src: RegTensor, mask: MaskReg, algo: Any = None, precision_mode: bool = False):
        from asc_xdsl.language.reg import _unary

        name = api.lower()
        if algo is None and precision_mode is False:
            return _unary(plain, name)(src, mask)
        g = _g(name)
        _need(g, src, RegTensor, "src")
        _need(g, mask, MaskReg, "mask")
        if precision_mode is not False and not sqrt:
            g.fail(f"{name}: precision_mode is Sqrt's ({api}SpecificMode has no such field)")
        props = {"algo": g.enum(enum.INTRINSIC if algo is None else algo, enum, "algo")}
        if sqrt:
            props["precision_mode"] = g.constexpr(precision_mode, "precision_mode", bool)
        op = _emit(g, f"Reg{api}ModeOp", [src.handle, mask.handle], [src.handle.type], **props)
        return RegTensor(op.results[0], src.dtype)

    f.__name__ = f.__qualname__ = api.lower()
    f.__doc__ = (
        f"`{api}(dst, src, mask)`: elementwise; 0 where mask is off. With `algo` (a "
        f"{enum.__name__})"
        + (" or `precision_mode`" if sqrt else "")
        + f", `{api}<T, &mode>` with the {api}SpecificMode: the `*_FTZ_FALSE` algos keep "
        "subnormal inputs, the others flush them to zero."
    )
    return f


sqrt = _math_mode("Sqrt", SqrtAlgo)
ln = _math_mode("Ln", LnAlgo)
log = _math_mode("Log", LogAlgo)
log2 = _math_mode("Log2", Log2Algo)
log10 = _math_mode("Log10", Log10Algo)


__all__ = [
    "UnalignRegForStore",
    "clear_spr",
    "deinterleave",
    "div",
    "exp",
    "gather_reg",
    "histograms",
    "interleave",
    "ln",
    "log",
    "log2",
    "log10",
    "sqrt",
    "squeeze",
    "store_unalign_ar",
    "store_unalign_post_ar",
    "unalign_reg_for_store",
]
