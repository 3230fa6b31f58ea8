"""`OpFamily.defer`: a table's rows of specs are stated when first asked for, and what
every reader sees is what stating them all at import gave (docs/performance.md,
"Default cold start (session 13)")."""

from __future__ import annotations

import subprocess
import sys

import pytest

from asc_xdsl.dialects.ascendc.spec import INT, Operand, OpFamily, OpSpec, spec_op_class


@pytest.fixture(autouse=True)
def _own_registry(monkeypatch):
    """The test's families leave the process's op registry as they found it."""
    from asc_xdsl.dialects.ascendc import spec

    monkeypatch.setattr(spec, "_BY_OP_NAME", dict(spec._BY_OP_NAME))
    monkeypatch.setattr(spec, "_DEFERRING", list(spec._DEFERRING))


_ROWS = (("Alpha", "alpha_x", "alpha"), ("Beta", "beta_x", "beta"), ("Gamma", "gamma_x", None))


def _family(module: str, stated: list[str], names=None) -> OpFamily:
    """A family with an eager spec, a deferred table of three rows and another eager one."""
    family = OpFamily(module)
    family.add("FirstOp", OpSpec(f"{module}_first", "First", (Operand("n", INT),)))

    def state(row: tuple) -> None:
        stated.append(row[0])
        for level in ("0", "2"):
            spec = OpSpec(f"{module}_{row[1]}_l{level}", row[0], (Operand("n", INT),), py=row[2])
            family.add(f"{row[0]}L{level}Op", spec)

    def listed(row: tuple) -> tuple:
        ops = (f"{module}_{row[1]}_l0", f"{module}_{row[1]}_l2")
        return (f"{row[0]}L0Op", f"{row[0]}L2Op"), ops, (row[2],) if row[2] else ()

    family.defer(_ROWS, names or listed, state)
    family.add("LastOp", OpSpec(f"{module}_last", "Last", (Operand("n", INT),)))
    return family


def test_a_row_is_stated_when_its_class_op_or_function_is_first_asked_for(monkeypatch) -> None:
    import types

    # (a class is made in its family's module: this family's is a module of the test's)
    monkeypatch.setitem(sys.modules, "deferred_a", types.ModuleType("deferred_a"))
    stated: list[str] = []
    family = _family("deferred_a", stated)
    assert stated == []
    assert family.has("BetaL2Op") and stated == ["Beta"]
    assert [e.class_name for e in family.named("alpha")] == ["AlphaL0Op", "AlphaL2Op"]
    assert stated == ["Beta", "Alpha"]
    assert spec_op_class("ascendc.deferred_a_gamma_x_l0") is not None and stated == [
        "Beta",
        "Alpha",
        "Gamma",
    ]
    assert len(family.entries) == 8  # (everything is stated now: nothing runs twice)
    assert stated == ["Beta", "Alpha", "Gamma"]


def test_entries_keep_the_statement_order_whatever_was_stated_first() -> None:
    early, late = [], []
    asked = _family("deferred_b", early)
    asked.has("GammaL0Op")
    asked.named("alpha")
    order = list(asked.entries)
    assert order == list(_family("deferred_c", late).entries)
    assert order == [
        "FirstOp",
        "AlphaL0Op",
        "AlphaL2Op",
        "BetaL0Op",
        "BetaL2Op",
        "GammaL0Op",
        "GammaL2Op",
        "LastOp",
    ]
    assert early == ["Gamma", "Alpha", "Beta"] and late == ["Alpha", "Beta", "Gamma"]


def test_a_row_that_states_what_its_names_do_not_list_is_refused() -> None:
    family = _family(
        "deferred_d",
        [],
        names=lambda row: ((f"{row[0]}L0Op",), (f"deferred_d_{row[1]}_l0",), (row[2],)),
    )
    with pytest.raises(ValueError, match="a deferred row states AlphaL2Op"):
        family.has("AlphaL0Op")


def test_a_row_that_states_a_python_name_its_names_do_not_list_is_refused() -> None:
    """(`named` finds a row by the Python names it lists: one left out would never be
    found by its function)"""
    family = _family(
        "deferred_f",
        [],
        names=lambda row: (
            (f"{row[0]}L0Op", f"{row[0]}L2Op"),
            (f"deferred_f_{row[1]}_l0", f"deferred_f_{row[1]}_l2"),
            (),
        ),
    )
    with pytest.raises(ValueError, match="a deferred row states AlphaL0Op"):
        family.has("AlphaL0Op")


def test_a_row_that_leaves_out_a_listed_class_is_refused() -> None:
    def listed(row: tuple) -> tuple:
        classes = (f"{row[0]}L0Op", f"{row[0]}L2Op", f"{row[0]}L1Op")
        return classes, (f"deferred_e_{row[1]}_l0", f"deferred_e_{row[1]}_l2"), (row[2],)

    family = _family("deferred_e", [], names=listed)
    with pytest.raises(ValueError, match=r"does not state \['AlphaL1Op'\]"):
        family.has("AlphaL0Op")


def test_a_vector_add_states_only_the_add_row_of_the_vector_tables() -> None:
    code = """
import sys
sys.path.insert(0, "examples")
import numpy as np
import vector_add as m
x = np.zeros(2048, np.float32)
m.vadd_kernel.compile(x, x, x, 1024, 256, block_dim=2, always_compile=True)
from asc_xdsl.dialects.ascendc import vector
print(sorted(vector.FAMILY._entries))
print(len(vector.FAMILY.entries))
"""
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split("\n")
    stated = eval(out[0])  # (a list of class names)
    assert {"AddL0Op", "AddL1Op", "AddL2Op", "AddL3Op"} <= set(stated)
    assert "SubL2Op" not in stated and "ReluL2Op" not in stated
    assert int(out[1]) > 100  # (all of them, once `entries` is read)


def test_a_thread_asking_while_another_states_the_row_waits_for_it() -> None:
    import threading
    import time

    stated: list[str] = []
    family = OpFamily("deferred_f")

    def state(row: tuple) -> None:
        stated.append(row[0])
        time.sleep(0.05)  # (the other thread asks meanwhile)
        family.add(f"{row[0]}Op", OpSpec(f"deferred_f_{row[1]}", row[0], (Operand("n", INT),)))

    family.defer(
        (("Slow", "slow"),), lambda r: ((f"{r[0]}Op",), (f"deferred_f_{r[1]}",), ()), state
    )
    found: list[bool] = []
    threads = [threading.Thread(target=lambda: found.append(family.has("SlowOp"))) for _ in "ab"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert found == [True, True] and stated == ["Slow"]
