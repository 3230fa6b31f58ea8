"""`asc-opt --verify-diagnostics`: check the diagnostics against `expected-*` annotations.

xDSL's driver only prints a chunk's diagnostic under `--verify-diagnostics`; asc-opt
also compares it with the chunk's annotations, with MLIR's meaning:

    // expected-error @+1 {{must be inside a vector function}}
    %a = ascendc.reg.load_align %x, %c0 : ...

- `expected-error`, `expected-warning`, `expected-note`, `expected-remark`, then an
  optional line: `@+N` / `@-N` (N lines below / above the annotation), `@below` /
  `@above` (the next / previous line), none (the annotation's own line); then
  `{{text}}`, a substring of the message (which ends with its `[ASC-...]` code).
- Per `--split-input-file` chunk, every diagnostic asc-opt reports (the error that
  stops the chunk, each of its notes, the warnings passes print) must match an
  unmatched expectation of its severity at its line of the whole file, and every
  expectation must be matched. Each mismatch is printed on stderr,
  `file:line: error: expected error "..." was not produced` or
  `unexpected error at file:line: ...`, and asc-opt exits with status 1 (after all
  chunks ran). A diagnostic without a line of the input file (an op the frontend made,
  an internal error with no op) is always unexpected; a `hint:` line is not checked.
- A chunk without annotations keeps xDSL's behaviour: its diagnostic is printed and
  does not fail the run (a parse error still does, unless `--parsing-diagnostics`).
- Diagnostics are still printed as before (errors on stdout, warnings on stderr), so
  FileCheck lines over them keep working; the IR of chunks that succeed is printed too.
"""

from __future__ import annotations

import dataclasses
import re
import sys
from collections.abc import Iterator
from io import BytesIO
from typing import TYPE_CHECKING

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.utils.exceptions import DiagnosticException, ParseError

from asc_xdsl.transforms.diagnostics import warning_handler

if TYPE_CHECKING:
    from xdsl.xdsl_opt_main import xDSLOptMain

SEVERITIES = ("error", "warning", "note", "remark")

_ANNOTATION = re.compile(
    r"expected-(?P<severity>error|warning|note|remark)"
    r"(?:\s*@(?P<where>[+-]\d+|above|below))?\s*\{\{(?P<text>.*?)\}\}"
)
_MENTION = re.compile(r"expected-(?:error|warning|note|remark)\b")
_HEADER = re.compile(r"^(?P<file>\S.*?):(?P<line>\d+):(?P<col>\d+)(?::\s*(?P<rest>.*))?$")
_SEVERITY = re.compile(r"^\s*(?P<severity>error|warning|note|remark): (?P<message>.*)$")


class DiagnosticsMismatch(DiagnosticException):
    """The diagnostics of a `--verify-diagnostics` run differ from the annotations."""


@dataclasses.dataclass
class Expectation:
    severity: str
    line: int  # of the whole file
    text: str
    at: int  # the annotation's own line
    matched: bool = False


@dataclasses.dataclass(frozen=True)
class Reported:
    severity: str
    file: str | None  # None: no location
    line: int
    message: str


def expectations(text: str, line_offset: int, name: str) -> tuple[list[Expectation], list[str]]:
    """The annotations of one chunk (`line_offset`: the file's lines before it), and the
    complaints about annotations that do not parse."""
    found: list[Expectation] = []
    bad: list[str] = []
    for i, source in enumerate(text.split("\n"), start=line_offset + 1):
        matches = list(_ANNOTATION.finditer(source))
        for m in matches:
            where = m["where"]
            delta = {None: 0, "above": -1, "below": 1}.get(where)
            line = i + (int(where) if delta is None else delta)
            found.append(Expectation(m["severity"], line, m["text"], i))
        if not matches and _MENTION.search(source):
            bad.append(
                f"{name}:{i}: error: expected-* annotation does not parse: write "
                "`expected-error [@+N|@-N|@above|@below] {{text}}`"
            )
    return found, bad


