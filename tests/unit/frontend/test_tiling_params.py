"""Tiling structs as kernel parameters (pyasc's `tiling: asc.adv.TCubeTiling`): a GM
pointer to the host record's bytes, copied into the kernel once (`emitasc.copy_struct`);
members read (`tiling.m`) and written by their snake_case names (`emitasc.member` /
`set_member`); `ceildiv` on runtime integers and `asc.ceildiv`."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.lib import host


def _tiling(**members: int) -> asc.adv.TCubeTiling:
    t = asc.adv.TCubeTiling()
    for name, value in members.items():
        setattr(t, name, value)
    return t


@asc.jit
def read_members(out: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    g.set_value(0, tiling.m)
    g.set_value(1, tiling.used_core_num)
    g.set_value(2, tiling.is_bias)
    g.set_value(3, tiling.k_a * 2)
    g.set_value(4, tiling.batch_num)


def test_struct_parameter_ir():
    out = np.zeros(8, np.int32)
    ir = read_members.compile(out, _tiling(), always_compile=True).asm["ir"]
    assert (
        "func.func @read_members(%out: memref<?xi32, 22 : i64>, "
        "%tiling: memref<?x!ascendc.cube_tiling, 22 : i64>)"
    ) in ir
    assert (
        "    %tiling_local = emitasc.copy_struct %tiling : "
        "memref<?x!ascendc.cube_tiling, 22 : i64>, !ascendc.cube_tiling\n"
    ) in ir
    for member in ("M", "usedCoreNum", "isBias", "Ka", "BatchNum"):
        assert f' = emitasc.member %tiling_local "{member}" : !ascendc.cube_tiling, i32\n' in ir


def test_struct_parameter_ascendc():
    out = np.zeros(8, np.int32)
    cpp = read_members.compile(out, _tiling(), always_compile=True).asm["ascendc"]
    assert (
        'extern "C" __global__ __aicore__ void read_members(__gm__ int32_t* out, '
        "__gm__ TCubeTiling* tiling) {"
    ) in cpp
    assert (
        "  TCubeTiling tiling_local;\n"
        "  for (size_t i = 0; i < sizeof(tiling_local); i++) {\n"
        "    auto byte = reinterpret_cast<__gm__ uint8_t*>(tiling)[i];\n"
        "    reinterpret_cast<uint8_t*>(&tiling_local)[i] = byte;\n"
        "  };\n"
    ) in cpp
    assert "  int32_t v1 = tiling_local.M;\n  g.SetValue(c0_i32, v1);\n" in cpp
    assert "tiling_local.usedCoreNum;" in cpp and "tiling_local.BatchNum;" in cpp


def test_struct_parameter_values_on_the_simulator():
    out = np.zeros(8, np.int32)
    tiling = _tiling(m=128, used_core_num=24, is_bias=1, k_a=-7, batch_num=2**31 - 1)
    read_members[1](out, tiling)
    assert out.tolist() == [128, 24, 1, -14, 2**31 - 1, 0, 0, 0]


def test_pack_is_the_cpp_layout():
    tiling = _tiling(used_core_num=3, m=5, batch_num=9, mx_type_para=-1)
    data = np.frombuffer(tiling.pack(), np.int32)
    assert data.shape == (50,)  # 50 int32_t members, no padding
    assert data[:3].tolist() == [3, 5, 0] and data[48] == 9 and data[49] == -1
    assert not data[2:48].any()


@asc.jit(inline=False)
def n_blocks(t: asc.adv.TCubeTiling):
    return t.n.ceildiv(t.single_core_n)


@asc.jit
def write_members(out: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    tiling.m = tiling.m + 1
    tiling.base_k += 10
    g.set_value(0, tiling.m)
    g.set_value(1, tiling.base_k)
    g.set_value(2, n_blocks(tiling))
    built = asc.adv.TCubeTiling(5, 6)  # usedCoreNum, M; the rest zero
    built.n = 9
    g.set_value(3, built.m)
    g.set_value(4, built.n)
    g.set_value(5, built.base_m)


def test_member_writes_and_device_functions():
    out = np.zeros(8, np.int32)
    tiling = _tiling(m=100, base_k=1, n=30, single_core_n=8)
    compiled = write_members.compile(out, tiling, always_compile=True)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert 'emitasc.set_member %tiling_local "M", ' in ir
    assert (
        " = func.call @n_blocks(%tiling_local) {no_inline} : (!ascendc.cube_tiling) -> i32\n" in ir
    )
    # A device function, in the Ascend C too (the pipeline's `inline` keeps it).
    assert "int32_t n_blocks(TCubeTiling t) {" in cpp
    assert " = n_blocks(tiling_local);\n" in cpp
    assert "  tiling_local.M = v2;\n" in cpp
    assert "  TCubeTiling built{c5_i32, c6_i32};\n" in cpp
    write_members[1](out, tiling)
    assert out.tolist() == [101, 11, 4, 6, 9, 0, 0, 0]
    assert tiling.m == 100  # the kernel changed its own copy


def test_the_record_is_not_shared_between_launches():
    out = np.zeros(8, np.int32)
    tiling = _tiling(m=1)
    read_members[1](out, tiling)
    tiling.m = 2
    read_members[1](out, tiling)  # a cache hit reads the new value
    assert out[0] == 2


# -- the matmul tutorials' offsets, per block ------------------------------------------


@asc.jit
def tutorial_offsets(out: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    # pyasc's tutorial 04 calc_offsets, one row of results per block
    block_idx = asc.get_block_idx()
    m_single_blocks = tiling.m.ceildiv(tiling.single_core_m)
    n_index = block_idx // m_single_blocks
    m_index = block_idx % m_single_blocks
    tail_m = tiling.m - m_index * tiling.single_core_m
    if tail_m <= 0 or tail_m >= tiling.single_core_m:
        tail_m = tiling.single_core_m
    g = asc.GlobalTensor()
    g.set_global_buffer(out + block_idx * 4)
    g.set_value(0, m_index * tiling.k_a * tiling.single_core_m)
    g.set_value(1, n_index * tiling.single_core_n)
    g.set_value(2, m_index * tiling.n * tiling.single_core_m + n_index * tiling.single_core_n)
    g.set_value(3, tail_m)


def test_tutorial_offsets_with_a_host_tiling():
    m, n, k = 200, 512, 64
    t = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    t.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    t.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    t.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    t.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    t.set_dim(8)
    t.set_org_shape(m, n, k)
    t.set_shape(m, n, k)
    tiling = asc.adv.TCubeTiling()
    assert t.get_tiling(tiling) == 0
    blocks = tiling.used_core_num
    out = np.zeros(blocks * 4, np.int32)
    tutorial_offsets[blocks](out, tiling)
    sm, sn = tiling.single_core_m, tiling.single_core_n
    m_blocks = -(-m // sm)
    want = []
    for b in range(blocks):
        mi, ni = b % m_blocks, b // m_blocks
        tail = m - mi * sm
        want.append([mi * k * sm, ni * sn, mi * n * sm + ni * sn, tail if 0 < tail < sm else sm])
    assert out.reshape(blocks, 4).tolist() == want
    assert blocks > 1 and any(row[3] != sm for row in want)  # the shape has a tail block


# -- ceildiv ----------------------------------------------------------------------------


@asc.jit
def ceildivs(out: asc.GlobalAddress, a: int, b: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    g.set_value(0, a.ceildiv(b))
    g.set_value(1, asc.ceildiv(a, b))
    g.set_value(2, asc.ceildiv(a, 4))
    g.set_value(3, asc.ceildiv(10, 4))  # two Python ints: folded


@pytest.mark.parametrize(
    ("a", "b"), [(7, 2), (8, 2), (-7, 2), (7, -2), (-7, -2), (0, 5), (1, 1), (-6, 4)]
)
def test_runtime_ceildiv_is_the_ceiling(a, b):
    out = np.zeros(4, np.int32)
    ceildivs[1](out, a, b)
    ceiling = -(-a // b)
    assert out.tolist() == [ceiling, ceiling, -(-a // 4), 3]


def test_ceildiv_ir_and_ascendc():
    compiled = ceildivs.compile(np.zeros(4, np.int32), 7, 2, always_compile=True)
    ir = compiled.asm["ir"]
    assert ir.count("arith.ceildivsi %a, %b : i32") == 2
    assert "arith.ceildivsi %a, %" in ir
    cpp = compiled.asm["ascendc"]
    assert "(a / b) + (((a % b) != 0) && ((a < 0) == (b < 0)))" in cpp
    assert "g.SetValue(c3_i32, c3_i32);" in cpp  # ceildiv(10, 4) == 3, folded


def test_host_ceildiv_is_pyascs():
    assert asc.ceildiv(10, 4) == 3 and asc.ceildiv(8, 4) == 2 and asc.ceildiv(0, 4) == 0
    from asc_xdsl.language.core.utils import ceildiv

    assert ceildiv is asc.ceildiv


@asc.jit
def unsigned_ceildiv(out: asc.GlobalAddress, tiling: asc.adv.SoftmaxTiling):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    g.set_value(0, tiling.src_m.ceildiv(tiling.src_k))


def test_unsigned_ceildiv():
    out = np.zeros(2, np.uint32)
    tiling = asc.adv.SoftmaxTiling()
    tiling.src_m, tiling.src_k = 2**31 - 1, 16
    compiled = unsigned_ceildiv.compile(out, tiling, always_compile=True)
    assert "arith.ceildivui" in compiled.asm["ir"]
    unsigned_ceildiv[1](out, tiling)
    assert out[0] == -(-(2**31 - 1) // 16)


# -- errors ------------------------------------------------------------------------------


@asc.jit
def bad_member(out: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    g.set_value(0, tiling.not_a_member)


@asc.jit
def bad_member_write(out: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    tiling.not_a_member = 1


@asc.jit
def bad_attribute_write(out: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.size = 4


@asc.jit
def float_ceildiv(out: asc.GlobalAddress, x: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    g.set_value(0, x.ceildiv(2))


def _error(kernel, *args) -> str:
    with pytest.raises(CompileError) as info:
        kernel.compile(*args, always_compile=True)
    return str(info.value)


def test_unknown_member_is_a_located_error():
    text = _error(bad_member, np.zeros(2, np.int32), _tiling())
    assert "test_tiling_params.py:" in text
    assert "TCubeTiling has no member 'not_a_member'" in text
    assert "g.set_value(0, tiling.not_a_member)" in text and "^" in text


def test_unknown_member_write_is_a_located_error():
    text = _error(bad_member_write, np.zeros(2, np.int32), _tiling())
    assert "TCubeTiling has no member 'not_a_member'" in text
    assert "tiling.not_a_member = 1" in text


def test_attribute_write_on_other_values_is_an_error():
    text = _error(bad_attribute_write, np.zeros(2, np.int32))
    assert "cannot assign attribute 'size' of a runtime GlobalTensor" in text
    assert "g.size = 4" in text


def test_float_ceildiv_is_an_error():
    text = _error(float_ceildiv, np.zeros(2, np.float32), 2.5)
    assert "ceildiv needs integers, got a runtime float32 value" in text


def test_struct_parameter_needs_a_host_record():
    with pytest.raises(TypeError, match="argument 'tiling' is annotated TCubeTiling but got int"):
        read_members.compile(np.zeros(2, np.int32), 3)
    with pytest.raises(TypeError, match="annotated TCubeTiling but got SoftmaxTiling"):
        read_members.compile(np.zeros(2, np.int32), asc.adv.SoftmaxTiling())


# -- the Ascend C compiles against the real headers (skipped unless configured) ---------


def test_struct_parameter_ascendc_compiles_against_the_headers():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
    import check_headers

    try:
        headers = check_headers.find_headers()
    except check_headers.HeadersMissing as e:
        pytest.skip(f"Ascend C headers not configured: {e} (see docs/configuration.md)")
    out = np.zeros(8, np.int32)
    texts = [
        read_members.compile(out, _tiling(), always_compile=True).asm["ascendc"],
        write_members.compile(out, _tiling(), always_compile=True).asm["ascendc"],
    ]
    with check_headers.Checker(headers) as checker:
        results = checker.check_all(
            check_headers.Source(f"tiling{i}.cpp", text) for i, text in enumerate(texts)
        )
    assert [r.status for r in results] == ["PASS", "PASS"], [r.message for r in results]


@asc.jit
def pointer_param(out: asc.GlobalAddress):
    pass


@asc.jit
def int_param(n: int):
    pass


def test_a_tiling_struct_for_another_parameter_kind_is_refused():
    with pytest.raises(TypeError, match="annotated GlobalAddress but got TCubeTiling"):
        pointer_param.compile(_tiling())
    with pytest.raises(TypeError, match=r"not supported: TCubeTiling \(argument 'n'"):
        int_param.compile(_tiling())
