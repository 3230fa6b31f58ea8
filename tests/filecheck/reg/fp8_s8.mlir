// Ascend 950's 8-bit floats beyond Cast and the copies (docs/fp8.md): constants (the
// builtin types' arith.constant, hifloat8_t's ascendc.float_constant), Duplicate's count
// form and the Reg layer's Duplicate of them, Mmad of the fp8 / HiFloat8 pairs into float
// with the LoadData V2 / 3D V2 / 3D V2Pro loads that feed it, Fixpipe's FP8 / HIF8 quant modes.
// Round trip and Ascend C
// (header-checked for 3510 by tests/unit/test_headers.py); the refusals are in
// fp8_s8_invalid.mlir.
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

// IR-LABEL: func.func @vf
// IR:       %one = arith.constant 1.500000e+00 : f8E4M3FN
// IR:       %h14 = ascendc.float_constant {value = 1.400000e+01 : f64} : !ascendc.hifloat8
// IR:       %hinf = ascendc.float_constant {value = 0x7ff0000000000000 : f64} : !ascendc.hifloat8
// IR:       %d = ascendc.reg.duplicate %h14, %m8 : !ascendc.hifloat8, !ascendc.mask_reg -> !ascendc.reg_tensor<!ascendc.hifloat8>
// IR:       %e = ascendc.reg.duplicate %one, %m8 : f8E4M3FN, !ascendc.mask_reg -> !ascendc.reg_tensor<f8E4M3FN>

