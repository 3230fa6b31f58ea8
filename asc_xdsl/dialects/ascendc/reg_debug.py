"""Debugging inside a vector function (Ascend 950): printf and the asc_dump family, as op specs (see `spec.py`) of the Reg layer.

A `__simd_vf__` function prints through the simd_vf overloads of the Utils API
(`utils/debug/asc_printf.h`, `utils/debug/asc_dump.h`: namespace `__asc_simd_vf`), not
through `AscendC::printf` / `DumpTensor`, which are kernel-side:

    ascendc.reg.printf (%i, %x : i32, f32) {desc = "[simd_vf] add[%u]: %f\\n"}
    %v = ascendc.reg.load_scalar %x, %i : ...   (the scalar a printout reads: reg_address.py)
    ascendc.reg.dump_ubuf %x, %c0, %c5, %c32 : memref<?xf32, 26 : i64>, i32, i32, i32
    ascendc.reg.dump_reg %r, %c5, %c32 {dtype = f32, generic} : !ascendc.reg_tensor<f32>, ...

`generic` prints the call as the overloaded `asc_dump<T>` (the same record as
`asc_dump_ubuf<T>` / `asc_dump_reg<T>`). The printed records follow the kernel-side
formats (`runtime/simulator/printing.py`), without the `[AIV Block i/N]` prefix: the
host prints a vector function's records as they are (asc-devkit's simd_vf_printf
sample). A register dump is `position=REG` at `addr=0` (the headers' tensorAddr).

Sources: `include/utils/debug/asc_printf.h`, `asc_dump.h`, `impl/utils/debug/
asc_simd_dump_impl.h` (positions, the record), the asc_dump and printf API pages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.debug import verify_printf_format
from asc_xdsl.dialects.ascendc.reg import REG_DTYPES, RegOp, _format, reg, ub
from asc_xdsl.dialects.ascendc.spec import (
    ANY,
    INT,
    Arity,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    PropKind,
    Result,
)

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.reg_debug import *  # noqa: F403

DUMP_DTYPES = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32")
"""The asc_dump dtypes of the register types here (the API page's list, less the fp8s)."""


class RegPrintfBase(RegOp):
    """`printf` in a vector function: the format's conversions decide its arguments, as
    `ascendc.printf`'s do (the same checks)."""

    def verify_(self) -> None:
        super().verify_()
        verify_printf_format(self)  # (the same `desc` / `vars` fields)


def _add(
    cls: str,
    mnemonic: str,
    api: str,
    operands: tuple[Operand, ...],
    results: tuple[Result, ...] = (),
    *,
    props: tuple[Prop, ...] = (),
    template: tuple = (),
    sim: str,
    doc: str,
    base: type = RegOp,
    example: dict[str, Any] | None = None,
    dtypes: dict[str, tuple[str, ...]] | None = None,
) -> None:
    spec = OpSpec(
        f"reg.{mnemonic}",
        api,
        operands,
        props=props,
        results=results,
        emit=EmitKind.CUSTOM,
        template=template,
        pipe="V",
        py=None,  # (the Python API is asc_xdsl.language.reg.debug)
        sim=f"reg_debug:{sim}",
        doc=doc,
        format=_format(operands, results),
        example=dict(example or {}),
    )
    if dtypes:
        REG_DTYPES[f"reg.{mnemonic}"] = dtypes
    FAMILY.add(cls, spec, base)


_GENERIC = Prop("generic", kind=PropKind.UNIT, default=False)

_add(
    "RegPrintfOp",
    "printf",
    "__asc_simd_vf::printf",
    (Operand("vars", ANY, arity=Arity.VARIADIC),),
    props=(Prop("desc", kind=PropKind.STRING),),
    sim="printf",
    base=RegPrintfBase,
    example={"desc": "[simd_vf] a=%d b=%d\n"},
    doc="`printf(fmt, args...)` in a vector function (`__asc_simd_vf::printf`, the format "
    "a `__ubuf__ const char*`): the conversions of `ascendc.printf` (%d %i %u %x %ld %lld "
    "%f %s %p); the record prints without the block prefix.",
)
_add(
    "RegDumpUbufOp",
    "dump_ubuf",
    "asc_dump_ubuf",
    (
        Operand("ptr", ub("T"), Effect.READ),
        Operand("offset", INT),
        Operand("desc", INT),
        Operand("dump_size", INT),
    ),
    props=(_GENERIC,),
    sim="dump_ubuf",
    example={"T": "f32", "generic": False},
    dtypes={"T": DUMP_DTYPES},
    doc="`asc_dump_ubuf<T>(ptr + offset, desc, dumpSize)` (`asc_dump<T>` when `generic`): "
    "print `dumpSize` elements of UB from the address with the tag `desc` "
    "(position=UB, addr: the UB byte address).",
)
_add(
    "RegDumpRegOp",
    "dump_reg",
    "asc_dump_reg",
    (Operand("src", reg("T")), Operand("desc", INT), Operand("dump_size", INT)),
    props=(_GENERIC,),
    sim="dump_reg",
    example={"T": "f32", "generic": False},
    dtypes={"T": DUMP_DTYPES},
    doc="`asc_dump_reg<T>(src, desc, dumpSize)` (`asc_dump<T>` when `generic`): print the "
    "first `dumpSize` elements of a register (at most its 256 / sizeof(T)) with the tag "
    "`desc` (position=REG, addr=0).",
)

__all__ = ["DUMP_DTYPES", "FAMILY", "RegPrintfBase"]
