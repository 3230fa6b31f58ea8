"""The kernel language: pyasc's Python API (`asc.*`), under pyasc's module paths.

- `core`: data types, enums, tensors, parameter structs, loops;
- `basic`: the basic APIs (most made from the op specs), sync, system values, debug;
- `fwk`: TPipe, TQue, TBuf;
- `adv`: the advanced APIs (`asc.adv.*`);
- `reg`: the Reg layer of Ascend 950 (`asc.reg.*`, `@asc.vf`);
- `simt`: SIMT vector functions of Ascend 950 (`@asc.simt.vf`, `asc.simt.*`).

`adv`, `reg`, `simt`, `vf`, `vec_scope`, the AIPP records (`AippParams`, ...), the enums, the
spec functions (by op family: `asc.add` loads the vector family's defs), the parameter
structs and the other rarely named modules of `core` and `basic` (`core._LAZY`,
`basic._MODULES`) load when first named (a module `__getattr__`): a kernel that uses none
does not pay for them at start-up.

Each function or method builds IR into the kernel being compiled through the builder
interface of `builder/` (`KernelBuilder`, which the frontend's code generator
implements; the language imports nothing of the frontend); called from plain Python it
raises `JitOnlyError`, as pyasc's `require_jit` does. Names and signatures follow pyasc
(`tests/unit/frontend/pyasc_api/`, checked by `test_pyasc_signatures.py`).
"""

from typing import TYPE_CHECKING

from asc_xdsl.language import basic, core, fwk
from asc_xdsl.language.basic import __all__ as _basic_all
from asc_xdsl.language.core import __all__ as _core_all
from asc_xdsl.language.fwk import *  # noqa: F403
from asc_xdsl.language.fwk import __all__ as _fwk_all

__all__ = [
    "adv",
    "basic",
    "core",
    "fwk",
    "reg",
    "simt",
    "vec_scope",
    "vf",
    *_basic_all,
    *_core_all,
    *_fwk_all,
]
# BEGIN GENERATED __all__ by tools/gen_api.py: the names above, listed for type checkers
if TYPE_CHECKING:
    # fmt: off
    __all__ = ["adv", "basic", "core", "fwk", "reg", "simt", "vec_scope", "vf", "abs", "add", "add_deq_relu", "add_relu", "add_relu_cast", "adds", "alloc_mutex_id", "ands", "ascend_is_aic", "ascend_is_aiv", "axpy", "bilinear_interpolation", "bitwise_and", "bitwise_not", "bitwise_or", "block_reduce_max", "block_reduce_min", "block_reduce_sum", "brcb", "cast", "cast_deq", "check_local_memory_ia", "clock", "compare", "compare_scalar", "copy", "count_bits_cnt_same_as_sign_bit", "cross_core_set_flag", "cross_core_wait_flag", "data_cache_clean_and_invalid", "data_cache_preload", "data_copy", "data_copy_l1_to_ub", "data_copy_pad", "data_sync_barrier", "div", "divs", "duplicate", "exp", "fused_abs_sub", "fused_exp_sub", "fused_mul_add", "fused_mul_add_relu", "gather", "gather_mask", "gatherb", "get_arch_version", "get_cmp_mask", "get_data_block_size_in_bytes", "get_gather_mask_remain_count", "get_hccl_context", "get_icache_preload_status", "get_mrg_sort_result", "get_program_counter", "get_shape_size", "get_sort_len", "get_sort_offset", "get_store_atomic_config", "get_sub_block_idx", "get_sub_block_num", "get_sys_workspace", "get_system_cycle", "get_task_ratio", "ib_set", "ib_wait", "icache_preload", "init_const_value", "init_soc_state", "leaky_relu", "ln", "load_data", "load_data_with_sparse", "load_data_with_transpose", "load_image_to_local", "max", "maxs", "min", "mins", "mmad", "mmad_mx", "mmad_with_sparse", "mrg_sort", "mrg_sort4", "mul", "mul_add_dst", "mul_cast", "muls", "mutex_lock", "mutex_unlock", "neg", "notify_next_block", "ors", "pair_reduce_sum", "prelu", "proposal_concat", "proposal_extract", "reciprocal", "reduce_max", "reduce_min", "reduce_sum", "release_mutex_id", "relu", "repeat_reduce_sum", "reset_mask", "rp_sort16", "rsqrt", "scalar_cast", "scalar_count_leading_zero", "scalar_get_count_of_value", "scalar_get_sff_value", "scatter", "select", "set_atomic_add", "set_atomic_max", "set_atomic_min", "set_atomic_none", "set_atomic_type", "set_cmp_mask", "set_deq_scale", "set_fix_pipe_pre_quant_flag", "set_hccl_context", "set_hf32_mode", "set_hf32_trans_mode", "set_load_data_boundary", "set_load_data_padding_value", "set_load_data_repeat", "set_mask_count", "set_mask_norm", "set_mm_layout_transform", "set_pad_value", "set_store_atomic_config", "set_sys_workspace", "set_vector_mask", "shift_left", "shift_right", "sort", "sort32", "sqrt", "sub", "sub_relu", "sub_relu_cast", "subs", "sync_all", "trans_data_to_5hd", "transpose", "trap", "wait_pre_block", "whole_reduce_max", "whole_reduce_min", "whole_reduce_sum", "fixpipe", "ListTensorDesc", "MmadBitModeParams", "TensorDesc", "dump_acc_chk_point", "dump_tensor", "get_block_idx", "get_block_num", "metrics_prof_start", "metrics_prof_stop", "pipe_barrier", "print_time_stamp", "printf", "set_aipp_functions", "set_flag", "wait_flag", "Array", "array", "ceildiv", "inline", "number", "static_assert", "AippChannelPaddingParams", "AippColorSpaceConvParams", "AippDataTypeConvParams", "AippPaddingParams", "AippParams", "AippSingleLineParams", "AippSwapParams", "DataType", "bfloat16", "bool_", "complex32", "complex64", "double", "float4_e1m2", "float4_e2m1", "float8_e4m3fn", "float8_e5m2", "float8_e8m0", "float16", "float32", "float64", "float_", "half", "hifloat8", "int8", "int16", "int32", "int64", "int_", "uint8", "uint16", "uint32", "uint64", "void", "CMPMODE", "AippInputFormat", "AtomicDtype", "AtomicOp", "BatchMode", "BatchOutMode", "BlockMode", "CO2Layout", "CacheLine", "CacheMode", "CacheRwMode", "CubeFormat", "DataFormat", "DcciDst", "DeqScale", "GatherMaskMode", "HardEvent", "Hardware", "IterateMode", "IterateOrder", "LayoutMode", "MaskMode", "MatmulConfigMode", "MatmulPolicy", "MemDsbT", "PipeID", "QuantModes", "ReduceOrder", "RoundMode", "ScheduleType", "SelMode", "TPosition", "TransposeType", "pad_t", "BinaryRepeatParams", "UnaryRepeatParams", "BrcbRepeatParams", "GatherRepeatParams", "CopyRepeatParams", "GatherMaskParams", "DataCopyParams", "DataCopyExtParams", "DataCopyPadParams", "DataCopyPadExtParams", "InitConstValueParams", "MmadParams", "LoadData2DParams", "LoadData2DParamsV2", "LoadData2DMxParams", "LoadData2dTransposeParams", "LoadData2dTransposeParamsV2", "LoadData3DParamsV2Pro", "LoadData3DParamsV1", "LoadData3DParamsV2", "LoadDataRepeatParam", "LoadImageToLocalParams", "Nd2NzParams", "Dn2NzParams", "Nz2NdParamsFull", "SliceInfo", "TransDataTo5HDParams", "TransposeParamsExt", "FixpipeConfig", "MrgSort4Info", "VdeqInfo", "CheckLocalMemoryIAParam", "FixpipeParamsV220", "FixpipeParamsArch3510", "DataCopyCO12DstParams", "DataCopyEnhancedParams", "ShapeInfo", "DEFAULT_C0_SIZE", "ONE_BLK_SIZE", "TOTAL_L0C_SIZE", "TOTAL_L1_SIZE", "Property", "property", "GlobalAddress", "GlobalTensor", "LocalMemAllocator", "LocalTensor", "LocalTensorAuto", "MrgSortSrcList", "range", "static_range", "TBuf", "TBufPool", "TPipe", "TQue", "TQueBind", "get_tpipe_ptr"]  # noqa: F405, RUF022
    # fmt: on
