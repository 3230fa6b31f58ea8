"""`TQueBind.free_all_event()` (`que.FreeAllEvent()`): IR, Ascend C, and a run on the
simulator where queues are reused after it; its misuse is a located error."""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.runtime.simulator.errors import QueueError

N = 256


@asc.jit
def doubled(x: asc.GlobalAddress, y: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    pipe = asc.TPipe()
    qin = asc.TQue(asc.TPosition.VECIN, 2)
    qout = asc.TQueBind(asc.TPosition.VECOUT, asc.TPosition.GM, 2)
    pipe.init_buffer(que=qin, num=2, len=N * 4)
    pipe.init_buffer(que=qout, num=2, len=N * 4)
    for i in asc.static_range(3):
        a = qin.alloc_tensor(asc.float32)
        asc.data_copy(a, xg[i * N :], N)
        qin.enque(a)
        a = qin.deque(asc.float32)
        b = qout.alloc_tensor(asc.float32)
        asc.add(b, a, a, N)
        qout.enque(b)
        qin.free_tensor(a)
        b = qout.deque(asc.float32)
        asc.data_copy(yg[i * N :], b, N)
        qout.free_tensor(b)
        if i == 1:  # the buffers' events released, the queues used again after
            qin.free_all_event()
            qout.free_all_event()


def _inputs():
    x = np.arange(3 * N, dtype=np.float32) - 100
    return x, np.zeros_like(x)


def test_ir_and_ascend_c():
    compiled = doubled.compile(*_inputs(), always_compile=True)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert "ascendc.que_bind.free_all_event %qin : !ascendc.queue<vecin, 2>\n" in ir
    assert "ascendc.que_bind.free_all_event %qout : !ascendc.que_bind<vecout, gm, 2>\n" in ir
    # after the second tile's FreeTensor, before the third tile's AllocTensor
    assert (
        "  qout.FreeTensor(b_3);\n"
        "  qin.FreeAllEvent();\n"
        "  qout.FreeAllEvent();\n"
        "  AscendC::LocalTensor<float> a_4 = qin.AllocTensor<float>();\n"
    ) in cpp


@pytest.mark.parametrize("sanitize", ["off", "error"])
def test_queues_work_after_it_on_the_simulator(sanitize):
    x, y = _inputs()
    doubled[1](x, y, backend="cpu", sanitize=sanitize)
    np.testing.assert_array_equal(y, 2 * x)


@asc.jit
def still_enqueued(x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(que=q, num=2, len=N * 4)
    a = q.alloc_tensor(asc.float32)
    asc.data_copy(a, xg, N)
    q.enque(a)
    q.free_all_event()


def test_a_tensor_still_enqueued_is_an_error():
    with pytest.raises(QueueError, match=r"FreeAllEvent on queue q: 1 tensor\(s\) EnQue'd") as e:
        still_enqueued[1](np.zeros(N, np.float32), backend="cpu")
    assert "test_free_all_event.py:" in str(e.value)  # the call's source line


@asc.jit
def in_place_queue():
    q = asc.TQue(asc.TPosition.VECIN, 0)
    q.free_all_event()


def test_depth_zero_is_refused_at_the_call():
    with pytest.raises(CompileError, match="of depth at least 1") as e:
        in_place_queue.compile(always_compile=True)
    assert "q.free_all_event()" in str(e.value)
