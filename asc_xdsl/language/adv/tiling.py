"""The tiling structs of the advanced APIs (pyasc's `asc.language.adv.tiling`):
`TCubeTiling` (a matmul's tiling), `SoftmaxTiling`, `RmsNormTiling`, built in the
kernel from their members (`core/types.py`'s AggregateValue: keywords are the
members' snake_case names, members left out are zero)."""

from __future__ import annotations

from asc_xdsl.language.core.types import AggregateValue


class TCubeTiling(AggregateValue):
    """`AscendC::tiling::TCubeTiling`: the tiling a Matmul object computes with."""

    _TYPE = "TCubeTilingType"


class SoftmaxTiling(AggregateValue):
    """`AscendC::tiling::SoftMaxTiling`: the tiling of `adv.softmax`."""

    _TYPE = "SoftMaxTilingType"


class RmsNormTiling(AggregateValue):
    """`AscendC::tiling::RmsNormTiling`: the tiling of `adv.rmsnorm`."""

    _TYPE = "RmsNormTilingType"


__all__ = ["RmsNormTiling", "SoftmaxTiling", "TCubeTiling"]
