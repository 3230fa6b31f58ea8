// Stand-in for CANN's closed `stub_fun.h` (the CPU-debug declarations of the AI Core
// intrinsics), written for asc_xdsl's header check (tools/check_headers.py).
//
// Only declarations: the check runs `g++ -fsyntax-only`, so nothing here is ever
// defined or executed. The Ascend C headers call the intrinsics with many overloads; each is
// declared once as a variadic function template that accepts any arguments, with the
// return type the headers use. Enumerations carry distinct values so `switch`es over
// them stay valid.
#ifndef ASC_XDSL_STUB_FUN_H
#define ASC_XDSL_STUB_FUN_H

#include <cstdint>

#include "stub_def.h"  // half, bfloat16_t and the address-space macros

#define ASC_STUB_VOID(name) template <typename... Args> void name(Args...);
#define ASC_STUB_VALUE(type, name) template <typename... Args> type name(Args...);

// A result some arch uses and another ignores: it converts to whatever it is assigned to.
struct AscStubResult {
    template <typename T>
    operator T() const;
};
#define ASC_STUB_ANY(name) template <typename... Args> AscStubResult name(Args...);

// -- enumerations the intrinsics take ----------------------------------------------

enum pipe_t : uint8_t {
    PIPE_S = 0, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5,
    PIPE_V2, PIPE_FIX,
};

enum event_t : uint8_t {
    EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7,
};

enum mem_dsb_t : uint8_t { DSB_ALL = 0, DSB_DDR, DSB_UB, DSB_SEQ };

enum class dcci_dst_t : uint8_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };

enum class cache_line_t : uint8_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };

enum class QuantMode_t : uint8_t {
    NoQuant = 0, F322F16, F322BF16, DEQF16, VDEQF16, DEQS16, VDEQS16, REQ8, VREQ8, REQ4, VREQ4,
    QF322B8_PRE, VQF322B8_PRE, QF322F16_PRE, VQF322F16_PRE, QF322BF16_PRE, VQF322BF16_PRE,
    QF322F32_PRE, VQF322F32_PRE, QF322FP8_PRE, VQF322FP8_PRE, QF322HIF8_PRE, VQF322HIF8_PRE,
    QF322HIF8_PRE_HYBRID, VQF322HIF8_PRE_HYBRID, QS322BF16_PRE, VQS322BF16_PRE, QF162B8_PRE,
    VQF162B8_PRE, QF162S4_PRE, VQF162S4_PRE, QF162S16_PRE, VQF162S16_PRE,
};

enum class Order_t : uint8_t { VALUE_INDEX = 0, INDEX_VALUE, ONLY_VALUE, ONLY_INDEX };

// (PAD_MODE6 .. PAD_MODE8: asc-devkit's dav-2201 C API passes them to copy_gm_to_cbuf)
enum pad_t : uint8_t {
    PAD_NONE = 0, PAD_MODE1, PAD_MODE2, PAD_MODE3, PAD_MODE4, PAD_MODE5, PAD_MODE6, PAD_MODE7, PAD_MODE8,
};

enum addr_cal_mode_t : uint8_t { inc = 0, dec };

enum ub_addr8_t : uint8_t { VA0 = 0, VA1, VA2, VA3, VA4, VA5, VA6, VA7 };

enum vpart_t : uint8_t { L128 = 0, H128 };

// Only ever converted to from integers in the headers.
enum class mem_t : uint8_t {};
enum class atomic_type_t : uint8_t {};
enum class atomic_op_t : uint8_t {};

// -- intrinsics without a result --------------------------------------------------

// CPU-debug framework hooks (buffer and queue bookkeeping, cross-core stubs)
ASC_STUB_VOID(AscendCBufAbsAddr) ASC_STUB_VOID(AscendCBufAlloc) ASC_STUB_VOID(AscendCBufDeque)
ASC_STUB_VOID(AscendCBufEnque) ASC_STUB_VOID(AscendCBufFree) ASC_STUB_VOID(AscendCBufGet)
ASC_STUB_VOID(AscendCBufInit) ASC_STUB_VOID(AscendCQueCreate)
ASC_STUB_VOID(AscendCRecordPoolHierarchy) ASC_STUB_VOID(AscendCTBufPoolInit)
ASC_STUB_VOID(AscendCTBufPoolResetCheck) ASC_STUB_VOID(AscendCUpdateTbufPoolStatus)
ASC_STUB_VOID(__ib_set_stub) ASC_STUB_VOID(__ib_wait_stub) ASC_STUB_VOID(__mstx_dfx_report_stub)
ASC_STUB_VOID(__set_kfc_workspace_addr) ASC_STUB_VOID(__sync_all_stub)

