"""Logging: a logger per area (asc_xdsl.compile, .cache, .launch, .simulator), quiet
unless ASC_XDSL_LOG asks; the root logger is never configured."""

import logging
import sys

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl import log


@pytest.fixture(autouse=True)
def _quiet_afterwards():
    yield
    log.configure("")


@asc.jit
def logged_scale(x: asc.GlobalAddress, n: int, tile: asc.ConstExpr[int]):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, tile)
    mine = gm[asc.get_block_idx() * tile :]  # each block its own tile
    asc.data_copy(t, mine, tile)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, 2.0, tile)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(mine, t, tile)


def _lines(capsys) -> list[str]:
    return capsys.readouterr().err.splitlines()


def test_debug_says_what_each_area_does(capsys):
    log.configure("debug")
    x = np.ones(128, np.float32)
    logged_scale._compiled.clear()
    logged_scale[2](x, 64, 64, always_compile=True)
    lines = _lines(capsys)
    assert "asc_xdsl.cache: DEBUG: kernel logged_scale: always_compile, the cache is not used" in (
        lines
    )
    compiled = [line for line in lines if line.startswith("asc_xdsl.compile: INFO: ")]
    assert len(compiled) == 1
    assert "kernel logged_scale compiled in " in compiled[0]
    assert "(vector kernel; parameters x=GM float32*, n=int32, tile=64)" in compiled[0]
    assert "asc_xdsl.launch: INFO: kernel logged_scale[2] on backend cpu" in lines
    sim = [line for line in lines if line.startswith("asc_xdsl.simulator: INFO: ")]
    assert len(sim) == 1 and "kernel logged_scale: 2 block(s) on Ascend910B1, " in sim[0]
    assert " us modelled (slowest block), " in sim[0] and sim[0].endswith(" s wall")
    # the second launch is a hit of this process's cache
    logged_scale[2](x, 64, 64)
    lines = _lines(capsys)
    assert "asc_xdsl.cache: DEBUG: kernel logged_scale: compiled in this process (memory hit)" in (
        lines
    )
    assert not any(line.startswith("asc_xdsl.compile") for line in lines)


def test_levels_per_area(capsys):
    log.configure("warning, cache=info")
    logged_scale._compiled.clear()
    logged_scale[1](np.ones(64, np.float32), 64, 64)
    lines = _lines(capsys)
    assert lines and all(line.startswith("asc_xdsl.cache: INFO: ") for line in lines)


def test_quiet_by_default_and_the_root_logger_is_left_alone(capsys):
    root = logging.getLogger()
    before = (list(root.handlers), root.level)
    log.configure("")
    logged_scale._compiled.clear()
    logged_scale[1](np.ones(64, np.float32), 64, 64, always_compile=True)
    assert _lines(capsys) == []
    assert logging.getLogger("asc_xdsl").handlers == []
    log.configure("debug")
    assert (list(root.handlers), root.level) == before
    assert logging.getLogger("asc_xdsl").propagate is False  # no line twice
    log.configure("")
    assert logging.getLogger("asc_xdsl").handlers == []
    assert logging.getLogger("asc_xdsl").propagate is True


def test_an_application_s_own_logging_set_up_sees_the_records(caplog):
    log.configure("")
    with caplog.at_level(logging.INFO, logger="asc_xdsl"):
        logged_scale._compiled.clear()
        logged_scale[1](np.ones(64, np.float32), 64, 64, always_compile=True)
    areas = {r.name for r in caplog.records}
    assert {"asc_xdsl.compile", "asc_xdsl.launch", "asc_xdsl.simulator"} <= areas


def test_a_malformed_value_is_named(monkeypatch):
    with pytest.raises(ValueError, match=r"ASC_XDSL_LOG='loud': 'loud' is not LEVEL"):
        log.configure("loud")
    with pytest.raises(ValueError, match=r"areas: compile, cache, launch, simulator"):
        log.configure("kernel=debug")
    # read from the environment at the first use: a warning, and nothing changes
    monkeypatch.setenv("ASC_XDSL_LOG", "loud")
    log._state.clear()
    with pytest.warns(RuntimeWarning, match="logging stays as it was"):
        log.logger("compile")
    assert logging.getLogger("asc_xdsl").handlers == []


def test_before_logging_is_imported_a_stand_in_drops_debug_and_info(monkeypatch, caplog):
    """`logger()` imports nothing while `logging` is not loaded (a cold start): the
    stand-in drops DEBUG and INFO as an unconfigured `logging` would, and hands over to
    the real logger once `logging` is loaded."""
    monkeypatch.delenv(log.LOG_ENV, raising=False)
    monkeypatch.delitem(sys.modules, "logging")
    quiet = log.logger("compile")
    assert isinstance(quiet, log._Quiet)
    assert not quiet.isEnabledFor(logging.INFO) and quiet.isEnabledFor(logging.WARNING)
    quiet.info("dropped")
    assert "logging" not in sys.modules
    monkeypatch.setitem(sys.modules, "logging", logging)
    with caplog.at_level(logging.INFO, logger="asc_xdsl.compile"):
        quiet.info("kept %d", 1)
        assert quiet.isEnabledFor(logging.INFO)
    assert caplog.messages == ["kept 1"]
    assert quiet.name == "asc_xdsl.compile"


def test_the_stand_in_hands_anything_else_to_logging(monkeypatch, capsys):
    """A warning (or any other logger attribute) through the stand-in imports `logging`
    and goes to the real logger (here a fresh `logging`: its last-resort handler)."""
    monkeypatch.delenv(log.LOG_ENV, raising=False)
    monkeypatch.delitem(sys.modules, "logging")
    quiet = log.logger("launch")
    assert isinstance(quiet, log._Quiet)
    quiet.warning("said %s", "once")
    assert "logging" in sys.modules
    assert capsys.readouterr().err == "said once\n"
