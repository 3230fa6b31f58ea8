// Emission of ascendc.construct for every struct and enum type of the dialect, in
// every form the Ascend C headers accept (struct_fields.py, generated from the
// headers by tools/gen_struct_fields.py): each constructor's field count, an
// aggregate's empty, one-field and full forms (all prefixes when it has at most 6
// fields), an enum's zero or one value. Fields are converted to the headers' field
// types (braces forbid narrowing; integers become enums by static_cast, the compiler's
// builtin QuantMode_t and pad_t by name through ToQuantMode / ToPadMode); a class
// template whose IR type does not carry its element type takes it from its fields.
// tests/unit/test_headers.py compiles this output against the headers.
// RUN: asc-opt %s --split-input-file -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void data_copy_params(int32_t i) {
// CHECK-NEXT:   AscendC::DataCopyParams v0;
// CHECK-NEXT:   AscendC::DataCopyParams v4{static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @data_copy_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.data_copy_params()
  %v4 = ascendc.construct !ascendc.data_copy_params(%i, %i, %i, %i) : i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void data_copy_ext_params(int32_t i) {
// CHECK-NEXT:   AscendC::DataCopyExtParams v0;
// CHECK-NEXT:   AscendC::DataCopyExtParams v4{static_cast<uint16_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), 0};
// CHECK-NEXT:   AscendC::DataCopyExtParams v5{static_cast<uint16_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @data_copy_ext_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.data_copy_ext_params()
  %v4 = ascendc.construct !ascendc.data_copy_ext_params(%i, %i, %i, %i) : i32, i32, i32, i32
  %v5 = ascendc.construct !ascendc.data_copy_ext_params(%i, %i, %i, %i, %i) : i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void data_copy_pad_params(int32_t i) {
// CHECK-NEXT:   AscendC::DataCopyPadParams v0;
// CHECK-NEXT:   AscendC::DataCopyPadParams v4{static_cast<bool>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint64_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @data_copy_pad_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.data_copy_pad_params()
  %v4 = ascendc.construct !ascendc.data_copy_pad_params(%i, %i, %i, %i) : i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void data_copy_pad_ext_params(int32_t i, half h) {
// CHECK-NEXT:   AscendC::DataCopyPadExtParams<half> v0;
// CHECK-NEXT:   AscendC::DataCopyPadExtParams<half> v4{static_cast<bool>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), h};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @data_copy_pad_ext_params(%i: i32, %h: f16) {
  %v0 = ascendc.construct !ascendc.data_copy_pad_ext_params<f16>()
  %v4 = ascendc.construct !ascendc.data_copy_pad_ext_params<f16>(%i, %i, %i, %h) : i32, i32, i32, f16
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void shape_info(int32_t i, uint32_t* u32s) {
// CHECK-NEXT:   AscendC::ShapeInfo v0;
// CHECK-NEXT:   AscendC::ShapeInfo v2{static_cast<uint8_t>(i), u32s};
// CHECK-NEXT:   AscendC::ShapeInfo v3{static_cast<uint8_t>(i), u32s, static_cast<AscendC::DataFormat>(i)};
// CHECK-NEXT:   AscendC::ShapeInfo v5{static_cast<uint8_t>(i), u32s, static_cast<uint8_t>(i), u32s, static_cast<AscendC::DataFormat>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @shape_info(%i: i32, %u32s: memref<8xui32>) {
  %v0 = ascendc.construct !ascendc.shape_info()
  %v2 = ascendc.construct !ascendc.shape_info(%i, %u32s) : i32, memref<8xui32>
  %v3 = ascendc.construct !ascendc.shape_info(%i, %u32s, %i) : i32, memref<8xui32>, i32
  %v5 = ascendc.construct !ascendc.shape_info(%i, %u32s, %i, %u32s, %i) : i32, memref<8xui32>, i32, memref<8xui32>, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void aipp_cpadding_params(int32_t i, int8_t c) {
// CHECK-NEXT:   AscendC::AippChannelPaddingParams<int8_t> v2{static_cast<uint32_t>(i), c};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @aipp_cpadding_params(%i: i32, %c: i8) {
  %v2 = ascendc.construct !ascendc.aipp_cpadding_params(%i, %c) : i32, i8
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void aipp_csc_params(int32_t i) {
// CHECK-NEXT:   AscendC::AippColorSpaceConvParams v0{};
// CHECK-NEXT:   AscendC::AippColorSpaceConvParams v1{static_cast<bool>(i)};
// CHECK-NEXT:   AscendC::AippColorSpaceConvParams v16{static_cast<bool>(i), static_cast<int16_t>(i), static_cast<int16_t>(i), static_cast<int16_t>(i), static_cast<int16_t>(i), static_cast<int16_t>(i), static_cast<int16_t>(i), static_cast<int16_t>(i), static_cast<int16_t>(i), static_cast<int16_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @aipp_csc_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.aipp_csc_params()
  %v1 = ascendc.construct !ascendc.aipp_csc_params(%i) : i32
  %v16 = ascendc.construct !ascendc.aipp_csc_params(%i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void aipp_dtc_params(int32_t i, float f) {
// CHECK-NEXT:   AscendC::AippDataTypeConvParams v0{};
// CHECK-NEXT:   AscendC::AippDataTypeConvParams v1{static_cast<uint8_t>(i)};
// CHECK-NEXT:   AscendC::AippDataTypeConvParams v10{static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<half>(f), static_cast<half>(f), static_cast<half>(f), static_cast<half>(f), static_cast<half>(f), static_cast<half>(f), static_cast<uint32_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @aipp_dtc_params(%i: i32, %f: f32) {
  %v0 = ascendc.construct !ascendc.aipp_dtc_params()
  %v1 = ascendc.construct !ascendc.aipp_dtc_params(%i) : i32
  %v10 = ascendc.construct !ascendc.aipp_dtc_params(%i, %i, %i, %f, %f, %f, %f, %f, %f, %i) : i32, i32, i32, f32, f32, f32, f32, f32, f32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void aipp_input_format(int32_t i) {
// CHECK-NEXT:   AscendC::AippInputFormat v0{};
// CHECK-NEXT:   AscendC::AippInputFormat v1{static_cast<AscendC::AippInputFormat>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @aipp_input_format(%i: i32) {
  %v0 = ascendc.construct !ascendc.aipp_input_format()
  %v1 = ascendc.construct !ascendc.aipp_input_format(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void aipp_padding_params(int32_t i, int8_t c) {
// CHECK-NEXT:   AscendC::AippPaddingParams<int8_t> v2{static_cast<uint32_t>(i), c};
// CHECK-NEXT:   AscendC::AippPaddingParams<int8_t> v3{static_cast<uint32_t>(i), c, c};
// CHECK-NEXT:   AscendC::AippPaddingParams<int8_t> v4{static_cast<uint32_t>(i), c, c, c};
// CHECK-NEXT:   AscendC::AippPaddingParams<int8_t> v5{static_cast<uint32_t>(i), c, c, c, c};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @aipp_padding_params(%i: i32, %c: i8) {
  %v2 = ascendc.construct !ascendc.aipp_padding_params(%i, %c) : i32, i8
  %v3 = ascendc.construct !ascendc.aipp_padding_params(%i, %c, %c) : i32, i8, i8
  %v4 = ascendc.construct !ascendc.aipp_padding_params(%i, %c, %c, %c) : i32, i8, i8, i8
  %v5 = ascendc.construct !ascendc.aipp_padding_params(%i, %c, %c, %c, %c) : i32, i8, i8, i8, i8
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void aipp_params(int32_t i, int8_t c) {
// CHECK-NEXT:   AscendC::AippParams<int8_t> v1;
// CHECK-NEXT:   v1.paddingParams.paddingMode = i;
// CHECK-NEXT:   v1.paddingParams.paddingValueCh0 = c;
// CHECK-NEXT:   v1.paddingParams.paddingValueCh1 = c;
// CHECK-NEXT:   v1.paddingParams.paddingValueCh2 = c;
// CHECK-NEXT:   v1.paddingParams.paddingValueCh3 = c;
// CHECK-NEXT:   AscendC::AippSwapParams aipp_swap_params_2{};
// CHECK-NEXT:   AscendC::AippParams<int8_t> v2;
// CHECK-NEXT:   v2.paddingParams.paddingMode = i;
// CHECK-NEXT:   v2.paddingParams.paddingValueCh0 = c;
// CHECK-NEXT:   v2.paddingParams.paddingValueCh1 = c;
// CHECK-NEXT:   v2.paddingParams.paddingValueCh2 = c;
// CHECK-NEXT:   v2.paddingParams.paddingValueCh3 = c;
// CHECK-NEXT:   v2.swapParams = aipp_swap_params_2;
// CHECK-NEXT:   AscendC::AippSwapParams aipp_swap_params_3{};
// CHECK-NEXT:   AscendC::AippSingleLineParams aipp_single_line_params_3{};
// CHECK-NEXT:   AscendC::AippParams<int8_t> v3;
// CHECK-NEXT:   v3.paddingParams.paddingMode = i;
// CHECK-NEXT:   v3.paddingParams.paddingValueCh0 = c;
// CHECK-NEXT:   v3.paddingParams.paddingValueCh1 = c;
// CHECK-NEXT:   v3.paddingParams.paddingValueCh2 = c;
// CHECK-NEXT:   v3.paddingParams.paddingValueCh3 = c;
// CHECK-NEXT:   v3.swapParams = aipp_swap_params_3;
// CHECK-NEXT:   v3.singleLineParams = aipp_single_line_params_3;
// CHECK-NEXT:   AscendC::AippSwapParams aipp_swap_params_4{};
// CHECK-NEXT:   AscendC::AippSingleLineParams aipp_single_line_params_4{};
// CHECK-NEXT:   AscendC::AippDataTypeConvParams aipp_dtc_params_4{};
// CHECK-NEXT:   AscendC::AippParams<int8_t> v4;
// CHECK-NEXT:   v4.paddingParams.paddingMode = i;
// CHECK-NEXT:   v4.paddingParams.paddingValueCh0 = c;
// CHECK-NEXT:   v4.paddingParams.paddingValueCh1 = c;
// CHECK-NEXT:   v4.paddingParams.paddingValueCh2 = c;
// CHECK-NEXT:   v4.paddingParams.paddingValueCh3 = c;
// CHECK-NEXT:   v4.swapParams = aipp_swap_params_4;
// CHECK-NEXT:   v4.singleLineParams = aipp_single_line_params_4;
// CHECK-NEXT:   v4.dtcParams = aipp_dtc_params_4;
// CHECK-NEXT:   AscendC::AippSwapParams aipp_swap_params_5{};
// CHECK-NEXT:   AscendC::AippSingleLineParams aipp_single_line_params_5{};
// CHECK-NEXT:   AscendC::AippDataTypeConvParams aipp_dtc_params_5{};
// CHECK-NEXT:   AscendC::AippParams<int8_t> v5;
// CHECK-NEXT:   v5.paddingParams.paddingMode = i;
// CHECK-NEXT:   v5.paddingParams.paddingValueCh0 = c;
// CHECK-NEXT:   v5.paddingParams.paddingValueCh1 = c;
// CHECK-NEXT:   v5.paddingParams.paddingValueCh2 = c;
// CHECK-NEXT:   v5.paddingParams.paddingValueCh3 = c;
// CHECK-NEXT:   v5.swapParams = aipp_swap_params_5;
// CHECK-NEXT:   v5.singleLineParams = aipp_single_line_params_5;
// CHECK-NEXT:   v5.dtcParams = aipp_dtc_params_5;
// CHECK-NEXT:   v5.cPaddingParams.cPaddingMode = i;
// CHECK-NEXT:   v5.cPaddingParams.cPaddingValue = c;
// CHECK-NEXT:   AscendC::AippSwapParams aipp_swap_params_6{};
// CHECK-NEXT:   AscendC::AippSingleLineParams aipp_single_line_params_6{};
// CHECK-NEXT:   AscendC::AippDataTypeConvParams aipp_dtc_params_6{};
// CHECK-NEXT:   AscendC::AippColorSpaceConvParams aipp_csc_params_6{};
// CHECK-NEXT:   AscendC::AippParams<int8_t> v6;
// CHECK-NEXT:   v6.paddingParams.paddingMode = i;
// CHECK-NEXT:   v6.paddingParams.paddingValueCh0 = c;
// CHECK-NEXT:   v6.paddingParams.paddingValueCh1 = c;
// CHECK-NEXT:   v6.paddingParams.paddingValueCh2 = c;
// CHECK-NEXT:   v6.paddingParams.paddingValueCh3 = c;
// CHECK-NEXT:   v6.swapParams = aipp_swap_params_6;
// CHECK-NEXT:   v6.singleLineParams = aipp_single_line_params_6;
// CHECK-NEXT:   v6.dtcParams = aipp_dtc_params_6;
// CHECK-NEXT:   v6.cPaddingParams.cPaddingMode = i;
// CHECK-NEXT:   v6.cPaddingParams.cPaddingValue = c;
// CHECK-NEXT:   v6.cscParams = aipp_csc_params_6;
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @aipp_params(%i: i32, %c: i8) {
  %aipp_padding_params_1_0 = ascendc.construct !ascendc.aipp_padding_params(%i, %c, %c, %c, %c) : i32, i8, i8, i8, i8
  %v1 = ascendc.construct !ascendc.aipp_params(%aipp_padding_params_1_0) : !ascendc.aipp_padding_params
  %aipp_padding_params_2_0 = ascendc.construct !ascendc.aipp_padding_params(%i, %c, %c, %c, %c) : i32, i8, i8, i8, i8
  %aipp_swap_params_2_1 = ascendc.construct !ascendc.aipp_swap_params()
  %v2 = ascendc.construct !ascendc.aipp_params(%aipp_padding_params_2_0, %aipp_swap_params_2_1) : !ascendc.aipp_padding_params, !ascendc.aipp_swap_params
  %aipp_padding_params_3_0 = ascendc.construct !ascendc.aipp_padding_params(%i, %c, %c, %c, %c) : i32, i8, i8, i8, i8
  %aipp_swap_params_3_1 = ascendc.construct !ascendc.aipp_swap_params()
  %aipp_single_line_params_3_2 = ascendc.construct !ascendc.aipp_single_line_params()
  %v3 = ascendc.construct !ascendc.aipp_params(%aipp_padding_params_3_0, %aipp_swap_params_3_1, %aipp_single_line_params_3_2) : !ascendc.aipp_padding_params, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params
  %aipp_padding_params_4_0 = ascendc.construct !ascendc.aipp_padding_params(%i, %c, %c, %c, %c) : i32, i8, i8, i8, i8
  %aipp_swap_params_4_1 = ascendc.construct !ascendc.aipp_swap_params()
  %aipp_single_line_params_4_2 = ascendc.construct !ascendc.aipp_single_line_params()
  %aipp_dtc_params_4_3 = ascendc.construct !ascendc.aipp_dtc_params()
  %v4 = ascendc.construct !ascendc.aipp_params(%aipp_padding_params_4_0, %aipp_swap_params_4_1, %aipp_single_line_params_4_2, %aipp_dtc_params_4_3) : !ascendc.aipp_padding_params, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params
  %aipp_padding_params_5_0 = ascendc.construct !ascendc.aipp_padding_params(%i, %c, %c, %c, %c) : i32, i8, i8, i8, i8
  %aipp_swap_params_5_1 = ascendc.construct !ascendc.aipp_swap_params()
  %aipp_single_line_params_5_2 = ascendc.construct !ascendc.aipp_single_line_params()
  %aipp_dtc_params_5_3 = ascendc.construct !ascendc.aipp_dtc_params()
  %aipp_cpadding_params_5_4 = ascendc.construct !ascendc.aipp_cpadding_params(%i, %c) : i32, i8
  %v5 = ascendc.construct !ascendc.aipp_params(%aipp_padding_params_5_0, %aipp_swap_params_5_1, %aipp_single_line_params_5_2, %aipp_dtc_params_5_3, %aipp_cpadding_params_5_4) : !ascendc.aipp_padding_params, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params
  %aipp_padding_params_6_0 = ascendc.construct !ascendc.aipp_padding_params(%i, %c, %c, %c, %c) : i32, i8, i8, i8, i8
  %aipp_swap_params_6_1 = ascendc.construct !ascendc.aipp_swap_params()
  %aipp_single_line_params_6_2 = ascendc.construct !ascendc.aipp_single_line_params()
  %aipp_dtc_params_6_3 = ascendc.construct !ascendc.aipp_dtc_params()
  %aipp_cpadding_params_6_4 = ascendc.construct !ascendc.aipp_cpadding_params(%i, %c) : i32, i8
  %aipp_csc_params_6_5 = ascendc.construct !ascendc.aipp_csc_params()
  %v6 = ascendc.construct !ascendc.aipp_params(%aipp_padding_params_6_0, %aipp_swap_params_6_1, %aipp_single_line_params_6_2, %aipp_dtc_params_6_3, %aipp_cpadding_params_6_4, %aipp_csc_params_6_5) : !ascendc.aipp_padding_params, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params, !ascendc.aipp_csc_params
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void aipp_single_line_params(int32_t i) {
// CHECK-NEXT:   AscendC::AippSingleLineParams v0{};
// CHECK-NEXT:   AscendC::AippSingleLineParams v1{static_cast<bool>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @aipp_single_line_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.aipp_single_line_params()
  %v1 = ascendc.construct !ascendc.aipp_single_line_params(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void aipp_swap_params(int32_t i) {
// CHECK-NEXT:   AscendC::AippSwapParams v0{};
// CHECK-NEXT:   AscendC::AippSwapParams v1{static_cast<bool>(i)};
// CHECK-NEXT:   AscendC::AippSwapParams v2{static_cast<bool>(i), static_cast<bool>(i)};
// CHECK-NEXT:   AscendC::AippSwapParams v3{static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @aipp_swap_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.aipp_swap_params()
  %v1 = ascendc.construct !ascendc.aipp_swap_params(%i) : i32
  %v2 = ascendc.construct !ascendc.aipp_swap_params(%i, %i) : i32, i32
  %v3 = ascendc.construct !ascendc.aipp_swap_params(%i, %i, %i) : i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void ascend_quant_config(int32_t i) {
// CHECK-NEXT:   AscendC::AscendQuantConfig v4{static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @ascend_quant_config(%i: i32) {
  %v4 = ascendc.construct !ascendc.ascend_quant_config(%i, %i, %i, %i) : i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void batch_mode(int32_t i) {
// CHECK-NEXT:   BatchMode v0{};
// CHECK-NEXT:   BatchMode v1{static_cast<BatchMode>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
emitasc.include "lib/matmul_intf.h"
func.func @batch_mode(%i: i32) {
  %v0 = ascendc.construct !ascendc.batch_mode()
  %v1 = ascendc.construct !ascendc.batch_mode(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void batch_out_mode(int32_t i) {
// CHECK-NEXT:   BatchOutMode v0{};
// CHECK-NEXT:   BatchOutMode v1{static_cast<BatchOutMode>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
emitasc.include "lib/matmul_intf.h"
func.func @batch_out_mode(%i: i32) {
  %v0 = ascendc.construct !ascendc.batch_out_mode()
  %v1 = ascendc.construct !ascendc.batch_out_mode(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void binary_repeat_params(int32_t i) {
// CHECK-NEXT:   AscendC::BinaryRepeatParams v0;
// CHECK-NEXT:   AscendC::BinaryRepeatParams v6{static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @binary_repeat_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.binary_repeat_params()
  %v6 = ascendc.construct !ascendc.binary_repeat_params(%i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void block_mode(int32_t i) {
// CHECK-NEXT:   AscendC::BlockMode v0{};
// CHECK-NEXT:   AscendC::BlockMode v1{static_cast<AscendC::BlockMode>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @block_mode(%i: i32) {
  %v0 = ascendc.construct !ascendc.block_mode()
  %v1 = ascendc.construct !ascendc.block_mode(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void brcb_repeat_params(int32_t i) {
// CHECK-NEXT:   AscendC::BrcbRepeatParams v0;
// CHECK-NEXT:   AscendC::BrcbRepeatParams v2{static_cast<uint16_t>(i), static_cast<uint16_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @brcb_repeat_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.brcb_repeat_params()
  %v2 = ascendc.construct !ascendc.brcb_repeat_params(%i, %i) : i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void buf_addr(int32_t i, uint8_t* u8s) {
// CHECK-NEXT:   AscendC::TBuffAddr v0{};
// CHECK-NEXT:   AscendC::TBuffAddr v1{static_cast<uint32_t>(i)};
// CHECK-NEXT:   AscendC::TBuffAddr v2{static_cast<uint32_t>(i), static_cast<uint32_t>(i)};
// CHECK-NEXT:   AscendC::TBuffAddr v3{static_cast<uint32_t>(i), static_cast<uint32_t>(i), u8s};
// CHECK-NEXT:   AscendC::TBuffAddr v4{static_cast<uint32_t>(i), static_cast<uint32_t>(i), u8s, static_cast<uint8_t>(i)};
// CHECK-NEXT:   AscendC::TBuffAddr v5{static_cast<uint32_t>(i), static_cast<uint32_t>(i), u8s, static_cast<uint8_t>(i), u8s};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @buf_addr(%i: i32, %u8s: memref<4xui8>) {
  %v0 = ascendc.construct !ascendc.buf_addr()
  %v1 = ascendc.construct !ascendc.buf_addr(%i) : i32
  %v2 = ascendc.construct !ascendc.buf_addr(%i, %i) : i32, i32
  %v3 = ascendc.construct !ascendc.buf_addr(%i, %i, %u8s) : i32, i32, memref<4xui8>
  %v4 = ascendc.construct !ascendc.buf_addr(%i, %i, %u8s, %i) : i32, i32, memref<4xui8>, i32
  %v5 = ascendc.construct !ascendc.buf_addr(%i, %i, %u8s, %i, %u8s) : i32, i32, memref<4xui8>, i32, memref<4xui8>
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void co2_layout(int32_t i) {
// CHECK-NEXT:   AscendC::CO2Layout v0{};
// CHECK-NEXT:   AscendC::CO2Layout v1{static_cast<AscendC::CO2Layout>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @co2_layout(%i: i32) {
  %v0 = ascendc.construct !ascendc.co2_layout()
  %v1 = ascendc.construct !ascendc.co2_layout(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void check_local_memory_ia_param(int32_t i) {
// CHECK-NEXT:   AscendC::CheckLocalMemoryIAParam v0;
// CHECK-NEXT:   AscendC::CheckLocalMemoryIAParam v10{static_cast<uint8_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @check_local_memory_ia_param(%i: i32) {
  %v0 = ascendc.construct !ascendc.check_local_memory_ia_param()
  %v10 = ascendc.construct !ascendc.check_local_memory_ia_param(%i, %i, %i, %i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void copy_repeat_params(int32_t i) {
// CHECK-NEXT:   AscendC::CopyRepeatParams v0;
// CHECK-NEXT:   AscendC::CopyRepeatParams v4{static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @copy_repeat_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.copy_repeat_params()
  %v4 = ascendc.construct !ascendc.copy_repeat_params(%i, %i, %i, %i) : i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void data_copy_co12dst_params(int32_t i) {
// CHECK-NEXT:   AscendC::DataCopyCO12DstParams v0;
// CHECK-NEXT:   AscendC::DataCopyCO12DstParams v8{static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint32_t>(i), static_cast<uint16_t>(i), ToQuantMode(i), static_cast<uint8_t>(i), static_cast<bool>(i), static_cast<bool>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @data_copy_co12dst_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.data_copy_co12dst_params()
  %v8 = ascendc.construct !ascendc.data_copy_co12dst_params(%i, %i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void data_copy_enhanced_params(int32_t i) {
// CHECK-NEXT:   AscendC::DataCopyEnhancedParams v0;
// CHECK-NEXT:   AscendC::DataCopyEnhancedParams v7{static_cast<AscendC::BlockMode>(i), static_cast<AscendC::DeqScale>(i), static_cast<uint64_t>(i), static_cast<uint8_t>(i), static_cast<bool>(i), ToPadMode(i), static_cast<uint64_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @data_copy_enhanced_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.data_copy_enhanced_params()
  %v7 = ascendc.construct !ascendc.data_copy_enhanced_params(%i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void data_format(int32_t i) {
// CHECK-NEXT:   AscendC::DataFormat v0{};
// CHECK-NEXT:   AscendC::DataFormat v1{static_cast<AscendC::DataFormat>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @data_format(%i: i32) {
  %v0 = ascendc.construct !ascendc.data_format()
  %v1 = ascendc.construct !ascendc.data_format(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void deq_scale(int32_t i) {
// CHECK-NEXT:   AscendC::DeqScale v0{};
// CHECK-NEXT:   AscendC::DeqScale v1{static_cast<AscendC::DeqScale>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @deq_scale(%i: i32) {
  %v0 = ascendc.construct !ascendc.deq_scale()
  %v1 = ascendc.construct !ascendc.deq_scale(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void fixpipe_config(int32_t i) {
// CHECK-NEXT:   AscendC::FixpipeConfig v1{static_cast<AscendC::CO2Layout>(i)};
// CHECK-NEXT:   AscendC::FixpipeConfig v2{static_cast<AscendC::CO2Layout>(i), static_cast<bool>(i)};
// CHECK-NEXT:   AscendC::FixpipeConfig v3{static_cast<AscendC::CO2Layout>(i), static_cast<bool>(i), static_cast<bool>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @fixpipe_config(%i: i32) {
  %v1 = ascendc.construct !ascendc.fixpipe_config(%i) : i32
  %v2 = ascendc.construct !ascendc.fixpipe_config(%i, %i) : i32, i32
  %v3 = ascendc.construct !ascendc.fixpipe_config(%i, %i, %i) : i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void fixpipe_params_v220(int32_t i) {
// CHECK-NEXT:   AscendC::FixpipeParamsV220 v0;
// CHECK-NEXT:   AscendC::FixpipeParamsV220 v5{static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint32_t>(i), static_cast<bool>(i)};
// CHECK-NEXT:   AscendC::FixpipeParamsV220 v11{static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint32_t>(i), static_cast<bool>(i), ToQuantMode(i), static_cast<int64_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint8_t>(i)};
// CHECK-NEXT:   AscendC::FixpipeParamsV220 v12{static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint32_t>(i), static_cast<bool>(i), ToQuantMode(i), static_cast<int64_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint8_t>(i), static_cast<bool>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @fixpipe_params_v220(%i: i32) {
  %v0 = ascendc.construct !ascendc.fixpipe_params_v220()
  %v5 = ascendc.construct !ascendc.fixpipe_params_v220(%i, %i, %i, %i, %i) : i32, i32, i32, i32, i32
  %v11 = ascendc.construct !ascendc.fixpipe_params_v220(%i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  %v12 = ascendc.construct !ascendc.fixpipe_params_v220(%i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void fmatrix_mode(int32_t i) {
// CHECK-NEXT:   AscendC::FmatrixMode v0{};
// CHECK-NEXT:   AscendC::FmatrixMode v1{static_cast<AscendC::FmatrixMode>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @fmatrix_mode(%i: i32) {
  %v0 = ascendc.construct !ascendc.fmatrix_mode()
  %v1 = ascendc.construct !ascendc.fmatrix_mode(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void gather_mask_params(int32_t i) {
// CHECK-NEXT:   AscendC::GatherMaskParams v0;
// CHECK-NEXT:   AscendC::GatherMaskParams v4{static_cast<uint8_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint8_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @gather_mask_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.gather_mask_params()
  %v4 = ascendc.construct !ascendc.gather_mask_params(%i, %i, %i, %i) : i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void gather_repeat_params(int32_t i) {
// CHECK-NEXT:   AscendC::GatherRepeatParams v0;
// CHECK-NEXT:   AscendC::GatherRepeatParams v2{static_cast<uint8_t>(i), static_cast<uint8_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @gather_repeat_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.gather_repeat_params()
  %v2 = ascendc.construct !ascendc.gather_repeat_params(%i, %i) : i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void init_const_value_params(int32_t i, half h) {
// CHECK-NEXT:   AscendC::InitConstValueParams<half> v2{static_cast<uint16_t>(i), h};
// CHECK-NEXT:   AscendC::InitConstValueParams<half> v4{static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), h};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @init_const_value_params(%i: i32, %h: f16) {
  %v2 = ascendc.construct !ascendc.init_const_value_params(%i, %h) : i32, f16
  %v4 = ascendc.construct !ascendc.init_const_value_params(%i, %i, %i, %h) : i32, i32, i32, f16
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void is_reset_load_3d_config(int32_t i) {
// CHECK-NEXT:   AscendC::IsResetLoad3dConfig v2{static_cast<bool>(i), static_cast<bool>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @is_reset_load_3d_config(%i: i32) {
  %v2 = ascendc.construct !ascendc.is_reset_load_3d_config(%i, %i) : i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void iterate_mode(int32_t i) {
// CHECK-NEXT:   IterateMode v0{};
// CHECK-NEXT:   IterateMode v1{static_cast<IterateMode>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
emitasc.include "lib/matmul_intf.h"
func.func @iterate_mode(%i: i32) {
  %v0 = ascendc.construct !ascendc.iterate_mode()
  %v1 = ascendc.construct !ascendc.iterate_mode(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void iterate_order(int32_t i) {
// CHECK-NEXT:   IterateOrder v0{};
// CHECK-NEXT:   IterateOrder v1{static_cast<IterateOrder>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
emitasc.include "lib/matmul_intf.h"
func.func @iterate_order(%i: i32) {
  %v0 = ascendc.construct !ascendc.iterate_order()
  %v1 = ascendc.construct !ascendc.iterate_order(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void kfc_server() {
// CHECK-NEXT:   AscendC::KfcServer<> v0;
// CHECK-NEXT:   return;
// CHECK-NEXT: }
emitasc.include "lib/matmul_intf.h"
func.func @kfc_server() {
  %v0 = ascendc.construct !ascendc.kfc_server()
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void list_tensor_desc(int32_t i, __gm__ uint8_t* gm) {
// CHECK-NEXT:   AscendC::ListTensorDesc v0;
// CHECK-NEXT:   AscendC::ListTensorDesc v1{gm};
// CHECK-NEXT:   AscendC::ListTensorDesc v2{gm, static_cast<uint32_t>(i)};
// CHECK-NEXT:   AscendC::ListTensorDesc v3{gm, static_cast<uint32_t>(i), static_cast<uint32_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
emitasc.include "kernel_operator_list_tensor_intf.h"
func.func @list_tensor_desc(%i: i32, %gm: memref<?xui8, 22>) {
  %v0 = ascendc.construct !ascendc.list_tensor_desc()
  %v1 = ascendc.construct !ascendc.list_tensor_desc(%gm) : memref<?xui8, 22>
  %v2 = ascendc.construct !ascendc.list_tensor_desc(%gm, %i) : memref<?xui8, 22>, i32
  %v3 = ascendc.construct !ascendc.list_tensor_desc(%gm, %i, %i) : memref<?xui8, 22>, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void load_data_2d_params(int32_t i) {
// CHECK-NEXT:   AscendC::LoadData2DParams v0;
// CHECK-NEXT:   AscendC::LoadData2DParams v7{static_cast<uint16_t>(i), static_cast<uint8_t>(i), static_cast<uint16_t>(i), static_cast<uint8_t>(i), static_cast<uint16_t>(i), static_cast<bool>(i), static_cast<uint8_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @load_data_2d_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.load_data_2d_params()
  %v7 = ascendc.construct !ascendc.load_data_2d_params(%i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void load_data_2d_params_v2(int32_t i) {
// CHECK-NEXT:   AscendC::LoadData2DParamsV2 v0;
// CHECK-NEXT:   AscendC::LoadData2DParamsV2 v8{static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), i, static_cast<uint16_t>(i), static_cast<bool>(i), static_cast<uint8_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @load_data_2d_params_v2(%i: i32) {
  %v0 = ascendc.construct !ascendc.load_data_2d_params_v2()
  %v8 = ascendc.construct !ascendc.load_data_2d_params_v2(%i, %i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void load_data_2d_transpose_params(int32_t i) {
// CHECK-NEXT:   AscendC::LoadData2dTransposeParams v0;
// CHECK-NEXT:   AscendC::LoadData2dTransposeParams v5{static_cast<uint16_t>(i), static_cast<uint8_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i)};
// CHECK-NEXT:   AscendC::LoadData2dTransposeParams v6{static_cast<uint16_t>(i), static_cast<uint8_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint8_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @load_data_2d_transpose_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.load_data_2d_transpose_params()
  %v5 = ascendc.construct !ascendc.load_data_2d_transpose_params(%i, %i, %i, %i, %i) : i32, i32, i32, i32, i32
  %v6 = ascendc.construct !ascendc.load_data_2d_transpose_params(%i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void load_data_2d_transpose_params_v2(int32_t i) {
// CHECK-NEXT:   AscendC::LoadData2dTransposeParamsV2 v0;
// CHECK-NEXT:   AscendC::LoadData2dTransposeParamsV2 v6{static_cast<uint16_t>(i), static_cast<uint8_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i)};
// CHECK-NEXT:   AscendC::LoadData2dTransposeParamsV2 v7{static_cast<uint16_t>(i), static_cast<uint8_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint8_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @load_data_2d_transpose_params_v2(%i: i32) {
  %v0 = ascendc.construct !ascendc.load_data_2d_transpose_params_v2()
  %v6 = ascendc.construct !ascendc.load_data_2d_transpose_params_v2(%i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32
  %v7 = ascendc.construct !ascendc.load_data_2d_transpose_params_v2(%i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void load_data_3d_params_v1(int32_t i, half h, uint8_t* u8s) {
// CHECK-NEXT:   AscendC::LoadData3DParamsV1<half> v19{u8s, static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<int16_t>(i), static_cast<int16_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), h};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @load_data_3d_params_v1(%i: i32, %h: f16, %u8s: memref<4xui8>) {
  %v19 = ascendc.construct !ascendc.load_data_3d_params_v1(%u8s, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %h) : memref<4xui8>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, f16
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void load_data_3d_params_v2(int32_t i, half h, uint8_t* u8s) {
// CHECK-NEXT:   AscendC::LoadData3DParamsV2<half> v17{u8s, static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<bool>(i), static_cast<bool>(i), h};
// CHECK-NEXT:   AscendC::LoadData3DParamsV2<half> v20{u8s, static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<bool>(i), static_cast<bool>(i), h, static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @load_data_3d_params_v2(%i: i32, %h: f16, %u8s: memref<4xui8>) {
  %v17 = ascendc.construct !ascendc.load_data_3d_params_v2(%u8s, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %h) : memref<4xui8>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, f16
  %v20 = ascendc.construct !ascendc.load_data_3d_params_v2(%u8s, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %h, %i, %i, %i) : memref<4xui8>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, f16, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void load_data_3d_params_v2_pro(int32_t i) {
// CHECK-NEXT:   AscendC::LoadData3DParamsV2Pro v0;
// CHECK-NEXT:   AscendC::LoadData3DParamsV2Pro v8{static_cast<uint16_t>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<uint64_t>(i), static_cast<uint64_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @load_data_3d_params_v2_pro(%i: i32) {
  %v0 = ascendc.construct !ascendc.load_data_3d_params_v2_pro()
  %v8 = ascendc.construct !ascendc.load_data_3d_params_v2_pro(%i, %i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void load_data_repeat_param(int32_t i) {
// CHECK-NEXT:   AscendC::LoadDataRepeatParam v0;
// CHECK-NEXT:   AscendC::LoadDataRepeatParam v3{static_cast<uint16_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @load_data_repeat_param(%i: i32) {
  %v0 = ascendc.construct !ascendc.load_data_repeat_param()
  %v3 = ascendc.construct !ascendc.load_data_repeat_param(%i, %i, %i) : i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void load_image_to_local_params(int32_t i) {
// CHECK-NEXT:   AscendC::LoadImageToLocalParams v0;
// CHECK-NEXT:   AscendC::LoadImageToLocalParams v9{static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @load_image_to_local_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.load_image_to_local_params()
  %v9 = ascendc.construct !ascendc.load_image_to_local_params(%i, %i, %i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void mask_mode(int32_t i) {
// CHECK-NEXT:   AscendC::MaskMode v0{};
// CHECK-NEXT:   AscendC::MaskMode v1{static_cast<AscendC::MaskMode>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @mask_mode(%i: i32) {
  %v0 = ascendc.construct !ascendc.mask_mode()
  %v1 = ascendc.construct !ascendc.mask_mode(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void matmul_api_static_tiling(int32_t i) {
// CHECK-NEXT:   MatmulApiStaticTiling v0{};
// CHECK-NEXT:   MatmulApiStaticTiling v1{i};
// CHECK-NEXT:   MatmulConfig matmul_config_47{};
// CHECK-NEXT:   MatmulApiStaticTiling v47{i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, matmul_config_47};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
emitasc.include "lib/matmul_intf.h"
func.func @matmul_api_static_tiling(%i: i32) {
  %v0 = ascendc.construct !ascendc.matmul_api_static_tiling()
  %v1 = ascendc.construct !ascendc.matmul_api_static_tiling(%i) : i32
  %matmul_config_47_46 = ascendc.construct !ascendc.matmul_config()
  %v47 = ascendc.construct !ascendc.matmul_api_static_tiling(%i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %matmul_config_47_46) : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, !ascendc.matmul_config
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void matmul_config(int32_t i) {
// CHECK-NEXT:   MatmulConfig v0{};
// CHECK-NEXT:   MatmulConfig v1{static_cast<bool>(i)};
// CHECK-NEXT:   MatmulConfig v53{static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<BatchMode>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<uint8_t>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<IterateOrder>(i), static_cast<ScheduleType>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<uint32_t>(i), static_cast<BatchOutMode>(i), static_cast<bool>(i), static_cast<bool>(i), static_cast<DecompressionMode>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
emitasc.include "lib/matmul_intf.h"
func.func @matmul_config(%i: i32) {
  %v0 = ascendc.construct !ascendc.matmul_config()
  %v1 = ascendc.construct !ascendc.matmul_config(%i) : i32
  %v53 = ascendc.construct !ascendc.matmul_config(%i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void matrix_offset(int32_t i) {
// CHECK-NEXT:   MatrixOffset v0{};
// CHECK-NEXT:   MatrixOffset v1{i};
// CHECK-NEXT:   MatrixOffset v2{i, i};
// CHECK-NEXT:   MatrixOffset v3{i, i, i};
// CHECK-NEXT:   MatrixOffset v4{i, i, i, i};
// CHECK-NEXT:   MatrixOffset v5{i, i, i, i, i};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
emitasc.include "lib/matmul_intf.h"
func.func @matrix_offset(%i: i32) {
  %v0 = ascendc.construct !ascendc.matrix_offset()
  %v1 = ascendc.construct !ascendc.matrix_offset(%i) : i32
  %v2 = ascendc.construct !ascendc.matrix_offset(%i, %i) : i32, i32
  %v3 = ascendc.construct !ascendc.matrix_offset(%i, %i, %i) : i32, i32, i32
  %v4 = ascendc.construct !ascendc.matrix_offset(%i, %i, %i, %i) : i32, i32, i32, i32
  %v5 = ascendc.construct !ascendc.matrix_offset(%i, %i, %i, %i, %i) : i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void mmad_params(int32_t i) {
// CHECK-NEXT:   AscendC::MmadParams v0;
// CHECK-NEXT:   AscendC::MmadParams v6{static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint8_t>(i), static_cast<bool>(i), static_cast<bool>(i)};
// CHECK-NEXT:   AscendC::MmadParams v8{static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<bool>(i), i, static_cast<bool>(i), static_cast<bool>(i), static_cast<bool>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @mmad_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.mmad_params()
  %v6 = ascendc.construct !ascendc.mmad_params(%i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32
  %v8 = ascendc.construct !ascendc.mmad_params(%i, %i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void mrg_sort4_info(int32_t i, uint16_t* u16s) {
// CHECK-NEXT:   AscendC::MrgSort4Info v0;
// CHECK-NEXT:   AscendC::MrgSort4Info v4{u16s, static_cast<bool>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @mrg_sort4_info(%i: i32, %u16s: memref<4xui16>) {
  %v0 = ascendc.construct !ascendc.mrg_sort4_info()
  %v4 = ascendc.construct !ascendc.mrg_sort4_info(%u16s, %i, %i, %i) : memref<4xui16>, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void nd2nz_params(int32_t i) {
// CHECK-NEXT:   AscendC::Nd2NzParams v0;
// CHECK-NEXT:   AscendC::Nd2NzParams v8{static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @nd2nz_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.nd2nz_params()
  %v8 = ascendc.construct !ascendc.nd2nz_params(%i, %i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void nz2nd_params(int32_t i) {
// CHECK-NEXT:   AscendC::Nz2NdParams v0;
// CHECK-NEXT:   AscendC::Nz2NdParams v5{static_cast<bool>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @nz2nd_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.nz2nd_params()
  %v5 = ascendc.construct !ascendc.nz2nd_params(%i, %i, %i, %i, %i) : i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void nz2nd_params_full(int32_t i) {
// CHECK-NEXT:   AscendC::Nz2NdParamsFull v0;
// CHECK-NEXT:   AscendC::Nz2NdParamsFull v7{static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @nz2nd_params_full(%i: i32) {
  %v0 = ascendc.construct !ascendc.nz2nd_params_full()
  %v7 = ascendc.construct !ascendc.nz2nd_params_full(%i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void quant_mode_t(int32_t i) {
// CHECK-NEXT:   QuantMode_t v0{};
// CHECK-NEXT:   QuantMode_t v1{ToQuantMode(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @quant_mode_t(%i: i32) {
  %v0 = ascendc.construct !ascendc.quant_mode_t()
  %v1 = ascendc.construct !ascendc.quant_mode_t(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void quant_params(int32_t i) {
// CHECK-NEXT:   AscendC::QuantParams v0;
// CHECK-NEXT:   AscendC::QuantParams v1{ToQuantMode(i)};
// CHECK-NEXT:   AscendC::QuantParams v2{ToQuantMode(i), static_cast<uint64_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @quant_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.quant_params()
  %v1 = ascendc.construct !ascendc.quant_params(%i) : i32
  %v2 = ascendc.construct !ascendc.quant_params(%i, %i) : i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void reduce_order(int32_t i) {
// CHECK-NEXT:   AscendC::ReduceOrder v0{};
// CHECK-NEXT:   AscendC::ReduceOrder v1{static_cast<AscendC::ReduceOrder>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @reduce_order(%i: i32) {
  %v0 = ascendc.construct !ascendc.reduce_order()
  %v1 = ascendc.construct !ascendc.reduce_order(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void rmsnorm_tiling(int32_t i, float f) {
// CHECK-NEXT:   RmsNormTiling v0{};
// CHECK-NEXT:   RmsNormTiling v1{static_cast<uint32_t>(i)};
// CHECK-NEXT:   RmsNormTiling v12{static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), f, static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @rmsnorm_tiling(%i: i32, %f: f32) {
  %v0 = ascendc.construct !ascendc.rmsnorm_tiling()
  %v1 = ascendc.construct !ascendc.rmsnorm_tiling(%i) : i32
  %v12 = ascendc.construct !ascendc.rmsnorm_tiling(%i, %i, %i, %i, %f, %i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, f32, i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void schedule_type(int32_t i) {
// CHECK-NEXT:   ScheduleType v0{};
// CHECK-NEXT:   ScheduleType v1{static_cast<ScheduleType>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
emitasc.include "lib/matmul_intf.h"
func.func @schedule_type(%i: i32) {
  %v0 = ascendc.construct !ascendc.schedule_type()
  %v1 = ascendc.construct !ascendc.schedule_type(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void slice_info(int32_t i) {
// CHECK-NEXT:   AscendC::SliceInfo v0;
// CHECK-NEXT:   AscendC::SliceInfo v4{static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i)};
// CHECK-NEXT:   AscendC::SliceInfo v5{static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @slice_info(%i: i32) {
  %v0 = ascendc.construct !ascendc.slice_info()
  %v4 = ascendc.construct !ascendc.slice_info(%i, %i, %i, %i) : i32, i32, i32, i32
  %v5 = ascendc.construct !ascendc.slice_info(%i, %i, %i, %i, %i) : i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void softmax_shape_info(int32_t i) {
// CHECK-NEXT:   AscendC::SoftMaxShapeInfo v0{};
// CHECK-NEXT:   AscendC::SoftMaxShapeInfo v1{static_cast<uint32_t>(i)};
// CHECK-NEXT:   AscendC::SoftMaxShapeInfo v2{static_cast<uint32_t>(i), static_cast<uint32_t>(i)};
// CHECK-NEXT:   AscendC::SoftMaxShapeInfo v3{static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i)};
// CHECK-NEXT:   AscendC::SoftMaxShapeInfo v4{static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @softmax_shape_info(%i: i32) {
  %v0 = ascendc.construct !ascendc.softmax_shape_info()
  %v1 = ascendc.construct !ascendc.softmax_shape_info(%i) : i32
  %v2 = ascendc.construct !ascendc.softmax_shape_info(%i, %i) : i32, i32
  %v3 = ascendc.construct !ascendc.softmax_shape_info(%i, %i, %i) : i32, i32, i32
  %v4 = ascendc.construct !ascendc.softmax_shape_info(%i, %i, %i, %i) : i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void softmax_tiling(int32_t i) {
// CHECK-NEXT:   SoftMaxTiling v0{};
// CHECK-NEXT:   SoftMaxTiling v1{static_cast<uint32_t>(i)};
// CHECK-NEXT:   SoftMaxTiling v16{static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i), static_cast<uint32_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @softmax_tiling(%i: i32) {
  %v0 = ascendc.construct !ascendc.softmax_tiling()
  %v1 = ascendc.construct !ascendc.softmax_tiling(%i) : i32
  %v16 = ascendc.construct !ascendc.softmax_tiling(%i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void cube_tiling(int32_t i) {
// CHECK-NEXT:   TCubeTiling v0{};
// CHECK-NEXT:   TCubeTiling v1{i};
// CHECK-NEXT:   TCubeTiling v50{i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @cube_tiling(%i: i32) {
  %v0 = ascendc.construct !ascendc.cube_tiling()
  %v1 = ascendc.construct !ascendc.cube_tiling(%i) : i32
  %v50 = ascendc.construct !ascendc.cube_tiling(%i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i) : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void trans_data_to_5hd_params(int32_t i) {
// CHECK-NEXT:   AscendC::TransDataTo5HDParams v0;
// CHECK-NEXT:   AscendC::TransDataTo5HDParams v5{static_cast<bool>(i), static_cast<bool>(i), static_cast<uint8_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @trans_data_to_5hd_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.trans_data_to_5hd_params()
  %v5 = ascendc.construct !ascendc.trans_data_to_5hd_params(%i, %i, %i, %i, %i) : i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void transpose_params_ext(int32_t i) {
// CHECK-NEXT:   AscendC::TransposeParamsExt v0;
// CHECK-NEXT:   AscendC::TransposeParamsExt v5{static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<AscendC::TransposeType>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @transpose_params_ext(%i: i32) {
  %v0 = ascendc.construct !ascendc.transpose_params_ext()
  %v5 = ascendc.construct !ascendc.transpose_params_ext(%i, %i, %i, %i, %i) : i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void transpose_type(int32_t i) {
// CHECK-NEXT:   AscendC::TransposeType v0{};
// CHECK-NEXT:   AscendC::TransposeType v1{static_cast<AscendC::TransposeType>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @transpose_type(%i: i32) {
  %v0 = ascendc.construct !ascendc.transpose_type()
  %v1 = ascendc.construct !ascendc.transpose_type(%i) : i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void unary_repeat_params(int32_t i) {
// CHECK-NEXT:   AscendC::UnaryRepeatParams v0;
// CHECK-NEXT:   AscendC::UnaryRepeatParams v4{static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams v5{static_cast<uint16_t>(i), static_cast<uint16_t>(i), static_cast<uint8_t>(i), static_cast<uint8_t>(i), static_cast<bool>(i)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @unary_repeat_params(%i: i32) {
  %v0 = ascendc.construct !ascendc.unary_repeat_params()
  %v4 = ascendc.construct !ascendc.unary_repeat_params(%i, %i, %i, %i) : i32, i32, i32, i32
  %v5 = ascendc.construct !ascendc.unary_repeat_params(%i, %i, %i, %i, %i) : i32, i32, i32, i32, i32
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void vdeq_info(int16_t* i16s, float* f32s, bool* bs) {
// CHECK-NEXT:   AscendC::VdeqInfo v0;
// CHECK-NEXT:   AscendC::VdeqInfo v3{f32s, i16s, bs};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @vdeq_info(%i16s: memref<4xi16>, %f32s: memref<4xf32>, %bs: memref<4xi1>) {
  %v0 = ascendc.construct !ascendc.vdeq_info()
  %v3 = ascendc.construct !ascendc.vdeq_info(%f32s, %i16s, %bs) : memref<4xf32>, memref<4xi16>, memref<4xi1>
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void mrg_sort_src_list(AscendC::LocalTensor<half> lt) {
// CHECK-NEXT:   AscendC::MrgSortSrcList<half> v0;
// CHECK-NEXT:   AscendC::MrgSortSrcList<half> v4{lt, lt, lt, lt};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @mrg_sort_src_list(%lt: !ascendc.local_tensor<*xf16>) {
  %v0 = ascendc.construct !ascendc.mrg_sort_src_list<f16>()
  %v4 = ascendc.construct !ascendc.mrg_sort_src_list<f16>(%lt, %lt, %lt, %lt) : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void tensor_desc() {
// CHECK-NEXT:   AscendC::TensorDesc<half> v0;
// CHECK-NEXT:   return;
// CHECK-NEXT: }
emitasc.include "kernel_operator_list_tensor_intf.h"
func.func @tensor_desc() {
  %v0 = ascendc.construct !ascendc.tensor_desc<f16>()
  return
}


// -----

// Operands of the fields' own types pass as they are, an enum's own type too; `[types]`
// states T for a class template its type does not carry (pyasc's AippPaddingParams).
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void exact_types(uint16_t h, uint32_t w, bool b, QuantMode_t q, AscendC::FmatrixMode fm, int32_t m, int8_t c, AscendC::CO2Layout cf) {
// CHECK-NEXT:   AscendC::FixpipeParamsV220 p{h, h, h, w, b};
// CHECK-NEXT:   AscendC::QuantParams qp{q};
// CHECK-NEXT:   AscendC::FmatrixMode fm2{fm};
// CHECK-NEXT:   AscendC::AippPaddingParams<int8_t> pad{static_cast<uint32_t>(m), c, c, c, c};
// CHECK-NEXT:   AscendC::FixpipeConfig cfg{cf};
// CHECK-NEXT:   const AscendC::FmatrixMode cm{static_cast<AscendC::FmatrixMode>(m)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @exact_types(%h: ui16, %w: ui32, %b: i1, %q: !ascendc.quant_mode_t, %fm: !ascendc.fmatrix_mode, %m: i32, %c: i8, %cf: !ascendc.co2_layout) {
  %p = ascendc.construct !ascendc.fixpipe_params_v220(%h, %h, %h, %w, %b) : ui16, ui16, ui16, ui32, i1
  %qp = ascendc.construct !ascendc.quant_params(%q) : !ascendc.quant_mode_t
  %fm2 = ascendc.construct !ascendc.fmatrix_mode(%fm) : !ascendc.fmatrix_mode
  %pad = ascendc.construct !ascendc.aipp_padding_params(%m, %c, %c, %c, %c) [ui32, i8, i8, i8, i8] : i32, i8, i8, i8, i8
  %cfg = ascendc.construct !ascendc.fixpipe_config(%cf) : !ascendc.co2_layout
  %cm = ascendc.construct !ascendc.fmatrix_mode(%m) constexpr : i32
  return
}

// -----

// An integer constant the field holds initialises it without a cast (a constant
// expression that fits is not narrowing); a runtime value is cast to the field's type.
// Where `[types]` lists another type than the value's, a value is cast to the listed
// type as pyasc writes it, unless that could narrow into the field (field 6, uint8_t).
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void field_constants(int32_t n) {
// CHECK-NEXT:   constexpr int32_t c7 = 7;
// CHECK-NEXT:   constexpr int32_t big = 70000;
// CHECK-NEXT:   constexpr int32_t neg = -1;
// CHECK-NEXT:   AscendC::DataCopyParams p{c7, static_cast<uint16_t>(n), static_cast<uint16_t>(big), static_cast<uint16_t>(neg)};
// CHECK-NEXT:   AscendC::LoadImageToLocalParams q{static_cast<uint16_t>(c7), static_cast<uint16_t>(c7), static_cast<uint16_t>(c7), static_cast<uint16_t>(c7), static_cast<uint16_t>(c7), static_cast<uint16_t>(c7), static_cast<uint8_t>(n), static_cast<uint16_t>(c7), static_cast<uint16_t>(c7)};
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @field_constants(%n: i32) {
  %c7 = arith.constant 7 : i32
  %big = arith.constant 70000 : i32
  %neg = arith.constant -1 : i32
  %p = ascendc.construct !ascendc.data_copy_params(%c7, %n, %big, %neg) : i32, i32, i32, i32
  %q = ascendc.construct !ascendc.load_image_to_local_params(%c7, %c7, %c7, %c7, %c7, %c7, %n, %c7, %c7) [ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui16] : i32, i32, i32, i32, i32, i32, i32, i32, i32
  return
}
