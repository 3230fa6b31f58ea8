"""pyasc_suite: measures asc_xdsl against pyasc's own test suites (a developer tool).

    .venv/bin/python tools/pyasc_suite target [--file scf.mlir] [--verbose] [--json out.json]
    .venv/bin/python tools/pyasc_suite transforms
    .venv/bin/python tools/pyasc_suite python [--dir unit/language]
    .venv/bin/python tools/pyasc_suite tutorials

It reads a pyasc checkout at run time ($PYASC_SRC, default /work/ref/pyasc) and copies
nothing of it into this repository. See docs/yardsticks.md.
"""
