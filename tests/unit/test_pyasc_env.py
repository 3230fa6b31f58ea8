"""pyasc's PYASC_* variables act as their ASC_XDSL_* twins; ours wins when both are set."""

import os
import stat

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime import pyasc_env
from asc_xdsl.runtime.cann.errors import ToolkitNotFoundError
from asc_xdsl.runtime.cann.toolkit import Toolkit
from asc_xdsl.runtime.disk_cache import cache_dir


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, None),
        ({"PYASC_CACHE_DIR": "/p/cache"}, ("PYASC_CACHE_DIR", "/p/cache")),
        ({"PYASC_HOME": "/home/u"}, ("PYASC_HOME", "/home/u/.pyasc/cache")),
        (
            {"PYASC_HOME": "/home/u", "PYASC_CACHE_DIR": "/p/cache"},
            ("PYASC_CACHE_DIR", "/p/cache"),  # pyasc's own order
        ),
        (
            {"ASC_XDSL_CACHE_DIR": "/ours", "PYASC_CACHE_DIR": "/p/cache"},
            ("ASC_XDSL_CACHE_DIR", "/ours"),
        ),
        ({"ASC_XDSL_CACHE_DIR": "", "PYASC_CACHE_DIR": "/p"}, ("PYASC_CACHE_DIR", "/p")),
    ],
)
def test_cache_dir_setting(env, expected):
    assert pyasc_env.setting("ASC_XDSL_CACHE_DIR", env) == expected


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        ("ASC_XDSL_DUMP_DIR", "PYASC_DUMP_PATH"),
        ("ASC_XDSL_BISHENG", "PYASC_COMPILER"),
        ("ASC_XDSL_LINKER", "PYASC_LINKER"),
    ],
)
def test_each_counterpart_and_ours_wins(ours, theirs):
    assert pyasc_env.setting(ours, {theirs: "x"}) == (theirs, "x")
    assert pyasc_env.setting(ours, {theirs: "x", ours: "y"}) == (ours, "y")


def test_the_cache_folder_follows_pyasc_s_variables(monkeypatch, tmp_path):
    monkeypatch.delenv("ASC_XDSL_CACHE_DIR")
    monkeypatch.setenv("PYASC_HOME", str(tmp_path))
    assert cache_dir() == tmp_path / ".pyasc" / "cache"
    monkeypatch.setenv("PYASC_CACHE_DIR", str(tmp_path / "c"))
    assert cache_dir() == tmp_path / "c"
    monkeypatch.setenv("ASC_XDSL_CACHE_DIR", str(tmp_path / "ours"))
    assert cache_dir() == tmp_path / "ours"


@asc.jit
def pyasc_env_kernel(x: asc.GlobalAddress):
    asc.printf("hello\n")


def test_pyasc_dump_path_dumps_the_texts(monkeypatch, tmp_path):
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path / "dump"))
    x = np.zeros(8, np.float32)
    compiled = pyasc_env_kernel.compile(x, always_compile=True)
    assert sorted(os.listdir(tmp_path / "dump")) == [
        "pyasc_env_kernel.cpp",
        "pyasc_env_kernel.ir.mlir",
        "pyasc_env_kernel.lowered.mlir",
    ]
    assert (tmp_path / "dump" / "pyasc_env_kernel.cpp").read_text() == compiled.asm["ascendc"]
    # ours wins: PYASC_DUMP_PATH is left alone
    monkeypatch.setenv("ASC_XDSL_DUMP_DIR", str(tmp_path / "ours"))
    pyasc_env_kernel.compile(x, always_compile=True)
    assert (tmp_path / "ours" / "pyasc_env_kernel.cpp").is_file()


def test_pyasc_compiler_and_linker_choose_the_tools(monkeypatch, tmp_path):
    for name in ("ASC_XDSL_BISHENG", "ASC_XDSL_LINKER"):
        monkeypatch.delenv(name, raising=False)
    mine = tmp_path / "my-bisheng"
    mine.write_text("#!/bin/sh\n")
    mine.chmod(mine.stat().st_mode | stat.S_IEXEC)
    toolkit = Toolkit(tmp_path / "no-toolkit", "unknown")
    monkeypatch.setenv("PYASC_COMPILER", str(mine))
    assert toolkit.bisheng == mine
    monkeypatch.setenv("PYASC_LINKER", str(tmp_path / "nope"))
    # the message names the variable the user set
    with pytest.raises(ToolkitNotFoundError, match=r"PYASC_LINKER=.*nope.* is not an executable"):
        _ = toolkit.linker
