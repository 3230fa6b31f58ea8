"""Issue 28: the compile cache never serves a stale or wrong kernel.

1. Classes, enum members, modules and dataclasses (their non-field attributes too),
   passed as ConstExpr values or read as globals, are keyed by the values of their
   attributes, not by their name; one that cannot be keyed is a located error.
2. A kernel's source is taken when `@asc.jit` decorates it: a file edited later is not
   compiled under the old function's name, and a function whose file holds other text
   (a stale .pyc) is a located error.
3. A disk-cache entry's files are checked against the digests `kernel.json` lists: a
   hand-edited `module.mlir` or a planted `kernel.cpp` is never served.
4. A bad entry (another kernel's, unparsable, a digest or format mismatch) is discarded
   with a warning and rebuilt, never a failure on every run.
"""

import enum
import importlib
import json
import os
import py_compile
import subprocess
import sys
import textwrap
import threading
import types
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend import cache

ROOT = Path(__file__).resolve().parents[3]

KERNELS = """\
import asc_xdsl as asc


@asc.jit
def scale_by(t, n, cfg):
    asc.muls(t, t, float(cfg.SCALE), n)


@asc.jit
def with_cfg(x: asc.GlobalAddress, n: int, cfg: asc.ConstExpr):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(t, gm, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    scale_by(t, 64, cfg)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(gm, t, 64)


@asc.jit
def with_mode(x: asc.GlobalAddress, n: int, mode: asc.ConstExpr):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(t, gm, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.muls(t, t, float(mode.value), 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(gm, t, 64)
"""


def load_module(folder: Path, name: str, text: str) -> types.ModuleType:
    path = folder / f"{name}.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture()
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ASC_XDSL_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.fixture()
def kernels(tmp_path, fresh_cache, request):
    name = f"stale_kernels_{request.node.name.split('[')[0]}"
    yield load_module(tmp_path, name, KERNELS)
    sys.modules.pop(name, None)


def run(kernel, *extra):
    x = np.ones(64, np.float32)
    kernel[1](x, 64, *extra)
    return float(x[0])


def entries(cache_root: Path) -> list[Path]:
    return sorted((cache_root / "kernels").iterdir())


# -- 1. namespaces keyed by what the compile reads ------------------------------------


def test_a_class_constexpr_is_keyed_by_its_attributes(kernels):
    class Cfg:
        SCALE = 2.0

    assert run(kernels.with_cfg, Cfg) == 2.0
    Cfg.SCALE = 5.0  # an attribute set: keyed by name, the 2.0 kernel was served
    assert run(kernels.with_cfg, Cfg) == 5.0

    class Cfg:  # (a notebook cell run again: same name, new class)
        SCALE = 3.0

    assert run(kernels.with_cfg, Cfg) == 3.0

    class Cfg:  # (back to 2.0: the first kernel again, from memory)
        SCALE = 2.0

    kernels.with_cfg._compiled.clear()
    hit = kernels.with_cfg.compile(np.ones(64, np.float32), 64, Cfg)
    assert hit.metadata.get("from_disk_cache") is True


def test_an_enum_member_is_keyed_by_its_value(kernels):
    class Mode(enum.Enum):
        FAST = 2.0

    assert run(kernels.with_mode, Mode.FAST) == 2.0

    class Mode(enum.Enum):  # (its value edited, the cell run again)
        FAST = 4.0

    assert run(kernels.with_mode, Mode.FAST) == 4.0


def test_a_module_constexpr_is_keyed_by_its_attributes(kernels):
    cfg = types.ModuleType("tile_cfg")
    cfg.SCALE = 2.0
    assert run(kernels.with_cfg, cfg) == 2.0
    cfg.SCALE = 6.0
    assert run(kernels.with_cfg, cfg) == 6.0


def test_a_dataclass_is_keyed_by_its_attributes_that_are_not_fields(kernels):
    @dataclass(frozen=True)
    class Tiling:
        n: int = 64
        SCALE: ClassVar[float] = 2.0  # a class attribute, not a field
        extra: list = field(default_factory=list)

    tiling = Tiling()
    assert run(kernels.with_cfg, tiling) == 2.0
    Tiling.SCALE = 7.0
    assert run(kernels.with_cfg, tiling) == 7.0

    @dataclass
    class Derived:
        n: int = 64

        def __post_init__(self):
            self.SCALE = self.n / 32  # set on the instance, not a field

    derived = Derived()
    assert run(kernels.with_cfg, derived) == 2.0
    derived.SCALE = 5.0
    assert run(kernels.with_cfg, derived) == 5.0

    @dataclass
    class Computed:
        n: int = 64

        @property
        def SCALE(self):  # (run by the compile: keyed by its code)
            return self.n / 32

    assert run(kernels.with_cfg, Computed()) == 2.0

    @dataclass
    class Computed:
        n: int = 64

        @property
        def SCALE(self):
            return self.n / 16

    assert run(kernels.with_cfg, Computed()) == 4.0


