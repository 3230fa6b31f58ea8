"""Issue 8, item 5: `//` and `%` follow Python's semantics for compile-time and
runtime operands alike, on the simulator and in the emitted Ascend C (compiled with
the host's g++ against a minimal stand-in for the one header class it uses)."""

import math
import shutil
import subprocess

import division_kernels as D
import numpy as np
import pytest

from asc_xdsl.runtime.simulator import SimulatorError

INT_CASES = [(-7, 2), (7, -2), (-7, -2), (7, 2), (0, 3), (-(2**31), 3), (2**31 - 1, -5), (6, -3)]
FLOAT_CASES = [
    (-7.5, 2.0),
    (7.5, -2.0),
    (1.0, 0.1),
    (1e10, 3.0),
    (-3.0, math.inf),
    (3.0, -math.inf),
    (math.inf, 3.0),
    (5.0, 0.0),
    (math.nan, 1.0),
    (-0.0, 3.0),
    (6.0, -3.0),
    (3e38, 1e-38),
    (1e-45, 3e38),
    (-1e-45, 3.0),
    (16777217.0, 3.0),
]


def f32(v: float) -> float:
    with np.errstate(over="ignore"):
        return float(np.float32(v))


def python_int(a: int, b: int) -> list[int]:
    return [a // b, a % b, -7 // b, a % -3, -7 // 2, -7 % 2, a // 4, a % 8, a // 1, a % 1]


def python_float(a: float, b: float) -> list[float]:
    a, b = f32(a), f32(b)

    def op(fn, x, y):
        try:
            return f32(fn(x, y))
        except ZeroDivisionError:
            return math.nan

    floordiv, mod = (lambda x, y: x // y), (lambda x, y: x % y)
    return [op(floordiv, a, b), op(mod, a, b), op(floordiv, a, 0.5), op(mod, -7.5, b)]


def same(got: float, want: float) -> bool:
    if math.isnan(want):
        return math.isnan(got)
    return got == want and math.copysign(1, got) == math.copysign(1, want)


@pytest.mark.parametrize("a,b", INT_CASES)
def test_integer_division_is_pythons(a, b):
    x = np.zeros(10, np.int32)
    D.int_division[1](x, a, b)
    assert list(x) == python_int(a, b)


def test_integer_division_by_zero_is_a_located_error():
    with pytest.raises(SimulatorError) as info:
        D.int_division[1](np.zeros(10, np.int32), 1, 0)
    assert "division_kernels.py:10:" in str(info.value)
    assert "integer division by zero" in str(info.value)


@pytest.mark.parametrize("a,b", FLOAT_CASES)
def test_float_division_is_pythons(a, b):
    x = np.zeros(8, np.float32)
    D.float_division[1](x, a, b)
    got, want = [float(v) for v in x[:4]], python_float(a, b)
    assert all(same(g, w) for g, w in zip(got, want, strict=True)), (got, want)


def test_min_max_keep_pythons_first_argument_on_ties_and_nan():
    x = np.zeros(8, np.float32)
    for a, b in [(math.nan, 1.0), (1.0, math.nan), (0.0, -0.0), (-0.0, 0.0), (2.0, 3.0)]:
        D.extremes[1](x, a, b)
        assert same(float(x[0]), max(a, b)) and same(float(x[1]), min(a, b)), (a, b)


STUB_HEADER = """\
#include <cstdint>
#define __global__
#define __aicore__
#define __gm__
namespace AscendC {
template <typename T> struct GlobalTensor {
  T* p = nullptr;
  void SetGlobalBuffer(T* ptr, int64_t) { p = ptr; }
  void SetValue(int64_t i, T v) { p[i] = v; }
};
}
"""

DRIVER = r"""
#include <cstdio>
#include <cstdlib>
int main(int argc, char** argv) {
  float f[8] = {0};
  int32_t n[10] = {0};
  for (int i = 1; i + 2 < argc; i += 3) {
    if (argv[i][0] == 'f') {
      float_division(f, strtof(argv[i + 1], nullptr), strtof(argv[i + 2], nullptr));
      printf("%a %a %a %a\n", f[0], f[1], f[2], f[3]);
    } else {
      int_division(n, atoi(argv[i + 1]), atoi(argv[i + 2]));
      for (int k = 0; k < 10; ++k) printf("%d ", n[k]);
      printf("\n");
    }
  }
}
"""


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_emitted_ascend_c_computes_the_same(tmp_path):
    ints = D.int_division.compile(np.zeros(10, np.int32), 1, 2).asm["ascendc"]
    floats = D.float_division.compile(np.zeros(8, np.float32), 1.0, 2.0).asm["ascendc"]
    (tmp_path / "kernel_operator.h").write_text(STUB_HEADER)
    source = ints + floats.replace('#include "kernel_operator.h"', "") + DRIVER
    (tmp_path / "k.cpp").write_text(source)
    subprocess.run(
        ["g++", "-O2", "-std=c++17", "-I", str(tmp_path), "k.cpp", "-o", "k"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    args = [s for a, b in INT_CASES for s in ("i", str(a), str(b))]
    args += [s for a, b in FLOAT_CASES for s in ("f", repr(a), repr(b))]
    lines = subprocess.run(
        [str(tmp_path / "k"), *args], check=True, capture_output=True, text=True
    ).stdout.splitlines()
    for (a, b), line in zip(INT_CASES, lines, strict=False):
        assert [int(v) for v in line.split()] == python_int(a, b), (a, b)
    for (a, b), line in zip(FLOAT_CASES, lines[len(INT_CASES) :], strict=True):
        got = [float.fromhex(v) if "nan" not in v else math.nan for v in line.split()]
        assert all(same(g, w) for g, w in zip(got, python_float(a, b), strict=True)), (a, b)


def test_negative_zero_constant_is_not_merged_with_zero():
    x = np.ones(8, np.float32)
    D.signed_zero[1](x, 0)
    assert x[1] == 0.0 and math.copysign(1.0, float(x[1])) == -1.0
