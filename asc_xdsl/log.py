"""asc_xdsl's logging: one `logging` logger per area, quiet unless asked.

    ASC_XDSL_LOG=debug python my_kernels.py            # every area, debug and up
    ASC_XDSL_LOG=info,cache=debug python my_kernels.py # info, the cache at debug

| logger | says |
|---|---|
| `asc_xdsl.compile` | each kernel compiled: its specialisation, seconds |
| `asc_xdsl.cache` | compile-cache hits (this process, disk) and misses |
| `asc_xdsl.launch` | each launch: kernel, block_dim, backend; the backend a pyasc name falls back to |
| `asc_xdsl.simulator` | each simulated launch: blocks, modelled cycles and time, wall time |

asc_xdsl never configures the root logger. Without `ASC_XDSL_LOG` it adds no handler
and sets no level: an application's own `logging` set-up decides (the loggers only
speak at DEBUG and INFO). With it, a handler to stderr goes on the `asc_xdsl` logger,
which then does not propagate to the root (no line twice); `configure()` reads the
variable again (tests, notebooks). A value that does not parse is a RuntimeWarning
naming what it takes, and changes nothing.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from asc_xdsl.diagnostics import ConfigError, ConfigWarning

LOG_ENV = "ASC_XDSL_LOG"
AREAS = ("compile", "cache", "launch", "simulator")
LEVELS = ("debug", "info", "warning", "error")
INFO = 20  # logging.INFO, without importing logging
_state: dict[str, Any] = {}  # "handler": ours on the asc_xdsl logger, once configured


def logger(area: str) -> Any:
    """The `logging.Logger` of `area` (one of AREAS), configured from ASC_XDSL_LOG at
    the first call (`logging` is imported then, not at `import asc_xdsl`). While nothing
    has imported `logging` and ASC_XDSL_LOG is unset, a stand-in (`_Quiet`) that
    imports nothing: no handler or level can exist yet, so DEBUG and INFO go nowhere."""
    if "logging" not in sys.modules and not os.environ.get(LOG_ENV):
        _state.setdefault("configured", True)  # (what `configure()` would do: nothing yet)
        return _Quiet(area)
    import logging

    if "configured" not in _state:
        try:
            configure()
        except ValueError as e:  # a misspelt variable must not stop the program
            import warnings

            _state["configured"] = True
            text = getattr(e, "text", e)
            warnings.warn(f"{text}; logging stays as it was", ConfigWarning, stacklevel=2)
    return logging.getLogger(f"asc_xdsl.{area}")


class _Quiet:
    """`logger(area)` before anything imported `logging` (a cold start's compile: ~2% of
    it was importing `logging`): DEBUG and INFO records are dropped as `logging` would
    drop them (no handler, root level WARNING) until `logging` is imported; from then
    on, and for anything else, the real logger answers."""

    __slots__ = ("area",)

    def __init__(self, area: str) -> None:
        self.area = area

    def isEnabledFor(self, level: int) -> bool:
        return level > INFO if "logging" not in sys.modules else self._real().isEnabledFor(level)

    def debug(self, *args: Any, **kwargs: Any) -> None:
        if "logging" in sys.modules:
            self._real().debug(*args, **kwargs)

    def info(self, *args: Any, **kwargs: Any) -> None:
        if "logging" in sys.modules:
            self._real().info(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        import logging  # noqa: F401 (anything but DEBUG/INFO goes to the real logger)

        return getattr(self._real(), name)

    def _real(self) -> Any:
        return logger(self.area)


def configure(text: str | None = None) -> None:
    """Apply `text` (default: ASC_XDSL_LOG): `LEVEL`, `AREA=LEVEL` or both,
    comma-separated; empty undoes what an earlier call did. A malformed value is a
    ValueError naming the variable and what it takes (from `logger`: a warning)."""
    import logging

    text = os.environ.get(LOG_ENV, "") if text is None else text
    levels = _parse(text)
    top = logging.getLogger("asc_xdsl")
    old = _state.pop("handler", None)
    if old is not None:
        top.removeHandler(old)
    for name in ("", *AREAS):
        logging.getLogger(f"asc_xdsl.{name}".rstrip(".")).setLevel(logging.NOTSET)
    top.propagate = True
    _state["configured"] = True
    if not levels:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(name)s: %(levelname)s: %(message)s"))
    top.addHandler(handler)
    top.propagate = False
    _state["handler"] = handler
    top.setLevel(levels.pop("", "warning").upper())
    for area, level in levels.items():
        logging.getLogger(f"asc_xdsl.{area}").setLevel(level.upper())


def _parse(text: str) -> dict[str, str]:
    """`{"": level of every area, area: its level}` from ASC_XDSL_LOG's text."""
    levels: dict[str, str] = {}
    for item in filter(None, (part.strip().lower() for part in text.split(","))):
        area, sep, level = (p.strip() for p in item.rpartition("="))
        if (sep and area not in AREAS) or level not in LEVELS:
            raise ConfigError(
                f"{LOG_ENV}={text!r}: {item!r} is not LEVEL or AREA=LEVEL (levels: "
                f"{', '.join(LEVELS)}; areas: {', '.join(AREAS)})"
            )
        levels[area] = level
    return levels
