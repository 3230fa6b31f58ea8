"""asc_xdsl/universe.py: the registry tables load no xDSL tool machinery; the Universe
xDSL's entry point reads is made on first use; plain `xdsl-opt` with it reads back
what each of our passes prints on the lit inputs (`covering_lit_chunks`: under the
`long` fuzz profile every one)."""

from __future__ import annotations

import contextlib
import difflib
import functools
import io
import re
import subprocess
import sys

import pytest
from fuzz_budget import cases
from lit_inputs import covering_lit_chunks
from pass_outcomes import PATTERN_PASSES, apply, asc_opt_context, outcomes
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.utils.exceptions import DiagnosticException

import asc_xdsl.universe as u


def test_the_pass_table_needs_no_universe() -> None:
    code = (
        "import sys\n"
        "from asc_xdsl.universe import PASSES, FASTER_UPSTREAM\n"
        "print('xdsl.universe' in sys.modules, 'xdsl.utils.target' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_the_universe_is_made_once_with_the_tables() -> None:
    from xdsl.universe import Universe

    universe = u.ASC_XDSL_UNIVERSE
    assert isinstance(universe, Universe) and u.ASC_XDSL_UNIVERSE is universe
    assert universe.all_passes is u.PASSES and universe.all_dialects is u.DIALECTS
    assert universe.all_targets is u.TARGETS
    with pytest.raises(AttributeError, match="NO_SUCH"):
        u.NO_SUCH  # noqa: B018


OUR_PASSES = sorted({**u.PASSES, **u.FASTER_UPSTREAM})
"""The passes asc-opt registers beyond xDSL's (the JIT's pipeline among them)."""

NON_ASCII_ESCAPE = re.compile(r"\\[89A-Fa-f][0-9A-Fa-f]")
"""A string literal's escaped byte outside ASCII (`"caf\\C3\\A9"`, as xDSL prints `café`).
xDSL's lexer (0.74, 0.75) reads a literal with such an escape as bytes, not a string,
so no string attribute holding non-ASCII text reads back, ours or xDSL's: the one
thing a plain xDSL context cannot read back (asc-opt neither: it lexes as xDSL does)."""


@functools.cache
def _accepted_inputs() -> tuple[tuple[str, ModuleOp, str], ...]:
    """(where, module, its text) of each lit input chunk asc-opt accepts as input: it
    verifies as asc-opt verifies it (`verify_module`: xDSL's checks, and dominance)."""
    from asc_xdsl.dialects.fast_verify import verify_module

    accepted = []
    for where, module in covering_lit_chunks():
        try:
            verify_module(module)
            text = str(module)
        except Exception:  # (an error test's input: asc-opt refuses it)
            continue
        accepted.append((where, module, text))
    return tuple(accepted)


def _prints_alike(a: Operation, b: Operation, values: dict[SSAValue, SSAValue]) -> bool:
    """Whether `b` prints as `a` does (`values`: a's values met so far -> b's): the same
    op classes in the same places, with the same properties and attributes (in order),
    operands, successors, and result and block argument types and name hints. Cheaper
    than printing: most passes leave most inputs alone."""
    if (
        type(a) is not type(b)
        or len(a.results) != len(b.results)
        or len(a.regions) != len(b.regions)
        or list(a.properties.items()) != list(b.properties.items())
        or list(a.attributes.items()) != list(b.attributes.items())
        or [values.get(v) for v in a.operands] != list(b.operands)
        or len(a.successors) != len(b.successors)
    ):
        return False
    for x, y in zip(a.successors, b.successors, strict=True):
        if values.get(x) is not y:  # type: ignore[call-overload]  (blocks map too)
            return False
    for r, s in zip(a.results, b.results, strict=True):
        if r.type != s.type or r.name_hint != s.name_hint:
            return False
        values[r] = s
    for ra, rb in zip(a.regions, b.regions, strict=True):
        pairs = list(zip(ra.blocks, rb.blocks, strict=False))
        if len(pairs) != len(ra.blocks) or len(pairs) != len(rb.blocks):
            return False
        values.update(pairs)  # type: ignore[arg-type]  (successors name blocks ahead)
        for x, y in pairs:
            if len(x.args) != len(y.args) or len(x.ops) != len(y.ops):
                return False
            for p, q in zip(x.args, y.args, strict=True):
                if p.type != q.type or p.name_hint != q.name_hint:
                    return False
                values[p] = q
            if not all(_prints_alike(o, q, values) for o, q in zip(x.ops, y.ops, strict=True)):
                return False
    return True


@functools.cache
def _contexts() -> tuple[Context, Context]:
    """(asc-opt's context, a plain one built as the `xdsl-opt` program builds it: xDSL's
    dialects and every `xdsl.universe` entry point's, ours included)."""
    from xdsl.xdsl_opt_main import xDSLOptMain

    return asc_opt_context(), xDSLOptMain(args=[]).ctx


def _pieces(text: str) -> list[str]:
    """`text` (a printed module) as modules of one top-level op each, and its header on
    an empty module: each parses and prints as it does inside the module, since top-level
    ops share no values (functions number their values afresh). The whole text when its
    top-level ops could share values (one with results, a block label)."""
    head, *body, end = text.rstrip("\n").split("\n")
    if end != "}" or any(line.startswith(("  %", "^")) for line in body):
        return [text]
    groups: list[list[str]] = []
    for line in body:
        if line[2:3] not in (" ", "}", "^", ""):  # an op at the module's level
            groups.append([line])
        elif groups:
            groups[-1].append(line)
        else:
            return [text]
    return [f"{head}\n}}", *("builtin.module {\n" + "\n".join(g) + "\n}" for g in groups)]


_READ_BACK: set[str] = set()
"""Pieces this process has found to read back (passes print much the same)."""


def _read_back_problem(plain: Context, text: str) -> str | None:
    """None when `text` parses in `plain` and prints as `text` again, else what failed."""
    from xdsl.parser import Parser

    try:
        again = str(Parser(plain, text).parse_module())
    except Exception as e:  # (ParseError, or a constraint's VerifyException)
        return f"does not parse: {type(e).__name__}: {e}"
    if again != text:
        diff = difflib.unified_diff(text.splitlines(), again.splitlines(), lineterm="")
        return "prints differently:\n" + "\n".join(list(diff)[2:12])
    return None


UNCHANGING = {"ascendc-noop", "ascendc-verify-sync"}
"""Passes that print their input as it is (on the lit inputs, at least)."""


@pytest.mark.parametrize("name", OUR_PASSES)
def test_plain_xdsl_opt_reads_back_what_each_pass_prints(name: str) -> None:
    """Pass `name` on each lit input (`covering_lit_chunks`) asc-opt accepts (as `asc-opt -p NAME` runs it);
    what it prints parses in a plain `xdsl-opt` context and prints the same again."""
    asc_ctx, plain = _contexts()
    inputs = _accepted_inputs()
    shared = outcomes(name) if name in PATTERN_PASSES else None  # (test_rewriting's too)
    changed = refused = 0
    for where, module, text in inputs:
        out = shared[where] if shared is not None else apply(name, module, asc_ctx)
        if isinstance(out, DiagnosticException):  # the pass's own located error about its input
            refused += 1
            continue
        if isinstance(out, Exception):
            raise out
        if not _prints_alike(module, out, {}):
            text = str(out)
            changed += 1
        for piece in _pieces(text):
            if piece in _READ_BACK:
                continue
            problem = _read_back_problem(plain, piece)
            if problem is not None and NON_ASCII_ESCAPE.search(piece):
                assert "should be of base attribute string" in problem, (where, problem)
                continue
            assert problem is None, f"{name} on {where}: {problem}"
            _READ_BACK.add(piece)
    assert len(inputs) > cases(ci=100, long=250) and refused <= 10, (len(inputs), refused)
    assert changed or name in UNCHANGING, f"{name} changed no input"


_T = "!ascendc.local_tensor<1024xf32>"
SAMPLE = (
    f"func.func @k(%t: {_T}, %x: i32) {{\n"
    '  %c = "emitasc.constant"() <{value = #emitc.opaque<"::AscendC::ONE_BLK_SIZE">}> '
    ": () -> i32\n"
    "  %u = emitasc.cast %x : i32 to ui32\n"
    f"  ascendc.add_l2 %t, %t, %t, %c : {_T}, {_T}, {_T}, i32\n"
    '  emitasc.verbatim "// done"\n'
    "  func.return\n}\n"
)


def test_the_xdsl_opt_program_reads_back_what_asc_opt_prints(tmp_path) -> None:
    """The `xdsl-opt` program itself (xDSL's console script) finds our dialects and
    passes through the entry point, and reads back what asc-opt's passes print: the
    includes, the `#define`, constants and casts (ours of pyasc's `emitc` ops)."""
    import os
    from pathlib import Path

    from asc_xdsl.opt import main

    passes = "ascendc-define-cube-only,ascendc-generate-boilerplate"
    source = tmp_path / "sample.mlir"
    source.write_text(SAMPLE)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main([str(source), "-p", passes]) == 0
    ours = printed.getvalue()
    assert 'emitasc.include "kernel_operator.h"' in ours
    assert 'emitasc.verbatim "#define ASCENDC_CUBE_ONLY"' in ours

    xdsl_opt = Path(sys.executable).with_name("xdsl-opt")
    cmd = [str(xdsl_opt)] if xdsl_opt.exists() else [sys.executable, "-m", "xdsl.tools.xdsl_opt"]
    env = {k: v for k, v in os.environ.items() if k != "ASC_XDSL_FAST_START"}
    out = subprocess.run(
        [*cmd, "-p", "ascendc-noop"], input=ours, capture_output=True, text=True, env=env
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout == ours
