"""Ascend C of the Reg layer (`dialects/ascendc/reg.py`): `AscendC::Reg` calls.

The C++ APIs write registers through reference parameters, so each register an op
makes is declared first (`AscendC::Reg::RegTensor<float> sum;`) and passed as the call's
leading arguments, before the op's operands; a UB pointer and its element offset are
one argument, `ptr + offset`. The template arguments are the spec's (`Compare<T, mode>`);
the others are deduced, as the headers intend.
"""

from __future__ import annotations

from typing import Any

from asc_xdsl.backends.ascendc.cpp_types import template_arg
from asc_xdsl.dialects.ascendc.enums import RoundMode
from asc_xdsl.dialects.ascendc.reg_types import RegLayout, SatMode

NS = "AscendC::Reg::"

# Operands that are a UB pointer followed by its element offset: printed `ptr + offset`.
_POINTER_PAIRS = ("ptr", "offset")


def _template(emitter: Any, op: Any) -> str:
    args = []
    for a in op.cpp_template_args():
        if a is None:
            continue
        args.append(emitter.ctype(op, a) if hasattr(a, "parameters") else template_arg(a))
    return f"<{', '.join(args)}>" if args else ""


def _inputs(emitter: Any, op: Any) -> list[str]:
    """The operands as call arguments, a UB pointer and its offset as one."""
    names = [o.name for o in op.SPEC.operands]
    out = []
    for name in names:
        if name == "offset" and "ptr" in names:
            continue
        value = getattr(op, name)
        text = emitter.name(value)
        if name == "ptr" and "offset" in names:
            text = f"{text} + {emitter.name(op.offset)}"
        out.append(text)
    return out


def _declare_outputs(emitter: Any, op: Any) -> list[str]:
    names = []
    for r in op.results:
        name = emitter.names.define(r)
        emitter.line(f"{emitter.ctype(op, r.type)} {name};")
        names.append(name)
    return names


def _api(op: Any) -> str:
    return NS + op.SPEC.api.removeprefix("Reg::")


# Results the C++ writes through one of the operands it takes by reference: a PostUpdate
# pointer (`next` of `ptr`), an unaligned stream's register (`ureg_next` of `ureg`), a
# MERGING destination (`dst` of `prior`, the register it keeps).
_IN_PLACE = {"next": "ptr", "ureg_next": "ureg", "dst": "prior"}


def _print_call(emitter: Any, op: Any) -> None:
    """`Api<targs>(results..., operands...);` (registers written through references). A
    result in `_IN_PLACE` is its operand's variable, advanced in place when the op is its
    only use, else a copy (`emitters/reg_address._advanced`); a kept MERGING register
    is the call's first argument."""
    operands = {o.name for o in op.SPEC.operands}
    results = [r.name for r in op.SPEC.results]
    if not any(_IN_PLACE.get(r) in operands for r in results):
        outs = _declare_outputs(emitter, op)
        args = ", ".join([*outs, *_inputs(emitter, op)])
        emitter.line(f"{_api(op)}{_template(emitter, op)}({args});")
        return
    from asc_xdsl.backends.ascendc.emitters.reg_address import _advanced

    through = {}  # operand name -> the variable the call writes it through
    outs = []
    for name, value in zip(results, op.results, strict=True):
        source = _IN_PLACE.get(name)
        if source in operands:
            through[source] = _advanced(emitter, op, getattr(op, source), value)
            if source == "prior":
                outs.append(through[source])
            continue
        out = emitter.names.define(value)
        emitter.line(f"{emitter.ctype(op, value.type)} {out};")
        outs.append(out)
    args = [*outs]
    for o in op.SPEC.operands:
        if o.name == "prior":
            continue
        args.append(through.get(o.name) or emitter.name(getattr(op, o.name)))
    emitter.line(f"{_api(op)}{_template(emitter, op)}({', '.join(args)});")


def _print_create_mask(emitter: Any, op: Any) -> None:
    """`MaskReg m = CreateMask<T, pattern>();` (it returns the mask)."""
    emitter.declare(op, op.mask, f"{_api(op)}{_template(emitter, op)}()")


