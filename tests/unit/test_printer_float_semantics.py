"""The C++ of every arith.cmpf predicate and of the float min/max ops, compiled with g++
and run on ordered and unordered (NaN) operands, agrees with the ops' definitions."""

from __future__ import annotations

import math
import shutil
import subprocess
from pathlib import Path

import pytest
from xdsl.dialects import arith
from xdsl.dialects.arith import CMPF_COMPARISON_OPERATIONS

from asc_xdsl.backends.ascendc.printer import _CMPF, _MIN_MAX

PAIRS = [(1.0, 2.0), (2.0, 1.0), (1.5, 1.5), (math.nan, 1.0), (1.0, math.nan), (math.nan, math.nan)]


def expected(predicate: str, a: float, b: float) -> bool:
    unordered = math.isnan(a) or math.isnan(b)
    ordered_results = {"eq": a == b, "gt": a > b, "ge": a >= b, "lt": a < b, "le": a <= b}
    ordered_results["ne"] = not unordered and a != b
    if predicate in ("false", "true"):
        return predicate == "true"
    if predicate == "ord":
        return not unordered
    if predicate == "uno":
        return unordered
    kind, relation = predicate[0], predicate[1:]
    if kind == "o":
        return not unordered and ordered_results[relation]
    return unordered or ordered_results[relation]


def run_cpp(tmp_path: Path, exprs: list[str], fmt: str) -> list[list[str]]:
    """Each expression of `a` and `b`, printed with `fmt`, for each of PAIRS."""

    def literal(v: float) -> str:
        return "NAN" if math.isnan(v) else repr(v) + "f"

    lines = ["#include <cmath>", "#include <cstdio>", "int main() {"]
    for a, b in PAIRS:
        lines.append(f"  {{ volatile float va = {literal(a)}, vb = {literal(b)};")
        lines.append("    float a = va, b = vb;")
        lines += [f'    std::printf("{fmt}\\n", {e.format(a="a", b="b")});' for e in exprs]
        lines.append("  }")
    lines += ["  return 0;", "}"]
    source = tmp_path / "ops.cpp"
    source.write_text("\n".join(lines))
    binary = tmp_path / "ops"
    subprocess.run(["g++", "-O0", "-o", str(binary), str(source)], check=True)
    out = subprocess.run([str(binary)], check=True, capture_output=True, text=True).stdout.split()
    return [out[i : i + len(exprs)] for i in range(0, len(out), len(exprs))]


needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")


@needs_gxx
def test_every_cmpf_predicate_matches_its_definition(tmp_path: Path) -> None:
    exprs = [f"static_cast<int>({_CMPF[number]})" for number in range(16)]
    got = run_cpp(tmp_path, exprs, "%d")
    want = [
        [str(int(expected(CMPF_COMPARISON_OPERATIONS[number], a, b))) for number in range(16)]
        for a, b in PAIRS
    ]
    assert got == want


FLOAT_MIN_MAX = {
    arith.MaximumfOp: lambda a, b: math.nan if math.isnan(a) or math.isnan(b) else max(a, b),
    arith.MinimumfOp: lambda a, b: math.nan if math.isnan(a) or math.isnan(b) else min(a, b),
    arith.MaxnumfOp: lambda a, b: b if math.isnan(a) else a if math.isnan(b) else max(a, b),
    arith.MinnumfOp: lambda a, b: b if math.isnan(a) else a if math.isnan(b) else min(a, b),
}


@needs_gxx
def test_float_min_max_propagate_or_drop_nan_as_defined(tmp_path: Path) -> None:
    ops = list(FLOAT_MIN_MAX)
    got = run_cpp(tmp_path, [f"static_cast<double>({_MIN_MAX[op.name]})" for op in ops], "%g")
    want = [[f"{FLOAT_MIN_MAX[op](a, b):g}" for op in ops] for a, b in PAIRS]
    assert got == want
