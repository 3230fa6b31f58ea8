"""The shared SoC table (asc_xdsl/soc.py) and the modules that read it."""

from __future__ import annotations

import pytest

from asc_xdsl import soc as socs
from asc_xdsl.runtime.kernel import LaunchError

A2_MEMORY = {"UB": 192 << 10, "L1": 512 << 10, "L0A": 64 << 10, "L0B": 64 << 10,
             "L0C": 128 << 10, "BT": 1 << 10}  # fmt: skip


def test_names_as_cann_spells_them():
    assert list(socs.SOCS)[:14] == [
        "Ascend910B1", "Ascend910B2", "Ascend910B2C", "Ascend910B3", "Ascend910B4",
        "Ascend910B4-1", "Ascend910_9362", "Ascend910_9372", "Ascend910_9381",
        "Ascend910_9382", "Ascend910_9391", "Ascend910_9392", "Ascend310P1", "Ascend310P3",
    ]  # fmt: skip
    # asc-devkit's platform table: 10 Ascend 950PR and 25 Ascend 950DT parts
    ascend950 = list(socs.SOCS)[14:]
    assert len(ascend950) == 35 and all(n.startswith("Ascend950") for n in ascend950)
    assert sum(n.startswith("Ascend950PR_") for n in ascend950) == 10
    assert {"Ascend950PR_9599", "Ascend950PR_957bx", "Ascend950DT_95A2"} <= set(ascend950)
    assert socs.get_soc("Ascend950").name == "Ascend950PR_9599"
    assert socs.get_soc("Ascend910_93").name == "Ascend910_9391"  # a series -> its chip
    assert socs.get_soc("Ascend310P").name == "Ascend310P3"


def test_unknown_soc_lists_the_known_ones(monkeypatch):
    with pytest.raises(
        socs.UnknownSocError, match=r"unknown SoC 'Ascend910C'; known: Ascend910B1, "
    ):
        socs.get_soc("Ascend910C")
    monkeypatch.setenv("ASC_XDSL_SOC_VERSION", "x")
    with pytest.raises(
        socs.UnknownSocError, match=r"unknown SoC 'x' \(from ASC_XDSL_SOC_VERSION\)"
    ):
        socs.get_soc()
    monkeypatch.delenv("ASC_XDSL_SOC_VERSION")
    assert socs.get_soc().name == "Ascend910B1"


@pytest.mark.parametrize(
    ("name", "kernel_type", "arches", "magic"),
    [
        ("Ascend910B1", "vector", ("dav-c220-vec",), socs.MAGIC_VECTOR_CORE),
        ("Ascend910B4", "cube", ("dav-c220-cube",), socs.MAGIC_CUBE_CORE),
        ("Ascend910_9392", "mix", ("dav-c220-cube", "dav-c220-vec"), socs.MAGIC_AICORE),
        ("Ascend310P1", "vector", ("dav-m200",), socs.MAGIC_AICORE),
        ("Ascend310P3", "cube", ("dav-m200",), socs.MAGIC_AICORE),
        ("Ascend950PR_9599", "vector", ("dav-c310-vec",), socs.MAGIC_VECTOR_CORE),
        ("Ascend950DT_9581", "cube", ("dav-c310-cube",), socs.MAGIC_CUBE_CORE),
        ("Ascend950PR_9589", "mix", ("dav-c310-cube", "dav-c310-vec"), socs.MAGIC_AICORE),
    ],
)
def test_build_flags_per_kernel_type(name, kernel_type, arches, magic):
    build = socs.get_soc(name).build(kernel_type)
    assert (build.arches, build.magic) == (arches, magic)


def test_capacities_and_limits():
    b1, b3, p3 = (socs.get_soc(n) for n in ("Ascend910B1", "Ascend910B3", "Ascend310P3"))
    assert (b1.aic_cores, b1.aiv_cores, b3.aic_cores, b3.aiv_cores) == (24, 48, 20, 40)
    assert dict(b1.memory) == A2_MEMORY and b1.npu_arch == 2201
    assert p3.memory["UB"] == 256 << 10 and p3.npu_arch == 2002
    assert (b1.max_block_dim("mix"), b1.max_block_dim("vector"), b3.max_block_dim("mix")) == (
        24,
        None,
        20,
    )
    assert (b1.system_workspace, p3.system_workspace) == (16 << 20, 2 << 20)
    with pytest.raises(socs.SocError, match=r"Ascend310P3 .*cannot run 'mix' kernels"):
        p3.build("mix")


def test_ascend950_capacities_flags_and_limits():
    chip = socs.get_soc("Ascend950PR_9599")
    assert (chip.npu_arch, chip.series, chip.dtype_tables) == (3510, "Ascend 950PR", "Ascend 950")
    # TOTAL_UB_SIZE (256 KiB less 8 KiB for spilled registers), TOTAL_L1_SIZE, ... for 3510
    assert dict(chip.memory) == {
        "UB": 248 << 10, "L1": 512 << 10, "L0A": 64 << 10, "L0B": 64 << 10,
        "L0C": 256 << 10, "BT": 4 << 10,
    }  # fmt: skip
    assert (chip.aic_cores, chip.aiv_cores, chip.vec_len) == (36, 72, 256)
    assert chip.split_cores and chip.max_block_dim("mix") == 36
    assert chip.system_workspace == 16 << 20
    assert chip.bisheng_flags[0] == "-D__DAV_C310__"
    assert "-cce-aicore-addr-transform" in chip.bisheng_flags
    assert socs.get_soc("Ascend910B1").vec_len is None
    assert not socs.get_soc("Ascend310P3").split_cores


def test_ascend950_on_the_simulator_and_the_planner():
    from asc_xdsl.runtime.simulator.platform import get_platform

    p = get_platform("Ascend950PR_9599")
    assert (p.aic_cores, p.aiv_cores, p.split_cores) == (36, 72, True)
    assert p.kernel_types == ("vector", "cube", "mix")
    assert p.memory_sizes["UB"] == 248 << 10
    assert get_platform("Ascend950").name == "Ascend950"


def test_the_simulator_and_host_tiling_read_the_table():
    from asc_xdsl.lib.host.platform import PlatformAscendC
    from asc_xdsl.runtime.simulator.platform import get_platform

    b3 = get_platform("Ascend910B3")
    assert (b3.aic_cores, b3.aiv_cores, b3.memory_sizes) == (20, 40, A2_MEMORY)
    assert get_platform("Ascend910_93").aic_cores == 24
    assert PlatformAscendC("Ascend910B3").get_core_num_aic() == 20
    p3 = get_platform("Ascend310P3")
    assert (p3.aic_cores, p3.kernel_types, p3.split_cores) == (8, ("vector", "cube"), False)
    with pytest.raises(LaunchError, match=r"unknown platform 'Ascend310'; known: Ascend910B1"):
        get_platform("Ascend310")


def test_the_verifiers_dtype_family_per_soc():
    from asc_xdsl.dialects.ascendc.target import SOC_FAMILY

    assert set(SOC_FAMILY) == set(socs.known_names())
    assert {SOC_FAMILY[n] for n in socs.SOCS if n.startswith("Ascend910")} == {socs.ATLAS_A2_A3}
    assert SOC_FAMILY["Ascend310P1"] == socs.ATLAS_INFERENCE
    assert {SOC_FAMILY[n] for n in socs.SOCS if n.startswith("Ascend950")} == {socs.ASCEND_950}
