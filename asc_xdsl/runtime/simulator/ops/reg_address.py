"""The Reg layer's address forms (`dialects/ascendc/reg_address.py`) on the simulator.

Values as in `ops/reg.py` (a `__ubuf__ T*` is a UB byte address, a register a numpy
array, a mask 256 bools); besides:

* an `AddrReg` is its element offset (`index0 * stride0 + ...`, the indices as the
  `uint16_t` and the strides as the `uint32_t` CreateAddrReg takes);
* an `UnalignRegForLoad` is the UB address its stream was last primed or advanced to.
  The load reads the 256 bytes at its pointer (any element address), as the samples'
  streams with strides shorter than a register rely on.

A DataBlock copy (DATA_BLOCK_COPY) moves the register as eight 32-byte blocks, block k
at `ptr + offset + k * block_stride * 32` bytes (the stride as the low 16 bits the
instruction encodes); a block the mask leaves wholly off is neither read nor written,
nor checked against UB's bounds. The PostUpdate forms then advance the pointer by
`repeat_stride` blocks (its low 16 bits, as the instruction encodes it). GatherB
reads block j at `ptr + index[j]` bytes under the same rule (an offset that is not a
multiple of 32 is an AlignmentError).

The aligned forms need a 32-byte aligned address (the post-updated one too, when it is
used), the unaligned and scalar ones element alignment; every access lies inside UB.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import IntegerType, Signedness

from asc_xdsl.dialects.ascendc.reg_types import VEC_LEN
from asc_xdsl.runtime.simulator.compile import keyed_hooks, simulates_float4
from asc_xdsl.runtime.simulator.dtypes import f32_to_bf16
from asc_xdsl.runtime.simulator.errors import AlignmentError, TensorBoundsError
from asc_xdsl.runtime.simulator.ops.reg import (
    ALIGN,
    MASK_LOAD_DIST,
    MASK_STORE_DIST,
    _address,
    _Elem,
    _elem,
    _read,
    _ub,
    _write,
    lanes_of,
    load_dist,
    mask_dist,
    mask_from_bits,
    mask_to_bits,
    store_dist,
)

_builds = keyed_hooks("reg_address")
simulates_float4(
    "the Reg layer's PostUpdate, AddrReg, DataBlock, unaligned-stream and two-register "
    "(DINTLV_B8 / INTLV_B8) loads and stores, the mask register's copies and GatherB (bytes)",
    *(f"ascendc.reg.{m}_post" for m in ("load_align", "store_align", "load_align_block")),
    *(f"ascendc.reg.{m}_areg" for m in ("load_align", "store_align", "load_unalign")),
    *(f"ascendc.reg.{m}" for m in ("store_align_block_post", "load_align_block")),
    *(f"ascendc.reg.{m}" for m in ("store_align_block", "load_align_block_normal")),
    *(f"ascendc.reg.{m}" for m in ("store_align_block_normal", "load_unalign_pre")),
    *(f"ascendc.reg.{m}" for m in ("load_unalign_post", "load_unalign_pre_areg")),
    *(f"ascendc.reg.{m}" for m in ("store_unalign_update", "store_unalign_post_update")),
    *(f"ascendc.reg.{m}" for m in ("store_unalign_areg", "store_unalign_post_areg")),
    *(f"ascendc.reg.{m}" for m in ("load_align_dintlv", "load_align_dintlv_post")),
    *(f"ascendc.reg.{m}" for m in ("load_align_dintlv_areg", "store_align_intlv")),
    *(f"ascendc.reg.{m}" for m in ("store_align_intlv_areg", "gather_b", "create_addr_reg")),
    *(f"ascendc.reg.{m}" for m in ("load_mask_post", "store_mask_post", "load_mask_areg")),
    "ascendc.reg.store_mask_areg",
)


def _checked(address: int, el: _Elem, align: int, what: str) -> int:
    if address % align:
        kind = f"{align}-byte aligned" if align > el.size else "element aligned"
        raise AlignmentError(f"{what}: UB address {address} is not {kind}")
    return address


def _stride(value) -> int:
    """An `int32_t` stride (the post-update forms take it signed)."""
    v = int(value) & 0xFFFFFFFF
    return v - (1 << 32) if v >= 1 << 31 else v


@_builds("load_align_post")
def _load_align_post(op, comp):
    el = _elem(op.dst.type)
    count, align, spread = load_dist(op, el)
    p, s, r, n = (comp.slot(v) for v in (op.ptr, op.stride, op.dst, op.next))

    def run(e, c, _op=op):
        address = _checked(int(e[p]), el, align, "LoadAlign (PostUpdate)")
        e[r] = spread(_read(c, address, el, count, "LoadAlign (PostUpdate)"), el.lanes, el.size)
        e[n] = address + _stride(e[s]) * el.size

    return run


@_builds("store_align_post")
def _store_align_post(op, comp):
    el = _elem(op.src.type)
    align, write = store_dist(op, el)
    p, s, src, m, n = (comp.slot(v) for v in (op.ptr, op.stride, op.src, op.mask, op.next))

    pair = op.src.type.reg_num == 2

    def run(e, c, _op=op):
        address = _checked(int(e[p]), el, align, "StoreAlign (PostUpdate)")
        on, stride = lanes_of(e[m], el.step), _stride(e[s])
        if pair:  # (two vsts of the halves, the second at the first's post-update)
            half, first = _pair_halves(el, stride)
            second = _checked(address + first * el.size, el, align, "StoreAlign (PostUpdate)")
            write(c, address, e[src][:half], on[:half], "StoreAlign (PostUpdate)")
            write(c, second, e[src][half:], on[half:], "StoreAlign (PostUpdate)")
        else:
            write(c, address, e[src], on, "StoreAlign (PostUpdate)")
        e[n] = address + stride * el.size

    return run


def _pair_halves(el: _Elem, stride: int) -> tuple[int, int]:
    """(elements of half a RegTraitNumTwo pair, the elements its first half's access
    advances the pointer by). The 3510 implementations move a pair through two 32-bit
    accesses (vsts / vldus), the first post-updated by min(stride, half) -- compared as
    uint32, so a negative stride takes `half` -- and the second by the rest: the second
    half lands at ptr + min(stride, half), the pointer at ptr + stride."""
    half = el.lanes // 2
    return half, half if (stride & 0xFFFFFFFF) > half else stride


@_builds("load_unalign_pre")
def _load_unalign_pre(op, comp):
    el = _elem(op.ptr.type)
    p, u = comp.slot(op.ptr), comp.slot(op.ureg)

    def run(e, c, _op=op):
        e[u] = _checked(int(e[p]), el, el.size, "LoadUnAlignPre")

    return run


@_builds("load_unalign_post")
def _load_unalign_post(op, comp):
    el = _elem(op.dst.type)
    # (the stream register's input needs no slot: the load reads at the pointer)
    p, s, r, u2, n = (comp.slot(v) for v in (op.ptr, op.stride, op.dst, op.ureg_next, op.next))

    pair = op.dst.type.reg_num == 2

    def run(e, c, _op=op):
        address = _checked(int(e[p]), el, el.size, "LoadUnAlign")
        stride = int(e[s]) & 0xFFFFFFFF  # (a uint32_t stride)
        if pair:  # (two vldus, the second at the first's post-update: `_pair_halves`)
            half, first = _pair_halves(el, stride)
            low = _read(c, address, el, half, "LoadUnAlign")
            e[r] = np.concatenate(
                [low, _read(c, address + first * el.size, el, half, "LoadUnAlign")]
            )
        else:
            e[r] = _read(c, address, el, el.lanes, "LoadUnAlign")
        e[n] = address + stride * el.size
        e[u2] = e[n]

    return run


@_builds("create_addr_reg")
def _create_addr_reg(op, comp):
    pairs = [comp.slot(v) for v in op.pairs]
    r = comp.slot(op.areg)

    def run(e, c, _op=op):
        values = [int(e[v]) for v in pairs]
        indices = [v & 0xFFFF for v in values[0::2]]
        strides = [v & 0xFFFFFFFF for v in values[1::2]]
        e[r] = sum(i * s for i, s in zip(indices, strides, strict=True))

    return run


@_builds("load_align_areg")
def _load_align_areg(op, comp):
    el = _elem(op.dst.type)
    count, align, spread = load_dist(op, el)
    p, a, r = comp.slot(op.ptr), comp.slot(op.areg), comp.slot(op.dst)

    def run(e, c, _op=op):
        address = _checked(int(e[p]) + int(e[a]) * el.size, el, align, "LoadAlign (AddrReg)")
        e[r] = spread(_read(c, address, el, count, "LoadAlign (AddrReg)"), el.lanes, el.size)

    return run


@_builds("store_align_areg")
def _store_align_areg(op, comp):
    el = _elem(op.src.type)
    align, write = store_dist(op, el)
    p, a, s, m = (comp.slot(v) for v in (op.ptr, op.areg, op.src, op.mask))

    def run(e, c, _op=op):
        address = _checked(int(e[p]) + int(e[a]) * el.size, el, align, "StoreAlign (AddrReg)")
        write(c, address, e[s], lanes_of(e[m], el.step), "StoreAlign (AddrReg)")

    return run


BLOCK = 32
"""Bytes of a DataBlock, the unit of a DATA_BLOCK_COPY load or store."""


def _blocks(e, p, off, stride, el: _Elem, what: str) -> list[int]:
    """The UB address of each of the register's eight DataBlocks."""
    return _block_addresses(_address(e, p, off, el.size, what, ALIGN), int(e[stride]))


