"""The CANN binaries kept in the JIT's disk cache, so a later process launches them
without xDSL.

When the `npu` or `model` backend builds a kernel that came through the JIT's disk
cache (`frontend/cache.py`), it keeps the binary and its launch manifest in the
kernel's entry, one folder per build variant:

    kernels/<jit key>/cann/<soc>-<build key>/<kernel>.o      the binary
                                            /<kernel>.json   its manifest (manifest.py)

A launch in a fresh process that computes the same JIT key finds the folder and
launches it as a prebuilt kernel (`prebuilt.load`: the binary's SHA-256 checked), so
the kernel is never parsed, described or printed, and xDSL is never imported.

The JIT key covers the kernel: its source, helpers, the globals they read, the
arguments' types and ConstExpr values, the compile options (`opt_level`, `auto_sync`,
`debug`, `bisheng_options`, ...) and the compiler's own sources. The folder's name
adds what else the binary depends on: the SoC and, hashed, the toolkit (its home and
version, and the compiler and linker a build runs: `Toolkit.tools_identity`) and
whether printing kernels print (`ASCENDC_DUMP`). A folder is published by renaming a
complete temporary one, so a reader sees a whole variant or none; one that does not
load (a missing or changed file) is a miss, and the build that follows replaces it.
Stdlib only.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from asc_xdsl.runtime.cann import dump
from asc_xdsl.runtime.cann.cache import cache_key
from asc_xdsl.runtime.cann.errors import CannError
from asc_xdsl.runtime.cann.manifest import Manifest
from asc_xdsl.runtime.cann.prebuilt import PrebuiltKernel, load
from asc_xdsl.runtime.cann.toolkit import Toolkit

SUBDIR = "cann"

_LOADED: dict[Path, tuple[tuple[int, ...], PrebuiltKernel]] = {}
"""Variants loaded in this process, by manifest path, with the files' stat at load:
a repeated launch does not hash the binary again."""


def build_key(toolkit: Toolkit) -> str:
    """What the binary depends on beyond the JIT key and the SoC."""
    return cache_key(
        home=str(toolkit.home),
        version=toolkit.version,
        tools=toolkit.tools_identity(),
        dump=dump.enabled(),
    )[:16]


def variant_dir(entry: Path, soc: str, toolkit: Toolkit) -> Path:
    return entry / SUBDIR / f"{soc}-{build_key(toolkit)}"


def find(entry: Path, kernel: str, toolkit: Toolkit, soc: str | None) -> PrebuiltKernel | None:
    """The binary of `kernel` stored in `entry` for this toolkit and dump setting, for
    SoC `soc` (None: for any SoC, the first by name), or None."""
    if soc is not None:
        return _load(variant_dir(entry, soc, toolkit), kernel, toolkit, soc)
    try:
        folders = sorted((entry / SUBDIR).glob(f"*-{build_key(toolkit)}"))
    except OSError:
        return None
    for folder in folders:
        found = _load(folder, kernel, toolkit, folder.name.rsplit("-", 1)[0])
        if found is not None:
            return found
    return None


def _stat(path: Path) -> tuple[int, ...]:
    st = path.stat()
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _load(folder: Path, kernel: str, toolkit: Toolkit, soc: str) -> PrebuiltKernel | None:
    path = folder / f"{kernel}.json"
    try:
        stamp = _stat(path) + _stat(folder / f"{kernel}.o")
    except OSError:
        return None
    memo = _LOADED.get(path)
    if memo is not None and memo[0] == stamp:
        return memo[1]
    try:
        found = load(path)
    except CannError:  # a damaged variant: a miss (the build replaces it)
        return None
    m = found.manifest
    if (m.kernel, m.soc, m.toolkit_version) != (kernel, soc, toolkit.version):
        return None
    _LOADED[path] = (stamp, found)
    return found


def store(entry: Path, manifest: Manifest, binary: Path, toolkit: Toolkit) -> None:
    """Keep `binary` and its manifest in `entry` as the variant for the manifest's SoC
    and this toolkit, unless the same binary is there already. Failures (a read-only or
    full cache) are not errors: the next process builds again."""
    kernel = manifest.kernel
    target = variant_dir(entry, manifest.soc, toolkit)
    kept = _load(target, kernel, toolkit, manifest.soc)  # checked once per process
    if kept is not None and kept.manifest.binary_sha256 == manifest.binary_sha256:
        return
    staged: Path | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        staged = Path(tempfile.mkdtemp(prefix=".tmp-", dir=target.parent))
        shutil.copyfile(binary, staged / manifest.binary)
        manifest.write(staged / f"{kernel}.json")
        if target.exists():  # a damaged or older variant: set it aside first
            old = Path(tempfile.mkdtemp(prefix=".old-", dir=target.parent))
            os.replace(target, old / "variant")
            shutil.rmtree(old, ignore_errors=True)
        os.rename(staged, target)  # fails if another process has just published it
        staged = None
    except OSError:
        pass
    finally:
        if staged is not None:
            shutil.rmtree(staged, ignore_errors=True)


__all__ = ["SUBDIR", "build_key", "find", "store", "variant_dir"]
