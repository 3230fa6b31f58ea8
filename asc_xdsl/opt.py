"""`python -m asc_xdsl.opt` / `asc-opt`: xdsl-opt with the AscendC dialect and target.

    python -m asc_xdsl.opt kernel.mlir -t ascendc          # print Ascend C
    python -m asc_xdsl.opt kernel.mlir -p canonicalize,cse # run passes, print IR
    python -m asc_xdsl.opt tests.mlir --split-input-file --verify-diagnostics
    python -m asc_xdsl.opt kernel.mlir --soc Ascend910B1   # also check the SoC's dtypes

Malformed or ill-typed IR exits with status 1 and a diagnostic that points at the
line and column; the compiler's own traceback is never shown.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Sequence
from typing import IO, Any

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Dialect, Operation
from xdsl.utils.arg_spec import parse_spec
from xdsl.utils.exceptions import DiagnosticException, ParseError, PassFailedException
from xdsl.utils.lexer import Span
from xdsl.xdsl_opt_main import xDSLOptMain

from asc_xdsl import soc as soc_table
from asc_xdsl.backends.ascendc.errors import CodegenError
from asc_xdsl.dialects.context import AscContext
from asc_xdsl.dialects.ir_diagnostics import LocatingParser, verify_located
from asc_xdsl.transforms.diagnostics import source_spans
from asc_xdsl.universe import DIALECTS, FASTER_UPSTREAM, PASSES, TARGETS
from asc_xdsl.utils.recursion import deep_recursion


class AscOptMain(xDSLOptMain):
    version_format = "asc-opt (asc_xdsl) built on xdsl {xdsl_version}"

    _spans: dict[Operation, Span]

    def parse_chunk(
        self, chunk: IO[bytes], file_extension: str, start_offset: int = 0
    ) -> ModuleOp | None:
        if file_extension != "mlir":
            return super().parse_chunk(chunk, file_extension, start_offset)
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
            verify_located(prog, spans)
        # Passes' diagnostics show the ops they name at their source lines.
        with source_spans(spans):
            super().apply_passes(prog)

    def setup_pipeline(self) -> None:
        super().setup_pipeline()
        between_passes = self.pipeline.callback
        if between_passes is None or self.args.time_passes:
            return

        def callback(previous: Any, module: ModuleOp, following: Any) -> None:
            if previous is not None:  # the input itself verify_located has checked
                between_passes(previous, module, following)

        self.pipeline = dataclasses.replace(self.pipeline, callback=callback)

    def output_resulting_program(self, prog: ModuleOp) -> str:
        if not self.args.disable_verify and parse_spec(self.args.target).name == "ascendc":
            # verified after the last pass (or, without passes, as the input): the
            # ascendc target need not verify each op again before printing it
            from asc_xdsl.backends.ascendc.printer import verified

            with verified(prog):
                return self._output(prog)
        return self._output(prog)

    def _output(self, prog: ModuleOp) -> str:
        try:
            return super().output_resulting_program(prog)
        except CodegenError as e:
            # Point at the innermost enclosing op whose source position is known.
            spans = getattr(self, "_spans", {})
            op: Operation | None = e.op
            while op is not None and op not in spans:
                op = op.parent_op()
            if op is None:
                raise
            raise e.at(spans[op]) from None

    def register_all_dialects(self) -> None:
        # Our context makes spec-defined AscendC ops as the input names them.
        self.ctx = AscContext(self.ctx.allow_unregistered)
        super().register_all_dialects()
        for name, factory in DIALECTS.items():
            if name not in self.ctx.registered_dialect_names:
                self.ctx.register_dialect(name, factory)
        # The entry point registers the whole `ascendc` dialect (for plain xdsl-opt);
        # asc-opt's AscContext needs only the core and makes the rest on demand.
        # The emitc ops pyasc uses that xDSL's emitc lacks (`emitc.include`) are made
        # by the context too, as the input names them.
        self.ctx._registered_dialects["ascendc"] = _ascendc_core

    def register_all_passes(self) -> None:
        super().register_all_passes()
        for name, factory in {**PASSES, **FASTER_UPSTREAM}.items():
            self.register_pass(name, factory)

    def register_all_targets(self) -> None:
        self.available_targets.update(TARGETS)
        super().register_all_targets()


def _ascendc_core() -> Dialect:
    from asc_xdsl.dialects.ascendc import AscendCCore

    return AscendCCore


def main(args: Sequence[str] | None = None) -> int:
    try:
        with deep_recursion():  # nested IR recurses in the parser, verifier and printers
            AscOptMain(args=args).run()
    except (ParseError, DiagnosticException, PassFailedException, CodegenError) as e:
        print(str(e).rstrip(), file=sys.stderr)
        return 1
    except RecursionError:
        print("asc-opt: error: the input nests too deeply to process", file=sys.stderr)
        return 1
    except (OSError, ValueError) as e:
        print(f"asc-opt: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
