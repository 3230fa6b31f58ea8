"""Hand-written Ascend C emission of the irregular ops, one module per dialect family.

The regular majority prints from its spec's data (`AscendCEmitter.emit_call`: API name,
call form, template and call items). An op whose spec says `emit=EmitKind.CUSTOM` prints
here instead: `EMITTERS` maps its name to (module of this package, function), and the
printer (`printer.py`) imports the module the first time it prints such an op. An
emitter takes the printer (`AscendCEmitter`) and the op, and writes C++ through the
printer's methods (`line`, `declare`, `name`, `ctype`, ...).

To add one: write the function in the family's module here (the dialect module stays
free of C++ text) and add its row to `EMITTERS`; `tests/unit/test_layers.py` checks
that no dialect module imports the backend, `tests/unit/test_spec_ops.py` that every
custom op has an emitter.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from xdsl.ir import Operation

from asc_xdsl.backends.ascendc.errors import EmissionError

Emitter = Callable[[Any, Operation], None]

_ROWS: dict[str, tuple[str, str]] = {
    "ascendc.ascend_is_aic": ("sysvar", "_print_core_check"),
    "ascendc.ascend_is_aiv": ("sysvar", "_print_core_check"),
    "ascendc.copy_l0": ("data_copy", "_print_copy"),
    "ascendc.copy_l1": ("data_copy", "_print_copy"),
    "ascendc.cumsum": ("adv_math", "_print_cumsum"),
    "ascendc.data_copy_slice": ("data_copy", "_print_slice_copy"),
    "ascendc.fixpipe": ("cube", "_print_fixpipe"),
    "ascendc.fixpipe_with_workspace": ("cube", "_print_fixpipe"),
    "ascendc.gather_mask": ("vec_misc", "_print_gather_mask"),
    "ascendc.get_block_idx": ("sysvar", "_print_cast"),
    "ascendc.get_block_num": ("sysvar", "_print_cast"),
    "ascendc.get_hccl_context": ("misc", "_print_get_hccl_context"),
    "ascendc.get_mrg_sort_result": ("vec_proposal", "_print_get_mrg_sort_result"),
    "ascendc.get_store_atomic_config": ("atomic", "_print_get_store_atomic_config"),
    "ascendc.get_sys_workspace_ptr": ("cube", "_print_get_workspace"),
    "ascendc.global_tensor.set_shape_info_v2": ("tensor", "_print_set_shape_dims"),
    "ascendc.kfc_server.init_obj": ("adv_misc", "_print_init_obj"),
    "ascendc.local_mem_allocator.alloc": ("mem_allocator", "_print_alloc"),
    "ascendc.local_mem_allocator.alloc_dynamic": ("mem_allocator", "_print_alloc"),
    "ascendc.local_tensor.get_phy_addr": ("tensor", "_print_local_phy_addr"),
    "ascendc.local_tensor.print": ("tensor", "_print_print"),
    "ascendc.local_tensor.to_file": ("tensor", "_print_to_file"),
    "ascendc.mrg_sort": ("vec_proposal", "_print_mrg_sort"),
    "ascendc.noop": ("misc", "_print_noop"),
    "ascendc.pipe.get_base_addr": ("framework", "_print_get_base_addr"),
    "ascendc.que_bind.destroy": ("framework", "_no_destroy"),
    "ascendc.que_bind.init_buf_handle": ("framework", "_print_init_buf_handle"),
    "ascendc.reg.cast": ("reg", "_print_cast"),
    "ascendc.reg.create_mask": ("reg", "_print_create_mask"),
    "ascendc.reg.div_mode": ("reg_relayout", "_print_div_mode"),
    "ascendc.reg.exp_mode": ("reg_relayout", "_print_exp_mode"),
    "ascendc.reg.sqrt_mode": ("reg_relayout", "_print_unary_mode"),
    "ascendc.reg.ln_mode": ("reg_relayout", "_print_unary_mode"),
    "ascendc.reg.log_mode": ("reg_relayout", "_print_unary_mode"),
    "ascendc.reg.log2_mode": ("reg_relayout", "_print_unary_mode"),
    "ascendc.reg.log10_mode": ("reg_relayout", "_print_unary_mode"),
    "ascendc.reg.histograms": ("reg_relayout", "_print_histograms"),
    "ascendc.reg.unalign_reg_for_store": ("reg_relayout", "_print_unalign_reg"),
    "ascendc.reg.dump_reg": ("reg_debug", "_print_dump_reg"),
    "ascendc.reg.dump_ubuf": ("reg_debug", "_print_dump_ubuf"),
    "ascendc.reg.load_unalign": ("reg", "_print_load_unalign"),
    "ascendc.reg.local_mem_bar": ("reg", "_print_bar"),
    "ascendc.reg.printf": ("reg_debug", "_print_printf"),
    "ascendc.reg.store_unalign": ("reg", "_print_store_unalign"),
    "ascendc.reg.ub_ptr": ("reg", "_print_ub_ptr"),
    "ascendc.reg.update_mask": ("reg", "_print_update_mask"),
    "ascendc.reg.vf_call": ("reg", "_print_vf_call"),
    "ascendc.regist_matmul_obj": ("adv_matmul", "_print_regist"),
    "ascendc.float_constant": ("scalar", "_print_float_constant"),
    "ascendc.subs_scalar_tensor_l2": ("vec_scalar_tensor", "_print_scalar_tensor"),
    "ascendc.subs_scalar_tensor_l0": ("vec_scalar_tensor", "_print_scalar_tensor"),
    "ascendc.subs_scalar_tensor_l1": ("vec_scalar_tensor", "_print_scalar_tensor"),
    "ascendc.divs_scalar_tensor_l2": ("vec_scalar_tensor", "_print_scalar_tensor"),
    "ascendc.divs_scalar_tensor_l0": ("vec_scalar_tensor", "_print_scalar_tensor"),
    "ascendc.divs_scalar_tensor_l1": ("vec_scalar_tensor", "_print_scalar_tensor"),
    "ascendc.scalar_get_count_of_value": ("scalar", "_print_count_value"),
    "ascendc.scalar_get_sff_value": ("scalar", "_print_count_value"),
    "ascendc.set_ffts_base_addr": ("sync", "_print_set_ffts_base_addr"),
    "ascendc.set_hccl_context": ("misc", "_print_set_hccl_context"),
    "ascendc.shape_info.original_shape": ("tensor", "_print_shape_field"),
    "ascendc.shape_info.shape": ("tensor", "_print_shape_field"),
    "ascendc.slice_info.subindex": ("data_copy", "_no_cpp_form"),
    "ascendc.tensor_desc": ("list_tensor", "_print_tensor_desc"),
    "ascendc.tensor_desc_set_shape_addr": ("list_tensor", "_print_set_shape_addr"),
    "ascendc.to_que_bind": ("framework", "_print_to_que_bind"),
    "ascendc.trans_data_to_5hd_tensor_list": ("vec_misc", "_print_5hd_lists"),
    "ascendc.trans_data_to_5hd_uint_list": ("vec_misc", "_print_5hd_lists"),
    "emitasc.call_opaque": ("emitasc", "_print_call_opaque"),
    "emitasc.cast": ("emitasc", "_print_cast"),
    "emitasc.constant": ("emitasc", "_print_constant"),
    "emitasc.copy_struct": ("emitasc", "_print_copy_struct"),
    "emitasc.declare_py_struct": ("emitasc", "_print_declare_py_struct"),
    "emitasc.dereference": ("emitasc", "_print_dereference"),
    "emitasc.member": ("emitasc", "_print_member"),
    "emitasc.member_ptr": ("emitasc", "_print_member_ptr"),
    "emitasc.member_ref": ("emitasc", "_print_member_ref"),
    "emitasc.ptr_offset": ("emitasc", "_print_ptr_offset"),
    "emitasc.reinterpret_cast": ("emitasc", "_print_cast"),
    "emitasc.set_member": ("emitasc", "_print_set_member"),
    "emitasc.variable": ("emitasc", "_print_variable"),
    "emitasc.verbatim": ("emitasc", "_print_verbatim"),
}
"""Op name -> (module of `asc_xdsl.backends.ascendc.emitters`, function): the rows
written here; `EMITTERS` adds those the Reg and SIMT modules keep with their emitters."""

PREFIX_EMITTERS: dict[str, tuple[str, str]] = {
    # `__VEC_SCOPE__ { ... }` (a hand-written op, so no row of `EMITTERS`); first: the
    # first prefix that matches wins
    "ascendc.reg.vec_scope": ("reg_address", "_print_vec_scope"),
    # The Reg layer's regular ops: `Api<targs>(registers written..., operands...)`.
    "ascendc.reg.": ("reg", "_print_call"),
}
"""Op-name prefix -> the emitter of the ops it names that have no row in `EMITTERS`."""

_KEPT_ROWS = ("reg_address", "EMITTERS"), ("reg_arith", "EMITTERS"), ("simt", "ROWS")
"""The modules that keep rows of their own (the Reg address forms', the in-place
multiply-adds and MoveMask, the SIMT ops'), merged into `_ROWS` when an op of theirs
(`_KEPT_PREFIXES`) is first printed or `EMITTERS` is first read: a kernel without
them does not load them (docs/performance.md, "Cold start")."""
_KEPT_PREFIXES = ("ascendc.reg.", "ascendc.simt.")


@functools.cache
def _all_rows() -> dict[str, tuple[str, str]]:
    """`_ROWS` with the kept rows merged (once)."""
    for module, table in _KEPT_ROWS:
        _ROWS.update(getattr(importlib.import_module(f"{__name__}.{module}"), table))
    return _ROWS


if TYPE_CHECKING:
    EMITTERS: dict[str, tuple[str, str]]
    """Op name -> (module of `asc_xdsl.backends.ascendc.emitters`, function)."""
else:

    def __getattr__(name: str) -> Any:
        if name == "EMITTERS":
            return _all_rows()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_LOADED: dict[str, Emitter] = {}


def emitter_of(op_name: str, spec: Any = None) -> Emitter | None:
    """The hand-written emitter of ops named `op_name` (`spec`: their OpSpec, if any), or
    None when they print from their spec's data."""
    found = _LOADED.get(op_name)
    if found is not None:
        return found
    rows = _all_rows() if op_name.startswith(_KEPT_PREFIXES) else _ROWS
    row = rows.get(op_name)
    if row is None:
        row = next((r for p, r in PREFIX_EMITTERS.items() if op_name.startswith(p)), None)
    if row is not None:
        module, function = row
        found = getattr(importlib.import_module(f"{__name__}.{module}"), function)
    elif spec is not None and getattr(spec, "lowered_by", None) is not None:
        found = refuse_virtual_op
    else:
        return None
    _LOADED[op_name] = found
    return found


def refuse_virtual_op(emitter: Any, op: Operation) -> None:
    """A virtual op (its spec's `lowered_by`) has no C++ form: say which pass replaces it."""
    pass_name = type(op).SPEC.lowered_by  # type: ignore[attr-defined]
    raise EmissionError(
        op, f"it has no Ascend C form: run the '{pass_name}' pass first, which replaces it"
    )


__all__ = ["EMITTERS", "Emitter", "emitter_of", "refuse_virtual_op"]
