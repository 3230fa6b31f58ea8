"""Executable counterexamples: pyasc's C++ for a scalar op computes another function.

Each entry names one CHECK line of a case (the line of pyasc's expected C++ that
declares the op's value), inputs for the case's function, and the value the op means
for them (MLIR's `arith` / `math` semantics, worked out in `meaning`). The harness
(`HostRunner.prove`) compiles pyasc's function (its CHECK lines, `expected_cpp`) and
ours with the host g++, each stopped right after that value is declared and printing
it, and runs both: the counterexample holds when pyasc's value differs from `expected`
and ours equals it (pyasc's program stopped by UBSan for undefined behaviour, e.g. a
signed overflow, also differs from the op's value). Floats compare bit-for-bit in what matters: NaN is NaN, and the
sign of a zero counts.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from pyasc_suite.checks import Directive, compile_pattern, run_checks
from pyasc_suite.expected_cpp import assemble_mapped

if TYPE_CHECKING:
    from pyasc_suite.lit_suites import TargetCase

NAN = float("nan")
# Undefined behaviour (a signed overflow) stops the run with the sanitizer's report; a left
# shift of a negative value (undefined in C++17, both printers emit it for `shli`) does not.
_SANITIZE = (
    "-fsanitize=undefined,float-cast-overflow",  # (GCC's `undefined` leaves the latter out)
    "-fno-sanitize=shift-base",
    "-fno-sanitize-recover=all",
)


@dataclass(frozen=True)
class Counterexample:
    check_line: int  # the CHECK line (in its test file) declaring the op's value
    args: tuple[int | float | bool | str, ...]  # the function's arguments, in order (PTR)
    expected: int | float  # what the op means for them
    meaning: str  # why: the op and its semantics for these inputs
    # A policy (policies.py) this counterexample proves to be more than spelling: once
    # it holds, that normalisation is applied as proven (e.g. `index-type`: pyasc's
    # uint32_t index computes another function for indices past 2^32 or below 0).
    proves: str = ""
    # For a line that declares nothing (a store): what to print after it, an element of
    # the PTR buffer: (C++ element type, index from where PTR points).
    reads: tuple[str, int] | None = None


PTR = "PTR"  # an argument: a pointer into the middle of a host buffer
_C = Counterexample
A = "arith.mlir"
IDX = "index-type"
_BIG = 2**32 + 1  # an index past uint32_t: pyasc's C++ sees 1
COUNTEREXAMPLES: dict[tuple[str, str], tuple[Counterexample, ...]] = {
    (A, "emit_binary_ops"): (
        _C(12, (2**31 - 1, 1), -(2**31), "addi wraps: 0x7fffffff + 1 = 0x80000000 (C++: overflow)"),
        _C(13, (-(2**31), 1), 2**31 - 1, "subi wraps: 0x80000000 - 1 = 0x7fffffff (C++: overflow)"),
        _C(14, (65536, 65536), 0, "muli wraps: 2^16 * 2^16 = 2^32 = 0 mod 2^32 (C++: overflow)"),
        _C(18, (1, 32), 0, "shli by 32 is poison (any value); C++'s `<<` by 32 is undefined"),
        _C(19, (-8, 33), -1, "shrsi by 33 is poison (any value); C++'s `>>` by 33 is undefined"),
        _C(17, (7, -2), -3, "ceildivsi 7, -2 = ceil(-3.5) = -3"),
        _C(20, (-1, 28), 15, "shrui 0xffffffff, 28 = 0xf (a logical shift)"),
        _C(24, (-1, 2), 2147483647, "divui 0xffffffff, 2 = 0x7fffffff (unsigned)"),
    ),
    (A, "emit_cmpi_op"): (
        _C(49, (-1, 0), 1, "cmpi uge 0xffffffff, 0 = true (unsigned)"),
        _C(50, (-1, 0), 1, "cmpi ugt 0xffffffff, 0 = true (unsigned)"),
        _C(53, (-1, 0), 0, "cmpi ule 0xffffffff, 0 = false (unsigned)"),
        _C(54, (-1, 0), 0, "cmpi ult 0xffffffff, 0 = false (unsigned)"),
    ),
    (A, "emit_cmpf_op"): (
        _C(73, (NAN, 1.0), 1, "cmpf ueq NaN, 1 = true (unordered)"),
        _C(74, (NAN, 1.0), 0, "cmpf one NaN, 1 = false (ordered)"),
        _C(77, (NAN, 1.0), 1, "cmpf ule NaN, 1 = true (unordered)"),
        _C(79, (NAN, 1.0), 1, "cmpf ult NaN, 1 = true (unordered)"),
        _C(81, (NAN, 1.0), 1, "cmpf uge NaN, 1 = true (unordered)"),
        _C(83, (NAN, 1.0), 1, "cmpf ugt NaN, 1 = true (unordered)"),
    ),
    (A, "emit_casts"): (
        _C(118, (0, 3e9, 0), 2**31 - 1, "fptosi 3e9 to i32 is poison; C++'s cast is undefined"),
        _C(113, (-1, 0.0, 0), 65535, "extui -1 : i16 to i64 = 0xffff (zero-extended)"),
        _C(121, (-1, 0.0, 0), -1, "index_cast -1 : i16 to index = -1 (index is signed)", IDX),
        _C(122, (-1, 0.0, 0), math.inf, "uitofp 0xffff : i16 to f16 = 65535 -> inf (rounded)"),
    ),
    ("math.mlir", "emit_ternary_ops"): (
        # (1 + 2^-12)^2 - (1 + 2^-11) = 2^-24 exactly; rounding the product first loses it
        _C(45, (1 + 2**-12, 1 + 2**-12, -(1 + 2**-11)), 2**-24, "fma rounds once: 2^-24"),
    ),
    (A, "emit_maxf"): (
        _C(141, (1.0, NAN), 1.0, "maxnumf 1, NaN = 1 (the number)"),
        _C(142, (NAN, 1.0), NAN, "maximumf NaN, 1 = NaN (NaN propagates)"),
    ),
    (A, "emit_minf"): (
        _C(152, (1.0, NAN), 1.0, "minnumf 1, NaN = 1 (the number)"),
        _C(153, (NAN, 1.0), NAN, "minimumf NaN, 1 = NaN (NaN propagates)"),
    ),
    (A, "emit_mului_extended"): (
        _C(180, (65536, 65536, 0, 0), 0, "mului_extended low half: 2^32 mod 2^32 = 0 (wraps)"),
        _C(181, (-1, -1, 0, 0), -2, "mului_extended high half: 0xffffffff^2 >> 32 = 0xfffffffe"),
        _C(183, (0, 0, -1, -1), -2, "mului_extended high half: 0xffff^2 >> 16 = 0xfffe"),
    ),
    ("scf.mlir", "index_switch_no_results"): (
        _C(109, (_BIG,), 1, "index_switch 2^32+1 takes the default; index_cast to i32 = 1", IDX),
    ),
    ("scf.mlir", "index_switch_one_result"): (
        _C(143, (_BIG,), 1, "index_switch 2^32+1 takes the default; index_cast to i32 = 1", IDX),
    ),
    ("scf.mlir", "index_switch_multiple_results"): (
        _C(178, (2, 2**63 - 1), 66 - 2**63, "addi wraps: (2^63 - 1) + 67 (C++: overflow)"),
        _C(185, (_BIG, 0), _BIG, "index_switch 2^32+1 takes the default; to i64 = 2^32+1", IDX),
    ),
    ("emitasc.mlir", "ptr_offset_test"): (
        _C(33, (PTR, -1), -4, "ptr_offset p[-1 : index] is 4 bytes before p (i32)", IDX),
    ),
    ("memref.mlir", "emit_store"): (
        _C(
            34,
            (-1, 7, PTR),
            7,
            "memref.store 7 at [-1 : index] writes the element before p",
            IDX,
            ("int64_t", -1),
        ),
    ),
    ("math.mlir", "emit_binary_ops"): (
        _C(37, (1.0, -0.0), -1.0, "copysign 1, -0.0 = -1 (the sign bit of -0.0)"),
    ),
}

# Host stand-ins for what the functions use: Ascend C's qualifiers are empty macros (as
# in the CPU-debug build), `half` is the host's IEEE binary16.
_PRELUDE = r"""
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <type_traits>
#define __aicore__
#define __global__
#define __gm__
#define __inline__ inline
typedef _Float16 half;
// PTR: a pointer into the middle of a buffer; a pointer value prints as its byte offset
// from there.
alignas(16) static char asc_buffer[4096];
struct AscPtr {
  template <class T> operator T*() const { return reinterpret_cast<T*>(asc_buffer + 2048); }
};
template <class T> void asc_probe(T v) {
  if constexpr (std::is_pointer_v<T>)
    std::printf("%lld\n", (long long)((const char*)v - (asc_buffer + 2048)));
  else if constexpr (std::is_same_v<T, bool>) std::printf("%d\n", v ? 1 : 0);
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) std::printf("%lld\n", (long long)v);
  else if constexpr (std::is_integral_v<T>) std::printf("%llu\n", (unsigned long long)v);
  else std::printf("%a\n", (double)v);
}
"""


def literal(value: int | float | bool | str) -> str:
    """A C++ literal of a Python value (hex floats keep every bit, -0.0 its sign)."""
    if value == PTR:
        return "AscPtr{}"
    if isinstance(value, str):
        raise ValueError(f"not an argument: {value!r}")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"{value}LL" if value < 0 else f"{value}ULL"
    if math.isnan(value):
        return '__builtin_nan("")'
    if math.isinf(value):
        return "__builtin_inf()" if value > 0 else "-__builtin_inf()"
    return value.hex()


def parse_value(text: str) -> int | float:
    text = text.strip()
    try:
        return int(text)
    except ValueError:
        return float.fromhex(text) if "nan" not in text else NAN


def same_value(got: int | float, want: int | float) -> bool:
    """Equal as the op's result: NaN equals NaN, a zero's sign counts."""
    if isinstance(want, float) or isinstance(got, float):
        g, w = float(got), float(want)
        if math.isnan(w) or math.isnan(g):
            return math.isnan(w) and math.isnan(g)
        return g == w and math.copysign(1.0, g) == math.copysign(1.0, w)
    return got == want


def probed(
    source: str,
    name: str,
    function: str,
    args: Sequence[int | float | bool | str],
    after_line: str = "",
) -> str:
    """A host program: `source` without its #includes, stopped after `name` is
    declared (its value printed), and a main calling `function(args)`. With
    `after_line`: stopped after the first line reading so, printing the expression
    `name`."""
    lines = [ln for ln in source.splitlines() if not ln.lstrip().startswith("#include")]
    decl = re.compile(rf"^[^=;()]*[\w>*&\s]\b{re.escape(name)}\s*(=|\{{)")
    for k, text in enumerate(lines):
        found = text.strip() == after_line.strip() if after_line else decl.match(text.strip())
        if found:
            lines[k] = f"{text} asc_probe({name}); return;"
            break
    else:
        missing = f"no line `{after_line}`" if after_line else f"no declaration of `{name}`"
        raise LookupError(missing)
    call = f"{function}({', '.join(literal(a) for a in args)});"
    return _PRELUDE + "\n".join(lines) + f"\nint main() {{ {call} return 0; }}\n"


class HostRunner:
    """Compiles and runs probe programs with the host g++, results cached by text."""

    def __init__(self, cache_dir: Path | None = None, cxx: str = "g++"):
        self.cache_dir = cache_dir / "host" if cache_dir is not None else None
        self.cxx = cxx

    def run(self, program: str, optimise: bool = False) -> tuple[str, str]:
        """(status, text): ("value", stdout), ("ub", the sanitizer's report: undefined
        behaviour, e.g. a signed overflow), ("crash", how the run ended) or ("error", why
        it did not compile)."""
        flags = ("-O2",) if optimise else ("-O0", *_SANITIZE)
        salt = "-O2" if optimise else str(_SANITIZE)  # (the sanitised runs' key as before)
        key = hashlib.sha256(f"{self.cxx}\0{salt}\0{program}".encode()).hexdigest()
        path = self.cache_dir / f"{key}.json" if self.cache_dir is not None else None
        if path is not None and path.is_file():
            status, out = json.loads(path.read_text())
            return status, out
        ran, out = self._run(program, flags)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps([ran, out]))
        return ran, out

    def _run(self, program: str, flags: Sequence[str]) -> tuple[str, str]:
        if shutil.which(self.cxx) is None:
            return "error", f"no host compiler {self.cxx}"
        with tempfile.TemporaryDirectory(prefix="asc_xdsl_probe_") as tmp:
            cpp, exe = Path(tmp) / "probe.cpp", Path(tmp) / "probe"
            cpp.write_text(program)
            done = subprocess.run(
                [self.cxx, "-std=c++17", "-w", *flags, str(cpp), "-o", str(exe)],
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode != 0:
                errors = [ln for ln in done.stderr.splitlines() if "error:" in ln]
                return "error", (errors or [done.stderr.strip() or "compile failed"])[0]
            ran = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120)
            report = re.search(r"runtime error: (.*)", ran.stderr)
            if ran.returncode != 0 and report:
                return "ub", report.group(1).strip()
            if ran.returncode != 0:  # e.g. a store 16 GiB past the buffer: SIGSEGV
                return "crash", f"exit status {ran.returncode}"
            return "value", ran.stdout

    def prove_equal(
        self, case: TargetCase, eq: Equal, group: Sequence[Directive], output: str
    ) -> tuple[bool, str]:
        """Run one exhaustive equality: (does it hold, one line of evidence)."""
        head = f"equal line {eq.check_line}: {eq.meaning}"
        target = next((d for d in group if d.line == eq.check_line), None)
        if target is None:
            return False, f"{head}: no CHECK line {eq.check_line} in the case"
        names = [e.text for e in compile_pattern(target.pattern, False) if e.declares]
        if len(names) != 1:
            return False, f"{head}: CHECK line {eq.check_line} declares no single value"
        from pyasc_suite.proof import _anything

        opened = [d if d is group[0] else _anything(d) for d in group]
        bindings = run_checks(opened, output, replace(case.opts, relax_index=True)).bindings
        ours_name = bindings.names.get(names[0]) if bindings is not None else None
        if ours_name is None:
            return False, f"{head}: no value of ours pairs with {names[0]}"
        source, why, _ = assemble_mapped(case.group)
        if source is None:
            return False, f"{head}: pyasc's C++ not assembled ({why})"
        function = case.name.split(",")[0]
        try:
            program = exhaustive_program(source, output, function, (names[0], ours_name), eq.args)
        except LookupError as e:
            return False, f"{head}: {e}"
        status, out = self.run(program, optimise=True)
        if status != "value":
            return False, f"{head}: did not run ({status}: {out})"
        differ = out.strip()
        told = f"{head} [{names[0]} ~ ours {ours_name}]: {differ} inputs differ"
        return differ == "0", told if differ == "0" else f"{told} -- does not hold"

    def prove(
        self,
        case: TargetCase,
        ce: Counterexample,
        group: Sequence[Directive],
        output: str,
    ) -> tuple[bool, str]:
        """Run one counterexample: (does it hold, one line of evidence)."""
        head = f"counterexample line {ce.check_line}: {ce.meaning}"
        target = next((d for d in group if d.line == ce.check_line), None)
        if target is None:
            return False, f"{head}: no CHECK line {ce.check_line} in the case"
        if ce.reads is not None:
            return self._prove_read(case, ce, head, target, group, output)
        names = [e.text for e in compile_pattern(target.pattern, False) if e.declares]
        if len(names) != 1:
            return False, f"{head}: CHECK line {ce.check_line} declares no single value"
        pyasc_name = names[0]
        # Which name of ours is it? Match the case with every line's expression left
        # open: the declarations pair in order (the values then tell if it was right).
        from pyasc_suite.proof import _anything

        opened = [d if d is group[0] else _anything(d) for d in group]
        bindings = run_checks(opened, output, replace(case.opts, relax_index=True)).bindings
        ours_name = bindings.names.get(pyasc_name) if bindings is not None else None
        if ours_name is None:
            return False, f"{head}: no value of ours pairs with {pyasc_name}"
        source, why, _ = assemble_mapped(case.group)
        if source is None:
            return False, f"{head}: pyasc's C++ not assembled ({why})"
        runs = (("pyasc", source, pyasc_name, ""), ("ours", output, ours_name, ""))
        return self._compare(case, ce, head, runs, f"{pyasc_name} ~ ours {ours_name}")

    def _prove_read(
        self,
        case: TargetCase,
        ce: Counterexample,
        head: str,
        target: Directive,
        group: Sequence[Directive],
        output: str,
    ) -> tuple[bool, str]:
        """A store: both functions stopped after the line, the PTR buffer's element read."""
        assert ce.reads is not None
        matched = run_checks(group, output, replace(case.opts, relax_index=True)).matched
        ours_line = matched.get(ce.check_line)
        if ours_line is None:
            return False, f"{head}: no line of ours pairs with CHECK line {ce.check_line}"
        source, why, _ = assemble_mapped(case.group)
        if source is None:
            return False, f"{head}: pyasc's C++ not assembled ({why})"
        ctype, index = ce.reads
        expr = f"reinterpret_cast<{ctype}*>(asc_buffer + 2048)[{index}]"
        runs = (("pyasc", source, expr, target.pattern), ("ours", output, expr, ours_line))
        return self._compare(case, ce, head, runs, f"PTR[{index}] as {ctype}")

    def _compare(
        self,
        case: TargetCase,
        ce: Counterexample,
        head: str,
        runs: Sequence[tuple[str, str, str, str]],
        what: str,
    ) -> tuple[bool, str]:
        function = case.name.split(",")[0]
        results: list[int | float | str] = []
        for who, text, name, after in runs:
            try:
                program = probed(text, name, function, ce.args, after)
            except LookupError as e:
                return False, f"{head}: {who}: {e}"
            status, out = self.run(program)
            if status == "error" or (status == "crash" and who == "ours"):
                return False, f"{head}: {who}'s C++ did not run on the host: {out}"
            if status == "ub":
                results.append(f"undefined ({out})")
            elif status == "crash":
                results.append(f"crashed ({out})")
            else:  # no output: the run never reached the value (another branch)
                results.append(parse_value(out) if out.strip() else "never computed")
        theirs, ours = results
        args = ", ".join(literal(a) for a in ce.args)
        told = f"{head}: {function}({args}) [{what}]: expected {ce.expected!r}, pyasc {theirs!r}, ours {ours!r}"
        holds = (isinstance(theirs, str) or not same_value(theirs, ce.expected)) and (
            not isinstance(ours, str) and same_value(ours, ce.expected)
        )
        return holds, told if holds else f"{told} -- does not hold"


