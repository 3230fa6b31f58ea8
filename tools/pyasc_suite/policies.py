"""Named policy differences: where our C++ differs from pyasc's by choice.

Each policy is a normalisation of (CHECK lines, our output, match options); a case is
in the policy bucket only when applying one policy alone makes it match
(`proof._explain`). The reasons are written out in docs/yardsticks.md ("Policies");
`test_pyasc_suite_tool.py` checks that every policy here is named there.
"""

from __future__ import annotations

import re
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
)

BY_NAME = {p.name: p for p in POLICIES}
