"""The shared SoC table (asc_xdsl/soc.py) and the modules that read it."""

from __future__ import annotations

import pytest

from asc_xdsl import soc as socs
from asc_xdsl.runtime.kernel import LaunchError

A2_MEMORY = {"UB": 192 << 10, "L1": 512 << 10, "L0A": 64 << 10, "L0B": 64 << 10,
             "L0C": 128 << 10, "BT": 1 << 10}  # fmt: skip


def test_names_as_cann_spells_them():
    assert list(socs.SOCS) == [
        "Ascend910B1", "Ascend910B2", "Ascend910B2C", "Ascend910B3", "Ascend910B4",
        "Ascend910B4-1", "Ascend910_9362", "Ascend910_9372", "Ascend910_9381",
        "Ascend910_9382", "Ascend910_9391", "Ascend910_9392", "Ascend310P1", "Ascend310P3",
    ]  # fmt: skip
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
