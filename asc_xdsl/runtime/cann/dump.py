"""Device printf / DumpTensor / PrintTimeStamp: the dump buffer, and its decoding.

What the device writes is Ascend C's own code (asc-devkit, arch 2201 and 2002):

- `impl/utils/debug/asc_debug_utils.h`: the buffer is `g_sysPrintFifoSpace`; core `c`
  (`get_coreid() % 75`, `npu_arch_2201/asc_debug_utils_impl.h`) uses the block at
  `c * length`, `length` read from the first block's head; a block whose head's magic
  is not 0xAE86 is skipped (nothing printed). Its ring buffer starts at the head's
  `ringBufAddr` (a device address); the write record follows the ring buffer, the read
  record follows the head. Writes advance `bufOffset` by each record's length and
  `packIdx` by 1; when the ring is full and nobody reads it, records are dropped
  after a wait (`check_ringbuf_space`).
- `impl/utils/debug/asc_debug_types.h`: `DebugBlockHeadInfo` (56 bytes: length, coreId,
  blockNum, ringBufLen, u16 magic, u16 flag 0 AIC / 1 AIV, rsv, u64 ringBufAddr, u64
  debugBusAddr, 4 x u32), `DebugBlockReadInfo` / `DebugBlockWriteInfo` (24 bytes:
  u32 type DUMP_BUFO 9 / DUMP_BUFI 8, u32 length 16, u64 bufOffset, u64 resv /
  packIdx); records (TLVs) start with u32 type, u32 length (bytes after these 8):
  DUMP_SCALAR 1 and DUMP_ASSERT 4 (`PrintTlv`), DUMP_TENSOR 2 (`DumpTensorTlv`),
  DUMP_TIME_STAMP 6 (`TimeStampTlv`), DUMP_SKIP 10 (the rest of the ring is unused).
- `impl/utils/debug/asc_aicore_printf_impl.h`: a printf record is `PrintTlv` (type,
  length, u32 blockIdx, u32 resv, u64 fmtOffset = (n + 1) * 8), then n 8-byte
  argument slots, then the format: the `[AIV Block %u/%u] ` (`AIC` on the cube core)
  head without its NUL, then the user's format with its NUL, then the `%s` strings
  (with NUL). The head's two numbers are the first two arguments. A `%s` slot holds
  the string's offset from the slot itself; floats (half, bf16 converted) are a
  float32 in the slot's low bytes; signed integers int64, unsigned and pointers uint64
  (`npu_arch_2201/asc_aicore_printf_utils.h`).
- `impl/utils/debug/asc_aicore_dump_impl.h`: a DumpTensor record is `DumpTensorTlv`
  (72 bytes: type, length, u32 tensorAddr, u32 dataType (ACL dtype), u32 desc, u32
  bufferId, u16 position (`AscendC::Hardware`: GM, UB, L1, L0A, L0B, L0C, BIAS,
  FIXBUF), u16 blockIdx, u32 dim, u32 shape[8], u32 resv, u32 dumpSize in bytes) and
  the data padded to 32 bytes.

On CANN the runtime allocates this buffer and prints it. asc_xdsl's launch owns it
instead, so the text comes back the same way on `npu` and `model`: the kernel takes
a hidden last parameter `__gm__ uint8_t* asc_xdsl_dump` and starts with
`g_sysPrintFifoSpace = asc_xdsl_dump;` (`instrument`); the launch fills every block's
head (`init_blocks`), and after the launch decodes the blocks (`decode`) into the
simulator's format (`runtime/simulator/printing.py`): one record per printf, DumpTensor
as a `DumpTensor: desc=...` line and a values line, each line with the block prefix.

Stdlib + numpy only: a prebuilt kernel decodes its output without xDSL.
"""

from __future__ import annotations

import os
import re
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from asc_xdsl.runtime.cann.errors import CannError

DUMP_ENV = "ASCENDC_DUMP"
"""`ASCENDC_DUMP=0` builds printing kernels without printf/DumpTensor (pyasc's switch)."""
DUMP_PARAM = "asc_xdsl_dump"
"""Name of the hidden dump-buffer parameter the build adds to a printing kernel."""
DUMP_OPS = frozenset(
    {"ascendc.printf", "ascendc.dump_tensor", "ascendc.dump_acc_chk_point",
     "ascendc.print_time_stamp"}
)  # fmt: skip
"""Ops that write the dump buffer: a kernel with any of them is built with it."""

