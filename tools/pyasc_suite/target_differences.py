"""pyasc's Target cases whose CHECK lines asc_xdsl does not meet on purpose, and why.

Each entry names a case (file, case name), the reason (a key of `REASONS`) and a piece
of text our failure must contain, so the entry holds only while the case fails for that
reason: a case that starts to pass, or fails differently, is reported as such. The
harness counts these cases as "differs" (on purpose), apart from passes and failures.
"""

from __future__ import annotations

REASONS: dict[str, str] = {
    "rejected": "our verifier or printer refuses the IR: its C++ would not compile against "
    "the Ascend C headers (a static_assert, no such overload, a runtime value as a template "
    "argument, a class template without its argument), or it asks for what the API does not "
    "have (HardEvent::MAX, PipeBarrier<PIPE_S>, a GM position for an on-chip buffer)",
    "semantics": "our C++ computes what the op means; pyasc's does not for some inputs "
    "(negative or unsigned operands, NaN, signed zeros, overflow that wraps, the high half "
    "of a product, a fused multiply-add): tests/unit/backends/test_scalar_differential.py "
    "runs our C++ on these inputs",
    "conversions": "our C++ converts values where C++ needs it: bisheng (clang) rejects "
    "narrowing in braced initialisers, an int is no enum, a pointer is no integer; or the "
    "conversion follows the IR's types where pyasc's C++ ignores them",
    "index": "`index` is int64_t, signed as MLIR's index is; pyasc prints uint32_t",
    "is_set_mask": "the IR leaves isSetMask unset (false): our call passes it; pyasc drops "
    "it, so the C++ default (true) overwrites the mask the kernel set",
    "template_args": "the call needs its template arguments: C++ cannot deduce them from "
    "these operands",
    "spelling": "the same C++ spelled differently: constants, objects by reference, each "
    "MatmulConfig declared once at namespace scope, a struct built from its fields",
}

