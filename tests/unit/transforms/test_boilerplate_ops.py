"""generate-boilerplate makes its includes without IRDL's generic builder
(`new_include`): the ops are the constructor's."""

from __future__ import annotations

import pytest

from asc_xdsl.dialects.emitasc import IncludeOp
from asc_xdsl.transforms.generate_boilerplate import new_include


@pytest.mark.parametrize("header", ["kernel_operator.h", "lib/matmul_intf.h", 'odd "name"'])
def test_an_include_is_its_constructors_op(header: str) -> None:
    made, built = new_include(header), IncludeOp(header)
    assert type(made) is type(built)
    assert made.properties == built.properties and made.attributes == built.attributes
    assert made.properties is not new_include(header).properties  # (one dict per op)
    assert str(made) == str(built)
    made.verify()
