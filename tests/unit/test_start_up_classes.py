"""Our classes defined for a cheap start-up behave as the forms they replace
(docs/performance.md, "Cold start")."""

from __future__ import annotations

import dataclasses

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
