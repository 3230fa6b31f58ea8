"""The compile options pyasc has beyond the sync ones (strip_loc, matmul_cube_only,
print_ir_before_all, auto_sync_log): each is honoured, or refused with a clear error."""

import numpy as np
import pytest
from xdsl.dialects.builtin import FileLineColLoc, UnknownLoc

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError

X = np.zeros(64, np.float32)


@asc.jit
def copy_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    yg.set_value(0, xg.get_value(0))


def _locations(module):
    return {type(op.location) for op in module.walk() if op.name != "builtin.module"}


def test_strip_loc_drops_source_locations():
    kept = copy_kernel.compile(X, X, always_compile=True)
    assert FileLineColLoc in _locations(kept.module)
    stripped = copy_kernel.compile(X, X, always_compile=True, strip_loc=True)
    assert _locations(stripped.module) == {UnknownLoc}
    assert stripped.asm["ascendc"] == kept.asm["ascendc"]


def test_matmul_cube_only_defines_the_macro():
    compiled = copy_kernel.compile(X, X, always_compile=True, matmul_cube_only=True)
    cpp = compiled.asm["ascendc"]
    # the macro configures the headers: it comes before every include
    assert cpp.startswith('#define ASCENDC_CUBE_ONLY\n#include "kernel_operator.h"\n')
    # without a Matmul object the kernel stays AIV_ONLY, as pyasc decides
    # (test_api_matmul: a kernel registering one is then AIC_ONLY)
    assert compiled.kernel_type == "vector"
    plain = copy_kernel.compile(X, X, always_compile=True)
    assert "ASCENDC_CUBE_ONLY" not in plain.asm["ascendc"]


def test_print_ir_before_all_prints_before_each_pass(capsys):
    copy_kernel.compile(X, X, always_compile=True, print_ir_before_all=True, verify_sync=True)
    err = capsys.readouterr().err
    assert "// -----// IR Dump Before cse //----- //" in err
    assert "// -----// IR Dump Before ascendc-verify-sync //----- //" in err
    assert "// -----// IR Dump Before ascendc-generate-boilerplate //----- //" in err
    from asc_xdsl.transforms.pipeline import pipeline_spec

    passes = pipeline_spec({"verify_sync": True}).split(",")
    assert err.count("func.func @copy_kernel") == len(passes)  # once before each pass


def test_auto_sync_log_is_bisheng_s_flag():
    compiled = copy_kernel.compile(X, X, always_compile=True, auto_sync_log="sync.log")
    assert compiled.options["bisheng_options"] == ["-cce-auto-sync-log=sync.log"]
    with pytest.raises(CompileError, match=r"auto_sync_log='sync\.log' logs bisheng's automatic"):
        copy_kernel.compile(X, X, always_compile=True, auto_sync_log="sync.log", auto_sync=False)
