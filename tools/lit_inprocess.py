"""A lit test format that runs our Python tools' RUN pipelines inside lit's worker.

Every RUN line of the FileCheck suite is a pipeline of `python -m asc_xdsl.opt` and
`python -m filecheck`; as subprocesses, each one pays for a fresh interpreter and an
xDSL import (~0.4 s), several times per line. `InProcessShTest` is lit's `ShTest` with
one change: a pipeline made only of allowed `<sys.executable> -m <module> ...` commands,
and with `scripts=True` of `<sys.executable> /path/to/file.py ...` commands too (lit.cfg's
`%python %s` tests), optionally behind `not` / `!`, with `2>&1` as the only redirection,
runs in the worker through `runpy`, so each worker imports the tools once. Everything
else -- lit's builtins, other programs, `env`, file redirections, `not --crash`, globs,
timeouts -- goes to lit's own internal shell unchanged.

What a subprocess would see is reproduced per command: `sys.argv` (argv[0] is the
module's file, as with `-m`, or the script's path), a script's folder first on
`sys.path`, stdin (the previous command's stdout, else empty), stdout/stderr with
CPython's buffering for pipes (so `2>&1` interleaves the same way), the test's
environment and working directory, fresh warning filters, the recursion limit, and the
exit status (SystemExit's rules; an uncaught exception prints its
traceback and gives 1). lit then sees one `ShellCommandResult` per command, as from its
own shell, so `not`, pipefail, the failure log and the exit codes are lit's.

`lit -Dinprocess=0` runs everything through lit's shell; `-Dinprocess=check` runs each
in-process pipeline both ways and fails the test if any command's stdout, stderr or
exit status differ (use it after changing this module or the tools' I/O).
"""

from __future__ import annotations

import contextlib
import io
import locale
import os
import runpy
import sys
import traceback
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import lit.ShUtil as ShUtil
import lit.TestRunner as TestRunner
from lit.formats import ShTest
from lit.ShellEnvironment import ShellCommandResult

MODES = ("1", "0", "check")
"""Values of lit's `-Dinprocess=`: in-process (default), lit's shell only, or both compared."""

_MERGE_STDERR = (">&", 2), "1"
"""The ShParser form of `2>&1`, the one redirection run in process."""

_PIPE_BUFFER = 4096
"""CPython sizes a pipe's stdout buffer by st_blksize, 4096 on Linux (see `io.open`)."""

_STARTUP_WARNINGS = list(warnings.filters), warnings.showwarning, warnings._showwarnmsg_impl
"""The filters and printer of a freshly started interpreter (lit does not change them)."""


@dataclass(frozen=True)
class _Step:
    """One command of a pipeline that can run in process."""

    module: str  # or a script's path (`script`)
    argv: list[str]  # after `-m module` (or the script)
    not_args: list[str]  # the leading `not` / `!` words, as lit counts them
    merge_stderr: bool  # `2>&1`
    script: bool = False  # `python <module>.py`, run as `__main__` from its file


class _Sink(io.RawIOBase):
    """The far end of a pipe: collects the bytes written to it."""

    def __init__(self) -> None:
        self.data = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, b) -> int:
        self.data += b
        return len(b)


def _plan(
    pipeline: ShUtil.Pipeline, modules: frozenset[str], scripts: bool = False
) -> list[_Step] | None:
    """The in-process steps for `pipeline`, or None if any command needs lit's shell.
    With `scripts`, `python /absolute/path.py ...` (lit's `%s`) runs in process too."""
    steps = []
    for command in pipeline.commands:
        args = list(command.args)
        if not all(isinstance(a, str) and "%{readfile:" not in a for a in args):
            return None  # glob items and late substitutions are lit's business
        not_args = []
        while args and args[0] in ("not", "!"):
            not_args.append(args.pop(0))
        if args[:1] == ["--crash"] or len(args) < 2 or args[0] != sys.executable:
            return None
        if command.redirects not in ([], [_MERGE_STDERR]):
            return None
        merge = bool(command.redirects)
        if len(args) >= 3 and args[1] == "-m" and args[2] in modules:
            steps.append(_Step(args[2], args[3:], not_args, merge))
        elif scripts and args[1].endswith(".py") and os.path.isabs(args[1]):
            steps.append(_Step(args[1], args[2:], not_args, merge, script=True))
        else:
            return None
    return steps


_PYTHON_ENV_REPRODUCED = frozenset(
    {
        "PYTHONPATH",
        "PYTHONUNBUFFERED",
        "PYTHONDONTWRITEBYTECODE",
        "PYTHONPYCACHEPREFIX",
        "PYTHONHASHSEED",
    }
)
"""PYTHON* variables an in-process run honours (PYTHONPATH: lit.cfg puts the same root first
on the worker's sys.path) or that cannot change a tool's output (where bytecode goes); any other one (PYTHONWARNINGS,
PYTHONIOENCODING, PYTHONDEVMODE, ...) configures interpreter start-up, so lit's shell runs it."""


