"""Methods made from member-op specs (`LocalTensor.get_size`, `TPipe.reset`, ...): a
spec whose Python name is `<Class>.<method>` is a method of that class of the
language, its object the op's first operand (compile only, exact Ascend C)."""

import numpy as np
import pytest

import asc_xdsl as asc

X = np.zeros(256, np.float32)


@asc.jit
def tensor_and_pipe_methods(x: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    n = t.get_size()
    t.set_size(128)
    t.set_user_tag(3)
    info = t.get_shape_info()
    t.set_shape_info(info)
    a = t.get_phy_addr()
    pos = t.get_position()
    pipe = asc.TPipe()
    pipe.init()
    pipe.reset()
    pipe.destroy()
    asc.printf("%d %d %d %lu\n", n, pos, t.get_length(), a)


def test_member_methods():
    compiled = tensor_and_pipe_methods.compile(X, always_compile=True)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert "ascendc.local_tensor.get_size %t : !ascendc.local_tensor<*xf32>, ui32" in ir
    for line in (
        "uint32_t n = t.GetSize();",
        "t.SetSize(c128_i32);",
        "t.SetUserTag(c3_i32);",
        # a struct result is a value other APIs take
        "AscendC::ShapeInfo info = t.GetShapeInfo();",
        "t.SetShapeInfo(info);",
        "uint64_t a = reinterpret_cast<uint64_t>(t.GetPhyAddr());",
        "int32_t pos = t.GetPosition();",
        "pipe.Init();",
        "pipe.Reset();",
        "pipe.Destroy();",
    ):
        assert f"  {line}\n" in cpp, line


def test_methods_are_installed_from_the_index():
    for cls, name in (
        (asc.LocalTensor, "get_user_tag"),
        (asc.LocalTensor, "to_file"),
        (asc.GlobalTensor, "set_shape_info"),
        (asc.TPipe, "destroy"),
    ):
        assert callable(getattr(cls, name)), (cls, name)
    # a method the class writes itself is kept
    assert asc.LocalTensor.get_value.__module__ == "asc_xdsl.language.core.tensor"


@asc.jit
def method_wrong_argument(x: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    t.set_shape_info(3)


def test_method_wrong_argument_is_located():
    with pytest.raises(asc.CompileError, match="set_shape_info: shape_info must be a"):
        method_wrong_argument.compile(X, always_compile=True)


@asc.jit
def events_and_queue_state(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(que, 2, 1024)
    ev = pipe.alloc_event_id(asc.HardEvent.MTE2_V)
    nxt = pipe.fetch_event_id()
    pipe.release_event_id(ev, asc.HardEvent.MTE2_V)
    asc.printf(
        "%d %d %d %d\n",
        nxt,
        que.get_tensor_count_in_que(),
        que.has_idle_buffer(),
        que.vacant_in_que(),
    )


def test_event_ids_and_queue_state():
    cpp = events_and_queue_state.compile(X, always_compile=True).asm["ascendc"]
    for line in (
        "int32_t ev = pipe.AllocEventID<AscendC::HardEvent::MTE2_V>();",
        "int32_t nxt = pipe.FetchEventID<AscendC::HardEvent::V_S>();",
        "pipe.ReleaseEventID<AscendC::HardEvent::MTE2_V>(ev);",
        "int32_t v1 = que.GetTensorCountInQue();",
        "bool v2 = que.HasIdleBuffer();",
        "bool v3 = que.VacantInQue();",
    ):
        assert f"  {line}\n" in cpp, line
