"""Ascend C of the Reg layer's address forms (`dialects/ascendc/reg_address.py`).

A PostUpdate call advances the pointer (and an unaligned stream's register) it is
given by reference; the op's `next` result is that advanced value. When the op is the
only use of its input, defined in the op's own block (a vector function's parameter,
a loop's carried variable), the result is spelled as the input's variable, so the C++
advances it in place as the samples do (`LoadAlign<T, POST_MODE_UPDATE>(x, xAddr,
64)`); otherwise the input is copied into a new variable first, which the call
advances.
"""

from __future__ import annotations

from typing import Any

from xdsl.ir import Block

NS = "AscendC::Reg::"
_POST = f"{NS}PostLiteral::POST_MODE_UPDATE"


def _only_use_here(value: Any, op: Any) -> bool:
    owner = value.owner
    block = owner if isinstance(owner, Block) else owner.parent_block()
    return block is op.parent_block() and len(list(value.uses)) == 1


def _advanced(emitter: Any, op: Any, value: Any, result: Any) -> str:
    """The C++ variable a by-reference call advances: `value`'s own (aliased to
    `result`) or a copy of it named for `result`."""
    if _only_use_here(value, op):
        name = emitter.name(value)
        emitter.names.alias(result, name)
        return name
    name = emitter.names.define(result)
    emitter.line(f"{emitter.ctype(op, result.type)} {name} = {emitter.name(value)};")
    return name


def _declare_outputs(emitter: Any, op: Any) -> list[str]:
    # (imported when first printing: `emitters/__init__` imports this module for its rows)
    from asc_xdsl.backends.ascendc.emitters.reg import _declare_outputs

    return _declare_outputs(emitter, op)


def _element(emitter: Any, op: Any) -> str:
    return emitter.ctype(op, op.ptr.type.element_type)


def _dist(op: Any) -> str:
    """`, AscendC::Reg::LoadDist::X` for an op with a `dist`, else nothing."""
    from asc_xdsl.backends.ascendc.cpp_types import template_arg
    from asc_xdsl.dialects.reg_enums import LoadDist, StoreDist

    attr = op.properties.get("dist")
    if attr is None:
        return ""
    enum = LoadDist if ".load_" in op.name else StoreDist
    return ", " + template_arg(enum(attr.value.data))


def _print_load_align_post(emitter: Any, op: Any) -> None:
    """`LoadAlign<T, POST_MODE_UPDATE>(dst, p, stride);`"""
    dst = emitter.names.define(op.dst)
    emitter.line(f"{emitter.ctype(op, op.dst.type)} {dst};")
    p = _advanced(emitter, op, op.ptr, op.next)
    stride = f"static_cast<int32_t>({emitter.name(op.stride)})"
    targs = f"{_element(emitter, op)}, {_POST}{_dist(op)}"
    emitter.line(f"{NS}LoadAlign<{targs}>({dst}, {p}, {stride});")


def _print_store_align_post(emitter: Any, op: Any) -> None:
    """`StoreAlign<T, POST_MODE_UPDATE>(p, src, stride, mask);`"""
    p = _advanced(emitter, op, op.ptr, op.next)
    stride = f"static_cast<int32_t>({emitter.name(op.stride)})"
    args = f"{p}, {emitter.name(op.src)}, {stride}, {emitter.name(op.mask)}"
    emitter.line(f"{NS}StoreAlign<{_element(emitter, op)}, {_POST}{_dist(op)}>({args});")


def _print_load_unalign_pre(emitter: Any, op: Any) -> None:
    """`UnalignRegForLoad u; LoadUnAlignPre(u, ptr);`"""
    (u,) = _declare_outputs(emitter, op)
    emitter.line(f"{NS}LoadUnAlignPre({u}, {emitter.name(op.ptr)});")


def _print_load_unalign_post(emitter: Any, op: Any) -> None:
    """`LoadUnAlign(dst, u, p, stride);` (its default postMode is POST_MODE_UPDATE)."""
    dst = emitter.names.define(op.dst)
    emitter.line(f"{emitter.ctype(op, op.dst.type)} {dst};")
    u = _advanced(emitter, op, op.ureg, op.ureg_next)
    p = _advanced(emitter, op, op.ptr, op.next)
    stride = f"static_cast<uint32_t>({emitter.name(op.stride)})"
    emitter.line(f"{NS}LoadUnAlign({dst}, {u}, {p}, {stride});")


# CreateAddrReg's parameter types: (index, stride) pairs of uint16_t, uint32_t.
_PAIR_TYPES = ("uint16_t", "uint32_t")


def _print_create_addr_reg(emitter: Any, op: Any) -> None:
    """`AddrReg a = CreateAddrReg<T>(index0, stride0, ...);`"""
    t = emitter.ctype(op, op.properties["dtype"])
    args = ", ".join(
        f"static_cast<{_PAIR_TYPES[i % 2]}>({emitter.name(v)})" for i, v in enumerate(op.pairs)
    )
    emitter.declare(op, op.areg, f"{NS}CreateAddrReg<{t}>({args})")


