"""Ascend C of the Reg ops of `dialects/ascendc/reg_relayout.py` that do not print as a
plain `Api<targs>(results..., operands...)` call (those go through `reg._print_call`)."""

from __future__ import annotations

from typing import Any

from asc_xdsl.backends.ascendc.emitters.reg import NS, _api, _declare_outputs, _template
from asc_xdsl.dialects.ascendc.reg_types import DivAlgo, ExpAlgo


def _print_histograms(emitter: Any, op: Any) -> None:
    """`RegTensor<U> dst = acc; Histograms<T, U, bin, type>(dst, src, mask);`: the API
    adds to the register it writes, so the result starts as a copy of `acc`."""
    dst = emitter.names.define(op.dst)
    emitter.line(f"{emitter.ctype(op, op.dst.type)} {dst} = {emitter.name(op.acc)};")
    args = ", ".join([dst, emitter.name(op.src), emitter.name(op.mask)])
    emitter.line(f"{_api(op)}{_template(emitter, op)}({args});")


def _print_div_mode(emitter: Any, op: Any) -> None:
    """`static constexpr DivSpecificMode mode = {...}; Div<T, &mode>(dst, a, b, mask);`:
    the mode is a template argument by address, so a named constant."""
    (dst,) = _declare_outputs(emitter, op)
    mode = emitter.names.claim(f"{dst}_mode")
    algo = DivAlgo.from_attr(op.properties["algo"]).cpp
    precise = "true" if "precisionMode" in op.properties else "false"
    emitter.line(
        f"static constexpr {NS}DivSpecificMode {mode} = "
        f"{{{NS}MaskMergeMode::ZEROING, {precise}, {algo}}};"
    )
    t = emitter.ctype(op, op.dst.type.element_type)
    args = ", ".join([dst, emitter.name(op.src0), emitter.name(op.src1), emitter.name(op.mask)])
    emitter.line(f"{_api(op)}<{t}, &{mode}>({args});")


def _print_unalign_reg(emitter: Any, op: Any) -> None:
    """`UnalignRegForStore ureg;`: declared once, changed by the stores it is passed to."""
    _declare_outputs(emitter, op)


def _print_exp_mode(emitter: Any, op: Any) -> None:
    """`static constexpr ExpSpecificMode mode = {...}; Exp<T, &mode>(dst, src, mask);`"""
    (dst,) = _declare_outputs(emitter, op)
    mode = emitter.names.claim(f"{dst}_mode")
    algo = ExpAlgo.from_attr(op.properties["algo"]).cpp
    emitter.line(
        f"static constexpr {NS}ExpSpecificMode {mode} = {{{NS}MaskMergeMode::ZEROING, {algo}}};"
    )
    t = emitter.ctype(op, op.dst.type.element_type)
    args = ", ".join([dst, emitter.name(op.src), emitter.name(op.mask)])
    emitter.line(f"{_api(op)}<{t}, &{mode}>({args});")


def _print_unary_mode(emitter: Any, op: Any) -> None:
    """`static constexpr SqrtSpecificMode mode = {ZEROING, [precisionMode,] algo};
    Sqrt<T, &mode>(dst, src, mask);` (Ln, Log, Log2, Log10 the same, without
    precisionMode)."""
    from asc_xdsl.dialects.ascendc.reg_relayout import UNARY_MODES

    (dst,) = _declare_outputs(emitter, op)
    api = op.SPEC.api.removeprefix("Reg::")
    mode = emitter.names.claim(f"{dst}_mode")
    fields = [f"{NS}MaskMergeMode::ZEROING"]
    if api == "Sqrt":
        fields.append("true" if "precisionMode" in op.properties else "false")
    fields.append(UNARY_MODES[api].from_attr(op.properties["algo"]).cpp)
    emitter.line(f"static constexpr {NS}{api}SpecificMode {mode} = {{{', '.join(fields)}}};")
    t = emitter.ctype(op, op.dst.type.element_type)
    args = ", ".join([dst, emitter.name(op.src), emitter.name(op.mask)])
    emitter.line(f"{_api(op)}<{t}, &{mode}>({args});")