// CHECK-LABEL: __simd_vf__ inline void vf(__ubuf__ hifloat8_t* h, __ubuf__ fp8_e4m3fn_t* f) {
// CHECK:      const fp8_e4m3fn_t one = static_cast<fp8_e4m3fn_t>(1.5f);
// CHECK-NEXT: const hifloat8_t h14 = static_cast<hifloat8_t>(14.0f);
// CHECK-NEXT: const hifloat8_t hinf = static_cast<hifloat8_t>(__builtin_inff());
// CHECK:      AscendC::Reg::Duplicate(d, h14, m8);
// CHECK:      AscendC::Reg::Duplicate(e, one, m8);
// CHECK:      AscendC::Reg::Duplicate(i, hinf, m8);
builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @vf(%h: memref<?x!ascendc.hifloat8, 26 : i64>, %f: memref<?xf8E4M3FN, 26 : i64>) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %one = arith.constant 1.5 : f8E4M3FN
    %h14 = ascendc.float_constant {value = 14.0 : f64} : !ascendc.hifloat8
    %hinf = ascendc.float_constant {value = 0x7ff0000000000000 : f64} : !ascendc.hifloat8
    %m8 = ascendc.reg.create_mask {dtype = !ascendc.hifloat8, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %d = ascendc.reg.duplicate %h14, %m8 : !ascendc.hifloat8, !ascendc.mask_reg -> !ascendc.reg_tensor<!ascendc.hifloat8>
    ascendc.reg.store_align %h, %c0, %d, %m8 : memref<?x!ascendc.hifloat8, 26 : i64>, i32, !ascendc.reg_tensor<!ascendc.hifloat8>, !ascendc.mask_reg
    %e = ascendc.reg.duplicate %one, %m8 : f8E4M3FN, !ascendc.mask_reg -> !ascendc.reg_tensor<f8E4M3FN>
    ascendc.reg.store_align %f, %c0, %e, %m8 : memref<?xf8E4M3FN, 26 : i64>, i32, !ascendc.reg_tensor<f8E4M3FN>, !ascendc.mask_reg
    %i = ascendc.reg.duplicate %hinf, %m8 : !ascendc.hifloat8, !ascendc.mask_reg -> !ascendc.reg_tensor<!ascendc.hifloat8>
    ascendc.reg.store_align %h, %c0, %i, %m8 : memref<?x!ascendc.hifloat8, 26 : i64>, i32, !ascendc.reg_tensor<!ascendc.hifloat8>, !ascendc.mask_reg
    func.return
  }

  // IR-LABEL: func.func @fill
  // IR:       ascendc.duplicate_l2 %hl, %h, %n : !ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.hifloat8, i32
  // IR:       ascendc.duplicate_l2 %el, %e, %n : !ascendc.local_tensor<*xf8E5M2>, f8E5M2, i32
  // IR:       ascendc.duplicate_l2 %sl, %s, %n : !ascendc.local_tensor<*xf8E8M0FNU>, f8E8M0FNU, i32

  // CHECK-LABEL: void fill(AscendC::LocalTensor<hifloat8_t> hl, AscendC::LocalTensor<fp8_e5m2_t> el, AscendC::LocalTensor<fp8_e8m0_t> sl, int32_t n) {
  // CHECK:      const hifloat8_t h = static_cast<hifloat8_t>(0.3125f);
  // CHECK-NEXT: const fp8_e5m2_t e = static_cast<fp8_e5m2_t>(-3.0f);
  // CHECK-NEXT: const fp8_e8m0_t s = static_cast<fp8_e8m0_t>(0.25f);
  // CHECK-NEXT: AscendC::Duplicate(hl, h, n);
  // CHECK-NEXT: AscendC::Duplicate(el, e, n);
  // CHECK-NEXT: AscendC::Duplicate(sl, s, n);
  func.func @fill(%hl: !ascendc.local_tensor<*x!ascendc.hifloat8>, %el: !ascendc.local_tensor<*xf8E5M2>, %sl: !ascendc.local_tensor<*xf8E8M0FNU>, %n: i32) {
    %h = ascendc.float_constant {value = 0.3125 : f64} : !ascendc.hifloat8
    %e = arith.constant -3.0 : f8E5M2
    %s = arith.constant 0.25 : f8E8M0FNU
    ascendc.duplicate_l2 %hl, %h, %n : !ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.hifloat8, i32
    ascendc.duplicate_l2 %el, %e, %n : !ascendc.local_tensor<*xf8E5M2>, f8E5M2, i32
    ascendc.duplicate_l2 %sl, %s, %n : !ascendc.local_tensor<*xf8E8M0FNU>, f8E8M0FNU, i32
    func.return
  }

  // IR-LABEL: func.func @matmul
  // IR:       ascendc.load_data_l0_v2 %a2, %a1, %lp : !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.load_data_2d_params_v2
  // IR:       ascendc.mmad %co1, %a2, %b2, %mp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E5M2>, !ascendc.mmad_params
  // IR:       ascendc.mmad_with_bias %co1, %h2, %hb2, %bias, %mp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.local_tensor<*xf32>, !ascendc.mmad_params

  // CHECK-LABEL: void matmul(
  // CHECK:      AscendC::LoadData(a2, a1, lp);
  // CHECK:      AscendC::LoadData(b2, b1, lp);
  // CHECK:      AscendC::LoadData(a2, a1, pro);
  // CHECK:      AscendC::LoadData3DParamsV2<hifloat8_t> v2;
  // CHECK-NEXT: AscendC::LoadData(h2, h1, v2);
  // CHECK:      AscendC::Mmad(co1, a2, b2, mp);
  // CHECK:      AscendC::Mmad(co1, h2, hb2, bias, mp);
  func.func @matmul() {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %c1024 = arith.constant 1024 : i32
    %len = builtin.unrealized_conversion_cast %c1024 : i32 to ui32
    %c4096 = arith.constant 4096 : i32
    %far = builtin.unrealized_conversion_cast %c4096 : i32 to ui32
    %a1 = ascendc.local_tensor_v2 a1, %a0, %len : !ascendc.local_tensor<*xf8E4M3FN>
    %b1 = ascendc.local_tensor_v2 b1, %far, %len : !ascendc.local_tensor<*xf8E5M2>
    %a2 = ascendc.local_tensor_v2 a2, %a0, %len : !ascendc.local_tensor<*xf8E4M3FN>
    %b2 = ascendc.local_tensor_v2 b2, %a0, %len : !ascendc.local_tensor<*xf8E5M2>
    %h1 = ascendc.local_tensor_v2 a1, %far, %len : !ascendc.local_tensor<*x!ascendc.hifloat8>
    %h2 = ascendc.local_tensor_v2 a2, %far, %len : !ascendc.local_tensor<*x!ascendc.hifloat8>
    %hb2 = ascendc.local_tensor_v2 b2, %far, %len : !ascendc.local_tensor<*x!ascendc.hifloat8>
    %co1 = ascendc.local_tensor_v2 co1, %a0, %len : !ascendc.local_tensor<*xf32>
    %bias = ascendc.local_tensor_v2 c2, %a0, %len : !ascendc.local_tensor<*xf32>
    %two = arith.constant 2 : i32
    %u2 = builtin.unrealized_conversion_cast %two : i32 to ui16
    %false = arith.constant false
    %c0_i8 = arith.constant 0 : i8
    %sid = builtin.unrealized_conversion_cast %c0_i8 : i8 to ui8
    %lp = ascendc.construct !ascendc.load_data_2d_params_v2(%a0, %a0, %u2, %u2, %two, %u2, %false, %sid) : ui32, ui32, ui16, ui16, i32, ui16, i1, ui8
    ascendc.load_data_l0_v2 %a2, %a1, %lp : !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.load_data_2d_params_v2
    ascendc.load_data_l0_v2 %b2, %b1, %lp : !ascendc.local_tensor<*xf8E5M2>, !ascendc.local_tensor<*xf8E5M2>, !ascendc.load_data_2d_params_v2
    %pro = ascendc.construct !ascendc.load_data_3d_params_v2_pro()
    ascendc.load_data_3d_l0_v2pro %a2, %a1, %pro : !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.load_data_3d_params_v2_pro
    %v2 = ascendc.construct !ascendc.load_data_3d_params_v2<!ascendc.hifloat8>()
    ascendc.load_data_3d_l0_v2 %h2, %h1, %v2 : !ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.load_data_3d_params_v2<!ascendc.hifloat8>
    %mp = ascendc.construct !ascendc.mmad_params()
    ascendc.mmad %co1, %a2, %b2, %mp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E5M2>, !ascendc.mmad_params
    ascendc.mmad_with_bias %co1, %h2, %hb2, %bias, %mp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.local_tensor<*xf32>, !ascendc.mmad_params
    func.return
  }

  // IR-LABEL: func.func @quant_out
  // IR:       ascendc.fixpipe %e4, %co1, %sp, %row_cfg : !ascendc.global_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510, !ascendc.fixpipe_config
  // IR:       ascendc.fixpipe_with_workspace %h8, %co1, %ws, %vp, %row_cfg : !ascendc.global_tensor<*x!ascendc.hifloat8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui64>, !ascendc.fixpipe_params_arch3510, !ascendc.fixpipe_config

  // CHECK-LABEL: void quant_out(
  // CHECK:      QuantMode_t fp8{QuantMode_t::QF322FP8_PRE};
  // CHECK:      AscendC::Fixpipe<fp8_e4m3fn_t, float, AscendC::CFG_ROW_MAJOR>(e4, co1, sp);
  // CHECK:      QuantMode_t hif8{QuantMode_t::VQF322HIF8_PRE};
  // CHECK:      AscendC::Fixpipe<hifloat8_t, float, AscendC::CFG_ROW_MAJOR>(h8, co1, ws, vp);
  func.func @quant_out(%e4: !ascendc.global_tensor<*xf8E4M3FN>, %h8: !ascendc.global_tensor<*x!ascendc.hifloat8>, %deq: ui64) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %c1024 = arith.constant 1024 : i32
    %len = builtin.unrealized_conversion_cast %c1024 : i32 to ui32
    %co1 = ascendc.local_tensor_v2 co1, %a0, %len : !ascendc.local_tensor<*xf32>
    %c32 = arith.constant 32 : i32
    %n = builtin.unrealized_conversion_cast %c32 : i32 to ui16
    %n32 = builtin.unrealized_conversion_cast %c32 : i32 to ui32
    %row = arith.constant 1 : i32
    %row_cfg = ascendc.construct !ascendc.fixpipe_config(%row) : i32
    %sp = ascendc.construct !ascendc.fixpipe_params_arch3510(%n, %n, %n, %n32) : ui16, ui16, ui16, ui32
    %q9 = arith.constant 9 : i32
    %fp8 = ascendc.construct !ascendc.quant_mode_t(%q9) : i32
    emitasc.set_member %sp "quantPre", %fp8 : !ascendc.fixpipe_params_arch3510, !ascendc.quant_mode_t
    emitasc.set_member %sp "deqScalar", %deq : !ascendc.fixpipe_params_arch3510, ui64
    ascendc.fixpipe %e4, %co1, %sp, %row_cfg : !ascendc.global_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510, !ascendc.fixpipe_config
    %c64 = arith.constant 64 : i32
    %wlen = builtin.unrealized_conversion_cast %c64 : i32 to ui32
    %ws = ascendc.local_tensor_v2 c1, %a0, %wlen : !ascendc.local_tensor<*xui64>
    %vp = ascendc.construct !ascendc.fixpipe_params_arch3510(%n, %n, %n, %n32) : ui16, ui16, ui16, ui32
    %q12 = arith.constant 12 : i32
    %hif8 = ascendc.construct !ascendc.quant_mode_t(%q12) : i32
    emitasc.set_member %vp "quantPre", %hif8 : !ascendc.fixpipe_params_arch3510, !ascendc.quant_mode_t
    ascendc.fixpipe_with_workspace %h8, %co1, %ws, %vp, %row_cfg : !ascendc.global_tensor<*x!ascendc.hifloat8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui64>, !ascendc.fixpipe_params_arch3510, !ascendc.fixpipe_config
    func.return
  }

  // The 4-bit floats: f4E2M1FN (fp4x2_e2m1_t) and !ascendc.float4_e1m2 (fp4x2_e1m2_t),
  // Cast's count form to and from bfloat16_t, the copies, LoadData with V2 params.
  // IR-LABEL: func.func @fp4
  // IR:       ascendc.cast_l2 %q, %b, %n {roundMode = 3 : i32} : !ascendc.local_tensor<*xf4E2M1FN>, !ascendc.local_tensor<*xbf16>, i32
  // IR:       ascendc.cast_l2 %b, %r, %n {roundMode = 0 : i32} : !ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*x!ascendc.float4_e1m2>, i32

  // CHECK-LABEL: void fp4(AscendC::LocalTensor<bfloat16_t> b, AscendC::LocalTensor<fp4x2_e2m1_t> q, AscendC::LocalTensor<fp4x2_e1m2_t> r, AscendC::GlobalTensor<fp4x2_e2m1_t> g, int32_t n) {
  // CHECK:      AscendC::Cast<fp4x2_e2m1_t, bfloat16_t>(q, b, AscendC::RoundMode::CAST_CEIL, n);
  // CHECK-NEXT: AscendC::Cast<fp4x2_e1m2_t, bfloat16_t>(r, b, AscendC::RoundMode::CAST_RINT, n);
  // CHECK-NEXT: AscendC::Cast<bfloat16_t, fp4x2_e1m2_t>(b, r, AscendC::RoundMode::CAST_NONE, n);
  // CHECK-NEXT: AscendC::DataCopy(g, q, n);
  func.func @fp4(%b: !ascendc.local_tensor<*xbf16>, %q: !ascendc.local_tensor<*xf4E2M1FN>, %r: !ascendc.local_tensor<*x!ascendc.float4_e1m2>, %g: !ascendc.global_tensor<*xf4E2M1FN>, %n: i32) {
    ascendc.cast_l2 %q, %b, %n {roundMode = 3 : i32} : !ascendc.local_tensor<*xf4E2M1FN>, !ascendc.local_tensor<*xbf16>, i32
    ascendc.cast_l2 %r, %b, %n {roundMode = 1 : i32} : !ascendc.local_tensor<*x!ascendc.float4_e1m2>, !ascendc.local_tensor<*xbf16>, i32
    ascendc.cast_l2 %b, %r, %n {roundMode = 0 : i32} : !ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*x!ascendc.float4_e1m2>, i32
    ascendc.data_copy_l2 %g, %q, %n : !ascendc.global_tensor<*xf4E2M1FN>, !ascendc.local_tensor<*xf4E2M1FN>, i32
    func.return
  }
}
