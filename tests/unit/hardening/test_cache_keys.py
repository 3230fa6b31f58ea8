"""Issue 8, items 1-3 and 6: the compile cache never serves a stale kernel.

Every value a compiled kernel depends on is in its key: module globals it (or a helper)
reads, closure values, helper aliases, ConstExpr values by content, the kernel's place
in its file and the compiler's own sources. Checked in memory, on disk and across
processes.
"""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import cache_kernels as K
import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend import cache, fingerprint

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture()
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ASC_XDSL_CACHE_DIR", str(tmp_path / "cache"))
    for kernel in (K.scaled, K.from_table, K.with_op):
        kernel._compiled.clear()
    return tmp_path / "cache"


def run(kernel, *extra):
    x = np.ones(64, np.float32)
    kernel[1](x, 64, *extra)
    return float(x[0])


def entries(cache_root: Path) -> int:
    return len(list((cache_root / "kernels").iterdir()))


def test_module_global_edits_are_seen_in_memory_and_on_disk(fresh_cache, monkeypatch):
    assert run(K.scaled) == 4.0  # SCALE 2 * double
    monkeypatch.setattr(K, "SCALE", 5.0)
    assert run(K.scaled) == 10.0  # the memory cache holds the SCALE=2 kernel
    K.scaled._compiled.clear()
    monkeypatch.setattr(K, "SCALE", 2.0)
    again = K.scaled.compile(np.ones(64, np.float32), 64)
    assert again.metadata.get("from_disk_cache") is True  # the SCALE=2 entry, not SCALE=5
    assert run(K.scaled) == 4.0
    assert entries(fresh_cache) == 2


def test_a_global_read_only_by_a_helper_is_in_the_key(fresh_cache, monkeypatch):
    assert run(K.scaled) == 4.0
    monkeypatch.setattr(K, "BIAS", 1.0)
    assert run(K.scaled) == 5.0


def test_rebinding_a_global_helper_alias(fresh_cache, monkeypatch):
    assert run(K.scaled) == 4.0
    monkeypatch.setattr(K, "OP", K.triple)
    assert run(K.scaled) == 6.0
    K.scaled._compiled.clear()
    monkeypatch.setattr(K, "OP", K.double)
    assert run(K.scaled) == 4.0


def test_kernels_from_a_factory_are_keyed_by_their_closure(fresh_cache):
    assert run(K.make_scaler(2.0)) == 2.0
    assert run(K.make_scaler(7.0)) == 7.0  # same source and qualname, another closure value
    twin = K.make_scaler(7.0)
    assert twin.compile(np.ones(64, np.float32), 64).metadata.get("from_disk_cache") is True
    assert entries(fresh_cache) == 2


def test_constexpr_arrays_are_keyed_by_content(fresh_cache):
    a = np.zeros(2000)
    b = a.copy()
    b[1500] = 3.0  # repr() of both arrays is the same ("...")
    assert repr(a) == repr(b)
    assert run(K.from_table, a, 1500) == 0.0
    assert run(K.from_table, b, 1500) == 3.0
    ka = fingerprint.Keyer().value_key(a)
    assert ka != fingerprint.Keyer().value_key(b)
    assert ka != fingerprint.Keyer().value_key(a.astype(np.float32))
    assert ka != fingerprint.Keyer().value_key(a.reshape(40, 50))


def test_unkeyable_constexpr_is_refused_clearly(fresh_cache):
    class Opaque:
        pass

    with pytest.raises(
        asc.CompileError, match=r"argument 'table' of from_table is a .*Opaque value"
    ):
        K.from_table.compile(np.ones(64, np.float32), 64, Opaque(), 0)


def test_function_keys_are_stable_and_distinguish_code():
    def make(k):
        def f(v):
            return v * k

        return f

    keyer = fingerprint.Keyer()
    assert keyer.value_key(make(2)) == keyer.value_key(make(2))  # new objects, same function
    assert keyer.value_key(make(2)) != keyer.value_key(make(3))  # another closure value
    assert "0x" not in keyer.value_key(make(2))
    assert keyer.value_key(asc.add) != keyer.value_key(asc.sub)


