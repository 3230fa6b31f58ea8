// Ascend 950's Fixpipe forms with FixpipeParamsArch3510<layout>: NZ (dstStride in
// elements), ROW_MAJOR with its Nz2NdParams (ndNum > 1) and quantisation (quantPre by
// name, deqScalar), COLUMN_MAJOR with its Nz2DnParams, and the vector-quant workspace
// form. Round trip and Ascend C (header-checked for 3510 by test_headers).
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

// IR-LABEL: func.func @fixpipe_3510
// IR:       %nzp = ascendc.construct !ascendc.fixpipe_params_arch3510<nz>(%n, %n, %n, %n32) : ui16, ui16, ui16, ui32
// IR:       ascendc.fixpipe %out, %co1, %nzp, %nz_cfg : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510<nz>, !ascendc.fixpipe_config
// IR:       emitasc.set_member %ndp "params.ndNum", %two : !ascendc.fixpipe_params_arch3510, ui16
// IR:       emitasc.set_member %ndp "quantPre", %qmode : !ascendc.fixpipe_params_arch3510, !ascendc.quant_mode_t
// IR:       emitasc.set_member %dnp "params.srcNzC0Stride", %one : !ascendc.fixpipe_params_arch3510<column_major>, ui16
// IR:       ascendc.fixpipe_with_workspace %out8, %co1, %ws, %vq, %row_cfg

// CHECK-LABEL: void fixpipe_3510(
// CHECK:         AscendC::FixpipeParamsArch3510<AscendC::CO2Layout::NZ> nzp{
// CHECK:         AscendC::Fixpipe<float, float, AscendC::CFG_NZ>(out, co1, nzp);
// CHECK:         AscendC::FixpipeParamsArch3510<> ndp{
// CHECK:         ndp.params.ndNum = two;
// CHECK-NEXT:    ndp.params.srcNdStride = n;
// CHECK-NEXT:    ndp.params.dstNdStride = n32;
// CHECK:         QuantMode_t qmode{QuantMode_t::QF322F16_PRE};
// CHECK-NEXT:    ndp.quantPre = qmode;
// CHECK-NEXT:    ndp.deqScalar = deq;
// CHECK:         AscendC::Fixpipe<half, float, AscendC::CFG_ROW_MAJOR>(out16, co1, ndp);
// CHECK:         AscendC::FixpipeParamsArch3510<AscendC::CO2Layout::COLUMN_MAJOR> dnp{
// CHECK:         dnp.params.srcNzC0Stride = one;
// CHECK:         AscendC::Fixpipe<float, float, AscendC::CFG_COLUMN_MAJOR>(out, co1, dnp);
// CHECK:         QuantMode_t vmode{QuantMode_t::VQF322B8_PRE};
// CHECK:         AscendC::Fixpipe<int8_t, float, AscendC::CFG_ROW_MAJOR>(out8, co1, ws, vq);
builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @fixpipe_3510(%out: !ascendc.global_tensor<*xf32>, %out16: !ascendc.global_tensor<*xf16>, %out8: !ascendc.global_tensor<*xi8>, %deq: ui64) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %c1024 = arith.constant 1024 : i32
    %len = builtin.unrealized_conversion_cast %c1024 : i32 to ui32
    %co1 = ascendc.local_tensor_v2 co1, %a0, %len : !ascendc.local_tensor<*xf32>
    %c32 = arith.constant 32 : i32
    %n = builtin.unrealized_conversion_cast %c32 : i32 to ui16
    %n32 = builtin.unrealized_conversion_cast %c32 : i32 to ui32
    %nzp = ascendc.construct !ascendc.fixpipe_params_arch3510<nz>(%n, %n, %n, %n32) : ui16, ui16, ui16, ui32
    %nz = arith.constant 0 : i32
    %nz_cfg = ascendc.construct !ascendc.fixpipe_config(%nz) : i32
    ascendc.fixpipe %out, %co1, %nzp, %nz_cfg : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510<nz>, !ascendc.fixpipe_config
    %ndp = ascendc.construct !ascendc.fixpipe_params_arch3510(%n, %n, %n, %n32) : ui16, ui16, ui16, ui32
    %c2 = arith.constant 2 : i32
    %two = builtin.unrealized_conversion_cast %c2 : i32 to ui16
    emitasc.set_member %ndp "params.ndNum", %two : !ascendc.fixpipe_params_arch3510, ui16
    emitasc.set_member %ndp "params.srcNdStride", %n : !ascendc.fixpipe_params_arch3510, ui16
    emitasc.set_member %ndp "params.dstNdStride", %n32 : !ascendc.fixpipe_params_arch3510, ui32
    %q17 = arith.constant 17 : i32
    %qmode = ascendc.construct !ascendc.quant_mode_t(%q17) : i32
    emitasc.set_member %ndp "quantPre", %qmode : !ascendc.fixpipe_params_arch3510, !ascendc.quant_mode_t
    emitasc.set_member %ndp "deqScalar", %deq : !ascendc.fixpipe_params_arch3510, ui64
    %row = arith.constant 1 : i32
    %row_cfg = ascendc.construct !ascendc.fixpipe_config(%row) : i32
    ascendc.fixpipe %out16, %co1, %ndp, %row_cfg : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510, !ascendc.fixpipe_config
    %dnp = ascendc.construct !ascendc.fixpipe_params_arch3510<column_major>(%n, %n, %n, %n32) : ui16, ui16, ui16, ui32
    %c1 = arith.constant 1 : i32
    %one = builtin.unrealized_conversion_cast %c1 : i32 to ui16
    emitasc.set_member %dnp "params.srcNzC0Stride", %one : !ascendc.fixpipe_params_arch3510<column_major>, ui16
    %dn = arith.constant 2 : i32
    %dn_cfg = ascendc.construct !ascendc.fixpipe_config(%dn) : i32
    ascendc.fixpipe %out, %co1, %dnp, %dn_cfg : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510<column_major>, !ascendc.fixpipe_config
    %c64 = arith.constant 64 : i32
    %wlen = builtin.unrealized_conversion_cast %c64 : i32 to ui32
    %ws = ascendc.local_tensor_v2 c1, %a0, %wlen : !ascendc.local_tensor<*xui64>
    %vq = ascendc.construct !ascendc.fixpipe_params_arch3510(%n, %n, %n, %n32) : ui16, ui16, ui16, ui32
    %q6 = arith.constant 6 : i32
    %vmode = ascendc.construct !ascendc.quant_mode_t(%q6) : i32
    emitasc.set_member %vq "quantPre", %vmode : !ascendc.fixpipe_params_arch3510, !ascendc.quant_mode_t
    ascendc.fixpipe_with_workspace %out8, %co1, %ws, %vq, %row_cfg : !ascendc.global_tensor<*xi8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui64>, !ascendc.fixpipe_params_arch3510, !ascendc.fixpipe_config
    func.return
  }
}
