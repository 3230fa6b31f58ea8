"""asc_xdsl/utils/quiet_imports.py: our imports run with the garbage collector paused."""

from __future__ import annotations

import gc
import importlib
import sys
import textwrap

import pytest

import asc_xdsl  # noqa: F401  (installs the finder)
from asc_xdsl.utils import quiet_imports
from asc_xdsl.utils.quiet_imports import QuietImports


@pytest.fixture
def package(tmp_path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A package the finder treats as ours: its modules record whether the collector
    ran while they loaded; `broken` raises."""
    root = tmp_path / "qi_pkg"
    root.mkdir()
    (root / "__init__.py").write_text("")
    record = "import gc, qi_seen\nqi_seen.append((__name__, gc.isenabled()))\n"
    (root / "outer.py").write_text(record + "from qi_pkg import inner\n" + record)
    (root / "inner.py").write_text(record)
    (root / "broken.py").write_text(record + "raise RuntimeError('broken')\n")
    seen = type(sys)("qi_seen")
    seen.list = []
    seen.append = seen.list.append
    monkeypatch.setitem(sys.modules, "qi_seen", seen)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(quiet_imports, "PACKAGES", (*quiet_imports.PACKAGES, "qi_pkg"))
    yield "qi_pkg"
    for name in [m for m in sys.modules if m == "qi_pkg" or m.startswith("qi_pkg.")]:
        del sys.modules[name]


def test_installed_once_by_the_package() -> None:
    quiet_imports.install()
    assert sum(isinstance(f, QuietImports) for f in sys.meta_path) == 1


def test_paused_while_our_modules_load_and_resumed_after(package: str) -> None:
    assert gc.isenabled()
    import qi_pkg.outer

    seen = sys.modules["qi_seen"].list
    assert seen == [
        ("qi_pkg.outer", False),
        ("qi_pkg.inner", False),
        ("qi_pkg.outer", False),
    ]
    assert gc.isenabled()
    assert qi_pkg.outer.__spec__.loader is not None  # the path finder's loader


def test_resumed_when_an_import_fails(package: str) -> None:
    with pytest.raises(RuntimeError, match="broken"):
        import qi_pkg.broken  # noqa: F401
    assert sys.modules["qi_seen"].list == [("qi_pkg.broken", False)]
    assert gc.isenabled()


def test_a_paused_collector_stays_paused(package: str) -> None:
    gc.disable()
    try:
        import qi_pkg.inner  # noqa: F401

        assert not gc.isenabled()
    finally:
        gc.enable()


def test_other_modules_are_not_touched(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "qi_other.py").write_text(
        textwrap.dedent(
            """
            import gc
            ENABLED = gc.isenabled()
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "qi_other", raising=False)
    assert QuietImports().find_spec("qi_other", None) is None
    import qi_other

    assert qi_other.ENABLED


def test_a_compile_runs_with_the_collector_paused() -> None:
    import numpy as np

    import asc_xdsl as asc

    jit = importlib.import_module("asc_xdsl.frontend.jit")  # (asc_xdsl.jit: the decorator)
    seen: list[bool] = []
    compile_kernel = jit.JITFunction._compile

    def recording(self, spec, options):
        seen.append(gc.isenabled())
        return compile_kernel(self, spec, options)

    @asc.jit
    def fill(x: asc.GlobalAddress):
        gm = asc.GlobalTensor()
        gm.set_global_buffer(x, 8)
        gm.set_value(0, 1.0)

    @asc.jit
    def broken(x: asc.GlobalAddress):
        asc.no_such_api(x)

    assert gc.isenabled()
    jit.JITFunction._compile = recording
    try:
        fill.compile(np.zeros(8, np.float32), always_compile=True)
        with pytest.raises(asc.CompileError):
            broken.compile(np.zeros(8, np.float32), always_compile=True)
    finally:
        jit.JITFunction._compile = compile_kernel
    assert seen == [False, False]
    assert gc.isenabled()  # resumed after the compile, and after the failed one
    gc.disable()
    try:
        fill.compile(np.zeros(8, np.float32), always_compile=True)
        assert not gc.isenabled()  # a program's own pause is kept
    finally:
        gc.enable()


def _generation_of(obj: object) -> int | None:
    for generation in range(3):
        if any(o is obj for o in gc.get_objects(generation=generation)):
            return generation
    return None


def test_what_an_import_made_goes_to_the_oldest_generation(package: str, tmp_path) -> None:
    # (made while paused, a young collection would otherwise visit it next, then a
    # middle one; it is long-lived, so it goes straight to where full collections look)
    (tmp_path / package / "made.py").write_text("MADE = [[]]\n")
    gc.collect()  # (young counts start low: no young collection moves things meanwhile)
    young = [[]]  # the program's own young objects move with it: none is lost
    assert _generation_of(young) == 0
    import qi_pkg.made

    assert _generation_of(qi_pkg.made.MADE) == 2
    assert _generation_of(young) == 2
    assert gc.get_freeze_count() == 0  # nothing stays frozen
    assert gc.isenabled()


def test_a_stretch_that_loaded_nothing_moves_nothing() -> None:
    gc.collect()
    with quiet_imports.paused():
        made = [[]]
    assert _generation_of(made) == 0


def test_a_programs_frozen_objects_stay_frozen(package: str, tmp_path) -> None:
    (tmp_path / package / "made.py").write_text("MADE = [[]]\n")
    gc.collect()
    gc.freeze()  # e.g. a server before it forks
    try:
        frozen = gc.get_freeze_count()
        import qi_pkg.made

        assert gc.get_freeze_count() == frozen
        assert _generation_of(qi_pkg.made.MADE) == 0  # left to the collector as usual
    finally:
        gc.unfreeze()
