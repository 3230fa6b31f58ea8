"""The launch manifest: what launching a kernel binary needs, as JSON next to it.

    {
      "format": "asc_xdsl.cann.kernel/1",
      "kernel": "add_custom",             # the symbol aclrtBinaryGetFunction looks up
      "kernel_type": "vector",            # vector | cube | mix
      "soc": "Ascend910B1", "npu_arch": 2201,
      "arches": ["dav-c220-vec"],         # bisheng --cce-aicore-arch, link order
      "magic": 1094799942,                # ACL_RT_BINARY_MAGIC_* for aclrtBinaryLoadFromFile
      "toolkit_version": "8.1.RC1",
      "binary": "add_custom.o", "binary_sha256": "...",
      "params": [                         # explicit parameters, in order
        {"name": "x", "kind": "gm", "type": "memref<?xf32, 22>", "dtype": "float32",
         "written": false, "offset": 0, "size": 8},
        {"name": "tiling", "kind": "gm", ..., "struct": {"cpp": "TCubeTiling", "size": 200}},
        {"name": "n", "kind": "scalar", "type": "i32", "dtype": "int32",
         "bounds": [-2147483648, 2147483647], "offset": 24, "size": 4}
      ],
      "hidden": [{"name": "ffts_addr", "kind": "ffts_addr", "offset": 32, "size": 8}],
      "args_size": 40,                    # the packed argument buffer (args.py)
      "dump": null,                       # or {"cores": 75, "block_bytes": 1048576,
                                          #     "index": "core" | "block"} (dump.py)
      "options": {...}, "commands": [[...], ...]
    }

`hidden` kinds (dialects/kernel_args.py): `ffts_addr` (mix: a GM word holding
aclrtGetHardwareSyncAddr's address), `workspace` (a tile mix kernel's GM scratch, its
record's `bytes` per block, allocated for block_dim blocks) and `dump` (the
printf/DumpTensor buffer, dump.py).
Stdlib only.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from asc_xdsl.runtime.cann.errors import CannError
from asc_xdsl.runtime.hidden_params import HIDDEN

FORMAT = "asc_xdsl.cann.kernel/1"
HIDDEN_KINDS = tuple(HIDDEN)
PARAM_KINDS = ("gm", "scalar")


_FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "kernel": (str,), "kernel_type": (str,), "soc": (str,), "npu_arch": (int,),
    "arches": (list,), "magic": (int,), "toolkit_version": (str,), "binary": (str,),
    "binary_sha256": (str,), "params": (list,), "hidden": (list,), "args_size": (int,),
    "dump": (dict, type(None)), "options": (dict,), "commands": (list,),
}  # fmt: skip
"""The JSON type of each field: a hand-edited manifest fails here, not mid-launch."""


class ManifestError(CannError, ValueError):
    """A manifest that is missing, unreadable or does not describe a launchable kernel."""


@dataclass
class Manifest:
    kernel: str
    kernel_type: str
    soc: str
    npu_arch: int
    arches: list[str]
    magic: int
    toolkit_version: str
    binary: str
    binary_sha256: str
    params: list[dict[str, Any]]
    hidden: list[dict[str, Any]]
    args_size: int
    dump: dict[str, Any] | None = None
    options: dict[str, Any] = field(default_factory=dict)
    commands: list[list[str]] = field(default_factory=list)
    format: str = FORMAT

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1, sort_keys=False, default=str) + "\n"

    def write(self, path: Path) -> None:
        path.write_text(self.to_json())

    @staticmethod
    def read(path: str | Path) -> Manifest:
        path = Path(path)
        try:
            data = json.loads(path.read_text())
        except OSError as e:
            raise ManifestError(f"cannot read the kernel manifest {path}: {e.strerror}") from None
        except json.JSONDecodeError as e:
            raise ManifestError(f"{path}:{e.lineno}: not a JSON kernel manifest: {e.msg}") from None
        return Manifest.from_dict(data, str(path))

    @staticmethod
    def from_dict(data: Any, where: str = "manifest") -> Manifest:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            found = data.get("format") if isinstance(data, dict) else type(data).__name__
            raise ManifestError(
                f"{where}: not an asc_xdsl kernel manifest (format {found!r}, expected "
                f"{FORMAT!r}); build it with `python -m asc_xdsl.build`"
            )
        names = set(Manifest.__dataclass_fields__)
        optional = ("dump", "options", "commands")
        missing = sorted(n for n in names if n not in data and n not in optional)
        if missing:
            raise ManifestError(f"{where}: missing field(s) {', '.join(missing)}")
        unknown = sorted(set(data) - names)
        if unknown:
            raise ManifestError(f"{where}: unknown field(s) {', '.join(unknown)}")
        for name, kinds in _FIELD_TYPES.items():
            if name in data and not isinstance(data[name], kinds):
                expected = " or ".join(k.__name__ for k in kinds)
                raise ManifestError(
                    f"{where}: field '{name}' must be {expected}, got {type(data[name]).__name__}"
                )
        m = Manifest(**data)
        for field_name, kinds in (("params", PARAM_KINDS), ("hidden", HIDDEN_KINDS)):
            for i, record in enumerate(getattr(m, field_name)):
                kind = record.get("kind") if isinstance(record, dict) else None
                if kind not in kinds:
                    raise ManifestError(
                        f"{where}: {field_name}[{i}] has kind {kind!r} (expected {kinds})"
                    )
        return m


def file_sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()
