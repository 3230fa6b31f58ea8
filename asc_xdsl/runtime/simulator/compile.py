"""IR -> Python closures, once per module.

Each function gets a frame: a list with one slot per SSA value (constants are filled
in once, in the frame template). Each op becomes a closure `f(e, c)` over the slot
numbers of its operands and results (`e` the frame, `c` the block's `BlockContext`);
a region becomes a list of closures run in a plain `for` loop. Nothing is looked up by
op type at run time.

Every closure has the default argument `_op=op`, which costs nothing per call; when a
semantic error is raised the launcher finds the failing op in the traceback
(`errors.failing_op`) and adds its name, location and block to the message.

Generated code per block: a hot handler returns its semantics as Python source
(`comp.inline(op, template, **names)`, an `Inline`) instead of a closure. A block that
holds one becomes a single generated function: the templates are pasted in order with
their values as Python locals (an SSA value used only by inlined ops of the block never
touches the frame), the other ops' closures are called from it, and values crossing
the block's boundary go through the frame. No call, no list index per inlined op. An
`scf.for` without carried values whose body holds an inlined op is itself a template
(`Body`: the body's code pasted inside the Python `for`), its loop-invariant reads
made once before the loop (unless loop batching may batch it, `batching.plan`: then
it is a closure over the frame, its body one generated function called per iteration).
A closure called from generated code may rebind any frame
slot (`AllocTensor(t)` rebinds t's), so the locals copied from the frame are read
again after it, and a loop whose body calls one reads them in each pass. The
generated function's globals hold `_asc_lines` (source line -> op), which
`errors.failing_op` reads for the op of a failing line, and `_asc_source` (its source,
to read). In a mix kernel, where each op's closure is wrapped, an `Inline` is
compiled alone into a closure `run(e, c, _op)` (the same source over frame slots) and
loops stay closures; the race checker pastes its bookkeeping after an inlined queue
op or count form (one call) and compiles any other inlined op alone.

Dispatch is by table: `HANDLERS` by op class (`@handles`), then `SIM_HOOKS` by the
family of the op spec's simulator key (`OpSpec.sim = "binary:add"` -> the hook
registered with `@sim_hook("binary")`, called with the key's argument "add"), so a
family's ops in every form (count, mask, bit mask) share one handler. The tables fill
as the op families (`simulator/ops/`) are imported, and a family is imported when a
kernel first has one of its ops (`handler_for` -> `ops.load_for`), so a launch imports
only the families its kernel uses.

With `Program(module, sanitize=True)` each op's closure is wrapped by the race checker
(`sanitizer.instrument`); a program compiled without it pays nothing for it. With
`uninit="warn"` or `"error"` the ops touching local tensors check their UB reads and mark their
writes (`uninit.instrument`: pasted around an inlined op's template, or a closure
around the op's closure).

Scalar-pipe instructions (arith, math, scf, calls, GetValue/SetValue, ...) are counted
statically: each region knows how many it holds and adds them to the counters once per
execution, so scalar ops pay no profiling cost.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, SSAValue

from asc_xdsl.dialects.ascendc.base import AscendCOp
from asc_xdsl.runtime.simulator.errors import SimulatorError, UnsupportedOpError
from asc_xdsl.runtime.simulator.profile import C_S, I_S

Closure = Callable[[list, Any], None]


class Inline:
    """An op's semantics as a source template (see the module docstring).

    `template`: Python statements (or a sequence of such parts, each indented on its
    own); `{name}` stands for `names[name]`: an SSA value (an operand read, or a result
    assigned: `{r} = ...`) or any other object (a constant of the template). Its own
    temporaries must not start with `_` (generated names do) and the names `e` (frame)
    and `c` (block context) are the generated function's.
    """

    __slots__ = ("names", "op", "template")

    def __init__(self, op: Operation, template: str | Sequence[str], names: dict[str, Any]):
        parts = [template] if isinstance(template, str) else template
        self.op = op
        self.template = "\n".join(textwrap.dedent(t).strip("\n") for t in parts)
        self.names = names

    def render(self, value: Callable[[SSAValue], str], const: Callable[[Any], str]) -> str:
        return self.template.format_map(
            {k: value(v) if isinstance(v, SSAValue) else const(v) for k, v in self.names.items()}
        )


Handler = Callable[[Operation, "FunctionCompiler"], Closure | Inline | None]

HANDLERS: dict[type[Operation], Handler] = {}
Hook = Callable[[Operation, "FunctionCompiler", str], Closure | None]
SIM_HOOKS: dict[str, Hook] = {}
REGISTERED_BY: dict[type[Operation] | str, str] = {}
"""The module whose import registered each `HANDLERS` class and `SIM_HOOKS` family
(what `ops.build_index` reads)."""
SCALAR_PIPE_PREFIXES = (
    "arith.",
    "math.",
    "scf.for",
    "scf.if",
    "scf.while",
    "func.call",
    "memref.load",
    "memref.store",
    "emitasc.",
)


def handles(*op_types: type[Operation]) -> Callable[[Handler], Handler]:
    module = sys._getframe(1).f_globals.get("__name__", "?")

    def register(fn: Handler) -> Handler:
        for t in op_types:
            HANDLERS[t] = fn
            REGISTERED_BY[t] = module
        return fn

    return register


def sim_hook(*families: str) -> Callable[[Hook], Hook]:
    """Register a handler for every spec op whose simulator key is `family[:argument]`."""
    module = sys._getframe(1).f_globals.get("__name__", "?")

    def register(fn: Hook) -> Hook:
        for f in families:
            SIM_HOOKS[f] = fn
            REGISTERED_BY[f] = module
        return fn

    return register


def keyed_hooks(family: str) -> Callable[..., Callable[[Callable], Callable]]:
    """A family whose spec keys are `family:key`, each key built by a function of its
    own: `builds = keyed_hooks("reg_address")`, then `@builds("load_scalar")` on
    `build(op, comp)`."""
    table: dict[str, Callable] = {}
    module = sys._getframe(1).f_globals.get("__name__", "?")

    def dispatch(op: Operation, comp: Any, key: str) -> Any:
        return table[key](op, comp)

    SIM_HOOKS[family] = dispatch
    REGISTERED_BY[family] = module

    def builds(*keys: str) -> Callable[[Callable], Callable]:
        def register(fn: Callable) -> Callable:
            for k in keys:
                table[k] = fn
            return fn

        return register

    return builds


def _touches_float8(op: Operation) -> bool:
    """Whether a scalar op has an 8-bit float operand or result (Ascend 950's fp8)."""
    from asc_xdsl.dialects.ascendc.fp8_types import FLOAT8_CLASSES

    return any(type(v.type) in FLOAT8_CLASSES for v in (*op.operands, *op.results))


FLOAT4_FORMS: dict[str, str] = {}
"""Op name -> what the simulator does with its 4-bit float (fp4x2_e2m1_t / fp4x2_e1m2_t)
tensors or registers, as the module implementing it declared (`simulates_float4`); a name
ending in "*" stands for every op whose name starts with the rest. An op the verifier
lets take a 4-bit type and no module declared is refused here, by name, at the op."""


FLOAT4_EXCEPT: set[str] = set()
"""Ops a "*" declaration would cover that are not simulated on 4-bit data."""


def simulates_float4(what: str, *names: str, unless: tuple[str, ...] = ()) -> None:
    """Declare, from the simulator module whose handlers run them on 4-bit float data
    (held as bytes, two codes each: runtime/simulator/float4.py), that ops `names` are
    simulated for them (but not the ops `unless` names); `what` says how, in the
    refusal's list of what is simulated."""
    for name in names:
        FLOAT4_FORMS[name] = what
    FLOAT4_EXCEPT.update(unless)


def float4_simulated(name: str) -> bool:
    """Whether op `name`'s simulator family declared that it runs 4-bit float data."""
    if name in FLOAT4_FORMS:
        return True
    if name in FLOAT4_EXCEPT:
        return False
    return any(k.endswith("*") and name.startswith(k[:-1]) for k in FLOAT4_FORMS)


def float4_refusal(name: str) -> str:
    """The message refusing op `name` on 4-bit float data: what is simulated, from every
    family's declarations (all loaded first: a family declares when imported)."""
    from asc_xdsl.runtime.simulator import float4, ops

    del float4  # (imported for its declarations: the basic-API ones)
    ops.load_all()
    whats = list(dict.fromkeys(FLOAT4_FORMS.values()))
    return (
        f"{name} of a 4-bit float tensor (fp4x2_e2m1_t / fp4x2_e1m2_t) is compiled but not "
        f"simulated: the simulator runs {'; '.join(whats)} (docs/fp8.md)"
    )


def _float4_declared(op: Operation) -> bool:
    """Whether `op`'s family declared it runs 4-bit float data (the family, and float4.py
    with the basic-API families' declarations, loaded first)."""
    if float4_simulated(op.name):
        return True
    from asc_xdsl.runtime.simulator import float4

    del float4
    handler_for(op)  # (imports the op's family module)
    return float4_simulated(op.name)


def _touches_float4(op: Operation) -> bool:
    """Whether an op has an operand or result of a 4-bit float (element) type."""
    from asc_xdsl.dialects.ascendc.fp8_types import FLOAT4_CLASSES

    return any(
        type(getattr(v.type, "element_type", v.type)) in FLOAT4_CLASSES
        for v in (*op.operands, *op.results)
    )


def handler_for(op: Operation) -> Handler | None:
    """The handler of an op: by class, else by its spec's simulator key. The family
    module that registers it is imported first if it is not yet (`ops.load_for`); an op
    the index does not know makes every family load before the answer is no."""
    from asc_xdsl.runtime.simulator import ops

    handler = HANDLERS.get(type(op))
    if handler is not None:
        return handler
    spec = getattr(type(op), "SPEC", None)
    key = getattr(spec, "sim", None)
    family, _, arg = key.partition(":") if key else ("", "", "")
    if ops.load_for(op.name, family):
        return handler_for(op)
    hook = SIM_HOOKS.get(family) if family else None
    if hook is None:
        if ops.load_all():  # not in the index (a new op): every family, then ask again
            return handler_for(op)
        return None
    return lambda o, comp: hook(o, comp, arg)


def is_scalar_pipe(op: Operation) -> bool:
    """Scalar-pipe work: builtin scalar ops (not constants) and AscendC ops on pipe S."""
    if isinstance(op, AscendCOp):
        return op.PIPE == "S"
    return op.name.startswith(SCALAR_PIPE_PREFIXES) and not isinstance(op, arith.ConstantOp)


class Function:
    """A compiled `func.func`: frame template, argument/result slots, body."""

    def __init__(self, op: func.FuncOp):
        self.op = op
        self.name = op.sym_name.data
        self.template: list = []
        self.arg_slots: list[int] = []
        self.ret_slots: list[int] = []
        self.body: list[Closure] = []
        self.scalar_ops = 0

    def call(self, c, args) -> list:
        e = self.template.copy()
        for s, a in zip(self.arg_slots, args, strict=True):
            e[s] = a
        if self.scalar_ops:
            k = c.cnt
            k[I_S] += self.scalar_ops
            k[C_S] += self.scalar_ops
        for f in self.body:
            f(e, c)
        return [e[r] for r in self.ret_slots]


class Program:
    """All functions of a module, compiled on first use."""

    def __init__(
        self,
        module: ModuleOp,
        sanitize: bool = False,
        mix: bool = False,
        uninit: str | None = None,
    ):
        self.module = module
        self.sanitize = sanitize
        self.uninit = uninit
        """Reads of unwritten UB are checked in this mode ("warn", "error"), or not (None;
        uninit.py)."""
        self.mix = mix
        """A mix kernel: each op runs only on the side that has its unit (cores.side_guard)."""
        self.threads = False
        """Whether its cores synchronise (cores.needs_threads), set by the launcher."""
        self.ub_hop = False
        """A mix kernel with a Fixpipe, which on Ascend 950 may write its AIVs' UB from
        the AIC (aiv_ub.py), set by the launcher."""
        self.funcs = {op.sym_name.data: op for op in module.walk() if isinstance(op, func.FuncOp)}
        self.compiled: dict[str, Function] = {}

    def function(self, name: str) -> Function:
        fn = self.compiled.get(name)
        if fn is None:
            op = self.funcs.get(name)
            if op is None:
                raise UnsupportedOpError(f"no function @{name} in the module")
            if not op.body.blocks:
                raise UnsupportedOpError(f"function @{name} has no body (external)")
            fn = self.compiled[name] = Function(op)
            FunctionCompiler(self, fn).compile()
        return fn


class FunctionCompiler:
    def __init__(self, program: Program, fn: Function):
        self.program = program
        self.fn = fn
        self.slots: dict[SSAValue, int] = {}
        self._s_before = 0
        self._after_cells: list[tuple[list[int], int]] = []

    # -- slots ------------------------------------------------------------------
    def slot(self, value: SSAValue) -> int:
        s = self.slots.get(value)
        if s is None:
            s = self.slots[value] = len(self.fn.template)
            self.fn.template.append(None)
        return s

    def slots_of(self, values) -> list[int]:
        return [self.slot(v) for v in values]

    def constant(self, value: SSAValue, py_value) -> None:
        self.fn.template[self.slot(value)] = py_value

    def constant_of(self, value: SSAValue) -> Any:
        """The value of an `arith.constant` result (its frame slot's), else None."""
        if isinstance(value.owner, arith.ConstantOp):
            return self.fn.template[self.slot(value)]
        return None

    def scalar_ops_after(self) -> list[int]:
        """A cell that will hold the number of scalar ops after the current op in its block."""
        cell = [0]
        self._after_cells.append((cell, self._s_before))
        return cell

    # -- structure ----------------------------------------------------------------
    def compile(self) -> None:
        fn = self.fn
        block = fn.op.body.blocks[0]
        fn.arg_slots = self.slots_of(block.args)
        fn.body, fn.scalar_ops, term = self.block(block)
        if isinstance(term, func.ReturnOp):
            fn.ret_slots = self.slots_of(term.arguments)

    def inline(self, op: Operation, template: str | Sequence[str], **names) -> Inline:
        """The op's semantics as source (see `Inline`), fused with its block's other ops."""
        return Inline(op, template, names)

    def closure(self, inline: Inline) -> Closure:
        """`inline` alone as a closure `run(e, c, _op)` over frame slots."""
        gen = _Source(self)
        text = inline.render(lambda v: f"e[{self.slot(v)}]", gen.const)
        src = "def run(e, c, _op=_op):\n" + textwrap.indent(text, "    ") + "\n"
        gen.env["_op"] = inline.op
        return gen.build(src, "run", inline.op.name)

    def fuse(self, items: list[tuple[Operation, Closure | Inline]], keep: bool = False) -> Closure:
        """One generated function `block(e, c)` running `items` in order (see the module
        docstring): inlined ops with their values as locals, closures called; `keep`:
        every result stored in the frame too (loop batching's warm-up reads them)."""
        return _Fuser(self, keep).function(items)

    def block(self, block: Block) -> tuple[list[Closure], int, Operation | None]:
        """Closures of a block's ops (terminator excluded), its scalar-op count, its
        terminator; one generated function when an op of the block is inlined."""
        items, total, term = self.block_items(block)
        return self.closures(items), total, term

    def closures(self, items: list[tuple[Operation, Closure | Inline]]) -> list[Closure]:
        """`block_items`' ops as closures: one generated function if one is inlined."""
        if any(isinstance(f, Inline) for _, f in items):
            return [self.fuse(items)]
        return [f for _, f in items]  # type: ignore[misc]

    @property
    def wraps(self) -> bool:
        """Whether each op's closure is wrapped (a mix kernel's side guard): no fusing.
        The race checker keeps inlined queue ops and count forms inlined."""
        return self.program.mix

    def block_items(
        self, block: Block
    ) -> tuple[list[tuple[Operation, Closure | Inline]], int, Operation | None]:
        """(op, closure or Inline) of a block's ops (terminator excluded), its scalar-op
        count, its terminator."""
        items: list[tuple[Operation, Closure | Inline]] = []
        outer = (self._s_before, self._after_cells)
        self._s_before, self._after_cells = 0, []
        term = None
        for op in block.ops:
            if isinstance(op, (func.ReturnOp, scf.YieldOp, scf.ConditionOp)):
                term = op
                continue
            if _touches_float4(op) and not _float4_declared(op):
                raise UnsupportedOpError(float4_refusal(op.name), op=op)
            if (
                op.name.startswith(("arith.", "math."))
                and not isinstance(op, arith.ConstantOp)
                and _touches_float8(op)
            ):
                raise UnsupportedOpError(
                    "scalar arithmetic on 8-bit float values is not modelled (the simulator "
                    "holds them as codes): convert tensors with Cast (docs/fp8.md)",
                    op=op,
                )
            if isinstance(op, arith.ConstantOp):
                from asc_xdsl.runtime.simulator.ops.scalar import constant_value

                self.constant(op.result, constant_value(op))
                continue
            handler = handler_for(op)
            if handler is None:
                raise UnsupportedOpError("the CPU simulator has no semantics for this op", op=op)
            try:
                f = handler(op, self)
            except SimulatorError as err:  # a form or key the handler does not support
                raise err.at(op, None) from None
            if self.program.uninit and f is not None:
                from asc_xdsl.runtime.simulator.uninit import instrument as check_uninit

                f = check_uninit(op, self, f, self.program.uninit)
            if isinstance(f, Inline) and self.wraps:
                f = self.closure(f)  # wrapped below
            if self.program.sanitize:
                from asc_xdsl.runtime.simulator.sanitizer import instrument

                f = instrument(op, self, f)
            if self.program.mix and f is not None:  # the op and its checks on its side
                from asc_xdsl.runtime.simulator.cores import side_guard

                f = side_guard(op, self, f)
            if f is not None:
                items.append((op, f))
            if is_scalar_pipe(op):
                self._s_before += 1
        total = self._s_before
        for cell, before in self._after_cells:
            cell[0] = total - before
        self._s_before, self._after_cells = outer
        return items, total, term


class Body:
    """A nested block of an inlined op (`Inline.names` value): its items, pasted where the
    template has the placeholder alone on a line, with `args` (its block arguments,
    assigned by the template) as locals."""

    __slots__ = ("args", "items")

    def __init__(self, items: list[tuple[Operation, Closure | Inline]], args: Sequence[SSAValue]):
        self.items = items
        self.args = list(args)

    def calls(self) -> bool:
        """Whether a closure runs in it (which may rebind any frame slot)."""
        for _, f in self.items:
            if not isinstance(f, Inline):
                return True
            if any(isinstance(b, Body) and b.calls() for b in f.names.values()):
                return True
        return False

    def inlined(self):
        """(op, Inline) of its inlined ops, those of nested bodies included."""
        for op, f in self.items:
            if isinstance(f, Inline):
                yield op, f
                for b in f.names.values():
                    if isinstance(b, Body):
                        yield from b.inlined()


def _inside(value: SSAValue, op: Operation) -> bool:
    """Whether `value` is defined inside `op`'s regions (or by `op`)."""
    owner = value.owner
    at = owner if isinstance(owner, Operation) else owner.parent_op()
    while at is not None:
        if at is op:
            return True
        at = at.parent_op()
    return False


class _Fuser:
    """The source of one generated function (see `FunctionCompiler.fuse`)."""

    def __init__(self, comp: FunctionCompiler, keep: bool = False):
        self.comp = comp
        self.keep = keep
        self.gen = _Source(comp)
        self.lines: list[str] = []
        self.line_ops: dict[int, Operation] = {}
        self.local: dict[SSAValue, str] = {}
        """Values held in a Python local, valid at this point of the code."""
        self.framed: set[SSAValue] = set()
        """The locals that are copies of frame slots (reloaded after a closure runs)."""
        self.inlined: set[Operation] = set()

    def function(self, items: list[tuple[Operation, Closure | Inline]]) -> Closure:
        self.inlined = {op for op, _ in Body(items, ()).inlined()}
        self.items(items, "    ")
        src = "def block(e, c):\n" + "\n".join(self.lines) + "\n"
        self.gen.env["_asc_lines"] = self.line_ops
        return self.gen.build(src, "block", "block")

    def emit(self, text: str, op: Operation | None, indent: str) -> None:
        for ln in text.splitlines():
            self.lines.append(indent + ln)
            if op is not None:
                self.line_ops[len(self.lines) + 1] = op  # line 1 is the `def`

    def name(self, v: SSAValue) -> str:
        return f"_v{self.comp.slot(v)}"

    def escapes(self, v: SSAValue) -> bool:
        """Whether something besides this function's inlined ops reads `v` (from the frame)."""
        return self.keep or any(u.operation not in self.inlined for u in v.uses)

    def forget_framed(self) -> None:
        """A closure ran: it may have rebound any slot, so framed copies are reloaded."""
        for v in self.framed:
            self.local.pop(v, None)
        self.framed.clear()

    def items(self, items: list[tuple[Operation, Closure | Inline]], indent: str) -> None:
        if not items:
            self.emit("pass", None, indent)
        for op, f in items:
            if isinstance(f, Inline):
                self.inline(op, f, indent)
            else:
                self.emit(f"{self.gen.const(f)}(e, c)", op, indent)
                self.forget_framed()

    def inline(self, op: Operation, f: Inline, indent: str) -> None:
        comp, local = self.comp, self.local
        loads: list[str] = []
        bodies: list[Body] = []

        def load(v: SSAValue) -> str:
            name = local[v] = self.name(v)
            self.framed.add(v)
            loads.append(f"{name} = e[{comp.slot(v)}]")
            return name

        def value(v: SSAValue) -> str:
            name = local.get(v)
            if name is not None:
                return name
            if v.owner is op:  # a result: a local, copied to the frame if used elsewhere
                name = local[v] = self.name(v)
                return name
            if _inside(v, op):  # a block argument of a body, assigned by the template
                return self.name(v)
            if isinstance(v.owner, arith.ConstantOp):
                return self.gen.const(comp.constant_of(v))
            return load(v)

        def const(obj: Any) -> str:
            if isinstance(obj, Body):
                bodies.append(obj)
                return f"#@body{len(bodies) - 1}"
            return self.gen.const(obj)

        text = f.render(value, const)
        for b in bodies:  # loop-invariant reads before the loop, unless a closure may rebind
            if not b.calls():
                for _, g in b.inlined():
                    for v in g.names.values():
                        if (
                            isinstance(v, SSAValue)
                            and not _inside(v, op)
                            and v not in local
                            and not isinstance(v.owner, arith.ConstantOp)
                        ):
                            load(v)
        self.emit("\n".join(loads), op, indent)
        for ln in text.splitlines():
            marker = ln.strip()
            if marker.startswith("#@body"):
                pad = indent + ln[: len(ln) - len(ln.lstrip())]
                self.body(bodies[int(marker[6:])], pad)
            else:
                self.emit(ln, op, indent)
        escaping = [r for r in op.results if r in local and self.escapes(r)]
        self.framed.update(escaping)
        self.emit("\n".join(f"e[{comp.slot(r)}] = {local[r]}" for r in escaping), op, indent)

    def body(self, body: Body, indent: str) -> None:
        """A nested block; what it defines or loads is local to it (it may not run)."""
        saved = (dict(self.local), set(self.framed))
        calls = body.calls()
        if calls:  # each pass starts from the frame: a closure of the last one may rebind
            self.forget_framed()
        for a in body.args:
            self.local[a] = self.name(a)
            if self.escapes(a):
                self.emit(f"e[{self.comp.slot(a)}] = {self.name(a)}", None, indent)
        self.items(body.items, indent)
        self.local, self.framed = saved
        if calls:
            self.forget_framed()


class _Source:
    """Generated source's globals: constants of templates and closures by name."""

    def __init__(self, comp: FunctionCompiler):
        self.comp = comp
        self.env: dict[str, Any] = {}
        self._names: dict[int, str] = {}

    def const(self, obj: Any) -> str:
        if obj is None or type(obj) in (bool, int, str):
            return repr(obj)
        name = self._names.get(id(obj))
        if name is None:
            name = self._names[id(obj)] = f"_g{len(self.env)}"
            self.env[name] = obj
        return name

    def build(self, src: str, name: str, what: str) -> Closure:
        fn_name = self.comp.fn.name
        code = compile(src, f"<simulator @{fn_name}: {what}>", "exec")
        exec(code, self.env)  # (source generated from the handlers' templates)
        self.env["_asc_source"] = src  # for reading: fn.__globals__["_asc_source"]
        return self.env[name]
