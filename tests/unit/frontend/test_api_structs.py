"""The parameter structs (`asc.BinaryRepeatParams`, `asc.MmadParams`, ...): pyasc's
Python parameters, the headers' constructors, exact IR and Ascend C (compile only)."""

import re

import pytest

import asc_xdsl as asc
from asc_xdsl.language.core.types import STRUCT_CLASSES


@asc.jit
def repeat_forms():
    x = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
    z = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=1024, tile_size=512)
    p = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.add(z, x, x, count=512)
    asc.add(z, x, x, mask=128, repeat_times=2, repeat_params=p)
    asc.add(z, x, x, mask=[2**64 - 1, 2**64 - 1], repeat_times=1, repeat_params=p)
    u = asc.UnaryRepeatParams(dst_rep_stride=4)
    asc.abs(z, x, mask=128, repeat_times=1, repeat_params=u)


def test_repeat_params_and_mask_forms():
    compiled = repeat_forms.compile(always_compile=True)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert re.search(r"ascendc.construct !ascendc.binary_repeat_params\((%\w+, ){5}%\w+\)", ir)
    assert "ascendc.add_l0 %z, %x, %x, " in ir and "ascendc.add_l1 %z, %x, %x, " in ir
    for line in (
        "AscendC::BinaryRepeatParams p{v4, v4, v4, v5, v5, v5};",
        "AscendC::Add(z, x, x, c512_i32);",
        "AscendC::Add<half, 1>(z, x, x, c128_i32, c2_i32, p);",
        "AscendC::Add<half, 1>(z, x, x, mask_list, c1_i32, p);",
        # defaults 1, 1, 8, 8 with dst_rep_stride=4; block strides are uint16_t fields
        "AscendC::UnaryRepeatParams u{v7, v7, v8, v5};",
        "AscendC::Abs<half, 1>(z, x, c128_i32, c1_i32, u);",
    ):
        assert f"  {line}\n" in cpp, line
    assert "uint16_t v7 = static_cast<uint16_t>(c1_i16);" in cpp
    assert "uint8_t v8 = static_cast<uint8_t>(c4_i8);" in cpp


@asc.jit
def cube_structs(flag: int):
    asc.MmadParams(16, 32, 64)
    asc.MmadParams(16, 32, 64, unit_flag=0, cmatrix_source=False, cmatrix_init_val=True)
    asc.DataCopyPadExtParams(asc.float16, True, 0, 1, 0)
    asc.InitConstValueParams(1, 2, 0, 1.5)
    asc.printf("%d\n", flag)


def test_overloads_and_template_fields():
    compiled = cube_structs.compile(3, always_compile=True, run_passes=False)
    ir = compiled.asm["ir"]
    # the 8-field constructor (isBias, fmOffset, ...) unless unit_flag & co. are given
    assert re.search(r"!ascendc.mmad_params\((%\w+, ){7}%\w+\) : ui16, ui16, ui16, i1, i32", ir)
    assert re.search(r"!ascendc.mmad_params\((%\w+, ){5}%\w+\) : ui16, ui16, ui16, ui8, i1, i1", ir)
    # a T field takes the struct's dtype, or the value's type (1.5: float32)
    assert "!ascendc.data_copy_pad_ext_params<f16>(" in ir
    assert re.search(
        r"!ascendc.init_const_value_params<f32>\((%\w+, ){3}%\w+\) \[ui16, ui16, ui16, f32\]", ir
    )


@pytest.mark.parametrize("name", sorted(STRUCT_CLASSES))
def test_every_struct_has_a_constructor(name):
    """Each Python form names fields of one of the headers' constructors."""
    for form in STRUCT_CLASSES[name]._FORMS:
        fields = form.fields()
        assert [f[0] for f in fields] and {f[0] for f in fields} <= set(form.signature.parameters)


@asc.jit
def bad_struct():
    asc.BinaryRepeatParams(1, 2, 3, 4, 5, 6, 7)


def test_bad_struct_arguments():
    with pytest.raises(asc.CompileError, match="bad arguments to BinaryRepeatParams: too many"):
        bad_struct.compile(always_compile=True)


def test_struct_outside_a_kernel():
    with pytest.raises(asc.JitOnlyError):
        asc.BinaryRepeatParams()
