"""The code of the methods `dataclasses` generates, cached on disk like bytecode.

Part of the opt-in fast start (`asc_xdsl.utils.fast_start`): nothing here is installed
unless a program asks for it (`asc_xdsl.fast_start()`, `ASC_XDSL_FAST_START=1`, our
own command-line programs).

A dataclass gets its `__init__`, `__eq__`, `__setattr__`, ... by `exec` of generated
source, and compiling that source is a quarter of a cold start here (Python start to the
first kernel compiled): about 1,600 functions for xDSL's attributes and ops and ours.
`install()` gives the `dataclasses` module an `exec` that looks the source up in a table
of code objects compiled from exactly that text and compiles only a miss. The table is
kept in one chunk per subpackage, read from disk once (a chunk unmarshalled when its
subpackage makes its first dataclass) and written back at exit when it grew.

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
_FORMAT = 2
"""The table's layout: 2 = one marshalled chunk per module (1 was one flat dict)."""

Chunk = dict[str, CodeType]
_GROUPS: dict[str, str] = {}
"""Module name -> its chunk's name: the package and subpackage (`xdsl.irdl`,
`asc_xdsl.language`), so `import asc_xdsl` reads only the chunks of its `language` and
`frontend` and a compile the rest, with few sources repeated across chunks."""


class _CodeTable:
    """Code objects by source text, in one chunk per subpackage of the modules whose
    classes the sources were run for. Reading the file unmarshals only the outer table
    of chunks; a chunk is unmarshalled when its subpackage makes its first dataclass,
    so `import asc_xdsl` (no xDSL) does not pay for xDSL's ~800 sources."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.header = MAGIC_NUMBER + bytes([sys.flags.optimize, _FORMAT])
        self.stored: dict[str, tuple[int, bytes]] = self._read()
        """module -> (number of sources, marshalled chunk), as read."""
        self.chunks: dict[str, Chunk] = {}
        """The chunks unmarshalled (or begun) in this run."""
        self.used: dict[str, set[str]] = {}
        self.grew = False

    def _read(self) -> dict[str, tuple[int, bytes]]:
        try:
            with open(self.path, "rb") as f:
                if f.read(len(self.header)) != self.header:
                    return {}  # another interpreter's bytecode, or another layout
                table = marshal.loads(f.read())  # load(f) reads piecemeal: 5x slower
        except (OSError, EOFError, ValueError, TypeError):
            return {}  # absent or damaged: compiled again and rewritten
        if not isinstance(table, dict) or not all(
            isinstance(v, tuple) and len(v) == 2 and isinstance(v[1], bytes) for v in table.values()
        ):
            return {}
        return table

    def chunk(self, module: str) -> Chunk:
        """The sources run for the classes of chunk `module`, unmarshalled on first use."""
        chunk = self.chunks.get(module)
        if chunk is None:
            chunk = {}
            stored = self.stored.get(module)
            if stored is not None:
                try:
                    loaded = marshal.loads(stored[1])
                except (EOFError, ValueError, TypeError):
                    loaded = None
                if isinstance(loaded, dict):
                    chunk = loaded
                else:  # damaged: compiled again and rewritten
                    del self.stored[module]
                    self.grew = True
            self.chunks[module] = chunk
            self.used[module] = set()
        return chunk

    @property
    def codes(self) -> Chunk:
        """Every source in the table (unmarshals every chunk; for tests and tools)."""
        return {s: c for m in [*self.stored, *self.chunks] for s, c in self.chunk(m).items()}

    def exec(self, source: Any, globals: Any = None, locals: Any = None, /) -> None:
        """`exec` as `dataclasses` calls it, with compiled sources reused."""
        name = globals.get("__name__", "") if isinstance(globals, dict) else ""
        if not isinstance(source, str) or not name.startswith(_CACHED_MODULES):
            if isinstance(source, str):  # (compiled here: `exec` of a text would take
                # this module's `from __future__ import annotations`, and the methods'
                # annotations would be left as strings such as '_type_x')
                source = compile(source, "<string>", "exec", dont_inherit=True)
            builtins.exec(source, globals, locals)
            return
        group = _GROUPS.get(name)
        if group is None:
            group = _GROUPS[name] = ".".join(name.split(".", 2)[:2])
        chunk = self.chunks.get(group)
        if chunk is None:
            chunk = self.chunk(group)
        code = chunk.get(source)
        if code is None:
            # dataclasses.py has no __future__ imports: compile as its exec would
            code = chunk[source] = compile(source, "<string>", "exec", dont_inherit=True)
            self.grew = True
        self.used[group].add(source)
        builtins.exec(code, globals, locals)

    def _table(self) -> dict[str, tuple[int, bytes]]:
        """The table to write: chunks read and untouched stay as read."""
        table = dict(self.stored)
        total = sum(n for n, _ in table.values()) + sum(
            len(c) - table.get(m, (0, b""))[0] for m, c in self.chunks.items()
        )
        if total > _MAX_ENTRIES:  # keep only what this run used
            table = {}
            chunks = {m: {s: c[s] for s in self.used[m]} for m, c in self.chunks.items()}
        else:
            chunks = self.chunks
        for module, chunk in chunks.items():
            if chunk:
                table[module] = (len(chunk), marshal.dumps(chunk))
        return table

    def write(self) -> None:
        if not self.grew or sys.dont_write_bytecode:
            return
        table = self._table()
        import tempfile  # only when writing: its imports cost a cold start ~5 ms

        folder = os.path.dirname(self.path)
        try:
            os.makedirs(folder, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".dataclass_code.")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(self.header)
                    marshal.dump(table, f)
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
