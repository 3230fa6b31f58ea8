"""Launch option `gm_overread`: what a GM read past the end of an argument does.

Several third-party kernels read whole tiles even when the array's size is not a
multiple of the tile, so their last tile reads past the end. That is a bug (on an NPU
it reads whatever lies there), so by default (`"error"`) it is a `GmAccessError` at
the op. `gm_overread="zeros"` is for running code you do not own: each GM argument is
bound to a copy followed by `PAD_BYTES` zero bytes, reads that run into them return
zeros, and one `GmOverreadWarning` after the launch names the arguments and the first
such read. Writes past the end stay errors. After the launch the copies are written
back into the caller's arrays (not when the launch raises). Scripts you cannot edit
get the same with `ASC_XDSL_GM_OVERREAD=zeros` (the keyword wins over it).

The ops name each GM access `"<API> reads ..."` or `"<API> writes ..."` when they check
it (`GmBuffer.check`); only reads are let through.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Sequence

import numpy as np

from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.simulator.memory import GmBuffer, GmPtr

MODES = ("error", "zeros")
GM_OVERREAD_ENV = "ASC_XDSL_GM_OVERREAD"
PAD_BYTES = 512 * 1024
"""Zero bytes after each argument: the largest on-chip buffer (L1), so no single copy
can read past them."""


class GmOverreadWarning(UserWarning):
    """GM reads past the end of an argument returned zeros (`gm_overread="zeros"`)."""


class PaddedGmBuffer(GmBuffer):
    """A GM argument's bytes copied into a longer zeroed array."""

    __slots__ = ("caller", "first")

    def __init__(self, buf: GmBuffer):
        padded = np.zeros(buf.nbytes + PAD_BYTES, np.uint8)
        padded[: buf.nbytes] = buf.u8
        super().__init__(buf.name, padded)
        self.nbytes = buf.nbytes  # the argument's own size: checks and messages use it
        self.caller = buf.u8
        self.first: str | None = None

    def check(self, start: int, nbytes: int, what: str) -> None:
        end = start + nbytes
        if start >= 0 and self.nbytes < end <= self.nbytes + PAD_BYTES and " reads" in what:
            if self.first is None:
                self.first = f"{what} bytes [{start}, {end}) of {self.nbytes}"
            return
        super().check(start, nbytes, what)


def overread_mode(value: object) -> str:
    """The launch option (or ASC_XDSL_GM_OVERREAD) as one of MODES."""
    where = "gm_overread"
    if value is None and os.environ.get(GM_OVERREAD_ENV):
        value, where = os.environ[GM_OVERREAD_ENV], GM_OVERREAD_ENV
    mode = "error" if value is None else value
    if mode not in MODES:
        raise LaunchError(f"{where} must be 'error' or 'zeros', got {value!r}")
    return mode  # type: ignore[return-value]


def pad_arguments(values: Sequence[object]) -> list[PaddedGmBuffer]:
    """Bind every GM pointer in `values` to a padded copy (in place); the copies."""
    padded: list[PaddedGmBuffer] = []
    for v in values:
        if isinstance(v, GmPtr):
            for other in padded:
                if np.shares_memory(other.caller, v.buf.u8):
                    raise LaunchError(
                        f"gm_overread='zeros': arguments '{other.name}' and '{v.buf.name}' "
                        "share memory; pass separate arrays"
                    )
            v.buf = PaddedGmBuffer(v.buf)
            padded.append(v.buf)
    return padded


def finish(padded: Sequence[PaddedGmBuffer]) -> None:
    """Write the copies back and warn once if any read ran past an argument's end."""
    for buf in padded:
        buf.caller[:] = buf.u8[: buf.nbytes]
    over = [buf for buf in padded if buf.first is not None]
    if over:
        names = ", ".join(f"'{buf.name}'" for buf in over)
        warnings.warn(
            f"GM reads past the end of argument(s) {names} returned zeros (gm_overread="
            f"'zeros'); the first: {over[0].first}",
            GmOverreadWarning,
            stacklevel=4,
        )
