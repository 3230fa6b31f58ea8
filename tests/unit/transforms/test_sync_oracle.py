"""ascendc-insert-sync checked by a dynamic race checker (`sync_oracle`): on random
kernels (copies in and out on MTE2/MTE3, vector ops, scalar reads and writes of UB and
GM, loops, branches, tiles that overlap or not, hand-written syncs mixed in) and on the
repository's kernels, the output runs without a race, a flag set twice or a wait that
hangs, for both outcomes of every branch; and ascendc-verify-sync finds nothing in it.
The oracle also confirms the races verify-sync reports in the input."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fuzz_budget import cases
from sync_oracle import Oracle
from xdsl.dialects import func

from asc_xdsl.frontend.ir_context import make_context, parse_module
from asc_xdsl.transforms.erase_sync import EraseSyncPass
from asc_xdsl.transforms.insert_sync import InsertSyncPass
from asc_xdsl.transforms.sync_analysis import SyncAnalysis

ROOT = Path(__file__).resolve().parents[3]
T = "!ascendc.local_tensor<*xf32>"
G = "!ascendc.global_tensor<*xf32>"


class Gen:
    """A random kernel over three UB tiles and two GM tensors."""

    def __init__(self, seed: int):
        self.r = random.Random(seed)
        self.n = 0
        self.lines: list[str] = []
        self.overlap = self.r.random() < 0.3  # tile 2 overlaps tile 0

    def fresh(self, stem: str) -> str:
        self.n += 1
        return f"%{stem}{self.n}"

    def emit(self, depth: int, line: str) -> None:
        self.lines.append("  " * (depth + 1) + line)

    def offset(self, depth: int, ivs: list[str]) -> str:
        choice = self.r.choice(["const", "iv", "iv+"] if ivs else ["const"])
        if choice == "const":
            return self.r.choice(["%c0", "%c32", "%c64"])
        iv32 = self.fresh("i")
        self.emit(depth, f"{iv32} = arith.index_cast {ivs[-1]} : index to i32")
        off = self.fresh("off")
        self.emit(depth, f"{off} = arith.muli {iv32}, %c64 : i32")
        if choice == "iv+":
            more = self.fresh("off")
            self.emit(depth, f"{more} = arith.addi {off}, %c32 : i32")
            return more
        return off

    def tile(self, depth: int) -> str:
        t = self.r.choice(["%t0", "%t1", "%t2"])
        if self.r.random() < 0.15:
            v = self.fresh("v")
            self.emit(depth, f"{v} = ascendc.local_tensor.subindex {t}[%c32] : {T}, i32, {T}")
            return v
        return t

    def gm(self, depth: int, ivs: list[str]) -> str:
        g = self.r.choice(["%g0", "%g1"])
        v = self.fresh("gv")
        self.emit(
            depth,
            f"{v} = ascendc.global_tensor.subindex {g}[{self.offset(depth, ivs)}] : {G}, i32, {G}",
        )
        return v

    def stmt(self, depth: int, ivs: list[str]) -> None:
        kind = self.r.choices(
            ["in", "out", "un", "bin", "dup", "get", "set", "gget", "gset", "for", "if", "sync"],
            [5, 5, 4, 4, 2, 2, 2, 1, 1, 2 if depth < 2 else 0, 2 if depth < 2 else 0, 2],
        )[0]
        if kind == "in":
            dst, src = self.tile(depth), self.gm(depth, ivs)
            self.emit(depth, f"ascendc.data_copy_l2 {dst}, {src}, %c64 : {T}, {G}, i32")
        elif kind == "out":
            src, dst = self.tile(depth), self.gm(depth, ivs)
            self.emit(depth, f"ascendc.data_copy_l2 {dst}, {src}, %c64 : {G}, {T}, i32")
        elif kind == "un":
            a, b = self.tile(depth), self.tile(depth)
            self.emit(depth, f"ascendc.abs_l2 {a}, {b}, %c64 : {T}, {T}, i32")
        elif kind == "bin":
            a, b, c = self.tile(depth), self.tile(depth), self.tile(depth)
            self.emit(depth, f"ascendc.add_l2 {a}, {b}, {c}, %c64 : {T}, {T}, {T}, i32")
        elif kind == "dup":
            self.emit(depth, f"ascendc.duplicate_l2 {self.tile(depth)}, %f, %c64 : {T}, f32, i32")
        elif kind == "get":
            s = self.fresh("s")
            self.emit(
                depth,
                f"{s} = ascendc.local_tensor.get_value {self.tile(depth)}, %c3 : {T}, i32, f32",
            )
        elif kind == "set":
            self.emit(
                depth, f"ascendc.local_tensor.set_value {self.tile(depth)}, %c5, %f : {T}, i32, f32"
            )
        elif kind == "gget":
            s = self.fresh("s")
            g = self.r.choice(["%g0", "%g1"])
            self.emit(depth, f"{s} = ascendc.global_tensor.get_value {g}, %c7 : {G}, i32, f32")
        elif kind == "gset":
            g = self.r.choice(["%g0", "%g1"])
            self.emit(depth, f"ascendc.global_tensor.set_value {g}, %c7, %f : {G}, i32, f32")
        elif kind == "sync":  # a hand-written sync the pass must take into account
            event = self.r.choice(["mte2_v", "v_mte3", "mte3_mte2", "v_mte2", "s_v", "v_s"])
            if self.r.random() < 0.5:
                self.emit(depth, f"ascendc.set_flag {event}, %c0 : i32")
                self.emit(depth, f"ascendc.wait_flag {event}, %c0 : i32")
            else:
                self.emit(depth, f"ascendc.pipe_barrier {self.r.choice(['pipe_v', 'pipe_all'])}")
        elif kind == "for":
            iv = self.fresh("iv")
            self.emit(depth, f"scf.for {iv} = %x0 to %x3 step %x1 {{")
            self.body(depth + 1, [*ivs, iv])
            self.emit(depth, "}")
        else:
            self.emit(depth, "scf.if %c {")
            self.body(depth + 1, ivs)
            self.emit(depth, "} else {")
            self.body(depth + 1, ivs)
            self.emit(depth, "}")

    def body(self, depth: int, ivs: list[str]) -> None:
        for _ in range(self.r.randint(1, 5)):
            self.stmt(depth, ivs)

    def kernel(self) -> str:
        addr2 = 128 if self.overlap else 512
        head = [
            f"func.func @k(%g0: {G}, %g1: {G}, %c: i1) {{",
            "  %c0 = arith.constant 0 : i32",
            "  %c3 = arith.constant 3 : i32",
            "  %c5 = arith.constant 5 : i32",
            "  %c7 = arith.constant 7 : i32",
            "  %c32 = arith.constant 32 : i32",
            "  %c64 = arith.constant 64 : i32",
            "  %x0 = arith.constant 0 : index",
            "  %x1 = arith.constant 1 : index",
            "  %x3 = arith.constant 3 : index",
            "  %f = arith.constant 1.5 : f32",
            "  %b0 = arith.constant 0 : i32",
            "  %b1 = arith.constant 256 : i32",
            f"  %b2 = arith.constant {addr2} : i32",
            "  %len = arith.constant 64 : i32",
            "  %a0 = builtin.unrealized_conversion_cast %b0 : i32 to ui32",
            "  %a1 = builtin.unrealized_conversion_cast %b1 : i32 to ui32",
            "  %a2 = builtin.unrealized_conversion_cast %b2 : i32 to ui32",
            "  %l = builtin.unrealized_conversion_cast %len : i32 to ui32",
            f"  %t0 = ascendc.local_tensor_v2 vecin, %a0, %l : {T}",
            f"  %t1 = ascendc.local_tensor_v2 vecin, %a1, %l : {T}",
            f"  %t2 = ascendc.local_tensor_v2 vecout, %a2, %l : {T}",
        ]
        self.body(0, [])
        return "\n".join([*head, *self.lines, "  func.return", "}"])


class QueueGen:
    """A random TQue kernel: tiles through a VECIN and a VECOUT queue of 1 or 2 buffers
    in a loop, EnQue/DeQue kept or not, a TBuf scratch tensor, extra vector and scalar
    work, the frees in either order."""

    def __init__(self, seed: int):
        self.r = random.Random(seed)

    def kernel(self) -> str:
        r = self.r
        num_in, num_out = r.choice([1, 2]), r.choice([1, 2])
        enque = r.random() < 0.5
        q_in, q_out = f"!ascendc.queue<vecin, {num_in}>", f"!ascendc.queue<vecout, {num_out}>"
        lines = [
            f"func.func @q(%g0: {G}, %g1: {G}, %c: i1) {{",
            "  %c0 = arith.constant 0 : i32",
            "  %c3 = arith.constant 3 : i32",
            "  %c64 = arith.constant 64 : i32",
            "  %bytes = arith.constant 256 : i32",
            "  %len = arith.constant 256 : i64",
            f"  %nin = arith.constant {num_in} : i32",
            f"  %nout = arith.constant {num_out} : i32",
            "  %x0 = arith.constant 0 : index",
            "  %x1 = arith.constant 1 : index",
            "  %x4 = arith.constant 4 : index",
            "  %pipe = ascendc.pipe",
            f"  %qi = ascendc.queue : <vecin, {num_in}>",
            f"  %qo = ascendc.queue : <vecout, {num_out}>",
            f"  ascendc.pipe.init_queue %pipe, %qi, %nin, %bytes : {q_in}, i32, i32",
            f"  ascendc.pipe.init_queue %pipe, %qo, %nout, %bytes : {q_out}, i32, i32",
            "  %tb = ascendc.tbuf : <veccalc>",
            "  ascendc.pipe.init_buffer %pipe, %tb, %len : !ascendc.tbuf<veccalc>, i64",
            f"  %tmp = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, {T}",
            "  scf.for %i = %x0 to %x4 step %x1 {",
            "    %i32 = arith.index_cast %i : index to i32",
            "    %off = arith.muli %i32, %c64 : i32",
            f"    %gx = ascendc.global_tensor.subindex %g0[%off] : {G}, i32, {G}",
            f"    %gy = ascendc.global_tensor.subindex %g1[%off] : {G}, i32, {G}",
            f"    %x = ascendc.que_bind.alloc_tensor %qi : {q_in}, {T}",
            f"    ascendc.data_copy_l2 %x, %gx, %c64 : {T}, {G}, i32",
        ]
        xin = "%x"
        if enque:
            lines += [
                f"    ascendc.que_bind.enque_tensor %qi, %x : {q_in}, {T}",
                f"    %xd = ascendc.que_bind.deque_tensor %qi : {q_in}, {T}",
            ]
            xin = "%xd"
        lines.append(f"    %y = ascendc.que_bind.alloc_tensor %qo : {q_out}, {T}")
        work = [
            f"    ascendc.abs_l2 %y, {xin}, %c64 : {T}, {T}, i32",
            f"    ascendc.add_l2 %tmp, {xin}, %y, %c64 : {T}, {T}, {T}, i32",
            f"    ascendc.muls_l2 %y, %tmp, %f, %c64 : {T}, {T}, f32, i32",
            f"    %s = ascendc.local_tensor.get_value {xin}, %c3 : {T}, i32, f32",
            f"    scf.if %c {{\n      ascendc.local_tensor.set_value %y, %c3, %f : {T}, i32, f32\n    }}",
        ]
        lines.append("    %f = arith.constant 2.0 : f32")
        lines += r.sample(work, r.randint(1, len(work)))
        yout = "%y"
        if enque:
            lines += [
                f"    ascendc.que_bind.enque_tensor %qo, %y : {q_out}, {T}",
                f"    %yd = ascendc.que_bind.deque_tensor %qo : {q_out}, {T}",
            ]
            yout = "%yd"
        free_in = f"    ascendc.que_bind.free_tensor %qi, {xin} : {q_in}, {T}"
        copy_out = f"    ascendc.data_copy_l2 %gy, {yout}, %c64 : {G}, {T}, i32"
        free_out = f"    ascendc.que_bind.free_tensor %qo, {yout} : {q_out}, {T}"
        tail = [free_in, copy_out, free_out] if r.random() < 0.5 else [copy_out, free_in, free_out]
        lines += [*tail, "  }", "  func.return", "}"]
        return "\n".join(lines)


def _functions(module):
    return [f for f in module.walk() if isinstance(f, func.FuncOp) and f.body.blocks]


def _races(module, args: dict) -> list[str]:
    problems = []
    for f in _functions(module):
        for c in (0, 1):
            oracle = Oracle(f, {**args, "c": c})
            problems += oracle.errors
            problems += [
                f"{r.first.op.name} ({r.first.pipe}) -> {r.second.op.name} ({r.second.pipe})"
                for r in oracle.races()
            ]
    return problems


def _insert(text: str, erase: bool = False):
    module = parse_module(text)
    if erase:
        EraseSyncPass().apply(make_context(), module)
    InsertSyncPass().apply(make_context(), module)
    module.verify()
    return module


@pytest.mark.parametrize("seed", range(cases(ci=90, long=1000)))
def test_random_kernels_have_no_race_after_insert_sync(seed: int) -> None:
    text = Gen(seed).kernel()
    module = _insert(text)
    assert _races(module, {}) == [], text
    for f in _functions(module):
        analysis = SyncAnalysis(f)
        assert not analysis.races, text


@pytest.mark.parametrize("seed", range(cases(ci=60, long=600)))
def test_random_queue_kernels_have_no_race_after_insert_sync(seed: int) -> None:
    text = QueueGen(seed).kernel()
    for erase in (False, True):
        module = _insert(text, erase)
        assert _races(module, {}) == [], text


@pytest.mark.parametrize("seed", range(0, 120, 7))
def test_verify_sync_finds_the_oracles_races(seed: int) -> None:
    """Every race the oracle sees in a kernel before insertion, verify-sync reports."""
    text = Gen(seed).kernel()
    module = parse_module(text)
    dynamic = {
        (r.first.op, r.second.op)
        for f in _functions(module)
        for c in (0, 1)
        for r in Oracle(f, {"c": c}).races()
    }
    static = {
        (race.source.op, sink)
        for f in _functions(module)
        for sink, races in SyncAnalysis(f).races.items()
        for race in races
    }
    assert dynamic <= static


KERNELS = [
    ("examples/vector_add.mlir", {"n": 1024}),
    ("examples/vector_add_tque.mlir", {"total": 8192}),
    (
        "tests/filecheck/backend/ascendc/kernels/vector_add_manual_flags.mlir",
        {"total": 8192, "x_addr": 0, "y_addr": 4096, "z_addr": 8192, "tile_elems": 1024},
    ),
]


@pytest.mark.parametrize(("path", "args"), KERNELS)
def test_repository_kernels_without_their_syncs(path: str, args: dict) -> None:
    module = _insert((ROOT / path).read_text(), erase=True)
    assert _races(module, args) == []
