"""Ahead-of-time builds: a kernel binary and its launch manifest, with only the
toolkit's compiler (no ACL, no device).

    compiled = kernel.compile(x, y, z, n, backend="npu", soc_version="Ascend910B1")
    compiled.metadata["manifest"]           # the Manifest; written with out_dir=...

`python -m asc_xdsl.build` is the command line (asc_xdsl/build.py); `prebuilt.load`
launches the result later without recompiling (and without xDSL).
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from asc_xdsl import soc as socs
from asc_xdsl.runtime.cann import describe, dump, jit_binaries
from asc_xdsl.runtime.cann.compiler import build_binary
from asc_xdsl.runtime.cann.errors import CannError
from asc_xdsl.runtime.cann.launch import resolve_soc
from asc_xdsl.runtime.cann.manifest import Manifest, file_sha256
from asc_xdsl.runtime.cann.toolkit import Toolkit, require_toolkit
from asc_xdsl.runtime.kernel import CompiledKernel

OPTION_KEYS = ("opt_level", "auto_sync", "debug", "bisheng_options")
"""The compile options a build depends on (recorded in the manifest)."""


@dataclass(frozen=True)
class Built:
    manifest: Manifest
    binary: Path
    manifest_path: Path | None = None


def build_kernel(
    kernel: CompiledKernel,
    soc: socs.Soc,
    *,
    toolkit: Toolkit | None = None,
    out_dir: str | os.PathLike[str] | None = None,
    use_cache: bool = True,
) -> Built:
    """Build `kernel` for `soc` (cached) and describe it; with `out_dir`, copy the
    binary there as `<kernel>.o` and write `<kernel>.json` beside it. A kernel from the
    JIT's disk cache (`metadata["cache_entry"]`) keeps both in its entry too
    (jit_binaries.py)."""
    toolkit = toolkit if toolkit is not None else require_toolkit()
    d = describe.describe(kernel)
    options = {k: kernel.options.get(k) for k in OPTION_KEYS if k in kernel.options}
    binary, commands = build_binary(
        toolkit,
        kernel.name,
        d.source,
        kernel.kernel_type,
        soc,
        {**options, "dump": d.with_dump},
        use_cache=use_cache,
    )
    build = soc.build(kernel.kernel_type)
    manifest = Manifest(
        kernel=kernel.name,
        kernel_type=kernel.kernel_type,
        soc=soc.name,
        npu_arch=soc.npu_arch,
        arches=list(build.arches),
        magic=build.magic,
        toolkit_version=toolkit.version,
        binary=f"{kernel.name}.o",
        binary_sha256=file_sha256(binary),
        params=d.params,
        hidden=d.hidden,
        args_size=d.args_size,
        dump=dump.manifest_entry(soc.npu_arch) if d.with_dump else None,
        options={**options, "dump": d.with_dump},
        commands=commands,
    )
    entry = kernel.metadata.get("cache_entry")
    if entry is not None:  # a later JIT launch runs it without compiling (no xDSL)
        jit_binaries.store(Path(entry), manifest, binary, toolkit)
    if out_dir is None:
        return Built(manifest, binary)
    out = Path(out_dir)
    target = out / manifest.binary
    path = out / f"{kernel.name}.json"
    try:
        out.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(binary, target)
        manifest.write(path)
    except OSError as e:
        raise CannError(
            f"cannot write the build of kernel '{kernel.name}' to {out}: {e.strerror} "
            f"({e.filename})"
        ) from None
    return Built(manifest, target, path)


__all__ = ["OPTION_KEYS", "Built", "build_kernel", "resolve_soc"]
