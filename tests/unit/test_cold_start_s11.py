"""What session 11's default-import cold-start cuts replaced behaves as before
(docs/performance.md, "Default cold start (session 11)"); what a vector add no longer
loads is tests/unit/test_lazy_imports.py's."""

from __future__ import annotations

import subprocess
import sys

import pytest


def _fresh(code: str) -> str:
    """The output of `code` in a fresh process (what is loaded is process-wide)."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_type_rules_compare_as_the_dataclass_did() -> None:
    """`TypeRule` is a frozen record: equal and hashed by every field but `sample`,
    read-only, copied with `replace`."""
    import copy
    import dataclasses

    from xdsl.dialects.builtin import i32

    from asc_xdsl.dialects.ascendc.spec import INT, TypeRule

    a = TypeRule(INT.constraint, "int", lambda v: i32, "T")
    b = TypeRule(INT.constraint, "int", lambda v: i32, "T")
    assert a == b and hash(a) == hash(b) and a.sample is not b.sample
    assert a != TypeRule(INT.constraint, "int", a.sample, "U")
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.doc = "x"  # type: ignore[misc]
    sample = lambda v: i32  # noqa: E731
    c = a.replace(sample=sample, var=None)
    assert c.sample is sample and c.var is None and c.doc == "int" and a.var == "T"
    assert copy.copy(a) == a and repr(a).startswith("TypeRule(constraint=")


def test_shared_rules_and_operands_are_one_object_per_argument() -> None:
    """`local`, `tensor`, `global_`, `elem`, `exact` and the family helpers give one
    (immutable) record per argument."""
    from xdsl.dialects.builtin import i64

    from asc_xdsl.dialects.ascendc import data_copy, spec, vector

    assert spec.local("T") is spec.local("T") and spec.local("T") is not spec.local("U")
    assert spec.exact(i64) is spec.exact(i64) and spec.exact(i64).unique == i64
    assert vector.src("src0") is vector.src("src0") and vector.dst("T") is vector.dst("T")
    assert data_copy.dst() is data_copy.dst("T") and data_copy.dst() != data_copy.src()


def test_a_lazy_default_is_made_once_when_first_needed() -> None:
    """data_copy's `slice_info.subindex` result type: a `LazyDefault`, what the builder
    and the parser give it."""
    from asc_xdsl.dialects.ascendc import data_copy
    from asc_xdsl.dialects.ascendc.spec import LazyDefault, result_default
    from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES

    (result,) = data_copy.FAMILY.entries["SliceInfoSubIndexOp"].spec.results
    assert type(result.default) is LazyDefault
    made = result_default(result)
    assert made == STRUCT_TYPES["SliceInfoType"]() and result_default(result) is made


def test_the_copy_forms_are_the_op_classes_own() -> None:
    """A copy op's `FORM` is set on its class when the class is made (no base per op)."""
    from asc_xdsl.dialects.ascendc import data_copy
    from asc_xdsl.dialects.ascendc.spec import base_class

    for class_name, entry in data_copy.FAMILY.entries.items():
        if entry.attrs is None:
            continue
        cls = data_copy.FAMILY.get(class_name)
        assert cls.FORM is entry.attrs["FORM"] and "FORM" in vars(cls)
        assert issubclass(cls, base_class(entry))


def test_fixpipe_s_forms_are_made_when_first_read() -> None:
    """`fixpipe.forms`: the two forms, with pyasc's default config, made on first read."""
    out = _fresh(
        "from asc_xdsl.language.basic import fixpipe\n"
        "from asc_xdsl.language.core.types import STRUCT_CLASSES\n"
        "import sys\n"
        "print(sorted(STRUCT_CLASSES._made), len(fixpipe.forms))\n"
        "forms = list(fixpipe.forms)\n"
        "print(sorted(STRUCT_CLASSES._made), [list(f.parameters) for f in forms])\n"
        "print(forms[0].parameters['config'].default == STRUCT_CLASSES['FixpipeConfig']"
        ".cfg_row_major)\n"
    )
    first, second, third = out.splitlines()
    assert first == "[] 2"
    assert second.startswith("['FixpipeConfig'] [['dst', 'src', 'params', 'config'], ")
    assert third == "True"