def _read_blocks(c, addresses: list[int], mask, el: _Elem, what: str) -> np.ndarray:
    """A DataBlock copy's load: register block k from `addresses[k]` where any of its
    lanes is on, zeros elsewhere."""
    per = BLOCK // el.size
    on = lanes_of(mask, el.size).reshape(-1, per).any(axis=1)
    out = np.zeros(el.lanes, el.dtype)
    for k, address in enumerate(addresses):
        if on[k]:
            out[k * per : (k + 1) * per] = _read(c, address, el, per, what)
    return out


def _write_blocks(c, addresses: list[int], values, mask, el: _Elem, what: str) -> None:
    """A DataBlock copy's store: register block k's enabled lanes to `addresses[k]`."""
    per = BLOCK // el.size
    on = lanes_of(mask, el.size).reshape(-1, per)
    for k, address in enumerate(addresses):
        if on[k].any():
            _write(c, address, el, values[k * per : (k + 1) * per], on[k], what)


@_builds("load_align_block")
def _load_align_block(op, comp):
    el = _elem(op.dst.type)
    what = "LoadAlign (DATA_BLOCK_COPY)"
    p, off, st, m, r = (comp.slot(v) for v in (op.ptr, op.offset, op.block_stride, op.mask, op.dst))

    def run(e, c, _op=op):
        e[r] = _read_blocks(c, _blocks(e, p, off, st, el, what), e[m], el, what)

    return run


