"""asc_xdsl.lib.host: matmul tiling computed on the host, its exact numbers on the
docs' and tutorials' shapes, and the buffer constraints of the TCubeTiling docs."""

from __future__ import annotations

import pytest

import asc_xdsl as asc
from asc_xdsl.lib import host

PLATFORM = host.PlatformAscendCManager.get_instance("Ascend910B1")
SIZES = {m: PLATFORM.get_core_mem_size(m) for m in ("L1", "L0A", "L0B", "L0C", "UB", "BT")}
BYTES = {host.DataType.DT_FLOAT16: 2, host.DataType.DT_FLOAT: 4, host.DataType.DT_INT8: 1}


def _tiling(cls=host.MultiCoreMatmulTiling, a=host.DataType.DT_FLOAT16, c=host.DataType.DT_FLOAT,
            bias=False, dim=None, shape=(1024, 1024, 1024), fix=None, c_pos=host.TPosition.GM,
            trans_b=False):  # fmt: skip
    t = cls(PLATFORM)
    assert t.set_a_type(host.TPosition.GM, host.CubeFormat.ND, a, False) == 0
    assert t.set_b_type(host.TPosition.GM, host.CubeFormat.ND, a, trans_b) == 0
    assert t.set_c_type(c_pos, host.CubeFormat.ND, c) == 0
    assert t.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT) == 0
    if dim is not None:
        assert t.set_dim(dim) == 0
    assert t.set_org_shape(*shape) == 0
    assert t.set_shape(*shape) == 0
    assert t.enable_bias(bias) == 0
    if fix:
        assert t.set_fix_split(*fix) == 0
    assert t.set_buffer_space(-1, -1, -1) == 0
    tiling = asc.adv.TCubeTiling()
    assert t.get_tiling(tiling) == 0
    return t, tiling


