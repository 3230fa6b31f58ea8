// Ascend 950's cube completeness (docs/fp8.md "MX", docs/ascend950.md): MmadBitModeParams'
// getters and SetConfig0, Mmad's two MmadBitModeParams overloads, and the compiler's
// builtin enums (QuantMode_t, pad_t) computed at run time: a constant prints by name, a
// run-time number through ToQuantMode / ToPadMode (a switch to the enumerators by name,
// defined once before the functions; Ascend 950's modes under its __NPU_ARCH__), never
// a cast of our number. The second chunk is the same for Atlas A2/A3. Round trip and
// Ascend C (header-checked for 3510 and 2201 by tests/unit/test_headers.py); numerics:
// tests/unit/test_cube_s10.py.
// RUN: asc-opt %s --split-input-file | asc-opt --split-input-file | filecheck %s --check-prefix=IR
// RUN: asc-opt %s --split-input-file -t ascendc | filecheck %s

// IR-LABEL: func.func @bit_mode
// IR:       %gm = ascendc.mmad_bit_mode_params.get_m %p : !ascendc.mmad_bit_mode_params
// IR:       %word = ascendc.mmad_bit_mode_params.get_config0 %p : !ascendc.mmad_bit_mode_params
// IR:       ascendc.mmad_bit_mode_params.set_config0 %q, %word : !ascendc.mmad_bit_mode_params, ui64
// IR:       ascendc.mmad_bit_mode %c, %a, %b, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.mmad_bit_mode_params
// IR:       ascendc.mmad_bit_mode_with_bias %c, %a, %b, %bias, %q : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.mmad_bit_mode_params

// CHECK:      // QuantMode_t from the numbers of asc.QuantModes, by the enumerators' names (the
// CHECK-NEXT: // compiler's own numbers are not published)
// CHECK-NEXT: __inline__ __attribute__((always_inline)) __aicore__ QuantMode_t ToQuantMode(int32_t mode) {
// CHECK-NEXT:   switch (mode) {
// CHECK-NEXT:     case 0: return QuantMode_t::NoQuant;
// CHECK:          case 8: return QuantMode_t::VREQ8;
// CHECK-NEXT: #if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510)
// CHECK-NEXT:     case 9: return QuantMode_t::QF322FP8_PRE;
// CHECK:          case 22: return QuantMode_t::VQF322F32_PRE;
// CHECK-NEXT: #endif
// CHECK-NEXT:     default: return QuantMode_t::NoQuant;
// CHECK-NEXT:   }
// CHECK-NEXT: }

// CHECK-LABEL: void bit_mode(
// CHECK:      uint16_t gm = p.GetM();
// CHECK-NEXT: uint16_t gk = p.GetK();
// CHECK-NEXT: uint16_t gn = p.GetN();
// CHECK-NEXT: uint8_t gu = p.GetUnitFlag();
// CHECK-NEXT: bool gd = p.GetDisableGemv();
// CHECK-NEXT: bool gs = p.GetCmatrixSource();
// CHECK-NEXT: bool gi = p.GetCmatrixInitVal();
// CHECK-NEXT: uint64_t word = p.GetConfig0();
// CHECK-NEXT: AscendC::MmadBitModeParams q;
// CHECK-NEXT: q.SetConfig0(word);
// CHECK-NEXT: AscendC::Mmad(c, a, b, p);
// CHECK-NEXT: AscendC::Mmad(c, a, b, bias, q);
// CHECK:      QuantMode_t qm{ToQuantMode(mode)};
// CHECK-NEXT: ndp.quantPre = qm;
// CHECK:      QuantMode_t named{QuantMode_t::QF322F16_PRE};
// CHECK:      AscendC::FixpipeParamsV220 v220{n, n, n, n32, t, ToQuantMode(mode), deq, n, n, n, u8};
// CHECK-NEXT: AscendC::QuantParams qp{ToQuantMode(mode), udeq};
builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @bit_mode(%c: !ascendc.local_tensor<*xf32>, %a: !ascendc.local_tensor<*xf16>, %b: !ascendc.local_tensor<*xf16>, %bias: !ascendc.local_tensor<*xf32>, %mp: !ascendc.mmad_params, %mode: i32, %n: ui16, %n32: ui32, %t: i1, %deq: i64, %u8: ui8, %udeq: ui64) {
    %p = ascendc.mmad_bit_mode_params_v2 %mp : !ascendc.mmad_params -> !ascendc.mmad_bit_mode_params
    %gm = ascendc.mmad_bit_mode_params.get_m %p : !ascendc.mmad_bit_mode_params
    %gk = ascendc.mmad_bit_mode_params.get_k %p : !ascendc.mmad_bit_mode_params
    %gn = ascendc.mmad_bit_mode_params.get_n %p : !ascendc.mmad_bit_mode_params
    %gu = ascendc.mmad_bit_mode_params.get_unit_flag %p : !ascendc.mmad_bit_mode_params
    %gd = ascendc.mmad_bit_mode_params.get_disable_gemv %p : !ascendc.mmad_bit_mode_params
    %gs = ascendc.mmad_bit_mode_params.get_cmatrix_source %p : !ascendc.mmad_bit_mode_params
    %gi = ascendc.mmad_bit_mode_params.get_cmatrix_init_val %p : !ascendc.mmad_bit_mode_params
    %word = ascendc.mmad_bit_mode_params.get_config0 %p : !ascendc.mmad_bit_mode_params
    %q = ascendc.mmad_bit_mode_params : !ascendc.mmad_bit_mode_params
    ascendc.mmad_bit_mode_params.set_config0 %q, %word : !ascendc.mmad_bit_mode_params, ui64
    ascendc.mmad_bit_mode %c, %a, %b, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.mmad_bit_mode_params
    ascendc.mmad_bit_mode_with_bias %c, %a, %b, %bias, %q : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.mmad_bit_mode_params
    %ndp = ascendc.construct !ascendc.fixpipe_params_arch3510(%n, %n, %n, %n32) : ui16, ui16, ui16, ui32
    %qm = ascendc.construct !ascendc.quant_mode_t(%mode) : i32
    emitasc.set_member %ndp "quantPre", %qm : !ascendc.fixpipe_params_arch3510, !ascendc.quant_mode_t
    %c17 = arith.constant 17 : i32
    %named = ascendc.construct !ascendc.quant_mode_t(%c17) : i32
    %v220 = ascendc.construct !ascendc.fixpipe_params_v220(%n, %n, %n, %n32, %t, %mode, %deq, %n, %n, %n, %u8) : ui16, ui16, ui16, ui32, i1, i32, i64, ui16, ui16, ui16, ui8
    %qp = ascendc.construct !ascendc.quant_params(%mode, %udeq) : i32, ui64
    func.return
  }
}

