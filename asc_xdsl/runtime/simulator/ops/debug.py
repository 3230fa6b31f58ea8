"""printf, DumpTensor, DumpAccChkPoint, PrintTimeStamp, the MetricsProf region marks and
CANN's CPU-debug APIs LocalTensor::Print (printing.format_tensor_print) and ToFile (the
tensor's GetSize() x sizeof(T) bytes, raw, to the file named, relative to the working
directory as the CPU-debug build's is)."""

from __future__ import annotations

from asc_xdsl.dialects.ascendc import debug as dbg
from asc_xdsl.dialects.ascendc import tensor as ten
from asc_xdsl.runtime.simulator import printing
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.dtypes import dtype_label, is_bf16
from asc_xdsl.runtime.simulator.errors import ProfileRegionError, SimulatorError
from asc_xdsl.runtime.simulator.memory import GlobalTensor
from asc_xdsl.runtime.simulator.profile import C_S, CYCLE_OFFSET, I_S, RegionStats


@handles(ten.LocalTensorPrintOp)
def _print_tensor(op, comp):
    """`t.Print([len])`: the first min(len, GetSize()) elements (all without len)."""
    t = comp.slot(op.tensor)
    n = None if op.len is None else comp.slot(op.len)
    bf16 = is_bf16(op.tensor.type.element_type)

    def run(e, c, _op=op):
        tensor = e[t]
        tensor.check(0, "Print's tensor", vector=False)
        count = tensor.length if n is None else max(0, min(int(e[n]), tensor.length))
        text = printing.format_tensor_print(tensor.arr[:count], tensor.itemsize, bf16)
        printing.emit(c.prefix, text)

    return run


@handles(ten.LocalTensorToFileOp)
def _to_file(op, comp):
    t, name = comp.slot(op.tensor), op.file_name.data

    def run(e, c, _op=op):
        tensor = e[t]
        tensor.check(tensor.length, "ToFile's tensor", vector=False)
        try:
            with open(name, "wb") as f:
                f.write(tensor.arr[: tensor.length].tobytes())
        except OSError as err:
            raise SimulatorError(f"ToFile cannot write '{name}': {err.strerror}") from None

    return run


@handles(dbg.PrintfOp)
def _printf(op: dbg.PrintfOp, comp):
    fmt = op.desc.data
    args = comp.slots_of(op.vars)

    def run(e, c, _op=op):
        printing.emit(c.prefix, printing.format_printf(fmt, [e[a] for a in args]))

    return run


def _dump(t, desc: int, start: int, size: int, elem_type, c) -> None:
    if not printing.dump_enabled():
        return
    if isinstance(t, GlobalTensor):
        avail = max(0, (t.bound().nbytes - t.byte_offset) // t.itemsize - start)
        n = max(0, min(size, avail))
        values = t.elements(start, n, "DumpTensor reads")
        addr, position = t.byte_offset + start * t.itemsize, "GM"
    else:
        t.check(0, "tensor", vector=False)
        n = max(0, min(size, t.length - start))
        values = t.arr[start : start + n]
        addr = t.offset + start * t.itemsize
        position = {"UB": "UB", "L1": "L1", "L0C": "L0C"}.get(t.mem_name, t.mem_name)
    text = printing.format_dump(
        desc, addr, dtype_label(elem_type), position, values, size, is_bf16(elem_type)
    )
    printing.emit(c.prefix, text)


@handles(dbg.DumpTensorOp)
def _dump_tensor(op, comp):
    t, desc, size = comp.slot(op.tensor), comp.slot(op.desc), comp.slot(op.dump_size)
    et = op.tensor.type.element_type

    def run(e, c, _op=op):
        _dump(e[t], int(e[desc]), 0, int(e[size]), et, c)

    return run


@handles(dbg.DumpAccChkPointOp)
def _dump_chk(op, comp):
    t, idx, off, size = comp.slots_of(op.operands)
    et = op.tensor.type.element_type

    def run(e, c, _op=op):
        _dump(e[t], int(e[idx]), int(e[off]), int(e[size]), et, c)

    return run


@handles(dbg.PrintTimeStampOp)
def _time_stamp(op, comp):
    d = comp.slot(op.desc_id)

    def run(e, c, _op=op):
        k = c.cnt
        cycles = sum(k[CYCLE_OFFSET : CYCLE_OFFSET + 7])
        printing.emit(c.prefix, printing.format_time_stamp(int(e[d]), cycles, 0))

    return run


@handles(dbg.MetricsProfStartOp)
def _prof_start(op, comp):
    after = comp.scalar_ops_after()

    def run(e, c, _op=op):
        if c.region_start is not None:
            raise ProfileRegionError(
                "MetricsProfStart while a region is already open (regions do not nest; "
                "close it with MetricsProfStop first)"
            )
        snap = c.cnt.copy()
        # Scalar ops of this block are counted when the block starts; the ones after
        # this op have not run yet and belong to the region.
        snap[I_S] -= after[0]
        snap[C_S] -= after[0]
        c.region_start = (op, snap)

    return run


@handles(dbg.MetricsProfStopOp)
def _prof_stop(op, comp):
    after = comp.scalar_ops_after()

    def run(e, c, _op=op):
        if c.region_start is None:
            raise ProfileRegionError("MetricsProfStop without a matching MetricsProfStart")
        start_op, snap = c.region_start
        now = c.cnt.copy()
        now[I_S] -= after[0]
        now[C_S] -= after[0]
        diff = [a - b for a, b in zip(now, snap, strict=True)]
        c.regions.append(RegionStats.from_counters(diff, start_op.name))
        c.region_start = None

    return run
