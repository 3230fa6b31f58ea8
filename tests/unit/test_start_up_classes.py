"""Our classes defined for a cheap start-up behave as the forms they replace
(docs/performance.md, "Cold start")."""

from __future__ import annotations

import dataclasses
import importlib

import pytest

from asc_xdsl.transforms.plain_pass import PlainPass
from asc_xdsl.transforms.registry import PASSES


def test_option_less_passes_are_plain_and_behave_as_frozen_dataclasses() -> None:
    """A pass without options is a `PlainPass` (no dataclass code of its own) and
    behaves as the `@dataclass(frozen=True)` it was: no fields, equal by class, frozen,
    `repr` by class name, its spec round-trips."""
    plain = 0
    for name, factory in PASSES.items():
        cls = factory()
        if dataclasses.fields(cls):  # a pass with options stays a dataclass
            assert "__dataclass_fields__" in cls.__dict__, name
            continue
        assert issubclass(cls, PlainPass) and "__dataclass_fields__" not in cls.__dict__, name
        plain += 1
        p = cls()
        assert p == cls() and hash(p) == hash(cls()) and p != object()
        assert repr(p) == f"{cls.__qualname__}()" and str(p) == name
        assert cls.from_pass_spec(p.pipeline_pass_spec()) == p
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'x'"):
            p.x = 1  # type: ignore[attr-defined]
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'name'"):
            del p.name
        assert dataclasses.replace(p) == p
    assert plain >= 20
    noop, debug = PASSES["ascendc-noop"](), PASSES["ascendc-detect-enable-debug"]()
    assert noop() != debug()  # (equal by class, as the dataclasses were)


def test_loaded_subclass_cache_does_not_import_and_answers_as_isinstance(monkeypatch) -> None:
    """`LoadedSubclassCache` answers "no" while its module is not loaded (no class can
    derive from one not yet made), and as `isinstance` once it is."""
    import sys
    import types

    from asc_xdsl.utils.class_tests import LoadedSubclassCache

    class Before:
        pass

    cache = LoadedSubclassCache("asc_xdsl_test_not_loaded", "Base")
    assert cache[Before] is False and "asc_xdsl_test_not_loaded" not in sys.modules
    module = types.ModuleType("asc_xdsl_test_not_loaded")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    assert cache[int] is False  # (loading: the class is not made yet; nothing is kept)
    assert int not in cache

    class Base:
        pass

    class Derived(Base):
        pass

    module.Base = Base  # type: ignore[attr-defined]
    assert cache[Derived] is True and cache[Base] is True
    assert cache[Before] is False and cache[int] is False


def test_the_matmul_config_attribute_and_struct_type_share_a_name() -> None:
    """`#ascendc.matmul_config` (an attribute, `ascendc.LAZY_ATTRS`) and
    `!ascendc.matmul_config` (a struct type) are both made when first parsed."""
    from xdsl.dialects import builtin
    from xdsl.parser import Parser

    from asc_xdsl.dialects import ascendc
    from asc_xdsl.dialects.context import AscContext

    ctx = AscContext()
    ctx.load_dialect(builtin.Builtin)
    ctx.load_dialect(ascendc.AscendCCore)
    attr = Parser(ctx, "#ascendc.matmul_config<do_norm = false>").parse_attribute()
    struct = Parser(ctx, "!ascendc.matmul_config").parse_type()
    assert type(attr).__name__ == "MatmulConfigAttr" and attr is not None
    assert type(struct).__name__ == "MatmulConfigType"
    assert ascendc.MatmulConfigAttr is type(attr) and ascendc.MatmulConfigType is type(struct)
    assert ascendc.MatmulConfigAttr in ascendc.all_types()


def test_the_listed_apis_are_the_family_tables_keys() -> None:
    """`family_dtypes.LISTED_APIS` comes from the rows, before the tables are made."""
    from asc_xdsl.dialects.ascendc import family_dtypes

    tables = family_dtypes.FAMILY_DTYPES
    assert {api for table in tables.values() for api in table} == family_dtypes.LISTED_APIS
    assert family_dtypes._family_dtypes() is tables


