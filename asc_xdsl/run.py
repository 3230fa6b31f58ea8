"""`python -m asc_xdsl.run kernel.mlir [ARG ...]`: launch a kernel written as IR.

    python -m asc_xdsl.run add.mlir -n 8 x=rand:8192 y=rand:8192 z=zeros:8192 n=1024 --print z
    python -m asc_xdsl.run add.mlir x=x.npy y=y.npy z=zeros:8192 n=1024 --save out/
    python -m asc_xdsl.run add.mlir --emit ascendc

Arguments follow the kernel's parameters, by name (`x=...`) or in order. A GM pointer
parameter takes an `.npy` file or `zeros|ones|arange|rand:N` (N elements of the
parameter's element type; `rand` is uniform in [0, 1), seeded by `--seed`); a pointer
to a struct (`!emitasc.py_struct`, tiling data) takes an `.npy` file of its records or
`zeros:N` (N zeroed records); a scalar parameter takes a number. Arrays the command line
makes are at most `MAX_ARRAY_BYTES` (1 GiB). After the run, `--print NAME` shows an
array and `--save DIR` writes every GM argument as `DIR/<param>.npy` (DIR is checked
before the run). The backend is `--backend`, else ASC_XDSL_BACKEND, else the default
(the CPU simulator, or `npu` on a machine with an NPU device node and CANN).

Every mistake is one line, `asc_xdsl.run: error: ...`, naming the argument, file or
option, or the IR's diagnostic at its line; exit status 1.
"""

from __future__ import annotations

import asc_xdsl.utils.program_start

# isort: split
import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.utils.exceptions import DiagnosticException

from asc_xdsl.diagnostics import CodedError

_GENERATORS = ("zeros", "ones", "arange", "rand")
MAX_ARRAY_BYTES = 1 << 30
"""The largest array `zeros|ones|arange|rand:N` makes (larger ones come from `.npy`)."""


class RunError(CodedError, ValueError):
    """A command-line mistake: the message says which argument and why."""


def _params(kernel: Any) -> list[tuple[str, Any]]:
    """The parameters the command line gives (not the hidden ones the launcher fills)."""
    from asc_xdsl.transforms.kernel_args import EXPLICIT, param_kinds

    f = kernel.function
    return [
        (arg.name_hint or f"arg{i}", t)
        for i, (arg, t, kind) in enumerate(
            zip(f.body.block.args, f.function_type.inputs.data, param_kinds(f), strict=True)
        )
        if kind == EXPLICIT
    ]


def _load_npy(name: str, text: str) -> Any:
    import numpy as np

    try:
        return np.load(text)
    except OSError as e:
        raise RunError(f"{name}: cannot read {text}: {e.strerror or e}") from None
    except Exception as e:  # not an .npy file, a pickled one, a truncated one
        raise RunError(f"{name}: {text} is not a numpy array file: {e}") from None


def _count(name: str, text: str, itemsize: int, kinds: Sequence[str], what: str) -> tuple[str, int]:
    """`KIND:N` for a generated array of N items of `itemsize` bytes, checked."""
    kind, _, count = text.partition(":")
    if kind not in kinds or not count.isdigit():
        raise RunError(f"{name}: {what} takes an .npy file or {'|'.join(kinds)}:N, got '{text}'")
    n = int(count)
    if n * itemsize > MAX_ARRAY_BYTES:
        raise RunError(
            f"{name}: {text} would take {_size(n * itemsize)}; the command line makes arrays "
            f"of at most {_size(MAX_ARRAY_BYTES)} (give a larger one as an .npy file)"
        )
    return kind, n


def _size(nbytes: int) -> str:
    for unit, scale in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if nbytes >= scale:
            return f"{nbytes} bytes ({nbytes / scale:.4g} {unit})"
    return f"{nbytes} bytes"


