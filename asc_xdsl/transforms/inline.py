"""`inline`: MLIR's inliner for `func.call`s of functions defined in the module.

A call is replaced by a copy of its callee's body (arguments bound to the call's
operands, `func.return`'s operands in place of the call's results) when the callee is a
`func.func` with a one-block body in the same module. This is what pyasc's JIT runs in
its lowering: the frontend's device functions (`@asc.jit(inline=False)`: a private
`func.func` and a `func.call`) end up inside the kernel, where constant propagation,
loop-invariant code motion and sync insertion (which must treat an opaque call as a
barrier on every pipe) see through them. Callees are inlined bottom-up, so a helper
that calls helpers is flattened once and then copied.

Left as calls, as MLIR's inliner leaves them:

- a call marked `no_inline` (MLIR's `func.call ... {no_inline}`);
- a call of a kernel (`ascendc.global`): a launch entry, never folded into a caller;
- a call of a declaration, or of a function whose body has several blocks (its
  branches could not live in the single-block regions of `scf` ops);
- a call of a recursive function (one that can reach itself through calls: self or
  mutual recursion; MLIR's inliner refuses self-recursive callees too): the cycle
  stays a cycle of calls; what its functions call is still inlined into them.

The callees stay (now unused private functions go with `symbol-dce`, next in the
pipeline). Inlined ops keep their source locations (the helper's file and line).

Before:

    func.func private @clamp(%v: i32, %hi: i32) -> i32 {
      %c = arith.cmpi sgt, %v, %hi : i32
      %r = arith.select %c, %hi, %v : i32
      func.return %r : i32
    }
    func.func @kernel(%n: i32) attributes {ascendc.global} {
      %c5 = arith.constant 5 : i32
      %a = func.call @clamp(%n, %c5) : (i32, i32) -> i32
      ...
    }

After:

    func.func private @clamp(...) { ... }            // unchanged; symbol-dce drops it
    func.func @kernel(%n: i32) attributes {ascendc.global} {
      %c5 = arith.constant 5 : i32
      %c = arith.cmpi sgt, %n, %c5 : i32
      %a = arith.select %c, %c5, %n : i32
      ...
    }
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.rewriter import InsertPoint

from asc_xdsl.dialects.ascendc.base import KERNEL_ATTR, NO_INLINE
from asc_xdsl.transforms.plain_pass import PlainPass
from asc_xdsl.transforms.rewriting import rewrite


def _calls(op: Operation) -> Iterator[func.CallOp]:
    return (o for o in op.walk() if isinstance(o, func.CallOp))


def _functions(module: ModuleOp) -> dict[str, func.FuncOp]:
    return {f.sym_name.data: f for f in module.body.block.ops if isinstance(f, func.FuncOp)}


def _inlinable_body(callee: func.FuncOp | None) -> bool:
    return (
        callee is not None and KERNEL_ATTR not in callee.attributes and len(callee.body.blocks) == 1
    )


def _reaches(functions: dict[str, func.FuncOp]) -> dict[str, set[str]]:
    """For each function, the functions its calls can reach (transitively)."""
    direct = {
        name: {c.callee.root_reference.data for c in _calls(f)} & functions.keys()
        for name, f in functions.items()
    }
    reach: dict[str, set[str]] = {}
    for name in functions:
        seen: set[str] = set()
        stack = list(direct[name])
        while stack:
            n = stack.pop()
            if n not in seen:
                seen.add(n)
                stack.extend(direct[n] - seen)
        reach[name] = seen
    return reach


def _bottom_up(functions: dict[str, func.FuncOp], reach: dict[str, set[str]]) -> list[str]:
    """Callees before their callers (functions of one recursive cycle in any order)."""
    order: list[str] = []
    done: set[str] = set()

    def visit(name: str, path: set[str]) -> None:
        if name in done or name in path:
            return
        path.add(name)
        for c in sorted(reach[name]):
            if name not in reach[c]:  # not in a cycle with `name`
                visit(c, path)
        path.discard(name)
        done.add(name)
        order.append(name)

    for name in functions:
        visit(name, set())
    return order


def inline_call(call: func.CallOp, callee: func.FuncOp, rewriter: PatternRewriter) -> None:
    """Replace `call` by a copy of `callee`'s one-block body."""
    block = callee.body.block
    mapping: dict[SSAValue, SSAValue] = dict(zip(block.args, call.arguments, strict=True))
    ret = block.last_op
    assert isinstance(ret, func.ReturnOp), "func.func bodies end with func.return (verified)"
    rewriter.insert(
        [op.clone(mapping) for op in block.ops if op is not ret], InsertPoint.before(call)
    )
    for result, value in zip(call.res, ret.arguments, strict=True):
        new = mapping.get(value, value)
        if result.name_hint and value in mapping and value.owner is not block:
            new.name_hint = result.name_hint  # the caller's name for the value
        rewriter.replace_all_uses_with(result, new)
    rewriter.erase(call)


class InlineCall(RewritePattern):
    """A call of one of `functions` (a module's, by name) is replaced by a copy of the
    callee's body, unless it stays a call (the module docstring's list)."""

    MATCHES = frozenset({"func.call"})

    def __init__(self, functions: dict[str, func.FuncOp], reach: dict[str, set[str]]):
        self.functions = functions
        self.reach = reach

    def match_and_rewrite(self, call: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(call, func.CallOp):
            return
        target = call.callee.root_reference.data
        callee = self.functions.get(target)
        if (
            NO_INLINE in call.attributes
            or not _inlinable_body(callee)
            or target in self.reach[target]  # a recursive function
        ):
            return
        assert callee is not None
        inline_call(call, callee, rewriter)


class InlinePass(PlainPass):
    name = "inline"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        # Each module is a symbol table of its own: `@f` in a nested module's function
        # names that module's `f`.
        for module in _modules(op):
            _inline_in(module)


def _modules(module: ModuleOp) -> Iterator[ModuleOp]:
    """`module` and the modules nested in it (at any depth)."""
    yield module
    for op in module.body.block.ops:
        if isinstance(op, ModuleOp):
            yield from _modules(op)


def _inline_in(module: ModuleOp) -> None:
    """Inline, bottom-up, the calls of `module`'s functions to its own functions."""
    functions = _functions(module)
    reach = _reaches(functions)
    pattern = InlineCall(functions, reach)
    for name in _bottom_up(functions, reach):
        rewrite(functions[name], pattern, recursive=False)  # (callees are flat already)
