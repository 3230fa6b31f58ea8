"""Ascend 950PR/950DT (arch 3510, dav-c310): what each op takes there, for the verifiers.

Two sources, both the Ascend C headers of arch 3510 (asc-devkit `impl/basic_api/dav_3510`,
`impl/basic_api/reg_compute/dav_3510`, `impl/adv_api/detail/**/*3510*`):

- `family_3510_probed.PROBED`: every op's Atlas A2/A3 dtypes compiled against them
  (tools/probe_dtypes.py, regenerated, not edited);
- `FROM_HEADERS` below: ops without an Atlas A2/A3 dtype table (the specs leave their
  dtypes to the C++ compiler on 2201), whose 3510 implementation states its dtypes in a
  `static_assert`; read from the header named in each row.

Rows are plain data (this module imports nothing of the verifier's), turned into
`family_dtypes.Delta` / `Unsupported` by family_dtypes.py: op -> `{}` (the Atlas A2/A3
table holds), `{variable: dtypes}` (this list replaces Atlas A2/A3's), or a string (the op
does not exist on 3510, and why). An op in neither table is not established for 3510:
only the SoC-independent checks run.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from asc_xdsl.dialects.ascendc.family_3510_probed import PROBED

Row = Mapping[str, tuple[str, ...]] | str

FROM_HEADERS: dict[str, Row] = {
    # kernel_operator_vec_mulcast_impl.h: the mask forms take (dst int8_t/uint8_t, src
    # half); the count form adds (dst int32_t/float, src int64_t). U is dst, T the sources.
    "ascendc.mul_cast_l0": {"T": ("f16",), "U": ("i8", "ui8")},
    "ascendc.mul_cast_l1": {"T": ("f16",), "U": ("i8", "ui8")},
    "ascendc.mul_cast_l2": {"T": ("f16", "i64"), "U": ("i8", "ui8", "i32", "f32")},
    # kernel_reg.h SetAippFunctionsImpl: the image in GM is uint8_t on 3510.
    "ascendc.set_aipp_functions": {"T": ("ui8",)},
    # dav_3510/kernel_operator_mm_impl.h LoadImageToLocal: uint8_t, int8_t, half.
    "ascendc.load_image_to_local": {"T": ("ui8", "i8", "f16")},
    # The probe finds no dtype of its GlobalTensor<uint64_t> compiling, but what 3510
    # rejects is the offset's type (dav_3510/kernel_operator_cache_impl.h: int16_t or
    # int64_t), which is no type variable: the table stands, bisheng judges the offset.
    "ascendc.data_cache_preload": {},
    # dav_3510/kernel_operator_vec_unary_impl.h AbsImpl<T, U>: T half or float, U
    # complex32 or complex64, T U's parts' type (its verifier checks the pair).
    "ascendc.abs_complex_l2": {},
    # dav_3510/kernel_operator_vec_binary_scalar_impl.h SubsImpl / DivsImpl: the ops exist
    # on 3510 only, their specs' dtypes are these asserts' (vector.SCALAR_950_TABLE, the
    # mask forms' SCALAR_950_MASK_TABLE); listed so the 3510 check reads them.
    **{f"ascendc.{op}{first}_{form}": {}
       for op in ("subs", "divs") for first in ("", "_scalar_first")
       for form in ("l0", "l1", "l2")},
    # dav_3510/kernel_operator_vec_binary_continuous_impl.h ShiftLeftImpl / ShiftRightImpl
    # (dst, src0, src1, count): 950-only ops, their specs' dtypes the asserts' (:323, :353;
    # the (T, U) pairs by vector_checks.ShiftByTensorBase).
    "ascendc.shift_left_tensor_l2": {},
    "ascendc.shift_right_tensor_l2": {},
    # ... and the flexible-scalar-position forms (both sources tensors) of Adds ... Ors:
    # their specs' dtypes are AddsImpl(dst, src0, src1, ...) ... OrsImpl's asserts
    # (vec_scalar_tensor.SCALAR_TENSOR_TABLE).
    **{f"ascendc.{op}_scalar_tensor_{form}": {}
       for op in ("adds", "muls", "maxs", "mins", "subs", "divs", "ands", "ors")
       for form in ("l0", "l1", "l2")},
}  # fmt: skip

UNEXPRESSED_PAIRS: dict[str, tuple[dict[str, str], ...]] = {
    "ascendc.axpy": ({"T": "f16", "U": "f32"},),
    "ascendc.axpy_l0": ({"T": "f16", "U": "f32"},),
    "ascendc.axpy_l1": ({"T": "f16", "U": "f32"},),
    "ascendc.axpy_l2": ({"T": "f16", "U": "f32"},),
    "ascendc.softmax": ({"T": "f32", "S": "f16"},),
    "ascendc.simple_softmax": ({"T": "f32", "S": "f16"},),
}
"""Combinations the 3510 headers reject while each dtype is kept in another combination
(tools/probe_dtypes.py): a per-variable table cannot refuse them, so bisheng does; the
Atlas A2/A3 pair tables of the verifiers (adv_math.AXPY_PAIRS, ...) do not apply here."""

ASCEND_950: Mapping[str, Row] = MappingProxyType({**PROBED, **FROM_HEADERS})
"""Op name -> its 3510 row."""

_COMPLEX = ("complex<f16>", "complex<f32>")
COMPLEX_FORMS: dict[str, dict[str, tuple[str, ...]]] = {
    # dav_3510/kernel_operator_vec_binary_continuous_impl.h: the count forms of Add, Sub,
    # Mul and Div list complex32 and complex64 (RegTraitNumTwo pairs); the mask forms'
    # asserts do not (kernel_operator_vec_binary_impl.h). The operators (l3) are the
    # count forms.
    **{f"ascendc.{op}_{form}": {"T": _COMPLEX}
       for op in ("add", "sub", "mul", "div") for form in ("l2", "l3")},
    # dav_3510/kernel_operator_vec_binary_scalar_impl.h: AddsImpl / MulsImpl, count form.
    "ascendc.adds_l2": {"T": _COMPLEX},
    "ascendc.muls_l2": {"T": _COMPLEX},
    # ... and their scalar-first overloads (the intf's Adds / Muls with a scalar src0 call
    # the same AddsImpl / MulsImpl).
    "ascendc.adds_scalar_first_l2": {"T": _COMPLEX},
    "ascendc.muls_scalar_first_l2": {"T": _COMPLEX},
    # dav_3510/kernel_operator_vec_duplicate_impl.h CheckDuplicateSupportedType (the count
    # form; the mask forms' CheckDuplicateL0SupportedType leaves complex out).
    "ascendc.duplicate_l2": {"T": _COMPLEX},
    # dav_3510/kernel_operator_vec_sel_impl.h VselImpl, the count forms (two tensors, or a
    # tensor and a scalar); the mask forms' asserts list no complex type.
    "ascendc.select_l2": {"T": _COMPLEX},
    "ascendc.select_scalar_l2": {"T": _COMPLEX},
    # dav_3510 kernel_operator_data_copy_impl.h: UB -> UB Copy moves b16 / b32 elements
    # (SupportBytes<T, 2, 4>): complex32, not complex64.
    "ascendc.copy_l0": {"T": ("complex<f16>",)},
    "ascendc.copy_l1": {"T": ("complex<f16>",)},
    # ... and Cast between complex types (vec_vconv.CAST_MODES_950_COMPLEX: the pairs).
}  # fmt: skip
"""Op -> type variable -> the complex types its 3510 implementation takes besides its
table's (complex32 / complex64 exist on 3510 only, so no Atlas A2/A3 table or probe of
its dtypes has them). Each was compiled against the 3510 headers, and each of its other
forms refused there (tests/unit/test_vec_complex.py, docs/ascend950.md)."""

_FLOAT8 = ("f8E4M3FN", "f8E5M2", "f8E8M0FNU", "!ascendc.hifloat8")
_FLOAT4 = ("f4E2M1FN", "!ascendc.float4_e1m2")
FLOAT8_FORMS: dict[str, dict[str, tuple[str, ...]]] = {
    # dav_3510/kernel_operator_vec_duplicate_impl.h CheckDuplicateSupportedType: the count
    # form takes the 8-bit floats and fp4x2_e2m1_t / fp4x2_e1m2_t (its mask forms do
    # not); the scalar is a constant of the type (arith.constant, ascendc.float_constant:
    # docs/fp8.md).
    "ascendc.duplicate_l2": {"T": (*_FLOAT8, *_FLOAT4)},
}  # fmt: skip
"""Op -> type variable -> the 8-bit float types its 3510 implementation takes besides its
table's (fp8_types.takes_float8 lets the op take them at all)."""

