"""pyasc's `asc.language.basic.fixpipe`: the spec's `Fixpipe`, whose `config` defaults
to `FixpipeConfig.cfg_row_major` as in pyasc and the headers (`const FixpipeConfig&
config = CFG_ROW_MAJOR`). The two forms differ by a `cbuf_workspace` LocalTensor
before the parameters."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, overload

from asc_xdsl.language.core.tensor import LocalTensor

# The spec function, the FixpipeConfig class and the two forms are made on first use
# (docs/performance.md, "Cold start"): a kernel that never calls fixpipe needs none.


@functools.cache
def _spec() -> Any:
    from asc_xdsl.language.spec_functions import spec_functions

    return spec_functions()["fixpipe"]


def _form(*names: str) -> inspect.Signature:
    from asc_xdsl.language.core.types import STRUCT_CLASSES

    row_major = STRUCT_CLASSES["FixpipeConfig"].cfg_row_major  # type: ignore[attr-defined]
    params = [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in names]
    config = inspect.Parameter("config", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=row_major)
    return inspect.Signature([*params, config])


@functools.cache
def _forms() -> tuple[inspect.Signature, inspect.Signature]:
    return (_form("dst", "src", "params"), _form("dst", "src", "cbuf_workspace", "params"))


class _LazyForms:
    """`fixpipe.forms`: its two forms (a sequence), made when first read."""

    __slots__ = ()

    def __getitem__(self, i: Any) -> Any:
        return _forms()[i]

    def __len__(self) -> int:
        return 2

    def __iter__(self) -> Iterator[inspect.Signature]:
        return iter(_forms())

    def __repr__(self) -> str:
        return repr(list(_forms()))


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
    bound = _forms()[1 if workspace else 0].bind(dst, src, *args, **kwargs)
    bound.apply_defaults()
    if callable(bound.arguments["config"]):  # a preset such as FixpipeConfig.cfg_nz
        bound.arguments["config"] = bound.arguments["config"]()
    _spec()(*bound.args, **bound.kwargs)


fixpipe.forms = _LazyForms()  # type: ignore[attr-defined]

__all__ = ["fixpipe"]
