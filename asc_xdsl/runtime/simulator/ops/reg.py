"""The Reg layer (`AscendC::Reg`, Ascend 950): vector registers, masks, vector functions.

* A `RegTensor<T>` value is a numpy array of `256 / sizeof(T)` elements of T (one
  256-byte register, `GetVecLen()`); bf16 is held as float32 values rounded to bf16.
* A `MaskReg` value is a numpy bool array of 256 bits, one per byte of a register; an
  element of T is enabled by the bit of its first byte (so one mask serves every
  element width, as on the hardware: `CreateMask<float>` sets every fourth bit).
* A RegTraitNumTwo pair `RegTensor<int64_t, RegTraitNumTwo>` is one array of 64 64-bit
  elements (the hardware splits each over the two registers, low and high 32 bits); its
  masks are b32 masks, element i enabled by bit 4i (`CreateMask<T, p, RegTraitNumTwo>`).
* Complex registers (`complex<f32>` = complex64, `complex<f16>` = complex32) are numpy
  complex64 arrays (64 / 32 elements; a RegTraitNumTwo pair, real parts in one register
  and imaginary parts in the other, 128 / 64), complex32's parts kept rounded to float16.
  Their arithmetic is the 3510 implementations' on the parts, each step rounded to the
  part's type (`_COMPLEX_BINARY`); in UB a complex32 is two halves, real first.
* A `__ubuf__ T*` is the byte address in this block's UB (as `GetPhyAddr` gives).
* The arithmetic ops zero the elements their mask leaves off (MaskMergeMode::ZEROING,
  the headers' default); stores write only the enabled elements.
* `LoadAlign` / `StoreAlign` need a 32-byte aligned address (an AlignmentError
  otherwise); the unaligned forms need element alignment only. Every access must lie
  inside UB.
* `asc_vf_call<f>(args)` runs the vector function f on this block's context; the race
  checker sees the call as one access on pipe V of the UB bytes its body read and wrote
  (`BlockSanitizer.vector_function`), so a VF reading what a DataCopy wrote needs the
  MTE2 -> V flag like any vector op. Its accesses among themselves run here in program
  order; the checker reports those that only `LocalMemBar` would order on the device
  (`vf_order.py`: `_ub` tells it each access, a masked store its enabled elements). A
  `__VEC_SCOPE__` region runs its body in the kernel's frame and is seen the same way.

The Reg ops run only where the module is for an Ascend 950 part (the verifier refuses
them elsewhere, and the launcher verifies the module for the platform it runs on).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from xdsl.dialects.builtin import ComplexType
from xdsl.dialects.complex import CreateOp

from asc_xdsl.dialects.ascendc.enums import CMPMODE, RoundMode
from asc_xdsl.dialects.ascendc.reg_scope import RegVecScopeOp
from asc_xdsl.dialects.ascendc.reg_types import (
    VEC_LEN,
    HighLowPart,
    IndexOrder,
    LoadDist,
    MaskPattern,
    ReduceType,
    RegLayout,
    SatMode,
    StoreDist,
)
from asc_xdsl.dialects.ascendc.spec import element_of
from asc_xdsl.runtime.numpy_types import COMPLEX32, np_dtype
from asc_xdsl.runtime.simulator.compile import handles, sim_hook, simulates_float4
from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32, f32_to_bf16, is_bf16, to_scalar
from asc_xdsl.runtime.simulator.errors import (
    AlignmentError,
    SimulatorError,
    TensorBoundsError,
    UnsupportedOpError,
)
from asc_xdsl.runtime.simulator.vf_order import CallOrder

ALIGN = 32
"""Bytes an aligned register load or store address must be a multiple of."""


# ---------------------------------------------------------------------------
# Registers and masks
# ---------------------------------------------------------------------------


class _Elem:
    """How values of one IR element type live in a register."""

    __slots__ = ("bf16", "c32", "dtype", "lanes", "part", "size", "step", "storage")

    def __init__(self, t, reg_num: int = 1):
        self.bf16 = is_bf16(t)
        self.storage = np_dtype(t)  # (its bytes in UB)
        self.size = 2 if self.bf16 else self.storage.itemsize
        self.c32 = self.storage == COMPLEX32
        # (bf16 values computed in float32, rounded to bf16 after each op; complex32
        # values as complex64 whose parts are float16 values)
        wide = self.bf16 or self.c32
        self.dtype = np.dtype(np.float32 if self.bf16 else np.complex64) if wide else self.storage
        # a complex type's parts' type (None: not complex)
        self.part = (
            (np.dtype(np.float16) if self.c32 else np.dtype(np.float32))
            if self.dtype.kind == "c"
            else None
        )
        # A RegTraitNumTwo pair (reg_num 2) holds twice the elements, each split over the
        # two registers, so its mask is a mask of half-width elements: bit `step * i`.
        self.lanes = reg_num * VEC_LEN // self.size
        self.step = self.size // reg_num

    def fix(self, values: np.ndarray) -> np.ndarray:
        """`values` as register contents of this type (bf16: rounded; complex32: each
        part rounded to float16)."""
        if self.bf16:
            return bf16_to_f32(f32_to_bf16(values.astype(np.float32)))
        if self.c32:
            return _complex(values.real.astype(np.float16), values.imag.astype(np.float16))
        return values.astype(self.dtype, copy=False)

    def parts(self, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """A complex register's real and imaginary parts, as arrays of the part's type."""
        return values.real.astype(self.part), values.imag.astype(self.part)

    def scalar(self, v):
        return self.fix(np.array([v]).astype(self.dtype))[0]


def _complex(real: np.ndarray, imag: np.ndarray) -> np.ndarray:
    """complex64 values from their parts (float16 or float32 arrays)."""
    out = np.empty(np.shape(real), np.complex64)
    out.real = real
    out.imag = imag
    return out


def _elem(t) -> _Elem:
    return _Elem(element_of(t), getattr(t, "reg_num", 1))


def _trait_elem(op) -> _Elem:
    """The elements a mask op's `dtype` and `trait` properties describe."""
    trait = op.properties.get("trait")
    return _Elem(op.properties["dtype"], 1 if trait is None else trait.value.data)


def lanes_of(mask: np.ndarray, size: int) -> np.ndarray:
    """The enabled elements of width `size` bytes."""
    return mask[::size]


def mask_of_lanes(lanes: np.ndarray, size: int) -> np.ndarray:
    """A 256-bit mask enabling the given elements of width `size` (first byte's bit)."""
    out = np.zeros(VEC_LEN, bool)
    out[::size] = lanes
    return out


def _pattern_lanes(pattern: MaskPattern, n: int) -> np.ndarray:
    i = np.arange(n)
    counts = {
        MaskPattern.VL1: 1,
        MaskPattern.VL2: 2,
        MaskPattern.VL3: 3,
        MaskPattern.VL4: 4,
        MaskPattern.VL8: 8,
        MaskPattern.VL16: 16,
        MaskPattern.VL32: 32,
        MaskPattern.VL64: 64,
        MaskPattern.VL128: 128,
    }
    if pattern is MaskPattern.ALL:
        return np.ones(n, bool)
    if pattern is MaskPattern.ALLF:
        return np.zeros(n, bool)
    if pattern in counts:
        return i < counts[pattern]
    if pattern is MaskPattern.H:
        return i < n // 2
    if pattern is MaskPattern.Q:
        return i < n // 4
    if pattern is MaskPattern.M3:
        return i % 3 == 0
    return i % 4 == 0  # M4


