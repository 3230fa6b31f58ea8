"""The compile cache: in memory (per JITFunction) and on disk.

On disk (`ASC_XDSL_CACHE_DIR`, default `$XDG_CACHE_HOME/asc_xdsl` or
`~/.cache/asc_xdsl`), each compiled kernel is a folder of plain files named by its
key: `kernel.json` (metadata), `module.mlir` (the lowered IR with source locations) and
`module.json` (the same module as data, `cache_ir.py`: what a hit loads, without xDSL's IR
parser, while it mirrors `module.mlir`; a module it cannot hold has none, and its hit
parses the text), plus whichever of `ir.mlir`, `lowered.mlir` and `kernel.cpp` the
compile had printed by then. A hit prints a missing text from the module when it is first
read (the frontend IR by compiling the source again): printing all three, and building
the frontend IR a second time, for every miss cost a tenth of a first compile. No pickle: a
shared cache folder holds only text (IR and JSON), and loading it runs no code.
Files are written to a temporary name and renamed, and `kernel.json` is written
last, so a reader never sees a half-written entry. The `npu` and `model` backends keep
the binaries they build from the kernel in its entry too (`cann/`,
`runtime/cann/jit_binaries.py`): a later launch there runs them without this module's
`load`, so without xDSL. Computing the key needs no xDSL either.

The key hashes everything the kernel's IR depends on (`fingerprint.py`): its source
and where it sits in its file, the `@asc.jit` helpers it calls, the module globals and
closure variables it and they read (by value), the argument signature (GM dtypes,
scalar types, ConstExpr values by content), the options, the compiler's own sources
and the xDSL version.

`kernel.json` lists each file of the entry with its digest (BLAKE2b); a hit reads every
listed file, checks it and keeps the text (nothing is read from the entry again), and
reads no file it does not list: a hand-edited `module.mlir` or a `kernel.cpp` planted
beside it is never served. That guards against damage and edits, not against someone
who rewrites `kernel.json` too (who can write the cache can write anything it runs). An
entry that is there but bad -- unreadable, `kernel.json` of the wrong shape, format,
compiler or kernel, a listed file missing or changed, IR (or its `module.json`) that does
not load or lacks the kernel -- is removed with a `CacheWarning` at the launch's line, with any binaries
kept in it, and the compile that follows writes it anew.
"""

from __future__ import annotations

import functools
import importlib.util
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

# (shared with the CANN binary cache, below the frontend; public here too)
from asc_xdsl.runtime.disk_cache import CACHE_ENV, CacheWarning, cache_dir  # noqa: F401
from asc_xdsl.utils.digest import hex_digest

FORMAT_VERSION = 4


@functools.cache
def versions() -> str:
    # xDSL by its installed files (where, and when installed): its version string and
    # importlib.metadata both cost tens of ms, more than a warm compile. find_spec
    # locates the package without importing it: a launch of a stored binary never
    # loads xDSL (runtime/cann/jit_binaries.py).
    from asc_xdsl.frontend.fingerprint import compiler_key

    spec = importlib.util.find_spec("xdsl")
    if spec is None or spec.origin is None:
        raise ImportError("xDSL is not installed: asc_xdsl needs it (pip install xdsl)")
    installed = Path(spec.origin)
    xdsl_id = f"{installed.parent}@{installed.stat().st_mtime_ns}"
    return f"sources={compiler_key()};xdsl={xdsl_id};format={FORMAT_VERSION}"


def text_hash(text: str) -> str:
    return hex_digest(text)


def function_id(jf: Any) -> str:
    return f"{jf.fn.__module__}.{jf.fn.__qualname__}"


def kernel_key(dependencies: str, name: str, signature: list[str], options: dict[str, str]) -> str:
    """The disk key: `dependencies` is the kernel's `fingerprint` digest (source,
    location, helpers, globals), then the arguments, options and compiler."""
    import json  # (loaded on first use: a compile that bypasses the cache needs none)

    payload = json.dumps([versions(), dependencies, name, signature, sorted(options.items())])
    return hex_digest(payload)[:32]


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
MODULE_FILE = "module.mlir"
FORM_FILE = "module.json"
"""The module as data (`cache_ir.py`): what a hit loads when it mirrors `module.mlir`."""
ENTRY_FILES = frozenset({MODULE_FILE, FORM_FILE, *TEXT_FILES.values()})
"""The only files `kernel.json` may list (never a path: an entry reads nothing else)."""


