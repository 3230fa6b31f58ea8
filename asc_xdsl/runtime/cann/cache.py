"""The on-disk binary cache: one kernel binary per key, written atomically.

Layout under `ASC_XDSL_CACHE_DIR` (default `$XDG_CACHE_HOME/asc_xdsl`, else
`~/.cache/asc_xdsl`), subfolder `bin/`:

    bin/<key>.o         the linked kernel binary
    bin/<key>.o.sha256  its SHA-256, checked on every lookup
    bin/<key>.cpp       its Ascend C source (for reading and re-running the commands)
    bin/<key>.json      the compiler and linker command lines
    bin/tmp/...         one private work directory per build in progress

Builds happen in a private work directory and finish with `os.replace`, so two
processes compiling the same kernel at once both succeed and the entry is always
complete (the last writer wins; both wrote the same bytes). A failed build keeps its
work directory so the source and the compiler's outputs can be inspected. A binary
whose SHA-256 is not the one written with it (damaged, replaced by hand) is removed with
a `CacheWarning` and built again; one without (an older cache's) is built again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path

BINARY_SUBDIR = "bin"


def cache_root() -> Path:
    """The cache folder, shared with the frontend's compile cache (one rule for both)."""
    from asc_xdsl.runtime.disk_cache import cache_dir

    return cache_dir()


def cache_key(**parts: object) -> str:
    """A stable hash of everything that determines the binary."""
    blob = json.dumps(parts, sort_keys=True, default=str).encode()
    return hashlib.sha256(blob).hexdigest()


def _atomic_write(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class BinaryCache:
    def __init__(self, root: Path | None = None) -> None:
        self.dir = (root if root is not None else cache_root()) / BINARY_SUBDIR

    def binary_path(self, key: str) -> Path:
        return self.dir / f"{key}.o"

    def lookup(self, key: str) -> Path | None:
        """The binary of `key` if it is there and is the one stored (its SHA-256)."""
        path = self.binary_path(key)
        try:
            expected = Path(f"{path}.sha256").read_text().strip()
            found = hashlib.sha256(path.read_bytes()).hexdigest()
        except (OSError, UnicodeError):  # none, or stored before digests were
            return None
        if found != expected:
            import warnings

            from asc_xdsl.runtime.disk_cache import CacheWarning

            warnings.warn(
                f"cached kernel binary {path} is not the one stored (its SHA-256 differs): "
                "discarded, the kernel is built again",
                CacheWarning,
                stacklevel=2,
            )
            path.unlink(missing_ok=True)
            return None
        return path

    def commands(self, key: str) -> list[list[str]]:
        """The command lines stored with entry `key` (empty if unreadable)."""
        try:
            return json.loads((self.dir / f"{key}.json").read_text())
        except (OSError, ValueError):
            return []

    def new_workdir(self, key: str) -> Path:
        tmp = self.dir / "tmp"
        tmp.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=f"{key[:16]}-", dir=tmp))

    def store(self, key: str, built: Path, source: str, commands: list[list[str]]) -> Path:
        """Publish `built` as the binary of `key` (atomically) with its source and commands."""
        self.dir.mkdir(parents=True, exist_ok=True)
        _atomic_write(self.dir / f"{key}.cpp", source.encode())
        _atomic_write(self.dir / f"{key}.json", json.dumps(commands, indent=1).encode())
        target = self.binary_path(key)
        staged = self.dir / f".{key}.o.{os.getpid()}.{os.urandom(4).hex()}"
        shutil.copyfile(built, staged)
        digest = hashlib.sha256(staged.read_bytes()).hexdigest()
        _atomic_write(Path(f"{target}.sha256"), digest.encode())  # before the binary
        os.replace(staged, target)
        return target

    def discard(self, workdir: Path) -> None:
        shutil.rmtree(workdir, ignore_errors=True)
