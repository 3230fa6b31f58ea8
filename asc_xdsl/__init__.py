"""asc_xdsl: write Ascend C kernels in Python, run them on a CPU simulator or an NPU.

    import asc_xdsl as asc

    @asc.jit
    def kernel(x: asc.GlobalAddress, ...): ...

The names below are pyasc's, so a pyasc kernel runs after changing only its import:
the compiler's (`jit`, `ConstExpr`, errors) from `asc_xdsl.frontend`, the kernel
language's from `asc_xdsl.language`.
"""

from asc_xdsl.utils import dataclass_code as _dataclass_code
from asc_xdsl.utils import fast_accessors as _fast_accessors
from asc_xdsl.utils import irdl_memo as _irdl_memo
from asc_xdsl.utils import lazy_dataclasses as _lazy_dataclasses
from asc_xdsl.utils import lazy_dialect_loader as _lazy_dialect_loader
from asc_xdsl.utils import lazy_formats as _lazy_formats
from asc_xdsl.utils import quiet_imports as _quiet_imports

# Before xDSL is imported (it is not, until a compile needs it): its dataclasses'
# generated methods come compiled from disk, and their docstrings and methods are made
# when first used, upstream ops' formats compile when used, attribute classes'
# annotations are evaluated once, ops' named operands are read in one call, its `.irdl`
# file finder loads when an import first asks it, and the garbage collector pauses
# while its modules and ours load.
_dataclass_code.install()
_lazy_dataclasses.install()
_lazy_formats.install()
_irdl_memo.install()
_fast_accessors.install()
_lazy_dialect_loader.install()
_quiet_imports.install()

from asc_xdsl.frontend import *  # noqa: E402, F403
from asc_xdsl.frontend import __all__ as _frontend_all  # noqa: E402
from asc_xdsl.language import *  # noqa: E402, F403
from asc_xdsl.language import __all__ as _language_all  # noqa: E402

__version__ = "0.1.0"

__all__ = [*_frontend_all, *_language_all]
