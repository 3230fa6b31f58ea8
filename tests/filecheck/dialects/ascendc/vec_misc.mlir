// Round trip of the other vector ops (vector mask state, gather, scatter, GatherMask,
// Brcb, Duplicate, Axpy, BilinearInterpolation, Transpose, TransDataTo5HD), custom and
// generic form. (`ascendc.local_tensor.get_phy_addr` stands unregistered for the op that
// gives a tensor's address: TransDataTo5HD's element type is found through it.)
// RUN: asc-opt %s --allow-unregistered-dialect | asc-opt --allow-unregistered-dialect | filecheck %s
// RUN: asc-opt %s --allow-unregistered-dialect --print-op-generic | asc-opt --allow-unregistered-dialect | filecheck %s
// RUN: asc-opt %s --allow-unregistered-dialect --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @mask_state(%len: i32, %high: i64, %low: ui64)
// CHECK-NEXT:    ascendc.set_mask_count
// CHECK-NEXT:    ascendc.set_vector_mask_l0 %len {dtype = f16, mode = 1 : i32} : i32
// CHECK-NEXT:    ascendc.set_mask_norm
// CHECK-NEXT:    ascendc.set_vector_mask_l1 %high, %low {dtype = f32, mode = 0 : i32} : i64, ui64
// CHECK-NEXT:    ascendc.reset_mask
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "mask_state"
// GENERIC:       "ascendc.set_mask_count"() : () -> ()
// GENERIC-NEXT:  "ascendc.set_vector_mask_l0"(%len) <{dtype = f16, mode = 1 : i32}> : (i32) -> ()
// GENERIC-NEXT:  "ascendc.set_mask_norm"() : () -> ()
// GENERIC-NEXT:  "ascendc.set_vector_mask_l1"(%high, %low) <{dtype = f32, mode = 0 : i32}> : (i64, ui64) -> ()
// GENERIC-NEXT:  "ascendc.reset_mask"() : () -> ()
func.func @mask_state(%len: i32, %high: i64, %low: ui64) {
  ascendc.set_mask_count
  ascendc.set_vector_mask_l0 %len {dtype = f16, mode = 1 : i32} : i32
  ascendc.set_mask_norm
  ascendc.set_vector_mask_l1 %high, %low {dtype = f32, mode = 0 : i32} : i64, ui64
  ascendc.reset_mask
  return
}

// CHECK-LABEL: func.func @gather_scatter(%f: !ascendc.local_tensor<*xf32>, %u16: !ascendc.local_tensor<*xui16>, %off: !ascendc.local_tensor<*xui32>, %base: ui32, %mask: i32, %m0: ui64, %m1: ui64, %rep: i32, %stride: i32, %n: i32, %gp: !ascendc.gather_repeat_params)
// CHECK-NEXT:    ascendc.gather_l0 %f, %f, %off, %base, %mask, %rep, %stride : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32, i32, i32
// CHECK-NEXT:    ascendc.gather_l1 %f, %f, %off, %base, %m0, %m1, %rep, %stride : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui64, i32, i32
// CHECK-NEXT:    ascendc.gather_l2 %f, %f, %off, %base, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32
// CHECK-NEXT:    ascendc.gatherb_l0 %u16, %u16, %off, %rep, %gp : !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui32>, i32, !ascendc.gather_repeat_params
// CHECK-NEXT:    ascendc.scatter_l0 %f, %f, %off, %base, %mask, %rep, %stride : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32, i32, i32
// CHECK-NEXT:    ascendc.scatter_l1 %f, %f, %off, %base, %m0, %m1, %rep, %stride : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui64, i32, i32
// CHECK-NEXT:    ascendc.scatter_l2 %f, %f, %off, %base, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "gather_scatter"
// GENERIC:       "ascendc.gather_l0"(%f, %f, %off, %base, %mask, %rep, %stride) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32, i32, i32) -> ()
// GENERIC-NEXT:  "ascendc.gather_l1"(%f, %f, %off, %base, %m0, %m1, %rep, %stride) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui64, i32, i32) -> ()
// GENERIC-NEXT:  "ascendc.gather_l2"(%f, %f, %off, %base, %n) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32) -> ()
// GENERIC-NEXT:  "ascendc.gatherb_l0"(%u16, %u16, %off, %rep, %gp) : (!ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui32>, i32, !ascendc.gather_repeat_params) -> ()
// GENERIC-NEXT:  "ascendc.scatter_l0"(%f, %f, %off, %base, %mask, %rep, %stride) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32, i32, i32) -> ()
// GENERIC-NEXT:  "ascendc.scatter_l1"(%f, %f, %off, %base, %m0, %m1, %rep, %stride) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui64, i32, i32) -> ()
// GENERIC-NEXT:  "ascendc.scatter_l2"(%f, %f, %off, %base, %n) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32) -> ()
func.func @gather_scatter(%f: !ascendc.local_tensor<*xf32>, %u16: !ascendc.local_tensor<*xui16>, %off: !ascendc.local_tensor<*xui32>, %base: ui32, %mask: i32, %m0: ui64, %m1: ui64, %rep: i32, %stride: i32, %n: i32, %gp: !ascendc.gather_repeat_params) {
  ascendc.gather_l0 %f, %f, %off, %base, %mask, %rep, %stride : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32, i32, i32
  ascendc.gather_l1 %f, %f, %off, %base, %m0, %m1, %rep, %stride : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui64, i32, i32
  ascendc.gather_l2 %f, %f, %off, %base, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32
  ascendc.gatherb_l0 %u16, %u16, %off, %rep, %gp : !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui32>, i32, !ascendc.gather_repeat_params
  ascendc.scatter_l0 %f, %f, %off, %base, %mask, %rep, %stride : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32, i32, i32
  ascendc.scatter_l1 %f, %f, %off, %base, %m0, %m1, %rep, %stride : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui64, i32, i32
  ascendc.scatter_l2 %f, %f, %off, %base, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32
  return
}

