"""`python -m asc_xdsl.opt` / `asc-opt`: xdsl-opt with the AscendC dialect and target.

    python -m asc_xdsl.opt kernel.mlir -t ascendc          # print Ascend C
    python -m asc_xdsl.opt kernel.mlir -p canonicalize,cse # run passes, print IR
    python -m asc_xdsl.opt tests.mlir --split-input-file --verify-diagnostics
    python -m asc_xdsl.opt kernel.mlir --soc Ascend910B1   # also check the SoC's dtypes

`--verify-diagnostics` checks each chunk's diagnostics against its MLIR-style
`// expected-error @+1 {{...}}` annotations and exits 1 on a mismatch (a chunk without
annotations only prints its diagnostic); see `asc_xdsl.expected_diagnostics`.

Malformed or ill-typed IR exits with status 1 and a diagnostic that points at the
line and column; the compiler's own traceback is never shown. A pass or target that
fails on its own (an exception that is not a diagnostic: a bug, often in an upstream
xDSL pass that does not expect our IR) is reported as an internal error naming the
pass and the op it was working on, at that op's source line, with a request to report
it; anything else that escapes is one line naming the exception, exit status 1.
"""

from __future__ import annotations

import asc_xdsl.utils.program_start

# isort: split
import argparse
import dataclasses
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import IO, Any

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute, Dialect, Operation
from xdsl.utils.arg_spec import parse_spec
from xdsl.utils.diagnostic import Diagnostic as XDSLDiagnostic
from xdsl.utils.exceptions import (
    ArgSpecParseError,
    DiagnosticException,
    ParseError,
    PassFailedException,
)
from xdsl.utils.lexer import Span
from xdsl.xdsl_opt_main import xDSLOptMain

from asc_xdsl import soc as soc_table
from asc_xdsl.backends.ascendc.errors import EmissionError
from asc_xdsl.diagnostics import CodedError
from asc_xdsl.dialects.context import AscContext
from asc_xdsl.dialects.ir_diagnostics import LocatingParser, verify_located
from asc_xdsl.expected_diagnostics import run_verified
from asc_xdsl.transforms.diagnostics import source_spans
from asc_xdsl.universe import DIALECTS, FASTER_UPSTREAM, PASSES, TARGETS
from asc_xdsl.utils.recursion import deep_recursion


class UsageError(CodedError, ValueError):
    """A command-line mistake (a pass pipeline that does not parse, a pass option of the
    wrong type): printed as `asc-opt: error: ...`. A ValueError, as xDSL's driver raises
    for an unknown pass (callers that make `AscOptMain` catch that)."""


_SPEC_ERROR_PREFIX = "Error parsing pass pipeline specification:\n"

REPORT_HINT = (
    "this is a bug in asc-opt or the pass, not in the input: please report it with the "
    "input and the command line"
)


class PassTimes:
    """`--time-passes`: wall-clock seconds of the parse, the verification, each pass (the
    passes inside `ascendc-jit-pipeline` indented below it) and the target, summed over
    the input's chunks, printed to stderr after the output. Off: every method is free."""

    def __init__(self, on: bool):
        self.on = on
        self.rows: dict[tuple[str, ...], float] = {}  # path of names -> seconds, in order
        self._running: tuple[tuple[str, ...], float] | None = None

    def _add(self, path: tuple[str, ...], seconds: float) -> None:
        self.rows[path] = self.rows.get(path, 0.0) + seconds

    def start(self, name: str) -> None:
        if self.on:
            self.rows.setdefault((name,), 0.0)  # listed before the passes it runs
            self._running = ((name,), time.perf_counter())

    def stop(self) -> None:
        if self._running is not None:
            path, began = self._running
            self._add(path, time.perf_counter() - began)
            self._running = None

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        began = time.perf_counter()
        try:
            yield
        finally:
            if self.on:
                self._add((name,), time.perf_counter() - began)

    @contextmanager
    def nested(self) -> Iterator[None]:
        """Within the block, passes run by a pipeline pass are listed below it."""
        if not self.on:
            yield
            return
        from asc_xdsl.transforms.pipeline import timed_passes

        def report(name: str, seconds: float) -> None:
            parent = self._running[0] if self._running is not None else ()
            self._add((*parent, name), seconds)

        try:
            with timed_passes(report):
                yield
        finally:
            self.stop()  # the last pass (the pipeline's callback runs before each pass)

    def report(self, out: IO[str]) -> None:
        if not self.on:
            return
        total = sum(s for path, s in self.rows.items() if len(path) == 1)
        lines = ["asc-opt: wall-clock time per step (seconds)"]
        for path, seconds in self.rows.items():
            lines.append(f"  {seconds:9.4f}  {'  ' * (len(path) - 1)}{path[-1]}")
        lines.append(f"  {total:9.4f}  total")
        print("\n".join(lines), file=out)


