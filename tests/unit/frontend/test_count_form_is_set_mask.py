"""pyasc's count forms take `is_set_mask` last, positionally or by keyword, and ignore
it (`add(dst, src0, src1, count, is_set_mask=True)`): Ascend C's count form has no
isSetMask, it sets the mask itself. A non-bool in its place is no count form's call."""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError

X = np.zeros(256, np.float32)


@asc.jit
def count_forms(x: asc.GlobalAddress):
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, 256)
    asc.add(a, b, b, 64, True)
    asc.sub(a, b, b, 64, False)
    asc.mul(a, b, b, 64, is_set_mask=False)
    asc.abs(a, b, 64, False)
    asc.add(a, b, b, 64, 2, asc.BinaryRepeatParams(), False)  # the mask form's flag


def test_the_flag_is_taken_and_the_count_form_printed():
    cpp = count_forms.compile(X, always_compile=True).asm["ascendc"]
    for line in (
        "AscendC::Add(a, b, b, c64_i32);",
        "AscendC::Sub(a, b, b, c64_i32);",
        "AscendC::Mul(a, b, b, c64_i32);",
        "AscendC::Abs(a, b, c64_i32);",
        "AscendC::Add<float, 0>(a, b, b, c64_i32, c2_i32, v6);",
    ):
        assert f"  {line}\n" in cpp, line


@asc.jit
def not_a_flag(x: asc.GlobalAddress):
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    asc.add(a, a, a, 64, 2)  # a mask form without its repeat_params


def test_a_number_in_the_flag_s_place_is_an_error():
    with pytest.raises(CompileError, match="no form of add takes these arguments") as e:
        not_a_flag.compile(X, always_compile=True)
    assert "asc.add(a, a, a, 64, 2)" in str(e.value)
