"""GetArchVersion, the HCCL contexts, a GlobalTensor's ShapeInfo, GetShapeSize, the
advanced API's Concat/Extract, DataCopyPadExtParams' defaults, ToFile, and the ops the
simulator refuses with a reason."""

import numpy as np
import pytest
import simkit

from asc_xdsl.runtime.simulator import SimulatorError, UnsupportedOpError

LT, GT = "!ascendc.local_tensor<*xi32>", "!ascendc.global_tensor<*xi32>"
SET0 = "%i0 = arith.constant 0 : i32\n"


def _i32_kernel(body: str, scalars: list[str] = (), **kw):
    """simkit.inout_kernel over one i32 buffer %b0, with the index %i0 = 0 set first."""
    return simkit.inout_kernel(SET0 + body, ["int32"], scalars, **kw)


def test_get_arch_version_writes_its_argument():
    k = simkit.inout_kernel(
        SET0
        + """
        ascendc.get_arch_version %s0 : ui32
        ascendc.local_tensor.set_value %b0, %i0, %s0 : {lt0}, i32, ui32
        """,
        ["uint32"],
        ["ui32"],
    )
    x = np.zeros(1024, np.uint32)
    k[1](x, 7)
    assert x[0] == 0x220


def test_global_shape_info_and_shape_size():
    k = _i32_kernel(
        f"""
        %a = arith.constant 3 : i32
        %b = arith.constant 5 : i32
        %c = arith.constant 7 : i32
        ascendc.global_tensor.set_shape_info_v2 %gt0, %a, %b, %c : {GT}, i32, i32, i32
        %i4 = arith.constant 4 : i32
        %sub = ascendc.global_tensor.subindex %gt0[%i4] : {GT}, i32, {GT}
        %info = ascendc.global_tensor.get_shape_info %sub : {GT}, !ascendc.shape_info
        %n = ascendc.get_shape_size %info : !ascendc.shape_info -> i32
        ascendc.local_tensor.set_value %b0, %i0, %n : {LT}, i32, i32
        """,
    )
    x = np.zeros(1024, np.int32)
    k[1](x)
    assert x[0] == 3 * 5 * 7


def test_hccl_contexts_are_kept_per_index():
    k = _i32_kernel(
        """
        %c0 = arith.constant 0 : i32
        %c1 = arith.constant 1 : i32
        %p = builtin.unrealized_conversion_cast %g0 : memref<?xi32, 22> to memref<?xui8, 22>
        ascendc.set_hccl_context %c1, %p : i32, memref<?xui8, 22>
        %q = ascendc.get_hccl_context %c1 : i32, memref<?xui8, 22>
        %bad = ascendc.get_hccl_context %c0 : i32, memref<?xui8, 22>
        """,
    )
    with pytest.raises(SimulatorError, match=r"GetHcclContext<0> before SetHcclContext<0>"):
        k[1](np.zeros(1024, np.int32))


@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_extract_splits_sorted_pairs(dtype):
    dt = np.dtype(dtype)
    lt = f"!ascendc.local_tensor<*x{simkit.mlir_type(dtype)}>"
    k = simkit.inout_kernel(
        f"""
        %n = arith.constant 2 : i32
        ascendc.sort32 %b1, %b0, %b2, %n : {lt}, {lt}, !ascendc.local_tensor<*xui32>, i32
        ascendc.extract %b3, %b4, %b1, %n : {lt}, !ascendc.local_tensor<*xui32>, {lt}, i32
        ascendc.concat %b5, %b3, %b1, %n : {lt}, {lt}, {lt}, i32
        """,
        [dtype, dtype, "uint32", dtype, "uint32", dtype],
    )
    rng = np.random.default_rng(5)
    cap = 4096 // dt.itemsize
    scores = rng.permutation(cap).astype(dt)
    index = np.arange(1024, dtype=np.uint32) + 100
    value_out, index_out = np.zeros(cap, dt), np.zeros(1024, np.uint32)
    concat = np.zeros(cap, dt)
    bufs = [scores, np.zeros(cap, dt), index, value_out, index_out, concat]
    k[1](*bufs)
    s = scores[:64].reshape(2, 32)
    order = np.argsort(-s.astype(np.float64), axis=1, kind="stable")
    np.testing.assert_array_equal(value_out[:64], np.take_along_axis(s, order, 1).reshape(-1))
    expect_index = np.take_along_axis(index[:64].reshape(2, 32), order, 1).reshape(-1)
    np.testing.assert_array_equal(index_out[:64], expect_index)
    assert not value_out[64:].any() and not index_out[64:].any()
    # Concat rebinds its destination to src: the buffer copied out is src's
    np.testing.assert_array_equal(concat, value_out)


