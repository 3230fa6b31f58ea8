"""asc_xdsl/universe.py: the registry tables load no xDSL tool machinery; the Universe
xDSL's entry point reads is made on first use."""

from __future__ import annotations

import subprocess
import sys

import pytest


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

    import asc_xdsl.universe as u

    universe = u.ASC_XDSL_UNIVERSE
    assert isinstance(universe, Universe) and u.ASC_XDSL_UNIVERSE is universe
    assert universe.all_passes is u.PASSES and universe.all_dialects is u.DIALECTS
    assert universe.all_targets is u.TARGETS
    with pytest.raises(AttributeError, match="NO_SUCH"):
        u.NO_SUCH  # noqa: B018


XDSL_EMITC_LACKS = ("emitc.include", "emitc.constant", "emitc.cast", "emitc.verbatim")
"""Ops our passes print (pyasc's names) that xDSL's `emitc` dialect lacks. Plain `xdsl-opt`
cannot read them: its registry takes `emitc` from xDSL's universe, and xDSL refuses a
second universe defining `emitc` ("Duplicate definition"), so only asc-opt (whose
context makes them) reads them back. Everything else our passes print, it reads."""


def _pass_outputs() -> list[tuple[str, str]]:
    """(file, printed module) for every lit input under tests/filecheck run through the
    passes of its RUN line by asc-opt (in process)."""
    import contextlib
    import io
    import re
    from pathlib import Path

    from asc_xdsl.opt import main

    root = Path(__file__).resolve().parents[2] / "tests" / "filecheck"
    outputs = []
    for path in sorted([*root.glob("transforms/*.mlir"), *root.glob("dialects/**/*.mlir")]):
        run = next((line for line in path.read_text().splitlines() if "RUN: asc-opt" in line), "")
        if not run or "--verify-diagnostics" in run or " -t " in run:
            continue
        passes = re.search(r"-p\s+(\S+)", run)
        args = [str(path), "--split-input-file", *(["-p", passes[1]] if passes else [])]
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(io.StringIO()):
            status = main(args)
        if status:
            continue  # (an input that is meant to fail)
        outputs += [(path.name, c) for c in printed.getvalue().split("// -----") if c.strip()]
    return outputs


def test_plain_xdsl_opts_registry_reads_back_what_our_passes_print() -> None:
    """Each module our passes print parses in a context registered as `xdsl-opt`
    registers it (xDSL's multiverse, our entry point included), prints the same again,
    and the only ops it cannot read are `XDSL_EMITC_LACKS`."""
    from xdsl.context import Context
    from xdsl.parser import Parser
    from xdsl.universe import Universe
    from xdsl.utils.exceptions import ParseError

    multiverse = Universe.get_multiverse()
    assert {"ascendc", "emitasc"} <= set(multiverse.all_dialects)
    read = unreadable = 0
    for name, text in _pass_outputs():
        ctx = Context()
        for dialect, factory in multiverse.all_dialects.items():
            ctx.register_dialect(dialect, factory)
        try:
            module = Parser(ctx, text).parse_module()
        except ParseError as e:
            missing = str(e).strip().splitlines()[-1].split()
            assert missing[0] == "Operation" and missing[1] in XDSL_EMITC_LACKS, (name, str(e))
            unreadable += 1
            continue
        again = Parser(ctx, str(module)).parse_module()
        assert str(again) == str(module), name
        read += 1
    assert read > 30 and unreadable < read, (read, unreadable)


def test_the_xdsl_opt_program_reads_our_dialects() -> None:
    """The `xdsl-opt` program itself (xDSL's console script) finds our dialects and
    passes through the entry point."""
    import os
    from pathlib import Path

    source = (
        "func.func @f(%t: !ascendc.local_tensor<1024xf32>, %n: i32) {\n"
        "  ascendc.add_l2 %t, %t, %t, %n : !ascendc.local_tensor<1024xf32>, "
        "!ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32\n"
        "  func.return\n}\n"
    )
    xdsl_opt = Path(sys.executable).with_name("xdsl-opt")
    cmd = [str(xdsl_opt)] if xdsl_opt.exists() else [sys.executable, "-m", "xdsl.tools.xdsl_opt"]
    env = {k: v for k, v in os.environ.items() if k != "ASC_XDSL_FAST_START"}
    out = subprocess.run(
        [*cmd, "-p", "ascendc-noop"], input=source, capture_output=True, text=True, env=env
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert "ascendc.add_l2 %t, %t, %t, %n" in out.stdout
