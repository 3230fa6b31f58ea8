"""Named operands, results and regions read through `asc_xdsl.utils.fast_accessors`
give what IRDL's own accessors give: on every op of every lit test input."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, i32
from xdsl.irdl import IRDLOperation
from xdsl.irdl.operations import BeforeVariadicSingleAccessor
from xdsl.utils.exceptions import ParseError, VerifyException

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.utils import fast_accessors

ROOT = Path(__file__).resolve().parents[2]
SingleAccessor = fast_accessors.SingleAccessor


XDSL_PARSER_TRIPS = (KeyError, NotImplementedError, OverflowError, MemoryError)
"""What xDSL's own parser raises on the inputs asc-opt's parser refuses with a located
error (tests/filecheck/dialects/parse_limits.mlir; its dense literal of 2^62 elements
is refused by Python's list size check, without an allocation)."""


def test_reads_agree_with_irdls_on_every_lit_input() -> None:
    read = 0
    for path in sorted((ROOT / "tests" / "filecheck").rglob("*.mlir")):
        for text in path.read_text().split("// -----"):
            try:
                module = parse_module(text)
            except (ParseError, VerifyException, ValueError, *XDSL_PARSER_TRIPS):
                continue
            for op in module.walk():
                if not isinstance(op, IRDLOperation):
                    continue
                for name, accessor in vars(type(op)).items():
                    if not isinstance(accessor, SingleAccessor):
                        continue
                    irdl = BeforeVariadicSingleAccessor(accessor.construct, accessor.idx)
                    try:
                        expected = irdl.__get__(op)
                    except IndexError:  # (an op of the wrong arity: both fail alike)
                        with pytest.raises(IndexError):
                            getattr(op, name)
                        continue
                    assert getattr(op, name) is expected, (path.name, op.name, name)
                    read += 1
    assert read > 1000, read


def test_upstream_ops_have_them_and_writes_fail_as_irdls() -> None:
    assert isinstance(vars(arith.AddiOp)["lhs"], SingleAccessor)
    assert isinstance(vars(arith.AddiOp)["result"], SingleAccessor)
    one = arith.ConstantOp(IntegerAttr(1, i32))
    add = arith.AddiOp(one, one)
    assert add.lhs is one.result and add.result is add.results[0]
    with pytest.raises(NotImplementedError, match="Cannot write to named operands"):
        add.lhs = one.result  # type: ignore[misc]
    assert isinstance(arith.AddiOp.lhs, SingleAccessor)  # (read on the class: itself)


def test_the_hook_patches_xdsl_as_it_loads_and_leaves() -> None:
    code = textwrap.dedent(
        """
        import sys, asc_xdsl
        from asc_xdsl.utils import fast_accessors
        from asc_xdsl.utils.fast_accessors import OPERATIONS_MODULE
        from asc_xdsl.utils.import_hooks import hooks_waiting
        print(OPERATIONS_MODULE in sys.modules, hooks_waiting(OPERATIONS_MODULE))
        from xdsl.dialects import scf
        fast = fast_accessors.SingleAccessor
        print(isinstance(vars(scf.ForOp)["body"], fast), hooks_waiting(OPERATIONS_MODULE))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "1", "True", "0"]