def test_to_file_writes_the_tensor_bytes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    k = simkit.inout_kernel(
        f'ascendc.local_tensor.to_file %b0 {{fileName = "t.bin"}} : {LT}', ["int32"]
    )
    x = np.arange(1024, dtype=np.int32)
    k[1](x)
    np.testing.assert_array_equal(np.fromfile(tmp_path / "t.bin", np.int32), x)


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ("%pc = ascendc.get_program_counter : i64", "no program counter"),
        ("ascendc.rp_sort16 %b0, %b0, %i0 : {LT}, {LT}, i32", "not an Atlas A2/A3 instruction"),
    ],
)
def test_refused_ops_name_the_reason(body, reason):
    with pytest.raises(UnsupportedOpError, match=reason):
        k = _i32_kernel(body.replace("{LT}", LT))
        k[1](np.zeros(1024, np.int32))


def test_init_soc_state_resets_atomic_mode_and_mask():
    """After InitSocState: normal mask mode with every bit set (an op that does not set
    the mask covers its whole repeat) and no atomic add on the copy out."""
    lt = "!ascendc.local_tensor<*xf16>"
    un = "!ascendc.unary_repeat_params"
    k = simkit.inout_kernel(
        f"""
        %p = ascendc.construct {un}()
        %zero = arith.constant 0 : i32
        %one = arith.constant 1 : i32
        ascendc.set_atomic_add {{dtype = f16}}
        ascendc.set_mask_count
        ascendc.set_vector_mask_l1 %s0, %s1 {{dtype = f16, mode = 0 : i32}} : ui64, ui64
        ascendc.init_soc_state
        ascendc.abs_l0 %b0, %b0, %zero, %one, %p : {lt}, {lt}, i32, i32, {un}
        """,
        ["float16"],
        ["ui64", "ui64"],
    )
    x = -np.arange(2048, dtype=np.float16)
    want = x.copy()
    want[:128] = np.abs(want[:128])
    k[1](x, 0, 1)
    np.testing.assert_array_equal(x, want)


def test_print_rows_of_one_block(capsys):
    lt = "!ascendc.local_tensor<*xf32>"
    k = simkit.inout_kernel(
        f"""
        %n = arith.constant 11 : i32
        ascendc.local_tensor.print %b0, %n : {lt}, i32
        """,
        ["float32"],
    )
    x = np.arange(1024, dtype=np.float32) / 4
    k[1](x)
    out = capsys.readouterr().out.splitlines()
    values = [f"{v:g}" for v in x[:11]]
    assert out == [
        "[AIV Block 0/1] 0000 : " + " ".join(values[:8]) + " ",
        "[AIV Block 0/1] 0008 : " + " ".join(values[8:]) + " ",
    ]


