"""Loops: `asc.range` (a loop on the device) and `asc.static_range` (unrolled)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, overload

from asc_xdsl.language.builder import require_jit

if TYPE_CHECKING:
    from collections.abc import Iterator

    from asc_xdsl.language._typing import Int
    from asc_xdsl.language.builder import RuntimeScalar


class range:
    """`for i in asc.range(...)`: a loop on the device (scf.for); `i` is a runtime
    integer. `range(stop)`, `range(start, stop)`, `range(start, stop, step)`."""

    if TYPE_CHECKING:  # (the code generator runs the loop: iterating it is for checkers)

        @overload
        def __init__(self, stop: Int, /) -> None: ...
        @overload
        def __init__(self, start: Int, stop: Int, step: Int = 1, /) -> None: ...
        def __init__(self, *args: Int) -> None: ...
        def __iter__(self) -> Iterator[RuntimeScalar]: ...

    else:

        def __init__(self, *args: Any) -> None:
            require_jit("range")
            self.args = args


class static_range:
    """`for i in asc.static_range(...)`: unrolled at compile time (bounds are constants,
    `i` a Python int). `static_range(stop)`, `static_range(start, stop[, step])`."""

    if TYPE_CHECKING:

        @overload
        def __init__(self, stop: int, /) -> None: ...
        @overload
        def __init__(self, start: int, stop: int, step: int = 1, /) -> None: ...
        def __init__(self, *args: int) -> None: ...
        def __iter__(self) -> Iterator[int]: ...

    else:

        def __init__(self, *args: Any) -> None:
            require_jit("static_range")
            self.args = args
