"""`.forms` lists each form of a spec function once: forms that differ only in an
operand's type (`add`'s mask as a number or as a bit-mask list, `data_copy`'s parameter
structs) show that operand's type rule."""

import inspect

import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError


def _spec_functions():
    seen = set()
    for module in (asc, asc.adv):
        for name in dir(module):
            obj = getattr(module, name)
            members = [(name, obj)]
            if inspect.isclass(obj):
                members += [(f"{name}.{m}", getattr(obj, m)) for m in dir(obj) if m[0] != "_"]
            for label, fn in members:
                spec = getattr(fn, "_spec", None)
                if spec is not None and id(spec) not in seen:
                    seen.add(id(spec))
                    yield label, fn


def test_every_function_lists_each_form_once():
    functions = list(_spec_functions())
    assert len(functions) > 150
    twice = {
        label: texts
        for label, fn in functions
        if len(set(texts := [str(f) for f in fn.forms])) != len(texts)
    }
    assert twice == {}


def test_the_operand_that_tells_forms_apart_is_annotated():
    assert [str(f) for f in asc.add.forms] == [
        "(dst, src0, src1, count, is_set_mask=True)",
        "(dst, src0, src1, mask: int, repeat_times, repeat_params, is_set_mask=True)",
        "(dst, src0, src1, mask: list[uint64], repeat_times, repeat_params, is_set_mask=True)",
    ]
    assert "(dst, src, intri_params: Nd2NzParams)" in str(asc.data_copy.forms).replace(
        "src: Local|GlobalTensor<T>", "src"
    )
    # the usual form, what inspect.signature shows, stays plain
    assert str(inspect.signature(asc.add)) == "(dst, src0, src1, count, is_set_mask=True)"


@asc.jit
def add_with_too_many_arguments(x: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.add(t, t, t, 64, 1, 2, 3, 4)


def test_the_no_form_fits_error_lists_each_form_once():
    import numpy as np

    with pytest.raises(CompileError) as info:
        add_with_too_many_arguments.compile(np.zeros(64, np.float32), always_compile=True)
    message = str(info.value)
    assert "add(dst, src0, src1, mask: int, repeat_times, " in message
    assert "add(dst, src0, src1, mask: list[uint64], repeat_times, " in message
