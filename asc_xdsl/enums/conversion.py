"""The rounding modes of the conversion APIs (`Cast` and the scalar and register casts):
`RoundMode`.

Loaded when first named (`asc_xdsl.enums`' `__getattr__`): a kernel without a
conversion never needs it.
"""

from __future__ import annotations

from asc_xdsl.enums import AscEnum


class RoundMode(AscEnum):
    """Rounding modes of `Cast` (`AscendC::RoundMode`)."""

    CAST_NONE = 0
    CAST_RINT = 1
    CAST_FLOOR = 2
    CAST_CEIL = 3
    CAST_ROUND = 4
    CAST_TRUNC = 5
    CAST_ODD = 6
    # Ascend 950 (arch 3510) only: the headers define it there (kernel_utils_mode.h),
    # for the conversions to hifloat8_t (docs/fp8.md); every op refuses it elsewhere.
    CAST_HYBRID = 7
