"""The per-family dtype deltas (family_dtypes.py) name real APIs and type variables."""

from __future__ import annotations

from asc_xdsl import soc as socs
from asc_xdsl.dialects.ascendc import all_ops
from asc_xdsl.dialects.ascendc.family_dtypes import (
    FAMILY_DTYPES,
    NO_BF16,
    Delta,
    Unsupported,
    family_dtypes,
)


def test_every_listed_api_is_a_spec_api_and_its_variables_exist() -> None:
    by_api: dict[str, list] = {}
    for op in all_ops():
        if getattr(op, "SPEC", None) is not None:
            by_api.setdefault(op.SPEC.api, []).append(op.SPEC)
            by_api.setdefault(op.name, []).append(op.SPEC)
    for family, table in FAMILY_DTYPES.items():
        for api, entry in table.items():
            assert api in by_api, f"{family}: {api} is no spec's api or op name"
            if isinstance(entry, Delta):
                for var in entry.only:  # a variable of the table, or of an operand
                    assert any(
                        var in s.dtypes or any(o.type.var == var for o in s.operands)
                        for s in by_api[api]
                    ), f"{api}: no variable {var}"


def test_every_soc_family_has_tables() -> None:
    families = {chip.dtype_tables for chip in socs.SOCS.values()}
    assert families == {socs.ATLAS_A2_A3, *FAMILY_DTYPES}


def test_deltas_apply_to_the_atlas_a2_a3_table() -> None:
    a2 = {"T": ("i16", "f16", "bf16", "f32")}
    assert family_dtypes(socs.ATLAS_A2_A3, "Brcb", a2) is a2
    assert NO_BF16.apply(a2) == {"T": ("i16", "f16", "f32")}
    assert family_dtypes(socs.ATLAS_INFERENCE, "Brcb", a2) == {"T": ("i16", "f16", "f32")}
    assert family_dtypes(socs.ATLAS_INFERENCE, "Compare", a2) == {"T": ("f16", "f32")}
    assert isinstance(family_dtypes(socs.ATLAS_INFERENCE, "Neg", a2), Unsupported)
    # not established: only the SoC-independent checks run
    assert family_dtypes(socs.ATLAS_INFERENCE, "Acos", a2) is None


def test_ascend950_rows() -> None:
    f16_f32 = {"T": ("f16", "f32")}
    # probed: FusedExpSub keeps f32 only; Add keeps its table
    assert family_dtypes(socs.ASCEND_950, "FusedExpSub", f16_f32, "ascendc.fused_exp_sub_l2") == {
        "T": ("f32",)
    }
    assert family_dtypes(socs.ASCEND_950, "Add", f16_f32, "ascendc.add_l0") == f16_f32
    # ... and its count form adds the complex types (family_3510.COMPLEX_FORMS)
    assert family_dtypes(socs.ASCEND_950, "Add", f16_f32, "ascendc.add_l2") == {
        "T": ("f16", "f32", "complex<f16>", "complex<f32>")
    }
    # from the 3510 headers' assertions, for an op without an Atlas A2/A3 table
    assert family_dtypes(socs.ASCEND_950, "MulCast", {}, "ascendc.mul_cast_l0") == {
        "T": ("f16",),
        "U": ("i8", "ui8"),
    }
    # an op the table does not name is not established
    assert family_dtypes(socs.ASCEND_950, "NoSuchApi", f16_f32, "ascendc.no_such_op") is None
