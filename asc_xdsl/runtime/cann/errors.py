"""Errors of the CANN runtime: each says what is missing and how to fix it.

Codes ASC-R610..R615 (docs/errors.md); all are RuntimeErrors, ManifestError and
DumpDecodeError (bad input files) ValueErrors too.
"""

from __future__ import annotations

from typing import Any

from asc_xdsl.runtime.kernel import LaunchError

SETUP_HINT = (
    "install the CANN toolkit (https://www.hiascend.com/cann), then `source "
    "<install dir>/ascend-toolkit/set_env.sh` or set ASCEND_HOME_PATH to the toolkit "
    "(e.g. /usr/local/Ascend/ascend-toolkit/latest)"
)


class CannError(LaunchError, RuntimeError):
    """Base class of every error raised by `asc_xdsl.runtime.cann`."""


class ToolkitNotFoundError(CannError):
    """No CANN toolkit (or a tool or library of it) where we looked."""


class BishengError(CannError):
    """bisheng or ld.lld failed on the emitted Ascend C; the message holds their
    diagnostics. (Not the frontend's `CompileError`, which is a kernel the frontend
    refuses: this is the C++ compiler failing on what asc_xdsl printed.)"""


class AclError(CannError):
    """An ACL runtime call returned an error code."""

    def __init__(self, function: str, acl_code: int, message: str, **coded: Any) -> None:
        RuntimeError.__init__(self, message)
        self.function = function
        self.acl_code = acl_code
        """The ACL error number the call returned (`.code` is the diagnostic code)."""