CORES = 75
"""Blocks in the buffer: the device indexes it by `get_coreid() % 75` (arch 2201)."""
BLOCK_BYTES = 1 << 20
"""Bytes per block (pyasc's ONE_CORE_DUMP_SIZE): 75 MiB for the whole buffer."""
MAGIC = 0xAE86

HEAD = struct.Struct("<IIIIHHIQQ16x")  # DebugBlockHeadInfo
RW_INFO = struct.Struct("<IIQQ")  # DebugBlockReadInfo / DebugBlockWriteInfo
TL = struct.Struct("<II")
PRINT_TLV = struct.Struct("<IIIIQ")
TENSOR_TLV = struct.Struct("<IIIIIIHHI8III")
TIME_STAMP_TLV = struct.Struct("<IIIHHQQQ8x")
assert (HEAD.size, RW_INFO.size, PRINT_TLV.size, TENSOR_TLV.size, TIME_STAMP_TLV.size) == (
    56, 24, 24, 72, 48
)  # fmt: skip

DUMP_SCALAR, DUMP_TENSOR, DUMP_ASSERT, DUMP_TIME_STAMP = 1, 2, 4, 6
DUMP_BUFI, DUMP_BUFO, DUMP_SKIP = 8, 9, 10
RING_OFFSET = HEAD.size + RW_INFO.size
"""Where a block's ring buffer starts (after the head and the read record)."""

POSITIONS = ("GM", "UB", "L1", "L0A", "L0B", "L0C", "BIAS", "FIXBUF")
"""`AscendC::Hardware` (impl/utils/common_types.h), the DumpTensor position field."""
ACL_DTYPES: dict[int, str] = {
    0: "float32", 1: "float16", 2: "int8", 3: "int32", 4: "uint8", 6: "int16",
    7: "uint16", 8: "uint32", 9: "int64", 10: "uint64", 11: "float64", 12: "bool",
    27: "bfloat16",
}  # fmt: skip
"""ACL data type codes (`DumpTensorDataType`) -> numpy names (bf16 by its bits)."""


class DumpDecodeError(CannError, ValueError):
    """The dump buffer holds bytes that are not what the device writes."""


MIN_BLOCK_BYTES = 16 << 10
"""The smallest block `buffer_layout` gives a launch of many blocks on arch 2002."""
INDEX_BY_ARCH = {2201: "core", 2002: "block"}
"""How the device picks its block: `get_coreid() % 75` on 2201
(npu_arch_2201/asc_debug_utils_impl.h), its block index on 2002
(npu_arch_2002/asc_debug_utils_impl.h), which can exceed 75."""


def enabled() -> bool:
    """Whether printing kernels are built with their prints (`ASCENDC_DUMP` is not
    0 / false)."""
    return os.environ.get(DUMP_ENV, "1").lower() not in ("0", "false")


def manifest_entry(npu_arch: int) -> dict[str, object]:
    """The manifest's `dump` record for a printing kernel of `npu_arch`."""
    index = INDEX_BY_ARCH.get(npu_arch, "core")
    return {"cores": CORES, "block_bytes": BLOCK_BYTES, "index": index}