# ---------------------------------------------------------------------------
# UB access
# ---------------------------------------------------------------------------


def _ub(
    c, address: int, nbytes: int, what: str, write: bool = False, enabled: np.ndarray | None = None
) -> memoryview:
    ub = c.onchip.mems["UB"]
    if address < 0 or address + nbytes > ub.size:
        raise TensorBoundsError(
            f"{what}: UB address {address} (+{nbytes} bytes) is outside UB ({ub.size} bytes)"
        )
    san = c.san
    if san is not None and san.vf_spans is not None:  # (the race checker: the call's access)
        san.vf_spans.append(("UB", address, address + nbytes, write))
        order = san.vf_order  # (and the call's accesses among themselves: vf_order.py)
        if order is not None and order.op is not None and nbytes:
            if enabled is None:  # (`CallOrder.access`, inline)
                order.buf.append((write, address, address + nbytes))
            else:  # (a masked store: the bytes of its enabled elements)
                order.access_elements(address, nbytes // len(enabled), enabled)
    return ub[address : address + nbytes]


def _address(e, ptr: int, off: int, size: int, what: str, align: int) -> int:
    address = int(e[ptr]) + int(e[off]) * size
    if address % align:
        kind = f"{align}-byte aligned" if align > size else "element aligned"
        raise AlignmentError(
            f"{what}: UB address {address} is not {kind}"
            + (" (use the unaligned form for this address)" if align == ALIGN else "")
        )
    return address


def _read(c, address: int, el: _Elem, n: int, what: str) -> np.ndarray:
    raw = np.asarray(_ub(c, address, n * el.size, what))
    if el.bf16:
        return bf16_to_f32(raw.view(np.uint16).copy())
    if el.c32:
        pairs = raw.view(np.float16).reshape(-1, 2)
        return _complex(pairs[:, 0], pairs[:, 1])
    return raw.view(el.dtype).copy()


def _write(c, address: int, el: _Elem, values: np.ndarray, enabled: np.ndarray, what: str):
    n = len(values)
    raw = np.asarray(_ub(c, address, n * el.size, what, True, enabled))
    view = raw.view(np.uint16) if el.bf16 else raw.view(getattr(el, "storage", el.dtype))
    if el.bf16:
        data = f32_to_bf16(values)
    elif getattr(el, "c32", False):
        data = _c32_storage(values)
    else:
        data = values
    view[enabled] = data[enabled]
    if c.uninit is not None:  # (the unwritten-UB check: these bytes are written now)
        written = np.frombuffer(c.ubw, np.uint8)
        starts = address + np.nonzero(enabled)[0] * el.size
        for k in range(el.size):
            written[starts + k] = 1


# ---------------------------------------------------------------------------
# Semantics, by the spec's key (`reg:<key>`)
# ---------------------------------------------------------------------------

Builder = Callable[[object, object, str], Callable]
_BUILDERS: dict[str, Builder] = {}


def _builds(*keys: str):
    def register(fn: Builder) -> Builder:
        for k in keys:
            _BUILDERS[k] = fn
        return fn

    return register


simulates_float4(
    "the Reg layer's masks, contiguous loads and stores, Select, Duplicate of a constant "
    "(its pair) and Cast bfloat16 <-> fp4x2 (a register element is a byte, a pair)",
    *(f"ascendc.reg.{m}" for m in ("create_mask", "update_mask", "load_align", "store_align")),
    *(f"ascendc.reg.{m}" for m in ("load_unalign", "store_unalign", "select", "duplicate")),
    *(f"ascendc.reg.{m}" for m in ("cast", "ub_ptr", "vf_call", "load_mask", "store_mask")),
    # (Gather of a b8 source into b16 elements, Scatter of a b8 register's even bytes:
    # each moves whole bytes, a pair apiece)
    *(f"ascendc.reg.{m}" for m in ("gather", "scatter")),
)


@sim_hook("reg")
def _reg(op, comp, key: str):
    family, _, arg = key.partition(":")
    return _BUILDERS[family](op, comp, arg)


@_builds("vf_call")
def _vf_call(op, comp, arg):
    callee = comp.program.function(op.properties["callee"].root_reference.data)
    args = comp.slots_of(op.args)

    def run(e, c, _op=op):
        san = c.san
        if san is None:
            callee.call(c, [e[a] for a in args])
            return
        # The race checker sees the call as one V access of the UB its body touched,
        # and checks the body's accesses among themselves (vf_order.py).
        outer, san.vf_spans = san.vf_spans, []
        order, san.vf_order = san.vf_order, CallOrder(san, _op)
        try:
            callee.call(c, [e[a] for a in args])
        finally:
            spans, san.vf_spans = san.vf_spans, outer
            san.vf_order = order
        san.vector_function(_op, spans)

    return run


@handles(RegVecScopeOp)
def _vec_scope(op, comp):
    """`__VEC_SCOPE__ { body }`: the body's ops in this frame, seen by the race checker
    as one V access of the UB they touched (as an `asc_vf_call`)."""
    body, _, _ = comp.block(op.body.block)

    def run(e, c, _op=op):
        san = c.san
        if san is None:
            for f in body:
                f(e, c)
            return
        outer, san.vf_spans = san.vf_spans, []
        order, san.vf_order = san.vf_order, CallOrder(san, _op)
        try:
            for f in body:
                f(e, c)
        finally:
            spans, san.vf_spans = san.vf_spans, outer
            san.vf_order = order
        san.vector_function(_op, spans)

    return run


@_builds("ub_ptr")
def _ub_ptr(op, comp, arg):
    t, off, r = comp.slot(op.tensor), comp.slot(op.offset), comp.slot(op.ptr)

    def run(e, c, _op=op):
        tensor = e[t]
        tensor.check(0, "the tensor of a UB pointer", vector=False)
        if tensor.mem_name != "UB":
            raise TensorBoundsError(
                f"a __ubuf__ pointer needs a tensor in UB, this one is in {tensor.mem_name}"
            )
        e[r] = tensor.offset + int(e[off]) * tensor.itemsize

    return run


@_builds("create_mask")
def _create_mask(op, comp, arg):
    el = _trait_elem(op)
    pattern = MaskPattern.from_attr(op.properties["pattern"])
    mask = mask_of_lanes(_pattern_lanes(pattern, el.lanes), el.step)
    r = comp.slot(op.mask)

    def run(e, c, _op=op):
        e[r] = mask.copy()

    return run


@_builds("update_mask")
def _update_mask(op, comp, arg):
    el = _trait_elem(op)
    n, m, rest = comp.slot(op.count), comp.slot(op.mask), comp.slot(op.remaining)
    lanes = np.arange(el.lanes)

    def run(e, c, _op=op):
        count = int(e[n]) & 0xFFFFFFFF  # (a uint32_t)
        take = min(count, el.lanes)
        e[m] = mask_of_lanes(lanes < take, el.step)
        e[rest] = count - take

    return run


_MASK_BINARY = {"and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor}


@_builds("mask_binary")
def _mask_binary(op, comp, fn):
    f = _MASK_BINARY[fn]
    a, b, m, r = (comp.slot(v) for v in (op.src0, op.src1, op.mask, op.dst))

    def run(e, c, _op=op):
        e[r] = f(e[a], e[b]) & e[m]

    return run


@_builds("mask_not")
def _mask_not(op, comp, arg):
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        e[r] = ~e[a] & e[m]

    return run


def _dist_kind(op) -> str:
    """The kind of the op's LoadDist / StoreDist (`DIST_BRC_B32` -> `BRC`); NORM if none."""
    attr = op.properties.get("dist")
    if attr is None:
        return "NORM"
    enum = LoadDist if ".load_" in op.name else StoreDist
    name = enum(attr.value.data).name.removeprefix("DIST_")
    head, _, bits = name.rpartition("_B")
    return head if head and bits.isdigit() else name


_BLOCK = 32  # bytes of a DataBlock

# LoadAlign's modes: kind -> (elements read of `lanes` of `size` bytes, the address's
# alignment, the register from what was read). The verifier has matched T to the mode.
_LOAD_DISTS: dict[str, tuple[Callable, Callable, Callable]] = {
    "NORM": (lambda n, sz: n, lambda sz: ALIGN, lambda x, n, sz: x),
    "BRC": (lambda n, sz: 1, lambda sz: sz, lambda x, n, sz: np.repeat(x, n)),
    "US": (lambda n, sz: n // 2, lambda sz: ALIGN, lambda x, n, sz: np.repeat(x, 2)),
    "DS": (lambda n, sz: 2 * n, lambda sz: ALIGN, lambda x, n, sz: x[::2]),
    "UNPACK": (lambda n, sz: n // 2, lambda sz: ALIGN, lambda x, n, sz: _spread(x, 2, n)),
    "UNPACK4": (lambda n, sz: n // 4, lambda sz: ALIGN, lambda x, n, sz: _spread(x, 4, n)),
    "BLK": (
        lambda n, sz: _BLOCK // sz,
        lambda sz: ALIGN,
        lambda x, n, sz: np.tile(x, n * sz // _BLOCK),
    ),
    "E2B": (
        lambda n, sz: VEC_LEN // _BLOCK,
        lambda sz: VEC_LEN // _BLOCK * sz,  # (the 8 elements read: 16 bytes of b16)
        lambda x, n, sz: np.repeat(x, _BLOCK // sz),
    ),
}


def _spread(x: np.ndarray, k: int, n: int) -> np.ndarray:
    """Each element of `x` followed by k - 1 zero elements (zero bits: 0 in every type)."""
    out = np.zeros(n, x.dtype)
    out[::k] = x
    return out


def load_dist(op, el: _Elem) -> tuple[int, int, Callable]:
    """(elements read, the address's alignment, the register from them) of the op's
    LoadDist (none: DIST_NORM); shared with the PostUpdate and AddrReg forms."""
    count, align_of, spread = _LOAD_DISTS[_dist_kind(op)]
    return count(el.lanes, el.size), align_of(el.size), spread


def store_dist(op, el: _Elem) -> tuple[int, Callable]:
    """(the address's alignment, write(c, address, values, enabled, what)) of the op's
    StoreDist (none: DIST_NORM); shared with the PostUpdate and AddrReg forms."""
    kind = _dist_kind(op)
    if kind == "FIRST_ELEMENT":  # (element 0 alone, the mask ignored)
        first = np.ones(1, bool)
        return el.size, lambda c, a, v, on, what: _write(c, a, el, v[:1], first, what)
    # PACK_Bn: the register as n-bit lanes (whatever T is), the low half of each (PACK4:
    # the low quarter) packed; lane i's part goes to slot i where the mask enables lane
    # i (its first byte's bit).
    packing = {"PACK": 2, "PACK4": 4}.get(kind)
    if packing is None:
        return ALIGN, lambda c, a, v, on, what: _write(c, a, el, v, on, what)
    lane = int(StoreDist.from_attr(op.properties["dist"]).name.rpartition("_B")[2]) // 8
    raw = _Raw(lane // packing)

    def write(c, address, values, enabled, what):
        lanes = np.ascontiguousarray(_bits(el, values)).view(f"u{lane}")
        on = lanes_of(enabled, lane // el.step) if lane > el.step else enabled
        _write(c, address, raw, lanes.astype(raw.dtype), on, what)

    return ALIGN, write


@_builds("load_align", "load_unalign")
def _load(op, comp, arg):
    el = _elem(op.dst.type)
    n, align, spread = load_dist(op, el)
    align = align if op.name.endswith("load_align") else el.size
    what = op.SPEC.api
    p, off, r = comp.slot(op.ptr), comp.slot(op.offset), comp.slot(op.dst)

    def run(e, c, _op=op):
        address = _address(e, p, off, el.size, what, align)
        e[r] = spread(_read(c, address, el, n, what), el.lanes, el.size)

    return run


class _Raw:
    """Unsigned integers of `size` bytes, for writing a register's packed bits."""

    bf16 = False

    def __init__(self, size: int):
        self.size = size
        self.dtype = np.dtype(f"u{size}")


def _c32_storage(values: np.ndarray) -> np.ndarray:
    """complex32 values as their UB layout (a half real part, then a half imaginary)."""
    data = np.empty(len(values), COMPLEX32)
    data["real"], data["imag"] = values.real, values.imag
    return data


def _bits(el: _Elem, values: np.ndarray) -> np.ndarray:
    """A register's elements as their unsigned bit patterns (complex32: 32 bits, the
    real part's in the low half)."""
    if el.bf16:
        return np.asarray(f32_to_bf16(values), np.uint16)
    if el.c32:
        return _c32_storage(values).view(np.uint32)
    return np.ascontiguousarray(values, el.dtype).view(f"u{el.size}")


@_builds("store_align")
def _store_align(op, comp, arg):
    el = _elem(op.src.type)
    align, write = store_dist(op, el)
    what = op.SPEC.api
    p, off, s, m = (comp.slot(v) for v in (op.ptr, op.offset, op.src, op.mask))

    def run(e, c, _op=op):
        address = _address(e, p, off, el.size, what, align)
        write(c, address, e[s], lanes_of(e[m], el.step), what)

    return run


@_builds("store_unalign")
def _store_unalign(op, comp, arg):
    el = _elem(op.src.type)
    what = op.SPEC.api
    p, off, s, n = (comp.slot(v) for v in (op.ptr, op.offset, op.src, op.count))
    lanes = np.arange(el.lanes)

    def run(e, c, _op=op):
        address = _address(e, p, off, el.size, what, el.size)
        count = int(e[n])
        if not 0 <= count <= el.lanes:
            raise TensorBoundsError(
                f"{what}: {count} elements do not fit one register ({el.lanes} of this type)"
            )
        _write(c, address, el, e[s], lanes < count, what)

    return run


MASK_BYTES = VEC_LEN // 8

# The mask register's MaskDist modes (the MaskReg LoadAlign / StoreAlign pages): mode ->
# (UB bytes, their alignment). A load's US reads half, each bit twice; DS twice as many,
# the even bits (aligned as NORM: min(32, VL / 4)); a store's PACK writes the even bits.
MASK_LOAD_DIST = {
    0: (MASK_BYTES, ALIGN),
    1: (MASK_BYTES // 2, MASK_BYTES // 2),
    2: (2 * MASK_BYTES, ALIGN),
}
MASK_STORE_DIST = {0: (MASK_BYTES, ALIGN), 1: (MASK_BYTES // 2, MASK_BYTES // 2)}


def mask_dist(op) -> int:
    """The op's MaskDist value (0, DIST_NORM, when it has none)."""
    attr = op.properties.get("dist")
    return 0 if attr is None else attr.value.data


def mask_from_bits(bits: np.ndarray, mode: int) -> np.ndarray:
    """The 256 mask bits a MaskDist load makes of the bits it read."""
    if mode == 1:
        return np.repeat(bits, 2)
    return bits[::2] if mode == 2 else bits


def mask_to_bits(mask: np.ndarray, mode: int) -> np.ndarray:
    """The bits a MaskDist store writes of the 256 mask bits."""
    return mask[::2] if mode == 1 else mask


@_builds("load_mask")
def _load_mask(op, comp, arg):
    el = _elem(op.ptr.type)
    mode = mask_dist(op)
    size, align = MASK_LOAD_DIST[mode]
    p, off, r = comp.slot(op.ptr), comp.slot(op.offset), comp.slot(op.mask)

    def run(e, c, _op=op):
        address = _address(e, p, off, el.size, "LoadAlign (mask)", align)
        raw = np.asarray(_ub(c, address, size, "LoadAlign (mask)"))
        e[r] = mask_from_bits(np.unpackbits(raw, bitorder="little").astype(bool), mode)

    return run


@_builds("store_mask")
def _store_mask(op, comp, arg):
    el = _elem(op.ptr.type)
    mode = mask_dist(op)
    size, align = MASK_STORE_DIST[mode]
    p, off, m = comp.slot(op.ptr), comp.slot(op.offset), comp.slot(op.mask)

    def run(e, c, _op=op):
        address = _address(e, p, off, el.size, "StoreAlign (mask)", align)
        raw = np.asarray(_ub(c, address, size, "StoreAlign (mask)", True))
        raw[:] = np.packbits(mask_to_bits(e[m], mode), bitorder="little")
        if c.uninit is not None:
            np.frombuffer(c.ubw, np.uint8)[address : address + size] = 1

    return run


def _indexed(c, e, base: int, index: np.ndarray, el: _Elem, what: str):
    """UB byte addresses of base[index[i]], each checked inside UB."""
    addresses = int(e[base]) + index.astype(np.int64) * el.size
    ub_size = c.onchip.mems["UB"].size
    bad = (addresses < 0) | (addresses + el.size > ub_size)
    if bad.any():
        i = int(np.argmax(bad))
        raise TensorBoundsError(
            f"{what}: element {i} addresses UB byte {int(addresses[i])}, outside UB "
            f"({ub_size} bytes)"
        )
    return addresses


def _index_words(index: np.ndarray) -> np.ndarray:
    """A Gather / Scatter index register's offsets: a uint64 index's low 32 bits (the 3510
    headers read the index's low words: `DeInterleave` of a register, `reg[0]` of a
    pair); a b64 element i is then the 32-bit words 2 index[i] and 2 index[i] + 1, so its
    mask is the data's (a one-register b64 mask, or a pair's b32 mask)."""
    if index.dtype == np.uint64:
        return (index & np.uint64(0xFFFFFFFF)).astype(np.int64)
    return index


def _base(e, p: int, what: str) -> None:
    """Gather / Scatter's UB base: 32-byte aligned (the pages' constraint)."""
    if int(e[p]) % ALIGN:
        raise AlignmentError(f"{what}: UB base address {int(e[p])} is not {ALIGN}-byte aligned")


def _b16_bits(bits: np.ndarray, el: _Elem) -> np.ndarray:
    """16-bit patterns as a register of el's type holds them (bf16: as float32)."""
    return bf16_to_f32(bits) if el.bf16 else bits.view(el.dtype)


@_builds("gather")
def _gather(op, comp, arg):
    el = _elem(op.dst.type)
    # (a b8 source into b16 elements: each byte ptr[index[i]] zero-extended, the index
    # in bytes; the Gather page: "the low 8 bits the source's, the high 8 bits 0")
    byte = _elem(op.ptr.type) if _elem(op.ptr.type).size == 1 else None
    p, idx, m, r = (comp.slot(v) for v in (op.ptr, op.index, op.mask, op.dst))
    what = op.SPEC.api

    def run(e, c, _op=op):
        _base(e, p, what)
        index = _index_words(e[idx])[: el.lanes]
        enabled = lanes_of(e[m], el.step)[: len(index)]
        if byte is not None:
            bits = np.zeros(el.lanes, np.uint16)
            for i in np.nonzero(enabled)[0]:
                address = int(_indexed(c, e, p, index[i : i + 1], byte, what)[0])
                bits[i] = np.asarray(_ub(c, address, 1, what))[0]
            e[r] = _b16_bits(bits, el)
            return
        out = np.zeros(el.lanes, el.dtype)
        for i in np.nonzero(enabled)[0]:
            address = int(_indexed(c, e, p, index[i : i + 1], el, what)[0])
            out[i] = _read(c, address, el, 1, what)[0]
        e[r] = out

    return run


@_builds("scatter")
def _scatter(op, comp, arg):
    el = _elem(op.src.type)
    # (a b8 register with a uint16 index: its even bytes src[2k], enabled by mask bit 2k,
    # to ptr[index[k]]: the Scatter page's "only the even elements are valid")
    stride = 2 if el.size == 1 else 1
    p, s, idx, m = (comp.slot(v) for v in (op.ptr, op.src, op.index, op.mask))
    what = op.SPEC.api

    def run(e, c, _op=op):
        _base(e, p, what)
        index = _index_words(e[idx])
        src = e[s][::stride]
        n = min(len(index), len(src))
        enabled = lanes_of(e[m], el.step * stride)[:n]
        on = np.nonzero(enabled)[0]
        _unique(index[on], src[on], on * stride, what)
        one = np.ones(1, bool)
        for i in on:
            address = int(_indexed(c, e, p, index[i : i + 1], el, what)[0])
            _write(c, address, el, src[i : i + 1], one, what)

    return run


def _unique(index: np.ndarray, values: np.ndarray, elements: np.ndarray, what: str) -> None:
    """Scatter's enabled indices must differ: the page leaves which of two lands open. Two
    of one value to one index land the same either way (asc-devkit's bank_conflict_3510
    sample scatters so), so only differing values to one index are an error."""
    order = np.argsort(index, kind="stable")
    same = np.nonzero(index[order][1:] == index[order][:-1])[0]
    for j in same:
        a, b = sorted((int(order[j]), int(order[j + 1])))
        if values[a : a + 1].tobytes() != values[b : b + 1].tobytes():
            raise SimulatorError(
                f"{what}: elements {int(elements[a])} and {int(elements[b])} both go to "
                f"index {int(index[a])} with different values (which one lands is not "
                "defined: the indices must differ)"
            )


def _int_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """C's integer division (toward zero); x / 0 is 0 here (the hardware's is not
    documented). uint64 divides unsigned."""
    if a.dtype == np.uint64:
        safe = np.where(b == 0, 1, b).astype(np.uint64)
        return np.where(b == 0, np.uint64(0), a // safe).astype(np.uint64)
    safe = np.where(b == 0, 1, b)
    q = np.abs(a.astype(np.int64)) // np.abs(safe.astype(np.int64))
    q = np.where((a < 0) != (safe < 0), -q, q)
    return np.where(b == 0, 0, q)


def _exp(x: np.ndarray) -> np.ndarray:
    if x.dtype.kind != "f":  # (the verifier's dtypes: not reached)
        return np.exp(x)
    from asc_xdsl.dialects.ascendc.reg_types import ExpAlgo
    from asc_xdsl.runtime.simulator.ops.reg_relayout import exponential

    return exponential(x, ExpAlgo.INTRINSIC)


def _div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Div's default mode is DivAlgo::INTRINSIC: floats flush subnormals (the Div page;
    `reg_relayout.divide` has the algorithms)."""
    if a.dtype.kind != "f":
        return _int_div(a, b)
    from asc_xdsl.dialects.ascendc.reg_types import DivAlgo
    from asc_xdsl.runtime.simulator.ops.reg_relayout import divide

    return divide(a, b, DivAlgo.INTRINSIC)


_BINARY: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "div": _div,
    "max": np.maximum,
    "min": np.minimum,
    "and": np.bitwise_and,
    "or": np.bitwise_or,
    "xor": np.bitwise_xor,
    "abs_sub": lambda a, b: np.abs(a - b),
    "prelu": lambda a, b: np.where(a >= 0, a, a * b),
}


def _zeroed(el: _Elem, values: np.ndarray, mask: np.ndarray) -> np.ndarray:
    enabled = lanes_of(mask, el.step)[: len(values)]
    return el.fix(np.where(enabled, values, 0))


def _wide(el: _Elem, x: np.ndarray) -> np.ndarray:
    """Integer operands as int64 (results wrap back to the width in `fix`), uint64 as
    itself (it wraps by itself, and compares unsigned: Max / Min), floats as they are
    (f16 arithmetic rounds in f16, as the hardware's)."""
    if el.dtype == np.uint64:
        return x.astype(np.uint64)
    return x.astype(np.int64) if el.dtype.kind in "iu" else x


def _wrap(el: _Elem, x: np.ndarray) -> np.ndarray:
    if el.dtype.kind in "iu":
        return x.astype(np.int64).astype(el.dtype)  # (two's complement wrap)
    return x


# -- complex arithmetic: the 3510 implementations' steps on the parts (registers of
# `half` for complex32, `float` for complex64), each one rounded to the part's type --


def _complex_add(el: _Elem, x, y, on):
    (a, b), (c, d) = el.parts(x), el.parts(y)
    return _complex(np.where(on, a + c, 0), np.where(on, b + d, 0))


def _complex_sub(el: _Elem, x, y, on):
    (a, b), (c, d) = el.parts(x), el.parts(y)
    return _complex(np.where(on, a - c, 0), np.where(on, b - d, 0))


def _complex_mul(el: _Elem, x, y, on):
    """ComplexMulKernel: (a + bi)(c + di) = (ac - bd) + (bc + ad)i, four products, a
    difference and a sum, each rounded."""
    (a, b), (c, d) = el.parts(x), el.parts(y)
    real = a * c - b * d  # (numpy: each product rounded to the part's type, then the sum)
    imag = b * c + a * d
    return _complex(np.where(on, real, 0), np.where(on, imag, 0))


def _complex_div(el: _Elem, x, y, on, div: Callable = _div):
    """ComplexDivKernel (Smith's method), its masks as the header builds them: where
    |c| >= |d| (of the enabled elements): rat = d / c, scl = 1 / (c + d rat), the
    quotient ((a + b rat) scl, (b - a rat) scl); where both are 0: (a / |c|, b / |d|)
    (infinities, NaN for 0 / 0); everywhere else, the elements the mask leaves off
    included (the header's branch mask is the complement of the first): rat = c / d,
    scl = 1 / (d + c rat), ((a rat + b) scl, (b rat - a) scl). Each Div is the part
    type's INTRINSIC division (`_div`; `div_mode`: its DivAlgo's, `div`)."""
    (a, b), (c, d) = el.parts(x), el.parts(y)
    zero = np.zeros_like(a)
    abs_c, abs_d = np.where(on, np.abs(c), zero), np.where(on, np.abs(d), zero)
    ge = on & (abs_c >= abs_d)
    both_zero = ge & (abs_c == 0) & (abs_d == 0)
    ge &= ~both_zero
    with np.errstate(all="ignore"):
        real = np.where(both_zero, div(a, abs_c), zero)
        imag = np.where(both_zero, div(b, abs_d), zero)
        one = np.ones_like(a)
        rat = div(d, c)
        scl = div(one, c + d * rat)
        real = np.where(ge, (a + b * rat) * scl, real)
        imag = np.where(ge, (b - a * rat) * scl, imag)
        rat = div(c, d)
        scl = div(one, d + c * rat)
        other = ~(ge | both_zero)
        real = np.where(other, (a * rat + b) * scl, real)
        imag = np.where(other, (b * rat - a) * scl, imag)
    return _complex(real, imag)


_COMPLEX_BINARY: dict[str, Callable] = {
    "add": _complex_add,
    "sub": _complex_sub,
    "mul": _complex_mul,
    "div": _complex_div,
}
"""Add / Sub / Mul / Div of complex registers: (element, x, y, enabled) -> the result."""


def scalar_tensor_op(t, fn: str, scalar_first: bool) -> Callable[[np.ndarray, object], np.ndarray]:
    """The 3510 basic API's Adds / Muls / Subs / Divs count forms (`fn` "add", "mul",
    "sub", "div"), tensor-first or scalar-first: Duplicate of the scalar, then the Reg
    binary op on every element (`dav_3510/kernel_operator_vec_binary_scalar_impl.h`),
    so each element takes the Reg op's steps (Div: INTRINSIC, subnormals flushed; integer
    x / 0 is 0; complex: `complex_tensor_op`). Storage arrays in and out."""
    if isinstance(t, ComplexType):
        return complex_tensor_op(t, fn, scalar_first)
    el, f = _Elem(t), _BINARY[fn]

    def compute(x: np.ndarray, s) -> np.ndarray:
        y = np.full(len(x), el.scalar(s), el.dtype)
        if el.bf16:  # (bfloat16 storage: its values as float32, the result's bits back)
            x = bf16_to_f32(x)
        a, b = (y, x) if scalar_first else (x, y)
        with np.errstate(all="ignore"):
            out = el.fix(_wrap(el, f(_wide(el, a), _wide(el, b)))).astype(el.dtype)
        return f32_to_bf16(out) if el.bf16 else out

    return compute


def complex_tensor_op(
    t, fn: str, scalar_first: bool = False
) -> Callable[[np.ndarray, object], np.ndarray]:
    """The basic API's count forms of Add / Sub / Mul / Div (and Adds / Muls: `fn` "add" /
    "mul", a scalar for y) on complex tensors of element type `t`: their 3510 implementations
    load RegTraitNumTwo registers and run the Reg op on every element, so each element
    takes that op's steps (`_COMPLEX_BINARY`). x and the result are arrays in the tensors'
    storage (complex32: COMPLEX32 pairs of halves; complex64: np.complex64);
    `scalar_first`: y (a scalar) is the left operand."""
    el, cf = _Elem(t), _COMPLEX_BINARY[fn]

    def compute(x: np.ndarray, y) -> np.ndarray:
        a = complex_values(el, x)
        b = complex_values(el, y) if isinstance(y, np.ndarray) else np.full(len(a), el.scalar(y))
        if scalar_first:
            a, b = b, a
        with np.errstate(all="ignore"):
            return complex_storage(el, el.fix(cf(el, a, b, np.ones(len(a), bool))))

    return compute


def complex_cast(src_t, dst_t, mode: RoundMode) -> Callable[[np.ndarray], np.ndarray]:
    """The basic API's count-form Cast between complex types (3510's CastIntrinsicsB64ImplVF):
    each part cast as its Reg Cast / Truncate does (float -> half with `mode`, CAST_NONE as
    CAST_RINT; float -> float rounded to an integral value; half -> float exact).
    Storage arrays in and out."""
    from asc_xdsl.runtime.simulator.ops.cast import cast_array

    src, dst = _Elem(src_t), _Elem(dst_t)
    if mode is RoundMode.CAST_NONE and dst.c32:
        mode = RoundMode.CAST_RINT

    def cast(x: np.ndarray) -> np.ndarray:
        re, im = src.parts(complex_values(src, x))
        with np.errstate(all="ignore"):
            parts = (cast_array(p, False, dst.part, False, mode) for p in (re, im))
            return complex_storage(dst, _complex(*parts))

    return cast


def complex_abs(t) -> Callable[[np.ndarray], np.ndarray]:
    """|x| of a complex tensor's storage as the Reg ComplexAbsKernel computes it (see
    `_abs_complex`): Sqrt(re * re + im * im) in the parts' type, Sqrt INTRINSIC."""
    el, sqrt = _Elem(t), _math("sqrt")

    def compute(x: np.ndarray) -> np.ndarray:
        re, im = el.parts(complex_values(el, x))
        with np.errstate(over="ignore"):
            return sqrt(re * re + im * im)

    return compute


def complex_values(el: _Elem, data: np.ndarray) -> np.ndarray:
    """A complex tensor's storage as complex64 values (complex32's parts are halves)."""
    return _complex(data["real"], data["imag"]) if el.c32 else data.astype(np.complex64)


def complex_storage(el: _Elem, values: np.ndarray) -> np.ndarray:
    """complex64 values as the storage of el's type."""
    return _c32_storage(values) if el.c32 else values.astype(np.complex64, copy=False)


def complex_fill(t, value) -> np.ndarray:
    """Duplicate's scalar as one element of a complex tensor of type `t` (a real scalar is
    (x, 0), as C++ `Complex(x)`)."""
    el = _Elem(t)
    return complex_storage(el, np.array([el.scalar(value)]))[0]


@_builds("binary")
def _binary(op, comp, fn):
    el = _elem(op.dst.type)
    f = _BINARY[fn]
    a, b, m, r = (comp.slot(v) for v in (op.src0, op.src1, op.mask, op.dst))
    if el.part is not None:
        cf = _COMPLEX_BINARY[fn]

        def run_complex(e, c, _op=op):
            e[r] = el.fix(cf(el, e[a], e[b], lanes_of(e[m], el.step)[: el.lanes]))

        return run_complex

    def run(e, c, _op=op):
        e[r] = _zeroed(el, _wrap(el, f(_wide(el, e[a]), _wide(el, e[b]))), e[m])

    return run


def _math(fn: str) -> Callable[[np.ndarray], np.ndarray]:
    """The default (INTRINSIC) mode of Sqrt, Ln, Log, Log2, Log10: subnormal inputs
    flushed (`reg_relayout.unary_math` has the algorithms)."""

    def compute(x: np.ndarray) -> np.ndarray:
        from asc_xdsl.runtime.simulator.ops.reg_relayout import unary_math

        return unary_math(fn, x, keep=False)

    return compute


_UNARY: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "abs": np.abs,
    "neg": np.negative,
    "exp": _exp,  # (ExpAlgo::INTRINSIC: subnormals flushed)
    "ln": _math("ln"),
    "log": _math("log"),
    "log2": _math("log2"),
    "log10": _math("log10"),
    "sqrt": _math("sqrt"),
    "relu": lambda x: np.maximum(x, 0).astype(x.dtype),
    # (a half / float register: the bits inverted, NotImpl's vnot of the raw lanes)
    "not": lambda x: np.invert(x.view(f"u{x.itemsize}")).view(x.dtype),
}


@_builds("unary")
def _unary(op, comp, fn):
    el = _elem(op.dst.type)
    f = _UNARY[fn]
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        e[r] = _zeroed(el, _wrap(el, f(_wide(el, e[a]) if fn == "neg" else e[a])), e[m])

    return run


@_builds("abs_complex")
def _abs_complex(op, comp, arg):
    """ComplexAbsKernel: Sqrt(re * re + im * im) in the parts' type (Sqrt INTRINSIC), the
    src's elements in dst's first lanes, 0 after them and where the mask is off."""
    src, dst = _elem(op.src.type), _elem(op.dst.type)
    sqrt = _math("sqrt")
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        re, im = src.parts(e[a])
        on = lanes_of(e[m], src.step)[: src.lanes]
        out = np.zeros(dst.lanes, dst.dtype)
        with np.errstate(over="ignore"):
            out[: src.lanes] = np.where(on, sqrt(re * re + im * im), 0)
        e[r] = out

    return run


_SCALAR: dict[str, Callable] = {
    "adds": np.add,
    "muls": np.multiply,
    "maxs": np.maximum,
    "mins": np.minimum,
    "leaky_relu": lambda x, s: np.where(x >= 0, x, x * s),
}
"""Adds ... LeakyRelu; ShiftLefts / ShiftRights: `reg_arith.shift_values`."""


@_builds("binary_scalar")
def _binary_scalar(op, comp, fn):
    el = _elem(op.dst.type)
    shift = fn.startswith("shift")
    a, s, m, r = (comp.slot(v) for v in (op.src, op.scalar, op.mask, op.dst))

    if el.part is not None:  # Adds / Muls: the scalar duplicated, then Add / Mul
        cf = _COMPLEX_BINARY[fn.removesuffix("s")]

        def run_complex(e, c, _op=op):
            y = np.full(el.lanes, el.scalar(e[s]), el.dtype)
            e[r] = el.fix(cf(el, e[a], y, lanes_of(e[m], el.step)[: el.lanes]))

        return run_complex

    if shift:  # (the ShiftLefts / ShiftRights pages, as the register forms: reg_arith)
        from asc_xdsl.runtime.simulator.ops.reg_arith import shift_values
        from asc_xdsl.runtime.simulator.ops.shifts import reg64_checked

        left = fn == "shift_lefts"

        def run_shift(e, c, _op=op):
            n = int(e[s])
            if n < 0 and lanes_of(e[m], el.size).any():
                raise SimulatorError(
                    f"{_op.SPEC.api}: a shift by {n}: a negative shift is undefined on the hardware"
                )
            k = np.full(el.lanes, max(n, 0), np.uint64)
            got = shift_values(e[a], k, el, left)
            if el.size == 8:  # (the header's word-by-word composition: ops/shifts.py)
                on = lanes_of(e[m], el.step)[: len(got)]
                got = reg64_checked(_op.SPEC.api, e[a], k, got, left, False, on)
            e[r] = _zeroed(el, got, e[m])

        return run_shift

    f = _SCALAR[fn]

    def run(e, c, _op=op):
        v = _wrap(el, f(_wide(el, e[a]), _wide(el, np.array([el.scalar(e[s])]))))
        e[r] = _zeroed(el, v, e[m])

    return run


@_builds("duplicate")
def _duplicate(op, comp, arg):
    el = _elem(op.dst.type)
    s, m, r = comp.slot(op.scalar), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        e[r] = _zeroed(el, np.full(el.lanes, el.scalar(e[s]), el.dtype), e[m])

    return run


@_builds("arange")
def _arange(op, comp, arg):
    el = _elem(op.dst.type)
    down = IndexOrder.from_attr(op.properties["order"]) is IndexOrder.DECREASE_ORDER
    steps = -np.arange(el.lanes) if down else np.arange(el.lanes)
    s, r = comp.slot(op.start), comp.slot(op.dst)

    def run(e, c, _op=op):
        e[r] = _wrap(el, el.fix(_wide(el, np.array([el.scalar(e[s])])) + steps))

    return run


@_builds("move")
def _move(op, comp, arg):
    el = _elem(op.dst.type)
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        e[r] = _zeroed(el, e[a], e[m])

    return run


_CMP = {
    CMPMODE.LT: np.less,
    CMPMODE.GT: np.greater,
    CMPMODE.EQ: np.equal,
    CMPMODE.LE: np.less_equal,
    CMPMODE.GE: np.greater_equal,
    CMPMODE.NE: np.not_equal,
}


@_builds("compare", "compares")
def _compare(op, comp, arg):
    scalar = op.name.endswith("compares")
    first = op.src if scalar else op.src0
    el = _elem(first.type)
    f = _CMP[CMPMODE.from_attr(op.properties["cmpMode"])]
    a = comp.slot(first)
    b = comp.slot(op.scalar if scalar else op.src1)
    m, r = comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        other = el.scalar(e[b]) if scalar else e[b]
        # (a RegTraitNumTwo pair's mask, in and out, is b32: element i is bit 4i)
        hits = f(e[a], other) & lanes_of(e[m], el.step)[: el.lanes]
        e[r] = mask_of_lanes(hits, el.step)

    return run


@_builds("select")
def _select(op, comp, arg):
    el = _elem(op.dst.type)
    a, b, m, r = (comp.slot(v) for v in (op.src0, op.src1, op.sel, op.dst))

    def run(e, c, _op=op):
        e[r] = np.where(lanes_of(e[m], el.step)[: el.lanes], e[a], e[b]).astype(el.dtype)

    return run


_REDUCE = {ReduceType.SUM: np.sum, ReduceType.MAX: np.max, ReduceType.MIN: np.min}


@_builds("reduce_data_block")
def _reduce_data_block(op, comp, arg):
    el = _elem(op.dst.type)
    f = _REDUCE[ReduceType.from_attr(op.properties["reduceType"])]
    per = 32 // el.size  # elements of a 32-byte block
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        values = e[a].reshape(-1, per)
        enabled = lanes_of(e[m], el.size).reshape(-1, per)
        out = np.zeros(el.lanes, el.dtype)
        for j, (block, on) in enumerate(zip(values, enabled, strict=True)):
            if on.any():
                wide = block[on].astype(np.float32 if el.dtype.kind == "f" else np.int64)
                out[j] = f(wide)
        e[r] = _wrap(el, el.fix(out)) if el.dtype.kind in "iu" else el.fix(out)

    return run


@_builds("pair_reduce_elem")
def _pair_reduce_elem(op, comp, arg):
    el = _elem(op.dst.type)
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        x = np.where(lanes_of(e[m], el.size), e[a], 0).astype(el.dtype)
        out = np.zeros(el.lanes, el.dtype)
        out[: el.lanes // 2] = x[0::2] + x[1::2]
        e[r] = el.fix(out)

    return run


@_builds("reduce")
def _reduce(op, comp, arg):
    el = _elem(op.dst.type)
    kind = ReduceType.from_attr(op.properties["reduceType"])
    f = _REDUCE[kind]
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        enabled = lanes_of(e[m], el.step)[: el.lanes]
        values = e[a][enabled]
        out = np.zeros(el.lanes, el.dtype)
        if len(values):
            # (sums of floats accumulate in float32; integer sums wrap to the width)
            wide = values.astype(np.float32) if el.dtype.kind == "f" else _wide(el, values)
            out[0] = _wrap(el, np.array([f(wide)]))[0] if el.dtype.kind in "iu" else f(wide)
        e[r] = el.fix(out)

    return run


_ROUNDING = {
    RoundMode.CAST_NONE: np.rint,
    RoundMode.CAST_RINT: np.rint,
    RoundMode.CAST_FLOOR: np.floor,
    RoundMode.CAST_CEIL: np.ceil,
    RoundMode.CAST_ROUND: lambda x: np.sign(x) * np.floor(np.abs(x) + 0.5),
    RoundMode.CAST_TRUNC: np.trunc,
    RoundMode.CAST_ODD: np.rint,
}


def _convert(x: np.ndarray, to: _Elem, rounding: RoundMode, sat: bool) -> np.ndarray:
    """Elementwise conversion, as the Cast page's table 4 says: float -> integer rounded
    by `rounding`, then saturated when `sat` (NaN 0) or else cut to the target's low bits
    (+-inf the target's limits, NaN 0); integer -> integer saturated or cut the same way,
    except int16 -> uint32, which saturates always (a negative value is 0: "只支持饱和模式");
    integer -> float rounded once by `rounding` (int16 -> half, int32 -> float, int64 ->
    float; CAST_NONE as CAST_RINT; the others are exact); float -> float by numpy (nearest
    even), a narrowing by a directed mode (FLOOR, CEIL, TRUNC, ROUND, ODD) rounded by that
    mode (until 2026-12 every mode rounded to nearest here; until issue 30's third round
    int32 -> float and int16 -> half rounded to nearest whatever the mode, and a NO_SAT
    float -> integer gave 0 for +-inf)."""
    if x.dtype.kind == "f" and to.dtype.kind in "iu":
        y = _ROUNDING[rounding](x.astype(np.float64))
        info = np.iinfo(to.dtype)
        # (float64 cannot hold int64's max: 2**63 and above saturate to it)
        top = y >= 2.0**63
        if sat:
            y = np.where(np.isnan(y) | top, 0, np.clip(y, info.min, info.max))
            return np.where(top, info.max, y.astype(np.int64)).astype(to.dtype)
        cut = np.where(np.isfinite(y) & (np.abs(y) < 2.0**63), y, 0).astype(np.int64)
        limits = np.where(y > 0, info.max, info.min)
        return np.where(np.isinf(y), limits, cut.astype(to.dtype)).astype(to.dtype)
    if x.dtype.itemsize == 8 and x.dtype.kind in "iu" and to.dtype == np.float32:
        return _int64_to_float32(x, rounding)
    if x.dtype.kind in "iu" and to.dtype.kind in "iu":
        wide = x.astype(np.int64)
        if sat or (x.dtype == np.int16 and to.dtype == np.uint32):
            info = np.iinfo(to.dtype)
            wide = np.clip(wide, info.min, info.max)
        return wide.astype(to.dtype)
    if x.dtype.kind in "iu" and to.dtype.kind == "f" and not to.bf16:
        from asc_xdsl.runtime.simulator.ops.cast import cast_array

        mode = RoundMode.CAST_RINT if rounding is RoundMode.CAST_NONE else rounding
        return cast_array(x, False, to.dtype, False, mode)  # (exact where the type holds x)
    narrower = to.bf16 or to.dtype.itemsize < x.dtype.itemsize
    if x.dtype.kind == "f" and to.dtype.kind == "f" and narrower and rounding in _DIRECTED:
        # (float -> half / bfloat16 by a directed mode: the basic API Cast's rounding)
        from asc_xdsl.runtime.simulator.ops.cast import cast_array

        with np.errstate(all="ignore"):
            if to.bf16:
                return bf16_to_f32(cast_array(x, False, np.dtype(np.uint16), True, rounding))
            return cast_array(x, False, to.dtype, False, rounding)
    return to.fix(x.astype(np.float64 if to.dtype.kind == "f" else to.dtype))


def _int64_to_float32(x: np.ndarray, rounding: RoundMode) -> np.ndarray:
    """int64 -> float rounded once by `rounding` (Cast's s642f32 takes the mode; numpy's
    path through float64 would round twice): the float32 neighbours of each value, chosen
    by exact integer comparison."""
    out = np.empty(x.shape, np.float32)
    for i, v in enumerate(x.tolist()):
        near = np.float32(v)  # (within one float32 step of v)
        exact = int(near)
        if exact == v:
            out[i] = near
            continue
        lo, hi = (
            (near, np.nextafter(near, np.float32(np.inf)))
            if exact < v
            else (np.nextafter(near, np.float32(-np.inf)), near)
        )
        below, above = v - int(lo), int(hi) - v
        odd = int(np.float32(lo).view(np.uint32)) & 1
        pick = {
            RoundMode.CAST_FLOOR: lo,
            RoundMode.CAST_CEIL: hi,
            RoundMode.CAST_TRUNC: lo if v > 0 else hi,
            RoundMode.CAST_ODD: lo if odd else hi,
            RoundMode.CAST_ROUND: (lo if below < above else hi)
            if below != above
            else (hi if v > 0 else lo),
        }.get(rounding)
        if pick is None:  # RINT / NONE: nearest, ties to the even one
            pick = (lo if below < above else hi) if below != above else (hi if odd else lo)
        out[i] = pick
    return out


_DIRECTED = frozenset(
    {
        RoundMode.CAST_FLOOR,
        RoundMode.CAST_CEIL,
        RoundMode.CAST_TRUNC,
        RoundMode.CAST_ROUND,
        RoundMode.CAST_ODD,
    }
)
"""The round modes a float narrowing applies (CAST_RINT / CAST_NONE: numpy's nearest even)."""


@_builds("cast")
def _cast(op, comp, arg):
    from asc_xdsl.runtime.simulator import float4

    if float4.is_float4(element_of(op.src.type)) or float4.is_float4(element_of(op.dst.type)):
        return float4.reg_cast(op, comp)  # (pairs against bf16 lanes: float4.py)
    dst, src = _elem(op.dst.type), _elem(op.src.type)
    rounding = RoundMode.from_attr(op.properties["roundMode"])
    sat = SatMode.from_attr(op.properties["sat"]) is SatMode.SAT
    layout = int(RegLayout.from_attr(op.properties["layout"]))
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)
    # (a RegTraitNumTwo 64-bit side, step 4, pairs element i with the other side's i: the
    # headers' s322s64 / s642s32 / f322s64 / s642f32 pair forms, the mask a b32 mask)
    if src.step > dst.step:  # narrowing: source element i -> slot ratio * i + layout
        ratio = src.step // dst.step
        picks = np.arange(src.lanes) * ratio + (layout if ratio > 1 else 0)
    else:  # same width or widening: destination element i <- source ratio * i + layout
        ratio = dst.step // src.step
        picks = np.arange(dst.lanes) * ratio + (layout if ratio > 1 else 0)
    if layout >= ratio and ratio > 1:
        raise UnsupportedOpError(f"Cast: layout {layout} has no slot when widths differ by {ratio}")
    narrowing = src.step > dst.step
    from asc_xdsl.runtime.simulator import float8

    if float8.involves_float8(element_of(op.src.type), element_of(op.dst.type)):
        # (8-bit floats: uint8 codes in registers; bf16 <-> e8m0 on bf16's bits)
        fp8 = float8.converter(element_of(op.src.type), element_of(op.dst.type), rounding, sat)
        into = fp8
        if src.bf16:
            into = lambda x: fp8(f32_to_bf16(x))  # noqa: E731
        if dst.bf16:
            into = lambda x, _f=into: bf16_to_f32(_f(x))  # noqa: E731

        def convert(x, to, rounding, sat):
            return into(x)
    else:
        convert = _convert

    def run(e, c, _op=op):
        x, mask = e[a], e[m]
        out = np.zeros(dst.lanes, dst.dtype)
        if narrowing:
            on = lanes_of(mask, src.step)
            out[picks] = np.where(on, convert(x, dst, rounding, sat), 0)
        else:
            on = lanes_of(mask, dst.step)
            out[:] = np.where(on, convert(x[picks], dst, rounding, sat), 0)
        e[r] = dst.fix(out)

    return run


@_builds("truncate")
def _truncate(op, comp, arg):
    el = _elem(op.dst.type)
    rounding = _ROUNDING[RoundMode.from_attr(op.properties["roundMode"])]
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        e[r] = _zeroed(el, rounding(e[a].astype(np.float64)), e[m])

    return run


@_builds("pack")
def _pack(op, comp, arg):
    dst = _elem(op.dst.type)
    high = HighLowPart.from_attr(op.properties["part"]) is HighLowPart.HIGHEST
    a, r = comp.slot(op.src), comp.slot(op.dst)

    if _elem(op.src.type).lanes == dst.lanes:  # (a 64-bit pair: all its low words)

        def run_pair(e, c, _op=op):
            e[r] = e[a].astype(dst.dtype)

        return run_pair

    def run(e, c, _op=op):
        narrow = e[a].astype(dst.dtype)  # (the low half of each element: a wrap)
        out = np.zeros(dst.lanes, dst.dtype)
        half = dst.lanes // 2
        if high:
            out[half:] = narrow
        else:
            out[:half] = narrow
        e[r] = out

    return run


@_builds("unpack")
def _unpack(op, comp, arg):
    dst, src = _elem(op.dst.type), _elem(op.src.type)
    high = HighLowPart.from_attr(op.properties["part"]) is HighLowPart.HIGHEST
    a, r = comp.slot(op.src), comp.slot(op.dst)

    if dst.lanes == src.lanes:  # (into a 64-bit pair: every element)

        def run_pair(e, c, _op=op):
            e[r] = e[a].astype(dst.dtype)

        return run_pair

    def run(e, c, _op=op):
        half = src.lanes // 2
        part = e[a][half:] if high else e[a][:half]
        e[r] = part.astype(dst.dtype)  # (sign- or zero-extended by the source's type)

    return run


@_builds("local_mem_bar")
def _bar(op, comp, arg):
    # The simulator runs a vector function's accesses in program order: nothing to wait
    # for (the race checker takes the barrier's order: vf_order.wrap).
    def run(e, c, _op=op):
        return None

    return run


@handles(CreateOp)
def _complex_create(op, comp):
    """`complex.create %re, %im` (C++ `complex64(re, im)`): the scalar of a complex Reg
    op (Duplicate, Adds, Muls), a complex64 number (complex32: its parts float16)."""
    re, im, r = comp.slot(op.real), comp.slot(op.imaginary), comp.slot(op.complex)
    t = op.complex.type

    def run(e, c, _op=op):
        e[r] = to_scalar(t, complex(float(e[re]), float(e[im])))

    return run
