"""The spec API's own binder (`spec_forms._Form.bind`) gives what `inspect.Signature.bind`
plus `apply_defaults` give, for every form of every spec-made function, and the form a
call shape chose once is the one chosen again."""

import inspect
import itertools

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.dialects.ascendc.families import families
from asc_xdsl.language.spec_forms import _Form, spec_functions


def _reference(sig: inspect.Signature, args: tuple, kwargs: dict) -> dict | None:
    try:
        bound = sig.bind(*args, **kwargs)
    except TypeError:
        return None
    bound.apply_defaults()
    return dict(bound.arguments)


def _calls(sig: inspect.Signature):
    names = list(sig.parameters)
    for n in range(len(names) + 2):  # positional prefixes, one too many included
        yield tuple(object() for _ in range(n)), {}
    for n, name in itertools.product(range(len(names) + 1), [*names, "no_such_keyword"]):
        yield tuple(object() for _ in range(n)), {name: object()}
    yield (), {name: object() for name in names}


FUNCTIONS = spec_functions(families())


def test_binder_matches_signature_bind():
    # (one test for the ~220 functions: an item each cost more in pytest's bookkeeping
    # than the binding; every mismatch is named)
    wrong = []
    for name in sorted(FUNCTIONS):
        for spec, get_class, sig in FUNCTIONS[name].forms:
            form = _Form(spec, get_class, sig)
            for args, kwargs in _calls(sig):
                if form.bind(args, kwargs) != _reference(sig, args, kwargs):
                    wrong.append(f"{name}{sig}: args {args}, kwargs {kwargs}")
    assert not wrong, "\n".join(wrong)


@asc.jit
def _two_forms(x: asc.GlobalAddress, y: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    y_gm.set_global_buffer(y, 256)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 256)  # the count form
    asc.data_copy(y_gm, t, 256)
    params = asc.DataCopyParams(1, 32, 0, 0)
    asc.data_copy(t, x_gm, params)  # same arity, the params form
    asc.data_copy(t, x_gm, 256)  # the count form again, after the cache saw both


def test_the_same_arity_keeps_choosing_by_type():
    x = np.zeros(256, np.float32)
    text = _two_forms.compile(x, x.copy(), always_compile=True).asm["ascendc"]
    calls = [line.strip() for line in text.splitlines() if "DataCopy(" in line]
    assert calls == [
        "AscendC::DataCopy(t, x_gm, c256_i32);",
        "AscendC::DataCopy(y_gm, t, c256_i32);",
        "AscendC::DataCopy(t, x_gm, params);",
        "AscendC::DataCopy(t, x_gm, c256_i32);",
    ]


def test_a_function_is_made_alone_with_all_its_forms(monkeypatch: pytest.MonkeyPatch):
    # (a kernel's first call of asc.add makes asc.add, not the other ~40 functions of its
    # family: that was a tenth of a first compile's own work)
    from asc_xdsl.language import spec_forms
    from asc_xdsl.language.spec_functions import SpecFunction

    made = []
    make = spec_forms.api_function
    monkeypatch.setattr(
        spec_forms, "api_function", lambda name, forms: made.append(name) or make(name, forms)
    )
    fn = SpecFunction("data_copy", asc.data_copy._spec._modules)
    assert len(fn.forms) == len(FUNCTIONS["data_copy"].forms) > 1
    assert made == ["data_copy"]