def buffer_layout(entry: dict[str, object], block_dim: int) -> tuple[int, int]:
    """(blocks, bytes per block) of the buffer a launch of `block_dim` blocks passes:
    75 x 1 MiB, or on arch 2002 one block per launched block when there are more than
    75, their size shrunk to keep the buffer near 75 MiB (down to 16 KiB)."""
    cores, block_bytes = int(entry["cores"]), int(entry["block_bytes"])
    if entry.get("index") != "block" or block_dim <= cores:
        return cores, block_bytes
    shrunk = (cores * block_bytes // block_dim) & ~0xFFF
    return block_dim, max(MIN_BLOCK_BYTES, shrunk)


def ring_len(block_bytes: int = BLOCK_BYTES) -> int:
    return block_bytes - RING_OFFSET - RW_INFO.size


def init_blocks(device_address: int, cores: int = CORES, block_bytes: int = BLOCK_BYTES) -> bytes:
    """The buffer's initial bytes for a buffer at `device_address`: every block's head
    (magic, its ring buffer's device address and length) and empty read/write records."""
    ring = ring_len(block_bytes)
    out = bytearray(cores * block_bytes)
    for core in range(cores):
        base = core * block_bytes
        ring_addr = device_address + base + RING_OFFSET
        HEAD.pack_into(out, base, block_bytes, core, cores, ring, MAGIC, 0, 0, ring_addr, 0)
        RW_INFO.pack_into(out, base + HEAD.size, DUMP_BUFO, 16, 0, 0)
        RW_INFO.pack_into(out, base + RING_OFFSET + ring, DUMP_BUFI, 16, 0, 0)
    return bytes(out)


def instrument(source: str, kernel: str) -> str:
    """`source` with the kernel taking the dump buffer as its last parameter and
    pointing Ascend C's print buffer at it first thing."""
    match = re.search(
        rf'extern "C" __global__ __aicore__ void {re.escape(kernel)}\(([^)]*)\)\s*\{{\n', source
    )
    if match is None:
        raise CannError(
            f'cannot add the dump buffer parameter: no `extern "C" __global__ __aicore__ '
            f"void {kernel}(...) {{` in the kernel's Ascend C"
        )
    params = match.group(1).strip()
    head = f"{params}, " if params else ""
    new = (
        f'extern "C" __global__ __aicore__ void {kernel}({head}__gm__ uint8_t* {DUMP_PARAM}) {{\n'
        f"  g_sysPrintFifoSpace = {DUMP_PARAM};\n"
    )
    return source[: match.start()] + new + source[match.end() :]


# ---------------------------------------------------------------------------
# Decoding
# ---------------------------------------------------------------------------

_SPEC = re.compile(r"%(%|[-+ #0]*\d*(?:\.\d+)?(?:ll|l|h|hh|z)?[diuxXfFeEgGcsp])")


def format_c(fmt: str, slot: Callable[[int], bytes], string: Callable[[int], str]) -> str:
    """C printf of `fmt` with argument i read by `slot(i)` (8 raw bytes) or, for `%s`,
    `string(i)`: what the device's values mean (see the module docstring)."""
    index = 0

    def conv(m: re.Match) -> str:
        nonlocal index
        spec = m.group(1)
        if spec == "%":
            return "%"
        i, index = index, index + 1
        letter = spec[-1]
        flags = re.sub(r"(ll|l|hh|h|z)$", "", spec[:-1])
        if letter == "s":
            return f"%{flags}s" % string(i)
        raw = slot(i)
        if letter in "fFeEgG":
            return f"%{flags}{letter}" % struct.unpack_from("<f", raw)[0]
        if letter in "di":
            return f"%{flags}d" % struct.unpack_from("<q", raw)[0]
        unsigned = struct.unpack_from("<Q", raw)[0]
        if letter == "p":
            return f"0x{unsigned:x}"
        if letter == "c":
            return f"%{flags}c" % chr(unsigned & 0xFF)
        return f"%{flags}{'d' if letter == 'u' else letter}" % unsigned

    return _SPEC.sub(conv, fmt)


def _cstring(buf: bytes, start: int, end: int) -> str:
    stop = buf.find(b"\0", start, end)
    if stop < 0:
        raise DumpDecodeError(f"unterminated string at ring offset {start}")
    return buf[start:stop].decode(errors="replace")


@dataclass(frozen=True)
class Record:
    core: int
    block_idx: int
    text: str


def _print_record(ring: bytes, at: int, end: int) -> tuple[int, str]:
    _, _, block_idx, _, fmt_offset = PRINT_TLV.unpack_from(ring, at)
    params = at + PRINT_TLV.size
    nargs = fmt_offset // 8 - 1
    fmt = _cstring(ring, params + 8 * nargs, end)

    def slot(i: int) -> bytes:
        if i >= nargs:
            raise DumpDecodeError(
                f"printf record at {at}: format {fmt!r} needs more than {nargs} arguments"
            )
        return ring[params + 8 * i : params + 8 * i + 8]

    def string(i: int) -> str:
        offset = struct.unpack_from("<Q", slot(i))[0]
        return _cstring(ring, params + 8 * i + offset, end)

    return block_idx, format_c(fmt, slot, string)


def _tensor_record(ring: bytes, at: int, end: int, prefix: str) -> tuple[int, str]:
    f = TENSOR_TLV.unpack_from(ring, at)
    addr, dtype_code, desc, position, block_idx, dump_size = f[2], f[3], f[4], f[6], f[7], f[18]
    dtype = ACL_DTYPES.get(dtype_code)
    if dtype is None:
        raise DumpDecodeError(f"DumpTensor record at {at}: unknown ACL data type {dtype_code}")
    data = ring[at + TENSOR_TLV.size : at + TENSOR_TLV.size + dump_size]
    if dtype == "bfloat16":
        bits = np.frombuffer(data, np.uint16).astype(np.uint32) << 16
        values = bits.view(np.float32)
    else:
        values = np.frombuffer(data, dtype)
    items = (
        [f"{float(v):f}" for v in values]
        if values.dtype.kind == "f"
        else [str(int(v)) for v in values]
    )
    where = POSITIONS[position] if position < len(POSITIONS) else str(position)
    count = dump_size // max(np.dtype(np.uint16 if dtype == "bfloat16" else dtype).itemsize, 1)
    text = (
        f"{prefix}DumpTensor: desc={desc}, addr={addr}, data_type={dtype}, "
        f"position={where}, dump_size={count}\n{prefix}[{', '.join(items)}]\n"
    )
    return block_idx, text


def records(buf: bytes | np.ndarray, block_dim: int, kernel_type: str) -> Iterator[Record]:
    """The records of a dump buffer after a launch, block by block, in write order."""
    data = bytes(buf)
    if len(data) < HEAD.size:
        return
    block_bytes = HEAD.unpack_from(data, 0)[0]
    if block_bytes <= RING_OFFSET + RW_INFO.size:
        raise DumpDecodeError(f"dump buffer block length {block_bytes} is too small")
    for base in range(0, len(data) - block_bytes + 1, block_bytes):
        _, core, _, ring, magic, flag, _, _, _ = HEAD.unpack_from(data, base)
        if magic != MAGIC:
            continue
        kind = "AIV" if flag == 1 else "AIC"
        total = block_dim * (2 if kernel_type == "mix" and kind == "AIV" else 1)
        ring_start = base + RING_OFFSET
        _, _, written, count = RW_INFO.unpack_from(data, ring_start + ring)
        if count == 0:
            continue
        buf_ = data[ring_start : ring_start + ring]
        at = 0
        while at + TL.size <= written:
            kind_code, length = TL.unpack_from(buf_, at)
            end = at + TL.size + length
            if end > ring:
                raise DumpDecodeError(
                    f"record at ring offset {at} of core {core} overruns the ring"
                )
            if kind_code in (DUMP_SCALAR, DUMP_ASSERT):
                block_idx, text = _print_record(buf_, at, end)
            elif kind_code == DUMP_TENSOR:
                idx = TENSOR_TLV.unpack_from(buf_, at)[7]
                block_idx, text = _tensor_record(buf_, at, end, f"[{kind} Block {idx}/{total}] ")
            elif kind_code == DUMP_TIME_STAMP:
                _, _, desc, block_idx, _, cycle, pc, entry = TIME_STAMP_TLV.unpack_from(buf_, at)
                text = (
                    f"[{kind} Block {block_idx}/{total}] descId is {desc}, rsv is 0, "
                    f"timeStamp is {cycle}, pcPtr is {pc}, entry is {entry}.\n"
                )
            elif kind_code == DUMP_SKIP:
                break  # the writer wrapped; without a reader nothing follows at 0
            else:
                raise DumpDecodeError(
                    f"unknown record type {kind_code} at ring offset {at} of core {core}"
                )
            yield Record(core, block_idx, text)
            at = end


def decode(buf: bytes | np.ndarray, block_dim: int, kernel_type: str) -> str:
    """The text the kernel printed, ordered by block index (a block's records in order)."""
    found = sorted(records(buf, block_dim, kernel_type), key=lambda r: r.block_idx)
    return "".join(r.text for r in found)
