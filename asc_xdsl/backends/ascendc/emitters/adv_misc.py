"""Ascend C of the irregular ops of `dialects/ascendc/adv_misc.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any


def _print_init_obj(emitter: Any, op: Any) -> None:
    server = emitter.name(op.server)
    args = [f"&{emitter.name(op.pipe)}", *(emitter.name(v) for v in op.ops)]
    emitter.line(f"{server}.InitObj({', '.join(args)});")
