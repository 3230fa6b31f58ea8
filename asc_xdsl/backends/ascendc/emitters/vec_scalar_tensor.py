"""Ascend C of the flexible-scalar-position Subs / Divs (`dialects/ascendc/vec_scalar_tensor.py`;
the commutative forms print through the generic printer)."""

from __future__ import annotations

from typing import Any

from xdsl.ir import Operation


def _print_scalar_tensor(emitter: Any, op: Operation) -> None:
    """`Subs(dst, src0, src1, count)` with the default BinaryConfig (src1[0] the scalar);
    scalarTensorIndex 0: `static constexpr BinaryConfig cfg = {0}; Subs<BinaryDefaultType,
    true, cfg>(...)` -- the config is a template argument by reference, so a named
    constant."""
    args = ", ".join(emitter.name(v) for v in (op.dst, op.src0, op.src1, op.cal_count))
    api = f"AscendC::{op.SPEC.api}"
    index = op.properties.get("scalarTensorIndex")
    if index is None or index.value.data == 1:
        emitter.line(f"{api}({args});")
        return
    config = emitter.names.claim("scalar_first_config")
    emitter.line(f"static constexpr AscendC::BinaryConfig {config} = {{0}};")
    emitter.line(f"{api}<AscendC::BinaryDefaultType, true, {config}>({args});")
