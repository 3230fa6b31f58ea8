"""asc_xdsl: write Ascend C kernels in Python, run them on a CPU simulator or an NPU.

    import asc_xdsl as asc

    @asc.jit
    def kernel(x: asc.GlobalAddress, ...): ...

The names below are pyasc's, so a pyasc kernel runs after changing only its import:
the compiler's (`jit`, `ConstExpr`, errors) from `asc_xdsl.frontend`, the kernel
language's from `asc_xdsl.language`.
"""

from asc_xdsl.utils.fast_start import fast_start as _fast_start
from asc_xdsl.utils.fast_start import requested as _fast_start_requested

# Importing asc_xdsl changes nothing outside it (no xDSL, standard library, collector or
# import system patched). The process-wide start-up techniques are an opt-in:
# `asc_xdsl.fast_start()` or ASC_XDSL_FAST_START=1 (docs/library.md, "Fast start").
if _fast_start_requested():
    _fast_start()

from asc_xdsl.frontend import *  # noqa: F403
from asc_xdsl.frontend import __all__ as _frontend_all
from asc_xdsl.language import *  # noqa: F403
from asc_xdsl.language import __all__ as _language_all

__version__ = "0.1.0"

__all__ = [*_frontend_all, *_language_all]


def fast_start() -> None:
    """Opt in to the process-wide start-up techniques (idempotent): `dataclasses`' code
    generation cached and made lazy, xDSL's assembly formats compiled on first use,
    IRDL's definition-time conversions kept, the garbage collector paused while xDSL
    and asc_xdsl load and while a kernel compiles. Call it before anything imports
    xDSL; it changes the whole process, xDSL's classes included, for good
    (`asc_xdsl.utils.fast_start`). `ASC_XDSL_FAST_START=1` does the same at import."""
    _fast_start()