@_builds("store_align_block")
def _store_align_block(op, comp):
    el = _elem(op.src.type)
    what = "StoreAlign (DATA_BLOCK_COPY)"
    slots = (op.ptr, op.offset, op.block_stride, op.src, op.mask)
    p, off, st, s, m = (comp.slot(v) for v in slots)

    def run(e, c, _op=op):
        _write_blocks(c, _blocks(e, p, off, st, el, what), e[s], e[m], el, what)

    return run


@_builds("load_scalar")
def _load_scalar(op, comp):
    el = _elem(op.ptr.type)
    p, off, r = comp.slot(op.ptr), comp.slot(op.offset), comp.slot(op.value)

    def run(e, c, _op=op):
        address = _checked(int(e[p]) + int(e[off]) * el.size, el, el.size, "UB scalar read")
        e[r] = _read(c, address, el, 1, "UB scalar read")[0]

    return run


@_builds("mask_gen_with_reg_tensor")
def _mask_gen(op, comp):
    el = _elem(op.src.type)
    block = VEC_LEN // 8 // el.size  # bytes of the block: 16 (b16) or 8 (b32)
    start = int(op.properties["offset"].value.data) * block
    a, r = comp.slot(op.src), comp.slot(op.mask)

    def run(e, c, _op=op):
        x = e[a]
        raw = (f32_to_bf16(x) if el.bf16 else x.astype(el.dtype)).view(np.uint8)
        bits = np.unpackbits(raw[start : start + block], bitorder="little").astype(bool)
        e[r] = np.repeat(bits, el.size)  # (each bit repeated sizeof(T) times)

    return run