def test_the_pipeline_makes_option_less_specs_as_xdsls_parser_does() -> None:
    """`pipeline._pipeline` makes a spec that only names passes without parsing it
    (`_plain_passes`): the same passes, in order, as xDSL's `parse_spec` (a pass of
    `PASS_FUNCTIONS` as its function, the one its class runs); a spec with
    options, an xDSL pass or a pass with a required field still goes to xDSL's parser,
    and an unknown name is still its error."""
    from xdsl.passes import PassPipeline
    from xdsl.transforms import get_all_passes

    from asc_xdsl.transforms import pipeline
    from asc_xdsl.transforms.plain_passes import FunctionPass
    from asc_xdsl.transforms.registry import FASTER_UPSTREAM, pass_function

    available = {**get_all_passes(), **PASSES, **FASTER_UPSTREAM}
    specs = [
        pipeline.pipeline_spec({}),
        pipeline.pipeline_spec({"insert_sync": True, "dedup_state": True}),
        "cse,canonicalize,ascendc-noop",
        "ascendc-insert-sync{sync-blocks=true},cse",
    ]
    for spec in specs:
        made = pipeline._pipeline(spec).passes
        parsed = PassPipeline.parse_spec(available, spec).passes
        assert [p.name for p in made] == spec.replace("{sync-blocks=true}", "").split(",")
        assert [p.name for p in parsed] == [p.name for p in made]
        for ours, xdsls in zip(made, parsed, strict=True):
            if isinstance(ours, pipeline._FunctionRun):  # (a pass run as its function)
                assert isinstance(xdsls, FunctionPass)
                assert ours.function is pass_function(xdsls.name), spec
            else:
                assert ours == xdsls, spec
    # the default pipeline is all functions: no ModulePass is made for it
    assert isinstance(pipeline._pipeline(specs[0]), pipeline._FunctionRuns)
    assert pipeline._plain_passes(available, "ascendc-insert-sync{sync-blocks=true}") is None
    assert pipeline._plain_passes(available, "cse, canonicalize") is None  # (parsed by xDSL)
    with pytest.raises(ValueError, match="Unrecognized passes"):
        pipeline._pipeline("ascendc-no-such-pass")


def test_typed_names_are_what_the_type_directive_pattern_finds() -> None:
    """`spec._typed_names` (the `$names` inside `type(...)` of an assembly format)
    answers as the per-name pattern it replaced, for every AscendC op's format."""
    import re

    from asc_xdsl.dialects.ascendc.families import all_specs
    from asc_xdsl.dialects.ascendc.spec import _typed_names

    formats = {spec.format: spec for spec in all_specs() if spec.format}
    assert len(formats) > 100
    extra = ["type($a, $ab) $b", "type($a", "$a type($b)", "type(operands) type($a_1)"]
    for fmt in [*formats, *extra]:
        names = [o.name for o in formats[fmt].operands] if fmt in formats else []
        for name in [*names, "a", "ab", "a_1", "b", "x"]:
            found = re.search(rf"type\([^)]*\${name}\b", fmt) is not None
            assert found == (name in _typed_names(fmt)), (fmt, name)


def test_claimed_names_base_is_what_the_patterns_gave() -> None:
    """`names._base_of` (a C++ identifier from a name hint) without its three patterns
    gives what they gave."""
    import re

    from asc_xdsl.backends.ascendc import names

    def by_patterns(base: str) -> tuple[str, str]:
        base = re.sub(r"__+", "_", re.sub(r"[^A-Za-z0-9_]", "_", base))
        if not base or base[0].isdigit() or re.match(r"_[A-Z]", base):
            base = f"v_{base}".replace("__", "_")
        if base in names.CPP_RESERVED:
            base = f"{base}_"
        return base, "" if base.endswith("_") else "_"

    hints = ["", "x", "x_local", "_Tmp", "__a", "a__b___c", "9lives", "é", "a-b.c", "int"]
    hints += ["_", "__", "_a", "A_", "x.y__Z", "class", "tmp_1", "_x_", "-_A"]
    for hint in hints:
        assert names._base_of.__wrapped__(hint) == by_patterns(hint), hint


def test_function_passes_and_their_classes_agree() -> None:
    """Each pass of `registry.PASS_FUNCTIONS` has its class in `plain_passes` (the one the
    registry finds by name) and nothing else is there; the class runs the function."""
    from xdsl.dialects.builtin import ModuleOp

    from asc_xdsl.transforms import plain_passes
    from asc_xdsl.transforms.registry import FASTER_UPSTREAM, PASS_FUNCTIONS, pass_function

    classes = {
        c.name: c
        for c in vars(plain_passes).values()
        if isinstance(c, type)
        and issubclass(c, plain_passes.FunctionPass)
        and c is not plain_passes.FunctionPass
    }
    assert set(classes) == set(PASS_FUNCTIONS)
    registry = {**PASSES, **FASTER_UPSTREAM}
    for name, cls in classes.items():
        assert registry[name]() is cls
        assert cls.apply is plain_passes.FunctionPass.apply
        module, function = PASS_FUNCTIONS[name]
        found = getattr(importlib.import_module(f"asc_xdsl.transforms.{module}"), function)
        assert pass_function(name) is found
    # what the class does is what the function does
    by_class, by_function = ModuleOp([]), ModuleOp([])
    plain_passes.GenerateBoilerplatePass().apply(None, by_class)  # type: ignore[arg-type]
    pass_function("ascendc-generate-boilerplate")(by_function)
    assert str(by_class) == str(by_function) and len(by_class.body.block.ops) == 1
