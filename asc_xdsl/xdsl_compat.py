"""The xDSL releases asc_xdsl supports, checked when our code first needs xDSL.

asc_xdsl builds on xDSL's IR classes, parser, printer and `xdsl-opt` driver, and some
of its fast paths follow xDSL's private fields (`op._operands`, block and op links).
xDSL changes its API in every minor release, so asc_xdsl declares the minor releases
it was tested on (`pyproject.toml` says the same, and `tools/xdsl_versions.py` runs the
test suite on them) and refuses the others with an ImportError that says what to
install, instead of failing later inside a compile with a TypeError from xDSL.

`import asc_xdsl` does not import xDSL; every module of ours that imports xDSL at its
top imports this module first (or its package does; tests/unit/test_xdsl_compat.py
holds every module to that), so the check runs once, when xDSL is first needed. It
reads the installed release from xDSL's `dist-info` folder name: xDSL's own
`__version__` asks `importlib.metadata`, which costs ~100 ms on a cold start.

`ASC_XDSL_ANY_XDSL=1` skips the check, to try a release outside the range.
"""

from __future__ import annotations

import os

MIN_XDSL = (0, 74)
"""The oldest supported xDSL minor release."""
BELOW_XDSL = (0, 76)
"""The first minor release not supported (not tested yet: xDSL breaks APIs each minor)."""

SKIP_ENV = "ASC_XDSL_ANY_XDSL"


def _dotted(minor: tuple[int, int]) -> str:
    return f"{minor[0]}.{minor[1]}"


REQUIREMENT = f"xdsl>={_dotted(MIN_XDSL)},<{_dotted(BELOW_XDSL)}"
"""The pip requirement for the supported range (pyproject.toml's dependency)."""


def _release(version: str) -> tuple[int, int] | None:
    """(major, minor) from the digits that start `version` ("0.75.0", "0.76rc1"), or
    None when it does not start `<digits>.<digits>`."""
    major, _, rest = version.partition(".")
    minor = rest[: len(rest) - len(rest.lstrip("0123456789"))]
    if not (major.isascii() and major.isdecimal() and minor):
        return None
    return int(major), int(minor)


def supported(version: str) -> bool:
    """Whether xDSL `version` (as `xdsl.__version__` spells it) is in the range."""
    release = _release(version)
    return release is not None and MIN_XDSL <= release < BELOW_XDSL


def unsupported_message(version: str | None, where: str | None = None) -> str:
    """The error for xDSL `version` (None: not installed), installed at `where`."""
    newest = (BELOW_XDSL[0], BELOW_XDSL[1] - 1)
    wanted = f"asc_xdsl supports xDSL {_dotted(MIN_XDSL)}.x to {_dotted(newest)}.x ({REQUIREMENT})"
    if version is None:
        found = "but xDSL is not installed"
    else:
        found = f"but xDSL {version} is installed" + (f" ({where})" if where else "")
    return (
        f"{wanted}, {found}. Install a supported release: pip install '{REQUIREMENT}'. "
        f"(To try this xDSL anyway, set {SKIP_ENV}=1.)"
    )


def check(version: str | None, where: str | None = None) -> None:
    """Raise ImportError with `unsupported_message` unless `version` is supported."""
    if version is None or not supported(version):
        raise ImportError(unsupported_message(version, where), name="xdsl")


def installed_version() -> tuple[str | None, str | None]:
    """The installed xDSL's version and package folder; (None, None) if there is none."""
    try:
        import xdsl  # only its package `__init__`: a few lines, no IR classes
    except ImportError:
        return None, None
    folder = os.path.dirname(xdsl.__file__ or "")
    version = getattr(xdsl, "__version__", None)
    if isinstance(version, str):  # a release that spells it out
        return version, folder
    # A wheel install: site-packages/xdsl-<version>.dist-info beside the package.
    prefix, suffix = "xdsl-", ".dist-info"
    try:
        names = os.listdir(os.path.dirname(folder))
    except OSError:
        names = []
    found = [
        n[len(prefix) : -len(suffix)] for n in names if n.startswith(prefix) and n.endswith(suffix)
    ]
    if len(found) == 1:
        return found[0], folder
    # An editable checkout, or several dist-info folders: ask importlib.metadata.
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("xdsl"), folder
    except PackageNotFoundError:
        return "(no package metadata)", folder


def check_installed() -> None:
    """Check the installed xDSL against the range, unless ASC_XDSL_ANY_XDSL is set."""
    if os.environ.get(SKIP_ENV, "") not in ("", "0"):
        return
    check(*installed_version())


check_installed()
