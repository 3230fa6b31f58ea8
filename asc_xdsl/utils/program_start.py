"""Imported first by our command-line programs (`asc_xdsl.opt`, `.run`, `.build`,
`.prof`): when the process is one of them, the opt-in fast start is turned on before
they import xDSL (`fast_start.for_program`). Imported by a library user's program, it
turns nothing on."""

from asc_xdsl.utils.fast_start import for_program

for_program()
