"""`TBuf.get(dtype, len=None, shape=None)` with pyasc's `shape` (and its first form,
`get(dtype, shape)`): the tensor has the shape's size (`Get<T>(size)`) and keeps the
shape as `t.shape`; `TensorShape` itself; bad shapes are located errors."""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.language.core.types import TensorShape
from asc_xdsl.runtime.simulator.errors import TensorBoundsError


@asc.jit
def shaped(x: asc.GlobalAddress, y: asc.GlobalAddress, out: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32, shape=[16, 16])
    u = buf.get(asc.float32, (8, 16))  # pyasc's first form: get(dtype, shape)
    w = buf.get(asc.float32, 128, TensorShape(2, 64))
    whole = buf.get(asc.float32)
    og[0] = t.shape[0] * t.shape[1]
    og[1] = u.get_size()
    og[2] = w.shape[1]
    og[3] = whole.get_size()
    asc.data_copy(t, xg, t.shape.size())
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(yg, t, t.shape.size())


def _args():
    x = np.arange(256, dtype=np.float32) * 0.5
    return x, np.zeros_like(x), np.full(8, -1, np.int32)


def test_ir_and_ascend_c():
    compiled = shaped.compile(*_args(), always_compile=True)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    # the tensor type stays pyasc's (the shape is the Python value's, as in pyasc)
    assert "ascendc.tbuf.get_tensor %buf, %" in ir
    assert "!ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>, i32\n" in ir
    for line in (
        "AscendC::LocalTensor<float> t = buf.Get<float>(c256_i32);",
        "AscendC::LocalTensor<float> u = buf.Get<float>(c128_i32);",
        "AscendC::LocalTensor<float> w = buf.Get<float>(c128_i32);",
        "AscendC::LocalTensor<float> whole = buf.Get<float>();",
    ):
        assert f"  {line}\n" in cpp, line


def test_runs_on_the_simulator():
    x, y, out = _args()
    shaped[1](x, y, out, backend="cpu")
    np.testing.assert_array_equal(y, x)
    assert out[:4].tolist() == [256, 128, 64, 256]  # 1024 bytes: 256 floats


@asc.jit
def len_differs(buf):
    buf.get(asc.float32, 64, shape=[4, 8])


@asc.jit
def zero_extent(buf):
    buf.get(asc.float32, shape=[4, 0])


@asc.jit
def empty_shape(buf):
    buf.get(asc.float32, shape=[])


@asc.jit
def float_extent(buf):
    buf.get(asc.float32, shape=[4.0])


@asc.jit
def runtime_extent(buf):
    buf.get(asc.float32, shape=[asc.get_block_idx()])


@asc.jit
def with_buffer(get: asc.ConstExpr):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    get(buf)


@pytest.mark.parametrize(
    ("get", "message"),
    [
        (len_differs, r"len=64 but shape \(4, 8\) has 32"),
        (zero_extent, r"positive extents, got \(4, 0\)"),
        (empty_shape, r"positive extents, got \(\)"),
        (float_extent, "compile-time ints, got float 4.0"),
        (runtime_extent, "compile-time ints, got a runtime"),
    ],
)
def test_bad_shapes_are_located_errors(get, message):
    with pytest.raises(CompileError, match=message) as e:
        with_buffer.compile(get, always_compile=True)
    assert f"{get.fn.__name__}" in str(e.value) or "buf.get(" in str(e.value)
    assert "test_tbuf_shape.py:" in str(e.value)


@asc.jit
def runtime_len(n: int):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    buf.get(asc.float32, n, shape=[8])


def test_a_runtime_len_with_a_shape_is_an_error():
    with pytest.raises(CompileError, match=r"len=.* but shape \(8,\) has 8 elements"):
        runtime_len.compile(8, always_compile=True)


@asc.jit
def too_big():
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32, shape=[8, 16])
    asc.duplicate(t, 1.0, 128)


def test_a_shape_larger_than_the_buffer_fails_on_the_simulator():
    with pytest.raises(TensorBoundsError, match="128 elements of float32"):
        too_big[1](backend="cpu")


def test_tensor_shape():
    assert TensorShape() == () and TensorShape(None) == ()
    assert TensorShape(4) == (4,)
    assert TensorShape([2, 3]) == TensorShape(2, 3) == (2, 3)
    s = TensorShape(np.int64(5), 6)
    assert TensorShape(s) is s and s.size() == 30 and repr(s) == "TensorShape(5, 6)"
    assert TensorShape().size() == 1
    with pytest.raises(TypeError, match="compile-time ints, got str 'a'"):
        TensorShape("a")
    with pytest.raises(TypeError, match="compile-time ints, got bool True"):
        TensorShape(True)


@asc.jit
def auto_shapes(n: int):
    a = asc.LocalTensorAuto(asc.float16, [4, 16])
    b = asc.LocalTensorAuto(asc.float16, [n])
    asc.static_assert(a.shape == (4, 16) and a.shape.size() == 64, "static shape")
    asc.static_assert(b.shape is None, "a dynamic shape has none")
    asc.duplicate(a, 1.0, 64)
    asc.duplicate(b, 1.0, n)


def test_local_tensor_auto_keeps_a_static_shape():
    auto_shapes.compile(64, always_compile=True)  # the static_asserts hold
