"""Named policy differences: where our C++ differs from pyasc's by choice.

Each policy is a normalisation of (CHECK lines, our output, match options); a case is
in the policy bucket when applying one policy alone makes it match, or, failing that,
two policies together where neither alone does (the case then names both, `a+b`;
`proof._explain`). The reasons are written out in docs/yardsticks.md ("Policies");
`test_pyasc_suite_tool.py` checks that every policy here is named there.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from pyasc_suite.checks import Directive, Options

Normalise = Callable[[Sequence[Directive], str, Options], tuple[Sequence[Directive], str, Options]]


@dataclass(frozen=True)
class Policy:
    name: str
    summary: str  # one line; the full reason is in docs/yardsticks.md
    normalise: Normalise


def _index_type(group: Sequence[Directive], output: str, opts: Options):
    return group, output, replace(opts, relax_index=True)


def _sub_ours(pattern: str, repl: str | Callable[[re.Match[str]], str]) -> Normalise:
    def normalise(group: Sequence[Directive], output: str, opts: Options):
        return group, re.sub(pattern, repl, output, flags=re.M), opts

    return normalise


def _sub_checks(pattern: str, repl: str) -> Normalise:
    def normalise(group: Sequence[Directive], output: str, opts: Options):
        return [replace(d, pattern=re.sub(pattern, repl, d.pattern)) for d in group], output, opts

    return normalise


# Calls whose last template argument is isSetMask: pyasc drops the template
# arguments, so the C++ default (true) applies where the IR leaves it false.
_IS_SET_MASK = r"(AscendC::(?:Compare|CompareScalar|PairReduceSum|RepeatReduceSum|WholeReduceMax|WholeReduceMin|WholeReduceSum|BlockReduceMax|BlockReduceMin|BlockReduceSum|Select))<[^<>()]*?,\s*(?:0|false)>\("

_MATMUL_CONFIG = re.compile(r"^constexpr static MatmulConfig \w+\{[^\n]*\};\n", re.M)


def _config_in_function(group: Sequence[Directive], output: str, opts: Options):
    """Our namespace-scope MatmulConfig declarations moved to the start of the first
    statement of the function, where pyasc writes them (on the same line)."""
    configs = [m.group().strip() for m in _MATMUL_CONFIG.finditer(output)]
    if not configs:
        return group, output, opts
    lines = _MATMUL_CONFIG.sub("", output).split("\n")
    for k, line in enumerate(lines):
        if line.rstrip().endswith("{") and "(" in line and k + 1 < len(lines):
            lines[k + 1] = "  " + "".join(configs) + lines[k + 1].strip()
            break
    return group, "\n".join(lines), opts


_OUR_HALF = re.compile(r"^(\s*)const half (\w+) = static_cast<half>\(([-+\d.eE]+)f\);$", re.M)
_THEIR_HALF = re.compile(r"^\s*half \w+ = ([-+\d.eE]+);$")


def _binary16(value: float) -> bytes:
    return struct.pack("<e", value)


def _half_constant(group: Sequence[Directive], output: str, opts: Options):
    """Our `const half x = static_cast<half>(Yf);` written as pyasc's `half x = Z;` when
    the two are the same binary16 value (ours: Y rounded to float, then to half; pyasc's:
    Z rounded to half), paired in order of appearance."""
    theirs = [m.group(1) for d in group if (m := _THEIR_HALF.match(d.pattern))]
    found = list(_OUR_HALF.finditer(output))
    if not theirs or len(theirs) != len(found):
        return group, output, opts
    pieces, end = [], 0
    for m, z in zip(found, theirs, strict=True):
        as_float = struct.unpack("<f", struct.pack("<f", float(m.group(3))))[0]
        if _binary16(as_float) != _binary16(float(z)):
            return group, output, opts  # another value: nothing to normalise
        pieces += [output[end : m.start()], f"{m.group(1)}half {m.group(2)} = {z};"]
        end = m.end()
    return group, "".join(pieces) + output[end:], opts


POLICIES: tuple[Policy, ...] = (
    Policy(
        "index-type",
        "`index` is int64_t (signed, as MLIR's index); pyasc prints uint32_t",
        _index_type,
    ),
    Policy(
        "is-set-mask",
        "the IR leaves isSetMask false and our call says so (`Api<T, 0>(...)`); pyasc "
        "drops the template arguments, so the C++ default (true) applies",
        _sub_ours(_IS_SET_MASK, r"\1("),
    ),
    Policy(
        "value-initialised",
        "a struct declared without fields is value-initialised (`T x{};`, zeroed); pyasc "
        "leaves it default-initialised (`T x;`)",
        _sub_ours(r"^(\s*[\w:<>]+ \w+)\{\};", r"\1;"),
    ),
    Policy(
        "float-constant",
        "a float constant is `constexpr float x = 1.23f;`; pyasc writes a C cast of a "
        "double literal (`float x = (float)1.230000020e+00;`)",
        _sub_ours(r"^(\s*)constexpr (float|double) (\w+) = ([^;]+);", r"\1\2 \3 = (\2)\4;"),
    ),
    Policy(
        "matmul-config-scope",
        "each MatmulConfig is declared once at namespace scope (a template argument must "
        "be a constant with linkage); pyasc declares it inside the function",
        _config_in_function,
    ),
    Policy(
        "const-bitcast",
        "a bitcast reads through a pointer to const (`*reinterpret_cast<const half*>(&x)`), "
        "which also compiles when x is a constant; pyasc drops the const",
        _sub_ours(r"reinterpret_cast<const (\w+)\*>\(&", r"reinterpret_cast<\1*>(&"),
    ),
    Policy(
        "workspace-type",
        "GetSysWorkSpacePtr() returns `__gm__ uint8_t*`; the IR types the result as an "
        "i8 memref, so ours converts it to `__gm__ int8_t*`; pyasc keeps the call's type",
        _sub_ours(
            r"__gm__ \w+\* (\w+) = reinterpret_cast<__gm__ \w+\*>\((GetSysWorkSpacePtr\(\))\);",
            r"__gm__ uint8_t* \1 = \2;",
        ),
    ),
    Policy(
        "half-constant",
        "a half constant is `const half x = static_cast<half>(1.5f);` (a float literal, "
        "converted); pyasc writes `half x = 1.50000e+00;` (a double literal, converted): "
        "the same binary16 value, which the normalisation checks",
        _half_constant,
    ),
    Policy(
        "class-template-deduction",
        "`InitConstValueParams<T>` (a class template without a default argument) names "
        "its T; pyasc leaves it to C++17 deduction from the constructor's init value, "
        "which gives the same T",
        _sub_ours(
            r"\bAscendC::InitConstValueParams<\w+> (\w+)\{", r"AscendC::InitConstValueParams \1{"
        ),
    ),
)

BY_NAME = {p.name: p for p in POLICIES}
