"""Sort (per 32 and full), MrgSort of 2-4 queues (with exhausted suspension) and
GetMrgSortResult on the simulator, from @asc.jit kernels, against numpy."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc

N = 128


@asc.jit
def sort_merge_kernel(
    x: asc.GlobalAddress,
    idx: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    r: asc.GlobalAddress,
    valid: int,
    c3: int,
):
    x_gm = asc.GlobalTensor()
    i_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    r_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    i_gm.set_global_buffer(idx)
    y_gm.set_global_buffer(y)
    z_gm.set_global_buffer(z)
    r_gm.set_global_buffer(r)
    pipe = asc.TPipe()
    b1 = asc.TBuf(asc.TPosition.VECCALC)
    b2 = asc.TBuf(asc.TPosition.VECCALC)
    b3 = asc.TBuf(asc.TPosition.VECCALC)
    b4 = asc.TBuf(asc.TPosition.VECCALC)
    b5 = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b1, N * 4)
    pipe.init_buffer(b2, N * 4)
    pipe.init_buffer(b3, N * 8)
    pipe.init_buffer(b4, N * 8)
    pipe.init_buffer(b5, N * 8)
    scores = b1.get(asc.float32)
    index = b2.get(asc.uint32)
    runs = b3.get(asc.float32)
    merged = b4.get(asc.float32)
    tmp = b5.get(asc.float32)
    asc.data_copy(scores, x_gm, count=N)
    asc.data_copy(index, i_gm, count=N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.sort(runs, scores, index, tmp, 4, is_full_sort=False)  # 4 runs of 32 pairs
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    lst = asc.MrgSortSrcList(asc.float32, runs, runs[64:], runs[128:], runs[192:])
    asc.mrg_sort(merged, lst, [32, 32, c3, 32], [0, 0, 0, 0], valid_bit=valid, repeat_time=1)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(y_gm, merged, count=2 * N)
    asc.set_flag(asc.HardEvent.MTE3_V, 0)  # the sort overwrites what the copy reads
    asc.wait_flag(asc.HardEvent.MTE3_V, 0)
    asc.sort(merged, scores, index, tmp, 4, is_full_sort=True)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(z_gm, merged, count=2 * N)
    a, b, c, d = asc.get_mrg_sort_result()
    r_gm.set_value(0, a)
    r_gm.set_value(1, b)
    r_gm.set_value(2, c)
    r_gm.set_value(3, d)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def _unpack(out: np.ndarray):
    pairs = out.view(np.uint8).reshape(-1, 8)
    return pairs[:, :4].copy().view(np.float32).reshape(-1), pairs[:, 4:].copy().view(
        np.uint32
    ).reshape(-1)


@pytest.mark.parametrize("valid,queues", [(0b1111, 4), (0b111, 3), (0b11, 2)])
def test_sort_runs_then_merge(valid, queues):
    rng = np.random.default_rng(valid)
    x = rng.integers(-30, 30, N).astype(np.float32)  # ties: merge order decides
    idx = np.arange(N, dtype=np.uint32) + 1000
    y = np.zeros(2 * N, np.float32)
    z = np.zeros(2 * N, np.float32)
    r = np.zeros(4, np.uint16)
    sort_merge_kernel[1](x, idx, y, z, r, valid, 32)
    keys = []
    for q in range(queues):  # sorted runs, then merged: lower queue first on ties
        run = sorted(range(q * 32, q * 32 + 32), key=lambda i: -x[i])
        keys += [(-x[i], q, k, i) for k, i in enumerate(run)]
    keys.sort()
    order = [k[3] for k in keys]
    s, i = _unpack(y[: 2 * 32 * queues])
    np.testing.assert_array_equal(s, x[order])
    np.testing.assert_array_equal(i, idx[order])
    zs, zi = _unpack(z)  # the full sort: stable descending
    full = np.argsort(-x, kind="stable")
    np.testing.assert_array_equal(zs, x[full])
    np.testing.assert_array_equal(zi, idx[full])
    assert r.tolist() == [32] * queues + [0] * (4 - queues)


@asc.jit
def suspend_kernel(x: asc.GlobalAddress, r: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    r_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    r_gm.set_global_buffer(r)
    pipe = asc.TPipe()
    b1 = asc.TBuf(asc.TPosition.VECCALC)
    b2 = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b1, 64 * 8)
    pipe.init_buffer(b2, 64 * 8)
    src = b1.get(asc.float32)
    dst = b2.get(asc.float32)
    asc.data_copy(src, x_gm, count=128)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    lst = asc.MrgSortSrcList(asc.float32, src, src[64:], src, src)
    asc.mrg_sort(
        dst,
        lst,
        [32, 32, 0, 0],
        [0, 0, 0, 0],
        valid_bit=3,
        repeat_time=1,
        is_exhausted_suspension=True,
    )
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    a, b, c, d = asc.get_mrg_sort_result()
    r_gm.set_value(0, a)
    r_gm.set_value(1, b)
    r_gm.set_value(2, c)
    r_gm.set_value(3, d)


def test_exhausted_suspension_stops_at_the_first_empty_queue():
    # queue 0 holds the 32 largest scores: it runs out first, queue 1 gave nothing yet
    pairs = np.zeros((64, 2), np.float32)
    pairs[:32, 0] = np.arange(100, 68, -1)
    pairs[32:, 0] = np.arange(32, 0, -1)
    pairs[:, 1] = np.arange(64, dtype=np.uint32).view(np.float32)
    r = np.zeros(4, np.uint16)
    suspend_kernel[1](pairs.reshape(-1), r)
    assert r.tolist() == [32, 0, 0, 0]


def _ui16(name: str, value: int) -> str:
    return (
        f"%{name}_i = arith.constant {value} : i16\n"
        f"%{name} = builtin.unrealized_conversion_cast %{name}_i : i16 to ui16\n"
    )


@pytest.mark.parametrize("suspend", [False, True])
def test_merge_with_mrg_sort4_info(suspend):
    """MrgSort(dst, srcList, MrgSort4Info): queue 0 (16 pairs at element 0) and queue 1
    (8 pairs at element 32) of %b0 merged into %b1; the counts read back."""
    import simkit

    lt = "!ascendc.local_tensor<*xf32>"
    stores = "".join(
        _ui16(f"len{q}", n)
        + f"%at{q} = arith.constant {q} : index\n"
        + f"memref.store %len{q}, %el[%at{q}] : memref<4xui16>\n"
        for q, n in enumerate((16, 8, 0, 0))
    )
    body = (
        "%el = memref.alloca() : memref<4xui16>\n"
        + stores
        + _ui16("vb", 3)
        + _ui16("rep", 1)
        + f"""
        %susp = arith.constant {"true" if suspend else "false"}
        %info = ascendc.construct !ascendc.mrg_sort4_info(%el, %susp, %vb, %rep)
            : memref<4xui16>, i1, ui16, ui16
        %i32 = arith.constant 32 : i32
        %second = ascendc.local_tensor.subindex %b0[%i32] : {lt}, i32, {lt}
        %list = ascendc.construct !ascendc.mrg_sort_src_list<f32>(%b0, %second, %b0, %b0)
            : {lt}, {lt}, {lt}, {lt}
        ascendc.mrg_sort_with_info %b1, %list, %info
            : {lt}, !ascendc.mrg_sort_src_list<f32>, !ascendc.mrg_sort4_info
        %a, %b, %c, %d = ascendc.get_mrg_sort_result : ui16, ui16, ui16, ui16
        %i0 = arith.constant 0 : i32
        %i1 = arith.constant 1 : i32
        ascendc.local_tensor.set_value %b2, %i0, %a : !ascendc.local_tensor<*xui16>, i32, ui16
        ascendc.local_tensor.set_value %b2, %i1, %b : !ascendc.local_tensor<*xui16>, i32, ui16
        """
    )
    k = simkit.inout_kernel(body, ["float32", "float32", "uint16"])
    rng = np.random.default_rng(3)
    q0 = np.sort(rng.integers(-50, 50, 16).astype(np.float32))[::-1]
    q1 = np.sort(rng.integers(-50, 50, 8).astype(np.float32))[::-1]
    src = np.zeros(1024, np.float32)
    pairs = src.view(np.uint32)
    src[0:32:2], pairs[1:32:2] = q0, np.arange(16) + 100
    src[32:48:2], pairs[33:48:2] = q1, np.arange(8) + 200
    dst, counts = np.zeros(1024, np.float32), np.zeros(2048, np.uint16)
    k[1](src, dst, counts)
    keys = sorted([(-v, 0, j, 100 + j) for j, v in enumerate(q0)]
                  + [(-v, 1, j, 200 + j) for j, v in enumerate(q1)])  # fmt: skip
    if suspend:  # stops once a queue is used up
        seen, cut = [0, 0], len(keys)
        for n, key in enumerate(keys):
            seen[key[1]] += 1
            if seen[key[1]] == (16, 8)[key[1]]:
                cut = n + 1
                break
        keys = keys[:cut]
    got = dst[: 2 * len(keys)]
    np.testing.assert_array_equal(got[0::2], [-key[0] for key in keys])
    np.testing.assert_array_equal(got.view(np.uint32)[1::2], [key[3] for key in keys])
    assert counts[:2].tolist() == [sum(key[1] == q for key in keys) for q in (0, 1)]


def _info_merge_kernel(lengths, valid_bit: int, repeats: int, starts):
    """MrgSort4Info merge of %b0's queues at element offsets `starts` into %b1."""
    import simkit

    lt = "!ascendc.local_tensor<*xf32>"
    lines = ["%el = memref.alloca() : memref<4xui16>"]
    for q, n in enumerate(lengths):
        lines += [_ui16(f"len{q}", n), f"%at{q} = arith.constant {q} : index",
                  f"memref.store %len{q}, %el[%at{q}] : memref<4xui16>"]  # fmt: skip
    for q, start in enumerate(starts):
        lines += [
            f"%o{q} = arith.constant {start} : i32",
            f"%s{q}q = ascendc.local_tensor.subindex %b0[%o{q}] : {lt}, i32, {lt}",
        ]
    lines += [
        _ui16("vb", valid_bit),
        _ui16("rep", repeats),
        "%susp = arith.constant false",
        "%info = ascendc.construct !ascendc.mrg_sort4_info(%el, %susp, %vb, %rep)"
        " : memref<4xui16>, i1, ui16, ui16",
        "%list = ascendc.construct !ascendc.mrg_sort_src_list<f32>(%s0q, %s1q, %s2q, %s3q)"
        f" : {lt}, {lt}, {lt}, {lt}",
        f"ascendc.mrg_sort_with_info %b1, %list, %info : {lt}, "
        "!ascendc.mrg_sort_src_list<f32>, !ascendc.mrg_sort4_info",
    ]
    return simkit.inout_kernel("\n".join(lines), ["float32", "float32"])


