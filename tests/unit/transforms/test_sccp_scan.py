"""`sccp_scan.ChangeScan` (the JIT pipeline's test whether `sccp` may change a module) is
sound: on generated kernels of loops, `scf.while` counters, branches, selects and arith
ops over constants, arguments and values read from memory, wherever it answers "no
change", `sccp` changes nothing. Written out: the loops its proofs of overdefined
loop-carried values are for (tutorial 01's `buf_id`, 05's `scf.while` counter), near
misses of them that `sccp` does change, and an operand absorbing the other (`x & 0`)."""

from __future__ import annotations

import random

from fuzz_budget import cases

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.transforms.sccp import _VISITORS, sccp
from asc_xdsl.transforms.sccp_scan import MODELED, ChangeScan, may_change

TYPE = "!ascendc.global_tensor<*xi32>"
BINARY = ["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi"]


class _Gen:
    """One random kernel: `lines` of MLIR, values in `scopes` (innermost last)."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.n = 0
        self.lines: list[str] = []
        self.scopes: list[list[str]] = [["%a", "%b"]]
        self.constants = ["%c0", "%c1", "%c2", "%cm1"]

    def name(self) -> str:
        self.n += 1
        return f"%v{self.n}"

    def pick(self, constant: float = 0.1) -> str:
        r = self.rng.random()
        if r < constant:
            return self.rng.choice(self.constants)
        if r < 0.5 and self.scopes[-1]:
            return self.rng.choice(self.scopes[-1])  # (the loop's own values, often)
        return self.rng.choice([v for s in self.scopes for v in s])

    def define(self, v: str) -> None:
        self.scopes[-1].append(v)

    def statement(self, depth: int) -> None:
        kinds = ["binary", "binary", "select", "load", "store"]
        if depth < 2:
            kinds += ["for", "while", "if"]
        getattr(self, "_" + self.rng.choice(kinds))(depth)

    def block(self, depth: int) -> None:
        for _ in range(self.rng.randint(1, 4)):
            self.statement(depth + 1)

    def _binary(self, depth: int) -> None:
        v = self.name()
        op = self.rng.choice(BINARY)
        self.lines.append(f"{v} = arith.{op} {self.pick()}, {self.pick()} : i32")
        self.define(v)

    def _select(self, depth: int) -> None:
        p, v = self.name(), self.name()
        self.lines.append(f"{p} = arith.cmpi slt, {self.pick()}, {self.pick()} : i32")
        self.lines.append(f"{v} = arith.select {p}, {self.pick()}, {self.pick()} : i32")
        self.define(v)

    def _load(self, depth: int) -> None:
        v = self.name()
        index = self.pick()
        self.lines.append(f"{v} = ascendc.global_tensor.get_value %g, {index} : {TYPE}, i32, i32")
        self.define(v)

    def _store(self, depth: int) -> None:
        index, value = self.pick(), self.pick()
        self.lines.append(
            f"ascendc.global_tensor.set_value %g, {index}, {value} : {TYPE}, i32, i32"
        )

    def _for(self, depth: int) -> None:
        r, i, t = self.name(), self.name(), self.name()
        lb = self.rng.choice(["%c0", "%c1", "%a"])
        ub = self.rng.choice(["%c2", "%b", "%a"])
        init = self.pick(0.7)
        self.lines.append(
            f"{r} = scf.for {i} = {lb} to {ub} step %c1 iter_args({t} = {init}) -> (i32) : i32 {{"
        )
        self.scopes.append([i, t])
        self.block(depth)
        self.lines.append(f"scf.yield {self.pick()} : i32")
        self.lines.append("}")
        self.scopes.pop()
        self.define(r)

    def _while(self, depth: int) -> None:
        r, t, u, p = self.name(), self.name(), self.name(), self.name()
        self.lines.append(f"{r} = scf.while ({t} = {self.pick(0.7)}) : (i32) -> i32 {{")
        self.scopes.append([t])
        if self.rng.random() < 0.5:
            self.lines.append(f"{p} = arith.cmpi slt, {t}, {self.pick()} : i32")
        else:
            self._flag(p, t)
        self.lines.append(f"scf.condition({p}) {t} : i32")
        self.lines.append("} do {")
        self.lines.append(f"^bb0({u}: i32):")
        self.scopes[-1] = [u]
        self.block(depth)
        step = self.rng.choice(["%c1", "%c2", "%c0", "%cm1", self.pick()])
        w = self.name()
        op = self.rng.choice(["addi", "subi", "muli"])
        self.lines.append(f"{w} = arith.{op} {u}, {step} : i32")
        self.scopes[-1].append(w)
        self.lines.append(f"scf.yield {self.pick()} : i32")
        self.lines.append("}")
        self.scopes.pop()
        self.define(r)

    def _flag(self, p: str, index: str) -> None:
        """`p`: a condition read from memory."""
        x = self.name()
        self.lines.append(f"{x} = ascendc.global_tensor.get_value %g, {index} : {TYPE}, i32, i32")
        self.lines.append(f"{p} = arith.cmpi slt, {x}, %c0 : i32")

    def _if(self, depth: int) -> None:
        r, p = self.name(), self.name()
        if self.rng.random() < 0.8:
            self._flag(p, self.pick())
        else:
            self.lines.append(f"{p} = arith.cmpi slt, {self.pick()}, {self.pick()} : i32")
        self.lines.append(f"{r} = scf.if {p} -> (i32) {{")
        for region in range(2):
            self.scopes.append([])
            self.block(depth)
            self.lines.append(f"scf.yield {self.pick(0.3)} : i32")
            self.scopes.pop()
            if region == 0:
                self.lines.append("} else {")
        self.lines.append("}")
        self.define(r)

    def text(self) -> str:
        for _ in range(self.rng.randint(1, 4)):
            self.statement(0)
        for v in self.scopes[0][2:]:
            self.lines.append(f"ascendc.global_tensor.set_value %g, %c0, {v} : {TYPE}, i32, i32")
        body = "\n    ".join(self.lines)
        return f"""
