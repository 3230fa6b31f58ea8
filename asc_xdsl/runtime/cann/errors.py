"""Errors of the CANN runtime: each says what is missing and how to fix it."""

from __future__ import annotations

from asc_xdsl.runtime.kernel import LaunchError

SETUP_HINT = (
    "install the CANN toolkit (https://www.hiascend.com/cann), then `source "
    "<install dir>/ascend-toolkit/set_env.sh` or set ASCEND_HOME_PATH to the toolkit "
    "(e.g. /usr/local/Ascend/ascend-toolkit/latest)"
)


class CannError(LaunchError):
    """Base class of every error raised by `asc_xdsl.runtime.cann`."""


class ToolkitNotFoundError(CannError):
    """No CANN toolkit (or a tool or library of it) where we looked."""


class CompileError(CannError):
    """bisheng or ld.lld failed; the message holds their diagnostics."""


class AclError(CannError):
    """An ACL runtime call returned an error code."""

    def __init__(self, function: str, code: int, message: str) -> None:
        super().__init__(message)
        self.function = function
        self.code = code