// synchronisation, control registers and caches
ASC_STUB_VOID(dc_preload) ASC_STUB_VOID(dcci) ASC_STUB_VOID(dsb) ASC_STUB_VOID(ffts_cross_core_sync)
ASC_STUB_VOID(hset_flag) ASC_STUB_VOID(hwait_flag) ASC_STUB_VOID(pipe_barrier)
ASC_STUB_VOID(preload) ASC_STUB_VOID(rls_buf) ASC_STUB_VOID(set_aipp_spr_0)
ASC_STUB_VOID(set_aipp_spr_1) ASC_STUB_VOID(set_aipp_spr_10) ASC_STUB_VOID(set_aipp_spr_11)
ASC_STUB_VOID(set_aipp_spr_12) ASC_STUB_VOID(set_aipp_spr_13) ASC_STUB_VOID(set_aipp_spr_14)
ASC_STUB_VOID(set_aipp_spr_15) ASC_STUB_VOID(set_aipp_spr_16) ASC_STUB_VOID(set_aipp_spr_17)
ASC_STUB_VOID(set_aipp_spr_18) ASC_STUB_VOID(set_aipp_spr_19) ASC_STUB_VOID(set_aipp_spr_2)
ASC_STUB_VOID(set_aipp_spr_20) ASC_STUB_VOID(set_aipp_spr_21) ASC_STUB_VOID(set_aipp_spr_22)
ASC_STUB_VOID(set_aipp_spr_23) ASC_STUB_VOID(set_aipp_spr_24) ASC_STUB_VOID(set_aipp_spr_3)
ASC_STUB_VOID(set_aipp_spr_4) ASC_STUB_VOID(set_aipp_spr_5) ASC_STUB_VOID(set_aipp_spr_6)
ASC_STUB_VOID(set_aipp_spr_7) ASC_STUB_VOID(set_aipp_spr_8) ASC_STUB_VOID(set_aipp_spr_9)
ASC_STUB_VOID(set_atomic_add) ASC_STUB_VOID(set_atomic_bf16) ASC_STUB_VOID(set_atomic_f16)
ASC_STUB_VOID(set_atomic_f32) ASC_STUB_VOID(set_atomic_max) ASC_STUB_VOID(set_atomic_min)
ASC_STUB_VOID(set_atomic_none) ASC_STUB_VOID(set_atomic_s16) ASC_STUB_VOID(set_atomic_s32)
ASC_STUB_VOID(set_atomic_s8) ASC_STUB_VOID(set_cmpmask) ASC_STUB_VOID(set_condition_flag)
ASC_STUB_VOID(set_ctrl) ASC_STUB_VOID(set_data_exp_0) ASC_STUB_VOID(set_data_exp_1)
ASC_STUB_VOID(set_data_exp_2) ASC_STUB_VOID(set_data_exp_3) ASC_STUB_VOID(set_deqscale)
ASC_STUB_VOID(set_ffts_base_addr) ASC_STUB_VOID(set_flag) ASC_STUB_VOID(set_fmatrix)
ASC_STUB_VOID(set_fmatrix_b) ASC_STUB_VOID(set_fpc) ASC_STUB_VOID(set_l0_set_value_bf16)
ASC_STUB_VOID(set_l0_set_value_h) ASC_STUB_VOID(set_l0a_2d) ASC_STUB_VOID(set_l0b_2d)
ASC_STUB_VOID(set_l1_2d) ASC_STUB_VOID(set_l1_3d_size) ASC_STUB_VOID(set_l3d_rpt)
ASC_STUB_VOID(set_loop_size_outtoub) ASC_STUB_VOID(set_loop_size_ubtoout) ASC_STUB_VOID(set_lpcnt)
ASC_STUB_VOID(set_lrelu_alpha) ASC_STUB_VOID(set_mask_count) ASC_STUB_VOID(set_mask_norm)
ASC_STUB_VOID(set_mov_pad_val) ASC_STUB_VOID(set_nd_para) ASC_STUB_VOID(set_pad_val_outtol1)
ASC_STUB_VOID(set_pad_val_outtoub) ASC_STUB_VOID(set_padding) ASC_STUB_VOID(set_pcie_rd_ctrl)
ASC_STUB_VOID(set_quant_pre) ASC_STUB_VOID(set_st_atomic_cfg) ASC_STUB_ANY(set_ub_addr_upper_bound)
ASC_STUB_VOID(set_va_reg_sb) ASC_STUB_VOID(set_vector_mask) ASC_STUB_VOID(st_dev)
ASC_STUB_VOID(trap) ASC_STUB_VOID(wait_flag) ASC_STUB_VOID(wait_flag_dev)

