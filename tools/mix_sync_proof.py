"""insert-sync on pyasc's matmul tutorials, their synchronisation stripped.

    PYASC_SRC=/work/ref/pyasc .venv/bin/python tools/mix_sync_proof.py [--only 05] [--json out.json]

Each tutorial (python/tutorials/03_* .. 05_* of the pyasc checkout; copied to a
temporary directory, never into this repository, its imports rewritten as
`tools/pyasc_suite` does) runs twice on the CPU simulator with the race checker in
`error` mode (`ASC_XDSL_SANITIZE=error`) and torch seeded alike:

- **hand**: as written;
- **stripped**: every statement that only synchronises dropped (`asc.pipe_barrier`,
  `asc.set_flag`/`wait_flag`, `asc.cross_core_set_flag`/`wait_flag`, `asc.sync_all`,
  `asc.ib_set`/`ib_wait`, `asc.data_sync_barrier`; the line stays, as `pass`, so
  tracebacks keep pyasc's line numbers) and `insert_sync=True` on each `@asc.jit`
  (erase-sync then drops the queues' EnQue/DeQue pairs too).

The table gives, per tutorial, whether each run passed (the tutorial's own numerical
check and the race checker), whether the stripped run wrote exactly the bytes the hand
run did (a digest of every launch's arguments after it ran), and the flags: the
cross-core calls the source has and the cross-core sets in the stripped kernels' IR
after insert-sync, then the intra-core SetFlag pairs, queue EnQues (each with its
DeQue) and PipeBarriers of each run's compiled kernels.
pyasc's tutorials synchronise their cube and vector halves inside the Matmul library
(its client calls wait for the AIC server), so their sources have no cross-core flag:
the check is that insert-sync adds none where the library orders, and that the
kernels stay race-free and exact with every hand-written sync gone.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS))

from pyasc_suite.python_suite import _environment  # noqa: E402
from pyasc_suite.rewrite import rewrite_imports  # noqa: E402

TUTORIALS = ("03", "04", "05")
SYNC_CALLS = frozenset(
    {
        "pipe_barrier",
        "set_flag",
        "wait_flag",
        "cross_core_set_flag",
        "cross_core_wait_flag",
        "sync_all",
        "ib_set",
        "ib_wait",
        "data_sync_barrier",
    }
)
CROSS_CORE_CALLS = frozenset({"cross_core_set_flag", "cross_core_wait_flag"})
COUNTED = {
    "cross_set": "ascendc.cross_core_set_flag",
    "set_flag": "ascendc.set_flag",
    "barrier": "ascendc.pipe_barrier",
    "enque": "ascendc.que_bind.enque_tensor",
}

# Runs in the child: seeds torch, records each compiled kernel's IR counts and a
# digest of each launch's arguments, then runs the tutorial as __main__.
RUNNER = r"""
import hashlib, json, runpy, sys
import numpy as np
import torch
script, out, counted = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
torch.manual_seed(0)
np.random.seed(0)
import importlib
jit = importlib.import_module("asc_xdsl.frontend.jit")
from asc_xdsl.runtime.simulator.backend import CpuSimulatorBackend
record = {"launches": [], "kernels": {}}
launch = CpuSimulatorBackend.launch
def digest_launch(self, kernel, block_dim, args, **options):
    launch(self, kernel, block_dim, args, **options)
    h = hashlib.sha256()
    for a in args:
        if hasattr(a, "detach"):
            a = a.detach().cpu().numpy()
        if isinstance(a, np.ndarray):
            h.update(a.tobytes())
    record["launches"].append(h.hexdigest()[:16])
CpuSimulatorBackend.launch = digest_launch
compile_cached = jit.JITFunction._compile_cached
def counting_compile(self, request, block_dim):
    compiled = compile_cached(self, request, block_dim)
    ir = compiled.asm.get("lowered_ir", "")
    record["kernels"][self.__name__] = {k: ir.count(v + " ") for k, v in counted.items()}
    return compiled
jit.JITFunction._compile_cached = counting_compile
sys.argv = [script, "-r", "CPU"]
try:
    runpy.run_path(script, run_name="__main__")
    record["ok"] = True
except BaseException as err:
    record["ok"] = False
    record["error"] = f"{type(err).__name__}: {err}"[-600:]
with open(out, "w") as f:
    json.dump(record, f)
