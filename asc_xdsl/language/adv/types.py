"""The matmul configuration (pyasc's `asc.language.adv.types`): `MatmulConfig`, the
parameter groups of `get_mm_config`, and `QuantConfig`.

A `MatmulConfig` is a compile-time value (C++ uses it as a template argument): its
fields are Python constants, checked against the C++ struct's fields
(`dialects/ascendc/adv_types.MATMUL_CONFIG_FIELDS`, whose defaults are the struct's).
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from asc_xdsl.diagnostics import ApiTypeError
from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.enums import BatchMode, BatchOutMode, IterateOrder, ScheduleType
from asc_xdsl.language.builder import IRValue, require_jit


def _config_fields() -> tuple[Any, ...]:
    from asc_xdsl.dialects.ascendc.adv_types import MATMUL_CONFIG_FIELDS

    return MATMUL_CONFIG_FIELDS


class _FieldSignature:
    """`inspect.signature(MatmulConfig)`: its fields and their defaults (the dialect's
    table, loaded when first asked for)."""

    def __get__(self, obj: Any, owner: type) -> inspect.Signature:
        return inspect.Signature(
            [
                inspect.Parameter(
                    f.name,
                    inspect.Parameter.POSITIONAL_OR_KEYWORD,
                    default=f.kind(f.default),
                )
                for f in _config_fields()
            ]
        )


class MatmulConfig:
    """`MatmulConfig{...}`: `MatmulConfig(do_norm=True, do_basic_block=False, ...)`, the
    fields in the C++ struct's order (positionally or by name); fields left out keep
    the struct's defaults."""

    __slots__ = ("values",)
    __signature__ = _FieldSignature()

    # BEGIN GENERATED MatmulConfig.__init__ by tools/gen_api.py: do not edit by hand
    if TYPE_CHECKING:

        def __init__(
            self,
            do_norm: bool = True,
            do_basic_block: bool = False,
            do_multi_data_load: bool = False,
            basic_m: int = 0,
            basic_n: int = 0,
            basic_k: int = 0,
            intrinsics_check: bool = False,
            is_n_batch: bool = False,
            en_vec_nd2nz: bool = False,
            do_special_basic_block: bool = False,
            do_mte2_preload: int = 0,
            single_core_m: int = 0,
            single_core_n: int = 0,
            single_core_k: int = 0,
            step_m: int = 0,
            step_n: int = 0,
            base_mn: int = 0,
            single_core_mn: int = 0,
            en_unit_flag: bool = True,
            is_per_tensor: bool = False,
            has_anti_quant_offset: bool = False,
            do_ib_share_norm: bool = False,
            do_special_mdl: bool = False,
            enable_init: bool = True,
            batch_mode: BatchMode | int = BatchMode.NONE,
            enable_end: bool = True,
            enable_get_tensor_c: bool = True,
            enable_set_org_shape: bool = True,
            enable_set_bias: bool = True,
            enable_set_tail: bool = True,
            enable_quant_vector: bool = True,
            enable_set_define_data: bool = True,
            iterate_mode: int = 255,
            enable_reuse: bool = True,
            enable_ub_reuse: bool = False,
            enable_l1_cache_ub: bool = False,
            intra_block_part_sum: bool = False,
            iterate_order: IterateOrder | int = IterateOrder.UNDEF,
            schedule_type: ScheduleType | int = ScheduleType.INNER_PRODUCT,
            enable_double_cache: bool = False,
            is_bias_batch: bool = True,
            enable_static_pad_zeros: bool = False,
            is_partial_output: bool = False,
            enable_mix_dual_master: bool = False,
            is_a2b2_shared: bool = False,
            is_enable_channel_split: bool = False,
            enable_kdim_reorder_load: bool = False,
            is_co1_shared: bool = False,
            shared_co1_buffer_size: int = 65536,
            batch_out_mode: BatchOutMode | int = BatchOutMode.SINGLE_BATCH,
        ) -> None:
            """`MatmulConfig{...}`: `MatmulConfig(do_norm=True, do_basic_block=False, ...)`, the
            fields in the C++ struct's order (positionally or by name); fields left out keep
            the struct's defaults."""
            ...
    # END GENERATED MatmulConfig.__init__
    else:  # (the fields come from the dialect's table)

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            fields = _config_fields()
            if len(args) > len(fields):
                raise ApiTypeError(
                    f"MatmulConfig has {len(fields)} fields, got {len(args)} arguments"
                )
            by_name = {f.name: f for f in fields}
            values = {f.name: v for f, v in zip(fields, args, strict=False)}
            for name, value in kwargs.items():
                if name not in by_name:
                    raise ApiTypeError(f"MatmulConfig has no field {name!r}")
                if name in values:
                    raise ApiTypeError(f"MatmulConfig: field {name!r} given twice")
                values[name] = value
            for name, value in values.items():
                if isinstance(value, IRValue) or not isinstance(value, int):
                    raise ApiTypeError(
                        f"MatmulConfig field {name} must be a compile-time int or bool (the "
                        f"config is a C++ template argument), got {value!r}"
                    )
                limit = by_name[name].limit
                if not 0 <= int(value) <= limit:
                    raise ApiTypeError(f"MatmulConfig field {name} = {value} is outside 0..{limit}")
            self.values: dict[str, int] = {k: int(v) for k, v in values.items()}

    def __getattr__(self, name: str) -> int:
        for f in _config_fields():
            if f.name == name:
                return self.values.get(name, f.default)
        raise AttributeError(f"MatmulConfig has no field {name!r}")

    def replace(self, **changes: Any) -> MatmulConfig:
        """A copy with the `changes` (fields by name)."""
        return MatmulConfig(**{**self.values, **changes})

    def attr(self) -> Any:
        """The `#ascendc.matmul_config` of a matmul object's type (every field listed)."""
        from asc_xdsl.dialects.ascendc.adv_types import MatmulConfigAttr

        return MatmulConfigAttr.all_fields(self.values)

    def construct(self) -> Any:
        """The config as a kernel value (`MatmulConfig cfg{...}`), for APIs that take it."""
        g = require_jit("MatmulConfig")
        from asc_xdsl.dialects.ascendc.construct import ConstructOp
        from asc_xdsl.dialects.ascendc.struct_fields import struct_entry
        from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES
        from asc_xdsl.language.core.types import member_dtype

        t = STRUCT_TYPES["MatmulConfigType"]()
        members = struct_entry(t.CPP_CLASS)["fields"]
        operands, types = [], []
        for f, (_, _, ir_name, role) in zip(_config_fields(), members, strict=False):
            dtype = dt.int32 if role == "enum" else member_dtype(ir_name)
            operands.append(g.scalar(self.values.get(f.name, f.default), dtype))
            types.append(dtype.ir_type())
        op = ConstructOp(t, operands, types)
        return g.emit(op).result

    def __repr__(self) -> str:
        given = ", ".join(f"{k}={v}" for k, v in self.values.items())
        return f"MatmulConfig({given})"


