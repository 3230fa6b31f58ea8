"""Whole kernels end to end: the examples on 1 and 8 blocks, control flow, data copies."""

from __future__ import annotations

import numpy as np
import pytest
import simkit

from asc_xdsl.runtime import get_backend

KERNELS = "tests/filecheck/backend/ascendc/kernels/"


def _vectors(n, seed=0):
    rng = np.random.default_rng(seed)
    return rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32), np.zeros(n, np.float32)


@pytest.mark.parametrize(
    "path", ["examples/vector_add_tque.mlir", KERNELS + "vector_add_tque.mlir"]
)
@pytest.mark.parametrize("blocks", [1, 8])
def test_vector_add_tque(path, blocks):
    k = simkit.kernel_file(path)
    n = 8 * 2048 * 2
    x, y, z = _vectors(n)
    k[blocks](x, y, z, n)
    np.testing.assert_array_equal(z, x + y)


MANUAL_FLAGS = KERNELS + "vector_add_manual_flags.mlir"
MANUAL_FLAGS_ARGS = (0, 4096, 8192, 1024)  # x, y, z UB addresses and the tile length
# The printer test's kernel has no V -> MTE2 pair: the next tile's copy-in may overwrite
# x_ub/y_ub while the add still reads them. With the pair the kernel is race free.
COPY_IN = "    ascendc.data_copy_l2 %x_ub, %x_tile"
V_MTE2 = "    ascendc.set_flag v_mte2, %event : i32\n    ascendc.wait_flag v_mte2, %event : i32\n"


@pytest.mark.parametrize("blocks", [1, 8])
def test_vector_add_manual_flags(blocks):
    k = simkit.kernel_file(MANUAL_FLAGS)
    n = 4 * 1024
    x, y, z = _vectors(n, 1)
    # each block adds all tiles (the kernel does not split by block): same result
    k[blocks](x, y, z, n, *MANUAL_FLAGS_ARGS, sanitize="off")  # its WAR: the next test
    np.testing.assert_array_equal(z, x + y)


def test_vector_add_manual_flags_race_and_its_fix():
    from asc_xdsl.runtime.simulator.sanitizer import RaceError

    n = 4 * 1024
    x, y, z = _vectors(n, 1)
    with pytest.raises(RaceError, match=r"write-after-read race \(WAR\): pipe MTE2 writes UB"):
        simkit.kernel_file(MANUAL_FLAGS)[1](x, y, z, n, *MANUAL_FLAGS_ARGS, sanitize="error")
    text = (simkit.ROOT / MANUAL_FLAGS).read_text()
    assert text.count(COPY_IN) == 1
    fixed = simkit.kernel(text.replace(COPY_IN, V_MTE2 + COPY_IN))
    fixed[1](x, y, z, n, *MANUAL_FLAGS_ARGS, sanitize="error")  # (one block's kernel)
    np.testing.assert_array_equal(z, x + y)


@pytest.mark.parametrize("blocks", [1, 8])
def test_metrics_prof_region_kernel(blocks):
    k = simkit.kernel_file(KERNELS + "metrics_prof_region.mlir")
    x = np.linspace(-2, 2, 1024, dtype=np.float32)
    z = np.zeros(1024, np.float32)
    # a one-block kernel: on 8 blocks each writes all of z (the same values), a race the
    # profile test is not about
    k[blocks](x, z, np.float32(0.5), sanitize="off")
    np.testing.assert_allclose(z, np.exp(x) * np.float32(0.5), rtol=1e-6)


def test_block_order_does_not_matter():
    k = simkit.kernel_file("examples/vector_add_tque.mlir")
    n = 8 * 2048
    x, y, _ = _vectors(n, 2)
    outs = []
    for order in ("ascending", "descending", "random"):
        z = np.zeros(n, np.float32)
        k[8](x, y, z, n, block_order=order)
        outs.append(z)
    assert all(np.array_equal(outs[0], o) for o in outs)


def test_default_backend_is_the_simulator():
    assert get_backend().name == "cpu"


def test_torch_tensors():
    torch = pytest.importorskip("torch")
    k = simkit.kernel_file("examples/vector_add_tque.mlir")
    n = 2 * 2048
    x, y = torch.rand(n), torch.rand(n)
    z = torch.zeros(n)
    k[2](x, y, z, n)
    assert torch.equal(z, x + y)