class AscOptMain(xDSLOptMain):
    version_format = "asc-opt (asc_xdsl) built on xdsl {xdsl_version}"

    _spans: dict[Operation, Span]
    _stage: str = "the pass pipeline"
    """What runs now, for an internal error's message: "pass 'cse'", ..."""
    _timer: PassTimes = PassTimes(False)  # (setup_pipeline makes the run's own)

    def parse_chunk(
        self, chunk: IO[bytes], file_extension: str, start_offset: int = 0
    ) -> ModuleOp | None:
        if file_extension != "mlir":
            return super().parse_chunk(chunk, file_extension, start_offset)
        with self._timer.step("(parse)"):
            parser = LocatingParser(self.ctx, chunk.read(), self.get_input_name(), start_offset)
            module = parser.parse_module(not self.args.no_implicit_module)
        self._spans = parser.op_spans
        if self.args.soc is not None:
            from asc_xdsl.dialects.ascendc.target import set_soc

            set_soc(module, self.args.soc)
        return module

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        super().register_all_arguments(arg_parser)
        arg_parser.add_argument(
            "--soc",
            choices=soc_table.known_names(),
            default=None,
            help=f"the SoC the input is compiled for (sets the module's {soc_table.SOC_ATTR}, so the "
            "per-SoC dtype checks apply)",
        )

    def apply_passes(self, prog: ModuleOp) -> None:
        # Report ill-formed input at its source position before any pass runs.
        spans = getattr(self, "_spans", {})
        if not self.args.disable_verify:
            with self._timer.step("(verification)"):
                verify_located(prog, spans)
        # Passes' diagnostics show the ops they name at their source lines.
        with source_spans(spans), self._timer.nested():
            try:
                super().apply_passes(prog)
            except (DiagnosticException, RecursionError, OSError):  # (OSError: the output)
                raise
            except Exception as e:  # not a diagnostic: the pass itself failed
                raise internal_error(self._stage, e, prog, spans) from None

    def setup_pipeline(self) -> None:
        # --time-passes is ours (PassTimes, on stderr): xDSL's callback prints nothing
        self._timer = PassTimes(self.args.time_passes)
        self.args.time_passes = False
        try:
            super().setup_pipeline()
        except (ParseError, ArgSpecParseError) as e:
            text = str(e).removeprefix(_SPEC_ERROR_PREFIX).rstrip()
            raise UsageError(f"the pass pipeline does not parse:\n{text}") from None
        except (ValueError, TypeError, KeyError) as e:  # unknown pass, option, option type
            raise UsageError(f"-p {self.args.passes!r}: {e}") from None
        between_passes = self.pipeline.callback
        timer = self._timer

        def callback(previous: Any, module: ModuleOp, following: Any) -> None:
            if previous is not None:
                timer.stop()
            # the input itself verify_located has checked
            if between_passes is not None and previous is not None:
                self._stage = f"the verification after pass '{previous.name}'"
                with timer.step("(verification)"):
                    between_passes(previous, module, following)
            if following is not None:
                self._stage = f"pass '{following.name}'"
                timer.start(following.name)

        self.pipeline = dataclasses.replace(self.pipeline, callback=callback)

    def output_resulting_program(self, prog: ModuleOp) -> str:
        with self._timer.step(f"(target {parse_spec(self.args.target).name})"):
            return self._checked_output(prog)

    def run(self) -> None:
        try:
            if self.args.verify_diagnostics and not self.args.shrink:
                # xDSL only prints the diagnostics: check them against `expected-*`
                run_verified(self)
            else:
                super().run()
        finally:
            self._timer.report(sys.stderr)

    def _checked_output(self, prog: ModuleOp) -> str:
        if not self.args.disable_verify and parse_spec(self.args.target).name == "ascendc":
            # verified after the last pass (or, without passes, as the input): the
            # ascendc target need not verify each op again before printing it
            from asc_xdsl.backends.ascendc.printer import verified

            with verified(prog):
                return self._output(prog)
        return self._output(prog)

    def _output(self, prog: ModuleOp) -> str:
        spans = getattr(self, "_spans", {})
        try:
            return super().output_resulting_program(prog)
        except EmissionError as e:
            # Point at the innermost enclosing op whose source position is known.
            op: Operation | None = e.op
            while op is not None and op not in spans:
                op = op.parent_op()
            if op is None:
                raise
            raise e.at(spans[op]) from None
        except (DiagnosticException, RecursionError, OSError):  # (OSError: the output)
            raise
        except Exception as e:  # a target that fails on its own
            target = f"target '{parse_spec(self.args.target).name}'"
            raise internal_error(target, e, prog, spans) from None

    def register_all_dialects(self) -> None:
        # Our context makes spec-defined AscendC ops as the input names them.
        self.ctx = AscContext(self.ctx.allow_unregistered)
        super().register_all_dialects()
        for name, factory in DIALECTS.items():
            if name not in self.ctx.registered_dialect_names:
                self.ctx.register_dialect(name, factory)
        # The entry point registers the whole `ascendc` dialect (for plain xdsl-opt);
        # asc-opt's AscContext needs only the core and makes the rest on demand.
        # The context also reads pyasc's `emitc.include` (...) as ours (`emitasc.include`).
        self.ctx._registered_dialects["ascendc"] = _ascendc_core

    def register_all_passes(self) -> None:
        super().register_all_passes()
        for name, factory in {**PASSES, **FASTER_UPSTREAM}.items():
            self.register_pass(name, factory)

    def register_all_targets(self) -> None:
        self.available_targets.update(TARGETS)
        super().register_all_targets()


