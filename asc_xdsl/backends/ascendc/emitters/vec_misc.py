"""Ascend C of the irregular ops of `dialects/ascendc/vec_misc.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any

from xdsl.ir import Operation, SSAValue

from asc_xdsl.backends.ascendc.emitters.common import c_array
from asc_xdsl.dialects.ascendc.enums import AscEnum


def _print_gather_mask(emitter: Any, op: Operation) -> None:
    """`uint64_t n; AscendC::GatherMask<T, [U,] mode>(..., n);` (the count is an out
    parameter)."""
    count: SSAValue = op.rsvd_cnt  # type: ignore[attr-defined]
    name = emitter.names.define(count)
    emitter.line(f"{emitter.ctype(op, count.type)} {name};")
    targs = ", ".join(
        a.cpp if isinstance(a, AscEnum) else emitter.ctype(op, a)
        for a in op.cpp_template_args()  # type: ignore[attr-defined]
    )
    args = [emitter.arg(op, a) for a in op.cpp_call_args()]  # type: ignore[attr-defined]
    emitter.line(f"AscendC::GatherMask<{targs}>({', '.join([*args, name])});")


def _print_5hd_lists(emitter: Any, op: Operation) -> None:
    """The two lists as C arrays (of local tensors or of addresses), then the call."""
    (t,) = op.cpp_template_args()  # type: ignore[attr-defined]
    lists = [
        c_array(emitter, op, emitter.ctype(op, values[0].type), values, name)
        for name in ("dst_list", "src_list")
        for values in (getattr(op, name),)
    ]
    params = emitter.name(op.params)  # type: ignore[attr-defined]
    emitter.line(f"AscendC::TransDataTo5HD<{emitter.ctype(op, t)}>({', '.join([*lists, params])});")
