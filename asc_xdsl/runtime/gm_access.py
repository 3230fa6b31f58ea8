"""Which GM pointer parameters of a kernel may be written: the outputs to copy back.

A parameter is written when a value derived from it (through
`ascendc.global_tensor.set_global_buffer`, `ascendc.global_tensor.subindex`,
`emitasc.ptr_offset`) is the destination of a `DataCopy`/`DataCopyPad` or of
`GlobalTensor.SetValue`, or is stored to with `memref.store`. The analysis is
conservative: a derived value that reaches any op it does not know as reading only
(a loop's iter_args, a matmul object, a call of a function without a body, ...)
counts as written. A call of a function of the same module is followed: the argument
is written when the callee writes that parameter (GM pointers and global tensors).
"""

from __future__ import annotations

from xdsl.dialects import func, memref
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue

from asc_xdsl.dialects.ascendc.data_copy import DataCopyBaseOp
from asc_xdsl.dialects.ascendc.tensor import (
    GlobalTensorGetValueOp,
    GlobalTensorSetGlobalBufferOp,
    GlobalTensorSetValueOp,
    GlobalTensorSubIndexOp,
)
from asc_xdsl.dialects.ascendc.types import GlobalTensorType
from asc_xdsl.dialects.emitasc import PtrOffsetOp
from asc_xdsl.runtime.kernel import is_gm_pointer

_VIEWS = (GlobalTensorSubIndexOp, PtrOffsetOp)


def _carries_gm(t: object) -> bool:
    return is_gm_pointer(t) or isinstance(t, GlobalTensorType)


def _derive_origins(function: func.FuncOp) -> dict[SSAValue, set[int]]:
    """For every value derived from GM parameters: the indices of those parameters."""
    origins: dict[SSAValue, set[int]] = {}
    for i, arg in enumerate(function.body.block.args):
        if _carries_gm(arg.type):
            origins[arg] = {i}
    changed = True
    while changed:  # set_global_buffer binds a tensor defined earlier: iterate to a fixpoint
        changed = False
        for op in function.walk():
            if isinstance(op, GlobalTensorSetGlobalBufferOp):
                src, dst = op.buffer, op.tensor
            elif isinstance(op, _VIEWS):
                src, dst = op.operands[0], op.results[0]
            else:
                continue
            new = origins.get(src, set()) - origins.get(dst, set())
            if new:
                origins.setdefault(dst, set()).update(new)
                changed = True
    return origins


class _Analysis:
    def __init__(self, module: ModuleOp | None) -> None:
        self.functions: dict[str, func.FuncOp] = {}
        if module is not None:
            for op in module.walk():
                if isinstance(op, func.FuncOp):
                    self.functions[op.sym_name.data] = op
        self.memo: dict[func.FuncOp, list[bool]] = {}
        self.active: set[func.FuncOp] = set()

    def written(self, function: func.FuncOp) -> list[bool]:
        if function in self.memo:
            return self.memo[function]
        self.active.add(function)
        origins = _derive_origins(function)
        written: set[int] = set()
        for value, params in origins.items():
            if params <= written:
                continue
            for use in value.uses:
                if self._writes(use.operation, use.index, value):
                    written |= params
                    break
        self.active.discard(function)
        result = [i in written for i in range(len(function.body.block.args))]
        self.memo[function] = result
        return result

    def _writes(self, op: Operation, index: int, value: SSAValue) -> bool:
        """Does `op`, using a GM-derived `value` as operand `index`, write through it?"""
        if isinstance(op, func.CallOp):
            callee = self.functions.get(op.callee.string_value())
            if callee is None or not callee.body.blocks or callee in self.active:
                return True
            return self.written(callee)[index]
        return _writes(op, value)


def _writes(op: Operation, value: SSAValue) -> bool:
    """Does `op`, using a GM-derived `value`, (possibly) write through it?"""
    if isinstance(op, DataCopyBaseOp):
        return op.dst == value
    if isinstance(op, GlobalTensorSetValueOp):
        return op.tensor == value
    if isinstance(op, GlobalTensorGetValueOp | GlobalTensorSubIndexOp | PtrOffsetOp):
        return False
    if isinstance(op, GlobalTensorSetGlobalBufferOp):
        return False  # binding, handled by the origins
    if isinstance(op, memref.LoadOp):
        return False
    if isinstance(op, memref.StoreOp):
        return op.memref == value
    return True


def written_params(function: func.FuncOp) -> list[bool]:
    """For each parameter of `function`: is it a GM pointer the kernel may write?"""
    module = function.parent_op()
    analysis = _Analysis(module if isinstance(module, ModuleOp) else None)
    return [
        w and is_gm_pointer(arg.type)
        for w, arg in zip(analysis.written(function), function.body.block.args, strict=True)
    ]
