"""`python -m asc_xdsl.build`: build kernel binaries ahead of time (no ACL, no device).

    python -m asc_xdsl.build add.mlir --soc Ascend910B1 -o out/
    python -m asc_xdsl.build kernels.py --kernel add_custom --soc Ascend910B1 -o out/
    python -m asc_xdsl.build kernels.py --kernel add_custom \\
        --args "np.zeros(8, np.float32), np.zeros(8, np.float32), np.zeros(8, np.float32), 8, 64"

Writes `out/<kernel>.o` (the binary bisheng and ld.lld make) and `out/<kernel>.json`
(its launch manifest: kernel type, parameter layout, hidden arguments, SoC, toolkit
version; runtime/cann/manifest.py), and prints their paths. `prebuilt.load("out/
<kernel>.json")[block_dim](*args)` launches them later without recompiling.

An `.mlir` file holds kernels as IR (`func.func` with `ascendc.global`); `--kernel`
picks one when it has several. A `.py` file holds `@asc.jit` kernels, which compile
for the kinds of their arguments (GM dtypes, scalar types, ConstExpr values), so the
build needs example arguments: `--args EXPR`, a Python expression evaluated in the
module's namespace (with `np` = numpy) giving the argument tuple, or else the module's
`BUILD_ARGS = {"kernel_name": (args...) or a function returning them}`. Only the
kinds of the arguments matter, not array sizes or contents. `--kernel` picks the
kernel when the module has several (default: its only one, or the only one in
BUILD_ARGS); `@asc.jit` helpers (functions another `@asc.jit` function calls, device
functions included) are not kernels. Compile options go as `--option name=value` (`opt_level=2`).
"""

from __future__ import annotations

import asc_xdsl.utils.program_start  # noqa: F401  (first: our program, the opt-in fast start)
from asc_xdsl.diagnostics import CodedError

# isort: split
import argparse
import ast
import importlib.util
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any


class BuildError(CodedError, ValueError):
    """A command-line mistake: the message says what to give."""