def _print_update_mask(emitter: Any, op: Any) -> None:
    """UpdateMask takes the count by `uint32_t&` and decrements it: a uint32_t copy goes
    in, the remaining count comes out of it."""
    count = emitter.names.claim(f"{emitter.name(op.count)}_left")
    emitter.line(f"uint32_t {count} = static_cast<uint32_t>({emitter.name(op.count)});")
    emitter.declare(op, op.mask, f"{_api(op)}{_template(emitter, op)}({count})")
    ctype = emitter.ctype(op, op.remaining.type)
    emitter.declare(op, op.remaining, f"static_cast<{ctype}>({count})")


def _pointer(emitter: Any, op: Any) -> str:
    return f"{emitter.name(op.ptr)} + {emitter.name(op.offset)}"


def _print_load_unalign(emitter: Any, op: Any) -> None:
    """`LoadUnAlignPre(u, p); LoadUnAlign(dst, u, p);`: the unaligned-load register `u`
    is primed with the address, then the load reads through it."""
    (dst,) = _declare_outputs(emitter, op)
    u = emitter.names.claim(f"{dst}_ureg")
    p = _pointer(emitter, op)
    emitter.line(f"{NS}UnalignRegForLoad {u};")
    emitter.line(f"{NS}LoadUnAlignPre({u}, {p});")
    emitter.line(f"{NS}LoadUnAlign({dst}, {u}, {p});")


def _print_store_unalign(emitter: Any, op: Any) -> None:
    """`StoreUnAlign(p, src, u, count); StoreUnAlignPost(p, u, 0);`: the store goes
    through the unaligned-store register `u` and a pointer it advances, and the post
    store flushes what `u` still holds."""
    src = emitter.name(op.src)
    p = emitter.names.claim(f"{src}_dst")
    u = emitter.names.claim(f"{src}_ureg")
    ctype = emitter.ctype(op, op.ptr.type)
    emitter.line(f"{ctype} {p} = {_pointer(emitter, op)};")
    emitter.line(f"{NS}UnalignRegForStore {u};")
    count = emitter.name(op.count)
    emitter.line(f"{NS}StoreUnAlign({p}, {src}, {u}, static_cast<uint32_t>({count}));")
    emitter.line(f"{NS}StoreUnAlignPost({p}, {u}, 0);")


def _print_ub_ptr(emitter: Any, op: Any) -> None:
    """`__ubuf__ T* p = reinterpret_cast<__ubuf__ T*>(t.GetPhyAddr(offset));`"""
    ctype = emitter.ctype(op, op.ptr.type)
    tensor, offset = emitter.name(op.tensor), emitter.name(op.offset)
    emitter.declare(op, op.ptr, f"reinterpret_cast<{ctype}>({tensor}.GetPhyAddr({offset}))")


def _print_vf_call(emitter: Any, op: Any) -> None:
    """`asc_vf_call<f>(args...);` with the callee's C++ name."""
    callee = op.properties["callee"].root_reference.data
    name = emitter.functions.get(callee, callee)
    args = ", ".join(emitter.name(a) for a in op.args)
    emitter.line(f"asc_vf_call<{emitter.identifier(op, 'callee', name)}>({args});")


def _print_bar(emitter: Any, op: Any) -> None:
    emitter.line(f"{_api(op)}{_template(emitter, op)}();")


def _print_cast(emitter: Any, op: Any) -> None:
    """`static constexpr CastTrait trait = {...}; Cast<T, S, trait>(dst, src, mask);`: the
    trait is a template argument by reference, so a named constant."""
    (dst,) = _declare_outputs(emitter, op)
    trait = emitter.names.claim(f"{dst}_trait")
    fields = [
        op.properties["layout"],
        op.properties["sat"],
    ]
    layout = RegLayout.from_attr(fields[0]).cpp
    sat = SatMode.from_attr(fields[1]).cpp
    rounding = RoundMode.from_attr(op.properties["roundMode"]).cpp
    emitter.line(
        f"static constexpr {NS}CastTrait {trait} = "
        f"{{{layout}, {sat}, {NS}MaskMergeMode::ZEROING, {rounding}}};"
    )
    t, s = (emitter.ctype(op, a) for a in op.cpp_template_args())
    args = ", ".join([dst, emitter.name(op.src), emitter.name(op.mask)])
    emitter.line(f"{_api(op)}<{t}, {s}, {trait}>({args});")
