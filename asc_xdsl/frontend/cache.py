"""The compile cache: in memory (per JITFunction) and on disk.

On disk (`ASC_XDSL_CACHE_DIR`, default `$XDG_CACHE_HOME/asc_xdsl` or
`~/.cache/asc_xdsl`), each compiled kernel is a folder of plain files named by its
key: `kernel.json` (metadata), `ir.mlir`, `lowered.mlir`, `kernel.cpp`, and
`module.mlir` (the lowered IR with source locations, parsed back on a hit). No pickle: a
shared cache folder holds only text, and loading it parses IR, it runs no code.
Files are written to a temporary name and renamed, and `kernel.json` is written
last, so a reader never sees a half-written entry.

The key hashes the kernel's source, its name, the argument signature (GM dtypes,
scalar types, ConstExpr values), the options and the asc_xdsl and xDSL versions.
Callees (inlined `@asc.jit` functions) are recorded with their source hashes and
checked on every hit.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import tempfile
import weakref
from pathlib import Path
from typing import Any

CACHE_ENV = "ASC_XDSL_CACHE_DIR"
FORMAT_VERSION = 1

_REGISTRY: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()


@functools.cache
def versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        ours = version("asc-xdsl")
    except PackageNotFoundError:
        ours = "dev"
    return f"asc_xdsl={ours};xdsl={version('xdsl')};format={FORMAT_VERSION}"


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def function_id(jf: Any) -> str:
    ident = f"{jf.fn.__module__}.{jf.fn.__qualname__}"
    _REGISTRY[ident] = jf
    return ident


def kernel_key(source_hash: str, name: str, signature: list[str], options: dict[str, str]) -> str:
    payload = json.dumps([versions(), source_hash, name, signature, sorted(options.items())])
    return hashlib.sha256(payload.encode()).hexdigest()[:32]


def callees_unchanged(callees: dict[str, str]) -> bool:
    for ident, digest in callees.items():
        jf = _REGISTRY.get(ident)
        if jf is None or jf.source_hash != digest:
            return False
    return True


def cache_dir() -> Path:
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "asc_xdsl"


def _entry(key: str) -> Path:
    return cache_dir() / "kernels" / key


def _write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def store(key: str, compiled: Any) -> None:
    """Write a compiled kernel; failures (read-only cache, full disk) are not fatal."""
    entry = _entry(key)
    try:
        entry.mkdir(parents=True, exist_ok=True)
        _write_atomic(entry / "ir.mlir", compiled.asm["ir"])
        _write_atomic(entry / "lowered.mlir", compiled.asm["lowered_ir"])
        # What a cache hit parses back: the lowered IR *with* source locations, so
        # runtime errors still point at the kernel's Python lines.
        _write_atomic(entry / "module.mlir", _with_locations(compiled.module))
        _write_atomic(entry / "kernel.cpp", compiled.asm["ascendc"])
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


def load(key: str, name: str) -> Any:
    """The cached kernel for `key`, or None (missing, incomplete or unreadable entry)."""
    entry = _entry(key)
    try:
        meta = json.loads((entry / "kernel.json").read_text())
        if meta.get("name") != name or meta.get("versions") != versions():
            return None
        texts = {
            "ir": (entry / "ir.mlir").read_text(),
            "lowered_ir": (entry / "lowered.mlir").read_text(),
            "ascendc": (entry / "kernel.cpp").read_text(),
        }
    except (OSError, ValueError):
        return None
    from asc_xdsl.frontend.ir_context import parse_module
    from asc_xdsl.runtime.kernel import CompiledKernel

    try:
        module = parse_module((entry / "module.mlir").read_text())
    except Exception:  # a corrupt entry: recompile
        return None
    return CompiledKernel(
        name=name,
        module=module,
        asm=texts,
        kernel_type=meta.get("kernel_type", "vector"),
        options=meta.get("options", {}),
        metadata={"callees": meta.get("callees", {}), "from_disk_cache": True},
    )


def _with_locations(module: Any) -> str:
    from io import StringIO

    from xdsl.printer import Printer

    out = StringIO()
    Printer(stream=out, print_debuginfo=True).print_op(module)
    return out.getvalue()


def _is_json(value: Any) -> bool:
    return value is None or isinstance(value, bool | int | float | str)
