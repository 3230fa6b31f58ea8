"""A JIT launch on `npu`/`model` that finds its kernel's binary in the disk cache runs
it without the IR and without xDSL (runtime/cann/jit_binaries.py, issue 14)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from cann_fake import HERE, ROOT, make_toolkit
from cann_jit_kernels import add_custom

from asc_xdsl.frontend import cache
from asc_xdsl.runtime.cann import describe, jit_binaries
from asc_xdsl.runtime.kernel import LaunchError


def _inputs(n: int = 64) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return np.arange(n, dtype=np.float32), np.full(n, 0.5, np.float32), np.zeros(n, np.float32)


def _variants(cache_root: Path) -> list[str]:
    """The stored variant folders, as `<soc>-<build key>` names."""
    return sorted(p.name for p in cache_root.glob("kernels/*/cann/*") if not p.name.startswith("."))


@pytest.fixture(autouse=True)
def _own_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts without the kernels other tests compiled in this process."""
    monkeypatch.setattr(add_custom, "_compiled", {})


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch):
    """`fresh()` forgets the kernels compiled in this process (as a new process would),
    and from then on fails any use of the IR path: a disk-cache parse or a description."""

    def forbid() -> None:
        add_custom._compiled.clear()

        def fail(*args, **kwargs):
            raise AssertionError("the launch went through the kernel's IR")

        monkeypatch.setattr(cache, "load", fail)
        monkeypatch.setattr(describe, "describe", fail)

    return forbid


def test_hit_launches_the_stored_binary(fake_toolkit, fresh):
    x, y, z = _inputs()
    add_custom[8](x, y, z, 64, 4, backend="npu")
    assert len(fake_toolkit.tool_calls()) == 2  # bisheng and ld.lld
    [variant] = _variants(fake_toolkit.cache)
    assert variant.startswith("Ascend910B2-")  # the fake device's SoC
    [folder] = fake_toolkit.cache.glob(f"kernels/*/cann/{variant}")
    manifest = json.loads((folder / "add_custom.json").read_text())
    assert manifest["soc"] == "Ascend910B2" and manifest["binary"] == "add_custom.o"

    fresh()
    fake_toolkit.reset_calls()
    x, y, z = _inputs()
    add_custom[8](x, y, z, 64, 4, backend="npu")
    np.testing.assert_array_equal(z, x + 0.5)
    assert x[0] == 0  # read-only: not copied back (the manifest's `written`)
    assert len(fake_toolkit.tool_calls()) == 2  # nothing built
    assert fake_toolkit.lib.fake_last_binary().decode() == str(folder / "add_custom.o")
    calls = fake_toolkit.acl_calls()
    assert "aclrtLaunchKernelWithConfig add_custom block_dim=8 cfg=null reserve=null" in calls
    [back] = [c for c in calls if "D2H" in c]  # z only
    assert back.startswith("aclrtMemcpy D2H host<-dev") and back.endswith(" n=256")


