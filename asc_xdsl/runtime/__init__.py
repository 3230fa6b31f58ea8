"""Kernel launch: the CPU simulator and the CANN backend (not written yet)."""