// data movement
ASC_STUB_VOID(copy_cbuf_to_bt) ASC_STUB_VOID(copy_cbuf_to_fbuf) ASC_STUB_VOID(copy_cbuf_to_gm)
ASC_STUB_VOID(copy_gm_to_cbuf) ASC_STUB_VOID(copy_gm_to_cbuf_multi_nd2nz_b16)
ASC_STUB_VOID(copy_gm_to_cbuf_multi_nd2nz_b32s) ASC_STUB_VOID(copy_gm_to_cbuf_multi_nd2nz_b8)
ASC_STUB_VOID(copy_gm_to_ubuf) ASC_STUB_VOID(copy_gm_to_ubuf_align_b16)
ASC_STUB_VOID(copy_gm_to_ubuf_align_b32) ASC_STUB_VOID(copy_gm_to_ubuf_align_b8)
ASC_STUB_VOID(copy_matrix_cbuf_to_cc) ASC_STUB_VOID(copy_matrix_cc_to_cbuf)
ASC_STUB_VOID(copy_matrix_cc_to_gm) ASC_STUB_VOID(copy_ubuf_to_gm)
ASC_STUB_VOID(copy_ubuf_to_gm_align_b16) ASC_STUB_VOID(copy_ubuf_to_gm_align_b32)
ASC_STUB_VOID(copy_ubuf_to_gm_align_b8) ASC_STUB_VOID(copy_ubuf_to_gm_align_v2)
ASC_STUB_VOID(copy_ubuf_to_ubuf) ASC_STUB_VOID(create_ca_matrix)
ASC_STUB_VOID(create_ca_matrix_bf16) ASC_STUB_VOID(create_cb_matrix)
ASC_STUB_VOID(create_cb_matrix_bf16) ASC_STUB_VOID(create_cbuf_matrix)
ASC_STUB_VOID(create_cbuf_matrix_bf16) ASC_STUB_VOID(img2colv2_cbuf_to_ca)
ASC_STUB_VOID(img2colv2_cbuf_to_ca_s4) ASC_STUB_VOID(img2colv2_cbuf_to_cb)
ASC_STUB_VOID(img2colv2_cbuf_to_ub) ASC_STUB_VOID(load_cbuf_to_ca) ASC_STUB_VOID(load_cbuf_to_ca_s4)
ASC_STUB_VOID(load_cbuf_to_ca_transpose) ASC_STUB_VOID(load_cbuf_to_cb)
ASC_STUB_VOID(load_cbuf_to_cb_s4) ASC_STUB_VOID(load_cbuf_to_cb_sp)
ASC_STUB_VOID(load_cbuf_to_cb_transpose) ASC_STUB_VOID(load_cbuf_to_cb_transpose_s4)
ASC_STUB_VOID(load_gm_to_ca) ASC_STUB_VOID(load_gm_to_cb) ASC_STUB_VOID(load_gm_to_cbuf)
ASC_STUB_VOID(load_image_to_cbuf) ASC_STUB_VOID(scatter_vnchwconv_b16)
ASC_STUB_VOID(scatter_vnchwconv_b32) ASC_STUB_VOID(scatter_vnchwconv_b8)

