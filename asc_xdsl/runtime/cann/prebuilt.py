"""Launch a kernel built ahead of time, from its manifest and binary: no compile, no xDSL.

    from asc_xdsl.runtime.cann.prebuilt import load
    add = load("out/add_custom.json")        # or the folder holding one manifest
    add[8](x, y, z, n)                       # backend "npu"; backend="model" for CANN's simulator

Arguments are checked against the manifest (count, GM pointers, scalar ranges, struct
sizes) before any device call; GM arguments the kernel writes are copied back, what it
prints is printed. The binary's SHA-256 is checked against the manifest at load.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from asc_xdsl import soc as socs
from asc_xdsl.runtime.cann.launch import (
    check_launch,
    device_id,
    device_soc,
    model_runtime,
    npu_runtime,
    packer,
    resolve_soc,
    run,
)
from asc_xdsl.runtime.cann.manifest import Manifest, ManifestError, file_sha256
from asc_xdsl.runtime.cann.toolkit import require_toolkit
from asc_xdsl.runtime.kernel import LaunchError, check_block_dim

BACKENDS = ("npu", "model")
OPTIONS = ("backend", "device_id", "soc_version")

__all__ = ["PrebuiltKernel", "load"]


def _manifest_path(path: Path) -> Path:
    if path.is_dir():
        found = sorted(path.glob("*.json"))
        if len(found) != 1:
            raise ManifestError(
                f"{path} holds {len(found)} JSON files; give the kernel's manifest "
                f"(<kernel>.json) itself"
            )
        return found[0]
    return path


@dataclass
class PrebuiltKernel:
    manifest: Manifest
    binary: Path

    @property
    def name(self) -> str:
        return self.manifest.kernel

    def __repr__(self) -> str:  # (the dataclass's would print the whole manifest)
        m = self.manifest
        return f"<PrebuiltKernel {m.kernel!r}: {m.kernel_type} kernel for {m.soc}, {self.binary}>"

    def __getitem__(self, block_dim: int) -> Any:
        block_dim = check_block_dim(block_dim)

        def launch(*args: Any, **options: Any) -> None:
            self.launch(block_dim, args, **options)

        return launch

    def launch(self, block_dim: int, args: Any, **options: Any) -> None:
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise LaunchError(
                f"unknown launch option(s) {', '.join(unknown)} for prebuilt kernel "
                f"'{self.name}' (known: {', '.join(OPTIONS)})",
                code="ASC-R601",
            )
        backend = options.get("backend") or "npu"
        if backend not in BACKENDS:
            raise LaunchError(
                f"a prebuilt kernel runs on {' or '.join(BACKENDS)}, not '{backend}' (the "
                f"CPU simulator runs the kernel's IR: use the .py or .mlir it was built from)",
                code="ASC-R603",
            )
        converted = packer(self.manifest).convert(args)
        device = device_id(options)
        if backend == "model" and device != 0:
            raise LaunchError(
                f"CANN's simulator (backend 'model') has device 0 only, got device {device}",
                code="ASC-R602",
            )
        toolkit = require_toolkit()
        soc_name = options.get("soc_version") or os.environ.get(socs.SOC_ENV) or None
        if backend == "model":
            soc_name = soc_name or self.manifest.soc
        runtime = npu_runtime(toolkit) if backend == "npu" else model_runtime(toolkit, soc_name)
        runtime.set_device(device)
        soc = resolve_soc(soc_name or device_soc(runtime))
        block_dim = check_launch(self.manifest, block_dim, soc)
        run(runtime, self.manifest, self.binary, block_dim, converted, soc, backend, device)


def load(path: str | os.PathLike[str]) -> PrebuiltKernel:
    """The kernel described by manifest `path` (or the one manifest in folder `path`)."""
    manifest_path = _manifest_path(Path(path))
    manifest = Manifest.read(manifest_path)
    binary = manifest_path.parent / manifest.binary
    if not binary.is_file():
        raise ManifestError(f"{manifest_path}: its binary {binary} does not exist")
    digest = file_sha256(binary)
    if digest != manifest.binary_sha256:
        raise ManifestError(
            f"{binary} is not the binary {manifest_path} describes (SHA-256 {digest[:12]}... "
            f"!= {manifest.binary_sha256[:12]}...); rebuild both with `python -m asc_xdsl.build`"
        )
    return PrebuiltKernel(manifest, binary)
