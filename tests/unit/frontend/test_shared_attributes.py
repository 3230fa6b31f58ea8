"""The frontend makes each type and attribute it needs again and again once (attributes
are immutable), so a second compile of a kernel is made of the very objects of the
first: every op's IRDL verdict is then found in the verifier's table
(`fast_verify.accepted_before`) instead of being checked again."""

from __future__ import annotations

import importlib

import numpy as np
from xdsl.dialects.builtin import FloatAttr, f32

import asc_xdsl as asc
from asc_xdsl.dialects import fast_verify
from asc_xdsl.frontend import dtypes as dt
from asc_xdsl.frontend import scalars


@asc.jit
def _kernel(x: asc.GlobalAddress, n: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x + asc.get_block_idx() * n)
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 256)
    params = asc.DataCopyParams(block_count=1, block_len=n // asc.property(asc.DEFAULT_C0_SIZE))
    asc.data_copy(t, gm[n:], repeat_params=params)
    asc.muls(t, t, -0.5, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(gm, t, 256)


def test_a_second_compile_reuses_every_verdict(monkeypatch):
    jit = importlib.import_module("asc_xdsl.frontend.jit")  # (the package exports `jit`)
    modules = []
    verify = jit._verify

    def recording(module):
        if modules:  # the second compile: ask before verifying
            fast_verify._VERDICTS[0] = fast_verify._ACCEPTED
            try:
                asked = [
                    op.name
                    for op in module.walk()
                    if not op.regions
                    and fast_verify.accepted_before(type(op).get_irdl_definition(), op) is not None
                ]
            finally:
                fast_verify._VERDICTS[0] = None
            modules.append(asked)
        else:
            modules.append(module)
        verify(module)

    monkeypatch.setattr(jit, "_verify", recording)
    x = np.zeros(1024, np.float32)
    for _ in range(2):
        _kernel.compile(x, 256, always_compile=True)
    first, asked_again = modules
    assert sum(1 for op in first.walk() if not op.regions) > 20
    assert asked_again == []


def test_float_constants_are_shared_by_value_and_sign():
    zero, minus_zero = (scalars._float_attr(v.hex(), dt.float32) for v in (0.0, -0.0))
    assert zero is scalars._float_attr((0.0).hex(), dt.float32)
    assert minus_zero is not zero and minus_zero == FloatAttr(-0.0, f32)
    assert str(minus_zero) != str(zero)


def test_integer_attributes_are_one_object_across_frontend_specs_and_enums():
    from xdsl.dialects.builtin import IntegerType, Signedness

    from asc_xdsl.dialects.interned import int_attr
    from asc_xdsl.enums import Pipe

    value = int(Pipe.PIPE_ALL)
    assert Pipe.PIPE_ALL.attr() is int_attr(value, "i32") is scalars._int_attr(value, 32)
    assert scalars.signless_type(16) is int_attr(1, "i16").type
    assert int_attr(3, "ui8").type == IntegerType(8, Signedness.UNSIGNED)


def test_a_kernels_function_type_and_marks_are_shared_across_compiles():
    from xdsl.dialects import func
    from xdsl.dialects.builtin import FunctionType, i32

    from asc_xdsl.dialects import interned

    x = np.zeros(1024, np.float32)
    a, b = (
        next(
            op
            for op in _kernel.compile(x, 256, always_compile=True).module.walk()
            if isinstance(op, func.FuncOp)
        )
        for _ in range(2)
    )
    assert a.function_type is b.function_type
    assert a.attributes.keys() == b.attributes.keys()
    assert all(a.attributes[k] is b.attributes[k] for k in a.attributes)
    made = interned.function_type((i32, i32), (i32,))
    assert made == FunctionType.from_lists([i32, i32], [i32])
    assert interned.function_type((i32, i32), (i32,)) is made
    assert interned.function_type((i32,), (i32, i32)) is not made
