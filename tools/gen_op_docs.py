"""Write docs/ops.md: one row per AscendC op, read from the op classes.

python tools/gen_op_docs.py          # rewrite docs/ops.md
python tools/gen_op_docs.py --check  # exit 1 if docs/ops.md is stale (the unit tests run this)
"""

from __future__ import annotations

import sys
from pathlib import Path

from asc_xdsl.dialects.ascendc import all_ops
from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.emitasc import EmitAsc

DOC = Path(__file__).resolve().parents[1] / "docs" / "ops.md"

_FORM = {
    EmitKind.FREE_FUNCTION: "`AscendC::{api}(...)`",
    EmitKind.MEMBER_FUNCTION: "`obj.{api}(...)`",
    EmitKind.CONSTRUCTOR: "`{api} v(...)`",
    EmitKind.SUBSCRIPT: "`t[i]`",
    EmitKind.CALL_OPERATOR: "`t(i)`",
    EmitKind.ASSIGN_MEMBER: "`dst = src0.{api}(src1)`",
    EmitKind.CUSTOM: "`{api}` (printer method)",
}


def _summary(cls: type) -> str:
    doc = (cls.__doc__ or "").strip().splitlines()
    return doc[0].replace("|", "\\|") if doc else ""


def render() -> str:
    ALL_OPS = all_ops()
    lines = [
        "# AscendC ops",
        "",
        "Generated from the op classes by `tools/gen_op_docs.py`; do not edit by hand.",
        "",
        "| op | module | Ascend C | pipe | what it does |",
        "|---|---|---|---|---|",
    ]
    for cls in sorted(ALL_OPS, key=lambda c: c.name):
        module = cls.__module__.rsplit(".", 1)[-1]
        form = _FORM[cls.EMIT_KIND].format(api=cls.API_NAME or "struct")
        # An op whose pipe depends on its operands (a copy's direction) describes it.
        pipe = cls.PIPE or getattr(cls, "PIPE_DOC", "")
        lines.append(f"| `{cls.name}` | {module} | {form} | {pipe} | {_summary(cls)} |")
    for cls in EmitAsc.operations:
        lines.append(f"| `{cls.name}` | emitasc | printer method | S | {_summary(cls)} |")
    lines += [
        "",
        f"{len(ALL_OPS)} `ascendc` ops and {len(list(EmitAsc.operations))} `emitasc` op(s).",
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    text = render()
    if "--check" in sys.argv:
        if not DOC.exists() or DOC.read_text() != text:
            print(f"{DOC} is stale: run python tools/gen_op_docs.py", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
