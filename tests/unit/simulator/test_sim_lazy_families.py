"""The simulator imports an op family when a kernel first needs it (ops/__init__.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from asc_xdsl.runtime.simulator import ops
from asc_xdsl.runtime.simulator.compile import handler_for

ROOT = Path(__file__).resolve().parents[3]

UNRELATED = (
    "adv_math", "adv_matmul", "adv_norm", "adv_quant", "adv_softmax", "aipp", "bilinear",
    "cmpsel", "cube", "gathermask", "list_tensor", "members", "multicore", "mutex",
    "reduce", "refused", "reg", "scalar_math", "scalar_memref", "sort", "vconv",
)  # fmt: skip
"""Families of ops the vector-add example does not use."""

SCRIPT = """
import json, sys
sys.path.insert(0, {examples!r})
import numpy as np
import vector_add as m
x = np.arange(8 * 2048, dtype=np.float32); y = np.ones_like(x); z = np.zeros_like(x)
m.vadd_kernel[8](x, y, z, 2048, 512, backend="cpu")
assert (z == x + 1).all()
from asc_xdsl.dialects.ascendc import spec
made = [e.spec.name for e in spec._BY_OP_NAME.values() if e.cls is not None]
print(json.dumps(sorted(made)))
print(json.dumps(sorted(sys.modules)))
"""


def test_index_is_current():
    """INDEX / HOOK_INDEX name the modules that register each handler (else: python
    tools/gen_sim_op_index.py)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from gen_sim_op_index import TARGET, render
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert TARGET.read_text() == render(*ops.build_index()), "run python tools/gen_sim_op_index.py"


def test_launch_imports_only_its_families(tmp_path):
    env = {**os.environ, "ASC_XDSL_CACHE_DIR": str(tmp_path)}
    env.pop("ASC_XDSL_BACKEND", None)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(examples=str(ROOT / "examples"))],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    made = set(json.loads(done.stdout.splitlines()[-2]))
    families = {n.rsplit(".", 1)[1] for n in loaded if n.startswith(f"{ops.__name__}.")}
    assert {"copy", "framework", "scalar", "vector"} <= families
    assert families.isdisjoint(UNRELATED), sorted(families & set(UNRELATED))
    # nor the dialect's families of those ops (a spec class is found by its own family)
    assert "asc_xdsl.dialects.ascendc.cube" not in loaded
    assert "asc_xdsl.dialects.ascendc.adv_matmul" not in loaded
    assert "xdsl.dialects.math" not in loaded
    # nor the hand-written ops' modules (`framework` names `ascendc.construct` by name)
    assert "asc_xdsl.dialects.ascendc.construct" not in loaded
    assert "asc_xdsl.dialects.ascendc.debug" not in loaded
    # nor the sync analysis (the race checker reads auto-sync's tables, `auto_sync_orders`)
    assert "asc_xdsl.transforms.sync_analysis" not in loaded
    # a family names the spec ops it handles by name (`ops.handles_spec`): their classes
    # are defined by the kernel's IR, not by the family's import (94 classes, was)
    used = {"ascendc.add_l2", "ascendc.data_copy_l2", "ascendc.queue"}
    assert used | {"ascendc.que_bind.enque_tensor"} <= made
    unused = {"ascendc.abs_l2", "ascendc.set_flag", "ascendc.tbuf", "emitasc.member"}
    unused |= {"ascendc.data_copy_pad_l2", "ascendc.set_pad_value"}  # (ops/copy.py's)
    assert made.isdisjoint(unused), sorted(made & unused)


def test_unknown_op_loads_every_family(monkeypatch):
    """An op the index does not know: every family is imported before the answer."""
    from xdsl.dialects import test

    monkeypatch.setattr(ops, "_loaded_all", False)
    op = test.TestOp()
    assert handler_for(op) is None
    assert ops._loaded_all


@pytest.mark.parametrize("name", ["math.sqrt", "ascendc.add_l2"])
def test_indexed_ops_resolve(name):
    from asc_xdsl.dialects.ir_context import make_context

    cls = make_context().get_optional_op(name)
    assert cls is not None and handler_for(cls.__new__(cls)) is not None
