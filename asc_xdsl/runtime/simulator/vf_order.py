"""The race checker inside a vector function: its UB accesses among themselves.

A vector function's Reg loads and stores all issue on pipe V, but the units behind them
(the DMA unit moving data between registers and UB, the vector unit, the AuxScalar unit)
run side by side, so two accesses of the same UB bytes in one call, one of them a write,
are ordered only by (asc-devkit: the LocalMemBar / asc_mem_bar API pages, the "流水线同步"
section of the Reg programming guide):

- a `LocalMemBar<src, dst>()` between them: the accesses of kind `dst` after it wait
  for all those of kind `src` before it (VEC_STORE: StoreAlign, StoreUnAlign, Store,
  Scatter, mask stores; VEC_LOAD: LoadAlign, LoadUnAlign, Load, Gather, GatherB, mask
  loads; SCALAR_LOAD: `ptr[i]`; VEC_ALL / SCALAR_ALL: both vector / scalar kinds);
- a register dependence: the later access uses (through any chain of Reg ops) a
  register an earlier load wrote, so it waits for that load's data; the load's earlier
  runs (the same instruction, writing the same register) are before it too;
- the same register: two stores of one register (two runs of one store op included),
  or a store and a later load into the register it stored (the pages: when the read
  and the write use the same register, the hardware keeps their program order);
- and what follows from barriers and dependences (a store after a load that waited
  for a barrier after an earlier store is after that store).

Anything else is a read-after-write, write-after-read or write-after-write race even
within one call (`Store(p, a); Load(b, p)` with no `LocalMemBar<VEC_STORE, VEC_LOAD>`;
two stores of the same bytes from different registers need `<VEC_STORE, VEC_STORE>`).
Two loads never race; two scalar accesses are in order (the scalar unit is). A
register here is an SSA value, as the C++ printer gives every value its own
`RegTensor`: a port of a C++ loop that stores a register and loads the same variable
back (gelu_eltwise's loop_split) needs the barrier that the shared variable stood for.
A masked store writes only its enabled elements' bytes. Index registers (Gather /
Scatter) and addresses are not data registers: sharing them orders nothing.

`CallOrder` is one call's state: each access is an *instance* (one run of an op; a
Gather's per-element reads are one instance) with a sequence number; what an instance
knows complete is a small dict, kind -> n (all instances of that kind numbered below n,
from barriers) and load op -> n (that load's runs numbered below n, from register
dependences), joined over the barriers of its kind and the loads its op depends on
(`deps`, found once per op from the IR). Records of accesses are kept per 256-byte
page of UB and dropped once every kind that could race with them knows them complete.
The simulator itself still runs the call's accesses in program order.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from xdsl.dialects import func, scf
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue

# The access kinds, by `MemType`'s names (the Reg layer's modules load only with a Reg op)
VLD, VST, SLD, SST = "VEC_LOAD", "VEC_STORE", "SCALAR_LOAD", "SCALAR_STORE"
COVERS = {
    VLD: (VLD,),
    VST: (VST,),
    SLD: (SLD,),
    SST: (SST,),
    "VEC_ALL": (VLD, VST),
    "SCALAR_ALL": (SLD, SST),
}
"""The access kinds each `MemType` of a LocalMemBar stands for."""
_SCALAR = frozenset({SLD, SST})
_RACES_WITH = {VLD: (VST, SST), SLD: (VST, SST), VST: (VLD, VST, SLD, SST), SST: (VLD, VST, SLD)}
"""The kinds of later accesses that can race with an earlier access of a kind."""
SCALAR_OPS = frozenset({"ascendc.reg.load_scalar"})
"""Vector-function ops that read UB on the AuxScalar unit (`ptr[i]`)."""
IGNORED_OPS = frozenset({"ascendc.reg.dump_ubuf"})
"""Debug reads of UB (`asc_dump_ubuf`): not checked."""
BAR_OP = "ascendc.reg.local_mem_bar"
PAGE = 8  # log2 of a record page's bytes (one register)
MAX_RECORDS = 256
"""Records of one page kept at most (the oldest go first): a bound on the checker's
work for a long loop over the same bytes."""

_KIND_TEXT = {"RAW": "read-after-write", "WAR": "write-after-read", "WAW": "write-after-write"}


def _is_ub_pointer(t: Any) -> bool:
    from asc_xdsl.dialects.ascendc.reg import _is_ub_pointer as test

    return test(t)


def touches_ub(op: Operation) -> bool:
    """Whether `op` is a Reg op that may read or write UB (it takes a `__ubuf__` pointer)."""
    return op.name.startswith("ascendc.reg.") and any(_is_ub_pointer(v.type) for v in op.operands)


# ---------------------------------------------------------------------------
# Register dependences, from the IR
# ---------------------------------------------------------------------------


def deps(op: Operation) -> frozenset[Operation]:
    """The UB-accessing ops whose results `op`'s operands derive from (its backward
    slice, through any op, loop-carried values and loop / if results; a call's result
    from every UB access of the callee). Over-approximate: more dependences mean fewer
    reports, never a false one."""
    found: set[Operation] = set()
    seen: set[SSAValue] = set()
    todo: list[SSAValue] = list(op.operands)
    while todo:
        v = todo.pop()
        if v in seen:
            continue
        seen.add(v)
        if isinstance(v, OpResult):
            todo.extend(_sources(v.op, v.index, found))
        elif isinstance(v, BlockArgument):
            todo.extend(_arg_sources(v))
    return frozenset(found)


def _sources(p: Operation, index: int, found: set[Operation]) -> list[SSAValue]:
    if touches_ub(p):
        found.add(p)
    if isinstance(p, func.CallOp):
        callee = _callee(p)
        if callee is not None:
            found.update(o for o in callee.walk() if touches_ub(o))
        return list(p.operands)
    out = list(p.operands)
    for region in p.regions:  # a loop's or if's result: what its regions yield there
        for block in region.blocks:
            last = block.last_op
            if last is not None and _is_terminator(last) and index < len(last.operands):
                out.append(last.operands[index])
    return out


def _arg_sources(v: BlockArgument) -> list[SSAValue]:
    block: Block = v.block
    parent = block.parent_op()
    if parent is None or isinstance(parent, func.FuncOp):
        return []  # the function's arguments: from the kernel
    if isinstance(parent, scf.ForOp):
        if v.index == 0:
            return [parent.lb, parent.ub, parent.step]
        k = v.index - 1
        out: list[SSAValue] = [parent.iter_args[k]]
        last = block.last_op
        if last is not None and k < len(last.operands):
            out.append(last.operands[k])
        return out
    # any other region: everything it is given and yields
    out = list(parent.operands)
    for region in parent.regions:
        for b in region.blocks:
            if b.last_op is not None:
                out.extend(b.last_op.operands)
    return out


def _callee(call: func.CallOp) -> func.FuncOp | None:
    from xdsl.traits import SymbolTable

    found = SymbolTable.lookup_symbol(call, call.callee)
    return found if isinstance(found, func.FuncOp) else None


def _is_terminator(op: Operation) -> bool:
    from xdsl.traits import IsTerminator

    return op.has_trait(IsTerminator)


# ---------------------------------------------------------------------------
# One call
# ---------------------------------------------------------------------------


_NOTHING: dict = {}  # (known complete: nothing; never written)


def _join(into: dict, other: dict) -> None:
    for k, n in other.items():
        if into.get(k, 0) < n:
            into[k] = n


class CallOrder:
    """One vector-function call's UB accesses and what orders them (module docstring)."""

    __slots__ = (
        "bar",
        "buf",
        "call",
        "cur",
        "deps",
        "issued",
        "key",
        "op",
        "op_know",
        "pages",
        "reads",
        "san",
        "seq",
        "unjoined",
        "writes",
    )

    def __init__(self, san: Any, call: Operation):
        self.san = san
        self.call = call
        self.seq = 0
        self.op: Operation | None = None  # the op running now
        self.buf: list[tuple[bool, int, int]] = []  # its accesses so far
        self.deps: frozenset[int] = frozenset()  # (ids of the loads it depends on)
        self.key = 0  # (the id of the op running now)
        # the running op's data registers: those it stores, those it loads into
        self.writes: frozenset[int] = frozenset()  # (ids of the values)
        self.reads: frozenset[int] = frozenset()
        self.cur: dict[str, dict] = {}  # what the running instance knows, per kind
        self.pages: dict[int, list[tuple]] = {}
        self.issued: dict[str, dict] = {}  # kind -> join of what its instances knew
        self.unjoined: dict[str, list[dict]] = {}  # (the knowledge not yet in `issued`)
        self.bar: dict[str, dict] = {}  # kind -> what barriers tell its later accesses
        self.op_know: dict[int, dict] = {}  # load's id -> what depending on it tells

    def begin(self, op: Operation, facts: tuple) -> None:
        """`op` runs now (a new instance); `facts`: its `deps`, the registers it stores
        and those it loads into."""
        self.seq += 1
        self.op = op
        self.deps, self.writes, self.reads, self.key = facts
        self.cur = {}
        self.buf = []

    def barrier(self, src: str, dst: str) -> None:
        """`LocalMemBar<src, dst>()`."""
        self.op = None
        bar, issued, n = self.bar, self.issued, self.seq + 1
        for kind, knows in self.unjoined.items():
            into = issued.setdefault(kind, {})
            for k in knows:
                if k.__class__ is dict:
                    _join(into, k)
                    continue
                for d, k_d, runs in k:  # (a store's loads: id, knowledge, runs)
                    _join(into, k_d)
                    if into.get(d, 0) < runs:
                        into[d] = runs
        self.unjoined = {}
        for s in COVERS[src]:
            told = dict(issued.get(s, ()))
            told[s] = n
            for d in COVERS[dst]:
                new = dict(bar.get(d, ()))  # (a new dict: instances may hold the old)
                _join(new, told)
                bar[d] = new
        self._prune()

    def _knows(self, kind: str) -> dict:
        """What the running instance knows complete, as a `kind` access (read only: it
        may be a barrier's dict itself)."""
        know = self.bar.get(kind, _NOTHING)
        if self.deps:
            op_know, own = self.op_know, None
            for d in self.deps:
                told = op_know.get(d)
                if told is not None:  # (that load's knowledge, and its runs up to n)
                    if own is None:
                        own = dict(know)
                    k, n = told
                    if k:
                        _join(own, k)
                    if own.get(d, 0) < n:
                        own[d] = n
            if own is not None:
                know = own
        self.cur[kind] = know
        if know:  # (joined into `issued` at the next barrier)
            self.unjoined.setdefault(kind, []).append(know)
        if kind in (VLD, SLD):  # what the register this load writes tells its users
            self.op_know[self.key] = (know, self.seq + 1)
        return know

    def access(self, lo: int, hi: int, write: bool) -> None:
        """The running op reads or writes UB bytes [lo, hi) (checked when it ends: a
        Gather's or Scatter's element accesses are merged first)."""
        if self.op is not None and hi > lo:
            self.buf.append((write, lo, hi))

    def end(self) -> None:
        """The running op is done: its accesses, merged into runs, against the earlier."""
        buf = self.buf
        if not buf:
            return
        if self.op.name not in IGNORED_OPS:  # type: ignore[union-attr]
            if len(buf) > 1:
                buf.sort()
                runs = [list(buf[0])]
                for write, lo, hi in buf[1:]:
                    last = runs[-1]
                    if write == last[0] and lo <= last[2]:
                        last[2] = max(last[2], hi)
                    else:
                        runs.append([write, lo, hi])
                buf = runs
            for write, lo, hi in buf:
                self._check(lo, hi, write)
            kind = SST if self.op.name in SCALAR_OPS else VST  # type: ignore[union-attr]
            if self.deps and kind not in self.cur and any(w for w, _, _ in buf):
                # a store checked without its knowledge: what its loads knew still goes
                # into `issued` (a barrier after it passes it on), unjoined until then
                op_know = self.op_know
                told = tuple((d, *t) for d in self.deps if (t := op_know.get(d)) is not None)
                if told:
                    self.unjoined.setdefault(kind, []).append(told)
        self.buf = []

    def _check(self, lo: int, hi: int, write: bool) -> None:
        op = self.op
        scalar = op.name in SCALAR_OPS  # type: ignore[union-attr]
        kind = (SST if write else SLD) if scalar else (VST if write else VLD)
        know = self.cur.get(kind)
        if know is None and not write:  # (a load tells its dependents what it knows)
            know = self._knows(kind)
        deps = self.deps
        seq, key = self.seq, self.key
        pages = self.pages
        regs = self.writes if write else self.reads
        for page in range(lo >> PAGE, ((hi - 1) >> PAGE) + 1):
            recs = pages.get(page)
            if recs is None:
                pages[page] = [[lo, hi, kind, seq, key, write, regs, op]]
                continue
            merged = False
            for rec in recs:
                alo, ahi, akind, aseq, akey, awrite, aregs, _ = rec
                if aseq == seq:
                    if awrite == write and alo <= hi and lo <= ahi:  # (one instance's bytes)
                        rec[0], rec[1] = min(alo, lo), max(ahi, hi)
                        merged = True
                    continue
                if ahi <= lo or hi <= alo or not (write or awrite):
                    continue
                if scalar and akind in _SCALAR:
                    continue
                if akey in deps or (awrite and not aregs.isdisjoint(regs)):
                    continue  # (it uses that load's register; the same register)
                if know is None:
                    know = self._knows(kind)
                if know.get(akind, 0) > aseq or know.get(akey, 0) > aseq:
                    continue
                self._race(rec, lo, hi, kind, write)
            if not merged:
                recs.append([lo, hi, kind, seq, key, write, regs, op])
                if len(recs) > MAX_RECORDS:
                    del recs[0]

    def access_elements(self, lo: int, size: int, enabled: Any) -> None:
        """The running op writes the enabled ones of the `size`-byte elements from `lo`
        (a masked store: the others keep their bytes)."""
        if self.op is None:
            return
        if enabled.all():
            self.buf.append((True, lo, lo + size * len(enabled)))
            return
        edges = np.diff(np.concatenate(([0], np.asarray(enabled, np.int8), [0])))
        for a, b in zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1), strict=True):
            self.buf.append((True, lo + int(a) * size, lo + int(b) * size))

    def _prune(self) -> None:
        """Drop the records every kind that could race with them knows complete."""
        bar = self.bar
        for page, recs in list(self.pages.items()):
            keep = [
                r
                for r in recs
                if not all(bar.get(k, {}).get(r[2], 0) > r[3] for k in _RACES_WITH[r[2]])
            ]
            if keep:
                self.pages[page] = keep
            else:
                del self.pages[page]

    def _race(self, rec: list, lo: int, hi: int, kind: str, write: bool) -> None:
        from asc_xdsl.runtime.simulator.sanitizer import RaceError

        alo, ahi, akind, _, _, awrite, _, aop = rec
        race = "WAW" if awrite and write else ("RAW" if awrite else "WAR")
        op, san = self.op, self.san
        key = ("vf-race", race, op, aop)
        if key in san._seen:
            return
        x, y = max(lo, alo), min(hi, ahi)
        what = "writes" if write else "reads"
        earlier = "wrote" if awrite else "read"
        san.report(
            RaceError(
                f"{_KIND_TEXT[race]} race ({race}) inside {_where(self.call)}: "
                f"{_api(op)} ({kind}) {what} UB bytes [{x}, {y}) that {_api(aop)} "
                f"({akind}) {earlier} earlier in the same call, and neither a "
                "LocalMemBar nor a register dependence orders the two (a vector "
                "function's UB accesses do not keep program order); "
                f"LocalMemBar<MemType::{akind}, MemType::{kind}>() between them "
                "orders them",
                op,
                aop,
                san.block,
            ),
            key,
        )


