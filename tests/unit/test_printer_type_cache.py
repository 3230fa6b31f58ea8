"""The printer's C++ type spellings kept across modules (`printer._SHARED_CTYPES`) are
only those that are the same in every module: not a matmul type's, which names the
MatmulConfig its module declares."""

from __future__ import annotations

from pathlib import Path

from xdsl.dialects.builtin import IndexType, MemRefType, i32

from asc_xdsl.backends.ascendc.cpp_types import module_independent
from asc_xdsl.dialects.ascendc.adv_types import MatmulType
from asc_xdsl.frontend.ir_context import parse_module

ROOT = Path(__file__).resolve().parents[2]


def test_matmul_types_are_spelled_per_module():
    text = (ROOT / "tests/filecheck/backend/ascendc/adv_matmul.mlir").read_text()
    matmuls = [
        v.type
        for chunk in text.split("// -----")
        for op in parse_module(chunk).walk()
        for v in op.results
        if isinstance(v.type, MatmulType)
    ]
    assert matmuls
    assert not any(module_independent(t) for t in matmuls)
    assert module_independent(i32) and module_independent(IndexType())
    assert module_independent(MemRefType(i32, [-1]))
