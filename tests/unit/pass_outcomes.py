"""Each pass's outcome on each lit input (`lit_inputs.covering_lit_chunks`) as asc-opt
runs it (asc-opt's context, the pass's own walker), computed once per process for the
two sweeps that run our passes on every input: test_universe (what each pass prints
reads back in plain xDSL) and transforms/test_rewriting (the seeded walker gives what
xDSL's walker gives). Each pass's table is dropped once both have read it.

An outcome is the module after the pass, or the exception the pass raised; shared by
the tests that ask: never change one."""

from __future__ import annotations

import contextlib
import functools
import io

from lit_inputs import covering_lit_chunks
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

PATTERN_PASSES = (
    "ascendc-privatize-func",
    "ascendc-erase-sync",
    "ascendc-materialize-tensor",
    "ascendc-hoist-ub-allocation",
    "ascendc-hoist-que-bind",
    "inline",
    "ascendc-legalize-kernel-args",
    "ascendc-unify-pipe",
    "ascendc-input-output-tensor",
)
"""The passes whose rewrites are `RewritePattern`s applied by `rewriting.rewrite`: the
ones both sweeps run, so the ones `outcomes` keeps tables of."""

READERS = 2
"""The sweeps that read each table (test_universe, test_rewriting)."""

_TABLES: dict[str, tuple[dict[str, ModuleOp | Exception], list[int]]] = {}


@functools.cache
def asc_opt_context() -> Context:
    """The context `asc-opt` parses and runs its passes in."""
    from asc_xdsl.opt import AscOptMain

    return AscOptMain(args=[]).ctx


def apply(pass_name: str, module: ModuleOp, ctx: Context | None = None) -> ModuleOp | Exception:
    """Pass `pass_name` (asc-opt's registry) on a clone of `module`: the IR after it, or
    the exception it raised (its warnings, e.g. verify-sync's, are dropped)."""
    from asc_xdsl.universe import FASTER_UPSTREAM, PASSES

    out = module.clone()
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            {**PASSES, **FASTER_UPSTREAM}[pass_name]()().apply(ctx or asc_opt_context(), out)
    except Exception as e:
        return e
    return out


def outcomes(pass_name: str) -> dict[str, ModuleOp | Exception]:
    """`apply(pass_name, module)` for each covering lit input, by its `where`; the
    `READERS`-th call of a pass hands over its table and forgets it."""
    table, reads = _TABLES.setdefault(pass_name, ({}, [0]))
    if not reads[0]:
        table.update((where, apply(pass_name, m)) for where, m in covering_lit_chunks())
    reads[0] += 1
    if reads[0] >= READERS:
        del _TABLES[pass_name]
    return table
