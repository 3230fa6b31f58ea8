"""`asc_xdsl.asctile`: the tile language under PyAsc2's new name (`asc2` renamed
`asctile`); the same module as `asc_xdsl.asc2`."""

from asc_xdsl.asc2 import *  # noqa: F403
from asc_xdsl.asc2 import __all__  # noqa: F401