def _load_module(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(f"_asc_build_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise BuildError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent.resolve()))
    try:
        spec.loader.exec_module(module)
    except SyntaxError as e:
        raise BuildError(f"{e.filename}:{e.lineno}: {e.msg}") from None
    except Exception as e:  # the module's own code failed: say where, no traceback
        raise BuildError(f"importing {path} failed at {_where(e, path)}: {_what(e)}") from None
    finally:
        sys.path.pop(0)
    return module


def _what(e: BaseException) -> str:
    return f"{type(e).__name__}: {e}"


def _where(e: BaseException, path: Path) -> str:
    """file:line of the innermost frame in `path` (else the innermost frame)."""
    frames = traceback.extract_tb(e.__traceback__)
    own = [f for f in frames if Path(f.filename).resolve() == path.resolve()]
    frame = (own or frames)[-1]
    return f"{frame.filename}:{frame.lineno}"


def _jit_kernels(module: Any) -> tuple[dict[str, Any], dict[str, str]]:
    """The module's `@asc.jit` kernels by name, and its `@asc.jit` helpers (device
    functions: called from another of them) with the name of one caller each."""
    from asc_xdsl.frontend.jit import JITFunction

    jitted = {n: v for n, v in vars(module).items() if isinstance(v, JITFunction)}
    callers: dict[int, str] = {}  # id of a called JITFunction -> a caller's name
    for name, jf in jitted.items():
        for callee in _jit_callees(jf, JITFunction):
            if callee is not jf:
                callers.setdefault(id(callee), name)
    kernels = {n: v for n, v in jitted.items() if id(v) not in callers}
    helpers = {n: callers[id(v)] for n, v in jitted.items() if id(v) in callers}
    return kernels, helpers


def _jit_callees(jf: Any, jit_class: type) -> list[Any]:
    """The `@asc.jit` functions `jf`'s code names as globals (`helper(...)`) or as
    attributes of a global module (`helpers.scale(...)`), nested code included."""
    import inspect
    import types

    fn = inspect.unwrap(jf.fn)
    names: set[str] = set()
    codes = [fn.__code__]
    while codes:
        code = codes.pop()
        names.update(code.co_names)
        codes.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    found = []
    for name in names:
        value = fn.__globals__.get(name)
        if isinstance(value, jit_class):
            found.append(value)
        elif isinstance(value, types.ModuleType):
            found.extend(v for n in names if isinstance(v := getattr(value, n, None), jit_class))
    return found


def _pick(
    names: Sequence[str],
    wanted: str | None,
    where: str,
    hint: str,
    helpers: dict[str, str] | None = None,
) -> str:
    if wanted is not None:
        if helpers and wanted in helpers:
            raise BuildError(
                f"'{wanted}' in {where} is an @asc.jit helper (a device function, called "
                f"from '{helpers[wanted]}'), not a kernel: build a kernel that calls it "
                f"(kernels: {', '.join(names) or 'none'})"
            )
        if wanted not in names:
            raise BuildError(
                f"no kernel '{wanted}' in {where} (kernels: {', '.join(names) or 'none'})"
            )
        return wanted
    if len(names) != 1:
        listed = ", ".join(names) if names else "none"
        raise BuildError(f"{where} has {len(names)} kernels ({listed}); {hint}")
    return names[0]


def _example_args(module: Any, name: str, expr: str | None, path: Path) -> tuple[Any, ...]:
    import numpy as np

    if expr is not None:
        namespace = {**vars(module), "np": np}
        try:
            value = eval(compile(expr, "--args", "eval"), namespace)  # the user's own code
        except SyntaxError as e:
            raise BuildError(f"--args is not a Python expression: {e.msg}") from None
        except Exception as e:
            raise BuildError(f"--args {expr!r} failed: {_what(e)}") from None
        return value if isinstance(value, tuple) else (value,)
    table = getattr(module, "BUILD_ARGS", None)
    if not isinstance(table, dict) or name not in table:
        raise BuildError(
            f"kernel '{name}' in {path} compiles for its arguments' kinds: give example "
            f'arguments with --args "..." (a Python tuple, e.g. np.zeros(8, np.float32), '
            f"8) or define BUILD_ARGS = {{'{name}': (...)}} in the module"
        )
    value = table[name]
    if callable(value):
        try:
            value = value()
        except Exception as e:
            raise BuildError(
                f"BUILD_ARGS['{name}']() failed at {_where(e, path)}: {_what(e)}"
            ) from None
    if not isinstance(value, tuple):
        raise BuildError(f"{path}: BUILD_ARGS['{name}'] must be a tuple of arguments")
    return value


def _options(items: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep:
            raise BuildError(f"--option {item!r}: write name=value (e.g. opt_level=2)")
        try:
            out[key] = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            out[key] = text
    return out


def build(
    path: str | Path,
    soc: str | None,
    out_dir: str | Path,
    *,
    kernel: str | None = None,
    args: str | None = None,
    options: dict[str, Any] | None = None,
) -> Any:
    """Build one kernel of `path` (.py or .mlir) into `out_dir`; returns aot.Built."""
    from asc_xdsl.runtime.cann.aot import build_kernel, resolve_soc

    path = Path(path)
    options = options or {}
    chip = resolve_soc(soc)
    if not path.is_file():
        raise BuildError(f"{path}: no such file")
    if path.suffix == ".mlir":
        from asc_xdsl.runtime.cann.aot import OPTION_KEYS
        from asc_xdsl.runtime.ir_kernel import load_kernel

        if args is not None:
            raise BuildError("--args is for .py kernels: IR kernels have their types written")
        unknown = sorted(set(options) - set(OPTION_KEYS))
        if unknown:
            raise BuildError(
                f"unknown build option(s) {', '.join(unknown)} for an IR kernel (known: "
                f"{', '.join(OPTION_KEYS)})"
            )
        compiled = load_kernel(path, kernel)
        if not compiled.function.body.blocks:
            raise BuildError(
                f"kernel '{compiled.name}' in {path} is only declared (a func.func without a "
                "body): there is nothing to build"
            )
        compiled.options.update(options)
        return build_kernel(compiled, chip, out_dir=out_dir)
    if path.suffix != ".py":
        raise BuildError(f"{path}: expected a .py (@asc.jit kernels) or .mlir file")
    module = _load_module(path)
    kernels, helpers = _jit_kernels(module)
    table = getattr(module, "BUILD_ARGS", None)
    candidates = list(kernels)
    if kernel is None and args is None and isinstance(table, dict):
        candidates = [n for n in kernels if n in table]
    name = _pick(candidates, kernel, str(path), "pick one with --kernel NAME", helpers)
    example = _example_args(module, name, args, path)
    compiled = kernels[name].compile(
        *example, backend="npu", soc_version=chip.name, out_dir=out_dir, **options
    )
    return compiled.metadata["built"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m asc_xdsl.build",
        description="Build a kernel binary and its launch manifest with CANN's bisheng.",
    )
    parser.add_argument("file", help="a .py file with @asc.jit kernels or a .mlir file")
    parser.add_argument(
        "--soc", help="SoC version (default ASC_XDSL_SOC_VERSION, else Ascend910B1)"
    )
    parser.add_argument("-o", "--output", default=".", help="output folder (default: .)")
    parser.add_argument("--kernel", help="the kernel to build when the file has several")
    parser.add_argument("--args", help="example arguments of a .py kernel (Python expression)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="compile option"
    )
    ns = parser.parse_args(argv)
    from xdsl.utils.exceptions import DiagnosticException

    from asc_xdsl.frontend.errors import CompileError
    from asc_xdsl.runtime.kernel import LaunchError

    try:
        built = build(
            ns.file, ns.soc, ns.output, kernel=ns.kernel, args=ns.args,
            options=_options(ns.option),
        )  # fmt: skip
    except (BuildError, LaunchError, CompileError, TypeError) as e:
        print(f"asc_xdsl.build: {e}", file=sys.stderr)
        return 2
    except DiagnosticException as e:  # a pass's or the printer's located error
        print(f"asc_xdsl.build: {str(e).rstrip()}", file=sys.stderr)
        return 2
    except OSError as e:  # the output folder, the binary cache
        where = f" {e.filename}" if e.filename else ""
        print(f"asc_xdsl.build: cannot write{where}: {e.strerror or e}", file=sys.stderr)
        return 2
    except Exception as e:  # a bug: one line that names it, not a traceback
        print(
            f"asc_xdsl.build: internal error: {type(e).__name__}: {e}\nthis is a bug in "
            "asc_xdsl, not in the kernel: please report it with the input and the command line",
            file=sys.stderr,
        )
        return 2
    m = built.manifest
    print(f"{built.binary}\n{built.manifest_path}")
    print(f"kernel {m.kernel} ({m.kernel_type}) for {m.soc}, toolkit {m.toolkit_version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
