"""Our driver, `asc_xdsl.opt`, run in-process on a text, with each failure sorted
by the stage that raised it (parse, verify, pass, codegen), or an internal error:
an exception the driver does not turn into a diagnostic, i.e. a compiler bug."""

from __future__ import annotations

import contextlib
import io
import re
import traceback
from dataclasses import dataclass

from xdsl.utils.exceptions import DiagnosticException, ParseError, PassFailedException

from asc_xdsl.backends.ascendc import EmissionError
from asc_xdsl.dialects.ir_diagnostics import LocatedVerifyError
from asc_xdsl.opt import AscOptMain

_POSITION = re.compile(r"^(?:.*?):(\d+):(\d+)")


@dataclass
class DriverResult:
    kind: str  # ok | usage | unknown-pass | parse | verify | pass | codegen | internal
    output: str  # what the driver printed (the translation on success)
    message: str = ""  # the full diagnostic
    warnings: str = ""  # what passes reported without failing (stderr)

    @property
    def ok(self) -> bool:
        return self.kind == "ok"

    def one_line(self) -> str:
        """`<stage> error [line N]: <message>`, the diagnostic's last line before its hint
        being its message (without its `[ASC-...]` code)."""
        lines = [line.strip() for line in self.message.strip().splitlines() if line.strip()]
        said = [line for line in lines if not line.startswith("hint:")]  # (the hint follows)
        text = said[-1] if said else ""
        text = re.sub(r"^error:\s*", "", text)
        text = re.sub(r"\s*\[ASC-[A-Z]\d{3}\]$", "", text)  # (its diagnostic code)
        where = ""
        m = _POSITION.match(lines[0]) if lines else None
        if m:
            where = f" at line {m.group(1)}"
        label = {"usage": "driver usage error", "unknown-pass": "unknown pass"}.get(
            self.kind, f"{self.kind} error"
        )
        return f"{label}{where}: {text}"


class Driver:
    """`asc-opt <file> [-p passes] [-t target]`, reusable for many texts: the
    dialects and passes are registered once."""

    def __init__(self, filename: str, passes: str = "", target: str = "mlir"):
        self.filename = filename
        self.passes = passes
        args = [filename, "-t", target]
        if passes:
            args += ["-p", passes]
        self.error: DriverResult | None = None
        try:
            with contextlib.redirect_stderr(io.StringIO()) as err:
                self.main = AscOptMain(args=args)
        except (ValueError, SystemExit) as e:
            text = err.getvalue().strip() or str(e)
            kind = "unknown-pass" if "Unrecognized passes" in text else "usage"
            self.error = DriverResult(kind, "", text)

    def run(self, text: str) -> DriverResult:
        if self.error is not None:
            return self.error
        with contextlib.redirect_stderr(io.StringIO()) as err:
            result = self._run(text)
        result.warnings = err.getvalue()
        return result

    def _run(self, text: str) -> DriverResult:
        main = self.main
        stage = "parse"
        try:
            module = main.parse_chunk(io.BytesIO(text.encode()), "mlir")
            if module is None:
                return DriverResult("ok", "")
            stage = "verify"
            main.apply_passes(module)
            stage = "codegen"
            return DriverResult("ok", main.output_resulting_program(module))
        except ParseError as e:
            return DriverResult("parse", "", str(e))
        except PassFailedException as e:
            return DriverResult("pass", "", str(e))
        except EmissionError as e:
            return DriverResult("codegen", "", str(e))
        except DiagnosticException as e:
            # Raised while verifying the input, by a pass, or by the target.
            if stage == "verify" and self.passes and not isinstance(e, LocatedVerifyError):
                stage = "pass"
            return DriverResult(stage, "", str(e))
        except Exception as e:
            where = traceback.extract_tb(e.__traceback__)[-1]
            return DriverResult(
                "internal",
                "",
                f"{type(e).__name__}: {e} (raised at {where.filename}:{where.lineno})",
            )
