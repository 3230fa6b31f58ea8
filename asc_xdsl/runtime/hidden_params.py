"""The hidden kernel parameters (the runtime's name for them): defined with the IR's
kernel arguments, in `asc_xdsl.dialects.kernel_args`, which the passes read too."""

from asc_xdsl.dialects.kernel_args import HIDDEN, HiddenKind

__all__ = ["HIDDEN", "HiddenKind"]
