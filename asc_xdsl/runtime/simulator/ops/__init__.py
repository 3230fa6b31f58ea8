"""Op semantics, one module per family; importing this package registers them all."""

from asc_xdsl.runtime.simulator.ops import (  # noqa: F401
    adv_math,
    atomic,
    cache,
    cmpsel,
    copy,
    cube,
    debug,
    elementwise,
    fill,
    framework,
    gathermask,
    layout,
    masks,
    multicore,
    reduce,
    scalar,
    sort,
    vconv,
    vector,
)
