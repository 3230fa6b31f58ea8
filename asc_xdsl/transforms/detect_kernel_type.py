"""`ascendc-detect-kernel-type`: which AI Core side each kernel needs, from its ops.

A kernel (and the functions it calls) uses the vector core when an op issues on the
vector pipe or holds data in UB, the cube core when an op issues on M/MTE1/FIX or holds
data in L1/L0A/L0B/L0C/BT; both make it mixed. A Matmul object (`regist_matmul_obj`)
runs on the cube core for vector-side clients: mixed, or cube when the module is
`asc.matmul_cube_only` (pyasc's rule, which also marks the module `asc.compile_mix`).

Each kernel without an `ascendc.kernel_type` gets one ("vector", "cube" or "mix"; a
kernel that uses neither side is "vector"); a kernel type set by the user stays.

Before:

    func.func @k(...) attributes {ascendc.global} {
      ascendc.mmad %c, %a, %b, %p : ...
      ascendc.add_l2 %z, %x, %y, %n : ...

After:

    func.func @k(...) attributes {ascendc.global, ascendc.kernel_type = "mix"} { ... }
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue

from asc_xdsl.dialects.ascendc.base import KERNEL_ATTR, KERNEL_TYPE_ATTR
from asc_xdsl.dialects.interned import UNIT, string_attr
from asc_xdsl.enums import TPosition
from asc_xdsl.transforms.hardware import (
    BUFFER_OBJECT_TYPES,
    core_of_buffer,
    core_of_pipe,
    object_buffer,
    op_pipe,
    position_buffer,
)
from asc_xdsl.transforms.ir_walk import functions, ops_in
from asc_xdsl.transforms.kernel_args import MATMUL_CUBE_ONLY_ATTR
from asc_xdsl.transforms.pass_facts import offer, take
from asc_xdsl.utils.class_tests import SubclassCache
from asc_xdsl.utils.records import Record

COMPILE_MIX_ATTR = "asc.compile_mix"
MATMUL_OBJECT_OPS = frozenset({"ascendc.regist_matmul_obj"})
"""Ops that set up a Matmul object, which serves vector-side clients from the cube."""
MODULE_FACTS = "detect-kernel-type.functions"
"""`pass_facts` key: the module's functions' facts (`_Module`)."""


def _add_position_side(op: Operation, sides: set[str]) -> None:
    """Add the side of the buffer at `op`'s position (`local_tensor_v2(pos, addr, size)`)."""
    position = getattr(op, "position", None)
    if isinstance(position, TPosition):
        side = core_of_buffer(position_buffer(position))
        if side is not None:
            sides.add(side)


def _add_value_sides(values: Sequence[SSAValue], sides: set[str]) -> None:
    """Add the sides of the buffers `values` hold to `sides` (each value's type read
    from `_type`, the field behind xDSL's `type` property)."""
    holds = _HOLDS_BUFFER
    for value in values:
        t = value._type
        if holds[type(t)]:
            side = core_of_buffer(object_buffer(t))
            if side is not None:
                sides.add(side)


_HOLDS_BUFFER = SubclassCache(BUFFER_OBJECT_TYPES)
"""Type class -> whether its values hold on-chip memory (`BUFFER_OBJECT_TYPES`), asked
once per class (an isinstance against these classes goes through ABCMeta)."""


_CLASS_FACTS: dict[type, tuple[str | None, bool]] = {}


def _class_facts(op_class: type, op: Operation) -> tuple[str | None, bool]:
    """The core side of the op's pipe when its class fixes it, and whether the op has a
    `position`: asked once per op class (an op whose pipe is a property is asked each
    time)."""
    facts = _CLASS_FACTS.get(op_class)
    if facts is not None:
        return facts
    class_pipe = getattr(op_class, "PIPE", None)
    side = core_of_pipe(class_pipe if class_pipe is not None else op_pipe(op))
    facts = (side, hasattr(op_class, "position"))
    if class_pipe is not None or not hasattr(op_class, "pipe"):
        _CLASS_FACTS[op_class] = facts
    return facts


class _FunctionFacts(Record):
    """What one function's own ops need and whom it calls (one walk per function)."""

    _FIELDS = ("sides", "matmul", "callees")
    __slots__ = _FIELDS

    def __init__(self, sides: set[str], matmul: bool, callees: list[str]) -> None:
        self.sides = sides
        self.matmul = matmul
        self.callees = callees


