"""Importing asc_xdsl and compiling a kernel change nothing that is not asc_xdsl's: the
standard library's `dataclasses`, the import system, the garbage collector and xDSL's
functions, classes and op definitions are the very objects they were (project issue 29).

Each check runs in a fresh process (what it checks is process-wide): it takes a
snapshot of those objects, imports asc_xdsl, runs the vector add on the CPU simulator,
verifies and prints IR of xDSL's dialects through our `verify_module`, makes xDSL's
multiverse (our `xdsl.universe` entry point), and compares."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SNAPSHOT = """
import builtins, dataclasses, gc, importlib, inspect, json, sys

def _xdsl_classes():
    from xdsl.ir import Attribute, Operation
    found, pending = [], [Attribute, Operation]
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if cls.__module__.startswith("xdsl."):
            found.append(cls)
    return found

def snapshot():
    import xdsl.irdl.attributes as irdl_attributes
    import xdsl.irdl.operations as irdl_operations
    import xdsl.irdl.declarative_assembly_format as formats
    state = {
        "dataclasses": dict(vars(dataclasses)),
        "inspect": dict(vars(inspect)),
        "builtins": dict(vars(builtins)),
        "importlib": dict(vars(importlib)),
        "sys.meta_path": list(sys.meta_path),
        "sys.path_hooks": list(sys.path_hooks),
        "gc.callbacks": gc.callbacks,
        "gc.callbacks items": list(gc.callbacks),
        "xdsl.irdl.attributes": dict(vars(irdl_attributes)),
        "xdsl.irdl.operations": dict(vars(irdl_operations)),
        "xdsl.irdl.declarative_assembly_format": dict(vars(formats)),
        "FormatProgram": dict(vars(formats.FormatProgram)),
    }
    for cls in _xdsl_classes():
        state[f"class {cls.__module__}.{cls.__qualname__}"] = dict(vars(cls))
        get_def = vars(cls).get("get_irdl_definition")
        if get_def is not None:
            definition = cls.get_irdl_definition()  # (an OpDef, or an attribute's)
            state[f"definition {cls.__module__}.{cls.__qualname__}"] = dict(
                getattr(definition, "__dict__", None)
                or {k: getattr(definition, k, None) for k in getattr(definition, "__slots__", ())}
            )
    return state

def gc_state():
    return [gc.isenabled(), list(gc.get_threshold()), gc.get_freeze_count(), sys.getrecursionlimit()]

def differences(before, after):
    found = []
    for key, old in before.items():
        new = after.get(key)
        if isinstance(old, dict):
            changed = sorted(k for k in {*old, *new} if old.get(k, KeyError) is not new.get(k, KeyError))
            # (ABC caches and the like are xDSL's and Python's own bookkeeping)
            changed = [k for k in changed if k not in IGNORED]
            # (a submodule imported since is set on its package: that is what import does)
            changed = [k for k in changed if not (k not in old and inspect.ismodule(new[k]))]
            if changed:
                found.append(f"{key}: {changed}")
        elif isinstance(old, list):
            if len(old) != len(new) or any(a is not b for a, b in zip(old, new)):
                found.append(f"{key}: {old!r} -> {new!r}")
        elif old is not new:
            found.append(f"{key}: replaced")
    return found

IGNORED = {"_abc_impl", "__abstractmethods__", "__parameters__"}
# (entries Python itself writes: ABC caches, a generic's parameters)
"""


def _run(code: str, fast_start: bool = False) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "ASC_XDSL_FAST_START"}
    if fast_start:
        env["ASC_XDSL_FAST_START"] = "1"
    out = subprocess.run(
        [sys.executable, "-c", SNAPSHOT + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr[-4000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


WORK = """
# xDSL's own modules first: what they do to the process (xDSL appends its `.irdl`
# finder to sys.meta_path as `xdsl.dialects` loads) is xDSL's, not ours
from xdsl.dialects import arith, builtin, func, memref, scf
from xdsl.universe import Universe
import xdsl.irdl.declarative_assembly_format
before, gc_before = snapshot(), gc_state()
callbacks_before = gc.callbacks

import numpy as np
import asc_xdsl
sys.path.insert(0, "examples")
import vector_add as m
x = np.arange(2048, dtype=np.float32); y = np.ones_like(x); z = np.zeros_like(x)
m.vadd_kernel[2](x, y, z, 1024, 256)  # compiled, then run on the simulator
assert (z == x + y).all()

# xDSL's ops through our verify_module (it verified func/arith/scf above too)
from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.dialects.fast_verify import verify_module
module = parse_module('''
func.func @f(%a: i32, %b: i32, %m: memref<4xi32>) -> i32 {
  %c = arith.addi %a, %b : i32
  %d = arith.muli %c, %c : i32
  %i = arith.constant 0 : index
  memref.store %d, %m[%i] : memref<4xi32>
  func.return %d : i32
}''')
verify_module(module)
verify_module(module)
str(module)
Universe.get_multiverse()  # our entry point, as xdsl-opt loads it

