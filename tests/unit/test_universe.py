"""asc_xdsl/universe.py: the registry tables load no xDSL tool machinery; the Universe
xDSL's entry point reads is made on first use."""

from __future__ import annotations

import subprocess
import sys

import pytest


def test_the_pass_table_needs_no_universe() -> None:
    code = (
        "import sys\n"
        "from asc_xdsl.universe import PASSES, FASTER_UPSTREAM\n"
        "print('xdsl.universe' in sys.modules, 'xdsl.utils.target' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_the_universe_is_made_once_with_the_tables() -> None:
    from xdsl.universe import Universe

    import asc_xdsl.universe as u

    universe = u.ASC_XDSL_UNIVERSE
    assert isinstance(universe, Universe) and u.ASC_XDSL_UNIVERSE is universe
    assert universe.all_passes is u.PASSES and universe.all_dialects is u.DIALECTS
    assert universe.all_targets is u.TARGETS
    with pytest.raises(AttributeError, match="NO_SUCH"):
        u.NO_SUCH  # noqa: B018
