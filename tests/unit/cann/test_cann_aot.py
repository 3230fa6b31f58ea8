"""Ahead-of-time builds and prebuilt launches: the manifest, the build command line,
the SoC table's flags and limits, workspaces, tiling structs, and launching a
manifest + binary in a process that never imports xDSL."""

from __future__ import annotations

import hashlib
import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from cann_fake import ROOT, VERSION, make_kernel, mix_kernel, vector_add_kernel

from asc_xdsl.build import main as build_main
from asc_xdsl.runtime.cann.aot import build_kernel
from asc_xdsl.runtime.cann.args import Workspace
from asc_xdsl.runtime.cann.errors import CannError
from asc_xdsl.runtime.cann.manifest import Manifest, ManifestError
from asc_xdsl.runtime.cann.prebuilt import load
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.soc import MAGIC_AICORE, MAGIC_VECTOR_CORE, get_soc

HERE = Path(__file__).resolve().parent
SYS_WS = 16 * 1024 * 1024


@pytest.fixture
def no_acl(fake_toolkit):
    """The fake toolkit with its compiler only: no libascendcl.so (a build server)."""
    fake_toolkit.acl_path.unlink()
    return fake_toolkit


def _bisheng_arches(toolkit) -> list[str]:
    return [
        a.split("=", 1)[1]
        for call in toolkit.tool_calls()
        if call[0] == "bisheng"
        for a in call
        if a.startswith("--cce-aicore-arch=")
    ]


def test_manifest_of_a_vector_kernel(no_acl, tmp_path):
    built = build_kernel(vector_add_kernel(), get_soc("Ascend910B1"), out_dir=tmp_path / "out")
    data = json.loads((tmp_path / "out" / "add_custom.json").read_text())
    binary = tmp_path / "out" / "add_custom.o"
    assert built.binary == binary and binary.read_text() == "FAKE-OBJ dav-c220-vec\n"
    commands = data.pop("commands")
    assert [c[0].rsplit("/", 1)[-1] for c in commands] == ["bisheng", "ld.lld"]
    assert data.pop("binary_sha256") == hashlib.sha256(binary.read_bytes()).hexdigest()
    gm = "memref<?xf32, 22 : i64>"
    assert data == {
        "kernel": "add_custom",
        "kernel_type": "vector",
        "soc": "Ascend910B1",
        "npu_arch": 2201,
        "arches": ["dav-c220-vec"],
        "magic": MAGIC_VECTOR_CORE,
        "toolkit_version": VERSION,
        "binary": "add_custom.o",
        "params": [
            {"name": "x", "kind": "gm", "type": gm, "dtype": "float32", "written": False,
             "size": 8, "offset": 0},
            {"name": "y", "kind": "gm", "type": gm, "dtype": "float32", "written": False,
             "size": 8, "offset": 8},
            {"name": "z", "kind": "gm", "type": gm, "dtype": "float32", "written": True,
             "size": 8, "offset": 16},
            {"name": "total", "kind": "scalar", "type": "i32", "dtype": "int32",
             "bounds": [-(2**31), 2**31 - 1], "size": 4, "offset": 24},
        ],
        "hidden": [],
        "args_size": 32,
        "dump": None,
        "options": {"dump": False},
        "format": "asc_xdsl.cann.kernel/1",
    }  # fmt: skip
    assert Manifest.read(tmp_path / "out" / "add_custom.json") == built.manifest


def test_mix_manifest_has_the_ffts_hidden_argument(no_acl, tmp_path):
    m = build_kernel(mix_kernel(), get_soc("Ascend910_9391"), out_dir=tmp_path).manifest
    assert (m.arches, m.magic, m.soc) == (
        ["dav-c220-cube", "dav-c220-vec"],
        MAGIC_AICORE,
        "Ascend910_9391",
    )
    assert m.hidden == [{"name": "ffts_addr", "kind": "ffts_addr", "size": 8, "offset": 8}]
    assert m.args_size == 16


