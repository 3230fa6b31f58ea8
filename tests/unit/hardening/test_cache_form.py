"""Issue 34: a disk-cache entry keeps its module as data (`module.json`,
`frontend/cache_ir.py`), which a hit loads instead of parsing `module.mlir`: the same
module (printed with its locations and name hints it is `module.mlir`'s text), used only
while it mirrors the entry's `module.mlir`, and a bad one is a discarded entry."""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend import cache, cache_ir

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "examples"))
import vector_add


@asc.jit
def counted(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    i = 0
    while i < n:  # scf.while: its location inside a custom form
        if i % 2 == 0:  # scf.if with results  # noqa: SIM108 (a runtime if, on purpose)
            v = g.get_value(i) + 1.0
        else:
            v = g.get_value(i) * 2.0
        g.set_value(i, v)
        i += 1


X = np.zeros(8 * 2048, np.float32)
KERNELS = {
    "vector add": lambda: vector_add.vadd_kernel.compile(X, X, X, 2048, 512, always_compile=True),
    "while and if": lambda: counted.compile(X, 16, always_compile=True),
}


@pytest.mark.parametrize("kernel", KERNELS, ids=list(KERNELS))
def test_the_form_loads_the_module_it_was_made_from(kernel):
    module = KERNELS[kernel]().module
    text = cache._with_locations(module)
    form = cache_ir.dump(module, cache.text_hash(text))
    assert form is not None
    loaded = cache_ir.load(form, cache.text_hash(text))
    loaded.verify()
    assert cache._with_locations(loaded) == text  # ops, attributes, locations, names
    pairs = list(zip(module.walk(), loaded.walk(), strict=True))
    assert all(type(a) is type(b) for a, b in pairs)
    assert all(a.properties == b.properties and a.attributes == b.attributes for a, b in pairs)
    # mirroring another module.mlir text: not used (the text is parsed instead)
    assert cache_ir.load(form, cache.text_hash(text + " ")) is None


def test_a_module_the_form_cannot_hold_gets_none():
    from xdsl.dialects.builtin import NameLoc, StringAttr, UnknownLoc

    module = counted.compile(X, 16, always_compile=True).module
    op = next(iter(module.walk()))
    op.location = NameLoc(StringAttr("named"), UnknownLoc())  # not file:line:col
    assert cache_ir.dump(module, "digest") is None


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ASC_XDSL_CACHE_DIR", str(tmp_path / "cache"))
    counted._compiled.clear()
    return tmp_path / "cache"


def launch() -> float:
    x = np.ones(16, np.float32)
    counted[1](x, 16, backend="cpu")
    return float(x[0] + x[1])


def test_a_hit_loads_the_form_without_the_ir_parser(fresh_cache, monkeypatch):
    assert launch() == 4.0
    entry = next((fresh_cache / "kernels").iterdir())
    meta = json.loads((entry / "kernel.json").read_text())
    assert set(meta["files"]) == {"module.mlir", "module.json"}
    counted._compiled.clear()

    def no_parse(text):
        raise AssertionError("the hit parsed module.mlir")

    monkeypatch.setattr("asc_xdsl.frontend.ir_context.parse_module", no_parse)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert launch() == 4.0
        hit = counted.compile(np.ones(16, np.float32), 16)
    assert hit.metadata.get("from_disk_cache") is True


@pytest.mark.parametrize("damage", ["not json", "bad op", "bad value"])
def test_a_damaged_form_is_a_discarded_entry(fresh_cache, damage):
    assert launch() == 4.0
    entry = next((fresh_cache / "kernels").iterdir())
    form = json.loads((entry / "module.json").read_text())
    if damage == "not json":
        text = "{"
    else:
        func = form["op"][7][0][0][3][1]  # the module's func.func
        if damage == "bad op":
            func[0] = "func.no_such_op"
        else:
            func[7][0][0][3][0][1] = [10**6]  # an operand numbered past every value
        text = json.dumps(form)
    (entry / "module.json").write_text(text)
    meta = json.loads((entry / "kernel.json").read_text())
    meta["files"]["module.json"] = cache.text_hash(text)  # (past the digest)
    (entry / "kernel.json").write_text(json.dumps(meta))
    counted._compiled.clear()
    with pytest.warns(cache.CacheWarning, match="its module.json does not load"):
        assert launch() == 4.0
    counted._compiled.clear()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert launch() == 4.0  # rebuilt: a hit again
