"""Ascend C of the irregular ops of `dialects/ascendc/data_copy.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any

from xdsl.ir import Operation

from asc_xdsl.backends.ascendc.emitters.common import c_array
from asc_xdsl.backends.ascendc.errors import EmissionError


def _print_slice_copy(emitter: Any, op: Operation) -> None:
    dst_info = c_array(
        emitter, op, "AscendC::SliceInfo", op.dst_slice_info, f"{emitter.name(op.dst)}_slice_info"
    )
    src_info = c_array(
        emitter, op, "AscendC::SliceInfo", op.src_slice_info, f"{emitter.name(op.src)}_slice_info"
    )
    args = [emitter.name(op.dst), emitter.name(op.src), dst_info, src_info]
    if op.dim_value is not None:
        args.append(emitter.name(op.dim_value))
    emitter.line(f"AscendC::DataCopy({', '.join(args)});")


def _print_copy(emitter: Any, op: Operation) -> None:
    # isSetMask is an operand (as in pyasc), a constant: its `constexpr` is the template
    # argument.
    if op.SPEC.mnemonic == "copy_l0":
        mask = c_array(emitter, op, "uint64_t", op.mask, f"{emitter.name(op.dst)}_mask_list")
    else:
        mask = emitter.name(op.mask)
    element = emitter.ctype(op, op.dst.type.element_type)
    args = ", ".join(
        [emitter.name(op.dst), emitter.name(op.src), mask]
        + [emitter.name(v) for v in (op.repeat_time, op.repeat_params)]
    )
    emitter.line(f"AscendC::Copy<{element}, {emitter.name(op.is_set_mask)}>({args});")


def _no_cpp_form(emitter: Any, op: Operation) -> None:
    raise EmissionError(
        op,
        "AscendC::SliceInfo has no operator[] (pyasc has no Ascend C form for it either); "
        "pass the SliceInfo values to data_copy as lists",
    )