def reported(text: str) -> Iterator[Reported]:
    """The diagnostics in asc-opt's printed text: `file:line:col` headers (a source line
    and caret follow, then the messages at that line), `file:line:col: severity: ...`,
    and `severity: ...` lines; other lines continue the message before them."""
    file: str | None = None
    line = 0
    current: list[str] | None = None
    severity = ""

    def flush() -> Iterator[Reported]:
        if current is not None:
            yield Reported(severity, file, line, "\n".join(current))

    for raw in text.splitlines():
        header = _HEADER.match(raw)
        if header is not None:
            yield from flush()
            current = None
            file, line = header["file"], int(header["line"])
            rest = header["rest"]
            sev = _SEVERITY.match(rest) if rest else None
            if sev is not None:  # `file:line:col: severity: ...` locates itself only
                severity, current = sev["severity"], [sev["message"]]
                yield from flush()
                current, file, line = None, None, 0
            continue
        sev = _SEVERITY.match(raw)
        if sev is not None:
            yield from flush()
            severity, current = sev["severity"], [sev["message"]]
        elif raw.lstrip().startswith("hint: "):
            yield from flush()
            current = None
        elif current is not None:
            current.append(raw.strip())
    yield from flush()


def compare(expected: list[Expectation], got: list[Reported], name: str) -> list[str]:
    """The mismatches, located, in line order."""
    problems: list[tuple[int, str]] = []
    for d in got:
        first = d.message.split("\n")[0]
        if d.file != name:
            where = f"{d.file}:{d.line}" if d.file is not None else "an unknown location"
            problems.append((0, f"unexpected {d.severity} at {where}: {first}"))
            continue
        hit = next(
            (
                e
                for e in expected
                if not e.matched
                and e.severity == d.severity
                and e.line == d.line
                and e.text in d.message
            ),
            None,
        )
        if hit is None:
            problems.append((d.line, f"unexpected {d.severity} at {name}:{d.line}: {first}"))
        else:
            hit.matched = True
    for e in expected:
        if not e.matched:
            problems.append(
                (e.at, f'{name}:{e.at}: error: expected {e.severity} "{e.text}" was not produced')
            )
    return [p for _, p in sorted(problems, key=lambda p: p[0])]


def run_verified(main: xDSLOptMain) -> None:
    """xDSL's chunk loop, with each annotated chunk's diagnostics checked; raises
    DiagnosticsMismatch (all mismatches of the run) at the end."""
    chunks, file_extension = main.prepare_input()
    out = main.prepare_output()
    name = main.get_input_name()
    problems: list[str] = []
    try:
        for i, (chunk, offset) in enumerate(chunks):
            data = chunk.read()
            chunk.close()
            text = data.decode("utf-8", "replace")
            expected, bad = expectations(text, offset, name)
            problems += bad
            checked = bool(expected) or bool(bad)
            printed: list[str] = []
            if i > 0:
                out.write("// -----\n")

            def warn(message: str, printed: list[str] = printed) -> None:
                printed.append(message)
                print(message, file=sys.stderr)

            try:
                with warning_handler(warn):
                    module = main.parse_chunk(BytesIO(data), file_extension, offset)
                    if module is not None:
                        main.apply_passes(module)
                        out.write(main.output_resulting_program(module))
                out.flush()
            except ParseError as e:
                e.span = dataclasses.replace(e.span, line_offset=offset)
                if not (checked or main.args.parsing_diagnostics):
                    raise
                print(e)
                printed.append(str(e))
            except DiagnosticException as e:
                print(e)
                printed.append(str(e))
                for note in getattr(e, "__notes__", ()):
                    print(note)
                    printed.append(str(note))
            if checked:
                got = [d for message in printed for d in reported(message)]
                problems += compare(expected, got, name)
    finally:
        if out is not sys.stdout:
            out.close()
    if problems:
        raise DiagnosticsMismatch("\n".join(problems))
