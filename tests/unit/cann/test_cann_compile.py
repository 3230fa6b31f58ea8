"""bisheng / ld.lld command lines per kernel type, the binary cache, compile errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from cann_fake import ROOT, VERSION, cube_kernel, mix_kernel, vector_add_kernel

from asc_xdsl.frontend.cache import CacheWarning
from asc_xdsl.runtime.cann.cache import BinaryCache, cache_root
from asc_xdsl.runtime.cann.compiler import build_binary
from asc_xdsl.runtime.cann.errors import BishengError, CannError
from asc_xdsl.runtime.cann.toolkit import require_toolkit
from asc_xdsl.soc import get_soc

A2 = get_soc("Ascend910B1")


def _build(kernel, **kw):
    binary, _ = build_binary(
        require_toolkit(), kernel.name, kernel.ascendc, kernel.kernel_type, A2, kernel.options, **kw
    )
    return binary


def _expected_flags(home: Path, mix: bool = False, opt: str = "-O3", extra=()) -> list[str]:
    tik = home / "compiler" / "tikcpp" / "tikcfw"
    flags = [
        "-x", "cce", opt, "-std=c++17", "--cce-aicore-only",
        "-mllvm", "-cce-aicore-stack-size=0x8000",
        "-mllvm", "-cce-aicore-function-stack-size=0x8000",
        "-mllvm", "-cce-aicore-dcci-insert-for-scalar=false",
        "-I", str(tik), "-I", str(tik / "impl"), "-I", str(tik / "interface"),
        "-DASCENDC_DUMP=0", "-D__NPU_TILING__", "-DTILING_KEY_VAR=0",
    ]  # fmt: skip
    if mix:
        flags += ["-cce-enable-mix", "-D__MIX_CORE_MACRO__=1"]
    flags += ["--cce-auto-sync", "-mllvm", "-api-deps-filter", *extra]
    return flags


def _workdir(calls) -> Path:
    return Path(calls[0][calls[0].index("-o") + 1]).parent


def test_vector_kernel_commands(fake_toolkit):
    binary = _build(vector_add_kernel())
    calls = fake_toolkit.tool_calls()
    w = _workdir(calls)
    home = fake_toolkit.home
    assert calls == [
        ["bisheng", "-c", *_expected_flags(home), "--cce-aicore-arch=dav-c220-vec",
         str(w / "kernel.cpp"), "-o", str(w / "kernel_vec.o")],
        ["ld.lld", "-m", "aicorelinux", "-Ttext=0", str(w / "kernel_vec.o"), "-static",
         "-o", str(w / "kernel.o")],
    ]  # fmt: skip
    assert binary.read_text() == "FAKE-OBJ dav-c220-vec\n"
    assert binary.parent == fake_toolkit.cache / "bin"
    assert not w.exists(), "the work directory of a successful build is removed"


def test_cube_kernel_commands(fake_toolkit):
    binary = _build(cube_kernel(opt_level=2))
    calls = fake_toolkit.tool_calls()
    w = _workdir(calls)
    assert calls[0] == [
        "bisheng", "-c", *_expected_flags(fake_toolkit.home, opt="-O2"),
        "--cce-aicore-arch=dav-c220-cube", str(w / "kernel.cpp"), "-o", str(w / "kernel_cube.o"),
    ]  # fmt: skip
    assert len(calls) == 2 and calls[1][0] == "ld.lld"
    assert binary.read_text() == "FAKE-OBJ dav-c220-cube\n"


def test_mix_kernel_commands(fake_toolkit):
    binary = _build(mix_kernel())
    calls = fake_toolkit.tool_calls()
    w = _workdir(calls)
    flags = _expected_flags(fake_toolkit.home, mix=True)
    src = str(w / "kernel.cpp")
    assert calls == [
        ["bisheng", "-c", *flags, "--cce-aicore-arch=dav-c220-cube", src, "-o", str(w / "kernel_cube.o")],
        ["bisheng", "-c", *flags, "--cce-aicore-arch=dav-c220-vec", src, "-o", str(w / "kernel_vec.o")],
        ["ld.lld", "-m", "aicorelinux", "-Ttext=0", str(w / "kernel_cube.o"),
         str(w / "kernel_vec.o"), "-static", "-o", str(w / "kernel.o")],
    ]  # fmt: skip
    assert binary.read_text() == "FAKE-OBJ dav-c220-cube\nFAKE-OBJ dav-c220-vec\n"


def test_950_mix_kernel_commands(fake_toolkit):
    # Ascend 950 (arch 3510): CANN's c310 arches and code generation flags
    a950 = get_soc("Ascend950PR_9599")
    kernel = mix_kernel()
    build_binary(require_toolkit(), kernel.name, kernel.ascendc, "mix", a950, kernel.options)
    calls = fake_toolkit.tool_calls()
    assert [c[c.index("-c") + 1 :].count("-D__DAV_C310__") for c in calls[:2]] == [1, 1]
    arches = [a for c in calls[:2] for a in c if a.startswith("--cce-aicore-arch=")]
    assert arches == ["--cce-aicore-arch=dav-c310-cube", "--cce-aicore-arch=dav-c310-vec"]
    assert "-cce-aicore-addr-transform" in calls[0] and "-cce-enable-mix" in calls[0]
    assert "-cce-aicore-dcci-insert-for-scalar=false" in calls[1]
    assert calls[2][0] == "ld.lld"


def test_options_change_flags(fake_toolkit):
    _build(vector_add_kernel(auto_sync=False, debug=True, bisheng_options=["-DMY_FLAG=1"]))
    flags = fake_toolkit.tool_calls()[0]
    assert "--cce-auto-sync" not in flags and "-api-deps-filter" not in flags
    assert (
        flags.index("-g")
        < flags.index("-DMY_FLAG=1")
        < flags.index("--cce-aicore-arch=dav-c220-vec")
    )


def test_cann_version_header_is_included(fake_toolkit):
    header = fake_toolkit.home / "include" / "version" / "cann_version.h"
    header.parent.mkdir(parents=True)
    header.write_text("")
    _build(vector_add_kernel())
    flags = fake_toolkit.tool_calls()[0]
    assert flags[flags.index("-include") + 1] == str(header)


def test_bad_opt_level(fake_toolkit):
    with pytest.raises(CannError, match=r"opt_level must be 0, 1, 2 or 3, got 7"):
        _build(vector_add_kernel(opt_level=7))


def test_cache_hit_skips_the_compiler(fake_toolkit):
    first = _build(vector_add_kernel())
    n = len(fake_toolkit.tool_calls())
    assert _build(vector_add_kernel()) == first
    assert len(fake_toolkit.tool_calls()) == n
    # cache=False rebuilds into the same entry
    assert _build(vector_add_kernel(), use_cache=False) == first
    assert len(fake_toolkit.tool_calls()) == 2 * n
    entry = first.with_suffix("")
    assert Path(f"{entry}.cpp").read_text() == vector_add_kernel().ascendc
    assert json.loads(Path(f"{entry}.json").read_text())[0][0].endswith("bisheng")


def test_a_changed_cached_binary_is_rebuilt(fake_toolkit):
    """Issue 28, item 3: bin/<key>.o is checked against the SHA-256 stored with it."""
    first = _build(vector_add_kernel())
    good = first.read_bytes()
    n = len(fake_toolkit.tool_calls())
    first.write_bytes(good + b"planted")
    with pytest.warns(CacheWarning, match=r"is not the one stored .*built again"):
        assert _build(vector_add_kernel()) == first
    assert len(fake_toolkit.tool_calls()) == 2 * n  # rebuilt
    assert first.read_bytes() == good
    Path(f"{first}.sha256").unlink()  # a binary without its digest (an older cache)
    assert _build(vector_add_kernel()) == first
    assert len(fake_toolkit.tool_calls()) == 3 * n
    assert _build(vector_add_kernel()) == first  # and a plain hit again
    assert len(fake_toolkit.tool_calls()) == 3 * n


def test_cache_key(fake_toolkit, monkeypatch):
    base = _build(vector_add_kernel())
    assert _build(vector_add_kernel(opt_level=1)) != base  # flags
    kernel = vector_add_kernel()
    kernel.asm["ascendc"] += "\n// changed\n"
    assert _build(kernel) != base  # source
    assert build_binary(
        require_toolkit(), "add_custom", vector_add_kernel().ascendc, "mix",
        A2, {},
    )[0] != base  # kernel type / arch  # fmt: skip
    info = next(fake_toolkit.home.glob("*-linux/ascend_toolkit_install.info"))
    info.write_text("version=9.0.0\n")
    assert require_toolkit().version == "9.0.0"
    assert _build(vector_add_kernel()) != base  # toolkit version
    assert VERSION != "9.0.0"


def test_cache_dir_default_and_env(monkeypatch, tmp_path):
    monkeypatch.delenv("ASC_XDSL_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_root() == tmp_path / "xdg" / "asc_xdsl"
    assert BinaryCache().dir == tmp_path / "xdg" / "asc_xdsl" / "bin"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_root() == Path.home() / ".cache" / "asc_xdsl"
    monkeypatch.setenv("ASC_XDSL_CACHE_DIR", str(tmp_path / "mine"))
    assert BinaryCache().dir == tmp_path / "mine" / "bin"


def test_compile_error_shows_diagnostics_and_source(fake_toolkit):
    kernel = vector_add_kernel()
    kernel.asm["ascendc"] = kernel.ascendc.replace("return;", "FAKE_COMPILE_ERROR;\n  return;")
    with pytest.raises(BishengError) as e:
        _build(kernel)
    msg = str(e.value)
    kept = Path(msg.split("source kept at: ")[1].splitlines()[0])
    assert kept.is_file() and "FAKE_COMPILE_ERROR" in kept.read_text()
    assert "bisheng failed (exit status 1) for kernel 'add_custom'" in msg
    assert f"{kept}:" in msg and "error: use of undeclared identifier 'FAKE_COMPILE_ERROR'" in msg
    assert "command: " in msg and "--cce-aicore-arch=dav-c220-vec" in msg
    assert not list((fake_toolkit.cache / "bin").glob("*.o"))


def test_compile_error_through_launch(fake_toolkit):
    import numpy as np

    kernel = vector_add_kernel()
    kernel.asm["ascendc"] = kernel.ascendc.replace("return;", "FAKE_COMPILE_ERROR;")
    x = np.zeros(8, np.float32)
    with pytest.raises(BishengError, match=r"undeclared identifier"):
        kernel[1](x, x, x, 8, backend="npu")


def test_concurrent_builds_of_one_kernel(fake_toolkit, monkeypatch):
    """Two processes compile the same kernel at once: both succeed, one complete entry."""
    monkeypatch.setenv("FAKE_TOOL_SLEEP", "0.3")
    script = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from cann_fake import vector_add_kernel\n"
        "from test_cann_compile import _build\n"
        "print(_build(vector_add_kernel()))\n"
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(Path(__file__).parent)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for _ in range(2)
    ]
    outs = [p.communicate(timeout=60) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    paths = {out.strip() for out, _ in outs}
    assert len(paths) == 1
    binary = Path(paths.pop())
    assert binary.read_text() == "FAKE-OBJ dav-c220-vec\n"
    # both really compiled (overlapping), and left no partial files behind
    assert sum(c[0] == "bisheng" for c in fake_toolkit.tool_calls()) == 2
    leftovers = [p.name for p in binary.parent.iterdir() if p.name.startswith(".")]
    assert leftovers == []
    assert list((binary.parent / "tmp").iterdir()) == []
