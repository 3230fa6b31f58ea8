"""Our attribute and type classes (`asc_xdsl/dialects/attr_def.py`): defined without
generated dataclass code, with the IRDL definition and the methods made on first use."""

from __future__ import annotations

import dataclasses

import pytest
from xdsl.dialects.builtin import f16, f32
from xdsl.ir import ParametrizedAttribute

from asc_xdsl.dialects import ascendc, emitasc
from asc_xdsl.dialects.ascendc import types

OUR_ATTRIBUTES = [
    *ascendc.all_types(),
    *(
        c
        for c in vars(emitasc).values()
        if isinstance(c, type)
        and issubclass(c, ParametrizedAttribute)
        and c.__module__ == emitasc.__name__
        and "name" in vars(c)
    ),
]


@pytest.mark.parametrize("cls", OUR_ATTRIBUTES, ids=lambda c: c.__name__)
def test_every_definition_builds(cls):
    # A mistake in a class's parameters shows when its definition is first built.
    definition = cls.get_irdl_definition()
    assert definition.name == cls.name
    assert cls.__match_args__ == tuple(name for name, _ in definition.parameters)
    with pytest.raises(TypeError, match="Subclassing final classes"):
        type("Sub", (cls,), {})


def test_tensor_types_compare_by_their_parameters():
    # Regression: the dataclass methods xDSL made saw no field where the parameters are
    # declared in an undecorated base (`TensorType`): every GlobalTensorType was equal
    # to every other and hashed alike.
    a, b = types.GlobalTensorType(f32), types.GlobalTensorType(f16)
    assert a != b
    assert a == types.GlobalTensorType(f32)
    assert hash(a) == hash(types.GlobalTensorType(f32))
    assert len({a, b, types.GlobalTensorType(f32, [4]), types.LocalTensorType(f32)}) == 4
    assert types.LocalTensorType(f32) != types.GlobalTensorType(f32)
    assert types.PipeType() == types.PipeType()
    assert hash(types.PipeType()) == hash(types.PipeType())


def test_repr_names_the_parameters():
    assert repr(types.GlobalTensorType(f32, [8])) == (
        "GlobalTensorType(shape=ArrayAttr(data=(IntAttr(data=8),)), element_type=Float32Type())"
    )
    assert repr(types.PipeType()) == "PipeType()"


def test_instances_are_frozen():
    a = types.GlobalTensorType(f32)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.shape = None  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.anything_else = 1  # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del a.element_type


def test_match_by_position():
    match types.GlobalTensorType(f16):
        case types.GlobalTensorType(_, element_type):
            assert element_type == f16
        case _:
            pytest.fail("no match")


def test_a_parse_and_print_round_trip_compares_equal():
    from xdsl.parser import Parser

    from asc_xdsl.dialects.ir_context import make_context

    for text in ("!ascendc.global_tensor<16xf32>", "!ascendc.local_tensor<*xf16>"):
        attr = Parser(make_context(), text).parse_attribute()
        assert str(attr) == text
        assert attr == Parser(make_context(), text).parse_attribute()


STRUCT_FIELD = """
func.func @f(%i: i32, %c: i8, %h: f16) {{
  %p = ascendc.construct !ascendc.aipp_padding_params{padding}(%i, {x}, {x}, {x}, {x}) : i32, {t}, {t}, {t}, {t}
  %v = ascendc.construct !ascendc.aipp_params<i8>(%p) : !ascendc.aipp_padding_params{padding}
  func.return
}}
"""


def test_a_struct_field_of_another_element_type_is_refused():
    # With the dataclass equality every `aipp_padding_params<...>` equalled every other,
    # so a field of AippParams<int8_t> took an AippPaddingParams<half>.
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.dialects.ir_context import parse_module

    wrong = parse_module(STRUCT_FIELD.format(padding="<f16>", x="%h", t="f16"))
    with pytest.raises(VerifyException, match=r"must be !ascendc.aipp_padding_params<i8>"):
        wrong.verify()
    # Stated alike, or not stated on the value (its T comes from its own fields): agrees.
    parse_module(STRUCT_FIELD.format(padding="<i8>", x="%c", t="i8")).verify()
    parse_module(STRUCT_FIELD.format(padding="", x="%c", t="i8")).verify()


def test_a_field_types_list_may_name_a_template_struct_without_its_element():
    # pyasc's IR lists `[!ascendc.aipp_padding_params]` for AippParams' field, whose type
    # the table states as `<i8>`: the entry agrees as the operand does (the T comes from
    # the value's own fields); another element type stated in the list is refused.
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.dialects.ir_context import parse_module

    listed = """
func.func @f(%i: i32, %c: i8) {{
  %p = ascendc.construct !ascendc.aipp_padding_params(%i, %c, %c, %c, %c) : i32, i8, i8, i8, i8
  %v = ascendc.construct !ascendc.aipp_params(%p) [{listed}] : !ascendc.aipp_padding_params
  func.return
}}
"""
    parse_module(listed.format(listed="!ascendc.aipp_padding_params")).verify()
    parse_module(listed.format(listed="!ascendc.aipp_padding_params<i8>")).verify()
    with pytest.raises(VerifyException, match=r"field 0 \(paddingParams\)"):
        parse_module(listed.format(listed="!ascendc.aipp_padding_params<f16>")).verify()


def test_a_field_types_list_may_name_a_tensor_field_with_its_shape():
    # MrgSortSrcList's fields are tensors of any shape: pyasc lists them with theirs.
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.dialects.ir_context import parse_module

    text = """
func.func @f(%a: !ascendc.local_tensor<512xf32>, %h: !ascendc.local_tensor<512xf16>) {{
  %l = ascendc.construct !ascendc.mrg_sort_src_list<f32>(%a, %a, %a, %a) [{t}, {t}, {t}, {t}] : {o}, {o}, {o}, {o}
  func.return
}}
"""
    f32, f16 = "!ascendc.local_tensor<512xf32>", "!ascendc.local_tensor<512xf16>"
    parse_module(text.format(t=f32, o=f32)).verify()
    with pytest.raises(VerifyException, match=r"field 0 \(src1In\)"):
        parse_module(text.format(t=f16, o=f32)).verify()
