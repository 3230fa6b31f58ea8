"""pyasc's Python unit tests that asc_xdsl does not pass on purpose, and why.

Each entry names a case (unit, test), the reason (a key of `REASONS`) and a piece of
the failure text. The `python` suite no longer trusts these: `python_proof.py` proves
each difference by a check it runs (a variant of the test that passes, a look at
pyasc's source) or reports it unproven. docs/frontend.md ("pyasc's unit tests that
differ on purpose") explains each case.
"""

from __future__ import annotations

REASONS: dict[str, str] = {
    "helpers_inlined": "asc_xdsl inlines @asc.jit helpers while it builds the kernel's IR "
    "(compile-time arguments stay compile-time; helpers may take and return tensors, "
    "queues and Python values); pyasc emits each helper as a func.func and inlines it "
    "later, in its passes. The CHECK lines look into that helper function (the Ascend C "
    "is the same; `@asc.jit(inline=False)` gives a device function)",
    "python_semantics": "Python's semantics where pyasc's IR has C's: `/` on integers is "
    "true division (a float), as both tools compute it for compile-time values",
    "ir_form": "another valid IR for the same program: `x if c else 0` whose operands "
    "cannot fail is an arith.select, not an scf.if; a bool parameter is i1, not i8, and "
    "xDSL prints the GM memory space as `22 : i64`",
    "invalid_kernel": "the test's kernel is no valid Ascend C and our verifier says so at "
    'the call: PipeBarrier<PIPE_S> (the headers: "not supported on current device", a '
    "static_assert for Ascend 950, an assertion when run on Atlas A2/A3), Mmad f16 <- f16 x "
    "f16 and Fixpipe f16 -> f16 (Atlas A2/A3's L0C holds f32/i32), printf's %s with a "
    "half* (it needs a char*)",
    "internal_handle": "the test passes one argument more than the struct has fields; "
    "pyasc takes the extra one as its internal IR `handle` and builds nothing",
    "pyasc_internals": "tests pyasc's own machinery, not its API: its Compiler with its C++ "
    "passes (asc._C) and bisheng patched out, config.rt's runtime hooks",
}

_CODEGEN = "unit/codegen"
_VISITOR = "test_function_visitor.py::"
_BASIC = "unit/language/basic"
_CONFIG_TEST = "test_set_platform_model_unavailable_error_interpolates_soc_version"

DIFFERENCES: dict[tuple[str, str], tuple[str, str]] = {
    (_CODEGEN, _VISITOR + "test_func_visit_list"): (
        "helpers_inlined",
        "CHECK: return %arg0, %arg1, %arg2 : i32, i32, i32",
    ),
    (_CODEGEN, _VISITOR + "test_func_visit_tuple"): (
        "helpers_inlined",
        "CHECK: return %arg0, %arg1, %arg2 : i32, i32, i32",
    ),
    (_CODEGEN, _VISITOR + "test_func_visit_return"): (
        "helpers_inlined",
        "CHECK: return %arg0 : i32",
    ),
    (_CODEGEN, _VISITOR + "test_func_visit_constant"): (
        "helpers_inlined",
        "CHECK: %c1_i32 = arith.constant 1",
    ),
    (_CODEGEN, _VISITOR + "test_func_visit_augassign"): (
        "python_semantics",
        "CHECK: arith.divsi -- nearest: %30 = arith.divf",
    ),
    (_CODEGEN, _VISITOR + "test_func_visit_if_exp"): (
        "ir_form",
        "CHECK: scf.if %0 -> (i32) { -- nearest: %1 = arith.cmpi sgt",
    ),
    (_CODEGEN, _VISITOR + "test_func_visit_arguments"): (
        "ir_form",
        "%flag: i1)",
    ),
    (_BASIC, "test_common_api.py::test_pipe_barrier"): (
        "invalid_kernel",
        "PipeBarrier<PIPE_S> is not allowed",
    ),
    (_BASIC, "test_common_api.py::test_printf"): (
        "invalid_kernel",
        "argument 0 for %s must be a string pointer",
    ),
    (_BASIC, "test_mm.py::test_mmad"): (
        "invalid_kernel",
        "Mmad does not compute f16 <- f16 x f16 on Atlas A2/A3",
    ),
    (_BASIC, "test_fixpipe.py::test_fixpipe"): (
        "invalid_kernel",
        "Fixpipe does not convert f16 to f16 on Atlas A2/A3",
    ),
    ("unit/language/core", "test_types.py::test_nd_2_nz_params_full"): (
        "internal_handle",
        "bad arguments to Nz2NdParamsFull: too many positional arguments",
    ),
    **{
        ("unit/runtime", f"test_compiler.py::{name}"): (
            "pyasc_internals",
            "cannot import name 'Compiler' from 'asc_xdsl.runtime.compiler'",
        )
        for name in (
            "test_invalid_compile_option",
            "test_kernel_type_mix",
            "test_kernel_type_hard_sync",
            "test_kernel_type_aic_only",
            "test_kernel_type_cmd_exec_failed",
        )
    },
    ("unit/runtime", f"test_config.py::{_CONFIG_TEST}"): (
        "pyasc_internals",
        "module 'asc_xdsl.runtime.config' has no attribute 'rt'",
    ),
}
