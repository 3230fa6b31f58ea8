"""Named operands, results and regions read through `asc_xdsl.utils.fast_accessors`
give what IRDL's own accessors give (on every op of every lit test input), and only our
op classes get them."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from lit_inputs import parsed_lit_chunks
from xdsl.dialects import arith
from xdsl.dialects.builtin import i32
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def
from xdsl.irdl.operations import BeforeVariadicSingleAccessor

from asc_xdsl.utils import fast_accessors

ROOT = Path(__file__).resolve().parents[2]


def test_reads_agree_with_irdls_on_every_lit_input() -> None:
    read = 0
    for where, module in parsed_lit_chunks():
        for op in module.walk():
            if isinstance(op, IRDLOperation):
                fast_accessors.apply(type(op))
        for op in module.walk():
            if not isinstance(op, IRDLOperation):
                continue
            for name, accessor in vars(type(op)).items():
                if not isinstance(accessor, fast_accessors._accessor_class()):
                    continue
                irdl = BeforeVariadicSingleAccessor(accessor.construct, accessor.idx)
                try:
                    expected = irdl.__get__(op)
                except IndexError:  # (an op of the wrong arity: both fail alike)
                    with pytest.raises(IndexError):
                        getattr(op, name)
                    continue
                assert getattr(op, name) is expected, (where, op.name, name)
                read += 1
    assert read > 1000, read


def _user_op() -> type[IRDLOperation]:
    @irdl_op_definition
    class UserOp(IRDLOperation):
        name = "user.op"
        x = operand_def(i32)
        y = result_def(i32)

    return UserOp


def test_only_our_classes_get_them_and_writes_fail_as_irdls() -> None:
    from asc_xdsl.dialects.emitasc import IncludeOp

    fast_accessors.apply(arith.AddiOp)  # xDSL's: left as it is
    assert type(vars(arith.AddiOp)["lhs"]) is BeforeVariadicSingleAccessor
    user = _user_op()
    fast_accessors.apply(user)  # a user's: left as it is
    assert type(vars(user)["x"]) is BeforeVariadicSingleAccessor
    from asc_xdsl.dialects.context import AscContext

    ours = AscContext().get_op("ascendc.add_l2")
    fast_accessors.apply(ours)
    fast = fast_accessors._accessor_class()
    assert isinstance(vars(ours)["dst"], fast) and issubclass(fast, BeforeVariadicSingleAccessor)
    assert fast_accessors.ours(IncludeOp) and not fast_accessors.ours(arith.AddiOp)


def test_writes_fail_as_irdls() -> None:
    from asc_xdsl.dialects.context import AscContext

    cls = AscContext().get_op("ascendc.get_block_idx")
    fast_accessors.apply(cls)
    accessors = [a for a in vars(cls).values() if isinstance(a, fast_accessors._accessor_class())]
    assert accessors, "get_block_idx has a single result"
    op = cls.create(result_types=[i32])
    (name,) = [n for n, a in vars(cls).items() if a is accessors[0]]
    assert getattr(op, name) is op.results[0]
    with pytest.raises(NotImplementedError, match="Cannot write to named"):
        setattr(op, name, op.results[0])
    assert getattr(cls, name) is accessors[0]  # (read on the class: itself)


def test_a_compile_gives_them_to_our_classes_only() -> None:
    code = textwrap.dedent(
        """
        import sys
        import numpy as np
        sys.path.insert(0, {examples!r})
        import vector_add as m
        from asc_xdsl.utils import fast_accessors
        x = np.zeros(2048, np.float32)
        m.vadd_kernel.compile(x, x, x, 1024, 256, block_dim=2, always_compile=True)
        from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def
        fast = fast_accessors._accessor_class()
        seen, pending = [], list(IRDLOperation.__subclasses__())
        while pending:
            cls = pending.pop()
            pending.extend(cls.__subclasses__())
            if any(isinstance(a, fast) for a in vars(cls).values()):
                seen.append(cls.__module__.split(".")[0])
        print(sorted(set(seen)), len(seen) > 3)
        """
    ).format(examples=str(ROOT / "examples"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["['asc_xdsl']", "True"]
