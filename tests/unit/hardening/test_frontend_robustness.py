"""Issue 28, frontend: compile-time folding is bounded, unsupported Python gets a located
`CompileError` saying what is supported (never an internal error or a hang), shifts
never reach C++'s undefined amounts, and a local shadowing a global is Python's
UnboundLocalError."""

from __future__ import annotations

import inspect
import shutil
import subprocess
import time

import numpy as np
import pytest
import robust_kernels as R

from asc_xdsl.frontend.errors import CompileError

X = np.zeros(8, np.int32)


def _line_of(kernel, needle: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if needle in line)


ERRORS = [
    (R.huge_power, "10 ** 100000000 would be an integer of about 332192810 bits", "10**10**8"),
    (R.huge_power_of_three, "3 ** 10000000 would be an integer of about 15849626 bits", "y = 3"),
    (R.huge_pow_builtin, "10 ** 100000000 would be an integer of about", "pow(10"),
    (R.huge_left_shift, "1 << 10000000000 would be an integer of about", "1 << 10**10"),
    (
        R.huge_string,
        "str * 100000000000 would make 100000000000 characters; compile-time sequences are "
        "limited to 1048576 characters",
        '"a" * 10**11',
    ),
    (R.wide_constant, "constant <a 5001-bit integer> does not fit in int32", "n + y"),
    (
        R.starred_runtime,
        "'*' unpacking in a call needs a compile-time tuple or list, got a runtime int32 value",
        "*n",
    ),
    (
        R.double_starred_runtime,
        "'**' unpacking in a call needs a compile-time dict, got a runtime int32 value",
        "**n",
    ),
    (
        R.mutates_module_list,
        "cannot call list.append in a kernel: a kernel cannot change Python objects",
        "LOG.append",
    ),
    (
        R.shift_by_width,
        "shift amount 100 is outside [0, 32) for int32: the result would be undefined in C++",
        "n << 100",
    ),
    (R.shift_by_negative, "shift amount -1 is outside [0, 32) for int32", "n >> -1"),
    (R.shift_by_float, "operator << is not supported on floats in kernels", "n << 1.5"),
    (
        R.shadows_asc,
        "UnboundLocalError: cannot access local variable 'asc' where it is not associated "
        "with a value (shadows_asc assigns 'asc'",
        "b = asc.get_block_idx()",
    ),
    (R.shadows_constant, "cannot access local variable 'LIMIT'", "n += LIMIT"),
    (
        R.local_tensor_of_size_zero,
        "LocalTensor: tile_size must be positive (elements), got 0",
        "asc.LocalTensor(",
    ),
    (
        R.local_tensor_at_zero_of_size_zero,
        "LocalTensor: tile_size must be positive (elements), got 0",
        "asc.LocalTensor(",
    ),
    (
        R.local_tensor_without_size,
        "LocalTensor at a position and address needs tile_size",
        "asc.LocalTensor(",
    ),
]


@pytest.mark.parametrize("kernel,message,needle", ERRORS, ids=[e[0].__name__ for e in ERRORS])
def test_located_error(kernel, message, needle):
    start = time.perf_counter()
    with pytest.raises(CompileError) as info:
        kernel.compile(X, 1, always_compile=True)
    assert time.perf_counter() - start < 5  # refused before computing, not after
    err = info.value
    text = str(err)
    assert message in text, text
    assert "raised while compiling" not in text and "Traceback" not in text
    assert err.filename == inspect.getsourcefile(kernel.fn)
    assert err.lineno == _line_of(kernel, needle)
    lines = text.splitlines()
    assert needle in lines[1] and lines[2].strip().startswith("^")


def test_folding_within_the_limits_is_pythons():
    x = np.zeros(4, np.int32)
    R.folded_within_limits[1](x, 1)
    assert list(x) == [1 + (2**100 >> 90), 2000, 81, (1 << 30) * 2 // 4096]


def test_starred_compile_time_tuple_still_works():
    cpp = R.starred_tuple.compile(X, 1, always_compile=True).asm["ascendc"]
    assert 'AscendC::printf("%d %d\\n", n, ' in cpp


SHIFT_CASES = [(5, 3), (-5, 3), (5, 31), (7, 31), (5, 32), (-5, 40), (-5, -1), (1, -7), (-1, 0)]


def _wrap(v: int, bits: int = 32, signed: bool = True) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >= 1 << (bits - 1) else v


def expected_shifts(a: int, s: int) -> tuple[list[int], list[int]]:
    """Shifting by an amount outside [0, 32) is shifting by 'infinitely many' bits."""
    inside = 0 <= s < 32
    u = a & 0xFFFFFFFF
    ints = [
        _wrap(a << s) if inside else 0,
        a >> s if inside else (-1 if a < 0 else 0),
        _wrap(1 << s) if inside else 0,
        _wrap(a << 31),
    ]
    return ints, [u, (u << s) & 0xFFFFFFFF if inside else 0, u >> s if inside else 0]


@pytest.mark.parametrize("a,s", SHIFT_CASES)
def test_runtime_shift_amounts_are_defined(a, s):
    x, y = np.zeros(4, np.int32), np.array([a & 0xFFFFFFFF, 0, 0], np.uint32)
    R.runtime_shifts[1](x, y, a, s)
    ints, uints = expected_shifts(a, s)
    assert [int(v) for v in x] == ints and [int(v) for v in y] == uints


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
  T GetValue(int64_t i) const { return p[i]; }
};
}
"""

DRIVER = r"""
#include <cstdio>
#include <cstdlib>
int main(int argc, char** argv) {
  for (int i = 1; i + 1 < argc; i += 2) {
    int32_t x[4] = {0};
    uint32_t y[3] = {static_cast<uint32_t>(atoi(argv[i])), 0, 0};
    runtime_shifts(x, y, atoi(argv[i]), atoi(argv[i + 1]));
    printf("%d %d %d %d %u %u %u\n", x[0], x[1], x[2], x[3], y[0], y[1], y[2]);
  }
}
"""


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_emitted_shifts_have_no_undefined_amounts(tmp_path):
    """The Ascend C computes the simulator's results, and no shift it executes has an
    amount outside [0, width) (UBSan's shift-exponent check stops the program)."""
    y = np.zeros(3, np.uint32)
    cpp = R.runtime_shifts.compile(X, y, 1, 2, always_compile=True).asm["ascendc"]
    (tmp_path / "kernel_operator.h").write_text(STUB_HEADER)
    (tmp_path / "k.cpp").write_text(cpp + DRIVER)
    build = subprocess.run(
        ["g++", "-std=c++20", "-fsanitize=shift-exponent", "-fno-sanitize-recover=all",
         "-I", str(tmp_path), "k.cpp", "-o", "k"],
        cwd=tmp_path, capture_output=True, text=True,
    )  # fmt: skip
    if build.returncode and "sanitize" in build.stderr:
        pytest.skip("g++ without UBSan")
    assert build.returncode == 0, build.stderr
    args = [str(v) for case in SHIFT_CASES for v in case]
    run = subprocess.run([str(tmp_path / "k"), *args], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    for (a, s), line in zip(SHIFT_CASES, run.stdout.splitlines(), strict=True):
        ints, uints = expected_shifts(a, s)
        assert [int(v) for v in line.split()] == ints + uints, (a, s)