def _print_load_align_areg(emitter: Any, op: Any) -> None:
    """`LoadAlign(dst, ptr, areg);`"""
    (dst,) = _declare_outputs(emitter, op)
    targs = f"<{_element(emitter, op)}{_dist(op)}>" if _dist(op) else ""
    emitter.line(f"{NS}LoadAlign{targs}({dst}, {emitter.name(op.ptr)}, {emitter.name(op.areg)});")


def _print_store_align_areg(emitter: Any, op: Any) -> None:
    """`StoreAlign(ptr, src, areg, mask);`"""
    args = ", ".join(emitter.name(v) for v in (op.ptr, op.src, op.areg, op.mask))
    targs = f"<{_element(emitter, op)}{_dist(op)}>" if _dist(op) else ""
    emitter.line(f"{NS}StoreAlign{targs}({args});")


_BLOCK = f"{NS}DataCopyMode::DATA_BLOCK_COPY"


def _at(emitter: Any, op: Any) -> str:
    """`ptr + offset`, as the plain LoadAlign / StoreAlign print it."""
    return f"{emitter.name(op.ptr)} + {emitter.name(op.offset)}"


def _print_load_align_block(emitter: Any, op: Any) -> None:
    """`LoadAlign<T, DataCopyMode::DATA_BLOCK_COPY>(dst, ptr + offset, stride, mask);`"""
    (dst,) = _declare_outputs(emitter, op)
    stride = f"static_cast<uint32_t>({emitter.name(op.block_stride)})"
    args = f"{dst}, {_at(emitter, op)}, {stride}, {emitter.name(op.mask)}"
    emitter.line(f"{NS}LoadAlign<{_element(emitter, op)}, {_BLOCK}>({args});")


def _print_store_align_block(emitter: Any, op: Any) -> None:
    """`StoreAlign<T, DataCopyMode::DATA_BLOCK_COPY>(ptr + offset, src, stride, mask);`"""
    stride = f"static_cast<uint32_t>({emitter.name(op.block_stride)})"
    args = f"{_at(emitter, op)}, {emitter.name(op.src)}, {stride}, {emitter.name(op.mask)}"
    emitter.line(f"{NS}StoreAlign<{_element(emitter, op)}, {_BLOCK}>({args});")


def _print_load_align_block_post(emitter: Any, op: Any) -> None:
    """`LoadAlign<T, DATA_BLOCK_COPY, POST_MODE_UPDATE>(dst, p, blockStride, repeatStride,
    mask);`"""
    dst = emitter.names.define(op.dst)
    emitter.line(f"{emitter.ctype(op, op.dst.type)} {dst};")
    p = _advanced(emitter, op, op.ptr, op.next)
    strides = ", ".join(
        f"static_cast<uint32_t>({emitter.name(v)})" for v in (op.block_stride, op.repeat_stride)
    )
    args = f"{dst}, {p}, {strides}, {emitter.name(op.mask)}"
    emitter.line(f"{NS}LoadAlign<{_element(emitter, op)}, {_BLOCK}, {_POST}>({args});")


def _print_store_align_block_post(emitter: Any, op: Any) -> None:
    """`StoreAlign<T, DATA_BLOCK_COPY, POST_MODE_UPDATE>(p, src, blockStride, repeatStride,
    mask);`"""
    p = _advanced(emitter, op, op.ptr, op.next)
    strides = ", ".join(
        f"static_cast<uint32_t>({emitter.name(v)})" for v in (op.block_stride, op.repeat_stride)
    )
    args = f"{p}, {emitter.name(op.src)}, {strides}, {emitter.name(op.mask)}"
    emitter.line(f"{NS}StoreAlign<{_element(emitter, op)}, {_BLOCK}, {_POST}>({args});")


def _print_load_align_dintlv_post(emitter: Any, op: Any) -> None:
    """`LoadAlign<T, POST_MODE_UPDATE, dist>(dst0, dst1, p, stride);`"""
    dst0, dst1 = (emitter.names.define(r) for r in (op.dst0, op.dst1))
    t = emitter.ctype(op, op.dst0.type)
    emitter.line(f"{t} {dst0};")
    emitter.line(f"{t} {dst1};")
    p = _advanced(emitter, op, op.ptr, op.next)
    stride = f"static_cast<int32_t>({emitter.name(op.stride)})"
    targs = f"{_element(emitter, op)}, {_POST}{_dist(op)}"
    emitter.line(f"{NS}LoadAlign<{targs}>({dst0}, {dst1}, {p}, {stride});")


def _print_load_align_dintlv_areg(emitter: Any, op: Any) -> None:
    """`LoadAlign<T, dist>(dst0, dst1, ptr, areg);`"""
    dst0, dst1 = _declare_outputs(emitter, op)
    args = f"{dst0}, {dst1}, {emitter.name(op.ptr)}, {emitter.name(op.areg)}"
    emitter.line(f"{NS}LoadAlign<{_element(emitter, op)}{_dist(op)}>({args});")


