"""asc_xdsl: write Ascend C kernels in Python, run them on a CPU simulator or an NPU.

    import asc_xdsl as asc

    @asc.jit
    def kernel(x: asc.GlobalAddress, ...): ...

The names below are pyasc's, so a pyasc kernel runs after changing only its import:
the compiler's (`jit`, `ConstExpr`, errors) from `asc_xdsl.frontend`, the kernel
language's from `asc_xdsl.language`.
"""

import sys
from typing import TYPE_CHECKING

from asc_xdsl.utils.fast_start import fast_start as _fast_start
from asc_xdsl.utils.fast_start import requested as _fast_start_requested

# Importing asc_xdsl changes nothing outside it (no xDSL, standard library, collector or
# import system patched). The process-wide start-up techniques are an opt-in:
# `asc_xdsl.fast_start()` or ASC_XDSL_FAST_START=1 (docs/library.md, "Fast start").
if _fast_start_requested():
    _fast_start()

from asc_xdsl.frontend import OPTION_CLASSES as _OPTION_CLASSES
from asc_xdsl.frontend import __all__ as _frontend_all
from asc_xdsl.language import __all__ as _language_all

_frontend = sys.modules["asc_xdsl.frontend"]
_language = sys.modules["asc_xdsl.language"]

if TYPE_CHECKING:
    from asc_xdsl import testing as testing
    from asc_xdsl.autotuner import Config as Config
    from asc_xdsl.autotuner import autotune as autotune
    from asc_xdsl.frontend import *  # noqa: F403
    from asc_xdsl.language import *  # noqa: F403
else:  # the language's names, but `adv`, `reg`, `simt`, `vf`, `vec_scope`, AIPP's, enums only when first named
    # the compiler's names, but pyasc's option records only when first named
    globals().update(
        {name: getattr(_frontend, name) for name in _frontend_all if name not in _OPTION_CLASSES}
    )
    _LAZY_LANGUAGE = _language._LAZY_NAMES
    globals().update(
        {name: getattr(_language, name) for name in _language_all if name not in _LAZY_LANGUAGE}
    )

__version__ = "0.1.0"

