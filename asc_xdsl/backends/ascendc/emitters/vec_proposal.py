"""Ascend C of the irregular ops of `dialects/ascendc/vec_proposal.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any

from xdsl.ir import Operation

from asc_xdsl.backends.ascendc.emitters.common import c_array


def _print_mrg_sort(emitter: Any, op: Operation) -> None:
    """The two count arrays as `uint16_t`/`uint32_t` C arrays (converting other integer
    types), then the call."""
    base = emitter.name(op.dst)  # type: ignore[attr-defined]
    arrays = [
        c_array(emitter, op, ctype, getattr(op, name), f"{base}_{name}")
        for name, ctype in (("element_count_list", "uint16_t"), ("sorted_num", "uint32_t"))
    ]
    t, flag = op.cpp_template_args()  # type: ignore[attr-defined]
    args = [
        emitter.name(op.dst),  # type: ignore[attr-defined]
        emitter.name(op.sort_list),  # type: ignore[attr-defined]
        *arrays,
        emitter.name(op.valid_bit),  # type: ignore[attr-defined]
        emitter.name(op.repeat_time),  # type: ignore[attr-defined]
    ]
    emitter.line(f"AscendC::MrgSort<{emitter.ctype(op, t)}, {flag}>({', '.join(args)});")


def _print_get_mrg_sort_result(emitter: Any, op: Operation) -> None:
    """`uint16_t a; ... AscendC::GetMrgSortResult(a, b, c, d);` (out parameters)."""
    names = []
    for r in op.results:
        name = emitter.names.define(r)
        emitter.line(f"{emitter.ctype(op, r.type)} {name};")
        names.append(name)
    emitter.line(f"AscendC::GetMrgSortResult({', '.join(names)});")
