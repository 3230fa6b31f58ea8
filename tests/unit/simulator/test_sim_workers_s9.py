"""Blocks on worker processes, session 9 (runtime/simulator/workers.py): what a worker
pays per launch beyond its blocks."""

from __future__ import annotations

import abc
import io
import os

import numpy as np
import pytest
from xdsl.dialects import arith

from asc_xdsl.runtime.simulator import workers
from asc_xdsl.runtime.simulator.errors import GmAccessError

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers need fork()")


def test_a_workers_outcome_pickles_without_abc_checks(monkeypatch):
    """The outcome's pickler tells ops from other objects without `isinstance`:
    Operation's metaclass is ABCMeta, and its check of a type it has not seen walks
    every op class (in a fresh fork it wrote each class's cache, copying their pages:
    17-29 ms of a worker's CPU per launch, 2026-12-07). Ops still travel as indices."""
    checks = []
    instance_check, subclass_check = abc.ABCMeta.__instancecheck__, abc.ABCMeta.__subclasscheck__

    def counted_instance(cls, obj):
        checks.append((cls, type(obj)))
        return instance_check(cls, obj)

    def counted_subclass(cls, sub):
        checks.append((cls, sub))
        return subclass_check(cls, sub)

    op = arith.ConstantOp.from_int_and_width(3, 32)
    outcome = ("ok", [([1, 2], [(op, 5)], [], [], 7, "text", [])], np.zeros((0, 6), np.int64))
    err = GmAccessError("past the end")
    buf = io.BytesIO()
    monkeypatch.setattr(abc.ABCMeta, "__instancecheck__", counted_instance)
    monkeypatch.setattr(abc.ABCMeta, "__subclasscheck__", counted_subclass)
    workers._Pickler(buf, {id(op): 0}).dump((outcome, err))
    monkeypatch.undo()
    assert checks == []
    (back, back_err) = workers._Unpickler(io.BytesIO(buf.getvalue()), [op]).load()
    assert back[1][0][1][0][0] is op
    assert back[1][0][:2] == ([1, 2], [(op, 5)])
    assert type(back_err) is GmAccessError and back_err.args == err.args
