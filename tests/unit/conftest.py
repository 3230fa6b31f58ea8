"""Test-session settings: compile caches go to a temporary folder, never ~/.cache."""

import pytest


@pytest.fixture(autouse=True, scope="session")
def _isolated_cache_dir(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("ASC_XDSL_CACHE_DIR", str(tmp_path_factory.mktemp("asc_xdsl_cache")))
    mp.delenv("ASC_XDSL_DUMP_DIR", raising=False)
    yield
    mp.undo()
