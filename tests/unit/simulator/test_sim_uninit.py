"""Reads of UB that nothing wrote (uninit.py): one finding per reading op at its source
line, "warn" by default, "error" and "off" by option or environment; kernels that read
only what they wrote stay silent."""

from __future__ import annotations

import inspect
import warnings

import numpy as np
import pytest
import uninit_kernels as U

from asc_xdsl.runtime import LaunchError
from asc_xdsl.runtime.simulator import TensorBoundsError
from asc_xdsl.runtime.simulator.uninit import (
    UNINIT_ENV,
    UninitializedReadError,
    UninitializedReadWarning,
)


def _line(kernel, needle: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if needle in line)


def _findings(launch) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        launch()
    return [str(w.message) for w in caught if w.category is UninitializedReadWarning]


def test_partial_copy_then_whole_tile_read_warns_once_per_site():
    x, y = np.arange(64, dtype=np.float32), np.zeros(64, np.float32)
    # (two blocks of a one-block kernel write the same y: not what this test is about)
    found = _findings(lambda: U.copies_too_little[2](x, y, 1, sanitize="off"))
    assert len(found) == 1  # one per op, not per block or launch
    line = _line(U.copies_too_little, "asc.muls(")
    assert f"uninit_kernels.py:{line}:5: block " in found[0]
    assert (
        "ascendc.muls_l2 (Muls): reads UB bytes [0, 256) of src, 128 of which nothing wrote "
        "(the first at byte 128, element 32 of src)"
    ) in found[0]
    assert "asc.muls(t, t, 2.0, 64)" in found[0]  # the source line, with a caret
    assert list(y[:4]) == [0, 2, 4, 6] and not y[32:].any()  # results unchanged


def test_get_value_of_an_unwritten_element():
    x = np.ones(8, np.int32)
    (found,) = _findings(lambda: U.reads_before_writing[1](x, 1))
    line = _line(U.reads_before_writing, "t.get_value(3)")
    assert f"uninit_kernels.py:{line}:9:" in found
    assert "GetValue): reads UB bytes [268, 272) of tensor" in found
    assert x[0] == 0


def test_error_mode_raises_at_the_op_and_off_mode_is_silent(monkeypatch):
    x, y = np.arange(64, dtype=np.float32), np.zeros(64, np.float32)
    with pytest.raises(UninitializedReadError, match=r"uninit_kernels.py:\d+:5: block 0: .*Muls"):
        U.copies_too_little[1](x, y, 1, uninit="error")
    assert _findings(lambda: U.copies_too_little[1](x, y, 1, uninit="off")) == []
    monkeypatch.setenv(UNINIT_ENV, "error")
    with pytest.raises(UninitializedReadError):
        U.copies_too_little[1](x, y, 1)
    monkeypatch.setenv(UNINIT_ENV, "loud")
    with pytest.raises(LaunchError, match="ASC_XDSL_SIM_UNINIT must be one of warn, error, off"):
        U.copies_too_little[1](x, y, 1)


def test_kernels_reading_what_they_wrote_are_silent():
    x, y = np.arange(64, dtype=np.float32), np.zeros(64, np.float32)
    for mode in ("warn", "error"):
        assert (
            _findings(lambda m=mode: U.reads_what_it_wrote[2](x, y, 2, uninit=m, sanitize="off"))
            == []
        )
    assert y[1] == 5.0 and y[0] == 1.0 and y[40] == 2 * 8 + 40  # b[32:] = 2a, then b += a


def test_an_error_of_the_op_itself_comes_first():
    with pytest.raises(TensorBoundsError, match="access past the end"):
        U.reads_past_its_tensor[1](np.zeros(64, np.float32), 1, uninit="error")


def test_set_value_marks_its_element_only():
    x = np.zeros(8, np.int32)
    (found,) = _findings(lambda: U.sets_one_reads_another[1](x, 1))
    line = _line(U.sets_one_reads_another, "t.get_value(1)")
    assert f"uninit_kernels.py:{line}:" in found and "UB bytes [516, 520)" in found
    assert list(x[:2]) == [7, 0]