def _locale(env: dict[str, str]) -> str:
    """The LC_CTYPE a process with `env` runs in."""
    return next((env[v] for v in ("LC_ALL", "LC_CTYPE", "LANG") if env.get(v)), "C")


def _reproducible(env: dict[str, str]) -> bool:
    """Whether a fresh interpreter with `env` behaves as this one does for our tools."""
    name = _locale(env)
    utf8 = name in ("C", "POSIX") or name.lower().replace("-", "").endswith(".utf8")
    return utf8 and all(v in _PYTHON_ENV_REPRODUCED for v in env if v.startswith("PYTHON"))


def _exit_status(code: object, stderr: io.TextIOBase) -> int:
    """The process status for `SystemExit(code)`, as CPython's `handle_system_exit`."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=stderr)
    return 1


def _xdsl_globals() -> list[tuple[Any, str, Any]]:
    """Class attributes xDSL's driver patches for one run: `--disable-verify` replaces
    `Attribute.__post_init__` (no attribute verifies after it), `--syntax-highlight`
    sets `Diagnostic.colored`. Each (owner, name, value) is put back after a command."""
    from xdsl.ir import Attribute
    from xdsl.utils.diagnostic import Diagnostic

    return [
        (owner, name, owner.__dict__.get(name, _ABSENT))
        for owner, name in ((Attribute, "__post_init__"), (Diagnostic, "colored"))
    ]


_ABSENT = object()


@contextmanager
def _process_state(env: dict[str, str], cwd: str) -> Iterator[None]:
    """The interpreter state a tool can see or change, restored afterwards."""
    saved_env = dict(os.environ)
    saved_cwd = os.getcwd()
    saved = (sys.argv, sys.stdin, sys.stdout, sys.stderr, list(sys.path), sys.getrecursionlimit())
    saved_xdsl = _xdsl_globals()
    try:
        os.environ.clear()
        os.environ.update(env)
        os.chdir(cwd)
        with warnings.catch_warnings():  # also forgets which warnings were shown
            filters, warnings.showwarning, warnings._showwarnmsg_impl = _STARTUP_WARNINGS
            warnings.filters[:] = filters
            yield
    finally:
        sys.argv, sys.stdin, sys.stdout, sys.stderr, sys.path[:], limit = saved
        sys.setrecursionlimit(limit)
        for owner, name, value in saved_xdsl:
            if value is _ABSENT:
                if name in owner.__dict__:
                    delattr(owner, name)
            else:
                setattr(owner, name, value)
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)


def _stdio_errors(env: dict[str, str]) -> str:
    # The C/POSIX locale (lit passes no LANG) is coerced to UTF-8 with surrogate escapes.
    return "surrogateescape" if _locale(env) in ("C", "POSIX") else "strict"


def _stdio(sink: _Sink, env: dict[str, str], is_stderr: bool) -> io.TextIOWrapper:
    """sys.stdout / sys.stderr of a subprocess with `env` on a pipe (CPython's create_stdio)."""
    errors = "backslashreplace" if is_stderr else _stdio_errors(env)
    if env.get("PYTHONUNBUFFERED"):
        return io.TextIOWrapper(sink, encoding="utf-8", errors=errors, write_through=True)
    return io.TextIOWrapper(
        io.BufferedWriter(sink, _PIPE_BUFFER),
        encoding="utf-8",
        errors=errors,
        line_buffering=is_stderr,  # CPython 3.9+: stderr is line-buffered even on a pipe
    )


def _run_module(
    step: _Step, stdin: bytes, env: dict[str, str], cwd: str
) -> tuple[bytes, bytes, int]:
    """Run `python -m <module> <argv>` (or `python <script> <argv>`) in this process:
    (stdout, stderr, exit status).

    With `2>&1`, stderr's bytes are in stdout, in the order a subprocess would write them.
    """
    out_sink = _Sink()
    err_sink = out_sink if step.merge_stderr else _Sink()
    with _process_state(env, cwd):
        sys.stdin = io.TextIOWrapper(
            io.BufferedReader(io.BytesIO(stdin)), encoding="utf-8", errors=_stdio_errors(env)
        )
        streams = _stdio(out_sink, env, False), _stdio(err_sink, env, True)
        sys.stdout, sys.stderr = streams
        try:
            if step.script:  # (the interpreter puts the script's folder first on the path)
                sys.argv = [step.module, *step.argv]
                sys.path.insert(0, os.path.dirname(os.path.realpath(step.module)))
                runpy.run_path(step.module, run_name="__main__")
            else:
                sys.argv = ["-m", *step.argv]  # runpy puts the module's file in argv[0]
                runpy.run_module(step.module, run_name="__main__", alter_sys=True)
            status = 0
        except SystemExit as e:
            status = _exit_status(e.code, sys.stderr)
        except KeyboardInterrupt:
            raise
        except BaseException as e:  # what the interpreter would print before exiting 1
            traceback.print_exception(e, file=sys.stderr)
            status = 1
        for stream in streams:  # at exit, stdout is flushed first
            with contextlib.suppress(ValueError):  # (the tool may have closed it)
                stream.flush()
    return bytes(out_sink.data), bytes(err_sink.data) if not step.merge_stderr else b"", status


def _text(data: bytes) -> str:
    """`data` as lit's subprocess (text mode, errors='replace') reads it."""
    text = data.decode(locale.getpreferredencoding(False), "replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _negate(status: int, not_args: Sequence[str]) -> int:
    """Apply the leading `not`s to `status` exactly as lit's `_executeShCmd` does."""
    count = len(not_args)
    if count % 2:
        if list(not_args) == ["not"]:  # a plain `not` still fails on a crash (status < 0)
            return int(status <= 0)
        return 1 if status == 0 else 0
    if count > 1:
        return 1 if status != 0 else 0
    return status


def _run_pipeline(
    pipeline: ShUtil.Pipeline, steps: list[_Step], shenv, results: list, timeout_helper
) -> int:
    """Run `steps` one after the other (each reads all of its input first)."""
    stdin = b""
    records = []
    for i, step in enumerate(steps):
        out, err, status = _run_module(step, stdin, shenv.env, shenv.cwd)
        last = i == len(steps) - 1
        # The next command consumes a piped stdout: lit records it only for the last.
        records.append((out if last else b"", err, _negate(status, step.not_args)))
        stdin = out
    exit_code = None
    for command, (out, err, status) in zip(pipeline.commands, records, strict=False):
        reached = timeout_helper.timeoutReached()
        results.append(ShellCommandResult(command, _text(out), _text(err), status, reached))
        if pipeline.pipe_err:  # pipefail: the last failing status
            if not exit_code or status != 0:
                exit_code = status
        else:
            exit_code = status
    if pipeline.negate:
        exit_code = not exit_code
    return exit_code


def _compare(inproc: list, shell: list, inproc_code, shell_code) -> str | None:
    """What differs between the two runs' command results, or None."""
    fields = ("stdout", "stderr", "exitCode")
    for a, b in zip(inproc, shell, strict=False):
        for field in fields:
            if getattr(a, field) != getattr(b, field):
                return (
                    f"in-process and shell runs differ in {field} of "
                    f"{' '.join(map(str, a.command.args))!r}:\n"
                    f"--- in process\n{getattr(a, field)!r}\n--- shell\n{getattr(b, field)!r}"
                )
    if len(inproc) != len(shell) or inproc_code != shell_code:
        return f"in-process and shell runs differ in exit status: {inproc_code} vs {shell_code}"
    return None


def _dispatcher(
    shell: Callable, modules: frozenset[str], check: bool, scripts: bool = False
) -> Callable:
    """lit's `_executeShCmd`, with our tools' pipelines run in process."""

    def execute(cmd, shenv, results, timeout_helper):
        steps = _plan(cmd, modules, scripts) if isinstance(cmd, ShUtil.Pipeline) else None
        if steps is None or not _reproducible(shenv.env):
            return shell(cmd, shenv, results, timeout_helper)
        if not check:
            return _run_pipeline(cmd, steps, shenv, results, timeout_helper)
        ours, theirs = [], []
        code = _run_pipeline(cmd, steps, shenv, ours, timeout_helper)
        shell_code = shell(cmd, shenv, theirs, timeout_helper)
        results.extend(ours)
        difference = _compare(ours, theirs, code, shell_code)
        if difference is None:
            return code
        results.append(ShellCommandResult(cmd.commands[-1], "", difference, 1, False))
        return 1

    return execute


class InProcessShTest(ShTest):
    """lit's ShTest; pipelines of `python -m <one of modules>` (and with `scripts`, of
    `python <file>.py`) run inside the worker."""

    def __init__(self, modules: Sequence[str], mode: str = "1", scripts: bool = False) -> None:
        super().__init__(execute_external=False)
        if mode not in MODES:
            raise ValueError(f"inprocess={mode!r}: expected one of {', '.join(MODES)}")
        self.modules = frozenset(modules)
        self.mode = mode
        self.scripts = scripts

    def execute(self, test, litConfig):
        # A timeout needs a process to kill; lit's shell handles those tests.
        if self.mode == "0" or test.config.maxIndividualTestTime > 0:
            return super().execute(test, litConfig)
        # lit's shell recurses through the module-level `_executeShCmd`; route it through
        # ours for this test only (a worker runs one test at a time).
        shell = TestRunner._executeShCmd
        TestRunner._executeShCmd = _dispatcher(
            shell, self.modules, self.mode == "check", self.scripts
        )
        try:
            return super().execute(test, litConfig)
        finally:
            TestRunner._executeShCmd = shell
