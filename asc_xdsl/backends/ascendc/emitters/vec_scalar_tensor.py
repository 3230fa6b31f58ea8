"""Ascend C of the flexible-scalar-position Subs / Divs, count and mask forms
(`dialects/ascendc/vec_scalar_tensor.py`; the commutative APIs print through the generic
printer)."""

from __future__ import annotations

from typing import Any

from xdsl.ir import Operation

from asc_xdsl.dialects.ascendc.base import ArrayArg


def _print_scalar_tensor(emitter: Any, op: Operation) -> None:
    """`Subs(dst, src0, src1, count)` (or `..., mask, repeatTime, repeatParams`) with the
    default BinaryConfig (src1[0] the scalar); scalarTensorIndex 0: `static constexpr
    BinaryConfig cfg = {0}; Subs<BinaryDefaultType, isSetMask, cfg>(...)` -- the config
    is a template argument by reference, so a named constant. A mask form with isSetMask
    false spells the template arguments before it (`<BinaryDefaultType, false>`)."""
    # (a bit mask's C array is declared first, as the generic printer does)
    values = [emitter._array(op, a) if isinstance(a, ArrayArg) else a for a in op.cpp_call_args()]
    args = ", ".join(v if isinstance(v, str) else emitter.arg(op, v) for v in values)
    api = f"AscendC::{op.SPEC.api}"
    masked = any(p.name == "isSetMask" for p in op.SPEC.props)  # (a mask form)
    set_mask = "false" if masked and not op.flag("isSetMask") else "true"
    index = op.properties.get("scalarTensorIndex")
    if index is None or index.value.data == 1:
        template = "" if set_mask == "true" else "<AscendC::BinaryDefaultType, false>"
        emitter.line(f"{api}{template}({args});")
        return
    config = emitter.names.claim("scalar_first_config")
    emitter.line(f"static constexpr AscendC::BinaryConfig {config} = {{0}};")
    emitter.line(f"{api}<AscendC::BinaryDefaultType, {set_mask}, {config}>({args});")
