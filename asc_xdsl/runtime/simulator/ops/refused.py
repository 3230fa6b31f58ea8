"""Ops the CPU simulator refuses when the kernel is compiled, each with the reason: a
table, op name -> why the op has no meaning on one simulated AI Core (or is not an
Atlas A2/A3 instruction, or is a codegen-only construct). The refusal is a located
`UnsupportedOpError` naming the op and its line, never a silent no-op."""

from __future__ import annotations

from asc_xdsl.dialects import emitasc
from asc_xdsl.dialects.ascendc import all_ops
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.errors import UnsupportedOpError

_KFC = (
    "the KFC server is the AIC's message loop serving the AIVs' Matmul calls; the simulator "
    "runs the Matmul object directly on both sides (see 'Cores and mix kernels')"
)
_NOT_A2 = "not an Atlas A2/A3 instruction (the documentation lists it for other SoCs only)"
_CODEGEN = "a C++ emission construct (opaque text or C++ lvalues) with no IR semantics to execute"
_BUF_HANDLE = (
    "a custom buffer handle is a TBufType descriptor (address, length, events) the kernel "
    "lays out itself; the simulator's queues get their buffers from TPipe::InitBuffer only"
)

REFUSED: dict[str, str] = {  # op name -> reason
    "ascendc.kfc_server.init": _KFC,
    "ascendc.kfc_server.init_obj": _KFC,
    "ascendc.kfc_server.is_run": _KFC,
    "ascendc.kfc_server.run": _KFC,
    "ascendc.kfc_server.quit": _KFC,
    "ascendc.proposal_concat": _NOT_A2,
    "ascendc.proposal_extract": _NOT_A2,
    "ascendc.rp_sort16": _NOT_A2,
    "ascendc.que_bind.init_buf_handle": _BUF_HANDLE,
    "ascendc.que_bind.init_start_buf_handle": _BUF_HANDLE,
    "ascendc.que_bind.destroy": "TQueBind has no Destroy() in the Ascend C headers",
    "ascendc.check_local_memory_ia": (
        "CheckLocalMemoryIA programs the hardware's illegal-access trap registers; the "
        "simulator bounds-checks every access already"
    ),
    "ascendc.local_tensor_auto": (
        "the tensor has no buffer yet: run the 'materialize-tensor' pass first "
        "(compile through the frontend, which runs it)"
    ),
    "ascendc.get_program_counter": (
        "the simulator runs no machine code, so there is no program counter to read"
    ),
    "ascendc.get_matmul_api_tiling": (
        "GetMatmulApiTiling is a compile-time (constexpr) tiling search of the Ascend C "
        "library; give the Matmul object a tiling (REGIST_MATMUL_OBJ or Init) instead"
    ),
    "ascendc.slice_info.subindex": (
        "SliceInfo has no operator[]; pass the SliceInfo values to data_copy as lists"
    ),
    "emitasc.call_opaque": _CODEGEN,
    "emitasc.verbatim": _CODEGEN,
    "emitasc.declare_py_struct": _CODEGEN,
    "emitasc.dereference": _CODEGEN,
    "emitasc.member_ptr": _CODEGEN,
    "emitasc.member_ref": _CODEGEN,
    "emitasc.reinterpret_cast": _CODEGEN,
    "emitasc.variable": _CODEGEN,
}


def _refuse(op, comp):
    raise UnsupportedOpError(f"the CPU simulator refuses this op: {REFUSED[op.name]}", op=op)


def _classes() -> list[type]:
    emitasc_ops = [emitasc.FAMILY.get(c) for c in emitasc.EMITASC_OPS]
    by_name = {c.name: c for c in [*all_ops(), *emitasc_ops]}
    unknown = sorted(set(REFUSED) - set(by_name))
    if unknown:  # a renamed op: fail at import, not with a silent gap in the table
        raise AssertionError(f"simulator refusal table names unknown ops: {unknown}")
    return [by_name[n] for n in REFUSED]


handles(*_classes())(_refuse)