CONTROL_FLOW = """
func.func @helper(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  return %s : i32
}

func.func @flow(%out: memref<?xi32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %m7 = arith.constant -7 : i32
  // sum of 0..n-1 with iter_args over an i32 induction variable
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %next = func.call @helper(%acc, %i) : (i32, i32) -> i32
    scf.yield %next : i32
  }
  // collatz steps of n with scf.while and scf.if with results
  %steps, %last = scf.while (%s = %c0, %v = %n) : (i32, i32) -> (i32, i32) {
    %gt = arith.cmpi sgt, %v, %c1 : i32
    scf.condition(%gt) %s, %v : i32, i32
  } do {
  ^bb0(%s2: i32, %v2: i32):
    %r = arith.remsi %v2, %c2 : i32
    %even = arith.cmpi eq, %r, %c0 : i32
    %nv = scf.if %even -> (i32) {
      %h = arith.divsi %v2, %c2 : i32
      scf.yield %h : i32
    } else {
      %t = arith.muli %v2, %c2 : i32
      %t2 = arith.addi %t, %v2 : i32
      %t3 = arith.addi %t2, %c1 : i32
      scf.yield %t3 : i32
    }
    %s3 = arith.addi %s2, %c1 : i32
    scf.yield %s3, %nv : i32, i32
  }
  %q = arith.divsi %m7, %c2 : i32
  %rm = arith.remsi %m7, %c2 : i32
  %p = emitasc.ptr_offset %out[%idx] : memref<?xi32, 22>, memref<?xi32, 22>
  %idx = arith.constant 1 : index
  %gm = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %gm, %p : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 1 : i32
  %k2 = arith.constant 2 : i32
  %k3 = arith.constant 3 : i32
  ascendc.global_tensor.set_value %gm, %k0, %sum : !ascendc.global_tensor<*xi32>, i32, i32
  ascendc.global_tensor.set_value %gm, %k1, %steps : !ascendc.global_tensor<*xi32>, i32, i32
  ascendc.global_tensor.set_value %gm, %k2, %q : !ascendc.global_tensor<*xi32>, i32, i32
  ascendc.global_tensor.set_value %gm, %k3, %rm : !ascendc.global_tensor<*xi32>, i32, i32
  return
}
"""


def test_control_flow_calls_and_c_division():
    text = CONTROL_FLOW.replace(
        "  %p = emitasc.ptr_offset %out[%idx] : memref<?xi32, 22>, memref<?xi32, 22>\n  %idx = arith.constant 1 : index\n",
        "  %idx = arith.constant 1 : index\n  %p = emitasc.ptr_offset %out[%idx] : memref<?xi32, 22>, memref<?xi32, 22>\n",
    )
    k = simkit.kernel(text, "flow")
    out = np.zeros(6, np.int32)
    k[1](out, 6)
    assert out.tolist() == [0, 15, 8, -3, -1, 0]  # collatz(6) takes 8 steps; C: -7/2=-3, -7%2=-1


def test_integer_wraparound():
    text = """
func.func @wrap(%out: memref<?xi32, 22>, %a: i32) attributes {ascendc.aicore, ascendc.global} {
  %big = arith.constant 2147483647 : i32
  %s = arith.addi %a, %big : i32
  %gm = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %gm, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
  %c0 = arith.constant 0 : i32
  ascendc.global_tensor.set_value %gm, %c0, %s : !ascendc.global_tensor<*xi32>, i32, i32
  return
}
"""
    out = np.zeros(8, np.int32)
    simkit.kernel(text, "wrap")[1](out, 1)
    assert out[0] == -(2**31)


# -- data copies -----------------------------------------------------------------------

LT, GT = "{lt_out0}", "{gt_in0}"


def test_data_copy_params_strided():
    # 4 bursts of 2 blocks (16 floats); src gap 1 block (8 floats), dst gap 0
    k = simkit.op_kernel(
        """
        %c4 = arith.constant 4 : i32
        %c2 = arith.constant 2 : i32
        %c1 = arith.constant 1 : i32
        %c0 = arith.constant 0 : i32
        %p = ascendc.construct !ascendc.data_copy_params(%c4, %c2, %c1, %c0) : i32, i32, i32, i32
        ascendc.data_copy_l0 %out0, %in0_gm, %p : {lt_out0}, {gt_in0}, !ascendc.data_copy_params
        """,
        ["float32"],
        ["float32"],
    )
    x = np.arange(1024, dtype=np.float32)
    out = np.zeros(1024, np.float32)
    k[1](x, out, 0)
    want = np.concatenate([x[k * 24 : k * 24 + 16] for k in range(4)])
    np.testing.assert_array_equal(out[:64], want)
    assert (out[64:] == 0).all()


