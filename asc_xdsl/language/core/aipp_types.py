"""pyasc's `asc.language.core.aipp_types`: the AIPP configuration (`AscendC::AippParams<T>`).

The parameter groups (`AippSwapParams(is_swap_rb=True)`, ...) are plain records, as in
pyasc; `AippParams(dtype, padding_params=..., swap_params=..., ...)` builds the nested
struct in the kernel: one `ascendc.construct` per group (its fields in the headers'
order, `dialects/ascendc/struct_fields.py`), then one of AippParams from the six. The
padding groups are templates of AippParams' element type (int8 or float16).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.language.builder import IRValue, KernelBuilder, require_jit
from asc_xdsl.language.core.utils import describe


class _AippGroup:
    """A parameter group: its C++ struct, whose fields its dataclass fields fill in order."""

    CPP: ClassVar[str] = ""

    def build(self, g: KernelBuilder, dtype: DataType) -> Any:
        from asc_xdsl.dialects.ascendc.struct_fields import struct_entry
        from asc_xdsl.language.core.types import construct, member_dtype

        api = type(self).__name__
        members = struct_entry(f"AscendC::{self.CPP}")["fields"]
        names = [f.name for f in fields(self)]  # type: ignore[arg-type]
        assert len(members) == len(names), f"{api}: fields differ from the headers'"
        operands, types = [], []
        for name, (_, _, ir_name, _) in zip(names, members, strict=True):
            field_dtype = dtype if ir_name == "T" else member_dtype(ir_name)
            operands.append(g.scalar(getattr(self, name), field_dtype))
            types.append(field_dtype.ir_type())
        templated = any(m[2] == "T" for m in members)
        return construct(self.CPP, dtype if templated else None, operands, types)


@dataclass
class AippPaddingParams(_AippGroup):
    CPP: ClassVar[str] = "AippPaddingParams"
    padding_mode: Any = 0
    padding_value_ch0: Any = 0
    padding_value_ch1: Any = 0
    padding_value_ch2: Any = 0
    padding_value_ch3: Any = 0


@dataclass
class AippSwapParams(_AippGroup):
    CPP: ClassVar[str] = "AippSwapParams"
    is_swap_rb: Any = False
    is_swap_uv: Any = False
    is_swap_ax: Any = False


@dataclass
class AippSingleLineParams(_AippGroup):
    CPP: ClassVar[str] = "AippSingleLineParams"
    is_single_line_copy: Any = False


@dataclass
class AippDataTypeConvParams(_AippGroup):
    CPP: ClassVar[str] = "AippDataTypeConvParams"
    dtc_mean_ch0: Any = 0
    dtc_mean_ch1: Any = 0
    dtc_mean_ch2: Any = 0
    dtc_min_ch0: Any = 0.0
    dtc_min_ch1: Any = 0.0
    dtc_min_ch2: Any = 0.0
    dtc_var_ch0: Any = 1.0
    dtc_var_ch1: Any = 1.0
    dtc_var_ch2: Any = 1.0
    dtc_round_mode: Any = 0


@dataclass
class AippChannelPaddingParams(_AippGroup):
    CPP: ClassVar[str] = "AippChannelPaddingParams"
    c_padding_mode: Any = 0
    c_padding_value: Any = 0


@dataclass
class AippColorSpaceConvParams(_AippGroup):
    CPP: ClassVar[str] = "AippColorSpaceConvParams"
    is_enable_csc: Any = False
    csc_matrix_r0_c0: Any = 0
    csc_matrix_r0_c1: Any = 0
    csc_matrix_r0_c2: Any = 0
    csc_matrix_r1_c0: Any = 0
    csc_matrix_r1_c1: Any = 0
    csc_matrix_r1_c2: Any = 0
    csc_matrix_r2_c0: Any = 0
    csc_matrix_r2_c1: Any = 0
    csc_matrix_r2_c2: Any = 0
    csc_bias_in_0: Any = 0
    csc_bias_in_1: Any = 0
    csc_bias_in_2: Any = 0
    csc_bias_out_0: Any = 0
    csc_bias_out_1: Any = 0
    csc_bias_out_2: Any = 0


# AippParams' keyword -> the group class it takes, in the C++ struct's field order.
_GROUPS: dict[str, type[_AippGroup]] = {
    "padding_params": AippPaddingParams,
    "swap_params": AippSwapParams,
    "single_line_params": AippSingleLineParams,
    "dtc_params": AippDataTypeConvParams,
    "c_padding_params": AippChannelPaddingParams,
    "csc_params": AippColorSpaceConvParams,
}


class AippParams(IRValue):
    """`AscendC::AippParams<T>` (T int8 or float16) from its six parameter groups (each
    left out is its defaults)."""

    __slots__ = ("dtype",)

    def __init__(
        self,
        dtype: DataType,
        padding_params: AippPaddingParams | None = None,
        swap_params: AippSwapParams | None = None,
        single_line_params: AippSingleLineParams | None = None,
        dtc_params: AippDataTypeConvParams | None = None,
        c_padding_params: AippChannelPaddingParams | None = None,
        csc_params: AippColorSpaceConvParams | None = None,
    ) -> None:
        g = require_jit("AippParams")
        from asc_xdsl.language.core.types import construct

        if dtype not in (dt.int8, dt.float16):
            g.fail(f"AippParams: dtype must be asc.int8 or asc.float16, got {describe(dtype)}")
        given = dict(zip(_GROUPS, (padding_params, swap_params, single_line_params,
                                   dtc_params, c_padding_params, csc_params), strict=True))  # fmt: skip
        operands = []
        for name, cls in _GROUPS.items():
            group = given[name]
            if group is None:
                group = cls()
            elif not isinstance(group, cls):
                g.fail(f"AippParams: {name} must be an asc.{cls.__name__}, got {describe(group)}")
            handle = group.build(g, dtype)
            handle.name_hint = name
            operands.append(handle)
        self.dtype = dtype
        super().__init__(construct("AippParams", dtype, operands, [o.type for o in operands]))


__all__ = [
    "AippChannelPaddingParams",
    "AippColorSpaceConvParams",
    "AippDataTypeConvParams",
    "AippPaddingParams",
    "AippParams",
    "AippSingleLineParams",
    "AippSwapParams",
]
