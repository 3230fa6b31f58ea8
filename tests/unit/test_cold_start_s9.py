"""The cold-start changes of issue 29's ninth round (docs/performance.md): the spec
records fill their `__dict__` directly, and the frontend's modules compile no regex as
they load. Each is held to what it replaced."""

from __future__ import annotations

import copy
import importlib
import pickle
import re
from dataclasses import FrozenInstanceError

import pytest

from asc_xdsl.dialects.ascendc import spec
from asc_xdsl.frontend import kernel_source, structured

jit = importlib.import_module("asc_xdsl.frontend.jit")  # (the package's `jit` is the decorator)


def test_spec_records_are_frozen_values():
    modules = ("vector", "data_copy", "framework", "tensor")
    specs = [
        s
        for m in modules
        for s in importlib.import_module(f"asc_xdsl.dialects.ascendc.{m}").FAMILY.specs()
    ]
    assert len(specs) > 150 and any(s.results for s in specs)
    for s in specs:
        assert s == spec.OpSpec(**s.__dict__)
        assert copy.copy(s) == s
        assert all(hash(o) == hash(copy.copy(o)) for o in s.operands)
        with pytest.raises(FrozenInstanceError):
            s.api = "X"  # type: ignore[misc]
        for o in s.operands:
            assert o.py_name == (o.py or o.name)  # (a cached_property: needs the __dict__)
            with pytest.raises(FrozenInstanceError):
                o.name = "x"  # type: ignore[misc]
        for r in s.results:  # slotted
            assert r == spec.Result(r.name, r.type, r.default, r.optional)
            with pytest.raises(FrozenInstanceError):
                r.name = "x"  # type: ignore[misc]
    prop = spec.Prop("roundMode", kind=spec.PropKind.INT)
    assert pickle.loads(pickle.dumps(prop)) == prop
    assert (prop.py_name, prop.int_type, prop.kind) == ("round_mode", "i32", spec.PropKind.INT)
    assert spec.INT.constraint == type(spec.INT.constraint)("an integer", print)  # by `expected`


@pytest.mark.parametrize(
    "line",
    [
        "@asc.jit\n",
        "    @jit(x)\n",
        "def f():\n",
        "\tdef\tf(x):\n",
        "async def f():\n",
        "async  def f():\n",
        "g = lambda x: x\n",
        "g = (lambda: 1)\n",
        "y = 2\n",
        "deformed = 1\n",
        "  defx():\n",
        "xlambda: 1\n",
        "\u00a0@x\n",
        "",
    ],
)
def test_def_or_decorator_is_the_pattern(line):
    expected = re.match(kernel_source._DEF_OR_DECORATOR, line) is not None
    assert kernel_source._def_or_decorator(line) == expected


@pytest.mark.parametrize(
    "name",
    [
        "_i_1",
        "_break_12",
        "_stop_3",
        "_continue_0",
        "_i__1",
        "_i_1_2",
        "_i_",
        "i_1",
        "__i_1",
        "_x_1",
        "_i_\u0661",
        "_i_1\n",
        "_continue_x",
    ],
)
def test_is_generated_is_the_pattern(name):
    expected = re.fullmatch(r"_(break|continue|i|stop)_\d+", name) is not None
    assert structured.is_generated(name) == expected


def test_diagnostic_pattern_still_locates():
    at = re.match(jit._DIAGNOSTIC_AT, "k.py:12:4: warning: a race")
    assert at is not None and (at["file"], at["line"], at["col"]) == ("k.py", "12", "4")


def test_option_defaults_are_the_dataclasses():
    """The JIT's defaults are the option records' field defaults, in order; the records
    are the same classes at every level of the package."""
    import asc_xdsl as asc
    from asc_xdsl import frontend
    from asc_xdsl.frontend import option_defaults, options

    for cls, table in (
        (options.CompileOptions, option_defaults.COMPILE_DEFAULTS),
        (options.CodegenOptions, option_defaults.CODEGEN_DEFAULTS),
        (options.LaunchOptions, option_defaults.LAUNCH_DEFAULTS),
    ):
        assert list(options.defaults(cls).items()) == list(table.items())
        assert getattr(asc, cls.__name__) is getattr(frontend, cls.__name__) is cls
        assert cls.__name__ in asc.__all__ and cls.__name__ in dir(asc)
    assert options.target_soc is option_defaults.target_soc
    assert option_defaults.launch_options_class() is options.LaunchOptions
    assert {**option_defaults.COMPILE_DEFAULTS, **option_defaults.CODEGEN_DEFAULTS}.items() <= (
        jit.DEFAULT_OPTIONS.items()
    )
