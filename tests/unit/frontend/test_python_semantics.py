"""Python semantics of kernels: break/continue in static_range loops (the unroller stops
or skips), and names bound only inside a runtime branch or loop that cannot be carried
out of it (an error that says why; scalars are: test_branch_variables.py)."""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError

X = np.zeros(4, np.float32)


@asc.jit
def static_break_continue(x: asc.GlobalAddress, n: int):
    s = 0
    for i in asc.static_range(8):
        if i == 5:
            break
        if i == 2:
            continue
        s = s + i
    asc.printf("%d\n", s)


@asc.jit
def nested_static_break(x: asc.GlobalAddress, n: int):
    s = 0
    for i in asc.static_range(3):
        for j in asc.static_range(3):
            if j > i:
                break
            s = s + 10 * i + j
    asc.printf("%d\n", s)


def test_break_and_continue_in_static_range():
    cpp = static_break_continue.compile(X, 3, always_compile=True).asm["ascendc"]
    assert '  AscendC::printf("%d\\n", c8_i32);\n' in cpp  # 0 + 1 + 3 + 4
    cpp = nested_static_break.compile(X, 3, always_compile=True).asm["ascendc"]
    # (0,0) (1,0) (1,1) (2,0) (2,1) (2,2): 0 + 10 + 11 + 20 + 21 + 22
    assert '  AscendC::printf("%d\\n", c84_i32);\n' in cpp


@asc.jit
def runtime_break_in_static_loop(x: asc.GlobalAddress, n: int):
    for i in asc.static_range(4):
        if n > i:
            break


@asc.jit
def bound_in_loop_only(x: asc.GlobalAddress, n: int):
    for i in range(n):
        if i > 1:  # bound on some iterations only: the loop cannot carry it
            z = i * 2
    asc.printf("%d\n", z)


@asc.jit
def bound_in_then_only(x: asc.GlobalAddress, n: int):
    if n > 0:
        w = (n, n + 1)  # not a scalar: nothing stands in for it on the other path
    asc.printf("%d\n", w[0])


@asc.jit
def bound_in_both_branches(x: asc.GlobalAddress, n: int):
    if n > 0:  # noqa: SIM108 -- the if statement is what is tested
        y = n + 1
    else:
        y = n - 1
    asc.printf("%d\n", y)


def test_a_name_bound_on_every_path_is_visible_after_the_if():
    cpp = bound_in_both_branches.compile(X, 3, always_compile=True).asm["ascendc"]
    assert '  AscendC::printf("%d\\n", y);\n' in cpp


@pytest.mark.parametrize(
    "kernel, message",
    [
        (
            runtime_break_in_static_loop,
            "'break' under a runtime condition in a static_range loop is not supported",
        ),
        (
            bound_in_loop_only,
            r"name 'z' is bound only inside the runtime loop at line \d+, which may not run",
        ),
        (
            bound_in_then_only,
            r"name 'w' is bound only inside the runtime if at line \d+, which may not run",
        ),
    ],
)
def test_errors(kernel, message):
    with pytest.raises(CompileError, match=message):
        kernel.compile(X, 3, always_compile=True)


@asc.jit
def non_ascii_names(x: asc.GlobalAddress, n: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 4)
    αβ = n * 2  # a Python identifier that is no MLIR value name
    größe = αβ + 1  # one that is (the C++ text still names it in ASCII)
    for ß in range(n):
        gm.set_value(0, größe + ß)


def test_non_ascii_variable_names():
    cpp = non_ascii_names.compile(np.zeros(4, np.int32), 3, always_compile=True).asm["ascendc"]
    assert "int32_t v1 = n * c2_i32;" in cpp
    assert "int32_t v2 = v1 + c1_i32;" in cpp
    assert cpp.isascii()
