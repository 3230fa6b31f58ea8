"""printf, asc_dump and scalar UB reads inside a vector function
(`dialects/ascendc/reg_debug.py`).

The records print as the kernel-side ones do (`printing.format_printf`,
`printing.format_dump`) but without the `[AIV Block i/N]` prefix: the host prints a
vector function's records as they are. `ASCENDC_DUMP=0` silences the dumps.
"""

from __future__ import annotations

from asc_xdsl.runtime.simulator import printing
from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.dtypes import dtype_label
from asc_xdsl.runtime.simulator.errors import TensorBoundsError
from asc_xdsl.runtime.simulator.ops.reg import _address, _elem, _read

VF_PREFIX = ""
"""What starts each line of a vector function's record (nothing)."""


def _printf(op, comp):
    fmt = op.desc.data
    args = comp.slots_of(op.vars)

    def run(e, c, _op=op):
        printing.emit(VF_PREFIX, printing.format_printf(fmt, [e[a] for a in args]))

    return run


def _dump_ubuf(op, comp):
    el = _elem(op.ptr.type)
    label = dtype_label(op.ptr.type.element_type)
    p, off, d, n = comp.slots_of(op.operands)

    def run(e, c, _op=op):
        if not printing.dump_enabled():
            return
        address = _address(e, p, off, el.size, "asc_dump_ubuf", el.size)
        size = int(e[n]) & 0xFFFFFFFF
        values = _read(c, address, el, size, "asc_dump_ubuf")
        text = printing.format_dump(int(e[d]) & 0xFFFFFFFF, address, label, "UB", values, size)
        printing.emit(VF_PREFIX, text)

    return run


def _dump_reg(op, comp):
    el = _elem(op.src.type)
    label = dtype_label(op.src.type.element_type)
    s, d, n = comp.slots_of(op.operands)

    def run(e, c, _op=op):
        if not printing.dump_enabled():
            return
        size = int(e[n]) & 0xFFFFFFFF
        if size > el.lanes:
            raise TensorBoundsError(
                f"asc_dump_reg: dump_size {size} is more than the register's {el.lanes} "
                f"elements of {label}"
            )
        text = printing.format_dump(int(e[d]) & 0xFFFFFFFF, 0, label, "REG", e[s][:size], size)
        printing.emit(VF_PREFIX, text)

    return run


_BUILDERS = {
    "printf": _printf,
    "dump_ubuf": _dump_ubuf,
    "dump_reg": _dump_reg,
}


@sim_hook("reg_debug")
def _reg_debug(op, comp, key: str):
    return _BUILDERS[key](op, comp)
