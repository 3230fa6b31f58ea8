"""The dialect's enums (defined in `asc_xdsl.enums`, shared with the frontend)."""

from asc_xdsl.enums import AscEnum, HardEvent, Pipe, RoundMode, TPosition

__all__ = ["AscEnum", "HardEvent", "Pipe", "RoundMode", "TPosition"]