found = differences(before, snapshot())
if gc_state() != gc_before:
    found.append(f"gc: {gc_before} -> {gc_state()}")
if gc.callbacks is not callbacks_before:
    found.append("gc.callbacks replaced")
"""


def test_import_and_compile_leave_the_process_as_they_found_it() -> None:
    found = _run(WORK + "\nprint(json.dumps(found))\n")
    assert found == []


def test_the_check_sees_the_opt_in_fast_starts_changes() -> None:
    """With ASC_XDSL_FAST_START=1 the same program changes the process (the opt-in's
    documented cost): the snapshot finds it."""
    found = " ".join(_run(WORK + "\nprint(json.dumps(found))\n", fast_start=True))
    for changed in (
        "dataclasses: ",
        "sys.meta_path: ",
        "FormatProgram: ['_asc_xdsl_lazy', 'from_str']",
    ):
        assert changed in found, found[:2000]


USER_CLASSES = """
gc_before = gc_state()
import asc_xdsl
import numpy as np
sys.path.insert(0, "examples")
import vector_add as m
x = np.zeros(2048, dtype=np.float32)
m.vadd_kernel.compile(x, x, x, 1024, 256, block_dim=2, always_compile=True)

from dataclasses import dataclass
from xdsl.dialects import arith
from xdsl.dialects.builtin import i32
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def
from xdsl.irdl.operations import BeforeVariadicSingleAccessor
from xdsl.utils.exceptions import PyRDLOpDefinitionError

facts = {}
try:
    @irdl_op_definition
    class BadOp(IRDLOperation):
        name = "user.bad"
        x = operand_def(i32)
        assembly_format = "$x $nonexistent attr-dict"
    facts["broken format"] = "accepted"
except PyRDLOpDefinitionError:
    facts["broken format"] = "refused at definition"

@irdl_op_definition
class UserOp(IRDLOperation):
    name = "user.op"
    x = operand_def(i32)
    y = result_def(i32)

facts["user accessor"] = type(vars(UserOp)["x"]).__name__
facts["arith accessor"] = type(vars(arith.AddiOp)["lhs"]).__name__
facts["arith OpDef verify"] = "verify" in vars(arith.AddiOp.get_irdl_definition())

@dataclass
class Point:
    x: int
    y: int = 0

facts["dataclass doc"] = Point.__doc__
facts["dataclass init"] = type(vars(Point)["__init__"]).__name__
facts["dataclass init annotations"] = str(inspect.signature(Point.__init__))
facts["our finders"] = [repr(f) for f in sys.meta_path if type(f).__module__.startswith("asc_xdsl")]
facts["gc as before"] = gc_state() == gc_before
print(json.dumps(facts))
"""


def test_asc_xdsl_first_leaves_xdsl_and_user_classes_as_xdsl_makes_them() -> None:
    facts = _run(USER_CLASSES)
    assert facts == {
        "broken format": "refused at definition",
        "user accessor": "BeforeVariadicSingleAccessor",
        "arith accessor": "BeforeVariadicSingleAccessor",
        "arith OpDef verify": False,
        "dataclass doc": "Point(x: int, y: int = 0)",
        "dataclass init": "function",
        "dataclass init annotations": "(self, x: int, y: int = 0) -> None",
        "our finders": [],
        "gc as before": True,
    }


XDSL_OPT = """
from xdsl.dialects import arith, builtin, func, memref, scf
from xdsl.universe import Universe
import xdsl.irdl.declarative_assembly_format
before, gc_before = snapshot(), gc_state()

import contextlib, io, tempfile
from xdsl.xdsl_opt_main import xDSLOptMain
source = '''
func.func @f(%a: i32, %t: !ascendc.local_tensor<1024xf32>, %n: i32) -> i32 {
  %c = arith.addi %a, %a : i32
  %d = arith.constant 0 : i32
  %e = arith.addi %c, %d : i32
  ascendc.add_l2 %t, %t, %t, %n : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  func.return %e : i32
}'''
with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
    f.write(source)
out = io.StringIO()
with contextlib.redirect_stdout(out):
    xDSLOptMain(args=[f.name, "-p", "canonicalize"]).run()
assert "ascendc.add_l2" in out.getvalue() and "arith.constant" not in out.getvalue(), out.getvalue()
assert "asc_xdsl" in sys.modules  # (the entry point loaded our package)
found = differences(before, snapshot())
if gc_state() != gc_before:
    found.append(f"gc: {gc_before} -> {gc_state()}")
print(json.dumps(found))
"""


def test_xdsl_opt_with_our_entry_point_is_left_as_it_was() -> None:
    """Plain `xdsl-opt` (xDSL's own main) loads our `xdsl.universe` entry point, reads and
    rewrites our ops and xDSL's, and nothing of xDSL's is changed by it."""
    assert _run(XDSL_OPT) == []
