"""The parameter structs of the APIs (`BinaryRepeatParams`, `DataCopyParams`, ...).

Each class builds an `ascendc.construct` of its struct type. One table says, per
struct, pyasc's Python parameters (names, order, defaults; a struct with overloaded
constructors has one form per overload); the fields' C++ names and types come from
the headers' table (`dialects/ascendc/struct_fields.py`): a parameter fills the C++
field of the same name (`dst_blk_stride` -> `dstBlkStrideIn`) unless it names
another (`block_count>count`). The constructor used is the one with exactly the
form's fields, so the Ascend C is `AscendC::BinaryRepeatParams v{1, 1, 1, 8, 8, 8}`
with every value converted to its field's type.
"""

from __future__ import annotations

import functools
import inspect
import math
import operator
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from asc_xdsl.diagnostics import ApiTypeError, ApiValueError
from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.language._spec_methods import ShapeInfoSpecMethods
from asc_xdsl.language.builder import IRValue, KernelBuilder, RuntimeScalar, in_jit, require_jit
from asc_xdsl.language.core.enums import DataFormat
from asc_xdsl.language.core.utils import describe

# pyasc class -> its Python forms: parameters in pyasc's order, `name=default`, with
# `>cppField` when the C++ field has another name. `dtype` is the template argument.
# Enum-valued fields take the enum or its integer value (their default is 0).
STRUCTS: dict[str, tuple[str, ...]] = {
    "BinaryRepeatParams": (
        "dst_blk_stride=1 src0_blk_stride=1 src1_blk_stride=1 "
        "dst_rep_stride=8 src0_rep_stride=8 src1_rep_stride=8",
    ),
    "UnaryRepeatParams": ("dst_blk_stride=1 src_blk_stride=1 dst_rep_stride=8 src_rep_stride=8",),
    "BrcbRepeatParams": ("dst_blk_stride=1 dst_rep_stride=8",),
    "GatherRepeatParams": ("dst_blk_stride=1 dst_rep_stride=8",),
    "CopyRepeatParams": ("dst_stride=0 src_stride=0 dst_repeat_size=0 src_repeat_size=0",),
    "GatherMaskParams": (
        "src0_block_stride=1 repeat_times=1 src0_repeat_stride=0 src1_repeat_stride=0",
    ),
    "DataCopyParams": ("block_count>count=1 block_len>len=0 src_stride=0 dst_stride=0",),
    "DataCopyExtParams": ("block_count>count=1 block_len>len=0 src_stride=0 dst_stride=0 rsv=0",),
    "DataCopyPadParams": (
        "is_pad>isPadValue=False left_padding>leftPadValue=0 "
        "right_padding>rightPadValue=0 padding_value>padValue=0",
    ),
    "DataCopyPadExtParams": (
        "dtype is_pad>isPadValue=False left_padding>leftPadValue=0 "
        "right_padding>rightPadValue=0 padding_value>padValue=0",
    ),
    "InitConstValueParams": ("repeat_times=0 block_num=0 dst_gap=0 init_value=0",),
    "MmadParams": (
        "m=0 n=0 k=0 is_bias=False fm_offset=0 en_ssparse=False en_winograd_a=False "
        "en_winograd_b=False",
        "m=0 n=0 k=0 unit_flag=0 cmatrix_source=False cmatrix_init_val=True",
    ),
    "LoadData2DParams": (
        "start_index=0 repeat_times=1 src_stride=0 sid=0 dst_gap=0 if_transpose=False addr_mode=0",
    ),
    "LoadData2DParamsV2": (
        "m_start_position=0 k_start_position=0 m_step=0 k_step=0 src_stride=0 dst_stride=0 "
        "if_transpose=False sid=0",
    ),
    # Ascend 950's MX load: the e8m0 scale matrix's fractals (16 x 2 scales)
    "LoadData2DMxParams": (
        "x_start_position=0 y_start_position=0 x_step=0 y_step=0 src_stride=0 dst_stride=0",
    ),
    "LoadData2dTransposeParams": (
        "start_index=0 repeat_times=1 src_stride=0 dst_gap=0 dst_frac_gap>dstfracGapIn=0 "
        "addr_mode=0",
    ),
    "LoadData2dTransposeParamsV2": (
        "start_index=0 repeat_times=0 src_stride=0 dst_gap=0 dst_frac_gap=0 src_frac_gap=0 "
        "addr_mode=0",
    ),
    "LoadData3DParamsV2Pro": (
        "channel_size=0 en_transpose=False en_small_k=False filter_size_w=False "
        "filter_size_h=False f_matrix_ctrl=False ext_config=0 filter_config=1103823438081",
    ),
    # `pad_list` is the C array `padList[4]` (a list or an asc.array); `pad_value` of
    # the template type (its type follows the value: give a numpy scalar for f16).
    "LoadData3DParamsV1": (
        "pad_list>padListIn=(0,0,0,0) l1_h=1 l1_w=1 c1_index=0 fetch_filter_w=0 "
        "fetch_filter_h=0 left_top_w=0 left_top_h=0 stride_w=1 stride_h=1 filter_w=1 "
        "filter_h=1 dilation_filter_w=1 dilation_filter_h=1 jump_stride=1 repeat_mode=0 "
        "repeat_time=1 c_size=0 pad_value=0",
    ),
    # pyasc's 19 parameters, then the C++ constructor's enSmallK (pyasc leaves it out)
    "LoadData3DParamsV2": (
        "pad_list>padListIn=(0,0,0,0) l1_h=1 l1_w=1 channel_size=1 k_extension=1 "
        "m_extension=1 k_start_pt=0 m_start_pt=0 stride_w=1 stride_h=1 filter_w=1 "
        "filter_h=1 dilation_filter_w=1 dilation_filter_h=1 en_transpose=False pad_value=0 "
        "filter_size_w=False filter_size_h=False f_matrix_ctrl=False en_small_k=False",
    ),
    "LoadDataRepeatParam": ("repeat_time=1 repeat_stride=0 repeat_mode=0",),
    "LoadImageToLocalParams": (
        "horiz_size=2 vert_size=2 horiz_start_pos=0 vert_start_pos=0 src_horiz_size=2 "
        "top_pad_size=0 bot_pad_size=0 left_pad_size=0 right_pad_size=0 sid=0",
    ),
    "Nd2NzParams": (
        "nd_num n_value d_value src_nd_matrix_stride src_d_value dst_nz_c0_stride "
        "dst_nz_n_stride dst_nz_matrix_stride",
    ),
    # Ascend 950: GM DN (column-major) -> L1 NZ
    "Dn2NzParams": (
        "dn_num=0 n_value=0 d_value=0 src_dn_matrix_stride=0 src_d_value=0 dst_nz_c0_stride=0 "
        "dst_nz_n_stride=0 dst_nz_matrix_stride=0",
    ),
    "Nz2NdParamsFull": (
        "nd_num n_value d_value src_nd_matrix_stride src_n_stride dst_d_stride "
        "dst_nd_matrix_stride",
    ),
    "SliceInfo": ("start_index=0 end_index=None stride=0 burst_len=None shape_value=0",),
    "TransDataTo5HDParams": (
        "dst_high_half=False src_high_half=False repeat_times=1 dst_rep_stride=0 src_rep_stride=0",
    ),
    "TransposeParamsExt": ("n_size=0 c_size=0 h_size=0 w_size=0 transpose_type=10",),
    # Ascend 950's second field: isToUB (FixpipeParamsArch3510 writes UB when true)
    "FixpipeConfig": ("layout>format_", "layout>format_ is_to_ub>isToUB_"),
    # Pointer fields take an asc.array or a Python list (an array of the field's type).
    "MrgSort4Info": ("element_lengths if_exhausted_suspension=False valid_bit=15 repeat_times=1",),
    "VdeqInfo": ("scale>vdeqScaleIn offset>vdeqOffsetIn sign_mode>vdeqSignModeIn",),
    "CheckLocalMemoryIAParam": (
        "enable_bit=0 start_addr=0 end_addr=0 is_scalar_read=False is_scalar_write=False "
        "is_vector_read=False is_vector_write=False is_mte_read=False is_mte_write=False "
        "is_enable=False",
    ),
    "FixpipeParamsV220": (
        "n_size m_size src_stride dst_stride quant_pre=0 deq_scalar=0 nd_num=1 "
        "src_nd_stride=0 dst_nd_stride=0 relu_en=False unit_flag=0 is_channel_split=False",
    ),
    # Ascend 950's FixpipeParamsArch3510<layout>: its constructor's four fields, the
    # others set as members after it (`_SET_AFTER`); `layout` is the class template's
    # CO2Layout, which picks `params` (ROW_MAJOR: nd_num..., COLUMN_MAJOR: dn_num...)
    "FixpipeParamsArch3510": (
        "n_size m_size src_stride dst_stride relu_en=False unit_flag=0 dual_dst_ctl=0 "
        "sub_block_id=False is_channel_split=False layout=1 quant_pre=0 deq_scalar=0 "
        "nd_num=1 src_nd_stride=0 dst_nd_stride=0 dn_num=1 src_nz_matrix_stride=0 "
        "dst_dn_matrix_stride=0 src_nz_c0_stride=0",
    ),
    "DataCopyCO12DstParams": (
        "n_size m_size dst_stride src_stride quant_pre=0 relu_pre=0 channel_split=False "
        "nz2nd_en=False",
    ),
    "DataCopyEnhancedParams": (
        "block_mode=0 deq_scale=0 deq_value_in>deqValueIn=0 sid_store_mode_in>sidStoreModeIn=0 "
        "is_relu_in>isReluIn=False pad_mode_in>padModeIn=0 pad_value_in>padValueIn=0",
    ),
}

