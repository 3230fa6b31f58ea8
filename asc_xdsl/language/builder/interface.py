"""`KernelBuilder`: what the kernel language asks of the compiler that builds a kernel.

The language's functions and classes build IR only through these methods, on the
builder `require_jit()` returns; the frontend's `CodeGenerator` (the AST walker)
implements them. Three groups:

- inserting ops: `emit` (at the current point, located at the kernel line being
  compiled), `creation_point` and `declare` (an object declared where the Python value
  standing for it was made), `emit_before_function` (a module-level line);
- values: `scalar`, `integer`, `index`, `offset`, `printf_arg` turn a Python number or a
  runtime value into an SSA value of the type an op needs; `binary`, `ceildiv`,
  `negate`, `invert` are the arithmetic of `RuntimeScalar`'s operators;
- checks and errors: `fail` (a located error at the current kernel line), `enum` and
  `constexpr` (an argument that must be an enum member or a compile-time constant);
- kernel-wide facts the language records: `note_element_read`, `name_later`,
  `note_tpipe`/`first_tpipe`, `note_matmul_object`, `matmul_cube_only`.

Nothing here imports xDSL at run time: the IR types are named for type checkers only.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from asc_xdsl.dialects.dtypes import DataType, int32

if TYPE_CHECKING:
    from xdsl.ir import Block, Operation, SSAValue

    from asc_xdsl.enums import AscEnum
    from asc_xdsl.language.builder.values import RuntimeScalar

E = TypeVar("E", bound="AscEnum")
T = TypeVar("T")
OpT = TypeVar("OpT", bound="Operation")


class KernelBuilder(ABC):
    """Builds the IR of one kernel for the kernel language (see the module docstring).

    A builder is active (`asc_xdsl.language.builder.active.push`) while it builds a
    kernel; every method then works on that kernel. Errors are raised by `fail`: a
    located error (the frontend's `CompileError`, `file:line:col` with a caret) at the
    kernel line being compiled, which the language's checks use for every bad argument.
    """

    __slots__ = ()

    # -- inserting ops ------------------------------------------------------------

    @abstractmethod
    def emit(self, op: OpT) -> OpT:
        """Insert `op` at the current point of the kernel, located at the kernel line
        being compiled; return it."""

    @abstractmethod
    def creation_point(self) -> tuple[Block | None, Any]:
        """Where a Python value made now is created: (the block being built, the
        location of the current line), for a later `declare`."""

    @abstractmethod
    def declare(self, op: OpT, home: Block | None, loc: Any = None) -> OpT:
        """Insert `op`, the declaration of an object a Python value made earlier stands
        for, at the end of `home` (that value's `creation_point` block) when `home` is
        still being built around the current block, else as `emit` does; so the
        object's uses on every path after its creation see it. `loc`: where the Python
        value was made."""

    @abstractmethod
    def emit_before_function(self, op: Operation) -> None:
        """Insert `op` at module level, before the function being built (before every
        function when it is a device function), located at the current line."""

    # -- values -------------------------------------------------------------------

    @abstractmethod
    def scalar(self, value: Any, dtype: DataType) -> SSAValue:
        """`value` (a Python number, a numpy scalar, an enum member or a
        `RuntimeScalar`) as an SSA value of `dtype`: a constant, or a runtime value
        converted; anything else fails."""

    @abstractmethod
    def integer(self, value: Any, what: str, dtype: DataType = int32) -> SSAValue:
        """`value` as an integer of `dtype` (an index, a count); a float fails, naming
        `what`."""

    @abstractmethod
    def index(self, value: Any) -> SSAValue:
        """`value` as an `index` (pointer offsets, array indices), 64-bit integers kept
        at their width."""

    @abstractmethod
    def offset(self, value: Any, what: str) -> SSAValue:
        """An integer the Ascend C headers take as 64 bits (a GlobalTensor's offsets
        and size): int32 when it is one, else 64-bit, unsigned ones zero-extended."""

    @abstractmethod
    def printf_arg(self, value: Any) -> SSAValue:
        """A value `printf` can print: a runtime scalar, a Python number (an int32 or a
        float32 constant) or a GM address; anything else fails."""

    @abstractmethod
    def binary(self, op: str, a: Any, b: Any) -> Any:
        """Python's `a <op> b` (`+`, `<<`, `<`, ...), one operand a `RuntimeScalar`:
        the arith ops for it, with Python's semantics and C++'s type promotion."""

    @abstractmethod
    def ceildiv(self, a: Any, b: Any) -> Any:
        """`a / b` rounded up, on integers, one of them a runtime value."""

    @abstractmethod
    def negate(self, a: RuntimeScalar) -> RuntimeScalar:
        """`-a`."""

    @abstractmethod
    def invert(self, a: RuntimeScalar) -> RuntimeScalar:
        """`~a` (an integer's bits inverted)."""

    # -- checks and errors ----------------------------------------------------------

    @abstractmethod
    def fail(self, message: str) -> NoReturn:
        """Raise the located compile error `message` at the kernel line being compiled."""
        raise NotImplementedError

    @abstractmethod
    def enum(self, value: Any, enum: type[E], what: str) -> E:
        """`value` as a member of `enum` (a member, one of pyasc's enum of that name, or
        its number); anything else fails, naming `what`."""

    @abstractmethod
    def constexpr(self, value: Any, what: str, kind: type[T]) -> T:
        """`value`, which must be a compile-time `kind` (an int that is no bool for
        `int`); a runtime value or another type fails, naming `what`."""

    # -- kernel-wide facts ----------------------------------------------------------

    @abstractmethod
    def note_element_read(self, op: Operation) -> None:
        """`op` reads a tensor element (`t[i]`): it is dropped at the end when its
        result is unused (`t[i]` used only as a sub-tensor)."""

    @abstractmethod
    def name_later(self, obj: Any) -> None:
        """Name `obj.handle` after the kernel variable holding `obj`, if one does."""

    @abstractmethod
    def note_tpipe(self, pipe: Any) -> None:
        """The kernel made the TPipe `pipe`; the first one is `first_tpipe`'s."""

    @abstractmethod
    def first_tpipe(self) -> Any | None:
        """The first TPipe the kernel made (`GetTPipePtr()`), None before one."""

    @abstractmethod
    def note_matmul_object(self) -> None:
        """The kernel registers a Matmul object (`REGIST_MATMUL_OBJ`): one without a
        kernel_type is then mixed (cube and vector cores)."""

    @abstractmethod
    def matmul_cube_only(self) -> bool:
        """Whether the kernel is compiled with `@asc.jit(matmul_cube_only=True)`: its
        Matmul objects are then the cube-only implementation, not `MatmulClient`."""
