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
import re
import sys
import textwrap
import time
import warnings
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Generic, ParamSpec, TypeAlias, TypeVar, overload

from asc_xdsl.diagnostics import CodedWarning, ConfigWarning
from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.frontend import cache
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.frontend.fingerprint import Keyer, Reads, Unkeyable
from asc_xdsl.frontend.option_defaults import (
    CODEGEN_DEFAULTS,
    COMPILE_DEFAULTS,
    is_known_soc,
    launch_options_class,
    target_soc,
)
from asc_xdsl.log import logger
from asc_xdsl.runtime import pyasc_env
from asc_xdsl.utils.quiet_imports import paused as gc_paused
from asc_xdsl.utils.recursion import deep_recursion

if TYPE_CHECKING:
    from asc_xdsl.runtime.kernel import CompiledKernel

T = TypeVar("T")
P = ParamSpec("P")  # a kernel's parameters
R = TypeVar("R")  # what a helper kernel returns (to a kernel that calls it)

DUMP_ENV = "ASC_XDSL_DUMP_DIR"

# pyasc's options (CompileOptions, CodegenOptions; options.py) and their defaults
# (option_defaults.py: the dataclasses are made when a program names them).
DEFAULT_OPTIONS: dict[str, Any] = {
    **COMPILE_DEFAULTS,
    **CODEGEN_DEFAULTS,
    # asc_xdsl's own: loop bodies a kernel may unroll (None: ASC_XDSL_MAX_UNROLL, else
    # codegen.DEFAULT_MAX_UNROLL). It never changes the IR, so it is not in the cache key.
    "max_unroll": None,
}
# Options that never change a compiled kernel: not in the cache key.
_NOT_IN_KEY = ("always_compile", "max_unroll", "capture_exceptions", "ir_multithreading")


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_opt_bool(v: Any) -> bool:
    return v is None or isinstance(v, bool)


# option -> (accepts the value?, what it must be); kernel_type is checked by _kernel_type.
_OPTION_RULES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "opt_level": (
        lambda v: v is None or (type(v) is int and 0 <= v <= 3),
        "0, 1, 2 or 3 (bisheng's -O level)",
    ),
    "insert_sync": (_is_opt_bool, "True, False or None"),
    "auto_sync": (_is_opt_bool, "True, False or None"),
    "always_compile": (_is_bool, "True or False"),
    "debug": (_is_bool, "True or False"),
    "strip_loc": (_is_bool, "True or False"),
    "verify_sync": (_is_bool, "True or False"),
    "dedup_state": (_is_bool, "True or False"),
    "sync_blocks": (_is_bool, "True or False"),
    "run_passes": (_is_bool, "True or False"),
    "matmul_cube_only": (_is_bool, "True or False"),
    "print_ir_before_all": (_is_bool, "True or False"),
    "capture_exceptions": (_is_bool, "True or False"),
    "ir_multithreading": (_is_bool, "True or False"),
    "auto_sync_log": (lambda v: v is None or isinstance(v, str), "a file name (str)"),
    "max_unroll": (lambda v: v is None or (type(v) is int and v >= 0), "an integer >= 0"),
    "bisheng_options": (
        lambda v: v is None or (isinstance(v, tuple | list) and all(isinstance(f, str) for f in v)),
        "a tuple of command-line flags (str)",
    ),
    "soc_version": (
        is_known_soc,
        "a SoC asc_xdsl knows (asc_xdsl.soc.known_names(), e.g. 'Ascend910B1', "
        "'Ascend950PR_9599') or a config.Platform",
    ),
}


if TYPE_CHECKING:
    # A parameter annotated `ConstExpr[int]` is the int itself in the kernel's body (the
    # value is folded in at compile time): to type checkers it is the type it wraps.
    ConstExpr: TypeAlias = Annotated[T, "asc.ConstExpr"]
else:

    class ConstExpr(Generic[T]):
        """`asc.ConstExpr[int]` marks a parameter folded into the kernel at compile time."""

        def __init__(self, value: T) -> None:
            self.value = value

        def __class_getitem__(cls, item: Any) -> Any:
            return _ConstExprAnnotation(item)

        @staticmethod
        def unwrap(obj: Any) -> Any:
            """The value of a ConstExpr; any other object as it is (pyasc's)."""
            return obj.value if isinstance(obj, ConstExpr) else obj


class MockTensor:
    """A stand-in for an array argument in compile-only use (pyasc's): the kernel
    compiles with a GM pointer to `dtype`; launching it for real is refused."""

    def __init__(self, dtype: dt.DataType):
        if not isinstance(dtype, dt.DataType):
            raise CompileError(
                f"MockTensor needs a dtype such as asc.float16, got {dtype!r}", code="ASC-F102"
            )
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"MockTensor({self.dtype.name})"


class MockValue:
    """A stand-in for a scalar argument of type `dtype` in compile-only use."""

    def __init__(self, dtype: dt.DataType):
        if not isinstance(dtype, dt.DataType):
            raise CompileError(
                f"MockValue needs a dtype such as asc.int32, got {dtype!r}", code="ASC-F102"
            )
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"MockValue({self.dtype.name})"


class _ConstExprAnnotation:
    def __init__(self, inner: Any):
        self.inner = inner

    def __repr__(self) -> str:
        return f"ConstExpr[{getattr(self.inner, '__name__', self.inner)}]"


@overload
def jit(fn: Callable[P, R], /) -> JITFunction[P, R]: ...
@overload
def jit(fn: None = None, /, **options: Any) -> Callable[[Callable[P, R]], JITFunction[P, R]]: ...
def jit(fn: Callable[..., Any] | None = None, **options: Any) -> Any:
    """Decorator: `@asc.jit` or `@asc.jit(kernel_type=..., opt_level=...)` (the options
    of `CompileOptions` and `CodegenOptions`, and `inline=False` for a helper compiled
    as its own device function): the function as a `JITFunction`, launched with
    `kernel[block_dim](*args)` or compiled with `kernel.compile(*args)`."""
    if fn is None:
        return lambda f: JITFunction(f, **options)
    return JITFunction(fn, **options)