def test_310p_builds_for_its_ai_core_and_refuses_mix(no_acl, tmp_path):
    m = build_kernel(vector_add_kernel(), get_soc("Ascend310P3"), out_dir=tmp_path).manifest
    assert (m.arches, m.magic, m.npu_arch) == (["dav-m200"], MAGIC_AICORE, 2002)
    assert _bisheng_arches(no_acl) == ["dav-m200"]
    bisheng = no_acl.tool_calls()[0]
    assert bisheng[-1].endswith("kernel_aicore.o")
    # CANN's v200 code generation flags, not the A2/A3 stack sizes
    assert "-cce-aicore-function-stack-size=16000" in bisheng and "--cce-mask-opt" in bisheng
    assert "-cce-aicore-dcci-insert-for-scalar=false" not in bisheng
    with pytest.raises(CannError, match=r"Ascend310P3 .* cannot run 'mix' kernels .* Atlas A2/A3"):
        build_kernel(mix_kernel(), get_soc("Ascend310P3"), out_dir=tmp_path)


def test_build_command_line_for_mlir(no_acl, tmp_path, capsys):
    out = tmp_path / "out"
    assert (
        build_main(
            [str(ROOT / "examples/vector_add_tque.mlir"), "--soc", "Ascend910B3", "-o", str(out)]
        )
        == 0
    )
    printed = capsys.readouterr().out.splitlines()
    assert printed[:2] == [str(out / "add_custom.o"), str(out / "add_custom.json")]
    assert printed[2] == f"kernel add_custom (vector) for Ascend910B3, toolkit {VERSION}"
    assert Manifest.read(out / "add_custom.json").soc == "Ascend910B3"