def _struct_value(name: str, t: Any, text: str) -> Any:
    """A pointer to structs: an .npy file of records (their bytes) or `zeros:N`."""
    import numpy as np

    from asc_xdsl.runtime.simulator.ops.framework import struct_layout

    element = t.element_type
    layout = struct_layout(element)
    if layout is None:
        why = (
            "a struct with members of other than scalar types"
            if hasattr(element, "CPP_CLASS")
            else "no numpy type holds it"
        )
        raise RunError(
            f"{name}: the command line cannot make a {element} ({why}); launch the kernel "
            "from Python"
        )
    if text.endswith(".npy"):
        array = _load_npy(name, text)
        if array.dtype != layout and array.dtype != np.uint8:
            raise RunError(
                f"{name}: {text} holds {array.dtype}; a pointer to {element} takes records "
                f"of dtype {layout.descr} (or their bytes, uint8)"
            )
        if array.nbytes < layout.itemsize:
            raise RunError(
                f"{name}: {text} holds {array.nbytes} bytes, less than one "
                f"{layout.itemsize}-byte {element}"
            )
        return np.ascontiguousarray(array)
    _, n = _count(name, text, layout.itemsize, ("zeros",), f"a pointer to {element}")
    return np.zeros(n, layout)


def _value(name: str, t: Any, text: str, rng: Any) -> Any:
    import numpy as np

    from asc_xdsl.runtime.kernel import is_gm_pointer
    from asc_xdsl.runtime.numpy_types import np_dtype

    if is_gm_pointer(t):
        try:
            dtype = np_dtype(t.element_type)
        except TypeError:
            return _struct_value(name, t, text)
        if text.endswith(".npy"):
            array = _load_npy(name, text)
            if array.dtype != dtype:
                raise RunError(f"{name}: {text} holds {array.dtype}, the kernel takes {dtype}")
            return np.ascontiguousarray(array)
        kind, n = _count(name, text, dtype.itemsize, _GENERATORS, "a GM pointer")
        if kind == "rand":
            return rng.random(n).astype(dtype)
        if kind == "arange":
            return np.arange(n).astype(dtype)
        return (np.zeros if kind == "zeros" else np.ones)(n, dtype)
    try:
        number: Any = int(text, 0)
    except ValueError:
        try:
            number = float(text)
        except ValueError:
            raise RunError(
                f"{name}: a scalar parameter ({t}) takes a number, got '{text}'"
            ) from None
    return number


