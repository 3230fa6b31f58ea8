"""How many random cases the seeded fuzz tests draw (the sync oracle's random kernels,
the printer's IR mutations, the SCCP scan's random programs), which lit inputs the
every-pass sweeps take (`lit_inputs.covering_lit_chunks`), and the scalar differential
test's g++ optimisation level.

`ASC_XDSL_FUZZ_PROFILE` (hardening/fuzzkit.py reads it for the hypothesis tests too):
`ci`, the default, keeps the README's test command within its time budget; `long`
draws several times as many for a local run:

    ASC_XDSL_FUZZ_PROFILE=long .venv/bin/python -m pytest -q tests/unit -k "oracle or robustness or scan"

The cases are seeded: a run draws the same ones every time, and `ci`'s are the first
of `long`'s.
"""

import os

PROFILE_ENV = "ASC_XDSL_FUZZ_PROFILE"
PROFILES = ("ci", "long")


def profile() -> str:
    name = os.environ.get(PROFILE_ENV, "ci")
    if name not in PROFILES:
        raise ValueError(f"{PROFILE_ENV} must be one of {', '.join(PROFILES)}, got {name!r}")
    return name


def cases(ci: int, long: int) -> int:
    """`ci` cases under the default profile, `long` under the long one."""
    return long if profile() == "long" else ci
