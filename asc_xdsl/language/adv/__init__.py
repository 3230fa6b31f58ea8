"""pyasc's `asc.adv` (`asc.language.adv`): the advanced APIs. The regular ones are
made from the op specs whose Python name is in the `adv` namespace (`adv_math.py`,
`adv_misc.py`, ...); the Matmul object, its configuration and the tiling structs are
written in `matmul.py`, `types.py` and `tiling.py`; `quant.py` adds pyasc's
`count=None` to the spec's `quant`."""

from asc_xdsl.language.adv.matmul import *  # noqa: F403
from asc_xdsl.language.adv.matmul import __all__ as _matmul_all
from asc_xdsl.language.adv.tiling import *  # noqa: F403
from asc_xdsl.language.adv.tiling import __all__ as _tiling_all
from asc_xdsl.language.adv.types import *  # noqa: F403
from asc_xdsl.language.adv.types import __all__ as _types_all
from asc_xdsl.language.spec_functions import spec_functions as _spec_functions

_SPEC_FUNCTIONS = _spec_functions("adv")
globals().update(_SPEC_FUNCTIONS)

from asc_xdsl.language.adv.quant import quant  # noqa: E402, F401 -- pyasc's count=None over the spec's (listed in __all__ by the spec)

__all__ = [*_SPEC_FUNCTIONS, *_matmul_all, *_tiling_all, *_types_all]
