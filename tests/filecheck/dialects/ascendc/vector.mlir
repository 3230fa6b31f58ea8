// Round trip of the vector compute ops (count form), custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @binary(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %s: !ascendc.local_tensor<*xi16>, %u: !ascendc.local_tensor<*xui16>, %w: !ascendc.local_tensor<*xi32>, %n: i32)
// CHECK-NEXT:    ascendc.add_l2 %f, %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
// CHECK-NEXT:    ascendc.sub_l2 %w, %w, %w, %n : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
// CHECK-NEXT:    ascendc.mul_l2 %s, %s, %s, %n : !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32
// CHECK-NEXT:    ascendc.div_l2 %h, %h, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT:    ascendc.max_l2 %f, %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
// CHECK-NEXT:    ascendc.min_l2 %h, %h, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT:    ascendc.and_l2 %u, %u, %u, %n : !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, i32
// CHECK-NEXT:    ascendc.or_l2 %s, %s, %s, %n : !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "binary"
// GENERIC:       "ascendc.add_l2"(%f, %f, %f, %n) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32) -> ()
// GENERIC-NEXT:  "ascendc.sub_l2"(%w, %w, %w, %n) : (!ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32) -> ()
// GENERIC-NEXT:  "ascendc.mul_l2"(%s, %s, %s, %n) : (!ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32) -> ()
// GENERIC-NEXT:  "ascendc.div_l2"(%h, %h, %h, %n) : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32) -> ()
// GENERIC-NEXT:  "ascendc.max_l2"(%f, %f, %f, %n) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32) -> ()
// GENERIC-NEXT:  "ascendc.min_l2"(%h, %h, %h, %n) : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32) -> ()
// GENERIC-NEXT:  "ascendc.and_l2"(%u, %u, %u, %n) : (!ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, i32) -> ()
// GENERIC-NEXT:  "ascendc.or_l2"(%s, %s, %s, %n) : (!ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32) -> ()
func.func @binary(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %s: !ascendc.local_tensor<*xi16>, %u: !ascendc.local_tensor<*xui16>, %w: !ascendc.local_tensor<*xi32>, %n: i32) {
  ascendc.add_l2 %f, %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.sub_l2 %w, %w, %w, %n : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  ascendc.mul_l2 %s, %s, %s, %n : !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32
  ascendc.div_l2 %h, %h, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.max_l2 %f, %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.min_l2 %h, %h, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.and_l2 %u, %u, %u, %n : !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, i32
  ascendc.or_l2 %s, %s, %s, %n : !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32
  return
}

// CHECK-LABEL: func.func @unary(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %w: !ascendc.local_tensor<*xi32>, %u: !ascendc.local_tensor<*xui16>, %n: i32, %k: index)
// CHECK-NEXT:    ascendc.abs_l2 %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
// CHECK-NEXT:    ascendc.exp_l2 %h, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT:    ascendc.ln_l2 %f, %f, %k : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, index
// CHECK-NEXT:    ascendc.sqrt_l2 %h, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT:    ascendc.rsqrt_l2 %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
// CHECK-NEXT:    ascendc.reciprocal_l2 %h, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT:    ascendc.relu_l2 %w, %w, %n : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
// CHECK-NEXT:    ascendc.not_l2 %u, %u, %n : !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, i32
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "unary"
// GENERIC:       "ascendc.abs_l2"(%f, %f, %n) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32) -> ()
// GENERIC-NEXT:  "ascendc.exp_l2"(%h, %h, %n) : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32) -> ()
// GENERIC-NEXT:  "ascendc.ln_l2"(%f, %f, %k) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, index) -> ()
// GENERIC-NEXT:  "ascendc.sqrt_l2"(%h, %h, %n) : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32) -> ()
// GENERIC-NEXT:  "ascendc.rsqrt_l2"(%f, %f, %n) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32) -> ()
// GENERIC-NEXT:  "ascendc.reciprocal_l2"(%h, %h, %n) : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32) -> ()
// GENERIC-NEXT:  "ascendc.relu_l2"(%w, %w, %n) : (!ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32) -> ()
// GENERIC-NEXT:  "ascendc.not_l2"(%u, %u, %n) : (!ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, i32) -> ()
func.func @unary(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %w: !ascendc.local_tensor<*xi32>, %u: !ascendc.local_tensor<*xui16>, %n: i32, %k: index) {
  ascendc.abs_l2 %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.exp_l2 %h, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.ln_l2 %f, %f, %k : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, index
  ascendc.sqrt_l2 %h, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.rsqrt_l2 %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.reciprocal_l2 %h, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.relu_l2 %w, %w, %n : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  ascendc.not_l2 %u, %u, %n : !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, i32
  return
}

// CHECK-LABEL: func.func @scalar(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %s: !ascendc.local_tensor<*xi16>, %w: !ascendc.local_tensor<*xi32>, %sf: f32, %sh: f16, %ss: i16, %sw: i32, %n: i32)
// CHECK-NEXT:    ascendc.adds_l2 %f, %f, %sf, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
// CHECK-NEXT:    ascendc.adds_l2 %h, %h, %sh, %n {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, i32
// CHECK-NEXT:    ascendc.muls_l2 %s, %s, %ss, %n {isSetMask} : !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i16, i32
// CHECK-NEXT:    ascendc.maxs_l2 %w, %w, %sw, %n : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
// CHECK-NEXT:    ascendc.mins_l2 %f, %f, %sf, %n {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "scalar"
// GENERIC:       "ascendc.adds_l2"(%f, %f, %sf, %n) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32) -> ()
// GENERIC-NEXT:  "ascendc.adds_l2"(%h, %h, %sh, %n) <{isSetMask}> : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, i32) -> ()
// GENERIC-NEXT:  "ascendc.muls_l2"(%s, %s, %ss, %n) <{isSetMask}> : (!ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i16, i32) -> ()
// GENERIC-NEXT:  "ascendc.maxs_l2"(%w, %w, %sw, %n) : (!ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32) -> ()
// GENERIC-NEXT:  "ascendc.mins_l2"(%f, %f, %sf, %n) <{isSetMask}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32) -> ()
func.func @scalar(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %s: !ascendc.local_tensor<*xi16>, %w: !ascendc.local_tensor<*xi32>, %sf: f32, %sh: f16, %ss: i16, %sw: i32, %n: i32) {
  ascendc.adds_l2 %f, %f, %sf, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
  ascendc.adds_l2 %h, %h, %sh, %n {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, i32
  ascendc.muls_l2 %s, %s, %ss, %n {isSetMask} : !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i16, i32
  ascendc.maxs_l2 %w, %w, %sw, %n : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  ascendc.mins_l2 %f, %f, %sf, %n {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
  return
}

