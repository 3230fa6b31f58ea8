"""Ascend C of the irregular ops of `dialects/ascendc/adv_matmul.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any

from asc_xdsl.dialects.ascendc.adv_common import (
    UI8,
)


def _print_regist(emitter: Any, op: Any) -> None:
    # The macro expands to unqualified AscendC names.
    workspace = emitter.name(op.workspace)
    if op.workspace.type.element_type != UI8:  # the macro takes a GM_ADDR
        workspace = f"reinterpret_cast<GM_ADDR>({workspace})"
    args = [f"&{emitter.name(op.pipe)}", workspace, emitter.name(op.matmul)]
    if op.tiling is not None:
        args.append(f"&{emitter.name(op.tiling)}")
    emitter.line("using namespace AscendC;")
    emitter.line(f"REGIST_MATMUL_OBJ({', '.join(args)});")
