"""A fake CANN toolkit for the CANN runtime tests: no CANN, no NPU needed.

The fixtures are registered by this folder's conftest.py; tests import helpers from here.

`fake_toolkit` builds, in tmp_path, a toolkit tree with a version file, fake
`bisheng`/`ld.lld` (fake_tool.py) that record their arguments, and a fake
`libascendcl.so` (fake_acl.c, compiled once per session with the system C compiler)
that records the ACL calls and treats device memory as host memory. Each test gets
its own copy of the library, hence its own call log.
"""

from __future__ import annotations

import ctypes
import json
import os
import platform
import shutil
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from asc_xdsl.backends.ascendc import to_ascendc
from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.runtime.kernel import CompiledKernel
from asc_xdsl.transforms.legalize_kernel_args import legalize_kernel_args

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
VERSION = "8.1.RC1"
CANN_ENVS = (
    "ASCEND_HOME_PATH",
    "ASCEND_TOOLKIT_HOME",
    "ASC_XDSL_BISHENG",
    "ASC_XDSL_LINKER",
    "PYASC_COMPILER",
    "PYASC_LINKER",
    "ASC_XDSL_DEVICE_ID",
    "ASC_XDSL_SOC_VERSION",
    "ASC_XDSL_BACKEND",
    "ASC_XDSL_MSPROF",
)


def _compile(source: Path, out: Path, *flags: str) -> None:
    cc = shutil.which(os.environ.get("CC", "gcc")) or shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler (gcc/cc) to build the fake libascendcl.so")
    subprocess.run([cc, "-shared", "-fPIC", "-O1", *flags, "-o", str(out), str(source)], check=True)


def build_fake_libs(d: Path) -> dict[str, Path]:
    """The fake libraries, compiled into folder `d` (also used by bench/npu_cache_hit.py)."""
    libs = {
        "acl": d / "libascendcl.so",
        "acl_old": d / "libascendcl_old.so",
        "camodel": d / "libruntime_camodel.so",
    }
    _compile(HERE / "fake_acl.c", libs["acl"])
    _compile(HERE / "fake_acl.c", libs["acl_old"], "-DFAKE_NO_WITH_CONFIG")
    marker = d / "camodel.c"
    marker.write_text("int fake_camodel_marker(void) { return 1; }\n")
    _compile(marker, libs["camodel"])
    return libs


@pytest.fixture(scope="session")
def fake_libs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The fake libraries, compiled once per session."""
    return build_fake_libs(tmp_path_factory.mktemp("fake_libs"))


@dataclass
class FakeToolkit:
    home: Path
    cache: Path

    @property
    def acl_path(self) -> Path:
        return self.home / "lib64" / "libascendcl.so"

    @property
    def lib(self) -> ctypes.CDLL:
        lib = ctypes.CDLL(str(self.acl_path))
        lib.fake_log.restype = ctypes.c_char_p
        lib.fake_last_binary.restype = ctypes.c_char_p
        lib.fake_fail.argtypes = [ctypes.c_char_p, ctypes.c_int]
        return lib

    def acl_calls(self) -> list[str]:
        return self.lib.fake_log().decode().splitlines()

    def reset_calls(self) -> None:
        self.lib.fake_reset()

    def fail(self, function: str, code: int) -> None:
        self.lib.fake_fail(function.encode(), code)

    def last_args(self) -> bytes:
        buf = (ctypes.c_ubyte * 4096)()
        n = self.lib.fake_last_args(buf, 4096)
        return bytes(buf[:n])

    def tool_calls(self) -> list[list[str]]:
        path = self.home / "tool_calls.jsonl"
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text().splitlines()]


def make_toolkit(root: Path, fake_libs: dict[str, Path], acl: str = "acl") -> Path:
    home = root / "ascend-toolkit" / "latest"
    bin_dir = home / "compiler" / "ccec_compiler" / "bin"
    bin_dir.mkdir(parents=True)
    script = f"#!{sys.executable}\n" + (HERE / "fake_tool.py").read_text()
    for tool in ("bisheng", "ld.lld"):
        path = bin_dir / tool
        path.write_text(script)
        path.chmod(path.stat().st_mode | stat.S_IEXEC)
    for sub in ("tikcfw/impl", "tikcfw/interface"):
        (home / "compiler" / "tikcpp" / sub).mkdir(parents=True)
    info = home / f"{platform.machine()}-linux" / "ascend_toolkit_install.info"
    info.parent.mkdir(parents=True)
    info.write_text(f"package_name=Ascend-cann-toolkit\nversion={VERSION}\n")
    (home / "lib64").mkdir()
    shutil.copy(fake_libs[acl], home / "lib64" / "libascendcl.so")
    sim = home / "tools" / "simulator" / "Ascend910B1" / "lib"
    sim.mkdir(parents=True)
    shutil.copy(fake_libs["camodel"], sim / "libruntime_camodel.so")
    return home


@pytest.fixture
def no_cann(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No toolkit anywhere (also not at the default location)."""
    for name in CANN_ENVS:
        monkeypatch.delenv(name, raising=False)
    from asc_xdsl.runtime.cann import toolkit

    monkeypatch.setattr(toolkit, "DEFAULT_HOME", tmp_path / "no-such-toolkit")
    monkeypatch.setenv("ASC_XDSL_CACHE_DIR", str(tmp_path / "cache"))