def _api(op: Operation) -> str:
    api = getattr(op, "API_NAME", "")
    return api or op.name


def _where(call: Operation) -> str:
    callee = call.properties.get("callee")
    if callee is not None:
        return f"vector function '{callee.root_reference.data}'"
    return "a __VEC_SCOPE__ region"


# ---------------------------------------------------------------------------
# Instrumentation (`sanitizer.instrument`)
# ---------------------------------------------------------------------------


def _stored(op: Operation) -> frozenset[SSAValue]:
    """The registers whose data a store writes to UB (a mask store's: its mask)."""
    found = [getattr(op, n, None) for n in ("src", "src0", "src1")]
    regs = frozenset(v for v in found if isinstance(v, SSAValue))
    if not regs and op.name == "ascendc.reg.store_mask":
        return frozenset((op.mask,))  # type: ignore[attr-defined]
    return regs


def _loaded(op: Operation) -> frozenset[SSAValue]:
    """The registers a load writes (its register and mask results)."""
    from asc_xdsl.dialects.ascendc.reg_types import MaskRegType, RegTensorType

    return frozenset(r for r in op.results if isinstance(r.type, RegTensorType | MaskRegType))


def wrap(op: Operation, comp: Any, f: Any) -> Any:
    """`f` (the op's closure, already instrumented otherwise) with this checker's
    bookkeeping around it when `op` is a LocalMemBar or a Reg op touching UB; else `f`."""
    from asc_xdsl.runtime.simulator.compile import Inline

    name = op.name
    if not name.startswith("ascendc.reg."):
        return f
    if name == BAR_OP:
        from asc_xdsl.dialects.ascendc.reg_types import MemType

        src = MemType.from_attr(op.properties["src"]).name
        dst = MemType.from_attr(op.properties["dst"]).name

        def bar(e, c, _op=op):
            if f is not None:
                f(e, c)
            o = c.san.vf_order
            if o is not None:
                o.barrier(src, dst)

        return bar
    if f is None or not touches_ub(op):
        return f
    if isinstance(f, Inline):
        f = comp.closure(f)
    loaded = _loaded(op)
    if loaded and not _stored(op) and not any(r.uses for r in loaded):
        # a load whose data nothing uses (a PostUpdate load run for its pointer): what
        # it reads cannot matter, nor can a store after it
        def dead(e, c, _op=op):
            o = c.san.vf_order
            if o is not None:
                o.op = None
            f(e, c)

        return dead
    # (ids, not the IR objects: an Operation's hash is a Python call)
    facts = (
        frozenset(map(id, deps(op))),
        frozenset(map(id, _stored(op))),
        frozenset(map(id, loaded)),
        id(op),
    )

    def run(e, c, _op=op):
        o = c.san.vf_order
        if o is None:
            f(e, c)
            return
        # (`CallOrder.begin`, inline: this runs for every access of a vector function)
        o.seq += 1
        o.op = _op
        o.deps, o.writes, o.reads, o.key = facts
        o.cur = {}
        o.buf = []
        try:
            f(e, c)
            if o.buf:
                o.end()
        finally:
            o.op = None

    return run