// CHECK-LABEL: func.func @gather_mask(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %p32: !ascendc.local_tensor<*xui32>, %p16: !ascendc.local_tensor<*xui16>, %reduce: i1, %mask: ui32, %params: !ascendc.gather_mask_params)
// CHECK-NEXT:    %n0 = ascendc.gather_mask %f, %f, %p32, %reduce, %mask, %params, default : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, i1, ui32, !ascendc.gather_mask_params -> ui64
// CHECK-NEXT:    %n1 = ascendc.gather_mask %h, %h, %p16, %reduce, %mask, %params, default : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui16>, i1, ui32, !ascendc.gather_mask_params -> ui64
// CHECK-NEXT:    %c3 = arith.constant 3 : i8
// CHECK-NEXT:    %n2 = ascendc.gather_mask %f, %f, %c3, %reduce, %mask, %params, default : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i8, i1, ui32, !ascendc.gather_mask_params -> ui64
// CHECK-NEXT:    %left = ascendc.get_gather_mask_remain_count : i64
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "gather_mask"
// GENERIC:       %n0 = "ascendc.gather_mask"(%f, %f, %p32, %reduce, %mask, %params) <{gatherMaskMode = 0 : i32}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, i1, ui32, !ascendc.gather_mask_params) -> ui64
// GENERIC-NEXT:  %n1 = "ascendc.gather_mask"(%h, %h, %p16, %reduce, %mask, %params) <{gatherMaskMode = 0 : i32}> : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui16>, i1, ui32, !ascendc.gather_mask_params) -> ui64
// GENERIC-NEXT:  %c3 = "arith.constant"() <{value = 3 : i8}> : () -> i8
// GENERIC-NEXT:  %n2 = "ascendc.gather_mask"(%f, %f, %c3, %reduce, %mask, %params) <{gatherMaskMode = 0 : i32}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i8, i1, ui32, !ascendc.gather_mask_params) -> ui64
// GENERIC-NEXT:  %left = "ascendc.get_gather_mask_remain_count"() : () -> i64
func.func @gather_mask(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %p32: !ascendc.local_tensor<*xui32>, %p16: !ascendc.local_tensor<*xui16>, %reduce: i1, %mask: ui32, %params: !ascendc.gather_mask_params) {
  %n0 = ascendc.gather_mask %f, %f, %p32, %reduce, %mask, %params, default : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, i1, ui32, !ascendc.gather_mask_params -> ui64
  %n1 = ascendc.gather_mask %h, %h, %p16, %reduce, %mask, %params, default : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui16>, i1, ui32, !ascendc.gather_mask_params -> ui64
  %c3 = arith.constant 3 : i8
  %n2 = ascendc.gather_mask %f, %f, %c3, %reduce, %mask, %params, default : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i8, i1, ui32, !ascendc.gather_mask_params -> ui64
  %left = ascendc.get_gather_mask_remain_count : i64
  return
}