# -- lines equal to ours for every input ---------------------------------------------

ALL_I16 = "ALL_I16"  # an argument: every int16_t value, in a loop


@dataclass(frozen=True)
class Equal:
    """pyasc's CHECK line computes the same value as our line for it, on every input of
    `args` (ALL_I16 loops over all 65536 values; the others are fixed): run exhaustively."""

    check_line: int
    args: tuple[int | str, ...]
    meaning: str


EQUALS: dict[tuple[str, str], tuple[Equal, ...]] = {
    (A, "emit_mului_extended"): (
        Equal(
            182,
            (0, 0, ALL_I16, ALL_I16),
            "mului_extended i16 low half: int16_t(v3 * v4) (promoted to int, no overflow) "
            "equals our low 16 bits of the 64-bit product, all 2^32 input pairs",
        ),
    ),
}


def _stopped(source: str, function: str, rename: str, name: str, store: str) -> str:
    """`source` without #includes, `function` renamed, stopped after `name` is declared
    (its value stored in the global `store`)."""
    lines = [ln for ln in source.splitlines() if not ln.lstrip().startswith("#include")]
    decl = re.compile(rf"^[^=;()]*[\w>*&\s]\b{re.escape(name)}\s*(=|\{{)")
    for k, text in enumerate(lines):
        if decl.match(text.strip()):
            lines[k] = f"{text} {store} = {name}; return;"
            break
    else:
        raise LookupError(f"no declaration of `{name}`")
    return re.sub(rf"\b{re.escape(function)}\(", f"{rename}(", "\n".join(lines))


