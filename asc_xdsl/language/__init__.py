"""The kernel language: pyasc's Python API (`asc.*`), under pyasc's module paths.

- `core`: data types, enums, tensors, parameter structs, loops;
- `basic`: the basic APIs (most made from the op specs), sync, system values, debug;
- `fwk`: TPipe, TQue, TBuf;
- `adv`: the advanced APIs (`asc.adv.*`).

Each function or method builds IR into the kernel being compiled
(`frontend/codegen.py`); called from plain Python it raises `JitOnlyError`, as
pyasc's `require_jit` does. Names and signatures follow pyasc
(`tests/unit/frontend/pyasc_api/`, checked by `test_pyasc_signatures.py`).
"""

from asc_xdsl.language import adv, basic, core, fwk
from asc_xdsl.language.basic import *  # noqa: F403
from asc_xdsl.language.basic import __all__ as _basic_all
from asc_xdsl.language.core import *  # noqa: F403
from asc_xdsl.language.core import __all__ as _core_all
from asc_xdsl.language.fwk import *  # noqa: F403
from asc_xdsl.language.fwk import __all__ as _fwk_all

__all__ = ["adv", "basic", "core", "fwk", *_basic_all, *_core_all, *_fwk_all]
