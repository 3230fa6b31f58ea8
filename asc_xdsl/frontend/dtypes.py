"""pyasc's data types (`asc.float16`, ...): defined with the IR they describe, in
`asc_xdsl.dialects.dtypes` (the passes and the language read them too); this is the
frontend's name."""

from asc_xdsl.dialects.dtypes import *  # noqa: F403
from asc_xdsl.dialects.dtypes import __all__  # noqa: F401
