"""How the code generator calls an `@asc.vf` function (`codegen.call_function(vector=True)`).

A vector function is built as a device function (one per specialisation) and then:

* each local-tensor argument is passed as a `__ubuf__` pointer to its first element
  (`ascendc.reg.ub_ptr`), which the body sees as a `UbPointer`; scalars pass as they
  are; anything else is a located error;
* the function is marked `ascendc.vf` (printed `__simd_vf__`) and must return nothing;
* the call is `ascendc.reg.vf_call` (`asc_vf_call<f>(...)`).

The Reg layer exists on Ascend 950 only. While the frontend names its placeholder SoC
(`target.DEFAULT_SOC`, no choice made), a kernel that calls a vector function is
compiled for `Ascend950PR_9599`; a kernel for a SoC chosen otherwise keeps it, and the
verifier refuses its Reg ops with their source location.
"""

from __future__ import annotations

import ast
from typing import Any

from asc_xdsl.language.builder import RuntimeScalar
from asc_xdsl.language.reg import UbPointer


def vector_function_argument(gen: Any, value: Any, node: ast.AST, name: str) -> Any:
    """(The SSA value passed for parameter `name`, how the body wraps its block argument)."""
    from asc_xdsl.dialects.ascendc.reg import RegUbPtrOp, ub_pointer_type
    from asc_xdsl.language.core.tensor import LocalTensor

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
    from xdsl.dialects.builtin import StringAttr, UnitAttr

    from asc_xdsl.dialects.ascendc.reg import SAMPLE_SOC, VF_ATTR
    from asc_xdsl.dialects.ascendc.target import DEFAULT_SOC
    from asc_xdsl.soc import SOC_ATTR

    if result_types:
        gen.fail(f"vector function {name} must return nothing (asc_vf_call has no result)", node)
    fn = next(
        op
        for op in gen.module.body.block.ops
        if isinstance(op, func.FuncOp) and op.sym_name.data == name
    )
    fn.attributes[VF_ATTR] = UnitAttr()
    declared = gen.module.attributes.get(SOC_ATTR)
    if isinstance(declared, StringAttr) and declared.data == DEFAULT_SOC:
        gen.module.attributes[SOC_ATTR] = StringAttr(SAMPLE_SOC)


def call_vector_function(gen: Any, callee: str, operands: list) -> None:
    from xdsl.dialects.builtin import SymbolRefAttr

    from asc_xdsl.dialects.ascendc.reg import RegVfCallOp

    gen.emit(RegVfCallOp(operands, callee=SymbolRefAttr(callee)))
