"""insert-sync around a synchronous Matmul GetTensorC into a local tensor (pyasc's
tutorial 05, matmul + LeakyRelu, with its syncs stripped).

The Matmul client's GetTensorC<sync=true>(local) copies the block GM -> UB on MTE2 and
then sets and waits MTE2_V itself, so the vector op that reads the block next needs no
barrier (the race checker orders every library call like PIPE_ALL after it), and the
V_MTE3 pair before the copy-out covers the block too (V waited for MTE2). What is left
is the one PipeBarrier<PIPE_ALL> before GetTensorC: the previous iteration's LeakyRelu
(V) and DataCopy (MTE3) use the tensor the library's MTE2 copy overwrites, and nothing
orders MTE3 or V before a library call's pipes (docs/passes.md).
"""

from __future__ import annotations

import warnings

import numpy as np
from race_checks import clean

import asc_xdsl as asc

M, N, K, BASE_M, BASE_N = 32, 64, 16, 16, 32
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND


@asc.jit
def mm_relu(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
    hand: asc.ConstExpr[bool],
):
    """C = LeakyRelu(A @ B, 0.5), block by block, each AIV into its own C; `hand`: with
    the tutorial's EnQue/DeQue (else none: for insert-sync)."""
    a_g, b_g, c_g = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    a_g.set_global_buffer(a)
    b_g.set_global_buffer(b)
    c_g.set_global_buffer(c + asc.get_block_idx() * M * N)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=que, num=1, len=BASE_M * BASE_N * 4)
    matmul = asc.adv.Matmul(
        a=asc.adv.MatmulType(GM, ND, a_g.dtype),
        b=asc.adv.MatmulType(GM, ND, b_g.dtype),
        c=asc.adv.MatmulType(asc.TPosition.VECCALC, ND, c_g.dtype),
    )
    asc.adv.register_matmul(pipe, workspace, matmul, tiling)
    matmul.set_tensor_a(a_g)
    matmul.set_tensor_b(b_g)
    with matmul.iterate() as count:
        t = que.alloc_tensor(c.dtype)
        matmul.get_tensor_c(t, en_sequential_write=True)
        asc.leaky_relu(t, t, 0.5, count=BASE_M * BASE_N)
        if hand:
            que.enque(t)
            t = que.deque(c.dtype)
        at = count % (M // BASE_M) * BASE_M * N + count // (M // BASE_M) * BASE_N
        params = asc.DataCopyParams(
            block_count=BASE_M, block_len=BASE_N * 4 // 32, src_stride=0,
            dst_stride=(N - BASE_N) * 4 // 32,
        )  # fmt: skip
        asc.data_copy(c_g[at:], t, repeat_params=params)
        que.free_tensor(t)
    matmul.end()


def arguments():
    rng = np.random.default_rng(0)
    a = rng.integers(-4, 5, (M, K)).astype(np.float16)
    b = rng.integers(-4, 5, (K, N)).astype(np.float16)
    tiling = asc.adv.TCubeTiling(
        used_core_num=1, m=M, n=N, k_a=K, k_b=K, single_core_m=M, single_core_n=N,
        single_core_k=K, base_m=BASE_M, base_n=BASE_N, base_k=K, is_bias=0,
        iterate_order=0,
    )  # fmt: skip
    c = np.zeros((2, M, N), np.float32)
    return a, b, c, tiling, np.zeros(1024, np.uint8)


def syncs(text: str) -> list[str]:
    """The loop's synchronisation and the calls it sits between, in order."""
    keep = ("PipeBarrier", "SetFlag<", "WaitFlag<", "GetTensorC", "LeakyRelu", "DataCopy(")
    body = text[text.index("while (true)") :]
    return [ln.strip().split("(")[0] for ln in body.splitlines() if any(k in ln for k in keep)]


def test_one_barrier_before_get_tensor_c_and_none_after_it():
    a, b, c, tiling, ws = arguments()
    text = mm_relu.compile(a, b, c, tiling, ws, False, insert_sync=True).asm["ascendc"]
    assert syncs(text) == [
        "AscendC::PipeBarrier<PIPE_ALL>",
        "matmul.GetTensorC<c_true>",
        "AscendC::LeakyRelu<float, 1>",
        "AscendC::SetFlag<AscendC::HardEvent::V_MTE3>",
        "AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>",
        "AscendC::DataCopy",
    ]
    clean(mm_relu[1], a, b, c, tiling, ws, False, insert_sync=True)
    want = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_array_equal(c, [np.where(want >= 0, want, want * 0.5)] * 2)


def test_verify_sync_takes_get_tensor_c_as_synced_for_the_vector_op():
    """The hand-written loop: LeakyRelu and the copy-out after GetTensorC are ordered
    (the library's MTE2_V, then the queue's V_MTE3); what verify-sync still reports is
    the previous iteration's uses of the tensor before GetTensorC overwrites it."""
    a, b, c, tiling, ws = arguments()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        mm_relu.compile(a, b, c, tiling, ws, True, verify_sync=True)
    found = [str(w.message) for w in caught if "[ASC-W801]" in str(w.message)]
    heads = {f.split(": warning: ")[1].split(" and nothing")[0] for f in found}
    assert not any(
        h.startswith(("'ascendc.leaky_relu_l2'", "'ascendc.data_copy_l0' (pipe MTE3) reads"))
        for h in heads
    ), heads
    before = "'ascendc.matmul.get_tensor_c' (pipe ALL) overwrites memory that "
    assert f"{before}'ascendc.data_copy_l0' (pipe MTE3) reads in an earlier iteration," in heads
    assert f"{before}'ascendc.leaky_relu_l2' (pipe V) reads in an earlier iteration," in heads
