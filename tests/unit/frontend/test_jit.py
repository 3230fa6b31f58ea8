"""kernel.compile(), the compile cache (memory and disk), dumps and options."""

import os

import jit_kernels as K
import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend import cache

X32 = np.zeros(256, np.float32)
X16 = np.zeros(256, np.float16)


@pytest.fixture()
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ASC_XDSL_CACHE_DIR", str(tmp_path / "cache"))
    K.scale._compiled.clear()
    return tmp_path / "cache"


def test_compile_returns_texts_without_running():
    compiled = K.scale.compile(X32, 256, 256, always_compile=True)
    assert compiled.name == "scale"
    assert set(compiled.asm) >= {"ir", "lowered_ir", "ascendc"}
    assert "ascendc.muls_l2" in compiled.asm["ir"]
    assert (
        'extern "C" __global__ __aicore__ void scale(__gm__ float* x, int32_t n)'
        in compiled.asm["ascendc"]
    )
    assert "AscendC::Muls<float, 1>(t, t, cst_f32, n);" in compiled.asm["ascendc"]
    assert compiled.kernel_type == "vector"


def test_constexpr_and_dtype_specialise(fresh_cache):
    a = K.scale.compile(X32, 256, 256)
    b = K.scale.compile(X32, 256, 128)
    c = K.scale.compile(X16, 256, 256)
    d = K.scale.compile(X32, 256, 256, factor=3.0)
    assert len({id(a), id(b), id(c), id(d)}) == 4
    assert "AscendC::LocalTensor<half>" in c.asm["ascendc"]
    assert "3.0f" in d.asm["ascendc"]


def test_memory_cache_hit_and_always_compile(fresh_cache):
    first = K.scale.compile(X32, 100, 256)
    # The runtime value of `n` is not part of the key: only its type.
    assert K.scale.compile(X32, 7, 256) is first
    assert K.scale.compile(X32, 7, 256, always_compile=True) is not first


def test_disk_cache_is_plain_text_and_reloads(fresh_cache):
    first = K.scale.compile(X32, 1, 256)
    entries = list((fresh_cache / "kernels").iterdir())
    assert len(entries) == 1
    # Nothing was printed before the entry was written: only the module and metadata.
    names = sorted(p.name for p in entries[0].iterdir())
    assert names == ["kernel.json", "module.json", "module.mlir"]
    K.scale._compiled.clear()
    again = K.scale.compile(X32, 1, 256)
    assert again is not first
    assert again.metadata.get("from_disk_cache") is True
    # A hit prints each text from the module (the frontend IR from the source) on first
    # read; each equals what the fresh compile prints.
    assert again.asm["ascendc"] == first.asm["ascendc"]
    assert again.asm["lowered_ir"] == first.asm["lowered_ir"]
    assert again.asm["ir"] == first.asm["ir"]
    # Source locations survive the disk cache (runtime errors point at kernel lines).
    locs = {str(op.location) for op in again.module.walk()}
    assert any("jit_kernels.py" in loc for loc in locs)


def test_disk_cache_keeps_the_texts_printed_before_it_was_written(fresh_cache, monkeypatch):
    # A compile whose texts were printed before the entry was written (PYASC_DUMP_PATH
    # dumps them, the npu backend prints the C++) stores them; a hit reads them back.
    first = K.scale.compile(X32, 1, 256)
    texts = {k: first.asm[k] for k in ("ir", "lowered_ir", "ascendc")}
    entry = next((fresh_cache / "kernels").iterdir())
    from asc_xdsl.frontend import cache

    cache.store(entry.name, first)
    names = sorted(p.name for p in entry.iterdir())
    assert names == [
        "ir.mlir",
        "kernel.cpp",
        "kernel.json",
        "lowered.mlir",
        "module.json",
        "module.mlir",
    ]
    K.scale._compiled.clear()
    again = K.scale.compile(X32, 1, 256)
    assert again.metadata.get("from_disk_cache") is True

    def no_printing(*args, **kwargs):
        raise AssertionError("a hit printed a text its entry holds")

    import asc_xdsl.backends.ascendc as printer

    monkeypatch.setattr(printer, "to_ascendc", no_printing)
    assert again.asm["ascendc"] == texts["ascendc"]
    assert again.asm["ir"] == texts["ir"] and again.asm["lowered_ir"] == texts["lowered_ir"]
    # (a file changed in the entry is never served: tests/unit/hardening/test_cache_stale.py)