def store(key: str, compiled: Any) -> None:
    """Write a compiled kernel; failures (read-only cache, full disk) are not fatal.
    `kernel.json`, written last, lists each file of the entry with its digest."""
    entry = entry_dir(key)
    try:
        entry.mkdir(parents=True, exist_ok=True)
        printed = getattr(compiled.asm, "printed", compiled.asm)
        files: dict[str, str] = {}
        for text, file in TEXT_FILES.items():
            if text in printed:
                _write_atomic(entry / file, printed[text])
                files[file] = text_hash(printed[text])
        # What a cache hit parses back: the lowered IR *with* source locations, so
        # runtime errors still point at the kernel's Python lines.
        module_text = _with_locations(compiled.module)
        _write_atomic(entry / MODULE_FILE, module_text)
        files[MODULE_FILE] = text_hash(module_text)
        from asc_xdsl.frontend import cache_ir

        form = cache_ir.dump(compiled.module, files[MODULE_FILE])
        if form is not None:
            _write_atomic(entry / FORM_FILE, form)
            files[FORM_FILE] = text_hash(form)
        meta = {
            "format": FORMAT_VERSION,
            "name": compiled.name,
            "kernel_type": compiled.kernel_type,
            "options": {k: v for k, v in compiled.options.items() if _is_json(v)},
            "callees": compiled.metadata.get("callees", {}),
            "versions": versions(),
            "files": files,
        }
        import json

        _write_atomic(entry / "kernel.json", json.dumps(meta, indent=1, sort_keys=True))
    except OSError:
        pass


# kernel.json: field -> the type it must have; anything else is a corrupt entry.
_META_FIELDS: dict[str, type | tuple[type, ...]] = {
    "format": int,
    "name": str,
    "kernel_type": str,
    "options": dict,
    "callees": dict,
    "versions": str,
    "files": dict,
}


def load(key: str, name: str, frontend_ir: Callable[[], str]) -> Any:
    """The cached kernel `name` for `key`, or None.

    No entry (or one still being written: `kernel.json` comes last) is a plain miss.
    An entry that is there but bad -- a `kernel.json` of the wrong shape, format or
    compiler, another kernel's, a file missing or changed since it was written (its
    digest), IR that does not parse or lacks the kernel -- is discarded with a
    `CacheWarning`; the compile that follows writes it anew. `frontend_ir` prints the
    frontend's IR when the entry has no `ir.mlir` and it is asked for."""
    entry = entry_dir(key)
    try:
        meta_text = (entry / "kernel.json").read_text()
    except (FileNotFoundError, NotADirectoryError):  # (a cache folder that is a file)
        return None
    except (OSError, UnicodeError) as e:
        return _discard(entry, f"its kernel.json cannot be read ({e})")
    meta, problem = _read_meta(meta_text, name)
    if problem is not None:
        return _discard(entry, problem)
    texts: dict[str, str] = {}
    for file, digest in meta["files"].items():
        try:
            texts[file] = (entry / file).read_text()
        except (OSError, UnicodeError):
            return _discard(entry, f"its {file} is missing or unreadable")
        if text_hash(texts[file]) != digest:
            return _discard(entry, f"its {file} was changed after the entry was written")
    from asc_xdsl.frontend.ir_context import parse_module
    from asc_xdsl.frontend.jit import LazyTexts
    from asc_xdsl.runtime.kernel import CompiledKernel

    module = None
    if FORM_FILE in texts:  # (not verified again: it is the module the compile launched)
        from asc_xdsl.frontend import cache_ir

        try:
            module = cache_ir.load(texts[FORM_FILE], meta["files"][MODULE_FILE])
        except Exception as e:  # digests match, yet it does not load
            return _discard(entry, f"its {FORM_FILE} does not load ({_first_line(e)})")
    if module is None:  # no form, or one of another module.mlir: the text
        try:
            module = parse_module(texts[MODULE_FILE])
            module.verify()
        except Exception as e:  # digests match, yet it does not load: another xDSL's text
            return _discard(entry, f"its {MODULE_FILE} does not load ({_first_line(e)})")
    if not _has_kernel(module, name):
        return _discard(entry, f"its {MODULE_FILE} has no kernel function '{name}'")

    def printed(text: str, otherwise: Callable[[], str]) -> Callable[[], str]:
        kept = texts.get(TEXT_FILES[text])  # checked above: never read again
        return otherwise if kept is None else lambda: kept

    from asc_xdsl.backends.ascendc import to_ascendc

    asm = LazyTexts(
        ir=printed("ir", frontend_ir),
        lowered_ir=printed("lowered_ir", lambda: str(module) + "\n"),
        ascendc=printed("ascendc", lambda: to_ascendc(module)),
    )
    return CompiledKernel(
        name=name,
        module=module,
        asm=asm,
        kernel_type=meta["kernel_type"],
        options=meta["options"],
        metadata={"callees": meta["callees"], "from_disk_cache": True},
    )


