"""Scalars and tensors first bound inside a runtime `if`, `for` or `while` are visible
after it, as in Python: an scf.if / scf.for / scf.while result (a loop's only when the
function reads the name outside the loop) whose value on a path that binds nothing is
a placeholder of its type (a zero, an empty `LocalTensor<T>`; Python would raise
NameError there). Names that cannot be carried (objects, Python values) stay located
errors (test_python_semantics.py)."""

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
        "      %w_1 = arith.addi %n, %1 overflow<nsw> : i32\n"
        "      scf.yield %w_1 : i32\n"
        "    } else {\n"
        '      ascendc.printf {desc = "none\\0A"} :\n'
        "      scf.yield %0 : i32\n"
        "    }\n"
    ) in ir


def test_for_result_first_bound_in_the_body():
    ir = _ir(first_bound_in_branches_and_loops, np.zeros(4, np.int32), 5)
    assert "%last = scf.for %i = %0 to %n step %1 iter_args(%last_1 = %0) -> (i32) : i32 {" in ir
    assert (
        "      %last_2 = arith.muli %i, %2 overflow<nsw> : i32\n      scf.yield %last_2 : i32\n"
        in ir
    )


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
        z = i * 3
        i += 1
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    g[0] = z


@pytest.mark.parametrize(("n", "expect"), [(4, 9), (0, 0)])
def test_scalar_first_bound_in_a_while_body(n, expect):
    ir = _ir(bound_in_while, np.zeros(1, np.int32), n)
    assert "%i, %z = scf.while (%i_1 = %0, %z_1 = %0) : (i32, i32) -> (i32, i32) {" in ir
    out = np.zeros(1, np.int32)
    bound_in_while[1](out, n)
    assert out[0] == expect  # the last iteration's z; the placeholder 0 if none ran


@asc.jit
def tensors_first_bound_in_branches_and_loops(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=q, num=1, len=256)
    if n > 2:
        t = q.alloc_tensor(asc.int32)
    asc.duplicate(t, n, 64)
    q.enque(t)
    for _ in range(n - 2):
        w = q.deque(asc.int32)
    asc.data_copy(g, w, count=64)
    q.free_tensor(w)


def test_tensors_first_bound_in_a_branch_or_loop():
    x = np.zeros(64, np.int32)
    cpp = tensors_first_bound_in_branches_and_loops.compile(x, 3, always_compile=True)
    text = cpp.asm["ascendc"]
    for line in (
        "  AscendC::LocalTensor<int32_t> t;\n",
        "    AscendC::LocalTensor<int32_t> t_1 = q.AllocTensor<int32_t>();\n    t = t_1;\n",
        # the else path's placeholder: an empty tensor (never read there)
        "  } else {\n    AscendC::LocalTensor<int32_t> v",
        "    AscendC::LocalTensor<int32_t> w_1 = q.DeQue<int32_t>();\n    w = w_1;\n",
        "  AscendC::DataCopy(g, w, c64_i32);\n",
    ):
        assert line in text, line
    tensors_first_bound_in_branches_and_loops[1](x, 3)
    assert (x == 3).all()


@asc.jit
def object_bound_in_branch(x: asc.GlobalAddress, n: int):
    if n > 0:
        q = asc.TQue(asc.TPosition.VECIN, 1)
    q.alloc_tensor(asc.float32)


@pytest.mark.parametrize(
    ("kernel", "message"),
    [
        (read_in_other_branch, r"name 'w' is not defined"),
        (
            object_bound_in_branch,
            r"name 'q' is bound only inside the runtime if at line \d+, which may not run, "
            r"and holds a runtime TQue, which cannot be carried out of it: create it before the if",
        ),
    ],
)
def test_reads_python_refuses_stay_located_errors(kernel, message):
    with pytest.raises(CompileError, match=message) as e:
        kernel.compile(np.zeros(1, np.int32), 1, always_compile=True)
    assert "test_branch_variables.py:" in str(e.value)


@asc.jit
def loop_variables_after_loops(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    for i in range(n):  # noqa: B007 -- read after the loop
        pass
    g[0] = i  # the last value (a placeholder 0 when the loop did not run)
    j = 100
    for j in range(2, n):  # noqa: B007 -- read after the loop
        pass
    g[1] = j  # 100 when the loop did not run, as in Python
    for q in range(n):
        if q == 2:
            break
    g[2] = q  # a loop with break (a while after structured.py)
    s = 0
    for t in range(n):
        s += t
    g[3] = s


@pytest.mark.parametrize(("n", "expect"), [(5, [4, 4, 2, 10]), (0, [0, 100, 0, 0])])
def test_loop_variable_after_the_loop(n, expect):
    x = np.zeros(4, np.int32)
    loop_variables_after_loops[1](x, n)
    assert x.tolist() == expect


def test_loop_variable_is_a_result_only_when_read_after():
    cpp = loop_variables_after_loops.compile(np.zeros(4, np.int32), 5).asm["ascendc"]
    assert "  for (int32_t i_1 = c0_i32; i_1 < n; i_1 += c1_i32) {\n    i = i_1;\n  }\n" in cpp
    # `t` is not read after its loop: no copy
    assert "  for (int32_t t = c0_i32; t < n; t += c1_i32) {\n    int32_t s_1 = s + t;\n" in cpp
    # sequential loops over the same name do not carry it from one to the next
    ir = _ir(first_bound_in_branches_and_loops, np.zeros(4, np.int32), 5)
    assert "%last = scf.for %i = %0 to %n step %1 iter_args(%last_1 = %0) -> (i32) : i32 {" in ir


@asc.jit
def bound_in_loops_and_not_read_after(out: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 4)
    total = 0
    for i in range(n):
        step = i * 3  # read only in its iteration
        total += step
    k = 0
    while k < n:
        twice = k * 2
        k += 1
        g.set_value(1, twice)
    g.set_value(0, total)


def test_a_name_first_bound_in_a_loop_is_a_result_only_when_read_after():
    ir = _ir(bound_in_loops_and_not_read_after, np.zeros(4, np.int32), 5)
    # only `total` and `k`, read after their loops, are loop results
    assert (
        "    %total = scf.for %i = %1 to %n step %2 iter_args(%total_1 = %1) -> (i32) : i32 {\n"
        in ir
    )
    assert "    %k = scf.while (%k_1 = %1) : (i32) -> i32 {\n" in ir
    x = np.zeros(4, np.int32)
    bound_in_loops_and_not_read_after[1](x, 5)
    assert x.tolist() == [30, 8, 0, 0]
    # (`first_bound_in_branches_and_loops` reads `last` after its loop: a result)
