"""Ascend C of the vector-function debug ops (`dialects/ascendc/reg_debug.py`).

They call the simd_vf overloads by their namespace, `__asc_simd_vf::` (bisheng picks
them for an unqualified call inside a `__simd_vf__` function; the qualified name is
the same function, and the one g++'s header check resolves). The headers
(`utils/debug/asc_printf.h`, `asc_dump.h`) come from `ascendc-generate-boilerplate`.
"""

from __future__ import annotations

from typing import Any

from asc_xdsl.backends.ascendc.cpp_types import c_string
from asc_xdsl.dialects.ascendc.debug import printf_conversions

NS = "__asc_simd_vf::"


def _print_printf(emitter: Any, op: Any) -> None:
    """`__ubuf__ const char* fmt = "...";  __asc_simd_vf::printf(fmt, args...);` (the
    format is a `__ubuf__` string, as the simd_vf overload takes it); an integer for
    `%p` is passed as the address it is, `(void*)(uintptr_t)n`."""
    fmt = emitter.names.claim("fmt")
    emitter.line(f"__ubuf__ const char* {fmt} = {c_string(op.desc.data)};")
    args = [fmt]
    for conv, v in zip(printf_conversions(op.desc.data), op.vars, strict=True):
        text = emitter.name(v)
        args.append(f"(void*)(uintptr_t)({text})" if conv == "p" and _is_int(v) else text)
    emitter.line(f"{NS}printf({', '.join(args)});")


def _is_int(v: Any) -> bool:
    from xdsl.dialects.builtin import IndexType, IntegerType

    return isinstance(v.type, IntegerType | IndexType)


def _dump_api(op: Any, specific: str) -> str:
    return NS + ("asc_dump" if op.properties.get("generic") is not None else specific)


def _print_dump_ubuf(emitter: Any, op: Any) -> None:
    """`asc_dump_ubuf<T>(ptr + offset, desc, size);` (`asc_dump<T>` when generic)."""
    t = emitter.ctype(op, op.ptr.type.element_type)
    ptr = f"{emitter.name(op.ptr)} + {emitter.name(op.offset)}"
    args = ", ".join([ptr, emitter.name(op.desc), emitter.name(op.dump_size)])
    emitter.line(f"{_dump_api(op, 'asc_dump_ubuf')}<{t}>({args});")


def _print_dump_reg(emitter: Any, op: Any) -> None:
    """`asc_dump_reg<T>(reg, desc, size);` (`asc_dump<T>` when generic)."""
    t = emitter.ctype(op, op.src.type.element_type)
    args = ", ".join(emitter.name(v) for v in (op.src, op.desc, op.dump_size))
    emitter.line(f"{_dump_api(op, 'asc_dump_reg')}<{t}>({args});")