_MULS_MORE = ("bf16", "i64", "ui64")
SCALAR_FORMS: dict[str, dict[str, tuple[str, ...]]] = {
    # dav_3510/kernel_operator_vec_binary_scalar_impl.h AddsImpl / MulsImpl / MaxsImpl /
    # MinsImpl, the count form: Adds, Maxs and Mins uint8_t, int8_t, bfloat16_t, int64_t,
    # uint64_t, Muls bfloat16_t, int64_t, uint64_t besides Atlas A2/A3's (64-bit ones on
    # RegTraitNumTwo pairs); the probe, compiling the Atlas A2/A3 dtypes only, could not
    # see them. The scalar-first overloads (Adds / Muls) call the same Impl.
    **{f"ascendc.adds{form}_l2": {"T": ("ui8", "i8", *_MULS_MORE)}
       for form in ("", "_scalar_first")},
    **{f"ascendc.muls{form}_l2": {"T": _MULS_MORE} for form in ("", "_scalar_first")},
    **{f"ascendc.{op}_l2": {"T": ("ui8", "i8", *_MULS_MORE)} for op in ("maxs", "mins")},
    # ... the mask forms (level 0 / 1) of the four: half, bfloat16_t, float, int16_t,
    # int32_t (Muls bfloat16_t as Duplicate then Reg Mul). LeakyRelu's (half, float) and
    # ShiftLeft / ShiftRight's (int16_t, uint16_t, int32_t, uint32_t) are Atlas A2/A3's
    # (the shifts' count forms: BITWISE_FORMS).
    **{f"ascendc.{op}_{form}": {"T": ("bf16",)}
       for op in ("adds", "muls", "maxs", "mins") for form in ("l0", "l1")},
}  # fmt: skip
"""Op -> type variable -> the types its 3510 form takes besides its table's."""

