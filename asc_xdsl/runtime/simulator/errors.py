"""Errors of simulated kernels: each names the op, its source location and the block."""

from __future__ import annotations

from types import TracebackType
from typing import Any

from xdsl.dialects.builtin import FileLineColLoc
from xdsl.ir import Operation

from asc_xdsl.diagnostics import render
from asc_xdsl.runtime.kernel import LaunchError


class SimulatorError(LaunchError, RuntimeError):
    """A kernel did something an NPU would get wrong (or crash on).

    Raised by the op semantics with a bare `message`; the launcher then fills in
    `op`, `location` and `block` (see `locate`), and `str()` reads
    `file:line:col: block 3: ascendc.data_copy_l2 (DataCopy): <message> [ASC-S500]`,
    the kernel's source line and a hint. Each subclass has its code (docs/errors.md)
    and derives from the builtin that says what went wrong.
    """

    def __init__(
        self, message: str, op: Operation | None = None, block: int | None = None, **coded: Any
    ):
        self.message = message
        self.op = op
        self.block = block
        RuntimeError.__init__(self, message)

    @property
    def location(self) -> str | None:
        return op_location(self.op) if self.op is not None else None

    def at(self, op: Operation | None, block: int | None) -> SimulatorError:
        if self.op is None:
            self.op = op
        if self.block is None:
            self.block = block
        self.args = (str(self),)
        return self

    def __str__(self) -> str:
        return render(self.text, self.code, self.hint)

    @property
    def text(self) -> str:
        parts = []
        if self.location:
            parts.append(self.location)
        if self.block is not None:
            parts.append(f"block {self.block}")
        if self.op is not None:
            parts.append(op_title(self.op))
        parts.append(self.message)
        return ": ".join(parts) + _source_excerpt(self.op)


class GmAccessError(SimulatorError, IndexError):
    """GM access outside the array passed in."""


class MemoryOverflowError(SimulatorError):
    """On-chip buffers beyond the platform's capacity."""


class TensorBoundsError(SimulatorError, IndexError):
    """Vector or scalar access past a local tensor's length."""


class AlignmentError(SimulatorError, ValueError):
    """A misaligned on-chip address."""


class QueueError(SimulatorError):
    """TQue misuse: empty DeQue, too many AllocTensor/EnQue, foreign FreeTensor, use after free."""


class ProfileRegionError(SimulatorError):
    """Unpaired MetricsProfStart/MetricsProfStop."""


class UnsupportedOpError(SimulatorError, NotImplementedError):
    """An op the simulator has no semantics for."""


class StepLimitError(SimulatorError):
    """The launch ran out of its simulation budget (loop iterations plus blocks): a loop
    that never ends, or one far longer than the simulator can run (`max_steps`)."""


class EndlessLoopError(StepLimitError):
    """A while loop whose condition's inputs came back to values they had before: it
    never ends (budget.py)."""


def _source_excerpt(op: Operation | None) -> str:
    """The kernel's source line with a caret under the column, when the op has one."""
    loc = getattr(op, "location", None)
    if not isinstance(loc, FileLineColLoc):
        return ""
    import linecache

    line = linecache.getline(loc.filename.data, loc.line.data).rstrip("\n")
    if not line:
        return ""
    return f"\n{line}\n{' ' * max(loc.column.data - 1, 0)}^"


def op_location(op: Operation) -> str | None:
    loc = getattr(op, "location", None)
    if isinstance(loc, FileLineColLoc):
        return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"
    return None


def op_title(op: Operation) -> str:
    api = getattr(op, "API_NAME", "")
    return f"{op.name} ({api})" if api else op.name


def failing_op(tb: TracebackType | None) -> Operation | None:
    """The innermost op whose closure is on the traceback.

    Every compiled closure has a default argument `_op` (free at call time), and a
    block's generated function a table `_asc_lines` (line -> op) in its globals
    (`compile.FunctionCompiler.fuse`), so the op that failed is found from the frames
    after the fact, with no per-op cost.
    """
    found = None
    while tb is not None:
        frame = tb.tb_frame
        candidate = frame.f_locals.get("_op")
        if candidate is None:
            lines = frame.f_globals.get("_asc_lines")
            if lines is not None:
                candidate = lines.get(tb.tb_lineno)
        if isinstance(candidate, Operation):
            found = candidate
        tb = tb.tb_next
    return found
