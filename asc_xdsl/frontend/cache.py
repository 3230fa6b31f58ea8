"""The compile cache: in memory (per JITFunction) and on disk.

On disk (`ASC_XDSL_CACHE_DIR`, default `$XDG_CACHE_HOME/asc_xdsl` or
`~/.cache/asc_xdsl`), each compiled kernel is a folder of plain files named by its
key: `kernel.json` (metadata) and `module.mlir` (the lowered IR with source locations,
parsed back on a hit), plus whichever of `ir.mlir`, `lowered.mlir` and `kernel.cpp` the
compile had printed by then. A hit prints a missing text from the module when it is first
read (the frontend IR by compiling the source again): printing all three, and building
the frontend IR a second time, for every miss cost a tenth of a first compile. No pickle: a
shared cache folder holds only text, and loading it parses IR, it runs no code.
Files are written to a temporary name and renamed, and `kernel.json` is written
last, so a reader never sees a half-written entry. The `npu` and `model` backends keep
the binaries they build from the kernel in its entry too (`cann/`,
`runtime/cann/jit_binaries.py`): a later launch there runs them without this module's
`load`, so without xDSL. Computing the key needs no xDSL either.

The key hashes everything the kernel's IR depends on (`fingerprint.py`): its source
and where it sits in its file, the `@asc.jit` helpers it calls, the module globals and
closure variables it and they read (by value), the argument signature (GM dtypes,
scalar types, ConstExpr values by content), the options, the compiler's own sources
and the xDSL version. An entry that cannot be read back (missing files, a
`kernel.json` of the wrong shape, IR that does not parse) is a miss and is rewritten.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from asc_xdsl.utils.digest import hex_digest

CACHE_ENV = "ASC_XDSL_CACHE_DIR"
FORMAT_VERSION = 2


@functools.cache
def versions() -> str:
    # xDSL by its installed files (where, and when installed): its version string and
    # importlib.metadata both cost tens of ms, more than a warm compile. find_spec
    # locates the package without importing it: a launch of a stored binary never
    # loads xDSL (runtime/cann/jit_binaries.py).
    import asc_xdsl
    from asc_xdsl.frontend.fingerprint import compiler_key

    spec = importlib.util.find_spec("xdsl")
    if spec is None or spec.origin is None:
        raise ImportError("xDSL is not installed: asc_xdsl needs it (pip install xdsl)")
    installed = Path(spec.origin)
    xdsl_id = f"{installed.parent}@{installed.stat().st_mtime_ns}"
    return (
        f"asc_xdsl={asc_xdsl.__version__};sources={compiler_key()};xdsl={xdsl_id};"
        f"format={FORMAT_VERSION}"
    )


def text_hash(text: str) -> str:
    return hex_digest(text)


def function_id(jf: Any) -> str:
    return f"{jf.fn.__module__}.{jf.fn.__qualname__}"


def kernel_key(dependencies: str, name: str, signature: list[str], options: dict[str, str]) -> str:
    """The disk key: `dependencies` is the kernel's `fingerprint` digest (source,
    location, helpers, globals), then the arguments, options and compiler."""
    payload = json.dumps([versions(), dependencies, name, signature, sorted(options.items())])
    return hex_digest(payload)[:32]


def cache_dir() -> Path:
    """The cache folder (also the CANN binary cache's): `ASC_XDSL_CACHE_DIR`, else
    `$XDG_CACHE_HOME/asc_xdsl`, else `~/.cache/asc_xdsl`; `~` is expanded in each."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "asc_xdsl"


def entry_dir(key: str) -> Path:
    """The folder of entry `key` (backends keep their builds of the kernel there too:
    the CANN binaries, runtime/cann/jit_binaries.py)."""
    return cache_dir() / "kernels" / key


def _write_atomic(path: Path, text: str) -> None:
    import tempfile  # a cache hit writes nothing: its imports (shutil, random) wait

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


# Texts of `CompiledKernel.asm` -> their file in an entry.
TEXT_FILES = {"ir": "ir.mlir", "lowered_ir": "lowered.mlir", "ascendc": "kernel.cpp"}


def store(key: str, compiled: Any) -> None:
    """Write a compiled kernel; failures (read-only cache, full disk) are not fatal."""
    entry = entry_dir(key)
    try:
        entry.mkdir(parents=True, exist_ok=True)
        printed = getattr(compiled.asm, "printed", compiled.asm)
        for text, file in TEXT_FILES.items():
            if text in printed:
                _write_atomic(entry / file, printed[text])
        # What a cache hit parses back: the lowered IR *with* source locations, so
        # runtime errors still point at the kernel's Python lines.
        _write_atomic(entry / "module.mlir", _with_locations(compiled.module))
        meta = {
            "name": compiled.name,
            "kernel_type": compiled.kernel_type,
            "options": {k: v for k, v in compiled.options.items() if _is_json(v)},
            "callees": compiled.metadata.get("callees", {}),
            "versions": versions(),
        }
        _write_atomic(entry / "kernel.json", json.dumps(meta, indent=1, sort_keys=True))
    except OSError:
        pass


# kernel.json: field -> the type it must have; anything else is a corrupt entry.
_META_FIELDS: dict[str, type | tuple[type, ...]] = {
    "name": str,
    "kernel_type": str,
    "options": dict,
    "callees": dict,
    "versions": str,
}


def load(key: str, name: str, frontend_ir: Callable[[], str]) -> Any:
    """The cached kernel for `key`, or None: a missing, incomplete, corrupt or foreign
    entry is a miss (the compile that follows rewrites it). `frontend_ir` prints the
    frontend's IR when the entry has no `ir.mlir` and it is asked for."""
    entry = entry_dir(key)
    try:
        meta = json.loads((entry / "kernel.json").read_text())
        if not _valid_meta(meta, name):
            return None
        module_text = (entry / "module.mlir").read_text()
    except (OSError, ValueError, RecursionError):  # JSON nested beyond Python's stack too
        return None
    from asc_xdsl.frontend.ir_context import parse_module
    from asc_xdsl.frontend.jit import LazyTexts
    from asc_xdsl.runtime.kernel import CompiledKernel

    try:
        module = parse_module(module_text)
        module.verify()
    except Exception:  # a corrupt entry: recompile
        return None

    def printed(text: str, otherwise: Callable[[], str]) -> Callable[[], str]:
        def read() -> str:
            try:
                return (entry / TEXT_FILES[text]).read_text()
            except OSError:  # not printed by the compile that wrote the entry
                return otherwise()

        return read

    from asc_xdsl.backends.ascendc import to_ascendc

    texts = LazyTexts(
        ir=printed("ir", frontend_ir),
        lowered_ir=printed("lowered_ir", lambda: str(module) + "\n"),
        ascendc=printed("ascendc", lambda: to_ascendc(module)),
    )
    return CompiledKernel(
        name=name,
        module=module,
        asm=texts,
        kernel_type=meta["kernel_type"],
        options=meta["options"],
        metadata={"callees": meta["callees"], "from_disk_cache": True},
    )


def _valid_meta(meta: Any, name: str) -> bool:
    from asc_xdsl.runtime.kernel import KERNEL_TYPES

    if not isinstance(meta, dict):
        return False
    if any(not isinstance(meta.get(k), t) for k, t in _META_FIELDS.items()):
        return False
    return (
        meta["name"] == name
        and meta["versions"] == versions()
        and meta["kernel_type"] in KERNEL_TYPES
        and all(isinstance(k, str) and _is_json(v) for k, v in meta["options"].items())
    )


def _with_locations(module: Any) -> str:
    from io import StringIO

    from xdsl.printer import Printer

    out = StringIO()
    Printer(stream=out, print_debuginfo=True).print_op(module)
    return out.getvalue()


def _is_json(value: Any) -> bool:
    return value is None or isinstance(value, bool | int | float | str)
