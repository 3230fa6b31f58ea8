"""pyasc's `asc.lib.runtime` names that launch scripts use.

    vadd_kernel[8, rt.current_stream()](x, y, z, n)

Launches are synchronous on every asc_xdsl backend (results are in the arrays when the
call returns), so the stream only keeps pyasc's launch syntax working.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Stream:
    """The default stream of a device (launches synchronise on it before returning)."""

    device_id: int = 0


def current_stream(device_id: int | None = None) -> Stream:
    return Stream(device_id or 0)