"""


def _sync_call(node: ast.stmt) -> str | None:
    """`asc.<name>(...)` as a statement, with <name> a sync call: its name."""
    if not isinstance(node, ast.Expr) or not isinstance(node.value, ast.Call):
        return None
    f = node.value.func
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "asc":
        return f.attr if f.attr in SYNC_CALLS else None
    return None


def _is_jit(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return (
        isinstance(target, ast.Attribute)
        and target.attr == "jit"
        and isinstance(target.value, ast.Name)
        and target.value.id == "asc"
    )


def strip(source: str) -> tuple[str, dict[str, int]]:
    """The source without its sync statements, `insert_sync=True` on each `@asc.jit`;
    and how many statements of each sync call went."""
    tree = ast.parse(source)
    lines = source.split("\n")
    dropped: dict[str, int] = {}
    for node in ast.walk(tree):
        name = _sync_call(node) if isinstance(node, ast.stmt) else None
        if name is not None:
            assert node.end_lineno is not None
            dropped[name] = dropped.get(name, 0) + 1
            first = lines[node.lineno - 1]
            lines[node.lineno - 1] = first[: node.col_offset] + "pass"
            for i in range(node.lineno, node.end_lineno):
                lines[i] = ""
        if isinstance(node, ast.FunctionDef):
            for d in node.decorator_list:
                if not _is_jit(d):
                    continue
                line = lines[d.lineno - 1]
                if isinstance(d, ast.Call):  # after the opening parenthesis
                    at = line.index("(", d.col_offset) + 1
                    sep = ", " if d.args or d.keywords else ""
                    lines[d.lineno - 1] = line[:at] + "insert_sync=True" + sep + line[at:]
                else:
                    end = d.end_col_offset
                    lines[d.lineno - 1] = line[:end] + "(insert_sync=True)" + line[end:]
    return "\n".join(lines), dropped


def _run(script: Path, env: dict[str, str], timeout: int) -> dict:
    out = script.with_suffix(".json")
    counted = json.dumps(COUNTED)
    try:
        proc = subprocess.run(
            [sys.executable, "-c", RUNNER, str(script), str(out), counted],
            cwd=script.parent, env=env, capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return {"ok": False, "error": f"timed out after {timeout} s"}
    if not out.exists():
        return {"ok": False, "error": proc.stderr.strip()[-600:]}
    return json.loads(out.read_text())


def _total(record: dict, key: str) -> int:
    return sum(k.get(key, 0) for k in record.get("kernels", {}).values())


def prove(src: Path, only: str | None, timeout: int) -> list[dict]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="mix_sync_proof_") as tmp:
        work = Path(tmp)
        env = _environment(work)
        env["ASC_XDSL_SANITIZE"] = "error"
        for number in TUTORIALS:
            if only and number != only:
                continue
            for script in sorted((src / "python/tutorials").glob(f"{number}_*/*.py")):
                source = rewrite_imports(script.read_text())
                stripped, dropped = strip(source)
                runs = {}
                for kind, text in (("hand", source), ("stripped", stripped)):
                    copy = work / kind / script.parent.name / script.name
                    copy.parent.mkdir(parents=True, exist_ok=True)
                    copy.write_text(text)
                    runs[kind] = _run(copy, env, timeout)
                hand, ins = runs["hand"], runs["stripped"]
                rows.append(
                    {
                        "tutorial": script.parent.name,
                        "hand_ok": hand["ok"],
                        "stripped_ok": ins["ok"],
                        "same_bytes": hand["ok"]
                        and ins["ok"]
                        and hand["launches"] == ins["launches"],
                        "cross_core_hand": sum(dropped.get(c, 0) for c in CROSS_CORE_CALLS) // 2,
                        "cross_core_inserted": _total(ins, "cross_set"),
                        "dropped": dropped,
                        "set_flag_hand": _total(hand, "set_flag"),
                        "set_flag_inserted": _total(ins, "set_flag"),
                        "enque_hand": _total(hand, "enque"),
                        "enque_inserted": _total(ins, "enque"),
                        "barriers_hand": _total(hand, "barrier"),
                        "barriers_inserted": _total(ins, "barrier"),
                        "errors": {k: r["error"] for k, r in runs.items() if not r["ok"]},
                    }
                )
    return rows


def report(rows: list[dict]) -> str:
    head = (
        "tutorial              hand  stripped+insert  same bytes  cross-core pairs (hand/ins)"
        "  SetFlag pairs (hand/ins)  EnQue (hand/ins)  PipeBarriers (hand/ins)"
    )
    out = [head, "-" * len(head)]
    for r in rows:
        out.append(
            f"{r['tutorial']:<21} {'ok' if r['hand_ok'] else 'FAIL':<5} "
            f"{'ok' if r['stripped_ok'] else 'FAIL':<16} {'yes' if r['same_bytes'] else 'NO':<11} "
            f"{r['cross_core_hand']}/{r['cross_core_inserted']:<27} "
            f"{r['set_flag_hand']}/{r['set_flag_inserted']:<23} "
            f"{r['enque_hand']}/{r['enque_inserted']:<15} "
            f"{r['barriers_hand']}/{r['barriers_inserted']}"
        )
        for kind, err in r["errors"].items():
            out.append(f"  {kind}: {err}")
        out.append(f"  stripped statements: {r['dropped'] or 'none'}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--only", choices=TUTORIALS, help="one tutorial by its number")
    p.add_argument("--json", type=Path, help="write the rows here")
    p.add_argument("--timeout", type=int, default=900, help="seconds per run")
    args = p.parse_args(argv)
    src = os.environ.get("PYASC_SRC")
    if not src or not (Path(src) / "python/tutorials").is_dir():
        p.error("set PYASC_SRC to a pyasc checkout (with python/tutorials)")
    rows = prove(Path(src), args.only, args.timeout)
    print(report(rows))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))
    good = all(r["hand_ok"] and r["stripped_ok"] and r["same_bytes"] for r in rows)
    fewer = all(r["cross_core_inserted"] <= r["cross_core_hand"] for r in rows)
    return 0 if rows and good and fewer else 1


if __name__ == "__main__":
    sys.exit(main())
