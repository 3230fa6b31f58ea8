"""Which GM pointer parameters of a kernel may be written: the outputs to copy back.

A generic analysis over the ops' declared memory behaviour, with no list of ops:

* views: an op spec's `views` pairs say which results (or operands) refer to another
  operand's memory (`global_tensor.subindex`, `set_global_buffer`, `emitasc.ptr_offset`);
  values so derived from a GM parameter carry that parameter;
* effects: an op using a GM-derived value writes through it when its memory effects
  (xDSL's `MemoryEffect` traits, from the op specs) include a write of that value, or a
  write of unknown target; an op without declared effects counts as writing (the
  analysis is conservative: a loop's iter_args, an unknown call, ...);
* calls of functions of the same module are followed parameter by parameter.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.traits import MemoryEffectKind, get_effects

from asc_xdsl.dialects.ascendc.types import GlobalTensorType
from asc_xdsl.dialects.kernel_args import is_gm_pointer


def views(op: Operation) -> Iterable[tuple[SSAValue, SSAValue]]:
    """(source, view) value pairs of `op`: `view` refers to `source`'s memory."""
    spec = getattr(type(op), "SPEC", None)
    pairs = spec.views if spec is not None else getattr(type(op), "VIEWS", ())
    for source, view in pairs:
        a, b = getattr(op, source, None), getattr(op, view, None)
        if isinstance(a, SSAValue) and isinstance(b, SSAValue):
            yield a, b


def _carries_gm(t: object) -> bool:
    return is_gm_pointer(t) or isinstance(t, GlobalTensorType)


def _origins(function: func.FuncOp) -> dict[SSAValue, set[int]]:
    """For every value derived from GM parameters: the indices of those parameters."""
    origins: dict[SSAValue, set[int]] = {
        arg: {i} for i, arg in enumerate(function.body.block.args) if _carries_gm(arg.type)
    }
    pairs = [pair for op in function.walk() for pair in views(op)]
    changed = True
    while changed:  # set_global_buffer binds a tensor defined earlier: iterate to a fixpoint
        changed = False
        for source, view in pairs:
            new = origins.get(source, set()) - origins.get(view, set())
            if new:
                origins.setdefault(view, set()).update(new)
                changed = True
    return origins


def writes_through(op: Operation, value: SSAValue) -> bool:
    """Does `op`, using `value`, (possibly) write the memory `value` refers to?"""
    if any(value is source or value is view for source, view in views(op)):
        return False  # making or binding a view is not an access; the view's uses are followed
    effects = get_effects(op)
    if effects is None:
        return True
    return any(
        e.kind is MemoryEffectKind.WRITE and (e.value is None or e.value is value) for e in effects
    )


class _Analysis:
    def __init__(self, module: ModuleOp | None) -> None:
        self.functions = {
            op.sym_name.data: op
            for op in (module.walk() if module is not None else ())
            if isinstance(op, func.FuncOp)
        }
        self.memo: dict[func.FuncOp, list[bool]] = {}
        self.active: set[func.FuncOp] = set()

    def written(self, function: func.FuncOp) -> list[bool]:
        if function in self.memo:
            return self.memo[function]
        self.active.add(function)
        written: set[int] = set()
        for value, params in _origins(function).items():
            if params <= written:
                continue
            if any(self._writes(use.operation, use.index, value) for use in value.uses):
                written |= params
        self.active.discard(function)
        result = [i in written for i in range(len(function.body.block.args))]
        self.memo[function] = result
        return result

    def _writes(self, op: Operation, index: int, value: SSAValue) -> bool:
        if isinstance(op, func.CallOp):
            callee = self.functions.get(op.callee.string_value())
            if callee is None or not callee.body.blocks or callee in self.active:
                return True
            return self.written(callee)[index]
        return writes_through(op, value)


def written_params(function: func.FuncOp) -> list[bool]:
    """For each parameter of `function`: is it a GM pointer the kernel may write?"""
    module = function.parent_op()
    analysis = _Analysis(module if isinstance(module, ModuleOp) else None)
    args: Sequence[SSAValue] = function.body.block.args
    return [
        w and is_gm_pointer(arg.type)
        for w, arg in zip(analysis.written(function), args, strict=True)
    ]
