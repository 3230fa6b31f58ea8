"""`python -m asc_xdsl.run kernel.mlir [ARG ...]`: launch a kernel written as IR.

    python -m asc_xdsl.run add.mlir -n 8 x=rand:8192 y=rand:8192 z=zeros:8192 n=1024 --print z
    python -m asc_xdsl.run add.mlir x=x.npy y=y.npy z=zeros:8192 n=1024 --save out/
    python -m asc_xdsl.run add.mlir --emit ascendc

Arguments follow the kernel's parameters, by name (`x=...`) or in order. A GM pointer
parameter takes an `.npy` file or `zeros|ones|arange|rand:N` (N elements of the
parameter's element type; `rand` is uniform in [0, 1), seeded by `--seed`); a scalar
parameter takes a number. After the run, `--print NAME` shows an array and `--save DIR`
writes every GM argument as `DIR/<param>.npy`. The backend is the CPU simulator unless
`--backend` (or ASC_XDSL_BACKEND) says otherwise.
"""

from __future__ import annotations

import asc_xdsl.utils.program_start  # noqa: F401  (first: our program, the opt-in fast start)

# isort: split
import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

_GENERATORS = ("zeros", "ones", "arange", "rand")


class RunError(Exception):
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


def _value(name: str, t: Any, text: str, rng: Any) -> Any:
    import numpy as np

    from asc_xdsl.runtime.kernel import is_gm_pointer
    from asc_xdsl.runtime.numpy_types import np_dtype

    if is_gm_pointer(t):
        dtype = np_dtype(t.element_type)
        if text.endswith(".npy"):
            try:
                array = np.load(text)
            except OSError as e:
                raise RunError(f"{name}: cannot read {text}: {e}") from None
            if array.dtype != dtype:
                raise RunError(f"{name}: {text} holds {array.dtype}, the kernel takes {dtype}")
            return np.ascontiguousarray(array)
        kind, _, count = text.partition(":")
        if kind not in _GENERATORS or not count.isdigit():
            raise RunError(
                f"{name}: a GM pointer takes an .npy file or {'|'.join(_GENERATORS)}:N, got '{text}'"
            )
        n = int(count)
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
    parser.add_argument("--backend", help="cpu (default), npu or model")
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
        kernel = load_kernel(ns.file, ns.kernel)
        if ns.emit:
            sys.stdout.write(kernel.asm[ns.emit])
            return 0
        values = _bind(kernel, ns.args, np.random.default_rng(ns.seed))
        unknown = [n for n in ns.show if n not in values]
        if unknown:
            raise RunError(f"--print: no parameter {', '.join(unknown)}")
        options = {"backend": ns.backend} if ns.backend else {}
        kernel[ns.block_dim](*values.values(), **options)
    except (RunError, LaunchError) as e:
        print(f"asc_xdsl.run: error: {e}", file=sys.stderr)
        return 1
    except Exception as e:  # the simulator's located errors and the like
        if type(e).__module__.startswith("asc_xdsl"):
            print(str(e).rstrip(), file=sys.stderr)
            return 1
        raise
    arrays = {n: v for n, v in values.items() if isinstance(v, np.ndarray)}
    for name in ns.show:
        print(f"{name} = {np.array2string(arrays[name], threshold=20)}")
    if ns.save:
        out = Path(ns.save)
        out.mkdir(parents=True, exist_ok=True)
        for name, array in arrays.items():
            np.save(out / f"{name}.npy", array)
        print(f"wrote {', '.join(f'{n}.npy' for n in arrays)} to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
