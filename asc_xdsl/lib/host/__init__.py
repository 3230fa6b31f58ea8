"""pyasc's `asc.lib.host`: host-side tiling, computed in Python.

    matmul_tiling = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    matmul_tiling.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    ...
    tiling = asc.adv.TCubeTiling()
    matmul_tiling.get_tiling(tiling)          # 0, or -1 with a TilingWarning

`enums` (the `matmul_tiling::` enums), `platform` (the SoC's cores and buffer sizes),
`matmul_tiling` (the tiling classes and their search).
"""

from asc_xdsl.lib.host.enums import (
    CubeFormat,
    DataType,
    DequantType,
    MatrixMadType,
    MatrixTraverse,
    ScheduleType,
    TPosition,
)
from asc_xdsl.lib.host.matmul_tiling import (
    BatchMatmulTiling,
    MatmulApiTiling,
    MatmulApiTilingBase,
    MatmulConfigParams,
    MultiCoreMatmulTiling,
    TilingWarning,
)
from asc_xdsl.lib.host.platform import (
    PlatformAscendC,
    PlatformAscendCManager,
    get_ascendc_platform,
)

__all__ = [
    "BatchMatmulTiling",
    "CubeFormat",
    "DataType",
    "DequantType",
    "MatmulApiTiling",
    "MatmulApiTilingBase",
    "MatmulConfigParams",
    "MatrixMadType",
    "MatrixTraverse",
    "MultiCoreMatmulTiling",
    "PlatformAscendC",
    "PlatformAscendCManager",
    "ScheduleType",
    "TPosition",
    "TilingWarning",
    "get_ascendc_platform",
]