class JITFunction(Generic[P, R]):
    """A Python function compiled as an Ascend C kernel (or inlined as a helper).

    `JITFunction[P, R]`: `P` is the function's parameters, `R` what it returns (to a
    kernel calling it as a helper). A launch (`kernel[block_dim](*args)`) takes the
    host's values for them (numpy arrays for `GlobalAddress` parameters) and options."""

    def __init__(self, fn: Callable[P, R], **options: Any) -> None:
        _check_kernel_function(fn)
        # `inline=False`: called from a kernel, this helper is its own device function
        # (codegen.call_function); by default helpers are inlined into their callers.
        self.inline = options.pop("inline", True)
        if not isinstance(self.inline, bool):
            raise CompileError(
                f"{fn.__name__}: option inline must be True or False, got {self.inline!r}",
                code="ASC-F111",
            )
        _check_options(options, fn.__name__)
        self.fn = fn
        self.options = options
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        self._source: Any = None
        # The file's text now, while it is the text `fn` was compiled from: the kernel
        # compiled at its first launch is this one even if the file is edited before.
        from asc_xdsl.frontend.kernel_source import snapshot

        self._taken = snapshot(fn)
        self._signature = inspect.signature(fn)
        self._compiled: dict[str, Any] = {}
        self._launchers: dict[int, Callable[..., None]] = {}
        self._warm: dict[tuple[Any, ...], _WarmLaunch] = {}
        """Launches made before, by `_warm_key`: what a repeated launch reuses."""
        self._warm_shape: tuple[int, frozenset[int], Any] | bool | None = False
        """(parameter count, ConstExpr positions, numpy.ndarray) of the warm path, None
        when the signature has no warm path (keyword-only or variadic parameters, a
        parameter named `backend`); False until first asked."""

    def __repr__(self) -> str:
        return f"<asc.jit function {self.fn.__module__}.{self.fn.__qualname__}>"

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        from asc_xdsl.language.builder.active import _ACTIVE

        if _ACTIVE:  # called from a kernel being compiled: inlined by the code generator
            raise RuntimeError("internal: jit functions are inlined by the code generator")
        raise CompileError(
            f"{self.__name__} is an @asc.jit kernel: launch it with "
            f"{self.__name__}[block_dim](*args), or compile it with {self.__name__}.compile(*args)",
            code="ASC-F114",
        )

    # -- source ---------------------------------------------------------------------

    @property
    def source(self) -> Any:
        """The parsed source (once per function)."""
        if self._source is None:
            from asc_xdsl.frontend.kernel_source import (
                FunctionSource,
                code_mismatch,
                source_block,
            )

            fn = inspect.unwrap(self.fn)
            try:
                if self._taken is None:
                    raise OSError
                lines, first_line, tree = source_block(fn, self._taken)
                filename = inspect.getsourcefile(fn) or "<unknown>"
            except (OSError, TypeError):
                raise CompileError(
                    f"the source of {self.__name__} is not available: a kernel must be defined "
                    "in a file (not in an interactive session or exec)",
                    code="ASC-F104",
                ) from None
            text = "".join(lines)
            shift = len(lines[0]) - len(lines[0].lstrip()) if lines else 0
            try:
                tree = tree or ast.parse(textwrap.dedent(text))
            except SyntaxError as e:  # e.g. a def inside a multi-line expression
                raise CompileError(
                    f"the source of {self.__name__} cannot be parsed on its own: {e.msg}",
                    filename,
                    first_line,
                    code="ASC-F104",
                ) from None
            fdef = tree.body[0] if tree.body else None
            if not isinstance(fdef, ast.FunctionDef | ast.AsyncFunctionDef):
                raise CompileError(
                    f"{self.__name__}: a kernel must be a function defined with `def`",
                    filename,
                    first_line,
                    code="ASC-F104",
                )
            if isinstance(fdef, ast.AsyncFunctionDef):
                raise CompileError(
                    f"{self.__name__}: async kernels are not supported",
                    filename,
                    first_line,
                    code="ASC-F104",
                )
            mismatch = code_mismatch(
                fn.__code__, text, tree, first_line, filename, getattr(fn, "__globals__", None)
            )
            if mismatch is not None:
                raise CompileError(
                    f"{self.__name__} was not compiled from the text of its file at line "
                    f"{first_line} ({mismatch}): the module's bytecode is stale (a .pyc of an "
                    "earlier version of the file) or the file changed while it was imported; "
                    "import it again (importlib.reload) or restart Python",
                    filename,
                    first_line,
                    shift,
                    lines[0],
                    len(lines[0].strip()),
                    code="ASC-F105",
                )
            self._taken = None  # (parsed: the file's lines are not needed any more)
            fdef.decorator_list = []
            from asc_xdsl.frontend.structured import lower_jumps, may_jump

            try:
                if may_jump(text):
                    lower_jumps(fdef)
            except RecursionError:
                raise CompileError(
                    f"{self.__name__} nests too deeply to compile (Python's recursion limit); "
                    "split its expressions or nested blocks into smaller parts",
                    filename,
                    first_line,
                    code="ASC-F106",
                ) from None
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
        """`kernel[block_dim]`, pyasc's `kernel[block_dim, stream]` or
        `kernel[asc.LaunchOptions(core_num, stream)]` (launches are synchronous, so the
        stream is accepted for compatibility)."""
        if type(grid) is int:  # the launcher of this block_dim, made once
            found = self._launchers.get(grid)
            if found is not None:
                return found
        from asc_xdsl.runtime.kernel import check_block_dim

        launch_options = launch_options_class()  # (None: no value can be one yet)
        if launch_options is not None and isinstance(grid, launch_options):
            # pyasc's record of the same two
            grid = (grid.core_num, grid.stream)
        if isinstance(grid, tuple) and not 1 <= len(grid) <= 2:
            raise CompileError(
                f"{self.__name__}[...] takes block_dim and optionally a stream", code="ASC-F114"
            )
        block_dim = check_block_dim(grid[0] if isinstance(grid, tuple) else grid)

        def launch(*args: Any, **kwargs: Any) -> None:
            # A repeated launch (same argument types, constants, backend and settings,
            # the globals the kernel reads unchanged) skips binding, specialising and
            # keying: see `_WarmLaunch`.
            warm_key = None
            if not kwargs or (len(kwargs) == 1 and "backend" in kwargs):
                warm_key = self._warm_key(args, kwargs.get("backend"))
                warm = self._warm.get(warm_key) if warm_key is not None else None
                runtime_args = warm.check(self, args) if warm is not None else None
                if runtime_args is not None:
                    assert warm is not None
                    compiled = warm.compiled
                    if compiled is not None and warm.log.isEnabledFor(20):  # logging.INFO
                        name = warm.backend.name
                        warm.log.info("kernel %s[%d] on backend %s", self.__name__, block_dim, name)
                    if warm.launcher is not None:  # the backend's own (the CANN plan)
                        warm.launcher(block_dim, runtime_args)
                        return
                    if compiled is not None:  # (called here: the warnings' stacklevels)
                        warm.backend.launch(compiled, block_dim, runtime_args, **warm.options)
                        return
                    entry = cache.entry_dir(warm.request.disk_key)
                    stored = warm.backend.launch_stored
                    if stored(entry, self.__name__, block_dim, runtime_args, **warm.options):
                        return
            from asc_xdsl.runtime.backends import get_backend

            params = self._signature.parameters
            # Keywords that are not kernel parameters: compile options (pyasc's), the
            # backend, and the backend's own launch options (platform=, profile_dir=, ...).
            backend = get_backend(kwargs.pop("backend", None) if "backend" not in params else None)
            extra = {k: kwargs.pop(k) for k in list(kwargs) if k not in params}
            # (a keyword the backend takes itself, e.g. CANN's soc_version, is its own)
            compile_options = {
                k: v for k, v in extra.items() if k in DEFAULT_OPTIONS and k not in backend.OPTIONS
            }
            launch_options = {k: v for k, v in extra.items() if k not in compile_options}
            unknown = sorted(set(launch_options) - set(backend.OPTIONS))
            if unknown:
                raise CompileError(
                    f"{self.__name__}: unknown keyword(s) {', '.join(unknown)}: not a parameter "
                    f"of the kernel, a compile option ({', '.join(sorted(DEFAULT_OPTIONS))}) "
                    f"or a launch option of backend '{backend.name}' "
                    f"({', '.join(backend.OPTIONS) or 'none'})",
                    code="ASC-F111",
                )
            merged = self._merged_options(compile_options, kwargs)
            # The SoC the kernel is compiled for is the one it runs on (the backend's
            # platform= / soc_version=, the option, the environment: options.target_soc).
            soc_key = next((k for k in _SOC_LAUNCH_KEYS if k in backend.OPTIONS), None)
            soc = target_soc(
                merged["soc_version"],
                launch_options.get(soc_key) if soc_key else None,
                simulator=soc_key == "platform",
            )
            merged["soc_version"] = _compile_target(soc)
            if soc is not None and soc_key is not None:
                launch_options.setdefault(soc_key, soc)
            with deep_recursion():  # long expressions and deep nesting recurse per level
                request = self._request(args, kwargs, merged)
            runtime_args = request.spec.runtime_args(args, kwargs)
            if self._launch_stored(request, backend, block_dim, runtime_args, launch_options):
                if warm_key is not None:
                    self._remember(warm_key, request, backend, launch_options, None)
                return
            with deep_recursion():
                compiled = self._compile_cached(request, block_dim)
            logger("launch").info(
                "kernel %s[%d] on backend %s", self.__name__, block_dim, backend.name
            )
            backend.launch(compiled, block_dim, runtime_args, **launch_options)
            if warm_key is not None and not merged["always_compile"]:
                self._remember(warm_key, request, backend, launch_options, compiled)

        # (a plain function: a wrapper's frame would shift the warnings' stacklevels)
        launch.__qualname__ = launch.__name__ = f"{self.__name__}[{block_dim}]"
        if type(grid) is int:
            self._launchers[grid] = launch
        return launch

    def _warm_key(self, args: tuple[Any, ...], backend: Any) -> tuple[Any, ...] | None:
        """What decides a launch's kernel besides the globals and settings: the backend
        asked for, each argument's type (an array's dtype), each ConstExpr's value;
        None for arguments the warm path does not take (anything but numpy arrays,
        int, float and bool; ConstExprs other than those and str)."""
        shape = self._warm_shape
        if shape is False:
            shape = self._warm_shape = self._warm_signature()
        if shape is None or len(args) != shape[0]:
            return None
        _, consts, ndarray = shape
        key: list[Any] = [backend]
        for i, value in enumerate(args):
            kind = type(value)
            if i in consts:
                if kind not in _WARM_CONSTS:
                    return None
                key.append((kind, value))
            elif kind is ndarray:
                if not value.ndim:
                    return None
                key.append(value.dtype)
            elif kind is int or kind is float or kind is bool:
                key.append(kind)
            else:
                return None
        return tuple(key)

    def _warm_signature(self) -> tuple[int, frozenset[int], Any] | None:
        params = list(self._signature.parameters.values())
        if any(p.kind is not p.POSITIONAL_OR_KEYWORD for p in params) or any(
            p.name == "backend" for p in params
        ):
            return None
        hints = _annotations(self.fn)
        consts = frozenset(
            i
            for i, p in enumerate(params)
            if hints.get(p.name) is ConstExpr or isinstance(hints.get(p.name), _ConstExprAnnotation)
        )
        numpy = sys.modules.get("numpy")
        return len(params), consts, numpy.ndarray if numpy is not None else None

    def _remember(
        self,
        key: tuple[Any, ...],
        request: _Request,
        backend: Any,
        launch_options: dict[str, Any],
        compiled: Any,
    ) -> None:
        """Keep what the launch just made for the next one with the same `key`."""
        shape = self._warm_shape
        assert isinstance(shape, tuple)
        keyer, reads = Keyer(), Reads()
        keyer.reads = reads  # what the key read (once more: the key of `request` is this)
        with deep_recursion():
            if cache.text_hash(keyer.jit_key(self)) != request.memory_key[2]:
                return  # (a global changed meanwhile: the next launch keys it again)
        runtime = tuple(i for i in range(shape[0]) if i not in shape[1])
        if compiled is None:  # the backend launched the binary stored with the entry
            warm = getattr(backend, "warm_stored_launcher", None)
            entry = cache.entry_dir(request.disk_key)
            launcher = warm(entry, self.__name__, launch_options) if warm else None
        else:
            warm = getattr(backend, "warm_launcher", None)
            launcher = warm(compiled, launch_options) if warm else None
        read = _environment_reader(tuple(getattr(backend, "SETTINGS", ())))
        self._warm[key] = _WarmLaunch(
            read,
            reads,
            request,
            backend,
            dict(launch_options),
            compiled,
            launcher,
            None if len(runtime) == shape[0] else runtime,
            logger("launch"),
        )

    def compile(self, *args: Any, block_dim: int = 1, **kwargs: Any) -> CompiledKernel:
        """Compile for these arguments without running: a `CompiledKernel` whose
        `asm` holds "ir", "lowered_ir" and "ascendc". The module is compiled for the
        SoC `soc_version=` names (else ASC_XDSL_PLATFORM without a CANN backend, else
        ASC_XDSL_SOC_VERSION, else the Atlas A2 series): its checks and capacities.

        `backend="npu"` (or "model") also builds the kernel binary with CANN's bisheng,
        for `soc_version=` (default ASC_XDSL_SOC_VERSION, else Ascend910B1), without ACL
        or a device: `metadata["binary"]` and `metadata["manifest"]` describe it, and
        `out_dir=` writes `<kernel>.o` and its manifest `<kernel>.json` there
        (`asc_xdsl.runtime.cann.prebuilt.load` launches them; docs/cann.md)."""
        params = self._signature.parameters
        aot = {k: kwargs.pop(k) for k in _AOT_OPTIONS if k in kwargs and k not in params}
        options = {k: kwargs.pop(k) for k in list(kwargs) if k in DEFAULT_OPTIONS}
        merged = self._merged_options(options, kwargs)
        backend = aot.pop("backend", None)
        soc = target_soc(merged["soc_version"], None, simulator=backend not in _AOT_BACKENDS)
        merged["soc_version"] = _compile_target(soc)
        if aot and backend not in _AOT_BACKENDS:
            raise CompileError(
                f"{self.__name__}: {', '.join(sorted(aot))} build a kernel binary with "
                f"CANN: pass backend='npu' (or 'model') too",
                code="ASC-F111",
            )
        if backend not in (None, "cpu", *_AOT_BACKENDS):
            raise CompileError(
                f"{self.__name__}: compile(backend={backend!r}): the backends are 'cpu' "
                f"(no binary) and {' and '.join(repr(b) for b in _AOT_BACKENDS)} (a CANN build)",
                code="ASC-F111",
            )
        with deep_recursion():  # long expressions and deep nesting recurse per level
            compiled = self._compile_cached(self._request(args, kwargs, merged), block_dim)
        if backend in _AOT_BACKENDS:
            from asc_xdsl.runtime.cann.aot import build_kernel, resolve_soc

            built = build_kernel(compiled, resolve_soc(soc), out_dir=aot.get("out_dir"))
            compiled.metadata["built"] = built
            compiled.metadata["binary"] = str(built.binary)
            compiled.metadata["manifest"] = built.manifest
            compiled.metadata["platform"] = built.manifest.soc
        return compiled

    def _merged_options(self, options: dict[str, Any], kwargs: dict[str, Any]) -> dict[str, Any]:
        """The compile options of one compile or launch: the defaults, the decorator's,
        then `options`, all checked (`kwargs`, the kernel's arguments by name, may hold
        no other keyword)."""
        params = self._signature.parameters
        _check_options({k: v for k, v in kwargs.items() if k not in params}, self.__name__)
        _check_options(options, self.__name__)
        merged = {**DEFAULT_OPTIONS, **self.options, **options}
        if merged["auto_sync_log"]:
            # pyasc's bisheng flag: the log of bisheng's automatic synchronisation
            # (the CANN backend compiles with it; the simulator runs no bisheng).
            if not merged["auto_sync"]:
                raise CompileError(
                    f"{self.__name__}: auto_sync_log={merged['auto_sync_log']!r} logs "
                    "bisheng's automatic synchronisation, but auto_sync=False",
                    code="ASC-F112",
                )
            flag = f"-cce-auto-sync-log={merged['auto_sync_log']}"
            merged["bisheng_options"] = [*(merged["bisheng_options"] or ()), flag]
        if merged["sync_blocks"] and merged["insert_sync"] is False:
            raise CompileError(
                f"{self.__name__}: sync_blocks=True is an option of insert-sync, but "
                "insert_sync=False"
            )
        for key in ("insert_sync", "verify_sync", "sync_blocks", "dedup_state"):
            if merged[key] and not merged["run_passes"]:
                # Never ignore an option silently: its pass would not run.
                raise CompileError(
                    f"{self.__name__}: {key}=True needs the pass pipeline, but run_passes=False",
                    code="ASC-F112",
                )
        return merged

    def _request(
        self, args: tuple[Any, ...], kwargs: dict[str, Any], merged: dict[str, Any]
    ) -> _Request:
        spec = self._specialise(args, kwargs)
        option_items = tuple(
            sorted((k, repr(v)) for k, v in merged.items() if k not in _NOT_IN_KEY)
        )
        # Source, location, helpers and the globals they read, by value (fingerprint.py).
        dependencies = cache.text_hash(Keyer().jit_key(self))
        signature = tuple(spec.signature())
        return _Request(self.__name__, spec, merged, signature, option_items, dependencies)

    def _launch_stored(
        self,
        request: _Request,
        backend: Any,
        block_dim: int,
        runtime_args: list[Any],
        launch_options: dict[str, Any],
    ) -> bool:
        """Launch the binary a backend stored with the disk-cache entry of `request`
        (`npu`, `model`: runtime/cann/jit_binaries.py), without building the kernel from
        its IR: no xDSL. False when the backend stores none, a compile is asked for
        (`always_compile`, `ASC_XDSL_DUMP_DIR`), this process already holds the kernel,
        or the entry has no binary for this toolkit, SoC and dump setting."""
        launch_stored = getattr(backend, "launch_stored", None)
        if (
            launch_stored is None
            or request.options["always_compile"]
            or pyasc_env.setting(DUMP_ENV)
            or request.memory_key in self._compiled
        ):
            return False
        entry = cache.entry_dir(request.disk_key)
        return bool(launch_stored(entry, self.__name__, block_dim, runtime_args, **launch_options))

    def _compile_cached(self, request: _Request, block_dim: int) -> Any:
        spec, merged = request.spec, request.options
        hit = None if merged["always_compile"] else self._compiled.get(request.memory_key)
        cache_log = logger("cache")
        if hit is not None:
            cache_log.debug("kernel %s: compiled in this process (memory hit)", self.__name__)
            hit.metadata["runtime_args"] = spec.runtime_args
            _dump(hit)
            return hit
        if not merged["always_compile"]:
            hit = cache.load(
                request.disk_key, self.__name__, lambda: self._frontend_ir(spec, merged)
            )
            if hit is not None:
                cache_log.info(
                    "kernel %s: disk cache hit (%s)",
                    self.__name__,
                    cache.entry_dir(request.disk_key),
                )
                hit.metadata["runtime_args"] = spec.runtime_args
                hit.metadata["cache_entry"] = cache.entry_dir(request.disk_key)
                self._compiled[request.memory_key] = hit
                _dump(hit)
                return hit
        if merged["always_compile"]:
            cache_log.debug("kernel %s: always_compile, the cache is not used", self.__name__)
        else:
            cache_log.info("kernel %s: cache miss, compiling", self.__name__)
        with gc_paused():
            compiled = self._compile(spec, merged)
        logger("compile").info(
            "kernel %s compiled in %.3f s (%s kernel; parameters %s)",
            self.__name__,
            compiled.metadata["compile_seconds"],
            compiled.kernel_type,
            ", ".join(f"{k}={_log_kind(v)}" for k, v in spec.params),
        )
        compiled.metadata["block_dim"] = block_dim
        compiled.metadata["runtime_args"] = spec.runtime_args
        self._compiled[request.memory_key] = compiled
        if not merged["always_compile"]:
            cache.store(request.disk_key, compiled)
            # where a backend keeps what it builds from this kernel (its binaries)
            compiled.metadata["cache_entry"] = cache.entry_dir(request.disk_key)
        _dump(compiled)
        return compiled

    def _specialise(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> _Specialisation:
        try:
            bound = self._signature.bind(*args, **kwargs)
        except TypeError as e:
            raise CompileError(f"{self.__name__}: {e}", code="ASC-F110") from None
        bound.apply_defaults()
        return _Specialisation(self, bound.arguments)

    def _build(
        self,
        spec: _Specialisation,
        options: dict[str, Any],
        callees: dict[str, str] | None = None,
        detected: list[str] | None = None,
    ) -> Any:
        """The frontend's IR of this specialisation; `callees` collects the source
        hashes of the `@asc.jit` helpers it calls, `detected` the kernel type the
        generator chose (pyasc's rule when none was given)."""
        from asc_xdsl.frontend.codegen import CodeGenerator

        def get_source(fn: Any) -> Any:
            if isinstance(fn, JITFunction):
                if callees is not None:
                    callees[cache.function_id(fn)] = fn.source_hash
                return fn.source
            return None

        given = options["kernel_type"]
        generator = CodeGenerator(
            self.source,
            get_source,
            None if given is None else _kernel_type(given, self.__name__),
            _max_unroll(options["max_unroll"]),
            matmul_cube_only=bool(options["matmul_cube_only"]),
            capture_exceptions=options["capture_exceptions"],
            soc=options["soc_version"],
        )
        module = generator.compile_kernel(self.__name__, spec.params)
        if detected is not None:
            detected.append(generator.kernel_type)
        return module

    def _frontend_ir(self, spec: _Specialisation, options: dict[str, Any]) -> str:
        with deep_recursion():
            return _print_ir(self._build(spec, options))

    def _compile(self, spec: _Specialisation, options: dict[str, Any]) -> Any:
        from asc_xdsl.runtime.kernel import CompiledKernel

        start = time.perf_counter()
        callees: dict[str, str] = {}
        detected: list[str] = []  # the kernel type the generator chose

        def build() -> Any:
            return self._build(spec, options, callees, detected)

        module = build()
        kernel_type = detected[0]  # pyasc's rule when none was given
        _verify(module)
        # The passes change the module in place. The frontend's IR (`asm["ir"]`) is
        # rebuilt from the same source and arguments when first read: code generation
        # is deterministic, and most compiles never read it (a copy of every module
        # cost a fifth of a warm compile).
        frontend_ir = (lambda: _print_ir(build())) if options["run_passes"] else None
        lowered = module
        if options["run_passes"]:
            _run_passes(lowered, options)
        _finish(lowered, options)
        from asc_xdsl.backends.ascendc import to_ascendc

        # The texts are printed on first use: most launches never read them.
        asm = LazyTexts(
            ir=frontend_ir or (lambda: _print_ir(module)),
            lowered_ir=lambda: _print_ir(lowered),
            # the pipeline's ascendc-generate-boilerplate included every header it needs
            ascendc=lambda: to_ascendc(lowered, complete=bool(options["run_passes"])),
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


_WARM_CONSTS = (int, float, bool, str, type(None))
_WARM_ENV = (
    "ASC_XDSL_BACKEND",
    "ASC_XDSL_SOC_VERSION",
    "ASC_XDSL_PLATFORM",
    DUMP_ENV,
    *(name for name, _ in pyasc_env.PYASC_COUNTERPARTS[DUMP_ENV]),
)
"""The environment a launch's backend, target SoC and dumps depend on."""


_READERS: dict[tuple[str, ...], Callable[[], tuple[Any, ...]]] = {}


def _environment_reader(settings: tuple[str, ...]) -> Callable[[], tuple[Any, ...]]:
    """What a warm launch checks is unchanged in the environment: the variables of
    `_WARM_ENV` and the backend's own `settings` (its `SETTINGS`)."""
    found = _READERS.get(settings)
    if found is None:
        from asc_xdsl.runtime.kernel import environment_reader

        names = tuple(dict.fromkeys((*_WARM_ENV, *settings)))
        found = _READERS[settings] = environment_reader(names)
    return found


class _WarmLaunch:
    """What a launch made, for the next launch with the same `JITFunction._warm_key`:
    its backend and options, the kernel it compiled (None: the backend ran the binary
    stored with the disk-cache entry, `_launch_stored`) and the backend's warm launcher
    when it has one (`warm_launcher`: the CANN backends' launch plan). It is taken
    again while the settings (`_environment_reader`) are the same and the globals the
    kernel's key read resolve to the same objects (`fingerprint.Reads`; a key that read
    values keyed by content is computed again), so the kernel is the one the full path
    would pick."""

    __slots__ = (
        "backend",
        "backends",
        "compiled",
        "launcher",
        "log",
        "options",
        "read",
        "reads",
        "request",
        "runtime",
        "selected",
        "stamp",
        "volatile",
    )

    def __init__(
        self,
        read: Callable[[], tuple[Any, ...]],
        reads: Reads,
        request: _Request,
        backend: Any,
        options: dict[str, Any],
        compiled: Any,
        launcher: Callable[[Any, Any], None] | None,
        runtime: tuple[int, ...] | None,
        log: Any,
    ) -> None:
        from asc_xdsl.runtime import backends

        self.backends = backends
        self.selected = backends._selected
        """The backend `set_backend` chose (None: none)."""
        self.read = read
        self.stamp = read()
        self.reads = reads
        self.volatile = reads.volatile
        self.request = request
        self.backend = backend
        self.options = options
        self.compiled = compiled
        self.launcher = launcher
        self.runtime = runtime
        """Positions of the runtime arguments (None: all of them)."""
        self.log = log

    def check(self, jf: JITFunction, args: tuple[Any, ...]) -> Any:
        """The runtime arguments of `args` if the full path would pick this kernel now,
        else None (the caller takes the full path)."""
        if self.read() != self.stamp or self.backends._selected != self.selected:
            return None
        if self.volatile:
            if cache.text_hash(Keyer().jit_key(jf)) != self.request.memory_key[2]:
                return None
        elif not self.reads.unchanged():
            return None
        # the kernel still the one this process holds (`_compiled` may be cleared); a
        # stored binary only while it holds none
        if jf._compiled.get(self.request.memory_key) is not self.compiled:
            return None
        return args if self.runtime is None else [args[i] for i in self.runtime]


class _Request:
    """One compile or launch: its specialisation, options and cache keys."""

    def __init__(
        self,
        name: str,
        spec: _Specialisation,
        options: dict[str, Any],
        signature: tuple[str, ...],
        option_items: tuple[tuple[str, str], ...],
        dependencies: str,
    ):
        self.name = name
        self.spec = spec
        self.options = options
        self.memory_key = (signature, option_items, dependencies)

    @functools.cached_property
    def disk_key(self) -> str:
        """The on-disk key (cache.py): computed only when the memory cache misses."""
        signature, option_items, dependencies = self.memory_key
        return cache.kernel_key(dependencies, self.name, list(signature), dict(option_items))


class LazyTexts(Mapping[str, str]):
    """Texts computed on first access (`CompiledKernel.asm`): most launches never
    read the IR or C++ text, so they are printed only when asked for."""

    def __init__(self, **factories: Callable[[], str]):
        self._factories = factories
        self._texts: dict[str, str] = {}

    @property
    def printed(self) -> Mapping[str, str]:
        """The texts printed so far."""
        return self._texts

    def __getitem__(self, key: str) -> str:
        if key not in self._texts:
            # (the collector paused as for the compile: printing makes many short-lived
            # objects and no cycles, and a full collection among a large heap's objects,
            # torch's for one, costs more than the print)
            with deep_recursion(), gc_paused():
                self._texts[key] = self._factories[key]()
        return self._texts[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._factories)

    def __len__(self) -> int:
        return len(self._factories)


class _Specialisation:
    """How each argument of one call enters the kernel: constant, GM pointer or scalar."""

    def __init__(self, jf: JITFunction, arguments: dict[str, Any]):
        from asc_xdsl.frontend.kernel_source import GmParam, ScalarParam, StructParam

        self.params: list[tuple[str, Any]] = []
        self._runtime_names: list[str] = []
        self._struct_names: set[str] = set()
        hints = _annotations(jf.fn)
        from asc_xdsl.language.builder.values import IRValue
        from asc_xdsl.language.core.tensor import GlobalAddress

        # passed as a GM pointer to their bytes: a parameter struct or a Python-defined
        # Struct, each only once its module is loaded (no value or annotation can be one
        # before: docs/performance.md)
        structs: tuple[type, ...] = tuple(
            getattr(module, name)
            for module, name in (
                (sys.modules.get("asc_xdsl.language.core.types"), "AggregateValue"),
                (sys.modules.get("asc_xdsl.language.core.struct"), "Struct"),
            )
            if module is not None
        )
        for name, value in arguments.items():
            ann = hints.get(name, inspect.Parameter.empty)
            value = _python_scalar(value)
            if (
                ann is ConstExpr
                or isinstance(ann, _ConstExprAnnotation)
                or isinstance(value, ConstExpr)
            ):
                self.params.append((name, value.value if isinstance(value, ConstExpr) else value))
                continue
            struct_ann = isinstance(ann, type) and issubclass(ann, structs)
            if struct_ann or (isinstance(value, structs) and ann is _EMPTY):
                # A tiling struct (or a Python-defined Struct) made on the host: a GM
                # pointer to its bytes.
                cls = ann if struct_ann else type(value)
                if not isinstance(value, cls) or value.handle is not None:
                    raise CompileError(
                        f"{jf.__name__}: argument '{name}' is annotated {cls.__name__} but "
                        f"got {type(value).__name__}; pass an {cls.__name__}() made on the host",
                        code="ASC-F110",
                    )
                self.params.append((name, StructParam(cls)))
                self._runtime_names.append(name)
                self._struct_names.add(name)
                continue
            if isinstance(ann, type) and issubclass(ann, IRValue) and ann is not GlobalAddress:
                raise _parameter_error(
                    jf,
                    name,
                    f"parameter '{name}' is annotated {ann.__name__}: a kernel takes GM "
                    "addresses (asc.GlobalAddress), scalars (int, float, bool) and "
                    f"asc.ConstExpr values; a {ann.__name__} is made inside the kernel",
                )
            is_pointer = _is_array(value) or isinstance(value, MockTensor)
            if (ann is GlobalAddress) != is_pointer and ann is not inspect.Parameter.empty:
                want = (
                    "an array (numpy, torch, or any object with __dlpack__ or __array_interface__)"
                    if ann is GlobalAddress
                    else getattr(ann, "__name__", ann)
                )
                raise CompileError(
                    f"{jf.__name__}: argument '{name}' is annotated {getattr(ann, '__name__', ann)} "
                    f"but got {type(value).__name__}; pass {want}",
                    code="ASC-F110",
                )
            if (
                ann in _SCALAR_ANNOTATIONS
                and isinstance(value, bool | int | float)
                and not isinstance(value, _SCALAR_ANNOTATIONS[ann][1])
            ):
                raise CompileError(
                    f"{jf.__name__}: argument '{name}' is annotated {ann.__name__} but got "
                    f"{type(value).__name__} {value!r}",
                    code="ASC-F110",
                )
            if isinstance(value, MockTensor | MockValue):
                kind = GmParam if isinstance(value, MockTensor) else ScalarParam
                self.params.append((name, kind(value.dtype)))
            elif _is_array(value):
                self.params.append((name, GmParam(dt.from_numpy(_tensor_dtype(value)))))
            elif ann in _SCALAR_ANNOTATIONS and isinstance(value, bool | int | float):
                self.params.append((name, ScalarParam(_SCALAR_ANNOTATIONS[ann][0])))
            elif isinstance(value, bool):
                self.params.append((name, ScalarParam(dt.bool_)))
            elif isinstance(value, int):
                self.params.append((name, ScalarParam(dt.int32)))
            elif isinstance(value, float):
                self.params.append((name, ScalarParam(dt.float32)))
            else:
                raise CompileError(
                    f"{jf.__name__}: Argument type in JIT function is not supported: "
                    f"{type(value).__name__} (argument '{name}'; kernels take numpy arrays "
                    "or torch tensors (or DLPack / array-interface objects), int, float, bool, "
                    "tiling structs (asc.adv.TCubeTiling), Struct values (asc.language.core.struct) "
                    "or ConstExpr values)",
                    code="ASC-F110",
                )
            self._runtime_names.append(name)
        self._jf = jf

    def signature(self) -> list[str]:
        """The cache-key part of the arguments: GM dtypes, scalar types, constant values."""
        from asc_xdsl.frontend.kernel_source import GmParam, ScalarParam, StructParam

        out = []
        keyer = Keyer()
        for name, spec in self.params:
            if isinstance(spec, GmParam):
                out.append(f"{name}:gm:{spec.dtype.name}")
            elif isinstance(spec, StructParam):
                # a Python-defined Struct by its fields too (a class redefined differently)
                layout = getattr(spec.cls, "layout_key", lambda: "")()
                out.append(f"{name}:struct:{spec.cls.__module__}.{spec.cls.__qualname__}{layout}")
            elif isinstance(spec, ScalarParam):
                out.append(f"{name}:scalar:{spec.dtype.name}")
            else:
                try:
                    out.append(f"{name}:const:{keyer.value_key(spec)}")
                except Unkeyable as e:
                    raise _parameter_error(
                        self._jf,
                        name,
                        f"ConstExpr argument '{name}' of {self._jf.__name__} is {e}, which the "
                        "compile cache cannot key by content; pass numbers, strings, tuples, "
                        "numpy arrays, dtypes, enums, dataclasses, classes, modules or "
                        "functions made of those",
                    ) from None
        return out

    def runtime_args(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[Any]:
        bound = self._jf._signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return [
            _struct_bytes(bound.arguments[n]) if n in self._struct_names else bound.arguments[n]
            for n in self._runtime_names
        ]


def _struct_bytes(record: Any) -> Any:
    """A host-side struct as the GM buffer its kernel parameter points to (a fresh
    uint8 array of the C++ struct's bytes: the kernel reads its own copy)."""
    import numpy as np

    return np.frombuffer(record.pack(), np.uint8).copy()


_EMPTY = inspect.Parameter.empty


def _check_kernel_function(fn: Any) -> None:
    """`@asc.jit` takes a `def` function: anything else is refused where it is written."""
    import types

    if not isinstance(inspect.unwrap(fn), types.FunctionType):
        raise CompileError(
            f"asc.jit decorates a Python function, got {type(fn).__name__} {fn!r}", code="ASC-F114"
        )
    if fn.__name__ == "<lambda>":
        import linecache

        code = fn.__code__
        line = linecache.getline(code.co_filename, code.co_firstlineno) or None
        col = line.find("lambda") if line else -1
        raise CompileError(
            "asc.jit needs a function defined with `def`: a lambda cannot be a kernel",
            code.co_filename,
            code.co_firstlineno,
            max(col, 0),
            line,
            len("lambda"),
            code="ASC-F104",
        )


# A scalar parameter's annotation -> (its kernel type, the Python values it accepts).
_SCALAR_ANNOTATIONS: dict[type, tuple[dt.DataType, type | tuple[type, ...]]] = {
    bool: (dt.bool_, bool),
    int: (dt.int32, int),
    float: (dt.float32, (int, float)),
}


def _parameter_error(jf: JITFunction, name: str, message: str) -> CompileError:
    """A CompileError pointing at parameter `name` in the kernel's `def`."""
    source = jf.source
    params = source.tree.args
    for arg in (*params.posonlyargs, *params.args, *params.kwonlyargs):
        if arg.arg == name:
            text = source.lines[arg.lineno - 1] if arg.lineno <= len(source.lines) else None
            if text is not None and source.col_shift:
                text = " " * source.col_shift + text
            length = (arg.end_col_offset or arg.col_offset + 1) - arg.col_offset
            return CompileError(
                message,
                source.filename,
                arg.lineno + source.first_line - 1,
                arg.col_offset + source.col_shift,
                text,
                length,
                code="ASC-F110",
            )
    return CompileError(f"{jf.__name__}: {message}", code="ASC-F110")


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
    """A tensor argument (numpy, torch, DLPack, array interface: runtime/tensors.py).
    A numpy array is answered here: a compile alone (`.compile()`) then does not load
    the runtime's tensor module (~1% of a cold start); so is a Python number."""
    if type(value) is getattr(sys.modules.get("numpy"), "ndarray", None):
        return value.ndim > 0  # (as `is_tensor`: 0-d arrays are scalars)
    if type(value) in (int, float, bool):
        return False
    from asc_xdsl.runtime.tensors import is_tensor

    return is_tensor(value)


def _tensor_dtype(value: Any) -> Any:
    """`runtime.tensors.tensor_dtype`, a numpy array's answered here (see `_is_array`)."""
    if type(value) is getattr(sys.modules.get("numpy"), "ndarray", None):
        return value.dtype
    from asc_xdsl.runtime.tensors import tensor_dtype

    return tensor_dtype(value)


def _python_scalar(value: Any) -> Any:
    """A numpy scalar (or 0-d array/tensor) as the Python number it holds."""
    if getattr(value, "ndim", None) == 0 and hasattr(value, "item"):
        try:
            return value.item()
        except (TypeError, ValueError):
            return value
    return value


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
    raise CompileError(
        f"{name}: unknown kernel_type {value!r} (vector, cube or mix)", code="ASC-F111"
    )


def _max_unroll(option: int | None) -> int:
    from asc_xdsl.frontend.codegen import DEFAULT_MAX_UNROLL, MAX_UNROLL_ENV

    if option is not None:
        return option
    text = os.environ.get(MAX_UNROLL_ENV)
    if not text:
        return DEFAULT_MAX_UNROLL
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise CompileError(
            f"{MAX_UNROLL_ENV} must be an integer >= 0, got {text!r}", code="ASC-F111"
        )
    return value


_AOT_BACKENDS = ("npu", "model")
_AOT_OPTIONS = ("backend", "out_dir")
"""`compile` keywords that build a CANN binary ahead of time (not compile options); the
compile option `soc_version` names the SoC of that binary too."""

_SOC_LAUNCH_KEYS = ("platform", "soc_version")
"""The launch keywords by which a backend names the SoC it runs on (the CPU simulator's
`platform`, CANN's `soc_version`)."""


def _compile_target(soc: str | None) -> str:
    """The SoC name the module carries (and the cache keys hold) for a kernel run on
    `soc` (None: the default chip's series, Ascend910B): `asc_xdsl.soc.compile_target`
    (stdlib only: a launch served from the disk cache imports no xDSL)."""
    from asc_xdsl import soc as soc_table

    return soc_table.compile_target(soc or soc_table.DEFAULT_SOC)


def _check_options(options: dict[str, Any], name: str) -> None:
    """Unknown options and values of the wrong kind are errors, never ignored."""
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise CompileError(
            f"{name}: unknown compile option(s) {', '.join(unknown)} "
            f"(known: {', '.join(sorted(DEFAULT_OPTIONS))})",
            code="ASC-F111",
        )
    for key, value in options.items():
        rule = _OPTION_RULES.get(key)
        if rule is not None and not rule[0](value):
            raise CompileError(
                f"{name}: option {key} must be {rule[1]}, got {value!r}", code="ASC-F111"
            )
        if key == "kernel_type":
            _kernel_type(value, name)


def _verify(module: Any) -> None:
    """Verify the frontend's IR; a failure is the kernel author's error, at its line."""

    from asc_xdsl.dialects.dominance import DominanceError
    from asc_xdsl.dialects.fast_verify import verify_module

    try:
        verify_module(module)
        return
    except DominanceError as e:  # a value used where it is not defined: at the use
        hint = (
            " (a value made inside a runtime if or loop is carried out of it only in a "
            "variable, not in a list, a dict or an object's attribute)"
        )
        text = f"{e.text}{hint if 'inside' in e.text else ''}"
        raise _located_error(e.op, text, "ASC-V201") from None
    except Exception:  # VerifyException, or a verifier that crashed: find the op
        pass
    from asc_xdsl.dialects.ir_diagnostics import _own_error  # only to locate a failure

    for op in module.walk():
        message = _own_error(op)
        if message is None:
            continue
        raise _located_error(op, message, "ASC-F107")
    module.verify()


def _located_error(op: Any, message: str, code: str) -> CompileError:
    import linecache

    from xdsl.dialects.builtin import FileLineColLoc

    loc = op.location
    if isinstance(loc, FileLineColLoc):
        filename, line, col = loc.filename.data, loc.line.data, loc.column.data
        text = linecache.getline(filename, line) or None
        return CompileError(message, filename, line, col - 1, text, code=code)
    return CompileError(message, code=code)


def _print_ir(module: Any) -> str:
    return str(module) + "\n"


class SyncWarning(CodedWarning):
    """A synchronisation problem `verify_sync=True` found (`ascendc-verify-sync`)."""


# The position a pass diagnostic starts with when its op has a Python location.
_DIAGNOSTIC_AT = r"(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?:warning|error): "
"""A pass diagnostic's `file:line:col: warning: ` (compiled by `re` when a pass first
reports one)."""


def _run_passes(module: Any, options: Mapping[str, Any]) -> None:
    """The pipeline the options ask for; its warnings become Python warnings at the
    kernel's line, its errors a `CompileError` there."""
    from xdsl.utils.exceptions import PassFailedException

    from asc_xdsl.transforms.diagnostics import warning_handler
    from asc_xdsl.transforms.pipeline import pipeline_spec, run_pipeline

    found: list[str] = []
    spec = pipeline_spec(options, module)
    try:
        with warning_handler(found.append):
            if options["print_ir_before_all"]:
                _run_printing(module, spec)
            else:
                run_pipeline(module, spec)
    except PassFailedException as e:
        raise _pass_error(getattr(e, "text", str(e)), getattr(e, "code", None)) from None
    for text in found:
        at = re.match(_DIAGNOSTIC_AT, text)
        if at is None:
            warnings.warn(text, SyncWarning, stacklevel=5)
        else:
            warnings.warn_explicit(text, SyncWarning, at["file"], int(at["line"]))


def _finish(module: Any, options: Mapping[str, Any]) -> None:
    """What the options ask for after the pipeline: `matmul_cube_only` without the
    pipeline (`run_passes=False`) still puts `#define ASCENDC_CUBE_ONLY` before the
    includes (the pipeline's `ascendc-define-cube-only` does it otherwise);
    `strip_loc` drops the ops' source locations (errors from the printer and the
    runtimes then name no Python line)."""
    if options["matmul_cube_only"] and not options["run_passes"]:
        from asc_xdsl.transforms.define_cube_only import DefineCubeOnlyPass
        from asc_xdsl.transforms.pipeline import _context

        DefineCubeOnlyPass().apply(_context(), module)
    if options["strip_loc"]:
        from xdsl.dialects.builtin import UnknownLoc

        for op in module.walk():
            op.location = UnknownLoc()


def _run_printing(module: Any, spec: str) -> None:
    """`print_ir_before_all=True`: the pipeline, the IR printed to stderr before each
    pass (MLIR's `IR Dump Before` banners, as pyasc's pass manager prints them)."""
    from asc_xdsl.transforms.pipeline import _context, _pipeline

    for p in _pipeline(spec).passes:
        print(f"// -----// IR Dump Before {p.name} //----- //", file=sys.stderr)
        print(module, file=sys.stderr)
        p.apply(_context(), module)


def _pass_error(text: str, code: str | None) -> CompileError:
    import linecache

    at = re.match(_DIAGNOSTIC_AT, text)
    if at is None:
        return CompileError(text, code=code)
    filename, line = at["file"], int(at["line"])
    source = linecache.getline(filename, line) or None
    return CompileError(text[at.end() :], filename, line, int(at["col"]) - 1, source, code=code)


def _log_kind(value: Any) -> str:
    """A specialisation's parameter for a log line: `GM float32*`, `int32`, a struct's
    class or a compile-time value (short, never an array's contents)."""
    kind = type(value).__name__
    if kind == "GmParam":
        return f"GM {getattr(value.dtype, 'name', value.dtype)}*"
    if kind == "ScalarParam":
        return str(getattr(value.dtype, "name", value.dtype))
    if kind == "StructParam":
        return f"GM {value.cls.__name__}*"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _dump(compiled: Any) -> None:
    """Write the three texts to `ASC_XDSL_DUMP_DIR` (once per kernel and folder, cache
    hits included). A folder that cannot be written is a warning: the compile is good."""
    variable, directory = pyasc_env.setting(DUMP_ENV) or (DUMP_ENV, "")  # or PYASC_DUMP_PATH
    if not directory or compiled.metadata.get("dumped_to") == directory:
        return
    path = Path(directory).expanduser()
    try:
        path.mkdir(parents=True, exist_ok=True)
        for suffix, key in (
            (".ir.mlir", "ir"),
            (".lowered.mlir", "lowered_ir"),
            (".cpp", "ascendc"),
        ):
            (path / f"{compiled.name}{suffix}").write_text(compiled.asm[key])
    except OSError as e:
        warnings.warn(
            f"{variable}={directory!r}: cannot write the dumps of kernel '{compiled.name}' "
            f"there ({e.strerror or e}); the kernel compiled, nothing was dumped",
            ConfigWarning,
            stacklevel=4,
        )
        return
    compiled.metadata["dumped_to"] = directory
