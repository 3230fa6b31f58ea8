"""Debugging inside a `@asc.vf` vector function: `asc.reg.printf`, `asc.reg.dump`
(`dump_ubuf`, `dump_reg`), over the ops of
`dialects/ascendc/reg_debug.py`:

    @asc.vf
    def show(x: asc.reg.UbPointer, n: int):
        asc.reg.printf("[simd_vf] x[0] = %f, n = %d\\n", x[0], n)
        asc.reg.dump(x, 5, 32)                       # asc_dump<float>(x, 5, 32)
        asc.reg.dump(asc.reg.load_align(x), 5, 16)   # a register

A constant string argument of `%s` is written into the format (the output is the
same; a vector function has no string pointers to pass).
"""

from __future__ import annotations

import re
from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.language.builder import require_jit

_STRING_CONVERSION = re.compile(r"%(%|[-+ #0]*\d*(?:\.\d+)?(?:ll|l)?([diuxfsp]))")


def _g(what: str) -> Any:
    from asc_xdsl.language.reg.calls import require_ascend_950

    g = require_jit(f"asc.reg.{what}")
    require_ascend_950(g, f"asc.reg.{what}")
    return g


def _ops() -> Any:
    from asc_xdsl.dialects.ascendc import reg_debug

    return reg_debug


def _fold_strings(g: Any, fmt: str, params: tuple) -> tuple[str, list]:
    """`fmt` with each `%s` of a constant string replaced by the string (`%` doubled),
    and the arguments left to pass."""
    values = iter(params)
    rest: list = []

    def conv(m: re.Match) -> str:
        if m.group(1) == "%":
            return m.group(0)
        try:
            v = next(values)
        except StopIteration:
            g.fail(f"printf format {fmt!r} has more conversions than arguments")
        if m.group(2) == "s" and isinstance(v, str):
            return v.replace("%", "%%")
        rest.append(v)
        return m.group(0)

    out = _STRING_CONVERSION.sub(conv, fmt)
    rest.extend(values)
    return out, rest


def printf(desc: str, *params: Any) -> None:
    """`printf(fmt, args...)` in a vector function (`__asc_simd_vf::printf`): the
    conversions of `asc.printf`; its C escapes act the same. The host prints the
    record without the `[AIV Block i/N]` prefix."""
    g = _g("printf")
    from asc_xdsl.dialects.ascendc.debug import c_unescape

    if not isinstance(desc, str):
        g.fail(f"asc.reg.printf needs a format string, got {type(desc).__name__}")
    try:
        desc = c_unescape(desc)
    except ValueError as err:
        g.fail(f"printf format {desc!r}: {err}")
    desc, rest = _fold_strings(g, desc, params)
    g.emit(_ops().RegPrintfOp([g.printf_arg(p) for p in rest], desc=desc))


def _dump(what: str, src: Any, desc: Any, dump_size: Any, generic: bool) -> None:
    from asc_xdsl.language.reg import RegTensor, UbPointer

    g = _g(what)
    d = g.integer(desc, "desc", dt.uint32)
    n = g.integer(dump_size, "dump_size", dt.uint32)
    kinds = {"dump": (UbPointer, RegTensor), "dump_ubuf": (UbPointer,), "dump_reg": (RegTensor,)}
    if not isinstance(src, kinds[what]) or src.handle is None:
        names = " or ".join(k.__name__ for k in kinds[what])
        g.fail(f"asc.reg.{what}: src must be a {names}, got {type(src).__name__}")
    props = {"generic": True} if generic else {}
    if isinstance(src, UbPointer):
        zero = g.integer(0, "offset")
        g.emit(_ops().RegDumpUbufOp(src.handle, zero, d, n, **props))
    else:
        g.emit(_ops().RegDumpRegOp(src.handle, d, n, **props))


def dump(src: Any, desc: Any, dump_size: Any) -> None:
    """`asc_dump<T>(src, desc, dumpSize)`: `dump_size` elements of a UB pointer or a
    register, tagged `desc`."""
    _dump("dump", src, desc, dump_size, True)


def dump_ubuf(src: Any, desc: Any, dump_size: Any) -> None:
    """`asc_dump_ubuf<T>(src, desc, dumpSize)`: `dump_size` elements of UB from `src`."""
    _dump("dump_ubuf", src, desc, dump_size, False)


def dump_reg(src: Any, desc: Any, dump_size: Any) -> None:
    """`asc_dump_reg<T>(src, desc, dumpSize)`: the first `dump_size` elements of a
    register."""
    _dump("dump_reg", src, desc, dump_size, False)


__all__ = ["dump", "dump_reg", "dump_ubuf", "printf"]
