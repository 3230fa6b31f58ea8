"""Toolkit discovery, version, tool lookup, and the errors without CANN."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import numpy as np
import pytest
from cann_fake import vector_add_kernel

from asc_xdsl.runtime.backends import default_backend_name
from asc_xdsl.runtime.cann import toolkit as tk
from asc_xdsl.runtime.cann.errors import ToolkitNotFoundError
from asc_xdsl.runtime.kernel import LaunchError


def _home(path: Path, version: str | None = None) -> Path:
    path.mkdir(parents=True)
    if version:
        (path / "version.cfg").write_text(f"# CANN\nversion={version}\n")
    return path


def test_search_order(no_cann, tmp_path, monkeypatch):
    a = _home(tmp_path / "a", "8.0.0")
    b = _home(tmp_path / "b", "8.1.RC1")
    monkeypatch.setattr(tk, "DEFAULT_HOME", _home(tmp_path / "default", "7.0"))
    assert tk.find_toolkit().home == (tmp_path / "default").resolve()
    monkeypatch.setenv("ASCEND_TOOLKIT_HOME", str(b))
    assert tk.find_toolkit().version == "8.1.RC1"
    monkeypatch.setenv("ASCEND_HOME_PATH", str(a))
    found = tk.find_toolkit()
    assert found.home == a.resolve() and found.version == "8.0.0"


def test_version_from_install_info(fake_toolkit):
    assert tk.require_toolkit().version == "8.1.RC1"


def test_version_unknown_without_file(no_cann, tmp_path, monkeypatch):
    monkeypatch.setenv("ASCEND_HOME_PATH", str(_home(tmp_path / "t")))
    assert tk.require_toolkit().version == "unknown"


def test_tools_from_toolkit_path_and_override(fake_toolkit, tmp_path, monkeypatch):
    found = tk.require_toolkit()
    assert found.bisheng == fake_toolkit.home / "compiler/ccec_compiler/bin/bisheng"
    assert found.linker == fake_toolkit.home / "compiler/ccec_compiler/bin/ld.lld"
    mine = tmp_path / "my-bisheng"
    mine.write_text("#!/bin/sh\n")
    mine.chmod(mine.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("ASC_XDSL_BISHENG", str(mine))
    assert found.bisheng == mine
    monkeypatch.setenv("ASC_XDSL_LINKER", str(tmp_path / "nope"))
    with pytest.raises(
        ToolkitNotFoundError, match=r"ASC_XDSL_LINKER=.*nope.* is not an executable"
    ):
        _ = found.linker


def test_tools_from_path(no_cann, tmp_path, monkeypatch):
    home = _home(tmp_path / "t")
    bindir = tmp_path / "bin"
    bindir.mkdir()
    tool = bindir / "bisheng"
    tool.write_text("#!/bin/sh\n")
    tool.chmod(0o755)
    monkeypatch.setenv("ASCEND_HOME_PATH", str(home))
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ['PATH']}")
    assert tk.require_toolkit().bisheng == tool
    with pytest.raises(ToolkitNotFoundError) as e:
        _ = tk.require_toolkit().linker
    msg = str(e.value)
    assert "'ld.lld' not found in" in msg and "compiler/ccec_compiler/bin" in msg
    assert "ASC_XDSL_LINKER" in msg


def test_no_toolkit_error(no_cann, tmp_path):
    with pytest.raises(ToolkitNotFoundError) as e:
        tk.require_toolkit()
    msg = str(e.value)
    assert "no CANN toolkit found" in msg
    assert "ASCEND_HOME_PATH" in msg and "set_env.sh" in msg and "install the CANN toolkit" in msg
    assert str(tmp_path / "no-such-toolkit") in msg
    assert "backend 'cpu'" in msg


@pytest.mark.parametrize("backend", ["npu", "model"])
def test_launch_without_toolkit(no_cann, backend):
    kernel = vector_add_kernel()
    x = np.zeros(16, np.float32)
    with pytest.raises(LaunchError, match=r"no CANN toolkit found.*set_env.sh"):
        kernel[1](x, x, x, 16, backend=backend)


def test_missing_runtime_library(fake_toolkit):
    (fake_toolkit.home / "lib64" / "libascendcl.so").unlink()
    kernel = vector_add_kernel()
    x = np.zeros(16, np.float32)
    with pytest.raises(ToolkitNotFoundError) as e:
        kernel[1](x, x, x, 16, backend="npu")
    msg = str(e.value)
    assert "runtime library libascendcl.so not found" in msg
    assert str(fake_toolkit.home / "lib64") in msg


def test_missing_simulator_library(fake_toolkit):
    kernel = vector_add_kernel()
    x = np.zeros(16, np.float32)
    with pytest.raises(ToolkitNotFoundError) as e:
        kernel[1](x, x, x, 16, backend="model", soc_version="Ascend910B3")
    msg = str(e.value)
    assert "libruntime_camodel.so not found" in msg
    assert str(fake_toolkit.home / "tools/simulator/Ascend910B3/lib") in msg


def test_unloadable_library_is_not_a_bare_oserror(fake_toolkit):
    (fake_toolkit.home / "lib64" / "libascendcl.so").write_text("not an ELF file")
    kernel = vector_add_kernel()
    x = np.zeros(16, np.float32)
    with pytest.raises(ToolkitNotFoundError, match=r"cannot load libascendcl.so from .*set_env.sh"):
        kernel[1](x, x, x, 16, backend="npu")


def test_default_backend_is_cpu_without_npu(fake_toolkit):
    # A toolkit alone does not make `npu` the default: it also needs a device node.
    assert default_backend_name() == "cpu"


def test_default_backend_npu_with_toolkit_and_device(fake_toolkit, monkeypatch):
    monkeypatch.setattr("glob.glob", lambda pattern: ["/dev/davinci0"])
    assert default_backend_name() == "npu"


def test_default_backend_cpu_without_toolkit(no_cann, monkeypatch):
    monkeypatch.setattr("glob.glob", lambda pattern: ["/dev/davinci0"])
    assert default_backend_name() == "cpu"
