"""The typed API: the generated source of the spec-made functions, methods, parameter
structs and op classes is current, carries each op's own doc and forms, keeps the
calls' behaviour, loads no xDSL, and type checkers see every public name."""

from __future__ import annotations

import inspect
import shutil
import subprocess
import sys

import pytest

import asc_xdsl as asc
from tools import gen_api


def test_generated_files_are_current():
    """The checked-in files are what `tools/gen_api.py` writes from today's specs."""
    stale = [p.relative_to(gen_api.ROOT) for p in gen_api.stale()]
    assert not stale, f"stale generated files {stale}: run {gen_api.REGENERATE}"
    assert not gen_api.hooks_missing(), (
        "family modules that do not load their op stub (see tools/gen_api.py `_op_hook`)"
    )


def test_every_spec_function_and_method_has_a_generated_def():
    from asc_xdsl.dialects.ascendc_op_index import PY_FUNCTIONS

    for key in PY_FUNCTIONS:
        space, _, name = key.rpartition(".")
        owner = {"": asc, "adv": asc.adv}.get(space) or getattr(asc, space)
        fn = getattr(owner, name)
        assert inspect.isfunction(fn), key
        assert fn.__doc__ and "SpecFunction" not in fn.__doc__, key
        if f"{space}.{name}".lstrip(".") not in gen_api.HAND_WRITTEN:
            assert fn.__module__.startswith("asc_xdsl.language."), key


def test_help_shows_the_op_s_own_doc_and_every_form():
    import pydoc

    text = pydoc.render_doc(asc.add, renderer=pydoc.plaintext)
    assert "dst = src0 + src1" in text and "AscendC::Add" in text
    for mnemonic in ("add_l2", "add_l0", "add_l1"):
        assert f"ascendc.{mnemonic}" in text
    assert "add(dst, src0, src1, count, is_set_mask=True)" in text  # the first form
    doc = asc.data_copy.__doc__
    assert "DataCopyParams" in doc and doc.count("- `data_copy(") == len(asc.data_copy.forms)


def test_signature_is_the_first_form():
    assert str(inspect.signature(asc.add)) == "(dst, src0, src1, count, is_set_mask=True)"
    assert str(asc.add.forms[0]) == str(inspect.signature(asc.add))
    assert len(asc.data_copy.forms) > 1
    assert str(inspect.signature(asc.LocalTensor.get_size)) == "(self)"
    assert str(inspect.signature(asc.adv.acos)).startswith("(dst, src, count=None")
    assert [str(s) for s in asc.LocalTensor.get_phy_addr.forms] == ["(self, offset=None)"]


def test_methods_come_from_the_generated_mixins():
    from asc_xdsl.language import _spec_methods

    assert issubclass(asc.LocalTensor, _spec_methods.LocalTensorSpecMethods)
    assert asc.LocalTensor.get_size is _spec_methods.LocalTensorSpecMethods.get_size
    assert "GetSize" in asc.LocalTensor.get_size.__doc__
    # a method the class writes itself wins, as before
    assert asc.TPipe.get_base_addr.__module__ == "asc_xdsl.language.fwk.tpipe"


def test_calls_outside_a_kernel_still_say_jit_only():
    from asc_xdsl.frontend.errors import JitOnlyError

    with pytest.raises(JitOnlyError, match="add"):
        asc.add(None, None, None, 1)


@asc.jit
def _adds_one(x: asc.GlobalAddress, y: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 256)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, 256)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que=que, num=1, len=256 * 4)
    t = que.alloc_tensor(asc.float32)
    asc.data_copy(t, gx, 256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(t, t, 1.0, t.get_size())  # a generated function and a generated method
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(gy, t, 256)
    que.free_tensor(t)


def test_a_kernel_calls_through_the_generated_defs():
    import numpy as np

    x = np.arange(256, dtype=np.float32)
    y = np.zeros_like(x)
    _adds_one[1](x, y)
    np.testing.assert_allclose(y, x + 1)


def test_importing_the_language_loads_no_xdsl():
    code = (
        "import sys, asc_xdsl, asc_xdsl.language._spec_methods, asc_xdsl.language.core._struct_api;"
        "bad = [m for m in sys.modules if m == 'xdsl' or m.startswith('xdsl.')];"
        "assert not bad, bad"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_every_public_name_is_annotated_and_documented_in_its_source():
    """Every public function (and class constructor and method) of `asc`, `asc.adv`, the language
    modules and `asc.lib.host`/`asc.lib.runtime` annotates its parameters and return and
    has its own docstring (no pyright needed)."""
    from tools import api_visibility

    gaps = api_visibility.source_gaps()
    assert not gaps, "\n".join(f"  {name}: {why}" for name, why in gaps.items())


@pytest.mark.skipif(shutil.which("pyright") is None, reason="pyright is not installed")
def test_pyright_sees_every_public_name_typed_and_the_examples_type_check():
    """pyright (one run) sees every public name typed, and a kernel written against the
    API type-checks: `ConstExpr[int]` parameters are ints, loops over `asc.range`
    iterate, a GM address has its dtype (the examples)."""
    from tools import api_visibility

    examples = sorted((api_visibility.ROOT / "examples").glob("*.py"))
    result = api_visibility.measure(examples=examples)
    problems = result["pyright"]
    assert not problems, "names pyright does not see typed:\n" + "\n".join(
        f"  {name}: {why}" for name, why in problems.items()
    )
    errors = result["example_errors"]
    assert examples and not errors, "\n".join(errors)
