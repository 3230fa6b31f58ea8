"""Ascend C of the irregular SIMT ops (`dialects/ascendc/simt.py`): the dim3 builtins,
element writes through `__gm__` / `__ubuf__` pointers, printf and the kernel's
`asc_vf_call<f>(dim3(x, y, z), args...)`. (`clock()` and `p[i]` print from their
specs: a free function, a subscript.)"""

from __future__ import annotations

from typing import Any

_BUILTINS = {
    "ascendc.simt.thread_idx": "threadIdx",
    "ascendc.simt.block_idx": "blockIdx",
    "ascendc.simt.block_dim": "blockDim",
    "ascendc.simt.grid_dim": "gridDim",
}


def _print_vf_call(emitter: Any, op: Any) -> None:
    """`asc_vf_call<f>(dim3(x, y, z), args...);` with the callee's C++ name (the dims
    constants, or the run-time values of `vf_call_dims`)."""
    callee = op.properties["callee"].root_reference.data
    name = emitter.identifier(op, "callee", emitter.functions.get(callee, callee))
    values = op.dim_operands()
    dims = ", ".join(
        str(n) for n in (op.threads() if values is None else map(emitter.name, values))
    )
    args = "".join(f", {emitter.name(a)}" for a in op.args)
    emitter.line(f"asc_vf_call<{name}>(dim3({dims}){args});")


def _print_builtin(emitter: Any, op: Any) -> None:
    """`uint32_t v = threadIdx.x;` (and blockIdx, blockDim, gridDim)."""
    dim = op.properties["dim"].data
    emitter.declare(op, op.value, f"{_BUILTINS[op.name]}.{dim}")


def _print_store(emitter: Any, op: Any) -> None:
    """`ptr[index] = value;`"""
    ptr, index, value = (emitter.name(v) for v in (op.ptr, op.index, op.value))
    emitter.line(f"{ptr}[{index}] = {value};")


def _print_printf(emitter: Any, op: Any) -> None:
    """`__asc_simt_vf::printf("...", args...);` (the SIMT overload, by its namespace; the
    format a string literal, as asc-devkit's 03_clock sample passes it)."""
    from asc_xdsl.backends.ascendc.cpp_types import c_string

    args = [c_string(op.desc.data), *(emitter.name(v) for v in op.vars)]
    emitter.line(f"__asc_simt_vf::printf({', '.join(args)});")


def _print_pointer_cast(emitter: Any, op: Any) -> None:
    """`__gm__ half2* q = reinterpret_cast<__gm__ half2*>(p);`"""
    from asc_xdsl.backends.ascendc.cpp_types import cpp_type

    target = cpp_type(op.value.type)
    emitter.declare(op, op.value, f"reinterpret_cast<{target}>({emitter.name(op.ptr)})")


def _print_component(emitter: Any, op: Any) -> None:
    """`float c = v.x;` (a component of a vector value)."""
    emitter.declare(op, op.value, f"{emitter.name(op.vector)}.{op.properties['component'].data}")


def _print_cvt_fp8x2(emitter: Any, op: Any) -> None:
    """`unsigned short c = __asc_cvt_float2_to_fp8x2(x, __ASC_SATFINITE, __ASC_E4M3);`"""
    sat, how = (op.properties[p].data for p in ("saturate", "interpretation"))
    call = f"__asc_cvt_float2_to_fp8x2({emitter.name(op.x)}, __ASC_{sat}, __ASC_{how})"
    emitter.declare(op, op.value, call)


_CG = "cooperative_groups::"


def _print_group(emitter: Any, op: Any) -> None:
    """The run-time groups: `cooperative_groups::thread_group g = cooperative_groups::
    tiled_partition(cooperative_groups::this_thread_block(), n);`, `tiled_partition(g,
    n)`, `binary_partition(g, pred)` (of a coalesced_group, or a static tile's
    expression)."""
    from asc_xdsl.dialects.ascendc.simt import group_cpp, tile_sizes

    kind = op.name.rpartition(".")[2]
    if kind == "cg_block_partition":
        parent = f"{_CG}this_thread_block()"
    elif kind == "cg_tile_binary_partition":
        parent = group_cpp(tile_sizes(op))
    else:
        parent = emitter.name(op.group)
    if kind.endswith("binary_partition"):
        call = f"{_CG}binary_partition({parent}, {emitter.name(op.predicate)})"
    else:
        call = f"{_CG}tiled_partition({parent}, {emitter.name(op.size)})"
    emitter.declare(op, op.value, call)


ROWS: dict[str, tuple[str, str]] = {
    "ascendc.simt.vf_call": ("simt", "_print_vf_call"),
    "ascendc.simt.vf_call_dims": ("simt", "_print_vf_call"),
    **{name: ("simt", "_print_builtin") for name in _BUILTINS},
    "ascendc.simt.store": ("simt", "_print_store"),
    "ascendc.simt.printf": ("simt", "_print_printf"),
    "ascendc.simt.pointer_cast": ("simt", "_print_pointer_cast"),
    "ascendc.simt.component": ("simt", "_print_component"),
    "ascendc.simt.cvt_float2_to_fp8x2": ("simt", "_print_cvt_fp8x2"),
    **{
        f"ascendc.simt.{k}": ("simt", "_print_group")
        for k in (
            "cg_block_partition",
            "cg_group_partition",
            "cg_binary_partition",
            "cg_tile_binary_partition",
        )
    },
}
"""This module's rows of `emitters.EMITTERS`."""
