"""`asc.adv.quant`: the spec's `AscendQuant` call, with pyasc's `count=None`.

Without a count the headers' overloads quantize the whole source
(`AscendQuant(dst, src, scale, offset)` calls the counted form with
`srcTensor.GetSize()`); here that is the counted form given `src.get_size()`, so the
op keeps one form for the printer and the simulator."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asc_xdsl.language.builder import require_jit
from asc_xdsl.language.core.tensor import LocalTensor
from asc_xdsl.language.core.utils import describe
from asc_xdsl.language.spec_functions import spec_functions

if TYPE_CHECKING:
    from asc_xdsl.language._typing import Int, Scalar
    from asc_xdsl.language.adv.types import QuantConfig

_SPEC = spec_functions("adv")["quant"]


def quant(
    dst: LocalTensor,
    src: LocalTensor,
    scale: Scalar,
    offset: Scalar,
    count: Int | None = None,
    temp_buffer: LocalTensor | None = None,
    reuse_source: bool = False,
    config: QuantConfig | None = None,
) -> None:
    """`AscendQuant<T, reuse_source[, config]>(dst, src[, temp_buffer], scale, offset,
    count)`: dst = int8(src * scale + offset) on `count` elements (all of `src` when
    None)."""
    if count is None:
        g = require_jit("adv.quant")
        if not isinstance(src, LocalTensor):
            g.fail(f"adv.quant: src must be a LocalTensor, got {describe(src)}")
        count = src.get_size()
    _SPEC(dst, src, scale, offset, count, temp_buffer, reuse_source, config)


__all__ = ["quant"]