func.func @k(%a: i32, %b: i32, %g: {TYPE}) attributes {{ascendc.global}} {{
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %cm1 = arith.constant -1 : i32
    {body}
    func.return
}}
"""


def test_the_scan_answers_no_change_only_where_sccp_changes_nothing():
    rng = random.Random(20261201)
    proved = changed = 0
    n = cases(ci=160, long=2000)
    for _ in range(n):
        text = _Gen(rng).text()
        module = parse_module(text)
        module.verify()
        scan = ChangeScan()  # (reads the module, changes nothing)
        scan.scan(list(module.walk()))
        if scan.may_change(module):
            changed += sccp(module)
            continue
        before = str(module)
        assert not sccp(module), text
        assert str(module) == before, text
        proved += any(v.first_use is not None for v in scan.merges)
    # (about a sixth of the random programs prove a merge unchanged, a third change)
    assert proved > n // 8 and changed > n // 4, (proved, changed)


TUTORIAL_LOOPS = """
func.func @k(%n: i32, %g: !ascendc.global_tensor<*xi32>) attributes {{ascendc.global}} {{
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%b = %c0) -> (i32) : i32 {{
    %b2 = {next}
    ascendc.global_tensor.set_value %g, %i, %b2 : !ascendc.global_tensor<*xi32>, i32, i32
    scf.yield %b2 : i32
  }}
  %w = scf.while (%k = %c0) : (i32) -> i32 {{
    %x = ascendc.global_tensor.get_value %g, %k : !ascendc.global_tensor<*xi32>, i32, i32
    %more = arith.cmpi slt, %x, %c0 : i32
    scf.condition(%more) %k : i32
  }} do {{
  ^bb0(%k2: i32):
    ascendc.global_tensor.set_value %g, %k2, %n : !ascendc.global_tensor<*xi32>, i32, i32
    %k3 = arith.addi %k2, {step} : i32
    scf.yield %k3 : i32
  }}
  ascendc.global_tensor.set_value %g, %w, %r : !ascendc.global_tensor<*xi32>, i32, i32
  func.return
}}
"""


def test_a_loop_counter_and_an_overwritten_carried_constant_need_no_sccp():
    module = parse_module(TUTORIAL_LOOPS.format(next="arith.andi %i, %c1 : i32", step="%c1"))
    assert not may_change(module)


def test_a_counter_that_does_not_move_or_a_value_that_stays_may_change():
    for next_, step in (("arith.andi %i, %c1 : i32", "%c0"), ("arith.muli %b, %c2 : i32", "%c1")):
        module = parse_module(TUTORIAL_LOOPS.format(next=next_, step=step))
        assert may_change(module)
        assert sccp(module)


def test_an_absorbing_constant_may_change():
    for op, c in (("andi", "%c0"), ("muli", "%c0")):
        module = parse_module(f"""
func.func @k(%b: i32, %g: {TYPE}) attributes {{ascendc.global}} {{
  %c0 = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  %v = arith.{op} %b, {c} : i32
  ascendc.global_tensor.set_value %g, %c0, %v : {TYPE}, i32, i32
  func.return
}}""")
        assert may_change(module), op
        assert sccp(module), op


def test_the_scan_knows_the_ops_the_solver_models():
    """The scan (loaded on every compile) names the solver's modelled control flow
    without importing the solver: the same ops."""
    assert _VISITORS.keys() == MODELED
