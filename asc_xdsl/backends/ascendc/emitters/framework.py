"""Ascend C of the irregular ops of `dialects/ascendc/framework.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any

from xdsl.ir import Operation

from asc_xdsl.backends.ascendc.emitters.common import cpu_debug_only
from asc_xdsl.backends.ascendc.errors import EmissionError
from asc_xdsl.enums import TPosition


def _print_get_base_addr(emitter: Any, op: Any) -> None:
    """The CPU-debug build's `uint8_t* GetBaseAddr(int8_t logicPos)` as an integer; on
    the device an on-chip buffer's addresses start at 0."""
    name = emitter.names.define(op.value)
    t = emitter.ctype(op, op.value.type)
    pos = TPosition.from_attr(op.logic_pos).cpp
    pipe = emitter.name(op.pipe)
    cpu_debug_only(
        emitter,
        lambda: emitter.line(
            f"{t} {name} = reinterpret_cast<{t}>({pipe}.GetBaseAddr(static_cast<int8_t>({pos})));"
        ),
        lambda: emitter.line(f"{t} {name} = 0;"),
    )


def _no_destroy(emitter: Any, op: Operation) -> None:
    raise EmissionError(
        op,
        "TQueBind has no Destroy() in the Ascend C headers (pyasc has the op, not the API); "
        "free the queue's tensors with free_tensor, its buffers with pipe.destroy",
    )


def _print_to_que_bind(emitter: Any, op: Any) -> None:
    """`TQueBind<...>& b = que;`: a reference to the queue's base class."""
    name = emitter.names.define(op.result)
    emitter.line(f"{emitter.ctype(op, op.result.type)}& {name} = {emitter.name(op.source)};")


def _print_init_buf_handle(emitter: Any, op: Any) -> None:
    """`que.InitBufHandle(&pool, index, handle, addr, len);` (the pool by pointer)."""
    args = [
        f"&{emitter.name(op.buf_pool)}",
        *(emitter.name(v) for v in (op.index, op.buf_handle, op.cur_pool_addr, op.len)),
    ]
    emitter.line(f"{emitter.name(op.queue)}.InitBufHandle({', '.join(args)});")