def test_an_unkeyable_global_is_a_located_error(tmp_path, monkeypatch):
    monkeypatch.setenv("ASC_XDSL_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "opaque_global_kernel.py"
    source.write_text(
        textwrap.dedent(
            """\
            import asc_xdsl as asc

            class Config:
                pass

            CONFIG = Config()

            @asc.jit
            def kern(x: asc.GlobalAddress):
                y = CONFIG
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import opaque_global_kernel

    with pytest.raises(asc.CompileError) as info:
        opaque_global_kernel.kern.compile(np.ones(8, np.float32))
    text = str(info.value)
    assert "opaque_global_kernel.py:10:9: error: the kernel reads 'CONFIG'" in text
    assert "y = CONFIG" in text


# -- across processes -----------------------------------------------------------------

SCRIPT = """
import sys
import numpy as np
sys.path.insert(0, {folder!r})
import asc_xdsl as asc
sys.dont_write_bytecode = True  # (the kernel file only: see run_script)
import {module} as m
sys.dont_write_bytecode = False
x = np.ones(64, np.float32)
try:
    {body}
except Exception as e:
    print("ERROR", e)
"""


def run_script(folder: Path, module: str, body: str, cache_root: Path) -> str:
    code = SCRIPT.format(folder=str(folder), module=module, body=textwrap.indent(body, "    ")[4:])
    # (no .pyc of the kernel file: one rewritten within the same second at the same size
    # would import from the stale one, whose timestamp and size still match; the rest of
    # the process writes its bytecode, shared with the session's other processes, instead
    # of compiling xDSL from source each time under the conftest's PYTHONPYCACHEPREFIX)
    # (the opt-in fast start: these test the cache's keys; it saves a third of the start)
    env = {**os.environ, "ASC_XDSL_CACHE_DIR": str(cache_root)}
    env["ASC_XDSL_FAST_START"] = "1"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_function_constexpr_reuses_one_disk_entry_across_processes(tmp_path):
    body = "m.with_op[1](x, 64, m.twice)\nm.with_op[1](x, 64, asc.abs)\nprint(x[0])"
    folder = Path(K.__file__).parent
    for _ in range(2):
        assert run_script(folder, "cache_kernels", body, tmp_path / "c").split() == ["2.0"]
    assert entries(tmp_path / "c") == 2  # one per function, not one per process


KERNEL_FILE = """\
import asc_xdsl as asc

SCALE = {scale}


@asc.jit
def shifted(x: asc.GlobalAddress, n: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 128)
    asc.data_copy(t, gm, 128)
    asc.muls(t, t, SCALE, 64)
"""


def test_edits_to_the_kernel_file_between_processes(tmp_path):
    """Item 1 across processes: `SCALE = 2.0` edited to `5.0` gives the new kernel.
    Item 6: the same kernel moved down its file is not served with its old source
    locations (a runtime error names the new line)."""
    path = tmp_path / "edited_kernel.py"
    body = (
        "print('5.0' in m.shifted.compile(x, 64).asm['ascendc'])\n"
        "m.shifted[1](x, 64)  # reads 128 elements of a 64-element array"
    )
    path.write_text(KERNEL_FILE.format(scale=2.0))
    first = run_script(tmp_path, "edited_kernel", body, tmp_path / "c")
    assert first.startswith("False\n")
    assert "edited_kernel.py:11:5: block 0: ascendc.data_copy" in first, first
    path.write_text("# one\n# two\n# three\n" + KERNEL_FILE.format(scale=5.0))
    second = run_script(tmp_path, "edited_kernel", body, tmp_path / "c")
    assert second.startswith("True\n")
    assert "edited_kernel.py:14:5: block 0: ascendc.data_copy" in second, second
    path.write_text("# one\n# two\n# three\n" + KERNEL_FILE.format(scale=2.0))
    third = run_script(tmp_path, "edited_kernel", body, tmp_path / "c")
    assert third.startswith("False\n") and "edited_kernel.py:14:5:" in third


def test_the_sources_digest_reads_python_files_by_relative_path(tmp_path):
    """Only `.py` files outside `__pycache__` count, each by its path under the root (a
    move to another folder is a change); the digest does not depend on where the tree is."""
    tree = tmp_path / "one" / "pkg"
    (tree / "sub" / "deeper").mkdir(parents=True)
    (tree / "sub" / "deeper" / "d.py").write_text("D = 4\n")
    before = fingerprint.sources_digest(tree)
    (tree / "sub" / "__pycache__").mkdir()
    (tree / "sub" / "__pycache__" / "x.py").write_text("")
    (tree / "notes.txt").write_text("")
    assert fingerprint.sources_digest(tree) == before
    moved = tmp_path / "two" / "elsewhere"
    os.renames(tree, moved)
    assert fingerprint.sources_digest(moved) == before
    os.renames(moved / "sub" / "deeper", moved / "sub" / "other")
    assert fingerprint.sources_digest(moved) != before


def test_the_compiler_sources_are_in_the_key(tmp_path, monkeypatch):
    tree = tmp_path / "pkg"
    (tree / "sub").mkdir(parents=True)
    (tree / "a.py").write_text("A = 1\n")
    (tree / "sub" / "b.py").write_text("B = 2\n")
    before = fingerprint.sources_digest(tree)
    # An edit (same size here) changes the file's modification time, which the key
    # reads as CPython's bytecode cache does; the clock may not tick between two quick
    # writes, so the edit is dated a second later, as any real edit would be.
    b = tree / "sub" / "b.py"
    b.write_text("B = 3\n")
    mtime = b.stat().st_mtime_ns + 1_000_000_000
    os.utime(b, ns=(mtime, mtime))
    assert fingerprint.sources_digest(tree) != before
    assert fingerprint.sources_digest(tree) == fingerprint.sources_digest(tree)
    (tree / "sub" / "c.py").write_text("")
    assert fingerprint.sources_digest(tree) != before
    assert fingerprint.compiler_key() in cache.versions()
    # A cache entry written by another compiler build is a miss.
    monkeypatch.setenv("ASC_XDSL_CACHE_DIR", str(tmp_path / "cache"))
    K.scaled._compiled.clear()
    K.scaled.compile(np.ones(64, np.float32), 64)
    K.scaled._compiled.clear()
    monkeypatch.setattr(cache, "versions", lambda: "asc_xdsl=dev;sources=edited")
    again = K.scaled.compile(np.ones(64, np.float32), 64)
    assert not again.metadata.get("from_disk_cache")


# -- corrupt entries, dumps, cache folder ---------------------------------------------

DEEP = "[" * 100_000 + "]" * 100_000
CORRUPT_META = ["[]", "null", '{"name": 3}', "not json", DEEP]


@pytest.mark.parametrize("meta", CORRUPT_META, ids=["list", "null", "types", "text", "deep"])
def test_corrupt_kernel_json_is_a_miss_and_is_rewritten(fresh_cache, meta):
    x = np.ones(64, np.float32)
    K.scaled.compile(x, 64)
    (entry,) = (fresh_cache / "kernels").iterdir()
    (entry / "kernel.json").write_text(meta)
    K.scaled._compiled.clear()
    with pytest.warns(cache.CacheWarning, match="its kernel.json"):  # (issue 28, item 4)
        assert not K.scaled.compile(x, 64).metadata.get("from_disk_cache")
    assert isinstance(json.loads((entry / "kernel.json").read_text()), dict)  # rewritten
    K.scaled._compiled.clear()
    assert K.scaled.compile(x, 64).metadata.get("from_disk_cache") is True


def test_dump_dir_that_cannot_be_written_warns_and_compiles(tmp_path, monkeypatch):
    blocker = tmp_path / "a_file"
    blocker.write_text("")
    for bad in (blocker, blocker / "sub"):
        monkeypatch.setenv("ASC_XDSL_DUMP_DIR", str(bad))
        with pytest.warns(RuntimeWarning, match=r"ASC_XDSL_DUMP_DIR=.*cannot write the dumps"):
            compiled = K.scaled.compile(np.ones(64, np.float32), 64, always_compile=True)
        assert compiled.asm["ascendc"]


def test_a_cache_hit_dumps(fresh_cache, tmp_path, monkeypatch):
    x = np.ones(64, np.float32)
    K.scaled.compile(x, 64)
    K.scaled._compiled.clear()
    monkeypatch.setenv("ASC_XDSL_DUMP_DIR", str(tmp_path / "dump"))
    hit = K.scaled.compile(x, 64)
    assert hit.metadata.get("from_disk_cache") is True
    assert (tmp_path / "dump" / "scaled.cpp").read_text() == hit.asm["ascendc"]
    monkeypatch.setenv("ASC_XDSL_DUMP_DIR", str(tmp_path / "dump2"))
    assert K.scaled.compile(x, 64) is hit  # a memory hit, dumped to the new folder too
    assert (tmp_path / "dump2" / "scaled.ir.mlir").exists()


def test_cache_dir_tilde_is_expanded_by_both_caches(tmp_path, monkeypatch):
    from asc_xdsl.runtime.cann.cache import cache_root

    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("ASC_XDSL_CACHE_DIR", "~/x")
    monkeypatch.chdir(tmp_path)
    assert cache.cache_dir() == tmp_path / "home" / "x" == cache_root()
    K.scaled._compiled.clear()
    K.scaled.compile(np.ones(64, np.float32), 64)
    assert (tmp_path / "home" / "x" / "kernels").is_dir()
    assert not (tmp_path / "~").exists()


def test_truncated_module_text_is_a_miss_not_a_hang(fresh_cache):
    x = np.ones(64, np.float32)
    K.scaled.compile(x, 64)
    (entry,) = (fresh_cache / "kernels").iterdir()
    module = entry / "module.mlir"
    text = module.read_text()
    cut = text.index('loc("') + 5  # inside a location's file name: an unclosed string
    module.write_text(text[:cut] + "x" * 60 + "\n")
    meta = json.loads((entry / "kernel.json").read_text())
    meta["files"]["module.mlir"] = cache.text_hash(module.read_text())  # (past the digest)
    (entry / "kernel.json").write_text(json.dumps(meta))
    K.scaled._compiled.clear()
    with pytest.warns(cache.CacheWarning, match="its module.mlir does not load"):
        assert not K.scaled.compile(x, 64).metadata.get("from_disk_cache")
