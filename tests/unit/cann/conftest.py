"""Fixtures of the CANN runtime tests: the fake toolkit lives in cann_fake.py."""

from cann_fake import fake_libs, fake_toolkit, no_cann, pytest_configure

__all__ = ["fake_libs", "fake_toolkit", "no_cann", "pytest_configure"]
