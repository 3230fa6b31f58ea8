// The arch-3510 (Ascend 950, dav-c310) part of the stand-in for CANN's closed
// `stub_fun.h`, written for asc_xdsl's header check (tools/check_headers.py); stub_fun.h
// includes it when `__NPU_ARCH__ == 3510`.
//
// The 3510 headers (asc-devkit impl/basic_api/dav_3510, impl/basic_api/reg_compute/
// dav_3510) call the register-level intrinsics: mask predicates (plt_b32, pset_b16, ...),
// register loads and stores (vlds, vsts, ...), the ND-DMA loop registers, and pass them
// mode enumerations. As in stub_fun.h, only declarations: each intrinsic is a variadic
// template, and since the headers assign some results (`MaskReg m = plt_b32(...)`), its
// result converts to whatever it is assigned to (stub_fun.h's AscStubResult). The mode enumerations are mostly made
// from integers (`static_cast<::Pat>(...)`), so they need no enumerators; the named
// enumerators are the ones the headers spell.
#ifndef ASC_XDSL_STUB_FUN_3510_H
#define ASC_XDSL_STUB_FUN_3510_H

#include <cstdint>

// -- mode enumerations ------------------------------------------------------------

enum Spr : uint8_t {};
enum Pat : uint8_t { PAT_ALL = 0, PAT_ALLF };
enum Post : uint8_t { POST_UPDATE = 0 };
enum Part : uint8_t { PART_EVEN = 0 };
enum Part_T : uint8_t {};
enum HiloPart : uint8_t { LOWER = 0, HIGHER };
enum Pos : uint8_t {};
enum Dist : uint8_t {};
enum DistVST : uint8_t {};
enum StoreMode : uint8_t {};
enum CpuMode : uint8_t { MODE_ZEROING = 0 };
enum Bin : uint8_t {};
enum RoundingSaturation : uint8_t {
    RS_DISABLE = 0, RS_ENABLE, RS_DISABLE_VALUE = RS_DISABLE, RS_ENABLE_VALUE = RS_ENABLE,
};
enum RoundMode : uint8_t { ROUND_R = 0, ROUND_A, ROUND_F, ROUND_C, ROUND_Z, ROUND_O };
enum Order : uint8_t {};
enum class QuantMode_post : uint8_t { NoConv = 0 };
enum class ROUND : uint8_t {
    R = 0, A, F, C, Z, O, H, CAST_RINT, CAST_ROUND, CAST_FLOOR, CAST_CEIL, CAST_TRUNC,
    CAST_ODD, CAST_HYBRID,
};
enum MemBarMode : uint8_t {
    VV_ALL = 0, VS_ALL, SV_ALL, ST_VLD, ST_VST, VLD_ST, VLD_VST, VST_LD, VST_ST, VST_VLD,
    VST_VST, LD_VST,
};

// -- intrinsics ---------------------------------------------------------------------

ASC_STUB_ANY(__isfinite)
ASC_STUB_ANY(load_gm_to_cbuf_2dv2) ASC_STUB_ANY(vabsdif) ASC_STUB_ANY(vbs) ASC_STUB_ANY(vprelu)
ASC_STUB_ANY(vexpdif) ASC_STUB_ANY(vunpack) ASC_STUB_ANY(vmulscvt) ASC_STUB_ANY(vusqz)

