"""Debug printing and profiling: printf (hand-written: its format string decides its
arguments), and as op specs (see `spec.py`) DumpTensor, DumpAccChkPoint, PrintTimeStamp
and the MetricsProfStart/Stop region marks, as pyasc's `OpDumpTensor.td` states them.

Their Python functions are hand-written in `language/basic/dump_tensor.py`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from xdsl.dialects.builtin import AnyFloat, IntegerType, MemRefType, StringAttr
from xdsl.ir import Attribute
from xdsl.irdl import irdl_op_definition, prop_def, var_operand_def
from xdsl.irdl.operations import ParsePropInAttrDict
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import DEFAULT_FORMAT, AscendCOp, EmitKind, is_scalar_int
from asc_xdsl.dialects.ascendc.spec import (
    INT,
    Arity,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    SpecOp,
    of_type,
    tensor,
)
from asc_xdsl.dialects.ascendc.types import ShapeInfoType

# printf conversions Ascend C supports, and what each accepts.
_SPEC = re.compile(r"%(%|[-+ #0]*\d*(?:\.\d+)?(ll|l)?([diuxfsp]))")
_INT_CONVERSIONS = "diux"


def printf_conversions(fmt: str) -> list[str]:
    """The conversion letters of `fmt` in order (`%%` excluded)."""
    return [m.group(3) for m in _SPEC.finditer(fmt) if m.group(1) != "%"]


# C's simple escapes (C11 6.4.4.4): the character each stands for.
_SIMPLE_ESCAPES = {
    "n": "\n",
    "t": "\t",
    "r": "\r",
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "v": "\v",
    "\\": "\\",
    "'": "'",
    '"': '"',
    "?": "?",
}
_OCTAL_ESCAPE = re.compile(r"[0-7]{1,3}")
_HEX_ESCAPE = re.compile(r"[0-9a-fA-F]+")
_UCN_LENGTHS = {"u": 4, "U": 8}


def c_unescape(text: str) -> str:
    """`text` read as the inside of a C string literal, which is how pyasc uses a printf
    format (it pastes it between quotes in the C++ it prints): `\\n`, `\\t`, `\\\\`,
    `\\"`, octal `\\101`, hex `\\x41` and `\\u00e9` act as in C, giving bytes that must
    be UTF-8. Everything else stands for itself, a bare `"` too. A backslash that starts
    no C escape (a lone one at the end, `\\q`), an escape out of a byte's range and a NUL
    (C's printf would stop there) raise ValueError naming the offset."""
    if "\\" not in text and "\0" not in text:
        return text
    out = bytearray()
    i = 0
    while i < len(text):
        ch = text[i]
        if ch != "\\":
            out += ch.encode("utf-8", "surrogatepass")
            i += 1
            continue
        start, i = i, i + 1
        if i == len(text):
            raise ValueError(
                f"a lone backslash ends the format (offset {start}); write \\\\ for a backslash"
            )
        letter = text[i]
        if letter in _SIMPLE_ESCAPES:
            out += _SIMPLE_ESCAPES[letter].encode()
            i += 1
        elif (m := _OCTAL_ESCAPE.match(text, i)) or (
            letter == "x" and (m := _HEX_ESCAPE.match(text, i + 1))
        ):
            value = int(m.group(), 8 if letter != "x" else 16)
            if value > 0xFF:
                raise ValueError(
                    f"escape {text[start : m.end()]!r} at offset {start} is out of a byte's range"
                )
            out.append(value)
            i = m.end()
        elif letter in _UCN_LENGTHS:
            digits = text[i + 1 : i + 1 + _UCN_LENGTHS[letter]]
            if len(digits) != _UCN_LENGTHS[letter] or not _HEX_ESCAPE.fullmatch(digits):
                raise ValueError(
                    f"escape \\{letter} at offset {start} needs {_UCN_LENGTHS[letter]} hex digits"
                )
            try:
                out += chr(int(digits, 16)).encode()
            except (ValueError, UnicodeEncodeError):
                raise ValueError(
                    f"escape \\{letter}{digits} at offset {start} is no Unicode character"
                ) from None
            i += 1 + len(digits)
        else:
            what = "\\x needs hex digits" if letter == "x" else f"\\{letter} is no C escape"
            raise ValueError(f"{what} (offset {start}); write \\\\ for a backslash")
    try:
        decoded = out.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ValueError(
            f"the format's escapes give bytes that are not UTF-8 ({err.reason})"
        ) from None
    if "\0" in decoded:
        raise ValueError(
            f"the format holds a NUL at offset {decoded.index(chr(0))}: C's printf would stop there"
        )
    return decoded


@irdl_op_definition
class PrintfOp(AscendCOp):
    """`AscendC::printf(fmt, args...)` -- `%d %i %u %x %ld %lld %f %s %p`, `\\n` only."""

    name = "ascendc.printf"
    API_NAME: ClassVar[str] = "printf"
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.CUSTOM

    desc = prop_def(StringAttr)
    vars = var_operand_def()

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = DEFAULT_FORMAT

    def __init__(self, desc: str, args: Sequence = ()):
        super().__init__(operands=[list(args)], properties={"desc": StringAttr(desc)})

    def verify_(self) -> None:
        refuse_in_vector_function(self, "asc.reg.printf (ascendc.reg.printf)")
        verify_printf_format(self)


def refuse_in_vector_function(op: Any, instead: str) -> None:
    """A kernel-side debug op inside a vector function (`__simd_vf__`) is an error: the
    vector function prints through the simd_vf overloads (`dialects/ascendc/reg_debug.py`)."""
    from asc_xdsl.dialects.ascendc.reg import enclosing_function, is_vector_function

    if is_vector_function(enclosing_function(op)):
        raise VerifyException(f"'{op.name}' is kernel-side; inside a vector function use {instead}")


def verify_printf_format(self: Any) -> None:
    """The checks of a printf's format against its arguments (`desc`, `vars`)."""
    fmt = self.desc.data
    if "\0" in fmt:  # C's printf stops at the first NUL: the rest would never print
        raise VerifyException(f"'{self.name}': format {fmt!r} holds a NUL character")
    stray = re.sub(_SPEC, "", fmt)
    if "%" in stray:
        raise VerifyException(
            f"'{self.name}': unsupported conversion in format {fmt!r} "
            "(Ascend C printf supports %d %i %u %x %ld %lld %f %s %p)"
        )
    conversions = printf_conversions(fmt)
    if len(conversions) != len(self.vars):
        raise VerifyException(
            f"'{self.name}': format {fmt!r} has {len(conversions)} conversion(s) "
            f"but {len(self.vars)} argument(s) were given"
        )
    for i, (conv, arg) in enumerate(zip(conversions, self.vars, strict=True)):
        t = arg.type
        # index values are int64_t in Ascend C; printf packs each argument with its type.
        if conv in _INT_CONVERSIONS and not is_scalar_int(t):
            raise VerifyException(
                f"'{self.name}': argument {i} for %{conv} must be an integer, got {t}"
            )
        if conv == "f" and not isinstance(t, AnyFloat):
            raise VerifyException(f"'{self.name}': argument {i} for %f must be a float, got {t}")
        # %s reads a NUL-terminated string: it needs a char pointer (a constant
        # string belongs in the format itself); %p prints an address.
        if conv == "s" and not _is_char_pointer(t):
            raise VerifyException(
                f"'{self.name}': argument {i} for %s must be a string pointer "
                f"(memref of i8/ui8), got {t}; put a constant string in the format"
            )
        if conv == "p" and not (isinstance(t, MemRefType) or is_scalar_int(t)):
            raise VerifyException(
                f"'{self.name}': argument {i} for %p must be a pointer (memref) or an "
                f"address (integer), got {t}"
            )


def _is_char_pointer(t: Attribute) -> bool:
    if not isinstance(t, MemRefType):
        return False
    element = t.element_type
    return isinstance(element, IntegerType) and element.width.data == 8


FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr


class DumpTensorBase(SpecOp):
    """`op(tensor, desc, dump_size[, shape_info])`, as the frontend builds it."""

    def __init__(self, *operands: Any, **kwargs: Any):
        if len(operands) == 3:
            operands = (*operands, None)
        super().__init__(*operands, **kwargs)

    def verify_(self) -> None:
        super().verify_()
        refuse_in_vector_function(self, "asc.reg.dump (ascendc.reg.dump_ubuf / dump_reg)")


_TENSOR = Operand("tensor", tensor("T"), Effect.READ)
FAMILY.add(
    "DumpTensorOp",
    OpSpec(
        "dump_tensor",
        "DumpTensor",
        (
            _TENSOR,
            Operand("desc", INT),
            Operand("dump_size", INT),
            Operand("shape_info", of_type(ShapeInfoType), arity=Arity.OPTIONAL),
        ),
        doc="`AscendC::DumpTensor(t, desc, dumpSize[, shapeInfo])`: print `dumpSize` "
        "elements of `t` with the tag `desc`.",
    ),
    DumpTensorBase,
)
FAMILY.add(
    "DumpAccChkPointOp",
    OpSpec(
        "dump_acc_chk_point",
        "DumpAccChkPoint",
        (
            _TENSOR,
            Operand("index", INT),
            Operand("count_off", INT),
            Operand("dump_size", INT),
        ),
        doc="`AscendC::DumpAccChkPoint(t, index, countOff, dumpSize)`: DumpTensor from "
        "element `countOff` of `t`.",
    ),
)
FAMILY.add(
    "PrintTimeStampOp",
    OpSpec(
        "print_time_stamp",
        "PrintTimeStamp",
        (Operand("desc_id", INT),),
        doc="`AscendC::PrintTimeStamp(descId)`: print the cycle count with the tag `descId` "
        "(needs -DASCENDC_TIME_STAMP_ON).",
    ),
)
FAMILY.add(
    "MetricsProfStartOp",
    OpSpec(
        "metrics_prof_start",
        "MetricsProfStart",
        doc="`AscendC::MetricsProfStart()`: start of the region `msprof op` collects "
        "metrics for (pair it with MetricsProfStop).",
    ),
)
FAMILY.add(
    "MetricsProfStopOp",
    OpSpec(
        "metrics_prof_stop",
        "MetricsProfStop",
        doc="`AscendC::MetricsProfStop()`: end of the profiled region.",
    ),
)

DEBUG_OPS = [PrintfOp]
"""The hand-written ops of this module."""

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.debug import *  # noqa: F403