_BY_IR_NAME = {d.ir_name: d for d in dt.ALL_DTYPES if d is not dt.bool_} | {"i1": dt.bool_}

# Parameters that set a member the constructor does not take (`params.sid = v;` after
# it), by struct: Python name -> (C++ member, its type); the member's initialiser is 0.
_SET_AFTER: dict[str, dict[str, tuple[str, DataType | None]]] = {
    "LoadImageToLocalParams": {"sid": ("sid", dt.uint8)},
    "FixpipeParamsArch3510": {
        "relu_en": ("reluEn", dt.bool_),
        "unit_flag": ("unitFlag", dt.uint8),
        "dual_dst_ctl": ("dualDstCtl", dt.uint8),
        "sub_block_id": ("subBlockId", dt.bool_),
        "is_channel_split": ("isChannelSplit", dt.bool_),
        "layout": ("", dt.int32),  # the template argument, not a member
        "quant_pre": ("quantPre", None),  # a QuantMode_t
        "deq_scalar": ("deqScalar", dt.uint64),
        "nd_num": ("params.ndNum", dt.uint16),
        "src_nd_stride": ("params.srcNdStride", dt.uint16),
        "dst_nd_stride": ("params.dstNdStride", dt.uint32),
        "dn_num": ("params.dnNum", dt.uint16),
        "src_nz_matrix_stride": ("params.srcNzMatrixStride", dt.uint16),
        "dst_dn_matrix_stride": ("params.dstDnMatrixStride", dt.uint32),
        "src_nz_c0_stride": ("params.srcNzC0Stride", dt.uint16),
    },
}

