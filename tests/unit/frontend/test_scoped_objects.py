"""Regression tests of issue 28's frontend defects, each a kernel ported from an Ascend C
example, compiled, its C++ checked against the real headers (skipped unless
configured) and run on the simulator against numpy:

1. an object created before a runtime `if`/`for`/`while` and first bound inside it
   (`x_gm = asc.GlobalTensor()` then `x_gm.set_global_buffer(...)` in a branch) is
   declared where it was created, so the uses after the if or loop see it (it was
   declared inside the branch: C++ "not declared in this scope", a simulator crash);
   a value that escapes its region some other way (a list) is a located error;
2. a name bound to values of different kinds in the two branches of an `if` (or
   rebound to another kind in a loop) is fine when nothing reads the value it can no
   longer hold, a located error when something does;
3. `addr + offset` keeps a 64-bit offset at 64 bits (it was narrowed to int32, so
   offsets of 2**31 elements and more wrapped silently), and so do a GlobalTensor's
   offsets and buffer size (`uint64_t` in the headers): an offset past the array is
   the simulator's located out-of-range error, not a read of the wrapped element.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.runtime.simulator.memory import GmAccessError

# -- 1. objects first bound inside runtime control flow --------------------------------


@asc.jit
def bound_in_branches(x: asc.GlobalAddress, y: asc.GlobalAddress, out: asc.GlobalAddress, n: int):
    src = asc.GlobalTensor()
    if n > 0:
        src.set_global_buffer(x)
    else:
        src.set_global_buffer(y)
    dst = asc.GlobalTensor()
    dst.set_global_buffer(out)
    for i in range(4):
        dst.set_value(i, src.get_value(i) * 2)


@asc.jit
def bound_in_one_branch_nested(x: asc.GlobalAddress, out: asc.GlobalAddress, n: int):
    src = asc.GlobalTensor()
    src.set_global_buffer(out)
    if n > 0:  # noqa: SIM102
        if n > 1:  # two levels down: declared at the top, where it was created
            later = asc.GlobalTensor()
            later.set_global_buffer(x + 1)
            src.set_value(0, later.get_value(0))


@asc.jit
def bound_in_loops(x: asc.GlobalAddress, out: asc.GlobalAddress, n: int):
    last = asc.GlobalTensor()
    for i in range(n):
        last.set_global_buffer(x + i)
    picked = asc.GlobalTensor()
    i = 0
    while i < n:
        if i == 1:
            picked.set_global_buffer(x + i * 2)
        i += 1
    dst = asc.GlobalTensor()
    dst.set_global_buffer(out)
    dst.set_value(0, last.get_value(0))
    dst.set_value(1, picked.get_value(0))


X = np.arange(10, 18, dtype=np.int32)
Y = np.arange(100, 108, dtype=np.int32)


def test_declared_where_created_not_in_the_branch():
    ir = bound_in_branches.compile(X, Y, np.zeros(4, np.int32), 1, always_compile=True).asm["ir"]
    declared = ir.index("%src = ascendc.global_tensor")
    assert declared < ir.index("scf.if")  # before the if, not in its first branch
    assert ir.count("%src = ascendc.global_tensor") == 1
    cpp = bound_in_branches.compile(X, Y, np.zeros(4, np.int32), 1, always_compile=True)
    text = cpp.asm["ascendc"]
    assert text.index("AscendC::GlobalTensor<int32_t> src;") < text.index("if (")


@pytest.mark.parametrize("n", [1, 0, -3])
def test_bound_in_branches_on_the_simulator(n):
    out = np.zeros(4, np.int32)
    bound_in_branches[1](X, Y, out, n)  # n <= 0 crashed: the else branch had no src
    np.testing.assert_array_equal(out, (X if n > 0 else Y)[:4] * 2)


@pytest.mark.parametrize(("n", "expect"), [(2, 11), (1, 0), (0, 0)])
def test_bound_two_levels_down(n, expect):
    out = np.zeros(4, np.int32)
    bound_in_one_branch_nested[1](X, out, n)
    assert out[0] == expect


@pytest.mark.parametrize("n", [3, 5])
def test_bound_in_loops_on_the_simulator(n):
    ir = bound_in_loops.compile(X, np.zeros(2, np.int32), n, always_compile=True).asm["ir"]
    assert ir.index("%last = ascendc.global_tensor") < ir.index("scf.for")
    assert ir.index("%picked = ascendc.global_tensor") < ir.index("scf.while")
    out = np.zeros(2, np.int32)
    bound_in_loops[1](X, out, n)
    np.testing.assert_array_equal(out, [X[n - 1], X[2]])


@asc.jit
def bound_on_one_path(x: asc.GlobalAddress, out: asc.GlobalAddress, n: int):
    src = asc.GlobalTensor()
    if n > 0:
        src.set_global_buffer(x)
    dst = asc.GlobalTensor()
    dst.set_global_buffer(out)
    dst.set_value(0, src.get_value(0))


def test_unbound_on_the_path_taken_is_the_simulators_located_error():
    out = np.zeros(1, np.int32)
    bound_on_one_path[1](X, out, 1)
    assert out[0] == X[0]
    with pytest.raises(GmAccessError, match="GlobalTensor used before SetGlobalBuffer") as e:
        bound_on_one_path[1](X, out, 0)
    assert "dst.set_value(0, src.get_value(0))" in str(e.value)


@asc.jit
def escapes_in_a_list(out: asc.GlobalAddress, n: int):
    held = [0]
    if n > 0:
        held[0] = n * 2
    dst = asc.GlobalTensor()
    dst.set_global_buffer(out)
    dst.set_value(0, held[0])


def test_a_value_escaping_in_a_list_is_a_located_error():
    with pytest.raises(CompileError) as e:
        escapes_in_a_list.compile(np.zeros(1, np.int32), 3, always_compile=True)
    err = e.value
    assert err.filename == __file__
    assert err.source_line is not None and "dst.set_value(0, held[0])" in err.source_line
    assert "inside 'scf.if'" in err.message and "not in a list" in err.message
    assert "^" in str(err)


# -- 2. names that change kind inside an if ------------------------------------------------


@asc.jit
def kind_changes_dead_after(x: asc.GlobalAddress, out: asc.GlobalAddress, n: int):
    src = asc.GlobalTensor()
    src.set_global_buffer(x)
    dst = asc.GlobalTensor()
    dst.set_global_buffer(out)
    scale = 1
    if n > 0:
        v = src[2:]  # a tensor here
        dst.set_value(0, v.get_value(0))
        scale = 2.5  # noqa: F841  # a float here, an int before: nothing reads it after
    else:
        v = n * 3  # a number here
        dst.set_value(0, v)


@asc.jit
def kind_changes_read_after(x: asc.GlobalAddress, out: asc.GlobalAddress, n: int):
    src = asc.GlobalTensor()
    src.set_global_buffer(x)
    if n > 0:  # noqa: SIM108
        v = src
    else:
        v = 5
    src.set_value(0, v)


@pytest.mark.parametrize(("n", "expect"), [(1, X[2]), (-2, -6)])
def test_kind_change_dead_after_the_if(n, expect):
    out = np.zeros(1, np.int32)
    kind_changes_dead_after[1](X, out, n)
    assert out[0] == expect


def test_kind_change_read_after_the_if_is_a_located_error():
    with pytest.raises(CompileError) as e:
        kind_changes_read_after.compile(X, np.zeros(1, np.int32), 1, always_compile=True)
    err = e.value
    assert err.source_line is not None and err.source_line.strip().startswith("if n > 0:")
    assert "variable 'v' is bound to a runtime GlobalTensor in one branch" in err.message
    assert "int 5 in the other, and is read after it" in err.message


@asc.jit
def kind_changes_in_loops(x: asc.GlobalAddress, out: asc.GlobalAddress, n: int):
    src = asc.GlobalTensor()
    src.set_global_buffer(x)
    dst = asc.GlobalTensor()
    dst.set_global_buffer(out)
    tmp = 0
    for i in range(n):
        tmp = src[i:]  # a tensor now; the 0 from before is never read
        dst.set_value(i, tmp.get_value(0) + 1)
    j = 0
    w = 1
    while j < n:
        w = 0.5 * j  # a float now
        dst.set_value(j + 4, w)
        j += 1


@asc.jit
def kind_changes_read_in_the_next_iteration(x: asc.GlobalAddress, n: int):
    tmp = 0
    for _ in range(n):
        asc.printf("%d\n", tmp)  # the int from before, or the last iteration's float
        tmp = 1.5


def test_kind_change_in_loops_never_read_from_before():
    out = np.zeros(8, np.int32)
    kind_changes_in_loops[1](X, out, 3)
    np.testing.assert_array_equal(out, [*(X[:3] + 1), 0, 0, 0, 1, 0])


def test_kind_change_read_in_the_next_iteration_is_a_located_error():
    with pytest.raises(CompileError, match="variable 'tmp' changes from int32 to float32") as e:
        kind_changes_read_in_the_next_iteration.compile(X, 2, always_compile=True)
    assert e.value.source_line is not None and "for _ in range(n):" in e.value.source_line


# -- 3. 64-bit pointer offsets ------------------------------------------------------------


@asc.jit
def offset_from_gm(x: asc.GlobalAddress, offsets: asc.GlobalAddress, out: asc.GlobalAddress):
    table = asc.GlobalTensor()
    table.set_global_buffer(offsets)
    src = asc.GlobalTensor()
    src.set_global_buffer(x + table.get_value(0))
    dst = asc.GlobalTensor()
    dst.set_global_buffer(out)
    dst.set_value(0, src.get_value(0))


@asc.jit
def constant_offset(x: asc.GlobalAddress, out: asc.GlobalAddress):
    src = asc.GlobalTensor()
    src.set_global_buffer(x + 4294967299)  # 2**32 + 3: wrapped to 3 in 32 bits
    dst = asc.GlobalTensor()
    dst.set_global_buffer(out)
    dst.set_value(0, src.get_value(0))


@pytest.mark.parametrize("dtype", [np.int64, np.uint64, np.uint32, np.int32])
def test_offsets_in_range(dtype):
    out = np.zeros(1, np.int32)
    offset_from_gm[1](X, np.array([5], dtype), out)
    assert out[0] == X[5]


@pytest.mark.parametrize(
    ("dtype", "offset"),
    [(np.int64, (1 << 32) + 3), (np.uint64, (1 << 32) + 3), (np.uint32, (1 << 31) + 3)],
)
def test_wide_offsets_do_not_wrap(dtype, offset):
    ir = offset_from_gm.compile(X, np.array([0], dtype), np.zeros(1, np.int32), always_compile=True)
    assert "arith.trunci" not in ir.asm["ir"]  # no narrowing on the way to the index
    out = np.zeros(1, np.int32)
    with pytest.raises(GmAccessError, match=f"reads bytes \\[{offset * 4}, ") as e:
        offset_from_gm[1](X, np.array([offset], dtype), out)
    assert "src.get_value(0)" in str(e.value)  # located at the read
    assert out[0] == 0


def test_a_wide_constant_offset_does_not_wrap():
    cpp = constant_offset.compile(X, np.zeros(1, np.int32), always_compile=True).asm["ascendc"]
    assert "4294967299LL" in cpp
    with pytest.raises(GmAccessError, match=f"reads bytes \\[{4294967299 * 4}, "):
        constant_offset[1](X, np.zeros(1, np.int32))


@asc.jit
def global_tensor_offsets(x: asc.GlobalAddress, offsets: asc.GlobalAddress, out: asc.GlobalAddress):
    table = asc.GlobalTensor()
    table.set_global_buffer(offsets)
    k = table.get_value(0)
    src = asc.GlobalTensor()
    src.set_global_buffer(x, k + 8)  # GetSize: a uint64_t in the headers
    dst = asc.GlobalTensor()
    dst.set_global_buffer(out)
    dst.set_value(0, src.get_value(k))  # GetValue(uint64_t offset)
    dst.set_value(1, src[k:].get_value(1))  # operator[](uint64_t offset)
    dst.set_value(2, src(k))  # operator()(uint64_t offset)


@pytest.mark.parametrize("dtype", [np.int64, np.uint64])
def test_global_tensor_offsets_keep_64_bits(dtype):
    compiled = global_tensor_offsets.compile(
        X, np.zeros(1, dtype), np.zeros(3, np.int32), always_compile=True
    )
    assert "arith.trunci" not in compiled.asm["ir"]
    out = np.zeros(3, np.int32)
    global_tensor_offsets[1](X, np.array([2], dtype), out)
    np.testing.assert_array_equal(out, [X[2], X[3], X[2]])
    with pytest.raises(GmAccessError, match=f"reads bytes \\[{((1 << 32) + 2) * 4}, "):
        global_tensor_offsets[1](X, np.array([(1 << 32) + 2], dtype), out)


def test_a_float_offset_is_an_error():
    @asc.jit
    def float_offset(x: asc.GlobalAddress, f: float):
        src = asc.GlobalTensor()
        src.set_global_buffer(x + f)

    with pytest.raises(CompileError, match="a pointer offset or index must be an integer"):
        float_offset.compile(X, 1.0, always_compile=True)


# -- the C++ of all of them compiles against the real headers ----------------------------


def test_ascendc_compiles_against_the_headers():
    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
    import check_headers

    try:
        headers = check_headers.find_headers()
    except check_headers.HeadersMissing as e:
        pytest.skip(f"Ascend C headers not configured: {e} (see docs/configuration.md)")
    out = np.zeros(4, np.int32)
    texts = {
        "bound_in_branches": bound_in_branches.compile(X, Y, out, 1, always_compile=True),
        "bound_two_levels_down": bound_in_one_branch_nested.compile(X, out, 1, always_compile=True),
        "bound_in_loops": bound_in_loops.compile(X, out, 3, always_compile=True),
        "kind_changes_dead_after": kind_changes_dead_after.compile(X, out, 1, always_compile=True),
        "kind_changes_in_loops": kind_changes_in_loops.compile(X, out, 3, always_compile=True),
        "offset_i64": offset_from_gm.compile(X, np.zeros(1, np.int64), out, always_compile=True),
        "offset_u32": offset_from_gm.compile(X, np.zeros(1, np.uint32), out, always_compile=True),
        "constant_offset": constant_offset.compile(X, out, always_compile=True),
        "global_tensor_offsets": global_tensor_offsets.compile(
            X, np.zeros(1, np.uint64), out, always_compile=True
        ),
    }
    with check_headers.Checker(headers) as checker:
        results = checker.check_all(
            check_headers.Source(f"{name}.cpp", compiled.asm["ascendc"])
            for name, compiled in texts.items()
        )
    problems = [f"{r.source.name}: {r.message}" for r in results if r.status != "PASS"]
    assert not problems, "\n\n".join(problems)