def test_the_low_precision_float_checks_need_no_module_until_one_exists() -> None:
    """Until `fp8_types` is loaded no HiFloat8 or float4_e1m2 type exists: the spec
    verifier looks for xDSL's builtin low-precision floats, the constant qualifier
    answers "constexpr" for everything else; once loaded, both see ours too."""
    out = _fresh(
        "import sys\n"
        "from xdsl.dialects.builtin import Float8E5M2Type, f32\n"
        "from asc_xdsl.backends.ascendc.cpp_types import constant_qualifier\n"
        "from asc_xdsl.dialects.ascendc import spec\n"
        "FP8 = 'asc_xdsl.dialects.ascendc.fp8_types'\n"
        "print(FP8 in sys.modules, Float8E5M2Type in spec._float8_classes(),"
        " constant_qualifier(f32), constant_qualifier(Float8E5M2Type()))\n"
        "from asc_xdsl.dialects.ascendc import HiFloat8Type, Float4E1M2Type\n"
        "print(HiFloat8Type in spec._float8_classes(), constant_qualifier(HiFloat8Type()),"
        " constant_qualifier(Float4E1M2Type()))\n"
    )
    assert out.splitlines() == ["False True constexpr const", "True const const"]


def test_emitters_rows_include_the_kept_ones() -> None:
    """`EMITTERS` has the Reg and SIMT modules' own rows (merged on first read), and
    `emitter_of` finds theirs without it having been read."""
    out = _fresh(
        "import sys\n"
        "from asc_xdsl.backends.ascendc import emitters\n"
        "kept = 'asc_xdsl.backends.ascendc.emitters.reg_address'\n"
        "print(kept in sys.modules, emitters.emitter_of('ascendc.get_block_idx') is not None)\n"
        "from asc_xdsl.backends.ascendc.emitters import reg_address, simt\n"
        "name = next(iter(reg_address.EMITTERS))\n"
        "print(emitters.emitter_of(name) is not None)\n"
        "rows = emitters.EMITTERS\n"
        "print(all(rows[k] == v for k, v in {**reg_address.EMITTERS, **simt.ROWS}.items()))\n"
    )
    assert out.splitlines() == ["False True", "True", "True"]


def test_the_seeded_walker_takes_xdsl_s_options() -> None:
    """`SeededWalker` (no dataclass of its own) takes xDSL's walker options by keyword
    and its own two."""
    from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

    from asc_xdsl.transforms.rewriting import SeededWalker

    class Nothing(RewritePattern):
        def match_and_rewrite(self, op: object, rewriter: PatternRewriter) -> None:
            return None

    walker = SeededWalker(Nothing(), walk_reverse=True, names=frozenset({"x.y"}))
    assert walker.walk_reverse and walker.names == frozenset({"x.y"}) and walker.find is None
    assert walker.apply_recursively and not walker.walk_regions_first


def test_our_types_text_and_post_init_as_xdsl_s() -> None:
    """`exact`'s text of a type is `str(t)` (written without xDSL's printer for our
    parameterless types), and our attributes' `__post_init__` verifies as xDSL's."""
    from xdsl.dialects.builtin import f32, i64
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.dialects.ascendc.spec import _type_text_of, exact
    from asc_xdsl.dialects.ascendc.types import (
        LocalTensorType,
        PipeType,
        QueueType,
        ShapeInfoType,
        TPosition,
    )

    for t in (
        PipeType(),
        ShapeInfoType(),
        LocalTensorType(f32),
        QueueType(TPosition.VECIN, 2),
        i64,
    ):
        assert _type_text_of(t) == str(t) and exact(t).doc == str(t)
    with pytest.raises(VerifyException):
        QueueType(TPosition.VECIN, -1)  # (its verifier runs at creation)