# END GENERATED __all__


if TYPE_CHECKING:
    from asc_xdsl.language import adv, reg, simt
    from asc_xdsl.language.basic import *  # noqa: F403
    from asc_xdsl.language.core import *  # noqa: F403
    from asc_xdsl.language.reg import vec_scope, vf
else:
    # basic's and core's names but those they load on first use (`basic._LAZY`: the spec
    # functions, by family; `core._LAZY`: the AIPP records, enums)
    globals().update({name: getattr(basic, name) for name in _basic_all if name not in basic._LAZY})
    globals().update({name: getattr(core, name) for name in _core_all if name not in core._LAZY})
    _LAZY = {
        "adv": "asc_xdsl.language.adv",
        "reg": "asc_xdsl.language.reg",
        "simt": "asc_xdsl.language.simt",
    }
    _REG_NAMES = frozenset({"vf", "vec_scope"})  # names of `reg` at the top level
    _LAZY_NAMES = frozenset({*_LAZY, *_REG_NAMES, *basic._LAZY, *core._LAZY})
    """The names of `__all__` loaded when first asked for (`asc_xdsl` leaves them too)."""

    def __getattr__(name: str) -> object:
        # `adv` (Matmul, tiling structs, the advanced math APIs) and `reg` (the Reg layer
        # and `@asc.vf`) load when a kernel names them: a kernel without them does not
        # pay for their classes at start-up; so do core's AIPP records and enums.
        if name in basic._LAZY:
            return getattr(basic, name)
        if name in core._LAZY:
            return getattr(core, name)
        if name in _LAZY or name in _REG_NAMES:
            import importlib

            module = importlib.import_module(_LAZY.get(name, "asc_xdsl.language.reg"))
            return getattr(module, name) if name in _REG_NAMES else module
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted({*globals(), *_LAZY_NAMES})