ASC_STUB_ANY(VagCpuSim) ASC_STUB_ANY(chistv2) ASC_STUB_ANY(copy_cbuf_to_ubuf)
ASC_STUB_ANY(copy_gm_to_cbuf_align_v2) ASC_STUB_ANY(copy_gm_to_cbuf_multi_nd2nz)
ASC_STUB_ANY(copy_gm_to_cbuf_multi_dn2nz) ASC_STUB_ANY(mad_mx)
ASC_STUB_ANY(copy_gm_to_ubuf_align_v2) ASC_STUB_ANY(copy_ubuf_to_cbuf) ASC_STUB_ANY(dhistv2)
ASC_STUB_ANY(get_ar) ASC_STUB_ANY(ldva) ASC_STUB_ANY(load_cbuf_to_ca_mx)
ASC_STUB_ANY(load_cbuf_to_cb_mx) ASC_STUB_ANY(mem_bar) ASC_STUB_ANY(movp_b16)
ASC_STUB_ANY(movp_b32) ASC_STUB_ANY(movvp) ASC_STUB_ANY(pand) ASC_STUB_ANY(pdintlv_b16)
ASC_STUB_ANY(pdintlv_b32) ASC_STUB_ANY(pdintlv_b8) ASC_STUB_ANY(pintlv_b16)
ASC_STUB_ANY(pintlv_b32) ASC_STUB_ANY(pintlv_b8) ASC_STUB_ANY(pld) ASC_STUB_ANY(plds)
ASC_STUB_ANY(plt_b16) ASC_STUB_ANY(plt_b32) ASC_STUB_ANY(plt_b8) ASC_STUB_ANY(pmov)
ASC_STUB_ANY(pnot) ASC_STUB_ANY(por) ASC_STUB_ANY(ppack) ASC_STUB_ANY(psel)
ASC_STUB_ANY(pset_b16) ASC_STUB_ANY(pset_b32) ASC_STUB_ANY(pset_b8) ASC_STUB_ANY(pst)
ASC_STUB_ANY(psts) ASC_STUB_ANY(pstu) ASC_STUB_ANY(punpack) ASC_STUB_ANY(pxor)
ASC_STUB_ANY(set_channel_para) ASC_STUB_ANY(set_intra_block)
ASC_STUB_ANY(set_loop0_stride_nddma) ASC_STUB_ANY(set_loop1_stride_nddma)
ASC_STUB_ANY(set_loop1_stride_outtoub) ASC_STUB_ANY(set_loop1_stride_ubtoout)
ASC_STUB_ANY(set_loop2_stride_nddma) ASC_STUB_ANY(set_loop2_stride_outtoub)
ASC_STUB_ANY(set_loop2_stride_ubtoout) ASC_STUB_ANY(set_loop3_para)
ASC_STUB_ANY(set_loop3_stride_nddma) ASC_STUB_ANY(set_loop4_stride_nddma)
ASC_STUB_ANY(set_mte2_nz_para) ASC_STUB_ANY(set_mte2_src_para) ASC_STUB_ANY(set_pad_cnt_nddma)
ASC_STUB_ANY(set_pad_val_nddma) ASC_STUB_ANY(sprclr) ASC_STUB_ANY(vaddc) ASC_STUB_ANY(vaddcs)
ASC_STUB_ANY(vag_b16) ASC_STUB_ANY(vag_b32) ASC_STUB_ANY(vag_b8) ASC_STUB_ANY(vbr)
ASC_STUB_ANY(vci) ASC_STUB_ANY(vcmps_eq) ASC_STUB_ANY(vcmps_ge) ASC_STUB_ANY(vcmps_gt)
ASC_STUB_ANY(vcmps_le) ASC_STUB_ANY(vcmps_lt) ASC_STUB_ANY(vcmps_ne) ASC_STUB_ANY(vcvt)
ASC_STUB_ANY(vdintlv) ASC_STUB_ANY(vdup) ASC_STUB_ANY(vgather2) ASC_STUB_ANY(vintlv)
ASC_STUB_ANY(vld) ASC_STUB_ANY(vlda) ASC_STUB_ANY(vldas) ASC_STUB_ANY(vlds) ASC_STUB_ANY(vldu)
ASC_STUB_ANY(vldus) ASC_STUB_ANY(vmov) ASC_STUB_ANY(vmula) ASC_STUB_ANY(vmull)
ASC_STUB_ANY(vneg) ASC_STUB_ANY(vpack) ASC_STUB_ANY(vscatter) ASC_STUB_ANY(vselr)
ASC_STUB_ANY(vshls) ASC_STUB_ANY(vshrs) ASC_STUB_ANY(vsldb) ASC_STUB_ANY(vsqz)
ASC_STUB_ANY(vsstb) ASC_STUB_ANY(vst) ASC_STUB_ANY(vsta) ASC_STUB_ANY(vstar)
ASC_STUB_ANY(vstas) ASC_STUB_ANY(vsts) ASC_STUB_ANY(vstu) ASC_STUB_ANY(vstur)
ASC_STUB_ANY(vstus) ASC_STUB_ANY(vsubc) ASC_STUB_ANY(vsubcs) ASC_STUB_ANY(vtrc)
ASC_STUB_ANY(vxor) ASC_STUB_ANY(wait_intra_block)

// the 950 data paths (dav_3510 kernel_operator_fixpipe_impl.h: Fixpipe L0C -> UB)
ASC_STUB_VOID(copy_matrix_cc_to_ub)

// the SIMT builtins the simt_api impl headers call that asc-tools' simt_stub.h does not
// declare (device_sync_functions_impl.h, device_warp_functions_impl.h: the barrier, the
// fences, the warp functions and the atomics)
ASC_STUB_VOID(__sync_workitems) ASC_STUB_VOID(__threadfence) ASC_STUB_VOID(__threadfence_block)
ASC_STUB_ANY(__all) ASC_STUB_ANY(__any) ASC_STUB_ANY(__ballot) ASC_STUB_ANY(__activemask)
ASC_STUB_ANY(__shfl) ASC_STUB_ANY(__shfl_up) ASC_STUB_ANY(__shfl_down) ASC_STUB_ANY(__shfl_xor)
ASC_STUB_ANY(__reduce_add) ASC_STUB_ANY(__reduce_max) ASC_STUB_ANY(__reduce_min)
ASC_STUB_ANY(__atomic_add) ASC_STUB_ANY(__atomic_sub) ASC_STUB_ANY(__atomic_exch) ASC_STUB_ANY(__atomic_max)
ASC_STUB_ANY(__atomic_min) ASC_STUB_ANY(__atomic_inc) ASC_STUB_ANY(__atomic_dec) ASC_STUB_ANY(__atomic_cas)
ASC_STUB_ANY(__atomic_and) ASC_STUB_ANY(__atomic_or) ASC_STUB_ANY(__atomic_xor)
ASC_STUB_ANY(atomicAdd) ASC_STUB_ANY(atomicSub) ASC_STUB_ANY(atomicExch) ASC_STUB_ANY(atomicMax)
ASC_STUB_ANY(atomicMin) ASC_STUB_ANY(atomicInc) ASC_STUB_ANY(atomicDec) ASC_STUB_ANY(atomicCAS)
ASC_STUB_ANY(atomicAnd) ASC_STUB_ANY(atomicOr) ASC_STUB_ANY(atomicXOr)
// the device compiler's builtins the half / bfloat16_t and math headers call
// (asc_fp16_impl.h, asc_bf16_impl.h, math_functions_impl.h): integer max / min,
// __max / __min, signbitf; and __expf / __logf / __sqrtf of any type (glibc declares the
// float ones, which half2 does not convert to; an exact match is chosen over them)
ASC_STUB_ANY(max) ASC_STUB_ANY(min) ASC_STUB_ANY(__max) ASC_STUB_ANY(__min) ASC_STUB_ANY(signbitf)
template <typename T> T __expf(T);
template <typename T> T __logf(T);
template <typename T> T __sqrtf(T);

#endif  // ASC_XDSL_STUB_FUN_3510_H
