"""Ascend C of the irregular ops of `dialects/ascendc/misc.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any


def _print_set_hccl_context(emitter: Any, op: Any) -> None:
    index, context = emitter.name(op.index), emitter.name(op.context)
    emitter.line(f"AscendC::SetHcclContext<{index}>({context});")


def _print_get_hccl_context(emitter: Any, op: Any) -> None:
    emitter.declare(op, op.context, f"AscendC::GetHcclContext<{emitter.name(op.index)}>()")


def _print_noop(emitter: Any, op: Any) -> None:
    emitter.line(";")  # an empty statement, as pyasc prints it