def test_hit_in_a_process_without_xdsl(fake_toolkit):
    """The first process compiles, builds and launches; the second launches the same
    kernel from the disk cache and never imports xDSL."""
    script = f"""
import sys
sys.path.insert(0, {str(HERE)!r})
import numpy as np
from cann_jit_kernels import add_custom
x = np.arange(64, dtype=np.float32); y = np.full(64, 0.5, np.float32); z = np.zeros(64, np.float32)
add_custom[8](x, y, z, 64, 4, backend="npu")
assert (z == x + 0.5).all() and x[0] == 0, z
print(sorted({{m.split(".")[0] for m in sys.modules if m == "xdsl" or m.startswith("xdsl.")}}))
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def run() -> str:
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, env=env
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    assert run() == "['xdsl']"  # the first process compiles
    assert run() == "[]"  # the second launches the stored binary
    assert len(fake_toolkit.tool_calls()) == 2  # built once


def test_variants_are_keyed_by_soc_toolkit_and_dump(fake_toolkit, fresh, monkeypatch):
    add_custom[8](*_inputs(), 64, 4, backend="npu")
    add_custom[8](*_inputs(), 64, 4, backend="npu", soc_version="Ascend910B4")
    monkeypatch.setenv("ASCENDC_DUMP", "0")
    add_custom[8](*_inputs(), 64, 4, backend="npu")
    names = _variants(fake_toolkit.cache)
    assert [n.split("-")[0] for n in names].count("Ascend910B2") == 2  # dump on and off
    assert any(n.startswith("Ascend910B4-") for n in names)
    assert len(names) == 3
    # Another toolkit version builds again and keeps its own variant.
    info = next(fake_toolkit.home.glob("*-linux/ascend_toolkit_install.info"))
    info.write_text("version=8.2.RC1\n")
    add_custom._compiled.clear()
    before = len(fake_toolkit.tool_calls())
    add_custom[8](*_inputs(), 64, 4, backend="npu")
    assert len(fake_toolkit.tool_calls()) == before + 2
    assert len(_variants(fake_toolkit.cache)) == 4


def test_a_replaced_compiler_builds_again(fake_toolkit, fresh):
    add_custom[8](*_inputs(), 64, 4, backend="npu")
    bisheng = fake_toolkit.home / "compiler" / "ccec_compiler" / "bin" / "bisheng"
    bisheng.write_text(bisheng.read_text() + "\n# an updated compiler\n")
    add_custom._compiled.clear()
    before = len(fake_toolkit.tool_calls())
    add_custom[8](*_inputs(), 64, 4, backend="npu")
    assert len(fake_toolkit.tool_calls()) == before + 2  # bisheng and ld.lld ran again
    assert len(_variants(fake_toolkit.cache)) == 2


def test_model_backend_hits_the_default_soc(fake_toolkit, fresh):
    add_custom[8](*_inputs(), 64, 4, backend="model")
    assert [n.split("-")[0] for n in _variants(fake_toolkit.cache)] == ["Ascend910B1"]
    fresh()
    x, y, z = _inputs()
    add_custom[8](x, y, z, 64, 4, backend="model")
    np.testing.assert_array_equal(z, x + 0.5)


def test_other_soc_is_a_miss(fake_toolkit, monkeypatch):
    add_custom[8](*_inputs(), 64, 4, backend="model")  # Ascend910B1 only
    add_custom._compiled.clear()
    described = []
    monkeypatch.setattr(
        describe, "describe", lambda k, f=describe.describe: described.append(k) or f(k)
    )
    x, y, z = _inputs()
    add_custom[8](x, y, z, 64, 4, backend="npu")  # the device is an Ascend910B2
    np.testing.assert_array_equal(z, x + 0.5)
    assert described  # built from the IR (bisheng's output is the binary cache's: same arch)
    assert sorted(n.split("-")[0] for n in _variants(fake_toolkit.cache)) == [
        "Ascend910B1",
        "Ascend910B2",
    ]


def test_hit_checks_arguments_before_the_device(fake_toolkit, fresh):
    add_custom[8](*_inputs(), 64, 4, backend="npu", soc_version="Ascend910B2")
    fresh()
    fake_toolkit.reset_calls()
    x, y, z = _inputs()
    with pytest.raises(LaunchError, match=r"argument 3: 2147483648 does not fit in i32"):
        add_custom[8](x, y, z, 2**31, 4, backend="npu", soc_version="Ascend910B2")
    with pytest.raises(LaunchError, match=r"block_dim must be in \[1, 65535\], got 0"):
        add_custom[0]
    assert fake_toolkit.acl_calls() == []


def test_cache_false_and_always_compile_build_again(fake_toolkit, fresh):
    add_custom[8](*_inputs(), 64, 4, backend="npu")
    add_custom._compiled.clear()
    add_custom[8](*_inputs(), 64, 4, backend="npu", cache=False)
    assert len(fake_toolkit.tool_calls()) == 4
    add_custom[8](*_inputs(), 64, 4, backend="npu", always_compile=True)
    assert len(fake_toolkit.tool_calls()) == 4  # compiled again; the binary cache hit
    assert len(_variants(fake_toolkit.cache)) == 1


def test_damaged_variant_is_a_miss_and_replaced(fake_toolkit, fresh):
    add_custom[8](*_inputs(), 64, 4, backend="npu")
    [binary] = fake_toolkit.cache.glob("kernels/*/cann/*/add_custom.o")
    binary.write_bytes(b"not the binary")
    add_custom._compiled.clear()
    x, y, z = _inputs()
    add_custom[8](x, y, z, 64, 4, backend="npu")  # the sha256 differs: compiled path
    np.testing.assert_array_equal(z, x + 0.5)
    assert binary.read_bytes() != b"not the binary"  # kept again, whole
    fresh()
    add_custom[8](*_inputs(), 64, 4, backend="npu")  # and a hit again


def test_store_keeps_an_identical_variant(fake_toolkit, tmp_path):
    add_custom[8](*_inputs(), 64, 4, backend="npu")
    [folder] = fake_toolkit.cache.glob("kernels/*/cann/*")
    entry = folder.parent.parent
    from asc_xdsl.runtime.cann.toolkit import require_toolkit

    toolkit = require_toolkit()
    found = jit_binaries.find(entry, "add_custom", toolkit, "Ascend910B2")
    assert found is not None
    stamp = (folder / "add_custom.o").stat().st_mtime_ns
    jit_binaries.store(entry, found.manifest, found.binary, toolkit)
    assert (folder / "add_custom.o").stat().st_mtime_ns == stamp
    assert jit_binaries.find(entry, "add_custom", toolkit, "Ascend910B4") is None
    assert jit_binaries.find(entry, "other", toolkit, "Ascend910B2") is None
    assert jit_binaries.find(tmp_path / "no-entry", "add_custom", toolkit, None) is None


def test_cpu_backend_keeps_no_binary(fake_toolkit):
    x, y, z = _inputs()
    add_custom._compiled.clear()
    add_custom[8](x, y, z, 8, 8, backend="cpu")
    np.testing.assert_array_equal(z, x + 0.5)
    assert _variants(fake_toolkit.cache) == []
    assert fake_toolkit.tool_calls() == []


def test_second_toolkit_home_misses(fake_toolkit, fake_libs, tmp_path, monkeypatch, fresh):
    add_custom[8](*_inputs(), 64, 4, backend="npu")
    other = make_toolkit(tmp_path / "other", fake_libs)
    monkeypatch.setenv("ASCEND_HOME_PATH", str(other))
    add_custom._compiled.clear()
    add_custom[8](*_inputs(), 64, 4, backend="npu")
    assert len(_variants(fake_toolkit.cache)) == 2


def test_ahead_of_time_build_serves_a_later_launch(fake_toolkit, fresh, tmp_path):
    x, y, z = _inputs()
    add_custom.compile(x, y, z, 64, 4, backend="npu", soc_version="Ascend910B2", out_dir=tmp_path)
    assert [n.split("-")[0] for n in _variants(fake_toolkit.cache)] == ["Ascend910B2"]
    fresh()
    add_custom[8](x, y, z, 64, 4, backend="npu")
    np.testing.assert_array_equal(z, x + 0.5)


def test_no_toolkit_fails_as_before(no_cann):
    from asc_xdsl.runtime.cann.errors import ToolkitNotFoundError

    with pytest.raises(ToolkitNotFoundError, match="CANN toolkit"):
        add_custom[8](*_inputs(), 64, 4, backend="npu")
