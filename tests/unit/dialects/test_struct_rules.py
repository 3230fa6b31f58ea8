"""struct_types.of_struct: a struct operand's type rule without defining the struct class."""

from __future__ import annotations

import subprocess
import sys

import pytest

from asc_xdsl.dialects.ascendc.spec import of_type
from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES, of_struct

NAMES = ["BinaryRepeatParamsType", "DataCopyEnhancedParamsType", "TCubeTilingType"]


@pytest.mark.parametrize("name", NAMES)
def test_the_rule_is_of_types(name: str) -> None:
    lazy = of_struct(name)
    cls = STRUCT_TYPES[name]
    eager = of_type(cls)
    assert lazy == eager  # what it expects, its doc, its variable
    sample = lazy.sample({})
    assert isinstance(sample, cls) and sample == eager.sample({})
    assert lazy.constraint.check(sample) and eager.constraint.check(sample)
    other = STRUCT_TYPES["UnaryRepeatParamsType"]()
    assert not lazy.constraint.check(other) and not eager.constraint.check(other)


def test_family_modules_define_no_struct_class_when_they_load() -> None:
    code = (
        "from asc_xdsl.dialects.ascendc import vector, data_copy, vec_cmpsel, vec_vconv\n"
        "from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES\n"
        "print(sorted(STRUCT_TYPES._made))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # (data_copy's `slice_info.subindex` result type is made when first needed: LazyDefault)
    assert out.stdout.split() == ["[]"]
