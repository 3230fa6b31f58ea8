"""Ascend C of the irregular ops of `dialects/ascendc/list_tensor.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any


def _print_tensor_desc(emitter: Any, op: Any) -> None:
    """`AscendC::TensorDesc d = AscendC::TensorDesc<T>();`: T deduced from the initialiser
    when the result type does not name it (class template argument deduction)."""
    t = op.tensor_desc.type
    declared = "AscendC::TensorDesc" if t.element is None else emitter.ctype(op, t)
    name = emitter.names.define(op.tensor_desc)
    element = emitter.ctype(op, op.properties["elementType"])
    emitter.line(f"{declared} {name} = AscendC::TensorDesc<{element}>();")


def _print_set_shape_addr(emitter: Any, op: Any) -> None:
    """`d.SetShapeAddr((uint64_t*)addr);`: the address arrives as an integer."""
    desc, addr = emitter.name(op.tensor_desc), emitter.name(op.shape_ptr)
    emitter.line(f"{desc}.SetShapeAddr((uint64_t*){addr});")