def exhaustive_program(
    theirs: str, ours: str, function: str, names: tuple[str, str], args: Sequence[int | str]
) -> str:
    """Both functions, stopped after their value; a main comparing them on every input,
    printing how many inputs differ."""
    body = _stopped(theirs, function, "asc_theirs", names[0], "asc_v_theirs")
    body += "\n" + _stopped(ours, function, "asc_ours", names[1], "asc_v_ours")
    loops, call = [], []
    for k, a in enumerate(args):
        if a == ALL_I16:
            loops.append(f"for (int32_t a{k} = -32768; a{k} <= 32767; ++a{k})")
            call.append(f"static_cast<int16_t>(a{k})")
        else:
            call.append(literal(a))  # type: ignore[arg-type]
    c = ", ".join(call)
    return (
        _PRELUDE
        + "static long long asc_v_theirs, asc_v_ours;\n"
        + body
        + "\nint main() { unsigned long long differ = 0;\n"
        + " ".join(loops)
        + f" {{ asc_theirs({c}); asc_ours({c}); differ += asc_v_theirs != asc_v_ours; }}\n"
        + 'std::printf("%llu\\n", differ); return 0; }\n'
    )


__all__ = ["COUNTEREXAMPLES", "EQUALS", "Counterexample", "Equal", "HostRunner", "replace"]