# Members whose initialiser is not 0 (a parameter equal to it sets nothing)
_MEMBER_INITIAL: dict[str, dict[str, int]] = {
    "FixpipeParamsArch3510": {"nd_num": 1, "dn_num": 1, "layout": 1}
}

# FixpipeParamsArch3510's `params` members by CO2Layout (NZ: a uint8_t, no members)
_ARCH3510_PARAMS: dict[int, tuple[str, ...]] = {
    0: (),
    1: ("nd_num", "src_nd_stride", "dst_nd_stride"),
    2: ("dn_num", "src_nz_matrix_stride", "dst_dn_matrix_stride", "src_nz_c0_stride"),
}

# pyasc's `None` defaults: the C++ member initialisers they stand for (ONE_BLK_SIZE is 32)
_NONE_MEANS: dict[str, dict[str, int]] = {"SliceInfo": {"end_index": 31, "burst_len": 32}}


def member_dtype(ir_name: str) -> DataType:
    """The data type of a struct member of IR type `ir_name` (`ui32`, `i1`, `f32`)."""
    return _BY_IR_NAME[ir_name]


class _Param:
    """One Python parameter: its name, default and the C++ field it fills."""

    __slots__ = ("cpp", "default", "name")

    def __init__(self, text: str):
        head, _, default = text.partition("=")
        self.name, _, cpp = head.partition(">")
        self.cpp = cpp or None
        self.default = _literal(default) if default else inspect.Parameter.empty


@functools.cache
def _literal(text: str) -> Any:
    """A default's value, parsed once per text (the forms' 192 defaults are 11 texts:
    numbers, booleans, None and tuples, all immutable, so they may share objects)."""
    import ast

    return ast.literal_eval(text)


def _field_key(name: str) -> str:
    """`dstBlkStrideIn` -> `dstblkstride`: how a C++ field matches a Python name."""
    for suffix in ("In", "_"):
        name = name.removesuffix(suffix)
    return name.lower()


