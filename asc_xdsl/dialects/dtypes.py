"""Data types of kernel values (`asc.float16`, `asc.int32`, ...), pyasc's names.

IR-level facts (the dtype of an IR type, float limits): here below the passes that read
them; the frontend and the language re-export them (`asc_xdsl.frontend.dtypes`)."""

from __future__ import annotations

import contextlib
import math
from typing import Any

from asc_xdsl.diagnostics import ApiTypeError, ApiValueError

_VOID = "asc.void is no element type: a value or a tensor needs a numeric dtype"


class DataType:
    """A scalar element type: name, kind (int/uint/float/bool) and bit width."""

    __slots__ = ("_ir_type", "bitwidth", "kind", "name")

    def __new__(cls, name: str, kind: str | None = None, bitwidth: int | None = None):
        # `DataType("int32")` (pyasc's form, also inside kernels) is the known dtype.
        if kind is None:
            try:
                return _BY_NAME[_ALIASES.get(name, name)]
            except KeyError:
                known = ", ".join(sorted({*_BY_NAME, *_ALIASES}))
                raise ApiValueError(f"unknown data type {name!r} (known: {known})") from None
        return super().__new__(cls)

    def __init__(self, name: str, kind: str | None = None, bitwidth: int | None = None) -> None:
        if kind is None:  # a known dtype, returned by __new__
            return
        self.name = name
        self.kind = kind
        self.bitwidth = bitwidth
        self._ir_type: Any = None

    def sizeof(self) -> int:
        """Size in bytes (as `sizeof(T)` in Ascend C)."""
        if self.bitwidth is None:
            raise ValueError(f"data type {self.name} has no size")
        return max(1, self.bitwidth // 8)

    def is_float(self) -> bool:
        """Whether a floating-point type (float16, bfloat16, float32, ...)."""
        return self.kind == "float"

    def is_int(self) -> bool:
        """Whether an integer type, signed or not (bool counts as one)."""
        return self.kind in ("int", "uint", "bool")

    def is_signed(self) -> bool:
        """Whether a signed type (the signed integers and the floats)."""
        return self.kind in ("int", "float")

    def is_unsigned(self) -> bool:
        """Whether an unsigned integer type."""
        return self.kind == "uint"

    def is_numeric(self) -> bool:
        """Whether an integer, floating-point or complex type."""
        return self.is_int() or self.is_float() or self.is_complex()

    def is_float8(self) -> bool:
        """Whether one of Ascend 950's 8-bit float types (float8_e4m3fn, float8_e5m2,
        float8_e8m0, hifloat8)."""
        return self.name in _FLOAT8_NAMES

    def is_float4(self) -> bool:
        """Whether one of Ascend 950's 4-bit float types (float4_e2m1, float4_e1m2)."""
        return self.name in _FLOAT4_NAMES

    def is_complex(self) -> bool:
        """Whether a complex type (complex32: two float16, complex64: two float32)."""
        return self.kind == "complex"

    @property
    def component(self) -> DataType:
        """A complex type's real (and imaginary) part's type: float16 or float32."""
        if self.kind != "complex":
            raise TypeError(f"{self.name} is not a complex type")
        return float16 if self.bitwidth == 32 else float32

    def is_void(self) -> bool:
        """Whether `void` (no value)."""
        return self.kind == "void"

    @property
    def ir_name(self) -> str:
        """The IR type's spelling: i32, ui16, f16, bf16, i1, complex<f16>."""
        if self.kind == "bool":
            return "i1"
        if self.kind == "void":
            raise TypeError(_VOID)
        if self.name == "bfloat16":
            return "bf16"
        if self.name in _LOWP_NAMES:
            return _LOWP_NAMES[self.name]
        if self.kind == "complex":
            return f"complex<f{self.bitwidth // 2}>"
        prefix = {"int": "i", "uint": "ui", "float": "f"}[self.kind]
        return f"{prefix}{self.bitwidth}"

    def ir_type(self) -> Any:
        """The xDSL type (made once)."""
        if self._ir_type is None:
            self._ir_type = self._make_ir_type()
        return self._ir_type

    def _make_ir_type(self) -> Any:
        if self.kind == "void":
            raise TypeError(_VOID)
        from xdsl.dialects.builtin import (
            BFloat16Type,
            ComplexType,
            Float16Type,
            Float32Type,
            Float64Type,
            IntegerType,
            Signedness,
        )

        if self.kind == "bool":
            return IntegerType(1)
        if self.kind in ("int", "uint"):
            signed = Signedness.SIGNLESS if self.kind == "int" else Signedness.UNSIGNED
            return IntegerType(self.bitwidth, signed)
        if self.name == "bfloat16":
            return BFloat16Type()
        if self.kind == "complex":
            return ComplexType(self.component.ir_type())
        if self.name in _LOWP_NAMES:
            from asc_xdsl.dialects.ascendc.fp8_types import float8_ir_type

            return float8_ir_type(self.name)
        return {16: Float16Type, 32: Float32Type, 64: Float64Type}[self.bitwidth]()

    @property
    def numpy_name(self) -> str:
        # (the 8-bit floats are held as their uint8 codes on the host and in the simulator)
        if self.name in _FLOAT8_NAMES:
            return "uint8"
        return {"bfloat16": "bfloat16", "bool": "bool"}.get(self.name, self.name)

    def __reduce__(self) -> tuple[Any, ...]:
        return (DataType, (self.name,))  # copies and pickles are the known dtype

    def __repr__(self) -> str:
        return f"DataType(name={self.name}, kind={self.kind}, bitwidth={self.bitwidth})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DataType) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)


bool_ = DataType("bool", "bool", 8)
int8 = DataType("int8", "int", 8)
uint8 = DataType("uint8", "uint", 8)
int16 = DataType("int16", "int", 16)
uint16 = DataType("uint16", "uint", 16)
int32 = DataType("int32", "int", 32)
uint32 = DataType("uint32", "uint", 32)
int64 = DataType("int64", "int", 64)
uint64 = DataType("uint64", "uint", 64)
float16 = DataType("float16", "float", 16)
half = float16
bfloat16 = DataType("bfloat16", "float", 16)
float32 = DataType("float32", "float", 32)
float64 = DataType("float64", "float", 64)
# Ascend 950 (arch 3510) only: `complex32` = `AscendC::Complex<half>` (4 bytes),
# `complex64` = `AscendC::Complex<float>` (8 bytes); IR `complex<f16>` / `complex<f32>`.
complex32 = DataType("complex32", "complex", 32)
complex64 = DataType("complex64", "complex", 64)
# Ascend 950 (arch 3510) only: the 8-bit floats (`fp8_e4m3fn_t`, `fp8_e5m2_t`,
# `fp8_e8m0_t`, `hifloat8_t`); IR f8E4M3FN, f8E5M2, f8E8M0FNU, !ascendc.hifloat8;
# values are uint8 codes outside the device (asc_xdsl.utils.float8, docs/fp8.md).
float8_e4m3fn = DataType("float8_e4m3fn", "float", 8)
float8_e5m2 = DataType("float8_e5m2", "float", 8)
float8_e8m0 = DataType("float8_e8m0", "float", 8)
hifloat8 = DataType("hifloat8", "float", 8)
# ... and its 4-bit floats (`fp4x2_e2m1_t`, `fp4x2_e1m2_t`: a tensor counts 4-bit
# elements, two a byte); IR f4E2M1FN, !ascendc.float4_e1m2. Compiled, not simulated yet.
float4_e2m1 = DataType("float4_e2m1", "float", 4)
float4_e1m2 = DataType("float4_e1m2", "float", 4)
# pyasc's marker of "no value" (C++ `void`): not an element type (no size, no IR type)
void = DataType("void", "void", None)
# pyasc's C-style aliases
int_ = int32
float_ = float32
double = float64

ALL_DTYPES = (
    bool_,
    int8,
    uint8,
    int16,
    uint16,
    int32,
    uint32,
    int64,
    uint64,
    float16,
    bfloat16,
    float32,
    float64,
)
COMPLEX_DTYPES = (complex32, complex64)
"""The complex element types (Ascend 950 only; not in ALL_DTYPES, the types every SoC has)."""
FLOAT8_DTYPES = (float8_e4m3fn, float8_e5m2, float8_e8m0, hifloat8)
"""The 8-bit float element types (Ascend 950 only)."""
_FLOAT8_NAMES = {
    "float8_e4m3fn": "f8E4M3FN",
    "float8_e5m2": "f8E5M2",
    "float8_e8m0": "f8E8M0FNU",
    "hifloat8": "!ascendc.hifloat8",
}
"""8-bit float dtype name -> its IR type's spelling."""
FLOAT4_DTYPES = (float4_e2m1, float4_e1m2)
"""The 4-bit float element types (Ascend 950 only)."""
_FLOAT4_NAMES = {"float4_e2m1": "f4E2M1FN", "float4_e1m2": "!ascendc.float4_e1m2"}
_LOWP_NAMES = {**_FLOAT8_NAMES, **_FLOAT4_NAMES}
_BY_NAME = {d.name: d for d in (*ALL_DTYPES, *COMPLEX_DTYPES, *FLOAT8_DTYPES, *FLOAT4_DTYPES)} | {
    "void": void
}
_ALIASES = {"half": "float16", "bool_": "bool", "int_": "int32", "float_": "float32",
            "double": "float64", "float8_e4m3": "float8_e4m3fn",
            "float8_e8m0fnu": "float8_e8m0"}  # fmt: skip
"""pyasc's other spellings of the dtype names (its `bool_` is a name, not a type)."""
_BY_IR_NAME = {
    d.ir_name: d
    for d in (*ALL_DTYPES, *COMPLEX_DTYPES, *FLOAT8_DTYPES, *FLOAT4_DTYPES)
    if d is not bool_
}
_BY_IR_NAME["i1"] = bool_


FLOAT_LIMITS: dict[str, tuple[float, float]] = {
    "float16": (65504.0, 65520.0),
    "bfloat16": (float.fromhex("0x1.fep127"), float.fromhex("0x1.ffp127")),
    "float32": (float.fromhex("0x1.fffffep127"), float.fromhex("0x1.ffffffp127")),
    "float64": (float.fromhex("0x1.fffffffffffffp1023"), float("inf")),
    # (the 8-bit floats: where their Cast's rounding overflows, docs/fp8.md)
    "float8_e4m3fn": (448.0, math.nextafter(464.0, math.inf)),  # (464: a tie, to 448)
    "float8_e5m2": (57344.0, 61440.0),
    "float8_e8m0": (2.0**127, 2.0**128),
    "hifloat8": (32768.0, 40960.0),
    # (the 4-bit floats have no infinity: where rounding to nearest would pass the largest
    # value, the ties 7 and 1.875 going to the even code past it)
    "float4_e2m1": (6.0, 7.0),
    "float4_e1m2": (1.75, 1.875),
}
"""Float dtype -> (largest finite value, smallest magnitude that rounds to infinity)."""


def float_overflows(value: float, dtype: DataType) -> bool:
    """Does finite `value` round to infinity in float type `dtype`? (inf and NaN: no)"""
    return math.isfinite(value) and abs(value) >= FLOAT_LIMITS[dtype.name][1]


_FROM_NUMPY: dict[Any, DataType] = {}


def from_numpy(dtype: Any) -> DataType:
    """The DataType of a numpy (or torch) dtype (memoised: it runs on every launch)."""
    try:
        return _FROM_NUMPY[dtype]
    except (KeyError, TypeError):
        pass
    name = str(dtype).removeprefix("torch.")
    if name == "bool":
        found = bool_
    elif name in _NUMPY_FLOAT8:  # (ml_dtypes' arrays, when the user has it)
        found = _NUMPY_FLOAT8[name]
    elif name in _BY_NAME and name != "complex32" and name not in _LOWP_NAMES:
        found = _BY_NAME[name]
    elif _is_complex32_pair(dtype):
        found = complex32
    elif _float8_tag(dtype) is not None:
        found = _float8_tag(dtype)
    else:
        hint = {
            "complex128": " (complex kernels take complex64, or complex32 as the structured "
            "dtype [('real', '<f2'), ('imag', '<f2')])",
            "complex32": " (numpy has no complex32: pass the structured dtype "
            "[('real', '<f2'), ('imag', '<f2')], e.g. a.view(that)[..., 0] of a (..., 2) "
            "float16 array)",
            **dict.fromkeys(
                _FLOAT8_NAMES,
                " (numpy has no 8-bit floats: pass their uint8 codes tagged with the format, "
                "asc_xdsl.testing.float8_array(values, name) or codes.view("
                "asc_xdsl.runtime.numpy_types.FLOAT8_TAGS[name]), or an ml_dtypes array)",
            ),
        }.get(name, "")
        raise ApiTypeError(f"arrays of dtype {name} cannot be passed to a kernel{hint}")
    with contextlib.suppress(TypeError):  # an unhashable dtype object is not memoised
        _FROM_NUMPY[dtype] = found
    return found


_NUMPY_FLOAT8 = {
    "float8_e4m3fn": float8_e4m3fn,
    "float8_e5m2": float8_e5m2,
    "float8_e8m0fnu": float8_e8m0,
}
"""ml_dtypes' names of the 8-bit floats it has (HiFloat8 is not one: pass uint8 codes)."""


def _float8_tag(dtype: Any) -> DataType | None:
    """The 8-bit float a numpy dtype tags: one uint8 field named after the format
    (runtime.numpy_types.FLOAT8_TAGS: uint8 codes marked as, say, hifloat8)."""
    names = getattr(dtype, "names", None)
    if not names or len(names) != 1 or names[0] not in _LOWP_NAMES:  # (4-bit: two a byte)
        return None
    field = dtype.fields[names[0]][0]
    return _BY_NAME[names[0]] if str(field) == "uint8" and dtype.itemsize == 1 else None


def _is_complex32_pair(dtype: Any) -> bool:
    """Whether a numpy dtype is complex32's storage: the structured pair of float16
    fields `real`, `imag` (runtime.numpy_types.COMPLEX32)."""
    fields = getattr(dtype, "fields", None)
    if not fields or getattr(dtype, "names", None) != ("real", "imag"):
        return False
    return all(str(fields[n][0]) == "float16" for n in ("real", "imag")) and (
        fields["imag"][1] == 2 and getattr(dtype, "itemsize", 0) == 4
    )


_FROM_IR: dict[Any, DataType] = {}
_FROM_IR_BY_ID: dict[int, tuple[Any, DataType]] = {}


def from_ir(t: Any) -> DataType:
    """The DataType of an IR scalar type (index counts as int64). Memoised by type:
    `str(t)` runs xDSL's printer (a tenth of a millisecond per call)."""
    by_id = _FROM_IR_BY_ID.get(id(t))  # (the types the compiler makes are made once:
    if by_id is not None and by_id[0] is t:  # an identity hit skips xDSL's Python hash)
        return by_id[1]
    found = _FROM_IR.get(t)
    if found is not None:
        if len(_FROM_IR_BY_ID) < 4096:
            _FROM_IR_BY_ID[id(t)] = (t, found)  # (t kept alive: its id stays its own)
        return found
    name = str(t)
    if name == "index":
        found = int64
    elif name in _BY_IR_NAME:
        found = _BY_IR_NAME[name]
    else:
        raise TypeError(f"IR type {name} has no DataType")
    _FROM_IR[t] = found
    return found


__all__ = [
    "ALL_DTYPES",
    "COMPLEX_DTYPES",
    "FLOAT4_DTYPES",
    "FLOAT8_DTYPES",
    "FLOAT_LIMITS",
    "DataType",
    "bfloat16",
    "bool_",
    "complex32",
    "complex64",
    "double",
    "float4_e1m2",
    "float4_e2m1",
    "float8_e4m3fn",
    "float8_e5m2",
    "float8_e8m0",
    "float16",
    "float32",
    "float64",
    "float_",
    "float_overflows",
    "from_ir",
    "from_numpy",
    "half",
    "hifloat8",
    "int8",
    "int16",
    "int32",
    "int64",
    "int_",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "void",
]