def _function_facts(f: func.FuncOp, with_sides: bool = True) -> _FunctionFacts:
    facts = _FunctionFacts(set(), False, [])
    sides = facts.sides
    callees = facts.callees
    matmul = False
    class_facts, holds = _CLASS_FACTS, _HOLDS_BUFFER
    for op in ops_in(f):
        name = op.name
        if name in MATMUL_OBJECT_OPS:
            matmul = True
        elif name == "func.call" and isinstance(op, func.CallOp):
            callees.append(op.callee.string_value())
        if with_sides and len(sides) < 2:  # (both sides found: no op adds one)
            cls = type(op)
            pipe_side, reads_position = class_facts.get(cls) or _class_facts(cls, op)
            if pipe_side is not None:
                sides.add(pipe_side)
            if reads_position:
                _add_position_side(op, sides)
            # The values' sides: each op's results, and the block arguments its
            # regions' ops use. (Every operand is one of these: a function is isolated
            # from above, so the operands' sides need no second look.)
            for value in op.results:
                if holds[type(t := value._type)]:
                    side = core_of_buffer(object_buffer(t))
                    if side is not None:
                        sides.add(side)
            if op.regions:
                for region in op.regions:
                    for block in region.blocks:
                        _add_value_sides([a for a in block.args if a.first_use], sides)
    facts.matmul = matmul
    return facts


class _Module:
    """The module's functions by name, each function's facts made on first use
    (without `with_sides`, only the Matmul set-ups and calls: a cheaper walk)."""

    def __init__(self, module: ModuleOp, with_sides: bool = True):
        self.functions = {f.sym_name.data: f for f in functions(module)}
        self._facts: dict[str, _FunctionFacts] = {}
        self._with_sides = with_sides

    def facts(self, name: str) -> _FunctionFacts:
        if name not in self._facts:
            self._facts[name] = _function_facts(self.functions[name], self._with_sides)
        return self._facts[name]

    def reachable(self, kernel: func.FuncOp) -> list[str]:
        """The kernel and the functions it calls, directly or not (by name)."""
        seen = [kernel.sym_name.data]
        i = 0
        while i < len(seen):
            for callee in self.facts(seen[i]).callees:
                if callee in self.functions and callee not in seen:
                    seen.append(callee)
            i += 1
        return seen

    def sides(self, kernel: func.FuncOp) -> tuple[set[str], bool]:
        sides: set[str] = set()
        matmul = False
        for name in self.reachable(kernel):
            facts = self.facts(name)
            sides |= facts.sides
            matmul |= facts.matmul
        return sides, matmul


def kernel_sides(kernel: func.FuncOp, module: ModuleOp) -> tuple[set[str], bool]:
    """The core sides a kernel's ops need, and whether it sets up a Matmul object."""
    return _Module(module).sides(kernel)


def sets_up_matmul(kernel: func.FuncOp, module: ModuleOp) -> bool:
    """Whether the kernel (or a function it calls) sets up a Matmul object (from the
    facts `ascendc-detect-kernel-type` found, when it ran just before: `pass_facts`)."""
    facts = take(MODULE_FACTS, module)
    if facts is None:
        facts = _Module(module, with_sides=False)
    offer(MODULE_FACTS, module, facts)  # (for the module's next kernel)
    return facts.sides(kernel)[1]


def detect_kernel_types(op: ModuleOp) -> None:
    """The pass (module docstring): each kernel's AI Core side, from its ops."""
    cube_only = MATMUL_CUBE_ONLY_ATTR in op.attributes
    module = _Module(op)
    any_matmul = False
    for kernel in module.functions.values():
        if KERNEL_ATTR not in kernel.attributes:
            continue
        sides, matmul = module.sides(kernel)
        any_matmul |= matmul
        if KERNEL_TYPE_ATTR in kernel.attributes:
            continue  # the type is given: only the Matmul object matters (for the module)
        if matmul:
            kind = "cube" if cube_only else "mix"
        elif sides == {"cube", "vector"}:
            kind = "mix"
        elif sides == {"cube"}:
            kind = "cube"
        else:
            kind = "vector"
        kernel.attributes[KERNEL_TYPE_ATTR] = string_attr(kind)
    if any_matmul:
        op.attributes[COMPILE_MIX_ATTR] = UNIT
    # (the next pass, legalize-kernel-args, asks which kernels set up a Matmul:
    # this pass only set attributes, so the functions' facts still hold)
    offer(MODULE_FACTS, op, module)