class _Form:
    """One constructor: the Python signature and, per parameter, the field it fills.
    Read from the form's text when first asked for: a kernel builds a few of the ~35
    structs, and their `inspect.Signature`s were a third of the module's import."""

    def __init__(self, struct: str, text: str):
        self.struct = struct
        self.text = text
        self._params: list[_Param] | None = None
        self._signature: inspect.Signature | None = None
        self._fields: list[tuple[str, str, str]] | None = None

    @property
    def params(self) -> list[_Param]:
        if self._params is None:
            self._params = [_Param(p) for p in self.text.split()]
        return self._params

    @property
    def signature(self) -> inspect.Signature:
        if self._signature is None:
            self._signature = inspect.Signature(
                [
                    inspect.Parameter(
                        p.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=p.default
                    )
                    for p in self.params
                ]
            )
        return self._signature

    def fields(self) -> list[tuple[str, str, str]]:
        """(Python name, IR type, role) per C++ field, in the constructor's order."""
        if self._fields is None:
            from asc_xdsl.dialects.ascendc.struct_fields import struct_form

            after = _SET_AFTER.get(self.struct, {})
            valued = [p for p in self.params if p.name != "dtype" and p.name not in after]
            form = struct_form(f"AscendC::{self.struct}", len(valued))
            if form is None:
                raise ApiTypeError(f"{self.struct} has no constructor of {len(valued)} fields")
            by_key = {_field_key(p.cpp or p.name.replace("_", "")): p.name for p in valued}
            self._fields = [(by_key[_field_key(f[0])], f[2], f[3]) for f in form]
        return self._fields


def _string_attr(text: str) -> Any:
    """A member's name as a `StringAttr`, made once (`dialects/interned.py`)."""
    from asc_xdsl.dialects.interned import string_attr  # (xDSL: imported lazily)

    return string_attr(text)


