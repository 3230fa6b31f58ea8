"""pyasc sources made to use our package: only their imports change.

    import asc                  -> import asc_xdsl as asc
    import asc as x             -> import asc_xdsl as x
    import asc.a.b as x         -> import asc_xdsl.a.b as x
    import asc.a.b              -> import asc_xdsl.a.b; import asc_xdsl as asc
    from asc.a import b         -> from asc_xdsl.a import b

Dotted module paths in string literals (`patch("asc.runtime.x.y")`) are import paths
too and change the same way, except the launch entry points pyasc's tests mock,
which go to the stand-ins in `sandbox/_pyasc_suite_shim.py` (see MOCK_TARGETS).
Lines stay where they are, so tracebacks point at pyasc's own line numbers.
"""

from __future__ import annotations

import re

PACKAGE = "asc_xdsl"
SHIM = "_pyasc_suite_shim"

# pyasc's launch internals that its tests patch -> our stand-ins with the same role.
MOCK_TARGETS = {
    "asc.runtime.launcher.Launcher.run": f"{SHIM}.Launcher.run",
    "asc.runtime.jit.JITFunction._run_launcher": f"{SHIM}.JITFunction._run_launcher",
    "asc.runtime.jit.JITFunction._run_compiler": f"{SHIM}.JITFunction._run_compiler",
}

_IMPORT = re.compile(
    r"^(?P<indent>\s*)import\s+asc(?P<sub>(?:\.\w+)*)(?:\s+as\s+(?P<alias>\w+))?(?P<rest>\s*(?:#.*)?)$"
)
_FROM = re.compile(r"^(?P<indent>\s*)from\s+asc(?P<sub>(?:\.\w+)*)\s+import\b")
_DOTTED_STRING = re.compile(r"""(?P<q>["'])asc(?P<sub>(?:\.\w+)+)(?P=q)""")


def rewrite_imports(source: str) -> str:
    return "\n".join(_rewrite_line(line) for line in source.split("\n"))


def _rewrite_line(line: str) -> str:
    m = _IMPORT.match(line)
    if m:
        indent, sub, alias, rest = m.group("indent", "sub", "alias", "rest")
        if alias:
            return f"{indent}import {PACKAGE}{sub} as {alias}{rest}"
        if not sub:
            return f"{indent}import {PACKAGE} as asc{rest}"
        # `import asc.a.b` binds `asc`: bind it to our package as well.
        return f"{indent}import {PACKAGE}{sub}; import {PACKAGE} as asc{rest}"
    m = _FROM.match(line)
    if m:
        return f"{m.group('indent')}from {PACKAGE}{m.group('sub')} import" + line[m.end() :]
    return _DOTTED_STRING.sub(_rewrite_string, line)


def _rewrite_string(m: re.Match[str]) -> str:
    q, path = m.group("q"), "asc" + m.group("sub")
    return q + MOCK_TARGETS.get(path, PACKAGE + m.group("sub")) + q
