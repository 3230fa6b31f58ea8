"""`__VEC_SCOPE__ { ... }`: a vector-function body written inline in a kernel.

`ascendc.reg.vec_scope` holds one block of Reg ops (and scalar code: arith, scf) that
runs as a vector function would, without a function of its own: it reads the kernel's
values (UB pointers made by `ascendc.reg.ub_ptr` before it, scalars) directly and
returns nothing. The Reg ops inside verify as inside a vector function; kernel-side
AscendC ops (DataCopy, flags, queues, a `vf_call`, another scope) do not belong in it.

For the sync passes and the race checker it is one access on pipe V of the UB its body
reads and writes, as an `asc_vf_call` is (`argument_effects`, the same summary
`VfCallOp` gives): they do not look inside.

C++: `__VEC_SCOPE__` followed by the body as a block, the form asc-devkit's
implementations use for the archs with vector scopes (`impl/basic_api/dav_m510`,
`dav_l300`, `dav_l311`, and `VF_CALL` in `impl/basic_api/utils/kernel_utils_ceil_oom_que.h`
for 5102 and the CPU-debug build, whose `stub_def.h` defines `__VEC_SCOPE__` empty), and
the form CANN's public Ascend 950 operator kernels write their Reg code in (docs/
ascend950.md); asc-devkit's own 3510 samples call vector functions through
`asc_vf_call`.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects import func
from xdsl.ir import Block, Operation, SSAValue
from xdsl.irdl import irdl_op_definition, region_def, traits_def
from xdsl.traits import MemoryEffectKind, NoTerminator, get_effects
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import AscendCOp, EmitKind

VEC_SCOPE = "ascendc.reg.vec_scope"

# Kernel-side ops of the Reg namespace: not in a scope (it is the vector side already)
_KERNEL_SIDE = {"ascendc.reg.vf_call", "ascendc.reg.ub_ptr", VEC_SCOPE}


def enclosing_scope(op: Operation) -> RegVecScopeOp | None:
    """The `vec_scope` op `op` is inside, if any (up to its function)."""
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        if isinstance(parent, RegVecScopeOp):
            return parent
        parent = parent.parent_op()
    return None


def refused_op(block: Block) -> tuple[Operation, str] | None:
    """The first op of a scope's body that does not belong in it, and why."""
    for top in block.ops:
        for op in top.walk():
            name = op.name
            if name == VEC_SCOPE:  # (the outer scope verifies first: say why, precisely)
                return op, "vector scopes do not nest"
            if name in _KERNEL_SIDE or (
                name.startswith("ascendc.") and not name.startswith("ascendc.reg.")
            ):
                return op, (
                    f"{name} is kernel-side and cannot be inside __VEC_SCOPE__ (put it "
                    "before or after the scope)"
                )
            if isinstance(op, func.CallOp):
                return op, (
                    "a call inside __VEC_SCOPE__ is not modelled (call a vector function "
                    "through asc_vf_call instead)"
                )
    return None


@irdl_op_definition
class RegVecScopeOp(AscendCOp):
    """`__VEC_SCOPE__ { body }`: a vector-function body inline in a kernel."""

    name = VEC_SCOPE
    API_NAME: ClassVar[str] = "__VEC_SCOPE__"
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.CUSTOM
    PIPE: ClassVar[str | None] = "V"

    body = region_def("single_block")
    traits = traits_def(NoTerminator())
    assembly_format = "$body attr-dict"

    def __init__(self, body) -> None:
        super().__init__(regions=[body])

    def verify_(self) -> None:
        from asc_xdsl.dialects.ascendc.reg import check_soc, enclosing_function, is_vector_function

        check_soc(self, "__VEC_SCOPE__ (the Reg layer)")
        f = enclosing_function(self)
        if is_vector_function(f):
            raise VerifyException(
                f"'{self.name}': a vector function is a vector scope already; write its "
                "body's ops directly"
            )
        if enclosing_scope(self) is not None:
            raise VerifyException(f"'{self.name}': vector scopes do not nest")
        found = refused_op(self.body.block)
        if found is not None:
            raise VerifyException(f"'{self.name}': {found[1]}")

    def captured_pointers(self) -> list[SSAValue]:
        """The UB pointers defined outside the scope that its body uses, in first-use
        order (the scope's 'arguments')."""
        from asc_xdsl.dialects.ascendc.reg import _is_ub_pointer

        seen: dict[SSAValue, None] = {}
        for op in self.body.walk():
            for v in op.operands:
                if _is_ub_pointer(v.type) and not _defined_inside(v, self):
                    seen.setdefault(v, None)
        return list(seen)

    def argument_effects(self) -> list[tuple[SSAValue, bool]]:
        """(pointer, writes) for what the body does to the memory of the UB pointers it
        takes from the kernel (as `VfCallOp.argument_effects`): an effect on a pointer
        made inside (a PostUpdate's advanced one, a loop's carried one) reads and
        writes every captured pointer."""
        pointers = self.captured_pointers()
        found: dict[tuple[SSAValue, bool], None] = {}
        for op in self.body.walk():
            effects = get_effects(op)
            if effects is None:
                continue
            for e in effects:
                if e.kind not in (MemoryEffectKind.READ, MemoryEffectKind.WRITE) or e.value is None:
                    continue
                if e.value in pointers:
                    found[(e.value, e.kind is MemoryEffectKind.WRITE)] = None
                elif _defined_inside(e.value, self):
                    return [(p, w) for p in pointers for w in (False, True)]
        return list(found)


def _defined_inside(value: SSAValue, scope: Operation) -> bool:
    owner = value.owner
    op = owner if isinstance(owner, Operation) else owner.parent_op()
    while op is not None:
        if op is scope:
            return True
        op = op.parent_op()
    return False


SCOPE_OPS: list[type[AscendCOp]] = [RegVecScopeOp]

__all__ = ["SCOPE_OPS", "VEC_SCOPE", "RegVecScopeOp", "enclosing_scope", "refused_op"]