GLOBALS = """\
import enum

import asc_xdsl as asc


class Mode(enum.Enum):
    FAST = {fast}


class Cfg:
    SCALE = {scale}


@asc.jit
def scale_by(t, n, cfg):
    asc.muls(t, t, float(cfg.SCALE), n)


@asc.jit
def kern(x: asc.GlobalAddress, n: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(t, gm, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.muls(t, t, float(Mode.FAST.value), 64)
    scale_by(t, 64, Cfg)  # the class itself, read by the helper
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(gm, t, 64)
"""


def test_globals_that_are_classes_and_enum_members_across_processes(tmp_path):
    """The enum and the class live in the kernel's file, so the kernel's own text, and
    with names only its key, stayed the same when they were edited."""
    body = "m.kern[1](x, 64)\nprint(x[0])"
    path = tmp_path / "global_namespaces.py"
    results = []
    for fast, scale in ((2.0, 3.0), (5.0, 3.0), (5.0, 7.0), (2.0, 3.0)):
        path.write_text(GLOBALS.format(fast=fast, scale=scale))
        results.append(run_script(tmp_path, "global_namespaces", body, tmp_path / "c"))
    assert [float(r) for r in results] == [6.0, 15.0, 35.0, 6.0]
    assert len(entries(tmp_path / "c")) == 3  # the last run was a hit


def test_a_global_class_edited_in_memory(tmp_path, fresh_cache):
    m = load_module(tmp_path, "global_namespaces_mem", GLOBALS.format(fast=1.0, scale=2.0))
    try:
        assert run(m.kern) == 2.0
        m.Cfg.SCALE = 4.0
        assert run(m.kern) == 4.0
    finally:
        sys.modules.pop("global_namespaces_mem", None)


def test_an_unkeyable_attribute_is_a_located_error_naming_the_argument(kernels):
    class Cfg:
        SCALE = 2.0
        LOCK = threading.Lock()

    with pytest.raises(asc.CompileError) as info:
        kernels.with_cfg.compile(np.ones(64, np.float32), 64, Cfg)
    text = str(info.value)
    assert "ConstExpr argument 'cfg' of with_cfg is a _thread.lock value" in text
    assert "in attribute 'LOCK' of class" in text
    assert ".py:10:44: error:" in text  # the parameter, in the kernel's `def`
    assert "def with_cfg(x: asc.GlobalAddress, n: int, cfg: asc.ConstExpr):" in text


# -- 2. the source taken at decoration -------------------------------------------------

EDITED = """\
import asc_xdsl as asc


@asc.jit
def kern(x: asc.GlobalAddress, n: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(t, gm, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.muls(t, t, {scale}, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(gm, t, 64)
"""

INSERTED = """\
import asc_xdsl as asc


@asc.jit
def other(x: asc.GlobalAddress, n: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(t, gm, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.adds(t, t, 100.0, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(gm, t, 64)


"""


def test_the_file_edited_after_import_is_not_compiled(tmp_path, fresh_cache):
    m = load_module(tmp_path, "edited_after_import", EDITED.format(scale=2.0))
    try:
        # Another function inserted above (at the kernel's old lines), the body edited.
        path = tmp_path / "edited_after_import.py"
        path.write_text(INSERTED + EDITED.format(scale=9.0))
        assert run(m.kern) == 2.0  # the function imported, not the text now in its file
        compiled = m.kern.compile(np.ones(64, np.float32), 64)
        assert "100" not in compiled.asm["ascendc"]
        assert m.kern.source.tree.name == "kern" and m.kern.source.first_line == 4
    finally:
        sys.modules.pop("edited_after_import", None)


def test_a_function_not_compiled_from_its_file_is_a_located_error(tmp_path, fresh_cache):
    path = tmp_path / "mismatched_text.py"
    path.write_text(EDITED.format(scale=2.0))
    namespace: dict = {}
    exec(compile(EDITED.format(scale=3.0), str(path), "exec"), namespace)  # other text
    with pytest.raises(asc.CompileError) as info:
        namespace["kern"].compile(np.ones(64, np.float32), 64)
    text = str(info.value)
    assert "mismatched_text.py:4:1: error: kern was not compiled from the text of its file" in text
    assert "@asc.jit\n^^^^^^^^" in text


