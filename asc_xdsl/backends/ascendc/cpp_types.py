"""C++ spellings of IR types and constants, as the Ascend C headers name them, and the
checks of C++ text the IR gives verbatim (`code_line_problem`, `expression_problem`)."""

from __future__ import annotations

import functools
import math
import struct
import sys
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import (
    ArrayAttr,
    BFloat16Type,
    ComplexType,
    Float4E2M1FNType,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float8E8M0FNUType,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneAttr,
    Signedness,
)
from xdsl.ir import Attribute, ParametrizedAttribute

from asc_xdsl.backends.ascendc.names import class_name_problem, identifier_problem
from asc_xdsl.dialects.ascendc.base import GM_MEMORY_SPACE
from asc_xdsl.dialects.ascendc.enums import AscEnum
from asc_xdsl.dialects.ascendc.types import AscendCType, UnsupportedType
from asc_xdsl.utils.class_tests import LoadedSubclassCache, SubclassCache
from asc_xdsl.utils.cpp_identifiers import (  # noqa: F401 (public here too)
    code_line_problem,
    expression_problem,
)

if TYPE_CHECKING:
    from asc_xdsl.dialects.ascendc.adv_types import MatmulConfigAttr, MatrixSpec

_ADV_TYPES = "asc_xdsl.dialects.ascendc.adv_types"
"""The Matmul types' module, loaded on first use (`ascendc.LAZY_TYPES`)."""

INDEX_CPP = "int64_t"
"""`index` values (loop counters, offsets) are signed 64-bit on the device."""

_FLOATS: dict[type[Attribute], str] = {
    Float16Type: "half",
    BFloat16Type: "bfloat16_t",
    Float32Type: "float",
    Float64Type: "double",
    # Ascend 950's 8-bit floats (global names in the 3510 headers; HiFloat8, no builtin
    # IR type, is !ascendc.hifloat8, whose class name prints `hifloat8_t`)
    Float8E4M3FNType: "fp8_e4m3fn_t",
    Float8E5M2Type: "fp8_e5m2_t",
    Float8E8M0FNUType: "fp8_e8m0_t",
    # its 4-bit floats: a tensor of f4E2M1FN is one of fp4x2_e2m1_t (counting 4-bit
    # elements); !ascendc.float4_e1m2 prints its class name fp4x2_e1m2_t
    Float4E2M1FNType: "fp4x2_e2m1_t",
}

# memref memory space -> pointer qualifier (pyasc's numbering).
ADDRESS_SPACES: dict[int, str] = {
    GM_MEMORY_SPACE: "__gm__",
    23: "__ca__",
    24: "__cb__",
    25: "__cc__",
    26: "__ubuf__",
    27: "__cbuf__",
    28: "__fbuf__",
}


# Types that are classes with non-constexpr constructors in CANN's CPU-debug build
# (`half`, `bfloat16_t` come from kernel_fp16.h / kernel_bf16.h there), so their
# constants are `const`, not `constexpr`; on the device they are builtin types, where
# `const` means the same.
_CLASS_IN_CPU_DEBUG: tuple[type[Attribute], ...] = (
    Float16Type,
    BFloat16Type,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float8E8M0FNUType,
    Float4E2M1FNType,
)
# (and our HiFloat8 and float4_e1m2 types, whose module loads on first use:
# `ascendc.LAZY_TYPES`)


def constant_qualifier(t: Attribute) -> str:
    """`constexpr` for a constant of type `t` when that is valid on every build, else `const`."""
    cls = type(t)
    return "const" if _IS_CLASS_IN_CPU_DEBUG[cls] or _IS_OUR_LOWP_FLOAT[cls] else "constexpr"


def int_cpp(t: IntegerType, unsigned: bool | None = None) -> str:
    width = t.width.data
    if width == 1:
        return "bool"
    if width not in (8, 16, 32, 64):
        raise UnsupportedType(f"integer type {t} has no Ascend C equivalent")
    if unsigned is None:
        unsigned = t.signedness.data == Signedness.UNSIGNED
    return f"{'u' if unsigned else ''}int{width}_t"


_COMPLEX: dict[type[Attribute], str] = {Float16Type: "complex32", Float32Type: "complex64"}
"""Ascend 950's complex types (global names the 3510 headers define, `AscendC::Complex<half>`
and `AscendC::Complex<float>`), by their parts' type."""


def complex_cpp(t: ComplexType) -> str:
    name = _COMPLEX.get(type(t.element_type))
    if name is None:
        raise UnsupportedType(
            f"type {t} has no Ascend C equivalent (complex32: complex<f16>, "
            "complex64: complex<f32>)"
        )
    return name


def memory_space(t: MemRefType) -> int | None:
    space = t.memory_space
    if isinstance(space, NoneAttr):
        return None
    if isinstance(space, IntegerAttr):
        return space.value.data
    if isinstance(space, IntAttr):
        return space.data
    raise UnsupportedType(f"memory space {space} is not understood")


