"""Every unsupported construct gets a CompileError naming it, at file:line:col with a caret."""

import inspect
import re

import kernels_for_errors as K
import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError, JitOnlyError

X = np.zeros(64, np.float32)


def _line_of(fn, needle: str) -> int:
    lines, first = inspect.getsourcelines(fn.fn)
    for i, line in enumerate(lines):
        if needle in line:
            return first + i
    raise AssertionError(needle)


CASES = [
    (K.uses_lambda, (X, 1), "lambda is not supported in kernels", "lambda v"),
    (
        K.uses_list_comprehension,
        (X, 1),
        "a list comprehension is not supported in kernels",
        "[i for",
    ),
    (
        K.uses_with,
        (X, 1),
        "'with' in a kernel needs a loop context such as matmul.iterate(), got a runtime "
        "int32 value",
        "with n",
    ),
    (K.uses_try, (X, 1), "'try' is not supported in kernels", "try:"),
    (K.runtime_assert, (X, 1), "assert needs a compile-time condition", "assert n > 0"),
    (
        K.failing_static_assert,
        (X, 1, 48),
        "AssertionError: tile must be a multiple of 32",
        "assert tile",
    ),
    (K.undefined_name, (X, 1), "name 'm' is not defined", "asc.printf"),
    (
        K.calls_python_function,
        (X, 1),
        "the builtin 'print' is not supported in kernels",
        "print(n)",
    ),
    (
        K.type_change_in_loop,
        (X, 1),
        "variable 'v' changes from int32 to float32",
        "for i in range(n)",
    ),
    (K.div_on_int_tensor, (X, 1), "Div does not support element type i32", "asc.div"),
    (
        K.wrong_argument_kind,
        (X, 1),
        "add: dst must be a LocalTensor, got a runtime GlobalAddress",
        "asc.add",
    ),
    (K.float_loop_bound, (X, 1.5), "range bounds must be integers", "range(f)"),
    (K.negative_step, (X, 1), "a kernel range needs a positive step", "range(n, 0, -1)"),
    (K.runtime_value_in_python_if, (X, 1), "a TPipe cannot be used as a condition", "if t:"),
    (K.bad_enum, (X, 1), "event must be an asc.HardEvent value, got 999", "asc.set_flag"),
    (K.global_keyword, (X, 1), "'global' is not supported in kernels", "global NOT"),
    (K.unpack_runtime, (X, 1), "only tuples can be unpacked", "a, b = n"),
    (
        K.unbound_global_tensor,
        (X, 1),
        "use set_global_buffer before using a GlobalTensor",
        "g[0] = 1",
    ),
    (K.constant_too_big, (X, 1), "constant 1099511627776 does not fit in int32", "2**40"),
    (
        K.float_tensor_index,
        (X, 1.5),
        "a tensor index must be an integer, got a runtime float32 value",
        "v = g[f]",
    ),
    (
        K.printf_of_a_pointer,
        (X, 1),
        "'ascendc.printf': argument 0 for %d must be an integer, got memref<?xf32, 22 : i64>",
        "asc.printf",
    ),
    (K.position_as_string, (X, 1), "pos must be an asc.TPosition value, got 'vecin'", "asc.TQue"),
    (K.runtime_queue_depth, (X, 1), "depth must be a compile-time constant", "asc.TQue"),
    (K.bounded_slice, (X, 1), "only `t[start:]` slices are supported", "g[1:5]"),
]


@pytest.mark.parametrize("kernel,args,message,line_text", CASES, ids=[c[0].__name__ for c in CASES])
def test_error_names_construct_and_location(kernel, args, message, line_text):
    with pytest.raises(CompileError) as info:
        kernel.compile(*args, always_compile=True)
    err = info.value
    text = str(err)
    assert message in text
    assert err.filename == inspect.getsourcefile(kernel.fn)
    assert err.lineno == _line_of(kernel, line_text)
    first, source_line, caret = text.splitlines()[:3]
    assert re.match(rf"{re.escape(err.filename)}:{err.lineno}:\d+: error: ", first)
    assert line_text in source_line
    col = int(first.split(":")[2]) - 1
    assert caret.startswith(" " * col + "^")
    assert "Traceback" not in text


def test_api_outside_kernel_raises_jit_only_error():
    with pytest.raises(
        JitOnlyError,
        match=r"asc.add\(\) can only be used inside a function decorated with @asc.jit",
    ):
        asc.add(None, None, None, 4)
    with pytest.raises(JitOnlyError, match=r"asc\.TPipe"):
        asc.TPipe()


def test_calling_a_kernel_directly_explains_the_launch_syntax():
    with pytest.raises(TypeError, match=r"launch it with uses_lambda\[block_dim\]\(\*args\)"):
        K.uses_lambda(X, 1)


def test_unknown_compile_option():
    with pytest.raises(TypeError, match="unknown compile option"):
        K.uses_lambda.compile(X, 1, optimise=True)


def test_bad_argument_type():
    with pytest.raises(
        TypeError, match="Argument type in JIT function is not supported: str \\(argument 'n'"
    ):
        K.uses_lambda.compile(X, "3")


def test_kernel_defined_without_source():
    namespace = {"asc": asc}
    exec("@asc.jit\ndef k(x: asc.GlobalAddress):\n    pass\n", namespace)
    with pytest.raises(CompileError, match="must be defined in a file"):
        namespace["k"].compile(X)


def test_argument_must_match_its_annotation():
    with pytest.raises(
        TypeError, match=r"argument 'x' is annotated GlobalAddress but got int; pass an array"
    ):
        K.uses_lambda.compile(3, 1)
    with pytest.raises(TypeError, match=r"argument 'n' is annotated int but got ndarray; pass int"):
        K.uses_lambda.compile(X, X)
