"""Hypothesis settings of the differential fuzz tests (test_fuzz_*.py).

* `ci` (default): a fixed, derandomised budget of `CI_EXAMPLES` examples per fuzz test
  and no example database -- the same inputs on every run, a few seconds each.
* `long`: `ASC_XDSL_FUZZ_EXAMPLES` examples per test (default 2000) with fresh random
  inputs, for a local run:

      ASC_XDSL_FUZZ_PROFILE=long ASC_XDSL_FUZZ_EXAMPLES=5000 \\
          .venv/bin/python -m pytest -q tests/unit/hardening -k fuzz

A failure prints the shrunk input (the kernel source or the IR).
"""

import os

from fuzz_budget import PROFILE_ENV
from hypothesis import HealthCheck, settings

CI_EXAMPLES = 40
EXAMPLES_ENV = "ASC_XDSL_FUZZ_EXAMPLES"

_COMMON = {
    "deadline": None,
    "database": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}
PROFILES = {
    "ci": settings(max_examples=CI_EXAMPLES, derandomize=True, **_COMMON),
    "long": settings(max_examples=int(os.environ.get(EXAMPLES_ENV, "2000")), **_COMMON),
}


def fuzz_settings() -> settings:
    name = os.environ.get(PROFILE_ENV, "ci")
    if name not in PROFILES:
        raise ValueError(f"{PROFILE_ENV} must be one of {', '.join(PROFILES)}, got {name!r}")
    return PROFILES[name]