def cpp_type(t: Attribute) -> str:
    """The C++ type of a value of IR type `t`."""
    cls = type(t)  # (class tests per class: an isinstance against these is an ABC's)
    if _IS_INTEGER_TYPE[cls]:
        return int_cpp(t)  # type: ignore[arg-type]
    if _IS_INDEX_TYPE[cls]:
        return INDEX_CPP
    if cls in _FLOATS:
        return _FLOATS[cls]
    if cls is ComplexType:
        return complex_cpp(t)  # type: ignore[arg-type]
    if _IS_MEMREF_TYPE[cls]:
        return pointer_type(t)  # type: ignore[arg-type]
    if _IS_ASCENDC_TYPE[cls]:
        cpp_class = _class_name(t)
        args = t.cpp_template_args()
        if not args:
            return f"{cpp_class}<>" if t.CPP_EMPTY_TEMPLATE_ARGS else cpp_class
        return f"{cpp_class}<{', '.join(template_arg(a) for a in args)}>"
    raise UnsupportedType(f"type {t} has no Ascend C equivalent")


PY_STRUCT = "emitasc.py_struct"


def _class_name(t: Attribute) -> str:
    """The C++ class an `ascendc`/`emitasc` type names, refused when it is not a class
    name (a `!emitasc.py_struct`'s name is the IR's own text; unverified IR may hold
    anything there)."""
    name = t.CPP_CLASS  # type: ignore[attr-defined]
    # (a py_struct's name is the kernel's own: the verifier's stricter rule)
    check = identifier_problem if t.name == PY_STRUCT else class_name_problem
    problem = check(name)
    if problem is not None:
        raise UnsupportedType(f"type {t} names the C++ class {name!r}, which {problem}")
    return name


def pointer_type(t: MemRefType) -> str:
    space = memory_space(t)
    qualifier = ADDRESS_SPACES.get(space) if space is not None else None
    if space is not None and qualifier is None:
        raise UnsupportedType(f"memory space {space} has no Ascend C address qualifier")
    element = cpp_type(t.element_type)
    return f"{qualifier} {element}*" if qualifier else f"{element}*"


def template_arg(arg: object) -> str:
    if isinstance(arg, AscEnum):
        return arg.cpp
    if isinstance(arg, bool):
        return "true" if arg else "false"
    if isinstance(arg, int | str):
        return str(arg)
    adv = sys.modules.get(_ADV_TYPES)  # (no matmul value exists before it is loaded)
    if adv is not None:
        if isinstance(arg, adv.MatrixSpec):
            return matmul_type_cpp(arg)
        if isinstance(arg, adv.MatmulConfigAttr):
            return matmul_config_name(config_initializer(arg))
    if not isinstance(arg, Attribute):
        raise UnsupportedType(f"template argument {arg!r} has no C++ spelling")
    return cpp_type(arg)


def _through_float(value: float) -> float:
    return struct.unpack("f", struct.pack("f", value))[0]


def _through_half(value: float) -> float:
    return struct.unpack("e", struct.pack("e", _through_float(value)))[0]


# How the compiler reads a literal of ours for each type: a double literal, or a float
# one (`1.5f`) that a half is then converted from. bfloat16 literals are written exactly.
_READ_AS: dict[type[Attribute], Callable[[float], float]] = {
    Float64Type: float,
    Float32Type: _through_float,
    Float16Type: _through_half,
}


def _shortest_digits(value: float, read: Callable[[float], float]) -> str:
    """The fewest significant digits that read back as what `value` is in the type
    (`0.1`, not `0.10000000149011612`, for a float)."""
    try:
        target = read(value)
    except OverflowError:  # beyond the type's range: the IR's own value
        return repr(value)
    for digits in range(1, 18):
        shortest = float(f"{value:.{digits}g}")
        try:
            if read(shortest) == target:
                return repr(shortest)  # positional where Python's repr is (`65500.0`)
        except OverflowError:  # rounded past the type's largest value
            continue
    return repr(value)


def float_literal(value: float, t: Attribute) -> str:
    """A C++ expression for a float constant of IR type `t`: the shortest decimal that
    the compiler reads back as the same value of `t`."""
    if math.isnan(value):
        text = '__builtin_nanf("")'
    elif math.isinf(value):
        text = "__builtin_inff()" if value > 0 else "-__builtin_inff()"
    else:
        read = _READ_AS.get(type(t))
        text = repr(float(value)) if read is None else _shortest_digits(float(value), read)
        if "e" not in text and "." not in text:
            text += ".0"
        if not isinstance(t, Float64Type):
            text += "f"
    if isinstance(t, Float32Type | Float64Type):
        return text
    return f"static_cast<{cpp_type(t)}>({text})"