@pytest.fixture
def fake_toolkit(
    fake_libs: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_cann: None
) -> FakeToolkit:
    home = make_toolkit(tmp_path, fake_libs)
    monkeypatch.setenv("ASCEND_HOME_PATH", str(home))
    return FakeToolkit(home.resolve(), tmp_path / "cache")


def make_kernel(text: str, name: str, kernel_type: str = "vector", **options) -> CompiledKernel:
    """A kernel as the JIT makes it: its parameters legalized (a mix kernel's hidden
    ffts_addr added), then printed."""
    module = parse_module(text)
    legalize_kernel_args(module)
    return CompiledKernel(
        name=name,
        module=module,
        asm={"ascendc": to_ascendc(module)},
        kernel_type=kernel_type,
        options=dict(options),
    )


VECTOR_ADD = (ROOT / "examples" / "vector_add_tque.mlir").read_text()

CUBE_KERNEL = """\
func.func @cube_k(%a: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %idx = ascendc.get_block_idx : i32
  return
}
"""

MIX_KERNEL = """\
func.func @mix_k(%x: memref<?xi64, 22>) attributes {ascendc.aicore, ascendc.global} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 7 : i64
  %gm = ascendc.global_tensor : !ascendc.global_tensor<*xi64>
  ascendc.global_tensor.set_global_buffer %gm, %x : !ascendc.global_tensor<*xi64>, memref<?xi64, 22>
  ascendc.global_tensor.set_value %gm, %c0, %v : !ascendc.global_tensor<*xi64>, index, i64
  return
}
"""


def vector_add_kernel(**options) -> CompiledKernel:
    return make_kernel(VECTOR_ADD, "add_custom", "vector", **options)


def cube_kernel(**options) -> CompiledKernel:
    return make_kernel(CUBE_KERNEL, "cube_k", "cube", **options)


def mix_kernel(with_ffts: bool = True, **options) -> CompiledKernel:
    """The mix kernel, with its hidden ffts_addr parameter (with_ffts=False marks it
    vector in the IR, so the pass adds no ffts_addr the mix launch passes)."""
    text = (
        MIX_KERNEL
        if not with_ffts
        else MIX_KERNEL.replace(
            "attributes {ascendc.aicore, ascendc.global}",
            'attributes {ascendc.aicore, ascendc.global, ascendc.kernel_type = "mix"}',
        )
    )
    kernel = make_kernel(text, "mix_k", "mix", **options)
    assert ("__gm__ uint64_t* ffts_addr" in kernel.asm["ascendc"]) == with_ffts
    return kernel


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "npu: needs CANN and an Ascend NPU (ASC_XDSL_TEST_NPU=1) or CANN's simulator "
        "(ASC_XDSL_TEST_MODEL=1); skipped otherwise",
    )
