"""The opt-in fast start: process-wide start-up techniques, for programs that choose them.

`import asc_xdsl` and a compile change nothing outside asc_xdsl: no function of the
standard library, the garbage collector, the import system or xDSL is replaced, and
xDSL's classes (and a user's) behave as without asc_xdsl. The techniques below make a
cold start (Python start to the first kernel compiled) faster by changing how the
whole process defines classes and imports modules, so they are applied only when a
program asks for them:

- `asc_xdsl.fast_start()`, called by the program (best before anything imports xDSL:
  the techniques apply to classes defined after the call);
- the environment variable `ASC_XDSL_FAST_START=1`, read as `asc_xdsl` is imported;
- our own command-line programs (`asc-opt` / `python -m asc_xdsl.opt`, `python -m
  asc_xdsl.run`, `.build`, `.prof`) call it for themselves: they are the whole process.

What it installs, for the process (see each module's docstring):

| module | what it changes |
|---|---|
| `dataclass_code` | `dataclasses`' `exec`: generated methods' code read from a table on disk |
| `lazy_dataclasses` | `dataclasses`' method makers: xDSL's and our methods made on first use |
| `lazy_formats` | xDSL's `FormatProgram.from_str`: assembly formats compiled on first use |
| `irdl_memo` | IRDL's `get_annotations` and `irdl_to_attr_constraint`, kept per input |
| `lazy_dialect_loader` | a `sys.meta_path` hook: xDSL's `.irdl` finder made when first asked |
| `quiet_imports` | a `sys.meta_path` hook: the collector paused while xDSL and we load, and while a compile runs |
| `exit_freeze` | an `atexit` handler: a full collection, then what is alive frozen (`gc.freeze()`) so the exit's collections skip it |

(Our own op classes get their fast accessors, and ops of any dialect a faster verifier
inside our `verify_module`, without the opt-in: those write nothing into xDSL's classes.)

Once installed they stay for the life of the process (there is no undo: classes made
meanwhile keep what they were made with). Costs of the opt-in, documented in
docs/library.md: an upstream op whose assembly format does not compile fails at its
first parse or print, not at its class statement; xDSL's own test suite sees those
differences; and an object still alive at exit inside a reference cycle is not
finalized during the interpreter's teardown (`exit_freeze`).
"""

from __future__ import annotations

import os
import sys

ENV = "ASC_XDSL_FAST_START"
"""The environment variable that turns the fast start on as `asc_xdsl` is imported."""

PROGRAMS = frozenset({"asc-opt"})
"""Console scripts of ours (their file names): the process is the program."""
PROGRAM_MODULES = frozenset({"asc_xdsl.opt", "asc_xdsl.run", "asc_xdsl.build", "asc_xdsl.prof"})
"""Our modules that are programs (`python -m ...`)."""

_on = [False]


def requested(environ: dict[str, str] | os._Environ[str] | None = None) -> bool:
    """Whether `ASC_XDSL_FAST_START` asks for the fast start (set, and not "0" or empty
    or "false"/"no"/"off")."""
    value = (os.environ if environ is None else environ).get(ENV, "")
    return value.strip().lower() not in ("", "0", "false", "no", "off")


def enabled() -> bool:
    """Whether the fast start is on in this process."""
    return _on[0]


def fast_start() -> None:
    """Turn the fast start on for this process (idempotent; see the module's
    docstring for what it changes)."""
    if _on[0]:
        return
    from asc_xdsl.utils import (
        dataclass_code,
        exit_freeze,
        irdl_memo,
        lazy_dataclasses,
        lazy_dialect_loader,
        lazy_formats,
        quiet_imports,
    )

    dataclass_code.install()
    lazy_dataclasses.install()
    lazy_formats.install()
    irdl_memo.install()
    lazy_dialect_loader.install()
    quiet_imports.install()
    exit_freeze.install()
    _on[0] = True


def for_program() -> bool:
    """Turn the fast start on when the process is one of our programs: `__main__` is one
    of `PROGRAM_MODULES` (`python -m asc_xdsl.opt`, also run in lit's workers through
    `runpy`), or the script is one of our console scripts (`PROGRAMS`). True when it did.
    `asc_xdsl.utils.program_start` calls it as our programs import it, first."""
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    script = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if getattr(spec, "name", None) in PROGRAM_MODULES or script in PROGRAMS:
        fast_start()
        return True
    return False