def int_literal(value: int, t: Attribute) -> str:
    integer = _IS_INTEGER_TYPE[type(t)]
    if integer and t.width.data == 1:  # type: ignore[attr-defined]
        return "true" if value else "false"
    if integer and t.signedness.data == Signedness.UNSIGNED and value < 0:  # type: ignore[attr-defined]
        value += 1 << t.width.data  # type: ignore[attr-defined]
    if (integer and t.width.data == 64) or _IS_INDEX_TYPE[type(t)]:  # type: ignore[attr-defined]
        if value == -(1 << 63):  # `9223372036854775808LL` itself does not fit
            return "(-9223372036854775807LL - 1)"
        suffix = "ULL" if value >= 1 << 63 else "LL" if abs(value) >= 1 << 31 else ""
        return f"{value}{suffix}"
    if integer and t.width.data == 32 and value >= 1 << 31:  # type: ignore[attr-defined]
        return f"{value}U"
    return str(value)


def c_string(text: str) -> str:
    """A C string literal for `text`, always one line: quotes, backslashes and control
    characters escaped, non-ASCII as octal UTF-8 bytes, and a `?` after `?` as `\\?` (no
    trigraph can form under any standard)."""
    out = ['"']
    for i, ch in enumerate(text):
        if ch == "?" and i > 0 and text[i - 1] == "?":
            out.append("\\?")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\{ord(ch):03o}")
        elif ord(ch) > 0x7F:
            out.extend(f"\\{b:03o}" for b in ch.encode())
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


# -- C++ text the IR gives verbatim (emitc/emitasc verbatim lines, opaque values) ------

_IS_INTEGER_TYPE = SubclassCache(IntegerType)
_IS_INDEX_TYPE = SubclassCache(IndexType)
_IS_MEMREF_TYPE = SubclassCache(MemRefType)
_IS_ASCENDC_TYPE = SubclassCache(AscendCType)
_IS_CLASS_IN_CPU_DEBUG = SubclassCache(_CLASS_IN_CPU_DEBUG)
_IS_OUR_LOWP_FLOAT = LoadedSubclassCache(
    "asc_xdsl.dialects.ascendc.fp8_types", "HiFloat8Type", "Float4E1M2Type"
)
_SCALAR_TYPE_CLASSES = frozenset({IntegerType, IndexType, *_FLOATS})


def module_independent(t: Attribute) -> bool:
    """Whether `cpp_type(t)` is the same in every module: any type but a matmul type
    (which spells the name its module declares its MatmulConfig under) and the types
    that hold one."""
    cls = type(t)
    if cls in _SCALAR_TYPE_CLASSES:
        return True
    return not _holds_matmul(t)


def _holds_matmul(a: Attribute) -> bool:
    if _IS_MATMUL_PART[type(a)]:
        return True
    if isinstance(a, ParametrizedAttribute):
        return any(_holds_matmul(p) for p in a.parameters)
    if isinstance(a, ArrayAttr):
        return any(_holds_matmul(p) for p in a.data)
    return False


_IS_MATMUL_PART = LoadedSubclassCache(_ADV_TYPES, "MatmulType", "MatmulConfigAttr")


# -- matmul objects: `matmul::Matmul<A, B, C, Bias, CFG>` ----------------------------


@functools.lru_cache(maxsize=256)
def matmul_type_cpp(m: MatrixSpec) -> str:
    """`matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false,
    LayoutMode::NONE>` (a bias: the first three arguments)."""
    args = [m.position.cpp, m.format.cpp, cpp_type(m.dtype)]
    if not m.bias:
        args += ["true" if m.transposed else "false", m.layout.cpp]
    return f"matmul::MatmulType<{', '.join(args)}>"


@functools.lru_cache(maxsize=64)
def config_initializer(config: MatmulConfigAttr) -> str:
    """The braced initializer of the C++ `MatmulConfig`, every field in order (pyasc's
    spelling: bools as 1/0, enums by name). Made once per config: asked for each matmul
    type of a module when it is printed."""
    from asc_xdsl.dialects.ascendc.adv_types import MATMUL_CONFIG_FIELDS

    parts = []
    for f in MATMUL_CONFIG_FIELDS:
        value = config.value(f.name)
        parts.append(f.kind(value).cpp if issubclass(f.kind, AscEnum) else str(value))
    return "{" + ",".join(parts) + "}"


MATMUL_CONFIG_NAMES: ContextVar[Mapping[str, str] | None] = ContextVar(
    "MATMUL_CONFIG_NAMES", default=None
)
"""While a module prints: each distinct MatmulConfig initializer -> its declared name."""


def matmul_config_name(initializer: str) -> str:
    names = MATMUL_CONFIG_NAMES.get()
    return names.get(initializer, "CFG") if names else "CFG"
