"""The Python API of tensors and the TPipe/TQue/TBuf framework (compile only).

pyasc's classes as this slice has them: `GlobalTensor().set_global_buffer(x[, n])`,
`t[i:]` views, `t[i]`/`get_value`/`set_value`, `LocalTensor(dtype[, pos, addr,
tile_size])`, `TPipe().init_buffer(que, num, len)` / `init_buffer(buf=b, num=len)`,
`TQue(pos, depth).alloc_tensor/enque/deque/free_tensor`, `TBuf(pos).get(dtype[, len])`,
`get_with_offset(size, offset, dtype)`. Each builds its op (the `tensor` and
`framework` op families) and the exact Ascend C statement.
"""

import numpy as np
import pytest

import asc_xdsl as asc

X = np.zeros(256, np.float32)


@asc.jit
def tensors(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, n)
    tail = gx[128:]
    v = gx.get_value(3)
    gy.set_value(4, v)
    w = tail[5]
    gy[6] = w
    lt = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 256)
    part = lt[64:]
    lt.set_value(0, part.get_value(1))
    lt[2] = lt[3]
    empty = asc.LocalTensor(asc.float16)  # noqa: F841


@asc.jit
def framework(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 2)
    out = asc.TQue(asc.TPosition.VECOUT, 1)
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que, 2, 1024)
    pipe.init_buffer(out, 1, 1024)
    pipe.init_buffer(buf=buf, num=2048)
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    t = que.alloc_tensor(asc.float32)
    asc.data_copy(t, gx, 256)
    que.enque(t)
    d = que.deque(asc.float32)
    tmp = buf.get(asc.float32)
    ints = buf.get(asc.int32, 128)  # noqa: F841
    halves = buf.get_with_offset(64, 512, asc.float16)  # noqa: F841
    o = out.alloc_tensor(asc.float32)
    asc.add(o, d, tmp, 256)
    out.enque(o)
    que.free_tensor(d)
    r = out.deque(asc.float32)
    asc.data_copy(gx, r, 256)
    out.free_tensor(r)


def test_tensors():
    compiled = tensors.compile(X, X, 256, always_compile=True)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert "%tail = ascendc.global_tensor.subindex %gx[%" in ir
    assert "ascendc.local_tensor_v2 veccalc, %" in ir
    for line in (
        "AscendC::GlobalTensor<float> gx;",
        "gx.SetGlobalBuffer(x);",
        "gy.SetGlobalBuffer(y, n);",
        "AscendC::GlobalTensor<float> tail = gx[c128_i32];",
        "float v = gx.GetValue(c3_i32);",
        "gy.SetValue(c4_i32, v);",
        "float w = tail.GetValue(c5_i32);",  # t[i] reads an element
        "gy.SetValue(c6_i32, w);",  # t[i] = v writes one
        "AscendC::LocalTensor<float> lt = "
        "AscendC::LocalTensor<float>(AscendC::TPosition::VECCALC, v1, v2);",
        "AscendC::LocalTensor<float> part = lt[c64_i32];",
        "float v3 = part.GetValue(c1_i32);",
        "lt.SetValue(c0_i32, v3);",
        "AscendC::LocalTensor<half> empty;",
    ):
        assert f"  {line}\n" in cpp, line
    # The address and tile size of LocalTensor(pos, addr, tileSize) are uint32_t.
    assert "  uint32_t v1 = static_cast<uint32_t>(c0_i32);\n" in cpp


def test_framework():
    compiled = framework.compile(X, always_compile=True)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert "ascendc.pipe.init_buffer %pipe, %buf, %" in ir
    assert "%t = ascendc.que_bind.alloc_tensor %que : !ascendc.queue<vecin, 2>" in ir
    for line in (
        "AscendC::TPipe pipe;",
        "AscendC::TQue<AscendC::TPosition::VECIN, 2> que;",
        "AscendC::TQue<AscendC::TPosition::VECOUT, 1> out;",
        "AscendC::TBuf<AscendC::TPosition::VECCALC> buf;",
        "pipe.InitBuffer(que, c2_i32, c1024_i32);",
        "pipe.InitBuffer(out, c1_i32, c1024_i32);",
        "pipe.InitBuffer(buf, c2048_i32);",
        "AscendC::LocalTensor<float> t = que.AllocTensor<float>();",
        "que.EnQue(t);",
        "AscendC::LocalTensor<float> d = que.DeQue<float>();",
        "AscendC::LocalTensor<float> tmp = buf.Get<float>();",
        "AscendC::LocalTensor<int32_t> ints = buf.Get<int32_t>(c128_i32);",
        "AscendC::LocalTensor<half> halves = buf.GetWithOffset<half>(v1, v2);",
        "que.FreeTensor(d);",
        "out.FreeTensor(r);",
    ):
        assert f"  {line}\n" in cpp, line


@asc.jit
def queue_in_gm(x: asc.GlobalAddress):
    asc.TQue(asc.TPosition.GM, 1)


@asc.jit
def tbuf_in_gm(x: asc.GlobalAddress):
    # Declaring a TBuf at GM is valid Ascend C; giving it memory is not.
    asc.TPipe().init_buffer(asc.TBuf(asc.TPosition.GM), 1024)


@asc.jit
def local_tensor_in_gm(x: asc.GlobalAddress):
    asc.LocalTensor(asc.float32, asc.TPosition.GM, 0, 256)


@asc.jit
def alloc_without_dtype(x: asc.GlobalAddress):
    que = asc.TQue(asc.TPosition.VECIN, 1)
    que.alloc_tensor(256)


@asc.jit
def bind_to_a_number(x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(3)


@pytest.mark.parametrize(
    ("kernel", "message"),
    [
        (queue_in_gm, "queue position gm is not an on-chip buffer"),
        (tbuf_in_gm, "a TBuf at gm cannot be given memory"),
        (local_tensor_in_gm, "position gm is not an on-chip buffer"),
        (alloc_without_dtype, "TQue.alloc_tensor needs a dtype such as asc.float32"),
        (bind_to_a_number, "set_global_buffer needs a GlobalAddress kernel argument"),
    ],
)
def test_errors_name_the_call(kernel, message):
    with pytest.raises(asc.CompileError, match=message) as info:
        kernel.compile(X, always_compile=True)
    assert "test_api_tensor_framework.py" in str(info.value)


@asc.jit
def tbuf_in_gm_used(x: asc.GlobalAddress):
    t = asc.TBuf(asc.TPosition.GM).get(asc.float32)
    asc.duplicate(t, 1.0, 8)


def test_a_tbuf_at_gm_compiles_and_the_simulator_refuses_it_where_it_is_made():
    # The headers accept `TBuf<GM>` (only its InitBuffer aborts); it has no memory to run.
    cpp = tbuf_in_gm_used.compile(X, always_compile=True).asm["ascendc"]
    assert "AscendC::TBuf<AscendC::TPosition::GM>" in cpp
    from asc_xdsl.runtime.simulator.errors import UnsupportedOpError

    with pytest.raises(UnsupportedOpError, match="position GM has no on-chip memory") as info:
        tbuf_in_gm_used[1](np.zeros(8, np.float32))
    assert "test_api_tensor_framework.py" in str(info.value)