// vector conversions
ASC_STUB_VOID(vconv_bf162f32) ASC_STUB_VOID(vconv_bf162s32a) ASC_STUB_VOID(vconv_bf162s32c)
ASC_STUB_VOID(vconv_bf162s32f) ASC_STUB_VOID(vconv_bf162s32r) ASC_STUB_VOID(vconv_bf162s32z)
ASC_STUB_VOID(vconv_deq) ASC_STUB_VOID(vconv_deqs162b8h) ASC_STUB_VOID(vconv_deqs162b8l)
ASC_STUB_VOID(vconv_f162f32) ASC_STUB_VOID(vconv_f162s16a) ASC_STUB_VOID(vconv_f162s16c)
ASC_STUB_VOID(vconv_f162s16f) ASC_STUB_VOID(vconv_f162s16r) ASC_STUB_VOID(vconv_f162s16z)
ASC_STUB_VOID(vconv_f162s32a) ASC_STUB_VOID(vconv_f162s32c) ASC_STUB_VOID(vconv_f162s32f)
ASC_STUB_VOID(vconv_f162s32r) ASC_STUB_VOID(vconv_f162s32z) ASC_STUB_VOID(vconv_f162s4)
ASC_STUB_VOID(vconv_f162s4a) ASC_STUB_VOID(vconv_f162s4c) ASC_STUB_VOID(vconv_f162s4f)
ASC_STUB_VOID(vconv_f162s4r) ASC_STUB_VOID(vconv_f162s4z) ASC_STUB_VOID(vconv_f162s8)
ASC_STUB_VOID(vconv_f162s8a) ASC_STUB_VOID(vconv_f162s8c) ASC_STUB_VOID(vconv_f162s8f)
ASC_STUB_VOID(vconv_f162s8r) ASC_STUB_VOID(vconv_f162s8z) ASC_STUB_VOID(vconv_f162u8)
ASC_STUB_VOID(vconv_f162u8a) ASC_STUB_VOID(vconv_f162u8c) ASC_STUB_VOID(vconv_f162u8f)
ASC_STUB_VOID(vconv_f162u8r) ASC_STUB_VOID(vconv_f162u8z) ASC_STUB_VOID(vconv_f322bf16a)
ASC_STUB_VOID(vconv_f322bf16c) ASC_STUB_VOID(vconv_f322bf16f) ASC_STUB_VOID(vconv_f322bf16r)
ASC_STUB_VOID(vconv_f322bf16z) ASC_STUB_VOID(vconv_f322f16) ASC_STUB_VOID(vconv_f322f16a)
ASC_STUB_VOID(vconv_f322f16c) ASC_STUB_VOID(vconv_f322f16f) ASC_STUB_VOID(vconv_f322f16o)
ASC_STUB_VOID(vconv_f322f16r) ASC_STUB_VOID(vconv_f322f16z) ASC_STUB_VOID(vconv_f322f32a)
ASC_STUB_VOID(vconv_f322f32c) ASC_STUB_VOID(vconv_f322f32f) ASC_STUB_VOID(vconv_f322f32r)
ASC_STUB_VOID(vconv_f322f32z) ASC_STUB_VOID(vconv_f322s16a) ASC_STUB_VOID(vconv_f322s16c)
ASC_STUB_VOID(vconv_f322s16f) ASC_STUB_VOID(vconv_f322s16r) ASC_STUB_VOID(vconv_f322s16z)
ASC_STUB_VOID(vconv_f322s32a) ASC_STUB_VOID(vconv_f322s32c) ASC_STUB_VOID(vconv_f322s32f)
ASC_STUB_VOID(vconv_f322s32r) ASC_STUB_VOID(vconv_f322s32z) ASC_STUB_VOID(vconv_f322s64a)
ASC_STUB_VOID(vconv_f322s64c) ASC_STUB_VOID(vconv_f322s64f) ASC_STUB_VOID(vconv_f322s64r)
ASC_STUB_VOID(vconv_f322s64z) ASC_STUB_VOID(vconv_s162f16) ASC_STUB_VOID(vconv_s162f16a)
ASC_STUB_VOID(vconv_s162f16c) ASC_STUB_VOID(vconv_s162f16f) ASC_STUB_VOID(vconv_s162f16r)
ASC_STUB_VOID(vconv_s162f16z) ASC_STUB_VOID(vconv_s162f32) ASC_STUB_VOID(vconv_s322f32)
ASC_STUB_VOID(vconv_s322f32a) ASC_STUB_VOID(vconv_s322f32c) ASC_STUB_VOID(vconv_s322f32f)
ASC_STUB_VOID(vconv_s322f32r) ASC_STUB_VOID(vconv_s322f32z) ASC_STUB_VOID(vconv_s322s16)
ASC_STUB_VOID(vconv_s322s64) ASC_STUB_VOID(vconv_s42f16) ASC_STUB_VOID(vconv_s642f32a)
ASC_STUB_VOID(vconv_s642f32c) ASC_STUB_VOID(vconv_s642f32f) ASC_STUB_VOID(vconv_s642f32r)
ASC_STUB_VOID(vconv_s642f32z) ASC_STUB_VOID(vconv_s642s32) ASC_STUB_VOID(vconv_s82f16)
ASC_STUB_VOID(vconv_u82f16) ASC_STUB_VOID(vconv_vdeqs162b8h) ASC_STUB_VOID(vconv_vdeqs162b8l)
ASC_STUB_VOID(vmulconv_f162s8) ASC_STUB_VOID(vmulconv_f162u8)

