"""C++'s reserved words and what makes a usable identifier (standard library only).

The printer's name table (`backends/ascendc/names.py`) and the emitasc dialect's
verifier (identifiers and members written in the IR) both read these.
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


CPP_KEYWORDS = _words(
    """
    alignas alignof and and_eq asm auto bitand bitor bool break case catch char char16_t
    char32_t char8_t class co_await co_return co_yield compl concept const const_cast
    consteval constexpr constinit continue decltype default delete do double dynamic_cast
    else enum explicit export extern false float for friend goto if inline int long mutable
    namespace new noexcept not not_eq nullptr operator or or_eq private protected public
    register reinterpret_cast requires return short signed sizeof static static_assert
    static_cast struct switch template this thread_local throw true try typedef typeid
    typename union unsigned using virtual void volatile wchar_t while xor xor_eq
    """
)
"""C++ keywords (C++20's too: bisheng may compile with a newer standard)."""

CPP_TYPE_NAMES = _words(
    "half bfloat16_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t"
)
"""Type names the printed code spells unqualified."""

ASCENDC_NAMES = _words("AscendC GM_ADDR printf main")
"""The Ascend C namespace and names a kernel translation unit already defines."""

MACRO_NAMES = _words(
    """
    errno stdin stdout stderr math_errhandling sched_priority sa_handler sa_sigaction
    si_addr si_addr_lsb si_arch si_band si_call_addr si_fd si_int si_lower si_overrun si_pid
    si_pkey si_ptr si_status si_stime si_syscall si_timerid si_uid si_upper si_utime si_value
    sigev_notify_attributes sigev_notify_function
    NULL EOF NAN INFINITY M_PI M_E ASCEND_IS_AIV ASCEND_IS_AIC ASCEND_IS_AICORE
    """
)
"""Object-like macros that look like ordinary names: the lowercase ones of CANN's
CPU-debug build (its headers include the C library's), and a few common upper-case
ones. A variable with such a name would be replaced by the macro's expansion."""

CPP_RESERVED = CPP_KEYWORDS | CPP_TYPE_NAMES | ASCENDC_NAMES | MACRO_NAMES
"""Names no generated identifier may take; a name hint equal to one gets a `_` suffix."""

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def identifier_problem(name: str, taken: Iterable[str] = ()) -> str | None:
    """Why `name` cannot be used as it is for a C++ function or variable, or None."""
    if not IDENTIFIER.match(name):
        return "is not a C identifier"
    if name in CPP_KEYWORDS:
        return "is a C++ keyword"
    if "__" in name or re.match(r"_[A-Z]", name):
        return "is reserved by C++ (it has '__' or starts with '_' and a capital)"
    if name in CPP_RESERVED or name in taken:
        return "already names something in Ascend C sources"
    return None
