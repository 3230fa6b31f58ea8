// Round trip of the matmul ops (adv_matmul.py), custom form and through the generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s

// Setting up: tiling and pipe, A and B (GM or local, transposed or not), bias, shapes.
// CHECK-LABEL: func.func @setup(%tiling: !ascendc.cube_tiling, %a: !ascendc.global_tensor<*xf16>, %b: !ascendc.local_tensor<*xf16>, %bias: !ascendc.global_tensor<*xf32>, %n: i32, %h: f16, %q: ui64, %qv: !ascendc.global_tensor<*xui64>, %idx: !ascendc.global_tensor<*xui8>, %ws: !ascendc.global_tensor<*xf32>, %wp: memref<?xui8, 22 : i64>, %user: memref<?xf16, 22 : i64>)
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %pipe = ascendc.pipe
// CHECK-NEXT:    %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
// CHECK-NEXT:    ascendc.matmul.init %mm, %tiling, %pipe : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.cube_tiling, !ascendc.pipe
// CHECK-NEXT:    ascendc.matmul.init %mm, %tiling : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.cube_tiling
// CHECK-NEXT:    ascendc.matmul.set_tensor_a %mm, %a, %false : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf16>, i1
// CHECK-NEXT:    ascendc.matmul.set_tensor_b %mm, %b, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.local_tensor<*xf16>, i1
// CHECK-NEXT:    ascendc.matmul.set_tensor_a_scalar %mm, %h : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, f16
// CHECK-NEXT:    ascendc.matmul.set_tensor_b_scalar %mm, %h : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, f16
// CHECK-NEXT:    ascendc.matmul.set_bias %mm, %bias : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    ascendc.matmul.disable_bias %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
// CHECK-NEXT:    ascendc.matmul.set_org_shape %mm, %n, %n, %n {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32, i32
// CHECK-NEXT:    ascendc.matmul.set_org_shape %mm, %n, %n, %n, %n, %n {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32, i32, i32, i32
// CHECK-NEXT:    ascendc.matmul.set_single_shape %mm, %n, %n, %n : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32, i32
// CHECK-NEXT:    ascendc.matmul.set_tail %mm, %n, %n, %n : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32, i32
// CHECK-NEXT:    ascendc.matmul.set_hf32 %mm, %true, %n : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i1, i32
// CHECK-NEXT:    ascendc.matmul.set_quant_scalar %mm, %q : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, ui64
// CHECK-NEXT:    ascendc.matmul.set_quant_vector %mm, %qv : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xui64>
// CHECK-NEXT:    ascendc.matmul.set_sparse_index %mm, %idx : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xui8>
// CHECK-NEXT:    ascendc.matmul.set_workspace %mm, %ws : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    ascendc.matmul.set_workspace %mm, %wp, %n : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, memref<?xui8, 22 : i64>, i32
// CHECK-NEXT:    ascendc.matmul.set_user_def_info %mm, %user : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, memref<?xf16, 22 : i64>
// CHECK-NEXT:    ascendc.matmul.set_self_define_data %mm, %user : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, memref<?xf16, 22 : i64>
// CHECK-NEXT:    ascendc.matmul.end %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
// CHECK-NEXT:    func.return
func.func @setup(%tiling: !ascendc.cube_tiling, %a: !ascendc.global_tensor<*xf16>, %b: !ascendc.local_tensor<*xf16>, %bias: !ascendc.global_tensor<*xf32>, %n: i32, %h: f16, %q: ui64, %qv: !ascendc.global_tensor<*xui64>, %idx: !ascendc.global_tensor<*xui8>, %ws: !ascendc.global_tensor<*xf32>, %wp: memref<?xui8, 22>, %user: memref<?xf16, 22>) {
  %false = arith.constant false
  %true = arith.constant true
  %pipe = ascendc.pipe
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
  ascendc.matmul.init %mm, %tiling, %pipe : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.cube_tiling, !ascendc.pipe
  ascendc.matmul.init %mm, %tiling : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.cube_tiling
  ascendc.matmul.set_tensor_a %mm, %a, %false : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf16>, i1
  ascendc.matmul.set_tensor_b %mm, %b, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.local_tensor<*xf16>, i1
  ascendc.matmul.set_tensor_a_scalar %mm, %h : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, f16
  ascendc.matmul.set_tensor_b_scalar %mm, %h : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, f16
  ascendc.matmul.set_bias %mm, %bias : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>
  ascendc.matmul.disable_bias %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  ascendc.matmul.set_org_shape %mm, %n, %n, %n {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32, i32
  ascendc.matmul.set_org_shape %mm, %n, %n, %n, %n, %n {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32, i32, i32, i32
  ascendc.matmul.set_single_shape %mm, %n, %n, %n : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32, i32
  ascendc.matmul.set_tail %mm, %n, %n, %n : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32, i32
  ascendc.matmul.set_hf32 %mm, %true, %n : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i1, i32
  ascendc.matmul.set_quant_scalar %mm, %q : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, ui64
  ascendc.matmul.set_quant_vector %mm, %qv : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xui64>
  ascendc.matmul.set_sparse_index %mm, %idx : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xui8>
  ascendc.matmul.set_workspace %mm, %ws : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>
  ascendc.matmul.set_workspace %mm, %wp, %n : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, memref<?xui8, 22>, i32
  ascendc.matmul.set_user_def_info %mm, %user : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, memref<?xf16, 22>
  ascendc.matmul.set_self_define_data %mm, %user : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, memref<?xf16, 22>
  ascendc.matmul.end %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  return
}

// Computing: block by block (Iterate, GetTensorC), all at once (IterateAll), batched.
// CHECK-LABEL: func.func @compute(%c: !ascendc.global_tensor<*xf32>, %lc: !ascendc.local_tensor<*xf32>, %n: i32, %u: ui32, %atomic: i8)
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
// CHECK-NEXT:    %more = ascendc.matmul.iterate %mm, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i1, i1, i1
// CHECK-NEXT:    %more2 = ascendc.matmul.iterate %mm, %true, %false, %lc : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i1, i1, !ascendc.local_tensor<*xf32>, i1
// CHECK-NEXT:    ascendc.matmul.get_tensor_c %mm, %c, %atomic, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, i8, i1, i1
// CHECK-NEXT:    ascendc.matmul.get_tensor_c %mm, %c, %lc, %atomic, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i8, i1, i1
// CHECK-NEXT:    %block = ascendc.matmul.get_tensor_c_return %mm, %atomic, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i8, i1, i1, !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    %offset = ascendc.matmul.get_offset_c %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
// CHECK-NEXT:    ascendc.matmul.iterate_all %mm, %c, %false {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, i1
// CHECK-NEXT:    ascendc.matmul.iterate_all %mm, %c, %atomic, %false, %true, %false, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, i8, i1, i1, i1, i1
// CHECK-NEXT:    ascendc.matmul.iterate_all %mm, %lc, %atomic, %true {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.local_tensor<*xf32>, i8, i1
// CHECK-NEXT:    ascendc.matmul.wait_iterate_all %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
// CHECK-NEXT:    ascendc.matmul.iterate_batch %mm, %c, %u, %u, %false, %u, %u, %u, %true {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 0>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, ui32, ui32, i1, ui32, ui32, ui32, i1
// CHECK-NEXT:    ascendc.matmul.iterate_batch %mm, %c, %u, %u, %false, %u, %u, %u, %false, %atomic, %false, %true {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, ui32, ui32, i1, ui32, ui32, ui32, i1, i8, i1, i1
// CHECK-NEXT:    ascendc.matmul.wait_iterate_batch %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
// CHECK-NEXT:    %batch = ascendc.matmul.get_batch_tensor_c %mm, %u, %u, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, ui32, ui32, i1, i1, !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    ascendc.matmul.get_batch_tensor_c_local_mem %mm, %lc, %u, %u, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.local_tensor<*xf32>, ui32, ui32, i1, i1
// CHECK-NEXT:    ascendc.matmul.async_get_tensor_c %mm, %lc : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    ascendc.matmul.wait_get_tensor_c %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
// CHECK-NEXT:    func.return
func.func @compute(%c: !ascendc.global_tensor<*xf32>, %lc: !ascendc.local_tensor<*xf32>, %n: i32, %u: ui32, %atomic: i8) {
  %false = arith.constant false
  %true = arith.constant true
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
  %more = ascendc.matmul.iterate %mm, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i1, i1, i1
  %more2 = ascendc.matmul.iterate %mm, %true, %false, %lc : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i1, i1, !ascendc.local_tensor<*xf32>, i1
  ascendc.matmul.get_tensor_c %mm, %c, %atomic, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, i8, i1, i1
  ascendc.matmul.get_tensor_c %mm, %c, %lc, %atomic, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i8, i1, i1
  %block = ascendc.matmul.get_tensor_c_return %mm, %atomic, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i8, i1, i1, !ascendc.global_tensor<*xf32>
  %offset = ascendc.matmul.get_offset_c %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  ascendc.matmul.iterate_all %mm, %c, %false {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, i1
  ascendc.matmul.iterate_all %mm, %c, %atomic, %false, %true, %false, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, i8, i1, i1, i1, i1
  ascendc.matmul.iterate_all %mm, %lc, %atomic, %true {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.local_tensor<*xf32>, i8, i1
  ascendc.matmul.wait_iterate_all %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  ascendc.matmul.iterate_batch %mm, %c, %u, %u, %false, %u, %u, %u, %true {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 0>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, ui32, ui32, i1, ui32, ui32, ui32, i1
  ascendc.matmul.iterate_batch %mm, %c, %u, %u, %false, %u, %u, %u, %false, %atomic, %false, %true {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, ui32, ui32, i1, ui32, ui32, ui32, i1, i8, i1, i1
  ascendc.matmul.wait_iterate_batch %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  %batch = ascendc.matmul.get_batch_tensor_c %mm, %u, %u, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, ui32, ui32, i1, i1, !ascendc.global_tensor<*xf32>
  ascendc.matmul.get_batch_tensor_c_local_mem %mm, %lc, %u, %u, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.local_tensor<*xf32>, ui32, ui32, i1, i1
  ascendc.matmul.async_get_tensor_c %mm, %lc : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.local_tensor<*xf32>
  ascendc.matmul.wait_get_tensor_c %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  return
}

// The cube side of a mixed kernel: a KFC server runs the vector cores' requests.
// CHECK-LABEL: func.func @server(%ws: memref<?xui8, 22 : i64>, %tiling: !ascendc.cube_tiling)
// CHECK-NEXT:    %pipe = ascendc.pipe
// CHECK-NEXT:    %server = ascendc.construct !ascendc.kfc_server()
// CHECK-NEXT:    %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
// CHECK-NEXT:    ascendc.regist_matmul_obj %pipe, %ws, %mm, %tiling : !ascendc.pipe, memref<?xui8, 22 : i64>, !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.cube_tiling
// CHECK-NEXT:    ascendc.kfc_server.init %server, %ws : !ascendc.kfc_server, memref<?xui8, 22 : i64>
// CHECK-NEXT:    ascendc.kfc_server.init_obj %server, %pipe, %mm : !ascendc.kfc_server, !ascendc.pipe, !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
// CHECK-NEXT:    %running = ascendc.kfc_server.is_run %server : i1
// CHECK-NEXT:    ascendc.kfc_server.run %server, %mm : !ascendc.kfc_server, !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
// CHECK-NEXT:    ascendc.kfc_server.quit %server : !ascendc.kfc_server
// CHECK-NEXT:    func.return
func.func @server(%ws: memref<?xui8, 22>, %tiling: !ascendc.cube_tiling) {
  %pipe = ascendc.pipe
  %server = ascendc.construct !ascendc.kfc_server()
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
  ascendc.regist_matmul_obj %pipe, %ws, %mm, %tiling : !ascendc.pipe, memref<?xui8, 22>, !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.cube_tiling
  ascendc.kfc_server.init %server, %ws : !ascendc.kfc_server, memref<?xui8, 22>
  ascendc.kfc_server.init_obj %server, %pipe, %mm : !ascendc.kfc_server, !ascendc.pipe, !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  %running = ascendc.kfc_server.is_run %server : i1
  ascendc.kfc_server.run %server, %mm : !ascendc.kfc_server, !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  ascendc.kfc_server.quit %server : !ascendc.kfc_server
  return
}

// Compile-time tiling of a matmul of the given types.
// CHECK-LABEL: func.func @api_tiling(%cfg: !ascendc.matmul_config, %l1: i32)
// CHECK-NEXT:    %t = ascendc.get_matmul_api_tiling %cfg, %l1 {matmulType = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>} : !ascendc.matmul_config, i32
// CHECK-NEXT:    func.return
func.func @api_tiling(%cfg: !ascendc.matmul_config, %l1: i32) {
  %t = ascendc.get_matmul_api_tiling %cfg, %l1 {matmulType = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>} : !ascendc.matmul_config, i32
  return
}

// IterateNBatch: A and B in a batch layout (BSNGD).
// CHECK-LABEL: func.func @n_batch(%u: ui32)
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 2 : i32, gm, 0 : i32, f16, false, 2 : i32, gm, 0 : i32, f32, false, 2 : i32, gm, 0 : i32, f32, <is_n_batch = true>>()
// CHECK-NEXT:    ascendc.matmul.iterate_n_batch %mm, %u, %u, %u, %false, %u, %u, %u, %true, %false : !ascendc.matmul<gm, 0 : i32, f16, false, 2 : i32, gm, 0 : i32, f16, false, 2 : i32, gm, 0 : i32, f32, false, 2 : i32, gm, 0 : i32, f32, <is_n_batch = true>>, ui32, ui32, ui32, i1, ui32, ui32, ui32, i1, i1
// CHECK-NEXT:    func.return
func.func @n_batch(%u: ui32) {
  %false = arith.constant false
  %true = arith.constant true
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 2 : i32, gm, 0 : i32, f16, false, 2 : i32, gm, 0 : i32, f32, false, 2 : i32, gm, 0 : i32, f32, <is_n_batch = true>>()
  ascendc.matmul.iterate_n_batch %mm, %u, %u, %u, %false, %u, %u, %u, %true, %false : !ascendc.matmul<gm, 0 : i32, f16, false, 2 : i32, gm, 0 : i32, f16, false, 2 : i32, gm, 0 : i32, f32, false, 2 : i32, gm, 0 : i32, f32, <is_n_batch = true>>, ui32, ui32, ui32, i1, ui32, ui32, ui32, i1, i1
  return
}

// pyasc's Iterate syntax with an empty slot for the absent local tensor reads too.
// CHECK-LABEL: func.func @iterate_empty_slot(%b: i1)
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
// CHECK-NEXT:    %more = ascendc.matmul.iterate %mm, %b, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i1, i1, i1
// CHECK-NEXT:    func.return
func.func @iterate_empty_slot(%b: i1) {
  %true = arith.constant true
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
  %more = ascendc.matmul.iterate %mm, %b, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i1, i1, , i1
  return
}

// A config written in full (as #ascendc.matmul_config) and a type with every format,
// layout and position pyasc spells as numbers.
// CHECK-LABEL: func.func @types(%x: !ascendc.matmul<a1, 1 : i32, f16, true, 4 : i32, b1, 1 : i32, f16, false, 4 : i32, co1, 5 : i32, f32, false, 3 : i32, veccalc, 7 : i32, f32, <do_norm = false, batch_mode = 3 : i32, iterate_order = 1 : i32, schedule_type = 1 : i32, shared_co1_buffer_size = 1024 : i32, batch_out_mode = 2 : i32>>)
// CHECK-NEXT:    ascendc.matmul.end %x : !ascendc.matmul<a1, 1 : i32, f16, true, 4 : i32, b1, 1 : i32, f16, false, 4 : i32, co1, 5 : i32, f32, false, 3 : i32, veccalc, 7 : i32, f32, <do_norm = false, batch_mode = 3 : i32, iterate_order = 1 : i32, schedule_type = 1 : i32, shared_co1_buffer_size = 1024 : i32, batch_out_mode = 2 : i32>>
// CHECK-NEXT:    func.return
func.func @types(%x: !ascendc.matmul<a1, 1 : i32, f16, true, 4 : i32, b1, nz, f16, false, bngs1s2, co1, 5 : i32, f32, false, 3 : i32, veccalc, 7 : i32, f32, #ascendc.matmul_config<batch_mode = 3 : i32, iterate_order = 1 : i32, schedule_type = 1, batch_out_mode = 2 : i32, shared_co1_buffer_size = 1024 : i32, do_norm = false>>) {
  ascendc.matmul.end %x : !ascendc.matmul<a1, 1 : i32, f16, true, 4 : i32, b1, nz, f16, false, bngs1s2, co1, 5 : i32, f32, false, 3 : i32, veccalc, 7 : i32, f32, #ascendc.matmul_config<batch_mode = 3 : i32, iterate_order = 1 : i32, schedule_type = 1, batch_out_mode = 2 : i32, shared_co1_buffer_size = 1024 : i32, do_norm = false>>
  return
}