def _print_store_align_intlv_areg(emitter: Any, op: Any) -> None:
    """`StoreAlign<T, dist>(ptr, src0, src1, areg, mask);`"""
    args = ", ".join(emitter.name(v) for v in (op.ptr, op.src0, op.src1, op.areg, op.mask))
    emitter.line(f"{NS}StoreAlign<{_element(emitter, op)}{_dist(op)}>({args});")


def _print_load_scalar(emitter: Any, op: Any) -> None:
    """`T v = ptr[offset];` (AuxScalar: a UB read inside the vector function)."""
    emitter.declare(op, op.value, f"{emitter.name(op.ptr)}[{emitter.name(op.offset)}]")


def _print_merging(emitter: Any, op: Any) -> None:
    """`Add<T, MaskMergeMode::MERGING>(dst, src0, src1, mask);` with dst holding
    `prior` (its variable when this is its only use, else a copy)."""
    dst = _advanced(emitter, op, op.prior, op.dst)
    t = emitter.ctype(op, op.dst.type.element_type)
    api = op.SPEC.api.removeprefix("Reg::")
    args = ", ".join([dst, *(emitter.name(v) for v in (op.src0, op.src1, op.mask))])
    emitter.line(f"{NS}{api}<{t}, {NS}MaskMergeMode::MERGING>({args});")


def _print_vec_scope(emitter: Any, op: Any) -> None:
    """`__VEC_SCOPE__ { body }` (`dialects/ascendc/reg_scope.py`)."""
    emitter.line("__VEC_SCOPE__")
    emitter.line("{")
    emitter.level += 1
    emitter.emit_block(op.body.block)
    emitter.level -= 1
    emitter.line("}")


def _print_cast_merging(emitter: Any, op: Any) -> None:
    """`static constexpr CastTrait t = {ZERO, sat, MERGING, round}; Cast<T, S, t>(dst, src,
    mask);` with dst holding `prior`."""
    from asc_xdsl.dialects.ascendc.enums import RoundMode
    from asc_xdsl.dialects.ascendc.reg_types import RegLayout, SatMode

    dst = _advanced(emitter, op, op.prior, op.dst)
    trait = emitter.names.claim(f"{dst}_trait")
    layout = RegLayout.from_attr(op.properties["layout"]).cpp
    sat = SatMode.from_attr(op.properties["sat"]).cpp
    rounding = RoundMode.from_attr(op.properties["roundMode"]).cpp
    emitter.line(
        f"static constexpr {NS}CastTrait {trait} = "
        f"{{{layout}, {sat}, {NS}MaskMergeMode::MERGING, {rounding}}};"
    )
    t = emitter.ctype(op, op.dst.type.element_type)
    s = emitter.ctype(op, op.src.type.element_type)
    args = ", ".join([dst, emitter.name(op.src), emitter.name(op.mask)])
    emitter.line(f"{NS}Cast<{t}, {s}, {trait}>({args});")


EMITTERS = {
    "ascendc.reg.load_align_post": ("reg_address", "_print_load_align_post"),
    "ascendc.reg.store_align_post": ("reg_address", "_print_store_align_post"),
    "ascendc.reg.load_unalign_pre": ("reg_address", "_print_load_unalign_pre"),
    "ascendc.reg.load_unalign_post": ("reg_address", "_print_load_unalign_post"),
    "ascendc.reg.create_addr_reg": ("reg_address", "_print_create_addr_reg"),
    "ascendc.reg.load_align_areg": ("reg_address", "_print_load_align_areg"),
    "ascendc.reg.store_align_areg": ("reg_address", "_print_store_align_areg"),
    "ascendc.reg.load_align_block": ("reg_address", "_print_load_align_block"),
    "ascendc.reg.store_align_block": ("reg_address", "_print_store_align_block"),
    "ascendc.reg.load_align_block_post": ("reg_address", "_print_load_align_block_post"),
    "ascendc.reg.store_align_block_post": ("reg_address", "_print_store_align_block_post"),
    "ascendc.reg.load_align_dintlv_post": ("reg_address", "_print_load_align_dintlv_post"),
    "ascendc.reg.load_align_dintlv_areg": ("reg_address", "_print_load_align_dintlv_areg"),
    "ascendc.reg.store_align_intlv_areg": ("reg_address", "_print_store_align_intlv_areg"),
    "ascendc.reg.load_scalar": ("reg_address", "_print_load_scalar"),
    "ascendc.reg.add_merging": ("reg_address", "_print_merging"),
    "ascendc.reg.max_merging": ("reg_address", "_print_merging"),
    "ascendc.reg.min_merging": ("reg_address", "_print_merging"),
    "ascendc.reg.cast_merging": ("reg_address", "_print_cast_merging"),
}
"""This module's rows of `emitters.EMITTERS` (with the MERGING binaries of
`reg_fused.py`, which write into their prior register the same way; the other ops of
both families print as every `ascendc.reg.` op does)."""
