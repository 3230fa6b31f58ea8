"""Sort32, Sort, MrgSort and the sorted-layout helpers GetSortOffset/GetSortLen, the
advanced API's Concat/Extract (Atlas A2/A3).

**Sort32(dst, src0, src1, repeatTime)**: each repeat sorts 32 scores of src0 with their
uint32 indices from src1, descending, into 32 (score, index) pairs of 8 bytes: the
score in the low 4 bytes (float) or low 2 bytes (half, the next 2 bytes reserved and
left untouched), the index in the high 4 bytes. Repeat r reads elements [32r, 32r+32)
and writes pairs [32r, 32r+32). Equal scores keep their input order and NaN sorts
last (*decision*: neither is documented).

**GetSortOffset<float>(n)** and **GetSortLen<float>(n)**: n pairs of float scores span
2n float elements.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects.ascendc import vec_proposal as prop
from asc_xdsl.runtime.simulator.compile import handles, sim_hook
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError, UnsupportedOpError
from asc_xdsl.runtime.simulator.ops.cube import fields
from asc_xdsl.runtime.simulator.ops.framework import Struct
from asc_xdsl.runtime.simulator.ops.instr import charge
from asc_xdsl.runtime.simulator.vmask import full_lanes

FLOAT_SORTED_ELEMENTS = 2  # float elements per (score, index) pair


@sim_hook("sort32")
def _sort32(op, comp, key: str):
    dt = np_dtype(op.dst.type.element_type)
    d, a, b, rt = (comp.slot(v) for v in (op.dst, op.src0, op.src1, op.repeat_time))

    def run(e, c, _op=op):
        repeats = int(e[rt])
        if not 0 <= repeats <= 255:
            raise SimulatorError(f"repeatTime {repeats} is outside [0, 255]")
        n = 32 * repeats
        dst, scores, index = e[d], e[a], e[b]
        scores.check(n, "src0")
        index.check(n, "src1")
        dst.check(n * 8 // dt.itemsize, "dst")
        s = scores.arr[:n].reshape(repeats, 32)
        order = np.argsort(-s.astype(np.float64), axis=1, kind="stable")
        sorted_scores = np.take_along_axis(s, order, axis=1).reshape(-1)
        sorted_index = np.take_along_axis(index.arr[:n].reshape(repeats, 32), order, axis=1)
        raw = dst.arr.view(np.uint8)[: n * 8].reshape(n, 8)
        raw[:, : dt.itemsize] = sorted_scores.view(np.uint8).reshape(n, dt.itemsize)
        raw[:, 4:] = sorted_index.reshape(-1).view(np.uint8).reshape(n, 4)
        charge(c, full_lanes(32, repeats), 2)

    return run


@handles(prop.GetSortOffsetOp, prop.GetSortLenOp)
def _sort_layout(op, comp):
    (n,) = comp.slots_of(op.operands)
    r = comp.slot(op.result)

    def run(e, c, _op=op):
        e[r] = (int(e[n]) * FLOAT_SORTED_ELEMENTS) & 0xFFFFFFFF

    return run


# -- Sort, MrgSort, GetMrgSortResult --------------------------------------------------
#
# **Sort<T, isFullSort>(dst, concat, index, tmp, repeatTime)**: without isFullSort,
# Sort32 of each 32 scores; with it, all 32*repeatTime scores sorted descending (stable:
# equal scores keep their order) into (score, index) pairs; tmp must hold as many pairs.
# **MrgSort<T, isExhaustedSuspension>(dst, sortList, counts, sortedNum, validBit, 1)**
# merges the queues validBit names (0b11, 0b111, 0b1111: the first 2, 3 or 4) of
# (score, index) pairs, each already sorted descending, into dst, descending; equal
# scores take the lower queue first (*decision*). With isExhaustedSuspension it stops
# when a queue runs out; GetMrgSortResult then gives how many pairs of each queue were
# merged (all of them otherwise). repeatTime > 1 is refused.

_VALID_BITS = {0b11: 2, 0b111: 3, 0b1111: 4}


def _pairs(t, n: int, dt, what: str) -> tuple[np.ndarray, np.ndarray]:
    """Scores and indices of the first n (score, index) pairs of a tensor."""
    if t is None:
        raise SimulatorError(
            f"{what} is an empty LocalTensor (a default MrgSortSrcList has no tensors: "
            "build it from the four queues)"
        )
    t.check(n * 8 // dt.itemsize, what)
    raw = t.arr.view(np.uint8)[: n * 8].reshape(n, 8)
    scores = raw[:, : dt.itemsize].copy().view(dt).reshape(-1)
    index = raw[:, 4:].copy().view(np.uint32).reshape(-1)
    return scores, index


def _write_pairs(dst, scores: np.ndarray, index: np.ndarray, dt, what: str) -> None:
    n = scores.size
    dst.check(n * 8 // dt.itemsize, what)
    raw = dst.arr.view(np.uint8)[: n * 8].reshape(n, 8)
    raw[:, : dt.itemsize] = scores.astype(dt).view(np.uint8).reshape(n, dt.itemsize)
    raw[:, 4:] = index.astype(np.uint32).view(np.uint8).reshape(n, 4)


@sim_hook("sort")
def _sort(op, comp, key: str):
    dt = np_dtype(op.dst.type.element_type)
    d, a, b, tmp, rt = (comp.slot(v) for v in (op.dst, op.concat, op.index, op.tmp, op.repeat_time))
    full = bool(op.flag("isFullSort"))

    def run(e, c, _op=op):
        repeats = int(e[rt])
        if not 0 <= repeats <= 255:
            raise SimulatorError(f"repeatTime {repeats} is outside [0, 255]")
        n = 32 * repeats
        scores, index = e[a], e[b]
        scores.check(n, "concat")
        index.check(n, "index")
        e[tmp].check(n * 8 // dt.itemsize, "tmp")
        s = scores.arr[:n].reshape(1 if full else repeats, -1)
        order = np.argsort(-s.astype(np.float64), axis=1, kind="stable")
        sorted_scores = np.take_along_axis(s, order, axis=1).reshape(-1)
        sorted_index = np.take_along_axis(index.arr[:n].reshape(s.shape), order, axis=1)
        _write_pairs(e[d], sorted_scores, sorted_index.reshape(-1), dt, "dst")
        charge(c, full_lanes(32, repeats), 2 + (2 * (repeats > 1) if full else 0))

    return run


def _merge(c, dst, lists, counts: list[int], valid_bit: int, repeats: int, suspend: bool, dt):
    """MrgSort of the 2-4 queues valid_bit names (counts pairs each) into dst."""
    queues = _VALID_BITS.get(valid_bit)
    if queues is None:
        raise SimulatorError(
            f"MrgSort validBit {valid_bit:#b} must be 0b11, 0b111 or 0b1111 (2-4 queues)"
        )
    if repeats != 1:
        _check_repeatable(lists, counts, valid_bit, repeats, suspend)
        step = 4 * counts[0] * 8 // dt.itemsize  # four queues of pairs, in elements
        for r in range(repeats):
            moved = [lists[0].sub(r * step + q * step // 4) for q in range(4)]
            _merge(c, dst.sub(r * step), moved, counts, valid_bit, 1, suspend, dt)
        return
    parts = []
    for q in range(queues):
        n = counts[q]
        s, i = _pairs(lists[q], n, dt, f"sortList[{q}]")
        parts.append((s.astype(np.float64), i, np.full(n, q), np.arange(n)))
    score = np.concatenate([p[0] for p in parts])
    index = np.concatenate([p[1] for p in parts])
    queue = np.concatenate([p[2] for p in parts])
    pos = np.concatenate([p[3] for p in parts])
    # merge order: score descending, then queue, then position (each queue is sorted)
    order = np.lexsort((pos, queue, -score))
    taken = counts[:queues]
    if suspend:
        seen = np.zeros(queues, int)
        stop = order.size
        for k, j in enumerate(order):
            seen[queue[j]] += 1
            if seen[queue[j]] == taken[queue[j]]:
                stop = k + 1
                break
        order = order[:stop]
        taken = [int((queue[order] == q).sum()) for q in range(queues)]
    _write_pairs(dst, score[order].astype(dt), index[order], dt, "dst")
    c.regs["MRG_SORT_RESULT"] = list(taken) + [0] * (4 - queues)
    charge(c, full_lanes(32, max(1, -(-order.size // 32))), 2)


def _check_repeatable(lists, counts: list[int], valid_bit: int, repeats: int, suspend: bool):
    """repeatTime > 1 takes effect only for four equal, contiguous queues without
    suspension (the documentation's four conditions); each repeat then moves src and
    dst by the four queues' length."""
    if not 1 <= repeats <= 255:
        raise SimulatorError(f"MrgSort repeatTime {repeats} is outside [1, 255]")
    first = lists[0]
    contiguous = all(
        t is not None
        and first is not None
        and t.mem is first.mem
        and t.offset == first.offset + q * counts[0] * 8
        for q, t in enumerate(lists[:4])
    )
    if valid_bit != 0b1111 or len(set(counts[:4])) != 1 or not contiguous or suspend:
        raise SimulatorError(
            f"MrgSort repeatTime {repeats} needs four queues (validBit 0b1111) of equal "
            "length, stored one after another, without isExhaustedSuspension"
        )


@sim_hook("mrg_sort")
def _mrg_sort(op, comp, key: str):
    dt = np_dtype(op.dst.type.element_type)
    if op.name != "ascendc.mrg_sort":
        return _mrg_sort_info(op, comp, dt)
    d, lst = comp.slot(op.dst), comp.slot(op.sort_list)
    counts = comp.slots_of(op.element_count_list)
    vb, rt = comp.slot(op.valid_bit), comp.slot(op.repeat_time)
    suspend = bool(op.flag("isExhaustedSuspension"))

    def run(e, c, _op=op):
        n = [int(e[k]) for k in counts]
        _merge(c, e[d], e[lst], n, int(e[vb]), int(e[rt]), suspend, dt)

    return run


MRG_SORT4_INFO_DEFAULTS = {
    "elementLengths": None,  # uint16_t[4] = {0}
    "ifExhaustedSuspension": False,
    "validBit": 0,
    "repeatTimes": 1,
}


def _mrg_sort_info(op, comp, dt):
    """`MrgSort(dst, srcList, MrgSort4Info)`: the same merge, its fields from the struct."""
    d, lst, p = comp.slot(op.dst), comp.slot(op.operands[1]), comp.slot(op.operands[2])

    def run(e, c, _op=op):
        f = fields(e[p], MRG_SORT4_INFO_DEFAULTS, "MrgSort4Info")
        lengths = f["elementLengths"]
        n = [0] * 4 if lengths is None else [int(v) for v in np.asarray(lengths).reshape(-1)]
        if len(n) < 4:
            raise SimulatorError(f"MrgSort4Info: elementLengths has {len(n)} values (4 needed)")
        suspend = bool(f["ifExhaustedSuspension"])
        _merge(c, e[d], e[lst], n[:4], int(f["validBit"]), int(f["repeatTimes"]), suspend, dt)

    return run


@handles(prop.MrgSortSrcListOp)
def _empty_src_list(op, comp):
    """`MrgSortSrcList<T> v;`: four default (empty) LocalTensors; MrgSort on one is an
    error naming the queue."""
    r = comp.slot(op.params)

    def run(e, c, _op=op):
        value = Struct((None, None, None, None))
        value.names = ("src1", "src2", "src3", "src4")
        e[r] = value

    return run


@handles(prop.GetMrgSortResultOp)
def _mrg_sort_result(op, comp):
    slots = [comp.slot(r) for r in op.results]

    def run(e, c, _op=op):
        got = c.regs.get("MRG_SORT_RESULT")
        if got is None:
            raise SimulatorError("GetMrgSortResult before any MrgSort")
        for s, v in zip(slots, got, strict=True):
            e[s] = v

    return run


@handles(prop.MrgSort4Op)
def _mrg_sort4(op, comp):
    raise UnsupportedOpError("MrgSort4 is not an Atlas A2/A3 API (use MrgSort)")


# -- the advanced API's Concat / Extract (Atlas A2/A3 forms) ----------------------------


def _a2_form(c, what: str) -> None:
    """Atlas inference (arch 2002) builds Concat/Extract on region proposals
    (ProposalConcat/ProposalExtract), which are not simulated."""
    if not c.onchip.platform.split_cores:
        raise UnsupportedOpError(
            f"{what} on {c.onchip.platform.name} works on region proposals "
            f"(Proposal{what}), which the simulator does not model"
        )


def _repeats(e, rt: int, what: str) -> int:
    repeats = int(e[rt])
    if not 0 <= repeats <= 255:
        raise SimulatorError(f"{what}: repeatTime {repeats} is outside [0, 255]")
    return repeats


@sim_hook("adv_concat")
def _concat(op, comp, key: str):
    """`Concat(concat, src, tmp, repeatTime)`: on dav-c220 the header only rebinds its
    reference argument (`concat = src`): Sort32 takes scores as they are. `concat` is
    then src's tensor; no data moves."""
    d, s, rt = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.repeat_time)

    def run(e, c, _op=op):
        _a2_form(c, "Concat")
        _repeats(e, rt, "Concat")
        e[d] = e[s]

    return run


@sim_hook("adv_extract")
def _extract(op, comp, key: str):
    """`Extract(dstValue, dstIndex, sorted, repeatTime)`: each repeat takes 32 (score,
    index) pairs (256 bytes: 64 float / 128 half elements) and writes the 32 scores to
    dstValue and the 32 uint32 indices to dstIndex, packed (the header's two GatherMask
    passes: patterns 1 / 3 for the scores, 2 for the indices)."""
    dt = np_dtype(op.src.type.element_type)
    v, i, s, rt = (comp.slot(x) for x in (op.dst_value, op.dst_index, op.src, op.repeat_time))

    def run(e, c, _op=op):
        _a2_form(c, "Extract")
        repeats = _repeats(e, rt, "Extract")
        n = 32 * repeats
        values, index = e[v], e[i]
        scores, indices = _pairs(e[s], n, dt, "sorted")
        values.check(n, "dstValue")
        index.check(n, "dstIndex")
        values.arr[:n] = scores
        index.arr.view(np.uint32)[:n] = indices
        for _ in range(2):  # two GatherMask instructions
            charge(c, full_lanes(32, repeats))

    return run
