"""pyasc's `asc.language.basic.common`: `set_aipp_functions`, whose two overloads put
the optional second image plane before the format (the op specs' one signature
cannot say that)."""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, overload

from asc_xdsl.language.builder import require_jit
from asc_xdsl.language.core.tensor import GlobalTensor
from asc_xdsl.language.core.utils import check_tensors, describe

_AIPP_FORMS = tuple(
    inspect.Signature([inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in ns])
    for ns in (("src0", "input_format", "config"), ("src0", "src1", "input_format", "config"))
)


if TYPE_CHECKING:
    from asc_xdsl.language.core.aipp_types import AippParams
    from asc_xdsl.language.core.enums import AippInputFormat


@overload
def set_aipp_functions(
    src0: GlobalTensor, input_format: AippInputFormat, config: AippParams
) -> None: ...
@overload
def set_aipp_functions(
    src0: GlobalTensor, src1: GlobalTensor, input_format: AippInputFormat, config: AippParams
) -> None: ...
def set_aipp_functions(*args: Any, **kwargs: Any) -> None:
    """`AscendC::SetAippFunctions(src0, [src1,] input_format, config)`:
    `set_aipp_functions(src0, input_format, config)` for one image plane,
    `set_aipp_functions(src0, src1, input_format, config)` for Y and UV planes."""
    g = require_jit("set_aipp_functions")
    from asc_xdsl.dialects.ascendc.cube import FAMILY, AippInputFormat
    from asc_xdsl.language.core.aipp_types import AippParams  # (loaded when first used)

    for sig in _AIPP_FORMS:
        try:
            bound = sig.bind(*args, **kwargs).arguments
            break
        except TypeError:
            continue
    else:
        g.fail(
            "set_aipp_functions takes (src0, input_format, config) or "
            "(src0, src1, input_format, config)"
        )
    planes = {n: bound[n] for n in ("src0", "src1") if n in bound}
    check_tensors(g, "set_aipp_functions", (GlobalTensor,), **planes)
    config = bound["config"]
    if not isinstance(config, AippParams):
        g.fail(f"set_aipp_functions: config must be an asc.AippParams, got {describe(config)}")
    op = FAMILY.get("SetAippFunctionsOp")
    src1 = planes.get("src1")
    g.emit(
        op(
            planes["src0"].handle,
            None if src1 is None else src1.handle,
            config.handle,
            format=g.enum(bound["input_format"], AippInputFormat, "input_format"),
        )
    )


set_aipp_functions.forms = list(_AIPP_FORMS)  # type: ignore[attr-defined]
