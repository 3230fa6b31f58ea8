"""ListTensorDesc / TensorDesc on the simulator: a packed list of GM tensors (the
headers' layout, built by `tensor_list`), its size, descriptions (rank, index, shape),
tensor addresses resolved to the launch's arrays (reads and writes land in them), and
the errors: a list that does not add up, an index past the list, GetDesc before
SetShapeAddr, an address outside the launch."""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.simulator import GmAccessError, SimulatorError
from asc_xdsl.runtime.simulator.tensor_list import pack_tensor_list, tensor_list


@asc.jit
def describe(lst: asc.GlobalAddress, out: asc.GlobalAddress, index: int):
    items = asc.ListTensorDesc(lst)
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    o[0] = items.get_size()
    d = asc.TensorDesc(asc.float32)
    d.set_shape_addr(0)
    items.get_desc(d, index)
    o[1] = d.get_dim()
    o[2] = d.get_shape(0)
    o[3] = d.get_shape(1)
    o[4] = d.get_index()
    g = d.get_data_obj()
    o[5] = g[1]
    o[6] = g.get_size()
    p = asc.GlobalTensor()
    p.set_global_buffer(items.get_data_ptr(index, asc.float32))
    p[0] = -1.0


def _arrays():
    return (
        np.arange(6, dtype=np.float32).reshape(2, 3),
        np.arange(8, dtype=np.float32).reshape(2, 4) + 10,
        np.arange(10, dtype=np.float32).reshape(5, 2) + 100,
    )


def test_the_packed_layout():
    words = pack_tensor_list([(2, 3), (5, 2)], [0x1000, 0x2000])
    assert words.tolist() == [56, 2, 2, 3, 2 | 1 << 32, 5, 2, 0x1000, 0x2000]


@pytest.mark.parametrize("index", [0, 2])
def test_descriptions_and_tensors_of_a_list(index):
    arrays = _arrays()
    out = np.zeros(8, np.float32)
    describe[1](tensor_list(arrays), out, index, backend="cpu")
    a = arrays[index]
    assert out[:7].tolist() == [3, 2, a.shape[0], a.shape[1], index, a.reshape(-1)[1], 4 * a.size]
    assert a.reshape(-1)[0] == -1.0  # written through the list's pointer
    assert all(b.reshape(-1)[0] != -1.0 for j, b in enumerate(arrays) if j != index)


@asc.jit
def misuse(lst: asc.GlobalAddress, out: asc.GlobalAddress, length: int, set_shape: int):
    items = asc.ListTensorDesc(lst, length, 3)
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    d = asc.TensorDesc(asc.float32)
    if set_shape:
        d.set_shape_addr(0)
    items.get_desc(d, 0)
    o[0] = d.get_shape(0)


def test_errors():
    arrays = _arrays()
    out = np.zeros(8, np.float32)
    lst = tensor_list(arrays)  # 3 tensors of rank 2: 8 + 3 * 3 * 8 + 3 * 8 = 104 bytes
    with pytest.raises(
        SimulatorError, match=r"holds 3 tensors in 104 bytes; shapeSize 3 and length 80"
    ):
        misuse[1](lst, out, 80, 1, backend="cpu")
    misuse[1](lst, out, 104, 1, backend="cpu")
    assert out[0] == 2
    with pytest.raises(SimulatorError, match="call SetShapeAddr first"):
        misuse[1](lst, out, 104, 0, backend="cpu")
    with pytest.raises(SimulatorError, match=r"index 3 of a list of 3 tensors"):
        describe[1](lst, out, 3, backend="cpu")
    stray = pack_tensor_list([(2, 3), (2, 4), (3, 3)], [a.ctypes.data for a in arrays[:2]] + [8])
    with pytest.raises(GmAccessError, match=r"address 0x8 is in no GM buffer of this launch"):
        describe[1](stray, out, 2, backend="cpu")
