"""Launch option `gm_overread`: what an access past the end of a buffer does.

Several third-party kernels move whole tiles even when the array's size is not a
multiple of the tile, so their last tile runs past the end. That is a bug, so by
default (`"error"`) it is a `GmAccessError` (or `TensorBoundsError`) at the op. On an
NPU such kernels usually work: the memory after a GM array exists (the allocator rounds
sizes up, other tensors follow) and the UB is one address space. For running code you
do not own there are two opt-in modes:

* `"zeros"`: GM reads past an argument's end return zeros; writes past it stay errors.
* `"pad"`: each GM argument is followed by a pad of `PAD_BYTES` zero bytes that reads
  and writes past its end land in (a later read sees what was written there); the pad
  is dropped after the launch. Vector and DataCopy accesses past a local tensor's end reach the
  following bytes of the same on-chip memory (the next buffer, as on the NPU; past the
  memory's end it stays an error), and a DataCopy whose size is not a 32-byte multiple
  drops its tail as the NPU does (unless `copy_tail` is given).

Both modes bind each GM argument to a padded copy, written back into the caller's
array after the launch (not when the launch raises), and warn once per launch for each
argument (`GmOverreadWarning`), once for local tensors (`LocalOverrunWarning`) and
once for dropped DataCopy tails (`CopyTailWarning`), naming the first such access. Scripts you cannot edit get the same with
`ASC_XDSL_GM_OVERREAD=zeros|pad` (the keyword wins over it).

The ops name each access `"<API> reads ..."` or `"<API> writes ..."` when they check it
(`GmBuffer.check`, `LocalTensor.check`).
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence

import numpy as np

from asc_xdsl.diagnostics import CodedWarning
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.simulator import memory
from asc_xdsl.runtime.simulator.memory import GmBuffer, GmPtr

MODES = ("error", "zeros", "pad")
GM_OVERREAD_ENV = "ASC_XDSL_GM_OVERREAD"
PAD_BYTES = 512 * 1024
"""Zero bytes after each argument: the largest on-chip buffer (L1), so no single copy
can run past them."""


class GmOverreadWarning(CodedWarning):
    """GM accesses ran past the end of an argument (`gm_overread="zeros"` or `"pad"`)."""


class LocalOverrunWarning(CodedWarning):
    """Vector accesses ran past a local tensor's end into the next bytes (`"pad"`)."""


class CopyTailWarning(CodedWarning):
    """DataCopy sizes that are not 32-byte multiples dropped their tails (`"pad"`)."""


class PaddedGmBuffer(GmBuffer):
    """A GM argument's bytes copied into a longer zeroed array."""

    __slots__ = ("caller", "first_read", "first_write", "writes")

    def __init__(self, buf: GmBuffer, writes: bool):
        padded = np.zeros(buf.nbytes + PAD_BYTES, np.uint8)
        padded[: buf.nbytes] = buf.u8
        super().__init__(buf.name, padded)
        self.nbytes = buf.nbytes  # the argument's own size: checks and messages use it
        self.caller = buf.u8
        self.writes = writes
        self.first_read: str | None = None
        self.first_write: str | None = None

    def check(self, start: int, nbytes: int, what: str) -> None:
        end = start + nbytes
        if start >= 0 and self.nbytes < end <= self.nbytes + PAD_BYTES:
            where = f"{what} bytes [{start}, {end}) of {self.nbytes}"
            if " reads" in what:
                self.first_read = self.first_read or where
                return
            if self.writes:
                self.first_write = self.first_write or where
                return
        super().check(start, nbytes, what)


def overread_mode(value: object) -> str:
    """The launch option (or ASC_XDSL_GM_OVERREAD) as one of MODES."""
    where = "gm_overread"
    if value is None and os.environ.get(GM_OVERREAD_ENV):
        value, where = os.environ[GM_OVERREAD_ENV], GM_OVERREAD_ENV
    mode = "error" if value is None else value
    if mode not in MODES:
        raise LaunchError(
            f"{where} must be 'error', 'zeros' or 'pad', got {value!r}", code="ASC-R602"
        )
    return mode  # type: ignore[return-value]


class Overruns:
    """What one launch in mode "zeros" or "pad" let through, for the warnings."""

    def __init__(self, mode: str, values: Sequence[object]):
        self.mode = mode
        self.padded = _pad_arguments(values, writes=mode == "pad")
        self.local = memory.LocalOverruns() if mode == "pad" else None

    def __enter__(self) -> Overruns:
        memory.local_overruns = self.local
        return self

    def __exit__(self, kind, *_) -> None:
        memory.local_overruns = None
        if kind is None:
            self.finish()

    def finish(self) -> None:
        """Write the copies back and warn once per argument (and local tensors) that ran
        past its end."""
        for buf in self.padded:
            buf.caller[:] = buf.u8[: buf.nbytes]
        for buf in self.padded:
            done = [
                f"reads returned {'zeros' if self.mode == 'zeros' else 'the pad'} (the first: "
                f"{buf.first_read})"
                if buf.first_read
                else "",
                f"writes were dropped (the first: {buf.first_write})" if buf.first_write else "",
            ]
            if any(done):
                _warn(
                    f"GM accesses past the end of argument '{buf.name}' (gm_overread="
                    f"'{self.mode}'): " + "; ".join(d for d in done if d),
                    GmOverreadWarning,
                )
        if self.local is not None and self.local.first_tail:
            _warn(
                f"{self.local.tails} DataCopy(s) of a size that is not a multiple of 32 bytes "
                f"dropped the tail, as the NPU does (gm_overread='pad'); the first: "
                f"{self.local.first_tail}",
                CopyTailWarning,
            )
        if self.local is not None and self.local.first:
            _warn(
                f"{self.local.count} vector access(es) ran past the end of a local tensor "
                f"into the next bytes of on-chip memory (gm_overread='pad'); the first: "
                f"{self.local.first}",
                LocalOverrunWarning,
            )


_PACKAGE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _warn(message: str, category: type[Warning]) -> None:
    """Warn at the innermost caller outside asc_xdsl: the kernel launch in user code
    (however many frames the launch path has)."""
    level, frame = 2, sys._getframe(1)  # stacklevel 2 is _warn's caller
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        level, frame = level + 1, frame.f_back
    warnings.warn(message, category, stacklevel=level)


def _pad_arguments(values: Sequence[object], writes: bool) -> list[PaddedGmBuffer]:
    """Bind every GM pointer in `values` to a padded copy (in place); the copies."""
    padded: list[PaddedGmBuffer] = []
    for v in values:
        if isinstance(v, GmPtr):
            for other in padded:
                if np.shares_memory(other.caller, v.buf.u8):
                    raise LaunchError(
                        f"gm_overread: arguments '{other.name}' and '{v.buf.name}' share "
                        "memory; pass separate arrays",
                        code="ASC-R602",
                    )
            v.buf = PaddedGmBuffer(v.buf, writes)
            padded.append(v.buf)
    return padded
