"""`@asc.jit`: Python kernels compiled on launch for their argument types.

    @asc.jit
    def add_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress,
                   n: int, tile: asc.ConstExpr[int]): ...

    add_kernel[8](x, y, z, n, 512)            # compile (or hit the cache), then launch
    compiled = add_kernel.compile(x, y, z, n, 512, block_dim=8)
    compiled.asm["ascendc"]                    # the C++ source

A kernel's source is parsed once; each distinct combination of argument types,
`ConstExpr` values and options compiles once per process (and once per machine with
the on-disk cache, see `cache.py`).
"""

from __future__ import annotations

import ast
import functools
import inspect
import os
import textwrap
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Generic, TypeVar

from asc_xdsl.frontend import cache
from asc_xdsl.frontend import dtypes as dt
from asc_xdsl.frontend.errors import CompileError

T = TypeVar("T")

DUMP_ENV = "ASC_XDSL_DUMP_DIR"

# pyasc's compile options (CompileOptions) and their defaults.
DEFAULT_OPTIONS: dict[str, Any] = {
    "kernel_type": None,
    "opt_level": 3,
    "insert_sync": None,
    "auto_sync": True,
    "always_compile": False,
    "debug": False,
    "strip_loc": False,
    "verify_sync": False,
    "run_passes": True,
    "matmul_cube_only": False,
    "bisheng_options": None,
    "print_ir_before_all": False,
    "auto_sync_log": "",
}


class ConstExpr(Generic[T]):
    """`asc.ConstExpr[int]` marks a parameter folded into the kernel at compile time."""

    def __init__(self, value: T):
        self.value = value

    def __class_getitem__(cls, item: Any) -> Any:
        return _ConstExprAnnotation(item)


class _ConstExprAnnotation:
    def __init__(self, inner: Any):
        self.inner = inner

    def __repr__(self) -> str:
        return f"ConstExpr[{getattr(self.inner, '__name__', self.inner)}]"


def jit(fn: Callable[..., Any] | None = None, **options: Any) -> Any:
    """Decorator: `@asc.jit` or `@asc.jit(kernel_type=..., opt_level=...)`."""
    if fn is None:
        return lambda f: JITFunction(f, **options)
    return JITFunction(fn, **options)


