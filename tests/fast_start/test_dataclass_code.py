"""The on-disk table of compiled dataclass methods (asc_xdsl/utils/dataclass_code.py)."""

from __future__ import annotations

import dataclasses
import marshal
import sys
import types
import typing
from importlib.util import MAGIC_NUMBER

import pytest

import asc_xdsl  # noqa: F401  (installs the table)
from asc_xdsl.utils import dataclass_code
from asc_xdsl.utils.dataclass_code import _CodeTable

HEADER = MAGIC_NUMBER + bytes([sys.flags.optimize, dataclass_code._FORMAT])


@pytest.fixture
def fake_module(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """A module whose name puts its dataclasses' sources in the table."""
    module = types.ModuleType("asc_xdsl._dataclass_code_test")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    return module


def _point_class(table: _CodeTable, module: types.ModuleType, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(dataclasses, "exec", table.exec, raising=False)
    annotations = {"x": int, "y": "tuple[int, ...]"}
    namespace = {"__module__": module.__name__, "__annotations__": annotations}
    cls = type("Point", (), namespace)
    cls.y = dataclasses.field(default_factory=tuple)
    cls = dataclasses.dataclass(frozen=True)(cls)
    for method in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        getattr(cls, method)  # (made when first looked up: asc_xdsl/utils/lazy_dataclasses.py)
    return cls


def test_installed_by_the_package() -> None:
    assert isinstance(dataclasses.exec.__self__, _CodeTable)  # type: ignore[attr-defined]
    dataclass_code.install()  # idempotent
    assert isinstance(dataclasses.exec.__self__, _CodeTable)  # type: ignore[attr-defined]


def test_a_table_round_trips_and_hits_behave_as_compiled(
    tmp_path, fake_module, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(tmp_path / "table.marshal")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    first = _CodeTable(path)
    Point = _point_class(first, fake_module, monkeypatch)
    assert first.grew and first.codes
    first.write()

    second = _CodeTable(path)
    assert set(second.codes) == set(first.codes)
    Again = _point_class(second, fake_module, monkeypatch)
    assert not second.grew  # every method came from the table
    p, q = Again(1, (2,)), Again(1, (2,))
    assert p == q and hash(p) == hash(q) and repr(p) == "Point(x=1, y=(2,))"
    assert Again(3).y == () and Again(3) != p
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2  # type: ignore[misc]
    # compiled without this test module's `from __future__ import annotations`
    assert Again.__init__.__annotations__ == Point.__init__.__annotations__
    assert Again.__init__.__annotations__["x"] is int


def test_other_modules_are_not_kept(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = _CodeTable(str(tmp_path / "table.marshal"))
    monkeypatch.setattr(dataclasses, "exec", table.exec, raising=False)

    @dataclasses.dataclass
    class Local:
        a: int

    assert Local(1) == Local(1)
    assert table.codes == {} and not table.grew
    # compiled as `dataclasses` would: without dataclass_code.py's `from __future__
    # import annotations`, which left '_type_a' (this test module's own leaves 'int')
    assert Local.__init__.__annotations__ == {"a": "int", "return": None}
    assert typing.get_type_hints(Local.__init__) == {"a": int, "return": type(None)}


@pytest.mark.parametrize(
    "content",
    [
        b"",  # empty
        b"\x00\x00\x00\x00\x00" + b"junk",  # another interpreter's magic number
        HEADER + b"\xff\x00",  # damaged
        HEADER + marshal.dumps([1]),
        HEADER + marshal.dumps({"asc_xdsl.x": (1, b"\xff")}),  # a damaged chunk
        # layout 1: one flat table of sources
        MAGIC_NUMBER
        + bytes([sys.flags.optimize])
        + marshal.dumps({"x = 1": compile("x = 1", "", "exec")}),
    ],
    # named, not by their bytes: marshal's output may differ between processes (its
    # reference flags), and pytest-xdist's workers must collect the same test ids
    ids=["empty", "other-magic", "damaged", "not-a-table", "damaged-chunk", "layout-1"],
)
def test_unusable_tables_are_ignored(tmp_path, content: bytes) -> None:
    path = tmp_path / "table.marshal"
    path.write_bytes(content)
    assert _CodeTable(str(path)).codes == {}


def test_a_module_chunk_is_read_when_the_module_makes_a_dataclass(
    tmp_path, fake_module, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(tmp_path / "table.marshal")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    first = _CodeTable(path)
    _point_class(first, fake_module, monkeypatch)
    first.write()

    second = _CodeTable(path)
    assert set(second.stored) == {fake_module.__name__} and second.chunks == {}
    _point_class(second, fake_module, monkeypatch)
    assert set(second.chunks) == {fake_module.__name__} and not second.grew
    second.write()  # nothing new: not rewritten, and a rewrite keeps unread chunks as read
    other = types.ModuleType("asc_xdsl._dataclass_code_other")
    monkeypatch.setitem(sys.modules, other.__name__, other)
    third = _CodeTable(path)
    _point_class(third, other, monkeypatch)
    assert third.grew and fake_module.__name__ not in third.chunks
    third.write()
    assert set(_CodeTable(path).stored) == {fake_module.__name__, other.__name__}


def test_beyond_the_limit_only_sources_in_use_are_kept(
    tmp_path, fake_module, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(tmp_path / "table.marshal")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    table = _CodeTable(path)
    table.chunk("asc_xdsl.old")["x = 1"] = compile("x = 1", "", "exec")
    _point_class(table, fake_module, monkeypatch)
    monkeypatch.setattr(dataclass_code, "_MAX_ENTRIES", 1)
    table.write()
    kept = _CodeTable(path)
    assert set(kept.stored) == {fake_module.__name__}
    assert set(kept.codes) == table.used[fake_module.__name__]


def test_not_written_without_bytecode_writing(
    tmp_path, fake_module, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "table.marshal"
    table = _CodeTable(str(path))
    _point_class(table, fake_module, monkeypatch)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    table.write()
    assert not path.exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    (tmp_path / "a_file").write_text("")
    table.path = str(tmp_path / "a_file" / "table.marshal")
    table.write()  # a folder that cannot be made or written is no error
    assert not path.exists()