// CHECK-LABEL: func.func @fill(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %b: !ascendc.local_tensor<*xbf16>, %sf: f32, %sh: f16, %sb: bf16, %si: i32, %mask: i32, %m0: ui64, %m1: ui64, %rep: i32, %bs: i32, %rs: i32, %n: i32, %bp: !ascendc.brcb_repeat_params)
// CHECK-NEXT:    ascendc.brcb_l0 %f, %f, %rep, %bp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, !ascendc.brcb_repeat_params
// CHECK-NEXT:    ascendc.duplicate_l0 %f, %sf, %mask, %rep, %bs, %rs {isSetMask} : !ascendc.local_tensor<*xf32>, f32, i32, i32, i32, i32
// CHECK-NEXT:    ascendc.duplicate_l1 %f, %si, %m0, %m1, %rep, %bs, %rs : !ascendc.local_tensor<*xf32>, i32, ui64, ui64, i32, i32, i32
// CHECK-NEXT:    ascendc.duplicate_l2 %f, %sf, %n : !ascendc.local_tensor<*xf32>, f32, i32
// CHECK-NEXT:    ascendc.duplicate_l2 %h, %sf, %n : !ascendc.local_tensor<*xf16>, f32, i32
// CHECK-NEXT:    ascendc.duplicate_l2 %h, %sh, %n : !ascendc.local_tensor<*xf16>, f16, i32
// CHECK-NEXT:    ascendc.duplicate_l2 %b, %sb, %n : !ascendc.local_tensor<*xbf16>, bf16, i32
// CHECK-NEXT:    ascendc.duplicate_l2 %b, %sf, %n : !ascendc.local_tensor<*xbf16>, f32, i32
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "fill"
// GENERIC:       "ascendc.brcb_l0"(%f, %f, %rep, %bp) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, !ascendc.brcb_repeat_params) -> ()
// GENERIC-NEXT:  "ascendc.duplicate_l0"(%f, %sf, %mask, %rep, %bs, %rs) <{isSetMask}> : (!ascendc.local_tensor<*xf32>, f32, i32, i32, i32, i32) -> ()
// GENERIC-NEXT:  "ascendc.duplicate_l1"(%f, %si, %m0, %m1, %rep, %bs, %rs) : (!ascendc.local_tensor<*xf32>, i32, ui64, ui64, i32, i32, i32) -> ()
// GENERIC-NEXT:  "ascendc.duplicate_l2"(%f, %sf, %n) : (!ascendc.local_tensor<*xf32>, f32, i32) -> ()
// GENERIC-NEXT:  "ascendc.duplicate_l2"(%h, %sf, %n) : (!ascendc.local_tensor<*xf16>, f32, i32) -> ()
// GENERIC-NEXT:  "ascendc.duplicate_l2"(%h, %sh, %n) : (!ascendc.local_tensor<*xf16>, f16, i32) -> ()
// GENERIC-NEXT:  "ascendc.duplicate_l2"(%b, %sb, %n) : (!ascendc.local_tensor<*xbf16>, bf16, i32) -> ()
// GENERIC-NEXT:  "ascendc.duplicate_l2"(%b, %sf, %n) : (!ascendc.local_tensor<*xbf16>, f32, i32) -> ()
func.func @fill(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %b: !ascendc.local_tensor<*xbf16>, %sf: f32, %sh: f16, %sb: bf16, %si: i32, %mask: i32, %m0: ui64, %m1: ui64, %rep: i32, %bs: i32, %rs: i32, %n: i32, %bp: !ascendc.brcb_repeat_params) {
  ascendc.brcb_l0 %f, %f, %rep, %bp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, !ascendc.brcb_repeat_params
  ascendc.duplicate_l0 %f, %sf, %mask, %rep, %bs, %rs {isSetMask} : !ascendc.local_tensor<*xf32>, f32, i32, i32, i32, i32
  ascendc.duplicate_l1 %f, %si, %m0, %m1, %rep, %bs, %rs : !ascendc.local_tensor<*xf32>, i32, ui64, ui64, i32, i32, i32
  ascendc.duplicate_l2 %f, %sf, %n : !ascendc.local_tensor<*xf32>, f32, i32
  ascendc.duplicate_l2 %h, %sf, %n : !ascendc.local_tensor<*xf16>, f32, i32
  ascendc.duplicate_l2 %h, %sh, %n : !ascendc.local_tensor<*xf16>, f16, i32
  ascendc.duplicate_l2 %b, %sb, %n : !ascendc.local_tensor<*xbf16>, bf16, i32
  ascendc.duplicate_l2 %b, %sf, %n : !ascendc.local_tensor<*xbf16>, f32, i32
  return
}

