"""`MmadBitModeParams` (Ascend 950): MmadMx's parameters packed in one 64-bit word.

`MmadBitModeParams()` has every field 0; `MmadBitModeParams(params)` takes m, k, n,
unitFlag, disableGemv, cmatrixSource and cmatrixInitVal from an `asc.MmadParams`. The
setters (`set_m`, `set_k`, `set_n`, `set_unit_flag`, `set_disable_gemv`,
`set_cmatrix_source`, `set_cmatrix_init_val`) come from the op specs (the generated
`_spec_methods.MmadBitModeParamsSpecMethods`); `asc.mmad_mx(dst, fm, filter, [bias,]
p)` takes the object. docs/fp8.md ("MX") has the semantics.
"""

from __future__ import annotations

from typing import Any

from asc_xdsl.language._spec_methods import MmadBitModeParamsSpecMethods
from asc_xdsl.language.builder import IRValue, require_jit
from asc_xdsl.language.core.utils import describe


class MmadBitModeParams(MmadBitModeParamsSpecMethods, IRValue):
    """`AscendC::MmadBitModeParams` (Ascend 950): `MmadBitModeParams()` (config0 = 0) or
    `MmadBitModeParams(params)` from an `asc.MmadParams`."""

    __slots__ = ()

    def __init__(self, params: Any = None) -> None:
        g = require_jit("MmadBitModeParams")
        from asc_xdsl.dialects.ascendc import cube
        from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES

        if params is None:
            super().__init__(g.emit(cube.MmadBitModeParamsOp()).result)
            return
        handle = getattr(params, "handle", None)
        if not isinstance(getattr(handle, "type", None), STRUCT_TYPES["MmadParamsType"]):
            g.fail(f"MmadBitModeParams: params must be an asc.MmadParams, got {describe(params)}")
        super().__init__(g.emit(cube.MmadBitModeParamsV2Op(handle)).result)
