"""The builder interface the kernel language builds IR through (`asc_xdsl.language.builder`,
docs/library.md "Layers"): the frontend's code generator implements all of it, the
language asks a builder for nothing else, and any other implementation serves the
language as well."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any, NoReturn

import pytest

import asc_xdsl as asc
from asc_xdsl.language import builder
from asc_xdsl.language.builder import KernelBuilder, RuntimeScalar

LANGUAGE = Path(builder.__file__).parents[1]
INTERFACE = KernelBuilder.__abstractmethods__


def test_the_code_generator_implements_the_whole_interface():
    from asc_xdsl.frontend.codegen import CodeGenerator

    assert issubclass(CodeGenerator, KernelBuilder)
    assert not CodeGenerator.__abstractmethods__


def _builder_uses(source: str) -> list[tuple[str, int]]:
    """(name, line) of each attribute a module reads on a builder: `g.<name>` (the
    language's name for `require_jit()`'s result and for a builder passed to a helper)
    and `require_jit(...).<name>`."""
    uses = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        value = node.value
        is_call = (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id == "require_jit"
        )
        if is_call or (isinstance(value, ast.Name) and value.id == "g"):
            uses.append((node.attr, node.lineno))
    return uses


def test_the_language_asks_a_builder_only_for_interface_methods():
    found = [
        (f"{path.relative_to(LANGUAGE)}:{line}", name)
        for path in sorted(LANGUAGE.rglob("*.py"))
        for name, line in _builder_uses(path.read_text())
    ]
    assert {"emit", "fail", "scalar"} <= {name for _, name in found}  # (the scan sees them)
    uses = {f"{where}: {name}" for where, name in found if name not in INTERFACE}
    assert not uses, "not in KernelBuilder (add a method there, or use one):\n" + "\n".join(
        sorted(uses)
    )


def test_the_scan_sees_a_builder_attribute():
    source = "def f():\n    g = require_jit('x')\n    g.block\n    require_jit('y').node\n"
    assert sorted(_builder_uses(source)) == [("block", 3), ("node", 4)]


class Recorder(KernelBuilder):
    """A builder that records what the language asks of it (no IR)."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.pipe: Any = None

    def emit(self, op):
        self.calls.append(("emit", op))
        return op

    def creation_point(self):
        return None, None

    def declare(self, op, home, loc=None):
        return self.emit(op)

    def emit_before_function(self, op):
        self.calls.append(("emit_before_function", op))

    def scalar(self, value, dtype):
        self.calls.append(("scalar", value, dtype))
        return value

    def integer(self, value, what, dtype=asc.int32):
        return self.scalar(value, dtype)

    def index(self, value):
        return value

    def offset(self, value, what):
        return value

    def printf_arg(self, value):
        return value

    def binary(self, op, a, b):
        self.calls.append(("binary", op, a, b))
        return RuntimeScalar(("result", op), asc.int32)

    def ceildiv(self, a, b):
        self.calls.append(("ceildiv", a, b))
        return RuntimeScalar(("ceildiv",), asc.int32)

    def negate(self, a):
        self.calls.append(("negate", a))
        return a

    def invert(self, a):
        self.calls.append(("invert", a))
        return a

    def fail(self, message: str) -> NoReturn:
        raise ValueError(message)

    def enum(self, value, enum, what):
        return value

    def constexpr(self, value, what, kind):
        return value

    def note_element_read(self, op):
        pass

    def name_later(self, obj):
        pass

    def note_tpipe(self, pipe):
        self.pipe = self.pipe or pipe

    def first_tpipe(self):
        return self.pipe

    def note_matmul_object(self):
        self.calls.append(("note_matmul_object",))

    def matmul_cube_only(self):
        return False


@pytest.fixture
def recorder():
    r = Recorder()
    builder.push(r)
    try:
        yield r
    finally:
        builder.pop()


def test_a_builder_other_than_the_code_generator_serves_the_language(recorder):
    x = RuntimeScalar("x", asc.int32)
    y = 2 - x
    assert recorder.calls == [("binary", "-", 2, x)]
    assert y.handle == ("result", "-")
    asc.ceildiv(x, 4)
    assert (-x) is x  # the recorder's negate
    assert recorder.calls[1:] == [("ceildiv", x, 4), ("negate", x)]
    assert asc.number(3, asc.float16).handle == 3  # the builder's scalar, as it made it
    with pytest.raises(ValueError, match="static_assert: nope"):  # its own error
        asc.static_assert(False, "nope")
    with pytest.raises(ValueError, match="get_tpipe_ptr: the kernel has made no"):
        asc.get_tpipe_ptr()


def test_require_jit_outside_a_kernel_and_the_old_names():
    with pytest.raises(asc.JitOnlyError, match=r"asc\.number\(\) can only be used inside"):
        asc.number(1, asc.int32)
    from asc_xdsl.frontend import context, errors, values

    assert errors.JitOnlyError is asc.JitOnlyError is builder.JitOnlyError
    assert values.RuntimeScalar is RuntimeScalar and context.require_jit is builder.require_jit
    assert not builder.in_jit()
