"""Proof that a kernel parameter pyasc prints is outside Ascend C's kernel argument list.

Ascend C's programming guide (asc-devkit `docs/zh/guide/技术附录/CPP标准支持/语法限制/
函数.md`, "核函数参数列表限制") allows a kernel (`__global__ __aicore__`) only basic data
types, POD structs of them (nested too) and pointers (to Global Memory). We refuse a
kernel parameter of another type (`asc_xdsl/dialects/ir_diagnostics.py`); pyasc prints
e.g. `AscendC::GlobalTensor<uint64_t> v1`. The harness checks, against the headers, that
`std::is_pod_v<T>` is false for each such parameter type `T` (a translation unit holding
`static_assert(!std::is_pod_v<T>)` compiles), and that `T` is not a pointer or an
arithmetic type: then pyasc's kernel breaks the documented rule.
"""

from __future__ import annotations

import re

_REFUSAL = re.compile(r"kernel @\w+: parameter (\d+) has type")
_SCALAR = re.compile(
    r"^(?:const\s+)?(?:u?int(?:8|16|32|64)_t|bool|float|double|half|bfloat16_t|"
    r"(?:unsigned\s+|signed\s+)?(?:char|short|int|long(?:\s+long)?))$"
)


def refused_parameter(refusal: str) -> int | None:
    """The parameter index our kernel-signature refusal names, or None."""
    m = _REFUSAL.search(refusal)
    return int(m.group(1)) if m else None


def parameters(signature: str) -> list[str]:
    """The parameter types of a C++ function line (`void f(A<x, y> v1, int v2) {`)."""
    inside = signature[signature.index("(") + 1 : signature.rindex(")")]
    params, depth, cur = [], 0, ""
    for ch in inside:
        depth += {"<": 1, "(": 1, ">": -1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            params.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        params.append(cur)
    return [re.sub(r"\s*\b\w+\s*$", "", p.strip()) for p in params]


def probe_source(cpp_type: str) -> str | None:
    """The translation unit whose compiling proves `cpp_type` is no kernel parameter
    type; None for a pointer or a scalar (those are allowed)."""
    if "*" in cpp_type or _SCALAR.match(cpp_type.strip()):
        return None
    return (
        '#include "kernel_operator.h"\n#include <type_traits>\n'
        f"static_assert(!std::is_pod_v<{cpp_type}>, "
        '"a POD type: allowed as a kernel parameter");\n'
    )


__all__ = ["parameters", "probe_source", "refused_parameter"]
