"""Synchronisation, system values, atomics, scalar bit operations, caches and HCCL
contexts from Python (pyasc's names and keywords): compile-only kernels, checked in their
Ascend C. These functions are made from the op specs (asc_xdsl/dialects/ascendc/sync.py,
sysvar.py, atomic.py, scalar.py, cache.py, misc.py).
"""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError


@asc.jit
def sync_kernel(ws: asc.GlobalAddress, ctx: asc.GlobalAddress, n: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(ws)
    ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 64)
    asc.data_sync_barrier(asc.MemDsbT.ALL)
    asc.sync_all()
    asc.sync_all(gm, ub, n)
    asc.ib_set(gm, ub, 0, 1)
    asc.ib_wait(gm, ub, 0, 1, is_aiv_only=False)
    asc.cross_core_set_flag(1, 0, asc.PipeID.PIPE_MTE3)
    asc.cross_core_wait_flag(1, 2, asc.PipeID.PIPE_FIX)
    asc.notify_next_block(gm, ub)
    asc.wait_pre_block(gm, ub)
    asc.init_soc_state()
    asc.set_hccl_context(0, ctx)
    asc.get_hccl_context(1)
    asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, asc.DcciDst.CACHELINE_OUT, gm)
    asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, gm)
    status = asc.get_icache_preload_status()
    asc.icache_preload(128)
    asc.printf("%d\n", status)


@asc.jit
def values_kernel(x: asc.GlobalAddress, bits: int, n: int):
    sub = asc.get_sub_block_idx()
    cycles = asc.get_system_cycle()
    asc.printf("%d %d\n", sub, cycles)
    asc.get_sub_block_num()
    asc.get_task_ratio()
    asc.ascend_is_aiv()
    asc.set_atomic_add(asc.float32)
    asc.set_atomic_max(asc.float16)
    asc.set_atomic_type(asc.bfloat16)
    asc.set_atomic_none()
    asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_F32, asc.AtomicOp.ATOMIC_SUM)
    kind, op = asc.get_store_atomic_config()
    c = asc.scalar_cast(1.5, asc.int32, asc.RoundMode.CAST_ROUND)
    pos = asc.scalar_get_sff_value(bits, 1)
    lz = asc.scalar_count_leading_zero(bits)
    sb = asc.count_bits_cnt_same_as_sign_bit(n)
    asc.printf("%d %d %d %d %d %d\n", kind, op, c, pos, lz, sb)
    asc.trap()


def _body(kernel, *args) -> list[str]:
    text = kernel.compile(*args, always_compile=True).asm["ascendc"]
    return [line.strip() for line in text.split(") {\n", 1)[1].splitlines()]


def test_synchronisation_cache_and_hccl():
    body = _body(sync_kernel, np.zeros(64, np.int32), np.zeros(8, np.uint8), 2)
    for line in (
        "AscendC::DataSyncBarrier<AscendC::MemDsbT::ALL>();",
        "AscendC::SyncAll();",
        "AscendC::SyncAll(gm, ub, n);",
        "AscendC::IBSet(gm, ub, c0_i32, c1_i32);",
        "AscendC::IBWait<false>(gm, ub, c0_i32, c1_i32);",
        "AscendC::CrossCoreSetFlag<0, PIPE_MTE3>(c1_i32);",
        "AscendC::CrossCoreWaitFlag<2, PIPE_FIX>(c1_i32);",
        "AscendC::NotifyNextBlock(gm, ub);",
        "AscendC::WaitPreBlock(gm, ub);",
        "AscendC::InitSocState();",
        "AscendC::SetHcclContext<c0_i32>(ctx);",
        "__gm__ uint8_t* v3 = AscendC::GetHcclContext<c1_i32>();",
        "AscendC::DataCacheCleanAndInvalid<int32_t, AscendC::CacheLine::SINGLE_CACHE_LINE, "
        "AscendC::DcciDst::CACHELINE_OUT>(gm);",
        "AscendC::DataCacheCleanAndInvalid<int32_t, AscendC::CacheLine::ENTIRE_DATA_CACHE>(gm);",
        "int64_t status = AscendC::GetICachePreloadStatus();",
        "AscendC::ICachePreLoad(c128_i64);",
    ):
        assert line in body, line


def test_system_values_atomics_and_scalar_bits():
    body = _body(values_kernel, np.zeros(8, np.float32), 3, 4)
    for line in (
        "int64_t sub = AscendC::GetSubBlockIdx();",
        "int64_t cycles = AscendC::GetSystemCycle();",
        'AscendC::printf("%d %d\\n", sub, cycles);',
        "uint64_t v1 = AscendC::GetSubBlockNum();",
        "int64_t v2 = AscendC::GetTaskRatio();",
        "bool v3 = g_coreType == AscendC::AIV;",
        "AscendC::SetAtomicAdd<float>();",
        "AscendC::SetAtomicMax<half>();",
        "AscendC::SetAtomicType<bfloat16_t>();",
        "AscendC::SetAtomicNone();",
        "AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::ATOMIC_F32, "
        "AscendC::AtomicOp::ATOMIC_SUM>();",
        "uint16_t kind;",
        "uint16_t op;",
        "AscendC::GetStoreAtomicConfig(kind, op);",
        "int32_t c = AscendC::ScalarCast<float, int32_t, AscendC::RoundMode::CAST_ROUND>(cst_f32);",
        "int64_t pos = AscendC::ScalarGetSFFValue<c1_i32>(v5);",
        "int64_t lz = AscendC::ScalarCountLeadingZero(v7);",
        "int64_t sb = AscendC::CountBitsCntSameAsSignBit(v8);",
        "AscendC::Trap();",
    ):
        assert line in body, line


@asc.jit
def bad_atomic(x: asc.GlobalAddress):
    asc.set_atomic_add(asc.float64)


@asc.jit
def bad_cast(x: asc.GlobalAddress):
    asc.scalar_cast(1.5, 3, asc.RoundMode.CAST_ROUND)


def test_unsupported_atomic_type_is_a_located_error():
    with pytest.raises(CompileError) as e:
        bad_atomic.compile(np.zeros(8, np.float32), always_compile=True)
    message = str(e.value)
    assert "SetAtomicAdd does not support dtype f64" in message
    assert "asc.set_atomic_add(asc.float64)" in message


def test_a_dtype_argument_must_be_a_data_type():
    with pytest.raises(CompileError, match=r"scalar_cast: dtype must be a data type"):
        bad_cast.compile(np.zeros(8, np.float32), always_compile=True)