__all__ = [*_frontend_all, *_language_all]
# BEGIN GENERATED __all__ by tools/gen_api.py: the names above, listed for type checkers
if TYPE_CHECKING:
    # fmt: off
    __all__ = ["CodegenOptions", "CompileError", "CompileOptions", "ConstExpr", "JITFunction", "JitOnlyError", "LaunchOptions", "jit", "adv", "basic", "core", "fwk", "reg", "simt", "vec_scope", "vf", "abs", "add", "add_deq_relu", "add_relu", "add_relu_cast", "adds", "alloc_mutex_id", "ands", "ascend_is_aic", "ascend_is_aiv", "axpy", "bilinear_interpolation", "bitwise_and", "bitwise_not", "bitwise_or", "block_reduce_max", "block_reduce_min", "block_reduce_sum", "brcb", "cast", "cast_deq", "check_local_memory_ia", "clock", "compare", "compare_scalar", "copy", "count_bits_cnt_same_as_sign_bit", "cross_core_set_flag", "cross_core_wait_flag", "data_cache_clean_and_invalid", "data_cache_preload", "data_copy", "data_copy_l1_to_ub", "data_copy_pad", "data_sync_barrier", "div", "divs", "duplicate", "exp", "fused_abs_sub", "fused_exp_sub", "fused_mul_add", "fused_mul_add_relu", "gather", "gather_mask", "gatherb", "get_arch_version", "get_cmp_mask", "get_data_block_size_in_bytes", "get_gather_mask_remain_count", "get_hccl_context", "get_icache_preload_status", "get_mrg_sort_result", "get_program_counter", "get_shape_size", "get_sort_len", "get_sort_offset", "get_store_atomic_config", "get_sub_block_idx", "get_sub_block_num", "get_sys_workspace", "get_system_cycle", "get_task_ratio", "ib_set", "ib_wait", "icache_preload", "init_const_value", "init_soc_state", "leaky_relu", "ln", "load_data", "load_data_with_sparse", "load_data_with_transpose", "load_image_to_local", "max", "maxs", "min", "mins", "mmad", "mmad_mx", "mmad_with_sparse", "mrg_sort", "mrg_sort4", "mul", "mul_add_dst", "mul_cast", "muls", "mutex_lock", "mutex_unlock", "neg", "notify_next_block", "ors", "pair_reduce_sum", "prelu", "proposal_concat", "proposal_extract", "reciprocal", "reduce_max", "reduce_min", "reduce_sum", "release_mutex_id", "relu", "repeat_reduce_sum", "reset_mask", "rp_sort16", "rsqrt", "scalar_cast", "scalar_count_leading_zero", "scalar_get_count_of_value", "scalar_get_sff_value", "scatter", "select", "set_atomic_add", "set_atomic_max", "set_atomic_min", "set_atomic_none", "set_atomic_type", "set_cmp_mask", "set_deq_scale", "set_fix_pipe_pre_quant_flag", "set_hccl_context", "set_hf32_mode", "set_hf32_trans_mode", "set_load_data_boundary", "set_load_data_padding_value", "set_load_data_repeat", "set_mask_count", "set_mask_norm", "set_mm_layout_transform", "set_pad_value", "set_store_atomic_config", "set_sys_workspace", "set_vector_mask", "shift_left", "shift_right", "sort", "sort32", "sqrt", "sub", "sub_relu", "sub_relu_cast", "subs", "sync_all", "trans_data_to_5hd", "transpose", "trap", "wait_pre_block", "whole_reduce_max", "whole_reduce_min", "whole_reduce_sum", "fixpipe", "ListTensorDesc", "MmadBitModeParams", "TensorDesc", "dump_acc_chk_point", "dump_tensor", "get_block_idx", "get_block_num", "metrics_prof_start", "metrics_prof_stop", "pipe_barrier", "print_time_stamp", "printf", "set_aipp_functions", "set_flag", "wait_flag", "Array", "array", "ceildiv", "inline", "number", "static_assert", "AippChannelPaddingParams", "AippColorSpaceConvParams", "AippDataTypeConvParams", "AippPaddingParams", "AippParams", "AippSingleLineParams", "AippSwapParams", "DataType", "bfloat16", "bool_", "complex32", "complex64", "double", "float4_e1m2", "float4_e2m1", "float8_e4m3fn", "float8_e5m2", "float8_e8m0", "float16", "float32", "float64", "float_", "half", "hifloat8", "int8", "int16", "int32", "int64", "int_", "uint8", "uint16", "uint32", "uint64", "void", "CMPMODE", "AippInputFormat", "AtomicDtype", "AtomicOp", "BatchMode", "BatchOutMode", "BlockMode", "CO2Layout", "CacheLine", "CacheMode", "CacheRwMode", "CubeFormat", "DataFormat", "DcciDst", "DeqScale", "GatherMaskMode", "HardEvent", "Hardware", "IterateMode", "IterateOrder", "LayoutMode", "MaskMode", "MatmulConfigMode", "MatmulPolicy", "MemDsbT", "PipeID", "QuantModes", "ReduceOrder", "RoundMode", "ScheduleType", "SelMode", "TPosition", "TransposeType", "pad_t", "BinaryRepeatParams", "UnaryRepeatParams", "BrcbRepeatParams", "GatherRepeatParams", "CopyRepeatParams", "GatherMaskParams", "DataCopyParams", "DataCopyExtParams", "DataCopyPadParams", "DataCopyPadExtParams", "InitConstValueParams", "MmadParams", "LoadData2DParams", "LoadData2DParamsV2", "LoadData2DMxParams", "LoadData2dTransposeParams", "LoadData2dTransposeParamsV2", "LoadData3DParamsV2Pro", "LoadData3DParamsV1", "LoadData3DParamsV2", "LoadDataRepeatParam", "LoadImageToLocalParams", "Nd2NzParams", "Dn2NzParams", "Nz2NdParamsFull", "SliceInfo", "TransDataTo5HDParams", "TransposeParamsExt", "FixpipeConfig", "MrgSort4Info", "VdeqInfo", "CheckLocalMemoryIAParam", "FixpipeParamsV220", "FixpipeParamsArch3510", "DataCopyCO12DstParams", "DataCopyEnhancedParams", "ShapeInfo", "DEFAULT_C0_SIZE", "ONE_BLK_SIZE", "TOTAL_L0C_SIZE", "TOTAL_L1_SIZE", "Property", "property", "GlobalAddress", "GlobalTensor", "LocalMemAllocator", "LocalTensor", "LocalTensorAuto", "MrgSortSrcList", "range", "static_range", "TBuf", "TBufPool", "TPipe", "TQue", "TQueBind", "get_tpipe_ptr"]  # noqa: F405, RUF022
    # fmt: on
# END GENERATED __all__


def fast_start() -> None:
    """Opt in to the process-wide start-up techniques (idempotent): `dataclasses`' code
    generation cached and made lazy, xDSL's assembly formats compiled on first use,
    IRDL's definition-time conversions kept, the garbage collector paused while xDSL
    and asc_xdsl load and while a kernel compiles. Call it before anything imports
    xDSL; it changes the whole process, xDSL's classes included, for good
    (`asc_xdsl.utils.fast_start`). `ASC_XDSL_FAST_START=1` does the same at import."""
    _fast_start()


if not TYPE_CHECKING:  # (type checkers see `adv` through the import above)
    _TOOLS = {  # (loaded on first use, like `adv`: benchmarking and autotuning)
        "testing": ("asc_xdsl.testing", None),
        "autotune": ("asc_xdsl.autotuner", "autotune"),
        "Config": ("asc_xdsl.autotuner", "Config"),
    }

    def __getattr__(name: str) -> object:
        if name in _LAZY_LANGUAGE:  # (loaded on first use: docs/performance.md, "Cold start")
            value = globals()[name] = getattr(_language, name)  # (kept: asked once)
            return value
        if name in _OPTION_CLASSES:
            value = globals()[name] = getattr(_frontend, name)
            return value
        if name in _TOOLS:
            import importlib

            module, attr = _TOOLS[name]
            loaded = importlib.import_module(module)
            return loaded if attr is None else getattr(loaded, attr)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted({*globals(), *_LAZY_LANGUAGE, *_OPTION_CLASSES, *_TOOLS})
