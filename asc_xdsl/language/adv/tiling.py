"""The tiling structs of the advanced APIs (pyasc's `asc.language.adv.tiling`):
`TCubeTiling` (a matmul's tiling), `MatmulApiStaticTiling` (its constant form),
`SoftmaxTiling`, `RmsNormTiling`, built in the
kernel from their members (`core/types.py`'s AggregateValue: keywords are the
members' snake_case names, members left out are zero). Made outside a kernel, they are
host-side records (`asc_xdsl.lib.host`'s `get_tiling` fills a TCubeTiling)."""

from __future__ import annotations

from asc_xdsl.language.core.types import AggregateValue


class TCubeTiling(AggregateValue):
    """`AscendC::tiling::TCubeTiling`: the tiling a Matmul object computes with."""

    _TYPE = "TCubeTilingType"
    _CPP = "TCubeTiling"


class SoftmaxTiling(AggregateValue):
    """`AscendC::tiling::SoftMaxTiling`: the tiling of `adv.softmax`."""

    _TYPE = "SoftMaxTilingType"
    _CPP = "SoftMaxTiling"


class MatmulApiStaticTiling(AggregateValue):
    """`AscendC::MatmulApiStaticTiling`: a matmul's constant tiling (what
    `get_matmul_api_tiling` returns); every member not given is -1 (not set), as the
    header's member initialisers."""

    _TYPE = "MatmulApiStaticTilingType"
    _CPP = "MatmulApiStaticTiling"
    _DEFAULT = -1


class RmsNormTiling(AggregateValue):
    """`AscendC::tiling::RmsNormTiling`: the tiling of `adv.rmsnorm`."""

    _TYPE = "RmsNormTilingType"
    _CPP = "RmsNormTiling"


__all__ = ["MatmulApiStaticTiling", "RmsNormTiling", "SoftmaxTiling", "TCubeTiling"]
