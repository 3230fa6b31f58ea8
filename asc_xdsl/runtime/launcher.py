"""pyasc's `asc.runtime.launcher` path: `LaunchOptions(core_num, stream)`, which
`kernel[...]` also takes. Launching itself is the backends' (`asc_xdsl.runtime.backends`)."""

from asc_xdsl.frontend.options import LaunchOptions

__all__ = ["LaunchOptions"]