def _check_constraints(t: host.MatmulApiTilingBase, tl, in_bytes: int, bias: bool) -> None:
    """The TCubeTiling docs' table of constraints (whole blocks in L1)."""
    assert tl.base_m % 16 == 0 and tl.base_n % 16 == 0
    assert tl.base_m * tl.base_k * in_bytes * tl.db_l0a <= SIZES["L0A"]
    assert tl.base_n * tl.base_k * in_bytes * tl.db_l0b <= SIZES["L0B"]
    assert tl.base_m * tl.base_n * 4 * tl.db_l0c <= SIZES["L0C"]
    assert tl.depth_a1 % (tl.step_m * tl.step_k_a) == 0
    assert tl.depth_b1 % (tl.step_n * tl.step_k_b) == 0
    l1 = (tl.base_m * tl.base_k * tl.depth_a1 + tl.base_n * tl.base_k * tl.depth_b1) * in_bytes
    assert l1 + (tl.base_n * 4 if bias else 0) <= SIZES["L1"]
    cores = -(-tl.m // tl.single_core_m) * -(-tl.n // tl.single_core_n)
    assert tl.used_core_num == cores


def test_docs_single_core_example_exact():
    # The docs' MatmulApiTiling example: half A/B, float C and bias, 1024^3, bias on.
    t, tl = _tiling(host.MatmulApiTiling, bias=True)
    got = {k: v for k, v in tl.host_values().items() if v}
    assert got == {
        "usedCoreNum": 1, "M": 1024, "N": 1024, "Ka": 1024, "Kb": 1024,
        "singleCoreM": 1024, "singleCoreN": 1024, "singleCoreK": 1024,
        "baseM": 128, "baseN": 256, "baseK": 64, "depthA1": 8, "depthB1": 8,
        "stepM": 1, "stepN": 1, "stepKa": 4, "stepKb": 4, "isBias": 1,
        "dbL0A": 2, "dbL0B": 2, "dbL0C": 1,
    }  # fmt: skip
    _check_constraints(t, tl, 2, True)
    assert (t.get_base_m(), t.get_base_n(), t.get_base_k()) == (128, 256, 64)


def test_docs_multi_core_example_with_dim_1():
    t, tl = _tiling(dim=1, bias=True)
    assert (tl.used_core_num, tl.single_core_m, tl.single_core_n, tl.single_core_k) == (
        1,
        1024,
        1024,
        1024,
    )
    assert t.get_core_num() == (1, 1, 1)
    assert t.get_single_shape() == (1024, 1024, 1024)


@pytest.mark.parametrize(
    ("shape", "dim", "fix", "c_pos", "bias", "expect"),
    [
        # tutorial 03 (matmul_mix): 48 cores, 3 x 16 blocks of 176 x 64
        ((512, 1024, 512), 48, None, host.TPosition.GM, False,
         dict(used_core_num=48, single_core_m=176, single_core_n=64, base_m=128, base_n=64,
              base_k=64, step_k_a=8, depth_a1=16, db_l0c=2, trans_length=0)),
        # tutorial 04 (cube only): N split over 24 cores
        ((128, 30720, 64), 24, None, host.TPosition.GM, False,
         dict(used_core_num=24, single_core_m=128, single_core_n=1280, base_m=128, base_n=256,
              base_k=64, step_k_a=1, depth_a1=2, db_l0c=1)),
        # tutorial 05 (leaky relu): 2 cores split M, fixed 256 x 128 bases, C in UB
        ((1024, 640, 256), 2, (256, 128, -1), host.TPosition.VECCALC, True,
         dict(used_core_num=2, single_core_m=512, single_core_n=640, base_m=256, base_n=128,
              base_k=64, step_k_a=4, depth_a1=8, db_l0c=1, is_bias=1, trans_length=0)),
    ],
)  # fmt: skip
def test_tutorial_shapes_exact(shape, dim, fix, c_pos, bias, expect):
    t, tl = _tiling(shape=shape, dim=dim, fix=fix, c_pos=c_pos, bias=bias)
    assert {k: getattr(tl, k) for k in expect} == expect
    _check_constraints(t, tl, 2, bias)


@pytest.mark.parametrize(
    ("a", "shape", "trans_b"),
    [
        (host.DataType.DT_FLOAT, (1024, 1024, 1024), False),  # float: L0A halves baseK
        (host.DataType.DT_INT8, (256, 256, 4096), True),
        (host.DataType.DT_FLOAT16, (17, 33, 8000), False),  # ragged, long K
        (host.DataType.DT_FLOAT16, (4096, 16, 16), False),
    ],
)
def test_constraints_hold(a, shape, trans_b):
    c = host.DataType.DT_INT32 if a == host.DataType.DT_INT8 else host.DataType.DT_FLOAT
    t, tl = _tiling(host.MatmulApiTiling, a=a, c=c, shape=shape, trans_b=trans_b)
    _check_constraints(t, tl, BYTES[a], False)
    if a == host.DataType.DT_FLOAT:
        assert (tl.base_m, tl.base_n, tl.base_k, tl.db_l0a) == (128, 256, 32, 2)
    if a == host.DataType.DT_INT8:
        assert tl.base_k % 32 == 0  # C0 of int8
    if shape == (17, 33, 8000):
        # K (125 blocks) does not fit L1 whole: 25 blocks per load, double-buffered
        assert (tl.base_m, tl.base_n, tl.base_k) == (32, 48, 64)
        assert (tl.step_k_a, tl.step_k_b, tl.depth_a1, tl.depth_b1) == (25, 25, 50, 50)


def test_traverse_and_layouts_reach_the_tiling():
    t = host.MatmulApiTiling(PLATFORM)
    t.set_shape(64, 64, 64)
    t.set_traverse(host.MatrixTraverse.FIRSTN)
    t.set_batch_info_for_normal(3, 2, 64, 64, 64)
    t.set_batch_num(3)
    tl = asc.adv.TCubeTiling()
    assert t.get_tiling(tl) == 0
    assert tl.iterate_order == 1
    assert (tl.a_layout_info_b, tl.a_layout_info_s, tl.a_layout_info_d) == (3, 64, 64)
    assert (tl.b_layout_info_b, tl.c_layout_info_s2, tl.batch_num) == (2, 64, 3)


def test_bad_requests_are_named():
    t = host.MatmulApiTiling(PLATFORM)
    with pytest.warns(host.TilingWarning, match="no shape"):
        assert t.get_tiling(asc.adv.TCubeTiling()) == -1
    with pytest.warns(host.TilingWarning, match="must be positive"):
        assert t.set_shape(0, 16, 16) == -1
    t.set_shape(256, 256, 256)
    t.set_fix_split(512, 512, 256)  # 512 x 512 floats do not fit L0C
    with pytest.warns(host.TilingWarning, match="does not fit L0A"):
        assert t.get_tiling(asc.adv.TCubeTiling()) == -1
    with pytest.warns(host.TilingWarning, match="L1 size"):
        assert t.set_buffer_space(10**7) == -1
    with pytest.raises(TypeError, match="must be an int"):
        t.set_shape(1.5, 2, 3)
    with pytest.raises(ValueError, match=r"host\.TPosition"):
        t.set_a_type(99, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    with pytest.raises(TypeError, match=r"host-side asc\.adv\.TCubeTiling"):
        t.get_tiling(object())
    m = host.MultiCoreMatmulTiling(PLATFORM)
    m.set_shape(1024, 1024, 64)
    m.set_dim(2)
    m.set_single_shape(128, 128, 64)
    with pytest.warns(host.TilingWarning, match="needs more than 2 cores"):
        assert m.get_tiling(asc.adv.TCubeTiling()) == -1


def test_host_tcube_tiling_record():
    tl = asc.adv.TCubeTiling(k_a=4, base_m=16)
    assert (tl.k_a, tl.base_m, tl.m) == (4, 16, 0)
    tl.share_l0c_size = 7
    assert tl.host_values()["shareL0CSize"] == 7
    with pytest.raises(AttributeError, match="no member 'bogus'"):
        tl.bogus = 1
    with pytest.raises(ValueError, match="does not fit its int32_t"):
        tl.m = 2**31


def test_platform():
    assert host.get_ascendc_platform() is host.PlatformAscendCManager.get_instance()
    assert (PLATFORM.get_core_num_aic(), PLATFORM.get_core_num_aiv()) == (24, 48)
    with pytest.raises(ValueError, match="unknown SoC version 'Ascend999'"):
        host.PlatformAscendCManager.get_instance("Ascend999")
