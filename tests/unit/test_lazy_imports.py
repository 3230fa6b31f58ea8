"""What a cold start loads (docs/performance.md, "Cold start"): `import asc_xdsl` and a
vector add's first compile leave out the parts of the package a kernel that does not use
them never needs. One fresh process (what is loaded is process-wide)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1].parent

PROGRAM = """
import json, sys
import asc_xdsl as asc
imported = set(sys.modules)
sys.path.insert(0, "examples")
import numpy as np
import vector_add as m
x = np.zeros(2048, np.float32)
m.vadd_kernel.compile(x, x, x, 1024, 256, block_dim=2, always_compile=True)
print(json.dumps([sorted(imported), sorted(sys.modules)]))
"""

LAZY = {
    # the Reg layer of Ascend 950 (`asc.reg`, `@asc.vf`) and its types, enums and ops
    "asc_xdsl.language.reg",
    "asc_xdsl.dialects.reg_enums",
    "asc_xdsl.dialects.ascendc.reg",
    "asc_xdsl.dialects.ascendc.reg_types",
    "asc_xdsl.dialects.ascendc.reg_address_types",
    # the advanced APIs (`asc.adv`)
    "asc_xdsl.language.adv",
}
"""Modules neither `import asc_xdsl` nor a vector add's compile loads."""


def test_a_vector_add_loads_no_reg_or_adv_module() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROGRAM], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert out.returncode == 0, out.stderr[-4000:]
    imported, compiled = (set(names) for names in json.loads(out.stdout.splitlines()[-1]))
    assert "xdsl" not in imported  # (a disk-cache hit needs no xDSL)
    assert not LAZY & compiled, sorted(LAZY & compiled)