def test_a_stale_pyc_is_found_out(tmp_path, monkeypatch):
    """The .pyc of the first text, the file rewritten at the same size and time (what a
    quick edit within the clock's resolution leaves): Python imports the old code."""
    path = tmp_path / "stale_pyc_kernel.py"
    path.write_text(EDITED.format(scale=2.0))
    # where the script's process looks for it (the conftest may set PYTHONPYCACHEPREFIX)
    monkeypatch.setattr(sys, "pycache_prefix", os.environ.get("PYTHONPYCACHEPREFIX"))
    py_compile.compile(str(path), doraise=True)
    stat = path.stat()
    path.write_text(EDITED.format(scale=5.0))  # same size
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    body = "m.kern[1](x, 64)\nprint(x[0])"
    out = run_script(tmp_path, "stale_pyc_kernel", body, tmp_path / "c")
    assert "ERROR" in out and "kern was not compiled from the text of its file" in out
    assert "stale" in out


# -- 3. and 4. entries checked, bad ones discarded and rebuilt -------------------------


def only_entry(cache_root: Path) -> Path:
    (entry,) = entries(cache_root)
    return entry


def rewrite(entry: Path, file: str, text: str, *, digest: bool) -> None:
    """Change `file` of `entry`, and with `digest` its digest in kernel.json too (a
    consistent entry, bad in another way)."""
    (entry / file).write_text(text)
    if digest:
        meta = json.loads((entry / "kernel.json").read_text())
        meta["files"][file] = cache.text_hash(text)
        (entry / "kernel.json").write_text(json.dumps(meta))


def test_a_hand_edited_module_is_not_served(kernels, fresh_cache):
    class Cfg:
        SCALE = 2.0

    assert run(kernels.with_cfg, Cfg) == 2.0
    entry = only_entry(fresh_cache)
    module = (entry / "module.mlir").read_text()
    assert "2.000000e+00" in module
    (entry / "module.mlir").write_text(module.replace("2.000000e+00", "9.000000e+00"))
    kernels.with_cfg._compiled.clear()
    with pytest.warns(cache.CacheWarning, match=r"its module.mlir was changed after"):
        assert run(kernels.with_cfg, Cfg) == 2.0
    kernels.with_cfg._compiled.clear()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        hit = kernels.with_cfg.compile(np.ones(64, np.float32), 64, Cfg)
    assert hit.metadata.get("from_disk_cache") is True


def test_a_planted_kernel_cpp_is_never_served(kernels, fresh_cache):
    class Cfg:
        SCALE = 2.0

    x = np.ones(64, np.float32)
    compiled = kernels.with_cfg.compile(x, 64, Cfg)
    entry = only_entry(fresh_cache)
    assert not (entry / "kernel.cpp").exists()  # the C++ was not printed by then
    real = compiled.asm["ascendc"]
    planted = "// planted\n" + real.replace("2.000000e+00", "9.0")
    (entry / "kernel.cpp").write_text(planted)  # not listed in kernel.json: never read
    kernels.with_cfg._compiled.clear()
    hit = kernels.with_cfg.compile(x, 64, Cfg)
    assert hit.metadata.get("from_disk_cache") is True
    assert hit.asm["ascendc"] == real
    # An entry written with its C++, which is then changed.
    cache.store(entry.name, compiled)
    assert "kernel.cpp" in json.loads((entry / "kernel.json").read_text())["files"]
    (entry / "kernel.cpp").write_text(planted)
    kernels.with_cfg._compiled.clear()
    with pytest.warns(cache.CacheWarning, match=r"its kernel.cpp was changed after"):
        again = kernels.with_cfg.compile(x, 64, Cfg)
    assert not again.metadata.get("from_disk_cache")
    assert again.asm["ascendc"] == real
    assert not (entry / "kernel.cpp").exists()  # the whole entry went


OTHER = """\
@asc.jit
def other_kernel(x: asc.GlobalAddress, n: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, n)
"""


def spoil_with_another_kernel(entry: Path, kernels) -> None:
    """module.mlir (digest and all) replaced by another kernel's: kernel.json still
    names this one, so the entry passed every check before."""
    other = load_module(entry.parent.parent.parent, "stale_other", KERNELS + "\n\n" + OTHER)
    try:
        text = cache._with_locations(other.other_kernel.compile(np.ones(8, np.float32), 8).module)
    finally:
        sys.modules.pop("stale_other", None)
    rewrite(entry, "module.mlir", text, digest=True)


def spoil_format(entry: Path, kernels) -> None:
    meta = json.loads((entry / "kernel.json").read_text())
    meta["format"] = cache.FORMAT_VERSION - 1
    (entry / "kernel.json").write_text(json.dumps(meta))


def spoil_unparsable(entry: Path, kernels) -> None:
    text = (entry / "module.mlir").read_text()
    cut = text.index('loc("') + 5  # inside a location's file name: an unclosed string
    rewrite(entry, "module.mlir", text[:cut] + "x" * 60 + "\n", digest=True)


