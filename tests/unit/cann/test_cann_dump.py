"""Device printf / DumpTensor: kernels that print are built with the dump buffer, the
launch fills its block heads, and the records the (fake) device writes come back in the
simulator's text format. fake_acl.c's `print_k` writes them as Ascend C's device code
does (asc-devkit impl/utils/debug)."""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from cann_fake import ROOT, make_kernel

from asc_xdsl.runtime.cann import dump
from asc_xdsl.runtime.cann.errors import CannError

PRINT_KERNEL = """\
func.func @print_k(%x: memref<?xi32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  ascendc.printf %n {desc = "n=%d\\n"} : i32
  return
}
"""
BUFFER = dump.CORES * dump.BLOCK_BYTES


def _flags(toolkit) -> list[str]:
    return [a for a in toolkit.tool_calls()[0] if a.startswith("-DASCENDC_DUMP")]


def test_printing_kernel_prints_what_the_device_wrote(fake_toolkit, capfd):
    kernel = make_kernel(PRINT_KERNEL, "print_k")
    x = np.array([5, 1, 2, 3], np.int32)
    kernel[2](x, 3, backend="npu")
    out = re.sub(r"addr=\d+", "addr=A", capfd.readouterr().out)  # x's device address
    assert out == "".join(
        f"[AIV Block {b}/2] x[0]=5 n=3 name=abc f=1.500000\n"
        f"[AIV Block {b}/2] DumpTensor: desc=7, addr=A, data_type=int32, position=GM, "
        f"dump_size=4\n[AIV Block {b}/2] [5, 1, 2, 3]\n"
        for b in range(2)
    )
    assert _flags(fake_toolkit) == ["-DASCENDC_DUMP=1"]
    source = Path(kernel.metadata["binary"]).with_suffix(".cpp").read_text()  # cached
    assert (
        "void print_k(__gm__ int32_t* x, int32_t n, __gm__ uint8_t* asc_xdsl_dump) {\n"
        "  g_sysPrintFifoSpace = asc_xdsl_dump;\n" in source
    )
    calls = fake_toolkit.acl_calls()
    assert f"aclrtMalloc dev1 size={BUFFER} policy=0" in calls
    assert f"aclrtMemcpy H2D dev1<-host n={BUFFER}" in calls
    assert f"aclrtMemcpy D2H host<-dev1 n={BUFFER}" in calls
    m = kernel.metadata["manifest"]
    assert m.hidden == [{"name": "asc_xdsl_dump", "kind": "dump", "size": 8, "offset": 16}]
    assert m.dump == {"cores": 75, "block_bytes": 1 << 20, "index": "core"}