// vector arithmetic
ASC_STUB_VOID(vabs) ASC_STUB_VOID(vadd) ASC_STUB_VOID(vaddrelu) ASC_STUB_VOID(vaddreluconv_f162s8)
ASC_STUB_VOID(vaddreluconv_f322f16) ASC_STUB_VOID(vaddreluconv_s162s8)
ASC_STUB_VOID(vaddreluconv_vdeqs162b8) ASC_STUB_VOID(vadds) ASC_STUB_VOID(vand) ASC_STUB_VOID(vaxpy)
ASC_STUB_VOID(vbitsort) ASC_STUB_VOID(vbrcb) ASC_STUB_VOID(vcadd) ASC_STUB_VOID(vcgadd)
ASC_STUB_VOID(vcgmax) ASC_STUB_VOID(vcgmin) ASC_STUB_VOID(vcmax) ASC_STUB_VOID(vcmin)
ASC_STUB_VOID(vcmp_eq) ASC_STUB_VOID(vcmp_ge) ASC_STUB_VOID(vcmp_gt) ASC_STUB_VOID(vcmp_le)
ASC_STUB_VOID(vcmp_lt) ASC_STUB_VOID(vcmp_ne) ASC_STUB_VOID(vcmpv_eq) ASC_STUB_VOID(vcmpv_ge)
ASC_STUB_VOID(vcmpv_gt) ASC_STUB_VOID(vcmpv_le) ASC_STUB_VOID(vcmpv_lt) ASC_STUB_VOID(vcmpv_ne)
ASC_STUB_VOID(vcmpvs_eq) ASC_STUB_VOID(vcmpvs_ge) ASC_STUB_VOID(vcmpvs_gt) ASC_STUB_VOID(vcmpvs_le)
ASC_STUB_VOID(vcmpvs_lt) ASC_STUB_VOID(vcmpvs_ne) ASC_STUB_VOID(vcopy) ASC_STUB_VOID(vcpadd)
ASC_STUB_VOID(vdiv) ASC_STUB_VOID(vector_dup) ASC_STUB_VOID(vexp) ASC_STUB_VOID(vgather)
ASC_STUB_VOID(vgatherb) ASC_STUB_VOID(vld_va_reg) ASC_STUB_VOID(vln) ASC_STUB_VOID(vlrelu)
ASC_STUB_VOID(vmadd) ASC_STUB_VOID(vmaddrelu) ASC_STUB_VOID(vmax) ASC_STUB_VOID(vmaxs)
ASC_STUB_VOID(vmin) ASC_STUB_VOID(vmins) ASC_STUB_VOID(vmla) ASC_STUB_VOID(vmrgsort4)
ASC_STUB_VOID(vmul) ASC_STUB_VOID(vmuls) ASC_STUB_VOID(vnot) ASC_STUB_VOID(vor) ASC_STUB_VOID(vrec)
ASC_STUB_VOID(vreducev2) ASC_STUB_VOID(vrelu) ASC_STUB_VOID(vrsqrt) ASC_STUB_VOID(vsel)
ASC_STUB_VOID(vshl) ASC_STUB_VOID(vshr) ASC_STUB_VOID(vsqrt) ASC_STUB_VOID(vsub)
ASC_STUB_VOID(vsubrelu) ASC_STUB_VOID(vsubreluconv_f162s8) ASC_STUB_VOID(vsubreluconv_f322f16)
ASC_STUB_VOID(vsubreluconv_s162s8) ASC_STUB_VOID(vtranspose)

