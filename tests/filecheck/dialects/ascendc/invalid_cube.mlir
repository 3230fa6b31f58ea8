// Verifier and parser errors of the cube ops (cube.py), located at the failing op.
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @g2l_from_local(%a: !ascendc.local_tensor<f16>, %b: !ascendc.local_tensor<f16>, %p: !ascendc.load_data_2d_params) {
  // CHECK: invalid_cube.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.load_data_g2l': src must be a !ascendc.global_tensor, got !ascendc.local_tensor<*xf16>
  ascendc.load_data_g2l %a, %b, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_2d_params
  return
}

// -----

func.func @load_element_mismatch(%a: !ascendc.local_tensor<f16>, %b: !ascendc.local_tensor<f32>, %p: !ascendc.load_data_2d_params) {
  // CHECK: error: 'ascendc.load_data_l0': element types differ: dst has f16, src has f32
  ascendc.load_data_l0 %a, %b, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.load_data_2d_params
  return
}

// -----

func.func @load_wrong_params(%a: !ascendc.local_tensor<f16>, %p: !ascendc.load_data_2d_params) {
  // CHECK: error: 'ascendc.load_data_l0_v2': params must be !ascendc.load_data_2d_params_v2, got !ascendc.load_data_2d_params
  ascendc.load_data_l0_v2 %a, %a, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_2d_params
  return
}

// -----

func.func @load_any_params(%a: !ascendc.local_tensor<f16>, %p: !ascendc.mmad_params) {
  // CHECK: error: 'ascendc.load_data': load_data_params must be LoadData parameters (!ascendc.load_data_2d_params[_v2], !ascendc.load_data_3d_params_v1/_v2/_v2_pro), got !ascendc.mmad_params
  ascendc.load_data %a, %a, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mmad_params
  return
}

// -----

func.func @sparse_weights(%a: !ascendc.local_tensor<f16>, %i: !ascendc.local_tensor<ui8>, %p: !ascendc.load_data_2d_params) {
  // CHECK: error: 'ascendc.load_data_with_sparse': LoadDataWithSparse does not support element type f16 on Atlas A2/A3 (supported: i8)
  ascendc.load_data_with_sparse %a, %a, %i, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.load_data_2d_params
  return
}

// -----

func.func @sparse_index(%a: !ascendc.local_tensor<i8>, %i: !ascendc.local_tensor<i8>, %p: !ascendc.load_data_2d_params) {
  // CHECK: error: 'ascendc.load_data_with_sparse': LoadDataWithSparse does not support U type i8 on Atlas A2/A3 (supported: ui8)
  ascendc.load_data_with_sparse %a, %a, %i, %p : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.load_data_2d_params
  return
}

// -----

func.func @transpose_from_gm(%a: !ascendc.local_tensor<f16>, %g: !ascendc.global_tensor<f16>, %p: !ascendc.load_data_2d_transpose_params) {
  // CHECK: error: 'ascendc.load_data_with_transpose': src must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf16>
  ascendc.load_data_with_transpose %a, %g, %p : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.load_data_2d_transpose_params
  return
}

// -----

// Mmad computes int8 x int8 -> int32 and float types -> float, not int32 x int32.
func.func @mmad_types(%c: !ascendc.local_tensor<i32>, %p: !ascendc.mmad_params) {
  // CHECK: error: 'ascendc.mmad': Mmad does not compute i32 <- i32 x i32 on Atlas A2/A3 (dst <- fm x filter: f32 <- bf16 x bf16, f32 <- f16 x f16, f32 <- f32 x f32, i32 <- i8 x i8)
  ascendc.mmad %c, %c, %c, %p : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.mmad_params
  return
}

// -----

func.func @mmad_bias_type(%c: !ascendc.local_tensor<f32>, %a: !ascendc.local_tensor<f16>, %p: !ascendc.mmad_params) {
  // CHECK: error: 'ascendc.mmad_with_bias': element types differ: dst has f32, bias has f16
  ascendc.mmad_with_bias %c, %a, %a, %a, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mmad_params
  return
}

// -----

