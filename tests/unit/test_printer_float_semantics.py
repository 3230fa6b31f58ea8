"""The C++ of every arith.cmpf predicate and of the float min/max ops, compiled with g++
and run on ordered and unordered (NaN) operands, agrees with the ops' definitions; float
literals are the shortest decimals the compiler reads back as the same value."""

from __future__ import annotations

import math
import random
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from xdsl.dialects import arith
from xdsl.dialects.arith import CMPF_COMPARISON_OPERATIONS
from xdsl.dialects.builtin import Float16Type, Float32Type, Float64Type

from asc_xdsl.backends.ascendc.cpp_types import float_literal
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
    forms = [_MIN_MAX[op.name].replace("{zero}", "0.0f") for op in ops]
    got = run_cpp(tmp_path, [f"static_cast<double>({form})" for form in forms], "%g")
    want = [[f"{FLOAT_MIN_MAX[op](a, b):g}" for op in ops] for a, b in PAIRS]
    assert got == want


def _f32_values() -> list[float]:
    """Finite float32 values across the range: random bit patterns, subnormals, the
    extremes, and decimals people write."""
    rng = random.Random(7)
    bits = [rng.getrandbits(32) & 0xBFFFFFFF for _ in range(300)]  # exponent never all ones
    bits += [0x00000001, 0x007FFFFF, 0x00800000, 0x7F7FFFFF, 0x80000001, 0x3F800001]
    values = [struct.unpack("<f", struct.pack("<I", b))[0] for b in bits]
    return values + [struct.unpack("f", struct.pack("f", v))[0] for v in (0.1, 1.23, 3e-5)]


@needs_gxx
def test_float_literals_read_back_as_the_same_float(tmp_path: Path) -> None:
    values = _f32_values()
    literals = [float_literal(v, Float32Type()) for v in values]
    expected_bits = [struct.unpack("<I", struct.pack("<f", v))[0] for v in values]
    source = tmp_path / "literals.cpp"
    source.write_text(
        "#include <cstdint>\n#include <cstdio>\n#include <cstring>\n"
        f"static const float xs[] = {{{', '.join(literals)}}};\n"
        f"static const uint32_t bits[] = {{{', '.join(f'{b}u' for b in expected_bits)}}};\n"
        "int main() {\n"
        "  for (unsigned i = 0; i < sizeof(xs) / sizeof(xs[0]); ++i) {\n"
        "    uint32_t b; std::memcpy(&b, &xs[i], 4);\n"
        '    if (b != bits[i]) { std::printf("%u\\n", i); return 1; }\n'
        "  }\n"
        "  return 0;\n"
        "}\n"
    )
    binary = tmp_path / "literals"
    subprocess.run(["g++", "-O0", "-o", str(binary), str(source)], check=True)
    done = subprocess.run([str(binary)], capture_output=True, text=True)
    assert done.returncode == 0, (
        f"literal {literals[int(done.stdout)]} is not {values[int(done.stdout)]!r}"
    )


def test_float_literals_are_the_shortest_decimal():
    f32 = lambda v: struct.unpack("f", struct.pack("f", v))[0]  # noqa: E731
    assert float_literal(f32(0.1), Float32Type()) == "0.1f"
    assert float_literal(f32(1.23), Float32Type()) == "1.23f"
    assert float_literal(1e-10, Float32Type()) == "1e-10f"
    assert float_literal(0.1, Float64Type()) == "0.1"
    # half: the float literal the compiler converts to the same half
    assert float_literal(2.19921875, Float16Type()) == "static_cast<half>(2.2f)"
    assert float_literal(65504.0, Float16Type()) == "static_cast<half>(65500.0f)"


def test_half_literals_convert_to_the_same_half():
    for b in range(0, 0x7C00, 7):  # every 7th finite positive half
        value = struct.unpack("<e", struct.pack("<H", b))[0]
        text = float_literal(value, Float16Type())
        decimal = float(text.removeprefix("static_cast<half>(").removesuffix("f)"))
        as_float = struct.unpack("f", struct.pack("f", decimal))[0]
        assert struct.unpack("e", struct.pack("e", as_float))[0] == value, text
