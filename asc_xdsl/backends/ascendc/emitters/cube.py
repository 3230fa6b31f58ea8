"""Ascend C of the irregular ops of `dialects/ascendc/cube.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any

from xdsl.ir import Operation

from asc_xdsl.dialects.ascendc.cube import (
    _GM_BYTES,
    FIXPIPE_LAYOUTS,
    FIXPIPE_LAYOUTS_3510,
    fixpipe_layout,
    fixpipe_to_ub,
)

CO2_LAYOUTS = (
    "AscendC::CO2Layout::NZ",
    "AscendC::CO2Layout::ROW_MAJOR",
    "AscendC::CO2Layout::COLUMN_MAJOR",
)


def _print_fixpipe(emitter: Any, op: Operation) -> None:
    # The config is a template argument (`const FixpipeConfig&`): a layout known at
    # compile time names its `CFG_*` constant; a config built at run time picks one of
    # the two instantiations by its layout.
    types = ", ".join(emitter.ctype(op, v.type.element_type) for v in (op.dst, op.src))
    workspace = [op.cbuf_workspace] if op.SPEC.mnemonic == "fixpipe_with_workspace" else []
    args = ", ".join(emitter.name(v) for v in (op.dst, op.src, *workspace, op.intri_params))

    def call(config: str) -> str:
        return f"AscendC::Fixpipe<{types}, {config}>({args});"

    layout = fixpipe_layout(op)
    if layout is not None and fixpipe_to_ub(op):
        # Ascend 950's isToUB: the headers' CFG_* constants have it false, so the
        # config is a constant of its own (a template argument by reference)
        config = emitter.names.claim("fixpipe_to_ub")
        emitter.line(
            f"static constexpr AscendC::FixpipeConfig {config} = {{{CO2_LAYOUTS[layout]}, true}};"
        )
        emitter.line(call(config))
        return
    if layout is not None:
        # (COLUMN_MAJOR: Ascend 950's, which the verifier allows only there)
        emitter.line(call(FIXPIPE_LAYOUTS_3510[layout]))
        return
    emitter.line(f"if ({emitter.name(op.fixpipe_config)}.format == AscendC::CO2Layout::NZ) {{")
    emitter.level += 1
    emitter.line(call(FIXPIPE_LAYOUTS[0]))
    emitter.level -= 1
    emitter.line("} else {")
    emitter.level += 1
    emitter.line(call(FIXPIPE_LAYOUTS[1]))
    emitter.level -= 1
    emitter.line("}")


def _print_get_workspace(emitter: Any, op: Operation) -> None:
    # `GetSysWorkSpacePtr` is a global function returning `__gm__ uint8_t*`.
    result = op.results[0]
    expr = "GetSysWorkSpacePtr()"
    if result.type != _GM_BYTES:
        expr = f"reinterpret_cast<{emitter.ctype(op, result.type)}>({expr})"
    emitter.declare(op, result, expr)
