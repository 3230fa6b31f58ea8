"""The code of the methods `dataclasses` generates, cached on disk like bytecode.

A dataclass gets its `__init__`, `__eq__`, `__setattr__`, ... by `exec` of generated
source, and compiling that source is a quarter of a cold start here (Python start to the
first kernel compiled): about 1,600 functions for xDSL's attributes and ops and ours.
`install()` gives the `dataclasses` module an `exec` that looks the source up in a table
of code objects compiled from exactly that text and compiles only a miss; the table is
read from disk once and written back at exit when it grew.

Exact invalidation: the key is the whole source text, and the file is tagged with the
interpreter's bytecode magic number and optimisation level, so a hit is the code that
compiling the text would give. Only sources executed for classes of `xdsl` and
`asc_xdsl` modules are kept, so the table stays small. The file sits beside this
module's bytecode (`importlib.util.cache_from_source`, so `PYTHONPYCACHEPREFIX` applies)
and has the trust of the `.pyc` files there; like them it is not written when
`sys.dont_write_bytecode` (`PYTHONDONTWRITEBYTECODE`) is set, or when the folder is not
writable.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER, cache_from_source
from types import CodeType
from typing import Any

_CACHED_MODULES = ("xdsl.", "asc_xdsl.")
_MAX_ENTRIES = 8192
"""Beyond this many sources (old versions' accumulate), only the ones in use are kept."""


class _CodeTable:
    def __init__(self, path: str) -> None:
        self.path = path
        self.header = MAGIC_NUMBER + bytes([sys.flags.optimize])
        self.codes: dict[str, CodeType] = self._read()
        self.used: set[str] = set()
        self.grew = False

    def _read(self) -> dict[str, CodeType]:
        try:
            with open(self.path, "rb") as f:
                if f.read(len(self.header)) != self.header:
                    return {}  # another interpreter's bytecode
                table = marshal.loads(f.read())  # load(f) reads piecemeal: 5x slower
        except (OSError, EOFError, ValueError, TypeError):
            return {}  # absent or damaged: compiled again and rewritten
        return table if isinstance(table, dict) else {}

    def exec(self, source: Any, globals: Any = None, locals: Any = None, /) -> None:
        """`exec` as `dataclasses` calls it, with compiled sources reused."""
        name = globals.get("__name__", "") if isinstance(globals, dict) else ""
        if not isinstance(source, str) or not name.startswith(_CACHED_MODULES):
            builtins.exec(source, globals, locals)
            return
        code = self.codes.get(source)
        if code is None:
            # dataclasses.py has no __future__ imports: compile as its exec would
            code = self.codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
            self.grew = True
        self.used.add(source)
        builtins.exec(code, globals, locals)

    def write(self) -> None:
        if not self.grew or sys.dont_write_bytecode:
            return
        codes = self.codes
        if len(codes) > _MAX_ENTRIES:
            codes = {source: codes[source] for source in self.used}
        import tempfile  # only when writing: its imports cost a cold start ~5 ms

        folder = os.path.dirname(self.path)
        try:
            os.makedirs(folder, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".dataclass_code.")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(self.header)
                    marshal.dump(codes, f)
                os.chmod(tmp, os.stat(__file__).st_mode & 0o666)  # as the .pyc files'
                os.replace(tmp, self.path)  # readers never see half a table
            except BaseException:
                os.unlink(tmp)
                raise
        except OSError:
            pass  # a read-only install: no table, as with .pyc files


def table_path() -> str | None:
    """Where the table is kept, or None when this interpreter keeps no bytecode."""
    if sys.implementation.cache_tag is None:
        return None
    return cache_from_source(__file__).removesuffix(".pyc") + ".marshal"


def install() -> None:
    """Reuse compiled dataclass methods from now on (idempotent)."""
    if isinstance(getattr(getattr(dataclasses, "exec", None), "__self__", None), _CodeTable):
        return
    path = table_path()
    if path is None:
        return
    table = _CodeTable(path)
    dataclasses.exec = table.exec  # type: ignore[attr-defined]  # shadows the builtin there
    atexit.register(table.write)
