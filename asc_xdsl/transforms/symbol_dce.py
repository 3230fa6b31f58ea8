"""`symbol-dce`: MLIR's symbol dead-code elimination on the module's symbol table.

A private symbol (`func.func private`, or any op with `sym_name` and
`sym_visibility = "private"`) that nothing live refers to is erased. Live are the
symbols that are not private, kernels (`ascendc.global`: the launcher looks them up by
name, even as declarations), and whatever a live symbol, or an op of the module that is
no symbol, refers to (a `SymbolRefAttr` anywhere in its ops' attributes or properties:
`func.call`'s callee, ...), transitively. A private function only an unused private
function calls goes too, and a cycle of private functions nothing else calls.

In pyasc's lowering it follows `ascendc-privatize-func` and `inline`: the helpers the
inliner copied into the kernel disappear; helpers still called stay. Nested symbol
tables (a `builtin.module` inside the module) are left as they are.

Before:

    func.func private @clamp(%v: i32) -> i32 { ... }     // inlined: no call left
    func.func private @store(%g: memref<?xi32, 22>) { ... }
    func.func @kernel(%g: memref<?xi32, 22>) attributes {ascendc.global} {
      func.call @store(%g) : (memref<?xi32, 22>) -> ()
      func.return
    }

After:

    func.func private @store(%g: memref<?xi32, 22>) { ... }
    func.func @kernel(...) attributes {ascendc.global} { ... }
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, ModuleOp, StringAttr, SymbolRefAttr
from xdsl.ir import Attribute, Operation

from asc_xdsl.dialects.ascendc.base import KERNEL_ATTR
from asc_xdsl.transforms.plain_pass import PlainPass


def _refs_in(attr: Attribute) -> Iterator[str]:
    if isinstance(attr, SymbolRefAttr):
        yield attr.root_reference.data
    elif isinstance(attr, ArrayAttr):
        for a in attr.data:
            yield from _refs_in(a)
    elif isinstance(attr, DictionaryAttr):
        for a in attr.data.values():
            yield from _refs_in(a)


def symbol_uses(op: Operation) -> Iterator[str]:
    """The root names of the symbols `op` and the ops nested in it refer to."""
    for o in op.walk():
        for attrs in (o.properties, o.attributes):
            if attrs:
                for a in attrs.values():
                    yield from _refs_in(a)


def symbol_name(op: Operation) -> str | None:
    name = op.properties.get("sym_name") or op.attributes.get("sym_name")
    return name.data if isinstance(name, StringAttr) else None


def is_private(op: Operation) -> bool:
    vis = op.properties.get("sym_visibility") or op.attributes.get("sym_visibility")
    return isinstance(vis, StringAttr) and vis.data == "private"


def dead_symbols(top: Iterable[Operation]) -> list[Operation]:
    """The private symbols among `top` (a symbol table's ops) nothing live refers to."""
    symbols: dict[str, Operation] = {}
    live: set[str] = set()
    roots: list[Operation] = []
    for op in top:
        name = symbol_name(op)
        if name is None:
            roots.append(op)  # not a symbol: always kept, and what it uses is live
            continue
        symbols[name] = op
        if not is_private(op) or KERNEL_ATTR in op.attributes:
            live.add(name)
            roots.append(op)
    stack = roots
    while stack:
        for ref in symbol_uses(stack.pop()):
            if ref not in live and ref in symbols:
                live.add(ref)
                stack.append(symbols[ref])
    return [op for name, op in symbols.items() if name not in live]


class SymbolDCEPass(PlainPass):
    name = "symbol-dce"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        block = op.body.block
        for dead in dead_symbols(block.ops):
            block.erase_op(dead)
