"""The Matmul object (`matmul::Matmul<A, B, C, Bias, CFG>`) by what it computes.

The library moves A and B through L1/L0 and C out of L0C in base blocks; the simulator
keeps the object's state (`MatmulState`: its TCubeTiling, the tensors and shapes set on
it, the iteration cursor) and computes each result with numpy, as the cube does: half
/ bfloat16 / float products accumulated in float32 (int8 in int32), the bias (float or
int32) added, then converted to C's type.

* `REGIST_MATMUL_OBJ(pipe, workspace, mm, tiling)` / `mm.Init(tiling)`: the object
  takes the tiling (M, N, Ka, Kb, singleCoreM/N/K, baseM/N, isBias, iterateOrder).
* `SetTensorA/B(t, isTranspose)`: A is singleCoreM x K, rows Ka elements apart (or
  stored K x M, rows M apart, when transposed); B is K x singleCoreN, rows N apart (or
  stored N x K, rows Kb apart). `SetBias(t)`: singleCoreN values; `DisableBias()`.
* `SetTail(m, n, k)` / `SetSingleShape(m, n, k)`: this core's singleCoreM/N/K (-1 keeps
  one); `SetOrgShape(M, N, Ka[, Kb[, Kc]])`: the strides.
* `IterateAll(C[, enAtomic])`: the whole singleCoreM x singleCoreN result into C (a GM
  tensor: rows N apart; a local tensor: rows singleCoreN apart); enAtomic 1/2/3 adds /
  takes the max / min with what C holds.
* `Iterate()` then `GetTensorC(C[, enAtomic, enSequentialWrite])`: one baseM x baseN
  block per Iterate, M fastest for iterateOrder 0 (ORDER_M) and N fastest otherwise;
  Iterate returns false after the last. GetTensorC writes the block at its place in C
  (rows N apart in GM, singleCoreN apart in a local tensor), or with enSequentialWrite
  contiguously from C's start (rows baseN apart). Edge blocks are smaller.
  GetTensorC(gm, local) writes both (enAtomic on GM only: the library ignores it for a
  local destination); AsyncGetTensorC(local) is GetTensorC(local).
* `SetTensorA/B(scalar)`: every element that value (in A's / B's type; the docs' [1, K]
  A when singleCoreM is 1).
* `SetQuantScalar(word)` / `SetQuantVector(words)`: C is converted as the library's
  Fixpipe does (ops/cube.py `convert_out`): int8 into half DEQF16 / VDEQF16, into int8
  REQ8 / VREQ8, half or bfloat16 into int8 QF322B8_PRE / VQF322B8_PRE; the vector has
  one word per column of singleCoreN (from the block's first column for Iterate). Such
  type pairs without a quant setting are an error.
* `SetHF32(enable, transMode)`: sets the core's HF32 registers as SetHF32Mode /
  SetHF32TransMode (so later Mmads see them too); float32 A and B are then rounded to
  HF32 (ties to even for transMode 0, toward zero for 1: the bit the library sets,
  dav-c220's NEAREST_ZERO. The Matmul doc's "ties away from zero" for 1 disagrees
  with the headers; the headers are followed).
* `IterateBatch` (the cube-only form with `SetBatchNum`'s counts): NORMAL, and the
  BSNGD / SBNGD / BNGS1S2 layouts as the library places their batches, with its
  one-axis broadcast and the sum over G when C's G is 1 (`_iterate_batch`).
* The asynchronous forms run to completion at once; WaitIterateAll, WaitIterateBatch
  and WaitGetTensorC do nothing. SetSelfDefineData / SetUserDefInfo only feed user
  callbacks, which an object in the IR cannot have: no-ops.
* `Iterate(enPartialSum[, localC])`: enPartialSum adds the block to what CO1 holds
  (single-block tilings, as the docs require); localC, a CO1 tensor, receives the block
  in Nz (float / int32).
* `End()`: the object forgets its tensors.

In a mix kernel the object's methods run on the AIV sub-blocks (the AIC serves them in
the library), in a cube kernel on the AIC. Refused when the kernel is compiled, with the
reason (`REFUSED`): SetSparseIndex, GetTensorC / GetBatchTensorC of the workspace,
IterateNBatch (its results go to the workspace), GetOffsetC.
The object's ops take no pipe: the race checker orders them like PIPE_ALL.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from asc_xdsl.dialects.ascendc.adv_matmul import FAMILY
from asc_xdsl.enums import LayoutMode
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32, f32_to_bf16, is_bf16, np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError, UnsupportedOpError
from asc_xdsl.runtime.simulator.memory import GlobalTensor, LocalTensor
from asc_xdsl.runtime.simulator.ops.cube import (
    DEQF16,
    QF322B8_PRE,
    REQ8,
    VDEQF16,
    VQF322B8_PRE,
    VREQ8,
    convert_out,
    fields,
    to_hf32,
)
from asc_xdsl.runtime.simulator.profile import C_M, I_M

TILING_DEFAULTS = {
    "usedCoreNum": 1,
    "M": 0,
    "N": 0,
    "Ka": 0,
    "Kb": 0,
    "singleCoreM": 0,
    "singleCoreN": 0,
    "singleCoreK": 0,
    "baseM": 0,
    "baseN": 0,
    "baseK": 0,
    "isBias": 0,
    "iterateOrder": 0,
    # the batch layouts' axes (SetALayout / SetBLayout / SetCLayout)
    **{f"{w}LayoutInfo{x}": 0 for w in "AB" for x in "BSNGD"},
    **{f"CLayoutInfo{x}": 0 for x in ("B", "S1", "N", "G", "S2")},
}
ATOMIC = {1: np.add, 2: np.maximum, 3: np.minimum}
MACS_PER_CYCLE = 16 * 16 * 16
"""Cost model: the cube's 16x16x16 half MACs per cycle."""


