"""printf, DumpTensor and PrintTimeStamp output, in CANN 9.x (asc-devkit master) format.

Every record starts with `[AIV Block i/N] ` (`AIC` for cube kernels), N being the number
of cores the launch uses (block_dim x the task ratio: 1 for vector and cube kernels, 2
AIVs per block for mix kernels). DumpTensor prints

    [AIV Block 0/8] DumpTensor: desc=5, addr=0, data_type=float32, position=UB, dump_size=8
    [AIV Block 0/8] [1.000000, 2.000000, ...]

`ASCENDC_DUMP=0` silences DumpTensor and DumpAccChkPoint (printf still prints).
"""

from __future__ import annotations

import os
import re
import sys

import numpy as np

from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32
from asc_xdsl.runtime.simulator.memory import GmPtr

_SPEC = re.compile(r"%(%|[-+ #0]*\d*(?:\.\d+)?(?:ll|l)?[diuxfsp])")


def record_prefix(core, block_dim: int, kernel_type: str) -> str:
    """`[AIV Block i/N] `: the core's kind, its GetBlockIdx and the number of cores of
    its kind (a mix kernel has 2 AIVs per block)."""
    total = block_dim * (2 if kernel_type == "mix" and core.kind == "AIV" else 1)
    return f"[{core.kind} Block {core.block_idx}/{total}] "


def _address(v) -> int:
    """A %p argument: a GM pointer is its array's host address plus its offset (what
    the CPU debug build prints); anything else is already a number."""
    if isinstance(v, GmPtr):
        base = getattr(v.buf, "caller", v.buf.u8)  # a padded copy keeps the caller's array
        return base.ctypes.data + v.byte_offset
    return int(v)


def format_printf(fmt: str, args: list) -> str:
    """C printf as the device prints it: `%x` is 64-bit, `%u` unsigned, `%f` 6 decimals."""
    values = iter(args)

    def conv(m: re.Match) -> str:
        spec = m.group(1)
        if spec == "%":
            return "%"
        v = next(values)
        letter = spec[-1]
        flags = spec[:-1].replace("ll", "").replace("l", "")
        if letter in "di":
            return f"%{flags}d" % int(v)
        if letter == "u":
            return f"%{flags}d" % (int(v) & ((1 << 64) - 1) if int(v) < 0 else int(v))
        if letter == "x":
            return f"%{flags}x" % (int(v) & ((1 << 64) - 1))
        if letter == "f":
            return f"%{flags}f" % float(v)
        if letter == "p":
            return f"0x{_address(v) & ((1 << 64) - 1):x}"
        return f"%{flags}s" % (v,)

    return _SPEC.sub(conv, fmt)


def emit(prefix: str, text: str) -> None:
    """Write `text` with `prefix` at the start of each of its lines."""
    lines = text.split("\n")
    out = "\n".join(prefix + line if line else line for line in lines)
    sys.stdout.write(out)


def dump_enabled() -> bool:
    return os.environ.get("ASCENDC_DUMP", "1") != "0"


def format_values(values: np.ndarray, bf16: bool = False) -> str:
    if bf16:
        values = bf16_to_f32(values)
    if values.dtype.kind == "f":
        items = [f"{float(v):f}" for v in values]
    else:
        items = [str(int(v)) for v in values]
    return "[" + ", ".join(items) + "]"


def format_tensor_print(values: np.ndarray, itemsize: int, bf16: bool = False) -> str:
    """LocalTensor::Print (CPU-debug build): rows of one 32-byte block's elements, each
    row `%04d : ` (its first index) then the values as an ostream writes them (floats
    `%g`, 8-bit types as int32), each followed by a space."""
    if bf16:
        values = bf16_to_f32(values)
    per_row = 32 // itemsize
    floats = values.dtype.kind == "f"
    rows = []
    for start in range(0, len(values), per_row):
        row = values[start : start + per_row]
        items = [f"{float(v):g}" if floats else str(int(v)) for v in row]
        rows.append(f"{start:04d} : " + "".join(i + " " for i in items) + "\n")
    return "".join(rows)


def format_dump(
    desc: int,
    addr: int,
    dtype_label: str,
    position: str,
    values: np.ndarray,
    requested: int,
    bf16: bool = False,
) -> str:
    head = (
        f"DumpTensor: desc={desc}, addr={addr}, data_type={dtype_label}, "
        f"position={position}, dump_size={requested}\n"
    )
    body = format_values(values, bf16) + "\n"
    if values.size < requested:
        body += "data is not enough.\n"
    return head + body


def format_time_stamp(desc_id: int, cycles: int, pc: int) -> str:
    return f"descId is {desc_id}, rsv is 0, timeStamp is {cycles}, pcPtr is {pc}, entry is 0.\n"
