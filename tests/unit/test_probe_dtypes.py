"""tools/probe_dtypes.py: how compile failures become 3510 rows (no headers needed)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import probe_dtypes  # noqa: E402
from check_headers import Source  # noqa: E402
from probe_dtypes import Outcome, Probe  # noqa: E402


def _probe(op: str, **dtypes: str) -> Probe:
    return Probe(op, tuple(dtypes.items()))


def test_a_dtype_is_lost_only_when_every_combination_with_it_fails() -> None:
    tables = {
        "ascendc.pair": {"T": ("f16", "f32"), "U": ("f16", "f32")},
        "ascendc.narrow": {"T": ("f16", "f32")},
        "ascendc.gone": {"T": ("f32",)},
        "ascendc.same": {"T": ("f16",)},
        "ascendc.untabled": {},
        "ascendc.gap": {"T": ("f16",)},
    }
    probes = [
        *(_probe("ascendc.pair", T=t, U=u) for t in ("f16", "f32") for u in ("f16", "f32")),
        _probe("ascendc.narrow", T="f16"),
        _probe("ascendc.narrow", T="f32"),
        _probe("ascendc.gone", T="f32"),
        _probe("ascendc.same", T="f16"),
        Probe("ascendc.untabled", ()),
        _probe("ascendc.gap", T="f16"),
    ]
    rejected = {
        _probe("ascendc.pair", T="f16", U="f32"),  # a pair: both dtypes live on elsewhere
        _probe("ascendc.narrow", T="f16"),
        _probe("ascendc.gone", T="f32"),
        Probe("ascendc.untabled", ()),
    }
    outcome = Outcome(
        rejected=rejected,
        probes=probes,
        tables=tables,
        stub_gaps={"vfoo": {"ascendc.gap"}},
    )
    assert probe_dtypes.table(outcome) == {
        "ascendc.pair": {},
        "ascendc.narrow": {"T": ("f32",)},
        "ascendc.gone": None,
    }
    assert probe_dtypes.untabled_rejections(outcome) == ["ascendc.untabled"]


def test_probe_function_names_survive_the_printer() -> None:
    # the printer folds `__`: the names have none, so the compiler's errors map back
    name = _probe("ascendc.add_l2", T="f16").function
    assert name == "probe_ascendc_add_l2_T_f16" and "__" not in name


def test_errors_are_attributed_to_their_function() -> None:
    text = (
        '#include "kernel_operator.h"\n\n'
        "void probe_a_T_f16(int x) {\n  f(x);\n}\n\n"
        "void probe_b_T_f32(int x) {\n  g(x);\n}\n"
    )
    source = Source("probe#0", text)
    message = (
        "impl.h: In instantiation of 'void F<half>()':\n"
        "probe#0:4:3:   required from here\n"
        "impl.h:9:5: error: static assertion failed: only float\n"
        "impl.h:12:5: error: another error of the same instance\n"
        "impl.h: In instantiation of 'void G<float>()':\n"
        "probe#0:8:3:   required from here\n"
        "impl.h:20:3: error: \u2018vfoo\u2019 was not declared in this scope\n"
    )
    assert probe_dtypes.attributed_errors(source, message) == [
        ("probe_a_T_f16", None),
        ("probe_a_T_f16", None),
        ("probe_b_T_f32", "vfoo"),
    ]