def test_mrg_sort_of_a_default_src_list_names_the_empty_queue():
    lt = "!ascendc.local_tensor<*xf32>"
    counts, count_types = ", ".join(["%c16"] * 8), ", ".join(["i32"] * 8)
    segments = "operandSegmentSizes = array<i32: 1, 1, 4, 4, 1, 1>"
    k = simkit.inout_kernel(
        f"""
        %empty = ascendc.mrg_sort_src_list : !ascendc.mrg_sort_src_list<f32>
        %c16 = arith.constant 16 : i32
        %valid = arith.constant 3 : i16
        %rep = arith.constant 1 : i32
        ascendc.mrg_sort %b0, %empty, {counts}, %valid, %rep {{{segments}}} : {lt},
            !ascendc.mrg_sort_src_list<f32>, {count_types}, i16, i32
        """,
        ["float32"],
    )
    with pytest.raises(SimulatorError, match=r"sortList\[0\] is an empty LocalTensor"):
        k[1](np.zeros(1024, np.float32))


def test_pop_stack_buffer_is_the_ub_after_the_pipes_buffers():
    k = _i32_kernel(
        f"""
        %t = ascendc.local_tensor : {LT}
        ascendc.pop_stack_buffer veccalc %t : {LT}
        %n = ascendc.local_tensor.get_size %t : {LT}, i32
        %last = arith.subi %n, %s0 : i32
        %seven = arith.constant 7 : i32
        ascendc.local_tensor.set_value %t, %last, %seven : {LT}, i32, i32
        %back = ascendc.local_tensor.get_value %t, %last : {LT}, i32, i32
        %i1 = arith.constant 1 : i32
        ascendc.local_tensor.set_value %b0, %i0, %n : {LT}, i32, i32
        ascendc.local_tensor.set_value %b0, %i1, %back : {LT}, i32, i32
        """,
        ["i32"],
    )
    x = np.zeros(1024, np.int32)
    k[1](x, 1)
    ub = 192 * 1024
    assert x[0] == (ub - 128 - 4096) // 4  # one 4 KiB InitBuffer, the KFC message kept
    assert x[1] == 7


def test_pop_stack_buffer_with_no_ub_left():
    k = _i32_kernel(
        f"""
        %t = ascendc.local_tensor : {LT}
        ascendc.pop_stack_buffer veccalc %t : {LT}
        """,
        capacity=192 * 1024 - 128,
    )
    with pytest.raises(SimulatorError, match=r"PopStackBuffer: TPipe's buffers use 196480"):
        k[1](np.zeros(192 * 256 - 32, np.int32))


def test_atlas_inference_forms():
    """310P (arch 2002): PopStackBuffer runs to the UB's end (no KFC message kept),
    GetArchVersion is an error (its register value is unknown here)."""
    k = _i32_kernel(
        f"""
        %t = ascendc.local_tensor : {LT}
        ascendc.pop_stack_buffer veccalc %t : {LT}
        %n = ascendc.local_tensor.get_size %t : {LT}, i32
        ascendc.local_tensor.set_value %b0, %i0, %n : {LT}, i32, i32
        """,
    )
    x = np.zeros(1024, np.int32)
    k[1](x, platform="Ascend310P")
    assert x[0] == (256 * 1024 - 4096) // 4  # 310P: 256 KiB of UB
    arch = simkit.inout_kernel("ascendc.get_arch_version %s0 : ui32", ["uint32"], ["ui32"])
    with pytest.raises(SimulatorError, match=r"GetArchVersion on Ascend310P"):
        arch[1](np.zeros(1024, np.uint32), 0, platform="Ascend310P")


def test_concat_on_atlas_inference_is_refused():
    lt = "!ascendc.local_tensor<*xf32>"
    k = simkit.inout_kernel(
        f"""
        %n = arith.constant 1 : i32
        ascendc.concat %b1, %b0, %b1, %n : {lt}, {lt}, {lt}, i32
        """,
        ["float32", "float32"],
    )
    with pytest.raises(UnsupportedOpError, match=r"Concat on Ascend310P works on region"):
        k[1](
            np.zeros(1024, np.float32),
            np.zeros(1024, np.float32),
            platform="Ascend310P",
            sanitize="off",  # (its workspace is dst: refused before that matters)
        )