def test_data_copy_pad_gm_to_ub():
    # 3 bursts of 5 floats (20 B), GM stride 4 B; pads 1 left and 1 right with 9.0
    k = simkit.op_kernel(
        """
        %cnt = arith.constant 3 : i32
        %len = arith.constant 20 : i32
        %ss = arith.constant 4 : i32
        %ds = arith.constant 0 : i32
        %p = ascendc.construct !ascendc.data_copy_ext_params(%cnt, %len, %ss, %ds) : i32, i32, i32, i32
        %t = arith.constant true
        %one = arith.constant 1 : i32
        %nine = arith.constant 9.0 : f32
        %pp = ascendc.construct !ascendc.data_copy_pad_ext_params<f32>(%t, %one, %one, %nine) : i1, i32, i32, f32
        ascendc.data_copy_pad_l0_ext %out0, %in0_gm, %p, %pp : {lt_out0}, {gt_in0}, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f32>
        """,
        ["float32"],
        ["float32"],
    )
    x = np.arange(1, 1025, dtype=np.float32)
    out = np.zeros(1024, np.float32)
    k[1](x, out, 0)
    for b in range(3):
        burst = out[b * 8 : b * 8 + 8]
        assert burst[0] == 9 and burst[6] == 9 and burst[7] == 0
        np.testing.assert_array_equal(burst[1:6], x[b * 6 : b * 6 + 5])


def test_data_copy_pad_ub_to_gm():
    # 2 bursts of 3 floats (12 B); UB bursts 32 B apart, GM bursts 16 B apart
    text = simkit.op_kernel(
        """
        %cnt = arith.constant 2 : i32
        %len = arith.constant 12 : i32
        %ss = arith.constant 0 : i32
        %ds = arith.constant 4 : i32
        %p = ascendc.construct !ascendc.data_copy_ext_params(%cnt, %len, %ss, %ds) : i32, i32, i32, i32
        %g = ascendc.global_tensor : {gt_in0}
        ascendc.global_tensor.set_global_buffer %g, %dst : {gt_in0}, memref<?xf32, 22>
        ascendc.data_copy_pad_l2_ext %g, %in0, %p : {gt_in0}, {lt_in0}, !ascendc.data_copy_ext_params
        """.replace("%dst", "%s0"),
        ["float32"],
        [],
        scalars=["memref<?xf32, 22>"],
    )
    x = np.arange(1024, dtype=np.float32)
    gm = np.full(16, -1, np.float32)
    text[1](x, gm, 0)
    assert gm[:8].tolist() == [0, 1, 2, -1, 8, 9, 10, -1]


def test_ub_to_ub_copy_and_aliasing_tensors():
    # local_tensor_v2 at the address of a TBuf tensor aliases its bytes
    k = simkit.op_kernel(
        """
        %alias = ascendc.local_tensor_v2 veccalc, %s0, %s1 : {lt_in0}
        %c64 = arith.constant 64 : i32
        ascendc.data_copy_l2 %out0, %alias, %c64 : {lt_out0}, {lt_in0}, i32
        """,
        ["float32"],
        ["float32"],
        scalars=["ui32", "ui32"],
    )
    x = np.arange(1024, dtype=np.float32)
    out = np.zeros(1024, np.float32)
    k[1](x, out, 0, 1024, 0)
    np.testing.assert_array_equal(out[:64], x[:64])


def test_python_kernel_through_the_frontend():
    from sim_jit_kernels import scale_tiles

    x = np.arange(8 * 256, dtype=np.float32)
    scale_tiles[4](x, x.size, 256)
    np.testing.assert_array_equal(x, np.arange(8 * 256, dtype=np.float32) * 2)


