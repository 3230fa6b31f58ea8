"""Finding the CANN toolkit: its home, version, compiler, linker and libraries.

Search order for the home: `ASCEND_HOME_PATH` (set by CANN's `set_env.sh`), then
`ASCEND_TOOLKIT_HOME`, then `/usr/local/Ascend/ascend-toolkit/latest`.
`bisheng` / `ld.lld`: `ASC_XDSL_BISHENG` / `ASC_XDSL_LINKER` if set, else
`<home>/compiler/ccec_compiler/bin`, else `PATH`.
"""

from __future__ import annotations

import os
import platform
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from asc_xdsl.runtime import pyasc_env
from asc_xdsl.runtime.cann.errors import SETUP_HINT, ToolkitNotFoundError

HOME_ENVS = ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME")
DEFAULT_HOME = Path("/usr/local/Ascend/ascend-toolkit/latest")
BISHENG_ENV = "ASC_XDSL_BISHENG"
LINKER_ENV = "ASC_XDSL_LINKER"


def _version_files(home: Path) -> list[Path]:
    arch = platform.machine()
    return [
        home / f"{arch}-linux" / "ascend_toolkit_install.info",
        home / "version.cfg",
        home / "compiler" / "version.info",
    ]


@dataclass(frozen=True)
class Toolkit:
    home: Path
    version: str
    """From the toolkit's version file ("unknown" when it has none)."""

    @property
    def compiler_bin(self) -> Path:
        return self.home / "compiler" / "ccec_compiler" / "bin"

    def tool(self, name: str, env: str) -> Path:
        """A toolchain executable (`bisheng`, `ld.lld`), or an error saying where we looked."""
        given = pyasc_env.setting(env)  # ours, else pyasc's PYASC_COMPILER / PYASC_LINKER
        if given:
            variable, override = given
            found = shutil.which(override)
            if found is None:
                raise ToolkitNotFoundError(f"{variable}={override!r} is not an executable file")
            return Path(found)
        candidate = self.compiler_bin / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
        found = shutil.which(name)
        if found is not None:
            return Path(found)
        raise ToolkitNotFoundError(
            f"'{name}' not found in {self.compiler_bin} nor on PATH (toolkit {self.home}); "
            f"set {env} to its path or {SETUP_HINT}"
        )

    def tools_identity(self) -> str:
        """The executables a build runs (an override, the toolkit's own, or one on
        PATH) with their sizes and mtimes, for cache keys: another or a replaced
        compiler builds again."""
        found = []
        for name, env in (("bisheng", BISHENG_ENV), ("ld.lld", LINKER_ENV)):
            try:
                path = self.tool(name, env)
                st = path.stat()
            except (ToolkitNotFoundError, OSError):  # no such tool: a build reports it
                found.append(f"{name}=?{pyasc_env.value(env) or ''}")
                continue
            found.append(f"{name}={path}:{st.st_size}:{st.st_mtime_ns}")
        return ";".join(found)

    @property
    def bisheng(self) -> Path:
        return self.tool("bisheng", BISHENG_ENV)

    @property
    def linker(self) -> Path:
        return self.tool("ld.lld", LINKER_ENV)

    @property
    def lib_dirs(self) -> list[Path]:
        """Where the runtime libraries (`libascendcl.so`) are, in search order."""
        return [self.home / "lib64", self.home / f"{platform.machine()}-linux" / "lib64"]

    def simulator_lib_dir(self, soc: str) -> Path:
        return self.home / "tools" / "simulator" / soc / "lib"

    @property
    def tikcpp(self) -> Path:
        """Root of the Ascend C headers (`tikcfw/kernel_operator.h`)."""
        return self.home / "compiler" / "tikcpp"

    def find_library(self, name: str, dirs: list[Path] | None = None) -> Path:
        """`lib<name>` in `dirs` (default: `lib_dirs`); the error names the paths searched."""
        searched = dirs if dirs is not None else self.lib_dirs
        for d in searched:
            candidate = d / name
            if candidate.is_file():
                return candidate
        raise ToolkitNotFoundError(
            f"runtime library {name} not found (searched: "
            f"{', '.join(str(d) for d in searched)}); the CANN toolkit at {self.home} "
            f"looks incomplete: reinstall it or point ASCEND_HOME_PATH at a complete one"
        )


def read_version(home: Path) -> str:
    """The toolkit version: the `version=` line of its install info or version file."""
    for path in _version_files(home):
        try:
            text = path.read_text(errors="replace")
        except OSError:
            continue
        for line in text.splitlines():
            key, sep, value = line.partition("=")
            if sep and key.strip().lower() in ("version", "runtime_running_version"):
                value = value.strip().strip("[]").split(":")[0]
                if value:
                    return value
    return "unknown"


def candidate_homes(env: Mapping[str, str] | None = None) -> list[tuple[str, Path]]:
    env = os.environ if env is None else env
    homes = [(name, Path(env[name])) for name in HOME_ENVS if env.get(name)]
    homes.append(("default location", DEFAULT_HOME))
    return homes


def find_toolkit(env: Mapping[str, str] | None = None) -> Toolkit | None:
    """The first existing toolkit home, or None (cheap: only looks at paths)."""
    for _, home in candidate_homes(env):
        if home.is_dir():
            return Toolkit(home.resolve(), read_version(home))
    return None


def require_toolkit(env: Mapping[str, str] | None = None, hint: str | None = None) -> Toolkit:
    """The toolkit, or an error saying where it looked; `hint` (a sentence) replaces the
    default advice on running without CANN."""
    toolkit = find_toolkit(env)
    if toolkit is None:
        looked = "; ".join(f"{src}: {home}" for src, home in candidate_homes(env))
        advice = hint or (
            "Without CANN, use the CPU simulator (backend 'cpu', ASC_XDSL_BACKEND=cpu; "
            "scripts that ask for pyasc's Backend.NPU or Backend.Model: "
            "ASC_XDSL_BACKEND_MAP=NPU=cpu,Model=cpu)"
        )
        raise ToolkitNotFoundError(
            f"no CANN toolkit found (looked at {looked}). The 'npu' and 'model' backends "
            f"need one: {SETUP_HINT}. {advice}."
        )
    return toolkit