// CHECK-LABEL: func.func @axpy(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %sh: f16, %si: i32, %mask: i32, %m0: ui64, %m1: ui64, %rep: i32, %n: i32, %up: !ascendc.unary_repeat_params)
// CHECK-NEXT:    ascendc.axpy_l0 %f, %h, %sh, %mask, %rep, %up {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, f16, i32, i32, !ascendc.unary_repeat_params
// CHECK-NEXT:    ascendc.axpy_l1 %h, %h, %sh, %m0, %m1, %rep, %up : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, ui64, ui64, i32, !ascendc.unary_repeat_params
// CHECK-NEXT:    ascendc.axpy_l2 %f, %f, %si, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "axpy"
// GENERIC:       "ascendc.axpy_l0"(%f, %h, %sh, %mask, %rep, %up) <{isSetMask}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, f16, i32, i32, !ascendc.unary_repeat_params) -> ()
// GENERIC-NEXT:  "ascendc.axpy_l1"(%h, %h, %sh, %m0, %m1, %rep, %up) : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, ui64, ui64, i32, !ascendc.unary_repeat_params) -> ()
// GENERIC-NEXT:  "ascendc.axpy_l2"(%f, %f, %si, %n) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32) -> ()
func.func @axpy(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %sh: f16, %si: i32, %mask: i32, %m0: ui64, %m1: ui64, %rep: i32, %n: i32, %up: !ascendc.unary_repeat_params) {
  ascendc.axpy_l0 %f, %h, %sh, %mask, %rep, %up {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, f16, i32, i32, !ascendc.unary_repeat_params
  ascendc.axpy_l1 %h, %h, %sh, %m0, %m1, %rep, %up : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.axpy_l2 %f, %f, %si, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32
  return
}

// CHECK-LABEL: func.func @bilinear(%h: !ascendc.local_tensor<*xf16>, %off: !ascendc.local_tensor<*xui32>, %tmp: !ascendc.local_tensor<*xui8>, %mask: i64, %m0: ui64, %m1: ui64, %hrep: i8, %mode: i1, %bs: i16, %vro: i16, %vrep: i8)
// CHECK-NEXT:    ascendc.bilinearInterpolation_l0 %h, %h, %off, %h, %mask, %hrep, %mode, %bs, %vro, %vrep, %tmp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, i64, i8, i1, i16, i16, i8, !ascendc.local_tensor<*xui8>
// CHECK-NEXT:    ascendc.bilinearInterpolation_l1 %h, %h, %off, %h, %m0, %m1, %hrep, %mode, %bs, %vro, %vrep, %tmp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, ui64, ui64, i8, i1, i16, i16, i8, !ascendc.local_tensor<*xui8>
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "bilinear"
// GENERIC:       "ascendc.bilinearInterpolation_l0"(%h, %h, %off, %h, %mask, %hrep, %mode, %bs, %vro, %vrep, %tmp) : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, i64, i8, i1, i16, i16, i8, !ascendc.local_tensor<*xui8>) -> ()
// GENERIC-NEXT:  "ascendc.bilinearInterpolation_l1"(%h, %h, %off, %h, %m0, %m1, %hrep, %mode, %bs, %vro, %vrep, %tmp) : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, ui64, ui64, i8, i1, i16, i16, i8, !ascendc.local_tensor<*xui8>) -> ()
func.func @bilinear(%h: !ascendc.local_tensor<*xf16>, %off: !ascendc.local_tensor<*xui32>, %tmp: !ascendc.local_tensor<*xui8>, %mask: i64, %m0: ui64, %m1: ui64, %hrep: i8, %mode: i1, %bs: i16, %vro: i16, %vrep: i8) {
  ascendc.bilinearInterpolation_l0 %h, %h, %off, %h, %mask, %hrep, %mode, %bs, %vro, %vrep, %tmp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, i64, i8, i1, i16, i16, i8, !ascendc.local_tensor<*xui8>
  ascendc.bilinearInterpolation_l1 %h, %h, %off, %h, %m0, %m1, %hrep, %mode, %bs, %vro, %vrep, %tmp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, ui64, ui64, i8, i1, i16, i16, i8, !ascendc.local_tensor<*xui8>
  return
}

// CHECK-LABEL: func.func @transpose(%h: !ascendc.local_tensor<*xf16>, %tmp: !ascendc.local_tensor<*xui8>, %tp: !ascendc.transpose_params_ext, %dst: !ascendc.local_tensor<*xui64>, %src: !ascendc.local_tensor<*xui64>, %a: ui64, %p: !ascendc.trans_data_to_5hd_params)
// CHECK-NEXT:    ascendc.transpose %h, %h : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>
// CHECK-NEXT:    ascendc.transpose_ext %h, %h, %tmp, %tp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui8>, !ascendc.transpose_params_ext
// CHECK-NEXT:    ascendc.trans_data_to_5hd %dst, %src, %p {dtype = f16} : !ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xui64>, !ascendc.trans_data_to_5hd_params
// CHECK-NEXT:    ascendc.trans_data_to_5hd_tensor_list %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %p {operandSegmentSizes = array<i32: 16, 16, 1>} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.trans_data_to_5hd_params
// CHECK-NEXT:    ascendc.trans_data_to_5hd_uint_list %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %p {dtype = i8, operandSegmentSizes = array<i32: 16, 16, 1>} : ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, !ascendc.trans_data_to_5hd_params
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "transpose"
// GENERIC:       "ascendc.transpose"(%h, %h) : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>) -> ()
// GENERIC-NEXT:  "ascendc.transpose_ext"(%h, %h, %tmp, %tp) : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui8>, !ascendc.transpose_params_ext) -> ()
// GENERIC-NEXT:  "ascendc.trans_data_to_5hd"(%dst, %src, %p) <{dtype = f16}> : (!ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xui64>, !ascendc.trans_data_to_5hd_params) -> ()
// GENERIC-NEXT:  "ascendc.trans_data_to_5hd_tensor_list"(%h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %p) <{operandSegmentSizes = array<i32: 16, 16, 1>}> : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.trans_data_to_5hd_params) -> ()
// GENERIC-NEXT:  "ascendc.trans_data_to_5hd_uint_list"(%a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %p) <{dtype = i8, operandSegmentSizes = array<i32: 16, 16, 1>}> : (ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, !ascendc.trans_data_to_5hd_params) -> ()
func.func @transpose(%h: !ascendc.local_tensor<*xf16>, %tmp: !ascendc.local_tensor<*xui8>, %tp: !ascendc.transpose_params_ext, %dst: !ascendc.local_tensor<*xui64>, %src: !ascendc.local_tensor<*xui64>, %a: ui64, %p: !ascendc.trans_data_to_5hd_params) {
  ascendc.transpose %h, %h : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>
  ascendc.transpose_ext %h, %h, %tmp, %tp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui8>, !ascendc.transpose_params_ext
  ascendc.trans_data_to_5hd %dst, %src, %p {dtype = f16} : !ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xui64>, !ascendc.trans_data_to_5hd_params
  ascendc.trans_data_to_5hd_tensor_list %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %p {operandSegmentSizes = array<i32: 16, 16, 1>} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.trans_data_to_5hd_params
  ascendc.trans_data_to_5hd_uint_list %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %p {dtype = i8, operandSegmentSizes = array<i32: 16, 16, 1>} : ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, !ascendc.trans_data_to_5hd_params
  return
}

// CHECK-LABEL: func.func @infer(%t: !ascendc.local_tensor<*xf16>, %dst: !ascendc.local_tensor<*xui64>, %src: !ascendc.local_tensor<*xui64>, %i: ui32, %p: !ascendc.trans_data_to_5hd_params)
// CHECK-NEXT:    %a = ascendc.local_tensor.get_phy_addr %t, %i : !ascendc.local_tensor<*xf16>, ui64, ui32
// CHECK-NEXT:    ascendc.local_tensor.set_value %dst, %i, %a : !ascendc.local_tensor<*xui64>, ui32, ui64
// CHECK-NEXT:    ascendc.trans_data_to_5hd %dst, %src, %p : !ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xui64>, !ascendc.trans_data_to_5hd_params
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "infer"
// GENERIC:       %a = "ascendc.local_tensor.get_phy_addr"(%t, %i) : (!ascendc.local_tensor<*xf16>, ui32) -> ui64
// GENERIC-NEXT:  "ascendc.local_tensor.set_value"(%dst, %i, %a) : (!ascendc.local_tensor<*xui64>, ui32, ui64) -> ()
// GENERIC-NEXT:  "ascendc.trans_data_to_5hd"(%dst, %src, %p) : (!ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xui64>, !ascendc.trans_data_to_5hd_params) -> ()
func.func @infer(%t: !ascendc.local_tensor<*xf16>, %dst: !ascendc.local_tensor<*xui64>, %src: !ascendc.local_tensor<*xui64>, %i: ui32, %p: !ascendc.trans_data_to_5hd_params) {
  %a = "ascendc.local_tensor.get_phy_addr"(%t, %i) : (!ascendc.local_tensor<*xf16>, ui32) -> ui64
  ascendc.local_tensor.set_value %dst, %i, %a : !ascendc.local_tensor<*xui64>, ui32, ui64
  ascendc.trans_data_to_5hd %dst, %src, %p : !ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xui64>, !ascendc.trans_data_to_5hd_params
  return
}