DIFFERENCES: dict[tuple[str, str], tuple[str, str]] = {
    # adv.mlir: template arguments given as function arguments
    ("adv.mlir", "emit_unary_math_ops"): ("rejected", "is_reuse_source must be a constant"),
    ("adv.mlir", "emit_unary_math_ops_test_params"): (
        "rejected",
        "is_reuse_source must be a constant",
    ),
    ("adv.mlir", "emit_binary_math_ops"): ("rejected", "is_reuse_source must be a constant"),
    ("adv.mlir", "emit_binary_math_ops_test_params"): (
        "rejected",
        "is_reuse_source must be a constant",
    ),
    ("adv.mlir", "emit_clamp"): ("rejected", "is_reuse_source must be a constant"),
    ("adv.mlir", "emit_axpy"): ("rejected", "is_reuse_source must be a constant"),
    ("adv.mlir", "emit_exp"): ("rejected", "taylor_expand_level must be a constant"),
    ("adv.mlir", "emit_cumsum"): ("rejected", "takes the shape as a CumSumInfo"),
    ("adv.mlir", "emit_cube_tiling_operator_equal"): ("index", "index type only"),
    # arith.mlir
    # i32 addi wraps (C++'s int32_t + overflows: undefined); ceildivsi of negatives
    ("arith.mlir", "emit_binary_ops"): (
        "semantics",
        "static_cast<int32_t>(static_cast<uint32_t>(v1) + static_cast<uint32_t>(v2))",
    ),
    ("arith.mlir", "emit_cmpi_op"): ("semantics", "static_cast<uint32_t>(arg0) >="),
    ("arith.mlir", "emit_cmpf_op"): ("semantics", "!((arg0 < arg1) || (arg0 > arg1))"),
    ("arith.mlir", "emit_casts"): ("semantics", "static_cast<uint16_t>(arg0)"),  # extui
    ("arith.mlir", "emit_maxf"): ("semantics", "(arg1 != arg1)"),
    ("arith.mlir", "emit_minf"): ("semantics", "(arg1 != arg1)"),
    ("arith.mlir", "emit_constants"): ("index", "index type only"),
    ("arith.mlir", "emit_mului_extended"): ("semantics", "uint64_t product"),
    # basic/
    ("basic/basic.mlir", "emit_set_fmatrix"): ("conversions", "static_cast<AscendC::FmatrixMode>"),
    ("basic/basic.mlir", "emit_set_load_data_repeat"): ("conversions", "static_cast<uint16_t>"),
    ("basic/common.mlir", "emit_workspace"): ("conversions", "reinterpret_cast<__gm__ int8_t*>"),
    ("basic/common.mlir", "emit_data_cache_preload"): ("rejected", "a kernel takes GM pointers"),
    ("basic/common.mlir", "emit_pipe_barrier"): ("rejected", "PipeBarrier<PIPE_S> is not allowed"),
    # IBSet/IBWait/SyncAll take GlobalTensor<int32_t>/LocalTensor<int32_t> flags
    ("basic/common.mlir", "emit_ib_set"): ("rejected", "of i32 (the flags)"),
    ("basic/common.mlir", "emit_ib_wait"): ("rejected", "of i32 (the flags)"),
    ("basic/common.mlir", "emit_sync_all_soft"): ("rejected", "of i32 (the flags)"),
    ("basic/common.mlir", "emit_set_hccl_context"): ("rejected", "index must be a constant"),
    ("basic/common.mlir", "emit_get_hccl_context"): ("rejected", "index must be a constant"),
    ("basic/data_copy.mlir", "emit_data_copy_pad"): ("conversions", "static_cast<uint16_t>"),
    ("basic/data_copy.mlir", "emit_data_copy_pad_ext"): ("conversions", "static_cast<uint16_t>"),
    ("basic/determine_compute_sync.mlir", "emit_notify_next_block"): (
        "rejected",
        "a kernel takes GM pointers",
    ),
    ("basic/determine_compute_sync.mlir", "emit_wait_pre_block"): (
        "rejected",
        "a kernel takes GM pointers",
    ),
    ("basic/fixpipe.mlir", "emit_fixpipe"): ("conversions", "static_cast<uint16_t>"),
    ("basic/list_tensor.mlir", "emit_list_tensor_desc"): ("rejected", "is a class template"),
    ("basic/mm.mlir", "emit_init_const_value"): ("spelling", "static_cast<half>(2.2f)"),
    ("basic/mm.mlir", "emit_load_data"): ("rejected", "is a class template"),
    ("basic/sys_var.mlir", "emit_get_block_info"): ("index", "index type only"),
    ("basic/vec_binary.mlir", "emit_bilinear_interpolation_l0"): (
        "rejected",
        "must be a !ascendc.local_tensor of ui32",
    ),
    ("basic/vec_cmpsel.mlir", "emit_compare"): ("is_set_mask", "<float, int8_t, 0>"),
    ("basic/vec_cmpsel.mlir", "emit_compare_scalar"): ("is_set_mask", "<float, int8_t, 0>"),
    ("basic/vec_cmpsel.mlir", "emit_select_slice_tensor_op"): (
        "is_set_mask",
        "AscendC::Select<float, AscendC::SELMODE::VSEL_CMPMASK_SPR>",
    ),
    ("basic/vec_gather.mlir", "emit_gatherb"): (
        "rejected",
        "must be a !ascendc.local_tensor of ui32",
    ),
    ("basic/vec_gather.mlir", "emit_gather"): (
        "rejected",
        "must be a !ascendc.local_tensor of ui32",
    ),
    ("basic/vec_proposal.mlir", "emit_mrg_sort"): ("index", "index type only"),
    ("basic/vec_proposal.mlir", "emit_mrg_sort4"): ("index", "index type only"),
    ("basic/vec_reduce.mlir", "emit_pair_reduce_sum"): ("is_set_mask", "<half, 0>"),
    ("basic/vec_reduce.mlir", "emit_repeat_reduce_sum"): ("is_set_mask", "<half, 0>"),
    ("basic/vec_reduce.mlir", "emit_whole_reduce_max"): ("is_set_mask", "<half, 0>"),
    ("basic/vec_reduce.mlir", "emit_whole_reduce_min"): ("is_set_mask", "<half, 0>"),
    ("basic/vec_reduce.mlir", "emit_whole_reduce_sum"): ("is_set_mask", "<half, 0>"),
    ("basic/vec_scatter.mlir", "emit_scatter"): (
        "rejected",
        "must be a !ascendc.local_tensor of ui32",
    ),
    ("basic/vec_ternary_scalar.mlir", "emit_vector_ternary_scalar_l2_ops"): (
        "template_args",
        "AscendC::Axpy<float, float>",
    ),
    ("basic/vec_transpose.mlir", "emit_trans_data_to_5hd"): (
        "conversions",
        "reinterpret_cast<uint64_t>",
    ),
    # core.mlir
    ("core.mlir", "emit_local_tensor"): ("rejected", "returns element i, not a tensor"),
    ("core.mlir", "emit_global_tensor"): ("rejected", "get_phy_addr': result has element type"),
    ("core.mlir", "emit_shape_info"): ("conversions", "static_cast<uint8_t>(arg0)"),
    # LoadData3DParamsV2's padList is a uint8_t[4] (an i8 here) and the struct a class
    # template; UnaryRepeatParams has no 3-field constructor.
    ("core.mlir", "emit_construct"): ("rejected", "must be an array (a memref), got i8"),
    # emitasc.mlir, fwk.mlir, local_mem_allocator.mlir
    ("emitasc.mlir", "ptr_offset_test"): ("index", "index type only"),
    ("fwk.mlir", "emit_tbuf_pool_init_buffer"): ("rejected", "is not an on-chip buffer"),
    ("fwk.mlir", "emit_buffer"): ("rejected", "is not an on-chip buffer"),
    ("fwk.mlir", "emit_queue"): ("rejected", "is not an on-chip buffer"),
    ("fwk.mlir", "emit_local_tensor_slice"): ("index", "index type only"),
    ("fwk.mlir", "emit_init_buffer"): ("rejected", "is not an on-chip buffer"),
    ("fwk.mlir", "emit_get_tensor"): ("rejected", "is not an on-chip buffer"),
    ("fwk.mlir", "emit_get_with_offset"): ("rejected", "is not an on-chip buffer"),
    ("fwk.mlir", "emit_init_queue"): ("rejected", "is not an on-chip buffer"),
    ("fwk.mlir", "emit_base_queue_operations"): ("rejected", "has no TQueBind base class"),
    ("fwk.mlir", "emit_que_bind_in_place"): ("rejected", "of depth at least 1"),
    **{
        ("local_mem_allocator.mlir", case): ("rejected", "cannot be at Hardware::GM")
        for case in (
            "emit_local_mem_allocator_get_cur_addr",
            "emit_local_mem_allocator_alloc_const",
            "emit_local_mem_allocator_alloc_dynamic",
            "emit_local_mem_allocator_hardware_types",
        )
    },
    # math.mlir
    # absf(+0) is +0 (pyasc's `-v1` makes it -0); then C math calls for AscendC::Cos...
    ("math.mlir", "emit_unary_ops"): ("semantics", "(static_cast<half>(0) - arg0) : arg0"),
    ("math.mlir", "emit_ternary_ops"): ("semantics", "fmaf(arg0, arg1, arg2)"),  # one rounding
    ("math.mlir", "emit_binary_ops"): ("semantics", "copysignf(arg0, arg1)"),
    # matmul.mlir
    ("matmul.mlir", "emit_kfc_server"): ("spelling", "AscendC::TPipe& arg2"),
    ("matmul.mlir", "emit_matmul"): ("rejected", "IterateNBatch needs batch layouts"),
    ("matmul.mlir", "emit_set_user_def_info"): ("spelling", "constexpr static MatmulConfig CFG"),
    ("matmul.mlir", "emit_set_self_define_data"): ("spelling", "constexpr static MatmulConfig CFG"),
    ("matmul.mlir", "emit_set_sparse_index"): ("spelling", "constexpr static MatmulConfig CFG"),
    ("matmul.mlir", "emit_matmul_quant"): ("spelling", "CFG>& arg0"),
    # memref.mlir, scf.mlir
    ("memref.mlir", "emit_load"): ("rejected", "is a pointer in C++: 2 indices"),
    ("memref.mlir", "emit_store"): ("index", "index type only"),
    ("scf.mlir", "while_with_unmatching_edges"): ("spelling", "constexpr float cst_f32"),
    ("scf.mlir", "index_switch_no_results"): ("index", "index type only"),
    ("scf.mlir", "index_switch_one_result"): ("index", "index type only"),
    ("scf.mlir", "index_switch_multiple_results"): (  # i64 addi wraps (and index type)
        "semantics",
        "static_cast<uint64_t>(arg1) + static_cast<uint64_t>(c67_i64)",
    ),
}