def test_build_command_line_errors(no_acl, tmp_path, capsys):
    mlir = str(ROOT / "examples/vector_add_tque.mlir")
    assert build_main([mlir, "--soc", "Ascend999", "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "unknown SoC 'Ascend999'; known: Ascend910B1, Ascend910B2, " in err
    assert "Ascend310P3" in err and "Ascend910_9391" in err
    assert build_main([mlir, "--kernel", "nope", "-o", str(tmp_path)]) == 2
    assert "no kernel 'nope' in the module (kernels: add_custom)" in capsys.readouterr().err
    assert build_main([str(tmp_path / "missing.py"), "-o", str(tmp_path)]) == 2
    assert "missing.py: no such file" in capsys.readouterr().err
    assert build_main([mlir, "--option", "opt_levl=2", "-o", str(tmp_path)]) == 2
    assert "unknown build option(s) opt_levl for an IR kernel (known: opt_level, " in (
        capsys.readouterr().err
    )
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert build_main([mlir, "-o", str(blocker / "out")]) == 2
    assert "cannot write the build of kernel 'add_custom' to " in capsys.readouterr().err


KERNELS_PY = """
import numpy as np
from cann_jit_kernels import add_custom

def other():  # not a kernel
    pass
"""


def test_build_command_line_for_python(no_acl, tmp_path, capsys, monkeypatch):
    monkeypatch.syspath_prepend(str(HERE))
    src = tmp_path / "kernels.py"
    src.write_text(KERNELS_PY)
    out = tmp_path / "out"
    assert build_main([str(src), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "kernel 'add_custom' in " in err and "--args" in err and "BUILD_ARGS" in err
    args = "np.zeros(8, np.float32), np.zeros(8, np.float32), np.zeros(8, np.float32), 8, 4"
    assert build_main([str(src), "--args", args, "-o", str(out), "--option", "opt_level=2"]) == 0
    m = Manifest.read(out / "add_custom.json")
    assert [p["name"] for p in m.params] == ["x", "y", "z", "block_length"]  # tile is ConstExpr
    assert m.options["opt_level"] == 2 and "-O2" in m.commands[0]
    src.write_text(KERNELS_PY + f"\nBUILD_ARGS = {{'add_custom': lambda: ({args})}}\n")
    assert build_main([str(src), "-o", str(out)]) == 0


HELPERS_PY = """
import numpy as np
import asc_xdsl as asc
import helper_lib


@asc.jit
def twice(v: int):
    return v + v


@asc.jit(inline=False)
def store(g: asc.GlobalAddress, i: int, v: int):
    t = asc.GlobalTensor()
    t.set_global_buffer(g, 4)
    t.set_value(i, helper_lib.plus_one(v))


@asc.jit
def kernel(out: asc.GlobalAddress, n: int):
    store(out, 0, twice(n))
"""

HELPER_LIB_PY = """
import asc_xdsl as asc


@asc.jit
def plus_one(v: int):
    return v + 1
"""


def test_build_does_not_count_jit_helpers_as_kernels(no_acl, tmp_path, capsys, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "helper_lib.py").write_text(HELPER_LIB_PY)
    src = tmp_path / "with_helpers.py"
    src.write_text(HELPERS_PY + "\nfrom helper_lib import plus_one\n")
    out = tmp_path / "out"
    args = ["--args", "np.zeros(4, np.int32), 3", "-o", str(out)]
    # twice, store (a device function) and plus_one (called as helper_lib.plus_one) are
    # helpers: the one kernel is picked without --kernel
    assert build_main([str(src), *args]) == 0, capsys.readouterr().err
    assert Manifest.read(out / "kernel.json").kernel == "kernel"
    assert build_main([str(src), "--kernel", "store", *args]) == 2
    assert (
        "'store' in " in (err := capsys.readouterr().err)
        and "is an @asc.jit helper (a device function, called from 'kernel'), not a kernel" in err
        and "(kernels: kernel)" in err
    )
    assert build_main([str(src), "--kernel", "nope", *args]) == 2
    assert "no kernel 'nope' in " in capsys.readouterr().err


def test_jit_compile_with_backend_builds_without_acl(no_acl, tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(HERE))
    from cann_jit_kernels import add_custom

    a = np.zeros(8, np.float32)
    compiled = add_custom.compile(
        a, a, a, 8, 4, backend="npu", soc_version="Ascend910B4", out_dir=tmp_path
    )
    assert compiled.metadata["manifest"].soc == "Ascend910B4"
    assert Path(compiled.metadata["binary"]) == tmp_path / "add_custom.o"
    with pytest.raises(TypeError, match=r"out_dir build a kernel binary with CANN: pass backend="):
        add_custom.compile(a, a, a, 8, 4, soc_version="Ascend910B4", out_dir=tmp_path)
    # without a CANN backend, soc_version names the SoC the module is compiled for
    ir = add_custom.compile(a, a, a, 8, 4, soc_version="Ascend910B4").asm["ir"]
    assert 'ascendc.soc = "Ascend910B"' in ir  # its series: every A2 chip compiles alike


def test_prebuilt_launch_needs_no_xdsl(fake_toolkit, tmp_path):
    build_kernel(vector_add_kernel(), get_soc("Ascend910B2"), out_dir=tmp_path)
    script = f"""
import sys
import numpy as np
from asc_xdsl.runtime.cann.prebuilt import load
k = load({str(tmp_path)!r})
x = np.arange(64, dtype=np.float32); y = np.full(64, 0.5, np.float32); z = np.zeros(64, np.float32)
k[8](x, y, z, 64)
assert (z == x + 0.5).all() and x[0] == 0, z
bad = [m for m in sys.modules if m == "xdsl" or m.startswith("xdsl.")]
assert not bad, bad
print("ok")
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
    assert fake_toolkit.tool_calls() and len(fake_toolkit.tool_calls()) == 2  # built once, here


def test_prebuilt_checks(fake_toolkit, tmp_path):
    built = build_kernel(vector_add_kernel(), get_soc("Ascend910B2"), out_dir=tmp_path)
    k = load(built.manifest_path)
    x = np.zeros(4, np.float32)
    with pytest.raises(
        LaunchError, match=r"argument 3: 2147483648 does not fit in i32 \(parameter 'total'"
    ):
        k[1](x, x, x, 2**31)
    with pytest.raises(LaunchError, match=r"takes 4 arguments, got 3"):
        k[1](x, x, x)
    with pytest.raises(LaunchError, match=r"runs on npu or model, not 'cpu'"):
        k[1](x, x, x, 4, backend="cpu")
    assert fake_toolkit.acl_calls() == []  # all refused before ACL
    with pytest.raises(
        LaunchError, match=r"built for Ascend910B2 \(arch 2201\) and cannot run on Ascend310P1"
    ):
        k[1](x, x, x, 4, soc_version="Ascend310P1")
    built.binary.write_bytes(b"other")
    with pytest.raises(ManifestError, match=r"is not the binary .* describes \(SHA-256"):
        load(tmp_path)
    (tmp_path / "add_custom.json").write_text('{"format": "x"}')
    with pytest.raises(ManifestError, match=r"not an asc_xdsl kernel manifest \(format 'x'"):
        load(tmp_path / "add_custom.json")


def test_mix_block_dim_is_checked_per_soc(fake_toolkit):
    x = np.zeros(4, np.int64)
    with pytest.raises(
        LaunchError,
        match=r"block_dim 25 is more than Ascend910B2 runs for a mix kernel .* 24 AI Cores",
    ):
        mix_kernel()[25](x, backend="npu")
    mix_kernel()[24](x, backend="npu")
    assert x[0] == 0xFF7500
    builds = len(fake_toolkit.tool_calls())
    with pytest.raises(LaunchError, match=r"block_dim 21 .* Ascend910B3 .* 20 AI Cores"):
        mix_kernel()[21](x, backend="npu", soc_version="Ascend910B3")
    assert len(fake_toolkit.tool_calls()) == builds  # a named SoC is checked before building


def test_workspace_is_allocated_in_gm_and_never_copied(fake_toolkit):
    y = np.full(64, 0.5, np.float32)
    z = np.zeros(64, np.float32)
    vector_add_kernel()[1](Workspace(256), y, z, 64, backend="npu")
    calls = fake_toolkit.acl_calls()
    assert calls[5:10] == [
        f"aclrtMalloc dev0 size={SYS_WS + 256} policy=0",  # system + user workspace
        "aclrtMalloc dev1 size=256 policy=0",
        "aclrtMemcpy H2D dev1<-host n=256",
        "aclrtMalloc dev2 size=256 policy=0",
        "aclrtMemcpy H2D dev2<-host n=256",
    ]
    np.testing.assert_array_equal(z, y)  # the workspace reads as zeros in the fake
    fake_toolkit.reset_calls()
    vector_add_kernel()[1](Workspace(64, system=False), y, z, 64, backend="npu")
    assert "aclrtMalloc dev3 size=64 policy=0" in fake_toolkit.acl_calls()
    with pytest.raises(LaunchError, match=r"Workspace\(nbytes\) takes a byte count >= 0, got -1"):
        Workspace(-1)


def test_310p_workspace_size(no_acl):
    assert Workspace(8).size(get_soc("Ascend310P3").system_workspace) == 2 * 1024 * 1024 + 8


TILING_KERNEL = """\
func.func @tiled(%x: memref<?xi32, 22>, %t: memref<?x!ascendc.cube_tiling, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  return
}
"""


def test_tiling_struct_argument_is_its_bytes(fake_toolkit):
    from asc_xdsl.language.adv import TCubeTiling

    kernel = make_kernel(TILING_KERNEL, "tiled")
    tiling = TCubeTiling(8, 128, 256, 64, 64)
    x = np.zeros(4, np.int32)
    kernel[1](x, tiling, 3, backend="npu")
    m = kernel.metadata["manifest"]
    assert m.params[1]["struct"]["cpp"] == "TCubeTiling"
    size = m.params[1]["struct"]["size"]
    assert f"aclrtMalloc dev1 size={size} policy=0" in fake_toolkit.acl_calls()
    assert f"aclrtMemcpy H2D dev1<-host n={size}" in fake_toolkit.acl_calls()
    assert struct.unpack_from("<qqi", fake_toolkit.last_args())[2] == 3
    with pytest.raises(LaunchError, match=rf"reads a {size}-byte TCubeTiling but got 4 bytes"):
        kernel[1](x, b"\0" * 4, 3, backend="npu")


def test_build_command_line_reports_errors_in_the_users_code(no_acl, tmp_path, capsys):
    src = tmp_path / "broken.py"
    src.write_text("import numpy as np\n\nx = 1 / 0\n")
    assert build_main([str(src), "-o", str(tmp_path)]) == 2
    assert f"importing {src} failed at {src}:3: ZeroDivisionError: division by zero" in (
        capsys.readouterr().err
    )
    src.write_text("def f(:\n")
    assert build_main([str(src), "-o", str(tmp_path)]) == 2
    assert f"{src}:1: " in capsys.readouterr().err
    src.write_text("from cann_jit_kernels import add_custom\n")
    sys.path.insert(0, str(HERE))
    try:
        assert build_main([str(src), "--args", "nope", "-o", str(tmp_path)]) == 2
    finally:
        sys.path.remove(str(HERE))
    assert "--args 'nope' failed: NameError: name 'nope' is not defined" in capsys.readouterr().err


def test_hand_edited_manifest_errors(tmp_path):
    base = {
        "format": "asc_xdsl.cann.kernel/1", "kernel": "k", "kernel_type": "vector",
        "soc": "Ascend910B1", "npu_arch": 2201, "arches": [], "magic": 1,
        "toolkit_version": "x", "binary": "k.o", "binary_sha256": "", "params": [],
        "hidden": [], "args_size": 0,
    }  # fmt: skip
    assert Manifest.from_dict(dict(base)).kernel == "k"
    with pytest.raises(ManifestError, match=r"field 'params' must be list, got dict"):
        Manifest.from_dict({**base, "params": {}})
    with pytest.raises(ManifestError, match=r"params\[0\] has kind 'ptr'"):
        Manifest.from_dict({**base, "params": [{"kind": "ptr"}]})
    with pytest.raises(ManifestError, match=r"missing field\(s\) args_size"):
        Manifest.from_dict({k: v for k, v in base.items() if k != "args_size"})
    with pytest.raises(ManifestError, match=r"unknown field\(s\) extra"):
        Manifest.from_dict({**base, "extra": 1})
    path = tmp_path / "m.json"
    path.write_text("{\n  nope")
    with pytest.raises(ManifestError, match=r"m.json:2: not a JSON kernel manifest"):
        Manifest.read(path)


def test_prebuilt_on_cann_simulator_uses_the_manifest_soc(fake_toolkit, tmp_path):
    build_kernel(vector_add_kernel(), get_soc("Ascend910B1"), out_dir=tmp_path)
    k = load(tmp_path)
    x = np.arange(16, dtype=np.float32)
    z = np.zeros(16, np.float32)
    with pytest.raises(LaunchError, match=r"has device 0 only, got device 1"):
        k[1](x, x, z, 16, backend="model", device_id=1)
    k[1](x, x, z, 16, backend="model")  # the simulator of Ascend910B1, the manifest's SoC
    np.testing.assert_array_equal(z, 2 * x)
    camodel = fake_toolkit.home / "tools/simulator/Ascend910B1/lib/libruntime_camodel.so"
    assert str(camodel) in Path("/proc/self/maps").read_text()


def test_python_struct_argument_goes_to_gm_as_its_bytes(fake_toolkit, monkeypatch):
    monkeypatch.syspath_prepend(str(HERE))
    from cann_jit_kernels import Config, struct_param

    cfg = Config(count=3)
    struct_param[1](np.zeros(8, np.int32), cfg, backend="npu")
    n = len(cfg.pack())
    calls = fake_toolkit.acl_calls()
    assert f"aclrtMalloc dev1 size={n} policy=0" in calls
    assert f"aclrtMemcpy H2D dev1<-host n={n}" in calls
    assert not any("D2H" in c and "dev1" in c for c in calls)  # a struct is never copied back
