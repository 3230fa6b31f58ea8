"""Environment variables by their asc_xdsl name, with pyasc's counterparts honoured.

A pyasc user's environment keeps working: `PYASC_CACHE_DIR` (and `PYASC_HOME`, whose
`.pyasc/cache` is pyasc's cache), `PYASC_DUMP_PATH`, `PYASC_COMPILER` and `PYASC_LINKER`
act as their `ASC_XDSL_*` twins. When both are set, asc_xdsl's own name wins.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping


def _pyasc_cache(home: str) -> str:
    return os.path.join(home, ".pyasc", "cache")  # pyasc's cache below PYASC_HOME


# ours -> pyasc's variables, first match wins, each with how its value becomes ours
PYASC_COUNTERPARTS: dict[str, tuple[tuple[str, Callable[[str], str]], ...]] = {
    "ASC_XDSL_CACHE_DIR": (("PYASC_CACHE_DIR", str), ("PYASC_HOME", _pyasc_cache)),
    "ASC_XDSL_DUMP_DIR": (("PYASC_DUMP_PATH", str),),
    "ASC_XDSL_BISHENG": (("PYASC_COMPILER", str),),
    "ASC_XDSL_LINKER": (("PYASC_LINKER", str),),
}


def setting(name: str, env: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """`(variable, value)` for asc_xdsl's variable `name`: `name` itself when set (and not
    empty), else the first of pyasc's counterparts that is set; None when none is. The
    variable is returned so messages name the one the user set."""
    env = os.environ if env is None else env
    value = env.get(name)
    if value:
        return name, value
    for pyasc_name, convert in PYASC_COUNTERPARTS.get(name, ()):
        value = env.get(pyasc_name)
        if value:
            return pyasc_name, convert(value)
    return None


def value(name: str, env: Mapping[str, str] | None = None) -> str | None:
    """The value of `setting(name)`, or None."""
    found = setting(name, env)
    return None if found is None else found[1]
