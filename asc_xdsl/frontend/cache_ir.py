"""A disk-cache entry's module in a form that loads without xDSL's IR parser.

`module.mlir` stays what an entry holds and the text a hit is checked against; beside it
the compile writes `module.json`, the same module as data: the op tree (names, operand
and successor numbers, regions, blocks, name hints), each distinct attribute's text once
(parsed in one go by xDSL's attribute parser) and the locations as (file, line, column).
Loading it builds each op with its class's `create`, as the generic parser does, without
lexing the whole module: a vector add's hit parsed its 51 ops in ~120 M instructions
(~2 M per op), where this takes a tenth of that.

The form names the `module.mlir` text it was made from (its digest): a hit uses it only
when that is the text the entry holds (a hand-replaced `module.mlir`, digest and all, is
parsed as before). A module it cannot hold -- a value used before the op that defines it
in print order, a location that is not `file:line:col` or unknown -- gets no form, and its
hits parse the text. Like the text, a form that does not load means a bad entry
(`cache.load` discards it with a warning). It is JSON: loading it runs no code.
"""

from __future__ import annotations

import json
from typing import Any

FORMAT = 1


class Unsupported(Exception):
    """The module has something the form does not keep (its hits parse the text)."""


def dump(module: Any, source_digest: str) -> str | None:
    """`module` (a `builtin.module`) as the form's JSON text, or None when the form
    cannot hold it. `source_digest` is the digest of the `module.mlir` text it mirrors."""
    try:
        return json.dumps(_Writer().document(module, source_digest), separators=(",", ":"))
    except Unsupported:
        return None


class _Writer:
    def __init__(self) -> None:
        from io import StringIO

        from xdsl.printer import Printer

        self.attrs: dict[str, int] = {}
        self.locs: dict[tuple[str, int, int] | None, int] = {}
        self.values: dict[int, int] = {}  # id(SSA value) -> its number
        self.blocks: dict[int, int] = {}  # id(block) -> its number
        self.out = StringIO()
        self.printer = Printer(stream=self.out)

    def document(self, module: Any, source_digest: str) -> dict[str, Any]:
        op = self.op(module)
        return {
            "format": FORMAT,
            "source": source_digest,
            "attrs": list(self.attrs),
            "locs": [None if k is None else list(k) for k in self.locs],
            "op": op,
        }

    def attr(self, a: Any) -> int:
        self.out.seek(0)
        self.out.truncate()
        self.printer.print_attribute(a)
        return self.attrs.setdefault(self.out.getvalue(), len(self.attrs))

    def loc(self, loc: Any) -> int:
        from xdsl.dialects.builtin import FileLineColLoc, UnknownLoc

        if isinstance(loc, UnknownLoc):
            key = None
        elif isinstance(loc, FileLineColLoc):
            key = (loc.filename.data, loc.line.data, loc.column.data)
        else:
            raise Unsupported(f"location {loc}")
        return self.locs.setdefault(key, len(self.locs))

    def define(self, values: Any) -> list[str | None]:
        for v in values:
            self.values[id(v)] = len(self.values)
        return [v.name_hint for v in values]

    def op(self, op: Any) -> list[Any]:
        # Regions first: the reader builds them before the op (`create` takes them),
        # so their values are numbered before the op's results.
        regions = [self.region(r) for r in op.regions]
        try:
            operands = [self.values[id(v)] for v in op.operands]
        except KeyError:
            raise Unsupported(f"{op.name} uses a value defined after it") from None
        return [
            op.name,
            operands,
            [self.attr(r.type) for r in op.results],
            {k: self.attr(v) for k, v in op.properties.items()},
            {k: self.attr(v) for k, v in op.attributes.items()},
            self.loc(op.location),
            [self.blocks[id(b)] for b in op.successors],
            regions,
            self.define(op.results),
        ]

    def region(self, region: Any) -> list[Any]:
        for b in region.blocks:  # numbered first: a successor may be a later block
            self.blocks[id(b)] = len(self.blocks)
        out = []
        for b in region.blocks:
            types = [self.attr(a.type) for a in b.args]
            locs = [self.loc(a.location) for a in b.args]
            hints = self.define(b.args)
            out.append([types, locs, hints, [self.op(o) for o in b.ops]])
        return out


def load(text: str, source_digest: str) -> Any | None:
    """The module of a form's JSON `text`; None when it mirrors another `module.mlir`
    than the one of digest `source_digest` (then the text is parsed). Raises
    `ValueError` when the form is damaged."""
    doc = json.loads(text)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError("not a module form this build reads")
    if doc.get("source") != source_digest:
        return None
    try:
        return _Reader(doc).module()
    except (KeyError, IndexError, TypeError) as e:
        raise ValueError(f"damaged module form ({type(e).__name__}: {e})") from None


class _Reader:
    def __init__(self, doc: dict[str, Any]) -> None:
        from xdsl.dialects.builtin import FileLineColLoc, IntAttr, StringAttr, UnknownLoc
        from xdsl.parser import Parser

        from asc_xdsl.dialects.ir_context import make_context
        from asc_xdsl.dialects.ir_diagnostics import check_string_literals

        self.ctx = make_context()
        texts = doc["attrs"]
        listed = f"[{', '.join(texts)}]"
        check_string_literals(listed)  # (as parse_module: an unclosed string)
        parsed = Parser(self.ctx, listed).parse_attribute() if texts else None
        self.attrs = list(parsed.data) if parsed is not None else []
        if len(self.attrs) != len(texts):
            raise ValueError("the module form's attributes do not parse one by one")
        unknown = UnknownLoc()
        self.locs = [
            unknown
            if k is None
            else FileLineColLoc(StringAttr(k[0]), IntAttr(int(k[1])), IntAttr(int(k[2])))
            for k in doc["locs"]
        ]
        self.doc = doc
        self.values: list[Any] = []
        self.blocks: list[Any] = []

    def module(self) -> Any:
        from xdsl.dialects.builtin import ModuleOp

        module = self.op(self.doc["op"])
        if not isinstance(module, ModuleOp):
            raise ValueError("the module form does not hold a builtin.module")
        return module

    def op(self, rec: list[Any]) -> Any:
        name, operands, results, props, attrs, loc, successors, regions, hints = rec
        cls = self.ctx.get_optional_op(name)
        if cls is None:
            raise ValueError(f"unknown op '{name}'")
        a = self.attrs
        op = cls.create(
            operands=[self.values[i] for i in operands],
            result_types=[a[i] for i in results],
            properties={k: a[i] for k, i in props.items()},
            attributes={k: a[i] for k, i in attrs.items()},
            location=self.locs[loc],
            successors=[self.blocks[i] for i in successors],
            regions=[self.region(r) for r in regions],
        )
        self.define(op.results, hints)
        return op

    def region(self, rec: list[Any]) -> Any:
        from xdsl.ir import Block, Region

        blocks = [Block(arg_types=[self.attrs[i] for i in b[0]]) for b in rec]
        self.blocks.extend(blocks)
        for block, (_, locs, hints, ops) in zip(blocks, rec, strict=True):
            for arg, loc in zip(block.args, locs, strict=True):
                arg.location = self.locs[loc]
            self.define(block.args, hints)
            for o in ops:
                block.add_op(self.op(o))
        return Region(blocks)

    def define(self, values: Any, hints: list[str | None]) -> None:
        for v, hint in zip(values, hints, strict=True):
            if hint is not None:
                v.name_hint = hint
            self.values.append(v)
