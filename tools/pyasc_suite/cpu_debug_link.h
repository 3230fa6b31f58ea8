// Link-time definitions for running pyasc's expected C++ in the headers' CPU-debug build
// (tools/pyasc_suite/runtime_aborts.py). CANN's closed CPU-debug runtime defines these;
// the programs the harness runs reach only the ones below. Included once, after the
// case's function, by the program's `main`.
#ifndef ASC_XDSL_CPU_DEBUG_LINK_H
#define ASC_XDSL_CPU_DEBUG_LINK_H

#include <cstdint>

// One vector core of one block (stub_def.h declares them).
int64_t block_idx = 0;
int32_t sub_block_idx = 0;
int32_t g_coreType = 2;
namespace AscendC {
const int MIX_TYPE = 0;
const int AIC_TYPE = 1;
const int AIV_TYPE = 2;
}  // namespace AscendC

// Intrinsics without a result the runs reach: pipes, flags, mask and padding registers,
// the CPU-debug buffer bookkeeping hooks, and the cube's `mad` and Fixpipe's registers
// and copy (whose data no run reads: the runs check the headers' assertions before
// them). Nothing of them can abort.
#define ASC_LINK_NOOP(name) \
    template <typename... Args> \
    void name(Args...) {}
ASC_LINK_NOOP(pipe_barrier)
ASC_LINK_NOOP(set_flag)
ASC_LINK_NOOP(wait_flag)
ASC_LINK_NOOP(set_atomic_none)
ASC_LINK_NOOP(set_l1_3d_size)
ASC_LINK_NOOP(set_mask_norm)
ASC_LINK_NOOP(set_padding)
ASC_LINK_NOOP(set_vector_mask)
ASC_LINK_NOOP(mad)
ASC_LINK_NOOP(copy_matrix_cc_to_gm)
ASC_LINK_NOOP(set_nd_para)
ASC_LINK_NOOP(set_quant_pre)
ASC_LINK_NOOP(AscendCBufAbsAddr)
ASC_LINK_NOOP(AscendCBufGet)
ASC_LINK_NOOP(AscendCBufInit)
ASC_LINK_NOOP(AscendCQueCreate)
ASC_LINK_NOOP(AscendCTBufPoolInit)
ASC_LINK_NOOP(AscendCTBufPoolResetCheck)
ASC_LINK_NOOP(AscendCUpdateTbufPoolStatus)
#undef ASC_LINK_NOOP

// Fixpipe to GM takes the CPU-debug process lock in atomic mode only; the runs never set
// atomic mode, so the lock is never made.
namespace AscendC {
bool g_isAtomic = false;
ProcessLock* ProcessLock::processLock = nullptr;
ProcessLock* ProcessLock::CreateLock() { return nullptr; }
int ProcessLock::Write() { return 0; }
int ProcessLock::Unlock() { return 0; }
}  // namespace AscendC

// Bit intrinsics of the TPipe's event-id allocator: (word, bit) -> word with that bit
// cleared / set; the index of the lowest zero bit (-1: none).
template <typename... Args>
int64_t sbitset0(Args... args)
{
    const uint64_t v[] = {static_cast<uint64_t>(args)...};
    return static_cast<int64_t>(v[0] & ~(uint64_t{1} << v[1]));
}
template <typename... Args>
int64_t sbitset1(Args... args)
{
    const uint64_t v[] = {static_cast<uint64_t>(args)...};
    return static_cast<int64_t>(v[0] | (uint64_t{1} << v[1]));
}
template <typename... Args>
int64_t sff0(Args... args)
{
    const uint64_t v[] = {static_cast<uint64_t>(args)...};
    for (int i = 0; i < 64; ++i) {
        if (((v[0] >> i) & 1) == 0) {
            return i;
        }
    }
    return -1;
}

#endif
