"""Scalars first bound inside a runtime `if` or `for` are visible after it, as in
Python: an scf.if / scf.for result whose value on a path that binds nothing is a zero
of its type (Python would raise NameError there). Names that cannot be carried stay
located errors (test_python_semantics.py)."""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError


@asc.jit
def first_bound_in_branches_and_loops(out: asc.GlobalAddress, n: int):
    if n > 0:
        w = n + 1
    else:
        asc.printf("none\n")
    for i in range(n):
        last = i * 2
    count = 0
    for i in range(n):
        if i > 2:
            hit = i * 10
            count += hit
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 4)
    g.set_value(0, w)
    g.set_value(1, last)
    g.set_value(2, count)


@asc.jit
def float_bound_in_else(out: asc.GlobalAddress, x: float):
    if x > 1.0:
        pass
    else:
        y = x * 2.0
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, y)


def _ir(kernel, *args) -> str:
    return kernel.compile(*args, always_compile=True).asm["ir"]


def test_if_result_with_zero_on_the_other_path():
    ir = _ir(first_bound_in_branches_and_loops, np.zeros(4, np.int32), 5)
    assert "    %0 = arith.constant 0 : i32\n" in ir
    assert (
        "    %w = scf.if %5 -> (i32) {\n"
        "      %w_1 = arith.addi %n, %1 : i32\n"
        "      scf.yield %w_1 : i32\n"
        "    } else {\n"
        '      ascendc.printf {desc = "none\\0A"} :\n'
        "      scf.yield %0 : i32\n"
        "    }\n"
    ) in ir


def test_for_result_first_bound_in_the_body():
    ir = _ir(first_bound_in_branches_and_loops, np.zeros(4, np.int32), 5)
    assert "%last = scf.for %i = %0 to %n step %1 iter_args(%last_1 = %0) -> (i32) : i32 {" in ir
    assert "      %last_2 = arith.muli %i, %2 : i32\n      scf.yield %last_2 : i32\n" in ir


@pytest.mark.parametrize(("n", "expect"), [(5, [6, 8, 70, 0]), (0, [0, 0, 0, 0])])
def test_values_on_the_simulator(n, expect):
    out = np.zeros(4, np.int32)
    first_bound_in_branches_and_loops[1](out, n)
    # n=5: w = 6, last = 4*2, count = 30 + 40; n=0: nothing ran, the zeros remain
    assert out.tolist() == expect


def test_float_bound_in_else_only():
    cpp = float_bound_in_else.compile(np.zeros(1, np.float32), 0.5, always_compile=True)
    assert "float y;\n" in cpp.asm["ascendc"]
    out = np.zeros(1, np.float32)
    float_bound_in_else[1](out, 0.5)
    assert out.tolist() == [1.0]
    float_bound_in_else[1](out, 3.0)
    assert out.tolist() == [0.0]


@asc.jit
def read_in_other_branch(out: asc.GlobalAddress, n: int):
    if n > 0:
        w = 1
    else:
        asc.printf("%d\n", w)


@asc.jit
def bound_in_while(out: asc.GlobalAddress, n: int):
    i = 0
    while i < n:
        z = i
        i += 1
    asc.printf("%d\n", z)


@pytest.mark.parametrize(
    ("kernel", "message"),
    [
        (read_in_other_branch, r"name 'w' is not defined"),
        (bound_in_while, r"name 'z' is bound only inside the runtime loop at line \d+"),
    ],
)
def test_reads_python_refuses_stay_located_errors(kernel, message):
    with pytest.raises(CompileError, match=message) as e:
        kernel.compile(np.zeros(1, np.int32), 1, always_compile=True)
    assert "test_branch_variables.py:" in str(e.value)
