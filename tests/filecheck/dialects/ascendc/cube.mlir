// Round trip of the cube ops (cube.py), custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @load_data(
// CHECK-NEXT:    ascendc.load_data_l0 %l0a, %l1, %p2 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params
// CHECK-NEXT:    ascendc.load_data_g2l %l1, %gm, %p2 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.load_data_2d_params
// CHECK-NEXT:    ascendc.load_data_l0_v2 %l0a, %l1, %v2 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params_v2
// CHECK-NEXT:    ascendc.load_data_g2l_v2 %l1, %gm, %v2 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.load_data_2d_params_v2
// CHECK-NEXT:    ascendc.load_data_3d_l0_v1 %l0a, %l1, %d3v1 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_3d_params_v1
// CHECK-NEXT:    ascendc.load_data_3d_l0_v2 %l0a, %l1, %d3v2 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_3d_params_v2
// CHECK-NEXT:    ascendc.load_data_3d_l0_v2pro %l0a, %l1, %pro : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_3d_params_v2_pro
// CHECK-NEXT:    ascendc.load_data %l0a, %l1, %pro : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_3d_params_v2_pro
// CHECK-NEXT:    ascendc.load_data_with_transpose %l0a, %l1, %t : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_transpose_params
// CHECK-NEXT:    ascendc.load_data_with_transpose_v2 %l0a, %l1, %t2 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_transpose_params_v2
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "load_data"
// GENERIC:         "ascendc.load_data_l0"(%l0a, %l1, %p2) : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params) -> ()
// GENERIC-NEXT:    "ascendc.load_data_g2l"(%l1, %gm, %p2) : (!ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.load_data_2d_params) -> ()
func.func @load_data(%l0a: !ascendc.local_tensor<f16>, %l1: !ascendc.local_tensor<f16>, %gm: !ascendc.global_tensor<f16>, %p2: !ascendc.load_data_2d_params, %v2: !ascendc.load_data_2d_params_v2, %d3v1: !ascendc.load_data_3d_params_v1, %d3v2: !ascendc.load_data_3d_params_v2, %pro: !ascendc.load_data_3d_params_v2_pro, %t: !ascendc.load_data_2d_transpose_params, %t2: !ascendc.load_data_2d_transpose_params_v2) {
  ascendc.load_data_l0 %l0a, %l1, %p2 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_2d_params
  ascendc.load_data_g2l %l1, %gm, %p2 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.load_data_2d_params
  ascendc.load_data_l0_v2 %l0a, %l1, %v2 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_2d_params_v2
  ascendc.load_data_g2l_v2 %l1, %gm, %v2 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.load_data_2d_params_v2
  ascendc.load_data_3d_l0_v1 %l0a, %l1, %d3v1 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_3d_params_v1
  ascendc.load_data_3d_l0_v2 %l0a, %l1, %d3v2 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_3d_params_v2
  ascendc.load_data_3d_l0_v2pro %l0a, %l1, %pro : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_3d_params_v2_pro
  ascendc.load_data %l0a, %l1, %pro : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_3d_params_v2_pro
  ascendc.load_data_with_transpose %l0a, %l1, %t : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_2d_transpose_params
  ascendc.load_data_with_transpose_v2 %l0a, %l1, %t2 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_2d_transpose_params_v2
  return
}

// CHECK-LABEL: func.func @mmad(
// CHECK-NEXT:    ascendc.mmad %c, %a, %b, %mp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.mmad_params
// CHECK-NEXT:    ascendc.mmad_with_bias %c, %a, %b, %bias, %mp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.mmad_params
// CHECK-NEXT:    ascendc.load_data_with_sparse %w, %w1, %idx, %p2 : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xui8>, !ascendc.load_data_2d_params
// CHECK-NEXT:    ascendc.mmad_with_sparse %ci, %w1, %w, %mp : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi8>, !ascendc.mmad_params
// CHECK-NEXT:    ascendc.init_const_value %l1, %init : !ascendc.local_tensor<*xf16>, !ascendc.init_const_value_params
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "mmad"
// GENERIC:         "ascendc.mmad_with_bias"(%c, %a, %b, %bias, %mp) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.mmad_params) -> ()
func.func @mmad(%c: !ascendc.local_tensor<f32>, %a: !ascendc.local_tensor<f16>, %b: !ascendc.local_tensor<f16>, %bias: !ascendc.local_tensor<f32>, %mp: !ascendc.mmad_params, %ci: !ascendc.local_tensor<i32>, %w: !ascendc.local_tensor<i8>, %w1: !ascendc.local_tensor<i8>, %idx: !ascendc.local_tensor<ui8>, %p2: !ascendc.load_data_2d_params, %l1: !ascendc.local_tensor<f16>, %init: !ascendc.init_const_value_params) {
  ascendc.mmad %c, %a, %b, %mp : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mmad_params
  ascendc.mmad_with_bias %c, %a, %b, %bias, %mp : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.mmad_params
  ascendc.load_data_with_sparse %w, %w1, %idx, %p2 : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<ui8>, !ascendc.load_data_2d_params
  ascendc.mmad_with_sparse %ci, %w1, %w, %mp : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.mmad_params
  ascendc.init_const_value %l1, %init : !ascendc.local_tensor<f16>, !ascendc.init_const_value_params
  return
}