// -----

// Atlas A2/A3: the same switch (its Ascend 950 cases drop out for dav-2201), for
// FixpipeParamsV220, DataCopyCO12DstParams and DataCopyEnhancedParams' pad_t.
// CHECK:      __aicore__ QuantMode_t ToQuantMode(int32_t mode) {
// CHECK:      __aicore__ pad_t ToPadMode(int32_t mode) {
// CHECK-NEXT:   switch (mode) {
// CHECK-NEXT:     case 0: return pad_t::PAD_NONE;
// CHECK:          case 8: return pad_t::PAD_MODE8;
// CHECK-NEXT:     default: return pad_t::PAD_NONE;
// CHECK-LABEL: void atlas_a2(
// CHECK:      AscendC::FixpipeParamsV220 v220{n, n, n, n32, t, ToQuantMode(mode), deq, n, n, n, u8, t};
// CHECK-NEXT: AscendC::DataCopyCO12DstParams co12{n, n, n32, n, ToQuantMode(mode), u8, t, t};
// CHECK:      AscendC::DataCopyEnhancedParams enh{bm, ds, udeq, u8, t, ToPadMode(mode), udeq};
// CHECK:      AscendC::DataCopyEnhancedParams enh2{bm, ds, udeq, u8, t, pad_t::PAD_MODE2, udeq};
builtin.module attributes {ascendc.soc = "Ascend910B1"} {
  func.func @atlas_a2(%mode: i32, %n: ui16, %n32: ui32, %t: i1, %deq: i64, %u8: ui8, %udeq: ui64) {
    %v220 = ascendc.construct !ascendc.fixpipe_params_v220(%n, %n, %n, %n32, %t, %mode, %deq, %n, %n, %n, %u8, %t) : ui16, ui16, ui16, ui32, i1, i32, i64, ui16, ui16, ui16, ui8, i1
    %co12 = ascendc.construct !ascendc.data_copy_co12dst_params(%n, %n, %n32, %n, %mode, %u8, %t, %t) : ui16, ui16, ui32, ui16, i32, ui8, i1, i1
    %bm = ascendc.construct !ascendc.block_mode() constexpr
    %ds = ascendc.construct !ascendc.deq_scale() constexpr
    %enh = ascendc.construct !ascendc.data_copy_enhanced_params(%bm, %ds, %udeq, %u8, %t, %mode, %udeq) : !ascendc.block_mode, !ascendc.deq_scale, ui64, ui8, i1, i32, ui64
    %c2 = arith.constant 2 : i32
    %enh2 = ascendc.construct !ascendc.data_copy_enhanced_params(%bm, %ds, %udeq, %u8, %t, %c2, %udeq) : !ascendc.block_mode, !ascendc.deq_scale, ui64, ui8, i1, i32, ui64
    func.return
  }
}