def spoil_missing(entry: Path, kernels) -> None:
    (entry / "module.mlir").unlink()


def spoil_listing(entry: Path, kernels) -> None:
    meta = json.loads((entry / "kernel.json").read_text())
    meta["files"]["../../escape.txt"] = "0" * 64
    (entry / "kernel.json").write_text(json.dumps(meta))


SPOILERS = {
    "another kernel": (spoil_with_another_kernel, "has no kernel function 'with_cfg'"),
    "format": (spoil_format, "is in cache format"),
    "unparsable": (spoil_unparsable, "its module.mlir does not load"),
    "missing file": (spoil_missing, "its module.mlir is missing"),
    "listing": (spoil_listing, "does not list the entry's files"),
}


@pytest.mark.parametrize("spoil", SPOILERS, ids=list(SPOILERS))
def test_a_bad_entry_is_discarded_and_rebuilt_once(kernels, fresh_cache, spoil):
    class Cfg:
        SCALE = 2.0

    x = np.ones(64, np.float32)
    kernels.with_cfg.compile(x, 64, Cfg)
    entry = only_entry(fresh_cache)
    spoiler, message = SPOILERS[spoil]
    spoiler(entry, kernels)
    for _ in range(2):  # before: the same failure on every run until deleted by hand
        kernels.with_cfg._compiled.clear()
        with pytest.warns(cache.CacheWarning, match=message) as caught:
            assert run(kernels.with_cfg, Cfg) == 2.0
        assert caught[0].filename == __file__  # the warning points at the launch
        spoiler(entry, kernels)
    kernels.with_cfg._compiled.clear()
    (entry / "kernel.json").unlink()
    kernels.with_cfg.compile(x, 64, Cfg)  # (rebuilt)
    kernels.with_cfg._compiled.clear()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert run(kernels.with_cfg, Cfg) == 2.0
    assert kernels.with_cfg.compile(x, 64, Cfg).metadata.get("from_disk_cache") is True


# -- across processes ---------------------------------------------------------------------

SCRIPT = """
import sys
import numpy as np
sys.path.insert(0, {folder!r})
import asc_xdsl as asc
x = np.ones(64, np.float32)
try:
    sys.dont_write_bytecode = True  # (the kernel file only: see run_script)
    import {module} as m
    sys.dont_write_bytecode = False
    {body}
except Exception as e:
    print("ERROR", e)
"""


def run_script(folder: Path, module: str, body: str, cache_root: Path) -> str:
    code = SCRIPT.format(folder=str(folder), module=module, body=textwrap.indent(body, "    ")[4:])
    # (no .pyc of the kernel file written: one rewritten within one second at the same
    # size would import from the stale one; test_a_stale_pyc_is_found_out makes its own on
    # purpose; the rest of the process writes its bytecode, shared with the session's other
    # processes, instead of compiling xDSL from source each time under the conftest's
    # PYTHONPYCACHEPREFIX)
    # (the opt-in fast start: these test the cache's keys; it saves a third of the start)
    env = {**os.environ, "ASC_XDSL_CACHE_DIR": str(cache_root)}
    env["ASC_XDSL_FAST_START"] = "1"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


ASSERTING = """\
import numpy as np

import asc_xdsl as asc


@asc.jit
def kern(x: asc.GlobalAddress, n: int, k: asc.ConstExpr[int]):
    assert k > 0, "k must be positive"
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, n)


def test_compiles():
    assert kern.compile(np.ones(8, np.float32), 8, 2).name == "kern"
"""


def test_a_kernel_in_a_test_module_pytest_rewrote_is_not_a_mismatch(tmp_path):
    """pytest rewrites the `assert` statements of test modules (a kernel's too): the
    code differs from the text's there, and only there."""
    (tmp_path / "test_asserting_kernel.py").write_text(ASSERTING)
    env = {
        **os.environ,
        "ASC_XDSL_CACHE_DIR": str(tmp_path / "c"),
    }
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n0", "-p", "no:cacheprovider", "--rootdir",
         str(tmp_path), str(tmp_path / "test_asserting_kernel.py")],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300,
    )  # fmt: skip
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_while_loop_reads_back_with_its_locations():
    """xDSL's printer wrote scf.while's location twice, once inside its custom form where
    the parser does not take it: every kernel with a `while` loop missed the cache."""
    from asc_xdsl.frontend.ir_context import parse_module

    @asc.jit
    def count_up(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        i = 0
        while i < n:
            g.set_value(i, g.get_value(i) + 1.0)
            i += 1

    text = cache._with_locations(count_up.compile(np.zeros(8, np.float32), 8).module)
    back = parse_module(text)
    assert "scf.while" in text
    assert cache._with_locations(back) == text