// CHECK-LABEL: func.func @fixpipe(
// CHECK-NEXT:    %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT:    %cfg = ascendc.construct !ascendc.fixpipe_config(%c1_i64) [!ascendc.co2_layout] : i64
// CHECK-NEXT:    ascendc.fixpipe %gm, %c, %fp, %cfg : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
// CHECK-NEXT:    ascendc.fixpipe_with_workspace %gm, %c, %ws, %fp, %cfg : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui64>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
// CHECK-NEXT:    ascendc.set_fixpipe_pre_quant_flag %q : i64
// CHECK-NEXT:    return
func.func @fixpipe(%gm: !ascendc.global_tensor<f16>, %c: !ascendc.local_tensor<f32>, %ws: !ascendc.local_tensor<ui64>, %fp: !ascendc.fixpipe_params_v220, %q: i64) {
  %c1_i64 = arith.constant 1 : i64
  %cfg = ascendc.construct !ascendc.fixpipe_config(%c1_i64) [!ascendc.co2_layout] : i64
  ascendc.fixpipe %gm, %c, %fp, %cfg : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  ascendc.fixpipe_with_workspace %gm, %c, %ws, %fp, %cfg : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<ui64>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  ascendc.set_fixpipe_pre_quant_flag %q : i64
  return
}

// CHECK-LABEL: func.func @state(
// CHECK-NEXT:    ascendc.set_fmatrix %h, %w, %pad, %fm : i16, i16, memref<4xui8>, !ascendc.fmatrix_mode
// CHECK-NEXT:    ascendc.set_load_data_padding_value %v : f16
// CHECK-NEXT:    ascendc.set_load_data_repeat %rp : !ascendc.load_data_repeat_param
// CHECK-NEXT:    ascendc.set_load_data_boundary %b : i32
// CHECK-NEXT:    ascendc.set_hf32_mode %m : i1
// CHECK-NEXT:    ascendc.set_hf32_trans_mode %m : i1
// CHECK-NEXT:    ascendc.set_mm_layout_transform %m : i1
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "state"
// GENERIC:         "ascendc.set_fmatrix"(%h, %w, %pad, %fm) : (i16, i16, memref<4xui8>, !ascendc.fmatrix_mode) -> ()
func.func @state(%h: i16, %w: i16, %pad: memref<4xui8>, %fm: !ascendc.fmatrix_mode, %v: f16, %rp: !ascendc.load_data_repeat_param, %b: i32, %m: i1) {
  ascendc.set_fmatrix %h, %w, %pad, %fm : i16, i16, memref<4xui8>, !ascendc.fmatrix_mode
  ascendc.set_load_data_padding_value %v : f16
  ascendc.set_load_data_repeat %rp : !ascendc.load_data_repeat_param
  ascendc.set_load_data_boundary %b : i32
  ascendc.set_hf32_mode %m : i1
  ascendc.set_hf32_trans_mode %m : i1
  ascendc.set_mm_layout_transform %m : i1
  return
}

// AIPP: pyasc's syntax, `format = <case name>` and a functional type; the generic form
// carries the format as an i32.
// CHECK-LABEL: func.func @aipp(
// CHECK-NEXT:    ascendc.set_aipp_functions %y, %cfg, format = RGB888_U8 : (!ascendc.global_tensor<*xi8>, !ascendc.aipp_params) -> ()
// CHECK-NEXT:    ascendc.set_aipp_functions %y, %uv, %cfg, format = YUV420SP_U8 : (!ascendc.global_tensor<*xi8>, !ascendc.global_tensor<*xi8>, !ascendc.aipp_params) -> ()
// CHECK-NEXT:    ascendc.set_aipp_functions %y, %cfg, format = YUV400_U8 : (!ascendc.global_tensor<*xi8>, !ascendc.aipp_params) -> ()
// CHECK-NEXT:    ascendc.load_image_to_local %l1, %lp : !ascendc.local_tensor<*xi8>, !ascendc.load_image_to_local_params
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "aipp"
// GENERIC:         "ascendc.set_aipp_functions"(%y, %cfg) <{format = 4 : i32}> : (!ascendc.global_tensor<*xi8>, !ascendc.aipp_params) -> ()
func.func @aipp(%y: !ascendc.global_tensor<i8>, %uv: !ascendc.global_tensor<i8>, %cfg: !ascendc.aipp_params, %l1: !ascendc.local_tensor<i8>, %lp: !ascendc.load_image_to_local_params) {
  ascendc.set_aipp_functions %y, %cfg, format = RGB888_U8 : (!ascendc.global_tensor<i8>, !ascendc.aipp_params) -> ()
  ascendc.set_aipp_functions %y, %uv, %cfg, format = YUV420SP_U8 : (!ascendc.global_tensor<i8>, !ascendc.global_tensor<i8>, !ascendc.aipp_params) -> ()
  "ascendc.set_aipp_functions"(%y, %cfg) {format = 9 : i32} : (!ascendc.global_tensor<i8>, !ascendc.aipp_params) -> ()
  ascendc.load_image_to_local %l1, %lp : !ascendc.local_tensor<i8>, !ascendc.load_image_to_local_params
  return
}

// CHECK-LABEL: func.func @workspace(%w: memref<?xui8, 22 : i64>)
// CHECK-NEXT:    ascendc.set_sys_workspace %w : memref<?xui8, 22 : i64>
// CHECK-NEXT:    %0 = ascendc.get_sys_workspace_ptr : memref<?xui8, 22 : i64>
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "workspace"
// GENERIC:         %0 = "ascendc.get_sys_workspace_ptr"() : () -> memref<?xui8, 22 : i64>
func.func @workspace(%w: memref<?xui8, 22>) {
  ascendc.set_sys_workspace %w : memref<?xui8, 22>
  %0 = ascendc.get_sys_workspace_ptr : memref<?xui8, 22>
  return
}