func.func @mmad_gm(%g: !ascendc.global_tensor<f32>, %a: !ascendc.local_tensor<f16>, %p: !ascendc.mmad_params) {
  // CHECK: error: 'ascendc.mmad': dst must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf32>
  ascendc.mmad %g, %a, %a, %p : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mmad_params
  return
}

// -----

func.func @mmad_sparse_types(%c: !ascendc.local_tensor<f32>, %a: !ascendc.local_tensor<i8>, %p: !ascendc.mmad_params) {
  // CHECK: error: 'ascendc.mmad_with_sparse': MmadWithSparse does not support element type f32 on Atlas A2/A3 (supported: i32)
  ascendc.mmad_with_sparse %c, %a, %a, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.mmad_params
  return
}

// -----

func.func @fixpipe_types(%g: !ascendc.global_tensor<i32>, %c: !ascendc.local_tensor<f32>, %fp: !ascendc.fixpipe_params_v220, %cfg: !ascendc.fixpipe_config) {
  // CHECK: error: 'ascendc.fixpipe': Fixpipe does not convert f32 to i32 on Atlas A2/A3 (L0C -> GM: f32 -> bf16, f16, f32, i8, ui8; i32 -> f16, i32, i8, ui8)
  ascendc.fixpipe %g, %c, %fp, %cfg : !ascendc.global_tensor<i32>, !ascendc.local_tensor<f32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  return
}

// -----

// CO2Layout::COLUMN_MAJOR (2) exists on Ascend 950 only.
func.func @fixpipe_layout(%g: !ascendc.global_tensor<f32>, %c: !ascendc.local_tensor<f32>, %fp: !ascendc.fixpipe_params_v220) {
  %c2 = arith.constant 2 : i64
  %cfg = ascendc.construct !ascendc.fixpipe_config(%c2) [!ascendc.co2_layout] : i64
  // CHECK: error: 'ascendc.fixpipe': CO2Layout 2 is not available on Atlas A2/A3 (0: NZ, 1: ROW_MAJOR)
  ascendc.fixpipe %g, %c, %fp, %cfg : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  return
}

// -----

func.func @fixpipe_workspace_type(%g: !ascendc.global_tensor<f32>, %c: !ascendc.local_tensor<f32>, %ws: !ascendc.local_tensor<ui32>, %fp: !ascendc.fixpipe_params_v220, %cfg: !ascendc.fixpipe_config) {
  // CHECK: error: 'ascendc.fixpipe_with_workspace': Fixpipe does not support S type ui32 on Atlas A2/A3 (supported: ui64)
  ascendc.fixpipe_with_workspace %g, %c, %ws, %fp, %cfg : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<ui32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  return
}

// -----

func.func @pre_quant_float(%f: f32) {
  // CHECK: error: 'ascendc.set_fixpipe_pre_quant_flag': config must be an integer, got f32
  ascendc.set_fixpipe_pre_quant_flag %f : f32
  return
}

// -----

func.func @init_const_params(%l: !ascendc.local_tensor<f16>, %p: !ascendc.mmad_params) {
  // CHECK: error: 'ascendc.init_const_value': init_const_value_params must be !ascendc.init_const_value_params, got !ascendc.mmad_params
  ascendc.init_const_value %l, %p : !ascendc.local_tensor<f16>, !ascendc.mmad_params
  return
}

// -----

func.func @fmatrix_pad_list(%h: i16, %pad: memref<4xi32>, %fm: !ascendc.fmatrix_mode) {
  // CHECK: error: 'ascendc.set_fmatrix': pad_list must be a 4-element array of 8-bit integers (memref<4xui8>), got memref<4xi32>
  ascendc.set_fmatrix %h, %h, %pad, %fm : i16, i16, memref<4xi32>, !ascendc.fmatrix_mode
  return
}

// -----

func.func @hf32_mode_int(%m: i32) {
  // CHECK: error: 'ascendc.set_hf32_mode': hf32_mode must be i1, got i32
  ascendc.set_hf32_mode %m : i32
  return
}

// -----

func.func @boundary_float(%f: f32) {
  // CHECK: error: 'ascendc.set_load_data_boundary': boundary must be an integer, got f32
  ascendc.set_load_data_boundary %f : f32
  return
}

// -----

