"""IR -> Python closures, once per module.

Each function gets a frame: a list with one slot per SSA value (constants are filled
in once, in the frame template). Each op becomes a closure `f(e, c)` over the slot
numbers of its operands and results (`e` the frame, `c` the block's `BlockContext`);
a region becomes a list of closures run in a plain `for` loop. Nothing is looked up by
op type at run time.

Every closure has the default argument `_op=op`, which costs nothing per call; when a
semantic error is raised the launcher finds the failing op in the traceback
(`errors.failing_op`) and adds its name, location and block to the message.

Dispatch is by table: `HANDLERS` by op class (`@handles`), then `SIM_HOOKS` by the
family of the op spec's simulator key (`OpSpec.sim = "binary:add"` -> the hook
registered with `@sim_hook("binary")`, called with the key's argument "add"), so a
family's ops in every form (count, mask, bit mask) share one handler.

With `Program(module, sanitize=True)` each op's closure is wrapped by the race checker
(`sanitizer.instrument`); a program compiled without it pays nothing for it.

Scalar-pipe instructions (arith, math, scf, calls, GetValue/SetValue, ...) are counted
statically: each region knows how many it holds and adds them to the counters once per
execution, so scalar ops pay no profiling cost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, SSAValue

from asc_xdsl.dialects.ascendc.base import AscendCOp
from asc_xdsl.runtime.simulator.errors import SimulatorError, UnsupportedOpError
from asc_xdsl.runtime.simulator.profile import C_S, I_S

Closure = Callable[[list, Any], None]
Handler = Callable[[Operation, "FunctionCompiler"], Closure | None]

HANDLERS: dict[type[Operation], Handler] = {}
Hook = Callable[[Operation, "FunctionCompiler", str], Closure | None]
SIM_HOOKS: dict[str, Hook] = {}
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
    def register(fn: Handler) -> Handler:
        for t in op_types:
            HANDLERS[t] = fn
        return fn

    return register


def sim_hook(*families: str) -> Callable[[Hook], Hook]:
    """Register a handler for every spec op whose simulator key is `family[:argument]`."""

    def register(fn: Hook) -> Hook:
        for f in families:
            SIM_HOOKS[f] = fn
        return fn

    return register


def handler_for(op: Operation) -> Handler | None:
    """The handler of an op: by class, else by its spec's simulator key."""
    handler = HANDLERS.get(type(op))
    if handler is not None:
        return handler
    spec = getattr(type(op), "SPEC", None)
    key = getattr(spec, "sim", None)
    if not key:
        return None
    family, _, arg = key.partition(":")
    hook = SIM_HOOKS.get(family)
    if hook is None:
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

    def __init__(self, module: ModuleOp, sanitize: bool = False, mix: bool = False):
        import asc_xdsl.runtime.simulator.ops  # noqa: F401  (registers the handlers)

        self.module = module
        self.sanitize = sanitize
        self.mix = mix
        """A mix kernel: each op runs only on the side that has its unit (cores.side_guard)."""
        self.threads = False
        """Whether its cores synchronise (cores.needs_threads), set by the launcher."""
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

    def block(self, block: Block) -> tuple[list[Closure], int, Operation | None]:
        """Closures of a block's ops (terminator excluded), its scalar-op count, its terminator."""
        closures: list[Closure] = []
        outer = (self._s_before, self._after_cells)
        self._s_before, self._after_cells = 0, []
        term = None
        for op in block.ops:
            if isinstance(op, (func.ReturnOp, scf.YieldOp, scf.ConditionOp)):
                term = op
                continue
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
            if self.program.mix and f is not None:
                from asc_xdsl.runtime.simulator.cores import side_guard

                f = side_guard(op, self, f)
            if self.program.sanitize:
                from asc_xdsl.runtime.simulator.sanitizer import instrument

                f = instrument(op, self, f)
            if f is not None:
                closures.append(f)
            if is_scalar_pipe(op):
                self._s_before += 1
        total = self._s_before
        for cell, before in self._after_cells:
            cell[0] = total - before
        self._s_before, self._after_cells = outer
        return closures, total, term