_B8_B64 = ("i8", "ui8", "i64", "ui64")
BITWISE_FORMS: dict[str, dict[str, tuple[str, ...]]] = {
    # dav_3510/kernel_operator_vec_binary_scalar_impl.h:423-427 / :466-470: the count forms
    # of ShiftLeft / ShiftRight take uint8_t, int8_t, int64_t, uint64_t besides Atlas
    # A2/A3's (64-bit ones on RegTraitNumTwo pairs); their mask forms (:404, :415 / :447,
    # :458) Atlas A2/A3's int16_t, uint16_t, int32_t, uint32_t.
    **{f"ascendc.shift_{d}_l2": {"T": _B8_B64} for d in ("left", "right")},
    # dav_3510/kernel_operator_vec_binary_impl.h:122 / :134: And / Or's mask forms take
    # int32_t, uint32_t besides int16_t, uint16_t; kernel_operator_vec_binary_continuous_
    # impl.h:240 / :261: their count forms 8- and 64-bit ints too.
    **{f"ascendc.{op}_{form}": {"T": ("i32", "ui32")}
       for op in ("and", "or") for form in ("l0", "l1")},
    **{f"ascendc.{op}_l2": {"T": ("i32", "ui32", *_B8_B64)} for op in ("and", "or")},
    # dav_3510/kernel_operator_vec_unary_impl.h:527 / :539: Not's mask forms take half,
    # float, uint32_t, int32_t besides Atlas A2/A3's; :704: its count form 8- and 64-bit
    # ints too (the bits inverted, whatever the type).
    **{f"ascendc.not_{form}": {"T": ("f16", "f32", "i32", "ui32")} for form in ("l0", "l1")},
    "ascendc.not_l2": {"T": ("f16", "f32", "i32", "ui32", *_B8_B64)},
}  # fmt: skip
"""Op -> type variable -> the integer (and Not's float) types the 3510 forms of the
shifts and bitwise ops take besides Atlas A2/A3's table (the probe compiled only those)."""

_EXTRA = (COMPLEX_FORMS, FLOAT8_FORMS, SCALAR_FORMS, BITWISE_FORMS)
EXTRA_FORMS: dict[str, dict[str, tuple[str, ...]]] = {
    op: {
        var: tuple(t for table in _EXTRA for t in table.get(op, {}).get(var, ()))
        for var in {v for table in _EXTRA for v in table.get(op, {})}
    }
    for table in _EXTRA
    for op in table
}
"""COMPLEX_FORMS, FLOAT8_FORMS, SCALAR_FORMS and BITWISE_FORMS together (family_dtypes
adds them to the rows)."""

OPERAND_RULES: dict[str, dict[str, tuple[str, ...] | str]] = {
    # The count form's overloads are ambiguous on 3510 for a scalar of another type than
    # the tensor's (Duplicate<half>(dst, float, n)); Atlas A2/A3 converts it.
    "ascendc.duplicate_l2": {"scalar": "T"},
    # dav_3510/kernel_operator_cache_impl.h asserts the offset's type.
    "ascendc.data_cache_preload": {"cache_offset": ("i16", "i64")},
}
"""Op -> operand -> the types it takes on 3510: a tuple of dtypes, or the type variable
whose element type it must have. Found by the 3510 header check of the emission tests
(docs/ascend950.md), for operands that are no type variable of the dtype tables."""

CONSTRUCTORS: dict[str, tuple[int, ...]] = {
    # impl/basic_api/utils/kernel_utils_struct_dma_params.h: on 3510 Nz2NdParams holds
    # (ndNum, srcNdStride, dstNdStride), not Atlas A2/A3's five fields.
    "AscendC::Nz2NdParams": (0, 3),
}
"""C++ struct -> the field counts its 3510 constructors take, where they differ from the
Atlas A2/A3 ones the struct field table was read from."""
