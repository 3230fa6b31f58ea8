"""Ascend C of the irregular ops of `dialects/ascendc/tensor.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any

from asc_xdsl.backends.ascendc.emitters.common import cpu_debug_only


def _print_shape_field(emitter: Any, op: Any) -> None:
    """`T r = info.shape[dim];`: a field of the ShapeInfo struct."""
    emitter.declare(op, op.result, f"{emitter.name(op.base)}.{op.API_NAME}[{emitter.name(op.dim)}]")


def _print_set_shape_dims(emitter: Any, op: Any) -> None:
    """`uint32_t t_shape[] = {...}; t.SetShapeInfo(AscendC::ShapeInfo(n, t_shape));`."""
    tensor = emitter.name(op.tensor)
    array = emitter.names.claim(f"{tensor}_shape")
    dims = ", ".join(
        emitter.name(d) if str(d.type) == "ui32" else f"static_cast<uint32_t>({emitter.name(d)})"
        for d in op.dims
    )
    emitter.line(f"uint32_t {array}[] = {{{dims}}};")
    emitter.line(f"{tensor}.SetShapeInfo(AscendC::ShapeInfo({len(op.dims)}, {array}));")


def _print_local_phy_addr(emitter: Any, op: Any) -> None:
    """`uint64_t a = reinterpret_cast<uint64_t>(t.GetPhyAddr([offset]));` -- the headers
    return `uint64_t` on the device and a pointer in the CPU-debug build."""
    args = "" if op.offset is None else emitter.name(op.offset)
    t = emitter.ctype(op, op.result.type)
    emitter.declare(
        op, op.result, f"reinterpret_cast<{t}>({emitter.name(op.tensor)}.GetPhyAddr({args}))"
    )


def _print_print(emitter: Any, op: Any) -> None:
    args = "" if op.len is None else emitter.name(op.len)
    cpu_debug_only(emitter, lambda: emitter.line(f"{emitter.name(op.tensor)}.Print({args});"))


def _print_to_file(emitter: Any, op: Any) -> None:
    from asc_xdsl.backends.ascendc.cpp_types import c_string

    name = c_string(op.file_name.data)
    cpu_debug_only(emitter, lambda: emitter.line(f"{emitter.name(op.tensor)}.ToFile({name});"))
