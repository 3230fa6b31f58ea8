"""The opt-in fast start's tests (asc_xdsl/utils/fast_start.py and the modules it
installs). What they test changes the whole process, so they run in a process of their
own with the fast start on: tests/unit/test_fast_start.py starts it (`pytest
tests/fast_start` alone does the same)."""

import os

os.environ["ASC_XDSL_FAST_START"] = "1"  # (and for the subprocesses the tests start)

import asc_xdsl

asc_xdsl.fast_start()  # before the test modules import xDSL
