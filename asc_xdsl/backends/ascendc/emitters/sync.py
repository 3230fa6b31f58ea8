"""Ascend C of the irregular ops of `dialects/ascendc/sync.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any


def _print_set_ffts_base_addr(emitter: Any, op: Any) -> None:
    emitter.line(f"set_ffts_base_addr(*{emitter.name(op.address)});")