def _read_meta(text: str, name: str) -> tuple[Any, str | None]:
    """`kernel.json`'s content, and what is wrong with it (None: nothing)."""
    import json

    from asc_xdsl.runtime.kernel import KERNEL_TYPES

    try:
        meta = json.loads(text)
    except (ValueError, RecursionError):  # JSON nested beyond Python's stack too
        return None, "its kernel.json is not valid JSON"
    if not isinstance(meta, dict):
        return None, "its kernel.json is not a JSON object"
    for field, kind in _META_FIELDS.items():
        if not isinstance(meta.get(field), kind) or isinstance(meta.get(field), bool):
            return None, f"its kernel.json has no valid field '{field}'"
    if meta["format"] != FORMAT_VERSION:
        return None, f"is in cache format {meta['format']}, not {FORMAT_VERSION}"
    if meta["versions"] != versions():
        return None, "was written by another build of asc_xdsl or xDSL"
    if meta["name"] != name:
        return None, f"holds kernel '{meta['name']}', not '{name}'"
    if meta["kernel_type"] not in KERNEL_TYPES:
        return None, f"has an unknown kernel type '{meta['kernel_type']}'"
    if not all(isinstance(k, str) and _is_json(v) for k, v in meta["options"].items()):
        return None, "its kernel.json has options that are not plain values"
    files = meta["files"]
    if MODULE_FILE not in files or not all(
        file in ENTRY_FILES and isinstance(digest, str) for file, digest in files.items()
    ):
        return None, "its kernel.json does not list the entry's files and their digests"
    return meta, None


def _first_line(e: Exception) -> str:
    first = str(e).strip().splitlines()[:1]
    return first[0] if first else type(e).__name__


def _has_kernel(module: Any, name: str) -> bool:
    from xdsl.dialects import func

    from asc_xdsl.dialects.ascendc.base import KERNEL_ATTR

    return any(
        isinstance(op, func.FuncOp) and op.sym_name.data == name and KERNEL_ATTR in op.attributes
        for op in module.ops
    )


def _discard(entry: Path, problem: str) -> None:
    """Warn that `entry` is bad and remove it (with the binaries a backend kept there,
    built from it): renamed aside first, so no reader sees it half removed."""
    import shutil
    import tempfile
    import warnings

    warnings.warn(
        f"compile cache entry {entry} {problem}: discarded, the kernel is compiled again",
        CacheWarning,
        stacklevel=5,  # (here, load, _compile_cached, launch or compile): the caller's line
    )
    try:
        aside = Path(tempfile.mkdtemp(prefix=".discarded-", dir=entry.parent))
        os.replace(entry, aside / "entry")
        shutil.rmtree(aside, ignore_errors=True)
    except OSError:  # a read-only cache: the compile's store fails quietly too
        pass
    return None


def _with_locations(module: Any) -> str:
    from io import StringIO

    out = StringIO()
    _located_printer()(stream=out, print_debuginfo=True).print_op(module)
    return out.getvalue()


@functools.cache
def _located_printer() -> type:
    """xDSL's `Printer` with one fix for `print_debuginfo`: its `print_operation_type`
    writes the op's location after the type, which is right for the generic form but
    also happens inside a custom format that prints its type with it (`scf.while`:
    `: (i32) -> i32 loc(...) {`), where the parser does not take it; the location is
    printed again after the custom form anyway. Every kernel with a `while` loop then
    missed the disk cache (xDSL 0.74, 0.75; docs/library.md lists the proposal)."""
    from xdsl.ir import Operation
    from xdsl.printer import Printer

    class LocatedPrinter(Printer):
        def print_operation_type(self, op: Operation) -> None:
            if self.print_generic_format or type(op).print is Operation.print:
                super().print_operation_type(op)
            else:
                self.print_function_type(op.operand_types, op.result_types)

    return LocatedPrinter


def _is_json(value: Any) -> bool:
    return value is None or isinstance(value, bool | int | float | str)