class _StructValue(IRValue):
    """A parameter struct built in the kernel; subclasses come from `STRUCTS`."""

    _FORMS: tuple[_Form, ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        api = type(self).__name__
        g = require_jit(api)
        bound = None
        for form in self._FORMS:
            try:
                bound = form.signature.bind(*args, **kwargs)
                break
            except TypeError as e:
                error = e
        if bound is None:
            g.fail(f"bad arguments to {api}: {error}")
        bound.apply_defaults()
        values = bound.arguments
        for name, meant in _NONE_MEANS.get(api, {}).items():
            if values.get(name) is None:
                values[name] = meant
        dtype = values.get("dtype")
        if "dtype" in values and not isinstance(dtype, DataType):
            g.fail(f"{api}: dtype must be a data type (asc.float16, ...), got {describe(dtype)}")
        operands, types = [], []
        for name, ir_name, role in form.fields():
            value = values[name]
            if ir_name == "T":
                dtype = dtype or _value_dtype(value)
                field_dtype = dtype
            elif role == "enum":  # a member, or a number computed at run time
                operands.append(g.integer(value, f"{api}: {name}", dt.int32))
                types.append(dt.int32.ir_type())
                continue
            elif ir_name in _BY_IR_NAME:
                field_dtype = _BY_IR_NAME[ir_name]
            elif role == "pointer":
                handle = pointer_field(g, api, name, value, ir_name)
                operands.append(handle)
                types.append(handle.type)
                continue
            else:  # nested structs have no Python form here
                g.fail(f"{api}: field {name} ({ir_name}) cannot be built from Python")
            operands.append(g.scalar(value, field_dtype))
            types.append(field_dtype.ir_type())
        after = _SET_AFTER.get(api, {})
        layout = None
        if "layout" in after:  # FixpipeParamsArch3510<layout>
            layout = _arch3510_layout(g, api, values)
        self.handle = construct(api, dtype, operands, types if dtype else None, layout)
        initial = _MEMBER_INITIAL.get(api, {})
        for name, (member, member_dtype) in after.items():
            value = values[name]
            if not member or (isinstance(value, int) and value == initial.get(name, 0)):
                continue  # the template argument, or the member's initialiser
            if member_dtype is None:  # a QuantMode_t: a member, or a number at run time
                number = g.integer(value, f"{api}: {name}", dt.int32)
                handle = construct("QuantModes", None, [number], None)
            else:
                handle = g.scalar(value, member_dtype)
            _set_member(g, self.handle, member, handle)


def _arch3510_layout(g: KernelBuilder, api: str, values: dict[str, Any]) -> int:
    """FixpipeParamsArch3510's `layout` (a constant CO2Layout), its `params` arguments
    checked against it: Nz2NdParams' for ROW_MAJOR, Nz2DnParams' for COLUMN_MAJOR."""
    layout = values["layout"]
    if isinstance(layout, IRValue) or not isinstance(layout, int) or not 0 <= layout <= 2:
        g.fail(
            f"{api}: layout must be a constant CO2Layout (NZ, ROW_MAJOR or COLUMN_MAJOR), "
            f"got {describe(layout)}: it is the class template's argument"
        )
    initial = _MEMBER_INITIAL[api]
    for other, names in _ARCH3510_PARAMS.items():
        if other == layout:
            continue
        for name in names:
            value = values[name]
            if not (isinstance(value, int) and value == initial.get(name, 0)):
                kind = ("a uint8_t", "Nz2NdParams", "Nz2DnParams")[layout]
                from asc_xdsl.language.core.enums import CO2Layout

                accepted = ", ".join(_ARCH3510_PARAMS[layout]) or "none"
                g.fail(
                    f"{api}: {name} is a member of {('', 'Nz2NdParams', 'Nz2DnParams')[other]} "
                    f"(layout {CO2Layout(other).name}); with layout {CO2Layout(layout).name} "
                    f"params is {kind} (its parameters: {accepted})"
                )
    return int(layout)


def _set_member(g: KernelBuilder, handle: Any, member: str, value: Any) -> None:
    from asc_xdsl.dialects.fast_build import new_op

    g.emit(new_op(_member_ops()[1], (handle, value), (), {"field": _string_attr(member)}))


@functools.cache
def _member_ops() -> tuple[type, type]:
    """emitasc's `MemberOp` and `SetMemberOp`, imported on first use (the language loads
    no xDSL; an import statement in a method also costs a failed `__path__` lookup
    through the family module's `__getattr__` on every call)."""
    from asc_xdsl.dialects.emitasc import MemberOp, SetMemberOp

    return MemberOp, SetMemberOp


def pointer_field(g: KernelBuilder, api: str, name: str, value: Any, ir_name: str) -> Any:
    """A `T*` field (`memref<?xT>`): an asc.array of T, or a list made one. An array of
    constants of another type is rebuilt as T (C++ would not convert the pointer)."""
    from asc_xdsl.language.core.array import Array, array

    dtype = _BY_IR_NAME[ir_name.removeprefix("memref<?x").removesuffix(">")]
    if isinstance(value, list | tuple):
        return array(dtype, list(value)).handle
    if not isinstance(value, Array):
        g.fail(
            f"{api}: {name} must be an asc.array or a list of {dtype.name}, got {describe(value)}"
        )
    if value.dtype is dtype:
        return value.handle
    if value.values is None:
        g.fail(
            f"{api}: {name} is an array of {value.dtype.name}, the field a {dtype.name}*: "
            f"make the array asc.{dtype.name}"
        )
    return array(dtype, value.values).handle


def _value_dtype(value: Any) -> DataType:
    """The template argument a value gives (`init_value=1.0` -> float32)."""
    if isinstance(value, RuntimeScalar):
        return value.dtype
    if hasattr(value, "dtype") and not isinstance(value, IRValue):  # a numpy scalar
        return dt.from_numpy(value.dtype)
    return dt.float32 if isinstance(value, float) else dt.int32


def construct(
    api: str, dtype: DataType | None, operands: list[Any], types: Any, layout: int | None = None
) -> Any:
    g = require_jit(api)
    from asc_xdsl.dialects.ascendc.construct import ConstructOp

    return g.emit(ConstructOp(_struct_type(api, dtype, layout), operands, types)).result


@functools.cache
def _struct_type(api: str, dtype: DataType | None, layout: int | None = None) -> Any:
    """The IR type of struct `api` (of `dtype`'s elements where it takes them; of a
    CO2Layout for FixpipeParamsArch3510: the default's bare type), made once."""
    from asc_xdsl.dialects.ascendc import param_types, struct_types
    from asc_xdsl.dialects.ascendc import types as T

    name = f"{api}Type"
    cls = (
        getattr(T, name, None) or struct_types.STRUCT_TYPES.get(name) or getattr(param_types, name)
    )
    if layout is not None:
        return cls(None if layout == cls.DEFAULT_LAYOUT else layout)
    takes_element = "element_type" in inspect.signature(cls.__init__).parameters
    return cls(dtype.ir_type()) if takes_element and dtype is not None else cls()


class _FirstFormSignature:
    """A struct class's `__signature__` (what `inspect.signature` and `help()` show):
    its first form's, made when first asked for."""

    def __get__(self, obj: object, cls: type[_StructValue]) -> inspect.Signature:
        return cls._FORMS[0].signature


def _make(name: str, forms: tuple[str, ...]) -> type[_StructValue]:
    doc = f"`AscendC::{name}`: {name}({forms[0].replace(' ', ', ')})"
    return type(
        name,
        (_StructValue,),
        {
            "__doc__": doc,
            "__module__": __name__,
            "_FORMS": tuple(_Form(name, f) for f in forms),
            "__signature__": _FirstFormSignature(),
        },
    )


class _StructClasses(Mapping[str, type[_StructValue]]):
    """`STRUCTS`' classes by name, each made when first asked for (a kernel builds a few
    of them; the module's `__getattr__` and the language's names come here)."""

    def __init__(self) -> None:
        self._made: dict[str, type[_StructValue]] = {}

    def __getitem__(self, name: str) -> type[_StructValue]:
        cls = self._made.get(name)
        if cls is None:
            cls = self._made[name] = _make(name, STRUCTS[name])
            for attr, preset in _PRESETS.get(name, {}).items():
                setattr(cls, attr, preset)
        return cls

    def __iter__(self) -> Iterator[str]:
        return iter(STRUCTS)

    def __len__(self) -> int:
        return len(STRUCTS)


STRUCT_CLASSES: Mapping[str, type[_StructValue]] = _StructClasses()
if TYPE_CHECKING:  # the classes as type checkers see them (generated by tools/gen_api.py)
    from asc_xdsl.language.core._struct_api import *  # noqa: F403


def _fixpipe_preset(layout_name: str) -> classmethod:
    def preset(cls: type) -> Any:
        from asc_xdsl.language.core.enums import CO2Layout

        return cls(CO2Layout[layout_name])

    preset.__doc__ = f"`AscendC::CFG_{layout_name}`: FixpipeConfig(CO2Layout.{layout_name})."
    preset.__name__ = f"cfg_{layout_name.lower()}"
    preset.__qualname__ = f"FixpipeConfig.{preset.__name__}"
    return classmethod(preset)


_PRESETS: dict[str, dict[str, classmethod]] = {
    "FixpipeConfig": {
        "cfg_nz": _fixpipe_preset("NZ"),
        "cfg_row_major": _fixpipe_preset("ROW_MAJOR"),
    }
}
"""Class methods of a struct class (set when it is made): the headers' two FixpipeConfig
constants, as pyasc's class methods."""


class AggregateValue(IRValue):
    """A C++ aggregate (`TCubeTiling`, `SoftMaxTiling`, ...) built in the kernel from its
    members, in declaration order or by keyword. A keyword names a member by its
    snake_case spelling (`share_l0c_size` is `shareL0CSize`, `k_a` is `Ka`); members
    left out are zero (value-initialised), so only the members up to the last one given
    are passed: `AscendC::tiling::TCubeTiling t{...}`. Subclasses set `_TYPE`, the
    struct type's class name (`TCubeTilingType`)."""

    _TYPE = ""
    _CPP = ""  # the C++ class (the headers' table key), for host-side values
    # a member's value when not given: its C++ default member initializer (0 when none)
    _DEFAULT = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        api = type(self).__name__
        if not in_jit():
            # On the host (pyasc builds a TCubeTiling for get_tiling to fill, then
            # passes it to the kernel): a record of the members' values.
            self._init_host(*args, **kwargs)
            return
        g = require_jit(api)
        from asc_xdsl.dialects.ascendc.struct_fields import struct_entry
        from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES

        rtype = STRUCT_TYPES[self._TYPE]()
        members = [f for f in struct_entry(rtype.CPP_CLASS)["fields"] if f[3] == "value"]
        by_key = {_field_key(f[0]): i for i, f in enumerate(members)}
        if len(args) > len(members):
            g.fail(f"{api} has {len(members)} members, got {len(args)} arguments")
        values: dict[int, Any] = dict(enumerate(args))
        for name, value in kwargs.items():
            i = by_key.get(_field_key(name.replace("_", "")))
            if i is None:
                g.fail(f"{api} has no member {name!r}")
            if i in values:
                g.fail(f"{api}: member {name!r} given twice")
            values[i] = value
        count = max(values, default=-1) + 1
        operands, types = [], []
        for i, (_, _, ir_name, _) in enumerate(members[:count]):
            field_dtype = _BY_IR_NAME[ir_name]
            operands.append(g.scalar(values.get(i, self._DEFAULT), field_dtype))
            types.append(field_dtype.ir_type())
        from asc_xdsl.dialects.ascendc.construct import ConstructOp

        self.handle = g.emit(ConstructOp(rtype, operands, types or None)).result

    @classmethod
    def from_handle(cls, handle: Any) -> AggregateValue:
        """The kernel value held by SSA value `handle` (a struct kernel parameter's copy)."""
        value = object.__new__(cls)
        object.__setattr__(value, "handle", handle)
        return value

    @classmethod
    @functools.cache  # (one object: types are immutable)
    def ir_type(cls) -> Any:
        """The struct's IR type (`!ascendc.cube_tiling` for TCubeTiling)."""
        from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES

        return STRUCT_TYPES[cls._TYPE]()

    @classmethod
    @functools.cache  # (a kernel reads a tiling's members again and again)
    def _member(cls, name: str) -> tuple[str, DataType] | None:
        """The C++ name and type of the value member `name` (snake_case) names."""
        from asc_xdsl.dialects.ascendc.struct_fields import struct_entry

        key = _field_key(name.replace("_", ""))
        for cpp, _, ir_name, role in struct_entry(cls.ir_type().CPP_CLASS)["fields"]:
            if role == "value" and _field_key(cpp) == key:
                return cpp, _BY_IR_NAME[ir_name]
        return None

    # -- kernel-side member access --------------------------------------------------
    # `tiling.m` reads member `M` (`emitasc.member`, `T r = tiling.M;`); assigning one
    # sets it (`emitasc.set_member`) on the kernel's own copy.

    def _kernel_handle(self) -> Any:
        try:
            return object.__getattribute__(self, "handle")
        except AttributeError:  # not made yet
            return None

    def _kernel_member(self, name: str) -> tuple[Any, str, DataType]:
        api = type(self).__name__
        g = require_jit(f"{api}.{name}")
        member = self._member(name)
        if member is None:
            g.fail(f"{api} has no member {name!r}")
        return g, *member  # type: ignore[misc]

    def _read_member(self, name: str) -> RuntimeScalar:
        from asc_xdsl.dialects.fast_build import new_op

        g, cpp, dtype = self._kernel_member(name)
        op = new_op(
            _member_ops()[0], (self.handle,), (dtype.ir_type(),), {"field": _string_attr(cpp)}
        )
        (result,) = g.emit(op).results
        return RuntimeScalar(result, dtype)

    def _write_member(self, name: str, value: Any) -> None:
        from asc_xdsl.dialects.fast_build import new_op

        g, cpp, dtype = self._kernel_member(name)
        op = new_op(
            _member_ops()[1],
            (self.handle, g.scalar(value, dtype)),
            (),
            {"field": _string_attr(cpp)},
        )
        g.emit(op)

    # -- host-side values ---------------------------------------------------------
    # Members are read and written by their snake_case names (`t.k_a`, `t.base_m`),
    # matched like the keywords above; every member starts at zero.

    @classmethod
    def host_members(cls) -> tuple[str, ...]:
        """The C++ names of the struct's value members, in declaration order."""
        from asc_xdsl.dialects.ascendc.struct_fields import struct_entry

        entry = struct_entry(cls._CPP)
        return tuple(f[0] for f in entry["fields"] if f[3] == "value")

    def _init_host(self, *args: Any, **kwargs: Any) -> None:
        api = type(self).__name__
        members = self.host_members()
        if len(args) > len(members):
            raise ApiTypeError(f"{api} has {len(members)} members, got {len(args)} arguments")
        object.__setattr__(self, "handle", None)
        object.__setattr__(self, "_host", dict.fromkeys(members, self._DEFAULT))
        for name, value in zip(members, args, strict=False):
            self._host[name] = _host_int(api, name, value)
        for name, value in kwargs.items():
            setattr(self, name, value)

    def _host_member(self, name: str) -> str:
        key = _field_key(name.replace("_", ""))
        for member in self.__dict__["_host"]:
            if _field_key(member) == key:
                return member
        raise AttributeError(f"{type(self).__name__} has no member {name!r}")

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        if "_host" not in self.__dict__:
            if self._kernel_handle() is None or not in_jit():
                raise AttributeError(name)
            return self._read_member(name)
        return self._host[self._host_member(name)]

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "handle":
            object.__setattr__(self, name, value)
            return
        if "_host" not in self.__dict__:
            if self._kernel_handle() is None or not in_jit():
                raise AttributeError(f"{type(self).__name__} has no member {name!r}")
            self._write_member(name, value)
            return
        member = self._host_member(name)
        self._host[member] = _host_int(type(self).__name__, name, value)

    def pack(self) -> bytes:
        """The host-side value as the C++ struct's bytes (members in declaration order,
        natural alignment): what a kernel parameter of this struct receives in GM."""
        import numpy as np

        from asc_xdsl.dialects.ascendc.struct_fields import struct_entry

        if "_host" not in self.__dict__:
            raise ApiTypeError(f"a runtime {type(self).__name__} has no host bytes")
        fields = [f for f in struct_entry(self._CPP)["fields"] if f[3] == "value"]
        layout = np.dtype([(f[0], _BY_IR_NAME[f[2]].numpy_name) for f in fields], align=True)
        record = np.zeros((), layout)
        for cpp, value in self._host.items():
            record[cpp] = value
        return record.tobytes()

    def host_values(self) -> dict[str, int]:
        """The members' values by C++ name (a host-side value only)."""
        if "_host" not in self.__dict__:
            raise ApiTypeError(f"a runtime {type(self).__name__} has no host values")
        return dict(self._host)

    def __repr__(self) -> str:
        if "_host" not in self.__dict__:
            return f"<runtime {type(self).__name__}>"
        given = ", ".join(f"{k}={v}" for k, v in self._host.items() if v)
        return f"{type(self).__name__}({given})"


def _host_int(api: str, name: str, value: Any) -> int:
    """A member value of a host-side aggregate: an int32 (every tiling member is one)."""
    if isinstance(value, bool) or not isinstance(value, int):
        value_ = getattr(value, "value", value)  # an IntEnum-like host enum
        if isinstance(value_, bool) or not isinstance(value_, int):
            raise ApiTypeError(f"{api}.{name} must be an int, got {value!r}")
        value = value_
    if not -(2**31) <= value < 2**31:
        raise ApiValueError(f"{api}.{name} = {value} does not fit its int32_t member")
    return int(value)


class TensorShape(tuple):
    """pyasc's `TensorShape`: a tensor's extents, compile-time ints (`TBuf.get(dtype,
    shape=...)`, `LocalTensor.shape`). `TensorShape()` or `TensorShape(None)` is empty;
    `TensorShape(n)`, `TensorShape([m, n])` and `TensorShape(m, n)` give the extents."""

    __slots__ = ()

    def __new__(cls, *args: Any) -> TensorShape:
        if len(args) == 1:
            (arg,) = args
            if isinstance(arg, TensorShape):
                return arg
            if arg is None:
                args = ()
            elif isinstance(arg, Iterable) and not isinstance(arg, str | bytes):
                args = tuple(arg)
        dims = []
        for d in args:
            if isinstance(d, bool | IRValue):
                raise ApiTypeError(f"TensorShape takes compile-time ints, got {describe(d)}")
            try:
                dims.append(operator.index(d))
            except TypeError:
                raise ApiTypeError(
                    f"TensorShape takes compile-time ints, got {describe(d)}"
                ) from None
        return super().__new__(cls, dims)

    def size(self) -> int:
        """The number of elements (1 for the empty shape, as numpy's)."""
        return math.prod(self)

    def __repr__(self) -> str:
        return f"TensorShape{tuple(self)!r}"


class ShapeInfo(ShapeInfoSpecMethods, IRValue):
    """`AscendC::ShapeInfo`: `ShapeInfo()`, or `ShapeInfo(shape[, original_shape],
    data_format=DataFormat.ND)` from arrays (or lists) of the extents."""

    def __init__(
        self, shape: Any = None, original_shape: Any = None, data_format: Any = DataFormat.ND
    ) -> None:
        g = require_jit("ShapeInfo")
        if shape is None:
            if original_shape is not None or data_format is not DataFormat.ND:
                g.fail("ShapeInfo: original_shape and data_format need a shape")
            self.handle = construct("ShapeInfo", None, [], None)
            return
        fmt = g.enum(data_format, DataFormat, "data_format")
        operands: list[Any] = []
        for name, extents in (("shape", shape), ("original_shape", original_shape)):
            if extents is None:
                continue
            handle = pointer_field(g, "ShapeInfo", name, extents, "memref<?xui32>")
            operands += [g.scalar(handle.type.get_shape()[0], dt.uint8), handle]
        operands.append(g.scalar(int(fmt), dt.int32))
        self.handle = construct("ShapeInfo", None, operands, None)


__all__ = [*STRUCT_CLASSES, "ShapeInfo"]

if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        if name in STRUCTS:  # (a struct class: made when first named)
            value = globals()[name] = STRUCT_CLASSES[name]
            return value
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted({*globals(), *STRUCTS})


# BEGIN GENERATED __all__ by tools/gen_api.py: the names above, listed for type checkers
if TYPE_CHECKING:
    # fmt: off
    __all__ = ["BinaryRepeatParams", "UnaryRepeatParams", "BrcbRepeatParams", "GatherRepeatParams", "CopyRepeatParams", "GatherMaskParams", "DataCopyParams", "DataCopyExtParams", "DataCopyPadParams", "DataCopyPadExtParams", "InitConstValueParams", "MmadParams", "LoadData2DParams", "LoadData2DParamsV2", "LoadData2DMxParams", "LoadData2dTransposeParams", "LoadData2dTransposeParamsV2", "LoadData3DParamsV2Pro", "LoadData3DParamsV1", "LoadData3DParamsV2", "LoadDataRepeatParam", "LoadImageToLocalParams", "Nd2NzParams", "Dn2NzParams", "Nz2NdParamsFull", "SliceInfo", "TransDataTo5HDParams", "TransposeParamsExt", "FixpipeConfig", "MrgSort4Info", "VdeqInfo", "CheckLocalMemoryIAParam", "FixpipeParamsV220", "FixpipeParamsArch3510", "DataCopyCO12DstParams", "DataCopyEnhancedParams", "ShapeInfo"]  # noqa: F405, RUF022
    # fmt: on
# END GENERATED __all__
