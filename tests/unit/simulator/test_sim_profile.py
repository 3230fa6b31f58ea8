"""Profile counts computed by hand, the msprof-shaped CSVs, and the printf/DumpTensor format."""

from __future__ import annotations

import csv

import numpy as np
import pytest
import simkit

from asc_xdsl.runtime.simulator import last_profile
from asc_xdsl.runtime.simulator.profile import OP_BASIC_INFO_HEADER, PIPE_UTILIZATION_HEADER

KERNELS = "tests/filecheck/backend/ascendc/kernels/"


def _scaled_exp(blocks=2, **options):
    k = simkit.kernel_file(KERNELS + "metrics_prof_region.mlir")
    x = np.zeros(1024, np.float32)
    z = np.zeros(1024, np.float32)
    # a one-block kernel on `blocks` blocks: each writes all of z, a race (of equal
    # values) the profile does not care about
    k[blocks](x, z, np.float32(2.0), **{"sanitize": "off", **options})
    return last_profile()


def test_region_and_whole_kernel_counts():
    p = _scaled_exp()
    assert p.block_dim == 2 and len(p.blocks) == 2 and p.has_regions
    b = p.blocks[1]
    # whole kernel: DataCopy in (MTE2) and out (MTE3) of 4096 B; Exp + Muls on 1024 floats
    w = b.whole
    assert w.instructions == {"MTE2": 1, "MTE3": 1, "MTE1": 0, "V": 2, "M": 0, "S": 0, "FIX": 0}
    assert w.bytes["GM_UB"] == 4096 and w.bytes["UB_GM"] == 4096
    assert w.vector_elements == 2048
    # cost model: DMA 30 + 4096/32; Exp 8 + 16 repeats * 2; Muls 8 + 16 repeats
    assert w.cycles["MTE2"] == 158 and w.cycles["MTE3"] == 158
    assert w.cycles["V"] == 40 + 24
    assert w.total_cycles == 158 + 158 + 64
    # the region holds only the two vector instructions
    (r,) = b.regions
    assert r.instructions["V"] == 2 and r.instructions["MTE2"] == 0
    assert r.vector_elements == 2048 and r.total_cycles == 64
    assert b.figures.total_cycles == 64
    assert p.task_duration_us == pytest.approx(380 / 1800)


def test_scalar_instructions_in_region():
    text = """
func.func @s(%a: i32) attributes {ascendc.aicore, ascendc.global} {
  %b = arith.addi %a, %a : i32
  ascendc.metrics_prof_start
  %c = arith.addi %b, %a : i32
  %d = arith.muli %c, %c : i32
  ascendc.metrics_prof_stop
  %e = arith.subi %d, %a : i32
  return
}
"""
    simkit.kernel(text, "s")[1](3)
    b = last_profile().blocks[0]
    assert b.whole.instructions["S"] == 4
    assert b.regions[0].instructions["S"] == 2
    assert b.regions[0].cycles["S"] == 2


def test_no_region_gives_whole_kernel_figures(tmp_path):
    k = simkit.kernel_file("examples/vector_add_tque.mlir")
    n = 2 * 2048 * 2
    x = np.ones(n, np.float32)
    k[2](x, x.copy(), np.zeros(n, np.float32), n, profile_dir=str(tmp_path))
    p = last_profile()
    assert not p.has_regions
    b = p.blocks[0]
    assert b.figures is b.whole
    assert b.whole.instructions["MTE2"] == 4 and b.whole.instructions["MTE3"] == 2
    assert b.whole.instructions["V"] == 2 and b.whole.bytes["GM_UB"] == 4 * 8192
    (out,) = tmp_path.glob("OPPROF_*")
    assert p.output_dir == out
    with open(out / "OpBasicInfo.csv") as f:
        rows = list(csv.reader(f))
    assert rows[0] == OP_BASIC_INFO_HEADER and len(rows) == 2
    assert rows[1][:2] == ["add_custom", "vector"] and rows[1][3] == "2"
    assert float(rows[1][2]) == pytest.approx(p.task_duration_us, abs=1e-6)
    with open(out / "PipeUtilization.csv") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == PIPE_UTILIZATION_HEADER
    assert [r["block_id"] for r in rows] == ["0", "1"]
    assert rows[0]["sub_block_id"] == "vector0" and rows[0]["aic_time(us)"] == "NA"
    assert int(rows[0]["aiv_total_cycles"]) == b.whole.total_cycles
    ratio = float(rows[0]["aiv_mte2_ratio"])
    assert ratio == pytest.approx(b.whole.cycles["MTE2"] / b.whole.total_cycles, abs=1e-6)


def test_profile_dir_from_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("ASC_XDSL_PROFILE_DIR", str(tmp_path))
    _scaled_exp(blocks=1)
    (out,) = tmp_path.glob("OPPROF_*")
    assert (out / "PipeUtilization.csv").is_file()


def test_platform_selection(monkeypatch):
    from asc_xdsl.runtime.kernel import LaunchError

    assert _scaled_exp(blocks=1, platform="Ascend910_93").platform == "Ascend910_93"
    monkeypatch.setenv("ASC_XDSL_PLATFORM", "Ascend910B3")
    assert _scaled_exp(blocks=1).platform == "Ascend910B3"
    monkeypatch.setenv("ASC_XDSL_PLATFORM", "Ascend310")
    with pytest.raises(LaunchError, match="unknown platform 'Ascend310'"):
        _scaled_exp(blocks=1)


PRINTF = """
func.func @hello(%x: memref<?xf32, 22>, %n: i32, %f: f32) attributes {ascendc.aicore, ascendc.global} {
  %idx = ascendc.get_block_idx : i32
  %m1 = arith.constant -1 : i32
  %big = arith.constant 5000000000 : i64
  ascendc.printf %idx, %n, %f, %m1, %m1, %big {desc = "block %d: n=%d f=%f x=%x u=%u l=%lld 100%%\\n"} : i32, i32, f32, i32, i32, i64
  %gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gm, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %desc = arith.constant 5 : i32
  %size = arith.constant 4 : i32
  ascendc.dump_tensor %gm, %desc, %size : !ascendc.global_tensor<*xf32>, i32, i32
  %ts = arith.constant 7 : i32
  ascendc.print_time_stamp %ts : i32
  return
}
"""


def test_printf_dump_and_time_stamp_format(capsys, monkeypatch):
    k = simkit.kernel(PRINTF, "hello")
    x = np.array([1, 2.5, -3, 4], np.float32)
    k[2](x, 3, np.float32(1.5))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "[AIV Block 0/2] block 0: n=3 f=1.500000 x=ffffffffffffffff "
        "u=18446744073709551615 l=5000000000 100%"
    )
    assert (
        lines[1]
        == "[AIV Block 0/2] DumpTensor: desc=5, addr=0, data_type=float32, position=GM, dump_size=4"
    )
    assert lines[2] == "[AIV Block 0/2] [1.000000, 2.500000, -3.000000, 4.000000]"
    assert lines[3].startswith("[AIV Block 0/2] descId is 7, rsv is 0, timeStamp is ")
    assert lines[4].startswith("[AIV Block 1/2] block 1: n=3")
    assert len(lines) == 8
    monkeypatch.setenv("ASCENDC_DUMP", "0")
    k[1](x, 3, np.float32(1.5))
    assert "DumpTensor" not in capsys.readouterr().out