func.func @aipp_format_keyword(%y: !ascendc.global_tensor<i8>, %cfg: !ascendc.aipp_params) {
  // CHECK: invalid_cube.mlir:[[# @LINE + 2]]:49
  // CHECK: expected an AippInputFormat (YUV420SP_U8, XRGB8888_U8, RGB888_U8, YUV400_U8), got 'RGB'
  ascendc.set_aipp_functions %y, %cfg, format = RGB : (!ascendc.global_tensor<i8>, !ascendc.aipp_params) -> ()
  return
}

// -----

func.func @aipp_format_value(%y: !ascendc.global_tensor<i8>, %cfg: !ascendc.aipp_params) {
  // CHECK: error: 'ascendc.set_aipp_functions': 5 is not a valid AippInputFormat (valid: 0 (YUV420SP_U8), 1 (XRGB8888_U8), 4 (RGB888_U8), 9 (YUV400_U8))
  "ascendc.set_aipp_functions"(%y, %cfg) {format = 5 : i32} : (!ascendc.global_tensor<i8>, !ascendc.aipp_params) -> ()
  return
}

// -----

func.func @aipp_local_source(%l: !ascendc.local_tensor<i8>, %cfg: !ascendc.aipp_params) {
  // CHECK: error: 'ascendc.set_aipp_functions': src0 must be a !ascendc.global_tensor, got !ascendc.local_tensor<*xi8>
  ascendc.set_aipp_functions %l, %cfg, format = RGB888_U8 : (!ascendc.local_tensor<i8>, !ascendc.aipp_params) -> ()
  return
}

// -----

func.func @aipp_types(%y: !ascendc.global_tensor<i8>, %cfg: !ascendc.aipp_params) {
  // CHECK: 2 operands but 1 types
  ascendc.set_aipp_functions %y, %cfg, format = RGB888_U8 : (!ascendc.global_tensor<i8>) -> ()
  return
}

// -----

func.func @image_to_gm(%g: !ascendc.global_tensor<i8>, %p: !ascendc.load_image_to_local_params) {
  // CHECK: error: 'ascendc.load_image_to_local': dst must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xi8>
  ascendc.load_image_to_local %g, %p : !ascendc.global_tensor<i8>, !ascendc.load_image_to_local_params
  return
}

// -----

func.func @workspace_result() {
  // CHECK: error: 'ascendc.get_sys_workspace_ptr': result value must be a GM pointer (memref), got i64
  %0 = ascendc.get_sys_workspace_ptr : i64
  return
}

// -----

func.func @workspace_operand(%n: i64) {
  // CHECK: error: 'ascendc.set_sys_workspace': workspace must be a GM pointer (memref), got i64
  ascendc.set_sys_workspace %n : i64
  return
}

// -----

// Mmad reads L0A x L0B into L0C (the headers' CheckTensorPhyPosition asserts it in the
// CPU-debug build): an operand whose position the IR fixes elsewhere is refused.
func.func @mmad_from_ub(%a: ui32, %n: ui32, %p: !ascendc.mmad_params) {
  %dst = ascendc.local_tensor_v2 co1, %a, %n : !ascendc.local_tensor<*xf32>
  %fm = ascendc.local_tensor_v2 vecin, %a, %n : !ascendc.local_tensor<*xf16>
  %w = ascendc.local_tensor_v2 b2, %a, %n : !ascendc.local_tensor<*xf16>
  // CHECK: error: 'ascendc.mmad': Mmad's fm must be in L0A, but it is in UB
  ascendc.mmad %dst, %fm, %w, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.mmad_params
  return
}

// -----

// Fixpipe to GM reads L0C (the headers' CheckFixpipeTensor asserts it in CPU-debug).
func.func @fixpipe_from_ub(%g: !ascendc.global_tensor<f32>, %a: ui32, %n: ui32, %fp: !ascendc.fixpipe_params_v220, %cfg: !ascendc.fixpipe_config) {
  %src = ascendc.local_tensor_v2 vecin, %a, %n : !ascendc.local_tensor<*xf32>
  // CHECK: error: 'ascendc.fixpipe': Fixpipe's src must be in L0C, but it is in UB
  ascendc.fixpipe %g, %src, %fp, %cfg : !ascendc.global_tensor<f32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  return
}
