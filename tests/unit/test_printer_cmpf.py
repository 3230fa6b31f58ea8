"""Every arith.cmpf predicate's C++ expression, compiled with g++ and run on ordered and
unordered (NaN) operands, agrees with the predicate's definition."""

from __future__ import annotations

import math
import shutil
import subprocess
from pathlib import Path

import pytest
from xdsl.dialects.arith import CMPF_COMPARISON_OPERATIONS

from asc_xdsl.backends.ascendc.printer import _CMPF

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


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_every_cmpf_predicate_matches_its_definition(tmp_path: Path) -> None:
    def literal(v: float) -> str:
        return "NAN" if math.isnan(v) else repr(v) + "f"

    lines = ["#include <cmath>", "#include <cstdio>", "int main() {"]
    for a, b in PAIRS:
        lines.append(f"  {{ volatile float va = {literal(a)}, vb = {literal(b)};")
        lines.append("    float a = va, b = vb;")
        for number in range(16):
            expr = _CMPF[number].format(a="a", b="b")
            lines.append(f'    std::printf("%d\\n", static_cast<int>({expr}));')
        lines.append("  }")
    lines += ["  return 0;", "}"]
    source = tmp_path / "cmpf.cpp"
    source.write_text("\n".join(lines))
    binary = tmp_path / "cmpf"
    subprocess.run(["g++", "-O0", "-o", str(binary), str(source)], check=True)
    got = subprocess.run([str(binary)], check=True, capture_output=True, text=True).stdout.split()
    want = [
        str(int(expected(CMPF_COMPARISON_OPERATIONS[number], a, b)))
        for a, b in PAIRS
        for number in range(16)
    ]
    assert got == want