@_builds("mask_move")
def _mask_move(op, comp):
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        e[r] = e[a] & e[m]

    return run


@_builds("load_align_dintlv")
def _load_align_dintlv(op, comp):
    """DIST_DINTLV_Bn: 2 * lanes elements, the even ones to dst0, the odd ones to dst1."""
    el = _elem(op.dst0.type)
    what = "LoadAlign (DINTLV)"
    p, off, r0, r1 = (comp.slot(v) for v in (op.ptr, op.offset, op.dst0, op.dst1))

    def run(e, c, _op=op):
        e[r0], e[r1] = _dintlv(c, _address(e, p, off, el.size, what, ALIGN), el, what)

    return run


@_builds("store_align_intlv")
def _store_align_intlv(op, comp):
    """DIST_INTLV_Bn: src0 and src1 interleaved, 2 * lanes elements (the mask ignored)."""
    el = _elem(op.src0.type)
    what = "StoreAlign (INTLV)"
    p, off, s0, s1 = (comp.slot(v) for v in (op.ptr, op.offset, op.src0, op.src1))

    def run(e, c, _op=op):
        address = _address(e, p, off, el.size, what, ALIGN)
        _intlv(c, address, el, e[s0], e[s1], what)

    return run


_WORD = _Elem(IntegerType(32, Signedness.UNSIGNED))
"""A 32-bit word: what the two-register forms move 64-bit elements as (DIST_DINTLV_B32 /
DIST_INTLV_B32, the only modes the verifier lets them take)."""


def _dintlv(c, address: int, el: _Elem, what: str):
    """The two registers of a DINTLV load at `address`: its even and odd elements -- of a
    64-bit T, its even and odd 32-bit words (the header's `vlds` of RegTensor<int64_t>
    with DIST_DINTLV_B32, datacopy_load_impl.h's dual forms), each register then read
    as its 32 int64 / uint64 elements: dst0[i] = low(x[2i]) | low(x[2i + 1]) << 32."""
    address = _checked(address, el, ALIGN, what)
    if el.size == 8:
        words = _read(c, address, _WORD, 2 * _WORD.lanes, what)
        return words[0::2].copy().view(el.dtype), words[1::2].copy().view(el.dtype)
    both = _read(c, address, el, 2 * el.lanes, what)
    return both[0::2].copy(), both[1::2].copy()


def _intlv(c, address: int, el: _Elem, v0, v1, what: str) -> None:
    """An INTLV store: `_dintlv`'s inverse (64-bit T: the registers' 32-bit words
    interleaved, the header's `vsts` of int32 registers with DIST_INTLV_B32)."""
    address = _checked(address, el, ALIGN, what)
    if el.size == 8:
        el, v0, v1 = _WORD, np.asarray(v0).view(np.uint32), np.asarray(v1).view(np.uint32)
    both = np.empty(2 * el.lanes, el.dtype)
    both[0::2], both[1::2] = v0, v1
    _write(c, address, el, both, np.ones(2 * el.lanes, bool), what)


@_builds("load_align_dintlv_post")
def _load_align_dintlv_post(op, comp):
    el = _elem(op.dst0.type)
    what = "LoadAlign (DINTLV, PostUpdate)"
    p, s, r0, r1, n = (comp.slot(v) for v in (op.ptr, op.stride, op.dst0, op.dst1, op.next))

    def run(e, c, _op=op):
        address = int(e[p])
        e[r0], e[r1] = _dintlv(c, address, el, what)
        e[n] = address + _stride(e[s]) * el.size

    return run


@_builds("load_align_dintlv_areg")
def _load_align_dintlv_areg(op, comp):
    el = _elem(op.dst0.type)
    what = "LoadAlign (DINTLV, AddrReg)"
    p, a, r0, r1 = (comp.slot(v) for v in (op.ptr, op.areg, op.dst0, op.dst1))

    def run(e, c, _op=op):
        e[r0], e[r1] = _dintlv(c, int(e[p]) + int(e[a]) * el.size, el, what)

    return run