@dataclass
class MatmulState:
    """One Matmul object of one core."""

    tiling: dict[str, Any]
    types: dict[str, Any]  # "a", "b", "c", "bias" -> element type
    a: Any = None
    b: Any = None
    trans_a: bool = False
    trans_b: bool = False
    bias: Any = None
    shape: dict[str, int] = field(default_factory=dict)  # singleCoreM/N/K, M, N, Ka, Kb
    cursor: int = -1  # the block the last Iterate computed
    block: np.ndarray | None = None
    quant: tuple[str, Any] | None = None  # ("scalar", word) or ("vector", tensor)
    batch_num: tuple[int, int] | None = None  # SetBatchNum(batchA, batchB)
    acc: np.ndarray | None = None  # the last block as CO1 holds it (enPartialSum adds to it)

    def __post_init__(self) -> None:
        t = self.tiling
        self.shape = {k: int(t[k]) for k in ("singleCoreM", "singleCoreN", "singleCoreK")}
        self.shape.update({k: int(t[k]) for k in ("M", "N", "Ka", "Kb")})
        if not t["isBias"]:
            self.bias = None

    # -- the result ----------------------------------------------------------------
    def product(self, rows: slice, cols: slice, regs: dict) -> np.ndarray:
        """C[rows, cols] (float32 or int32) of this core's singleCoreM x singleCoreN;
        float32 operands rounded to HF32 when the core's HF32 mode is on (`regs`)."""
        s = self.shape
        m, n, k = s["singleCoreM"], s["singleCoreN"], s["singleCoreK"]
        if self.a is None or self.b is None:
            raise SimulatorError("Matmul: SetTensorA and SetTensorB come before Iterate")
        if min(m, n, k) <= 0:
            raise SimulatorError(f"Matmul: the shape {m} x {n} x {k} is empty (tiling?)")
        r0, r1 = rows.start, min(rows.stop, m)
        c0, c1 = cols.start, min(cols.stop, n)
        ta, tb = self.types["a"], self.types["b"]
        if isinstance(self.a, Scalar):  # SetTensorA(scalar): every element the value
            a = np.full((r1 - r0, k), self.a.value)
        elif self.trans_a:  # stored K x M
            a = _matrix(self.a, k, r1, s["M"], ta, "A")[:, r0:r1].T
        else:
            a = _matrix(self.a, r1, k, s["Ka"] or k, ta, "A")[r0:r1]
        if isinstance(self.b, Scalar):
            b = np.full((k, c1 - c0), self.b.value)
        elif self.trans_b:  # stored N x K
            b = _matrix(self.b, c1, k, s["Kb"] or k, tb, "B")[c0:c1].T
        else:
            b = _matrix(self.b, k, c1, s["N"], tb, "B")[:, c0:c1]
        integer = np.dtype(np_dtype(ta)).kind in "iu" and not is_bf16(ta)
        acc = np.float64 if integer else np.float32  # float64 is exact for int8 sums
        a, b = np.ascontiguousarray(a, acc), np.ascontiguousarray(b, acc)
        if regs.get("HF32") and np_dtype(ta) == np.float32 and np_dtype(tb) == np.float32:
            even = not regs.get("HF32_TRANS", False)  # the trans bit: ties toward zero
            a, b = to_hf32(a, even), to_hf32(b, even)
        out = a @ b
        if self.bias is not None:
            out = out + _values(self.bias, c1, self.types["bias"], "bias")[c0:c1].astype(acc)
        return out.astype(np.int32) if integer else out

    def blocks(self) -> tuple[int, int]:
        s, t = self.shape, self.tiling
        bm, bn = int(t["baseM"]), int(t["baseN"])
        if bm <= 0 or bn <= 0:
            raise SimulatorError(f"Matmul: baseM {bm} / baseN {bn} in the tiling must be > 0")
        return -(-s["singleCoreM"] // bm), -(-s["singleCoreN"] // bn)

    def block_at(self, index: int) -> tuple[int, int]:
        """(m, n) block indices of the index-th Iterate."""
        mi, ni = self.blocks()
        if int(self.tiling["iterateOrder"]) == 0:  # ORDER_M: along M first
            return index % mi, index // mi
        return index // ni, index % ni

    def to_c(self, block: np.ndarray, col0: int) -> np.ndarray:
        """The block (columns from col0 of this core's C) converted as the Matmul's
        Fixpipe does: the quant mode follows from the types and SetQuantScalar/Vector."""
        modes = QUANT_MODES.get((block.dtype.kind, str(self.types["c"])))
        if modes is None:
            return block  # _store converts (float32 -> half/bf16/float, int32 -> int32)
        if self.quant is None:
            raise SimulatorError(
                f"Matmul: A of {self.types['a']} into C of {self.types['c']} is (de)quantised "
                "on the way out: call SetQuantScalar or SetQuantVector first"
            )
        kind, value = self.quant
        if kind == "scalar":
            return convert_out(block, modes[0], np_dtype(self.types["c"]), False, value)
        words = _words(value, col0 + block.shape[1], "SetQuantVector's tensor")[col0:]
        return convert_out(block, modes[1], np_dtype(self.types["c"]), False, words)


# (accumulator kind, C type) -> (scalar mode, vector mode), as the library picks them
QUANT_MODES = {
    ("i", "f16"): (DEQF16, VDEQF16),
    ("i", "i8"): (REQ8, VREQ8),
    ("i", "ui8"): (REQ8, VREQ8),
    ("f", "i8"): (QF322B8_PRE, VQF322B8_PRE),
    ("f", "ui8"): (QF322B8_PRE, VQF322B8_PRE),
}


@dataclass(frozen=True)
class Scalar:
    """SetTensorA/B(scalar): the matrix is that value everywhere (the docs: a [1, K]
    tensor of it for A)."""

    value: float


def _words(t, n: int, what: str) -> np.ndarray:
    """n uint64 words from a tensor's start (a quant vector)."""
    if isinstance(t, GlobalTensor):
        return t.elements(0, n, f"Matmul reads {what}").view(np.uint64)
    if isinstance(t, LocalTensor):
        t.check(n, f"Matmul's {what}", vector=False)
        return t.arr[:n].view(np.uint64)
    raise SimulatorError(f"Matmul: {what} must be a tensor")


def _matrix(t, rows: int, cols: int, stride: int, et, what: str) -> np.ndarray:
    """A rows x cols ND matrix from a tensor's start, rows `stride` elements apart, as
    float32 (int32 for int8); only the elements it covers are read and converted (a
    core's columns of a wide B are a small part of the span they lie in)."""
    if stride < cols:
        raise SimulatorError(f"Matmul: {what}'s rows are {stride} apart, fewer than its {cols}")
    if rows <= 0 or cols <= 0:
        return np.zeros((max(rows, 0), max(cols, 0)), np.float32)
    raw = _raw(t, (rows - 1) * stride + cols, what)
    window = np.lib.stride_tricks.as_strided(
        raw, shape=(rows, cols), strides=(stride * raw.itemsize, raw.itemsize), writeable=False
    )
    return _converted(window, et)


def _values(t, n: int, et, what: str) -> np.ndarray:
    return _converted(_raw(t, n, what), et)


def _raw(t, n: int, what: str) -> np.ndarray:
    """The first n elements of a tensor as stored (a view)."""
    if isinstance(t, GlobalTensor):
        return t.elements(0, n, f"Matmul reads {what}")
    if isinstance(t, LocalTensor):
        t.check(n, f"Matmul's {what}", vector=False)
        return t.arr[:n]
    raise SimulatorError(f"Matmul: {what} must be a tensor")


def _converted(raw: np.ndarray, et) -> np.ndarray:
    """Stored elements as the cube computes on them: float32 (bf16 widened), int32."""
    if is_bf16(et):
        return bf16_to_f32(raw)
    return raw.astype(np.int32) if raw.dtype.kind in "iu" else raw.astype(np.float32)


def _store(dst, start: int, stride: int, block: np.ndarray, et, atomic: int, what: str) -> None:
    """Write block (r x c) into dst from element start, rows `stride` apart."""
    r, cols = block.shape
    if r == 0 or cols == 0:
        return
    n = (r - 1) * stride + cols
    if isinstance(dst, GlobalTensor):
        flat = dst.elements(start, n, f"Matmul writes {what}")
    elif isinstance(dst, LocalTensor):
        dst.check(start + n, f"Matmul's {what}", vector=False)
        flat = dst.arr[start : start + n]
    else:
        raise SimulatorError(f"Matmul: {what} must be a tensor")
    view = np.lib.stride_tricks.as_strided(
        flat, shape=(r, cols), strides=(stride * flat.itemsize, flat.itemsize), writeable=True
    )
    if is_bf16(et):
        value = f32_to_bf16(block.astype(np.float32))
    else:
        value = block.astype(np.dtype(np_dtype(et)))
    if atomic:
        if atomic not in ATOMIC:
            raise SimulatorError(f"Matmul: enAtomic {atomic} (0 none, 1 add, 2 max, 3 min)")
        if is_bf16(et):
            value = f32_to_bf16(ATOMIC[atomic](bf16_to_f32(view), bf16_to_f32(value)))
        else:
            value = ATOMIC[atomic](view, value)
    view[...] = value


def _charge(c, m: int, n: int, k: int) -> None:
    cnt = c.cnt
    cnt[I_M] += 1
    cnt[C_M] += max(1, m * n * k // MACS_PER_CYCLE)


# -- handlers ------------------------------------------------------------------------

_OPS = {cls.name: cls for cls in FAMILY.classes()}


def _ops(*names: str) -> list[type]:
    return [_OPS[f"ascendc.{n}"] for n in names]


def _state(e, slot: int) -> MatmulState:
    mm = e[slot]
    if not isinstance(mm, MatmulState):
        raise SimulatorError("Matmul object used before REGIST_MATMUL_OBJ / Init")
    return mm


def _on_client(comp, f):
    """In a mix kernel the methods run on the AIVs (the AIC serves them)."""
    if not comp.program.mix:
        return f

    def guarded(e, c, _f=f):
        if c.core.kind != "AIC":
            _f(e, c)

    return guarded


def _types(mm_type) -> dict[str, Any]:
    return {w: mm_type.matrix(w).dtype for w in ("a", "b", "c", "bias")}


@handles(*_ops("regist_matmul_obj", "matmul.init"))
def _init(op, comp):
    tiling = op.tiling if op.name.endswith("regist_matmul_obj") else op.cube_tiling
    if tiling is None:  # REGIST_MATMUL_OBJ(pipe, workspace, mm): Init(tiling) follows
        return None
    mm, t = comp.slot(op.matmul), comp.slot(tiling)
    types = _types(op.matmul.type)

    def run(e, c, _op=op):
        e[mm] = MatmulState(fields(e[t], TILING_DEFAULTS, "Matmul's TCubeTiling"), types)

    return _on_client(comp, run)


@handles(*_ops("matmul.set_tensor_a", "matmul.set_tensor_b"))
def _set_tensor(op, comp):
    which = op.name[-1]
    mm, t = comp.slot(op.matmul), comp.slot(op.tensor)
    tr = comp.slot(op.transpose) if op.transpose is not None else None

    def run(e, c, _op=op):
        st = _state(e, mm)
        setattr(st, which, e[t])
        setattr(st, f"trans_{which}", bool(e[tr]) if tr is not None else False)

    return _on_client(comp, run)


@handles(*_ops("matmul.set_tensor_a_scalar", "matmul.set_tensor_b_scalar"))
def _set_scalar(op, comp):
    which = op.name.split(".")[-1][len("set_tensor_")]
    mm, v = comp.slot(op.matmul), comp.slot(op.operands[1])
    et = op.matmul.type.matrix(which).dtype

    def run(e, c, _op=op):
        st = _state(e, mm)
        # the API takes A's / B's element type: the value is converted to it
        if is_bf16(et):
            value = bf16_to_f32(f32_to_bf16(np.float32(e[v])))[()]
        else:
            value = np.array(e[v]).astype(np_dtype(et))[()]
        setattr(st, which, Scalar(float(value)))
        setattr(st, f"trans_{which}", False)

    return _on_client(comp, run)


@handles(*_ops("matmul.set_quant_scalar", "matmul.set_quant_vector"))
def _set_quant(op, comp):
    mm, v = comp.slot(op.matmul), comp.slot(op.operands[1])
    kind = "scalar" if op.name.endswith("scalar") else "vector"

    def run(e, c, _op=op):
        value = e[v]
        _state(e, mm).quant = (kind, int(value) & (2**64 - 1) if kind == "scalar" else value)

    return _on_client(comp, run)


@handles(*_ops("matmul.set_bias", "matmul.disable_bias"))
def _set_bias(op, comp):
    mm = comp.slot(op.matmul)
    t = comp.slot(op.tensor) if op.name.endswith("set_bias") else None

    def run(e, c, _op=op):
        _state(e, mm).bias = e[t] if t is not None else None

    return _on_client(comp, run)


@handles(*_ops("matmul.set_tail", "matmul.set_single_shape"))
def _set_single(op, comp):
    mm = comp.slot(op.matmul)
    slots = [comp.slot(v) if v is not None else None for v in op.operands[1:4]]
    slots += [None] * (3 - len(slots))

    def run(e, c, _op=op):
        st = _state(e, mm)
        for key, s in zip(("singleCoreM", "singleCoreN", "singleCoreK"), slots, strict=True):
            if s is not None and int(e[s]) >= 0:  # -1: keep the tiling's
                st.shape[key] = int(e[s])

    return _on_client(comp, run)


@handles(*_ops("matmul.set_org_shape"))
def _set_org(op, comp):
    mm = comp.slot(op.matmul)
    keys = ("M", "N", "Ka", "Kb")
    slots = [comp.slot(v) for v in op.operands[1:5]]

    def run(e, c, _op=op):
        st = _state(e, mm)
        values = [int(e[s]) for s in slots]
        st.shape.update(zip(keys, values, strict=False))
        if len(values) == 3:  # SetOrgShape(M, N, K): Kb is K too
            st.shape["Kb"] = values[2]

    return _on_client(comp, run)


def _atomic_slot(op, comp, name: str):
    v = getattr(op, name, None)
    return comp.slot(v) if v is not None else None


@handles(*_ops("matmul.iterate_all"))
def _iterate_all(op, comp):
    """IterateAll: every block at its place, as dav-c220's library loops Iterate +
    GetTensorC(gm, enAtomic) (enSequentialWrite, waitIterateAll and fakeMsg do not
    change that outside the IBShare / intraBlockPartSum configurations); enAtomic
    applies to a GM C only (the library ignores it for a local one)."""
    mm, t = comp.slot(op.matmul), comp.slot(op.tensor)
    at = _atomic_slot(op, comp, "en_atomic")
    et = op.matmul.type.matrix("c").dtype

    def run(e, c, _op=op):
        st = _state(e, mm)
        s = st.shape
        out = st.product(slice(0, s["singleCoreM"]), slice(0, s["singleCoreN"]), c.regs)
        dst = e[t]
        on_gm = isinstance(dst, GlobalTensor)
        stride = s["N"] if on_gm else s["singleCoreN"]
        atomic = int(e[at]) if at is not None and on_gm else 0
        _store(dst, 0, stride, st.to_c(out, 0), et, atomic, "C")
        _charge(c, *out.shape, s["singleCoreK"])

    return _on_client(comp, run)


def _l0c_index(t, rows: int, cols: int, what: str) -> np.ndarray:
    """Element positions in a user CO1 tensor of a rows x cols block in L0C's Nz layout
    (column blocks of 16, each ceil(rows / 16) * 16 rows)."""
    if not isinstance(t, LocalTensor) or t.mem_name != "L0C":
        raise SimulatorError(f"Matmul: {what} must be a local tensor in L0C (CO1)")
    r16, c16 = -(-rows // 16) * 16, -(-cols // 16) * 16
    t.check(r16 * c16, f"Matmul's {what}", vector=False)
    c = np.arange(cols)
    return (c // 16 * r16 * 16 + c % 16)[None, :] + (np.arange(rows) * 16)[:, None]


@handles(*_ops("matmul.iterate"))
def _iterate(op, comp):
    """Iterate<sync>(enPartialSum[, localC]): the next base block. enPartialSum adds it
    to what CO1 holds (the docs allow it when singleCoreM == baseM and singleCoreN ==
    baseN: the one block); localC is a CO1 tensor of the user, which then holds the
    block in Nz (float / int32, before any conversion)."""
    mm, r = comp.slot(op.matmul), comp.slot(op.result)
    ps = comp.slot(op.partialsum)
    lc = comp.slot(op.local_cmaxtrix) if op.local_cmaxtrix is not None else None

    def run(e, c, _op=op):
        st = _state(e, mm)
        mi, ni = st.blocks()
        st.cursor += 1
        if st.cursor >= mi * ni:
            st.cursor, st.block = -1, None
            e[r] = False
            return
        m, n = st.block_at(st.cursor)
        bm, bn = int(st.tiling["baseM"]), int(st.tiling["baseN"])
        block = st.product(slice(m * bm, (m + 1) * bm), slice(n * bn, (n + 1) * bn), c.regs)
        partial = bool(e[ps])
        if partial and (mi, ni) != (1, 1):
            s = st.shape
            raise SimulatorError(
                f"Matmul Iterate(enPartialSum=true) needs singleCoreM == baseM and "
                f"singleCoreN == baseN (docs), got {s['singleCoreM']} x {s['singleCoreN']} "
                f"against {bm} x {bn}"
            )
        if lc is not None:
            co1 = e[lc]
            at = _l0c_index(co1, *block.shape, "localCmatrix")
            block = co1.arr[at] + block if partial else block
            co1.arr[at] = block.astype(co1.arr.dtype)
        elif partial and st.acc is not None and st.acc.shape == block.shape:
            block = st.acc + block
        st.acc = block
        st.block = st.to_c(block, n * bn)
        _charge(c, *block.shape, st.shape["singleCoreK"])
        e[r] = True

    return _on_client(comp, run)


@handles(*_ops("matmul.get_tensor_c", "matmul.async_get_tensor_c"))
def _get_tensor_c(op, comp):
    """GetTensorC(C[, local]) / AsyncGetTensorC(local): the last Iterate's block. With
    two tensors it goes to both (GM and a local copy); enAtomic applies to GM only (the
    library ignores it for a local destination)."""
    mm = comp.slot(op.matmul)
    targets = [comp.slot(op.tensor)]
    if getattr(op, "tensor2", None) is not None:
        targets.append(comp.slot(op.tensor2))
    at = _atomic_slot(op, comp, "atomic")
    seq = _atomic_slot(op, comp, "sequentialwrite")
    et = op.matmul.type.matrix("c").dtype

    def run(e, c, _op=op):
        st = _state(e, mm)
        if st.block is None:
            raise SimulatorError("Matmul: GetTensorC without a block (call Iterate first)")
        m, n = st.block_at(st.cursor)
        bm, bn = int(st.tiling["baseM"]), int(st.tiling["baseN"])
        for slot in targets:
            dst = e[slot]
            on_gm = isinstance(dst, GlobalTensor)
            atomic = int(e[at]) if at is not None and on_gm else 0
            if seq is not None and e[seq]:
                _store(dst, 0, bn, st.block, et, atomic, "C")
                continue
            stride = st.shape["N"] if on_gm else st.shape["singleCoreN"]
            _store(dst, m * bm * stride + n * bn, stride, st.block, et, atomic, "C")

    return _on_client(comp, run)


@handles(*_ops("matmul.wait_iterate_all", "matmul.wait_get_tensor_c", "matmul.wait_iterate_batch"))
def _wait(op, comp):
    return None  # the simulator runs the asynchronous forms to completion at once


def _axes(t: dict, w: str) -> tuple[int, int, int]:
    """(B, N, G) of operand w's layout, each at least 1."""
    return tuple(max(1, int(t[f"{w}LayoutInfo{x}"])) for x in "BNG")  # type: ignore[return-value]


def _pairing(t: dict, w: str, other: str) -> tuple[int, int]:
    """(mod, divisor) taking batch i to operand w's batch i / divisor * mod + i % mod:
    the broadcast of one axis the library allows (batch_scheduler_base.h's
    CalcBatchIterate[AB]OffsetInfo) for the BSNGD / SBNGD / BNGS1S2 layouts."""
    (b, n, g), (ob, on, og) = _axes(t, w), _axes(t, other)
    if g == 1 and og != 1:
        return 1, og
    if n == 1 and on != 1:
        return og, og * on
    if b == 1 and ob != 1:
        return og * on, og * on * ob
    return 1, 1


def _input_place(
    layout: LayoutMode, t: dict, w: str, idx: int, height: int, width: int, given: int
) -> tuple[int, int]:
    """(element offset, row pitch) of operand w's batch idx (a height x width matrix as
    stored), as the library's batch copy-in reads it (batch_copy_cube_in.h):
    BNGS1S2 contiguous matrices; BSNGD [B, S, N, G, D] (a row of N*G batches D apart,
    rows N*G*D apart, the next B after S rows); SBNGD [S, B, N, G, D] (batches D apart,
    rows B*N*G*D apart). A given matrixStride replaces the distance between batches."""
    b, n, g = _axes(t, w)
    d = int(t[f"{w}LayoutInfoD"]) or width
    if layout == LayoutMode.BNGS1S2:
        return idx * (given or height * width), width
    if layout == LayoutMode.BSNGD:
        line, j = divmod(idx, n * g)
        return line * n * g * height * width + j * (given or width), n * g * d
    return idx * (given or width), b * n * g * d  # SBNGD


@handles(*_ops("matmul.iterate_batch", "matmul.iterate_batch_cube_only"))
def _iterate_batch(op, comp):
    """IterateBatch: the mix form takes batchA/batchB, the cube-only form SetBatchNum's.
    NORMAL: A and B batches M x Ka / Kb x N apart (or the given strides), batch i using
    A's i / (batch / batchA) and B's alike, C's M x N apart. BSNGD / SBNGD / BNGS1S2 (A
    and B alike): as the library places them (`_input_place`, `_pairing`); C in BNGS1S2
    singleCoreM x singleCoreN apart, in BSNGD / SBNGD singleCoreN apart along rows of
    CLayoutInfo N*G*S2 (times B for SBNGD); a C whose G is 1 while A's or B's is not
    sums the G batches (the library's atomic add: C must start zeroed)."""
    mm, t = comp.slot(op.matmul), comp.slot(op.tensor)
    counts = getattr(op, "batch_a", None) is not None
    ba, bb = (comp.slot(op.batch_a), comp.slot(op.batch_b)) if counts else (None, None)
    strides = [
        comp.slot(v) if v is not None else None
        for v in (op.maxtrix_stride_a, op.maxtrix_stride_b, op.maxtrix_stride_c)
    ]
    at = _atomic_slot(op, comp, "en_atomic")
    seq = _atomic_slot(op, comp, "en_senquential_write")
    et = op.matmul.type.matrix("c").dtype
    la, lb, lc = (LayoutMode(int(op.matmul.type.matrix(w).layout)) for w in ("a", "b", "c"))
    normal = (LayoutMode.NONE, LayoutMode.NORMAL)
    if (la in normal) != (lb in normal) or (la not in normal and la != lb):
        raise SimulatorError(
            f"IterateBatch: A's layout {la.name} and B's {lb.name} must be the same (docs)"
        )
    if (la in normal) != (lc in normal):
        raise UnsupportedOpError(
            f"IterateBatch with A/B in {la.name} and C in {lc.name} is not simulated (C is "
            "NORMAL with NORMAL inputs, BSNGD/SBNGD/BNGS1S2 with those)"
        )

    def run(e, c, _op=op):
        st = _state(e, mm)
        s, tl = st.shape, st.tiling
        if counts:
            n_a, n_b = int(e[ba]), int(e[bb])
        elif st.batch_num is None:
            raise SimulatorError("Matmul: the cube-only IterateBatch needs SetBatchNum first")
        else:
            n_a, n_b = st.batch_num
        batch = max(n_a, n_b)
        if n_a <= 0 or n_b <= 0 or batch % n_a or batch % n_b:
            raise SimulatorError(f"IterateBatch: batchA {n_a} and batchB {n_b} do not divide")
        given = [int(e[x]) if x is not None else 0 for x in strides]
        dst = e[t]
        on_gm = isinstance(dst, GlobalTensor)
        atomic = int(e[at]) if at is not None else 0
        m, n, k = s["singleCoreM"], s["singleCoreN"], s["singleCoreK"]
        if la in normal:
            place = _normal_places(st, given, n_a, n_b, batch, on_gm)
        else:
            if lc in (LayoutMode.BSNGD, LayoutMode.SBNGD) and seq is not None and e[seq]:
                raise SimulatorError(
                    f"IterateBatch: C in {lc.name} cannot take enSequentialWrite (docs)"
                )
            place = _layout_places(tl, st, la, lc, given, batch, on_gm)
        a, b, shape = st.a, st.b, dict(s)
        try:
            for i in range(batch):
                (a_off, a_pitch), (b_off, b_pitch), (c_off, c_pitch), add = place(i)
                st.a, st.b = a.sub(a_off), b.sub(b_off)
                s.update({"M" if st.trans_a else "Ka": a_pitch})
                s.update({"Kb" if st.trans_b else "N": b_pitch})
                out = st.product(slice(0, m), slice(0, n), c.regs)
                _store(dst, c_off, c_pitch, st.to_c(out, 0), et, 1 if add else atomic, "C")
                _charge(c, *out.shape, k)
        finally:
            st.a, st.b = a, b
            s.clear()
            s.update(shape)

    return _on_client(comp, run)


def _normal_places(st, given: list[int], n_a: int, n_b: int, batch: int, on_gm: bool):
    """NORMAL: matrices M x Ka (A), Kb x N (B), M x N (C) apart unless given; rows as
    SetOrgShape says (Ka, or M when A is transposed; N, or Kb when B is)."""
    s = st.shape
    ka, kb = s["Ka"] or s["singleCoreK"], s["Kb"] or s["singleCoreK"]
    step_a = given[0] or s["M"] * ka
    step_b = given[1] or kb * s["N"]
    step_c = given[2] or (s["M"] * s["N"] if on_gm else s["singleCoreM"] * s["singleCoreN"])
    c_pitch = s["N"] if on_gm else s["singleCoreN"]
    pitch_a, pitch_b = (s["M"] if st.trans_a else ka), (kb if st.trans_b else s["N"])

    def place(i: int):
        a_idx, b_idx = i // (batch // n_a), i // (batch // n_b)
        return (a_idx * step_a, pitch_a), (b_idx * step_b, pitch_b), (i * step_c, c_pitch), False

    return place


def _layout_places(tl, st, la, lc, given: list[int], batch: int, on_gm: bool):
    s = st.shape
    m, n, k = s["singleCoreM"], s["singleCoreN"], s["singleCoreK"]
    a_hw = (k, m) if st.trans_a else (m, k)
    b_hw = (n, k) if st.trans_b else (k, n)
    if la == LayoutMode.BSNGD:
        g = max(_axes(tl, "A")[2], _axes(tl, "B")[2])  # the row's G: the larger side's
        for w in "AB":
            ln = _axes(tl, w)[1]
            if batch > ln * g:
                raise SimulatorError(
                    f"IterateBatch (BSNGD): {batch} batches span more than one row of S "
                    f"({w}LayoutInfoN x max(ALayoutInfoG, BLayoutInfoG) = {ln * g}): the "
                    "library computes one row per call"
                )
    mod_a, div_a = _pairing(tl, "A", "B")
    mod_b, div_b = _pairing(tl, "B", "A")
    cb, cn, cg = (max(1, int(tl[f"CLayoutInfo{x}"])) for x in "BNG")
    reduce = cg == 1 and (_axes(tl, "A")[2] != 1 or _axes(tl, "B")[2] != 1)
    group = max(_axes(tl, "A")[2], _axes(tl, "B")[2]) if reduce else 1
    s2 = int(tl["CLayoutInfoS2"]) or n
    if lc == LayoutMode.BNGS1S2:
        c_step, c_pitch = m * n, (s["N"] if on_gm else n)
    elif lc == LayoutMode.BSNGD:
        c_step, c_pitch = n, cg * s2 * cn
    else:  # SBNGD
        c_step, c_pitch = n, cg * s2 * cn * cb

    def place(i: int):
        a_idx = i // div_a * mod_a + i % mod_a
        b_idx = i // div_b * mod_b + i % mod_b
        return (
            _input_place(la, tl, "A", a_idx, *a_hw, given[0]),
            _input_place(la, tl, "B", b_idx, *b_hw, given[1]),
            (i // group * c_step, c_pitch),
            reduce,
        )

    return place


@handles(*_ops("matmul.set_batch_num"))
def _batch_num(op, comp):
    """SetBatchNum(batchA, batchB): the counts of the cube-only IterateBatch (the mix
    form takes its own)."""
    mm, a, b = comp.slot(op.matmul), comp.slot(op.batch_a), comp.slot(op.batch_b)

    def run(e, c, _op=op):
        _state(e, mm).batch_num = (int(e[a]), int(e[b]))

    return _on_client(comp, run)


@handles(*_ops("matmul.set_self_define_data", "matmul.set_user_def_info"))
def _callback_data(op, comp):
    return None  # data for user callbacks (MatmulCallBackFunc); the IR's object has none


@handles(*_ops("matmul.end", "matmul.set_workspace"))
def _end(op, comp):
    mm = comp.slot(op.matmul)
    ends = op.name.endswith(".end")

    def run(e, c, _op=op):
        st = _state(e, mm)
        if ends:
            st.a = st.b = st.bias = st.block = st.acc = None
            st.cursor = -1

    return _on_client(comp, run)


@handles(*_ops("matmul.set_hf32"))
def _set_hf32(op, comp):
    """SetHF32(enable, transMode) sets the core's HF32 registers as SetHF32Mode and
    SetHF32TransMode do (matmul_impl_base.h): transMode 1 sets the trans bit, which
    dav-c220's headers define as rounding ties toward zero (HF32TransMode::NEAREST_ZERO),
    0 clears it (ties to even); ops/cube.py's Mmad reads the same bit."""
    en, tm = comp.slot(op.enable_hf32), comp.slot(op.trans_mode)

    def run(e, c, _op=op):
        mode = int(e[tm])
        if mode not in (0, 1):
            raise SimulatorError(f"Matmul SetHF32: transMode must be 0 or 1, got {mode}")
        c.regs["HF32"] = bool(e[en])
        c.regs["HF32_TRANS"] = mode == 1

    return _on_client(comp, run)


REFUSED = {
    "matmul.set_sparse_index": "sparse B (MatmulType with sparse) is not modelled by the "
    "Matmul object here (MmadWithSparse is, as a cube op)",
    "matmul.get_tensor_c_return": "the block's place in the workspace it returns is not documented",
    "matmul.get_batch_tensor_c": "it reads the workspace of an asynchronous IterateBatch, "
    "whose layout is not documented",
    "matmul.get_batch_tensor_c_local_mem": "it reads the workspace of an asynchronous "
    "IterateBatch, whose layout is not documented",
    "matmul.iterate_n_batch": "its results go to the SetWorkspace buffer in a layout the "
    "docs do not give (GetBatchTensorC reads them back)",
    "matmul.get_offset_c": "a reserved interface (the docs define no value for it)",
}


@handles(*_ops(*REFUSED))
def _refused(op, comp):
    raise UnsupportedOpError(
        f"the Matmul object's {op.SPEC.api} is not simulated: "
        f"{REFUSED[op.name.removeprefix('ascendc.')]}"
    )