@dataclass(frozen=True)
class MatmulShapeParams:
    """`MatmulShapeParams`: the shapes `get_mm_config` sets."""

    single_core_m: int = 0
    single_core_n: int = 0
    single_core_k: int = 0
    basic_m: int = 0
    basic_n: int = 0
    basic_k: int = 0

    def fields(self) -> dict[str, Any]:
        """The `MatmulConfig` fields this group sets, by name (for `get_mm_config`)."""
        return dict(self.__dict__)


@dataclass(frozen=True)
class MatmulQuantParams:
    """`MatmulQuantParams`: B's quantisation."""

    is_per_tensor: bool = False
    has_anti_quant_offset: bool = False

    def fields(self) -> dict[str, Any]:
        """The `MatmulConfig` fields this group sets, by name (for `get_mm_config`)."""
        return dict(self.__dict__)


@dataclass(frozen=True)
class MatmulBatchParams:
    """`MatmulBatchParams`: batched matmuls (`is_b_batch` is the C++ `isNBatch`)."""

    is_b_batch: bool = False
    batch_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1
    is_bias_batch: bool = False
    batch_out_mode: BatchOutMode = BatchOutMode.SINGLE_BATCH

    def fields(self) -> dict[str, Any]:
        """The `MatmulConfig` fields this group sets, by name (for `get_mm_config`)."""
        return {
            "is_n_batch": self.is_b_batch,
            "batch_mode": self.batch_mode,
            "is_bias_batch": self.is_bias_batch,
            "batch_out_mode": self.batch_out_mode,
        }


@dataclass(frozen=True)
class MatmulFuncParams:
    """`MatmulFuncParams`: the optional features `get_mm_config` sets."""

    intrinsics_limit: bool = False
    en_vec_nd2_nz: bool = False
    enable_double_cache: bool = False
    enable_l1_cache: bool = False
    do_mte2_pre_load: int = 0
    iterate_order: IterateOrder = IterateOrder.ORDER_M
    schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT
    enable_reuse: bool = True
    enable_ub_reuse: bool = False
    is_partial_output: bool = False
    is_a2_b2_shared: bool = False
    is_enable_channel_split: bool = False
    enable_kdim_reorder_load: bool = False

    def fields(self) -> dict[str, Any]:
        """The `MatmulConfig` fields this group sets, by name (for `get_mm_config`)."""
        renamed = {
            "intrinsics_limit": "intrinsics_check",
            "en_vec_nd2_nz": "en_vec_nd2nz",
            "enable_l1_cache": "enable_l1_cache_ub",
            "do_mte2_pre_load": "do_mte2_preload",
            "is_a2_b2_shared": "is_a2b2_shared",
        }
        return {renamed.get(k, k): v for k, v in self.__dict__.items()}


class QuantConfig(IRValue):
    """`AscendC::AscendQuantConfig{calcCount, offsetCount, scaleCount, workLocalSize}`."""

    __slots__ = ()

    def __init__(
        self, calc_count: Any = 0, offset_count: Any = 0, scale_count: Any = 0,
        work_local_size: Any = 0,
    ) -> None:  # fmt: skip
        g = require_jit("QuantConfig")
        from asc_xdsl.dialects.ascendc.construct import ConstructOp
        from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES

        values = (calc_count, offset_count, scale_count, work_local_size)
        operands = [g.scalar(v, dt.uint32) for v in values]
        t = STRUCT_TYPES["AscendQuantConfigType"]()
        super().__init__(g.emit(ConstructOp(t, operands, [dt.uint32.ir_type()] * 4)).result)


__all__ = [
    "MatmulBatchParams",
    "MatmulConfig",
    "MatmulFuncParams",
    "MatmulQuantParams",
    "MatmulShapeParams",
    "QuantConfig",
]