def test_bf16_duplicate_and_cast():
    k = simkit.op_kernel(
        """
        ascendc.duplicate_l2 %out0, %s0, %n : {lt_out0}, bf16, i32
        ascendc.cast_l2 %out1, %in0, %n {{roundMode = 1 : i32}} : {lt_out1}, {lt_in0}, i32
        """,
        ["float32"],
        ["bf16", "bf16"],
        scalars=["bf16"],
    )
    # bf16 GM parameters take their raw bits as uint16 arrays
    x = np.array([1.0, 1.00390625, 3.14159, -2.5] + [0.0] * 1020, np.float32)
    o0, o1 = np.zeros(2048, np.uint16), np.zeros(2048, np.uint16)
    k[1](x, o0, o1, 1.5, 4)
    assert (o0[:4] == 0x3FC0).all()  # 1.5 in bf16
    f = (o1[:4].astype(np.uint32) << 16).view(np.float32)
    assert f.tolist() == [1.0, 1.0, 3.140625, -2.5]  # 1 + 2^-8 ties to even -> 1.0


def test_dump_local_tensor_and_acc_chk_point(capsys):
    k = simkit.op_kernel(
        """
        %d = arith.constant 3 : i32
        %sz = arith.constant 3 : i32
        %off = arith.constant 2 : i32
        %big = arith.constant 1030 : i32
        ascendc.dump_tensor %in0, %d, %sz : {lt_in0}, i32, i32
        ascendc.dump_acc_chk_point %in0, %d, %off, %sz : {lt_in0}, i32, i32, i32
        ascendc.dump_tensor %in0, %d, %big : {lt_in0}, i32, i32
        """,
        ["int32"],
        [],
    )
    k[1](np.arange(1024, dtype=np.int32), 0)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "[AIV Block 0/1] DumpTensor: desc=3, addr=0, data_type=int32, position=UB, dump_size=3"
    )
    assert lines[1] == "[AIV Block 0/1] [0, 1, 2]"
    assert lines[2].endswith("addr=8, data_type=int32, position=UB, dump_size=3")
    assert lines[3] == "[AIV Block 0/1] [2, 3, 4]"
    assert lines[-1] == "[AIV Block 0/1] data is not enough."


@pytest.mark.parametrize(
    ("set_pad", "first_is_pad", "want"),
    [(False, False, 0.0), (True, False, 7.0), (False, True, 9.0)],
)
def test_data_copy_pad_without_is_pad_uses_the_pad_register(set_pad, first_is_pad, want):
    """isPad=false pads with the MOV_PAD register: what SetPadValue set, or the
    paddingValue of an earlier isPad=true DataCopyPad, else 0."""
    setter = (  # pos 12: TPosition::MAX (not used on Atlas A2/A3)
        "%seven = arith.constant 7.0 : f32\nascendc.set_pad_value %seven {{pos = 12 : i32}} : f32"
        if set_pad
        else ""
    )
    k = simkit.op_kernel(
        setter
        + """
        %cnt = arith.constant 1 : i32
        %len = arith.constant 20 : i32
        %z = arith.constant 0 : i32
        %p = ascendc.construct !ascendc.data_copy_ext_params(%cnt, %len, %z, %z) : i32, i32, i32, i32
        %f = arith.constant false
        %first = arith.constant FIRST
        %one = arith.constant 1 : i32
        %nine = arith.constant 9.0 : f32
        %p0 = ascendc.construct !ascendc.data_copy_pad_ext_params<f32>(%first, %one, %one, %nine) : i1, i32, i32, f32
        %pp = ascendc.construct !ascendc.data_copy_pad_ext_params<f32>(%f, %one, %one, %nine) : i1, i32, i32, f32
        ascendc.data_copy_pad_l0_ext %out0, %in0_gm, %p, %p0 : {lt_out0}, {gt_in0}, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f32>
        ascendc.pipe_barrier pipe_mte2
        ascendc.data_copy_pad_l0_ext %out0, %in0_gm, %p, %pp : {lt_out0}, {gt_in0}, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f32>
        """.replace("FIRST", "true" if first_is_pad else "false"),
        ["float32"],
        ["float32"],
    )
    x = np.arange(1, 1025, dtype=np.float32)
    out = np.full(1024, -1.0, np.float32)
    k[1](x, out, 0)
    assert out[0] == want and out[6] == want
    np.testing.assert_array_equal(out[1:6], x[:5])