def _failing_op(e: BaseException, module: ModuleOp) -> Operation | None:
    """The op a failing pass was working on: the innermost frame's local variable that is
    an op of `module` (a rewrite pattern's `op`, a walk's current op)."""
    frames = []
    tb = e.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    for frame in reversed(frames):
        for value in frame.f_locals.values():
            if isinstance(value, Operation) and not isinstance(value, ModuleOp):
                try:
                    inside = value.get_toplevel_object() is module
                except Exception:
                    inside = False
                if inside:
                    return value
    return None


def internal_error(
    stage: str, e: BaseException, module: ModuleOp, spans: dict[Operation, Span]
) -> DiagnosticException:
    """The diagnostic for an exception a pass or target raised that is not a diagnostic:
    what failed, the op it was at (shown at the nearest source line), and whom to tell."""
    op = _failing_op(e, module)
    what = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}".rstrip(": ")
    at = f" at '{op.name}'" if op is not None else ""
    message = f"error: internal error in {stage}{at}: {what}\nnote: {REPORT_HINT}"
    anchor = op
    while anchor is not None and anchor not in spans:
        anchor = anchor.parent_op()
    if anchor is not None:
        return DiagnosticException(spans[anchor].print_with_context(message).rstrip())
    return DiagnosticException(message)


def _ascendc_core() -> Dialect:
    from asc_xdsl.dialects.ascendc import AscendCCore

    return AscendCCore


def main(args: Sequence[str] | None = None) -> int:
    # xDSL's driver patches these class attributes for one run (`--disable-verify` turns
    # off every attribute's verification): put them back for in-process callers.
    patched = Attribute.__post_init__, XDSLDiagnostic.colored
    try:
        return _main(args)
    finally:
        Attribute.__post_init__, XDSLDiagnostic.colored = patched  # type: ignore[method-assign]


def _main(args: Sequence[str] | None) -> int:
    try:
        with deep_recursion():  # nested IR recurses in the parser, verifier and printers
            AscOptMain(args=args).run()
    except (ParseError, DiagnosticException, PassFailedException, EmissionError) as e:
        print(str(e).rstrip(), file=sys.stderr)
        return 1
    except RecursionError:
        print("asc-opt: error: the input nests too deeply to process", file=sys.stderr)
        return 1
    except (OSError, ValueError, UsageError) as e:
        print(f"asc-opt: error: {e}", file=sys.stderr)
        return 1
    except ArgSpecParseError as e:  # -t with options that do not parse (a BaseException)
        print(f"asc-opt: error: {str(e).removeprefix(_SPEC_ERROR_PREFIX)}", file=sys.stderr)
        return 1
    except Exception as e:  # a bug: one line that names it, not a traceback
        print(f"asc-opt: internal error: {type(e).__name__}: {e}\n{REPORT_HINT}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
