"""Stand-ins for the pyasc launch internals that pyasc's tests patch.

pyasc launches a kernel as JITFunction._run_compiler (IR -> binary) then
JITFunction._run_launcher -> Launcher.run (binary -> device); its unit tests patch
those to make a launch compile-only. Our launch path has other names, so the harness
rewrites those patch targets to the classes here (tools/pyasc_suite/rewrite.py) and
`install()` routes every launch of ours through them:

    our launch -> JITFunction._run_compiler (prints the Ascend C, as pyasc would
               compile it) -> JITFunction._run_launcher -> Launcher.run -> our backend

Unpatched, this is our normal launch; patched, it stops where pyasc's would.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

_real_get_backend: Any = None
last_compiled: list[Any] = []  # the kernels launched so far, newest last


@dataclass
class LaunchOptions:
    backend: Any  # our backend object
    block_dim: int
    options: dict[str, Any]  # its launch options (platform=, ...)


class Launcher:
    def __init__(self, options: LaunchOptions):
        self.options = options

    def run(self, kernel: Any, function_name: str, user_args: Any) -> None:
        o = self.options
        o.backend.launch(kernel, o.block_dim, list(user_args), **o.options)


class JITFunction:
    def __init__(self, name: str):
        self.name = name

    def _run_compiler(self, compiled: Any, options: Any) -> Any:
        compiled.asm["ascendc"]  # the whole pipeline down to Ascend C, no bisheng
        return compiled

    def _run_launcher(self, kernel: Any, options: LaunchOptions, runtime_args: Any) -> None:
        Launcher(options).run(kernel, self.name, runtime_args)


class _RoutingBackend:
    """One of our backends, its launches routed through the stand-ins."""

    def __init__(self, backend: Any):
        self._backend = backend

    def __getattr__(self, name: str) -> Any:
        return getattr(self._backend, name)

    def launch(self, compiled: Any, block_dim: int, runtime_args: Any, **options: Any) -> None:
        last_compiled.append(compiled)
        jit = JITFunction(compiled.name)
        kernel = jit._run_compiler(compiled, None)
        jit._run_launcher(kernel, LaunchOptions(self._backend, block_dim, options), runtime_args)


def install() -> None:
    """Route asc_xdsl's launches through the stand-ins above."""
    global _real_get_backend
    import asc_xdsl.runtime.backends as backends

    if _real_get_backend is None:
        _real_get_backend = backends.get_backend
        backends.get_backend = lambda name=None: _RoutingBackend(_real_get_backend(name))
