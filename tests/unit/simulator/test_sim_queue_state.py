"""A queue's state on the simulator (the headers' usedCount and bufUsedCount):
GetTensorCountInQue, VacantInQue, HasTensorInQue, HasIdleBuffer as a queue of depth 2
with 2 buffers fills and drains."""

import numpy as np

import asc_xdsl as asc


@asc.jit
def states(out: asc.GlobalAddress):
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(que=q, num=2, len=256)
    o[0] = q.get_tensor_count_in_que()
    o[1] = q.vacant_in_que()
    o[2] = q.has_tensor_in_que()
    o[3] = q.has_idle_buffer()
    a = q.alloc_tensor(asc.float32)
    b = q.alloc_tensor(asc.float32)
    o[4] = q.has_idle_buffer()
    q.enque(a)
    q.enque(b)
    o[5] = q.get_tensor_count_in_que()
    o[6] = q.vacant_in_que()
    o[7] = q.has_tensor_in_que()
    c = q.deque(asc.float32)
    o[8] = q.get_tensor_count_in_que()
    q.free_tensor(c)
    o[9] = q.has_idle_buffer()
    d = q.deque(asc.float32)
    q.free_tensor(d)
    o[10] = q.has_tensor_in_que()


def test_queue_state_as_it_fills_and_drains():
    out = np.full(12, -1, np.int32)
    states[1](out, backend="cpu")
    assert out[:11].tolist() == [0, 1, 0, 1, 0, 2, 0, 1, 1, 1, 0]