def _bind(kernel: Any, texts: Sequence[str], rng: Any) -> dict[str, Any]:
    params = _params(kernel)
    names = [n for n, _ in params]
    given: dict[str, str] = {}
    for i, text in enumerate(texts):
        name, sep, value = text.partition("=")
        if sep and name in names:
            given[name] = value
        elif sep and name.isidentifier():
            raise RunError(f"the kernel has no parameter '{name}' (parameters: {', '.join(names)})")
        elif i < len(names):
            given[names[i]] = text
        else:
            raise RunError(
                f"too many arguments: the kernel takes {len(names)} ({', '.join(names)})"
            )
    missing = [n for n in names if n not in given]
    if missing:
        raise RunError(f"missing arguments for {', '.join(missing)}")
    return {name: _value(name, t, given[name], rng) for name, t in params}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m asc_xdsl.run", description=__doc__.split("\n")[0]
    )
    parser.add_argument("file", help="an .mlir file with a kernel (func.func ... {ascendc.global})")
    parser.add_argument("args", nargs="*", help="kernel arguments: NAME=VALUE or VALUE in order")
    parser.add_argument("--kernel", help="the kernel's name, when the file has several")
    parser.add_argument(
        "-n", "--block-dim", type=int, default=1, help="blocks to launch (default 1)"
    )
    parser.add_argument(
        "--backend",
        help="cpu, npu or model (default: ASC_XDSL_BACKEND, else npu with an NPU, else cpu)",
    )
    parser.add_argument("--emit", choices=("ascendc", "ir", "lowered_ir"), help="print, don't run")
    parser.add_argument(
        "--print",
        dest="show",
        action="append",
        default=[],
        metavar="NAME",
        help="print a GM argument after the run (repeatable)",
    )
    parser.add_argument("--save", metavar="DIR", help="write each GM argument to DIR/<name>.npy")
    parser.add_argument("--seed", type=int, default=0, help="seed of rand:N inputs")
    ns = parser.parse_intermixed_args(argv)

    import numpy as np

    from asc_xdsl.runtime.ir_kernel import load_kernel
    from asc_xdsl.runtime.kernel import LaunchError

    try:
        if ns.seed < 0:
            raise RunError(f"--seed must be a non-negative integer, got {ns.seed}")
        out = _output_dir(ns.save) if ns.save else None
        kernel = load_kernel(ns.file, ns.kernel)
        if ns.emit:
            sys.stdout.write(kernel.asm[ns.emit])
            return 0
        if not kernel.function.body.blocks:
            raise RunError(
                f"kernel '{kernel.name}' in {ns.file} is only declared (a func.func without "
                "a body): there is nothing to run"
            )
        values = _bind(kernel, ns.args, np.random.default_rng(ns.seed))
        unknown = [n for n in ns.show if n not in values]
        if unknown:
            raise RunError(f"--print: no parameter {', '.join(unknown)}")
        _check_profile_dir(ns.backend)
        options = {"backend": ns.backend} if ns.backend else {}
        kernel[ns.block_dim](*values.values(), **options)
        arrays = {n: v for n, v in values.items() if isinstance(v, np.ndarray)}
        for name in ns.show:
            print(f"{name} = {np.array2string(arrays[name], threshold=20)}")
        if out is not None:
            for name, array in arrays.items():
                try:
                    np.save(out / f"{name}.npy", array)
                except OSError as e:
                    where = out / f"{name}.npy"
                    raise RunError(f"--save: cannot write {where}: {e.strerror or e}") from None
            print(f"wrote {', '.join(f'{n}.npy' for n in arrays)} to {out}")
    except (RunError, LaunchError) as e:
        print(f"asc_xdsl.run: error: {e}", file=sys.stderr)
        return 1
    except DiagnosticException as e:  # a pass's or the printer's located error
        print(str(e).rstrip(), file=sys.stderr)
        return 1
    except OSError as e:  # a file the run writes (the simulator's profile CSVs, ...)
        where = f" {e.filename}" if e.filename else ""
        print(f"asc_xdsl.run: error: cannot write{where}: {e.strerror or e}", file=sys.stderr)
        return 1
    except Exception as e:  # the simulator's located errors and the like
        if type(e).__module__.startswith("asc_xdsl"):
            print(str(e).rstrip(), file=sys.stderr)
            return 1
        print(
            f"asc_xdsl.run: internal error: {type(e).__name__}: {e}\nthis is a bug in "
            "asc_xdsl, not in the kernel: please report it with the input and the command line",
            file=sys.stderr,
        )
        return 1
    return 0


def _output_dir(text: str) -> Path:
    """--save's folder, made and checked before the run (not after a long one)."""
    out = Path(text)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise RunError(f"--save: cannot make the folder {out}: {e.strerror or e}") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise RunError(f"--save: cannot write to {out} (permission denied)")
    return out


def _check_profile_dir(backend: str | None) -> None:
    """The simulator's profile folder (ASC_XDSL_PROFILE_DIR), checked before the run."""
    from asc_xdsl.runtime.backends import BACKEND_ENV, default_backend_name
    from asc_xdsl.runtime.simulator.profile import PROFILE_DIR_ENV

    text = os.environ.get(PROFILE_DIR_ENV)
    if not text or (backend or os.environ.get(BACKEND_ENV) or default_backend_name()) != "cpu":
        return
    folder = Path(text)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise RunError(
            f"{PROFILE_DIR_ENV}={text}: cannot make the profile folder: {e.strerror or e}"
        ) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise RunError(f"{PROFILE_DIR_ENV}={text}: cannot write the profile there")


if __name__ == "__main__":
    sys.exit(main())
