"""What each kernel parameter is: the caller's, or a hidden one the runtime fills.

`ascendc-legalize-kernel-args` marks every kernel parameter with
`{emitasc.kernel_arg = #emitasc.kernel_arg<kind>}`: `explicit` for the caller's, or the
kind of a hidden parameter (one the launcher adds; `dialects/kernel_args.py` is the one
table of those kinds). The printer prints parameters as the IR has them; the CANN launch
description (runtime/cann/describe.py) and the simulator's argument binding find hidden
parameters through `param_kinds` and fill them as the table says.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import DictionaryAttr, StringAttr

from asc_xdsl.dialects.ascendc.base import KERNEL_TYPE_ATTR
from asc_xdsl.dialects.emitasc import KernelArgAttr
from asc_xdsl.dialects.kernel_args import HIDDEN, KERNEL_TYPES

MATMUL_CUBE_ONLY_ATTR = "asc.matmul_cube_only"
"""The module attribute of `matmul_cube_only` (`ascendc-define-cube-only` prints its
define; the kernel-type and kernel-argument passes read it, without importing that pass)."""
KERNEL_ARG_ATTR = "emitasc.kernel_arg"
EXPLICIT = "explicit"


def kernel_type(kernel: func.FuncOp) -> str:
    """The kernel's `ascendc.kernel_type` ("vector" when unset)."""
    attr = kernel.attributes.get(KERNEL_TYPE_ATTR)
    return attr.data if isinstance(attr, StringAttr) else "vector"


def marked_kind(attrs: DictionaryAttr) -> str | None:
    """The `emitasc.kernel_arg` kind in one parameter's attributes, or None."""
    marker = attrs.data.get(KERNEL_ARG_ATTR)
    return marker.kind.data if isinstance(marker, KernelArgAttr) else None


def param_attrs(kernel: func.FuncOp) -> list[DictionaryAttr]:
    """Each parameter's attribute dictionary (empty where the function has none)."""
    n = len(kernel.function_type.inputs.data)
    given = list(kernel.arg_attrs.data) if kernel.arg_attrs is not None else []
    return given + [_NO_ATTRIBUTES] * (n - len(given))


_NO_ATTRIBUTES = DictionaryAttr({})
"""A parameter without attributes (attributes are immutable: one object serves all)."""


def param_kinds(kernel: func.FuncOp) -> list[str]:
    """Each parameter's kind: `explicit` (also when unmarked) or a `HIDDEN` kind."""
    return [marked_kind(a) or EXPLICIT for a in param_attrs(kernel)]


def kind_problem(kernel: func.FuncOp, ktype: str | None = None) -> str | None:
    """Why the kernel's parameters are not what a launcher of kernel type `ktype` (default:
    the kernel's own) passes, or None: an unknown kernel type or parameter kind, or a
    hidden parameter the kernel type needs and the kernel does not have."""
    ktype = kernel_type(kernel) if ktype is None else ktype
    if ktype not in KERNEL_TYPES:
        return f"unknown kernel type '{ktype}' (vector, cube or mix)"
    kinds = param_kinds(kernel)
    unknown = sorted({k for k in kinds if k != EXPLICIT and k not in HIDDEN})
    if unknown:
        return (
            f"unknown kernel parameter kind(s) {', '.join(unknown)} (explicit, {', '.join(HIDDEN)})"
        )
    for kind, hidden in HIDDEN.items():
        if ktype in hidden.kernel_types and kind not in kinds:
            return (
                f"a {ktype} kernel takes the hidden {kind} parameter "
                f"(#emitasc.kernel_arg<{kind}>), which {hidden.added_by} adds: run it "
                f"(asc-opt -p {hidden.added_by}) or the JIT pipeline first"
            )
    return None