def test_corrupt_disk_entry_is_recompiled(fresh_cache):
    K.scale.compile(X32, 1, 256)
    entry = next((fresh_cache / "kernels").iterdir())
    (entry / "module.mlir").write_text("this is not IR")
    K.scale._compiled.clear()
    with pytest.warns(cache.CacheWarning, match="its module.mlir was changed"):
        again = K.scale.compile(X32, 1, 256)
    assert not again.metadata.get("from_disk_cache")


def test_changed_callee_invalidates(fresh_cache, monkeypatch):
    first = K.scale.compile(X32, 1, 256)
    assert cache.function_id(K.scale_helper) in first.metadata["callees"]
    monkeypatch.setattr(
        K.scale_helper, "_source_text", K.scale_helper._source_text + "\n# edited\n"
    )
    again = K.scale.compile(X32, 1, 256)
    assert again is not first
    assert not again.metadata.get("from_disk_cache")


def test_unwritable_cache_is_not_fatal(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("ASC_XDSL_CACHE_DIR", str(blocker))
    K.scale._compiled.clear()
    assert K.scale.compile(X32, 1, 256).asm["ascendc"]


def test_dump_dir_writes_three_texts(tmp_path, monkeypatch):
    monkeypatch.setenv("ASC_XDSL_DUMP_DIR", str(tmp_path / "dump"))
    compiled = K.scale.compile(X32, 1, 64, always_compile=True)
    files = sorted(os.listdir(tmp_path / "dump"))
    assert files == ["scale.cpp", "scale.ir.mlir", "scale.lowered.mlir"]
    assert (tmp_path / "dump" / "scale.cpp").read_text() == compiled.asm["ascendc"]


def test_decorator_options_and_override():
    compiled = K.with_options.compile(X32, always_compile=True)
    assert compiled.options["opt_level"] == 2
    assert compiled.kernel_type == "vector"
    assert K.with_options.compile(X32, always_compile=True, opt_level=1).options["opt_level"] == 1


def test_dtype_api():
    assert asc.float16.sizeof() == 2 and asc.float32.sizeof() == 4 and asc.int8.sizeof() == 1
    assert asc.half is asc.float16
    assert (
        asc.float32.ir_name == "f32"
        and asc.uint16.ir_name == "ui16"
        and asc.bfloat16.ir_name == "bf16"
    )


def test_import_is_light():
    import subprocess
    import sys

    code = "import sys, asc_xdsl; print('xdsl' in sys.modules, 'numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_kernel_type_option_sets_the_kernel_abi():
    mixed = K.with_options.compile(X32, always_compile=True, kernel_type="mix")
    assert mixed.kernel_type == "mix"
    assert 'ascendc.kernel_type = "mix"' in mixed.asm["ir"]
    assert (
        "void with_options(__gm__ float* x, __gm__ uint64_t* ffts_addr) {" in mixed.asm["ascendc"]
    )
    assert "  set_ffts_base_addr(*ffts_addr);" in mixed.asm["ascendc"]
    cube = K.with_options.compile(X32, always_compile=True, kernel_type="KernelType.AIC_ONLY")
    assert cube.kernel_type == "cube"
    with pytest.raises(TypeError, match="unknown kernel_type 'tensor'"):
        K.with_options.compile(X32, always_compile=True, kernel_type="tensor")


def test_insert_sync_without_passes_is_refused_not_ignored():
    with pytest.raises(asc.CompileError, match=r"insert_sync=True needs the pass pipeline"):
        K.with_options.compile(X32, always_compile=True, insert_sync=True, run_passes=False)
