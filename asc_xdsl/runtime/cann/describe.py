"""A compiled kernel's launch description, from its IR: the manifest's parameters,
hidden arguments and dump setting (manifest.py), and the Ascend C it is built from.

This is the xDSL side of a build; launching reads only the manifest it writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects.builtin import MemRefType

from asc_xdsl.runtime.cann import dump
from asc_xdsl.runtime.cann.args import POINTER_SIZE, slot_layout
from asc_xdsl.runtime.cann.errors import CannError
from asc_xdsl.runtime.kernel import CompiledKernel, LaunchError, is_gm_pointer
from asc_xdsl.runtime.numpy_types import np_dtype
from asc_xdsl.runtime.scalars import scalar_spec
from asc_xdsl.transforms.kernel_args import EXPLICIT, kind_problem, param_kinds


def _struct_record(t: MemRefType) -> dict[str, Any] | None:
    from asc_xdsl.runtime.simulator.ops.framework import struct_layout

    layout = struct_layout(t.element_type)
    if layout is None:
        return None
    cpp = getattr(t.element_type, "CPP_CLASS", str(t.element_type))
    return {"cpp": cpp, "size": layout.itemsize}


def _gm_dtype(t: MemRefType) -> str | None:
    try:
        return "bfloat16" if str(t.element_type) == "bf16" else np_dtype(t.element_type).name
    except TypeError:
        return None


def uses_dump(kernel: CompiledKernel) -> bool:
    """Whether the kernel writes the dump buffer (printf, DumpTensor, ...)."""
    return any(op.name in dump.DUMP_OPS for op in kernel.module.walk())


def params(kernel: CompiledKernel) -> list[dict[str, Any]]:
    """The explicit parameters' records (without their slot offsets); hidden ones
    (`#emitasc.kernel_arg<ffts_addr>`, ...) are `hidden`'s."""
    from asc_xdsl.transforms.gm_writes import written_params

    fn = kernel.function
    types = list(fn.function_type.inputs.data)
    try:
        written = written_params(fn)
    except Exception:  # an unexpected IR shape: copy every GM argument back
        written = [is_gm_pointer(t) for t in types]
    out: list[dict[str, Any]] = []
    args = fn.body.blocks[0].args
    for i, (t, arg, kind) in enumerate(zip(types, args, param_kinds(fn), strict=True)):
        if kind != EXPLICIT:
            continue
        name = arg.name_hint or f"arg{i}"
        if is_gm_pointer(t):
            record: dict[str, Any] = {"name": name, "kind": "gm", "type": str(t)}
            record["dtype"] = _gm_dtype(t)
            record["written"] = bool(written[i])
            struct = _struct_record(t)
            if struct is not None:
                record["struct"] = struct
            record["size"] = POINTER_SIZE
        else:
            spec = scalar_spec(t)
            record = {"name": name, "kind": "scalar", **spec.to_json(), "size": spec.size}
        out.append(record)
    return out


def hidden(kernel: CompiledKernel, with_dump: bool) -> list[dict[str, Any]]:
    """The hidden trailing parameters: the IR's (marked `#emitasc.kernel_arg<kind>` by
    ascendc-legalize-kernel-args), then the dump buffer the build adds."""
    fn = kernel.function
    problem = kind_problem(fn, kernel.kernel_type)  # the type it is built and launched as
    if problem is not None:
        raise CannError(f"kernel '{kernel.name}': {problem}")
    kinds = param_kinds(fn)
    hidden_at = [i for i, kind in enumerate(kinds) if kind != EXPLICIT]
    if hidden_at and hidden_at[0] != len(kinds) - len(hidden_at):
        raise CannError(
            f"kernel '{kernel.name}': its hidden parameters must come after the explicit "
            f"ones (the launch packs them last)"
        )
    args = fn.body.blocks[0].args
    out = [
        {"name": args[i].name_hint or kinds[i], "kind": kinds[i], "size": POINTER_SIZE}
        for i in hidden_at
    ]
    for record, i in zip(out, hidden_at, strict=True):
        if record["kind"] == "workspace":  # (its static size: the bytes of one block)
            t = args[i].type
            width = getattr(t.element_type, "bitwidth", None) or t.element_type.width.data
            record["bytes"] = t.element_count() * width // 8
    if with_dump:
        out.append({"name": dump.DUMP_PARAM, "kind": "dump", "size": POINTER_SIZE})
    return out


def layout(explicit: list[dict[str, Any]], hidden_: list[dict[str, Any]]) -> int:
    """Set each record's `offset` in the argument buffer; returns the buffer's size."""
    records = [*explicit, *hidden_]
    places = slot_layout([r["size"] for r in records])
    for r, (offset, size) in zip(records, places, strict=True):
        r["offset"], r["size"] = offset, size
    if not places:
        return 0
    end = places[-1][0] + places[-1][1]
    return end + (-end % 8)


def source(kernel: CompiledKernel, with_dump: bool) -> str:
    """The Ascend C the binary is built from (the printer's, plus the dump buffer)."""
    text = kernel.ascendc
    if not text:
        raise LaunchError(
            f"kernel '{kernel.name}' has no Ascend C source (asm['ascendc']); compile it "
            f"with the Ascend C printer first"
        )
    return dump.instrument(text, kernel.name) if with_dump else text


@dataclass(frozen=True)
class Description:
    """What a build and a launch need to know about a compiled kernel."""

    params: list[dict[str, Any]]
    hidden: list[dict[str, Any]]
    args_size: int
    with_dump: bool
    source: str
    """The Ascend C to build (the printer's, instrumented when the kernel prints)."""


def wants_dump(kernel: CompiledKernel) -> bool:
    return dump.enabled() and uses_dump(kernel)


def describe(kernel: CompiledKernel) -> Description:
    """The kernel's description, computed once per kernel and dump setting (launches
    of a cached kernel reuse it: the IR walks are not repeated)."""
    with_dump = wants_dump(kernel)
    cached = kernel.metadata.setdefault("cann_description", {})
    found = cached.get(with_dump)
    if found is None:
        explicit = params(kernel)
        hidden_ = hidden(kernel, with_dump)
        size = layout(explicit, hidden_)
        found = Description(explicit, hidden_, size, with_dump, source(kernel, with_dump))
        cached[with_dump] = found
    return found