class JITFunction:
    """A Python function compiled as an Ascend C kernel (or inlined as a helper)."""

    def __init__(self, fn: Callable[..., Any], **options: Any):
        _check_options(options, fn.__name__)
        self.fn = fn
        self.options = options
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        self._source: Any = None
        self._signature = inspect.signature(fn)
        self._compiled: dict[str, Any] = {}
        cache.function_id(self)

    def __repr__(self) -> str:
        return f"<asc.jit function {self.fn.__module__}.{self.fn.__qualname__}>"

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from asc_xdsl.frontend.context import _ACTIVE

        if _ACTIVE:  # called from a kernel being compiled: inlined by the code generator
            raise RuntimeError("internal: jit functions are inlined by the code generator")
        raise TypeError(
            f"{self.__name__} is an @asc.jit kernel: launch it with "
            f"{self.__name__}[block_dim](*args), or compile it with {self.__name__}.compile(*args)"
        )

    # -- source ---------------------------------------------------------------------

    @property
    def source(self) -> Any:
        """The parsed source (once per function)."""
        if self._source is None:
            from asc_xdsl.frontend.codegen import FunctionSource

            fn = inspect.unwrap(self.fn)
            try:
                lines, first_line = inspect.getsourcelines(fn)
                filename = inspect.getsourcefile(fn) or "<unknown>"
            except (OSError, TypeError):
                raise CompileError(
                    f"the source of {self.__name__} is not available: a kernel must be defined "
                    "in a file (not in an interactive session or exec)"
                ) from None
            text = "".join(lines)
            dedented = textwrap.dedent(text)
            shift = len(lines[0]) - len(lines[0].lstrip()) if lines else 0
            tree = ast.parse(dedented)
            fdef = tree.body[0]
            assert isinstance(fdef, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(fdef, ast.AsyncFunctionDef):
                raise CompileError(
                    f"{self.__name__}: async kernels are not supported", filename, first_line
                )
            fdef.decorator_list = []
            from asc_xdsl.frontend.structured import lower_jumps

            lower_jumps(fdef)
            plain = [
                line[shift:] if line[:shift].strip() == "" else line
                for line in text.splitlines(True)
            ]
            self._source = FunctionSource(fn, fdef, filename, first_line, plain, shift)
            self._source_text = text
        return self._source

    @property
    def source_hash(self) -> str:
        _ = self.source
        text = self._source_text
        if getattr(self, "_hashed_text", None) is not text:
            self._hashed_text, self._hash = text, cache.text_hash(text)
        return self._hash

    # -- compile and launch ------------------------------------------------------------

    def __getitem__(self, grid: Any) -> Callable[..., None]:
        """`kernel[block_dim]` or pyasc's `kernel[block_dim, stream]` (launches are
        synchronous, so the stream is accepted for compatibility)."""
        block_dim = grid[0] if isinstance(grid, tuple) else grid
        if isinstance(grid, tuple) and len(grid) > 2:
            raise TypeError(f"{self.__name__}[...] takes block_dim and optionally a stream")

        def launch(*args: Any, **kwargs: Any) -> None:
            launch_options = {
                k: kwargs.pop(k) for k in list(kwargs) if k in DEFAULT_OPTIONS or k == "backend"
            }
            backend = launch_options.pop("backend", None)
            compiled = self.compile(*args, block_dim=block_dim, **launch_options, **kwargs)
            runtime_args = compiled.metadata["runtime_args"](args, kwargs)
            from asc_xdsl.runtime.backends import get_backend

            get_backend(backend).launch(compiled, block_dim, runtime_args)

        return launch

    def compile(self, *args: Any, block_dim: int = 1, **kwargs: Any) -> Any:
        """Compile for these arguments without running: a `CompiledKernel` whose
        `asm` holds "ir", "lowered_ir" and "ascendc"."""
        options = {k: kwargs.pop(k) for k in list(kwargs) if k in DEFAULT_OPTIONS}
        _check_options(
            {k: v for k, v in kwargs.items() if k not in self._signature.parameters}, self.__name__
        )
        merged = {**DEFAULT_OPTIONS, **self.options, **options}
        if merged["insert_sync"]:
            # Never ignore an option silently: the kernel would race on hardware.
            raise CompileError(
                f"{self.__name__}: insert_sync=True (automatic SetFlag/WaitFlag insertion) is not "
                "available yet; synchronise with TQue enque/deque or asc.set_flag/asc.wait_flag"
            )
        spec = self._specialise(args, kwargs)
        option_items = tuple(
            sorted((k, repr(v)) for k, v in merged.items() if k != "always_compile")
        )
        memory_key = (tuple(spec.signature()), option_items)
        if not merged["always_compile"]:
            hit = self._compiled.get(memory_key)
            if hit is None:
                hit = cache.load(self._disk_key(spec, option_items), self.__name__)
            if hit is not None and cache.callees_unchanged(hit.metadata.get("callees", {})):
                hit.metadata["runtime_args"] = spec.runtime_args
                self._compiled[memory_key] = hit
                return hit
        compiled = self._compile(spec, merged)
        compiled.metadata["block_dim"] = block_dim
        compiled.metadata["runtime_args"] = spec.runtime_args
        self._compiled[memory_key] = compiled
        if not merged["always_compile"]:
            cache.store(self._disk_key(spec, option_items), compiled)
        _dump(compiled)
        return compiled

    def _disk_key(self, spec: _Specialisation, option_items: tuple[tuple[str, str], ...]) -> str:
        return cache.kernel_key(
            self.source_hash, self.__name__, spec.signature(), dict(option_items)
        )

    def _specialise(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> _Specialisation:
        try:
            bound = self._signature.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{self.__name__}: {e}") from None
        bound.apply_defaults()
        return _Specialisation(self, bound.arguments)

    def _compile(self, spec: _Specialisation, options: dict[str, Any]) -> Any:
        from asc_xdsl.frontend.codegen import CodeGenerator
        from asc_xdsl.runtime.kernel import CompiledKernel

        start = time.perf_counter()
        callees: dict[str, str] = {}

        def get_source(fn: Any) -> Any:
            if isinstance(fn, JITFunction):
                callees[cache.function_id(fn)] = fn.source_hash
                return fn.source
            return None

        kernel_type = _kernel_type(options["kernel_type"], self.__name__)
        generator = CodeGenerator(self.source, get_source, kernel_type)
        module = generator.compile_kernel(self.__name__, spec.params)
        _verify(module)
        lowered = module.clone() if options["run_passes"] else module
        if options["run_passes"]:
            _run_passes(lowered)
        from asc_xdsl.backends.ascendc import to_ascendc

        # The texts are printed on first use: most launches never read them.
        asm = LazyTexts(
            ir=lambda: _print_ir(module),
            lowered_ir=lambda: _print_ir(lowered),
            ascendc=lambda: to_ascendc(lowered),
        )
        compiled = CompiledKernel(
            name=self.__name__,
            module=lowered,
            asm=asm,
            kernel_type=kernel_type,
            options={k: v for k, v in options.items()},
            metadata={"callees": callees, "compile_seconds": time.perf_counter() - start},
        )
        return compiled


class LazyTexts(Mapping[str, str]):
    """Texts computed on first access (`CompiledKernel.asm`): most launches never
    read the IR or C++ text, so they are printed only when asked for."""

    def __init__(self, **factories: Callable[[], str]):
        self._factories = factories
        self._texts: dict[str, str] = {}

    def __getitem__(self, key: str) -> str:
        if key not in self._texts:
            self._texts[key] = self._factories[key]()
        return self._texts[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._factories)

    def __len__(self) -> int:
        return len(self._factories)


class _Specialisation:
    """How each argument of one call enters the kernel: constant, GM pointer or scalar."""

    def __init__(self, jf: JITFunction, arguments: dict[str, Any]):
        from asc_xdsl.frontend.codegen import _GmParam, _ScalarParam

        self.params: list[tuple[str, Any]] = []
        self._runtime_names: list[str] = []
        hints = _annotations(jf.fn)
        for name, value in arguments.items():
            ann = hints.get(name, inspect.Parameter.empty)
            if isinstance(ann, _ConstExprAnnotation) or isinstance(value, ConstExpr):
                self.params.append((name, value.value if isinstance(value, ConstExpr) else value))
                continue
            from asc_xdsl.frontend.language import GlobalAddress

            if (ann is GlobalAddress) != _is_array(value) and ann is not inspect.Parameter.empty:
                want = (
                    "an array (numpy or torch)"
                    if ann is GlobalAddress
                    else getattr(ann, "__name__", ann)
                )
                raise TypeError(
                    f"{jf.__name__}: argument '{name}' is annotated {getattr(ann, '__name__', ann)} "
                    f"but got {type(value).__name__}; pass {want}"
                )
            if _is_array(value):
                self.params.append((name, _GmParam(dt.from_numpy(value.dtype))))
            elif isinstance(value, bool):
                self.params.append((name, _ScalarParam(dt.bool_)))
            elif isinstance(value, int):
                self.params.append((name, _ScalarParam(dt.int32)))
            elif isinstance(value, float):
                self.params.append((name, _ScalarParam(dt.float32)))
            else:
                raise TypeError(
                    f"{jf.__name__}: argument '{name}' is {type(value).__name__}; kernels take "
                    "numpy arrays (or torch tensors), int, float, bool, or ConstExpr values"
                )
            self._runtime_names.append(name)
        self._jf = jf

    def signature(self) -> list[str]:
        """The cache-key part of the arguments: GM dtypes, scalar types, constant values."""
        from asc_xdsl.frontend.codegen import _GmParam, _ScalarParam

        out = []
        for name, spec in self.params:
            if isinstance(spec, _GmParam):
                out.append(f"{name}:gm:{spec.dtype.name}")
            elif isinstance(spec, _ScalarParam):
                out.append(f"{name}:scalar:{spec.dtype.name}")
            else:
                out.append(f"{name}:const:{type(spec).__name__}:{spec!r}")
        return out

    def runtime_args(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[Any]:
        bound = self._jf._signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return [bound.arguments[n] for n in self._runtime_names]


def _annotations(fn: Callable[..., Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, ann in getattr(fn, "__annotations__", {}).items():
        if isinstance(ann, str):  # `from __future__ import annotations`
            try:
                ann = eval(ann, fn.__globals__)
            except Exception:
                continue
        out[name] = ann
    return out


def _is_array(value: Any) -> bool:
    return hasattr(value, "dtype") and hasattr(value, "shape") and not isinstance(value, type)


def _kernel_type(value: Any, name: str) -> str:
    """pyasc's KernelType (or a name) -> "vector" | "cube" | "mix"."""
    if value is None:
        return "vector"
    key = str(getattr(value, "name", value)).lower().rsplit(".", 1)[-1]
    for prefix, kind in (
        ("mix", "mix"),
        ("aic", "cube"),
        ("cube", "cube"),
        ("aiv", "vector"),
        ("vec", "vector"),
    ):
        if key.startswith(prefix):
            return kind
    raise TypeError(f"{name}: unknown kernel_type {value!r} (vector, cube or mix)")


def _check_options(options: dict[str, Any], name: str) -> None:
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise TypeError(
            f"{name}: unknown compile option(s) {', '.join(unknown)} "
            f"(known: {', '.join(sorted(DEFAULT_OPTIONS))})"
        )


def _verify(module: Any) -> None:
    """Verify the frontend's IR; a failure is the kernel author's error, at its line."""
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.utils.ir_diagnostics import _own_error

    try:
        module.verify()
        return
    except VerifyException:
        pass
    for op in module.walk():
        message = _own_error(op)
        if message is None:
            continue
        raise _located_error(op, message)
    module.verify()


def _located_error(op: Any, message: str) -> CompileError:
    import linecache

    from xdsl.dialects.builtin import FileLineColLoc

    loc = op.location
    if isinstance(loc, FileLineColLoc):
        filename, line, col = loc.filename.data, loc.line.data, loc.column.data
        text = linecache.getline(filename, line) or None
        return CompileError(message, filename, line, col - 1, text)
    return CompileError(message)


def _print_ir(module: Any) -> str:
    return str(module) + "\n"


PIPELINE = "cse"
"""The pass pipeline between the frontend's IR and the printer (`lowered_ir`)."""


@functools.cache
def _pipeline() -> Any:
    from xdsl.passes import PassPipeline
    from xdsl.transforms import get_all_passes

    from asc_xdsl.universe import PASSES

    return PassPipeline.parse_spec({**get_all_passes(), **PASSES}, PIPELINE)


def _run_passes(module: Any) -> None:
    from xdsl.context import Context

    _pipeline().apply(Context(), module)


def _dump(compiled: Any) -> None:
    directory = os.environ.get(DUMP_ENV)
    if not directory:
        return
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    for suffix, key in ((".ir.mlir", "ir"), (".lowered.mlir", "lowered_ir"), (".cpp", "ascendc")):
        (path / f"{compiled.name}{suffix}").write_text(compiled.asm[key])