def test_mrg_sort_repeats_over_contiguous_queues():
    """repeatTime 2: four queues of 8 pairs, twice; each repeat moves src and dst by
    the 32 pairs of its four queues."""
    rng = np.random.default_rng(9)
    src = np.zeros(1024, np.float32)
    pairs = src.view(np.uint32)
    want = []
    for r in range(2):
        keys = []
        for q in range(4):
            base = (r * 4 + q) * 8  # pair number of the queue's first pair
            run = np.sort(rng.integers(-20, 20, 8).astype(np.float32))[::-1]
            src[2 * base : 2 * base + 16 : 2] = run
            pairs[2 * base + 1 : 2 * base + 16 : 2] = np.arange(8) + 100 * (r * 4 + q)
            keys += [(-v, q, j, 100 * (r * 4 + q) + j) for j, v in enumerate(run)]
        want += sorted(keys)
    dst = np.zeros(1024, np.float32)
    _info_merge_kernel((8, 8, 8, 8), 0b1111, 2, (0, 16, 32, 48))[1](src, dst)
    np.testing.assert_array_equal(dst[0:128:2], [-k[0] for k in want])
    np.testing.assert_array_equal(dst.view(np.uint32)[1:128:2], [k[3] for k in want])


def test_mrg_sort_repeats_need_contiguous_equal_queues():
    from asc_xdsl.runtime.simulator import SimulatorError

    k = _info_merge_kernel((8, 8, 8, 8), 0b1111, 2, (0, 16, 48, 32))
    with pytest.raises(SimulatorError, match=r"repeatTime 2 needs four queues .* one after"):
        k[1](np.zeros(1024, np.float32), np.zeros(1024, np.float32))