// cube
ASC_STUB_VOID(mad) ASC_STUB_VOID(mad_s4) ASC_STUB_VOID(mad_sp)

// -- intrinsics with a result ----------------------------------------------------

ASC_STUB_VALUE(int64_t, __get_entry_sys_cnt)
ASC_STUB_VALUE(uint8_t*, __get_kfc_workspace_addr)
ASC_STUB_VALUE(int64_t, bcnt0)
ASC_STUB_VALUE(int64_t, bcnt1)
ASC_STUB_VALUE(int64_t, clz)
ASC_STUB_VALUE(half, conv_f322f16o)
ASC_STUB_VALUE(int32_t, conv_f322s32a)
ASC_STUB_VALUE(int32_t, conv_f322s32c)
ASC_STUB_VALUE(int32_t, conv_f322s32f)
ASC_STUB_VALUE(int32_t, conv_f322s32r)
ASC_STUB_VALUE(int64_t, fake_overflow_status_1)
ASC_STUB_VALUE(int64_t, get_acc_val)
ASC_STUB_VALUE(int64_t, get_arch_ver)
ASC_STUB_VALUE(int64_t, get_block_idx)
ASC_STUB_VALUE(int64_t, get_block_num)
ASC_STUB_VALUE(int64_t, get_buf)
ASC_STUB_VALUE(int64_t, get_cmpmask)
ASC_STUB_VALUE(int64_t, get_condition_flag)
ASC_STUB_VALUE(int64_t, get_coreid)
ASC_STUB_VALUE(int64_t, get_ctrl)
ASC_STUB_VALUE(int64_t, get_ffts_base_addr)
ASC_STUB_VALUE(int64_t, get_fpc)
ASC_STUB_VALUE(int64_t, get_icache_prl_st)
ASC_STUB_VALUE(int64_t, get_imm)
ASC_STUB_VALUE(int64_t, get_l2_in_main)
ASC_STUB_VALUE(int64_t, get_l2_vaddr_base)
ASC_STUB_VALUE(int64_t, get_lpcnt)
ASC_STUB_VALUE(int64_t, get_max_min_cnt)
ASC_STUB_VALUE(int64_t, get_overflow_status)
ASC_STUB_VALUE(int64_t, get_para_base)
ASC_STUB_VALUE(int64_t, get_pc)
ASC_STUB_VALUE(int64_t, get_repeat_ceiling)
ASC_STUB_VALUE(int64_t, get_rsvd_cnt)
ASC_STUB_VALUE(int64_t, get_shmem_sz)
ASC_STUB_VALUE(int64_t, get_st_atomic_cfg)
ASC_STUB_VALUE(int64_t, get_stack_phy_base)
ASC_STUB_VALUE(int64_t, get_status)
ASC_STUB_VALUE(int64_t, get_subblockdim)
ASC_STUB_VALUE(int64_t, get_subblockid)
ASC_STUB_VALUE(int64_t, get_sys_cnt)
ASC_STUB_VALUE(int64_t, get_thread_dim)
ASC_STUB_VALUE(int64_t, get_thread_id)
ASC_STUB_VALUE(int64_t, get_vms4_sr)
ASC_STUB_VALUE(int64_t, ld_dev)
ASC_STUB_VALUE(int64_t, sbitset0)
ASC_STUB_VALUE(int64_t, sbitset1)
ASC_STUB_VALUE(int64_t, sff0)
ASC_STUB_VALUE(int64_t, sff1)
ASC_STUB_VALUE(int64_t, sflbits)

#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510)
#include "stub_fun_3510.h"  // the register-level intrinsics of Ascend 950
#endif

#endif  // ASC_XDSL_STUB_FUN_H
