"""How the code generator calls an `@asc.vf` function (`codegen.call_function(vector=True)`).

A vector function is built as a device function (one per specialisation) and then:

* each local-tensor argument is passed as a `__ubuf__` pointer to its first element
  (`ascendc.reg.ub_ptr`), which the body sees as a `UbPointer`; scalars pass as they
  are; anything else is a located error;
* the function is marked `ascendc.vf` (printed `__simd_vf__`) and must return nothing;
* the call is `ascendc.reg.vf_call` (`asc_vf_call<f>(...)`).

The Reg layer exists on Ascend 950 (arch 3510) only. A kernel is compiled for the SoC
the user selects (`soc_version=`, the simulator's `platform=`, `ASC_XDSL_SOC_VERSION`;
the default, the Atlas A2 series, when none is: `frontend/options.target_soc`), which
names the module's SoC as its series (`Ascend950PR_9599` -> `Ascend950`); nothing here
changes it. Each Reg call (`asc.reg.*`, a vector-function call) in a kernel compiled for
another SoC is a located compile error at that line (`require_ascend_950`), saying how
to select an Ascend 950 part.
"""

from __future__ import annotations

import ast
from typing import Any

from asc_xdsl.language.builder import RuntimeScalar
from asc_xdsl.language.reg import UbPointer

SELECT_950 = (
    "select an Ascend 950 SoC: soc_version='Ascend950PR_9599' (platform= on the "
    "simulator) or ASC_XDSL_SOC_VERSION"
)


def require_ascend_950(
    gen: Any, what: str, node: ast.AST | None = None, simt: bool = False
) -> None:
    """A located compile error when the kernel is compiled for a SoC other than an
    Ascend 950 part (a module that names no SoC is target-neutral: no error); `simt`:
    the message names SIMT (`language/simt.py`) instead of the Reg layer."""
    from xdsl.dialects.builtin import StringAttr

    from asc_xdsl.dialects.ascendc.target import DEFAULT_SOC, SOC_FAMILY
    from asc_xdsl.soc import ASCEND_950, SOC_ATTR

    soc = gen.module.attributes.get(SOC_ATTR)
    if not isinstance(soc, StringAttr) or SOC_FAMILY.get(soc.data) == ASCEND_950:
        return
    family = SOC_FAMILY.get(soc.data) or "no Ascend 950"
    default = ", the default when no SoC is selected" if soc.data == DEFAULT_SOC else ""
    message = (
        f"{what}: {'SIMT (__simt_vf__)' if simt else 'the Reg layer (AscendC::Reg)'} "
        "exists on Ascend 950 (arch 3510) only; this "
        f"kernel is compiled for {soc.data} ({family}{default}): {SELECT_950}"
    )
    if node is None:
        gen.fail(message)
    gen.fail(message, node)


def vector_function_argument(gen: Any, value: Any, node: ast.AST, name: str) -> Any:
    """(The SSA value passed for parameter `name`, how the body wraps its block argument)."""
    from asc_xdsl.dialects.ascendc.reg import RegUbPtrOp, ub_pointer_type
    from asc_xdsl.language.core.tensor import LocalTensor

    require_ascend_950(gen, "a vector function (asc_vf_call)", node)
    if isinstance(value, LocalTensor) and value.handle is not None:
        dtype = value.dtype
        zero = gen.integer(0, "offset")
        element = value.handle.type.element_type
        op = gen.emit(RegUbPtrOp(value.handle, zero, result_types=[ub_pointer_type(element)]))
        return op.results[0], lambda h, d=dtype: UbPointer(h, d)
    if isinstance(value, UbPointer):
        return value.handle, value.with_handle
    if isinstance(value, RuntimeScalar | int | float) and not isinstance(value, bool):
        return gen._carry(value, node, name)
    return gen.fail(
        f"a vector function takes local tensors and scalars; argument '{name}' is "
        f"{type(value).__name__}",
        node,
    )


def mark_vector_function(gen: Any, name: str, result_types: list, node: ast.AST) -> None:
    from xdsl.dialects import func
    from xdsl.dialects.builtin import UnitAttr

    from asc_xdsl.dialects.ascendc.reg import VF_ATTR

    require_ascend_950(gen, "a vector function (asc_vf_call)", node)
    if result_types:
        gen.fail(f"vector function {name} must return nothing (asc_vf_call has no result)", node)
    fn = next(
        op
        for op in gen.module.body.block.ops
        if isinstance(op, func.FuncOp) and op.sym_name.data == name
    )
    fn.attributes[VF_ATTR] = UnitAttr()


def call_vector_function(gen: Any, callee: str, operands: list) -> None:
    from xdsl.dialects.builtin import SymbolRefAttr

    from asc_xdsl.dialects.ascendc.reg import RegVfCallOp

    gen.emit(RegVfCallOp(operands, callee=SymbolRefAttr(callee)))
