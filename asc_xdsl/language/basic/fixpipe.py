"""pyasc's `asc.language.basic.fixpipe`: the spec's `Fixpipe`, whose `config` defaults
to `FixpipeConfig.cfg_row_major` as in pyasc and the headers (`const FixpipeConfig&
config = CFG_ROW_MAJOR`). The two forms differ by a `cbuf_workspace` LocalTensor
before the parameters."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, overload

from asc_xdsl.language.core.tensor import LocalTensor
from asc_xdsl.language.core.types import STRUCT_CLASSES
from asc_xdsl.language.spec_functions import spec_functions

_SPEC = spec_functions()["fixpipe"]
_ROW_MAJOR = STRUCT_CLASSES["FixpipeConfig"].cfg_row_major  # type: ignore[attr-defined]


def _form(*names: str) -> inspect.Signature:
    params = [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in names]
    config = inspect.Parameter(
        "config", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=_ROW_MAJOR
    )
    return inspect.Signature([*params, config])


_FORMS = (_form("dst", "src", "params"), _form("dst", "src", "cbuf_workspace", "params"))


if TYPE_CHECKING:
    from asc_xdsl.language.core.tensor import GlobalTensor
    from asc_xdsl.language.core.types import FixpipeConfig, FixpipeParamsV220

    _Config = FixpipeConfig | Callable[[], FixpipeConfig]


@overload
def fixpipe(
    dst: GlobalTensor | LocalTensor,
    src: LocalTensor,
    params: FixpipeParamsV220,
    config: _Config = ...,
) -> None: ...
@overload
def fixpipe(
    dst: GlobalTensor | LocalTensor,
    src: LocalTensor,
    cbuf_workspace: LocalTensor,
    params: FixpipeParamsV220,
    config: _Config = ...,
) -> None: ...
def fixpipe(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """`Fixpipe<T, U, config>(dst, src, [cbufWorkspace,] params)`: L0C -> GM, or a local
    `dst` in L1 (or UB on Ascend 950); `config`
    a FixpipeConfig, or a function giving one (the default `FixpipeConfig.cfg_row_major`)."""
    workspace = "cbuf_workspace" in kwargs or (bool(args) and isinstance(args[0], LocalTensor))
    bound = _FORMS[1 if workspace else 0].bind(dst, src, *args, **kwargs)
    bound.apply_defaults()
    if callable(bound.arguments["config"]):  # a preset such as FixpipeConfig.cfg_nz
        bound.arguments["config"] = bound.arguments["config"]()
    _SPEC(*bound.args, **bound.kwargs)


fixpipe.forms = list(_FORMS)  # type: ignore[attr-defined]

__all__ = ["fixpipe"]
