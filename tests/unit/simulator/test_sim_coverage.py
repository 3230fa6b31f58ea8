"""Every op of the ascendc and emitasc dialects has simulator semantics or a refusal
with its reason (ops/refused.py): none falls through to the generic "no semantics"."""

import asc_xdsl.runtime.simulator.ops  # noqa: F401  (handler_for imports each family it needs)
from asc_xdsl.dialects import emitasc
from asc_xdsl.dialects.ascendc import all_ops
from asc_xdsl.runtime.simulator.compile import handler_for
from asc_xdsl.runtime.simulator.ops.refused import REFUSED


def _ops() -> list[type]:
    return [*all_ops(), *(emitasc.FAMILY.get(c) for c in emitasc.EMITASC_OPS)]


def _has_handler(cls) -> bool:
    op = cls.__new__(cls)  # handler_for reads only the class and its spec
    return handler_for(op) is not None


def test_every_op_has_semantics_or_a_reason():
    missing = sorted(c.name for c in _ops() if not _has_handler(c))
    assert missing == []


def test_refusals_name_known_ops_and_a_reason():
    names = {c.name for c in _ops()}
    assert set(REFUSED) <= names
    assert all(len(reason) > 20 for reason in REFUSED.values())