@_builds("store_align_intlv_areg")
def _store_align_intlv_areg(op, comp):
    el = _elem(op.src0.type)
    what = "StoreAlign (INTLV, AddrReg)"
    p, a, s0, s1 = (comp.slot(v) for v in (op.ptr, op.areg, op.src0, op.src1))

    def run(e, c, _op=op):
        _intlv(c, int(e[p]) + int(e[a]) * el.size, el, e[s0], e[s1], what)

    return run


def _block_addresses(base: int, stride: int) -> list[int]:
    step = (stride & 0xFFFF) * BLOCK  # (`dataBlockStride << 16`: 16 bits kept)
    return [base + k * step for k in range(VEC_LEN // BLOCK)]


def _repeat(base: int, repeat_stride) -> int:
    """The pointer after a PostUpdate DataBlock copy: `repeatStride & 0xFFFF` blocks on."""
    return base + (int(repeat_stride) & 0xFFFF) * BLOCK


@_builds("load_align_block_post")
def _load_align_block_post(op, comp):
    el = _elem(op.dst.type)
    what = "LoadAlign (DATA_BLOCK_COPY, PostUpdate)"
    slots = (op.ptr, op.block_stride, op.repeat_stride, op.mask, op.dst, op.next)
    p, st, rs, m, r, n = (comp.slot(v) for v in slots)

    def run(e, c, _op=op):
        base = _checked(int(e[p]), el, ALIGN, what)
        e[r] = _read_blocks(c, _block_addresses(base, int(e[st])), e[m], el, what)
        e[n] = _repeat(base, e[rs])

    return run


@_builds("store_align_block_post")
def _store_align_block_post(op, comp):
    el = _elem(op.src.type)
    what = "StoreAlign (DATA_BLOCK_COPY, PostUpdate)"
    slots = (op.ptr, op.block_stride, op.repeat_stride, op.src, op.mask, op.next)
    p, st, rs, s, m, n = (comp.slot(v) for v in slots)

    def run(e, c, _op=op):
        base = _checked(int(e[p]), el, ALIGN, what)
        _write_blocks(c, _block_addresses(base, int(e[st])), e[s], e[m], el, what)
        e[n] = _repeat(base, e[rs])

    return run


@_builds("gather_b")
def _gather_b(op, comp):
    """Block j from `ptr + index[j]` bytes, for the blocks with an enabled element."""
    el = _elem(op.dst.type)
    what = "GatherB"
    per = BLOCK // el.size
    p, idx, m, r = (comp.slot(v) for v in (op.ptr, op.index, op.mask, op.dst))

    def run(e, c, _op=op):
        base = _checked(int(e[p]), el, ALIGN, what)
        on = lanes_of(e[m], el.size).reshape(-1, per).any(axis=1)
        index = e[idx]
        out = np.zeros(el.lanes, el.dtype)
        for k in np.nonzero(on)[0]:
            offset = int(index[k])
            if offset % BLOCK:
                raise AlignmentError(
                    f"{what}: index[{k}] = {offset} bytes is not a multiple of 32 (one "
                    "DataBlock per index)"
                )
            out[k * per : (k + 1) * per] = _read(c, base + offset, el, per, what)
        e[r] = out

    return run


# -- the forms of issue 30: POST_MODE_NORMAL DataBlock copies, the unaligned store stream
# (PostUpdate and AddrReg), the AddrReg unaligned load, the mask register's PostUpdate,
# AddrReg and unaligned copies ------------------------------------------------------------


def _normal(base: int, repeat_stride, el: _Elem) -> int:
    """POST_MODE_NORMAL's address: the header's `p + repeatStride * 32 / sizeof(T)`
    (uint32_t arithmetic, all 32 bits of the stride)."""
    return base + ((int(repeat_stride) * BLOCK) & 0xFFFFFFFF) // el.size * el.size


@_builds("load_align_block_normal")
def _load_align_block_normal(op, comp):
    el = _elem(op.dst.type)
    what = "LoadAlign (DATA_BLOCK_COPY, POST_MODE_NORMAL)"
    p, st, rs, m, r = (
        comp.slot(v) for v in (op.ptr, op.block_stride, op.repeat_stride, op.mask, op.dst)
    )

    def run(e, c, _op=op):
        base = _checked(_normal(int(e[p]), e[rs], el), el, ALIGN, what)
        e[r] = _read_blocks(c, _block_addresses(base, int(e[st])), e[m], el, what)

    return run


@_builds("store_align_block_normal")
def _store_align_block_normal(op, comp):
    el = _elem(op.src.type)
    what = "StoreAlign (DATA_BLOCK_COPY, POST_MODE_NORMAL)"
    slots = (op.ptr, op.block_stride, op.repeat_stride, op.src, op.mask)
    p, st, rs, s, m = (comp.slot(v) for v in slots)

    def run(e, c, _op=op):
        base = _checked(_normal(int(e[p]), e[rs], el), el, ALIGN, what)
        _write_blocks(c, _block_addresses(base, int(e[st])), e[s], e[m], el, what)

    return run


def _stream(c, ureg, start: int, data: bytes, what: str) -> None:
    """An unaligned store of `data` at `start` through the stream register `ureg`: the
    bytes up to the last 32-byte boundary are written (after what `ureg` held, when the
    stream goes on where it stopped; else that first), the rest wait in `ureg`."""
    from asc_xdsl.runtime.simulator.ops.reg_relayout import _put

    if ureg.tail and ureg.address + len(ureg.tail) == start:
        start, data = ureg.address, ureg.tail + data
    elif ureg.tail:
        _put(c, ureg.address, ureg.tail, what)
    end = start + len(data)
    keep = end - max(start, end - end % ALIGN)
    _put(c, start, data[: len(data) - keep], what)
    ureg.address, ureg.tail = end - keep, data[len(data) - keep :]


def _flush(c, ureg, what: str) -> None:
    from asc_xdsl.runtime.simulator.ops.reg_relayout import _put

    _put(c, ureg.address, ureg.tail, what)
    ureg.tail = b""


def _register_bytes(el: _Elem, values) -> bytes:
    from asc_xdsl.runtime.simulator.ops.reg import _bits

    return _bits(el, values).tobytes()


@_builds("store_unalign_update")
def _store_unalign_update(op, comp):
    el = _elem(op.src.type)
    what = "StoreUnAlign (PostUpdate)"
    p, s, u, st, n = (comp.slot(v) for v in (op.ptr, op.src, op.ureg, op.stride, op.next))

    def run(e, c, _op=op):
        address = _checked(int(e[p]), el, el.size, what)
        count = int(e[st]) & 0xFFFFFFFF  # (a uint32_t: the elements stored and the step)
        if count > el.lanes:
            raise TensorBoundsError(
                f"{what}: a stride of {count} elements stores more than the register holds "
                f"({el.lanes} of this type)"
            )
        _stream(c, e[u], address, _register_bytes(el, e[s])[: count * el.size], what)
        e[n] = address + count * el.size

    return run


@_builds("store_unalign_post_update")
def _store_unalign_post_update(op, comp):
    el = _elem(op.ptr.type)
    p, u, st, n = (comp.slot(v) for v in (op.ptr, op.ureg, op.stride, op.next))

    def run(e, c, _op=op):
        _flush(c, e[u], "StoreUnAlignPost (PostUpdate)")
        e[n] = int(e[p]) + _stride(e[st]) * el.size

    return run


@_builds("store_unalign_areg")
def _store_unalign_areg(op, comp):
    el = _elem(op.src.type)
    what = "StoreUnAlign (AddrReg)"
    p, s, u, a = (comp.slot(v) for v in (op.ptr, op.src, op.ureg, op.areg))

    def run(e, c, _op=op):
        address = _checked(int(e[p]) + int(e[a]) * el.size, el, el.size, what)
        _stream(c, e[u], address, _register_bytes(el, e[s]), what)

    return run


@_builds("store_unalign_post_areg")
def _store_unalign_post_areg(op, comp):
    u = comp.slot(op.ureg)

    def run(e, c, _op=op):
        _flush(c, e[u], "StoreUnAlignPost (AddrReg)")

    return run


@_builds("load_unalign_pre_areg")
def _load_unalign_pre_areg(op, comp):
    el = _elem(op.ptr.type)
    p, a, u = comp.slot(op.ptr), comp.slot(op.areg), comp.slot(op.ureg)

    def run(e, c, _op=op):
        e[u] = _checked(int(e[p]) + int(e[a]) * el.size, el, el.size, "LoadUnAlignPre (AddrReg)")

    return run


@_builds("load_unalign_areg")
def _load_unalign_areg(op, comp):
    el = _elem(op.dst.type)
    what = "LoadUnAlign (AddrReg)"
    p, a, r, u2 = (comp.slot(v) for v in (op.ptr, op.areg, op.dst, op.ureg_next))

    def run(e, c, _op=op):
        address = _checked(int(e[p]) + int(e[a]) * el.size, el, el.size, what)
        e[r] = _read(c, address, el, el.lanes, what)
        e[u2] = address + VEC_LEN

    return run


MASK_BYTES = VEC_LEN // 8


def _mask_in(c, address: int, mode: int, what: str) -> np.ndarray:
    raw = np.asarray(_ub(c, address, MASK_LOAD_DIST[mode][0], what))
    return mask_from_bits(np.unpackbits(raw, bitorder="little").astype(bool), mode)


def _mask_out(c, address: int, mask: np.ndarray, mode: int, what: str) -> None:
    from asc_xdsl.runtime.simulator.ops.reg_relayout import _put

    _put(c, address, np.packbits(mask_to_bits(mask, mode), bitorder="little").tobytes(), what)


@_builds("load_mask_post")
def _load_mask_post(op, comp):
    el = _elem(op.ptr.type)
    what = "LoadAlign (mask, PostUpdate)"
    mode = mask_dist(op)
    align = MASK_LOAD_DIST[mode][1]
    p, st, r, n = (comp.slot(v) for v in (op.ptr, op.stride, op.mask, op.next))

    def run(e, c, _op=op):
        address = _checked(int(e[p]), el, align, what)
        e[r] = _mask_in(c, address, mode, what)
        e[n] = address + _stride(e[st])  # (bytes, the MaskReg LoadAlign page)

    return run


@_builds("store_mask_post")
def _store_mask_post(op, comp):
    el = _elem(op.ptr.type)
    what = "StoreAlign (mask, PostUpdate)"
    mode = mask_dist(op)
    align = MASK_STORE_DIST[mode][1]
    p, m, st, n = (comp.slot(v) for v in (op.ptr, op.mask, op.stride, op.next))

    def run(e, c, _op=op):
        address = _checked(int(e[p]), el, align, what)
        _mask_out(c, address, e[m], mode, what)
        e[n] = address + _stride(e[st])

    return run


@_builds("load_mask_areg")
def _load_mask_areg(op, comp):
    el = _elem(op.ptr.type)
    what = "LoadAlign (mask, AddrReg)"
    mode = mask_dist(op)
    align = MASK_LOAD_DIST[mode][1]
    p, a, r = comp.slot(op.ptr), comp.slot(op.areg), comp.slot(op.mask)

    def run(e, c, _op=op):
        address = _checked(int(e[p]) + int(e[a]) * el.size, el, align, what)
        e[r] = _mask_in(c, address, mode, what)

    return run


@_builds("store_mask_areg")
def _store_mask_areg(op, comp):
    el = _elem(op.ptr.type)
    what = "StoreAlign (mask, AddrReg)"
    mode = mask_dist(op)
    align = MASK_STORE_DIST[mode][1]
    p, a, m = comp.slot(op.ptr), comp.slot(op.areg), comp.slot(op.mask)

    def run(e, c, _op=op):
        address = _checked(int(e[p]) + int(e[a]) * el.size, el, align, what)
        _mask_out(c, address, e[m], mode, what)

    return run


@_builds("store_mask_unalign")
def _store_mask_unalign(op, comp):
    """pstu: the bit of each element's first byte (b16: 128 bits, 16 bytes; b32: 64
    bits, 8 bytes), at an address aligned to that many bytes, through the stream."""
    el = _elem(op.ptr.type)
    what = "StoreUnAlign (mask)"
    size = MASK_BYTES // el.size  # the bytes written: 16 (b16) or 8 (b32)
    p, m, u, n = (comp.slot(v) for v in (op.ptr, op.mask, op.ureg, op.next))

    def run(e, c, _op=op):
        address = _checked(int(e[p]), el, size, what)
        bits = np.packbits(e[m][:: el.size], bitorder="little").tobytes()
        _stream(c, e[u], address, bits, what)
        e[n] = address + size

    return run