def test_buffer_layout_per_arch():
    a2, p310 = dump.manifest_entry(2201), dump.manifest_entry(2002)
    assert p310["index"] == "block"
    assert dump.buffer_layout(a2, 4000) == (75, 1 << 20)  # get_coreid() % 75
    assert dump.buffer_layout(p310, 40) == (75, 1 << 20)
    assert dump.buffer_layout(p310, 300) == (300, (75 << 20) // 300 & ~0xFFF)  # block index
    assert dump.buffer_layout(p310, 65535) == (65535, 16 << 10)


def test_ascendc_dump_0_builds_without_printing(fake_toolkit, capfd, monkeypatch):
    monkeypatch.setenv("ASCENDC_DUMP", "0")
    kernel = make_kernel(PRINT_KERNEL, "print_k")
    kernel[1](np.zeros(4, np.int32), 3, backend="npu")
    assert capfd.readouterr().out == ""
    assert _flags(fake_toolkit) == ["-DASCENDC_DUMP=0"]
    assert kernel.metadata["manifest"].hidden == []


def test_block_heads_as_the_device_reads_them():
    base = 0x10_0000_0000
    buf = dump.init_blocks(base, cores=3, block_bytes=4096)
    for core in range(3):
        at = core * 4096
        length, core_id, num, ring, magic, flag, _, ring_addr, _ = dump.HEAD.unpack_from(buf, at)
        assert (length, core_id, num, magic, flag) == (4096, core, 3, 0xAE86, 0)
        assert ring == 4096 - 56 - 24 - 24 and ring_addr == base + at + 80
        assert dump.RW_INFO.unpack_from(buf, at + 56) == (dump.DUMP_BUFO, 16, 0, 0)
        assert dump.RW_INFO.unpack_from(buf, at + 80 + ring) == (dump.DUMP_BUFI, 16, 0, 0)
    assert dump.decode(buf, 1, "vector") == ""  # nothing written


def _print_record(fmt: str, head: str, args: list[bytes]) -> bytes:
    """A PrintTlv (no %s) laid out as asc_aicore_printf_impl.h writes it."""
    n = len(args)
    body = b"".join(args) + head.encode() + fmt.encode() + b"\0"
    length = ((24 + n * 8 + len(fmt) + 1 + len(head) + 7) & ~7) + 8
    record = struct.pack("<IIIIQ", dump.DUMP_SCALAR, length - 8, 0, 0, (n + 1) * 8) + body
    return record.ljust(length, b"\0")


def _buffer_with(records: bytes, flag: int = 1, cores: int = 1, block: int = 4096) -> bytearray:
    buf = bytearray(dump.init_blocks(0, cores=cores, block_bytes=block))
    struct.pack_into("<H", buf, 18, flag)  # DebugBlockHeadInfo.flag
    buf[80 : 80 + len(records)] = records
    ring = dump.ring_len(block)
    struct.pack_into("<QQ", buf, 80 + ring + 8, len(records), 1)
    return buf


def test_printf_conversions_match_the_simulator():
    from asc_xdsl.runtime.simulator.printing import format_printf

    cases = [
        ("%d|%i|%ld|%lld", [-7, 3, -(2**40), 2**62]),
        ("%u|%x|%5d|%-4d|", [2**63, 255, 42, 7]),
        ("%f|%.3f|%8.2f", [1.5, -2.25, 3.0]),
        ("100%% %d", [1]),
    ]
    for fmt, values in cases:
        raw = []
        for conv, v in zip(
            re.findall(r"%[-+ #0]*\d*(?:\.\d+)?(?:ll|l)?([diuxf])", fmt), values, strict=True
        ):
            if conv == "f":
                raw.append(struct.pack("<f", v) + b"\0" * 4)
            elif conv in "di":
                raw.append(struct.pack("<q", v))
            else:
                raw.append(struct.pack("<Q", v))
        head = "[AIV Block %u/%u] "
        rec = _print_record(fmt + "\n", head, [struct.pack("<Q", 0), struct.pack("<Q", 4), *raw])
        text = dump.decode(_buffer_with(rec), 4, "vector")
        assert text == "[AIV Block 0/4] " + format_printf(fmt, values) + "\n", fmt


def test_decode_errors_name_the_record():
    bad = struct.pack("<II", 77, 8) + b"\0" * 8
    with pytest.raises(
        dump.DumpDecodeError, match=r"unknown record type 77 at ring offset 0 of core 0"
    ):
        dump.decode(_buffer_with(bad), 1, "vector")
    long = struct.pack("<II", dump.DUMP_SCALAR, 1 << 20)
    with pytest.raises(dump.DumpDecodeError, match=r"overruns the ring"):
        dump.decode(_buffer_with(long), 1, "vector")


def test_a_block_without_magic_is_skipped():
    rec = _print_record("hi\n", "[AIC Block %u/%u] ", [struct.pack("<Q", 0), struct.pack("<Q", 1)])
    buf = _buffer_with(rec, flag=0)
    assert dump.decode(buf, 1, "cube") == "[AIC Block 0/1] hi\n"
    struct.pack_into("<H", buf, 16, 0)  # DebugBlockHeadInfo.magic
    assert dump.decode(buf, 1, "cube") == ""


def test_instrument_needs_the_kernel_signature():
    with pytest.raises(
        CannError, match=r"no `extern \"C\" __global__ __aicore__ void k\(\.\.\.\) \{`"
    ):
        dump.instrument("int main() {}\n", "k")


@pytest.mark.skipif(
    not os.environ.get("ASC_XDSL_ASC_DEVKIT") or not shutil.which("g++"),
    reason="needs the Ascend C headers (ASC_XDSL_ASC_DEVKIT, ASC_XDSL_ASC_TOOLS) and g++",
)
def test_instrumented_source_compiles_with_the_ascend_c_headers(tmp_path):
    kernel = make_kernel(PRINT_KERNEL, "print_k")
    src = tmp_path / "print_k.cpp"
    src.write_text(dump.instrument(kernel.ascendc, "print_k"))
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools/check_headers.py"), str(src)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_time_stamp_and_bf16_tensor_records():
    # TimeStampTlv (asc_aicore_time_impl.h: descId, blockIdx, cycle, pc, entry)
    stamp = struct.pack("<IIIHHQQQ8x", dump.DUMP_TIME_STAMP, 40, 3, 1, 0, 1000, 0x40, 900)
    # DumpTensorTlv of 2 bf16 values in UB (data padded to 32 bytes)
    data = np.array([0x3F80, 0xC000], np.uint16).tobytes().ljust(32, b"\0")
    tensor = struct.pack("<IIIIIIHHI8III", dump.DUMP_TENSOR, 64 + 32, 0x100, 27, 9, 0, 1, 1, 0,
                         *([0] * 8), 0, 4) + data  # fmt: skip
    text = dump.decode(_buffer_with(stamp + tensor), 2, "mix")
    assert text == (
        "[AIV Block 1/4] descId is 3, rsv is 0, timeStamp is 1000, pcPtr is 64, entry is 900.\n"
        "[AIV Block 1/4] DumpTensor: desc=9, addr=256, data_type=bfloat16, position=UB, "
        "dump_size=2\n[AIV Block 1/4] [1.000000, -2.000000]\n"
    )
